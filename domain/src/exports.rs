//! Excel exports (spec: export-to-excel, fixture-export-to-excel,
//! customer-consent-export-to-excel, download-excel-locked-sector,
//! company-request-export-to-excel, fidelity-card-export-to-excel): staff ask for one, a job
//! builds it row by row from these streams, and the file is kept for download until it
//! expires.

use crate::ids::FixtureId;
use crate::money::Cents;
use chrono::{DateTime, NaiveDate, Utc};
use futures::{StreamExt, stream::BoxStream};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::build_state::BuildState;
use crate::orders::PaymentMethod;

/// What can be exported (text with a CHECK of the same values).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
#[schema(as = ExportKind)]
pub enum Kind {
    /// The issued tickets, of one fixture or all.
    Tickets,
    /// Every seat of one fixture with its state.
    Fixture,
    /// Every account's consents (spec: /admin/customer_reports/consent).
    CustomerConsent,
    /// The seats staff locked on one fixture.
    LockedSeats,
    /// Every corporate request (spec: company-request-export-to-excel).
    CompanyRequests,
    /// Every supporter card with its account (spec: fidelity-card-export-to-excel).
    FidelityCards,
    /// Every season seat sold, with its title or its collection's progress (the spec's
    /// season issued list, to Excel).
    SeasonTickets,
    /// The collections still waiting for match titles (the spec's season backlog).
    SeasonBacklog,
}

impl Kind {
    pub fn parse(s: &str) -> Option<Kind> {
        match s {
            "tickets" => Some(Kind::Tickets),
            "fixture" => Some(Kind::Fixture),
            "customer_consent" => Some(Kind::CustomerConsent),
            "locked_seats" => Some(Kind::LockedSeats),
            "company_requests" => Some(Kind::CompanyRequests),
            "fidelity_cards" => Some(Kind::FidelityCards),
            "season_tickets" => Some(Kind::SeasonTickets),
            "season_backlog" => Some(Kind::SeasonBacklog),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Tickets => "tickets",
            Kind::Fixture => "fixture",
            Kind::CustomerConsent => "customer_consent",
            Kind::LockedSeats => "locked_seats",
            Kind::CompanyRequests => "company_requests",
            Kind::FidelityCards => "fidelity_cards",
            Kind::SeasonTickets => "season_tickets",
            Kind::SeasonBacklog => "season_backlog",
        }
    }

    /// Whether it is about one fixture (which must then be given).
    pub fn needs_fixture(self) -> bool {
        matches!(self, Kind::Fixture | Kind::LockedSeats)
    }

    /// The file's name on a day.
    pub fn file_name(self, day: NaiveDate) -> String {
        let stem = match self {
            Kind::Tickets => "biglietti",
            Kind::Fixture => "partita",
            Kind::CustomerConsent => "consensi-clienti",
            Kind::LockedSeats => "posti-bloccati",
            Kind::CompanyRequests => "richieste-aziende",
            Kind::FidelityCards => "tessere-tifoso",
            Kind::SeasonTickets => "abbonamenti",
            Kind::SeasonBacklog => "abbonamenti-in-attesa",
        };
        format!("{stem}-{}.xlsx", day.format("%Y-%m-%d"))
    }
}

/// An export as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Export {
    pub id: Uuid,
    pub kind: Kind,
    #[schema(value_type = Option<i64>)]
    pub fixture_id: Option<FixtureId>,
    pub fixture_title: Option<String>,
    pub state: BuildState,
    pub rows_total: Option<i64>,
    pub rows_done: i64,
    pub progress: i64,
    pub file_name: String,
    pub size_bytes: Option<i64>,
    pub error: Option<String>,
    pub requested_by: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub expires_at: DateTime<Utc>,
}

/// Records a requested export, kept until `keep` after now.
pub async fn create(
    conn: &mut PgConnection,
    kind: Kind,
    fixture_id: Option<FixtureId>,
    staff: Uuid,
    keep: std::time::Duration,
) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into export_file (export_id, kind, fixture_id, requested_by, file_name, expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))",
        id,
        kind as Kind,
        fixture_id.map(|i| i.0),
        staff,
        kind.file_name(Utc::now().date_naive()),
        keep.as_secs_f64()
    )
    .execute(conn)
    .await?;
    Ok(id)
}

