//! A 1,000-line mass issue survives a worker killed (SIGKILL) in the middle while the
//! ticketing system fails one call in ten, under its naive idempotency (a repeat would issue
//! a second title): after another worker takes over, every line is issued exactly once, as
//! the simulator's journal shows.

use crate::common::{WorkerProcess, eventually, migrated_with_simulators, worker_vars};
use domain::mass::LineState;
use domain::mass::SheetLine;
use serde_json::json;
use sqlx::PgPool;
use workflows::mass::NewTask;

const LINES: usize = 1000;

async fn states(pool: &PgPool, task: uuid::Uuid) -> (i64, i64) {
    let mut conn = pool.acquire().await.unwrap();
    let s = domain::mass::line_states(&mut conn, task).await.unwrap();
    (
        s.get(&LineState::Finalized).copied().unwrap_or(0),
        s.get(&LineState::Unfinalized).copied().unwrap_or(0),
    )
}

#[sqlx::test(migrations = false)]
async fn a_thousand_lines_survive_a_killed_worker_and_failing_calls_each_issued_once(pool: PgPool) {
    let (sim, client) = migrated_with_simulators(&pool).await;
    let fixture = workflows::onsale::next_league_fixture_on_sale(&pool, &client)
        .await
        .unwrap();
    // A thousand numbered home seats, each for its own holder; a few e-mails share many.
    let labels: Vec<String> = sqlx::query_scalar(
        "select s.label from venue_seat s join venue_block b on b.id = s.block_id
          where not b.no_map and not b.away and s.planet_seat_id is not null
          order by s.id limit $1",
    )
    .bind(LINES as i64)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(labels.len(), LINES);
    let lines: Vec<(i32, SheetLine)> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let line = SheetLine {
                label: label.clone(),
                first_name: format!("Ospite{}", letters(i)),
                last_name: "Massa".into(),
                birth_date: "1980-01-01".into(),
                birth_place: "Como".into(),
                document_type: "id_card".into(),
                document_number: format!("CA{i:07}"),
                email: format!("sponsor{}@example.it", i % 20),
                ..Default::default()
            };
            (i as i32 + 2, line.normalised())
        })
        .collect();
    let checked = workflows::mass::check(
        &pool,
        &client,
        domain::mass::Target::Fixture(fixture),
        &lines,
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(checked.valid, LINES, "every line passes the check");
    let staff: uuid::Uuid = sqlx::query_scalar(
        "insert into app_user (user_id, email, acc_level) values ($1, 'biglietteria@example.it', 2) returning user_id",
    )
    .bind(uuid::Uuid::now_v7())
    .fetch_one(&pool)
    .await
    .unwrap();
    let mut tx = pool.begin().await.unwrap();
    let task = workflows::mass::create_task(
        &mut tx,
        &NewTask {
            staff,
            source: "sheet",
            file_name: Some("mille.xlsx"),
            language: "it",
        },
        &checked,
        "http://127.0.0.1:8080",
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();

    let http = reqwest::Client::new();
    let control = |path: &str| format!("{}/_sim/ticketing/{path}", sim.http_url());
    http.post(control("idempotency"))
        .json(&json!({"mode": "naive"}))
        .send()
        .await
        .unwrap();
    // One call in ten fails, and answers come slowly enough to kill a worker mid-flight.
    http.post(control("faults"))
        .json(&json!({"rate": 0.1, "status": 503, "latency_ms": 5, "jitter_ms": 20}))
        .send()
        .await
        .unwrap();
    let vars = worker_vars(
        &pool,
        &sim,
        &[
            ("JOBS_BACKOFF_BASE_MS", "100"),
            ("JOBS_BACKOFF_MAX_MS", "500"),
            ("JOBS_MASS_CONCURRENCY", "8"),
            ("DATABASE_MAX_CONNECTIONS", "12"),
            ("TICKETING_TIMEOUT_MS", "2000"),
        ],
    );
    let mut first = WorkerProcess::spawn(&vars, "first");
    eventually("a quarter of the lines issued", 180, async || {
        states(&pool, task).await.0 >= (LINES / 4) as i64
    })
    .await;
    first.sigkill();
    let (at_kill, _) = states(&pool, task).await;
    assert!(at_kill < LINES as i64, "killed half-way ({at_kill} issued)");

    let _second = WorkerProcess::spawn(&vars, "second");
    eventually("every line settled", 300, async || {
        let (done, failed) = states(&pool, task).await;
        done + failed == LINES as i64
    })
    .await;
    let refused: Vec<(i32, Option<String>)> = sqlx::query_as(
        "select row_number, reason from mass_issue_line where task_id = $1 and state = 'unfinalized'",
    )
    .bind(task)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        states(&pool, task).await,
        (LINES as i64, 0),
        "every line finalised; unfinalised (row, reason): {refused:?}"
    );
    let (issued, cancelled, in_journal) = sim.ticketing.with_world(|w| {
        let valid = w
            .titles
            .values()
            .filter(|t| t.state == sim::ticketing::world::TitleState::Issued)
            .count();
        let cancelled = w.titles.len() - valid;
        let issues = w.journal.iter().filter(|e| e.kind == "emissione").count();
        (valid, cancelled, issues)
    });
    assert_eq!(issued, LINES, "a title per line");
    assert_eq!(cancelled, 0, "none issued twice and cancelled");
    assert_eq!(in_journal, LINES, "the journal shows one issue per line");
    let stored: i64 = sqlx::query_scalar(
        "select count(distinct l.title_id) from order_line l join ticket_order o on o.order_id = l.order_id
          where o.mass_task_id = $1 and l.title_id is not null",
    )
    .bind(task)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stored, LINES as i64);
    let mails: i64 = sqlx::query_scalar(
        "select count(*) from outbound_email where template = 'mass_ticket_finalized'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(mails, LINES as i64, "one ticket e-mail per line");
}

/// A, B, ..., Z, BA, BB, ...: distinct names made of letters (names may not hold digits).
fn letters(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.insert(0, (b'A' + (i % 26) as u8) as char);
        i /= 26;
        if i == 0 {
            return s;
        }
    }
}
