//! Season tickets for fans (issue 17): the list, one season ticket with its matches, sectors,
//! blocks and prices, a block's seats over the season, and the fan's season hold (take, read,
//! cancel). A season seat is held in every covered match at once; see `domain::seasons`.

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
use domain::ids::{BlockId, SeasonTicketId, SeatId};
use domain::{
    inventory::SeatView,
    seasons::{self, HeldSeasonSeat, SeasonMatch, SeasonPrice, SeasonTerms, SeasonTicket},
    venue,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_season_tickets))
        .routes(routes!(season_ticket))
        .routes(routes!(season_block))
        .routes(routes!(
            current_season_hold,
            season_hold,
            release_season_hold
        ))
}

fn season_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "season_ticket_not_found",
        "No such season ticket on sale",
    )
}

/// A season ticket fans are shown, with its terms.
async fn shown(
    conn: &mut sqlx::PgConnection,
    id: SeasonTicketId,
) -> ApiResult<(SeasonTicket, SeasonTerms)> {
    let season = seasons::list(conn, true, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(season_not_found)?;
    let terms = seasons::terms(conn, id)
        .await?
        .ok_or_else(season_not_found)?;
    Ok((season, terms))
}

/// The season tickets on sale.
#[derive(Serialize, ToSchema)]
struct SeasonTicketList {
    items: Vec<SeasonTicket>,
}

/// `GET /api/season-tickets`: the club's season tickets on sale for the current season.
#[utoipa::path(get, path = "/season-tickets", tag = "seasons", responses(
    (status = 200, body = SeasonTicketList),
))]
async fn list_season_tickets(State(state): State<AppState>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = seasons::list(&mut conn, true, None).await?;
    Ok(axum::Json(SeasonTicketList { items }).into_response())
}

/// A block sold for the season, with its season-free seats.
#[derive(Serialize, ToSchema)]
struct SeasonBlock {
    #[schema(value_type = i32)]
    id: BlockId,
    code: String,
    gate: String,
    capacity: i32,
    /// Seats free in every covered match.
    free: i64,
}

/// A sector with its season blocks.
#[derive(Serialize, ToSchema)]
struct SeasonSector {
    code: String,
    name: String,
    away: bool,
    free: i64,
    blocks: Vec<SeasonBlock>,
}

/// One season ticket with its matches, sectors, blocks and prices.
#[derive(Serialize, ToSchema)]
struct SeasonTicketDetail {
    #[serde(flatten)]
    season: SeasonTicket,
    /// The covered matches, soonest first (`matches` is their count).
    fixtures: Vec<SeasonMatch>,
    sectors: Vec<SeasonSector>,
    prices: Vec<SeasonPrice>,
}

/// `GET /api/season-tickets/{id}`: the season ticket, its matches (soonest first), the sectors
/// and blocks sold for the season with their free seats, and its prices.
#[utoipa::path(get, path = "/season-tickets/{id}", tag = "seasons", params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 200, body = SeasonTicketDetail),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
))]
async fn season_ticket(
    State(state): State<AppState>,
    Path(id): Path<SeasonTicketId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let (season, terms) = shown(&mut conn, id).await?;
    let matches = seasons::matches(&mut conn, id).await?;
    let free = seasons::free_by_block(&mut conn, &terms).await?;
    let mut sectors: Vec<SeasonSector> = vec![];
    for s in venue::sectors(&mut conn).await? {
        let blocks: Vec<SeasonBlock> = venue::blocks(&mut conn, Some(&s.code))
            .await?
            .into_iter()
            .filter_map(|b| {
                let f = free.iter().find(|(id, _)| *id == b.id)?.1;
                Some(SeasonBlock {
                    id: b.id,
                    code: b.code,
                    gate: b.gate,
                    capacity: b.capacity,
                    free: f,
                })
            })
            .collect();
        if !blocks.is_empty() {
            sectors.push(SeasonSector {
                free: blocks.iter().map(|b| b.free).sum(),
                code: s.code,
                name: s.name,
                away: s.away,
                blocks,
            });
        }
    }
    let prices = seasons::prices(&mut conn, id).await?;
    Ok(axum::Json(SeasonTicketDetail {
        season,
        fixtures: matches,
        sectors,
        prices,
    })
    .into_response())
}

/// A block's seats over the season.
#[derive(Serialize, ToSchema)]
struct SeasonBlockSeats {
    seats: Vec<SeatView>,
}

