//! The worker process: every workflow on apalis-postgres (and, later, cron schedules).
//!
//! Each process gets a unique worker name (prefix, host, pid, random suffix): apalis takes
//! over a dead worker's jobs only from a worker with another name, once the dead one has
//! missed its heartbeats (`JOBS_HEARTBEAT_MS * JOBS_MISSED_HEARTBEATS`, 30 s by default).

use apalis::{
    layers::WorkerBuilderExt,
    prelude::{BackendExt, BoxDynError, Data, Monitor, WorkerBuilder},
};
use apalis_cron::{CronScheduler, Tick};
use apalis_postgres::{PostgresStorage, Pubsub};
use domain::config::Config;
use std::{future::Future, str::FromStr, sync::Arc};
use workflows::{
    Job, JobContext,
    bans::MirrorTitleBan,
    blacklist::SendBlacklistChange,
    execute,
    exports::BuildExport,
    identity::{CopyReference, RegisterPerson},
    issuing::{fan_order::IssueOrder, mass_line::IssueMassOrder},
    mail::SendEmail,
    mass::StartMassIssue,
    onsale::{LoadInventory, MirrorLocks},
    passes::UpdatePass,
    preemption::{ImportHolders, KeepRenewalSeats, ReleaseRenewalSeats, SendRenewalCodes},
    reconciliation::{CancelStrayTitle, RunMismatchReport},
    refunds::{RefundFixture, RefundOrder, RefundTickets},
    resale::{PayResaleSeller, RefundResalePurchase},
    season_orders::{IssueSeasonOrder, RefundSeasonOrder, SendSeasonTickets},
    supporter_cards::{IssueCard, RegisterCard, RevokeCard},
    tickets::{SendAllTickets, SendTickets},
    transfers::TransferTitle,
};

pub mod wake;

/// A name no other worker process has, now or later.
pub fn unique_worker_name(prefix: &str) -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_owned())
        .unwrap_or_else(|_| "host".into());
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    format!("{prefix}-{host}-{}-{}", std::process::id(), &suffix[..8])
}

/// The queues registered `listening` below (each holds one connection for its LISTEN).
pub const LISTENING_QUEUES: u32 = 5;

/// Registers the worker of one job type on `monitor`: its queue, the shared context,
/// `concurrency` jobs at a time. (A macro: the worker's type cannot be written down.)
///
/// An idle worker looks for new jobs at its heartbeat (`JOBS_HEARTBEAT_MS`). Queues on a
/// fan's path (`listening`) are also woken at once by PostgreSQL's LISTEN/NOTIFY when a job
/// is enqueued, at the cost of one connection each: an order paid is issued, its tickets made
/// and e-mailed without waiting for a heartbeat at each step ([`wake`] makes sure no
/// notification is lost). Jobs retried later are found by the heartbeat's poll either way.
macro_rules! job_worker {
    ($monitor:expr, $job:ty, $name:expr, $pool:expr, $config:expr, $ctx:expr, $concurrency:expr) => {
        job_worker!(@register $monitor, $job, $name, $ctx, $concurrency,
            storage::<$job>($pool, $config, $concurrency))
    };
    (listening $monitor:expr, $job:ty, $name:expr, $pool:expr, $config:expr, $ctx:expr, $concurrency:expr) => {
        job_worker!(@register $monitor, $job, $name, $ctx, $concurrency,
            storage::<$job>($pool, $config, $concurrency).poll_with_stream(wake::WakeUps::new(
                Pubsub::new(($pool).clone(), <$job as Job>::QUEUE.to_owned()),
            )))
    };
    (@register $monitor:expr, $job:ty, $name:expr, $ctx:expr, $concurrency:expr, $storage:expr) => {{
        let concurrency = $concurrency;
        let storage = $storage;
        let name = format!("{}:{}", $name, <$job as Job>::QUEUE);
        let ctx = $ctx.clone();
        $monitor.register(move |_restarts| {
            WorkerBuilder::new(name.clone())
                .backend(owned_clone(&storage))
                .data(ctx.clone())
                .concurrency(concurrency)
                .build(execute::<$job>)
        })
    }};
}

/// A copy of `backend` itself. A backend that is not `Clone` would otherwise have
/// `backend.clone()` copy the reference, which apalis also accepts, and the worker built on
/// it never fetched a job (seen with a wake-up stream that was not `Clone`).
fn owned_clone<T: Clone>(backend: &T) -> T {
    backend.clone()
}

