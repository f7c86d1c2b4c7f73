//! Applications for the club's supporter card (spec: /blunelcuore): a fan applies for themself
//! or a family member with the holder's identity and photo; the application moves
//!
//! ```text
//! submitted --(job: tesseratifoso-registra)--> registered --(staff: issue)--> issuing
//!   issuing --(job: tesseratifoso-emetti, the police check)--> issued | refused
//!   submitted | registered --(staff: reject)--> rejected
//!   issued --(staff: revoke)--> revoking --(job: delete-tesseratifoso)--> revoked
//!   issued --(re-check: revoked or expired in the ticketing system)--> revoked | expired
//! ```
//!
//! Each move is one conditional update (`where state = ...`): a repeated job or a second click
//! moves nothing twice. One application in progress or card in force per fiscal code (a
//! partial unique index).

use crate::identity::Clean;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

/// Whose card it is, for the applicant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CardRelationship)]
pub enum Relationship {
    /// The applicant's own card.
    #[serde(rename = "self")]
    Myself,
    Child,
    Partner,
    Parent,
    Sibling,
    Other,
}

impl Relationship {
    pub fn code(self) -> &'static str {
        match self {
            Relationship::Myself => "self",
            Relationship::Child => "child",
            Relationship::Partner => "partner",
            Relationship::Parent => "parent",
            Relationship::Sibling => "sibling",
            Relationship::Other => "other",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [
            Relationship::Myself,
            Relationship::Child,
            Relationship::Partner,
            Relationship::Parent,
            Relationship::Sibling,
            Relationship::Other,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }
}

/// Where an application stands (see the module's diagram).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CardApplicationState)]
pub enum ApplicationState {
    Submitted,
    Registered,
    Issuing,
    Issued,
    Refused,
    Rejected,
    Revoking,
    Revoked,
    Expired,
}

impl ApplicationState {
    pub const ALL: [ApplicationState; 9] = [
        ApplicationState::Submitted,
        ApplicationState::Registered,
        ApplicationState::Issuing,
        ApplicationState::Issued,
        ApplicationState::Refused,
        ApplicationState::Rejected,
        ApplicationState::Revoking,
        ApplicationState::Revoked,
        ApplicationState::Expired,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ApplicationState::Submitted => "submitted",
            ApplicationState::Registered => "registered",
            ApplicationState::Issuing => "issuing",
            ApplicationState::Issued => "issued",
            ApplicationState::Refused => "refused",
            ApplicationState::Rejected => "rejected",
            ApplicationState::Revoking => "revoking",
            ApplicationState::Revoked => "revoked",
            ApplicationState::Expired => "expired",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// Why an application was refused: the ticketing system's police check said no, or the person
/// already holds a card there.
pub const REFUSED_BY_POLICE: &str = "police_refused";
pub const REFUSED_CARD_EXISTS: &str = "card_exists";
/// Staff rejected it.
pub const REJECTED_BY_STAFF: &str = "rejected_by_staff";

/// An application as its applicant and staff see it (the photo apart).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = CardApplication)]
pub struct Application {
    pub id: Uuid,
    pub user_id: Uuid,
    pub user_email: String,
    pub relationship: Relationship,
    pub first_name: String,
    pub last_name: String,
    pub fiscal_code: String,
    pub birth_date: NaiveDate,
    pub sex: String,
    /// The municipality's name, or the foreign country's.
    pub birth_place: String,
    pub state: ApplicationState,
    pub card_number: Option<String>,
    pub expires_on: Option<NaiveDate>,
    /// `police_refused`, `card_exists` or `rejected_by_staff`.
    pub refusal_code: Option<String>,
    /// Staff's words when they rejected it (shown to the applicant).
    pub refusal_note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    pub issued_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// When staff last compared it with the ticketing system.
    pub checked_at: Option<DateTime<Utc>>,
}

/// Most applications in progress one account may have (a family's).
pub const MAX_OPEN_PER_ACCOUNT: i64 = 10;

/// Why an application could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// This person (fiscal code) has an application in progress or a card in force.
    #[error("this person already has an application in progress or a card")]
    AlreadyApplied,
    #[error("the account has the most applications in progress it may")]
    TooMany,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Stores an application from `user` for `holder` (checked by `identity::validate`) with its
/// photo (made by `photo::prepare`). The account's row is locked so two at once cannot pass
/// the limit together; the unique index decides between two accounts applying for one person.
pub async fn create(
    conn: &mut PgConnection,
    user: Uuid,
    relationship: Relationship,
    holder: &Clean,
    photo: &[u8],
) -> Result<Application, CreateError> {
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for update",
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    let open: i64 = sqlx::query_scalar!(
        r#"select count(*) as "n!" from supporter_card_application
            where user_id = $1 and state in ('submitted', 'registered', 'issuing')"#,
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    if open >= MAX_OPEN_PER_ACCOUNT {
        return Err(CreateError::TooMany);
    }
    let id = Uuid::now_v7();
    let inserted = sqlx::query!(
        "insert into supporter_card_application
           (application_id, user_id, relationship, first_name, last_name, fiscal_code, birth_date,
            sex, birth_country, birth_province, birth_municipality, residence_country,
            residence_province, residence_municipality, address, document_type, document_number,
            photo, consent_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now())
         on conflict (fiscal_code)
            where state in ('submitted', 'registered', 'issuing', 'issued', 'revoking')
            do nothing",
        id,
        user,
        relationship.code(),
        holder.first_name,
        holder.last_name,
        holder.fiscal_code,
        holder.birth_date,
        holder.sex,
        holder.birth_country,
        holder.birth_province,
        holder.birth_municipality,
        holder.residence_country,
        holder.residence_province,
        holder.residence_municipality,
        holder.address,
        holder.document_type,
        holder.document_number,
        photo,
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(CreateError::AlreadyApplied);
    }
    Ok(find(conn, id).await?.expect("inserted above"))
}

/// Filters of the application lists.
#[derive(Debug, Clone, Default)]
pub struct ApplicationQuery {
    pub id: Option<Uuid>,
    /// Only this applicant's.
    pub user_id: Option<Uuid>,
    /// The spec's search: an e-mail (the applicant's), `LAST, FIRST` (the holder's, any case),
    /// a fiscal code, or a card number tried as text and as a number (`TF0000000012` is found
    /// by `12`).
    pub search: Option<String>,
    pub state: Option<ApplicationState>,
    pub offset: i64,
    pub limit: i64,
}

/// The search's three forms.
fn search_terms(q: &str) -> (Option<String>, Option<(String, String)>, Option<String>) {
    let q = q.trim();
    if q.is_empty() {
        return (None, None, None);
    }
    if q.contains('@') {
        return (Some(q.to_lowercase()), None, None);
    }
    if let Some((last, first)) = q.split_once(',') {
        return (
            None,
            Some((last.trim().to_uppercase(), first.trim().to_uppercase())),
            None,
        );
    }
    (None, None, Some(q.to_uppercase()))
}

/// Applications newest first, with the total.
pub async fn list(
    conn: &mut PgConnection,
    q: &ApplicationQuery,
) -> Result<(Vec<Application>, i64), sqlx::Error> {
    let (email, name, code) = q.search.as_deref().map(search_terms).unwrap_or_default();
    let (last, first) = name.unzip();
    // A card number as a number: its digits without leading zeros.
    let as_number = code
        .as_deref()
        .filter(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()))
        .map(|c| c.trim_start_matches('0').to_owned());
    let rows = sqlx::query!(
        r#"select a.application_id, a.user_id, u.email as user_email, a.relationship,
                  a.first_name, a.last_name, a.fiscal_code, a.birth_date, a.sex,
                  coalesce(m.name, n.name_it, '') as "birth_place!", a.state, a.card_number,
                  a.expires_on, a.refusal_code, a.refusal_note, a.created_at, a.decided_at,
                  a.issued_at, a.revoked_at, a.checked_at, count(*) over () as "full_count!"
             from supporter_card_application a
             join app_user u on u.user_id = a.user_id
             left join ref_municipality m on m.istat_code = a.birth_municipality
             left join ref_nation n on n.code = a.birth_country and a.birth_country <> 'IT'
            where ($1::uuid is null or a.application_id = $1)
              and ($2::uuid is null or a.user_id = $2)
              and ($3::text is null or a.state = $3)
              and ($4::text is null or lower(u.email) = $4)
              and ($5::text is null or (upper(a.last_name) = $5 and upper(a.first_name) = $6))
              and ($7::text is null or a.card_number = $7 or a.fiscal_code = $7
                   or ($8::text is not null
                       and ltrim(regexp_replace(a.card_number, '[^0-9]', '', 'g'), '0') = $8))
            order by a.created_at desc, a.application_id
           offset $9 limit $10"#,
        q.id,
        q.user_id,
        q.state.map(|s| s.code()),
        email,
        last,
        first,
        code,
        as_number,
        q.offset,
        q.limit,
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| Application {
                id: r.application_id,
                user_id: r.user_id,
                user_email: r.user_email,
                relationship: Relationship::parse(&r.relationship).unwrap_or(Relationship::Other),
                first_name: r.first_name,
                last_name: r.last_name,
                fiscal_code: r.fiscal_code,
                birth_date: r.birth_date,
                sex: r.sex,
                birth_place: r.birth_place,
                state: ApplicationState::parse(&r.state).unwrap_or(ApplicationState::Submitted),
                card_number: r.card_number,
                expires_on: r.expires_on,
                refusal_code: r.refusal_code,
                refusal_note: r.refusal_note,
                created_at: r.created_at,
                decided_at: r.decided_at,
                issued_at: r.issued_at,
                revoked_at: r.revoked_at,
                checked_at: r.checked_at,
            })
            .collect(),
        total,
    ))
}

/// One application.
pub async fn find(conn: &mut PgConnection, id: Uuid) -> Result<Option<Application>, sqlx::Error> {
    let q = ApplicationQuery {
        id: Some(id),
        limit: 1,
        ..Default::default()
    };
    Ok(list(conn, &q).await?.0.pop())
}

/// One application when `owner` made it (a fan's own), or any (`None`: staff).
pub async fn find_for(
    conn: &mut PgConnection,
    id: Uuid,
    owner: Option<Uuid>,
) -> Result<Option<Application>, sqlx::Error> {
    Ok(find(conn, id)
        .await?
        .filter(|a| owner.is_none_or(|o| o == a.user_id)))
}

/// The card's photo (a JPEG).
pub async fn photo(conn: &mut PgConnection, id: Uuid) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar!(
        "select photo from supporter_card_application where application_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

/// A move that did not happen: the application is not (or no longer) in a state it starts
/// from.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error("no such application")]
    NotFound,
    #[error("the application is {0:?}")]
    WrongState(ApplicationState),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The application after a conditional update, or why it did not move.
async fn moved(conn: &mut PgConnection, id: Uuid, rows: u64) -> Result<Application, MoveError> {
    let app = find(conn, id).await?.ok_or(MoveError::NotFound)?;
    if rows == 0 {
        return Err(MoveError::WrongState(app.state));
    }
    Ok(app)
}

/// The job registered the card: submitted -> registered, with its number. False when the
/// application was not waiting for it (a repeat).
pub async fn registered(
    conn: &mut PgConnection,
    id: Uuid,
    card_number: &str,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query!(
        "update supporter_card_application
            set state = 'registered', card_number = $2, updated_at = now()
          where application_id = $1 and state = 'submitted'",
        id,
        card_number
    )
    .execute(conn)
    .await?
    .rows_affected()
        == 1)
}

/// The ticketing system refused the card (`code`: the police check, or a card the person
/// already holds): submitted or issuing -> refused.
pub async fn refused(conn: &mut PgConnection, id: Uuid, code: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query!(
        "update supporter_card_application
            set state = 'refused', refusal_code = $2, updated_at = now()
          where application_id = $1 and state in ('submitted', 'issuing')",
        id,
        code
    )
    .execute(conn)
    .await?
    .rows_affected()
        == 1)
}

