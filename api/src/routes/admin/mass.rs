//! Mass issuing for staff (spec: /admin/tickets/massissue, /admin/mass/tickets_issued):
//! the sheet's template, the check of a sheet or typed lines, tasks with their progress and
//! retry, lines, and each task's results as a sheet. Contract: `docs/api/staff-operations.md`.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use base64::Engine;
use domain::ids::{FixtureId, SeasonTicketId};
use domain::mass::Target;
use domain::{
    audit,
    mass::{self, SheetLine},
};
use integrations::sheets::{self, Cell, Column, SheetWriter};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::mass::{Checked, NewTask};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(get_template))
        .routes(routes!(preview))
        .routes(routes!(list_tasks, create_task))
        .routes(routes!(get_task))
        .routes(routes!(retry_task))
        .routes(routes!(get_results))
        .routes(routes!(list_lines))
        .routes(routes!(get_line))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TemplateQuery {
    /// `it` (the default) or `en`.
    #[serde(default)]
    lang: Option<String>,
}

fn sheet_error(e: sheets::WriteError) -> ApiError {
    tracing::error!(error = %e, "could not write a sheet");
    ApiError::internal()
}

/// `GET /api/admin/mass-issues/template?lang=it|en`: the sheet to fill in.
#[utoipa::path(get, path = "/mass-issues/template", tag = "admin", params(TemplateQuery), responses(
    (status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>, description = "The sheet to fill in"),
))]
async fn get_template(Query(q): Query<TemplateQuery>) -> ApiResult<Response> {
    let english = q.lang.as_deref() == Some("en");
    let columns: Vec<Column> = mass::COLUMNS
        .iter()
        .map(|(field, it, en)| Column {
            header: if english { en } else { it },
            width: match *field {
                "email" => 28.0,
                "birth_place" | "document_number" | "label" => 18.0,
                _ => 14.0,
            },
        })
        .collect();
    let mut w = SheetWriter::new(if english { "Tickets" } else { "Biglietti" }, &columns)
        .map_err(sheet_error)?;
    let examples = [
        [
            "TC-TC1-1-1",
            "Luca",
            "Neri",
            "1990-04-01",
            "Como",
            "M",
            "id_card",
            "CA1234567",
            "luca.neri@example.it",
            "INTERO",
        ],
        [
            "TC-TC1-1-2",
            "Anna",
            "Bianchi",
            "1992-11-30",
            "Lecco",
            "F",
            "passport",
            "YA7654321",
            "anna.bianchi@example.it",
            "DONNA",
        ],
    ];
    for e in examples {
        let cells: Vec<Cell> = e.iter().map(|v| Cell::from(*v)).collect();
        w.row(&cells).map_err(sheet_error)?;
    }
    let name = if english {
        "mass-issue.xlsx"
    } else {
        "emissione-massiva.xlsx"
    };
    Ok(rest::xlsx(name, w.finish().map_err(sheet_error)?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PreviewRequest {
    /// The fixture whose tickets to issue; or `season_ticket_id`.
    #[schema(value_type = Option<i64>)]
    fixture_id: Option<FixtureId>,
    /// The season ticket whose season seats to issue; or `fixture_id`.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    season_ticket_id: Option<SeasonTicketId>,
    /// A season task's seats as collections of match titles (default: season titles).
    #[serde(default)]
    collection: bool,
    /// Sent by admin-ui with the sheet; the check does not need it.
    #[serde(default, rename = "file_name")]
    _file_name: Option<String>,
    #[serde(default)]
    file_base64: Option<String>,
    #[serde(default)]
    lines: Option<Vec<SheetLine>>,
}

/// The lines of a request: a sheet's or typed ones (numbered from 1).
fn read_lines(
    file_base64: Option<&str>,
    lines: Option<&[SheetLine]>,
) -> ApiResult<Vec<(i32, SheetLine)>> {
    let invalid = |field: &str, code: &str| {
        ApiError::validation([(field.to_owned(), code.to_owned())].into())
    };
    match (file_base64, lines) {
        (Some(b64), None) => {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .map_err(|_| invalid("file_base64", "unreadable"))?;
            let rows =
                sheets::read_rows(&bytes).map_err(|_| invalid("file_base64", "unreadable"))?;
            mass::lines_from_rows(&rows).map_err(|e| invalid("file_base64", e.code()))
        }
        (None, Some(lines)) => {
            if lines.is_empty() {
                return Err(invalid("lines", "empty"));
            }
            if lines.len() > mass::MAX_LINES {
                return Err(invalid("lines", "too_many_lines"));
            }
            Ok(lines
                .iter()
                .enumerate()
                .map(|(i, l)| (i as i32 + 1, l.normalised()))
                .collect())
        }
        _ => Err(invalid("file_base64", "a sheet or lines")),
    }
}

async fn check(state: &AppState, target: Target, lines: &[(i32, SheetLine)]) -> ApiResult<Checked> {
    workflows::mass::check(&state.pool, &state.ticketing, target, lines)
        .await?
        .map_err(ApiError::from)
}

/// A fixture, or a season ticket (with its form): exactly one of the two.
fn target(
    fixture_id: Option<FixtureId>,
    season_ticket_id: Option<SeasonTicketId>,
    collection: bool,
) -> ApiResult<Target> {
    let invalid = |field: &str, code: &str| {
        ApiError::validation([(field.to_owned(), code.to_owned())].into())
    };
    match (fixture_id, season_ticket_id) {
        (Some(f), None) if !collection => Ok(Target::Fixture(f)),
        (Some(_), None) => Err(invalid("collection", "season_only")),
        (None, Some(id)) => Ok(Target::Season { id, collection }),
        (Some(_), Some(_)) => Err(invalid("season_ticket_id", "fixture_or_season")),
        (None, None) => Err(invalid("fixture_id", "required")),
    }
}

/// `POST /api/admin/mass-issues/preview`: every line checked; nothing stored.
#[utoipa::path(post, path = "/mass-issues/preview", tag = "admin", request_body = PreviewRequest, responses(
    (status = 200, body = Checked, description = "Every line checked; nothing stored"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`, `season_ticket_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`fixture_not_on_sale`, `season_not_on_sale`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: the sheet or the lines"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn preview(
    State(state): State<AppState>,
    Json(req): Json<PreviewRequest>,
) -> ApiResult<Response> {
    let target = target(req.fixture_id, req.season_ticket_id, req.collection)?;
    let lines = read_lines(req.file_base64.as_deref(), req.lines.as_deref())?;
    let checked = check(&state, target, &lines).await?;
    Ok(axum::Json(checked).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    /// The fixture whose tickets to issue; or `season_ticket_id`.
    #[schema(value_type = Option<i64>)]
    fixture_id: Option<FixtureId>,
    /// The season ticket whose season seats to issue; or `fixture_id`.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    season_ticket_id: Option<SeasonTicketId>,
    /// A season task's seats as collections of match titles (default: season titles).
    #[serde(default)]
    collection: bool,
    #[serde(default)]
    file_name: Option<String>,
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    lines: Vec<SheetLine>,
    /// Each line's row in the sheet (or the typed table), so the task's lines keep the numbers
    /// staff saw in the preview; 1, 2, 3 ... when absent.
    #[serde(default)]
    rows: Option<Vec<i32>>,
}

/// `POST /api/admin/mass-issues`: checks the lines again and starts the task. Audited.
#[utoipa::path(post, path = "/mass-issues", tag = "admin", request_body = CreateRequest, responses(
    (status = 201, body = mass::Task),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`, `season_ticket_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`fixture_not_on_sale`, `season_not_on_sale`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: the sheet, the lines, or no valid line"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn create_task(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<CreateRequest>,
) -> ApiResult<Response> {
    let target = target(req.fixture_id, req.season_ticket_id, req.collection)?;
    let language = match req.language.as_deref() {
        None | Some("it") => "it",
        Some("en") => "en",
        Some(_) => {
            return Err(ApiError::validation(
                [("language".to_owned(), "it or en".to_owned())].into(),
            ));
        }
    };
    let file_name = req
        .file_name
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(|f| f.chars().take(200).collect::<String>());
    let mut lines = read_lines(None, Some(&req.lines))?;
    if let Some(rows) = &req.rows {
        let distinct: std::collections::BTreeSet<&i32> = rows.iter().collect();
        if rows.len() != lines.len() || distinct.len() != rows.len() || rows.iter().any(|r| *r < 1)
        {
            return Err(ApiError::validation(
                [("rows".to_owned(), "invalid".to_owned())].into(),
            ));
        }
        for ((row, _), given) in lines.iter_mut().zip(rows) {
            *row = *given;
        }
    }
    let checked = check(&state, target, &lines).await?;
    let mut tx = state.pool.begin().await?;
    let task = NewTask {
        staff: staff.user.user_id,
        source: if file_name.is_some() {
            "sheet"
        } else {
            "manual"
        },
        file_name: file_name.as_deref(),
        language,
    };
    let task_id =
        workflows::mass::create_task(&mut tx, &task, &checked, &state.config.public_base_url)
            .await?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "mass_issue.created",
        "mass_issue",
        &task_id.to_string(),
        json!({"fixture_id": checked.fixture_id, "season_ticket_id": checked.season_ticket_id,
               "collection": checked.collection, "file_name": file_name, "lines": checked.total,
               "valid": checked.valid}),
    )
    .await?;
    tx.commit().await?;
    let task = one_task(&state, task_id).await?;
    Ok((StatusCode::CREATED, axum::Json(task)).into_response())
}

async fn one_task(state: &AppState, id: Uuid) -> ApiResult<mass::Task> {
    let mut conn = state.pool.acquire().await?;
    let q = mass::TaskQuery {
        limit: 1,
        ..Default::default()
    };
    mass::tasks(&mut conn, &q, Some(id))
        .await?
        .0
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found("No such mass issue"))
}

fn task_id(raw: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found("No such mass issue"))
}

