//! Exports (DESIGN.md, workflow 8): each Excel file staff ask for is built by a job, row by
//! row from a database stream into a constant-memory sheet, with its progress recorded as it
//! goes, and kept for download.

use crate::runtime::{Job, JobContext, JobError};
use domain::exports::{self, Kind};
use domain::ids::FixtureId;
use domain::{cards, corporate};
use futures::StreamExt;
use integrations::sheets::{Cell, Column, SheetWriter, WriteError};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// Rows between two progress updates.
const PROGRESS_EVERY: i64 = 2_000;

/// Builds one export. Run again after a crash, it builds the file from the start.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct BuildExport {
    pub export_id: Uuid,
}

impl Job for BuildExport {
    const QUEUE: &'static str = "exports::build";
    const MAX_ATTEMPTS: u32 = 3;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.export_id.to_string())
    }

    #[tracing::instrument(skip_all, fields(export_id = %self.export_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        build(&ctx.pool, self.export_id).await.map(|_| ())
    }

    async fn on_give_up(
        &self,
        ctx: &JobContext,
        _attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut conn = ctx.pool.acquire().await?;
        exports::fail(&mut conn, self.export_id, error).await
    }
}

fn sheet_error(e: WriteError) -> JobError {
    JobError::Permanent(anyhow::anyhow!("the sheet could not be written: {e}"))
}

fn columns(kind: Kind) -> Vec<Column> {
    let c = |header, width| Column { header, width };
    match kind {
        Kind::Tickets => vec![
            c("sigillo_fiscale", 19.0),
            c("partita", 26.0),
            c("inizio", 17.0),
            c("settore", 20.0),
            c("blocco", 8.0),
            c("fila", 6.0),
            c("posto", 6.0),
            c("varco", 10.0),
            c("utilizzatore", 24.0),
            c("data_nascita", 12.0),
            c("email_acquirente", 28.0),
            c("riduzione", 10.0),
            c("prezzo", 10.0),
            c("stato", 10.0),
            c("emesso_il", 17.0),
            c("pagamento", 14.0),
            c("venduto_da_staff", 8.0),
        ],
        Kind::SeasonTickets | Kind::SeasonBacklog => vec![
            c("abbonamento", 28.0),
            c("sigillo_fiscale", 19.0),
            c("collezione", 8.0),
            c("stato_emissione", 10.0),
            c("titoli_emessi", 8.0),
            c("titoli_attesi", 8.0),
            c("settore", 20.0),
            c("blocco", 8.0),
            c("fila", 6.0),
            c("posto", 6.0),
            c("varco", 10.0),
            c("utilizzatore", 24.0),
            c("data_nascita", 12.0),
            c("email_acquirente", 28.0),
            c("riduzione", 10.0),
            c("prezzo", 10.0),
            c("stato_ordine", 10.0),
            c("pagato_il", 17.0),
            c("emesso_il", 17.0),
            c("pagamento", 14.0),
            c("venduto_da_staff", 8.0),
        ],
        Kind::Fixture | Kind::LockedSeats => vec![
            c("posto", 16.0),
            c("settore", 20.0),
            c("blocco", 8.0),
            c("fila", 6.0),
            c("numero", 7.0),
            c("varco", 10.0),
            c("stato", 10.0),
            c("utilizzatore", 24.0),
            c("sigillo_fiscale", 19.0),
            c("prezzo", 10.0),
        ],
        Kind::CustomerConsent => vec![
            c("email", 30.0),
            c("nome", 16.0),
            c("cognome", 16.0),
            c("lingua", 7.0),
            c("registrato_il", 17.0),
            c("ultimo_accesso", 17.0),
            c("marketing", 10.0),
            c("profilazione", 12.0),
            c("terze_parti", 11.0),
        ],
        Kind::CompanyRequests => vec![
            c("azienda", 28.0),
            c("partita_iva", 13.0),
            c("email_azienda", 28.0),
            c("email_utente", 28.0),
            c("referente", 22.0),
            c("telefono", 16.0),
            c("stato", 11.0),
            c("richiesta_il", 17.0),
            c("deciso_da", 24.0),
            c("deciso_il", 17.0),
            c("messaggio", 40.0),
        ],
        Kind::FidelityCards => vec![
            c("numero_tessera", 16.0),
            c("nome", 16.0),
            c("cognome", 16.0),
            c("data_nascita", 12.0),
            c("stato", 11.0),
            c("scadenza", 12.0),
            c("email_account", 30.0),
            c("aggiunta_il", 17.0),
        ],
    }
}

fn yes_no(b: bool) -> Cell {
    Cell::from(if b { "sì" } else { "no" })
}

