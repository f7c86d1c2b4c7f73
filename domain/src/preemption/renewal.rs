//! Renewal (issue 18): during a season's renewal phase, last season's holders keep their seat
//! (locked in every covered match for them, found through their renewal code's seat) and
//! renew it with their previous season ticket's fiscal seal; when the phase ends, the seats
//! nobody renewed are released to the next phase in one statement. In a change-of-seat phase
//! the holders who have not renewed renew on another seat of their choosing, kept for them
//! while they pay and released, as a renewal phase's, when the phase ends.

use super::phases::{self, Phase, PhaseKind, PhaseTarget};
use super::{Claim, HolderField, SeasonHolder, match_holder};
use crate::ids::{BlockId, FixtureId, SeasonOrderId, SeasonTicketId, SeatId};
use crate::inventory::{self, Change, SeatState};
use chrono::Utc;
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// What keeping a renewal phase's seats did.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct KeepReport {
    /// Holders whose seat is now kept for them (or already was).
    pub kept: i64,
    /// Holders with a renewal code whose seat was taken in some covered match.
    pub not_free: i64,
    /// Holders of the label without a renewal code in the code table.
    pub without_seat: i64,
}

/// Keeps, for each holder of the season's label whose renewal code maps to a seat, that seat
/// in every covered match: locked for them until the phase ends. Only seats free in every
/// match are kept, whole; a holder who has renewed is skipped. Idempotent. Announces the
/// changes.
pub async fn keep_seats(
    conn: &mut PgConnection,
    phase_id: i64,
) -> Result<Option<KeepReport>, sqlx::Error> {
    let Some(phase) = phases::get(conn, phase_id).await? else {
        return Ok(None);
    };
    let Some(season) = phase
        .season_ticket_id
        .filter(|_| phase.kind == PhaseKind::Renewal && phase.released_at.is_none())
    else {
        return Ok(None);
    };
    let fixtures: Vec<i64> = sqlx::query_scalar!(
        "select fixture_id from season_ticket_fixture where season_ticket_id = $1 order by fixture_id",
        season.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let rows = sqlx::query!(
        r#"with holder as (
             select distinct on (c.seat_id) h.id as holder_id, c.seat_id
               from season_holder h
               join season_ticket t on t.id = $1 and t.label = h.label
               join renewal_seat_code c on c.code = h.renewal_code
              where not exists (select 1 from season_order o where o.renewal_holder_id = h.id
                                   and o.season_ticket_id = $1 and o.state in ('paid', 'issuing', 'issued'))
              order by c.seat_id, h.id
           ), free as (
             select holder.holder_id, holder.seat_id from holder
               join seat_inventory i on i.seat_id = holder.seat_id and i.fixture_id = any($2)
              where i.state = 'free' or (i.state = 'locked' and i.kept_for_holder = holder.holder_id)
              group by holder.holder_id, holder.seat_id
             having count(*) = cardinality($2)
           ), locked as (
             select i.fixture_id, i.seat_id, free.holder_id from seat_inventory i
               join free on free.seat_id = i.seat_id
              where i.fixture_id = any($2) and i.state = 'free'
              order by i.fixture_id, i.seat_id for update of i
           )
           -- One join, on the primary key: joining a second CTE here made the planner loop
           -- over both (93 s for 6,700 seats in 19 matches).
           update seat_inventory s set state = 'locked', kept_for_holder = locked.holder_id,
                  kept_for_phase = $3, updated_at = now()
             from locked
            where s.fixture_id = locked.fixture_id and s.seat_id = locked.seat_id and s.state = 'free'
        returning s.fixture_id as "fixture_id: FixtureId", s.block_id as "block_id: BlockId",
                  s.seat_id as "seat_id: SeatId""#,
        season.0,
        &fixtures,
        phase_id
    )
    .fetch_all(&mut *conn)
    .await?;
    let changes: Vec<Change> = rows
        .into_iter()
        .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Locked))
        .collect();
    inventory::notify(conn, &changes).await?;
    let counts = sqlx::query!(
        r#"select count(*) filter (where c.code is not null and exists (
                      select 1 from seat_inventory i where i.kept_for_holder = h.id and i.kept_for_phase = $2)) as "kept!",
                  count(*) filter (where c.code is not null and not exists (
                      select 1 from seat_inventory i where i.kept_for_holder = h.id and i.kept_for_phase = $2)) as "not_free!",
                  count(*) filter (where c.code is null) as "without_seat!"
             from season_holder h join season_ticket t on t.id = $1 and t.label = h.label
             left join renewal_seat_code c on c.code = h.renewal_code"#,
        season.0,
        phase_id
    )
    .fetch_one(conn)
    .await?;
    Ok(Some(KeepReport {
        kept: counts.kept,
        not_free: counts.not_free,
        without_seat: counts.without_seat,
    }))
}

