//! The client of the Italian ticketing system (the vendor's REST API): used by workflows,
//! never by a request handler on the hot path. Pointed at the simulator in development and
//! tests, at the vendor in production; only the base URL and credentials differ.
//!
//! Errors say whether trying again can help ([`TicketingError::is_retryable`]). Before
//! retrying an issue, callers ask what was issued for their transaction id
//! ([`TicketingClient::titles_by_transaction`]): the system may have issued the title and
//! still answered with an error or a time-out.

use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::{
    sync::Arc,
    time::{Duration, Instant},
};
use tokio::sync::{Mutex, Semaphore};

mod season;
pub use season::{IssueCollection, IssueSeasonTicket, OrganiserInfo, TitleExtended, TransferInfo};

/// A person as the system names them (holder or buyer).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Person {
    #[serde(rename = "nome")]
    pub first_name: String,
    #[serde(rename = "cognome")]
    pub last_name: String,
    /// yyyy-mm-dd
    #[serde(rename = "dataNascita")]
    pub birth_date: chrono::NaiveDate,
    #[serde(rename = "sesso", default)]
    pub sex: String,
    #[serde(rename = "codiceFiscale", default)]
    pub fiscal_code: String,
}

/// An issued title as the system describes it.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct TitleInfo {
    #[serde(rename = "titoloId")]
    pub id: u64,
    #[serde(rename = "sigilloFiscale")]
    pub seal: String,
    #[serde(rename = "codiceBarre")]
    pub barcode: String,
    #[serde(rename = "progressivo")]
    pub progressive: u64,
    #[serde(rename = "eventoId")]
    pub event_id: u32,
    #[serde(rename = "postoId")]
    pub seat_id: Option<u32>,
    #[serde(rename = "posto")]
    pub seat_label: Option<String>,
    #[serde(rename = "settore")]
    pub sector: String,
    #[serde(rename = "varco")]
    pub gate: String,
    #[serde(rename = "riduzioneId")]
    pub reduction_id: u32,
    #[serde(rename = "prezzo")]
    pub price_cents: u32,
    #[serde(rename = "utilizzatore")]
    pub holder: Person,
    #[serde(rename = "stato")]
    pub state: String,
    #[serde(rename = "transazioneId")]
    pub transaction_id: Option<String>,
    /// A season ticket's type (its `event_id` is then 0).
    #[serde(rename = "tipoAbbonamentoId", default)]
    pub season_type_id: Option<u32>,
    /// A season ticket passed on for one match: the season ticket's id.
    #[serde(rename = "abbonamentoId", default)]
    pub parent_id: Option<u64>,
    #[serde(rename = "cedibile", default = "yes")]
    pub transferable: bool,
}

/// One line of an event's fiscal journal.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct JournalLine {
    #[serde(rename = "progressivo")]
    pub progressive: u64,
    /// `emissione` (an issue) or `annullamento` (a cancellation).
    #[serde(rename = "tipo")]
    pub kind: String,
    #[serde(rename = "titoloId")]
    pub title_id: u64,
    #[serde(rename = "sigilloFiscale")]
    pub seal: String,
    #[serde(rename = "eventoId")]
    pub event_id: u32,
}

fn four() -> u32 {
    4
}

/// An event of the catalogue.
#[derive(Debug, Clone, Deserialize)]
pub struct EventInfo {
    pub id: u32,
    #[serde(rename = "spettacoloId")]
    pub spettacolo_id: u32,
    pub descrizione: String,
    #[serde(rename = "competizione", default)]
    pub competition: String,
    #[serde(rename = "dataOra")]
    pub starts_at: chrono::DateTime<chrono::Utc>,
    pub stato: String,
    /// Titles one buyer may buy.
    #[serde(rename = "limiteAcquirente", default = "four")]
    pub per_buyer_limit: u32,
    /// High-risk matches need a supporter card.
    #[serde(rename = "altoRischio", default)]
    pub high_risk: bool,
    /// Whether the public sale is open now (a pre-emption window still running keeps it
    /// closed). A system that does not say is taken as open.
    #[serde(rename = "venditaLiberaAperta", default = "yes")]
    pub public_sale_open: bool,
    /// The match's pre-emption window, when it has one.
    #[serde(rename = "finestraPrelazione", default)]
    pub preemption_window: Option<PreemptionWindow>,
}

