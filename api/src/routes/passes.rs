//! The phone wallets' passes of a fan's titles: Apple Wallet (`.pkpass`) and Google Wallet (a
//! save link), for a match ticket, a season title, a collection's match ticket and a match
//! ticket received from a season holder. Only the title's owner gets them; a cancelled title's
//! pass says it is void.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Path, Query},
    state::AppState,
};
use axum::{
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use domain::{
    ids::TransferId,
    orders::{self, TitleState, WalletTicket},
    season_orders::{self, WalletSeason},
    transfers::{self, ReceivedSeasonMatch},
};
use integrations::passes::PassTicket;
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ticket_apple))
        .routes(routes!(ticket_google))
        .routes(routes!(season_apple))
        .routes(routes!(season_google))
        .routes(routes!(received_apple))
        .routes(routes!(received_google))
        .routes(routes!(link_apple))
        .routes(routes!(link_google))
}

fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "ticket_not_found", "No such ticket")
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PassQuery {
    /// `it` or `en`: the pass's labels; the caller's language when absent.
    lang: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SeasonPassQuery {
    /// A collection's match: that match's ticket. Absent: the season title.
    fixture: Option<i64>,
    /// `it` or `en`: the pass's labels; the caller's language when absent.
    lang: Option<String>,
}

/// Google Wallet's save link of a title.
#[derive(Serialize, ToSchema)]
struct GooglePass {
    /// `https://pay.google.com/gp/v/save/{jwt}`: opening it adds the ticket to Google Wallet.
    save_url: String,
}

fn of_ticket(t: &WalletTicket) -> PassTicket {
    PassTicket {
        seal: t.seal.clone(),
        barcode: t.barcode.clone(),
        event: t.fixture.title.clone(),
        competition: t.fixture.competition.clone(),
        starts_at: Some(t.fixture.starts_at),
        sector: t.sector_name.clone(),
        block: t.block_code.clone(),
        row: if t.no_map {
            String::new()
        } else {
            t.row.clone()
        },
        seat: if t.no_map {
            String::new()
        } else {
            t.number.to_string()
        },
        gate: t.gate.clone(),
        holder: t.holder_name.clone(),
        reduction: t.reduction_name.clone(),
        voided: t.state == TitleState::Cancelled,
    }
}

/// A season title (`fixture` none) or a collection's match ticket.
fn of_season(s: &WalletSeason, fixture: Option<i64>) -> Option<PassTicket> {
    let base = |seal: &str, barcode: &str, event: &str, starts_at, state: &str| PassTicket {
        seal: seal.to_owned(),
        barcode: barcode.to_owned(),
        event: event.to_owned(),
        competition: s.season_name.clone(),
        starts_at,
        sector: s.sector_name.clone(),
        block: s.block_code.clone(),
        row: s.row.clone(),
        seat: s.number.to_string(),
        gate: s.gate.clone(),
        holder: s.holder_name.trim().to_owned(),
        reduction: s.reduction_name.clone(),
        voided: state == "cancelled",
    };
    match fixture {
        None => {
            let (seal, barcode) = (s.seal.as_deref()?, s.barcode.as_deref().unwrap_or(""));
            let next = s.matches.iter().find(|m| m.state == "valid");
            let cancelled = s.matches.iter().all(|m| m.state == "cancelled");
            Some(base(
                seal,
                barcode,
                &s.season_name,
                next.map(|m| m.starts_at),
                if cancelled { "cancelled" } else { "valid" },
            ))
        }
        Some(f) => {
            let m = s.matches.iter().find(|m| m.fixture_id.0 == f)?;
            Some(base(
                m.seal.as_deref()?,
                m.barcode.as_deref().unwrap_or(""),
                &m.title,
                Some(m.starts_at),
                &m.state,
            ))
        }
    }
}

fn of_received(m: &ReceivedSeasonMatch) -> PassTicket {
    PassTicket {
        seal: m.seal.clone(),
        barcode: m.barcode.clone(),
        event: m.fixture.title.clone(),
        competition: m.season_name.clone(),
        starts_at: Some(m.fixture.starts_at),
        sector: m.sector_name.clone(),
        block: m.block_code.clone(),
        row: if m.no_map {
            String::new()
        } else {
            m.row.clone()
        },
        seat: if m.no_map {
            String::new()
        } else {
            m.number.to_string()
        },
        gate: m.gate.clone(),
        holder: m.holder_name.clone(),
        reduction: m.reduction_name.clone(),
        voided: false,
    }
}

async fn apple(state: &AppState, t: PassTicket, lang: &str) -> ApiResult<Response> {
    let passes = state.passes.clone();
    let lang = lang.to_owned();
    let seal = t.seal.clone();
    let pkpass = workflows::runtime::off_runtime(move || passes.apple(&t, &lang))
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "a pass could not be built");
            ApiError::internal()
        })?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.apple.pkpass".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"biglietto-{seal}.pkpass\""),
            ),
        ],
        pkpass,
    )
        .into_response())
}

