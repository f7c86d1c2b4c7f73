//! The club's settings (the spec's configuration document): the ticketing system's ids for the
//! club, whether the tickets' e-mail carries the PDFs, the points per euro, maintenance. One
//! row, changed by admins (audited); every change is announced on [`CHANNEL`] in its
//! transaction so that each api process refreshes its copy at once. The worker reads the row
//! where it uses it (a job's own queries dwarf one more).
//!
//! Secrets are not settings: they stay in the environment (`domain::config`).

use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// Where a change of the settings is announced (the payload is empty).
pub const CHANNEL: &str = "club_settings";

/// The settings as the API shows and takes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ClubSettings)]
pub struct Settings {
    /// The ticketing system's operator (spec: operatorId).
    pub operator_id: i32,
    /// The web terminal (spec: terminaleId).
    pub terminal_id: i32,
    /// The app's terminal (spec: terminaleIdMobile).
    pub terminal_id_mobile: i32,
    /// The organiser, the club (spec: organizzatoreId).
    pub organizer_id: i32,
    /// The web point of sale (spec: puntovenditaId).
    pub point_of_sale_id: i32,
    /// The app's point of sale (spec: puntovenditaIdMobile).
    pub point_of_sale_id_mobile: i32,
    /// The box office's sales point (spec: salesPoint).
    pub box_office_sales_point: i32,
    /// The tickets' e-mail carries each ticket as a PDF (spec: titleEmailAttachments); off,
    /// the fan downloads them from the wallet.
    pub title_email_attachments: bool,
    /// Points per euro (spec: comoPointConversion).
    pub points_per_euro: i32,
    /// Fans are sent to the maintenance page and their writes refused; staff keep working
    /// (spec: maintenanceMode).
    pub maintenance_mode: bool,
}

/// What the fan app needs of the settings (anyone may read it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = PublicSettings)]
pub struct Public {
    pub maintenance_mode: bool,
}

impl Settings {
    pub fn public(&self) -> Public {
        Public {
            maintenance_mode: self.maintenance_mode,
        }
    }

    /// Each field's problem, by the API's stable codes: the ids are positive (at most
    /// 999,999), the points per euro 1 to 100,000.
    pub fn problems(&self) -> BTreeMap<String, String> {
        let mut problems = BTreeMap::new();
        for (field, id) in [
            ("operator_id", self.operator_id),
            ("terminal_id", self.terminal_id),
            ("terminal_id_mobile", self.terminal_id_mobile),
            ("organizer_id", self.organizer_id),
            ("point_of_sale_id", self.point_of_sale_id),
            ("point_of_sale_id_mobile", self.point_of_sale_id_mobile),
            ("box_office_sales_point", self.box_office_sales_point),
        ] {
            if !(1..=999_999).contains(&id) {
                problems.insert(field.to_owned(), "out_of_range".to_owned());
            }
        }
        if !(1..=100_000).contains(&self.points_per_euro) {
            problems.insert("points_per_euro".to_owned(), "out_of_range".to_owned());
        }
        problems
    }

    /// The fields that differ from `other`, each as `{from, to}` (the audit entry's details).
    pub fn changes(&self, other: &Settings) -> serde_json::Value {
        let (before, after) = (
            serde_json::to_value(self).unwrap_or_default(),
            serde_json::to_value(other).unwrap_or_default(),
        );
        let mut changes = serde_json::Map::new();
        if let (Some(before), Some(after)) = (before.as_object(), after.as_object()) {
            for (field, from) in before {
                let to = &after[field];
                if from != to {
                    changes.insert(field.clone(), serde_json::json!({ "from": from, "to": to }));
                }
            }
        }
        serde_json::Value::Object(changes)
    }
}

/// The settings.
pub async fn load(conn: &mut PgConnection) -> Result<Settings, sqlx::Error> {
    sqlx::query_as!(
        Settings,
        "select operator_id, terminal_id, terminal_id_mobile, organizer_id, point_of_sale_id,
                point_of_sale_id_mobile, box_office_sales_point, title_email_attachments,
                points_per_euro, maintenance_mode
           from club_settings where id = 1"
    )
    .fetch_one(conn)
    .await
}

/// Replaces the settings (checked by [`Settings::problems`] first), audits what changed and
/// announces it, on `conn` (a transaction). Returns the settings before.
pub async fn save(
    conn: &mut PgConnection,
    actor: Uuid,
    new: &Settings,
) -> Result<Settings, sqlx::Error> {
    // The row locked: two admins saving at once are audited in the order they wrote.
    let before = sqlx::query_as!(
        Settings,
        "select operator_id, terminal_id, terminal_id_mobile, organizer_id, point_of_sale_id,
                point_of_sale_id_mobile, box_office_sales_point, title_email_attachments,
                points_per_euro, maintenance_mode
           from club_settings where id = 1 for update"
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query!(
        "update club_settings
            set operator_id = $1, terminal_id = $2, terminal_id_mobile = $3, organizer_id = $4,
                point_of_sale_id = $5, point_of_sale_id_mobile = $6, box_office_sales_point = $7,
                title_email_attachments = $8, points_per_euro = $9, maintenance_mode = $10,
                updated_at = now(), updated_by = $11
          where id = 1",
        new.operator_id,
        new.terminal_id,
        new.terminal_id_mobile,
        new.organizer_id,
        new.point_of_sale_id,
        new.point_of_sale_id_mobile,
        new.box_office_sales_point,
        new.title_email_attachments,
        new.points_per_euro,
        new.maintenance_mode,
        actor,
    )
    .execute(&mut *conn)
    .await?;
    let changes = before.changes(new);
    if changes.as_object().is_some_and(|c| !c.is_empty()) {
        crate::audit::record(
            conn,
            Some(actor),
            "settings.changed",
            "settings",
            "club",
            changes,
        )
        .await?;
    }
    sqlx::query!("select pg_notify($1, '')", CHANNEL)
        .execute(&mut *conn)
        .await?;
    Ok(before)
}
