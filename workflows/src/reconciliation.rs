//! The tickets mismatch report and its reconciliations: the ticketing system's journal of a
//! fixture's event and each of its titles, compared with ours; a stray title there is
//! cancelled there by a job (the only reconciliation that calls the outside world).

use crate::runtime::ticketing_error;
use crate::runtime::{Job, JobContext, JobError};
use domain::reconciliation::{self, Kind, NewMismatch, Ours, side};
use futures::{StreamExt, stream};
use integrations::ticketing::{TicketingError, TitleInfo};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use uuid::Uuid;

/// Title look-ups at once while comparing.
pub const LOOKUPS_AT_ONCE: usize = 16;

/// Compares a fixture's titles with the ticketing system's and stores every divergence.
/// Run again, it compares again from the start and replaces what it found.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RunMismatchReport {
    pub report_id: Uuid,
}

impl Job for RunMismatchReport {
    const QUEUE: &'static str = "issuance::mismatch_report";
    const MAX_ATTEMPTS: u32 = 5;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.report_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(report_id = %self.report_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some((fixture_id, event_id, state)) =
            reconciliation::report_job(&mut conn, self.report_id).await?
        else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no report {}",
                self.report_id
            )));
        };
        if state == domain::build_state::BuildState::Done {
            return Ok(());
        }
        reconciliation::start(&mut conn, self.report_id).await?;
        let ours = reconciliation::titles_here(&mut conn, fixture_id).await?;
        drop(conn);
        let journal = ctx
            .ticketing
            .journal(event_id as u32)
            .await
            .map_err(ticketing_error)?;
        let ids: BTreeSet<u64> = journal.iter().map(|l| l.title_id).collect();
        let lookups: Vec<_> = ids
            .iter()
            .map(|id| Box::pin(ctx.ticketing.title(*id)))
            .collect();
        let theirs: Vec<Result<TitleInfo, TicketingError>> = stream::iter(lookups)
            .buffer_unordered(LOOKUPS_AT_ONCE)
            .collect()
            .await;
        let theirs: Vec<TitleInfo> = theirs
            .into_iter()
            .collect::<Result<_, _>>()
            .map_err(ticketing_error)?;
        let found = compare(&ours, &theirs);
        let mut tx = ctx.pool.begin().await?;
        reconciliation::finish(
            &mut tx,
            self.report_id,
            ours.len() as i32,
            theirs.len() as i32,
            &found,
        )
        .await?;
        tx.commit().await?;
        tracing::info!(divergences = found.len(), "mismatch report done");
        Ok(())
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        _attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        reconciliation::fail(&mut conn, self.report_id, error).await
    }
}

fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

/// Every divergence between our titles and theirs (both of one event).
pub fn compare(ours: &[Ours], theirs: &[TitleInfo]) -> Vec<NewMismatch> {
    let ours_by_id: BTreeMap<i64, &Ours> = ours.iter().map(|o| (o.title_id, o)).collect();
    let theirs_by_id: BTreeMap<i64, &TitleInfo> = theirs.iter().map(|t| (t.id as i64, t)).collect();
    let there_side = |t: &TitleInfo| {
        side(
            t.seat_label.as_deref(),
            &format!("{} {}", t.holder.first_name, t.holder.last_name),
            &t.state,
        )
    };
    let there_holder = |t: &TitleInfo| {
        json!({"first_name": t.holder.first_name, "last_name": t.holder.last_name,
               "birth_date": t.holder.birth_date})
    };
    let mut found = vec![];
    for t in theirs {
        let id = t.id as i64;
        let live_there = t.state != "cancelled";
        let mismatch = |kind: Kind, here: Option<&Ours>| NewMismatch {
            kind,
            title_id: id,
            seal: Some(t.seal.clone()),
            here: here.map(|o| side(Some(&o.label), &o.holder(), &o.state)),
            there: Some(there_side(t)),
            there_seat: t.seat_id.map(i64::from),
            there_holder: Some(there_holder(t)),
        };
        match ours_by_id.get(&id) {
            None if live_there => found.push(mismatch(Kind::UnknownHere, None)),
            None => {}
            Some(o) => {
                let live_here = o.state != "cancelled";
                if live_there && !live_here {
                    found.push(mismatch(Kind::UnknownHere, Some(o)));
                } else if !live_there && live_here {
                    found.push(mismatch(Kind::CancelledThere, Some(o)));
                } else if !live_there {
                    // Cancelled on both sides: they agree.
                } else if o.planet_seat_id.map(i64::from) != t.seat_id.map(i64::from) {
                    found.push(mismatch(Kind::DifferentSeat, Some(o)));
                } else if norm(&o.first_name) != norm(&t.holder.first_name)
                    || norm(&o.last_name) != norm(&t.holder.last_name)
                {
                    found.push(mismatch(Kind::DifferentHolder, Some(o)));
                }
            }
        }
    }
    for o in ours {
        if o.state != "cancelled" && !theirs_by_id.contains_key(&o.title_id) {
            found.push(NewMismatch {
                kind: Kind::MissingThere,
                title_id: o.title_id,
                seal: Some(o.seal.clone()),
                here: Some(side(Some(&o.label), &o.holder(), &o.state)),
                there: None,
                there_seat: None,
                there_holder: None,
            });
        }
    }
    found
}

/// Reconciles a title issued there and not ours: cancels it in the ticketing system, then
/// marks the divergence resolved. Safe to repeat: a title already cancelled counts as done.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct CancelStrayTitle {
    pub mismatch_id: i64,
}

impl Job for CancelStrayTitle {
    const QUEUE: &'static str = "issuance::cancel_stray_title";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.mismatch_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(mismatch_id = self.mismatch_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(m) =
            reconciliation::mismatches(&mut conn, None, None, Some(self.mismatch_id), 0, 1)
                .await?
                .0
                .into_iter()
                .next()
        else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no mismatch {}",
                self.mismatch_id
            )));
        };
        if m.resolved_at.is_some() {
            return Ok(());
        }
        drop(conn);
        match ctx.ticketing.cancel_title(m.title_id as u64).await {
            Ok(_) => {}
            Err(TicketingError::Refused { code, .. }) if code == "TITOLO_NON_ANNULLABILE" => {}
            Err(e) => return Err(ticketing_error(e)),
        }
        let mut conn = ctx.pool.acquire().await?;
        reconciliation::mark_resolved(
            &mut conn,
            self.mismatch_id,
            None,
            "cancelled in the ticketing system",
        )
        .await?;
        Ok(())
    }
}
