//! Resale at face value (the spec's season_tickets_resale): a season holder offers their seat
//! for one match; it shows on the match's seat map as resale; a buyer reserves it for a few
//! minutes, names the holder and pays at most the face value; the buyer's title is issued by
//! the season seat's change of holder for that match ([`crate::transfers`]); the seller is
//! paid back the price less the season ticket's fee. An offer nobody bought by its deadline
//! expires and the match stays the seller's.
//!
//! The database keeps it exactly once: one live offer per season seat and match (a partial
//! unique index), the price cap and the fee in check constraints, one paid purchase per offer
//! (a partial unique index), and every step a conditional update whose job is enqueued in the
//! same transaction.

use crate::ids::{FixtureId, ResaleId, ResalePurchaseId, TransferId};
use crate::inventory::FULL_PRICE_CODE;
use crate::money::Cents;
use crate::orders::HolderDetails;
use crate::transfers::{self, NewTransfer, OwnedTitle, TransferSource};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// How long a buyer's reservation of an offer lasts while they pay.
pub const RESERVATION: Duration = Duration::minutes(10);

/// Where an offer is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum ResaleState {
    /// On the seat map.
    Listed,
    /// Paid: the change of holder to the buyer is under way.
    Sold,
    /// The buyer holds the title; the seller is paid back.
    Completed,
    /// The change of holder was refused: the buyer is paid back, the match stays the seller's.
    Failed,
    /// The seller took it back.
    Withdrawn,
    /// Nobody bought it by the deadline.
    Expired,
    /// Staff cancelled it.
    Cancelled,
}

/// Where a buyer's purchase is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum PurchaseState {
    /// Reserved, paying.
    Pending,
    /// Paid: the seat is theirs for the match.
    Paid,
    /// Paid when the offer was no longer theirs to buy, or the change was refused: paid back.
    Refunding,
    Refunded,
}

/// Why an offer cannot be made (codes the apps translate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferRefusal {
    /// Offered already (or sold) for this match.
    AlreadyOffered,
    /// Passed on for this match, or being passed on.
    PassedOn,
    /// The season seat is no longer live.
    NotLive,
}

/// A season seat's match as its holder may offer it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OfferTerms {
    /// The match's full price for the seat's sector: the most a buyer pays.
    pub face_value_cents: Cents,
    /// What the club keeps from a sale (the season ticket's resale fee).
    pub fee_cents: Cents,
    /// Nobody may buy after it.
    pub deadline: DateTime<Utc>,
}

/// The face value of `line`'s seat for `fixture` and the season ticket's fee; `None` when
/// the sector has no full price.
pub async fn terms(
    conn: &mut PgConnection,
    title: &OwnedTitle,
) -> Result<Option<OfferTerms>, sqlx::Error> {
    let TransferSource::SeasonMatch { line, .. } = title.source else {
        return Ok(None);
    };
    let row = sqlx::query!(
        r#"select p.price_cents as "face?", t.resale_fee_cents
             from season_order_line l join season_ticket t on t.id = l.season_ticket_id
             join venue_block b on b.id = l.block_id
             left join (default_price p join reduction r on r.id = p.reduction_id and r.code = $2)
                    on p.sector_code = b.sector_code
            where l.line_id = $1"#,
        line,
        FULL_PRICE_CODE
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.and_then(|r| {
        Some(OfferTerms {
            face_value_cents: Cents(r.face.filter(|f| *f > 0)?),
            fee_cents: Cents(r.resale_fee_cents),
            deadline: title.closes_at(),
        })
    }))
}

