//! PostgreSQL restarted under the running `worker` and `api` binaries: a restart costs seconds,
//! not the service. The workers come back by themselves (a sign-in code asked for afterwards is
//! e-mailed within 5 s), and `/api/health` says degraded while a worker cannot fetch.
//!
//! The test runs its own PostgreSQL cluster (initdb in a temporary directory, on a free port),
//! since restarting the shared one would disturb every other test.

use std::{
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Instant,
};

/// A throw-away PostgreSQL cluster owned by the `postgres` user when the test runs as root.
struct Cluster {
    dir: PathBuf,
    port: u16,
    bin: PathBuf,
}

fn pg_bin() -> PathBuf {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL's binaries under /usr/lib/postgresql")
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|p| p.join("pg_ctl").exists())
        .collect();
    versions.sort();
    versions.pop().expect("a PostgreSQL version with pg_ctl")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// `program args` as the cluster's owner (postgres when we are root: it refuses to run as root).
fn as_owner(program: &Path, args: &[&str]) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program).args(args);
        c
    } else {
        let mut c = Command::new(program);
        c.args(args);
        c
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Cluster {
    fn start() -> Cluster {
        let bin = pg_bin();
        let dir = std::env::temp_dir().join(format!("lario-pg-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            assert!(
                Command::new("chown")
                    .args(["postgres:postgres"])
                    .arg(&dir)
                    .status()
                    .unwrap()
                    .success()
            );
        }
        let data = dir.join("data");
        let out = as_owner(
            &bin.join("initdb"),
            &[
                "-D",
                data.to_str().unwrap(),
                "-U",
                "lario",
                "--auth=trust",
                "--no-sync",
            ],
        )
        .stdout(Stdio::null())
        .output()
        .unwrap();
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let cluster = Cluster {
            dir,
            port: free_port(),
            bin,
        };
        cluster.ctl(&["start"]);
        cluster
    }

    fn ctl(&self, action: &[&str]) {
        let data = self.dir.join("data");
        let log = self.dir.join("log");
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.display()
        );
        let mut args = vec![
            "-D",
            data.to_str().unwrap(),
            "-l",
            log.to_str().unwrap(),
            "-w",
        ];
        args.extend_from_slice(&["-o", &options, "-m", "fast"]);
        args.extend_from_slice(action);
        let out = as_owner(&self.bin.join("pg_ctl"), &args).output().unwrap();
        assert!(
            out.status.success(),
            "pg_ctl {action:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn url(&self, db: &str) -> String {
        format!("postgres://lario@127.0.0.1:{}/{db}", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let _ = as_owner(
            &self.bin.join("pg_ctl"),
            &["-D", data.to_str().unwrap(), "-m", "immediate", "stop"],
        )
        .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The `api` binary, built beside the worker's.
struct ApiProcess(Child);

impl Drop for ApiProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn health(http: &reqwest::Client, base: &str) -> Option<(u16, serde_json::Value)> {
    let r = http.get(format!("{base}/api/health")).send().await.ok()?;
    let status = r.status().as_u16();
    Some((status, r.json().await.ok()?))
}

/// Asks for a sign-in code for `email` as a browser would (the CSRF cookie, repeated in the
/// header).
async fn ask_code(base: &str, email: &str) -> u16 {
    let http = reqwest::Client::new();
    let Ok(r) = http.get(format!("{base}/api/auth/csrf")).send().await else {
        return 0;
    };
    let Some(token) = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("lario_csrf="))
        .and_then(|c| c.split(';').next())
        .map(str::to_owned)
    else {
        return 0;
    };
    match http
        .post(format!("{base}/api/auth/code"))
        .header("Cookie", format!("lario_csrf={token}"))
        .header("X-CSRF-Token", token)
        .json(&serde_json::json!({"email": email, "language": "it"}))
        .send()
        .await
    {
        Ok(r) => r.status().as_u16(),
        Err(_) => 0,
    }
}

async fn mail_to(sim: &sim::Sim, to: &str) -> usize {
    sim.mailbox
        .messages()
        .iter()
        .filter(|m| m.to.iter().any(|t| t.contains(to)))
        .count()
}

#[tokio::test]
async fn a_database_restart_costs_seconds_and_health_tells_a_worker_that_cannot_fetch() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let cluster = Cluster::start();
    let admin = sqlx::PgPool::connect(&cluster.url("postgres"))
        .await
        .unwrap();
    sqlx::query("create database lario")
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    let pool = sqlx::PgPool::connect(&cluster.url("lario")).await.unwrap();
    domain::db::migrate(&pool).await.unwrap();
    let sim = sim::Sim::start(sim::SimOptions::random_ports())
        .await
        .unwrap();

    let api_addr = format!("127.0.0.1:{}", free_port());
    let base = format!("http://{api_addr}");
    let spa = std::env::temp_dir().join(format!("lario-spa-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&spa).unwrap();
    std::fs::write(spa.join("index.html"), "<!doctype html><title>spa</title>").unwrap();
    let vars: Vec<(String, String)> = vec![
        ("DATABASE_URL".into(), cluster.url("lario")),
        ("TICKETING_URL".into(), sim.http_url()),
        ("PAYMENTS_API_URL".into(), format!("{}/", sim.http_url())),
        ("MAIL_SMTP_URL".into(), sim.smtp_url()),
        ("JOBS_HEARTBEAT_MS".into(), "1000".into()),
        ("JOBS_MISSED_HEARTBEATS".into(), "4".into()),
        ("API_ADDR".into(), api_addr.clone()),
        ("BOARD_ADDR".into(), format!("127.0.0.1:{}", free_port())),
        ("PUBLIC_BASE_URL".into(), base.clone()),
        ("FAN_UI_DIR".into(), spa.display().to_string()),
        ("ADMIN_UI_DIR".into(), spa.display().to_string()),
        ("RUST_LOG".into(), "info".into()),
    ];
    let worker_bin = PathBuf::from(env!("CARGO_BIN_EXE_worker"));
    let api_bin = worker_bin.with_file_name("api");
    assert!(
        api_bin.exists(),
        "the api binary beside the worker's: {}",
        api_bin.display()
    );
    let _api = ApiProcess(
        Command::new(&api_bin)
            .arg("serve")
            .envs(vars.iter().cloned())
            .spawn()
            .unwrap(),
    );
    let worker = crate::common::WorkerProcess::spawn(&vars, "restart");
    let http = reqwest::Client::new();
    crate::common::eventually("the api and the worker are up", 60, async || {
        matches!(health(&http, &base).await, Some((200, _)))
    })
    .await;
    assert_eq!(ask_code(&base, "prima@example.it").await, 200);
    crate::common::eventually("the first code is e-mailed", 10, async || {
        mail_to(&sim, "prima@example.it").await == 1
    })
    .await;

    // PostgreSQL restarts (a fail-over, an upgrade): seconds, then the service goes on.
    let restarted = Instant::now();
    cluster.ctl(&["restart"]);
    crate::common::eventually("the api answers again", 20, async || {
        matches!(health(&http, &base).await, Some((200 | 503, _)))
    })
    .await;
    // A code asked for right after the restart arrives within 5 s.
    crate::common::eventually("a code can be asked for", 10, async || {
        ask_code(&base, "dopo@example.it").await == 200
    })
    .await;
    let asked = Instant::now();
    crate::common::eventually(
        "the code after the restart is e-mailed within 5 s",
        5,
        async || mail_to(&sim, "dopo@example.it").await == 1,
    )
    .await;
    eprintln!(
        "restart to code e-mailed: {:?} (of which the e-mail {:?})",
        restarted.elapsed(),
        asked.elapsed()
    );
    crate::common::eventually("health is ok again", 10, async || {
        matches!(health(&http, &base).await, Some((200, _)))
    })
    .await;

    // A worker that cannot fetch (here: stopped by a signal) is reported, then no longer.
    worker.signal("STOP");
    crate::common::eventually(
        "health says degraded, naming the queues",
        10,
        async || match health(&http, &base).await {
            Some((503, h)) => {
                h["status"] == "degraded"
                    && h["jobs"]["not_fetching"]
                        .as_array()
                        .is_some_and(|q| q.iter().any(|q| q == "mail"))
            }
            _ => false,
        },
    )
    .await;
    worker.signal("CONT");
    let deadline = Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let h = health(&http, &base).await;
        if matches!(h, Some((200, _))) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "health is ok once the worker fetches again: {h:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _ = std::fs::remove_dir_all(&spa);
}
