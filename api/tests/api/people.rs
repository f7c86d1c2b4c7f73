//! Saved people (a fan's family and friends, with their identity), one account per person, and
//! a supporter card "for me" tied to the fan's own identity.

use crate::card_applications::{application, giulia, luca, setup};
use crate::identity::{mario, with};
use serde_json::{Value, json};
use sqlx::PgPool;

const PEOPLE: &str = "/api/me/people";

fn person(relationship: &str, identity: Value) -> Value {
    json!({ "relationship": relationship, "person": identity })
}

async fn saved_count(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(*) from saved_person")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_fan_saves_edits_and_forgets_their_people_and_nobody_else_sees_them(pool: PgPool) {
    let s = setup(&pool).await;
    let (_, fan) = s.app.fan_with_session("mario.rossi@example.it").await;
    let (_, other) = s.app.fan_with_session("altro@example.it").await;
    let (status, _) = fan.put_json("/api/me/identity", &mario()).await;
    assert_eq!(status, 200);

    // Saved, checked as the fan's own identity is.
    let (status, giulia_saved) = fan.post_json(PEOPLE, &person("child", giulia())).await;
    assert_eq!(status, 201, "{giulia_saved}");
    assert_eq!(giulia_saved["fiscal_code"], "RSSGLI12E55C933O");
    assert_eq!(giulia_saved["document_number"], "CA54321CD");
    assert_eq!(giulia_saved["birth_place"], "Como");
    assert_eq!(giulia_saved["relationship"], "child");
    let id = giulia_saved["id"].as_str().unwrap().to_owned();
    let (status, _) = fan.post_json(PEOPLE, &person("child", luca())).await;
    assert_eq!(status, 201);
    let listed = fan.get_json(PEOPLE).await;
    let names: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["first_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Giulia", "Luca"]);

    // Refused, nothing saved: a wrong identity, the fan themself, one saved already, `self`.
    let before = saved_count(&pool).await;
    for (body, status, field, code) in [
        (
            person("child", with(giulia(), json!({"birth_date": "2012-05-16"}))),
            422,
            "fiscal_code",
            "birth_date_mismatch",
        ),
        (person("other", mario()), 422, "fiscal_code", "is_you"),
        (person("self", luca()), 422, "relationship", "invalid"),
        (person("cousin", luca()), 422, "relationship", "invalid"),
        (
            person("sibling", giulia()),
            409,
            "fiscal_code",
            "already_saved",
        ),
    ] {
        let (got, refused) = fan.post_json(PEOPLE, &body).await;
        assert_eq!(got, status, "{body}: {refused}");
        assert_eq!(refused["errors"][field], code, "{body}: {refused}");
    }
    // An unknown field is a bad request, not a silent drop.
    let (status, _) = fan
        .post_json(
            PEOPLE,
            &json!({"relationship": "child", "person": giulia(), "is_admin": true}),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(saved_count(&pool).await, before);

    // Edited: a new document; turning her into Luca (saved already) is refused.
    let path = format!("{PEOPLE}/{id}");
    let (status, edited) = fan
        .put_json(
            &path,
            &person(
                "child",
                with(
                    giulia(),
                    json!({"document_type": "passport", "document_number": "YA1234567"}),
                ),
            ),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["document_type"], "passport");
    let (status, refused) = fan.put_json(&path, &person("child", luca())).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("person_already_saved"))
    );
    assert_eq!(fan.get_json(&path).await["first_name"], "Giulia");

    // Another fan: none of it, whatever they try.
    assert!(other.get_json(PEOPLE).await.as_array().unwrap().is_empty());
    assert_eq!(other.get(&path).send().await.unwrap().status(), 404);
    let (status, _) = other.put_json(&path, &person("child", giulia())).await;
    assert_eq!(status, 404);
    assert_eq!(other.delete(&path).send().await.unwrap().status(), 404);
    assert_eq!(
        other
            .get(&format!("{PEOPLE}/not-a-uuid"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    // And the other fan may save Giulia too: a person is saved once per account.
    let (status, _) = other.post_json(PEOPLE, &person("other", giulia())).await;
    assert_eq!(status, 201);
    assert_eq!(fan.get_json(&path).await["document_type"], "passport");
    let anonymous = s.app.anonymous().await;
    assert_eq!(anonymous.get(PEOPLE).send().await.unwrap().status(), 401);

    // Forgotten.
    assert_eq!(fan.delete(&path).send().await.unwrap().status(), 204);
    assert_eq!(fan.delete(&path).send().await.unwrap().status(), 404);
    assert_eq!(fan.get_json(PEOPLE).await.as_array().unwrap().len(), 1);
}

#[sqlx::test(migrations = false)]
async fn an_account_saves_twenty_people_at_most_even_when_saving_at_once(pool: PgPool) {
    let s = setup(&pool).await;
    let (user_id, fan) = s.app.fan_with_session("famiglia@example.it").await;
    // 19 saved already (the limit is the account's, whoever they are).
    for n in 0..19 {
        sqlx::query(
            "insert into saved_person
               (person_id, user_id, relationship, first_name, last_name, fiscal_code, birth_date,
                sex, birth_country, birth_province, birth_municipality, residence_country,
                residence_province, residence_municipality, address, document_type,
                document_number, phone)
             values (gen_random_uuid(), $1, 'other', 'Amico', 'Numero', $2, '1990-01-01', 'M',
                     'IT', 'CO', '013075', 'IT', 'CO', '013075', '', 'id_card', 'CA00000', '')",
        )
        .bind(user_id)
        .bind(format!("AMCNMR90A01C{n:03}X"))
        .execute(&pool)
        .await
        .unwrap();
    }
    // Two at once for the last place: one gets it.
    let (giulia_body, luca_body) = (person("child", giulia()), person("child", luca()));
    let (a, b) = tokio::join!(
        fan.post_json(PEOPLE, &giulia_body),
        fan.post_json(PEOPLE, &luca_body),
    );
    let mut outcomes = [(a.0, a.1["code"].clone()), (b.0, b.1["code"].clone())];
    outcomes.sort_by_key(|o| o.0);
    assert_eq!(outcomes[0].0, 201);
    assert_eq!(
        (outcomes[1].0, outcomes[1].1.as_str()),
        (409, Some("too_many_people"))
    );
    assert_eq!(saved_count(&pool).await, 20);
}

#[sqlx::test(migrations = false)]
async fn a_fiscal_code_is_the_identity_of_one_account_until_it_is_deleted(pool: PgPool) {
    let s = setup(&pool).await;
    let (_, first) = s.app.fan_with_session("mario.rossi@example.it").await;
    let (_, second) = s.app.fan_with_session("mario.rossi80@example.it").await;
    let (_, third) = s.app.fan_with_session("m.rossi@example.it").await;

    // Two accounts saving the same person at once: one is.
    let body = mario();
    let (a, b) = tokio::join!(
        first.put_json("/api/me/identity", &body),
        second.put_json("/api/me/identity", &body),
    );
    let mut outcomes = [(a.0, a.1), (b.0, b.1)];
    outcomes.sort_by_key(|o| o.0);
    assert_eq!(outcomes[0].0, 200);
    assert_eq!(outcomes[1].0, 422);
    assert_eq!(outcomes[1].1["errors"]["fiscal_code"], "taken");
    let (owner, latecomer) = if first.get_json("/api/me/identity").await["fiscal_code"] == "" {
        (second, first)
    } else {
        (first, second)
    };
    let (status, refused) = third.put_json("/api/me/identity", &mario()).await;
    assert_eq!(
        (status, &refused["errors"]["fiscal_code"]),
        (422, &json!("taken"))
    );
    assert_eq!(
        latecomer.get_json("/api/me/identity").await["fiscal_code"],
        ""
    );
    // The owner saves their details again: still theirs.
    let (status, _) = owner.put_json("/api/me/identity", &mario()).await;
    assert_eq!(status, 200);

    // The owner deletes their account: the person may be another account's identity.
    let email = owner.get_json("/api/me").await["email"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = owner
        .delete("/api/me")
        .json(&json!({ "confirm_email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let (status, saved) = latecomer.put_json("/api/me/identity", &mario()).await;
    assert_eq!(status, 200, "{saved}");
}

#[sqlx::test(migrations = false)]
async fn a_card_for_me_is_for_the_fans_own_identity_and_only_that(pool: PgPool) {
    let s = setup(&pool).await;
    let (_, fan) = s.app.fan_with_session("mario.rossi@example.it").await;
    const APPLICATIONS: &str = "/api/me/supporter-card-applications";
    let applied = async |body: Value| fan.post_json(APPLICATIONS, &body).await;

    // Before the fan saved their identity, "for me" cannot say who that is.
    let (status, refused) = applied(application(mario(), "self")).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"]["relationship"], "identity_required");
    let (status, _) = fan.put_json("/api/me/identity", &mario()).await;
    assert_eq!(status, 200);
    // Someone else "for me", or the fan "for my child": refused.
    let (status, refused) = applied(application(giulia(), "self")).await;
    assert_eq!(
        (status, &refused["errors"]["fiscal_code"]),
        (422, &json!("not_yours"))
    );
    let (status, refused) = applied(application(mario(), "child")).await;
    assert_eq!(
        (status, &refused["errors"]["fiscal_code"]),
        (422, &json!("is_you"))
    );
    let stored: i64 = sqlx::query_scalar("select count(*) from supporter_card_application")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stored, 0);
    // The fan, for themself; their daughter, as their child.
    let (status, mine) = applied(application(mario(), "self")).await;
    assert_eq!(status, 201, "{mine}");
    let (status, _) = applied(application(giulia(), "child")).await;
    assert_eq!(status, 201);
}