/// Frees the seats a phase still keeps (nobody renewed them), in one statement. Returns the
/// changes for the caller to announce.
pub async fn release_kept(
    conn: &mut PgConnection,
    phase_id: i64,
) -> Result<Vec<Change>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"update seat_inventory set state = 'free', kept_for_holder = null, kept_for_phase = null, updated_at = now()
            where kept_for_phase = $1 and state = 'locked'
        returning fixture_id as "fixture_id: FixtureId", block_id as "block_id: BlockId", seat_id as "seat_id: SeatId""#,
        phase_id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Free))
        .collect())
}

/// The release at a renewal (or change-of-seat) phase's end: its kept seats freed and the phase marked released,
/// once; the seat maps hear of it. `None` when the phase is gone, not over or released.
pub async fn release_phase(
    conn: &mut PgConnection,
    phase_id: i64,
) -> Result<Option<usize>, sqlx::Error> {
    let marked = sqlx::query_scalar!(
        "update sale_phase set released_at = now() where id = $1 and kind in ('renewal', 'change_of_seat')
            and released_at is null and ends_at <= now() returning id",
        phase_id
    )
    .fetch_optional(&mut *conn)
    .await?;
    if marked.is_none() {
        return Ok(None);
    }
    let changes = release_kept(conn, phase_id).await?;
    inventory::notify(conn, &changes).await?;
    Ok(Some(changes.len()))
}

/// Why a renewal is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenewalRefusal {
    /// No renewal phase is open for the season now: the current and next phases.
    NoRenewalPhase(Box<phases::Timeline>),
    /// No holder of the season's label has this fiscal seal (or renewal code).
    NotFound,
    /// The claim does not match the holder's record: the first field that differs.
    Mismatch(HolderField),
    /// The holder has renewed already.
    AlreadyRenewed,
    /// A change of seat without a seat.
    SeatRequired,
    /// A seat asked for outside a change-of-seat phase.
    ChangeOfSeatNotOpen,
    /// The chosen seat is not free in every covered match.
    SeatNotFree,
    /// The phase does not open the chosen seat's sector (or the seat does not exist).
    SeatNotInPhase,
    /// Someone is paying for this renewal now.
    InProgress,
    /// No seat is kept for the holder (their code has no seat, or it was taken).
    NoKeptSeat,
    /// The fan has renewed as many season tickets as they may: their buyer's quota (the
    /// holder records naming them as buyer with Promozioni2 = SEASON), at least one.
    Quota(usize),
}

/// The renewal or change-of-seat phase open now for a season, or the timeline that says why
/// none is.
pub async fn open_renewal(
    conn: &mut PgConnection,
    season: SeasonTicketId,
) -> Result<Result<Phase, phases::Timeline>, sqlx::Error> {
    let all = phases::list(conn, PhaseTarget::Season(season)).await?;
    let t = phases::timeline(all, Utc::now());
    match &t.current {
        Some(p) if p.kind.keeps_seats() => Ok(Ok(p.clone())),
        _ => Ok(Err(t)),
    }
}

/// A renewal under way: the order and the holder it renews.
#[derive(Debug, Clone)]
pub struct Renewal {
    pub order_id: SeasonOrderId,
    pub holder_id: i64,
    pub seat_id: SeatId,
}

