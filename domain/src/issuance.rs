//! What staff see of issuing: the issued titles (spec: /admin/tickets/issuedtickets), the
//! orders whose issuing gave up (spec: /admin/tickets/issuefailed), and every order.

use crate::ids::{FixtureId, OrderId};
use crate::money::Cents;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::orders::{OrderState, PaymentMethod, PaymentStatus, TitleState};

/// A filter and page of a staff list.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub fixture_id: Option<FixtureId>,
    /// The buyer's account.
    pub user_id: Option<Uuid>,
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
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct IssuedTicket {
    pub id: i64,
    #[schema(value_type = String, format = Uuid)]
    pub order_id: OrderId,
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub starts_at: DateTime<Utc>,
    pub label: String,
    pub sector_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder_name: String,
    pub buyer_email: String,
    pub price_cents: Cents,
    pub seal: String,
    pub barcode: String,
    pub state: TitleState,
    pub issued_at: Option<DateTime<Utc>>,
    pub is_order_by_admin: bool,
    pub payment_method: PaymentMethod,
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
                  coalesce(l.title_state, 'valid') as "state!: TitleState", l.issued_at, o.is_order_by_admin,
                  o.payment_method as "payment_method: PaymentMethod", count(*) over () as "total!"
             from order_line l join ticket_order o on o.order_id = l.order_id
             join fixture f on f.id = o.fixture_id join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id
            where l.title_id is not null
              and ($1::bigint is null or o.fixture_id = $1)
              and ($2::text is null or coalesce(l.title_state, 'valid') = $2)
              and ($3::text is null or lower(l.holder_first_name || ' ' || l.holder_last_name) like $3
                   or o.buyer_email like $3 or lower(l.seal) like $3 or lower(s.label) like $3)
              and ($7::bigint is null or l.order_line_id = $7)
              and ($9::uuid is null or o.user_id = $9)
            order by case when $4 = 'issued_at' and not $5 then l.issued_at end asc,
                     case when not $5 then case $4 when 'buyer_email' then o.buyer_email
                            when 'holder_name' then l.holder_last_name when 'label' then s.label
                            when 'fixture_title' then f.title when 'seal' then l.seal end end asc,
                     case when $5 then case $4 when 'buyer_email' then o.buyer_email
                            when 'holder_name' then l.holder_last_name when 'label' then s.label
                            when 'fixture_title' then f.title when 'seal' then l.seal end end desc,
                     l.issued_at desc, l.order_line_id desc
            offset $6 limit $8"#,
        q.fixture_id.map(|i| i.0),
        q.state,
        q.pattern(),
        sort,
        q.descending,
        q.offset,
        id,
        q.limit,
        q.user_id
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| IssuedTicket {
                id: r.id,
                order_id: OrderId(r.order_id),
                fixture_id: FixtureId(r.fixture_id),
                fixture_title: r.fixture_title,
                starts_at: r.starts_at,
                label: r.label,
                sector_code: r.sector_code,
                row: r.row_label,
                number: r.number,
                gate: r.gate,
                holder_name: r.holder_name,
                buyer_email: r.buyer_email,
                price_cents: Cents(r.price_cents),
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
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderRow {
    #[schema(value_type = String, format = Uuid)]
    pub id: OrderId,
    /// The buyer's account.
    pub user_id: Uuid,
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub buyer_email: String,
    pub payment_status: PaymentStatus,
    pub state: OrderState,
    pub total_cents: Cents,
    pub lines: i64,
    pub issued_lines: i64,
    pub error: Option<String>,
    /// The ticketing system's code when issuing was refused (TESSERA_RICHIESTA, ...).
    pub error_code: Option<String>,
    /// Whether staff may retry the issue: failed, and not refused for good (a refusal does not
    /// change on a retry; such an order is refunded by itself).
    pub retryable: bool,
    pub attempts: i32,
    pub failed_at: Option<DateTime<Utc>>,
    pub is_order_by_admin: bool,
    pub payment_method: PaymentMethod,
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
    let sort = q
        .sort
        .as_deref()
        .filter(|s| ORDER_SORTS.contains(s))
        .unwrap_or("");
    let rows = sqlx::query!(
        r#"select o.order_id, o.user_id, o.fixture_id, f.title, o.buyer_email,
                  o.payment_status as "payment_status: PaymentStatus", o.state as "state: OrderState",
                  o.total_cents, o.issue_error, o.issue_attempts, o.failed_at, o.is_order_by_admin,
                  o.payment_method as "payment_method: PaymentMethod", o.created_at,
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
              and ($9::uuid is null or o.user_id = $9)
            order by case when not $11 then case $10 when 'created_at' then o.created_at
                            when 'failed_at' then o.failed_at end end asc,
                     case when $11 then case $10 when 'created_at' then o.created_at
                            when 'failed_at' then o.failed_at end end desc,
                     case when not $11 then case $10 when 'buyer_email' then o.buyer_email
                            when 'state' then o.state end end asc,
                     case when $11 then case $10 when 'buyer_email' then o.buyer_email
                            when 'state' then o.state end end desc,
                     case when not $11 and $10 = 'total_cents' then o.total_cents end asc,
                     case when $11 and $10 = 'total_cents' then o.total_cents end desc,
                     coalesce(o.failed_at, o.created_at) desc, o.order_id
            offset $7 limit $8"#,
        failed_only,
        q.fixture_id.map(|i| i.0),
        q.state,
        q.payment_status,
        q.pattern(),
        id,
        q.offset,
        q.limit,
        q.user_id,
        sort,
        q.descending
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((
        rows.into_iter()
            .map(|r| {
                let error_code = r
                    .issue_error
                    .as_deref()
                    .and_then(refusal_code)
                    .map(str::to_owned);
                OrderRow {
                    id: OrderId(r.order_id),
                    user_id: r.user_id,
                    fixture_id: FixtureId(r.fixture_id),
                    fixture_title: r.title,
                    buyer_email: r.buyer_email,
                    payment_status: r.payment_status,
                    retryable: r.state == OrderState::Failed && error_code.is_none(),
                    error_code,
                    state: r.state,
                    total_cents: Cents(r.total_cents),
                    lines: r.lines,
                    issued_lines: r.issued,
                    error: r.issue_error,
                    attempts: r.issue_attempts,
                    failed_at: r.failed_at,
                    is_order_by_admin: r.is_order_by_admin,
                    payment_method: r.payment_method,
                    created_at: r.created_at,
                }
            })
            .collect(),
        total,
    ))
}

/// The columns the order lists sort by.
pub const ORDER_SORTS: [&str; 5] = [
    "created_at",
    "failed_at",
    "buyer_email",
    "total_cents",
    "state",
];

/// The vendor's code in an issuing error's text, when the ticketing system refused
/// (`refused: CODE: message`, as the ticketing client's refusal displays).
pub fn refusal_code(error: &str) -> Option<&str> {
    let rest = error.split("refused: ").nth(1)?;
    let code = rest.split(':').next()?.trim();
    (!code.is_empty() && code.chars().all(|c| c.is_ascii_uppercase() || c == '_')).then_some(code)
}

/// One seat of an order, as staff see it on the order's page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LineDetail {
    pub id: i64,
    pub label: String,
    pub sector_code: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub reduction_code: String,
    pub reduction_name: String,
    pub price_cents: Cents,
    pub holder_name: Option<String>,
    pub holder_birth_date: Option<chrono::NaiveDate>,
    pub seal: Option<String>,
    pub title_state: Option<TitleState>,
    pub issued_at: Option<DateTime<Utc>>,
    pub ineligible_reason: Option<String>,
}

/// An e-mail sent about an order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderEmail {
    pub id: Uuid,
    pub template: String,
    pub subject: String,
    pub status: crate::notifications::outbound::EmailStatus,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// An audit entry about an order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderAudit {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor_email: Option<String>,
    pub action: String,
    pub details: serde_json::Value,
}

/// An order's page for staff: the row, the payment, each seat with its holder and title, the
/// e-mails sent about it and its audit trail.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderDetail {
    #[serde(flatten)]
    pub row: OrderRow,
    pub language: String,
    pub paid_at: Option<DateTime<Utc>>,
    pub refunded_at: Option<DateTime<Utc>>,
    pub refund_id: Option<String>,
    pub payment_intent_id: Option<String>,
    pub refund_reason: Option<String>,
    pub details: Vec<LineDetail>,
    pub emails: Vec<OrderEmail>,
    pub audit: Vec<OrderAudit>,
}

