//! How our jobs run on apalis-postgres: enqueueing inside a transaction, one retry layer
//! with durable exponential backoff, and a clear end for jobs that give up.
//!
//! apalis stacks two retry layers (an in-memory retry policy, then the storage refetching
//! failed rows while `attempts < max_attempts`, with no delay). We use only the durable
//! one: when an attempt fails and may succeed later, [`execute`] pushes the job's `run_at`
//! forward by the backoff before reporting the failure. The storage then refetches it no
//! sooner than that, on any worker, even if this process dies meanwhile. `max_attempts` in
//! the database is the one bound: [`Job::MAX_ATTEMPTS`].

use apalis::prelude::{AbortError, Attempt, BoxDynError, Data, TaskBuilder, TaskId};
use integrations::mail::Mailer;
use serde::{Serialize, de::DeserializeOwned};
use sqlx::{PgConnection, PgPool};
use std::{future::Future, sync::Arc, time::Duration};
use tracing::Instrument;

/// What every job handler can use.
pub struct JobContext {
    pub pool: PgPool,
    pub mailer: Mailer,
    pub ticketing: Arc<integrations::ticketing::TicketingClient>,
    pub payments: Arc<integrations::payments::PaymentsClient>,
    pub backoff: Backoff,
    /// The ticketing system's circuit breaker, shared through the database.
    pub breaker: domain::breaker::Settings,
    /// The site's address, for links in e-mails.
    pub public_base_url: String,
    /// Where staff alerts go.
    pub staff_email: String,
    /// The server's secret, which signs the e-mails' links to phone-wallet passes.
    pub link_secret: secrecy::SecretString,
    /// Tells phones of changed passes (Apple's pushes, Google Wallet's API).
    pub pass_updates: Arc<integrations::passes::PassUpdates>,
}

impl JobContext {
    /// The clients of the outside world, as configured.
    pub fn from_config(pool: PgPool, config: &domain::config::Config) -> anyhow::Result<Self> {
        let passes = Arc::new(pass_signer(config)?);
        Ok(JobContext {
            pass_updates: Arc::new(pass_updates(config, passes)?),
            pool,
            mailer: Mailer::new(
                &config.mail.smtp_url,
                &config.mail.from,
                config.mail.timeout,
            )?,
            ticketing: Arc::new(
                integrations::ticketing::TicketingClient::new(
                    &config.ticketing.base_url,
                    &config.ticketing.user,
                    config.ticketing.password.clone(),
                    config.ticketing.timeout,
                )?
                .max_in_flight(config.ticketing.max_in_flight),
            ),
            payments: Arc::new(integrations::payments::PaymentsClient::new(
                &config.payments.api_url,
                &config.payments.secret_key,
                config.payments.webhook_secret.clone(),
                config.payments.timeout,
            )?),
            backoff: Backoff {
                base: config.jobs.backoff_base,
                max: config.jobs.backoff_max,
            },
            breaker: config.jobs.breaker,
            public_base_url: config.public_base_url.clone(),
            staff_email: config.mail.staff_to.clone(),
            link_secret: config.auth.secret.clone(),
        })
    }
}

/// The passes' signer from the configuration (generated keys in development).
pub fn pass_signer(
    config: &domain::config::Config,
) -> Result<integrations::passes::Passes, integrations::passes::PassError> {
    use secrecy::ExposeSecret;
    let p = &config.passes;
    integrations::passes::Passes::new(integrations::passes::PassKeys {
        organization: p.organization.clone(),
        apple_pass_type_id: p.apple_pass_type_id.clone(),
        apple_team_id: p.apple_team_id.clone(),
        apple_cert_pem: p.apple_cert_pem.clone(),
        apple_key_pem: p
            .apple_key_pem
            .as_ref()
            .map(|k| k.expose_secret().to_owned()),
        apple_wwdr_pem: p.apple_wwdr_pem.clone(),
        google_issuer_id: p.google_issuer_id.clone(),
        google_service_account: p.google_service_account.clone(),
        google_key_pem: p
            .google_key_pem
            .as_ref()
            .map(|k| k.expose_secret().to_owned()),
    })
}

/// The client that tells phones of changed passes, from the configuration.
pub fn pass_updates(
    config: &domain::config::Config,
    passes: Arc<integrations::passes::Passes>,
) -> Result<integrations::passes::PassUpdates, integrations::passes::PassError> {
    let p = &config.passes;
    integrations::passes::PassUpdates::new(
        passes,
        integrations::passes::UpdateEndpoints {
            apns_url: p.apns_url.clone(),
            google_token_url: p.google_token_url.clone(),
            google_api_url: p.google_api_url.clone(),
            timeout: p.update_timeout,
        },
    )
}

/// Exponential backoff between attempts: `base * 2^(attempt-1)`, at most `max`, with up to
/// 20% jitter so that jobs failing together do not retry together.
#[derive(Debug, Clone, Copy)]
pub struct Backoff {
    pub base: Duration,
    pub max: Duration,
}