/// `user` renews a season ticket for its previous holder: a renewal (or change-of-seat) phase
/// is open, the right (a fiscal seal, or the renewal code) names a holder of the season's
/// label, the claim matches the record, the holder has not renewed, and their seat is kept (a
/// renewal) or the seat they chose is free in every covered match and in the phase's sectors
/// (a change of seat: it is then kept for them, and any other seat the phase kept for them is
/// freed). The result is a pending season order on the seat, at the season's full price, its
/// holder named from the record; it is paid as any season order. A fan's earlier unpaid
/// renewal of the same holder is replaced; another fan's, unexpired, wins (`InProgress`). Run
/// in a transaction, rolled back on a refusal.
#[allow(clippy::too_many_arguments)]
pub async fn renew(
    conn: &mut PgConnection,
    season: SeasonTicketId,
    user: Uuid,
    buyer_email: &str,
    language: &str,
    right: &str,
    claim: &Claim<'_>,
    chosen: Option<SeatId>,
) -> Result<Result<Renewal, RenewalRefusal>, sqlx::Error> {
    let phase = match open_renewal(conn, season).await? {
        Ok(p) => p,
        Err(t) => return Ok(Err(RenewalRefusal::NoRenewalPhase(Box::new(t)))),
    };
    match (phase.kind, chosen) {
        (PhaseKind::Renewal, Some(_)) => return Ok(Err(RenewalRefusal::ChangeOfSeatNotOpen)),
        (PhaseKind::ChangeOfSeat, None) => return Ok(Err(RenewalRefusal::SeatRequired)),
        _ => {}
    }
    let label = sqlx::query_scalar!("select label from season_ticket where id = $1", season.0)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(label) = label else {
        return Ok(Err(RenewalRefusal::NotFound));
    };
    // The holder's row locked: two renewals of one holder are taken one after the other.
    let Some((holder_id, record)) = super::holder_by_right(conn, Some(&label), right).await? else {
        return Ok(Err(RenewalRefusal::NotFound));
    };
    if let Err(field) = match_holder(&record, claim) {
        return Ok(Err(RenewalRefusal::Mismatch(field)));
    }
    let live = sqlx::query!(
        r#"select order_id, user_id, state as "state: crate::orders::OrderState",
                  coalesce(hold_expires_at > now(), false) as "unexpired!"
             from season_order where season_ticket_id = $1 and renewal_holder_id = $2
              and state in ('pending', 'paid', 'issuing', 'issued')"#,
        season.0,
        holder_id
    )
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(o) = live {
        use crate::orders::OrderState;
        if o.state != OrderState::Pending {
            return Ok(Err(RenewalRefusal::AlreadyRenewed));
        }
        if o.user_id != user && o.unexpired {
            return Ok(Err(RenewalRefusal::InProgress));
        }
        crate::season_orders::cancel_stale(conn, SeasonOrderId(o.order_id)).await?;
    }
    let quota = renewal_quota(conn, &label, user).await?;
    let others = sqlx::query_scalar!(
        r#"select count(*) as "n!" from season_order where season_ticket_id = $1 and user_id = $2
             and renewal_holder_id is not null and renewal_holder_id <> $3
             and state in ('pending', 'paid', 'issuing', 'issued')"#,
        season.0,
        user,
        holder_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if others as usize >= quota {
        return Ok(Err(RenewalRefusal::Quota(quota)));
    }
    let fixtures: Vec<i64> = sqlx::query_scalar!(
        "select fixture_id from season_ticket_fixture where season_ticket_id = $1",
        season.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let seat = match chosen {
        Some(seat) => match keep_chosen_seat(conn, &phase, holder_id, seat, &fixtures).await? {
            Ok(()) => seat,
            Err(refusal) => return Ok(Err(refusal)),
        },
        None => {
            let kept = sqlx::query!(
                r#"select seat_id as "seat_id: SeatId", count(*) as "n!" from seat_inventory
                    where kept_for_holder = $1 and kept_for_phase = $2 and fixture_id = any($3) and state = 'locked'
                    group by seat_id"#,
                holder_id,
                phase.id,
                &fixtures
            )
            .fetch_all(&mut *conn)
            .await?;
            let Some(seat) = kept
                .iter()
                .find(|k| k.n == fixtures.len() as i64)
                .map(|k| k.seat_id)
            else {
                return Ok(Err(RenewalRefusal::NoKeptSeat));
            };
            seat
        }
    };
    let order_id = crate::season_orders::create_renewal(
        conn,
        crate::season_orders::NewRenewal {
            season,
            user,
            buyer_email,
            language,
            seat,
            holder_id,
            holder: &record,
        },
    )
    .await?;
    Ok(Ok(Renewal {
        order_id,
        holder_id,
        seat_id: seat,
    }))
}

/// A change of seat's seat kept for the holder in every covered match: the phase opens its
/// sector and it is free (or already kept for them by this phase) in each; any other seat the
/// phase kept for them is freed. The seat maps hear of both. A refusal leaves partial changes
/// for the caller's rollback.
async fn keep_chosen_seat(
    conn: &mut PgConnection,
    phase: &Phase,
    holder_id: i64,
    seat: SeatId,
    fixtures: &[i64],
) -> Result<Result<(), RenewalRefusal>, sqlx::Error> {
    let sector = sqlx::query_scalar!(
        "select b.sector_code from venue_seat s join venue_block b on b.id = s.block_id where s.id = $1",
        seat.0
    )
    .fetch_optional(&mut *conn)
    .await?;
    if !sector.is_some_and(|code| phase.opens_sector(&code)) {
        return Ok(Err(RenewalRefusal::SeatNotInPhase));
    }
    let freed = sqlx::query!(
        r#"update seat_inventory set state = 'free', kept_for_holder = null, kept_for_phase = null,
                  updated_at = now()
            where kept_for_holder = $1 and kept_for_phase = $2 and seat_id <> $3 and state = 'locked'
        returning fixture_id as "fixture_id: FixtureId", block_id as "block_id: BlockId",
                  seat_id as "seat_id: SeatId""#,
        holder_id,
        phase.id,
        seat.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let kept = sqlx::query!(
        r#"update seat_inventory set state = 'locked', kept_for_holder = $1, kept_for_phase = $2,
                  updated_at = now()
            where seat_id = $3 and fixture_id = any($4)
              and (state = 'free' or (state = 'locked' and kept_for_holder = $1 and kept_for_phase = $2))
        returning fixture_id as "fixture_id: FixtureId", block_id as "block_id: BlockId",
                  seat_id as "seat_id: SeatId""#,
        holder_id,
        phase.id,
        seat.0,
        fixtures
    )
    .fetch_all(&mut *conn)
    .await?;
    if kept.len() != fixtures.len() || fixtures.is_empty() {
        return Ok(Err(RenewalRefusal::SeatNotFree));
    }
    let changes: Vec<Change> = freed
        .into_iter()
        .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Free))
        .chain(
            kept.into_iter()
                .map(|r| Change::new(r.fixture_id, r.block_id, r.seat_id, SeatState::Locked)),
        )
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Ok(()))
}

