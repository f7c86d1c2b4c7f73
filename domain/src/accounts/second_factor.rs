//! The second factor of staff and admin accounts: a TOTP authenticator app (RFC 6238: SHA-1,
//! 6 digits, 30 s steps, one step of clock skew either way) and ten single-use recovery codes.
//!
//! A staff sign-in is two requests: the password opens a short-lived challenge
//! ([`create_challenge`]), the authenticator's code (or a recovery code) closes it
//! ([`verify_challenge`]). The first time, the password step hands out a new secret to scan and
//! the first right code confirms it and makes the recovery codes. A code is accepted once: the
//! step it belongs to is recorded and no code of that step or an earlier one works again.

use crate::secrets;
use chrono::{Duration, Utc};
use rand::RngExt;
use sqlx::PgConnection;
use totp_rs::{Algorithm, Builder, Secret, Totp};
use uuid::Uuid;

/// How long the step between the password and the code may take.
pub const CHALLENGE_VALIDITY: Duration = Duration::minutes(5);
/// Wrong codes allowed per challenge; then the password is asked again.
pub const CHALLENGE_MAX_FAILED: i16 = 5;
/// How many recovery codes an enrolment gives.
pub const RECOVERY_CODES: usize = 10;
/// The issuer shown in the authenticator app.
pub const ISSUER: &str = "Lario";
const STEP_SECONDS: u64 = 30;
const DIGITS: u8 = 6;
/// Recovery codes are written with these letters (base32: no 0/1/8/9 to misread).
const RECOVERY_ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz234567";

/// Where an account stands with its second factor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Enrolment {
    /// Scanned and confirmed: sign-ins ask for its code.
    Confirmed,
    /// Not confirmed yet: this secret (base32) is to be scanned, then confirmed by a code.
    Pending { secret: String },
}

/// Why a second factor was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The challenge is unknown, used, expired or out of tries: start again from the password.
    ChallengeExpired,
    /// Not a right code now (or one used already).
    Invalid,
}

/// A second factor accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passed {
    pub user_id: Uuid,
    /// The recovery codes, in clear, when this code confirmed the enrolment (shown once).
    pub recovery_codes: Option<Vec<String>>,
}

fn totp(secret: &str, account: &str) -> Option<Totp> {
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(DIGITS)
        .with_skew(1)
        .with_step_duration(STEP_SECONDS)
        .with_secret(Secret::try_from_base32(secret).ok()?)
        .with_issuer(Some(ISSUER))
        .with_account_name(account)
        .build()
        .ok()
}

/// The `otpauth://` address of a secret, for the authenticator app's QR code.
pub fn otpauth_url(secret: &str, account: &str) -> Option<String> {
    totp(secret, account)?.to_url().ok()
}

/// The code of `secret` at `unix_seconds` (what the authenticator app shows then).
pub fn code_at(secret: &str, unix_seconds: u64) -> Option<String> {
    totp(secret, "").map(|t| t.generate(unix_seconds).to_string())
}

/// A new secret: 160 random bits in base32 (32 letters), as RFC 4226 recommends.
pub fn new_secret() -> String {
    let bytes: [u8; 20] = rand::rng().random();
    Secret::new_stack(bytes).to_base32()
}

