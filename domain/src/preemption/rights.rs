//! A match's pre-emption (issue 18): "use my right". During a fixture's fidelity-card,
//! pre-emption-code or named-group phase a fan shows a right: a fidelity card number or a
//! fiscal seal in the fixture's custom list (the spec's preemption_codes), valid for a sector
//! only if one of its sector codes is the sector asked for; or, in a pre-emption-code phase,
//! the fiscal seal of a season holder whose Promozioni1 does not yet hold the match. The right
//! then lets the fan hold one seat in a sector it opens; the checkout writes it on the order,
//! where the database keeps one live order per right and match (two fans racing with one card:
//! one order); a fidelity card counts as used once a paid order carries it.

use super::phases::{self, Phase, PhaseKind, PhaseTarget};
use super::{HolderRightRefusal, holder_right, right_opens, sector_codes};
use crate::ids::{FixtureId, OrderId};
use chrono::Utc;
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// What a right is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, sqlx::Type, utoipa::ToSchema)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum RightSource {
    /// A fidelity card number of the custom list.
    Card,
    /// A fiscal seal of the custom list.
    Seal,
    /// A season holder found by their fiscal seal.
    Holder,
}

/// A right a fan showed for a match's current phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RightClaim {
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub phase_id: i64,
    /// The card number or seal, upper case.
    pub right: String,
    pub source: RightSource,
    /// The sectors it opens now, comma-separated; empty: every sector of the phase.
    pub sectors: String,
    #[serde(skip)]
    pub holder_id: Option<i64>,
}

impl RightClaim {
    /// Whether the right lets its fan hold a seat of `sector`.
    pub fn opens(&self, sector: &str) -> bool {
        self.sectors.is_empty() || right_opens(&self.sectors, sector)
    }
}

/// Why a right is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RightRefusal {
    /// No phase with rights is on for the match: the current and next phases.
    NoPhase(Box<phases::Timeline>),
    /// Not in the custom list (nor, in a pre-emption-code phase, a season holder's seal).
    NotFound,
    /// In the list, but none of its sectors is open in this phase.
    NotForSector,
    /// Used already: a paid order carries it, or the holder's Promozioni1 holds the match.
    Used,
}

/// The phase with rights open now for a fixture (fidelity card, pre-emption code, a named
/// group), or the timeline that says why none is.
pub async fn open_phase(
    conn: &mut PgConnection,
    fixture: FixtureId,
) -> Result<Result<Phase, phases::Timeline>, sqlx::Error> {
    let all = phases::list(conn, PhaseTarget::Fixture(fixture)).await?;
    let t = phases::timeline(all, Utc::now());
    match &t.current {
        Some(p) if with_rights(p.kind) => Ok(Ok(p.clone())),
        _ => Ok(Err(t)),
    }
}

/// The kinds of a match's phase a right opens.
pub fn with_rights(kind: PhaseKind) -> bool {
    matches!(
        kind,
        PhaseKind::FidelityCard | PhaseKind::PreemptionCode | PhaseKind::Group
    )
}

