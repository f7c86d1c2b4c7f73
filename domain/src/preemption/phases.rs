//! The phases of a sale (issue 18): who may buy a season ticket or a match, from when until
//! when, in which sectors. Staff set them; the ticketing system's pre-emption window is
//! mirrored as one of them. Fans see the current phase and the next.

use crate::ids::{FixtureId, SeasonTicketId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

/// Who a phase lets buy.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum PhaseKind {
    /// Last season's holders renew and keep their seat.
    Renewal,
    /// Last season's holders renew on another seat of their choosing.
    ChangeOfSeat,
    /// Holders of the club's fidelity card (Blu nel Cuore).
    FidelityCard,
    /// Holders of a pre-emption code (the custom list).
    PreemptionCode,
    /// A named group (Como Cup buyers).
    Group,
    /// Everyone.
    FreeSale,
}

impl PhaseKind {
    /// A renewal or a change of seat: last season's holders renew, and the phase keeps their
    /// seats until it ends (a season ticket's phases only).
    pub fn keeps_seats(self) -> bool {
        matches!(self, PhaseKind::Renewal | PhaseKind::ChangeOfSeat)
    }
}

/// What a phase belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseTarget {
    Season(SeasonTicketId),
    Fixture(FixtureId),
}

impl PhaseTarget {
    pub(crate) fn ids(self) -> (Option<i64>, Option<i64>) {
        match self {
            PhaseTarget::Season(s) => (Some(s.0), None),
            PhaseTarget::Fixture(f) => (None, Some(f.0)),
        }
    }
}

/// Who set a phase.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum PhaseSource {
    Staff,
    /// Mirrored from the ticketing system's pre-emption window.
    Ticketing,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Phase {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub season_ticket_id: Option<SeasonTicketId>,
    #[schema(value_type = Option<i64>)]
    pub fixture_id: Option<FixtureId>,
    pub kind: PhaseKind,
    pub name: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// The sectors it opens, comma-separated; empty: every sector.
    pub sectors: String,
    pub source: PhaseSource,
    /// A renewal phase's kept seats were released to the next phase.
    pub released_at: Option<DateTime<Utc>>,
}

impl Phase {
    pub fn is_open(&self, now: DateTime<Utc>) -> bool {
        self.starts_at <= now && now < self.ends_at
    }

    /// Whether the phase opens `sector` (every sector when its list is empty).
    pub fn opens_sector(&self, sector: &str) -> bool {
        let codes = super::sector_codes(&self.sectors);
        codes.is_empty() || codes.contains(&sector.trim().to_uppercase())
    }
}

/// What staff send for a phase.
#[derive(Debug, Clone)]
pub struct NewPhase {
    pub kind: PhaseKind,
    pub name: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub sectors: String,
}

/// Why a phase cannot be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhaseRefusal {
    /// It would end before it starts.
    Dates,
    /// Sector codes the venue does not have.
    UnknownSectors(Vec<String>),
    /// The sector list is longer than 200 characters.
    SectorsTooLong,
    NameTooLong,
    /// A renewal or a change of seat is a season ticket's phase, never a match's.
    RenewalOfAFixture,
}

macro_rules! phase_select {
    ($where:literal, $($arg:expr),*) => {
        sqlx::query_as!(
            Phase,
            r#"select id, season_ticket_id as "season_ticket_id: SeasonTicketId",
                      fixture_id as "fixture_id: FixtureId", kind as "kind: PhaseKind", name,
                      starts_at, ends_at, sectors, source as "source: PhaseSource", released_at
                 from sale_phase where "# + $where,
            $($arg),*
        )
    };
}

/// A target's phases, in order.
pub async fn list(conn: &mut PgConnection, target: PhaseTarget) -> Result<Vec<Phase>, sqlx::Error> {
    let (season, fixture) = target.ids();
    phase_select!(
        "(season_ticket_id = $1 or fixture_id = $2) order by starts_at, id",
        season,
        fixture
    )
    .fetch_all(conn)
    .await
}

pub async fn get(conn: &mut PgConnection, id: i64) -> Result<Option<Phase>, sqlx::Error> {
    phase_select!("id = $1", id).fetch_optional(conn).await
}

