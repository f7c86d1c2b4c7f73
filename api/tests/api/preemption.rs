//! Pre-emption and renewal (issue 18) over a real database, the simulators on random ports and
//! the worker in-process: the holders sheet and the code table imported by staff, the renewal
//! phase keeping last season's seats, a holder renewing (issued through the pre-emption call,
//! which checks the right again), fans without a right refused with the phase and the next,
//! and, when the phase ends, the unrenewed seat freed for the free sale.

use crate::checkout::pay_with_card;
use crate::common::{Client, OnSale, eventually, on_sale};
use crate::seasons::{season_hold, season_on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

const HOLDER_COLUMNS: [&str; 10] = [
    "Nome",
    "Cognome",
    "Data Nascita",
    "Provincia Nascita",
    "Localita Nascita",
    "Sesso",
    "Sigillo Fiscale",
    "Promozioni1",
    "Promozioni2",
    "Codice Rinnovo",
];

fn sheet(header: &[&'static str], rows: &[Vec<String>]) -> String {
    crate::common::sheet_base64(header, rows)
}

fn holder_row(first: &str, last: &str, birth: &str, seal: &str, code: &str) -> Vec<String> {
    [
        first, last, birth, "CO", "Como", "M", seal, "", "SEASON", code,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Imports a holders sheet and waits for the job to finish; the import as it ended.
async fn import_holders(s: &OnSale, staff: &Client, rows: &[Vec<String>]) -> Value {
    let (status, import) = staff
        .post_json(
            "/api/admin/holders-imports",
            &json!({"label": "2025-2026", "file_name": "abbonati.xlsx",
                    "file_base64": sheet(&HOLDER_COLUMNS, rows)}),
        )
        .await;
    assert_eq!(status, 202, "{import}");
    let id = import["id"].as_str().unwrap().to_owned();
    // The progress seen while it runs: whole batches of 500.
    let mut seen = vec![];
    // A generous deadline: reading 20,000 rows in a debug build on a loaded machine.
    eventually("the holders import finishes", 300, async || {
        let now = staff
            .get_json(&format!("/api/admin/holders-imports/{id}"))
            .await;
        let over = now["state"] == "done" || now["state"] == "failed";
        if !over {
            seen.push(now["written"].as_i64().unwrap());
        }
        over
    })
    .await;
    assert!(seen.iter().all(|w| w % 500 == 0), "{seen:?}");
    let _ = s;
    staff
        .get_json(&format!("/api/admin/holders-imports/{id}"))
        .await
}

/// Last season's title of a holder in the ticketing system, on `seat`: its fiscal seal.
async fn previous_season_title(s: &OnSale, seat: &str, first: &str, last: &str) -> String {
    let r: Value = reqwest::Client::new()
        .post(format!("{}/_sim/ticketing/seed", s.sim.http_url()))
        .json(&json!({
            "season_titles": [{"season_type_id": 201, "seat": seat,
                "holder": {"nome": first, "cognome": last, "dataNascita": "1990-04-01"}}],
            "cards": [{"nome": first, "cognome": last, "dataNascita": "1990-04-01"}],
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    r["seals"][0].as_str().unwrap().to_owned()
}

async fn locked_rows(s: &OnSale, seat: i64) -> i64 {
    sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and state = 'locked' and kept_for_holder is not null",
    )
    .bind(seat)
    .fetch_one(&s.app.pool)
    .await
    .unwrap()
}

/// A renewal order's one line named for `first last` (born 1 April 1990 in Como), with a
/// document: the body of `PUT /api/season-orders/{id}/holders`.
fn renewal_holders(order: &Value, first: &str, last: &str) -> Value {
    let line = &order["lines"][0];
    json!({"lines": [{"id": line["id"], "reduction_id": line["reduction_id"], "collection": false,
        "holder": {"first_name": first, "last_name": last, "birth_date": "1990-04-01",
                   "birth_place": "Como", "document_type": "id_card", "document_number": "CA1234567"}}]})
}

/// Names a renewal order for its holder, pays it by card, confirms it and waits until its
/// title is issued.
async fn pay_renewal(s: &OnSale, fan: &Client, order: &Value) {
    let id = order["id"].as_str().unwrap();
    let holder = &order["lines"][0]["holder"];
    let r = fan
        .put(&format!("/api/season-orders/{id}/holders"))
        .json(&renewal_holders(
            order,
            holder["first_name"].as_str().unwrap(),
            holder["last_name"].as_str().unwrap(),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let r = fan
        .post(&format!("/api/season-orders/{id}/payment"))
        .send()
        .await
        .unwrap();
    let payment: Value = r.json().await.unwrap();
    let secret = payment["client_secret"]
        .as_str()
        .expect("a payment")
        .to_owned();
    pay_with_card(
        s,
        payment["payment_intent_id"].as_str().unwrap(),
        &secret,
        sim::payments::CARD_SUCCESS,
    )
    .await;
    let (status, _) = fan
        .post_json(
            &format!("/api/season-orders/{id}/confirm"),
            &json!({"client_secret": secret}),
        )
        .await;
    assert_eq!(status, 200);
    crate::season_orders::wait_state(s, id, "issued", 60).await;
}

fn renewal_body(right: &str, first: &str, last: &str, place: &str) -> Value {
    json!({"right": right, "first_name": first, "last_name": last, "birth_date": "1990-04-01",
           "birth_province": "co", "birth_place": place, "sex": "M"})
}

/// A renewal phase of the season from an hour ago to an hour ahead; its seats kept.
async fn renewal_phase(staff: &Client, season: i64) -> Value {
    let now = chrono::Utc::now();
    let (status, phase) = staff
        .post_json(
            "/api/admin/phases",
            &json!({"season_ticket_id": season, "kind": "renewal", "name": "",
                    "starts_at": now - chrono::Duration::hours(1),
                    "ends_at": now + chrono::Duration::hours(1), "sectors": ""}),
        )
        .await;
    assert_eq!(status, 201, "{phase}");
    phase
}

#[sqlx::test(migrations = false)]
async fn a_holder_renews_and_keeps_their_seat_others_wait_and_the_unrenewed_seat_is_freed_at_the_end(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, matches) = season_on_sale(&s).await;
    let staff = s.app.staff().await;
    // The ticketing system's clock in the season's renewal window.
    crate::season_orders::renewals_only(&s).await;

    // Last season: Mario Rossi on TC-TC3-9-1, Anna Verdi on TC-TC3-9-2.
    let seal = previous_season_title(&s, "TC-TC3-9-1", "Mario", "Rossi").await;
    let anna = previous_season_title(&s, "TC-TC3-9-2", "Anna", "Verdi").await;
    let (mario_seat, anna_seat) = (s.seat("TC-TC3-9-1").await, s.seat("TC-TC3-9-2").await);

    // The code table and the holders sheet.
    let (status, report) = staff
        .post_json(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": sheet(&["codice", "posto"], &[
                vec!["P1-1".into(), "TC-TC3-9-1".into()],
                vec!["P1-2".into(), "TC-TC3-9-2".into()],
            ])}),
        )
        .await;
    assert_eq!(
        (status, report["written"].as_i64()),
        (200, Some(2)),
        "{report}"
    );
    let import = import_holders(
        &s,
        &staff,
        &[
            holder_row("Mario", "Rossi", "01/04/1990", &seal, "P1-1"),
            holder_row("Anna", "Verdi", "01/04/1990", &anna, "P1-2"),
        ],
    )
    .await;
    assert_eq!(
        (import["state"].as_str(), import["written"].as_i64()),
        (Some("done"), Some(2)),
        "{import}"
    );

    // The renewal phase keeps both seats in every covered match.
    let phase = renewal_phase(&staff, season).await;
    let phase_id = phase["id"].as_i64().unwrap();
    eventually("the holders' seats kept", 30, async || {
        locked_rows(&s, mario_seat).await == matches && locked_rows(&s, anna_seat).await == matches
    })
    .await;
    let counts = staff
        .get_json(&format!("/api/admin/phases/{phase_id}"))
        .await;
    assert_eq!(counts["counts"]["eligible"], 2, "{counts}");
    assert_eq!(counts["counts"]["kept"], 2, "{counts}");

    // Fans see the phase; one without a right is refused a seat, with the phase's end.
    let anonymous = s.app.anonymous().await;
    let timeline = anonymous
        .get_json(&format!("/api/season-tickets/{season}/phases"))
        .await;
    assert_eq!(timeline["current"]["kind"], "renewal", "{timeline}");
    let (_, other) = s.app.fan_with_session("altro@example.it").await;
    let free_seat = s.seat("TC-TC3-9-3").await;
    let (status, refused) = season_hold(&other, season, &[free_seat]).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("preemption_phase")),
        "{refused}"
    );
    assert_eq!(refused["errors"]["phase"]["current"]["kind"], "renewal");
    assert!(refused["errors"]["phase"]["current"]["ends_at"].is_string());
    let (status, _) = season_hold(&other, season, &[mario_seat]).await;
    assert_eq!(status, 409);

    // Wrong rights and details are told apart, and change nothing.
    let (_, fan) = s.app.fan_with_session("mario.rossi@example.it").await;
    let url = format!("/api/season-tickets/{season}/renewal");
    let (status, body) = fan
        .post_json(&url, &renewal_body("NOSUCHSEAL1", "Mario", "Rossi", "Como"))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("holder_not_found"))
    );
    let (status, body) = fan
        .post_json(&url, &renewal_body(&seal, "Mario", "Rossi", "Lecco"))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("holder_mismatch"))
    );
    assert_eq!(body["errors"]["field"], "birth_place");
    // A renewal keeps the holder's seat: choosing one waits for a change-of-seat phase.
    let mut elsewhere = renewal_body(&seal, "Mario", "Rossi", "Como");
    elsewhere["seat_id"] = json!(free_seat);
    let (status, body) = fan.post_json(&url, &elsewhere).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("change_of_seat_not_open")),
        "{body}"
    );
    let (status, body) = fan
        .post_json(&url, &json!({"right": "", "first_name": "Mario"}))
        .await;
    assert_eq!(status, 422, "{body}");

    // The holder renews (case and accents aside): their seat, named for them.
    let (status, order) = fan
        .post_json(
            &url,
            &renewal_body(&seal.to_lowercase(), "MARIO", "Rossì", "como"),
        )
        .await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["renewal"], true);
    assert_eq!(order["lines"].as_array().unwrap().len(), 1);
    assert_eq!(order["lines"][0]["seat_id"], mario_seat);
    assert_eq!(order["lines"][0]["holder"]["last_name"], "Rossi");
    let id = order["id"].as_str().unwrap().to_owned();
    // Another fan with the same right, while it is being paid for: refused.
    let (status, body) = other
        .post_json(&url, &renewal_body(&seal, "Mario", "Rossi", "Como"))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("renewal_in_progress"))
    );
    // The renewed season ticket stays with its holder.
    let r = fan
        .put(&format!("/api/season-orders/{id}/holders"))
        .json(&renewal_holders(&order, "Luigi", "Bianchi"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "renewal_holder");

    // Paid and issued through the pre-emption call, which used last season's seal.
    pay_renewal(&s, &fan, &order).await;
    let used = s.sim.ticketing.with_world(|w| w.used_preemptions.clone());
    assert!(used.iter().any(|u| u.starts_with(&seal)), "{used:?}");
    let sold: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and state = 'sold' and kept_for_holder is null",
    )
    .bind(mario_seat)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(sold, matches);
    let (status, body) = fan
        .post_json(&url, &renewal_body(&seal, "Mario", "Rossi", "Como"))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("already_renewed"))
    );

    // Staff end the phase: Anna's unrenewed seat is freed in one step; the free sale opens.
    let (status, ended) = staff
        .post_json(&format!("/api/admin/phases/{phase_id}/end"), &json!({}))
        .await;
    assert_eq!(status, 200, "{ended}");
    eventually("the unrenewed seat released", 30, async || {
        locked_rows(&s, anna_seat).await == 0
    })
    .await;
    let released = staff
        .get_json(&format!("/api/admin/phases/{phase_id}"))
        .await;
    assert!(released["released_at"].is_string(), "{released}");
    let (status, held) = season_hold(&other, season, &[anna_seat]).await;
    assert_eq!(status, 200, "{held}");
    let (status, body) = fan
        .post_json(&url, &renewal_body(&anna, "Anna", "Verdi", "Como"))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_renewal_phase"))
    );
    assert!(body["errors"]["phase"].is_object());
}

