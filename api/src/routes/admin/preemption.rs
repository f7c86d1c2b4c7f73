//! Staff's pre-emption and renewal (issue 18): the phases of a season's or a match's sale
//! (list, add, change, end now, remove; the ticketing system's window mirrored), each with its
//! live counts; last season's holders imported from a sheet by a job (progress, rejected rows
//! to download) and searched; the code table that maps renewal codes to seats; a match's or a
//! season's custom list of rights (the spec's preemption_codes).

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{
    extract::{DefaultBodyLimit, State},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use base64::Engine;
use chrono::{DateTime, Utc};
use domain::ids::{FixtureId, SeasonTicketId};
use domain::preemption::{
    codes::{self, CodeImportReport, CodeRefusal, PreemptionCode},
    holders::{self, CodeTableReport, HolderView, HoldersImport, Rejection},
    mailing::{self, RenewalMailing},
    phases::{self, NewPhase, Phase, PhaseCounts, PhaseKind, PhaseRefusal, PhaseTarget},
    renewal::KeepReport,
};
use integrations::sheets::{Cell, Column, SheetWriter};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::preemption::{
    ImportHolders, KeepRenewalSeats, ReleaseRenewalSeats, SendRenewalCodes,
};

/// A sheet of 20,000 holders is about 1.5 MB in base64: these two routes take up to 16 MB.
const SHEET_LIMIT: usize = 16 * 1024 * 1024;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    let sheets = OpenApiRouter::new()
        .routes(routes!(list_imports, create_import))
        .routes(routes!(import_codes))
        .routes(routes!(import_preemption_codes))
        .layer(DefaultBodyLimit::max(SHEET_LIMIT));
    r.routes(routes!(list_phases, create_phase))
        .routes(routes!(get_phase, update_phase, delete_phase))
        .routes(routes!(end_phase))
        .routes(routes!(keep_phase_seats))
        .routes(routes!(mirror_phases))
        .routes(routes!(get_import))
        .routes(routes!(import_rejections))
        .routes(routes!(list_holders))
        .routes(routes!(list_codes))
        .routes(routes!(list_preemption_codes, create_preemption_code))
        .routes(routes!(delete_preemption_code))
        .routes(routes!(list_mailings, create_mailing))
        .routes(routes!(get_mailing))
        .merge(sheets)
}

/// A phase with its live counts.
#[derive(Serialize, ToSchema)]
struct PhaseView {
    #[serde(flatten)]
    phase: Phase,
    counts: PhaseCounts,
}

async fn view(conn: &mut sqlx::PgConnection, phase: Phase) -> Result<PhaseView, sqlx::Error> {
    let counts = phases::counts(conn, &phase).await?;
    Ok(PhaseView { phase, counts })
}

fn phase_not_found() -> ApiError {
    ApiError::not_found("No such phase")
}

fn target(season: Option<i64>, fixture: Option<i64>) -> ApiResult<PhaseTarget> {
    match (season, fixture) {
        (Some(s), None) => Ok(PhaseTarget::Season(SeasonTicketId(s))),
        (None, Some(f)) => Ok(PhaseTarget::Fixture(FixtureId(f))),
        _ => Err(ApiError::validation(
            [(
                "season_ticket_id".to_owned(),
                "a season ticket or a fixture".to_owned(),
            )]
            .into(),
        )),
    }
}

async fn target_exists(conn: &mut sqlx::PgConnection, t: PhaseTarget) -> ApiResult<()> {
    let found = match t {
        PhaseTarget::Season(s) => {
            sqlx::query_scalar!("select 1 as one from season_ticket where id = $1", s.0)
                .fetch_optional(conn)
                .await?
        }
        PhaseTarget::Fixture(f) => {
            sqlx::query_scalar!("select 1 as one from fixture where id = $1", f.0)
                .fetch_optional(conn)
                .await?
        }
    };
    found.map(|_| ()).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "target_not_found",
            "No such season ticket or fixture",
        )
    })
}

