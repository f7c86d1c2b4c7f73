//! Our ticketing client against the simulator (a real HTTP server on a random port): the
//! issuing rules and their codes, and the client under faults, above all commit-then-fail.

use crate::common::*;
use integrations::ticketing::{IssueTicket, TicketingError};
use serde_json::{Value, json};

#[tokio::test]
async fn a_ticket_is_issued_with_a_seal_seat_gate_and_price() {
    let env = Env::start().await;
    let t = env
        .client
        .issue_ticket(&ticket(EVENT, TC1_FIRST_SEAT, mario(), "order-1-line-1"))
        .await
        .unwrap();
    assert_eq!(t.seal.len(), 16);
    assert!(t.seal.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(t.seat_label.as_deref(), Some("TC-TC1-1-1"));
    assert_eq!(
        (t.sector.as_str(), t.gate.as_str(), t.price_cents),
        ("TC", "Varco 1", 6500)
    );
    assert_eq!(t.state, "issued");
    assert_eq!(env.client.title_by_seal(&t.seal).await.unwrap(), t);
    assert_eq!(env.client.title(t.id).await.unwrap(), t);
    let e = env
        .client
        .title_by_seal("0000000000000000")
        .await
        .unwrap_err();
    assert_eq!(refused(e), "SIGILLO_SCONOSCIUTO");
}

#[tokio::test]
async fn the_issuing_checks_refuse_with_their_codes() {
    let env = Env::start().await;
    env.client
        .issue_ticket(&ticket(EVENT, 1, mario(), "a"))
        .await
        .unwrap();
    // The seat is taken.
    let e = env
        .client
        .issue_ticket(&ticket(
            EVENT,
            1,
            person("Luca", "Bianchi", (1990, 1, 1)),
            "b",
        ))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
    // One title per holder per event.
    let e = env
        .client
        .issue_ticket(&ticket(EVENT, 2, mario(), "c"))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "TITOLO_GIA_EMESSO_PER_UTILIZZATORE");
    // The under-14 reduction for an adult.
    let mut t = ticket(EVENT, 3, person("Anna", "Verdi", (1985, 3, 3)), "d");
    t.reduction_id = 2;
    assert_eq!(
        refused(env.client.issue_ticket(&t).await.unwrap_err()),
        "RIDUZIONE_NON_AMMESSA"
    );
    t.holder = person("Piero", "Verdi", (2015, 6, 1));
    assert_eq!(
        env.client.issue_ticket(&t).await.unwrap().price_cents,
        2600,
        "40% of 65 euro"
    );
    // A police-flagged holder.
    let banned = person("Ultra", "Bannato", (1975, 9, 9));
    env.control("police-flags", serde_json::to_value(&banned).unwrap())
        .await;
    let e = env
        .client
        .issue_ticket(&ticket(EVENT, 4, banned, "e"))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "PERSONA_BANNATA");
    // The buyer's limit: Mario bought 2 so far; 2 more, then refused.
    for (i, seat) in [5u32, 6].iter().enumerate() {
        env.client
            .issue_ticket(&ticket(
                EVENT,
                *seat,
                person("Amico", &format!("N{i}"), (1990, 1, 1)),
                &format!("f{i}"),
            ))
            .await
            .unwrap();
    }
    let e = env
        .client
        .issue_ticket(&ticket(
            EVENT,
            7,
            person("Amico", "Troppo", (1990, 1, 1)),
            "g",
        ))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "LIMITE_ACQUIRENTE");
}

#[tokio::test]
async fn away_sectors_and_high_risk_matches_need_a_supporter_card() {
    let env = Env::start().await;
    let fan = person("Giulia", "Tessera", (1995, 2, 2));
    let e = env
        .client
        .issue_ticket(&ticket(HIGH_RISK, 1, fan.clone(), "x"))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "TESSERA_RICHIESTA");
    env.control("supporter-cards", serde_json::to_value(&fan).unwrap())
        .await;
    env.client
        .issue_ticket(&ticket(HIGH_RISK, 1, fan, "y"))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_started_event_is_not_on_sale() {
    let env = Env::start().await;
    env.control("clock", json!({"now": "2025-08-24T19:00:00Z"}))
        .await;
    let e = env
        .client
        .issue_ticket(&ticket(EVENT, 1, mario(), "late"))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "EVENTO_NON_IN_VENDITA");
}

