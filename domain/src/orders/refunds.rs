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

/// Staff's refund of an issued order's tickets, all or some.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TicketRefund {
    pub id: Uuid,
    #[schema(value_type = String, format = Uuid)]
    pub order_id: OrderId,
    /// The order lines it refunds.
    pub line_ids: Vec<i64>,
    /// Their price: what goes back to the card.
    pub amount_cents: Cents,
    pub reason: String,
    /// `requested` (the job is cancelling the titles and paying back) or `done`.
    pub state: String,
    pub provider_refund_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
}

/// Why these tickets cannot be refunded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TicketRefundRefusal {
    /// Only an issued order's tickets are refunded this way (a failed or paid one is
    /// refunded whole).
    NotIssued,
    /// Nothing left to refund: every line is refunded already (or none was named).
    NothingToRefund,
    /// These lines are not the order's, or are refunded (or being refunded) already.
    NotRefundable(Vec<i64>),
    /// A change of holder of these lines is under way.
    TransferInProgress(Vec<i64>),
}

/// Asks for a refund of `lines` of an issued order (every line still live when `None`), in
/// the caller's transaction: each line is given this refund's id once (a conditional update,
/// so two refunds at once never take one line twice). The job ([`complete_ticket_refund`])
/// does the rest.
pub async fn request_ticket_refund(
    conn: &mut PgConnection,
    order_id: OrderId,
    lines: Option<&[i64]>,
    reason: &str,
    staff: Option<Uuid>,
) -> Result<Result<TicketRefund, TicketRefundRefusal>, sqlx::Error> {
    // One refund of an order at a time: the order's row is locked until the caller commits.
    let state = sqlx::query_scalar!(
        r#"select state as "state: OrderState" from ticket_order where order_id = $1 for update"#,
        order_id.0
    )
    .fetch_optional(&mut *conn)
    .await?;
    if state != Some(OrderState::Issued) {
        return Ok(Err(TicketRefundRefusal::NotIssued));
    }
    // The lines are locked before the check for changes of holder: a change asked for at
    // the same moment either committed first (and is seen below) or waits and then sees the
    // refund.
    let live: Vec<i64> = sqlx::query_scalar!(
        "select order_line_id from order_line where order_id = $1 and live and refund_id is null
          order by order_line_id for update",
        order_id.0
    )
    .fetch_all(&mut *conn)
    .await?;
    let wanted: Vec<i64> = match lines {
        Some(l) => {
            let mut l = l.to_vec();
            l.sort_unstable();
            l.dedup();
            l
        }
        None => live.clone(),
    };
    if wanted.is_empty() {
        return Ok(Err(TicketRefundRefusal::NothingToRefund));
    }
    let not_refundable: Vec<i64> = wanted
        .iter()
        .copied()
        .filter(|l| !live.contains(l))
        .collect();
    if !not_refundable.is_empty() {
        return Ok(Err(TicketRefundRefusal::NotRefundable(not_refundable)));
    }
    let moving: Vec<i64> = sqlx::query_scalar!(
        r#"select order_line_id as "order_line_id!" from title_transfer where order_line_id = any($1) and state = 'requested'"#,
        &wanted
    )
    .fetch_all(&mut *conn)
    .await?;
    if !moving.is_empty() {
        return Ok(Err(TicketRefundRefusal::TransferInProgress(moving)));
    }
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into order_refund (refund_id, order_id, amount_cents, reason, requested_by)
         values ($1, $2, 0, $3, $4)",
        id,
        order_id.0,
        reason,
        staff
    )
    .execute(&mut *conn)
    .await?;
    let taken = sqlx::query!(
        "update order_line set refund_id = $1
          where order_id = $2 and order_line_id = any($3) and live and refund_id is null
        returning order_line_id, price_cents",
        id,
        order_id.0,
        &wanted
    )
    .fetch_all(&mut *conn)
    .await?;
    if taken.len() != wanted.len() {
        // Another refund took some meanwhile (the lock makes this a bug, not a race).
        let got: Vec<i64> = taken.iter().map(|r| r.order_line_id).collect();
        let lost = wanted.into_iter().filter(|l| !got.contains(l)).collect();
        return Ok(Err(TicketRefundRefusal::NotRefundable(lost)));
    }
    let amount: i64 = taken.iter().map(|r| r.price_cents).sum();
    sqlx::query!(
        "update order_refund set amount_cents = $2 where refund_id = $1",
        id,
        amount
    )
    .execute(&mut *conn)
    .await?;
    audited_as(
        conn,
        "order",
        &order_id.to_string(),
        Some(OrderState::Issued),
        OrderState::Issued,
        json!({"refund_requested": id, "lines": wanted, "amount_cents": amount, "reason": reason}),
    )
    .await?;
    Ok(ticket_refund(conn, id)
        .await?
        .ok_or(TicketRefundRefusal::NothingToRefund))
}

