//! The mail job end to end: our transaction -> apalis-postgres -> the worker -> lettre ->
//! the SMTP simulator, with the simulator down, refusing, stalling, and a worker killed.

use crate::common::{WorkerProcess, database_url, eventually};
use domain::{
    config::Config,
    email::Email,
    language::Language,
    notifications::{Attachment, MailTemplate, NewEmail},
};
use sim::mail::{MailFaults, Mailbox, start_smtp};
use sqlx::PgPool;
use std::{
    collections::HashMap,
    net::{SocketAddr, TcpListener},
    time::{Duration, Instant},
};
use uuid::Uuid;

fn free_addr() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

fn env_for(pool: &PgPool, smtp: SocketAddr) -> Vec<(String, String)> {
    [
        ("DATABASE_URL", database_url(pool)),
        ("MAIL_SMTP_URL", format!("smtp://{smtp}")),
        ("MAIL_TIMEOUT_SECS", "60".into()),
        ("JOBS_HEARTBEAT_MS", "500".into()),
        ("JOBS_MISSED_HEARTBEATS", "4".into()),
        ("JOBS_BACKOFF_BASE_MS", "300".into()),
        ("JOBS_BACKOFF_MAX_MS", "1500".into()),
        ("DATABASE_MAX_CONNECTIONS", "5".into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect()
}

fn config(vars: &[(String, String)]) -> Config {
    let map: HashMap<_, _> = vars.iter().cloned().collect();
    Config::from_lookup(|k| map.get(k).cloned()).unwrap()
}

async fn setup(pool: &PgPool) {
    let _ = rustls::crypto::ring::default_provider().install_default();
    domain::db::migrate(pool).await.unwrap();
}

/// Starts the worker in this process; dropping the sender stops it.
fn start_worker(vars: &[(String, String)]) -> tokio::sync::oneshot::Sender<()> {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let config = config(vars);
    tokio::spawn(async move {
        workers::run(config, async move {
            let _ = rx.await;
            Ok(())
        })
        .await
        .unwrap()
    });
    tx
}

async fn send(pool: &PgPool, to: &str, attachments: Vec<Attachment>) -> Uuid {
    let mut tx = pool.begin().await.unwrap();
    let id = workflows::mail::send_email(
        &mut tx,
        &NewEmail {
            to: Email::parse(to).unwrap(),
            language: Language::It,
            template: MailTemplate::SignInCode,
            context: serde_json::json!({"code": "482913", "valid_minutes": 2}),
            attachments,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

async fn email_row(pool: &PgPool, id: Uuid) -> (String, i32, Option<String>) {
    sqlx::query_as(
        "select status, attempts, last_error from outbound_email where outbound_email_id = $1",
    )
    .bind(id)
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn job_row(pool: &PgPool, id: Uuid) -> (String, i32, Option<String>) {
    sqlx::query_as("select status, attempts, lock_by from apalis.jobs where job_type = 'mail' and idempotency_key = $1")
        .bind(id.to_string())
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = false)]
async fn an_email_sent_while_the_smtp_server_is_down_arrives_exactly_once_when_it_starts(
    pool: PgPool,
) {
    setup(&pool).await;
    let smtp = free_addr(); // nothing listens there yet
    let vars = env_for(&pool, smtp);
    let pdf = Attachment {
        filename: "biglietto.pdf".into(),
        content_type: "application/pdf".into(),
        content: b"%PDF-1.7 test".to_vec(),
    };
    let id = send(&pool, "Tifoso@Example.IT", vec![pdf]).await;
    let _worker = start_worker(&vars);

    eventually(
        "a failed attempt while the server is down",
        30,
        async || {
            let (status, attempts, error) = email_row(&pool, id).await;
            status == "pending" && attempts >= 1 && error.is_some()
        },
    )
    .await;

    let mailbox = Mailbox::default();
    start_smtp(smtp, mailbox.clone()).unwrap();
    eventually("the message in the mailbox", 30, async || {
        !mailbox.messages().is_empty()
    })
    .await;
    eventually("the e-mail marked sent", 10, async || {
        email_row(&pool, id).await.0 == "sent"
    })
    .await;
    eventually("the job done", 10, async || {
        job_row(&pool, id).await.0 == "Done"
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;

    let messages = mailbox.messages();
    assert_eq!(messages.len(), 1, "exactly one delivery");
    let m = &messages[0];
    assert_eq!(m.to, ["tifoso@example.it"]);
    assert_eq!(
        m.subject, "Il tuo codice di accesso a Como 1907",
        "no code in the subject"
    );
    assert!(m.text.contains("482913") && m.html.contains("482913"));
    assert_eq!(
        m.message_id.as_deref(),
        Some(format!("{id}@mail.lario").as_str())
    );
    assert_eq!(m.attachments.len(), 1);
    assert_eq!(m.attachments[0].filename, "biglietto.pdf");
    assert_eq!(m.attachments[0].content_type, "application/pdf");
    assert_eq!(m.attachments[0].content, b"%PDF-1.7 test");
}

#[sqlx::test(migrations = false)]
async fn a_temporary_refusal_is_retried_with_backoff_until_accepted(pool: PgPool) {
    setup(&pool).await;
    let mailbox = Mailbox::default();
    mailbox.set_faults(MailFaults {
        reject_next: 2,
        ..Default::default()
    });
    let smtp = start_smtp("127.0.0.1:0".parse().unwrap(), mailbox.clone()).unwrap();
    let vars = env_for(&pool, smtp);
    let id = send(&pool, "ritenta@example.it", vec![]).await;
    let started = Instant::now();
    let _worker = start_worker(&vars);

    eventually("the e-mail marked sent", 40, async || {
        email_row(&pool, id).await.0 == "sent"
    })
    .await;
    let (_, attempts, _) = email_row(&pool, id).await;
    assert_eq!(attempts, 3, "two refusals, then accepted");
    // Backoff of 300 ms then 600 ms (plus jitter) lies between the attempts.
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(mailbox.messages().len(), 1);
}

#[sqlx::test(migrations = false)]
async fn a_permanent_refusal_ends_the_job_and_marks_the_email_failed(pool: PgPool) {
    setup(&pool).await;
    let mailbox = Mailbox::default();
    mailbox.set_faults(MailFaults {
        reject_next: 5,
        reject_permanently: true,
        ..Default::default()
    });
    let smtp = start_smtp("127.0.0.1:0".parse().unwrap(), mailbox.clone()).unwrap();
    let vars = env_for(&pool, smtp);
    let id = send(&pool, "respinto@example.it", vec![]).await;
    let _worker = start_worker(&vars);

    eventually("the e-mail marked failed", 30, async || {
        email_row(&pool, id).await.0 == "failed"
    })
    .await;
    eventually("the job killed", 10, async || {
        job_row(&pool, id).await.0 == "Killed"
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, attempts, error) = email_row(&pool, id).await;
    assert_eq!(attempts, 1, "no retry after a 5xx");
    assert!(error.unwrap().contains("550"));
    assert_eq!(mailbox.faults().reject_next, 4, "the server was asked once");
    assert!(mailbox.messages().is_empty());
}

#[sqlx::test(migrations = false)]
async fn an_email_enqueued_in_a_transaction_that_rolls_back_leaves_nothing(pool: PgPool) {
    setup(&pool).await;
    let mut tx = pool.begin().await.unwrap();
    workflows::mail::send_email(
        &mut tx,
        &NewEmail {
            to: Email::parse("nessuno@example.it").unwrap(),
            language: Language::En,
            template: MailTemplate::MailCheck,
            context: serde_json::json!({"requested_by": "test"}),
            attachments: vec![],
        },
    )
    .await
    .unwrap();
    tx.rollback().await.unwrap();
    let emails: i64 = sqlx::query_scalar("select count(*) from outbound_email")
        .fetch_one(&pool)
        .await
        .unwrap();
    let jobs: i64 = sqlx::query_scalar("select count(*) from apalis.jobs")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!((emails, jobs), (0, 0));
}

#[sqlx::test(migrations = false)]
async fn enqueueing_the_same_email_twice_makes_one_job(pool: PgPool) {
    setup(&pool).await;
    let id = send(&pool, "doppio@example.it", vec![]).await;
    let mut conn = pool.acquire().await.unwrap();
    let again = workflows::enqueue(&mut conn, &workflows::mail::SendEmail { email_id: id })
        .await
        .unwrap();
    assert!(!again);
    let jobs: i64 = sqlx::query_scalar("select count(*) from apalis.jobs")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(jobs, 1);
}

#[sqlx::test(migrations = false)]
async fn a_worker_killed_while_sending_is_replaced_by_another_that_finishes_the_job(pool: PgPool) {
    setup(&pool).await;
    let mailbox = Mailbox::default();
    // The first SMTP session stalls before DATA: the worker is killed while it waits.
    mailbox.set_faults(MailFaults {
        delay_next: 1,
        delay_ms: 60_000,
        ..Default::default()
    });
    let smtp = start_smtp("127.0.0.1:0".parse().unwrap(), mailbox.clone()).unwrap();
    let vars = env_for(&pool, smtp);
    let id = send(&pool, "resiste@example.it", vec![]).await;

    let mut first = WorkerProcess::spawn(&vars, "first");
    eventually(
        "the first worker holding the job inside the SMTP session",
        60,
        async || {
            let (status, _, lock_by) = job_row(&pool, id).await;
            matches!(status.as_str(), "Queued" | "Running")
                && lock_by.is_some_and(|w| w.starts_with("first-"))
                && mailbox.faults().delay_next == 0
        },
    )
    .await;
    first.sigkill();
    assert_eq!(email_row(&pool, id).await.0, "pending");

    let _second = WorkerProcess::spawn(&vars, "second");
    eventually("the message in the mailbox", 60, async || {
        !mailbox.messages().is_empty()
    })
    .await;
    eventually("the job done by the second worker", 20, async || {
        let (status, _, lock_by) = job_row(&pool, id).await;
        status == "Done" && lock_by.is_some_and(|w| w.starts_with("second-"))
    })
    .await;
    assert_eq!(email_row(&pool, id).await.0, "sent");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(mailbox.messages().len(), 1, "exactly one delivery");
    let (_, attempts, _) = job_row(&pool, id).await;
    assert_eq!(attempts, 2, "the killed attempt counts");
}

/// The worker's settings with polls too rare to matter: only a notification wakes it.
fn woken_only_by_notifications(pool: &PgPool, smtp: SocketAddr) -> Vec<(String, String)> {
    let mut vars = env_for(pool, smtp);
    vars.retain(|(k, _)| k != "JOBS_HEARTBEAT_MS");
    vars.push(("JOBS_HEARTBEAT_MS".into(), "120000".into()));
    vars
}

/// Enqueues a sign-in e-mail to `to` on `tx`.
async fn enqueue_on(tx: &mut sqlx::PgConnection, to: &str) -> Uuid {
    workflows::mail::send_email(
        tx,
        &NewEmail {
            to: Email::parse(to).unwrap(),
            language: Language::It,
            template: MailTemplate::SignInCode,
            context: serde_json::json!({"code": "482913", "valid_minutes": 2}),
            attachments: vec![],
        },
    )
    .await
    .unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_job_enqueued_late_in_a_long_transaction_wakes_the_worker(pool: PgPool) {
    setup(&pool).await;
    let mailbox = Mailbox::default();
    let smtp = start_smtp("127.0.0.1:0".parse().unwrap(), mailbox.clone()).unwrap();
    let _worker = start_worker(&woken_only_by_notifications(&pool, smtp));
    // The worker has started and found the queue empty.
    tokio::time::sleep(Duration::from_millis(500)).await;

    // The transaction begins more than a second before the job is enqueued (a webhook's
    // work, a slow statement): the job is due from the transaction's start, so apalis's
    // trigger notifies the worker. Dated by the clock at the enqueue, it notified nobody.
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("select pg_sleep(1.2)")
        .execute(&mut *tx)
        .await
        .unwrap();
    let id = enqueue_on(&mut tx, "lenta@example.it").await;
    tx.commit().await.unwrap();
    eventually(
        "the e-mail sent without waiting for a poll",
        5,
        async || email_row(&pool, id).await.0 == "sent",
    )
    .await;
    assert_eq!(mailbox.messages().len(), 1);
}