/// A pre-emption window: from `opens_at` until `closes_at`, in `sectors` (all when empty).
#[derive(Debug, Clone, Deserialize)]
pub struct PreemptionWindow {
    #[serde(rename = "apertura")]
    pub opens_at: chrono::DateTime<chrono::Utc>,
    #[serde(rename = "chiusura")]
    pub closes_at: chrono::DateTime<chrono::Utc>,
    #[serde(rename = "settori", default)]
    pub sectors: Vec<String>,
}

fn yes() -> bool {
    true
}

/// A request to issue a seated ticket.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IssueTicket {
    #[serde(rename = "eventoId")]
    pub event_id: u32,
    #[serde(rename = "postoId", skip_serializing_if = "Option::is_none")]
    pub seat_id: Option<u32>,
    #[serde(rename = "bloccoId", skip_serializing_if = "Option::is_none")]
    pub block_id: Option<u32>,
    #[serde(rename = "riduzioneId")]
    pub reduction_id: u32,
    #[serde(rename = "utilizzatore")]
    pub holder: Person,
    #[serde(rename = "acquirente")]
    pub buyer: Person,
    /// Our id for this issue (one per order line): how we find it again.
    #[serde(rename = "transazioneId")]
    pub transaction_id: String,
    #[serde(rename = "chiavePrenotazione", skip_serializing_if = "Option::is_none")]
    pub hold_key: Option<String>,
    /// Pre-emption only: the fiscal seal of the holder's season ticket ...
    #[serde(
        rename = "sigilloFiscalePrelazione",
        skip_serializing_if = "Option::is_none"
    )]
    pub preemption_seal: Option<String>,
    /// ... or their supporter card number.
    #[serde(rename = "tesseraPrelazione", skip_serializing_if = "Option::is_none")]
    pub preemption_card: Option<String>,
    /// The club's point of sale and terminal selling it (the club's settings: the web's, or
    /// the box office's sales point).
    #[serde(rename = "puntovenditaId", skip_serializing_if = "Option::is_none")]
    pub point_of_sale_id: Option<u32>,
    #[serde(rename = "terminaleId", skip_serializing_if = "Option::is_none")]
    pub terminal_id: Option<u32>,
}

/// A block of the venue for an event, with its free places.
#[derive(Debug, Clone, Deserialize)]
pub struct BlockInfo {
    pub id: u32,
    #[serde(rename = "codice")]
    pub code: String,
    #[serde(rename = "settore")]
    pub sector: String,
    #[serde(rename = "descrizioneSettore")]
    pub sector_name: String,
    #[serde(rename = "varco")]
    pub gate: String,
    #[serde(rename = "capienza")]
    pub capacity: u32,
    #[serde(rename = "liberi")]
    pub free: u32,
    #[serde(rename = "ospiti")]
    pub away: bool,
    #[serde(rename = "senzaMappa")]
    pub no_map: bool,
}

/// A block of the venue plan with all its seats.
#[derive(Debug, Clone, Deserialize)]
pub struct PlanBlock {
    pub id: u32,
    #[serde(rename = "codice")]
    pub code: String,
    #[serde(rename = "settore")]
    pub sector: String,
    #[serde(rename = "descrizioneSettore")]
    pub sector_name: String,
    #[serde(rename = "varco")]
    pub gate: String,
    #[serde(rename = "capienza")]
    pub capacity: u32,
    #[serde(rename = "ospiti")]
    pub away: bool,
    #[serde(rename = "senzaMappa")]
    pub no_map: bool,
    #[serde(rename = "posti")]
    pub seats: Vec<SeatInfo>,
}

/// A free seat of a block.
#[derive(Debug, Clone, Deserialize)]
pub struct SeatInfo {
    pub id: u32,
    #[serde(rename = "fila")]
    pub row: String,
    #[serde(rename = "numero")]
    pub number: u32,
    #[serde(rename = "etichetta")]
    pub label: String,
}

/// A reduction code of an event, with its price per sector in cents.
#[derive(Debug, Clone, Deserialize)]
pub struct ReductionInfo {
    pub id: u32,
    #[serde(rename = "codice")]
    pub code: String,
    #[serde(rename = "descrizione")]
    pub name: String,
    /// 0 box office, 1 online, 2 both.
    #[serde(rename = "visibilita")]
    pub visibility: u8,
    /// Who qualifies: `none`, `under_14`, `over_65`, `women` (on the match day).
    #[serde(rename = "regola", default)]
    pub rule: String,
    #[serde(rename = "prezzi")]
    pub prices: std::collections::BTreeMap<String, u32>,
}

