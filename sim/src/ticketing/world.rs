//! The ticketing system's state and rules, without HTTP: venue, events, holds, persons,
//! titles with fiscal seals, and the append-only journal. Every operation takes the
//! simulated clock `now`.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::collections::{BTreeMap, HashMap, HashSet};

/// A seat or a standing place of the venue.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Seat {
    pub id: u32,
    pub block_id: u32,
    pub row: String,
    pub number: u32,
    pub label: String,
}

/// A block: sector code, gate, capacity, away and no-map flags.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Block {
    pub id: u32,
    pub code: String,
    pub sector: String,
    pub sector_name: String,
    pub gate: String,
    pub capacity: u32,
    pub away: bool,
    pub no_map: bool,
}

/// An event on sale, closed or cancelled, with its policy.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    pub id: u32,
    pub spettacolo_id: u32,
    pub title: String,
    pub competition: String,
    pub starts_at: DateTime<Utc>,
    pub status: EventStatus,
    pub high_risk: bool,
    pub per_buyer_limit: u32,
    pub transferable: bool,
    /// The pre-emption window: season holders buy first; public sale opens when it closes.
    #[serde(default)]
    pub preemption: Option<Window>,
}

/// A pre-emption window, and the sectors it applies to (all when empty).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Window {
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
    #[serde(default)]
    pub sectors: Vec<String>,
}

impl Window {
    pub fn is_open(&self, now: DateTime<Utc>) -> bool {
        self.opens_at <= now && now < self.closes_at
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventStatus {
    OnSale,
    Closed,
    Cancelled,
}

/// A reduction code and who qualifies for it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reduction {
    pub id: u32,
    pub code: String,
    pub name: String,
    /// 0 box office, 1 online, 2 both.
    pub visibility: u8,
    pub factor_percent: u32,
    pub rule: String,
}

/// A person as the system knows them (holder or buyer).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Person {
    #[serde(rename = "nome")]
    pub first_name: String,
    #[serde(rename = "cognome")]
    pub last_name: String,
    /// yyyy-mm-dd
    #[serde(rename = "dataNascita")]
    pub birth_date: NaiveDate,
    #[serde(rename = "sesso", default)]
    pub sex: String,
    #[serde(rename = "codiceFiscale", default)]
    pub fiscal_code: String,
}

impl Person {
    /// Who this is for the one-title-per-holder and ban rules.
    pub fn key(&self) -> String {
        if !self.fiscal_code.trim().is_empty() {
            return self.fiscal_code.trim().to_uppercase();
        }
        format!(
            "{}|{}|{}",
            self.first_name.trim().to_uppercase(),
            self.last_name.trim().to_uppercase(),
            self.birth_date
        )
    }

    fn age_on(&self, day: NaiveDate) -> i32 {
        let mut age = day.year() - self.birth_date.year();
        if (day.month(), day.day()) < (self.birth_date.month(), self.birth_date.day()) {
            age -= 1;
        }
        age
    }
}

/// A title's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TitleState {
    Issued,
    Used,
    Cancelled,
}

/// An issued title.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Title {
    pub id: u64,
    pub seal: String,
    pub barcode: String,
    pub progressive: u64,
    pub event_id: u32,
    pub seat_id: Option<u32>,
    pub block_id: u32,
    pub reduction_id: u32,
    pub price_cents: u32,
    pub holder: Person,
    pub buyer: Person,
    pub transaction_id: Option<String>,
    pub state: TitleState,
    pub issued_at: DateTime<Utc>,
    /// A season ticket: its type (then `event_id` is 0 and it covers the type's events).
    #[serde(default)]
    pub season_type_id: Option<u32>,
    /// A season ticket passed on for one match: the season ticket it came from.
    #[serde(default)]
    pub parent_id: Option<u64>,
    /// A change of holder: the title this one replaced.
    #[serde(default)]
    pub replaces: Option<u64>,
    /// Whether this title may change holder (a season pass's receiver cannot pass it on).
    #[serde(default = "yes")]
    pub transferable: bool,
    /// The pre-emption right used to buy it (a fiscal seal or a card number).
    #[serde(default)]
    pub preemption_right: Option<String>,
    /// The point of sale and terminal that issued it, when the request named them.
    #[serde(default)]
    pub point_of_sale_id: Option<u32>,
    #[serde(default)]
    pub terminal_id: Option<u32>,
}

fn yes() -> bool {
    true
}

/// One line of the journal: every issue and cancellation, with its progressive number.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JournalEntry {
    pub progressive: u64,
    pub kind: String,
    pub title_id: u64,
    pub seal: String,
    pub event_id: u32,
    pub at: DateTime<Utc>,
}

/// A refusal: the vendor's stable code and Italian message, and the HTTP status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    #[serde(skip)]
    pub status: u16,
    pub code: &'static str,
    #[serde(rename = "Message")]
    pub message: String,
}

impl Refusal {
    pub(crate) fn new(status: u16, code: &'static str, message: impl Into<String>) -> Self {
        Refusal {
            status,
            code,
            message: message.into(),
        }
    }

    pub(crate) fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(404, code, message)
    }

    pub(crate) fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(409, code, message)
    }

    pub(crate) fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(403, code, message)
    }
}

