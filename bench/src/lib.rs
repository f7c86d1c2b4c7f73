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
