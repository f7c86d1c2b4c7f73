//! A fan's order (online, or sold at the box office): issued on the fans' queue; once issued,
//! its tickets are e-mailed by [`SendTickets`] and the fan notified; when issuing gives up it
//! is listed in the failed issues for staff, or refunded at once when the ticketing system
//! refused for good.

use super::IssueHook;
use crate::{
    eligibility,
    mail::{mail_to, order_language},
    refunds::RefundOrder,
    runtime::{JobContext, enqueue},
    tickets::SendTickets,
};
use domain::ids::OrderId;
use domain::{
    language::Language,
    notifications::MailTemplate,
    orders::{self, Order},
};
use serde_json::json;
use sqlx::PgConnection;

/// Issues a fan's order on the fans' queue: once issued, its PDF tickets are e-mailed
/// ([`SendTickets`]) and the fan told; out of attempts, or refused for good, the order is listed
/// in the failed issues (buyer and staff e-mailed, the fan notified) for staff to retry or
/// refund, or refunded at once when the refusal cannot change.
pub type IssueOrder = super::Issue<FanOrder>;

/// The hook of a fan's order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FanOrder;

impl IssueHook for FanOrder {
    const QUEUE: &'static str = "checkout::issue_order";
    const TELLS_DELAYS: bool = true;

    async fn issued(
        &self,
        _ctx: &JobContext,
        tx: &mut PgConnection,
        order: &Order,
    ) -> Result<(), sqlx::Error> {
        // A season holder's right used for this match joins their Promozioni1.
        if order.preemption_right.is_some() {
            domain::preemption::rights::mark_used(tx, order.id).await?;
        }
        // The PDFs and the e-mail are made by a job of their own, off the issuing's path.
        enqueue(tx, &SendTickets { order_id: order.id }).await?;
        orders::notify_fan(
            tx,
            order.user_id,
            "tickets_issued",
            json!({"fixture": order.fixture.title, "count": order.lines.len()}),
            order.id,
        )
        .await
    }

    /// The order is listed in the failed issues; the buyer and staff are e-mailed and the fan
    /// notified.
    async fn gave_up(
        &self,
        ctx: &JobContext,
        tx: &mut PgConnection,
        order_id: OrderId,
        attempt: u32,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        if !orders::mark_failed(tx, order_id, error, attempt as i32).await? {
            return Ok(());
        }
        let Some(order) = orders::load(tx, order_id).await? else {
            return Ok(());
        };
        let base = ctx.public_base_url.trim_end_matches('/');
        let refused = eligibility::refusal_code(error);
        let mut context = json!({
            "fixture": order.fixture.title, "order_id": order.id, "buyer_email": order.buyer_email,
            "attempts": attempt, "error": error, "for_staff": false, "refunded": false,
            "admin_url": format!("{base}/admin/tickets/issuefailed"),
        });
        if let Some(code) = refused {
            // The ticketing system refused for good (the rules changed after the fan paid):
            // nothing will change that, so the money goes back at once, without waiting for
            // staff. The order passed through failed so that staff see it among the failed
            // issues, refunded; the fan hears of it once, from the refund.
            if !orders::start_refund(tx, order_id, &format!("refused:{code}")).await? {
                return Ok(());
            }
            enqueue(tx, &RefundOrder { order_id }).await?;
            domain::audit::record(
                tx,
                None,
                "order.refunded_after_refusal",
                "order",
                &order_id.to_string(),
                json!({"code": code, "error": error}),
            )
            .await?;
            context["refunded"] = json!(true);
            context["admin_url"] = json!(format!("{base}/admin/orders/{}/show", order.id));
        } else {
            mail_to(
                tx,
                &order.buyer_email,
                order_language(&order),
                MailTemplate::IssueFailure,
                &context,
                vec![],
            )
            .await?;
            orders::notify_fan(
                tx,
                order.user_id,
                "issue_failed",
                json!({"fixture": order.fixture.title}),
                order.id,
            )
            .await?;
        }
        context["for_staff"] = json!(true);
        mail_to(
            tx,
            &ctx.staff_email,
            Language::It,
            MailTemplate::IssueFailure,
            &context,
            vec![],
        )
        .await?;
        Ok(())
    }
}
