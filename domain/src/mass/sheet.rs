//! A task's lines as staff give them: the sheet's columns (Italian or English headers, any order), read and normalised, every field kept as text so a bad value is shown back as it was given.

use super::*;

/// One line of a sheet or of the typed form, as read and normalised (every field text, so a
/// bad value can be shown back as it was given).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetLine {
    #[serde(default)]
    pub label: String,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub birth_date: String,
    #[serde(default)]
    pub birth_place: String,
    #[serde(default)]
    pub sex: String,
    #[serde(default)]
    pub document_type: String,
    #[serde(default)]
    pub document_number: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub reduction: String,
}

/// The sheet's columns: (field, Italian header, English header).
pub const COLUMNS: [(&str, &str, &str); 10] = [
    ("label", "posto", "seat"),
    ("first_name", "nome", "first_name"),
    ("last_name", "cognome", "last_name"),
    ("birth_date", "data_nascita", "birth_date"),
    ("birth_place", "luogo_nascita", "birth_place"),
    ("sex", "sesso", "sex"),
    ("document_type", "tipo_documento", "document_type"),
    ("document_number", "numero_documento", "document_number"),
    ("email", "email", "email"),
    ("reduction", "riduzione", "reduction"),
];

/// Why a sheet cannot be read as lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("none of the expected columns is in the first row")]
    NoHeader,
    #[error("the sheet has no lines")]
    Empty,
    #[error("more than {MAX_LINES} lines")]
    TooManyLines,
}

impl SheetError {
    /// The stable code the API answers.
    pub fn code(self) -> &'static str {
        match self {
            SheetError::NoHeader => "no_header",
            SheetError::Empty => "empty",
            SheetError::TooManyLines => "too_many_lines",
        }
    }
}

fn header_key(cell: &str) -> String {
    cell.trim()
        .to_lowercase()
        .replace([' ', '-'], "_")
        .replace("__", "_")
}

/// Reads a sheet's rows (`(row number, cells)`, the first non-blank row the header) as
/// normalised lines. Headers are matched in Italian or English, in any order and case;
/// unknown columns are ignored; blank rows skipped.
pub fn lines_from_rows(rows: &[(u32, Vec<String>)]) -> Result<Vec<(i32, SheetLine)>, SheetError> {
    let mut rows = rows
        .iter()
        .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()));
    let Some((_, header)) = rows.next() else {
        return Err(SheetError::NoHeader);
    };
    let columns: Vec<Option<&str>> = header
        .iter()
        .map(|h| {
            let h = header_key(h);
            COLUMNS
                .iter()
                .find(|(field, it, en)| h == *it || h == *en || h == *field)
                .map(|(field, _, _)| *field)
        })
        .collect();
    if columns.iter().all(Option::is_none) {
        return Err(SheetError::NoHeader);
    }
    let mut lines = vec![];
    for (row, cells) in rows {
        if lines.len() == MAX_LINES {
            return Err(SheetError::TooManyLines);
        }
        let mut line = SheetLine::default();
        for (cell, column) in cells.iter().zip(&columns) {
            let Some(field) = column else { continue };
            let value = cell.trim().to_owned();
            match *field {
                "label" => line.label = value,
                "first_name" => line.first_name = value,
                "last_name" => line.last_name = value,
                "birth_date" => line.birth_date = value,
                "birth_place" => line.birth_place = value,
                "sex" => line.sex = value,
                "document_type" => line.document_type = value,
                "document_number" => line.document_number = value,
                "email" => line.email = value,
                _ => line.reduction = value,
            }
        }
        lines.push((*row as i32, line.normalised()));
    }
    if lines.is_empty() {
        return Err(SheetError::Empty);
    }
    Ok(lines)
}

impl SheetLine {
    /// Trimmed; the seat label, sex and reduction upper case; dates as `yyyy-mm-dd` when they
    /// read as a date; document types in English; the e-mail lower case.
    pub fn normalised(&self) -> SheetLine {
        let t = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let birth = t(&self.birth_date);
        let birth_date = NaiveDate::parse_from_str(&birth, "%Y-%m-%d")
            .or_else(|_| NaiveDate::parse_from_str(&birth, "%d/%m/%Y"))
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or(birth);
        let doc = t(&self.document_type).to_lowercase().replace(' ', "_");
        let document_type = match doc.as_str() {
            "carta_identita" | "carta_d'identita" | "carta_d'identità" | "carta_identità" => {
                "id_card".to_owned()
            }
            "passaporto" => "passport".to_owned(),
            "patente" => "driving_licence".to_owned(),
            _ => doc,
        };
        let reduction = t(&self.reduction).to_uppercase();
        SheetLine {
            label: t(&self.label).to_uppercase(),
            first_name: t(&self.first_name),
            last_name: t(&self.last_name),
            birth_date,
            birth_place: t(&self.birth_place),
            sex: t(&self.sex).to_uppercase(),
            document_type,
            document_number: t(&self.document_number),
            email: t(&self.email).to_lowercase(),
            reduction: if reduction.is_empty() {
                DEFAULT_REDUCTION.to_owned()
            } else {
                reduction
            },
        }
    }

