//! What the ticketing tests share: the simulator on random ports, our client pointed at it,
//! and the control API.

use chrono::NaiveDate;
use integrations::ticketing::{IssueTicket, Person, TicketingClient, TicketingError};
use secrecy::SecretString;
use serde_json::Value;
use sim::{Sim, SimOptions};
use std::time::Duration;

pub const EVENT: u32 = 1001; // Como - Lazio, not high-risk
pub const HIGH_RISK: u32 = 1003; // Como - Hellas Verona
pub const TC1_FIRST_SEAT: u32 = 1;

pub struct Env {
    pub sim: Sim,
    pub client: TicketingClient,
    pub control: reqwest::Client,
}

impl Env {
    pub async fn start() -> Env {
        let sim = Sim::start(SimOptions::random_ports()).await.unwrap();
        let client = TicketingClient::new(
            &sim.http_url(),
            sim::ticketing::USER,
            SecretString::from(sim::ticketing::PASSWORD),
            Duration::from_millis(1500),
        )
        .unwrap();
        Env {
            sim,
            client,
            control: reqwest::Client::new(),
        }
    }

    pub async fn control(&self, path: &str, body: Value) {
        let r = self
            .control
            .post(format!("{}/_sim/ticketing/{path}", self.sim.http_url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{path}: {}", r.status());
    }

    /// A control call whose answer matters (seed, cancel, enter); panics on a failure.
    pub async fn control_json(&self, path: &str, body: Value) -> Value {
        let r = self
            .control
            .post(format!("{}/_sim/ticketing/{path}", self.sim.http_url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.json().await.unwrap()
    }

    /// A control call that may be refused: (status, body).
    pub async fn control_raw(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .control
            .post(format!("{}/_sim/ticketing/{path}", self.sim.http_url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str) -> Value {
        self.control
            .get(format!("{}/_sim/ticketing/{path}", self.sim.http_url()))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }
}

pub fn person(first: &str, last: &str, born: (i32, u32, u32)) -> Person {
    Person {
        first_name: first.into(),
        last_name: last.into(),
        birth_date: NaiveDate::from_ymd_opt(born.0, born.1, born.2).unwrap(),
        sex: "M".into(),
        fiscal_code: String::new(),
    }
}

pub fn mario() -> Person {
    person("Mario", "Rossi", (1980, 5, 17))
}

pub fn ticket(event: u32, seat: u32, holder: Person, tx: &str) -> IssueTicket {
    IssueTicket {
        event_id: event,
        seat_id: Some(seat),
        block_id: None,
        reduction_id: 1,
        holder,
        buyer: mario(),
        transaction_id: tx.into(),
        hold_key: None,
        ..Default::default()
    }
}

pub fn refused(e: TicketingError) -> String {
    assert!(!e.is_retryable(), "a refusal is final: {e}");
    e.code().unwrap().to_owned()
}
