//! Mass issuing (DESIGN.md, workflow 3): staff check a sheet of lines, then a task sells each
//! valid line as a one-seat staff order ([`StartMassIssue`]) and each order is issued on the
//! mass queue ([`IssueMassOrder`]) by the same steps as a fan's order, so a seat or a holder
//! is never issued twice, whatever crashes or faults happen. A season task sells each line as
//! a one-seat complimentary season order, issued by the season's issuing job (a season title,
//! or a collection of match titles). Each line ends finalised (its
//! holder e-mailed the PDF ticket) or unfinalised with its reason; when a round settles with
//! unfinalised lines, the staff member who ran it gets a report. Staff retry a task in one
//! click: a new round for its unfinalised lines only.

use crate::{
    box_office::{
        StaffSale, StaffSaleRefusal, StaffSeasonLine, StaffSeasonSale, sell_at_box_office,
        sell_season_at_box_office,
    },
    eligibility::{self, Ineligible},
    issuing::mass_line::report_mail,
    runtime::{Job, JobContext, JobError, enqueue},
};
use domain::ids::{FixtureId, SeasonTicketId, SeatId};
use domain::{
    accounts,
    email::Email,
    fixtures,
    inventory::HoldRefusal,
    language::Language,
    mass::{self, CheckedLine, NewLine, SheetLine, SoldAs, Target},
    orders::{self, NamingRefusal},
    season_orders, seasons,
};
use futures::{StreamExt, stream};
use integrations::ticketing::{Person, TicketingClient};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// Holders checked with the ticketing system at once during a check.
pub const HOLDER_CHECKS_AT_ONCE: usize = 8;

/// Why lines cannot be checked or a task created for a fixture or a season ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetRefusal {
    FixtureNotFound,
    FixtureNotOnSale,
    SeasonNotFound,
    SeasonNotOnSale,
}

/// A checked sheet: every line with its errors.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Checked {
    #[schema(value_type = Option<i64>)]
    pub fixture_id: Option<FixtureId>,
    #[schema(value_type = Option<i64>)]
    pub season_ticket_id: Option<SeasonTicketId>,
    /// Season seats issued as collections of match titles.
    pub collection: bool,
    /// The fixture's or the season ticket's name.
    pub title: String,
    pub total: usize,
    pub valid: usize,
    pub invalid: usize,
    pub lines: Vec<CheckedLine>,
}

impl Checked {
    fn new(target: Target, title: String, lines: Vec<CheckedLine>) -> Self {
        let (fixture_id, season_ticket_id, collection) = match target {
            Target::Fixture(f) => (Some(f), None, false),
            Target::Season { id, collection } => (None, Some(id), collection),
        };
        let valid = lines.iter().filter(|c| c.valid).count();
        Checked {
            fixture_id,
            season_ticket_id,
            collection,
            title,
            total: lines.len(),
            valid,
            invalid: lines.len() - valid,
            lines,
        }
    }

    /// The task's target, as checked.
    pub fn target(&self) -> Target {
        match (self.fixture_id, self.season_ticket_id) {
            (Some(f), _) => Target::Fixture(f),
            (None, s) => Target::Season {
                id: s.unwrap_or(SeasonTicketId(0)),
                collection: self.collection,
            },
        }
    }
}

/// Checks every line (see [`mass::check_lines`]) and asks the ticketing system whether each
/// holder may receive a title (a stadium ban refuses the line; no answer only warns, the
/// issue will check again). Changes nothing.
pub async fn check(
    pool: &PgPool,
    ticketing: &TicketingClient,
    target: Target,
    lines: &[(i32, SheetLine)],
) -> Result<Result<Checked, TargetRefusal>, sqlx::Error> {
    match target {
        Target::Fixture(fixture_id) => check_fixture(pool, ticketing, fixture_id, lines).await,
        Target::Season { id, collection } => {
            check_season(pool, ticketing, id, collection, lines).await
        }
    }
}