/// The batch a worker of `concurrency` fetches at once: more than twice its concurrency.
///
/// apalis reports each job's start and end through a channel of four times the batch, and
/// empties it only between batches. While a batch is being handed out, each finished job and
/// each started one adds to it; with a batch no larger than the concurrency, quick jobs (a
/// run of failures, say) fill it, the running jobs wait to report their end, no slot frees,
/// the batch is never handed out, and the worker stops for good, heartbeat included (seen
/// with a thousand mass-issue jobs at concurrency 8). With a batch `b` above twice the
/// concurrency `c`, what can pile up (`2b + 2c`) stays below the channel (`4b`).
pub fn batch_size(concurrency: usize) -> usize {
    2 * concurrency.max(1) + 1
}

fn storage<J: Job>(pool: &sqlx::PgPool, config: &Config, concurrency: usize) -> PostgresStorage<J> {
    let jobs = &config.jobs;
    PostgresStorage::new(pool).with_config(
        apalis_postgres::Config::default()
            .queue(J::QUEUE)
            .heartbeat_interval(jobs.heartbeat)
            .missed_heartbeats(jobs.missed_heartbeats)
            .batch_size(batch_size(concurrency)),
    )
}

/// Runs every worker until `shutdown` resolves, then lets running jobs finish.
///
/// A worker whose backend fails (the database restarted, a fail-over: "Failed to poll
/// backend: Connection reset by peer") ends; apalis would leave the process up with that queue
/// dead. Here the first worker to end stops the others and they all start again, under new
/// names (a worker restarted under its old name would never take back the jobs it held), after
/// a pause that doubles from 0.5 s up to 10 s while the database stays away. So a restart of
/// PostgreSQL costs seconds, not the service.
pub async fn run(
    config: Config,
    shutdown: impl Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    use futures::FutureExt;
    // Each listening queue holds a connection of the pool for good (its LISTEN): they come on
    // top of what the jobs may use, or a small pool would have none left for them.
    let pool = domain::db::connect_worker(
        config.database_url(),
        config.database_max_connections + LISTENING_QUEUES,
    )
    .await?;
    workflows::service_log::start(&pool);
    let ctx = Arc::new(JobContext::from_config(pool.clone(), &config)?);
    let shutdown = shutdown
        .map(|r| r.map_err(|e| e.to_string()))
        .boxed()
        .shared();
    let mut pause = std::time::Duration::from_millis(500);
    loop {
        let name = unique_worker_name(&config.jobs.worker_name);
        let started = std::time::Instant::now();
        let died = Arc::new(tokio::sync::Notify::new());
        let stop = {
            let shutdown = shutdown.clone();
            let died = died.clone();
            async move {
                tokio::select! {
                    r = shutdown => r.map_err(std::io::Error::other),
                    _ = died.notified() => Ok(()),
                }
            }
        };
        let outcome = run_monitor(&config, &pool, &ctx, &name, died.clone(), stop).await;
        if shutdown.peek().is_some() {
            tracing::info!(worker = %name, "worker stopped");
            return outcome;
        }
        if let Err(e) = &outcome {
            tracing::warn!(worker = %name, error = %e, "workers ended");
        }
        // Up long enough: this is a new incident, start again from the shortest pause.
        if started.elapsed() > std::time::Duration::from_secs(60) {
            pause = std::time::Duration::from_millis(500);
        }
        tracing::warn!(worker = %name, pause_ms = pause.as_millis() as u64, "a worker ended: restarting every worker");
        tokio::select! {
            _ = tokio::time::sleep(pause) => {}
            _ = shutdown.clone() => return Ok(()),
        }
        pause = (pause * 2).min(std::time::Duration::from_secs(10));
    }
}