/// A request to issue a ticket (Biglietto/EmettiEsteso and its no-map form).
#[derive(Debug, Clone, Deserialize)]
pub struct IssueRequest {
    #[serde(rename = "eventoId")]
    pub event_id: u32,
    #[serde(rename = "postoId", default)]
    pub seat_id: Option<u32>,
    #[serde(rename = "bloccoId", default)]
    pub block_id: Option<u32>,
    #[serde(rename = "riduzioneId")]
    pub reduction_id: u32,
    #[serde(rename = "utilizzatore")]
    pub holder: Person,
    #[serde(rename = "acquirente")]
    pub buyer: Person,
    #[serde(rename = "transazioneId", default)]
    pub transaction_id: Option<String>,
    /// Who holds the seat for this sale (the caller's hold key), if held.
    #[serde(rename = "chiavePrenotazione", default)]
    pub hold_key: Option<String>,
    /// Pre-emption: the fiscal seal of the season ticket that gives the right ...
    #[serde(rename = "sigilloFiscalePrelazione", default)]
    pub preemption_seal: Option<String>,
    /// ... or the supporter card number that does.
    #[serde(rename = "tesseraPrelazione", default)]
    pub preemption_card: Option<String>,
    /// Where it is sold from: the organiser's point of sale and its terminal (recorded on
    /// the title, as the fiscal record names them).
    #[serde(rename = "puntovenditaId", default)]
    pub point_of_sale_id: Option<u32>,
    #[serde(rename = "terminaleId", default)]
    pub terminal_id: Option<u32>,
}

/// A request to issue a season ticket (Abbonamento/EmettiEsteso, EmettiPrelazione).
#[derive(Debug, Clone, Deserialize)]
pub struct SeasonIssueRequest {
    #[serde(rename = "tipoAbbonamentoId")]
    pub season_type_id: u32,
    /// Omitted in a renewal: the previous season's seat.
    #[serde(rename = "postoId", default)]
    pub seat_id: Option<u32>,
    #[serde(rename = "riduzioneId")]
    pub reduction_id: u32,
    #[serde(rename = "utilizzatore")]
    pub holder: Person,
    #[serde(rename = "acquirente")]
    pub buyer: Person,
    #[serde(rename = "transazioneId", default)]
    pub transaction_id: Option<String>,
    #[serde(rename = "chiavePrenotazione", default)]
    pub hold_key: Option<String>,
    #[serde(rename = "sigilloFiscalePrelazione", default)]
    pub preemption_seal: Option<String>,
    #[serde(rename = "tesseraPrelazione", default)]
    pub preemption_card: Option<String>,
}

/// What a new title is made of.
#[derive(Debug, Clone)]
pub(crate) struct Mint {
    pub(crate) event_id: u32,
    pub(crate) seat_id: Option<u32>,
    pub(crate) block_id: u32,
    pub(crate) reduction_id: u32,
    pub(crate) price_cents: u32,
    pub(crate) holder: Person,
    pub(crate) buyer: Person,
    pub(crate) transaction_id: Option<String>,
    pub(crate) season_type_id: Option<u32>,
    pub(crate) parent_id: Option<u64>,
    pub(crate) replaces: Option<u64>,
    pub(crate) transferable: bool,
    pub(crate) preemption_right: Option<String>,
    pub(crate) point_of_sale_id: Option<u32>,
    pub(crate) terminal_id: Option<u32>,
}

impl Mint {
    pub(crate) fn ticket(
        event_id: u32,
        block_id: u32,
        seat_id: Option<u32>,
        holder: Person,
        buyer: Person,
    ) -> Mint {
        Mint {
            event_id,
            seat_id,
            block_id,
            reduction_id: 0,
            price_cents: 0,
            holder,
            buyer,
            transaction_id: None,
            season_type_id: None,
            parent_id: None,
            replaces: None,
            transferable: true,
            preemption_right: None,
            point_of_sale_id: None,
            terminal_id: None,
        }
    }
}

/// How a ticket is being sold: to the public, or to a holder of a pre-emption right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sale {
    Public,
    Preemption,
}

/// Seed data read from `fixtures/ticketing`.
#[derive(Debug, Deserialize)]
pub struct VenueFile {
    pub sectors: Vec<SectorDef>,
}

#[derive(Debug, Deserialize)]
pub struct SectorDef {
    pub code: String,
    pub name: String,
    pub blocks: Vec<BlockDef>,
}

#[derive(Debug, Deserialize)]
pub struct BlockDef {
    pub code: String,
    pub gate: String,
    #[serde(default)]
    pub rows: u32,
    #[serde(default)]
    pub seats_per_row: u32,
    #[serde(default)]
    pub away: bool,
    #[serde(default)]
    pub no_map: bool,
    #[serde(default)]
    pub capacity: u32,
}

#[derive(Debug, Deserialize)]
pub struct SeasonFile {
    pub events: Vec<EventDef>,
    pub season_types: Vec<SeasonType>,
    pub prices: BTreeMap<String, u32>,
    pub reductions: Vec<Reduction>,
}

/// A season ticket type and the events it covers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeasonType {
    pub id: u32,
    pub name: String,
    pub event_ids: Vec<u32>,
    /// Price per sector in cents (full price; reductions apply their factor).
    #[serde(default)]
    pub prices: BTreeMap<String, u32>,
    /// The season whose holders may renew in the pre-emption window.
    #[serde(default)]
    pub previous_id: Option<u32>,
    #[serde(default)]
    pub preemption: Option<Window>,
    #[serde(default = "four")]
    pub per_buyer_limit: u32,
}

