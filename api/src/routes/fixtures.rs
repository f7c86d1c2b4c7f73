//! Fixtures for fans: the list, one fixture with its sectors and blocks, a block's seats,
//! the fan's hold (take, read, cancel), and the live seat map (server-sent events).
//! See docs/api/on-sale.md.

use crate::{
    auth::{CurrentUser, Session},
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    live::LiveEvent,
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use domain::ids::{BlockId, FixtureId, ReductionId, SeatId};
use domain::money::Cents;
use domain::preemption::rights;
use domain::{
    fixtures::{self, Fixture, FixtureQuery},
    inventory, venue,
};
use futures::Stream;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::{collections::BTreeMap, convert::Infallible, time::Duration};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(block))
        .routes(routes!(current_hold, hold, release))
        .routes(routes!(live))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// `league`, `cup` or `all` (the default).
    kind: Option<String>,
}

/// Upcoming fixtures shown to fans, soonest first.
#[derive(Serialize, ToSchema)]
struct FixtureList {
    items: Vec<Fixture>,
}

fn fixture_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "fixture_not_found",
        "No such fixture on sale",
    )
}

/// A fixture fans may see, with its counts (a page).
async fn shown(conn: &mut sqlx::PgConnection, id: FixtureId) -> ApiResult<Fixture> {
    fixtures::find(conn, id)
        .await?
        .filter(|f| f.status < fixtures::SHOWN_BELOW)
        .ok_or_else(fixture_not_found)
}

/// How long the hold path trusts a fixture's sale terms: going on or off sale takes effect
/// within this, and a burst of holds reads the fixture once.
const TERMS_FRESH_FOR: Duration = Duration::from_secs(1);

/// [`shown_terms`] through the process's one-second cache (the hold path).
async fn cached_terms(
    state: &AppState,
    conn: &mut sqlx::PgConnection,
    id: FixtureId,
) -> ApiResult<fixtures::SaleTerms> {
    let cached = state
        .sale_terms
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(&id)
        .filter(|(at, _)| at.elapsed() < TERMS_FRESH_FOR)
        .map(|(_, t)| *t);
    if let Some(terms) = cached {
        return Ok(terms);
    }
    let terms = shown_terms(conn, id).await?;
    state
        .sale_terms
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(id, (std::time::Instant::now(), terms));
    Ok(terms)
}

/// A fixture fans may see, without counts (holds, and reads of one block).
async fn shown_terms(
    conn: &mut sqlx::PgConnection,
    id: FixtureId,
) -> ApiResult<fixtures::SaleTerms> {
    fixtures::sale_terms(conn, id)
        .await?
        .filter(|f| f.status < fixtures::SHOWN_BELOW)
        .ok_or_else(fixture_not_found)
}

/// `GET /api/fixtures?kind=league|cup`: upcoming fixtures shown to fans, soonest first.
#[utoipa::path(get, path = "/fixtures", tag = "fixtures", params(ListQuery), responses(
    (status = 200, body = FixtureList),
))]
async fn list(State(state): State<AppState>, Query(q): Query<ListQuery>) -> ApiResult<Response> {
    let kind = match q.kind.as_deref() {
        None | Some("") | Some("all") => None,
        Some("league") => Some(fixtures::FixtureKind::League),
        Some("cup") => Some(fixtures::FixtureKind::Cup),
        Some(_) => {
            return Err(
                ApiError::bad_request("invalid_query", "kind must be league, cup or all")
                    .with_field("kind", "unknown kind"),
            );
        }
    };
    let mut conn = state.pool.acquire().await?;
    let (items, _) = fixtures::search(
        &mut conn,
        &FixtureQuery {
            upcoming: Some(true),
            kind,
            shown_to_fans: true,
            limit: 100,
            ..Default::default()
        },
    )
    .await?;
    Ok(axum::Json(FixtureList { items }).into_response())
}

#[derive(Serialize, ToSchema)]
struct BlockView {
    #[serde(flatten)]
    block: venue::Block,
    free: i64,
}

#[derive(Serialize, ToSchema)]
struct SectorView {
    code: String,
    name: String,
    away: bool,
    no_map: bool,
    capacity: i64,
    free: i64,
    from_price_cents: Option<Cents>,
    blocks: Vec<BlockView>,
}

#[derive(Serialize, ToSchema)]
struct ReductionView {
    id: i32,
    code: String,
    name: String,
    /// Who may have it on the match day: the holder form checks it before sending.
    rule: domain::orders::HolderRule,
    /// Price in cents per sector code.
    prices: BTreeMap<String, Cents>,
}

