//! Random tokens, keyed hashes and constant-time comparison, for codes, links and sessions.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{Hmac, KeyInit, Mac};
use rand::RngExt;
use sha2::{Digest, Sha256};

/// A URL-safe random token of 32 bytes (256 bits).
pub fn random_token() -> String {
    let bytes: [u8; 32] = rand::rng().random();
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A random six-digit code, `000000`-`999999`.
pub fn random_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

/// SHA-256 of a high-entropy token (what we store instead of the token).
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// HMAC-SHA-256 of a low-entropy value (a six-digit code) under the server's secret, so a
/// copy of the database does not reveal codes by brute force.
pub fn keyed_hash(secret: &[u8], value: &str) -> Vec<u8> {
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(value.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Compares two byte strings in time independent of where they differ.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_six_digits_and_tokens_are_long_and_distinct() {
        for _ in 0..100 {
            let c = random_code();
            assert_eq!(c.len(), 6);
            assert!(c.chars().all(|d| d.is_ascii_digit()));
        }
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
    }

    #[test]
    fn keyed_hashes_depend_on_the_secret() {
        assert_ne!(keyed_hash(b"one", "123456"), keyed_hash(b"two", "123456"));
        assert!(constant_time_eq(
            &keyed_hash(b"k", "1"),
            &keyed_hash(b"k", "1")
        ));
        assert!(!constant_time_eq(b"ab", b"ac"));
        assert!(!constant_time_eq(b"ab", b"abc"));
    }
}
