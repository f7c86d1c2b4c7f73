//! `/api/admin/bans/{kind}`: bans of e-mails (`emails`) and of titles (`titles`): list and
//! search, add, change, lift, export; audited. A title ban's changes are sent to the ticketing
//! system by a job (`workflows::bans`). The contract is `docs/api/bans.md`.

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
use chrono::{DateTime, Utc};
use domain::{
    email::Email,
    moderation::{self, BanChange, BanFilter, BanKind, BanState, BanTerms, EmailBan, TitleBan},
};
use integrations::sheets::{Cell, Column, SheetWriter};
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_bans, create_ban))
        .routes(routes!(export_bans))
        .routes(routes!(get_ban, update_ban))
        .routes(routes!(lift_ban))
}

fn kind(value: &str) -> ApiResult<BanKind> {
    match value {
        "emails" => Ok(BanKind::Email),
        "titles" => Ok(BanKind::Title),
        _ => Err(ApiError::not_found("No such list of bans")),
    }
}

fn ban_id(value: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(value).map_err(|_| ApiError::not_found("No such ban"))
}

/// A list request of the bans of `{kind}`: the kind, the page, and `q` and `state`.
fn listing(kind_path: &str, raw: RawListParams) -> ApiResult<(BanKind, ListParams, BanFilter)> {
    let kind = kind(kind_path)?;
    let params = ListParams::try_from(raw)?;
    let filter = BanFilter {
        q: params.filter_str("q"),
        state: params.filter_enum::<BanState>("state")?,
    };
    Ok((kind, params, filter))
}

/// `GET /api/admin/bans/{kind}`: bans, newest first; `filter` by `q` (a part of the e-mail or
/// seal) and `state` (`active`, `scheduled`, `expired`, `lifted`).
#[utoipa::path(get, path = "/bans/{kind}", tag = "admin",
    params(("kind" = String, Path, description = "`emails` or `titles`"), RawListParams),
    responses(
        (status = 200, description = "`EmailBan`s or `TitleBan`s", body = Vec<TitleBan>,
         headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
        (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
    ))]
async fn list_bans(
    State(state): State<AppState>,
    Path(kind_path): Path<String>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let (kind, params, filter) = listing(&kind_path, raw)?;
    let mut conn = state.pool.acquire().await?;
    let resource = format!("bans/{kind_path}");
    Ok(match kind {
        BanKind::Email => {
            let (items, total) =
                moderation::list_email_bans(&mut conn, None, &filter, params.limit, params.offset)
                    .await?;
            rest::page(&resource, &params, items, total)
        }
        BanKind::Title => {
            let (items, total) =
                moderation::list_title_bans(&mut conn, None, &filter, params.limit, params.offset)
                    .await?;
            rest::page(&resource, &params, items, total)
        }
    })
}

/// One ban, of either kind.
async fn one(conn: &mut sqlx::PgConnection, kind: BanKind, id: Uuid) -> ApiResult<Response> {
    Ok(match kind {
        BanKind::Email => axum::Json(
            moderation::email_ban(conn, id)
                .await?
                .ok_or_else(|| ApiError::not_found("No such ban"))?,
        )
        .into_response(),
        BanKind::Title => axum::Json(
            moderation::title_ban(conn, id)
                .await?
                .ok_or_else(|| ApiError::not_found("No such ban"))?,
        )
        .into_response(),
    })
}

/// `GET /api/admin/bans/{kind}/{id}`: one ban.
#[utoipa::path(get, path = "/bans/{kind}/{id}", tag = "admin",
    params(("kind" = String, Path, description = "`emails` or `titles`"),
           ("id" = String, Path, description = "The ban (a UUID)")),
    responses(
        (status = 200, body = EmailBan, description = "An `EmailBan` or a `TitleBan`"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    ))]
async fn get_ban(
    State(state): State<AppState>,
    Path((kind_path, id)): Path<(String, String)>,
) -> ApiResult<Response> {
    let (kind, id) = (kind(&kind_path)?, ban_id(&id)?);
    let mut conn = state.pool.acquire().await?;
    one(&mut conn, kind, id).await
}

/// A new ban, or a ban's new terms.
#[derive(Deserialize, ToSchema)]
struct BanRequest {
    /// The e-mail banned (`emails`).
    email: Option<String>,
    /// The title's fiscal seal (`titles`).
    seal: Option<String>,
    /// From when (absent: now; in a change, the start stays).
    start_at: Option<DateTime<Utc>>,
    /// Until when (absent or null: for good).
    end_at: Option<DateTime<Utc>>,
    reason: String,
}

