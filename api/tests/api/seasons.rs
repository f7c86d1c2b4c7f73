//! Season tickets (issue 17): imported with the catalogue, put on sale by staff (every covered
//! match's seats then copied by the worker), and season seats held in every covered match at
//! once, raced, refused against single-match holds both ways, released and expired.

use crate::common::{OnSale, eventually, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

/// The demo season ticket put on sale, once every covered match's seats are copied; its id and
/// the number of matches it covers.
pub(crate) async fn season_on_sale(s: &OnSale) -> (i64, i64) {
    let staff = s.app.staff().await;
    let list = staff.get_json("/api/admin/season-tickets").await;
    let season = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Abbonamento Serie A 2025-2026")
        .expect("the demo season ticket imported with the catalogue")
        .clone();
    assert_eq!(season["status"], 0);
    assert_eq!(season["label"], "2025-2026");
    let id = season["id"].as_i64().unwrap();
    let matches = season["matches"].as_i64().unwrap();
    assert_eq!(matches, 19, "the matches it covers");
    // Fans do not see it before it is on sale.
    let fan = s.app.anonymous().await;
    assert_eq!(
        fan.get(&format!("/api/season-tickets/{id}"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    let r = staff
        .put_ok(
            &format!("/api/admin/season-tickets/{id}"),
            &json!({"status": 1}),
        )
        .await;
    assert_eq!(r["status"], 1);
    eventually("every covered match's seats copied", 120, async || {
        let shown = fan.get_json("/api/season-tickets").await;
        shown["items"][0]["inventory_ready"] == true
    })
    .await;
    // One season ticket: its count of matches and the matches themselves, soonest first.
    let detail = fan.get_json(&format!("/api/season-tickets/{id}")).await;
    assert_eq!(detail["matches"], 19);
    let fixtures = detail["fixtures"].as_array().unwrap();
    assert_eq!(fixtures.len(), 19);
    assert!(
        fixtures
            .windows(2)
            .all(|w| w[0]["starts_at"].as_str() < w[1]["starts_at"].as_str())
    );
    assert!(
        detail["sectors"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["free"].as_i64() > Some(0))
    );
    (id, matches)
}

/// How many covered matches' rows of a seat are marked for the season with `state`.
pub(crate) async fn season_rows(s: &OnSale, season: i64, seat: i64, state: &str) -> i64 {
    sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and season_ticket_id = $2 and state::text = $3",
    )
    .bind(seat)
    .bind(season)
    .bind(state)
    .fetch_one(&s.app.pool)
    .await
    .unwrap()
}

pub(crate) async fn season_hold(
    fan: &crate::common::Client,
    season: i64,
    seats: &[i64],
) -> (u16, Value) {
    fan.post_json(
        &format!("/api/season-tickets/{season}/hold"),
        &json!({ "seat_ids": seats }),
    )
    .await
}

#[sqlx::test(migrations = false)]
async fn a_season_seat_is_held_in_every_covered_match_and_raced_for_by_twenty_fans(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, matches) = season_on_sale(&s).await;
    let seat = s.seat("TC-TC3-5-10").await;

    // Twenty fans for one season seat, at once: one wins, the others are told which seat.
    let mut fans = vec![];
    for i in 0..20 {
        fans.push(
            s.app
                .fan_with_session(&format!("tifoso{i}@example.it"))
                .await
                .1,
        );
    }
    let one = [seat];
    let results =
        futures::future::join_all(fans.iter().map(|fan| season_hold(fan, season, &one))).await;
    let winners: Vec<usize> = (0..20).filter(|i| results[*i].0 == 200).collect();
    assert_eq!(
        winners.len(),
        1,
        "exactly one season hold wins: {results:?}"
    );
    for (status, body) in results.iter().filter(|(st, _)| *st != 200) {
        assert_eq!((*status, &body["code"]), (409, &json!("seats_unavailable")));
        assert_eq!(body["errors"]["seat_ids"], json!([seat]));
    }
    let winner = &fans[winners[0]];
    assert_eq!(season_rows(&s, season, seat, "held").await, matches);
    // Staff count it held in its sector, the rest of the sector free.
    let staff = s.app.staff().await;
    let sectors = staff
        .get_json(&format!("/api/admin/season-tickets/{season}/sectors"))
        .await;
    let tc = sectors
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == "TC")
        .unwrap();
    assert_eq!(
        (tc["held"].as_i64(), tc["sold"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(
        tc["free"].as_i64().unwrap(),
        tc["seats"].as_i64().unwrap() - 1
    );
    // The winner sees it as theirs on the season map, with its full season price and 1800 s.
    let hold = winner
        .get_json(&format!("/api/season-tickets/{season}/hold"))
        .await;
    assert_eq!(hold["seats"][0]["id"], seat);
    assert_eq!(hold["seats"][0]["price_cents"], 86400);
    let left = hold["expires_at"]
        .as_str()
        .unwrap()
        .parse::<chrono::DateTime<chrono::Utc>>()
        .unwrap()
        - chrono::Utc::now();
    assert!(
        left.num_seconds() > 1700 && left.num_seconds() <= 1800,
        "{left}"
    );
    let block: i32 = sqlx::query_scalar("select block_id from venue_seat where id = $1")
        .bind(seat)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let seats = winner
        .get_json(&format!("/api/season-tickets/{season}/blocks/{block}"))
        .await;
    let state_of = |v: &Value| {
        v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["id"] == seat)
            .unwrap()["state"]
            .clone()
    };
    assert_eq!(state_of(&seats), "mine");
    // On a covered match's own map the seat is taken, for everyone (the winner included: a
    // season seat is not theirs to buy again for one match).
    assert_eq!(
        s.block_states(winner, block)
            .await
            .iter()
            .find(|x| x.0 == seat)
            .unwrap()
            .1,
        "held"
    );

    // A season seat cannot be held for a single match...
    let (_, carla) = s.app.fan_with_session("carla@example.it").await;
    let (status, body) = s.hold(&carla, json!({"seat_ids": [seat]})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("seats_unavailable"))
    );
    // ... nor a seat held for a single match be held for the season.
    let single = s.seat("TC-TC3-5-11").await;
    assert_eq!(s.hold(&carla, json!({"seat_ids": [single]})).await.0, 200);
    let (status, body) = season_hold(winner, season, &[seat, single]).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["errors"]["seat_ids"], json!([single]));
    // The refused season hold left the winner's first hold as it was.
    assert_eq!(season_rows(&s, season, seat, "held").await, matches);
    // Cancelling her single-match hold leaves the season's rows alone.
    carla
        .delete(&format!("/api/fixtures/{}/hold", s.fixture))
        .send()
        .await
        .unwrap();
    assert_eq!(season_rows(&s, season, seat, "held").await, matches);

    // More seats than one buyer may have.
    let five: Vec<i64> = {
        let mut v = vec![];
        for n in 1..=5 {
            v.push(s.seat(&format!("TC-TC4-2-{n}")).await);
        }
        v
    };
    let (status, body) = season_hold(&carla, season, &five).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("buyer_limit")));
    assert_eq!(season_rows(&s, season, five[0], "held").await, 0);

    // Releasing frees the seat in every match.
    winner
        .delete(&format!("/api/season-tickets/{season}/hold"))
        .send()
        .await
        .unwrap();
    assert_eq!(season_rows(&s, season, seat, "held").await, 0);
    let free: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and state = 'free'",
    )
    .bind(seat)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert!(free >= matches);

    // An expired season hold is freed by the schedule in every match, its mark with it.
    assert_eq!(season_hold(&carla, season, &[seat]).await.0, 200);
    sqlx::query("update seat_inventory set held_until = now() - interval '1 second' where season_ticket_id = $1")
        .bind(season)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let mut conn = s.app.pool.acquire().await.unwrap();
    let freed = domain::inventory::expire_holds(&mut conn).await.unwrap();
    assert_eq!(freed.len() as i64, matches);
    assert_eq!(season_rows(&s, season, seat, "held").await, 0);
}

