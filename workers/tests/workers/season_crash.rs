//! A worker killed (SIGKILL) half-way through a season collection (one title per covered
//! match, 19 of them): another worker takes the job over and every match title is issued
//! exactly once, under the ticketing system's naive idempotency (a repeat would issue again).

use crate::common::{WorkerProcess, eventually, migrated_with_simulators, worker_vars};
use domain::{
    accounts,
    email::Email,
    orders::{HolderDetails, PaymentMethod},
    season_orders::{self, NamedSeasonLine},
    seasons,
};
use serde_json::json;
use sqlx::PgPool;
use std::time::Duration;

async fn stored_match_titles(pool: &PgPool, order: uuid::Uuid) -> i64 {
    sqlx::query_scalar(
        "select count(*) from season_match_title m join season_order_line l using (line_id)
          where l.order_id = $1",
    )
    .bind(order)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_worker_killed_half_way_through_a_collection_leaves_every_match_title_issued_once(
    pool: PgPool,
) {
    let (sim, client) = migrated_with_simulators(&pool).await;
    // The demo season on sale, every covered match's seats copied.
    let mut conn = pool.acquire().await.unwrap();
    workflows::onsale::import_catalogue(&mut conn, &client)
        .await
        .unwrap();
    let season = seasons::list(&mut conn, false, None)
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.name == "Abbonamento Serie A 2025-2026")
        .expect("the demo season imported")
        .id;
    let to_load = seasons::set_status(&mut conn, season, seasons::ON_SALE)
        .await
        .unwrap()
        .unwrap();
    drop(conn);
    for fixture in to_load {
        workflows::onsale::load_inventory(&pool, &client, fixture)
            .await
            .unwrap();
    }
    // The public sale of the season and of every match is open (after every pre-emption window).
    let closes = sim.ticketing.with_world(|w| {
        w.season_types
            .iter()
            .filter_map(|t| t.preemption.as_ref())
            .chain(w.events.values().filter_map(|e| e.preemption.as_ref()))
            .map(|p| p.closes_at)
            .max()
            .unwrap()
    });
    let http = reqwest::Client::new();
    http.post(format!("{}/_sim/ticketing/clock", sim.http_url()))
        .json(&json!({"now": closes + chrono::Duration::hours(1)}))
        .send()
        .await
        .unwrap();
    http.post(format!("{}/_sim/ticketing/supporter-cards", sim.http_url()))
        .json(&json!({"nome": "Marta", "cognome": "Tenace", "dataNascita": "1985-05-05"}))
        .send()
        .await
        .unwrap();

    // A paid season order of one seat, named as a collection.
    let mut conn = pool.acquire().await.unwrap();
    let email = Email::parse("tenace@example.it").unwrap();
    let (user, _) = accounts::create_or_get(&mut conn, &email, None, None, Default::default())
        .await
        .unwrap();
    let seat: domain::ids::SeatId =
        sqlx::query_scalar("select id from venue_seat where label = 'TC-TC3-11-1'")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    drop(conn);
    let mut tx = pool.begin().await.unwrap();
    let terms = seasons::terms(&mut tx, season).await.unwrap().unwrap();
    seasons::hold(&mut tx, &terms, user.user_id, &[seat])
        .await
        .unwrap()
        .unwrap();
    let order_id =
        season_orders::create_from_hold(&mut tx, season, user.user_id, email.as_str(), "it")
            .await
            .unwrap()
            .unwrap();
    let order = season_orders::load(&mut tx, order_id)
        .await
        .unwrap()
        .unwrap();
    let named = [NamedSeasonLine {
        line_id: order.lines[0].id,
        reduction_id: order.lines[0].reduction_id,
        holder: HolderDetails {
            first_name: "Marta".into(),
            last_name: "Tenace".into(),
            birth_date: "1985-05-05".parse().unwrap(),
            birth_place: "Como".into(),
            document_type: "id_card".into(),
            document_number: "CA0000019".into(),
            sex: None,
        },
        collection: true,
    }];
    season_orders::name_holders(&mut tx, &order, &named)
        .await
        .unwrap()
        .unwrap();
    let order = season_orders::load(&mut tx, order_id)
        .await
        .unwrap()
        .unwrap();
    season_orders::attach_intent(
        &mut tx,
        order_id,
        "pi_season_crash",
        "pi_season_crash_secret",
    )
    .await
    .unwrap();
    workflows::season_orders::settle_payment(
        &mut tx,
        order_id,
        "pi_season_crash_secret",
        order.total_cents,
        PaymentMethod::Card,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let matches = order.season.matches.len();
    assert_eq!(matches, 19);

    // Slow, uneven answers: the collection's calls (five matches each) come back one by one.
    http.post(format!("{}/_sim/ticketing/idempotency", sim.http_url()))
        .json(&json!({"mode": "naive"}))
        .send()
        .await
        .unwrap();
    http.post(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .json(&json!({"latency_ms": 300, "jitter_ms": 2000}))
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
            ("TICKETING_TIMEOUT_MS", "5000"),
        ],
    );
    let prefix = format!("S{order_id}");
    let issued = || {
        sim.ticketing
            .with_world(|w| w.titles_of_transactions(&prefix))
            .0
    };
    let mut first = WorkerProcess::spawn(&vars, "first");
    eventually(
        "some, not all, match titles issued for the first worker",
        60,
        async || (1..matches).contains(&issued()),
    )
    .await;
    first.sigkill();
    let at_kill = issued();
    assert!(
        at_kill < matches,
        "killed half-way ({at_kill} of {matches} issued)"
    );

    http.delete(format!("{}/_sim/ticketing/faults", sim.http_url()))
        .send()
        .await
        .unwrap();
    let _second = WorkerProcess::spawn(&vars, "second");
    eventually(
        "the season order issued by the second worker",
        90,
        async || {
            let state: String =
                sqlx::query_scalar("select state from season_order where order_id = $1")
                    .bind(order_id)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            state == "issued"
        },
    )
    .await;
    assert_eq!(stored_match_titles(&pool, order_id.0).await, matches as i64);
    assert_eq!(
        sim.ticketing
            .with_world(|w| w.titles_of_transactions(&prefix)),
        (matches, 0),
        "every match title exactly once, none issued twice and cancelled"
    );
    let line_status: String =
        sqlx::query_scalar("select issue_queue_status from season_order_line where order_id = $1")
            .bind(order_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(line_status, "COMPLETE");
    let emails = async || -> i64 {
        sqlx::query_scalar("select count(*) from outbound_email where template = 'season_purchase'")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    eventually("the season tickets e-mailed", 30, async || {
        emails().await >= 1
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(emails().await, 1);
}
