//! After the purchase: a title passed on to a new holder (the spec's /transfer_title/{seal},
//! titolo-iscedibile, biglietto-cessione) and a ticket's copy shared by e-mail
//! (share-ticket-via-email). The change itself is a job ([`workflows::transfers::TransferTitle`]);
//! these routes check what can be checked at once and answer with the change to follow.

use crate::{
    auth::CurrentUser,
    error::{ApiError, ApiResult},
    extract::{Json, Path, Query},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::ids::TransferId;
use domain::{
    email::Email,
    ids::FixtureId,
    language::Language,
    orders::{self, HolderDetails, HolderInput, WalletTicket},
    season_orders::{self, WalletSeason},
    transfers::{self, NewTransfer, NotTransferable, OwnedTitle, RequestRefusal, TransferView},
};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(transfer_check, request_transfer))
        .routes(routes!(season_transfer_check, request_season_transfer))
        .routes(routes!(received_match_pdf))
        .routes(routes!(list_transfers))
        .routes(routes!(get_transfer))
        .routes(routes!(share_ticket))
}

/// Changes of holder a fan may ask for in an hour (each one calls the ticketing system).
const TRANSFERS_PER_HOUR: i32 = 20;
/// Copies a fan may share in an hour (each one is an e-mail to an address they choose).
const SHARES_PER_HOUR: i32 = 10;
const HOUR: Duration = Duration::from_secs(3600);

pub(crate) fn title_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "title_not_found", "No such ticket")
}

pub(crate) fn not_transferable(why: NotTransferable) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, why.code(), why.message())
}

/// Whether a title may change holder now.
#[derive(Serialize, ToSchema)]
struct TransferCheck {
    ticket: WalletTicket,
    /// It may be passed on now.
    transferable: bool,
    /// Why not: `transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`,
    /// `title_cancelled`, `title_not_transferable` (the ticketing system's word, in
    /// `reason`), `transfer_in_progress`.
    refusal_code: Option<String>,
    /// The ticketing system's reason, in Italian, when it said no.
    reason: Option<String>,
    /// Until when it may change holder.
    closes_at: chrono::DateTime<chrono::Utc>,
}

async fn owned(state: &AppState, user: Uuid, seal: &str) -> ApiResult<(OwnedTitle, WalletTicket)> {
    let mut conn = state.pool.acquire().await?;
    let title = transfers::owned_title(&mut conn, user, seal)
        .await?
        .ok_or_else(title_not_found)?;
    let transfers::TransferSource::Line { line, .. } = title.source else {
        return Err(title_not_found());
    };
    let ticket = orders::wallet(&mut conn, user, Some(line.0))
        .await?
        .into_iter()
        .next()
        .ok_or_else(title_not_found)?;
    Ok((title, ticket))
}

