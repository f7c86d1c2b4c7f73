//! Predicting the ticketing system's refusals before anyone pays: a fan was charged for
//! tickets the ticketing system then refused (a high-risk match, no supporter card). Before
//! the payment is created the ticketing system is asked, in the order of its own issuing
//! checks, everything it would check at issue: the public sale is open, the reduction is
//! sold, the holder is not banned, holds no title for the match, the buyer is within the
//! limit, and the holder has a supporter card where one is needed. A refusal that still comes
//! after payment (the rules changed meanwhile) refunds the order by itself
//! ([`crate::issuing`]).

use domain::orders::{self, HolderDetails, Order};
use integrations::ticketing::{Person, TicketingClient, TicketingError};
use sqlx::PgConnection;

/// Why a line's title would be refused: the stable codes the apps translate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ineligible {
    /// The public sale is not open (closed, started, or a pre-emption window still running).
    NotOnSale,
    /// The reduction is not sold (online) for this match.
    ReductionNotAllowed,
    /// The holder is under a stadium ban.
    Banned,
    /// The holder already has a title for this match.
    HasTitle,
    /// The buyer has bought as many titles for this match as one buyer may.
    BuyerLimit,
    /// A supporter card is needed (a high-risk match or an away sector) and the holder has none.
    CardRequired,
    /// A match's pre-emption: the right (the fidelity card, or the season ticket's seal) is
    /// not the holder's, or is no longer valid.
    RightNotHolders,
}

impl Ineligible {
    /// The code stored on the line and sent to the apps.
    pub fn code(self) -> &'static str {
        match self {
            Ineligible::NotOnSale => "not_on_sale",
            Ineligible::ReductionNotAllowed => "reduction_not_allowed",
            Ineligible::Banned => "banned",
            Ineligible::HasTitle => "has_title",
            Ineligible::BuyerLimit => "buyer_limit",
            Ineligible::CardRequired => "card_required",
            Ineligible::RightNotHolders => "right_not_holders",
        }
    }

    /// The prediction a refusal of the ticketing system (its code) corresponds to.
    pub fn from_refusal(code: &str) -> Option<Self> {
        Some(match code {
            "EVENTO_NON_IN_VENDITA" | "PRELAZIONE_NON_SPETTANTE" => Ineligible::NotOnSale,
            "RIDUZIONE_NON_AMMESSA" => Ineligible::ReductionNotAllowed,
            "PERSONA_BANNATA" => Ineligible::Banned,
            "TITOLO_GIA_EMESSO_PER_UTILIZZATORE" => Ineligible::HasTitle,
            "LIMITE_ACQUIRENTE" => Ineligible::BuyerLimit,
            "TESSERA_RICHIESTA" => Ineligible::CardRequired,
            _ => return None,
        })
    }
}

pub use domain::issuance::refusal_code;

/// Why the check could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Ticketing(#[from] TicketingError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A holder as the ticketing system identifies persons.
pub fn person(h: &HolderDetails) -> Person {
    Person {
        first_name: h.first_name.clone(),
        last_name: h.last_name.clone(),
        birth_date: h.birth_date,
        sex: h.sex.clone().unwrap_or_default(),
        ..Default::default()
    }
}

/// The buyer as the ticketing system counts purchases: the account's name and birth date,
/// or, when the account has none yet, the first holder. A mass task's ticket is the club's
/// issue to its holder: the holder is the buyer, so many lines for one e-mail never meet the
/// per-buyer limit. `None` when the order names nobody yet.
pub async fn buyer(conn: &mut PgConnection, order: &Order) -> Result<Option<Person>, sqlx::Error> {
    if order.mass_task_id.is_none()
        && let Some((first_name, last_name, birth_date)) =
            orders::buyer_identity(conn, order.user_id).await?
    {
        return Ok(Some(Person {
            first_name,
            last_name,
            birth_date,
            ..Default::default()
        }));
    }
    Ok(order
        .lines
        .iter()
        .find_map(|l| l.holder.as_ref())
        .map(person))
}

/// Whether the ticketing system would refuse `person` a title: a stadium ban (the police's,
/// autorizzazione-verificapersona) or a bar it keeps itself, its blacklist or the club's bans
/// (utenza-isbannato). The police check alone let a blacklisted holder pay and then be refused
/// at issue. Both asked at once.
pub async fn barred(ticketing: &TicketingClient, person: &Person) -> Result<bool, TicketingError> {
    let (allowed, banned) =
        tokio::try_join!(ticketing.verify_person(person), ticketing.is_banned(person))?;
    Ok(!allowed || banned)
}

