//! What each domain refusal answers over HTTP: one `From` per refusal type, here and nowhere
//! else, so that handlers end in `?` and a refusal reads the same on every route that can meet
//! it (a hold's refusal at the fan's hold and at the box office alike).

use crate::error::ApiError;
use axum::http::StatusCode;
use domain::{
    cards::AddError,
    corporate::{DecideError, SubmitError},
    fixtures::StatusRefusal,
    inventory::HoldRefusal,
    orders::{CheckoutRefusal, NamingRefusal},
    reconciliation::TakeRefusal,
};
use serde_json::json;
use workflows::{box_office::StaffSaleRefusal, mass::TargetRefusal};

fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

fn not_on_sale() -> ApiError {
    conflict("fixture_not_on_sale", "This fixture is not on sale")
}

fn holder_has_seat() -> ApiError {
    conflict(
        "holder_has_seat",
        "This person already has a seat for this fixture",
    )
}

impl From<HoldRefusal> for ApiError {
    fn from(r: HoldRefusal) -> Self {
        match r {
            HoldRefusal::NotOnSale => not_on_sale(),
            HoldRefusal::SeatsUnavailable(seats) => conflict(
                "seats_unavailable",
                "Some of these seats have just been taken",
            )
            .with_detail("seat_ids", json!(seats)),
            HoldRefusal::SectorFull => {
                conflict("sector_full", "Not enough places left in this sector")
            }
            HoldRefusal::BuyerLimit(limit) => conflict(
                "buyer_limit",
                "One buyer may not hold or buy more for this fixture",
            )
            .with_detail("limit", json!(limit)),
            HoldRefusal::Unknown => ApiError::validation(
                [("seat_ids".to_owned(), "unknown seats or block".to_owned())].into(),
            ),
            HoldRefusal::ReductionNotAllowed(seats) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "reduction_not_allowed",
                "This reduction is not sold online for that sector",
            )
            .with_detail("seat_ids", json!(seats)),
            HoldRefusal::NoAdjacentSeats => conflict(
                "no_adjacent_seats",
                "No row of this block has that many free seats side by side",
            ),
            HoldRefusal::PreemptionPhase => conflict(
                "preemption_phase",
                "Only fans with a pre-emption right may buy now",
            ),
            HoldRefusal::HolderHasSeat(seats) => {
                holder_has_seat().with_detail("seat_ids", json!(seats))
            }
        }
    }
}

impl From<CheckoutRefusal> for ApiError {
    fn from(r: CheckoutRefusal) -> Self {
        match r {
            CheckoutRefusal::NothingHeld => {
                conflict("nothing_held", "You hold no seats for this fixture")
            }
        }
    }
}

/// A box-office sale names no line by its index: its refusals say what, not where.
impl From<StaffSaleRefusal> for ApiError {
    fn from(r: StaffSaleRefusal) -> Self {
        let lines =
            |message: &str| ApiError::validation([("lines".to_owned(), message.to_owned())].into());
        match r {
            StaffSaleRefusal::Hold(r) => r.into(),
            StaffSaleRefusal::NotOnSale => not_on_sale(),
            StaffSaleRefusal::Naming(NamingRefusal::HolderHasSeat(_)) => holder_has_seat(),
            StaffSaleRefusal::Naming(NamingRefusal::HolderNotEligible(_)) => {
                lines("a holder does not qualify for their reduction on the match day")
            }
            StaffSaleRefusal::Naming(_) => lines("a reduction not priced for its sector"),
        }
    }
}

impl From<TargetRefusal> for ApiError {
    fn from(r: TargetRefusal) -> Self {
        match r {
            TargetRefusal::FixtureNotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                "fixture_not_found",
                "No such fixture",
            ),
            TargetRefusal::FixtureNotOnSale => not_on_sale(),
            TargetRefusal::SeasonNotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                "season_ticket_not_found",
                "No such season ticket",
            ),
            TargetRefusal::SeasonNotOnSale => {
                conflict("season_not_on_sale", "This season ticket is not on sale")
            }
        }
    }
}

impl From<StatusRefusal> for ApiError {
    fn from(r: StatusRefusal) -> Self {
        match r {
            StatusRefusal::NotFound => ApiError::not_found("No such fixture"),
            StatusRefusal::Started => conflict(
                "fixture_started",
                "A fixture that has started cannot go on sale",
            ),
        }
    }
}

impl From<TakeRefusal> for ApiError {
    fn from(r: TakeRefusal) -> Self {
        match r {
            TakeRefusal::SeatConflict => conflict(
                "seat_conflict",
                "The ticketing system's seat is taken here: free it first",
            ),
            TakeRefusal::HolderConflict => conflict(
                "holder_conflict",
                "The ticketing system's holder already has another seat of this fixture here",
            ),
        }
    }
}

impl From<SubmitError> for ApiError {
    fn from(e: SubmitError) -> Self {
        match e {
            SubmitError::Duplicate(field) => conflict(
                "duplicate_corporate_request",
                "An open request already names this company, company e-mail or user",
            )
            .with_field(field, "duplicate"),
            SubmitError::Database(e) => e.into(),
        }
    }
}

impl From<DecideError> for ApiError {
    fn from(e: DecideError) -> Self {
        match e {
            DecideError::NotFound => ApiError::not_found("No such corporate request"),
            DecideError::AlreadyDecided(status) => {
                conflict("already_decided", "The request was already decided")
                    .with_detail("status", json!(status))
            }
            DecideError::Database(e) => e.into(),
        }
    }
}

impl From<AddError> for ApiError {
    fn from(e: AddError) -> Self {
        let card = |code: &'static str, message: &str| {
            conflict(code, message).with_field("card_number", code)
        };
        match e {
            AddError::AlreadyYours => {
                card("card_already_yours", "The card is already in your account")
            }
            AddError::HeldByAnother => {
                card("card_taken", "Another account already holds this card")
            }
            AddError::TooMany => conflict(
                "too_many_cards",
                "An account holds at most 10 supporter cards",
            ),
            AddError::Database(e) => e.into(),
        }
    }
}
