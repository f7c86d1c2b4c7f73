//! Pre-emption, season tickets, collections, passing a season ticket on, and what the system
//! says about titles: our client against the simulator on random ports.

use crate::common::*;
use integrations::ticketing::{IssueCollection, IssueSeasonTicket, IssueTicket, Person};
use serde_json::json;

const SEASON: u32 = 301;
const LAST_SEASON: u32 = 201;
/// Como - Juventus: a pre-emption window from 1 to 15 August 2025, sectors TC TO DI DO DP CC.
const PREEMPTED: u32 = 1004;
/// The sim's clock starts on 1 August 2025, 10:00 in Rome: both windows are open.
const AFTER_WINDOWS: &str = "2025-08-15T06:00:00Z";

fn anna() -> Person {
    Person {
        sex: "F".into(),
        ..person("Anna", "Bianchi", (1992, 3, 8))
    }
}

fn luigi() -> Person {
    person("Luigi", "Verdi", (1975, 11, 2))
}

fn seat_id(env: &Env, label: &str) -> u32 {
    env.sim
        .ticketing
        .with_world(|w| w.seats.iter().find(|s| s.label == label).unwrap().id)
}

/// Season tickets of 2024-2025 (the renewal rights) and supporter cards; returns the seals
/// and the card numbers.
async fn seed(
    env: &Env,
    season_holders: &[(&str, Person)],
    cards: &[Person],
) -> (Vec<String>, Vec<String>) {
    let titles: Vec<_> = season_holders
        .iter()
        .map(
            |(seat, holder)| json!({"season_type_id": LAST_SEASON, "seat": seat, "holder": holder}),
        )
        .collect();
    let out = env
        .control_json("seed", json!({"season_titles": titles, "cards": cards}))
        .await;
    let strings = |k: &str| {
        out[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect()
    };
    (strings("seals"), strings("cards"))
}

fn season(holder: Person, seat: Option<u32>, tx: &str) -> IssueSeasonTicket {
    IssueSeasonTicket {
        season_type_id: SEASON,
        seat_id: seat,
        reduction_id: 1,
        holder,
        buyer: mario(),
        transaction_id: tx.into(),
        ..Default::default()
    }
}

async fn close_windows(env: &Env) {
    env.control("clock", json!({"now": AFTER_WINDOWS})).await;
}

#[tokio::test]
async fn a_preemption_ticket_needs_the_window_a_right_in_the_holders_name_and_is_used_once() {
    let env = Env::start().await;
    let (seals, cards) = seed(&env, &[("TC-TC1-1-1", mario())], &[luigi()]).await;
    let seat = seat_id(&env, "TC-TC1-5-5");
    let with =
        |holder: Person, seat: u32, seal: Option<&str>, card: Option<&str>, tx: &str| IssueTicket {
            preemption_seal: seal.map(str::to_owned),
            preemption_card: card.map(str::to_owned),
            ..ticket(PREEMPTED, seat, holder, tx)
        };

    // The public waits for the window to close.
    let public = env
        .client
        .issue_ticket(&ticket(PREEMPTED, seat, mario(), "p-0"))
        .await;
    assert_eq!(refused(public.unwrap_err()), "EVENTO_NON_IN_VENDITA");
    // No right, a right in someone else's name, an unknown seal: not entitled.
    for (holder, s, c) in [
        (mario(), None, None),
        (anna(), Some(seals[0].as_str()), None),
        (mario(), Some("0000000000000000"), None),
        (mario(), None, Some(cards[0].as_str())),
    ] {
        let e = env
            .client
            .issue_preemption_ticket(&with(holder, seat, s, c, "p-1"))
            .await
            .unwrap_err();
        assert_eq!(refused(e), "PRELAZIONE_NON_SPETTANTE");
    }
    // A season holder's seal, in their name.
    let t = env
        .client
        .issue_preemption_ticket(&with(mario(), seat, Some(&seals[0]), None, "p-2"))
        .await
        .unwrap();
    assert_eq!(t.event_id, PREEMPTED);
    let extended = env.client.title_extended(t.id).await.unwrap();
    assert_eq!(
        extended.preemption_right.as_deref(),
        Some(seals[0].as_str())
    );
    // Once per event: a second use is refused (after the holder's own ticket is cancelled, so
    // the only failing check is the right's).
    env.control_json(&format!("titles/{}/cancel", t.id), json!({}))
        .await;
    let again = with(mario(), seat + 1, Some(&seals[0]), None, "p-3");
    assert_eq!(
        refused(
            env.client
                .issue_preemption_ticket(&again)
                .await
                .unwrap_err()
        ),
        "PRELAZIONE_NON_SPETTANTE"
    );
    // A supporter card in the holder's name is a right too; not for the standing sector.
    let by_card = with(luigi(), seat + 2, None, Some(&cards[0]), "p-4");
    env.client.issue_preemption_ticket(&by_card).await.unwrap();
    let prato = env
        .sim
        .ticketing
        .with_world(|w| w.blocks.iter().find(|b| b.no_map).unwrap().id);
    let standing = IssueTicket {
        seat_id: None,
        block_id: Some(prato),
        ..with(anna(), 0, None, None, "p-5")
    };
    assert_eq!(
        refused(
            env.client
                .issue_preemption_ticket(&standing)
                .await
                .unwrap_err()
        ),
        "PRELAZIONE_NON_SPETTANTE"
    );
    // Once the window has closed: public sale, and no more pre-emption.
    close_windows(&env).await;
    env.client
        .issue_ticket(&ticket(PREEMPTED, seat + 3, anna(), "p-6"))
        .await
        .unwrap();
    let late = with(mario(), seat + 4, Some(&seals[0]), None, "p-7");
    assert_eq!(
        refused(env.client.issue_preemption_ticket(&late).await.unwrap_err()),
        "PRELAZIONE_NON_SPETTANTE"
    );
}

#[tokio::test]
async fn a_season_renewal_keeps_the_seat_covers_every_match_and_is_used_once() {
    let env = Env::start().await;
    let (seals, _) = seed(&env, &[("TC-TC1-2-7", mario())], &[mario(), luigi()]).await;
    let seat = seat_id(&env, "TC-TC1-2-7");

    // The public campaign opens after the renewals.
    let public = env
        .client
        .issue_season_ticket(&season(luigi(), Some(seat + 1), "s-0"))
        .await;
    assert_eq!(refused(public.unwrap_err()), "EVENTO_NON_IN_VENDITA");
    // A renewal in the holder's name, without a seat: last season's seat.
    let renewal = IssueSeasonTicket {
        preemption_seal: Some(seals[0].clone()),
        ..season(mario(), None, "s-1")
    };
    let t = env.client.issue_season_preemption(&renewal).await.unwrap();
    assert_eq!(
        (t.season_type_id, t.event_id, t.seat_id),
        (Some(SEASON), 0, Some(seat))
    );
    assert_eq!(t.price_cents, 86_400);
    // The seat is taken for every match, and the holder has a title for each.
    for event in [1001, 1002, 1019] {
        let e = env
            .client
            .issue_ticket(&ticket(event, seat, anna(), "s-3"))
            .await
            .unwrap_err();
        assert_eq!(refused(e), "POSTO_NON_DISPONIBILE");
        let e = env
            .client
            .issue_ticket(&ticket(event, seat + 9, mario(), "s-4"))
            .await
            .unwrap_err();
        assert_eq!(refused(e), "TITOLO_GIA_EMESSO_PER_UTILIZZATORE");
    }
    let block = env.client.season_seats_info(SEASON, &[seat]).await.unwrap()[0].block_id;
    let free = env.client.season_free_seats(SEASON, block).await.unwrap();
    assert!(free.iter().all(|s| s.id != seat));
    assert_eq!(
        env.client.season_seats_info(SEASON, &[seat]).await.unwrap()[0].state,
        "venduto"
    );
    assert_eq!(
        env.client
            .season_titles_by_holder(SEASON, &mario())
            .await
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        env.client
            .season_purchasable_count(SEASON, &mario())
            .await
            .unwrap(),
        3
    );

    // Once only: even with the first renewal cancelled, the right is spent.
    env.control_json(&format!("titles/{}/cancel", t.id), json!({}))
        .await;
    let twice = IssueSeasonTicket {
        transaction_id: "s-2".into(),
        seat_id: Some(seat + 5),
        ..renewal.clone()
    };
    assert_eq!(
        refused(
            env.client
                .issue_season_preemption(&twice)
                .await
                .unwrap_err()
        ),
        "PRELAZIONE_NON_SPETTANTE"
    );
    // After the window: the public campaign, with every issuing check over the season.
    close_windows(&env).await;
    let e = env
        .client
        .issue_season_ticket(&season(anna(), Some(seat + 1), "s-5"))
        .await
        .unwrap_err();
    assert_eq!(
        refused(e),
        "TESSERA_RICHIESTA",
        "the season has high-risk matches"
    );
    env.client
        .issue_season_ticket(&season(luigi(), Some(seat + 1), "s-6"))
        .await
        .unwrap();
    let orders = env.client.season_seat_orders(SEASON).await.unwrap();
    assert_eq!(
        orders
            .iter()
            .find(|o| o.sector == "TC")
            .unwrap()
            .price_cents,
        86_400
    );
    let reductions = env.client.season_reductions(SEASON).await.unwrap();
    assert!(
        reductions
            .iter()
            .any(|r| r.code == "U14" && r.prices["TC"] < 86_400)
    );
}

#[tokio::test]
async fn a_season_ticket_is_passed_on_one_match_at_a_time_and_comes_back() {
    let env = Env::start().await;
    seed(&env, &[], &[mario()]).await;
    close_windows(&env).await;
    let seat = seat_id(&env, "DI-DI1-3-3");
    let s = env
        .client
        .issue_season_ticket(&season(mario(), Some(seat), "t-1"))
        .await
        .unwrap();

    // Passed on for Como - Lazio to Anna: a title on the same seat that she cannot pass on.
    let pass = env
        .client
        .transfer_season_ticket(s.id, 1001, &anna(), "t-2")
        .await
        .unwrap();
    assert_eq!(
        (
            pass.event_id,
            pass.seat_id,
            pass.parent_id,
            pass.transferable
        ),
        (1001, Some(seat), Some(s.id), false)
    );
    let e = env
        .client
        .transfer_ticket(pass.id, &luigi(), "t-3")
        .await
        .unwrap_err();
    assert_eq!(refused(e), "TITOLO_NON_CEDIBILE");
    let e = env
        .client
        .transfer_season_ticket(s.id, 1001, &luigi(), "t-4")
        .await
        .unwrap_err();
    assert_eq!(
        refused(e),
        "TITOLO_NON_CEDIBILE",
        "that match is already passed on"
    );
    let e = env
        .client
        .transfer_season_ticket(s.id, 1003, &anna(), "t-5")
        .await
        .unwrap_err();
    assert_eq!(
        refused(e),
        "TESSERA_RICHIESTA",
        "a high-risk match needs the receiver's card"
    );
    let e = env
        .client
        .transfer_ticket(s.id, &anna(), "t-6")
        .await
        .unwrap_err();
    assert_eq!(
        refused(e),
        "TITOLO_NON_CEDIBILE",
        "a season ticket is passed on match by match"
    );

    // At the gate of that match: Anna's pass, not Mario's season ticket.
    let (status, body) = env
        .control_raw(&format!("titles/{}/enter", s.id), json!({"eventoId": 1001}))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("TITOLO_CEDUTO"))
    );
    env.control_json(&format!("titles/{}/enter", pass.id), json!({}))
        .await;
    // The next match is Mario's again, once.
    env.control_json(&format!("titles/{}/enter", s.id), json!({"eventoId": 1002}))
        .await;
    let (status, body) = env
        .control_raw(&format!("titles/{}/enter", s.id), json!({"eventoId": 1002}))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("TITOLO_GIA_UTILIZZATO"))
    );

    let info = env.client.transfer_info(s.id).await.unwrap();
    assert_eq!(info.passes, vec![(1001, pass.id)]);
    assert!(!info.transferable);
    let info = env.client.transfer_info(pass.id).await.unwrap();
    assert_eq!(
        (info.transferable, info.code.as_deref()),
        (false, Some("TITOLO_NON_CEDIBILE"))
    );

    // A pass cancelled before its match gives the match back to the season ticket.
    let pass2 = env
        .client
        .transfer_season_ticket(s.id, 1005, &anna(), "t-7")
        .await
        .unwrap();
    assert!(
        env.client
            .titles_by_holder(1005, &mario())
            .await
            .unwrap()
            .is_empty()
    );
    env.control_json(&format!("titles/{}/cancel", pass2.id), json!({}))
        .await;
    let back = env.client.titles_by_holder(1005, &mario()).await.unwrap();
    assert_eq!(back.iter().map(|t| t.id).collect::<Vec<_>>(), vec![s.id]);
}

