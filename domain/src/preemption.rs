//! Pre-emption and renewal (issue 18): the rules of the spec's pre-emption data, as pure
//! functions over a season holder's record (the spec's seasons/{label}/holders) and a right's
//! sector list (the spec's preemption_codes); the phases of a sale ([`phases`]), the holders
//! and the code table ([`holders`]), and the renewal that keeps a holder's seat ([`renewal`]).

pub mod codes;
pub mod holders;
pub mod mailing;
pub mod phases;
pub mod renewal;
pub mod rights;

use crate::ids::FixtureId;
use crate::inventory::person_key;
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::BTreeSet;

/// The birth province of a holder born abroad; their birth place is then the country.
pub const FOREIGN_PROVINCE: &str = "EE";

/// What a season holder's record says (the spec's Nome, Cognome, Data Nascita, Provincia
/// Nascita, Localita Nascita, Sesso, Sigillo Fiscale, Promozioni1, Promozioni2 and the buyer's
/// Nome/Cognome/Data Nascita Acquirente).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonHolder {
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub birth_province: String,
    pub birth_place: String,
    pub sex: String,
    pub fiscal_seal: String,
    /// Promozioni1: the fixtures whose pre-emption the holder has used.
    pub used_for: Vec<FixtureId>,
    /// Promozioni2: `SEASON` for a record that counts in its buyer's quota.
    pub kind: String,
    pub buyer_first_name: String,
    pub buyer_last_name: String,
    pub buyer_birth_date: Option<NaiveDate>,
}

/// Who a fan says the holder is.
#[derive(Debug, Clone, Copy)]
pub struct Claim<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub birth_date: NaiveDate,
    pub birth_province: &'a str,
    pub birth_place: &'a str,
    pub sex: &'a str,
}

/// The field of a claim that does not match the holder's record: the fan is told which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HolderField {
    FirstName,
    LastName,
    BirthDate,
    BirthProvince,
    BirthPlace,
    Sex,
}

/// A code, upper case, without the spaces around it.
fn code(s: &str) -> String {
    s.trim().to_uppercase()
}

/// Whether `claim` is the holder of `record`: first name, last name, birth date, birth
/// province and place (a holder born abroad: province `EE` and the country), and sex; case,
/// accents and spacing do not matter. The first field that differs, in that order, otherwise.
pub fn match_holder(record: &SeasonHolder, claim: &Claim<'_>) -> Result<(), HolderField> {
    let same_name = |a: &str, b: &str| person_key(a) == person_key(b);
    if !same_name(&record.first_name, claim.first_name) {
        return Err(HolderField::FirstName);
    }
    if !same_name(&record.last_name, claim.last_name) {
        return Err(HolderField::LastName);
    }
    if record.birth_date != claim.birth_date {
        return Err(HolderField::BirthDate);
    }
    if code(&record.birth_province) != code(claim.birth_province) {
        return Err(HolderField::BirthProvince);
    }
    if !same_name(&record.birth_place, claim.birth_place) {
        return Err(HolderField::BirthPlace);
    }
    if code(&record.sex) != code(claim.sex) {
        return Err(HolderField::Sex);
    }
    Ok(())
}

/// The sector codes of a comma-separated list (the spec's sector_code), upper case, the empty
/// entries dropped.
pub fn sector_codes(list: &str) -> BTreeSet<String> {
    list.split(',')
        .map(code)
        .filter(|c| !c.is_empty())
        .collect()
}

/// A fidelity card or fiscal seal in the custom list (its right, with the sectors it opens) is
/// valid for the requested sectors only if at least one of its sector codes is among them.
pub fn right_opens(right_sectors: &str, requested: &str) -> bool {
    let requested = sector_codes(requested);
    sector_codes(right_sectors)
        .iter()
        .any(|c| requested.contains(c))
}

/// Why a season holder's pre-emption cannot be used for a fixture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HolderRightRefusal {
    /// No holder with that fiscal seal (a renewal code with no data is "not found" too).
    NotFound,
    /// The holder's Promozioni1 already holds the fixture.
    AlreadyUsed,
}

