//! The season campaign benchmark (issue 17): `--fans` fans racing for `--seats` season seats
//! of the demo stadium (every seat held in all 19 covered matches at once), then the winners'
//! orders paid, a third of the seats as collections (one title per match), and their titles
//! issued and e-mailed with the ticketing simulator answering every call after `--latency-ms`.
//!
//! `cargo build --release -p bench && target/release/season_campaign [--fans 15000]
//!  [--seats 6700] [--hold-concurrency 32] [--concurrency 8] [--jobs 16] [--latency-ms 50]`
//!
//! A fresh database on the `DATABASE_URL` cluster; the simulator in this process, its clock
//! after every pre-emption window (the public sale open). Holds call `domain::seasons::hold`
//! in a transaction each, as the api does for `POST /api/season-tickets/{id}/hold`, without
//! the HTTP around it: the figure is the database's. Each fan tries up to three random seats
//! of the campaign's pool until one is held or the pool is gone. Then every winner's order is
//! named (every third seat a collection) and paid in one transaction, as the webhook settles
//! each, and the clock runs until every order is issued and its e-mail (the PDFs) accepted by
//! the SMTP server. The limit is what the ticketing latency allows at `concurrency` calls in
//! flight (the vendor's cap, `TICKETING_MAX_IN_FLIGHT`), one call per season title and one per
//! five matches of a collection. The worker runs `--jobs` issuing jobs at once
//! (`JOBS_CONCURRENCY`, twice the cap by default): while some jobs are between calls (reading
//! and writing the database), others keep the calls in flight at the cap.
//! Prints one JSON line.

use bench::{arg, letters, percentile, round};
use domain::{
    accounts,
    email::Email,
    ids::SeatId,
    orders::{HolderDetails, PaymentMethod, PaymentOutcome},
    season_orders::{self, NamedSeasonLine},
    seasons,
};
use serde_json::json;
use sqlx::postgres::PgPoolOptions;
use std::{
    collections::HashSet,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};
use tokio::sync::Semaphore;

/// A small deterministic generator (xorshift): the same run picks the same seats.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    if std::env::var("RUST_LOG").is_ok() {
        domain::telemetry::init(domain::config::LogFormat::Pretty);
    }
    let db = bench::ScratchDb::create("lario_bench_season").await?;
    let result = run(&db.url).await;
    println!("{}", result?);
    db.drop().await
}

