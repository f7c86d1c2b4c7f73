//! A match's pre-emption (issue 18), for fans: the phases of a fixture's sale (the current and
//! the next, for the countdown) and "use my right": a fidelity card number or a fiscal seal is
//! checked against the phase on now (see `domain::preemption::rights`); the fan may then hold
//! one seat in a sector it opens and check it out, the order carrying the right.

use crate::{
    auth::{ClientIp, CurrentUser},
    error::{ApiError, ApiResult},
    extract::{Json, Path},
    state::AppState,
    wrong_tries::WrongTries,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::fixtures::SaleTerms;
use domain::ids::FixtureId;
use domain::preemption::{
    phases::{self, PhaseTarget, Timeline},
    rights::{self, RightClaim, RightRefusal},
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(fixture_phases))
        .routes(routes!(my_right, use_right, drop_right))
}

fn fixture_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "fixture_not_found",
        "No such fixture on sale",
    )
}

/// A fixture fans may see.
async fn shown(conn: &mut sqlx::PgConnection, id: FixtureId) -> ApiResult<SaleTerms> {
    domain::fixtures::sale_terms(conn, id)
        .await?
        .filter(|f| f.status < domain::fixtures::SHOWN_BELOW)
        .ok_or_else(fixture_not_found)
}

/// The current phase and the next of a match's sale.
pub(crate) async fn timeline(
    conn: &mut sqlx::PgConnection,
    id: FixtureId,
) -> Result<Timeline, sqlx::Error> {
    let all = phases::list(conn, PhaseTarget::Fixture(id)).await?;
    Ok(phases::timeline(all, chrono::Utc::now()))
}

/// `GET /api/fixtures/{id}/phases`: the phase on now and the next one.
#[utoipa::path(get, path = "/fixtures/{id}/phases", tag = "fixtures",
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = Timeline, description = "`current`: the phase on now (none: the free sale, or nothing yet); `next`: the soonest to start"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn fixture_phases(
    State(state): State<AppState>,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    shown(&mut conn, id).await?;
    Ok(axum::Json(timeline(&mut conn, id).await?).into_response())
}

/// The fan's right for a match's phase on now.
#[derive(Serialize, ToSchema)]
struct MyRight {
    right: Option<RightClaim>,
    /// Rights found by the caller's account for the phase on now (their linked supporter cards
    /// the match's list names; a season holder's seal whose e-mail is theirs): one click each.
    suggested: Vec<rights::SuggestedRight>,
}

/// `GET /api/fixtures/{id}/right`: the right the caller showed for the phase on now.
#[utoipa::path(get, path = "/fixtures/{id}/right", tag = "fixtures", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = MyRight, description = "`right`: none when the caller showed none for the phase on now; `suggested`: the rights their account gives them now"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn my_right(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    shown(&mut conn, id).await?;
    let right = rights::current_claim(&mut conn, id, session.user.user_id).await?;
    let suggested =
        rights::suggestions(&mut conn, id, session.user.user_id, &session.user.email).await?;
    Ok(axum::Json(MyRight { right, suggested }).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RightRequest {
    /// A fidelity card number or a fiscal seal.
    right: String,
}

/// `POST /api/fixtures/{id}/right`: "use my right" for the phase on now.
#[utoipa::path(post, path = "/fixtures/{id}/right", tag = "fixtures", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")), request_body = RightRequest, responses(
    (status = 200, body = RightClaim, description = "The right holds: the caller may hold one seat in `sectors`"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`, `right_not_found` (not in the match's list, nor a season holder's seal)"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`no_preemption_phase` (`errors.phase`: the current and next phases), `right_not_for_sector` (none of its sectors is open in this phase), `right_used`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`: ten wrong tries of the fan, or fifty of their address, in fifteen minutes"),
))]
#[tracing::instrument(skip_all, fields(fixture = id.0))]
async fn use_right(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    ClientIp(address): ClientIp,
    Path(id): Path<FixtureId>,
    Json(req): Json<RightRequest>,
) -> ApiResult<Response> {
    let Some(right) = rights::normalise(&req.right) else {
        return Err(ApiError::validation(
            [(
                "right".to_owned(),
                "a card number or a fiscal seal".to_owned(),
            )]
            .into(),
        ));
    };
    // Guessing card numbers is slowed down: wrong tries are counted.
    let tries = WrongTries::new("right", session.user.user_id, address);
    tries.check(&state.pool).await?;
    let mut tx = state.pool.begin().await?;
    shown(&mut tx, id).await?;
    let claim = match rights::claim(&mut tx, id, session.user.user_id, &right).await? {
        Ok(c) => c,
        Err(refusal) => {
            drop(tx);
            if refusal == RightRefusal::NotFound {
                tries.count(&state.pool).await?;
            }
            let conflict = |code, message: &str| ApiError::new(StatusCode::CONFLICT, code, message);
            return Err(match refusal {
                RightRefusal::NoPhase(t) => super::renewals::phase_details(
                    conflict(
                        "no_preemption_phase",
                        "No pre-emption phase is on for this match now",
                    ),
                    &t,
                ),
                RightRefusal::NotFound => ApiError::new(
                    StatusCode::NOT_FOUND,
                    "right_not_found",
                    "This card or seal gives no right for this match",
                ),
                RightRefusal::NotForSector => conflict(
                    "right_not_for_sector",
                    "This right opens no sector on sale in this phase",
                ),
                RightRefusal::Used => conflict(
                    "right_used",
                    "This right has been used for this match already",
                ),
            });
        }
    };
    tx.commit().await?;
    Ok(axum::Json(claim).into_response())
}

/// `DELETE /api/fixtures/{id}/right`: forgets the caller's right for the match.
#[utoipa::path(delete, path = "/fixtures/{id}/right", tag = "fixtures", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 204, description = "Forgotten"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn drop_right(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    shown(&mut conn, id).await?;
    rights::drop_claim(&mut conn, id, session.user.user_id).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// What a hold needs during a match's pre-emption phase: the fan's right for the phase on now
/// (else 409 `preemption_phase` with the phases), one seat only, in a sector it opens.
/// `sectors`: the sectors of the places asked for.
pub(crate) async fn hold_allowed(
    conn: &mut sqlx::PgConnection,
    fixture: FixtureId,
    user: Uuid,
    places: usize,
    sectors: &[String],
) -> ApiResult<RightClaim> {
    let Some(claim) = rights::current_claim(conn, fixture, user).await? else {
        return Err(preemption_phase(conn, fixture).await?);
    };
    if places != 1 {
        return Err(ApiError::validation(
            [("seat_ids".to_owned(), "one seat per right".to_owned())].into(),
        ));
    }
    if sectors.is_empty() || !sectors.iter().all(|s| claim.opens(s)) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "right_not_for_sector",
            "Your right does not open this sector",
        )
        .with_detail("sectors", json!(claim.sectors)));
    }
    Ok(claim)
}

/// 409 `preemption_phase`, with the phases for the countdown.
pub(crate) async fn preemption_phase(
    conn: &mut sqlx::PgConnection,
    fixture: FixtureId,
) -> Result<ApiError, sqlx::Error> {
    let t = timeline(conn, fixture).await?;
    Ok(super::renewals::phase_details(
        ApiError::new(
            StatusCode::CONFLICT,
            "preemption_phase",
            "Only fans with a pre-emption right may buy now",
        ),
        &t,
    ))
}
