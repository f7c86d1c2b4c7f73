//! How many issue calls per second the ticketing simulator serves at zero latency, through
//! our own client (the simulator must never be the bottleneck of our benchmarks).
//!
//! `cargo run --release -p bench --bin ticketing_issue -- [--requests N] [--concurrency C] [--url URL]`
//! Without `--url` it starts the simulator in this process on a random port. Prints one
//! JSON line.

use chrono::NaiveDate;
use integrations::ticketing::{IssueTicket, Person, TicketingClient};
use secrecy::SecretString;
use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let requests: usize = arg("--requests")
        .map(|v| v.parse())
        .transpose()?
        .unwrap_or(20_000);
    let concurrency: usize = arg("--concurrency")
        .map(|v| v.parse())
        .transpose()?
        .unwrap_or(32);
    let _sim;
    let url = match arg("--url") {
        Some(u) => u,
        None => {
            let sim = sim::Sim::start(sim::SimOptions::random_ports()).await?;
            let url = sim.http_url();
            _sim = sim;
            url
        }
    };
    let client = Arc::new(TicketingClient::new(
        &url,
        sim::ticketing::USER,
        SecretString::from(sim::ticketing::PASSWORD),
        Duration::from_secs(10),
    )?);
    // 17 events without the supporter-card rule x 12,260 seats: distinct seats, holders
    // and buyers, so every call issues.
    let events: Vec<u32> = client
        .events()
        .await?
        .into_iter()
        .filter(|e| !e.high_risk)
        .map(|e| e.id)
        .collect();
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = vec![];
    for _ in 0..concurrency {
        let (client, next, events) = (client.clone(), next.clone(), events.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = vec![];
            let mut errors = 0usize;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= requests {
                    break;
                }
                let person = |role: &str| Person {
                    first_name: format!("{role}{i}"),
                    last_name: "Bench".into(),
                    birth_date: NaiveDate::from_ymd_opt(1990, 1, 1).expect("valid date"),
                    sex: "M".into(),
                    fiscal_code: String::new(),
                };
                let req = IssueTicket {
                    event_id: events[i % events.len()],
                    seat_id: Some((i / events.len()) as u32 % 11_500 + 1), // below the away sector
                    block_id: None,
                    reduction_id: 1,
                    holder: person("H"),
                    buyer: person("B"),
                    transaction_id: format!("bench-{i}"),
                    hold_key: None,
                    ..Default::default()
                };
                let t = Instant::now();
                match client.issue_ticket(&req).await {
                    Ok(_) => latencies.push(t.elapsed()),
                    Err(_) => errors += 1,
                }
            }
            (latencies, errors)
        }));
    }
    let mut latencies = vec![];
    let mut errors = 0;
    for t in tasks {
        let (l, e) = t.await?;
        latencies.extend(l);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    };
    println!(
        "{}",
        serde_json::json!({
            "bench": "ticketing_issue",
            "requests": requests,
            "concurrency": concurrency,
            "issued": latencies.len(),
            "errors": errors,
            "seconds": (elapsed * 1000.0).round() / 1000.0,
            "issues_per_sec": (latencies.len() as f64 / elapsed).round(),
            "p50_ms": (pct(0.50) * 100.0).round() / 100.0,
            "p99_ms": (pct(0.99) * 100.0).round() / 100.0,
        })
    );
    Ok(())
}