/// Rows of `seat` kept (locked) for a holder by `phase`.
async fn kept_by(s: &OnSale, seat: i64, phase: i64) -> i64 {
    sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and state = 'locked' and kept_for_phase = $2",
    )
    .bind(seat)
    .bind(phase)
    .fetch_one(&s.app.pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = false)]
async fn in_a_change_of_seat_phase_holders_renew_on_a_seat_they_choose_one_holder_per_seat(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, matches) = season_on_sale(&s).await;
    let staff = s.app.staff().await;
    crate::season_orders::renewals_only(&s).await;
    let mario = previous_season_title(&s, "TC-TC3-9-1", "Mario", "Rossi").await;
    let anna = previous_season_title(&s, "TC-TC3-9-2", "Anna", "Verdi").await;
    import_holders(
        &s,
        &staff,
        &[
            holder_row("Mario", "Rossi", "01/04/1990", &mario, ""),
            holder_row("Anna", "Verdi", "01/04/1990", &anna, ""),
        ],
    )
    .await;
    let now = chrono::Utc::now();
    let (status, phase) = staff
        .post_json(
            "/api/admin/phases",
            &json!({"season_ticket_id": season, "kind": "change_of_seat", "name": "Cambio posto",
                    "starts_at": now - chrono::Duration::hours(1),
                    "ends_at": now + chrono::Duration::hours(1), "sectors": "TC"}),
        )
        .await;
    assert_eq!(status, 201, "{phase}");
    let phase_id = phase["id"].as_i64().unwrap();
    let timeline = s
        .app
        .anonymous()
        .await
        .get_json(&format!("/api/season-tickets/{season}/phases"))
        .await;
    assert_eq!(timeline["current"]["kind"], "change_of_seat", "{timeline}");

    let (_, mario_fan) = s.app.fan_with_session("mario.rossi@example.it").await;
    let (_, anna_fan) = s.app.fan_with_session("anna.verdi@example.it").await;
    let url = format!("/api/season-tickets/{season}/renewal");
    let ask = |right: &str, first: &str, last: &str, seat: Option<i64>| {
        let mut body = renewal_body(right, first, last, "Como");
        if let Some(seat) = seat {
            body["seat_id"] = json!(seat);
        }
        body
    };
    let (a, b, c) = (
        s.seat("TC-TC3-9-3").await,
        s.seat("TC-TC3-9-4").await,
        s.seat("TC-TC3-9-5").await,
    );

    // No seat, a seat of a sector the phase does not open, a seat that does not exist: refused,
    // nothing kept.
    let (status, body) = mario_fan
        .post_json(&url, &ask(&mario, "Mario", "Rossi", None))
        .await;
    assert_eq!(
        (status, body["errors"]["seat_id"].as_str()),
        (422, Some("required")),
        "{body}"
    );
    for seat in [s.seat("DI-DI1-1-1").await, 999_999_999] {
        let (status, body) = mario_fan
            .post_json(&url, &ask(&mario, "Mario", "Rossi", Some(seat)))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("seat_not_in_phase")),
            "{body}"
        );
    }
    let kept: i64 =
        sqlx::query_scalar("select count(*) from seat_inventory where kept_for_phase = $1")
            .bind(phase_id)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(kept, 0);

    // Both holders want seat A at once: one gets it, kept in every match; the other is told
    // it is taken.
    let (mario_wants_a, anna_wants_a) = (
        ask(&mario, "Mario", "Rossi", Some(a)),
        ask(&anna, "Anna", "Verdi", Some(a)),
    );
    let (first, second) = tokio::join!(
        mario_fan.post_json(&url, &mario_wants_a),
        anna_fan.post_json(&url, &anna_wants_a),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort();
    assert_eq!(statuses, [201, 409], "{first:?} {second:?}");
    let lost = if first.0 == 409 { &first.1 } else { &second.1 };
    assert_eq!(lost["code"], "seat_not_free", "{lost}");
    assert_eq!(kept_by(&s, a, phase_id).await, matches);
    let (winner, winner_seal, winner_name, loser, loser_seal, loser_name) = if first.0 == 201 {
        (
            &mario_fan,
            &mario,
            ("Mario", "Rossi"),
            &anna_fan,
            &anna,
            ("Anna", "Verdi"),
        )
    } else {
        (
            &anna_fan,
            &anna,
            ("Anna", "Verdi"),
            &mario_fan,
            &mario,
            ("Mario", "Rossi"),
        )
    };
    // The other takes seat B.
    let (status, body) = loser
        .post_json(&url, &ask(loser_seal, loser_name.0, loser_name.1, Some(b)))
        .await;
    assert_eq!(status, 201, "{body}");
    // The winner changes their mind: seat C; seat A is free again, in every match.
    let (status, order) = winner
        .post_json(
            &url,
            &ask(winner_seal, winner_name.0, winner_name.1, Some(c)),
        )
        .await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["renewal"], true);
    assert_eq!(order["lines"][0]["seat_id"], c);
    assert_eq!(kept_by(&s, a, phase_id).await, 0);
    assert_eq!(kept_by(&s, c, phase_id).await, matches);
    let free: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and state = 'free'",
    )
    .bind(a)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(free, matches);
    // Seat B is the other holder's while they pay.
    let (status, body) = winner
        .post_json(
            &url,
            &ask(winner_seal, winner_name.0, winner_name.1, Some(b)),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("seat_not_free")),
        "{body}"
    );

    // Paid: issued through the pre-emption call on seat C, with last season's seal.
    pay_renewal(&s, winner, &order).await;
    let title_seat = s.sim.ticketing.with_world(|w| {
        w.titles
            .values()
            .find(|t| {
                t.season_type_id.is_some()
                    && t.preemption_right.as_deref() == Some(winner_seal.as_str())
            })
            .and_then(|t| t.seat_id)
    });
    let c_planet: Option<i32> =
        sqlx::query_scalar("select planet_seat_id from venue_seat where id = $1")
            .bind(c)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(title_seat.map(i64::from), c_planet.map(i64::from));
    let sold: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where seat_id = $1 and state = 'sold' and kept_for_phase is null",
    )
    .bind(c)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(sold, matches);

    // The phase ends: seat B, never paid for, is freed in one step.
    let (status, ended) = staff
        .post_json(&format!("/api/admin/phases/{phase_id}/end"), &json!({}))
        .await;
    assert_eq!(status, 200, "{ended}");
    eventually("the unpaid change of seat released", 30, async || {
        kept_by(&s, b, phase_id).await == 0
    })
    .await;
    let (status, body) = loser
        .post_json(&url, &ask(loser_seal, loser_name.0, loser_name.1, Some(b)))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_renewal_phase")),
        "{body}"
    );
}