/// Records `seller`'s offer of their season seat for the title's match at `price`, in the
/// caller's transaction. The price cap and the fee are the table's checks: the caller checks
/// them first to answer in words.
pub async fn offer(
    conn: &mut PgConnection,
    seller: Uuid,
    title: &OwnedTitle,
    terms: &OfferTerms,
    price: Cents,
) -> Result<Result<ResaleId, OfferRefusal>, sqlx::Error> {
    let TransferSource::SeasonMatch { line, .. } = title.source else {
        return Ok(Err(OfferRefusal::NotLive));
    };
    // The season seat's lock, as a change of holder of it takes: an offer and a change of
    // holder for the same match exclude each other.
    let seat = sqlx::query_scalar!(
        "select seat_id from season_order_line where line_id = $1 and live for update",
        line
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(seat) = seat else {
        return Ok(Err(OfferRefusal::NotLive));
    };
    let passed_on = sqlx::query_scalar!(
        r#"select exists (select 1 from title_transfer where season_line_id = $1 and fixture_id = $2
                             and state <> 'refused') as "x!""#,
        line,
        title.fixture_id.0
    )
    .fetch_one(&mut *conn)
    .await?;
    if passed_on {
        return Ok(Err(OfferRefusal::PassedOn));
    }
    let id = Uuid::now_v7();
    let stored = sqlx::query_scalar!(
        "insert into season_resale (resale_id, season_line_id, fixture_id, seat_id, seller_id,
                face_value_cents, price_cents, fee_cents, deadline)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict do nothing returning resale_id",
        id,
        line,
        title.fixture_id.0,
        seat,
        seller,
        terms.face_value_cents.0,
        price.0,
        terms.fee_cents.0,
        terms.deadline
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(id) = stored else {
        return Ok(Err(OfferRefusal::AlreadyOffered));
    };
    audit(
        conn,
        Some(seller),
        id,
        "listed",
        serde_json::json!({"price_cents": price.0}),
    )
    .await?;
    Ok(Ok(ResaleId(id)))
}

async fn audit(
    conn: &mut PgConnection,
    actor: Option<Uuid>,
    id: Uuid,
    to: &str,
    details: serde_json::Value,
) -> Result<(), sqlx::Error> {
    crate::audit::record(
        conn,
        actor,
        &format!("season_resale.{to}"),
        "season_resale",
        &id.to_string(),
        details,
    )
    .await
}

/// An offer as the seller, the buyer and staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Offer {
    #[schema(value_type = String, format = Uuid)]
    pub id: ResaleId,
    pub state: ResaleState,
    /// Its short code, as staff and fans quote it.
    pub code: String,
    pub season_line_id: i64,
    #[schema(value_type = i64)]
    pub fixture_id: FixtureId,
    pub fixture_title: String,
    pub starts_at: DateTime<Utc>,
    pub seat_id: i64,
    pub seat_label: String,
    pub sector_name: String,
    pub row: String,
    pub number: i32,
    pub gate: String,
    pub face_value_cents: Cents,
    pub price_cents: Cents,
    pub fee_cents: Cents,
    /// What the seller gets back: the price less the fee.
    pub payout_cents: Cents,
    pub deadline: DateTime<Utc>,
    /// A buyer is paying for it until then.
    pub reserved_until: Option<DateTime<Utc>>,
    /// When the seller was paid back (by the provider, or by staff for a manual payout).
    pub paid_out_at: Option<DateTime<Utc>>,
    /// The seller is paid back by staff (their season ticket was not paid by card): owed until
    /// `paid_out_at`.
    pub payout_manual: bool,
    pub created_at: DateTime<Utc>,
}

/// The offers matching the filters, newest first (`id`, `seller`, `state`, `fixture`).
macro_rules! offers_where {
    ($conn:expr, $id:expr, $seller:expr, $state:expr, $fixture:expr, $limit:expr, $offset:expr) => {
        sqlx::query_as!(
            Offer,
            r#"select x.resale_id as "id: ResaleId", x.state as "state: ResaleState",
                      upper(substr(replace(x.resale_id::text, '-', ''), 21, 8)) as "code!",
                      x.season_line_id, f.id as "fixture_id: FixtureId", f.title as fixture_title,
                      f.starts_at, x.seat_id, s.label as seat_label, sec.name as sector_name,
                      s.row_label as row, s.number, b.gate,
                      x.face_value_cents as "face_value_cents: Cents",
                      x.price_cents as "price_cents: Cents", x.fee_cents as "fee_cents: Cents",
                      x.payout_cents as "payout_cents!: Cents", x.deadline,
                      case when x.reserved_until > now() then x.reserved_until end as reserved_until,
                      x.paid_out_at, x.payout_manual, x.created_at
                 from season_resale x join fixture f on f.id = x.fixture_id
                 join venue_seat s on s.id = x.seat_id join venue_block b on b.id = s.block_id
                 join venue_sector sec on sec.code = b.sector_code
                where ($1::uuid is null or x.resale_id = $1)
                  and ($2::uuid is null or x.seller_id = $2)
                  and ($3::text is null or x.state = $3)
                  and ($4::bigint is null or x.fixture_id = $4)
                order by x.created_at desc
                limit $5 offset $6"#,
            $id,
            $seller,
            $state,
            $fixture,
            $limit,
            $offset
        )
        .fetch_all($conn)
    };
}

