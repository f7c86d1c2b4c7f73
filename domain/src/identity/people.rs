//! Saved people: the fan's family and friends, each with an identity checked as the fan's own
//! is ([`super::validate`]), so that naming a ticket's holder, passing a ticket on or applying
//! for a supporter card for them is a choice, not a form typed again.
//!
//! A person is saved once per account (their fiscal code); the fan is not one of their own
//! saved people (their identity is in My account); an account keeps at most [`MAX_PER_ACCOUNT`].

use super::Clean;
use crate::cards::applications::Relationship;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// How many people an account may save.
pub const MAX_PER_ACCOUNT: i64 = 20;

/// A saved person as the apps see them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SavedPerson {
    pub id: Uuid,
    /// Who they are to the fan: `child`, `partner`, `parent`, `sibling`, `other`.
    pub relationship: Relationship,
    pub first_name: String,
    pub last_name: String,
    pub fiscal_code: String,
    pub birth_date: NaiveDate,
    pub sex: String,
    pub birth_country: String,
    pub birth_province: String,
    pub birth_municipality: String,
    /// The municipality's name, or the foreign country's (a ticket holder's birthplace).
    pub birth_place: String,
    pub residence_country: String,
    pub residence_province: String,
    pub residence_municipality: String,
    pub address: String,
    pub document_type: String,
    pub document_number: String,
    pub phone: String,
    pub updated_at: DateTime<Utc>,
}

/// Why a person could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The relationship is `self`: the fan's own identity is in My account.
    #[error("the fan's own identity is saved in My account, not among their people")]
    Myself,
    /// The fiscal code is the account's own identity's.
    #[error("this is the fan's own fiscal code")]
    IsYou,
    /// Another of the account's saved people has this fiscal code.
    #[error("this person is already saved")]
    AlreadySaved,
    #[error("the account has saved the most people it may")]
    TooMany,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Relationships a saved person may have (all but `self`).
fn relationship_code(relationship: Relationship) -> Result<&'static str, SaveError> {
    match relationship {
        Relationship::Myself => Err(SaveError::Myself),
        other => Ok(other.code()),
    }
}