#[sqlx::test(migrations = false)]
async fn two_fans_racing_to_renew_one_holder_make_one_renewal(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, matches) = season_on_sale(&s).await;
    let staff = s.app.staff().await;
    let seal = previous_season_title(&s, "TC-TC3-9-5", "Mario", "Rossi").await;
    let seat = s.seat("TC-TC3-9-5").await;
    staff
        .post_json(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": sheet(&["codice", "posto"], &[vec!["P1-5".into(), "TC-TC3-9-5".into()]])}),
        )
        .await;
    import_holders(
        &s,
        &staff,
        &[holder_row("Mario", "Rossi", "1990-04-01", &seal, "P1-5")],
    )
    .await;
    renewal_phase(&staff, season).await;
    eventually("the seat kept", 30, async || {
        locked_rows(&s, seat).await == matches
    })
    .await;

    let mut fans = vec![];
    for i in 0..8 {
        fans.push(
            s.app
                .fan_with_session(&format!("parente{i}@example.it"))
                .await
                .1,
        );
    }
    let url = format!("/api/season-tickets/{season}/renewal");
    // By fiscal seal or by renewal code: the same right.
    let results = futures::future::join_all(fans.iter().enumerate().map(|(i, f)| {
        let right = if i % 2 == 0 {
            seal.clone()
        } else {
            "p1-5".to_owned()
        };
        let url = url.clone();
        async move {
            f.post_json(&url, &renewal_body(&right, "Mario", "Rossi", "Como"))
                .await
        }
    }))
    .await;
    let won: Vec<_> = results
        .iter()
        .filter(|(status, _)| *status == 201)
        .collect();
    assert_eq!(won.len(), 1, "{results:?}");
    assert!(
        results
            .iter()
            .filter(|(status, _)| *status != 201)
            .all(|(status, b)| *status == 409 && b["code"] == "renewal_in_progress"),
        "{results:?}"
    );
    let live: i64 = sqlx::query_scalar(
        "select count(*) from season_order where renewal_holder_id is not null and state = 'pending'",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(live, 1);

    // Guessing is slowed down: ten wrong tries, then even the right one waits.
    let (_, guesser) = s.app.fan_with_session("indovino@example.it").await;
    for i in 0..10 {
        let (status, _) = guesser
            .post_json(
                &url,
                &renewal_body(&format!("GUESS{i:04}"), "Mario", "Rossi", "Como"),
            )
            .await;
        assert_eq!(status, 404);
    }
    let (status, body) = guesser
        .post_json(&url, &renewal_body(&seal, "Mario", "Rossi", "Como"))
        .await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
    // New accounts from the same address do not start afresh: fifty wrong tries an address.
    for g in 1..5 {
        let (_, guesser) = s
            .app
            .fan_with_session(&format!("indovino{g}@example.it"))
            .await;
        for i in 0..10 {
            let (status, _) = guesser
                .post_json(
                    &url,
                    &renewal_body(&format!("GUESS{g}{i:03}"), "Mario", "Rossi", "Como"),
                )
                .await;
            assert_eq!(status, 404);
        }
    }
    let (_, sixth) = s.app.fan_with_session("indovino5@example.it").await;
    let (status, body) = sixth
        .post_json(&url, &renewal_body("GUESS5000", "Mario", "Rossi", "Como"))
        .await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
}

