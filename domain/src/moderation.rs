//! Moderation: bans of e-mails and of titles (the spec's banned_emails and banned_titles), run
//! by staff, audited.
//!
//! A ban has a status (0 lifted, 1 active, 3 expired or scheduled), a start, an optional end
//! and a reason. Whether it bars its e-mail or title is read from its dates (not lifted, start
//! passed, end not passed): a ban is in force exactly between them, whatever the sweep's
//! timing. The status is what [`sweep`] writes back for the lists, by the spec's two rules,
//! the second one as meant: the spec says a ban whose start has passed, whose status is 3 and
//! that has no end *or a passed end* becomes 1, which would turn an expired ban active again;
//! here a scheduled ban becomes active when its start has passed and its end has not.

use crate::email::Email;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// Where a ban stands now (read from its dates).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum BanState {
    Active,
    /// Its start is ahead.
    Scheduled,
    /// Its end has passed.
    Expired,
    Lifted,
}

/// Whether a title ban reached the ticketing system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, sqlx::Type, utoipa::ToSchema)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum MirrorState {
    Pending,
    Done,
    /// The job gave up (staff can retry it from the jobs page).
    Failed,
}

/// A ban of an e-mail as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct EmailBan {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    pub email: String,
    /// As stored: 0 lifted, 1 active, 3 expired or scheduled.
    pub status: i16,
    pub state: BanState,
    pub start_at: DateTime<Utc>,
    pub end_at: Option<DateTime<Utc>>,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    /// The staff member's e-mail (none when their account is gone).
    pub created_by: Option<String>,
    pub lifted_at: Option<DateTime<Utc>>,
}

/// A ban of a title (by its fiscal seal) as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TitleBan {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    pub seal: String,
    /// The title's holder, and its match or season.
    pub holder_name: String,
    pub event: String,
    pub status: i16,
    pub state: BanState,
    pub start_at: DateTime<Utc>,
    pub end_at: Option<DateTime<Utc>>,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub lifted_at: Option<DateTime<Utc>>,
    pub mirror: MirrorState,
    /// The ticketing system's ban, once made.
    pub planet_ban_id: Option<i64>,
}

/// A ban's dates and reason, as staff give them.
#[derive(Debug, Clone)]
pub struct BanTerms {
    /// None: now.
    pub start_at: Option<DateTime<Utc>>,
    pub end_at: Option<DateTime<Utc>>,
    pub reason: String,
}

impl BanTerms {
    /// The fields that do not hold, with their codes (`required`, `too_long`, `before_start`).
    pub fn problems(&self, now: DateTime<Utc>) -> Vec<(&'static str, &'static str)> {
        let mut problems = vec![];
        let reason = self.reason.trim();
        if reason.is_empty() {
            problems.push(("reason", "required"));
        } else if reason.chars().count() > 500 {
            problems.push(("reason", "too_long"));
        }
        if let Some(end) = self.end_at
            && end <= self.start_at.unwrap_or(now)
        {
            problems.push(("end_at", "before_start"));
        }
        problems
    }
}

/// Whether a ban in force matches the e-mail.
pub async fn is_email_banned(conn: &mut PgConnection, email: &Email) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
             select 1 from banned_email
              where ban_email = $1 and status <> 0 and ban_start_date <= now()
                and (ban_end_date is null or ban_end_date > now())) as "banned!""#,
        email.as_str()
    )
    .fetch_one(conn)
    .await
}

/// Whether a ban in force matches the title of fiscal seal `seal`.
pub async fn is_title_banned(conn: &mut PgConnection, seal: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
             select 1 from banned_title
              where ban_seal = upper($1) and status <> 0 and ban_start_date <= now()
                and (ban_end_date is null or ban_end_date > now())) as "banned!""#,
        seal
    )
    .fetch_one(conn)
    .await
}

