//! Issue 25, the low findings over HTTP: NUL bytes, extreme ranges and oversized bodies on
//! every route answer a 4xx in the error shape (never a 500), the apps' pages carry the
//! security headers, and the Google sign-in's return address stays on this site.

use crate::common::{Client, spawn_app};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;

fn admin_paths() -> Vec<(Method, String)> {
    api::routes::admin::table()
        .into_iter()
        .map(|(m, p)| {
            (
                Method::from_bytes(m.as_str().as_bytes()).unwrap(),
                format!("/api/admin{}", p.replace("{id}", "1")),
            )
        })
        .collect()
}

async fn is_error_shape(r: reqwest::Response) -> (StatusCode, Value) {
    let status = r.status();
    let ct = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    assert!(ct.starts_with("application/json"), "{status} in {ct}");
    let body: Value = r.json().await.unwrap();
    assert!(body["code"].is_string(), "{body}");
    (status, body)
}

#[sqlx::test(migrations = false)]
async fn every_staff_list_refuses_an_extreme_range_and_a_nul_in_its_filter(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let lists: Vec<String> = admin_paths()
        .into_iter()
        .filter(|(m, p)| *m == Method::GET && !p.ends_with("/1") && !p.contains("/1/"))
        .map(|(_, p)| p)
        .collect();
    assert!(lists.len() >= 15, "{lists:?}");
    for path in &lists {
        for (param, value) in [
            ("range", "[0,9223372036854775807]".to_owned()),
            (
                "range",
                "[9223372036854775806,9223372036854775807]".to_owned(),
            ),
            ("filter", json!({"q": "a\u{0}b"}).to_string()),
        ] {
            let r = staff
                .get(path)
                .query(&[(param, value.as_str())])
                .send()
                .await
                .unwrap();
            let status = r.status();
            assert!(
                status.is_success() || status.is_client_error(),
                "{path}?{param}={value}: {status}"
            );
            if status.is_client_error() {
                is_error_shape(r).await;
            }
        }
    }
    // The users' list is a react-admin list: both are refused as bad parameters.
    for (param, value, code) in [
        (
            "range",
            "[0,9223372036854775807]".to_owned(),
            "invalid_range",
        ),
        ("filter", json!({"q": "\u{0}"}).to_string(), "invalid_text"),
    ] {
        let r = staff
            .get("/api/admin/users")
            .query(&[(param, value.as_str())])
            .send()
            .await
            .unwrap();
        let (status, body) = is_error_shape(r).await;
        assert_eq!(
            (status, &body["errors"][param]),
            (StatusCode::BAD_REQUEST, &json!(code))
        );
    }
}

#[sqlx::test(migrations = false)]
async fn a_nul_in_any_text_is_invalid_input_and_changes_nothing(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let fan = app.fan().await;

    let r = fan
        .put("/api/me")
        .json(&json!({"display_name": "ab\u{0}cd"}))
        .send()
        .await
        .unwrap();
    let (status, body) = is_error_shape(r).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "invalid_text");
    assert_eq!(body["errors"]["display_name"], "invalid_text");
    let names: i64 =
        sqlx::query_scalar("select count(*) from app_user where position(chr(1) in display_name) > 0 or display_name like 'ab%'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(names, 0);

    // Deep in a body, it names the path.
    let r = fan
        .put("/api/orders/00000000-0000-0000-0000-000000000000/holders")
        .json(&json!({"lines": [{"id": 1, "holder": {"first_name": "Lu\u{0}ca"}}]}))
        .send()
        .await
        .unwrap();
    let (status, body) = is_error_shape(r).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["lines.0.holder.first_name"], "invalid_text");

    // Every staff route that reads a body refuses it, before anything else; the others (an
    // import, a retry) ignore a body: none answers a 500.
    let nul = json!({"name": "a\u{0}b", "q": "\u{0}"}).to_string();
    let refused = refusals_on_staff_writes(
        &staff,
        &nul,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_text",
    )
    .await;
    assert!(refused >= 10, "{refused} routes refused the NUL");

    // A query parameter with a NUL.
    let r = fan
        .get("/api/fixtures")
        .query(&[("kind", "league\u{0}")])
        .send()
        .await
        .unwrap();
    assert_eq!(is_error_shape(r).await.0, StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = false)]
