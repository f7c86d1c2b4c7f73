//! The venue: sectors, blocks, seats (and the places of no-map blocks), reduction codes and
//! default prices in integer cents. Imported from the ticketing system's plan; staff edit
//! gates, the season flag and prices.

use crate::money::Cents;
use serde::Serialize;
use sqlx::PgConnection;

use crate::ids::{BlockId, ReductionId};

/// A block of the ticketing system's plan, as imported.
#[derive(Debug, Clone)]
pub struct PlanBlock {
    pub id: i32,
    pub sector_code: String,
    pub sector_name: String,
    pub code: String,
    pub gate: String,
    pub capacity: i32,
    pub away: bool,
    pub no_map: bool,
    pub seats: Vec<PlanSeat>,
}

#[derive(Debug, Clone)]
pub struct PlanSeat {
    pub planet_id: i32,
    pub row: String,
    pub number: i32,
    pub label: String,
}

/// A reduction code with its qualifying rule.
#[derive(Debug, Clone, Serialize)]
pub struct Reduction {
    pub id: i32,
    pub code: String,
    pub name: String,
    pub visibility: i16,
    pub rule: String,
}

/// What an import changed.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct ImportCounts {
    pub sectors: i64,
    pub blocks: i64,
    pub seats: i64,
}

/// Imports (or refreshes) the plan: sectors in the plan's order, blocks with their gates,
/// numbered seats, and one place per capacity unit of a no-map block. Staff edits to gates
/// and the season flag are kept.
pub async fn import_plan(
    conn: &mut PgConnection,
    plan: &[PlanBlock],
) -> Result<ImportCounts, sqlx::Error> {
    let mut sectors: Vec<&PlanBlock> = vec![];
    for b in plan {
        if !sectors.iter().any(|s| s.sector_code == b.sector_code) {
            sectors.push(b);
        }
    }
    for (i, s) in sectors.iter().enumerate() {
        sqlx::query!(
            "insert into venue_sector (code, name, away, no_map, sort_order) values ($1, $2, $3, $4, $5)
             on conflict (code) do update set name = excluded.name, away = excluded.away,
               no_map = excluded.no_map, sort_order = excluded.sort_order",
            s.sector_code,
            s.sector_name,
            plan.iter().filter(|b| b.sector_code == s.sector_code).all(|b| b.away),
            plan.iter().filter(|b| b.sector_code == s.sector_code).all(|b| b.no_map),
            i as i32
        )
        .execute(&mut *conn)
        .await?;
    }
    let mut seats = 0;
    for b in plan {
        let rows = b
            .seats
            .iter()
            .map(|s| s.row.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .len() as i32;
        let per_row = b.seats.iter().map(|s| s.number).max().unwrap_or(0);
        sqlx::query!(
            "insert into venue_block (id, sector_code, code, gate, capacity, rows, seats_per_row, no_map, away)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             on conflict (id) do update set sector_code = excluded.sector_code, code = excluded.code,
               capacity = excluded.capacity, rows = excluded.rows,
               seats_per_row = excluded.seats_per_row, no_map = excluded.no_map, away = excluded.away",
            b.id,
            b.sector_code,
            b.code,
            b.gate,
            b.capacity,
            rows,
            per_row,
            b.no_map,
            b.away
        )
        .execute(&mut *conn)
        .await?;
        let (planet, row, number, label): (Vec<Option<i32>>, Vec<String>, Vec<i32>, Vec<String>) =
            if b.no_map {
                (1..=b.capacity)
                    .map(|n| {
                        (
                            None,
                            "P".to_owned(),
                            n,
                            format!("{}-{}-P-{n}", b.sector_code, b.code),
                        )
                    })
                    .collect()
            } else {
                b.seats
                    .iter()
                    .map(|s| (Some(s.planet_id), s.row.clone(), s.number, s.label.clone()))
                    .collect()
            };
        seats += sqlx::query!(
            "insert into venue_seat (block_id, planet_seat_id, row_label, number, label)
             select $1, * from unnest($2::int[], $3::text[], $4::int[], $5::text[])
             on conflict (label) do nothing",
            b.id,
            &planet as &[Option<i32>],
            &row,
            &number,
            &label
        )
        .execute(&mut *conn)
        .await?
        .rows_affected() as i64;
    }
    Ok(ImportCounts {
        sectors: sectors.len() as i64,
        blocks: plan.len() as i64,
        seats,
    })
}

/// Stores the reduction codes, and each sector's price with each (`prices[sector][reduction]`)
/// where none is set yet: staff's prices are kept.
pub async fn import_prices(
    conn: &mut PgConnection,
    reductions: &[Reduction],
    prices: &[(String, i32, Cents)],
) -> Result<(), sqlx::Error> {
    for r in reductions {
        sqlx::query!(
            "insert into reduction (id, code, name, visibility, rule) values ($1, $2, $3, $4, $5)
             on conflict (id) do update set code = excluded.code, name = excluded.name,
               visibility = excluded.visibility, rule = excluded.rule",
            r.id,
            r.code,
            r.name,
            r.visibility,
            r.rule
        )
        .execute(&mut *conn)
        .await?;
    }
    for (sector, reduction, cents) in prices {
        sqlx::query!(
            "insert into default_price (sector_code, reduction_id, price_cents)
             select $1, $2, $3 where exists (select 1 from venue_sector where code = $1)
             on conflict do nothing",
            sector,
            reduction,
            cents.0
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A sector with its size.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Sector {
    pub id: String,
    pub code: String,
    pub name: String,
    pub away: bool,
    pub no_map: bool,
    pub capacity: i64,
    pub blocks: i64,
}

pub async fn sectors(conn: &mut PgConnection) -> Result<Vec<Sector>, sqlx::Error> {
    sqlx::query_as!(
        Sector,
        r#"select s.code as "id!", s.code, s.name, s.away, s.no_map,
                  coalesce(sum(b.capacity), 0)::bigint as "capacity!", count(b.id) as "blocks!"
             from venue_sector s left join venue_block b on b.sector_code = s.code
            group by s.code order by s.sort_order"#
    )
    .fetch_all(conn)
    .await
}

/// A block of the venue.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Block {
    #[schema(value_type = i32)]
    pub id: BlockId,
    pub code: String,
    pub sector_code: String,
    pub gate: String,
    pub capacity: i32,
    pub rows: i32,
    pub seats_per_row: i32,
    pub no_map: bool,
    pub away: bool,
    pub season_sellable: bool,
}

pub async fn blocks(
    conn: &mut PgConnection,
    sector: Option<&str>,
) -> Result<Vec<Block>, sqlx::Error> {
    sqlx::query_as!(
        Block,
        r#"select b.id as "id: BlockId", b.code, b.sector_code, b.gate, b.capacity, b.rows, b.seats_per_row, b.no_map,
                b.away, b.season_sellable
           from venue_block b join venue_sector s on s.code = b.sector_code
          where $1::text is null or b.sector_code = $1
          order by s.sort_order, b.id"#,
        sector
    )
    .fetch_all(conn)
    .await
}

pub async fn block(conn: &mut PgConnection, id: BlockId) -> Result<Option<Block>, sqlx::Error> {
    sqlx::query_as!(
        Block,
        r#"select id as "id: BlockId", code, sector_code, gate, capacity, rows, seats_per_row, no_map, away, season_sellable
           from venue_block where id = $1"#,
        id.0
    )
    .fetch_optional(conn)
    .await
}

/// Staff's changes to a block: its gate and whether it sells season tickets.
pub async fn update_block(
    conn: &mut PgConnection,
    id: BlockId,
    gate: Option<&str>,
    season_sellable: Option<bool>,
) -> Result<Option<Block>, sqlx::Error> {
    sqlx::query_as!(
        Block,
        r#"update venue_block set gate = coalesce($2, gate), season_sellable = coalesce($3, season_sellable)
          where id = $1
         returning id as "id: BlockId", code, sector_code, gate, capacity, rows, seats_per_row, no_map, away, season_sellable"#,
        id.0,
        gate,
        season_sellable
    )
    .fetch_optional(conn)
    .await
}

/// A default price: a sector with a reduction.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Price {
    /// `SECTOR:reduction`
    pub id: String,
    pub sector_code: String,
    pub sector_name: String,
    #[schema(value_type = i32)]
    pub reduction_id: ReductionId,
    pub reduction_code: String,
    pub reduction_name: String,
    /// Who the reduction is for: the staff's sale form checks holders by it.
    pub rule: crate::orders::HolderRule,
    pub price_cents: Cents,
}

pub async fn prices(
    conn: &mut PgConnection,
    sector: Option<&str>,
) -> Result<Vec<Price>, sqlx::Error> {
    sqlx::query_as!(
        Price,
        r#"select p.sector_code || ':' || p.reduction_id as "id!", p.sector_code, s.name as sector_name,
                  p.reduction_id, r.code as reduction_code, r.name as reduction_name,
                  r.rule as "rule: crate::orders::HolderRule", p.price_cents as "price_cents: Cents"
             from default_price p join venue_sector s on s.code = p.sector_code
             join reduction r on r.id = p.reduction_id
            where $1::text is null or p.sector_code = $1
            order by s.sort_order, r.id"#,
        sector
    )
    .fetch_all(conn)
    .await
}

pub async fn set_price(
    conn: &mut PgConnection,
    sector: &str,
    reduction: i32,
    cents: Cents,
) -> Result<Option<Price>, sqlx::Error> {
    let updated = sqlx::query!(
        "update default_price set price_cents = $3 where sector_code = $1 and reduction_id = $2",
        sector,
        reduction,
        cents.0
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated == 0 {
        return Ok(None);
    }
    Ok(prices(conn, Some(sector))
        .await?
        .into_iter()
        .find(|p| p.reduction_id == ReductionId(reduction)))
}

/// Reductions sold online (visibility 1 or 2).
pub async fn online_reductions(conn: &mut PgConnection) -> Result<Vec<Reduction>, sqlx::Error> {
    sqlx::query_as!(
        Reduction,
        "select id, code, name, visibility, rule from reduction where visibility >= 1 order by id"
    )
    .fetch_all(conn)
    .await
}

/// A reduction's id by its code (`INTERO`, `U14` ...).
pub async fn reduction_id(
    conn: &mut PgConnection,
    code: &str,
) -> Result<Option<ReductionId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select id as "id: ReductionId" from reduction where code = $1"#,
        code
    )
    .fetch_optional(conn)
    .await
}
