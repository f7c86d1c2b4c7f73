//! Moderation: e-mail bans (the spec's banned_emails). The ban lists, title bans and the
//! sweep of statuses arrive with the moderation issue; sign-in needs the check now.

use crate::email::Email;
use sqlx::PgConnection;
use uuid::Uuid;

/// Whether an active ban (status 1, started, not ended) matches the e-mail.
pub async fn is_email_banned(conn: &mut PgConnection, email: &Email) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
             select 1 from banned_email
              where ban_email = $1 and status = 1
                and (ban_start_date is null or ban_start_date <= now())
                and (ban_end_date is null or ban_end_date > now())) as "banned!""#,
        email.as_str()
    )
    .fetch_one(conn)
    .await
}

/// Adds an active ban on an e-mail (staff; tests).
pub async fn ban_email(conn: &mut PgConnection, email: &Email) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into banned_email (banned_email_id, ban_email, status, ban_start_date) values ($1, $2, 1, now())",
        id,
        email.as_str()
    )
    .execute(conn)
    .await?;
    Ok(id)
}
