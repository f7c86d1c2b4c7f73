//! The export benchmark: seconds and peak memory to build the issued tickets' Excel export of
//! `--rows` titles (100,000 by default).
//!
//! `cargo build --release -p bench && target/release/export [--rows 100000]`
//!
//! Makes a fresh database on the `DATABASE_URL` cluster, imports the demo stadium and season
//! from the simulator (in this process), writes `--rows` issued titles spread over as many
//! fixtures as the stadium's seats need (straight SQL: this measures the export, not the
//! sale), then builds the export exactly as its job does (the database stream into a
//! constant-memory sheet, progress recorded, the file stored). Peak memory is the process's
//! resident high-water mark (VmHWM) before and after. Prints one JSON line.

use bench::arg;
use serde_json::json;
use sqlx::postgres::PgPoolOptions;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let rows: i64 = arg("--rows", 100_000);
    let db = bench::ScratchDb::create("lario_bench_export").await?;
    let result = run(&db.url, rows).await;
    if let Ok(line) = &result {
        println!("{line}");
    }
    db.drop().await?;
    result.map(|_| ())
}

/// The process's resident high-water mark, in MiB.
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

async fn run(url: &str, rows: i64) -> anyhow::Result<serde_json::Value> {
    let pool = PgPoolOptions::new().max_connections(4).connect(url).await?;
    domain::db::migrate(&pool).await?;
    let (_sim, client) = bench::simulators().await?;
    workflows::onsale::next_league_fixture_on_sale(&pool, &client).await?;
    let seats: i64 = sqlx::query_scalar("select count(*) from venue_seat")
        .fetch_one(&pool)
        .await?;
    let fixtures_needed = (rows + seats - 1) / seats;
    let buyer: sqlx::types::Uuid = sqlx::query_scalar(
        "insert into app_user (user_id, email, acc_level) values (gen_random_uuid(), 'bench@example.it', 2)
         returning user_id",
    )
    .fetch_one(&pool)
    .await?;
    // One issued order per fixture, then its titles: the first `rows` (fixture, seat) pairs.
    sqlx::query(
        "insert into ticket_order (order_id, fixture_id, user_id, buyer_email, payment_status, state,
                                   total_cents, payment_method, paid_at, issued_at)
         select gen_random_uuid(), id, $1, 'bench@example.it', 1, 'issued', 0, 'complimentary', now(), now()
           from (select id from fixture order by starts_at limit $2) f",
    )
    .bind(buyer)
    .bind(fixtures_needed)
    .execute(&pool)
    .await?;
    let started = Instant::now();
    sqlx::query(
        "insert into order_line (order_id, fixture_id, seat_id, block_id, reduction_id, price_cents,
                                 holder_first_name, holder_last_name, holder_birth_date,
                                 transaction_id, title_id, seal, barcode, progressive, title_state, issued_at)
         select o.order_id, o.fixture_id, s.id, s.block_id, 1, 2500 + (s.id % 7) * 500,
                'Tifoso', 'Numero ' || n, date '1980-01-01' + (n % 9000)::int,
                o.order_id::text || '-' || s.id, n, upper(substr(md5(n::text), 1, 16)),
                md5(n::text || 'b'), n, 'valid', now()
           from (select o.*, row_number() over (order by o.fixture_id) - 1 as k
                   from ticket_order o) o
           join lateral (select s.*, o.k * $2 + row_number() over (order by s.id) as n
                           from venue_seat s order by s.id) s on true
          where s.n <= $1",
    )
    .bind(rows)
    .bind(seats)
    .execute(&pool)
    .await?;
    let seeded_secs = started.elapsed().as_secs_f64();
    let staff: sqlx::types::Uuid = buyer;
    let mut conn = pool.acquire().await?;
    let id = domain::exports::create(
        &mut conn,
        domain::exports::Kind::Tickets,
        None,
        staff,
        Duration::from_secs(3600),
    )
    .await?;
    drop(conn);
    let before = peak_mib();
    let started = Instant::now();
    let written = workflows::exports::build(&pool, id)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let secs = started.elapsed().as_secs_f64();
    let after = peak_mib();
    let bytes: i64 =
        sqlx::query_scalar("select length(content)::bigint from export_file where export_id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await?;
    Ok(json!({
        "bench": "export",
        "kind": "tickets",
        "rows": written,
        "fixtures": fixtures_needed,
        "seconds": (secs * 100.0).round() / 100.0,
        "rows_per_second": (written as f64 / secs).round(),
        "file_mib": (bytes as f64 / 1048576.0 * 100.0).round() / 100.0,
        "peak_rss_mib_before": before.round(),
        "peak_rss_mib_after": after.round(),
        "seed_seconds": (seeded_secs * 10.0).round() / 10.0,
    }))
}
