//! `GET /api/admin/system`: links the admin app shows (job board, simulator mailbox).

use crate::state::AppState;
use axum::{Json, extract::State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(get_system))
}

/// Links the admin app shows.
#[derive(Serialize, ToSchema)]
struct System {
    job_board_url: String,
    sim_mailbox_url: Option<String>,
}

#[utoipa::path(get, path = "/system", tag = "admin", responses(
    (status = 200, body = System),
))]
async fn get_system(State(state): State<AppState>) -> Json<System> {
    Json(System {
        job_board_url: state.config.board_public_url.clone(),
        sim_mailbox_url: state
            .config
            .sim
            .public_url
            .as_ref()
            .map(|u| format!("{u}/mail")),
    })
}
