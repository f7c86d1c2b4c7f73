//! `/api/me`: one's own profile (spec: /myaccount) and password.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::Json,
    state::AppState,
};
use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use domain::accounts::{self, ProfileUpdate, Role, User, password};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_me, update_me, delete_me))
        .routes(routes!(update_password))
}

/// The signed-in user as the apps see it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MeView {
    #[serde(flatten)]
    pub user: User,
    pub role: Role,
    pub has_password: bool,
}

impl From<User> for MeView {
    fn from(user: User) -> Self {
        MeView {
            role: user.role(),
            has_password: user.has_password(),
            user,
        }
    }
}

/// `GET /api/me`: 401 when nobody is signed in.
#[utoipa::path(get, path = "/me", tag = "account", security(("session" = [])), responses((status = 200, body = MeView)))]
async fn get_me(CurrentUser(session): CurrentUser) -> axum::Json<MeView> {
    axum::Json(MeView::from(session.user))
}

#[derive(Serialize, ToSchema)]
struct Updated {
    message: &'static str,
    user: MeView,
}

/// `PUT /api/me`: the spec's display-name rules, consents, language.
#[utoipa::path(put, path = "/me", tag = "account", security(("session" = [])), request_body = ProfileUpdate, responses(
    (status = 200, body = Updated),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names the fields"),
))]
#[tracing::instrument(skip_all)]
async fn update_me(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(update): Json<ProfileUpdate>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    match accounts::update_profile(&mut tx, session.user.user_id, &update).await? {
        Ok(user) => {
            tx.commit().await?;
            Ok(axum::Json(Updated {
                message: "Profile updated successfully",
                user: MeView::from(user),
            })
            .into_response())
        }
        Err(errors) => Err(ApiError::validation(
            errors
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
        )),
    }
}

const GUESS_WINDOW: std::time::Duration = std::time::Duration::from_secs(600);
const GUESSES: i32 = 5;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    #[serde(default)]
    current_password: Option<String>,
    new_password: String,
}

/// `PUT /api/me/password`: sets or changes one's password (the current one is required when
/// there is one).
#[utoipa::path(put, path = "/me/password", tag = "account", security(("session" = [])), request_body = PasswordChange, responses(
    (status = 200, body = crate::openapi::Message, description = "Changed; the user's other sessions end"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `new_password` (its rules) or `current_password` (`wrong_password`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`: five wrong current passwords in ten minutes"),
))]
#[tracing::instrument(skip_all)]
async fn update_password(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(req): Json<PasswordChange>,
) -> ApiResult<Response> {
    if let Err(code) = password::validate(&req.new_password) {
        return Err(ApiError::validation(
            [("new_password".to_owned(), code.to_owned())].into(),
        ));
    }
    // Guesses at the current password are limited per account (5 wrong in 10 minutes).
    let mut conn = state.pool.acquire().await?;
    let bucket = format!("password-change:user:{}", session.user.user_id);
    if domain::rate_limit::count(&mut conn, &bucket, GUESS_WINDOW).await? >= GUESSES {
        return Err(ApiError::rate_limited());
    }
    drop(conn);
    let current = session.user.password_hash.clone();
    let given = req.current_password.clone().unwrap_or_default();
    let new = req.new_password.clone();
    let (ok, hash) = tokio::task::spawn_blocking(move || {
        let ok = current
            .map(|h| password::verify(&given, &h))
            .unwrap_or(true);
        (ok, password::hash(&new))
    })
    .await
    .map_err(|_| ApiError::internal())?;
    if !ok {
        let mut conn = state.pool.acquire().await?;
        domain::rate_limit::hit(&mut conn, &bucket, GUESS_WINDOW, GUESSES).await?;
        return Err(ApiError::validation(
            [("current_password".to_owned(), "wrong_password".to_owned())].into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    accounts::set_password_hash(&mut tx, session.user.user_id, &hash).await?;
    // Whoever else had a session (a stolen one, a forgotten device) is signed out; this one stays.
    accounts::sessions::delete_others_of(&mut tx, session.user.user_id, &session.token).await?;
    tx.commit().await?;
    Ok(axum::Json(crate::openapi::Message {
        message: "Password updated".into(),
    })
    .into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct AccountDeletion {
    /// The account's e-mail, typed again: the confirmation.
    confirm_email: String,
}

/// `DELETE /api/me`: the fan deletes their account. Issued titles and orders stay (the fiscal
/// rules keep them) without the person's data; everything else is erased; the session ends.
#[utoipa::path(delete, path = "/me", tag = "account", security(("session" = [])), request_body = AccountDeletion, responses(
    (status = 200, body = crate::openapi::Message, description = "Deleted; the session cookie is removed"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`staff_account`: staff accounts are closed by an admin"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`account_busy`: an order is waiting for its payment, being issued or refunded, a resale or a transfer is under way"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `confirm_email` (`not_matching`)"),
))]
#[tracing::instrument(skip_all)]
async fn delete_me(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    jar: axum_extra::extract::cookie::CookieJar,
    Json(req): Json<AccountDeletion>,
) -> ApiResult<Response> {
    use domain::accounts::deletion::{self, Refusal};
    let mut tx = state.pool.begin().await?;
    match deletion::delete_account(&mut tx, session.user.user_id, &req.confirm_email).await? {
        Ok(()) => {}
        Err(Refusal::Staff) => {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "staff_account",
                "Staff accounts are closed by an admin",
            ));
        }
        Err(Refusal::NotConfirmed) => {
            return Err(ApiError::validation(
                [("confirm_email".to_owned(), "not_matching".to_owned())].into(),
            ));
        }
        Err(Refusal::Busy) => {
            return Err(ApiError::new(
                axum::http::StatusCode::CONFLICT,
                "account_busy",
                "An order, a resale or a transfer is under way: try again once it is over",
            ));
        }
        Err(Refusal::NotFound) => return Err(crate::auth::unauthenticated()),
    }
    tx.commit().await?;
    tracing::info!("account deleted by its owner");
    let jar = jar.add(crate::auth::expired_session_cookie(
        state.config.auth.secure_cookies,
    ));
    Ok((
        jar,
        axum::Json(crate::openapi::Message {
            message: "Account deleted".into(),
        }),
    )
        .into_response())
}
