//! The phone wallets' update services: Apple's push service (APNs, `POST /apns/3/device/{token}`
//! with the pass type as `apns-topic`) and Google Wallet (an OAuth token endpoint for a service
//! account's JWT grant, and the event ticket objects' REST API). A "phone" saves a Google pass
//! by opening its save link here (`/google-wallet/save/{jwt}`, standing in for
//! `pay.google.com/gp/v/save/{jwt}`), which creates the objects the JWT carries.
//!
//! Signatures are not verified here (the keys are generated per process in development); the
//! api's tests verify the save link's JWT themselves. Control: `/_sim/wallets/pushes` (what
//! APNs received), `/_sim/wallets/unregistered` (a token APNs no longer knows: 410),
//! `/_sim/wallets/down` (both services answer 503), `/_sim/wallets/objects/{id}`.

use axum::{
    Form, Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, patch, post},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::Deserialize;
use serde_json::{Value, json};
use std::{
    collections::{BTreeMap, BTreeSet},
    sync::{Arc, Mutex},
};

/// The services' state.
#[derive(Clone, Default)]
pub struct Wallets {
    inner: Arc<Mutex<State_>>,
}

#[derive(Default)]
struct State_ {
    pushes: Vec<Value>,
    unregistered: BTreeSet<String>,
    down: bool,
    tokens: BTreeSet<String>,
    objects: BTreeMap<String, Value>,
}

impl Wallets {
    fn with<T>(&self, f: impl FnOnce(&mut State_) -> T) -> T {
        f(&mut self.inner.lock().expect("wallets state"))
    }
}

fn error(status: StatusCode, reason: &str) -> Response {
    (status, Json(json!({"reason": reason}))).into_response()
}

/// The claims of a JWT (its signature not checked).
fn claims(jwt: &str) -> Option<Value> {
    let payload = jwt.split('.').nth(1)?;
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()
}

async fn apns_push(
    State(w): State<Wallets>,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: String,
) -> Response {
    let topic = headers
        .get("apns-topic")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    w.with(|s| {
        if s.down {
            return error(StatusCode::SERVICE_UNAVAILABLE, "ServiceUnavailable");
        }
        if topic.is_empty() {
            return error(StatusCode::BAD_REQUEST, "MissingTopic");
        }
        if s.unregistered.contains(&token) {
            return error(StatusCode::GONE, "Unregistered");
        }
        s.pushes.push(json!({
            "token": token,
            "topic": topic,
            "payload": body,
            "at": chrono::Utc::now().to_rfc3339(),
        }));
        StatusCode::OK.into_response()
    })
}

#[derive(Deserialize)]
struct TokenRequest {
    grant_type: String,
    assertion: String,
}

async fn google_token(State(w): State<Wallets>, Form(req): Form<TokenRequest>) -> Response {
    if w.with(|s| s.down) {
        return error(StatusCode::SERVICE_UNAVAILABLE, "unavailable");
    }
    let scope_ok = claims(&req.assertion).is_some_and(|c| {
        c["scope"]
            .as_str()
            .is_some_and(|s| s.contains("wallet_object.issuer"))
            && c["iss"].is_string()
    });
    if req.grant_type != "urn:ietf:params:oauth:grant-type:jwt-bearer" || !scope_ok {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    }
    let token = format!("ya29.sim-{}", uuid::Uuid::new_v4().simple());
    w.with(|s| s.tokens.insert(token.clone()));
    Json(json!({"access_token": token, "expires_in": 3599, "token_type": "Bearer"})).into_response()
}

fn authorized(w: &Wallets, headers: &HeaderMap) -> bool {
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    token.is_some_and(|t| w.with(|s| s.tokens.contains(t)))
}

async fn patch_object(
    State(w): State<Wallets>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(update): Json<Value>,
) -> Response {
    if w.with(|s| s.down) {
        return error(StatusCode::SERVICE_UNAVAILABLE, "unavailable");
    }
    if !authorized(&w, &headers) {
        return error(StatusCode::UNAUTHORIZED, "unauthenticated");
    }
    w.with(|s| match s.objects.get_mut(&id) {
        None => error(StatusCode::NOT_FOUND, "not found"),
        Some(object) => {
            if let (Some(object), Some(update)) = (object.as_object_mut(), update.as_object()) {
                for (k, v) in update {
                    object.insert(k.clone(), v.clone());
                }
            }
            Json(object.clone()).into_response()
        }
    })
}

async fn get_object(
    State(w): State<Wallets>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !authorized(&w, &headers) {
        return error(StatusCode::UNAUTHORIZED, "unauthenticated");
    }
    object(State(w), Path(id)).await
}

/// A phone saves the pass of a save link: the objects its JWT carries now exist.
async fn save(State(w): State<Wallets>, Path(jwt): Path<String>) -> Response {
    let Some(c) = claims(&jwt).filter(|c| c["typ"] == "savetowallet") else {
        return error(StatusCode::BAD_REQUEST, "not a save link");
    };
    let objects = c["payload"]["eventTicketObjects"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let ids: Vec<String> = w.with(|s| {
        objects
            .into_iter()
            .filter_map(|o| {
                let id = o["id"].as_str()?.to_owned();
                s.objects.entry(id.clone()).or_insert(o);
                Some(id)
            })
            .collect()
    });
    Json(json!({"saved": ids})).into_response()
}

async fn object(State(w): State<Wallets>, Path(id): Path<String>) -> Response {
    w.with(|s| match s.objects.get(&id) {
        Some(o) => Json(o.clone()).into_response(),
        None => error(StatusCode::NOT_FOUND, "not found"),
    })
}

async fn pushes(State(w): State<Wallets>) -> Json<Value> {
    Json(json!({"items": w.with(|s| s.pushes.clone())}))
}

#[derive(Deserialize)]
struct Token {
    token: String,
}

async fn unregistered(State(w): State<Wallets>, Json(t): Json<Token>) -> StatusCode {
    w.with(|s| s.unregistered.insert(t.token));
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct Down {
    down: bool,
}

async fn set_down(State(w): State<Wallets>, Json(d): Json<Down>) -> StatusCode {
    w.with(|s| s.down = d.down);
    StatusCode::NO_CONTENT
}

pub fn router(w: Wallets) -> Router {
    Router::new()
        .route("/apns/3/device/{token}", post(apns_push))
        .route("/google-wallet/token", post(google_token))
        .route(
            "/google-wallet/walletobjects/v1/eventTicketObject/{id}",
            patch(patch_object).get(get_object),
        )
        .route("/google-wallet/save/{jwt}", get(save))
        .route("/_sim/wallets/pushes", get(pushes))
        .route("/_sim/wallets/unregistered", post(unregistered))
        .route("/_sim/wallets/down", post(set_down))
        .route("/_sim/wallets/objects/{id}", get(object))
        .with_state(w)
}
