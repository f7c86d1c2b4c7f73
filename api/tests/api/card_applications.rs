//! The club's supporter card: a fan applies for a family member's card with a photo, the
//! ticketing system registers it, staff issue it (the police check answers there), the fan gets
//! it by e-mail and as PDFs; staff revoke it, or find it revoked in the ticketing system. The
//! answers lost on the way register and issue nothing twice; a bad photo stores nothing.

use crate::{
    checkout::emails,
    common::{Client, OnSale, eventually, on_sale},
};
use base64::Engine;
use serde_json::{Value, json};
use sqlx::PgPool;

const APPLICATIONS: &str = "/api/me/supporter-card-applications";
const STAFF_APPLICATIONS: &str = "/api/admin/supporter-card-applications";

/// A photo of `w` x `h` pixels, `format` (PNG or JPEG), base64.
fn photo(w: u32, h: u32, format: image::ImageFormat) -> String {
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 200) as u8, (y % 200) as u8, 90])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut out, format)
        .unwrap();
    base64::engine::general_purpose::STANDARD.encode(out.into_inner())
}

/// A child's identity: Giulia Rossi, born in Como on 15 May 2012, living in Como.
pub(crate) fn giulia() -> Value {
    json!({
        "first_name": "Giulia", "last_name": "Rossi", "fiscal_code": "RSSGLI12E55C933O",
        "birth_date": "2012-05-15", "sex": "F",
        "birth_country": "IT", "birth_province": "CO", "birth_municipality": "013075",
        "residence_country": "IT", "residence_province": "CO", "residence_municipality": "013075",
        "address": "Via Sinigaglia 2", "document_type": "id_card", "document_number": "CA 54321 CD"
    })
}

/// Luca Rossi, born in Como on 3 February 2010.
pub(crate) fn luca() -> Value {
    let mut l = giulia();
    for (k, v) in [
        ("first_name", "Luca"),
        ("sex", "M"),
        ("birth_date", "2010-02-03"),
        ("fiscal_code", "RSSLCU10B03C933K"),
    ] {
        l[k] = json!(v);
    }
    l
}

pub(crate) fn application(holder: Value, relationship: &str) -> Value {
    json!({
        "relationship": relationship, "holder": holder, "consent": true,
        "photo_base64": photo(900, 1200, image::ImageFormat::Png),
    })
}

pub(crate) async fn setup(pool: &PgPool) -> OnSale {
    let s = on_sale(pool.clone(), &[]).await;
    workflows::identity::copy_reference(pool, &s.client)
        .await
        .unwrap();
    s
}

