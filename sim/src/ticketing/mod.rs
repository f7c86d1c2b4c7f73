//! The ticketing system's stand-in: the vendor's REST shape (`POST /api/Account/GetToken`,
//! then `/api/<Controller>/<Action>` with a Bearer token), state in memory seeded from
//! `fixtures/ticketing`, a control API under `/_sim/ticketing`, and faults on request.

mod page;
pub mod persons;
pub mod season;
mod season_api;
pub mod world;

use axum::{
    Json, Router,
    extract::{Path, Query, Request, State},
    http::{HeaderMap, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::{
    collections::HashSet,
    path::Path as FsPath,
    sync::{Arc, Mutex, MutexGuard},
};
use world::{Idempotency, IssueRequest, Person, Refusal, Title, World};

/// The account our client signs in with (development).
pub const USER: &str = "lario";
pub const PASSWORD: &str = "lario-sim";

/// Faults injected on the vendor API (`POST /_sim/ticketing/faults`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Faults {
    /// Added to every answer, plus up to `jitter_ms`.
    #[serde(default)]
    pub latency_ms: u64,
    #[serde(default)]
    pub jitter_ms: u64,
    /// Status of injected failures (500, 502, 503 or 429).
    #[serde(default)]
    pub status: Option<u16>,
    /// Fail this fraction of calls (0.0-1.0).
    #[serde(default)]
    pub rate: f64,
    /// Fail the next n calls.
    #[serde(default)]
    pub next: u32,
    /// Fail the call with this number (1-based, counted from when the fault is set).
    #[serde(default)]
    pub nth: Option<u64>,
    /// Hang this long, then drop (answer 504) on the next n calls.
    #[serde(default)]
    pub hang_next: u32,
    #[serde(default)]
    pub hang_ms: u64,
    /// The next n calls get a malformed body.
    #[serde(default)]
    pub malformed_next: u32,
    /// The next n issuing calls (a change of holder among them) succeed, then answer an
    /// error anyway.
    #[serde(default)]
    pub commit_then_fail_next: u32,
    /// The next n issuing calls succeed, then hang `hang_ms` before dropping (504): a caller
    /// killed meanwhile never learns what it issued.
    #[serde(default)]
    pub commit_then_hang_next: u32,
}

/// One request the simulator received (to count retries).
#[derive(Debug, Clone, Serialize)]
pub struct Recorded {
    pub at: DateTime<Utc>,
    pub method: String,
    pub path: String,
    pub status: u16,
}

struct Inner {
    world: World,
    initial: World,
    clock_offset: Duration,
    /// Where the clock starts (and returns to at reset); None: real time.
    clock_start: Option<DateTime<Utc>>,
    tokens: HashSet<String>,
    faults: Faults,
    calls_since_faults: u64,
    requests: Vec<Recorded>,
    /// A request that may have changed the world was served since the last save.
    dirty: bool,
}

/// What the simulator keeps across restarts (as the real system keeps its titles): the world,
/// and when it was saved.
#[derive(Serialize, Deserialize)]
struct Saved {
    now: DateTime<Utc>,
    world: World,
}

/// Reference data (read-only): nations, provinces, municipalities, sports clubs.
#[derive(Debug, Deserialize)]
pub struct Reference {
    pub nations: Vec<Nation>,
    pub provinces: Vec<Province>,
    pub sports_clubs: Vec<Club>,
    #[serde(skip)]
    pub municipalities: Vec<Municipality>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Nation {
    pub id: u32,
    #[serde(rename(serialize = "codice"))]
    pub code: String,
    #[serde(rename(serialize = "descrizione"))]
    pub name_it: String,
    #[serde(rename(serialize = "descrizioneEn"))]
    pub name_en: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Province {
    #[serde(rename(serialize = "sigla"))]
    pub code: String,
    #[serde(rename(serialize = "descrizione"))]
    pub name: String,
    #[serde(rename(serialize = "regione"))]
    pub region: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Club {
    pub id: u32,
    #[serde(rename(serialize = "descrizione"))]
    pub name: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Municipality {
    #[serde(rename = "codiceIstat")]
    pub istat: String,
    #[serde(rename = "descrizione")]
    pub name: String,
    #[serde(rename = "provincia")]
    pub province: String,
    #[serde(rename = "codiceCatastale")]
    pub cadastral: String,
}

#[derive(Deserialize)]
struct MunicipalityFile {
    rows: Vec<(String, String, String, String)>,
}

impl Reference {
    fn load(dir: &FsPath) -> anyhow::Result<Reference> {
        let mut r: Reference = serde_json::from_slice(&std::fs::read(dir.join("reference.json"))?)?;
        let m: MunicipalityFile =
            serde_json::from_slice(&std::fs::read(dir.join("municipalities.json"))?)?;
        r.municipalities = m
            .rows
            .into_iter()
            .map(|(istat, name, province, cadastral)| Municipality {
                istat,
                name,
                province,
                cadastral,
            })
            .collect();
        Ok(r)
    }
}

/// `cards.json`: the demo supporter cards' holders.
#[derive(Deserialize)]
struct CardsFile {
    holders: Vec<world::Person>,
}

/// The simulator's state, shared by its handlers.
#[derive(Clone)]
pub struct Ticketing(Arc<Mutex<Inner>>, Arc<Reference>);

impl Ticketing {
    /// Seeds from `dir/venue.json` and `dir/season.json`; the clock starts at `clock_start`
    /// (the demo season is 2025-2026, so by default its opening) and then runs.
    pub fn from_fixtures(
        dir: &FsPath,
        seed: &str,
        clock_start: Option<DateTime<Utc>>,
        season_shift: Option<Duration>,
    ) -> anyhow::Result<Ticketing> {
        let venue: world::VenueFile =
            serde_json::from_slice(&std::fs::read(dir.join("venue.json"))?)?;
        let season: world::SeasonFile =
            serde_json::from_slice(&std::fs::read(dir.join("season.json"))?)?;
        let mut world = World::from_fixtures(&venue, &season, seed);
        if let Some(shift) = season_shift {
            world.shift_dates(shift);
        }
        let cards: CardsFile = serde_json::from_slice(&std::fs::read(dir.join("cards.json"))?)?;
        let today = clock_start.unwrap_or_else(Utc::now);
        for holder in &cards.holders {
            let card = world
                .register_card(holder)
                .map_err(|r| anyhow::anyhow!("demo card of {}: {r:?}", holder.key()))?;
            world
                .issue_card(&card.number, today)
                .map_err(|r| anyhow::anyhow!("demo card {}: {r:?}", card.number))?;
        }
        let reference = Arc::new(Reference::load(dir)?);
        Ok(Ticketing(
            Arc::new(Mutex::new(Inner {
                initial: world.clone(),
                world,
                clock_offset: clock_start
                    .map(|s| s - Utc::now())
                    .unwrap_or_else(Duration::zero),
                clock_start,
                tokens: HashSet::new(),
                faults: Faults::default(),
                calls_since_faults: 0,
                requests: vec![],
                dirty: false,
            })),
            reference,
        ))
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The simulated time.
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.lock().clock_offset
    }

    /// Keeps the state in `file` across restarts: loads it now if it exists (the world goes
    /// on where it stopped), then saves it within a second of any request that
    /// may have changed it (written to a temporary file, then renamed, so a crash never leaves
    /// half a file). `make run` a second time thus finds the titles of the first, as the real
    /// system would, and the database's title ids never collide with new ones.
    pub fn persist_to(&self, file: &FsPath) -> anyhow::Result<tokio::task::JoinHandle<()>> {
        if file.exists() {
            let saved: Saved = serde_json::from_slice(&std::fs::read(file)?)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let mut world = saved.world;
            world.reindex();
            // The clock keeps its setting (real time in `make run`): titles keep their dates.
            self.lock().world = world;
            tracing::info!(file = %file.display(), saved_at = %saved.now, "ticketing state restored");
        }
        let this = self.clone();
        let file = file.to_owned();
        Ok(tokio::spawn(async move {
            let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
            loop {
                tick.tick().await;
                if let Err(e) = this.save_if_dirty(&file) {
                    tracing::error!(error = %e, file = %file.display(), "could not save the ticketing state");
                }
            }
        }))
    }

    /// Saves the state to `file` if a request may have changed it since the last save.
    pub fn save_if_dirty(&self, file: &FsPath) -> anyhow::Result<()> {
        let saved = {
            let mut s = self.lock();
            if !s.dirty {
                return Ok(());
            }
            s.dirty = false;
            serde_json::to_vec(&Saved {
                now: Utc::now() + s.clock_offset,
                world: s.world.clone(),
            })?
        };
        let tmp = file.with_extension("tmp");
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&tmp, saved)?;
        std::fs::rename(&tmp, file)?;
        Ok(())
    }

    /// Runs `f` on the world (tests and the control API).
    pub fn with_world<T>(&self, f: impl FnOnce(&mut World) -> T) -> T {
        f(&mut self.lock().world)
    }
}

/// The routes: the vendor API under `/api`, the control API under `/_sim/ticketing`.
pub fn router(t: Ticketing) -> Router {
    let vendor = Router::new()
        .route("/api/Evento/GetEventi", get(get_events))
        .route("/api/Evento/GetEvento", get(get_event))
        .route("/api/Evento/GetCodiciRiduzione", get(get_reductions))
        .route("/api/Mappa/GetBlocchi", get(get_blocks))
        .route("/api/Mappa/GetPianta", get(get_plan))
        .route("/api/Mappa/GetPostiInfo", get(get_seats_info))
        .route("/api/Evento/GetBlocchiOspiti", get(get_away_blocks))
        .route("/api/Evento/GetOrdiniPosto", get(get_seat_orders))
        .route("/api/Abbonamento/GetTipiAbbonamento", get(get_season_types))
        .route(
            "/api/Abbonamento/GetEventiPerTipoAbbonamento",
            get(get_season_type_events),
        )
        .route("/api/Mappa/GetPostiLiberi", get(get_free_seats))
        .route("/api/Mappa/BloccaPosti", post(hold_seats))
        .route("/api/Mappa/SbloccaPosti", post(release_seats))
        .route("/api/Biglietto/EmettiEsteso", post(issue_ticket))
        .route("/api/Titolo/GetInfo", post(title_info))
        .route("/api/Titolo/Annulla", post(cancel_title_vendor))
        .route("/api/Titolo/GetInfoBySigilloFiscale", post(title_by_seal))
        .route("/api/Titolo/GetByTransazione", get(titles_by_transaction))
        .route("/api/Titolo/GetGiornale", get(event_journal))
        .route("/api/Titolo/GetByUtilizzatore", post(titles_by_holder))
        .route("/api/Titolo/GetTitoliAcquistabili", post(purchasable))
        .route("/api/Titolo/IsCedibile", post(is_transferable))
        .route("/api/Biglietto/Cessione", post(transfer_ticket))
        .route("/api/Autorizzazione/VerificaPersona", post(verify_person))
        .route("/api/Utenza/AddPersona", post(add_person))
        .route("/api/TesseraTifoso/Registra", post(register_card))
        .route("/api/TesseraTifoso/Emetti", post(issue_card))
        .route("/api/TesseraTifoso/Get", get(get_card))
        .route("/api/TesseraTifoso/GetByPersona", post(cards_of_person))
        .route("/api/TesseraTifoso/Revoca", post(revoke_card))
        .route(
            "/api/Autorizzazione/VerificaTesseraTifoso",
            post(verify_card),
        )
        .route("/api/Utenza/AddBan", post(add_ban))
        .route("/api/Utenza/UpdateBan", post(update_ban))
        .route("/api/Utenza/RemoveBan", post(remove_ban))
        .route("/api/Utenza/GetListBan", get(list_bans))
        .route("/api/Utenza/IsBannato", post(is_banned))
        .route("/api/Utenza/Blacklist", get(list_blacklist))
        .route("/api/Utenza/BlacklistInsert", post(blacklist_insert))
        .route("/api/Utenza/BlacklistRemove", post(blacklist_remove))
        .route("/api/Utenza/GetNazioni", get(nations))
        .route("/api/Utenza/GetProvince", get(provinces))
        .route("/api/Utenza/GetComuni", get(municipalities))
        .route("/api/Utenza/GetSocietaSportive", get(sports_clubs))
        .merge(season_api::routes())
        .layer(middleware::from_fn_with_state(t.clone(), vendor_gate));
    let state = t.clone();
    Router::new()
        .route("/api/Account/GetToken", post(get_token))
        .merge(vendor)
        .route("/ticketing", get(page::state_page))
        .route("/_sim/ticketing/reset", post(reset))
        .route("/_sim/ticketing/seed", post(season_api::seed))
        .route("/_sim/ticketing/clock", get(get_clock).post(set_clock))
        .route("/_sim/ticketing/journal", get(journal))
        .route(
            "/_sim/ticketing/requests",
            get(requests).delete(clear_requests),
        )
        .route(
            "/_sim/ticketing/faults",
            get(get_faults).post(set_faults).delete(clear_faults),
        )
        .route("/_sim/ticketing/idempotency", post(set_idempotency))
        .route(
            "/_sim/ticketing/tokens",
            axum::routing::delete(expire_tokens),
        )
        .route("/_sim/ticketing/police-flags", post(police_flag))
        .route("/_sim/ticketing/events/{id}", post(change_event))
        .route(
            "/_sim/ticketing/season-types/{id}",
            post(change_season_type),
        )
        .route("/_sim/ticketing/supporter-cards", post(supporter_card))
        .route("/_sim/ticketing/titles/{id}/cancel", post(cancel_title))
        .route("/_sim/ticketing/titles/{id}/enter", post(enter_title))
        .route("/_sim/ticketing/snapshot", get(snapshot).post(restore))
        .layer(middleware::from_fn_with_state(state, mark_dirty))
        .with_state(t)
}

/// Any request but a read may change the world: the next save writes it.
async fn mark_dirty(State(t): State<Ticketing>, req: Request, next: Next) -> Response {
    let writes = req.method() != axum::http::Method::GET;
    let response = next.run(req).await;
    if writes {
        t.lock().dirty = true;
    }
    response
}

fn refusal(r: Refusal) -> Response {
    let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST);
    (status, Json(r)).into_response()
}

#[derive(Deserialize)]
struct Credentials {
    #[serde(rename = "userName")]
    user_name: String,
    password: String,
}

async fn get_token(State(t): State<Ticketing>, Json(c): Json<Credentials>) -> Response {
    if c.user_name != USER || c.password != PASSWORD {
        return refusal(Refusal {
            status: 401,
            code: "CREDENZIALI_NON_VALIDE",
            message: "Credenziali non valide".into(),
        });
    }
    let token = uuid::Uuid::new_v4().simple().to_string();
    t.lock().tokens.insert(token.clone());
    Json(json!({"token": token, "expires_in": 3600})).into_response()
}

enum Injected {
    None,
    Fail(u16),
    Hang(u64),
    Malformed,
    CommitThenFail(u16),
    CommitThenHang(u64),
}

/// Every vendor call: the token, the recorded request, and the faults.
async fn vendor_gate(
    State(t): State<Ticketing>,
    headers: HeaderMap,
    req: Request,
    next: Next,
) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_owned();
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    let (authorised, injected, latency) = {
        let mut s = t.lock();
        let authorised = token.is_some_and(|tok| s.tokens.contains(&tok));
        s.calls_since_faults += 1;
        let n = s.calls_since_faults;
        let f = &mut s.faults;
        let status = f.status.unwrap_or(503);
        // Every call that makes something the system keeps: the issues, a change of holder's
        // new title, a club ban, a person, a blacklist entry, a supporter card registered.
        let issuing = path.contains("/Emetti")
            || path.ends_with("/TesseraTifoso/Registra")
            || path.ends_with("/Cessione")
            || path.ends_with("/AddBan")
            || path.ends_with("/AddPersona")
            || path.ends_with("/BlacklistInsert");
        let injected = if f.hang_next > 0 {
            f.hang_next -= 1;
            Injected::Hang(f.hang_ms)
        } else if f.next > 0 {
            f.next -= 1;
            Injected::Fail(status)
        } else if f.nth == Some(n) || (f.rate > 0.0 && rand::random::<f64>() < f.rate) {
            Injected::Fail(status)
        } else if f.malformed_next > 0 {
            f.malformed_next -= 1;
            Injected::Malformed
        } else if issuing && f.commit_then_fail_next > 0 {
            f.commit_then_fail_next -= 1;
            Injected::CommitThenFail(status)
        } else if issuing && f.commit_then_hang_next > 0 {
            f.commit_then_hang_next -= 1;
            Injected::CommitThenHang(f.hang_ms)
        } else {
            Injected::None
        };
        let jitter = if f.jitter_ms > 0 {
            rand::random::<u64>() % (f.jitter_ms + 1)
        } else {
            0
        };
        (authorised, injected, f.latency_ms + jitter)
    };
    if latency > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(latency)).await;
    }
    let response = if !authorised {
        refusal(Refusal {
            status: 401,
            code: "TOKEN_SCADUTO",
            message: "Token scaduto o non valido".into(),
        })
    } else {
        match injected {
            Injected::None => next.run(req).await,
            Injected::Fail(status) => fault(status),
            Injected::Hang(ms) => {
                tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                fault(504)
            }
            Injected::Malformed => (
                StatusCode::OK,
                [("content-type", "application/json")],
                "{\"titolo\": ",
            )
                .into_response(),
            Injected::CommitThenFail(status) => {
                let _committed = next.run(req).await;
                fault(status)
            }
            Injected::CommitThenHang(ms) => {
                let _committed = next.run(req).await;
                tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                fault(504)
            }
        }
    };
    t.lock().requests.push(Recorded {
        at: Utc::now(),
        method,
        path,
        status: response.status().as_u16(),
    });
    response
}