fn four() -> u32 {
    4
}

#[derive(Debug, Deserialize)]
pub struct EventDef {
    pub id: u32,
    pub spettacolo_id: u32,
    pub title: String,
    pub competition: String,
    pub starts_at: DateTime<chrono::FixedOffset>,
    pub high_risk: bool,
    pub per_buyer_limit: u32,
    #[serde(default)]
    pub preemption: Option<Window>,
}

/// How a repeated transaction id is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Idempotency {
    /// The same transaction id returns the first title.
    Strict,
    /// A repeat is a new request: it fails as seat taken (or issues a second no-map title).
    #[default]
    Naive,
}

/// The whole simulated system.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct World {
    pub seed: String,
    pub blocks: Vec<Block>,
    pub seats: Vec<Seat>,
    pub events: BTreeMap<u32, Event>,
    pub prices: BTreeMap<String, u32>,
    pub reductions: Vec<Reduction>,
    pub season_types: Vec<SeasonType>,
    /// (event, seat) -> (hold key, until)
    pub holds: HashMap<String, (String, DateTime<Utc>)>,
    pub titles: BTreeMap<u64, Title>,
    pub journal: Vec<JournalEntry>,
    /// Person keys the police flagged (stadium ban, DASPO).
    pub police_flags: HashSet<String>,
    /// Person key -> person id.
    pub persons: HashMap<String, u64>,
    /// Supporter cards by number.
    pub cards: BTreeMap<String, super::persons::Card>,
    /// The club's own bans.
    pub club_bans: Vec<super::persons::ClubBan>,
    pub blacklist: Vec<super::persons::BlacklistEntry>,
    pub idempotency: Idempotency,
    /// Pre-emption rights used: "right|event:<id>" or "right|season:<id>".
    #[serde(default)]
    pub used_preemptions: HashSet<String>,
    /// Season tickets' gate entries: "title:event".
    #[serde(default)]
    pub season_entries: HashSet<String>,
    next_title: u64,
    next_progressive: u64,
    /// Look-ups that keep issuing constant-time; derived from `titles`, rebuilt on restore.
    #[serde(skip)]
    index: Index,
}

#[derive(Debug, Clone, Default)]
struct Index {
    /// (event, seat) -> live title
    seat: HashMap<(u32, u32), u64>,
    /// (event, holder key) -> live title
    holder: HashMap<(u32, String), u64>,
    /// (event, buyer key) -> live titles bought
    buyer: HashMap<(u32, String), u32>,
    /// (season type, buyer key) -> live season tickets bought
    season_buyer: HashMap<(u32, String), u32>,
    /// (event, block) -> live titles
    block: HashMap<(u32, u32), u32>,
    seal: HashMap<String, u64>,
    transaction: HashMap<String, Vec<u64>>,
}

impl Index {
    /// Counts a title in or out of the live indexes, for every event it covers (one for a
    /// ticket, the type's events for a season ticket).
    fn live(&mut self, t: &Title, events: &[u32], delta: i32) {
        let bump = |n: &mut u32| *n = n.saturating_add_signed(delta);
        let holder = t.holder.key();
        for &event in events {
            if delta > 0 {
                if let Some(seat) = t.seat_id {
                    self.seat.insert((event, seat), t.id);
                }
                self.holder.insert((event, holder.clone()), t.id);
            } else {
                // Only this title's own entries: a season pass may have taken one over.
                if let Some(seat) = t.seat_id
                    && self.seat.get(&(event, seat)) == Some(&t.id)
                {
                    self.seat.remove(&(event, seat));
                }
                if self.holder.get(&(event, holder.clone())) == Some(&t.id) {
                    self.holder.remove(&(event, holder.clone()));
                }
            }
            bump(self.block.entry((event, t.block_id)).or_default());
        }
        match t.season_type_id {
            Some(season) => bump(
                self.season_buyer
                    .entry((season, t.buyer.key()))
                    .or_default(),
            ),
            None => bump(self.buyer.entry((t.event_id, t.buyer.key())).or_default()),
        }
    }
}

pub(crate) fn not_entitled(why: &str) -> Refusal {
    Refusal::new(
        403,
        "PRELAZIONE_NON_SPETTANTE",
        format!("Prelazione non spettante: {why}"),
    )
}

pub(crate) fn hold_key(event: u32, seat: u32) -> String {
    format!("{event}:{seat}")
}

impl World {
    /// Titles whose transaction id starts with `prefix` (an order's lines share its id as a
    /// prefix): (live, cancelled).
    pub fn titles_of_transactions(&self, prefix: &str) -> (usize, usize) {
        let ours: Vec<&Title> = self
            .titles
            .values()
            .filter(|t| {
                t.transaction_id
                    .as_deref()
                    .is_some_and(|x| x.starts_with(prefix))
            })
            .collect();
        let cancelled = ours
            .iter()
            .filter(|t| t.state == TitleState::Cancelled)
            .count();
        (ours.len() - cancelled, cancelled)
    }

