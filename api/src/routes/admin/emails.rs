//! Outbound e-mails for staff: the list and one e-mail (read-only), and the mail check
//! (staff send themselves a message to see that mail is delivered).

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
use domain::{
    email::Email,
    language::Language,
    notifications::{EmailQuery, EmailSort, EmailStatus, MailTemplate, NewEmail, outbound},
};
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_emails))
        .routes(routes!(get_email))
        .routes(routes!(create_mail_check))
}

/// `GET /api/admin/emails`: filter `status` (pending, sent, failed) and `q` (recipient or
/// subject); sort by created_at, to_address, status or attempts.
#[utoipa::path(get, path = "/emails", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<outbound::OutboundEmailSummary>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `status` (pending, sent, failed), `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
#[tracing::instrument(skip_all)]
async fn list_emails(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let status = match params.filter_str("status") {
        None => None,
        Some(s) => Some(EmailStatus::parse(&s).ok_or_else(|| {
            ApiError::bad_request("invalid_query", "status must be pending, sent or failed")
                .with_field("status", "invalid_status")
        })?),
    };
    let sort = match params.sort_field.as_deref() {
        None => EmailSort::CreatedAt,
        Some(f) => EmailSort::parse(f).ok_or_else(|| {
            ApiError::bad_request("invalid_query", format!("cannot sort by {f:?}"))
                .with_field("sort", "unknown_sort_field")
        })?,
    };
    let query = EmailQuery {
        status,
        search: params.filter_str("q"),
        sort,
        descending: params.sort_field.is_none() || params.descending,
        offset: params.offset,
        limit: params.limit,
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) = outbound::list(&mut conn, &query).await?;
    Ok(rest::page("emails", &params, items, total))
}

/// `GET /api/admin/emails/{id}`.
#[utoipa::path(get, path = "/emails/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 200, body = outbound::OutboundEmailSummary),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
#[tracing::instrument(skip_all, fields(email_id = %id))]
async fn get_email(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    match outbound::find_summary(&mut conn, id).await? {
        Some(e) => Ok(axum::Json(e).into_response()),
        None => Err(ApiError::not_found("No such e-mail")),
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct MailCheckRequest {
    to: String,
    #[serde(default)]
    language: Option<String>,
}

/// `POST /api/admin/mail-checks {to, language}`: sends a mail check, through the mail job.
#[utoipa::path(post, path = "/mail-checks", tag = "admin", request_body = MailCheckRequest, responses(
    (status = 201, body = outbound::OutboundEmailSummary),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
#[tracing::instrument(skip_all)]
async fn create_mail_check(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(req): Json<MailCheckRequest>,
) -> ApiResult<Response> {
    let mut errors = BTreeMap::new();
    let to = Email::parse(&req.to)
        .map_err(|_| errors.insert("to".into(), "invalid_email".into()))
        .ok();
    let language = match req.language.as_deref() {
        None | Some("it") => Some(Language::It),
        Some("en") => Some(Language::En),
        Some(_) => {
            errors.insert("language".into(), "invalid_language".into());
            None
        }
    };
    let (Some(to), Some(language)) = (to, language) else {
        return Err(ApiError::validation(errors));
    };
    let mut tx = state.pool.begin().await?;
    let id = workflows::mail::send_email(
        &mut tx,
        &NewEmail {
            to,
            language,
            template: MailTemplate::MailCheck,
            context: serde_json::json!({ "requested_by": session.user.email }),
            attachments: vec![],
        },
    )
    .await?;
    let summary = outbound::find_summary(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(summary)).into_response())
}
