//! The card payment provider's stand-in: the part of Stripe's API the app uses.
//!
//! `POST /v1/payment_intents` (create, with Idempotency-Key), `GET /v1/payment_intents/{id}`,
//! `POST /v1/payment_intents/{id}/confirm` (from the browser with the publishable key and the
//! client secret, as Stripe.js does, or from the server), `POST .../cancel`, `POST /v1/refunds`.
//! Answers carry every field async-stripe requires. Stripe's test cards: 4242 4242 4242 4242
//! succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure
//! through a challenge page. Every outcome becomes an event posted to the webhook endpoint,
//! signed with Stripe's scheme (`Stripe-Signature: t=..,v1=hmac`), and posted again with
//! backoff until the endpoint answers 2xx.
//!
//! Control API under `/_sim/payments/`: `webhook` (where to deliver and the secret), `events`
//! (every event with its deliveries), `events/{id}/redeliver`, `intents`, `refunds`,
//! `faults` (`{"fail_next": n, "status": 500}`, `{"commit_then_fail_next": n}`), `reset`.

use axum::{
    Form, Json, Router,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
};
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::Sha256;
use std::{
    collections::{BTreeMap, HashMap},
    sync::{Arc, Mutex},
    time::Duration,
};

/// Test cards and what they do.
pub const CARD_SUCCESS: &str = "4242424242424242";
pub const CARD_DECLINED: &str = "4000000000000002";
pub const CARD_3DS: &str = "4000002500003155";

/// The provider's state; cheap to clone.
#[derive(Clone)]
pub struct Payments {
    inner: Arc<Mutex<State_>>,
    http: reqwest::Client,
}

#[derive(Default)]
struct State_ {
    intents: BTreeMap<String, Intent>,
    refunds: Vec<Value>,
    /// Idempotency-Key -> the first answer.
    idempotent: HashMap<String, (StatusCode, Value)>,
    events: Vec<EventRecord>,
    webhook_url: Option<String>,
    webhook_secret: String,
    faults: Faults,
    next_id: u64,
}

#[derive(Default, Clone, Copy, Serialize, Deserialize)]
struct Faults {
    #[serde(default)]
    fail_next: u32,
    #[serde(default = "default_fault_status")]
    status: u16,
    /// The call takes effect, then answers 500.
    #[serde(default)]
    commit_then_fail_next: u32,
}

fn default_fault_status() -> u16 {
    500
}

#[derive(Clone, Serialize)]
struct Intent {
    id: String,
    client_secret: String,
    amount: i64,
    amount_received: i64,
    currency: String,
    status: String,
    created: i64,
    metadata: BTreeMap<String, String>,
    description: Option<String>,
    last_payment_error: Option<Value>,
    next_action: Option<Value>,
    /// Where 3-D Secure comes back to.
    #[serde(skip)]
    return_url: Option<String>,
    refunded: i64,
}

impl Intent {
    fn json(&self) -> Value {
        json!({
            "id": self.id, "object": "payment_intent", "amount": self.amount,
            "amount_capturable": 0, "amount_received": self.amount_received,
            "capture_method": "automatic", "confirmation_method": "automatic",
            "client_secret": self.client_secret, "created": self.created,
            "currency": self.currency, "livemode": false, "metadata": self.metadata,
            "description": self.description, "payment_method_types": ["card"],
            "status": self.status, "last_payment_error": self.last_payment_error,
            "next_action": self.next_action,
            "latest_charge": (self.status == "succeeded").then(|| format!("ch_{}", &self.id[3..])),
        })
    }
}

#[derive(Clone, Serialize)]
struct EventRecord {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    payload: String,
    /// Delivery attempts and their HTTP status (0: no answer).
    deliveries: Vec<u16>,
    acknowledged: bool,
}

impl Default for Payments {
    fn default() -> Self {
        Payments::new(None, "whsec_lario_simulator")
    }
}