/// Filters of the export list.
#[derive(Debug, Clone, Default)]
pub struct ExportQuery {
    pub kind: Option<Kind>,
    pub state: Option<BuildState>,
    pub offset: i64,
    pub limit: i64,
}

/// Exports not yet expired, newest first, with the total; or the one `id` (expired too).
pub async fn list(
    conn: &mut PgConnection,
    q: &ExportQuery,
    id: Option<Uuid>,
) -> Result<(Vec<Export>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select e.export_id, e.kind as "kind: Kind", e.fixture_id, f.title as "fixture_title?", e.state as "state: BuildState",
                  e.rows_total, e.rows_done, e.file_name, length(e.content)::bigint as size_bytes,
                  e.error, u.email as requested_by, e.created_at, e.finished_at, e.expires_at,
                  count(*) over () as "full_count!"
             from export_file e
             join app_user u on u.user_id = e.requested_by
             left join fixture f on f.id = e.fixture_id
            where ($1::uuid is null and e.expires_at > now() or e.export_id = $1)
              and ($2::text is null or e.kind = $2)
              and ($3::text is null or e.state = $3)
            order by e.created_at desc
           offset $4 limit $5"#,
        id,
        q.kind as Option<Kind>,
        q.state as Option<BuildState>,
        if id.is_some() { 0 } else { q.offset },
        if id.is_some() { 1 } else { q.limit }
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    let exports = rows
        .into_iter()
        .map(|r| Export {
            id: r.export_id,
            kind: r.kind,
            fixture_id: r.fixture_id.map(FixtureId),
            fixture_title: r.fixture_title,
            progress: match (r.state, r.rows_total) {
                (BuildState::Done, _) => 100,
                (_, Some(t)) if t > 0 => (r.rows_done * 100 / t).min(99),
                _ => 0,
            },
            state: r.state,
            rows_total: r.rows_total,
            rows_done: r.rows_done,
            file_name: r.file_name,
            size_bytes: r.size_bytes,
            error: r.error,
            requested_by: r.requested_by,
            created_at: r.created_at,
            finished_at: r.finished_at,
            expires_at: r.expires_at,
        })
        .collect();
    Ok((exports, total))
}

/// What the job needs to build an export.
#[derive(Debug, Clone)]
pub struct Job {
    pub kind: Kind,
    pub fixture_id: Option<FixtureId>,
    pub state: BuildState,
}

/// The export's kind, fixture and state.
pub async fn job(conn: &mut PgConnection, id: Uuid) -> Result<Option<Job>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select kind as "kind: Kind", fixture_id, state as "state: BuildState" from export_file where export_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| Job {
        kind: r.kind,
        fixture_id: r.fixture_id.map(FixtureId),
        state: r.state,
    }))
}