/// Adds a ban on an e-mail from now, for good (tests).
pub async fn ban_email(conn: &mut PgConnection, email: &Email) -> Result<Uuid, sqlx::Error> {
    let ban = create_email_ban(
        conn,
        None,
        email,
        &BanTerms {
            start_at: None,
            end_at: None,
            reason: "test".into(),
        },
    )
    .await?;
    Ok(ban.id)
}

async fn audit(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    action: &str,
    kind: &str,
    id: Uuid,
    details: serde_json::Value,
) -> Result<(), sqlx::Error> {
    crate::audit::record(
        conn,
        actor,
        &format!("ban.{action}"),
        kind,
        &id.to_string(),
        details,
    )
    .await
}

/// Bans `email` by `terms` (checked by the caller); audited.
pub async fn create_email_ban(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    email: &Email,
    terms: &BanTerms,
) -> Result<EmailBan, sqlx::Error> {
    let id = Uuid::now_v7();
    // The start and the status by the database's clock, the one every check reads.
    let start = sqlx::query_scalar!(
        "insert into banned_email (banned_email_id, ban_email, status, ban_start_date, ban_end_date, reason, created_by)
         values ($1, $2, case when coalesce($3, now()) <= now() and ($4::timestamptz is null or $4 > now())
                              then 1 else 3 end,
                 coalesce($3, now()), $4, $5, $6)
         returning ban_start_date",
        id,
        email.as_str(),
        terms.start_at,
        terms.end_at,
        terms.reason.trim(),
        actor
    )
    .fetch_one(&mut *conn)
    .await?;
    audit(
        conn,
        actor,
        "created",
        "banned_email",
        id,
        serde_json::json!({"email": email.as_str(), "start_at": start, "end_at": terms.end_at}),
    )
    .await?;
    email_ban(conn, id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// The title of seal `seal` to ban: its holder and event, when it is one of ours.
struct BannedTitle {
    seal: String,
    first_name: String,
    last_name: String,
    birth_date: NaiveDate,
    event: String,
}

async fn title_of_seal(
    conn: &mut PgConnection,
    seal: &str,
) -> Result<Option<BannedTitle>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select seal as "seal!", first_name as "first_name!", last_name as "last_name!",
                  birth_date as "birth_date!", event as "event!" from (
             select l.seal, l.holder_first_name as first_name, l.holder_last_name as last_name,
                    l.holder_birth_date as birth_date, f.title as event
               from order_line l join fixture f on f.id = l.fixture_id
              where l.seal = upper($1) and l.holder_first_name is not null
             union all
             select l.seal, l.holder_first_name, l.holder_last_name, l.holder_birth_date, t.name
               from season_order_line l join season_ticket t on t.id = l.season_ticket_id
              where l.seal = upper($1) and l.holder_first_name is not null
             union all
             select m.seal, l.holder_first_name, l.holder_last_name, l.holder_birth_date, f.title
               from season_match_title m join season_order_line l on l.line_id = m.line_id
               join fixture f on f.id = m.fixture_id
              where m.seal = upper($1) and l.holder_first_name is not null
             union all
             select t.seal, t.to_first_name, t.to_last_name, t.to_birth_date, f.title
               from title_transfer t join fixture f on f.id = t.fixture_id
              where t.seal = upper($1)) titles
           limit 1"#,
        seal
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| BannedTitle {
        seal: r.seal,
        first_name: r.first_name,
        last_name: r.last_name,
        birth_date: r.birth_date,
        event: r.event,
    }))
}

