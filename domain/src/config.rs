//! Typed configuration, read once from the environment at boot.
//!
//! Every setting has a development default that works on a fresh machine (local Postgres,
//! the simulators on 127.0.0.1). In production mode the secrets have no default: a missing
//! one fails at boot and the error names the variable.

use secrecy::{ExposeSecret, SecretString};
use std::{env, net::SocketAddr, path::PathBuf, str::FromStr, time::Duration};

/// Where the process runs: development defaults or production strictness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Development,
    Production,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// A configuration problem found at boot.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{0} must be set in production")]
    Missing(&'static str),
    #[error("{name} is not valid: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// The whole configuration of every process (api, worker, sim read what they need).
#[derive(Debug, Clone)]
pub struct Config {
    pub mode: Mode,
    pub log_format: LogFormat,
    pub database_url: SecretString,
    pub database_max_connections: u32,
    /// Where the api listens.
    pub api_addr: SocketAddr,
    /// The public base URL of the api (links in e-mails).
    pub public_base_url: String,
    /// Where the job board (apalis-board) listens; staff only.
    pub board_addr: SocketAddr,
    /// The URL the admin app links to for the job board.
    pub board_public_url: String,
    /// Largest accepted request body, in bytes.
    pub max_body_bytes: usize,
    /// How long a built export stays downloadable.
    pub exports_keep: Duration,
    /// Built front-ends served by the api.
    pub fan_ui_dir: PathBuf,
    pub admin_ui_dir: PathBuf,
    pub mail: MailConfig,
    pub jobs: JobsConfig,
    pub ticketing: TicketingConfig,
    pub payments: PaymentsConfig,
    pub sim: SimConfig,
    pub auth: AuthConfig,
    pub passes: PassesConfig,
}

/// The phone wallets' passes: Apple Wallet (a .pkpass signed with the club's pass type
/// certificate) and Google Wallet (a save link, a JWT signed with the club's service account
/// key). Required in production; in development a test certificate and key are generated at
/// start (and the passes do not install on a phone).
#[derive(Debug, Clone)]
pub struct PassesConfig {
    pub organization: String,
    /// Apple: the pass type identifier and team the certificate was issued for.
    pub apple_pass_type_id: String,
    pub apple_team_id: String,
    /// The pass type certificate and its PKCS#8 key (PEM text, or a path to a PEM file);
    /// none: generated (development only).
    pub apple_cert_pem: Option<String>,
    pub apple_key_pem: Option<SecretString>,
    /// Apple's WWDR intermediate certificate (PEM); none: Apple's G4, the one for pass
    /// type certificates.
    pub apple_wwdr_pem: Option<String>,
    /// Google: the issuer id and the service account that signs the save links.
    pub google_issuer_id: String,
    pub google_service_account: String,
    /// The service account's private key (PEM text or a path); none: generated
    /// (development only).
    pub google_key_pem: Option<SecretString>,
    /// Where passes on phones are told of changes: Apple's push service, Google's token
    /// endpoint and Wallet API (the simulator's in development).
    pub apns_url: String,
    pub google_token_url: String,
    pub google_api_url: String,
    pub update_timeout: Duration,
}

/// Sign-in and sessions.
#[derive(Debug, Clone)]
pub struct AuthConfig {
    /// Key of the keyed hashes of sign-in codes (at least 32 bytes in production).
    pub secret: SecretString,
    /// Session and CSRF cookies carry `Secure` (always in production).
    pub secure_cookies: bool,
    /// Peers whose `X-Forwarded-For` is believed (the load balancer); empty: none.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Google sign-in through OpenID Connect; in development the simulator's provider.
    pub google: GoogleConfig,
}

/// The OpenID Connect client registered with Google (or the simulator's provider).
#[derive(Debug, Clone)]
pub struct GoogleConfig {
    pub issuer_url: String,
    pub client_id: String,
    pub client_secret: SecretString,
}

/// Outgoing mail.
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// `smtp://host:port` (plain, the simulator), `smtp://user:pass@host:587?tls=required`
    /// (STARTTLS) or `smtps://user:pass@host:465`.
    pub smtp_url: SecretString,
    pub from: String,
    pub timeout: Duration,
    /// Where staff alerts go (failed issues).
    pub staff_to: String,
}

