//! `/api/me/supporter-card-*`: applying for the club's supporter card (spec: /blunelcuore,
//! fidelity-card-image-resize, download-fidelity-card, download-fidelity-card-small) for
//! oneself or a family member, following the application, and the card's PDFs once issued.
//! The staff's side is `admin::card_applications`.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    state::AppState,
};
use axum::{
    extract::{DefaultBodyLimit, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::Engine;
use domain::{
    cards::{
        applications::{self, Application, ApplicationQuery, ApplicationState, Relationship},
        photo::{self, PhotoProblem},
    },
    identity::{self, IdentityInput},
    language::Language,
};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

/// A 5 MB photo is about 6.7 MB in base64, with the rest of the application around it.
const UPLOAD_LIMIT: usize = 8 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(my_applications, apply))
        .routes(routes!(preview_photo))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(my_application))
        .routes(routes!(my_photo))
        .routes(routes!(my_card_pdf))
        .merge(uploads)
}

fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "application_not_found",
        "No such supporter card application",
    )
}

/// The photo's problem as the API's error: 413 when too large, 422 otherwise, on `photo_base64`.
pub(crate) fn photo_error(problem: PhotoProblem) -> ApiError {
    let status = if problem == PhotoProblem::TooLarge {
        StatusCode::PAYLOAD_TOO_LARGE
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    ApiError::new(status, problem.code(), problem.to_string())
        .with_field("photo_base64", problem.code())
}

/// Photos being decoded at once in this process: each may take up to 200 MB while it is, so a
/// burst of uploads waits its turn instead of taking the memory.
static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// Decodes and prepares an uploaded photo off the async threads.
async fn prepared_photo(b64: &str) -> ApiResult<Vec<u8>> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .map_err(|_| photo_error(PhotoProblem::NotAnImage))?;
    let _turn = DECODING.acquire().await.map_err(|_| ApiError::internal())?;
    workflows::runtime::off_runtime(move || photo::prepare(&bytes))
        .await
        .map_err(photo_error)
}

fn jpeg(bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/jpeg"),
            (header::CACHE_CONTROL, "private, no-store"),
        ],
        bytes,
    )
        .into_response()
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = CardPhotoUpload)]
struct PhotoUpload {
    /// A JPEG or PNG, base64; at most 5 MB, at least 300 x 400 pixels.
    photo_base64: String,
}