/// A fixture with its sectors, blocks and free places, and the reductions sold online.
#[derive(Serialize, ToSchema)]
struct FixtureDetail {
    #[serde(flatten)]
    fixture: Fixture,
    sectors: Vec<SectorView>,
    reductions: Vec<ReductionView>,
}

/// A block's seats as the caller sees them (none for a standing block).
#[derive(Serialize, ToSchema)]
struct BlockSeats {
    block: BlockView,
    /// The full price in this block's sector.
    price_cents: Option<Cents>,
    seats: Vec<inventory::SeatView>,
}

/// A seat the caller holds.
#[derive(Serialize, ToSchema)]
struct HeldSeatView {
    #[schema(value_type = i64)]
    id: SeatId,
    label: String,
    #[schema(value_type = i32)]
    block_id: BlockId,
    sector_code: String,
    row: String,
    number: i32,
    gate: String,
    price_cents: Option<Cents>,
    #[schema(value_type = Option<i32>)]
    reduction_id: Option<ReductionId>,
    named: bool,
}

/// Places the caller holds in a standing block.
#[derive(Serialize, ToSchema)]
struct StandingView {
    #[schema(value_type = i32)]
    block_id: BlockId,
    sector_code: String,
    gate: String,
    price_cents: Option<Cents>,
    quantity: i64,
}

/// The caller's hold on a fixture; `expires_at` is when its first place is released.
#[derive(Serialize, ToSchema)]
struct HoldView {
    seats: Vec<HeldSeatView>,
    standing: Vec<StandingView>,
    expires_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// `GET /api/fixtures/{id}`: the fixture with its sectors, blocks and free places, and the
/// reductions sold online with their prices per sector.
#[utoipa::path(get, path = "/fixtures/{id}", tag = "fixtures", params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = FixtureDetail),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn detail(State(state): State<AppState>, Path(id): Path<FixtureId>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let fixture = shown(&mut conn, id).await?;
    let free = inventory::free_by_block(&mut conn, id).await?;
    let prices = venue::prices(&mut conn, None).await?;
    let online = venue::online_reductions(&mut conn).await?;
    let online_ids: Vec<i32> = online.iter().map(|r| r.id).collect();
    let mut sectors: Vec<SectorView> = venue::sectors(&mut conn)
        .await?
        .into_iter()
        .map(|s| SectorView {
            from_price_cents: prices
                .iter()
                .filter(|p| p.sector_code == s.code && online_ids.contains(&p.reduction_id.0))
                .map(|p| p.price_cents)
                .min(),
            code: s.code,
            name: s.name,
            away: s.away,
            no_map: s.no_map,
            capacity: s.capacity,
            free: 0,
            blocks: vec![],
        })
        .collect();
    for b in venue::blocks(&mut conn, None).await? {
        if let Some(s) = sectors.iter_mut().find(|s| s.code == b.sector_code) {
            let f = free.get(&b.id).copied().unwrap_or(0);
            s.free += f;
            s.blocks.push(BlockView { block: b, free: f });
        }
    }
    let reductions: Vec<ReductionView> = online
        .into_iter()
        .map(|r| ReductionView {
            prices: prices
                .iter()
                .filter(|p| p.reduction_id.0 == r.id)
                .map(|p| (p.sector_code.clone(), p.price_cents))
                .collect(),
            id: r.id,
            rule: domain::orders::HolderRule::parse(&r.rule),
            code: r.code,
            name: r.name,
        })
        .collect();
    Ok(axum::Json(FixtureDetail {
        fixture,
        sectors,
        reductions,
    })
    .into_response())
}

