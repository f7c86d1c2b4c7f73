//! The club's supporter card as a PDF (spec: download-fidelity-card and
//! download-fidelity-card-small): the full one, an A4 page to print with the card's details,
//! and the small one, the card itself at its real size (ID-1, 85.6 x 54 mm), both with the
//! holder's photo and a QR code of the card's number.

use super::{BLACK, BLUE, Face, Fonts, GREY, Lang, faces, qr, rect, save, text};
use chrono::NaiveDate;
use printpdf::{
    Mm, Op, PdfDocument, PdfPage, PdfSaveOptions, Pt, RawImage, RawImageData, RawImageFormat, Rgb,
    XObjectTransform,
};

/// What the card shows.
#[derive(Debug, Clone)]
pub struct SupporterCard {
    pub number: String,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub birth_place: String,
    pub fiscal_code: String,
    pub expires_on: Option<NaiveDate>,
    /// The holder's photo: a JPEG (the card's format, made by the server).
    pub photo_jpeg: Vec<u8>,
}

struct Labels {
    card: &'static str,
    programme: &'static str,
    holder: &'static str,
    born: &'static str,
    fiscal_code: &'static str,
    number: &'static str,
    valid_until: &'static str,
    open_ended: &'static str,
    note: &'static str,
}

const IT: Labels = Labels {
    card: "Tessera del tifoso",
    programme: "Blu nel Cuore",
    holder: "Titolare",
    born: "Nato/a il",
    fiscal_code: "Codice fiscale",
    number: "Numero tessera",
    valid_until: "Valida fino al",
    open_ended: "in attesa di emissione",
    note: "Tessera personale e non cedibile: presentala al varco con un documento d'identità.",
};

const EN: Labels = Labels {
    card: "Supporter card",
    programme: "Blu nel Cuore",
    holder: "Holder",
    born: "Born on",
    fiscal_code: "Fiscal code",
    number: "Card number",
    valid_until: "Valid until",
    open_ended: "not yet issued",
    note: "Personal, non-transferable card: show it at the gate with an identity document.",
};

const WHITE: Rgb = Rgb {
    r: 1.0,
    g: 1.0,
    b: 1.0,
    icc_profile: None,
};

/// The card's size (ID-1), in millimetres.
const CARD_W: f32 = 85.6;
const CARD_H: f32 = 54.0;

/// The photo decoded for the PDF, when it decodes (a card without one still prints).
fn photo(jpeg: &[u8]) -> Option<RawImage> {
    let decoded = image::load_from_memory_with_format(jpeg, image::ImageFormat::Jpeg).ok()?;
    let rgb = decoded.into_rgb8();
    let (width, height) = rgb.dimensions();
    Some(RawImage {
        pixels: RawImageData::U8(rgb.into_raw()),
        width: width as usize,
        height: height as usize,
        data_format: RawImageFormat::RGB8,
        tag: Vec::new(),
    })
}

/// Places `image` with its bottom-left corner at (x, y), `w` mm wide.
fn place(ops: &mut Vec<Op>, doc: &mut PdfDocument, image: &RawImage, x: f32, y: f32, w: f32) {
    let id = doc.add_image(image);
    let dpi = image.width as f32 / (w / 25.4);
    ops.push(Op::UseXobject {
        id,
        transform: XObjectTransform {
            translate_x: Some(Pt::from(Mm(x))),
            translate_y: Some(Pt::from(Mm(y))),
            dpi: Some(dpi),
            ..Default::default()
        },
    });
}

fn labels(lang: Lang) -> &'static Labels {
    match lang {
        Lang::It => &IT,
        Lang::En => &EN,
    }
}

fn expiry(card: &SupporterCard, l: &Labels) -> String {
    card.expires_on.map_or_else(
        || l.open_ended.to_owned(),
        |d| d.format("%d/%m/%Y").to_string(),
    )
}

/// The card itself, at its real size: one 85.6 x 54 mm page.
pub fn supporter_card_small_pdf(card: &SupporterCard, lang: Lang) -> Vec<u8> {
    let l = labels(lang);
    let mut doc = PdfDocument::new(&format!("{} {}", l.card, card.number));
    let (sans, sans_bold) = faces();
    let fonts = Fonts {
        regular: doc.add_font(sans),
        bold: doc.add_font(sans_bold),
    };
    let mut ops = Vec::new();
    draw_card(&mut ops, &mut doc, &fonts, card, l, 0.0, 0.0);
    let page = PdfPage::new(Mm(CARD_W), Mm(CARD_H), ops);
    save(doc.with_pages(vec![page]), &PdfSaveOptions::default())
}

