//! Outgoing mail over SMTP (lettre).
//!
//! One client for every SMTP server: the simulator in development (`smtp://127.0.0.1:2525`),
//! any relay in production (`smtps://user:pass@host:465`, or `smtp://...?tls=required` for
//! STARTTLS). Failures say whether trying again can help.

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType},
};
use secrecy::{ExposeSecret, SecretString};
use std::time::Duration;

/// A message ready to send.
#[derive(Debug, Clone)]
pub struct MailMessage {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub attachments: Vec<MailAttachment>,
    /// A stable Message-ID (derived from our e-mail id), so a repeated delivery is
    /// recognisable as the same message by the receiving side.
    pub message_id: String,
}

/// A file attached to a message.
#[derive(Debug, Clone)]
pub struct MailAttachment {
    pub filename: String,
    pub content_type: String,
    pub content: Vec<u8>,
}

/// Why a message was not sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// Worth trying again later: server down, refused for now (4xx), time-out.
    #[error("mail delivery failed for now: {0}")]
    Retryable(String),
    /// Trying again will not help: bad address, refused for good (5xx), malformed message.
    #[error("mail delivery refused: {0}")]
    Permanent(String),
}

impl MailError {
    pub fn is_retryable(&self) -> bool {
        matches!(self, MailError::Retryable(_))
    }
}

/// The SMTP client, shared by all mail jobs of a process (it pools connections).
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// Builds the client from an SMTP URL, a From address and a time-out per command.
    pub fn new(smtp_url: &SecretString, from: &str, timeout: Duration) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url.expose_secret())
            .map_err(|e| anyhow::anyhow!("MAIL_SMTP_URL is not a valid SMTP URL: {e}"))?
            .timeout(Some(timeout))
            .build();
        let from = from
            .parse()
            .map_err(|e| anyhow::anyhow!("MAIL_FROM is not a valid mailbox: {e}"))?;
        Ok(Mailer { transport, from })
    }

    /// Sends one message.
    #[tracing::instrument(skip_all, fields(message_id = %message.message_id))]
    pub async fn send(&self, message: &MailMessage) -> Result<(), MailError> {
        let email = self.build(message)?;
        let started = std::time::Instant::now();
        let timer = crate::observe::start("mail");
        let result = self.transport.send(email).await;
        timer.finish(
            "SMTP send",
            None,
            result.as_ref().err().map(ToString::to_string),
        );
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match result {
            Ok(_) => {
                tracing::info!(elapsed_ms, "mail accepted by the SMTP server");
                Ok(())
            }
            Err(e) => {
                tracing::warn!(elapsed_ms, error = %e, "mail delivery failed");
                // Permanent SMTP replies (5xx) will not change; anything else (4xx, I/O,
                // time-out, connection refused) may.
                if e.is_permanent() {
                    Err(MailError::Permanent(e.to_string()))
                } else {
                    Err(MailError::Retryable(e.to_string()))
                }
            }
        }
    }

    /// Whether the SMTP server answers (connects, greets, accepts a NOOP): for the service
    /// status page.
    pub async fn check(&self) -> Result<(), String> {
        match self.transport.test_connection().await {
            Ok(true) => Ok(()),
            Ok(false) => Err("the SMTP server did not accept a NOOP".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn build(&self, m: &MailMessage) -> Result<Message, MailError> {
        let to: Mailbox =
            m.to.parse()
                .map_err(|e| MailError::Permanent(format!("invalid recipient {:?}: {e}", m.to)))?;
        let alternative = MultiPart::alternative()
            .singlepart(SinglePart::plain(m.text.clone()))
            .singlepart(SinglePart::html(m.html.clone()));
        let body = if m.attachments.is_empty() {
            alternative
        } else {
            let mut mixed = MultiPart::mixed().multipart(alternative);
            for a in &m.attachments {
                let content_type = ContentType::parse(&a.content_type)
                    .unwrap_or(ContentType::parse("application/octet-stream").expect("valid"));
                mixed = mixed.singlepart(
                    Attachment::new(a.filename.clone()).body(a.content.clone(), content_type),
                );
            }
            mixed
        };
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(m.subject.clone())
            .message_id(Some(m.message_id.clone()))
            .multipart(body)
            .map_err(|e| MailError::Permanent(format!("malformed message: {e}")))
    }
}