fn google(state: &AppState, t: &PassTicket) -> ApiResult<Response> {
    let save_url = state
        .passes
        .google_save_url(t, &state.config.public_base_url, chrono::Utc::now())
        .map_err(|e| {
            tracing::error!(error = %e, "a save link could not be signed");
            ApiError::internal()
        })?;
    Ok(axum::Json(GooglePass { save_url }).into_response())
}

async fn wallet_ticket(state: &AppState, user: Uuid, id: i64) -> ApiResult<PassTicket> {
    let mut conn = state.pool.acquire().await?;
    let ticket = orders::wallet(&mut conn, user, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    Ok(of_ticket(&ticket))
}

async fn season_ticket(
    state: &AppState,
    user: Uuid,
    line: i64,
    fixture: Option<i64>,
) -> ApiResult<PassTicket> {
    let mut conn = state.pool.acquire().await?;
    let season = season_orders::wallet(&mut conn, user)
        .await?
        .into_iter()
        .find(|s| s.line_id == line)
        .ok_or_else(not_found)?;
    of_season(&season, fixture).ok_or_else(not_found)
}

async fn received_ticket(state: &AppState, user: Uuid, id: &str) -> ApiResult<PassTicket> {
    let id = Uuid::parse_str(id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let received = transfers::received_season_matches(&mut conn, Some(user), Some(TransferId(id)))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    Ok(of_received(&received))
}

fn language<'a>(asked: &'a Option<String>, user: &'a str) -> &'a str {
    asked.as_deref().unwrap_or(user)
}

/// `GET /api/wallet/{id}/pass/apple`: the caller's ticket as an Apple Wallet pass.
#[utoipa::path(get, path = "/wallet/{id}/pass/apple", tag = "passes", security(("session" = [])),
    params(("id" = i64, Path, description = "The ticket (an order line)"), PassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn ticket_apple(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<PassQuery>,
) -> ApiResult<Response> {
    let t = wallet_ticket(&state, session.user.user_id, id).await?;
    apple(&state, t, language(&q.lang, &session.user.language)).await
}

/// `GET /api/wallet/{id}/pass/google`: the caller's ticket's Google Wallet save link.
#[utoipa::path(get, path = "/wallet/{id}/pass/google", tag = "passes", security(("session" = [])),
    params(("id" = i64, Path, description = "The ticket (an order line)")), responses(
    (status = 200, body = GooglePass),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn ticket_google(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let t = wallet_ticket(&state, session.user.user_id, id).await?;
    google(&state, &t)
}

/// `GET /api/wallet/seasons/{line}/pass/apple?fixture=`: the caller's season title (or a
/// collection's match ticket) as an Apple Wallet pass.
#[utoipa::path(get, path = "/wallet/seasons/{line}/pass/apple", tag = "passes", security(("session" = [])),
    params(("line" = i64, Path, description = "The season seat (a season order line)"), SeasonPassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn season_apple(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(line): Path<i64>,
    Query(q): Query<SeasonPassQuery>,
) -> ApiResult<Response> {
    let t = season_ticket(&state, session.user.user_id, line, q.fixture).await?;
    apple(&state, t, language(&q.lang, &session.user.language)).await
}

/// `GET /api/wallet/seasons/{line}/pass/google?fixture=`: its Google Wallet save link.
#[utoipa::path(get, path = "/wallet/seasons/{line}/pass/google", tag = "passes", security(("session" = [])),
    params(("line" = i64, Path, description = "The season seat (a season order line)"), SeasonPassQuery), responses(
    (status = 200, body = GooglePass),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn season_google(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(line): Path<i64>,
    Query(q): Query<SeasonPassQuery>,
) -> ApiResult<Response> {
    let t = season_ticket(&state, session.user.user_id, line, q.fixture).await?;
    google(&state, &t)
}

/// `GET /api/wallet/season-matches/{id}/pass/apple`: a match ticket received from a season
/// holder as an Apple Wallet pass.
#[utoipa::path(get, path = "/wallet/season-matches/{id}/pass/apple", tag = "passes", security(("session" = [])),
    params(("id" = String, Path, description = "The change of holder (a UUID)"), PassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn received_apple(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<PassQuery>,
) -> ApiResult<Response> {
    let t = received_ticket(&state, session.user.user_id, &id).await?;
    apple(&state, t, language(&q.lang, &session.user.language)).await
}

/// `GET /api/wallet/season-matches/{id}/pass/google`: its Google Wallet save link.
#[utoipa::path(get, path = "/wallet/season-matches/{id}/pass/google", tag = "passes", security(("session" = [])),
    params(("id" = String, Path, description = "The change of holder (a UUID)")), responses(
    (status = 200, body = GooglePass),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn received_google(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let t = received_ticket(&state, session.user.user_id, &id).await?;
    google(&state, &t)
}

/// A signed e-mail link's title, as its pass shows it: loaded for the title's owner now, and
/// only while it still has the seal the link was made for (a title passed on since has a new
/// seal, and the old holder's e-mail no longer gets it).
async fn linked_ticket(state: &AppState, token: &str) -> ApiResult<PassTicket> {
    use domain::pass_links::{self, PassTitle};
    let secret = state.config.auth.secret.expose_secret().as_bytes();
    let link =
        pass_links::open(secret, token, chrono::Utc::now().timestamp()).ok_or_else(not_found)?;
    let mut conn = state.pool.acquire().await?;
    let ticket = match link.title {
        PassTitle::Ticket(line) => of_ticket(
            &orders::ticket_of_line(&mut conn, line)
                .await?
                .ok_or_else(not_found)?,
        ),
        PassTitle::Season { line, fixture } => {
            let owner = season_orders::line_owner(&mut conn, line)
                .await?
                .ok_or_else(not_found)?;
            drop(conn);
            season_ticket(state, owner, line, fixture).await?
        }
        PassTitle::Received(id) => {
            let received =
                transfers::received_season_matches(&mut conn, None, Some(TransferId(id)))
                    .await?
                    .into_iter()
                    .next()
                    .ok_or_else(not_found)?;
            of_received(&received)
        }
    };
    if ticket.seal != link.seal {
        return Err(not_found());
    }
    Ok(ticket)
}

/// `GET /api/pass-links/{token}/apple`: the Apple Wallet pass of the title a ticket e-mail's
/// signed link names (no session: the e-mail is opened on the phone).
#[utoipa::path(get, path = "/pass-links/{token}/apple", tag = "passes", security(()),
    params(("token" = String, Path, description = "The e-mail's signed link"), PassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`: a link that is not ours or has expired, or a title passed on or refunded since"),
))]
async fn link_apple(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<PassQuery>,
) -> ApiResult<Response> {
    let t = linked_ticket(&state, &token).await?;
    apple(&state, t, q.lang.as_deref().unwrap_or("it")).await
}

/// `GET /api/pass-links/{token}/google`: sends the e-mail's reader on to Google Wallet's save
/// link of the title.
#[utoipa::path(get, path = "/pass-links/{token}/google", tag = "passes", security(()),
    params(("token" = String, Path, description = "The e-mail's signed link")), responses(
    (status = 303, description = "To `https://pay.google.com/gp/v/save/{jwt}`"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn link_google(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let t = linked_ticket(&state, &token).await?;
    let save_url = state
        .passes
        .google_save_url(&t, &state.config.public_base_url, chrono::Utc::now())
        .map_err(|e| {
            tracing::error!(error = %e, "a save link could not be signed");
            ApiError::internal()
        })?;
    Ok(axum::response::Redirect::to(&save_url).into_response())
}