fn fault(status: u16) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
    (status, Json(json!({"Message": "Errore temporaneo del sistema di biglietteria", "code": "ERRORE_TEMPORANEO"}))).into_response()
}

#[derive(Serialize)]
struct EventView {
    id: u32,
    #[serde(rename = "spettacoloId")]
    spettacolo_id: u32,
    descrizione: String,
    competizione: String,
    #[serde(rename = "dataOra")]
    data_ora: DateTime<Utc>,
    stato: world::EventStatus,
    #[serde(rename = "altoRischio")]
    alto_rischio: bool,
    #[serde(rename = "limiteAcquirente")]
    limite_acquirente: u32,
    /// Whether the public sale is open now (on sale, not started, no pre-emption window
    /// still running): what a seller asks before taking a buyer's money.
    #[serde(rename = "venditaLiberaAperta")]
    vendita_libera_aperta: bool,
    /// The match's pre-emption window, when it has one.
    #[serde(rename = "finestraPrelazione")]
    finestra_prelazione: Option<serde_json::Value>,
}

fn event_view(e: &world::Event, now: DateTime<Utc>) -> EventView {
    EventView {
        vendita_libera_aperta: e.status == world::EventStatus::OnSale
            && e.starts_at > now
            && e.preemption.as_ref().is_none_or(|w| now >= w.closes_at),
        id: e.id,
        spettacolo_id: e.spettacolo_id,
        descrizione: e.title.clone(),
        competizione: e.competition.clone(),
        data_ora: e.starts_at,
        stato: e.status,
        alto_rischio: e.high_risk,
        limite_acquirente: e.per_buyer_limit,
        finestra_prelazione: e.preemption.as_ref().map(
            |p| json!({"apertura": p.opens_at, "chiusura": p.closes_at, "settori": p.sectors}),
        ),
    }
}

