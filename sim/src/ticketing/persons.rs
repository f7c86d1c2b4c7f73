//! Persons, supporter cards (tessera del tifoso), club bans and the blacklist.

use super::world::{Person, Refusal, World};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// A supporter card's life: registered, issued after the police check, then revoked or expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardState {
    Registered,
    Issued,
    Revoked,
    Expired,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Card {
    #[serde(rename = "numeroTessera")]
    pub number: String,
    #[serde(rename = "titolare")]
    pub holder: Person,
    #[serde(rename = "stato")]
    pub state: CardState,
    #[serde(rename = "scadenza")]
    pub expires_on: Option<NaiveDate>,
    /// The size of the photo printed on the card, once sent.
    #[serde(rename = "fotoBytes", default)]
    pub photo_bytes: Option<usize>,
}

/// A ban the club keeps (besides the police's).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClubBan {
    #[serde(rename = "banId")]
    pub id: u64,
    #[serde(rename = "persona")]
    pub person: Person,
    #[serde(rename = "dal")]
    pub from: DateTime<Utc>,
    #[serde(rename = "al")]
    pub until: Option<DateTime<Utc>>,
    #[serde(rename = "motivo")]
    pub reason: String,
}

/// A blacklist entry.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BlacklistEntry {
    #[serde(rename = "persona")]
    pub person: Person,
    #[serde(rename = "motivo")]
    pub reason: String,
}

/// How long an issued card stays valid.
const CARD_YEARS: i64 = 5;

impl World {
    /// The person's id in the system (the same for the same person), registering them.
    pub fn add_person(&mut self, person: &Person) -> u64 {
        let key = person.key();
        if let Some(id) = self.persons.get(&key) {
            return *id;
        }
        let id = self.persons.len() as u64 + 1;
        self.persons.insert(key, id);
        id
    }

    /// Whether a person may not be issued a title: police flag, active club ban, blacklist.
    pub fn is_barred(&self, key: &str, now: DateTime<Utc>) -> bool {
        self.police_flags.contains(key)
            || self.blacklist.iter().any(|b| b.person.key() == key)
            || self
                .club_bans
                .iter()
                .any(|b| b.person.key() == key && b.from <= now && b.until.is_none_or(|u| u > now))
    }

    /// Whether a person holds a valid (issued, unexpired) supporter card on `now`.
    pub fn has_valid_card(&self, key: &str, now: DateTime<Utc>) -> bool {
        self.cards.values().any(|c| {
            c.holder.key() == key
                && c.state == CardState::Issued
                && c.expires_on.is_none_or(|d| d >= now.date_naive())
        })
    }

    /// Registers a card for a person (step one; not valid until issued).
    pub fn register_card(&mut self, holder: &Person) -> Result<Card, Refusal> {
        if let Some(existing) = self.cards.values().find(|c| {
            c.holder.key() == holder.key()
                && matches!(c.state, CardState::Registered | CardState::Issued)
        }) {
            return Err(Refusal::conflict(
                "TESSERA_GIA_PRESENTE",
                format!("La persona ha già la tessera {}", existing.number),
            ));
        }
        let number = format!("TF{:010}", self.cards.len() + 1);
        let card = Card {
            number: number.clone(),
            holder: holder.clone(),
            state: CardState::Registered,
            expires_on: None,
            photo_bytes: None,
        };
        self.add_person(holder);
        self.cards.insert(number, card.clone());
        Ok(card)
    }

    /// Issues a registered card, after the police check.
    pub fn issue_card(&mut self, number: &str, now: DateTime<Utc>) -> Result<Card, Refusal> {
        let key = self.card(number)?.holder.key();
        if self.police_flags.contains(&key) {
            return Err(Refusal::forbidden(
                "PERSONA_BANNATA",
                "La questura non autorizza il rilascio della tessera",
            ));
        }
        let card = self.cards.get_mut(number).expect("found above");
        if card.state != CardState::Registered {
            return Err(Refusal::conflict(
                "TESSERA_NON_EMETTIBILE",
                "La tessera non è in stato registrato",
            ));
        }
        card.state = CardState::Issued;
        card.expires_on = Some((now + Duration::days(365 * CARD_YEARS)).date_naive());
        Ok(card.clone())
    }

    /// Records the card's photo (the image itself is checked by the caller).
    pub fn set_card_photo(&mut self, number: &str, bytes: usize) -> Result<Card, Refusal> {
        self.card(number)?;
        let card = self.cards.get_mut(number).expect("found above");
        card.photo_bytes = Some(bytes);
        Ok(card.clone())
    }

    /// Revokes a card.
    pub fn revoke_card(&mut self, number: &str) -> Result<Card, Refusal> {
        self.card(number)?;
        let card = self.cards.get_mut(number).expect("found above");
        card.state = CardState::Revoked;
        Ok(card.clone())
    }

    /// A card by number; an issued card past its date reads as expired.
    pub fn card(&self, number: &str) -> Result<Card, Refusal> {
        self.cards
            .get(number)
            .cloned()
            .ok_or_else(|| Refusal::not_found("TESSERA_SCONOSCIUTA", "Tessera sconosciuta"))
    }

    /// A person's cards, by number.
    pub fn cards_of(&self, person: &Person) -> Vec<Card> {
        let key = person.key();
        self.cards
            .values()
            .filter(|c| c.holder.key() == key)
            .cloned()
            .collect()
    }

    /// Marks issued cards past their date as expired.
    pub fn expire_cards(&mut self, now: DateTime<Utc>) {
        for c in self.cards.values_mut() {
            if c.state == CardState::Issued && c.expires_on.is_some_and(|d| d < now.date_naive()) {
                c.state = CardState::Expired;
            }
        }
    }

    pub fn add_ban(
        &mut self,
        person: Person,
        from: DateTime<Utc>,
        until: Option<DateTime<Utc>>,
        reason: String,
    ) -> ClubBan {
        let ban = ClubBan {
            id: self.club_bans.iter().map(|b| b.id).max().unwrap_or(0) + 1,
            person,
            from,
            until,
            reason,
        };
        self.club_bans.push(ban.clone());
        ban
    }

    pub fn update_ban(
        &mut self,
        id: u64,
        until: Option<DateTime<Utc>>,
    ) -> Result<ClubBan, Refusal> {
        let ban = self
            .club_bans
            .iter_mut()
            .find(|b| b.id == id)
            .ok_or_else(|| Refusal::not_found("BAN_SCONOSCIUTO", "Ban sconosciuto"))?;
        ban.until = until;
        Ok(ban.clone())
    }

    pub fn remove_ban(&mut self, id: u64) -> Result<(), Refusal> {
        let before = self.club_bans.len();
        self.club_bans.retain(|b| b.id != id);
        if self.club_bans.len() == before {
            return Err(Refusal::not_found("BAN_SCONOSCIUTO", "Ban sconosciuto"));
        }
        Ok(())
    }

    pub fn blacklist_insert(&mut self, person: Person, reason: String) {
        let key = person.key();
        if !self.blacklist.iter().any(|b| b.person.key() == key) {
            self.blacklist.push(BlacklistEntry { person, reason });
        }
    }

    pub fn blacklist_remove(&mut self, person: &Person) -> bool {
        let before = self.blacklist.len();
        let key = person.key();
        self.blacklist.retain(|b| b.person.key() != key);
        self.blacklist.len() != before
    }
}
