//! Logs: readable lines in development, JSON in production (tracing).

use crate::config::LogFormat;
use tracing_subscriber::EnvFilter;

/// Installs the process's log subscriber; `RUST_LOG` overrides the default levels.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        EnvFilter::new("info,api=debug,workers=debug,workflows=debug,sqlx=warn,apalis=info")
    });
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    // A second init (tests) keeps the first subscriber.
    let _ = match format {
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
        LogFormat::Pretty => builder.try_init(),
    };
}