/// `GET /api/season-tickets/{id}/blocks/{block_id}`: the block's seats as the caller sees them
/// for the season: free only if free in every covered match, `mine` if the caller holds it.
#[utoipa::path(get, path = "/season-tickets/{id}/blocks/{block_id}", tag = "seasons",
    params(("id" = i64, Path, description = "The season ticket"), ("block_id" = i32, Path)), responses(
    (status = 200, body = SeasonBlockSeats),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`, `block_not_found` (not sold for the season)"),
))]
async fn season_block(
    State(state): State<AppState>,
    session: Option<axum::Extension<crate::auth::Session>>,
    Path((id, block_id)): Path<(SeasonTicketId, BlockId)>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let (_, terms) = shown(&mut conn, id).await?;
    let sellable = sqlx::query_scalar!(
        "select season_sellable and not no_map from venue_block where id = $1",
        block_id.0
    )
    .fetch_optional(&mut *conn)
    .await?
    .flatten()
    .unwrap_or(false);
    if !sellable {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "block_not_found",
            "This block is not sold for the season",
        ));
    }
    let viewer: Option<Uuid> = session.map(|s| s.user.user_id);
    let seats = seasons::block_seats(&mut conn, &terms, block_id, viewer).await?;
    Ok(axum::Json(SeasonBlockSeats { seats }).into_response())
}

/// The caller's season hold; `expires_at` is when it is released.
#[derive(Serialize, ToSchema)]
struct SeasonHoldView {
    seats: Vec<HeldSeasonSeat>,
    expires_at: Option<chrono::DateTime<chrono::Utc>>,
}

async fn hold_view(
    conn: &mut sqlx::PgConnection,
    id: SeasonTicketId,
    user: Uuid,
) -> ApiResult<SeasonHoldView> {
    let seats = seasons::held_by(conn, id, user).await?;
    Ok(SeasonHoldView {
        expires_at: seats.iter().map(|s| s.held_until).min(),
        seats,
    })
}

/// `GET /api/season-tickets/{id}/hold`: the season seats the caller holds.
#[utoipa::path(get, path = "/season-tickets/{id}/hold", tag = "seasons", security(("session" = [])),
    params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 200, body = SeasonHoldView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
))]
async fn current_season_hold(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<SeasonTicketId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    shown(&mut conn, id).await?;
    let view = hold_view(&mut conn, id, session.user.user_id).await?;
    Ok(axum::Json(view).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SeasonHoldRequest {
    #[schema(value_type = Vec<i64>)]
    seat_ids: Vec<SeatId>,
}

/// `POST /api/season-tickets/{id}/hold` `{seat_ids}`: holds the seats in every covered match
/// for 1800 s, all or nothing, replacing the caller's earlier season hold.
#[utoipa::path(post, path = "/season-tickets/{id}/hold", tag = "seasons", security(("session" = [])),
    params(("id" = i64, Path, description = "The season ticket")), request_body = SeasonHoldRequest, responses(
    (status = 200, body = SeasonHoldView, description = "Held in every covered match, all or nothing"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`admission_required` (`errors.room_id`): a waiting room guards the on-sale and the `X-Admission` header carries no admission of the caller's"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`fixture_not_on_sale` (the season is not on sale), `preemption_phase` (a pre-emption phase is on: `errors.phase` its end and the next phase's start), `seats_unavailable` (`errors.seat_ids`: taken in at least one match), `buyer_limit` (`errors.limit`)"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: no seat, or a seat not sold for the season"),
))]
#[tracing::instrument(skip_all, fields(season = id.0))]
async fn season_hold(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<SeasonTicketId>,
    headers: axum::http::HeaderMap,
    Json(req): Json<SeasonHoldRequest>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let (_, terms) = shown(&mut tx, id).await?;
    crate::waiting_room::check_admission(
        &state,
        &mut tx,
        &headers,
        domain::waiting_room::RoomTarget::Season(id),
        session.user.user_id,
    )
    .await?;
    let mut seats = req.seat_ids;
    seats.sort_unstable();
    seats.dedup();
    if seats.is_empty() {
        return Err(ApiError::validation(
            [("seat_ids".to_owned(), "pick at least one seat".to_owned())].into(),
        ));
    }
    let user = session.user.user_id;
    match seasons::hold(&mut tx, &terms, user, &seats).await? {
        Ok(_) => {
            let view = hold_view(&mut tx, id, user).await?;
            tx.commit().await?;
            Ok(axum::Json(view).into_response())
        }
        Err(domain::inventory::HoldRefusal::PreemptionPhase) => {
            let t = super::renewals::timeline(&mut tx, id).await?;
            Err(super::renewals::phase_details(
                domain::inventory::HoldRefusal::PreemptionPhase.into(),
                &t,
            ))
        }
        Err(refusal) => Err(refusal.into()),
    }
}

/// `DELETE /api/season-tickets/{id}/hold`: releases the caller's season seats in every match.
#[utoipa::path(delete, path = "/season-tickets/{id}/hold", tag = "seasons", security(("session" = [])),
    params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 204, description = "Released"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
))]
async fn release_season_hold(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<SeasonTicketId>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let (_, terms) = shown(&mut tx, id).await?;
    let changes = seasons::release(&mut tx, &terms, session.user.user_id).await?;
    domain::inventory::notify(&mut tx, &changes).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
