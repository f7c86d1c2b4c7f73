//! Phone wallet passes of a title: Apple Wallet's `.pkpass` (an `eventTicket` pass.json, its
//! images, the manifest of their SHA-1 hashes and a CMS signature over the manifest, made with
//! the club's pass type certificate) and Google Wallet's save link (an RS256 JWT of an event
//! ticket object, signed with the club's service account key).
//!
//! Production reads the club's certificate and keys from configuration. Development generates
//! a test authority, a pass certificate it issued and a Google key once per process: passes
//! are built and signed the same way, and a test verifies them against those, but a phone
//! would not install them.

use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use pkpass::{
    Package, PassBuilder, PassConfig,
    barcode::{Barcode, BarcodeFormat},
    fields::{self, Content, ContentOptions},
    resource,
    sign::{SignConfig, WWDR},
    visual_appearance::{Color, VisualAppearance},
};
use serde_json::json;
use std::sync::OnceLock;

/// A title as its pass shows it.
#[derive(Debug, Clone)]
pub struct PassTicket {
    /// The fiscal seal: the pass's serial number.
    pub seal: String,
    pub barcode: String,
    /// The match, or the season ticket for a season title.
    pub event: String,
    pub competition: String,
    /// Kick-off; for a season title, its next match's.
    pub starts_at: Option<DateTime<Utc>>,
    pub sector: String,
    pub block: String,
    pub row: String,
    pub seat: String,
    pub gate: String,
    pub holder: String,
    pub reduction: String,
    /// Passed on or cancelled: the pass shows it is no longer valid.
    pub voided: bool,
}

/// The keys that sign passes.
pub struct PassKeys {
    pub organization: String,
    pub apple_pass_type_id: String,
    pub apple_team_id: String,
    /// The pass type certificate and its PKCS#8 key, PEM; none: generated (development).
    pub apple_cert_pem: Option<String>,
    pub apple_key_pem: Option<String>,
    /// Apple's WWDR intermediate, PEM; none: Apple's G4 (or the test authority when the
    /// certificate is generated).
    pub apple_wwdr_pem: Option<String>,
    pub google_issuer_id: String,
    pub google_service_account: String,
    /// PEM; none: generated (development).
    pub google_key_pem: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PassError {
    #[error("the pass certificate or key is not valid: {0}")]
    Keys(String),
    #[error("the pass could not be built: {0}")]
    Build(String),
}

/// The development keys, generated once per process.
struct DevKeys {
    ca_pem: String,
    cert_pem: String,
    key_pem: String,
    google_key_pem: String,
    google_public_pem: String,
}

fn dev_keys() -> Result<&'static DevKeys, PassError> {
    static KEYS: OnceLock<DevKeys> = OnceLock::new();
    if let Some(k) = KEYS.get() {
        return Ok(k);
    }
    let keys = generate_dev_keys().map_err(|e| PassError::Keys(e.to_string()))?;
    Ok(KEYS.get_or_init(|| keys))
}

fn generate_dev_keys() -> Result<DevKeys, rcgen::Error> {
    use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair, PKCS_RSA_SHA256};
    let ca_key = KeyPair::generate_for(&PKCS_RSA_SHA256)?;
    let mut ca = CertificateParams::new(Vec::<String>::new())?;
    ca.distinguished_name
        .push(DnType::CommonName, "Lario development pass authority");
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca_cert = ca.self_signed(&ca_key)?;
    let issuer = rcgen::Issuer::new(ca, ca_key);
    let key = KeyPair::generate_for(&PKCS_RSA_SHA256)?;
    let mut params = CertificateParams::new(Vec::<String>::new())?;
    params
        .distinguished_name
        .push(DnType::CommonName, "Pass Type ID: pass.test.lario.tickets");
    let cert = params.signed_by(&key, &issuer)?;
    let google = KeyPair::generate_for(&PKCS_RSA_SHA256)?;
    Ok(DevKeys {
        ca_pem: ca_cert.pem(),
        cert_pem: cert.pem(),
        key_pem: key.serialize_pem(),
        google_key_pem: google.serialize_pem(),
        google_public_pem: google.public_key_pem(),
    })
}

/// A PEM given inline, or the path of a file holding it.
fn pem_or_file(value: &str) -> Result<String, PassError> {
    if value.trim_start().starts_with("-----BEGIN") {
        return Ok(value.to_owned());
    }
    std::fs::read_to_string(value).map_err(|e| PassError::Keys(format!("{value}: {e}")))
}

/// Builds and signs passes.
pub struct Passes {
    organization: String,
    pass_type_id: String,
    team_id: String,
    apple: SignConfig,
    google_issuer_id: String,
    google_service_account: String,
    google_key: EncodingKey,
    /// The test authority and the Google public key, when generated (for tests to verify).
    dev: Option<&'static DevKeys>,
}