/// A refund of tickets by id.
pub async fn ticket_refund(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<TicketRefund>, sqlx::Error> {
    Ok(ticket_refunds_where(conn, None, Some(id))
        .await?
        .into_iter()
        .next())
}

/// An order's refunds of tickets, oldest first.
pub async fn ticket_refunds(
    conn: &mut PgConnection,
    order_id: OrderId,
) -> Result<Vec<TicketRefund>, sqlx::Error> {
    ticket_refunds_where(conn, Some(order_id), None).await
}

async fn ticket_refunds_where(
    conn: &mut PgConnection,
    order_id: Option<OrderId>,
    id: Option<Uuid>,
) -> Result<Vec<TicketRefund>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select r.refund_id, r.order_id, r.amount_cents, r.reason, r.state, r.provider_refund_id,
                  r.created_at, r.done_at,
                  array(select l.order_line_id from order_line l where l.refund_id = r.refund_id
                         order by l.order_line_id) as "line_ids!"
             from order_refund r
            where ($1::uuid is null or r.order_id = $1) and ($2::uuid is null or r.refund_id = $2)
            order by r.created_at"#,
        order_id.map(|o| o.0),
        id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| TicketRefund {
            id: r.refund_id,
            order_id: OrderId(r.order_id),
            line_ids: r.line_ids,
            amount_cents: Cents(r.amount_cents),
            reason: r.reason,
            state: r.state,
            provider_refund_id: r.provider_refund_id,
            created_at: r.created_at,
            done_at: r.done_at,
        })
        .collect())
}

/// The titles of a refund still to cancel in the ticketing system.
pub async fn ticket_refund_titles(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select title_id as "title_id!" from order_line
            where refund_id = $1 and title_id is not null and title_state = 'valid'"#,
        id
    )
    .fetch_all(conn)
    .await
}

/// The refund went through (titles cancelled, money back): its lines are no longer live, their
/// titles cancelled and their seats free; the order is refunded once no line is left. Once:
/// `None` when it was already done. Returns the seat changes and whether the order is now
/// refunded whole.
pub async fn complete_ticket_refund(
    conn: &mut PgConnection,
    id: Uuid,
    provider_refund_id: Option<&str>,
) -> Result<Option<(Vec<Change>, bool)>, sqlx::Error> {
    let Some(r) = sqlx::query!(
        "update order_refund set state = 'done', provider_refund_id = $2, done_at = now()
          where refund_id = $1 and state = 'requested'
        returning order_id, amount_cents",
        id,
        provider_refund_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let seats = sqlx::query!(
        r#"with gone as (
             update order_line set live = false,
                    title_state = case when title_id is not null then 'cancelled' end
              where refund_id = $1
            returning fixture_id, seat_id)
           update seat_inventory i set state = 'free', holder_id = null, held_until = null,
                  reduction_id = null, holder_key = null, updated_at = now()
             from gone g, ticket_order o
            where o.order_id = $2 and i.fixture_id = g.fixture_id and i.seat_id = g.seat_id
              and i.state = 'sold' and i.holder_id = o.user_id and i.season_ticket_id is null
        returning i.fixture_id as "fixture_id: FixtureId", i.seat_id, i.block_id"#,
        id,
        r.order_id
    )
    .fetch_all(&mut *conn)
    .await?;
    let whole = sqlx::query!(
        "update ticket_order set state = $2, payment_status = $4, refunded_at = now(),
                refund_id = coalesce($5, refund_id), modified_at = now()
          where order_id = $1 and state = $3
            and not exists (select 1 from order_line l where l.order_id = $1 and l.live)",
        r.order_id,
        OrderState::Refunded as OrderState,
        OrderState::Issued as OrderState,
        PaymentStatus::Closed as PaymentStatus,
        provider_refund_id
    )
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1;
    audited_as(
        conn,
        "order",
        &r.order_id.to_string(),
        Some(OrderState::Issued),
        if whole {
            OrderState::Refunded
        } else {
            OrderState::Issued
        },
        json!({"refund_done": id, "amount_cents": r.amount_cents, "provider_refund_id": provider_refund_id}),
    )
    .await?;
    let changes: Vec<Change> = seats
        .into_iter()
        .map(|s| Change {
            fixture_id: s.fixture_id,
            block_id: BlockId(s.block_id),
            seat_id: SeatId(s.seat_id),
            state: inventory::SeatState::Free,
        })
        .collect();
    inventory::notify(conn, &changes).await?;
    Ok(Some((changes, whole)))
}

/// What a match's bulk refund has done so far: its issued orders' lines, those a refund
/// was asked for, and those refunded.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FixtureRefundProgress {
    pub lines: i64,
    pub requested: i64,
    pub refunded: i64,
}

pub async fn fixture_refund_progress(
    conn: &mut PgConnection,
    fixture: FixtureId,
) -> Result<FixtureRefundProgress, sqlx::Error> {
    let r = sqlx::query!(
        r#"select count(*) as "lines!",
                  count(l.refund_id) as "requested!",
                  count(*) filter (where r.state = 'done') as "refunded!"
             from order_line l join ticket_order o on o.order_id = l.order_id
             left join order_refund r on r.refund_id = l.refund_id
            where l.fixture_id = $1 and l.title_id is not null
              and (o.state = 'issued' or r.refund_id is not null)"#,
        fixture.0
    )
    .fetch_one(conn)
    .await?;
    Ok(FixtureRefundProgress {
        lines: r.lines,
        requested: r.requested,
        refunded: r.refunded,
    })
}

/// A match's issued orders that still have a line to refund (for its bulk refund).
pub async fn orders_to_refund(
    conn: &mut PgConnection,
    fixture: FixtureId,
) -> Result<Vec<OrderId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select distinct o.order_id as "order_id: OrderId"
             from ticket_order o join order_line l on l.order_id = o.order_id
            where o.fixture_id = $1 and o.state = 'issued' and l.live and l.refund_id is null"#,
        fixture.0
    )
    .fetch_all(conn)
    .await
}
