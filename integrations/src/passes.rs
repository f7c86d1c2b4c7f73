//! Phone wallet passes of a title: Apple Wallet's `.pkpass` (an `eventTicket` pass.json, its
//! images, the manifest of their SHA-1 hashes and a CMS signature over the manifest, made with
//! the club's pass type certificate) and Google Wallet's save link (an RS256 JWT of an event
//! ticket object, signed with the club's service account key).
//!
//! A pass already on a phone follows its title ([`PassUpdates`]): Apple Wallet asks our web
//! service for the pass again when an empty push (APNs, authenticated with the same pass type
//! certificate) says it changed; Google Wallet's object is updated through its REST API with
//! an OAuth token of the service account.
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
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::OnceLock;

/// A title as its pass shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// Where Apple Wallet asks for a pass again: our web service and the pass's token.
#[derive(Debug, Clone)]
pub struct WebService {
    /// `https://.../api/passkit` (Apple appends `/v1/...`).
    pub url: String,
    pub authentication_token: String,
}

/// Builds and signs passes.
pub struct Passes {
    organization: String,
    /// The pass type certificate and key, PEM: also APNs's client identity.
    cert_pem: String,
    key_pem: String,
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
            cert_pem: cert,
            key_pem: key,
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

    /// The pass type certificate followed by its key (PEM): the client identity APNs wants
    /// for a pass type's pushes.
    pub fn apns_identity_pem(&self) -> String {
        format!("{}\n{}", self.cert_pem.trim_end(), self.key_pem.trim_end())
    }

    /// The signed `.pkpass` of a title; with `web_service`, Apple Wallet registers the pass
    /// there for updates.
    pub fn apple(
        &self,
        t: &PassTicket,
        language: &str,
        web_service: Option<&WebService>,
    ) -> Result<Vec<u8>, PassError> {
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
        if let Some(ws) = web_service {
            builder = builder.web_service(pkpass::web_service::WebService {
                authentication_token: ws.authentication_token.clone(),
                web_service_url: ws.url.clone(),
            });
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

    /// Google Wallet's id of a title's object: the issuer's id, a dot, the seal.
    pub fn google_object_id(&self, seal: &str) -> String {
        format!("{}.{}", self.google_issuer_id, google_safe(seal))
    }

    fn google_class_id(&self, t: &PassTicket) -> String {
        format!(
            "{}.{}",
            self.google_issuer_id,
            google_safe(&format!("{}-{}", t.competition, t.event))
        )
    }

    /// A title's Google Wallet event ticket object (what the save link carries, and what an
    /// update sends).
    pub fn google_object(&self, t: &PassTicket) -> serde_json::Value {
        json!({
            "id": self.google_object_id(&t.seal),
            "classId": self.google_class_id(t),
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
        })
    }

    /// Google Wallet's save link of a title: `https://pay.google.com/gp/v/save/{jwt}`.
    pub fn google_save_url(
        &self,
        t: &PassTicket,
        origin: &str,
        now: DateTime<Utc>,
    ) -> Result<String, PassError> {
        let mut class = json!({
            "id": self.google_class_id(t),
            "issuerName": self.organization,
            "eventName": {"defaultValue": {"language": "it", "value": t.event}},
            "reviewStatus": "UNDER_REVIEW",
        });
        if let Some(at) = t.starts_at {
            class["dateTime"] = json!({"start": at.to_rfc3339()});
        }
        let claims = json!({
            "iss": self.google_service_account,
            "aud": "google",
            "typ": "savetowallet",
            "iat": now.timestamp(),
            "origins": [origin],
            "payload": {"eventTicketClasses": [class], "eventTicketObjects": [self.google_object(t)]},
        });
        let jwt = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims, &self.google_key)
            .map_err(|e| PassError::Build(e.to_string()))?;
        Ok(format!("https://pay.google.com/gp/v/save/{jwt}"))
    }

    /// The service account's signed request for an OAuth access token to Google Wallet's API
    /// (the JWT bearer grant), for `token_url`.
    fn google_token_assertion(
        &self,
        token_url: &str,
        now: DateTime<Utc>,
    ) -> Result<String, PassError> {
        let claims = json!({
            "iss": self.google_service_account,
            "scope": GOOGLE_WALLET_SCOPE,
            "aud": token_url,
            "iat": now.timestamp(),
            "exp": now.timestamp() + 3600,
        });
        jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims, &self.google_key)
            .map_err(|e| PassError::Build(e.to_string()))
    }
}

/// Google Wallet's API scope.
pub const GOOGLE_WALLET_SCOPE: &str = "https://www.googleapis.com/auth/wallet_object.issuer";

/// Ids are the issuer's id, a dot and letters, digits, '.', '_' or '-'.
fn google_safe(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Where the update calls go: Apple's push service and Google's token and Wallet APIs in
/// production, the simulator's in development and tests.
#[derive(Debug, Clone)]
pub struct UpdateEndpoints {
    /// `https://api.push.apple.com`
    pub apns_url: String,
    /// `https://oauth2.googleapis.com/token`
    pub google_token_url: String,
    /// `https://walletobjects.googleapis.com`
    pub google_api_url: String,
    pub timeout: std::time::Duration,
}

/// What a push did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pushed {
    Delivered,
    /// The device no longer takes pushes for the pass (APNs 410, or 400 `BadDeviceToken`):
    /// forget its registration.
    Unregistered,
}

#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    /// No answer, a 5xx or 429: trying later may pass.
    #[error("{service} unavailable: {message}")]
    Unavailable {
        service: &'static str,
        message: String,
    },
    /// A refusal that repeating will not change (a bad certificate, a malformed call).
    #[error("{service} refused ({status}): {message}")]
    Refused {
        service: &'static str,
        status: u16,
        message: String,
    },
}

