//! Phone-wallet passes of titles: what a title's pass shows, the passes handed out, and the
//! job that keeps a pass already on a phone in step with its title.
//!
//! A title passed on, refunded or cancelled marks its pass changed (triggers on the title
//! tables); [`queue_changed`] (every few seconds, from the worker's schedule) queues an
//! [`UpdatePass`] per change; the job records what the pass shows now and tells the phones:
//! an empty push to each Apple device registered for it (which then fetches the pass from our
//! web service, void or up to date) and an update of the Google Wallet object. Pushes and
//! updates are idempotent; a crash or an outage repeats them, never loses them.

use crate::runtime::{Job, JobContext, JobError};
use domain::{
    ids::TransferId,
    orders::{self, TitleState, WalletTicket},
    pass_links::PassTitle,
    season_orders::{self, WalletSeason},
    transfers::{self, ReceivedSeasonMatch},
    wallet_passes,
};
use integrations::passes::{PassTicket, Pushed};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

/// A match ticket as its pass shows it.
pub fn of_ticket(t: &WalletTicket) -> PassTicket {
    PassTicket {
        seal: t.seal.clone(),
        barcode: t.barcode.clone(),
        event: t.fixture.title.clone(),
        competition: t.fixture.competition.clone(),
        starts_at: Some(t.fixture.starts_at),
        sector: t.sector_name.clone(),
        block: t.block_code.clone(),
        row: if t.no_map {
            String::new()
        } else {
            t.row.clone()
        },
        seat: if t.no_map {
            String::new()
        } else {
            t.number.to_string()
        },
        gate: t.gate.clone(),
        holder: t.holder_name.clone(),
        reduction: t.reduction_name.clone(),
        voided: t.state == TitleState::Cancelled,
    }
}

/// A season title (`fixture` none) or a collection's match ticket.
pub fn of_season(s: &WalletSeason, fixture: Option<i64>) -> Option<PassTicket> {
    let base = |seal: &str, barcode: &str, event: &str, starts_at, state: &str| PassTicket {
        seal: seal.to_owned(),
        barcode: barcode.to_owned(),
        event: event.to_owned(),
        competition: s.season_name.clone(),
        starts_at,
        sector: s.sector_name.clone(),
        block: s.block_code.clone(),
        row: s.row.clone(),
        seat: s.number.to_string(),
        gate: s.gate.clone(),
        holder: s.holder_name.trim().to_owned(),
        reduction: s.reduction_name.clone(),
        voided: state == "cancelled",
    };
    match fixture {
        None => {
            let (seal, barcode) = (s.seal.as_deref()?, s.barcode.as_deref().unwrap_or(""));
            let next = s.matches.iter().find(|m| m.state == "valid");
            let cancelled = s.matches.iter().all(|m| m.state == "cancelled");
            Some(base(
                seal,
                barcode,
                &s.season_name,
                next.map(|m| m.starts_at),
                if cancelled { "cancelled" } else { "valid" },
            ))
        }
        Some(f) => {
            let m = s.matches.iter().find(|m| m.fixture_id.0 == f)?;
            Some(base(
                m.seal.as_deref()?,
                m.barcode.as_deref().unwrap_or(""),
                &m.title,
                Some(m.starts_at),
                &m.state,
            ))
        }
    }
}

/// A match ticket received from a season holder as its pass shows it.
pub fn of_received(m: &ReceivedSeasonMatch) -> PassTicket {
    PassTicket {
        seal: m.seal.clone(),
        barcode: m.barcode.clone(),
        event: m.fixture.title.clone(),
        competition: m.season_name.clone(),
        starts_at: Some(m.fixture.starts_at),
        sector: m.sector_name.clone(),
        block: m.block_code.clone(),
        row: if m.no_map {
            String::new()
        } else {
            m.row.clone()
        },
        seat: if m.no_map {
            String::new()
        } else {
            m.number.to_string()
        },
        gate: m.gate.clone(),
        holder: m.holder_name.clone(),
        reduction: m.reduction_name.clone(),
        voided: false,
    }
}

/// The season seat `line`'s title, or its match ticket for `fixture`, of whoever holds it.
async fn season_title(
    conn: &mut PgConnection,
    line: i64,
    fixture: Option<i64>,
) -> Result<Option<PassTicket>, sqlx::Error> {
    let Some(owner) = season_orders::line_owner(conn, line).await? else {
        return Ok(None);
    };
    Ok(season_orders::wallet(conn, owner)
        .await?
        .into_iter()
        .find(|s| s.line_id == line)
        .and_then(|s| of_season(&s, fixture)))
}

