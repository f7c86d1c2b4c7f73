//! A fan deletes their account (GDPR art. 17, within what the fiscal rules require).
//!
//! What stays: the orders and the titles issued on them (the ticketing system's fiscal seals,
//! the holders named on the tickets, the amounts): the law keeps those for years. They stay
//! pointing at the account's row, which stays too, emptied: no e-mail (a placeholder that can
//! never receive mail), no name, identity, phone, password or consents. The orders' buyer
//! e-mail becomes the placeholder.
//!
//! What goes: sessions, sign-in codes and links, notifications, supporter cards linked,
//! pre-emption claims, waiting-room places, the second factor. The e-mail is free to sign up
//! again, as a new account with none of the old one's titles.
//!
//! Refused while money or a title is moving (an order waiting for its payment, being issued or
//! refunded, a resale listed or being bought, a transfer under way): deleting then could lose
//! a payment's trace. A checkout left unpaid ends with its hold, and the fan can then delete.
//! Staff accounts are not deleted this way. The request is in the audit log.

use sqlx::PgConnection;
use uuid::Uuid;

/// Why an account cannot be deleted now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Staff accounts are closed by an admin.
    Staff,
    /// The confirmation is not the account's e-mail.
    NotConfirmed,
    /// Something is being paid, issued, refunded, resold or passed on.
    Busy,
    NotFound,
}

/// The placeholder that replaces a deleted account's e-mail (unique, and never deliverable:
/// `.invalid` is reserved, RFC 2606).
pub fn placeholder_email(user_id: Uuid) -> String {
    format!("deleted-{user_id}@deleted.invalid")
}

/// Deletes `user_id`'s account if `confirmation` is its e-mail (any case) and nothing is
/// moving. In the caller's transaction, under the account's row lock.
pub async fn delete_account(
    conn: &mut PgConnection,
    user_id: Uuid,
    confirmation: &str,
) -> Result<Result<(), Refusal>, sqlx::Error> {
    let Some(user) = sqlx::query!(
        "select email, acc_level from app_user where user_id = $1 and deleted_at is null for update",
        user_id
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(Err(Refusal::NotFound));
    };
    if matches!(user.acc_level, 1 | 2) {
        return Ok(Err(Refusal::Staff));
    }
    if confirmation.trim().to_lowercase() != user.email {
        return Ok(Err(Refusal::NotConfirmed));
    }
    let busy = sqlx::query_scalar!(
        r#"select exists(select 1 from ticket_order
                          where user_id = $1 and state in ('pending', 'paid', 'issuing', 'refunding'))
               or exists(select 1 from season_order
                          where user_id = $1 and state in ('pending', 'paid', 'issuing', 'refunding'))
               or exists(select 1 from season_resale
                          where seller_id = $1 and state in ('listed', 'sold'))
               or exists(select 1 from resale_purchase
                          where buyer_id = $1 and state in ('pending', 'paid', 'refunding'))
               or exists(select 1 from title_transfer
                          where (from_user = $1 or to_user = $1) and state = 'requested')
             as "busy!""#,
        user_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if busy {
        return Ok(Err(Refusal::Busy));
    }
    let placeholder = placeholder_email(user_id);
    sqlx::query!(
        "update ticket_order set buyer_email = $2 where user_id = $1",
        user_id,
        placeholder
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update season_order set buyer_email = $2 where user_id = $1",
        user_id,
        placeholder
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update order_line set holder_email = null where holder_user_id = $1",
        user_id
    )
    .execute(&mut *conn)
    .await?;
    for statement in [
        "delete from user_session where user_id = $1",
        "delete from notification where user_id = $1",
        "delete from supporter_card where user_id = $1",
        "delete from saved_person where user_id = $1",
        "delete from preemption_claim where user_id = $1",
        "delete from waiting_room_entry where user_id = $1",
        "delete from staff_totp where user_id = $1",
        "delete from recovery_code where user_id = $1",
        "delete from sign_in_challenge where user_id = $1",
    ] {
        sqlx::query(statement)
            .bind(user_id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query!("delete from sign_in_code where email = $1", user.email)
        .execute(&mut *conn)
        .await?;
    sqlx::query!("delete from email_token where email = $1", user.email)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        r#"update app_user
              set email = $2, name = '', display_name = '', first_name = '', last_name = '',
                  about_me = '', full_name = '', fiscal_code = '', address = '', date_of_birth = null,
                  gender = '', phone = '', gravatar = '', avatar = '', photo = '', password_hash = null,
                  province_of_birth = '', municipality_of_birth = '', country_of_birth = '',
                  document_type = '', document_number = '', residence_country = '',
                  residence_province = '', residence_municipality = '', registration_ip = null,
                  planet_persona_id = null, marketing_consent = false, profiling_consent = false,
                  third_party_consent = false, is_logged_in = false, status = 0,
                  deleted_at = now()
            where user_id = $1"#,
        user_id,
        placeholder
    )
    .execute(&mut *conn)
    .await?;
    crate::audit::record(
        conn,
        Some(user_id),
        "user.deleted",
        "user",
        &user_id.to_string(),
        serde_json::json!({}),
    )
    .await?;
    Ok(Ok(()))
}
