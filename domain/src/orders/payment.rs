//! Paying an order: the provider's intent attached, the spec's transition pending -> paid when the client secret and the amount match, the seats sold in the same transaction.

use super::*;
use crate::money::Cents;

/// Stores the order's PaymentIntent (once: a second intent never replaces the first).
pub async fn attach_intent(
    conn: &mut PgConnection,
    order_id: OrderId,
    intent_id: &str,
    client_secret: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update ticket_order set payment_intent_id = $2, client_secret = $3, modified_at = now()
          where order_id = $1 and payment_intent_id is null",
        order_id.0,
        intent_id,
        client_secret
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The spec's outcomes of a payment confirmation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PaymentOutcome {
    /// 0 -> 1 now. `seats_kept` is false when a seat was lost meanwhile (refund it).
    #[serde(rename = "paymentProcessedSuccess")]
    Processed { seats_kept: bool },
    /// Already 1 with the same secret (the other path got there first).
    #[serde(rename = "paymentAlreadyProcessed")]
    AlreadyProcessed,
    /// The order was cancelled before the payment arrived: the money goes back.
    #[serde(rename = "paymentAlreadyProcessed")]
    Cancelled,
    /// No order, or a client secret that is not the order's.
    #[serde(rename = "unknownOrNoDocument")]
    UnknownOrNoDocument,
}

impl PaymentOutcome {
    /// The outcome when the transition did not happen, from the order as it is (its payment
    /// status, state and stored client secret; `None`: no such order), for every kind of order.
    pub fn unchanged(
        order: Option<(PaymentStatus, OrderState, Option<String>)>,
        client_secret: &str,
    ) -> PaymentOutcome {
        match order {
            Some((status, state, secret)) if secret.as_deref() == Some(client_secret) => {
                if status == PaymentStatus::Pending && state == OrderState::Pending {
                    // The amount paid is not the order's.
                    PaymentOutcome::UnknownOrNoDocument
                } else if status == PaymentStatus::Paid {
                    PaymentOutcome::AlreadyProcessed
                } else if state == OrderState::Cancelled {
                    PaymentOutcome::Cancelled
                } else {
                    // Refunding or refunded already: the first path decided.
                    PaymentOutcome::AlreadyProcessed
                }
            }
            _ => PaymentOutcome::UnknownOrNoDocument,
        }
    }

    /// The spec's code.
    pub fn code(self) -> &'static str {
        match self {
            PaymentOutcome::Processed { .. } => "paymentProcessedSuccess",
            PaymentOutcome::AlreadyProcessed | PaymentOutcome::Cancelled => {
                "paymentAlreadyProcessed"
            }
            PaymentOutcome::UnknownOrNoDocument => "unknownOrNoDocument",
        }
    }
}