/// A nation (birth or residence), in Italian and English.
#[derive(Debug, Clone, Deserialize)]
pub struct NationInfo {
    pub id: u32,
    #[serde(rename = "codice")]
    pub code: String,
    #[serde(rename = "descrizione")]
    pub name_it: String,
    #[serde(rename = "descrizioneEn")]
    pub name_en: String,
}

/// An Italian province.
#[derive(Debug, Clone, Deserialize)]
pub struct ProvinceInfo {
    #[serde(rename = "sigla")]
    pub code: String,
    #[serde(rename = "descrizione")]
    pub name: String,
    #[serde(rename = "regione")]
    pub region: String,
}

/// An Italian municipality.
#[derive(Debug, Clone, Deserialize)]
pub struct MunicipalityInfo {
    #[serde(rename = "codiceIstat")]
    pub istat_code: String,
    #[serde(rename = "descrizione")]
    pub name: String,
    #[serde(rename = "provincia")]
    pub province: String,
    #[serde(rename = "codiceCatastale")]
    pub cadastral_code: String,
}

/// A sports club.
#[derive(Debug, Clone, Deserialize)]
pub struct ClubInfo {
    pub id: u32,
    #[serde(rename = "descrizione")]
    pub name: String,
}

/// A supporter card (tessera del tifoso): registered, issued, revoked or expired.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct CardInfo {
    #[serde(rename = "numeroTessera")]
    pub number: String,
    #[serde(rename = "titolare")]
    pub holder: Person,
    #[serde(rename = "stato")]
    pub state: String,
    #[serde(rename = "scadenza")]
    pub expires_on: Option<chrono::NaiveDate>,
}

/// A ban the club keeps in the ticketing system.
#[derive(Debug, Clone, Deserialize)]
pub struct BanInfo {
    #[serde(rename = "banId")]
    pub id: u64,
    #[serde(rename = "persona")]
    pub person: Person,
    #[serde(rename = "dal")]
    pub from: chrono::DateTime<chrono::Utc>,
    #[serde(rename = "al")]
    pub until: Option<chrono::DateTime<chrono::Utc>>,
    #[serde(rename = "motivo")]
    pub reason: String,
}

/// A blacklist entry.
#[derive(Debug, Clone, Deserialize)]
pub struct BlacklistInfo {
    #[serde(rename = "persona")]
    pub person: Person,
    #[serde(rename = "motivo")]
    pub reason: String,
}

/// Where a seat is, and whether it is free, held or sold for an event.
#[derive(Debug, Clone, Deserialize)]
pub struct SeatState {
    pub id: u32,
    #[serde(rename = "fila")]
    pub row: String,
    #[serde(rename = "numero")]
    pub number: u32,
    #[serde(rename = "etichetta")]
    pub label: String,
    #[serde(rename = "bloccoId")]
    pub block_id: u32,
    #[serde(rename = "settore")]
    pub sector: String,
    #[serde(rename = "varco")]
    pub gate: String,
    /// `libero`, `bloccato` (held) or `venduto`.
    #[serde(rename = "stato")]
    pub state: String,
}

/// A seat order of an event: a sector, its full price and the reductions sold online.
#[derive(Debug, Clone, Deserialize)]
pub struct SeatOrder {
    #[serde(rename = "settore")]
    pub sector: String,
    #[serde(rename = "descrizione")]
    pub name: String,
    #[serde(rename = "prezzo")]
    pub price_cents: u32,
    #[serde(rename = "riduzioni")]
    pub reduction_ids: Vec<u32>,
}

/// A season ticket type and its events.
#[derive(Debug, Clone, Deserialize)]
pub struct SeasonTypeInfo {
    pub id: u32,
    #[serde(rename = "descrizione")]
    pub name: String,
    #[serde(rename = "eventi")]
    pub event_ids: Vec<u32>,
    /// Whether the season is sold to the public now (its renewals' pre-emption window closed,
    /// its first match ahead). A system that does not say is taken as open.
    #[serde(rename = "venditaLiberaAperta", default = "yes")]
    pub public_sale_open: bool,
    /// The renewals' pre-emption window, when the season has one.
    #[serde(rename = "finestraPrelazione", default)]
    pub preemption_window: Option<PreemptionWindow>,
}

