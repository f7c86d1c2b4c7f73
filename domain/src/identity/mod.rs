//! The fan's identity (the spec's user: fiscaleCode, date_of_birth, gender, countryOfBirth,
//! provinceOfBirth, municipalityOfBirth, residence, documentType, documentNumber, phone): what
//! the ticketing system needs to register the fan as a person (utenza-addpersona) and what
//! prefills a ticket's holder.
//!
//! Places are the ticketing system's reference data ([`reference`]): a nation by its ISO code,
//! an Italian province by its two letters, a municipality by its ISTAT code. The foreign-born
//! rule (spec: "foreign-born uses code EE and the foreign country"): born outside Italy, the
//! birth province is `EE` and no municipality is given; the fiscal code then names a foreign
//! country (`Z` and three digits). Born in Italy, the municipality's cadastral code must be the
//! fiscal code's.

pub mod fiscal_code;
pub mod people;
pub mod reference;

use crate::orders::DOCUMENT_TYPES;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// Italy's ISO code, and the province code the foreign-born are given.
pub const ITALY: &str = "IT";
pub const FOREIGN_PROVINCE: &str = "EE";

/// The identity as the fan types it (every field; an empty string is "not given").
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IdentityInput {
    pub first_name: String,
    pub last_name: String,
    pub fiscal_code: String,
    pub birth_date: Option<NaiveDate>,
    /// `M` or `F`.
    pub sex: String,
    /// ISO code of the nation of birth (`IT`).
    pub birth_country: String,
    /// The province's two letters; `EE` (or empty) for the foreign-born.
    #[serde(default)]
    pub birth_province: String,
    /// The municipality's ISTAT code; empty for the foreign-born.
    #[serde(default)]
    pub birth_municipality: String,
    pub residence_country: String,
    #[serde(default)]
    pub residence_province: String,
    #[serde(default)]
    pub residence_municipality: String,
    /// Street and number.
    #[serde(default)]
    pub address: String,
    /// `id_card`, `passport` or `driving_licence`.
    pub document_type: String,
    pub document_number: String,
    /// International form (`+393331234567`); empty when not given.
    #[serde(default)]
    pub phone: String,
}

/// Where the fan's registration as a person in the ticketing system stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Registration {
    /// No identity given yet.
    None,
    /// Being registered (or registered with details since changed).
    Pending,
    Registered,
}

/// The fan's identity as the apps see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Identity {
    pub first_name: String,
    pub last_name: String,
    pub fiscal_code: String,
    pub birth_date: Option<NaiveDate>,
    pub sex: String,
    pub birth_country: String,
    pub birth_province: String,
    pub birth_municipality: String,
    /// The municipality's name, or the foreign country's (the holder's birthplace).
    pub birth_place: String,
    pub residence_country: String,
    pub residence_province: String,
    pub residence_municipality: String,
    pub address: String,
    pub document_type: String,
    pub document_number: String,
    pub phone: String,
    pub registration: Registration,
    pub planet_persona_id: Option<i64>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A field's problem, as the API's stable code.
pub type Problems = BTreeMap<&'static str, &'static str>;

/// The input cleaned up: trimmed, codes upper-cased, the foreign-born's province `EE`. From
/// [`validate`], every check passed (the birth date then given).
#[derive(Debug, Clone)]
pub struct Clean {
    pub first_name: String,
    pub last_name: String,
    pub fiscal_code: String,
    pub birth_date: Option<NaiveDate>,
    pub sex: String,
    pub birth_country: String,
    pub birth_province: String,
    pub birth_municipality: String,
    pub residence_country: String,
    pub residence_province: String,
    pub residence_municipality: String,
    pub address: String,
    pub document_type: String,
    pub document_number: String,
    pub phone: String,
}

