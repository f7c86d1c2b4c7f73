//! A match's pre-emption (issue 18) over a real database, the simulators on random ports and
//! the worker in-process: the ticketing system's window mirrored as a fidelity-card phase,
//! staff's custom list of rights, a fan refused without a right, "use my right" with its
//! sector rule, one seat per right, the order carrying the right and issued through the
//! pre-emption call (which checks the right again), a right used once; two fans racing with
//! one card (one order); a season holder's seal used once per match (Promozioni1).

use crate::checkout::{change_event, confirm, pay_with_card, payment, wait_state};
use crate::common::{Client, OnSale, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

/// The match's pre-emption window in the ticketing system: from an hour ago to an hour on.
async fn window_open(s: &OnSale, sectors: &[&str]) {
    let now = chrono::Utc::now();
    change_event(
        s,
        json!({"preemption": {"opens_at": now - chrono::Duration::hours(1),
                              "closes_at": now + chrono::Duration::hours(1), "sectors": sectors}}),
    )
    .await;
}

/// A supporter card issued by the ticketing system to a holder born on 1 April 1990.
async fn card_for(s: &OnSale, first: &str, last: &str) -> String {
    let r: Value = reqwest::Client::new()
        .post(format!(
            "{}/_sim/ticketing/supporter-cards",
            s.sim.http_url()
        ))
        .json(&json!({"nome": first, "cognome": last, "dataNascita": "1990-04-01"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    r["numeroTessera"].as_str().unwrap().to_owned()
}

/// A fan's right: (status, body).
async fn use_right(s: &OnSale, fan: &Client, right: &str) -> (u16, Value) {
    fan.post_json(
        &format!("/api/fixtures/{}/right", s.fixture),
        &json!({ "right": right }),
    )
    .await
}

async fn checkout(s: &OnSale, fan: &Client) -> (u16, Value) {
    let r = fan
        .post(&format!("/api/fixtures/{}/checkout", s.fixture))
        .json(&json!({"language": "it"}))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

/// Names the order's one line for `first last`, born on 1 April 1990.
async fn name_holder(fan: &Client, order: &Value, first: &str, last: &str) -> Value {
    let line = &order["lines"][0];
    let id = order["id"].as_str().unwrap();
    fan.put_ok(
        &format!("/api/orders/{id}/holders"),
        &json!({"lines": [{"id": line["id"], "reduction_id": line["reduction_id"], "holder": {
            "first_name": first, "last_name": last, "birth_date": "1990-04-01",
            "birth_place": "Como", "document_type": "id_card", "document_number": "CA1234567"}}]}),
    )
    .await
}

/// Pays an order by card and waits for it to be issued.
async fn pay_and_issue(s: &OnSale, fan: &Client, order: &str) {
    let (intent, secret) = payment(fan, order).await;
    pay_with_card(s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    let (status, body) = confirm(fan, order, &secret).await;
    assert_eq!(status, 200, "{body}");
    wait_state(s, order, "issued", 60).await;
}

#[sqlx::test(migrations = false)]
async fn a_fan_uses_a_fidelity_card_for_one_seat_of_its_sectors_and_the_title_is_issued_on_the_right(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let staff = s.app.staff().await;
    window_open(&s, &["TC", "DI"]).await;

    // Staff mirror the ticketing system's window: a fidelity-card phase in TC and DI.
    let (status, phases) = staff
        .post_json(
            "/api/admin/phases/mirror",
            &json!({"fixture_id": s.fixture}),
        )
        .await;
    assert_eq!(status, 200, "{phases}");
    assert_eq!(phases[0]["kind"], "fidelity_card", "{phases}");
    assert_eq!(phases[0]["source"], "ticketing");
    assert_eq!(phases[0]["sectors"], "DI,TC");

    // The custom list: Anna's card opens TC and CC (CC is not in the phase).
    let anna = card_for(&s, "Anna", "Neri").await;
    let add = |right: &str, sectors: &str| json!({"fixture_id": s.fixture, "fidelity_card_number_or_fiscal_seal": right, "sector_code": sectors});
    let (status, code) = staff
        .post_json("/api/admin/preemption-codes", &add(&anna, "tc, cc"))
        .await;
    assert_eq!(status, 201, "{code}");
    assert_eq!(code["sector_code"], "CC,TC");
    let (status, body) = staff
        .post_json(
            "/api/admin/preemption-codes",
            &add(&anna.to_lowercase(), "DI"),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("code_listed")));
    let (status, body) = staff
        .post_json("/api/admin/preemption-codes", &add("TF9999999999", "XX"))
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["sector_code"].is_string(), "{body}");
    // A card whose sectors the phase does not open.
    let curva = card_for(&s, "Carlo", "Curva").await;
    staff
        .post_ok("/api/admin/preemption-codes", &add(&curva, "CC"))
        .await;
    let list = staff
        .get_json(&format!(
            "/api/admin/preemption-codes?filter={}",
            json!({"fixture_id": s.fixture, "q": "cc"})
        ))
        .await;
    assert_eq!(list.as_array().unwrap().len(), 2, "{list}");

    // Fans see the phase; without a right a seat is refused, with the phase for the countdown.
    let anonymous = s.app.anonymous().await;
    let timeline = anonymous
        .get_json(&format!("/api/fixtures/{}/phases", s.fixture))
        .await;
    assert_eq!(timeline["current"]["kind"], "fidelity_card", "{timeline}");
    let (_, fan) = s.app.fan_with_session("anna.neri@example.it").await;
    let tc = s.seat("TC-TC1-1-1").await;
    let (status, refused) = s.hold(&fan, json!({"seat_ids": [tc]})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("preemption_phase")),
        "{refused}"
    );
    assert_eq!(
        refused["errors"]["phase"]["current"]["kind"],
        "fidelity_card"
    );

    // Her card linked to her account: the match's right is suggested to her, nobody else.
    let (status, linked) = fan
        .post_json(
            "/api/me/supporter-cards",
            &json!({"card_number": anna, "birth_date": "1990-04-01"}),
        )
        .await;
    assert_eq!(status, 201, "{linked}");
    let mine = fan
        .get_json(&format!("/api/fixtures/{}/right", s.fixture))
        .await;
    assert_eq!(mine["right"], Value::Null);
    assert_eq!(mine["suggested"][0]["right"], anna.as_str(), "{mine}");
    assert_eq!(mine["suggested"][0]["last_name"], "Neri");
    let (_, stranger) = s.app.fan_with_session("estraneo@example.it").await;
    let theirs = stranger
        .get_json(&format!("/api/fixtures/{}/right", s.fixture))
        .await;
    assert_eq!(theirs["suggested"], json!([]));

    // Wrong rights are told apart and change nothing.
    let (status, body) = use_right(&s, &fan, "TF0000000999").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("right_not_found"))
    );
    let (status, body) = use_right(&s, &fan, "x").await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = use_right(&s, &fan, &curva).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("right_not_for_sector"))
    );

    // The card, typed loosely: it opens TC only (CC is not in the phase).
    let (status, claim) = use_right(&s, &fan, &format!(" {} ", anna.to_lowercase())).await;
    assert_eq!(status, 200, "{claim}");
    assert_eq!(
        (claim["source"].as_str(), claim["sectors"].as_str()),
        (Some("card"), Some("TC"))
    );
    let mine = fan
        .get_json(&format!("/api/fixtures/{}/right", s.fixture))
        .await;
    assert_eq!(mine["right"]["right"], anna.as_str());

    // One seat, in a sector the right opens.
    let di = s.seat("DI-DI1-1-1").await;
    let (status, body) = s.hold(&fan, json!({"seat_ids": [di]})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("right_not_for_sector")),
        "{body}"
    );
    let tc2 = s.seat("TC-TC1-1-2").await;
    let (status, body) = s.hold(&fan, json!({"seat_ids": [tc, tc2]})).await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = s.hold(&fan, json!({"seat_ids": [tc]})).await;
    assert_eq!(status, 200, "{body}");

    // The order carries the right; a holder who is not the card's is refused before paying.
    let (status, order) = checkout(&s, &fan).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["preemption_right"], anna.as_str());
    assert_eq!(order["preemption_card"], true);
    let id = order["id"].as_str().unwrap().to_owned();
    name_holder(&fan, &order, "Marco", "Verdi").await;
    let r = fan
        .post(&format!("/api/orders/{id}/payment"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "holders_ineligible", "{body}");
    let line = order["lines"][0]["id"].as_i64().unwrap();
    assert_eq!(body["errors"][format!("lines.{line}")], "right_not_holders");

    // Named for the card's holder: paid, and issued through the pre-emption call.
    name_holder(&fan, &order, "Anna", "Neri").await;
    pay_and_issue(&s, &fan, &id).await;
    let used = s.sim.ticketing.with_world(|w| w.used_preemptions.clone());
    assert!(used.iter().any(|u| u.starts_with(&anna)), "{used:?}");
    assert_eq!(s.state(tc).await, "sold");

    // Used: another fan (or the same) cannot show it again for this match.
    let (_, other) = s.app.fan_with_session("altro@example.it").await;
    let (status, body) = use_right(&s, &other, &anna).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("right_used")));
    let counts = staff
        .get_json(&format!("/api/admin/phases/{}", phases[0]["id"]))
        .await;
    assert_eq!(counts["counts"]["used"], 1, "{counts}");
    assert_eq!(counts["counts"]["eligible"], 2, "{counts}");

    // Staff remove a right: it gives nothing any more.
    let (status, _) = {
        let r = staff
            .delete(&format!("/api/admin/preemption-codes/{}", code["id"]))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), ())
    };
    assert_eq!(status, 200);
    let (status, _) = use_right(&s, &other, &anna).await;
    assert_eq!(status, 404);
}

