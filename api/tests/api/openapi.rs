//! The OpenAPI document: every route is in it, every operation in it is served, and it is the
//! one the api serves at `/api/openapi.json` and shows at `/api/docs`.

use crate::common::{Client, spawn_app};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use sqlx::PgPool;
use std::path::Path;

fn document() -> Value {
    serde_json::to_value(api::openapi_document()).unwrap()
}

/// Every `(method, path)` of the document, its path parameters filled with a value of their
/// type (an id that exists nowhere).
fn operations(doc: &Value) -> Vec<(Method, String, Value)> {
    let mut out = vec![];
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let mut concrete = path.clone();
            for p in op["parameters"].as_array().into_iter().flatten() {
                if p["in"] == "path" {
                    let name = p["name"].as_str().unwrap();
                    let value = if p["schema"]["type"] == "integer" {
                        "987654321"
                    } else {
                        "00000000-0000-4000-8000-000000000000"
                    };
                    concrete = concrete.replace(&format!("{{{name}}}"), value);
                }
            }
            assert!(
                !concrete.contains('{'),
                "{path}: a path parameter is not declared"
            );
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            out.push((method, concrete, op.clone()));
        }
    }
    out
}

/// The route modules add routes only with utoipa-axum's `routes!`, which documents them: a
/// plain axum `.route(..)` would serve a route the document does not list.
#[test]
fn no_route_module_adds_an_undocumented_route() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
    let mut files = vec![];
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 10, "the route modules are found: {files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for needle in [
            ".route(",
            ".route_service(",
            ".nest_service(",
            "Router::new()",
        ] {
            let plain = text.match_indices(needle).any(|(at, _)| {
                !text[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric())
            });
            assert!(
                !plain,
                "{} uses {needle}: add the route with routes!(..) so it is documented",
                f.display()
            );
        }
    }
}

#[test]
fn every_operation_has_an_id_a_tag_a_success_and_described_answers() {
    let doc = document();
    assert_eq!(doc["openapi"], "3.1.0");
    let ops = operations(&doc);
    assert!(ops.len() >= 100, "{} operations", ops.len());
    let mut ids = std::collections::BTreeSet::new();
    for (method, path, op) in &ops {
        let id = op["operationId"].as_str().unwrap();
        assert!(
            ids.insert(id.to_owned()),
            "{method} {path}: operationId {id} twice"
        );
        assert!(op["tags"][0].is_string(), "{method} {path}: no tag");
        let responses = op["responses"].as_object().unwrap();
        assert!(
            responses
                .keys()
                .any(|s| s.starts_with('2') || s.starts_with('3')),
            "{method} {path}: no success answer"
        );
        for (status, r) in responses {
            assert!(
                !r["description"].as_str().unwrap_or("").is_empty(),
                "{method} {path} {status}: no description"
            );
        }
        if path.starts_with("/api/admin/") {
            assert!(responses.contains_key("401") && responses.contains_key("403"));
        }
        if *method != Method::GET && path != "/api/payments/webhook" {
            assert!(
                responses.contains_key("403"),
                "{method} {path}: CSRF refusal"
            );
        }
    }
}

/// Each documented operation reaches a handler: asked by someone signed out (so nothing
/// changes), it is never the router's "No such route" nor "method not allowed".
#[sqlx::test(migrations = false)]
async fn every_documented_operation_is_served(pool: PgPool) {
    let app = spawn_app(pool).await;
    let anonymous: Client = app.anonymous().await;
    for (method, path, _) in operations(&document()) {
        let mut req = anonymous.request(method.clone(), &path);
        if method != Method::GET {
            req = req.header("content-type", "application/json").body("{}");
        }
        let r = req.send().await.unwrap();
        let status = r.status();
        let body: Value = r.json().await.unwrap_or(Value::Null);
        assert_ne!(
            status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}: {body}"
        );
        assert!(
            !(status == StatusCode::NOT_FOUND && body["message"] == "No such route"),
            "{method} {path} is documented but not served"
        );
    }
}

#[sqlx::test(migrations = false)]
async fn the_api_serves_its_document_and_the_browsable_page(pool: PgPool) {
    let app = spawn_app(pool).await;
    let anonymous = app.anonymous().await;
    let served = anonymous.get_json("/api/openapi.json").await;
    assert_eq!(served, document());
    let page = anonymous.get("/api/docs/").send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("swagger-ui"), "{html}");
    // No CDN: the page's script comes from the api itself.
    let init = anonymous
        .get("/api/docs/swagger-initializer.js")
        .send()
        .await
        .unwrap();
    assert_eq!(init.status(), StatusCode::OK);
    assert!(init.text().await.unwrap().contains("/api/openapi.json"));
}