impl std::fmt::Debug for Passes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Passes")
            .field("pass_type_id", &self.pass_type_id)
            .field("google_issuer_id", &self.google_issuer_id)
            .field("development_keys", &self.dev.is_some())
            .finish_non_exhaustive()
    }
}

const ICONS: [(resource::Version, &[u8]); 3] = [
    (
        resource::Version::Standard,
        include_bytes!("../assets/pass/icon.png"),
    ),
    (
        resource::Version::Size2X,
        include_bytes!("../assets/pass/icon@2x.png"),
    ),
    (
        resource::Version::Size3X,
        include_bytes!("../assets/pass/icon@3x.png"),
    ),
];
const LOGOS: [(resource::Version, &[u8]); 2] = [
    (
        resource::Version::Standard,
        include_bytes!("../assets/pass/logo.png"),
    ),
    (
        resource::Version::Size2X,
        include_bytes!("../assets/pass/logo@2x.png"),
    ),
];

impl Passes {
    pub fn new(keys: PassKeys) -> Result<Self, PassError> {
        let generated = keys.apple_cert_pem.is_none()
            || keys.apple_key_pem.is_none()
            || keys.google_key_pem.is_none();
        let dev = if generated { Some(dev_keys()?) } else { None };
        let (cert, key, wwdr) = match (&keys.apple_cert_pem, &keys.apple_key_pem, dev) {
            (Some(cert), Some(key), _) => (
                pem_or_file(cert)?,
                pem_or_file(key)?,
                keys.apple_wwdr_pem
                    .as_deref()
                    .map(pem_or_file)
                    .transpose()?,
            ),
            (_, _, Some(dev)) => (
                dev.cert_pem.clone(),
                dev.key_pem.clone(),
                Some(dev.ca_pem.clone()),
            ),
            _ => unreachable!("generated when missing"),
        };
        let wwdr = match &wwdr {
            Some(pem) => WWDR::Custom(pem.as_bytes()),
            None => WWDR::G4,
        };
        let apple = SignConfig::new(&wwdr, cert.as_bytes(), &key)
            .map_err(|e| PassError::Keys(format!("Apple pass certificate: {e}")))?;
        let google_pem = match (&keys.google_key_pem, dev) {
            (Some(pem), _) => pem_or_file(pem)?,
            (None, Some(dev)) => dev.google_key_pem.clone(),
            (None, None) => unreachable!("generated when missing"),
        };
        let google_key = EncodingKey::from_rsa_pem(google_pem.as_bytes())
            .map_err(|e| PassError::Keys(format!("Google Wallet key: {e}")))?;
        Ok(Passes {
            organization: keys.organization,
            pass_type_id: keys.apple_pass_type_id,
            team_id: keys.apple_team_id,
            apple,
            google_issuer_id: keys.google_issuer_id,
            google_service_account: keys.google_service_account,
            google_key,
            dev,
        })
    }

    /// The generated test authority (PEM) that issued the development pass certificate.
    pub fn development_authority_pem(&self) -> Option<&str> {
        self.dev.map(|d| d.ca_pem.as_str())
    }

    /// The generated development Google key's public half (PEM).
    pub fn development_google_public_pem(&self) -> Option<&str> {
        self.dev.map(|d| d.google_public_pem.as_str())
    }

    pub fn pass_type_id(&self) -> &str {
        &self.pass_type_id
    }

    pub fn google_service_account(&self) -> &str {
        &self.google_service_account
    }