/// One offer (any seller's when `seller` is `None`).
pub async fn load(
    conn: &mut PgConnection,
    id: ResaleId,
    seller: Option<Uuid>,
) -> Result<Option<Offer>, sqlx::Error> {
    let found = offers_where!(conn, Some(id.0), seller, None::<String>, None::<i64>, 1, 0).await?;
    Ok(found.into_iter().next())
}

/// The offers staff list, newest first, with how many match.
pub async fn list(
    conn: &mut PgConnection,
    state: Option<ResaleState>,
    fixture: Option<FixtureId>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Offer>, i64), sqlx::Error> {
    let state = state.map(state_code);
    let fixture = fixture.map(|f| f.0);
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from season_resale
            where ($1::text is null or state = $1) and ($2::bigint is null or fixture_id = $2)"#,
        state.as_deref(),
        fixture
    )
    .fetch_one(&mut *conn)
    .await?;
    let items = offers_where!(
        conn,
        None::<Uuid>,
        None::<Uuid>,
        state,
        fixture,
        limit,
        offset
    )
    .await?;
    Ok((items, total))
}

fn state_code(state: ResaleState) -> String {
    serde_json::to_value(state)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The live offer (listed, sold or completed) of a season seat for a match.
pub async fn live_for(
    conn: &mut PgConnection,
    line: i64,
    fixture: FixtureId,
) -> Result<Option<Offer>, sqlx::Error> {
    let id = sqlx::query_scalar!(
        "select resale_id from season_resale where season_line_id = $1 and fixture_id = $2
            and state in ('listed', 'sold', 'completed')",
        line,
        fixture.0
    )
    .fetch_optional(&mut *conn)
    .await?;
    match id {
        Some(id) => load(conn, ResaleId(id), None).await,
        None => Ok(None),
    }
}

/// The seller takes a listed offer back; false when it is not theirs, not listed, or a buyer
/// is paying for it now.
pub async fn withdraw(
    conn: &mut PgConnection,
    seller: Uuid,
    id: ResaleId,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update season_resale set state = 'withdrawn', closed_at = now()
          where resale_id = $1 and seller_id = $2 and state = 'listed'
            and (reserved_until is null or reserved_until <= now())",
        id.0,
        seller
    )
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1;
    if done {
        audit(conn, Some(seller), id.0, "withdrawn", serde_json::json!({})).await?;
    }
    Ok(done)
}

/// Staff cancel a listed offer (a payment that lands afterwards is paid back); false when it
/// is not listed.
pub async fn cancel(
    conn: &mut PgConnection,
    id: ResaleId,
    staff: Uuid,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update season_resale set state = 'cancelled', closed_at = now(),
                purchase_id = null, reserved_until = null
          where resale_id = $1 and state = 'listed'",
        id.0
    )
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1;
    if done {
        audit(conn, Some(staff), id.0, "cancelled", serde_json::json!({})).await?;
    }
    Ok(done)
}

/// Offers past their deadline with nobody paying end: the match stays the seller's. The
/// deadline holds whatever this sweep's timing (a reservation needs it ahead).
pub async fn expire(conn: &mut PgConnection) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "update season_resale set state = 'expired', closed_at = now(),
                purchase_id = null, reserved_until = null
          where state = 'listed' and deadline <= now()
            and (reserved_until is null or reserved_until <= now())"
    )
    .execute(conn)
    .await?
    .rows_affected())
}

