//! Staff's on-sale pages: the stadium (sectors, blocks, season flag), default prices, the
//! match list (import, on sale, off sale) and seat locks. See docs/api/on-sale.md.

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
use domain::ids::{BlockId, FixtureId, SeatId};
use domain::money::Cents;
use domain::{
    audit,
    fixtures::{self, FixtureQuery},
    inventory, venue,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use workflows::onsale::{LoadInventory, MirrorLocks};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_sectors))
        .routes(routes!(get_sector))
        .routes(routes!(list_blocks))
        .routes(routes!(get_block, update_block))
        .routes(routes!(list_prices))
        .routes(routes!(get_price, update_price))
        .routes(routes!(import_venue))
        .routes(routes!(list_fixtures))
        .routes(routes!(import_fixtures))
        .routes(routes!(get_fixture, update_fixture))
        .routes(routes!(block_seats))
        .routes(routes!(lock_seats))
}

/// Fixtures made or updated from the ticketing system's events.
#[derive(Serialize, ToSchema)]
struct Imported {
    imported: i64,
    updated: i64,
}

/// What a lock request did: the seats changed, those left alone (held or sold) and the labels
/// that name no seat.
#[derive(Serialize, ToSchema)]
struct LockOutcome {
    #[schema(value_type = Vec<i64>)]
    changed: Vec<SeatId>,
    skipped: Vec<inventory::Skipped>,
    unknown: Vec<String>,
}

#[utoipa::path(get, path = "/sectors", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<venue::Sector>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_sectors(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let mut conn = state.pool.acquire().await?;
    Ok(rest::whole(
        "sectors",
        &params,
        venue::sectors(&mut conn).await?,
    ))
}

#[utoipa::path(get, path = "/sectors/{code}", tag = "admin", params(("code" = String, Path)), responses(
    (status = 200, body = venue::Sector),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_sector(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let sector = venue::sectors(&mut conn)
        .await?
        .into_iter()
        .find(|s| s.code == code)
        .ok_or_else(|| ApiError::not_found("No such sector"))?;
    Ok(axum::Json(sector).into_response())
}

#[utoipa::path(get, path = "/blocks", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<venue::Block>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `sector_code`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_blocks(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let sector = params.filter_str("sector_code");
    let mut conn = state.pool.acquire().await?;
    let blocks = venue::blocks(&mut conn, sector.as_deref()).await?;
    Ok(rest::whole("blocks", &params, blocks))
}

#[utoipa::path(get, path = "/blocks/{id}", tag = "admin", params(("id" = i32, Path)), responses(
    (status = 200, body = venue::Block),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_block(State(state): State<AppState>, Path(id): Path<BlockId>) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let block = venue::block(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such block"))?;
    Ok(axum::Json(block).into_response())
}

#[derive(Deserialize, ToSchema)]
struct BlockChange {
    gate: Option<String>,
    season_sellable: Option<bool>,
}

/// `PUT /api/admin/blocks/{id}` `{gate, season_sellable}` (the rest of the record is
/// ignored); audited.
#[utoipa::path(put, path = "/blocks/{id}", tag = "admin", params(("id" = i32, Path)), request_body = BlockChange, responses(
    (status = 200, body = venue::Block),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
