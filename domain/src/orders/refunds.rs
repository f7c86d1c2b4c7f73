//! Refunding an order and cancelling a pending one: the transitions, the seats freed and the titles marked cancelled.

use super::*;

/// The reason recorded when a refund began (`seat_lost`, `cancelled`, staff's words).
pub async fn refund_reason(
    conn: &mut PgConnection,
    order_id: OrderId,
) -> Result<String, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select refund_reason from ticket_order where order_id = $1",
        order_id.0
    )
    .fetch_one(conn)
    .await?
    .unwrap_or_default())
}

/// Staff or the system begin a refund (from failed, paid, or a lost seat). Returns whether
/// this call moved it.
pub async fn start_refund(
    conn: &mut PgConnection,
    order_id: OrderId,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $3, refund_reason = coalesce(refund_reason, $2), modified_at = now()
          where order_id = $1 and (state in ($5, $6) or (state = $4 and payment_intent_id is not null))",
        order_id.0,
        reason,
        OrderState::Refunding as OrderState,
        OrderState::Cancelled as OrderState,
        OrderState::Failed as OrderState,
        OrderState::Paid as OrderState
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 1 {
        audited(
            conn,
            order_id,
            None,
            OrderState::Refunding,
            json!({"reason": reason}),
        )
        .await?;
    }
    Ok(r.rows_affected() == 1)
}

/// The refund went through: the order is refunded, its seats are free again and its titles
/// marked cancelled. Returns the seat changes to announce (none if it was already done).
pub async fn mark_refunded(
    conn: &mut PgConnection,
    order_id: OrderId,
    refund_id: Option<&str>,
) -> Result<Option<Vec<Change>>, sqlx::Error> {
    let Some(o) = sqlx::query!(
        r#"update ticket_order set state = $3, payment_status = $5, refund_id = $2, refunded_at = now(),
                modified_at = now()
          where order_id = $1 and state = $4
        returning user_id, fixture_id as "fixture_id: FixtureId""#,
        order_id.0,
        refund_id,
        OrderState::Refunded as OrderState,
        OrderState::Refunding as OrderState,
        PaymentStatus::Closed as PaymentStatus
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    audited(
        conn,
        order_id,
        Some(OrderState::Refunding),
        OrderState::Refunded,
        json!({"refund_id": refund_id}),
    )
    .await?;
    let rows = sqlx::query!(
        r#"update seat_inventory i set state = 'free', holder_id = null, held_until = null,
                  reduction_id = null, holder_key = null, updated_at = now()
             from order_line l
            where l.order_id = $1 and l.live and i.fixture_id = l.fixture_id and i.seat_id = l.seat_id
              and i.state = 'sold' and i.holder_id = $2 and i.season_ticket_id is null
        returning i.seat_id, i.block_id"#,
        order_id.0,
        o.user_id
    )
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query!(
        "update order_line set live = false,
                title_state = case when title_id is not null then 'cancelled' end
          where order_id = $1",
        order_id.0
    )
    .execute(&mut *conn)
    .await?;
    let changes: Vec<Change> = rows
        .into_iter()
        .map(|r| Change {
            fixture_id: o.fixture_id,
            block_id: BlockId(r.block_id),
            seat_id: SeatId(r.seat_id),
            state: inventory::SeatState::Free,
        })
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Some(changes))
}

/// Cancels a pending order and releases its seats (the spec's cancel). Returns false when
/// the order was not pending.
pub async fn cancel(conn: &mut PgConnection, order: &Order) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $2, payment_status = $4, modified_at = now()
          where order_id = $1 and state = $3 and payment_status = $5",
        order.id.0,
        OrderState::Cancelled as OrderState,
        OrderState::Pending as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        PaymentStatus::Pending as PaymentStatus
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    audited(
        conn,
        order.id,
        Some(OrderState::Pending),
        OrderState::Cancelled,
        json!({}),
    )
    .await?;
    sqlx::query!(
        "update order_line set live = false where order_id = $1",
        order.id.0
    )
    .execute(&mut *conn)
    .await?;
    inventory::release(conn, order.fixture.id, order.user_id).await?;
    Ok(true)
}