/// The card payment provider: Stripe in production, the payments simulator otherwise.
#[derive(Debug, Clone)]
pub struct PaymentsConfig {
    /// Stripe's API base (`https://api.stripe.com/`) or the simulator's (`http://127.0.0.1:9090/`).
    pub api_url: String,
    pub secret_key: SecretString,
    /// Sent to the fan app (Stripe.js, or the simulator's card form).
    pub publishable_key: String,
    /// Verifies the webhook signatures.
    pub webhook_secret: SecretString,
    /// The provider is the simulator: the fan app shows its own card form.
    pub simulated: bool,
    /// Per call.
    pub timeout: Duration,
}

/// The Italian ticketing system (the simulator in development and tests).
#[derive(Debug, Clone)]
pub struct TicketingConfig {
    /// e.g. `http://127.0.0.1:9090` (the simulator) or the vendor's base URL.
    pub base_url: String,
    pub user: String,
    pub password: SecretString,
    /// Per call.
    pub timeout: Duration,
    /// Calls in flight at once from one process (`TICKETING_MAX_IN_FLIGHT`): what the
    /// vendor is asked to bear; further calls wait their turn. The worker runs more jobs than
    /// this so that while some store what they got, others keep the calls in flight.
    pub max_in_flight: usize,
}

/// Durable jobs.
#[derive(Debug, Clone)]
pub struct JobsConfig {
    /// Prefix of this process's worker names; a unique suffix is added per process.
    pub worker_name: String,
    pub heartbeat: Duration,
    /// A worker silent for `heartbeat * missed_heartbeats` is dead; its jobs are taken over.
    pub missed_heartbeats: usize,
    /// First retry delay; each further attempt doubles it, up to `backoff_max`.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    pub concurrency: usize,
    /// Mail jobs at once per process: each mostly waits on the SMTP server.
    pub mail_concurrency: usize,
    /// Mass-issue orders issued at once (their own queue, so fans' orders never wait).
    pub mass_concurrency: usize,
    /// The ticketing system's circuit breaker (`TICKETING_BREAKER_FAILURES`,
    /// `TICKETING_BREAKER_PROBE_MS`).
    pub breaker: crate::breaker::Settings,
}

impl JobsConfig {
    /// How long a worker may stay silent before its queues count as not fetching: as long as
    /// it takes the queue to declare it dead and take its jobs over. Fewer missed heartbeats
    /// than that reported a busy machine (a worker waiting a few seconds for a core or a
    /// connection) as an outage.
    pub fn silent_after(&self) -> Duration {
        self.heartbeat * self.missed_heartbeats.max(1) as u32
    }
}

