//! Tasks and their lines as staff list them, and a task created from checked lines.

use super::*;
use crate::money::Cents;

/// A line as stored with its task.
pub struct NewLine<'a> {
    pub row: i32,
    pub line: &'a SheetLine,
    pub seat_id: Option<SeatId>,
    pub price_cents: Option<Cents>,
    /// `None`: queued; `Some(code)`: unfinalised from the start.
    pub refused: Option<&'a str>,
}

/// Creates a task and its lines.
pub async fn create_task(
    conn: &mut PgConnection,
    target: Target,
    staff: Uuid,
    source: &str,
    file_name: Option<&str>,
    language: &str,
    lines: &[NewLine<'_>],
) -> Result<Uuid, sqlx::Error> {
    let task_id = Uuid::now_v7();
    let (fixture_id, season_ticket_id, collection) = target.columns();
    sqlx::query!(
        "insert into mass_issue_task (task_id, fixture_id, season_ticket_id, collection, created_by,
                                      source, file_name, language)
         values ($1, $2, $3, $4, $5, $6, $7, $8)",
        task_id,
        fixture_id,
        season_ticket_id,
        collection,
        staff,
        source,
        file_name,
        language
    )
    .execute(&mut *conn)
    .await?;
    let rows: Vec<i32> = lines.iter().map(|l| l.row).collect();
    let inputs: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::to_value(l.line).unwrap_or_default())
        .collect();
    let labels: Vec<String> = lines.iter().map(|l| l.line.label.clone()).collect();
    let seats: Vec<Option<i64>> = lines.iter().map(|l| l.seat_id.map(|s| s.0)).collect();
    let names: Vec<String> = lines.iter().map(|l| l.line.holder_name()).collect();
    let emails: Vec<String> = lines.iter().map(|l| l.line.email.clone()).collect();
    let reductions: Vec<String> = lines.iter().map(|l| l.line.reduction.clone()).collect();
    let prices: Vec<Option<i64>> = lines.iter().map(|l| l.price_cents.map(|c| c.0)).collect();
    let reasons: Vec<Option<String>> = lines.iter().map(|l| l.refused.map(str::to_owned)).collect();
    sqlx::query!(
        r#"insert into mass_issue_line (task_id, row_number, input, label, seat_id, holder_name,
                                        email, reduction, price_cents, state, reason)
           select $1, u.row_number, u.input, u.label, u.seat_id, u.holder_name, u.email,
                  u.reduction, u.price_cents,
                  case when u.reason is null then 'queued' else 'unfinalized' end, u.reason
             from unnest($2::int[], $3::jsonb[], $4::text[], $5::bigint[], $6::text[], $7::text[],
                         $8::text[], $9::bigint[], $10::text[])
                  as u(row_number, input, label, seat_id, holder_name, email, reduction,
                       price_cents, reason)"#,
        task_id,
        &rows,
        &inputs,
        &labels,
        &seats as &[Option<i64>],
        &names,
        &emails,
        &reductions,
        &prices as &[Option<i64>],
        &reasons as &[Option<String>]
    )
    .execute(&mut *conn)
    .await?;
    Ok(task_id)
}

/// A task as staff see it, with its lines counted.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Task {
    pub id: Uuid,
    /// The fixture whose tickets it issues (a fixture's task).
    #[schema(value_type = Option<i64>)]
    pub fixture_id: Option<FixtureId>,
    /// The season ticket whose season seats it issues (a season task).
    #[schema(value_type = Option<i64>)]
    pub season_ticket_id: Option<SeasonTicketId>,
    /// A season task's seats issued as collections of match titles.
    pub collection: bool,
    /// The fixture's or the season ticket's name.
    pub title: String,
    pub file_name: Option<String>,
    pub source: String,
    pub language: String,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub round: i32,
    pub total: i64,
    pub queued: i64,
    pub issuing: i64,
    pub finalized: i64,
    pub unfinalized: i64,
    pub progress: i64,
    pub state: TaskState,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Where a line of a mass issue is (text with a CHECK of the same values).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum LineState {
    /// Waiting to be sold.
    Queued,
    /// Sold: its order is being issued.
    Issuing,
    /// Issued: it has its title.
    Finalized,
    /// Refused by the checks or by the ticketing system (`reason` says why).
    Unfinalized,
}

impl LineState {
    /// The database's spelling (the CHECK's values), also the staff sheet's.
    pub fn as_str(self) -> &'static str {
        match self {
            LineState::Queued => "queued",
            LineState::Issuing => "issuing",
            LineState::Finalized => "finalized",
            LineState::Unfinalized => "unfinalized",
        }
    }
}

/// A task is running while any of its lines is queued or issuing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TaskState {
    Running,
    Done,
}

