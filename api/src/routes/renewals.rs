//! The phases of a season's sale and the renewal (issue 18), for fans: the current phase and
//! the next (for the countdown), and "use my right": last season's holder renews with their
//! previous season ticket's fiscal seal (or the renewal code they were sent) and keeps their
//! seat. The renewal is a pending season order, paid and issued as any season order.

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
use domain::ids::{SeasonTicketId, SeatId};
use domain::preemption::{
    Claim, HolderField,
    phases::{self, PhaseTarget, Timeline},
    renewal::{self, RenewalRefusal},
};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(season_phases))
        .routes(routes!(renew_season))
        .routes(routes!(renew_many))
        .routes(routes!(my_renewal_rights))
}

/// The holders whose e-mail is the caller's (the spec's dati-prelazione-by-email).
#[derive(serde::Serialize, ToSchema)]
struct MyRenewalRights {
    items: Vec<domain::preemption::mailing::MyRenewalRight>,
}

/// `GET /api/me/renewal-rights`: the season tickets the caller may renew (the holders' records
/// whose e-mail is the account's), with the code and the seat it keeps.
#[utoipa::path(get, path = "/me/renewal-rights", tag = "seasons", security(("session" = [])), responses(
    (status = 200, body = MyRenewalRights),
))]
async fn my_renewal_rights(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    let items = domain::preemption::mailing::rights_of(&mut conn, &session.user.email).await?;
    Ok(axum::Json(MyRenewalRights { items }).into_response())
}

fn season_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "season_ticket_not_found",
        "No such season ticket on sale",
    )
}

/// The current phase and the next of a season's sale.
pub(crate) async fn timeline(
    conn: &mut sqlx::PgConnection,
    id: SeasonTicketId,
) -> Result<Timeline, sqlx::Error> {
    let all = phases::list(conn, PhaseTarget::Season(id)).await?;
    Ok(phases::timeline(all, chrono::Utc::now()))
}

/// The refusal of a hold or a renewal outside its phase, with what the fan needs for the
/// countdown: the current phase's kind and end, the next phase's kind and start.
pub(crate) fn phase_details(error: ApiError, t: &Timeline) -> ApiError {
    error.with_detail(
        "phase",
        json!({
            "current": t.current.as_ref().map(|p| json!({"kind": p.kind, "ends_at": p.ends_at})),
            "next": t.next.as_ref().map(|p| json!({"kind": p.kind, "starts_at": p.starts_at})),
            "now": t.now,
        }),
    )
}

/// `GET /api/season-tickets/{id}/phases`: the phase on now and the next one.
#[utoipa::path(get, path = "/season-tickets/{id}/phases", tag = "seasons",
    params(("id" = i64, Path, description = "The season ticket")), responses(
    (status = 200, body = Timeline, description = "`current`: the phase on now (none: the free sale, or nothing yet); `next`: the soonest to start"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
))]
async fn season_phases(
    State(state): State<AppState>,
    Path(id): Path<SeasonTicketId>,
) -> ApiResult<Response> {
    let mut conn = state.pool.acquire().await?;
    domain::seasons::list(&mut conn, true, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(season_not_found)?;
    Ok(axum::Json(timeline(&mut conn, id).await?).into_response())
}

/// Who renews: the right (the previous season ticket's fiscal seal, or the renewal code) and
/// the holder as the club's record has them.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RenewalRequest {
    /// The previous season ticket's fiscal seal, or the renewal code (P1-...).
    right: String,
    first_name: String,
    last_name: String,
    /// yyyy-mm-dd
    birth_date: String,
    /// Two letters; `EE` for a holder born abroad.
    birth_province: String,
    /// The town, or the country for a holder born abroad.
    birth_place: String,
    /// M or F.
    sex: String,
    /// The seat chosen in a change-of-seat phase (required then, refused in a renewal phase:
    /// the renewal is of the kept seat).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    seat_id: Option<SeatId>,
}

fn field_name(f: HolderField) -> &'static str {
    match f {
        HolderField::FirstName => "first_name",
        HolderField::LastName => "last_name",
        HolderField::BirthDate => "birth_date",
        HolderField::BirthProvince => "birth_province",
        HolderField::BirthPlace => "birth_place",
        HolderField::Sex => "sex",
    }
}

