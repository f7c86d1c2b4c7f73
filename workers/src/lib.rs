//! The worker process: every workflow on apalis-postgres (and, later, cron schedules).
//!
//! Each process gets a unique worker name (prefix, host, pid, random suffix): apalis takes
//! over a dead worker's jobs only from a worker with another name, once the dead one has
//! missed its heartbeats (`JOBS_HEARTBEAT_MS * JOBS_MISSED_HEARTBEATS`, 30 s by default).

use apalis::{
    layers::WorkerBuilderExt,
    prelude::{Monitor, WorkerBuilder},
};
use apalis_postgres::PostgresStorage;
use domain::config::Config;
use integrations::mail::Mailer;
use std::{future::Future, sync::Arc};
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
    Monitor::new()
        .register(move |_restarts| {
            WorkerBuilder::new(mail_name.clone())
                .backend(mail_storage.clone())
                .data(mail_ctx.clone())
                .concurrency(concurrency)
                .build(execute::<SendEmail>)
        })
        .shutdown_timeout(std::time::Duration::from_secs(30))
        .run_with_signal(shutdown)
        .await?;
    tracing::info!(worker = %name, "worker stopped");
    Ok(())
}
