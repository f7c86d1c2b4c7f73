//! What the benchmarks share.

/// The value after `--name` on the command line, or `default`.
pub fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The simulators on random ports, on real time (the season's matches ahead), and a
/// ticketing client pointed at them.
pub async fn simulators() -> anyhow::Result<(sim::Sim, integrations::ticketing::TicketingClient)> {
    let sim = sim::Sim::start(sim::SimOptions {
        clock_start: None,
        ..sim::SimOptions::random_ports()
    })
    .await?;
    let client = integrations::ticketing::TicketingClient::new(
        &sim.http_url(),
        sim::ticketing::USER,
        sim::ticketing::PASSWORD.to_owned().into(),
        std::time::Duration::from_secs(10),
    )?;
    Ok((sim, client))
}
