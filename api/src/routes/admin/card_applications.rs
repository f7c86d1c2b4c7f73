//! `/api/admin/supporter-card-applications`: the club's supporter cards as staff run them
//! (spec: /admin/fidelity_card): applications and cards with the spec's search, the photo,
//! issue (the ticketing system's police check answers, by a job), reject, revoke (in the
//! ticketing system, by a job), re-check with the ticketing system, the PDFs, the export.
//! Every decision is audited.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    rest::{self, ListParams, RawListParams},
    routes::card_applications::{CardPdfQuery, card_pdf, photo_of},
    state::AppState,
};
use axum::{extract::State, http::StatusCode, response::Response};
use domain::cards::applications::{
    self, Application, ApplicationQuery, ApplicationState, MoveError, StaffStep,
};
use integrations::sheets::{Cell, Column, SheetWriter};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::supporter_cards::{self, Recheck, RecheckError};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_applications))
        .routes(routes!(export_applications))
        .routes(routes!(get_application))
        .routes(routes!(application_photo))
        .routes(routes!(application_pdf))
        .routes(routes!(issue_application))
        .routes(routes!(reject_application))
        .routes(routes!(revoke_card))
        .routes(routes!(recheck_card))
}

fn not_found() -> ApiError {
    ApiError::not_found("No such supporter card application")
}

async fn load(conn: &mut PgConnection, id: &str) -> ApiResult<Application> {
    let id = Uuid::parse_str(id).map_err(|_| not_found())?;
    applications::find(conn, id).await?.ok_or_else(not_found)
}

fn move_error(e: MoveError) -> ApiError {
    match e {
        MoveError::NotFound => not_found(),
        MoveError::WrongState(state) => ApiError::new(
            StatusCode::CONFLICT,
            "wrong_state",
            format!("The application is {}", state.code()),
        )
        .with_field("state", state.code()),
        MoveError::Database(e) => e.into(),
    }
}

/// `GET /api/admin/supporter-card-applications`: newest first; `filter` by `q` (the spec's
/// search: the applicant's e-mail, `LAST, FIRST` of the holder, a fiscal code, or a card
/// number as text or as a number), `state`, `user_id`.
#[utoipa::path(get, path = "/supporter-card-applications", tag = "admin", params(RawListParams),
    responses(
        (status = 200, body = Vec<Application>,
         headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
        (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
    ))]
async fn list_applications(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let app_state = match params.filter_str("state") {
        None => None,
        Some(s) => Some(ApplicationState::parse(&s).ok_or_else(|| rest::bad_filter("state"))?),
    };
    let user_id = match params.filter_str("user_id") {
        None => None,
        Some(u) => Some(Uuid::parse_str(&u).map_err(|_| rest::bad_filter("user_id"))?),
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = applications::list(
        &mut conn,
        &ApplicationQuery {
            search: params.filter_str("q"),
            state: app_state,
            user_id,
            offset: params.offset,
            limit: params.limit,
            ..Default::default()
        },
    )
    .await?;
    Ok(rest::page(
        "supporter-card-applications",
        &params,
        items,
        total,
    ))
}

/// `GET /api/admin/supporter-card-applications/export`: every application and card as a sheet.
#[utoipa::path(get, path = "/supporter-card-applications/export", tag = "admin", responses(
    (status = 200, description = "The applications (xlsx)", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
))]
async fn export_applications(State(state): State<AppState>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let all = applications::all(&mut conn).await?;
    drop(conn);
    let sheet_error = |_| ApiError::internal();
    let columns: Vec<Column> = [
        ("data_domanda", 18.0),
        ("stato", 12.0),
        ("numero_tessera", 16.0),
        ("cognome", 18.0),
        ("nome", 18.0),
        ("codice_fiscale", 20.0),
        ("data_nascita", 12.0),
        ("luogo_nascita", 20.0),
        ("relazione", 10.0),
        ("email_richiedente", 28.0),
        ("scadenza", 12.0),
        ("motivo_rifiuto", 18.0),
    ]
    .into_iter()
    .map(|(header, width)| Column { header, width })
    .collect();
    let mut w = SheetWriter::new("tessere", &columns).map_err(sheet_error)?;
    for a in all {
        w.row(&[
            Cell::Time(a.created_at),
            Cell::Text(a.state.code().to_owned()),
            a.card_number.map_or(Cell::Empty, Cell::Text),
            Cell::Text(a.last_name),
            Cell::Text(a.first_name),
            Cell::Text(a.fiscal_code),
            Cell::Date(a.birth_date),
            Cell::Text(a.birth_place),
            Cell::Text(a.relationship.code().to_owned()),
            Cell::Text(a.user_email),
            a.expires_on.map_or(Cell::Empty, Cell::Date),
            a.refusal_code.map_or(Cell::Empty, Cell::Text),
        ])
        .map_err(sheet_error)?;
    }
    let bytes = w.finish().map_err(sheet_error)?;
    Ok(rest::xlsx("tessere-blu-nel-cuore.xlsx", bytes))
}

