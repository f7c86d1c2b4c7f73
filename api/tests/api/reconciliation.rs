//! The tickets mismatch report finds every divergence injected in the ticketing simulator (a
//! title cancelled there, one missing there, another holder, another seat, a stray issue),
//! and reconciling each makes ours agree: a second report finds nothing.

use crate::common::{Client, OnSale, eventually, on_sale};
use integrations::ticketing::{IssueTicket, Person};
use serde_json::{Value, json};
use sqlx::PgPool;

async fn title_of(pool: &PgPool, label: &str) -> i64 {
    sqlx::query_scalar(
        "select l.title_id from order_line l join venue_seat s on s.id = l.seat_id where s.label = $1",
    )
    .bind(label)
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn planet_seat(pool: &PgPool, label: &str) -> u32 {
    sqlx::query_scalar::<_, i32>("select planet_seat_id from venue_seat where label = $1")
        .bind(label)
        .fetch_one(pool)
        .await
        .unwrap() as u32
}

/// Runs a report for the fixture and waits until it is done; the report.
async fn run_report(s: &OnSale, staff: &Client) -> Value {
    let r = staff
        .post("/api/admin/mismatch-reports")
        .json(&json!({"fixture_id": s.fixture}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut report = Value::Null;
    eventually("the report done", 60, async || {
        report = staff
            .get_json(&format!("/api/admin/mismatch-reports/{id}"))
            .await;
        report["state"] == "done"
    })
    .await;
    report
}

#[sqlx::test(migrations = false)]
async fn the_mismatch_report_finds_every_divergence_and_reconciling_makes_ours_agree(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    let _worker = s.start_worker();
    let labels = [
        "TC-TC5-3-1",
        "TC-TC5-3-2",
        "TC-TC5-3-3",
        "TC-TC5-3-4",
        "TC-TC5-3-5",
    ];
    let lines: Vec<Value> = labels
        .iter()
        .zip(["Anna", "Bruno", "Carla", "Dario", "Elena"])
        .map(|(label, first)| {
            json!({"label": label, "reduction_id": 1, "holder": {"first_name": first,
                   "last_name": "Confronto", "birth_date": "1990-04-01", "birth_place": "Como",
                   "document_type": "id_card", "document_number": "CA1234567"}})
        })
        .collect();
    // Two buyers: a buyer may have four seats of a fixture.
    for (buyer, lines) in [
        ("confronto@example.it", &lines[..3]),
        ("secondo@example.it", &lines[3..]),
    ] {
        let r = staff
            .post("/api/admin/orders")
            .json(&json!({"fixture_id": s.fixture, "buyer_email": buyer,
                           "payment_method": "cash", "lines": lines}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    eventually("five titles issued", 60, async || {
        sqlx::query_scalar::<_, i64>("select count(*) from order_line where title_id is not null")
            .fetch_one(&pool)
            .await
            .unwrap()
            == 5
    })
    .await;
    let report = run_report(&s, &staff).await;
    assert_eq!(
        (
            report["titles_here"].as_i64(),
            report["titles_there"].as_i64(),
            report["divergences"].as_i64()
        ),
        (Some(5), Some(5), Some(0)),
        "{report}"
    );

    // Divergences, made in the ticketing system behind our back.
    let cancelled = title_of(&pool, labels[0]).await;
    let missing = title_of(&pool, labels[1]).await;
    let renamed = title_of(&pool, labels[2]).await;
    let moved = title_of(&pool, labels[3]).await;
    let r = reqwest::Client::new()
        .post(format!(
            "{}/_sim/ticketing/titles/{cancelled}/cancel",
            s.sim.http_url()
        ))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let elsewhere = planet_seat(&pool, "TC-TC5-3-10").await;
    s.sim.ticketing.with_world(|w| {
        w.titles.remove(&(missing as u64));
        w.journal.retain(|e| e.title_id != missing as u64);
        w.titles
            .get_mut(&(renamed as u64))
            .unwrap()
            .holder
            .first_name = "Camilla".into();
        w.titles.get_mut(&(moved as u64)).unwrap().seat_id = Some(elsewhere);
    });
    let event: i32 = sqlx::query_scalar("select planet_event_id from fixture where id = $1")
        .bind(s.fixture)
        .fetch_one(&pool)
        .await
        .unwrap();
    let stranger = Person {
        first_name: "Ignoto".into(),
        last_name: "Estraneo".into(),
        birth_date: "1985-05-05".parse().unwrap(),
        ..Default::default()
    };
    let stray = s
        .client
        .issue_ticket(&IssueTicket {
            event_id: event as u32,
            seat_id: Some(planet_seat(&pool, "TC-TC5-3-20").await),
            reduction_id: 1,
            holder: stranger.clone(),
            buyer: stranger,
            transaction_id: "fuori-da-noi".into(),
            ..Default::default()
        })
        .await
        .unwrap();

    let report = run_report(&s, &staff).await;
    assert_eq!(report["divergences"], 5, "{report}");
    let id = report["id"].as_str().unwrap();
    let found: Vec<Value> = staff
        .get(&format!(
            "/api/admin/mismatches?filter={}",
            json!({"report_id": id, "resolved": false})
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let kind_of = |title: i64| -> (String, Value) {
        let m = found
            .iter()
            .find(|m| m["title_id"] == title)
            .unwrap_or_else(|| panic!("{title} in {found:#?}"));
        (m["kind"].as_str().unwrap().to_owned(), m.clone())
    };
    assert_eq!(kind_of(cancelled).0, "cancelled_there");
    assert_eq!(kind_of(missing).0, "missing_there");
    let (kind, m) = kind_of(renamed);
    assert_eq!(kind, "different_holder");
    assert_eq!(
        (m["here"]["holder"].as_str(), m["there"]["holder"].as_str()),
        (Some("Carla Confronto"), Some("Camilla Confronto"))
    );
    let (kind, m) = kind_of(moved);
    assert_eq!(kind, "different_seat");
    assert_eq!(
        (m["here"]["label"].as_str(), m["there"]["label"].as_str()),
        (Some("TC-TC5-3-4"), Some("TC-TC5-3-10"))
    );
    let (kind, m) = kind_of(stray.id as i64);
    assert_eq!(kind, "unknown_here");
    assert!(m["here"].is_null());

    // Reconciling each makes ours agree with the ticketing system.
    let reconcile = async |title: i64| {
        let id = kind_of(title).1["id"].as_i64().unwrap();
        let r = staff
            .post(&format!("/api/admin/mismatches/{id}/reconcile"))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json::<Value>().await.unwrap())
    };
    for title in [cancelled, missing, renamed, moved] {
        let (status, m) = reconcile(title).await;
        assert_eq!(status, 200, "{m}");
        assert!(m["resolved_at"].is_string());
    }
    let (status, _) = reconcile(cancelled).await;
    assert_eq!(status, 409, "a second reconcile is refused");
    let (status, m) = reconcile(stray.id as i64).await;
    assert_eq!(
        (status, m["resolution"].as_str()),
        (202, Some("cancel_requested"))
    );
    eventually("the stray title cancelled there", 30, async || {
        s.sim.ticketing.with_world(|w| {
            w.titles[&stray.id].state == sim::ticketing::world::TitleState::Cancelled
        })
    })
    .await;
    let state_of = async |label: &str| s.state(s.seat(label).await).await;
    assert_eq!(
        state_of("TC-TC5-3-1").await,
        "free",
        "a cancelled title's seat is free again"
    );
    assert_eq!(state_of("TC-TC5-3-2").await, "free");
    assert_eq!(
        state_of("TC-TC5-3-4").await,
        "free",
        "the moved title left its seat"
    );
    assert_eq!(
        state_of("TC-TC5-3-10").await,
        "sold",
        "and took the ticketing system's"
    );
    let holder: String =
        sqlx::query_scalar("select holder_first_name from order_line where title_id = $1")
            .bind(renamed)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(holder, "Camilla");
    let states: Vec<String> = sqlx::query_scalar(
        "select coalesce(title_state, 'valid') from order_line where title_id = any($1) order by title_id",
    )
    .bind(vec![cancelled, missing])
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(states, ["cancelled", "cancelled"]);
    let audits: i64 =
        sqlx::query_scalar("select count(*) from audit_entry where action = 'mismatch.reconciled'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(audits, 5);

    eventually("the stray divergence resolved", 10, async || {
        let open: Vec<Value> = staff
            .get(&format!(
                "/api/admin/mismatches?filter={}",
                json!({"report_id": id, "resolved": false})
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        open.is_empty()
    })
    .await;
    let again = run_report(&s, &staff).await;
    assert_eq!(again["divergences"], 0, "{again}");
}