/// `title` as its pass shows it now, whoever holds it (its seal may be new: passed on).
pub async fn current(
    conn: &mut PgConnection,
    title: &PassTitle,
) -> Result<Option<PassTicket>, sqlx::Error> {
    Ok(match title {
        PassTitle::Ticket(line) => orders::ticket_of_line(conn, *line)
            .await?
            .map(|t| of_ticket(&t)),
        PassTitle::Season { line, fixture } => season_title(conn, *line, *fixture).await?,
        PassTitle::Received(id) => {
            transfers::received_season_matches(conn, None, Some(TransferId(*id)))
                .await?
                .first()
                .map(of_received)
        }
    })
}

/// What the pass of serial `serial` (a seal) shows now: its title as it is, while the title
/// still has that seal; else (passed on since: a new seal, or gone) what it showed, void.
pub async fn shows_now(
    conn: &mut PgConnection,
    pass: &wallet_passes::WalletPass,
) -> Result<PassTicket, sqlx::Error> {
    let title = PassTitle::from_key(&pass.title);
    let now = match &title {
        Some(t) => current(conn, t).await?,
        None => None,
    };
    Ok(match now {
        Some(t) if t.seal == pass.serial => t,
        _ => {
            let mut shown: PassTicket = serde_json::from_value(pass.shown.clone())
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            shown.voided = true;
            shown
        }
    })
}

/// Records the pass of `title` handed out (showing `t`), so its changes reach the phone.
pub async fn handed_out(
    conn: &mut PgConnection,
    title: &PassTitle,
    t: &PassTicket,
    language: &str,
    google: bool,
) -> Result<(), sqlx::Error> {
    let shown = serde_json::to_value(t).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    wallet_passes::handed_out(conn, &t.seal, &title.key(), language, &shown, google).await
}

/// Queues an [`UpdatePass`] for every pass whose title changed since it was last brought up
/// to date (each change once, whatever the number of workers sweeping). Returns how many.
pub async fn queue_changed(ctx: &JobContext) -> Result<usize, sqlx::Error> {
    let mut conn = ctx.pool.acquire().await?;
    let mut queued = 0;
    for (serial, changed_at) in wallet_passes::changed(&mut conn, 500).await? {
        let job = UpdatePass {
            serial,
            changed_at: changed_at.timestamp_micros(),
        };
        if crate::enqueue(&mut conn, &job).await? {
            queued += 1;
        }
    }
    Ok(queued)
}

/// Brings the pass `serial` up to date with its title after the change of `changed_at`
/// (microseconds) and tells the phones that hold it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct UpdatePass {
    pub serial: String,
    pub changed_at: i64,
}

fn update_error(e: integrations::passes::UpdateError) -> JobError {
    if e.is_retryable() {
        JobError::Retryable(e.into())
    } else {
        JobError::Permanent(e.into())
    }
}

impl Job for UpdatePass {
    const QUEUE: &'static str = "passes::update";
    const MAX_ATTEMPTS: u32 = 12;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}@{}", self.serial, self.changed_at))
    }

    /// Under the pass's lock: what it shows now, recorded (a new update time when it
    /// differs). Then, while the phones have not been told of that update: a push to each
    /// registered Apple device (a device APNs no longer knows is forgotten) and the Google
    /// Wallet object updated (none: the fan never saved it); then marked told. A repeat after
    /// a crash or an outage tells them again, which is harmless.
    #[tracing::instrument(skip_all, fields(serial = %self.serial))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let changed_at = chrono::DateTime::from_timestamp_micros(self.changed_at)
            .ok_or_else(|| JobError::Permanent(anyhow::anyhow!("bad change time")))?;
        let mut tx = ctx.pool.begin().await?;
        let Some(pass) = wallet_passes::lock(&mut tx, &self.serial).await? else {
            return Ok(());
        };
        let now = shows_now(&mut tx, &pass).await?;
        let shown = serde_json::to_value(&now).map_err(|e| JobError::Permanent(e.into()))?;
        let untold =
            wallet_passes::brought_up_to_date(&mut tx, &self.serial, &shown, changed_at).await?;
        tx.commit().await?;
        let Some(updated_at) = untold else {
            return Ok(());
        };
        let mut conn = ctx.pool.acquire().await?;
        for token in wallet_passes::push_tokens(&mut conn, &self.serial).await? {
            match ctx
                .pass_updates
                .push_apple(&token)
                .await
                .map_err(update_error)?
            {
                Pushed::Delivered => {}
                Pushed::Unregistered => {
                    wallet_passes::forget_push_token(&mut conn, &token).await?;
                }
            }
        }
        if pass.google {
            let found = ctx
                .pass_updates
                .update_google(&now)
                .await
                .map_err(update_error)?;
            tracing::info!(found, voided = now.voided, "Google Wallet object updated");
        }
        wallet_passes::notified(&mut conn, &self.serial, updated_at).await?;
        tracing::info!(voided = now.voided, "pass brought up to date");
        Ok(())
    }
}
