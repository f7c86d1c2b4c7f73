//! An order's issuing as the database records it: asked for, answered, titles stored, issued, failed, retried.

use super::*;

/// One statement for an issuing attempt's start: a paid (or failed) order becomes issuing
/// when `from_paid`, and `fresh` lines are marked asked for ([`mark_issue_requested`]),
/// together or not at all.
pub async fn begin_issuing(
    conn: &mut PgConnection,
    order_id: OrderId,
    from_paid: bool,
    fresh: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "with started as (
             update ticket_order set state = $4, modified_at = now()
              where order_id = $1 and $2 and state in ($5, $6))
         update order_line set issue_requested_at = now(), issue_unanswered = true
          where order_line_id = any($3) and order_id = $1",
        order_id.0,
        from_paid,
        fresh,
        OrderState::Issuing as OrderState,
        OrderState::Paid as OrderState,
        OrderState::Failed as OrderState
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Notes that issues are being asked for: from now on, before asking again, look them up;
/// and until an answer comes, a call may still land.
pub async fn mark_issue_requested(
    conn: &mut PgConnection,
    line_ids: &[i64],
) -> Result<(), sqlx::Error> {
    if line_ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "update order_line set issue_requested_at = now(), issue_unanswered = true
          where order_line_id = any($1)",
        line_ids
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The ticketing system answered these lines' issues with an error (so the calls will not
/// land later).
pub async fn mark_issue_answered(
    conn: &mut PgConnection,
    line_ids: &[i64],
) -> Result<(), sqlx::Error> {
    if line_ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "update order_line set issue_unanswered = false where order_line_id = any($1)",
        line_ids
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A title the ticketing system issued for a line.
#[derive(Debug, Clone)]
pub struct IssuedTitle {
    pub title_id: i64,
    pub seal: String,
    pub barcode: String,
    pub progressive: i64,
    pub gate: String,
}

/// Stores lines' titles, each once: a line that already has a title keeps it. Returns every
/// given line's title id as stored (so the caller can cancel a title that was not kept).
pub async fn record_titles(
    conn: &mut PgConnection,
    titles: &[(i64, IssuedTitle)],
) -> Result<std::collections::HashMap<i64, i64>, sqlx::Error> {
    if titles.is_empty() {
        return Ok(Default::default());
    }
    let lines: Vec<i64> = titles.iter().map(|(l, _)| *l).collect();
    let ids: Vec<i64> = titles.iter().map(|(_, t)| t.title_id).collect();
    let seals: Vec<String> = titles.iter().map(|(_, t)| t.seal.clone()).collect();
    let barcodes: Vec<String> = titles.iter().map(|(_, t)| t.barcode.clone()).collect();
    let progressives: Vec<i64> = titles.iter().map(|(_, t)| t.progressive).collect();
    // Usually every line is stored now, and the update says so. When some already had a
    // title (a retry, or two runs racing), they are read in a second statement, which sees
    // what the other run committed.
    let stored = sqlx::query!(
        r#"update order_line l set title_id = u.title_id, seal = u.seal, barcode = u.barcode,
                progressive = u.progressive, title_state = 'valid', issued_at = now(),
                issue_unanswered = false
           from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[])
                as u(line_id, title_id, seal, barcode, progressive)
          where l.order_line_id = u.line_id and l.title_id is null
      returning l.order_line_id, l.title_id as "title_id!""#,
        &lines,
        &ids,
        &seals,
        &barcodes,
        &progressives
    )
    .fetch_all(&mut *conn)
    .await?;
    if stored.len() == lines.len() {
        return Ok(stored
            .into_iter()
            .map(|r| (r.order_line_id, r.title_id))
            .collect());
    }
    let rows = sqlx::query!(
        r#"select order_line_id, title_id as "title_id!" from order_line
            where order_line_id = any($1) and title_id is not null"#,
        &lines
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.order_line_id, r.title_id))
        .collect())
}

/// The buyer's name and birth date from their account, when they have given them.
pub async fn buyer_identity(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<Option<(String, String, NaiveDate)>, sqlx::Error> {
    let r = sqlx::query!(
        "select first_name, last_name, date_of_birth from app_user where user_id = $1",
        user
    )
    .fetch_one(conn)
    .await?;
    Ok(r.date_of_birth
        .filter(|_| !r.first_name.trim().is_empty() && !r.last_name.trim().is_empty())
        .map(|d| (r.first_name, r.last_name, d)))
}

/// Every line has its title: the order is issued (once). Returns whether this call did it.
pub async fn mark_issued(conn: &mut PgConnection, order_id: OrderId) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $2, issued_at = now(), modified_at = now()
          where order_id = $1 and state = $3
            and not exists (select 1 from order_line where order_id = $1 and title_id is null)",
        order_id.0,
        OrderState::Issued as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 1 {
        audited(
            conn,
            order_id,
            Some(OrderState::Issuing),
            OrderState::Issued,
            json!({}),
        )
        .await?;
    }
    Ok(r.rows_affected() == 1)
}

/// Staff retry a failed issue: back to issuing. Returns the round of the retry (its job's
/// key), or `None` when the order is not failed.
pub async fn retry_failed(
    conn: &mut PgConnection,
    order_id: OrderId,
) -> Result<Option<i32>, sqlx::Error> {
    let round = sqlx::query_scalar!(
        "update ticket_order set state = $2, modified_at = now()
          where order_id = $1 and state = $3 returning issue_attempts",
        order_id.0,
        OrderState::Issuing as OrderState,
        OrderState::Failed as OrderState
    )
    .fetch_optional(&mut *conn)
    .await?;
    if round.is_some() {
        audited(
            conn,
            order_id,
            Some(OrderState::Failed),
            OrderState::Issuing,
            json!({"retry": true}),
        )
        .await?;
    }
    Ok(round)
}

/// Issuing gave up: the order is listed in the failed issues.
pub async fn mark_failed(
    conn: &mut PgConnection,
    order_id: OrderId,
    error: &str,
    attempts: i32,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set state = $4, failed_at = now(), issue_error = $2,
                issue_attempts = issue_attempts + $3, modified_at = now()
          where order_id = $1 and state = $5",
        order_id.0,
        error,
        attempts,
        OrderState::Failed as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(&mut *conn)
    .await?;
    if r.rows_affected() == 1 {
        audited(
            conn,
            order_id,
            Some(OrderState::Issuing),
            OrderState::Failed,
            json!({"error": error, "attempts": attempts}),
        )
        .await?;
    }
    Ok(r.rows_affected() == 1)
}

/// The order's ticket e-mail is being sent (in the caller's transaction). False when it
/// already was.
pub async fn mark_tickets_sent(
    conn: &mut PgConnection,
    order_id: OrderId,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set tickets_sent_at = now()
          where order_id = $1 and state = $2 and tickets_sent_at is null",
        order_id.0,
        OrderState::Issued as OrderState
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Records that the buyer was told the tickets are delayed. False when they already were, or
/// when the order is no longer waiting for its titles.
pub async fn mark_delay_notified(
    conn: &mut PgConnection,
    order_id: OrderId,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update ticket_order set delay_notified_at = now()
          where order_id = $1 and state in ($2, $3) and delay_notified_at is null",
        order_id.0,
        OrderState::Paid as OrderState,
        OrderState::Issuing as OrderState
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}