/// What went wrong talking to the ticketing system.
#[derive(Debug, thiserror::Error)]
pub enum TicketingError {
    /// The system said no, for good (seat taken, banned, limit, ...): `code` is the vendor's.
    #[error("refused: {code}: {message}")]
    Refused {
        status: u16,
        code: String,
        message: String,
    },
    /// Worth trying again (503, 502, 500, 429). The call may have taken effect: look before
    /// retrying an issue.
    #[error("temporarily unavailable: {0}")]
    Unavailable(String),
    /// No answer (a time-out, a connection reset): worth trying again, and the call may
    /// still take effect after this, until the system times it out.
    #[error("no answer: {0}")]
    NoAnswer(String),
    /// The answer could not be read (malformed body). The call may have taken effect.
    #[error("malformed answer: {0}")]
    Malformed(String),
}

impl TicketingError {
    pub fn is_retryable(&self) -> bool {
        !matches!(self, TicketingError::Refused { .. })
    }

    /// Whether the system answered at all (if not, the call may still land).
    pub fn answered(&self) -> bool {
        !matches!(self, TicketingError::NoAnswer(_))
    }

    /// The vendor's code of a refusal (POSTO_NON_DISPONIBILE, PERSONA_BANNATA, ...).
    pub fn code(&self) -> Option<&str> {
        match self {
            TicketingError::Refused { code, .. } => Some(code),
            _ => None,
        }
    }
}

#[derive(Deserialize)]
struct VendorError {
    #[serde(rename = "Message", default)]
    message: String,
    #[serde(default)]
    code: String,
}

/// The client; cheap to share (`Arc`), it caches its token.
pub struct TicketingClient {
    http: reqwest::Client,
    base: String,
    user: String,
    password: SecretString,
    token: Mutex<Option<(String, Instant)>>,
    timeout: Duration,
    /// At most this many calls in flight (none: no cap).
    in_flight: Option<Arc<Semaphore>>,
}

