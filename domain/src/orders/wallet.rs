//! A fan's wallet: their issued titles, soonest match first.

use super::*;
use crate::money::Cents;

/// Orders shown in the wallet were created after this instant (spec: 1753981200000 ms).
pub const WALLET_SINCE_MS: i64 = 1_753_981_200_000;

/// A title in a fan's wallet.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WalletTicket {
    pub id: i64,
    #[schema(value_type = String, format = Uuid)]
    pub order_id: OrderId,
    pub fixture: FixtureRef,
    pub label: String,
    pub sector_code: String,
    pub sector_name: String,
    pub block_code: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub holder_name: String,
    pub price_cents: Cents,
    pub reduction_code: String,
    pub reduction_name: String,
    /// A standing place (no row, no number to show).
    pub no_map: bool,
    pub seal: String,
    pub barcode: String,
    pub state: TitleState,
    pub issued_at: Option<DateTime<Utc>>,
    /// Passed on to this fan by its previous holder (a change of holder).
    pub received: bool,
}

/// `user`'s titles under the spec's list rules (created after 1753981200000 ms, issued),
/// soonest match first; or one of them by line id. The spec's third rule, "modified more than
/// 60 s ago", hid the old app's half-written reservations; here an order has a definite issued
/// state, reached in the transaction that stores its last title, so issued tickets show at
/// once (the thank-you page sends the fan here the moment they are).
pub async fn wallet(
    conn: &mut PgConnection,
    user: Uuid,
    line: Option<i64>,
) -> Result<Vec<WalletTicket>, sqlx::Error> {
    wallet_of(conn, Some(user), line).await
}

/// The ticket on `line` as its holder's wallet shows it, whoever holds it (a signed e-mail
/// link names it; its new holder may have no account).
pub async fn ticket_of_line(
    conn: &mut PgConnection,
    line: i64,
) -> Result<Option<WalletTicket>, sqlx::Error> {
    Ok(wallet_of(conn, None, Some(line)).await?.into_iter().next())
}

/// `user`'s tickets (or, without a user, the one on `line`).
async fn wallet_of(
    conn: &mut PgConnection,
    user: Option<Uuid>,
    line: Option<i64>,
) -> Result<Vec<WalletTicket>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"with mine as (
             select l.order_line_id from order_line l join ticket_order o on o.order_id = l.order_id
              where o.user_id = $1 and not l.passed_on
             union all
             select order_line_id from order_line where holder_user_id = $1)
           select l.order_line_id, l.order_id, f.id as "fixture_id: FixtureId", f.title, f.competition, f.starts_at,
                  f.planet_event_id, s.label, b.sector_code, sec.name as sector_name, b.code as block_code,
                  s.row_label, s.number, b.gate, l.holder_first_name, l.holder_last_name, l.price_cents,
                  r.code as reduction_code, r.name as reduction_name, b.no_map,
                  l.seal as "seal!", l.barcode, l.title_state as "title_state: TitleState", l.issued_at, l.passed_on
             from order_line l join ticket_order o on o.order_id = l.order_id
             join fixture f on f.id = o.fixture_id join venue_seat s on s.id = l.seat_id
             join venue_block b on b.id = l.block_id join venue_sector sec on sec.code = b.sector_code
             join reduction r on r.id = l.reduction_id
            where (($1::uuid is null and $3::bigint is not null)
                   or l.order_line_id in (select order_line_id from mine))
              and l.title_id is not null and l.live
              and o.state = 'issued'
              and o.created_at > to_timestamp($2::bigint / 1000.0)
              and ($3::bigint is null or l.order_line_id = $3)
            order by f.starts_at, l.order_line_id"#,
        user,
        WALLET_SINCE_MS,
        line
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| WalletTicket {
            id: r.order_line_id,
            order_id: OrderId(r.order_id),
            fixture: FixtureRef {
                id: r.fixture_id,
                title: r.title,
                competition: r.competition,
                starts_at: r.starts_at,
                planet_event_id: r.planet_event_id,
            },
            label: r.label,
            sector_code: r.sector_code,
            sector_name: r.sector_name,
            block_code: r.block_code,
            row: r.row_label,
            number: r.number,
            gate: r.gate,
            holder_name: format!(
                "{} {}",
                r.holder_first_name.unwrap_or_default(),
                r.holder_last_name.unwrap_or_default()
            )
            .trim()
            .to_owned(),
            price_cents: Cents(r.price_cents),
            reduction_code: r.reduction_code,
            reduction_name: r.reduction_name,
            no_map: r.no_map,
            seal: r.seal,
            barcode: r.barcode.unwrap_or_default(),
            state: r.title_state.unwrap_or(TitleState::Valid),
            issued_at: r.issued_at,
            received: r.passed_on,
        })
        .collect())
}