fn clean(input: &IdentityInput) -> Clean {
    let code = |s: &str| s.trim().to_ascii_uppercase();
    let birth_country = code(&input.birth_country);
    let foreign = !birth_country.is_empty() && birth_country != ITALY;
    Clean {
        first_name: input.first_name.trim().to_owned(),
        last_name: input.last_name.trim().to_owned(),
        fiscal_code: code(&input.fiscal_code),
        birth_date: input.birth_date,
        sex: code(&input.sex),
        birth_province: if foreign {
            FOREIGN_PROVINCE.to_owned()
        } else {
            code(&input.birth_province)
        },
        birth_municipality: if foreign {
            String::new()
        } else {
            input.birth_municipality.trim().to_owned()
        },
        birth_country,
        residence_country: code(&input.residence_country),
        residence_province: code(&input.residence_province),
        residence_municipality: input.residence_municipality.trim().to_owned(),
        address: input.address.trim().to_owned(),
        document_type: input.document_type.trim().to_owned(),
        document_number: code(&input.document_number).replace(' ', ""),
        phone: input.phone.chars().filter(|c| !c.is_whitespace()).collect(),
    }
}

/// A phone number in international form: `+`, a country code and 6 to 14 more digits; an
/// Italian one (`+39`) 6 to 11 digits after the prefix.
pub fn phone_is_valid(phone: &str) -> bool {
    let Some(digits) = phone.strip_prefix('+') else {
        return false;
    };
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return false;
    }
    match digits.strip_prefix("39") {
        Some(national) => (6..=11).contains(&national.len()),
        None => (8..=15).contains(&digits.len()),
    }
}

fn name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("required")
    } else if name.chars().count() > 60 {
        Some("too_long")
    } else if !name.chars().any(char::is_alphabetic)
        || name
            .chars()
            .any(|c| !(c.is_alphabetic() || matches!(c, ' ' | '\'' | '-' | '.')))
    {
        Some("invalid")
    } else {
        None
    }
}

/// Checks an identity (the fan's, or a person's the fan names: a supporter card's holder)
/// against the rules and the reference data: the identity cleaned up, or each field's problem.
pub async fn validate(
    conn: &mut PgConnection,
    input: &IdentityInput,
    today: NaiveDate,
) -> Result<Result<Clean, Problems>, sqlx::Error> {
    let c = clean(input);
    let mut problems = Problems::new();
    for (field, value) in [("first_name", &c.first_name), ("last_name", &c.last_name)] {
        if let Some(p) = name_problem(value) {
            problems.insert(field, p);
        }
    }
    match c.birth_date {
        None => {
            problems.insert("birth_date", "required");
        }
        Some(d) if d > today => {
            problems.insert("birth_date", "in_future");
        }
        Some(d) if d < today - chrono::Months::new(12 * 120) => {
            problems.insert("birth_date", "too_old");
        }
        Some(_) => {}
    }
    if !matches!(c.sex.as_str(), "M" | "F") {
        problems.insert(
            "sex",
            if c.sex.is_empty() {
                "required"
            } else {
                "invalid"
            },
        );
    }
    // Birthplace and residence: a known nation; in Italy, a known province and one of its
    // municipalities.
    let cadastral_code = check_place(
        conn,
        &BIRTH,
        [&c.birth_country, &c.birth_province, &c.birth_municipality],
        &mut problems,
    )
    .await?;
    check_place(
        conn,
        &RESIDENCE,
        [
            &c.residence_country,
            &c.residence_province,
            &c.residence_municipality,
        ],
        &mut problems,
    )
    .await?;
    if c.address.chars().count() > 200 {
        problems.insert("address", "too_long");
    }
    if !DOCUMENT_TYPES.contains(&c.document_type.as_str()) {
        problems.insert(
            "document_type",
            if c.document_type.is_empty() {
                "required"
            } else {
                "invalid"
            },
        );
    }
    if c.document_number.is_empty() {
        problems.insert("document_number", "required");
    } else if !(5..=20).contains(&c.document_number.len())
        || !c.document_number.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        problems.insert("document_number", "invalid");
    }
    if !c.phone.is_empty() && !phone_is_valid(&c.phone) {
        problems.insert("phone", "invalid");
    }
    // The fiscal code: its form and check character, then (when the rest holds) that it is
    // this person's.
    if c.fiscal_code.is_empty() {
        problems.insert("fiscal_code", "required");
    } else {
        match fiscal_code::FiscalCode::parse(&c.fiscal_code) {
            Err(p) => {
                problems.insert("fiscal_code", p.code());
            }
            Ok(code) => {
                // With no problem left, the birthplace is known: a cadastral code in Italy,
                // none abroad.
                if let (true, Some(birth_date)) = (problems.is_empty(), c.birth_date)
                    && let Some(p) = code.mismatch(&fiscal_code::Person {
                        first_name: &c.first_name,
                        last_name: &c.last_name,
                        birth_date,
                        sex: &c.sex,
                        cadastral_code: cadastral_code.as_deref(),
                    })
                {
                    problems.insert("fiscal_code", p.code());
                }
            }
        }
    }
    Ok(if problems.is_empty() {
        Ok(c)
    } else {
        Err(problems)
    })
}

