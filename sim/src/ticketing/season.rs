//! Season tickets (abbonamenti): issue, renewal in the pre-emption window, the collection of
//! one ticket per match, passing a season ticket on for one match; and what the system says
//! about a title (state, extended information, transfer information).

use super::world::{
    IssueRequest, Mint, Person, Refusal, Sale, SeasonIssueRequest, SeasonType, Title, TitleState,
    World, not_entitled,
};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// What the system says about changing a title's holder.
#[derive(Debug, Clone, Serialize)]
pub struct TransferInfo {
    #[serde(rename = "titoloId")]
    pub title_id: u64,
    #[serde(rename = "cedibile")]
    pub transferable: bool,
    /// Why not, when not (the refusal's code and message).
    #[serde(rename = "codice")]
    pub code: Option<&'static str>,
    #[serde(rename = "motivo")]
    pub reason: Option<String>,
    /// How many changes of holder led to this title.
    #[serde(rename = "cessioniEffettuate")]
    pub transfers_made: u32,
    /// The first title of the chain (the one bought).
    #[serde(rename = "titoloOriginarioId")]
    pub original_id: u64,
    /// Matches of a season ticket passed on, with the pass's title.
    #[serde(rename = "partiteCedute")]
    pub passes: Vec<(u32, u64)>,
}

impl World {
    fn season_or_404(&self, id: u32) -> Result<SeasonType, Refusal> {
        self.season_type(id).cloned().ok_or_else(|| {
            Refusal::not_found(
                "TIPO_ABBONAMENTO_SCONOSCIUTO",
                "Tipo di abbonamento sconosciuto",
            )
        })
    }

    /// Whether a seat is free for `key` in every match of a season type.
    pub fn season_seat_free_for(
        &self,
        season: &SeasonType,
        seat: u32,
        key: Option<&str>,
        now: DateTime<Utc>,
    ) -> bool {
        season
            .event_ids
            .iter()
            .all(|e| self.seat_free_for(*e, seat, key, now))
    }

    /// A seat's state for a season: free only if free in every match.
    pub fn season_seat_state(&self, season: &SeasonType, seat: u32, now: DateTime<Utc>) -> &str {
        season
            .event_ids
            .iter()
            .map(|e| self.seat_state(*e, seat, now))
            .find(|s| *s != "libero")
            .unwrap_or("libero")
    }

    /// The season price of a sector with a reduction.
    pub fn season_price(&self, season: &SeasonType, sector: &str, factor_percent: u32) -> u32 {
        let full = season.prices.get(sector).copied().unwrap_or_else(|| {
            // No season price: the matches' price, less 30 %.
            self.prices.get(sector).copied().unwrap_or(0) * season.event_ids.len() as u32 * 70 / 100
        });
        full * factor_percent / 100
    }

    /// How many more season tickets of a type `buyer` may buy.
    pub fn purchasable_season(&self, season: u32, buyer: &Person) -> Option<u32> {
        let s = self.season_type(season)?;
        Some(
            s.per_buyer_limit
                .saturating_sub(self.season_bought(season, buyer)),
        )
    }

    /// Live season tickets of a type a holder has.
    pub fn season_titles_by_holder(&self, season: u32, holder: &Person) -> Vec<&Title> {
        let key = holder.key();
        self.titles
            .values()
            .filter(|t| {
                t.season_type_id == Some(season)
                    && t.state != TitleState::Cancelled
                    && t.holder.key() == key
            })
            .collect()
    }

