//! The worker process: every workflow on apalis-postgres (and, later, cron schedules).
//!
//! Each process gets a unique worker name (prefix, host, pid, random suffix): apalis takes
//! over a dead worker's jobs only from a worker with another name, once the dead one has
//! missed its heartbeats (`JOBS_HEARTBEAT_MS * JOBS_MISSED_HEARTBEATS`, 30 s by default).

use apalis::{
    layers::WorkerBuilderExt,
    prelude::{BoxDynError, Data, Monitor, WorkerBuilder},
};
use apalis_cron::{CronScheduler, Tick};
use apalis_postgres::PostgresStorage;
use domain::config::Config;
use integrations::mail::Mailer;
use std::{future::Future, str::FromStr, sync::Arc};
use workflows::{Backoff, Job, JobContext, execute, mail::SendEmail};

/// A name no other worker process has, now or later.
pub fn unique_worker_name(prefix: &str) -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_owned())
        .unwrap_or_else(|_| "host".into());
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    format!("{prefix}-{host}-{}-{}", std::process::id(), &suffix[..8])
}

fn storage<J: Job>(pool: &sqlx::PgPool, config: &Config) -> PostgresStorage<J> {
    let jobs = &config.jobs;
    PostgresStorage::new(pool).with_config(
        apalis_postgres::Config::default()
            .queue(J::QUEUE)
            .heartbeat_interval(jobs.heartbeat)
            .missed_heartbeats(jobs.missed_heartbeats)
            .batch_size(jobs.concurrency.max(1)),
    )
}

/// Runs every worker until `shutdown` resolves, then lets running jobs finish.
pub async fn run(
    config: Config,
    shutdown: impl Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    let pool = domain::db::connect(config.database_url(), config.database_max_connections).await?;
    let mailer = Mailer::new(
        &config.mail.smtp_url,
        &config.mail.from,
        config.mail.timeout,
    )?;
    let ctx = Arc::new(JobContext {
        pool: pool.clone(),
        mailer,
        backoff: Backoff {
            base: config.jobs.backoff_base,
            max: config.jobs.backoff_max,
        },
    });
    let name = unique_worker_name(&config.jobs.worker_name);
    tracing::info!(worker = %name, "worker starting");

    let concurrency = config.jobs.concurrency;
    let mail_storage = storage::<SendEmail>(&pool, &config);
    let mail_name = format!("{name}:{}", SendEmail::QUEUE);
    let mail_ctx = ctx.clone();
    // Every 10 minutes, in every worker process: deletes are idempotent, so no lock needed.
    let housekeeping_schedule = cron::Schedule::from_str("0 */10 * * * *")?;
    let housekeeping_name = format!("{name}:housekeeping");
    let housekeeping_ctx = ctx.clone();
    Monitor::new()
        .register(move |_restarts| {
            WorkerBuilder::new(mail_name.clone())
                .backend(mail_storage.clone())
                .data(mail_ctx.clone())
                .concurrency(concurrency)
                .build(execute::<SendEmail>)
        })
        .register(move |_restarts| {
            WorkerBuilder::new(housekeeping_name.clone())
                .backend(CronScheduler::new(housekeeping_schedule.clone()))
                .data(housekeeping_ctx.clone())
                .build(housekeeping)
        })
        .shutdown_timeout(std::time::Duration::from_secs(30))
        .run_with_signal(shutdown)
        .await?;
    tracing::info!(worker = %name, "worker stopped");
    Ok(())
}

/// The housekeeping cron: removes expired sessions, codes, tokens and rate-limit windows.
async fn housekeeping(_tick: Tick, ctx: Data<Arc<JobContext>>) -> Result<(), BoxDynError> {
    let mut conn = ctx.pool.acquire().await?;
    let pruned = domain::accounts::prune_expired(&mut conn).await?;
    tracing::info!(?pruned, "housekeeping done");
    Ok(())
}
