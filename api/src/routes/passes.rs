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
    orders,
    pass_links::{self, PassTitle},
    season_orders, transfers,
};
use integrations::passes::{PassTicket, WebService};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;
use workflows::passes::{of_received, of_season, of_ticket};

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

/// A title's pass to hand out: which title, and what its pass shows.
struct Handed {
    title: PassTitle,
    ticket: PassTicket,
}

/// A banned title's pass is not handed out (the fan is not told why).
async fn not_banned(conn: &mut sqlx::PgConnection, seal: &str) -> ApiResult<()> {
    if domain::moderation::is_title_banned(conn, seal).await? {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "title_banned",
            "This ticket is barred",
        ));
    }
    Ok(())
}

/// The `.pkpass` of a title, registered with our web service for its updates.
async fn apple(state: &AppState, h: Handed, lang: &str) -> ApiResult<Response> {
    let lang = if lang == "en" { "en" } else { "it" };
    {
        let mut conn = state.pool.acquire().await?;
        not_banned(&mut conn, &h.ticket.seal).await?;
        workflows::passes::handed_out(&mut conn, &h.title, &h.ticket, lang, false).await?;
    }
    let web_service = web_service(state, &h.ticket.seal);
    let seal = h.ticket.seal.clone();
    pkpass_response(state, h.ticket, lang, web_service, &seal, None).await
}

/// Our web service for the pass `serial`'s updates, with the pass's token.
pub(crate) fn web_service(state: &AppState, serial: &str) -> WebService {
    WebService {
        url: format!(
            "{}/api/passkit",
            state.config.public_base_url.trim_end_matches('/')
        ),
        authentication_token: pass_links::web_service_token(
            state.config.auth.secret.expose_secret().as_bytes(),
            serial,
        ),
    }
}

/// Builds and answers a signed `.pkpass` (off the runtime: signing takes milliseconds).
pub(crate) async fn pkpass_response(
    state: &AppState,
    t: PassTicket,
    lang: &str,
    web_service: WebService,
    seal: &str,
    last_modified: Option<String>,
) -> ApiResult<Response> {
    let passes = state.passes.clone();
    let lang = lang.to_owned();
    let pkpass =
        workflows::runtime::off_runtime(move || passes.apple(&t, &lang, Some(&web_service)))
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "a pass could not be built");
                ApiError::internal()
            })?;
    let mut response = (
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
        .into_response();
    if let Some(at) = last_modified
        && let Ok(v) = header::HeaderValue::from_str(&at)
    {
        response.headers_mut().insert(header::LAST_MODIFIED, v);
    }
    Ok(response)
}

/// A title's Google Wallet save link (its changes then reach the saved object).
async fn google_url(state: &AppState, h: &Handed) -> ApiResult<String> {
    {
        let mut conn = state.pool.acquire().await?;
        not_banned(&mut conn, &h.ticket.seal).await?;
        workflows::passes::handed_out(&mut conn, &h.title, &h.ticket, "it", true).await?;
    }
    state
        .passes
        .google_save_url(&h.ticket, &state.config.public_base_url, chrono::Utc::now())
        .map_err(|e| {
            tracing::error!(error = %e, "a save link could not be signed");
            ApiError::internal()
        })
}

async fn google(state: &AppState, h: &Handed) -> ApiResult<Response> {
    let save_url = google_url(state, h).await?;
    Ok(axum::Json(GooglePass { save_url }).into_response())
}