async fn check_fixture(
    pool: &PgPool,
    ticketing: &TicketingClient,
    fixture_id: FixtureId,
    lines: &[(i32, SheetLine)],
) -> Result<Result<Checked, TargetRefusal>, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let Some(fixture) = fixtures::find(&mut conn, fixture_id).await? else {
        return Ok(Err(TargetRefusal::FixtureNotFound));
    };
    let on_sale = fixtures::sale_terms(&mut conn, fixture_id)
        .await?
        .is_some_and(|t| t.for_staff().on_sale(chrono::Utc::now()));
    if !on_sale {
        return Ok(Err(TargetRefusal::FixtureNotOnSale));
    }
    let match_day = fixture
        .starts_at
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let target = Target::Fixture(fixture_id);
    let mut checked = mass::check_lines(&mut conn, target, match_day, lines).await?;
    let seat_ids: Vec<i64> = checked
        .iter()
        .filter_map(|c| c.seat_id.map(|s| s.0))
        .collect();
    let blocks: std::collections::HashMap<i64, i32> = sqlx::query!(
        "select id, block_id from venue_seat where id = any($1)",
        &seat_ids
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.block_id))
    .collect();
    drop(conn);
    // The ticketing system is asked what it would refuse at issue, line by line, so that the
    // preview's valid lines are the ones the issue will take. No answer only warns: the issue
    // checks again.
    let rules = eligibility::EventRules::fetch(ticketing, fixture.planet_event_id as u32)
        .await
        .ok();
    let people: Vec<(usize, Person, u32, u32)> = checked
        .iter()
        .enumerate()
        .filter(|(_, c)| c.valid)
        .filter_map(|(i, c)| {
            let block = c.seat_id.and_then(|s| blocks.get(&s.0))?;
            let reduction = c.reduction_id?;
            c.holder
                .as_ref()
                .map(|h| (i, eligibility::person(h), *block as u32, reduction.0 as u32))
        })
        .collect();
    let rules = &rules;
    let verdicts: Vec<(usize, Verdict)> = stream::iter(people)
        .map(|(i, p, block, reduction)| async move {
            let Some(rules) = rules else {
                return (i, None);
            };
            let verdict = eligibility::check_title(ticketing, rules, block, reduction, &p)
                .await
                .ok()
                .map(|why| {
                    why.map(|why| match why {
                        Ineligible::Banned => ("holder", "holder_banned"),
                        Ineligible::HasTitle => ("holder", "holder_has_title"),
                        Ineligible::CardRequired => ("holder", "card_required"),
                        Ineligible::ReductionNotAllowed => ("reduction", "reduction_not_issued"),
                        Ineligible::NotOnSale => ("label", "fixture_not_on_sale"),
                        Ineligible::BuyerLimit => ("holder", "buyer_limit"),
                        // A mass issue uses no pre-emption right: never told.
                        Ineligible::RightNotHolders => ("holder", "right_not_holders"),
                    })
                });
            (i, verdict)
        })
        .buffer_unordered(HOLDER_CHECKS_AT_ONCE)
        .collect()
        .await;
    apply_verdicts(&mut checked, verdicts);
    Ok(Ok(Checked::new(target, fixture.title, checked)))
}

/// A season task's check: the lines against the season ticket's seats, prices and holders
/// (see [`mass::check_lines`]), then each valid holder asked of the ticketing system as the
/// season box office does ([`eligibility::check_season_seats`]); no answer only warns.
async fn check_season(
    pool: &PgPool,
    ticketing: &TicketingClient,
    id: SeasonTicketId,
    collection: bool,
    lines: &[(i32, SheetLine)],
) -> Result<Result<Checked, TargetRefusal>, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let (Some(terms), Some(season)) = (
        seasons::terms(&mut conn, id).await?,
        season_orders::season_ref(&mut conn, id).await?,
    ) else {
        return Ok(Err(TargetRefusal::SeasonNotFound));
    };
    if !terms.on_sale(chrono::Utc::now()) {
        return Ok(Err(TargetRefusal::SeasonNotOnSale));
    }
    let first_day = season
        .first_match_at
        .unwrap_or_else(chrono::Utc::now)
        .with_timezone(&chrono_tz::Europe::Rome)
        .date_naive();
    let target = Target::Season { id, collection };
    let mut checked = mass::check_lines(&mut conn, target, first_day, lines).await?;
    drop(conn);
    let season = &season;
    let holders: Vec<(usize, orders::HolderDetails)> = checked
        .iter()
        .enumerate()
        .filter(|(_, c)| c.valid)
        .filter_map(|(i, c)| c.holder.clone().map(|h| (i, h)))
        .collect();
    let verdicts: Vec<(usize, Verdict)> = stream::iter(holders)
        .map(|(i, holder)| async move {
            let seat = [eligibility::SeasonSeat {
                holder: &holder,
                collection,
            }];
            let verdict = eligibility::check_season_seats(ticketing, season, &seat, false)
                .await
                .ok()
                .map(|v| {
                    v.first().copied().flatten().map(|why| match why {
                        "banned" => ("holder", "holder_banned"),
                        "has_season_ticket" => ("holder", "holder_has_season_ticket"),
                        "card_required" => ("holder", "card_required"),
                        "match_not_on_sale" => ("label", "match_not_on_sale"),
                        _ => ("label", "season_not_on_sale"),
                    })
                });
            (i, verdict)
        })
        .buffer_unordered(HOLDER_CHECKS_AT_ONCE)
        .collect()
        .await;
    apply_verdicts(&mut checked, verdicts);
    Ok(Ok(Checked::new(target, season.name.clone(), checked)))
}

