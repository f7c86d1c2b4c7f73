//! The workers crate's tests, one binary (linked once instead of once per file).

mod common;

mod checkout_crash;
mod database_restart;
mod mail_job;
mod mass_crash;
mod season_crash;
mod transfer_crash;
