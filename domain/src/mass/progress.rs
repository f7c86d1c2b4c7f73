//! What becomes of each line: sold, finalised or unfinalised with its reason; a round settled with its report; a retry's new round.

use super::*;

/// A queued line, ready to be sold.
#[derive(Debug, Clone)]
pub struct QueuedLine {
    pub id: i64,
    pub input: SheetLine,
}

/// The task's queued lines, in row order.
pub async fn queued_lines(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<Vec<QueuedLine>, sqlx::Error> {
    let rows = sqlx::query!(
        "select line_id, input from mass_issue_line
          where task_id = $1 and state = 'queued' order by row_number",
        task_id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| QueuedLine {
            id: r.line_id,
            input: serde_json::from_value(r.input).unwrap_or_default(),
        })
        .collect())
}

/// The order a line was sold as: a fixture line's order, or a season line's season order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoldAs {
    Order(OrderId),
    Season(SeasonOrderId),
}

impl SoldAs {
    /// (order_id, season_order_id), the line's two columns.
    fn columns(self) -> (Option<Uuid>, Option<Uuid>) {
        match self {
            SoldAs::Order(o) => (Some(o.0), None),
            SoldAs::Season(o) => (None, Some(o.0)),
        }
    }
}

/// A queued line was sold: it is issuing through `order`. False when it was not queued
/// (a second run of the same step).
pub async fn mark_sold(
    conn: &mut PgConnection,
    line_id: i64,
    order: SoldAs,
) -> Result<bool, sqlx::Error> {
    let (order_id, season_order_id) = order.columns();
    let r = sqlx::query!(
        "update mass_issue_line set state = 'issuing', order_id = $2, season_order_id = $3,
                reason = null, updated_at = now()
          where line_id = $1 and state = 'queued'",
        line_id,
        order_id,
        season_order_id
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// A line could not be sold (`from` = `queued`) or issued (`from` = `issuing`): unfinalised
/// with `reason`. Returns whether it moved (not when it had already moved on). Take
/// [`lock_task`] first.
pub async fn mark_unfinalized(
    conn: &mut PgConnection,
    line_id: i64,
    from: LineState,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update mass_issue_line set state = 'unfinalized', reason = $3, updated_at = now()
          where line_id = $1 and state = $2",
        line_id,
        from as LineState,
        reason
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// The line and task of an order, when the order was sold by a mass task.
pub async fn line_of_order(
    conn: &mut PgConnection,
    order: SoldAs,
) -> Result<Option<(i64, Uuid)>, sqlx::Error> {
    let (order_id, season_order_id) = order.columns();
    Ok(sqlx::query!(
        "select line_id, task_id from mass_issue_line where order_id = $1 or season_order_id = $2",
        order_id,
        season_order_id
    )
    .fetch_optional(conn)
    .await?
    .map(|r| (r.line_id, r.task_id)))
}

/// Locks a task's row until commit. Every change of a line's settled state takes this lock
/// first (then the line's), as a retry does, so the two never wait on each other in turn.
pub async fn lock_task(conn: &mut PgConnection, task_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "select 1 as one from mass_issue_task where task_id = $1 for update",
        task_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(())
}

/// The order's line is issued. Returns whether it moved. Take [`lock_task`] first.
pub async fn mark_finalized(conn: &mut PgConnection, order: SoldAs) -> Result<bool, sqlx::Error> {
    let (order_id, season_order_id) = order.columns();
    let r = sqlx::query!(
        "update mass_issue_line set state = 'finalized', reason = null, updated_at = now()
          where (order_id = $1 or season_order_id = $2) and state = 'issuing'",
        order_id,
        season_order_id
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// What a staff retry must do for one unfinalised line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetryStep {
    /// Sell it again (never sold, or its order was refunded or cancelled).
    Sell,
    /// Its order (or season order) only needs issuing again.
    Issue(SoldAs),
}

/// Starts a new round of a task: its unfinalised lines go back to queued or issuing. Returns
/// the round and each line's step; `None` when no line is unfinalised.
pub async fn start_retry(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<Option<(i32, Vec<(i64, RetryStep)>)>, sqlx::Error> {
    // The task's row lock serialises retries with each other and with settling lines.
    let Some(round) = sqlx::query_scalar!(
        "update mass_issue_task set round = round + 1, finished_at = null
          where task_id = $1
            and exists (select 1 from mass_issue_line where task_id = $1 and state = 'unfinalized')
        returning round",
        task_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    // A failed order is issued again; any other (never sold, refunded, cancelled) is sold anew.
    let rows = sqlx::query!(
        r#"update mass_issue_line l
              set state = case when coalesce(o.state, so.state) = 'failed' then 'issuing' else 'queued' end,
                  order_id = case when o.state = 'failed' then l.order_id end,
                  season_order_id = case when so.state = 'failed' then l.season_order_id end,
                  reason = null, updated_at = now()
             from mass_issue_line l0
             left join ticket_order o on o.order_id = l0.order_id
             left join season_order so on so.order_id = l0.season_order_id
            where l.line_id = l0.line_id and l.task_id = $1 and l.state = 'unfinalized'
        returning l.line_id, l.order_id, l.season_order_id"#,
        task_id
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some((
        round,
        rows.into_iter()
            .map(|r| {
                let step = match (r.order_id, r.season_order_id) {
                    (Some(o), _) => RetryStep::Issue(SoldAs::Order(OrderId(o))),
                    (None, Some(o)) => RetryStep::Issue(SoldAs::Season(SeasonOrderId(o))),
                    (None, None) => RetryStep::Sell,
                };
                (r.line_id, step)
            })
            .collect(),
    )))
}

/// When a line settles: if no line of the task is queued or issuing any more, marks the round
/// reported and returns what the unfinalised report needs (once per round). Run after
/// [`lock_task`] in the transaction that settled the line, so that of two lines settling at
/// once exactly one sees the task finished.
pub async fn settle(conn: &mut PgConnection, task_id: Uuid) -> Result<Option<Report>, sqlx::Error> {
    let task = sqlx::query!(
        r#"select t.round, t.reported_round, t.created_by, t.file_name, t.language,
                coalesce(f.title, st.name) as "title!", t.season_ticket_id is not null as "season!",
                u.email as staff_email
           from mass_issue_task t
           left join fixture f on f.id = t.fixture_id
           left join season_ticket st on st.id = t.season_ticket_id
           join app_user u on u.user_id = t.created_by
          where t.task_id = $1 for update of t"#,
        task_id
    )
    .fetch_one(&mut *conn)
    .await?;
    let counts = sqlx::query!(
        r#"select count(*) filter (where state in ('queued', 'issuing')) as "open!",
                  count(*) filter (where state = 'finalized') as "finalized!",
                  count(*) filter (where state = 'unfinalized') as "unfinalized!"
             from mass_issue_line where task_id = $1"#,
        task_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if counts.open > 0 {
        return Ok(None);
    }
    sqlx::query!(
        "update mass_issue_task set finished_at = coalesce(finished_at, now()), reported_round = round
          where task_id = $1",
        task_id
    )
    .execute(&mut *conn)
    .await?;
    if task.reported_round >= task.round || counts.unfinalized == 0 {
        return Ok(None);
    }
    let lines = sqlx::query!(
        r#"select row_number, label, holder_name, reason as "reason!" from mass_issue_line
            where task_id = $1 and state = 'unfinalized' order by row_number limit $2"#,
        task_id,
        REPORT_LINES
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| ReportLine {
        row: r.row_number,
        label: r.label,
        holder: r.holder_name,
        reason: r.reason,
    })
    .collect();
    Ok(Some(Report {
        task_id,
        fixture: task.title,
        season: task.season,
        file_name: task.file_name,
        language: task.language,
        staff_email: task.staff_email,
        finalized: counts.finalized,
        unfinalized: counts.unfinalized,
        lines,
    }))
}

/// Lines listed in the unfinalised report's e-mail (the rest are counted).
pub const REPORT_LINES: i64 = 50;

/// The unfinalised report of a finished round.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub task_id: Uuid,
    /// The fixture's or the season ticket's name.
    pub fixture: String,
    /// A season task's report (spec: send-unfinalized-season-ticket-purchase-email).
    pub season: bool,
    pub file_name: Option<String>,
    pub language: String,
    pub staff_email: String,
    pub finalized: i64,
    pub unfinalized: i64,
    pub lines: Vec<ReportLine>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ReportLine {
    pub row: i32,
    pub label: String,
    pub holder: String,
    pub reason: String,
}

/// An order's issuing runs again (staff retried its job): its line, if a mass task sold it,
/// goes back from unfinalised to issuing, in a new round of the task.
pub async fn reissue_line(conn: &mut PgConnection, order: SoldAs) -> Result<(), sqlx::Error> {
    let Some((line_id, task_id)) = line_of_order(conn, order).await? else {
        return Ok(());
    };
    lock_task(conn, task_id).await?;
    let moved = sqlx::query!(
        "update mass_issue_line set state = 'issuing', reason = null, updated_at = now()
          where line_id = $1 and state = 'unfinalized'",
        line_id
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if moved == 1 {
        sqlx::query!(
            "update mass_issue_task set round = round + 1, finished_at = null where task_id = $1",
            task_id
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