/// `GET /api/fixtures/{id}/blocks/{block_id}`: the block's seats as the caller sees them.
#[utoipa::path(get, path = "/fixtures/{id}/blocks/{block_id}", tag = "fixtures",
    params(("id" = i64, Path, description = "The fixture"), ("block_id" = i32, Path)), responses(
    (status = 200, body = BlockSeats, description = "Seats are `free`, `held`, `sold`, `locked` or `mine`"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`, `not_found`"),
))]
async fn block(
    State(state): State<AppState>,
    session: Option<axum::Extension<Session>>,
    Path((id, block_id)): Path<(FixtureId, BlockId)>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    shown_terms(&mut conn, id).await?;
    let block = venue::block(&mut conn, block_id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such block"))?;
    let viewer = session.map(|axum::Extension(s)| s.user.user_id);
    let seats = if block.no_map {
        vec![]
    } else {
        inventory::block_seats(&mut conn, id, block_id, viewer).await?
    };
    let free = inventory::free_in_blocks(&mut conn, id, &[block_id])
        .await?
        .first()
        .map_or(0, |(_, n)| *n);
    let price = venue::prices(&mut conn, Some(&block.sector_code))
        .await?
        .into_iter()
        .find(|p| p.reduction_code == inventory::FULL_PRICE_CODE)
        .map(|p| p.price_cents);
    Ok(axum::Json(BlockSeats {
        block: BlockView { block, free },
        price_cents: price,
        seats,
    })
    .into_response())
}

/// The caller's hold on a fixture, in the contract's shape.
async fn hold_view(
    conn: &mut sqlx::PgConnection,
    fixture_id: FixtureId,
    session: &Session,
) -> ApiResult<HoldView> {
    let held = inventory::held_by(conn, fixture_id, session.user.user_id).await?;
    let expires_at = held.iter().map(|h| h.held_until).min();
    let (standing, seats): (Vec<_>, Vec<_>) = held.into_iter().partition(|h| h.no_map);
    let mut by_block: BTreeMap<BlockId, (String, String, Option<Cents>, i64)> = BTreeMap::new();
    for p in standing {
        let e = by_block
            .entry(p.block_id)
            .or_insert((p.sector_code, p.gate, p.price_cents, 0));
        e.3 += 1;
    }
    let standing = by_block
        .into_iter()
        .map(
            |(block_id, (sector_code, gate, price_cents, quantity))| StandingView {
                block_id,
                sector_code,
                gate,
                price_cents,
                quantity,
            },
        )
        .collect();
    let seats = seats
        .into_iter()
        .map(|s| HeldSeatView {
            id: s.id,
            label: s.label,
            block_id: s.block_id,
            sector_code: s.sector_code,
            row: s.row,
            number: s.number,
            gate: s.gate,
            price_cents: s.price_cents,
            reduction_id: s.reduction_id,
            named: s.named,
        })
        .collect();
    Ok(HoldView {
        seats,
        standing,
        expires_at,
    })
}

/// `GET /api/fixtures/{id}/hold`.
#[utoipa::path(get, path = "/fixtures/{id}/hold", tag = "fixtures", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = HoldView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn current_hold(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    shown_terms(&mut conn, id).await?;
    Ok(axum::Json(hold_view(&mut conn, id, &session).await?).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct HoldRequest {
    #[serde(default)]
    #[schema(value_type = Option<Vec<i64>>)]
    seat_ids: Option<Vec<SeatId>>,
    /// Instead of `seat_ids`: each seat with a reduction and a named holder (optional).
    #[serde(default)]
    lines: Option<Vec<inventory::Line>>,
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    block_id: Option<BlockId>,
    #[serde(default)]
    quantity: Option<i64>,
}

fn invalid(field: &str, message: &str) -> ApiError {
    ApiError::validation([(field.to_owned(), message.to_owned())].into())
}

/// `POST /api/fixtures/{id}/hold` `{seat_ids}` or `{block_id, quantity}`: all or nothing.
#[utoipa::path(post, path = "/fixtures/{id}/hold", tag = "fixtures", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")), request_body = HoldRequest, responses(
    (status = 200, body = HoldView, description = "Held, all or nothing"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`admission_required` (`errors.room_id`): a waiting room guards the on-sale and the `X-Admission` header carries no admission of the caller's"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`fixture_not_on_sale`, `seats_unavailable` (`errors.seat_ids`), `sector_full`, `buyer_limit` (`errors.limit`), `no_adjacent_seats`, `holder_has_seat`; during a pre-emption phase `preemption_phase` (no right shown: `errors.phase`) and `right_not_for_sector` (`errors.sectors`: the sectors the right opens)"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`, `reduction_not_allowed`"),
))]
#[tracing::instrument(skip_all, fields(fixture = id.0))]
async fn hold(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<FixtureId>,
    headers: axum::http::HeaderMap,
    Json(req): Json<HoldRequest>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let fixture = cached_terms(&state, &mut tx, id).await?;
    crate::waiting_room::check_admission(
        &state,
        &mut tx,
        &headers,
        domain::waiting_room::RoomTarget::Fixture(id),
        session.user.user_id,
    )
    .await?;
    let limit = i64::from(fixture.per_buyer_limit);
    let user = session.user.user_id;
    let (seat_ids, lines) = match (req.seat_ids, req.lines) {
        (Some(_), Some(_)) => return Err(invalid("lines", "send seat_ids or lines, not both")),
        (None, Some(lines)) => {
            if lines.iter().any(|l| {
                l.holder.as_ref().is_some_and(|h| {
                    h.first_name.trim().is_empty()
                        || h.last_name.trim().is_empty()
                        || h.first_name.chars().count() > 60
                        || h.last_name.chars().count() > 60
                })
            }) {
                return Err(invalid("lines", "a holder needs a first and last name"));
            }
            (Some(lines.iter().map(|l| l.seat_id).collect()), lines)
        }
        (seats, None) => (seats, vec![]),
    };
    let outcome = match (seat_ids, req.block_id, req.quantity) {
        (Some(mut seats), None, None) => {
            seats.sort_unstable();
            seats.dedup();
            if seats.is_empty() {
                return Err(invalid("seat_ids", "pick at least one seat"));
            }
            if seats.len() as i64 > limit {
                return Err(invalid("seat_ids", "more seats than one buyer may have"));
            }
            if !lines.is_empty() && lines.len() != seats.len() {
                return Err(invalid("lines", "one line per seat"));
            }
            if fixture.in_preemption() {
                let ids: Vec<i64> = seats.iter().map(|s| s.0).collect();
                let sectors = rights::seat_sectors(&mut tx, id, &ids).await?;
                super::rights::hold_allowed(&mut tx, id, user, seats.len(), &sectors).await?;
            }
            inventory::hold_seats(&mut tx, &fixture, user, &seats, &lines).await?
        }
        (None, Some(block), Some(quantity)) => {
            if !(1..=limit).contains(&quantity) {
                return Err(invalid("quantity", "between 1 and the per-buyer limit"));
            }
            if fixture.in_preemption() {
                let sectors: Vec<String> = rights::block_sector(&mut tx, block.0)
                    .await?
                    .into_iter()
                    .collect();
                super::rights::hold_allowed(&mut tx, id, user, quantity as usize, &sectors).await?;
            }
            let no_map =
                sqlx::query_scalar!("select no_map from venue_block where id = $1", block.0)
                    .fetch_optional(&mut *tx)
                    .await?;
            match no_map {
                Some(false) => {
                    inventory::hold_best_available(&mut tx, &fixture, user, block, quantity).await?
                }
                _ => inventory::hold_standing(&mut tx, &fixture, user, block, quantity).await?,
            }
        }
        _ => {
            return Err(invalid(
                "seat_ids",
                "send seat_ids, or block_id and quantity",
            ));
        }
    };
    match outcome {
        Ok(_) => {
            let view = hold_view(&mut tx, id, &session).await?;
            tx.commit().await?;
            Ok(axum::Json(view).into_response())
        }
        Err(refusal) => Err(refusal.into()),
    }
}