impl TicketingClient {
    /// `base`: e.g. `http://127.0.0.1:9090`; `timeout`: per call.
    pub fn new(
        base: &str,
        user: &str,
        password: SecretString,
        timeout: Duration,
    ) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(TicketingClient {
            http,
            base: base.trim_end_matches('/').to_owned(),
            user: user.to_owned(),
            password,
            token: Mutex::new(None),
            timeout,
            in_flight: None,
        })
    }

    /// At most `calls` in flight at once from this client; further calls wait their turn
    /// (the wait is not part of a call's timeout).
    pub fn max_in_flight(mut self, calls: usize) -> Self {
        self.in_flight = Some(Arc::new(Semaphore::new(calls.max(1))));
        self
    }

    /// How long one call may take before we give up on its answer (it may still land).
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    async fn token(&self, renew: bool) -> Result<String, TicketingError> {
        let mut cached = self.token.lock().await;
        if !renew
            && let Some((token, at)) = cached.as_ref()
            && at.elapsed() < Duration::from_secs(50 * 60)
        {
            return Ok(token.clone());
        }
        #[derive(Deserialize)]
        struct Token {
            token: String,
        }
        let body =
            serde_json::json!({"userName": self.user, "password": self.password.expose_secret()});
        let resp = self
            .http
            .post(format!("{}/api/Account/GetToken", self.base))
            .json(&body)
            .send()
            .await
            .map_err(transport)?;
        let token: Token = decode(resp).await?;
        *cached = Some((token.token.clone(), Instant::now()));
        Ok(token.token)
    }

    /// One call, with the token; renews it once on 401 (expired).
    #[tracing::instrument(skip_all, fields(path = %path))]
    async fn call<B: Serialize, T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&B>,
    ) -> Result<T, TicketingError> {
        let _permit = match &self.in_flight {
            Some(cap) => Some(cap.acquire().await.expect("the cap is never closed")),
            None => None,
        };
        let started = Instant::now();
        let timer = crate::observe::start("ticketing");
        let operation = format!("{method} {path}");
        let mut renew = false;
        loop {
            let token = match self.token(renew).await {
                Ok(t) => t,
                Err(e) => {
                    timer.finish(operation, None, Some(e.to_string()));
                    return Err(e);
                }
            };
            let mut req = self
                .http
                .request(method.clone(), format!("{}{path}", self.base))
                .bearer_auth(&token)
                .query(query);
            if let Some(b) = body {
                req = req.json(b);
            }
            let resp = match req.send().await.map_err(transport) {
                Ok(r) => r,
                Err(e) => {
                    timer.finish(operation, None, Some(e.to_string()));
                    return Err(e);
                }
            };
            if resp.status() == StatusCode::UNAUTHORIZED && !renew {
                renew = true;
                continue;
            }
            let status = resp.status().as_u16();
            let result = decode(resp).await;
            tracing::debug!(
                elapsed_ms = started.elapsed().as_millis() as u64,
                ok = result.is_ok(),
                "ticketing call"
            );
            timer.finish(
                operation,
                Some(status),
                result.as_ref().err().map(ToString::to_string),
            );
            return result;
        }
    }

    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<T, TicketingError> {
        self.call::<(), _>(Method::GET, path, query, None).await
    }

    async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl Serialize,
    ) -> Result<T, TicketingError> {
        self.call(Method::POST, path, &[], Some(body)).await
    }

    /// A POST whose answer only acknowledges (`{"esito": true}`).
    async fn post_ack(&self, path: &str, body: &impl Serialize) -> Result<(), TicketingError> {
        self.post::<serde_json::Value>(path, body).await.map(|_| ())
    }

    // ---- catalogue and reference data

    /// The catalogue's events (spec: planet-events).
    pub async fn events(&self) -> Result<Vec<EventInfo>, TicketingError> {
        self.get("/api/Evento/GetEventi", &[]).await
    }

    /// One event (spec: planet-event-detail).
    pub async fn event(&self, id: u32) -> Result<EventInfo, TicketingError> {
        self.get("/api/Evento/GetEvento", &[("eventoId", id.to_string())])
            .await
    }

    /// Reduction codes and prices of an event (spec: evento-codiciriduzione).
    pub async fn reductions(&self, event: u32) -> Result<Vec<ReductionInfo>, TicketingError> {
        self.get(
            "/api/Evento/GetCodiciRiduzione",
            &[("eventoId", event.to_string())],
        )
        .await
    }

    /// The seat orders of an event (spec: evento-ordineposto).
    pub async fn seat_orders(&self, event: u32) -> Result<Vec<SeatOrder>, TicketingError> {
        self.get(
            "/api/Evento/GetOrdiniPosto",
            &[("eventoId", event.to_string())],
        )
        .await
    }

    /// The away blocks of an event (spec: evento-blocchiospiti).
    pub async fn away_blocks(&self, event: u32) -> Result<Vec<u32>, TicketingError> {
        let answer = self
            .get(
                "/api/Evento/GetBlocchiOspiti",
                &[("eventoId", event.to_string())],
            )
            .await?;
        field(answer, "blocchiOspiti")
    }

    /// Season ticket types (spec: abbonamento-tipiabbonamento).
    pub async fn season_types(&self) -> Result<Vec<SeasonTypeInfo>, TicketingError> {
        self.get("/api/Abbonamento/GetTipiAbbonamento", &[]).await
    }

    /// The events of a season ticket type (spec: abbonamento-eventipertipoabbonamento).
    pub async fn season_type_events(
        &self,
        season_type: u32,
    ) -> Result<Vec<EventInfo>, TicketingError> {
        self.get(
            "/api/Abbonamento/GetEventiPerTipoAbbonamento",
            &[("tipoAbbonamentoId", season_type.to_string())],
        )
        .await
    }

    /// Nations (spec: planet-nazioni).
    pub async fn nations(&self) -> Result<Vec<NationInfo>, TicketingError> {
        self.get("/api/Utenza/GetNazioni", &[]).await
    }

    /// Italian provinces (spec: planet-province).
    pub async fn provinces(&self) -> Result<Vec<ProvinceInfo>, TicketingError> {
        self.get("/api/Utenza/GetProvince", &[]).await
    }

    /// Municipalities of a province (spec: planet-comuni).
    pub async fn municipalities(
        &self,
        province: &str,
    ) -> Result<Vec<MunicipalityInfo>, TicketingError> {
        self.get(
            "/api/Utenza/GetComuni",
            &[("provincia", province.to_owned())],
        )
        .await
    }

    /// Sports clubs (spec: planet-societa-sportiva).
    pub async fn sports_clubs(&self) -> Result<Vec<ClubInfo>, TicketingError> {
        self.get("/api/Utenza/GetSocietaSportive", &[]).await
    }

    // ---- seat map and holds

    /// The venue plan: every block with its gate, capacity and seats (how our venue is
    /// imported).
    pub async fn venue_plan(&self) -> Result<Vec<PlanBlock>, TicketingError> {
        self.get("/api/Mappa/GetPianta", &[]).await
    }

    /// The venue's blocks for an event, with free places (spec: mappa-blocchi, nomap-postiliberi).
    pub async fn blocks(&self, event: u32) -> Result<Vec<BlockInfo>, TicketingError> {
        self.get("/api/Mappa/GetBlocchi", &[("eventoId", event.to_string())])
            .await
    }

    /// Free seats of a block (spec: planet-posti-liberi-biglietto).
    pub async fn free_seats(
        &self,
        event: u32,
        block: u32,
    ) -> Result<Vec<SeatInfo>, TicketingError> {
        self.get(
            "/api/Mappa/GetPostiLiberi",
            &[
                ("eventoId", event.to_string()),
                ("bloccoId", block.to_string()),
            ],
        )
        .await
    }

    /// Seats of an event with their state (spec: planet-mappa-postoinfo, planet-mappa-postiinfo).
    pub async fn seats_info(
        &self,
        event: u32,
        seats: &[u32],
    ) -> Result<Vec<SeatState>, TicketingError> {
        let ids = id_list(seats);
        self.get(
            "/api/Mappa/GetPostiInfo",
            &[("eventoId", event.to_string()), ("postiIds", ids)],
        )
        .await
    }

    /// Holds seats for `minutes` under `key`, all or none (spec: planet-mappa-bloccaposti).
    pub async fn hold_seats(
        &self,
        event: u32,
        seats: &[u32],
        key: &str,
        minutes: u32,
    ) -> Result<(), TicketingError> {
        let body = serde_json::json!({"eventoId": event, "postiIds": seats, "chiave": key, "minuti": minutes});
        self.post_ack("/api/Mappa/BloccaPosti", &body).await
    }

    /// Releases seats held under `key` (spec: planet-mappa-sbloccaposti).
    pub async fn release_seats(
        &self,
        event: u32,
        seats: &[u32],
        key: &str,
    ) -> Result<(), TicketingError> {
        let body = serde_json::json!({"eventoId": event, "postiIds": seats, "chiave": key});
        self.post_ack("/api/Mappa/SbloccaPosti", &body).await
    }

    // ---- persons, cards, bans

    /// Registers a person; the same person gets the same id (spec: utenza-addpersona).
    pub async fn add_person(&self, person: &Person) -> Result<u64, TicketingError> {
        let answer = self
            .post(
                "/api/Utenza/AddPersona",
                &serde_json::json!({"persona": person}),
            )
            .await?;
        field(answer, "personaId")
    }

    /// Whether a person may enter stadiums (spec: autorizzazione-verificapersona); false
    /// under a stadium ban.
    pub async fn verify_person(&self, person: &Person) -> Result<bool, TicketingError> {
        let answer = self
            .post(
                "/api/Autorizzazione/VerificaPersona",
                &serde_json::json!({"persona": person}),
            )
            .await?;
        field(answer, "risultato")
    }

    /// Registers a supporter card (spec: tesseratifoso-registra); it is valid once issued.
    pub async fn register_card(&self, person: &Person) -> Result<CardInfo, TicketingError> {
        self.post(
            "/api/TesseraTifoso/Registra",
            &serde_json::json!({"persona": person}),
        )
        .await
    }

    /// Issues a registered card after the police check (spec: tesseratifoso-emetti).
    pub async fn issue_card(&self, number: &str) -> Result<CardInfo, TicketingError> {
        self.post(
            "/api/TesseraTifoso/Emetti",
            &serde_json::json!({"numeroTessera": number}),
        )
        .await
    }

    /// A card by number (spec: tessera-tifoso).
    pub async fn card(&self, number: &str) -> Result<CardInfo, TicketingError> {
        self.get(
            "/api/TesseraTifoso/Get",
            &[("numeroTessera", number.to_owned())],
        )
        .await
    }

    /// A person's cards, in any state (how a registration whose answer was lost is found).
    pub async fn cards_of(&self, person: &Person) -> Result<Vec<CardInfo>, TicketingError> {
        self.post(
            "/api/TesseraTifoso/GetByPersona",
            &serde_json::json!({"persona": person}),
        )
        .await
    }

    /// Revokes a card (spec: delete-tesseratifoso).
    pub async fn revoke_card(&self, number: &str) -> Result<CardInfo, TicketingError> {
        self.post(
            "/api/TesseraTifoso/Revoca",
            &serde_json::json!({"numeroTessera": number}),
        )
        .await
    }

    /// Whether a person holds a valid card (spec: autorizzazione-verificatesseratifoso).
    pub async fn verify_card(&self, person: &Person) -> Result<bool, TicketingError> {
        let answer = self
            .post(
                "/api/Autorizzazione/VerificaTesseraTifoso",
                &serde_json::json!({"persona": person}),
            )
            .await?;
        field(answer, "valida")
    }

    /// Adds a club ban from `from` (none: now), until `until` or for good (spec:
    /// utenza-addban).
    pub async fn add_ban(
        &self,
        person: &Person,
        from: Option<chrono::DateTime<chrono::Utc>>,
        until: Option<chrono::DateTime<chrono::Utc>>,
        reason: &str,
    ) -> Result<BanInfo, TicketingError> {
        self.post(
            "/api/Utenza/AddBan",
            &serde_json::json!({"persona": person, "dal": from, "al": until, "motivo": reason}),
        )
        .await
    }

    /// Changes a ban's end (spec: utenza-updateban).
    pub async fn update_ban(
        &self,
        id: u64,
        until: Option<chrono::DateTime<chrono::Utc>>,
    ) -> Result<BanInfo, TicketingError> {
        self.post(
            "/api/Utenza/UpdateBan",
            &serde_json::json!({"banId": id, "al": until}),
        )
        .await
    }

    /// Removes a ban (spec: utenza-removeban).
    pub async fn remove_ban(&self, id: u64) -> Result<(), TicketingError> {
        self.post_ack("/api/Utenza/RemoveBan", &serde_json::json!({"banId": id}))
            .await
    }

    /// The club's bans (spec: utenza-getlistban).
    pub async fn bans(&self) -> Result<Vec<BanInfo>, TicketingError> {
        self.get("/api/Utenza/GetListBan", &[]).await
    }

    /// Whether a person may not be issued titles: police ban, club ban or blacklist
    /// (spec: utenza-isbannato).
    pub async fn is_banned(&self, person: &Person) -> Result<bool, TicketingError> {
        let answer = self
            .post(
                "/api/Utenza/IsBannato",
                &serde_json::json!({"persona": person}),
            )
            .await?;
        field(answer, "bannato")
    }

    /// Puts a person on the blacklist (spec: blacklist-insert).
    pub async fn blacklist_insert(
        &self,
        person: &Person,
        reason: &str,
    ) -> Result<(), TicketingError> {
        self.post_ack(
            "/api/Utenza/BlacklistInsert",
            &serde_json::json!({"persona": person, "motivo": reason}),
        )
        .await
    }

    /// The blacklist (spec: blacklist-list).
    pub async fn blacklist(&self) -> Result<Vec<BlacklistInfo>, TicketingError> {
        self.get("/api/Utenza/Blacklist", &[]).await
    }

    /// Takes a person off the blacklist (spec: blacklist-remove).
    pub async fn blacklist_remove(&self, person: &Person) -> Result<(), TicketingError> {
        self.post_ack(
            "/api/Utenza/BlacklistRemove",
            &serde_json::json!({"persona": person}),
        )
        .await
    }

    // ---- issuance and titles

    /// Issues a seated (or, with `block_id`, no-map) ticket (spec: biglietto-emettiesteso).
    pub async fn issue_ticket(&self, req: &IssueTicket) -> Result<TitleInfo, TicketingError> {
        self.post("/api/Biglietto/EmettiEsteso", req).await
    }

    /// How many more titles `buyer` may buy for `event` (spec: titoli-acquistabili).
    pub async fn purchasable_count(
        &self,
        event: u32,
        buyer: &Person,
    ) -> Result<u32, TicketingError> {
        let body = serde_json::json!({"eventoId": event, "acquirente": buyer});
        field(
            self.post("/api/Titolo/GetTitoliAcquistabili", &body)
                .await?,
            "acquistabili",
        )
    }

    /// Whether a title may change holder now, and if not why (spec: titolo-iscedibile).
    pub async fn is_transferable(
        &self,
        title: u64,
    ) -> Result<(bool, Option<String>), TicketingError> {
        let answer: serde_json::Value = self
            .post(
                "/api/Titolo/IsCedibile",
                &serde_json::json!({"titoloId": title}),
            )
            .await?;
        let reason = answer
            .get("motivo")
            .and_then(|m| m.as_str())
            .map(str::to_owned);
        Ok((field(answer, "cedibile")?, reason))
    }

    /// Change of holder (spec: biglietto-cessione): the old title is cancelled and a new one
    /// issued on the same seat; returns the new title. `transaction_id` finds it again.
    pub async fn transfer_ticket(
        &self,
        title: u64,
        new_holder: &Person,
        transaction_id: &str,
    ) -> Result<TitleInfo, TicketingError> {
        let body = serde_json::json!({"titoloId": title, "nuovoUtilizzatore": new_holder, "transazioneId": transaction_id});
        self.post("/api/Biglietto/Cessione", &body).await
    }

    /// Titles issued for our transaction id (how to learn whether an issue happened).
    pub async fn titles_by_transaction(
        &self,
        transaction_id: &str,
    ) -> Result<Vec<TitleInfo>, TicketingError> {
        self.get(
            "/api/Titolo/GetByTransazione",
            &[("transazioneId", transaction_id.to_owned())],
        )
        .await
    }

    /// The fiscal journal of one event: every issue and cancellation, in order.
    pub async fn journal(&self, event_id: u32) -> Result<Vec<JournalLine>, TicketingError> {
        self.get(
            "/api/Titolo/GetGiornale",
            &[("eventoId", event_id.to_string())],
        )
        .await
    }

    /// Live titles of a holder for an event (spec: biglietto-isutilizzatore).
    pub async fn titles_by_holder(
        &self,
        event_id: u32,
        holder: &Person,
    ) -> Result<Vec<TitleInfo>, TicketingError> {
        self.post(
            "/api/Titolo/GetByUtilizzatore",
            &serde_json::json!({"eventoId": event_id, "utilizzatore": holder}),
        )
        .await
    }

    /// A title by its fiscal seal (spec: titolo-info-by-sigillo-fiscale).
    pub async fn title_by_seal(&self, seal: &str) -> Result<TitleInfo, TicketingError> {
        self.post(
            "/api/Titolo/GetInfoBySigilloFiscale",
            &serde_json::json!({"sigilloFiscale": seal}),
        )
        .await
    }

    /// Cancels a title (annullamento; a refund of an order whose titles were issued).
    pub async fn cancel_title(&self, id: u64) -> Result<TitleInfo, TicketingError> {
        self.post("/api/Titolo/Annulla", &serde_json::json!({"titoloId": id}))
            .await
    }

    /// A title by id (spec: titolo-info).
    pub async fn title(&self, id: u64) -> Result<TitleInfo, TicketingError> {
        self.post("/api/Titolo/GetInfo", &serde_json::json!({"titoloId": id}))
            .await
    }
}