/// Season-holder pre-emption is allowed only if the holder was found by fiscal seal and their
/// Promozioni1 does not yet hold the fixture.
pub fn holder_right(
    found: Option<&SeasonHolder>,
    fixture: FixtureId,
) -> Result<&SeasonHolder, HolderRightRefusal> {
    let holder = found.ok_or(HolderRightRefusal::NotFound)?;
    if holder.used_for.contains(&fixture) {
        return Err(HolderRightRefusal::AlreadyUsed);
    }
    Ok(holder)
}

/// Using the right adds the fixture to Promozioni1. False when it was there already.
pub fn use_holder_right(holder: &mut SeasonHolder, fixture: FixtureId) -> bool {
    if holder.used_for.contains(&fixture) {
        return false;
    }
    holder.used_for.push(fixture);
    true
}

/// The spec's Promozioni2 value of a record that counts in its buyer's quota.
pub const SEASON_KIND: &str = "SEASON";

/// A buyer's quota: the holder records naming this buyer (name and birth date, compared as
/// holders are) whose Promozioni2 is `SEASON`.
pub fn buyer_quota(
    records: &[SeasonHolder],
    first_name: &str,
    last_name: &str,
    birth_date: NaiveDate,
) -> usize {
    let (first, last) = (person_key(first_name), person_key(last_name));
    records
        .iter()
        .filter(|r| {
            code(&r.kind) == SEASON_KIND
                && r.buyer_birth_date == Some(birth_date)
                && person_key(&r.buyer_first_name) == first
                && person_key(&r.buyer_last_name) == last
        })
        .count()
}

