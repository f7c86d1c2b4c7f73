//! Supporter cards (tessera del tifoso; the spec's users.supporter_card and
//! supporter_card_numbers, and /admin/fidelity_card): the cards an account holds, for its
//! holder or their family. A card is added after the ticketing system confirmed it exists and
//! the holder's birth date the fan typed is the card's; a card number belongs to one account
//! at most (a unique constraint: the spec's "cannot be added when a user already holds it").

pub mod applications;
pub mod photo;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// A card as its owner and staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SupporterCard {
    pub id: Uuid,
    pub card_number: String,
    pub holder_first_name: String,
    pub holder_last_name: String,
    pub holder_birth_date: NaiveDate,
    /// The ticketing system's state when it was added: registered, issued, revoked, expired.
    pub card_state: String,
    pub expires_on: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    /// The account holding it (staff's list).
    pub user_id: Uuid,
    pub user_email: String,
}

/// Most cards one account may hold (a family's).
pub const MAX_CARDS_PER_ACCOUNT: i64 = 10;

/// A card number as typed, normalised (spaces and dashes dropped, upper case); `None` when it
/// cannot be one (6 to 20 letters and digits).
pub fn normalise_number(raw: &str) -> Option<String> {
    let n: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_uppercase();
    ((6..=20).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphanumeric())).then_some(n)
}

/// A card as the ticketing system described it.
#[derive(Debug, Clone)]
pub struct VerifiedCard {
    pub number: String,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub state: String,
    pub expires_on: Option<NaiveDate>,
}

/// Why a card could not be added.
#[derive(Debug, thiserror::Error)]
pub enum AddError {
    /// This account already holds it.
    #[error("the card is already in this account")]
    AlreadyYours,
    /// Another account holds it.
    #[error("another account holds the card")]
    HeldByAnother,
    #[error("the account holds the most cards it may")]
    TooMany,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Adds a verified card to `user`'s account. The account's row is locked so two additions at
/// once cannot pass the limit together; the unique number decides between two accounts.
pub async fn add(
    conn: &mut PgConnection,
    user: Uuid,
    card: &VerifiedCard,
) -> Result<SupporterCard, AddError> {
    sqlx::query!(
        "select 1 as one from app_user where user_id = $1 for update",
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    let held: i64 = sqlx::query_scalar!(
        r#"select count(*) as "n!" from supporter_card where user_id = $1"#,
        user
    )
    .fetch_one(&mut *conn)
    .await?;
    if held >= MAX_CARDS_PER_ACCOUNT {
        return Err(AddError::TooMany);
    }
    // `on conflict do nothing`: a number taken meanwhile leaves the transaction usable to
    // say by whom.
    let id = Uuid::now_v7();
    let inserted = sqlx::query!(
        "insert into supporter_card
           (card_id, user_id, card_number, holder_first_name, holder_last_name,
            holder_birth_date, card_state, expires_on)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (card_number) do nothing",
        id,
        user,
        card.number,
        card.first_name,
        card.last_name,
        card.birth_date,
        card.state,
        card.expires_on
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(match holder_of(conn, &card.number).await? {
            Some(owner) if owner == user => AddError::AlreadyYours,
            _ => AddError::HeldByAnother,
        });
    }
    sqlx::query!(
        "update app_user set has_viva_card = true where user_id = $1",
        user
    )
    .execute(&mut *conn)
    .await?;
    Ok(find(conn, id).await?.expect("inserted above"))
}

/// Who holds the card number, if anyone.
pub async fn holder_of(conn: &mut PgConnection, number: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "select user_id from supporter_card where card_number = $1",
        number
    )
    .fetch_optional(conn)
    .await
}

/// Removes a card from an account (`owner`), or any account's when `owner` is `None` (staff).
/// Returns the removed card.
pub async fn remove(
    conn: &mut PgConnection,
    id: Uuid,
    owner: Option<Uuid>,
) -> Result<Option<SupporterCard>, sqlx::Error> {
    let Some(card) = find(conn, id).await? else {
        return Ok(None);
    };
    if owner.is_some_and(|o| o != card.user_id) {
        return Ok(None);
    }
    sqlx::query!("delete from supporter_card where card_id = $1", id)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "update app_user set has_viva_card = exists(select 1 from supporter_card where user_id = $1)
          where user_id = $1",
        card.user_id
    )
    .execute(&mut *conn)
    .await?;
    Ok(Some(card))
}

