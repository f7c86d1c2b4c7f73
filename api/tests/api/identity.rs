//! The fan's identity: checked (the fiscal code against the person, places against the
//! ticketing system's reference data), saved, and registered in the ticketing system once,
//! whatever the registration's job repeats.

use crate::common::{eventually, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

/// Mario Rossi, born in Rome on 1 January 1980, living in Como.
pub(crate) fn mario() -> Value {
    json!({
        "first_name": "Mario", "last_name": "Rossi", "fiscal_code": " rssmra80a01h501u ",
        "birth_date": "1980-01-01", "sex": "M",
        "birth_country": "IT", "birth_province": "RM", "birth_municipality": "058091",
        "residence_country": "IT", "residence_province": "CO", "residence_municipality": "013075",
        "address": "Via Sinigaglia 2", "document_type": "id_card", "document_number": "CA 12345 AB",
        "phone": "+39 333 1234567"
    })
}

pub(crate) fn with(mut body: Value, changes: Value) -> Value {
    for (k, v) in changes.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

#[sqlx::test(migrations = false)]
async fn a_fan_fills_their_identity_and_is_registered_in_the_ticketing_system_once(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let copied = workflows::identity::copy_reference(&pool, &s.client)
        .await
        .unwrap();
    assert!(copied > 7000, "{copied} municipalities");
    let (user_id, fan) = s.app.fan_with_session("mario.rossi@example.it").await;

    // The places, as the form lists them.
    let anonymous = s.app.anonymous().await;
    let r = anonymous
        .get("/api/reference/municipalities?province=co")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    let como: Vec<Value> = r.json().await.unwrap();
    assert!(
        como.iter()
            .any(|m| m["name"] == "Como" && m["cadastral_code"] == "C933")
    );
    let nations = anonymous.get_json("/api/reference/nations").await;
    assert!(nations.as_array().unwrap().len() > 190);
    let r = anonymous
        .get("/api/reference/municipalities?province=C0M")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);

    // Nothing yet.
    let empty = fan.get_json("/api/me/identity").await;
    assert_eq!(empty["registration"], "none");

    // Saved, the ticketing system's answer lost once: the job asks again and gets the same
    // person.
    let known = s.sim.ticketing.with_world(|w| w.persons.len());
    s.naive_then_commit_and_fail().await;
    let _worker = s.start_worker();
    let (status, saved) = fan.put_json("/api/me/identity", &mario()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["fiscal_code"], "RSSMRA80A01H501U");
    assert_eq!(saved["document_number"], "CA12345AB");
    assert_eq!(saved["phone"], "+393331234567");
    assert_eq!(saved["birth_place"], "Roma");
    assert_eq!(saved["registration"], "pending");
    eventually("the fan registered as a person", 60, async || {
        fan.get_json("/api/me/identity").await["registration"] == "registered"
    })
    .await;
    let persons = s.sim.ticketing.with_world(|w| w.persons.len());
    assert_eq!(persons, known + 1, "one person, though the answer was lost");
    let stored: Option<i64> =
        sqlx::query_scalar("select planet_persona_id from app_user where user_id = $1")
            .bind(user_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        stored,
        fan.get_json("/api/me/identity").await["planet_persona_id"].as_i64()
    );

    // Born abroad: the province becomes EE, the fiscal code must name a foreign country.
    let (status, refused) = fan
        .put_json(
            "/api/me/identity",
            &with(mario(), json!({"birth_country": "DE"})),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(refused["errors"]["fiscal_code"], "birthplace_mismatch");
    // Zoë Ng, born in Germany on 4 March 1995 (omocodia in the place: Z112 -> Z11N).
    let (status, zoe) = fan
        .put_json(
            "/api/me/identity",
            &with(
                mario(),
                json!({"first_name": "Zoë", "last_name": "Ng", "sex": "F",
                       "birth_date": "1995-03-04", "birth_country": "DE",
                       "birth_province": "", "birth_municipality": "",
                       "fiscal_code": "NGXZOE95C44Z11NZ"}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{zoe}");
    assert_eq!(
        (
            zoe["birth_province"].as_str(),
            zoe["birth_municipality"].as_str(),
            zoe["birth_place"].as_str()
        ),
        (Some("EE"), Some(""), Some("Germania"))
    );
}

#[sqlx::test(migrations = false)]
async fn a_wrong_identity_is_refused_field_by_field_and_nothing_is_saved(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    workflows::identity::copy_reference(&pool, &s.client)
        .await
        .unwrap();
    let (_, fan) = s.app.fan_with_session("errori@example.it").await;
    let cases = [
        (
            json!({"fiscal_code": "RSSMRA80A01H501A"}),
            "fiscal_code",
            "check_character",
        ),
        (
            json!({"fiscal_code": "RSSMRA80A01H5"}),
            "fiscal_code",
            "invalid_format",
        ),
        (json!({"fiscal_code": ""}), "fiscal_code", "required"),
        (
            json!({"last_name": "Bianchi"}),
            "fiscal_code",
            "last_name_mismatch",
        ),
        (
            json!({"first_name": "Marco"}),
            "fiscal_code",
            "first_name_mismatch",
        ),
        (
            json!({"birth_date": "1980-01-02"}),
            "fiscal_code",
            "birth_date_mismatch",
        ),
        (json!({"sex": "F"}), "fiscal_code", "sex_mismatch"),
        (
            json!({"birth_province": "CO", "birth_municipality": "013075"}),
            "fiscal_code",
            "birthplace_mismatch",
        ),
        (
            json!({"birth_municipality": "013075"}),
            "birth_municipality",
            "not_in_province",
        ),
        (
            json!({"birth_municipality": "999999"}),
            "birth_municipality",
            "unknown",
        ),
        (json!({"birth_province": "XX"}), "birth_province", "unknown"),
        (json!({"birth_country": "XX"}), "birth_country", "unknown"),
        (
            json!({"residence_municipality": ""}),
            "residence_municipality",
            "required",
        ),
        (
            json!({"birth_date": "2999-01-01"}),
            "birth_date",
            "in_future",
        ),
        (json!({"sex": "X"}), "sex", "invalid"),
        (
            json!({"document_type": "badge"}),
            "document_type",
            "invalid",
        ),
        (
            json!({"document_number": "12"}),
            "document_number",
            "invalid",
        ),
        (json!({"phone": "3331234567"}), "phone", "invalid"),
        (json!({"first_name": "R2D2"}), "first_name", "invalid"),
    ];
    for (change, field, code) in cases {
        let (status, refused) = fan
            .put_json("/api/me/identity", &with(mario(), change.clone()))
            .await;
        assert_eq!(status, 422, "{change}: {refused}");
        assert_eq!(refused["errors"][field], code, "{change}: {refused}");
    }
    let identity = fan.get_json("/api/me/identity").await;
    assert_eq!(identity["registration"], "none");
    assert_eq!(identity["fiscal_code"], "");
    let queued: i64 = sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type = 'identity::register_person'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(queued, 0);
    // Signed out: no identity to read or write.
    let anonymous = s.app.anonymous().await;
    assert_eq!(
        anonymous
            .get("/api/me/identity")
            .send()
            .await
            .unwrap()
            .status(),
        401
    );
}

#[sqlx::test(migrations = false)]
async fn deleting_an_account_keeps_the_titles_and_erases_the_rest(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let _worker = s.start_worker();
    workflows::identity::copy_reference(&pool, &s.client)
        .await
        .unwrap();
    let email = "mario.rossi@example.it";
    let (user_id, fan) = s.app.fan_with_session(email).await;
    let (status, _) = fan.put_json("/api/me/identity", &mario()).await;
    assert_eq!(status, 200);
    let (line, seal) =
        crate::transfers::issued_ticket(&s, &fan, "TC-TC1-8-1", ("Mario", "Rossi")).await;

    // A checkout waiting for its payment: not yet (another fan's, so the first can go on).
    let (_, other) = s.app.fan_with_session("in.attesa@example.it").await;
    let seat = s.seat("TC-TC1-8-2").await;
    let (status, _) = s.hold(&other, json!({"seat_ids": [seat]})).await;
    assert_eq!(status, 200);
    let r = other
        .post(&format!("/api/fixtures/{}/checkout", s.fixture))
        .json(&json!({"language": "it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let r = other
        .delete("/api/me")
        .json(&json!({"confirm_email": "in.attesa@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "account_busy");
    // Staff close staff accounts.
    let staff = s.app.staff().await;
    let r = staff
        .delete("/api/me")
        .json(&json!({"confirm_email": "x@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);

    // The confirmation is the account's e-mail.
    let r = fan
        .delete("/api/me")
        .json(&json!({"confirm_email": "someone.else@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    assert_eq!(fan.get("/api/me").send().await.unwrap().status(), 200);
    let r = fan
        .delete("/api/me")
        .json(&json!({"confirm_email": " Mario.Rossi@example.it "}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()
            .get_all("set-cookie")
            .iter()
            .any(|c| c.to_str().unwrap().starts_with("lario_session=;"))
    );
    assert_eq!(fan.get("/api/me").send().await.unwrap().status(), 401);

    // The title stays, as issued and named; the buyer's e-mail and the person's data are gone.
    let kept: (String, String, String, String) = sqlx::query_as(
        "select l.seal, l.holder_first_name, l.holder_last_name, o.buyer_email
           from order_line l join ticket_order o using (order_id) where l.order_line_id = $1",
    )
    .bind(line)
    .fetch_one(&pool)
    .await
    .unwrap();
    let placeholder = format!("deleted-{user_id}@deleted.invalid");
    assert_eq!(
        kept,
        (seal, "Mario".into(), "Rossi".into(), placeholder.clone())
    );
    let erased: (
        String,
        String,
        String,
        String,
        Option<chrono::NaiveDate>,
        bool,
    ) = sqlx::query_as(
        "select email, first_name, fiscal_code, phone, date_of_birth, deleted_at is not null
           from app_user where user_id = $1",
    )
    .bind(user_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        erased,
        (
            placeholder,
            String::new(),
            String::new(),
            String::new(),
            None,
            true
        )
    );
    let left: i64 = sqlx::query_scalar(
        "select (select count(*) from user_session where user_id = $1)
              + (select count(*) from notification where user_id = $1)",
    )
    .bind(user_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(left, 0);
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_entry where action = 'user.deleted' and subject_id = $1",
    )
    .bind(user_id.to_string())
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(audited, 1);

    // The e-mail signs up again as a new account, without the old one's titles.
    let (again, fan) = s.app.fan_with_session(email).await;
    assert_ne!(again, user_id);
    let wallet = fan.get_json("/api/wallet").await;
    assert_eq!(wallet["items"].as_array().unwrap().len(), 0, "{wallet}");
}