/// `DELETE /api/fixtures/{id}/hold`: releases everything the caller holds on the fixture.
#[utoipa::path(delete, path = "/fixtures/{id}/hold", tag = "fixtures", security(("session" = [])),
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 204, description = "Released"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn release(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    shown_terms(&mut tx, id).await?;
    inventory::release(&mut tx, id, session.user.user_id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /api/fixtures/{id}/live`: the seat map's server-sent events.
#[utoipa::path(get, path = "/fixtures/{id}/live", tag = "fixtures", params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, content_type = "text/event-stream", body = String, description = "Server-sent events: `seats` (`{block_id, seats: [{id, state}]}`), `blocks` (`{blocks: [{id, free}]}`), `refresh`"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`fixture_not_found`"),
))]
async fn live(
    State(state): State<AppState>,
    Path(id): Path<FixtureId>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let mut conn = state.pool.acquire().await?;
    shown_terms(&mut conn, id).await?;
    drop(conn);
    let rx = state.live.subscribe();
    let live = state.live.clone();
    let stream = futures::stream::unfold((rx, live), move |(mut rx, live)| async move {
        loop {
            let next = tokio::select! {
                r = rx.recv() => r,
                _ = live.stopped() => return None,
            };
            let event = match next {
                Ok(e) if e.concerns(id) => sse_event(&e),
                Ok(_) => continue,
                // Fell behind: the map refetches.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    sse_event(&LiveEvent::Refresh {
                        fixture_id: Some(id),
                    })
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            };
            return Some((Ok(event), (rx, live)));
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

fn sse_event(e: &LiveEvent) -> Event {
    let (name, data) = match e {
        LiveEvent::Seats {
            block_id, seats, ..
        } => (
            "seats",
            json!({"block_id": block_id,
                   "seats": seats.iter().map(|(id, state)| json!({"id": id, "state": state})).collect::<Vec<_>>()}),
        ),
        LiveEvent::Blocks { blocks, .. } => (
            "blocks",
            json!({"blocks": blocks.iter().map(|(id, free)| json!({"id": id, "free": free})).collect::<Vec<_>>()}),
        ),
        LiveEvent::Refresh { .. } | LiveEvent::Room { .. } | LiveEvent::Settings => {
            ("refresh", json!({}))
        }
    };
    Event::default().event(name).data(data.to_string())
}
