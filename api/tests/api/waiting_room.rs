//! The waiting room (issue 19): joining keeps one place, the pre-queue is shuffled at the
//! opening, fans are admitted in turn at the room's rate and never more shopping than it
//! allows, holding needs an admission while the room guards the on-sale, and the room's
//! state is in Postgres: a restarted process, or two of them, go on from it.

use crate::common::{Client, OnSale, TestApp, eventually, on_sale, urlencoding};
use chrono::{Duration, Utc};
use domain::waiting_room::{self as rooms, RoomSettings, RoomTarget};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashMap;

/// A room for the fixture on sale: its pre-queue open, opening in `opens_in`.
async fn room(s: &OnSale, opens_in: Duration, per_minute: i32, shopping: i32) -> i64 {
    let staff = s.app.staff().await;
    let now = Utc::now();
    let (status, room) = staff
        .post_json(
            "/api/admin/waiting-rooms",
            &json!({"fixture_id": s.fixture, "prequeue_opens_at": now - Duration::minutes(10),
                    "opens_at": now + opens_in, "admit_per_minute": per_minute,
                    "max_shopping": shopping, "admission_seconds": 600}),
        )
        .await;
    assert_eq!(status, 201, "{room}");
    room["id"].as_i64().unwrap()
}

async fn join(fan: &Client, room: i64) -> Value {
    let (status, body) = fan
        .post_json(&format!("/api/waiting-rooms/{room}/join"), &json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn hold_with(s: &OnSale, fan: &Client, seat: i64, admission: Option<&str>) -> (u16, Value) {
    let mut r = fan
        .post(&format!("/api/fixtures/{}/hold", s.fixture))
        .json(&json!({"seat_ids": [seat]}));
    if let Some(token) = admission {
        r = r.header("X-Admission", token);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[sqlx::test(migrations = false)]
async fn fans_keep_one_place_are_admitted_in_turn_and_hold_only_with_their_admission(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let staff = s.app.staff().await;
    let id = room(&s, Duration::seconds(3), 600, 2).await;
    // A second room for the same on-sale is refused; bad settings name their field.
    let now = Utc::now();
    let (status, body) = staff
        .post_json(
            "/api/admin/waiting-rooms",
            &json!({"fixture_id": s.fixture, "prequeue_opens_at": now, "opens_at": now,
                    "admit_per_minute": 10, "max_shopping": 10, "admission_seconds": 600}),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("room_exists")));
    let (status, body) = staff
        .put(&format!("/api/admin/waiting-rooms/{id}"))
        .json(
            &json!({"prequeue_opens_at": now, "opens_at": now, "admit_per_minute": 0,
                      "max_shopping": 10, "admission_seconds": 10}),
        )
        .send()
        .await
        .map(|r| r.status().as_u16())
        .map(|st| (st, ()))
        .unwrap();
    assert_eq!((status, body), (422, ()));

    // Fans see the room; three join the pre-queue, one of them twice: one place each, none yet.
    let info = s
        .app
        .anonymous()
        .await
        .get_json(&format!("/api/fixtures/{}/waiting-room", s.fixture))
        .await;
    assert_eq!(info["room"]["id"], id, "{info}");
    assert_eq!(info["room"]["state"], "prequeue");
    let mut fans = vec![];
    for i in 0..3 {
        fans.push(
            s.app
                .fan_with_session(&format!("coda{i}@example.it"))
                .await
                .1,
        );
    }
    for fan in &fans {
        let standing = join(fan, id).await;
        assert_eq!(standing["state"], "prequeue", "{standing}");
        assert!(standing["position"].is_null());
    }
    join(&fans[0], id).await;
    let entries: i64 =
        sqlx::query_scalar("select count(*) from waiting_room_entry where room_id = $1")
            .bind(id)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(entries, 3);

    // Holding needs an admission now.
    let seat = s.seat("TC-TC1-1-1").await;
    let (status, body) = hold_with(&s, &fans[0], seat, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("admission_required")),
        "{body}"
    );
    assert_eq!(body["errors"]["room_id"], id);

    // The opening: places 1..3; two admitted (at most two shopping), the third waits.
    eventually("the pre-queue placed and two admitted", 20, async || {
        let admitted = futures::future::join_all(
            fans.iter()
                .map(|f| async { f.get_json(&format!("/api/waiting-rooms/{id}/me")).await }),
        )
        .await;
        admitted.iter().filter(|m| m["turn"] == true).count() == 2
            && admitted.iter().all(|m| m["position"].is_i64())
    })
    .await;
    let standings: Vec<Value> = futures::future::join_all(
        fans.iter()
            .map(|f| async { f.get_json(&format!("/api/waiting-rooms/{id}/me")).await }),
    )
    .await;
    let mut positions: Vec<i64> = standings
        .iter()
        .map(|m| m["position"].as_i64().unwrap())
        .collect();
    positions.sort();
    assert_eq!(positions, [1, 2, 3]);
    let waiting = standings.iter().position(|m| m["turn"] == false).unwrap();
    assert_eq!(standings[waiting]["position"], 3);
    assert_eq!(standings[waiting]["ahead"], 0);
    assert!(standings[waiting]["admission"].is_null());
    let admitted: Vec<usize> = (0..3).filter(|i| *i != waiting).collect();
    let token = |i: usize| {
        standings[i]["admission"]["token"]
            .as_str()
            .unwrap()
            .to_owned()
    };

    // An admitted fan holds with their admission; another fan's admission, a forged one, or
    // none are refused.
    let (a, b) = (admitted[0], admitted[1]);
    let (status, body) = hold_with(&s, &fans[waiting], seat, Some(&token(a))).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("admission_required"))
    );
    let forged = format!(
        "{id}.{}.AAAA",
        (Utc::now() + Duration::hours(1)).timestamp()
    );
    let (status, _) = hold_with(&s, &fans[a], seat, Some(&forged)).await;
    assert_eq!(status, 403);
    let (status, body) = hold_with(&s, &fans[a], seat, Some(&token(a))).await;
    assert_eq!(status, 200, "{body}");

    // One leaves (done): their admission ends, and the waiting fan's turn comes.
    let r = fans[b]
        .delete(&format!("/api/waiting-rooms/{id}/me"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
    let seat2 = s.seat("TC-TC1-1-2").await;
    let (status, _) = hold_with(&s, &fans[b], seat2, Some(&token(b))).await;
    assert_eq!(status, 403, "a fan who left holds no more");
    eventually("the third fan admitted", 20, async || {
        fans[waiting]
            .get_json(&format!("/api/waiting-rooms/{id}/me"))
            .await["turn"]
            == true
    })
    .await;
    let third = fans[waiting]
        .get_json(&format!("/api/waiting-rooms/{id}/me"))
        .await;
    let (status, body) = hold_with(
        &s,
        &fans[waiting],
        seat2,
        third["admission"]["token"].as_str(),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // Staff find an on-sale's room by its target.
    let filter = |f: Value| {
        let q = serde_json::to_string(&f).unwrap();
        format!("/api/admin/waiting-rooms?filter={}", urlencoding(&q))
    };
    let listed = staff
        .get_json(&filter(json!({"fixture_id": s.fixture})))
        .await;
    assert_eq!(listed.as_array().map(|a| a.len()), Some(1), "{listed}");
    let listed = staff
        .get_json(&filter(json!({"season_ticket_id": 10_000})))
        .await;
    assert_eq!(listed.as_array().map(|a| a.len()), Some(0), "{listed}");

    // Staff see the counts; closing the room lets anyone hold.
    let view = staff
        .get_json(&format!("/api/admin/waiting-rooms/{id}"))
        .await;
    assert_eq!(view["state"], "open", "{view}");
    assert_eq!(view["counts"]["admitted"], 3, "{view}");
    assert_eq!(view["counts"]["done"], 1, "{view}");
    assert_eq!(view["counts"]["shopping"], 2, "{view}");
    assert_eq!(view["counts"]["waiting"], 0, "{view}");
    let (status, closed) = staff
        .post_json(&format!("/api/admin/waiting-rooms/{id}/close"), &json!({}))
        .await;
    assert_eq!((status, closed["state"].as_str()), (200, Some("closed")));
    let (_, late) = s.app.fan_with_session("tardi@example.it").await;
    eventually("holding open to all", 10, async || {
        hold_with(&s, &late, s.seat("TC-TC1-1-3").await, None)
            .await
            .0
            == 200
    })
    .await;
    let (status, body) = late
        .post_json(&format!("/api/waiting-rooms/{id}/join"), &json!({}))
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("room_closed")));
}

/// The server's draws order the pre-queue: over many openings, each of the six orders of three
/// fans comes up about as often (a chi-squared test, failing by chance once in 10,000 runs).
#[sqlx::test(migrations = false)]
async fn the_pre_queue_shuffle_gives_every_order_alike(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let mut users = vec![];
    for i in 0..3 {
        users.push(
            s.app
                .fan_with_session(&format!("ordine{i}@example.it"))
                .await
                .0,
        );
    }
    let mut conn = s.app.pool.acquire().await.unwrap();
    let now = Utc::now();
    let settings = RoomSettings {
        prequeue_opens_at: now - Duration::hours(1),
        opens_at: now + Duration::hours(1),
        admit_per_minute: 1,
        max_shopping: 1,
        admission_seconds: 600,
    };
    let room = rooms::create(&mut conn, RoomTarget::Fixture(s.fixture), &settings)
        .await
        .unwrap()
        .unwrap();
    const ROUNDS: usize = 600;
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    for _ in 0..ROUNDS {
        sqlx::query("delete from waiting_room_entry where room_id = $1")
            .bind(room.id)
            .execute(&mut *conn)
            .await
            .unwrap();
        sqlx::query(
            "update waiting_room set opens_at = now() + interval '1 hour', placed = 0, admitted = 0,
                    shuffled_at = null, admit_clock = null where id = $1",
        )
        .bind(room.id)
        .execute(&mut *conn)
        .await
        .unwrap();
        // Joined in the same order every round: arriving first gives no edge.
        for u in &users {
            rooms::join(&mut conn, room.id, *u, rooms::draw())
                .await
                .unwrap()
                .unwrap();
        }
        sqlx::query("update waiting_room set opens_at = now() where id = $1")
            .bind(room.id)
            .execute(&mut *conn)
            .await
            .unwrap();
        rooms::tick(&mut conn, room.id).await.unwrap();
        let order: Vec<uuid::Uuid> = sqlx::query_scalar(
            "select user_id from waiting_room_entry where room_id = $1 order by position",
        )
        .bind(room.id)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        let key: Vec<usize> = order
            .iter()
            .map(|u| users.iter().position(|x| x == u).unwrap())
            .collect();
        *seen.entry(key).or_default() += 1;
    }
    assert_eq!(seen.len(), 6, "every order comes up: {seen:?}");
    let expected = ROUNDS as f64 / 6.0;
    let chi2: f64 = seen
        .values()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    // The 0.9999 quantile of the chi-squared distribution with 5 degrees of freedom.
    assert!(chi2 < 25.74, "chi2 = {chi2:.1}: {seen:?}");
}

/// A second api process on the same database: a fan's session and place are the same there.
fn client_on(app: &TestApp, c: &Client) -> Client {
    Client {
        http: c.http.clone(),
        base: app.base.clone(),
        csrf: c.csrf.clone(),
    }
}

#[sqlx::test(migrations = false)]
async fn two_api_processes_admit_at_the_rooms_rate_between_them_and_a_restart_loses_nothing(
    pool: PgPool,
) {
    let s = on_sale(pool.clone(), &[]).await;
    // 120 a minute: two a second.
    let id = room(&s, Duration::seconds(2), 120, 10_000).await;
    let mut users = vec![];
    for i in 0..60 {
        users.push(
            s.app
                .fan_with_session(&format!("folla{i}@example.it"))
                .await
                .0,
        );
    }
    {
        let mut conn = s.app.pool.acquire().await.unwrap();
        for u in &users {
            rooms::join(&mut conn, id, *u, rooms::draw())
                .await
                .unwrap()
                .unwrap();
        }
    }
    let (_, fan) = s.app.fan_with_session("folla-fan@example.it").await;
    join(&fan, id).await;
    // A second process: both tick the room every second.
    let second = crate::common::serve(pool.clone(), &[], None).await;
    let admitted = async || -> i64 {
        sqlx::query_scalar("select admitted from waiting_room where id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    eventually("the room opened", 20, async || admitted().await > 0).await;
    let (t0, a0) = (std::time::Instant::now(), admitted().await);
    tokio::time::sleep(std::time::Duration::from_secs(8)).await;
    let (t1, a1) = (std::time::Instant::now(), admitted().await);
    let expected = (t1 - t0).as_secs_f64() * 2.0;
    let got = (a1 - a0) as f64;
    assert!(
        (got - expected).abs() <= 3.0,
        "admitted {got} in {:.1} s at 120 a minute, expected about {expected:.0}",
        (t1 - t0).as_secs_f64()
    );
    // The first process stops; the fan's place, asked of the second, is the same.
    let before = fan.get_json(&format!("/api/waiting-rooms/{id}/me")).await;
    s.app.state.shutdown();
    let on_second = client_on(&second, &fan);
    let after = on_second
        .get_json(&format!("/api/waiting-rooms/{id}/me"))
        .await;
    assert_eq!(before["position"], after["position"], "{before} {after}");
    assert!(after["position"].as_i64().unwrap() >= 1);
    // And the second process alone goes on admitting.
    let a2 = admitted().await;
    eventually("admissions go on", 10, async || admitted().await >= a2 + 4).await;
}

/// The `standing` events of a fan's stream, as they arrive, until `done` says enough.
async fn standings_until(
    fan: &Client,
    room: i64,
    mut done: impl FnMut(&Value) -> bool,
) -> Vec<Value> {
    let mut resp = fan
        .get(&format!("/api/waiting-rooms/{room}/events"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let (mut text, mut seen) = (String::new(), vec![]);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let chunk = tokio::time::timeout_at(deadline, resp.chunk())
            .await
            .expect("the standing changed in time")
            .unwrap()
            .expect("the stream goes on");
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            if let Some(data) = event
                .lines()
                .find_map(|l| l.strip_prefix("data: "))
                .filter(|_| event.contains("event: standing"))
            {
                let v: Value = serde_json::from_str(data).unwrap();
                let stop = done(&v);
                seen.push(v);
                if stop {
                    return seen;
                }
            }
        }
    }
}

#[sqlx::test(migrations = false)]
async fn a_fans_stream_tells_them_their_place_at_the_opening_then_their_turn(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let id = room(&s, Duration::seconds(2), 60, 100).await;
    let (_, fan) = s.app.fan_with_session("in-diretta@example.it").await;
    // Not joined: no stream.
    let r = fan
        .get(&format!("/api/waiting-rooms/{id}/events"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    join(&fan, id).await;
    let seen = standings_until(&fan, id, |v| v["turn"] == true).await;
    assert_eq!(seen[0]["state"], "prequeue", "{seen:?}");
    assert!(seen[0]["position"].is_null());
    let last = seen.last().unwrap();
    assert_eq!(
        (last["position"].as_i64(), last["ahead"].as_i64()),
        (Some(1), Some(0))
    );
    let token = last["admission"]["token"].as_str().expect("an admission");
    let (status, body) = hold_with(&s, &fan, s.seat("TC-TC1-2-1").await, Some(token)).await;
    assert_eq!(status, 200, "{body}");
}
