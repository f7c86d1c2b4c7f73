//! `GET /api/health`, `GET /api/version` and `GET /api/settings` (what the app shell needs).

use crate::state::AppState;
use axum::{Json, extract::State, http::StatusCode, response::IntoResponse};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_health))
        .routes(routes!(get_version))
        .routes(routes!(get_public_settings))
}

/// `GET /api/settings`: what the apps need of the club's settings: whether the ticket office
/// is in maintenance (fans are then sent to /maintenance; staff keep working). Anyone may
/// read it; it changes at once when an admin changes it.
#[utoipa::path(get, path = "/settings", tag = "system", responses(
    (status = 200, body = domain::settings::Public),
))]
async fn get_public_settings(
    State(state): State<AppState>,
) -> crate::error::ApiResult<axum::response::Response> {
    let settings = state.settings.current().await?;
    Ok((
        [(axum::http::header::CACHE_CONTROL, "no-store")],
        Json(settings.public()),
    )
        .into_response())
}

#[derive(Serialize, ToSchema)]
struct Check {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct Health {
    /// `ok` or `degraded`.
    status: &'static str,
    database: Check,
    /// Ours and the job queue's: `ok`, and what is applied and pending.
    #[schema(value_type = Object)]
    migrations: serde_json::Value,
    /// `ok`, the job counts and the queues not fetching.
    #[schema(value_type = Object)]
    jobs: serde_json::Value,
}

/// Reports the database, the migrations (ours and the job queue's) and the job counts.
/// 200 when all is well, 503 otherwise (load balancers read the status).
#[utoipa::path(get, path = "/health", tag = "system", responses(
    (status = 200, body = Health, description = "All is well"),
    (status = 503, body = Health, description = "Something is degraded: see which part"),
))]
#[tracing::instrument(skip_all)]
async fn get_health(State(state): State<AppState>) -> impl IntoResponse {
    let database = match domain::db::ping(&state.pool).await {
        Ok(_) => Check {
            ok: true,
            error: None,
        },
        Err(e) => Check {
            ok: false,
            error: Some(e.to_string()),
        },
    };
    let migrations = match domain::db::migration_status(&state.pool).await {
        Ok(m) => serde_json::to_value(m).unwrap_or_default(),
        Err(e) => serde_json::json!({"ok": false, "error": e.to_string()}),
    };
    // A worker that cannot fetch (its database connection lost, the process stopped) misses
    // its heartbeats: silent as long as the queue takes to declare it dead, and its queues
    // are reported as not fetching.
    let silent = state.config.jobs.silent_after();
    let jobs = match (
        domain::jobs::counts(&state.pool).await,
        domain::jobs::silent_queues(&state.pool, silent).await,
    ) {
        (Ok(c), Ok(silent)) => {
            serde_json::json!({"ok": silent.is_empty(), "pending": c.pending, "running": c.running,
                               "failed": c.retrying, "dead": c.dead, "not_fetching": silent})
        }
        (Err(e), _) | (_, Err(e)) => serde_json::json!({"ok": false, "error": e.to_string()}),
    };
    let ok = database.ok
        && migrations
            .get("ok")
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
        && jobs.get("ok").and_then(|v| v.as_bool()).unwrap_or(false);
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        Json(Health {
            status: if ok { "ok" } else { "degraded" },
            database,
            migrations,
            jobs,
        }),
    )
}

#[derive(Serialize, ToSchema)]
struct Version {
    name: &'static str,
    version: &'static str,
    git_sha: &'static str,
}

/// The running build.
#[utoipa::path(get, path = "/version", tag = "system", responses((status = 200, body = Version)))]
async fn get_version() -> Json<Version> {
    Json(Version {
        name: "lario",
        version: env!("CARGO_PKG_VERSION"),
        git_sha: option_env!("GIT_SHA").unwrap_or("dev"),
    })
}
