//! After the purchase: a ticket passed on to a new holder (the ticketing system cancels it and
//! issues a new title on the same seat, by a job) and a copy shared by e-mail. Over a real
//! database, the simulators on random ports and the worker in-process.

use crate::checkout::{confirm, emails, order_named, pay_with_card, payment, wait_state};
use crate::common::{Client, OnSale, eventually, on_sale, urlencoding};
use serde_json::{Value, json};
use sqlx::PgPool;

/// A fan's issued ticket for `label`, in `holder`'s name: (the wallet's line id, its seal).
pub(crate) async fn issued_ticket(
    s: &OnSale,
    fan: &Client,
    label: &str,
    holder: (&str, &str),
) -> (i64, String) {
    let (order, _) = order_named(s, fan, &[label], &[holder]).await;
    let (intent, secret) = payment(fan, &order).await;
    pay_with_card(s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
    let (status, _) = confirm(fan, &order, &secret).await;
    assert_eq!(status, 200);
    wait_state(s, &order, "issued", 60).await;
    let wallet = fan.get_json("/api/wallet").await;
    let item = wallet["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["order_id"] == order.as_str())
        .unwrap()
        .clone();
    (
        item["id"].as_i64().unwrap(),
        item["seal"].as_str().unwrap().to_owned(),
    )
}

pub(crate) fn friend(first: &str, email: &str) -> Value {
    json!({
        "holder": {"first_name": first, "last_name": "Amici", "birth_date": "1992-03-04",
                   "birth_place": "Lecco", "document_type": "passport", "document_number": "YA7654321"},
        "email": email,
    })
}

async fn transfer(fan: &Client, seal: &str, body: &Value) -> (u16, Value) {
    fan.post_json(&format!("/api/titles/{seal}/transfer"), body)
        .await
}

/// Waits for the change of holder `id` to leave `requested`; its view.
pub(crate) async fn settled(fan: &Client, id: &str) -> Value {
    let mut last = Value::Null;
    eventually("the change of holder settled", 60, async || {
        last = fan.get_json(&format!("/api/transfers/{id}")).await;
        last["state"] != "requested"
    })
    .await;
    last
}

#[sqlx::test(migrations = false)]
async fn a_fan_passes_a_ticket_to_a_friend_whose_wallet_shows_the_new_seal_and_theirs_shows_it_passed_on(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("cede@example.it").await;
    let (_, amico) = s.app.fan_with_session("amico@example.it").await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-3-1", ("Luca", "Neri")).await;

    let check = fan.get_json(&format!("/api/titles/{seal}/transfer")).await;
    assert_eq!(check["transferable"], true, "{check}");
    assert_eq!(check["ticket"]["seal"], seal.as_str());
    // Another fan's seal is not found; nor may they pass it on.
    let r = amico
        .get(&format!("/api/titles/{seal}/transfer"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    let (status, body) = transfer(&amico, &seal, &friend("Paolo", "amico@example.it")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("title_not_found"))
    );

    let (status, started) = transfer(&fan, &seal, &friend("Paolo", "AMICO@example.it")).await;
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["from_seal"], seal.as_str());
    let done = settled(&fan, started["id"].as_str().unwrap()).await;
    assert_eq!(done["state"], "done", "{done}");

    // The friend's wallet has it, with a new seal, in their name; the PDF is theirs.
    let theirs = amico.get_json("/api/wallet").await;
    let item = &theirs["items"][0];
    let new_seal = item["seal"].as_str().unwrap();
    assert_ne!(new_seal, seal);
    assert_eq!(
        (item["holder_name"].as_str(), item["received"].as_bool()),
        (Some("Paolo Amici"), Some(true))
    );
    assert_eq!(
        item["id"].as_i64(),
        Some(line),
        "the same seat, the same line"
    );
    let pdf = amico
        .get(&format!("/api/wallet/{line}/pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    // The first fan's wallet no longer has it; their changes list it as passed on.
    let mine = fan.get_json("/api/wallet").await;
    assert!(mine["items"].as_array().unwrap().is_empty(), "{mine}");
    let r = fan
        .get(&format!("/api/wallet/{line}/pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    let sent = fan.get_json("/api/transfers").await;
    assert_eq!(sent["items"][0]["state"], "done");
    assert_eq!(sent["items"][0]["to_name"], "Paolo Amici");
    // Their order no longer shows the new holder nor the new title.
    let order = fan
        .get_json(&format!(
            "/api/orders/{}",
            item["order_id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(order["lines"][0]["passed_on"], true);
    assert!(
        order["lines"][0]["title"].is_null() && order["lines"][0]["holder"].is_null(),
        "{order}"
    );

    // In the ticketing system: the old title cancelled, the new one live in the friend's name.
    let old = s.client.title_by_seal(&seal).await.unwrap();
    assert_eq!(old.state, "cancelled");
    let new = s.client.title_by_seal(new_seal).await.unwrap();
    assert_eq!(new.state, "issued");
    // The friend got the new title by e-mail, once, with its PDF.
    let mails = || emails(&s.app.pool, "ticket_transfer", "amico@example.it");
    eventually("the new title e-mailed", 30, async || mails().await == 1).await;
    let text = s.app.last_mail_text("amico@example.it").await;
    assert!(text.contains(new_seal), "{text}");
    // The old seal is no one's now; the friend may pass it on in turn.
    let (status, _) = transfer(&fan, &seal, &friend("Anna", "anna@example.it")).await;
    assert_eq!(status, 404);
    let check = amico
        .get_json(&format!("/api/titles/{new_seal}/transfer"))
        .await;
    assert_eq!(check["transferable"], true, "{check}");

    // Staff find it by the old seal; a fan may not list anyone's.
    let staff = s.app.staff().await;
    let filter = urlencoding(&json!({"q": seal}).to_string());
    let listed = staff
        .get_json(&format!("/api/admin/transfers?filter={filter}"))
        .await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(
        (listed[0]["state"].as_str(), listed[0]["seal"].as_str()),
        (Some("done"), Some(new_seal))
    );
    assert_eq!(
        (
            listed[0]["from_email"].as_str(),
            listed[0]["to_account"].as_bool()
        ),
        (Some("cede@example.it"), Some(true))
    );
    let r = fan.get("/api/admin/transfers").send().await.unwrap();
    assert_eq!(r.status(), 403);
}

#[sqlx::test(migrations = false)]
async fn two_changes_of_holder_of_one_title_at_once_make_one_new_title(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("doppio@example.it").await;
    let (_, seal) = issued_ticket(&s, &fan, "TC-TC1-3-2", ("Giulia", "Bianchi")).await;
    let a = friend("Primo", "primo@example.it");
    let b = friend("Secondo", "secondo@example.it");
    let (ra, rb) = tokio::join!(transfer(&fan, &seal, &a), transfer(&fan, &seal, &b));
    let mut statuses = [ra.0, rb.0];
    statuses.sort();
    assert_eq!(statuses, [202, 409], "{ra:?} {rb:?}");
    let lost = if ra.0 == 409 { &ra.1 } else { &rb.1 };
    assert_eq!(lost["code"], "transfer_in_progress");
    let won = if ra.0 == 202 { &ra.1 } else { &rb.1 };
    let done = settled(&fan, won["id"].as_str().unwrap()).await;
    assert_eq!(done["state"], "done");
    let (live, cancelled) = s
        .sim
        .ticketing
        .with_world(|w| w.titles_of_transactions("cessione-"));
    assert_eq!((live, cancelled), (1, 0), "one new title");
    let old = s.client.title_by_seal(&seal).await.unwrap();
    assert_eq!(old.state, "cancelled");
}

#[sqlx::test(migrations = false)]
async fn a_change_that_succeeded_but_answered_an_error_is_found_by_its_transaction_id(
    pool: PgPool,
) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("errore@example.it").await;
    let (_, seal) = issued_ticket(&s, &fan, "TC-TC1-3-3", ("Marco", "Verdi")).await;
    s.naive_then_commit_and_fail().await;
    let (status, started) = transfer(&fan, &seal, &friend("Terzo", "terzo@example.it")).await;
    assert_eq!(status, 202, "{started}");
    let done = settled(&fan, started["id"].as_str().unwrap()).await;
    assert_eq!(
        done["state"], "done",
        "not refused as already cancelled: {done}"
    );
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.titles_of_transactions("cessione-")),
        (1, 0),
        "one new title"
    );
}

#[sqlx::test(migrations = false)]
async fn used_closed_and_refused_titles_are_not_passed_on_and_stay_the_owners(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("regole@example.it").await;
    let (_, used) = issued_ticket(&s, &fan, "TC-TC1-4-1", ("Sara", "Colombo")).await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-4-2", ("Luca", "Neri")).await;

    // Used at the gate: the ticketing system says no, before any change is asked for.
    let title = s.client.title_by_seal(&used).await.unwrap();
    let r = reqwest::Client::new()
        .post(format!(
            "{}/_sim/ticketing/titles/{}/enter",
            s.sim.http_url(),
            title.id
        ))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let check = fan.get_json(&format!("/api/titles/{used}/transfer")).await;
    assert_eq!(
        (
            check["transferable"].as_bool(),
            check["refusal_code"].as_str()
        ),
        (Some(false), Some("title_not_transferable")),
        "{check}"
    );
    let (status, body) = transfer(&fan, &used, &friend("Uno", "uno@example.it")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("title_not_transferable")),
        "{body}"
    );

    // Bad input names its fields and changes nothing.
    let (status, body) = transfer(
        &fan,
        &seal,
        &json!({"holder": {"first_name": "X1"}, "email": "no"}),
    )
    .await;
    assert_eq!(status, 422);
    assert!(
        body["errors"]["holder.first_name"].is_string() && body["errors"]["email"].is_string(),
        "{body}"
    );
    // The holder of the fan's other ticket already has one for this match.
    let (status, body) = transfer(&fan, &seal, &json!({
        "holder": {"first_name": "Sara", "last_name": "Colombo", "birth_date": "1990-04-01",
                   "birth_place": "Como", "document_type": "id_card", "document_number": "CA1234567"},
        "email": "sara@example.it"})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("holder_has_title"))
    );

    // Staff's rules per match: closed, or closed hours before kick-off.
    let staff = s.app.staff().await;
    let rules = async |body: Value| {
        let r = staff
            .put(&format!("/api/admin/fixtures/{}", s.fixture))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json::<Value>().await.unwrap())
    };
    let (status, fixture) = rules(json!({"status": 1, "transfers_open": false})).await;
    assert_eq!(
        (status, fixture["transfers_open"].as_bool()),
        (200, Some(false)),
        "{fixture}"
    );
    let (status, body) = transfer(&fan, &seal, &friend("Due", "due@example.it")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("transfers_closed"))
    );
    let (status, body) = rules(json!({"status": 1, "transfer_closes_hours": 721})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("validation_failed"))
    );
    let (status, fixture) =
        rules(json!({"status": 1, "transfers_open": true, "transfer_closes_hours": 720})).await;
    assert_eq!(
        (status, fixture["transfer_closes_hours"].as_i64()),
        (200, Some(720))
    );
    let (status, body) = transfer(&fan, &seal, &friend("Due", "due@example.it")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("transfer_window_closed"))
    );
    let (status, fixture) = rules(json!({"status": 1, "transfer_closes_hours": null})).await;
    assert_eq!(
        (status, fixture["transfer_closes_hours"].as_i64()),
        (200, None)
    );

    // A new holder the police flagged: refused before anything starts, without saying why;
    // the fan's ticket stays theirs, with its seal. (The ticketing system's own refusal at
    // the change, for a holder flagged after it was asked, is the resale tests'.)
    let r = reqwest::Client::new()
        .post(format!("{}/_sim/ticketing/police-flags", s.sim.http_url()))
        .json(&json!({"nome": "Vietato", "cognome": "Amici", "dataNascita": "1992-03-04"}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let (status, refused) = transfer(&fan, &seal, &friend("Vietato", "vietato@example.it")).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("holder_banned")),
        "{refused}"
    );
    let wallet = fan.get_json("/api/wallet").await;
    let still = wallet["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == line)
        .unwrap();
    assert_eq!(still["seal"], seal.as_str());
    assert_eq!(s.client.title_by_seal(&seal).await.unwrap().state, "issued");
}

#[sqlx::test(migrations = false)]
async fn a_fan_shares_a_copy_of_a_ticket_by_email_and_the_holder_stays(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("condivide@example.it").await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-5-1", ("Luca", "Neri")).await;
    let (status, body) = fan
        .post_json(
            &format!("/api/wallet/{line}/share"),
            &json!({"email": "copia@example.it"}),
        )
        .await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(
        emails(&s.app.pool, "ticket_share", "copia@example.it").await,
        1
    );
    let text = s.app.last_mail_text("copia@example.it").await;
    assert!(text.contains(&seal) && text.contains("Luca Neri"), "{text}");
    let (status, body) = fan
        .post_json(
            &format!("/api/wallet/{line}/share"),
            &json!({"email": "not an address"}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("validation_failed"))
    );
    let (_, other) = s.app.fan_with_session("curioso@example.it").await;
    let (status, _) = other
        .post_json(
            &format!("/api/wallet/{line}/share"),
            &json!({"email": "copia@example.it"}),
        )
        .await;
    assert_eq!(status, 404, "another fan's ticket");
    assert_eq!(s.client.title_by_seal(&seal).await.unwrap().state, "issued");
}