/// `GET /api/titles/{seal}/transfer`: the caller's ticket and whether it may change holder
/// now (our rules, then the ticketing system's titolo-iscedibile).
#[utoipa::path(get, path = "/titles/{seal}/transfer", tag = "transfers", security(("session" = [])),
    params(("seal" = String, Path, description = "The title's fiscal seal")), responses(
    (status = 200, body = TransferCheck),
    (status = 404, body = crate::openapi::ErrorBody, description = "`title_not_found`: not the caller's"),
))]
async fn transfer_check(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(seal): Path<String>,
) -> ApiResult<Response> {
    let (title, ticket) = owned(&state, session.user.user_id, &seal).await?;
    let mut refusal_code = title
        .refusal(chrono::Utc::now())
        .map(|r| r.code().to_owned());
    let mut reason = None;
    if refusal_code.is_none() {
        let mut conn = state.pool.acquire().await?;
        if transfers::in_progress(&mut conn, &title).await? {
            refusal_code = Some("transfer_in_progress".into());
        }
    }
    if refusal_code.is_none() {
        match state.ticketing.is_transferable(title.title_id as u64).await {
            Ok((true, _)) => {}
            Ok((false, why)) => {
                refusal_code = Some("title_not_transferable".into());
                reason = why;
            }
            Err(e) if e.is_retryable() => return Err(ApiError::ticketing_unavailable()),
            Err(e) => {
                refusal_code = Some("title_not_transferable".into());
                reason = Some(e.to_string());
            }
        }
    }
    Ok(axum::Json(TransferCheck {
        ticket,
        transferable: refusal_code.is_none(),
        refusal_code,
        reason,
        closes_at: title.closes_at(),
    })
    .into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct TransferRequest {
    /// The new holder, with the same fields and checks as at checkout.
    holder: HolderInput,
    /// Where the new title is e-mailed; an account with this address gets it in its wallet.
    email: String,
    /// The e-mail's language (`it` or `en`); the caller's when absent.
    #[serde(default)]
    language: Option<String>,
}

/// `POST /api/titles/{seal}/transfer`: passes the caller's ticket on to a new holder. Checks
/// what can be checked at once; the ticketing system's change follows in a job (watch
/// `GET /api/transfers/{id}`).
#[utoipa::path(post, path = "/titles/{seal}/transfer", tag = "transfers", security(("session" = [])),
    params(("seal" = String, Path, description = "The title's fiscal seal")),
    request_body = TransferRequest, responses(
    (status = 202, body = TransferView, description = "The change of holder, under way"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`title_not_found`: not the caller's"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`, `title_cancelled`, `title_not_transferable`, `transfer_in_progress`, `holder_has_title`, `reduction_not_fitting`, `holder_banned` (the ticketing system bars the new holder), `recipient_banned`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names `holder.{field}` or `email`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn request_transfer(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(seal): Path<String>,
    Json(req): Json<TransferRequest>,
) -> ApiResult<Response> {
    let asked = req.parse(&session.user.language)?;
    let (title, _) = owned(&state, session.user.user_id, &seal).await?;
    start_transfer(&state, session.user.user_id, &title, asked).await
}

/// A change of holder's request, checked.
struct Asked {
    holder: HolderDetails,
    email: Email,
    language: Language,
}

impl TransferRequest {
    fn parse(self, user_language: &str) -> ApiResult<Asked> {
        let today = chrono::Utc::now().date_naive();
        let mut errors = std::collections::BTreeMap::new();
        let holder = self.holder.parse(today).map_err(|e| {
            for (field, message) in e {
                errors.insert(format!("holder.{field}"), message);
            }
        });
        let email = Email::parse(&self.email);
        if email.is_err() {
            errors.insert("email".into(), "not a valid e-mail address".into());
        }
        let language = match self.language.as_deref() {
            None => Language::from_code_or_default(user_language),
            Some(code) => Language::parse(code).unwrap_or_else(|| {
                errors.insert("language".into(), "it or en".into());
                Language::default()
            }),
        };
        match (holder, email, errors.is_empty()) {
            (Ok(holder), Ok(email), true) => Ok(Asked {
                holder,
                email,
                language,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// Checks the new holder and records the change of `title` with its job, answering with the
/// change to follow.
async fn start_transfer(
    state: &AppState,
    user: Uuid,
    title: &OwnedTitle,
    asked: Asked,
) -> ApiResult<Response> {
    let Asked {
        holder,
        email,
        language,
    } = asked;
    if let Some(why) = title.refusal(chrono::Utc::now()) {
        return Err(not_transferable(why));
    }
    if !holder.qualifies(title.reduction_rule, title.starts_at.date_naive()) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "reduction_not_fitting",
            "The new holder does not qualify for this ticket's reduction",
        ));
    }
    let mut conn = state.pool.acquire().await?;
    if transfers::holds_seat(&mut conn, title.fixture_id, &holder.key()).await?
        || title.holder_key.as_deref() == Some(holder.key().as_str())
    {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "holder_has_title",
            "This person already has a ticket for this match",
        ));
    }
    if holder_barred(state, &holder).await {
        return Err(holder_banned());
    }
    if domain::moderation::is_email_banned(&mut conn, &email).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "recipient_banned",
            "Tickets cannot be passed on to this address",
        ));
    }
    let to_user = transfers::account_by_email(&mut conn, email.as_str()).await?;
    drop(conn);
    // The ticketing system's word first, when it answers; when it does not, the job's call
    // has it later. A season title is asked about one match at a time, by that call only.
    if title.season.is_none() {
        match state.ticketing.is_transferable(title.title_id as u64).await {
            Ok((false, why)) => {
                let message = why.unwrap_or_else(|| "The ticket cannot be passed on".into());
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "title_not_transferable",
                    message,
                ));
            }
            Ok((true, _)) => {}
            Err(e) => {
                tracing::warn!(error = %e, "titolo-iscedibile did not answer: the job will ask")
            }
        }
    }
    let mut tx = state.pool.begin().await?;
    if !domain::rate_limit::hit(
        &mut tx,
        &format!("transfer:{user}"),
        HOUR,
        TRANSFERS_PER_HOUR,
    )
    .await?
    {
        return Err(ApiError::rate_limited());
    }
    let id = match transfers::request(
        &mut tx,
        &NewTransfer {
            title,
            from_user: user,
            holder: &holder,
            email: email.as_str(),
            to_user,
            language: language.code(),
            resale: None,
        },
    )
    .await?
    {
        Ok(id) => id,
        Err(RequestRefusal::InProgress) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "transfer_in_progress",
                "This ticket is already being passed on",
            ));
        }
        Err(RequestRefusal::NotLive) => {
            return Err(not_transferable(NotTransferable::TitleCancelled));
        }
        Err(RequestRefusal::SeasonLimit) => {
            return Err(not_transferable(NotTransferable::SeasonTransferLimit));
        }
        Err(RequestRefusal::InResale) => {
            return Err(not_transferable(NotTransferable::InResale));
        }
    };
    workflows::enqueue(
        &mut tx,
        &workflows::transfers::TransferTitle { transfer_id: id },
    )
    .await?;
    let view = transfers::sent_by(&mut tx, user, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, axum::Json(view)).into_response())
}

