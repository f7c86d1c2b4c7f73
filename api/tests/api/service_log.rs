//! The service log and the service status: every call to the ticketing system, the payment
//! provider and the mail server is logged with its duration and outcome, searchable; the
//! status page checks each service now and says which one does not answer.

use crate::common::{eventually, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

#[sqlx::test(migrations = false)]
async fn outside_calls_are_logged_and_the_status_page_names_a_failing_service(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    let status = async || -> Value {
        let r = staff.get("/api/admin/service-status").send().await.unwrap();
        assert_eq!(r.status(), 200);
        r.json().await.unwrap()
    };
    let service = |v: &Value, id: &str| -> Value {
        v["services"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .cloned()
            .unwrap()
    };
    let all_up = status().await;
    for id in ["ticketing", "payments", "mail", "database"] {
        assert_eq!(service(&all_up, id)["ok"], true, "{id}: {all_up:#}");
    }
    assert!(all_up["queues"].is_array());

    // The ticketing system fails: the check says so, and the log holds the failed calls.
    let faults = format!("{}/_sim/ticketing/faults", s.sim.http_url());
    let http = reqwest::Client::new();
    http.post(&faults)
        .json(&json!({"rate": 1.0, "status": 503}))
        .send()
        .await
        .unwrap();
    let down = status().await;
    let ticketing = service(&down, "ticketing");
    assert_eq!(ticketing["ok"], false, "{down:#}");
    assert!(
        ticketing["error"].as_str().unwrap().contains("503"),
        "{ticketing}"
    );
    assert_eq!(service(&down, "database")["ok"], true);
    http.delete(&faults).send().await.unwrap();

    let errors = async || -> Vec<Value> {
        staff
            .get(&format!(
                "/api/admin/service-calls?filter={}",
                json!({"service": "ticketing", "outcome": "error"})
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    };
    eventually("the failed call logged", 10, async || {
        !errors().await.is_empty()
    })
    .await;
    let failed = errors().await.remove(0);
    assert_eq!(failed["status"], 503);
    assert!(
        failed["operation"]
            .as_str()
            .unwrap()
            .contains("GetOrganizzatori"),
        "{failed}"
    );
    assert!(failed["duration_ms"].as_i64().unwrap() >= 0);
    // Searchable by operation; the good calls are there too (the import, the checks).
    let found: Vec<Value> = staff
        .get(&format!(
            "/api/admin/service-calls?filter={}",
            json!({"q": "getpianta", "outcome": "ok"})
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(!found.is_empty(), "the venue plan's import is logged");
    let mail: Vec<Value> = staff
        .get(&format!(
            "/api/admin/service-calls?filter={}",
            json!({"service": "payments"})
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(!mail.is_empty(), "the payment provider's check is logged");
    eventually("the last hour counted", 10, async || {
        service(&status().await, "ticketing")["errors_last_hour"]
            .as_i64()
            .unwrap()
            >= 1
    })
    .await;
    let r = staff
        .get("/api/admin/service-calls?filter={\"service\":\"fax\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
}