/// The simulators (development and tests only).
#[derive(Debug, Clone)]
pub struct SimConfig {
    pub http_addr: SocketAddr,
    pub smtp_addr: SocketAddr,
    /// The simulator's public base URL, shown to staff in development (mailbox link).
    pub public_url: Option<String>,
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| env::var(name).ok())
    }

    /// Reads the configuration through `lookup` (the environment, or a map in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let r = Reader { lookup: &lookup };
        let mode = match r.string("APP_ENV").as_deref() {
            None | Some("development") | Some("dev") | Some("test") => Mode::Development,
            Some("production") | Some("prod") => Mode::Production,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    name: "APP_ENV",
                    reason: format!("expected development or production, got {other:?}"),
                });
            }
        };
        let prod = mode == Mode::Production;
        let log_format = match r.string("LOG_FORMAT").as_deref() {
            Some("json") => LogFormat::Json,
            Some("pretty") => LogFormat::Pretty,
            None if prod => LogFormat::Json,
            None => LogFormat::Pretty,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    name: "LOG_FORMAT",
                    reason: format!("expected json or pretty, got {other:?}"),
                });
            }
        };
        let secret = |name: &'static str, dev: &str| -> Result<SecretString, ConfigError> {
            match r.string(name) {
                Some(v) => Ok(SecretString::from(v)),
                None if prod => Err(ConfigError::Missing(name)),
                None => Ok(SecretString::from(dev.to_owned())),
            }
        };
        let database_url = secret(
            "DATABASE_URL",
            "postgres://lario:lario@127.0.0.1:5432/lario",
        )?;
        let smtp_url = secret("MAIL_SMTP_URL", "smtp://127.0.0.1:2525")?;
        let api_addr: SocketAddr = r.parse("API_ADDR", "127.0.0.1:8080")?;
        let board_addr: SocketAddr = r.parse("BOARD_ADDR", "127.0.0.1:8090")?;
        let sim_http: SocketAddr = r.parse("SIM_HTTP_ADDR", "127.0.0.1:9090")?;
        let sim_smtp: SocketAddr = r.parse("SIM_SMTP_ADDR", "127.0.0.1:2525")?;
        let public_base_url = match r.string("PUBLIC_BASE_URL") {
            Some(v) => v,
            None if prod => return Err(ConfigError::Missing("PUBLIC_BASE_URL")),
            None => format!("http://{api_addr}"),
        };
        let board_public_url = r
            .string("BOARD_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://{board_addr}/"));
        let sim_public_url = match r.string("SIM_PUBLIC_URL") {
            Some(v) => Some(v),
            None if prod => None,
            None => Some(format!("http://{sim_http}")),
        };
        let auth_secret = secret(
            "AUTH_SECRET",
            "development-only-auth-secret-0123456789abcdef",
        )?;
        if prod && auth_secret.expose_secret().len() < 32 {
            return Err(ConfigError::Invalid {
                name: "AUTH_SECRET",
                reason: "must be at least 32 characters".into(),
            });
        }
        let trusted_proxies = r
            .string("TRUSTED_PROXIES")
            .map(|list| {
                list.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| {
                        s.parse().map_err(|e| ConfigError::Invalid {
                            name: "TRUSTED_PROXIES",
                            reason: format!("{s:?}: {e}"),
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?
            .unwrap_or_default();
        let google = GoogleConfig {
            issuer_url: match r.string("GOOGLE_ISSUER_URL") {
                Some(v) => v,
                None if prod => "https://accounts.google.com".into(),
                None => format!("http://{sim_http}/oidc"),
            },
            client_id: match r.string("GOOGLE_CLIENT_ID") {
                Some(v) => v,
                None if prod => return Err(ConfigError::Missing("GOOGLE_CLIENT_ID")),
                None => "lario-development".into(),
            },
            client_secret: secret("GOOGLE_CLIENT_SECRET", "lario-development-secret")?,
        };
        let ticketing = TicketingConfig {
            base_url: match r.string("TICKETING_URL") {
                Some(v) => v,
                None if prod => return Err(ConfigError::Missing("TICKETING_URL")),
                None => format!("http://{sim_http}"),
            },
            user: match r.string("TICKETING_USER") {
                Some(v) => v,
                None if prod => return Err(ConfigError::Missing("TICKETING_USER")),
                None => "lario".into(),
            },
            password: secret("TICKETING_PASSWORD", "lario-sim")?,
            timeout: Duration::from_millis(r.parse("TICKETING_TIMEOUT_MS", "10000")?),
            max_in_flight: r.parse::<usize>("TICKETING_MAX_IN_FLIGHT", "16")?.max(1),
        };
        let payments_url = match r.string("PAYMENTS_API_URL") {
            Some(v) => v,
            None if prod => "https://api.stripe.com/".into(),
            None => format!("http://{sim_http}/"),
        };
        let payments = PaymentsConfig {
            simulated: !payments_url.contains("api.stripe.com"),
            api_url: payments_url,
            secret_key: secret("STRIPE_SECRET_KEY", "sk_test_lario_simulator")?,
            publishable_key: match r.string("STRIPE_PUBLISHABLE_KEY") {
                Some(v) => v,
                None if prod => return Err(ConfigError::Missing("STRIPE_PUBLISHABLE_KEY")),
                None => "pk_test_lario_simulator".into(),
            },
            webhook_secret: secret("STRIPE_WEBHOOK_SECRET", "whsec_lario_simulator")?,
            timeout: Duration::from_millis(r.parse("PAYMENTS_TIMEOUT_MS", "15000")?),
        };
        let required = |name: &'static str, dev: &str| -> Result<String, ConfigError> {
            match r.string(name) {
                Some(v) => Ok(v),
                None if prod => Err(ConfigError::Missing(name)),
                None => Ok(dev.to_owned()),
            }
        };
        let optional_secret = |name: &'static str| -> Result<Option<SecretString>, ConfigError> {
            match r.string(name) {
                Some(v) => Ok(Some(SecretString::from(v))),
                None if prod => Err(ConfigError::Missing(name)),
                None => Ok(None),
            }
        };
        let passes = PassesConfig {
            organization: r
                .string("PASS_ORGANIZATION")
                .unwrap_or_else(|| "Como 1907".into()),
            apple_pass_type_id: required("APPLE_PASS_TYPE_ID", "pass.test.lario.tickets")?,
            apple_team_id: required("APPLE_TEAM_ID", "LARIODEV00")?,
            apple_cert_pem: match r.string("APPLE_PASS_CERT") {
                Some(v) => Some(v),
                None if prod => return Err(ConfigError::Missing("APPLE_PASS_CERT")),
                None => None,
            },
            apple_key_pem: optional_secret("APPLE_PASS_KEY")?,
            apple_wwdr_pem: r.string("APPLE_WWDR_CERT"),
            google_issuer_id: required("GOOGLE_WALLET_ISSUER_ID", "3388000000000000000")?,
            google_service_account: required(
                "GOOGLE_WALLET_SERVICE_ACCOUNT",
                "lario-dev@lario-test.iam.gserviceaccount.com",
            )?,
            google_key_pem: optional_secret("GOOGLE_WALLET_KEY")?,
            apns_url: r.string("APNS_URL").unwrap_or_else(|| {
                if prod {
                    "https://api.push.apple.com".into()
                } else {
                    format!("http://{sim_http}/apns")
                }
            }),
            google_token_url: r.string("GOOGLE_WALLET_TOKEN_URL").unwrap_or_else(|| {
                if prod {
                    "https://oauth2.googleapis.com/token".into()
                } else {
                    format!("http://{sim_http}/google-wallet/token")
                }
            }),
            google_api_url: r.string("GOOGLE_WALLET_API_URL").unwrap_or_else(|| {
                if prod {
                    "https://walletobjects.googleapis.com".into()
                } else {
                    format!("http://{sim_http}/google-wallet")
                }
            }),
            update_timeout: Duration::from_millis(r.parse("PASS_UPDATE_TIMEOUT_MS", "10000")?),
        };
        Ok(Config {
            mode,
            log_format,
            passes,
            database_url,
            database_max_connections: r.parse("DATABASE_MAX_CONNECTIONS", "20")?,
            api_addr,
            public_base_url,
            board_addr,
            board_public_url,
            max_body_bytes: r.parse("MAX_BODY_BYTES", "1048576")?,
            exports_keep: Duration::from_secs(3600 * r.parse::<u64>("EXPORTS_KEEP_HOURS", "24")?),
            fan_ui_dir: r
                .string("FAN_UI_DIR")
                .unwrap_or_else(|| "fan-ui/dist".into())
                .into(),
            admin_ui_dir: r
                .string("ADMIN_UI_DIR")
                .unwrap_or_else(|| "admin-ui/dist".into())
                .into(),
            mail: MailConfig {
                smtp_url,
                from: r
                    .string("MAIL_FROM")
                    .unwrap_or_else(|| "Como 1907 Biglietteria <biglietteria@lario.test>".into()),
                timeout: Duration::from_secs(r.parse("MAIL_TIMEOUT_SECS", "30")?),
                staff_to: r
                    .string("MAIL_STAFF_TO")
                    .unwrap_or_else(|| "biglietteria@lario.test".into()),
            },
            jobs: JobsConfig {
                worker_name: r.string("WORKER_NAME").unwrap_or_else(|| "worker".into()),
                heartbeat: Duration::from_millis(r.parse("JOBS_HEARTBEAT_MS", "3000")?),
                missed_heartbeats: r.parse("JOBS_MISSED_HEARTBEATS", "10")?,
                backoff_base: Duration::from_millis(r.parse("JOBS_BACKOFF_BASE_MS", "2000")?),
                backoff_max: Duration::from_millis(r.parse("JOBS_BACKOFF_MAX_MS", "600000")?),
                concurrency: r.parse("JOBS_CONCURRENCY", "8")?,
                mail_concurrency: r.parse("JOBS_MAIL_CONCURRENCY", "16")?,
                mass_concurrency: r.parse("JOBS_MASS_CONCURRENCY", "4")?,
                breaker: crate::breaker::Settings {
                    failures: r.parse("TICKETING_BREAKER_FAILURES", "5")?,
                    probe_every: Duration::from_millis(
                        r.parse("TICKETING_BREAKER_PROBE_MS", "10000")?,
                    ),
                },
            },
            ticketing,
            payments,
            sim: SimConfig {
                http_addr: sim_http,
                smtp_addr: sim_smtp,
                public_url: sim_public_url,
            },
            auth: AuthConfig {
                secret: auth_secret,
                secure_cookies: prod || r.string("SECURE_COOKIES").as_deref() == Some("true"),
                trusted_proxies,
                google,
            },
        })
    }

    /// The database URL, for connecting.
    pub fn database_url(&self) -> &str {
        self.database_url.expose_secret()
    }
}

struct Reader<'a, F: Fn(&str) -> Option<String>> {
    lookup: &'a F,
}

