//! Bans of e-mails and titles run by staff: in force exactly between their dates (the sweep
//! only writes the statuses back), barring sign-in, passing on and the wallet pass, and a
//! title ban sent to the ticketing system once, whatever its job repeats.

use crate::common::{eventually, on_sale, spawn_app};
use crate::transfers::{friend, issued_ticket};
use chrono::{Duration, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

async fn sweep(pool: &PgPool) -> u64 {
    let mut conn = pool.acquire().await.unwrap();
    domain::moderation::sweep(&mut conn).await.unwrap()
}

async fn status_of(pool: &PgPool, id: &str) -> i16 {
    sqlx::query_scalar("select status from banned_email where banned_email_id = $1::uuid")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = false)]
async fn an_email_ban_bars_sign_in_exactly_between_its_dates_and_the_sweep_writes_its_status(
    pool: PgPool,
) {
    let app = spawn_app(pool.clone()).await;
    let staff = app.staff().await;
    let fan = app.anonymous().await;
    let sign_in = async || {
        fan.post("/api/auth/link")
            .json(&json!({"email": "curva@example.it"}))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    };
    // From two seconds from now, for two seconds.
    let start = Utc::now() + Duration::seconds(2);
    let end = start + Duration::seconds(2);
    let (status, ban) = staff
        .post_json(
            "/api/admin/bans/emails",
            &json!({"email": "Curva@Example.it", "start_at": start, "end_at": end,
                    "reason": "Cori offensivi"}),
        )
        .await;
    assert_eq!(status, 201, "{ban}");
    let id = ban["id"].as_str().unwrap().to_owned();
    assert_eq!(ban["email"], "curva@example.it");
    assert_eq!(
        (ban["status"].as_i64(), ban["state"].as_str()),
        (Some(3), Some("scheduled"))
    );
    assert_eq!(sign_in().await, 200, "not yet");
    assert_eq!(
        sweep(&pool).await,
        0,
        "nothing to write back before the start"
    );

    // Past the start: barred at once, before any sweep; the sweep then writes 1.
    tokio::time::sleep((start - Utc::now()).to_std().unwrap_or_default()).await;
    assert_eq!(sign_in().await, 403);
    let read = staff
        .get_json(&format!("/api/admin/bans/emails/{id}"))
        .await;
    assert_eq!(
        (read["status"].as_i64(), read["state"].as_str()),
        (Some(3), Some("active"))
    );
    assert_eq!(sweep(&pool).await, 1);
    assert_eq!(status_of(&pool, &id).await, 1);
    assert_eq!(sweep(&pool).await, 0, "written once");

    // Past the end: free again; the sweep writes 3, and never turns it back to 1.
    tokio::time::sleep((end - Utc::now()).to_std().unwrap_or_default()).await;
    assert_eq!(sign_in().await, 200);
    assert_eq!(sweep(&pool).await, 1);
    assert_eq!(status_of(&pool, &id).await, 3);
    assert_eq!(sweep(&pool).await, 0);
    assert_eq!(
        status_of(&pool, &id).await,
        3,
        "an expired ban stays expired"
    );

    // Searched, filtered, newest first; an export of the same list.
    let (status, second) = staff
        .post_json(
            "/api/admin/bans/emails",
            &json!({"email": "altro@example.it", "reason": "Invasione"}),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(second["state"], "active");
    let all = staff.get_json("/api/admin/bans/emails").await;
    let emails: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["altro@example.it", "curva@example.it"]);
    let found = staff
        .get_json("/api/admin/bans/emails?filter=%7B%22q%22%3A%22CURVA%22%7D")
        .await;
    assert_eq!(found.as_array().unwrap().len(), 1);
    let expired = staff
        .get_json("/api/admin/bans/emails?filter=%7B%22state%22%3A%22expired%22%7D")
        .await;
    assert_eq!(expired[0]["id"], id.as_str());
    let r = staff
        .get("/api/admin/bans/emails/export")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("spreadsheetml")
    );

    // Lifted: over for good, and said so once.
    let lift = format!(
        "/api/admin/bans/emails/{}/lift",
        second["id"].as_str().unwrap()
    );
    let (status, lifted) = staff.post_json(&lift, &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(
        (lifted["status"].as_i64(), lifted["state"].as_str()),
        (Some(0), Some("lifted"))
    );
    let (status, again) = staff.post_json(&lift, &json!({})).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("ban_lifted")));
    let (status, body) = staff
        .put_json(
            &format!("/api/admin/bans/emails/{}", second["id"].as_str().unwrap()),
            &json!({"reason": "Cambiato"}),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("ban_lifted")));

    // Bad input changes nothing and says which field.
    for (body, field, code) in [
        (
            json!({"email": "non-una-mail", "reason": "x"}),
            "email",
            "invalid",
        ),
        (
            json!({"email": "a@example.it", "reason": "  "}),
            "reason",
            "required",
        ),
        (
            json!({"email": "a@example.it", "reason": "x", "start_at": start, "end_at": start}),
            "end_at",
            "before_start",
        ),
    ] {
        let (status, answer) = staff.post_json("/api/admin/bans/emails", &body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["errors"][field], code, "{answer}");
    }
    let bans: i64 = sqlx::query_scalar("select count(*) from banned_email")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(bans, 2);
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_entry where action in ('ban.created', 'ban.lifted')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(audited, 3);
    // Staff only.
    let (_, someone) = app.fan_with_session("tifoso@example.it").await;
    let (status, _) = someone
        .post_json(
            "/api/admin/bans/emails",
            &json!({"email": "x@example.it", "reason": "x"}),
        )
        .await;
    assert_eq!(status, 403);
    assert_eq!(
        someone
            .get("/api/admin/bans/emails")
            .send()
            .await
            .unwrap()
            .status(),
        403
    );
}