impl UpdateError {
    pub fn is_retryable(&self) -> bool {
        matches!(self, UpdateError::Unavailable { .. })
    }
}

/// Tells the phones that hold a pass it changed.
pub struct PassUpdates {
    passes: std::sync::Arc<Passes>,
    endpoints: UpdateEndpoints,
    /// Authenticated to APNs with the pass type certificate.
    apns: reqwest::Client,
    http: reqwest::Client,
    google_token: tokio::sync::Mutex<Option<(String, std::time::Instant)>>,
}

impl std::fmt::Debug for PassUpdates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassUpdates")
            .field("endpoints", &self.endpoints)
            .finish_non_exhaustive()
    }
}

fn unavailable(service: &'static str) -> impl Fn(reqwest::Error) -> UpdateError {
    move |e| UpdateError::Unavailable {
        service,
        message: e.without_url().to_string(),
    }
}

async fn refusal(service: &'static str, r: reqwest::Response) -> UpdateError {
    let status = r.status().as_u16();
    let mut message = r.text().await.unwrap_or_default();
    message.truncate(300);
    if status >= 500 || status == 429 {
        UpdateError::Unavailable { service, message }
    } else {
        UpdateError::Refused {
            service,
            status,
            message,
        }
    }
}

impl PassUpdates {
    pub fn new(
        passes: std::sync::Arc<Passes>,
        endpoints: UpdateEndpoints,
    ) -> Result<Self, PassError> {
        let identity = reqwest::Identity::from_pem(passes.apns_identity_pem().as_bytes())
            .map_err(|e| PassError::Keys(format!("APNs identity: {e}")))?;
        let apns = reqwest::Client::builder()
            .identity(identity)
            .timeout(endpoints.timeout)
            .build()
            .map_err(|e| PassError::Keys(format!("APNs client: {e}")))?;
        let http = reqwest::Client::builder()
            .timeout(endpoints.timeout)
            .build()
            .map_err(|e| PassError::Keys(format!("HTTP client: {e}")))?;
        Ok(PassUpdates {
            passes,
            endpoints,
            apns,
            http,
            google_token: tokio::sync::Mutex::new(None),
        })
    }

    /// Apple's empty push to a device registered for the pass type: the device then asks
    /// our web service which of its passes changed.
    pub async fn push_apple(&self, push_token: &str) -> Result<Pushed, UpdateError> {
        const SERVICE: &str = "APNs";
        let url = format!(
            "{}/3/device/{push_token}",
            self.endpoints.apns_url.trim_end_matches('/')
        );
        let r = self
            .apns
            .post(url)
            .header("apns-topic", self.passes.pass_type_id())
            .header("apns-push-type", "background")
            .header("apns-priority", "5")
            .json(&json!({}))
            .send()
            .await
            .map_err(unavailable(SERVICE))?;
        let status = r.status().as_u16();
        if r.status().is_success() {
            return Ok(Pushed::Delivered);
        }
        let e = refusal(SERVICE, r).await;
        match &e {
            UpdateError::Refused { message, .. }
                if status == 410 || (status == 400 && message.contains("BadDeviceToken")) =>
            {
                Ok(Pushed::Unregistered)
            }
            _ => Err(e),
        }
    }

    /// An access token to Google Wallet's API, kept until a minute before it expires.
    async fn google_access_token(&self) -> Result<String, UpdateError> {
        const SERVICE: &str = "Google OAuth";
        let mut kept = self.google_token.lock().await;
        if let Some((token, until)) = kept.as_ref()
            && std::time::Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let assertion = self
            .passes
            .google_token_assertion(&self.endpoints.google_token_url, Utc::now())
            .map_err(|e| UpdateError::Refused {
                service: SERVICE,
                status: 0,
                message: e.to_string(),
            })?;
        let r = self
            .http
            .post(&self.endpoints.google_token_url)
            .form(&[
                ("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
                ("assertion", assertion.as_str()),
            ])
            .send()
            .await
            .map_err(unavailable(SERVICE))?;
        if !r.status().is_success() {
            return Err(refusal(SERVICE, r).await);
        }
        #[derive(Deserialize)]
        struct Token {
            access_token: String,
            expires_in: u64,
        }
        let token: Token = r.json().await.map_err(unavailable(SERVICE))?;
        let until = std::time::Instant::now()
            + std::time::Duration::from_secs(token.expires_in.saturating_sub(60));
        *kept = Some((token.access_token.clone(), until));
        Ok(token.access_token)
    }

    /// Brings the title's Google Wallet object up to date (void when the title is). False
    /// when no such object exists: the fan never saved the pass.
    pub async fn update_google(&self, t: &PassTicket) -> Result<bool, UpdateError> {
        const SERVICE: &str = "Google Wallet";
        let token = self.google_access_token().await?;
        let url = format!(
            "{}/walletobjects/v1/eventTicketObject/{}",
            self.endpoints.google_api_url.trim_end_matches('/'),
            self.passes.google_object_id(&t.seal)
        );
        let r = self
            .http
            .patch(url)
            .bearer_auth(token)
            .json(&self.passes.google_object(t))
            .send()
            .await
            .map_err(unavailable(SERVICE))?;
        match r.status().as_u16() {
            200..=299 => Ok(true),
            404 => Ok(false),
            401 => {
                // A token revoked or expired early: the next attempt signs in again.
                *self.google_token.lock().await = None;
                Err(refusal(SERVICE, r).await).map_err(|e| match e {
                    UpdateError::Refused { message, .. } => UpdateError::Unavailable {
                        service: SERVICE,
                        message,
                    },
                    other => other,
                })
            }
            _ => Err(refusal(SERVICE, r).await),
        }
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