/// Why a buyer cannot reserve an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReserveRefusal {
    /// No such offer on sale.
    NotFound,
    /// Another buyer is paying for it now.
    Reserved,
    /// Sold, withdrawn, cancelled or past its deadline.
    Closed,
    /// The seller cannot buy their own seat.
    OwnOffer,
}

/// A buyer's purchase as they follow it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Purchase {
    #[schema(value_type = String, format = Uuid)]
    pub id: ResalePurchaseId,
    pub state: PurchaseState,
    pub offer: Offer,
    pub holder: HolderDetails,
    pub price_cents: Cents,
    pub payment_intent_id: Option<String>,
    pub client_secret: Option<String>,
    /// Until when the offer is theirs to pay for.
    pub reserved_until: Option<DateTime<Utc>>,
    /// The change of holder that issues the buyer's title, once paid.
    #[schema(value_type = Option<String>, format = Uuid)]
    pub transfer_id: Option<TransferId>,
    pub transfer_state: Option<transfers::TransferState>,
    /// The buyer's new title, once issued.
    pub seal: Option<String>,
}

/// Reserves the offer for `buyer` (who names `holder`), in the caller's transaction: the
/// offer's row is locked, so of two buyers at once one reserves it.
pub async fn reserve(
    conn: &mut PgConnection,
    buyer: Uuid,
    id: ResaleId,
    holder: &HolderDetails,
    email: &str,
    language: &str,
) -> Result<Result<ResalePurchaseId, ReserveRefusal>, sqlx::Error> {
    let offer = sqlx::query!(
        r#"select seller_id, state, price_cents, deadline > now() as "open!",
                  coalesce(reserved_until > now(), false) as "reserved!", purchase_id
             from season_resale where resale_id = $1 for update"#,
        id.0
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(offer) = offer else {
        return Ok(Err(ReserveRefusal::NotFound));
    };
    if offer.seller_id == buyer {
        return Ok(Err(ReserveRefusal::OwnOffer));
    }
    if offer.state != "listed" || !offer.open {
        return Ok(Err(ReserveRefusal::Closed));
    }
    if offer.reserved {
        let mine = match offer.purchase_id {
            Some(p) => {
                sqlx::query_scalar!(
                    "select buyer_id from resale_purchase where purchase_id = $1",
                    p
                )
                .fetch_one(&mut *conn)
                .await?
                    == buyer
            }
            None => false,
        };
        if !mine {
            return Ok(Err(ReserveRefusal::Reserved));
        }
    }
    let purchase = Uuid::now_v7();
    sqlx::query!(
        "insert into resale_purchase (purchase_id, resale_id, buyer_id, holder, holder_key, email,
                language, price_cents)
         values ($1, $2, $3, $4, $5, $6, $7, $8)",
        purchase,
        id.0,
        buyer,
        serde_json::to_value(holder).unwrap_or_default(),
        holder.key(),
        email,
        language,
        offer.price_cents
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update season_resale set purchase_id = $2, reserved_until = now() + make_interval(secs => $3)
          where resale_id = $1",
        id.0,
        purchase,
        RESERVATION.num_seconds() as f64
    )
    .execute(&mut *conn)
    .await?;
    Ok(Ok(ResalePurchaseId(purchase)))
}

/// `buyer`'s purchase (anyone's when `None`).
pub async fn purchase(
    conn: &mut PgConnection,
    id: ResalePurchaseId,
    buyer: Option<Uuid>,
) -> Result<Option<Purchase>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select p.resale_id, p.state as "state: PurchaseState", p.holder, p.price_cents,
                  p.payment_intent_id, p.client_secret, p.transfer_id,
                  case when x.purchase_id = p.purchase_id and x.reserved_until > now()
                       then x.reserved_until end as reserved_until,
                  t.state as "transfer_state?: transfers::TransferState", t.seal as "seal?"
             from resale_purchase p join season_resale x on x.resale_id = p.resale_id
             left join title_transfer t on t.transfer_id = p.transfer_id
            where p.purchase_id = $1 and ($2::uuid is null or p.buyer_id = $2)"#,
        id.0,
        buyer
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    let Some(offer) = load(conn, ResaleId(r.resale_id), None).await? else {
        return Ok(None);
    };
    let Ok(holder) = serde_json::from_value(r.holder) else {
        return Ok(None);
    };
    Ok(Some(Purchase {
        id,
        state: r.state,
        offer,
        holder,
        price_cents: Cents(r.price_cents),
        payment_intent_id: r.payment_intent_id,
        client_secret: r.client_secret,
        reserved_until: r.reserved_until,
        transfer_id: r.transfer_id.map(TransferId),
        transfer_state: r.transfer_state,
        seal: r.seal,
    }))
}

