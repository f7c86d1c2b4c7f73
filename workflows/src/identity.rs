//! The fan's identity reaches the ticketing system: the fan is registered as a person there
//! (utenza-addpersona) and the person's id kept (`planet_persona_id`). And the reference data
//! the identity form names places with (planet-nazioni, planet-province, planet-comuni) is
//! copied here, once a day.

use crate::runtime::{Job, JobContext, JobError, ticketing_error};
use domain::identity::{self, reference};
use integrations::ticketing::{Person, TicketingClient, TicketingError};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// Queues the registration of `user_id`'s identity as of `version` (in the save's
/// transaction).
pub async fn queue_registration(
    conn: &mut PgConnection,
    user_id: Uuid,
    version: i32,
) -> Result<(), sqlx::Error> {
    crate::enqueue(conn, &RegisterPerson { user_id, version }).await?;
    Ok(())
}

/// Registers a fan as a person in the ticketing system.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RegisterPerson {
    pub user_id: Uuid,
    pub version: i32,
}

impl Job for RegisterPerson {
    const QUEUE: &'static str = "identity::register_person";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}@{}", self.user_id, self.version))
    }

    /// The identity as it is now: sent unless already registered at this version. The
    /// ticketing system gives the same person the same id, so a repeat (a crash after its
    /// answer, a lost answer) registers nobody twice; the id is recorded only if the identity
    /// did not change meanwhile (the later change's job records its own).
    #[tracing::instrument(skip_all, fields(user_id = %self.user_id, version = self.version))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(current) = identity::to_register(&mut conn, self.user_id).await? else {
            return Ok(());
        };
        if current.registered_version >= current.version {
            return Ok(());
        }
        drop(conn);
        let person = Person {
            first_name: current.first_name,
            last_name: current.last_name,
            birth_date: current.birth_date,
            sex: current.sex,
            fiscal_code: current.fiscal_code,
        };
        let persona_id = ctx
            .ticketing
            .add_person(&person)
            .await
            .map_err(ticketing_error)?;
        let mut conn = ctx.pool.acquire().await?;
        identity::registered(
            &mut conn,
            self.user_id,
            current.version,
            i64::try_from(persona_id).map_err(|e| JobError::Permanent(e.into()))?,
        )
        .await?;
        Ok(())
    }
}

/// Copies the reference data from the ticketing system (queued once a day, keyed by the day).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct CopyReference {
    /// The day it is for (`2026-11-27`).
    pub day: String,
}

impl Job for CopyReference {
    const QUEUE: &'static str = "identity::copy_reference";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.day.clone())
    }

    #[tracing::instrument(skip_all, fields(day = %self.day))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        copy_reference(&ctx.pool, &ctx.ticketing)
            .await
            .map_err(|e| match e {
                CopyError::Ticketing(e) => ticketing_error(e),
                CopyError::Database(e) => e.into(),
            })?;
        Ok(())
    }
}

/// Queues today's copy of the reference data (a no-op once queued today).
pub async fn queue_reference_copy(pool: &PgPool) -> Result<bool, sqlx::Error> {
    let day = chrono::Utc::now().date_naive().to_string();
    let mut conn = pool.acquire().await?;
    crate::enqueue(&mut conn, &CopyReference { day }).await
}

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error(transparent)]
    Ticketing(#[from] TicketingError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Nations, provinces, then each province's municipalities, written as they come (a repeat
/// writes the same rows again). Returns how many municipalities were written.
pub async fn copy_reference(pool: &PgPool, client: &TicketingClient) -> Result<usize, CopyError> {
    let nations: Vec<_> = client
        .nations()
        .await?
        .into_iter()
        .map(|n| reference::Nation {
            code: n.code.to_ascii_uppercase(),
            name_it: n.name_it,
            name_en: n.name_en,
        })
        .collect();
    let provinces: Vec<_> = client
        .provinces()
        .await?
        .into_iter()
        .map(|p| reference::Province {
            code: p.code.to_ascii_uppercase(),
            name: p.name,
            region: p.region,
        })
        .collect();
    reference::upsert_nations_and_provinces(&mut *pool.acquire().await?, &nations, &provinces)
        .await?;
    let mut written = 0;
    for province in &provinces {
        let municipalities: Vec<_> = client
            .municipalities(&province.code)
            .await?
            .into_iter()
            .map(|m| reference::Municipality {
                istat_code: m.istat_code,
                name: m.name,
                province: m.province.to_ascii_uppercase(),
                cadastral_code: m.cadastral_code.to_ascii_uppercase(),
            })
            .collect();
        reference::upsert_municipalities(&mut *pool.acquire().await?, &municipalities).await?;
        written += municipalities.len();
    }
    tracing::info!(
        nations = nations.len(),
        provinces = provinces.len(),
        municipalities = written,
        "reference data copied from the ticketing system"
    );
    Ok(written)
}