    /// Issues a season ticket (public sale, or a renewal in the season's pre-emption window),
    /// after the same checks as a ticket, over every match of the type.
    pub fn issue_season(
        &mut self,
        req: &SeasonIssueRequest,
        sale: Sale,
        now: DateTime<Utc>,
    ) -> Result<Title, Refusal> {
        if let Some(first) = self.strict_repeat(req.transaction_id.as_deref()) {
            return Ok(first);
        }
        let season = self.season_or_404(req.season_type_id)?;
        // 1. The campaign is open: before the first match; to the public once the
        //    pre-emption window has closed.
        let first_match = season
            .event_ids
            .iter()
            .filter_map(|e| self.events.get(e))
            .map(|e| e.starts_at)
            .min();
        if first_match.is_none_or(|start| start <= now) {
            return Err(Refusal::new(
                409,
                "EVENTO_NON_IN_VENDITA",
                "Campagna abbonamenti chiusa",
            ));
        }
        if sale == Sale::Public
            && let Some(w) = &season.preemption
            && now < w.closes_at
        {
            return Err(Refusal::new(
                409,
                "EVENTO_NON_IN_VENDITA",
                "Vendita libera non ancora aperta: prelazione in corso",
            ));
        }
        // A renewal without a seat takes the previous season's seat.
        let previous = match (sale, &req.preemption_seal) {
            (Sale::Preemption, Some(seal)) => self.title_by_seal(seal).cloned(),
            _ => None,
        };
        let seat_id = req
            .seat_id
            .or(previous.as_ref().and_then(|p| p.seat_id))
            .ok_or_else(|| Refusal::new(400, "RICHIESTA_NON_VALIDA", "Serve un posto"))?;
        // 2. The seat is free (or held by the caller) in every match.
        let seat = self.seat(seat_id).cloned().ok_or_else(|| {
            Refusal::not_found("POSTO_SCONOSCIUTO", format!("Posto {seat_id} sconosciuto"))
        })?;
        let block = self
            .block(seat.block_id)
            .cloned()
            .expect("seats belong to blocks");
        if !self.season_seat_free_for(&season, seat_id, req.hold_key.as_deref(), now) {
            return Err(Refusal::new(
                409,
                "POSTO_NON_DISPONIBILE",
                "Il posto non è disponibile per tutte le partite",
            ));
        }
        // 3. The reduction, on the date of the first match.
        let reduction = self
            .reductions
            .iter()
            .find(|r| r.id == req.reduction_id && r.visibility >= 1)
            .cloned()
            .ok_or_else(|| Refusal::new(422, "RIDUZIONE_NON_AMMESSA", "Riduzione non ammessa"))?;
        let opening = season
            .event_ids
            .iter()
            .filter_map(|e| self.events.get(e))
            .min_by_key(|e| e.starts_at)
            .cloned()
            .expect("a season with a first match");
        if !self.qualifies(reduction.id, &req.holder, &opening) {
            return Err(Refusal::new(
                422,
                "RIDUZIONE_NON_AMMESSA",
                "L'utilizzatore non ha diritto alla riduzione",
            ));
        }
        // 4. Holder not banned.
        let key = req.holder.key();
        if self.is_barred(&key, now) {
            return Err(Refusal::new(
                403,
                "PERSONA_BANNATA",
                "L'utilizzatore è soggetto a divieto di accesso",
            ));
        }
        // 5. No title for any of the matches.
        if season
            .event_ids
            .iter()
            .any(|e| !self.titles_by_holder(*e, &key).is_empty())
        {
            return Err(Refusal::new(
                409,
                "TITOLO_GIA_EMESSO_PER_UTILIZZATORE",
                "L'utilizzatore ha già un titolo per una partita dell'abbonamento",
            ));
        }
        // 6. Buyer within the season limit.
        if self.season_bought(season.id, &req.buyer) >= season.per_buyer_limit {
            return Err(Refusal::new(
                409,
                "LIMITE_ACQUIRENTE",
                "Limite di abbonamenti per acquirente raggiunto",
            ));
        }
        // 7. Supporter card: away sector, or any high-risk match.
        let high_risk = season
            .event_ids
            .iter()
            .filter_map(|e| self.events.get(e))
            .any(|e| e.high_risk);
        if (block.away || high_risk) && !self.has_valid_card(&key, now) {
            return Err(Refusal::new(
                403,
                "TESSERA_RICHIESTA",
                "Serve una tessera del tifoso valida",
            ));
        }
        // 8. A renewal: the window is open and the right is a previous season ticket of the
        //    holder's, used once.
        let right = match sale {
            Sale::Public => None,
            Sale::Preemption => {
                if !season.preemption.as_ref().is_some_and(|w| w.is_open(now)) {
                    return Err(not_entitled("la finestra di prelazione non è aperta"));
                }
                let previous_season = season
                    .previous_id
                    .ok_or_else(|| not_entitled("nessuna stagione precedente"))?;
                let right = self.preemption_right(
                    req.preemption_seal.as_deref(),
                    None,
                    &req.holder,
                    Some(previous_season),
                    now,
                )?;
                if self
                    .used_preemptions
                    .contains(&format!("{right}|season:{}", season.id))
                {
                    return Err(not_entitled("diritto già esercitato"));
                }
                Some(right)
            }
        };
        let mut mint = Mint::ticket(
            0,
            block.id,
            Some(seat_id),
            req.holder.clone(),
            req.buyer.clone(),
        );
        mint.season_type_id = Some(season.id);
        mint.reduction_id = reduction.id;
        mint.price_cents = self.season_price(&season, &block.sector, reduction.factor_percent);
        mint.transaction_id = req.transaction_id.clone();
        mint.preemption_right = right;
        Ok(self.mint(mint, now))
    }

    fn season_bought(&self, season: u32, buyer: &Person) -> u32 {
        let key = buyer.key();
        self.titles
            .values()
            .filter(|t| {
                t.season_type_id == Some(season)
                    && t.state != TitleState::Cancelled
                    && t.buyer.key() == key
            })
            .count() as u32
    }

