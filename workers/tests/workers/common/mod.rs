//! What the worker tests share: the test database's URL, waiting for a condition, and the
//! real worker binary as a child process that can be killed.

use sqlx::PgPool;
use std::{
    process::{Child, Command},
    time::{Duration, Instant},
};

/// The test database's URL (sqlx::test made it; same server and role as DATABASE_URL).
pub fn database_url(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let (server, _) = base.rsplit_once('/').expect("a database URL");
    format!(
        "{server}/{}",
        pool.connect_options()
            .get_database()
            .expect("a database name")
    )
}

pub async fn eventually<F: AsyncFnMut() -> bool>(what: &str, secs: u64, mut check: F) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < deadline {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out after {secs} s waiting for: {what}");
}

/// The worker's settings for a test: its database, the simulators, quick heartbeats and
/// backoffs, then `extra` (which wins over the defaults).
pub fn worker_vars(pool: &PgPool, sim: &sim::Sim, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut vars: Vec<(String, String)> = [
        ("DATABASE_URL", database_url(pool)),
        ("TICKETING_URL", sim.http_url()),
        ("PAYMENTS_API_URL", format!("{}/", sim.http_url())),
        ("MAIL_SMTP_URL", sim.smtp_url()),
        ("JOBS_HEARTBEAT_MS", "500".into()),
        ("JOBS_MISSED_HEARTBEATS", "4".into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    for (k, v) in extra {
        vars.retain(|(name, _)| name != k);
        vars.push((k.to_string(), v.to_string()));
    }
    vars
}

/// The `worker` binary, run with `vars` under the worker name `name`.
pub struct WorkerProcess(Child);

impl WorkerProcess {
    pub fn spawn(vars: &[(String, String)], name: &str) -> Self {
        let child = Command::new(env!("CARGO_BIN_EXE_worker"))
            .envs(vars.iter().cloned())
            .env("WORKER_NAME", name)
            .env("RUST_LOG", "info")
            .spawn()
            .expect("worker binary");
        WorkerProcess(child)
    }

    /// Sends `signal` (`STOP`, `CONT`, ...) to the worker.
    pub fn signal(&self, signal: &str) {
        let ok = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.0.id().to_string())
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -{signal}");
    }

    pub fn sigkill(&mut self) {
        self.0.kill().unwrap(); // SIGKILL on Unix
        self.0.wait().unwrap();
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The test database migrated, the simulators on random ports on real time, and our
/// ticketing client pointed at them: what every crash test starts from.
pub async fn migrated_with_simulators(
    pool: &PgPool,
) -> (sim::Sim, integrations::ticketing::TicketingClient) {
    let _ = rustls::crypto::ring::default_provider().install_default();
    domain::db::migrate(pool).await.unwrap();
    let sim = sim::Sim::start(sim::SimOptions {
        clock_start: None,
        ..sim::SimOptions::random_ports()
    })
    .await
    .unwrap();
    let client = integrations::ticketing::TicketingClient::new(
        &sim.http_url(),
        sim::ticketing::USER,
        sim::ticketing::PASSWORD.to_owned().into(),
        Duration::from_secs(10),
    )
    .unwrap();
    (sim, client)
}

/// A paid order of `email`'s for the seats `labels` of `fixture`, each line with its holder
/// (Anna, Bruno, Carla, Dario Resistente), its issue enqueued: what a fan's payment leaves.
pub async fn paid_order(
    pool: &PgPool,
    fixture: domain::ids::FixtureId,
    email: &str,
    labels: &[&str],
) -> domain::ids::OrderId {
    use domain::{
        accounts,
        email::Email,
        fixtures, inventory,
        orders::{self, HolderDetails, NamedLine},
    };
    let mut conn = pool.acquire().await.unwrap();
    let email = Email::parse(email).unwrap();
    let (user, _) = accounts::create_or_get(&mut conn, &email, None, None, Default::default())
        .await
        .unwrap();
    let seats: Vec<domain::ids::SeatId> =
        sqlx::query_scalar("select id from venue_seat where label = any($1) order by id")
            .bind(labels)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
    let mut tx = pool.begin().await.unwrap();
    let terms = fixtures::sale_terms(&mut tx, fixture)
        .await
        .unwrap()
        .unwrap();
    inventory::hold_seats(&mut tx, &terms, user.user_id, &seats, &[])
        .await
        .unwrap()
        .unwrap();
    let order_id = orders::create_from_hold(&mut tx, fixture, user.user_id, email.as_str(), "it")
        .await
        .unwrap()
        .unwrap();
    let order = orders::load(&mut tx, order_id).await.unwrap().unwrap();
    let named: Vec<NamedLine> = order
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| NamedLine {
            line_id: l.id,
            reduction_id: l.reduction_id,
            holder: HolderDetails {
                first_name: ["Anna", "Bruno", "Carla", "Dario"][i].into(),
                last_name: "Resistente".into(),
                birth_date: "1985-05-05".parse().unwrap(),
                birth_place: "Como".into(),
                document_type: "id_card".into(),
                document_number: format!("CA00000{i}"),
                sex: None,
            },
        })
        .collect();
    orders::name_holders(&mut tx, &order, &named, true)
        .await
        .unwrap()
        .unwrap();
    let order = orders::load(&mut tx, order_id).await.unwrap().unwrap();
    let intent = format!("pi_{}", order_id.0.simple());
    orders::attach_intent(&mut tx, order_id, &intent, &format!("{intent}_secret"))
        .await
        .unwrap();
    workflows::checkout::settle_payment(
        &mut tx,
        order_id,
        &format!("{intent}_secret"),
        order.total_cents,
        orders::PaymentMethod::Card,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    order_id
}