/// Bans the title of seal `seal` by `terms`; audited. None: no title of ours has that seal.
pub async fn create_title_ban(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    seal: &str,
    terms: &BanTerms,
) -> Result<Option<TitleBan>, sqlx::Error> {
    let Some(title) = title_of_seal(conn, seal).await? else {
        return Ok(None);
    };
    let id = Uuid::now_v7();
    let start = sqlx::query_scalar!(
        "insert into banned_title (banned_title_id, ban_seal, status, ban_start_date, ban_end_date, reason,
                                   created_by, holder_first_name, holder_last_name, holder_birth_date, event)
         values ($1, $2, case when coalesce($3, now()) <= now() and ($4::timestamptz is null or $4 > now())
                              then 1 else 3 end,
                 coalesce($3, now()), $4, $5, $6, $7, $8, $9, $10)
         returning ban_start_date",
        id,
        title.seal,
        terms.start_at,
        terms.end_at,
        terms.reason.trim(),
        actor,
        title.first_name,
        title.last_name,
        title.birth_date,
        title.event
    )
    .fetch_one(&mut *conn)
    .await?;
    audit(
        conn,
        actor,
        "created",
        "banned_title",
        id,
        serde_json::json!({"seal": title.seal, "start_at": start, "end_at": terms.end_at}),
    )
    .await?;
    title_ban(conn, id).await
}

/// What staff list: a part of the e-mail or seal, a state.
#[derive(Debug, Clone, Default)]
pub struct BanFilter {
    pub q: Option<String>,
    pub state: Option<BanState>,
}

impl BanFilter {
    fn pattern(&self) -> Option<String> {
        self.q
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .map(|q| {
                let escaped = q
                    .to_lowercase()
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_");
                format!("%{escaped}%")
            })
    }
}

/// One e-mail ban.
pub async fn email_ban(conn: &mut PgConnection, id: Uuid) -> Result<Option<EmailBan>, sqlx::Error> {
    let (bans, _) = list_email_bans(conn, Some(id), &BanFilter::default(), 1, 0).await?;
    Ok(bans.into_iter().next())
}

/// E-mail bans (`id`: that one), newest first, and how many match.
pub async fn list_email_bans(
    conn: &mut PgConnection,
    id: Option<Uuid>,
    filter: &BanFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<EmailBan>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"with bans as (
             select b.*, case when b.status = 0 then 'lifted' when b.ban_start_date > now() then 'scheduled'
                              when b.ban_end_date <= now() then 'expired' else 'active' end as state
               from banned_email b)
           select b.banned_email_id, b.ban_email, b.status, b.state as "state!: BanState", b.ban_start_date,
                  b.ban_end_date, b.reason, b.created_at, u.email as "created_by?", b.lifted_at,
                  count(*) over () as "total!"
             from bans b left join app_user u on u.user_id = b.created_by
            where ($1::uuid is null or b.banned_email_id = $1)
              and ($2::text is null or b.ban_email like $2)
              and ($3::text is null or b.state = $3)
            order by b.created_at desc, b.banned_email_id desc
            limit $4 offset $5"#,
        id,
        filter.pattern(),
        filter.state.map(state_text),
        limit,
        offset
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map(|r| r.total).unwrap_or(0);
    Ok((
        rows.into_iter()
            .map(|r| EmailBan {
                id: r.banned_email_id,
                email: r.ban_email,
                status: r.status,
                state: r.state,
                start_at: r.ban_start_date,
                end_at: r.ban_end_date,
                reason: r.reason,
                created_at: r.created_at,
                created_by: r.created_by,
                lifted_at: r.lifted_at,
            })
            .collect(),
        total,
    ))
}

fn state_text(state: BanState) -> &'static str {
    match state {
        BanState::Active => "active",
        BanState::Scheduled => "scheduled",
        BanState::Expired => "expired",
        BanState::Lifted => "lifted",
    }
}

/// One title ban.
pub async fn title_ban(conn: &mut PgConnection, id: Uuid) -> Result<Option<TitleBan>, sqlx::Error> {
    let (bans, _) = list_title_bans(conn, Some(id), &BanFilter::default(), 1, 0).await?;
    Ok(bans.into_iter().next())
}

