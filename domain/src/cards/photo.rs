//! The supporter card's photo (spec: fidelity-card-image-resize): what a fan uploads is checked
//! here and turned into the card's format, a portrait JPEG of [`WIDTH`] x [`HEIGHT`], cropped
//! from the middle, turned upright as the camera said (EXIF orientation).
//!
//! The upload is read by what it is, not by what it says it is: a JPEG or a PNG by its first
//! bytes. The decoder works under limits (its size in pixels and what it may allocate), so an
//! image that claims enormous dimensions is refused before it is decoded.

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, imageops::FilterType};
use std::io::Cursor;

/// The most an upload may weigh.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;
/// The smallest photo that prints sharp on the card (portrait).
pub const MIN_WIDTH: u32 = 300;
pub const MIN_HEIGHT: u32 = 400;
/// The largest a side may be (a 48-megapixel phone camera's is 8,000).
const MAX_SIDE: u32 = 8_192;
/// The most the decoder may allocate: a 48-megapixel photo decodes into 144 MB.
const MAX_ALLOC: u64 = 200 * 1024 * 1024;
/// The card's photo, 35 x 45 mm at 300 dpi: width and height in pixels.
pub const WIDTH: u32 = 413;
pub const HEIGHT: u32 = 531;
/// JPEG quality of the stored photo.
const QUALITY: u8 = 88;

/// Why a photo was refused; its stable code is [`PhotoProblem::code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhotoProblem {
    #[error("no photo was sent")]
    Missing,
    #[error("the photo weighs more than {} MB", MAX_UPLOAD_BYTES / 1024 / 1024)]
    TooLarge,
    #[error("the photo is neither a JPEG nor a PNG image")]
    NotAnImage,
    #[error("the photo is smaller than {MIN_WIDTH} x {MIN_HEIGHT} pixels")]
    TooSmall,
    #[error("the photo's sides are more than {MAX_SIDE} pixels")]
    TooManyPixels,
}

impl PhotoProblem {
    pub fn code(self) -> &'static str {
        match self {
            PhotoProblem::Missing => "photo_missing",
            PhotoProblem::TooLarge => "photo_too_large",
            PhotoProblem::NotAnImage => "photo_not_an_image",
            PhotoProblem::TooSmall => "photo_too_small",
            PhotoProblem::TooManyPixels => "photo_too_many_pixels",
        }
    }
}

/// The format of an upload, by its first bytes: JPEG or PNG, nothing else.
fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else {
        None
    }
}

/// Checks an upload and makes the card's photo of it: a JPEG of [`WIDTH`] x [`HEIGHT`]. CPU
/// work (tens of milliseconds for a phone's photo): call it off the async threads.
pub fn prepare(bytes: &[u8]) -> Result<Vec<u8>, PhotoProblem> {
    if bytes.is_empty() {
        return Err(PhotoProblem::Missing);
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(PhotoProblem::TooLarge);
    }
    let format = sniff(bytes).ok_or(PhotoProblem::NotAnImage)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let orientation = decoder.orientation().ok();
    let mut image = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    if let Some(o) = orientation {
        image.apply_orientation(o);
    }
    if image.width() < MIN_WIDTH || image.height() < MIN_HEIGHT {
        return Err(PhotoProblem::TooSmall);
    }
    // Transparency (a PNG's) becomes white, as the card's background.
    let rgb = flatten_on_white(image);
    let card = DynamicImage::ImageRgb8(rgb).resize_to_fill(WIDTH, HEIGHT, FilterType::Lanczos3);
    let mut out = Vec::with_capacity(64 * 1024);
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY);
    card.write_with_encoder(encoder)
        .map_err(|_| PhotoProblem::NotAnImage)?;
    Ok(out)
}

/// A decoding failure as the fan's problem: the limits, or bytes that are not the image they
/// begin like.
fn refusal(e: image::ImageError) -> PhotoProblem {
    match e {
        image::ImageError::Limits(_) => PhotoProblem::TooManyPixels,
        _ => PhotoProblem::NotAnImage,
    }
}

fn flatten_on_white(image: DynamicImage) -> image::RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let (w, h) = rgba.dimensions();
    image::RgbImage::from_fn(w, h, |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((c as u32 * a as u32 + 255 * (255 - a as u32)) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

/// A photo's size in pixels (width, height), when it is one (the tests read the result).
pub fn dimensions(jpeg: &[u8]) -> Option<(u32, u32)> {
    ImageReader::with_format(Cursor::new(jpeg), sniff(jpeg)?)
        .into_dimensions()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(w: u32, h: u32, format: ImageFormat) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        });
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(img)
            .write_to(&mut out, format)
            .unwrap();
        out.into_inner()
    }

    #[test]
    fn a_landscape_png_becomes_the_cards_portrait_jpeg() {
        let photo = prepare(&encoded(1200, 800, ImageFormat::Png)).unwrap();
        assert_eq!(sniff(&photo), Some(ImageFormat::Jpeg));
        assert_eq!(dimensions(&photo), Some((WIDTH, HEIGHT)));
    }

    #[test]
    fn a_jpeg_at_the_smallest_size_is_taken_one_pixel_less_is_not() {
        assert!(prepare(&encoded(MIN_WIDTH, MIN_HEIGHT, ImageFormat::Jpeg)).is_ok());
        assert_eq!(
            prepare(&encoded(MIN_WIDTH - 1, MIN_HEIGHT, ImageFormat::Jpeg)),
            Err(PhotoProblem::TooSmall)
        );
        assert_eq!(
            prepare(&encoded(MIN_WIDTH, MIN_HEIGHT - 1, ImageFormat::Png)),
            Err(PhotoProblem::TooSmall)
        );
    }

    #[test]
    fn what_is_not_a_jpeg_or_png_is_refused() {
        assert_eq!(prepare(b""), Err(PhotoProblem::Missing));
        assert_eq!(
            prepare(b"%PDF-1.7 not a photo"),
            Err(PhotoProblem::NotAnImage)
        );
        // A GIF is an image, not one the card takes.
        assert_eq!(
            prepare(b"GIF89a\x90\x01\xf4\x01\x80\x00\x00"),
            Err(PhotoProblem::NotAnImage)
        );
        // A JPEG's first bytes and then nothing of one.
        let mut fake = vec![0xFF, 0xD8, 0xFF, 0xE0];
        fake.extend(std::iter::repeat_n(0u8, 4096));
        assert_eq!(prepare(&fake), Err(PhotoProblem::NotAnImage));
    }

    #[test]
    fn an_upload_over_the_limit_is_refused_before_it_is_read() {
        let mut big = encoded(400, 500, ImageFormat::Png);
        big.resize(MAX_UPLOAD_BYTES + 1, 0);
        assert_eq!(prepare(&big), Err(PhotoProblem::TooLarge));
    }

    #[test]
    fn a_jpeg_claiming_enormous_sides_is_refused_without_decoding_it() {
        // A JPEG whose frame header (SOF0: FF C0, length, precision, height, width) says
        // 50,000 x 50,000 pixels, with the pixels of a small one behind it.
        let mut jpeg = encoded(400, 500, ImageFormat::Jpeg);
        let sof = jpeg
            .windows(2)
            .position(|w| w == [0xFF, 0xC0])
            .expect("a baseline JPEG");
        jpeg[sof + 5..sof + 7].copy_from_slice(&50_000u16.to_be_bytes());
        jpeg[sof + 7..sof + 9].copy_from_slice(&50_000u16.to_be_bytes());
        assert_eq!(prepare(&jpeg), Err(PhotoProblem::TooManyPixels));
    }
}
