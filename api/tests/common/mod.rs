#![allow(dead_code)] // each test binary uses a part of this module
//! A running api on a random port over a fresh database (sqlx::test makes one per test),
//! and HTTP clients that behave like the apps: cookies kept, CSRF token sent.

use api::state::AppState;
use domain::{accounts, config::Config, email::Email};
use reqwest::RequestBuilder;
use sqlx::PgPool;
use std::{collections::HashMap, net::SocketAddr, path::PathBuf, sync::Arc};

pub const PASSWORD: &str = "a-test-password-2026";

pub struct TestApp {
    pub base: String,
    pub pool: PgPool,
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

    /// Creates an account with `acc_level` and a password, and signs in with it.
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
        assert_eq!(
            resp.status(),
            200,
            "sign-in of {email}: {}",
            resp.text().await.unwrap()
        );
        client
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