/// Whether a season seat may be passed on for one of its matches.
#[derive(Serialize, ToSchema)]
struct SeasonTransferCheck {
    season: WalletSeason,
    #[schema(value_type = i64)]
    fixture_id: FixtureId,
    fixture_title: String,
    starts_at: chrono::DateTime<chrono::Utc>,
    /// It may be passed on now.
    transferable: bool,
    /// Why not: `transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`,
    /// `title_cancelled`, `already_passed_on`, `season_transfer_limit`, `transfer_in_progress`.
    refusal_code: Option<String>,
    /// Until when it may be passed on for this match.
    closes_at: chrono::DateTime<chrono::Utc>,
    /// How many matches the season seat may pass on, and has passed on (or is passing on).
    transfer_limit: i32,
    transfers_used: i64,
}

pub(crate) async fn owned_season_match(
    state: &AppState,
    user: Uuid,
    line: i64,
    fixture: i64,
) -> ApiResult<(OwnedTitle, WalletSeason)> {
    let mut conn = state.pool.acquire().await?;
    let title = transfers::owned_season_match(&mut conn, user, line, FixtureId(fixture))
        .await?
        .ok_or_else(title_not_found)?;
    let season = season_orders::wallet(&mut conn, user)
        .await?
        .into_iter()
        .find(|s| s.line_id == line)
        .ok_or_else(title_not_found)?;
    Ok((title, season))
}

