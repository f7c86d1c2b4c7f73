//! Corporate requests from the fan app (spec: /register_company): a signed-in user asks for
//! a corporate account for a company and sees their requests.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::Json,
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::{
    corporate::{self, CorporateRequest, RequestForm, RequestQuery},
    email::Email,
    language::Language,
};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(submit))
        .routes(routes!(my_requests))
}

/// `POST /api/corporate-requests`: 201 with the request; 422 naming each bad field; 409
/// `duplicate_corporate_request` naming the field another open request already has.
#[utoipa::path(post, path = "/corporate-requests", tag = "account", security(("session" = [])), request_body = RequestForm, responses(
    (status = 201, body = CorporateRequest),
    (status = 409, body = crate::openapi::ErrorBody, description = "`duplicate_corporate_request`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names the fields"),
))]
#[tracing::instrument(skip_all)]
async fn submit(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(form): Json<RequestForm>,
) -> ApiResult<Response> {
    let valid = form.validate().map_err(ApiError::validation)?;
    let user_email = Email::parse(&session.user.email).map_err(|_| ApiError::internal())?;
    let language = Language::from_code_or_default(&session.user.language);
    let mut tx = state.pool.begin().await?;
    let request =
        corporate::submit(&mut tx, session.user.user_id, &user_email, language, &valid).await?;
    workflows::corporate::tell_author(&mut tx, &request).await?;
    domain::audit::record(
        &mut tx,
        Some(session.user.user_id),
        "corporate_request.submitted",
        "corporate_request",
        &request.id.to_string(),
        serde_json::json!({ "company_name": request.company_name }),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(request)).into_response())
}

/// `GET /api/me/corporate-requests`: one's own requests, newest first.
#[utoipa::path(get, path = "/me/corporate-requests", tag = "account", security(("session" = [])), responses((status = 200, body = Vec<CorporateRequest>)))]
async fn my_requests(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let (requests, _) = corporate::list(
        &mut conn,
        &RequestQuery {
            requested_by: Some(session.user.user_id),
            limit: 50,
            ..Default::default()
        },
    )
    .await?;
    Ok(axum::Json(requests).into_response())
}
