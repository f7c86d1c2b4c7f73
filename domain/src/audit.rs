//! The audit log: every staff action on a record writes one entry, in the action's
//! transaction.

use sqlx::PgConnection;
use uuid::Uuid;

/// Records that `actor` did `action` to `subject_type`/`subject_id`.
pub async fn record(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    action: &str,
    subject_type: &str,
    subject_id: &str,
    details: serde_json::Value,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"insert into audit_entry (audit_entry_id, actor_user_id, action, subject_type, subject_id, details)
           values ($1, $2, $3, $4, $5, $6)"#,
        Uuid::now_v7(),
        actor,
        action,
        subject_type,
        subject_id,
        details
    )
    .execute(conn)
    .await?;
    Ok(())
}