/// Title bans (`id`: that one), newest first, and how many match.
pub async fn list_title_bans(
    conn: &mut PgConnection,
    id: Option<Uuid>,
    filter: &BanFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<TitleBan>, i64), sqlx::Error> {
    let rows = sqlx::query!(
        r#"with bans as (
             select b.*, case when b.status = 0 then 'lifted' when b.ban_start_date > now() then 'scheduled'
                              when b.ban_end_date <= now() then 'expired' else 'active' end as state
               from banned_title b)
           select b.banned_title_id, b.ban_seal, b.holder_first_name, b.holder_last_name, b.event, b.status,
                  b.state as "state!: BanState", b.ban_start_date, b.ban_end_date, b.reason, b.created_at,
                  u.email as "created_by?", b.lifted_at, b.planet_ban_id,
                  case when b.mirror_failed then 'failed' when b.mirrored_version >= b.mirror_version then 'done'
                       else 'pending' end as "mirror!: MirrorState",
                  count(*) over () as "total!"
             from bans b left join app_user u on u.user_id = b.created_by
            where ($1::uuid is null or b.banned_title_id = $1)
              and ($2::text is null or lower(b.ban_seal) like $2)
              and ($3::text is null or b.state = $3)
            order by b.created_at desc, b.banned_title_id desc
            limit $4 offset $5"#,
        id,
        filter.pattern(),
        filter.state.map(state_text),
        limit,
        offset
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map(|r| r.total).unwrap_or(0);
    Ok((
        rows.into_iter()
            .map(|r| TitleBan {
                id: r.banned_title_id,
                seal: r.ban_seal,
                holder_name: format!("{} {}", r.holder_first_name, r.holder_last_name),
                event: r.event,
                status: r.status,
                state: r.state,
                start_at: r.ban_start_date,
                end_at: r.ban_end_date,
                reason: r.reason,
                created_at: r.created_at,
                created_by: r.created_by,
                lifted_at: r.lifted_at,
                mirror: r.mirror,
                planet_ban_id: r.planet_ban_id,
            })
            .collect(),
        total,
    ))
}

/// What a change to a ban did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BanChange {
    Done,
    Missing,
    /// It was lifted: nothing changes any more.
    Lifted,
    /// The new end is not after the start.
    EndBeforeStart,
}

/// Which table a ban is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BanKind {
    Email,
    Title,
}

impl BanKind {
    fn table(self) -> &'static str {
        match self {
            BanKind::Email => "banned_email",
            BanKind::Title => "banned_title",
        }
    }
}

/// Ban `id`'s start and whether it is lifted, locked for the change; none when missing.
async fn lock_ban(
    conn: &mut PgConnection,
    kind: BanKind,
    id: Uuid,
) -> Result<Option<(DateTime<Utc>, bool)>, sqlx::Error> {
    Ok(match kind {
        BanKind::Email => sqlx::query!(
            "select ban_start_date, status from banned_email where banned_email_id = $1 for update",
            id
        )
        .fetch_optional(conn)
        .await?
        .map(|r| (r.ban_start_date, r.status == 0)),
        BanKind::Title => sqlx::query!(
            "select ban_start_date, status from banned_title where banned_title_id = $1 for update",
            id
        )
        .fetch_optional(conn)
        .await?
        .map(|r| (r.ban_start_date, r.status == 0)),
    })
}