/// What staff hand to a job: issue a registered application's card, revoke an issued one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffStep {
    /// registered -> issuing (the job then asks the ticketing system).
    Issue,
    /// issued -> revoking (the job then revokes it in the ticketing system).
    Revoke,
}

impl StaffStep {
    fn states(self) -> (ApplicationState, ApplicationState) {
        match self {
            StaffStep::Issue => (ApplicationState::Registered, ApplicationState::Issuing),
            StaffStep::Revoke => (ApplicationState::Issued, ApplicationState::Revoking),
        }
    }
}

/// Staff's step, by `staff`; the decision's time is the issue's.
pub async fn staff_step(
    conn: &mut PgConnection,
    id: Uuid,
    staff: Uuid,
    step: StaffStep,
) -> Result<Application, MoveError> {
    let (from, to) = step.states();
    let rows = sqlx::query!(
        "update supporter_card_application
            set state = $4, decided_by = $2, updated_at = now(),
                decided_at = case when $4 = 'issuing' then now() else decided_at end
          where application_id = $1 and state = $3",
        id,
        staff,
        from.code(),
        to.code()
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    moved(conn, id, rows).await
}

/// Staff reject it, saying why: submitted or registered -> rejected.
pub async fn reject(
    conn: &mut PgConnection,
    id: Uuid,
    staff: Uuid,
    note: &str,
) -> Result<Application, MoveError> {
    let rows = sqlx::query!(
        "update supporter_card_application
            set state = 'rejected', refusal_code = 'rejected_by_staff', refusal_note = $3,
                decided_by = $2, decided_at = now(), updated_at = now()
          where application_id = $1 and state in ('submitted', 'registered')",
        id,
        staff,
        note
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    moved(conn, id, rows).await
}

/// The ticketing system issued the card: issuing -> issued, and the card joins the
/// applicant's supporter cards. `None` when the application was not issuing (a repeat).
pub async fn issued(
    conn: &mut PgConnection,
    id: Uuid,
    expires_on: Option<NaiveDate>,
) -> Result<Option<Application>, sqlx::Error> {
    let row = sqlx::query!(
        "update supporter_card_application
            set state = 'issued', expires_on = $2, issued_at = now(), updated_at = now()
          where application_id = $1 and state = 'issuing'
      returning user_id, card_number as \"card_number!\", first_name, last_name, birth_date",
        id,
        expires_on
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    sqlx::query!(
        "insert into supporter_card
           (card_id, user_id, card_number, holder_first_name, holder_last_name,
            holder_birth_date, card_state, expires_on)
         values ($1, $2, $3, $4, $5, $6, 'issued', $7)
         on conflict (card_number) do update
            set card_state = 'issued', expires_on = excluded.expires_on",
        Uuid::now_v7(),
        row.user_id,
        row.card_number,
        row.first_name,
        row.last_name,
        row.birth_date,
        expires_on
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update app_user set has_viva_card = true where user_id = $1",
        row.user_id
    )
    .execute(&mut *conn)
    .await?;
    find(conn, id).await
}

/// The card is revoked or expired in the ticketing system: the application and the account's
/// card say so. From `revoking` (the job) or `issued` (a re-check). False when neither.
pub async fn ended(
    conn: &mut PgConnection,
    id: Uuid,
    to: ApplicationState,
) -> Result<bool, sqlx::Error> {
    debug_assert!(matches!(
        to,
        ApplicationState::Revoked | ApplicationState::Expired
    ));
    let number = sqlx::query_scalar!(
        "update supporter_card_application
            set state = $2,
                revoked_at = case when $2 = 'revoked' then now() else revoked_at end,
                updated_at = now()
          where application_id = $1 and state in ('issued', 'revoking')
      returning card_number",
        id,
        to.code()
    )
    .fetch_optional(&mut *conn)
    .await?
    .flatten();
    let Some(number) = number else {
        return Ok(false);
    };
    sqlx::query!(
        "update supporter_card set card_state = $2 where card_number = $1",
        number,
        to.code()
    )
    .execute(&mut *conn)
    .await?;
    Ok(true)
}

/// Records a re-check with the ticketing system.
pub async fn checked(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update supporter_card_application set checked_at = now() where application_id = $1",
        id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// What the jobs send the ticketing system: the holder, the state, the card's number.
#[derive(Debug, Clone)]
pub struct ForTicketing {
    pub state: ApplicationState,
    pub card_number: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub sex: String,
    pub fiscal_code: String,
    pub photo: Vec<u8>,
    pub user_id: Uuid,
    pub user_email: String,
    pub user_language: String,
}

pub async fn for_ticketing(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<ForTicketing>, sqlx::Error> {
    let row = sqlx::query!(
        "select a.state, a.card_number, a.first_name, a.last_name, a.birth_date, a.sex,
                a.fiscal_code, a.photo, a.user_id, u.email, u.language
           from supporter_card_application a join app_user u on u.user_id = a.user_id
          where a.application_id = $1",
        id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| ForTicketing {
        state: ApplicationState::parse(&r.state).unwrap_or(ApplicationState::Submitted),
        card_number: r.card_number,
        first_name: r.first_name,
        last_name: r.last_name,
        birth_date: r.birth_date,
        sex: r.sex,
        fiscal_code: r.fiscal_code,
        photo: r.photo,
        user_id: r.user_id,
        user_email: r.email,
        user_language: r.language,
    }))
}

/// Every application, for the export, newest first.
pub async fn all(conn: &mut PgConnection) -> Result<Vec<Application>, sqlx::Error> {
    let q = ApplicationQuery {
        limit: i64::MAX,
        ..Default::default()
    };
    Ok(list(conn, &q).await?.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_reads_an_email_a_name_or_a_code() {
        assert_eq!(
            search_terms(" Mario.Rossi@Example.com "),
            (Some("mario.rossi@example.com".into()), None, None)
        );
        assert_eq!(
            search_terms("rossi, giulia"),
            (None, Some(("ROSSI".into(), "GIULIA".into())), None)
        );
        assert_eq!(
            search_terms("tf0000000012"),
            (None, None, Some("TF0000000012".into()))
        );
        assert_eq!(search_terms("  "), (None, None, None));
    }

    #[test]
    fn relationships_and_states_read_back_from_their_codes() {
        for s in ApplicationState::ALL {
            assert_eq!(ApplicationState::parse(s.code()), Some(s));
        }
        assert_eq!(Relationship::parse("self"), Some(Relationship::Myself));
        assert_eq!(Relationship::parse("cousin"), None);
    }
}
