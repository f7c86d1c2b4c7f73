//! The Google stand-in: an OpenID Connect provider with discovery, an authorize page that
//! lets you choose a test identity (or type any e-mail), the token endpoint (authorization
//! code with PKCE), and JWKS. ID tokens are signed with ES256 by a key made at start, so
//! the client's signature checks run for real.

use axum::{
    Form, Json, Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use p256::ecdsa::{Signature, SigningKey, signature::Signer};
use rand::RngExt;
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};
use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{SystemTime, UNIX_EPOCH},
};

/// A test identity offered on the chooser page.
#[derive(Debug, Clone)]
pub struct Identity {
    pub email: &'static str,
    pub name: &'static str,
    pub given_name: &'static str,
    pub family_name: &'static str,
}

/// The identities on the chooser page (any other e-mail can be typed).
pub const IDENTITIES: &[Identity] = &[
    Identity {
        email: "google.tifoso@example.com",
        name: "Giulia Tifosa",
        given_name: "Giulia",
        family_name: "Tifosa",
    },
    Identity {
        email: "google.nuovo@example.com",
        name: "Paolo Nuovo",
        given_name: "Paolo",
        family_name: "Nuovo",
    },
    Identity {
        email: "google.bannato@example.com",
        name: "Bruno Bannato",
        given_name: "Bruno",
        family_name: "Bannato",
    },
];

/// The client registered with the provider (the development defaults of our config).
pub const CLIENT_ID: &str = "lario-development";
pub const CLIENT_SECRET: &str = "lario-development-secret";

struct Grant {
    client_id: String,
    redirect_uri: String,
    nonce: Option<String>,
    code_challenge: Option<String>,
    email: String,
    name: String,
    given_name: String,
    family_name: String,
}

struct Provider {
    issuer: String,
    key: SigningKey,
    kid: String,
    grants: Mutex<HashMap<String, Grant>>,
}

type Shared = Arc<Provider>;

/// The provider's routes, under `/oidc`, for an issuer `base_url + "/oidc"`.
pub fn router(base_url: &str) -> Router {
    let secret: [u8; 32] = rand::rng().random();
    let key = SigningKey::from_slice(&secret).expect("32 random bytes are a P-256 key");
    let provider = Arc::new(Provider {
        issuer: format!("{base_url}/oidc"),
        key,
        kid: URL_SAFE_NO_PAD.encode(&Sha256::digest(secret)[..8]),
        grants: Mutex::new(HashMap::new()),
    });
    Router::new()
        .route("/oidc/.well-known/openid-configuration", get(discovery))
        .route("/oidc/authorize", get(authorize))
        .route("/oidc/authorize/choose", post(choose))
        .route("/oidc/token", post(token))
        .route("/oidc/jwks", get(jwks))
        .with_state(provider)
}

async fn discovery(State(p): State<Shared>) -> Json<serde_json::Value> {
    Json(json!({
        "issuer": p.issuer,
        "authorization_endpoint": format!("{}/authorize", p.issuer),
        "token_endpoint": format!("{}/token", p.issuer),
        "jwks_uri": format!("{}/jwks", p.issuer),
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["ES256"],
        "scopes_supported": ["openid", "email", "profile"],
        "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
        "claims_supported": ["sub", "email", "email_verified", "name", "given_name", "family_name"],
        "code_challenge_methods_supported": ["S256"],
    }))
}

async fn jwks(State(p): State<Shared>) -> Json<serde_json::Value> {
    let point = p.key.verifying_key().to_sec1_point(false);
    Json(json!({"keys": [{
        "kty": "EC", "crv": "P-256", "use": "sig", "alg": "ES256", "kid": p.kid,
        "x": URL_SAFE_NO_PAD.encode(point.x().expect("uncompressed point")),
        "y": URL_SAFE_NO_PAD.encode(point.y().expect("uncompressed point")),
    }]}))
}