impl BanRequest {
    fn terms(&self) -> BanTerms {
        BanTerms {
            start_at: self.start_at,
            end_at: self.end_at,
            reason: self.reason.clone(),
        }
    }
}

fn invalid(problems: Vec<(&str, &str)>) -> ApiError {
    ApiError::validation(
        problems
            .into_iter()
            .map(|(f, c)| (f.to_owned(), c.to_owned()))
            .collect::<BTreeMap<_, _>>(),
    )
}

fn valid_seal(seal: &str) -> bool {
    (4..=40).contains(&seal.len()) && seal.chars().all(|c| c.is_ascii_alphanumeric())
}

/// `POST /api/admin/bans/{kind}`: bans an e-mail (`email`) or a title (`seal`) from
/// `start_at` (or now) until `end_at` (or for good); audited.
#[utoipa::path(post, path = "/bans/{kind}", tag = "admin",
    params(("kind" = String, Path, description = "`emails` or `titles`")),
    request_body = BanRequest,
    responses(
        (status = 201, body = EmailBan, description = "The ban (an `EmailBan` or a `TitleBan`)"),
        (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `email`/`seal` `invalid` or `unknown_title`, `end_at` `before_start`, `reason` `required` or `too_long`"),
    ))]
async fn create_ban(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(kind_path): Path<String>,
    Json(body): Json<BanRequest>,
) -> ApiResult<Response> {
    let kind = kind(&kind_path)?;
    let terms = body.terms();
    let mut problems = terms.problems(Utc::now());
    let actor = Some(staff.user.user_id);
    let mut tx = state.pool.begin().await?;
    let created = match kind {
        BanKind::Email => {
            let email = body.email.as_deref().map(Email::parse);
            let Some(Ok(email)) = email else {
                problems.push(("email", "invalid"));
                return Err(invalid(problems));
            };
            if !problems.is_empty() {
                return Err(invalid(problems));
            }
            let ban = moderation::create_email_ban(&mut tx, actor, &email, &terms).await?;
            axum::Json(ban).into_response()
        }
        BanKind::Title => {
            let seal = body.seal.as_deref().map(str::trim).unwrap_or_default();
            if !valid_seal(seal) {
                problems.push(("seal", "invalid"));
                return Err(invalid(problems));
            }
            if !problems.is_empty() {
                return Err(invalid(problems));
            }
            let Some(ban) = moderation::create_title_ban(&mut tx, actor, seal, &terms).await?
            else {
                return Err(invalid(vec![("seal", "unknown_title")]));
            };
            workflows::bans::queue_mirror(&mut tx, ban.id).await?;
            axum::Json(ban).into_response()
        }
    };
    tx.commit().await?;
    Ok((StatusCode::CREATED, created).into_response())
}

fn lifted() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "ban_lifted",
        "This ban was lifted: it no longer changes",
    )
}

/// `PUT /api/admin/bans/{kind}/{id}`: a ban's new dates and reason; audited.
#[utoipa::path(put, path = "/bans/{kind}/{id}", tag = "admin",
    params(("kind" = String, Path, description = "`emails` or `titles`"),
           ("id" = String, Path, description = "The ban (a UUID)")),
    request_body = BanRequest,
    responses(
        (status = 200, body = EmailBan, description = "The ban as it now is"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`ban_lifted`"),
        (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
    ))]
async fn update_ban(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path((kind_path, id)): Path<(String, String)>,
    Json(body): Json<BanRequest>,
) -> ApiResult<Response> {
    let (kind, id) = (kind(&kind_path)?, ban_id(&id)?);
    let terms = body.terms();
    // The dates are checked against the ban's own start when none is given.
    let problems: Vec<_> = terms
        .problems(Utc::now())
        .into_iter()
        .filter(|(field, _)| *field == "reason")
        .collect();
    if !problems.is_empty() {
        return Err(invalid(problems));
    }
    let mut tx = state.pool.begin().await?;
    match moderation::update_ban(&mut tx, Some(staff.user.user_id), kind, id, &terms).await? {
        BanChange::Missing => return Err(ApiError::not_found("No such ban")),
        BanChange::Lifted => return Err(lifted()),
        BanChange::EndBeforeStart => return Err(invalid(vec![("end_at", "before_start")])),
        BanChange::Done => {}
    }
    workflows::bans::queue_mirror_of(&mut tx, kind, id).await?;
    let answer = one(&mut tx, kind, id).await?;
    tx.commit().await?;
    Ok(answer)
}