impl Backoff {
    /// The delay after failed attempt `attempt` (1-based).
    pub fn delay(&self, attempt: u32) -> Duration {
        let exp = attempt.saturating_sub(1).min(30);
        let raw = self.base.saturating_mul(1u32 << exp).min(self.max);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let jitter = raw.mul_f64(f64::from(nanos % 1000) / 1000.0 * 0.2);
        (raw + jitter).min(self.max)
    }
}

/// How an attempt failed.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// Trying again later may succeed (a service down, a time-out, a 503).
    #[error("{0}")]
    Retryable(anyhow::Error),
    /// Trying again will not help (bad data, a final refusal); the job ends now.
    #[error("{0}")]
    Permanent(anyhow::Error),
    /// An outside system is down (its circuit breaker is open): the job runs again at
    /// `until`, and this attempt is not counted against its bound.
    #[error("waiting for {service} until {until}")]
    Waiting {
        service: &'static str,
        until: chrono::DateTime<chrono::Utc>,
    },
}

/// A refusal of the ticketing system ends the job; anything else (a 503, no answer) may pass.
pub fn ticketing_error(e: integrations::ticketing::TicketingError) -> JobError {
    if e.is_retryable() {
        JobError::Retryable(e.into())
    } else {
        JobError::Permanent(e.into())
    }
}

/// When `e` says the ticketing system is down (a 5xx or 429, no answer, an unreadable
/// answer), the error's text: what its circuit breaker counts. A refusal is an answer.
pub fn ticketing_down(e: &JobError) -> Option<String> {
    use integrations::ticketing::TicketingError;
    let JobError::Retryable(e) = e else {
        return None;
    };
    match e.downcast_ref::<TicketingError>()? {
        TicketingError::Refused { .. } => None,
        down => Some(down.to_string()),
    }
}

impl From<sqlx::Error> for JobError {
    /// A database error is worth retrying: the database may be restarting or busy.
    fn from(e: sqlx::Error) -> Self {
        JobError::Retryable(e.into())
    }
}

/// A durable job: its payload (ids), its queue, its bound on attempts, and its steps.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + Unpin + 'static {
    /// The apalis queue (`job_type`) it runs on.
    const QUEUE: &'static str;
    /// Attempts before giving up, crashes of a worker included.
    const MAX_ATTEMPTS: u32;

    /// A key making a second enqueue of the same work a no-op (unique per queue).
    fn idempotency_key(&self) -> Option<String> {
        None
    }

    /// One attempt. Must be safe to run again after any failure or crash.
    fn run(
        &self,
        ctx: &JobContext,
        attempt: u32,
    ) -> impl Future<Output = Result<(), JobError>> + Send;

    /// Called once when the job gives up (out of attempts, or a permanent failure), to leave
    /// a state staff can see. The default does nothing.
    fn on_give_up(
        &self,
        _ctx: &JobContext,
        _attempt: u32,
        _error: &str,
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send {
        async { Ok(()) }
    }
}

/// Runs CPU-bound work (rendering PDFs: about 2 ms a ticket, 45 ms for a collection's
/// e-mail) on the blocking pool, so that a worker's few runtime threads keep answering the
/// other jobs' calls and queries meanwhile. A panic in `f` is the caller's panic.
pub async fn off_runtime<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    match tokio::task::spawn_blocking(f).await {
        Ok(t) => t,
        Err(e) => std::panic::resume_unwind(
            e.try_into_panic()
                .unwrap_or_else(|e| Box::new(e.to_string())),
        ),
    }
}

/// Enqueues `job` on `conn`, which should be the transaction of the write that causes it:
/// the job exists if and only if that write commits. Returns false when a job with the same
/// idempotency key already exists.
///
/// The job is due from the start of the caller's transaction, by the database's clock.
/// apalis-postgres wakes its listening workers from an insert trigger only when the job is
/// due by then (`run_at <= now()`, `now()` being the transaction's start), and would
/// otherwise date it by this process's clock, to the second: a transaction begun in one
/// second that enqueues in the next woke no worker, and its job waited for the next poll
/// (`JOBS_HEARTBEAT_MS`, 3 s by default).
pub async fn enqueue<J: Job>(conn: &mut PgConnection, job: &J) -> Result<bool, sqlx::Error> {
    let payload = serde_json::to_vec(job).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    let key = job.idempotency_key();
    // The unique index on (job_type, idempotency_key) would abort the caller's transaction;
    // check first, under the caller's transaction, in the round trip that reads its start.
    let found = sqlx::query!(
        r#"select ($2::text is not null and exists(
                    select 1 from apalis.jobs where job_type = $1 and idempotency_key = $2)) as "exists!",
                  floor(extract(epoch from now()))::bigint as "due!""#,
        J::QUEUE,
        key.as_deref()
    )
    .fetch_one(&mut *conn)
    .await?;
    if found.exists {
        return Ok(false);
    }
    let mut builder = TaskBuilder::new(payload)
        .max_attempts(J::MAX_ATTEMPTS as usize)
        .run_at_timestamp(u64::try_from(found.due).unwrap_or_default());
    if let Some(key) = &key {
        builder = builder.idempotency_key(key.clone());
    }
    apalis_postgres::queries::push_tasks(&mut *conn, J::QUEUE, vec![builder.build()])
        .await
        .map_err(|e| match e {
            apalis_postgres::Error::Database(e) => e,
            other => sqlx::Error::Protocol(other.to_string()),
        })?;
    Ok(true)
}

