//! Corporate requests (the spec's `corporate_requests`, /register_company and
//! /admin/corporate/company_request): a signed-in user asks for a corporate account for a
//! company; staff approve or decline it.
//!
//! Status 0 is received, 1 approved (the spec's "open or active"), 2 declined. While a
//! request is open or active, no other may name the same company, company e-mail or user
//! e-mail: three partial unique indexes say so, so two submissions racing cannot both land.

use crate::email::Email;
use crate::language::Language;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// The spec's corporate request status, stored and serialised as its number (0, 1, 2; the
/// column has a CHECK of the same values).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde_repr::Serialize_repr,
    serde_repr::Deserialize_repr,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[repr(i16)]
pub enum RequestStatus {
    /// Received, waiting for staff.
    Received = 0,
    /// Approved by staff.
    Approved = 1,
    /// Declined by staff (no longer blocks a new request).
    Declined = 2,
}

impl RequestStatus {
    pub fn from_i16(n: i16) -> Option<RequestStatus> {
        match n {
            0 => Some(RequestStatus::Received),
            1 => Some(RequestStatus::Approved),
            2 => Some(RequestStatus::Declined),
            _ => None,
        }
    }

    /// The status's name in the staff's exports (Italian, as the sheets' headers).
    pub fn name_it(self) -> &'static str {
        match self {
            RequestStatus::Received => "ricevuta",
            RequestStatus::Approved => "approvata",
            RequestStatus::Declined => "rifiutata",
        }
    }

    /// Its name in the author's e-mail.
    pub fn name_en(self) -> &'static str {
        match self {
            RequestStatus::Received => "received",
            RequestStatus::Approved => "approved",
            RequestStatus::Declined => "declined",
        }
    }
}

/// A request as staff and its author see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CorporateRequest {
    pub id: Uuid,
    pub company_name: String,
    pub vat_number: String,
    pub company_email: String,
    pub corporate_user_email: String,
    pub contact_name: String,
    pub phone: String,
    pub message: String,
    pub language: String,
    pub status: RequestStatus,
    pub created_at: DateTime<Utc>,
    pub decided_by: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
}

/// What a user sends (spec: /register_company); a missing field is reported as required.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RequestForm {
    pub company_name: String,
    pub vat_number: String,
    pub company_email: String,
    pub contact_name: String,
    pub phone: String,
    pub message: String,
}

/// A form that passed [`RequestForm::validate`].
#[derive(Debug, Clone)]
pub struct ValidRequest {
    company_name: String,
    vat_number: String,
    company_email: Email,
    contact_name: String,
    phone: String,
    message: String,
}

/// Whether an Italian VAT number (partita IVA: 11 digits) has the right check digit.
pub fn vat_number_is_valid(vat: &str) -> bool {
    let digits: Vec<u32> = vat.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 11 || vat.len() != 11 {
        return false;
    }
    let sum: u32 = digits[..10]
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            if i % 2 == 0 {
                d
            } else {
                let x = d * 2;
                if x > 9 { x - 9 } else { x }
            }
        })
        .sum();
    (10 - sum % 10) % 10 == digits[10]
}

impl RequestForm {
    /// Trims and checks every field; the errors are per field, with a stable code each.
    pub fn validate(&self) -> Result<ValidRequest, BTreeMap<String, String>> {
        let mut errors = BTreeMap::new();
        let company_name = self
            .company_name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        match company_name.chars().count() {
            0 => {
                errors.insert("company_name".into(), "required".into());
            }
            1 | 121.. => {
                errors.insert("company_name".into(), "length".into());
            }
            _ => {}
        }
        let vat_number: String = self
            .vat_number
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let vat_number = vat_number
            .strip_prefix("IT")
            .or_else(|| vat_number.strip_prefix("it"))
            .unwrap_or(&vat_number)
            .to_owned();
        if vat_number.is_empty() {
            errors.insert("vat_number".into(), "required".into());
        } else if !vat_number_is_valid(&vat_number) {
            errors.insert("vat_number".into(), "invalid".into());
        }
        let company_email = if self.company_email.trim().is_empty() {
            errors.insert("company_email".into(), "required".into());
            None
        } else {
            Email::parse(&self.company_email)
                .map_err(|_| errors.insert("company_email".into(), "invalid".into()))
                .ok()
        };
        let contact_name = self
            .contact_name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        match contact_name.chars().count() {
            0 => {
                errors.insert("contact_name".into(), "required".into());
            }
            1 | 121.. => {
                errors.insert("contact_name".into(), "length".into());
            }
            _ => {}
        }
        let phone = self.phone.trim().to_owned();
        let phone_ok = {
            let rest = phone.strip_prefix('+').unwrap_or(&phone);
            let digits = rest.chars().filter(char::is_ascii_digit).count();
            rest.chars().all(|c| c.is_ascii_digit() || c == ' ')
                && (6..=20).contains(&rest.len())
                && digits >= 6
        };
        if phone.is_empty() {
            errors.insert("phone".into(), "required".into());
        } else if !phone_ok {
            errors.insert("phone".into(), "invalid".into());
        }
        let message = self.message.trim().to_owned();
        if message.chars().count() > 2000 {
            errors.insert("message".into(), "length".into());
        }
        match company_email {
            Some(company_email) if errors.is_empty() => Ok(ValidRequest {
                company_name,
                vat_number,
                company_email,
                contact_name,
                phone,
                message,
            }),
            _ => Err(errors),
        }
    }
}

