//! Checkout end to end over a real database, the simulators on random ports (ticketing,
//! payments with signed webhooks, SMTP) and the worker in-process: a fan pays and gets one
//! title per seat and one e-mail, however often the webhook comes and however the ticketing
//! system misbehaves; wrong secrets change nothing; lost seats and failed issues are refunded
//! or retried without a title issued twice.

use crate::common::{Client, OnSale, eventually, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;
use uuid::Uuid;

const HOLDERS: [(&str, &str); 4] = [
    ("Luca", "Neri"),
    ("Giulia", "Bianchi"),
    ("Marco", "Verdi"),
    ("Sara", "Colombo"),
];

/// A fan's order for `labels`, holders named: (order id, the order).
async fn order_for(s: &OnSale, fan: &Client, labels: &[&str]) -> (String, Value) {
    order_named(s, fan, labels, &HOLDERS).await
}

/// A fan's order for `labels`, named after `holders` in turn.
pub(crate) async fn order_named(
    s: &OnSale,
    fan: &Client,
    labels: &[&str],
    holders: &[(&str, &str)],
) -> (String, Value) {
    let mut seats = vec![];
    for l in labels {
        seats.push(s.seat(l).await);
    }
    let (status, hold) = s.hold(fan, json!({"seat_ids": seats})).await;
    assert_eq!(status, 200, "{hold}");
    let r = fan
        .post(&format!("/api/fixtures/{}/checkout", s.fixture))
        .json(&json!({"language": "it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let order: Value = r.json().await.unwrap();
    let id = order["id"].as_str().unwrap().to_owned();
    let lines: Vec<Value> = order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .zip(holders)
        .map(|(l, (first, last))| {
            json!({"id": l["id"], "reduction_id": l["reduction_id"], "holder": {
                "first_name": first, "last_name": last, "birth_date": "1990-04-01",
                "birth_place": "Como", "document_type": "id_card", "document_number": "CA1234567"}})
        })
        .collect();
    let r = fan
        .put(&format!("/api/orders/{id}/holders"))
        .json(&json!({ "lines": lines }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    (id, r.json().await.unwrap())
}

/// Creates the order's payment: (intent id, client secret).
pub(crate) async fn payment(fan: &Client, order: &str) -> (String, String) {
    let r = fan
        .post(&format!("/api/orders/{order}/payment"))
        .send()
        .await
        .unwrap();
    let status = r.status();
    let v: Value = r.json().await.unwrap();
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["provider"], "simulator");
    (
        v["payment_intent_id"].as_str().unwrap().to_owned(),
        v["client_secret"].as_str().unwrap().to_owned(),
    )
}

/// Pays the intent with the card that succeeds while no webhook is delivered, then has the
/// provider deliver its succeeded event three times while `confirm` (the fan's return) runs:
/// the race of a payment's four confirmations. Returns the event's id and `confirm`'s answer.
pub(crate) async fn pay_then_race_three_webhooks<T>(
    s: &OnSale,
    intent: &str,
    secret: &str,
    confirm: impl std::future::Future<Output = T>,
) -> (String, T) {
    s.sim.payments.set_webhook(None, None);
    pay_with_card(s, intent, secret, sim::payments::CARD_SUCCESS).await;
    s.sim
        .payments
        .set_webhook(Some(format!("{}/api/payments/webhook", s.app.base)), None);
    let events: Value = reqwest::get(format!("{}/_sim/payments/events", s.sim.http_url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let event = events
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == "payment_intent.succeeded")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let redeliver = reqwest::Client::new()
        .post(format!(
            "{}/_sim/payments/events/{event}/redeliver",
            s.sim.http_url()
        ))
        .json(&json!({"times": 3}))
        .send();
    let (r, answer) = tokio::join!(redeliver, confirm);
    assert_eq!(r.unwrap().status(), 202);
    (event, answer)
}

/// Pays with a test card at the simulator, as the fan app does (publishable key).
pub(crate) async fn pay_with_card(s: &OnSale, intent: &str, secret: &str, card: &str) -> Value {
    reqwest::Client::new()
        .post(format!(
            "{}/v1/payment_intents/{intent}/confirm",
            s.sim.http_url()
        ))
        .bearer_auth("pk_test_lario_simulator")
        .form(&[
            ("client_secret", secret),
            ("payment_method_data[type]", "card"),
            ("payment_method_data[card][number]", card),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

pub(crate) async fn confirm(fan: &Client, order: &str, secret: &str) -> (u16, Value) {
    let r = fan
        .post(&format!("/api/orders/{order}/confirm"))
        .json(&json!({ "client_secret": secret }))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

async fn order_state(pool: &PgPool, order: &str) -> (String, i16) {
    sqlx::query_as("select state, payment_status from ticket_order where order_id = $1")
        .bind(Uuid::parse_str(order).unwrap())
        .fetch_one(pool)
        .await
        .unwrap()
}

pub(crate) async fn wait_state(s: &OnSale, order: &str, state: &str, secs: u64) {
    eventually(&format!("order {order} {state}"), secs, async || {
        order_state(&s.app.pool, order).await.0 == state
    })
    .await;
}

#[sqlx::test(migrations = false)]
async fn a_fan_pays_by_card_and_gets_a_sealed_title_per_seat_a_pdf_each_and_one_email(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("tifosa@example.it").await;
    let (order, placed) = order_for(&s, &fan, &["TC-TC1-1-1", "TC-TC1-1-2"]).await;
    assert_eq!(placed["holders_complete"], true);
    let total = placed["total_cents"].as_i64().unwrap();
    assert!(total > 0);

    let (intent, secret) = payment(&fan, &order).await;
    assert_eq!(
        payment(&fan, &order).await.0,
        intent,
        "the same intent again"
    );
    let paid = pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    assert_eq!(paid["status"], "succeeded");
    assert_eq!(paid["amount"], total, "the amount is the server's");
    let (status, body) = confirm(&fan, &order, &secret).await;
    assert_eq!(status, 200);
    assert!(
        ["paymentProcessedSuccess", "paymentAlreadyProcessed"]
            .contains(&body["outcome"].as_str().unwrap()),
        "{body}"
    );

    wait_state(&s, &order, "issued", 60).await;
    let v: Value = fan.get_json(&format!("/api/orders/{order}")).await;
    assert_eq!(v["payment_status"], 1);
    let seals: Vec<&str> = v["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["title"]["seal"].as_str().unwrap())
        .collect();
    assert_eq!(seals.len(), 2);
    assert!(seals.iter().all(|s| s.len() == 16) && seals[0] != seals[1]);
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order)),
        (2, 0)
    );
    for seal in &seals {
        let t = s.client.title_by_seal(seal).await.unwrap();
        assert_eq!(t.state, "issued");
    }
    let sold: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where fixture_id = $1 and state = 'sold'",
    )
    .bind(s.fixture)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(sold, 2);

    eventually("the e-mail in the mailbox", 30, async || {
        !s.sim.mailbox.messages().is_empty()
    })
    .await;
    let mail = &s.sim.mailbox.messages()[0];
    assert!(mail.subject.contains("biglietti"), "{}", mail.subject);
    let pdfs: Vec<_> = mail
        .attachments
        .iter()
        .filter(|a| a.content_type == "application/pdf")
        .collect();
    assert_eq!(pdfs.len(), 2, "one PDF per title");

    // The wallet lists the titles the moment the order is issued (no "settled for a minute").
    let wallet: Value = fan.get_json("/api/wallet").await;
    let items = wallet["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["holder_name"], "Luca Neri");
    let id = items[0]["id"].as_i64().unwrap();
    let pdf = fan
        .get(&format!("/api/wallet/{id}/pdf?lang=en"))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF-"));
    let (_, other) = s.app.fan_with_session("altro@example.it").await;
    let r = other
        .get(&format!("/api/wallet/{id}/pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404, "another fan's ticket is not found");

    let notes: Value = fan.get_json("/api/notifications").await;
    assert_eq!(notes["items"][0]["kind"], "tickets_issued");
    assert_eq!(notes["unread"], 1);
}

#[sqlx::test(migrations = false)]
async fn the_webhook_delivered_three_times_and_raced_with_the_return_gives_one_title_per_seat_and_one_email(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("veloce@example.it").await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-2-1", "TC-TC1-2-2"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    let (event, (status, body)) =
        pay_then_race_three_webhooks(&s, &intent, &secret, confirm(&fan, &order, &secret)).await;
    assert_eq!(status, 200, "{body}");

    wait_state(&s, &order, "issued", 60).await;
    eventually("three acknowledged deliveries", 20, async || {
        let events: Value = reqwest::get(format!("{}/_sim/payments/events", s.sim.http_url()))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        events.as_array().unwrap().iter().any(|e| {
            e["id"] == event.as_str()
                && e["deliveries"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|d| d.as_u64() == Some(200))
                    .count()
                    >= 3
        })
    })
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order)),
        (2, 0)
    );
    // The tickets' e-mail comes from its own job: once.
    eventually("the tickets e-mailed", 20, async || {
        emails(&s.app.pool, "ticket_purchase", "veloce@example.it").await >= 1
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        emails(&s.app.pool, "ticket_purchase", "veloce@example.it").await,
        1
    );
    let jobs: i64 = sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type = 'checkout::issue_order'",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(jobs, 1, "one issuing job for four confirmations");
}

#[sqlx::test(migrations = false)]
async fn a_wrong_client_secret_or_a_forged_webhook_is_unknown_and_changes_nothing(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (_, fan) = s.app.fan_with_session("onesta@example.it").await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-3-1"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    // The provider's own delivery is turned off: only our forged calls reach the api. The
    // card is declined, so the fan's return cannot pay it either.
    s.sim.payments.set_webhook(None, None);
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_DECLINED).await;

    let (status, body) = confirm(&fan, &order, "pi_wrong_secret_x").await;
    assert_eq!(status, 200);
    assert_eq!(body["outcome"], "unknownOrNoDocument");
    assert_eq!(body["order"], Value::Null);
    let (_, stranger) = s.app.fan_with_session("estraneo@example.it").await;
    let (_, body) = confirm(&stranger, &order, &secret).await;
    assert_eq!(body["outcome"], "unknownOrNoDocument", "not their order");
    let (_, body) = confirm(&fan, "not-a-uuid", &secret).await;
    assert_eq!(body["outcome"], "unknownOrNoDocument");

    let payload = json!({"id": "evt_forged", "object": "event", "created": 1, "livemode": false,
        "pending_webhooks": 1, "type": "payment_intent.succeeded",
        "data": {"object": {"id": intent, "client_secret": secret, "metadata": {"order_id": order}}}})
    .to_string();
    let now = chrono::Utc::now().timestamp();
    for signature in [
        sim::payments::sign(&payload, "whsec_not_ours", now),
        "t=1,v1=deadbeef".to_owned(),
    ] {
        let r = reqwest::Client::new()
            .post(s.app.url("/api/payments/webhook"))
            .header("stripe-signature", signature)
            .body(payload.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400);
        let e: Value = r.json().await.unwrap();
        assert_eq!(e["code"], "invalid_webhook");
    }
    let r = reqwest::Client::new()
        .post(s.app.url("/api/payments/webhook"))
        .body(payload)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400, "no signature");

    // Signed by the provider, but with a client secret that is not the order's.
    let intents: Value = reqwest::get(format!("{}/_sim/payments/intents", s.sim.http_url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut pi = intents[0].clone();
    pi["status"] = json!("succeeded");
    pi["amount_received"] = pi["amount"].clone();
    pi["client_secret"] = json!(format!("{intent}_secret_forged"));
    let payload = json!({"id": "evt_wrong_secret", "object": "event", "created": now,
        "livemode": false, "pending_webhooks": 1, "type": "payment_intent.succeeded",
        "data": {"object": pi}})
    .to_string();
    let r = reqwest::Client::new()
        .post(s.app.url("/api/payments/webhook"))
        .header(
            "stripe-signature",
            sim::payments::sign(&payload, "whsec_lario_simulator", now),
        )
        .body(payload)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["outcome"], "unknownOrNoDocument");
    assert_eq!(
        order_state(&s.app.pool, &order).await,
        ("pending".into(), 0)
    );
    let jobs: i64 = sqlx::query_scalar("select count(*) from apalis.jobs")
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    assert_eq!(jobs, 0);
}

#[sqlx::test(migrations = false)]
async fn a_declined_card_is_told_and_the_order_stays_payable(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (_, fan) = s.app.fan_with_session("rifiutata@example.it").await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-4-1"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    let declined = pay_with_card(&s, &intent, &secret, sim::payments::CARD_DECLINED).await;
    assert_eq!(declined["status"], "requires_payment_method");
    assert_eq!(declined["last_payment_error"]["code"], "card_declined");
    let (status, body) = confirm(&fan, &order, &secret).await;
    assert_eq!(status, 402, "{body}");
    assert_eq!(body["code"], "payment_declined");
    assert_eq!(
        order_state(&s.app.pool, &order).await,
        ("pending".into(), 0)
    );
    let three_ds = pay_with_card(&s, &intent, &secret, sim::payments::CARD_3DS).await;
    assert_eq!(three_ds["status"], "requires_action");
    let (status, body) = confirm(&fan, &order, &secret).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("payment_pending"))
    );
}

#[sqlx::test(migrations = false)]
async fn faults_of_the_ticketing_system_under_naive_idempotency_never_issue_a_title_twice(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let http = reqwest::Client::new();
    let control = |path: &str| format!("{}/_sim/ticketing/{path}", s.sim.http_url());
    http.post(control("idempotency"))
        .json(&json!({"mode": "naive"}))
        .send()
        .await
        .unwrap();
    // Issued, then answered with an error, three times; then two 503s, a malformed answer
    // and a call that hangs past our time-out.
    http.post(control("faults"))
        .json(&json!({"commit_then_fail_next": 3, "status": 503}))
        .send()
        .await
        .unwrap();
    let _worker = s.start_worker_with(&[("TICKETING_TIMEOUT_MS", "1500")]);
    let (_, fan) = s.app.fan_with_session("pazienza@example.it").await;
    let (order, _) = order_for(
        &s,
        &fan,
        &["TC-TC1-5-1", "TC-TC1-5-2", "TC-TC1-5-3", "TC-TC1-5-4"],
    )
    .await;
    let (intent, secret) = payment(&fan, &order).await;
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    let (status, _) = confirm(&fan, &order, &secret).await;
    assert_eq!(status, 200);
    eventually("the first lines asked for", 30, async || {
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order))
            .0
            >= 1
    })
    .await;
    http.post(control("faults"))
        .json(&json!({"next": 2, "status": 503, "malformed_next": 1, "hang_next": 1, "hang_ms": 3000}))
        .send()
        .await
        .unwrap();
    wait_state(&s, &order, "issued", 90).await;
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order)),
        (4, 0),
        "four titles, none issued twice"
    );
    let journal = s.sim.ticketing.with_world(|w| w.journal.clone());
    let issues = journal.iter().filter(|e| e.kind == "emissione").count();
    assert_eq!(issues, 4, "the journal shows four issues: {journal:?}");
    let stored: Vec<i64> =
        sqlx::query_scalar("select title_id from order_line where order_id = $1 order by title_id")
            .bind(Uuid::parse_str(&order).unwrap())
            .fetch_all(&s.app.pool)
            .await
            .unwrap();
    let mut there: Vec<i64> = s.sim.ticketing.with_world(|w| {
        w.titles
            .values()
            .filter(|t| {
                t.transaction_id
                    .as_deref()
                    .is_some_and(|x| x.starts_with(&order))
            })
            .map(|t| t.id as i64)
            .collect()
    });
    there.sort_unstable();
    assert_eq!(stored, there, "we keep exactly the titles that were issued");
}

