//! Excel sheets: reading what staff upload (calamine) and writing what they download
//! (rust_xlsxwriter, in constant-memory mode, so a sheet of any length costs the memory of a
//! row: every sheet has a bold header row, frozen; typed cells; dates in Europe/Rome).

use chrono::{DateTime, NaiveDate, Utc};
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

/// Writing a sheet failed (a bug, or out of memory).
pub type WriteError = XlsxError;
use std::io::Cursor;

/// Why an upload cannot be read as a sheet.
#[derive(Debug, thiserror::Error)]
#[error("not a readable Excel (.xlsx) file: {0}")]
pub struct Unreadable(String);

/// The first worksheet's rows that have any content, each with its row number (1-based, as
/// Excel shows it) and its cells as text: numbers without a needless `.0`, dates as
/// `yyyy-mm-dd`, times as `yyyy-mm-dd hh:mm:ss`.
pub fn read_rows(bytes: &[u8]) -> Result<Vec<(u32, Vec<String>)>, Unreadable> {
    use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes))
        .map_err(|e: calamine::XlsxError| Unreadable(e.to_string()))?;
    let range = match book.worksheet_range_at(0) {
        None => return Ok(vec![]),
        Some(r) => r.map_err(|e| Unreadable(e.to_string()))?,
    };
    let first_row = range.start().map_or(0, |(r, _)| r);
    let first_col = range.start().map_or(0, |(_, c)| c) as usize;
    let mut rows = vec![];
    for (i, cells) in range.rows().enumerate() {
        let mut texts: Vec<String> = vec![String::new(); first_col];
        texts.extend(cells.iter().map(|c| match c {
            Data::Empty | Data::Error(_) => String::new(),
            Data::String(s) => s.clone(),
            Data::Int(n) => n.to_string(),
            Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => (f.trunc() as i64).to_string(),
            Data::Float(f) => f.to_string(),
            Data::Bool(b) => b.to_string(),
            Data::DateTime(d) => match d.as_datetime() {
                Some(t) if t.time() == chrono::NaiveTime::MIN => {
                    t.date().format("%Y-%m-%d").to_string()
                }
                Some(t) => t.format("%Y-%m-%d %H:%M:%S").to_string(),
                None => d.to_string(),
            },
            Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        }));
        if texts.iter().any(|t| !t.trim().is_empty()) {
            rows.push((first_row + i as u32 + 1, texts));
        }
    }
    Ok(rows)
}

/// A column of a sheet to write: its header and width (in characters).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub header: &'static str,
    pub width: f64,
}

/// One cell of a written sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Int(i64),
    /// Integer cents, written as euros with two decimals.
    Cents(i64),
    Date(NaiveDate),
    /// Written as the local time in Europe/Rome.
    Time(DateTime<Utc>),
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_owned())
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Self {
        v.map_or(Cell::Empty, Into::into)
    }
}

/// Writes a one-sheet workbook row by row; [`SheetWriter::finish`] gives its bytes.
pub struct SheetWriter {
    book: Workbook,
    row: u32,
    formats: Formats,
}

struct Formats {
    header: Format,
    money: Format,
    date: Format,
    time: Format,
}

fn sheet(book: &mut Workbook) -> &mut Worksheet {
    book.worksheet_from_index(0)
        .expect("the workbook has its one worksheet")
}

impl SheetWriter {
    /// A new workbook with one sheet named `name` and its header row.
    pub fn new(name: &str, columns: &[Column]) -> Result<Self, XlsxError> {
        let mut book = Workbook::new();
        let formats = Formats {
            header: Format::new().set_bold().set_background_color("DCE6F1"),
            money: Format::new().set_num_format("#,##0.00 [$€-410]"),
            date: Format::new().set_num_format("dd/mm/yyyy"),
            time: Format::new().set_num_format("dd/mm/yyyy hh:mm"),
        };
        let ws = book.add_worksheet_with_constant_memory()?;
        ws.set_name(name)?;
        for (i, c) in columns.iter().enumerate() {
            ws.set_column_width(i as u16, c.width)?;
            ws.write_string_with_format(0, i as u16, c.header, &formats.header)?;
        }
        ws.set_freeze_panes(1, 0)?;
        Ok(SheetWriter {
            book,
            row: 1,
            formats,
        })
    }

