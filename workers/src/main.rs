//! `worker`: runs the durable jobs. Stop with Ctrl-C or SIGTERM: running jobs finish first.

use domain::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    rustls::crypto::ring::default_provider()
        .install_default()
        .map_err(|_| anyhow::anyhow!("a rustls crypto provider was already installed"))?;
    let config = Config::from_env()?;
    domain::telemetry::init(config.log_format);
    workers::run(config, shutdown_signal()).await
}

async fn shutdown_signal() -> std::io::Result<()> {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        r = tokio::signal::ctrl_c() => r,
        _ = term.recv() => Ok(()),
    }
}
