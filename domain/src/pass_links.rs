//! Signed links to a title's phone-wallet pass, for the e-mails that carry the title: the
//! link names the title (a match ticket's line, a season seat, a match received from a season
//! holder) and its fiscal seal, signed with the server's secret and valid until an expiry. The
//! e-mail already carries the title's PDF, so the link grants no more than the e-mail does;
//! the seal in it means a title passed on since (a new seal on the same line) is not served
//! to the old holder's link.

use crate::secrets;
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};

/// Which title a link names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PassTitle {
    /// A match ticket: its order line.
    Ticket(i64),
    /// A season seat's season title, or a collection's match ticket for `fixture`.
    Season { line: i64, fixture: Option<i64> },
    /// A match ticket received from a season holder: the change of holder.
    Received(uuid::Uuid),
}

/// What a valid link says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassLink {
    pub title: PassTitle,
    pub seal: String,
}

impl PassTitle {
    /// The title as a short text (`t:11`, `s:10:7`, `s:10:`, `r:{uuid}`): in links and in
    /// the passes handed out (`wallet_pass.title`).
    pub fn key(&self) -> String {
        match self {
            PassTitle::Ticket(line) => format!("t:{line}"),
            PassTitle::Season { line, fixture } => {
                format!(
                    "s:{line}:{}",
                    fixture.map(|f| f.to_string()).unwrap_or_default()
                )
            }
            PassTitle::Received(id) => format!("r:{id}"),
        }
    }

    /// The title a [`key`](Self::key) names.
    pub fn from_key(key: &str) -> Option<PassTitle> {
        Some(match key.split(':').collect::<Vec<_>>().as_slice() {
            ["t", line] => PassTitle::Ticket(line.parse().ok()?),
            ["s", line, ""] => PassTitle::Season {
                line: line.parse().ok()?,
                fixture: None,
            },
            ["s", line, fixture] => PassTitle::Season {
                line: line.parse().ok()?,
                fixture: Some(fixture.parse().ok()?),
            },
            ["r", id] => PassTitle::Received(id.parse().ok()?),
            _ => return None,
        })
    }
}

fn payload(title: &PassTitle, seal: &str, expires: i64) -> String {
    format!("pass|{}|{seal}|{expires}", title.key())
}

/// The token Apple Wallet sends back (`Authorization: ApplePass {token}`) for the pass of
/// serial number `serial`: a keyed hash of the serial, so only who holds the pass has it.
pub fn web_service_token(secret: &[u8], serial: &str) -> String {
    URL_SAFE_NO_PAD.encode(secrets::keyed_hash(secret, &format!("passkit|{serial}")))
}

/// Whether `token` is the pass `serial`'s.
pub fn web_service_token_holds(secret: &[u8], serial: &str, token: &str) -> bool {
    secrets::constant_time_eq(
        token.as_bytes(),
        web_service_token(secret, serial).as_bytes(),
    )
}

/// The token of a link to `title` (with fiscal seal `seal`) valid until `expires` (Unix seconds).
pub fn sign(secret: &[u8], title: &PassTitle, seal: &str, expires: i64) -> String {
    let payload = payload(title, seal, expires);
    let signature = secrets::keyed_hash(secret, &payload);
    format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(payload.as_bytes()),
        URL_SAFE_NO_PAD.encode(signature)
    )
}

/// The title a token names, when its signature holds and it has not expired at `now`.
pub fn open(secret: &[u8], token: &str, now: i64) -> Option<PassLink> {
    let (payload, signature) = token.split_once('.')?;
    let payload = String::from_utf8(URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
    if !secrets::constant_time_eq(&signature, &secrets::keyed_hash(secret, &payload)) {
        return None;
    }
    let mut parts = payload.split('|');
    let (Some("pass"), Some(title), Some(seal), Some(expires), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return None;
    };
    if expires.parse::<i64>().ok()? <= now {
        return None;
    }
    let title = PassTitle::from_key(title)?;
    Some(PassLink {
        title,
        seal: seal.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"a secret of the server, long enough";

    #[test]
    fn a_link_opens_until_it_expires_and_names_its_title_and_seal() {
        for title in [
            PassTitle::Ticket(11),
            PassTitle::Season {
                line: 10_000_000_000_001,
                fixture: None,
            },
            PassTitle::Season {
                line: 10_000_000_000_001,
                fixture: Some(7),
            },
            PassTitle::Received(uuid::Uuid::now_v7()),
        ] {
            let token = sign(SECRET, &title, "A1B2C3D4E5F6G7H8", 1_000);
            assert_eq!(
                open(SECRET, &token, 999),
                Some(PassLink {
                    title: title.clone(),
                    seal: "A1B2C3D4E5F6G7H8".into()
                })
            );
            assert_eq!(open(SECRET, &token, 1_000), None, "expired");
            assert_eq!(open(b"another secret", &token, 999), None);
            assert_eq!(PassTitle::from_key(&title.key()), Some(title));
        }
    }

    #[test]
    fn a_changed_or_broken_token_opens_nothing() {
        let token = sign(SECRET, &PassTitle::Ticket(11), "SEAL", 1_000);
        let (payload, signature) = token.split_once('.').unwrap();
        let other = URL_SAFE_NO_PAD.encode("pass|t:12|SEAL|1000");
        assert_eq!(open(SECRET, &format!("{other}.{signature}"), 0), None);
        assert_eq!(open(SECRET, payload, 0), None);
        assert_eq!(open(SECRET, "", 0), None);
        assert_eq!(open(SECRET, "..", 0), None);
        assert_eq!(open(SECRET, &format!("{payload}.{payload}"), 0), None);
    }

    #[test]
    fn a_web_service_token_is_its_serials_alone() {
        let token = web_service_token(SECRET, "SEAL1");
        assert!(token.len() >= 16, "Apple wants 16 characters at least");
        assert!(web_service_token_holds(SECRET, "SEAL1", &token));
        assert!(!web_service_token_holds(SECRET, "SEAL2", &token));
        assert!(!web_service_token_holds(b"another secret", "SEAL1", &token));
        assert!(!web_service_token_holds(SECRET, "SEAL1", ""));
    }
}
