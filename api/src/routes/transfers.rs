//! After the purchase: a title passed on to a new holder (the spec's /transfer_title/{seal},
//! titolo-iscedibile, biglietto-cessione) and a ticket's copy shared by e-mail
//! (share-ticket-via-email). The change itself is a job ([`workflows::transfers::TransferTitle`]);
//! these routes check what can be checked at once and answer with the change to follow.

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
use domain::ids::TransferId;
use domain::{
    email::Email,
    language::Language,
    orders::{self, HolderInput, WalletTicket},
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
        .routes(routes!(list_transfers))
        .routes(routes!(get_transfer))
        .routes(routes!(share_ticket))
}

/// Changes of holder a fan may ask for in an hour (each one calls the ticketing system).
const TRANSFERS_PER_HOUR: i32 = 20;
/// Copies a fan may share in an hour (each one is an e-mail to an address they choose).
const SHARES_PER_HOUR: i32 = 10;
const HOUR: Duration = Duration::from_secs(3600);

fn title_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "title_not_found", "No such ticket")
}

fn not_transferable(why: NotTransferable) -> ApiError {
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
    let ticket = orders::wallet(&mut conn, user, Some(title.line_id.0))
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
        if transfers::in_progress(&mut conn, title.line_id).await? {
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
    (status = 409, body = crate::openapi::ErrorBody, description = "`transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`, `title_cancelled`, `title_not_transferable`, `transfer_in_progress`, `holder_has_title`, `reduction_not_fitting`, `recipient_banned`"),
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
    let today = chrono::Utc::now().date_naive();
    let mut errors = std::collections::BTreeMap::new();
    let holder = req.holder.parse(today).map_err(|e| {
        for (field, message) in e {
            errors.insert(format!("holder.{field}"), message);
        }
    });
    let email = Email::parse(&req.email);
    if email.is_err() {
        errors.insert("email".into(), "not a valid e-mail address".into());
    }
    let language = match req.language.as_deref() {
        None => Language::from_code_or_default(&session.user.language),
        Some(code) => Language::parse(code).unwrap_or_else(|| {
            errors.insert("language".into(), "it or en".into());
            Language::default()
        }),
    };
    let (Ok(holder), Ok(email), true) = (holder, email, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let user = session.user.user_id;
    let (title, _) = owned(&state, user, &seal).await?;
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
    if transfers::holds_seat(&mut conn, title.fixture_id, &holder.key()).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "holder_has_title",
            "This person already has a ticket for this match",
        ));
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
    // has it later.
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
        Err(e) => tracing::warn!(error = %e, "titolo-iscedibile did not answer: the job will ask"),
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
            title: &title,
            from_user: user,
            holder: &holder,
            email: email.as_str(),
            to_user,
            language: language.code(),
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