/// A holder record found by a right, its row locked (two uses of one right are taken one
/// after the other): under `label`, by fiscal seal or renewal code (a seal wins); with no
/// label, by fiscal seal only, the newest label's record.
pub(crate) async fn holder_by_right(
    conn: &mut sqlx::PgConnection,
    label: Option<&str>,
    right: &str,
) -> Result<Option<(i64, SeasonHolder)>, sqlx::Error> {
    let row = sqlx::query!(
        "select id, first_name, last_name, birth_date, birth_province, birth_place, sex, fiscal_seal,
                used_for, kind, buyer_first_name, buyer_last_name, buyer_birth_date
           from season_holder
          where ($1::text is null or label = $1)
            and (upper(fiscal_seal) = upper($2) or ($1::text is not null and upper(renewal_code) = upper($2)))
          order by (upper(fiscal_seal) = upper($2)) desc, label desc limit 1
          for update",
        label,
        right.trim()
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        (
            r.id,
            SeasonHolder {
                first_name: r.first_name,
                last_name: r.last_name,
                birth_date: r.birth_date,
                birth_province: r.birth_province,
                birth_place: r.birth_place,
                sex: r.sex,
                fiscal_seal: r.fiscal_seal,
                used_for: r.used_for.into_iter().map(FixtureId).collect(),
                kind: r.kind,
                buyer_first_name: r.buyer_first_name,
                buyer_last_name: r.buyer_last_name,
                buyer_birth_date: r.buyer_birth_date,
            },
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn holder() -> SeasonHolder {
        SeasonHolder {
            first_name: "Niccolò".into(),
            last_name: "D'Angelo".into(),
            birth_date: date(1988, 2, 29),
            birth_province: "CO".into(),
            birth_place: "Cantù".into(),
            sex: "M".into(),
            fiscal_seal: "A1B2C3D4E5F6G7H8".into(),
            used_for: vec![FixtureId(100_001)],
            kind: "SEASON".into(),
            buyer_first_name: "Niccolò".into(),
            buyer_last_name: "D'Angelo".into(),
            buyer_birth_date: Some(date(1988, 2, 29)),
        }
    }

    fn claim(h: &SeasonHolder) -> Claim<'_> {
        Claim {
            first_name: &h.first_name,
            last_name: &h.last_name,
            birth_date: h.birth_date,
            birth_province: &h.birth_province,
            birth_place: &h.birth_place,
            sex: &h.sex,
        }
    }

    #[test]
    fn a_holder_matches_whatever_the_case_accents_and_spaces() {
        let record = holder();
        let typed = Claim {
            first_name: " NICCOLO ",
            last_name: "d'angelo",
            birth_province: "co",
            birth_place: "CANTU",
            sex: "m",
            ..claim(&record)
        };
        assert_eq!(match_holder(&record, &typed), Ok(()));
    }

    #[test]
    fn the_first_field_that_differs_is_named() {
        let record = holder();
        let exact = claim(&record);
        let cases = [
            (
                Claim {
                    first_name: "Nicola",
                    last_name: "Rossi",
                    ..exact
                },
                HolderField::FirstName,
            ),
            (
                Claim {
                    last_name: "Angelo",
                    ..exact
                },
                HolderField::LastName,
            ),
            // A day off, at a leap day.
            (
                Claim {
                    birth_date: date(1988, 3, 1),
                    ..exact
                },
                HolderField::BirthDate,
            ),
            (
                Claim {
                    birth_province: "MI",
                    ..exact
                },
                HolderField::BirthProvince,
            ),
            (
                Claim {
                    birth_place: "Como",
                    ..exact
                },
                HolderField::BirthPlace,
            ),
            (Claim { sex: "F", ..exact }, HolderField::Sex),
        ];
        for (c, field) in cases {
            assert_eq!(match_holder(&record, &c), Err(field), "{c:?}");
        }
    }

    #[test]
    fn a_holder_born_abroad_is_matched_by_ee_and_the_country() {
        let record = SeasonHolder {
            birth_province: FOREIGN_PROVINCE.into(),
            birth_place: "Svizzera".into(),
            ..holder()
        };
        let abroad = Claim {
            birth_province: "ee",
            birth_place: "SVIZZERA",
            ..claim(&record)
        };
        assert_eq!(match_holder(&record, &abroad), Ok(()));
        // The town of birth instead of EE and the country does not match.
        let as_town = Claim {
            birth_province: "CO",
            birth_place: "Lugano",
            ..claim(&record)
        };
        assert_eq!(
            match_holder(&record, &as_town),
            Err(HolderField::BirthProvince)
        );
        let other_country = Claim {
            birth_place: "Francia",
            ..abroad
        };
        assert_eq!(
            match_holder(&record, &other_country),
            Err(HolderField::BirthPlace)
        );
    }

    #[test]
    fn a_right_opens_a_sector_only_when_one_of_its_codes_is_asked_for() {
        assert!(right_opens("TC,TD", "TD"));
        assert!(right_opens(" tc , td ", "CC,td"));
        assert!(right_opens("TC", "TC"));
        assert!(!right_opens("TC,TD", "CC,DI"));
        assert!(!right_opens("TC", ""));
        assert!(!right_opens("", "TC"));
        assert!(!right_opens(",", ","));
        // Codes are whole: TC is not TCX.
        assert!(!right_opens("TC", "TCX"));
        assert_eq!(
            sector_codes("cc, ,TC,cc"),
            ["CC".to_owned(), "TC".to_owned()].into()
        );
    }

    #[test]
    fn a_holder_uses_the_right_once_per_fixture() {
        let mut record = holder();
        let next = FixtureId(100_002);
        assert_eq!(holder_right(None, next), Err(HolderRightRefusal::NotFound));
        assert_eq!(
            holder_right(Some(&record), FixtureId(100_001)),
            Err(HolderRightRefusal::AlreadyUsed)
        );
        assert!(holder_right(Some(&record), next).is_ok());
        assert!(use_holder_right(&mut record, next));
        assert_eq!(
            holder_right(Some(&record), next),
            Err(HolderRightRefusal::AlreadyUsed)
        );
        assert!(!use_holder_right(&mut record, next), "not added twice");
        assert_eq!(record.used_for, [FixtureId(100_001), next]);
    }

    #[test]
    fn a_buyer_quota_counts_their_season_records_only() {
        let mine = holder();
        let child = SeasonHolder {
            first_name: "Giulia".into(),
            fiscal_seal: "B1B2C3D4E5F6G7H8".into(),
            ..holder()
        };
        let single = SeasonHolder {
            kind: "SINGLE".into(),
            ..holder()
        };
        let other_buyer = SeasonHolder {
            buyer_birth_date: Some(date(1990, 1, 1)),
            ..holder()
        };
        let records = [mine, child, single, other_buyer];
        assert_eq!(
            buyer_quota(&records, "NICCOLO", "d'angelo", date(1988, 2, 29)),
            2
        );
        assert_eq!(
            buyer_quota(&records, "Niccolò", "D'Angelo", date(1988, 2, 28)),
            0
        );
    }
}
