//! The live job board (apalis-board): queues, tasks, workers. Read-only; retrying and
//! discarding jobs is done from the admin app. Its web UI expects the site root, so it
//! runs on its own port. Staff only: cookies are scoped by host, not port, so the staff
//! session of the admin app reaches it; anyone else is sent to the admin sign-in.
//!
//! The board's "System: Healthy" light is the state of its event stream (`/api/v1/events`),
//! which apalis-board's API serves only with a log broadcaster this process does not have: the
//! light said "Unhealthy" for good. Ours serves that stream while the job system is healthy,
//! by the same rule as `/api/health` (every queue with a worker has one that beats), and ends
//! it, or refuses it with 503, when it is not: the light tells the truth.

use crate::{auth::SESSION_COOKIE, error::ApiError};
use apalis_board::axum::{
    framework::{ApiBuilder, RegisterRoute},
    ui::ServeUI,
};
use apalis_postgres::PostgresStorage;
use axum::{
    Router,
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::{self, Next},
    response::{
        IntoResponse, Redirect, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use axum_extra::extract::CookieJar;
use domain::accounts;
use sqlx::PgPool;
use std::{convert::Infallible, time::Duration};
use workflows::{Job, mail::SendEmail};

#[derive(Clone)]
struct Gate {
    pool: PgPool,
    login_url: String,
}

/// The board's routes: its API under `/api/v1`, its UI for everything else, behind the
/// staff check (`login_url`: where to send people who are not signed in as staff).
pub fn router(pool: &PgPool, login_url: String, silent: Duration) -> Router {
    let events = Events {
        pool: pool.clone(),
        silent,
    };
    let api = ApiBuilder::new(Router::new())
        .register(SendEmail::QUEUE, storage::<SendEmail>(pool))
        .build();
    let gate = Gate {
        pool: pool.clone(),
        login_url,
    };
    Router::new()
        .nest("/api/v1", api)
        .fallback_service(ServeUI::new())
        // apalis-board routes `/api/v1/events` to a log stream that needs a broadcaster this
        // process does not run (it failed, and the light said "Unhealthy"): ours answers first.
        .layer(middleware::from_fn_with_state(events, serve_events))
        .layer(middleware::from_fn_with_state(gate, require_staff_session))
}

#[derive(Clone)]
struct Events {
    pool: PgPool,
    /// A queue whose workers have not beaten for this long is not fetching.
    silent: Duration,
}

async fn healthy(e: &Events) -> bool {
    matches!(domain::jobs::silent_queues(&e.pool, e.silent).await, Ok(q) if q.is_empty())
}

/// `GET /api/v1/events` is ours; everything else goes on to the board.
async fn serve_events(State(e): State<Events>, req: Request, next: Next) -> Response {
    if req.method() == axum::http::Method::GET && req.uri().path() == "/api/v1/events" {
        return events(e).await;
    }
    next.run(req).await
}

/// `GET /api/v1/events`: open while the job system is healthy (checked every 5 s), ended when
/// it is not; 503 when it is not healthy to begin with.
async fn events(e: Events) -> Response {
    if !healthy(&e).await {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let stream = futures::stream::unfold(e, |e| async move {
        tokio::time::sleep(Duration::from_secs(5)).await;
        healthy(&e)
            .await
            .then(|| (Ok::<_, Infallible>(Event::default().comment("healthy")), e))
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

async fn require_staff_session(
    State(gate): State<Gate>,
    jar: CookieJar,
    req: Request,
    next: Next,
) -> Response {
    let staff = match jar.get(SESSION_COOKIE) {
        Some(cookie) => is_staff(&gate.pool, cookie.value()).await.unwrap_or(false),
        None => false,
    };
    if staff && !matches!(*req.method(), Method::GET | Method::HEAD) {
        // The board only shows: staff act on jobs through the admin app's audited actions
        // (retry, cancel), never by writing to the queues here, without CSRF or an audit entry.
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "board_read_only",
            "The job board only shows the jobs: act on them in the admin app",
        )
        .into_response()
    } else if staff {
        next.run(req).await
    } else if req.uri().path().starts_with("/api/") {
        crate::auth::unauthenticated().into_response()
    } else {
        Redirect::to(&gate.login_url).into_response()
    }
}

async fn is_staff(pool: &PgPool, token: &str) -> Result<bool, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let Some(session) = accounts::sessions::resolve(&mut conn, token)
        .await?
        .and_then(accounts::sessions::Found::live)
    else {
        return Ok(false);
    };
    if !session.second_factor {
        return Ok(false);
    }
    Ok(accounts::find_by_id(&mut conn, session.user_id)
        .await?
        .is_some_and(|u| u.role().is_staff()))
}

fn storage<J: Job>(pool: &PgPool) -> PostgresStorage<J> {
    PostgresStorage::new(pool).with_config(apalis_postgres::Config::default().queue(J::QUEUE))
}
