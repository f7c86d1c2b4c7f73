//! Fixtures on sale, over a real database and the ticketing simulator on random ports: the
//! hold races, expiry, cancel, locks, the per-buyer limit, no-map capacity, the live feed,
//! and the staff pages.

use crate::common::on_sale;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;

#[sqlx::test(migrations = false)]
async fn a_hundred_fans_racing_for_one_seat_one_wins_and_the_rest_are_told_which_seat(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let seat = s.seat("TC-TC1-1-1").await;
    let mut fans = vec![];
    for i in 0..100 {
        fans.push(s.app.fan_with_session(&format!("fan{i}@example.it")).await);
    }
    let holds = fans
        .iter()
        .map(|(_, fan)| s.hold(fan, json!({"seat_ids": [seat]})));
    let results = futures::future::join_all(holds).await;
    let winners: Vec<usize> = (0..100).filter(|i| results[*i].0 == 200).collect();
    assert_eq!(winners.len(), 1, "exactly one hold wins");
    for (status, body) in results.iter().filter(|(st, _)| *st != 200) {
        assert_eq!(*status, 409);
        assert_eq!(body["code"], "seats_unavailable");
        assert_eq!(body["errors"]["seat_ids"], json!([seat]));
    }
    let holder: uuid::Uuid = sqlx::query_scalar(
        "select holder_id from seat_inventory where fixture_id = $1 and seat_id = $2 and state = 'held'",
    )
    .bind(s.fixture)
    .bind(seat)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(holder, fans[winners[0]].0);
}

#[sqlx::test(migrations = false)]
async fn a_hold_is_all_or_nothing_and_names_the_seats_lost(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (a, b, c) = (
        s.seat("TC-TC1-2-1").await,
        s.seat("TC-TC1-2-2").await,
        s.seat("TC-TC1-2-3").await,
    );
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    let (_, bruno) = s.app.fan_with_session("bruno@example.it").await;
    assert_eq!(s.hold(&anna, json!({"seat_ids": [b]})).await.0, 200);
    let (status, body) = s.hold(&bruno, json!({"seat_ids": [a, b, c]})).await;
    assert_eq!((status, &body["errors"]["seat_ids"]), (409, &json!([b])));
    assert_eq!(s.state(a).await, "free");
    assert_eq!(s.state(c).await, "free");
    // Anna sees her seat as hers, Bruno as held.
    let block: i32 = sqlx::query_scalar("select block_id from venue_seat where id = $1")
        .bind(b)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let mine = s.block_states(&anna, block).await;
    assert!(mine.contains(&(b, "mine".into())));
    assert!(
        s.block_states(&bruno, block)
            .await
            .contains(&(b, "held".into()))
    );
    // Bad requests change nothing.
    for body in [
        json!({"seat_ids": []}),
        json!({"seat_ids": [a], "quantity": 2}),
        json!({"seat_ids": [999_999_999]}),
        // A block that does not exist (a seated block takes a quantity: "best available").
        json!({"block_id": 999_999, "quantity": 2}),
    ] {
        let (status, _) = s.hold(&bruno, body.clone()).await;
        assert_eq!(status, 422, "{body}");
    }
    assert_eq!(s.state(a).await, "free");
    let anonymous = s.app.anonymous().await;
    assert_eq!(s.hold(&anonymous, json!({"seat_ids": [a]})).await.0, 401);
}

#[sqlx::test(migrations = false)]
async fn an_expired_hold_is_taken_by_the_next_fan_and_freed_by_the_schedule(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (a, b) = (s.seat("DI-DI1-1-1").await, s.seat("DI-DI1-1-2").await);
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    let (bruno_id, bruno) = s.app.fan_with_session("bruno@example.it").await;
    let (_, body) = s.hold(&anna, json!({"seat_ids": [a, b]})).await;
    let expires: chrono::DateTime<chrono::Utc> =
        body["expires_at"].as_str().unwrap().parse().unwrap();
    let left = expires - chrono::Utc::now();
    assert!(left > chrono::Duration::seconds(1790) && left <= chrono::Duration::seconds(1800));
    // 30 minutes pass.
    sqlx::query(
        "update seat_inventory set held_until = now() - interval '1 second' where state = 'held'",
    )
    .execute(&s.app.pool)
    .await
    .unwrap();
    // Lazily: the hold statement takes an expired seat.
    assert_eq!(s.hold(&bruno, json!({"seat_ids": [a]})).await.0, 200);
    // The schedule frees the other one.
    let mut tx = s.app.pool.begin().await.unwrap();
    let freed = domain::inventory::expire_holds(&mut tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        freed.iter().map(|c| c.seat_id.0).collect::<Vec<_>>(),
        vec![b]
    );
    assert_eq!(s.state(b).await, "free");
    let holder: uuid::Uuid = sqlx::query_scalar(
        "select holder_id from seat_inventory where seat_id = $1 and fixture_id = $2",
    )
    .bind(a)
    .bind(s.fixture)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(holder, bruno_id);
    let hold: Value = anna
        .get_json(&format!("/api/fixtures/{}/hold", s.fixture))
        .await;
    assert_eq!(hold["seats"], json!([]));
}

