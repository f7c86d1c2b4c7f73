//! The simulators as one process, for `make run` (tests start them in-process).

use sim::{Sim, SimOptions};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sim=debug".into()),
        )
        .init();
    let env =
        |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_owned());
    let opts = SimOptions {
        http_addr: env("SIM_HTTP_ADDR", "127.0.0.1:9090").parse()?,
        smtp_addr: env("SIM_SMTP_ADDR", "127.0.0.1:2525").parse()?,
        ticketing_fixtures: env("SIM_TICKETING_FIXTURES", "fixtures/ticketing").into(),
        seal_seed: env("SIM_SEAL_SEED", "lario-development-seal-seed"),
        clock_start: match std::env::var("SIM_CLOCK_START").as_deref() {
            Ok("now") => None,
            Ok(at) => Some(at.parse()?),
            Err(_) => Some(sim::season_opening()),
        },
        // The api's webhook (make run and the journeys set it to the api's port).
        payments_webhook_url: Some(env(
            "SIM_PAYMENTS_WEBHOOK_URL",
            "http://127.0.0.1:8080/api/payments/webhook",
        )),
        payments_webhook_secret: env("STRIPE_WEBHOOK_SECRET", "whsec_lario_simulator"),
        // `make run` keeps it under .run/; unset, the simulator starts from the fixtures.
        ticketing_state_file: std::env::var("SIM_TICKETING_STATE")
            .ok()
            .filter(|f| !f.is_empty())
            .map(Into::into),
    };
    let sim = Sim::start(opts).await?;
    tracing::info!(http = %sim.http_url(), smtp = %sim.smtp_url(), "simulators ready; mailbox at {}/mail", sim.http_url());
    tokio::signal::ctrl_c().await?;
    tracing::info!("simulators stopping");
    if let Some(file) = std::env::var_os("SIM_TICKETING_STATE").filter(|f| !f.is_empty()) {
        sim.ticketing.save_if_dirty(std::path::Path::new(&file))?;
    }
    Ok(())
}
