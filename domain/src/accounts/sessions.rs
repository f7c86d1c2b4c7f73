//! Server-side sessions: the cookie holds a random token, the database its SHA-256.

use crate::secrets;
use chrono::Duration;
use sqlx::PgConnection;
use std::net::IpAddr;
use uuid::Uuid;

/// Sessions last this long without use.
pub const IDLE_LIFETIME: Duration = Duration::days(30);

/// Starts a session for `user_id` and returns its token (for the cookie).
pub async fn create(
    conn: &mut PgConnection,
    user_id: Uuid,
    ip: Option<IpAddr>,
    user_agent: &str,
) -> Result<String, sqlx::Error> {
    let token = secrets::random_token();
    sqlx::query!(
        r#"insert into user_session (token_hash, user_id, expires_at, ip, user_agent)
           values ($1, $2, now() + make_interval(secs => $3), $4, $5)"#,
        secrets::token_hash(&token),
        user_id,
        IDLE_LIFETIME.num_seconds() as f64,
        ip.map(sqlx::types::ipnetwork::IpNetwork::from),
        user_agent.chars().take(300).collect::<String>(),
    )
    .execute(conn)
    .await?;
    Ok(token)
}

/// The user of a live session, extending its life (at most once a minute, to spare writes).
pub async fn resolve(conn: &mut PgConnection, token: &str) -> Result<Option<Uuid>, sqlx::Error> {
    let hash = secrets::token_hash(token);
    let row = sqlx::query!(
        r#"select user_id, last_seen_at < now() - interval '1 minute' as "stale!"
             from user_session where token_hash = $1 and expires_at > now()"#,
        hash
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    if row.stale {
        sqlx::query!(
            r#"update user_session set last_seen_at = now(), expires_at = now() + make_interval(secs => $2)
                where token_hash = $1"#,
            hash,
            IDLE_LIFETIME.num_seconds() as f64
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(Some(row.user_id))
}

/// Ends a session (logout, or rotation at sign-in).
pub async fn delete(conn: &mut PgConnection, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from user_session where token_hash = $1",
        secrets::token_hash(token)
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends every session of a user (after a password reset).
pub async fn delete_all_of(conn: &mut PgConnection, user_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from user_session where user_id = $1", user_id)
        .execute(conn)
        .await?;
    Ok(())
}
