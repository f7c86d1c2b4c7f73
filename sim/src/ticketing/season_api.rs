//! The vendor actions for pre-emption, season tickets and title information, and the
//! `/_sim/ticketing/seed` control: the rules live in `world` and `season`.

use super::{Ticketing, TitleQuery, answer, refusal, title_view, unknown_title, world};
use axum::{
    Json, Router,
    extract::{Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use base64::Engine;
use serde::Deserialize;
use serde_json::json;
use world::{IssueRequest, Person, Refusal, Sale, SeasonIssueRequest, SeasonType, World};

pub(super) fn routes() -> Router<Ticketing> {
    Router::new()
        .route("/api/Biglietto/EmettiPrelazione", post(issue_preemption))
        .route("/api/Abbonamento/EmettiEsteso", post(issue_season))
        .route(
            "/api/Abbonamento/EmettiPrelazione",
            post(issue_season_preemption),
        )
        .route("/api/Abbonamento/EmettiCollezione", post(issue_collection))
        .route("/api/Abbonamento/Cessione", post(transfer_season))
        .route("/api/Abbonamento/GetOrdiniPosto", get(season_seat_orders))
        .route(
            "/api/Abbonamento/GetCodiciRiduzione",
            get(season_reductions),
        )
        .route("/api/Abbonamento/GetPostiLiberi", get(season_free_seats))
        .route("/api/Abbonamento/GetPostiInfo", get(season_seats_info))
        .route(
            "/api/Abbonamento/IsUtilizzatore",
            post(season_titles_by_holder),
        )
        .route(
            "/api/Titolo/GetTitoliAcquistabiliAbbonamento",
            post(season_purchasable),
        )
        .route("/api/Titolo/GetStato", post(title_state))
        .route("/api/Titolo/GetInfoEstesa", post(title_extended))
        .route("/api/Titolo/GetInfoCessione", post(transfer_info))
        .route("/api/TesseraTifoso/PostImmagine", post(card_photo))
        .route("/api/Utenza/GetOrganizzatori", get(organisers))
}

fn titled(w: &World, r: Result<world::Title, Refusal>) -> Response {
    match r {
        Ok(title) => Json(title_view(w, &title)).into_response(),
        Err(e) => refusal(e),
    }
}

async fn issue_preemption(State(t): State<Ticketing>, Json(r): Json<IssueRequest>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        let r = w.issue_as(&r, Sale::Preemption, now);
        titled(w, r)
    })
}

async fn issue_season(State(t): State<Ticketing>, Json(r): Json<SeasonIssueRequest>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        let r = w.issue_season(&r, Sale::Public, now);
        titled(w, r)
    })
}

async fn issue_season_preemption(
    State(t): State<Ticketing>,
    Json(r): Json<SeasonIssueRequest>,
) -> Response {
    let now = t.now();
    t.with_world(|w| {
        let r = w.issue_season(&r, Sale::Preemption, now);
        titled(w, r)
    })
}

#[derive(Deserialize)]
struct CollectionRequest {
    #[serde(rename = "tipoAbbonamentoId")]
    season_type_id: u32,
    /// The matches; all of the type's when omitted.
    #[serde(rename = "eventi", default)]
    events: Option<Vec<u32>>,
    #[serde(rename = "postoId", default)]
    seat_id: Option<u32>,
    #[serde(rename = "bloccoId", default)]
    block_id: Option<u32>,
    #[serde(rename = "riduzioneId")]
    reduction_id: u32,
    #[serde(rename = "utilizzatore")]
    holder: Person,
    #[serde(rename = "acquirente")]
    buyer: Person,
    #[serde(rename = "transazioneId", default)]
    transaction_id: Option<String>,
}

