//! The fulfilment benchmark: titles per second from paid to e-mailed, with the ticketing
//! simulator answering every call after `--latency-ms` (50 by default).
//!
//! `cargo build --release -p bench && target/release/fulfilment [--orders 250]
//!  [--concurrency 8] [--latency-ms 50]` (`BENCH_KEEP_DB=1` keeps the database, to read the
//! jobs' times in `apalis.jobs`)
//!
//! Makes a fresh database on the `DATABASE_URL` cluster, imports the demo stadium from the
//! simulator (started in this process, with its SMTP server), puts the next fixture on sale,
//! and prepares `--orders` orders of four named seats each, waiting for their payment. Starts
//! the worker (in this process, every job type, `JOBS_CONCURRENCY = --concurrency`) and warms
//! it up with one more order, paid and fulfilled before the clock starts: a worker in
//! production is running when payments come, so its start (connections, the first poll) is
//! not part of the figure. Then the payments of every order are settled in one transaction,
//! exactly as the webhook settles each (issuing jobs enqueued), and the clock runs from its
//! commit until every order is issued and its e-mail with the PDF tickets accepted by the
//! SMTP server. The limit is what the ticketing system's latency allows:
//! `concurrency x lines issued at once per order / latency`. Prints one JSON line.

use bench::{arg, letters, round};
use domain::{
    accounts,
    email::Email,
    fixtures, inventory,
    orders::{self, HolderDetails, NamedLine},
};
use serde_json::json;
use sqlx::{PgPool, postgres::PgPoolOptions};
use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

const SEATS_PER_ORDER: usize = 4;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    if std::env::var("RUST_LOG").is_ok() {
        domain::telemetry::init(domain::config::LogFormat::Pretty);
    }
    let orders: usize = arg("--orders", 250);
    let concurrency: usize = arg("--concurrency", 8);
    let latency_ms: u64 = arg("--latency-ms", 50);
    let db = bench::ScratchDb::create("lario_bench_fulfilment").await?;
    let result = run(&db.url, orders, concurrency, latency_ms).await;
    println!("{}", result?);
    db.drop().await
}

