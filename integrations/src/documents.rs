//! Documents we produce: the PDF ticket (printpdf), one A4 page per title, with a QR code of
//! its barcode drawn as vector squares (sharp at any zoom, a few kilobytes).
//!
//! People's names and the words are set in DejaVu Sans (`integrations/fonts/`, its licence
//! beside it), embedded: the standard Helvetica is WinAnsi only and printed "?ukasz Dvo?ák"
//! for "Łukasz Dvořák" (issue 25); DejaVu covers Latin Extended, Greek and Cyrillic,
//! everything the holder forms accept. The faces are embedded as cut there (about 85 kB
//! each): printpdf subsets a font to the letters used only with its `text_layout` feature,
//! whose layout crates we do not build. The codes (barcode, seal, order)
//! are ASCII and stay in the standard Courier.

mod card;

pub use card::{SupporterCard, supporter_card_pdf, supporter_card_small_pdf};

use chrono::{DateTime, Utc};
use flate2::{Compression, write::ZlibEncoder};
use printpdf::{
    BuiltinFont, Color, FontId, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
};
use qrcode::{Color as Module, QrCode};
use std::{io::Write, sync::OnceLock};

static SANS: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static SANS_BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The two embedded faces, parsed once per process.
fn faces() -> &'static (ParsedFont, ParsedFont) {
    static FACES: OnceLock<(ParsedFont, ParsedFont)> = OnceLock::new();
    FACES.get_or_init(|| {
        let parse = |bytes: &[u8]| {
            ParsedFont::from_bytes(bytes, 0, &mut Vec::new()).expect("the bundled font parses")
        };
        (parse(SANS), parse(SANS_BOLD))
    })
}

/// A face of the ticket: the embedded sans for words and names, Courier for codes.
#[derive(Clone, Copy)]
enum Face {
    Regular,
    Bold,
    Mono,
    MonoBold,
}

struct Fonts {
    regular: FontId,
    bold: FontId,
}

impl Fonts {
    fn handle(&self, face: Face) -> PdfFontHandle {
        match face {
            Face::Regular => PdfFontHandle::External(self.regular.clone()),
            Face::Bold => PdfFontHandle::External(self.bold.clone()),
            Face::Mono => PdfFontHandle::Builtin(BuiltinFont::Courier),
            Face::MonoBold => PdfFontHandle::Builtin(BuiltinFont::CourierBold),
        }
    }
}

/// What a ticket shows.
#[derive(Debug, Clone)]
pub struct Ticket {
    pub match_title: String,
    pub competition: String,
    pub starts_at: DateTime<Utc>,
    pub sector: String,
    pub block: String,
    pub row: String,
    pub seat: String,
    pub gate: String,
    pub holder: String,
    pub reduction: String,
    pub price_cents: i64,
    pub seal: String,
    pub barcode: String,
    pub order_ref: String,
}

/// The language of the printed labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    It,
    En,
}

impl Lang {
    /// `en` is English; anything else Italian (the club's default).
    pub fn parse(s: &str) -> Lang {
        if s.eq_ignore_ascii_case("en") {
            Lang::En
        } else {
            Lang::It
        }
    }
}

struct Labels {
    title: &'static str,
    date: &'static str,
    sector: &'static str,
    row: &'static str,
    seat: &'static str,
    gate: &'static str,
    holder: &'static str,
    price: &'static str,
    seal: &'static str,
    order: &'static str,
    note: &'static str,
}

const IT: Labels = Labels {
    title: "Biglietto",
    date: "Data e ora",
    sector: "Settore",
    row: "Fila",
    seat: "Posto",
    gate: "Varco",
    holder: "Intestatario",
    price: "Prezzo",
    seal: "Sigillo fiscale",
    order: "Ordine",
    note: "Titolo nominativo: presentalo al varco con un documento d'identità. Non cedibile se non tramite cambio nominativo.",
};