/// New dates and reason for ban `id` (its reason checked by the caller; no `start_at`: the
/// start stays); audited. A title ban's change is then to be sent to the ticketing system.
pub async fn update_ban(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    kind: BanKind,
    id: Uuid,
    terms: &BanTerms,
) -> Result<BanChange, sqlx::Error> {
    let current = match lock_ban(conn, kind, id).await? {
        None => return Ok(BanChange::Missing),
        Some((_, true)) => return Ok(BanChange::Lifted),
        Some((start, false)) => start,
    };
    let start = terms.start_at.unwrap_or(current);
    if terms.end_at.is_some_and(|end| end <= start) {
        return Ok(BanChange::EndBeforeStart);
    }
    let reason = terms.reason.trim();
    match kind {
        BanKind::Email => {
            sqlx::query!(
                "update banned_email set ban_start_date = $2, ban_end_date = $3, reason = $4,
                        status = case when $2 <= now() and ($3::timestamptz is null or $3 > now()) then 1 else 3 end,
                        updated_at = now()
                  where banned_email_id = $1",
                id,
                start,
                terms.end_at,
                reason
            )
            .execute(&mut *conn)
            .await?;
        }
        BanKind::Title => {
            sqlx::query!(
                "update banned_title set ban_start_date = $2, ban_end_date = $3, reason = $4,
                        status = case when $2 <= now() and ($3::timestamptz is null or $3 > now()) then 1 else 3 end,
                        updated_at = now(), mirror_version = mirror_version + 1, mirror_failed = false
                  where banned_title_id = $1",
                id,
                start,
                terms.end_at,
                reason
            )
            .execute(&mut *conn)
            .await?;
        }
    }
    audit(
        conn,
        actor,
        "updated",
        kind.table(),
        id,
        serde_json::json!({"start_at": start, "end_at": terms.end_at, "reason": reason}),
    )
    .await?;
    Ok(BanChange::Done)
}

/// Lifts ban `id` (status 0); audited. A title ban's lifting is then sent to the ticketing
/// system.
pub async fn lift_ban(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    kind: BanKind,
    id: Uuid,
) -> Result<BanChange, sqlx::Error> {
    match lock_ban(conn, kind, id).await? {
        None => return Ok(BanChange::Missing),
        Some((_, true)) => return Ok(BanChange::Lifted),
        Some((_, false)) => {}
    }
    match kind {
        BanKind::Email => {
            sqlx::query!(
                "update banned_email set status = 0, lifted_at = now(), updated_at = now()
                  where banned_email_id = $1",
                id
            )
            .execute(&mut *conn)
            .await?;
        }
        BanKind::Title => {
            sqlx::query!(
                "update banned_title set status = 0, lifted_at = now(), updated_at = now(),
                        mirror_version = mirror_version + 1, mirror_failed = false
                  where banned_title_id = $1",
                id
            )
            .execute(&mut *conn)
            .await?;
        }
    }
    audit(
        conn,
        actor,
        "lifted",
        kind.table(),
        id,
        serde_json::json!({}),
    )
    .await?;
    Ok(BanChange::Done)
}

