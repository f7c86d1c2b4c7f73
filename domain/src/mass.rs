//! Mass issuing (spec: /admin/tickets/massissue, report_mass_issuing_task,
//! report_fixture_tickets): staff issue many tickets of one fixture at once, from a sheet or
//! typed lines. Every line is checked before anything is issued; a task then sells each
//! valid line as a one-seat staff order (so the seat and holder rules of every order hold)
//! and records what became of it: finalised (issued) or unfinalised, with its reason.

use crate::ids::FixtureId;
use crate::{
    email::Email,
    orders::{HolderDetails, HolderInput},
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::{BTreeMap, HashMap, HashSet};
use uuid::Uuid;

/// Most lines one task may carry.
pub const MAX_LINES: usize = 2000;

/// The reduction of a line that names none.
pub const DEFAULT_REDUCTION: &str = "INTERO";

/// One line of a sheet or of the typed form, as read and normalised (every field text, so a
/// bad value can be shown back as it was given).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetLine {
    #[serde(default)]
    pub label: String,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub birth_date: String,
    #[serde(default)]
    pub birth_place: String,
    #[serde(default)]
    pub sex: String,
    #[serde(default)]
    pub document_type: String,
    #[serde(default)]
    pub document_number: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub reduction: String,
}

/// The sheet's columns: (field, Italian header, English header).
pub const COLUMNS: [(&str, &str, &str); 10] = [
    ("label", "posto", "seat"),
    ("first_name", "nome", "first_name"),
    ("last_name", "cognome", "last_name"),
    ("birth_date", "data_nascita", "birth_date"),
    ("birth_place", "luogo_nascita", "birth_place"),
    ("sex", "sesso", "sex"),
    ("document_type", "tipo_documento", "document_type"),
    ("document_number", "numero_documento", "document_number"),
    ("email", "email", "email"),
    ("reduction", "riduzione", "reduction"),
];

/// Why a sheet cannot be read as lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("none of the expected columns is in the first row")]
    NoHeader,
    #[error("the sheet has no lines")]
    Empty,
    #[error("more than {MAX_LINES} lines")]
    TooManyLines,
}

impl SheetError {
    /// The stable code the API answers.
    pub fn code(self) -> &'static str {
        match self {
            SheetError::NoHeader => "no_header",
            SheetError::Empty => "empty",
            SheetError::TooManyLines => "too_many_lines",
        }
    }
}

fn header_key(cell: &str) -> String {
    cell.trim()
        .to_lowercase()
        .replace([' ', '-'], "_")
        .replace("__", "_")
}

/// Reads a sheet's rows (`(row number, cells)`, the first non-blank row the header) as
/// normalised lines. Headers are matched in Italian or English, in any order and case;
/// unknown columns are ignored; blank rows skipped.
pub fn lines_from_rows(rows: &[(u32, Vec<String>)]) -> Result<Vec<(i32, SheetLine)>, SheetError> {
    let mut rows = rows
        .iter()
        .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()));
    let Some((_, header)) = rows.next() else {
        return Err(SheetError::NoHeader);
    };
    let columns: Vec<Option<&str>> = header
        .iter()
        .map(|h| {
            let h = header_key(h);
            COLUMNS
                .iter()
                .find(|(field, it, en)| h == *it || h == *en || h == *field)
                .map(|(field, _, _)| *field)
        })
        .collect();
    if columns.iter().all(Option::is_none) {
        return Err(SheetError::NoHeader);
    }
    let mut lines = vec![];
    for (row, cells) in rows {
        if lines.len() == MAX_LINES {
            return Err(SheetError::TooManyLines);
        }
        let mut line = SheetLine::default();
        for (cell, column) in cells.iter().zip(&columns) {
            let Some(field) = column else { continue };
            let value = cell.trim().to_owned();
            match *field {
                "label" => line.label = value,
                "first_name" => line.first_name = value,
                "last_name" => line.last_name = value,
                "birth_date" => line.birth_date = value,
                "birth_place" => line.birth_place = value,
                "sex" => line.sex = value,
                "document_type" => line.document_type = value,
                "document_number" => line.document_number = value,
                "email" => line.email = value,
                _ => line.reduction = value,
            }
        }
        lines.push((*row as i32, line.normalised()));
    }
    if lines.is_empty() {
        return Err(SheetError::Empty);
    }
    Ok(lines)
}