/// Checks the identity against the rules and the reference data; saves it (bumping its
/// version, for the registration job) when it holds. Returns the problems otherwise, and
/// changes nothing.
pub async fn save(
    conn: &mut PgConnection,
    user_id: Uuid,
    input: &IdentityInput,
    today: NaiveDate,
) -> Result<Result<i32, Problems>, sqlx::Error> {
    let c = match validate(conn, input, today).await? {
        Ok(c) => c,
        Err(problems) => return Ok(Err(problems)),
    };
    // One account per person: another live account with this fiscal code refuses it (the
    // unique index decides between two saving at once).
    let taken = || Ok(Err(Problems::from([("fiscal_code", "taken")])));
    let elsewhere = sqlx::query_scalar!(
        r#"select exists (select 1 from app_user
                           where fiscal_code = $1 and user_id <> $2 and deleted_at is null) as "e!""#,
        c.fiscal_code,
        user_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if elsewhere {
        return taken();
    }
    let saved = sqlx::query_scalar!(
        r#"update app_user
              set first_name = $2, last_name = $3, fiscal_code = $4, date_of_birth = $5, gender = $6,
                  country_of_birth = $7, province_of_birth = $8, municipality_of_birth = $9,
                  residence_country = $10, residence_province = $11, residence_municipality = $12,
                  address = $13, document_type = $14, document_number = $15, phone = $16,
                  full_name = $2 || ' ' || $3,
                  identity_version = identity_version + 1, identity_updated_at = now()
            where user_id = $1
        returning identity_version"#,
        user_id,
        c.first_name,
        c.last_name,
        c.fiscal_code,
        c.birth_date,
        c.sex,
        c.birth_country,
        c.birth_province,
        c.birth_municipality,
        c.residence_country,
        c.residence_province,
        c.residence_municipality,
        c.address,
        c.document_type,
        c.document_number,
        c.phone,
    )
    .fetch_one(conn)
    .await;
    match saved {
        Ok(version) => Ok(Ok(version)),
        Err(sqlx::Error::Database(e)) if e.constraint() == Some("app_user_fiscal_code_idx") => {
            taken()
        }
        Err(e) => Err(e),
    }
}

/// The names of a place's fields: country, province, municipality.
type PlaceFields = [&'static str; 3];
const BIRTH: PlaceFields = ["birth_country", "birth_province", "birth_municipality"];
const RESIDENCE: PlaceFields = [
    "residence_country",
    "residence_province",
    "residence_municipality",
];

/// Checks a place (country, province, municipality), putting what is wrong in `problems`
/// under its field: the country known; in Italy, the province known and the municipality
/// known and in it. An Italian place's cadastral code.
async fn check_place(
    conn: &mut PgConnection,
    fields: &PlaceFields,
    [country, province, municipality]: [&str; 3],
    problems: &mut Problems,
) -> Result<Option<String>, sqlx::Error> {
    let [country_field, province_field, municipality_field] = *fields;
    let problem = if country.is_empty() {
        (country_field, "required")
    } else if !reference::nation_exists(conn, country).await? {
        (country_field, "unknown")
    } else if country != ITALY {
        return Ok(None);
    } else if province.is_empty() {
        (province_field, "required")
    } else if !reference::province_exists(conn, province).await? {
        (province_field, "unknown")
    } else if municipality.is_empty() {
        (municipality_field, "required")
    } else {
        match reference::municipality(conn, municipality).await? {
            Some(m) if m.province == province => return Ok(Some(m.cadastral_code)),
            Some(_) => (municipality_field, "not_in_province"),
            None => (municipality_field, "unknown"),
        }
    };
    problems.insert(problem.0, problem.1);
    Ok(None)
}

/// The fan's identity.
pub async fn get(conn: &mut PgConnection, user_id: Uuid) -> Result<Option<Identity>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select u.first_name, u.last_name, u.fiscal_code, u.date_of_birth, u.gender,
                  u.country_of_birth, u.province_of_birth, u.municipality_of_birth,
                  u.residence_country, u.residence_province, u.residence_municipality, u.address,
                  u.document_type, u.document_number, u.phone, u.planet_persona_id,
                  u.identity_version, u.persona_registered_version, u.identity_updated_at,
                  coalesce(m.name, n.name_it, '') as "birth_place!"
             from app_user u
             left join ref_municipality m on m.istat_code = u.municipality_of_birth
             left join ref_nation n on n.code = u.country_of_birth and u.country_of_birth <> 'IT'
            where u.user_id = $1"#,
        user_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| Identity {
        registration: if r.identity_version == 0 {
            Registration::None
        } else if r.planet_persona_id.is_some()
            && r.persona_registered_version >= r.identity_version
        {
            Registration::Registered
        } else {
            Registration::Pending
        },
        first_name: r.first_name,
        last_name: r.last_name,
        fiscal_code: r.fiscal_code,
        birth_date: r.date_of_birth,
        sex: r.gender,
        birth_country: r.country_of_birth,
        birth_province: r.province_of_birth,
        birth_municipality: r.municipality_of_birth,
        birth_place: r.birth_place,
        residence_country: r.residence_country,
        residence_province: r.residence_province,
        residence_municipality: r.residence_municipality,
        address: r.address,
        document_type: r.document_type,
        document_number: r.document_number,
        phone: r.phone,
        planet_persona_id: r.planet_persona_id,
        updated_at: r.identity_updated_at,
    }))
}

