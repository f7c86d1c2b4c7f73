//! Naming an order's holders and reductions, under the rules (a reduction sold for the sector, a holder qualifying on the match day, one seat per person per fixture).

use super::*;

/// One line's holder and reduction, as staff or the fan name them.
#[derive(Debug, Clone)]
pub struct NamedLine {
    pub line_id: i64,
    pub reduction_id: ReductionId,
    pub holder: HolderDetails,
}

/// Why holders could not be named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NamingRefusal {
    NotPending,
    /// A line not of this order, or a line of the order left out.
    WrongLines,
    /// Reductions not sold online for the line's sector: their line ids.
    ReductionNotAllowed(Vec<i64>),
    /// The same person twice, or holding a seat of this fixture in another order.
    HolderHasSeat(Vec<i64>),
    /// The payment has begun: names may change, prices (reductions) may not.
    PaymentStarted,
    /// These lines' holders do not qualify for their reduction on the match day.
    HolderNotEligible(Vec<i64>),
}

/// Names every line's holder and reduction (re-pricing the line), all or nothing. Run in a
/// transaction; roll back on a refusal.
pub async fn name_holders(
    conn: &mut PgConnection,
    order: &Order,
    named: &[NamedLine],
    online_only: bool,
) -> Result<Result<(), NamingRefusal>, sqlx::Error> {
    if order.state != OrderState::Pending || order.payment_status != PaymentStatus::Pending {
        return Ok(Err(NamingRefusal::NotPending));
    }
    let mut ids: Vec<i64> = named.iter().map(|n| n.line_id).collect();
    ids.sort_unstable();
    let mut mine: Vec<i64> = order.lines.iter().map(|l| l.id).collect();
    mine.sort_unstable();
    if ids != mine {
        return Ok(Err(NamingRefusal::WrongLines));
    }
    if order.payment_intent_id.is_some()
        && named.iter().any(|n| {
            order
                .lines
                .iter()
                .any(|l| l.id == n.line_id && l.reduction_id != n.reduction_id)
        })
    {
        return Ok(Err(NamingRefusal::PaymentStarted));
    }
    let keys: Vec<String> = named.iter().map(|n| n.holder.key()).collect();
    let twice: Vec<i64> = named
        .iter()
        .zip(&keys)
        .filter(|(_, k)| keys.iter().filter(|o| o == k).count() > 1)
        .map(|(n, _)| n.line_id)
        .collect();
    if !twice.is_empty() {
        return Ok(Err(NamingRefusal::HolderHasSeat(twice)));
    }
    let reductions: Vec<i32> = named.iter().map(|n| n.reduction_id.0).collect();
    let refused = sqlx::query_scalar!(
        r#"select u.line_id as "line_id!" from unnest($1::bigint[], $2::int[]) as u(line_id, reduction_id)
             join order_line l on l.order_line_id = u.line_id
             join venue_block b on b.id = l.block_id
            where not exists (
                  select 1 from default_price p join reduction r on r.id = p.reduction_id
                   where p.sector_code = b.sector_code and p.reduction_id = u.reduction_id
                     and (r.visibility >= 1 or not $3))
            order by 1"#,
        &named.iter().map(|n| n.line_id).collect::<Vec<_>>(),
        &reductions,
        online_only
    )
    .fetch_all(&mut *conn)
    .await?;
    if !refused.is_empty() {
        return Ok(Err(NamingRefusal::ReductionNotAllowed(refused)));
    }
    let rules: BTreeMap<i32, String> = sqlx::query!(
        "select id, rule from reduction where id = any($1)",
        &reductions
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.rule))
    .collect();
    let match_day = order
        .fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let not_eligible: Vec<i64> = named
        .iter()
        .filter(|n| {
            !n.holder.qualifies(
                rules
                    .get(&n.reduction_id.0)
                    .map_or(HolderRule::Anyone, |r| HolderRule::parse(r)),
                match_day,
            )
        })
        .map(|n| n.line_id)
        .collect();
    if !not_eligible.is_empty() {
        return Ok(Err(NamingRefusal::HolderNotEligible(not_eligible)));
    }
    // Clear first, so that swapping two holders between lines is not a conflict.
    sqlx::query!(
        "update order_line set holder_key = null where order_id = $1",
        order.id.0
    )
    .execute(&mut *conn)
    .await?;
    for (n, key) in named.iter().zip(&keys) {
        let h = &n.holder;
        let updated = sqlx::query!(
            r#"update order_line l set reduction_id = $2,
                      price_cents = (select p.price_cents from default_price p join venue_block b on b.sector_code = p.sector_code
                                      where b.id = l.block_id and p.reduction_id = $2),
                      holder_first_name = $3, holder_last_name = $4, holder_birth_date = $5,
                      holder_birth_place = $6, holder_document_type = $7, holder_document_number = $8,
                      holder_key = $9, holder_sex = $10, eligible = null, ineligible_reason = null
                where l.order_line_id = $1"#,
            n.line_id,
            n.reduction_id.0,
            h.first_name,
            h.last_name,
            h.birth_date,
            h.birth_place,
            h.document_type,
            h.document_number,
            key,
            h.sex
        )
        .execute(&mut *conn)
        .await;
        match updated {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.constraint() == Some(ONE_SEAT_PER_HOLDER) => {
                return Ok(Err(NamingRefusal::HolderHasSeat(vec![n.line_id])));
            }
            Err(e) => return Err(e),
        }
    }
    refresh_total(conn, order.id).await?;
    Ok(Ok(()))
}

/// Records what the ticketing system said of a line's holder.
pub async fn set_eligibility(
    conn: &mut PgConnection,
    line_id: i64,
    eligible: bool,
    reason: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update order_line set eligible = $2, ineligible_reason = $3 where order_line_id = $1",
        line_id,
        eligible,
        reason
    )
    .execute(conn)
    .await?;
    Ok(())
}
