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
