//! What staff do to jobs from the admin app's Jobs area: retry a dead or retrying job, or
//! discard one, undoing first what its giving up recorded, so the job finds its work to do.

use crate::{
    issuing::{
        fan_order::IssueOrder,
        mass_line::{self, IssueMassOrder},
    },
    runtime::Job,
    season_orders::IssueSeasonOrder,
};
use domain::ids::{OrderId, SeasonOrderId};
use domain::{jobs, mass, mass::SoldAs, orders, season_orders};
use sqlx::PgConnection;
use uuid::Uuid;

/// Runs a dead or retrying job again now (on `conn`, a transaction), its attempts reset.
/// An order's issuing that gave up marked the order failed (and a mass line unfinalised):
/// that is undone first, as the failed issues' retry does. False when the job is not dead or
/// retrying.
pub async fn retry_job(conn: &mut PgConnection, id: &str) -> Result<bool, sqlx::Error> {
    let Some((queue, payload)) = jobs::requeue(conn, id).await? else {
        return Ok(false);
    };
    if queue == IssueOrder::QUEUE || queue == IssueMassOrder::QUEUE {
        let order = payload
            .get("order_id")
            .and_then(|v| v.as_str())
            .and_then(|s| Uuid::parse_str(s).ok())
            .map(OrderId);
        if let Some(order_id) = order {
            orders::retry_failed(conn, order_id).await?;
            mass::reissue_line(conn, SoldAs::Order(order_id)).await?;
        }
    }
    if queue == IssueSeasonOrder::QUEUE
        && let Some(order_id) = season_order(&payload)
    {
        season_orders::retry_failed(conn, order_id).await?;
        mass::reissue_line(conn, SoldAs::Season(order_id)).await?;
    }
    Ok(true)
}

/// A waiting or retrying job will not run again. An order's issuing discarded leaves the
/// order failed (listed for staff to retry or refund; a mass line unfinalised), never stuck
/// "issuing". False when the job runs, ran or is dead.
pub async fn discard_job(conn: &mut PgConnection, id: &str) -> Result<bool, sqlx::Error> {
    let Some((queue, payload)) = jobs::list(conn, &Default::default(), Some(id))
        .await?
        .0
        .into_iter()
        .next()
        .map(|j| (j.queue, j.payload))
    else {
        return Ok(false);
    };
    if !jobs::discard(conn, id).await? {
        return Ok(false);
    }
    if queue == IssueOrder::QUEUE || queue == IssueMassOrder::QUEUE {
        let order = payload
            .get("order_id")
            .and_then(|v| v.as_str())
            .and_then(|s| Uuid::parse_str(s).ok())
            .map(OrderId);
        if let Some(order_id) = order {
            // Failed (a mass line unfinalised and its task settled) without the e-mails of a
            // give-up: staff discarded it themselves.
            const WHY: &str = "discarded by staff";
            if queue == IssueMassOrder::QUEUE {
                mass_line::fail_line(conn, SoldAs::Order(order_id), 0, WHY).await?;
            } else {
                orders::mark_failed(conn, order_id, WHY, 0).await?;
            }
        }
    }
    if queue == IssueSeasonOrder::QUEUE
        && let Some(order_id) = season_order(&payload)
    {
        // Failed (a mass task's line unfinalised) without the e-mails of a give-up.
        mass_line::fail_line(conn, SoldAs::Season(order_id), 0, "discarded by staff").await?;
    }
    Ok(true)
}

fn season_order(payload: &serde_json::Value) -> Option<SeasonOrderId> {
    payload
        .get("order_id")
        .and_then(|v| v.as_str())
        .and_then(|s| Uuid::parse_str(s).ok())
        .map(SeasonOrderId)
}
