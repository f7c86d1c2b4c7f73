//! Routes, one module per context.

pub mod admin;
pub mod health;

use crate::state::AppState;
use axum::Router;

/// Every `/api` route.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(health::router())
        .nest("/admin", admin::router())
}