#[sqlx::test(migrations = false)]
async fn a_fan_signed_in_before_their_ban_starts_is_signed_out_when_it_starts(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    let (_, fan) = s.app.fan_with_session("ultra@example.it").await;
    let (_, phone) = s.app.fan_with_session("ultra@example.it").await;
    // Staff ban the e-mail from tomorrow: until then the fan shops as before.
    let start = Utc::now() + Duration::days(1);
    let (status, ban) = staff
        .post_json(
            "/api/admin/bans/emails",
            &json!({"email": "ultra@example.it", "start_at": start, "reason": "Daspo"}),
        )
        .await;
    assert_eq!(status, 201, "{ban}");
    let id = ban["id"].as_str().unwrap().to_owned();
    let seat = s.seat("TC-TC1-4-1").await;
    let (status, hold) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
    assert_eq!(status, 200, "{hold}");
    let release = fan
        .delete(&format!("/api/fixtures/{}/hold", s.fixture))
        .send()
        .await
        .unwrap();
    assert!(release.status().is_success(), "{}", release.status());

    // The clock passes the start (the ban's dates moved back a day: the database's clock
    // decides, and it cannot be wound forward).
    sqlx::query(
        "update banned_email set ban_start_date = ban_start_date - interval '1 day'
          where banned_email_id = $1::uuid",
    )
    .bind(&id)
    .execute(&pool)
    .await
    .unwrap();
    // Before any sweep: the next request says banned, holds nothing and removes the cookie.
    let r = fan
        .post(&format!("/api/fixtures/{}/hold", s.fixture))
        .json(&json!({"seat_ids": [seat]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    let removes_cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .any(|c| c.to_str().unwrap().starts_with("lario_session=;"));
    assert!(removes_cookie, "{:?}", r.headers());
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "email_banned");
    assert_eq!(s.state(seat).await, "free");
    // Every session of theirs is over, the phone's too, and a new one cannot be had.
    let sessions: i64 = sqlx::query_scalar(
        "select count(*) from user_session s join app_user u using (user_id)
          where u.email = 'ultra@example.it'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(sessions, 0);
    assert_eq!(phone.get("/api/me").send().await.unwrap().status(), 401);
    let r = s
        .app
        .anonymous()
        .await
        .post("/api/auth/link")
        .json(&json!({"email": "ultra@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    // The sweep writes the status the lists show.
    assert_eq!(sweep(&pool).await, 1);
    assert_eq!(status_of(&pool, &id).await, 1);
}

/// The ticketing system's club bans that carry our ban's reference.
fn mirrored(s: &crate::common::OnSale, id: &str) -> Vec<Value> {
    s.sim.ticketing.with_world(|w| {
        w.club_bans
            .iter()
            .filter(|b| b.reason.contains(&format!("rif. {id}")))
            .map(|b| serde_json::to_value(b).unwrap())
            .collect()
    })
}

#[sqlx::test(migrations = false)]
async fn a_title_ban_bars_passing_on_and_the_pass_and_reaches_the_ticketing_system_once(
    pool: PgPool,
) {
    let s = on_sale(pool.clone(), &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("bandito@example.it").await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-8-1", ("Marco", "Ultra")).await;
    let staff = s.app.staff().await;
    // The ticketing system keeps the ban but its answer is lost; it would make a second one.
    s.naive_then_commit_and_fail().await;
    let (status, ban) = staff
        .post_json(
            "/api/admin/bans/titles",
            &json!({"seal": seal.to_lowercase(), "reason": "Striscione vietato"}),
        )
        .await;
    assert_eq!(status, 201, "{ban}");
    let id = ban["id"].as_str().unwrap().to_owned();
    assert_eq!(ban["seal"], seal.as_str());
    assert_eq!(ban["holder_name"], "Marco Ultra");
    assert_eq!(ban["state"], "active");

    // The fan's words: barred, not why.
    let check = fan.get_json(&format!("/api/titles/{seal}/transfer")).await;
    assert_eq!(check["transferable"], false);
    assert_eq!(check["refusal_code"], "title_banned");
    let (status, refused) = fan
        .post_json(
            &format!("/api/titles/{seal}/transfer"),
            &friend("Lia", "lia.ban@example.it"),
        )
        .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("title_banned"))
    );
    for path in [
        format!("/api/wallet/{line}/pass/apple"),
        format!("/api/wallet/{line}/pass/google"),
    ] {
        let r = fan.get(&path).send().await.unwrap();
        assert_eq!(r.status(), 403, "{path}");
        assert_eq!(r.json::<Value>().await.unwrap()["code"], "title_banned");
    }

    // Sent once: the lost answer is found again by its reference.
    let path = format!("/api/admin/bans/titles/{id}");
    eventually("the ban in the ticketing system", 60, async || {
        staff.get_json(&path).await["mirror"] == "done"
    })
    .await;
    let sent = mirrored(&s, &id);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0]["persona"]["cognome"], "Ultra");
    assert_eq!(
        staff.get_json(&path).await["planet_ban_id"],
        sent[0]["banId"]
    );

    // The ticketing system loses the ban: the reconciliation with its list sends it again.
    s.sim
        .ticketing
        .with_world(|w| w.club_bans.retain(|b| !b.reason.contains(&id)));
    assert!(mirrored(&s, &id).is_empty());
    let ctx = workflows::JobContext::from_config(
        pool.clone(),
        &crate::common::config(&[
            ("TICKETING_URL", s.sim.http_url().as_str()),
            ("MAIL_SMTP_URL", s.sim.smtp_url().as_str()),
        ]),
    )
    .unwrap();
    assert_eq!(workflows::bans::reconcile(&ctx).await.unwrap(), 1);
    eventually("the lost ban sent again", 60, async || {
        mirrored(&s, &id).len() == 1 && staff.get_json(&path).await["mirror"] == "done"
    })
    .await;
    assert_eq!(
        workflows::bans::reconcile(&ctx).await.unwrap(),
        0,
        "in step"
    );

    // A new end reaches it too.
    let until = Utc::now() + Duration::days(30);
    let (status, changed) = staff
        .put_json(
            &path,
            &json!({"end_at": until, "reason": "Striscione vietato"}),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    eventually("the new end in the ticketing system", 60, async || {
        mirrored(&s, &id)
            .first()
            .is_some_and(|b| !b["al"].is_null())
    })
    .await;

    // Lifted: removed there, and the ticket may be passed on again.
    let (status, _) = staff.post_json(&format!("{path}/lift"), &json!({})).await;
    assert_eq!(status, 200);
    eventually(
        "the ban removed from the ticketing system",
        60,
        async || mirrored(&s, &id).is_empty() && staff.get_json(&path).await["mirror"] == "done",
    )
    .await;
    let check = fan.get_json(&format!("/api/titles/{seal}/transfer")).await;
    assert_eq!(check["transferable"], true, "{check}");
    let r = fan
        .get(&format!("/api/wallet/{line}/pass/apple"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);

    // A seal that is none of ours is refused.
    let (status, answer) = staff
        .post_json(
            "/api/admin/bans/titles",
            &json!({"seal": "ZZZZ99999999", "reason": "x"}),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(answer["errors"]["seal"], "unknown_title");
}

/// The people on the ticketing system's blacklist, by last name.
fn blacklisted(s: &crate::common::OnSale) -> Vec<String> {
    s.sim.ticketing.with_world(|w| {
        w.blacklist
            .iter()
            .map(|b| b.person.last_name.clone())
            .collect()
    })
}

#[sqlx::test(migrations = false)]
async fn staff_blacklist_a_person_and_the_ticketing_system_lists_them_once(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let _worker = s.start_worker();
    let staff = s.app.staff().await;
    let person = json!({"first_name": "Luca", "last_name": "Nerazzurro", "birth_date": "1990-05-06",
                        "reason": "Biglietti rivenduti in nero"});
    // The ticketing system keeps the entry but its answer is lost: the job sends it again.
    s.naive_then_commit_and_fail().await;
    let (status, entry) = staff.post_json("/api/admin/blacklist", &person).await;
    assert_eq!(status, 201, "{entry}");
    assert_eq!(entry["mirror"], "pending");
    let id = entry["id"].as_str().unwrap().to_owned();
    let path = format!("/api/admin/blacklist/{id}");
    eventually("the entry in the ticketing system", 60, async || {
        staff.get_json(&path).await["mirror"] == "done"
    })
    .await;
    assert_eq!(blacklisted(&s), ["Nerazzurro"]);

    // Once on the list; bad input says which field and changes nothing.
    let (status, again) = staff.post_json("/api/admin/blacklist", &person).await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("already_blacklisted"))
    );
    for (change, field, code) in [
        (json!({"first_name": " "}), "first_name", "required"),
        (
            json!({"birth_date": "2999-01-01"}),
            "birth_date",
            "in_future",
        ),
        (
            json!({"fiscal_code": "RSSMRA80A01H501A"}),
            "fiscal_code",
            "check_character",
        ),
        (json!({"reason": ""}), "reason", "required"),
    ] {
        let mut body = person.clone();
        body["last_name"] = json!("Altro");
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, refused) = staff.post_json("/api/admin/blacklist", &body).await;
        assert_eq!(status, 422, "{change}: {refused}");
        assert_eq!(refused["errors"][field], code, "{refused}");
    }
    let list = staff
        .get_json("/api/admin/blacklist?filter=%7B%22q%22%3A%22nerazz%22%7D")
        .await;
    assert_eq!(list.as_array().unwrap().len(), 1);

    // Removed: off the ticketing system's list too; once.
    let remove = format!("{path}/remove");
    let (status, removed) = staff.post_json(&remove, &json!({})).await;
    assert_eq!(status, 200, "{removed}");
    assert!(!removed["removed_at"].is_null());
    eventually(
        "the entry removed from the ticketing system",
        60,
        async || staff.get_json(&path).await["mirror"] == "done" && blacklisted(&s).is_empty(),
    )
    .await;
    let (status, again) = staff.post_json(&remove, &json!({})).await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("already_removed"))
    );
    let current = staff
        .get_json("/api/admin/blacklist?filter=%7B%22current%22%3Atrue%7D")
        .await;
    assert_eq!(current.as_array().unwrap().len(), 0);
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_entry where action in ('blacklist.added', 'blacklist.removed')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(audited, 2);
    // Staff only.
    let (_, fan) = s.app.fan_with_session("curioso@example.it").await;
    let (status, _) = fan.post_json("/api/admin/blacklist", &person).await;
    assert_eq!(status, 403);
}