#[tokio::test]
async fn after_commit_then_fail_the_lookup_finds_the_title_and_a_naive_retry_is_refused() {
    let env = Env::start().await;
    env.control("faults", json!({"commit_then_fail_next": 1, "status": 503}))
        .await;
    let req = ticket(EVENT, 10, mario(), "order-7-line-1");
    let e = env.client.issue_ticket(&req).await.unwrap_err();
    assert!(
        e.is_retryable(),
        "an error after the commit looks retryable: {e}"
    );
    // Look before retrying: it was issued.
    let found = env
        .client
        .titles_by_transaction("order-7-line-1")
        .await
        .unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].seat_id, Some(10));
    assert_eq!(
        env.client.titles_by_holder(EVENT, &mario()).await.unwrap(),
        found
    );
    // A blind retry under the naive (default) mode is refused as a duplicate.
    let e = env.client.issue_ticket(&req).await.unwrap_err();
    assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
    assert_eq!(
        env.get("journal").await.as_array().unwrap().len(),
        1,
        "issued once"
    );
}

#[tokio::test]
async fn under_strict_idempotency_a_repeat_returns_the_first_title() {
    let env = Env::start().await;
    env.control("idempotency", json!({"mode": "strict"})).await;
    let req = ticket(EVENT, 11, mario(), "order-8-line-1");
    let first = env.client.issue_ticket(&req).await.unwrap();
    assert_eq!(env.client.issue_ticket(&req).await.unwrap(), first);
    assert_eq!(env.get("journal").await.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn an_expired_token_is_renewed_once_and_the_call_goes_through() {
    let env = Env::start().await;
    env.client.events().await.unwrap();
    let r = env
        .control
        .delete(format!("{}/_sim/ticketing/tokens", env.sim.http_url()))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    assert_eq!(env.client.events().await.unwrap().len(), 20);
    let statuses: Vec<u64> = env
        .get("requests")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [200, 401, 200]);
}

#[tokio::test]
async fn faults_are_classified_retryable_or_malformed() {
    let env = Env::start().await;
    for status in [500, 502, 503, 429] {
        env.control("faults", json!({"next": 1, "status": status}))
            .await;
        let e = env.client.events().await.unwrap_err();
        assert!(
            matches!(e, TicketingError::Unavailable(_)) && e.is_retryable(),
            "{status}: {e}"
        );
    }
    env.control("faults", json!({"malformed_next": 1})).await;
    assert!(matches!(
        env.client.events().await.unwrap_err(),
        TicketingError::Malformed(_)
    ));
    env.control("faults", json!({"hang_next": 1, "hang_ms": 4000}))
        .await;
    let e = env.client.events().await.unwrap_err();
    assert!(
        matches!(&e, TicketingError::NoAnswer(m) if m == "time-out"),
        "{e}"
    );
    env.control("faults", json!({"nth": 2})).await;
    assert!(env.client.events().await.is_ok());
    assert!(env.client.events().await.is_err(), "the second call fails");
    assert!(env.client.events().await.is_ok());
}

#[tokio::test]
async fn a_title_enters_the_gate_once_and_cancellations_are_journalled() {
    let env = Env::start().await;
    let a = env
        .client
        .issue_ticket(&ticket(EVENT, 20, mario(), "j1"))
        .await
        .unwrap();
    let b = env
        .client
        .issue_ticket(&ticket(
            EVENT,
            21,
            person("Sara", "Neri", (1999, 9, 9)),
            "j2",
        ))
        .await
        .unwrap();
    let enter = |id: u64| {
        env.control
            .post(format!(
                "{}/_sim/ticketing/titles/{id}/enter",
                env.sim.http_url()
            ))
            .send()
    };
    assert_eq!(enter(a.id).await.unwrap().status(), 200);
    let again: Value = enter(a.id).await.unwrap().json().await.unwrap();
    assert_eq!(again["code"], "TITOLO_GIA_UTILIZZATO");
    let r = env
        .control
        .post(format!(
            "{}/_sim/ticketing/titles/{}/cancel",
            env.sim.http_url(),
            b.id
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(env.client.title(b.id).await.unwrap().state, "cancelled");
    let journal = env.get("journal").await;
    let kinds: Vec<(&str, u64)> = journal
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap(),
                e["progressive"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("emissione", 1), ("emissione", 2), ("annullamento", 3)]
    );
    assert_ne!(
        journal[2]["seal"], journal[1]["seal"],
        "the cancellation has its own seal"
    );
    // The seat is free again after the cancellation.
    env.client
        .issue_ticket(&ticket(
            EVENT,
            21,
            person("Ugo", "Nuovo", (1970, 1, 1)),
            "j3",
        ))
        .await
        .unwrap();
}

#[tokio::test]
async fn seals_are_deterministic_under_the_same_seed() {
    let (one, two) = (Env::start().await, Env::start().await);
    let a = one
        .client
        .issue_ticket(&ticket(EVENT, 30, mario(), "s"))
        .await
        .unwrap();
    let b = two
        .client
        .issue_ticket(&ticket(EVENT, 30, mario(), "s"))
        .await
        .unwrap();
    assert_eq!(a.seal, b.seal);
    let c = one
        .client
        .issue_ticket(&ticket(
            EVENT,
            31,
            person("Altro", "Titolo", (1990, 1, 1)),
            "t",
        ))
        .await
        .unwrap();
    assert_ne!(a.seal, c.seal);
}

#[tokio::test]
async fn the_stadium_has_about_thirteen_thousand_places_and_no_map_sectors_stop_at_capacity() {
    let env = Env::start().await;
    let world_places = env
        .sim
        .ticketing
        .with_world(|w| w.blocks.iter().map(|b| b.capacity).sum::<u32>());
    assert_eq!(world_places, 13_060);
    env.sim.ticketing.with_world(|w| {
        let prato = w.blocks.iter_mut().find(|b| b.no_map).unwrap();
        prato.capacity = 2;
    });
    let prato = env
        .sim
        .ticketing
        .with_world(|w| w.blocks.iter().find(|b| b.no_map).unwrap().id);
    let standing = |n: &str| IssueTicket {
        seat_id: None,
        block_id: Some(prato),
        ..ticket(EVENT, 0, person("In", n, (1990, 1, 1)), n)
    };
    env.client.issue_ticket(&standing("Piedi1")).await.unwrap();
    env.client.issue_ticket(&standing("Piedi2")).await.unwrap();
    assert_eq!(
        refused(
            env.client
                .issue_ticket(&standing("Piedi3"))
                .await
                .unwrap_err()
        ),
        "POSTO_NON_DISPONIBILE"
    );
}

#[tokio::test]
async fn a_cancellation_gives_back_exactly_one_place_in_the_buyers_limit() {
    let env = Env::start().await;
    let mut ids = vec![];
    for i in 0..4u32 {
        let t = env
            .client
            .issue_ticket(&ticket(
                EVENT,
                40 + i,
                person("Ospite", &format!("N{i}"), (1990, 1, 1)),
                &format!("l{i}"),
            ))
            .await
            .unwrap();
        ids.push(t.id);
    }
    let r = env
        .control
        .post(format!(
            "{}/_sim/ticketing/titles/{}/cancel",
            env.sim.http_url(),
            ids[0]
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    env.client
        .issue_ticket(&ticket(
            EVENT,
            50,
            person("Ospite", "Nuovo", (1990, 1, 1)),
            "m1",
        ))
        .await
        .unwrap();
    let e = env
        .client
        .issue_ticket(&ticket(
            EVENT,
            51,
            person("Ospite", "Altro", (1990, 1, 1)),
            "m2",
        ))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "LIMITE_ACQUIRENTE");
}

#[tokio::test]
async fn a_snapshot_restores_titles_and_their_rules() {
    let env = Env::start().await;
    let t = env
        .client
        .issue_ticket(&ticket(EVENT, 60, mario(), "snap"))
        .await
        .unwrap();
    let snapshot = env.get("snapshot").await;
    env.control("reset", json!({})).await;
    assert!(
        env.client
            .titles_by_transaction("snap")
            .await
            .unwrap()
            .is_empty()
    );
    env.control("snapshot", snapshot).await;
    assert_eq!(
        env.client.titles_by_transaction("snap").await.unwrap()[0].seal,
        t.seal
    );
    assert_eq!(env.client.title_by_seal(&t.seal).await.unwrap().id, t.id);
    let e = env
        .client
        .issue_ticket(&ticket(
            EVENT,
            60,
            person("Dopo", "Ripristino", (1990, 1, 1)),
            "after",
        ))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
}

#[tokio::test]
async fn a_ticket_changes_holder_on_the_same_seat_within_the_rules() {
    let env = Env::start().await;
    let t = env
        .client
        .issue_ticket(&ticket(EVENT, 70, mario(), "tr"))
        .await
        .unwrap();
    let friend = person("Franco", "Amico", (1992, 4, 4));
    assert_eq!(
        env.client.is_transferable(t.id).await.unwrap(),
        (true, None)
    );
    // The new holder already has a title for the event.
    let other = env
        .client
        .issue_ticket(&ticket(
            EVENT,
            71,
            person("Gia", "Titolare", (1990, 1, 1)),
            "tr2",
        ))
        .await
        .unwrap();
    let e = env
        .client
        .transfer_ticket(t.id, &other.holder, "tr-x")
        .await
        .unwrap_err();
    assert_eq!(refused(e), "TITOLO_GIA_EMESSO_PER_UTILIZZATORE");
    // A banned new holder.
    let banned = person("Bandito", "Cessione", (1980, 1, 1));
    env.control("police-flags", serde_json::to_value(&banned).unwrap())
        .await;
    assert!(!env.client.verify_person(&banned).await.unwrap());
    assert!(env.client.verify_person(&friend).await.unwrap());
    assert_eq!(
        refused(
            env.client
                .transfer_ticket(t.id, &banned, "tr-y")
                .await
                .unwrap_err()
        ),
        "PERSONA_BANNATA"
    );
    // The transfer: old cancelled, new on the same seat, journalled.
    let new = env
        .client
        .transfer_ticket(t.id, &friend, "tr-ok")
        .await
        .unwrap();
    assert_eq!(
        (new.seat_id, new.holder.clone(), new.state.as_str()),
        (Some(70), friend.clone(), "issued")
    );
    assert_ne!(new.seal, t.seal);
    assert_eq!(env.client.title(t.id).await.unwrap().state, "cancelled");
    assert_eq!(
        env.client.titles_by_transaction("tr-ok").await.unwrap(),
        vec![new.clone()]
    );
    let (ok, why) = env.client.is_transferable(t.id).await.unwrap();
    assert!(!ok && why.unwrap().contains("annullato"));
    assert_eq!(
        refused(
            env.client
                .transfer_ticket(t.id, &person("Terzo", "X", (1990, 1, 1)), "z")
                .await
                .unwrap_err()
        ),
        "TITOLO_NON_CEDIBILE"
    );
    // A used title, and an event that has started, cannot change holder.
    let r = env
        .control
        .post(format!(
            "{}/_sim/ticketing/titles/{}/enter",
            env.sim.http_url(),
            new.id
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        refused(
            env.client
                .transfer_ticket(new.id, &mario(), "u")
                .await
                .unwrap_err()
        ),
        "TITOLO_NON_CEDIBILE"
    );
    env.control("clock", json!({"now": "2025-08-24T19:00:00Z"}))
        .await;
    assert_eq!(
        refused(
            env.client
                .transfer_ticket(other.id, &person("Tardi", "Y", (1990, 1, 1)), "v")
                .await
                .unwrap_err()
        ),
        "TITOLO_NON_CEDIBILE"
    );
}

#[tokio::test]
async fn holds_keep_seats_for_their_owner_until_they_expire() {
    let env = Env::start().await;
    let block = env
        .client
        .blocks(EVENT)
        .await
        .unwrap()
        .into_iter()
        .find(|b| b.code == "TC1")
        .unwrap();
    assert_eq!(
        (block.capacity, block.free, block.gate.as_str()),
        (600, 600, "Varco 1")
    );
    env.client
        .hold_seats(EVENT, &[80, 81], "order-9", 30)
        .await
        .unwrap();
    let e = env
        .client
        .hold_seats(EVENT, &[81, 82], "order-10", 30)
        .await
        .unwrap_err();
    assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
    assert_eq!(
        env.client
            .blocks(EVENT)
            .await
            .unwrap()
            .iter()
            .find(|b| b.code == "TC1")
            .unwrap()
            .free,
        598
    );
    assert!(
        !env.client
            .free_seats(EVENT, block.id)
            .await
            .unwrap()
            .iter()
            .any(|s| s.id == 80)
    );
    // Someone else cannot issue on a held seat; the holder can.
    let e = env
        .client
        .issue_ticket(&ticket(EVENT, 80, person("Altro", "Z", (1990, 1, 1)), "o"))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
    let mut mine = ticket(EVENT, 80, mario(), "p");
    mine.hold_key = Some("order-9".into());
    env.client.issue_ticket(&mine).await.unwrap();
    // After 30 minutes the other held seat is free again.
    env.control("clock", json!({"advance_secs": 31 * 60})).await;
    env.client
        .hold_seats(EVENT, &[81], "order-10", 30)
        .await
        .unwrap();
    env.client
        .release_seats(EVENT, &[81], "order-10")
        .await
        .unwrap();
    assert!(
        env.client
            .free_seats(EVENT, block.id)
            .await
            .unwrap()
            .iter()
            .any(|s| s.id == 81)
    );
}

#[tokio::test]
async fn the_catalogue_lists_events_reductions_and_purchasable_counts() {
    let env = Env::start().await;
    let e = env.client.event(EVENT).await.unwrap();
    assert_eq!(e.descrizione, "Como - Lazio");
    let reductions = env.client.reductions(EVENT).await.unwrap();
    let u14 = reductions.iter().find(|r| r.code == "U14").unwrap();
    assert_eq!(u14.prices["TC"], 2600);
    assert_eq!(
        env.client.purchasable_count(EVENT, &mario()).await.unwrap(),
        4
    );
    env.client
        .issue_ticket(&ticket(EVENT, 90, mario(), "q"))
        .await
        .unwrap();
    assert_eq!(
        env.client.purchasable_count(EVENT, &mario()).await.unwrap(),
        3
    );
    assert_eq!(
        refused(env.client.event(9999).await.unwrap_err()),
        "EVENTO_SCONOSCIUTO"
    );
}

#[tokio::test]
async fn reference_data_has_195_nations_the_provinces_and_every_municipality() {
    let env = Env::start().await;
    let nations = env.client.nations().await.unwrap();
    assert_eq!(nations.len(), 195);
    let italy = nations.iter().find(|n| n.code == "IT").unwrap();
    assert_eq!(
        (italy.name_it.as_str(), italy.name_en.as_str()),
        ("Italia", "Italy")
    );
    assert!(
        nations.iter().any(|n| n.code == "VA") && nations.iter().any(|n| n.code == "PS"),
        "the two observer states"
    );
    let provinces = env.client.provinces().await.unwrap();
    assert_eq!(provinces.len(), 107);
    assert!(
        provinces
            .iter()
            .any(|p| p.code == "CO" && p.name == "Como" && p.region == "Lombardia")
    );
    let como = env.client.municipalities("co").await.unwrap();
    let town = como.iter().find(|m| m.name == "Como").unwrap();
    assert_eq!(
        (town.istat_code.as_str(), town.cadastral_code.as_str()),
        ("013075", "C933")
    );
    assert!(como.len() > 100, "every municipality of the province");
    assert!(env.client.municipalities("XX").await.unwrap().is_empty());
    let clubs = env.client.sports_clubs().await.unwrap();
    assert!(clubs.iter().any(|c| c.name == "Como") && clubs.len() == 21);
}

#[tokio::test]
async fn a_supporter_card_is_registered_then_issued_after_the_police_check_and_can_be_revoked() {
    let env = Env::start().await;
    let fan = person("Tessera", "Nuova", (1993, 3, 3));
    assert_eq!(
        env.client.add_person(&fan).await.unwrap(),
        env.client.add_person(&fan).await.unwrap()
    );
    let card = env.client.register_card(&fan).await.unwrap();
    assert_eq!(card.state, "registered");
    assert!(
        !env.client.verify_card(&fan).await.unwrap(),
        "not valid until issued"
    );
    assert_eq!(
        refused(env.client.register_card(&fan).await.unwrap_err()),
        "TESSERA_GIA_PRESENTE"
    );
    let issued = env.client.issue_card(&card.number).await.unwrap();
    assert_eq!(issued.state, "issued");
    assert!(issued.expires_on.is_some());
    assert!(env.client.verify_card(&fan).await.unwrap());
    env.client
        .issue_ticket(&ticket(HIGH_RISK, 100, fan.clone(), "card-1"))
        .await
        .unwrap();
    // The police check: a flagged person is not issued a card.
    let flagged = person("Senza", "Tessera", (1980, 8, 8));
    env.control("police-flags", serde_json::to_value(&flagged).unwrap())
        .await;
    let c = env.client.register_card(&flagged).await.unwrap();
    assert_eq!(
        refused(env.client.issue_card(&c.number).await.unwrap_err()),
        "PERSONA_BANNATA"
    );
    // A revoked card no longer opens away sectors and high-risk matches.
    assert_eq!(
        env.client.revoke_card(&card.number).await.unwrap().state,
        "revoked"
    );
    assert!(!env.client.verify_card(&fan).await.unwrap());
    assert_eq!(
        env.client.card(&card.number).await.unwrap().state,
        "revoked"
    );
    let e = env
        .client
        .issue_ticket(&ticket(1008, 100, fan, "card-2"))
        .await
        .unwrap_err(); // Como - Napoli, high risk
    assert_eq!(refused(e), "TESSERA_RICHIESTA");
    assert_eq!(
        refused(env.client.card("TF9999999999").await.unwrap_err()),
        "TESSERA_SCONOSCIUTA"
    );
}

#[tokio::test]
async fn club_bans_and_the_blacklist_stop_issuing_while_they_last() {
    let env = Env::start().await;
    let rowdy = person("Club", "Bannato", (1985, 5, 5));
    let ban = env
        .client
        .add_ban(&rowdy, None, None, "invasione di campo")
        .await
        .unwrap();
    assert!(env.client.is_banned(&rowdy).await.unwrap());
    assert_eq!(env.client.bans().await.unwrap().len(), 1);
    assert_eq!(
        refused(
            env.client
                .issue_ticket(&ticket(EVENT, 110, rowdy.clone(), "b1"))
                .await
                .unwrap_err()
        ),
        "PERSONA_BANNATA"
    );
    // A ban that ended no longer counts.
    env.client
        .update_ban(ban.id, Some("2025-07-01T00:00:00Z".parse().unwrap()))
        .await
        .unwrap();
    assert!(!env.client.is_banned(&rowdy).await.unwrap());
    env.client
        .issue_ticket(&ticket(EVENT, 110, rowdy.clone(), "b2"))
        .await
        .unwrap();
    env.client.remove_ban(ban.id).await.unwrap();
    assert_eq!(
        refused(env.client.remove_ban(ban.id).await.unwrap_err()),
        "BAN_SCONOSCIUTO"
    );
    // The blacklist.
    let listed = person("Lista", "Nera", (1970, 7, 7));
    env.client
        .blacklist_insert(&listed, "morosità")
        .await
        .unwrap();
    assert!(env.client.is_banned(&listed).await.unwrap());
    assert_eq!(
        refused(
            env.client
                .issue_ticket(&ticket(EVENT, 111, listed.clone(), "b3"))
                .await
                .unwrap_err()
        ),
        "PERSONA_BANNATA"
    );
    env.client.blacklist_remove(&listed).await.unwrap();
    assert!(!env.client.is_banned(&listed).await.unwrap());
    assert_eq!(
        refused(env.client.blacklist_remove(&listed).await.unwrap_err()),
        "PERSONA_NON_IN_BLACKLIST"
    );
}

#[tokio::test]
async fn seat_info_away_blocks_seat_orders_and_season_types() {
    let env = Env::start().await;
    env.client
        .issue_ticket(&ticket(EVENT, 120, mario(), "info"))
        .await
        .unwrap();
    env.client.hold_seats(EVENT, &[121], "k", 30).await.unwrap();
    let info = env
        .client
        .seats_info(EVENT, &[120, 121, 122])
        .await
        .unwrap();
    let states: Vec<&str> = info.iter().map(|s| s.state.as_str()).collect();
    assert_eq!(states, ["venduto", "bloccato", "libero"]);
    assert_eq!(
        (info[0].sector.as_str(), info[0].gate.as_str()),
        ("TC", "Varco 1")
    );
    assert_eq!(
        refused(env.client.seats_info(EVENT, &[999_999]).await.unwrap_err()),
        "POSTO_SCONOSCIUTO"
    );

    let away = env.client.away_blocks(EVENT).await.unwrap();
    let blocks = env.client.blocks(EVENT).await.unwrap();
    let expected: Vec<u32> = blocks.iter().filter(|b| b.away).map(|b| b.id).collect();
    assert_eq!(away, expected);
    assert_eq!(away.len(), 2);

    let orders = env.client.seat_orders(EVENT).await.unwrap();
    assert_eq!(orders.len(), 8, "one per sector");
    let curva = orders.iter().find(|o| o.sector == "CC").unwrap();
    assert_eq!(curva.price_cents, 2500);
    assert!(
        !curva.reduction_ids.contains(&5),
        "box-office-only reductions are not sold online"
    );

    let types = env.client.season_types().await.unwrap();
    // This season's, and last season's (the renewals' rights), with no matches left.
    assert_eq!(
        types
            .iter()
            .map(|t| (t.id, t.event_ids.len()))
            .collect::<Vec<_>>(),
        vec![(301, 19), (201, 0)]
    );
    let events = env.client.season_type_events(types[0].id).await.unwrap();
    assert_eq!(events.len(), 19);
    assert!(
        events.iter().all(|e| !e.descrizione.contains("Sudtirol")),
        "the cup match is not in the season"
    );
    assert_eq!(
        refused(env.client.season_type_events(9).await.unwrap_err()),
        "TIPO_ABBONAMENTO_SCONOSCIUTO"
    );
}

#[tokio::test]
async fn the_simulator_keeps_its_titles_across_a_restart_and_new_ids_never_collide() {
    let file = std::env::temp_dir().join(format!(
        "lario-sim-state-{}-{}.json",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    let start = || async {
        let sim = sim::Sim::start(sim::SimOptions {
            ticketing_state_file: Some(file.clone()),
            ..sim::SimOptions::random_ports()
        })
        .await
        .unwrap();
        let client = integrations::ticketing::TicketingClient::new(
            &sim.http_url(),
            sim::ticketing::USER,
            secrecy::SecretString::from(sim::ticketing::PASSWORD),
            std::time::Duration::from_millis(1500),
        )
        .unwrap();
        (sim, client)
    };
    let (sim, client) = start().await;
    let first = client
        .issue_ticket(&ticket(EVENT, 1, mario(), "run-1"))
        .await
        .unwrap();
    // Saved within a second of the change (the file may exist already from the first tick,
    // before the title: it must hold the title).
    for _ in 0..30 {
        if std::fs::read_to_string(&file).is_ok_and(|saved| saved.contains(&first.seal)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(file.exists(), "the state is saved");
    drop(sim);

    // The second run: the title is there, the seat still taken, and a new title is new.
    let (_sim, client) = start().await;
    assert_eq!(client.title_by_seal(&first.seal).await.unwrap(), first);
    let e = client
        .issue_ticket(&ticket(
            EVENT,
            1,
            person("Luca", "Bianchi", (1990, 1, 1)),
            "run-2",
        ))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
    let second = client
        .issue_ticket(&ticket(
            EVENT,
            2,
            person("Luca", "Bianchi", (1990, 1, 1)),
            "run-2",
        ))
        .await
        .unwrap();
    assert_ne!(second.id, first.id);
    assert_ne!(second.seal, first.seal);
    let _ = std::fs::remove_file(&file);
}

/// The client's cap on calls in flight (`TICKETING_MAX_IN_FLIGHT`): six calls of 200 ms with
/// two in flight take at least three turns (uncapped, they overlap and take about one).
#[tokio::test]
async fn calls_beyond_the_cap_wait_their_turn() {
    let env = Env::start().await;
    env.control("faults", json!({ "latency_ms": 200 })).await;
    let capped = integrations::ticketing::TicketingClient::new(
        &env.sim.http_url(),
        sim::ticketing::USER,
        secrecy::SecretString::from(sim::ticketing::PASSWORD),
        std::time::Duration::from_millis(5000),
    )
    .unwrap()
    .max_in_flight(2);
    let started = std::time::Instant::now();
    let answers = futures::future::join_all((0..6).map(|_| capped.event(EVENT))).await;
    let took = started.elapsed();
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    assert!(
        took >= std::time::Duration::from_millis(600),
        "six 200 ms calls two at a time took {took:?}"
    );
}