impl SheetLine {
    /// Trimmed; the seat label, sex and reduction upper case; dates as `yyyy-mm-dd` when they
    /// read as a date; document types in English; the e-mail lower case.
    pub fn normalised(&self) -> SheetLine {
        let t = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let birth = t(&self.birth_date);
        let birth_date = NaiveDate::parse_from_str(&birth, "%Y-%m-%d")
            .or_else(|_| NaiveDate::parse_from_str(&birth, "%d/%m/%Y"))
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or(birth);
        let doc = t(&self.document_type).to_lowercase().replace(' ', "_");
        let document_type = match doc.as_str() {
            "carta_identita" | "carta_d'identita" | "carta_d'identità" | "carta_identità" => {
                "id_card".to_owned()
            }
            "passaporto" => "passport".to_owned(),
            "patente" => "driving_licence".to_owned(),
            _ => doc,
        };
        let reduction = t(&self.reduction).to_uppercase();
        SheetLine {
            label: t(&self.label).to_uppercase(),
            first_name: t(&self.first_name),
            last_name: t(&self.last_name),
            birth_date,
            birth_place: t(&self.birth_place),
            sex: t(&self.sex).to_uppercase(),
            document_type,
            document_number: t(&self.document_number),
            email: t(&self.email).to_lowercase(),
            reduction: if reduction.is_empty() {
                DEFAULT_REDUCTION.to_owned()
            } else {
                reduction
            },
        }
    }

    /// The holder's name as people read it.
    pub fn holder_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
            .trim()
            .to_owned()
    }

    fn holder_input(&self) -> HolderInput {
        HolderInput {
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            birth_date: Some(self.birth_date.clone()),
            birth_place: self.birth_place.clone(),
            document_type: self.document_type.clone(),
            document_number: self.document_number.clone(),
            sex: Some(self.sex.clone()),
        }
    }

    /// The holder and e-mail when every field reads; otherwise each field's error
    /// (`required` or `invalid`).
    pub fn parse(&self, today: NaiveDate) -> Result<(HolderDetails, Email), Vec<LineError>> {
        let mut errors = vec![];
        let required = [
            ("label", &self.label),
            ("first_name", &self.first_name),
            ("last_name", &self.last_name),
            ("birth_date", &self.birth_date),
            ("birth_place", &self.birth_place),
            ("document_type", &self.document_type),
            ("document_number", &self.document_number),
            ("email", &self.email),
        ];
        for (field, value) in required {
            if value.trim().is_empty() {
                errors.push(LineError::new(field, "required"));
            }
        }
        let holder = match self.holder_input().parse(today) {
            Ok(h) => Some(h),
            Err(fields) => {
                for field in fields.keys() {
                    if !errors.iter().any(|e| e.field == *field) {
                        errors.push(LineError::new(field, "invalid"));
                    }
                }
                None
            }
        };
        let email = match Email::parse(&self.email) {
            Ok(e) => Some(e),
            Err(_) => {
                if !errors.iter().any(|e| e.field == "email") {
                    errors.push(LineError::new("email", "invalid"));
                }
                None
            }
        };
        match (holder, email) {
            (Some(h), Some(e)) if errors.is_empty() => Ok((h, e)),
            _ => Err(errors),
        }
    }
}

/// What is wrong with a line: a column (or `holder`) and a stable code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LineError {
    pub field: String,
    pub code: String,
}

impl LineError {
    pub fn new(field: &str, code: &str) -> Self {
        LineError {
            field: field.to_owned(),
            code: code.to_owned(),
        }
    }
}

/// A line after every check this database can make (the ticketing system's verdict on the
/// holder is added by the caller).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CheckedLine {
    pub row: i32,
    pub line: SheetLine,
    pub seat_id: Option<i64>,
    pub sector_name: Option<String>,
    pub price_cents: Option<i32>,
    #[serde(skip)]
    pub reduction_id: Option<i32>,
    #[serde(skip)]
    pub holder: Option<HolderDetails>,
    pub valid: bool,
    pub errors: Vec<LineError>,
}

impl CheckedLine {
    /// Adds an error; the line is no longer valid.
    pub fn refuse(&mut self, field: &str, code: &str) {
        self.errors.push(LineError::new(field, code));
        self.valid = false;
    }

    /// Adds a warning: said, but the line stays valid.
    pub fn warn(&mut self, field: &str, code: &str) {
        self.errors.push(LineError::new(field, code));
    }

