//! A worker killed (SIGKILL) after the ticketing system cancelled a title and issued its new
//! holder's, before the answer came back: another worker takes the change of holder over and
//! finds the new title by its transaction id, under the ticketing system's naive idempotency
//! (asking again would be refused: the old title is cancelled).

use crate::common::{WorkerProcess, eventually, migrated_with_simulators, paid_order, worker_vars};
use domain::{
    orders::{self, HolderDetails},
    transfers::{self, NewTransfer},
};
use serde_json::json;
use sqlx::PgPool;

async fn transfer_state(pool: &PgPool) -> String {
    sqlx::query_scalar("select state from title_transfer")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_worker_killed_between_the_cancellation_and_the_answer_leaves_exactly_one_new_title(
    pool: PgPool,
) {
    let (sim, client) = migrated_with_simulators(&pool).await;
    let fixture = workflows::onsale::next_league_fixture_on_sale(&pool, &client)
        .await
        .unwrap();
    let order_id = paid_order(&pool, fixture, "cedente@example.it", &["TC-TC1-11-1"]).await;
    let vars = worker_vars(
        &pool,
        &sim,
        &[
            ("JOBS_BACKOFF_BASE_MS", "200"),
            ("JOBS_BACKOFF_MAX_MS", "1000"),
            ("DATABASE_MAX_CONNECTIONS", "5"),
            ("TICKETING_TIMEOUT_MS", "3000"),
        ],
    );
    let mut first = WorkerProcess::spawn(&vars, "first");
    eventually("the order issued", 60, async || {
        let state: String =
            sqlx::query_scalar("select state from ticket_order where order_id = $1")
                .bind(order_id)
                .fetch_one(&pool)
                .await
                .unwrap();
        state == "issued"
    })
    .await;

    // The call commits, then hangs past the worker's life.
    let http = reqwest::Client::new();
    http.post(format!("{}/_sim/ticketing/idempotency", sim.http_url()))
        .json(&json!({"mode": "naive"}))
        .send()
        .await
        .unwrap();
    http.post(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .json(&json!({"commit_then_hang_next": 1, "hang_ms": 60_000}))
        .send()
        .await
        .unwrap();
    let mut tx = pool.begin().await.unwrap();
    let order = orders::load(&mut tx, order_id).await.unwrap().unwrap();
    let seal = order.lines[0].title.as_ref().unwrap().seal.clone();
    let title = transfers::owned_title(&mut tx, order.user_id, &seal)
        .await
        .unwrap()
        .unwrap();
    let holder = HolderDetails {
        first_name: "Nuova".into(),
        last_name: "Titolare".into(),
        birth_date: "1991-01-01".parse().unwrap(),
        birth_place: "Como".into(),
        document_type: "id_card".into(),
        document_number: "CA9999999".into(),
        sex: None,
    };
    let id = transfers::request(
        &mut tx,
        &NewTransfer {
            title: &title,
            from_user: order.user_id,
            holder: &holder,
            email: "nuova@example.it",
            to_user: None,
            language: "it",
            resale: None,
        },
    )
    .await
    .unwrap()
    .unwrap();
    workflows::enqueue(
        &mut tx,
        &workflows::transfers::TransferTitle { transfer_id: id },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();

    eventually(
        "the new title issued for the first worker",
        60,
        async || {
            sim.ticketing
                .with_world(|w| w.titles_of_transactions("cessione-"))
                .0
                == 1
        },
    )
    .await;
    first.sigkill();
    assert_eq!(transfer_state(&pool).await, "requested", "no answer stored");
    assert_eq!(
        client.title_by_seal(&seal).await.unwrap().state,
        "cancelled",
        "the old title cancelled before the kill"
    );

    http.delete(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .send()
        .await
        .unwrap();
    let _second = WorkerProcess::spawn(&vars, "second");
    eventually("the change done by the second worker", 90, async || {
        transfer_state(&pool).await == "done"
    })
    .await;
    assert_eq!(
        sim.ticketing
            .with_world(|w| w.titles_of_transactions("cessione-")),
        (1, 0),
        "exactly one new title"
    );
    let stored: String = sqlx::query_scalar("select seal from order_line where order_id = $1")
        .bind(order_id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    let new = client.title_by_seal(&stored).await.unwrap();
    assert_eq!(new.state, "issued");
    assert_ne!(stored, seal, "the line carries the new title");
    eventually("the new title e-mailed once", 20, async || {
        let n: i64 = sqlx::query_scalar(
            "select count(*) from outbound_email where template = 'ticket_transfer'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        n == 1
    })
    .await;
}
