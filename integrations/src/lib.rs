//! Clients of the outside world. Each speaks to the real service in production and to its
//! simulator (`sim`) in development and tests; only the configured address differs.

pub mod documents;
pub mod mail;
pub mod observe;
pub mod passes;
pub mod payments;
pub mod sheets;
pub mod ticketing;