#[sqlx::test(migrations = false)]
async fn season_tickets_refuse_bad_requests_and_unknown_ids(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let fan = s.app.anonymous().await;
    assert_eq!(
        fan.get_json("/api/season-tickets").await["items"],
        json!([])
    );
    for path in [
        "/api/season-tickets/1",
        "/api/season-tickets/100000",
        "/api/season-tickets/99999/blocks/1",
    ] {
        let r = fan.get(path).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
        assert_eq!(
            r.json::<Value>().await.unwrap()["code"],
            "season_ticket_not_found"
        );
    }
    let staff = s.app.staff().await;
    let id = staff.get_json("/api/admin/season-tickets").await[0]["id"]
        .as_i64()
        .unwrap();
    let r = staff
        .put(&format!("/api/admin/season-tickets/{id}"))
        .json(&json!({"status": 7}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    let (_, anna) = s.app.fan_with_session("anna@example.it").await;
    // Not on sale: no hold.
    let (status, _) = anna
        .post_json(
            &format!("/api/season-tickets/{id}/hold"),
            &json!({"seat_ids": []}),
        )
        .await;
    assert_eq!(status, 404);
    // A fan cannot reach the staff's routes.
    let r = anna
        .put(&format!("/api/admin/season-tickets/{id}"))
        .json(&json!({"status": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
}

#[sqlx::test(migrations = false)]
async fn season_and_single_match_holds_racing_for_one_seat_leave_one_owner(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, matches) = season_on_sale(&s).await;
    let seat = s.seat("TC-TC2-7-7").await;
    let mut fans = vec![];
    for i in 0..20 {
        fans.push(
            s.app
                .fan_with_session(&format!("gara{i}@example.it"))
                .await
                .1,
        );
    }
    let one = [seat];
    // Half ask for the seat for the season, half for the one match, all at once.
    let holds = fans.iter().enumerate().map(|(i, fan)| {
        let one = &one;
        let s = &s;
        async move {
            if i % 2 == 0 {
                ("season", season_hold(fan, season, one).await)
            } else {
                ("match", s.hold(fan, json!({ "seat_ids": one })).await)
            }
        }
    });
    let results = futures::future::join_all(holds).await;
    let winners: Vec<&str> = results
        .iter()
        .filter(|(_, (status, _))| *status == 200)
        .map(|(kind, _)| *kind)
        .collect();
    assert_eq!(winners.len(), 1, "one hold wins: {results:?}");
    for (_, (status, body)) in results.iter().filter(|(_, (st, _))| *st != 200) {
        assert_eq!((*status, &body["code"]), (409, &json!("seats_unavailable")));
    }
    let held: Vec<(i64, Option<i64>)> = sqlx::query_as(
        "select fixture_id, season_ticket_id from seat_inventory where seat_id = $1 and state = 'held'",
    )
    .bind(seat)
    .fetch_all(&s.app.pool)
    .await
    .unwrap();
    if winners[0] == "season" {
        assert_eq!(held.len() as i64, matches);
        assert!(held.iter().all(|(_, t)| *t == Some(season)));
    } else {
        assert_eq!(held, vec![(s.fixture.0, None)]);
    }
}