/// `POST /api/season-tickets/{id}/renewal`: last season's holder renews; their kept seat
/// becomes a pending season order named for them (see `domain::preemption::renewal::renew`).
#[utoipa::path(post, path = "/season-tickets/{id}/renewal", tag = "seasons", security(("session" = [])),
    params(("id" = i64, Path, description = "The season ticket")), request_body = RenewalRequest, responses(
    (status = 201, body = domain::season_orders::SeasonOrder, description = "The renewal: a pending order on the kept seat"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`admission_required` (`errors.room_id`): a waiting room guards the on-sale and the `X-Admission` header carries no admission of the caller's"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`, `holder_not_found` (no holder with that seal or code)"),
    (status = 409, body = crate::openapi::ErrorBody, description = "`no_renewal_phase` (`errors.phase`: the current and next phases; neither a renewal nor a change of seat is open), `already_renewed`, `renewal_in_progress` (another fan is paying for it), `no_kept_seat`, `renewal_quota` (`errors.quota`: as many as the fan bought last season, at least one), `change_of_seat_not_open` (a seat sent in a renewal phase), `seat_not_free` (the chosen seat is taken in some match), `seat_not_in_phase` (the phase does not open its sector)"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`errors.seat_id`: required in a change-of-seat phase); `holder_mismatch` (`errors.field`: the first field that does not match the record)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`: ten wrong tries of the fan, or fifty of their address, in fifteen minutes"),
))]
#[tracing::instrument(skip_all, fields(season = id.0))]
async fn renew_season(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    ClientIp(address): ClientIp,
    Path(id): Path<SeasonTicketId>,
    headers: axum::http::HeaderMap,
    Json(req): Json<RenewalRequest>,
) -> ApiResult<Response> {
    {
        let mut conn = state.pool.acquire().await?;
        crate::waiting_room::check_admission(
            &state,
            &mut conn,
            &headers,
            domain::waiting_room::RoomTarget::Season(id),
            session.user.user_id,
        )
        .await?;
        domain::seasons::list(&mut conn, true, Some(id))
            .await?
            .into_iter()
            .next()
            .ok_or_else(season_not_found)?;
    }
    let tries = WrongTries::new("renewal", session.user.user_id, address);
    let order = renew_one(&state, &session, &tries, id, &req).await?;
    Ok((StatusCode::CREATED, axum::Json(order)).into_response())
}

/// One renewal, in its own transaction: checked, counted against the fan's wrong tries,
/// refused in the fan's terms, or made (audited).
async fn renew_one(
    state: &AppState,
    session: &crate::auth::Session,
    tries: &WrongTries,
    id: SeasonTicketId,
    req: &RenewalRequest,
) -> ApiResult<domain::season_orders::SeasonOrder> {
    let mut errors = std::collections::BTreeMap::new();
    let right = req.right.trim();
    if right.is_empty() || right.len() > 40 {
        errors.insert("right".to_owned(), "required".to_owned());
    }
    for (name, value) in [
        ("first_name", &req.first_name),
        ("last_name", &req.last_name),
        ("birth_place", &req.birth_place),
    ] {
        if value.trim().is_empty() || value.len() > 100 {
            errors.insert(name.to_owned(), "required".to_owned());
        }
    }
    if req.birth_province.trim().is_empty() || req.birth_province.len() > 10 {
        errors.insert("birth_province".to_owned(), "required".to_owned());
    }
    if req.sex.len() > 2 {
        errors.insert("sex".to_owned(), "M or F".to_owned());
    }
    let birth = domain::preemption::holders::parse_date(&req.birth_date);
    if birth.is_none() {
        errors.insert("birth_date".to_owned(), "yyyy-mm-dd".to_owned());
    }
    let (Some(birth_date), true) = (birth, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let claim = Claim {
        first_name: &req.first_name,
        last_name: &req.last_name,
        birth_date,
        birth_province: &req.birth_province,
        birth_place: &req.birth_place,
        sex: &req.sex,
    };
    // Guessing seals and birth dates is slowed down: wrong tries are counted.
    tries.check(&state.pool).await?;
    let mut tx = state.pool.begin().await?;
    let language = domain::language::Language::from_code_or_default(&session.user.language)
        .code()
        .to_owned();
    let outcome = renewal::renew(
        &mut tx,
        id,
        session.user.user_id,
        &session.user.email,
        &language,
        right,
        &claim,
        req.seat_id,
    )
    .await?;
    let renewal = match outcome {
        Ok(r) => r,
        Err(refusal) => {
            drop(tx);
            if matches!(
                refusal,
                RenewalRefusal::NotFound | RenewalRefusal::Mismatch(_)
            ) {
                tries.count(&state.pool).await?;
            }
            return Err(refused(refusal));
        }
    };
    let order = domain::season_orders::load(&mut tx, renewal.order_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    domain::audit::record(
        &mut tx,
        Some(session.user.user_id),
        "season.renewal",
        "season_order",
        &renewal.order_id.to_string(),
        json!({"holder_id": renewal.holder_id, "seat_id": renewal.seat_id}),
    )
    .await?;
    tx.commit().await?;
    Ok(order)
}

/// A renewal's refusal in the fan's terms.
fn refused(refusal: RenewalRefusal) -> ApiError {
    let conflict = |code, message: &str| ApiError::new(StatusCode::CONFLICT, code, message);
    match refusal {
        RenewalRefusal::NoRenewalPhase(t) => phase_details(
            conflict("no_renewal_phase", "Renewals are not open now"),
            &t,
        ),
        RenewalRefusal::NotFound => ApiError::new(
            StatusCode::NOT_FOUND,
            "holder_not_found",
            "No season ticket holder has this fiscal seal or code",
        ),
        RenewalRefusal::Mismatch(field) => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "holder_mismatch",
            "These details do not match the holder's",
        )
        .with_detail("field", json!(field_name(field))),
        RenewalRefusal::AlreadyRenewed => conflict(
            "already_renewed",
            "This season ticket has been renewed already",
        ),
        RenewalRefusal::InProgress => conflict(
            "renewal_in_progress",
            "This renewal is being paid for: try again later",
        ),
        RenewalRefusal::NoKeptSeat => conflict(
            "no_kept_seat",
            "No seat is kept for this holder: ask the club",
        ),
        RenewalRefusal::SeatRequired => {
            ApiError::validation([("seat_id".to_owned(), "required".to_owned())].into())
        }
        RenewalRefusal::ChangeOfSeatNotOpen => conflict(
            "change_of_seat_not_open",
            "A seat is chosen in a change-of-seat phase only: this renewal keeps your seat",
        ),
        RenewalRefusal::SeatNotFree => conflict(
            "seat_not_free",
            "This seat is not free in every match of the season: choose another",
        ),
        RenewalRefusal::SeatNotInPhase => conflict(
            "seat_not_in_phase",
            "This phase does not open that seat's sector",
        ),
        RenewalRefusal::Quota(quota) => conflict(
            "renewal_quota",
            "You have renewed as many season tickets as you bought last season",
        )
        .with_detail("quota", json!(quota)),
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RenewalsRequest {
    /// One to ten renewals: each a right (seal or code) and its holder.
    items: Vec<RenewalRequest>,
}

/// One renewal of a list: its order, or why not (the refusal's code, and the field for a
/// holder mismatch or a validation error).
#[derive(serde::Serialize, ToSchema)]
struct RenewalOutcome {
    right: String,
    order: Option<domain::season_orders::SeasonOrder>,
    code: Option<String>,
    errors: Option<serde_json::Value>,
}

#[derive(serde::Serialize, ToSchema)]
struct RenewalsResult {
    /// The rights that made a renewal (the spec's successfulCreations).
    successful: Vec<String>,
    items: Vec<RenewalOutcome>,
}

/// `POST /api/season-tickets/{id}/renewals`: several renewals at once (a family's codes: the
/// spec's renewal data for a list of codes), each on its own; the answer says per right what
/// was made and what was refused (partial success).
#[utoipa::path(post, path = "/season-tickets/{id}/renewals", tag = "seasons", security(("session" = [])),
    params(("id" = i64, Path, description = "The season ticket")), request_body = RenewalsRequest, responses(
    (status = 200, body = RenewalsResult, description = "Per right: its pending renewal order, or the refusal's `code` (as the single renewal's) and `errors`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`admission_required` (`errors.room_id`): a waiting room guards the on-sale and the `X-Admission` header carries no admission of the caller's"),
    (status = 404, body = crate::openapi::ErrorBody, description = "`season_ticket_not_found`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed`: one to ten items"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`: ten wrong tries of the fan, or fifty of their address, in fifteen minutes"),
))]
#[tracing::instrument(skip_all, fields(season = id.0))]
async fn renew_many(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    ClientIp(address): ClientIp,
    Path(id): Path<SeasonTicketId>,
    headers: axum::http::HeaderMap,
    Json(req): Json<RenewalsRequest>,
) -> ApiResult<Response> {
    if req.items.is_empty() || req.items.len() > 10 {
        return Err(ApiError::validation(
            [("items".to_owned(), "one to ten renewals".to_owned())].into(),
        ));
    }
    {
        let mut conn = state.pool.acquire().await?;
        domain::seasons::list(&mut conn, true, Some(id))
            .await?
            .into_iter()
            .next()
            .ok_or_else(season_not_found)?;
        crate::waiting_room::check_admission(
            &state,
            &mut conn,
            &headers,
            domain::waiting_room::RoomTarget::Season(id),
            session.user.user_id,
        )
        .await?;
    }
    let tries = WrongTries::new("renewal", session.user.user_id, address);
    let mut result = RenewalsResult {
        successful: vec![],
        items: vec![],
    };
    for item in &req.items {
        let right = item.right.trim().to_owned();
        match renew_one(&state, &session, &tries, id, item).await {
            Ok(order) => {
                result.successful.push(right.clone());
                result.items.push(RenewalOutcome {
                    right,
                    order: Some(order),
                    code: None,
                    errors: None,
                });
            }
            // Told to wait before anything was made: the whole request waits.
            Err(e) if e.code == "rate_limited" && result.successful.is_empty() => return Err(e),
            Err(e) if e.status.is_server_error() => return Err(e),
            Err(e) => result.items.push(RenewalOutcome {
                right,
                order: None,
                code: Some(e.code.to_owned()),
                errors: (!e.errors.is_empty()).then(|| json!(e.errors)),
            }),
        }
    }
    Ok(axum::Json(result).into_response())
}
