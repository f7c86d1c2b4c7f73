//! Sign-in by code, link and password; bans; sessions; CSRF; the authorization matrix.

use crate::common::{Client, PASSWORD, TestApp, spawn_app};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;

fn code_in(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .expect("a six-digit code")
        .to_owned()
}

fn link_token(text: &str) -> String {
    let start = text
        .find("/authorise/")
        .or_else(|| text.find("/reset-password/"))
        .expect("a link");
    let rest = &text[start..];
    let after = &rest[rest[1..].find('/').unwrap() + 2..];
    after.split_whitespace().next().unwrap().to_owned()
}

async fn ask_code(c: &Client, email: &str) -> reqwest::Response {
    c.post("/api/auth/code")
        .json(&json!({"email": email, "language": "it"}))
        .send()
        .await
        .unwrap()
}

async fn verify(c: &Client, email: &str, code: &str) -> reqwest::Response {
    c.post("/api/auth/code/verify")
        .json(&json!({"email": email, "code": code}))
        .send()
        .await
        .unwrap()
}

async fn me(c: &Client) -> (StatusCode, Value) {
    let r = c.get("/api/me").send().await.unwrap();
    (r.status(), r.json().await.unwrap())
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_new_fan_signs_up_and_in_with_an_emailed_code(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.anonymous().await;
    let r = ask_code(&c, "Nuovo.Tifoso@Example.IT").await;
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = r.json().await.unwrap();
    // Issue 25, finding 8: the same answer as for an existing account, and no account yet.
    assert_eq!(v, json!({"message": "OTP sent. Please check your email."}));
    assert_eq!(
        count(
            &app,
            "select count(*) from app_user where email = 'nuovo.tifoso@example.it'"
        )
        .await,
        0
    );
    let (s, _) = me(&c).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);

    let code = code_in(&app.last_mail_text("nuovo.tifoso@example.it").await);
    let r = verify(&c, "nuovo.tifoso@example.it", &code).await;
    assert_eq!(r.status(), StatusCode::OK);

    // The account exists once the code is used, with the spec's defaults.
    let (first, logged, credits, level, acc_type, version, status): (bool, bool, i32, i16, i16, String, i16) = sqlx::query_as(
        "select is_first_time_login, is_logged_in, credits, acc_level, acc_type, version, status from app_user where email = 'nuovo.tifoso@example.it'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        (
            first,
            logged,
            credits,
            level,
            acc_type,
            version.as_str(),
            status
        ),
        (false, true, 500, 100, 1, "1.1.4", 1)
    );

    let ip: Option<String> = sqlx::query_scalar(
        "select host(registration_ip) from app_user where email = 'nuovo.tifoso@example.it'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        ip.as_deref(),
        Some("127.0.0.1"),
        "the registration address is the client's"
    );

    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|v| v.starts_with("lario_session="))
        .unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );

    let (s, v) = me(&c).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["email"], "nuovo.tifoso@example.it");
    assert_eq!(v["is_first_time_login"], false);
    assert_eq!(v["is_logged_in"], true);
    assert_eq!(v["role"], "fan");
    assert_eq!(v["language"], "it");

    // Asking again: the existing account's message.
    let v: Value = ask_code(&c, "nuovo.tifoso@example.it")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["message"], "OTP sent. Please check your email.");
}

#[sqlx::test(migrations = false)]
async fn a_code_is_valid_for_120_seconds_and_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.anonymous().await;
    ask_code(&c, "tempo@example.it").await;
    let validity: f64 = sqlx::query_scalar(
        "select extract(epoch from expires_at - created_at)::float8 from sign_in_code",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(validity, 120.0);
    let code = code_in(&app.last_mail_text("tempo@example.it").await);
    sqlx::query("update sign_in_code set expires_at = now() - interval '1 millisecond'")
        .execute(&app.pool)
        .await
        .unwrap();
    let r = verify(&c, "tempo@example.it", &code).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "code_expired");

    ask_code(&c, "tempo@example.it").await;
    let code = code_in(&app.last_mail_text("tempo@example.it").await);
    assert_eq!(
        verify(&c, "tempo@example.it", &code).await.status(),
        StatusCode::OK
    );
    let again = verify(&app.anonymous().await, "tempo@example.it", &code).await;
    assert_eq!(
        again.status(),
        StatusCode::UNAUTHORIZED,
        "a code works once"
    );
}

#[sqlx::test(migrations = false)]
async fn the_sixth_try_is_refused_even_with_the_right_code(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.anonymous().await;
    ask_code(&c, "tentativi@example.it").await;
    let code = code_in(&app.last_mail_text("tentativi@example.it").await);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for n in 1..=5 {
        let r = verify(&c, "tentativi@example.it", wrong).await;
        let expected = if n < 5 {
            StatusCode::UNAUTHORIZED
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(r.status(), expected, "wrong try {n}");
    }
    let r = verify(&c, "tentativi@example.it", &code).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "code_locked");
    assert_eq!(me(&c).await.0, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = false)]
