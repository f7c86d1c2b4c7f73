#![allow(dead_code)] // each test binary uses a part of this module
//! A running api on a random port over a fresh database (sqlx::test makes one per test).

use api::state::AppState;
use domain::config::Config;
use sqlx::PgPool;
use std::{collections::HashMap, path::PathBuf, sync::Arc};

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub pool: PgPool,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
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

/// Migrates `pool` (ours and the job queue's) and serves `router` on a random port.
pub async fn serve(pool: PgPool, config: Config, extra: Option<axum::Router>) -> TestApp {
    let _ = rustls::crypto::ring::default_provider().install_default();
    domain::db::migrate(&pool).await.expect("migrations");
    let state = AppState {
        pool: pool.clone(),
        config: Arc::new(config),
    };
    let router = match extra {
        Some(extra) => api::with_layers(extra, &state.config).merge(api::app(state)),
        None => api::app(state),
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    TestApp {
        base: format!("http://{addr}"),
        client: reqwest::Client::new(),
        pool,
    }
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    serve(pool, config(&[]), None).await
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