/// The build starts (again, after a crash): `total` rows to write.
pub async fn start(conn: &mut PgConnection, id: Uuid, total: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update export_file set state = $3, rows_total = $2, rows_done = 0, error = null
          where export_id = $1 and state in ($4, $5, $6)",
        id,
        total,
        BuildState::Running as BuildState,
        BuildState::Queued as BuildState,
        BuildState::Running as BuildState,
        BuildState::Failed as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Rows written so far.
pub async fn progress(conn: &mut PgConnection, id: Uuid, done: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update export_file set rows_done = $2 where export_id = $1 and state = $3",
        id,
        done,
        BuildState::Running as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The file is built.
pub async fn finish(
    conn: &mut PgConnection,
    id: Uuid,
    rows: i64,
    content: &[u8],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update export_file set state = $4, rows_done = $2, rows_total = $2, content = $3,
                finished_at = now()
          where export_id = $1 and state = $5",
        id,
        rows,
        content,
        BuildState::Done as BuildState,
        BuildState::Running as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The build gave up.
pub async fn fail(conn: &mut PgConnection, id: Uuid, error: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update export_file set state = $3, error = $2, finished_at = now()
          where export_id = $1 and state <> $4",
        id,
        error,
        BuildState::Failed as BuildState,
        BuildState::Done as BuildState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// An export's file: (name, state, content when built, whether it has expired); `None` when
/// unknown.
pub async fn file(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<(String, BuildState, Option<Vec<u8>>, bool)>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"select file_name, state as "state: BuildState", content, expires_at <= now() as "expired!"
             from export_file where export_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await?
    .map(|r| (r.file_name, r.state, r.content, r.expired)))
}

/// Forgets expired exports (housekeeping). Returns how many.
pub async fn prune_expired(conn: &mut PgConnection) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query!("delete from export_file where expires_at <= now()")
            .execute(conn)
            .await?
            .rows_affected(),
    )
}

/// Rows an export will write.
pub async fn count(
    conn: &mut PgConnection,
    kind: Kind,
    fixture_id: Option<FixtureId>,
) -> Result<i64, sqlx::Error> {
    let n = match kind {
        Kind::Tickets => sqlx::query_scalar!(
            r#"select count(*) as "n!" from order_line
                where title_id is not null and ($1::bigint is null or fixture_id = $1)"#,
            fixture_id.map(|i| i.0)
        )
        .fetch_one(conn)
        .await?,
        Kind::Fixture => sqlx::query_scalar!(
            r#"select count(*) as "n!" from seat_inventory where fixture_id = $1"#,
            fixture_id.map(|i| i.0)
        )
        .fetch_one(conn)
        .await?,
        Kind::CustomerConsent => {
            sqlx::query_scalar!(r#"select count(*) as "n!" from app_user"#)
                .fetch_one(conn)
                .await?
        }
        Kind::LockedSeats => sqlx::query_scalar!(
            r#"select count(*) as "n!" from seat_inventory where fixture_id = $1 and state = 'locked'"#,
            fixture_id.map(|i| i.0)
        )
        .fetch_one(conn)
        .await?,
        Kind::CompanyRequests => crate::corporate::count(conn).await?,
        Kind::FidelityCards => crate::cards::count(conn).await?,
        Kind::SeasonTickets => sqlx::query_scalar!(
            r#"select count(*) as "n!" from season_order_line l
                 join season_order o on o.order_id = l.order_id
                where l.live and o.payment_status = 1"#
        )
        .fetch_one(conn)
        .await?,
        Kind::SeasonBacklog => sqlx::query_scalar!(
            r#"select count(*) as "n!" from season_order_line l
                 join season_order o on o.order_id = l.order_id
                where l.live and o.payment_status = 1 and l.issue_queue_status = 'PENDING'"#
        )
        .fetch_one(conn)
        .await?,
    };
    Ok(n)
}

/// An issued ticket's row.
#[derive(Debug, Clone)]
pub struct TicketRow {
    pub seal: String,
    pub fixture: String,
    pub starts_at: DateTime<Utc>,
    pub sector: String,
    pub block: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder: String,
    pub birth_date: Option<NaiveDate>,
    pub buyer_email: String,
    pub reduction: String,
    pub price_cents: Cents,
    pub state: String,
    pub issued_at: Option<DateTime<Utc>>,
    pub payment_method: PaymentMethod,
    pub by_staff: bool,
}

/// The issued tickets, of one fixture or all, by fixture and seat.
pub fn tickets(
    conn: &mut PgConnection,
    fixture_id: Option<FixtureId>,
) -> BoxStream<'_, Result<TicketRow, sqlx::Error>> {
    sqlx::query_as!(
        TicketRow,
        r#"select l.seal as "seal!", f.title as fixture, f.starts_at, sec.name as sector,
                  b.code as block, s.row_label as row, s.number, b.gate,
                  coalesce(l.holder_first_name || ' ' || l.holder_last_name, '') as "holder!",
                  l.holder_birth_date as birth_date, o.buyer_email, r.code as reduction,
                  l.price_cents as "price_cents: Cents", coalesce(l.title_state, 'valid') as "state!", l.issued_at,
                  o.payment_method as "payment_method: PaymentMethod", o.is_order_by_admin as by_staff
             from order_line l
             join ticket_order o on o.order_id = l.order_id
             join fixture f on f.id = l.fixture_id
             join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id
             join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where l.title_id is not null and ($1::bigint is null or l.fixture_id = $1)
            order by f.starts_at, l.fixture_id, s.id"#,
        fixture_id.map(|i| i.0)
    )
    .fetch(conn)
    .boxed()
}

/// A season seat sold: its season title, or its collection's match titles so far.
#[derive(Debug, Clone)]
pub struct SeasonSeatRow {
    pub season: String,
    /// The season title's seal (none for a collection, or before issue).
    pub seal: Option<String>,
    pub collection: bool,
    /// COMPLETE, or PENDING while a collection waits for match titles.
    pub queue_status: String,
    pub titles_issued: i64,
    pub titles_expected: i64,
    pub sector: String,
    pub block: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder: String,
    pub birth_date: Option<NaiveDate>,
    pub buyer_email: String,
    pub reduction: String,
    pub price_cents: Cents,
    pub order_state: String,
    pub paid_at: Option<DateTime<Utc>>,
    pub issued_at: Option<DateTime<Utc>>,
    pub payment_method: PaymentMethod,
    pub by_staff: bool,
}

/// The season seats of paid orders (every one, or the PENDING collections only), by
/// payment then seat.
pub fn season_seats(
    conn: &mut PgConnection,
    pending_only: bool,
) -> BoxStream<'_, Result<SeasonSeatRow, sqlx::Error>> {
    sqlx::query_as!(
        SeasonSeatRow,
        r#"select t.name as season, l.seal, l.is_collection as collection,
                  l.issue_queue_status as queue_status,
                  case when l.is_collection
                       then (select count(*) from season_match_title m where m.line_id = l.line_id)
                       else (l.title_id is not null)::int end as "titles_issued!",
                  case when l.is_collection
                       then (select count(*) from season_ticket_fixture c where c.season_ticket_id = l.season_ticket_id)
                       else 1 end as "titles_expected!",
                  sec.name as sector, b.code as block, s.row_label as row, s.number, b.gate,
                  coalesce(l.holder_first_name || ' ' || l.holder_last_name, '') as "holder!",
                  l.holder_birth_date as birth_date, o.buyer_email, r.code as reduction,
                  l.price_cents as "price_cents: Cents", o.state as order_state, o.paid_at, l.issued_at,
                  o.payment_method as "payment_method: PaymentMethod", o.sold_by is not null as "by_staff!"
             from season_order_line l
             join season_order o on o.order_id = l.order_id
             join season_ticket t on t.id = l.season_ticket_id
             join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id
             join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where l.live and o.payment_status = 1
              and (not $1 or l.issue_queue_status = 'PENDING')
            order by o.paid_at, l.line_id"#,
        pending_only
    )
    .fetch(conn)
    .boxed()
}