    /// Builds the world from the fixture files.
    pub fn from_fixtures(venue: &VenueFile, season: &SeasonFile, seed: &str) -> World {
        let mut blocks = vec![];
        let mut seats = vec![];
        let mut next_seat = 1;
        for sector in &venue.sectors {
            for b in &sector.blocks {
                let block_id = (blocks.len() + 1) as u32;
                let capacity = if b.no_map {
                    b.capacity
                } else {
                    b.rows * b.seats_per_row
                };
                blocks.push(Block {
                    id: block_id,
                    code: b.code.clone(),
                    sector: sector.code.clone(),
                    sector_name: sector.name.clone(),
                    gate: b.gate.clone(),
                    capacity,
                    away: b.away,
                    no_map: b.no_map,
                });
                if b.no_map {
                    continue;
                }
                for row in 1..=b.rows {
                    for number in 1..=b.seats_per_row {
                        seats.push(Seat {
                            id: next_seat,
                            block_id,
                            row: row.to_string(),
                            number,
                            label: format!("{}-{}-{}-{}", sector.code, b.code, row, number),
                        });
                        next_seat += 1;
                    }
                }
            }
        }
        let events = season
            .events
            .iter()
            .map(|e| {
                (
                    e.id,
                    Event {
                        id: e.id,
                        spettacolo_id: e.spettacolo_id,
                        title: e.title.clone(),
                        competition: e.competition.clone(),
                        starts_at: e.starts_at.with_timezone(&Utc),
                        status: EventStatus::OnSale,
                        high_risk: e.high_risk,
                        per_buyer_limit: e.per_buyer_limit,
                        transferable: true,
                        preemption: e.preemption.clone(),
                    },
                )
            })
            .collect();
        World {
            seed: seed.to_owned(),
            blocks,
            seats,
            events,
            prices: season.prices.clone(),
            reductions: season.reductions.clone(),
            season_types: season.season_types.clone(),
            holds: HashMap::new(),
            titles: BTreeMap::new(),
            journal: vec![],
            police_flags: HashSet::new(),
            persons: HashMap::new(),
            cards: BTreeMap::new(),
            club_bans: vec![],
            blacklist: vec![],
            idempotency: Idempotency::Naive,
            used_preemptions: HashSet::new(),
            season_entries: HashSet::new(),
            next_title: 1,
            next_progressive: 1,
            index: Index::default(),
        }
    }

    /// Moves every date of the season (matches, pre-emption windows) by `by`.
    pub fn shift_dates(&mut self, by: Duration) {
        let shift = |w: &mut Window| {
            w.opens_at += by;
            w.closes_at += by;
        };
        for e in self.events.values_mut() {
            e.starts_at += by;
            if let Some(w) = e.preemption.as_mut() {
                shift(w);
            }
        }
        for s in &mut self.season_types {
            if let Some(w) = s.preemption.as_mut() {
                shift(w);
            }
        }
    }

    /// Rebuilds the look-ups from the titles (after a restore from a snapshot).
    pub fn reindex(&mut self) {
        self.index = Index::default();
        let ids: Vec<u64> = self.titles.keys().copied().collect();
        for id in ids {
            self.index_add(id);
        }
    }

    /// The events a title covers: its event, or its season type's events.
    pub fn covered(&self, t: &Title) -> Vec<u32> {
        match t.season_type_id {
            Some(st) => self
                .season_type(st)
                .map(|s| s.event_ids.clone())
                .unwrap_or_default(),
            None => vec![t.event_id],
        }
    }

    pub fn season_type(&self, id: u32) -> Option<&SeasonType> {
        self.season_types.iter().find(|s| s.id == id)
    }

    /// Indexes a title by seal and transaction, and in the live indexes unless cancelled.
    fn index_add(&mut self, id: u64) {
        let Some(t) = self.titles.get(&id).cloned() else {
            return;
        };
        self.index.seal.insert(t.seal.clone(), t.id);
        if let Some(tx) = &t.transaction_id {
            self.index
                .transaction
                .entry(tx.clone())
                .or_default()
                .push(t.id);
        }
        if t.state != TitleState::Cancelled {
            self.index_live(&t, 1);
        }
    }

    /// Counts a title in or out of the live indexes. A season pass takes its match over from
    /// the season ticket while it lives, and gives it back when it goes.
    pub(crate) fn index_live(&mut self, t: &Title, delta: i32) {
        let events = self.covered(t);
        let parent = t.parent_id.and_then(|p| self.titles.get(&p)).cloned();
        if let Some(p) = &parent
            && delta > 0
        {
            self.index.holder.remove(&(t.event_id, p.holder.key()));
        }
        self.index.live(t, &events, delta);
        if let Some(p) = parent
            && delta < 0
            && p.state != TitleState::Cancelled
        {
            if let Some(seat) = p.seat_id {
                self.index.seat.insert((t.event_id, seat), p.id);
            }
            self.index.holder.insert((t.event_id, p.holder.key()), p.id);
        }
    }

    /// The live title on a seat of an event.
    pub(crate) fn index_seat(&self, event: u32, seat: u32) -> Option<u64> {
        self.index.seat.get(&(event, seat)).copied()
    }

    /// Live titles of an event in a block (no-map availability).
    pub fn sold_in_block(&self, event: u32, block: u32) -> u32 {
        self.index.block.get(&(event, block)).copied().unwrap_or(0)
    }

    pub fn block(&self, id: u32) -> Option<&Block> {
        self.blocks.get(id.checked_sub(1)? as usize)
    }

    pub fn seat(&self, id: u32) -> Option<&Seat> {
        self.seats.get(id.checked_sub(1)? as usize)
    }