/// The ticketing system's verdict on a line's holder: `None` when it did not answer;
/// `Some(None)` eligible; `Some(Some((field, code)))` refused, on that field.
type Verdict = Option<Option<(&'static str, &'static str)>>;

/// A refusal refuses the line on its field; no answer only warns (the issue checks again).
fn apply_verdicts(checked: &mut [CheckedLine], verdicts: Vec<(usize, Verdict)>) {
    for (i, verdict) in verdicts {
        match verdict {
            Some(None) => {}
            Some(Some((field, code))) => checked[i].refuse(field, code),
            None => checked[i].warn("holder", "holder_unverified"),
        }
    }
}

/// What staff ask for when they start a task.
pub struct NewTask<'a> {
    pub staff: Uuid,
    /// `sheet` or `manual`
    pub source: &'a str,
    pub file_name: Option<&'a str>,
    pub language: &'a str,
}

/// Creates a task from checked lines, on `conn` (a transaction): the valid lines queued, the
/// others unfinalised with their first error, and the job that sells them enqueued with it.
pub async fn create_task(
    conn: &mut PgConnection,
    task: &NewTask<'_>,
    checked: &Checked,
    public_base_url: &str,
) -> Result<Uuid, sqlx::Error> {
    let lines: Vec<NewLine> = checked
        .lines
        .iter()
        .map(|c| NewLine {
            row: c.row,
            line: &c.line,
            seat_id: c.seat_id,
            price_cents: c.price_cents,
            refused: c.reason(),
        })
        .collect();
    let task_id = mass::create_task(
        conn,
        checked.target(),
        task.staff,
        task.source,
        task.file_name,
        task.language,
        &lines,
    )
    .await?;
    if checked.valid > 0 {
        enqueue(conn, &StartMassIssue { task_id, round: 0 }).await?;
    } else {
        // Nothing to issue: the task is settled now.
        mass::lock_task(conn, task_id).await?;
        if let Some(report) = mass::settle(conn, task_id).await? {
            report_mail(conn, public_base_url, &report).await?;
        }
    }
    Ok(task_id)
}

/// Staff retry a task: its unfinalised lines are sold or issued again (a new round; never a
/// title twice). Returns the round, `None` when no line is unfinalised.
pub async fn retry_task(
    conn: &mut PgConnection,
    task_id: Uuid,
) -> Result<Option<i32>, sqlx::Error> {
    let Some((round, steps)) = mass::start_retry(conn, task_id).await? else {
        return Ok(None);
    };
    let mut sell = false;
    for (_, step) in steps {
        match step {
            mass::RetryStep::Sell => sell = true,
            mass::RetryStep::Issue(SoldAs::Order(order_id)) => {
                crate::checkout::retry_issue(conn, order_id).await?;
            }
            mass::RetryStep::Issue(SoldAs::Season(order_id)) => {
                crate::season_orders::retry_issue(conn, order_id).await?;
            }
        }
    }
    if sell {
        enqueue(conn, &StartMassIssue { task_id, round }).await?;
    }
    Ok(Some(round))
}

/// Sells a task's queued lines, one transaction each: the seat held for the line's e-mail
/// (its account created if none), named, paid by the club ("complimentary") and its issuing
/// enqueued on the mass queue, all with the line marked as issuing. A line the sale refuses
/// (its seat taken since the check, ...) is unfinalised with the reason. Run again after a
/// crash, it sells only what is still queued.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct StartMassIssue {
    pub task_id: Uuid,
    /// 0 for the task's creation; each staff retry gets the next round.
    pub round: i32,
}

impl Job for StartMassIssue {
    const QUEUE: &'static str = "mass::start";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(format!("{}-{}", self.task_id, self.round))
    }

    #[tracing::instrument(skip_all, fields(task_id = %self.task_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let mut conn = ctx.pool.acquire().await?;
        let Some(head) = mass::task_head(&mut conn, self.task_id).await? else {
            return Err(JobError::Permanent(anyhow::anyhow!(
                "no mass-issue task {}",
                self.task_id
            )));
        };
        let queued = mass::queued_lines(&mut conn, self.task_id).await?;
        drop(conn);
        for line in queued {
            sell_line(ctx, self.task_id, &head, &line).await?;
        }
        Ok(())
    }
}