#[sqlx::test(migrations = false)]
async fn a_holders_sheet_of_twenty_thousand_rows_is_written_in_batches_with_its_rejected_rows(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let staff = s.app.staff().await;
    let mut rows: Vec<Vec<String>> = (0..20_000)
        .map(|i| {
            holder_row(
                &format!("Nome{i}"),
                &format!("Cognome{i}"),
                "15/06/1985",
                &format!("SEAL{i:08}"),
                "",
            )
        })
        .collect();
    // Four bad rows (sheet rows 2 + index): a missing name, a bad date, a duplicate seal, a
    // holder born abroad without the country.
    rows[10][0] = String::new();
    rows[500][2] = "31/02/1985".into();
    rows[12_345][6] = "SEAL00000007".into();
    rows[19_999][3] = "EE".into();
    rows[19_999][4] = String::new();
    let import = import_holders(&s, &staff, &rows).await;
    assert_eq!(import["state"], "done", "{import}");
    assert_eq!(import["total"], 20_000);
    assert_eq!(import["written"], 19_996);
    assert_eq!(import["rejected"], 4);
    let written: i64 =
        sqlx::query_scalar("select count(*) from season_holder where label = '2025-2026'")
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(written, 19_996);
    // The report to download: each rejected row with its reason.
    let id = import["id"].as_str().unwrap();
    let r = staff
        .get(&format!("/api/admin/holders-imports/{id}/rejections"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let bytes = r.bytes().await.unwrap();
    let rejected = integrations::sheets::read_rows(&bytes).unwrap();
    let reasons: Vec<(String, String)> = rejected[1..]
        .iter()
        .map(|(_, c)| (c[0].clone(), c[1].clone()))
        .collect();
    assert_eq!(
        reasons,
        vec![
            ("12".into(), "missing_name".into()),
            ("502".into(), "bad_birth_date".into()),
            ("12347".into(), "duplicate_seal".into()),
            ("20001".into(), "missing_country".into()),
        ]
    );
    // Found by the spec's search: a seal, or a last name's start.
    let found = staff
        .get_json("/api/admin/season-holders?filter=%7B%22q%22%3A%22seal00000042%22%7D")
        .await;
    assert_eq!(found[0]["first_name"], "Nome42", "{found}");
    // Importing the same sheet again merges: still one record per seal.
    let again = import_holders(&s, &staff, &rows).await;
    assert_eq!(again["written"], 19_996);
    let written: i64 = sqlx::query_scalar("select count(*) from season_holder")
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    assert_eq!(written, 19_996);
}

#[sqlx::test(migrations = false)]
async fn a_code_listed_with_two_seats_is_reported_and_no_seat_is_picked(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let staff = s.app.staff().await;
    let rows = |r: &[(&str, &str)]| -> Vec<Vec<String>> {
        r.iter()
            .map(|(c, s)| vec![c.to_string(), s.to_string()])
            .collect()
    };
    // An earlier table gave P1-7 a seat; the new one lists it twice with two seats.
    staff
        .post_json(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": sheet(&["codice", "posto"], &rows(&[("P1-7", "CC-CC1-1-1")]))}),
        )
        .await;
    let (status, report) = staff
        .post_json(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": sheet(&["codice", "posto"], &rows(&[
                ("P1-1", "CC-CC1-1-2"),
                ("P1-7", "CC-CC1-1-3"),
                ("P1-7", "CC-CC1-1-4"),
                ("P2-9", "XX-NOPE-1-1"),
                ("Q-1", "CC-CC1-1-5"),
            ]))}),
        )
        .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["written"], 1);
    assert_eq!(report["duplicates"][0]["code"], "P1-7");
    assert_eq!(
        report["duplicates"][0]["seats"],
        json!(["CC-CC1-1-3", "CC-CC1-1-4"])
    );
    assert_eq!(report["duplicates"][0]["rows"], json!([3, 4]));
    let reasons: Vec<&str> = report["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, vec!["unknown_seat", "bad_code"]);
    let codes = staff.get_json("/api/admin/renewal-codes").await;
    let listed: Vec<&str> = codes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, vec!["P1-1"], "the duplicate's old seat is gone too");
    // Not a sheet: refused, nothing written.
    let (status, _) = staff
        .post_json(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": "bm90IGEgc2hlZXQ="}),
        )
        .await;
    assert_eq!(status, 422);
}