impl Payments {
    /// A provider delivering its events to `webhook_url` (if any), signed with `secret`.
    pub fn new(webhook_url: Option<String>, secret: &str) -> Payments {
        let state = State_ {
            webhook_url,
            webhook_secret: secret.to_owned(),
            ..Default::default()
        };
        Payments {
            inner: Arc::new(Mutex::new(state)),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("an HTTP client"),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State_> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Where events go from now on.
    pub fn set_webhook(&self, url: Option<String>, secret: Option<String>) {
        let mut s = self.lock();
        s.webhook_url = url;
        if let Some(secret) = secret {
            s.webhook_secret = secret;
        }
    }

    fn next_id(s: &mut State_, prefix: &str) -> String {
        s.next_id += 1;
        let random = uuid::Uuid::new_v4().simple().to_string();
        format!("{prefix}_{}{:06}", &random[..18], s.next_id)
    }

    /// Records an event and starts delivering it.
    fn emit(&self, s: &mut State_, kind: &str, object: Value) {
        let id = Self::next_id(s, "evt");
        let payload = json!({
            "id": id, "object": "event", "created": chrono::Utc::now().timestamp(),
            "data": {"object": object}, "livemode": false, "pending_webhooks": 1,
            "request": {"id": null, "idempotency_key": null}, "type": kind,
        })
        .to_string();
        s.events.push(EventRecord {
            id: id.clone(),
            kind: kind.to_owned(),
            payload,
            deliveries: vec![],
            acknowledged: false,
        });
        self.deliver(id, 1);
    }

    /// Posts event `id` to the webhook endpoint, `times` times in a row (a redelivery test
    /// sends it several at once), and keeps retrying with backoff until one is acknowledged.
    fn deliver(&self, id: String, times: usize) {
        for _ in 0..times {
            let this = self.clone();
            let id = id.clone();
            tokio::spawn(async move { this.deliver_until_acknowledged(&id).await });
        }
    }

    async fn deliver_until_acknowledged(&self, id: &str) {
        let mut delay = Duration::from_millis(300);
        for _ in 0..12 {
            let (url, secret, payload) = {
                let s = self.lock();
                let Some(e) = s.events.iter().find(|e| e.id == id) else {
                    return;
                };
                let Some(url) = s.webhook_url.clone() else {
                    return;
                };
                (url, s.webhook_secret.clone(), e.payload.clone())
            };
            let header = sign(&payload, &secret, chrono::Utc::now().timestamp());
            let status = match self
                .http
                .post(&url)
                .header("content-type", "application/json")
                .header("stripe-signature", header)
                .body(payload)
                .send()
                .await
            {
                Ok(r) => r.status().as_u16(),
                Err(_) => 0,
            };
            let ok = (200..300).contains(&status);
            {
                let mut s = self.lock();
                if let Some(e) = s.events.iter_mut().find(|e| e.id == id) {
                    e.deliveries.push(status);
                    e.acknowledged |= ok;
                }
            }
            if ok {
                return;
            }
            tokio::time::sleep(delay).await;
            delay = (delay * 2).min(Duration::from_secs(10));
        }
    }
}

/// Stripe's signature header: `t={ts},v1={hex hmac-sha256 of "{ts}.{payload}"}`.
pub fn sign(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={timestamp},v1={hex}")
}

/// The provider's routes.
pub fn router(p: Payments) -> Router {
    let cors = tower_http::cors::CorsLayer::permissive();
    let api = Router::new()
        .route(
            "/v1/payment_intents",
            post(create_intent).get(list_intents_api),
        )
        .route("/v1/payment_intents/{id}", get(retrieve_intent))
        .route("/v1/payment_intents/{id}/confirm", post(confirm_intent))
        .route("/v1/payment_intents/{id}/cancel", post(cancel_intent))
        .route("/v1/refunds", post(create_refund).get(list_refunds_api))
        .layer(cors);
    let control = Router::new()
        .route(
            "/_sim/payments/3ds/{id}",
            get(challenge_page).post(challenge_answer),
        )
        .route("/_sim/payments/webhook", get(get_webhook).post(set_webhook))
        .route("/_sim/payments/events", get(list_events))
        .route("/_sim/payments/events/{id}/redeliver", post(redeliver))
        .route("/_sim/payments/intents", get(list_intents))
        .route("/_sim/payments/refunds", get(list_refunds))
        .route("/_sim/payments/faults", post(set_faults))
        .route("/_sim/payments/reset", post(reset));
    api.merge(control).with_state(p)
}

fn stripe_error(status: StatusCode, kind: &str, code: &str, message: &str) -> Response {
    (
        status,
        Json(json!({"error": {"type": kind, "code": code, "message": message}})),
    )
        .into_response()
}

/// Which key the caller used: the secret key (our server) or a publishable key (a browser).
enum Caller {
    Server,
    Browser,
}

fn caller(headers: &HeaderMap) -> Option<Caller> {
    let auth = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let key = auth.strip_prefix("Bearer ")?;
    if key.starts_with("sk_") {
        Some(Caller::Server)
    } else if key.starts_with("pk_") {
        Some(Caller::Browser)
    } else {
        None
    }
}

fn unauthorised() -> Response {
    stripe_error(
        StatusCode::UNAUTHORIZED,
        "invalid_request_error",
        "api_key_invalid",
        "Invalid API Key provided",
    )
}

/// Applies an injected fault, if one is armed: `Some(answer)` to send instead (before the
/// call's effect), and whether to fail after committing.
fn fault(p: &Payments) -> (Option<Response>, bool) {
    let mut s = p.lock();
    if s.faults.fail_next > 0 {
        s.faults.fail_next -= 1;
        let status =
            StatusCode::from_u16(s.faults.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        return (
            Some(stripe_error(
                status,
                "api_error",
                "simulated",
                "Simulated failure",
            )),
            false,
        );
    }
    if s.faults.commit_then_fail_next > 0 {
        s.faults.commit_then_fail_next -= 1;
        return (None, true);
    }
    (None, false)
}

fn committed_then_failed() -> Response {
    stripe_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "api_error",
        "simulated",
        "Simulated failure after the change",
    )
}

/// Stripe's form fields: `metadata[order_id]=..` becomes `metadata` -> `order_id`.
fn nested(form: &[(String, String)], prefix: &str) -> BTreeMap<String, String> {
    form.iter()
        .filter_map(|(k, v)| {
            k.strip_prefix(prefix)
                .and_then(|r| r.strip_prefix('['))
                .and_then(|r| r.strip_suffix(']'))
                .map(|key| (key.to_owned(), v.clone()))
        })
        .collect()
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Runs `make` once per Idempotency-Key: a repeat gets the first answer.
fn idempotent(
    p: &Payments,
    headers: &HeaderMap,
    scope: &str,
    make: impl FnOnce(&Payments) -> (StatusCode, Value),
) -> Response {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(|k| format!("{scope}:{k}"));
    if let Some(key) = &key
        && let Some((status, body)) = p.lock().idempotent.get(key).cloned()
    {
        return (status, Json(body)).into_response();
    }
    let (status, body) = make(p);
    if let Some(key) = key {
        p.lock().idempotent.insert(key, (status, body.clone()));
    }
    (status, Json(body)).into_response()
}

async fn create_intent(
    State(p): State<Payments>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    if !matches!(caller(&headers), Some(Caller::Server)) {
        return unauthorised();
    }
    let (early, then_fail) = fault(&p);
    if let Some(r) = early {
        return r;
    }
    let amount: i64 = match field(&form, "amount").and_then(|a| a.parse().ok()) {
        Some(a) if a >= 50 => a,
        _ => {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "amount_too_small",
                "Amount must be at least €0.50 eur",
            );
        }
    };
    let currency = field(&form, "currency").unwrap_or("eur").to_owned();
    let metadata = nested(&form, "metadata");
    let description = field(&form, "description").map(str::to_owned);
    let answer = idempotent(&p, &headers, "create", |p| {
        let mut s = p.lock();
        let id = Payments::next_id(&mut s, "pi");
        let secret = uuid::Uuid::new_v4().simple().to_string();
        let intent = Intent {
            client_secret: format!("{id}_secret_{}", &secret[..24]),
            id: id.clone(),
            amount,
            amount_received: 0,
            currency,
            status: "requires_payment_method".into(),
            created: chrono::Utc::now().timestamp(),
            metadata,
            description,
            last_payment_error: None,
            next_action: None,
            return_url: None,
            refunded: 0,
        };
        let body = intent.json();
        s.intents.insert(id, intent);
        (StatusCode::OK, body)
    });
    if then_fail {
        return committed_then_failed();
    }
    answer
}

#[derive(Deserialize)]
struct SecretQuery {
    client_secret: Option<String>,
}

fn no_such_intent(id: &str) -> Response {
    stripe_error(
        StatusCode::NOT_FOUND,
        "invalid_request_error",
        "resource_missing",
        &format!("No such payment_intent: '{id}'"),
    )
}

async fn retrieve_intent(
    State(p): State<Payments>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<SecretQuery>,
) -> Response {
    let Some(who) = caller(&headers) else {
        return unauthorised();
    };
    if let (Some(r), _) = fault(&p) {
        return r;
    }
    let s = p.lock();
    let Some(intent) = s.intents.get(&id) else {
        return no_such_intent(&id);
    };
    if matches!(who, Caller::Browser) && q.client_secret.as_deref() != Some(&intent.client_secret) {
        return no_such_intent(&id);
    }
    Json(intent.json()).into_response()
}

/// What a card (or a test payment method) does.
enum CardOutcome {
    Succeed,
    Decline(&'static str),
    ThreeDSecure,
}

fn card_outcome(form: &[(String, String)]) -> CardOutcome {
    let number: String = field(form, "payment_method_data[card][number]")
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    match (number.as_str(), field(form, "payment_method")) {
        (CARD_SUCCESS, _) | ("", Some("pm_card_visa")) => CardOutcome::Succeed,
        (CARD_DECLINED, _) | ("", Some("pm_card_chargeDeclined")) => {
            CardOutcome::Decline("generic_decline")
        }
        (CARD_3DS, _) | ("", Some("pm_card_threeDSecure2Required")) => CardOutcome::ThreeDSecure,
        _ => CardOutcome::Decline("incorrect_number"),
    }
}

async fn confirm_intent(
    State(p): State<Payments>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let Some(who) = caller(&headers) else {
        return unauthorised();
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1:9090")
        .to_owned();
    let mut s = p.lock();
    let Some(intent) = s.intents.get_mut(&id) else {
        return no_such_intent(&id);
    };
    if matches!(who, Caller::Browser)
        && field(&form, "client_secret") != Some(intent.client_secret.as_str())
    {
        return no_such_intent(&id);
    }
    // As Stripe: a PaymentIntent whose 3-D Secure challenge was abandoned (requires_action)
    // may be confirmed again, with the same card or another; the old challenge is void.
    if !matches!(
        intent.status.as_str(),
        "requires_payment_method" | "requires_confirmation" | "requires_action"
    ) {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "payment_intent_unexpected_state",
            &format!(
                "This PaymentIntent's status is {}: it cannot be confirmed",
                intent.status
            ),
        );
    }
    let event = match card_outcome(&form) {
        CardOutcome::Succeed => {
            intent.status = "succeeded".into();
            intent.amount_received = intent.amount;
            intent.last_payment_error = None;
            Some("payment_intent.succeeded")
        }
        CardOutcome::Decline(reason) => {
            intent.status = "requires_payment_method".into();
            intent.last_payment_error = Some(json!({
                "type": "card_error", "code": "card_declined", "decline_code": reason,
                "message": "Your card was declined.",
            }));
            Some("payment_intent.payment_failed")
        }
        CardOutcome::ThreeDSecure => {
            intent.status = "requires_action".into();
            intent.return_url = field(&form, "return_url").map(str::to_owned);
            intent.next_action = Some(json!({
                "type": "redirect_to_url",
                "redirect_to_url": {
                    "url": format!("http://{host}/_sim/payments/3ds/{id}"),
                    "return_url": intent.return_url,
                },
            }));
            None
        }
    };
    let body = intent.json();
    if let Some(kind) = event {
        p.emit(&mut s, kind, body.clone());
    }
    Json(body).into_response()
}

async fn cancel_intent(
    State(p): State<Payments>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if !matches!(caller(&headers), Some(Caller::Server)) {
        return unauthorised();
    }
    let mut s = p.lock();
    let Some(intent) = s.intents.get_mut(&id) else {
        return no_such_intent(&id);
    };
    if intent.status == "succeeded" {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "payment_intent_unexpected_state",
            "A succeeded PaymentIntent cannot be canceled",
        );
    }
    intent.status = "canceled".into();
    intent.next_action = None;
    let body = intent.json();
    p.emit(&mut s, "payment_intent.canceled", body.clone());
    Json(body).into_response()
}

async fn create_refund(
    State(p): State<Payments>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    if !matches!(caller(&headers), Some(Caller::Server)) {
        return unauthorised();
    }
    let (early, then_fail) = fault(&p);
    if let Some(r) = early {
        return r;
    }
    let Some(pi) = field(&form, "payment_intent").map(str::to_owned) else {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "parameter_missing",
            "Missing required param: payment_intent.",
        );
    };
    let amount: Option<i64> = field(&form, "amount").and_then(|a| a.parse().ok());
    let metadata = nested(&form, "metadata");
    let answer = idempotent(&p, &headers, "refund", |p| {
        let mut s = p.lock();
        let refund_id = Payments::next_id(&mut s, "re");
        let Some(intent) = s.intents.get_mut(&pi) else {
            return (
                StatusCode::NOT_FOUND,
                json!({"error": {"type": "invalid_request_error", "code": "resource_missing",
                                 "message": format!("No such payment_intent: '{pi}'")}}),
            );
        };
        let left = intent.amount_received - intent.refunded;
        let amount = amount.unwrap_or(left);
        if intent.status != "succeeded" || amount <= 0 || amount > left {
            return (
                StatusCode::BAD_REQUEST,
                json!({"error": {"type": "invalid_request_error", "code": "charge_already_refunded",
                                 "message": "This payment has already been refunded, or cannot be"}}),
            );
        }
        intent.refunded += amount;
        let refund = json!({
            "id": refund_id, "object": "refund", "amount": amount,
            "created": chrono::Utc::now().timestamp(), "currency": intent.currency,
            "payment_intent": pi, "status": "succeeded", "metadata": metadata,
        });
        s.refunds.push(refund.clone());
        p.emit(&mut s, "refund.created", refund.clone());
        (StatusCode::OK, refund)
    });
    if then_fail {
        return committed_then_failed();
    }
    answer
}

/// The 3-D Secure challenge: the bank's page, with a button to approve and one to fail.
async fn challenge_page(State(p): State<Payments>, Path(id): Path<String>) -> Response {
    let s = p.lock();
    let Some(intent) = s.intents.get(&id) else {
        return (StatusCode::NOT_FOUND, "No such payment").into_response();
    };
    let euros = format!("{}.{:02}", intent.amount / 100, intent.amount % 100);
    Html(format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>3-D Secure</title><style>body{{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:1rem}}
button{{font-size:1rem;padding:.6rem 1.2rem;margin-right:1rem}}</style></head><body>
<h1>3-D Secure (test)</h1><p>Authorise a payment of € {euros} ({id})?</p>
<form method="post"><button name="outcome" value="succeed">Complete authentication</button>
<button name="outcome" value="fail">Fail authentication</button></form></body></html>"#
    ))
    .into_response()
}