    /// The holder's name as people read it.
    pub fn holder_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
            .trim()
            .to_owned()
    }

    fn holder_input(&self) -> HolderInput {
        HolderInput {
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            birth_date: Some(self.birth_date.clone()),
            birth_place: self.birth_place.clone(),
            document_type: self.document_type.clone(),
            document_number: self.document_number.clone(),
            sex: Some(self.sex.clone()),
        }
    }

    /// The holder and e-mail when every field reads; otherwise each field's error
    /// (`required` or `invalid`).
    pub fn parse(&self, today: NaiveDate) -> Result<(HolderDetails, Email), Vec<LineError>> {
        let mut errors = vec![];
        let required = [
            ("label", &self.label),
            ("first_name", &self.first_name),
            ("last_name", &self.last_name),
            ("birth_date", &self.birth_date),
            ("birth_place", &self.birth_place),
            ("document_type", &self.document_type),
            ("document_number", &self.document_number),
            ("email", &self.email),
        ];
        for (field, value) in required {
            if value.trim().is_empty() {
                errors.push(LineError::new(field, "required"));
            }
        }
        let holder = match self.holder_input().parse(today) {
            Ok(h) => Some(h),
            Err(fields) => {
                for field in fields.keys() {
                    if !errors.iter().any(|e| e.field == *field) {
                        errors.push(LineError::new(field, "invalid"));
                    }
                }
                None
            }
        };
        let email = match Email::parse(&self.email) {
            Ok(e) => Some(e),
            Err(_) => {
                if !errors.iter().any(|e| e.field == "email") {
                    errors.push(LineError::new("email", "invalid"));
                }
                None
            }
        };
        match (holder, email) {
            (Some(h), Some(e)) if errors.is_empty() => Ok((h, e)),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: u32, cells: &[&str]) -> (u32, Vec<String>) {
        (n, cells.iter().map(|c| c.to_string()).collect())
    }

    #[test]
    fn a_sheet_is_read_by_its_headers_in_either_language_and_any_order() {
        let rows = vec![
            row(
                1,
                &[
                    "Email",
                    "Cognome",
                    "NOME",
                    "posto",
                    "Data nascita",
                    "ignored",
                ],
            ),
            row(
                2,
                &[
                    "A@Example.IT ",
                    "Neri",
                    "Luca",
                    "tc-tc1-1-1",
                    "01/04/1990",
                    "x",
                ],
            ),
            row(3, &["", "", "", "", "", ""]),
            row(
                4,
                &[
                    "b@example.it",
                    "Bianchi",
                    "Anna",
                    "TC-TC1-1-2",
                    "1991-02-03",
                    "",
                ],
            ),
        ];
        let lines = lines_from_rows(&rows).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].0, 2);
        assert_eq!(lines[1].0, 4);
        let l = &lines[0].1;
        assert_eq!(l.email, "a@example.it");
        assert_eq!(l.label, "TC-TC1-1-1");
        assert_eq!(l.birth_date, "1990-04-01");
        assert_eq!(l.reduction, "INTERO");
        let en = vec![
            row(1, &["seat", "first_name", "last_name", "document_type"]),
            row(2, &["TC-TC1-1-1", "Luca", "Neri", "Passaporto"]),
        ];
        assert_eq!(lines_from_rows(&en).unwrap()[0].1.document_type, "passport");
    }

    #[test]
    fn a_sheet_without_known_headers_or_lines_is_refused() {
        assert_eq!(
            lines_from_rows(&[row(1, &["a", "b"]), row(2, &["1", "2"])]),
            Err(SheetError::NoHeader)
        );
        assert_eq!(lines_from_rows(&[]), Err(SheetError::NoHeader));
        assert_eq!(
            lines_from_rows(&[row(1, &["posto", "nome"])]),
            Err(SheetError::Empty)
        );
        let mut many = vec![row(1, &["posto"])];
        many.extend((0..=MAX_LINES as u32).map(|i| row(i + 2, &["TC-TC1-1-1"])));
        assert_eq!(lines_from_rows(&many), Err(SheetError::TooManyLines));
    }

    #[test]
    fn each_missing_or_bad_field_is_named() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let line = SheetLine {
            label: "TC-TC1-1-1".into(),
            first_name: "Luca3".into(),
            last_name: "".into(),
            birth_date: "2030-01-01".into(),
            birth_place: "Como".into(),
            sex: "X".into(),
            document_type: "id_card".into(),
            document_number: "CA1234567".into(),
            email: "not-an-email".into(),
            reduction: "INTERO".into(),
        };
        let errors = line.parse(today).unwrap_err();
        let has = |f: &str, c: &str| errors.contains(&LineError::new(f, c));
        assert!(has("first_name", "invalid"), "{errors:?}");
        assert!(has("last_name", "required"), "{errors:?}");
        assert!(has("birth_date", "invalid"), "{errors:?}");
        assert!(has("sex", "invalid"), "{errors:?}");
        assert!(has("email", "invalid"), "{errors:?}");
        assert!(!errors.iter().any(|e| e.field == "label"));
    }
}
