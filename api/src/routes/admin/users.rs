//! Users for staff: the list with the spec's search, one user, and the role change (admins
//! only, audited).

use crate::{
    auth::AdminUser,
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
use domain::accounts::{self, Role, User, UserQuery, UserSort};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_users))
        .routes(routes!(get_user, update_user))
}

#[derive(Serialize, ToSchema)]
struct UserView {
    #[serde(flatten)]
    user: User,
    role: Role,
}

impl From<User> for UserView {
    fn from(user: User) -> Self {
        UserView {
            role: user.role(),
            user,
        }
    }
}

/// `GET /api/admin/users`: filter `q` (an e-mail when it has an @, else a name as typed,
/// lower case or capitalised) and `role` (admin, staff, corporate, fan).
#[utoipa::path(get, path = "/users", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<UserView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `q` (e-mail, or LAST, FIRST), `role`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
#[tracing::instrument(skip_all)]
async fn list_users(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let role = match params.filter_str("role") {
        None => None,
        Some(r) => Some(Role::parse(&r).ok_or_else(|| {
            ApiError::bad_request(
                "invalid_query",
                "role must be admin, staff, corporate or fan",
            )
            .with_field("role", "unknown role")
        })?),
    };
    let sort = match params.sort_field.as_deref() {
        None => UserSort::CreatedAt,
        Some(f) => UserSort::parse(f).ok_or_else(|| {
            ApiError::bad_request("invalid_query", format!("cannot sort by {f:?}"))
                .with_field("sort", "unknown field")
        })?,
    };
    let query = UserQuery {
        search: params.filter_str("q"),
        role,
        offset: params.offset,
        limit: params.limit,
        sort,
        descending: if params.sort_field.is_none() {
            true
        } else {
            params.descending
        },
    };
    let mut conn = state.pool.acquire().await?;
    let (users, total) = accounts::search(&mut conn, &query).await?;
    Ok(rest::page(
        "users",
        &params,
        users.into_iter().map(UserView::from).collect(),
        total,
    ))
}

/// `GET /api/admin/users/{id}`.
#[utoipa::path(get, path = "/users/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 200, body = UserView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_user(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let user = accounts::find_by_id(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such user"))?;
    Ok(axum::Json(UserView::from(user)).into_response())
}

#[derive(Deserialize, ToSchema)]
struct RoleChange {
    acc_level: i16,
}

/// `PUT /api/admin/users/{id}` `{acc_level}`: changes the role; admins only, who proved who
/// they are in the last ten minutes (`POST /api/auth/reauth`: password and code); audited. The
/// account's sessions end with the change: a promoted fan signs in again at `/admin/login`
/// with a second factor, a demoted staff member loses the staff session at once.
/// (react-admin sends the whole record: other fields are ignored.)
#[utoipa::path(put, path = "/users/{id}", tag = "admin", params(("id" = Uuid, Path)), request_body = RoleChange, responses(
    (status = 200, body = UserView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`forbidden`: admins only; `reauthentication_required`: password and code again within ten minutes"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
#[tracing::instrument(skip_all, fields(user_id = %id))]
async fn update_user(
    State(state): State<AppState>,
    AdminUser(session): AdminUser,
    Path(id): Path<Uuid>,
    Json(change): Json<RoleChange>,
) -> ApiResult<Response> {
    if ![1, 2, 51, 55, 100].contains(&change.acc_level) {
        return Err(ApiError::validation(
            [(
                "acc_level".to_owned(),
                "must be 1, 2, 51, 55 or 100".to_owned(),
            )]
            .into(),
        ));
    }
    let admin = &session.user;
    if id == admin.user_id && change.acc_level != 1 {
        return Err(ApiError::validation(
            [(
                "acc_level".to_owned(),
                "you cannot remove your own admin role".to_owned(),
            )]
            .into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    let current = accounts::find_by_id(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such user"))?;
    if current.acc_level != change.acc_level && !session.recently_authenticated {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "reauthentication_required",
            "Confirm your password and authenticator code to change a role",
        ));
    }
    let previous = accounts::set_acc_level(&mut tx, id, change.acc_level)
        .await?
        .ok_or_else(|| ApiError::not_found("No such user"))?;
    if previous != change.acc_level {
        accounts::sessions::delete_all_of(&mut tx, id).await?;
        if !Role::from_level(change.acc_level).is_staff() {
            // Off the staff: the authenticator goes too; made staff again, they enrol anew.
            accounts::second_factor::remove(&mut tx, id).await?;
        }
        domain::audit::record(
            &mut tx,
            Some(admin.user_id),
            "user.role_changed",
            "user",
            &id.to_string(),
            serde_json::json!({ "from": previous, "to": change.acc_level }),
        )
        .await?;
    }
    let user = accounts::find_by_id(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such user"))?;
    tx.commit().await?;
    Ok(axum::Json(UserView::from(user)).into_response())
}
