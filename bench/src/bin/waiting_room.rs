//! The waiting room benchmark (issue 19): a crowd joins a big on-sale's room, then is admitted
//! in turn, against the real release `api` binary over a fresh database.
//!
//! `cargo build --release -p api -p bench && target/release/waiting_room [--fans 200000]
//!  [--join-secs 60] [--concurrency 128] [--rate 6000] [--measure-secs 60] [--streams 500]
//!  [--racers 1000]`
//!
//! 1. `--fans` signed-in fans (sessions written directly) join the pre-queue spread evenly
//!    over `--join-secs`, each from its own address (the api trusts 127.0.0.1 as a proxy):
//!    joins per second achieved, latency percentiles, errors.
//! 2. `--streams` of them follow their standing over server-sent events while a listener on
//!    the database notes when each tick's counters landed: how stale a fan's position is when
//!    it reaches them (the delivery after the tick) and the longest gap between ticks.
//! 3. The room opens: the admission rate over `--measure-secs`, against `--rate` a minute.
//! 4. The first `--racers` admitted fans race for the same 500 seats with their admissions, as
//!    many fans not yet admitted try without: seats won twice (must be 0), refusals.
//!
//! Prints one JSON line. Needs PostgreSQL at `DATABASE_URL` (a role that may create databases).

use bench::{arg, percentile, round};
use serde_json::{Value, json};
use sqlx::postgres::{PgListener, PgPoolOptions};
use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};
use tokio::sync::Semaphore;

const CSRF: &str = "bench-csrf-token-of-thirty-two-chars";

/// A fan: their session token and the address they come from.
struct Fan {
    token: String,
    address: String,
}

fn fan_request(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    fan: &Fan,
) -> reqwest::RequestBuilder {
    http.request(method, url)
        .header(
            "Cookie",
            format!("lario_session={}; lario_csrf={CSRF}", fan.token),
        )
        .header("X-CSRF-Token", CSRF)
        .header("X-Forwarded-For", &fan.address)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let db = bench::ScratchDb::create("lario_bench_room").await?;
    let result = run(&db.url).await;
    db.drop().await?;
    println!("{}", result?);
    Ok(())
}