/// `GET /api/admin/mass-issues`: newest first; filters `fixture_id`, `season_ticket_id`, `state`.
#[utoipa::path(get, path = "/mass-issues", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<mass::Task>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `fixture_id`, `season_ticket_id`, `state`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_tasks(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let q = mass::TaskQuery {
        fixture_id: params.filter_i64("fixture_id")?.map(FixtureId),
        season_ticket_id: params.filter_i64("season_ticket_id")?.map(SeasonTicketId),
        state: params.filter_enum("state")?,
        ascending: params.sort_field.is_some() && !params.descending,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = mass::tasks(&mut conn, &q, None).await?;
    Ok(rest::page("mass-issues", &params, items, total))
}

/// `GET /api/admin/mass-issues/{id}`.
#[utoipa::path(get, path = "/mass-issues/{id}", tag = "admin", params(("id" = String, Path, description = "The mass issue (a UUID)")), responses(
    (status = 200, body = mass::Task),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_task(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(axum::Json(one_task(&state, task_id(&id)?).await?).into_response())
}

/// `POST /api/admin/mass-issues/{id}/retry`: the unfinalised lines again. Audited.
#[utoipa::path(post, path = "/mass-issues/{id}/retry", tag = "admin", params(("id" = String, Path, description = "The mass issue (a UUID)")), responses(
    (status = 200, body = mass::Task),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`nothing_to_retry`"),
))]
#[tracing::instrument(skip_all, fields(task_id = %id))]
async fn retry_task(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = task_id(&id)?;
    let before = one_task(&state, id).await?;
    let mut tx = state.pool.begin().await?;
    let Some(round) = workflows::mass::retry_task(&mut tx, id).await? else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "nothing_to_retry",
            "No line of this mass issue is waiting to be retried",
        ));
    };
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "mass_issue.retried",
        "mass_issue",
        &id.to_string(),
        json!({"round": round, "unfinalized": before.unfinalized}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(one_task(&state, id).await?).into_response())
}