async fn wallet_ticket(state: &AppState, user: Uuid, id: i64) -> ApiResult<Handed> {
    let mut conn = state.pool.acquire().await?;
    let ticket = orders::wallet(&mut conn, user, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    Ok(Handed {
        title: PassTitle::Ticket(id),
        ticket: of_ticket(&ticket),
    })
}

async fn season_ticket(
    state: &AppState,
    user: Uuid,
    line: i64,
    fixture: Option<i64>,
) -> ApiResult<Handed> {
    let mut conn = state.pool.acquire().await?;
    let season = season_orders::wallet(&mut conn, user)
        .await?
        .into_iter()
        .find(|s| s.line_id == line)
        .ok_or_else(not_found)?;
    Ok(Handed {
        title: PassTitle::Season { line, fixture },
        ticket: of_season(&season, fixture).ok_or_else(not_found)?,
    })
}

async fn received_ticket(state: &AppState, user: Uuid, id: &str) -> ApiResult<Handed> {
    let id = Uuid::parse_str(id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let received = transfers::received_season_matches(&mut conn, Some(user), Some(TransferId(id)))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    Ok(Handed {
        title: PassTitle::Received(id),
        ticket: of_received(&received),
    })
}

fn language<'a>(asked: &'a Option<String>, user: &'a str) -> &'a str {
    asked.as_deref().unwrap_or(user)
}

/// `GET /api/wallet/{id}/pass/apple`: the caller's ticket as an Apple Wallet pass.
#[utoipa::path(get, path = "/wallet/{id}/pass/apple", tag = "passes", security(("session" = [])),
    params(("id" = i64, Path, description = "The ticket (an order line)"), PassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
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
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
))]
async fn ticket_google(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let t = wallet_ticket(&state, session.user.user_id, id).await?;
    google(&state, &t).await
}

/// `GET /api/wallet/seasons/{line}/pass/apple?fixture=`: the caller's season title (or a
/// collection's match ticket) as an Apple Wallet pass.
#[utoipa::path(get, path = "/wallet/seasons/{line}/pass/apple", tag = "passes", security(("session" = [])),
    params(("line" = i64, Path, description = "The season seat (a season order line)"), SeasonPassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
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
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
))]
async fn season_google(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(line): Path<i64>,
    Query(q): Query<SeasonPassQuery>,
) -> ApiResult<Response> {
    let t = season_ticket(&state, session.user.user_id, line, q.fixture).await?;
    google(&state, &t).await
}

/// `GET /api/wallet/season-matches/{id}/pass/apple`: a match ticket received from a season
/// holder as an Apple Wallet pass.
#[utoipa::path(get, path = "/wallet/season-matches/{id}/pass/apple", tag = "passes", security(("session" = [])),
    params(("id" = String, Path, description = "The change of holder (a UUID)"), PassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
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
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
))]
async fn received_google(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let t = received_ticket(&state, session.user.user_id, &id).await?;
    google(&state, &t).await
}

/// A signed e-mail link's title, as its pass shows it: loaded for the title's owner now, and
/// only while it still has the seal the link was made for (a title passed on since has a new
/// seal, and the old holder's e-mail no longer gets it).
async fn linked_ticket(state: &AppState, token: &str) -> ApiResult<Handed> {
    let secret = state.config.auth.secret.expose_secret().as_bytes();
    let link =
        pass_links::open(secret, token, chrono::Utc::now().timestamp()).ok_or_else(not_found)?;
    let mut conn = state.pool.acquire().await?;
    let ticket = workflows::passes::current(&mut conn, &link.title)
        .await?
        .ok_or_else(not_found)?;
    if ticket.seal != link.seal {
        return Err(not_found());
    }
    Ok(Handed {
        title: link.title,
        ticket,
    })
}

/// `GET /api/pass-links/{token}/apple`: the Apple Wallet pass of the title a ticket e-mail's
/// signed link names (no session: the e-mail is opened on the phone).
#[utoipa::path(get, path = "/pass-links/{token}/apple", tag = "passes", security(()),
    params(("token" = String, Path, description = "The e-mail's signed link"), PassQuery), responses(
    (status = 200, content_type = "application/vnd.apple.pkpass", body = Vec<u8>, description = "The signed pass"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`: a link that is not ours or has expired, or a title passed on or refunded since"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
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
    (status = 403, body = crate::openapi::ErrorBody, description = "`title_banned`: staff barred the title"),
))]
async fn link_google(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let h = linked_ticket(&state, &token).await?;
    let save_url = google_url(&state, &h).await?;
    Ok(axum::response::Redirect::to(&save_url).into_response())
}