#[sqlx::test(migrations = false)]
async fn cancelling_releases_every_seat_the_fan_holds(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (a, b) = (s.seat("CC-CC1-3-1").await, s.seat("CC-CC1-3-2").await);
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    let (_, body) = s.hold(&anna, json!({"seat_ids": [a, b]})).await;
    assert_eq!(body["seats"].as_array().unwrap().len(), 2);
    assert_eq!(body["seats"][0]["label"], "CC-CC1-3-1");
    assert!(body["seats"][0]["price_cents"].as_i64().unwrap() > 0);
    let r = anna
        .delete(&format!("/api/fixtures/{}/hold", s.fixture))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
    assert_eq!(
        (s.state(a).await, s.state(b).await),
        ("free".into(), "free".into())
    );
    let (_, bruno) = s.app.fan_with_session("bruno@example.it").await;
    assert_eq!(s.hold(&bruno, json!({"seat_ids": [a, b]})).await.0, 200);
}

#[sqlx::test(migrations = false)]
async fn a_lock_beats_a_hold_and_never_takes_a_held_seat(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (a, b) = (s.seat("TO-TO1-1-1").await, s.seat("TO-TO1-1-2").await);
    let staff = s.app.staff().await;
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    assert_eq!(s.hold(&anna, json!({"seat_ids": [b]})).await.0, 200);
    let r: Value = staff
        .post_ok(
            &format!("/api/admin/fixtures/{}/locks", s.fixture),
            &json!({"labels": ["to-to1-1-1", "TO-TO1-1-2", "XX-1"], "locked": true}),
        )
        .await;
    assert_eq!(r["changed"], json!([a]));
    assert_eq!(r["skipped"][0]["state"], "held");
    assert_eq!(r["unknown"], json!(["XX-1"]));
    let (_, bruno) = s.app.fan_with_session("bruno@example.it").await;
    let (status, body) = s.hold(&bruno, json!({"seat_ids": [a]})).await;
    assert_eq!((status, &body["errors"]["seat_ids"]), (409, &json!([a])));
    // Mirrored to the ticketing system by a job, once per action.
    let jobs: i64 = sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type = 'onsale::mirror_locks'",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(jobs, 1);
    // Unlocked, it is free again.
    staff
        .post(&format!("/api/admin/fixtures/{}/locks", s.fixture))
        .json(&json!({"seat_ids": [a], "locked": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(s.hold(&bruno, json!({"seat_ids": [a]})).await.0, 200);
    // Fans cannot lock.
    let r = anna
        .post(&format!("/api/admin/fixtures/{}/locks", s.fixture))
        .json(&json!({"seat_ids": [a], "locked": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
}

#[sqlx::test(migrations = false)]
async fn one_buyer_holds_at_most_the_per_buyer_limit(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let seats: Vec<i64> = futures::future::join_all((1..=6).map(|n| {
        let s = &s;
        async move { s.seat(&format!("DO-DO1-1-{n}")).await }
    }))
    .await;
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    assert_eq!(s.hold(&anna, json!({"seat_ids": &seats[..3]})).await.0, 200);
    let (status, body) = s.hold(&anna, json!({"seat_ids": &seats[3..5]})).await;
    assert_eq!(
        (status, &body["code"], &body["errors"]["limit"]),
        (409, &json!("buyer_limit"), &json!(4))
    );
    // Holding one of hers again does not count twice.
    assert_eq!(
        s.hold(&anna, json!({"seat_ids": [seats[0], seats[3]]}))
            .await
            .0,
        200
    );
    assert_eq!(s.hold(&anna, json!({"seat_ids": &seats[..5]})).await.0, 422);
    // Concurrent requests of one buyer cannot slip past the limit together.
    let (_, bruno) = s.app.fan_with_session("bruno@example.it").await;
    let more: Vec<i64> = futures::future::join_all((1..=8).map(|n| {
        let s = &s;
        async move { s.seat(&format!("DO-DO1-2-{n}")).await }
    }))
    .await;
    let racing = more
        .chunks(2)
        .map(|pair| s.hold(&bruno, json!({"seat_ids": pair})));
    let won = futures::future::join_all(racing)
        .await
        .iter()
        .filter(|(st, _)| *st == 200)
        .count();
    assert_eq!(won, 2, "four seats in pairs, limit four");
}

#[sqlx::test(migrations = false)]
async fn a_standing_sector_is_never_sold_beyond_its_capacity(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let block: i32 = sqlx::query_scalar("select id from venue_block where no_map")
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    // Leave 9 places: lock the rest.
    sqlx::query(
        "update seat_inventory set state = 'locked' where fixture_id = $1 and block_id = $2
           and seat_id not in (select seat_id from seat_inventory where fixture_id = $1 and block_id = $2
                                order by seat_id limit 9)",
    )
    .bind(s.fixture)
    .bind(block)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let mut fans = vec![];
    for i in 0..12 {
        fans.push(
            s.app
                .fan_with_session(&format!("piedi{i}@example.it"))
                .await
                .1,
        );
    }
    let holds = fans
        .iter()
        .map(|f| s.hold(f, json!({"block_id": block, "quantity": 2})));
    let results = futures::future::join_all(holds).await;
    let won = results.iter().filter(|(st, _)| *st == 200).count();
    assert!(won <= 4, "at most 4 pairs in 9 places, {won} won");
    for (status, body) in results.iter().filter(|(st, _)| *st != 200) {
        assert_eq!((*status, body["code"].as_str()), (409, Some("sector_full")));
    }
    let held: i64 = sqlx::query_scalar("select count(*) from seat_inventory where fixture_id = $1 and block_id = $2 and state = 'held'")
        .bind(s.fixture)
        .bind(block)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    assert_eq!(held, 2 * won as i64);
    assert!(held <= 9);
    let hold: Value = fans[results.iter().position(|(st, _)| *st == 200).unwrap()]
        .get_json(&format!("/api/fixtures/{}/hold", s.fixture))
        .await;
    assert_eq!(hold["standing"][0]["quantity"], 2);
}

#[sqlx::test(migrations = false)]
async fn the_live_feed_tells_other_fans_within_a_second(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let seat = s.seat("TC-TC2-1-5").await;
    let watcher = s.app.anonymous().await;
    // As a browser asks: gzip welcome. The API's JSON is compressed, the event stream is not
    // (a compressor would hold events back until its buffer fills).
    let resp = watcher
        .get(&format!("/api/fixtures/{}/live", s.fixture))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["content-type"], "text/event-stream");
    assert!(resp.headers().get("content-encoding").is_none());
    let block: i32 = sqlx::query_scalar("select block_id from venue_seat where id = $1")
        .bind(seat)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let seats = watcher
        .get(&format!("/api/fixtures/{}/blocks/{block}", s.fixture))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(seats.headers()["content-encoding"], "gzip");
    let mut resp = resp;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    let started = std::time::Instant::now();
    assert_eq!(s.hold(&anna, json!({"seat_ids": [seat]})).await.0, 200);
    let mut text = String::new();
    let (mut seats_seen, mut blocks_seen) = (false, false);
    while !(seats_seen && blocks_seen) {
        let chunk = tokio::time::timeout(Duration::from_secs(2), resp.chunk())
            .await
            .expect("an event within a second or two")
            .unwrap()
            .expect("the stream stays open");
        text.push_str(&String::from_utf8_lossy(&chunk));
        seats_seen = text.contains("event: seats")
            && text.contains(&format!("{{\"id\":{seat},\"state\":\"held\"}}"));
        blocks_seen = text.contains("event: blocks");
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

#[sqlx::test(migrations = false)]
async fn staff_run_the_match_list_prices_and_blocks(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let staff = s.app.staff().await;
    let list = staff
        .get(
            "/api/admin/fixtures?filter=%7B%22when%22%3A%22upcoming%22%2C%22kind%22%3A%22cup%22%7D",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(
        list.headers()["content-range"].to_str().unwrap(),
        "fixtures 0-0/1"
    );
    let cup: Value = list.json().await.unwrap();
    let cup_id = cup[0]["id"].as_i64().unwrap();
    assert_eq!(cup[0]["status"], 0);
    // Fans do not see it until it is on sale; then a job copies its seats.
    let fan = s.app.anonymous().await;
    let shown: Value = fan.get_json("/api/fixtures?kind=cup").await;
    assert_eq!(shown["items"][0]["inventory_ready"], false);
    let r: Value = staff
        .put_ok(
            &format!("/api/admin/fixtures/{cup_id}"),
            &json!({"status": 1, "title": "ignored"}),
        )
        .await;
    assert_eq!(r["status"], 1);
    let jobs: i64 = sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type = 'onsale::load_inventory'",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(jobs, 1);
    // A started fixture cannot go on sale.
    sqlx::query("update fixture set starts_at = now() - interval '1 minute' where id = $1")
        .bind(cup_id)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let r = staff
        .put(&format!("/api/admin/fixtures/{cup_id}"))
        .json(&json!({"status": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "fixture_started");
    // Prices: cents, within bounds, audited.
    let r = staff
        .put("/api/admin/prices/TC:1")
        .json(&json!({"price_cents": 7000}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.json::<Value>().await.unwrap()["price_cents"], 7000);
    for bad in [
        json!({"price_cents": -1}),
        json!({"price_cents": 2_000_000}),
        json!({"price_cents": "x"}),
    ] {
        let r = staff
            .put("/api/admin/prices/TC:1")
            .json(&bad)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 422, "{bad}");
    }
    assert_eq!(
        staff
            .put("/api/admin/prices/NOPE")
            .json(&json!({"price_cents": 1}))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    let audited: i64 =
        sqlx::query_scalar("select count(*) from audit_entry where action = 'price.updated'")
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(audited, 1);
    // Blocks: the season flag and the gate.
    let blocks: Value = staff
        .get_json("/api/admin/blocks?filter=%7B%22sector_code%22%3A%22TC%22%7D")
        .await;
    assert_eq!(blocks.as_array().unwrap().len(), 6);
    let id = blocks[0]["id"].as_i64().unwrap();
    let r: Value = staff
        .put_ok(
            &format!("/api/admin/blocks/{id}"),
            &json!({"season_sellable": false, "gate": "Varco 7"}),
        )
        .await;
    assert_eq!(
        (r["season_sellable"].as_bool(), r["gate"].as_str()),
        (Some(false), Some("Varco 7"))
    );
    // The fan's fixture page: sectors with blocks and free places, online reductions only.
    let detail: Value = fan.get_json(&format!("/api/fixtures/{}", s.fixture)).await;
    let sectors = detail["sectors"].as_array().unwrap();
    assert_eq!(sectors.len(), 8);
    let free: i64 = sectors.iter().map(|x| x["free"].as_i64().unwrap()).sum();
    assert_eq!(free, detail["free"].as_i64().unwrap());
    assert!(
        detail["reductions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["code"] != "OMAGGIO")
    );
    assert_eq!(
        fan.get("/api/fixtures?kind=nope")
            .send()
            .await
            .unwrap()
            .status(),
        400
    );
    assert_eq!(
        fan.get("/api/fixtures/999999")
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
}

#[sqlx::test(migrations = false)]
async fn sales_made_elsewhere_are_reconciled_and_staff_locks_reach_the_ticketing_system(
    pool: PgPool,
) {
    let s = on_sale(pool.clone(), &[]).await;
    let (seat, planet): (i64, i32) =
        sqlx::query_as("select id, planet_seat_id from venue_seat where label = 'TC-TC3-1-1'")
            .fetch_one(&pool)
            .await
            .unwrap();
    let event: i32 = sqlx::query_scalar("select planet_event_id from fixture where id = $1")
        .bind(s.fixture)
        .fetch_one(&pool)
        .await
        .unwrap();
    // A box-office sale, in the ticketing system only.
    let someone = integrations::ticketing::Person {
        first_name: "Gino".into(),
        last_name: "Cassa".into(),
        birth_date: "1970-01-01".parse().unwrap(),
        sex: "M".into(),
        fiscal_code: String::new(),
    };
    let title = s
        .client
        .issue_ticket(&integrations::ticketing::IssueTicket {
            event_id: event as u32,
            seat_id: Some(planet as u32),
            reduction_id: 1,
            holder: someone.clone(),
            buyer: someone,
            transaction_id: "box-office-1".into(),
            ..Default::default()
        })
        .await
        .unwrap();
    let changed = workflows::onsale::reconcile_fixture(&pool, &s.client, s.fixture)
        .await
        .unwrap();
    assert_eq!((changed, s.state(seat).await), (1, "sold".to_owned()));
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    assert_eq!(s.hold(&anna, json!({"seat_ids": [seat]})).await.0, 409);
    // Cancelled there: free here again; a second run changes nothing.
    s.sim.ticketing.with_world(|w| {
        w.cancel(title.id, chrono::Utc::now()).unwrap();
    });
    let changed = workflows::onsale::reconcile_fixture(&pool, &s.client, s.fixture)
        .await
        .unwrap();
    assert_eq!((changed, s.state(seat).await), (1, "free".to_owned()));
    assert_eq!(
        workflows::onsale::reconcile_fixture(&pool, &s.client, s.fixture)
            .await
            .unwrap(),
        0
    );

    // A staff lock, mirrored by its job: the seat is held in the ticketing system.
    let staff = s.app.staff().await;
    staff
        .post(&format!("/api/admin/fixtures/{}/locks", s.fixture))
        .json(&json!({"seat_ids": [seat], "locked": true}))
        .send()
        .await
        .unwrap();
    let payload: Value = sqlx::query_scalar(
        "select convert_from(job, 'UTF8')::jsonb from apalis.jobs where job_type = 'onsale::mirror_locks'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let job: workflows::onsale::MirrorLocks = serde_json::from_value(payload).unwrap();
    let mut ctx = workflows::JobContext::from_config(
        pool.clone(),
        &crate::common::config(&[
            ("TICKETING_URL", s.sim.http_url().as_str()),
            ("MAIL_SMTP_URL", s.sim.smtp_url().as_str()),
        ]),
    )
    .unwrap();
    ctx.backoff = workflows::Backoff {
        base: Duration::from_millis(10),
        max: Duration::from_millis(10),
    };
    use workflows::Job;
    job.run(&ctx, 1).await.unwrap();
    let there = s
        .client
        .seats_info(event as u32, &[planet as u32])
        .await
        .unwrap();
    assert_eq!(there[0].state, "bloccato");
}

#[sqlx::test(migrations = false)]
async fn a_named_holder_has_one_seat_per_fixture_and_a_reduction_must_be_sold_online(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (a, b, c) = (
        s.seat("DP-DP1-1-1").await,
        s.seat("DP-DP1-1-2").await,
        s.seat("DP-DP1-1-3").await,
    );
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    let (_, bruno) = s.app.fan_with_session("bruno@example.it").await;
    let luca = json!({"first_name": "Luca", "last_name": "Neri", "birth_date": "2012-04-01"});
    // Anna holds a seat for Luca, at the under-14 price.
    let (status, body) = s
        .hold(
            &anna,
            json!({"lines": [{"seat_id": a, "reduction_id": 2, "holder": luca}]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["seats"][0]["reduction_id"].as_i64(),
            body["seats"][0]["named"].as_bool()
        ),
        (Some(2), Some(true))
    );
    let full: i64 = sqlx::query_scalar("select price_cents::bigint from default_price where sector_code = 'DP' and reduction_id = 1")
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    assert!(body["seats"][0]["price_cents"].as_i64().unwrap() < full);
    // Bruno cannot name Luca again, however the name is typed; his seat stays free.
    let typed = json!({"first_name": "  luca ", "last_name": "NERI", "birth_date": "2012-04-01"});
    let (status, body) = s
        .hold(&bruno, json!({"lines": [{"seat_id": b, "holder": typed}]}))
        .await;
    assert_eq!(
        (status, body["code"].as_str(), &body["errors"]["seat_ids"]),
        (409, Some("holder_has_seat"), &json!([b]))
    );
    assert_eq!(s.state(b).await, "free");
    // Nor with look-alike letters (issue 25, finding 14): a Cyrillic "у" and "е" in "Luca
    // Neri", or an accent the ticketing system ignores.
    for look_alike in [
        json!({"first_name": "Luc\u{0430}", "last_name": "N\u{0435}ri", "birth_date": "2012-04-01"}),
        json!({"first_name": "Lùca", "last_name": "Nerì", "birth_date": "2012-04-01"}),
    ] {
        let (status, body) = s
            .hold(
                &bruno,
                json!({"lines": [{"seat_id": b, "holder": look_alike}]}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("holder_has_seat")),
            "{look_alike}"
        );
    }
    assert_eq!(s.state(b).await, "free");
    // One person twice in one request.
    let mario = json!({"first_name": "Mario", "last_name": "Blu", "birth_date": "1980-01-01"});
    let (status, _) = s
        .hold(
            &bruno,
            json!({"lines": [{"seat_id": b, "holder": mario}, {"seat_id": c, "holder": mario}]}),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        (s.state(b).await, s.state(c).await),
        ("free".to_owned(), "free".to_owned())
    );
    // A box-office reduction is not sold online: refused, nothing held.
    let (status, body) = s
        .hold(
            &bruno,
            json!({"lines": [{"seat_id": c, "reduction_id": 5}]}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str(), &body["errors"]["seat_ids"]),
        (422, Some("reduction_not_allowed"), &json!([c]))
    );
    assert_eq!(s.state(c).await, "free");
    // Once Anna lets her hold go, Luca may be named by Bruno.
    anna.delete(&format!("/api/fixtures/{}/hold", s.fixture))
        .send()
        .await
        .unwrap();
    let (status, _) = s
        .hold(&bruno, json!({"lines": [{"seat_id": b, "holder": luca}]}))
        .await;
    assert_eq!(status, 200);
}

#[sqlx::test(migrations = false)]
async fn fans_wait_for_the_sale_to_open_while_staff_sell_before_it(pool: PgPool) {
    use chrono::SubsecRound;
    let s = on_sale(pool, &[]).await;
    let staff = s.app.staff().await;
    let seat = s.seat("TC-TC1-3-1").await;
    let (_, fan) = s.app.fan_with_session("anna@example.it").await;
    let fixture = format!("/api/admin/fixtures/{}", s.fixture);
    let starts_at: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select starts_at from fixture where id = $1")
            .bind(s.fixture)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    // An opening at or after the kick-off is refused and changes nothing.
    let r = staff
        .put(&fixture)
        .json(&json!({"status": 1, "sale_opens_at": starts_at}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    assert!(r.json::<Value>().await.unwrap()["errors"]["sale_opens_at"].is_string());
    // An opening an hour ahead: fans see it and cannot hold.
    let opens = chrono::Utc::now() + chrono::Duration::hours(1);
    let r: Value = staff
        .put_ok(&fixture, &json!({"status": 1, "sale_opens_at": opens}))
        .await;
    assert_eq!(
        r["sale_opens_at"]
            .as_str()
            .map(|t| t.parse::<chrono::DateTime<chrono::Utc>>().unwrap()),
        Some(opens.trunc_subsecs(6))
    );
    // Another change of status leaves the opening as it is.
    let r: Value = staff.put_ok(&fixture, &json!({"status": 1})).await;
    assert!(r["sale_opens_at"].is_string());
    let shown = fan.get_json(&format!("/api/fixtures/{}", s.fixture)).await;
    assert!(shown["sale_opens_at"].is_string(), "{shown}");
    // The hold path caches a fixture's terms for a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (status, body) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("fixture_not_on_sale"))
    );
    assert_eq!(s.state(seat).await, "free");
    // The box office sells before fans' opening.
    let reduction: i32 = sqlx::query_scalar("select id from reduction where code = 'INTERO'")
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let r = staff
        .post("/api/admin/orders")
        .json(&json!({"fixture_id": s.fixture, "buyer_email": "cliente@example.it",
                      "payment_method": "cash", "lines": [
                          {"label": "TC-TC1-3-2", "reduction_id": reduction, "holder": {
                              "first_name": "Elena", "last_name": "Sportello", "birth_date": "1975-03-03",
                              "birth_place": "Lecco", "document_type": "passport", "document_number": "YB7654321"}}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    // Null opens it at once.
    let r: Value = staff
        .put_ok(&fixture, &json!({"status": 1, "sale_opens_at": null}))
        .await;
    assert!(r["sale_opens_at"].is_null());
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(s.hold(&fan, json!({"seat_ids": [seat]})).await.0, 200);
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_entry where action = 'fixture.status_changed' and details ? 'sale_opens_at'",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(audited, 2);
}