/// `GET /api/admin/mass-issues/{id}/results.xlsx`: the task's lines as a sheet.
#[utoipa::path(get, path = "/mass-issues/{id}/results.xlsx", tag = "admin", params(("id" = String, Path, description = "The mass issue (a UUID)")), responses(
    (status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>, description = "The task's lines as a sheet"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_results(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let task = one_task(&state, task_id(&id)?).await?;
    let mut conn = state.pool.acquire().await?;
    let q = mass::LineQuery {
        task_id: Some(task.id),
        limit: mass::MAX_LINES as i64,
        ..Default::default()
    };
    let (lines, _) = mass::lines(&mut conn, &q, None).await?;
    let columns = [
        ("riga", 6.0),
        ("posto", 16.0),
        ("settore", 20.0),
        ("utilizzatore", 24.0),
        ("data_nascita", 12.0),
        ("email", 28.0),
        ("riduzione", 10.0),
        ("prezzo", 10.0),
        ("stato", 12.0),
        ("motivo", 40.0),
        ("sigillo_fiscale", 20.0),
        ("emesso_il", 17.0),
    ]
    .map(|(header, width)| Column { header, width });
    let mut w = SheetWriter::new("Esito", &columns).map_err(sheet_error)?;
    for l in lines {
        let birth = l
            .birth_date
            .as_deref()
            .and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        w.row(&[
            Cell::Int(i64::from(l.row)),
            l.label.into(),
            l.sector_name.into(),
            l.holder_name.into(),
            birth.map_or(Cell::Empty, Cell::Date),
            l.email.into(),
            l.reduction.into(),
            l.price_cents
                .map_or(Cell::Empty, |c| Cell::Cents(i64::from(c))),
            l.state.as_str().into(),
            l.reason.into(),
            l.seal.into(),
            l.issued_at.map_or(Cell::Empty, Cell::Time),
        ])
        .map_err(sheet_error)?;
    }
    let name = format!("emissione-{}.xlsx", task.id);
    Ok(rest::xlsx(&name, w.finish().map_err(sheet_error)?))
}

/// `GET /api/admin/mass-issue-lines`: filters `task_id`, `state`, `q`.
#[utoipa::path(get, path = "/mass-issue-lines", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<mass::LineRow>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `task_id`, `state`, `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_lines(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let task = match params.filter_str("task_id") {
        None => None,
        Some(t) => Some(Uuid::parse_str(&t).map_err(|_| rest::bad_filter("task_id"))?),
    };
    let q = mass::LineQuery {
        task_id: task,
        state: params.filter_enum("state")?,
        search: params.filter_str("q"),
        sort: params.sort_field.clone(),
        descending: params.descending,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = mass::lines(&mut conn, &q, None).await?;
    Ok(rest::page("mass-issue-lines", &params, items, total))
}

/// `GET /api/admin/mass-issue-lines/{id}`.
#[utoipa::path(get, path = "/mass-issue-lines/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = mass::LineRow),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_line(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let q = mass::LineQuery {
        limit: 1,
        ..Default::default()
    };
    mass::lines(&mut conn, &q, Some(id))
        .await?
        .0
        .into_iter()
        .next()
        .map(|l| axum::Json(l).into_response())
        .ok_or_else(|| ApiError::not_found("No such line"))
}
