//! Holders: what a fan types for a ticket's named holder, the checks it passes, and who
//! qualifies for a reduction on the match day. The apps apply the same rules before sending
//! (fed by each reduction's `rule` in the API); the API has the last word.

use crate::inventory::Holder;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Who a reduction is for (the ticketing system's rule, stored as its text; read back with
/// [`HolderRule::parse`], so a rule the ticketing system adds later admits everyone instead of
/// failing the read).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum HolderRule {
    /// Anyone (the full price, and reductions without a rule).
    #[default]
    Anyone,
    /// Younger than 14 on the match day.
    #[serde(rename = "under_14")]
    Under14,
    /// 65 or older on the match day.
    #[serde(rename = "over_65")]
    Over65,
    /// Women (the holder's sex given as F).
    Women,
}

impl HolderRule {
    /// The stored text; an empty or unknown rule admits everyone, as the ticketing system does.
    pub fn parse(s: &str) -> HolderRule {
        match s {
            "under_14" => HolderRule::Under14,
            "over_65" => HolderRule::Over65,
            "women" => HolderRule::Women,
            _ => HolderRule::Anyone,
        }
    }
}

/// A named holder, as the ticketing system needs them for a named ticket.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct HolderDetails {
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub birth_place: String,
    pub document_type: String,
    pub document_number: String,
    /// `M` or `F`, when given (the women's reduction needs it).
    #[serde(default)]
    pub sex: Option<String>,
}

/// What a fan types for a holder, before it is checked.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct HolderInput {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub birth_date: Option<String>,
    #[serde(default)]
    pub birth_place: String,
    #[serde(default)]
    pub document_type: String,
    #[serde(default)]
    pub document_number: String,
    #[serde(default)]
    pub sex: Option<String>,
}

pub const DOCUMENT_TYPES: [&str; 3] = ["id_card", "passport", "driving_licence"];

/// 1-60 letters (and the spaces, apostrophes, dots and hyphens of names), of one alphabet: a
/// name mixing scripts ("Mаrio" with a Cyrillic "а") is a look-alike, not a person. The letters
/// are those the ticket's font prints (Latin with its extensions, Greek, Cyrillic; see
/// `integrations/fonts/README.md`).
fn name_ok(s: &str) -> bool {
    use unicode_security::MixedScript;
    let printable = |c: char| {
        matches!(c as u32, 0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x300..=0x36F
            | 0x370..=0x3FF | 0x400..=0x4FF | 0x1E00..=0x1EFF)
            && c.is_alphabetic()
            || matches!(c as u32, 0x300..=0x36F)
    };
    let n = s.chars().count();
    (1..=60).contains(&n)
        && s.chars()
            .all(|c| printable(c) || matches!(c, ' ' | '\'' | '’' | '.' | '-'))
        && s.chars().any(char::is_alphabetic)
        && s.is_single_script()
}

impl HolderInput {
    /// Checks every field; errors are keyed by field name.
    pub fn parse(&self, today: NaiveDate) -> Result<HolderDetails, BTreeMap<String, String>> {
        let mut errors = BTreeMap::new();
        let first = self
            .first_name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let last = self
            .last_name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if !name_ok(&first) {
            errors.insert("first_name".into(), "1-60 letters".into());
        }
        if !name_ok(&last) {
            errors.insert("last_name".into(), "1-60 letters".into());
        }
        let birth = self
            .birth_date
            .as_deref()
            .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok());
        let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date");
        match birth {
            Some(d) if d >= earliest && d < today => {}
            _ => {
                errors.insert(
                    "birth_date".into(),
                    "a date in the past (yyyy-mm-dd)".into(),
                );
            }
        }
        let place = self.birth_place.trim();
        if !(1..=80).contains(&place.chars().count()) {
            errors.insert("birth_place".into(), "1-80 characters".into());
        }
        if !DOCUMENT_TYPES.contains(&self.document_type.as_str()) {
            errors.insert(
                "document_type".into(),
                "id_card, passport or driving_licence".into(),
            );
        }
        let doc: String = self
            .document_number
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        if !(5..=20).contains(&doc.len()) || !doc.chars().all(|c| c.is_ascii_alphanumeric()) {
            errors.insert("document_number".into(), "5-20 letters or digits".into());
        }
        let sex = match self.sex.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(s) if s.eq_ignore_ascii_case("m") || s.eq_ignore_ascii_case("f") => {
                Some(s.to_uppercase())
            }
            Some(_) => {
                errors.insert("sex".into(), "M or F".into());
                None
            }
        };
        match (errors.is_empty(), birth) {
            (true, Some(birth_date)) => Ok(HolderDetails {
                first_name: first,
                last_name: last,
                birth_date,
                birth_place: place.to_owned(),
                document_type: self.document_type.clone(),
                document_number: doc,
                sex,
            }),
            _ => Err(errors),
        }
    }
}

impl HolderDetails {
    /// The key that keeps one seat per person per fixture (as the hold's lines).
    pub fn key(&self) -> String {
        Holder {
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            birth_date: self.birth_date,
        }
        .key()
    }

    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }

    /// Age in whole years on `day`.
    pub fn age_on(&self, day: NaiveDate) -> i32 {
        use chrono::Datelike;
        let mut age = day.year() - self.birth_date.year();
        if (day.month(), day.day()) < (self.birth_date.month(), self.birth_date.day()) {
            age -= 1;
        }
        age
    }

    /// Whether this person qualifies for a reduction's rule on the match day.
    pub fn qualifies(&self, rule: HolderRule, match_day: NaiveDate) -> bool {
        match rule {
            HolderRule::Under14 => self.age_on(match_day) < 14,
            HolderRule::Over65 => self.age_on(match_day) >= 65,
            HolderRule::Women => self.sex.as_deref() == Some("F"),
            HolderRule::Anyone => true,
        }
    }
}