/// How many season tickets of `label` a fan may renew: their buyer's quota (the holder records
/// naming the account's person as buyer, name and birth date, with Promozioni2 = SEASON), and
/// at least one (their own). The fan's account row is locked: one fan's renewals are counted
/// one after the other.
async fn renewal_quota(
    conn: &mut PgConnection,
    label: &str,
    user: Uuid,
) -> Result<usize, sqlx::Error> {
    let me = sqlx::query!(
        "select first_name, last_name, date_of_birth from app_user where user_id = $1 for update",
        user
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some((first, last, born)) =
        me.and_then(|m| m.date_of_birth.map(|d| (m.first_name, m.last_name, d)))
    else {
        return Ok(1);
    };
    let records: Vec<SeasonHolder> = sqlx::query!(
        "select first_name, last_name, birth_date, fiscal_seal, kind, buyer_first_name, buyer_last_name,
                buyer_birth_date
           from season_holder where label = $1 and buyer_birth_date = $2",
        label,
        born
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| SeasonHolder {
        first_name: r.first_name,
        last_name: r.last_name,
        birth_date: r.birth_date,
        birth_province: String::new(),
        birth_place: String::new(),
        sex: String::new(),
        fiscal_seal: r.fiscal_seal,
        used_for: vec![],
        kind: r.kind,
        buyer_first_name: r.buyer_first_name,
        buyer_last_name: r.buyer_last_name,
        buyer_birth_date: r.buyer_birth_date,
    })
    .collect();
    Ok(crate::preemption::buyer_quota(&records, &first, &last, born).max(1))
}
