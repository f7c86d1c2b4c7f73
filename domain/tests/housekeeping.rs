//! Housekeeping removes what can no longer be used, and nothing else.

use domain::{accounts, email::Email};
use sqlx::PgPool;

#[sqlx::test(migrations = false)]
async fn pruning_removes_expired_sessions_codes_tokens_and_windows_only(pool: PgPool) {
    domain::db::migrate(&pool).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let email = Email::parse("pulizie@example.it").unwrap();
    let (user, _) = accounts::create_or_get(&mut conn, &email, None, None, Default::default())
        .await
        .unwrap();
    let live = accounts::sessions::create(&mut conn, user.user_id, None, "test")
        .await
        .unwrap();
    let dead = accounts::sessions::create(&mut conn, user.user_id, None, "test")
        .await
        .unwrap();
    sqlx::query(
        "update user_session set expires_at = now() - interval '1 second' where token_hash = $1",
    )
    .bind(domain::secrets::token_hash(&dead))
    .execute(&mut *conn)
    .await
    .unwrap();
    accounts::codes::issue(&mut conn, b"k", &email)
        .await
        .unwrap();
    sqlx::query("insert into sign_in_code (sign_in_code_id, email, code_hash, expires_at) values (gen_random_uuid(), 'x@example.it', 'h', now() - interval '2 days')")
        .execute(&mut *conn)
        .await
        .unwrap();
    accounts::tokens::issue(&mut conn, accounts::tokens::Purpose::SignInLink, &email)
        .await
        .unwrap();
    sqlx::query("insert into email_token (token_hash, purpose, email, expires_at) values ('old', 'sign_in_link', 'x@example.it', now() - interval '2 days')")
        .execute(&mut *conn)
        .await
        .unwrap();
    domain::rate_limit::hit(&mut conn, "now", std::time::Duration::from_secs(60), 5)
        .await
        .unwrap();
    sqlx::query("insert into rate_limit_window (bucket, window_start, hits) values ('then', now() - interval '2 days', 3)")
        .execute(&mut *conn)
        .await
        .unwrap();

    let pruned = accounts::prune_expired(&mut conn).await.unwrap();
    assert_eq!(
        pruned,
        accounts::Pruned {
            sessions: 1,
            codes: 1,
            tokens: 1,
            challenges: 0,
            rate_windows: 1
        }
    );
    assert_eq!(
        accounts::sessions::resolve(&mut conn, &live)
            .await
            .unwrap()
            .and_then(accounts::sessions::Found::live)
            .map(|s| s.user_id),
        Some(user.user_id)
    );
    assert_eq!(
        accounts::prune_expired(&mut conn).await.unwrap(),
        accounts::Pruned::default(),
        "a second run removes nothing"
    );
}