#[sqlx::test(migrations = false)]
async fn eight_fans_racing_to_use_one_fidelity_card_make_one_order(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let staff = s.app.staff().await;
    window_open(&s, &[]).await;
    let now = chrono::Utc::now();
    staff
        .post_ok(
            "/api/admin/phases",
            &json!({"fixture_id": s.fixture, "kind": "fidelity_card", "name": "Blu nel Cuore",
                    "starts_at": now - chrono::Duration::hours(1),
                    "ends_at": now + chrono::Duration::hours(1), "sectors": ""}),
        )
        .await;
    let card = card_for(&s, "Anna", "Neri").await;
    staff
        .post_ok(
            "/api/admin/preemption-codes",
            &json!({"fixture_id": s.fixture, "fidelity_card_number_or_fiscal_seal": card,
                    "sector_code": "TC"}),
        )
        .await;
    // Eight fans show the card (none has paid yet) and each holds a seat of their own.
    let mut fans = vec![];
    for i in 1..=8 {
        let (_, fan) = s.app.fan_with_session(&format!("fan{i}@example.it")).await;
        let (status, body) = use_right(&s, &fan, &card).await;
        assert_eq!(status, 200, "{body}");
        let seat = s.seat(&format!("TC-TC2-1-{i}")).await;
        let (status, body) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
        assert_eq!(status, 200, "{body}");
        fans.push(fan);
    }
    // All check out at once: the database lets one order carry the card.
    let outcomes = futures::future::join_all(fans.iter().map(|f| checkout(&s, f))).await;
    let won = outcomes.iter().filter(|(st, _)| *st == 201).count();
    let lost: Vec<&str> = outcomes
        .iter()
        .filter(|(st, _)| *st != 201)
        .map(|(_, b)| b["code"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(won, 1, "{outcomes:?}");
    assert_eq!(lost, vec!["right_in_use"; 7]);
    let live: i64 = sqlx::query_scalar(
        "select count(*) from ticket_order where preemption_right = $1 and state = 'pending'",
    )
    .bind(&card)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(live, 1);
    // A losing fan's checkout changed nothing: their seat is still only held.
    let seat = s.seat("TC-TC2-1-1").await;
    assert!(["held", "sold"].contains(&s.state(seat).await.as_str()));
}

#[sqlx::test(migrations = false)]
async fn a_season_holder_uses_their_seal_once_per_match(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let staff = s.app.staff().await;
    window_open(&s, &[]).await;
    // Last season's title of Mario Rossi, and his record among the holders.
    let seed: Value = reqwest::Client::new()
        .post(format!("{}/_sim/ticketing/seed", s.sim.http_url()))
        .json(&json!({
            "season_titles": [{"season_type_id": 201, "seat": "TC-TC3-9-1",
                "holder": {"nome": "Mario", "cognome": "Rossi", "dataNascita": "1990-04-01"}}],
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let seal = seed["seals"][0].as_str().unwrap().to_owned();
    sqlx::query(
        "insert into season_holder (label, first_name, last_name, birth_date, fiscal_seal, kind, email)
         values ('2025-2026', 'Mario', 'Rossi', '1990-04-01', $1, 'SEASON', 'mario.rossi@example.it')",
    )
    .bind(&seal)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let now = chrono::Utc::now();
    staff
        .post_ok(
            "/api/admin/phases",
            &json!({"fixture_id": s.fixture, "kind": "preemption_code", "name": "",
                    "starts_at": now - chrono::Duration::hours(1),
                    "ends_at": now + chrono::Duration::hours(1), "sectors": "TC,DI"}),
        )
        .await;
    // A fidelity card is not a season holder's seal; the seal is found among the holders.
    let (_, fan) = s.app.fan_with_session("mario.rossi@example.it").await;
    let (status, body) = use_right(&s, &fan, "TF0000000999").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("right_not_found"))
    );
    let mine = fan
        .get_json(&format!("/api/fixtures/{}/right", s.fixture))
        .await;
    assert_eq!(
        (
            mine["suggested"][0]["right"].as_str(),
            mine["suggested"][0]["source"].as_str()
        ),
        (Some(seal.to_uppercase().as_str()), Some("holder")),
        "{mine}"
    );
    let (status, claim) = use_right(&s, &fan, &seal).await;
    assert_eq!(status, 200, "{claim}");
    assert_eq!(
        (claim["source"].as_str(), claim["sectors"].as_str()),
        (Some("holder"), Some("DI,TC"))
    );
    let seat = s.seat("DI-DI2-1-1").await;
    let (status, body) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
    assert_eq!(status, 200, "{body}");
    // A second hold, one seat at a time, does not make the right buy two.
    let next = s.seat("DI-DI2-1-2").await;
    let (status, body) = s.hold(&fan, json!({"seat_ids": [next]})).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = checkout(&s, &fan).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("one_seat_per_right")),
        "{body}"
    );
    let r = fan
        .delete(&format!("/api/fixtures/{}/hold", s.fixture))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
    let (status, body) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
    assert_eq!(status, 200, "{body}");
    let (status, order) = checkout(&s, &fan).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["preemption_card"], false);
    let id = order["id"].as_str().unwrap().to_owned();
    name_holder(&fan, &order, "Mario", "Rossi").await;
    pay_and_issue(&s, &fan, &id).await;
    // Promozioni1 now holds the match: the seal gives no second seat for it.
    let used_for: Vec<i64> =
        sqlx::query_scalar("select used_for from season_holder where fiscal_seal = $1")
            .bind(&seal)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(used_for, vec![s.fixture.0]);
    let (status, body) = use_right(&s, &fan, &seal).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("right_used")));
    let after = fan
        .get_json(&format!("/api/fixtures/{}/right", s.fixture))
        .await;
    assert_eq!(
        after["suggested"],
        json!([]),
        "a used seal is not suggested"
    );
    let used = s.sim.ticketing.with_world(|w| w.used_preemptions.clone());
    assert!(used.iter().any(|u| u.starts_with(&seal)), "{used:?}");
}