const EN: Labels = Labels {
    title: "Ticket",
    date: "Date and time",
    sector: "Sector",
    row: "Row",
    seat: "Seat",
    gate: "Gate",
    holder: "Holder",
    price: "Price",
    seal: "Fiscal seal",
    order: "Order",
    note: "Named ticket: show it at the gate with an identity document. Transferable only through a change of holder.",
};

const BLUE: Rgb = Rgb {
    r: 0.0,
    g: 0.2,
    b: 0.55,
    icc_profile: None,
};
const BLACK: Rgb = Rgb {
    r: 0.0,
    g: 0.0,
    b: 0.0,
    icc_profile: None,
};
const GREY: Rgb = Rgb {
    r: 0.35,
    g: 0.35,
    b: 0.35,
    icc_profile: None,
};

#[allow(clippy::too_many_arguments)]
fn text(
    ops: &mut Vec<Op>,
    fonts: &Fonts,
    x: f32,
    y: f32,
    face: Face,
    size: f32,
    col: &Rgb,
    s: &str,
) {
    ops.extend([
        Op::StartTextSection,
        Op::SetTextCursor {
            pos: Point::new(Mm(x), Mm(y)),
        },
        Op::SetFont {
            font: fonts.handle(face),
            size: Pt(size),
        },
        Op::SetFillColor {
            col: Color::Rgb(col.clone()),
        },
        Op::ShowText {
            items: vec![TextItem::Text(s.to_owned())],
        },
        Op::EndTextSection,
    ]);
}

fn rect(ops: &mut Vec<Op>, x: f32, y: f32, w: f32, h: f32, col: &Rgb) {
    ops.push(Op::SetFillColor {
        col: Color::Rgb(col.clone()),
    });
    let mut r = Rect::from_xywh(Mm(x).into(), Mm(y).into(), Mm(w).into(), Mm(h).into());
    r.mode = Some(PaintMode::Fill);
    ops.push(Op::DrawRectangle { rectangle: r });
}

/// The QR code of `data`, `size` mm wide, its top-left corner at (x, y_top).
fn qr(ops: &mut Vec<Op>, data: &str, x: f32, y_top: f32, size: f32) {
    let Ok(code) = QrCode::new(data.as_bytes()) else {
        return;
    };
    let width = code.width();
    // A quiet zone of four modules on each side, as scanners expect.
    let module = size / (width + 8) as f32;
    let colors = code.to_colors();
    for (i, c) in colors.iter().enumerate() {
        if *c == Module::Dark {
            let (col, row) = ((i % width) as f32, (i / width) as f32);
            rect(
                ops,
                x + (col + 4.0) * module,
                y_top - (row + 5.0) * module,
                module,
                module,
                &BLACK,
            );
        }
    }
}

/// Euros from cents, as Italians write them: `€ 60,00`.
pub fn euros(cents: i64) -> String {
    format!("€ {},{:02}", cents / 100, cents.rem_euclid(100))
}

/// The ticket's one-page PDF.
pub fn ticket_pdf(t: &Ticket, lang: Lang) -> Vec<u8> {
    ticket_pdf_with(t, lang, &PdfSaveOptions::default())
}

fn ticket_pdf_with(t: &Ticket, lang: Lang, options: &PdfSaveOptions) -> Vec<u8> {
    let l = labels(lang);
    let when = t
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%d/%m/%Y %H:%M")
        .to_string();
    let page = TitlePage {
        document: format!("{} {}", l.title, t.seal),
        band: format!("{} · {}", l.title, t.competition),
        heading: &t.match_title,
        rows: [(l.date, format!("{when} (Europe/Rome)"))]
            .into_iter()
            .chain(seat_rows(
                l,
                [
                    &t.sector,
                    &t.block,
                    &t.row,
                    &t.seat,
                    &t.gate,
                    &t.holder,
                    &t.reduction,
                ],
                t.price_cents,
            ))
            .collect(),
        barcode: &t.barcode,
        seal: &t.seal,
        order_ref: &t.order_ref,
    };
    page.render(l, options, |_, _, _| {})
}

