//! The service log (spec: /admin/reports/service-log): every call to an outside system, as
//! the clients report them, stored in batches; searchable by staff, summarised for the
//! service status page, kept for [`KEEP_DAYS`].

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;

/// Days a call stays in the log.
pub const KEEP_DAYS: i32 = 30;

/// A call to store.
#[derive(Debug, Clone)]
pub struct NewCall {
    pub service: String,
    pub operation: String,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    pub status: Option<i32>,
    pub error: Option<String>,
}

/// Stores calls in one statement.
pub async fn insert(conn: &mut PgConnection, calls: &[NewCall]) -> Result<(), sqlx::Error> {
    if calls.is_empty() {
        return Ok(());
    }
    let services: Vec<String> = calls.iter().map(|c| c.service.clone()).collect();
    let operations: Vec<String> = calls.iter().map(|c| c.operation.clone()).collect();
    let started: Vec<DateTime<Utc>> = calls.iter().map(|c| c.started_at).collect();
    let durations: Vec<i32> = calls.iter().map(|c| c.duration_ms.max(0)).collect();
    let statuses: Vec<Option<i32>> = calls.iter().map(|c| c.status).collect();
    let errors: Vec<Option<String>> = calls.iter().map(|c| c.error.clone()).collect();
    sqlx::query!(
        r#"insert into service_call (service, operation, started_at, duration_ms, outcome, status, error)
           select u.service, u.operation, u.started_at, u.duration_ms,
                  case when u.error is null then 'ok' else 'error' end, u.status, u.error
             from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::text[])
                  as u(service, operation, started_at, duration_ms, status, error)"#,
        &services,
        &operations,
        &started,
        &durations,
        &statuses as &[Option<i32>],
        &errors as &[Option<String>]
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// How a call ended (text with a CHECK of the same values).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum CallOutcome {
    Ok,
    Error,
}

/// A logged call.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Call {
    pub id: i64,
    pub service: String,
    pub operation: String,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    pub outcome: CallOutcome,
    pub status: Option<i32>,
    pub error: Option<String>,
}

/// Filters of the log.
#[derive(Debug, Clone, Default)]
pub struct CallQuery {
    pub service: Option<String>,
    pub outcome: Option<CallOutcome>,
    /// Part of the operation or of the error.
    pub search: Option<String>,
    /// `started_at` (default, newest first) or `duration_ms`.
    pub sort: Option<String>,
    pub ascending: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Logged calls, filtered, with the total.
pub async fn list(conn: &mut PgConnection, q: &CallQuery) -> Result<(Vec<Call>, i64), sqlx::Error> {
    let pattern = q.search.as_deref().map(crate::db::contains_pattern);
    let by_duration = q.sort.as_deref() == Some("duration_ms");
    let rows = sqlx::query!(
        r#"select call_id, service, operation, started_at, duration_ms, outcome as "outcome: CallOutcome", status, error,
                  count(*) over () as "full_count!"
             from service_call
            where ($1::text is null or service = $1) and ($2::text is null or outcome = $2::text)
              and ($3::text is null or lower(operation) like $3 or lower(coalesce(error, '')) like $3)
            order by
              case when $4 and $5 then duration_ms end asc,
              case when $4 and not $5 then duration_ms end desc,
              case when not $4 and $5 then started_at end asc,
              case when not $4 and not $5 then started_at end desc,
              call_id desc
           offset $6 limit $7"#,
        q.service,
        q.outcome as Option<CallOutcome>,
        pattern,
        by_duration,
        q.ascending,
        q.offset,
        q.limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| Call {
                id: r.call_id,
                service: r.service,
                operation: r.operation,
                started_at: r.started_at,
                duration_ms: r.duration_ms,
                outcome: r.outcome,
                status: r.status,
                error: r.error,
            })
            .collect(),
        total,
    ))
}

/// One service's calls over the last hour.
#[derive(Debug, Clone, Serialize)]
pub struct Recent {
    pub service: String,
    pub calls: i64,
    pub errors: i64,
    pub avg_ms: Option<f64>,
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTime<Utc>>,
}

/// Each service's calls over the last hour.
pub async fn last_hour(conn: &mut PgConnection) -> Result<Vec<Recent>, sqlx::Error> {
    sqlx::query_as!(
        Recent,
        r#"select service as "service!", count(*) as "calls!",
                  count(*) filter (where outcome = 'error') as "errors!",
                  avg(duration_ms)::float8 as avg_ms,
                  (array_agg(error order by started_at desc) filter (where error is not null))[1] as last_error,
                  max(started_at) filter (where error is not null) as last_error_at
             from service_call where started_at > now() - interval '1 hour'
            group by service order by service"#
    )
    .fetch_all(conn)
    .await
}

/// Forgets calls older than [`KEEP_DAYS`] (housekeeping).
pub async fn prune(conn: &mut PgConnection) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "delete from service_call where started_at < now() - make_interval(days => $1)",
        KEEP_DAYS
    )
    .execute(conn)
    .await?
    .rows_affected())
}
