//! `/api/me/people`: the fan's saved people (family and friends, each with their identity),
//! offered when naming a ticket's holder, passing a ticket on and applying for a supporter card.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::{
    cards::applications::Relationship,
    identity::{
        self, IdentityInput,
        people::{self, SaveError, SavedPerson},
    },
};
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_people, save_person))
        .routes(routes!(get_person, update_person, forget_person))
}

fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "person_not_found",
        "No such saved person",
    )
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = SavedPersonRequest)]
struct PersonRequest {
    /// Who they are to the fan: `child`, `partner`, `parent`, `sibling`, `other`.
    relationship: String,
    /// Their identity, checked as the fan's own is.
    person: IdentityInput,
}

/// The request checked: the relationship and the identity, or each field's problem (422).
async fn checked(
    state: &AppState,
    req: &PersonRequest,
) -> ApiResult<(Relationship, identity::Clean)> {
    let mut problems = BTreeMap::new();
    let relationship =
        Relationship::parse(req.relationship.trim()).filter(|r| *r != Relationship::Myself);
    if relationship.is_none() {
        problems.insert("relationship".to_owned(), "invalid".to_owned());
    }
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let mut conn = state.pool.acquire().await?;
    let person = match identity::validate(&mut conn, &req.person, today).await? {
        Ok(person) => Some(person),
        Err(p) => {
            problems.extend(p.into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())));
            None
        }
    };
    match (relationship, person) {
        (Some(relationship), Some(person)) if problems.is_empty() => Ok((relationship, person)),
        _ => Err(ApiError::validation(problems)),
    }
}

fn save_error(e: SaveError) -> ApiError {
    match e {
        SaveError::Myself => ApiError::validation(BTreeMap::from([(
            "relationship".to_owned(),
            "invalid".to_owned(),
        )])),
        SaveError::IsYou => ApiError::validation(BTreeMap::from([(
            "fiscal_code".to_owned(),
            "is_you".to_owned(),
        )])),
        SaveError::AlreadySaved => ApiError::new(
            StatusCode::CONFLICT,
            "person_already_saved",
            "This person is already among your saved people",
        )
        .with_field("fiscal_code", "already_saved"),
        SaveError::TooMany => ApiError::new(
            StatusCode::CONFLICT,
            "too_many_people",
            format!(
                "An account may save at most {} people",
                people::MAX_PER_ACCOUNT
            ),
        ),
        SaveError::Database(e) => e.into(),
    }
}

fn person_id(id: &str) -> ApiResult<Uuid> {
    Uuid::parse_str(id).map_err(|_| not_found())
}

/// `GET /api/me/people`: the fan's saved people, by name.
#[utoipa::path(get, path = "/me/people", tag = "account", security(("session" = [])), responses(
    (status = 200, body = Vec<SavedPerson>),
))]
async fn list_people(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<axum::Json<Vec<SavedPerson>>> {
    let mut conn = state.pool.acquire().await?;
    Ok(axum::Json(
        people::list(&mut conn, session.user.user_id).await?,
    ))
}

/// `POST /api/me/people`: saves a family member or friend with their identity (checked as the
/// fan's own is: the fiscal code against the name, birth date, sex and birthplace).
#[utoipa::path(post, path = "/me/people", tag = "account", security(("session" = [])), request_body = PersonRequest, responses(
    (status = 201, body = SavedPerson),
    (status = 409, body = crate::openapi::ErrorBody, description = "`person_already_saved` (this fiscal code is saved already), `too_many_people` (20 at most)"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names each field of `person` as `PUT /me/identity` does; `relationship`: `invalid`; `fiscal_code`: also `is_you` (the fan's own)"),
))]
#[tracing::instrument(skip_all)]
async fn save_person(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(req): Json<PersonRequest>,
) -> ApiResult<Response> {
    let (relationship, person) = checked(&state, &req).await?;
    let mut tx = state.pool.begin().await?;
    let saved = people::create(&mut tx, session.user.user_id, relationship, &person)
        .await
        .map_err(save_error)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(saved)).into_response())
}

/// `GET /api/me/people/{id}`.
#[utoipa::path(get, path = "/me/people/{id}", tag = "account", security(("session" = [])), params(("id" = Uuid, Path)), responses(
    (status = 200, body = SavedPerson),
    (status = 404, body = crate::openapi::ErrorBody, description = "`person_not_found` (another fan's looks like none)"),
))]
async fn get_person(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<SavedPerson>> {
    let id = person_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    people::find(&mut conn, session.user.user_id, id)
        .await?
        .map(axum::Json)
        .ok_or_else(not_found)
}

/// `PUT /api/me/people/{id}`: replaces a saved person's details, checked as when saved.
#[utoipa::path(put, path = "/me/people/{id}", tag = "account", security(("session" = [])), params(("id" = Uuid, Path)), request_body = PersonRequest, responses(
    (status = 200, body = SavedPerson),
    (status = 404, body = crate::openapi::ErrorBody, description = "`person_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`person_already_saved`: another saved person has this fiscal code"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`, as `POST /me/people`"),
))]
#[tracing::instrument(skip_all)]
async fn update_person(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<PersonRequest>,
) -> ApiResult<axum::Json<SavedPerson>> {
    let id = person_id(&id)?;
    let (relationship, person) = checked(&state, &req).await?;
    let mut tx = state.pool.begin().await?;
    let saved = people::update(&mut tx, session.user.user_id, id, relationship, &person)
        .await
        .map_err(save_error)?
        .ok_or_else(not_found)?;
    tx.commit().await?;
    Ok(axum::Json(saved))
}

/// `DELETE /api/me/people/{id}`: forgets a saved person (tickets already named for them keep
/// their holder).
#[utoipa::path(delete, path = "/me/people/{id}", tag = "account", security(("session" = [])), params(("id" = Uuid, Path)), responses(
    (status = 204, description = "Forgotten"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`person_not_found`"),
))]
async fn forget_person(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let id = person_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    if people::delete(&mut conn, session.user.user_id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(not_found())
    }
}