/// `POST /api/me/supporter-card-photo` (spec: fidelity-card-image-resize): the photo as the card
/// will print it (cropped from the middle to 35 x 45, resized), to show before applying.
/// Stores nothing.
#[utoipa::path(post, path = "/me/supporter-card-photo", tag = "account", security(("session" = [])), request_body = PhotoUpload, responses(
    (status = 200, content_type = "image/jpeg", body = Vec<u8>, description = "The card's photo"),
    (status = 413, body = crate::openapi::ErrorBody, description = "`photo_too_large`: over 5 MB"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`photo_missing`, `photo_not_an_image` (neither a JPEG nor a PNG), `photo_too_small` (under 300 x 400 pixels), `photo_too_many_pixels`"),
))]
async fn preview_photo(
    CurrentUser(_session): CurrentUser,
    Json(upload): Json<PhotoUpload>,
) -> ApiResult<Response> {
    Ok(jpeg(prepared_photo(&upload.photo_base64).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = CardApplicationRequest)]
struct ApplicationRequest {
    /// Whose card: `self`, `child`, `partner`, `parent`, `sibling`, `other`.
    relationship: String,
    /// The card holder's identity, checked as the fan's own is.
    holder: IdentityInput,
    /// A JPEG or PNG of the holder's face, base64; at most 5 MB, at least 300 x 400 pixels.
    photo_base64: String,
    /// The holder (or their parent) agrees to the club's processing of the data and photo.
    consent: bool,
}

/// `POST /api/me/supporter-card-applications`: applies for the club's card for oneself or a
/// family member. The holder's identity is checked (fiscal code included), the photo made into
/// the card's; the card is then registered in the ticketing system by a job, and issued once
/// staff approve (the police check answers there). Nothing is stored when anything is wrong.
#[utoipa::path(post, path = "/me/supporter-card-applications", tag = "account", security(("session" = [])), request_body = ApplicationRequest, responses(
    (status = 201, body = Application),
    (status = 409, body = crate::openapi::ErrorBody, description = "`already_applied`: this person has an application in progress or a card; `too_many_applications`"),
    (status = 413, body = crate::openapi::ErrorBody, description = "`photo_too_large`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`errors` names each field of `holder` as `PUT /me/identity` does, `relationship`: `invalid`, `identity_required` (`self` before the fan saved their identity); `fiscal_code`: also `not_yours` (`self` with another fiscal code than the fan's identity's), `is_you` (the fan's own, for someone else); `consent`: `required`); the photo's codes as `POST /me/supporter-card-photo`"),
))]
#[tracing::instrument(skip_all)]
async fn apply(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(req): Json<ApplicationRequest>,
) -> ApiResult<Response> {
    let mut problems = std::collections::BTreeMap::new();
    let relationship = Relationship::parse(req.relationship.trim());
    if relationship.is_none() {
        problems.insert("relationship".to_owned(), "invalid".to_owned());
    }
    if !req.consent {
        problems.insert("consent".to_owned(), "required".to_owned());
    }
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let mut conn = state.pool.acquire().await?;
    let holder = match identity::validate(&mut conn, &req.holder, today).await? {
        Ok(holder) => Some(holder),
        Err(p) => {
            problems.extend(p.into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())));
            None
        }
    };
    // "self" is the account's own person: their saved identity's fiscal code, and only theirs.
    if let (Some(relationship), Some(holder)) = (relationship, &holder) {
        let own = sqlx::query_scalar!(
            "select fiscal_code from app_user where user_id = $1",
            session.user.user_id
        )
        .fetch_one(&mut *conn)
        .await?;
        match (
            relationship == Relationship::Myself,
            own == holder.fiscal_code,
        ) {
            (true, _) if own.is_empty() => {
                problems.insert("relationship".to_owned(), "identity_required".to_owned());
            }
            (true, false) => {
                problems.insert("fiscal_code".to_owned(), "not_yours".to_owned());
            }
            (false, true) => {
                problems.insert("fiscal_code".to_owned(), "is_you".to_owned());
            }
            _ => {}
        }
    }
    drop(conn);
    let (Some(relationship), Some(holder), true) = (relationship, holder, problems.is_empty())
    else {
        return Err(ApiError::validation(problems));
    };
    let photo = prepared_photo(&req.photo_base64).await?;
    let mut tx = state.pool.begin().await?;
    let app =
        match applications::create(&mut tx, session.user.user_id, relationship, &holder, &photo)
            .await
        {
            Ok(app) => app,
            Err(applications::CreateError::AlreadyApplied) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "already_applied",
                    "This person already has an application in progress or a supporter card",
                )
                .with_field("fiscal_code", "already_applied"));
            }
            Err(applications::CreateError::TooMany) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "too_many_applications",
                    "The account has the most applications in progress it may",
                ));
            }
            Err(applications::CreateError::Database(e)) => return Err(e.into()),
        };
    workflows::supporter_cards::queue_registration(&mut tx, app.id).await?;
    domain::audit::record(
        &mut tx,
        Some(session.user.user_id),
        "supporter_card_application.submitted",
        "supporter_card_application",
        &app.id.to_string(),
        serde_json::json!({ "relationship": relationship.code() }),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(app)).into_response())
}

