//! What staff see of issuing: the issued titles (spec: /admin/tickets/issuedtickets), the
//! orders whose issuing gave up (spec: /admin/tickets/issuefailed), and every order.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// A filter and page of a staff list.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub fixture_id: Option<i64>,
    /// Issued titles: valid, used, cancelled. Failed issues and orders: the order's state.
    pub state: Option<String>,
    pub payment_status: Option<i16>,
    /// Holder, buyer e-mail, seal or seat label (titles); buyer e-mail (orders).
    pub search: Option<String>,
    /// A column to sort by (whitelisted by each list), newest first otherwise.
    pub sort: Option<String>,
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
}

impl ListQuery {
    fn pattern(&self) -> Option<String> {
        self.search.as_deref().map(crate::db::contains_pattern)
    }
}

/// One issued title.
#[derive(Debug, Clone, Serialize)]
pub struct IssuedTicket {
    pub id: i64,
    pub order_id: Uuid,
    pub fixture_id: i64,
    pub fixture_title: String,
    pub starts_at: DateTime<Utc>,
    pub label: String,
    pub sector_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder_name: String,
    pub buyer_email: String,
    pub price_cents: i32,
    pub seal: String,
    pub barcode: String,
    pub state: String,
    pub issued_at: Option<DateTime<Utc>>,
    pub is_order_by_admin: bool,
    pub payment_method: String,
}

/// Issued titles, filtered, with the total.
pub async fn issued_tickets(
    conn: &mut PgConnection,
    q: &ListQuery,
    id: Option<i64>,
) -> Result<(Vec<IssuedTicket>, i64), sqlx::Error> {
    let sort = q
        .sort
        .as_deref()
        .filter(|s| {
            [
                "buyer_email",
                "holder_name",
                "label",
                "fixture_title",
                "seal",
                "issued_at",
            ]
            .contains(s)
        })
        .unwrap_or("");
    let rows = sqlx::query!(
        r#"select l.order_line_id as id, l.order_id, o.fixture_id, f.title as fixture_title, f.starts_at,
                  s.label, b.sector_code, s.row_label, s.number, b.gate,
                  coalesce(l.holder_first_name || ' ' || l.holder_last_name, '') as "holder_name!",
                  o.buyer_email, l.price_cents, l.seal as "seal!", coalesce(l.barcode, '') as "barcode!",
                  coalesce(l.title_state, 'valid') as "state!", l.issued_at, o.is_order_by_admin,
                  o.payment_method, count(*) over () as "total!"
             from order_line l join ticket_order o on o.order_id = l.order_id
             join fixture f on f.id = o.fixture_id join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id
            where l.title_id is not null
              and ($1::bigint is null or o.fixture_id = $1)
              and ($2::text is null or coalesce(l.title_state, 'valid') = $2)
              and ($3::text is null or lower(l.holder_first_name || ' ' || l.holder_last_name) like $3
                   or o.buyer_email like $3 or lower(l.seal) like $3 or lower(s.label) like $3)
              and ($7::bigint is null or l.order_line_id = $7)
            order by case when $4 = 'issued_at' and not $5 then l.issued_at end asc,
                     case when not $5 then case $4 when 'buyer_email' then o.buyer_email
                            when 'holder_name' then l.holder_last_name when 'label' then s.label
                            when 'fixture_title' then f.title when 'seal' then l.seal end end asc,
                     case when $5 then case $4 when 'buyer_email' then o.buyer_email
                            when 'holder_name' then l.holder_last_name when 'label' then s.label
                            when 'fixture_title' then f.title when 'seal' then l.seal end end desc,
                     l.issued_at desc, l.order_line_id desc
            offset $6 limit $8"#,
        q.fixture_id,
        q.state,
        q.pattern(),
        sort,
        q.descending,
        q.offset,
        id,
        q.limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| IssuedTicket {
                id: r.id,
                order_id: r.order_id,
                fixture_id: r.fixture_id,
                fixture_title: r.fixture_title,
                starts_at: r.starts_at,
                label: r.label,
                sector_code: r.sector_code,
                row: r.row_label,
                number: r.number,
                gate: r.gate,
                holder_name: r.holder_name,
                buyer_email: r.buyer_email,
                price_cents: r.price_cents,
                seal: r.seal,
                barcode: r.barcode,
                state: r.state,
                issued_at: r.issued_at,
                is_order_by_admin: r.is_order_by_admin,
                payment_method: r.payment_method,
            })
            .collect(),
        total,
    ))
}

