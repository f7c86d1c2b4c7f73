//! The one PostgreSQL: pool, migrations and the health of both.

use sqlx::{PgPool, postgres::PgPoolOptions};
use std::time::Duration;

/// Our schema migrations (`migrations/`), embedded in every binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// A `like` pattern matching text that contains `search`, lower-cased, its wildcards taken
/// literally (compare with `lower(column) like $n`).
pub fn contains_pattern(search: &str) -> String {
    format!(
        "%{}%",
        search
            .to_lowercase()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    )
}

/// Opens a pool on `url`.
pub async fn connect(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect(url)
        .await
}

/// Opens the worker's pool on `url`: its commits do not wait for the disk
/// (`synchronous_commit = off`). Every job is idempotent and reloads its state, so the few
/// hundred milliseconds of commits a crash of PostgreSQL may lose are done again by the jobs
/// (a title issued but not stored is found by its transaction id, an acknowledgement lost
/// runs the job again), while each job saves the disk flushes of its transactions and of the
/// queue's own (about a third of an order's time at low concurrency). The api, where a
/// payment is recorded, keeps synchronous commits.
pub async fn connect_worker(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    let options: sqlx::postgres::PgConnectOptions = url.parse()?;
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options.options([("synchronous_commit", "off")]))
        .await
}

/// Applies our migrations and the job queue's own (schema `apalis`).
///
/// Run by the release step (`api migrate`), never at boot of `api` or `worker` in production.
pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    MIGRATOR.run(pool).await?;
    apalis_postgres::PostgresStorage::setup(pool).await?;
    Ok(())
}

/// Whether the database answers.
pub async fn ping(pool: &PgPool) -> Result<(), sqlx::Error> {
    sqlx::query_scalar::<_, i32>("select 1")
        .fetch_one(pool)
        .await
        .map(|_| ())
}

/// What `/api/health` reports about the database and its migrations.
#[derive(Debug, Clone, serde::Serialize)]
pub struct MigrationStatus {
    pub ok: bool,
    pub applied: i64,
    pub pending: i64,
}

/// Compares the migrations embedded in this binary with those applied to the database.
pub async fn migration_status(pool: &PgPool) -> Result<MigrationStatus, sqlx::Error> {
    let applied: Vec<i64> =
        sqlx::query_scalar("select version from _sqlx_migrations where success order by version")
            .fetch_all(pool)
            .await
            .or_else(|e| match &e {
                // No table yet: nothing applied.
                sqlx::Error::Database(db) if db.code().as_deref() == Some("42P01") => Ok(vec![]),
                _ => Err(e),
            })?;
    let pending = MIGRATOR
        .iter()
        .filter(|m| m.migration_type.is_up_migration() && !applied.contains(&m.version))
        .count() as i64;
    let apalis_ready: bool = sqlx::query_scalar("select to_regclass('apalis.jobs') is not null")
        .fetch_one(pool)
        .await?;
    Ok(MigrationStatus {
        ok: pending == 0 && apalis_ready,
        applied: applied.len() as i64,
        pending,
    })
}
