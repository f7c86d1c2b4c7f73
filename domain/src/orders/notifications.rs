//! A fan's notifications: written with the transition that causes them, read and marked read.

use super::*;

/// Tells a fan something about an order (once per order and kind).
pub async fn notify_fan(
    conn: &mut PgConnection,
    user: Uuid,
    kind: &str,
    params: serde_json::Value,
    order_id: OrderId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into notification (notification_id, user_id, kind, params, order_id)
         values ($1, $2, $3, $4, $5) on conflict (order_id, kind) do nothing",
        Uuid::now_v7(),
        user,
        kind,
        params,
        order_id.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A fan's notification.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Notification {
    pub id: Uuid,
    pub kind: String,
    pub params: serde_json::Value,
    pub order_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

/// `user`'s latest notifications, newest first.
pub async fn notifications(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<Vec<Notification>, sqlx::Error> {
    sqlx::query_as!(
        Notification,
        r#"select notification_id as id, kind, params, order_id, created_at, read_at is not null as "read!"
             from notification where user_id = $1 order by created_at desc limit 100"#,
        user
    )
    .fetch_all(conn)
    .await
}

/// Marks all of `user`'s notifications read.
pub async fn mark_notifications_read(
    conn: &mut PgConnection,
    user: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update notification set read_at = now() where user_id = $1 and read_at is null",
        user
    )
    .execute(conn)
    .await?;
    Ok(())
}
