//! The user account (the spec's `users`), its role, and the profile rules.

use crate::{email::Email, language::Language};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use std::{collections::BTreeMap, net::IpAddr};
use uuid::Uuid;

/// What an account may do, from its `acc_level`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// acc_level 1.
    Admin,
    /// acc_level 2.
    Staff,
    /// acc_level 51 or 55.
    Corporate,
    /// acc_level 100 (and anything unknown).
    Fan,
}

impl Role {
    pub fn from_level(level: i16) -> Self {
        match level {
            1 => Role::Admin,
            2 => Role::Staff,
            51 | 55 => Role::Corporate,
            _ => Role::Fan,
        }
    }

    /// May use the admin app (spec: levels 1 and 2, also exempt from maintenance).
    pub fn is_staff(self) -> bool {
        matches!(self, Role::Admin | Role::Staff)
    }

    /// Parses a role filter of the admin app.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "admin" => Some(Role::Admin),
            "staff" => Some(Role::Staff),
            "corporate" => Some(Role::Corporate),
            "fan" => Some(Role::Fan),
            _ => None,
        }
    }

    /// The acc_levels a role covers.
    pub fn levels(self) -> &'static [i16] {
        match self {
            Role::Admin => &[1],
            Role::Staff => &[2],
            Role::Corporate => &[51, 55],
            Role::Fan => &[100],
        }
    }
}

/// An account as the product reads it (missing optional fields read as defaults: the
/// columns are not null with defaults).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct User {
    #[serde(rename = "id")]
    pub user_id: Uuid,
    pub email: String,
    pub name: String,
    pub display_name: String,
    pub first_name: String,
    pub last_name: String,
    pub language: String,
    pub status: i16,
    pub acc_level: i16,
    pub acc_type: i16,
    pub is_agent: bool,
    pub is_corporate: bool,
    pub planet_is_sponsor: bool,
    pub is_first_time_login: bool,
    pub is_logged_in: bool,
    pub credits: i32,
    pub user_tier: i16,
    pub version: String,
    pub marketing_consent: bool,
    pub profiling_consent: bool,
    pub third_party_consent: bool,
    pub consent_13_years: bool,
    #[serde(skip)]
    pub password_hash: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_login_at: Option<DateTime<Utc>>,
}

impl User {
    pub fn role(&self) -> Role {
        Role::from_level(self.acc_level)
    }

    pub fn has_password(&self) -> bool {
        self.password_hash.is_some()
    }
}

/// Loads an account by id.
pub async fn find_by_id(conn: &mut PgConnection, id: Uuid) -> Result<Option<User>, sqlx::Error> {
    sqlx::query_as!(
        User,
        r#"select user_id, email, name, display_name, first_name, last_name, language, status, acc_level, acc_type,
                  is_agent, is_corporate, planet_is_sponsor, is_first_time_login, is_logged_in, credits, user_tier,
                  version, marketing_consent, profiling_consent, third_party_consent, consent_13_years,
                  password_hash, created_at, last_login_at
             from app_user where user_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// Loads an account by (normalised) e-mail.
pub async fn find_by_email(
    conn: &mut PgConnection,
    email: &Email,
) -> Result<Option<User>, sqlx::Error> {
    sqlx::query_as!(
        User,
        r#"select user_id, email, name, display_name, first_name, last_name, language, status, acc_level, acc_type,
                  is_agent, is_corporate, planet_is_sponsor, is_first_time_login, is_logged_in, credits, user_tier,
                  version, marketing_consent, profiling_consent, third_party_consent, consent_13_years,
                  password_hash, created_at, last_login_at
             from app_user where email = $1"#,
        email.as_str()
    )
    .fetch_optional(conn)
    .await
}

/// Consents given at sign-up (all false unless ticked).
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, utoipa::ToSchema)]
pub struct Consents {
    #[serde(default)]
    pub marketing: bool,
    #[serde(default)]
    pub profiling: bool,
    #[serde(default)]
    pub third_party: bool,
}