async fn state_of(client: &Client, path: &str) -> String {
    client.get_json(path).await["state"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn download(client: &Client, path: &str) -> (u16, Vec<u8>) {
    let r = client.get(path).send().await.unwrap();
    (r.status().as_u16(), r.bytes().await.unwrap().to_vec())
}

fn is_pdf_with_photo(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    bytes.starts_with(b"%PDF") && text.contains("/Image")
}

async fn fans_cards(fan: &Client) -> Vec<Value> {
    fan.get_json("/api/me/supporter-cards")
        .await
        .as_array()
        .unwrap()
        .clone()
}

#[sqlx::test(migrations = false)]
async fn a_fan_applies_for_their_daughters_card_staff_issue_it_and_the_fan_gets_it_once(
    pool: PgPool,
) {
    let s = setup(&pool).await;
    let _worker = s.start_worker();
    let email = "mamma.rossi@example.it";
    let (_, fan) = s.app.fan_with_session(email).await;
    let staff = s.app.staff().await;

    // The preview: a landscape PNG becomes the card's portrait JPEG; nothing is stored.
    let r = fan
        .post("/api/me/supporter-card-photo")
        .json(&json!({"photo_base64": photo(1600, 900, image::ImageFormat::Png)}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/jpeg");
    let preview = r.bytes().await.unwrap();
    assert_eq!(
        domain::cards::photo::dimensions(&preview),
        Some((domain::cards::photo::WIDTH, domain::cards::photo::HEIGHT))
    );

    // Applied; the ticketing system registers the card but its answer is lost: the job finds
    // the card it registered instead of registering a second.
    s.naive_then_commit_and_fail().await;
    let (status, app) = fan
        .post_json(APPLICATIONS, &application(giulia(), "child"))
        .await;
    assert_eq!(status, 201, "{app}");
    assert_eq!(app["relationship"], "child");
    assert_eq!(app["fiscal_code"], "RSSGLI12E55C933O");
    assert_eq!(app["birth_place"], "Como");
    let id = app["id"].as_str().unwrap().to_owned();
    let mine = format!("{APPLICATIONS}/{id}");
    let staffs = format!("{STAFF_APPLICATIONS}/{id}");
    eventually("the card registered", 60, async || {
        state_of(&fan, &mine).await == "registered"
    })
    .await;
    let giulia_cards = s.sim.ticketing.with_world(|w| {
        w.cards
            .values()
            .filter(|c| c.holder.fiscal_code == "RSSGLI12E55C933O")
            .count()
    });
    assert_eq!(giulia_cards, 1, "one card, though the answer was lost");

    // Staff find it by the spec's searches: 'LAST, FIRST', the applicant's e-mail, the card
    // number as a number.
    let number = fan.get_json(&mine).await["card_number"]
        .as_str()
        .unwrap()
        .to_owned();
    let digits = number.trim_start_matches(|c: char| !c.is_ascii_digit());
    let as_number = digits.trim_start_matches('0');
    for q in [
        "ROSSI, GIULIA",
        "Mamma.Rossi@example.it",
        as_number,
        &number,
    ] {
        let filter = crate::common::urlencoding(&json!({ "q": q }).to_string());
        let found = staff
            .get_json(&format!("{STAFF_APPLICATIONS}?filter={filter}"))
            .await;
        assert_eq!(found.as_array().unwrap().len(), 1, "{q}: {found}");
        assert_eq!(found[0]["id"], id.as_str(), "{q}");
    }
    let filter = crate::common::urlencoding(&json!({ "q": "ROSSI, LUCA" }).to_string());
    let none = staff
        .get_json(&format!("{STAFF_APPLICATIONS}?filter={filter}"))
        .await;
    assert_eq!(none.as_array().unwrap().len(), 0);
    let r = staff.get(&format!("{staffs}/photo")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/jpeg");

    // Not issued yet: no PDF.
    let (status, _) = download(&fan, &format!("{mine}/pdf")).await;
    assert_eq!(status, 409);

    // Issued: the answer lost once more; one card issued, one e-mail with the two PDFs.
    s.naive_then_commit_and_fail().await;
    let (status, issuing) = staff
        .post_json(&format!("{staffs}/issue"), &json!({}))
        .await;
    assert_eq!(status, 200, "{issuing}");
    assert_eq!(issuing["state"], "issuing");
    let (status, again) = staff
        .post_json(&format!("{staffs}/issue"), &json!({}))
        .await;
    assert_eq!((status, again["code"].as_str()), (409, Some("wrong_state")));
    eventually("the card issued", 60, async || {
        state_of(&fan, &mine).await == "issued"
    })
    .await;
    let card = s.sim.ticketing.with_world(|w| w.cards[&number].clone());
    assert_eq!(
        card.state,
        sim::ticketing::persons::CardState::Issued,
        "{card:?}"
    );
    assert!(card.photo_bytes.is_some_and(|b| b > 1000), "{card:?}");
    eventually("the card e-mailed", 30, async || {
        emails(&pool, "supporter_card_issued", email).await == 1
    })
    .await;
    let attachments: i64 = sqlx::query_scalar(
        "select count(*) from outbound_email_attachment a join outbound_email e using (outbound_email_id)
          where e.template = 'supporter_card_issued' and a.content_type = 'application/pdf'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(attachments, 2);
    let issued = fan.get_json(&mine).await;
    assert!(issued["expires_on"].is_string(), "{issued}");
    // The card is among the account's supporter cards.
    let cards = fans_cards(&fan).await;
    assert!(
        cards
            .iter()
            .any(|c| c["card_number"] == number.as_str() && c["card_state"] == "issued"),
        "{cards:?}"
    );

    // The PDFs, full and small, with the photo; for the fan and for staff.
    for path in [
        format!("{mine}/pdf"),
        format!("{mine}/pdf?format=small&lang=en"),
        format!("{staffs}/pdf?format=small"),
    ] {
        let client = if path.starts_with("/api/admin") {
            &staff
        } else {
            &fan
        };
        let (status, pdf) = download(client, &path).await;
        assert_eq!(status, 200, "{path}");
        assert!(is_pdf_with_photo(&pdf), "{path}");
    }
    let (status, _) = download(&fan, &format!("{mine}/pdf?format=huge")).await;
    assert_eq!(status, 422);

    // Revoked by staff: in the ticketing system, then here and in the account.
    let (status, revoking) = staff
        .post_json(&format!("{staffs}/revoke"), &json!({}))
        .await;
    assert_eq!(status, 200, "{revoking}");
    eventually("the card revoked", 60, async || {
        state_of(&fan, &mine).await == "revoked"
    })
    .await;
    let state = s.sim.ticketing.with_world(|w| w.cards[&number].state);
    assert_eq!(state, sim::ticketing::persons::CardState::Revoked);
    let cards = fans_cards(&fan).await;
    assert!(
        cards
            .iter()
            .any(|c| c["card_number"] == number.as_str() && c["card_state"] == "revoked"),
        "{cards:?}"
    );
    let (status, _) = download(&fan, &format!("{mine}/pdf")).await;
    assert_eq!(status, 409);
    // The decisions are audited.
    let audited: Vec<String> = sqlx::query_scalar(
        "select action from audit_entry where subject_id = $1 order by created_at",
    )
    .bind(&id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        audited,
        [
            "supporter_card_application.submitted",
            "supporter_card.issue_requested",
            "supporter_card.revocation_requested"
        ]
    );
    assert_eq!(emails(&pool, "supporter_card_issued", email).await, 1);
}

#[sqlx::test(migrations = false)]
async fn a_photo_that_is_not_an_image_too_large_or_tiny_is_refused_and_nothing_is_stored(
    pool: PgPool,
) {
    let s = setup(&pool).await;
    let (_, fan) = s.app.fan_with_session("foto@example.it").await;
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    let mut too_large = base64::engine::general_purpose::STANDARD
        .decode(photo(900, 1200, image::ImageFormat::Png))
        .unwrap();
    too_large.resize(5 * 1024 * 1024 + 1, 0);
    let cases = [
        (
            b64(b"%PDF-1.7 not a photo at all"),
            422,
            "photo_not_an_image",
        ),
        ("not base64 at all!".to_owned(), 422, "photo_not_an_image"),
        (String::new(), 422, "photo_missing"),
        (
            photo(200, 260, image::ImageFormat::Png),
            422,
            "photo_too_small",
        ),
        (
            photo(299, 600, image::ImageFormat::Jpeg),
            422,
            "photo_too_small",
        ),
        (b64(&too_large), 413, "photo_too_large"),
    ];
    for (photo_base64, status, code) in &cases {
        let r = fan
            .post("/api/me/supporter-card-photo")
            .json(&json!({ "photo_base64": photo_base64 }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), *status, "{code}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["code"], *code);
        let mut req = application(giulia(), "child");
        req["photo_base64"] = json!(photo_base64);
        let (got, body) = fan.post_json(APPLICATIONS, &req).await;
        assert_eq!(
            (got, body["code"].as_str()),
            (*status, Some(*code)),
            "{body}"
        );
        assert_eq!(body["errors"]["photo_base64"], *code);
    }
    // The holder's identity is checked as the fan's own is; consent is required.
    let mut wrong = application(giulia(), "child");
    wrong["holder"]["fiscal_code"] = json!("RSSGLI12E55C933A");
    wrong["consent"] = json!(false);
    wrong["relationship"] = json!("cousin");
    let (status, body) = fan.post_json(APPLICATIONS, &wrong).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["fiscal_code"], "check_character");
    assert_eq!(body["errors"]["consent"], "required");
    assert_eq!(body["errors"]["relationship"], "invalid");

    let stored: i64 = sqlx::query_scalar("select count(*) from supporter_card_application")
        .fetch_one(&pool)
        .await
        .unwrap();
    let queued: i64 = sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type like 'supporter_cards::%'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((stored, queued), (0, 0));
    assert!(
        fan.get_json(APPLICATIONS)
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[sqlx::test(migrations = false)]
async fn the_police_check_refuses_a_card_and_a_card_revoked_in_the_ticketing_system_is_revoked_here(
    pool: PgPool,
) {
    let s = setup(&pool).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("papa.rossi@example.it").await;
    let staff = s.app.staff().await;
    s.sim.ticketing.with_world(|w| {
        w.police_flags.insert("RSSLCU10B03C933K".to_owned());
    });
    let mut ids = vec![];
    for holder in [luca(), giulia()] {
        let (status, app) = fan
            .post_json(APPLICATIONS, &application(holder, "child"))
            .await;
        assert_eq!(status, 201, "{app}");
        ids.push(app["id"].as_str().unwrap().to_owned());
    }
    for id in &ids {
        let path = format!("{STAFF_APPLICATIONS}/{id}");
        eventually("registered", 60, async || {
            state_of(&staff, &path).await == "registered"
        })
        .await;
        let (status, _) = staff.post_json(&format!("{path}/issue"), &json!({})).await;
        assert_eq!(status, 200);
    }
    let (luca_path, giulia_path) = (
        format!("{APPLICATIONS}/{}", ids[0]),
        format!("{APPLICATIONS}/{}", ids[1]),
    );
    eventually("Luca refused, Giulia issued", 60, async || {
        state_of(&fan, &luca_path).await == "refused"
            && state_of(&fan, &giulia_path).await == "issued"
    })
    .await;
    assert_eq!(
        fan.get_json(&luca_path).await["refusal_code"],
        "police_refused"
    );

    // Revoked in the ticketing system: a re-check finds it and says so, once.
    let number = fan.get_json(&giulia_path).await["card_number"]
        .as_str()
        .unwrap()
        .to_owned();
    let recheck = format!("{STAFF_APPLICATIONS}/{}/recheck", ids[1]);
    let (status, same) = staff.post_json(&recheck, &json!({})).await;
    assert_eq!((status, same["changed"].as_bool()), (200, Some(false)));
    s.sim.ticketing.with_world(|w| {
        w.revoke_card(&number).unwrap();
    });
    let (status, found) = staff.post_json(&recheck, &json!({})).await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["changed"], true);
    assert_eq!(found["application"]["state"], "revoked");
    assert!(found["application"]["checked_at"].is_string());
    let cards = fans_cards(&fan).await;
    assert!(
        cards
            .iter()
            .any(|c| c["card_number"] == number.as_str() && c["card_state"] == "revoked"),
        "{cards:?}"
    );
    let (status, again) = staff.post_json(&recheck, &json!({})).await;
    assert_eq!((status, again["changed"].as_bool()), (200, Some(false)));

    // A refused application does not block a new one; staff may reject it with a reason.
    let (status, retry) = fan
        .post_json(APPLICATIONS, &application(luca(), "child"))
        .await;
    assert_eq!(status, 201, "{retry}");
    let path = format!("{STAFF_APPLICATIONS}/{}", retry["id"].as_str().unwrap());
    let (status, body) = staff
        .post_json(&format!("{path}/reject"), &json!({"note": "  "}))
        .await;
    assert_eq!(
        (status, body["errors"]["note"].as_str()),
        (422, Some("required"))
    );
    let (status, rejected) = staff
        .post_json(
            &format!("{path}/reject"),
            &json!({"note": "La foto non mostra il volto"}),
        )
        .await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["state"], "rejected");
    assert_eq!(rejected["refusal_note"], "La foto non mostra il volto");
}

#[sqlx::test(migrations = false)]
async fn one_person_one_application_and_a_fans_applications_are_theirs_alone(pool: PgPool) {
    let s = setup(&pool).await;
    let (_, fan) = s.app.fan_with_session("primo@example.it").await;
    let (_, other) = s.app.fan_with_session("secondo@example.it").await;
    let (status, app) = fan
        .post_json(APPLICATIONS, &application(giulia(), "child"))
        .await;
    assert_eq!(status, 201);
    let id = app["id"].as_str().unwrap();

    // The same person again, from this account or another: refused.
    for client in [&fan, &other] {
        let (status, body) = client
            .post_json(APPLICATIONS, &application(giulia(), "other"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("already_applied"))
        );
    }
    // Another fan sees nothing of it; a fan cannot act as staff; nobody signed out gets in.
    for path in [
        format!("{APPLICATIONS}/{id}"),
        format!("{APPLICATIONS}/{id}/photo"),
        format!("{APPLICATIONS}/{id}/pdf"),
        format!("{APPLICATIONS}/not-a-uuid"),
    ] {
        let r = other.get(&path).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
    }
    assert!(
        other
            .get_json(APPLICATIONS)
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
    let r = fan
        .post(&format!("{STAFF_APPLICATIONS}/{id}/issue"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    let anonymous = s.app.anonymous().await;
    let r = anonymous.get(APPLICATIONS).send().await.unwrap();
    assert_eq!(r.status(), 401);

    // Two applications for one person at once: one is stored.
    let (_, third) = s.app.fan_with_session("terzo@example.it").await;
    let (as_child, as_sibling) = (application(luca(), "child"), application(luca(), "sibling"));
    let (a, b) = tokio::join!(
        third.post_json(APPLICATIONS, &as_child),
        other.post_json(APPLICATIONS, &as_sibling),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [201, 409]);

    // The export lists them.
    let staff = s.app.staff().await;
    let r = staff
        .get(&format!("{STAFF_APPLICATIONS}/export"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let bytes = r.bytes().await.unwrap();
    let rows = integrations::sheets::read_rows(&bytes).unwrap();
    assert_eq!(rows.len(), 3, "a header and two applications");
}