#[derive(Deserialize)]
struct ChallengeAnswer {
    outcome: String,
}

async fn challenge_answer(
    State(p): State<Payments>,
    Path(id): Path<String>,
    Form(a): Form<ChallengeAnswer>,
) -> Response {
    let mut s = p.lock();
    let Some(intent) = s.intents.get_mut(&id) else {
        return (StatusCode::NOT_FOUND, "No such payment").into_response();
    };
    if intent.status != "requires_action" {
        return (StatusCode::CONFLICT, "Nothing to authenticate").into_response();
    }
    let ok = a.outcome == "succeed";
    intent.next_action = None;
    if ok {
        intent.status = "succeeded".into();
        intent.amount_received = intent.amount;
    } else {
        intent.status = "requires_payment_method".into();
        intent.last_payment_error = Some(json!({
            "type": "card_error", "code": "payment_intent_authentication_failure",
            "message": "The provided PaymentMethod has failed authentication.",
        }));
    }
    let back = intent.return_url.clone();
    let secret = intent.client_secret.clone();
    let body = intent.json();
    let kind = if ok {
        "payment_intent.succeeded"
    } else {
        "payment_intent.payment_failed"
    };
    p.emit(&mut s, kind, body);
    match back {
        Some(url) => {
            let sep = if url.contains('?') { '&' } else { '?' };
            let status = if ok { "succeeded" } else { "failed" };
            Redirect::to(&format!(
                "{url}{sep}payment_intent={id}&payment_intent_client_secret={secret}&redirect_status={status}"
            ))
            .into_response()
        }
        None => Html("Done: you may close this page.").into_response(),
    }
}

