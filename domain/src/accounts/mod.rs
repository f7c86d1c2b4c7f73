//! Accounts: users and their profile, roles, sign-in codes and links, passwords, sessions.

pub mod codes;
pub mod deletion;
pub mod password;
pub mod second_factor;
pub mod sessions;
pub mod tokens;
mod user;

pub use user::*;

use sqlx::PgConnection;

/// What [`prune_expired`] removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub sessions: u64,
    pub codes: u64,
    pub tokens: u64,
    /// Staff sign-in challenges (password given, second factor pending).
    pub challenges: u64,
    pub rate_windows: u64,
}

/// Deletes what can no longer be used: expired sessions, codes and e-mail tokens (kept a
/// day after they stop working, for support), and old rate-limit windows. Safe to run
/// anywhere, any time, concurrently (housekeeping cron of the worker).
pub async fn prune_expired(conn: &mut PgConnection) -> Result<Pruned, sqlx::Error> {
    let sessions = sqlx::query!("delete from user_session where expires_at < now()")
        .execute(&mut *conn)
        .await?
        .rows_affected();
    let codes =
        sqlx::query!("delete from sign_in_code where expires_at < now() - interval '1 day'")
            .execute(&mut *conn)
            .await?
            .rows_affected();
    let tokens =
        sqlx::query!("delete from email_token where expires_at < now() - interval '1 day'")
            .execute(&mut *conn)
            .await?
            .rows_affected();
    let challenges =
        sqlx::query!("delete from sign_in_challenge where expires_at < now() - interval '1 day'")
            .execute(&mut *conn)
            .await?
            .rows_affected();
    let rate_windows = crate::rate_limit::prune(conn).await?;
    Ok(Pruned {
        sessions,
        codes,
        tokens,
        challenges,
        rate_windows,
    })
}
