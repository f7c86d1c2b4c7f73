//! Durable multi-step flows, each an apalis job on Postgres.
//!
//! Every job payload is ids; every job reloads its state and returns early when its work is
//! done, so running it twice (a retry, a worker killed half-way) changes nothing twice.
//! Jobs are enqueued with [`enqueue`] inside the transaction that commits the state that
//! causes them.

pub mod checkout;
pub mod corporate;
pub mod eligibility;
pub mod exports;
pub mod mail;
pub mod mass;
pub mod onsale;
pub mod reconciliation;
pub mod runtime;
pub mod service_log;
pub mod staff;

pub use runtime::{Backoff, Job, JobContext, JobError, enqueue, execute};
