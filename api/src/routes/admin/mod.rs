//! `/api/admin/...`: the staff's API, in react-admin's simple-REST shape.
//!
//! Sign-in and the role check on every route arrive with the accounts issue; until then
//! the admin API must not be exposed beyond loopback.

mod emails;
mod system;

use crate::state::AppState;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(system::router())
        .merge(emails::router())
}
