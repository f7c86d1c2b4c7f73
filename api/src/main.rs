//! `api` serves HTTP; `api migrate` applies the migrations (the release step);
//! `api seed` loads the demo data of `fixtures/` (development); `api totp <secret>` prints the
//! code an authenticator app shows now for a base32 secret (the demo staff's, in development);
//! `api openapi` prints the OpenAPI document (the apps' types are generated from it).

use domain::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        println!("{}", api::openapi_document().to_pretty_json()?);
        return Ok(());
    }
    rustls::crypto::ring::default_provider()
        .install_default()
        .map_err(|_| anyhow::anyhow!("a rustls crypto provider was already installed"))?;
    let config = Config::from_env()?;
    domain::telemetry::init(config.log_format);
    match std::env::args().nth(1).as_deref() {
        None | Some("serve") => api::serve(config, shutdown_signal()).await,
        Some("migrate") => {
            let pool = domain::db::connect(config.database_url(), 2).await?;
            domain::db::migrate(&pool).await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Some("seed") => {
            let pool = domain::db::connect(config.database_url(), 2).await?;
            api::seed::load(&pool, std::path::Path::new("fixtures")).await?;
            api::seed::load_catalogue(&pool, &config).await
        }
        Some("totp") => {
            let secret = std::env::args()
                .nth(2)
                .ok_or_else(|| anyhow::anyhow!("usage: api totp <base32 secret>"))?;
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)?
                .as_secs();
            let code = domain::accounts::second_factor::code_at(&secret, now)
                .ok_or_else(|| anyhow::anyhow!("not a base32 secret of 128 bits or more"))?;
            println!("{code}");
            Ok(())
        }
        Some(other) => {
            anyhow::bail!(
                "unknown command {other:?}: expected serve, migrate, seed, totp or openapi"
            )
        }
    }
}

async fn shutdown_signal() {
    let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(t) => t,
        Err(_) => return std::future::pending().await,
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    tracing::info!("shutting down");
}
