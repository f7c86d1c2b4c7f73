//! What every handler can reach.

use crate::live::Live;
use domain::config::Config;
use domain::fixtures::SaleTerms;
use integrations::{payments::PaymentsClient, ticketing::TicketingClient};
use sqlx::PgPool;
use std::{collections::HashMap, sync::Arc, time::Instant};
use tokio::sync::watch;

/// Shared state of the api process (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub config: Arc<Config>,
    /// Outgoing HTTP (OpenID Connect); follows no redirects.
    pub http: reqwest::Client,
    /// The OpenID provider's metadata, discovered at first use.
    pub oidc_metadata: Arc<tokio::sync::OnceCell<openidconnect::core::CoreProviderMetadata>>,
    /// The ticketing system (staff imports; never on the fans' hot path).
    pub ticketing: Arc<TicketingClient>,
    /// The card payment provider (Stripe, or its simulator).
    pub payments: Arc<PaymentsClient>,
    /// Builds and signs the phone wallets' passes.
    pub passes: Arc<integrations::passes::Passes>,
    /// Live seat changes for the seat maps.
    pub live: Live,
    /// The waiting rooms of big on-sales, as this process sees them.
    pub rooms: crate::waiting_room::Rooms,
    /// The club's settings, as this process last read them.
    pub settings: crate::settings::SettingsCache,
    /// Fixtures' sale terms, read at most once a second per fixture by the hold path.
    pub sale_terms: Arc<std::sync::Mutex<HashMap<domain::ids::FixtureId, (Instant, SaleTerms)>>>,
    stop: Arc<watch::Sender<bool>>,
}

impl AppState {
    pub fn new(pool: PgPool, config: Arc<Config>) -> Self {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .expect("an HTTP client with default TLS");
        let ticketing = TicketingClient::new(
            &config.ticketing.base_url,
            &config.ticketing.user,
            config.ticketing.password.clone(),
            config.ticketing.timeout,
        )
        .expect("a ticketing client with default TLS")
        .max_in_flight(config.ticketing.max_in_flight);
        let payments = PaymentsClient::new(
            &config.payments.api_url,
            &config.payments.secret_key,
            config.payments.webhook_secret.clone(),
            config.payments.timeout,
        )
        .expect("a payments client with default TLS");
        let passes = passes(&config).unwrap_or_else(|e| panic!("wallet passes: {e}"));
        workflows::service_log::start(&pool);
        let (stop, stopped) = watch::channel(false);
        let live = Live::start(pool.clone(), stopped);
        AppState {
            rooms: crate::waiting_room::Rooms::start(pool.clone(), &live),
            settings: crate::settings::SettingsCache::start(pool.clone(), &live),
            live,
            pool,
            config,
            http,
            oidc_metadata: Arc::default(),
            ticketing: Arc::new(ticketing),
            payments: Arc::new(payments),
            passes: Arc::new(passes),
            sale_terms: Arc::default(),
            stop: Arc::new(stop),
        }
    }

    /// Ends the live streams (before a graceful shutdown, which waits for open requests).
    pub fn shutdown(&self) {
        let _ = self.stop.send(true);
    }
}

/// The wallet passes' signer from the configuration (generated keys in development).
pub fn passes(
    config: &Config,
) -> Result<integrations::passes::Passes, integrations::passes::PassError> {
    workflows::runtime::pass_signer(config)
}