/// `GET /api/admin/phases?filter={"season_ticket_id":..}` or `{"fixture_id":..}`.
#[utoipa::path(get, path = "/phases", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<PhaseView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: neither a season ticket nor a fixture"),
))]
async fn list_phases(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let t = target(
        params.filter_i64("season_ticket_id")?,
        params.filter_i64("fixture_id")?,
    )?;
    let mut conn = state.pool.acquire().await?;
    let mut items = vec![];
    for p in phases::list(&mut conn, t).await? {
        items.push(view(&mut conn, p).await?);
    }
    Ok(rest::whole("phases", &params, items))
}

#[derive(Deserialize, ToSchema)]
struct PhaseRequest {
    #[serde(default)]
    season_ticket_id: Option<i64>,
    #[serde(default)]
    fixture_id: Option<i64>,
    kind: PhaseKind,
    #[serde(default)]
    name: String,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    /// Comma-separated sector codes; empty: every sector.
    #[serde(default)]
    sectors: String,
}

impl PhaseRequest {
    fn phase(&self) -> NewPhase {
        NewPhase {
            kind: self.kind,
            name: self.name.clone(),
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            sectors: self.sectors.clone(),
        }
    }
}

impl From<PhaseRefusal> for ApiError {
    fn from(r: PhaseRefusal) -> Self {
        let (field, message) = match r {
            PhaseRefusal::Dates => ("ends_at", "after the start".to_owned()),
            PhaseRefusal::NameTooLong => ("name", "at most 80 characters".to_owned()),
            PhaseRefusal::SectorsTooLong => ("sectors", "at most 200 characters".to_owned()),
            PhaseRefusal::RenewalOfAFixture => (
                "kind",
                "a renewal or a change of seat is of a season ticket".to_owned(),
            ),
            PhaseRefusal::UnknownSectors(codes) => {
                ("sectors", format!("unknown sectors: {}", codes.join(", ")))
            }
        };
        ApiError::validation([(field.to_owned(), message)].into())
    }
}