async fn issue_collection(
    State(t): State<Ticketing>,
    Json(r): Json<CollectionRequest>,
) -> Response {
    let now = t.now();
    let template = IssueRequest {
        event_id: 0,
        seat_id: r.seat_id,
        block_id: r.block_id,
        reduction_id: r.reduction_id,
        holder: r.holder,
        buyer: r.buyer,
        transaction_id: r.transaction_id,
        hold_key: None,
        preemption_seal: None,
        preemption_card: None,
        point_of_sale_id: None,
        terminal_id: None,
    };
    t.with_world(|w| {
        match w.issue_collection(r.season_type_id, r.events.as_deref(), &template, now) {
            Ok(titles) => {
                let views: Vec<_> = titles.iter().map(|x| title_view(w, x)).collect();
                Json(json!({"titoli": views})).into_response()
            }
            Err(e) => refusal(e),
        }
    })
}

#[derive(Deserialize)]
struct SeasonTransferRequest {
    #[serde(rename = "titoloId")]
    title_id: u64,
    #[serde(rename = "eventoId")]
    event_id: u32,
    #[serde(rename = "nuovoUtilizzatore")]
    new_holder: Person,
    #[serde(rename = "transazioneId", default)]
    transaction_id: Option<String>,
}

async fn transfer_season(
    State(t): State<Ticketing>,
    Json(r): Json<SeasonTransferRequest>,
) -> Response {
    let now = t.now();
    t.with_world(|w| {
        let r = w.transfer_season(r.title_id, r.event_id, r.new_holder, r.transaction_id, now);
        titled(w, r)
    })
}

#[derive(Deserialize)]
struct SeasonQuery {
    #[serde(rename = "tipoAbbonamentoId")]
    season_type_id: u32,
}

fn with_season(
    t: &Ticketing,
    id: u32,
    f: impl FnOnce(&World, &SeasonType) -> Response,
) -> Response {
    t.with_world(|w| match w.season_type(id).cloned() {
        Some(s) => f(w, &s),
        None => refusal(Refusal::not_found(
            "TIPO_ABBONAMENTO_SCONOSCIUTO",
            "Tipo di abbonamento sconosciuto",
        )),
    })
}

/// Each sector with its full season price and the reductions sold online.
async fn season_seat_orders(State(t): State<Ticketing>, Query(q): Query<SeasonQuery>) -> Response {
    with_season(&t, q.season_type_id, |w, s| {
        let online: Vec<u32> = w
            .reductions
            .iter()
            .filter(|r| r.visibility >= 1)
            .map(|r| r.id)
            .collect();
        let mut sectors: Vec<(&str, &str)> = w
            .blocks
            .iter()
            .filter(|b| !b.no_map && !b.away)
            .map(|b| (b.sector.as_str(), b.sector_name.as_str()))
            .collect();
        sectors.dedup();
        let orders: Vec<_> = sectors
            .into_iter()
            .map(|(code, name)| {
                json!({"settore": code, "descrizione": name,
                       "prezzo": w.season_price(s, code, 100), "riduzioni": online})
            })
            .collect();
        Json(orders).into_response()
    })
}

async fn season_reductions(State(t): State<Ticketing>, Query(q): Query<SeasonQuery>) -> Response {
    with_season(&t, q.season_type_id, |w, s| {
        let list: Vec<_> = w
            .reductions
            .iter()
            .map(|r| {
                let prices: serde_json::Map<String, serde_json::Value> = s
                    .prices
                    .keys()
                    .map(|sector| {
                        (
                            sector.clone(),
                            json!(w.season_price(s, sector, r.factor_percent)),
                        )
                    })
                    .collect();
                json!({"id": r.id, "codice": r.code, "descrizione": r.name,
                       "visibilita": r.visibility, "prezzi": prices})
            })
            .collect();
        Json(list).into_response()
    })
}

#[derive(Deserialize)]
struct SeasonBlockQuery {
    #[serde(rename = "tipoAbbonamentoId")]
    season_type_id: u32,
    #[serde(rename = "bloccoId")]
    block_id: u32,
}

