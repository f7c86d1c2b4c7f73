//! Pre-emption, season tickets (issue, renewal, collection, passing one match on), and what
//! the system says about a title: state, extended information, transfer information.

use super::{
    BlockInfo, IssueTicket, Person, ReductionInfo, SeatInfo, SeatOrder, SeatState, TicketingClient,
    TicketingError, TitleInfo, field, id_list,
};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A request to issue a season ticket, or to renew one in the pre-emption window.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IssueSeasonTicket {
    #[serde(rename = "tipoAbbonamentoId")]
    pub season_type_id: u32,
    /// A renewal may leave it out: the previous season's seat.
    #[serde(rename = "postoId", skip_serializing_if = "Option::is_none")]
    pub seat_id: Option<u32>,
    #[serde(rename = "riduzioneId")]
    pub reduction_id: u32,
    #[serde(rename = "utilizzatore")]
    pub holder: Person,
    #[serde(rename = "acquirente")]
    pub buyer: Person,
    #[serde(rename = "transazioneId")]
    pub transaction_id: String,
    #[serde(rename = "chiavePrenotazione", skip_serializing_if = "Option::is_none")]
    pub hold_key: Option<String>,
    /// A renewal: the fiscal seal of last season's ticket.
    #[serde(
        rename = "sigilloFiscalePrelazione",
        skip_serializing_if = "Option::is_none"
    )]
    pub preemption_seal: Option<String>,
}

/// A season ticket as a collection: one ticket per match, all or none.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IssueCollection {
    #[serde(rename = "tipoAbbonamentoId")]
    pub season_type_id: u32,
    /// The matches; every match of the type when `None`.
    #[serde(rename = "eventi", skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<u32>>,
    #[serde(rename = "postoId")]
    pub seat_id: u32,
    #[serde(rename = "riduzioneId")]
    pub reduction_id: u32,
    #[serde(rename = "utilizzatore")]
    pub holder: Person,
    #[serde(rename = "acquirente")]
    pub buyer: Person,
    /// Shared by every ticket of the collection: how to find them again.
    #[serde(rename = "transazioneId")]
    pub transaction_id: String,
}

/// A title with its event, place, buyer and history.
#[derive(Debug, Clone, Deserialize)]
pub struct TitleExtended {
    #[serde(rename = "titolo")]
    pub title: TitleInfo,
    #[serde(rename = "evento")]
    pub event: Option<serde_json::Value>,
    #[serde(rename = "abbonamento")]
    pub season: Option<serde_json::Value>,
    #[serde(rename = "fila")]
    pub row: Option<String>,
    #[serde(rename = "numero")]
    pub number: Option<u32>,
    #[serde(rename = "descrizioneSettore")]
    pub sector_name: Option<String>,
    #[serde(rename = "acquirente")]
    pub buyer: Person,
    /// The pre-emption right used to buy it.
    #[serde(rename = "prelazione")]
    pub preemption_right: Option<String>,
    /// The title it replaced by a change of holder.
    #[serde(rename = "sostituisce")]
    pub replaces: Option<u64>,
    /// The journal lines naming it (issue, cancellation), with progressive numbers and seals.
    #[serde(rename = "storico")]
    pub history: Vec<serde_json::Value>,
}

/// Whether and why a title can change holder, and its history of changes.
#[derive(Debug, Clone, Deserialize)]
pub struct TransferInfo {
    #[serde(rename = "titoloId")]
    pub title_id: u64,
    #[serde(rename = "cedibile")]
    pub transferable: bool,
    /// The refusal's code when not transferable (TITOLO_NON_CEDIBILE, ...).
    #[serde(rename = "codice")]
    pub code: Option<String>,
    #[serde(rename = "motivo")]
    pub reason: Option<String>,
    #[serde(rename = "cessioniEffettuate")]
    pub transfers_made: u32,
    #[serde(rename = "titoloOriginarioId")]
    pub original_id: u64,
    /// (match, pass title) of a season ticket passed on.
    #[serde(rename = "partiteCedute")]
    pub passes: Vec<(u32, u64)>,
}

/// The organiser, its points of sale and terminals.
#[derive(Debug, Clone, Deserialize)]
pub struct OrganiserInfo {
    #[serde(rename = "organizzatoreId")]
    pub id: u32,
    #[serde(rename = "descrizione")]
    pub name: String,
    #[serde(rename = "puntiVendita")]
    pub points_of_sale: Vec<serde_json::Value>,
}

impl TicketingClient {
    /// Issues a ticket in the event's pre-emption window to a holder with a right: the seal
    /// of their season ticket or their supporter card (spec: emetti-biglietto-prelazione).
    pub async fn issue_preemption_ticket(
        &self,
        req: &IssueTicket,
    ) -> Result<TitleInfo, TicketingError> {
        self.post("/api/Biglietto/EmettiPrelazione", req).await
    }

    /// Issues a season ticket (spec: abbonamento-emettiesteso).
    pub async fn issue_season_ticket(
        &self,
        req: &IssueSeasonTicket,
    ) -> Result<TitleInfo, TicketingError> {
        self.post("/api/Abbonamento/EmettiEsteso", req).await
    }

    /// Renews a season ticket in the pre-emption window, with last season's seal
    /// (spec: abbonamento-emettiesteso-prelazione).
    pub async fn issue_season_preemption(
        &self,
        req: &IssueSeasonTicket,
    ) -> Result<TitleInfo, TicketingError> {
        self.post("/api/Abbonamento/EmettiPrelazione", req).await
    }

