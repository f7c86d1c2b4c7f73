//! Every call to an outside system (the ticketing system, the payment provider, the SMTP
//! server) is reported here, with its time, duration and outcome, for the service log
//! (spec: /admin/reports/service-log). The process that wants them (api, worker) installs a
//! sink once; without one, reports are dropped. Reporting never waits: a full sink drops the
//! report rather than slow a call down.

use chrono::{DateTime, Utc};
use std::sync::OnceLock;
use std::time::Instant;
use tokio::sync::mpsc;

/// One call to an outside system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// `ticketing`, `payments` or `mail`.
    pub service: &'static str,
    /// What was asked: `POST /api/Biglietto/EmettiEsteso`, `create payment intent`, `send`.
    pub operation: String,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    /// The HTTP status, when one came back.
    pub status: Option<u16>,
    /// Why it failed (none when it succeeded).
    pub error: Option<String>,
}

static SINK: OnceLock<mpsc::Sender<Call>> = OnceLock::new();

/// Installs the process's sink (the first one wins) and returns its receiving end, or `None`
/// when one is already installed.
pub fn install(capacity: usize) -> Option<mpsc::Receiver<Call>> {
    let (tx, rx) = mpsc::channel(capacity);
    SINK.set(tx).ok().map(|_| rx)
}

/// A call being timed.
pub struct Timer {
    service: &'static str,
    started_at: DateTime<Utc>,
    started: Instant,
}

/// Starts timing a call to `service`.
pub fn start(service: &'static str) -> Timer {
    Timer {
        service,
        started_at: Utc::now(),
        started: Instant::now(),
    }
}

impl Timer {
    /// Reports the call's outcome.
    pub fn finish(self, operation: impl Into<String>, status: Option<u16>, error: Option<String>) {
        let Some(sink) = SINK.get() else { return };
        let call = Call {
            service: self.service,
            operation: operation.into(),
            started_at: self.started_at,
            duration_ms: self.started.elapsed().as_millis().min(i32::MAX as u128) as i32,
            status,
            error: error.map(|e| e.chars().take(500).collect()),
        };
        if sink.try_send(call).is_err() {
            tracing::debug!("service log full: a call report was dropped");
        }
    }
}
