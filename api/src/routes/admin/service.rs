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
use domain::money::Cents;
use domain::{issuance, jobs, service_log};
use integrations::{payments::PaymentsError, ticketing::TicketingError};
use serde::Serialize;
use std::time::{Duration, Instant};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_calls))
        .routes(routes!(get_status))
        .routes(routes!(get_payment_report))
}

const SERVICES: [&str; 3] = ["ticketing", "payments", "mail"];

/// `GET /api/admin/service-calls`: filters `service`, `outcome`, `q`; newest first, or by
/// `duration_ms`.
#[utoipa::path(get, path = "/service-calls", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<domain::service_log::Call>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `service`, `outcome`, `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_calls(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let service = params.filter_str("service");
    if service.as_deref().is_some_and(|s| !SERVICES.contains(&s)) {
        return Err(rest::bad_filter("service"));
    }
    let outcome = params.filter_enum("outcome")?;
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
#[derive(Serialize, ToSchema)]
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

#[derive(Serialize, ToSchema)]
struct Status {
    checked_at: DateTime<Utc>,
    services: Vec<ServiceStatus>,
    queues: Vec<jobs::QueueCounts>,
    /// The circuit breakers of the outside systems: `open` while one is taken as down and
    /// the jobs that need it wait.
    breakers: Vec<domain::breaker::BreakerState>,
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
#[utoipa::path(get, path = "/service-status", tag = "admin", responses(
    (status = 200, body = Status),
))]
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
    let breakers = domain::breaker::states(&mut conn).await?;
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
        breakers,
    })
    .into_response())
}

/// One day's payments or refunds, ours and the provider's.
#[derive(Serialize, Default, ToSchema)]
struct ReportRow {
    /// `yyyy-mm-dd|paid` or `yyyy-mm-dd|refunded`
    id: String,
    /// The day in Italy.
    day: String,
    /// `paid` or `refunded`
    kind: &'static str,
    count: i64,
    total_cents: Cents,
    provider_count: i64,
    provider_total_cents: Cents,
    matched: bool,
    /// Ours, unknown to the provider (intent or refund ids).
    only_here: Vec<String>,
    /// The provider's, unknown here.
    only_there: Vec<String>,
}

type Rows = std::collections::BTreeMap<(String, &'static str), ReportRow>;

/// The row of a day and kind, made on first use.
fn entry<'a>(rows: &'a mut Rows, key: (String, &'static str)) -> &'a mut ReportRow {
    rows.entry(key.clone()).or_insert_with(|| ReportRow {
        id: format!("{}|{}", key.0, key.1),
        day: key.0,
        kind: key.1,
        ..Default::default()
    })
}

fn rome_day(t: DateTime<Utc>) -> String {
    t.with_timezone(&chrono_tz::Europe::Rome)
        .format("%Y-%m-%d")
        .to_string()
}

/// `GET /api/admin/payment-report?filter={"from": "2026-11-01", "to": "2026-11-30"}` (days in
/// Italy, both included; the last 30 days by default, at most 93): card payments and refunds
/// by day, ours against the provider's records, newest day first.
#[utoipa::path(get, path = "/payment-report", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<ReportRow>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `from`, `to` (days in Italy, both included; at most 93)"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
    (status = 502, body = crate::openapi::ErrorBody, description = "`provider_unavailable`"),
))]
async fn get_payment_report(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    use chrono::{NaiveDate, TimeZone};
    let params = ListParams::try_from(raw)?;
    let today = Utc::now()
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let day = |key: &str, default: NaiveDate| match params.filter_str(key) {
        None => Ok(default),
        Some(d) => NaiveDate::parse_from_str(&d, "%Y-%m-%d").map_err(|_| rest::bad_filter(key)),
    };
    let to_day = day("to", today)?;
    let from_day = day("from", to_day - chrono::Days::new(29))?;
    if from_day > to_day || (to_day - from_day).num_days() > 92 {
        return Err(rest::bad_filter("from"));
    }
    let start = |d: NaiveDate| {
        chrono_tz::Europe::Rome
            .from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default())
            .earliest()
            .map(|t| t.with_timezone(&Utc))
            .ok_or_else(|| rest::bad_filter("from"))
    };
    let (from, to) = (start(from_day)?, start(to_day + chrono::Days::new(1))?);
    let mut conn = state.pool.acquire().await?;
    let ours = issuance::card_payments(&mut conn, from, to).await?;
    drop(conn);
    let unavailable = |e: integrations::payments::PaymentsError| {
        tracing::warn!(error = %e, "payment report: the provider did not answer");
        ApiError::new(
            axum::http::StatusCode::BAD_GATEWAY,
            "provider_unavailable",
            "The payment provider did not answer: try again shortly",
        )
    };
    let payments = state
        .payments
        .payments_between(from.timestamp(), to.timestamp())
        .await
        .map_err(unavailable)?;
    let refunds = state
        .payments
        .refunds_between(from.timestamp(), to.timestamp())
        .await
        .map_err(unavailable)?;
    let mut rows = Rows::new();
    let mut paid_here = std::collections::HashSet::new();
    let mut refunded_here = std::collections::HashSet::new();
    for p in &ours {
        if let Some(at) = p.paid_at.filter(|t| *t >= from && *t < to) {
            let r = entry(&mut rows, (rome_day(at), "paid"));
            r.count += 1;
            r.total_cents += p.total_cents;
            paid_here.insert(p.intent_id.clone());
            if !payments
                .iter()
                .any(|x| x.id == p.intent_id && x.status == "succeeded")
            {
                r.only_here.push(p.intent_id.clone());
            }
        }
        if let (Some(at), Some(refund)) = (
            p.refunded_at.filter(|t| *t >= from && *t < to),
            &p.refund_id,
        ) {
            let r = entry(&mut rows, (rome_day(at), "refunded"));
            r.count += 1;
            r.total_cents += p.total_cents;
            refunded_here.insert(refund.clone());
            if !refunds.iter().any(|x| &x.id == refund) {
                r.only_here.push(refund.clone());
            }
        }
    }
    let at = |secs: i64| DateTime::from_timestamp(secs, 0).unwrap_or_default();
    for x in payments.iter().filter(|x| x.status == "succeeded") {
        let r = entry(&mut rows, (rome_day(at(x.created)), "paid"));
        r.provider_count += 1;
        r.provider_total_cents += Cents(x.amount_cents);
        if !paid_here.contains(&x.id) {
            r.only_there.push(x.id.clone());
        }
    }
    for x in refunds.iter().filter(|x| x.status == "succeeded") {
        let r = entry(&mut rows, (rome_day(at(x.created)), "refunded"));
        r.provider_count += 1;
        r.provider_total_cents += Cents(x.amount_cents);
        if !refunded_here.contains(&x.id) {
            r.only_there.push(x.id.clone());
        }
    }
    let mut out: Vec<ReportRow> = rows
        .into_values()
        .map(|mut r| {
            r.matched = r.only_here.is_empty()
                && r.only_there.is_empty()
                && r.count == r.provider_count
                && r.total_cents == r.provider_total_cents;
            r
        })
        .collect();
    out.sort_by(|a, b| b.day.cmp(&a.day).then(a.kind.cmp(b.kind)));
    let total = out.len() as i64;
    let page: Vec<ReportRow> = out
        .into_iter()
        .skip(params.offset as usize)
        .take(params.limit as usize)
        .collect();
    Ok(rest::page("payment-report", &params, page, total))
}
