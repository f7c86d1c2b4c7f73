//! Server-side sessions: the cookie holds a random token, the database its SHA-256.

use crate::secrets;
use chrono::Duration;
use sqlx::PgConnection;
use std::net::IpAddr;
use uuid::Uuid;

/// Sessions last this long without use.
pub const IDLE_LIFETIME: Duration = Duration::days(30);

/// How recently a staff member must have proved who they are to change roles.
pub const REAUTHENTICATION_VALIDITY: Duration = Duration::minutes(10);

/// Starts a session for `user_id` and returns its token (for the cookie).
pub async fn create(
    conn: &mut PgConnection,
    user_id: Uuid,
    ip: Option<IpAddr>,
    user_agent: &str,
) -> Result<String, sqlx::Error> {
    insert(conn, user_id, ip, user_agent, false).await
}

/// Starts a session that passed a second factor (a staff sign-in): it may use the staff
/// routes. A role change still asks for the password and code again ([`mark_reauthenticated`]),
/// as GitHub's sudo mode does: a session left open on a desk is not enough.
pub async fn create_with_second_factor(
    conn: &mut PgConnection,
    user_id: Uuid,
    ip: Option<IpAddr>,
    user_agent: &str,
) -> Result<String, sqlx::Error> {
    insert(conn, user_id, ip, user_agent, true).await
}

async fn insert(
    conn: &mut PgConnection,
    user_id: Uuid,
    ip: Option<IpAddr>,
    user_agent: &str,
    second_factor: bool,
) -> Result<String, sqlx::Error> {
    let token = secrets::random_token();
    sqlx::query!(
        r#"insert into user_session (token_hash, user_id, expires_at, ip, user_agent, second_factor)
           values ($1, $2, now() + make_interval(secs => $3), $4, $5, $6)"#,
        secrets::token_hash(&token),
        user_id,
        IDLE_LIFETIME.num_seconds() as f64,
        ip.map(sqlx::types::ipnetwork::IpNetwork::from),
        user_agent.chars().take(300).collect::<String>(),
        second_factor,
    )
    .execute(conn)
    .await?;
    Ok(token)
}

/// A live session as a request sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub user_id: Uuid,
    /// Signed in with a second factor (staff routes need it).
    pub second_factor: bool,
    /// Its owner proved who they are within [`REAUTHENTICATION_VALIDITY`].
    pub recently_authenticated: bool,
}

/// Records that the session's owner just proved who they are again (password and second factor).
pub async fn mark_reauthenticated(conn: &mut PgConnection, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update user_session set reauthenticated_at = now() where token_hash = $1",
        secrets::token_hash(token)
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// What a session cookie's token leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Live(Resolved),
    /// Its owner's e-mail came under a ban in force: the session, and every other of theirs,
    /// has just been ended. A fan signed in before their ban started is signed out the first
    /// time they come back after its start, whatever the ban sweep's timing.
    Banned,
}

impl Found {
    /// The live session, if it is one.
    pub fn live(self) -> Option<Resolved> {
        match self {
            Found::Live(r) => Some(r),
            Found::Banned => None,
        }
    }
}

/// The session of `token`, extending its life (at most once a minute, to spare writes); none
/// when it does not exist or has expired.
pub async fn resolve(conn: &mut PgConnection, token: &str) -> Result<Option<Found>, sqlx::Error> {
    let hash = secrets::token_hash(token);
    let row = sqlx::query!(
        r#"select s.user_id, s.second_factor, s.last_seen_at < now() - interval '1 minute' as "stale!",
                  coalesce(s.reauthenticated_at > now() - make_interval(secs => $2), false) as "recent!",
                  exists (select 1 from app_user u
                            join banned_email b on b.ban_email = u.email
                           where u.user_id = s.user_id and b.status <> 0 and b.ban_start_date <= now()
                             and (b.ban_end_date is null or b.ban_end_date > now())) as "banned!"
             from user_session s where s.token_hash = $1 and s.expires_at > now()"#,
        hash,
        REAUTHENTICATION_VALIDITY.num_seconds() as f64
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    if row.banned {
        delete_all_of(conn, row.user_id).await?;
        return Ok(Some(Found::Banned));
    }
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
    Ok(Some(Found::Live(Resolved {
        user_id: row.user_id,
        second_factor: row.second_factor,
        recently_authenticated: row.recent,
    })))
}

/// Ends every other session of a user (after a password change).
pub async fn delete_others_of(
    conn: &mut PgConnection,
    user_id: Uuid,
    keep_token: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from user_session where user_id = $1 and token_hash <> $2",
        user_id,
        secrets::token_hash(keep_token)
    )
    .execute(conn)
    .await?;
    Ok(())
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