/// The order's page, if the order exists.
pub async fn order_detail(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<OrderDetail>, sqlx::Error> {
    let one = ListQuery {
        limit: 1,
        ..Default::default()
    };
    let Some(row) = orders(conn, &one, false, Some(id))
        .await?
        .0
        .into_iter()
        .next()
    else {
        return Ok(None);
    };
    let Some(order) = crate::orders::load(conn, OrderId(id)).await? else {
        return Ok(None);
    };
    let pay = sqlx::query!(
        "select language, paid_at, refunded_at, refund_id, payment_intent_id, refund_reason
           from ticket_order where order_id = $1",
        id
    )
    .fetch_one(&mut *conn)
    .await?;
    // The e-mails to the buyer that name this order (every order e-mail carries its number).
    let emails = sqlx::query_as!(
        OrderEmail,
        r#"select outbound_email_id as id, template, subject, status as "status: crate::notifications::outbound::EmailStatus", created_at, sent_at
             from outbound_email
            where to_address = $1 and created_at >= $2 and body_text like $3
            order by created_at"#,
        order.buyer_email,
        order.created_at,
        format!("%{id}%")
    )
    .fetch_all(&mut *conn)
    .await?;
    let audit = sqlx::query_as!(
        OrderAudit,
        r#"select a.audit_entry_id as id, a.created_at as at, u.email as "actor_email?", a.action, a.details
             from audit_entry a left join app_user u on u.user_id = a.actor_user_id
            where a.subject_type = 'order' and a.subject_id = $1
            order by a.created_at"#,
        id.to_string()
    )
    .fetch_all(&mut *conn)
    .await?;
    let details = order
        .lines
        .iter()
        .map(|l| LineDetail {
            id: l.id,
            label: l.label.clone(),
            sector_code: l.sector_code.clone(),
            sector_name: l.sector_name.clone(),
            block_code: l.block_code.clone(),
            row: l.row.clone(),
            number: l.number,
            gate: l.gate.clone(),
            reduction_code: l.reduction_code.clone(),
            reduction_name: l.reduction_name.clone(),
            price_cents: l.price_cents,
            holder_name: l.holder.as_ref().map(|h| h.full_name()),
            holder_birth_date: l.holder.as_ref().map(|h| h.birth_date),
            seal: l.title.as_ref().map(|t| t.seal.clone()),
            title_state: l.title.as_ref().map(|t| t.state),
            issued_at: l.title.as_ref().and_then(|t| t.issued_at),
            ineligible_reason: l.ineligible_reason.clone(),
        })
        .collect();
    Ok(Some(OrderDetail {
        row,
        language: pay.language,
        paid_at: pay.paid_at,
        refunded_at: pay.refunded_at,
        refund_id: pay.refund_id,
        payment_intent_id: pay.payment_intent_id,
        refund_reason: pay.refund_reason,
        details,
        emails,
        audit,
    }))
}

/// A card payment of ours, for the payment report: paid and perhaps refunded.
#[derive(Debug, Clone)]
pub struct CardPayment {
    pub order_id: OrderId,
    pub intent_id: String,
    pub total_cents: Cents,
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
