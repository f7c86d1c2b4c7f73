//! Single-use tokens sent by e-mail: sign-in links (`/authorise/{token}`) and password
//! resets. The link carries 256 random bits; only their SHA-256 is stored. (The spec's link
//! carried base64 of the e-mail: guessable, so it never signs anyone in here.)

use crate::{email::Email, secrets};
use chrono::Duration;
use sqlx::PgConnection;

/// What a token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    SignInLink,
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::SignInLink => "sign_in_link",
            Purpose::PasswordReset => "password_reset",
        }
    }

    /// How long a token stays valid.
    pub fn validity(self) -> Duration {
        match self {
            Purpose::SignInLink => Duration::minutes(15),
            Purpose::PasswordReset => Duration::minutes(60),
        }
    }
}

/// Creates a token for `email`; returns it in clear, for the e-mail.
pub async fn issue(
    conn: &mut PgConnection,
    purpose: Purpose,
    email: &Email,
) -> Result<String, sqlx::Error> {
    let token = secrets::random_token();
    sqlx::query!(
        r#"insert into email_token (token_hash, purpose, email, expires_at)
           values ($1, $2, $3, now() + make_interval(secs => $4))"#,
        secrets::token_hash(&token),
        purpose.as_str(),
        email.as_str(),
        purpose.validity().num_seconds() as f64,
    )
    .execute(conn)
    .await?;
    Ok(token)
}

/// Uses a token once: returns its e-mail if the token exists, is unused, unexpired and for
/// `purpose`. One conditional update, so two concurrent uses cannot both succeed.
pub async fn consume(
    conn: &mut PgConnection,
    purpose: Purpose,
    token: &str,
) -> Result<Option<Email>, sqlx::Error> {
    let email = sqlx::query_scalar!(
        r#"update email_token set consumed_at = now()
            where token_hash = $1 and purpose = $2 and consumed_at is null and expires_at > now()
            returning email"#,
        secrets::token_hash(token.trim()),
        purpose.as_str()
    )
    .fetch_optional(conn)
    .await?;
    Ok(email.and_then(|e| Email::parse(&e).ok()))
}