/// A new account with the spec's defaults (credits 500, acc_level 100, acc_type 1,
/// language en unless given, version 1.1.4, status 1, isLoggedIn false,
/// isFirstTimeLogin true). Returns the existing account when the e-mail has one.
pub async fn create_or_get(
    conn: &mut PgConnection,
    email: &Email,
    language: Option<Language>,
    registration_ip: Option<IpAddr>,
    consents: Consents,
) -> Result<(User, bool), sqlx::Error> {
    let id = Uuid::now_v7();
    let inserted = sqlx::query!(
        r#"insert into app_user (user_id, email, language, registration_ip, marketing_consent,
                                 profiling_consent, third_party_consent)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (email) do nothing"#,
        id,
        email.as_str(),
        language.unwrap_or(Language::En).code(),
        registration_ip.map(sqlx::types::ipnetwork::IpNetwork::from),
        consents.marketing,
        consents.profiling,
        consents.third_party,
    )
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1;
    let user = find_by_email(conn, email)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok((user, inserted))
}

/// Remembers what a sign-up form said for `email` until its code or link is used
/// ([`create_from_signup`]); the latest request wins.
pub async fn remember_signup(
    conn: &mut PgConnection,
    email: &Email,
    language: Option<Language>,
    registration_ip: Option<IpAddr>,
    consents: Consents,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"insert into pending_signup (email, language, marketing_consent, profiling_consent,
                                       third_party_consent, registration_ip)
           values ($1, $2, $3, $4, $5, $6)
           on conflict (email) do update set language = excluded.language,
                marketing_consent = excluded.marketing_consent, profiling_consent = excluded.profiling_consent,
                third_party_consent = excluded.third_party_consent, registration_ip = excluded.registration_ip,
                created_at = now()"#,
        email.as_str(),
        language.unwrap_or(Language::En).code(),
        consents.marketing,
        consents.profiling,
        consents.third_party,
        registration_ip.map(sqlx::types::ipnetwork::IpNetwork::from),
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The account of `email`, made now from its remembered sign-up (or the defaults) when it
/// does not exist yet: called once the e-mail is proved (a code or link used).
pub async fn create_from_signup(
    conn: &mut PgConnection,
    email: &Email,
) -> Result<(User, bool), sqlx::Error> {
    if let Some(user) = find_by_email(conn, email).await? {
        return Ok((user, false));
    }
    let pending = sqlx::query!(
        r#"delete from pending_signup where email = $1
           returning language, marketing_consent, profiling_consent, third_party_consent, registration_ip"#,
        email.as_str()
    )
    .fetch_optional(&mut *conn)
    .await?;
    let (language, ip, consents) = match pending {
        Some(p) => (
            Some(Language::from_code_or_default(&p.language)),
            p.registration_ip.map(|n| n.ip()),
            Consents {
                marketing: p.marketing_consent,
                profiling: p.profiling_consent,
                third_party: p.third_party_consent,
            },
        ),
        None => (None, None, Consents::default()),
    };
    create_or_get(conn, email, language, ip, consents).await
}

