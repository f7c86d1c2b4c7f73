//! The generated ids of two tables never overlap: an id of one kind passed where another is
//! expected finds nothing, in tests as in production.

use sqlx::PgPool;

#[sqlx::test(migrations = false)]
async fn the_id_sequences_of_two_tables_never_overlap(pool: PgPool) {
    domain::db::migrate(&pool).await.unwrap();
    let ranges: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "select sequencename::text, min_value, max_value, coalesce(last_value, start_value)
           from pg_sequences where schemaname = 'public' and sequencename not like '\\_sqlx%'
          order by min_value",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let names: Vec<&str> = ranges.iter().map(|r| r.0.as_str()).collect();
    for table in ["fixture", "venue_seat", "order_line", "mass_issue_line"] {
        assert!(
            names.iter().any(|n| n.starts_with(table)),
            "{table}'s sequence has a range: {names:?}"
        );
    }
    for pair in ranges.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(
            a.2 < b.1,
            "{} ({}..{}) overlaps {} ({}..{})",
            a.0,
            a.1,
            a.2,
            b.0,
            b.1,
            b.2
        );
    }
    for (name, min, max, next) in &ranges {
        assert!((min..=max).contains(&next), "{name} starts in its range");
    }
}

#[sqlx::test(migrations = false)]
async fn a_fixture_id_given_as_a_seat_id_finds_no_seat(pool: PgPool) {
    let app = crate::common::on_sale(pool.clone(), &[]).await;
    let seat = app.seat("TC-TC1-1-1").await;
    assert!(seat >= 1_000_000, "seat ids start at a million: {seat}");
    let fixture_as_seat: Option<i64> =
        sqlx::query_scalar("select id from venue_seat where id = $1")
            .bind(app.fixture)
            .fetch_optional(&pool)
            .await
            .unwrap();
    assert_eq!(fixture_as_seat, None, "fixture {} is no seat", app.fixture);
}