/// `GET /api/season-seats/{line}/matches/{fixture}/transfer`: the caller's season seat and
/// whether it may be passed on for that match now (the season ticket's limit, the match's
/// rules).
#[utoipa::path(get, path = "/season-seats/{line}/matches/{fixture}/transfer", tag = "transfers",
    security(("session" = [])), params(
    ("line" = i64, Path, description = "The season seat (a season order line)"),
    ("fixture" = i64, Path, description = "One of the matches it covers")), responses(
    (status = 200, body = SeasonTransferCheck),
    (status = 404, body = crate::openapi::ErrorBody, description = "`title_not_found`: not the caller's season seat, or not a match it covers"),
))]
async fn season_transfer_check(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path((line, fixture)): Path<(i64, i64)>,
) -> ApiResult<Response> {
    let (title, season) = owned_season_match(&state, session.user.user_id, line, fixture).await?;
    let mut refusal_code = title
        .refusal(chrono::Utc::now())
        .map(|r| r.code().to_owned());
    if refusal_code.is_none() {
        let mut conn = state.pool.acquire().await?;
        if transfers::in_progress(&mut conn, &title).await? {
            refusal_code = Some("transfer_in_progress".into());
        }
    }
    let allowance = title.season.unwrap_or(transfers::SeasonAllowance {
        limit: 0,
        used: 0,
        done_for_match: false,
        in_resale: false,
    });
    Ok(axum::Json(SeasonTransferCheck {
        season,
        fixture_id: title.fixture_id,
        fixture_title: title.fixture_title.clone(),
        starts_at: title.starts_at,
        transferable: refusal_code.is_none(),
        refusal_code,
        closes_at: title.closes_at(),
        transfer_limit: allowance.limit,
        transfers_used: allowance.used,
    })
    .into_response())
}

/// `POST /api/season-seats/{line}/matches/{fixture}/transfer` (spec: abbonamento-cessione):
/// passes the caller's season seat on to a new holder for that match only; the season ticket
/// covers the seat again from the next match. The ticketing system's change follows in a job
/// (watch `GET /api/transfers/{id}`).
#[utoipa::path(post, path = "/season-seats/{line}/matches/{fixture}/transfer", tag = "transfers",
    security(("session" = [])), params(
    ("line" = i64, Path, description = "The season seat (a season order line)"),
    ("fixture" = i64, Path, description = "One of the matches it covers")),
    request_body = TransferRequest, responses(
    (status = 202, body = TransferView, description = "The change of holder, under way"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`title_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`, `title_cancelled`, `already_passed_on`, `season_transfer_limit`, `transfer_in_progress`, `holder_has_title`, `reduction_not_fitting`, `holder_banned` (the ticketing system bars the new holder), `recipient_banned`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names `holder.{field}` or `email`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn request_season_transfer(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path((line, fixture)): Path<(i64, i64)>,
    Json(req): Json<TransferRequest>,
) -> ApiResult<Response> {
    let asked = req.parse(&session.user.language)?;
    let (title, _) = owned_season_match(&state, session.user.user_id, line, fixture).await?;
    start_transfer(&state, session.user.user_id, &title, asked).await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct LangQuery {
    /// `it` or `en`; the caller's when absent.
    lang: Option<String>,
}

/// `GET /api/wallet/season-matches/{id}/pdf?lang=it|en`: a match ticket the caller received
/// from a season holder (`id` is the change of holder).
#[utoipa::path(get, path = "/wallet/season-matches/{id}/pdf", tag = "transfers", security(("session" = [])),
    params(("id" = String, Path, description = "The change of holder (a UUID)"),
           LangQuery),
    responses(
    (status = 200, content_type = "application/pdf", body = Vec<u8>, description = "The ticket as a PDF"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
))]
async fn received_match_pdf(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> ApiResult<Response> {
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, "ticket_not_found", "No such ticket");
    let id = Uuid::parse_str(&id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let received = transfers::received_season_matches(
        &mut conn,
        Some(session.user.user_id),
        Some(TransferId(id)),
    )
    .await?
    .into_iter()
    .next()
    .ok_or_else(not_found)?;
    drop(conn);
    let lang =
        integrations::documents::Lang::parse(q.lang.as_deref().unwrap_or(&session.user.language));
    let doc = workflows::transfers::received_match_document(&received);
    let pdf =
        workflows::runtime::off_runtime(move || integrations::documents::ticket_pdf(&doc, lang))
            .await;
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/pdf".to_owned(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"biglietto-{}.pdf\"", received.seal),
            ),
        ],
        pdf,
    )
        .into_response())
}

/// The caller's changes of holder, newest first.
#[derive(Serialize, ToSchema)]
struct Transfers {
    items: Vec<TransferView>,
}

