//! A title ban reaches the ticketing system (the spec's utenza-addban, updateban, removeban):
//! the ticketing system bans the title's holder, from the ban's start to its end.
//!
//! Each change staff make bumps the ban's version and queues [`MirrorTitleBan`] for it. Our
//! ban's id travels in the ticketing system's reason (`rif. {id}`): before adding, the job looks
//! for a ban with that reference (utenza-getlistban), so an add whose answer was lost is found
//! again and never made twice.

use crate::runtime::{Job, JobContext, JobError, ticketing_error};
use domain::moderation::{self, BanKind};
use integrations::ticketing::Person;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

/// Queues the sending of title ban `id`'s latest change (in the change's transaction).
pub async fn queue_mirror(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    let version = moderation::title_ban_version(conn, id).await?;
    crate::enqueue(
        conn,
        &MirrorTitleBan {
            ban_id: id,
            version,
        },
    )
    .await?;
    Ok(())
}

/// Queues the mirror when `kind` is a title ban (an e-mail is not a person the ticketing
/// system knows).
pub async fn queue_mirror_of(
    conn: &mut PgConnection,
    kind: BanKind,
    id: Uuid,
) -> Result<(), sqlx::Error> {
    match kind {
        BanKind::Title => queue_mirror(conn, id).await,
        BanKind::Email => Ok(()),
    }
}

/// Sends title ban `ban_id`, as of change `version`, to the ticketing system.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct MirrorTitleBan {
    pub ban_id: Uuid,
    pub version: i32,
}

/// The reference to our ban in the ticketing system's reason.
fn reference(id: Uuid) -> String {
    format!("rif. {id}")
}

impl Job for MirrorTitleBan {
    const QUEUE: &'static str = "bans::mirror_title";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}@{}", self.ban_id, self.version))
    }

    /// The ban as it is now (a later change's job finds it sent and ends): lifted, the
    /// ticketing system's ban removed; else made (unless found by its reference) or its end
    /// brought up to date. Then recorded as sent.
    #[tracing::instrument(skip_all, fields(ban_id = %self.ban_id, version = self.version))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(ban) = moderation::title_ban_mirror(&mut conn, self.ban_id).await? else {
            return Ok(());
        };
        if ban.sent_version >= ban.version {
            return Ok(());
        }
        let reference = reference(ban.id);
        let known = match ban.planet_ban_id {
            Some(id) => Some(id),
            None => ctx
                .ticketing
                .bans()
                .await
                .map_err(ticketing_error)?
                .into_iter()
                .find(|b| b.reason.contains(&reference))
                .map(|b| b.id as i64),
        };
        let planet_id = if ban.lifted {
            if let Some(id) = known {
                match ctx.ticketing.remove_ban(id as u64).await {
                    Ok(()) => {}
                    // Removed already (a repeat): what we wanted.
                    Err(e) if e.code() == Some("BAN_SCONOSCIUTO") => {}
                    Err(e) => return Err(ticketing_error(e)),
                }
            }
            known
        } else {
            match known {
                Some(id) => {
                    ctx.ticketing
                        .update_ban(id as u64, ban.end_at)
                        .await
                        .map_err(ticketing_error)?;
                    Some(id)
                }
                None => {
                    let person = Person {
                        first_name: ban.first_name.clone(),
                        last_name: ban.last_name.clone(),
                        birth_date: ban.birth_date,
                        sex: String::new(),
                        fiscal_code: String::new(),
                    };
                    let made = ctx
                        .ticketing
                        .add_ban(
                            &person,
                            Some(ban.start_at),
                            ban.end_at,
                            &format!("{} ({reference})", ban.reason),
                        )
                        .await
                        .map_err(ticketing_error)?;
                    Some(made.id as i64)
                }
            }
        };
        moderation::title_ban_mirrored(&mut conn, ban.id, ban.version, planet_id).await?;
        Ok(())
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        _attempt: u32,
        _error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        moderation::title_ban_mirror_failed(&mut conn, self.ban_id).await
    }
}

/// Compares our title bans with the ticketing system's list (utenza-getlistban): a ban we hold
/// in force that it lost is sent again; a ban we lifted that it still has is removed again.
/// Bans of its own (without our reference) are left alone. Returns how many were sent again.
pub async fn reconcile(ctx: &JobContext) -> Result<usize, JobError> {
    let there: std::collections::HashMap<Uuid, u64> = ctx
        .ticketing
        .bans()
        .await
        .map_err(ticketing_error)?
        .into_iter()
        .filter_map(|b| {
            let id = b.reason.rsplit("rif. ").next()?.trim_end_matches(')');
            Some((Uuid::parse_str(id).ok()?, b.id))
        })
        .collect();
    let mut conn = ctx.pool.acquire().await?;
    let mut resent = 0;
    for ban in moderation::settled_title_bans(&mut conn).await? {
        // In step: there exactly when not lifted.
        let present = there.contains_key(&ban.id);
        if present != ban.lifted {
            continue;
        }
        let mut tx = ctx.pool.begin().await?;
        let version = moderation::resend_title_ban(&mut tx, ban.id, present).await?;
        crate::enqueue(
            &mut tx,
            &MirrorTitleBan {
                ban_id: ban.id,
                version,
            },
        )
        .await?;
        tx.commit().await?;
        resent += 1;
    }
    if resent > 0 {
        tracing::warn!(
            resent,
            "title bans out of step with the ticketing system sent again"
        );
    }
    Ok(resent)
}