    /// Why the line is refused: its first error's code (`None` when valid).
    pub fn reason(&self) -> Option<&str> {
        if self.valid {
            return None;
        }
        self.errors.first().map(|e| e.code.as_str())
    }
}

/// Checks every line against the fixture as it stands: fields, seat known and free, each
/// seat and holder once in the sheet, the holder without a seat for the fixture, the
/// reduction known, priced for the seat's sector and fitting the holder on the match day,
/// the e-mail not banned. Reads only; changes nothing.
pub async fn check_lines(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    match_day: NaiveDate,
    lines: &[(i32, SheetLine)],
) -> Result<Vec<CheckedLine>, sqlx::Error> {
    let today = Utc::now().date_naive();
    let labels: Vec<String> = lines.iter().map(|(_, l)| l.label.clone()).collect();
    let seats: HashMap<String, SeatRow> = sqlx::query_as!(
        SeatRow,
        r#"select s.id, s.label, b.sector_code, sec.name as sector_name,
                  (i.state = 'free' or (i.state = 'held' and i.held_until <= now())) as "free!"
             from venue_seat s
             join venue_block b on b.id = s.block_id
             join venue_sector sec on sec.code = b.sector_code
             join seat_inventory i on i.fixture_id = $1 and i.seat_id = s.id
            where s.label = any($2) and not b.no_map"#,
        fixture_id.0,
        &labels
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.label.clone(), r))
    .collect();
    let reductions: HashMap<String, (i32, String)> =
        sqlx::query!("select id, code, rule from reduction")
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|r| (r.code, (r.id, r.rule)))
            .collect();
    let prices: HashMap<(String, i32), i32> =
        sqlx::query!("select sector_code, reduction_id, price_cents from default_price")
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|r| ((r.sector_code, r.reduction_id), r.price_cents))
            .collect();

    let mut checked: Vec<CheckedLine> = lines
        .iter()
        .map(|(row, line)| {
            let mut c = CheckedLine {
                row: *row,
                line: line.clone(),
                seat_id: None,
                sector_name: None,
                price_cents: None,
                reduction_id: None,
                holder: None,
                valid: true,
                errors: vec![],
            };
            match line.parse(today) {
                Ok((holder, _)) => c.holder = Some(holder),
                Err(errors) => {
                    c.errors = errors;
                    c.valid = false;
                }
            }
            c
        })
        .collect();

    let mut seat_rows: HashMap<&str, usize> = HashMap::new();
    let mut holder_rows: HashMap<String, usize> = HashMap::new();
    for c in checked.iter_mut() {
        let seat = seats.get(&c.line.label);
        if !c.line.label.is_empty() {
            match seat {
                None => c.refuse("label", "unknown_seat"),
                Some(s) => {
                    c.seat_id = Some(s.id);
                    c.sector_name = Some(s.sector_name.clone());
                    if !s.free {
                        c.refuse("label", "seat_taken");
                    }
                }
            }
        }
        match reductions.get(&c.line.reduction) {
            None => c.refuse("reduction", "unknown_reduction"),
            Some((id, rule)) => {
                c.reduction_id = Some(*id);
                if let Some(s) = seat {
                    match prices.get(&(s.sector_code.clone(), *id)) {
                        Some(p) => c.price_cents = Some(*p),
                        None => c.refuse("reduction", "reduction_not_sold"),
                    }
                }
                if let Some(h) = &c.holder
                    && !h.qualifies(crate::orders::HolderRule::parse(rule), match_day)
                {
                    c.refuse("reduction", "reduction_not_eligible");
                }
            }
        }
    }
    // Each seat and each person once in the sheet: the later rows are the duplicates.
    for (i, c) in checked.iter_mut().enumerate() {
        if let Some(seat) = seats.get(&c.line.label) {
            if let std::collections::hash_map::Entry::Vacant(e) =
                seat_rows.entry(seat.label.as_str())
            {
                e.insert(i);
            } else {
                c.refuse("label", "duplicate_seat");
            }
        }
        if let Some(h) = &c.holder {
            let key = h.key();
            if let std::collections::hash_map::Entry::Vacant(e) = holder_rows.entry(key) {
                e.insert(i);
            } else {
                c.refuse("holder", "duplicate_holder");
            }
        }
    }
    let keys: Vec<String> = holder_rows.keys().cloned().collect();
    let seated: HashSet<String> = sqlx::query_scalar!(
        r#"select holder_key as "k!" from seat_inventory
            where fixture_id = $1 and holder_key = any($2)
              and (state = 'sold' or (state = 'held' and held_until > now()))
           union
           select holder_key as "k!" from order_line
            where fixture_id = $1 and live and holder_key = any($2)"#,
        fixture_id.0,
        &keys
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    let emails: Vec<String> = checked
        .iter()
        .map(|c| c.line.email.clone())
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let banned: HashSet<String> = sqlx::query_scalar!(
        r#"select ban_email as "e!" from banned_email
            where ban_email = any($1) and status = 1
              and (ban_start_date is null or ban_start_date <= now())
              and (ban_end_date is null or ban_end_date > now())"#,
        &emails
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    for c in checked.iter_mut() {
        if let Some(h) = &c.holder
            && seated.contains(&h.key())
        {
            c.refuse("holder", "holder_has_seat");
        }
        if banned.contains(&c.line.email) {
            c.refuse("email", "email_banned");
        }
    }
    Ok(checked)
}

struct SeatRow {
    id: i64,
    label: String,
    sector_code: String,
    sector_name: String,
    free: bool,
}

/// A line as stored with its task.
pub struct NewLine<'a> {
    pub row: i32,
    pub line: &'a SheetLine,
    pub seat_id: Option<i64>,
    pub price_cents: Option<i32>,
    /// `None`: queued; `Some(code)`: unfinalised from the start.
    pub refused: Option<&'a str>,
}