/// `POST /api/admin/phases`: a phase of a season ticket's or a fixture's sale. A renewal
/// phase keeps its holders' seats (a job).
#[utoipa::path(post, path = "/phases", tag = "admin", request_body = PhaseRequest, responses(
    (status = 201, body = PhaseView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`target_not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: the dates, the sectors, the target"),
))]
async fn create_phase(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<PhaseRequest>,
) -> ApiResult<Response> {
    let t = target(req.season_ticket_id, req.fixture_id)?;
    let mut tx = state.pool.begin().await?;
    target_exists(&mut tx, t).await?;
    let phase = phases::create(&mut tx, t, &req.phase(), staff.user.user_id).await??;
    if phase.kind == PhaseKind::Renewal {
        workflows::enqueue(
            &mut tx,
            &KeepRenewalSeats {
                phase_id: phase.id,
                round: Uuid::now_v7(),
            },
        )
        .await?;
    }
    let v = view(&mut tx, phase).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(v)).into_response())
}

/// `GET /api/admin/phases/{id}`: the phase and its live counts.
#[utoipa::path(get, path = "/phases/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = PhaseView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_phase(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let phase = phases::get(&mut conn, id)
        .await?
        .ok_or_else(phase_not_found)?;
    Ok(axum::Json(view(&mut conn, phase).await?).into_response())
}

/// After a change: an ended renewal (or change-of-seat) phase's seats are released by a job;
/// a renewal phase running again keeps its seats again.
async fn after_change(conn: &mut sqlx::PgConnection, phase: &Phase) -> Result<(), sqlx::Error> {
    if !phase.kind.keeps_seats() || phase.released_at.is_some() {
        return Ok(());
    }
    if phase.ends_at <= Utc::now() {
        workflows::enqueue(
            conn,
            &ReleaseRenewalSeats {
                phase_id: phase.id,
                ends_at: phase.ends_at,
            },
        )
        .await?;
    }
    Ok(())
}

/// `PUT /api/admin/phases/{id}`.
#[utoipa::path(put, path = "/phases/{id}", tag = "admin", params(("id" = i64, Path)), request_body = PhaseRequest, responses(
    (status = 200, body = PhaseView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
async fn update_phase(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<PhaseRequest>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let phase = phases::update(&mut tx, id, &req.phase(), staff.user.user_id)
        .await?
        .ok_or_else(phase_not_found)??;
    after_change(&mut tx, &phase).await?;
    let v = view(&mut tx, phase).await?;
    tx.commit().await?;
    Ok(axum::Json(v).into_response())
}

/// `DELETE /api/admin/phases/{id}`: a renewal phase's kept seats are freed with it.
#[utoipa::path(delete, path = "/phases/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = Phase, description = "Removed"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn delete_phase(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let phase = phases::get(&mut tx, id)
        .await?
        .ok_or_else(phase_not_found)?;
    let changes = phases::delete(&mut tx, id, staff.user.user_id)
        .await?
        .ok_or_else(phase_not_found)?;
    domain::inventory::notify(&mut tx, &changes).await?;
    tx.commit().await?;
    Ok(axum::Json(phase).into_response())
}

/// `POST /api/admin/phases/{id}/end`: the phase ends now; a renewal phase's unrenewed seats
/// are released to the next phase by a job, seen live on the seat maps.
#[utoipa::path(post, path = "/phases/{id}/end", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = PhaseView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`phase_not_open`: it has not started or has ended"),
))]
async fn end_phase(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let phase = phases::get(&mut tx, id)
        .await?
        .ok_or_else(phase_not_found)?;
    if !phase.is_open(Utc::now()) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "phase_not_open",
            "This phase is not on now",
        ));
    }
    let ended = sqlx::query_scalar!(
        "update sale_phase set ends_at = greatest(now(), starts_at + interval '1 microsecond'),
                updated_at = now() where id = $1 returning ends_at",
        id
    )
    .fetch_one(&mut *tx)
    .await?;
    domain::audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "phase.end",
        "sale_phase",
        &id.to_string(),
        json!({"ends_at": ended}),
    )
    .await?;
    let phase = phases::get(&mut tx, id)
        .await?
        .ok_or_else(phase_not_found)?;
    after_change(&mut tx, &phase).await?;
    let v = view(&mut tx, phase).await?;
    tx.commit().await?;
    Ok(axum::Json(v).into_response())
}

/// `POST /api/admin/phases/{id}/keep`: keeps the holders' seats again (after a new sheet or
/// code table), by a job.
#[utoipa::path(post, path = "/phases/{id}/keep", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 202, body = KeepReport, description = "Queued; the counts show the seats kept"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`not_a_renewal`: not an open or coming renewal phase"),
))]
async fn keep_phase_seats(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let phase = phases::get(&mut tx, id)
        .await?
        .ok_or_else(phase_not_found)?;
    if phase.kind != PhaseKind::Renewal
        || phase.ends_at <= Utc::now()
        || phase.released_at.is_some()
    {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_a_renewal",
            "Only an open or coming renewal phase keeps seats",
        ));
    }
    workflows::enqueue(
        &mut tx,
        &KeepRenewalSeats {
            phase_id: id,
            round: Uuid::now_v7(),
        },
    )
    .await?;
    domain::audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "phase.keep",
        "sale_phase",
        &id.to_string(),
        json!({}),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, axum::Json(KeepReport::default())).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct MirrorRequest {
    #[serde(default)]
    season_ticket_id: Option<i64>,
    #[serde(default)]
    fixture_id: Option<i64>,
}

/// `POST /api/admin/phases/mirror`: reads the pre-emption window of a season (its renewals)
/// or of a match (a fidelity-card phase) from the ticketing system and mirrors it as the
/// target's mirrored phase (kept in step; removed when the system has none).
#[utoipa::path(post, path = "/phases/mirror", tag = "admin", request_body = MirrorRequest, responses(
    (status = 200, body = Vec<PhaseView>, description = "The target's phases after the mirror"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`target_not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: neither a season ticket nor a fixture"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
async fn mirror_phases(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<MirrorRequest>,
) -> ApiResult<Response> {
    let t = target(req.season_ticket_id, req.fixture_id)?;
    let not_found = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "target_not_found",
            "No such season ticket or fixture",
        )
    };
    let window = match t {
        PhaseTarget::Season(season) => {
            let planet = sqlx::query_scalar!(
                "select planet_season_type_id from season_ticket where id = $1",
                season.0
            )
            .fetch_optional(&state.pool)
            .await?
            .ok_or_else(not_found)?;
            let types = state
                .ticketing
                .season_types()
                .await
                .map_err(|_| ApiError::ticketing_unavailable())?;
            types
                .into_iter()
                .find(|t| t.id as i32 == planet)
                .and_then(|t| t.preemption_window)
        }
        PhaseTarget::Fixture(fixture) => {
            let planet = sqlx::query_scalar!(
                "select planet_event_id from fixture where id = $1",
                fixture.0
            )
            .fetch_optional(&state.pool)
            .await?
            .ok_or_else(not_found)?;
            state
                .ticketing
                .event(planet as u32)
                .await
                .map_err(|_| ApiError::ticketing_unavailable())?
                .preemption_window
        }
    }
    .map(|w| (w.opens_at, w.closes_at, w.sectors.join(",")));
    let mut tx = state.pool.begin().await?;
    phases::mirror(&mut tx, t, window.clone()).await?;
    let mut items = vec![];
    for p in phases::list(&mut tx, t).await? {
        if p.source == phases::PhaseSource::Ticketing
            && p.kind == PhaseKind::Renewal
            && p.released_at.is_none()
        {
            if p.ends_at > Utc::now() {
                workflows::enqueue(
                    &mut tx,
                    &KeepRenewalSeats {
                        phase_id: p.id,
                        round: Uuid::now_v7(),
                    },
                )
                .await?;
            } else {
                after_change(&mut tx, &p).await?;
            }
        }
        items.push(view(&mut tx, p).await?);
    }
    let (kind, id) = match t {
        PhaseTarget::Season(s) => ("season_ticket", s.to_string()),
        PhaseTarget::Fixture(f) => ("fixture", f.to_string()),
    };
    domain::audit::record(&mut tx, Some(staff.user.user_id), "phase.mirror", kind, &id, json!({"window": window.map(|w| json!({"opens_at": w.0, "closes_at": w.1, "sectors": w.2}))})).await?;
    tx.commit().await?;
    Ok(axum::Json(items).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    /// The season the holders renew into, as the spec labels it: 2025-2026.
    label: String,
    file_name: String,
    file_base64: String,
}

