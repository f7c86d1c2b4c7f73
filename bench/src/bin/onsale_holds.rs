//! The on-sale benchmark: thousands of signed-in fans racing to hold the same seats, against
//! the real `api` binary over a fresh database, next to `pgbench -N` on the same cluster.
//!
//! `cargo build --release -p api -p bench && target/release/onsale_holds [--fans 5000]
//!  [--concurrency 64] [--hot 2000] [--pgbench-secs 10]`
//!
//! Three fixtures: a generated 75,000-seat event, a 1,000-seat event, and the demo stadium
//! (imported from the ticketing simulator, started in this process). Each fan holds 1-4
//! adjacent seats picked in the first `--hot` seats of the event, retrying twice on a conflict.
//! Prints one JSON line: per fixture, hold requests per second, p50/p95/p99 latency, conflicts
//! and seats held twice (must be 0); and the cluster's `pgbench -N` tps with the ratio.
//! Needs PostgreSQL at `DATABASE_URL` (a role that may create databases) and `pgbench`.

use bench::arg;
use serde_json::{Value, json};
use sqlx::postgres::PgPoolOptions;
use std::{
    collections::HashMap,
    process::{Command, Stdio},
    sync::Arc,
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
    let fans: usize = arg("--fans", 5000);
    let concurrency: usize = arg("--concurrency", 64);
    let hot: i64 = arg("--hot", 2000);
    let pgbench_secs: u32 = arg("--pgbench-secs", 10);
    let db = bench::ScratchDb::create("lario_bench").await?;
    let result = run(&db.url, fans, concurrency, hot, pgbench_secs, &db.base).await;
    db.drop().await?;
    println!("{}", result?);
    Ok(())
}

async fn run(
    url: &str,
    fans: usize,
    concurrency: usize,
    hot: i64,
    pgbench_secs: u32,
    base: &str,
) -> anyhow::Result<Value> {
    let pool = PgPoolOptions::new().max_connections(8).connect(url).await?;
    domain::db::migrate(&pool).await?;
    eprintln!("setting up: the demo stadium, a 75,000-seat and a 1,000-seat event, {fans} fans");
    let (sim, client) = bench::simulators().await?;
    let demo = workflows::onsale::next_league_fixture_on_sale(&pool, &client).await?;
    let mut conn = pool.acquire().await?;
    // A generated arena: 75 blocks of 40 rows x 25 seats.
    let blocks: Vec<domain::venue::PlanBlock> = (0..75)
        .map(|b| domain::venue::PlanBlock {
            id: 10_000 + b,
            sector_code: "ARENA".into(),
            sector_name: "Arena (benchmark)".into(),
            code: format!("AR{b}"),
            gate: "Varco A".into(),
            capacity: 1000,
            away: false,
            no_map: false,
            seats: (0..1000)
                .map(|i| domain::venue::PlanSeat {
                    planet_id: 1_000_000 + b * 1000 + i,
                    row: (i / 25 + 1).to_string(),
                    number: i % 25 + 1,
                    label: format!("ARENA-AR{b}-{}-{}", i / 25 + 1, i % 25 + 1),
                })
                .collect(),
        })
        .collect();
    domain::venue::import_plan(&mut conn, &blocks).await?;
    let starts = chrono::Utc::now() + chrono::Duration::days(30);
    domain::fixtures::import(
        &mut conn,
        &[900_001, 900_002].map(|id| domain::fixtures::NewFixture {
            planet_event_id: id,
            spettacolo_id: id,
            title: format!("Benchmark {id}"),
            competition: "Benchmark".into(),
            starts_at: starts,
            high_risk: false,
            per_buyer_limit: 4,
        }),
    )
    .await?;
    let big: domain::ids::FixtureId =
        sqlx::query_scalar("select id from fixture where planet_event_id = 900001")
            .fetch_one(&mut *conn)
            .await?;
    let small: domain::ids::FixtureId =
        sqlx::query_scalar("select id from fixture where planet_event_id = 900002")
            .fetch_one(&mut *conn)
            .await?;
    for (fixture, last_block) in [(big, 10_074), (small, 10_000)] {
        sqlx::query(
            "insert into seat_inventory (fixture_id, seat_id, block_id)
             select $1, id, block_id from venue_seat where block_id between 10000 and $2",
        )
        .bind(fixture)
        .bind(last_block)
        .execute(&mut *conn)
        .await?;
        sqlx::query("update fixture set status = 1, inventory_loaded_at = now() where id = $1")
            .bind(fixture)
            .execute(&mut *conn)
            .await?;
    }
    let mut tokens = Vec::with_capacity(fans);
    for i in 0..fans {
        let email = domain::email::Email::parse(&format!("bench{i}@example.it"))
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let (user, _) =
            domain::accounts::create_or_get(&mut conn, &email, None, None, Default::default())
                .await?;
        tokens.push(
            domain::accounts::sessions::create(&mut conn, user.user_id, None, "bench").await?,
        );
    }
    drop(conn);
    sqlx::query("analyze").execute(&pool).await?;

    let api = bench::ApiProcess::start(url, &sim.http_url(), &[]).await?;
    let api_url = api.url.clone();
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency)
        .build()?;

    let tokens = Arc::new(tokens);
    let mut scenarios = vec![];
    for (name, fixture) in [
        ("75000 seats", big),
        ("1000 seats", small),
        ("demo stadium", demo),
    ] {
        let seats: Vec<i64> = sqlx::query_scalar(
            "select seat_id from seat_inventory where fixture_id = $1 and state = 'free' order by seat_id",
        )
        .bind(fixture)
        .fetch_all(&pool)
        .await?;
        eprintln!("{name}: {} seats, {fans} fans", seats.len());
        let r = race(&http, &api_url, fixture, &seats, hot, &tokens, concurrency).await?;
        let held: i64 = sqlx::query_scalar(
            "select count(*) from seat_inventory where fixture_id = $1 and state = 'held'",
        )
        .bind(fixture)
        .fetch_one(&pool)
        .await?;
        let mut r = r;
        r["event"] = json!(name);
        r["seats"] = json!(seats.len());
        r["seats_held_in_db"] = json!(held);
        scenarios.push(r);
    }
    drop(api);
    let tps = pgbench(base, pgbench_secs)?;
    for s in &mut scenarios {
        s["ratio_to_pgbench"] =
            json!((s["holds_per_s"].as_f64().unwrap_or(0.0) / tps * 100.0).round() / 100.0);
    }
    Ok(json!({
        "benchmark": "onsale_holds",
        "fans": fans,
        "concurrency": concurrency,
        "hot_seats": hot,
        "pgbench_n_tps": tps.round(),
        "scenarios": scenarios,
    }))
}

