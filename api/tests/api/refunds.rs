//! Staff refund issued tickets: some of an order's, then the rest, or a whole match's. The
//! titles are cancelled in the ticketing system, the price goes back to the card once however
//! often it is asked (or the provider's answer is lost), the seats are free again.

use crate::checkout::{confirm, emails, order_named, pay_with_card, payment, refunds, wait_state};
use crate::common::{Client, OnSale, eventually, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

/// A fan's issued order for `labels`: its id and its lines (id, price, seal).
async fn issued_order(
    s: &OnSale,
    fan: &Client,
    labels: &[&str],
    holders: &[(&str, &str)],
) -> (String, Vec<(i64, i64, String)>) {
    let (order, _) = order_named(s, fan, labels, holders).await;
    let (intent, secret) = payment(fan, &order).await;
    pay_with_card(s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    assert_eq!(confirm(fan, &order, &secret).await.0, 200);
    wait_state(s, &order, "issued", 60).await;
    let v = fan.get_json(&format!("/api/orders/{order}")).await;
    let lines = v["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_i64().unwrap(),
                l["price_cents"].as_i64().unwrap(),
                l["title"]["seal"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (order, lines)
}

async fn intent_of(s: &OnSale, order: &str) -> String {
    sqlx::query_scalar("select payment_intent_id from ticket_order where order_id = $1::uuid")
        .bind(order)
        .fetch_one(&s.app.pool)
        .await
        .unwrap()
}

async fn refunded_to_card(s: &OnSale, intent: &str) -> Vec<i64> {
    refunds(s)
        .await
        .iter()
        .filter(|r| r["payment_intent"] == intent)
        .map(|r| r["amount"].as_i64().unwrap())
        .collect()
}

async fn order_state(s: &OnSale, order: &str) -> String {
    sqlx::query_scalar("select state from ticket_order where order_id = $1::uuid")
        .bind(order)
        .fetch_one(&s.app.pool)
        .await
        .unwrap()
}

async fn refund_done(staff: &Client, order: &str, n: usize) -> Vec<Value> {
    let mut last = vec![];
    eventually("the refunds done", 60, async || {
        last = staff
            .get_json(&format!("/api/admin/orders/{order}/refunds"))
            .await
            .as_array()
            .unwrap()
            .clone();
        last.len() == n && last.iter().all(|r| r["state"] == "done")
    })
    .await;
    last
}

#[sqlx::test(migrations = false)]
async fn staff_refund_one_ticket_asked_three_times_at_once_then_the_rest_each_paid_back_once(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("rimborso@example.it").await;
    let (order, lines) = issued_order(
        &s,
        &fan,
        &["TC-TC1-6-1", "TC-TC1-6-2"],
        &[("Luca", "Neri"), ("Giulia", "Bianchi")],
    )
    .await;
    let intent = intent_of(&s, &order).await;
    let staff = s.app.staff().await;
    let path = format!("/api/admin/orders/{order}/refunds");
    let one = json!({"line_ids": [lines[0].0], "reason": "Richiesta del tifoso"});
    // The provider's first answer is lost after it paid back: the job asks again, with the
    // same idempotency key.
    reqwest::Client::new()
        .post(format!("{}/_sim/payments/faults", s.sim.http_url()))
        .json(&json!({"commit_then_fail_next": 1}))
        .send()
        .await
        .unwrap();
    let (a, b, c) = tokio::join!(
        staff.post_json(&path, &one),
        staff.post_json(&path, &one),
        staff.post_json(&path, &one)
    );
    let mut statuses = [a.0, b.0, c.0];
    statuses.sort();
    assert_eq!(statuses, [202, 409, 409], "{a:?} {b:?} {c:?}");
    for (status, body) in [&a, &b, &c] {
        if *status == 409 {
            assert_eq!(body["code"], "lines_not_refundable", "{body}");
        }
    }
    refund_done(&staff, &order, 1).await;
    assert_eq!(
        refunded_to_card(&s, &intent).await,
        vec![lines[0].1],
        "paid back once"
    );
    assert_eq!(
        s.client.title_by_seal(&lines[0].2).await.unwrap().state,
        "cancelled"
    );
    assert_eq!(
        s.client.title_by_seal(&lines[1].2).await.unwrap().state,
        "issued"
    );
    assert_eq!(
        order_state(&s, &order).await,
        "issued",
        "one ticket is left"
    );
    let seat = s.seat("TC-TC1-6-1").await;
    assert_eq!(s.state(seat).await, "free");
    let wallet = fan.get_json("/api/wallet").await;
    assert_eq!(wallet["items"].as_array().unwrap().len(), 1);
    // A refunded ticket may not be passed on.
    let (status, _) = fan
        .post_json(
            &format!("/api/titles/{}/transfer", lines[0].2),
            &json!({"holder": {}, "email": "x@example.it"}),
        )
        .await;
    assert_ne!(status, 202);

    // The rest: the order is refunded whole, and nothing is left to refund.
    let (status, rest) = staff
        .post_json(&path, &json!({"reason": "Partita rinviata"}))
        .await;
    assert_eq!(status, 202, "{rest}");
    assert_eq!(rest["line_ids"], json!([lines[1].0]));
    refund_done(&staff, &order, 2).await;
    assert_eq!(
        refunded_to_card(&s, &intent).await,
        vec![lines[0].1, lines[1].1]
    );
    assert_eq!(order_state(&s, &order).await, "refunded");
    let (status, body) = staff.post_json(&path, &json!({"reason": "Ancora"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_issued")));
    assert_eq!(
        emails(&s.app.pool, "order_refunded", "rimborso@example.it").await,
        2
    );
    // Bad input and fans change nothing.
    let (status, body) = staff.post_json(&path, &json!({"reason": " "})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("validation_failed"))
    );
    let (status, _) = fan.post_json(&path, &json!({"reason": "Io"})).await;
    assert_eq!(status, 403);
}

#[sqlx::test(migrations = false)]
async fn a_postponed_match_is_refunded_in_bulk_with_its_progress(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, a) = s.app.fan_with_session("primo.rinvio@example.it").await;
    let (_, b) = s.app.fan_with_session("secondo.rinvio@example.it").await;
    let (first, _) = issued_order(
        &s,
        &a,
        &["TC-TC1-8-1", "TC-TC1-8-2"],
        &[("Anna", "Uno"), ("Bruno", "Due")],
    )
    .await;
    let (second, _) = issued_order(&s, &b, &["TC-TC1-8-3"], &[("Carla", "Tre")]).await;
    let staff = s.app.staff().await;
    let path = format!("/api/admin/fixtures/{}/refunds", s.fixture);
    let (status, started) = staff
        .post_json(&path, &json!({"reason": "Partita rinviata"}))
        .await;
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["progress"]["lines"], 3);
    eventually("every ticket refunded", 60, async || {
        staff.get_json(&path).await["refunded"] == 3
    })
    .await;
    assert_eq!(order_state(&s, &first).await, "refunded");
    assert_eq!(order_state(&s, &second).await, "refunded");
    for order in [&first, &second] {
        let intent = intent_of(&s, order).await;
        assert_eq!(
            refunded_to_card(&s, &intent).await.len(),
            1,
            "one refund per order"
        );
    }
    // Asked again: nothing left, nothing paid twice.
    let (status, again) = staff.post_json(&path, &json!({"reason": "Di nuovo"})).await;
    assert_eq!(status, 202, "{again}");
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    assert_eq!(refunds(&s).await.len(), 2);
}

#[sqlx::test(migrations = false)]
async fn fans_ask_a_refund_for_a_postponed_match_and_staff_approve_one_and_decline_another(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, a) = s.app.fan_with_session("chiede@example.it").await;
    let (_, b) = s.app.fan_with_session("anche@example.it").await;
    let (first, _) = issued_order(&s, &a, &["TC-TC1-9-1"], &[("Anna", "Chiede")]).await;
    let (second, _) = issued_order(&s, &b, &["TC-TC1-9-2"], &[("Bruno", "Anche")]).await;
    let ask = |order: &str| json!({"order_id": order, "reason": "Non posso nella nuova data"});
    let (status, body) = a.post_json("/api/refund-requests", &ask(&first)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("refunds_not_open"))
    );

    let staff = s.app.staff().await;
    let r = staff
        .put(&format!("/api/admin/fixtures/{}", s.fixture))
        .json(&json!({"status": 1, "postponed": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let mine = a.get_json("/api/refund-requests").await;
    assert_eq!(mine["refundable"][0]["order_id"], first.as_str(), "{mine}");
    assert_eq!(mine["refundable"][0]["why"], "postponed");
    let (status, sent) = a.post_json("/api/refund-requests", &ask(&first)).await;
    assert_eq!(
        (status, sent["state"].as_str()),
        (201, Some("pending")),
        "{sent}"
    );
    let (status, body) = a.post_json("/api/refund-requests", &ask(&first)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("request_pending"))
    );
    let (status, _) = b.post_json("/api/refund-requests", &ask(&first)).await;
    assert_eq!(status, 404, "another fan's order");
    let (status, other) = b.post_json("/api/refund-requests", &ask(&second)).await;
    assert_eq!(status, 201);
    assert_eq!(
        emails(&s.app.pool, "refund_request", "chiede@example.it").await,
        1
    );

    let pending = staff
        .get_json("/api/admin/refund-requests?filter=%7B%22state%22%3A%22pending%22%7D")
        .await;
    assert_eq!(pending.as_array().map(Vec::len), Some(2), "{pending}");
    let approve = format!(
        "/api/admin/refund-requests/{}/approve",
        sent["id"].as_str().unwrap()
    );
    let (status, approved) = staff.post_json(&approve, &json!({})).await;
    assert_eq!(
        (status, approved["state"].as_str()),
        (200, Some("approved")),
        "{approved}"
    );
    let (status, body) = staff.post_json(&approve, &json!({})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("request_not_pending"))
    );
    eventually("the approved order refunded", 60, async || {
        order_state(&s, &first).await == "refunded"
    })
    .await;
    let intent = intent_of(&s, &first).await;
    assert_eq!(refunded_to_card(&s, &intent).await.len(), 1);
    assert_eq!(
        emails(&s.app.pool, "refund_request", "chiede@example.it").await,
        2
    );

    let decline = format!(
        "/api/admin/refund-requests/{}/decline",
        other["id"].as_str().unwrap()
    );
    let (status, declined) = staff
        .post_json(
            &decline,
            &json!({"note": "La nuova data è tra una settimana"}),
        )
        .await;
    assert_eq!(
        (status, declined["state"].as_str()),
        (200, Some("declined")),
        "{declined}"
    );
    let text = s.app.last_mail_text("anche@example.it").await;
    assert!(text.contains("La nuova data è tra una settimana"), "{text}");
    assert_eq!(order_state(&s, &second).await, "issued");
    let (status, _) = a.post_json(&decline, &json!({})).await;
    assert_eq!(status, 403, "fans do not decide");
}