    /// Issues a season ticket as a collection of match tickets (spec:
    /// abbonamento-emetti-collezione; the `-coda` form is our durable job calling this).
    pub async fn issue_season_collection(
        &self,
        req: &IssueCollection,
    ) -> Result<Vec<TitleInfo>, TicketingError> {
        field(
            self.post("/api/Abbonamento/EmettiCollezione", req).await?,
            "titoli",
        )
    }

    /// Passes a season ticket on for one match (spec: abbonamento-cessione).
    pub async fn transfer_season_ticket(
        &self,
        title: u64,
        event: u32,
        new_holder: &Person,
        transaction_id: &str,
    ) -> Result<TitleInfo, TicketingError> {
        let body = json!({"titoloId": title, "eventoId": event,
                          "nuovoUtilizzatore": new_holder, "transazioneId": transaction_id});
        self.post("/api/Abbonamento/Cessione", &body).await
    }

    /// A season type's sectors with their season price (spec: abbonamento-ordiniposto).
    pub async fn season_seat_orders(&self, season: u32) -> Result<Vec<SeatOrder>, TicketingError> {
        self.get(
            "/api/Abbonamento/GetOrdiniPosto",
            &[("tipoAbbonamentoId", season.to_string())],
        )
        .await
    }

    /// A season type's reductions with their season prices (spec: abbonamento-codiciriduzione).
    pub async fn season_reductions(
        &self,
        season: u32,
    ) -> Result<Vec<ReductionInfo>, TicketingError> {
        self.get(
            "/api/Abbonamento/GetCodiciRiduzione",
            &[("tipoAbbonamentoId", season.to_string())],
        )
        .await
    }

    /// Seats of a block free for every match of a season type
    /// (spec: planet-posti-liberi-abbonamento).
    pub async fn season_free_seats(
        &self,
        season: u32,
        block: u32,
    ) -> Result<Vec<SeatInfo>, TicketingError> {
        self.get(
            "/api/Abbonamento/GetPostiLiberi",
            &[
                ("tipoAbbonamentoId", season.to_string()),
                ("bloccoId", block.to_string()),
            ],
        )
        .await
    }

    /// Seats' state over a season (spec: mappa-posti-abbonamento-info).
    pub async fn season_seats_info(
        &self,
        season: u32,
        seats: &[u32],
    ) -> Result<Vec<SeatState>, TicketingError> {
        let ids = id_list(seats);
        self.get(
            "/api/Abbonamento/GetPostiInfo",
            &[("tipoAbbonamentoId", season.to_string()), ("postiIds", ids)],
        )
        .await
    }

    /// A holder's live season tickets of a type (spec: planet-abbonamento-isutilizzatore).
    pub async fn season_titles_by_holder(
        &self,
        season: u32,
        holder: &Person,
    ) -> Result<Vec<TitleInfo>, TicketingError> {
        self.post(
            "/api/Abbonamento/IsUtilizzatore",
            &json!({"tipoAbbonamentoId": season, "utilizzatore": holder}),
        )
        .await
    }

    /// How many more season tickets of a type `buyer` may buy
    /// (spec: titoli-acquistabili-abbonamento).
    pub async fn season_purchasable_count(
        &self,
        season: u32,
        buyer: &Person,
    ) -> Result<u32, TicketingError> {
        field(
            self.post(
                "/api/Titolo/GetTitoliAcquistabiliAbbonamento",
                &json!({"tipoAbbonamentoId": season, "acquirente": buyer}),
            )
            .await?,
            "titoliAcquistabili",
        )
    }

    /// A title's state: issued, used or cancelled (spec: titolo-stato).
    pub async fn title_state(&self, id: u64) -> Result<String, TicketingError> {
        field(
            self.post("/api/Titolo/GetStato", &json!({"titoloId": id}))
                .await?,
            "stato",
        )
    }

    /// A title with its event, place, buyer and history (spec: titolo-esteso).
    pub async fn title_extended(&self, id: u64) -> Result<TitleExtended, TicketingError> {
        self.post("/api/Titolo/GetInfoEstesa", &json!({"titoloId": id}))
            .await
    }

    /// Whether a title can change holder, why not, and its changes so far
    /// (spec: titolo-infocessione).
    pub async fn transfer_info(&self, id: u64) -> Result<TransferInfo, TicketingError> {
        self.post("/api/Titolo/GetInfoCessione", &json!({"titoloId": id}))
            .await
    }

    /// Sends the photo printed on a supporter card, a JPEG or PNG of at most 2 MB
    /// (spec: tesseratifoso-post-immagine-tessera-tifoso).
    pub async fn card_photo(&self, number: &str, image: &[u8]) -> Result<(), TicketingError> {
        use base64::Engine;
        let encoded = base64::engine::general_purpose::STANDARD.encode(image);
        self.post_ack(
            "/api/TesseraTifoso/PostImmagine",
            &json!({"numeroTessera": number, "immagine": encoded}),
        )
        .await
    }

    /// The organiser with its points of sale and terminals (spec: utenza-organizzatori).
    pub async fn organisers(&self) -> Result<Vec<OrganiserInfo>, TicketingError> {
        self.get("/api/Utenza/GetOrganizzatori", &[]).await
    }

    /// The blocks of a season type's first match, for the season seat map.
    pub async fn season_blocks(&self, season: u32) -> Result<Vec<BlockInfo>, TicketingError> {
        let events = self.season_type_events(season).await?;
        match events.iter().min_by_key(|e| e.starts_at) {
            Some(first) => self.blocks(first.id).await,
            None => Ok(vec![]),
        }
    }
}