/// What the ticketing system says of a match, asked once for all its lines.
pub struct EventRules {
    pub event_id: u32,
    pub high_risk: bool,
    pub public_sale_open: bool,
    /// (reduction id, visibility) of the reductions the match sells.
    pub reductions: Vec<(u32, u8)>,
    /// Blocks for the away fans (a supporter card is needed there).
    pub away_blocks: Vec<u32>,
}

impl EventRules {
    /// Asks the ticketing system.
    pub async fn fetch(ticketing: &TicketingClient, event_id: u32) -> Result<Self, TicketingError> {
        let event = ticketing.event(event_id).await?;
        let reductions = ticketing
            .reductions(event_id)
            .await?
            .into_iter()
            .map(|r| (r.id, r.visibility))
            .collect();
        Ok(EventRules {
            event_id,
            high_risk: event.high_risk,
            public_sale_open: event.public_sale_open,
            reductions,
            away_blocks: ticketing.away_blocks(event_id).await?,
        })
    }
}

/// The first refusal the ticketing system would give one title, in its own order, but for the
/// buyer's limit (the caller counts it): `None` when it would issue it.
pub async fn check_title(
    ticketing: &TicketingClient,
    rules: &EventRules,
    block_id: u32,
    reduction_id: u32,
    holder: &Person,
) -> Result<Option<Ineligible>, TicketingError> {
    if !rules.public_sale_open {
        return Ok(Some(Ineligible::NotOnSale));
    }
    // The ticketing system issues through its API the reductions it sells online.
    if !rules
        .reductions
        .iter()
        .any(|(id, visibility)| *id == reduction_id && *visibility >= 1)
    {
        return Ok(Some(Ineligible::ReductionNotAllowed));
    }
    if barred(ticketing, holder).await? {
        return Ok(Some(Ineligible::Banned));
    }
    if ticketing
        .titles_by_holder(rules.event_id, holder)
        .await?
        .iter()
        .any(|t| t.state != "cancelled")
    {
        return Ok(Some(Ineligible::HasTitle));
    }
    if (rules.high_risk || rules.away_blocks.contains(&block_id))
        && !ticketing.verify_card(holder).await?
    {
        return Ok(Some(Ineligible::CardRequired));
    }
    Ok(None)
}

/// Asks the ticketing system whether each line still to be issued would be: for each line,
/// `None` when it would, or the first refusal in the system's own order (the buyer's limit
/// counted over the lines that pass the other checks).
pub async fn check_order(
    ticketing: &TicketingClient,
    conn: &mut PgConnection,
    order: &Order,
) -> Result<Vec<(i64, Option<Ineligible>)>, CheckError> {
    let mut rules = EventRules::fetch(ticketing, order.fixture.planet_event_id as u32).await?;
    // A pre-emption order is sold in the match's pre-emption window, not the public sale: the
    // system checks the window and the right again when it issues; here, whose the right is.
    if order.preemption_right.is_some() {
        rules.public_sale_open = true;
    }
    let mut room = match buyer(conn, order).await? {
        Some(b) if order.mass_task_id.is_none() => {
            ticketing.purchasable_count(rules.event_id, &b).await? as usize
        }
        _ => usize::MAX,
    };
    let mut verdicts = vec![];
    for line in order.lines.iter().filter(|l| l.title.is_none()) {
        let Some(holder) = &line.holder else {
            verdicts.push((line.id, None));
            continue;
        };
        let mut verdict = check_title(
            ticketing,
            &rules,
            line.block_id.0 as u32,
            line.reduction_id.0 as u32,
            &person(holder),
        )
        .await?;
        if verdict.is_none()
            && let Some(right) = &order.preemption_right
            && !right_is_holders(ticketing, right, order.preemption_card, &person(holder)).await?
        {
            verdict = Some(Ineligible::RightNotHolders);
        }
        if verdict.is_none() {
            if room == 0 {
                verdict = Some(Ineligible::BuyerLimit);
            } else {
                room -= 1;
            }
        }
        verdicts.push((line.id, verdict));
    }
    Ok(verdicts)
}