    /// The signed `.pkpass` of a title.
    pub fn apple(&self, t: &PassTicket, language: &str) -> Result<Vec<u8>, PassError> {
        let en = language == "en";
        let label =
            |it: &str, en_label: &str| -> String { if en { en_label } else { it }.to_owned() };
        let field = |key: &str, label: String, value: &str| {
            Content::new(
                key,
                value,
                ContentOptions {
                    label: Some(label),
                    ..Default::default()
                },
            )
        };
        let mut kind = fields::Type::EventTicket {
            pass_fields: fields::Fields::default(),
        }
        .add_primary_field(field("event", label("Partita", "Match"), &t.event))
        .add_secondary_field(field("sector", label("Settore", "Sector"), &t.sector))
        .add_secondary_field(field("gate", label("Varco", "Gate"), &t.gate));
        if !t.row.is_empty() {
            kind = kind
                .add_auxiliary_field(field("row", label("Fila", "Row"), &t.row))
                .add_auxiliary_field(field("seat", label("Posto", "Seat"), &t.seat));
        }
        kind = kind
            .add_auxiliary_field(field("holder", label("Intestatario", "Holder"), &t.holder))
            .add_back_field(field(
                "competition",
                label("Competizione", "Competition"),
                &t.competition,
            ))
            .add_back_field(field("block", label("Blocco", "Block"), &t.block))
            .add_back_field(field("reduction", label("Tariffa", "Fare"), &t.reduction))
            .add_back_field(field(
                "seal",
                label("Sigillo fiscale", "Fiscal seal"),
                &t.seal,
            ));
        if let Some(at) = t.starts_at {
            let when = at
                .with_timezone(&chrono_tz::Europe::Rome)
                .format("%d/%m/%Y %H:%M")
                .to_string();
            kind = kind.add_header_field(field("date", label("Data", "Date"), &when));
        }
        let mut builder = PassBuilder::new(PassConfig {
            organization_name: self.organization.clone(),
            description: format!("{} - {}", self.organization, t.event),
            pass_type_identifier: self.pass_type_id.clone(),
            team_identifier: self.team_id.clone(),
            serial_number: t.seal.clone(),
        })
        .logo_text(self.organization.clone())
        .appearance(VisualAppearance {
            label_color: Color::new(0xbf, 0xd7, 0xff),
            foreground_color: Color::new(0xff, 0xff, 0xff),
            background_color: Color::new(0x0a, 0x3a, 0x7a),
        })
        .add_barcode(Barcode {
            message: t.barcode.clone(),
            format: BarcodeFormat::QR,
            alt_text: Some(t.seal.clone()),
            message_encoding: "iso-8859-1".into(),
        })
        .voided(t.voided)
        .fields(kind);
        if let Some(at) = t.starts_at {
            builder = builder.relevant_date(at);
        }
        let mut package = Package::new(builder.build());
        for (version, png) in ICONS {
            package
                .add_resource(resource::Type::Icon(version), png)
                .map_err(|e| PassError::Build(e.to_string()))?;
        }
        for (version, png) in LOGOS {
            package
                .add_resource(resource::Type::Logo(version), png)
                .map_err(|e| PassError::Build(e.to_string()))?;
        }
        package.add_certificates(self.apple.clone());
        let mut out = std::io::Cursor::new(Vec::new());
        package
            .write(&mut out)
            .map_err(|e| PassError::Build(e.to_string()))?;
        Ok(out.into_inner())
    }

    /// Google Wallet's save link of a title: `https://pay.google.com/gp/v/save/{jwt}`.
    pub fn google_save_url(
        &self,
        t: &PassTicket,
        origin: &str,
        now: DateTime<Utc>,
    ) -> Result<String, PassError> {
        let issuer = &self.google_issuer_id;
        // Ids are the issuer's id, a dot and letters, digits, '.', '_' or '-'.
        let safe = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        let class_id = format!(
            "{issuer}.{}",
            safe(&format!("{}-{}", t.competition, t.event))
        );
        let object_id = format!("{issuer}.{}", safe(&t.seal));
        let mut class = json!({
            "id": class_id,
            "issuerName": self.organization,
            "eventName": {"defaultValue": {"language": "it", "value": t.event}},
            "reviewStatus": "UNDER_REVIEW",
        });
        if let Some(at) = t.starts_at {
            class["dateTime"] = json!({"start": at.to_rfc3339()});
        }
        let object = json!({
            "id": object_id,
            "classId": class_id,
            "state": if t.voided { "INACTIVE" } else { "ACTIVE" },
            "ticketHolderName": t.holder,
            "ticketNumber": t.seal,
            "seatInfo": {
                "section": {"defaultValue": {"language": "it", "value": t.sector}},
                "row": {"defaultValue": {"language": "it", "value": t.row}},
                "seat": {"defaultValue": {"language": "it", "value": t.seat}},
                "gate": {"defaultValue": {"language": "it", "value": t.gate}},
            },
            "barcode": {"type": "QR_CODE", "value": t.barcode, "alternateText": t.seal},
        });
        let claims = json!({
            "iss": self.google_service_account,
            "aud": "google",
            "typ": "savetowallet",
            "iat": now.timestamp(),
            "origins": [origin],
            "payload": {"eventTicketClasses": [class], "eventTicketObjects": [object]},
        });
        let jwt = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims, &self.google_key)
            .map_err(|e| PassError::Build(e.to_string()))?;
        Ok(format!("https://pay.google.com/gp/v/save/{jwt}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_read_and_inline_pem_kept() {
        assert_eq!(
            pem_or_file("-----BEGIN CERTIFICATE-----\nx").unwrap(),
            "-----BEGIN CERTIFICATE-----\nx"
        );
        assert!(matches!(
            pem_or_file("/no/such/pass.pem"),
            Err(PassError::Keys(_))
        ));
    }
}