    /// Appends one row.
    pub fn row(&mut self, cells: &[Cell]) -> Result<(), XlsxError> {
        let row = self.row;
        let f = &self.formats;
        let ws = sheet(&mut self.book);
        for (i, cell) in cells.iter().enumerate() {
            let col = i as u16;
            match cell {
                Cell::Empty => {}
                Cell::Text(s) => {
                    ws.write_string(row, col, s)?;
                }
                Cell::Int(n) => {
                    ws.write_number(row, col, *n as f64)?;
                }
                Cell::Cents(c) => {
                    ws.write_number_with_format(row, col, *c as f64 / 100.0, &f.money)?;
                }
                Cell::Date(d) => {
                    ws.write_datetime_with_format(row, col, *d, &f.date)?;
                }
                Cell::Time(t) => {
                    let local = t.with_timezone(&chrono_tz::Europe::Rome).naive_local();
                    ws.write_datetime_with_format(row, col, local, &f.time)?;
                }
            }
        }
        self.row += 1;
        Ok(())
    }

    /// Rows written so far, the header excluded.
    pub fn rows(&self) -> u32 {
        self.row - 1
    }

    /// The finished workbook.
    pub fn finish(mut self) -> Result<Vec<u8>, XlsxError> {
        self.book.save_to_buffer()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_sheet_reads_back_with_its_types() {
        let mut w = SheetWriter::new(
            "Prova",
            &[
                Column {
                    header: "posto",
                    width: 14.0,
                },
                Column {
                    header: "prezzo",
                    width: 10.0,
                },
                Column {
                    header: "data",
                    width: 12.0,
                },
                Column {
                    header: "quando",
                    width: 16.0,
                },
                Column {
                    header: "n",
                    width: 5.0,
                },
            ],
        )
        .unwrap();
        let when = DateTime::parse_from_rfc3339("2026-07-01T18:45:00Z")
            .unwrap()
            .with_timezone(&Utc);
        w.row(&[
            "TC-TC1-1-1".into(),
            Cell::Cents(6050),
            Cell::Date(NaiveDate::from_ymd_opt(1990, 4, 1).unwrap()),
            Cell::Time(when),
            Cell::Int(7),
        ])
        .unwrap();
        w.row(&[
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Int(8),
        ])
        .unwrap();
        assert_eq!(w.rows(), 2);
        let bytes = w.finish().unwrap();
        let rows = read_rows(&bytes).unwrap();
        assert_eq!(
            rows[0],
            (
                1,
                vec!["posto", "prezzo", "data", "quando", "n"]
                    .into_iter()
                    .map(String::from)
                    .collect()
            )
        );
        assert_eq!(rows[1].0, 2);
        assert_eq!(rows[1].1[0], "TC-TC1-1-1");
        assert_eq!(rows[1].1[1], "60.5");
        assert_eq!(rows[1].1[2], "1990-04-01");
        // 18:45 UTC is 20:45 in Rome in summer.
        assert_eq!(rows[1].1[3], "2026-07-01 20:45:00");
        assert_eq!(rows[1].1[4], "7");
        assert_eq!(
            rows[2],
            (
                3,
                vec!["", "", "", "", "8"]
                    .into_iter()
                    .map(String::from)
                    .collect()
            )
        );
    }

    #[test]
    fn anything_else_is_unreadable() {
        assert!(read_rows(b"posto,nome\nTC-TC1-1-1,Luca").is_err());
        assert!(read_rows(&[]).is_err());
    }
}