fn invalid(field: &str, code: &str) -> ApiError {
    ApiError::validation([(field.to_owned(), code.to_owned())].into())
}

fn decode_sheet(b64: &str) -> ApiResult<Vec<u8>> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .map_err(|_| invalid("file_base64", "unreadable"))?;
    // An xlsx is a zip: read it here so a wrong file is refused at once.
    integrations::sheets::read_rows(&bytes).map_err(|_| invalid("file_base64", "unreadable"))?;
    Ok(bytes)
}

/// `POST /api/admin/holders-imports`: a sheet of last season's holders (the spec's columns:
/// Nome, Cognome, Data Nascita, Provincia Nascita, Localita Nascita, Sesso, Sigillo Fiscale,
/// Promozioni1, Promozioni2, the buyer's, and Codice Rinnovo), written by a job in batches of
/// 500. Each rejected row is kept with its reason.
#[utoipa::path(post, path = "/holders-imports", tag = "admin", request_body = ImportRequest, responses(
    (status = 202, body = HoldersImport, description = "Queued; its progress moves as batches are written"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: the label (yyyy-yyyy), a file that is not a sheet"),
))]
async fn create_import(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<ImportRequest>,
) -> ApiResult<Response> {
    let label = req.label.trim();
    let good_label = label.len() == 9
        && label.as_bytes()[4] == b'-'
        && label[..4]
            .parse::<u32>()
            .ok()
            .zip(label[5..].parse::<u32>().ok())
            .is_some_and(|(a, b)| b == a + 1);
    if !good_label {
        return Err(invalid("label", "yyyy-yyyy"));
    }
    let bytes = decode_sheet(&req.file_base64)?;
    let file_name: String = req.file_name.trim().chars().take(200).collect();
    let mut tx = state.pool.begin().await?;
    let id = holders::create_import(&mut tx, label, &file_name, &bytes, staff.user.user_id).await?;
    workflows::enqueue(&mut tx, &ImportHolders { import_id: id }).await?;
    let import = holders::get_import(&mut tx, id)
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, axum::Json(import)).into_response())
}