/// An order as staff lists show it (failed issues and all orders).
#[derive(Debug, Clone, Serialize)]
pub struct OrderRow {
    pub id: Uuid,
    pub fixture_id: i64,
    pub fixture_title: String,
    pub buyer_email: String,
    pub payment_status: i16,
    pub state: String,
    pub total_cents: i64,
    pub lines: i64,
    pub issued_lines: i64,
    pub error: Option<String>,
    pub attempts: i32,
    pub failed_at: Option<DateTime<Utc>>,
    pub is_order_by_admin: bool,
    pub payment_method: String,
    pub created_at: DateTime<Utc>,
}

/// Orders, filtered; with `failed_only`, those whose issuing gave up at some point (the
/// failed issues: still failed, being retried or refunded, or issued on a retry).
pub async fn orders(
    conn: &mut PgConnection,
    q: &ListQuery,
    failed_only: bool,
    id: Option<Uuid>,
) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"select o.order_id, o.fixture_id, f.title, o.buyer_email, o.payment_status, o.state,
                  o.total_cents, o.issue_error, o.issue_attempts, o.failed_at, o.is_order_by_admin,
                  o.payment_method, o.created_at,
                  (select count(*) from order_line l where l.order_id = o.order_id) as "lines!",
                  (select count(*) from order_line l where l.order_id = o.order_id and l.title_id is not null) as "issued!",
                  count(*) over () as "total!"
             from ticket_order o join fixture f on f.id = o.fixture_id
            where (not $1 or ((o.failed_at is not null or o.issue_error is not null) and o.mass_task_id is null))
              and ($2::bigint is null or o.fixture_id = $2)
              and ($3::text is null or o.state = $3)
              and ($4::smallint is null or o.payment_status = $4)
              and ($5::text is null or o.buyer_email like $5)
              and ($6::uuid is null or o.order_id = $6)
            order by coalesce(o.failed_at, o.created_at) desc, o.order_id
            offset $7 limit $8"#,
        failed_only,
        q.fixture_id,
        q.state,
        q.payment_status,
        q.pattern(),
        id,
        q.offset,
        q.limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| OrderRow {
                id: r.order_id,
                fixture_id: r.fixture_id,
                fixture_title: r.title,
                buyer_email: r.buyer_email,
                payment_status: r.payment_status,
                state: r.state,
                total_cents: r.total_cents,
                lines: r.lines,
                issued_lines: r.issued,
                error: r.issue_error,
                attempts: r.issue_attempts,
                failed_at: r.failed_at,
                is_order_by_admin: r.is_order_by_admin,
                payment_method: r.payment_method,
                created_at: r.created_at,
            })
            .collect(),
        total,
    ))
}

/// A card payment of ours, for the payment report: paid and perhaps refunded.
#[derive(Debug, Clone)]
pub struct CardPayment {
    pub order_id: Uuid,
    pub intent_id: String,
    pub total_cents: i64,
    pub paid_at: Option<DateTime<Utc>>,
    pub refund_id: Option<String>,
    pub refunded_at: Option<DateTime<Utc>>,
}

/// Card payments paid or refunded in `[from, to)`. A payment that arrived for an order
/// already cancelled was refunded at once and never marked paid: its refund says it was
/// taken, and when.
pub async fn card_payments(
    conn: &mut PgConnection,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<CardPayment>, sqlx::Error> {
    sqlx::query_as!(
        CardPayment,
        r#"select order_id, payment_intent_id as "intent_id!", total_cents,
                  coalesce(paid_at, case when refund_id is not null then refunded_at end) as paid_at,
                  refund_id, refunded_at
             from ticket_order
            where payment_method = 'card' and payment_intent_id is not null
              and ((coalesce(paid_at, case when refund_id is not null then refunded_at end) >= $1
                    and coalesce(paid_at, case when refund_id is not null then refunded_at end) < $2)
                   or (refunded_at >= $1 and refunded_at < $2))
            order by 4"#,
        from,
        to
    )
    .fetch_all(conn)
    .await
}
