//! The club's ticketing platform: entities, rules and their Postgres storage.
//!
//! One module per context (see DESIGN.md "Contexts"). Nothing here knows about HTTP;
//! query functions take a `&mut PgConnection` so a handler or a job can run several of
//! them in one transaction.

pub mod accounts;
pub mod audit;
pub mod blacklist;
pub mod breaker;
pub mod build_state;
pub mod cards;
pub mod config;
pub mod corporate;
pub mod db;
pub mod email;
pub mod exports;
pub mod fixtures;
pub mod identity;
pub mod ids;
pub mod inventory;
pub mod issuance;
pub mod jobs;
pub mod language;
pub mod mass;
pub mod moderation;
pub mod money;
pub mod notifications;
pub mod orders;
pub mod pass_links;
pub mod preemption;
pub mod rate_limit;
pub mod reconciliation;
pub mod resale;
pub mod season_orders;
pub mod seasons;
pub mod secrets;
pub mod service_log;
pub mod settings;
pub mod telemetry;
pub mod transfers;
pub mod venue;
pub mod waiting_room;
pub mod wallet_passes;