/// The renewal and change-of-seat phases that have ended and whose kept seats are still to be
/// released.
pub async fn ended_unreleased(conn: &mut PgConnection) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select id from sale_phase where kind in ('renewal', 'change_of_seat') and released_at is null and ends_at <= now()
          order by id"
    )
    .fetch_all(conn)
    .await
}

/// The current phase (the latest-starting of those open now) and the next one to start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Timeline {
    pub current: Option<Phase>,
    pub next: Option<Phase>,
    pub now: DateTime<Utc>,
}

pub fn timeline(phases: Vec<Phase>, now: DateTime<Utc>) -> Timeline {
    let current = phases
        .iter()
        .filter(|p| p.is_open(now))
        .max_by_key(|p| (p.starts_at, p.id))
        .cloned();
    let next = phases
        .into_iter()
        .filter(|p| p.starts_at > now)
        .min_by_key(|p| (p.starts_at, p.id));
    Timeline { current, next, now }
}

async fn validate(
    conn: &mut PgConnection,
    target: PhaseTarget,
    p: &NewPhase,
) -> Result<Result<(), PhaseRefusal>, sqlx::Error> {
    if p.starts_at >= p.ends_at {
        return Ok(Err(PhaseRefusal::Dates));
    }
    if p.kind.keeps_seats() && matches!(target, PhaseTarget::Fixture(_)) {
        return Ok(Err(PhaseRefusal::RenewalOfAFixture));
    }
    if p.sectors.chars().count() > 200 {
        return Ok(Err(PhaseRefusal::SectorsTooLong));
    }
    if p.name.chars().count() > 80 {
        return Ok(Err(PhaseRefusal::NameTooLong));
    }
    let codes: Vec<String> = super::sector_codes(&p.sectors).into_iter().collect();
    let unknown = sqlx::query_scalar!(
        r#"select c as "c!" from unnest($1::text[]) as c
            where not exists (select 1 from venue_sector s where s.code = c) order by 1"#,
        &codes
    )
    .fetch_all(conn)
    .await?;
    if !unknown.is_empty() {
        return Ok(Err(PhaseRefusal::UnknownSectors(unknown)));
    }
    Ok(Ok(()))
}

fn normalised_sectors(list: &str) -> String {
    super::sector_codes(list)
        .into_iter()
        .collect::<Vec<_>>()
        .join(",")
}

/// Adds a phase set by staff (audited).
pub async fn create(
    conn: &mut PgConnection,
    target: PhaseTarget,
    p: &NewPhase,
    actor: uuid::Uuid,
) -> Result<Result<Phase, PhaseRefusal>, sqlx::Error> {
    if let Err(r) = validate(conn, target, p).await? {
        return Ok(Err(r));
    }
    let (season, fixture) = target.ids();
    let id = sqlx::query_scalar!(
        "insert into sale_phase (season_ticket_id, fixture_id, kind, name, starts_at, ends_at, sectors)
         values ($1, $2, $3, $4, $5, $6, $7) returning id",
        season,
        fixture,
        p.kind as PhaseKind,
        p.name.trim(),
        p.starts_at,
        p.ends_at,
        normalised_sectors(&p.sectors)
    )
    .fetch_one(&mut *conn)
    .await?;
    let phase = get(conn, id).await?.ok_or(sqlx::Error::RowNotFound)?;
    crate::audit::record(
        conn,
        Some(actor),
        "phase.create",
        "sale_phase",
        &id.to_string(),
        serde_json::to_value(&phase).unwrap_or_default(),
    )
    .await?;
    Ok(Ok(phase))
}

