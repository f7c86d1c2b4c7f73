//! The printed titles' cost (issue 17: a collection's purchase e-mail carries 19 tickets):
//! `--n` match tickets and `--n` season titles rendered one after another on one core.
//!
//! `cargo build --release -p bench && $HOME/.cache/lario/target/release/documents [--n 500]`
//!
//! Prints one JSON line: milliseconds per document (mean and p95) and bytes, for each kind.

use bench::arg;
use chrono::{TimeZone, Utc};
use integrations::documents::{Lang, SeasonTicket, Ticket, season_pdf, ticket_pdf};
use serde_json::json;
use std::time::Instant;

fn ticket(i: usize) -> Ticket {
    Ticket {
        match_title: "Como - Hellas Verona".into(),
        competition: "Serie A Enilive 2025-2026".into(),
        starts_at: Utc.with_ymd_and_hms(2026, 12, 6, 19, 45, 0).unwrap(),
        sector: "Tribuna Centrale".into(),
        block: "TC3".into(),
        row: "9".into(),
        seat: (i % 30 + 1).to_string(),
        gate: "Varco 1".into(),
        holder: format!("Łukasz Dvořák {}", (b'A' + (i % 26) as u8) as char),
        reduction: "Intero".into(),
        price_cents: 4500,
        seal: format!("A1B2C3D4E5F6{:04}", i % 10_000),
        barcode: format!("8012345{:09}", i),
        order_ref: "0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a96".into(),
    }
}

/// Mean and 95th percentile in milliseconds, and the mean size, of `n` renders.
fn measure(n: usize, render: impl Fn(usize) -> Vec<u8>) -> serde_json::Value {
    let mut ms = Vec::with_capacity(n);
    let mut bytes = 0usize;
    for i in 0..n {
        let started = Instant::now();
        bytes += render(i).len();
        ms.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / n as f64;
    let p95 = ms[(n * 95 / 100).min(n - 1)];
    json!({"ms_mean": (mean * 100.0).round() / 100.0, "ms_p95": (p95 * 100.0).round() / 100.0,
           "bytes_mean": bytes / n})
}

fn main() {
    let n: usize = arg("--n", 500).max(1);
    // `--dump <file>`: one ticket written out, to look inside.
    let dump: String = arg("--dump", String::new());
    if !dump.is_empty() {
        std::fs::write(&dump, ticket_pdf(&ticket(0), Lang::It)).expect("the dump is written");
    }
    let matches: Vec<(String, chrono::DateTime<Utc>)> = (0..19)
        .map(|m| {
            (
                format!("Como - Squadra {m}"),
                Utc.with_ymd_and_hms(2026, 8, 23, 18, 45, 0).unwrap() + chrono::Duration::weeks(m),
            )
        })
        .collect();
    let match_ticket = measure(n, |i| ticket_pdf(&ticket(i), Lang::It));
    let season = measure(n, |i| {
        let t = ticket(i);
        season_pdf(
            &SeasonTicket {
                season_name: "Abbonamento Serie A 2025-2026".into(),
                label: "2025-2026".into(),
                sector: t.sector,
                block: t.block,
                row: t.row,
                seat: t.seat,
                gate: t.gate,
                holder: t.holder,
                reduction: t.reduction,
                price_cents: 86400,
                seal: t.seal,
                barcode: t.barcode,
                order_ref: t.order_ref,
                matches: matches.clone(),
            },
            Lang::It,
        )
    });
    println!(
        "{}",
        json!({"bench": "documents", "n": n, "match_ticket": match_ticket, "season_title": season})
    );
}