/// A seat of a fixture, with what holds it.
#[derive(Debug, Clone)]
pub struct SeatRow {
    pub label: String,
    pub sector: String,
    pub block: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub state: String,
    pub holder: Option<String>,
    pub seal: Option<String>,
    pub price_cents: Option<Cents>,
}

/// Every seat of a fixture (or only the locked ones) in venue order.
pub fn seats(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    locked_only: bool,
) -> BoxStream<'_, Result<SeatRow, sqlx::Error>> {
    sqlx::query_as!(
        SeatRow,
        r#"select s.label, sec.name as sector, b.code as block, s.row_label as row, s.number,
                  b.gate, i.state::text as "state!",
                  l.holder_first_name || ' ' || l.holder_last_name as holder,
                  l.seal as "seal?", l.price_cents as "price_cents?: Cents"
             from seat_inventory i
             join venue_seat s on s.id = i.seat_id
             join venue_block b on b.id = i.block_id
             join venue_sector sec on sec.code = b.sector_code
             left join order_line l on l.fixture_id = i.fixture_id and l.seat_id = i.seat_id and l.live
            where i.fixture_id = $1 and (not $2 or i.state = 'locked')
            order by s.id"#,
        fixture_id.0,
        locked_only
    )
    .fetch(conn)
    .boxed()
}

/// An account's consents.
#[derive(Debug, Clone)]
pub struct ConsentRow {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub language: String,
    pub created_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
    pub marketing: bool,
    pub profiling: bool,
    pub third_party: bool,
}

/// Every account's consents, by e-mail.
pub fn consents(conn: &mut PgConnection) -> BoxStream<'_, Result<ConsentRow, sqlx::Error>> {
    sqlx::query_as!(
        ConsentRow,
        r#"select email, first_name, last_name, language, created_at, last_login_at,
                  marketing_consent as marketing, profiling_consent as profiling,
                  third_party_consent as third_party
             from app_user order by email"#
    )
    .fetch(conn)
    .boxed()
}
