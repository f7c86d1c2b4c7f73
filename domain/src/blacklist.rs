//! The club's blacklist: people the club will not sell to (the spec's blacklist-list,
//! blacklist-insert, blacklist-remove). The ticketing system keeps it and refuses to issue
//! them a title; staff add and remove entries here, audited, and `workflows::blacklist` sends
//! each change there.

use crate::identity::fiscal_code::FiscalCode;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::collections::BTreeMap;
use uuid::Uuid;

/// Whether an entry's last change reached the ticketing system (as a title ban's).
pub use crate::moderation::MirrorState;

/// An entry as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BlacklistEntry {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    /// Empty when not given.
    pub fiscal_code: String,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    /// The staff member's e-mail (none when their account is gone).
    pub created_by: Option<String>,
    pub removed_at: Option<DateTime<Utc>>,
    pub mirror: MirrorState,
}

/// A person to blacklist, as staff type them.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewBlacklistEntry {
    pub first_name: String,
    pub last_name: String,
    pub birth_date: Option<NaiveDate>,
    /// Optional; checked (form and check character) when given.
    #[serde(default)]
    pub fiscal_code: String,
    pub reason: String,
}

/// The fields that do not hold, with their codes.
pub type Problems = BTreeMap<&'static str, &'static str>;

/// Why an entry cannot be added or removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Invalid(Problems),
    /// The person is on the list already.
    Already,
    /// Removed already.
    Removed,
    NotFound,
}

fn problems(entry: &NewBlacklistEntry, today: NaiveDate) -> (Problems, String) {
    let mut problems = Problems::new();
    for (field, value, max) in [
        ("first_name", &entry.first_name, 60),
        ("last_name", &entry.last_name, 60),
        ("reason", &entry.reason, 500),
    ] {
        let value = value.trim();
        if value.is_empty() {
            problems.insert(field, "required");
        } else if value.chars().count() > max {
            problems.insert(field, "too_long");
        }
    }
    match entry.birth_date {
        None => {
            problems.insert("birth_date", "required");
        }
        Some(d) if d > today => {
            problems.insert("birth_date", "in_future");
        }
        Some(_) => {}
    }
    let code = entry.fiscal_code.trim();
    let fiscal_code = if code.is_empty() {
        String::new()
    } else {
        match FiscalCode::parse(code) {
            Ok(c) => c.as_str().to_owned(),
            Err(p) => {
                problems.insert("fiscal_code", p.code());
                String::new()
            }
        }
    };
    (problems, fiscal_code)
}

/// Adds a person to the list, audited; the caller queues the job.
pub async fn add(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    entry: &NewBlacklistEntry,
    today: NaiveDate,
) -> Result<Result<BlacklistEntry, Refusal>, sqlx::Error> {
    let (problems, fiscal_code) = problems(entry, today);
    let Some(birth_date) = entry.birth_date.filter(|_| problems.is_empty()) else {
        return Ok(Err(Refusal::Invalid(problems)));
    };
    let id = Uuid::now_v7();
    let inserted = sqlx::query_scalar!(
        r#"insert into blacklist_entry
               (blacklist_entry_id, first_name, last_name, birth_date, fiscal_code, reason, created_by)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict do nothing
           returning blacklist_entry_id"#,
        id,
        entry.first_name.trim(),
        entry.last_name.trim(),
        birth_date,
        fiscal_code,
        entry.reason.trim(),
        actor
    )
    .fetch_optional(&mut *conn)
    .await?;
    if inserted.is_none() {
        return Ok(Err(Refusal::Already));
    }
    crate::audit::record(
        conn,
        actor,
        "blacklist.added",
        "blacklist_entry",
        &id.to_string(),
        serde_json::json!({"reason": entry.reason.trim()}),
    )
    .await?;
    Ok(get(conn, id).await?.ok_or(Refusal::NotFound))
}

/// Takes an entry off the list, audited; the caller queues the job.
pub async fn remove(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    id: Uuid,
) -> Result<Result<BlacklistEntry, Refusal>, sqlx::Error> {
    let removed = sqlx::query_scalar!(
        r#"update blacklist_entry
              set removed_at = now(), removed_by = $2, version = version + 1, mirror = 'pending'
            where blacklist_entry_id = $1 and removed_at is null
        returning blacklist_entry_id"#,
        id,
        actor
    )
    .fetch_optional(&mut *conn)
    .await?;
    if removed.is_none() {
        return Ok(Err(match get(conn, id).await? {
            Some(_) => Refusal::Removed,
            None => Refusal::NotFound,
        }));
    }
    crate::audit::record(
        conn,
        actor,
        "blacklist.removed",
        "blacklist_entry",
        &id.to_string(),
        serde_json::json!({}),
    )
    .await?;
    Ok(get(conn, id).await?.ok_or(Refusal::NotFound))
}

