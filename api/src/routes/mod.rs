//! Routes, one module per context.

pub mod admin;
pub mod auth;
pub mod card_applications;
pub mod cards;
pub mod corporate;
pub mod fixtures;
pub mod google;
pub mod health;
pub mod identity;
pub mod me;
pub mod orders;
pub mod passes;
pub mod passkit;
pub mod people;
pub mod refund_requests;
pub mod renewals;
pub mod resale;
pub mod rights;
pub mod season_orders;
pub mod seasons;
pub mod transfers;
pub mod waiting_rooms;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// Every `/api` route, each with its entry in the OpenAPI document.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(google::router())
        .merge(me::router())
        .merge(identity::router())
        .merge(fixtures::router())
        .merge(orders::router())
        .merge(seasons::router())
        .merge(season_orders::router())
        .merge(renewals::router())
        .merge(rights::router())
        .merge(corporate::router())
        .merge(cards::router())
        .merge(card_applications::router())
        .merge(people::router())
        .merge(transfers::router())
        .merge(resale::router())
        .merge(passes::router())
        .merge(refund_requests::router())
        .merge(waiting_rooms::router())
        .nest("/admin", admin::router())
}

/// The routes outside `/api`'s session and CSRF layers, their paths in full: the payment
/// provider's signed webhook and Apple Wallet's web service for passes.
pub fn outside_csrf_router() -> OpenApiRouter<AppState> {
    orders::webhook_router().merge(passkit::router())
}
