//! Corporate requests' e-mails.

use domain::{
    corporate::CorporateRequest,
    email::Email,
    language::Language,
    notifications::{MailTemplate, NewEmail, outbound::EnqueueError},
};
use sqlx::PgConnection;

/// E-mails a request's author about it: received, approved or declined (spec:
/// send-corporate-request-email), in the transaction that changed it.
pub async fn tell_author(
    conn: &mut PgConnection,
    request: &CorporateRequest,
) -> Result<(), EnqueueError> {
    // The address was parsed when the request was made: one that no longer parses is a bug.
    let Ok(to) = Email::parse(&request.corporate_user_email) else {
        tracing::error!(request = %request.id, "a corporate request's stored e-mail does not parse");
        return Ok(());
    };
    crate::mail::send_email(
        conn,
        &NewEmail {
            to,
            language: Language::from_code_or_default(&request.language),
            template: MailTemplate::CorporateRequest,
            context: serde_json::json!({
                "company": request.company_name,
                "vat_number": request.vat_number,
                "state": request.status.name_en(),
            }),
            attachments: vec![],
        },
    )
    .await?;
    Ok(())
}
