//! The box office: staff sell seats to a buyer, of a match or of a season ticket, paid in
//! cash, by card at the desk, by bank transfer or given; issued by the same steps as an online
//! order.

use crate::checkout::settle_payment;
use domain::ids::{FixtureId, OrderId, ReductionId, SeasonOrderId, SeasonTicketId, SeatId};
use domain::{orders, season_orders, seasons};
use sqlx::PgConnection;
use uuid::Uuid;

/// What staff sell at the box office: seats of a fixture, each with its holder and reduction.
pub struct StaffSale<'a> {
    pub fixture_id: FixtureId,
    pub buyer: Uuid,
    pub buyer_email: &'a str,
    pub staff: Uuid,
    /// cash, pos, bank_transfer or complimentary
    pub payment_method: orders::PaymentMethod,
    pub language: &'a str,
    /// (seat id, reduction id, holder)
    pub lines: Vec<(SeatId, ReductionId, orders::HolderDetails)>,
    /// Sold by this mass-issue task: the club's own issue, so no per-buyer limit, and issued
    /// on the mass queue.
    pub mass_task: Option<Uuid>,
}

/// Why a staff sale was refused. Nothing changed (the caller rolls back).
#[derive(Debug)]
pub enum StaffSaleRefusal {
    Hold(domain::inventory::HoldRefusal),
    Naming(orders::NamingRefusal),
    NotOnSale,
}

/// Places an order for a buyer at the box office, on `conn` (a transaction): the seats are
/// held for the buyer, named, paid by `payment_method`, and issued by the same job as an
/// online order. Returns the order's id.
pub async fn sell_at_box_office(
    conn: &mut PgConnection,
    sale: &StaffSale<'_>,
) -> Result<Result<OrderId, StaffSaleRefusal>, sqlx::Error> {
    let Some(terms) = domain::fixtures::sale_terms(conn, sale.fixture_id).await? else {
        return Ok(Err(StaffSaleRefusal::NotOnSale));
    };
    let mut terms = terms.for_staff();
    if sale.mass_task.is_some() {
        terms.per_buyer_limit = i32::MAX;
    }
    let seats: Vec<SeatId> = sale.lines.iter().map(|l| l.0).collect();
    if let Err(r) = domain::inventory::hold_seats(conn, &terms, sale.buyer, &seats, &[]).await? {
        return Ok(Err(StaffSaleRefusal::Hold(r)));
    }
    let order_id = match orders::create_from_hold(
        conn,
        sale.fixture_id,
        sale.buyer,
        sale.buyer_email,
        sale.language,
    )
    .await?
    {
        Ok(id) => id,
        Err(_) => return Ok(Err(StaffSaleRefusal::NotOnSale)),
    };
    let order = orders::load(conn, order_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let named: Vec<orders::NamedLine> = sale
        .lines
        .iter()
        .filter_map(|(seat, reduction, holder)| {
            order
                .lines
                .iter()
                .find(|l| l.seat_id == *seat)
                .map(|l| orders::NamedLine {
                    line_id: l.id,
                    reduction_id: *reduction,
                    holder: holder.clone(),
                })
        })
        .collect();
    // Staff may sell the box office's reductions too.
    if let Err(r) = orders::name_holders(conn, &order, &named, false).await? {
        return Ok(Err(StaffSaleRefusal::Naming(r)));
    }
    orders::mark_by_staff(conn, order_id, sale.staff, sale.payment_method).await?;
    if let Some(task) = sale.mass_task {
        orders::mark_mass(conn, order_id, task).await?;
    }
    let total = orders::load(conn, order_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?
        .total_cents;
    let reference = format!("staff_{order_id}");
    orders::attach_intent(conn, order_id, &reference, &reference).await?;
    settle_payment(conn, order_id, &reference, total, sale.payment_method).await?;
    Ok(Ok(order_id))
}

/// What staff sell of a season ticket at the box office: seats, each with its holder,
/// reduction and form (a season title, or a collection of match titles).
pub struct StaffSeasonSale<'a> {
    pub season_ticket_id: SeasonTicketId,
    pub buyer: Uuid,
    pub buyer_email: &'a str,
    pub staff: Uuid,
    /// cash, pos, bank_transfer or complimentary
    pub payment_method: orders::PaymentMethod,
    pub language: &'a str,
    pub lines: Vec<StaffSeasonLine>,
    /// Sold by this mass-issue task: the club's own issue, so no per-buyer limit; its issuing
    /// finalises the task's line.
    pub mass_task: Option<Uuid>,
}

pub struct StaffSeasonLine {
    pub seat_id: SeatId,
    pub reduction_id: ReductionId,
    pub holder: orders::HolderDetails,
    pub collection: bool,
}

/// Sells season seats to a buyer at the box office, on `conn` (a transaction): the seats held
/// for the buyer in every covered match (the same statement, limits and constraints as a
/// fan's hold), the order named, paid by `payment_method` and issued by the same job as an
/// online season order. Returns the order's id; on a refusal nothing is kept (the caller
/// rolls back).
pub async fn sell_season_at_box_office(
    conn: &mut PgConnection,
    sale: &StaffSeasonSale<'_>,
) -> Result<Result<SeasonOrderId, StaffSaleRefusal>, sqlx::Error> {
    let Some(mut terms) = seasons::terms(conn, sale.season_ticket_id).await? else {
        return Ok(Err(StaffSaleRefusal::NotOnSale));
    };
    if sale.mass_task.is_some() {
        terms.per_buyer_limit = i32::MAX;
    }
    let seats: Vec<SeatId> = sale.lines.iter().map(|l| l.seat_id).collect();
    if let Err(r) = seasons::hold(conn, &terms, sale.buyer, &seats).await? {
        return Ok(Err(StaffSaleRefusal::Hold(r)));
    }
    let Some(order_id) = season_orders::create_from_hold(
        conn,
        sale.season_ticket_id,
        sale.buyer,
        sale.buyer_email,
        sale.language,
    )
    .await?
    else {
        return Ok(Err(StaffSaleRefusal::NotOnSale));
    };
    let order = season_orders::load(conn, order_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let named: Vec<season_orders::NamedSeasonLine> = sale
        .lines
        .iter()
        .filter_map(|asked| {
            order
                .lines
                .iter()
                .find(|l| l.seat_id == asked.seat_id)
                .map(|l| season_orders::NamedSeasonLine {
                    line_id: l.id,
                    reduction_id: asked.reduction_id,
                    holder: asked.holder.clone(),
                    collection: asked.collection,
                })
        })
        .collect();
    if let Err(r) = season_orders::name_holders(conn, &order, &named).await? {
        return Ok(Err(StaffSaleRefusal::Naming(r)));
    }
    season_orders::mark_by_staff(conn, order_id, sale.staff, sale.payment_method).await?;
    if let Some(task) = sale.mass_task {
        season_orders::mark_mass(conn, order_id, task).await?;
    }
    let total = season_orders::load(conn, order_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?
        .total_cents;
    let reference = format!("staff_{order_id}");
    season_orders::attach_intent(conn, order_id, &reference, &reference).await?;
    crate::season_orders::settle_payment(conn, order_id, &reference, total, sale.payment_method)
        .await?;
    Ok(Ok(order_id))
}