/// Why a request could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// Another open or active request names the same `field` (company_name, company_email or
    /// corporate_user_email).
    #[error("an open request already names this {0}")]
    Duplicate(&'static str),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Records a request by `user` (whose e-mail becomes the corporate user's). The unique
/// indexes decide duplicates, so two racing submissions cannot both be recorded.
pub async fn submit(
    conn: &mut PgConnection,
    user: Uuid,
    user_email: &Email,
    language: Language,
    form: &ValidRequest,
) -> Result<CorporateRequest, SubmitError> {
    let id = Uuid::now_v7();
    let inserted = sqlx::query!(
        "insert into corporate_request
           (request_id, company_name, vat_number, company_email, corporate_user_email,
            requested_by, contact_name, phone, message, language)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        id,
        form.company_name,
        form.vat_number,
        form.company_email.as_str(),
        user_email.as_str(),
        user,
        form.contact_name,
        form.phone,
        form.message,
        language.code()
    )
    .execute(&mut *conn)
    .await;
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            return Err(SubmitError::Duplicate(match e.constraint() {
                Some("corporate_request_open_company_name") => "company_name",
                Some("corporate_request_open_company_email") => "company_email",
                _ => "corporate_user_email",
            }));
        }
        Err(e) => return Err(e.into()),
    }
    Ok(find(conn, id).await?.expect("inserted above"))
}

/// Filters of the staff list.
#[derive(Debug, Clone, Default)]
pub struct RequestQuery {
    /// Only this request.
    pub id: Option<Uuid>,
    /// A company name, VAT number or e-mail, contained.
    pub search: Option<String>,
    pub status: Option<i16>,
    /// Only this user's requests.
    pub requested_by: Option<Uuid>,
    pub offset: i64,
    pub limit: i64,
}

/// Requests newest first (spec: ordered by created descending), with the total.
pub async fn list(
    conn: &mut PgConnection,
    q: &RequestQuery,
) -> Result<(Vec<CorporateRequest>, i64), sqlx::Error> {
    let pattern = q.search.as_deref().map(crate::db::contains_pattern);
    let rows = sqlx::query!(
        r#"select r.request_id, r.company_name, r.vat_number, r.company_email,
                  r.corporate_user_email, r.contact_name, r.phone, r.message, r.language,
                  r.status as "status: RequestStatus", r.created_at, d.email as "decided_by?", r.decided_at,
                  count(*) over () as "full_count!"
             from corporate_request r
             left join app_user d on d.user_id = r.decided_by
            where ($1::text is null or lower(r.company_name) like $1 or r.vat_number like $1
                   or r.company_email like $1 or r.corporate_user_email like $1)
              and ($2::smallint is null or r.status = $2)
              and ($3::uuid is null or r.requested_by = $3)
              and ($6::uuid is null or r.request_id = $6)
            order by r.created_at desc
           offset $4 limit $5"#,
        pattern,
        q.status,
        q.requested_by,
        q.offset,
        q.limit,
        q.id
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| CorporateRequest {
                id: r.request_id,
                company_name: r.company_name,
                vat_number: r.vat_number,
                company_email: r.company_email,
                corporate_user_email: r.corporate_user_email,
                contact_name: r.contact_name,
                phone: r.phone,
                message: r.message,
                language: r.language,
                status: r.status,
                created_at: r.created_at,
                decided_by: r.decided_by,
                decided_at: r.decided_at,
            })
            .collect(),
        total,
    ))
}

