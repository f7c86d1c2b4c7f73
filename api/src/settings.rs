//! The club's settings as this api process sees them: read from Postgres at first use, kept
//! until the row changes (a notification on `domain::settings::CHANNEL`, fanned out by
//! [`crate::live`]) or the listener loses its connection, then read again. The maintenance
//! guard reads them on every write, without a round trip.

use crate::{
    auth::Session,
    error::ApiError,
    live::{Live, LiveEvent},
    state::AppState,
};
use axum::{
    extract::{OriginalUri, Request, State},
    http::{Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use domain::settings::{self, Settings};
use sqlx::PgPool;
use std::sync::{
    Arc, RwLock,
    atomic::{AtomicU64, Ordering},
};
use tokio::sync::broadcast;

/// The process's copy of the settings.
#[derive(Clone)]
pub struct SettingsCache {
    pool: PgPool,
    current: Arc<RwLock<Option<Arc<Settings>>>>,
    /// Bumped at each change: a read that began before it does not keep what it read.
    generation: Arc<AtomicU64>,
}

impl SettingsCache {
    /// Starts following the changes announced on `live`.
    pub fn start(pool: PgPool, live: &Live) -> SettingsCache {
        let cache = SettingsCache {
            pool,
            current: Arc::default(),
            generation: Arc::default(),
        };
        let (follower, live) = (cache.clone(), live.clone());
        tokio::spawn(async move {
            let mut events = live.subscribe();
            loop {
                let event = tokio::select! {
                    e = events.recv() => e,
                    _ = live.stopped() => return,
                };
                match event {
                    Ok(e)
                        if matches!(
                            *e,
                            LiveEvent::Settings | LiveEvent::Refresh { fixture_id: None }
                        ) =>
                    {
                        follower.forget();
                    }
                    Ok(_) => {}
                    // Missed events may have held a change.
                    Err(broadcast::error::RecvError::Lagged(_)) => follower.forget(),
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
        cache
    }

    /// Drops the copy: the next read loads the row again.
    pub fn forget(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The settings (from the copy, else from Postgres).
    pub async fn current(&self) -> Result<Arc<Settings>, sqlx::Error> {
        if let Some(s) = self
            .current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
        {
            return Ok(s);
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let mut conn = self.pool.acquire().await?;
        let loaded = Arc::new(settings::load(&mut conn).await?);
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        if self.generation.load(Ordering::SeqCst) == generation {
            *current = Some(loaded.clone());
        }
        Ok(loaded)
    }
}

/// The answer to a fan's write while the ticket office is in maintenance.
pub fn in_maintenance() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "maintenance",
        "The ticket office is being updated: try again shortly",
    )
}

/// While maintenance is on, refuses every write but staff's (spec: levels 1 and 2 keep
/// working) and signing in (staff sign in through it); reads go through. The payment
/// provider's webhook is outside this router: a payment made before still settles.
pub async fn maintenance_guard(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let path = req
        .extensions()
        .get::<OriginalUri>()
        .map_or_else(|| req.uri().path().to_owned(), |u| u.path().to_owned());
    let path = path.strip_prefix("/api").unwrap_or(&path);
    if path.starts_with("/admin/") || path.starts_with("/auth/") {
        return next.run(req).await;
    }
    if req
        .extensions()
        .get::<Session>()
        .is_some_and(|s| s.user.role().is_staff())
    {
        return next.run(req).await;
    }
    match state.settings.current().await {
        Ok(s) if s.maintenance_mode => in_maintenance().into_response(),
        Ok(_) => next.run(req).await,
        // Unread, the write goes on: it needs the database too, and says so itself.
        Err(e) => {
            tracing::warn!(error = %e, "the settings could not be read");
            next.run(req).await
        }
    }
}