async fn get_events(State(t): State<Ticketing>) -> Json<Vec<EventView>> {
    let now = t.now();
    Json(t.with_world(|w| w.events.values().map(|e| event_view(e, now)).collect()))
}

#[derive(Deserialize)]
struct EventQuery {
    #[serde(rename = "eventoId")]
    event_id: u32,
}

fn unknown_event(id: u32) -> Response {
    refusal(Refusal {
        status: 404,
        code: "EVENTO_SCONOSCIUTO",
        message: format!("Evento {id} sconosciuto"),
    })
}

async fn get_event(State(t): State<Ticketing>, Query(q): Query<EventQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| match w.events.get(&q.event_id) {
        Some(e) => Json(event_view(e, now)).into_response(),
        None => unknown_event(q.event_id),
    })
}

async fn get_reductions(State(t): State<Ticketing>, Query(q): Query<EventQuery>) -> Response {
    t.with_world(|w| {
        if !w.events.contains_key(&q.event_id) {
            return unknown_event(q.event_id);
        }
        let list: Vec<_> = w
            .reductions
            .iter()
            .map(|r| {
                let prices: serde_json::Map<String, serde_json::Value> =
                    w.prices.iter().map(|(sector, base)| (sector.clone(), json!(base * r.factor_percent / 100))).collect();
                json!({"id": r.id, "codice": r.code, "descrizione": r.name, "visibilita": r.visibility, "regola": r.rule, "prezzi": prices})
            })
            .collect();
        Json(list).into_response()
    })
}

