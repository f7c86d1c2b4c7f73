//! Mass issuing (spec: /admin/tickets/massissue, report_mass_issuing_task,
//! report_fixture_tickets): staff issue many tickets of one fixture at once, from a sheet or
//! typed lines. Every line is checked before anything is issued; a task then sells each
//! valid line as a one-seat staff order (so the seat and holder rules of every order hold)
//! and records what became of it: finalised (issued) or unfinalised, with its reason.

use crate::ids::{FixtureId, OrderId, ReductionId, SeatId};
use crate::{
    email::Email,
    orders::{HolderDetails, HolderInput},
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::{BTreeMap, HashMap, HashSet};
use uuid::Uuid;

mod check;
mod progress;
mod sheet;
mod tasks;

pub use check::*;
pub use progress::*;
pub use sheet::*;
pub use tasks::*;

/// Most lines one task may carry.
pub const MAX_LINES: usize = 2000;

/// The reduction of a line that names none.
pub const DEFAULT_REDUCTION: &str = "INTERO";

struct SeatRow {
    id: i64,
    label: String,
    sector_code: String,
    sector_name: String,
    free: bool,
}