async fn run(url: &str) -> anyhow::Result<serde_json::Value> {
    let fans: usize = arg("--fans", 15_000);
    let seats_wanted: usize = arg("--seats", 6_700);
    let hold_concurrency: usize = arg("--hold-concurrency", 32);
    let concurrency: usize = arg("--concurrency", 8);
    let jobs: usize = arg("--jobs", concurrency * 2);
    let latency_ms: u64 = arg("--latency-ms", 50);
    let pool = PgPoolOptions::new()
        .max_connections((hold_concurrency + 8) as u32)
        .connect(url)
        .await?;
    domain::db::migrate(&pool).await?;
    let (sim, client) = bench::simulators().await?;

    // The demo season on sale, every covered match's seats copied; the public sale open.
    let season = bench::demo_season_on_sale(&pool, &client).await?;
    let closes = sim.ticketing.with_world(|w| {
        w.season_types
            .iter()
            .filter_map(|t| t.preemption.as_ref())
            .chain(w.events.values().filter_map(|e| e.preemption.as_ref()))
            .map(|p| p.closes_at)
            .max()
    });
    let http = reqwest::Client::new();
    if let Some(closes) = closes {
        http.post(format!("{}/_sim/ticketing/clock", sim.http_url()))
            .json(&json!({"now": closes + chrono::Duration::hours(1)}))
            .send()
            .await?
            .error_for_status()?;
    }

    // The campaign's seats: the first `--seats` of the season-sellable blocks.
    let mut conn = pool.acquire().await?;
    let pool_seats: Vec<SeatId> = sqlx::query_scalar(
        "select s.id from venue_seat s join venue_block b on b.id = s.block_id
          where b.season_sellable and not b.no_map and s.planet_seat_id is not null
          order by s.id limit $1",
    )
    .bind(seats_wanted as i64)
    .fetch_all(&mut *conn)
    .await?;
    let seats = pool_seats.len();
    eprintln!("{fans} fans for {seats} season seats");
    let mut users = Vec::with_capacity(fans);
    for i in 0..fans {
        let email = Email::parse(&format!("abbonato{i}@example.it"))?;
        let (user, _) =
            accounts::create_or_get(&mut conn, &email, None, None, Default::default()).await?;
        users.push((user.user_id, email));
    }
    drop(conn);
    let terms = {
        let mut conn = pool.acquire().await?;
        seasons::terms(&mut conn, season)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no season terms"))?
    };

    // The race: every fan at once (bounded by --hold-concurrency), up to three seats each.
    let gate = Arc::new(Semaphore::new(hold_concurrency));
    let taken = Arc::new(Mutex::new(HashSet::<SeatId>::new()));
    let latencies = Arc::new(Mutex::new(Vec::<Duration>::with_capacity(fans * 2)));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(fans);
    for (i, (user, _)) in users.iter().enumerate() {
        let (gate, taken, latencies, pool, terms, pool_seats) = (
            gate.clone(),
            taken.clone(),
            latencies.clone(),
            pool.clone(),
            terms.clone(),
            pool_seats.clone(),
        );
        let user = *user;
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.expect("open");
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1));
            for _ in 0..3 {
                if taken.lock().expect("lock").len() >= pool_seats.len() {
                    return Ok::<Option<(usize, SeatId)>, anyhow::Error>(None);
                }
                let seat = pool_seats[rng.below(pool_seats.len() as u64) as usize];
                let asked = Instant::now();
                let mut tx = pool.begin().await?;
                let held = seasons::hold(&mut tx, &terms, user, &[seat]).await?;
                if held.is_ok() {
                    tx.commit().await?;
                } else {
                    tx.rollback().await?;
                }
                latencies.lock().expect("lock").push(asked.elapsed());
                if held.is_ok() {
                    taken.lock().expect("lock").insert(seat);
                    return Ok(Some((i, seat)));
                }
            }
            Ok(None)
        }));
    }
    let mut winners = vec![];
    for t in tasks {
        if let Some(w) = t.await?? {
            winners.push(w);
        }
    }
    let race = started.elapsed();
    let mut latencies = std::mem::take(&mut *latencies.lock().expect("lock"));
    latencies.sort_unstable();
    let holds = latencies.len();
    // Sold (here: held) twice: a seat whose covered matches name more than one holder.
    let held_twice: i64 = sqlx::query_scalar(
        "select count(*) from (select seat_id from seat_inventory where season_ticket_id = $1
          group by seat_id having count(distinct holder_id) > 1) t",
    )
    .bind(season.0)
    .fetch_one(&pool)
    .await?;
    eprintln!(
        "race: {holds} holds in {:.1} s, {} seats won",
        race.as_secs_f64(),
        winners.len()
    );

    // The winners' orders: named (every third seat a collection), cards for the holders
    // (high-risk matches), paid in one transaction.
    let mut waiting = vec![];
    for (n, (i, _)) in winners.iter().enumerate() {
        let (user, email) = &users[*i];
        let first_name = format!("Tifoso {}", letters(*i));
        http.post(format!("{}/_sim/ticketing/supporter-cards", sim.http_url()))
            .json(&json!({"nome": first_name, "cognome": "Abbonato", "dataNascita": "1980-01-01"}))
            .send()
            .await?
            .error_for_status()?;
        let mut tx = pool.begin().await?;
        let order_id =
            season_orders::create_from_hold(&mut tx, season, *user, email.as_str(), "it")
                .await?
                .ok_or_else(|| anyhow::anyhow!("fan {i} holds nothing"))?;
        let order = season_orders::load(&mut tx, order_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no order"))?;
        let named: Vec<NamedSeasonLine> = order
            .lines
            .iter()
            .map(|l| NamedSeasonLine {
                line_id: l.id,
                reduction_id: l.reduction_id,
                holder: HolderDetails {
                    first_name: first_name.clone(),
                    last_name: "Abbonato".into(),
                    birth_date: chrono::NaiveDate::from_ymd_opt(1980, 1, 1).expect("a date"),
                    birth_place: "Como".into(),
                    document_type: "id_card".into(),
                    document_number: format!("CA{i:07}"),
                    sex: None,
                },
                collection: n % 3 == 0,
            })
            .collect();
        season_orders::name_holders(&mut tx, &order, &named)
            .await?
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let order = season_orders::load(&mut tx, order_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no order"))?;
        let secret = format!("pi_season_{i}_secret");
        season_orders::attach_intent(&mut tx, order_id, &format!("pi_season_{i}"), &secret).await?;
        tx.commit().await?;
        waiting.push((order_id, secret, order.total_cents));
    }
    let collections = winners.len().div_ceil(3);
    let matches = terms.fixtures.len();
    let titles = (winners.len() - collections) + collections * matches;
    let calls = (winners.len() - collections)
        + collections * matches.div_ceil(workflows::season_orders::COLLECTION_CHUNK);

    http.post(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .json(&json!({ "latency_ms": latency_ms }))
        .send()
        .await?
        .error_for_status()?;
    let vars: std::collections::HashMap<String, String> = [
        ("DATABASE_URL", url.to_owned()),
        ("TICKETING_URL", sim.http_url()),
        ("PAYMENTS_API_URL", format!("{}/", sim.http_url())),
        ("MAIL_SMTP_URL", sim.smtp_url()),
        ("JOBS_CONCURRENCY", jobs.to_string()),
        ("TICKETING_MAX_IN_FLIGHT", concurrency.to_string()),
        ("JOBS_HEARTBEAT_MS", "1000".into()),
        ("DATABASE_MAX_CONNECTIONS", (jobs * 2 + 8).to_string()),
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
    eprintln!(
        "issuing {titles} titles ({collections} collections) in {calls} calls: {concurrency} in flight, {jobs} jobs, latency {latency_ms} ms"
    );
    let mut tx = pool.begin().await?;
    for (order_id, secret, total) in &waiting {
        let outcome = workflows::season_orders::settle_payment(
            &mut tx,
            *order_id,
            secret,
            *total,
            PaymentMethod::Card,
        )
        .await?;
        anyhow::ensure!(
            outcome == PaymentOutcome::Processed { seats_kept: true },
            "the payment of {order_id} was not settled: {outcome:?}"
        );
    }
    tx.commit().await?;
    let paid = Instant::now();
    let mut issued_after = None;
    let orders = waiting.len() as i64;
    loop {
        let (issued, mailed): (i64, i64) = sqlx::query_as(
            "select (select count(*) from season_order where state = 'issued'),
                    (select count(*) from outbound_email where template = 'season_purchase' and status = 'sent')",
        )
        .fetch_one(&pool)
        .await?;
        if issued == orders && issued_after.is_none() {
            issued_after = Some(paid.elapsed());
        }
        if mailed == orders {
            break;
        }
        anyhow::ensure!(
            paid.elapsed() < Duration::from_secs(3600),
            "not done after an hour ({issued} orders issued, {mailed} e-mailed)"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let emailed = paid.elapsed();
    let _ = stop.send(());
    let _ = worker.await;
    let issued = issued_after.unwrap_or(emailed);
    let issued_twice = sim.ticketing.with_world(|w| {
        let mut seen = HashSet::new();
        w.titles
            .values()
            .filter(|t| {
                t.transaction_id.is_some()
                    && !seen.insert((t.transaction_id.clone(), t.event_id, t.season_type_id))
            })
            .count()
    });
    let limit_secs = calls as f64 * latency_ms as f64 / 1000.0 / concurrency as f64;
    Ok(json!({
        "bench": "season_campaign",
        "fans": fans,
        "seats": seats,
        "matches": matches,
        "hold_concurrency": hold_concurrency,
        "holds": holds,
        "holds_per_second": round(holds as f64 / race.as_secs_f64()),
        "hold_ms": {"p50": percentile(&latencies, 0.5), "p95": percentile(&latencies, 0.95),
                    "p99": percentile(&latencies, 0.99)},
        "seats_won": winners.len(),
        "seats_sold_twice": held_twice,
        "orders": orders,
        "collections": collections,
        "titles": titles,
        "ticketing_calls": calls,
        "concurrency": concurrency,
        "jobs": jobs,
        "ticketing_latency_ms": latency_ms,
        "seconds_paid_to_issued": round(issued.as_secs_f64()),
        "seconds_paid_to_emailed": round(emailed.as_secs_f64()),
        "limit_seconds": round(limit_secs),
        "ratio_to_limit": round(limit_secs / issued.as_secs_f64()),
        "titles_issued_twice": issued_twice,
    }))
}