/// A right as typed: spaces and dashes around dropped, upper case; `None` when it cannot be
/// one (3 to 40 letters, digits and dashes).
pub fn normalise(raw: &str) -> Option<String> {
    let n: String = raw
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    ((3..=40).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .then_some(n)
}

/// Whether a value of the custom list is a fidelity card number (the club's cards are `TF`
/// and ten digits) rather than a fiscal seal.
pub fn is_card_number(right: &str) -> bool {
    right.len() == 12 && right.starts_with("TF") && right[2..].chars().all(|c| c.is_ascii_digit())
}

/// The sectors of `right_sectors` the phase opens (all of them when the phase names none).
fn open_in_phase(phase: &Phase, right_sectors: &str) -> Vec<String> {
    sector_codes(right_sectors)
        .into_iter()
        .filter(|c| phase.opens_sector(c))
        .collect()
}

/// `user` shows `right` for a fixture: checked against the phase on now and recorded as the
/// fan's claim (replacing an earlier one). Run in a transaction.
pub async fn claim(
    conn: &mut PgConnection,
    fixture: FixtureId,
    user: Uuid,
    right: &str,
) -> Result<Result<RightClaim, RightRefusal>, sqlx::Error> {
    let phase = match open_phase(conn, fixture).await? {
        Ok(p) => p,
        Err(t) => return Ok(Err(RightRefusal::NoPhase(Box::new(t)))),
    };
    let listed = sqlx::query_scalar!(
        "select sector_code from preemption_code
          where fixture_id = $1 and upper(fidelity_card_number_or_fiscal_seal) = $2",
        fixture.0,
        right
    )
    .fetch_optional(&mut *conn)
    .await?;
    let (source, sectors, holder_id) = match listed {
        Some(list) => {
            let source = if is_card_number(right) {
                RightSource::Card
            } else {
                RightSource::Seal
            };
            // A fidelity-card phase takes cards only.
            if phase.kind == PhaseKind::FidelityCard && source != RightSource::Card {
                return Ok(Err(RightRefusal::NotFound));
            }
            let open = open_in_phase(&phase, &list);
            if open.is_empty() {
                return Ok(Err(RightRefusal::NotForSector));
            }
            (source, open.join(","), None)
        }
        None if phase.kind == PhaseKind::PreemptionCode => {
            let found = super::holder_by_right(conn, None, right).await?;
            let record = found.as_ref().map(|(_, r)| r);
            match holder_right(record, fixture) {
                Ok(_) => {}
                Err(HolderRightRefusal::NotFound) => return Ok(Err(RightRefusal::NotFound)),
                Err(HolderRightRefusal::AlreadyUsed) => return Ok(Err(RightRefusal::Used)),
            }
            let holder_id = found.map(|(id, _)| id);
            (RightSource::Holder, phase_sectors(&phase), holder_id)
        }
        None => return Ok(Err(RightRefusal::NotFound)),
    };
    // A fidelity card (or seal) counts as used once a paid order for the match carries it.
    let used = sqlx::query_scalar!(
        r#"select exists (select 1 from ticket_order where fixture_id = $1 and preemption_right = $2
                  and state in ('paid', 'issuing', 'issued')) as "used!""#,
        fixture.0,
        right
    )
    .fetch_one(&mut *conn)
    .await?;
    if used {
        return Ok(Err(RightRefusal::Used));
    }
    sqlx::query!(
        "insert into preemption_claim (fixture_id, user_id, phase_id, right_value, source, holder_id, sectors)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (fixture_id, user_id) do update
            set phase_id = excluded.phase_id, right_value = excluded.right_value, source = excluded.source,
                holder_id = excluded.holder_id, sectors = excluded.sectors, created_at = now()",
        fixture.0,
        user,
        phase.id,
        right,
        source as RightSource,
        holder_id,
        sectors
    )
    .execute(&mut *conn)
    .await?;
    Ok(Ok(RightClaim {
        fixture_id: fixture,
        phase_id: phase.id,
        right: right.to_owned(),
        source,
        sectors,
        holder_id,
    }))
}

fn phase_sectors(phase: &Phase) -> String {
    sector_codes(&phase.sectors)
        .into_iter()
        .collect::<Vec<_>>()
        .join(",")
}

/// The fan's right for the phase on now, if they showed one.
pub async fn current_claim(
    conn: &mut PgConnection,
    fixture: FixtureId,
    user: Uuid,
) -> Result<Option<RightClaim>, sqlx::Error> {
    sqlx::query_as!(
        RightClaim,
        r#"select c.fixture_id as "fixture_id: FixtureId", c.phase_id, c.right_value as "right",
                  c.source as "source: RightSource", c.sectors, c.holder_id
             from preemption_claim c join sale_phase p on p.id = c.phase_id
            where c.fixture_id = $1 and c.user_id = $2
              and p.starts_at <= now() and now() < p.ends_at
              and p.kind in ('fidelity_card', 'preemption_code', 'group')"#,
        fixture.0,
        user
    )
    .fetch_optional(conn)
    .await
}

/// Forgets the fan's right for a match.
pub async fn drop_claim(
    conn: &mut PgConnection,
    fixture: FixtureId,
    user: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from preemption_claim where fixture_id = $1 and user_id = $2",
        fixture.0,
        user
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The sector of each seat asked for (unknown seats left out).
pub async fn seat_sectors(
    conn: &mut PgConnection,
    fixture: FixtureId,
    seats: &[i64],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select b.sector_code from seat_inventory i join venue_block b on b.id = i.block_id
          where i.fixture_id = $1 and i.seat_id = any($2)",
        fixture.0,
        seats
    )
    .fetch_all(conn)
    .await
}

