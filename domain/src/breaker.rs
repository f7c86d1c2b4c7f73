//! A circuit breaker per outside system, in the database so that every worker process shares
//! it. Vendor outages of minutes to hours happen on big on-sale days: after
//! [`Settings::failures`] consecutive failed calls the breaker opens, and from then on jobs
//! that need the system wait for it without calling it and without spending their attempts;
//! every [`Settings::probe_every`] one caller (the first past `retry_at`, chosen by a
//! conditional update) probes, and its success closes the breaker for everyone.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use std::time::Duration;

/// The ticketing system's breaker.
pub const TICKETING: &str = "ticketing";

/// How a breaker opens and probes.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Consecutive failed calls that open it.
    pub failures: u32,
    /// While open, one probe this often.
    pub probe_every: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            failures: 5,
            probe_every: Duration::from_secs(10),
        }
    }
}

/// What a caller may do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// Closed: call. `clean`: no failure is counted, so a success has nothing to reset (the
    /// caller spares the write on the hot path).
    Call { clean: bool },
    /// Open, and this caller won the probe: call, and report the outcome.
    Probe,
    /// Open: do not call before this time.
    WaitUntil(DateTime<Utc>),
}

/// Whether `service` may be called now. When the breaker is open and its wait is over, one
/// caller gets [`Gate::Probe`] (and moves the next probe forward); the others wait.
pub async fn gate(
    conn: &mut PgConnection,
    service: &str,
    settings: Settings,
) -> Result<Gate, sqlx::Error> {
    let row = sqlx::query!(
        r#"select retry_at, coalesce(retry_at <= now(), true) as "due!", failures
             from service_breaker where service = $1"#,
        service
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(Gate::Call { clean: true });
    };
    let Some(retry_at) = row.retry_at else {
        return Ok(Gate::Call {
            clean: row.failures == 0,
        });
    };
    if !row.due {
        return Ok(Gate::WaitUntil(retry_at));
    }
    let won = sqlx::query_scalar!(
        r#"update service_breaker set retry_at = now() + make_interval(secs => $2), updated_at = now()
            where service = $1 and retry_at <= now()
        returning retry_at as "retry_at!""#,
        service,
        settings.probe_every.as_secs_f64()
    )
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match won {
        Some(_) => Gate::Probe,
        None => {
            let next = sqlx::query_scalar!(
                "select retry_at from service_breaker where service = $1",
                service
            )
            .fetch_one(&mut *conn)
            .await?;
            match next {
                Some(at) => Gate::WaitUntil(at),
                // Closed meanwhile by another caller's success.
                None => Gate::Call { clean: true },
            }
        }
    })
}

/// A call succeeded: the breaker closes (no write when it already was, with no failures).
pub async fn record_success(conn: &mut PgConnection, service: &str) -> Result<(), sqlx::Error> {
    let closed = sqlx::query!(
        "update service_breaker set failures = 0, opened_at = null, retry_at = null, updated_at = now()
          where service = $1 and (failures > 0 or opened_at is not null)
        returning opened_at",
        service
    )
    .fetch_optional(conn)
    .await?;
    if let Some(r) = closed
        && let Some(since) = r.opened_at
    {
        tracing::info!(service, %since, "circuit breaker closed: the service answers again");
    }
    Ok(())
}

/// A call failed because the system is down (no answer, 5xx, 429): counts towards opening.
/// Returns when the next call may be made if the breaker is now open.
pub async fn record_failure(
    conn: &mut PgConnection,
    service: &str,
    error: &str,
    settings: Settings,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    let r = sqlx::query!(
        r#"insert into service_breaker (service, failures, last_error) values ($1, 1, $2)
           on conflict (service) do update
              set failures = service_breaker.failures + 1, last_error = $2, updated_at = now(),
                  opened_at = case when service_breaker.failures + 1 >= $3
                                   then coalesce(service_breaker.opened_at, now()) end,
                  retry_at = case when service_breaker.failures + 1 >= $3
                                  then greatest(coalesce(service_breaker.retry_at, now()),
                                                now() + make_interval(secs => $4)) end
        returning opened_at, retry_at, failures"#,
        service,
        error,
        settings.failures as i32,
        settings.probe_every.as_secs_f64()
    )
    .fetch_one(conn)
    .await?;
    if r.opened_at.is_some() && r.failures == settings.failures as i32 {
        tracing::warn!(
            service,
            error,
            "circuit breaker open: the service is taken as down"
        );
    }
    Ok(r.retry_at)
}

/// A breaker as the service status page shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BreakerState {
    pub service: String,
    /// `closed` or `open`
    pub state: &'static str,
    pub failures: i32,
    pub opened_at: Option<DateTime<Utc>>,
    pub retry_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
}

/// Every breaker.
pub async fn states(conn: &mut PgConnection) -> Result<Vec<BreakerState>, sqlx::Error> {
    Ok(sqlx::query!(
        "select service, failures, opened_at, retry_at, last_error from service_breaker order by service"
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| BreakerState {
        state: if r.opened_at.is_some() { "open" } else { "closed" },
        service: r.service,
        failures: r.failures,
        opened_at: r.opened_at,
        retry_at: r.retry_at,
        last_error: r.last_error,
    })
    .collect())
}