/// `GET /api/admin/holders-imports`: the imports, newest first.
#[utoipa::path(get, path = "/holders-imports", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<HoldersImport>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_imports(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let (items, total) = holders::list_imports(&mut conn, params.limit, params.offset).await?;
    Ok(rest::page("holders-imports", &params, items, total))
}

fn import_id(id: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(id).map_err(|_| ApiError::not_found("No such import"))
}

/// `GET /api/admin/holders-imports/{id}`: its progress.
#[utoipa::path(get, path = "/holders-imports/{id}", tag = "admin", params(("id" = String, Path, description = "The import (a UUID)")), responses(
    (status = 200, body = HoldersImport),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_import(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = import_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    let import = holders::get_import(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such import"))?;
    Ok(axum::Json(import).into_response())
}

/// `GET /api/admin/holders-imports/{id}/rejections`: the rejected rows as a sheet (row,
/// reason, fiscal seal).
#[utoipa::path(get, path = "/holders-imports/{id}/rejections", tag = "admin", params(("id" = String, Path, description = "The import (a UUID)")), responses(
    (status = 200, description = "The rejected rows (xlsx)", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn import_rejections(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = import_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    holders::get_import(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such import"))?;
    let rows: Vec<Rejection> = holders::rejections(&mut conn, id).await?;
    let sheet_error = |_| ApiError::internal();
    let mut w = SheetWriter::new(
        "scarti",
        &[
            Column {
                header: "riga",
                width: 8.0,
            },
            Column {
                header: "motivo",
                width: 24.0,
            },
            Column {
                header: "sigillo_fiscale",
                width: 20.0,
            },
        ],
    )
    .map_err(sheet_error)?;
    for r in rows {
        w.row(&[
            Cell::Int(i64::from(r.row_number)),
            Cell::Text(r.reason),
            Cell::Text(r.fiscal_seal),
        ])
        .map_err(sheet_error)?;
    }
    let bytes = w.finish().map_err(sheet_error)?;
    Ok(rest::xlsx(&format!("scarti-{id}.xlsx"), bytes))
}

/// `GET /api/admin/season-holders?filter={"q":..,"label":..}`: the holders, by fiscal seal,
/// renewal code or the start of the last name.
#[utoipa::path(get, path = "/season-holders", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<HolderView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_holders(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let q = params.filter_str("q").unwrap_or_default();
    let label = params.filter_str("label");
    let mut conn = state.pool.acquire().await?;
    let (items, total) =
        holders::search(&mut conn, label.as_deref(), &q, params.limit, params.offset).await?;
    Ok(rest::page("season-holders", &params, items, total))
}

/// A code of the code table.
#[derive(Serialize, ToSchema)]
struct CodeView {
    /// The renewal code (P1-...), react-admin's id.
    id: String,
    seat_id: i64,
    seat_label: String,
}

/// `GET /api/admin/renewal-codes?filter={"q":..}`: the code table.
#[utoipa::path(get, path = "/renewal-codes", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<CodeView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_codes(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let q = params.filter_str("q").unwrap_or_default();
    let mut conn = state.pool.acquire().await?;
    let items = sqlx::query_as!(
        CodeView,
        "select code as id, seat_id, seat_label from renewal_seat_code
          where $1 = '' or code ilike $1 || '%' or seat_label ilike $1 || '%'
          order by code limit $2 offset $3",
        q,
        params.limit,
        params.offset
    )
    .fetch_all(&mut *conn)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from renewal_seat_code
            where $1 = '' or code ilike $1 || '%' or seat_label ilike $1 || '%'"#,
        q
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(rest::page("renewal-codes", &params, items, total))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CodesRequest {
    #[serde(default)]
    file_name: Option<String>,
    file_base64: String,
}

/// `POST /api/admin/renewal-codes/import`: a sheet of codes and seats (two columns: the code,
/// the seat written area-block-row-number). A code listed with two different seats is
/// reported and not written; a row whose seat the venue lacks is reported.
#[utoipa::path(post, path = "/renewal-codes/import", tag = "admin", request_body = CodesRequest, responses(
    (status = 200, body = CodeTableReport),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: not a sheet"),
))]
async fn import_codes(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<CodesRequest>,
) -> ApiResult<Response> {
    let _ = req.file_name;
    let bytes = decode_sheet(&req.file_base64)?;
    let rows = integrations::sheets::read_rows(&bytes)
        .map_err(|_| invalid("file_base64", "unreadable"))?;
    // A header row (a first cell that is not a code) is skipped.
    let rows: Vec<(u32, String, String)> = rows
        .into_iter()
        .filter(|(n, cells)| {
            let first = cells.iter().find(|c| !c.trim().is_empty());
            *n != 1 || first.is_some_and(|c| holders::is_renewal_code(&c.trim().to_uppercase()))
        })
        .map(|(n, cells)| {
            let mut it = cells.into_iter().filter(|c| !c.trim().is_empty());
            (
                n,
                it.next().unwrap_or_default(),
                it.next().unwrap_or_default(),
            )
        })
        .collect();
    let mut tx = state.pool.begin().await?;
    let report = holders::import_codes(&mut tx, &rows, staff.user.user_id).await?;
    tx.commit().await?;
    Ok(axum::Json(report).into_response())
}