/// Whether this id is a resale purchase's (the payment webhook's order ids are orders',
/// season orders' or these).
pub async fn is_purchase(conn: &mut PgConnection, id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from resale_purchase where purchase_id = $1) as "x!""#,
        id
    )
    .fetch_one(conn)
    .await
}

/// Stores the purchase's PaymentIntent (once: a second one is ignored).
pub async fn attach_intent(
    conn: &mut PgConnection,
    id: ResalePurchaseId,
    intent_id: &str,
    client_secret: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update resale_purchase set payment_intent_id = $2, client_secret = $3
          where purchase_id = $1 and payment_intent_id is null",
        id.0,
        intent_id,
        client_secret
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// What a payment did to a purchase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// The seat is the buyer's: this change of holder issues their title.
    Sold(TransferId),
    /// Paid when the offer was not theirs to buy (taken, withdrawn, expired, cancelled, the
    /// seller's season seat gone): the buyer is paid back.
    Refund,
    /// Settled before (the webhook and the fan's return both arrive), or not this payment.
    Unchanged,
}

/// A purchase's payment succeeded: the offer becomes the buyer's and the change of holder is
/// recorded, or, when the offer was no longer theirs to buy, the purchase is to be paid back.
/// In the caller's transaction; the caller enqueues what follows. Any number of times.
pub async fn settle(
    conn: &mut PgConnection,
    id: ResalePurchaseId,
    client_secret: &str,
    amount: Cents,
) -> Result<Settled, sqlx::Error> {
    let p = sqlx::query!(
        r#"select resale_id, buyer_id, holder, email, language, price_cents, state
             from resale_purchase where purchase_id = $1 and client_secret = $2 for update"#,
        id.0,
        client_secret
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(p) = p else {
        return Ok(Settled::Unchanged);
    };
    if p.state != "pending" {
        return Ok(Settled::Unchanged);
    }
    let offer = sqlx::query!(
        r#"select season_line_id, fixture_id, seller_id, state, price_cents,
                  (purchase_id = $2 or reserved_until is null or reserved_until <= now()) as "ours!"
             from season_resale where resale_id = $1 for update"#,
        p.resale_id,
        id.0
    )
    .fetch_one(&mut *conn)
    .await?;
    let holder: Option<HolderDetails> = serde_json::from_value(p.holder).ok();
    let title = if offer.state == "listed" && offer.ours && amount.0 >= offer.price_cents {
        transfers::owned_season_match(
            conn,
            offer.seller_id,
            offer.season_line_id,
            FixtureId(offer.fixture_id),
        )
        .await?
    } else {
        None
    };
    let (Some(title), Some(holder)) = (title, holder) else {
        refunding(conn, id).await?;
        return Ok(Settled::Refund);
    };
    let transfer = transfers::request(
        conn,
        &NewTransfer {
            title: &title,
            from_user: offer.seller_id,
            holder: &holder,
            email: &p.email,
            to_user: Some(p.buyer_id),
            language: &p.language,
            resale: Some(ResaleId(p.resale_id)),
        },
    )
    .await?;
    let Ok(transfer) = transfer else {
        refunding(conn, id).await?;
        return Ok(Settled::Refund);
    };
    sqlx::query!(
        "update resale_purchase set state = 'paid', paid_at = now(), transfer_id = $2
          where purchase_id = $1",
        id.0,
        transfer.0
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update season_resale set state = 'sold', purchase_id = $2, reserved_until = null
          where resale_id = $1",
        p.resale_id,
        id.0
    )
    .execute(&mut *conn)
    .await?;
    audit(
        conn,
        Some(p.buyer_id),
        p.resale_id,
        "sold",
        serde_json::json!({"purchase_id": id.0, "transfer_id": transfer.0}),
    )
    .await?;
    Ok(Settled::Sold(transfer))
}

async fn refunding(conn: &mut PgConnection, id: ResalePurchaseId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update resale_purchase set state = 'refunding' where purchase_id = $1",
        id.0
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// What follows a resale's change of holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterTransfer {
    /// The buyer holds the title: pay the seller.
    PaySeller(ResaleId),
    /// Refused: pay the buyer back; the match stays the seller's.
    RefundBuyer(ResalePurchaseId),
}

/// A resale's change of holder ended (`done`, or refused), in the transaction that recorded
/// it: the offer completes or fails once. `None` for a change that is not a resale's.
pub async fn transfer_ended(
    conn: &mut PgConnection,
    transfer: TransferId,
    done: bool,
) -> Result<Option<AfterTransfer>, sqlx::Error> {
    let row = sqlx::query!(
        "update season_resale x set state = $2, closed_at = now()
           from title_transfer t
          where t.transfer_id = $1 and x.resale_id = t.resale_id and x.state = 'sold'
         returning x.resale_id, x.purchase_id",
        transfer.0,
        if done { "completed" } else { "failed" }
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    audit(
        conn,
        None,
        row.resale_id,
        if done { "completed" } else { "failed" },
        serde_json::json!({"transfer_id": transfer.0}),
    )
    .await?;
    if done {
        return Ok(Some(AfterTransfer::PaySeller(ResaleId(row.resale_id))));
    }
    let Some(purchase) = row.purchase_id else {
        return Ok(None);
    };
    sqlx::query!(
        "update resale_purchase set state = 'refunding' where purchase_id = $1 and state = 'paid'",
        purchase
    )
    .execute(&mut *conn)
    .await?;
    Ok(Some(AfterTransfer::RefundBuyer(ResalePurchaseId(purchase))))
}

/// How the seller of a completed offer is paid back.
#[derive(Debug, Clone)]
pub struct Payout {
    pub id: ResaleId,
    pub code: String,
    pub seller_email: String,
    pub language: String,
    pub fixture_title: String,
    pub seat_label: String,
    pub price_cents: Cents,
    pub payout_cents: Cents,
    /// The seller's season payment by card, to refund the payout to.
    pub card_intent: Option<String>,
}

/// A completed offer whose seller is not paid back yet.
pub async fn payout_due(
    conn: &mut PgConnection,
    id: ResaleId,
) -> Result<Option<Payout>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select x.resale_id, upper(substr(replace(x.resale_id::text, '-', ''), 21, 8)) as "code!",
                  u.email, u.language, f.title, s.label, x.price_cents, x.payout_cents as "payout_cents!",
                  case when o.payment_method = 'card' then o.payment_intent_id end as card_intent
             from season_resale x join app_user u on u.user_id = x.seller_id
             join fixture f on f.id = x.fixture_id join venue_seat s on s.id = x.seat_id
             join season_order_line l on l.line_id = x.season_line_id
             join season_order o on o.order_id = l.order_id
            where x.resale_id = $1 and x.state = 'completed' and x.paid_out_at is null
              and not x.payout_manual"#,
        id.0
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| Payout {
        id: ResaleId(r.resale_id),
        code: r.code,
        seller_email: r.email,
        language: r.language,
        fixture_title: r.title,
        seat_label: r.label,
        price_cents: Cents(r.price_cents),
        payout_cents: Cents(r.payout_cents),
        card_intent: r.card_intent,
    }))
}