impl sqlx::Type<sqlx::Postgres> for HolderRule {
    fn type_info() -> sqlx::postgres::PgTypeInfo {
        <&str as sqlx::Type<sqlx::Postgres>>::type_info()
    }

    fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
        <&str as sqlx::Type<sqlx::Postgres>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Postgres> for HolderRule {
    fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        Ok(HolderRule::parse(
            <&str as sqlx::Decode<sqlx::Postgres>>::decode(value)?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn input(first: &str, last: &str, birth: &str) -> HolderInput {
        HolderInput {
            first_name: first.into(),
            last_name: last.into(),
            birth_date: Some(birth.into()),
            birth_place: "Como".into(),
            document_type: "id_card".into(),
            document_number: "ca 12345 ab".into(),
            sex: None,
        }
    }

    fn born(birth: &str, sex: Option<&str>) -> HolderDetails {
        let mut h = input("Anna", "Rossi", birth)
            .parse(day("2026-11-26"))
            .unwrap();
        h.sex = sex.map(str::to_owned);
        h
    }

    #[test]
    fn names_of_one_alphabet_with_the_marks_of_names_pass() {
        let today = day("2026-11-26");
        for (first, last) in [
            ("Zoë", "D'Angelo"),
            ("Jean-Luc", "O’Brien"),
            ("Δημήτρης", "Παπαδόπουλος"),
            ("Ольга", "Иванова"),
            ("  Maria   Grazia ", "De  Luca"),
        ] {
            let h = input(first, last, "1990-05-01").parse(today);
            assert!(h.is_ok(), "{first} {last}: {h:?}");
        }
        let h = input("  Maria   Grazia ", "De  Luca", "1990-05-01")
            .parse(today)
            .unwrap();
        assert_eq!(
            (h.first_name.as_str(), h.last_name.as_str()),
            ("Maria Grazia", "De Luca")
        );
        assert_eq!(h.document_number, "CA12345AB");
    }

    #[test]
    fn look_alikes_digits_and_empty_names_are_refused() {
        let today = day("2026-11-26");
        // A Cyrillic "а" in a Latin name; digits; nothing; 61 letters; a letter the ticket's
        // font does not print.
        for first in ["Mаrio", "Mario2", "", "   ", &"a".repeat(61), "李"] {
            let e = input(first, "Rossi", "1990-05-01")
                .parse(today)
                .unwrap_err();
            assert_eq!(
                e.get("first_name").map(String::as_str),
                Some("1-60 letters"),
                "{first:?}"
            );
        }
    }

    #[test]
    fn a_birth_date_is_a_past_day_after_1900() {
        let today = day("2026-11-26");
        for bad in [
            "2026-11-26",
            "2030-01-01",
            "1899-12-31",
            "26/11/1990",
            "1990-02-30",
        ] {
            let e = input("Anna", "Rossi", bad).parse(today).unwrap_err();
            assert!(e.contains_key("birth_date"), "{bad}");
        }
        assert!(input("Anna", "Rossi", "1900-01-01").parse(today).is_ok());
    }

    #[test]
    fn fourteen_on_the_match_day_is_no_longer_under_14() {
        let match_day = day("2026-12-06");
        assert!(
            born("2012-12-07", None).qualifies(HolderRule::Under14, match_day),
            "13 until tomorrow"
        );
        assert!(
            !born("2012-12-06", None).qualifies(HolderRule::Under14, match_day),
            "14 today"
        );
        assert!(!born("2012-12-05", None).qualifies(HolderRule::Under14, match_day));
    }

    #[test]
    fn sixty_five_on_the_match_day_is_over_65() {
        let match_day = day("2026-12-06");
        assert!(
            !born("1961-12-07", None).qualifies(HolderRule::Over65, match_day),
            "64 until tomorrow"
        );
        assert!(
            born("1961-12-06", None).qualifies(HolderRule::Over65, match_day),
            "65 today"
        );
    }

    #[test]
    fn a_birthday_on_29_february_comes_on_1_march_in_other_years() {
        let h = born("2012-02-29", None);
        assert_eq!(h.age_on(day("2026-02-28")), 13);
        assert_eq!(h.age_on(day("2026-03-01")), 14);
        assert_eq!(h.age_on(day("2028-02-29")), 16);
        assert!(h.qualifies(HolderRule::Under14, day("2026-02-28")));
        assert!(!h.qualifies(HolderRule::Under14, day("2026-03-01")));
    }

    #[test]
    fn the_womens_reduction_needs_the_sex_given_as_f() {
        let match_day = day("2026-12-06");
        assert!(born("1990-01-01", Some("F")).qualifies(HolderRule::Women, match_day));
        assert!(!born("1990-01-01", Some("M")).qualifies(HolderRule::Women, match_day));
        assert!(!born("1990-01-01", None).qualifies(HolderRule::Women, match_day));
        assert!(born("1990-01-01", None).qualifies(HolderRule::Anyone, match_day));
    }

    #[test]
    fn rules_read_from_their_stored_text_and_unknown_ones_admit_everyone() {
        for r in [HolderRule::Under14, HolderRule::Over65, HolderRule::Women] {
            let text = serde_json::to_value(r).unwrap();
            assert_eq!(HolderRule::parse(text.as_str().unwrap()), r);
        }
        assert_eq!(HolderRule::parse(""), HolderRule::Anyone);
        assert_eq!(HolderRule::parse("students"), HolderRule::Anyone);
    }
}