/// The spec's transition: payment_status 0 -> 1 only when the stored client secret equals
/// `client_secret`, in one conditional update. The seats then become sold (all of them, or,
/// if one was lost after the hold expired, none: the order then goes to refunding). Returns
/// the outcome and the seat changes to announce. Run in a transaction; the caller enqueues
/// the job the outcome needs in it.
pub async fn confirm_payment(
    conn: &mut PgConnection,
    order_id: OrderId,
    client_secret: &str,
    amount_cents: Cents,
    payment_method: PaymentMethod,
) -> Result<(PaymentOutcome, Vec<Change>), sqlx::Error> {
    let paid = sqlx::query!(
        r#"update ticket_order set payment_status = $7, state = $5, paid_at = now(), modified_at = now(),
                payment_method = $3
          where order_id = $1 and payment_status = $8 and state = $6 and client_secret = $2
            and total_cents = $4
        returning user_id, fixture_id as "fixture_id: FixtureId""#,
        order_id.0,
        client_secret,
        payment_method as PaymentMethod,
        amount_cents.0,
        OrderState::Paid as OrderState,
        OrderState::Pending as OrderState,
        PaymentStatus::Paid as PaymentStatus,
        PaymentStatus::Pending as PaymentStatus
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(paid) = paid else {
        let row = sqlx::query!(
            r#"select payment_status as "payment_status: PaymentStatus", state as "state: OrderState",
                      client_secret
                 from ticket_order where order_id = $1"#,
            order_id.0
        )
        .fetch_optional(&mut *conn)
        .await?;
        return Ok((
            PaymentOutcome::unchanged(
                row.map(|r| (r.payment_status, r.state, r.client_secret)),
                client_secret,
            ),
            vec![],
        ));
    };
    audited(
        conn,
        order_id,
        Some(OrderState::Pending),
        OrderState::Paid,
        json!({"amount_cents": amount_cents, "payment_method": payment_method}),
    )
    .await?;
    let changes = take_seats(conn, order_id, paid.user_id, paid.fixture_id).await?;
    let kept = changes.is_some();
    if !kept {
        sqlx::query!(
            "update ticket_order set state = $2, refund_reason = 'seat_lost', modified_at = now()
              where order_id = $1",
            order_id.0,
            OrderState::Refunding as OrderState
        )
        .execute(&mut *conn)
        .await?;
        audited(
            conn,
            order_id,
            Some(OrderState::Paid),
            OrderState::Refunding,
            json!({"reason": "seat_lost"}),
        )
        .await?;
        sqlx::query!(
            "update order_line set live = false where order_id = $1",
            order_id.0
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok((
        PaymentOutcome::Processed { seats_kept: kept },
        changes.unwrap_or_default(),
    ))
}

/// Marks a paid order's seats sold to its buyer: every seat still held by them (expired or
/// not) or free, or none. `None` when a seat was taken by someone else meanwhile, or when the
/// buyer would pass the fixture's per-buyer limit with them.
async fn take_seats(
    conn: &mut PgConnection,
    order_id: OrderId,
    user: Uuid,
    fixture_id: FixtureId,
) -> Result<Option<Vec<Change>>, sqlx::Error> {
    // One buyer's payments one at a time: two orders paid at once each see the other's seats
    // as not sold yet, and the limit below would let both through.
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for no key update",
        user
    )
    .fetch_optional(&mut *conn)
    .await?;
    let rows = sqlx::query!(
        r#"with wanted as (
             select i.seat_id from seat_inventory i join order_line l
                 on l.fixture_id = i.fixture_id and l.seat_id = i.seat_id
              where l.order_id = $1 and i.fixture_id = $3
                and (i.state = 'free' or (i.state = 'held'
                     and ((i.holder_id = $2 and i.season_ticket_id is null) or i.held_until <= now())))
              order by i.seat_id for update of i
           ), lines as (select count(*) as n from order_line where order_id = $1),
           sold as (
             select count(*) as n from seat_inventory
              where fixture_id = $3 and holder_id = $2 and state = 'sold'
                and seat_id not in (select seat_id from wanted))
           update seat_inventory s set state = 'sold', holder_id = $2, held_until = null,
                  season_ticket_id = null, updated_at = now()
             from wanted
            where s.fixture_id = $3 and s.seat_id = wanted.seat_id
              and (select count(*) from wanted) = (select n from lines)
              -- the per-buyer limit, checked again where the seats are sold: what a buyer
              -- already bought on the fixture and this order together (a staff mass issue,
              -- for sponsors and guests, has no such limit)
              and ((select mass_task_id is not null from ticket_order where order_id = $1)
                   or (select n from sold) + (select n from lines)
                      <= (select per_buyer_limit from fixture where id = $3))
        returning s.seat_id, s.block_id"#,
        order_id.0,
        user,
        fixture_id.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let count = sqlx::query_scalar!(
        r#"select count(*) as "n!" from order_line where order_id = $1"#,
        order_id.0
    )
    .fetch_one(&mut *conn)
    .await?;
    if rows.len() as i64 != count {
        return Ok(None);
    }
    let changes: Vec<Change> = rows
        .into_iter()
        .map(|r| Change {
            fixture_id,
            block_id: BlockId(r.block_id),
            seat_id: SeatId(r.seat_id),
            state: inventory::SeatState::Sold,
        })
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Some(changes))
}
