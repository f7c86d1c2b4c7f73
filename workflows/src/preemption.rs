//! Pre-emption and renewal jobs (issue 18): a sheet of last season's holders written in
//! batches of 500 with its progress; a renewal phase's seats kept for their holders; and, when
//! the phase ends, the seats nobody renewed released to the next phase in one step.

use crate::{Job, JobContext, JobError};
use domain::preemption::{holders, mailing, phases, renewal};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Imports a sheet of holders (`holders_import`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImportHolders {
    pub import_id: Uuid,
}

impl Job for ImportHolders {
    const QUEUE: &'static str = "preemption::import_holders";
    const MAX_ATTEMPTS: u32 = 5;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.import_id.to_string())
    }

    /// Reads the whole sheet, records its rejected rows, then writes the good ones in batches
    /// of [`holders::BATCH`], each batch a transaction that also moves the progress. A crash
    /// half-way starts again from the first batch: writing a holder twice is a merge.
    #[tracing::instrument(skip_all, fields(import_id = %self.import_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some((label, sheet)) = holders::start_import(&mut conn, self.import_id).await? else {
            return Ok(());
        };
        let rows =
            crate::runtime::off_runtime(move || integrations::sheets::read_rows(&sheet)).await;
        let rows = match rows {
            Ok(rows) => rows,
            Err(e) => {
                holders::finish_import(
                    &mut conn,
                    self.import_id,
                    Some(&format!("unreadable: {e}")),
                )
                .await?;
                return Ok(());
            }
        };
        let (good, bad) = match holders::parse_sheet(&rows) {
            Ok(parsed) => parsed,
            Err(missing) => {
                let error = format!("missing_columns: {}", missing.join(", "));
                holders::finish_import(&mut conn, self.import_id, Some(&error)).await?;
                return Ok(());
            }
        };
        holders::record_rejections(&mut conn, self.import_id, good.len() + bad.len(), &bad).await?;
        drop(conn);
        let good: Vec<holders::HolderRow> = good.into_iter().map(|(_, r)| r).collect();
        // The last batch and the import's end are one transaction: staff never see every row
        // written while the import still says it is running.
        let batches: Vec<&[holders::HolderRow]> = good.chunks(holders::BATCH).collect();
        let last = batches.len().saturating_sub(1);
        if batches.is_empty() {
            let mut conn = ctx.pool.acquire().await?;
            holders::finish_import(&mut conn, self.import_id, None).await?;
        }
        for (i, batch) in batches.into_iter().enumerate() {
            let mut tx = ctx.pool.begin().await?;
            holders::write_batch(&mut tx, self.import_id, &label, batch).await?;
            if i == last {
                holders::finish_import(&mut tx, self.import_id, None).await?;
            }
            tx.commit().await?;
        }
        tracing::info!(
            written = good.len(),
            rejected = bad.len(),
            "holders imported"
        );
        Ok(())
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        _attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        holders::finish_import(&mut conn, self.import_id, Some(error)).await
    }
}

/// Keeps a renewal phase's seats for their holders.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct KeepRenewalSeats {
    pub phase_id: i64,
    /// Distinguishes a staff request to keep again (after a new sheet) from the first.
    pub round: Uuid,
}

impl Job for KeepRenewalSeats {
    const QUEUE: &'static str = "preemption::keep_seats";
    const MAX_ATTEMPTS: u32 = 5;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}:{}", self.phase_id, self.round))
    }

    #[tracing::instrument(skip_all, fields(phase_id = self.phase_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut tx = ctx.pool.begin().await?;
        let report = renewal::keep_seats(&mut tx, self.phase_id).await?;
        tx.commit().await?;
        if let Some(r) = report {
            tracing::info!(
                kept = r.kept,
                not_free = r.not_free,
                without_seat = r.without_seat,
                "renewal seats kept"
            );
        }
        Ok(())
    }
}

/// Releases an ended renewal phase's kept seats (once: the phase is marked released).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ReleaseRenewalSeats {
    pub phase_id: i64,
    /// The phase's end this release is for: a phase moved and ended again is released again.
    pub ends_at: chrono::DateTime<chrono::Utc>,
}

impl Job for ReleaseRenewalSeats {
    const QUEUE: &'static str = "preemption::release_seats";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!(
            "{}:{}",
            self.phase_id,
            self.ends_at.timestamp_micros()
        ))
    }

    #[tracing::instrument(skip_all, fields(phase_id = self.phase_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut tx = ctx.pool.begin().await?;
        let released = renewal::release_phase(&mut tx, self.phase_id).await?;
        tx.commit().await?;
        if let Some(n) = released {
            tracing::info!(seats = n, "renewal phase over: kept seats released");
        }
        Ok(())
    }
}

/// The minutely sweep: a release job for each renewal phase that has ended unreleased.
pub async fn release_ended(ctx: &JobContext) -> Result<usize, sqlx::Error> {
    let mut conn = ctx.pool.acquire().await?;
    let mut queued = 0;
    for id in phases::ended_unreleased(&mut conn).await? {
        let Some(p) = phases::get(&mut conn, id).await? else {
            continue;
        };
        if crate::enqueue(
            &mut conn,
            &ReleaseRenewalSeats {
                phase_id: id,
                ends_at: p.ends_at,
            },
        )
        .await?
        {
            queued += 1;
        }
    }
    Ok(queued)
}

/// Sends a season's renewal codes, one e-mail per holder (`renewal_mailing`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendRenewalCodes {
    pub mailing_id: Uuid,
}

impl Job for SendRenewalCodes {
    const QUEUE: &'static str = "preemption::send_renewal_codes";
    const MAX_ATTEMPTS: u32 = 8;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.mailing_id.to_string())
    }

    /// Batch by batch: the holders still to be sent their code, locked; their e-mails
    /// enqueued, the holders marked sent and the progress moved in one transaction. A crash
    /// half-way resumes with the holders not marked: nobody gets their code twice.
    #[tracing::instrument(skip_all, fields(mailing_id = %self.mailing_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some((season, label, season_name)) = mailing::start(&mut conn, self.mailing_id).await?
        else {
            return Ok(());
        };
        drop(conn);
        let base = ctx.public_base_url.trim_end_matches('/');
        let renew_url = format!("{base}/selectedseasonticket/{season}");
        let mut sent = 0;
        loop {
            let mut tx = ctx.pool.begin().await?;
            let batch = mailing::next_batch(&mut tx, &label).await?;
            if batch.is_empty() {
                break;
            }
            for m in &batch {
                let context = serde_json::json!({
                    "first_name": m.first_name, "last_name": m.last_name, "season": season_name,
                    "code": m.renewal_code, "seat": m.seat_label, "renew_url": renew_url,
                });
                crate::mail::mail_to(
                    &mut tx,
                    &m.email,
                    domain::language::Language::from_code_or_default(&m.language),
                    domain::notifications::MailTemplate::RenewalCode,
                    &context,
                    vec![],
                )
                .await?;
            }
            let ids: Vec<i64> = batch.iter().map(|m| m.holder_id).collect();
            mailing::mark_sent(&mut tx, self.mailing_id, &ids).await?;
            tx.commit().await?;
            sent += ids.len();
        }
        let mut conn = ctx.pool.acquire().await?;
        mailing::finish(&mut conn, self.mailing_id, None).await?;
        tracing::info!(sent, "renewal codes sent");
        Ok(())
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        _attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        mailing::finish(&mut conn, self.mailing_id, Some(error)).await
    }
}