async fn get_blocks(State(t): State<Ticketing>, Query(q): Query<EventQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        if !w.events.contains_key(&q.event_id) {
            return unknown_event(q.event_id);
        }
        let list: Vec<_> = w
            .blocks
            .iter()
            .map(|b| {
                let free = if b.no_map {
                    b.capacity.saturating_sub(w.sold_in_block(q.event_id, b.id))
                } else {
                    w.seats.iter().filter(|s| s.block_id == b.id && w.seat_free_for(q.event_id, s.id, None, now)).count() as u32
                };
                json!({"id": b.id, "codice": b.code, "settore": b.sector, "descrizioneSettore": b.sector_name,
                       "varco": b.gate, "capienza": b.capacity, "liberi": free, "ospiti": b.away, "senzaMappa": b.no_map})
            })
            .collect();
        Json(list).into_response()
    })
}

/// The venue plan: every block with its gate, capacity and seats (none for a no-map block).
async fn get_plan(State(t): State<Ticketing>) -> Response {
    t.with_world(|w| {
        let mut seats_of: std::collections::HashMap<u32, Vec<serde_json::Value>> =
            std::collections::HashMap::new();
        for s in &w.seats {
            seats_of
                .entry(s.block_id)
                .or_default()
                .push(json!({"id": s.id, "fila": s.row, "numero": s.number, "etichetta": s.label}));
        }
        let blocks: Vec<_> = w
            .blocks
            .iter()
            .map(|b| {
                json!({"id": b.id, "codice": b.code, "settore": b.sector,
                       "descrizioneSettore": b.sector_name, "varco": b.gate,
                       "capienza": b.capacity, "ospiti": b.away, "senzaMappa": b.no_map,
                       "posti": seats_of.remove(&b.id).unwrap_or_default()})
            })
            .collect();
        Json(blocks).into_response()
    })
}

#[derive(Deserialize)]
struct SeatsQuery {
    #[serde(rename = "eventoId")]
    event_id: u32,
    /// Comma-separated seat ids.
    #[serde(rename = "postiIds")]
    seat_ids: String,
}

/// Seat info for an event: where it is and whether it is free, held or sold.
async fn get_seats_info(State(t): State<Ticketing>, Query(q): Query<SeatsQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        if !w.events.contains_key(&q.event_id) {
            return unknown_event(q.event_id);
        }
        let mut seats = vec![];
        for id in q.seat_ids.split(',').filter_map(|s| s.trim().parse::<u32>().ok()) {
            let Some(seat) = w.seat(id) else {
                return refusal(Refusal::not_found("POSTO_SCONOSCIUTO", format!("Posto {id} sconosciuto")));
            };
            let block = w.block(seat.block_id).expect("seats belong to blocks");
            seats.push(json!({"id": seat.id, "fila": seat.row, "numero": seat.number, "etichetta": seat.label,
                              "bloccoId": block.id, "settore": block.sector, "varco": block.gate,
                              "stato": w.seat_state(q.event_id, id, now)}));
        }
        Json(seats).into_response()
    })
}

