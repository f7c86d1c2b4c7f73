//! Bad input gets a 4xx in the error shape and changes nothing; only a panic answers 500.

use crate::common::{serve, spawn_app, urlencoding};
use axum::{Router, routing::get};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

async fn body(resp: reqwest::Response) -> Value {
    let ct = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    assert!(
        ct.starts_with("application/json"),
        "JSON error body, got {ct:?}"
    );
    let v: Value = resp.json().await.unwrap();
    assert!(
        v["code"].is_string() && v["message"].is_string() && v["errors"].is_object(),
        "error shape: {v}"
    );
    v
}

async fn email_count(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(*) from outbound_email")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = false)]
async fn malformed_json_is_a_400_in_the_error_shape(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff
        .post("/api/admin/mail-checks")
        .header("content-type", "application/json")
        .body("{\"to\": \"a@b.it\",")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert_eq!(body(resp).await["code"], "malformed_json");
    assert_eq!(email_count(&app.pool).await, 0);
}

/// Found by schemathesis: serde fills a struct from an array of its fields, so `[null, null]`
/// was a block's change that changed nothing and answered 200.
#[sqlx::test(migrations = false)]
async fn an_array_for_a_body_is_a_422_and_sends_nothing(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff
        .post("/api/admin/mail-checks")
        .header("content-type", "application/json")
        .body(r#" ["a@lario.test", "it"]"#)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(resp).await;
    assert_eq!(v["code"], "invalid_body");
    assert_eq!(v["errors"]["body"], "object_expected");
    assert_eq!(email_count(&app.pool).await, 0);
}

#[sqlx::test(migrations = false)]
async fn a_wrong_type_is_a_422_naming_the_field(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff
        .post("/api/admin/mail-checks")
        .json(&json!({"to": 42}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(resp).await;
    assert_eq!(v["code"], "invalid_body");
    assert!(
        v["errors"]["to"].as_str().unwrap().contains("invalid type"),
        "{v}"
    );
    assert_eq!(email_count(&app.pool).await, 0);
}

#[sqlx::test(migrations = false)]
async fn an_oversized_body_is_a_413(pool: PgPool) {
    let app = serve(pool, &[("MAX_BODY_BYTES", "1024")], None).await;
    let staff = app.staff().await;
    let big = json!({"to": "a@example.it", "language": "x".repeat(4096)});
    let resp = staff
        .post("/api/admin/mail-checks")
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body(resp).await["code"], "payload_too_large");
    assert_eq!(email_count(&app.pool).await, 0);
}

#[sqlx::test(migrations = false)]
async fn a_body_that_is_not_declared_json_is_a_415(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff
        .post("/api/admin/mail-checks")
        .body("to=a@b.it")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(body(resp).await["code"], "unsupported_media_type");
}

#[sqlx::test(migrations = false)]
async fn invalid_fields_are_a_422_with_one_message_per_field(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff
        .post("/api/admin/mail-checks")
        .json(&json!({"to": "not an address", "language": "fr"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v = body(resp).await;
    assert_eq!(v["code"], "validation_failed");
    assert!(
        v["errors"]["to"].is_string() && v["errors"]["language"].is_string(),
        "{v}"
    );
    assert_eq!(email_count(&app.pool).await, 0);
}

#[sqlx::test(migrations = false)]
async fn unknown_routes_and_methods_answer_in_the_error_shape(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let resp = staff.get("/api/no/such/route").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    assert_eq!(body(resp).await["code"], "not_found");

    let resp = staff.delete("/api/health").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(body(resp).await["code"], "method_not_allowed");

    let resp = staff
        .get("/api/admin/emails/not-a-uuid")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    body(resp).await;

    let resp = staff
        .get("/api/admin/emails?range=oops")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert_eq!(body(resp).await["code"], "invalid_query");
}

#[sqlx::test(migrations = false)]
async fn a_state_or_kind_filter_outside_its_enum_is_refused_naming_the_filter(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    for (list, key, good) in [
        ("mass-issue-lines", "state", "unfinalized"),
        ("mass-issues", "state", "running"),
        ("exports", "kind", "tickets"),
        ("exports", "state", "done"),
        ("service-calls", "outcome", "error"),
        ("fixtures", "kind", "cup"),
    ] {
        let filter = |value: &str| {
            let f = serde_json::json!({ key: value }).to_string();
            format!("/api/admin/{list}?filter={}", urlencoding(&f))
        };
        let resp = staff.get(&filter(good)).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{list} {key}={good}");
        let resp = staff.get(&filter("bogus")).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST, "{list} {key}=bogus");
        let b = body(resp).await;
        assert_eq!(b["code"], "invalid_query");
        assert_eq!(b["errors"][key], "invalid_filter", "{list}: {b}");
    }
}

#[sqlx::test(migrations = false)]
async fn a_panicking_handler_is_caught_and_answers_500_in_the_error_shape(pool: PgPool) {
    async fn boom() -> &'static str {
        panic!("boom")
    }
    let panicking = Router::new().route("/api/test/panic", get(boom));
    let app = serve(pool, &[], Some(panicking)).await;
    let staff = app.staff().await;
    let resp = staff.get("/api/test/panic").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let v = body(resp).await;
    assert_eq!(v["code"], "internal_error");
    assert!(
        !v["message"].as_str().unwrap().contains("boom"),
        "panic text is not leaked"
    );
    // The server is still up.
    let resp = staff.get("/api/version").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
}
