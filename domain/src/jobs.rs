//! What staff see of the durable job queue (apalis's `apalis.jobs`).

use sqlx::PgPool;

/// Jobs by state, across queues.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct JobCounts {
    /// Waiting to run (new, or handed to a worker that has not started it).
    pub pending: i64,
    pub running: i64,
    /// Failed, with attempts left: will run again after their backoff.
    pub retrying: i64,
    /// Gave up (out of attempts, or refused for good): staff must look.
    pub dead: i64,
}

/// Counts jobs by state.
pub async fn counts(pool: &PgPool) -> Result<JobCounts, sqlx::Error> {
    let row = sqlx::query!(
        r#"select
             count(*) filter (where status in ('Pending', 'Queued')) as "pending!",
             count(*) filter (where status = 'Running') as "running!",
             count(*) filter (where status = 'Failed' and attempts < max_attempts) as "retrying!",
             count(*) filter (where status = 'Killed' or (status = 'Failed' and attempts >= max_attempts)) as "dead!"
           from apalis.jobs"#
    )
    .fetch_one(pool)
    .await?;
    Ok(JobCounts {
        pending: row.pending,
        running: row.running,
        retrying: row.retrying,
        dead: row.dead,
    })
}

/// Queues whose workers have all stopped fetching: every worker registered for the queue has
/// been silent (no heartbeat) for longer than `silent`. A worker that cannot reach its backend
/// stops beating; a queue that never had a worker is not listed.
pub async fn silent_queues(
    pool: &PgPool,
    silent: std::time::Duration,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select worker_type as "queue!" from apalis.workers
            group by worker_type
           having max(last_seen) < now() - make_interval(secs => $1)
            order by 1"#,
        silent.as_secs_f64()
    )
    .fetch_all(pool)
    .await
}

// Our names for apalis's statuses: `pending`, `running`, `done`, `retrying` (failed, will
// run again after its backoff) or `dead` (gave up, or discarded by staff).

/// Jobs of one queue by state.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct QueueCounts {
    /// The queue's name (react-admin's id).
    pub id: String,
    pub pending: i64,
    pub running: i64,
    pub retrying: i64,
    pub dead: i64,
    pub done: i64,
}

/// Every queue that has jobs, by name.
pub async fn queues(conn: &mut sqlx::PgConnection) -> Result<Vec<QueueCounts>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select job_type as "id!",
             count(*) filter (where status in ('Pending', 'Queued')) as "pending!",
             count(*) filter (where status = 'Running') as "running!",
             count(*) filter (where status = 'Failed' and attempts < max_attempts) as "retrying!",
             count(*) filter (where status = 'Killed' or (status = 'Failed' and attempts >= max_attempts)) as "dead!",
             count(*) filter (where status = 'Done') as "done!"
           from apalis.jobs group by job_type order by job_type"#
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| QueueCounts {
            id: r.id,
            pending: r.pending,
            running: r.running,
            retrying: r.retrying,
            dead: r.dead,
            done: r.done,
        })
        .collect())
}

/// One job as staff see it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct JobRow {
    pub id: String,
    pub queue: String,
    pub status: String,
    pub attempts: i32,
    pub max_attempts: i32,
    /// The last attempt's error, when it failed.
    pub last_error: Option<String>,
    pub run_at: chrono::DateTime<chrono::Utc>,
    pub done_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The worker that has it, while it runs.
    pub lock_by: Option<String>,
    /// The job's payload (ids).
    pub payload: serde_json::Value,
}

