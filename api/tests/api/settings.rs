//! The club's settings: read by staff, changed by admins (checked, audited), in force at once
//! in every api process without a restart; maintenance refuses fans' writes while staff keep
//! working; the tickets' e-mail leaves the PDFs out when staff say so, and titles are issued
//! from the terminal the settings name.

use crate::checkout::{confirm, order_named, pay_with_card, payment, wait_state};
use crate::common::{eventually, on_sale, serve};
use serde_json::{Value, json};
use sqlx::PgPool;

const ADMIN: &str = "/api/admin/settings";

fn with(mut settings: Value, changes: Value) -> Value {
    for (k, v) in changes.as_object().unwrap() {
        settings[k] = v.clone();
    }
    settings
}

#[sqlx::test(migrations = false)]
async fn admins_change_the_settings_checked_audited_and_in_force_everywhere_at_once(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    // A second api process on the same database: it must follow without a restart.
    let other = serve(pool.clone(), &[], None).await;
    let other_anonymous = other.anonymous().await;
    assert_eq!(
        other_anonymous.get_json("/api/settings").await,
        json!({"maintenance_mode": false})
    );

    // The spec's values, read by staff.
    let staff = s.app.staff().await;
    let settings = staff.get_json(ADMIN).await;
    assert_eq!(
        settings,
        json!({"operator_id": 30, "terminal_id": 51, "terminal_id_mobile": 62, "organizer_id": 2,
               "point_of_sale_id": 2, "point_of_sale_id_mobile": 4, "box_office_sales_point": 1,
               "title_email_attachments": true, "points_per_euro": 100, "maintenance_mode": false})
    );
    // Staff who are not admins, fans and nobody cannot change them.
    let on = with(settings.clone(), json!({"maintenance_mode": true}));
    let (status, body) = staff.put_json(ADMIN, &on).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
    let fan = s.app.fan().await;
    assert_eq!(fan.put_json(ADMIN, &on).await.0, 403);
    assert_eq!(fan.get(ADMIN).send().await.unwrap().status(), 403);
    assert_eq!(s.app.anonymous().await.put_json(ADMIN, &on).await.0, 401);

    // Wrong values are refused field by field, and change nothing.
    let admin = s.app.admin().await;
    let (status, refused) = admin
        .put_json(
            ADMIN,
            &with(on.clone(), json!({"points_per_euro": 0, "operator_id": -1})),
        )
        .await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"]["points_per_euro"], "out_of_range");
    assert_eq!(refused["errors"]["operator_id"], "out_of_range");
    let (status, _) = admin
        .put_json(ADMIN, &with(on.clone(), json!({"unlock_password": "x"})))
        .await;
    assert_eq!(status, 422);
    let (status, _) = admin
        .put_json(ADMIN, &json!({"maintenance_mode": true}))
        .await;
    assert_eq!(status, 422, "every field is needed");
    assert_eq!(staff.get_json(ADMIN).await, settings);

    // Changed: in force at once here and, by the notification, in the other process.
    let (status, saved) = admin.put_json(ADMIN, &on).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(
        s.app.anonymous().await.get_json("/api/settings").await["maintenance_mode"],
        true
    );
    eventually("the other api process follows", 10, async || {
        other_anonymous.get_json("/api/settings").await["maintenance_mode"] == true
    })
    .await;
    let audit: Vec<Value> = sqlx::query_scalar(
        "select details from audit_entry where action = 'settings.changed' order by audit_entry_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        audit,
        [json!({"maintenance_mode": {"from": false, "to": true}})]
    );
    // Saved again unchanged: nothing to audit.
    assert_eq!(admin.put_json(ADMIN, &on).await.0, 200);
    let audited: i64 =
        sqlx::query_scalar("select count(*) from audit_entry where action = 'settings.changed'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(audited, 1);
}

#[sqlx::test(migrations = false)]
async fn in_maintenance_fans_writes_are_refused_and_staff_keep_working(pool: PgPool) {
    let s = on_sale(pool.clone(), &[]).await;
    let admin = s.app.admin().await;
    let settings = admin.get_json(ADMIN).await;
    let (_, fan) = s.app.fan_with_session("manutenzione@example.it").await;
    let seat = s.seat("TC-TC1-3-1").await;
    let (status, _) = admin
        .put_json(
            ADMIN,
            &with(settings.clone(), json!({"maintenance_mode": true})),
        )
        .await;
    assert_eq!(status, 200);

    // A fan's writes: 503 with the code the app explains; nothing held.
    let (status, refused) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (503, Some("maintenance")),
        "{refused}"
    );
    assert_eq!(s.state(seat).await, "free");
    let (status, refused) = fan
        .put_json(
            "/api/me/people/00000000-0000-0000-0000-000000000000",
            &json!({}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (503, Some("maintenance"))
    );
    // Reads go on; signing in goes on (staff sign in through it).
    let r = fan
        .get(&format!("/api/fixtures/{}", s.fixture))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let anonymous = s.app.anonymous().await;
    let (status, _) = anonymous
        .post_json(
            "/api/auth/password",
            &json!({"email": "nessuno@example.it", "password": "sbagliata-davvero"}),
        )
        .await;
    assert_ne!(status, 503);

    // Staff keep working, their own writes included.
    let staff = s.app.staff().await;
    let (status, added) = staff
        .post_json(
            "/api/admin/blacklist",
            &json!({"first_name": "Mario", "last_name": "Bianchi", "birth_date": "1980-01-01",
                    "reason": "prova"}),
        )
        .await;
    assert_eq!(status, 201, "{added}");

    // Off again: the fan holds the seat.
    let (status, _) = admin.put_json(ADMIN, &settings).await;
    assert_eq!(status, 200);
    let (status, held) = s.hold(&fan, json!({"seat_ids": [seat]})).await;
    assert!(status == 200 || status == 201, "{status} {held}");
}

#[sqlx::test(migrations = false)]
async fn the_tickets_email_and_the_issuing_terminal_follow_the_settings_without_a_restart(
    pool: PgPool,
) {
    let s = on_sale(pool.clone(), &[]).await;
    let _worker = s.start_worker();
    let admin = s.app.admin().await;
    let settings = admin.get_json(ADMIN).await;
    let attachments = async |to: &str| -> (i64, i64) {
        sqlx::query_as(
            "select count(distinct e.outbound_email_id), count(a.outbound_email_id)
               from outbound_email e
               left join outbound_email_attachment a using (outbound_email_id)
              where e.template = 'ticket_purchase' and e.to_address = $1",
        )
        .bind(to)
        .fetch_one(&pool)
        .await
        .unwrap()
    };
    let mut seats = ["TC-TC1-2-1", "TC-TC1-2-2"].into_iter();
    // The spec's values, then the PDFs left out and another terminal, the worker running on.
    for (email, change, pdfs, terminal, holder) in [
        ("conpdf@example.it", json!({}), 1, 51, ("Luca", "Neri")),
        (
            "senzapdf@example.it",
            json!({"title_email_attachments": false, "terminal_id": 77}),
            0,
            77,
            ("Sara", "Colombo"),
        ),
    ] {
        let (status, _) = admin.put_json(ADMIN, &with(settings.clone(), change)).await;
        assert_eq!(status, 200);
        let (_, fan) = s.app.fan_with_session(email).await;
        let (order, _) = order_named(&s, &fan, &[seats.next().unwrap()], &[holder]).await;
        let (intent, secret) = payment(&fan, &order).await;
        pay_with_card(&s, &intent, &secret, sim::payments::CARD_SUCCESS).await;
        confirm(&fan, &order, &secret).await;
        wait_state(&s, &order, "issued", 60).await;
        eventually("the tickets' e-mail queued", 30, async || {
            attachments(email).await.0 == 1
        })
        .await;
        assert_eq!(attachments(email).await, (1, pdfs), "{email}");
        let issued_from = s.sim.ticketing.with_world(|w| {
            w.titles
                .values()
                .filter(|t| {
                    t.transaction_id
                        .as_deref()
                        .is_some_and(|x| x.starts_with(&order))
                })
                .map(|t| (t.point_of_sale_id, t.terminal_id))
                .collect::<Vec<_>>()
        });
        assert_eq!(issued_from, [(Some(2), Some(terminal))], "{email}");
    }
}