#[derive(Deserialize)]
struct WebhookSetting {
    url: Option<String>,
    secret: Option<String>,
}

async fn get_webhook(State(p): State<Payments>) -> Json<Value> {
    Json(json!({"url": p.lock().webhook_url}))
}

async fn set_webhook(State(p): State<Payments>, Json(w): Json<WebhookSetting>) -> StatusCode {
    p.set_webhook(w.url, w.secret);
    StatusCode::NO_CONTENT
}

async fn list_events(State(p): State<Payments>) -> Json<Value> {
    let s = p.lock();
    Json(json!(
        s.events
            .iter()
            .map(|e| {
                let object: Value = serde_json::from_str(&e.payload)
                    .map(|v: Value| v["data"]["object"].clone())
                    .unwrap_or(Value::Null);
                json!({"id": e.id, "type": e.kind, "object": object, "deliveries": e.deliveries,
                       "acknowledged": e.acknowledged})
            })
            .collect::<Vec<_>>()
    ))
}

#[derive(Deserialize)]
struct Redeliver {
    #[serde(default = "one")]
    times: usize,
}

fn one() -> usize {
    1
}

/// Delivers an event again, `times` times at once (as a provider retrying while the first
/// delivery is still in flight).
async fn redeliver(
    State(p): State<Payments>,
    Path(id): Path<String>,
    body: Option<Json<Redeliver>>,
) -> StatusCode {
    let times = body.map_or(1, |Json(r)| r.times.clamp(1, 20));
    if !p.lock().events.iter().any(|e| e.id == id) {
        return StatusCode::NOT_FOUND;
    }
    p.deliver(id, times);
    StatusCode::ACCEPTED
}

