//! Resale at face value (the spec's season_tickets_resale): a season holder offers their seat
//! for one match, a buyer finds it on the seat map, reserves it, names the holder and pays at
//! most the face value; the change of holder and the seller's payout follow as jobs
//! ([`workflows::resale`]). See docs/api/resale.md.

use crate::{
    auth::{CurrentUser, Session},
    error::{ApiError, ApiResult},
    extract::{Json, Path},
    routes::orders::{ConfirmRequest, PaymentView, intent_of, succeeded_intent},
    routes::transfers::{not_transferable, owned_season_match},
    state::AppState,
};
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use domain::{
    ids::{FixtureId, ResaleId, ResalePurchaseId},
    language::Language,
    money::Cents,
    orders::HolderInput,
    resale::{self, Listed, Offer, OfferRefusal, OfferTerms, Purchase, ReserveRefusal},
    season_orders::WalletSeason,
    transfers::{self, NotTransferable},
};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(resale_check, offer_for_resale))
        .routes(routes!(withdraw_offer))
        .routes(routes!(fixture_resales))
        .routes(routes!(get_offer))
        .routes(routes!(purchase_offer))
        .routes(routes!(get_purchase))
        .routes(routes!(confirm_purchase))
}

/// Offers and purchases a fan may start in an hour.
const RESALES_PER_HOUR: i32 = 20;
const HOUR: Duration = Duration::from_secs(3600);

fn offer_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "offer_not_found", "No such offer")
}

fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message.to_owned())
}

/// Whether a season seat may be offered for resale for one of its matches, on what terms.
#[derive(Serialize, ToSchema)]
struct ResaleCheck {
    season: WalletSeason,
    #[schema(value_type = i64)]
    fixture_id: FixtureId,
    fixture_title: String,
    starts_at: chrono::DateTime<chrono::Utc>,
    /// It may be offered now.
    resellable: bool,
    /// Why not: `transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`,
    /// `title_cancelled`, `already_passed_on`, `in_resale`, `transfer_in_progress`,
    /// `no_face_value`.
    refusal_code: Option<String>,
    /// The face value (the most a buyer pays), the club's fee and the deadline.
    terms: Option<OfferTerms>,
    /// The seat's live offer for this match, when there is one.
    offer: Option<Offer>,
}

/// Why the title cannot be offered, by our rules: a change of holder's, except the season
/// transfer limit (a resale is not counted in it).
fn resale_refusal(title: &transfers::OwnedTitle) -> Option<NotTransferable> {
    let mut counted = title.clone();
    if let Some(season) = counted.season.as_mut() {
        season.limit = i32::MAX;
    }
    counted.refusal(chrono::Utc::now())
}

/// `GET /api/season-seats/{line}/matches/{fixture}/resale`: the caller's season seat, whether
/// it may be offered for resale for that match, the face value, fee and deadline, and its
/// offer when there is one.
#[utoipa::path(get, path = "/season-seats/{line}/matches/{fixture}/resale", tag = "resale",
    security(("session" = [])), params(
    ("line" = i64, Path, description = "The season seat (a season order line)"),
    ("fixture" = i64, Path, description = "One of the matches it covers")), responses(
    (status = 200, body = ResaleCheck),
    (status = 404, body = crate::openapi::ErrorBody, description = "`title_not_found`: not the caller's season seat, or not a match it covers"),
))]
async fn resale_check(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path((line, fixture)): Path<(i64, i64)>,
) -> ApiResult<Response> {
    let (title, season) = owned_season_match(&state, session.user.user_id, line, fixture).await?;
    let mut conn = state.pool.acquire().await?;
    let terms = resale::terms(&mut conn, &title).await?;
    let offer = resale::live_for(&mut conn, line, title.fixture_id).await?;
    let mut refusal_code = resale_refusal(&title).map(|r| r.code().to_owned());
    if refusal_code.is_none() && transfers::in_progress(&mut conn, &title).await? {
        refusal_code = Some("transfer_in_progress".into());
    }
    if refusal_code.is_none() && terms.is_none() {
        refusal_code = Some("no_face_value".into());
    }
    Ok(axum::Json(ResaleCheck {
        season,
        fixture_id: title.fixture_id,
        fixture_title: title.fixture_title.clone(),
        starts_at: title.starts_at,
        resellable: refusal_code.is_none(),
        refusal_code,
        terms,
        offer,
    })
    .into_response())
}

/// An offer's asking price.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct OfferRequest {
    /// In cents: more than the club's fee, at most the face value.
    price_cents: i64,
}

