//! Where a staff-requested build is (an export, a mismatch report): made by a job, watched
//! from the staff's list. Stored as text with a CHECK of the same values.

use serde::{Deserialize, Serialize};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum BuildState {
    Queued,
    Running,
    Done,
    Failed,
}

impl BuildState {
    pub fn parse(s: &str) -> Option<BuildState> {
        match s {
            "queued" => Some(BuildState::Queued),
            "running" => Some(BuildState::Running),
            "done" => Some(BuildState::Done),
            "failed" => Some(BuildState::Failed),
            _ => None,
        }
    }
}
