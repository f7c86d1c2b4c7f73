//! What every handler can reach.

use domain::config::Config;
use sqlx::PgPool;
use std::sync::Arc;

/// Shared state of the api process (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub config: Arc<Config>,
}