fn code_refusal(r: CodeRefusal) -> ApiError {
    match r {
        CodeRefusal::BadRight => invalid(
            "fidelity_card_number_or_fiscal_seal",
            "a card number or a fiscal seal",
        ),
        CodeRefusal::BadSectors => invalid("sector_code", "known sector codes, comma-separated"),
        CodeRefusal::Duplicate => ApiError::new(
            StatusCode::CONFLICT,
            "code_listed",
            "This card or seal is listed already",
        ),
    }
}

/// `GET /api/admin/preemption-codes?filter={"fixture_id":..}` (or `season_ticket_id`; `q`: a
/// right's start or a sector): a match's or a season's list of rights.
#[utoipa::path(get, path = "/preemption-codes", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<PreemptionCode>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: neither a season ticket nor a fixture"),
))]
async fn list_preemption_codes(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let t = target(
        params.filter_i64("season_ticket_id")?,
        params.filter_i64("fixture_id")?,
    )?;
    let q = params.filter_str("q").unwrap_or_default();
    let mut conn = state.pool.acquire().await?;
    let (items, total) = codes::list(&mut conn, t, &q, params.limit, params.offset).await?;
    Ok(rest::page("preemption-codes", &params, items, total))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PreemptionCodeRequest {
    #[serde(default)]
    season_ticket_id: Option<i64>,
    #[serde(default)]
    fixture_id: Option<i64>,
    fidelity_card_number_or_fiscal_seal: String,
    /// Comma-separated sector codes.
    sector_code: String,
}

/// `POST /api/admin/preemption-codes`: lists a card or a seal for a match or a season.
#[utoipa::path(post, path = "/preemption-codes", tag = "admin", request_body = PreemptionCodeRequest, responses(
    (status = 201, body = PreemptionCode),
    (status = 404, body = crate::openapi::ErrorBody, description = "`target_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`code_listed`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: the right, the sectors, the target"),
))]
async fn create_preemption_code(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<PreemptionCodeRequest>,
) -> ApiResult<Response> {
    let t = target(req.season_ticket_id, req.fixture_id)?;
    let mut tx = state.pool.begin().await?;
    target_exists(&mut tx, t).await?;
    let added = codes::add(
        &mut tx,
        t,
        &req.fidelity_card_number_or_fiscal_seal,
        &req.sector_code,
        staff.user.user_id,
    )
    .await?
    .map_err(code_refusal)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(added)).into_response())
}

