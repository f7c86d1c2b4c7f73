//! Excel exports end to end: staff ask for one, the worker builds it, and the file read back
//! holds exactly what the database holds, typed, with its header; an unfinished export cannot
//! be downloaded, an expired one is gone, bad requests change nothing.

use crate::common::{Client, OnSale, built_export as export, eventually, on_sale};
use serde_json::{Value, json};
use sqlx::PgPool;

/// Two seats sold at the box office, issued by the worker.
async fn sell_two(s: &OnSale, staff: &Client) {
    let holder = |first: &str| {
        json!({"first_name": first, "last_name": "Esportato", "birth_date": "1990-04-01",
               "birth_place": "Como", "document_type": "id_card", "document_number": "CA1234567"})
    };
    let r = staff
        .post("/api/admin/orders")
        .json(
            &json!({"fixture_id": s.fixture, "buyer_email": "cassa@example.it",
                       "payment_method": "cash", "lines": [
                        {"label": "TC-TC3-2-1", "reduction_id": 1, "holder": holder("Anna")},
                        {"label": "TC-TC3-2-2", "reduction_id": 1, "holder": holder("Bruno")}]}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    eventually("two titles issued", 60, async || {
        sqlx::query_scalar::<_, i64>("select count(*) from order_line where title_id is not null")
            .fetch_one(&s.app.pool)
            .await
            .unwrap()
            == 2
    })
    .await;
}

#[sqlx::test(migrations = false)]
async fn each_export_holds_what_the_database_holds(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    let _worker = s.start_worker();
    sell_two(&s, &staff).await;

    let (e, rows) = export(&staff, json!({"kind": "tickets", "fixture_id": s.fixture})).await;
    assert_eq!(
        (e["rows_total"].as_i64(), e["progress"].as_i64()),
        (Some(2), Some(100))
    );
    assert!(e["size_bytes"].as_i64().unwrap() > 1000);
    assert_eq!(rows.len(), 3, "a header and two tickets: {rows:?}");
    assert_eq!(rows[0].1[0], "sigillo_fiscale");
    let seals: Vec<String> = sqlx::query_scalar(
        "select seal from order_line where title_id is not null order by seat_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(rows[1].1[0], seals[0]);
    assert_eq!(rows[2].1[0], seals[1]);
    let first = &rows[1].1;
    assert_eq!(first[3], "Tribuna Centrale");
    assert_eq!(
        (first[4].as_str(), first[5].as_str(), first[6].as_str()),
        ("TC3", "2", "1")
    );
    assert_eq!(first[8], "Anna Esportato");
    assert_eq!(first[9], "1990-04-01", "a date cell");
    assert_eq!(first[10], "cassa@example.it");
    let price: f64 = first[12].parse().unwrap();
    let cents: i64 =
        sqlx::query_scalar("select price_cents from order_line order by seat_id limit 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((price * 100.0).round() as i64, cents, "euros, as a number");
    assert_eq!(
        (first[13].as_str(), first[15].as_str(), first[16].as_str()),
        ("valid", "cash", "sì")
    );
    // Kick-off in Rome's time, as a date-time cell.
    let kickoff: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select starts_at from fixture where id = $1")
            .bind(s.fixture)
            .fetch_one(&pool)
            .await
            .unwrap();
    let rome = kickoff
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
    assert_eq!(first[2], rome);

    // The whole stadium for the fixture: every seat once, the two sold with their seals.
    let r = staff
        .post(&format!("/api/admin/fixtures/{}/locks", s.fixture))
        .json(&json!({"labels": ["TC-TC4-1-1", "TC-TC4-1-2", "TC-TC4-1-3"], "locked": true}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let (_, rows) = export(&staff, json!({"kind": "fixture", "fixture_id": s.fixture})).await;
    let seats: i64 =
        sqlx::query_scalar("select count(*) from seat_inventory where fixture_id = $1")
            .bind(s.fixture)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(rows.len() as i64, seats + 1);
    let sold: Vec<_> = rows[1..].iter().filter(|(_, c)| c[6] == "sold").collect();
    assert_eq!(sold.len(), 2);
    assert!(sold.iter().all(|(_, c)| seals.contains(&c[8])));
    assert_eq!(
        rows[1..].iter().filter(|(_, c)| c[6] == "locked").count(),
        3
    );

    let (_, rows) = export(
        &staff,
        json!({"kind": "locked_seats", "fixture_id": s.fixture}),
    )
    .await;
    let labels: Vec<&str> = rows[1..].iter().map(|(_, c)| c[0].as_str()).collect();
    assert_eq!(labels, ["TC-TC4-1-1", "TC-TC4-1-2", "TC-TC4-1-3"]);

    sqlx::query("update app_user set marketing_consent = true where email = 'cassa@example.it'")
        .execute(&pool)
        .await
        .unwrap();
    let (_, rows) = export(&staff, json!({"kind": "customer_consent"})).await;
    let users: i64 = sqlx::query_scalar("select count(*) from app_user")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(rows.len() as i64, users + 1);
    let buyer = rows
        .iter()
        .find(|(_, c)| c[0] == "cassa@example.it")
        .unwrap();
    assert_eq!((buyer.1[6].as_str(), buyer.1[7].as_str()), ("sì", "no"));

    let audits: i64 = sqlx::query_scalar(
        "select count(*) from audit_entry where action in ('export.requested', 'export.downloaded')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(audits, 8);
}

#[sqlx::test(migrations = false)]
async fn exports_not_built_expired_or_badly_asked_for_are_refused(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    for (body, status, field) in [
        (json!({"kind": "everything"}), 422, Some("kind")),
        (json!({"kind": "fixture"}), 422, Some("fixture_id")),
        (
            json!({"kind": "locked_seats", "fixture_id": 999999}),
            404,
            None,
        ),
    ] {
        let r = staff
            .post("/api/admin/exports")
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), status, "{body}");
        if let Some(field) = field {
            let e: Value = r.json().await.unwrap();
            assert!(e["errors"][field].is_string(), "{e}");
        }
    }
    assert_eq!(
        sqlx::query_scalar::<_, i64>("select count(*) from export_file")
            .fetch_one(&pool)
            .await
            .unwrap(),
        0
    );
    // No worker runs: the export waits, and cannot be downloaded yet.
    let r = staff
        .post("/api/admin/exports")
        .json(&json!({"kind": "customer_consent"}))
        .send()
        .await
        .unwrap();
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["state"], "queued");
    let id = e["id"].as_str().unwrap();
    let r = staff
        .get(&format!("/api/admin/exports/{id}/file"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "export_not_ready");
    sqlx::query("update export_file set expires_at = now() - interval '1 second'")
        .execute(&pool)
        .await
        .unwrap();
    let r = staff
        .get(&format!("/api/admin/exports/{id}/file"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 410);
    let listed: Vec<Value> = staff.get_as("/api/admin/exports").await;
    assert!(listed.is_empty(), "expired exports are not listed");
    let mut conn = pool.acquire().await.unwrap();
    assert_eq!(domain::exports::prune_expired(&mut conn).await.unwrap(), 1);
}