/// Creates a task and its lines.
pub async fn create_task(
    conn: &mut PgConnection,
    fixture_id: FixtureId,
    staff: Uuid,
    source: &str,
    file_name: Option<&str>,
    language: &str,
    lines: &[NewLine<'_>],
) -> Result<Uuid, sqlx::Error> {
    let task_id = Uuid::now_v7();
    sqlx::query!(
        "insert into mass_issue_task (task_id, fixture_id, created_by, source, file_name, language)
         values ($1, $2, $3, $4, $5, $6)",
        task_id,
        fixture_id.0,
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
    let seats: Vec<Option<i64>> = lines.iter().map(|l| l.seat_id).collect();
    let names: Vec<String> = lines.iter().map(|l| l.line.holder_name()).collect();
    let emails: Vec<String> = lines.iter().map(|l| l.line.email.clone()).collect();
    let reductions: Vec<String> = lines.iter().map(|l| l.line.reduction.clone()).collect();
    let prices: Vec<Option<i32>> = lines.iter().map(|l| l.price_cents).collect();
    let reasons: Vec<Option<String>> = lines.iter().map(|l| l.refused.map(str::to_owned)).collect();
    sqlx::query!(
        r#"insert into mass_issue_line (task_id, row_number, input, label, seat_id, holder_name,
                                        email, reduction, price_cents, state, reason)
           select $1, u.row_number, u.input, u.label, u.seat_id, u.holder_name, u.email,
                  u.reduction, u.price_cents,
                  case when u.reason is null then 'queued' else 'unfinalized' end, u.reason
             from unnest($2::int[], $3::jsonb[], $4::text[], $5::bigint[], $6::text[], $7::text[],
                         $8::text[], $9::int[], $10::text[])
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
        &prices as &[Option<i32>],
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
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
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
    pub state: String,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Filters of the task list.
#[derive(Debug, Clone, Default)]
pub struct TaskQuery {
    pub fixture_id: Option<FixtureId>,
    /// `running` or `done`
    pub state: Option<String>,
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
             select t.task_id, t.fixture_id, f.title as fixture_title, t.file_name, t.source,
                    t.language, t.created_at, u.email as created_by, t.round, t.finished_at,
                    count(l.line_id) as total,
                    count(l.line_id) filter (where l.state = 'queued') as queued,
                    count(l.line_id) filter (where l.state = 'issuing') as issuing,
                    count(l.line_id) filter (where l.state = 'finalized') as finalized,
                    count(l.line_id) filter (where l.state = 'unfinalized') as unfinalized
               from mass_issue_task t
               join fixture f on f.id = t.fixture_id
               join app_user u on u.user_id = t.created_by
               left join mass_issue_line l on l.task_id = t.task_id
              where ($1::uuid is null or t.task_id = $1)
                and ($2::bigint is null or t.fixture_id = $2)
              group by t.task_id, f.title, u.email
           ), filtered as (
             select * from counted
              where $3::text is null
                 or ($3 = 'running' and queued + issuing > 0)
                 or ($3 = 'done' and queued + issuing = 0)
           )
           select task_id as "task_id!", fixture_id as "fixture_id!", fixture_title as "fixture_title!",
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
        q.state,
        q.ascending,
        q.offset,
        q.limit
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
                fixture_id: FixtureId(r.fixture_id),
                fixture_title: r.fixture_title,
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
                    "done".into()
                } else {
                    "running".into()
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
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub label: String,
    pub sector_name: Option<String>,
    pub holder_name: String,
    pub birth_date: Option<String>,
    pub email: String,
    pub reduction: String,
    pub price_cents: Option<i32>,
    pub state: String,
    pub reason: Option<String>,
    pub seal: Option<String>,
    pub issued_at: Option<DateTime<Utc>>,
    pub order_id: Option<Uuid>,
    pub updated_at: DateTime<Utc>,
}

/// Filters of the line list.
#[derive(Debug, Clone, Default)]
pub struct LineQuery {
    pub task_id: Option<Uuid>,
    pub state: Option<String>,
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
        r#"select l.line_id, l.task_id, l.row_number, t.fixture_id, f.title as fixture_title,
                  l.label, sec.name as "sector_name?", l.holder_name, l.input->>'birth_date' as birth_date,
                  l.email, l.reduction, l.price_cents, l.state, l.reason,
                  ol.seal as "seal?", ol.issued_at as "issued_at?", l.order_id, l.updated_at,
                  count(*) over () as "full_count!"
             from mass_issue_line l
             join mass_issue_task t on t.task_id = l.task_id
             join fixture f on f.id = t.fixture_id
             left join venue_seat s on s.id = l.seat_id
             left join venue_block b on b.id = s.block_id
             left join venue_sector sec on sec.code = b.sector_code
             left join order_line ol on ol.order_id = l.order_id
            where ($1::bigint is null or l.line_id = $1)
              and ($2::uuid is null or l.task_id = $2)
              and ($3::text is null or l.state = $3)
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
        q.state,
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
                fixture_id: FixtureId(r.fixture_id),
                fixture_title: r.fixture_title,
                label: r.label,
                sector_name: r.sector_name,
                holder_name: r.holder_name,
                birth_date: r.birth_date,
                email: r.email,
                reduction: r.reduction,
                price_cents: r.price_cents,
                state: r.state,
                reason: r.reason,
                seal: r.seal,
                issued_at: r.issued_at,
                order_id: r.order_id,
                updated_at: r.updated_at,
            })
            .collect(),
        total,
    ))
}

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