async fn an_oversized_body_is_a_json_413_on_the_routes_that_read_raw_bytes(pool: PgPool) {
    let app = spawn_app(pool).await;
    let fan = app.fan().await;
    let big = vec![b'a'; 2 * 1024 * 1024];
    for (client, path) in [
        (&fan, "/api/fixtures/1/checkout".to_owned()),
        (&fan, "/api/payments/webhook".to_owned()),
        (&fan, "/api/me".to_owned()),
    ] {
        let r = client
            .post(&path)
            .header("content-type", "application/json")
            .body(big.clone())
            .send()
            .await
            .unwrap();
        let status = r.status();
        if status == StatusCode::METHOD_NOT_ALLOWED {
            continue;
        }
        let (status, body) = is_error_shape(r).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path}: {body}");
        assert_eq!(body["code"], "payload_too_large");
    }
}

#[sqlx::test(migrations = false)]
async fn an_oversized_body_on_any_staff_route_is_a_json_413_or_ignored(pool: PgPool) {
    let app = spawn_app(pool).await;
    let staff = app.staff().await;
    let big = format!("{{\"q\":\"{}\"}}", "a".repeat(2 * 1024 * 1024));
    let refused = refusals_on_staff_writes(
        &staff,
        &big,
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
    )
    .await;
    assert!(refused >= 10, "{refused} routes refused the body");
}

/// Sends `body` (JSON) to every staff route that is not a GET: none answers a 500 (a 502 or
/// 503 is an answer: a route that calls the ticketing system, not running here); counts the
/// answers `refusal` with the error `code`.
async fn refusals_on_staff_writes(
    staff: &Client,
    body: &str,
    refusal: StatusCode,
    code: &str,
) -> usize {
    let mut refused = 0;
    for (method, path) in admin_paths() {
        if method == Method::GET {
            continue;
        }
        let r = staff
            .request(method.clone(), &path)
            .header("content-type", "application/json")
            .body(body.to_owned())
            .send()
            .await
            .unwrap();
        let status = r.status();
        assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{method} {path}");
        if status == refusal {
            let (_, answer) = is_error_shape(r).await;
            assert_eq!(answer["code"], code, "{method} {path}");
            refused += 1;
        }
    }
    refused
}

#[sqlx::test(migrations = false)]
async fn the_apps_pages_carry_the_security_headers(pool: PgPool) {
    let app = spawn_app(pool).await;
    let c = Client::new(&app.base).await;
    for path in ["/", "/admin", "/admin/login", "/api/health"] {
        let r = c.get(path).send().await.unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(
            !csp.contains("'unsafe-inline'; img")
                || !csp.contains("script-src 'self' 'unsafe-inline'")
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("object-src 'none'"), "{csp}");
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["x-frame-options"], "DENY");
        assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
        // Development serves plain HTTP: HSTS only in production (Secure cookies).
        assert!(h.get("strict-transport-security").is_none());
    }
}

#[test]
fn the_return_address_after_google_sign_in_stays_on_this_site() {
    use api::routes::google::local_path;
    for hostile in [
        "/\t/evil.example",
        "/%09/evil.example",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example/",
        "/\r\nSet-Cookie: x=1",
        "/ /evil.example",
        "evil.example",
        "/..//evil.example",
    ] {
        let kept = local_path(Some(hostile));
        let url = url::Url::parse("http://lario.invalid/")
            .unwrap()
            .join(&kept)
            .unwrap();
        assert_eq!(
            url.host_str(),
            Some("lario.invalid"),
            "{hostile:?} gave {kept:?}"
        );
        assert!(
            kept.bytes().all(|b| b.is_ascii_graphic()),
            "{hostile:?} gave {kept:?}"
        );
    }
    assert_eq!(
        local_path(Some("/checkout/abc?x=1#top")),
        "/checkout/abc?x=1#top"
    );
    assert_eq!(local_path(Some("/wallet")), "/wallet");
    assert_eq!(local_path(None), "/");
}