/// Builds the file of `export_id` and stores it; returns the rows written. Streams rows
/// from one connection while another records progress, so memory does not grow with rows.
pub async fn build(pool: &PgPool, export_id: Uuid) -> Result<i64, JobError> {
    let mut conn = pool.acquire().await?;
    let Some(job) = exports::job(&mut conn, export_id).await? else {
        return Err(JobError::Permanent(anyhow::anyhow!(
            "no export {export_id}"
        )));
    };
    if job.state == domain::build_state::BuildState::Done {
        return Ok(0);
    }
    if job.kind.needs_fixture() && job.fixture_id.is_none() {
        return Err(JobError::Permanent(anyhow::anyhow!(
            "export {export_id} needs a fixture"
        )));
    }
    let total = exports::count(&mut conn, job.kind, job.fixture_id).await?;
    exports::start(&mut conn, export_id, total).await?;
    let mut progress = pool.acquire().await?;
    let mut w = SheetWriter::new("Export", &columns(job.kind)).map_err(sheet_error)?;
    let mut rows: i64 = 0;
    macro_rules! each {
        ($stream:expr, |$r:ident| $cells:expr) => {{
            let mut stream = $stream;
            while let Some($r) = stream.next().await {
                let $r = $r?;
                w.row(&$cells).map_err(sheet_error)?;
                rows += 1;
                if rows % PROGRESS_EVERY == 0 {
                    exports::progress(&mut progress, export_id, rows).await?;
                }
            }
        }};
    }
    match job.kind {
        Kind::Tickets => each!(exports::tickets(&mut conn, job.fixture_id), |r| [
            r.seal.into(),
            r.fixture.into(),
            Cell::Time(r.starts_at),
            r.sector.into(),
            r.block.into(),
            r.row.into(),
            Cell::Int(i64::from(r.number)),
            r.gate.into(),
            r.holder.into(),
            r.birth_date.map_or(Cell::Empty, Cell::Date),
            r.buyer_email.into(),
            r.reduction.into(),
            Cell::Cents(i64::from(r.price_cents)),
            r.state.into(),
            r.issued_at.map_or(Cell::Empty, Cell::Time),
            r.payment_method.as_str().into(),
            yes_no(r.by_staff),
        ]),
        Kind::Fixture | Kind::LockedSeats => {
            let fixture = job.fixture_id.unwrap_or(FixtureId(0));
            each!(
                exports::seats(&mut conn, fixture, job.kind == Kind::LockedSeats),
                |r| [
                    r.label.into(),
                    r.sector.into(),
                    r.block.into(),
                    r.row.into(),
                    Cell::Int(i64::from(r.number)),
                    r.gate.into(),
                    r.state.into(),
                    r.holder.into(),
                    r.seal.into(),
                    r.price_cents
                        .map_or(Cell::Empty, |c| Cell::Cents(i64::from(c))),
                ]
            )
        }
        Kind::SeasonTickets | Kind::SeasonBacklog => each!(
            exports::season_seats(&mut conn, job.kind == Kind::SeasonBacklog),
            |r| [
                r.season.into(),
                r.seal.into(),
                yes_no(r.collection),
                r.queue_status.into(),
                Cell::Int(r.titles_issued),
                Cell::Int(r.titles_expected),
                r.sector.into(),
                r.block.into(),
                r.row.into(),
                Cell::Int(i64::from(r.number)),
                r.gate.into(),
                r.holder.into(),
                r.birth_date.map_or(Cell::Empty, Cell::Date),
                r.buyer_email.into(),
                r.reduction.into(),
                Cell::Cents(r.price_cents.0),
                r.order_state.into(),
                r.paid_at.map_or(Cell::Empty, Cell::Time),
                r.issued_at.map_or(Cell::Empty, Cell::Time),
                r.payment_method.as_str().into(),
                yes_no(r.by_staff),
            ]
        ),
        Kind::CustomerConsent => each!(exports::consents(&mut conn), |r| [
            r.email.into(),
            r.first_name.into(),
            r.last_name.into(),
            r.language.into(),
            Cell::Time(r.created_at),
            r.last_login_at.map_or(Cell::Empty, Cell::Time),
            yes_no(r.marketing),
            yes_no(r.profiling),
            yes_no(r.third_party),
        ]),
        Kind::CompanyRequests => each!(corporate::all(&mut conn), |r| [
            r.company_name.into(),
            r.vat_number.into(),
            r.company_email.into(),
            r.corporate_user_email.into(),
            r.contact_name.into(),
            r.phone.into(),
            Cell::from(r.status.name_it()),
            Cell::Time(r.created_at),
            r.decided_by.into(),
            r.decided_at.map_or(Cell::Empty, Cell::Time),
            r.message.into(),
        ]),
        Kind::FidelityCards => each!(cards::all(&mut conn), |r| [
            r.card_number.into(),
            r.holder_first_name.into(),
            r.holder_last_name.into(),
            Cell::Date(r.holder_birth_date),
            r.card_state.into(),
            r.expires_on.map_or(Cell::Empty, Cell::Date),
            r.user_email.into(),
            Cell::Time(r.created_at),
        ]),
    }
    let content = w.finish().map_err(sheet_error)?;
    exports::finish(&mut progress, export_id, rows, &content).await?;
    tracing::info!(rows, bytes = content.len(), "export built");
    Ok(rows)
}