/// The rows every printed title shows of its seat, holder and price: `[sector, block, row,
/// seat, gate, holder, reduction]`.
fn seat_rows(l: &Labels, seat: [&str; 7], price_cents: i64) -> Vec<(&'static str, String)> {
    let [sector, block, row, number, gate, holder, reduction] = seat;
    vec![
        (l.sector, format!("{sector} · {block}")),
        (l.row, row.to_owned()),
        (l.seat, number.to_owned()),
        (l.gate, gate.to_owned()),
        (l.holder, holder.to_owned()),
        (l.price, format!("{} ({reduction})", euros(price_cents))),
    ]
}

fn labels(lang: Lang) -> &'static Labels {
    match lang {
        Lang::It => &IT,
        Lang::En => &EN,
    }
}

/// What every printed title shows: the club's band, a heading, the rows of label and value,
/// the QR of the barcode, the fiscal seal, the order and the note on named titles.
struct TitlePage<'a> {
    /// The PDF's own title.
    document: String,
    /// The line under the club's name in the band.
    band: String,
    heading: &'a str,
    rows: Vec<(&'static str, String)>,
    barcode: &'a str,
    seal: &'a str,
    order_ref: &'a str,
}

impl TitlePage<'_> {
    /// The one-page PDF; `more` draws below the order line, from the height it is given.
    fn render(
        &self,
        l: &Labels,
        options: &PdfSaveOptions,
        more: impl FnOnce(&mut Vec<Op>, &Fonts, f32),
    ) -> Vec<u8> {
        let mut doc = PdfDocument::new(&self.document);
        let (sans, sans_bold) = faces();
        let fonts = Fonts {
            regular: doc.add_font(sans),
            bold: doc.add_font(sans_bold),
        };
        let fonts = &fonts;
        let mut ops = Vec::new();
        // The club's band across the top.
        rect(&mut ops, 0.0, 262.0, 210.0, 35.0, &BLUE);
        let white = Rgb {
            r: 1.0,
            g: 1.0,
            b: 1.0,
            icc_profile: None,
        };
        let ops_ref = &mut ops;
        text(
            ops_ref,
            fonts,
            15.0,
            282.0,
            Face::Bold,
            22.0,
            &white,
            "Como 1907",
        );
        text(
            ops_ref,
            fonts,
            15.0,
            270.0,
            Face::Regular,
            12.0,
            &white,
            &self.band,
        );
        text(
            ops_ref,
            fonts,
            15.0,
            245.0,
            Face::Bold,
            20.0,
            &BLACK,
            self.heading,
        );
        let mut y = 230.0;
        for (label, value) in &self.rows {
            text(ops_ref, fonts, 15.0, y, Face::Regular, 10.0, &GREY, label);
            text(ops_ref, fonts, 55.0, y, Face::Bold, 12.0, &BLACK, value);
            y -= 10.0;
        }
        qr(ops_ref, self.barcode, 135.0, 240.0, 60.0);
        text(
            ops_ref,
            fonts,
            140.0,
            176.0,
            Face::Mono,
            9.0,
            &BLACK,
            self.barcode,
        );
        y -= 4.0;
        text(ops_ref, fonts, 15.0, y, Face::Regular, 10.0, &GREY, l.seal);
        text(
            ops_ref,
            fonts,
            55.0,
            y,
            Face::MonoBold,
            13.0,
            &BLACK,
            self.seal,
        );
        y -= 10.0;
        text(ops_ref, fonts, 15.0, y, Face::Regular, 10.0, &GREY, l.order);
        text(
            ops_ref,
            fonts,
            55.0,
            y,
            Face::Mono,
            9.0,
            &BLACK,
            self.order_ref,
        );
        more(ops_ref, fonts, y);
        text(
            ops_ref,
            fonts,
            15.0,
            20.0,
            Face::Regular,
            8.0,
            &GREY,
            l.note,
        );
        let page = PdfPage::new(Mm(210.0), Mm(297.0), ops);
        save(doc.with_pages(vec![page]), options)
    }
}