/// Filters and page of the job list.
#[derive(Debug, Clone, Default)]
pub struct JobQuery {
    pub queue: Option<String>,
    /// One of our status names.
    pub status: Option<String>,
    /// `run_at` (default), `attempts` or `done_at`.
    pub sort: Option<String>,
    pub ascending: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Jobs, filtered, newest `run_at` first by default, with the total; or the one `id`.
pub async fn list(
    conn: &mut sqlx::PgConnection,
    q: &JobQuery,
    id: Option<&str>,
) -> Result<(Vec<JobRow>, i64), sqlx::Error> {
    let sort = match q.sort.as_deref() {
        Some("attempts") => "attempts",
        Some("done_at") => "done_at",
        _ => "run_at",
    };
    let rows = sqlx::query!(
        r#"with j as (
             select id, job_type, attempts, max_attempts, last_result, run_at, done_at, lock_by, job,
                    case when status in ('Pending', 'Queued') then 'pending'
                         when status = 'Running' then 'running'
                         when status = 'Done' then 'done'
                         when status = 'Failed' and attempts < max_attempts then 'retrying'
                         else 'dead' end as our_status
               from apalis.jobs
              where ($1::text is null or id = $1) and ($2::text is null or job_type = $2))
           select id as "id!", job_type as "job_type!", our_status as "our_status!",
                  attempts as "attempts!", max_attempts as "max_attempts!", last_result,
                  run_at as "run_at!", done_at, lock_by, job as "job!",
                  count(*) over () as "full_count!"
             from j
            where ($3::text is null or our_status = $3)
            order by
              case when $4 = 'run_at' and $5 then run_at end asc,
              case when $4 = 'run_at' and not $5 then run_at end desc,
              case when $4 = 'attempts' and $5 then attempts end asc,
              case when $4 = 'attempts' and not $5 then attempts end desc,
              case when $4 = 'done_at' and $5 then done_at end asc nulls first,
              case when $4 = 'done_at' and not $5 then done_at end desc nulls last,
              id
           offset $6 limit $7"#,
        id,
        q.queue,
        q.status,
        sort,
        q.ascending,
        if id.is_some() { 0 } else { q.offset },
        if id.is_some() { 1 } else { q.limit }
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    let jobs = rows
        .into_iter()
        .map(|r| JobRow {
            id: r.id,
            queue: r.job_type,
            status: r.our_status,
            attempts: r.attempts,
            max_attempts: r.max_attempts,
            last_error: r.last_result.as_ref().and_then(error_text),
            run_at: r.run_at,
            done_at: r.done_at,
            lock_by: r.lock_by,
            payload: serde_json::from_slice(&r.job).unwrap_or(serde_json::Value::Null),
        })
        .collect();
    Ok((jobs, total))
}

/// The error of an apalis result (`{"Err": "..."}`); none for a success.
fn error_text(result: &serde_json::Value) -> Option<String> {
    match result.get("Err")? {
        serde_json::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// A dead or retrying job runs again now, its attempts reset. Returns its queue and payload,
/// or `None` when it is not dead or retrying (it ran, runs, or waits already).
pub async fn requeue(
    conn: &mut sqlx::PgConnection,
    id: &str,
) -> Result<Option<(String, serde_json::Value)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"update apalis.jobs
              set status = 'Pending', attempts = 0, run_at = now(), lock_by = null,
                  lock_at = null, done_at = null
            where id = $1 and status in ('Failed', 'Killed')
        returning job_type, job"#,
        id
    )
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(r) = &row {
        // An update fires no insert trigger: wake the queue's listening workers as an
        // insert would (on commit), rather than leave the job to their next poll.
        sqlx::query("select pg_notify('apalis::job::insert', json_build_object('job_type', $1::text, 'id', $2::text)::text)")
            .bind(&r.job_type)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(row.map(|r| {
        (
            r.job_type,
            serde_json::from_slice(&r.job).unwrap_or(serde_json::Value::Null),
        )
    }))
}

/// A waiting or retrying job will not run again: dead, "discarded by staff". False when it
/// runs, ran, or is dead already.
pub async fn discard(conn: &mut sqlx::PgConnection, id: &str) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        r#"update apalis.jobs
              set status = 'Killed', done_at = now(),
                  last_result = '{"Err": "discarded by staff"}'::jsonb
            where id = $1
              and (status = 'Pending' or (status = 'Failed' and attempts < max_attempts))"#,
        id
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}