/// What the registration job sends: the identity as of its current version.
#[derive(Debug, Clone)]
pub struct ToRegister {
    pub version: i32,
    pub registered_version: i32,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub sex: String,
    pub fiscal_code: String,
}

/// The identity to register, under its row's lock (none without one).
pub async fn to_register(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> Result<Option<ToRegister>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select identity_version, persona_registered_version, first_name, last_name,
                  date_of_birth, gender, fiscal_code
             from app_user where user_id = $1 and identity_version > 0 for update"#,
        user_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.and_then(|r| {
        Some(ToRegister {
            version: r.identity_version,
            registered_version: r.persona_registered_version,
            first_name: r.first_name,
            last_name: r.last_name,
            birth_date: r.date_of_birth?,
            sex: r.gender,
            fiscal_code: r.fiscal_code,
        })
    }))
}

/// Records the ticketing system's person id for the identity's `version`, unless the identity
/// changed since (then the change's own registration records it).
pub async fn registered(
    conn: &mut PgConnection,
    user_id: Uuid,
    version: i32,
    persona_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update app_user set planet_persona_id = $3,
                persona_registered_version = $2
          where user_id = $1 and identity_version = $2",
        user_id,
        version,
        persona_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_in_international_form() {
        for ok in [
            "+393331234567",
            "+39031123456",
            "+4915112345678",
            "+12025550123",
        ] {
            assert!(phone_is_valid(ok), "{ok}");
        }
        for bad in [
            "3331234567",
            "+39",
            "+3912345",
            "+39333123456789",
            "+39 333 1234567",
            "+0123456789",
            "+39333abc4567",
            "",
        ] {
            assert!(!phone_is_valid(bad), "{bad}");
        }
    }

    #[test]
    fn the_foreign_born_get_province_ee_and_no_municipality() {
        let c = clean(&IdentityInput {
            birth_country: "de".into(),
            birth_province: "CO".into(),
            birth_municipality: "013075".into(),
            document_number: " ca 123 45 ".into(),
            ..Default::default()
        });
        assert_eq!(
            (
                c.birth_country.as_str(),
                c.birth_province.as_str(),
                c.birth_municipality.as_str()
            ),
            ("DE", "EE", "")
        );
        assert_eq!(c.document_number, "CA12345");
    }

    #[test]
    fn names_with_accents_apostrophes_and_spaces_are_names() {
        for ok in ["D'Angelo", "De Luca", "Nicolò", "Anne-Marie", "J. R."] {
            assert_eq!(name_problem(ok), None, "{ok}");
        }
        assert_eq!(name_problem(""), Some("required"));
        assert_eq!(name_problem("R2D2"), Some("invalid"));
        assert_eq!(name_problem("--"), Some("invalid"));
    }
}
