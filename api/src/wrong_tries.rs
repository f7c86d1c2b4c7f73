//! Guessing rights (fidelity card numbers, fiscal seals, renewal codes, holders' details) is
//! slowed down: a fan's wrong tries are counted, and so are their address's (many accounts
//! from one place), in fixed windows shared by every api process.

use crate::error::{ApiError, ApiResult};
use sqlx::PgPool;
use std::net::IpAddr;
use std::time::Duration;
use uuid::Uuid;

/// Wrong tries one fan may make in a [`WINDOW`] before being told to wait.
pub const PER_FAN: i32 = 10;
/// Wrong tries one address may make in a [`WINDOW`], whichever accounts make them.
pub const PER_ADDRESS: i32 = 50;
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The counters of one kind of guess (`right`, `renewal`) for a fan and their address.
pub struct WrongTries {
    buckets: Vec<(String, i32)>,
}

impl WrongTries {
    pub fn new(kind: &str, user: Uuid, address: Option<IpAddr>) -> Self {
        let mut buckets = vec![(format!("{kind}:user:{user}"), PER_FAN)];
        if let Some(ip) = address {
            buckets.push((format!("{kind}:ip:{ip}"), PER_ADDRESS));
        }
        Self { buckets }
    }

    /// 429 `rate_limited` while the fan or their address has used up its wrong tries.
    pub async fn check(&self, pool: &PgPool) -> ApiResult<()> {
        let mut conn = pool.acquire().await?;
        for (bucket, max) in &self.buckets {
            if domain::rate_limit::count(&mut conn, bucket, WINDOW).await? >= *max {
                return Err(ApiError::rate_limited());
            }
        }
        Ok(())
    }

    /// Counts one wrong try, for the fan and for their address.
    pub async fn count(&self, pool: &PgPool) -> Result<(), sqlx::Error> {
        let mut conn = pool.acquire().await?;
        for (bucket, max) in &self.buckets {
            domain::rate_limit::hit(&mut conn, bucket, WINDOW, *max).await?;
        }
        Ok(())
    }
}