    fn live_title_on_seat(&self, event: u32, seat: u32) -> bool {
        self.index.seat.contains_key(&(event, seat))
    }

    /// Whether a seat is free for `key` now (no live title, no other live hold).
    pub fn seat_free_for(
        &self,
        event: u32,
        seat: u32,
        key: Option<&str>,
        now: DateTime<Utc>,
    ) -> bool {
        if self.live_title_on_seat(event, seat) {
            return false;
        }
        match self.holds.get(&hold_key(event, seat)) {
            Some((holder, until)) if *until > now => Some(holder.as_str()) == key,
            _ => true,
        }
    }

    /// A seat's state for an event: free, held or sold.
    pub fn seat_state(&self, event: u32, seat: u32, now: DateTime<Utc>) -> &'static str {
        if self.live_title_on_seat(event, seat) {
            "venduto"
        } else if self.seat_free_for(event, seat, None, now) {
            "libero"
        } else {
            "bloccato"
        }
    }

    /// Holds seats for `minutes`, all or none.
    pub fn hold(
        &mut self,
        event: u32,
        seats: &[u32],
        key: &str,
        minutes: i64,
        now: DateTime<Utc>,
    ) -> Result<(), Refusal> {
        self.event_on_sale(event, now)?;
        if let Some(lost) = seats
            .iter()
            .find(|s| self.seat(**s).is_none() || !self.seat_free_for(event, **s, Some(key), now))
        {
            return Err(Refusal::new(
                409,
                "POSTO_NON_DISPONIBILE",
                format!("Il posto {lost} non è disponibile"),
            ));
        }
        for s in seats {
            self.holds.insert(
                hold_key(event, *s),
                (key.to_owned(), now + Duration::minutes(minutes)),
            );
        }
        Ok(())
    }

    /// Releases the caller's holds.
    pub fn release(&mut self, event: u32, seats: &[u32], key: &str) {
        for s in seats {
            if self
                .holds
                .get(&hold_key(event, *s))
                .is_some_and(|(k, _)| k == key)
            {
                self.holds.remove(&hold_key(event, *s));
            }
        }
    }

    pub(crate) fn event_on_sale(&self, event: u32, now: DateTime<Utc>) -> Result<&Event, Refusal> {
        let e = self.events.get(&event).ok_or_else(|| {
            Refusal::new(
                404,
                "EVENTO_SCONOSCIUTO",
                format!("Evento {event} sconosciuto"),
            )
        })?;
        if e.status != EventStatus::OnSale || e.starts_at <= now {
            return Err(Refusal::new(
                409,
                "EVENTO_NON_IN_VENDITA",
                "L'evento non è in vendita",
            ));
        }
        Ok(e)
    }

    /// Titles issued for a transaction id (what a caller asks before retrying).
    pub fn titles_by_transaction(&self, transaction_id: &str) -> Vec<&Title> {
        self.index
            .transaction
            .get(transaction_id)
            .map(|ids| ids.iter().filter_map(|id| self.titles.get(id)).collect())
            .unwrap_or_default()
    }

    /// Live titles of a holder for an event.
    pub fn titles_by_holder(&self, event: u32, holder_key: &str) -> Vec<&Title> {
        self.index
            .holder
            .get(&(event, holder_key.to_owned()))
            .and_then(|id| self.titles.get(id))
            .into_iter()
            .collect()
    }

    pub fn title_by_seal(&self, seal: &str) -> Option<&Title> {
        self.index
            .seal
            .get(&seal.to_uppercase())
            .and_then(|id| self.titles.get(id))
    }

    /// Issues a ticket after the checks, in order; the first failure wins.
    pub fn issue(&mut self, req: &IssueRequest, now: DateTime<Utc>) -> Result<Title, Refusal> {
        self.issue_as(req, Sale::Public, now)
    }

    /// Issues a ticket to the public or, in the event's window, to a pre-emption right.
    pub fn issue_as(
        &mut self,
        req: &IssueRequest,
        sale: Sale,
        now: DateTime<Utc>,
    ) -> Result<Title, Refusal> {
        if let Some(first) = self.strict_repeat(req.transaction_id.as_deref()) {
            return Ok(first);
        }
        let mint = self.check_ticket(req, sale, now)?;
        Ok(self.mint(mint, now))
    }

    /// Under strict idempotency, the first title of a repeated transaction id.
    pub(crate) fn strict_repeat(&self, tx: Option<&str>) -> Option<Title> {
        if self.idempotency != Idempotency::Strict {
            return None;
        }
        self.titles_by_transaction(tx?)
            .first()
            .map(|t| (*t).clone())
    }

    /// Every issuing check of a ticket, in order; what to mint if all pass.
    pub(crate) fn check_ticket(
        &self,
        req: &IssueRequest,
        sale: Sale,
        now: DateTime<Utc>,
    ) -> Result<Mint, Refusal> {
        // 1. Event on sale (to the public only once the pre-emption window has closed).
        let event = self.event_on_sale(req.event_id, now)?.clone();
        if sale == Sale::Public
            && let Some(w) = &event.preemption
            && now < w.closes_at
        {
            return Err(Refusal::new(
                409,
                "EVENTO_NON_IN_VENDITA",
                "Vendita libera non ancora aperta: prelazione in corso",
            ));
        }
        // 2. Seat held by the caller or free; or capacity left (no map).
        let (block, seat_id) = match req.seat_id {
            Some(seat_id) => {
                let seat = self.seat(seat_id).ok_or_else(|| {
                    Refusal::new(
                        404,
                        "POSTO_SCONOSCIUTO",
                        format!("Posto {seat_id} sconosciuto"),
                    )
                })?;
                let block = self
                    .block(seat.block_id)
                    .cloned()
                    .expect("seats belong to blocks");
                if !self.seat_free_for(event.id, seat_id, req.hold_key.as_deref(), now) {
                    return Err(Refusal::new(
                        409,
                        "POSTO_NON_DISPONIBILE",
                        "Il posto non è disponibile",
                    ));
                }
                (block, Some(seat_id))
            }
            None => {
                let block = req
                    .block_id
                    .and_then(|b| self.block(b))
                    .filter(|b| b.no_map)
                    .cloned()
                    .ok_or_else(|| {
                        Refusal::new(
                            400,
                            "RICHIESTA_NON_VALIDA",
                            "Serve un posto o un settore senza mappa",
                        )
                    })?;
                if self.sold_in_block(event.id, block.id) >= block.capacity {
                    return Err(Refusal::new(
                        409,
                        "POSTO_NON_DISPONIBILE",
                        "Settore esaurito",
                    ));
                }
                (block, None)
            }
        };
        // 3. Reduction allowed for the holder on the event date.
        let reduction = self
            .reductions
            .iter()
            .find(|r| r.id == req.reduction_id && r.visibility >= 1)
            .cloned()
            .ok_or_else(|| Refusal::new(422, "RIDUZIONE_NON_AMMESSA", "Riduzione non ammessa"))?;
        if !self.qualifies(reduction.id, &req.holder, &event) {
            return Err(Refusal::new(
                422,
                "RIDUZIONE_NON_AMMESSA",
                "L'utilizzatore non ha diritto alla riduzione",
            ));
        }
        // 4. Holder not banned.
        let holder_key = req.holder.key();
        if self.is_barred(&holder_key, now) {
            return Err(Refusal::new(
                403,
                "PERSONA_BANNATA",
                "L'utilizzatore è soggetto a divieto di accesso",
            ));
        }
        // 5. No other title for the holder on this event.
        if !self.titles_by_holder(event.id, &holder_key).is_empty() {
            return Err(Refusal::new(
                409,
                "TITOLO_GIA_EMESSO_PER_UTILIZZATORE",
                "L'utilizzatore ha già un titolo per l'evento",
            ));
        }
        // 6. Buyer within the limit.
        let buyer_key = req.buyer.key();
        let bought = self
            .index
            .buyer
            .get(&(event.id, buyer_key))
            .copied()
            .unwrap_or(0);
        if bought >= event.per_buyer_limit {
            return Err(Refusal::new(
                409,
                "LIMITE_ACQUIRENTE",
                "Limite di titoli per acquirente raggiunto",
            ));
        }
        // 7. Supporter card for away sectors and high-risk matches.
        if (block.away || event.high_risk) && !self.has_valid_card(&holder_key, now) {
            return Err(Refusal::new(
                403,
                "TESSERA_RICHIESTA",
                "Serve una tessera del tifoso valida",
            ));
        }
        // 8. Pre-emption: the window is open, the right is the holder's, for this sector,
        //    and not used yet for this event.
        let preemption_right = match sale {
            Sale::Public => None,
            Sale::Preemption => {
                let window = event.preemption.as_ref().filter(|w| w.is_open(now));
                let Some(window) = window else {
                    return Err(not_entitled("la finestra di prelazione non è aperta"));
                };
                if !window.sectors.is_empty() && !window.sectors.contains(&block.sector) {
                    return Err(not_entitled("il settore non è in prelazione"));
                }
                let right = self.preemption_right(
                    req.preemption_seal.as_deref(),
                    req.preemption_card.as_deref(),
                    &req.holder,
                    None,
                    now,
                )?;
                if self
                    .used_preemptions
                    .contains(&format!("{right}|event:{}", event.id))
                {
                    return Err(not_entitled("diritto già esercitato per l'evento"));
                }
                Some(right)
            }
        };
        let base = self.prices.get(&block.sector).copied().unwrap_or(0);
        let mut mint = Mint::ticket(
            event.id,
            block.id,
            seat_id,
            req.holder.clone(),
            req.buyer.clone(),
        );
        mint.reduction_id = reduction.id;
        mint.price_cents = base * reduction.factor_percent / 100;
        mint.transaction_id = req.transaction_id.clone();
        mint.preemption_right = preemption_right;
        mint.point_of_sale_id = req.point_of_sale_id;
        mint.terminal_id = req.terminal_id;
        Ok(mint)
    }

    /// The pre-emption right a holder shows: a season ticket's fiscal seal (of `season` when
    /// given: a renewal) or a valid supporter card, both in the holder's name.
    pub(crate) fn preemption_right(
        &self,
        seal: Option<&str>,
        card: Option<&str>,
        holder: &Person,
        season: Option<u32>,
        now: DateTime<Utc>,
    ) -> Result<String, Refusal> {
        let key = holder.key();
        if let Some(seal) = seal {
            let t = self
                .title_by_seal(seal)
                .ok_or_else(|| not_entitled("sigillo fiscale sconosciuto"))?;
            let season_ok = match season {
                Some(s) => t.season_type_id == Some(s),
                None => t.season_type_id.is_some(),
            };
            if !season_ok || t.state == TitleState::Cancelled {
                return Err(not_entitled("il sigillo non è di un abbonamento valido"));
            }
            if t.holder.key() != key {
                return Err(not_entitled("il sigillo è intestato a un'altra persona"));
            }
            return Ok(t.seal.clone());
        }
        if let Some(number) = card
            && season.is_none()
        {
            let c = self
                .cards
                .get(number)
                .ok_or_else(|| not_entitled("tessera sconosciuta"))?;
            if c.holder.key() != key || !self.has_valid_card(&key, now) {
                return Err(not_entitled("tessera non valida per l'utilizzatore"));
            }
            return Ok(c.number.clone());
        }
        Err(not_entitled(
            "serve il sigillo fiscale di un abbonamento o una tessera",
        ))
    }

    /// Records a new title: seal, progressive number, journal, indexes, the right it used.
    pub(crate) fn mint(&mut self, m: Mint, now: DateTime<Utc>) -> Title {
        if let Some(right) = &m.preemption_right {
            let scope = match m.season_type_id {
                Some(s) => format!("season:{s}"),
                None => format!("event:{}", m.event_id),
            };
            self.used_preemptions.insert(format!("{right}|{scope}"));
        }
        let id = self.next_title;
        self.next_title += 1;
        let progressive = self.next_progressive;
        self.next_progressive += 1;
        let seal = self.seal(progressive, id);
        let title = Title {
            id,
            seal: seal.clone(),
            barcode: format!("{:012}{:04}", id, progressive % 10_000),
            progressive,
            event_id: m.event_id,
            seat_id: m.seat_id,
            block_id: m.block_id,
            reduction_id: m.reduction_id,
            price_cents: m.price_cents,
            holder: m.holder,
            buyer: m.buyer,
            transaction_id: m.transaction_id,
            state: TitleState::Issued,
            issued_at: now,
            season_type_id: m.season_type_id,
            parent_id: m.parent_id,
            replaces: m.replaces,
            transferable: m.transferable,
            preemption_right: m.preemption_right,
            point_of_sale_id: m.point_of_sale_id,
            terminal_id: m.terminal_id,
        };
        if let Some(s) = title.seat_id {
            for event in self.covered(&title) {
                self.holds.remove(&hold_key(event, s));
            }
        }
        self.journal.push(JournalEntry {
            progressive,
            kind: "emissione".into(),
            title_id: id,
            seal,
            event_id: title.event_id,
            at: now,
        });
        self.titles.insert(id, title.clone());
        self.index_add(id);
        title
    }

    /// Whether a reduction's rule admits `holder` on the event's date.
    pub(crate) fn qualifies(&self, reduction_id: u32, holder: &Person, event: &Event) -> bool {
        let Some(r) = self.reductions.iter().find(|r| r.id == reduction_id) else {
            return false;
        };
        let age = holder.age_on(event.starts_at.date_naive());
        match r.rule.as_str() {
            "under_14" => age < 14,
            "over_65" => age >= 65,
            "women" => holder.sex.eq_ignore_ascii_case("F"),
            _ => true,
        }
    }

    /// Why a title cannot change holder now, if it cannot.
    pub fn transfer_refusal(&self, title_id: u64, now: DateTime<Utc>) -> Option<Refusal> {
        let not_transferable = |why: &str| {
            Some(Refusal::new(
                409,
                "TITOLO_NON_CEDIBILE",
                format!("Titolo non cedibile: {why}"),
            ))
        };
        let Some(t) = self.titles.get(&title_id) else {
            return Some(Refusal::new(
                404,
                "TITOLO_SCONOSCIUTO",
                "Titolo sconosciuto",
            ));
        };
        if t.season_type_id.is_some() {
            return not_transferable("abbonamento: si cede una partita alla volta");
        }
        if !t.transferable {
            return not_transferable("ricevuto in cessione da un abbonamento");
        }
        let event = self.events.get(&t.event_id)?;
        match t.state {
            TitleState::Used => not_transferable("già utilizzato"),
            TitleState::Cancelled => not_transferable("annullato"),
            TitleState::Issued if !event.transferable => {
                not_transferable("evento senza cambio nominativo")
            }
            TitleState::Issued if event.starts_at <= now => not_transferable("evento iniziato"),
            TitleState::Issued => None,
        }
    }

    /// Change of holder (cessione): the old title is cancelled and a new one issued to the
    /// new holder on the same seat, after the checks.
    pub fn transfer(
        &mut self,
        title_id: u64,
        new_holder: Person,
        transaction_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Title, Refusal> {
        if let Some(r) = self.transfer_refusal(title_id, now) {
            return Err(r);
        }
        let old = self.titles.get(&title_id).cloned().expect("checked above");
        let event = self
            .events
            .get(&old.event_id)
            .cloned()
            .expect("titles belong to events");
        self.check_new_holder(&new_holder, &event, old.reduction_id, old.block_id, now)?;
        self.cancel(title_id, now)?;
        let mut mint = Mint::ticket(
            old.event_id,
            old.block_id,
            old.seat_id,
            new_holder,
            old.buyer,
        );
        mint.reduction_id = old.reduction_id;
        mint.price_cents = old.price_cents;
        mint.transaction_id = transaction_id;
        mint.replaces = Some(old.id);
        Ok(self.mint(mint, now))
    }

    /// The checks a change of holder makes of the new holder, in order: not banned, no title
    /// for the event yet, the title's reduction fits, a supporter card where one is needed.
    pub(crate) fn check_new_holder(
        &self,
        new_holder: &Person,
        event: &Event,
        reduction_id: u32,
        block_id: u32,
        now: DateTime<Utc>,
    ) -> Result<(), Refusal> {
        let key = new_holder.key();
        if self.is_barred(&key, now) {
            return Err(Refusal::new(
                403,
                "PERSONA_BANNATA",
                "Il nuovo utilizzatore è soggetto a divieto di accesso",
            ));
        }
        if !self.titles_by_holder(event.id, &key).is_empty() {
            return Err(Refusal::new(
                409,
                "TITOLO_GIA_EMESSO_PER_UTILIZZATORE",
                "Il nuovo utilizzatore ha già un titolo per l'evento",
            ));
        }
        if !self.qualifies(reduction_id, new_holder, event) {
            return Err(Refusal::new(
                422,
                "RIDUZIONE_NON_AMMESSA",
                "Il nuovo utilizzatore non ha diritto alla riduzione",
            ));
        }
        let block = self.block(block_id).expect("titles belong to blocks");
        if (block.away || event.high_risk) && !self.has_valid_card(&key, now) {
            return Err(Refusal::new(
                403,
                "TESSERA_RICHIESTA",
                "Serve una tessera del tifoso valida",
            ));
        }
        Ok(())
    }

    /// How many more titles `buyer` may buy for `event`.
    pub fn purchasable(&self, event: u32, buyer: &Person) -> Option<u32> {
        let e = self.events.get(&event)?;
        let bought = self
            .index
            .buyer
            .get(&(event, buyer.key()))
            .copied()
            .unwrap_or(0);
        Some(e.per_buyer_limit.saturating_sub(bought))
    }

    /// Cancels a title (a new seal on the cancellation, in the journal).
    pub fn cancel(&mut self, title_id: u64, now: DateTime<Utc>) -> Result<Title, Refusal> {
        let progressive = self.next_progressive;
        let seal = self.seal(progressive, title_id);
        let title = self
            .titles
            .get_mut(&title_id)
            .ok_or_else(|| Refusal::new(404, "TITOLO_SCONOSCIUTO", "Titolo sconosciuto"))?;
        if title.state != TitleState::Issued {
            return Err(Refusal::new(
                409,
                "TITOLO_NON_ANNULLABILE",
                "Il titolo non è annullabile",
            ));
        }
        title.state = TitleState::Cancelled;
        let t = title.clone();
        self.index_live(&t, -1);
        self.next_progressive += 1;
        self.journal.push(JournalEntry {
            progressive,
            kind: "annullamento".into(),
            title_id,
            seal,
            event_id: t.event_id,
            at: now,
        });
        Ok(t)
    }

    /// Marks a title used at the gate, once. A season ticket enters once per match (`event`),
    /// unless that match was passed on to someone else.
    pub fn enter(&mut self, title_id: u64, event: Option<u32>) -> Result<Title, Refusal> {
        let season = self.titles.get(&title_id).and_then(|t| t.season_type_id);
        if let Some(season) = season {
            let t = self.titles[&title_id].clone();
            let covered = self
                .season_type(season)
                .is_some_and(|s| event.is_some_and(|e| s.event_ids.contains(&e)));
            let Some(event) = event.filter(|_| covered) else {
                return Err(Refusal::new(
                    422,
                    "EVENTO_NON_VALIDO",
                    "Partita non compresa nell'abbonamento",
                ));
            };
            if t.state == TitleState::Cancelled {
                return Err(Refusal::new(409, "TITOLO_ANNULLATO", "Titolo annullato"));
            }
            if t.seat_id
                .and_then(|s| self.index.seat.get(&(event, s)).copied())
                != Some(t.id)
            {
                return Err(Refusal::new(
                    409,
                    "TITOLO_CEDUTO",
                    "Abbonamento ceduto per questa partita",
                ));
            }
            if !self.season_entries.insert(format!("{title_id}:{event}")) {
                return Err(Refusal::new(
                    409,
                    "TITOLO_GIA_UTILIZZATO",
                    "Abbonamento già utilizzato per questa partita",
                ));
            }
            return Ok(t);
        }
        let title = self
            .titles
            .get_mut(&title_id)
            .ok_or_else(|| Refusal::new(404, "TITOLO_SCONOSCIUTO", "Titolo sconosciuto"))?;
        match title.state {
            TitleState::Issued => {
                title.state = TitleState::Used;
                Ok(title.clone())
            }
            TitleState::Used => Err(Refusal::new(
                409,
                "TITOLO_GIA_UTILIZZATO",
                "Titolo già utilizzato",
            )),
            TitleState::Cancelled => Err(Refusal::new(409, "TITOLO_ANNULLATO", "Titolo annullato")),
        }
    }

    /// A 16-character seal: an HMAC of the card (the seed), the progressive number and the
    /// title; unique and deterministic under a fixed seed.
    fn seal(&self, progressive: u64, title_id: u64) -> String {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(self.seed.as_bytes())
            .expect("any key length");
        mac.update(format!("{progressive}:{title_id}").as_bytes());
        mac.finalize().into_bytes()[..8]
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect()
    }
}
