//! A worker killed (SIGKILL) in the middle of issuing an order's titles: another worker takes
//! the job over and every title is issued exactly once, under the ticketing system's naive
//! idempotency (a repeat would issue a second title).

use crate::common::{WorkerProcess, eventually, migrated_with_simulators, paid_order, worker_vars};
use serde_json::json;
use sqlx::PgPool;
use std::time::Duration;

async fn stored_titles(pool: &PgPool, order: uuid::Uuid) -> i64 {
    sqlx::query_scalar(
        "select count(*) from order_line where order_id = $1 and title_id is not null",
    )
    .bind(order)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_worker_killed_while_issuing_is_replaced_and_every_title_is_issued_exactly_once(
    pool: PgPool,
) {
    let (sim, client) = migrated_with_simulators(&pool).await;
    let fixture = workflows::onsale::next_league_fixture_on_sale(&pool, &client)
        .await
        .unwrap();
    // A paid order of four seats, each with its holder.
    let order_id = paid_order(
        &pool,
        fixture,
        "resiste@example.it",
        &["TC-TC1-10-1", "TC-TC1-10-2", "TC-TC1-10-3", "TC-TC1-10-4"],
    )
    .await;

    // Slow, uneven answers: the titles come back one by one.
    let http = reqwest::Client::new();
    http.post(format!("{}/_sim/ticketing/idempotency", sim.http_url()))
        .json(&json!({"mode": "naive"}))
        .send()
        .await
        .unwrap();
    http.post(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .json(&json!({"latency_ms": 300, "jitter_ms": 3000}))
        .send()
        .await
        .unwrap();
    let vars = worker_vars(
        &pool,
        &sim,
        &[
            ("JOBS_BACKOFF_BASE_MS", "200"),
            ("JOBS_BACKOFF_MAX_MS", "1000"),
            ("DATABASE_MAX_CONNECTIONS", "5"),
            // Longer than the slowest answer below; a killed worker's call lands within it.
            ("TICKETING_TIMEOUT_MS", "5000"),
        ],
    );

    let order_key = order_id.to_string();
    let mut first = WorkerProcess::spawn(&vars, "first");
    eventually(
        "some, not all, titles issued for the first worker",
        60,
        async || {
            (1..4).contains(
                &sim.ticketing
                    .with_world(|w| w.titles_of_transactions(&order_key))
                    .0,
            )
        },
    )
    .await;
    first.sigkill();
    let at_kill = sim
        .ticketing
        .with_world(|w| w.titles_of_transactions(&order_key))
        .0;
    assert!(at_kill < 4, "killed half-way ({at_kill} of 4 issued)");
    assert_eq!(stored_titles(&pool, order_id.0).await, 0, "none stored yet");

    http.delete(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .send()
        .await
        .unwrap();
    let _second = WorkerProcess::spawn(&vars, "second");
    eventually("the order issued by the second worker", 90, async || {
        let state: String =
            sqlx::query_scalar("select state from ticket_order where order_id = $1")
                .bind(order_id)
                .fetch_one(&pool)
                .await
                .unwrap();
        state == "issued"
    })
    .await;
    assert_eq!(stored_titles(&pool, order_id.0).await, 4);
    assert_eq!(
        sim.ticketing
            .with_world(|w| w.titles_of_transactions(&order_key)),
        (4, 0),
        "every title exactly once, none issued twice and cancelled"
    );
    let issues = sim
        .ticketing
        .with_world(|w| w.journal.iter().filter(|e| e.kind == "emissione").count());
    assert_eq!(issues, 4, "the journal shows four issues");
    eventually("the job done by the second worker", 20, async || {
        let (status, lock_by): (String, Option<String>) = sqlx::query_as(
            "select status, lock_by from apalis.jobs where job_type = 'checkout::issue_order'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        status == "Done" && lock_by.is_some_and(|w| w.starts_with("second-"))
    })
    .await;
    let emails = async || -> i64 {
        sqlx::query_scalar("select count(*) from outbound_email where template = 'ticket_purchase'")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    // The tickets' e-mail is made by its own job, once.
    eventually("the tickets e-mailed", 20, async || emails().await >= 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(emails().await, 1);
}