/// One request.
pub async fn find(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<CorporateRequest>, sqlx::Error> {
    let q = RequestQuery {
        id: Some(id),
        limit: 1,
        ..Default::default()
    };
    Ok(list(conn, &q).await?.0.pop())
}

/// Why a decision could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum DecideError {
    #[error("no such request")]
    NotFound,
    /// Only a received request is decided.
    #[error("the request was already decided")]
    AlreadyDecided(RequestStatus),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Approves or declines a received request, in one conditional update (two staff deciding at
/// once: the second is told it was decided). Approving also marks the requester's account
/// as corporate (`is_corporate`); the corporate area's own role is given by an admin.
pub async fn decide(
    conn: &mut PgConnection,
    id: Uuid,
    approve: bool,
    staff: Uuid,
) -> Result<CorporateRequest, DecideError> {
    let status = if approve {
        RequestStatus::Approved
    } else {
        RequestStatus::Declined
    };
    let updated = sqlx::query_scalar!(
        "update corporate_request set status = $2, decided_by = $3, decided_at = now()
          where request_id = $1 and status = $4
         returning requested_by",
        id,
        status as RequestStatus,
        staff,
        RequestStatus::Received as RequestStatus
    )
    .fetch_optional(&mut *conn)
    .await?;
    match updated {
        Some(requested_by) => {
            if approve {
                sqlx::query!(
                    "update app_user set is_corporate = true where user_id = $1",
                    requested_by
                )
                .execute(&mut *conn)
                .await?;
            }
            Ok(find(conn, id).await?.expect("updated above"))
        }
        None => match find(conn, id).await? {
            None => Err(DecideError::NotFound),
            Some(r) => Err(DecideError::AlreadyDecided(r.status)),
        },
    }
}

/// Every request, for the export, newest first.
pub fn all(
    conn: &mut PgConnection,
) -> futures::stream::BoxStream<'_, Result<CorporateRequest, sqlx::Error>> {
    use futures::StreamExt;
    sqlx::query_as!(
        CorporateRequest,
        r#"select r.request_id as id, r.company_name, r.vat_number, r.company_email,
                  r.corporate_user_email, r.contact_name, r.phone, r.message, r.language,
                  r.status as "status: RequestStatus", r.created_at, d.email as "decided_by?", r.decided_at
             from corporate_request r
             left join app_user d on d.user_id = r.decided_by
            order by r.created_at desc"#
    )
    .fetch(conn)
    .boxed()
}

/// How many requests there are (the export's total).
pub async fn count(conn: &mut PgConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select count(*) as "n!" from corporate_request"#)
        .fetch_one(conn)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> RequestForm {
        RequestForm {
            company_name: "  Lario   Serramenti srl ".into(),
            vat_number: "IT 0274 335 0130".into(),
            company_email: "Info@Lario-Serramenti.it".into(),
            contact_name: "Giulia Bianchi".into(),
            phone: "+39 031 555 0101".into(),
            message: String::new(),
        }
    }

    #[test]
    fn the_vat_check_digit_is_checked() {
        assert!(vat_number_is_valid("02743350130"));
        assert!(!vat_number_is_valid("02743350134"));
        assert!(!vat_number_is_valid("0274335013"));
        assert!(!vat_number_is_valid("0274335013a"));
    }

    #[test]
    fn a_good_form_is_normalised() {
        let v = form().validate().unwrap();
        assert_eq!(v.company_name, "Lario Serramenti srl");
        assert_eq!(v.vat_number, "02743350130");
        assert_eq!(v.company_email.as_str(), "info@lario-serramenti.it");
    }

    #[test]
    fn each_bad_field_is_named() {
        let bad = RequestForm {
            company_name: " ".into(),
            vat_number: "12345678901".into(),
            company_email: "not-an-email".into(),
            contact_name: "X".into(),
            phone: "abc".into(),
            message: "m".repeat(2001),
        };
        let errors = bad.validate().unwrap_err();
        assert_eq!(errors["company_name"], "required");
        assert_eq!(errors["vat_number"], "invalid");
        assert_eq!(errors["company_email"], "invalid");
        assert_eq!(errors["contact_name"], "length");
        assert_eq!(errors["phone"], "invalid");
        assert_eq!(errors["message"], "length");
    }
}
