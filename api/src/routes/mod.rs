//! Routes, one module per context.

pub mod admin;
pub mod auth;
pub mod cards;
pub mod corporate;
pub mod fixtures;
pub mod google;
pub mod health;
pub mod me;
pub mod orders;

use crate::state::AppState;
use axum::Router;

/// Every `/api` route.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(google::router())
        .merge(me::router())
        .merge(fixtures::router())
        .merge(orders::router())
        .merge(corporate::router())
        .merge(cards::router())
        .nest("/admin", admin::router())
}
