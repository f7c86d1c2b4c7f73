//! Notifications: the e-mails the product sends (and, later, in-app notifications).
//!
//! An e-mail is rendered when it is enqueued, in the same transaction as the write that
//! causes it, and stored in `outbound_email` with its attachments; the mail job only loads
//! and delivers it. What was sent is therefore exactly what staff can read afterwards.

pub mod outbound;
pub mod templates;

pub use outbound::{
    Attachment, EmailQuery, EmailSort, EmailStatus, EnqueueError, NewEmail, OutboundEmail,
    OutboundEmailSummary, enqueue_email,
};
pub use templates::{MailTemplate, RenderedMail, TemplateError};