#[tokio::test]
async fn a_collection_issues_one_ticket_per_match_all_or_none() {
    let env = Env::start().await;
    close_windows(&env).await;
    let seat = seat_id(&env, "CC-CC2-4-4");
    let collection = |holder: Person, events: Vec<u32>, tx: &str| IssueCollection {
        season_type_id: SEASON,
        events: Some(events),
        seat_id: seat,
        reduction_id: 1,
        holder,
        buyer: mario(),
        transaction_id: tx.into(),
    };
    let journal_len = |v: serde_json::Value| v.as_array().unwrap().len();
    // Como - Hellas Verona is high-risk: without a card, nothing is issued at all.
    let before = journal_len(env.get("journal").await);
    let e = env
        .client
        .issue_season_collection(&collection(anna(), vec![1001, 1002, 1003], "c-1"))
        .await
        .unwrap_err();
    assert_eq!(refused(e), "TESSERA_RICHIESTA");
    assert_eq!(journal_len(env.get("journal").await), before);
    // Two matches: two tickets on the same seat, found again by the transaction id.
    let titles = env
        .client
        .issue_season_collection(&collection(anna(), vec![1001, 1002], "c-2"))
        .await
        .unwrap();
    assert_eq!(
        titles
            .iter()
            .map(|t| (t.event_id, t.seat_id))
            .collect::<Vec<_>>(),
        vec![(1001, Some(seat)), (1002, Some(seat))]
    );
    assert_eq!(
        env.client.titles_by_transaction("c-2").await.unwrap().len(),
        2
    );
    let e = env
        .client
        .issue_season_collection(&collection(anna(), vec![1001, 1100], "c-3"))
        .await
        .unwrap_err();
    assert_eq!(
        refused(e),
        "RICHIESTA_NON_VALIDA",
        "the cup match is not in the season"
    );
}

