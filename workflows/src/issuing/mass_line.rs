//! A mass task's line: issued on the mass queue with its own concurrency; once issued, the
//! holder is e-mailed the PDF ticket and the line finalised; when issuing gives up, the line
//! is unfinalised with the reason and the staff member who ran the task gets the report.

use super::IssueHook;
use crate::{
    mail::{mail_to, order_language},
    runtime::{JobContext, off_runtime},
    tickets::ticket_document,
};
use domain::ids::OrderId;
use domain::{
    language::Language,
    mass::{self, Report, SoldAs},
    notifications::{Attachment, MailTemplate},
    orders::{self, Order},
    season_orders,
};
use integrations::documents;
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

/// Issues an order a mass task sold: the steps of a fan's order, on a queue of its own with
/// its own concurrency (`JOBS_MASS_CONCURRENCY`), so a large task never delays fans' tickets.
/// Out of attempts, or refused, the line is unfinalised.
pub type IssueMassOrder = super::Issue<MassLine>;

/// The hook of a mass task's line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MassLine;

impl IssueHook for MassLine {
    const QUEUE: &'static str = "mass::issue_order";
    const TELLS_DELAYS: bool = false;

    async fn issued(
        &self,
        ctx: &JobContext,
        tx: &mut PgConnection,
        order: &Order,
    ) -> Result<(), sqlx::Error> {
        match order.mass_task_id {
            Some(task) => finish_line(ctx, tx, order, task).await,
            None => Ok(()),
        }
    }

    async fn gave_up(
        &self,
        ctx: &JobContext,
        tx: &mut PgConnection,
        order_id: OrderId,
        attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        if let Some(report) = fail_line(tx, SoldAs::Order(order_id), attempt, error).await? {
            report_mail(tx, &ctx.public_base_url, &report).await?;
        }
        Ok(())
    }
}

/// A mass task's order is issued (in the transaction that marked it so): the holder's
/// e-mail gets the PDF ticket (spec: send-finalized-fixture-ticket-email), the account a
/// notification, the line is finalised and the task settled.
async fn finish_line(
    ctx: &JobContext,
    tx: &mut PgConnection,
    order: &Order,
    task_id: Uuid,
) -> Result<(), sqlx::Error> {
    let language = order_language(order);
    let doc_lang = documents::Lang::parse(language.code());
    let when = order
        .fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .format("%d/%m/%Y %H:%M")
        .to_string();
    let base = ctx.public_base_url.trim_end_matches('/');
    for line in &order.lines {
        let (Some(title), Some(holder)) = (&line.title, &line.holder) else {
            continue;
        };
        let ticket = ticket_document(order, line, title, holder);
        let context = json!({
            "fixture": order.fixture.title, "starts_at": when,
            "wallet_url": format!("{base}/wallet/"),
            "ticket": {
                "sector": line.sector_name, "row": line.row, "seat": line.number,
                "gate": line.gate, "holder": holder.full_name(),
                "price": documents::euros(i64::from(line.price_cents)), "seal": title.seal,
                "pass": crate::mail::pass_links(ctx, &domain::pass_links::PassTitle::Ticket(line.id), &title.seal),
            },
        });
        mail_to(
            tx,
            &order.buyer_email,
            language,
            MailTemplate::MassTicketFinalized,
            &context,
            vec![Attachment {
                filename: format!("biglietto-{}.pdf", title.seal),
                content_type: "application/pdf".into(),
                content: off_runtime(move || documents::ticket_pdf(&ticket, doc_lang)).await,
            }],
        )
        .await?;
    }
    orders::notify_fan(
        tx,
        order.user_id,
        "tickets_issued",
        json!({"fixture": order.fixture.title, "count": order.lines.len()}),
        order.id,
    )
    .await?;
    line_finalized(tx, &ctx.public_base_url, SoldAs::Order(order.id), task_id).await
}

/// A mass task's order (or season order) is issued, in the transaction that marked it so: its
/// line is finalised and the task settled (the staff report when that ends a round).
pub(crate) async fn line_finalized(
    tx: &mut PgConnection,
    base: &str,
    order: SoldAs,
    task_id: Uuid,
) -> Result<(), sqlx::Error> {
    mass::lock_task(tx, task_id).await?;
    if mass::mark_finalized(tx, order).await?
        && let Some(report) = mass::settle(tx, task_id).await?
    {
        report_mail(tx, base, &report).await?;
    }
    Ok(())
}

/// A mass task's order (or season order) that will not be issued (issuing gave up, or staff
/// discarded its job): the order is failed (not listed with fans' failed issues) and its line
/// unfinalised with the reason; the task settled. Returns the task's report when this settled
/// it. An order no task sold is only failed.
pub async fn fail_line(
    tx: &mut PgConnection,
    order: SoldAs,
    attempt: u32,
    error: &str,
) -> Result<Option<Report>, sqlx::Error> {
    let line = mass::line_of_order(tx, order).await?;
    if let Some((_, task_id)) = line {
        mass::lock_task(tx, task_id).await?;
    }
    match order {
        SoldAs::Order(id) => orders::mark_failed(tx, id, error, attempt as i32).await?,
        SoldAs::Season(id) => season_orders::mark_failed(tx, id, error, attempt as i32).await?,
    };
    let Some((line_id, task_id)) = line else {
        return Ok(None);
    };
    if mass::mark_unfinalized(tx, line_id, mass::LineState::Issuing, error).await? {
        return mass::settle(tx, task_id).await;
    }
    Ok(None)
}

/// The unfinalised report, to the staff member who ran the task
/// (spec: send-unfinalized-fixture-ticket-purchase-email; a season task's:
/// send-unfinalized-season-ticket-purchase-email).
pub(crate) async fn report_mail(
    conn: &mut PgConnection,
    base: &str,
    report: &Report,
) -> Result<(), sqlx::Error> {
    let context = json!({
        "fixture": report.fixture, "file_name": report.file_name,
        "finalized": report.finalized, "unfinalized": report.unfinalized, "season": report.season,
        "more": report.unfinalized - report.lines.len() as i64,
        "task_url": format!("{}/admin/mass-issues/{}/show", base.trim_end_matches('/'), report.task_id),
        "lines": report.lines,
    });
    mail_to(
        conn,
        &report.staff_email,
        Language::from_code_or_default(&report.language),
        MailTemplate::MassUnfinalizedReport,
        &context,
        vec![],
    )
    .await
}
