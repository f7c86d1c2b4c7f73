//! Renewal codes sent to last season's holders (the spec's send-renewal-code): staff send every
//! holder of a season who has a code and an e-mail their code, one e-mail each, by a job that
//! works in batches, each batch a transaction that enqueues the e-mails, marks the holders sent
//! and moves the mailing's progress. A holder is sent their code once, whatever the retries;
//! staff may send everyone's again on purpose (`again`). And the fan's side (the spec's
//! dati-prelazione-by-email): the rights whose holder's e-mail is the fan's.

use crate::ids::SeasonTicketId;
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// E-mails written per transaction.
pub const BATCH: i64 = 100;

/// A mailing as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RenewalMailing {
    pub id: Uuid,
    pub season_ticket_id: i64,
    pub label: String,
    pub state: String,
    /// Holders to send a code to when the mailing was made.
    pub total: i32,
    pub sent: i32,
    /// Holders of the season left out: no e-mail or no code.
    pub skipped: i32,
    pub error: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub finished_at: Option<chrono::DateTime<chrono::Utc>>,
}

macro_rules! mailing_select {
    ($where:literal, $($arg:expr),*) => {
        sqlx::query_as!(
            RenewalMailing,
            r#"select mailing_id as id, season_ticket_id, label, state, total, sent, skipped, error,
                      created_at, finished_at
                 from renewal_mailing "# + $where,
            $($arg),*
        )
    };
}

/// Makes a mailing of a season's renewal codes (audited); `None` when there is no such
/// season ticket. With `again`, holders sent their code before are sent it again.
pub async fn create(
    conn: &mut PgConnection,
    season: SeasonTicketId,
    again: bool,
    staff: Uuid,
) -> Result<Option<RenewalMailing>, sqlx::Error> {
    let Some(label) =
        sqlx::query_scalar!("select label from season_ticket where id = $1", season.0)
            .fetch_optional(&mut *conn)
            .await?
    else {
        return Ok(None);
    };
    if again {
        sqlx::query!(
            "update season_holder set code_sent_at = null where label = $1 and code_sent_at is not null",
            label
        )
        .execute(&mut *conn)
        .await?;
    }
    let id = Uuid::now_v7();
    sqlx::query!(
        r#"insert into renewal_mailing (mailing_id, season_ticket_id, label, created_by, total, skipped)
           select $1, $2, $3, $4,
                  count(*) filter (where email is not null and renewal_code is not null and code_sent_at is null),
                  count(*) filter (where email is null or renewal_code is null)
             from season_holder where label = $3"#,
        id,
        season.0,
        label,
        staff
    )
    .execute(&mut *conn)
    .await?;
    crate::audit::record(
        conn,
        Some(staff),
        "renewal_codes.send",
        "season_ticket",
        &season.to_string(),
        serde_json::json!({"mailing_id": id, "again": again}),
    )
    .await?;
    get(conn, id).await
}

pub async fn get(conn: &mut PgConnection, id: Uuid) -> Result<Option<RenewalMailing>, sqlx::Error> {
    mailing_select!("where mailing_id = $1", id)
        .fetch_optional(conn)
        .await
}

/// The newest mailings first.
pub async fn list(
    conn: &mut PgConnection,
    limit: i64,
    offset: i64,
) -> Result<(Vec<RenewalMailing>, i64), sqlx::Error> {
    let items = mailing_select!("order by created_at desc limit $1 offset $2", limit, offset)
        .fetch_all(&mut *conn)
        .await?;
    let total = sqlx::query_scalar!(r#"select count(*) as "n!" from renewal_mailing"#)
        .fetch_one(conn)
        .await?;
    Ok((items, total))
}

/// Marks a mailing running; its season ticket, label and the season's name, or `None` when
/// it is over (or unknown).
pub async fn start(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<(i64, String, String)>, sqlx::Error> {
    let row = sqlx::query!(
        "update renewal_mailing m set state = 'running'
           from season_ticket t
          where m.mailing_id = $1 and t.id = m.season_ticket_id and m.state in ('queued', 'running')
          returning m.season_ticket_id, m.label, t.name",
        id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.season_ticket_id, r.label, r.name)))
}

/// One holder's renewal code to send.
#[derive(Debug, Clone)]
pub struct CodeMail {
    pub holder_id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub renewal_code: String,
    pub seat_label: Option<String>,
    /// The account's language when the e-mail has one, else Italian.
    pub language: String,
}

/// The next holders of `label` still to be sent their code, locked (a second run skips them).
pub async fn next_batch(
    conn: &mut PgConnection,
    label: &str,
) -> Result<Vec<CodeMail>, sqlx::Error> {
    sqlx::query_as!(
        CodeMail,
        r#"select h.id as holder_id, h.email as "email!", h.first_name, h.last_name,
                  h.renewal_code as "renewal_code!", c.seat_label as "seat_label?",
                  coalesce((select u.language from app_user u where lower(u.email) = lower(h.email) limit 1), 'it') as "language!"
             from season_holder h left join renewal_seat_code c on c.code = h.renewal_code
            where h.label = $1 and h.email is not null and h.renewal_code is not null and h.code_sent_at is null
            order by h.id limit $2
              for update of h skip locked"#,
        label,
        BATCH
    )
    .fetch_all(conn)
    .await
}

/// The batch's e-mails are enqueued: the holders are marked sent and the mailing moves on.
pub async fn mark_sent(
    conn: &mut PgConnection,
    id: Uuid,
    holders: &[i64],
) -> Result<(), sqlx::Error> {
    let done = sqlx::query!(
        "update season_holder set code_sent_at = now() where id = any($1) and code_sent_at is null",
        holders
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update renewal_mailing set sent = sent + $2 where mailing_id = $1",
        id,
        done.rows_affected() as i32
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends a mailing, with an error when it gave up.
pub async fn finish(
    conn: &mut PgConnection,
    id: Uuid,
    error: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update renewal_mailing set state = case when $2::text is null then 'done' else 'failed' end,
                error = $2, finished_at = now()
          where mailing_id = $1 and state <> 'done'",
        id,
        error
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A right of the fan's (a holder whose e-mail is the fan's): what they may renew.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MyRenewalRight {
    pub label: String,
    pub first_name: String,
    pub last_name: String,
    pub renewal_code: Option<String>,
    /// The seat the code keeps, written area-block-row-number.
    pub seat_label: Option<String>,
    /// The season tickets of the label the holder may renew.
    pub season_ticket_ids: Vec<i64>,
    /// Renewed already (a paid renewal of one of them).
    pub renewed: bool,
}

/// The holders whose e-mail is `email` (the spec's dati-prelazione-by-email), newest label
/// first.
pub async fn rights_of(
    conn: &mut PgConnection,
    email: &str,
) -> Result<Vec<MyRenewalRight>, sqlx::Error> {
    sqlx::query_as!(
        MyRenewalRight,
        r#"select h.label, h.first_name, h.last_name, h.renewal_code, c.seat_label as "seat_label?",
                  coalesce((select array_agg(t.id order by t.id) from season_ticket t where t.label = h.label), '{}')
                    as "season_ticket_ids!",
                  exists (select 1 from season_order o where o.renewal_holder_id = h.id
                           and o.state in ('paid', 'issuing', 'issued')) as "renewed!"
             from season_holder h left join renewal_seat_code c on c.code = h.renewal_code
            where lower(h.email) = lower($1)
            order by h.label desc, h.last_name, h.first_name"#,
        email
    )
    .fetch_all(conn)
    .await
}
