//! A blacklist change reaches the ticketing system (the spec's blacklist-insert and
//! blacklist-remove). Each change staff make bumps the entry's version and queues
//! [`SendBlacklistChange`]; the job sends the entry as it is now. Both calls are idempotent
//! there (a person is listed once; removing one not listed is refused as such and taken as
//! done), so a repeat after a lost answer changes nothing.

use crate::runtime::{Job, JobContext, JobError, ticketing_error};
use domain::blacklist;
use integrations::ticketing::Person;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

/// Queues the sending of entry `id`'s latest change (in the change's transaction).
pub async fn queue_change(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    let version = blacklist::version(conn, id).await?;
    crate::enqueue(
        conn,
        &SendBlacklistChange {
            entry_id: id,
            version,
        },
    )
    .await?;
    Ok(())
}

/// Sends blacklist entry `entry_id`, as of change `version`, to the ticketing system.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendBlacklistChange {
    pub entry_id: Uuid,
    pub version: i32,
}

impl Job for SendBlacklistChange {
    const QUEUE: &'static str = "blacklist::send_change";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}@{}", self.entry_id, self.version))
    }

    #[tracing::instrument(skip_all, fields(entry_id = %self.entry_id, version = self.version))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(entry) = blacklist::to_send(&mut conn, self.entry_id).await? else {
            return Ok(());
        };
        if entry.sent_version >= entry.version {
            return Ok(());
        }
        drop(conn);
        let person = Person {
            first_name: entry.first_name,
            last_name: entry.last_name,
            birth_date: entry.birth_date,
            sex: String::new(),
            fiscal_code: entry.fiscal_code,
        };
        if !entry.removed {
            ctx.ticketing
                .blacklist_insert(&person, &entry.reason)
                .await
                .map_err(ticketing_error)?;
        } else if !entry.listed_again {
            match ctx.ticketing.blacklist_remove(&person).await {
                Ok(()) => {}
                // Not on the list (a repeat): what we wanted.
                Err(e) if e.code() == Some("PERSONA_NON_IN_BLACKLIST") => {}
                Err(e) => return Err(ticketing_error(e)),
            }
        }
        let mut conn = ctx.pool.acquire().await?;
        blacklist::sent(&mut conn, self.entry_id, entry.version).await?;
        Ok(())
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        _attempt: u32,
        _error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        blacklist::send_failed(&mut conn, self.entry_id).await
    }
}
