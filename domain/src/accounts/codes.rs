//! One-time sign-in codes sent by e-mail (spec: send-otp): six digits, stored as a keyed
//! hash, valid 120 000 ms, at most 5 wrong tries per code. Asking again replaces the code.

use crate::{email::Email, secrets};
use chrono::Duration;
use sqlx::PgConnection;
use uuid::Uuid;

/// Validity of a code (spec: 120000 ms).
pub const VALIDITY: Duration = Duration::milliseconds(120_000);
/// Wrong tries allowed per code.
pub const MAX_FAILED: i16 = 5;

/// Why a code was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeRefusal {
    /// No code was asked for, or it was already used.
    Unknown,
    Expired,
    /// Wrong; `remaining` tries are left.
    Wrong {
        remaining: i16,
    },
    /// Five wrong tries: this code no longer works, even when right.
    Locked,
}

/// Creates a code for `email` (older unused codes stop working) and returns it in clear,
/// for the e-mail.
pub async fn issue(
    conn: &mut PgConnection,
    secret: &[u8],
    email: &Email,
) -> Result<String, sqlx::Error> {
    let code = secrets::random_code();
    sqlx::query!(
        "update sign_in_code set consumed_at = now() where email = $1 and consumed_at is null",
        email.as_str()
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        r#"insert into sign_in_code (sign_in_code_id, email, code_hash, expires_at)
           values ($1, $2, $3, now() + make_interval(secs => $4))"#,
        Uuid::now_v7(),
        email.as_str(),
        secrets::keyed_hash(secret, &code),
        VALIDITY.num_milliseconds() as f64 / 1000.0,
    )
    .execute(&mut *conn)
    .await?;
    Ok(code)
}

/// Checks `code` against the latest code for `email`, under a row lock so that concurrent
/// tries are counted one by one. A right code is consumed (single use).
pub async fn verify(
    conn: &mut PgConnection,
    secret: &[u8],
    email: &Email,
    code: &str,
) -> Result<Result<(), CodeRefusal>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select sign_in_code_id, code_hash, failed_attempts, expires_at < now() as "expired!"
             from sign_in_code
            where email = $1 and consumed_at is null
            order by created_at desc limit 1
            for update"#,
        email.as_str()
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(Err(CodeRefusal::Unknown));
    };
    if row.failed_attempts >= MAX_FAILED {
        return Ok(Err(CodeRefusal::Locked));
    }
    if row.expired {
        return Ok(Err(CodeRefusal::Expired));
    }
    let given = code.trim();
    let right = given.len() == 6
        && given.chars().all(|c| c.is_ascii_digit())
        && secrets::constant_time_eq(&secrets::keyed_hash(secret, given), &row.code_hash);
    if right {
        sqlx::query!(
            "update sign_in_code set consumed_at = now() where sign_in_code_id = $1",
            row.sign_in_code_id
        )
        .execute(&mut *conn)
        .await?;
        return Ok(Ok(()));
    }
    let failed: i16 = sqlx::query_scalar!(
        "update sign_in_code set failed_attempts = failed_attempts + 1 where sign_in_code_id = $1 returning failed_attempts",
        row.sign_in_code_id
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(Err(if failed >= MAX_FAILED {
        CodeRefusal::Locked
    } else {
        CodeRefusal::Wrong {
            remaining: MAX_FAILED - failed,
        }
    }))
}