/// Every fan tries to hold 1-4 adjacent seats among the first `hot`, up to three times.
async fn race(
    http: &reqwest::Client,
    api: &str,
    fixture: domain::ids::FixtureId,
    seats: &[i64],
    hot: i64,
    tokens: &Arc<Vec<String>>,
    concurrency: usize,
) -> anyhow::Result<Value> {
    let hot = (hot as usize).min(seats.len());
    let gate = Arc::new(Semaphore::new(concurrency));
    let seats = Arc::new(seats[..hot].to_vec());
    let started = Instant::now();
    let mut tasks = vec![];
    for (i, token) in tokens.iter().enumerate() {
        let (http, gate, seats) = (http.clone(), gate.clone(), seats.clone());
        let url = format!("{api}/api/fixtures/{fixture}/hold");
        let cookie =
            format!("lario_session={token}; lario_csrf=bench-csrf-token-of-thirty-two-chars");
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.expect("open");
            let mut rng =
                Rng(0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
            let mut out: Vec<(Duration, u16, Vec<i64>)> = vec![];
            for _ in 0..3 {
                let k = 1 + rng.below(4) as usize;
                let start = rng.below((seats.len() - k) as u64) as usize;
                let pick = seats[start..start + k].to_vec();
                let t = Instant::now();
                let status = http
                    .post(&url)
                    .header("cookie", &cookie)
                    .header("x-csrf-token", "bench-csrf-token-of-thirty-two-chars")
                    .json(&json!({ "seat_ids": pick }))
                    .send()
                    .await
                    .map(|r| r.status().as_u16())
                    .unwrap_or(0);
                out.push((t.elapsed(), status, pick));
                if status != 409 {
                    break;
                }
            }
            out
        }));
    }
    let mut latencies = vec![];
    let (mut ok, mut conflicts, mut errors) = (0, 0, 0);
    let mut other: std::collections::BTreeMap<u16, usize> = Default::default();
    let mut owners: HashMap<i64, usize> = HashMap::new();
    for t in tasks {
        for (elapsed, status, pick) in t.await? {
            latencies.push(elapsed);
            match status {
                200 => {
                    ok += 1;
                    for s in pick {
                        *owners.entry(s).or_default() += 1;
                    }
                }
                409 => conflicts += 1,
                s => {
                    errors += 1;
                    *other.entry(s).or_default() += 1;
                }
            }
        }
    }
    let wall = started.elapsed();
    latencies.sort();
    let pct = |p: f64| {
        let i = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
        (latencies[i].as_secs_f64() * 1000.0 * 10.0).round() / 10.0
    };
    let requests = latencies.len();
    Ok(json!({
        "requests": requests,
        "holds_per_s": (requests as f64 / wall.as_secs_f64()).round(),
        "successful_holds": ok,
        "conflicts": conflicts,
        "errors": errors,
        "error_statuses": other,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "seats_held_twice": owners.values().filter(|n| **n > 1).count(),
        "seats_held": owners.len(),
        "wall_s": (wall.as_secs_f64() * 100.0).round() / 100.0,
    }))
}

/// `pgbench -N` (simple updates, no branch contention) on a scratch database of the same
/// cluster: the cluster's write capacity for one-statement transactions on this machine.
fn pgbench(base: &str, secs: u32) -> anyhow::Result<f64> {
    let db = format!("lario_pgbench_{}", std::process::id());
    let bin = ["pgbench", "/usr/lib/postgresql/15/bin/pgbench"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok())
        .ok_or_else(|| anyhow::anyhow!("pgbench not found"))?;
    let psql = |sql: &str| {
        Command::new("psql")
            .arg(format!("{base}/lario"))
            .args(["-qc", sql])
            .status()
    };
    psql(&format!("create database {db}"))?;
    let url = format!("{base}/{db}");
    let init = Command::new(bin)
        .args(["-i", "-q", "-s", "10", &url])
        .stderr(Stdio::null())
        .status()?;
    anyhow::ensure!(init.success(), "pgbench -i failed");
    let out = Command::new(bin)
        .args([
            "-N",
            "-n",
            "-c",
            "16",
            "-j",
            "2",
            "-T",
            &secs.to_string(),
            &url,
        ])
        .output()?;
    psql(&format!("drop database if exists {db} with (force)"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find(|l| l.starts_with("tps = "))
        .and_then(|l| l.split_whitespace().nth(2))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no tps in pgbench's output: {text}"))
}