/// Runs one attempt of `J`: the apalis handler of every job type.
pub async fn execute<J: Job>(
    job: J,
    task_id: TaskId,
    attempt: Attempt,
    ctx: Data<Arc<JobContext>>,
) -> Result<(), BoxDynError> {
    let n = attempt.current() as u32;
    let span = tracing::info_span!("job", queue = J::QUEUE, task_id = %task_id, attempt = n);
    async move {
        let started = std::time::Instant::now();
        let outcome = job.run(&ctx, n).await;
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match outcome {
            Ok(()) => {
                tracing::info!(elapsed_ms, "job done");
                Ok(())
            }
            Err(JobError::Permanent(e)) => {
                tracing::error!(elapsed_ms, error = %e, "job failed for good");
                give_up(&job, &ctx, n, &e).await;
                Err(Box::new(AbortError::new(e.to_string())) as BoxDynError)
            }
            Err(JobError::Waiting { service, until }) => {
                tracing::info!(elapsed_ms, service, %until, "job waits for an outside system");
                if let Err(db) = defer(&ctx.pool, &task_id.to_string(), until).await {
                    // The job is then retried with its attempt counted: slower to give up
                    // than a crash, never lost.
                    tracing::warn!(error = %db, "could not defer the job");
                }
                Err(format!("waiting for {service} until {until}").into())
            }
            Err(JobError::Retryable(e)) if n >= max_attempts::<J>(&ctx.pool, &task_id).await => {
                tracing::error!(elapsed_ms, error = %e, "job out of attempts");
                give_up(&job, &ctx, n, &e).await;
                Err(e.into())
            }
            Err(JobError::Retryable(e)) => {
                let delay = ctx.backoff.delay(n);
                tracing::warn!(elapsed_ms, error = %e, retry_in_ms = delay.as_millis() as u64, "job will retry");
                if let Err(db) = schedule_retry(&ctx.pool, &task_id.to_string(), delay).await {
                    // The retry still happens, only sooner.
                    tracing::warn!(error = %db, "could not delay the retry");
                }
                Err(e.into())
            }
        }
    }
    .instrument(span)
    .await
}

async fn give_up<J: Job>(job: &J, ctx: &JobContext, attempt: u32, error: &anyhow::Error) {
    if let Err(e) = job.on_give_up(ctx, attempt, &format!("{error:#}")).await {
        tracing::error!(error = %e, "could not record that the job gave up");
    }
}

/// The job's bound on attempts as stored: [`Job::MAX_ATTEMPTS`] plus one per attempt spent
/// waiting for an outside system.
async fn max_attempts<J: Job>(pool: &PgPool, task_id: &TaskId) -> u32 {
    sqlx::query_scalar!(
        "select max_attempts from apalis.jobs where id = $1",
        task_id.to_string()
    )
    .fetch_optional(pool)
    .await
    .ok()
    .flatten()
    .map_or(J::MAX_ATTEMPTS, |m| m.max(0) as u32)
}

/// Runs the job again at `until`, giving back the attempt it just spent (apalis counts it
/// when it records the failure; the bound grows by one instead).
async fn defer(
    pool: &PgPool,
    task_id: &str,
    until: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update apalis.jobs set run_at = greatest($2, now()), max_attempts = max_attempts + 1 where id = $1",
        task_id,
        until
    )
    .execute(pool)
    .await?;
    Ok(())
}

async fn schedule_retry(pool: &PgPool, task_id: &str, delay: Duration) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update apalis.jobs set run_at = now() + make_interval(secs => $2) where id = $1",
        task_id,
        delay.as_secs_f64()
    )
    .execute(pool)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_the_base_and_stops_at_the_cap() {
        let b = Backoff {
            base: Duration::from_secs(2),
            max: Duration::from_secs(60),
        };
        let within = |d: Duration, lo: u64| {
            d >= Duration::from_secs(lo) && d <= Duration::from_secs(lo).mul_f64(1.2)
        };
        assert!(within(b.delay(1), 2));
        assert!(within(b.delay(2), 4));
        assert!(within(b.delay(5), 32));
        assert_eq!(b.delay(6), Duration::from_secs(60));
        assert_eq!(b.delay(40), Duration::from_secs(60));
    }
}
