//! The two languages of the product: Italian (the default) and English.

use serde::{Deserialize, Serialize};

/// A language a fan can read the product in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    It,
    En,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::It, Language::En];

    /// The ISO 639-1 code stored in the database.
    pub fn code(self) -> &'static str {
        match self {
            Language::It => "it",
            Language::En => "en",
        }
    }

    /// Parses a code sent by a client: `it` or `en`, nothing else.
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "it" => Some(Language::It),
            "en" => Some(Language::En),
            _ => None,
        }
    }

    /// Parses a stored or requested code; anything but `en` falls back to Italian.
    pub fn from_code_or_default(code: &str) -> Self {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" => Language::En,
            _ => Language::It,
        }
    }
}