/// A queued line was sold: it is issuing through `order_id`. False when it was not queued
/// (a second run of the same step).
pub async fn mark_sold(
    conn: &mut PgConnection,
    line_id: i64,
    order_id: Uuid,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update mass_issue_line set state = 'issuing', order_id = $2, reason = null, updated_at = now()
          where line_id = $1 and state = 'queued'",
        line_id,
        order_id
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
    from: &str,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update mass_issue_line set state = 'unfinalized', reason = $3, updated_at = now()
          where line_id = $1 and state = $2",
        line_id,
        from,
        reason
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// The line and task of an order, when the order was sold by a mass task.
pub async fn line_of_order(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Option<(i64, Uuid)>, sqlx::Error> {
    Ok(sqlx::query!(
        "select line_id, task_id from mass_issue_line where order_id = $1",
        order_id
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
pub async fn mark_finalized(conn: &mut PgConnection, order_id: Uuid) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "update mass_issue_line set state = 'finalized', reason = null, updated_at = now()
          where order_id = $1 and state = 'issuing'",
        order_id
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
    /// Its order only needs issuing again.
    Issue(Uuid),
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
    let rows = sqlx::query!(
        r#"update mass_issue_line l
              set state = case when o.state = 'failed' then 'issuing' else 'queued' end,
                  order_id = case when o.state = 'failed' then l.order_id end,
                  reason = null, updated_at = now()
             from mass_issue_line l0
             left join ticket_order o on o.order_id = l0.order_id
            where l.line_id = l0.line_id and l.task_id = $1 and l.state = 'unfinalized'
        returning l.line_id, l.order_id"#,
        task_id
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some((
        round,
        rows.into_iter()
            .map(|r| {
                (
                    r.line_id,
                    r.order_id.map_or(RetryStep::Sell, RetryStep::Issue),
                )
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
        "select t.round, t.reported_round, t.created_by, t.file_name, t.language, f.title,
                u.email as staff_email
           from mass_issue_task t join fixture f on f.id = t.fixture_id
           join app_user u on u.user_id = t.created_by
          where t.task_id = $1 for update of t",
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
    pub fixture: String,
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
pub async fn reissue_line(conn: &mut PgConnection, order_id: Uuid) -> Result<(), sqlx::Error> {
    let Some((line_id, task_id)) = line_of_order(conn, order_id).await? else {
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

/// The task's fixture, language and creator.
pub struct TaskHead {
    pub fixture_id: FixtureId,
    pub language: String,
    pub created_by: Uuid,
}

pub async fn task_head(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<Option<TaskHead>, sqlx::Error> {
    sqlx::query_as!(
        TaskHead,
        "select fixture_id, language, created_by from mass_issue_task where task_id = $1",
        task_id
    )
    .fetch_optional(conn)
    .await
}

/// Per state, how many lines a task has (for tests and the bench).
pub async fn line_states(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<BTreeMap<String, i64>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"select state, count(*) as "n!" from mass_issue_line where task_id = $1 group by state"#,
        task_id
    )
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(|r| (r.state, r.n))
    .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: u32, cells: &[&str]) -> (u32, Vec<String>) {
        (n, cells.iter().map(|c| c.to_string()).collect())
    }

    #[test]
    fn a_sheet_is_read_by_its_headers_in_either_language_and_any_order() {
        let rows = vec![
            row(
                1,
                &[
                    "Email",
                    "Cognome",
                    "NOME",
                    "posto",
                    "Data nascita",
                    "ignored",
                ],
            ),
            row(
                2,
                &[
                    "A@Example.IT ",
                    "Neri",
                    "Luca",
                    "tc-tc1-1-1",
                    "01/04/1990",
                    "x",
                ],
            ),
            row(3, &["", "", "", "", "", ""]),
            row(
                4,
                &[
                    "b@example.it",
                    "Bianchi",
                    "Anna",
                    "TC-TC1-1-2",
                    "1991-02-03",
                    "",
                ],
            ),
        ];
        let lines = lines_from_rows(&rows).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].0, 2);
        assert_eq!(lines[1].0, 4);
        let l = &lines[0].1;
        assert_eq!(l.email, "a@example.it");
        assert_eq!(l.label, "TC-TC1-1-1");
        assert_eq!(l.birth_date, "1990-04-01");
        assert_eq!(l.reduction, "INTERO");
        let en = vec![
            row(1, &["seat", "first_name", "last_name", "document_type"]),
            row(2, &["TC-TC1-1-1", "Luca", "Neri", "Passaporto"]),
        ];
        assert_eq!(lines_from_rows(&en).unwrap()[0].1.document_type, "passport");
    }

    #[test]
    fn a_sheet_without_known_headers_or_lines_is_refused() {
        assert_eq!(
            lines_from_rows(&[row(1, &["a", "b"]), row(2, &["1", "2"])]),
            Err(SheetError::NoHeader)
        );
        assert_eq!(lines_from_rows(&[]), Err(SheetError::NoHeader));
        assert_eq!(
            lines_from_rows(&[row(1, &["posto", "nome"])]),
            Err(SheetError::Empty)
        );
        let mut many = vec![row(1, &["posto"])];
        many.extend((0..=MAX_LINES as u32).map(|i| row(i + 2, &["TC-TC1-1-1"])));
        assert_eq!(lines_from_rows(&many), Err(SheetError::TooManyLines));
    }

    #[test]
    fn each_missing_or_bad_field_is_named() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let line = SheetLine {
            label: "TC-TC1-1-1".into(),
            first_name: "Luca3".into(),
            last_name: "".into(),
            birth_date: "2030-01-01".into(),
            birth_place: "Como".into(),
            sex: "X".into(),
            document_type: "id_card".into(),
            document_number: "CA1234567".into(),
            email: "not-an-email".into(),
            reduction: "INTERO".into(),
        };
        let errors = line.parse(today).unwrap_err();
        let has = |f: &str, c: &str| errors.contains(&LineError::new(f, c));
        assert!(has("first_name", "invalid"), "{errors:?}");
        assert!(has("last_name", "required"), "{errors:?}");
        assert!(has("birth_date", "invalid"), "{errors:?}");
        assert!(has("sex", "invalid"), "{errors:?}");
        assert!(has("email", "invalid"), "{errors:?}");
        assert!(!errors.iter().any(|e| e.field == "label"));
    }
}
