//! What the benchmarks share.

/// The value after `--name` on the command line, or `default`.
pub fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A name made of letters for number `n` (names hold no digits).
pub fn letters(mut n: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
        if n == 0 {
            return s;
        }
    }
}

/// `x` to two decimals.
pub fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The value at `q` (0-1) of sorted durations, in milliseconds.
pub fn percentile(sorted: &[std::time::Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    round(sorted[i].as_secs_f64() * 1000.0)
}

/// The demo catalogue imported and its season ticket put on sale, every covered match's seats
/// copied: the season's id.
pub async fn demo_season_on_sale(
    pool: &sqlx::PgPool,
    client: &integrations::ticketing::TicketingClient,
) -> anyhow::Result<domain::ids::SeasonTicketId> {
    use domain::seasons;
    eprintln!("importing the demo season and copying its 19 matches' seats");
    let mut conn = pool.acquire().await?;
    workflows::onsale::import_catalogue(&mut conn, client).await?;
    let season = seasons::list(&mut conn, false, None)
        .await?
        .into_iter()
        .find(|t| t.name == "Abbonamento Serie A 2025-2026")
        .ok_or_else(|| anyhow::anyhow!("the demo season is not in the catalogue"))?
        .id;
    let to_load = seasons::set_status(&mut conn, season, seasons::ON_SALE)
        .await?
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    drop(conn);
    for fixture in to_load {
        workflows::onsale::load_inventory(pool, client, fixture).await?;
    }
    Ok(season)
}

/// The simulators on random ports, on real time (the season's matches ahead), and a
/// ticketing client pointed at them.
pub async fn simulators() -> anyhow::Result<(sim::Sim, integrations::ticketing::TicketingClient)> {
    let sim = sim::Sim::start(sim::SimOptions {
        clock_start: None,
        ..sim::SimOptions::random_ports()
    })
    .await?;
    let client = integrations::ticketing::TicketingClient::new(
        &sim.http_url(),
        sim::ticketing::USER,
        sim::ticketing::PASSWORD.to_owned().into(),
        std::time::Duration::from_secs(10),
    )?;
    Ok((sim, client))
}

/// A database of one run's own on the `DATABASE_URL` cluster (`lario` by default), created
/// empty and dropped after.
pub struct ScratchDb {
    admin: sqlx::PgPool,
    name: String,
    /// The cluster's URL without a database (`postgres://user:pass@host:port`).
    pub base: String,
    /// The scratch database's URL.
    pub url: String,
}

impl ScratchDb {
    /// Creates `{prefix}_{pid}`.
    pub async fn create(prefix: &str) -> anyhow::Result<Self> {
        let server = std::env::var("DATABASE_URL")
            .unwrap_or_else(|_| "postgres://lario:lario@127.0.0.1:5432/lario".into());
        let base = server
            .rsplit_once('/')
            .map(|(b, _)| b.to_owned())
            .ok_or_else(|| anyhow::anyhow!("DATABASE_URL names no database"))?;
        let admin = sqlx::PgPool::connect(&server).await?;
        let name = format!("{prefix}_{}", std::process::id());
        sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}")))
            .execute(&admin)
            .await?;
        let url = format!("{base}/{name}");
        Ok(ScratchDb {
            admin,
            name,
            base,
            url,
        })
    }

    /// Drops the database (kept with `BENCH_KEEP_DB`). Autovacuum may still be at work on a
    /// database just filled, and a role without the right to end it must wait: tried again
    /// every second for up to two minutes.
    pub async fn drop(self) -> anyhow::Result<()> {
        if std::env::var_os("BENCH_KEEP_DB").is_some() {
            eprintln!("kept the database {} (BENCH_KEEP_DB)", self.name);
            return Ok(());
        }
        let mut tries = 0;
        while let Err(e) = sqlx::query(sqlx::AssertSqlSafe(format!(
            "drop database if exists {} with (force)",
            self.name
        )))
        .execute(&self.admin)
        .await
        {
            tries += 1;
            anyhow::ensure!(tries < 120, "could not drop {}: {e}", self.name);
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
        Ok(())
    }
}

/// A port free on 127.0.0.1 now.
pub fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// The release `api` binary (next to the benchmark's), running on a free port; killed when
/// dropped.
pub struct ApiProcess {
    child: std::process::Child,
    /// `http://127.0.0.1:{port}`.
    pub url: String,
}

impl ApiProcess {
    /// Starts it on `database_url` with the ticketing system at `ticketing_url` and `env`,
    /// and waits until it answers its health check.
    pub async fn start(
        database_url: &str,
        ticketing_url: &str,
        env: &[(&str, &str)],
    ) -> anyhow::Result<ApiProcess> {
        let (api_port, board_port) = (free_port()?, free_port()?);
        let bin = std::env::current_exe()?.with_file_name("api");
        let child = std::process::Command::new(&bin)
            .env("DATABASE_URL", database_url)
            .env("DATABASE_MAX_CONNECTIONS", "32")
            .env("API_ADDR", format!("127.0.0.1:{api_port}"))
            .env("BOARD_ADDR", format!("127.0.0.1:{board_port}"))
            .env("TICKETING_URL", ticketing_url)
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(std::process::Stdio::null())
            .spawn()
            .map_err(|e| anyhow::anyhow!("{}: {e}", bin.display()))?;
        let api = ApiProcess {
            child,
            url: format!("http://127.0.0.1:{api_port}"),
        };
        let http = reqwest::Client::new();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while http
            .get(format!("{}/api/health", api.url))
            .send()
            .await
            .is_err()
        {
            anyhow::ensure!(
                std::time::Instant::now() < deadline,
                "the api did not start"
            );
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
        Ok(api)
    }
}

impl Drop for ApiProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
