//! A running api on a random port over a fresh database (sqlx::test makes one per test),
//! and HTTP clients that behave like the apps: cookies kept, CSRF token sent.

use api::state::AppState;
use domain::{accounts, config::Config, email::Email};
use integrations::ticketing::TicketingClient;
use reqwest::RequestBuilder;
use serde_json::Value;
use sim::{Sim, SimOptions};
use sqlx::PgPool;
use std::{collections::HashMap, net::SocketAddr, path::PathBuf, sync::Arc, time::Duration};

pub const PASSWORD: &str = "a-test-password-2026";

pub struct TestApp {
    pub base: String,
    pub pool: PgPool,
    /// The app's state: `state.shutdown()` stops its live streams and tick loops, as a
    /// process that stops.
    pub state: AppState,
    /// Staff accounts' authenticator secrets, by e-mail (see [`TestApp::signed_in`]).
    pub totp_secrets: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

/// A browser-like client: a cookie jar and the CSRF token repeated on unsafe requests.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub csrf: String,
}

impl Client {
    pub async fn new(base: &str) -> Client {
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap();
        let v: serde_json::Value = http
            .get(format!("{base}/api/auth/csrf"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        Client {
            http,
            base: base.to_owned(),
            csrf: v["csrf_token"].as_str().unwrap().to_owned(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn get(&self, path: &str) -> RequestBuilder {
        self.http.get(self.url(path))
    }

    pub fn post(&self, path: &str) -> RequestBuilder {
        self.http
            .post(self.url(path))
            .header("x-csrf-token", &self.csrf)
    }

    pub fn put(&self, path: &str) -> RequestBuilder {
        self.http
            .put(self.url(path))
            .header("x-csrf-token", &self.csrf)
    }

    pub fn delete(&self, path: &str) -> RequestBuilder {
        self.http
            .delete(self.url(path))
            .header("x-csrf-token", &self.csrf)
    }

    pub fn request(&self, method: reqwest::Method, path: &str) -> RequestBuilder {
        self.http
            .request(method, self.url(path))
            .header("x-csrf-token", &self.csrf)
    }
}

impl Client {
    /// `GET path` answered 200: its JSON.
    pub async fn get_json(&self, path: &str) -> Value {
        let r = self.get(path).send().await.unwrap();
        assert_eq!(r.status(), 200, "GET {path}");
        r.json().await.unwrap()
    }

    /// `GET path` answered 200: its JSON read as a `T` (a list, a typed view).
    pub async fn get_as<T: serde::de::DeserializeOwned>(&self, path: &str) -> T {
        serde_json::from_value(self.get_json(path).await).unwrap()
    }

    /// `POST path` with a JSON body: the status and the JSON answer (null when none).
    pub async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self.post(path).json(body).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// `POST path` with a JSON body, answered with success (2xx): its JSON.
    pub async fn post_ok(&self, path: &str, body: &Value) -> Value {
        let r = self.post(path).json(body).send().await.unwrap();
        Self::success("POST", path, r).await
    }

    /// `PUT path` with a JSON body: the status and the JSON answer (null when none).
    pub async fn put_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self.put(path).json(body).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// `PUT path` with a JSON body, answered with success (2xx): its JSON.
    pub async fn put_ok(&self, path: &str, body: &Value) -> Value {
        let r = self.put(path).json(body).send().await.unwrap();
        Self::success("PUT", path, r).await
    }

    async fn success(method: &str, path: &str, r: reqwest::Response) -> Value {
        let status = r.status();
        let body: Value = r.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{method} {path}: {status} {body}");
        body
    }
}

/// Asks for an export and waits until the worker built it; the file's rows.
pub async fn built_export(staff: &Client, body: Value) -> (Value, Vec<(u32, Vec<String>)>) {
    let r = staff
        .post("/api/admin/exports")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201, "{body}");
    let e: Value = r.json().await.unwrap();
    exported(staff, e["id"].as_str().unwrap()).await
}

/// Waits for export `id` to be built (by the worker) and reads its file: the export and the
/// sheet's rows.
pub async fn exported(staff: &Client, id: &str) -> (Value, Vec<(u32, Vec<String>)>) {
    let mut last = Value::Null;
    eventually("the export built", 60, async || {
        last = staff
            .get(&format!("/api/admin/exports/{id}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        last["state"] == "done"
    })
    .await;
    let r = staff
        .get(&format!("/api/admin/exports/{id}/file"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let disposition = r.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(disposition.contains(last["file_name"].as_str().unwrap()));
    let rows = integrations::sheets::read_rows(&r.bytes().await.unwrap()).unwrap();
    (last, rows)
}

/// The code an authenticator app shows now for `secret`.
pub fn totp_now(secret: &str) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    accounts::second_factor::code_at(secret, now).unwrap()
}

impl Client {
    /// A client with a session made directly in the database: no password to hash, so a
    /// test can have hundreds of signed-in fans.
    pub async fn with_session(base: &str, pool: &PgPool, user_id: uuid::Uuid) -> Client {
        let mut conn = pool.acquire().await.unwrap();
        let token = accounts::sessions::create(&mut conn, user_id, None, "test")
            .await
            .unwrap();
        let csrf = uuid::Uuid::new_v4().simple().to_string();
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::COOKIE,
            format!("lario_session={token}; lario_csrf={csrf}")
                .parse()
                .unwrap(),
        );
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .build()
            .unwrap();
        Client {
            http,
            base: base.to_owned(),
            csrf,
        }
    }
}

impl TestApp {
    /// A signed-in fan (acc_level 100) by e-mail, with a session made directly.
    pub async fn fan_with_session(&self, email: &str) -> (uuid::Uuid, Client) {
        let mut conn = self.pool.acquire().await.unwrap();
        let email = Email::parse(email).unwrap();
        let (user, _) = accounts::create_or_get(&mut conn, &email, None, None, Default::default())
            .await
            .unwrap();
        (
            user.user_id,
            Client::with_session(&self.base, &self.pool, user.user_id).await,
        )
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// A client nobody has signed in with.
    pub async fn anonymous(&self) -> Client {
        Client::new(&self.base).await
    }

    /// Creates an account with `acc_level` and a password, and signs in with it; staff (levels
    /// 1 and 2) enrol their authenticator and answer with its code, as at `/admin/login`.
    pub async fn signed_in(&self, email: &str, acc_level: i16) -> Client {
        self.create_user(email, acc_level).await;
        let client = self.anonymous().await;
        let area = if acc_level <= 2 { "admin" } else { "fan" };
        let resp = client
            .post("/api/auth/password")
            .json(&serde_json::json!({"email": email, "password": PASSWORD, "area": area}))
            .send()
            .await
            .unwrap();
        let status = resp.status();
        let body: serde_json::Value = resp.json().await.unwrap();
        assert_eq!(status, 200, "sign-in of {email}: {body}");
        if acc_level <= 2 {
            let (secret, code) = match body["second_factor"].as_str() {
                Some("enroll") => {
                    let secret = body["totp"]["secret"].as_str().unwrap().to_owned();
                    let code = totp_now(&secret);
                    (secret, code)
                }
                _ => (self.totp_secret(email), self.fresh_code(email).await),
            };
            let resp = client
                .post("/api/auth/second-factor")
                .json(&serde_json::json!({"challenge": body["challenge"], "code": code}))
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status(), 200, "second factor of {email}");
            self.totp_secrets
                .lock()
                .unwrap()
                .insert(email.to_owned(), secret);
        }
        client
    }

    /// Proves again who the signed-in staff member `email` is (password and code), as a role
    /// change asks.
    pub async fn reauthenticate(&self, client: &Client, email: &str) {
        let code = self.fresh_code(email).await;
        let r = client
            .post("/api/auth/reauth")
            .json(&serde_json::json!({"password": PASSWORD, "code": code}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 204, "re-authentication of {email}");
    }

    /// A code of `email`'s authenticator the server has not seen yet: of the earliest step it
    /// still accepts (the previous, current or next one, after the last used), waiting for the
    /// clock when the next step's code is spent already.
    pub async fn fresh_code(&self, email: &str) -> String {
        let secret = self.totp_secret(email);
        let last: i64 = sqlx::query_scalar(
            "select last_used_step from staff_totp t join app_user u using (user_id) where u.email = $1",
        )
        .bind(email)
        .fetch_one(&self.pool)
        .await
        .unwrap();
        loop {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_secs();
            let current = (now / 30) as i64;
            let step = (current - 1).max(last + 1);
            if step <= current + 1 {
                return accounts::second_factor::code_at(&secret, step as u64 * 30).unwrap();
            }
            tokio::time::sleep(std::time::Duration::from_secs(30 - now % 30 + 1)).await;
        }
    }

    /// The authenticator secret a staff account enrolled with in [`TestApp::signed_in`].
    pub fn totp_secret(&self, email: &str) -> String {
        self.totp_secrets.lock().unwrap()[email].clone()
    }

    pub async fn create_user(&self, email: &str, acc_level: i16) -> uuid::Uuid {
        let mut conn = self.pool.acquire().await.unwrap();
        let email = Email::parse(email).unwrap();
        let (user, _) = accounts::create_or_get(&mut conn, &email, None, None, Default::default())
            .await
            .unwrap();
        accounts::set_password_hash(&mut conn, user.user_id, &accounts::password::hash(PASSWORD))
            .await
            .unwrap();
        accounts::set_acc_level(&mut conn, user.user_id, acc_level)
            .await
            .unwrap();
        user.user_id
    }

    pub async fn staff(&self) -> Client {
        self.signed_in("staff@example.it", 2).await
    }

    pub async fn admin(&self) -> Client {
        self.signed_in("admin@example.it", 1).await
    }

    pub async fn fan(&self) -> Client {
        self.signed_in("fan@example.it", 100).await
    }

    /// The text body of the latest e-mail to `to` (stored by the mail job's enqueue).
    pub async fn last_mail_text(&self, to: &str) -> String {
        sqlx::query_scalar("select body_text from outbound_email where to_address = $1 order by created_at desc limit 1")
            .bind(to)
            .fetch_one(&self.pool)
            .await
            .unwrap()
    }
}

/// The development configuration with `overrides`.
pub fn config(overrides: &[(&str, &str)]) -> Config {
    let map: HashMap<String, String> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Config::from_lookup(|k| map.get(k).cloned()).expect("test configuration")
}

/// Migrates `pool` (ours and the job queue's) and serves the app (plus `extra` routes
/// behind the same layers) on a random port.
pub async fn serve(
    pool: PgPool,
    overrides: &[(&str, &str)],
    extra: Option<axum::Router>,
) -> TestApp {
    let _ = rustls::crypto::ring::default_provider().install_default();
    domain::db::migrate(&pool).await.expect("migrations");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let base = format!("http://{addr}");
    let mut vars = vec![("PUBLIC_BASE_URL", base.as_str())];
    vars.extend_from_slice(overrides);
    let config = config(&vars);
    let state = AppState::new(pool.clone(), Arc::new(config));
    let kept = state.clone();
    let router = match extra {
        Some(extra) => api::with_layers(extra, &state.config).merge(api::app(state)),
        None => api::app(state),
    };
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .unwrap()
    });
    TestApp {
        base: format!("http://{addr}"),
        pool,
        state: kept,
        totp_secrets: Default::default(),
    }
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    serve(pool, &[], None).await
}

/// A directory holding a built-looking single-page app.
pub fn fake_spa(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lario-spa-{name}-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        format!("<!doctype html><title>{name}</title>"),
    )
    .unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log('app')").unwrap();
    dir
}

/// A fixture on sale, the simulators (ticketing, payments with their webhook pointed at the
/// api, mail) and the api configured to use them.
pub struct OnSale {
    pub app: TestApp,
    pub sim: Sim,
    pub client: TicketingClient,
    pub fixture: domain::ids::FixtureId,
}

/// The demo stadium and season imported from the simulator (on real time, so the matches are
/// ahead), and the next fixture on sale with its seat inventory.
pub async fn on_sale(pool: PgPool, overrides: &[(&str, &str)]) -> OnSale {
    let sim = Sim::start(SimOptions {
        clock_start: None,
        ..SimOptions::random_ports()
    })
    .await
    .unwrap();
    let url = sim.http_url();
    let payments = format!("{url}/");
    let smtp = sim.smtp_url();
    let apns = format!("{url}/apns");
    let google_token = format!("{url}/google-wallet/token");
    let google_api = format!("{url}/google-wallet");
    let mut vars = vec![
        ("TICKETING_URL", url.as_str()),
        ("PAYMENTS_API_URL", payments.as_str()),
        ("MAIL_SMTP_URL", smtp.as_str()),
        ("APNS_URL", apns.as_str()),
        ("GOOGLE_WALLET_TOKEN_URL", google_token.as_str()),
        ("GOOGLE_WALLET_API_URL", google_api.as_str()),
    ];
    vars.extend_from_slice(overrides);
    let app = serve(pool.clone(), &vars, None).await;
    sim.payments
        .set_webhook(Some(format!("{}/api/payments/webhook", app.base)), None);
    let client = TicketingClient::new(
        &url,
        sim::ticketing::USER,
        sim::ticketing::PASSWORD.to_owned().into(),
        Duration::from_secs(5),
    )
    .unwrap();
    let fixture = workflows::onsale::next_league_fixture_on_sale(&pool, &client)
        .await
        .unwrap();
    OnSale {
        app,
        sim,
        client,
        fixture,
    }
}

impl OnSale {
    pub async fn seat(&self, label: &str) -> i64 {
        sqlx::query_scalar("select id from venue_seat where label = $1")
            .bind(label)
            .fetch_one(&self.app.pool)
            .await
            .unwrap()
    }

    pub async fn state(&self, seat: i64) -> String {
        sqlx::query_scalar(
            "select state::text from seat_inventory where fixture_id = $1 and seat_id = $2",
        )
        .bind(self.fixture)
        .bind(seat)
        .fetch_one(&self.app.pool)
        .await
        .unwrap()
    }

    pub async fn hold(&self, fan: &Client, body: Value) -> (u16, Value) {
        let r = fan
            .post(&format!("/api/fixtures/{}/hold", self.fixture))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    pub async fn block_states(&self, fan: &Client, block: i32) -> Vec<(i64, String)> {
        let v: Value = fan
            .get(&format!("/api/fixtures/{}/blocks/{block}", self.fixture))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["id"].as_i64().unwrap(),
                    s["state"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }
}

/// The test database's URL (sqlx::test made it; same server and role as DATABASE_URL).
pub fn database_url(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let (server, _) = base.rsplit_once('/').expect("a database URL");
    format!(
        "{server}/{}",
        pool.connect_options()
            .get_database()
            .expect("a database name")
    )
}

impl OnSale {
    /// The ticketing simulator turns naive (a repeated call is a new call) and its next call
    /// that issues a title succeeds but answers 503: only a lookup by transaction id avoids a
    /// second title.
    pub async fn naive_then_commit_and_fail(&self) {
        let http = reqwest::Client::new();
        let url = self.sim.http_url();
        http.post(format!("{url}/_sim/ticketing/idempotency"))
            .json(&serde_json::json!({"mode": "naive"}))
            .send()
            .await
            .unwrap();
        http.post(format!("{url}/_sim/ticketing/faults"))
            .json(&serde_json::json!({"commit_then_fail_next": 1, "status": 503}))
            .send()
            .await
            .unwrap();
    }

    /// The worker's settings: this test's database and simulators, short backoffs.
    pub fn worker_env(&self, overrides: &[(&str, &str)]) -> Vec<(String, String)> {
        let url = self.sim.http_url();
        let mut vars: Vec<(String, String)> = [
            ("DATABASE_URL", database_url(&self.app.pool)),
            ("TICKETING_URL", url.clone()),
            ("PAYMENTS_API_URL", format!("{url}/")),
            ("MAIL_SMTP_URL", self.sim.smtp_url()),
            ("APNS_URL", format!("{url}/apns")),
            (
                "GOOGLE_WALLET_TOKEN_URL",
                format!("{url}/google-wallet/token"),
            ),
            ("GOOGLE_WALLET_API_URL", format!("{url}/google-wallet")),
            ("PUBLIC_BASE_URL", self.app.base.clone()),
            ("JOBS_HEARTBEAT_MS", "500".into()),
            ("JOBS_MISSED_HEARTBEATS", "4".into()),
            ("JOBS_BACKOFF_BASE_MS", "100".into()),
            ("JOBS_BACKOFF_MAX_MS", "400".into()),
            ("DATABASE_MAX_CONNECTIONS", "16".into()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        for (k, v) in overrides {
            vars.retain(|(name, _)| name != k);
            vars.push((k.to_string(), v.to_string()));
        }
        vars
    }

    /// Runs the worker (every job type) in this process; dropping the sender stops it.
    pub fn start_worker(&self) -> tokio::sync::oneshot::Sender<()> {
        self.start_worker_with(&[])
    }

    /// [`start_worker`](Self::start_worker) with settings of its own.
    pub fn start_worker_with(
        &self,
        overrides: &[(&str, &str)],
    ) -> tokio::sync::oneshot::Sender<()> {
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let map: HashMap<String, String> = self.worker_env(overrides).into_iter().collect();
        let config = Config::from_lookup(|k| map.get(k).cloned()).expect("worker configuration");
        tokio::spawn(async move {
            workers::run(config, async move {
                let _ = rx.await;
                Ok(())
            })
            .await
            .expect("the worker runs")
        });
        tx
    }
}

/// Waits until `check` holds, or fails the test naming `what`.
pub async fn eventually<F: AsyncFnMut() -> bool>(what: &str, secs: u64, mut check: F) {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    while std::time::Instant::now() < deadline {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out waiting for {what}");
}

/// An xlsx of `rows` under `header`, in base64 (as the staff app uploads a sheet).
pub fn sheet_base64(header: &[&'static str], rows: &[Vec<String>]) -> String {
    use base64::Engine;
    use integrations::sheets::{Cell, Column, SheetWriter};
    let columns: Vec<Column> = header
        .iter()
        .map(|h| Column {
            header: h,
            width: 12.0,
        })
        .collect();
    let mut w = SheetWriter::new("Foglio1", &columns).unwrap();
    for r in rows {
        let cells: Vec<Cell> = r.iter().map(|c| Cell::from(c.as_str())).collect();
        w.row(&cells).unwrap();
    }
    base64::engine::general_purpose::STANDARD.encode(w.finish().unwrap())
}

/// `s` percent-encoded for a query string (react-admin's `filter={...}`).
pub fn urlencoding(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}