/// `DELETE /api/admin/preemption-codes/{id}`.
#[utoipa::path(delete, path = "/preemption-codes/{id}", tag = "admin", params(("id" = i64, Path)), responses(
    (status = 200, body = Object, description = "Removed: `{id}`"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn delete_preemption_code(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    if !codes::remove(&mut tx, id, staff.user.user_id).await? {
        return Err(ApiError::not_found("No such code"));
    }
    tx.commit().await?;
    Ok(axum::Json(json!({ "id": id })).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PreemptionCodesImport {
    #[serde(default)]
    season_ticket_id: Option<i64>,
    #[serde(default)]
    fixture_id: Option<i64>,
    #[serde(default)]
    file_name: Option<String>,
    file_base64: String,
}

/// `POST /api/admin/preemption-codes/import`: a sheet of rights (two columns: the card number
/// or seal, its sectors comma-separated; a header row is skipped); each row not listed is
/// reported with its reason.
#[utoipa::path(post, path = "/preemption-codes/import", tag = "admin", request_body = PreemptionCodesImport, responses(
    (status = 200, body = CodeImportReport),
    (status = 404, body = crate::openapi::ErrorBody, description = "`target_not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: not a sheet, or no target"),
))]
async fn import_preemption_codes(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<PreemptionCodesImport>,
) -> ApiResult<Response> {
    let _ = req.file_name;
    let t = target(req.season_ticket_id, req.fixture_id)?;
    let bytes = decode_sheet(&req.file_base64)?;
    let rows = integrations::sheets::read_rows(&bytes)
        .map_err(|_| invalid("file_base64", "unreadable"))?;
    let rows: Vec<(u32, String, String)> = rows
        .into_iter()
        .map(|(n, cells)| {
            let mut it = cells.into_iter();
            (
                n,
                it.next().unwrap_or_default(),
                it.next().unwrap_or_default(),
            )
        })
        // A header row: its first cell names the column.
        .filter(|(n, right, _)| {
            let head = right.to_lowercase();
            !(*n == 1
                && ["fidelity", "sigillo", "tessera", "card", "seal"]
                    .iter()
                    .any(|w| head.contains(w)))
        })
        .filter(|(_, right, sectors)| !(right.trim().is_empty() && sectors.trim().is_empty()))
        .collect();
    let mut tx = state.pool.begin().await?;
    target_exists(&mut tx, t).await?;
    let report = codes::import(&mut tx, t, &rows, staff.user.user_id).await?;
    tx.commit().await?;
    Ok(axum::Json(report).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct MailingRequest {
    season_ticket_id: i64,
    /// Send again to holders who were sent their code before.
    #[serde(default)]
    again: bool,
}

/// `POST /api/admin/renewal-mailings`: sends every holder of the season who has a renewal
/// code and an e-mail their code, one e-mail each, by a job (spec: send-renewal-code).
#[utoipa::path(post, path = "/renewal-mailings", tag = "admin", request_body = MailingRequest, responses(
    (status = 202, body = RenewalMailing, description = "Queued: follow its progress"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`target_not_found`"),
))]
async fn create_mailing(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Json(req): Json<MailingRequest>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let m = mailing::create(
        &mut tx,
        SeasonTicketId(req.season_ticket_id),
        req.again,
        staff.user.user_id,
    )
    .await?
    .ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "target_not_found",
            "No such season ticket",
        )
    })?;
    workflows::enqueue(&mut tx, &SendRenewalCodes { mailing_id: m.id }).await?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, axum::Json(m)).into_response())
}

/// `GET /api/admin/renewal-mailings`: the newest first, with their progress.
#[utoipa::path(get, path = "/renewal-mailings", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<RenewalMailing>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_mailings(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    let (items, total) = mailing::list(&mut conn, params.limit, params.offset).await?;
    Ok(rest::page("renewal-mailings", &params, items, total))
}

/// `GET /api/admin/renewal-mailings/{id}`.
#[utoipa::path(get, path = "/renewal-mailings/{id}", tag = "admin", params(("id" = String, Path, description = "The mailing (a UUID)")), responses(
    (status = 200, body = RenewalMailing),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_mailing(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let not_found = || ApiError::not_found("No such mailing");
    let id = Uuid::parse_str(&id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let m = mailing::get(&mut conn, id).await?.ok_or_else(not_found)?;
    Ok(axum::Json(m).into_response())
}