/// `POST /api/admin/bans/{kind}/{id}/lift`: lifts a ban (status 0); audited.
#[utoipa::path(post, path = "/bans/{kind}/{id}/lift", tag = "admin",
    params(("kind" = String, Path, description = "`emails` or `titles`"),
           ("id" = String, Path, description = "The ban (a UUID)")),
    responses(
        (status = 200, body = EmailBan, description = "The ban, lifted"),
        (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
        (status = 409, body = crate::openapi::ErrorBody, description = "`ban_lifted`: lifted before"),
    ))]
async fn lift_ban(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path((kind_path, id)): Path<(String, String)>,
) -> ApiResult<Response> {
    let (kind, id) = (kind(&kind_path)?, ban_id(&id)?);
    let mut tx = state.pool.begin().await?;
    match moderation::lift_ban(&mut tx, Some(staff.user.user_id), kind, id).await? {
        BanChange::Missing => return Err(ApiError::not_found("No such ban")),
        BanChange::Lifted => return Err(lifted()),
        BanChange::EndBeforeStart | BanChange::Done => {}
    }
    workflows::bans::queue_mirror_of(&mut tx, kind, id).await?;
    let answer = one(&mut tx, kind, id).await?;
    tx.commit().await?;
    Ok(answer)
}

fn sheet_error(e: integrations::sheets::WriteError) -> ApiError {
    tracing::error!(error = %e, "the bans' sheet could not be written");
    ApiError::internal()
}

/// The rows exported at most.
const EXPORT_ROWS: i64 = 50_000;

/// `GET /api/admin/bans/{kind}/export`: the list (the same `filter`) as an Excel sheet.
#[utoipa::path(get, path = "/bans/{kind}/export", tag = "admin",
    params(("kind" = String, Path, description = "`emails` or `titles`"), RawListParams),
    responses(
        (status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>, description = "The sheet"),
        (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
    ))]
async fn export_bans(
    State(state): State<AppState>,
    Path(kind_path): Path<String>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let (kind, _, filter) = listing(&kind_path, raw)?;
    let mut conn = state.pool.acquire().await?;
    let subject = match kind {
        BanKind::Email => "E-mail",
        BanKind::Title => "Sigillo fiscale",
    };
    let columns = [
        Column {
            header: subject,
            width: 32.0,
        },
        Column {
            header: "Intestatario",
            width: 24.0,
        },
        Column {
            header: "Evento",
            width: 28.0,
        },
        Column {
            header: "Stato",
            width: 8.0,
        },
        Column {
            header: "Dal",
            width: 18.0,
        },
        Column {
            header: "Al",
            width: 18.0,
        },
        Column {
            header: "Motivo",
            width: 40.0,
        },
        Column {
            header: "Creato",
            width: 18.0,
        },
        Column {
            header: "Da",
            width: 28.0,
        },
    ];
    let mut w = SheetWriter::new("Ban", &columns).map_err(sheet_error)?;
    match kind {
        BanKind::Email => {
            let (items, _) =
                moderation::list_email_bans(&mut conn, None, &filter, EXPORT_ROWS, 0).await?;
            for b in items {
                w.row(&[
                    b.email.into(),
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Int(b.status.into()),
                    Cell::Time(b.start_at),
                    b.end_at.map_or(Cell::Empty, Cell::Time),
                    b.reason.into(),
                    Cell::Time(b.created_at),
                    b.created_by.into(),
                ])
                .map_err(sheet_error)?;
            }
        }
        BanKind::Title => {
            let (items, _) =
                moderation::list_title_bans(&mut conn, None, &filter, EXPORT_ROWS, 0).await?;
            for b in items {
                w.row(&[
                    b.seal.into(),
                    b.holder_name.into(),
                    b.event.into(),
                    Cell::Int(b.status.into()),
                    Cell::Time(b.start_at),
                    b.end_at.map_or(Cell::Empty, Cell::Time),
                    b.reason.into(),
                    Cell::Time(b.created_at),
                    b.created_by.into(),
                ])
                .map_err(sheet_error)?;
            }
        }
    }
    Ok(rest::xlsx(
        &format!("ban-{kind_path}.xlsx"),
        w.finish().map_err(sheet_error)?,
    ))
}