/// Changes a phase (audited). A renewal phase moved to end later after its seats were
/// released does not keep them again: its release stands.
pub async fn update(
    conn: &mut PgConnection,
    id: i64,
    p: &NewPhase,
    actor: uuid::Uuid,
) -> Result<Option<Result<Phase, PhaseRefusal>>, sqlx::Error> {
    let Some(current) = get(conn, id).await? else {
        return Ok(None);
    };
    let target = match (current.season_ticket_id, current.fixture_id) {
        (Some(s), _) => PhaseTarget::Season(s),
        (None, Some(f)) => PhaseTarget::Fixture(f),
        (None, None) => return Ok(None),
    };
    if let Err(r) = validate(conn, target, p).await? {
        return Ok(Some(Err(r)));
    }
    let updated = sqlx::query_scalar!(
        "update sale_phase set kind = $2, name = $3, starts_at = $4, ends_at = $5, sectors = $6,
                source = 'staff', updated_at = now()
          where id = $1 returning id",
        id,
        p.kind as PhaseKind,
        p.name.trim(),
        p.starts_at,
        p.ends_at,
        normalised_sectors(&p.sectors)
    )
    .fetch_optional(&mut *conn)
    .await?;
    if updated.is_none() {
        return Ok(None);
    }
    let phase = get(conn, id).await?.ok_or(sqlx::Error::RowNotFound)?;
    crate::audit::record(
        conn,
        Some(actor),
        "phase.update",
        "sale_phase",
        &id.to_string(),
        serde_json::to_value(&phase).unwrap_or_default(),
    )
    .await?;
    Ok(Some(Ok(phase)))
}

/// Removes a phase (audited); a renewal phase's kept seats are freed with it (the caller
/// announces the changes).
pub async fn delete(
    conn: &mut PgConnection,
    id: i64,
    actor: uuid::Uuid,
) -> Result<Option<Vec<crate::inventory::Change>>, sqlx::Error> {
    let Some(phase) = get(conn, id).await? else {
        return Ok(None);
    };
    let changes = super::renewal::release_kept(conn, id).await?;
    sqlx::query!("delete from sale_phase where id = $1", id)
        .execute(&mut *conn)
        .await?;
    crate::audit::record(
        conn,
        Some(actor),
        "phase.delete",
        "sale_phase",
        &id.to_string(),
        serde_json::to_value(&phase).unwrap_or_default(),
    )
    .await?;
    Ok(Some(changes))
}