async fn get_away_blocks(State(t): State<Ticketing>, Query(q): Query<EventQuery>) -> Response {
    t.with_world(|w| {
        if !w.events.contains_key(&q.event_id) {
            return unknown_event(q.event_id);
        }
        let ids: Vec<u32> = w.blocks.iter().filter(|b| b.away).map(|b| b.id).collect();
        Json(json!({"blocchiOspiti": ids})).into_response()
    })
}

/// The seat orders of an event: each sector with its full price and the reductions sold online.
async fn get_seat_orders(State(t): State<Ticketing>, Query(q): Query<EventQuery>) -> Response {
    t.with_world(|w| {
        if !w.events.contains_key(&q.event_id) {
            return unknown_event(q.event_id);
        }
        let online: Vec<u32> = w.reductions.iter().filter(|r| r.visibility >= 1).map(|r| r.id).collect();
        let mut sectors: Vec<(&str, &str)> = w.blocks.iter().map(|b| (b.sector.as_str(), b.sector_name.as_str())).collect();
        sectors.dedup();
        let orders: Vec<_> = sectors
            .into_iter()
            .map(|(code, name)| json!({"settore": code, "descrizione": name, "prezzo": w.prices.get(code).copied().unwrap_or(0), "riduzioni": online}))
            .collect();
        Json(orders).into_response()
    })
}

async fn get_season_types(State(t): State<Ticketing>) -> Json<Vec<serde_json::Value>> {
    let now = t.now();
    Json(t.with_world(|w| {
        w.season_types
            .iter()
            .map(|s| {
                // Sold to the public before its first match, once its renewals' window closed.
                let first = s
                    .event_ids
                    .iter()
                    .filter_map(|e| w.events.get(e))
                    .map(|e| e.starts_at)
                    .min();
                let open = first.is_some_and(|f| f > now)
                    && s.preemption.as_ref().is_none_or(|p| now >= p.closes_at);
                let window = s.preemption.as_ref().map(|p| {
                    json!({"apertura": p.opens_at, "chiusura": p.closes_at, "settori": p.sectors})
                });
                json!({"id": s.id, "descrizione": s.name, "eventi": s.event_ids,
                       "venditaLiberaAperta": open, "finestraPrelazione": window})
            })
            .collect()
    }))
}

#[derive(Deserialize)]
struct SeasonTypeQuery {
    #[serde(rename = "tipoAbbonamentoId")]
    id: u32,
}

async fn get_season_type_events(
    State(t): State<Ticketing>,
    Query(q): Query<SeasonTypeQuery>,
) -> Response {
    let now = t.now();
    t.with_world(|w| match w.season_types.iter().find(|s| s.id == q.id) {
        Some(s) => Json(
            s.event_ids
                .iter()
                .filter_map(|id| w.events.get(id))
                .map(|e| event_view(e, now))
                .collect::<Vec<_>>(),
        )
        .into_response(),
        None => refusal(Refusal::not_found(
            "TIPO_ABBONAMENTO_SCONOSCIUTO",
            "Tipo di abbonamento sconosciuto",
        )),
    })
}

#[derive(Deserialize)]
struct BlockQuery {
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "bloccoId")]
    block_id: u32,
}

async fn get_free_seats(State(t): State<Ticketing>, Query(q): Query<BlockQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        if !w.events.contains_key(&q.event_id) {
            return unknown_event(q.event_id);
        }
        let seats: Vec<_> = w
            .seats
            .iter()
            .filter(|s| s.block_id == q.block_id && w.seat_free_for(q.event_id, s.id, None, now))
            .map(|s| json!({"id": s.id, "fila": s.row, "numero": s.number, "etichetta": s.label}))
            .collect();
        Json(seats).into_response()
    })
}

#[derive(Deserialize)]
struct HoldRequest {
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "postiIds")]
    seat_ids: Vec<u32>,
    #[serde(rename = "chiave")]
    key: String,
    #[serde(rename = "minuti", default = "default_minutes")]
    minutes: i64,
}

fn default_minutes() -> i64 {
    30
}

async fn hold_seats(State(t): State<Ticketing>, Json(r): Json<HoldRequest>) -> Response {
    let now = t.now();
    t.with_world(
        |w| match w.hold(r.event_id, &r.seat_ids, &r.key, r.minutes, now) {
            Ok(()) => Json(json!({"esito": true})).into_response(),
            Err(e) => refusal(e),
        },
    )
}

async fn release_seats(State(t): State<Ticketing>, Json(r): Json<HoldRequest>) -> Response {
    t.with_world(|w| w.release(r.event_id, &r.seat_ids, &r.key));
    Json(json!({"esito": true})).into_response()
}

#[derive(Serialize)]
struct TitleView<'a> {
    #[serde(rename = "titoloId")]
    id: u64,
    #[serde(rename = "sigilloFiscale")]
    seal: &'a str,
    #[serde(rename = "codiceBarre")]
    barcode: &'a str,
    #[serde(rename = "progressivo")]
    progressive: u64,
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "postoId")]
    seat_id: Option<u32>,
    #[serde(rename = "posto")]
    seat_label: Option<String>,
    #[serde(rename = "settore")]
    sector: String,
    #[serde(rename = "varco")]
    gate: String,
    #[serde(rename = "riduzioneId")]
    reduction_id: u32,
    #[serde(rename = "prezzo")]
    price_cents: u32,
    #[serde(rename = "utilizzatore")]
    holder: &'a Person,
    #[serde(rename = "stato")]
    state: world::TitleState,
    #[serde(rename = "transazioneId")]
    transaction_id: Option<&'a str>,
    #[serde(rename = "dataEmissione")]
    issued_at: DateTime<Utc>,
    #[serde(rename = "tipoAbbonamentoId")]
    season_type_id: Option<u32>,
    /// A season pass: the season ticket it came from.
    #[serde(rename = "abbonamentoId")]
    parent_id: Option<u64>,
    #[serde(rename = "cedibile")]
    transferable: bool,
}

