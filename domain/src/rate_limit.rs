//! Rate limits as fixed-window counters in Postgres, shared by every api process.

use sqlx::PgConnection;
use std::time::Duration;

/// Counts one hit on `bucket` in the current window of `window`; true while at most `max`
/// hits have been counted in that window.
pub async fn hit(
    conn: &mut PgConnection,
    bucket: &str,
    window: Duration,
    max: i32,
) -> Result<bool, sqlx::Error> {
    let hits: i32 = sqlx::query_scalar!(
        r#"insert into rate_limit_window (bucket, window_start, hits)
           values ($1, to_timestamp(floor(extract(epoch from now())::float8 / $2::float8) * $2::float8), 1)
           on conflict (bucket, window_start) do update set hits = rate_limit_window.hits + 1
           returning hits"#,
        bucket,
        window.as_secs_f64()
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(hits <= max)
}

/// The hits counted on `bucket` in the current window of `window`, without counting one.
pub async fn count(
    conn: &mut PgConnection,
    bucket: &str,
    window: Duration,
) -> Result<i32, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        r#"select hits from rate_limit_window
            where bucket = $1
              and window_start = to_timestamp(floor(extract(epoch from now())::float8 / $2::float8) * $2::float8)"#,
        bucket,
        window.as_secs_f64()
    )
    .fetch_optional(conn)
    .await?
    .unwrap_or(0))
}

/// Drops windows older than a day (called now and then).
pub async fn prune(conn: &mut PgConnection) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query!("delete from rate_limit_window where window_start < now() - interval '1 day'")
            .execute(conn)
            .await?
            .rows_affected(),
    )
}
