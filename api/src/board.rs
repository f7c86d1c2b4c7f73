//! The live job board (apalis-board): queues, tasks, workers. Read-only; retrying and
//! discarding jobs is done from the admin app. Its web UI expects the site root, so it
//! runs on its own port. Until staff sign-in exists it must listen on loopback only.

use apalis_board::axum::{
    framework::{ApiBuilder, RegisterRoute},
    ui::ServeUI,
};
use apalis_postgres::PostgresStorage;
use axum::Router;
use sqlx::PgPool;
use workflows::{Job, mail::SendEmail};

/// The board's routes: its API under `/api/v1`, its UI for everything else.
pub fn router(pool: &PgPool) -> Router {
    let api = ApiBuilder::new(Router::new())
        .register(SendEmail::QUEUE, storage::<SendEmail>(pool))
        .build();
    Router::new()
        .nest("/api/v1", api)
        .fallback_service(ServeUI::new())
}

fn storage<J: Job>(pool: &PgPool) -> PostgresStorage<J> {
    PostgresStorage::new(pool).with_config(apalis_postgres::Config::default().queue(J::QUEUE))
}