/// One entry.
pub async fn get(conn: &mut PgConnection, id: Uuid) -> Result<Option<BlacklistEntry>, sqlx::Error> {
    Ok(list(conn, Some(id), None, false, 1, 0).await?.0.pop())
}

/// Entries, newest first: `q` a part of the name or the fiscal code; `current` only those in
/// force. With the total.
pub async fn list(
    conn: &mut PgConnection,
    id: Option<Uuid>,
    q: Option<&str>,
    current: bool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<BlacklistEntry>, i64), sqlx::Error> {
    let pattern = q
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(crate::db::contains_pattern);
    let rows = sqlx::query!(
        r#"select b.blacklist_entry_id, b.first_name, b.last_name, b.birth_date, b.fiscal_code,
                  b.reason, b.created_at, u.email as "created_by?", b.removed_at,
                  b.mirror as "mirror: MirrorState", count(*) over () as "total!"
             from blacklist_entry b left join app_user u on u.user_id = b.created_by
            where ($1::uuid is null or b.blacklist_entry_id = $1)
              and ($2::text is null
                   or lower(b.first_name || ' ' || b.last_name || ' ' || b.fiscal_code) like $2)
              and (not $3 or b.removed_at is null)
            order by b.created_at desc, b.blacklist_entry_id desc
            limit $4 offset $5"#,
        id,
        pattern,
        current,
        limit,
        offset
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map(|r| r.total).unwrap_or(0);
    Ok((
        rows.into_iter()
            .map(|r| BlacklistEntry {
                id: r.blacklist_entry_id,
                first_name: r.first_name,
                last_name: r.last_name,
                birth_date: r.birth_date,
                fiscal_code: r.fiscal_code,
                reason: r.reason,
                created_at: r.created_at,
                created_by: r.created_by,
                removed_at: r.removed_at,
                mirror: r.mirror,
            })
            .collect(),
        total,
    ))
}

/// An entry as the ticketing system is to have it.
#[derive(Debug, Clone)]
pub struct ToSend {
    pub version: i32,
    pub sent_version: i32,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub fiscal_code: String,
    pub reason: String,
    pub removed: bool,
    /// Another entry in force names the same person (removed and added again): then a removal
    /// must not take them off the ticketing system's list.
    pub listed_again: bool,
}

pub async fn to_send(conn: &mut PgConnection, id: Uuid) -> Result<Option<ToSend>, sqlx::Error> {
    sqlx::query_as!(
        ToSend,
        r#"select b.version, b.sent_version, b.first_name, b.last_name, b.birth_date, b.fiscal_code,
                  b.reason, b.removed_at is not null as "removed!",
                  exists (select 1 from blacklist_entry o
                           where o.blacklist_entry_id <> b.blacklist_entry_id and o.removed_at is null
                             and ((o.fiscal_code <> '' and o.fiscal_code = b.fiscal_code)
                                  or (upper(o.first_name) = upper(b.first_name)
                                      and upper(o.last_name) = upper(b.last_name)
                                      and o.birth_date = b.birth_date))) as "listed_again!"
             from blacklist_entry b where b.blacklist_entry_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn version(conn: &mut PgConnection, id: Uuid) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar!(
        "select version from blacklist_entry where blacklist_entry_id = $1",
        id
    )
    .fetch_one(conn)
    .await
}

/// Records that change `version` reached the ticketing system.
pub async fn sent(conn: &mut PgConnection, id: Uuid, version: i32) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update blacklist_entry
            set sent_version = greatest(sent_version, $2),
                mirror = case when version <= greatest(sent_version, $2) then 'done' else mirror end
          where blacklist_entry_id = $1",
        id,
        version
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The job gave up: staff see it failed (and can retry it from the jobs page).
pub async fn send_failed(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update blacklist_entry set mirror = 'failed' where blacklist_entry_id = $1",
        id
    )
    .execute(conn)
    .await?;
    Ok(())
}