#[sqlx::test(migrations = false)]
async fn staff_phases_refuse_bad_dates_sectors_and_a_renewal_of_a_match(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let staff = s.app.staff().await;
    let now = chrono::Utc::now();
    let phase = |target: Value, kind: &str, hours: i64, sectors: &str| {
        let mut body = json!({"kind": kind, "name": "Como Cup", "starts_at": now,
                              "ends_at": now + chrono::Duration::hours(hours), "sectors": sectors});
        body.as_object_mut()
            .unwrap()
            .extend(target.as_object().unwrap().clone());
        body
    };
    let fixture = json!({"fixture_id": s.fixture});
    let field = |body: &Value, name: &str| body["errors"][name].is_string();
    let (status, body) = staff
        .post_json(
            "/api/admin/phases",
            &phase(fixture.clone(), "renewal", 1, ""),
        )
        .await;
    assert!(status == 422 && field(&body, "kind"), "{body}");
    let (status, body) = staff
        .post_json(
            "/api/admin/phases",
            &phase(fixture.clone(), "change_of_seat", 1, ""),
        )
        .await;
    assert!(status == 422 && field(&body, "kind"), "{body}");
    let (status, body) = staff
        .post_json(
            "/api/admin/phases",
            &phase(fixture.clone(), "group", -1, ""),
        )
        .await;
    assert!(status == 422 && field(&body, "ends_at"), "{body}");
    let (status, body) = staff
        .post_json(
            "/api/admin/phases",
            &phase(fixture.clone(), "group", 1, "CC, XX"),
        )
        .await;
    assert!(status == 422 && field(&body, "sectors"), "{body}");
    let long = vec!["CC"; 80].join(",");
    let (status, body) = staff
        .post_json(
            "/api/admin/phases",
            &phase(fixture.clone(), "group", 1, &long),
        )
        .await;
    assert!(status == 422 && field(&body, "sectors"), "{body}");
    // A good one, its sectors written as codes; then made a renewal: refused, unchanged.
    let (status, made) = staff
        .post_json(
            "/api/admin/phases",
            &phase(fixture.clone(), "group", 1, " cc ,di"),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["sectors"], "CC,DI");
    let id = made["id"].as_i64().unwrap();
    let r = staff
        .put(&format!("/api/admin/phases/{id}"))
        .json(&phase(json!({}), "renewal", 1, ""))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    let kept = staff.get_json(&format!("/api/admin/phases/{id}")).await;
    assert_eq!(kept["kind"], "group");
    let listed = staff
        .get_json(&format!(
            "/api/admin/phases?filter=%7B%22fixture_id%22%3A{}%7D",
            s.fixture
        ))
        .await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
}

