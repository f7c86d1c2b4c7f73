//! The outbound e-mail store: enqueue (render + insert), load for delivery, record outcome.

use super::templates::{self, MailTemplate, TemplateError};
use crate::{email::Email, language::Language};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// Delivery state of an outbound e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, sqlx::Type, utoipa::ToSchema)]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum EmailStatus {
    /// Waiting for (or between) delivery attempts.
    Pending,
    /// Accepted by the SMTP server.
    Sent,
    /// Out of attempts, or refused for good; staff can see why.
    Failed,
}

impl EmailStatus {
    fn from_db(s: &str) -> Self {
        match s {
            "sent" => EmailStatus::Sent,
            "failed" => EmailStatus::Failed,
            _ => EmailStatus::Pending,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EmailStatus::Pending => "pending",
            EmailStatus::Sent => "sent",
            EmailStatus::Failed => "failed",
        }
    }

    /// Parses a filter value from the admin app.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "pending" => Some(EmailStatus::Pending),
            "sent" => Some(EmailStatus::Sent),
            "failed" => Some(EmailStatus::Failed),
            _ => None,
        }
    }
}

/// A file sent with an e-mail (a ticket PDF, an export ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub content: Vec<u8>,
}

/// What a caller asks to send.
#[derive(Debug, Clone)]
pub struct NewEmail<C: Serialize> {
    pub to: Email,
    pub language: Language,
    pub template: MailTemplate,
    pub context: C,
    pub attachments: Vec<Attachment>,
}

/// An e-mail as stored, with what the mail job needs to deliver it.
#[derive(Debug, Clone)]
pub struct OutboundEmail {
    pub id: Uuid,
    pub to: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub status: EmailStatus,
    pub attachments: Vec<Attachment>,
}

/// One row of the staff's list of e-mails (no bodies).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OutboundEmailSummary {
    pub id: Uuid,
    pub template: String,
    pub language: String,
    pub to_address: String,
    pub subject: String,
    pub status: EmailStatus,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// Renders and stores an e-mail; returns its id. The caller enqueues the mail job with this