/// Seats of a block free for every match of the season.
async fn season_free_seats(
    State(t): State<Ticketing>,
    Query(q): Query<SeasonBlockQuery>,
) -> Response {
    let now = t.now();
    with_season(&t, q.season_type_id, |w, s| {
        let seats: Vec<_> = w
            .seats
            .iter()
            .filter(|x| x.block_id == q.block_id && w.season_seat_free_for(s, x.id, None, now))
            .map(|x| json!({"id": x.id, "fila": x.row, "numero": x.number, "etichetta": x.label}))
            .collect();
        Json(seats).into_response()
    })
}

#[derive(Deserialize)]
struct SeasonSeatsQuery {
    #[serde(rename = "tipoAbbonamentoId")]
    season_type_id: u32,
    #[serde(rename = "postiIds")]
    seat_ids: String,
}

async fn season_seats_info(
    State(t): State<Ticketing>,
    Query(q): Query<SeasonSeatsQuery>,
) -> Response {
    let now = t.now();
    with_season(&t, q.season_type_id, |w, s| {
        let mut seats = vec![];
        for id in q
            .seat_ids
            .split(',')
            .filter_map(|x| x.trim().parse::<u32>().ok())
        {
            let Some(seat) = w.seat(id) else {
                return refusal(Refusal::not_found(
                    "POSTO_SCONOSCIUTO",
                    format!("Posto {id} sconosciuto"),
                ));
            };
            let block = w.block(seat.block_id).expect("seats belong to blocks");
            seats.push(
                json!({"id": seat.id, "fila": seat.row, "numero": seat.number,
                              "etichetta": seat.label, "bloccoId": block.id,
                              "settore": block.sector, "varco": block.gate,
                              "stato": w.season_seat_state(s, id, now)}),
            );
        }
        Json(seats).into_response()
    })
}

#[derive(Deserialize)]
struct SeasonPersonQuery {
    #[serde(rename = "tipoAbbonamentoId")]
    season_type_id: u32,
    #[serde(rename = "utilizzatore", alias = "acquirente")]
    person: Person,
}

async fn season_titles_by_holder(
    State(t): State<Ticketing>,
    Json(q): Json<SeasonPersonQuery>,
) -> Response {
    t.with_world(|w| {
        let list: Vec<_> = w
            .season_titles_by_holder(q.season_type_id, &q.person)
            .into_iter()
            .map(|x| title_view(w, x))
            .collect();
        Json(list).into_response()
    })
}

async fn season_purchasable(
    State(t): State<Ticketing>,
    Json(q): Json<SeasonPersonQuery>,
) -> Response {
    t.with_world(
        |w| match w.purchasable_season(q.season_type_id, &q.person) {
            Some(n) => Json(json!({"titoliAcquistabili": n})).into_response(),
            None => refusal(Refusal::not_found(
                "TIPO_ABBONAMENTO_SCONOSCIUTO",
                "Tipo di abbonamento sconosciuto",
            )),
        },
    )
}

async fn title_state(State(t): State<Ticketing>, Json(q): Json<TitleQuery>) -> Response {
    t.with_world(|w| match w.titles.get(&q.id) {
        Some(x) => Json(json!({"titoloId": x.id, "stato": x.state})).into_response(),
        None => unknown_title(),
    })
}

/// A title with its event, place, buyer and history (the journal lines that name it).
async fn title_extended(State(t): State<Ticketing>, Json(q): Json<TitleQuery>) -> Response {
    t.with_world(|w| {
        let Some(x) = w.titles.get(&q.id) else {
            return unknown_title();
        };
        let event = w.events.get(&x.event_id);
        let season = x.season_type_id.and_then(|s| w.season_type(s));
        let seat = x.seat_id.and_then(|s| w.seat(s));
        let block = w.block(x.block_id);
        let history: Vec<_> = w.journal.iter().filter(|j| j.title_id == x.id).collect();
        Json(json!({
            "titolo": title_view(w, x),
            "evento": event.map(|e| json!({"id": e.id, "descrizione": e.title, "dataOra": e.starts_at})),
            "abbonamento": season.map(|s| json!({"id": s.id, "descrizione": s.name, "eventi": s.event_ids})),
            "fila": seat.map(|s| s.row.clone()),
            "numero": seat.map(|s| s.number),
            "blocco": block.map(|b| b.code.clone()),
            "descrizioneSettore": block.map(|b| b.sector_name.clone()),
            "acquirente": x.buyer,
            "prelazione": x.preemption_right,
            "sostituisce": x.replaces,
            "storico": history,
        }))
        .into_response()
    })
}

