//! A fan's request for a refund of an order's tickets for a cancelled or postponed match
//! (the spec's /rimborso-biglietti-tickets-refund), and staff's decision on it.

use super::*;

/// A refund request, as the fan and staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RefundRequestView {
    pub id: Uuid,
    #[schema(value_type = String, format = Uuid)]
    pub order_id: OrderId,
    pub fixture: FixtureRef,
    /// `pending`, `approved` or `declined`.
    pub state: String,
    pub reason: String,
    pub staff_note: Option<String>,
    pub buyer_email: String,
    /// The tickets still live in the order, and their price.
    pub tickets: i64,
    pub amount_cents: Cents,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

/// An order of the fan's they may ask a refund for.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RefundableOrder {
    #[schema(value_type = String, format = Uuid)]
    pub order_id: OrderId,
    pub fixture: FixtureRef,
    /// `cancelled` or `postponed`.
    pub why: String,
    pub tickets: i64,
    pub amount_cents: Cents,
    /// A request for it waits for staff.
    pub pending: bool,
}

/// Why a refund request is not recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundRequestRefusal {
    /// Not the fan's issued order.
    NotFound,
    /// The match is neither cancelled nor postponed.
    RefundsNotOpen,
    /// A request for the order already waits.
    Pending,
    /// No ticket of the order is left to refund.
    NothingToRefund,
}

/// `user`'s issued orders for cancelled (status 4) or postponed matches with tickets left.
pub async fn refundable_orders(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<Vec<RefundableOrder>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select o.order_id, f.id as "fixture_id: FixtureId", f.title, f.competition, f.starts_at,
                  f.planet_event_id, f.status, count(l.*) as "tickets!",
                  coalesce(sum(l.price_cents), 0)::bigint as "amount!",
                  exists (select 1 from refund_request q where q.order_id = o.order_id
                           and q.state = 'pending') as "pending!"
             from ticket_order o join fixture f on f.id = o.fixture_id
             join order_line l on l.order_id = o.order_id and l.live and l.refund_id is null
            where o.user_id = $1 and o.state = 'issued' and (f.status = 4 or f.postponed)
            group by o.order_id, f.id
            order by f.starts_at, o.created_at"#,
        user
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| RefundableOrder {
            order_id: OrderId(r.order_id),
            fixture: FixtureRef {
                id: r.fixture_id,
                title: r.title,
                competition: r.competition,
                starts_at: r.starts_at,
                planet_event_id: r.planet_event_id,
            },
            why: if r.status == 4 {
                "cancelled"
            } else {
                "postponed"
            }
            .into(),
            tickets: r.tickets,
            amount_cents: Cents(r.amount),
            pending: r.pending,
        })
        .collect())
}

/// Records `user`'s request for a refund of their order `order_id`.
pub async fn create_refund_request(
    conn: &mut PgConnection,
    user: Uuid,
    order_id: OrderId,
    reason: &str,
) -> Result<Result<Uuid, RefundRequestRefusal>, sqlx::Error> {
    let refundable = refundable_orders(&mut *conn, user).await?;
    let Some(order) = refundable.iter().find(|o| o.order_id == order_id) else {
        let mine = sqlx::query!(
            r#"select f.status, f.postponed from ticket_order o join fixture f on f.id = o.fixture_id
                where o.order_id = $1 and o.user_id = $2 and o.state = 'issued'"#,
            order_id.0,
            user
        )
        .fetch_optional(&mut *conn)
        .await?;
        return Ok(Err(match mine {
            None => RefundRequestRefusal::NotFound,
            Some(f) if f.status != 4 && !f.postponed => RefundRequestRefusal::RefundsNotOpen,
            Some(_) => RefundRequestRefusal::NothingToRefund,
        }));
    };
    if order.pending {
        return Ok(Err(RefundRequestRefusal::Pending));
    }
    let id = Uuid::now_v7();
    let stored = sqlx::query_scalar!(
        "insert into refund_request (request_id, order_id, user_id, reason) values ($1, $2, $3, $4)
         on conflict (order_id) where state = 'pending' do nothing returning request_id",
        id,
        order_id.0,
        user,
        reason
    )
    .fetch_optional(conn)
    .await?;
    Ok(stored.ok_or(RefundRequestRefusal::Pending))
}

/// What staff filter refund requests by.
#[derive(Debug, Clone, Default)]
pub struct RefundRequestFilter {
    pub user: Option<Uuid>,
    pub id: Option<Uuid>,
    pub state: Option<String>,
    pub fixture: Option<FixtureId>,
}

/// Refund requests, newest first: a page and how many match.
pub async fn refund_requests(
    conn: &mut PgConnection,
    f: &RefundRequestFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<RefundRequestView>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select q.request_id, q.order_id, f.id as "fixture_id: FixtureId", f.title, f.competition,
                  f.starts_at, f.planet_event_id, q.state, q.reason, q.staff_note, o.buyer_email,
                  q.created_at, q.decided_at,
                  (select count(*) from order_line l where l.order_id = q.order_id and l.live
                      and l.refund_id is null) as "tickets!",
                  (select coalesce(sum(l.price_cents), 0) from order_line l where l.order_id = q.order_id
                      and l.live and l.refund_id is null)::bigint as "amount!",
                  count(*) over () as "total!"
             from refund_request q join ticket_order o on o.order_id = q.order_id
             join fixture f on f.id = o.fixture_id
            where ($1::uuid is null or q.user_id = $1) and ($2::uuid is null or q.request_id = $2)
              and ($3::text is null or q.state = $3) and ($4::bigint is null or f.id = $4)
            order by q.created_at desc
            offset $5 limit $6"#,
        f.user,
        f.id,
        f.state,
        f.fixture.map(|x| x.0),
        offset,
        limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| RefundRequestView {
                id: r.request_id,
                order_id: OrderId(r.order_id),
                fixture: FixtureRef {
                    id: r.fixture_id,
                    title: r.title,
                    competition: r.competition,
                    starts_at: r.starts_at,
                    planet_event_id: r.planet_event_id,
                },
                state: r.state,
                reason: r.reason,
                staff_note: r.staff_note,
                buyer_email: r.buyer_email,
                tickets: r.tickets,
                amount_cents: Cents(r.amount),
                created_at: r.created_at,
                decided_at: r.decided_at,
            })
            .collect(),
        total,
    ))
}

/// Staff decide a pending request: approved with the refund it started, or declined with a
/// note. Once: false when it was no longer pending.
pub async fn decide_refund_request(
    conn: &mut PgConnection,
    id: Uuid,
    staff: Uuid,
    refund: Option<Uuid>,
    note: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update refund_request set state = case when $3::uuid is null then 'declined' else 'approved' end,
                refund_id = $3, staff_note = $4, decided_by = $2, decided_at = now()
          where request_id = $1 and state = 'pending'",
        id,
        staff,
        refund,
        note
    )
    .execute(conn)
    .await?
    .rows_affected();
    Ok(done == 1)
}

/// Locks a pending request for staff's decision; its order when it is pending.
pub async fn lock_pending_refund_request(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<OrderId>, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select order_id from refund_request where request_id = $1 and state = 'pending' for update",
        id
    )
    .fetch_optional(conn)
    .await?
    .map(OrderId))
}
