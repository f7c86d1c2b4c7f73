//! Mass issuing (spec: /admin/tickets/massissue, report_mass_issuing_task,
//! report_fixture_tickets): staff issue many tickets of one fixture, or many season seats of
//! one season ticket, at once, from a sheet or typed lines. Every line is checked before anything is issued; a task then sells each
//! valid line as a one-seat staff order, or season order (so the seat and holder rules of
//! every order hold),
//! and records what became of it: finalised (issued) or unfinalised, with its reason.

use crate::ids::{FixtureId, OrderId, ReductionId, SeasonOrderId, SeasonTicketId, SeatId};
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

/// What a task issues: tickets of a fixture, or season seats of a season ticket (as season
/// titles, or as collections of match titles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Fixture(FixtureId),
    Season {
        id: SeasonTicketId,
        collection: bool,
    },
}

impl Target {
    fn columns(self) -> (Option<i64>, Option<i64>, bool) {
        match self {
            Target::Fixture(f) => (Some(f.0), None, false),
            Target::Season { id, collection } => (None, Some(id.0), collection),
        }
    }

    fn from_columns(fixture: Option<i64>, season: Option<i64>, collection: bool) -> Self {
        match (fixture, season) {
            (Some(f), _) => Target::Fixture(FixtureId(f)),
            // The table's CHECK: exactly one of the two.
            (None, s) => Target::Season {
                id: SeasonTicketId(s.unwrap_or_default()),
                collection,
            },
        }
    }
}

struct SeatRow {
    id: i64,
    label: String,
    sector_code: String,
    sector_name: String,
    free: bool,
}