/// Ids as the vendor's query strings take them: `1,2,3`.
fn id_list(ids: &[u32]) -> String {
    ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// One field of an answer that is an object of a few fields.
fn field<T: DeserializeOwned>(
    mut answer: serde_json::Value,
    name: &str,
) -> Result<T, TicketingError> {
    let value = answer
        .get_mut(name)
        .map(serde_json::Value::take)
        .ok_or_else(|| TicketingError::Malformed(format!("no {name} in the answer")))?;
    serde_json::from_value(value).map_err(|e| TicketingError::Malformed(format!("{name}: {e}")))
}

fn transport(e: reqwest::Error) -> TicketingError {
    TicketingError::NoAnswer(if e.is_timeout() {
        "time-out".into()
    } else {
        e.to_string()
    })
}

async fn decode<T: DeserializeOwned>(resp: reqwest::Response) -> Result<T, TicketingError> {
    let status = resp.status();
    let bytes = resp.bytes().await.map_err(transport)?;
    if status.is_success() {
        return serde_json::from_slice(&bytes)
            .map_err(|e| TicketingError::Malformed(e.to_string()));
    }
    if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
        return Err(TicketingError::Unavailable(format!(
            "status {}",
            status.as_u16()
        )));
    }
    let v: VendorError = serde_json::from_slice(&bytes).unwrap_or(VendorError {
        message: String::new(),
        code: String::new(),
    });
    Err(TicketingError::Refused {
        status: status.as_u16(),
        code: v.code,
        message: v.message,
    })
}