/// The spec's status rules, written back (every minute): a ban not lifted whose end has passed
/// becomes 3; a ban of status 3 whose start has passed and whose end has not becomes 1. And
/// one the spec leaves out: an active ban whose start was moved ahead becomes 3. Returns how
/// many changed.
pub async fn sweep(conn: &mut PgConnection) -> Result<u64, sqlx::Error> {
    let emails = sqlx::query!(
        "update banned_email
            set status = case when ban_end_date <= now() or ban_start_date > now() then 3 else 1 end,
                updated_at = now()
          where status <> 0
            and status <> case when ban_end_date <= now() or ban_start_date > now() then 3 else 1 end"
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let titles = sqlx::query!(
        "update banned_title
            set status = case when ban_end_date <= now() or ban_start_date > now() then 3 else 1 end,
                updated_at = now()
          where status <> 0
            and status <> case when ban_end_date <= now() or ban_start_date > now() then 3 else 1 end"
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(emails + titles)
}

/// A title ban as the ticketing system is to have it.
#[derive(Debug, Clone)]
pub struct TitleBanMirror {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub start_at: DateTime<Utc>,
    pub end_at: Option<DateTime<Utc>>,
    pub reason: String,
    pub lifted: bool,
    pub planet_ban_id: Option<i64>,
    /// The change to send, and the last one sent.
    pub version: i32,
    pub sent_version: i32,
}

/// Title ban `id` as the ticketing system is to have it.
pub async fn title_ban_mirror(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<TitleBanMirror>, sqlx::Error> {
    let row = sqlx::query!(
        "select banned_title_id, holder_first_name, holder_last_name, holder_birth_date, ban_start_date,
                ban_end_date, reason, status, planet_ban_id, mirror_version, mirrored_version
           from banned_title where banned_title_id = $1",
        id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| TitleBanMirror {
        id: r.banned_title_id,
        first_name: r.holder_first_name,
        last_name: r.holder_last_name,
        birth_date: r.holder_birth_date,
        start_at: r.ban_start_date,
        end_at: r.ban_end_date,
        reason: r.reason,
        lifted: r.status == 0,
        planet_ban_id: r.planet_ban_id,
        version: r.mirror_version,
        sent_version: r.mirrored_version,
    }))
}

/// The ticketing system has title ban `id` as of change `version` (its ban `planet_ban_id`).
pub async fn title_ban_mirrored(
    conn: &mut PgConnection,
    id: Uuid,
    version: i32,
    planet_ban_id: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update banned_title set mirrored_version = greatest(mirrored_version, $2),
                planet_ban_id = coalesce($3, planet_ban_id)
          where banned_title_id = $1",
        id,
        version,
        planet_ban_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sending title ban `id`'s change gave up.
pub async fn title_ban_mirror_failed(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update banned_title set mirror_failed = true
          where banned_title_id = $1 and mirrored_version < mirror_version",
        id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The version of title ban `id`'s latest change (to enqueue its job).
pub async fn title_ban_version(conn: &mut PgConnection, id: Uuid) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar!(
        "select mirror_version from banned_title where banned_title_id = $1",
        id
    )
    .fetch_one(conn)
    .await
}

/// A title ban whose last change the ticketing system acknowledged: whether it should be
/// there (not lifted), for the reconciliation with its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettledTitleBan {
    pub id: Uuid,
    pub lifted: bool,
}

/// The title bans whose changes were all sent (a pending one's job is still to run).
pub async fn settled_title_bans(
    conn: &mut PgConnection,
) -> Result<Vec<SettledTitleBan>, sqlx::Error> {
    sqlx::query_as!(
        SettledTitleBan,
        r#"select banned_title_id as id, status = 0 as "lifted!"
             from banned_title where mirrored_version >= mirror_version"#
    )
    .fetch_all(conn)
    .await
}

/// Title ban `id` is to be sent again (the ticketing system lost it, or still has one we
/// lifted): a new change, its ban there forgotten unless `keep_planet_id` (a lifted one's
/// must be removed by its id); returns the change's version for its job.
pub async fn resend_title_ban(
    conn: &mut PgConnection,
    id: Uuid,
    keep_planet_id: bool,
) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar!(
        "update banned_title
            set mirror_version = mirror_version + 1, mirror_failed = false,
                planet_ban_id = case when $2 then planet_ban_id end
          where banned_title_id = $1
      returning mirror_version",
        id,
        keep_planet_id
    )
    .fetch_one(conn)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_need_a_reason_and_an_end_after_the_start() {
        let now = Utc::now();
        let terms = |reason: &str, end: Option<DateTime<Utc>>| BanTerms {
            start_at: None,
            end_at: end,
            reason: reason.into(),
        };
        assert!(terms("Cori offensivi", None).problems(now).is_empty());
        assert_eq!(
            terms("  ", None).problems(now),
            vec![("reason", "required")]
        );
        assert_eq!(
            terms(&"x".repeat(501), None).problems(now),
            vec![("reason", "too_long")]
        );
        assert_eq!(
            terms("x", Some(now)).problems(now),
            vec![("end_at", "before_start")]
        );
        assert!(
            terms("x", Some(now + chrono::Duration::seconds(1)))
                .problems(now)
                .is_empty()
        );
    }
}