#[derive(Deserialize)]
struct AuthorizeParams {
    response_type: String,
    client_id: String,
    redirect_uri: String,
    #[serde(default)]
    state: Option<String>,
    #[serde(default)]
    nonce: Option<String>,
    #[serde(default)]
    code_challenge: Option<String>,
    #[serde(default)]
    code_challenge_method: Option<String>,
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    (
        status,
        Json(json!({"error": error, "error_description": description})),
    )
        .into_response()
}

/// The chooser page: pick a test identity or type an e-mail.
async fn authorize(Query(q): Query<AuthorizeParams>) -> Response {
    if q.response_type != "code" {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_response_type",
            "only code",
        );
    }
    if q.client_id != CLIENT_ID {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unauthorized_client",
            "unknown client_id",
        );
    }
    if q.code_challenge.is_some() && q.code_challenge_method.as_deref() != Some("S256") {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "code_challenge_method must be S256",
        );
    }
    let hidden = |name: &str, value: &Option<String>| match value {
        Some(v) => format!(
            "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
            escape(v)
        ),
        None => String::new(),
    };
    let fields = [
        hidden("client_id", &Some(q.client_id.clone())),
        hidden("redirect_uri", &Some(q.redirect_uri.clone())),
        hidden("state", &q.state),
        hidden("nonce", &q.nonce),
        hidden("code_challenge", &q.code_challenge),
    ]
    .concat();
    let buttons: String = IDENTITIES
        .iter()
        .map(|i| {
            format!(
                "<form method=\"post\" action=\"/oidc/authorize/choose\">{fields}\
                 <input type=\"hidden\" name=\"email\" value=\"{e}\">\
                 <button type=\"submit\"><strong>{n}</strong><span>{e}</span></button></form>",
                e = i.email,
                n = escape(i.name)
            )
        })
        .collect();
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Choose an account</title>\
         <style>body{{font-family:system-ui,sans-serif;background:#f1f3f4;margin:0;display:flex;justify-content:center}}\
         main{{background:#fff;margin:32px 16px;padding:28px;border-radius:8px;max-width:420px;width:100%;box-shadow:0 1px 3px #0003}}\
         h1{{font-size:22px;margin:0 0 4px}}p{{color:#5f6368;margin:0 0 20px}}\
         button{{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:12px;margin:0 0 8px;\
         border:1px solid #dadce0;border-radius:6px;background:#fff;cursor:pointer;font-size:15px}}\
         button span{{color:#5f6368;font-size:13px}}label{{display:block;margin-top:16px;font-size:14px}}\
         input[type=email]{{width:100%;padding:10px;margin:6px 0 8px;box-sizing:border-box}}</style></head>\
         <body><main><h1>Choose an account</h1><p>Google sign-in (simulator)</p>{buttons}\
         <form method=\"post\" action=\"/oidc/authorize/choose\">{fields}\
         <label for=\"email\">Another e-mail</label><input id=\"email\" type=\"email\" name=\"email\" required>\
         <button type=\"submit\"><strong>Continue</strong></button></form></main></body></html>"
    ))
    .into_response()
}

#[derive(Deserialize)]
struct Choice {
    client_id: String,
    redirect_uri: String,
    email: String,
    #[serde(default)]
    state: Option<String>,
    #[serde(default)]
    nonce: Option<String>,
    #[serde(default)]
    code_challenge: Option<String>,
}

/// Issues a code for the chosen identity and goes back to the client.
async fn choose(State(p): State<Shared>, Form(c): Form<Choice>) -> Response {
    let email = c.email.trim().to_owned();
    if !email.contains('@') {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "an e-mail is needed",
        );
    }
    let known = IDENTITIES
        .iter()
        .find(|i| i.email.eq_ignore_ascii_case(&email));
    let local = email.split('@').next().unwrap_or("").to_owned();
    let code = URL_SAFE_NO_PAD.encode(rand::rng().random::<[u8; 24]>());
    p.grants.lock().unwrap_or_else(|e| e.into_inner()).insert(
        code.clone(),
        Grant {
            client_id: c.client_id,
            redirect_uri: c.redirect_uri.clone(),
            nonce: c.nonce,
            code_challenge: c.code_challenge,
            email: email.clone(),
            name: known.map(|i| i.name.to_owned()).unwrap_or(local.clone()),
            given_name: known.map(|i| i.given_name.to_owned()).unwrap_or(local),
            family_name: known.map(|i| i.family_name.to_owned()).unwrap_or_default(),
        },
    );
    let sep = if c.redirect_uri.contains('?') {
        '&'
    } else {
        '?'
    };
    let mut target = format!("{}{sep}code={code}", c.redirect_uri);
    if let Some(state) = c.state {
        target.push_str(&format!("&state={}", urlencode(&state)));
    }
    Redirect::to(&target).into_response()
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[derive(Deserialize)]
struct TokenRequest {
    grant_type: String,
    code: String,
    redirect_uri: String,
    #[serde(default)]
    client_id: Option<String>,
    #[serde(default)]
    client_secret: Option<String>,
    #[serde(default)]
    code_verifier: Option<String>,
}

fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    let value = headers
        .get("authorization")?
        .to_str()
        .ok()?
        .strip_prefix("Basic ")?;
    let decoded = String::from_utf8(
        base64::engine::general_purpose::STANDARD
            .decode(value)
            .ok()?,
    )
    .ok()?;
    let (id, secret) = decoded.split_once(':')?;
    // RFC 6749 2.3.1: the parts are form-urlencoded before base64.
    Some((form_decode(id), form_decode(secret)))
}

/// Exchanges a code for tokens (once), checking the client, the redirect and PKCE.
async fn token(
    State(p): State<Shared>,
    headers: HeaderMap,
    Form(t): Form<TokenRequest>,
) -> Response {
    if t.grant_type != "authorization_code" {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "only authorization_code",
        );
    }
    let (client_id, secret) = match basic_credentials(&headers) {
        Some(c) => c,
        None => (
            t.client_id.unwrap_or_default(),
            t.client_secret.unwrap_or_default(),
        ),
    };
    if client_id != CLIENT_ID || secret != CLIENT_SECRET {
        return oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "wrong client credentials",
        );
    }
    let Some(grant) = p
        .grants
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&t.code)
    else {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "unknown or used code",
        );
    };
    if grant.client_id != client_id || grant.redirect_uri != t.redirect_uri {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "client or redirect_uri mismatch",
        );
    }
    if let Some(challenge) = &grant.code_challenge {
        let verifier = t.code_verifier.unwrap_or_default();
        if URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) != *challenge {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_grant",
                "PKCE verification failed",
            );
        }
    }
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut claims = json!({
        "iss": p.issuer, "aud": client_id, "iat": now, "exp": now + 600,
        "sub": format!("sim-{}", hex(&Sha256::digest(grant.email.to_lowercase().as_bytes())[..8])),
        "email": grant.email, "email_verified": true,
        "name": grant.name, "given_name": grant.given_name, "family_name": grant.family_name,
    });
    if let Some(nonce) = grant.nonce {
        claims["nonce"] = json!(nonce);
    }
    let header = json!({"alg": "ES256", "typ": "JWT", "kid": p.kid});
    let signing_input = format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(header.to_string()),
        URL_SAFE_NO_PAD.encode(claims.to_string())
    );
    let signature: Signature = p.key.sign(signing_input.as_bytes());
    let id_token = format!(
        "{signing_input}.{}",
        URL_SAFE_NO_PAD.encode(signature.to_bytes())
    );
    Json(json!({
        "access_token": URL_SAFE_NO_PAD.encode(rand::rng().random::<[u8; 24]>()),
        "token_type": "Bearer",
        "expires_in": 600,
        "id_token": id_token,
        "scope": "openid email profile",
    }))
    .into_response()
}

fn form_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = (b[i] == b'%' && i + 3 <= b.len())
            .then(|| {
                std::str::from_utf8(&b[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
            })
            .flatten();
        match (hex, b[i]) {
            (Some(byte), _) => {
                out.push(byte);
                i += 3;
            }
            (None, b'+') => {
                out.push(b' ');
                i += 1;
            }
            (None, other) => {
                out.push(other);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