    /// A season ticket as a collection: one ticket per match of the type (or of `events`),
    /// same seat and holder, all or none; each ticket passes every issuing check.
    pub fn issue_collection(
        &mut self,
        season_type_id: u32,
        events: Option<&[u32]>,
        template: &IssueRequest,
        now: DateTime<Utc>,
    ) -> Result<Vec<Title>, Refusal> {
        if let Some(tx) = template.transaction_id.as_deref()
            && self.idempotency == super::world::Idempotency::Strict
        {
            let issued: Vec<Title> = self
                .titles_by_transaction(tx)
                .into_iter()
                .cloned()
                .collect();
            if !issued.is_empty() {
                return Ok(issued);
            }
        }
        let season = self.season_or_404(season_type_id)?;
        let wanted: Vec<u32> = match events {
            Some(list) if list.iter().all(|e| season.event_ids.contains(e)) => list.to_vec(),
            Some(_) => {
                return Err(Refusal::new(
                    422,
                    "RICHIESTA_NON_VALIDA",
                    "Partite non comprese nell'abbonamento",
                ));
            }
            None => season.event_ids.clone(),
        };
        let mut mints = vec![];
        for event_id in wanted {
            let req = IssueRequest {
                event_id,
                ..template.clone()
            };
            mints.push(self.check_ticket(&req, Sale::Public, now)?);
        }
        Ok(mints.into_iter().map(|m| self.mint(m, now)).collect())
    }

    /// Passes a season ticket on for one match: a new title on the same seat for the new
    /// holder, who cannot pass it on; the season ticket is back with its holder afterwards.
    pub fn transfer_season(
        &mut self,
        title_id: u64,
        event_id: u32,
        new_holder: Person,
        transaction_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Title, Refusal> {
        let refuse = |why: &str| {
            Refusal::new(
                409,
                "TITOLO_NON_CEDIBILE",
                format!("Abbonamento non cedibile: {why}"),
            )
        };
        let season_title = self
            .titles
            .get(&title_id)
            .cloned()
            .ok_or_else(|| Refusal::not_found("TITOLO_SCONOSCIUTO", "Titolo sconosciuto"))?;
        let Some(season_id) = season_title.season_type_id else {
            return Err(refuse("non è un abbonamento"));
        };
        if season_title.state != TitleState::Issued {
            return Err(refuse("abbonamento annullato"));
        }
        let season = self.season_or_404(season_id)?;
        if !season.event_ids.contains(&event_id) {
            return Err(refuse("partita non compresa"));
        }
        let event = self
            .events
            .get(&event_id)
            .cloned()
            .expect("season events exist");
        if !event.transferable {
            return Err(refuse("evento senza cambio nominativo"));
        }
        if event.starts_at <= now {
            return Err(refuse("evento iniziato"));
        }
        let seat = season_title.seat_id.expect("season tickets are seated");
        if self.title_on_seat(event_id, seat) != Some(season_title.id) {
            return Err(refuse("già ceduto per questa partita"));
        }
        self.check_new_holder(
            &new_holder,
            &event,
            season_title.reduction_id,
            season_title.block_id,
            now,
        )?;
        let mut mint = Mint::ticket(
            event_id,
            season_title.block_id,
            Some(seat),
            new_holder,
            season_title.holder.clone(),
        );
        mint.reduction_id = season_title.reduction_id;
        mint.transaction_id = transaction_id;
        mint.parent_id = Some(season_title.id);
        mint.transferable = false;
        Ok(self.mint(mint, now))
    }

    /// Whether and why a title can change holder, and its history of changes.
    pub fn transfer_info(&self, title_id: u64, now: DateTime<Utc>) -> Option<TransferInfo> {
        let t = self.titles.get(&title_id)?;
        let refusal = self.transfer_refusal(title_id, now);
        let mut transfers_made = 0;
        let mut original = t;
        while let Some(prev) = original.replaces.and_then(|id| self.titles.get(&id)) {
            transfers_made += 1;
            original = prev;
        }
        let passes = self
            .titles
            .values()
            .filter(|p| p.parent_id == Some(t.id) && p.state != TitleState::Cancelled)
            .map(|p| (p.event_id, p.id))
            .collect();
        Some(TransferInfo {
            title_id,
            transferable: refusal.is_none(),
            code: refusal.as_ref().map(|r| r.code),
            reason: refusal.map(|r| r.message),
            transfers_made,
            original_id: original.id,
            passes,
        })
    }

    /// A season ticket of an earlier season, as if sold then (what `/_sim/ticketing/seed`
    /// adds: the rights of the next season's pre-emption).
    pub fn seed_season_title(
        &mut self,
        season_type_id: u32,
        seat_label: &str,
        holder: &Person,
        now: DateTime<Utc>,
    ) -> Result<Title, Refusal> {
        let season = self.season_or_404(season_type_id)?;
        let seat = self
            .seats
            .iter()
            .find(|s| s.label == seat_label)
            .cloned()
            .ok_or_else(|| {
                Refusal::not_found(
                    "POSTO_SCONOSCIUTO",
                    format!("Posto {seat_label} sconosciuto"),
                )
            })?;
        let block = self
            .block(seat.block_id)
            .cloned()
            .expect("seats belong to blocks");
        let mut mint = Mint::ticket(0, block.id, Some(seat.id), holder.clone(), holder.clone());
        mint.season_type_id = Some(season.id);
        mint.reduction_id = 1;
        mint.price_cents = self.season_price(&season, &block.sector, 100);
        Ok(self.mint(mint, now))
    }

    /// The title that holds a seat for an event now, if any.
    pub fn title_on_seat(&self, event: u32, seat: u32) -> Option<u64> {
        self.index_seat(event, seat)
    }
}
