//! Documents we produce: the PDF ticket (printpdf), one A4 page per title, with a QR code of
//! its barcode drawn as vector squares (sharp at any zoom, a few kilobytes).
//!
//! The standard Helvetica faces are WinAnsi-encoded, which covers Italian (à, è, ì, ò, ù)
//! and every Latin-1 name; nothing is embedded, so a ticket stays small.

use chrono::{DateTime, Utc};
use printpdf::{
    BuiltinFont, Color, Mm, Op, PaintMode, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Pt, Rect, Rgb, TextItem,
};
use qrcode::{Color as Module, QrCode};

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

fn text(ops: &mut Vec<Op>, x: f32, y: f32, font: BuiltinFont, size: f32, col: &Rgb, s: &str) {
    ops.extend([
        Op::StartTextSection,
        Op::SetTextCursor {
            pos: Point::new(Mm(x), Mm(y)),
        },
        Op::SetFont {
            font: PdfFontHandle::Builtin(font),
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
    let l = match lang {
        Lang::It => &IT,
        Lang::En => &EN,
    };
    let when = t
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%d/%m/%Y %H:%M")
        .to_string();
    let mut ops = Vec::new();
    // The club's band across the top.
    rect(&mut ops, 0.0, 262.0, 210.0, 35.0, &BLUE);
    let white = Rgb {
        r: 1.0,
        g: 1.0,
        b: 1.0,
        icc_profile: None,
    };
    text(
        &mut ops,
        15.0,
        282.0,
        BuiltinFont::HelveticaBold,
        22.0,
        &white,
        "Como 1907",
    );
    text(
        &mut ops,
        15.0,
        270.0,
        BuiltinFont::Helvetica,
        12.0,
        &white,
        &format!("{} · {}", l.title, t.competition),
    );
    text(
        &mut ops,
        15.0,
        245.0,
        BuiltinFont::HelveticaBold,
        20.0,
        &BLACK,
        &t.match_title,
    );
    let rows: [(&str, String); 7] = [
        (l.date, format!("{when} (Europe/Rome)")),
        (l.sector, format!("{} · {}", t.sector, t.block)),
        (l.row, t.row.clone()),
        (l.seat, t.seat.clone()),
        (l.gate, t.gate.clone()),
        (l.holder, t.holder.clone()),
        (
            l.price,
            format!("{} ({})", euros(t.price_cents), t.reduction),
        ),
    ];
    let mut y = 230.0;
    for (label, value) in rows {
        text(
            &mut ops,
            15.0,
            y,
            BuiltinFont::Helvetica,
            10.0,
            &GREY,
            label,
        );
        text(
            &mut ops,
            55.0,
            y,
            BuiltinFont::HelveticaBold,
            12.0,
            &BLACK,
            &value,
        );
        y -= 10.0;
    }
    qr(&mut ops, &t.barcode, 135.0, 240.0, 60.0);
    text(
        &mut ops,
        140.0,
        176.0,
        BuiltinFont::Courier,
        9.0,
        &BLACK,
        &t.barcode,
    );
    y -= 4.0;
    text(
        &mut ops,
        15.0,
        y,
        BuiltinFont::Helvetica,
        10.0,
        &GREY,
        l.seal,
    );
    text(
        &mut ops,
        55.0,
        y,
        BuiltinFont::CourierBold,
        13.0,
        &BLACK,
        &t.seal,
    );
    y -= 10.0;
    text(
        &mut ops,
        15.0,
        y,
        BuiltinFont::Helvetica,
        10.0,
        &GREY,
        l.order,
    );
    text(
        &mut ops,
        55.0,
        y,
        BuiltinFont::Courier,
        9.0,
        &BLACK,
        &t.order_ref,
    );
    text(
        &mut ops,
        15.0,
        20.0,
        BuiltinFont::Helvetica,
        8.0,
        &GREY,
        l.note,
    );
    let page = PdfPage::new(Mm(210.0), Mm(297.0), ops);
    PdfDocument::new(&format!("{} {}", l.title, t.seal))
        .with_pages(vec![page])
        .save(&PdfSaveOptions::default(), &mut Vec::new())
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

    #[test]
    fn prices_read_as_italians_write_them() {
        assert_eq!(euros(6000), "€ 60,00");
        assert_eq!(euros(1505), "€ 15,05");
        assert_eq!(euros(0), "€ 0,00");
    }
}