/// Mirrors the ticketing system's pre-emption window of a season (a renewal phase) or a match
/// (a fidelity-card phase) as the target's one mirrored phase; `None` removes it. A phase
/// staff have edited is theirs from then on and is left alone.
pub async fn mirror(
    conn: &mut PgConnection,
    target: PhaseTarget,
    window: Option<(DateTime<Utc>, DateTime<Utc>, String)>,
) -> Result<(), sqlx::Error> {
    let (season, fixture) = target.ids();
    let kind = match target {
        PhaseTarget::Season(_) => PhaseKind::Renewal,
        PhaseTarget::Fixture(_) => PhaseKind::FidelityCard,
    };
    match window {
        Some((opens, closes, sectors)) if opens < closes => {
            let updated = sqlx::query!(
                "update sale_phase set starts_at = $3, ends_at = $4, sectors = $5, updated_at = now()
                  where source = 'ticketing' and (season_ticket_id = $1 or fixture_id = $2)",
                season,
                fixture,
                opens,
                closes,
                normalised_sectors(&sectors)
            )
            .execute(&mut *conn)
            .await?;
            if updated.rows_affected() == 0 {
                sqlx::query!(
                    "insert into sale_phase (season_ticket_id, fixture_id, kind, name, starts_at, ends_at, sectors, source)
                     values ($1, $2, $3, '', $4, $5, $6, 'ticketing')",
                    season,
                    fixture,
                    kind as PhaseKind,
                    opens,
                    closes,
                    normalised_sectors(&sectors)
                )
                .execute(&mut *conn)
                .await?;
            }
        }
        _ => {
            sqlx::query!(
                "delete from sale_phase where source = 'ticketing' and released_at is null
                    and (season_ticket_id = $1 or fixture_id = $2)
                    and not exists (select 1 from seat_inventory i where i.kept_for_phase = sale_phase.id)",
                season,
                fixture
            )
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

/// A phase's counts, live during the campaign.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct PhaseCounts {
    /// Who may use the phase: a season's holders of its label (renewal), a target's custom
    /// list of rights (the others).
    pub eligible: i64,
    /// Seats kept for their holders now (a renewal phase).
    pub kept: i64,
    /// Rights used: renewals paid in the phase.
    pub used: i64,
    /// Seats sold (paid) during the phase.
    pub sold: i64,
}

pub async fn counts(conn: &mut PgConnection, p: &Phase) -> Result<PhaseCounts, sqlx::Error> {
    let season = p.season_ticket_id.map(|s| s.0);
    let fixture = p.fixture_id.map(|f| f.0);
    let row = sqlx::query!(
        r#"select
             case when $3 in ('renewal', 'change_of_seat') then
                  (select count(*) from season_holder h join season_ticket t on t.label = h.label where t.id = $1)
             else (select count(*) from preemption_code c where c.season_ticket_id = $1 or c.fixture_id = $2)
             end as "eligible!",
             (select count(distinct kept_for_holder) from seat_inventory where kept_for_phase = $4) as "kept!",
             (select count(*) from season_order o where o.season_ticket_id = $1 and o.renewal_holder_id is not null
                 and o.state in ('paid', 'issuing', 'issued') and o.paid_at >= $5 and o.paid_at < $6)
             + (select count(*) from ticket_order o where o.fixture_id = $2 and o.preemption_right is not null
                 and o.state in ('paid', 'issuing', 'issued') and o.paid_at >= $5 and o.paid_at < $6) as "used!",
             (select count(*) from season_order_line l join season_order o on o.order_id = l.order_id
               where o.season_ticket_id = $1 and l.live and o.state in ('paid', 'issuing', 'issued')
                 and o.paid_at >= $5 and o.paid_at < $6)
             + (select count(*) from order_line l join ticket_order o on o.order_id = l.order_id
               where o.fixture_id = $2 and o.payment_status = 1 and o.paid_at >= $5 and o.paid_at < $6) as "sold!""#,
        season,
        fixture,
        p.kind as PhaseKind,
        p.id,
        p.starts_at,
        p.ends_at
    )
    .fetch_one(conn)
    .await?;
    Ok(PhaseCounts {
        eligible: row.eligible,
        kept: row.kept,
        used: row.used,
        sold: row.sold,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn phase(id: i64, kind: PhaseKind, from_h: i64, to_h: i64, sectors: &str) -> Phase {
        let t0: DateTime<Utc> = "2025-07-30T08:00:00Z".parse().unwrap();
        Phase {
            id,
            season_ticket_id: Some(SeasonTicketId(10000)),
            fixture_id: None,
            kind,
            name: String::new(),
            starts_at: t0 + Duration::hours(from_h),
            ends_at: t0 + Duration::hours(to_h),
            sectors: sectors.into(),
            source: PhaseSource::Staff,
            released_at: None,
        }
    }

    #[test]
    fn a_phase_is_open_from_its_start_up_to_but_not_at_its_end() {
        let p = phase(1, PhaseKind::Renewal, 0, 24, "");
        assert!(!p.is_open(p.starts_at - Duration::seconds(1)));
        assert!(p.is_open(p.starts_at));
        assert!(p.is_open(p.ends_at - Duration::seconds(1)));
        assert!(!p.is_open(p.ends_at));
    }

    #[test]
    fn the_current_phase_is_the_latest_started_and_the_next_the_soonest_ahead() {
        let renewal = phase(1, PhaseKind::Renewal, 0, 100, "");
        let cup = phase(2, PhaseKind::Group, 48, 100, "CC");
        let free = phase(3, PhaseKind::FreeSale, 100, 200, "");
        let t0 = renewal.starts_at;
        let at = |h| {
            timeline(
                vec![renewal.clone(), cup.clone(), free.clone()],
                t0 + Duration::hours(h),
            )
        };
        assert_eq!(at(-1).current, None);
        assert_eq!(at(-1).next.map(|p| p.id), Some(1));
        assert_eq!(at(10).current.map(|p| p.id), Some(1));
        assert_eq!(at(10).next.map(|p| p.id), Some(2));
        assert_eq!(at(50).current.map(|p| p.id), Some(2));
        assert_eq!(at(50).next.map(|p| p.id), Some(3));
        assert_eq!(at(100).current.map(|p| p.id), Some(3));
        assert_eq!(at(100).next, None);
        assert_eq!(at(200).current, None);
    }

    #[test]
    fn a_phase_opens_its_listed_sectors_or_every_sector_when_none_is_listed() {
        assert!(phase(1, PhaseKind::Renewal, 0, 1, "").opens_sector("TO"));
        let p = phase(1, PhaseKind::Group, 0, 1, " cc, DI ");
        assert!(p.opens_sector("CC"));
        assert!(p.opens_sector("di"));
        assert!(!p.opens_sector("TO"));
    }
}