async fn code_requests_are_rate_limited_per_email(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.anonymous().await;
    for _ in 0..5 {
        assert_eq!(
            ask_code(&c, "insistente@example.it").await.status(),
            StatusCode::OK
        );
    }
    let r = ask_code(&c, "insistente@example.it").await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "rate_limited");
    assert_eq!(
        count(&app, "select count(*) from outbound_email").await,
        5,
        "the refused request sent nothing"
    );
    assert_eq!(
        ask_code(&c, "altro@example.it").await.status(),
        StatusCode::OK,
        "other e-mails are not affected"
    );
}

#[sqlx::test(migrations = false)]
async fn a_banned_email_is_refused_by_every_method_and_nothing_is_created(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.anonymous().await;
    // An account with a password and a pending code, then the ban.
    app.create_user("daspo@example.it", 100).await;
    ask_code(&c, "daspo@example.it").await;
    let code = code_in(&app.last_mail_text("daspo@example.it").await);
    let mut conn = app.pool.acquire().await.unwrap();
    domain::moderation::ban_email(
        &mut conn,
        &domain::email::Email::parse("daspo@example.it").unwrap(),
    )
    .await
    .unwrap();
    domain::moderation::ban_email(
        &mut conn,
        &domain::email::Email::parse("mai.visto@example.it").unwrap(),
    )
    .await
    .unwrap();
    let emails_before = count(&app, "select count(*) from outbound_email").await;

    let refused = |r: reqwest::Response| async move {
        assert_eq!(r.status(), StatusCode::FORBIDDEN);
        assert_eq!(r.json::<Value>().await.unwrap()["code"], "email_banned");
    };
    refused(ask_code(&c, "mai.visto@example.it").await).await;
    refused(ask_code(&c, "DASPO@example.it").await).await;
    refused(verify(&c, "daspo@example.it", &code).await).await;
    refused(
        c.post("/api/auth/link")
            .json(&json!({"email": "mai.visto@example.it"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    refused(
        c.post("/api/auth/password")
            .json(&json!({"email": "daspo@example.it", "password": PASSWORD}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        count(
            &app,
            "select count(*) from app_user where email = 'mai.visto@example.it'"
        )
        .await,
        0
    );
    assert_eq!(
        count(&app, "select count(*) from outbound_email").await,
        emails_before
    );
    assert_eq!(count(&app, "select count(*) from user_session").await, 0);
}

#[sqlx::test(migrations = false)]
async fn an_emailed_link_signs_in_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.anonymous().await;
    let r = c
        .post("/api/auth/link")
        .json(&json!({"email": "link@example.it", "language": "en"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.json::<Value>().await.unwrap()["message"],
        "Email sent successfully!"
    );
    let text = app.last_mail_text("link@example.it").await;
    assert!(text.contains("/authorise/"), "{text}");
    assert!(
        !text.contains("bGluay"),
        "the link is not base64 of the e-mail"
    );
    let token = link_token(&text);
    let r = c
        .post("/api/auth/link/verify")
        .json(&json!({"token": token}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(me(&c).await.1["email"], "link@example.it");
    let other = app.anonymous().await;
    let r = other
        .post("/api/auth/link/verify")
        .json(&json!({"token": token}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "link_invalid");
}

#[sqlx::test(migrations = false)]
async fn a_forgotten_password_is_reset_by_email_and_old_sessions_end(pool: PgPool) {
    let app = spawn_app(pool).await;
    let old = app.signed_in("smemorato@example.it", 100).await;
    let c = app.anonymous().await;
    let r = c
        .post("/api/auth/password/forgot")
        .json(&json!({"email": "smemorato@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let unknown = c
        .post("/api/auth/password/forgot")
        .json(&json!({"email": "nessuno@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        unknown.status(),
        StatusCode::OK,
        "the same answer for unknown e-mails"
    );
    let token = link_token(&app.last_mail_text("smemorato@example.it").await);
    let short = c
        .post("/api/auth/password/reset")
        .json(&json!({"token": token, "password": "short"}))
        .send()
        .await
        .unwrap();
    assert_eq!(short.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let r = c
        .post("/api/auth/password/reset")
        .json(&json!({"token": token, "password": "a-brand-new-password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        me(&old).await.0,
        StatusCode::UNAUTHORIZED,
        "sessions before the reset end"
    );
    let fresh = app.anonymous().await;
    let ok = fresh
        .post("/api/auth/password")
        .json(&json!({"email": "smemorato@example.it", "password": "a-brand-new-password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), StatusCode::OK);
    assert_eq!(
        ok.json::<Value>().await.unwrap()["message"],
        "Login using email & password success!"
    );
}

#[sqlx::test(migrations = false)]
async fn wrong_passwords_and_the_wrong_area_are_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    app.create_user("tifoso@example.it", 100).await;
    let c = app.anonymous().await;
    let r = c
        .post("/api/auth/password")
        .json(&json!({"email": "tifoso@example.it", "password": "nope nope nope"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        r.json::<Value>().await.unwrap()["code"],
        "invalid_credentials"
    );
    let r = c
        .post("/api/auth/password")
        .json(&json!({"email": "ghost@example.it", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status(),
        StatusCode::UNAUTHORIZED,
        "unknown e-mails look the same"
    );
    let r = c
        .post("/api/auth/password")
        .json(&json!({"email": "tifoso@example.it", "password": PASSWORD, "area": "admin"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status(),
        StatusCode::FORBIDDEN,
        "fans do not enter /admin/login"
    );
    assert_eq!(me(&c).await.0, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = false)]
async fn logout_ends_the_session_on_the_server(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.fan().await;
    let token: String = {
        let r = app.anonymous().await;
        let resp = r
            .post("/api/auth/password")
            .json(&json!({"email": "fan@example.it", "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        resp.headers()
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .find(|v| v.starts_with("lario_session="))
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .trim_start_matches("lario_session=")
            .to_owned()
    };
    // A replayed cookie works while the session lives...
    let raw = reqwest::Client::new();
    let with_cookie = || {
        raw.get(app.url("/api/me"))
            .header("cookie", format!("lario_session={token}"))
    };
    assert_eq!(with_cookie().send().await.unwrap().status(), StatusCode::OK);
    // ...and not after that session logs out, even if the browser kept it.
    let logout = raw
        .post(app.url("/api/auth/logout"))
        .header(
            "cookie",
            format!("lario_session={token}; lario_csrf={}", c.csrf),
        )
        .header("x-csrf-token", &c.csrf)
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        with_cookie().send().await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        me(&c).await.0,
        StatusCode::OK,
        "other sessions of the user live on"
    );
    let (logged,): (bool,) =
        sqlx::query_as("select is_logged_in from app_user where email = 'fan@example.it'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(!logged);
}

#[sqlx::test(migrations = false)]
async fn signing_in_rotates_the_session(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.fan().await;
    assert_eq!(count(&app, "select count(*) from user_session").await, 1);
    let r = c
        .post("/api/auth/password")
        .json(&json!({"email": "fan@example.it", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        count(&app, "select count(*) from user_session").await,
        1,
        "the old session was replaced"
    );
    assert_eq!(me(&c).await.0, StatusCode::OK);
}

#[sqlx::test(migrations = false)]
async fn state_changing_requests_without_the_csrf_token_are_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.fan().await;
    for token in [None, Some("x".repeat(43))] {
        let mut req = c
            .http
            .put(c.url("/api/me"))
            .json(&json!({"display_name": "Hacker"}));
        if let Some(t) = token {
            req = req.header("x-csrf-token", t);
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status(), StatusCode::FORBIDDEN);
        assert_eq!(r.json::<Value>().await.unwrap()["code"], "csrf_failed");
    }
    assert_ne!(me(&c).await.1["display_name"], "Hacker");
    let r = c
        .put("/api/me")
        .json(&json!({"display_name": "Tifoso"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
}

#[sqlx::test(migrations = false)]
async fn every_admin_route_refuses_anonymous_and_fans_and_admits_staff(pool: PgPool) {
    let app = spawn_app(pool).await;
    let anonymous = app.anonymous().await;
    let fan = app.fan().await;
    let staff = app.staff().await;
    let table = api::routes::admin::table();
    assert!(
        table.len() >= 6,
        "the table lists the admin routes: {table:?}"
    );
    for (method, path) in table {
        let path = format!(
            "/api/admin{}",
            path.replace("{id}", &uuid::Uuid::new_v4().to_string())
        );
        let m = Method::from_bytes(method.as_str().as_bytes()).unwrap();
        let send = |c: &Client| c.request(m.clone(), &path).json(&json!({})).send();
        assert_eq!(
            send(&anonymous).await.unwrap().status(),
            StatusCode::UNAUTHORIZED,
            "{method} {path} anonymous"
        );
        assert_eq!(
            send(&fan).await.unwrap().status(),
            StatusCode::FORBIDDEN,
            "{method} {path} fan"
        );
        let s = send(&staff).await.unwrap().status();
        assert!(
            s != StatusCode::UNAUTHORIZED && s != StatusCode::FORBIDDEN
                // Admins only: a role, the club's settings.
                || (method == Method::PUT
                    && (path.starts_with("/api/admin/users/") || path == "/api/admin/settings")),
            "{method} {path} staff got {s}"
        );
    }
}

#[sqlx::test(migrations = false)]
async fn only_admins_change_roles_and_each_change_is_audited(pool: PgPool) {
    let app = spawn_app(pool).await;
    let target = app.create_user("promosso@example.it", 100).await;
    let staff = app.staff().await;
    let admin = app.admin().await;
    let path = format!("/api/admin/users/{target}");
    let r = staff
        .put(&path)
        .json(&json!({"acc_level": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    app.reauthenticate(&admin, "admin@example.it").await;
    let r = admin
        .put(&path)
        .json(&json!({"acc_level": 2, "email": "ignored"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = r.json().await.unwrap();
    assert_eq!(
        (v["acc_level"].as_i64(), v["role"].as_str()),
        (Some(2), Some("staff"))
    );
    let (action, details): (String, Value) =
        sqlx::query_as("select action, details from audit_entry where subject_id = $1")
            .bind(target.to_string())
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(action, "user.role_changed");
    assert_eq!(details, json!({"from": 100, "to": 2}));
    let r = admin
        .put(&path)
        .json(&json!({"acc_level": 7}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = false)]
async fn staff_find_users_by_email_or_name_as_the_spec_searches(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id = app.create_user("mario.rossi@example.it", 100).await;
    sqlx::query("update app_user set first_name = 'Mario', last_name = 'Rossi' where user_id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    app.create_user("altro@example.it", 51).await;
    let staff = app.staff().await;
    let find = |q: &'static str| {
        let url = format!(r#"/api/admin/users?filter={{"q":"{q}"}}"#);
        let req = staff.get(&url);
        async move {
            req.send()
                .await
                .unwrap()
                .json::<Vec<Value>>()
                .await
                .unwrap()
        }
    };
    assert_eq!(
        find("MARIO.ROSSI@EXAMPLE.IT").await.len(),
        1,
        "e-mails in lower case"
    );
    assert_eq!(
        find("rossi").await.len(),
        1,
        "names lower-cased and capitalised"
    );
    assert_eq!(find("mario rossi").await.len(), 1, "first and last name");
    assert_eq!(find("Bianchi").await.len(), 0);
    let corporate: Vec<Value> = staff
        .get_as(r#"/api/admin/users?filter={"role":"corporate"}"#)
        .await;
    assert_eq!(corporate.len(), 1);
    assert_eq!(corporate[0]["email"], "altro@example.it");
}

#[sqlx::test(migrations = false)]
async fn the_profile_follows_the_display_name_rules(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = app.fan().await;
    let put = |body: Value| c.put("/api/me").json(&body).send();
    let r = put(json!({"display_name": " x "})).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.json::<Value>().await.unwrap()["errors"]["display_name"],
        "display_name_too_short"
    );
    let r = put(json!({"display_name": "y".repeat(51)})).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // No name yet: the display name is stored as the name too.
    let r = put(json!({"display_name": "Lariano", "consent_13_years": true, "marketing_consent": true, "language": "en"})).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["message"], "Profile updated successfully");
    assert_eq!(
        (
            v["user"]["display_name"].as_str(),
            v["user"]["name"].as_str()
        ),
        (Some("Lariano"), Some("Lariano"))
    );
    assert_eq!(v["user"]["consent_13_years"], true);
    assert_eq!(v["user"]["profiling_consent"], false);
    assert_eq!(v["user"]["language"], "en");
    // An empty display name falls back to the name.
    let v: Value = put(json!({"display_name": "", "name": "Gianni"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["user"]["display_name"], "Gianni");
    let r = put(json!({"language": "fr"})).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = false)]
async fn staff_never_read_a_sign_in_code_or_link_in_the_email_log(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let anon = app.anonymous().await;
    // Anyone may ask for a code or a link for a fan's address (a staff account gets neither:
    // see second_factor.rs).
    let target = "tifoso.vittima@example.it";
    app.create_user(target, 100).await;
    assert!(ask_code(&anon, target).await.status().is_success());
    let code = code_in(&app.last_mail_text(target).await);
    let r = anon
        .post("/api/auth/link")
        .json(&json!({"email": target, "language": "it"}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let token = link_token(&app.last_mail_text(target).await);
    // The staff's e-mail log, its search and each e-mail's page carry neither.
    let list = staff
        .get("/api/admin/emails")
        .query(&[("filter", json!({"q": target}).to_string())])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(list.contains(target), "{list}");
    assert!(!list.contains(&code), "a code in the log: {list}");
    assert!(!list.contains(&token), "a link in the log: {list}");
    let rows: Value = serde_json::from_str(&list).unwrap();
    for row in rows.as_array().unwrap() {
        let one = staff
            .get(&format!(
                "/api/admin/emails/{}",
                row["id"].as_str().unwrap()
            ))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(!one.contains(&code) && !one.contains(&token), "{one}");
    }
}
