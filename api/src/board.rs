//! The live job board (apalis-board): queues, tasks, workers. Read-only; retrying and
//! discarding jobs is done from the admin app. Its web UI expects the site root, so it
//! runs on its own port. Staff only: cookies are scoped by host, not port, so the staff
//! session of the admin app reaches it; anyone else is sent to the admin sign-in.

use crate::auth::SESSION_COOKIE;
use apalis_board::axum::{
    framework::{ApiBuilder, RegisterRoute},
    ui::ServeUI,
};
use apalis_postgres::PostgresStorage;
use axum::{
    Router,
    extract::{Request, State},
    middleware::{self, Next},
    response::{IntoResponse, Redirect, Response},
};
use axum_extra::extract::CookieJar;
use domain::accounts;
use sqlx::PgPool;
use workflows::{Job, mail::SendEmail};

#[derive(Clone)]
struct Gate {
    pool: PgPool,
    login_url: String,
}

/// The board's routes: its API under `/api/v1`, its UI for everything else, behind the
/// staff check (`login_url`: where to send people who are not signed in as staff).
pub fn router(pool: &PgPool, login_url: String) -> Router {
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
        .layer(middleware::from_fn_with_state(gate, require_staff_session))
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
    if staff {
        next.run(req).await
    } else if req.uri().path().starts_with("/api/") {
        crate::auth::unauthenticated().into_response()
    } else {
        Redirect::to(&gate.login_url).into_response()
    }
}

async fn is_staff(pool: &PgPool, token: &str) -> Result<bool, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let Some(user_id) = accounts::sessions::resolve(&mut conn, token).await? else {
        return Ok(false);
    };
    Ok(accounts::find_by_id(&mut conn, user_id)
        .await?
        .is_some_and(|u| u.role().is_staff()))
}

fn storage<J: Job>(pool: &PgPool) -> PostgresStorage<J> {
    PostgresStorage::new(pool).with_config(apalis_postgres::Config::default().queue(J::QUEUE))
}