/// A block's sector.
pub async fn block_sector(
    conn: &mut PgConnection,
    block: i32,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select sector_code from venue_block where id = $1", block)
        .fetch_optional(conn)
        .await
}

/// Writes the claim's right on a new order. `false` when another live order for the match
/// carries it (the unique index said so; the caller's transaction is then aborted: roll back).
pub async fn attach(
    conn: &mut PgConnection,
    order: OrderId,
    claim: &RightClaim,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update ticket_order set preemption_right = $2, preemption_card = $3, preemption_holder_id = $4
          where order_id = $1",
        order.0,
        claim.right,
        claim.source == RightSource::Card,
        claim.holder_id
    )
    .execute(conn)
    .await;
    match done {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.constraint() == Some("ticket_order_one_right") => {
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

/// Once the title is issued: a season holder's right used for this match joins their
/// Promozioni1 (once). Run in the transaction that marks the order issued.
pub async fn mark_used(conn: &mut PgConnection, order: OrderId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update season_holder h set used_for = array_append(h.used_for, o.fixture_id), updated_at = now()
           from ticket_order o
          where o.order_id = $1 and h.id = o.preemption_holder_id and not (o.fixture_id = any(h.used_for))",
        order.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A right the fan has without typing it (the spec's dati-biglietto-prelazione-by-email): a
/// supporter card linked to their account that the match's list names, or, in a
/// pre-emption-code phase, the seal of a season holder whose e-mail is theirs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SuggestedRight {
    pub right: String,
    pub source: RightSource,
    /// Whose it is: the ticket must be named for them.
    pub first_name: String,
    pub last_name: String,
}

/// The rights the fan may use for the match's phase on now, found by their account.
pub async fn suggestions(
    conn: &mut PgConnection,
    fixture: FixtureId,
    user: Uuid,
    email: &str,
) -> Result<Vec<SuggestedRight>, sqlx::Error> {
    let phase = match open_phase(conn, fixture).await? {
        Ok(p) => p,
        Err(_) => return Ok(vec![]),
    };
    let mut found: Vec<SuggestedRight> = sqlx::query!(
        "select c.card_number, c.holder_first_name, c.holder_last_name
           from supporter_card c
           join preemption_code p on p.fixture_id = $1
                and upper(p.fidelity_card_number_or_fiscal_seal) = c.card_number
          where c.user_id = $2
          order by c.created_at",
        fixture.0,
        user
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| SuggestedRight {
        right: r.card_number,
        source: RightSource::Card,
        first_name: r.holder_first_name,
        last_name: r.holder_last_name,
    })
    .collect();
    if phase.kind == PhaseKind::PreemptionCode {
        let holders = sqlx::query!(
            "select upper(fiscal_seal) as \"seal!\", first_name, last_name from season_holder
              where lower(email) = lower($1) and not ($2 = any(used_for))
              order by label desc, last_name, first_name",
            email,
            fixture.0
        )
        .fetch_all(&mut *conn)
        .await?;
        found.extend(holders.into_iter().map(|h| SuggestedRight {
            right: h.seal,
            source: RightSource::Holder,
            first_name: h.first_name,
            last_name: h.last_name,
        }));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_right_is_typed_loosely_and_read_strictly() {
        assert_eq!(normalise(" tf 0000000001 "), Some("TF0000000001".into()));
        assert_eq!(normalise("ab"), None);
        assert_eq!(normalise(&"A".repeat(41)), None);
        assert_eq!(normalise(&"A".repeat(40)), Some("A".repeat(40)));
        assert_eq!(normalise("abc;drop"), None);
        assert!(is_card_number("TF0000000001"));
        assert!(!is_card_number("TF000000001"));
        assert!(!is_card_number("A1B2C3D4E5F6"));
    }

    #[test]
    fn a_claim_opens_the_sectors_it_lists_or_every_sector_when_it_lists_none() {
        let claim = |sectors: &str| RightClaim {
            fixture_id: FixtureId(1),
            phase_id: 1,
            right: "TF0000000001".into(),
            source: RightSource::Card,
            sectors: sectors.into(),
            holder_id: None,
        };
        assert!(claim("TC,DI").opens("DI"));
        assert!(!claim("TC,DI").opens("CC"));
        assert!(claim("").opens("CC"));
    }
}