/// How hard a PDF's streams are deflated. printpdf deflates them at the best level (9,
/// lopdf's `Stream::compress`), which on the two embedded font subsets (about 85 kB each)
/// was most of a purchase e-mail's cost: a collection's e-mail carries 19 tickets. Measured
/// with `bench/src/bin/documents.rs` (one core): level 9 5.4 ms and 105 kB a ticket, level 2
/// 2.2 ms and 111 kB, level 1 1.3 ms but 126 kB.
const DEFLATE_LEVEL: u32 = 2;

/// The document's bytes; with `optimize` (the default) its streams deflated at
/// [`DEFLATE_LEVEL`].
fn save(doc: &PdfDocument, options: &PdfSaveOptions) -> Vec<u8> {
    let plain = PdfSaveOptions {
        optimize: false,
        ..options.clone()
    };
    let mut lo = printpdf::serialize::to_lopdf_doc(doc, &plain, &mut Vec::new());
    if options.optimize {
        for object in lo.objects.values_mut() {
            if let lopdf::Object::Stream(stream) = object
                && stream.dict.get(b"Filter").is_err()
            {
                let mut deflate = ZlibEncoder::new(Vec::new(), Compression::new(DEFLATE_LEVEL));
                if deflate.write_all(&stream.content).is_ok()
                    && let Ok(packed) = deflate.finish()
                    && packed.len() < stream.content.len()
                {
                    stream.dict.set("Filter", "FlateDecode");
                    stream.set_content(packed);
                }
            }
        }
    }
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = lo.save_to(&mut out);
    out
}

/// What a season title shows: the seat for every covered match.
#[derive(Debug, Clone)]
pub struct SeasonTicket {
    pub season_name: String,
    pub label: String,
    pub sector: String,
    pub block: String,
    pub row: String,
    pub seat: String,
    pub gate: String,
    pub holder: String,
    pub reduction: String,
    pub price_cents: i64,
    pub seal: String,
    pub barcode: String,
    pub order_ref: String,
    /// Each covered match: its title and kick-off.
    pub matches: Vec<(String, DateTime<Utc>)>,
}

