//! The mail simulator: a real SMTP server (mailin-embedded) keeping every message.
//!
//! A message is stored only when the client finishes DATA and gets the final 250, as with a
//! real server: a client that dies half-way leaves nothing. Faults for tests: refuse the
//! next n messages (temporarily with 451, or for good with 550) and stall the next n
//! sessions before DATA.

use mail_parser::{MessageParser, MimeHeaders};
use mailin_embedded::{Handler, Response, Server, response};
use serde::{Deserialize, Serialize};
use std::{
    io,
    net::{IpAddr, SocketAddr, TcpListener},
    sync::{Arc, Mutex},
    time::Duration,
};

/// A received message, as the JSON endpoint returns it.
#[derive(Debug, Clone, Serialize)]
pub struct StoredMessage {
    pub id: u64,
    pub received_at: chrono::DateTime<chrono::Utc>,
    pub from: String,
    pub to: Vec<String>,
    pub subject: String,
    pub message_id: Option<String>,
    pub text: String,
    pub html: String,
    pub attachments: Vec<StoredAttachment>,
}

/// An attachment of a received message.
#[derive(Debug, Clone, Serialize)]
pub struct StoredAttachment {
    pub index: usize,
    pub filename: String,
    pub content_type: String,
    pub size: usize,
    #[serde(skip)]
    pub content: Vec<u8>,
}

/// Faults to inject, set through `/_sim/mail/faults`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct MailFaults {
    /// Refuse the next n messages at RCPT.
    #[serde(default)]
    pub reject_next: u32,
    /// Refuse with 550 (for good) instead of 451 (try later).
    #[serde(default)]
    pub reject_permanently: bool,
    /// Stall the next n messages before accepting DATA, for `delay_ms`.
    #[serde(default)]
    pub delay_next: u32,
    #[serde(default)]
    pub delay_ms: u64,
}

#[derive(Default)]
struct State {
    next_id: u64,
    messages: Vec<StoredMessage>,
    faults: MailFaults,
}

/// The simulator's mailbox, shared by the SMTP server and the HTTP pages.
#[derive(Clone, Default)]
pub struct Mailbox(Arc<Mutex<State>>);

impl Mailbox {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data; keep serving it.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Every message, oldest first.
    pub fn messages(&self) -> Vec<StoredMessage> {
        self.lock().messages.clone()
    }

    /// One message by id.
    pub fn message(&self, id: u64) -> Option<StoredMessage> {
        self.lock().messages.iter().find(|m| m.id == id).cloned()
    }

    /// Forgets every message and fault.
    pub fn clear(&self) {
        let mut s = self.lock();
        s.messages.clear();
        s.faults = MailFaults::default();
    }

    pub fn set_faults(&self, faults: MailFaults) {
        self.lock().faults = faults;
    }

    pub fn faults(&self) -> MailFaults {
        self.lock().faults.clone()
    }

    fn take_rejection(&self) -> Option<bool> {
        let mut s = self.lock();
        if s.faults.reject_next > 0 {
            s.faults.reject_next -= 1;
            Some(s.faults.reject_permanently)
        } else {
            None
        }
    }

    fn take_delay(&self) -> Option<Duration> {
        let mut s = self.lock();
        if s.faults.delay_next > 0 {
            s.faults.delay_next -= 1;
            Some(Duration::from_millis(s.faults.delay_ms))
        } else {
            None
        }
    }

    fn store(&self, from: String, to: Vec<String>, raw: &[u8]) {
        let parsed = MessageParser::default().parse(raw);
        let mut s = self.lock();
        s.next_id += 1;
        let id = s.next_id;
        let message = match parsed {
            Some(p) => StoredMessage {
                id,
                received_at: chrono::Utc::now(),
                from,
                to,
                subject: p.subject().unwrap_or_default().to_owned(),
                message_id: p.message_id().map(str::to_owned),
                text: p.body_text(0).map(|t| t.into_owned()).unwrap_or_default(),
                html: p.body_html(0).map(|t| t.into_owned()).unwrap_or_default(),
                attachments: p
                    .attachments()
                    .enumerate()
                    .map(|(index, a)| StoredAttachment {
                        index,
                        filename: a.attachment_name().unwrap_or("attachment").to_owned(),
                        content_type: a
                            .content_type()
                            .map(|ct| match ct.subtype() {
                                Some(sub) => format!("{}/{}", ct.ctype(), sub),
                                None => ct.ctype().to_owned(),
                            })
                            .unwrap_or_else(|| "application/octet-stream".into()),
                        size: a.contents().len(),
                        content: a.contents().to_vec(),
                    })
                    .collect(),
            },
            None => StoredMessage {
                id,
                received_at: chrono::Utc::now(),
                from,
                to,
                subject: String::new(),
                message_id: None,
                text: String::from_utf8_lossy(raw).into_owned(),
                html: String::new(),
                attachments: vec![],
            },
        };
        tracing::info!(id, to = ?message.to, subject = %message.subject, "mail received");
        s.messages.push(message);
    }
}

#[derive(Clone)]
struct SmtpSession {
    mailbox: Mailbox,
    from: String,
    to: Vec<String>,
    data: Vec<u8>,
}

impl Handler for SmtpSession {
    fn mail(&mut self, _ip: IpAddr, _domain: &str, from: &str) -> Response {
        self.from = from.to_owned();
        self.to.clear();
        self.data.clear();
        response::OK
    }

    fn rcpt(&mut self, to: &str) -> Response {
        match self.mailbox.take_rejection() {
            Some(true) => Response::custom(550, "5.7.1 Refused by the simulator".into()),
            Some(false) => Response::custom(451, "4.3.0 Try again later (simulator)".into()),
            None => {
                self.to.push(to.to_owned());
                response::OK
            }
        }
    }

    fn data_start(
        &mut self,
        _domain: &str,
        _from: &str,
        _is8bit: bool,
        _to: &[String],
    ) -> Response {
        if let Some(delay) = self.mailbox.take_delay() {
            std::thread::sleep(delay);
        }
        self.data.clear();
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> io::Result<()> {
        self.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        let data = std::mem::take(&mut self.data);
        self.mailbox.store(
            std::mem::take(&mut self.from),
            std::mem::take(&mut self.to),
            &data,
        );
        response::OK
    }
}

/// Binds the SMTP server on `addr` (port 0 picks one) and serves it on its own threads.
pub fn start_smtp(addr: SocketAddr, mailbox: Mailbox) -> anyhow::Result<SocketAddr> {
    let listener = TcpListener::bind(addr)?;
    let bound = listener.local_addr()?;
    let mut server = Server::new(SmtpSession {
        mailbox,
        from: String::new(),
        to: vec![],
        data: vec![],
    });
    server
        .with_name("sim.lario.test")
        .with_num_threads(16)
        .with_tcp_listener(listener);
    std::thread::Builder::new()
        .name("sim-smtp".into())
        .spawn(move || {
            if let Err(e) = server.serve() {
                tracing::error!(error = %e, "simulator SMTP server stopped");
            }
        })?;
    tracing::info!(%bound, "SMTP simulator listening");
    Ok(bound)
}