async fn update_block(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<BlockId>,
    Json(change): Json<BlockChange>,
) -> ApiResult<Response> {
    let gate = change.gate.as_deref().map(str::trim);
    if gate.is_some_and(|g| g.is_empty() || g.chars().count() > 40) {
        return Err(ApiError::validation(
            [("gate".to_owned(), "1 to 40 characters".to_owned())].into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    let block = venue::update_block(&mut tx, id, gate, change.season_sellable)
        .await?
        .ok_or_else(|| ApiError::not_found("No such block"))?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "block.updated",
        "block",
        &id.to_string(),
        json!({"gate": block.gate, "season_sellable": block.season_sellable}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(block).into_response())
}

#[utoipa::path(get, path = "/prices", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<venue::Price>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filter `sector_code`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_prices(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let sector = params.filter_str("sector_code");
    let mut conn = state.pool.acquire().await?;
    let prices = venue::prices(&mut conn, sector.as_deref()).await?;
    Ok(rest::whole("prices", &params, prices))
}

/// A price id: `SECTOR:reduction`.
fn price_id(id: &str) -> ApiResult<(String, i32)> {
    id.split_once(':')
        .and_then(|(s, r)| Some((s.to_owned(), r.parse().ok()?)))
        .ok_or_else(|| ApiError::not_found("No such price"))
}

#[utoipa::path(get, path = "/prices/{id}", tag = "admin", params(("id" = String, Path, description = "`SECTOR:reduction`")), responses(
    (status = 200, body = venue::Price),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_price(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let (sector, reduction) = price_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    let price = venue::prices(&mut conn, Some(&sector))
        .await?
        .into_iter()
        .find(|p| p.reduction_id.0 == reduction)
        .ok_or_else(|| ApiError::not_found("No such price"))?;
    Ok(axum::Json(price).into_response())
}

#[derive(Deserialize, ToSchema)]
struct PriceChange {
    price_cents: Cents,
}

/// `PUT /api/admin/prices/{id}` `{price_cents}`: 0 to 1,000,000 cents; audited.
#[utoipa::path(put, path = "/prices/{id}", tag = "admin", params(("id" = String, Path, description = "`SECTOR:reduction`")), request_body = PriceChange, responses(
    (status = 200, body = venue::Price),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: 0 to 1,000,000 cents"),
))]
async fn update_price(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<String>,
    Json(change): Json<PriceChange>,
) -> ApiResult<Response> {
    let (sector, reduction) = price_id(&id)?;
    if !(0..=1_000_000).contains(&change.price_cents.0) {
        return Err(ApiError::validation(
            [(
                "price_cents".to_owned(),
                "between 0 and 1,000,000 cents".to_owned(),
            )]
            .into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    let price = venue::set_price(&mut tx, &sector, reduction, change.price_cents)
        .await?
        .ok_or_else(|| ApiError::not_found("No such price"))?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "price.updated",
        "price",
        &id,
        json!({"price_cents": change.price_cents}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(price).into_response())
}

fn ticketing_unavailable(e: anyhow::Error) -> ApiError {
    tracing::warn!(error = %e, "ticketing system import failed");
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        "ticketing_unavailable",
        "The ticketing system did not answer; try again shortly",
    )
}

/// Imports the catalogue from the ticketing system (the venue, prices and fixtures come
/// together) and audits it as `action`; returns the venue counts and (imported, updated).
async fn import_audited(
    state: &AppState,
    staff: &crate::auth::Session,
    action: &str,
) -> ApiResult<(venue::ImportCounts, (i64, i64))> {
    let mut tx = state.pool.begin().await?;
    let (counts, fixtures) = workflows::onsale::import_catalogue(&mut tx, &state.ticketing)
        .await
        .map_err(ticketing_unavailable)?;
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        action,
        "catalogue",
        "ticketing",
        json!({"venue": counts, "imported": fixtures.0, "updated": fixtures.1}),
    )
    .await?;
    tx.commit().await?;
    Ok((counts, fixtures))
}

/// `POST /api/admin/venue/import`: the venue plan (and the catalogue) from the ticketing
/// system; audited.
#[utoipa::path(post, path = "/venue/import", tag = "admin", responses(
    (status = 200, body = venue::ImportCounts),
    (status = 502, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
async fn import_venue(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
) -> ApiResult<Response> {
    let (counts, _) = import_audited(&state, &staff, "venue.imported").await?;
    Ok(axum::Json(counts).into_response())
}

/// `POST /api/admin/fixtures/import`: the ticketing system's events become fixtures.
#[utoipa::path(post, path = "/fixtures/import", tag = "admin", responses(
    (status = 200, body = Imported),
    (status = 502, body = crate::openapi::ErrorBody, description = "`ticketing_unavailable`"),
))]
async fn import_fixtures(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
) -> ApiResult<Response> {
    let (_, (imported, updated)) = import_audited(&state, &staff, "fixtures.imported").await?;
    Ok(axum::Json(Imported { imported, updated }).into_response())
}

/// `GET /api/admin/fixtures`: filters `when` (upcoming, past), `kind`, `q`.
#[utoipa::path(get, path = "/fixtures", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<fixtures::Fixture>, headers(("Content-Range" = String, description = "`<resource> first-last/total`")), description = "filters `when` (upcoming, past), `kind` (league, cup), `q`"),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`: a sort, range or filter that does not parse or is unknown"),
))]
async fn list_fixtures(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let upcoming = match params.filter_str("when").as_deref() {
        None => None,
        Some("upcoming") => Some(true),
        Some("past") => Some(false),
        Some(_) => {
            return Err(
                ApiError::bad_request("invalid_query", "when must be upcoming or past")
                    .with_field("when", "unknown value"),
            );
        }
    };
    let kind = params.filter_enum("kind")?;
    let mut conn = state.pool.acquire().await?;
    let (items, total) = fixtures::search(
        &mut conn,
        &FixtureQuery {
            upcoming,
            kind,
            search: params.filter_str("q"),
            shown_to_fans: false,
            offset: params.offset,
            limit: params.limit,
        },
    )
    .await?;
    Ok(rest::page("fixtures", &params, items, total))
}

