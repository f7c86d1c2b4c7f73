//! Stand-ins for the external systems, each a real server, for development and tests.
//!
//! Now: the mail server (SMTP that keeps every message, with a mailbox page and a JSON
//! API) and the OpenID Connect provider standing in for Google. The ticketing
//! system (vendor API and control API). The card payment provider (Stripe's API, signed
//! webhooks). The phone wallets' update services (Apple's pushes, Google Wallet's API).
//! Tests start it in-process on random ports
//! ([`Sim::start`]); `make run` runs the `sim` binary.

pub mod mail;
pub mod oidc;
pub mod payments;
pub mod ticketing;
pub mod wallets;
mod web;

use std::{net::SocketAddr, path::PathBuf};

/// Where to listen (port 0 picks a free port) and what to seed the ticketing system with.
#[derive(Debug, Clone)]
pub struct SimOptions {
    pub http_addr: SocketAddr,
    pub smtp_addr: SocketAddr,
    /// `venue.json` and `season.json` of the ticketing system.
    pub ticketing_fixtures: PathBuf,
    /// Seed of the fiscal seals (deterministic under a fixed seed).
    pub seal_seed: String,
    /// Where the ticketing system's clock starts; None: real time.
    pub clock_start: Option<chrono::DateTime<chrono::Utc>>,
    /// Where the payment provider posts its events (the api's webhook), if anywhere yet.
    pub payments_webhook_url: Option<String>,
    /// The secret signing them (the api's `STRIPE_WEBHOOK_SECRET`).
    pub payments_webhook_secret: String,
    /// Where the ticketing system keeps its state across restarts (`make run`); None: it
    /// starts from the fixtures every time (tests).
    pub ticketing_state_file: Option<PathBuf>,
}

/// The opening of the demo season: the ticketing system's clock starts here by default.
pub fn season_opening() -> chrono::DateTime<chrono::Utc> {
    "2025-08-01T08:00:00Z".parse().expect("a valid instant")
}

/// The repository's `fixtures/ticketing`: found from the working directory up (tests run in
/// their crate's directory), else where this crate was compiled. The compile-time path alone
/// is not enough: a build cache shared by two clones keeps the first clone's path.
fn repository_fixtures() -> PathBuf {
    let found = std::env::current_dir().ok().and_then(|cwd| {
        cwd.ancestors()
            .map(|dir| dir.join("fixtures/ticketing"))
            .find(|dir| dir.join("venue.json").is_file())
    });
    found.unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/ticketing"))
}

impl SimOptions {
    /// Both servers on free loopback ports, the repository's fixtures (tests).
    pub fn random_ports() -> Self {
        SimOptions {
            http_addr: "127.0.0.1:0".parse().expect("valid"),
            smtp_addr: "127.0.0.1:0".parse().expect("valid"),
            ticketing_fixtures: repository_fixtures(),
            seal_seed: "lario-test-seal-seed".into(),
            clock_start: Some(season_opening()),
            payments_webhook_url: None,
            payments_webhook_secret: "whsec_lario_simulator".into(),
            ticketing_state_file: None,
        }
    }
}

/// The running simulators.
pub struct Sim {
    pub http_addr: SocketAddr,
    pub smtp_addr: SocketAddr,
    pub mailbox: mail::Mailbox,
    pub ticketing: ticketing::Ticketing,
    pub payments: payments::Payments,
    pub wallets: wallets::Wallets,
    http: tokio::task::JoinHandle<()>,
    saver: Option<tokio::task::JoinHandle<()>>,
}

impl Sim {
    /// Starts the HTTP server and the SMTP server.
    pub async fn start(opts: SimOptions) -> anyhow::Result<Sim> {
        let mailbox = mail::Mailbox::default();
        let ticketing = ticketing::Ticketing::from_fixtures(
            &opts.ticketing_fixtures,
            &opts.seal_seed,
            opts.clock_start,
            // On real time, the demo season moves forward by whole weeks so that its opening
            // is this week: the matches are ahead, as on the season's first day.
            opts.clock_start.is_none().then(|| {
                let weeks = (chrono::Utc::now() - season_opening())
                    .num_days()
                    .div_euclid(7);
                chrono::Duration::weeks(weeks.max(0))
            }),
        )?;
        let saver = match &opts.ticketing_state_file {
            Some(file) => Some(ticketing.persist_to(file)?),
            None => None,
        };
        let payments = payments::Payments::new(
            opts.payments_webhook_url.clone(),
            &opts.payments_webhook_secret,
        );
        let smtp_addr = mail::start_smtp(opts.smtp_addr, mailbox.clone())?;
        let wallets = wallets::Wallets::default();
        let (http_addr, http) = Self::start_http(
            opts.http_addr,
            mailbox.clone(),
            ticketing.clone(),
            payments.clone(),
            wallets.clone(),
        )
        .await?;
        Ok(Sim {
            http_addr,
            smtp_addr,
            mailbox,
            ticketing,
            payments,
            wallets,
            http,
            saver,
        })
    }

    /// Starts only the HTTP server over an existing mailbox (the SMTP server can be started
    /// later with [`mail::start_smtp`], e.g. to test delivery while the mail server is down).
    pub async fn start_http(
        addr: SocketAddr,
        mailbox: mail::Mailbox,
        ticketing: ticketing::Ticketing,
        payments: payments::Payments,
        wallets: wallets::Wallets,
    ) -> anyhow::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        let app = web::router(mailbox)
            .merge(oidc::router(&format!("http://{bound}")))
            .merge(ticketing::router(ticketing))
            .merge(payments::router(payments))
            .merge(wallets::router(wallets));
        let handle = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "simulator HTTP server stopped");
            }
        });
        Ok((bound, handle))
    }

    /// The HTTP base URL, e.g. `http://127.0.0.1:9090`.
    pub fn http_url(&self) -> String {
        format!("http://{}", self.http_addr)
    }

    /// The SMTP URL for our mail client, e.g. `smtp://127.0.0.1:2525`.
    pub fn smtp_url(&self) -> String {
        format!("smtp://{}", self.smtp_addr)
    }
}

impl Drop for Sim {
    fn drop(&mut self) {
        self.http.abort();
        if let Some(saver) = &self.saver {
            saver.abort();
        }
    }
}
