//! The renewal phase of the season campaign (issue 18): `--holders` of last season's holders
//! (6,700 in Como's 2025-26 campaign) renew in the first hour, each right tried by
//! `--fans-per-right` fans at once (a holder and a relative with the same seal), at most
//! `--concurrency` renewals in flight.
//!
//! `cargo build --release -p bench --bin renewal_phase && target/release/renewal_phase
//!  [--holders 6700] [--fans-per-right 2] [--concurrency 32]`
//!
//! A fresh database on the `DATABASE_URL` cluster; the demo season on sale, its 19 matches'
//! seats copied. The code table (one P1- code per seat) and the holders sheet are written as
//! the import job writes them (batches of 500); the renewal phase keeps every holder's seat
//! in every match (one statement, timed). Then the race: each attempt is
//! `domain::preemption::renewal::renew` in a transaction, as `POST
//! /api/season-tickets/{id}/renewal` runs it without the HTTP around it; the winners' orders
//! are paid as the webhook settles them (the kept seats sold). Issuing is the season issuing
//! job's, measured by `season_campaign`. Prints one JSON line: renewals per second, the
//! latency percentiles, and the counts that must be zero (a right used twice, a seat sold
//! twice).

use bench::{arg, letters, percentile, round};
use domain::{
    accounts,
    email::Email,
    ids::SeatId,
    orders::{PaymentMethod, PaymentOutcome},
    preemption::{
        Claim,
        holders::{self, HolderRow},
        phases::{self, NewPhase, PhaseKind, PhaseTarget},
        renewal::{self, RenewalRefusal},
    },
    season_orders,
};
use sqlx::postgres::PgPoolOptions;
use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};
use tokio::sync::Semaphore;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    if std::env::var("RUST_LOG").is_ok() {
        domain::telemetry::init(domain::config::LogFormat::Pretty);
    }
    let db = bench::ScratchDb::create("lario_bench_renewal").await?;
    let result = run(&db.url).await;
    println!("{}", result?);
    db.drop().await
}

