-- Resale at face value (the spec's season_tickets_resale): a season holder offers their seat
-- for one match they cannot attend; it shows on that match's seat map as resale; a buyer pays
-- at most the face value; the buyer's title is issued by the change of holder of a season
-- seat for one match (title_transfer with this resale); the seller is paid back the price
-- less the season ticket's fee; an offer nobody bought by its deadline ends and the match
-- stays the seller's.

-- The fee staff set per season ticket, kept by the club from each resale.
alter table season_ticket
    add column resale_fee_cents bigint not null default 0 check (resale_fee_cents between 0 and 100000);

create table season_resale (
    resale_id uuid primary key,
    season_line_id bigint not null references season_order_line (line_id),
    fixture_id bigint not null references fixture (id),
    seat_id bigint not null references venue_seat (id),
    seller_id uuid not null references app_user (user_id),
    -- the match's full price for the seat's sector when offered: the cap
    face_value_cents bigint not null check (face_value_cents > 0),
    price_cents bigint not null,
    fee_cents bigint not null,
    -- nobody may buy after it (the match's change-of-holder window)
    deadline timestamptz not null,
    -- listed: on the seat map; sold: paid, the change of holder under way; completed: the
    -- buyer holds the title; failed: the change was refused and the buyer paid back;
    -- withdrawn by the seller, expired at the deadline, cancelled by staff.
    state text not null default 'listed'
        check (state in ('listed', 'sold', 'completed', 'failed', 'withdrawn', 'expired', 'cancelled')),
    -- the buyer paying now, until when (one at a time)
    purchase_id uuid,
    reserved_until timestamptz,
    -- the seller paid back: the provider's refund of their season payment, or by staff
    payout_cents bigint generated always as (price_cents - fee_cents) stored,
    payout_refund_id text,
    payout_manual boolean not null default false,
    paid_out_at timestamptz,
    created_at timestamptz not null default now(),
    closed_at timestamptz,
    -- never more than the face value, and the fee always leaves the seller something
    constraint season_resale_price_cap check (price_cents > 0 and price_cents <= face_value_cents),
    constraint season_resale_fee_check check (fee_cents >= 0 and fee_cents < price_cents),
    -- a reservation names its purchase; a sold offer keeps the purchase that paid
    constraint season_resale_reserved_check check (reserved_until is null or purchase_id is not null)
);
-- One live offer per season seat and match: of two at once, one is stored.
create unique index season_resale_live on season_resale (season_line_id, fixture_id)
    where state in ('listed', 'sold', 'completed');
create index season_resale_fixture_listed on season_resale (fixture_id, seat_id) where state = 'listed';
create index season_resale_seller_idx on season_resale (seller_id, created_at desc);
create index season_resale_created_idx on season_resale (created_at desc);

create table resale_purchase (
    purchase_id uuid primary key,
    resale_id uuid not null references season_resale (resale_id),
    buyer_id uuid not null references app_user (user_id),
    -- the holder the buyer named, as the change of holder needs them
    holder jsonb not null,
    holder_key text not null,
    email text not null,
    language text not null default 'it' check (language in ('it', 'en')),
    price_cents bigint not null check (price_cents > 0),
    payment_intent_id text unique,
    client_secret text,
    -- pending: paying; paid: the seat is theirs (the change of holder follows); refunding:
    -- paid too late, or the change was refused; refunded.
    state text not null default 'pending' check (state in ('pending', 'paid', 'refunding', 'refunded')),
    transfer_id uuid references title_transfer (transfer_id),
    refund_id text,
    created_at timestamptz not null default now(),
    paid_at timestamptz
);
-- One buyer pays for an offer.
create unique index resale_purchase_paid on resale_purchase (resale_id) where state = 'paid';
create index resale_purchase_buyer_idx on resale_purchase (buyer_id, created_at desc);

-- The change of holder of a resale: not counted in the season's transfer limit.
alter table title_transfer add column resale_id uuid references season_resale (resale_id);