/// The seller is paid back by the provider's refund `refund_id`; or, when `None` (their season
/// ticket was not paid by card), the payout is left to staff, who record it with
/// [`mark_paid_by_staff`]. False when it was recorded before.
pub async fn mark_paid_out(
    conn: &mut PgConnection,
    id: ResaleId,
    refund_id: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update season_resale
            set paid_out_at = case when $2::text is null then null else now() end,
                payout_refund_id = $2, payout_manual = $2::text is null
          where resale_id = $1 and state = 'completed' and paid_out_at is null
            and not payout_manual",
        id.0,
        refund_id
    )
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1;
    if done {
        let to = if refund_id.is_some() {
            "paid_out"
        } else {
            "payout_manual"
        };
        audit(
            conn,
            None,
            id.0,
            to,
            serde_json::json!({"refund_id": refund_id}),
        )
        .await?;
    }
    Ok(done)
}

/// Staff record that they paid a seller back by hand; false when the offer owes no manual
/// payout (not completed, paid by card, or recorded before).
pub async fn mark_paid_by_staff(
    conn: &mut PgConnection,
    id: ResaleId,
    staff: Uuid,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update season_resale set paid_out_at = now()
          where resale_id = $1 and state = 'completed' and payout_manual and paid_out_at is null",
        id.0
    )
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1;
    if done {
        audit(
            conn,
            Some(staff),
            id.0,
            "paid_out",
            serde_json::json!({"by_staff": true}),
        )
        .await?;
    }
    Ok(done)
}

