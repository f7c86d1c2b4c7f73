//! The api crate's tests, one binary (linked once instead of once per file).

mod common;

mod auth;
mod bans;
mod card_applications;
mod checkout;
mod corporate;
mod errors;
mod exports;
mod google;
mod hardening;
mod identity;
mod ids;
mod lockouts;
mod mass_issue;
mod match_preemption;
mod onsale;
mod openapi;
mod passes;
mod people;
mod preemption;
mod reconciliation;
mod refunds;
mod resale;
mod season_orders;
mod seasons;
mod second_factor;
mod service_log;
mod settings;
mod system;
mod transfers;
mod waiting_room;
