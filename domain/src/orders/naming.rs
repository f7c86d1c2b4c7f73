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
    /// A renewal's line named for someone other than the renewed holder.
    NotTheRenewedHolder(Vec<i64>),
}

/// The checks naming makes for every kind of order, before the database's: the order pending
/// and unpaid, every line of it named once, no reduction changed once the payment has begun,
/// each person once. `current`: the order's (line, reduction); `named`: what is asked. Returns
/// each named holder's key, in order.
pub(crate) fn check_named(
    pending: bool,
    payment_started: bool,
    current: &[(i64, ReductionId)],
    named: &[(i64, ReductionId, &HolderDetails)],
) -> Result<Vec<String>, NamingRefusal> {
    if !pending {
        return Err(NamingRefusal::NotPending);
    }
    let mut ids: Vec<i64> = named.iter().map(|n| n.0).collect();
    ids.sort_unstable();
    let mut mine: Vec<i64> = current.iter().map(|l| l.0).collect();
    mine.sort_unstable();
    if ids != mine {
        return Err(NamingRefusal::WrongLines);
    }
    if payment_started && named.iter().any(|n| !current.contains(&(n.0, n.1))) {
        return Err(NamingRefusal::PaymentStarted);
    }
    let keys: Vec<String> = named.iter().map(|n| n.2.key()).collect();
    let twice: Vec<i64> = named
        .iter()
        .zip(&keys)
        .filter(|(_, k)| keys.iter().filter(|o| o == k).count() > 1)
        .map(|(n, _)| n.0)
        .collect();
    if !twice.is_empty() {
        return Err(NamingRefusal::HolderHasSeat(twice));
    }
    Ok(keys)
}

/// The lines whose holder does not qualify for the reduction asked on `day` (the match's, or a
/// season's first match's), by each reduction's rule.
pub(crate) async fn not_qualifying(
    conn: &mut PgConnection,
    named: &[(i64, ReductionId, &HolderDetails)],
    day: NaiveDate,
) -> Result<Vec<i64>, sqlx::Error> {
    let reductions: Vec<i32> = named.iter().map(|n| n.1.0).collect();
    let rules: BTreeMap<i32, String> = sqlx::query!(
        "select id, rule from reduction where id = any($1)",
        &reductions
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.rule))
    .collect();
    Ok(named
        .iter()
        .filter(|(_, reduction, holder)| {
            !holder.qualifies(
                rules
                    .get(&reduction.0)
                    .map_or(HolderRule::Anyone, |r| HolderRule::parse(r)),
                day,
            )
        })
        .map(|n| n.0)
        .collect())
}

/// Names every line's holder and reduction (re-pricing the line), all or nothing. Run in a
/// transaction; roll back on a refusal.
pub async fn name_holders(
    conn: &mut PgConnection,
    order: &Order,
    named: &[NamedLine],
    online_only: bool,
) -> Result<Result<(), NamingRefusal>, sqlx::Error> {
    let current: Vec<(i64, ReductionId)> =
        order.lines.iter().map(|l| (l.id, l.reduction_id)).collect();
    let asked: Vec<(i64, ReductionId, &HolderDetails)> = named
        .iter()
        .map(|n| (n.line_id, n.reduction_id, &n.holder))
        .collect();
    let keys = match check_named(
        order.state == OrderState::Pending && order.payment_status == PaymentStatus::Pending,
        order.payment_intent_id.is_some(),
        &current,
        &asked,
    ) {
        Ok(keys) => keys,
        Err(refusal) => return Ok(Err(refusal)),
    };
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
    let match_day = order
        .fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let not_eligible = not_qualifying(conn, &asked, match_day).await?;
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