async fn run(
    url: &str,
    orders: usize,
    concurrency: usize,
    latency_ms: u64,
) -> anyhow::Result<serde_json::Value> {
    let pool = PgPoolOptions::new().max_connections(8).connect(url).await?;
    domain::db::migrate(&pool).await?;
    let (sim, client) = bench::simulators().await?;
    let fixture = workflows::onsale::next_league_fixture_on_sale(&pool, &client).await?;
    let mut conn = pool.acquire().await?;
    let seats: Vec<domain::ids::SeatId> = sqlx::query_scalar(
        "select i.seat_id from seat_inventory i join venue_seat s on s.id = i.seat_id
          where i.fixture_id = $1 and i.state = 'free' and s.planet_seat_id is not null
          order by i.seat_id",
    )
    .bind(fixture)
    .fetch_all(&mut *conn)
    .await?;
    anyhow::ensure!(
        seats.len() >= orders * SEATS_PER_ORDER,
        "the stadium has {} free seats, fewer than {} orders need",
        seats.len(),
        orders
    );
    drop(conn);

    // The last order warms the worker up.
    eprintln!("setting up {orders} named orders of {SEATS_PER_ORDER} seats, and one more");
    let mut waiting = Vec::with_capacity(orders + 1);
    for (i, chunk) in seats.chunks(SEATS_PER_ORDER).take(orders + 1).enumerate() {
        waiting.push(named_order(&pool, fixture, i, chunk).await?);
    }
    let warm_up = waiting.pop().expect("one order more");
    reqwest::Client::new()
        .post(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .json(&json!({ "latency_ms": latency_ms }))
        .send()
        .await?
        .error_for_status()?;

    let vars: HashMap<String, String> = [
        ("DATABASE_URL", url.to_owned()),
        ("TICKETING_URL", sim.http_url()),
        ("PAYMENTS_API_URL", format!("{}/", sim.http_url())),
        ("MAIL_SMTP_URL", sim.smtp_url()),
        ("JOBS_CONCURRENCY", concurrency.to_string()),
        ("JOBS_HEARTBEAT_MS", "1000".into()),
        (
            "DATABASE_MAX_CONNECTIONS",
            (concurrency * 2 + 8).to_string(),
        ),
        ("RUST_LOG", "warn".into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let config = domain::config::Config::from_lookup(|k| vars.get(k).cloned())?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = tokio::spawn(workers::run(config, async move {
        let _ = stopped.await;
        Ok(())
    }));
    eprintln!("warming up: one order");
    pay(&pool, &[warm_up]).await?;
    wait_until_emailed(&pool, 1, Instant::now(), Duration::from_secs(60)).await?;

    eprintln!("issuing: worker with concurrency {concurrency}, ticketing latency {latency_ms} ms");
    pay(&pool, &waiting).await?;
    let started = Instant::now();
    let titles = (orders * SEATS_PER_ORDER) as i64;
    let issued_after =
        wait_until_emailed(&pool, orders as i64 + 1, started, Duration::from_secs(600)).await?;
    let elapsed = started.elapsed();
    let _ = stop.send(());
    let _ = worker.await;

    let duplicates = sim.ticketing.with_world(|w| {
        let mut by_tx: HashMap<String, usize> = HashMap::new();
        for t in w.titles.values() {
            if let Some(tx) = &t.transaction_id {
                *by_tx.entry(tx.clone()).or_default() += 1;
            }
        }
        by_tx.values().filter(|n| **n > 1).count()
    });
    let per_second = titles as f64 / elapsed.as_secs_f64();
    let in_flight = concurrency * workflows::issuing::LINES_AT_ONCE.min(SEATS_PER_ORDER);
    let limit = in_flight as f64 / (latency_ms as f64 / 1000.0);
    let issued_secs = issued_after.as_secs_f64();
    let pdf_ms = pdf_cost();
    Ok(json!({
        "bench": "fulfilment",
        "orders": orders,
        "titles": titles,
        "concurrency": concurrency,
        "ticketing_latency_ms": latency_ms,
        "seconds_to_issued": round(issued_secs),
        "seconds_to_emailed": round(elapsed.as_secs_f64()),
        "titles_per_second_issued": round(titles as f64 / issued_secs),
        "titles_per_second_emailed": round(per_second),
        "limit_titles_per_second": round(limit),
        "ratio_to_limit": round(per_second / limit),
        "titles_issued_twice": duplicates,
        "pdf_render_ms": round(pdf_ms),
    }))
}

/// The CPU time of one PDF ticket, averaged over 200 (part of every title's cost).
fn pdf_cost() -> f64 {
    let ticket = integrations::documents::Ticket {
        match_title: "Como - Lazio".into(),
        competition: "Serie A 2025-2026".into(),
        starts_at: chrono::Utc::now(),
        sector: "Tribuna Centrale".into(),
        block: "TC1".into(),
        row: "12".into(),
        seat: "7".into(),
        gate: "Varco 1".into(),
        holder: "Niccolò Della Valle".into(),
        reduction: "Intero".into(),
        price_cents: 6000,
        seal: "A1B2C3D4E5F6G7H8".into(),
        barcode: "LARIO0000123456789".into(),
        order_ref: "0193-bench".into(),
    };
    let started = Instant::now();
    for _ in 0..200 {
        std::hint::black_box(integrations::documents::ticket_pdf(
            &ticket,
            integrations::documents::Lang::It,
        ));
    }
    started.elapsed().as_secs_f64() * 1000.0 / 200.0
}

/// An order waiting for its payment: its id, the intent's client secret and its total.
struct Waiting {
    order_id: domain::ids::OrderId,
    secret: String,
    total_cents: i64,
}

/// Settles the payments of `orders` in one transaction, as the webhook settles each one.
async fn pay(pool: &PgPool, orders: &[Waiting]) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    for o in orders {
        let outcome = workflows::checkout::settle_payment(
            &mut tx,
            o.order_id,
            &o.secret,
            domain::money::Cents(o.total_cents),
            domain::orders::PaymentMethod::Card,
        )
        .await?;
        anyhow::ensure!(
            outcome == orders::PaymentOutcome::Processed { seats_kept: true },
            "the payment of {} was not settled: {outcome:?}",
            o.order_id
        );
    }
    tx.commit().await?;
    Ok(())
}

/// Waits until `orders` ticket e-mails are sent; returns when every title was issued,
/// counted from `started`.
async fn wait_until_emailed(
    pool: &PgPool,
    orders: i64,
    started: Instant,
    patience: Duration,
) -> anyhow::Result<Duration> {
    let titles = orders * SEATS_PER_ORDER as i64;
    let mut issued_after = None;
    loop {
        let (issued, mailed): (i64, i64) = sqlx::query_as(
            "select (select count(*) from order_line where title_id is not null),
                    (select count(*) from outbound_email where template = 'ticket_purchase' and status = 'sent')",
        )
        .fetch_one(pool)
        .await?;
        if issued == titles && issued_after.is_none() {
            issued_after = Some(started.elapsed());
        }
        if mailed == orders {
            return Ok(issued_after.unwrap_or_else(|| started.elapsed()));
        }
        anyhow::ensure!(
            started.elapsed() < patience,
            "not done after {patience:?} ({issued} titles, {mailed} e-mails)"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An order of `seats` for a new fan, its holders named and a payment intent attached.
async fn named_order(
    pool: &PgPool,
    fixture: domain::ids::FixtureId,
    i: usize,
    seats: &[domain::ids::SeatId],
) -> anyhow::Result<Waiting> {
    let mut tx = pool.begin().await?;
    let email = Email::parse(&format!("bench{i}@example.it"))?;
    let (user, _) =
        accounts::create_or_get(&mut tx, &email, None, None, Default::default()).await?;
    let terms = fixtures::sale_terms(&mut tx, fixture)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no fixture"))?;
    inventory::hold_seats(&mut tx, &terms, user.user_id, seats, &[])
        .await?
        .map_err(|e| anyhow::anyhow!("hold: {e:?}"))?;
    let order_id = orders::create_from_hold(&mut tx, fixture, user.user_id, email.as_str(), "it")
        .await?
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let order = orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no order"))?;
    let named: Vec<NamedLine> = order
        .lines
        .iter()
        .enumerate()
        .map(|(j, l)| NamedLine {
            line_id: l.id,
            reduction_id: l.reduction_id,
            holder: HolderDetails {
                first_name: format!("Tifoso {}", letters(i * SEATS_PER_ORDER + j)),
                last_name: "Panchina".into(),
                birth_date: chrono::NaiveDate::from_ymd_opt(1980, 1, 1).expect("a date"),
                birth_place: "Como".into(),
                document_type: "id_card".into(),
                document_number: format!("CA{i:05}{j}"),
                sex: None,
            },
        })
        .collect();
    orders::name_holders(&mut tx, &order, &named, true)
        .await?
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let order = orders::load(&mut tx, order_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no order"))?;
    let secret = format!("pi_bench_{i}_secret");
    orders::attach_intent(&mut tx, order_id, &format!("pi_bench_{i}"), &secret).await?;
    tx.commit().await?;
    Ok(Waiting {
        order_id,
        secret,
        total_cents: order.total_cents.0,
    })
}