fn title_view<'a>(w: &World, t: &'a Title) -> TitleView<'a> {
    let block = w.block(t.block_id);
    TitleView {
        id: t.id,
        seal: &t.seal,
        barcode: &t.barcode,
        progressive: t.progressive,
        event_id: t.event_id,
        seat_id: t.seat_id,
        seat_label: t.seat_id.and_then(|s| w.seat(s)).map(|s| s.label.clone()),
        sector: block.map(|b| b.sector.clone()).unwrap_or_default(),
        gate: block.map(|b| b.gate.clone()).unwrap_or_default(),
        reduction_id: t.reduction_id,
        price_cents: t.price_cents,
        holder: &t.holder,
        state: t.state,
        transaction_id: t.transaction_id.as_deref(),
        issued_at: t.issued_at,
        season_type_id: t.season_type_id,
        parent_id: t.parent_id,
        transferable: t.transferable,
    }
}

async fn issue_ticket(State(t): State<Ticketing>, Json(r): Json<IssueRequest>) -> Response {
    let now = t.now();
    t.with_world(|w| match w.issue(&r, now) {
        Ok(title) => Json(title_view(w, &title)).into_response(),
        Err(e) => refusal(e),
    })
}

#[derive(Deserialize)]
struct TitleQuery {
    #[serde(rename = "titoloId")]
    id: u64,
}

fn unknown_title() -> Response {
    refusal(Refusal::not_found(
        "TITOLO_SCONOSCIUTO",
        "Titolo sconosciuto",
    ))
}

async fn title_info(State(t): State<Ticketing>, Json(q): Json<TitleQuery>) -> Response {
    t.with_world(|w| match w.titles.get(&q.id) {
        Some(title) => Json(title_view(w, title)).into_response(),
        None => unknown_title(),
    })
}

#[derive(Deserialize)]
struct SealQuery {
    #[serde(rename = "sigilloFiscale")]
    seal: String,
}

async fn title_by_seal(State(t): State<Ticketing>, Json(q): Json<SealQuery>) -> Response {
    t.with_world(|w| match w.title_by_seal(&q.seal) {
        Some(title) => Json(title_view(w, title)).into_response(),
        None => refusal(Refusal {
            status: 404,
            code: "SIGILLO_SCONOSCIUTO",
            message: "Sigillo fiscale sconosciuto".into(),
        }),
    })
}

#[derive(Deserialize)]
struct TransactionQuery {
    #[serde(rename = "transazioneId")]
    transaction_id: String,
}

async fn titles_by_transaction(
    State(t): State<Ticketing>,
    Query(q): Query<TransactionQuery>,
) -> Response {
    t.with_world(|w| {
        let list: Vec<_> = w
            .titles_by_transaction(&q.transaction_id)
            .into_iter()
            .map(|title| title_view(w, title))
            .collect();
        Json(list).into_response()
    })
}

#[derive(Deserialize)]
struct JournalQuery {
    #[serde(rename = "eventoId")]
    event_id: u32,
}

/// One line of the fiscal journal, as the vendor reports it.
#[derive(Serialize)]
struct JournalLine<'a> {
    #[serde(rename = "progressivo")]
    progressive: u64,
    /// `emissione` or `annullamento`
    #[serde(rename = "tipo")]
    kind: &'a str,
    #[serde(rename = "titoloId")]
    title_id: u64,
    #[serde(rename = "sigilloFiscale")]
    seal: &'a str,
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "data")]
    at: DateTime<Utc>,
}

/// The journal of one event's issues and cancellations, in order (what the vendor reports to
/// the tax authority, and what a reconciliation reads).
async fn event_journal(State(t): State<Ticketing>, Query(q): Query<JournalQuery>) -> Response {
    t.with_world(|w| {
        let lines: Vec<JournalLine> = w
            .journal
            .iter()
            .filter(|e| e.event_id == q.event_id)
            .map(|e| JournalLine {
                progressive: e.progressive,
                kind: &e.kind,
                title_id: e.title_id,
                seal: &e.seal,
                event_id: e.event_id,
                at: e.at,
            })
            .collect();
        Json(lines).into_response()
    })
}

#[derive(Deserialize)]
struct HolderQuery {
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "utilizzatore")]
    holder: Person,
}

async fn titles_by_holder(State(t): State<Ticketing>, Json(q): Json<HolderQuery>) -> Response {
    t.with_world(|w| {
        let list: Vec<_> = w
            .titles_by_holder(q.event_id, &q.holder.key())
            .into_iter()
            .map(|title| title_view(w, title))
            .collect();
        Json(list).into_response()
    })
}

#[derive(Deserialize)]
struct PurchasableQuery {
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "acquirente")]
    buyer: Person,
}

async fn purchasable(State(t): State<Ticketing>, Json(q): Json<PurchasableQuery>) -> Response {
    t.with_world(|w| match w.purchasable(q.event_id, &q.buyer) {
        Some(n) => Json(json!({"acquistabili": n})).into_response(),
        None => unknown_event(q.event_id),
    })
}

async fn is_transferable(State(t): State<Ticketing>, Json(q): Json<TitleQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| match w.transfer_refusal(q.id, now) {
        None => Json(json!({"cedibile": true})).into_response(),
        Some(r) if r.code == "TITOLO_SCONOSCIUTO" => refusal(r),
        Some(r) => Json(json!({"cedibile": false, "motivo": r.message})).into_response(),
    })
}

#[derive(Deserialize)]
struct TransferRequest {
    #[serde(rename = "titoloId")]
    title_id: u64,
    #[serde(rename = "nuovoUtilizzatore")]
    new_holder: Person,
    #[serde(rename = "transazioneId", default)]
    transaction_id: Option<String>,
}

async fn transfer_ticket(State(t): State<Ticketing>, Json(r): Json<TransferRequest>) -> Response {
    let now = t.now();
    t.with_world(
        |w| match w.transfer(r.title_id, r.new_holder, r.transaction_id, now) {
            Ok(title) => Json(title_view(w, &title)).into_response(),
            Err(e) => refusal(e),
        },
    )
}

#[derive(Deserialize)]
struct PersonQuery {
    #[serde(rename = "persona")]
    person: Person,
}