/// id in the same transaction (see `workflows::mail::send_email`).
pub async fn enqueue_email<C: Serialize>(
    conn: &mut PgConnection,
    email: &NewEmail<C>,
) -> Result<Uuid, EnqueueError> {
    let rendered = templates::render(email.template, email.language, &email.context)?;
    let id = Uuid::now_v7();
    sqlx::query!(
        r#"insert into outbound_email
             (outbound_email_id, template, language, to_address, subject, body_text, body_html)
           values ($1, $2, $3, $4, $5, $6, $7)"#,
        id,
        email.template.name(),
        email.language.code(),
        email.to.as_str(),
        rendered.subject,
        rendered.text,
        rendered.html,
    )
    .execute(&mut *conn)
    .await?;
    for (position, a) in email.attachments.iter().enumerate() {
        sqlx::query!(
            r#"insert into outbound_email_attachment
                 (outbound_email_id, position, filename, content_type, content)
               values ($1, $2, $3, $4, $5)"#,
            id,
            position as i16,
            a.filename,
            a.content_type,
            a.content,
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

/// Why an e-mail could not be enqueued.
#[derive(Debug, thiserror::Error)]
pub enum EnqueueError {
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Whether an e-mail from `template` was ever enqueued for `to`.
pub async fn exists_for(
    conn: &mut PgConnection,
    template: MailTemplate,
    to: &Email,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from outbound_email where template = $1 and to_address = $2) as "e!""#,
        template.name(),
        to.as_str()
    )
    .fetch_one(conn)
    .await
}

/// Loads an e-mail and its attachments for delivery.
pub async fn load(conn: &mut PgConnection, id: Uuid) -> Result<Option<OutboundEmail>, sqlx::Error> {
    let Some(row) = sqlx::query!(
        r#"select outbound_email_id, to_address, subject, body_text, body_html, status
             from outbound_email where outbound_email_id = $1"#,
        id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let attachments = sqlx::query_as!(
        Attachment,
        r#"select filename, content_type, content from outbound_email_attachment
            where outbound_email_id = $1 order by position"#,
        id
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(OutboundEmail {
        id: row.outbound_email_id,
        to: row.to_address,
        subject: row.subject,
        body_text: row.body_text,
        body_html: row.body_html,
        status: EmailStatus::from_db(&row.status),
        attachments,
    }))
}

/// Records a delivery; returns false when it was already recorded (a repeated job).
pub async fn mark_sent(
    conn: &mut PgConnection,
    id: Uuid,
    attempt: i32,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        r#"update outbound_email
              set status = 'sent', sent_at = now(), attempts = greatest(attempts, $2), last_error = null
            where outbound_email_id = $1 and status <> 'sent'"#,
        id,
        attempt
    )
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a failed attempt; `final_failure` marks the e-mail failed for good.
pub async fn record_failure(
    conn: &mut PgConnection,
    id: Uuid,
    attempt: i32,
    error: &str,
    final_failure: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"update outbound_email
              set attempts = greatest(attempts, $2), last_error = $3,
                  status = case when $4 then 'failed' else status end
            where outbound_email_id = $1 and status <> 'sent'"#,
        id,
        attempt,
        error,
        final_failure
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Filter, sort and page of the staff's e-mail list.
#[derive(Debug, Clone, Default)]
pub struct EmailQuery {
    pub status: Option<EmailStatus>,
    /// Matches recipient or subject, case-insensitively.
    pub search: Option<String>,
    pub sort: EmailSort,
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Columns the staff's list can be sorted by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EmailSort {
    #[default]
    CreatedAt,
    ToAddress,
    Status,
    Attempts,
}

impl EmailSort {
    pub fn parse(field: &str) -> Option<Self> {
        match field {
            "created_at" | "id" => Some(EmailSort::CreatedAt),
            "to_address" => Some(EmailSort::ToAddress),
            "status" => Some(EmailSort::Status),
            "attempts" => Some(EmailSort::Attempts),
            _ => None,
        }
    }
}

/// One page of e-mails and the total matching the filter.
pub async fn list(
    conn: &mut PgConnection,
    q: &EmailQuery,
) -> Result<(Vec<OutboundEmailSummary>, i64), sqlx::Error> {
    let status = q.status.map(EmailStatus::as_str);
    let pattern = q.search.as_deref().map(|s| {
        format!(
            "%{}%",
            s.replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        )
    });
    let sort = match q.sort {
        EmailSort::CreatedAt => "created_at",
        EmailSort::ToAddress => "to_address",
        EmailSort::Status => "status",
        EmailSort::Attempts => "attempts",
    };
    let rows = sqlx::query!(
        r#"select outbound_email_id, template, language, to_address, subject, status, attempts,
                  last_error, created_at, sent_at, count(*) over () as "total!"
             from outbound_email
            where ($1::text is null or status = $1)
              and ($2::text is null or to_address ilike $2 or subject ilike $2)
            order by
              case when $3 = 'created_at' and not $4 then created_at end asc,
              case when $3 = 'created_at' and $4 then created_at end desc,
              case when $3 = 'to_address' and not $4 then to_address end asc,
              case when $3 = 'to_address' and $4 then to_address end desc,
              case when $3 = 'status' and not $4 then status end asc,
              case when $3 = 'status' and $4 then status end desc,
              case when $3 = 'attempts' and not $4 then attempts end asc,
              case when $3 = 'attempts' and $4 then attempts end desc,
              outbound_email_id desc
            offset $5 limit $6"#,
        status,
        pattern,
        sort,
        q.descending,
        q.offset,
        q.limit,
    )
    .fetch_all(&mut *conn)
    .await?;
    let total = match rows.first() {
        Some(r) => r.total,
        None => count(conn, status, pattern.as_deref()).await?,
    };
    let items = rows
        .into_iter()
        .map(|r| OutboundEmailSummary {
            id: r.outbound_email_id,
            template: r.template,
            language: r.language,
            to_address: r.to_address,
            subject: r.subject,
            status: EmailStatus::from_db(&r.status),
            attempts: r.attempts,
            last_error: r.last_error,
            created_at: r.created_at,
            sent_at: r.sent_at,
        })
        .collect();
    Ok((items, total))
}

async fn count(
    conn: &mut PgConnection,
    status: Option<&str>,
    pattern: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) as "n!" from outbound_email
            where ($1::text is null or status = $1)
              and ($2::text is null or to_address ilike $2 or subject ilike $2)"#,
        status,
        pattern
    )
    .fetch_one(&mut *conn)
    .await
}

/// One e-mail for the staff's detail view.
pub async fn find_summary(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<OutboundEmailSummary>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select outbound_email_id, template, language, to_address, subject, status, attempts,
                  last_error, created_at, sent_at
             from outbound_email where outbound_email_id = $1"#,
        id
    )
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|r| OutboundEmailSummary {
        id: r.outbound_email_id,
        template: r.template,
        language: r.language,
        to_address: r.to_address,
        subject: r.subject,
        status: EmailStatus::from_db(&r.status),
        attempts: r.attempts,
        last_error: r.last_error,
        created_at: r.created_at,
        sent_at: r.sent_at,
    }))
}