#[sqlx::test(migrations = false)]
async fn a_paid_order_whose_seat_was_sold_meanwhile_is_refunded_and_the_seat_never_sold_twice(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, slow) = s.app.fan_with_session("lenta@example.it").await;
    let (late_order, _) = order_for(&s, &slow, &["TC-TC1-6-1"]).await;
    let (intent, secret) = payment(&slow, &late_order).await;
    // The slow fan's hold runs out; a quicker fan buys the seat.
    sqlx::query(
        "update seat_inventory set held_until = now() - interval '1 second' where state = 'held'",
    )
    .execute(&s.app.pool)
    .await
    .unwrap();
    let (_, quick) = s.app.fan_with_session("rapida@example.it").await;
    let (order, _) = order_for(&s, &quick, &["TC-TC1-6-1"]).await;
    assert_eq!(order_state(&s.app.pool, &late_order).await.0, "cancelled");
    let (i2, s2) = payment(&quick, &order).await;
    pay_with_card(&s, &i2, &s2, sim::payments::CARD_SUCCESS).await;
    confirm(&quick, &order, &s2).await;
    wait_state(&s, &order, "issued", 60).await;

    // Now the slow fan's payment arrives.
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    let (status, body) = confirm(&slow, &late_order, &secret).await;
    assert_eq!(status, 200, "{body}");
    wait_state(&s, &late_order, "refunded", 60).await;
    let refunds = refunds(&s).await;
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0]["payment_intent"], intent.as_str());
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&late_order)),
        (0, 0)
    );
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order)),
        (1, 0)
    );
    let seat = s.seat("TC-TC1-6-1").await;
    assert_eq!(s.state(seat).await, "sold");
    let refunded_mail: i64 = sqlx::query_scalar(
        "select count(*) from outbound_email where to_address = 'lenta@example.it' and template = 'order_refunded'",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(refunded_mail, 1);

    // The payment report: two card payments and one refund today, as the provider has them.
    let staff = s.app.staff().await;
    let report = async || -> Vec<Value> {
        let r = staff.get("/api/admin/payment-report").send().await.unwrap();
        assert_eq!(r.status(), 200);
        r.json().await.unwrap()
    };
    let rows = report().await;
    let row =
        |rows: &[Value], kind: &str| rows.iter().find(|r| r["kind"] == kind).cloned().unwrap();
    let paid = row(&rows, "paid");
    let total: i64 = sqlx::query_scalar(
        "select sum(total_cents)::bigint from ticket_order where paid_at is not null or refund_id is not null",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(
        (paid["count"].as_i64(), paid["provider_count"].as_i64()),
        (Some(2), Some(2)),
        "{rows:#?}"
    );
    assert_eq!(
        (
            paid["total_cents"].as_i64(),
            paid["provider_total_cents"].as_i64()
        ),
        (Some(total), Some(total))
    );
    assert_eq!(paid["matched"], true);
    let refunded = row(&rows, "refunded");
    assert_eq!(
        (
            refunded["count"].as_i64(),
            refunded["provider_count"].as_i64(),
            refunded["matched"].as_bool()
        ),
        (Some(1), Some(1), Some(true))
    );
    // A payment the provider took that we know nothing of: the day no longer matches.
    let provider = integrations::payments::PaymentsClient::new(
        &format!("{}/", s.sim.http_url()),
        &"sk_test_lario_simulator".to_owned().into(),
        "whsec_lario_simulator".to_owned().into(),
        std::time::Duration::from_secs(5),
    )
    .unwrap();
    let stray = provider
        .create_intent("elsewhere", 1234, "not ours", "stray-1")
        .await
        .unwrap();
    pay_with_card(
        &s,
        &stray.id,
        stray.client_secret.as_deref().unwrap(),
        sim::payments::CARD_SUCCESS,
    )
    .await;
    let paid = row(&report().await, "paid");
    assert_eq!(paid["matched"], false);
    assert_eq!(paid["provider_total_cents"].as_i64(), Some(total + 1234));
    assert_eq!(paid["only_there"], json!([stray.id]));
    let r = staff
        .get("/api/admin/payment-report?filter={\"from\":\"2026-13-01\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
}

#[sqlx::test(migrations = false)]
async fn out_of_attempts_an_order_is_listed_for_staff_who_retry_it_or_refund_it(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let http = reqwest::Client::new();
    let faults = format!("{}/_sim/ticketing/faults", s.sim.http_url());
    http.post(&faults)
        .json(&json!({"rate": 1.0, "status": 503}))
        .send()
        .await
        .unwrap();
    // A breaker that never opens: every 503 spends an attempt, as a failure that is not an
    // outage would (an outage makes issuing wait instead: see the outage test).
    let _worker = s.start_worker_with(&[("TICKETING_BREAKER_FAILURES", "1000")]);
    let staff = s.app.staff().await;
    let (_, fan) = s.app.fan_with_session("sfortunata@example.it").await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-7-1", "TC-TC1-7-2"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    confirm(&fan, &order, &secret).await;
    wait_state(&s, &order, "failed", 120).await;

    let list: Value = staff
        .get_json("/api/admin/failed-issues?filter={\"state\":\"failed\"}")
        .await;
    let row = &list.as_array().unwrap()[0];
    assert_eq!(row["id"], order.as_str());
    assert_eq!(row["attempts"], 8);
    assert!(row["error"].as_str().unwrap().contains("503"), "{row}");
    let alerts: Vec<String> = sqlx::query_scalar(
        "select to_address from outbound_email where template = 'issue_failure' order by to_address",
    )
    .fetch_all(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(alerts, ["biglietteria@lario.test", "sfortunata@example.it"]);

    // The ticketing system is back: staff retry, the titles are issued once.
    http.delete(&faults).send().await.unwrap();
    let r = staff
        .post(&format!("/api/admin/failed-issues/{order}/retry"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let again = staff
        .post(&format!("/api/admin/failed-issues/{order}/retry"))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 409, "a second click is refused");
    wait_state(&s, &order, "issued", 60).await;
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order)),
        (2, 0)
    );
    let audit: i64 =
        sqlx::query_scalar("select count(*) from audit_entry where action = 'order.issue_retried'")
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(audit, 1);
    // Each transition of the order wrote its own audit row, in order (uuid v7 ids).
    let trail: Vec<(String, Value)> = sqlx::query_as(
        "select action, details from audit_entry
          where subject_type = 'order' and subject_id = $1 and actor_user_id is null
          order by audit_entry_id",
    )
    .bind(&order)
    .fetch_all(&s.app.pool)
    .await
    .unwrap();
    let steps: Vec<(&str, &Value, &Value)> = trail
        .iter()
        .map(|(a, d)| (a.as_str(), &d["from"], &d["to"]))
        .collect();
    assert_eq!(
        steps,
        [
            ("order.paid", &json!("pending"), &json!("paid")),
            ("order.failed", &json!("issuing"), &json!("failed")),
            ("order.issuing", &json!("failed"), &json!("issuing")),
            ("order.issued", &json!("issuing"), &json!("issued")),
        ],
        "{trail:?}"
    );

    // A holder under a police ban is refused before paying: nothing is charged.
    let person = json!({"nome": "Marco", "cognome": "Verdi", "dataNascita": "1990-04-01"});
    http.post(format!("{}/_sim/ticketing/police-flags", s.sim.http_url()))
        .json(&person)
        .send()
        .await
        .unwrap();
    let (_, other) = s.app.fan_with_session("bandito@example.it").await;
    let (refused, _) = order_named(&s, &other, &["TC-TC1-8-1"], &[("Marco", "Verdi")]).await;
    let (status, body) = other
        .post_json(&format!("/api/orders/{refused}/payment"), &json!({}))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("holders_ineligible")),
        "{body}"
    );

    // Another order runs out of attempts; staff refund it.
    http.post(&faults)
        .json(&json!({"rate": 1.0, "status": 503}))
        .send()
        .await
        .unwrap();
    let (_, third) = s.app.fan_with_session("rimborsata@example.it").await;
    let (banned, _) = order_named(&s, &third, &["TC-TC1-8-2"], &[("Sara", "Colombo")]).await;
    let (intent, secret) = payment(&third, &banned).await;
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    confirm(&third, &banned, &secret).await;
    wait_state(&s, &banned, "failed", 120).await;
    http.delete(&faults).send().await.unwrap();
    let r = staff
        .post(&format!("/api/admin/failed-issues/{banned}/refund"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    wait_state(&s, &banned, "refunded", 60).await;
    let seat = s.seat("TC-TC1-8-2").await;
    assert_eq!(s.state(seat).await, "free", "the seat is for sale again");
    assert_eq!(refunds(&s).await.len(), 1);
    let r = staff
        .post(&format!("/api/admin/failed-issues/{banned}/refund"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
}

#[sqlx::test(migrations = false)]
async fn holders_are_checked_field_by_field_and_one_person_has_one_seat(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (_, fan) = s.app.fan_with_session("precisa@example.it").await;
    let (order, placed) = order_for(&s, &fan, &["TC-TC1-9-1", "TC-TC1-9-2"]).await;
    let lines = placed["lines"].as_array().unwrap();
    let bad = json!({"lines": [
        {"id": lines[0]["id"], "reduction_id": lines[0]["reduction_id"], "holder": {
            "first_name": "", "last_name": "N3ri", "birth_date": "2999-01-01", "birth_place": "Como",
            "document_type": "visa", "document_number": "x"}},
        {"id": lines[1]["id"], "reduction_id": lines[1]["reduction_id"], "holder": {
            "first_name": "Ada", "last_name": "Rossi", "birth_date": "1980-02-02", "birth_place": "Como",
            "document_type": "passport", "document_number": "YA1234567"}}]});
    let r = fan
        .put(&format!("/api/orders/{order}/holders"))
        .json(&bad)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["code"], "validation_failed");
    for field in [
        "first_name",
        "last_name",
        "birth_date",
        "document_type",
        "document_number",
    ] {
        assert!(
            e["errors"][format!("lines.0.{field}")].is_string(),
            "{field}: {e}"
        );
    }
    assert!(e["errors"].get("lines.1.first_name").is_none());
    // A name mixing alphabets is a look-alike, not a person (issue 25, finding 14); one
    // alphabet beyond Latin-1 is a name like any other.
    let mixed = json!({"lines": [
        {"id": lines[0]["id"], "reduction_id": lines[0]["reduction_id"], "holder": {
            "first_name": "M\u{0430}rio", "last_name": "Rossi", "birth_date": "1980-02-02", "birth_place": "Como",
            "document_type": "passport", "document_number": "YA7654321"}},
        {"id": lines[1]["id"], "reduction_id": lines[1]["reduction_id"], "holder": {
            "first_name": "Łukasz", "last_name": "Dvořák", "birth_date": "1980-02-02", "birth_place": "Praha",
            "document_type": "passport", "document_number": "YA1234567"}}]});
    let r = fan
        .put(&format!("/api/orders/{order}/holders"))
        .json(&mixed)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    let e: Value = r.json().await.unwrap();
    assert!(e["errors"]["lines.0.first_name"].is_string(), "{e}");
    assert!(e["errors"].get("lines.1.first_name").is_none(), "{e}");
    assert!(e["errors"].get("lines.1.last_name").is_none(), "{e}");
    let same = json!({"lines": lines.iter().map(|l| json!({"id": l["id"], "reduction_id": l["reduction_id"],
        "holder": {"first_name": "Ada", "last_name": "Rossi", "birth_date": "1980-02-02",
                   "birth_place": "Como", "document_type": "passport", "document_number": "YA1234567"}}))
        .collect::<Vec<_>>()});
    let r = fan
        .put(&format!("/api/orders/{order}/holders"))
        .json(&same)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["code"], "holder_has_seat");
    let v: Value = fan.get_json(&format!("/api/orders/{order}")).await;
    assert_eq!(
        v["lines"][0]["holder"]["first_name"], "Luca",
        "nothing changed"
    );
    let r = fan
        .post(&format!("/api/orders/{order}/verify"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert!(
        v["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["eligible"] == true)
    );
}

#[sqlx::test(migrations = false)]
async fn staff_sell_seats_to_a_buyer_at_the_box_office_and_they_are_issued_like_an_online_order(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let staff = s.app.staff().await;
    let holder = |first: &str| {
        json!({"first_name": first, "last_name": "Sportello", "birth_date": "1975-03-03",
               "birth_place": "Lecco", "document_type": "passport", "document_number": "YB7654321"})
    };
    let reduction: i32 = sqlx::query_scalar("select id from reduction where code = 'INTERO'")
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let bad = staff
        .post("/api/admin/orders")
        .json(&json!({"fixture_id": s.fixture, "buyer_email": "not an e-mail",
                      "payment_method": "bitcoin", "lines": [
                          {"label": "TC-TC1-11-1", "reduction_id": reduction, "holder": {"first_name": ""}}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 422);
    let e: Value = bad.json().await.unwrap();
    for field in ["buyer_email", "payment_method", "lines.0.first_name"] {
        assert!(e["errors"][field].is_string(), "{field}: {e}");
    }

    let r = staff
        .post("/api/admin/orders")
        .json(&json!({"fixture_id": s.fixture, "buyer_email": "Cliente@Example.it",
                      "payment_method": "cash", "lines": [
                          {"label": "TC-TC1-11-1", "reduction_id": reduction, "holder": holder("Elena")},
                          {"label": "TC-TC1-11-2", "reduction_id": reduction, "holder": holder("Franco")}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let row: Value = r.json().await.unwrap();
    assert_eq!(row["is_order_by_admin"], true);
    assert_eq!(row["payment_method"], "cash");
    assert_eq!(row["buyer_email"], "cliente@example.it");
    let order = row["id"].as_str().unwrap().to_owned();
    wait_state(&s, &order, "issued", 60).await;
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order)),
        (2, 0)
    );
    let issued: Value = staff
        .get(&format!(
            "/api/admin/issued-tickets?filter={}",
            json!({"q": "sportello"})
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let issued = issued.as_array().unwrap();
    assert_eq!(issued.len(), 2);
    assert!(
        issued
            .iter()
            .all(|t| t["is_order_by_admin"] == true && t["payment_method"] == "cash")
    );
    let audit: i64 =
        sqlx::query_scalar("select count(*) from audit_entry where action = 'order.sold_by_staff'")
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(audit, 1);

    let again = staff
        .post("/api/admin/orders")
        .json(&json!({"fixture_id": s.fixture, "buyer_email": "altro@example.it",
                      "payment_method": "pos", "lines": [
                          {"label": "TC-TC1-11-1", "reduction_id": reduction, "holder": holder("Gino")}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 409, "a sold seat is not sold twice");
    let e: Value = again.json().await.unwrap();
    assert_eq!(e["code"], "seats_unavailable");
}

#[sqlx::test(migrations = false)]
async fn a_reduction_the_holder_does_not_qualify_for_is_refused_before_payment(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("ridotta@example.it").await;
    let (order, placed) = order_for(&s, &fan, &["TC-TC1-12-1"]).await;
    let line = placed["lines"][0]["id"].clone();
    let reduction = |code: &'static str| {
        let pool = s.app.pool.clone();
        async move {
            sqlx::query_scalar::<_, i32>("select id from reduction where code = $1")
                .bind(code)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let name = |reduction: i32, birth: &str, sex: Option<&str>| {
        json!({"lines": [{"id": line, "reduction_id": reduction, "holder": {
            "first_name": "Paola", "last_name": "Rinaldi", "birth_date": birth,
            "birth_place": "Como", "document_type": "id_card", "document_number": "CA7777777",
            "sex": sex}}]})
    };
    for (code, birth, sex) in [
        ("DONNA", "1990-01-01", None),
        ("DONNA", "1990-01-01", Some("M")),
        ("U14", "1990-01-01", Some("F")),
        ("O65", "1990-01-01", Some("F")),
    ] {
        let r = fan
            .put(&format!("/api/orders/{order}/holders"))
            .json(&name(reduction(code).await, birth, sex))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 422, "{code} {sex:?}");
        let e: Value = r.json().await.unwrap();
        assert!(e["errors"]["lines.0.reduction_id"].is_string(), "{e}");
    }
    let r = fan
        .put(&format!("/api/orders/{order}/holders"))
        .json(&name(reduction("DONNA").await, "1990-01-01", Some("F")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["lines"][0]["reduction_code"], "DONNA");
    assert_eq!(v["lines"][0]["holder"]["sex"], "F");
    let (intent, secret) = payment(&fan, &order).await;
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    confirm(&fan, &order, &secret).await;
    wait_state(&s, &order, "issued", 60).await;
    let seal = s.sim.ticketing.with_world(|w| {
        w.titles
            .values()
            .find(|t| {
                t.transaction_id
                    .as_deref()
                    .is_some_and(|x| x.starts_with(&order))
            })
            .map(|t| (t.holder.sex.clone(), t.reduction_id))
    });
    assert_eq!(seal.map(|(sex, _)| sex), Some("F".to_owned()));
}

/// The ticketing system's event of the fixture on sale.
pub(crate) async fn planet_event(s: &OnSale) -> i64 {
    sqlx::query_scalar::<_, i32>("select planet_event_id from fixture where id = $1")
        .bind(s.fixture)
        .fetch_one(&s.app.pool)
        .await
        .unwrap()
        .into()
}

/// Changes the event's rules in the ticketing system (as the police or the league would).
pub(crate) async fn change_event(s: &OnSale, change: Value) {
    let r = reqwest::Client::new()
        .post(format!(
            "{}/_sim/ticketing/events/{}",
            s.sim.http_url(),
            planet_event(s).await
        ))
        .json(&change)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

/// The refunds the payments simulator made, oldest first.
pub(crate) async fn refunds(s: &OnSale) -> Vec<Value> {
    let all: Value = reqwest::get(format!("{}/_sim/payments/refunds", s.sim.http_url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    all.as_array().unwrap().clone()
}

async fn card_refunds(s: &OnSale, intent: &str) -> usize {
    refunds(s)
        .await
        .iter()
        .filter(|r| r["payment_intent"] == intent)
        .count()
}

/// E-mails from `template` to `to`.
pub(crate) async fn emails(pool: &PgPool, template: &str, to: &str) -> i64 {
    sqlx::query_scalar(
        "select count(*) from outbound_email where to_address = $1 and template = $2",
    )
    .bind(to)
    .bind(template)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_fan_without_a_supporter_card_is_stopped_before_paying_for_a_high_risk_match_and_told_which_holder(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    change_event(&s, json!({"high_risk": true})).await;
    let (_, fan) = s.app.fan_with_session("senzatessera@example.it").await;
    let (order, named) = order_for(&s, &fan, &["TC-TC1-7-1", "TC-TC1-7-2"]).await;
    let lines: Vec<i64> = named["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_i64().unwrap())
        .collect();

    // The holder check says why, line by line.
    let (status, checked) = fan
        .post_json(&format!("/api/orders/{order}/verify"), &json!({}))
        .await;
    assert_eq!(status, 200, "{checked}");
    for line in checked["lines"].as_array().unwrap() {
        assert_eq!(line["eligible"], false, "{line}");
        assert_eq!(line["ineligible_reason"], "card_required", "{line}");
    }

    // Paying is refused before any payment exists, naming each line.
    let r = fan
        .post(&format!("/api/orders/{order}/payment"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "holders_ineligible", "{body}");
    for id in &lines {
        assert_eq!(
            body["errors"][format!("lines.{id}")],
            "card_required",
            "{body}"
        );
    }
    let intent: Option<String> =
        sqlx::query_scalar("select payment_intent_id from ticket_order where order_id = $1")
            .bind(Uuid::parse_str(&order).unwrap())
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(intent, None, "no payment was created");

    // The buyer's limit is predicted too: one title per buyer leaves the second line out.
    change_event(&s, json!({"high_risk": false, "per_buyer_limit": 1})).await;
    let r = fan
        .post(&format!("/api/orders/{order}/payment"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let body: Value = r.json().await.unwrap();
    assert_eq!(
        body["errors"][format!("lines.{}", lines[1])],
        "buyer_limit",
        "{body}"
    );
    assert!(
        body["errors"].get(format!("lines.{}", lines[0])).is_none(),
        "{body}"
    );

    // With the rules back, the same order is paid.
    change_event(&s, json!({"per_buyer_limit": 4})).await;
    payment(&fan, &order).await;
}

#[sqlx::test(migrations = false)]
async fn a_refusal_after_payment_refunds_the_order_once_and_tells_the_fan_and_staff_once(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let buyer = "cambiate@example.it";
    let (_, fan) = s.app.fan_with_session(buyer).await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-8-1", "TC-TC1-8-2"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    assert_eq!(confirm(&fan, &order, &secret).await.0, 200);
    assert_eq!(order_state(&s.app.pool, &order).await.0, "paid");

    // The match becomes high-risk after the fan paid: the ticketing system will refuse.
    change_event(&s, json!({"high_risk": true})).await;
    // The issuing job twice (a staff retry racing the payment's), run by two workers at once.
    {
        let mut tx = s.app.pool.begin().await.unwrap();
        workflows::enqueue(
            &mut tx,
            &workflows::issuing::fan_order::IssueOrder::new(
                domain::ids::OrderId(Uuid::parse_str(&order).unwrap()),
                1,
            ),
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
    }
    let _one = s.start_worker();
    let _two = s.start_worker();
    wait_state(&s, &order, "refunded", 60).await;
    // Give any straggling run the time to do something twice.
    tokio::time::sleep(Duration::from_millis(1500)).await;

    assert_eq!(card_refunds(&s, &intent).await, 1, "one refund");
    assert_eq!(emails(&s.app.pool, "order_refunded", buyer).await, 1);
    assert_eq!(
        emails(&s.app.pool, "issue_failure", buyer).await,
        0,
        "the fan is told once, by the refund"
    );
    assert_eq!(
        emails(&s.app.pool, "issue_failure", "biglietteria@lario.test").await,
        1,
        "staff are told once"
    );
    let text: String = sqlx::query_scalar(
        "select body_text from outbound_email where to_address = $1 and template = 'order_refunded'",
    )
    .bind(buyer)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert!(
        text.contains("tessera del tifoso"),
        "the reason, in words: {text}"
    );
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions(&order))
            .0,
        0,
        "no title stays issued"
    );

    // Staff see it refunded, with the refusal's code, and cannot retry it.
    let staff = s.app.staff().await;
    let row = staff
        .get_json(&format!("/api/admin/failed-issues/{order}"))
        .await;
    assert_eq!(row["error_code"], "TESSERA_RICHIESTA", "{row}");
    assert_eq!(row["retryable"], false, "{row}");
    let (status, body) = staff
        .post_json(
            &format!("/api/admin/failed-issues/{order}/retry"),
            &json!({}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("refused_for_good"))
    );
    // The order's page tells the whole case.
    let detail = staff.get_json(&format!("/api/admin/orders/{order}")).await;
    assert_eq!(detail["state"], "refunded");
    assert_eq!(detail["refund_reason"], "refused:TESSERA_RICHIESTA");
    assert_eq!(detail["details"].as_array().unwrap().len(), 2);
    assert!(
        detail["emails"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["template"] == "order_refunded"),
        "{detail}"
    );
}

#[sqlx::test(migrations = false)]
async fn orders_paid_during_a_ticketing_outage_are_all_issued_after_it_none_failed_none_twice(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let http = reqwest::Client::new();
    let control = |path: &str| format!("{}/_sim/ticketing/{path}", s.sim.http_url());
    let mut orders = vec![];
    for (i, fan_email) in ["uno@example.it", "due@example.it", "tre@example.it"]
        .iter()
        .enumerate()
    {
        let (_, fan) = s.app.fan_with_session(fan_email).await;
        let seats = [
            format!("TC-TC1-9-{}", 2 * i + 1),
            format!("TC-TC1-9-{}", 2 * i + 2),
        ];
        let labels: Vec<&str> = seats.iter().map(String::as_str).collect();
        let surname = ["Primo", "Secondo", "Terzo"][i];
        let (order, _) =
            order_named(&s, &fan, &labels, &[("Anna", surname), ("Bruno", surname)]).await;
        let (intent, secret) = payment(&fan, &order).await;
        orders.push((order, intent, secret, fan, fan_email.to_string()));
    }
    // The ticketing system goes down: every call answers 503.
    http.post(control("faults"))
        .json(&json!({"rate": 1.0, "status": 503}))
        .send()
        .await
        .unwrap();
    // Backoff from 100 ms and 8 attempts: without the breaker these orders fail within ~3 s.
    let _worker = s.start_worker_with(&[
        ("TICKETING_BREAKER_FAILURES", "2"),
        ("TICKETING_BREAKER_PROBE_MS", "500"),
    ]);
    for (order, intent, secret, fan, _) in &orders {
        pay_with_card(&s, intent, secret, sim::payments::CARD_SUCCESS).await;
        assert_eq!(confirm(fan, order, secret).await.0, 200);
    }
    // The outage lasts well past the attempts' budget.
    tokio::time::sleep(Duration::from_secs(8)).await;
    for (order, ..) in &orders {
        let (state, paid) = order_state(&s.app.pool, order).await;
        assert!(
            (state == "paid" || state == "issuing") && paid == 1,
            "{order} waits: {state}"
        );
    }
    let staff = s.app.staff().await;
    let status = staff.get_json("/api/admin/service-status").await;
    let breaker = status["breakers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["service"] == "ticketing")
        .cloned()
        .unwrap();
    assert_eq!(breaker["state"], "open", "{breaker}");
    for (_, _, _, _, email) in &orders {
        assert_eq!(
            emails(&s.app.pool, "tickets_delayed", email).await,
            1,
            "{email} is told once that the tickets are on their way"
        );
    }

    // The system comes back: every order is issued by itself, no title twice.
    http.delete(control("faults")).send().await.unwrap();
    for (order, ..) in &orders {
        wait_state(&s, order, "issued", 30).await;
        assert_eq!(
            s.sim
                .ticketing
                .with_world(|w| w.titles_of_transactions(order)),
            (2, 0)
        );
    }
    let failed: i64 =
        sqlx::query_scalar("select count(*) from ticket_order where failed_at is not null")
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(failed, 0, "none failed");
    let status = staff.get_json("/api/admin/service-status").await;
    assert_eq!(status["breakers"][0]["state"], "closed");
}

#[sqlx::test(migrations = false)]
async fn a_fan_who_abandoned_3d_secure_pays_again_with_another_card_and_gets_the_tickets(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("indecisa@example.it").await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-10-1"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    let challenged = pay_with_card(&s, &intent, &secret, sim::payments::CARD_3DS).await;
    assert_eq!(challenged["status"], "requires_action");
    // The fan closes the tab, comes back: the same payment, another card.
    let (again, again_secret) = payment(&fan, &order).await;
    assert_eq!(again, intent);
    let paid = pay_with_card(&s, &again, &again_secret, sim::payments::CARD_SUCCESS).await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    let (status, body) = confirm(&fan, &order, &again_secret).await;
    assert_eq!(status, 200, "{body}");
    wait_state(&s, &order, "issued", 30).await;
}

#[sqlx::test(migrations = false)]
async fn best_available_holds_seats_side_by_side_in_one_row(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (_, fan) = s.app.fan_with_session("vicini@example.it").await;
    let block: i32 = sqlx::query_scalar(
        "select b.id from venue_block b where not b.no_map and not b.away order by b.id limit 1",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    let (status, body) = s
        .hold(&fan, json!({"block_id": block, "quantity": 3}))
        .await;
    assert_eq!(status, 200, "{body}");
    let held: Vec<(String, i32)> = sqlx::query_as(
        "select s.row_label, s.number from seat_inventory i join venue_seat s on s.id = i.seat_id
          where i.fixture_id = $1 and i.state = 'held' order by s.number",
    )
    .bind(s.fixture)
    .fetch_all(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(held.len(), 3, "{held:?}");
    assert!(
        held.iter().all(|(r, _)| *r == held[0].0),
        "one row: {held:?}"
    );
    assert_eq!(held[2].1 - held[0].1, 2, "side by side: {held:?}");

    // A block with no row that has that many free seats side by side.
    let seats_per_row: i32 =
        sqlx::query_scalar("select max(number) from venue_seat where block_id = $1")
            .bind(block)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    sqlx::query(
        "update seat_inventory i set state = 'locked' from venue_seat s
          where s.id = i.seat_id and i.fixture_id = $1 and i.block_id = $2 and s.number % 2 = 0
            and i.state = 'free'",
    )
    .bind(s.fixture)
    .bind(block)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let (_, other) = s.app.fan_with_session("altri@example.it").await;
    let (status, body) = s
        .hold(&other, json!({"block_id": block, "quantity": 2}))
        .await;
    assert!(seats_per_row > 2);
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("no_adjacent_seats")),
        "{body}"
    );
}

/// Issue 25, finding 2: a fan held 4, checked out, named the holders, created the payment,
/// released the hold (which freed the seats behind the pending order), held 4 more and paid
/// both orders: 8 tickets where the limit is 4. The limit holds over held, pending and sold
/// seats together, and a pending order's seats are freed only by cancelling the order.
#[sqlx::test(migrations = false)]
async fn the_per_buyer_limit_counts_pending_orders_and_releasing_does_not_free_their_seats(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (user, fan) = s.app.fan_with_session("furbo@example.it").await;
    let first = ["TC-TC1-1-1", "TC-TC1-1-2", "TC-TC1-1-3", "TC-TC1-1-4"];
    let (order, _) = order_for(&s, &fan, &first).await;
    let (intent, secret) = payment(&fan, &order).await;

    let r = fan
        .delete(&format!("/api/fixtures/{}/hold", s.fixture))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
    let held: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where fixture_id = $1 and holder_id = $2 and state = 'held'",
    )
    .bind(s.fixture)
    .bind(user)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(held, 4, "the pending order's seats stay held");

    let mut others = vec![];
    for l in ["TC-TC1-2-1", "TC-TC1-2-2", "TC-TC1-2-3", "TC-TC1-2-4"] {
        others.push(s.seat(l).await);
    }
    let (status, body) = s.hold(&fan, json!({"seat_ids": others})).await;
    assert_eq!(
        (status, &body["code"]),
        (409, &json!("buyer_limit")),
        "{body}"
    );

    // The pending order's hold running out does not free its place under the limit either:
    // the order can still be paid.
    sqlx::query(
        "update seat_inventory set held_until = now() - interval '1 second' where holder_id = $1",
    )
    .bind(user)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let (status, body) = s.hold(&fan, json!({"seat_ids": &others[..1]})).await;
    assert_eq!(
        (status, &body["code"]),
        (409, &json!("buyer_limit")),
        "{body}"
    );

    // Paid: four seats sold, and still no room for more.
    let paid = pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    assert_eq!(paid["status"], "succeeded");
    assert_eq!(confirm(&fan, &order, &secret).await.0, 200);
    wait_state(&s, &order, "issued", 60).await;
    let (status, _) = s.hold(&fan, json!({"seat_ids": &others[..1]})).await;
    assert_eq!(status, 409);
    let sold: i64 = sqlx::query_scalar(
        "select count(*) from seat_inventory where fixture_id = $1 and holder_id = $2 and state = 'sold'",
    )
    .bind(s.fixture)
    .bind(user)
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(sold, 4);
}

/// Cancelling the pending order is what frees its seats (and its place under the limit).
#[sqlx::test(migrations = false)]
async fn cancelling_a_pending_order_frees_its_seats_and_its_place_under_the_limit(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let (_, fan) = s.app.fan_with_session("ripensa@example.it").await;
    let first = ["TC-TC1-1-1", "TC-TC1-1-2", "TC-TC1-1-3", "TC-TC1-1-4"];
    let (order, _) = order_for(&s, &fan, &first).await;
    let r = fan
        .delete(&format!("/api/orders/{order}"))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let (status, body) = s
        .hold(&fan, json!({"seat_ids": [s.seat("TC-TC1-2-1").await]}))
        .await;
    assert_eq!(status, 200, "{body}");
    let again = s.seat("TC-TC1-1-1").await;
    let (status, _) = s.hold(&fan, json!({"seat_ids": [again]})).await;
    assert_eq!(status, 200, "the cancelled order's seat is free again");
}

#[sqlx::test(migrations = false)]
async fn a_fan_has_all_their_tickets_sent_again_once_per_request(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("tutti@example.it").await;
    let (order, _) = order_for(&s, &fan, &["TC-TC1-7-1"]).await;
    let (intent, secret) = payment(&fan, &order).await;
    pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    let (status, _) = confirm(&fan, &order, &secret).await;
    assert_eq!(status, 200);
    let mails = || emails(&s.app.pool, "ticket_purchase", "tutti@example.it");
    eventually("the tickets e-mailed", 60, async || mails().await == 1).await;

    let (status, queued) = fan.post_json("/api/wallet/send", &json!({})).await;
    assert_eq!(
        (status, queued["orders"].as_i64()),
        (202, Some(1)),
        "{queued}"
    );
    eventually("the tickets e-mailed again", 60, async || {
        mails().await == 2
    })
    .await;
    let text = s.app.last_mail_text("tutti@example.it").await;
    assert!(text.contains("Tribuna Centrale"), "{text}");
    // Once in ten minutes; a fan without tickets is told so.
    let (status, body) = fan.post_json("/api/wallet/send", &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
    let (_, other) = s.app.fan_with_session("nessuno@example.it").await;
    let (status, body) = other.post_json("/api/wallet/send", &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("no_tickets")));
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(mails().await, 2, "sent once per request");
}

#[sqlx::test(migrations = false)]
async fn a_holder_the_ticketing_system_blacklists_or_bans_is_stopped_before_paying(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let person = |first: &str, last: &str| sim::ticketing::world::Person {
        first_name: first.into(),
        last_name: last.into(),
        birth_date: chrono::NaiveDate::from_ymd_opt(1990, 4, 1).unwrap(),
        sex: String::new(),
        fiscal_code: String::new(),
    };
    // Neither under a police ban: one on the ticketing system's blacklist, one under the
    // club's ban there (utenza-isbannato says so; autorizzazione-verificapersona does not).
    s.sim.ticketing.with_world(|w| {
        w.blacklist_insert(person("Marco", "Verdi"), "blacklist".into());
        w.add_ban(
            person("Sara", "Colombo"),
            chrono::Utc::now() - chrono::Duration::hours(1),
            None,
            "rif. test".into(),
        );
    });
    for (email, seat, holder) in [
        ("lista@example.it", "TC-TC1-8-1", ("Marco", "Verdi")),
        ("bandita@example.it", "TC-TC1-8-2", ("Sara", "Colombo")),
    ] {
        let (_, fan) = s.app.fan_with_session(email).await;
        let (order, _) = order_named(&s, &fan, &[seat], &[holder]).await;
        let (status, checked) = fan
            .post_json(&format!("/api/orders/{order}/verify"), &json!({}))
            .await;
        assert_eq!(status, 200, "{checked}");
        assert_eq!(
            checked["lines"][0]["ineligible_reason"], "banned",
            "{checked}"
        );
        let (status, body) = fan
            .post_json(&format!("/api/orders/{order}/payment"), &json!({}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("holders_ineligible")),
            "{body}"
        );
        let payments: i64 = sqlx::query_scalar(
            "select count(*) from ticket_order where order_id::text = $1 and payment_intent_id is not null",
        )
        .bind(&order)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
        assert_eq!(payments, 0, "nothing charged");
    }
}