/// The code a refused sale leaves on its line.
fn refusal_code(r: &StaffSaleRefusal) -> &'static str {
    match r {
        StaffSaleRefusal::NotOnSale | StaffSaleRefusal::Hold(HoldRefusal::NotOnSale) => {
            "fixture_not_on_sale"
        }
        StaffSaleRefusal::Hold(HoldRefusal::HolderHasSeat(_))
        | StaffSaleRefusal::Naming(NamingRefusal::HolderHasSeat(_)) => "holder_has_seat",
        StaffSaleRefusal::Hold(HoldRefusal::Unknown) => "unknown_seat",
        StaffSaleRefusal::Hold(HoldRefusal::ReductionNotAllowed(_))
        | StaffSaleRefusal::Naming(NamingRefusal::ReductionNotAllowed(_)) => "reduction_not_sold",
        StaffSaleRefusal::Naming(NamingRefusal::HolderNotEligible(_)) => "reduction_not_eligible",
        _ => "seat_taken",
    }
}

async fn sell_line(
    ctx: &JobContext,
    task_id: Uuid,
    head: &mass::TaskHead,
    line: &mass::QueuedLine,
) -> Result<(), JobError> {
    let today = chrono::Utc::now().date_naive();
    let mut tx = ctx.pool.begin().await?;
    let reason: String = match line.input.parse(today) {
        Err(errors) => errors
            .first()
            .map_or_else(|| "invalid".into(), |e| e.code.clone()),
        Ok((holder, email)) => {
            let seat =
                domain::inventory::seats_by_label(&mut tx, std::slice::from_ref(&line.input.label))
                    .await?
                    .first()
                    .map(|(id, _)| *id);
            let reduction = domain::venue::reduction_id(&mut tx, &line.input.reduction).await?;
            match (seat, reduction) {
                (None, _) => "unknown_seat".into(),
                (_, None) => "unknown_reduction".into(),
                (Some(seat), Some(reduction)) => {
                    match sell(&mut tx, task_id, head, &email, seat, reduction, holder).await? {
                        Ok(sold) => {
                            if mass::mark_sold(&mut tx, line.id, sold).await? {
                                tx.commit().await?;
                            }
                            // Otherwise another run sold it first: this sale rolls back.
                            return Ok(());
                        }
                        Err(r) => refusal_code(&r).into(),
                    }
                }
            }
        }
    };
    // A refused sale may have written before it was refused: roll it back, then record why.
    drop(tx);
    tracing::info!(line = line.id, reason, "mass-issue line refused");
    let mut tx = ctx.pool.begin().await?;
    mass::lock_task(&mut tx, task_id).await?;
    if mass::mark_unfinalized(&mut tx, line.id, mass::LineState::Queued, &reason).await?
        && let Some(report) = mass::settle(&mut tx, task_id).await?
    {
        report_mail(&mut tx, &ctx.public_base_url, &report).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// One line's sale, on the caller's transaction: a one-seat order of the fixture, or a
/// one-seat season order of the season ticket, for the line's e-mail, given by the club.
async fn sell(
    tx: &mut PgConnection,
    task_id: Uuid,
    head: &mass::TaskHead,
    email: &Email,
    seat: SeatId,
    reduction: domain::ids::ReductionId,
    holder: orders::HolderDetails,
) -> Result<Result<SoldAs, StaffSaleRefusal>, sqlx::Error> {
    let language = Language::from_code_or_default(&head.language);
    let (buyer, _) =
        accounts::create_or_get(tx, email, Some(language), None, Default::default()).await?;
    let payment_method = domain::orders::PaymentMethod::Complimentary;
    Ok(match head.target {
        Target::Fixture(fixture_id) => {
            let sale = StaffSale {
                fixture_id,
                buyer: buyer.user_id,
                buyer_email: email.as_str(),
                staff: head.created_by,
                payment_method,
                language: language.code(),
                lines: vec![(seat, reduction, holder)],
                mass_task: Some(task_id),
            };
            sell_at_box_office(tx, &sale).await?.map(SoldAs::Order)
        }
        Target::Season { id, collection } => {
            let sale = StaffSeasonSale {
                season_ticket_id: id,
                buyer: buyer.user_id,
                buyer_email: email.as_str(),
                staff: head.created_by,
                payment_method,
                language: language.code(),
                lines: vec![StaffSeasonLine {
                    seat_id: seat,
                    reduction_id: reduction,
                    holder,
                    collection,
                }],
                mass_task: Some(task_id),
            };
            sell_season_at_box_office(tx, &sale)
                .await?
                .map(SoldAs::Season)
        }
    })
}