/// Whether a pre-emption right is `holder`'s: a valid fidelity card in their name, or the
/// fiscal seal of a live season ticket of theirs. A right the system does not know is not.
async fn right_is_holders(
    ticketing: &TicketingClient,
    right: &str,
    card: bool,
    holder: &Person,
) -> Result<bool, TicketingError> {
    let same = |p: &Person| {
        p.birth_date == holder.birth_date
            && domain::inventory::person_key(&p.first_name)
                == domain::inventory::person_key(&holder.first_name)
            && domain::inventory::person_key(&p.last_name)
                == domain::inventory::person_key(&holder.last_name)
    };
    let unknown = |e: &TicketingError| matches!(e, TicketingError::Refused { .. });
    if card {
        return match ticketing.card(right).await {
            Ok(c) => Ok(same(&c.holder) && ticketing.verify_card(holder).await?),
            Err(e) if unknown(&e) => Ok(false),
            Err(e) => Err(e),
        };
    }
    match ticketing.title_by_seal(right).await {
        Ok(t) => Ok(same(&t.holder) && t.season_type_id.is_some() && t.state != "cancelled"),
        Err(e) if unknown(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Checks the order and records each line's verdict (what the apps show the fan).
pub async fn check_and_record(
    ticketing: &TicketingClient,
    pool: &sqlx::PgPool,
    order: &Order,
) -> Result<Vec<(i64, Option<Ineligible>)>, CheckError> {
    let mut conn = pool.acquire().await?;
    let verdicts = check_order(ticketing, &mut conn, order).await?;
    let mut tx = pool.begin().await?;
    for (line, v) in &verdicts {
        orders::set_eligibility(&mut tx, *line, v.is_none(), v.map(Ineligible::code)).await?;
    }
    tx.commit().await?;
    Ok(verdicts)
}

/// One season seat to check: its holder and whether it is a collection.
pub struct SeasonSeat<'a> {
    pub holder: &'a HolderDetails,
    pub collection: bool,
}

/// Asks the ticketing system what it will check when it issues season seats, in its own
/// order: the season sold to the public now (`season_not_on_sale` while its renewals' window
/// runs), for a collection every covered match too (`match_not_on_sale`), then of each holder:
/// not banned (`banned`), no live season ticket of this type (abbonamento-isutilizzatore:
/// `has_season_ticket`), a supporter card when a covered match is high-risk
/// (`card_required`). One verdict per seat, in order (`None`: eligible).
///
/// A renewal (`renewal`) is not asked about the public sale: it is sold in the renewals'
/// window, which the system checks again when it issues the title.
pub async fn check_season_seats(
    ticketing: &TicketingClient,
    season: &domain::season_orders::SeasonRef,
    seats: &[SeasonSeat<'_>],
    renewal: bool,
) -> Result<Vec<Option<&'static str>>, TicketingError> {
    let season_type = season.planet_season_type_id as u32;
    let season_open = renewal
        || ticketing
            .season_types()
            .await?
            .iter()
            .find(|t| t.id == season_type)
            .is_some_and(|t| t.public_sale_open);
    let matches_open = if seats.iter().any(|s| s.collection) {
        ticketing
            .season_type_events(season_type)
            .await?
            .iter()
            .all(|e| e.public_sale_open)
    } else {
        true
    };
    let card_needed = season.matches.iter().any(|m| m.high_risk);
    let mut out = vec![];
    for seat in seats {
        let p = person(seat.holder);
        let reason = if !season_open {
            Some("season_not_on_sale")
        } else if seat.collection && !matches_open {
            Some("match_not_on_sale")
        } else if barred(ticketing, &p).await? {
            Some("banned")
        } else if ticketing
            .season_titles_by_holder(season_type, &p)
            .await?
            .iter()
            .any(|t| t.state != "cancelled")
        {
            Some("has_season_ticket")
        } else if card_needed && !ticketing.verify_card(&p).await? {
            Some("card_required")
        } else {
            None
        };
        out.push(reason);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_of_a_refusal_is_read_from_the_job_error() {
        assert_eq!(
            refusal_code("refused: TESSERA_RICHIESTA: Serve una tessera del tifoso valida"),
            Some("TESSERA_RICHIESTA")
        );
        assert_eq!(
            refusal_code("issuing line 3: refused: LIMITE_ACQUIRENTE: Limite"),
            Some("LIMITE_ACQUIRENTE")
        );
        assert_eq!(refusal_code("temporarily unavailable: 503"), None);
        assert_eq!(refusal_code("no answer: timed out"), None);
    }

    #[test]
    fn every_issuing_refusal_of_a_fan_is_predicted() {
        for (code, expected) in [
            ("TESSERA_RICHIESTA", Ineligible::CardRequired),
            ("RIDUZIONE_NON_AMMESSA", Ineligible::ReductionNotAllowed),
            ("PERSONA_BANNATA", Ineligible::Banned),
            ("TITOLO_GIA_EMESSO_PER_UTILIZZATORE", Ineligible::HasTitle),
            ("LIMITE_ACQUIRENTE", Ineligible::BuyerLimit),
            ("PRELAZIONE_NON_SPETTANTE", Ineligible::NotOnSale),
            ("EVENTO_NON_IN_VENDITA", Ineligible::NotOnSale),
        ] {
            assert_eq!(Ineligible::from_refusal(code), Some(expected), "{code}");
        }
        assert_eq!(Ineligible::from_refusal("POSTO_NON_DISPONIBILE"), None);
    }
}
