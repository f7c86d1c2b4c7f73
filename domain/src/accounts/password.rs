//! Passwords: argon2id hashes (PHC strings), and the rule for a new password.

use argon2::{
    Argon2,
    password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash},
};

/// Shortest password accepted.
pub const MIN_LENGTH: usize = 10;

/// Checks a new password; returns a stable error code.
pub fn validate(password: &str) -> Result<(), &'static str> {
    let n = password.chars().count();
    if n < MIN_LENGTH {
        Err("password_too_short")
    } else if n > 200 {
        Err("password_too_long")
    } else {
        Ok(())
    }
}

/// Hashes a password with argon2id and a random salt.
pub fn hash(password: &str) -> String {
    Argon2::default()
        .hash_password(password.as_bytes())
        .expect("argon2 with default parameters hashes any input")
        .to_string()
}

/// Whether `password` matches `stored` (a PHC string).
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash to verify against when the account does not exist, so that both cases take the
/// same time and do not tell which e-mails have accounts.
pub fn dummy_verify(password: &str) {
    static DUMMY: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| hash("not a real password at all"));
    let _ = verify(password, &DUMMY);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash("correct horse battery");
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("correct horse battery", &h));
        assert!(!verify("wrong horse battery", &h));
        assert!(!verify("x", "not a phc string"));
    }

    #[test]
    fn short_passwords_are_refused() {
        assert_eq!(validate("short"), Err("password_too_short"));
        assert!(validate("long enough pw").is_ok());
    }
}
