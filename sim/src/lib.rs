//! Stand-ins for the external systems, each a real server, for development and tests.
//!
//! Now: the mail server (SMTP that keeps every message, with a mailbox page and a JSON
//! API) and the OpenID Connect provider standing in for Google. Later issues add the ticketing
//! system and the payment provider on the same HTTP server. Tests start it in-process on random ports
//! ([`Sim::start`]); `make run` runs the `sim` binary.

pub mod mail;
pub mod oidc;
mod web;

use std::net::SocketAddr;

/// Where to listen; port 0 picks a free port.
#[derive(Debug, Clone)]
pub struct SimOptions {
    pub http_addr: SocketAddr,
    pub smtp_addr: SocketAddr,
}

impl SimOptions {
    /// Both servers on free loopback ports (tests).
    pub fn random_ports() -> Self {
        SimOptions {
            http_addr: "127.0.0.1:0".parse().expect("valid"),
            smtp_addr: "127.0.0.1:0".parse().expect("valid"),
        }
    }
}

/// The running simulators.
pub struct Sim {
    pub http_addr: SocketAddr,
    pub smtp_addr: SocketAddr,
    pub mailbox: mail::Mailbox,
    http: tokio::task::JoinHandle<()>,
}

impl Sim {
    /// Starts the HTTP server and the SMTP server.
    pub async fn start(opts: SimOptions) -> anyhow::Result<Sim> {
        let mailbox = mail::Mailbox::default();
        let smtp_addr = mail::start_smtp(opts.smtp_addr, mailbox.clone())?;
        let (http_addr, http) = Self::start_http(opts.http_addr, mailbox.clone()).await?;
        Ok(Sim {
            http_addr,
            smtp_addr,
            mailbox,
            http,
        })
    }

    /// Starts only the HTTP server over an existing mailbox (the SMTP server can be started
    /// later with [`mail::start_smtp`], e.g. to test delivery while the mail server is down).
    pub async fn start_http(
        addr: SocketAddr,
        mailbox: mail::Mailbox,
    ) -> anyhow::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        let app = web::router(mailbox).merge(oidc::router(&format!("http://{bound}")));
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
    }
}