impl<F: Fn(&str) -> Option<String>> Reader<'_, F> {
    fn string(&self, name: &str) -> Option<String> {
        (self.lookup)(name).filter(|v| !v.trim().is_empty())
    }

    fn parse<T: FromStr>(&self, name: &'static str, default: &str) -> Result<T, ConfigError>
    where
        T::Err: std::fmt::Display,
    {
        let raw = self.string(name).unwrap_or_else(|| default.to_owned());
        raw.trim()
            .parse()
            .map_err(|e: T::Err| ConfigError::Invalid {
                name,
                reason: format!("{raw:?}: {e}"),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn development_defaults_point_at_local_services() {
        let c = read(&[]).unwrap();
        assert_eq!(c.mode, Mode::Development);
        assert_eq!(c.api_addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.sim.http_addr.to_string(), "127.0.0.1:9090");
        assert_eq!(c.ticketing.base_url, "http://127.0.0.1:9090");
        assert!(c.database_url().ends_with("/lario"));
        assert_eq!(c.mail.smtp_url.expose_secret(), "smtp://127.0.0.1:2525");
        assert_eq!(c.log_format, LogFormat::Pretty);
    }

    #[test]
    fn production_without_a_secret_fails_naming_it() {
        let err = read(&[("APP_ENV", "production")]).unwrap_err();
        assert_eq!(err, ConfigError::Missing("DATABASE_URL"));
        let err = read(&[
            ("APP_ENV", "production"),
            ("DATABASE_URL", "postgres://x/y"),
        ])
        .unwrap_err();
        assert_eq!(err, ConfigError::Missing("MAIL_SMTP_URL"));
        assert_eq!(err.to_string(), "MAIL_SMTP_URL must be set in production");
    }

    #[test]
    fn production_with_its_secrets_logs_json_and_hides_the_simulator() {
        let c = read(&[
            ("APP_ENV", "production"),
            ("DATABASE_URL", "postgres://x/y"),
            ("MAIL_SMTP_URL", "smtps://u:p@mail.example:465"),
            ("PUBLIC_BASE_URL", "https://tickets.example"),
            ("AUTH_SECRET", "a-production-secret-of-enough-length-0123"),
            ("GOOGLE_CLIENT_ID", "id.apps.googleusercontent.com"),
            ("GOOGLE_CLIENT_SECRET", "google-secret"),
            ("TRUSTED_PROXIES", "10.0.0.1, 10.0.0.2"),
            ("TICKETING_URL", "https://ticketing.example"),
            ("TICKETING_USER", "club"),
            ("TICKETING_PASSWORD", "vendor-secret"),
            ("STRIPE_SECRET_KEY", "sk_live_x"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_live_x"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_x"),
            ("APPLE_PASS_TYPE_ID", "pass.it.club.tickets"),
            ("APPLE_TEAM_ID", "AB12CD34EF"),
            ("APPLE_PASS_CERT", "/etc/club/pass.pem"),
            ("APPLE_PASS_KEY", "/etc/club/pass.key"),
            ("GOOGLE_WALLET_ISSUER_ID", "3388000000022"),
            (
                "GOOGLE_WALLET_SERVICE_ACCOUNT",
                "wallet@club.iam.gserviceaccount.com",
            ),
            ("GOOGLE_WALLET_KEY", "/etc/club/wallet.pem"),
        ])
        .unwrap();
        assert_eq!(
            c.passes.apple_cert_pem.as_deref(),
            Some("/etc/club/pass.pem")
        );
        assert_eq!(c.ticketing.base_url, "https://ticketing.example");
        assert_eq!(c.payments.api_url, "https://api.stripe.com/");
        assert!(!c.payments.simulated);
        assert!(c.auth.secure_cookies);
        assert_eq!(c.auth.trusted_proxies.len(), 2);
        assert_eq!(c.auth.google.issuer_url, "https://accounts.google.com");
        assert_eq!(c.log_format, LogFormat::Json);
        assert_eq!(c.sim.public_url, None);
    }

    #[test]
    fn production_needs_the_wallet_pass_certificate_and_keys() {
        let err = read(&[
            ("APP_ENV", "production"),
            ("DATABASE_URL", "postgres://x/y"),
            ("MAIL_SMTP_URL", "smtps://u:p@mail.example:465"),
            ("PUBLIC_BASE_URL", "https://tickets.example"),
            ("AUTH_SECRET", "a-production-secret-of-enough-length-0123"),
            ("GOOGLE_CLIENT_ID", "id.apps.googleusercontent.com"),
            ("GOOGLE_CLIENT_SECRET", "google-secret"),
            ("TICKETING_URL", "https://ticketing.example"),
            ("TICKETING_USER", "club"),
            ("TICKETING_PASSWORD", "vendor-secret"),
            ("STRIPE_SECRET_KEY", "sk_live_x"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_live_x"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_x"),
            ("APPLE_PASS_TYPE_ID", "pass.it.club.tickets"),
            ("APPLE_TEAM_ID", "AB12CD34EF"),
        ])
        .unwrap_err();
        assert_eq!(err, ConfigError::Missing("APPLE_PASS_CERT"));
    }

    #[test]
    fn a_malformed_value_is_named() {
        let err = read(&[("API_ADDR", "not an address")]).unwrap_err();
        assert!(matches!(
            err,
            ConfigError::Invalid {
                name: "API_ADDR",
                ..
            }
        ));
    }
}
