//! The service log (spec: /admin/reports/service-log) and the service status (spec:
//! /admin/service-status): every call to an outside system, and whether each answers now.
//! Contract: `docs/api/staff-operations.md`.

use crate::{
    error::{ApiError, ApiResult},
    extract::Query,
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use domain::{jobs, service_log};
use integrations::{payments::PaymentsError, ticketing::TicketingError};
use serde::Serialize;
use std::time::{Duration, Instant};

pub fn routes(r: super::AdminRoutes) -> super::AdminRoutes {
    r.get("/service-calls", list_calls)
        .get("/service-status", get_status)
}

const SERVICES: [&str; 3] = ["ticketing", "payments", "mail"];

/// `GET /api/admin/service-calls`: filters `service`, `outcome`, `q`; newest first, or by
/// `duration_ms`.
async fn list_calls(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let bad = |key: &str| {
        ApiError::bad_request("invalid_query", format!("The {key} filter is not valid"))
            .with_field(key, "invalid_filter")
    };
    let service = params.filter_str("service");
    if service.as_deref().is_some_and(|s| !SERVICES.contains(&s)) {
        return Err(bad("service"));
    }
    let outcome = params.filter_str("outcome");
    if outcome
        .as_deref()
        .is_some_and(|o| o != "ok" && o != "error")
    {
        return Err(bad("outcome"));
    }
    let q = service_log::CallQuery {
        service,
        outcome,
        search: params.filter_str("q"),
        sort: params.sort_field.clone(),
        ascending: params.sort_field.is_some() && !params.descending,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = service_log::list(&mut conn, &q).await?;
    Ok(rest::page("service-calls", &params, items, total))
}

/// One service as the status page shows it.
#[derive(Serialize)]
struct ServiceStatus {
    id: &'static str,
    /// It answered the check just now.
    ok: bool,
    latency_ms: u64,
    error: Option<String>,
    calls_last_hour: i64,
    errors_last_hour: i64,
    avg_ms_last_hour: Option<f64>,
    last_error: Option<String>,
    last_error_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
struct Status {
    checked_at: DateTime<Utc>,
    services: Vec<ServiceStatus>,
    queues: Vec<jobs::QueueCounts>,
}

/// Times a check, at most `limit`: (answered, latency, why not).
async fn timed<F: Future<Output = Result<(), String>>>(
    limit: Duration,
    check: F,
) -> (bool, u64, Option<String>) {
    let started = Instant::now();
    let outcome = match tokio::time::timeout(limit, check).await {
        Ok(r) => r,
        Err(_) => Err(format!("no answer within {} s", limit.as_secs())),
    };
    let ms = started.elapsed().as_millis() as u64;
    match outcome {
        Ok(()) => (true, ms, None),
        Err(e) => (false, ms, Some(e)),
    }
}

/// `GET /api/admin/service-status`: the ticketing system, the payment provider, the mail
/// server and the database checked now, each with its calls of the last hour, and the job
/// queues.
async fn get_status(State(state): State<AppState>) -> ApiResult<Response> {
    let limit = Duration::from_secs(5);
    let ticketing = timed(limit, async {
        state
            .ticketing
            .organisers()
            .await
            .map(|_| ())
            .map_err(|e: TicketingError| e.to_string())
    });
    // A payment that does not exist: an answer, even "no such payment", means it is up.
    let payments = timed(limit, async {
        match state.payments.intent("pi_lario_status_check").await {
            Ok(_) | Err(PaymentsError::Refused { .. }) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    });
    let mail = timed(limit, async {
        let mailer = integrations::mail::Mailer::new(
            &state.config.mail.smtp_url,
            &state.config.mail.from,
            limit,
        )
        .map_err(|e| e.to_string())?;
        mailer.check().await
    });
    let database = timed(limit, async {
        domain::db::ping(&state.pool)
            .await
            .map_err(|e| e.to_string())
    });
    let (ticketing, payments, mail, database) = tokio::join!(ticketing, payments, mail, database);
    let mut conn = state.pool.acquire().await?;
    let recent = service_log::last_hour(&mut conn).await?;
    let queues = jobs::queues(&mut conn).await?;
    let services = [
        ("ticketing", ticketing),
        ("payments", payments),
        ("mail", mail),
        ("database", database),
    ]
    .into_iter()
    .map(|(id, (ok, latency_ms, error))| {
        let r = recent.iter().find(|r| r.service == id);
        ServiceStatus {
            id,
            ok,
            latency_ms,
            error,
            calls_last_hour: r.map_or(0, |r| r.calls),
            errors_last_hour: r.map_or(0, |r| r.errors),
            avg_ms_last_hour: r.and_then(|r| r.avg_ms),
            last_error: r.and_then(|r| r.last_error.clone()),
            last_error_at: r.and_then(|r| r.last_error_at),
        }
    })
    .collect();
    Ok(axum::Json(Status {
        checked_at: Utc::now(),
        services,
        queues,
    })
    .into_response())
}
