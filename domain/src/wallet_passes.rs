//! The passes handed out to phone wallets, and the Apple devices registered for their
//! updates (Apple's web service for passes). A pass's serial number is the fiscal seal it was
//! made for; what it shows is kept (`shown`) so that a change of its title (passed on,
//! refunded, cancelled: the triggers of `wallet_pass` mark it) is found, the pass brought up
//! to date, and the phones told.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

/// A pass handed out.
#[derive(Debug, Clone)]
pub struct WalletPass {
    pub serial: String,
    /// [`crate::pass_links::PassTitle::key`]
    pub title: String,
    pub language: String,
    /// What the pass shows (the integrations' `PassTicket`, as JSON).
    pub shown: serde_json::Value,
    pub google: bool,
    pub updated_at: DateTime<Utc>,
}

/// Records a pass handed out now (downloaded, or its Google save link made), showing `shown`.
/// Handed out again, it keeps its update time unless what it shows changed.
pub async fn handed_out(
    conn: &mut PgConnection,
    serial: &str,
    title: &str,
    language: &str,
    shown: &serde_json::Value,
    google: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into wallet_pass (serial, title, language, shown, google, notified_at)
         values ($1, $2, $3, $4, $5, now())
         on conflict (serial) do update
            set title = excluded.title,
                language = excluded.language,
                google = wallet_pass.google or excluded.google,
                shown = excluded.shown,
                updated_at = case when wallet_pass.shown = excluded.shown
                                  then wallet_pass.updated_at else now() end",
        serial,
        title,
        if language == "en" { "en" } else { "it" },
        shown,
        google
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The pass of `serial`, when one was handed out.
pub async fn get(conn: &mut PgConnection, serial: &str) -> Result<Option<WalletPass>, sqlx::Error> {
    sqlx::query_as!(
        WalletPass,
        "select serial, title, language, shown, google, updated_at from wallet_pass where serial = $1",
        serial
    )
    .fetch_optional(conn)
    .await
}

/// A device's registration for a pass's updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registration {
    Created,
    /// Already registered (its push token brought up to date).
    Existing,
}

/// Registers `device` for the updates of the pass `serial` (which must have been handed out).
pub async fn register(
    conn: &mut PgConnection,
    device: &str,
    serial: &str,
    push_token: &str,
) -> Result<Registration, sqlx::Error> {
    let created = sqlx::query_scalar!(
        r#"insert into wallet_pass_device (device_id, serial, push_token) values ($1, $2, $3)
           on conflict (device_id, serial) do update set push_token = excluded.push_token
           returning (xmax = 0) as "created!""#,
        device,
        serial,
        push_token
    )
    .fetch_one(conn)
    .await?;
    Ok(if created {
        Registration::Created
    } else {
        Registration::Existing
    })
}

/// Ends `device`'s registration for `serial`; false when there was none.
pub async fn unregister(
    conn: &mut PgConnection,
    device: &str,
    serial: &str,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query!(
        "delete from wallet_pass_device where device_id = $1 and serial = $2",
        device,
        serial
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected() > 0)
}

/// The passes `device` is registered for that changed after `since` (all when `None`), and
/// the latest change among them: Apple's "passes updated since" and its next tag.
pub async fn updated_since(
    conn: &mut PgConnection,
    device: &str,
    since: Option<DateTime<Utc>>,
) -> Result<(Vec<String>, Option<DateTime<Utc>>), sqlx::Error> {
    let rows = sqlx::query!(
        "select p.serial, p.updated_at from wallet_pass_device d
           join wallet_pass p using (serial)
          where d.device_id = $1 and ($2::timestamptz is null or p.updated_at > $2)
          order by p.serial",
        device,
        since
    )
    .fetch_all(conn)
    .await?;
    let latest = rows.iter().map(|r| r.updated_at).max();
    Ok((rows.into_iter().map(|r| r.serial).collect(), latest))
}

/// The push tokens of the devices registered for `serial`.
pub async fn push_tokens(
    conn: &mut PgConnection,
    serial: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select distinct push_token from wallet_pass_device where serial = $1 order by push_token",
        serial
    )
    .fetch_all(conn)
    .await
}

/// Forgets every registration with `push_token` (APNs said the device no longer takes it).
pub async fn forget_push_token(
    conn: &mut PgConnection,
    push_token: &str,
) -> Result<u64, sqlx::Error> {
    let r = sqlx::query!(
        "delete from wallet_pass_device where push_token = $1",
        push_token
    )
    .execute(conn)
    .await?;
    Ok(r.rows_affected())
}

/// The passes whose title changed since they were last brought up to date, oldest change
/// first: `(serial, changed_at)`.
pub async fn changed(
    conn: &mut PgConnection,
    limit: i64,
) -> Result<Vec<(String, DateTime<Utc>)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select serial, changed_at as "changed_at!" from wallet_pass
            where changed_at is not null and (updated_for is null or updated_for < changed_at)
            order by changed_at limit $1"#,
        limit
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.serial, r.changed_at)).collect())
}

/// The pass of `serial`, locked while it is brought up to date.
pub async fn lock(
    conn: &mut PgConnection,
    serial: &str,
) -> Result<Option<WalletPass>, sqlx::Error> {
    sqlx::query_as!(
        WalletPass,
        "select serial, title, language, shown, google, updated_at from wallet_pass
          where serial = $1 for update",
        serial
    )
    .fetch_optional(conn)
    .await
}

/// Records that the pass now shows `shown` (a new update time when that differs) and that the
/// change of `changed_at` is handled. Returns the pass's update time when the phones have not
/// been told of it yet.
pub async fn brought_up_to_date(
    conn: &mut PgConnection,
    serial: &str,
    shown: &serde_json::Value,
    changed_at: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    let r = sqlx::query!(
        "update wallet_pass
            set updated_at = case when shown = $2 then updated_at else now() end,
                shown = $2,
                updated_for = greatest(updated_for, $3)
          where serial = $1
      returning updated_at, notified_at",
        serial,
        shown,
        changed_at
    )
    .fetch_one(conn)
    .await?;
    Ok((r.notified_at != Some(r.updated_at)).then_some(r.updated_at))
}

/// The phones were told of the pass's update of `updated_at`.
pub async fn notified(
    conn: &mut PgConnection,
    serial: &str,
    updated_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update wallet_pass set notified_at = greatest(notified_at, $2) where serial = $1",
        serial,
        updated_at
    )
    .execute(conn)
    .await?;
    Ok(())
}
