//! `api` serves HTTP; `api migrate` applies the migrations (the release step);
//! `api seed` loads the demo data of `fixtures/` (development).

use domain::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
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
        Some(other) => anyhow::bail!("unknown command {other:?}: expected serve, migrate or seed"),
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