/// One life of the workers: until `stop` resolves (the process's shutdown, or `died`, which
/// the first worker to end notifies).
async fn run_monitor(
    config: &Config,
    pool: &sqlx::PgPool,
    ctx: &Arc<JobContext>,
    name: &str,
    died: Arc<tokio::sync::Notify>,
    stop: impl Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    let config = config.clone();
    let ctx = ctx.clone();
    let pool = pool.clone();
    let name = name.to_owned();
    tracing::info!(worker = %name, "worker starting");
    let concurrency = config.jobs.concurrency;
    // Every minute: expired seat holds are freed (the hold statement also takes expired
    // seats lazily), resale offers past their deadline end, ban statuses are written back;
    // every 10 minutes, on-sale fixtures are reconciled with the ticketing
    // system. Both are idempotent, so every worker process may run them.
    let minutely = cron::Schedule::from_str("0 * * * * *")?;
    let minutely_name = format!("{name}:onsale-schedule");
    let minutely_ctx = ctx.clone();
    // Every 10 minutes, in every worker process: deletes are idempotent, so no lock needed.
    let housekeeping_schedule = cron::Schedule::from_str("0 */10 * * * *")?;
    let housekeeping_name = format!("{name}:housekeeping");
    let housekeeping_ctx = ctx.clone();
    // Every 10 seconds: passes on phones whose title changed are queued for an update (an
    // indexed look at the changed ones; the jobs' keys make two workers' sweeps one).
    let passes_schedule = cron::Schedule::from_str("*/10 * * * * *")?;
    let passes_name = format!("{name}:pass-updates");
    let passes_ctx = ctx.clone();
    // A queue's worker that stops beating without ending (seen under load: its heartbeat
    // stopped at registration or after a job, no error, its Pending jobs never fetched) is
    // treated like one that ended: every worker starts again under new names.
    let watchdog = tokio::spawn(watch_heartbeats(
        pool.clone(),
        format!("{name}:"),
        config.jobs.heartbeat,
        config.jobs.silent_after().max(WATCHDOG_MIN_SILENCE),
        died.clone(),
    ));
    let monitor = Monitor::new().should_restart(move |worker, error| {
        tracing::warn!(worker = %worker.name(), ?error, "worker ended");
        died.notify_one();
        false
    });
    let mail_concurrency = config.jobs.mail_concurrency;
    let monitor = job_worker!(
        listening monitor,
        SendEmail,
        &name,
        &pool,
        &config,
        &ctx,
        mail_concurrency
    );
    let monitor = job_worker!(monitor, LoadInventory, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, MirrorLocks, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(
        listening monitor,
        IssueOrder,
        &name,
        &pool,
        &config,
        &ctx,
        concurrency
    );
    let monitor = job_worker!(monitor, RefundOrder, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, RefundTickets, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, RefundFixture, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(
        listening monitor,
        IssueSeasonOrder,
        &name,
        &pool,
        &config,
        &ctx,
        concurrency
    );
    let monitor = job_worker!(monitor, SendSeasonTickets, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, RefundSeasonOrder, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(
        listening monitor,
        SendTickets,
        &name,
        &pool,
        &config,
        &ctx,
        concurrency
    );
    let monitor = job_worker!(monitor, StartMassIssue, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, BuildExport, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, ImportHolders, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, KeepRenewalSeats, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, ReleaseRenewalSeats, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, SendRenewalCodes, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, SendAllTickets, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, TransferTitle, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, PayResaleSeller, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(
        monitor,
        RefundResalePurchase,
        &name,
        &pool,
        &config,
        &ctx,
        1
    );
    let monitor = job_worker!(monitor, UpdatePass, &name, &pool, &config, &ctx, 2);
    let monitor = job_worker!(monitor, MirrorTitleBan, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, RegisterPerson, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, RegisterCard, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, IssueCard, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, RevokeCard, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, SendBlacklistChange, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, CopyReference, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, RunMismatchReport, &name, &pool, &config, &ctx, 1);
    let monitor = job_worker!(monitor, CancelStrayTitle, &name, &pool, &config, &ctx, 2);
    let mass_concurrency = config.jobs.mass_concurrency;
    let monitor = job_worker!(
        listening monitor,
        IssueMassOrder,
        &name,
        &pool,
        &config,
        &ctx,
        mass_concurrency
    );
    let ended = monitor
        .register(move |_restarts| {
            WorkerBuilder::new(minutely_name.clone())
                .backend(CronScheduler::new(minutely.clone()))
                .data(minutely_ctx.clone())
                .build(onsale_schedule)
        })
        .register(move |_restarts| {
            WorkerBuilder::new(passes_name.clone())
                .backend(CronScheduler::new(passes_schedule.clone()))
                .data(passes_ctx.clone())
                .build(pass_updates)
        })
        .register(move |_restarts| {
            WorkerBuilder::new(housekeeping_name.clone())
                .backend(CronScheduler::new(housekeeping_schedule.clone()))
                .data(housekeeping_ctx.clone())
                .build(housekeeping)
        })
        .shutdown_timeout(std::time::Duration::from_secs(30))
        .run_with_signal(stop)
        .await;
    watchdog.abort();
    ended?;
    Ok(())
}

/// The least silence the watchdog takes for a hung queue: a loaded machine delays heartbeats
/// by seconds, and a restart for nothing costs the jobs in flight their graceful shutdown.
const WATCHDOG_MIN_SILENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// Every heartbeat, looks for a worker of this life (`prefix`) whose last heartbeat is older
/// than `silence`; on the first, notifies `died` (the caller restarts every worker) and ends.
async fn watch_heartbeats(
    pool: sqlx::PgPool,
    prefix: String,
    every: std::time::Duration,
    silence: std::time::Duration,
    died: Arc<tokio::sync::Notify>,
) {
    // The workers register first.
    tokio::time::sleep(silence).await;
    loop {
        tokio::time::sleep(every).await;
        let stale: Result<Option<String>, sqlx::Error> = sqlx::query_scalar(
            "select id from apalis.workers
              where starts_with(id, $1) and last_seen < now() - make_interval(secs => $2)
              order by last_seen limit 1",
        )
        .bind(&prefix)
        .bind(silence.as_secs_f64())
        .fetch_optional(&pool)
        .await;
        if let Ok(Some(worker)) = stale {
            tracing::warn!(%worker, "a queue's worker stopped beating: restarting every worker");
            died.notify_one();
            return;
        }
    }
}

/// The on-sale schedule, every minute: free expired holds, end resale offers past their
/// deadline, write ban statuses back, release ended renewal phases; every tenth minute,
/// reconcile.
async fn onsale_schedule(tick: Tick, ctx: Data<Arc<JobContext>>) -> Result<(), BoxDynError> {
    let mut tx = ctx.pool.begin().await?;
    let expired = domain::inventory::expire_holds(&mut tx).await?;
    tx.commit().await?;
    if !expired.is_empty() {
        tracing::info!(seats = expired.len(), "expired holds freed");
    }
    let mut conn = ctx.pool.acquire().await?;
    let offers = domain::resale::expire(&mut conn).await?;
    drop(conn);
    if offers > 0 {
        tracing::info!(offers, "resale offers past their deadline ended");
    }
    let mut conn = ctx.pool.acquire().await?;
    let bans = domain::moderation::sweep(&mut conn).await?;
    drop(conn);
    if bans > 0 {
        tracing::info!(bans, "ban statuses written back");
    }
    let releases = workflows::preemption::release_ended(&ctx).await?;
    if releases > 0 {
        tracing::info!(releases, "ended renewal phases queued for release");
    }
    // The tick's timestamp is in seconds since the epoch.
    if (tick.get_timestamp() / 60) % 10 == 0 {
        let changed = workflows::onsale::reconcile_on_sale(&ctx).await?;
        tracing::info!(
            changed,
            "on-sale fixtures reconciled with the ticketing system"
        );
        workflows::bans::reconcile(&ctx).await?;
    }
    Ok(())
}

/// Queues the updates of passes on phones whose title changed.
async fn pass_updates(_tick: Tick, ctx: Data<Arc<JobContext>>) -> Result<(), BoxDynError> {
    let queued = workflows::passes::queue_changed(&ctx).await?;
    if queued > 0 {
        tracing::info!(queued, "passes on phones queued for an update");
    }
    Ok(())
}

/// The housekeeping cron: removes expired sessions, codes, tokens, rate-limit windows,
/// exports and old service-log calls; queues the day's copy of the reference data.
async fn housekeeping(_tick: Tick, ctx: Data<Arc<JobContext>>) -> Result<(), BoxDynError> {
    workflows::identity::queue_reference_copy(&ctx.pool).await?;
    let mut conn = ctx.pool.acquire().await?;
    let pruned = domain::accounts::prune_expired(&mut conn).await?;
    let exports = domain::exports::prune_expired(&mut conn).await?;
    let calls = domain::service_log::prune(&mut conn).await?;
    tracing::info!(?pruned, exports, calls, "housekeeping done");
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_pool_counts_every_listening_queue() {
        let source = include_str!("lib.rs");
        let registered = source.matches(concat!("listening", " monitor,")).count();
        assert_eq!(registered as u32, super::LISTENING_QUEUES);
    }
}