async fn run(url: &str) -> anyhow::Result<serde_json::Value> {
    let holders_wanted: usize = arg("--holders", 6_700);
    let fans_per_right: usize = arg("--fans-per-right", 2);
    let concurrency: usize = arg("--concurrency", 32);
    let pool = PgPoolOptions::new()
        .max_connections((concurrency + 4) as u32)
        .connect(url)
        .await?;
    domain::db::migrate(&pool).await?;
    let (_sim, client) = bench::simulators().await?;

    let season = bench::demo_season_on_sale(&pool, &client).await?;

    // Last season's holders, one per seat of the season-sellable blocks, with their codes.
    let mut conn = pool.acquire().await?;
    let seats: Vec<(SeatId, String)> = sqlx::query_as(
        "select s.id, s.label from venue_seat s join venue_block b on b.id = s.block_id
          where b.season_sellable and not b.no_map and s.planet_seat_id is not null
          order by s.id limit $1",
    )
    .bind(holders_wanted as i64)
    .fetch_all(&mut *conn)
    .await?;
    let n = seats.len();
    let (staff, _) = accounts::create_or_get(
        &mut conn,
        &Email::parse("ufficio.abbonamenti@example.it")?,
        None,
        None,
        Default::default(),
    )
    .await?;
    let codes: Vec<(u32, String, String)> = seats
        .iter()
        .enumerate()
        .map(|(i, (_, label))| (i as u32 + 2, format!("P1-{i}"), label.clone()))
        .collect();
    let written = Instant::now();
    let report = holders::import_codes(&mut conn, &codes, staff.user_id).await?;
    anyhow::ensure!(report.written == n, "codes written: {}", report.written);
    let birth = chrono::NaiveDate::from_ymd_opt(1980, 1, 1).expect("a date");
    let rows: Vec<HolderRow> = (0..n)
        .map(|i| HolderRow {
            first_name: format!("Rinnovo {}", letters(i)),
            last_name: "Abbonato".into(),
            birth_date: birth,
            birth_province: "CO".into(),
            birth_place: "Como".into(),
            sex: "M".into(),
            fiscal_seal: format!("R{i:010}"),
            used_for: vec![],
            kind: "SEASON".into(),
            buyer_first_name: String::new(),
            buyer_last_name: String::new(),
            buyer_birth_date: None,
            renewal_code: Some(format!("P1-{i}")),
            email: None,
        })
        .collect();
    for batch in rows.chunks(holders::BATCH) {
        let mut tx = pool.begin().await?;
        holders::write_batch(&mut tx, uuid::Uuid::nil(), "2025-2026", batch).await?;
        tx.commit().await?;
    }
    let sheets_s = written.elapsed().as_secs_f64();
    let now = chrono::Utc::now();
    let phase = phases::create(
        &mut conn,
        PhaseTarget::Season(season),
        &NewPhase {
            kind: PhaseKind::Renewal,
            name: String::new(),
            starts_at: now - chrono::Duration::minutes(1),
            ends_at: now + chrono::Duration::hours(1),
            sectors: String::new(),
        },
        staff.user_id,
    )
    .await?
    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    drop(conn);
    let kept_at = Instant::now();
    let mut tx = pool.begin().await?;
    let kept = renewal::keep_seats(&mut tx, phase.id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no renewal phase"))?;
    tx.commit().await?;
    let keep_s = kept_at.elapsed().as_secs_f64();
    eprintln!(
        "{n} holders and codes written in {sheets_s:.1} s; {} seats kept in 19 matches in {keep_s:.1} s",
        kept.kept
    );

    let mut fans = Vec::with_capacity(n * fans_per_right);
    let mut conn = pool.acquire().await?;
    for i in 0..n {
        for f in 0..fans_per_right {
            let email = Email::parse(&format!("rinnovo{i}.{f}@example.it"))?;
            let (user, _) =
                accounts::create_or_get(&mut conn, &email, None, None, Default::default()).await?;
            fans.push((i, user.user_id, email));
        }
    }
    drop(conn);
    // Interleaved: the fans of one right ask at about the same time.
    fans.sort_by_key(|(i, _, _)| *i);

    let gate = Arc::new(Semaphore::new(concurrency));
    let latencies = Arc::new(Mutex::new(Vec::<Duration>::with_capacity(fans.len())));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(fans.len());
    for (i, user, email) in fans {
        let (gate, latencies, pool) = (gate.clone(), latencies.clone(), pool.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.expect("open");
            let first = format!("Rinnovo {}", letters(i));
            let claim = Claim {
                first_name: &first,
                last_name: "Abbonato",
                birth_date: birth,
                birth_province: "CO",
                birth_place: "Como",
                sex: "M",
            };
            let asked = Instant::now();
            let mut tx = pool.begin().await?;
            let out = renewal::renew(
                &mut tx,
                season,
                user,
                email.as_str(),
                "it",
                &format!("R{i:010}"),
                &claim,
                None,
            )
            .await?;
            match out {
                Ok(r) => {
                    let secret = format!("pi_renewal_{i}_secret");
                    season_orders::attach_intent(
                        &mut tx,
                        r.order_id,
                        &format!("pi_renewal_{i}"),
                        &secret,
                    )
                    .await?;
                    tx.commit().await?;
                    latencies.lock().expect("lock").push(asked.elapsed());
                    Ok::<_, anyhow::Error>(Some((r.order_id, secret)))
                }
                Err(RenewalRefusal::InProgress) => {
                    tx.rollback().await?;
                    Ok(None)
                }
                Err(other) => anyhow::bail!("holder {i}: {other:?}"),
            }
        }));
    }
    let mut won = vec![];
    for t in tasks {
        if let Some(w) = t.await?? {
            won.push(w);
        }
    }
    let race = started.elapsed();
    let mut latencies = std::mem::take(&mut *latencies.lock().expect("lock"));
    latencies.sort_unstable();

    // Paid as the webhook settles each: the kept seats sold in every match.
    let paid_at = Instant::now();
    for (order_id, secret) in &won {
        let mut tx = pool.begin().await?;
        let order = season_orders::load(&mut tx, *order_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no order"))?;
        let outcome = workflows::season_orders::settle_payment(
            &mut tx,
            *order_id,
            secret,
            order.total_cents,
            PaymentMethod::Card,
        )
        .await?;
        anyhow::ensure!(
            outcome == PaymentOutcome::Processed { seats_kept: true },
            "the renewal {order_id} was not settled: {outcome:?}"
        );
        tx.commit().await?;
    }
    let paid_s = paid_at.elapsed().as_secs_f64();
    let (rights_twice, seats_twice, sold_rows): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from (select renewal_holder_id from season_order
                   where renewal_holder_id is not null and state in ('pending', 'paid', 'issuing', 'issued')
                   group by renewal_holder_id having count(*) > 1) t),
                (select count(*) from (select seat_id from seat_inventory where season_ticket_id = $1
                   group by seat_id having count(distinct holder_id) > 1) t),
                (select count(*) from seat_inventory where season_ticket_id = $1 and state = 'sold')",
    )
    .bind(season.0)
    .fetch_one(&pool)
    .await?;
    Ok(serde_json::json!({
        "holders": n,
        "fans_per_right": fans_per_right,
        "concurrency": concurrency,
        "sheets_written_s": round(sheets_s),
        "seats_kept": kept.kept,
        "keep_s": round(keep_s),
        "renewals": won.len(),
        "race_s": round(race.as_secs_f64()),
        "renewals_per_s": round(won.len() as f64 / race.as_secs_f64()),
        "renewal_ms": {"p50": percentile(&latencies, 0.5), "p99": percentile(&latencies, 0.99),
                        "max": percentile(&latencies, 1.0)},
        "paid_s": round(paid_s),
        "rights_used_twice": rights_twice,
        "seats_sold_twice": seats_twice,
        "sold_rows": sold_rows,
    }))
}
