//! The simulator's HTTP server: the mailbox pages and the `/_sim` control API.

use crate::mail::{MailFaults, Mailbox, StoredMessage};
use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::{StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;

pub(crate) fn router(mailbox: Mailbox) -> Router {
    Router::new()
        .route("/", get(|| async { axum::response::Redirect::to("/mail") }))
        .route("/mail", get(mailbox_page))
        .route("/mail/{id}", get(message_page))
        .route("/mail/{id}/attachments/{index}", get(attachment))
        .route(
            "/_sim/health",
            get(|| async { Json(serde_json::json!({"status": "ok"})) }),
        )
        .route(
            "/_sim/mail/messages",
            get(list_messages).delete(clear_messages),
        )
        .route("/_sim/mail/messages/{id}", get(get_message))
        .route(
            "/_sim/mail/faults",
            get(get_faults).post(set_faults).delete(clear_faults),
        )
        .with_state(mailbox)
}

#[derive(Deserialize)]
struct MessageFilter {
    to: Option<String>,
}

/// Every message (oldest first), optionally only those to one address.
async fn list_messages(
    State(mb): State<Mailbox>,
    Query(f): Query<MessageFilter>,
) -> Json<Vec<StoredMessage>> {
    let mut messages = mb.messages();
    if let Some(to) = f.to.map(|t| t.to_lowercase()) {
        messages.retain(|m| m.to.iter().any(|r| r.to_lowercase() == to));
    }
    Json(messages)
}

async fn get_message(State(mb): State<Mailbox>, Path(id): Path<u64>) -> Response {
    match mb.message(id) {
        Some(m) => Json(m).into_response(),
        None => not_found(),
    }
}

async fn clear_messages(State(mb): State<Mailbox>) -> StatusCode {
    mb.clear();
    StatusCode::NO_CONTENT
}

async fn get_faults(State(mb): State<Mailbox>) -> Json<MailFaults> {
    Json(mb.faults())
}

async fn set_faults(State(mb): State<Mailbox>, Json(faults): Json<MailFaults>) -> Json<MailFaults> {
    mb.set_faults(faults);
    Json(mb.faults())
}

async fn clear_faults(State(mb): State<Mailbox>) -> StatusCode {
    mb.set_faults(MailFaults::default());
    StatusCode::NO_CONTENT
}

async fn attachment(State(mb): State<Mailbox>, Path((id, index)): Path<(u64, usize)>) -> Response {
    let Some(a) = mb
        .message(id)
        .and_then(|m| m.attachments.into_iter().nth(index))
    else {
        return not_found();
    };
    (
        [
            (header::CONTENT_TYPE, a.content_type),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{}\"", a.filename.replace('"', "")),
            ),
        ],
        a.content,
    )
        .into_response()
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(serde_json::json!({"code": "not_found", "message": "No such message"})),
    )
        .into_response()
}

pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;color:#14213d;background:#f2f5fa}\
header{background:#003b7a;color:#fff;padding:14px 24px}h1{margin:0;font-size:20px}\
main{padding:16px 24px;max-width:1100px}table{border-collapse:collapse;width:100%;background:#fff}\
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e3e8f0;font-size:14px}\
th{background:#e8eef7}a{color:#003b7a}.empty{padding:24px;background:#fff}\
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e3e8f0}\
iframe{width:100%;height:520px;border:1px solid #e3e8f0;background:#fff}dl{background:#fff;padding:12px}\
dt{font-weight:bold}dd{margin:0 0 8px 0}";

pub(crate) fn page(title: &str, body: &str) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{t}</title><style>{STYLE}</style></head><body>\
         <header><h1>{t}</h1></header><main>{body}</main></body></html>",
        t = escape(title)
    ))
}

/// The mailbox: every message received, newest first.
async fn mailbox_page(State(mb): State<Mailbox>) -> Html<String> {
    let messages = mb.messages();
    let body = if messages.is_empty() {
        "<p class=\"empty\">No messages yet.</p>".to_owned()
    } else {
        let rows: String = messages
            .iter()
            .rev()
            .map(|m| {
                format!(
                    "<tr><td>{id}</td><td>{at}</td><td>{to}</td><td><a href=\"/mail/{id}\">{subject}</a></td><td>{n}</td></tr>",
                    id = m.id,
                    at = m.received_at.format("%Y-%m-%d %H:%M:%S UTC"),
                    to = escape(&m.to.join(", ")),
                    subject = escape(if m.subject.is_empty() { "(no subject)" } else { &m.subject }),
                    n = m.attachments.len(),
                )
            })
            .collect();
        format!(
            "<p>{} messages. JSON: <a href=\"/_sim/mail/messages\">/_sim/mail/messages</a></p>\
             <table><thead><tr><th>#</th><th>Received</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead>\
             <tbody>{rows}</tbody></table>",
            messages.len()
        )
    };
    page("Mailbox (simulator)", &body)
}

/// One message: headers, plain text, the HTML rendered in a sandbox, attachments.
async fn message_page(State(mb): State<Mailbox>, Path(id): Path<u64>) -> Response {
    let Some(m) = mb.message(id) else {
        return (
            StatusCode::NOT_FOUND,
            page("Mailbox (simulator)", "<p>No such message.</p>"),
        )
            .into_response();
    };
    let attachments: String = m
        .attachments
        .iter()
        .map(|a| {
            format!(
                "<li><a href=\"/mail/{}/attachments/{}\">{}</a> ({}, {} bytes)</li>",
                m.id,
                a.index,
                escape(&a.filename),
                escape(&a.content_type),
                a.size
            )
        })
        .collect();
    let body = format!(
        "<p><a href=\"/mail\">&larr; Mailbox</a></p><dl>\
         <dt>From</dt><dd>{from}</dd><dt>To</dt><dd>{to}</dd><dt>Subject</dt><dd>{subject}</dd>\
         <dt>Message-ID</dt><dd>{mid}</dd><dt>Received</dt><dd>{at}</dd></dl>\
         <h2>HTML</h2><iframe sandbox srcdoc=\"{html}\" title=\"HTML body\"></iframe>\
         <h2>Text</h2><pre>{text}</pre><h2>Attachments</h2><ul>{attachments}</ul>",
        from = escape(&m.from),
        to = escape(&m.to.join(", ")),
        subject = escape(&m.subject),
        mid = escape(m.message_id.as_deref().unwrap_or("")),
        at = m.received_at.to_rfc3339(),
        html = escape(&m.html),
        text = escape(&m.text),
    );
    page(&format!("Mailbox: {}", m.subject), &body).into_response()
}