/// `GET /api/admin/supporter-card-applications/{id}`.
#[utoipa::path(get, path = "/supporter-card-applications/{id}", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)")),
    responses(
        (status = 200, body = Application),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    ))]
async fn get_application(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<Application>> {
    let mut conn = state.pool.acquire().await?;
    Ok(axum::Json(load(&mut conn, &id).await?))
}

/// `GET /api/admin/supporter-card-applications/{id}/photo`: the card's photo (JPEG).
#[utoipa::path(get, path = "/supporter-card-applications/{id}/photo", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)")),
    responses(
        (status = 200, content_type = "image/jpeg", body = Vec<u8>),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    ))]
async fn application_photo(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let app = load(&mut conn, &id).await?;
    drop(conn);
    photo_of(&state, &app).await
}

/// `GET /api/admin/supporter-card-applications/{id}/pdf?format=full|small`: the issued card.
#[utoipa::path(get, path = "/supporter-card-applications/{id}/pdf", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)"), CardPdfQuery),
    responses(
        (status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The card as a PDF"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`card_not_issued`"),
        (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `format`, `lang`"),
    ))]
async fn application_pdf(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<CardPdfQuery>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let app = load(&mut conn, &id).await?;
    drop(conn);
    card_pdf(&state, &app, &q, &staff.user.language).await
}

async fn audit(
    conn: &mut PgConnection,
    staff: Uuid,
    action: &str,
    app: &Application,
    more: serde_json::Value,
) -> Result<(), sqlx::Error> {
    domain::audit::record(
        conn,
        Some(staff),
        action,
        "supporter_card_application",
        &app.id.to_string(),
        serde_json::json!({
            "card_number": app.card_number,
            "holder": format!("{} {}", app.first_name, app.last_name),
            "more": more,
        }),
    )
    .await
}

/// `POST /api/admin/supporter-card-applications/{id}/issue`: issues a registered application's
/// card. A job sends the photo and asks the ticketing system to issue it; the police check
/// answers there (a refusal makes the application `refused`); the fan then gets the e-mail
/// with the card.
#[utoipa::path(post, path = "/supporter-card-applications/{id}/issue", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)")),
    responses(
        (status = 200, body = Application, description = "Now `issuing`"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`wrong_state`: not `registered` (still being registered, or decided already)"),
    ))]
async fn issue_application(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<Application>> {
    hand_to_job(&state, staff.user.user_id, &id, StaffStep::Issue).await
}

/// Staff's step (issue, revoke): the application moved, its job queued, the step audited, in
/// one transaction.
async fn hand_to_job(
    state: &AppState,
    staff: Uuid,
    id: &str,
    step: StaffStep,
) -> ApiResult<axum::Json<Application>> {
    let mut tx = state.pool.begin().await?;
    let id = load(&mut tx, id).await?.id;
    let app = applications::staff_step(&mut tx, id, staff, step)
        .await
        .map_err(move_error)?;
    let action = match step {
        StaffStep::Issue => {
            supporter_cards::queue_issue(&mut tx, id).await?;
            "supporter_card.issue_requested"
        }
        StaffStep::Revoke => {
            supporter_cards::queue_revocation(&mut tx, id).await?;
            "supporter_card.revocation_requested"
        }
    };
    audit(&mut tx, staff, action, &app, serde_json::Value::Null).await?;
    tx.commit().await?;
    Ok(axum::Json(app))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = CardRejection)]
