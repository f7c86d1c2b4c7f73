//! Mass issuing end to end over a real database, the simulators on random ports and the
//! worker in-process: a sheet is checked line by line without changing anything; a task
//! issues its valid lines once each, e-mails each holder their ticket and staff the lines it
//! could not issue; a retry issues what failed and nothing twice; the results download is a
//! real sheet. And the Jobs area: dead jobs retried, waiting ones discarded, both audited.

use crate::common::{OnSale, eventually, on_sale};
use integrations::sheets;
use serde_json::{Value, json};
use sqlx::PgPool;

const HEADER: [&str; 10] = [
    "posto",
    "nome",
    "cognome",
    "data_nascita",
    "luogo_nascita",
    "sesso",
    "tipo_documento",
    "numero_documento",
    "email",
    "riduzione",
];

/// A line of the sheet: seat, first and last name, e-mail; the rest filled in.
fn line(seat: &str, first: &str, last: &str, email: &str) -> Vec<String> {
    vec![
        seat.into(),
        first.into(),
        last.into(),
        "1990-04-01".into(),
        "Como".into(),
        "M".into(),
        "carta_identita".into(),
        "CA1234567".into(),
        email.into(),
        String::new(),
    ]
}

fn sheet(lines: &[Vec<String>]) -> String {
    crate::common::sheet_base64(&HEADER, lines)
}

fn codes(line: &Value) -> Vec<String> {
    line["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{}:{}",
                e["field"].as_str().unwrap(),
                e["code"].as_str().unwrap()
            )
        })
        .collect()
}