/// One card.
pub async fn find(conn: &mut PgConnection, id: Uuid) -> Result<Option<SupporterCard>, sqlx::Error> {
    let q = CardQuery {
        id: Some(id),
        limit: 1,
        ..Default::default()
    };
    Ok(list(conn, &q).await?.0.pop())
}

/// Filters of the card lists.
#[derive(Debug, Clone, Default)]
pub struct CardQuery {
    /// Only this card.
    pub id: Option<Uuid>,
    /// A card number, a holder's name or the account's e-mail, contained.
    pub search: Option<String>,
    pub user_id: Option<Uuid>,
    pub offset: i64,
    pub limit: i64,
}

/// Cards newest first, with the total.
pub async fn list(
    conn: &mut PgConnection,
    q: &CardQuery,
) -> Result<(Vec<SupporterCard>, i64), sqlx::Error> {
    let pattern = q.search.as_deref().map(crate::db::contains_pattern);
    let rows = sqlx::query!(
        r#"select c.card_id, c.card_number, c.holder_first_name, c.holder_last_name,
                  c.holder_birth_date, c.card_state, c.expires_on, c.created_at, c.user_id,
                  u.email as user_email, count(*) over () as "full_count!"
             from supporter_card c join app_user u on u.user_id = c.user_id
            where ($1::text is null or lower(c.card_number) like $1 or u.email like $1
                   or lower(c.holder_first_name || ' ' || c.holder_last_name) like $1)
              and ($2::uuid is null or c.user_id = $2)
              and ($5::uuid is null or c.card_id = $5)
            order by c.created_at desc, c.card_id
           offset $3 limit $4"#,
        pattern,
        q.user_id,
        q.offset,
        q.limit,
        q.id
    )
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |r| r.full_count);
    Ok((
        rows.into_iter()
            .map(|r| SupporterCard {
                id: r.card_id,
                card_number: r.card_number,
                holder_first_name: r.holder_first_name,
                holder_last_name: r.holder_last_name,
                holder_birth_date: r.holder_birth_date,
                card_state: r.card_state,
                expires_on: r.expires_on,
                created_at: r.created_at,
                user_id: r.user_id,
                user_email: r.user_email,
            })
            .collect(),
        total,
    ))
}

/// Every card with its account, for the export, by card number.
pub fn all(
    conn: &mut PgConnection,
) -> futures::stream::BoxStream<'_, Result<SupporterCard, sqlx::Error>> {
    use futures::StreamExt;
    sqlx::query_as!(
        SupporterCard,
        r#"select c.card_id as id, c.card_number, c.holder_first_name, c.holder_last_name,
                  c.holder_birth_date, c.card_state, c.expires_on, c.created_at, c.user_id,
                  u.email as user_email
             from supporter_card c join app_user u on u.user_id = c.user_id
            order by c.card_number"#
    )
    .fetch(conn)
    .boxed()
}

/// How many cards there are (the export's total).
pub async fn count(conn: &mut PgConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select count(*) as "n!" from supporter_card"#)
        .fetch_one(conn)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_numbers_are_normalised_or_refused() {
        assert_eq!(
            normalise_number(" tf-0000 000 001 ").as_deref(),
            Some("TF0000000001")
        );
        assert_eq!(normalise_number("12345"), None);
        assert_eq!(normalise_number("TF00000000000000000001"), None);
        assert_eq!(normalise_number("TF0000/01"), None);
    }
}