/// Records a successful sign-in: isFirstTimeLogin becomes false, isLoggedIn true.
pub async fn record_sign_in(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"update app_user set is_first_time_login = false, is_logged_in = true,
                              is_email_connected = true, last_login_at = now()
            where user_id = $1"#,
        id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a logout (isLoggedIn false).
pub async fn record_logout(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update app_user set is_logged_in = false where user_id = $1",
        id
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A display name: 2-50 characters, not only spaces (spec, section 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub const MIN: usize = 2;
    pub const MAX: usize = 50;

    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let trimmed = raw.trim();
        let n = trimmed.chars().count();
        if n < Self::MIN {
            Err("display_name_too_short")
        } else if n > Self::MAX {
            Err("display_name_too_long")
        } else {
            Ok(DisplayName(trimmed.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A change to one's own profile; absent fields stay as they are.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileUpdate {
    pub display_name: Option<String>,
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub language: Option<String>,
    pub marketing_consent: Option<bool>,
    pub profiling_consent: Option<bool>,
    pub third_party_consent: Option<bool>,
    pub consent_13_years: Option<bool>,
}

/// Applies the spec's profile rules and saves. Errors name the field and a stable code.
///
/// Display name: required, 2-50 characters, not only spaces; if it is empty but a name
/// exists, the name is used; if the name is empty, the display name is stored as the name.
pub async fn update_profile(
    conn: &mut PgConnection,
    id: Uuid,
    update: &ProfileUpdate,
) -> Result<Result<User, BTreeMap<&'static str, &'static str>>, sqlx::Error> {
    let Some(current) = find_by_id(conn, id).await? else {
        return Err(sqlx::Error::RowNotFound);
    };
    let mut errors = BTreeMap::new();
    let clean =
        |s: &Option<String>, max: usize, field: &'static str, errors: &mut BTreeMap<_, _>| {
            s.as_ref().map(|v| {
                let v = v.trim().to_owned();
                if v.chars().count() > max {
                    errors.insert(field, "too_long");
                }
                v
            })
        };
    let name = clean(&update.name, 100, "name", &mut errors).unwrap_or(current.name.clone());
    let first_name = clean(&update.first_name, 100, "first_name", &mut errors)
        .unwrap_or(current.first_name.clone());
    let last_name = clean(&update.last_name, 100, "last_name", &mut errors)
        .unwrap_or(current.last_name.clone());
    let requested = update
        .display_name
        .clone()
        .unwrap_or(current.display_name.clone());
    let requested = if requested.trim().is_empty() && !name.trim().is_empty() {
        name.clone()
    } else {
        requested
    };
    let display_name = match DisplayName::parse(&requested) {
        Ok(d) => d.as_str().to_owned(),
        Err(code) => {
            errors.insert("display_name", code);
            String::new()
        }
    };
    let name = if name.trim().is_empty() {
        display_name.clone()
    } else {
        name
    };
    let language = match update.language.as_deref() {
        None => current.language.clone(),
        Some("it") => "it".into(),
        Some("en") => "en".into(),
        Some(_) => {
            errors.insert("language", "invalid_language");
            String::new()
        }
    };
    if !errors.is_empty() {
        return Ok(Err(errors));
    }
    sqlx::query!(
        r#"update app_user set display_name = $2, name = $3, first_name = $4, last_name = $5, language = $6,
                  marketing_consent = coalesce($7, marketing_consent),
                  profiling_consent = coalesce($8, profiling_consent),
                  third_party_consent = coalesce($9, third_party_consent),
                  consent_13_years = coalesce($10, consent_13_years)
            where user_id = $1"#,
        id,
        display_name,
        name,
        first_name,
        last_name,
        language,
        update.marketing_consent,
        update.profiling_consent,
        update.third_party_consent,
        update.consent_13_years,
    )
    .execute(&mut *conn)
    .await?;
    Ok(Ok(find_by_id(conn, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?))
}

/// Sets first and last name where given (names from an identity provider).
pub async fn set_names(
    conn: &mut PgConnection,
    id: Uuid,
    first_name: Option<&str>,
    last_name: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update app_user set first_name = coalesce($2, first_name), last_name = coalesce($3, last_name) where user_id = $1",
        id,
        first_name,
        last_name
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets a user's password hash.
pub async fn set_password_hash(
    conn: &mut PgConnection,
    id: Uuid,
    hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update app_user set password_hash = $2, is_default_password = false where user_id = $1",
        id,
        hash
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Changes a user's role (acc_level); returns the previous level.
pub async fn set_acc_level(
    conn: &mut PgConnection,
    id: Uuid,
    level: i16,
) -> Result<Option<i16>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"update app_user u set acc_level = $2 from (select acc_level from app_user where user_id = $1 for update) old
            where u.user_id = $1 returning old.acc_level"#,
        id,
        level
    )
    .fetch_optional(conn)
    .await
}

/// The staff's user search (spec, admin section 5): text with an `@` is an e-mail matched in
/// lower case; otherwise names are matched as typed, lower-cased and capitalised per word.
#[derive(Debug, Clone, Default)]
pub struct UserQuery {
    pub search: Option<String>,
    pub role: Option<Role>,
    pub offset: i64,
    pub limit: i64,
    pub sort: UserSort,
    pub descending: bool,
}

/// Sortable columns of the user list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum UserSort {
    #[default]
    CreatedAt,
    Email,
    LastName,
    AccLevel,
}

impl UserSort {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "created_at" | "id" => Some(UserSort::CreatedAt),
            "email" => Some(UserSort::Email),
            "last_name" | "name" => Some(UserSort::LastName),
            "acc_level" | "role" => Some(UserSort::AccLevel),
            _ => None,
        }
    }
}

/// The name forms the spec searches: as typed, lower case, capitalised per word.
pub fn name_variants(text: &str) -> Vec<String> {
    let typed = text.trim().to_owned();
    let lower = typed.to_lowercase();
    let capitalised = lower
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut v: Vec<String> = Vec::with_capacity(3);
    for form in [typed, lower, capitalised] {
        if !v.contains(&form) {
            v.push(form);
        }
    }
    v
}

/// One page of users and the total.
pub async fn search(
    conn: &mut PgConnection,
    q: &UserQuery,
) -> Result<(Vec<User>, i64), sqlx::Error> {
    let (email, names): (Option<String>, Vec<String>) = match q.search.as_deref().map(str::trim) {
        None | Some("") => (None, vec![]),
        Some(t) if t.contains('@') => (Some(t.to_lowercase()), vec![]),
        Some(t) => (None, name_variants(t)),
    };
    let levels: Option<Vec<i16>> = q.role.map(|r| r.levels().to_vec());
    let order = match q.sort {
        UserSort::CreatedAt => "created_at",
        UserSort::Email => "email",
        UserSort::LastName => "last_name",
        UserSort::AccLevel => "acc_level",
    };
    let rows = sqlx::query_as!(
        User,
        r#"select user_id, email, name, display_name, first_name, last_name, language, status, acc_level, acc_type,
                  is_agent, is_corporate, planet_is_sponsor, is_first_time_login, is_logged_in, credits, user_tier,
                  version, marketing_consent, profiling_consent, third_party_consent, consent_13_years,
                  password_hash, created_at, last_login_at
             from app_user
            where ($1::text is null or email = $1)
              and (cardinality($2::text[]) = 0 or name = any($2) or first_name = any($2) or last_name = any($2)
                   or display_name = any($2) or (first_name || ' ' || last_name) = any($2))
              and ($3::smallint[] is null or acc_level = any($3))
            order by
              case when $4 = 'created_at' and not $5 then created_at end asc,
              case when $4 = 'created_at' and $5 then created_at end desc,
              case when $4 = 'email' and not $5 then email end asc,
              case when $4 = 'email' and $5 then email end desc,
              case when $4 = 'last_name' and not $5 then last_name end asc,
              case when $4 = 'last_name' and $5 then last_name end desc,
              case when $4 = 'acc_level' and not $5 then acc_level end asc,
              case when $4 = 'acc_level' and $5 then acc_level end desc,
              user_id
            offset $6 limit $7"#,
        email,
        &names,
        levels.as_deref(),
        order,
        q.descending,
        q.offset,
        q.limit,
    )
    .fetch_all(&mut *conn)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from app_user
            where ($1::text is null or email = $1)
              and (cardinality($2::text[]) = 0 or name = any($2) or first_name = any($2) or last_name = any($2)
                   or display_name = any($2) or (first_name || ' ' || last_name) = any($2))
              and ($3::smallint[] is null or acc_level = any($3))"#,
        email,
        &names,
        levels.as_deref(),
    )
    .fetch_one(conn)
    .await?;
    let users = rows;
    Ok((users, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_follow_the_spec() {
        assert!(DisplayName::parse("A").is_err());
        assert!(DisplayName::parse("   ").is_err());
        assert!(DisplayName::parse(" Lu ").is_ok());
        assert_eq!(
            DisplayName::parse(&"x".repeat(50)).unwrap().as_str().len(),
            50
        );
        assert_eq!(
            DisplayName::parse(&"x".repeat(51)),
            Err("display_name_too_long")
        );
        assert_eq!(
            DisplayName::parse("àè").unwrap().as_str(),
            "àè",
            "characters, not bytes"
        );
    }

    #[test]
    fn names_are_searched_as_typed_lower_case_and_capitalised() {
        assert_eq!(
            name_variants("mario ROSSI"),
            ["mario ROSSI", "mario rossi", "Mario Rossi"]
        );
        assert_eq!(name_variants("Rossi"), ["Rossi", "rossi"]);
    }

    #[test]
    fn roles_come_from_the_account_level() {
        assert_eq!(Role::from_level(1), Role::Admin);
        assert_eq!(Role::from_level(2), Role::Staff);
        assert_eq!(Role::from_level(55), Role::Corporate);
        assert_eq!(Role::from_level(100), Role::Fan);
        assert!(Role::Staff.is_staff() && !Role::Corporate.is_staff());
    }
}