#[sqlx::test(migrations = false)]
async fn staff_send_each_holder_their_renewal_code_once_and_the_holder_sees_their_rights(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, _) = season_on_sale(&s).await;
    let staff = s.app.staff().await;
    staff
        .post_ok(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": sheet(&["codice", "posto"], &[
                vec!["P1-1".into(), "TC-TC3-9-1".into()],
            ])}),
        )
        .await;
    // The sheet may carry each holder's e-mail; a wrong one rejects the row.
    let mut columns = HOLDER_COLUMNS.to_vec();
    columns.push("Email");
    let row = |first: &str, seal: &str, code: &str, email: &str| {
        let mut r = holder_row(first, "Rossi", "01/04/1990", seal, code);
        r.push(email.to_owned());
        r
    };
    let (status, import) = staff
        .post_json(
            "/api/admin/holders-imports",
            &json!({"label": "2025-2026", "file_name": "abbonati.xlsx", "file_base64": sheet(&columns, &[
                row("Mario", "SEAL0001", "P1-1", "Mario.Rossi@Example.it"),
                row("Anna", "SEAL0002", "", "anna@example.it"),
                row("Luca", "SEAL0003", "P1-2", ""),
                row("Sara", "SEAL0004", "P1-3", "not-an-address"),
            ])}),
        )
        .await;
    assert_eq!(status, 202, "{import}");
    let id = import["id"].as_str().unwrap().to_owned();
    eventually("the holders imported", 60, async || {
        staff
            .get_json(&format!("/api/admin/holders-imports/{id}"))
            .await["state"]
            == "done"
    })
    .await;
    let done = staff
        .get_json(&format!("/api/admin/holders-imports/{id}"))
        .await;
    assert_eq!(
        (done["written"].as_i64(), done["rejected"].as_i64()),
        (Some(3), Some(1)),
        "{done}"
    );

    // One holder has a code and an e-mail: one e-mail, with the code and the seat it keeps.
    let send = async |again: bool| {
        let (status, m) = staff
            .post_json(
                "/api/admin/renewal-mailings",
                &json!({"season_ticket_id": season, "again": again}),
            )
            .await;
        assert_eq!(status, 202, "{m}");
        let id = m["id"].as_str().unwrap().to_owned();
        eventually("the mailing done", 60, async || {
            staff
                .get_json(&format!("/api/admin/renewal-mailings/{id}"))
                .await["state"]
                == "done"
        })
        .await;
        staff
            .get_json(&format!("/api/admin/renewal-mailings/{id}"))
            .await
    };
    let first = send(false).await;
    assert_eq!(
        (
            first["total"].as_i64(),
            first["sent"].as_i64(),
            first["skipped"].as_i64()
        ),
        (Some(1), Some(1), Some(2)),
        "{first}"
    );
    let to = "mario.rossi@example.it";
    let mails = || crate::checkout::emails(&s.app.pool, "renewal_code", to);
    assert_eq!(mails().await, 1);
    let text = s.app.last_mail_text(to).await;
    assert!(
        text.contains("P1-1") && text.contains("TC-TC3-9-1"),
        "{text}"
    );
    // Sent once: a second mailing leaves them out, unless staff send again on purpose.
    let second = send(false).await;
    assert_eq!(
        (second["total"].as_i64(), second["sent"].as_i64()),
        (Some(0), Some(0))
    );
    assert_eq!(mails().await, 1);
    let again = send(true).await;
    assert_eq!(
        (again["total"].as_i64(), again["sent"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(mails().await, 2);
    let list = staff.get_json("/api/admin/renewal-mailings").await;
    assert_eq!(list.as_array().unwrap().len(), 3);

    // The holder signed in sees what they may renew; another fan sees nothing.
    let (_, mario) = s.app.fan_with_session(to).await;
    let rights = mario.get_json("/api/me/renewal-rights").await;
    let item = &rights["items"][0];
    assert_eq!(item["renewal_code"], "P1-1", "{rights}");
    assert_eq!(item["seat_label"], "TC-TC3-9-1");
    assert_eq!(item["renewed"], false);
    assert!(
        item["season_ticket_ids"]
            .as_array()
            .unwrap()
            .contains(&json!(season))
    );
    let (_, other) = s.app.fan_with_session("altro@example.it").await;
    let none = other.get_json("/api/me/renewal-rights").await;
    assert_eq!(none["items"].as_array().unwrap().len(), 0);
}

#[sqlx::test(migrations = false)]
async fn a_buyer_renews_as_many_season_tickets_as_their_quota_and_anyone_their_own(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (season, matches) = season_on_sale(&s).await;
    let staff = s.app.staff().await;
    let seats = ["TC-TC3-8-1", "TC-TC3-8-2", "TC-TC3-8-3", "TC-TC3-8-4"];
    let codes: Vec<Vec<String>> = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| vec![format!("P1-{i}"), seat.to_string()])
        .collect();
    staff
        .post_ok(
            "/api/admin/renewal-codes/import",
            &json!({"file_base64": sheet(&["codice", "posto"], &codes)}),
        )
        .await;
    // Luca Bianchi bought three of last season's: two as SEASON (his quota), one not.
    for (i, (first, kind)) in [
        ("Mario", "SEASON"),
        ("Anna", "SEASON"),
        ("Giulia", "SINGLE"),
        ("Sara", "SEASON"),
    ]
    .iter()
    .enumerate()
    {
        let buyer = if i < 3 { ("Luca", "Bianchi") } else { ("", "") };
        sqlx::query(
            "insert into season_holder (label, first_name, last_name, birth_date, birth_province, birth_place,
                 sex, fiscal_seal, kind, buyer_first_name, buyer_last_name, buyer_birth_date, renewal_code)
             values ('2025-2026', $1, 'Rossi', '1990-04-01', 'CO', 'Como', 'M', $2, $3, $4, $5,
                     case when $4 = '' then null else date '1970-01-01' end, $6)",
        )
        .bind(first)
        .bind(format!("QUOTA{i}"))
        .bind(kind)
        .bind(buyer.0)
        .bind(buyer.1)
        .bind(format!("P1-{i}"))
        .execute(&s.app.pool)
        .await
        .unwrap();
    }
    renewal_phase(&staff, season).await;
    let last = s.seat(seats[3]).await;
    eventually("the holders' seats kept", 30, async || {
        locked_rows(&s, last).await == matches
    })
    .await;
    let url = format!("/api/season-tickets/{season}/renewal");
    let (luca_id, luca) = s.app.fan_with_session("luca.bianchi@example.it").await;
    sqlx::query(
        "update app_user set first_name = 'LUCA', last_name = 'bianchi', date_of_birth = '1970-01-01' where user_id = $1",
    )
    .bind(luca_id)
    .execute(&s.app.pool)
    .await
    .unwrap();
    // His family's codes at once (the spec's list of codes): partial success, per right.
    let (status, result) = luca
        .post_json(
            &format!("/api/season-tickets/{season}/renewals"),
            &json!({"items": [
                renewal_body("QUOTA0", "Mario", "Rossi", "Como"),
                renewal_body("NOSUCHSEAL", "Anna", "Rossi", "Como"),
                renewal_body("QUOTA1", "Anna", "Rossi", "Como"),
                renewal_body("QUOTA2", "Giulia", "Rossi", "Como"),
            ]}),
        )
        .await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(
        result["successful"],
        json!(["QUOTA0", "QUOTA1"]),
        "{result}"
    );
    let codes: Vec<Value> = result["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].clone())
        .collect();
    assert_eq!(
        codes,
        vec![
            Value::Null,
            json!("holder_not_found"),
            Value::Null,
            json!("renewal_quota")
        ]
    );
    assert_eq!(result["items"][3]["errors"]["quota"], 2);
    assert_eq!(result["items"][0]["order"]["renewal"], true);
    let (status, body) = luca
        .post_json(
            &format!("/api/season-tickets/{season}/renewals"),
            &json!({"items": []}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    // A fan who bought none renews one: their own.
    let (_, sara) = s.app.fan_with_session("sara.rossi@example.it").await;
    let (status, body) = sara
        .post_json(&url, &renewal_body("QUOTA3", "Sara", "Rossi", "Como"))
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = sara
        .post_json(&url, &renewal_body("QUOTA2", "Giulia", "Rossi", "Como"))
        .await;
    assert_eq!(
        (
            status,
            body["code"].as_str(),
            body["errors"]["quota"].as_i64()
        ),
        (409, Some("renewal_quota"), Some(1)),
        "{body}"
    );
}
