//! The integrations crate's tests, one binary (linked once instead of once per file).

mod common;

mod ticketing;
mod ticketing_season;