/// `{risultato: false}` when the police flagged the person (stadium ban).
async fn verify_person(
    State(t): State<Ticketing>,
    Json(q): Json<PersonQuery>,
) -> Json<serde_json::Value> {
    let banned = t.with_world(|w| w.police_flags.contains(&q.person.key()));
    Json(json!({"risultato": !banned}))
}

async fn add_person(
    State(t): State<Ticketing>,
    Json(q): Json<PersonQuery>,
) -> Json<serde_json::Value> {
    let id = t.with_world(|w| w.add_person(&q.person));
    Json(json!({"personaId": id}))
}

fn answer<T: Serialize>(r: Result<T, Refusal>) -> Response {
    match r {
        Ok(v) => Json(v).into_response(),
        Err(e) => refusal(e),
    }
}

async fn register_card(State(t): State<Ticketing>, Json(q): Json<PersonQuery>) -> Response {
    answer(t.with_world(|w| w.register_card(&q.person)))
}

#[derive(Deserialize)]
struct CardQuery {
    #[serde(rename = "numeroTessera")]
    number: String,
}

async fn issue_card(State(t): State<Ticketing>, Json(q): Json<CardQuery>) -> Response {
    let now = t.now();
    answer(t.with_world(|w| w.issue_card(&q.number, now)))
}

async fn get_card(State(t): State<Ticketing>, Query(q): Query<CardQuery>) -> Response {
    let now = t.now();
    answer(t.with_world(|w| {
        w.expire_cards(now);
        w.card(&q.number)
    }))
}

/// Every card of a person, oldest first (how a caller finds the card it registered when the
/// answer was lost).
async fn cards_of_person(State(t): State<Ticketing>, Json(q): Json<PersonQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        w.expire_cards(now);
        Json(w.cards_of(&q.person)).into_response()
    })
}

async fn revoke_card(State(t): State<Ticketing>, Json(q): Json<CardQuery>) -> Response {
    answer(t.with_world(|w| w.revoke_card(&q.number)))
}

async fn verify_card(
    State(t): State<Ticketing>,
    Json(q): Json<PersonQuery>,
) -> Json<serde_json::Value> {
    let now = t.now();
    let valid = t.with_world(|w| w.has_valid_card(&q.person.key(), now));
    Json(json!({"valida": valid}))
}

#[derive(Deserialize)]
struct BanRequest {
    #[serde(rename = "persona")]
    person: Person,
    #[serde(rename = "dal", default)]
    from: Option<DateTime<Utc>>,
    #[serde(rename = "al", default)]
    until: Option<DateTime<Utc>>,
    #[serde(rename = "motivo", default)]
    reason: String,
}

async fn add_ban(State(t): State<Ticketing>, Json(r): Json<BanRequest>) -> Json<persons::ClubBan> {
    let now = t.now();
    Json(t.with_world(|w| w.add_ban(r.person, r.from.unwrap_or(now), r.until, r.reason)))
}

#[derive(Deserialize)]
struct BanChange {
    #[serde(rename = "banId")]
    id: u64,
    #[serde(rename = "al", default)]
    until: Option<DateTime<Utc>>,
}

async fn update_ban(State(t): State<Ticketing>, Json(c): Json<BanChange>) -> Response {
    answer(t.with_world(|w| w.update_ban(c.id, c.until)))
}

async fn remove_ban(State(t): State<Ticketing>, Json(c): Json<BanChange>) -> Response {
    answer(t.with_world(|w| w.remove_ban(c.id).map(|()| json!({"esito": true}))))
}

async fn list_bans(State(t): State<Ticketing>) -> Json<Vec<persons::ClubBan>> {
    Json(t.with_world(|w| w.club_bans.clone()))
}

async fn is_banned(
    State(t): State<Ticketing>,
    Json(q): Json<PersonQuery>,
) -> Json<serde_json::Value> {
    let now = t.now();
    Json(json!({"bannato": t.with_world(|w| w.is_barred(&q.person.key(), now))}))
}

async fn list_blacklist(State(t): State<Ticketing>) -> Json<Vec<persons::BlacklistEntry>> {
    Json(t.with_world(|w| w.blacklist.clone()))
}

async fn blacklist_insert(
    State(t): State<Ticketing>,
    Json(r): Json<BanRequest>,
) -> Json<serde_json::Value> {
    t.with_world(|w| w.blacklist_insert(r.person, r.reason));
    Json(json!({"esito": true}))
}

async fn blacklist_remove(State(t): State<Ticketing>, Json(q): Json<PersonQuery>) -> Response {
    if t.with_world(|w| w.blacklist_remove(&q.person)) {
        Json(json!({"esito": true})).into_response()
    } else {
        refusal(Refusal::not_found(
            "PERSONA_NON_IN_BLACKLIST",
            "La persona non è in blacklist",
        ))
    }
}

async fn nations(State(t): State<Ticketing>) -> Json<Vec<Nation>> {
    Json(t.1.nations.clone())
}

async fn provinces(State(t): State<Ticketing>) -> Json<Vec<Province>> {
    Json(t.1.provinces.clone())
}

#[derive(Deserialize)]
struct MunicipalityQuery {
    #[serde(rename = "provincia")]
    province: String,
}

async fn municipalities(
    State(t): State<Ticketing>,
    Query(q): Query<MunicipalityQuery>,
) -> Json<Vec<Municipality>> {
    let code = q.province.trim().to_uppercase();
    Json(
        t.1.municipalities
            .iter()
            .filter(|m| m.province == code)
            .cloned()
            .collect(),
    )
}

async fn sports_clubs(State(t): State<Ticketing>) -> Json<Vec<Club>> {
    Json(t.1.sports_clubs.clone())
}