/// A purchase to pay back: its payment and the buyer to tell.
#[derive(Debug, Clone)]
pub struct BuyerRefund {
    pub id: ResalePurchaseId,
    pub intent: Option<String>,
    pub email: String,
    pub language: String,
    pub fixture_title: String,
    pub price_cents: Cents,
}

/// A purchase being paid back.
pub async fn refund_due(
    conn: &mut PgConnection,
    id: ResalePurchaseId,
) -> Result<Option<BuyerRefund>, sqlx::Error> {
    let row = sqlx::query!(
        "select p.purchase_id, p.payment_intent_id, u.email, p.language, f.title, p.price_cents
           from resale_purchase p join app_user u on u.user_id = p.buyer_id
           join season_resale x on x.resale_id = p.resale_id join fixture f on f.id = x.fixture_id
          where p.purchase_id = $1 and p.state = 'refunding'",
        id.0
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| BuyerRefund {
        id: ResalePurchaseId(r.purchase_id),
        intent: r.payment_intent_id,
        email: r.email,
        language: r.language,
        fixture_title: r.title,
        price_cents: Cents(r.price_cents),
    }))
}

/// The purchase was paid back; false when recorded before.
pub async fn mark_refunded(
    conn: &mut PgConnection,
    id: ResalePurchaseId,
    refund_id: &str,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query!(
        "update resale_purchase set state = 'refunded', refund_id = $2
          where purchase_id = $1 and state = 'refunding'",
        id.0,
        refund_id
    )
    .execute(conn)
    .await?
    .rows_affected()
        == 1)
}

/// A listed offer on a match's seat map.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Listed {
    #[schema(value_type = String, format = Uuid)]
    pub id: ResaleId,
    pub seat_id: i64,
    pub block_id: i32,
    pub seat_label: String,
    pub sector_name: String,
    pub price_cents: Cents,
    pub face_value_cents: Cents,
}

/// A match's offers a buyer may reserve now (listed, before the deadline, nobody paying).
pub async fn listed(
    conn: &mut PgConnection,
    fixture: FixtureId,
) -> Result<Vec<Listed>, sqlx::Error> {
    sqlx::query_as!(
        Listed,
        r#"select x.resale_id as "id: ResaleId", x.seat_id, s.block_id, s.label as seat_label,
                  sec.name as sector_name, x.price_cents as "price_cents: Cents",
                  x.face_value_cents as "face_value_cents: Cents"
             from season_resale x join venue_seat s on s.id = x.seat_id
             join venue_block b on b.id = s.block_id join venue_sector sec on sec.code = b.sector_code
            where x.fixture_id = $1 and x.state = 'listed' and x.deadline > now()
              and (x.reserved_until is null or x.reserved_until <= now())
            order by x.price_cents, s.label"#,
        fixture.0
    )
    .fetch_all(conn)
    .await
}
