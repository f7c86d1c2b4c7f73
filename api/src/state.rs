//! What every handler can reach.

use domain::config::Config;
use sqlx::PgPool;
use std::sync::Arc;

/// Shared state of the api process (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub config: Arc<Config>,
    /// Outgoing HTTP (OpenID Connect); follows no redirects.
    pub http: reqwest::Client,
    /// The OpenID provider's metadata, discovered at first use.
    pub oidc_metadata: Arc<tokio::sync::OnceCell<openidconnect::core::CoreProviderMetadata>>,
}

impl AppState {
    pub fn new(pool: PgPool, config: Arc<Config>) -> Self {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .expect("an HTTP client with default TLS");
        AppState {
            pool,
            config,
            http,
            oidc_metadata: Arc::default(),
        }
    }
}