async fn transfer_info(State(t): State<Ticketing>, Json(q): Json<TitleQuery>) -> Response {
    let now = t.now();
    t.with_world(|w| match w.transfer_info(q.id, now) {
        Some(info) => Json(info).into_response(),
        None => unknown_title(),
    })
}

#[derive(Deserialize)]
struct CardPhoto {
    #[serde(rename = "numeroTessera")]
    number: String,
    /// A JPEG or PNG image, base64.
    #[serde(rename = "immagine")]
    image: String,
}

/// The photo printed on a supporter card: a JPEG or PNG, at most 2 MB.
async fn card_photo(State(t): State<Ticketing>, Json(p): Json<CardPhoto>) -> Response {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(p.image.trim())
        .unwrap_or_default();
    let image = bytes.starts_with(&[0xFF, 0xD8, 0xFF]) || bytes.starts_with(b"\x89PNG\r\n\x1a\n");
    if !image || bytes.len() > 2 * 1024 * 1024 {
        return refusal(Refusal::new(
            422,
            "IMMAGINE_NON_VALIDA",
            "L'immagine deve essere un JPEG o un PNG di al più 2 MB",
        ));
    }
    answer(t.with_world(|w| w.set_card_photo(&p.number, bytes.len())))
}

/// The organiser and its points of sale and terminals (the configuration's ids).
async fn organisers() -> Json<serde_json::Value> {
    Json(json!([{
        "organizzatoreId": 2,
        "descrizione": "Como 1907 S.r.l.",
        "puntiVendita": [
            {"puntovenditaId": 2, "descrizione": "Web", "terminali": [51]},
            {"puntovenditaId": 4, "descrizione": "App", "terminali": [62]}
        ],
        "operatori": [30]
    }]))
}

/// What `/_sim/ticketing/seed` adds to the world: season tickets of earlier seasons (the
/// pre-emption rights), issued supporter cards, police flags.
#[derive(Deserialize)]
pub(super) struct Seed {
    #[serde(default)]
    season_titles: Vec<SeedSeasonTitle>,
    #[serde(default)]
    cards: Vec<Person>,
    #[serde(default)]
    police_flags: Vec<Person>,
}

#[derive(Deserialize)]
struct SeedSeasonTitle {
    season_type_id: u32,
    /// A seat label such as `TC-A-1-1`.
    seat: String,
    holder: Person,
}

pub(super) async fn seed(State(t): State<Ticketing>, Json(seed): Json<Seed>) -> Response {
    let now = t.now();
    t.with_world(|w| {
        let mut seals = vec![];
        for s in &seed.season_titles {
            match w.seed_season_title(s.season_type_id, &s.seat, &s.holder, now) {
                Ok(title) => seals.push(title.seal),
                Err(e) => return refusal(e),
            }
        }
        let mut cards = vec![];
        for p in &seed.cards {
            let issued = w
                .register_card(p)
                .and_then(|c| w.issue_card(&c.number, now));
            match issued {
                Ok(card) => cards.push(card.number),
                Err(e) => return refusal(e),
            }
        }
        for p in &seed.police_flags {
            w.police_flags.insert(p.key());
        }
        (
            StatusCode::OK,
            Json(json!({"seals": seals, "cards": cards})),
        )
            .into_response()
    })
}