async fn police_flag(s: &OnSale, first: &str, last: &str) {
    let r = reqwest::Client::new()
        .post(format!("{}/_sim/ticketing/police-flags", s.sim.http_url()))
        .json(&json!({"nome": first, "cognome": last, "dataNascita": "1990-04-01"}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
}

async fn count(pool: &PgPool, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_sheet_is_checked_line_by_line_and_nothing_changes(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    // A fan holds one seat; a police flag bars one person; an e-mail is banned.
    let (_, fan) = s.app.fan_with_session("svelto@example.it").await;
    let held = s.seat("TC-TC1-20-9").await;
    assert_eq!(s.hold(&fan, json!({"seat_ids": [held]})).await.0, 200);
    police_flag(&s, "Diffidato", "Rossi").await;
    let mut conn = pool.acquire().await.unwrap();
    domain::moderation::ban_email(
        &mut conn,
        &domain::email::Email::parse("bandito@example.it").unwrap(),
    )
    .await
    .unwrap();
    let mut young = line("TC-TC1-20-8", "Piccolo", "Gialli", "p@example.it");
    young[9] = "O65".into();
    let mut missing = line("TC-TC1-20-7", "", "Blu", "b@example.it");
    missing[7] = String::new();
    let lines = vec![
        line("TC-TC1-20-1", "Luca", "Neri", "luca@example.it"),
        line("TC-TC1-20-2", "Anna", "Bianchi", "anna@example.it"),
        line("TC-XX9-1-1", "Nessuno", "Posto", "n@example.it"),
        line("TC-TC1-20-9", "Tardi", "Verdi", "t@example.it"),
        missing,
        line("TC-TC1-20-3", "Luca", "Neri", "altro@example.it"),
        line("TC-TC1-20-1", "Sara", "Colombo", "sara@example.it"),
        line("TC-TC1-20-4", "Diffidato", "Rossi", "d@example.it"),
        line("TC-TC1-20-5", "Mario", "Bandi", "bandito@example.it"),
        young,
    ];
    let r = staff
        .post("/api/admin/mass-issues/preview")
        .json(&json!({"fixture_id": s.fixture, "file_name": "sponsor.xlsx", "file_base64": sheet(&lines)}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let p: Value = r.json().await.unwrap();
    assert_eq!(
        (p["total"].as_i64(), p["valid"].as_i64()),
        (Some(10), Some(2)),
        "{p:#}"
    );
    let rows = p["lines"].as_array().unwrap();
    assert_eq!(rows[0]["row"], 2, "the header is row 1");
    assert_eq!(
        rows[0]["line"]["document_type"], "id_card",
        "Italian names read"
    );
    assert_eq!(
        rows[0]["line"]["reduction"], "INTERO",
        "an empty reduction is full price"
    );
    assert!(rows[0]["price_cents"].as_i64().unwrap() > 0);
    assert!(codes(&rows[0]).is_empty() && codes(&rows[1]).is_empty());
    assert_eq!(codes(&rows[2]), ["label:unknown_seat"]);
    assert_eq!(codes(&rows[3]), ["label:seat_taken"]);
    assert_eq!(
        codes(&rows[4]),
        ["first_name:required", "document_number:required"]
    );
    assert_eq!(codes(&rows[5]), ["holder:duplicate_holder"]);
    assert_eq!(codes(&rows[6]), ["label:duplicate_seat"]);
    assert_eq!(codes(&rows[7]), ["holder:holder_banned"]);
    assert_eq!(codes(&rows[8]), ["email:email_banned"]);
    assert_eq!(codes(&rows[9]), ["reduction:reduction_not_eligible"]);
    // Nothing stored, no seat taken, nothing asked of the ticketing system's issuing.
    assert_eq!(
        count(&pool, "select count(*) from mass_issue_task").await,
        0
    );
    assert_eq!(s.state(s.seat("TC-TC1-20-1").await).await, "free");
    assert_eq!(s.sim.ticketing.with_world(|w| w.journal.len()), 0);

    // Bad sheets and bad requests are refused with a field and a code.
    for (body, field, code) in [
        (
            json!({"fixture_id": s.fixture, "file_base64": "bm90IGEgc2hlZXQ="}),
            "file_base64",
            "unreadable",
        ),
        (
            json!({"fixture_id": s.fixture, "file_base64": sheet(&[])}),
            "file_base64",
            "empty",
        ),
        (
            json!({"fixture_id": s.fixture, "lines": []}),
            "lines",
            "empty",
        ),
        (
            json!({"file_base64": sheet(&lines)}),
            "fixture_id",
            "required",
        ),
    ] {
        let r = staff
            .post("/api/admin/mass-issues/preview")
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 422, "{body}");
        let e: Value = r.json().await.unwrap();
        assert_eq!(e["errors"][field], code, "{e}");
    }
    let r = staff
        .post("/api/admin/mass-issues/preview")
        .json(&json!({"fixture_id": 999999, "lines": [{"label": "TC-TC1-1-1"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);

    // The template reads back as the columns the check expects.
    let r = staff
        .get("/api/admin/mass-issues/template?lang=en")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let rows = sheets::read_rows(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(rows[0].1[0], "seat");
    let lines = domain::mass::lines_from_rows(&rows).unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1].1.reduction, "DONNA");
}

async fn task(staff: &crate::common::Client, id: &str) -> Value {
    staff
        .get_json(&format!("/api/admin/mass-issues/{id}"))
        .await
}

#[sqlx::test(migrations = false)]
async fn a_task_issues_each_valid_line_once_reports_the_rest_and_a_retry_finishes_it(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    let http = reqwest::Client::new();
    http.post(format!("{}/_sim/ticketing/idempotency", s.sim.http_url()))
        .json(&json!({"mode": "naive"}))
        .send()
        .await
        .unwrap();
    let lines: Vec<Value> = (1..=6)
        .map(|i| {
            json!({"label": format!("TC-TC2-5-{i}"), "first_name": format!("Ospite{}", ["A", "B", "C", "D", "E", "F"][i - 1]),
                   "last_name": "Sponsor", "birth_date": "1990-04-01", "birth_place": "Como",
                   "document_type": "id_card", "document_number": format!("CA00{i}0000"),
                   "email": if i <= 4 { "sponsor@example.it".to_owned() } else { format!("ospite{i}@example.it") }})
        })
        .chain([json!({"label": "TC-XX9-1-1", "first_name": "Nessuno", "last_name": "Posto",
                       "birth_date": "1980-01-01", "birth_place": "Como", "document_type": "id_card",
                       "document_number": "CA9990000", "email": "n@example.it"})])
        .collect();
    // Between the check and the issue the police bar one holder: the ticketing system will
    // refuse that line.
    let r = staff
        .post("/api/admin/mass-issues")
        .json(
            &json!({"fixture_id": s.fixture, "file_name": "sponsor.xlsx", "language": "en",
                       "lines": lines, "rows": [2, 3, 4, 5, 6, 7, 9]}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let t: Value = r.json().await.unwrap();
    let id = t["id"].as_str().unwrap().to_owned();
    let r = staff
        .post("/api/admin/mass-issues")
        .json(&json!({"fixture_id": s.fixture, "lines": [{"label": "TC-TC2-9-1"}], "rows": [3, 4]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    assert_eq!(
        r.json::<Value>().await.unwrap()["errors"]["rows"],
        "invalid"
    );
    let reasons: Vec<(String, Option<String>)> =
        sqlx::query_as("select label, reason from mass_issue_line order by row_number")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        (
            t["total"].as_i64(),
            t["queued"].as_i64(),
            t["unfinalized"].as_i64()
        ),
        (Some(7), Some(6), Some(1)),
        "{reasons:?}"
    );
    assert_eq!(t["state"], "running");
    police_flag(&s, "OspiteF", "Sponsor").await;
    // Eight lines for one e-mail would pass a fan's per-buyer limit of 4: a mass task is
    // the club's own issue.
    let _worker = s.start_worker();
    eventually("the task settled", 60, async || {
        task(&staff, &id).await["state"] == "done"
    })
    .await;
    let t = task(&staff, &id).await;
    assert_eq!(
        (
            t["finalized"].as_i64(),
            t["unfinalized"].as_i64(),
            t["progress"].as_i64()
        ),
        (Some(5), Some(2), Some(100)),
        "{t:#}"
    );
    let lines: Vec<Value> = staff
        .get(&format!(
            "/api/admin/mass-issue-lines?filter={}",
            json!({"task_id": id, "state": "unfinalized"})
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let reasons: Vec<&str> = lines
        .iter()
        .map(|l| l["reason"].as_str().unwrap())
        .collect();
    assert!(reasons[0].contains("PERSONA_BANNATA"), "{reasons:?}");
    assert_eq!(reasons[1], "unknown_seat");
    assert_eq!(
        lines[1]["row"], 9,
        "the sheet's row, as the preview showed it"
    );
    assert_eq!(
        s.sim
            .ticketing
            .with_world(|w| w.journal.iter().filter(|e| e.kind == "emissione").count()),
        5
    );
    // Each holder's e-mail got their ticket as a PDF; staff got one report of two lines.
    eventually("the e-mails delivered", 30, async || {
        s.sim.mailbox.messages().len() >= 6
    })
    .await;
    let mails = s.sim.mailbox.messages();
    let tickets: Vec<_> = mails
        .iter()
        .filter(|m| m.subject.starts_with("Your ticket for"))
        .collect();
    assert_eq!(tickets.len(), 5);
    assert_eq!(
        tickets
            .iter()
            .filter(|m| m.to.iter().any(|t| t == "sponsor@example.it"))
            .count(),
        4
    );
    assert!(tickets.iter().all(|m| m.attachments.len() == 1 && m.attachments[0].content_type == "application/pdf"));
    let reports: Vec<_> = mails
        .iter()
        .filter(|m| m.subject.starts_with("Mass issue for"))
        .collect();
    assert_eq!(reports.len(), 1);
    assert!(
        reports[0].text.contains("2 not issued") && reports[0].text.contains("PERSONA_BANNATA"),
        "{}",
        reports[0].text
    );
    // The sponsor's account holds four tickets in its wallet's orders.
    assert_eq!(
        count(&pool, "select count(*) from ticket_order o join app_user u on u.user_id = o.user_id where u.email = 'sponsor@example.it' and o.state = 'issued'").await,
        4
    );
    // Each holder's e-mail links to the ticket's phone-wallet passes, which open.
    let link =
        crate::passes::mailed_pass_link(&s, "mass_ticket_finalized", "sponsor@example.it").await;
    let r = reqwest::get(format!("{}{link}/apple", s.app.base))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/vnd.apple.pkpass");
    // Fans' failed issues do not list the mass task's line.
    let failed: Vec<Value> = staff.get_as("/api/admin/failed-issues").await;
    assert!(failed.is_empty(), "{failed:?}");

    // The police lift the flag; staff retry: the barred line is issued, nothing twice.
    s.sim.ticketing.with_world(|w| w.police_flags.clear());
    let r = staff
        .post(&format!("/api/admin/mass-issues/{id}/retry"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    eventually("the retried task settled", 60, async || {
        task(&staff, &id).await["state"] == "done"
    })
    .await;
    let t = task(&staff, &id).await;
    assert_eq!(
        (t["finalized"].as_i64(), t["unfinalized"].as_i64()),
        (Some(6), Some(1)),
        "{t:#}"
    );
    let journal = s.sim.ticketing.with_world(|w| w.journal.clone());
    assert_eq!(
        journal.iter().filter(|e| e.kind == "emissione").count(),
        6,
        "six titles, none twice"
    );
    assert_eq!(
        count(
            &pool,
            "select count(*) from order_line where title_id is not null"
        )
        .await,
        6
    );
    // A second retry still has the unknown seat to try; it stays unfinalised, nothing issued.
    let r = staff
        .post(&format!("/api/admin/mass-issues/{id}/retry"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    eventually("the second retry settled", 30, async || {
        task(&staff, &id).await["state"] == "done"
    })
    .await;
    assert_eq!(s.sim.ticketing.with_world(|w| w.journal.len()), 6);
    assert_eq!(
        count(
            &pool,
            "select count(*) from audit_entry where action = 'mass_issue.retried'"
        )
        .await,
        2
    );

    // The results download is a sheet with every line, its state and seal.
    let r = staff
        .get(&format!("/api/admin/mass-issues/{id}/results.xlsx"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains(".xlsx")
    );
    let rows = sheets::read_rows(&r.bytes().await.unwrap()).unwrap();
    assert_eq!(rows.len(), 8, "a header and seven lines");
    assert_eq!(rows[0].1[8], "stato");
    let finalized: Vec<_> = rows[1..]
        .iter()
        .filter(|(_, c)| c[8] == "finalized")
        .collect();
    assert_eq!(finalized.len(), 6);
    assert!(
        finalized.iter().all(|(_, c)| c[10].len() == 16),
        "each with its fiscal seal"
    );
    assert!(
        rows[1..]
            .iter()
            .any(|(_, c)| c[8] == "unfinalized" && c[9] == "unknown_seat")
    );
}

#[sqlx::test(migrations = false)]
async fn staff_retry_a_dead_job_and_discard_a_waiting_one(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let staff = s.app.staff().await;
    // A mail the SMTP server refuses for good: the job dies at once.
    reqwest::Client::new()
        .post(format!("{}/_sim/mail/faults", s.sim.http_url()))
        .json(&json!({"reject_next": 1, "reject_permanently": true}))
        .send()
        .await
        .unwrap();
    let r = staff
        .post("/api/admin/mail-checks")
        .json(&json!({"to": "prova@example.it"}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let worker = s.start_worker();
    let dead = async || -> Vec<Value> {
        staff
            .get(&format!(
                "/api/admin/jobs?filter={}",
                json!({"status": "dead"})
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    };
    eventually("the mail job dead", 30, async || dead().await.len() == 1).await;
    let job = dead().await.remove(0);
    assert_eq!(job["queue"], "mail");
    assert!(job["last_error"].as_str().unwrap().contains("550"), "{job}");
    assert!(job["payload"]["email_id"].is_string());
    let queues: Vec<Value> = staff.get_as("/api/admin/job-queues").await;
    let mail = queues.iter().find(|q| q["id"] == "mail").unwrap();
    assert_eq!(mail["dead"], 1);
    let id = job["id"].as_str().unwrap();
    let r = staff
        .post(&format!("/api/admin/jobs/{id}/retry"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let one: Value = r.json().await.unwrap();
    assert!(
        one["status"] == "pending" || one["status"] == "running" || one["status"] == "done",
        "{one}"
    );
    eventually("the retried mail sent", 30, async || {
        s.sim
            .mailbox
            .messages()
            .iter()
            .any(|m| m.to.iter().any(|t| t == "prova@example.it"))
    })
    .await;
    eventually("the job done", 10, async || {
        staff.get_json(&format!("/api/admin/jobs/{id}")).await["status"] == "done"
    })
    .await;
    let r = staff
        .post(&format!("/api/admin/jobs/{id}/retry"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert_eq!(
        r.json::<Value>().await.unwrap()["code"],
        "job_not_retryable"
    );

    // With the worker stopped, a new mail waits; discarded, it never runs.
    drop(worker);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    staff
        .post("/api/admin/mail-checks")
        .json(&json!({"to": "mai@example.it"}))
        .send()
        .await
        .unwrap();
    let pending: Vec<Value> = staff
        .get(&format!(
            "/api/admin/jobs?filter={}",
            json!({"status": "pending", "queue": "mail"})
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(pending.len(), 1);
    let id = pending[0]["id"].as_str().unwrap();
    let r = staff
        .post(&format!("/api/admin/jobs/{id}/discard"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["status"], "dead");
    let r = staff
        .post(&format!("/api/admin/jobs/{id}/discard"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let _worker = s.start_worker();
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert!(
        !s.sim
            .mailbox
            .messages()
            .iter()
            .any(|m| m.to.iter().any(|t| t == "mai@example.it"))
    );
    assert_eq!(
        count(
            &pool,
            "select count(*) from audit_entry where action in ('job.retried', 'job.discarded')"
        )
        .await,
        2
    );
    let r = staff
        .get("/api/admin/jobs?filter={\"status\":\"sideways\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
}