#[tokio::test]
async fn title_state_extended_information_and_transfer_information() {
    let env = Env::start().await;
    let first = env
        .client
        .issue_ticket(&ticket(EVENT, 40, mario(), "i-1"))
        .await
        .unwrap();
    let second = env
        .client
        .transfer_ticket(first.id, &anna(), "i-2")
        .await
        .unwrap();
    assert_eq!(env.client.title_state(first.id).await.unwrap(), "cancelled");
    assert_eq!(env.client.title_state(second.id).await.unwrap(), "issued");
    let extended = env.client.title_extended(second.id).await.unwrap();
    assert_eq!(extended.replaces, Some(first.id));
    assert_eq!(extended.buyer, mario());
    assert_eq!(extended.history.len(), 1);
    assert_eq!(extended.history[0]["seal"], second.seal.as_str());
    let info = env.client.transfer_info(second.id).await.unwrap();
    assert!(info.transferable);
    assert_eq!((info.transfers_made, info.original_id), (1, first.id));
    let e = env.client.title_state(999_999).await.unwrap_err();
    assert_eq!(refused(e), "TITOLO_SCONOSCIUTO");
}

#[tokio::test]
async fn card_photos_organisers_and_the_blacklist() {
    let env = Env::start().await;
    let card = env.client.register_card(&anna()).await.unwrap();
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    env.client.card_photo(&card.number, png).await.unwrap();
    let e = env
        .client
        .card_photo(&card.number, b"not an image")
        .await
        .unwrap_err();
    assert_eq!(refused(e), "IMMAGINE_NON_VALIDA");
    let e = env.client.card_photo("TF-NONE", png).await.unwrap_err();
    assert_eq!(refused(e), "TESSERA_SCONOSCIUTA");

    let organisers = env.client.organisers().await.unwrap();
    assert_eq!(
        (organisers[0].id, organisers[0].points_of_sale.len()),
        (2, 2)
    );

    env.client
        .blacklist_insert(&luigi(), "striscione")
        .await
        .unwrap();
    let list = env.client.blacklist().await.unwrap();
    assert_eq!(
        (list.len(), list[0].person.clone(), list[0].reason.as_str()),
        (1, luigi(), "striscione")
    );
}

#[tokio::test]
async fn on_real_time_the_demo_season_is_ahead_with_its_windows_open() {
    let sim = sim::Sim::start(sim::SimOptions {
        clock_start: None,
        ..sim::SimOptions::random_ports()
    })
    .await
    .unwrap();
    let now = chrono::Utc::now();
    let (first, window) = sim.ticketing.with_world(|w| {
        let first = w.events.values().map(|e| e.starts_at).min().unwrap();
        (first, w.events[&PREEMPTED].preemption.clone().unwrap())
    });
    assert!(
        first > now && first < now + chrono::Duration::weeks(5),
        "{first}"
    );
    assert!(window.is_open(now), "{window:?}");
}