/// Filters of the task list.
#[derive(Debug, Clone, Default)]
pub struct TaskQuery {
    pub fixture_id: Option<FixtureId>,
    pub season_ticket_id: Option<SeasonTicketId>,
    pub state: Option<TaskState>,
    pub ascending: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Tasks, newest first (or oldest with `ascending`), with the total; or the one `id`.
pub async fn tasks(
    conn: &mut PgConnection,
    q: &TaskQuery,
    id: Option<Uuid>,
) -> Result<(Vec<Task>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"with counted as (
             select t.task_id, t.fixture_id, t.season_ticket_id, t.collection,
                    coalesce(f.title, st.name) as title, t.file_name, t.source,
                    t.language, t.created_at, u.email as created_by, t.round, t.finished_at,
                    count(l.line_id) as total,
                    count(l.line_id) filter (where l.state = 'queued') as queued,
                    count(l.line_id) filter (where l.state = 'issuing') as issuing,
                    count(l.line_id) filter (where l.state = 'finalized') as finalized,
                    count(l.line_id) filter (where l.state = 'unfinalized') as unfinalized
               from mass_issue_task t
               left join fixture f on f.id = t.fixture_id
               left join season_ticket st on st.id = t.season_ticket_id
               join app_user u on u.user_id = t.created_by
               left join mass_issue_line l on l.task_id = t.task_id
              where ($1::uuid is null or t.task_id = $1)
                and ($2::bigint is null or t.fixture_id = $2)
                and ($7::bigint is null or t.season_ticket_id = $7)
              group by t.task_id, f.title, st.name, u.email
           ), filtered as (
             select * from counted
              where $3::text is null
                 or ($3 = 'running' and queued + issuing > 0)
                 or ($3 = 'done' and queued + issuing = 0)
           )
           select task_id as "task_id!", fixture_id, season_ticket_id, collection as "collection!",
                  title as "title!",
                  file_name, source as "source!", language as "language!", created_at as "created_at!",
                  created_by as "created_by!", round as "round!", finished_at,
                  total as "total!", queued as "queued!", issuing as "issuing!",
                  finalized as "finalized!", unfinalized as "unfinalized!",
                  count(*) over () as "full_count!"
             from filtered
            order by case when $4 then created_at end asc, created_at desc
           offset $5 limit $6"#,
        id,
        q.fixture_id.map(|i| i.0),
        q.state.map(|s| match s {
            TaskState::Running => "running",
            TaskState::Done => "done",
        }),
        q.ascending,
        q.offset,
        q.limit,
        q.season_ticket_id.map(|s| s.0)
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    let tasks = rows
        .into_iter()
        .map(|r| {
            let settled = r.finalized + r.unfinalized;
            Task {
                id: r.task_id,
                fixture_id: r.fixture_id.map(FixtureId),
                season_ticket_id: r.season_ticket_id.map(SeasonTicketId),
                collection: r.collection,
                title: r.title,
                file_name: r.file_name,
                source: r.source,
                language: r.language,
                created_at: r.created_at,
                created_by: r.created_by,
                round: r.round,
                total: r.total,
                queued: r.queued,
                issuing: r.issuing,
                finalized: r.finalized,
                unfinalized: r.unfinalized,
                progress: if r.total == 0 {
                    100
                } else {
                    settled * 100 / r.total
                },
                state: if r.queued + r.issuing == 0 {
                    TaskState::Done
                } else {
                    TaskState::Running
                },
                finished_at: r.finished_at,
            }
        })
        .collect();
    Ok((tasks, total))
}

/// One line as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LineRow {
    pub id: i64,
    pub task_id: Uuid,
    pub row: i32,
    #[schema(value_type = Option<i64>)]
    pub fixture_id: Option<FixtureId>,
    #[schema(value_type = Option<i64>)]
    pub season_ticket_id: Option<SeasonTicketId>,
    /// The fixture's or the season ticket's name.
    pub title: String,
    pub label: String,
    pub sector_name: Option<String>,
    pub holder_name: String,
    pub birth_date: Option<String>,
    pub email: String,
    pub reduction: String,
    pub price_cents: Option<Cents>,
    pub state: LineState,
    pub reason: Option<String>,
    /// The spec's isUnfinalizedSeason: a season line that could not be issued.
    pub unfinalized_season: bool,
    /// The ticket's seal, or the season title's (a collection has one per match: none here).
    pub seal: Option<String>,
    pub issued_at: Option<DateTime<Utc>>,
    /// The line's order (a fixture line's).
    pub order_id: Option<Uuid>,
    /// The line's season order (a season line's).
    #[schema(value_type = Option<String>, format = Uuid)]
    pub season_order_id: Option<SeasonOrderId>,
    pub updated_at: DateTime<Utc>,
}

