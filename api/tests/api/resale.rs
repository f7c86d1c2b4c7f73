//! Resale at face value (issue 20) over a real database, the simulators and the worker: a
//! season holder offers one match's seat, capped at its face value by the database; two
//! buyers race for it and one reserves it; the payment, confirmed and delivered three times,
//! issues the buyer's title once by the season seat's change of holder and pays the seller
//! back once, less the fee; a payment that lands after staff cancelled the offer is paid back;
//! an offer past its deadline ends and the match is the seller's again.

use crate::checkout::{emails, pay_then_race_three_webhooks, pay_with_card, refunds};
use crate::common::{Client, OnSale, eventually, on_sale};
use crate::season_orders::{card_for, free_sale, match_holder, pay, season_order, wait_state};
use crate::seasons::season_on_sale;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

/// A buyer's holder: registered with a supporter card (some matches are high-risk).
fn holder(first: &str) -> Value {
    json!({"holder": {"first_name": first, "last_name": "Compra", "birth_date": "1990-04-01",
                      "birth_place": "Como", "document_type": "id_card",
                      "document_number": "CB1234567"}})
}

/// A seller with an issued season seat on TC-TC3-8-1, the season's matches ahead, and the
/// seat's line.
async fn seller(s: &OnSale, email: &str) -> (Client, i64, i64, Vec<i64>) {
    let (season, _) = season_on_sale(s).await;
    free_sale(s).await;
    let (_, fan) = s.app.fan_with_session(email).await;
    card_for(s, "Luca", "Neri").await;
    for first in ["Bruno", "Carla"] {
        card_for(s, first, "Compra").await;
    }
    let (order, _) = season_order(s, &fan, season, &["TC-TC3-8-1"], &[("Luca", "Neri")]).await;
    pay(s, &fan, &order).await;
    wait_state(s, &order, "issued", 120).await;
    let wallet = fan.get_json("/api/wallet/seasons").await;
    let seat = &wallet["items"][0];
    let ahead = seat["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["state"] == "valid")
        .map(|m| m["fixture_id"].as_i64().unwrap())
        .collect();
    (fan, season, seat["line_id"].as_i64().unwrap(), ahead)
}

async fn purchase(buyer: &Client, offer: &str, first: &str) -> (u16, Value) {
    buyer
        .post_json(&format!("/api/resales/{offer}/purchase"), &holder(first))
        .await
}

async fn settled_purchase(buyer: &Client, id: &str) -> Value {
    let mut last = Value::Null;
    eventually("the resale purchase settled", 90, async || {
        last = buyer.get_json(&format!("/api/resale-purchases/{id}")).await;
        last["transfer_state"] == "done" || last["state"] == "refunded"
    })
    .await;
    last
}

#[sqlx::test(migrations = false)]
async fn a_season_seat_is_resold_at_face_value_once_and_its_seller_paid_back_less_the_fee(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (fan, season, line, ahead) = seller(&s, "rivende@example.it").await;
    let fixture = ahead[0];
    let path = format!("/api/season-seats/{line}/matches/{fixture}/resale");
    let staff = s.app.staff().await;
    staff
        .put_ok(
            &format!("/api/admin/season-tickets/{season}"),
            &json!({"resale_fee_cents": 200}),
        )
        .await;

    let check = fan.get_json(&path).await;
    assert_eq!(check["resellable"], true, "{check}");
    let face = check["terms"]["face_value_cents"].as_i64().unwrap();
    assert_eq!(check["terms"]["fee_cents"].as_i64(), Some(200));
    assert!(face > 200, "{check}");
    // The cap, in the fan's words and in the database itself.
    let (status, body) = fan
        .post_json(&path, &json!({"price_cents": face + 1}))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("price_above_face_value")),
        "{body}"
    );
    let (status, body) = fan.post_json(&path, &json!({"price_cents": 200})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("price_below_fee"))
    );
    let price = face - 100;
    let (status, offer) = fan.post_json(&path, &json!({"price_cents": price})).await;
    assert_eq!(status, 201, "{offer}");
    assert_eq!(offer["state"], "listed");
    assert_eq!(offer["payout_cents"].as_i64(), Some(price - 200));
    let offer_id = offer["id"].as_str().unwrap().to_owned();
    let above_cap = sqlx::query(
        "update season_resale set price_cents = face_value_cents + 1 where resale_id = $1",
    )
    .bind(Uuid::parse_str(&offer_id).unwrap())
    .execute(&s.app.pool)
    .await;
    assert!(
        above_cap.is_err(),
        "the database takes no price above face value"
    );
    // Offered once; not passed on meanwhile; not another fan's to offer.
    let (status, body) = fan.post_json(&path, &json!({"price_cents": price})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("in_resale")));
    let (status, body) = fan
        .post_json(
            &format!("/api/season-seats/{line}/matches/{fixture}/transfer"),
            &match_holder("Carla", "carla@example.it"),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("in_resale")));
    let (_, bruno) = s.app.fan_with_session("bruno@example.it").await;
    let (_, carla) = s.app.fan_with_session("carla@example.it").await;
    assert_eq!(bruno.get(&path).send().await.unwrap().status(), 404);
    let (status, _) = bruno
        .post_json(&format!("/api/resales/{offer_id}/withdraw"), &json!({}))
        .await;
    assert_eq!(status, 404);

    // On the match's seat map, and in its list of resales.
    let (seat, block): (i64, i32) =
        sqlx::query_as("select id, block_id from venue_seat where label = 'TC-TC3-8-1'")
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    let seats = bruno
        .get_json(&format!("/api/fixtures/{fixture}/blocks/{block}"))
        .await;
    let shown = seats["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"].as_i64() == Some(seat))
        .unwrap()
        .clone();
    assert_eq!(
        (&shown["state"], &shown["resale_id"]),
        (&json!("resale"), &json!(offer_id)),
        "{shown}"
    );
    let listed = bruno
        .get_json(&format!("/api/fixtures/{fixture}/resales"))
        .await;
    assert_eq!(listed["items"][0]["id"], json!(offer_id), "{listed}");

    // Not the seller's to buy; of two buyers at once, one reserves it.
    let (status, body) = purchase(&fan, &offer_id, "Luca").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("own_offer")));
    let (a, b) = tokio::join!(
        purchase(&bruno, &offer_id, "Bruno"),
        purchase(&carla, &offer_id, "Carla")
    );
    let mut answers = [a.0, b.0];
    answers.sort();
    assert_eq!(answers, [201, 409], "{a:?} {b:?}");
    let (buyer, bought, buyer_email) = if a.0 == 201 {
        (&bruno, a.1, "bruno@example.it")
    } else {
        (&carla, b.1, "carla@example.it")
    };
    assert_eq!(
        bought["payment"]["amount_cents"].as_i64(),
        Some(price),
        "the buyer pays the seller's price"
    );
    // Reserved: off the seat map, and the seller cannot withdraw it under the buyer.
    let listed = bruno
        .get_json(&format!("/api/fixtures/{fixture}/resales"))
        .await;
    assert_eq!(listed["items"].as_array().map(Vec::len), Some(0));
    let (status, body) = fan
        .post_json(&format!("/api/resales/{offer_id}/withdraw"), &json!({}))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("offer_reserved"))
    );

    // Paid: the buyer's return and three webhooks at once settle it once.
    let purchase_id = bought["purchase"]["id"].as_str().unwrap().to_owned();
    let intent = bought["payment"]["payment_intent_id"].as_str().unwrap();
    let secret = bought["payment"]["client_secret"].as_str().unwrap();
    let confirm_path = format!("/api/resale-purchases/{purchase_id}/confirm");
    let confirm_body = json!({"client_secret": secret});
    let (_, (status, _)) = pay_then_race_three_webhooks(
        &s,
        intent,
        secret,
        buyer.post_json(&confirm_path, &confirm_body),
    )
    .await;
    assert_eq!(status, 200);
    let done = settled_purchase(buyer, &purchase_id).await;
    assert_eq!(
        (&done["state"], &done["transfer_state"]),
        (&json!("paid"), &json!("done")),
        "{done}"
    );
    let new_seal = done["seal"].as_str().unwrap().to_owned();
    // The buyer's wallet holds the match ticket; the seller's season shows the match sold.
    let received = buyer.get_json("/api/wallet").await["received_matches"].clone();
    assert_eq!(received[0]["seal"], json!(new_seal), "{received}");
    assert_eq!(
        received[0]["price_cents"].as_i64(),
        Some(price),
        "its PDF shows it"
    );
    let seasons = fan.get_json("/api/wallet/seasons").await;
    let sold = seasons["items"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["fixture_id"].as_i64() == Some(fixture))
        .unwrap()
        .clone();
    assert_eq!(
        (&sold["state"], &sold["resale"]["state"]),
        (&json!("passed_on"), &json!("completed")),
        "{sold}"
    );
    // The seller is paid back once, the price less the fee, on their season payment.
    eventually("the seller paid back", 60, async || {
        let offer = staff
            .get_json(&format!("/api/admin/resales/{offer_id}"))
            .await;
        offer["paid_out_at"].is_string()
    })
    .await;
    let payouts: Vec<i64> = refunds(&s)
        .await
        .iter()
        .map(|r| r["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(payouts, vec![price - 200], "one payout, less the fee");
    assert_eq!(
        emails(&s.app.pool, "resale_sold", "rivende@example.it").await,
        1
    );
    // A worker killed after the provider paid out and before the payout was recorded: the
    // job runs again and the provider's idempotency key returns the same refund.
    let resale = Uuid::parse_str(&offer_id).unwrap();
    let first_refund: Option<String> =
        sqlx::query_scalar("select payout_refund_id from season_resale where resale_id = $1")
            .bind(resale)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    sqlx::query(
        "update season_resale set paid_out_at = null, payout_refund_id = null where resale_id = $1",
    )
    .bind(resale)
    .execute(&s.app.pool)
    .await
    .unwrap();
    sqlx::query(
        "update apalis.jobs set status = 'Pending', attempts = 0, run_at = now(), lock_by = null,
                lock_at = null, done_at = null where job_type = 'resale::pay_seller'",
    )
    .execute(&s.app.pool)
    .await
    .unwrap();
    let mut again: Option<String> = None;
    eventually("the payout recorded again", 60, async || {
        again =
            sqlx::query_scalar("select payout_refund_id from season_resale where resale_id = $1")
                .bind(resale)
                .fetch_one(&s.app.pool)
                .await
                .unwrap();
        again.is_some()
    })
    .await;
    assert_eq!(again, first_refund, "the same refund");
    assert_eq!(refunds(&s).await.len(), 1, "still one payout");
    assert_eq!(
        emails(&s.app.pool, "season_ticket_transfer", buyer_email).await,
        1
    );
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions("cessione-abb-")),
        (1, 0),
        "one title for the buyer"
    );
    // A resale is not counted in the season's transfer limit (staff left it at 0).
    let check = fan
        .get_json(&format!(
            "/api/season-seats/{line}/matches/{fixture}/transfer"
        ))
        .await;
    assert_eq!(check["transfers_used"].as_i64(), Some(0), "{check}");
    // Staff see it completed and cannot cancel it; a fan cannot reach the staff list.
    let list = staff
        .get_json("/api/admin/resales?filter={\"state\":\"completed\"}")
        .await;
    assert_eq!(list[0]["id"], json!(offer_id), "{list}");
    let r = staff
        .post(&format!("/api/admin/resales/{offer_id}/cancel"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert_eq!(
        fan.get("/api/admin/resales").send().await.unwrap().status(),
        403
    );
}

#[sqlx::test(migrations = false)]
async fn a_payment_after_staff_cancelled_is_paid_back_and_an_offer_ends_at_its_deadline(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (fan, _, line, ahead) = seller(&s, "rivende2@example.it").await;
    let path = |f: i64| format!("/api/season-seats/{line}/matches/{f}/resale");
    let face = fan.get_json(&path(ahead[0])).await["terms"]["face_value_cents"]
        .as_i64()
        .unwrap();
    let (status, offer) = fan
        .post_json(&path(ahead[0]), &json!({"price_cents": face}))
        .await;
    assert_eq!(status, 201, "{offer}");
    let offer_id = offer["id"].as_str().unwrap().to_owned();
    let (_, bruno) = s.app.fan_with_session("bruno2@example.it").await;
    let (status, bought) = purchase(&bruno, &offer_id, "Bruno").await;
    assert_eq!(status, 201, "{bought}");
    // Staff take it off sale while Bruno pays: his payment goes back, once.
    let staff = s.app.staff().await;
    let cancelled = staff
        .post(&format!("/api/admin/resales/{offer_id}/cancel"))
        .send()
        .await
        .unwrap();
    assert_eq!(cancelled.status(), 200);
    let purchase_id = bought["purchase"]["id"].as_str().unwrap().to_owned();
    let (intent, secret) = (
        bought["payment"]["payment_intent_id"].as_str().unwrap(),
        bought["payment"]["client_secret"].as_str().unwrap(),
    );
    pay_with_card(&s, intent, secret, sim::payments::CARD_SUCCESS).await;
    for _ in 0..3 {
        let (status, _) = bruno
            .post_json(
                &format!("/api/resale-purchases/{purchase_id}/confirm"),
                &json!({"client_secret": secret}),
            )
            .await;
        assert_eq!(status, 200);
    }
    let back = settled_purchase(&bruno, &purchase_id).await;
    assert_eq!(
        (&back["state"], &back["transfer_id"]),
        (&json!("refunded"), &Value::Null)
    );
    let paid_back: Vec<Value> = refunds(&s)
        .await
        .into_iter()
        .filter(|r| r["payment_intent"] == intent)
        .collect();
    assert_eq!(paid_back.len(), 1, "{paid_back:?}");
    assert_eq!(paid_back[0]["amount"].as_i64(), Some(face));
    assert_eq!(
        emails(&s.app.pool, "order_refunded", "bruno2@example.it").await,
        1
    );

    // A holder the police flagged is refused before the buyer pays anything; one flagged
    // after the seat was reserved is refused by the ticketing system at the change: the buyer
    // is paid back, the offer failed, the match is the seller's.
    let flag = async |first: &str| {
        let r = reqwest::Client::new()
            .post(format!("{}/_sim/ticketing/police-flags", s.sim.http_url()))
            .json(&json!({"nome": first, "cognome": "Compra", "dataNascita": "1990-04-01"}))
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success());
    };
    flag("Vietato").await;
    let (status, second) = fan
        .post_json(&path(ahead[1]), &json!({"price_cents": face}))
        .await;
    assert_eq!(status, 201, "{second}");
    let second = second["id"].as_str().unwrap().to_owned();
    let (status, early) = purchase(&bruno, &second, "Vietato").await;
    assert_eq!(
        (status, early["code"].as_str()),
        (409, Some("holder_banned")),
        "{early}"
    );
    let (status, bought) = purchase(&bruno, &second, "Tardivo").await;
    assert_eq!(status, 201, "{bought}");
    flag("Tardivo").await;
    let (refused_purchase, secret) = (
        bought["purchase"]["id"].as_str().unwrap(),
        bought["payment"]["client_secret"].as_str().unwrap(),
    );
    let refused_intent = bought["payment"]["payment_intent_id"].as_str().unwrap();
    pay_with_card(&s, refused_intent, secret, sim::payments::CARD_SUCCESS).await;
    let (status, _) = bruno
        .post_json(
            &format!("/api/resale-purchases/{refused_purchase}/confirm"),
            &json!({"client_secret": secret}),
        )
        .await;
    assert_eq!(status, 200);
    let back = settled_purchase(&bruno, refused_purchase).await;
    assert_eq!(
        (
            &back["state"],
            &back["transfer_state"],
            &back["offer"]["state"]
        ),
        (&json!("refunded"), &json!("refused"), &json!("failed")),
        "{back}"
    );
    assert_eq!(
        refunds(&s)
            .await
            .iter()
            .filter(|r| r["payment_intent"] == refused_intent)
            .count(),
        1
    );
    assert_eq!(
        emails(&s.app.pool, "resale_sold", "rivende2@example.it").await,
        0,
        "the seller was not paid"
    );

    // Offered again, then withdrawn; offered again, and its deadline passes: nobody may buy
    // it, and the sweep ends it; the match is the seller's again.
    let (status, again) = fan
        .post_json(&path(ahead[0]), &json!({"price_cents": face}))
        .await;
    assert_eq!(status, 201, "{again}");
    let again = again["id"].as_str().unwrap().to_owned();
    let (status, withdrawn) = fan
        .post_json(&format!("/api/resales/{again}/withdraw"), &json!({}))
        .await;
    assert_eq!((status, &withdrawn["state"]), (200, &json!("withdrawn")));
    let (status, late) = fan
        .post_json(&path(ahead[0]), &json!({"price_cents": face}))
        .await;
    assert_eq!(status, 201, "{late}");
    let late = late["id"].as_str().unwrap().to_owned();
    sqlx::query(
        "update season_resale set deadline = now() - interval '1 second' where resale_id = $1",
    )
    .bind(Uuid::parse_str(&late).unwrap())
    .execute(&s.app.pool)
    .await
    .unwrap();
    let (status, body) = purchase(&bruno, &late, "Bruno").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("offer_closed")));
    let ended = domain::resale::expire(&mut s.app.pool.acquire().await.unwrap())
        .await
        .unwrap();
    assert_eq!(ended, 1);
    let seasons = fan.get_json("/api/wallet/seasons").await;
    let back = seasons["items"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["fixture_id"].as_i64() == ahead.first().copied())
        .unwrap()
        .clone();
    assert_eq!(
        (&back["state"], &back["resale"]),
        (&json!("valid"), &Value::Null),
        "{back}"
    );
    let check = fan.get_json(&path(ahead[0])).await;
    assert_eq!(check["resellable"], true, "{check}");

    // A seller who paid at the box office in cash is paid back by staff, who record it.
    sqlx::query(
        "update season_order set payment_method = 'cash'
          where order_id = (select order_id from season_order_line where line_id = $1)",
    )
    .bind(line)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let (status, cash) = fan
        .post_json(&path(ahead[2]), &json!({"price_cents": face}))
        .await;
    assert_eq!(status, 201, "{cash}");
    let cash = cash["id"].as_str().unwrap().to_owned();
    let (status, bought) = purchase(&bruno, &cash, "Bruno").await;
    assert_eq!(status, 201, "{bought}");
    let (cash_purchase, secret) = (
        bought["purchase"]["id"].as_str().unwrap(),
        bought["payment"]["client_secret"].as_str().unwrap(),
    );
    let refunds_before = refunds(&s).await.len();
    pay_with_card(
        &s,
        bought["payment"]["payment_intent_id"].as_str().unwrap(),
        secret,
        sim::payments::CARD_SUCCESS,
    )
    .await;
    let (status, _) = bruno
        .post_json(
            &format!("/api/resale-purchases/{cash_purchase}/confirm"),
            &json!({"client_secret": secret}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        settled_purchase(&bruno, cash_purchase).await["transfer_state"],
        "done"
    );
    let offer_path = format!("/api/admin/resales/{cash}");
    let mut owed = Value::Null;
    eventually("the payout left to staff", 60, async || {
        owed = staff.get_json(&offer_path).await;
        owed["payout_manual"] == true
    })
    .await;
    assert_eq!(owed["paid_out_at"], Value::Null, "{owed}");
    assert_eq!(
        refunds(&s).await.len(),
        refunds_before,
        "no card to pay back"
    );
    let payout = format!("{offer_path}/payout");
    let r = fan.post(&payout).send().await.unwrap();
    assert_eq!(r.status(), 403);
    let r = staff.post(&payout).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let r = staff.post(&payout).send().await.unwrap();
    assert_eq!(r.status(), 409, "recorded once");
    assert!(staff.get_json(&offer_path).await["paid_out_at"].is_string());
    assert_eq!(
        emails(&s.app.pool, "resale_sold", "rivende2@example.it").await,
        1
    );
}
