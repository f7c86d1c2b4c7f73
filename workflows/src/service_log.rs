//! Writes the calls the clients report (`integrations::observe`) to the service log, in
//! batches: one statement per second at most, or per 500 calls.

use domain::service_log::{self, NewCall};
use integrations::observe::{self, Call};
use sqlx::PgPool;
use std::time::Duration;
use tokio::sync::mpsc::Receiver;

/// Calls written at most per statement.
const BATCH: usize = 500;

/// Installs this process's sink and starts its writer (once per process; later calls do
/// nothing). Call inside the tokio runtime.
pub fn start(pool: &PgPool) {
    if let Some(rx) = observe::install(10_000) {
        tokio::spawn(write(pool.clone(), rx));
    }
}

fn new_call(c: Call) -> NewCall {
    NewCall {
        service: c.service.to_owned(),
        operation: c.operation,
        started_at: c.started_at,
        duration_ms: c.duration_ms,
        status: c.status.map(i32::from),
        error: c.error,
    }
}

async fn write(pool: PgPool, mut rx: Receiver<Call>) {
    let mut batch: Vec<NewCall> = Vec::with_capacity(BATCH);
    loop {
        let Some(first) = rx.recv().await else { return };
        batch.push(new_call(first));
        // Gather what arrives within a second, up to a batch.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(1);
        while batch.len() < BATCH {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(c)) => batch.push(new_call(c)),
                Ok(None) | Err(_) => break,
            }
        }
        match pool.acquire().await {
            Ok(mut conn) => {
                if let Err(e) = service_log::insert(&mut conn, &batch).await {
                    tracing::warn!(error = %e, calls = batch.len(), "service log not written");
                }
            }
            Err(e) => tracing::warn!(error = %e, calls = batch.len(), "service log not written"),
        }
        batch.clear();
    }
}