#[utoipa::path(get, path = "/fixtures/{id}", tag = "admin", params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = fixtures::Fixture),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn get_fixture(
    State(state): State<AppState>,
    Path(id): Path<FixtureId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let fixture = fixtures::find(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such fixture"))?;
    Ok(axum::Json(fixture).into_response())
}

#[derive(Deserialize, ToSchema)]
struct FixtureChange {
    status: i16,
    /// When fans may start buying: absent leaves it as it is, null opens the sale as soon as
    /// the fixture is on sale. Before the match starts.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<chrono::DateTime<chrono::Utc>>, required = false)]
    sale_opens_at: Option<Option<chrono::DateTime<chrono::Utc>>>,
    /// Fans may pass their tickets on (a change of holder); absent leaves it as it is.
    #[serde(default)]
    transfers_open: Option<bool>,
    /// Changes of holder close this many hours (0-720) before kick-off; null: at kick-off;
    /// absent leaves it as it is.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i32>, required = false)]
    transfer_closes_hours: Option<Option<i32>>,
    /// Postponed: its ticket holders may ask for a refund (as for a cancelled match, status
    /// 4); absent leaves it as it is.
    #[serde(default)]
    postponed: Option<bool>,
}

/// A field that is present (its value, null included), as against absent (`None`).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// `PUT /api/admin/fixtures/{id}` `{status, sale_opens_at?, transfers_open?,
/// transfer_closes_hours?}`: on sale (1) copies the seat inventory from the ticketing system by
/// a job the first time; off sale (2); when fans may start buying; the rules for changes of
/// holder; audited.
#[utoipa::path(put, path = "/fixtures/{id}", tag = "admin", params(("id" = i64, Path, description = "The fixture")), request_body = FixtureChange, responses(
    (status = 200, body = fixtures::Fixture),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`fixture_started`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: a status from 0 to 4, an opening before the match starts, closing 0 to 720 hours before"),
))]
async fn update_fixture(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<FixtureId>,
    Json(change): Json<FixtureChange>,
) -> ApiResult<Response> {
    if !(0..=4).contains(&change.status) {
        return Err(ApiError::validation(
            [("status".to_owned(), "0 to 4".to_owned())].into(),
        ));
    }
    if let Some(Some(hours)) = change.transfer_closes_hours
        && !(0..=720).contains(&hours)
    {
        return Err(ApiError::validation(
            [("transfer_closes_hours".to_owned(), "0 to 720".to_owned())].into(),
        ));
    }
    if let Some(Some(opens_at)) = change.sale_opens_at {
        let mut conn = state.pool.acquire().await?;
        let fixture = fixtures::find(&mut conn, id)
            .await?
            .ok_or_else(|| ApiError::not_found("No such fixture"))?;
        if opens_at >= fixture.starts_at {
            return Err(ApiError::validation(
                [(
                    "sale_opens_at".to_owned(),
                    "before the match starts".to_owned(),
                )]
                .into(),
            ));
        }
    }
    let mut tx = state.pool.begin().await?;
    let needs_inventory = fixtures::set_status(&mut tx, id, change.status).await??;
    if needs_inventory {
        workflows::enqueue(&mut tx, &LoadInventory { fixture_id: id }).await?;
    }
    if let Some(opens_at) = change.sale_opens_at {
        fixtures::set_sale_opens_at(&mut tx, id, opens_at).await?;
    }
    let mut details = json!({"status": change.status});
    if let Some(opens_at) = change.sale_opens_at {
        details["sale_opens_at"] = json!(opens_at);
    }
    if let Some(postponed) = change.postponed {
        fixtures::set_postponed(&mut tx, id, postponed).await?;
        details["postponed"] = json!(postponed);
    }
    if change.transfers_open.is_some() || change.transfer_closes_hours.is_some() {
        let current = fixtures::find(&mut tx, id)
            .await?
            .ok_or_else(|| ApiError::not_found("No such fixture"))?;
        let open = change.transfers_open.unwrap_or(current.transfers_open);
        let hours = change
            .transfer_closes_hours
            .unwrap_or(current.transfer_closes_hours);
        fixtures::set_transfer_rules(&mut tx, id, open, hours).await?;
        details["transfers_open"] = json!(open);
        details["transfer_closes_hours"] = json!(hours);
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        "fixture.status_changed",
        "fixture",
        &id.to_string(),
        details,
    )
    .await?;
    tx.commit().await?;
    // This process forgets the old terms at once (others within a second).
    state
        .sale_terms
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .remove(&id);
    let mut conn = state.pool.acquire().await?;
    let fixture = fixtures::find(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such fixture"))?;
    Ok(axum::Json(fixture).into_response())
}

/// `GET /api/admin/fixtures/{id}/blocks/{block_id}/seats`.
#[utoipa::path(get, path = "/fixtures/{id}/blocks/{block_id}/seats", tag = "admin", params(("id" = i64, Path, description = "The fixture"), ("block_id" = i32, Path)), responses(
    (status = 200, body = Vec<inventory::SeatView>),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
))]
async fn block_seats(
    State(state): State<AppState>,
    Path((id, block_id)): Path<(FixtureId, BlockId)>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    fixtures::find(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such fixture"))?;
    let seats = inventory::block_seats(&mut conn, id, block_id, None).await?;
    Ok(axum::Json(seats).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LockRequest {
    #[serde(default)]
    #[schema(value_type = Vec<i64>)]
    seat_ids: Vec<SeatId>,
    #[serde(default)]
    labels: Vec<String>,
    locked: bool,
}

/// At most this many seats per lock request.
const MAX_LOCK: usize = 5000;

/// `POST /api/admin/fixtures/{id}/locks`: locks free seats or unlocks locked ones, by id or
/// label; mirrored to the ticketing system by a job; audited.
#[utoipa::path(post, path = "/fixtures/{id}/locks", tag = "admin", params(("id" = i64, Path, description = "The fixture")), request_body = LockRequest, responses(
    (status = 200, body = LockOutcome),
    (status = 404, body = crate::openapi::ErrorBody, description = "`not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`"),
))]
async fn lock_seats(
    State(state): State<AppState>,
    CurrentUser(staff): CurrentUser,
    Path(id): Path<FixtureId>,
    Json(req): Json<LockRequest>,
) -> ApiResult<Response> {
    let labels: Vec<String> = req
        .labels
        .iter()
        .map(|l| l.trim().to_uppercase())
        .filter(|l| !l.is_empty())
        .collect();
    if req.seat_ids.is_empty() && labels.is_empty() {
        return Err(ApiError::validation(
            [(
                "seat_ids".to_owned(),
                "pick seats or type labels".to_owned(),
            )]
            .into(),
        ));
    }
    if req.seat_ids.len() + labels.len() > MAX_LOCK {
        return Err(ApiError::validation(
            [("seat_ids".to_owned(), format!("at most {MAX_LOCK} seats"))].into(),
        ));
    }
    let mut tx = state.pool.begin().await?;
    fixtures::find(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such fixture"))?;
    let found = inventory::seats_by_label(&mut tx, &labels).await?;
    let unknown: Vec<&String> = labels
        .iter()
        .filter(|l| !found.iter().any(|(_, f)| f == *l))
        .collect();
    let mut seats: Vec<SeatId> = req.seat_ids.clone();
    seats.extend(found.iter().map(|(s, _)| *s));
    seats.sort_unstable();
    seats.dedup();
    let (changed, skipped) = inventory::set_locked(&mut tx, id, &seats, req.locked).await?;
    let changed_ids: Vec<SeatId> = changed.iter().map(|c| c.seat_id).collect();
    if !changed_ids.is_empty() {
        let action_id = uuid::Uuid::now_v7().to_string();
        workflows::enqueue(
            &mut tx,
            &MirrorLocks {
                fixture_id: id,
                seat_ids: changed_ids.clone(),
                locked: req.locked,
                action_id,
            },
        )
        .await?;
    }
    audit::record(
        &mut tx,
        Some(staff.user.user_id),
        if req.locked {
            "seats.locked"
        } else {
            "seats.unlocked"
        },
        "fixture",
        &id.to_string(),
        json!({"seats": changed_ids, "skipped": skipped.len(), "unknown": unknown}),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(LockOutcome {
        changed: changed_ids,
        skipped,
        unknown: unknown.into_iter().cloned().collect(),
    })
    .into_response())
}