struct Rejection {
    /// Why, in words the fan reads (the photo is not a face, a document is missing, ...).
    note: String,
}

/// `POST /api/admin/supporter-card-applications/{id}/reject` `{note}`: rejects an application
/// not yet issued, saying why.
#[utoipa::path(post, path = "/supporter-card-applications/{id}/reject", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)")),
    request_body = Rejection,
    responses(
        (status = 200, body = Application, description = "Now `rejected`"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`wrong_state`: being issued or decided already"),
        (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `note` `required` or `too_long` (500)"),
    ))]
async fn reject_application(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<Rejection>,
) -> ApiResult<axum::Json<Application>> {
    let note = body.note.trim();
    if note.is_empty() || note.chars().count() > 500 {
        let problem = if note.is_empty() {
            "required"
        } else {
            "too_long"
        };
        return Err(ApiError::validation(
            [("note".to_owned(), problem.to_owned())].into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    let id = load(&mut tx, &id).await?.id;
    let app = applications::reject(&mut tx, id, staff.user.user_id, note)
        .await
        .map_err(move_error)?;
    audit(
        &mut tx,
        staff.user.user_id,
        "supporter_card.rejected",
        &app,
        serde_json::json!({ "note": note }),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(app))
}

/// `POST /api/admin/supporter-card-applications/{id}/revoke` (spec: delete-tesseratifoso):
/// revokes an issued card in the ticketing system (a job), then here; the fan's account shows
/// it revoked.
#[utoipa::path(post, path = "/supporter-card-applications/{id}/revoke", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)")),
    responses(
        (status = 200, body = Application, description = "Now `revoking`"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`wrong_state`: not `issued`"),
    ))]
async fn revoke_card(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<Application>> {
    hand_to_job(&state, staff.user.user_id, &id, StaffStep::Revoke).await
}

/// What a re-check found, with the application as it is now.
#[derive(Serialize, ToSchema)]
#[schema(as = CardRecheckResult)]
struct RecheckResult {
    /// True when the ticketing system had the card revoked or expired and so does this one now.
    changed: bool,
    application: Application,
}

/// `POST /api/admin/supporter-card-applications/{id}/recheck`: asks the ticketing system for
/// the card (spec: tessera-tifoso): revoked or expired there, it is here too.
#[utoipa::path(post, path = "/supporter-card-applications/{id}/recheck", tag = "admin",
    params(("id" = String, Path, description = "The application (a UUID)")),
    responses(
        (status = 200, body = RecheckResult),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`no_card_yet`: not registered yet"),
        (status = 503, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
    ))]
async fn recheck_card(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<RecheckResult>> {
    let mut conn = state.pool.acquire().await?;
    let id = load(&mut conn, &id).await?.id;
    drop(conn);
    let found = match supporter_cards::recheck(&state.pool, &state.ticketing, id).await {
        Ok(found) => found.ok_or_else(not_found)?,
        Err(RecheckError::NoCard) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "no_card_yet",
                "The application has no card yet",
            ));
        }
        Err(RecheckError::Database(e)) => return Err(e.into()),
        Err(RecheckError::Ticketing(e)) => {
            tracing::warn!(error = %e, "re-check: the ticketing system did not answer");
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "ticketing_unavailable",
                "The ticketing system did not answer: try again in a moment",
            ));
        }
    };
    let mut tx = state.pool.begin().await?;
    let application = applications::find(&mut tx, id)
        .await?
        .ok_or_else(not_found)?;
    let changed = matches!(found, Recheck::Ended(_));
    if changed {
        audit(
            &mut tx,
            staff.user.user_id,
            "supporter_card.ended_in_ticketing_system",
            &application,
            serde_json::json!({ "state": application.state.code() }),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(axum::Json(RecheckResult {
        changed,
        application,
    }))
}