/// `POST /api/season-seats/{line}/matches/{fixture}/resale` `{price_cents}`: offers the
/// caller's season seat for that match at face value or less. It shows on the match's seat
/// map until a buyer pays for it, the caller withdraws it, or its deadline passes.
#[utoipa::path(post, path = "/season-seats/{line}/matches/{fixture}/resale", tag = "resale",
    security(("session" = [])), params(
    ("line" = i64, Path, description = "The season seat (a season order line)"),
    ("fixture" = i64, Path, description = "One of the matches it covers")),
    request_body = OfferRequest, responses(
    (status = 201, body = Offer, description = "On the seat map"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`title_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`transfers_closed`, `transfer_window_closed`, `match_started`, `title_used`, `title_cancelled`, `already_passed_on`, `in_resale`, `transfer_in_progress`, `no_face_value`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`price_above_face_value` (`errors.face_value_cents`), `price_below_fee` (`errors.fee_cents`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn offer_for_resale(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path((line, fixture)): Path<(i64, i64)>,
    Json(req): Json<OfferRequest>,
) -> ApiResult<Response> {
    let user = session.user.user_id;
    let (title, _) = owned_season_match(&state, user, line, fixture).await?;
    if let Some(why) = resale_refusal(&title) {
        return Err(not_transferable(why));
    }
    let mut tx = state.pool.begin().await?;
    let Some(terms) = resale::terms(&mut tx, &title).await? else {
        return Err(conflict(
            "no_face_value",
            "This seat's sector has no full price for the match",
        ));
    };
    if req.price_cents > terms.face_value_cents.0 {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "price_above_face_value",
            "A seat is resold at its face value or less",
        )
        .with_detail(
            "face_value_cents",
            serde_json::json!(terms.face_value_cents),
        ));
    }
    if req.price_cents <= terms.fee_cents.0 {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "price_below_fee",
            "The price must be more than the club's resale fee",
        )
        .with_detail("fee_cents", serde_json::json!(terms.fee_cents)));
    }
    if transfers::in_progress(&mut tx, &title).await? {
        return Err(conflict(
            "transfer_in_progress",
            "This seat is being passed on for this match",
        ));
    }
    if !domain::rate_limit::hit(&mut tx, &format!("resale:{user}"), HOUR, RESALES_PER_HOUR).await? {
        return Err(ApiError::rate_limited());
    }
    let id = match resale::offer(&mut tx, user, &title, &terms, Cents(req.price_cents)).await? {
        Ok(id) => id,
        Err(OfferRefusal::AlreadyOffered) => {
            return Err(not_transferable(NotTransferable::InResale));
        }
        Err(OfferRefusal::PassedOn) => {
            return Err(not_transferable(NotTransferable::AlreadyPassedOn));
        }
        Err(OfferRefusal::NotLive) => {
            return Err(not_transferable(NotTransferable::TitleCancelled));
        }
    };
    let offer = resale::load(&mut tx, id, Some(user))
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(offer)).into_response())
}

fn parse_resale_id(id: &str) -> ApiResult<ResaleId> {
    Uuid::parse_str(id)
        .map(ResaleId)
        .map_err(|_| offer_not_found())
}

/// `POST /api/resales/{id}/withdraw`: the seller takes their listed offer back (not while a
/// buyer is paying for it).
#[utoipa::path(post, path = "/resales/{id}/withdraw", tag = "resale", security(("session" = [])),
    params(("id" = String, Path, description = "The offer (a UUID)")), responses(
    (status = 200, body = Offer),
    (status = 404, body = crate::openapi::ErrorBody, description = "`offer_not_found`: not the caller's"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`offer_reserved`: a buyer is paying for it; `offer_closed`: not listed"),
))]
async fn withdraw_offer(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let user = session.user.user_id;
    let id = parse_resale_id(&id)?;
    let mut tx = state.pool.begin().await?;
    let offer = resale::load(&mut tx, id, Some(user))
        .await?
        .ok_or_else(offer_not_found)?;
    if !resale::withdraw(&mut tx, user, id).await? {
        return Err(if offer.state == resale::ResaleState::Listed {
            conflict("offer_reserved", "A buyer is paying for this seat now")
        } else {
            conflict("offer_closed", "This offer is no longer on sale")
        });
    }
    let offer = resale::load(&mut tx, id, Some(user))
        .await?
        .ok_or_else(ApiError::internal)?;
    tx.commit().await?;
    Ok(axum::Json(offer).into_response())
}

/// A match's seats on resale.
#[derive(Serialize, ToSchema)]
struct ResaleList {
    items: Vec<Listed>,
}

/// `GET /api/fixtures/{id}/resales`: the match's season seats on resale a buyer may take now,
/// cheapest first.
#[utoipa::path(get, path = "/fixtures/{id}/resales", tag = "resale", security(()),
    params(("id" = i64, Path, description = "The fixture")), responses(
    (status = 200, body = ResaleList),
))]
async fn fixture_resales(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = resale::listed(&mut conn, FixtureId(id)).await?;
    Ok(axum::Json(ResaleList { items }).into_response())
}

/// `GET /api/resales/{id}`: an offer as a buyer sees it (the match, the seat, the price).
#[utoipa::path(get, path = "/resales/{id}", tag = "resale", security(()),
    params(("id" = String, Path, description = "The offer (a UUID)")), responses(
    (status = 200, body = Offer),
    (status = 404, body = crate::openapi::ErrorBody, description = "`offer_not_found`"),
))]
async fn get_offer(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse_resale_id(&id)?;
    let mut conn = state.pool.acquire().await?;
    let offer = resale::load(&mut conn, id, None)
        .await?
        .ok_or_else(offer_not_found)?;
    Ok(axum::Json(offer).into_response())
}

/// A buyer's purchase of an offer: who will hold the ticket.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PurchaseRequest {
    holder: HolderInput,
    /// `it` or `en` for the e-mails; the caller's when absent.
    language: Option<String>,
}

/// A purchase and how to pay for it.
#[derive(Serialize, ToSchema)]
struct PurchaseView {
    purchase: Purchase,
    /// The card payment, while it is to be paid.
    payment: Option<PaymentView>,
}

/// `POST /api/resales/{id}/purchase` `{holder, language?}`: reserves the offer for the caller
/// for ten minutes and answers with the payment to make (the price, at most the face value).
/// The ticket is issued to the holder by a change of holder once paid, and lands in the
/// caller's wallet.
#[utoipa::path(post, path = "/resales/{id}/purchase", tag = "resale", security(("session" = [])),
    params(("id" = String, Path, description = "The offer (a UUID)")),
    request_body = PurchaseRequest, responses(
    (status = 201, body = PurchaseView),
    (status = 404, body = crate::openapi::ErrorBody, description = "`offer_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`offer_reserved`: another buyer is paying for it; `offer_closed`; `own_offer`; `holder_has_title`; `reduction_not_fitting`; `holder_banned` (the ticketing system bars the holder); `buyer_banned`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: `errors` names `holder.{field}` or `language`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn purchase_offer(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<PurchaseRequest>,
) -> ApiResult<Response> {
    let user = session.user.user_id;
    let mut errors = std::collections::BTreeMap::new();
    let holder = req
        .holder
        .parse(chrono::Utc::now().date_naive())
        .map_err(|e| {
            for (field, message) in e {
                errors.insert(format!("holder.{field}"), message);
            }
        });
    let language = match req.language.as_deref() {
        None => Language::from_code_or_default(&session.user.language),
        Some(code) => Language::parse(code).unwrap_or_else(|| {
            errors.insert("language".into(), "it or en".into());
            Language::default()
        }),
    };
    let id = parse_resale_id(&id)?;
    let (Ok(holder), true) = (holder, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let mut conn = state.pool.acquire().await?;
    let offer = resale::load(&mut conn, id, None)
        .await?
        .ok_or_else(offer_not_found)?;
    let email = domain::email::Email::parse(&session.user.email).map_err(|_| {
        ApiError::new(
            StatusCode::CONFLICT,
            "buyer_banned",
            "This account cannot buy tickets",
        )
    })?;
    if domain::moderation::is_email_banned(&mut conn, &email).await? {
        return Err(conflict("buyer_banned", "This account cannot buy tickets"));
    }
    if transfers::holds_seat(&mut conn, offer.fixture_id, &holder.key()).await? {
        return Err(conflict(
            "holder_has_title",
            "This person already has a ticket for this match",
        ));
    }
    drop(conn);
    if super::transfers::holder_barred(&state, &holder).await {
        return Err(super::transfers::holder_banned());
    }
    let mut tx = state.pool.begin().await?;
    if !domain::rate_limit::hit(&mut tx, &format!("resale:{user}"), HOUR, RESALES_PER_HOUR).await? {
        return Err(ApiError::rate_limited());
    }
    let purchase_id =
        match resale::reserve(&mut tx, user, id, &holder, email.as_str(), language.code()).await? {
            Ok(p) => p,
            Err(ReserveRefusal::NotFound) => return Err(offer_not_found()),
            Err(ReserveRefusal::Reserved) => {
                return Err(conflict(
                    "offer_reserved",
                    "Another fan is paying for this seat now",
                ));
            }
            Err(ReserveRefusal::Closed) => {
                return Err(conflict("offer_closed", "This seat is no longer on resale"));
            }
            Err(ReserveRefusal::OwnOffer) => {
                return Err(conflict("own_offer", "This is your own seat"));
            }
        };
    tx.commit().await?;
    let (intent, secret, _) = intent_of(
        &state,
        &purchase_id.to_string(),
        (&None, &None),
        offer.price_cents,
        &format!("Rivendita {} {}", offer.fixture_title, offer.seat_label),
    )
    .await?;
    let mut conn = state.pool.acquire().await?;
    resale::attach_intent(&mut conn, purchase_id, &intent, &secret).await?;
    let purchase = resale::purchase(&mut conn, purchase_id, Some(user))
        .await?
        .ok_or_else(ApiError::internal)?;
    let payment = PaymentView::new(&state, intent, secret, purchase.price_cents);
    Ok((
        StatusCode::CREATED,
        axum::Json(PurchaseView {
            purchase,
            payment: Some(payment),
        }),
    )
        .into_response())
}

fn parse_purchase_id(id: &str) -> ApiResult<ResalePurchaseId> {
    Uuid::parse_str(id)
        .map(ResalePurchaseId)
        .map_err(|_| purchase_not_found())
}

fn purchase_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "purchase_not_found",
        "No such purchase",
    )
}

async fn own_purchase(
    state: &AppState,
    session: &Session,
    id: ResalePurchaseId,
) -> ApiResult<Purchase> {
    let mut conn = state.pool.acquire().await?;
    resale::purchase(&mut conn, id, Some(session.user.user_id))
        .await?
        .ok_or_else(purchase_not_found)
}

/// `GET /api/resale-purchases/{id}`: the caller's purchase, as it goes: paying, paid (the
/// change of holder and, once done, the new title's seal), refunding, refunded.
#[utoipa::path(get, path = "/resale-purchases/{id}", tag = "resale", security(("session" = [])),
    params(("id" = String, Path, description = "The purchase (a UUID)")), responses(
    (status = 200, body = Purchase),
    (status = 404, body = crate::openapi::ErrorBody, description = "`purchase_not_found`: not the caller's"),
))]
async fn get_purchase(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = parse_purchase_id(&id)?;
    Ok(axum::Json(own_purchase(&state, &session, id).await?).into_response())
}

