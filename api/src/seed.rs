//! Demo data for development (`api seed`, run by `make run`): idempotent, so a second run
//! adds nothing.

use domain::{
    email::Email,
    language::Language,
    notifications::{MailTemplate, NewEmail},
};
use serde::Deserialize;
use sqlx::PgPool;
use std::path::Path;

#[derive(Deserialize)]
struct Demo {
    #[serde(default)]
    mail_checks: Vec<MailCheck>,
}

#[derive(Deserialize)]
struct MailCheck {
    to: Email,
    language: Language,
}

/// Loads `dir/demo.json`.
pub async fn load(pool: &PgPool, dir: &Path) -> anyhow::Result<()> {
    let path = dir.join("demo.json");
    let demo: Demo = serde_json::from_slice(&std::fs::read(&path)?)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let mut tx = pool.begin().await?;
    let mut sent = 0;
    for check in demo.mail_checks {
        let exists: bool = sqlx::query_scalar!(
            r#"select exists(select 1 from outbound_email where template = 'mail_check' and to_address = $1) as "e!""#,
            check.to.as_str()
        )
        .fetch_one(&mut *tx)
        .await?;
        if exists {
            continue;
        }
        workflows::mail::send_email(
            &mut tx,
            &NewEmail {
                to: check.to,
                language: check.language,
                template: MailTemplate::MailCheck,
                context: serde_json::json!({ "requested_by": "make run (demo data)" }),
                attachments: vec![],
            },
        )
        .await?;
        sent += 1;
    }
    tx.commit().await?;
    tracing::info!(mail_checks = sent, "demo data loaded");
    Ok(())
}