/// `GET /api/me/supporter-card-applications`: one's applications and cards, newest first.
#[utoipa::path(get, path = "/me/supporter-card-applications", tag = "account", security(("session" = [])), responses(
    (status = 200, body = Vec<Application>),
))]
async fn my_applications(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<axum::Json<Vec<Application>>> {
    let mut conn = state.pool.acquire().await?;
    let (list, _) = applications::list(
        &mut conn,
        &ApplicationQuery {
            user_id: Some(session.user.user_id),
            limit: 100,
            ..Default::default()
        },
    )
    .await?;
    Ok(axum::Json(list))
}

/// One's own application, else 404 (another fan's looks like none).
async fn own(state: &AppState, user: Uuid, id: &str) -> ApiResult<Application> {
    let id = Uuid::parse_str(id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    applications::find_for(&mut conn, id, Some(user))
        .await?
        .ok_or_else(not_found)
}

/// `GET /api/me/supporter-card-applications/{id}`.
#[utoipa::path(get, path = "/me/supporter-card-applications/{id}", tag = "account", security(("session" = [])), params(("id" = Uuid, Path)), responses(
    (status = 200, body = Application),
    (status = 404, body = crate::openapi::ErrorBody, description = "`application_not_found`"),
))]
async fn my_application(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<Application>> {
    Ok(axum::Json(own(&state, session.user.user_id, &id).await?))
}

/// `GET /api/me/supporter-card-applications/{id}/photo`: the card's photo (JPEG).
#[utoipa::path(get, path = "/me/supporter-card-applications/{id}/photo", tag = "account", security(("session" = [])), params(("id" = Uuid, Path)), responses(
    (status = 200, content_type = "image/jpeg", body = Vec<u8>),
    (status = 404, body = crate::openapi::ErrorBody, description = "`application_not_found`"),
))]
async fn my_photo(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let app = own(&state, session.user.user_id, &id).await?;
    photo_of(&state, &app).await
}

pub(crate) async fn photo_of(state: &AppState, app: &Application) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let bytes = applications::photo(&mut conn, app.id)
        .await?
        .ok_or_else(not_found)?;
    Ok(jpeg(bytes))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CardPdfQuery {
    /// `full` (an A4 page to print, the default) or `small` (the card at its real size).
    format: Option<String>,
    /// `it` or `en`; the account's language when absent.
    lang: Option<String>,
}

/// `GET /api/me/supporter-card-applications/{id}/pdf?format=full|small` (spec:
/// download-fidelity-card, download-fidelity-card-small): the issued card with its photo.
#[utoipa::path(get, path = "/me/supporter-card-applications/{id}/pdf", tag = "account", security(("session" = [])), params(("id" = Uuid, Path), CardPdfQuery), responses(
    (status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The card as a PDF"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`application_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`card_not_issued`: not issued, or revoked or expired"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `format` is neither `full` nor `small`, `lang` neither `it` nor `en`"),
))]
async fn my_card_pdf(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<CardPdfQuery>,
) -> ApiResult<Response> {
    let app = own(&state, session.user.user_id, &id).await?;
    card_pdf(&state, &app, &q, &session.user.language).await
}

/// The card's PDF, for its applicant or staff: issued cards only.
pub(crate) async fn card_pdf(
    state: &AppState,
    app: &Application,
    q: &CardPdfQuery,
    default_language: &str,
) -> ApiResult<Response> {
    let small = match q.format.as_deref() {
        None | Some("full") => false,
        Some("small") => true,
        Some(_) => {
            return Err(ApiError::validation(
                [("format".to_owned(), "invalid".to_owned())].into(),
            ));
        }
    };
    let language = match q.lang.as_deref() {
        None => Language::from_code_or_default(default_language),
        Some(code) => Language::parse(code).ok_or_else(|| {
            ApiError::validation([("lang".to_owned(), "invalid".to_owned())].into())
        })?,
    };
    if app.state != ApplicationState::Issued {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "card_not_issued",
            "The card is not issued, or no longer valid",
        ));
    }
    let mut conn = state.pool.acquire().await?;
    let photo = applications::photo(&mut conn, app.id)
        .await?
        .ok_or_else(not_found)?;
    drop(conn);
    let app_for_pdf = app.clone();
    let pdf = workflows::runtime::off_runtime(move || {
        workflows::supporter_cards::card_pdf(&app_for_pdf, photo, small, language)
    })
    .await
    .ok_or_else(not_found)?;
    let number = app.card_number.clone().unwrap_or_default();
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"tessera-{number}{}.pdf\"",
                    if small { "-small" } else { "" }
                ),
            ),
        ],
        pdf,
    )
        .into_response())
}
