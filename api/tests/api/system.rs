//! Health, version, the two front-ends, and the staff's e-mail list.

use crate::common::{fake_spa, serve, spawn_app};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

#[sqlx::test(migrations = false)]
async fn health_reports_the_database_migrations_and_jobs(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff.get("/api/health").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let v: Value = resp.json().await.unwrap();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["database"]["ok"], true);
    assert_eq!(v["migrations"]["ok"], true);
    assert_eq!(v["migrations"]["pending"], 0);
    assert!(v["migrations"]["applied"].as_i64().unwrap() >= 1);
    assert_eq!(v["jobs"]["ok"], true);
}

#[sqlx::test(migrations = false)]
async fn health_is_503_when_migrations_are_missing(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    sqlx::query("delete from _sqlx_migrations")
        .execute(&app.pool)
        .await
        .unwrap();
    let resp = staff.get("/api/health").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    let v: Value = resp.json().await.unwrap();
    assert_eq!(v["status"], "degraded");
    assert_eq!(v["migrations"]["ok"], false);
}

#[sqlx::test(migrations = false)]
async fn version_names_the_build(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let v: Value = staff.get_json("/api/version").await;
    assert_eq!(v["name"], "lario");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert!(v["git_sha"].is_string());
}

#[sqlx::test(migrations = false)]
async fn the_fan_app_and_the_admin_app_are_served_with_client_side_routes(pool: PgPool) {
    let fan = fake_spa("fan");
    let admin = fake_spa("admin");
    let app = serve(
        pool,
        &[
            ("FAN_UI_DIR", fan.to_str().unwrap()),
            ("ADMIN_UI_DIR", admin.to_str().unwrap()),
        ],
        None,
    )
    .await;
    let client = reqwest::Client::new();
    let get = |path: &'static str| {
        let c = client.clone();
        let url = app.url(path);
        async move {
            let r = c.get(url).send().await.unwrap();
            (r.status(), r.text().await.unwrap())
        }
    };
    assert_eq!(
        get("/").await,
        (StatusCode::OK, "<!doctype html><title>fan</title>".into())
    );
    assert_eq!(get("/wallet/").await.1, "<!doctype html><title>fan</title>");
    assert_eq!(
        get("/checkout/thankyou/42").await.1,
        "<!doctype html><title>fan</title>"
    );
    assert_eq!(get("/assets/app.js").await.1, "console.log('app')");
    assert_eq!(get("/admin").await.1, "<!doctype html><title>admin</title>");
    assert_eq!(
        get("/admin/tickets/massissue").await.1,
        "<!doctype html><title>admin</title>"
    );
    assert_eq!(get("/admin/assets/app.js").await.1, "console.log('app')");
    // The API never falls back to a page.
    assert_eq!(get("/api/nothing").await.0, StatusCode::NOT_FOUND);
    // A missing build file is missing, not the page (a stale chunk must fail loudly).
    assert_eq!(get("/assets/gone-1234.js").await.0, StatusCode::NOT_FOUND);

    // The build's files go compressed to browsers that ask, and are cached for good (their
    // names carry a hash).
    let big = "console.log('a long enough script to be worth compressing');\n".repeat(50);
    std::fs::write(fan.join("assets/big.js"), &big).unwrap();
    let r = client
        .get(app.url("/assets/big.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-encoding"], "gzip");
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let sent = r.bytes().await.unwrap().len();
    assert!(sent < big.len() / 5, "{sent} of {} bytes", big.len());
    let page = client
        .get(app.url("/wallet/"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert!(
        page.headers().get("cache-control").is_none(),
        "the page is never cached for good"
    );
    // The API's JSON is compressed too; nobody who does not ask gets gzip.
    let doc = client
        .get(app.url("/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(doc.headers()["content-encoding"], "gzip");
    let zipped = doc.bytes().await.unwrap().len();
    let plain = client
        .get(app.url("/api/openapi.json"))
        .send()
        .await
        .unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let unzipped = plain.bytes().await.unwrap().len();
    assert!(zipped < unzipped / 5, "{zipped} of {unzipped} bytes");
}

#[sqlx::test(migrations = false)]
async fn a_mail_check_stores_the_email_and_its_job_together(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff
        .post("/api/admin/mail-checks")
        .json(&json!({"to": " Staff@Example.IT ", "language": "en"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::CREATED);
    let created: Value = resp.json().await.unwrap();
    assert_eq!(created["to_address"], "staff@example.it");
    assert_eq!(created["status"], "pending");
    assert_eq!(created["subject"], "Mail delivery check");
    let jobs: i64 = sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type = 'mail' and idempotency_key = $1",
    )
    .bind(created["id"].as_str().unwrap())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(jobs, 1);
}

#[sqlx::test(migrations = false)]
async fn the_email_list_speaks_react_admins_dialect(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    for (to, lang) in [
        ("a@example.it", "it"),
        ("b@example.it", "en"),
        ("c@example.it", "it"),
    ] {
        let r = staff
            .post("/api/admin/mail-checks")
            .json(&json!({"to": to, "language": lang}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::CREATED);
    }
    let resp = staff
        .get(r#"/api/admin/emails?sort=["to_address","ASC"]&range=[0,1]&filter={}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-range"], "emails 0-1/3");
    let page: Vec<Value> = resp.json().await.unwrap();
    assert_eq!(
        page.iter()
            .map(|e| e["to_address"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["a@example.it", "b@example.it"]
    );

    let resp = staff
        .get(r#"/api/admin/emails?filter={"q":"B@EXAMPLE"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["content-range"], "emails 0-0/1");
    let resp = staff
        .get(r#"/api/admin/emails?filter={"status":"sent"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["content-range"], "emails 0-0/0");
    let one: Value = staff
        .get(&format!(
            "/api/admin/emails/{}",
            page[0]["id"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(one["to_address"], "a@example.it");
    let missing = staff
        .get(&format!("/api/admin/emails/{}", uuid::Uuid::new_v4()))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let bad_sort = staff
        .get(r#"/api/admin/emails?sort=["body","ASC"]"#)
        .send()
        .await
        .unwrap();
    assert_eq!(bad_sort.status(), StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = false)]
async fn the_job_board_admits_staff_sessions_only(pool: PgPool) {
    let app = spawn_app(pool).await;
    let board = api::board::router(
        &app.pool,
        "http://login.example/admin/login".into(),
        std::time::Duration::from_secs(3),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, board).await.unwrap() });
    let raw = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let anonymous = raw.get(format!("http://{addr}/")).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        anonymous.headers()["location"],
        "http://login.example/admin/login"
    );
    let api = raw
        .get(format!("http://{addr}/api/v1/queues"))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), StatusCode::UNAUTHORIZED);

    // The same host's cookies reach the board's port: a staff session opens it, a fan's does not.
    for (client, expected) in [
        (app.fan().await, StatusCode::UNAUTHORIZED),
        (app.staff().await, StatusCode::OK),
    ] {
        let r = client
            .http
            .get(format!("http://{addr}/api/v1/queues"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), expected);
    }

    // The board only shows: staff act on jobs through the admin app's audited actions.
    let staff = app.staff().await;
    let r = staff
        .http
        .put(format!("http://{addr}/api/v1/queues/mail/tasks"))
        .json(&serde_json::json!({"to": "x@example.it"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: serde_json::Value = r.json().await.unwrap();
    assert_eq!(body["code"], "board_read_only");
    let queued: i64 = sqlx::query_scalar("select count(*) from apalis.jobs")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(queued, 0);

    // The board's health light is its event stream: open while every queue's workers beat...
    let events = staff
        .http
        .get(format!("http://{addr}/api/v1/events"))
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), StatusCode::OK);
    assert_eq!(events.headers()["content-type"], "text/event-stream");
    drop(events);
    // ... and refused while a queue's only worker has stopped beating.
    sqlx::query(
        "insert into apalis.workers (id, worker_type, storage_name, last_seen)
         values ('gone-worker:mail', 'mail', 'postgres', now() - interval '1 minute')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let events = staff
        .http
        .get(format!("http://{addr}/api/v1/events"))
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), StatusCode::SERVICE_UNAVAILABLE);
}