async fn run(url: &str) -> anyhow::Result<Value> {
    let fans_n: usize = arg("--fans", 200_000);
    let join_secs: f64 = arg("--join-secs", 60.0);
    let concurrency: usize = arg("--concurrency", 128);
    let rate: i32 = arg("--rate", 6000);
    let measure_secs: u64 = arg("--measure-secs", 60);
    let streams_n: usize = arg("--streams", 500);
    let racers: usize = arg("--racers", 1000);

    let pool = PgPoolOptions::new().max_connections(8).connect(url).await?;
    domain::db::migrate(&pool).await?;
    let (sim, client) = bench::simulators().await?;
    let fixture = workflows::onsale::next_league_fixture_on_sale(&pool, &client).await?;
    eprintln!("writing {fans_n} fans and their sessions");
    let fans = write_fans(&pool, fans_n).await?;
    let opens_at =
        chrono::Utc::now() + chrono::Duration::milliseconds((join_secs * 1000.0) as i64 + 15_000);
    let room = {
        let mut conn = pool.acquire().await?;
        domain::waiting_room::create(
            &mut conn,
            domain::waiting_room::RoomTarget::Fixture(fixture),
            &domain::waiting_room::RoomSettings {
                prequeue_opens_at: chrono::Utc::now() - chrono::Duration::minutes(1),
                opens_at,
                admit_per_minute: rate,
                max_shopping: 1_000_000,
                admission_seconds: 3600,
            },
        )
        .await?
        .ok_or_else(|| anyhow::anyhow!("no room"))?
    };
    sqlx::query("analyze").execute(&pool).await?;
    let api =
        bench::ApiProcess::start(url, &sim.http_url(), &[("TRUSTED_PROXIES", "127.0.0.1")]).await?;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency)
        .build()?;
    let fans = Arc::new(fans);

    // 1. The crowd joins, spread evenly over the window.
    eprintln!("{fans_n} fans join over {join_secs} s");
    let gate = Arc::new(Semaphore::new(concurrency));
    let latencies = Arc::new(Mutex::new(Vec::with_capacity(fans_n)));
    let errors = Arc::new(Mutex::new(HashMap::<String, usize>::new()));
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..fans_n {
        let due = started + Duration::from_secs_f64(join_secs * i as f64 / fans_n as f64);
        tokio::time::sleep_until(due.into()).await;
        let permit = gate.clone().acquire_owned().await?;
        let (http, fans, latencies, errors) = (
            http.clone(),
            fans.clone(),
            latencies.clone(),
            errors.clone(),
        );
        let join_url = format!("{}/api/waiting-rooms/{}/join", api.url, room.id);
        tasks.spawn(async move {
            let t = Instant::now();
            let r = fan_request(&http, reqwest::Method::POST, join_url, &fans[i])
                .send()
                .await;
            let took = t.elapsed();
            drop(permit);
            match r {
                Ok(r) if r.status() == 200 => latencies.lock().unwrap().push(took),
                Ok(r) => {
                    *errors
                        .lock()
                        .unwrap()
                        .entry(r.status().to_string())
                        .or_default() += 1
                }
                Err(e) => *errors.lock().unwrap().entry(e.to_string()).or_default() += 1,
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let join_elapsed = started.elapsed().as_secs_f64();
    let mut lat = std::mem::take(&mut *latencies.lock().unwrap());
    lat.sort();
    let joined = lat.len();
    let entries: i64 =
        sqlx::query_scalar("select count(*) from waiting_room_entry where room_id = $1")
            .bind(room.id)
            .fetch_one(&pool)
            .await?;

    // 2. Streams of a sample of fans, and the database's own record of each tick.
    let ticks = Arc::new(Mutex::new(Vec::<(Instant, i64)>::new()));
    let mut listener = PgListener::connect(url).await?;
    listener.listen(domain::waiting_room::CHANNEL).await?;
    let watcher = {
        let (ticks, pool) = (ticks.clone(), pool.clone());
        let id = room.id;
        tokio::spawn(async move {
            while let Ok(n) = listener.recv().await {
                if n.payload() != id.to_string() {
                    continue;
                }
                let at = Instant::now();
                if let Ok(admitted) =
                    sqlx::query_scalar::<_, i64>("select admitted from waiting_room where id = $1")
                        .bind(id)
                        .fetch_one(&pool)
                        .await
                {
                    ticks.lock().unwrap().push((at, admitted));
                }
            }
        })
    };
    let seen = Arc::new(Mutex::new(Vec::<(Instant, i64)>::new()));
    let step = (fans_n / streams_n.max(1)).max(1);
    let mut followers = vec![];
    for i in (0..fans_n).step_by(step).take(streams_n) {
        let (http, fans, seen) = (http.clone(), fans.clone(), seen.clone());
        let events_url = format!("{}/api/waiting-rooms/{}/events", api.url, room.id);
        followers.push(tokio::spawn(async move {
            let Ok(mut r) = fan_request(&http, reqwest::Method::GET, events_url, &fans[i])
                .send()
                .await
            else {
                return;
            };
            let mut text = String::new();
            while let Ok(Some(chunk)) = r.chunk().await {
                let at = Instant::now();
                text.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = text.find("\n\n") {
                    let event: String = text.drain(..end + 2).collect();
                    if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: "))
                        && let Ok(v) = serde_json::from_str::<Value>(data)
                        && let Some(admitted) = v["admitted"].as_i64()
                    {
                        seen.lock().unwrap().push((at, admitted));
                    }
                }
            }
        }));
    }

    // 3. The opening, and the admission rate over the measured window.
    let wait = (opens_at - chrono::Utc::now()).to_std().unwrap_or_default();
    eprintln!("the room opens in {:.0} s", wait.as_secs_f64());
    tokio::time::sleep(wait + Duration::from_secs(3)).await;
    let admitted_now = async || -> anyhow::Result<i64> {
        Ok(
            sqlx::query_scalar("select admitted from waiting_room where id = $1")
                .bind(room.id)
                .fetch_one(&pool)
                .await?,
        )
    };
    let (t0, a0) = (Instant::now(), admitted_now().await?);
    tokio::time::sleep(Duration::from_secs(measure_secs)).await;
    let (t1, a1) = (Instant::now(), admitted_now().await?);
    let per_minute = (a1 - a0) as f64 / (t1 - t0).as_secs_f64() * 60.0;
    for f in &followers {
        f.abort();
    }
    watcher.abort();
    let (staleness, tick_gap) = staleness(&ticks.lock().unwrap(), &seen.lock().unwrap());

    // 4. The admitted race for the same seats; the others are refused.
    let seats: Vec<i64> = sqlx::query_scalar(
        "select seat_id from seat_inventory where fixture_id = $1 and state = 'free' order by seat_id limit 500",
    )
    .bind(fixture)
    .fetch_all(&pool)
    .await?;
    let admitted_fans: Vec<usize> = {
        let ids: Vec<uuid::Uuid> = sqlx::query_scalar(
            "select user_id from waiting_room_entry where room_id = $1 and admitted_at is not null
              order by position limit $2",
        )
        .bind(room.id)
        .bind(racers as i64)
        .fetch_all(&pool)
        .await?;
        let index: HashMap<uuid::Uuid, usize> = user_index(&pool).await?;
        ids.iter().filter_map(|u| index.get(u).copied()).collect()
    };
    let waiting_fans: Vec<usize> = {
        let ids: Vec<uuid::Uuid> = sqlx::query_scalar(
            "select user_id from waiting_room_entry where room_id = $1 and admitted_at is null
              order by position desc limit $2",
        )
        .bind(room.id)
        .bind(racers as i64)
        .fetch_all(&pool)
        .await?;
        let index: HashMap<uuid::Uuid, usize> = user_index(&pool).await?;
        ids.iter().filter_map(|u| index.get(u).copied()).collect()
    };
    let won = Arc::new(Mutex::new(Vec::<i64>::new()));
    let outcomes = Arc::new(Mutex::new(HashMap::<String, usize>::new()));
    let mut tasks = tokio::task::JoinSet::new();
    for (n, (i, admitted)) in admitted_fans
        .iter()
        .map(|i| (*i, true))
        .chain(waiting_fans.iter().map(|i| (*i, false)))
        .enumerate()
    {
        let permit = gate.clone().acquire_owned().await?;
        let (http, fans, won, outcomes) =
            (http.clone(), fans.clone(), won.clone(), outcomes.clone());
        let base = api.url.clone();
        let (room_id, seat) = (room.id, seats[n * 7 % seats.len().max(1)]);
        tasks.spawn(async move {
            let fan = &fans[i];
            let mut token = None;
            if admitted {
                let me = fan_request(
                    &http,
                    reqwest::Method::GET,
                    format!("{base}/api/waiting-rooms/{room_id}/me"),
                    fan,
                )
                .send()
                .await;
                if let Ok(me) = me
                    && let Ok(v) = me.json::<Value>().await
                {
                    token = v["admission"]["token"].as_str().map(str::to_owned);
                }
            }
            let mut req = fan_request(
                &http,
                reqwest::Method::POST,
                format!("{base}/api/fixtures/{fixture}/hold"),
                fan,
            )
            .json(&json!({"seat_ids": [seat]}));
            if let Some(t) = &token {
                req = req.header("X-Admission", t);
            }
            let outcome = match req.send().await {
                Ok(r) if r.status() == 200 => {
                    won.lock().unwrap().push(seat);
                    "held".to_owned()
                }
                Ok(r) => {
                    let status = r.status().as_u16();
                    let code = r
                        .json::<Value>()
                        .await
                        .ok()
                        .and_then(|v| v["code"].as_str().map(str::to_owned));
                    format!("{status} {}", code.unwrap_or_default())
                }
                Err(e) => e.to_string(),
            };
            let key = format!(
                "{} {outcome}",
                if admitted { "admitted" } else { "waiting" }
            );
            *outcomes.lock().unwrap().entry(key).or_default() += 1;
            drop(permit);
        });
    }
    while tasks.join_next().await.is_some() {}
    let won = std::mem::take(&mut *won.lock().unwrap());
    let mut distinct = won.clone();
    distinct.sort();
    distinct.dedup();
    let held_in_db: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where fixture_id = $1 and state = 'held' and seat_id = any($2)",
    )
    .bind(fixture)
    .bind(&seats)
    .fetch_one(&pool)
    .await?;
    drop(api);

    Ok(json!({
        "benchmark": "waiting_room",
        "fans": fans_n,
        "join": {
            "window_s": join_secs,
            "took_s": round(join_elapsed),
            "joined": joined,
            "entries": entries,
            "joins_per_s": round(joined as f64 / join_elapsed),
            "p50_ms": percentile(&lat, 0.5),
            "p99_ms": percentile(&lat, 0.99),
            "errors": *errors.lock().unwrap(),
        },
        "streams": streams_n,
        "staleness": staleness,
        "longest_gap_between_ticks_ms": tick_gap,
        "admission": {
            "configured_per_minute": rate,
            "measured_per_minute": round(per_minute),
            "off_by_percent": round((per_minute / f64::from(rate) - 1.0) * 100.0),
            "measured_s": measure_secs,
        },
        "race": {
            "outcomes": *outcomes.lock().unwrap(),
            "seats_won": won.len(),
            "seats_won_twice": won.len() - distinct.len(),
            "held_in_db": held_in_db,
        },
    }))
}

/// How late the fans' streams told them each counter: for every event, the time since the
/// tick that first reached its counter landed in the database (p50, p99, max in ms); and the
/// longest gap between two ticks that admitted someone.
fn staleness(ticks: &[(Instant, i64)], seen: &[(Instant, i64)]) -> (Value, f64) {
    let mut late = vec![];
    for (at, admitted) in seen {
        if let Some((tick, _)) = ticks.iter().find(|(_, a)| a >= admitted) {
            late.push(at.saturating_duration_since(*tick));
        }
    }
    late.sort();
    let mut gap = Duration::ZERO;
    let moving: Vec<&(Instant, i64)> = ticks
        .windows(2)
        .filter(|w| w[1].1 > w[0].1)
        .map(|w| &w[1])
        .collect();
    for w in moving.windows(2) {
        gap = gap.max(w[1].0 - w[0].0);
    }
    (
        json!({
            "events": late.len(),
            "p50_ms": percentile(&late, 0.5),
            "p99_ms": percentile(&late, 0.99),
            "max_ms": late.last().map(|d| round(d.as_secs_f64() * 1000.0)).unwrap_or(0.0),
        }),
        round(gap.as_secs_f64() * 1000.0),
    )
}

/// Fan number by user id (the fans are `wr{n}@example.it`).
async fn user_index(pool: &sqlx::PgPool) -> anyhow::Result<HashMap<uuid::Uuid, usize>> {
    let rows: Vec<(uuid::Uuid, String)> =
        sqlx::query_as("select user_id, email from app_user where email like 'wr%@example.it'")
            .fetch_all(pool)
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(u, e)| {
            e.strip_prefix("wr")?
                .strip_suffix("@example.it")?
                .parse()
                .ok()
                .map(|n| (u, n))
        })
        .collect())
}