/// `GET /api/transfers`: the changes of holder the caller asked for (the wallet's "passed on").
#[utoipa::path(get, path = "/transfers", tag = "transfers", security(("session" = [])), responses((status = 200, body = Transfers)))]
async fn list_transfers(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = transfers::sent_by(&mut conn, session.user.user_id, None).await?;
    Ok(axum::Json(Transfers { items }).into_response())
}

/// `GET /api/transfers/{id}`: one of the caller's changes of holder.
#[utoipa::path(get, path = "/transfers/{id}", tag = "transfers", security(("session" = [])),
    params(("id" = String, Path, description = "The change of holder (a UUID)")), responses(
    (status = 200, body = TransferView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`transfer_not_found`"),
))]
async fn get_transfer(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let not_found = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "transfer_not_found",
            "No such change of holder",
        )
    };
    let id = Uuid::parse_str(&id).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    let view = transfers::sent_by(&mut conn, session.user.user_id, Some(TransferId(id)))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    Ok(axum::Json(view).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ShareRequest {
    /// Where the copy goes.
    email: String,
}

/// `POST /api/wallet/{id}/share` (spec: share-ticket-via-email): a copy of the caller's ticket,
/// as a PDF, to an e-mail address; the holder does not change.
#[utoipa::path(post, path = "/wallet/{id}/share", tag = "transfers", security(("session" = [])),
    params(("id" = i64, Path, description = "The ticket (an order line)")),
    request_body = ShareRequest, responses(
    (status = 202, description = "The e-mail is on its way"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`ticket_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`title_used`, `title_cancelled`: nothing to share"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors.email`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
async fn share_ticket(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ShareRequest>,
) -> ApiResult<Response> {
    let Ok(email) = Email::parse(&req.email) else {
        return Err(ApiError::validation(
            [("email".to_owned(), "not a valid e-mail address".to_owned())].into(),
        ));
    };
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, "ticket_not_found", "No such ticket");
    let user = session.user.user_id;
    let mut tx = state.pool.begin().await?;
    let ticket = orders::wallet(&mut tx, user, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(not_found)?;
    match ticket.state {
        orders::TitleState::Valid => {}
        orders::TitleState::Used => return Err(not_transferable(NotTransferable::TitleUsed)),
        orders::TitleState::Cancelled => {
            return Err(not_transferable(NotTransferable::TitleCancelled));
        }
    }
    if !domain::rate_limit::hit(&mut tx, &format!("share:{user}"), HOUR, SHARES_PER_HOUR).await? {
        return Err(ApiError::rate_limited());
    }
    let order = orders::load(&mut tx, ticket.order_id)
        .await?
        .ok_or_else(not_found)?;
    let line = order
        .lines
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(not_found)?;
    let sender = match session.user.display_name.trim() {
        "" => session.user.email.clone(),
        name => name.to_owned(),
    };
    let language = Language::from_code_or_default(&session.user.language);
    if !workflows::transfers::share_ticket(
        &state.config.public_base_url,
        &mut tx,
        &order,
        line,
        email.as_str(),
        &sender,
        language,
    )
    .await?
    {
        return Err(not_found());
    }
    tx.commit().await?;
    Ok(StatusCode::ACCEPTED.into_response())
}

/// Whether the ticketing system bars `holder` from holding a title (a stadium ban, its
/// blacklist, the club's bans): asked before a change of holder or a resale is started, so
/// that the fan hears it now (and a resale buyer pays nothing). No answer is not a bar: the
/// change of holder asks again and its refusal says so then.
pub(crate) async fn holder_barred(state: &AppState, holder: &HolderDetails) -> bool {
    let person = workflows::eligibility::person(holder);
    match workflows::eligibility::barred(&state.ticketing, &person).await {
        Ok(barred) => barred,
        Err(e) => {
            tracing::warn!(error = %e, "the ticketing system did not say whether the holder is barred");
            false
        }
    }
}

/// The holder is barred, said without saying why.
pub(crate) fn holder_banned() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "holder_banned",
        "This person cannot be given a ticket",
    )
}