/// The card drawn with its bottom-left corner at (x, y).
fn draw_card(
    ops: &mut Vec<Op>,
    doc: &mut PdfDocument,
    fonts: &Fonts,
    card: &SupporterCard,
    l: &Labels,
    x: f32,
    y: f32,
) {
    // The club's band across the top, the programme's name in it.
    rect(ops, x, y + CARD_H - 11.0, CARD_W, 11.0, &BLUE);
    text(
        ops,
        fonts,
        x + 4.0,
        y + CARD_H - 6.0,
        Face::Bold,
        9.0,
        &WHITE,
        "Como 1907",
    );
    text(
        ops,
        fonts,
        x + 4.0,
        y + CARD_H - 9.5,
        Face::Regular,
        6.0,
        &WHITE,
        &format!("{} · {}", l.programme, l.card),
    );
    // The photo, 22 x 28.3 mm (the card's 35 x 45 proportions), on the left.
    if let Some(image) = photo(&card.photo_jpeg) {
        place(ops, doc, &image, x + 4.0, y + 10.0, 22.0);
    }
    let tx = x + 30.0;
    let mut ty = y + CARD_H - 17.0;
    text(
        ops,
        fonts,
        tx,
        ty,
        Face::Bold,
        8.5,
        &BLACK,
        &format!("{} {}", card.last_name.to_uppercase(), card.first_name),
    );
    ty -= 5.0;
    for (label, value, face) in [
        (
            l.born,
            card.birth_date.format("%d/%m/%Y").to_string(),
            Face::Regular,
        ),
        (l.fiscal_code, card.fiscal_code.clone(), Face::Mono),
        (l.valid_until, expiry(card, l), Face::Regular),
    ] {
        text(ops, fonts, tx, ty, Face::Regular, 5.0, &GREY, label);
        text(ops, fonts, tx, ty - 3.2, face, 7.0, &BLACK, &value);
        ty -= 8.0;
    }
    // The number along the bottom, its QR code at the bottom right.
    text(
        ops,
        fonts,
        x + 4.0,
        y + 4.5,
        Face::MonoBold,
        9.0,
        &BLACK,
        &card.number,
    );
    qr(ops, &card.number, x + CARD_W - 22.0, y + 22.0, 20.0);
}

/// The full card: an A4 page with the card at its real size, to cut out, and its details.
pub fn supporter_card_pdf(card: &SupporterCard, lang: Lang) -> Vec<u8> {
    let l = labels(lang);
    let mut doc = PdfDocument::new(&format!("{} {}", l.card, card.number));
    let (sans, sans_bold) = faces();
    let fonts = Fonts {
        regular: doc.add_font(sans),
        bold: doc.add_font(sans_bold),
    };
    let mut ops = Vec::new();
    rect(&mut ops, 0.0, 262.0, 210.0, 35.0, &BLUE);
    text(
        &mut ops,
        &fonts,
        15.0,
        282.0,
        Face::Bold,
        22.0,
        &WHITE,
        "Como 1907",
    );
    text(
        &mut ops,
        &fonts,
        15.0,
        270.0,
        Face::Regular,
        12.0,
        &WHITE,
        &format!("{} · {}", l.programme, l.card),
    );
    // The photo at its printed size, 35 x 45 mm, and the details beside it.
    if let Some(image) = photo(&card.photo_jpeg) {
        place(&mut ops, &mut doc, &image, 15.0, 200.0, 35.0);
    }
    let mut y = 240.0;
    for (label, value, face) in [
        (
            l.holder,
            format!("{} {}", card.first_name, card.last_name),
            Face::Bold,
        ),
        (
            l.born,
            format!(
                "{} · {}",
                card.birth_date.format("%d/%m/%Y"),
                card.birth_place
            ),
            Face::Bold,
        ),
        (l.fiscal_code, card.fiscal_code.clone(), Face::MonoBold),
        (l.number, card.number.clone(), Face::MonoBold),
        (l.valid_until, expiry(card, l), Face::Bold),
    ] {
        text(&mut ops, &fonts, 60.0, y, Face::Regular, 10.0, &GREY, label);
        text(&mut ops, &fonts, 100.0, y, face, 12.0, &BLACK, &value);
        y -= 10.0;
    }
    // The card itself, to cut out, with a thin frame to cut along.
    let (cx, cy) = (15.0, 120.0);
    rect(
        &mut ops,
        cx - 0.3,
        cy - 0.3,
        CARD_W + 0.6,
        CARD_H + 0.6,
        &GREY,
    );
    rect(&mut ops, cx, cy, CARD_W, CARD_H, &WHITE);
    draw_card(&mut ops, &mut doc, &fonts, card, l, cx, cy);
    qr(&mut ops, &card.number, 135.0, 175.0, 60.0);
    text(
        &mut ops,
        &fonts,
        15.0,
        20.0,
        Face::Regular,
        8.0,
        &GREY,
        l.note,
    );
    let page = PdfPage::new(Mm(210.0), Mm(297.0), ops);
    save(doc.with_pages(vec![page]), &PdfSaveOptions::default())
}