/// `n` fans with a session each, written in batches; each comes from its own address.
async fn write_fans(pool: &sqlx::PgPool, n: usize) -> anyhow::Result<Vec<Fan>> {
    let mut fans = Vec::with_capacity(n);
    for start in (0..n).step_by(10_000) {
        let end = (start + 10_000).min(n);
        let ids: Vec<uuid::Uuid> = (start..end).map(|_| uuid::Uuid::now_v7()).collect();
        let emails: Vec<String> = (start..end).map(|i| format!("wr{i}@example.it")).collect();
        let tokens: Vec<String> = (start..end)
            .map(|_| domain::secrets::random_token())
            .collect();
        let hashes: Vec<Vec<u8>> = tokens
            .iter()
            .map(|t| domain::secrets::token_hash(t))
            .collect();
        let mut tx = pool.begin().await?;
        sqlx::query(
            "insert into app_user (user_id, email) select * from unnest($1::uuid[], $2::text[])",
        )
        .bind(&ids)
        .bind(&emails)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "insert into user_session (token_hash, user_id, expires_at, user_agent, second_factor)
             select h, u, now() + interval '1 day', 'bench', false from unnest($1::bytea[], $2::uuid[]) as t(h, u)",
        )
        .bind(&hashes)
        .bind(&ids)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        for (k, token) in tokens.into_iter().enumerate() {
            let i = start + k;
            fans.push(Fan {
                token,
                address: format!("10.{}.{}.{}", (i >> 16) & 255, (i >> 8) & 255, i & 255),
            });
        }
    }
    Ok(fans)
}
