//! E-mail addresses, parsed once at the edge.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A syntactically valid e-mail address, stored lower-cased (the spec compares e-mails
/// lower-cased: bans, look-ups).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

/// Why a text is not an e-mail address.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not a valid e-mail address")]
pub struct InvalidEmail;

impl Email {
    /// Parses and normalises an address (trimmed, lower-cased).
    pub fn parse(raw: &str) -> Result<Self, InvalidEmail> {
        let normalised = raw.trim().to_lowercase();
        if normalised.len() > 254 || !email_address::EmailAddress::is_valid(&normalised) {
            return Err(InvalidEmail);
        }
        // Require a dot in the domain: addresses at bare hosts are not deliverable to fans.
        let domain = normalised.rsplit_once('@').map(|(_, d)| d).unwrap_or("");
        if !domain.contains('.') || domain.starts_with('.') || domain.ends_with('.') {
            return Err(InvalidEmail);
        }
        Ok(Email(normalised))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Email {
    type Error = InvalidEmail;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Email::parse(&value)
    }
}

impl From<Email> for String {
    fn from(value: Email) -> Self {
        value.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_lower_cased() {
        assert_eq!(
            Email::parse("  Mario.Rossi@Example.IT ").unwrap().as_str(),
            "mario.rossi@example.it"
        );
    }

    #[test]
    fn malformed_addresses_are_refused() {
        for raw in [
            "",
            "mario",
            "mario@",
            "@example.it",
            "mario@localhost",
            "a b@example.it",
            "mario@example.",
        ] {
            assert_eq!(Email::parse(raw), Err(InvalidEmail), "{raw:?}");
        }
    }
}