async fn reset(State(t): State<Ticketing>) -> StatusCode {
    let mut s = t.lock();
    s.world = s.initial.clone();
    s.clock_offset = s
        .clock_start
        .map(|start| start - Utc::now())
        .unwrap_or_else(Duration::zero);
    s.tokens.clear();
    s.faults = Faults::default();
    s.calls_since_faults = 0;
    s.requests.clear();
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct ClockChange {
    #[serde(default)]
    now: Option<DateTime<Utc>>,
    #[serde(default)]
    advance_secs: Option<i64>,
}

async fn get_clock(State(t): State<Ticketing>) -> Json<serde_json::Value> {
    Json(json!({"now": t.now()}))
}

async fn set_clock(
    State(t): State<Ticketing>,
    Json(c): Json<ClockChange>,
) -> Json<serde_json::Value> {
    {
        let mut s = t.lock();
        if let Some(now) = c.now {
            s.clock_offset = now - Utc::now();
        }
        if let Some(secs) = c.advance_secs {
            s.clock_offset += Duration::seconds(secs);
        }
    }
    Json(json!({"now": t.now()}))
}

async fn journal(State(t): State<Ticketing>) -> Json<Vec<world::JournalEntry>> {
    Json(t.with_world(|w| w.journal.clone()))
}

async fn requests(State(t): State<Ticketing>) -> Json<Vec<Recorded>> {
    Json(t.lock().requests.clone())
}

async fn clear_requests(State(t): State<Ticketing>) -> StatusCode {
    t.lock().requests.clear();
    StatusCode::NO_CONTENT
}

async fn get_faults(State(t): State<Ticketing>) -> Json<Faults> {
    Json(t.lock().faults.clone())
}

async fn set_faults(State(t): State<Ticketing>, Json(f): Json<Faults>) -> Json<Faults> {
    let mut s = t.lock();
    s.faults = f;
    s.calls_since_faults = 0;
    Json(s.faults.clone())
}

async fn clear_faults(State(t): State<Ticketing>) -> StatusCode {
    t.lock().faults = Faults::default();
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct IdempotencyChange {
    mode: Idempotency,
}

async fn set_idempotency(
    State(t): State<Ticketing>,
    Json(c): Json<IdempotencyChange>,
) -> StatusCode {
    t.with_world(|w| w.idempotency = c.mode);
    StatusCode::NO_CONTENT
}

/// Expires every token now (the client must renew on its next call).
async fn expire_tokens(State(t): State<Ticketing>) -> StatusCode {
    t.lock().tokens.clear();
    StatusCode::NO_CONTENT
}

/// What a test may change of an event's rules (the police, or the league, changing them
/// while fans are paying).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventChange {
    #[serde(default)]
    high_risk: Option<bool>,
    #[serde(default)]
    per_buyer_limit: Option<u32>,
    /// The match's pre-emption window; `null` removes it, absent leaves it.
    #[serde(default, deserialize_with = "some_window")]
    preemption: Option<Option<world::Window>>,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a window.
fn some_window<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<world::Window>>, D::Error> {
    Option::<world::Window>::deserialize(d).map(Some)
}

async fn change_event(
    State(t): State<Ticketing>,
    Path(id): Path<u32>,
    Json(c): Json<EventChange>,
) -> Response {
    let now = t.now();
    t.with_world(|w| match w.events.get_mut(&id) {
        Some(e) => {
            if let Some(h) = c.high_risk {
                e.high_risk = h;
            }
            if let Some(l) = c.per_buyer_limit {
                e.per_buyer_limit = l;
            }
            if let Some(w) = c.preemption {
                e.preemption = w;
            }
            Json(event_view(e, now)).into_response()
        }
        None => unknown_event(id),
    })
}

#[derive(Deserialize)]
struct SeasonTypeChange {
    /// The renewals' pre-emption window; `null` removes it.
    preemption: Option<world::Window>,
}

/// Sets a season type's pre-emption window (the club's operator does so in the real system).
async fn change_season_type(
    State(t): State<Ticketing>,
    Path(id): Path<u32>,
    Json(c): Json<SeasonTypeChange>,
) -> Response {
    t.with_world(|w| match w.season_types.iter_mut().find(|s| s.id == id) {
        Some(s) => {
            s.preemption = c.preemption;
            StatusCode::NO_CONTENT.into_response()
        }
        None => refusal(Refusal::not_found(
            "TIPO_ABBONAMENTO_SCONOSCIUTO",
            format!("Tipo abbonamento {id} sconosciuto"),
        )),
    })
}

async fn police_flag(State(t): State<Ticketing>, Json(p): Json<Person>) -> StatusCode {
    t.with_world(|w| w.police_flags.insert(p.key()));
    StatusCode::NO_CONTENT
}

async fn supporter_card(State(t): State<Ticketing>, Json(p): Json<Person>) -> Response {
    let now = t.now();
    t.with_world(|w| match w.register_card(&p) {
        Ok(card) => {
            let _ = w.issue_card(&card.number, now);
            (
                StatusCode::CREATED,
                Json(json!({"numeroTessera": card.number})),
            )
                .into_response()
        }
        Err(e) => refusal(e),
    })
}

/// The vendor's cancellation (annullamento): a new seal on the cancellation, in the journal.
async fn cancel_title_vendor(State(t): State<Ticketing>, Json(q): Json<TitleQuery>) -> Response {
    cancel_title(State(t), Path(q.id)).await
}

async fn cancel_title(State(t): State<Ticketing>, Path(id): Path<u64>) -> Response {
    let now = t.now();
    t.with_world(|w| match w.cancel(id, now) {
        Ok(title) => Json(title_view(w, &title)).into_response(),
        Err(e) => refusal(e),
    })
}

#[derive(Deserialize, Default)]
struct EntryQuery {
    /// The match, for a season ticket.
    #[serde(rename = "eventoId", default)]
    event_id: Option<u32>,
}

async fn enter_title(
    State(t): State<Ticketing>,
    Path(id): Path<u64>,
    body: Option<Json<EntryQuery>>,
) -> Response {
    let q = body.map(|Json(q)| q).unwrap_or_default();
    t.with_world(|w| match w.enter(id, q.event_id) {
        Ok(title) => Json(title_view(w, &title)).into_response(),
        Err(e) => refusal(e),
    })
}

async fn snapshot(State(t): State<Ticketing>) -> Json<World> {
    Json(t.with_world(|w| w.clone()))
}

async fn restore(State(t): State<Ticketing>, Json(mut world): Json<World>) -> StatusCode {
    world.reindex();
    t.with_world(|w| *w = world);
    StatusCode::NO_CONTENT
}