/// `POST /api/resale-purchases/{id}/confirm` `{client_secret}`: the buyer's return from the
/// payment: the provider must say it succeeded; the seat is then theirs (or, when the offer
/// was no longer theirs to buy, they are paid back). The webhook does the same; whichever
/// comes first wins.
#[utoipa::path(post, path = "/resale-purchases/{id}/confirm", tag = "resale", security(("session" = [])),
    params(("id" = String, Path, description = "The purchase (a UUID)")),
    request_body = ConfirmRequest, responses(
    (status = 200, body = Purchase),
    (status = 402, body = crate::openapi::ErrorBody, description = "`payment_declined` (`errors.status`)"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`purchase_not_found`"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`payment_pending` (`errors.status`)"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`payments_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn confirm_purchase(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Path(id): Path<String>,
    Json(req): Json<ConfirmRequest>,
) -> ApiResult<Response> {
    let id = parse_purchase_id(&id)?;
    let purchase = own_purchase(&state, &session, id).await?;
    if purchase.client_secret.as_deref() != Some(req.client_secret.as_str()) {
        return Err(purchase_not_found());
    }
    if purchase.state == resale::PurchaseState::Pending {
        let intent = succeeded_intent(&state, purchase.payment_intent_id.as_deref()).await?;
        let mut tx = state.pool.begin().await?;
        workflows::resale::settle_payment(
            &mut tx,
            id,
            &req.client_secret,
            Cents(intent.amount_cents),
        )
        .await?;
        tx.commit().await?;
    }
    Ok(axum::Json(own_purchase(&state, &session, id).await?).into_response())
}

/// The webhook's part: a succeeded payment whose order id is a resale purchase's.
pub(crate) async fn settle_from_webhook(
    state: &AppState,
    id: Uuid,
    secret: &str,
    amount: Cents,
) -> ApiResult<bool> {
    let mut tx = state.pool.begin().await?;
    if !resale::is_purchase(&mut tx, id).await? {
        return Ok(false);
    }
    let settled =
        workflows::resale::settle_payment(&mut tx, ResalePurchaseId(id), secret, amount).await?;
    tx.commit().await?;
    tracing::info!(?settled, purchase = %id, "a resale payment settled");
    Ok(true)
}