/// Locks the account's row (so two saves at once cannot pass the limit together) and refuses
/// the account's own fiscal code.
async fn lock_account(
    conn: &mut PgConnection,
    user: Uuid,
    person: &Clean,
) -> Result<(), SaveError> {
    let own = sqlx::query_scalar!(
        "select fiscal_code from app_user where user_id = $1 for update",
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    if own == person.fiscal_code {
        return Err(SaveError::IsYou);
    }
    Ok(())
}

/// Saves a new person for `user` (checked by `identity::validate`).
pub async fn create(
    conn: &mut PgConnection,
    user: Uuid,
    relationship: Relationship,
    person: &Clean,
) -> Result<SavedPerson, SaveError> {
    let relationship = relationship_code(relationship)?;
    lock_account(conn, user, person).await?;
    let count: i64 = sqlx::query_scalar!(
        r#"select count(*) as "n!" from saved_person where user_id = $1"#,
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    if count >= MAX_PER_ACCOUNT {
        return Err(SaveError::TooMany);
    }
    let id = Uuid::now_v7();
    let inserted = sqlx::query!(
        "insert into saved_person
           (person_id, user_id, relationship, first_name, last_name, fiscal_code, birth_date, sex,
            birth_country, birth_province, birth_municipality, residence_country,
            residence_province, residence_municipality, address, document_type, document_number,
            phone)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         on conflict (user_id, fiscal_code) do nothing",
        id,
        user,
        relationship,
        person.first_name,
        person.last_name,
        person.fiscal_code,
        person.birth_date,
        person.sex,
        person.birth_country,
        person.birth_province,
        person.birth_municipality,
        person.residence_country,
        person.residence_province,
        person.residence_municipality,
        person.address,
        person.document_type,
        person.document_number,
        person.phone,
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(SaveError::AlreadySaved);
    }
    Ok(find(conn, user, id).await?.expect("inserted above"))
}

/// Replaces a saved person's details; `None` when `user` has no such person.
pub async fn update(
    conn: &mut PgConnection,
    user: Uuid,
    id: Uuid,
    relationship: Relationship,
    person: &Clean,
) -> Result<Option<SavedPerson>, SaveError> {
    let relationship = relationship_code(relationship)?;
    lock_account(conn, user, person).await?;
    let updated = sqlx::query!(
        "update saved_person
            set relationship = $3, first_name = $4, last_name = $5, fiscal_code = $6,
                birth_date = $7, sex = $8, birth_country = $9, birth_province = $10,
                birth_municipality = $11, residence_country = $12, residence_province = $13,
                residence_municipality = $14, address = $15, document_type = $16,
                document_number = $17, phone = $18, updated_at = now()
          where person_id = $1 and user_id = $2
            and not exists (select 1 from saved_person o
                             where o.user_id = $2 and o.fiscal_code = $6 and o.person_id <> $1)",
        id,
        user,
        relationship,
        person.first_name,
        person.last_name,
        person.fiscal_code,
        person.birth_date,
        person.sex,
        person.birth_country,
        person.birth_province,
        person.birth_municipality,
        person.residence_country,
        person.residence_province,
        person.residence_municipality,
        person.address,
        person.document_type,
        person.document_number,
        person.phone,
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated == 0 {
        // Not this account's, or another of its people has the fiscal code (the account's
        // row is locked: nothing changed in between).
        return match find(conn, user, id).await? {
            None => Ok(None),
            Some(_) => Err(SaveError::AlreadySaved),
        };
    }
    Ok(find(conn, user, id).await?)
}

/// Forgets a saved person; false when `user` has no such person.
pub async fn delete(conn: &mut PgConnection, user: Uuid, id: Uuid) -> Result<bool, sqlx::Error> {
    let deleted = sqlx::query!(
        "delete from saved_person where person_id = $1 and user_id = $2",
        id,
        user
    )
    .execute(conn)
    .await?
    .rows_affected();
    Ok(deleted > 0)
}

/// The account's saved people, by name.
pub async fn list(conn: &mut PgConnection, user: Uuid) -> Result<Vec<SavedPerson>, sqlx::Error> {
    query(conn, user, None).await
}

/// One of the account's saved people.
pub async fn find(
    conn: &mut PgConnection,
    user: Uuid,
    id: Uuid,
) -> Result<Option<SavedPerson>, sqlx::Error> {
    Ok(query(conn, user, Some(id)).await?.pop())
}

async fn query(
    conn: &mut PgConnection,
    user: Uuid,
    id: Option<Uuid>,
) -> Result<Vec<SavedPerson>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select p.person_id, p.relationship, p.first_name, p.last_name, p.fiscal_code,
                  p.birth_date, p.sex, p.birth_country, p.birth_province, p.birth_municipality,
                  p.residence_country, p.residence_province, p.residence_municipality, p.address,
                  p.document_type, p.document_number, p.phone, p.updated_at,
                  coalesce(m.name, n.name_it, '') as "birth_place!"
             from saved_person p
             left join ref_municipality m on m.istat_code = p.birth_municipality
             left join ref_nation n on n.code = p.birth_country and p.birth_country <> 'IT'
            where p.user_id = $1 and ($2::uuid is null or p.person_id = $2)
            order by p.last_name, p.first_name, p.person_id"#,
        user,
        id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| SavedPerson {
            id: r.person_id,
            relationship: Relationship::parse(&r.relationship).unwrap_or(Relationship::Other),
            first_name: r.first_name,
            last_name: r.last_name,
            fiscal_code: r.fiscal_code,
            birth_date: r.birth_date,
            sex: r.sex,
            birth_country: r.birth_country,
            birth_province: r.birth_province,
            birth_municipality: r.birth_municipality,
            birth_place: r.birth_place,
            residence_country: r.residence_country,
            residence_province: r.residence_province,
            residence_municipality: r.residence_municipality,
            address: r.address,
            document_type: r.document_type,
            document_number: r.document_number,
            phone: r.phone,
            updated_at: r.updated_at,
        })
        .collect())
}
