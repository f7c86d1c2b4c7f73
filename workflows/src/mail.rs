//! The mail job: delivers one stored e-mail (spec: every send-*-email call).

use crate::runtime::{Job, JobContext, JobError, enqueue};
use domain::notifications::{self, NewEmail, outbound};
use integrations::mail::{MailAttachment, MailError, MailMessage};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

/// Renders and stores an e-mail and enqueues its delivery, on `conn` (the transaction of
/// the write that causes the e-mail). Returns the e-mail's id.
pub async fn send_email<C: Serialize>(
    conn: &mut PgConnection,
    email: &NewEmail<C>,
) -> Result<Uuid, outbound::EnqueueError> {
    let email_id = notifications::enqueue_email(conn, email).await?;
    enqueue(conn, &SendEmail { email_id }).await?;
    Ok(email_id)
}

/// Delivers the stored e-mail `email_id` over SMTP.
///
/// Idempotent: an e-mail already marked sent is not sent again. Retried with backoff while
/// the SMTP server is down or answers 4xx; ends at once on a 5xx refusal. Delivery is at
/// least once: a worker killed after the server accepted the message but before it was
/// marked sent sends it again, with the same Message-ID.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendEmail {
    pub email_id: Uuid,
}

impl Job for SendEmail {
    const QUEUE: &'static str = "mail";
    const MAX_ATTEMPTS: u32 = 12;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.email_id.to_string())
    }

    async fn run(&self, ctx: &JobContext, attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(email) = outbound::load(&mut conn, self.email_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "e-mail {} does not exist",
                self.email_id
            )));
        };
        if email.status == outbound::EmailStatus::Sent {
            tracing::info!("already sent");
            return Ok(());
        }
        // No connection is held while talking to the SMTP server.
        drop(conn);
        let message = MailMessage {
            to: email.to,
            subject: email.subject,
            text: email.body_text,
            html: email.body_html,
            attachments: email
                .attachments
                .into_iter()
                .map(|a| MailAttachment {
                    filename: a.filename,
                    content_type: a.content_type,
                    content: a.content,
                })
                .collect(),
            message_id: format!("<{}@mail.lario>", self.email_id),
        };
        match ctx.mailer.send(&message).await {
            Ok(()) => {
                let mut conn = ctx.pool.acquire().await?;
                outbound::mark_sent(&mut conn, self.email_id, attempt as i32).await?;
                Ok(())
            }
            Err(e) => {
                let mut conn = ctx.pool.acquire().await?;
                outbound::record_failure(
                    &mut conn,
                    self.email_id,
                    attempt as i32,
                    &e.to_string(),
                    false,
                )
                .await?;
                Err(match e {
                    MailError::Retryable(_) => JobError::Retryable(e.into()),
                    MailError::Permanent(_) => JobError::Permanent(e.into()),
                })
            }
        }
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        outbound::record_failure(&mut conn, self.email_id, attempt as i32, error, true).await
    }
}

/// The language of an order's e-mails and tickets.
pub(crate) fn order_language(order: &domain::orders::Order) -> domain::language::Language {
    domain::language::Language::from_code_or_default(&order.language)
}

/// Renders and enqueues one e-mail, on the caller's transaction.
pub(crate) async fn mail_to(
    conn: &mut PgConnection,
    to: &str,
    language: domain::language::Language,
    template: domain::notifications::MailTemplate,
    context: &serde_json::Value,
    attachments: Vec<domain::notifications::Attachment>,
) -> Result<(), sqlx::Error> {
    let Ok(to) = domain::email::Email::parse(to) else {
        tracing::warn!(to, "not an e-mail address: nothing sent");
        return Ok(());
    };
    send_email(
        conn,
        &domain::notifications::NewEmail {
            to,
            language,
            template,
            context,
            attachments,
        },
    )
    .await
    .map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    Ok(())
}

/// A ticket e-mail's links to the title's Apple Wallet pass and Google Wallet save link:
/// signed with the server's secret, naming the title and its seal, valid for a year.
pub(crate) fn pass_links(
    ctx: &crate::runtime::JobContext,
    title: &domain::pass_links::PassTitle,
    seal: &str,
) -> serde_json::Value {
    use secrecy::ExposeSecret;
    pass_links_signed(
        ctx.link_secret.expose_secret().as_bytes(),
        &ctx.public_base_url,
        title,
        seal,
    )
}

/// [`pass_links`] with the server's secret and the site's address.
pub(crate) fn pass_links_signed(
    secret: &[u8],
    public_base_url: &str,
    title: &domain::pass_links::PassTitle,
    seal: &str,
) -> serde_json::Value {
    let expires = (chrono::Utc::now() + chrono::Duration::days(365)).timestamp();
    let token = domain::pass_links::sign(secret, title, seal, expires);
    let base = public_base_url.trim_end_matches('/');
    serde_json::json!({
        "apple_url": format!("{base}/api/pass-links/{token}/apple"),
        "google_url": format!("{base}/api/pass-links/{token}/google"),
    })
}
