//! `/ticketing`: the simulator's state at a glance, for people (the JSON is under `/_sim`).

use super::{Ticketing, world::TitleState};
use crate::web::{escape, page};
use axum::{extract::State, response::Html};

/// How many titles and journal lines the page shows (the newest).
const SHOWN: usize = 50;

pub(super) async fn state_page(State(t): State<Ticketing>) -> Html<String> {
    let now = t.now();
    let (faults, idempotency) = {
        let s = t.lock();
        (
            serde_json::to_string(&s.faults).unwrap_or_default(),
            format!("{:?}", s.world.idempotency),
        )
    };
    let body = t.with_world(|w| {
        let live = |event: u32| {
            w.blocks
                .iter()
                .map(|b| w.sold_in_block(event, b.id))
                .sum::<u32>()
        };
        let capacity: u32 = w.blocks.iter().map(|b| b.capacity).sum();
        let events: String = w
            .events
            .values()
            .map(|e| {
                let window = e.preemption.as_ref().map_or(String::new(), |p| {
                    format!(
                        "{} &rarr; {}",
                        p.opens_at.format("%d/%m %H:%M"),
                        p.closes_at.format("%d/%m %H:%M")
                    )
                });
                format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:?}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    e.id,
                    escape(&e.title),
                    e.starts_at.format("%Y-%m-%d %H:%M UTC"),
                    e.status,
                    if e.high_risk { "yes" } else { "" },
                    live(e.id),
                    window
                )
            })
            .collect();
        let titles: String = w
            .titles
            .values()
            .rev()
            .take(SHOWN)
            .map(|x| {
                let what = match x.season_type_id {
                    Some(s) => format!("season {s}"),
                    None => format!("event {}", x.event_id),
                };
                let seat = x
                    .seat_id
                    .and_then(|s| w.seat(s))
                    .map_or_else(|| "standing".to_owned(), |s| s.label.clone());
                format!(
                    "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{} {}</td><td>{}</td><td>{}</td></tr>",
                    x.id,
                    x.seal,
                    what,
                    escape(&seat),
                    escape(&x.holder.first_name),
                    escape(&x.holder.last_name),
                    match x.state {
                        TitleState::Issued => "issued",
                        TitleState::Used => "used",
                        TitleState::Cancelled => "cancelled",
                    },
                    escape(x.transaction_id.as_deref().unwrap_or("")),
                )
            })
            .collect();
        let journal: String = w
            .journal
            .iter()
            .rev()
            .take(SHOWN)
            .map(|j| {
                format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
                    j.progressive,
                    escape(&j.kind),
                    j.title_id,
                    j.seal,
                    j.at.format("%Y-%m-%d %H:%M:%S UTC")
                )
            })
            .collect();
        format!(
            "<p>Simulated time <strong>{now}</strong> &middot; idempotency <strong>{idempotency}</strong> \
             &middot; faults <code>{faults}</code></p>\
             <p>{blocks} blocks, {seats} numbered seats, {capacity} places &middot; {titles_n} titles \
             &middot; {journal_n} journal lines &middot; {cards} supporter cards &middot; {bans} club bans \
             &middot; {holds} seat holds. JSON: <a href=\"/_sim/ticketing/journal\">journal</a>, \
             <a href=\"/_sim/ticketing/snapshot\">snapshot</a>, <a href=\"/_sim/ticketing/requests\">requests</a>.</p>\
             <h2>Events</h2><table><thead><tr><th>Id</th><th>Match</th><th>Starts</th><th>Status</th>\
             <th>High risk</th><th>Titles</th><th>Pre-emption</th></tr></thead><tbody>{events}</tbody></table>\
             <h2>Latest titles</h2><table><thead><tr><th>Id</th><th>Seal</th><th>For</th><th>Seat</th>\
             <th>Holder</th><th>State</th><th>Transaction</th></tr></thead><tbody>{titles}</tbody></table>\
             <h2>Journal (newest first)</h2><table><thead><tr><th>Progressive</th><th>Kind</th><th>Title</th>\
             <th>Seal</th><th>At</th></tr></thead><tbody>{journal}</tbody></table>",
            now = now.format("%Y-%m-%d %H:%M:%S UTC"),
            idempotency = escape(&idempotency),
            faults = escape(&faults),
            blocks = w.blocks.len(),
            seats = w.seats.len(),
            titles_n = w.titles.len(),
            journal_n = w.journal.len(),
            cards = w.cards.len(),
            bans = w.club_bans.len(),
            holds = w.holds.len(),
        )
    });
    page("Ticketing system (simulator)", &body)
}
