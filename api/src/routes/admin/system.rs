//! `GET /api/admin/system`: links the admin app shows (job board, simulator mailbox).

use crate::state::AppState;
use axum::{Json, extract::State};
use serde::Serialize;

pub fn routes(r: super::AdminRoutes) -> super::AdminRoutes {
    r.get("/system", get_system)
}

#[derive(Serialize)]
struct System {
    job_board_url: String,
    sim_mailbox_url: Option<String>,
}

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