/// Filters of the line list.
#[derive(Debug, Clone, Default)]
pub struct LineQuery {
    pub task_id: Option<Uuid>,
    pub state: Option<LineState>,
    /// Holder, e-mail or seat label.
    pub search: Option<String>,
    /// `row` (default), `updated_at` or `state`.
    pub sort: Option<String>,
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
}

/// Lines, filtered, with the total; or the one `id`.
pub async fn lines(
    conn: &mut PgConnection,
    q: &LineQuery,
    id: Option<i64>,
) -> Result<(Vec<LineRow>, i64), sqlx::Error> {
    let pattern = q.search.as_deref().map(crate::db::contains_pattern);
    let sort = match q.sort.as_deref() {
        Some("updated_at") => "updated_at",
        Some("state") => "state",
        _ => "row",
    };
    let rows = sqlx::query!(
        r#"select l.line_id, l.task_id, l.row_number, t.fixture_id, t.season_ticket_id,
                  coalesce(f.title, st.name) as "title!",
                  l.label, sec.name as "sector_name?", l.holder_name, l.input->>'birth_date' as birth_date,
                  l.email, l.reduction, l.price_cents, l.state as "state: LineState", l.reason,
                  coalesce(ol.seal, sl.seal) as "seal?", coalesce(ol.issued_at, so.issued_at) as "issued_at?",
                  l.order_id, l.season_order_id, l.updated_at,
                  count(*) over () as "full_count!"
             from mass_issue_line l
             join mass_issue_task t on t.task_id = l.task_id
             left join fixture f on f.id = t.fixture_id
             left join season_ticket st on st.id = t.season_ticket_id
             left join season_order so on so.order_id = l.season_order_id
             left join season_order_line sl on sl.order_id = l.season_order_id
             left join venue_seat s on s.id = l.seat_id
             left join venue_block b on b.id = s.block_id
             left join venue_sector sec on sec.code = b.sector_code
             left join order_line ol on ol.order_id = l.order_id
            where ($1::bigint is null or l.line_id = $1)
              and ($2::uuid is null or l.task_id = $2)
              and ($3::text is null or l.state = $3::text)
              and ($4::text is null or lower(l.holder_name) like $4 or l.email like $4
                   or lower(l.label) like $4)
            order by
              case when $5 = 'row' and not $6 then l.row_number end asc,
              case when $5 = 'row' and $6 then l.row_number end desc,
              case when $5 = 'updated_at' and not $6 then l.updated_at end asc,
              case when $5 = 'updated_at' and $6 then l.updated_at end desc,
              case when $5 = 'state' and not $6 then l.state end asc,
              case when $5 = 'state' and $6 then l.state end desc,
              l.task_id, l.row_number
           offset $7 limit $8"#,
        id,
        q.task_id,
        q.state as Option<LineState>,
        pattern,
        sort,
        q.descending,
        q.offset,
        q.limit
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| LineRow {
                id: r.line_id,
                task_id: r.task_id,
                row: r.row_number,
                fixture_id: r.fixture_id.map(FixtureId),
                season_ticket_id: r.season_ticket_id.map(SeasonTicketId),
                title: r.title,
                unfinalized_season: r.season_ticket_id.is_some()
                    && r.state == LineState::Unfinalized,
                label: r.label,
                sector_name: r.sector_name,
                holder_name: r.holder_name,
                birth_date: r.birth_date,
                email: r.email,
                reduction: r.reduction,
                price_cents: r.price_cents.map(Cents),
                state: r.state,
                reason: r.reason,
                seal: r.seal,
                issued_at: r.issued_at,
                order_id: r.order_id,
                season_order_id: r.season_order_id.map(SeasonOrderId),
                updated_at: r.updated_at,
            })
            .collect(),
        total,
    ))
}

/// What the task issues, in which language, and who ran it.
pub struct TaskHead {
    pub target: Target,
    pub language: String,
    pub created_by: Uuid,
}

pub async fn task_head(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<Option<TaskHead>, sqlx::Error> {
    Ok(sqlx::query!(
        "select fixture_id, season_ticket_id, collection, language, created_by
           from mass_issue_task where task_id = $1",
        task_id
    )
    .fetch_optional(conn)
    .await?
    .map(|r| TaskHead {
        target: Target::from_columns(r.fixture_id, r.season_ticket_id, r.collection),
        language: r.language,
        created_by: r.created_by,
    }))
}

/// Per state, how many lines a task has (for tests and the bench).
pub async fn line_states(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<BTreeMap<LineState, i64>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"select state as "state: LineState", count(*) as "n!" from mass_issue_line where task_id = $1 group by state"#,
        task_id
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.state, r.n))
    .collect())
}