/// The account's enrolment: confirmed, or the pending secret (a new one when there is none).
pub async fn enrolment(conn: &mut PgConnection, user_id: Uuid) -> Result<Enrolment, sqlx::Error> {
    sqlx::query!(
        "insert into staff_totp (user_id, secret) values ($1, $2) on conflict (user_id) do nothing",
        user_id,
        new_secret()
    )
    .execute(&mut *conn)
    .await?;
    let row = sqlx::query!(
        "select secret, confirmed_at is not null as \"confirmed!\" from staff_totp where user_id = $1",
        user_id
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(if row.confirmed {
        Enrolment::Confirmed
    } else {
        Enrolment::Pending { secret: row.secret }
    })
}

/// Sets an account's secret as confirmed (the demo data's staff, whose secrets are known).
pub async fn set_confirmed_secret(
    conn: &mut PgConnection,
    user_id: Uuid,
    secret: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"insert into staff_totp (user_id, secret, confirmed_at) values ($1, $2, now())
           on conflict (user_id) do update set secret = excluded.secret, confirmed_at = now()
            where staff_totp.secret <> excluded.secret or staff_totp.confirmed_at is null"#,
        user_id,
        secret
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Opens the step between a right password and the second factor; returns its token.
pub async fn create_challenge(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> Result<String, sqlx::Error> {
    let token = secrets::random_token();
    sqlx::query!(
        r#"insert into sign_in_challenge (token_hash, user_id, expires_at)
           values ($1, $2, now() + make_interval(secs => $3))"#,
        secrets::token_hash(&token),
        user_id,
        CHALLENGE_VALIDITY.num_seconds() as f64
    )
    .execute(conn)
    .await?;
    Ok(token)
}

/// Checks `code` for the challenge `token`, under a row lock (concurrent tries count one by
/// one). A right code closes the challenge; the fifth wrong one closes it too.
pub async fn verify_challenge(
    conn: &mut PgConnection,
    key: &[u8],
    token: &str,
    code: &str,
) -> Result<Result<Passed, Refusal>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select user_id, failed_attempts from sign_in_challenge
            where token_hash = $1 and used_at is null and expires_at > now()
              and failed_attempts < $2
            for update"#,
        secrets::token_hash(token),
        CHALLENGE_MAX_FAILED
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(Err(Refusal::ChallengeExpired));
    };
    match check_code(conn, key, row.user_id, code).await? {
        Some(recovery_codes) => {
            sqlx::query!(
                "update sign_in_challenge set used_at = now() where token_hash = $1",
                secrets::token_hash(token)
            )
            .execute(&mut *conn)
            .await?;
            Ok(Ok(Passed {
                user_id: row.user_id,
                recovery_codes,
            }))
        }
        None => {
            sqlx::query!(
                "update sign_in_challenge set failed_attempts = failed_attempts + 1 where token_hash = $1",
                secrets::token_hash(token)
            )
            .execute(&mut *conn)
            .await?;
            Ok(Err(if row.failed_attempts + 1 >= CHALLENGE_MAX_FAILED {
                Refusal::ChallengeExpired
            } else {
                Refusal::Invalid
            }))
        }
    }
}

/// Checks a code of the account's authenticator, or one of its recovery codes, and uses it up.
/// `None` when it is not right now; `Some(Some(codes))` when it confirmed the enrolment (the
/// new recovery codes, in clear), `Some(None)` otherwise.
pub async fn check_code(
    conn: &mut PgConnection,
    key: &[u8],
    user_id: Uuid,
    code: &str,
) -> Result<Option<Option<Vec<String>>>, sqlx::Error> {
    let given: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if given.len() == usize::from(DIGITS) && given.chars().all(|c| c.is_ascii_digit()) {
        return check_totp(conn, key, user_id, &given).await;
    }
    let normalised = normalise_recovery_code(&given);
    if normalised.len() != 10 {
        return Ok(None);
    }
    let used = sqlx::query!(
        r#"update recovery_code set used_at = now()
            where user_id = $1 and code_hash = $2 and used_at is null"#,
        user_id,
        secrets::keyed_hash(key, &normalised)
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok((used == 1).then_some(None))
}

async fn check_totp(
    conn: &mut PgConnection,
    key: &[u8],
    user_id: Uuid,
    given: &str,
) -> Result<Option<Option<Vec<String>>>, sqlx::Error> {
    let Some(row) = sqlx::query!(
        r#"select secret, last_used_step, confirmed_at is not null as "confirmed!"
             from staff_totp where user_id = $1 for update"#,
        user_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let now = Utc::now().timestamp().max(0) as u64 / STEP_SECONDS;
    let matched = [now.saturating_sub(1), now, now + 1]
        .into_iter()
        .filter(|step| *step as i64 > row.last_used_step)
        .find(|step| {
            code_at(&row.secret, step * STEP_SECONDS)
                .is_some_and(|c| secrets::constant_time_eq(c.as_bytes(), given.as_bytes()))
        });
    let Some(step) = matched else {
        return Ok(None);
    };
    sqlx::query!(
        "update staff_totp set last_used_step = $2, confirmed_at = coalesce(confirmed_at, now()) where user_id = $1",
        user_id,
        step as i64
    )
    .execute(&mut *conn)
    .await?;
    if row.confirmed {
        return Ok(Some(None));
    }
    Ok(Some(Some(new_recovery_codes(conn, key, user_id).await?)))
}

/// Replaces the account's recovery codes with ten new ones; returns them in clear.
pub async fn new_recovery_codes(
    conn: &mut PgConnection,
    key: &[u8],
    user_id: Uuid,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query!("delete from recovery_code where user_id = $1", user_id)
        .execute(&mut *conn)
        .await?;
    let mut codes = Vec::with_capacity(RECOVERY_CODES);
    while codes.len() < RECOVERY_CODES {
        let raw: String = (0..10)
            .map(|_| {
                RECOVERY_ALPHABET[rand::rng().random_range(0..RECOVERY_ALPHABET.len())] as char
            })
            .collect();
        let inserted = sqlx::query!(
            "insert into recovery_code (user_id, code_hash) values ($1, $2) on conflict do nothing",
            user_id,
            secrets::keyed_hash(key, &raw)
        )
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if inserted == 1 {
            codes.push(format!("{}-{}", &raw[..5], &raw[5..]));
        }
    }
    Ok(codes)
}

/// A recovery code as stored: lower case, without the hyphen and spaces people type.
fn normalise_recovery_code(given: &str) -> String {
    given
        .chars()
        .filter(|c| *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Removes an account's second factor (an admin resets a lost phone; a staff member made a fan).
pub async fn remove(conn: &mut PgConnection, user_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from staff_totp where user_id = $1", user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query!("delete from recovery_code where user_id = $1", user_id)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_rfc_6238() {
        // RFC 6238 appendix B, SHA-1 secret "12345678901234567890", last six digits.
        let secret = Secret::from(b"12345678901234567890".to_vec()).to_base32();
        assert_eq!(code_at(&secret, 59).unwrap(), "287082");
        assert_eq!(code_at(&secret, 1_111_111_109).unwrap(), "081804");
        assert_eq!(code_at(&secret, 2_000_000_000).unwrap(), "279037");
    }

    #[test]
    fn a_new_secret_is_32_base32_letters() {
        let s = new_secret();
        assert_eq!(s.len(), 32);
        assert!(
            s.chars()
                .all(|c| c.is_ascii_uppercase() || ('2'..='7').contains(&c))
        );
        assert_ne!(s, new_secret());
    }

    #[test]
    fn recovery_codes_are_read_as_people_type_them() {
        assert_eq!(normalise_recovery_code("ABCDE-fgh23"), "abcdefgh23");
    }
}