/// Stripe's list parameters: `created[gte|gt|lte|lt]`, `limit` (1-100, 10 by default),
/// `starting_after` (an id: the page after it, newest first).
#[derive(Deserialize, Default)]
struct ListQuery {
    #[serde(rename = "created[gte]")]
    gte: Option<i64>,
    #[serde(rename = "created[gt]")]
    gt: Option<i64>,
    #[serde(rename = "created[lte]")]
    lte: Option<i64>,
    #[serde(rename = "created[lt]")]
    lt: Option<i64>,
    limit: Option<usize>,
    starting_after: Option<String>,
}

impl ListQuery {
    fn admits(&self, created: i64) -> bool {
        self.gte.is_none_or(|v| created >= v)
            && self.gt.is_none_or(|v| created > v)
            && self.lte.is_none_or(|v| created <= v)
            && self.lt.is_none_or(|v| created < v)
    }

    /// One page of `items` ((id, created, json)), newest first, as Stripe lists them.
    fn page(&self, url: &str, mut items: Vec<(String, i64, Value)>) -> Value {
        items.retain(|(_, created, _)| self.admits(*created));
        items.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
        if let Some(after) = &self.starting_after
            && let Some(i) = items.iter().position(|(id, _, _)| id == after)
        {
            items.drain(..=i);
        }
        let limit = self.limit.unwrap_or(10).clamp(1, 100);
        let has_more = items.len() > limit;
        let data: Vec<Value> = items.into_iter().take(limit).map(|(_, _, v)| v).collect();
        json!({"object": "list", "data": data, "has_more": has_more, "url": url})
    }
}