/// The season title's one-page PDF: the seat, the holder, the seal and QR, and every covered
/// match with its date (Europe/Rome).
pub fn season_pdf(t: &SeasonTicket, lang: Lang) -> Vec<u8> {
    let (title, matches_label) = match lang {
        Lang::It => ("Abbonamento", "Partite"),
        Lang::En => ("Season ticket", "Matches"),
    };
    let l = labels(lang);
    let page = TitlePage {
        document: format!("{title} {}", t.seal),
        band: format!("{title} · {}", t.label),
        heading: &t.season_name,
        rows: seat_rows(
            l,
            [
                &t.sector,
                &t.block,
                &t.row,
                &t.seat,
                &t.gate,
                &t.holder,
                &t.reduction,
            ],
            t.price_cents,
        ),
        barcode: &t.barcode,
        seal: &t.seal,
        order_ref: &t.order_ref,
    };
    page.render(l, &PdfSaveOptions::default(), |ops, fonts, y| {
        let y = y - 12.0;
        text(ops, fonts, 15.0, y, Face::Bold, 12.0, &BLACK, matches_label);
        // Two columns of matches, 5.5 mm a line: 19 a column fit above the note.
        let per_column = t.matches.len().div_ceil(2).max(1);
        let top = y - 7.0;
        for (i, (name, starts_at)) in t.matches.iter().enumerate() {
            let (x, line) = if i < per_column {
                (15.0, i)
            } else {
                (110.0, i - per_column)
            };
            let when = starts_at
                .with_timezone(&chrono_tz::Europe::Rome)
                .format("%d/%m/%Y %H:%M")
                .to_string();
            let y = top - line as f32 * 5.5;
            text(ops, fonts, x, y, Face::Regular, 8.5, &GREY, &when);
            text(ops, fonts, x + 27.0, y, Face::Regular, 8.5, &BLACK, name);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket() -> Ticket {
        Ticket {
            match_title: "Como - Lazio".into(),
            competition: "Serie A 2025-2026".into(),
            starts_at: "2026-12-06T19:45:00Z".parse().unwrap(),
            sector: "Tribuna Centrale".into(),
            block: "TC1".into(),
            row: "1".into(),
            seat: "7".into(),
            gate: "Varco 1".into(),
            holder: "Niccolò Della Valle".into(),
            reduction: "Intero".into(),
            price_cents: 6000,
            seal: "A1B2C3D4E5F6G7H8".into(),
            barcode: "LARIO0000123456".into(),
            order_ref: "0193-abc".into(),
        }
    }

    #[test]
    fn a_season_ticket_is_a_one_page_pdf_listing_every_match() {
        let t = ticket();
        let season = SeasonTicket {
            season_name: "Abbonamento Serie A 2025-2026".into(),
            label: "2025-2026".into(),
            sector: t.sector,
            block: t.block,
            row: t.row,
            seat: t.seat,
            gate: t.gate,
            holder: t.holder,
            reduction: t.reduction,
            price_cents: 45000,
            seal: "S1B2C3D4E5F6G7H8".into(),
            barcode: t.barcode,
            order_ref: t.order_ref,
            matches: (0..19)
                .map(|i| (format!("Como - Squadra {i}"), t.starts_at))
                .collect(),
        };
        let pdf = season_pdf(&season, Lang::En);
        let doc = PdfDocument::parse(&pdf, &Default::default(), &mut Vec::new()).unwrap();
        assert_eq!(doc.pages.len(), 1);
        assert_eq!(
            doc.metadata.info.document_title,
            "Season ticket S1B2C3D4E5F6G7H8"
        );
    }

    #[test]
    fn a_ticket_is_a_one_page_pdf_naming_its_seal() {
        let pdf = ticket_pdf(&ticket(), Lang::It);
        assert!(pdf.starts_with(b"%PDF-"));
        let doc = PdfDocument::parse(&pdf, &Default::default(), &mut Vec::new()).unwrap();
        assert_eq!(doc.pages.len(), 1);
        assert_eq!(
            doc.metadata.info.document_title,
            "Biglietto A1B2C3D4E5F6G7H8"
        );
    }

    /// Issue 25, finding 15: a Polish or Czech name printed as "?ukasz Dvo?ák". The embedded
    /// font's map from glyphs back to text (what a reader and a copy-paste see) holds every
    /// letter of the name, and the PDF carries the font itself.
    #[test]
    fn names_beyond_latin_1_print_in_an_embedded_font() {
        let mut t = ticket();
        t.holder = "Łukasz Dvořák".into();
        t.match_title = "Como - Ñublense".into();
        let options = PdfSaveOptions {
            optimize: false,
            ..Default::default()
        };
        let pdf = ticket_pdf_with(&t, Lang::It, &options);
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/FontFile2"), "the font is embedded");
        for letter in ['Ł', 'ř', 'á', 'Ñ'] {
            let code = format!("{:04X}", letter as u32);
            assert!(
                text.contains(&format!("<{code}>")),
                "{letter} (U+{code}) is in the font's ToUnicode map"
            );
        }
        // The two cut faces and the page: a ticket stays under 120 kB.
        let size = ticket_pdf(&t, Lang::It).len();
        assert!(size < 120_000, "{size} bytes");
    }

    #[test]
    fn prices_read_as_italians_write_them() {
        assert_eq!(euros(6000), "€ 60,00");
        assert_eq!(euros(1505), "€ 15,05");
        assert_eq!(euros(0), "€ 0,00");
    }
}