/// A list only the server may read: `items` picks what to list from the state.
fn server_list(
    p: &Payments,
    headers: &HeaderMap,
    q: &ListQuery,
    url: &str,
    items: impl FnOnce(&State_) -> Vec<(String, i64, Value)>,
) -> Response {
    if !matches!(caller(headers), Some(Caller::Server)) {
        return unauthorised();
    }
    if let (Some(r), _) = fault(p) {
        return r;
    }
    let listed = items(&p.lock());
    Json(q.page(url, listed)).into_response()
}

/// `GET /v1/payment_intents`: the server lists intents (for the payment report).
async fn list_intents_api(
    State(p): State<Payments>,
    headers: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Response {
    server_list(&p, &headers, &q, "/v1/payment_intents", |s| {
        s.intents
            .values()
            .map(|i| (i.id.clone(), i.created, i.json()))
            .collect()
    })
}

/// `GET /v1/refunds`: the server lists refunds (for the payment report).
async fn list_refunds_api(
    State(p): State<Payments>,
    headers: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Response {
    server_list(&p, &headers, &q, "/v1/refunds", |s| {
        s.refunds
            .iter()
            .map(|r| {
                (
                    r["id"].as_str().unwrap_or_default().to_owned(),
                    r["created"].as_i64().unwrap_or_default(),
                    r.clone(),
                )
            })
            .collect()
    })
}

async fn list_intents(State(p): State<Payments>) -> Json<Value> {
    let s = p.lock();
    Json(json!(
        s.intents
            .values()
            .map(|i| {
                let mut v = i.json();
                v["amount_refunded"] = json!(i.refunded);
                v
            })
            .collect::<Vec<_>>()
    ))
}

async fn list_refunds(State(p): State<Payments>) -> Json<Value> {
    Json(json!(p.lock().refunds))
}

async fn set_faults(State(p): State<Payments>, Json(f): Json<Faults>) -> StatusCode {
    p.lock().faults = f;
    StatusCode::NO_CONTENT
}

async fn reset(State(p): State<Payments>) -> StatusCode {
    let mut s = p.lock();
    let (url, secret) = (s.webhook_url.take(), std::mem::take(&mut s.webhook_secret));
    *s = State_ {
        webhook_url: url,
        webhook_secret: secret,
        ..Default::default()
    };
    StatusCode::NO_CONTENT
}
