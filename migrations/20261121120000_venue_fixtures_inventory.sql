-- Venue, fixtures and the seat inventory of each fixture.
-- Replaces the spec's tribuna_default (stadium sectors and default prices), fixtures (with
-- planet_ref), fixtures_seats (reservedPendingSeats, reservedSeats) and the users' tempSeats:
-- a seat's state per fixture is one row here, so a seat is held or sold by at most one buyer.

-- The venue, imported from the ticketing system's plan.
create table venue_sector (
    code text primary key check (code ~ '^[A-Z0-9]{1,10}$'),
    name text not null,
    away boolean not null default false,
    no_map boolean not null default false,
    sort_order integer not null default 0
);

create table venue_block (
    -- the ticketing system's block id (bloccoId)
    id integer primary key,
    sector_code text not null references venue_sector (code),
    code text not null unique,
    gate text not null,
    capacity integer not null check (capacity >= 0),
    rows integer not null default 0 check (rows >= 0),
    seats_per_row integer not null default 0 check (seats_per_row >= 0),
    no_map boolean not null default false,
    away boolean not null default false,
    -- sold as a season ticket seat (admin /admin/stadium/season)
    season_sellable boolean not null default true
);
create index venue_block_sector_idx on venue_block (sector_code);

-- Numbered seats, and the places of a no-map (standing) block: one row per place, so a no-map
-- block can never be sold beyond its capacity.
create table venue_seat (
    id bigint generated always as identity primary key,
    block_id integer not null references venue_block (id),
    -- the ticketing system's seat id (postoId); null for a standing place
    planet_seat_id integer unique,
    row_label text not null,
    number integer not null check (number > 0),
    -- area-block-row-number, as the pre-emption codes name seats
    label text not null unique,
    unique (block_id, row_label, number)
);

-- Reduction codes (INTERO, U14, O65, DONNA, OMAGGIO) and their visibility
-- (0 box office, 1 online, 2 both).
create table reduction (
    id integer primary key,
    code text not null unique,
    name text not null,
    visibility smallint not null check (visibility in (0, 1, 2)),
    rule text not null default ''
);

-- Default prices per sector and reduction, integer cents (admin /admin/stadium/ticketprice).
create table default_price (
    sector_code text not null references venue_sector (code),
    reduction_id integer not null references reduction (id),
    price_cents integer not null check (price_cents between 0 and 100000000),
    primary key (sector_code, reduction_id)
);

-- Football fixtures, from the ticketing system's events (planet_ref: id, spettacoloId).
create table fixture (
    id bigint generated always as identity primary key,
    planet_event_id integer not null unique,
    spettacolo_id integer not null,
    title text not null,
    competition text not null,
    kind text not null check (kind in ('league', 'cup')),
    starts_at timestamptz not null,
    ends_at timestamptz not null check (ends_at > starts_at),
    -- 0 scheduled, 1 on sale, 2 off sale, 3 closed, 4 cancelled; fans see below 3
    status smallint not null default 0 check (status between 0 and 4),
    high_risk boolean not null default false,
    per_buyer_limit integer not null default 4 check (per_buyer_limit between 1 and 50),
    -- set when the seat inventory has been copied from the ticketing system
    inventory_loaded_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index fixture_starts_at_idx on fixture (starts_at);

create type seat_state as enum ('free', 'held', 'sold', 'locked');

-- One row per seat (or standing place) per fixture: the whole hot path.
create table seat_inventory (
    fixture_id bigint not null references fixture (id) on delete cascade,
    seat_id bigint not null references venue_seat (id),
    -- denormalised from venue_seat for per-block reads and counts
    block_id integer not null,
    state seat_state not null default 'free',
    -- the fan holding it, or the buyer of a sold seat
    holder_id uuid references app_user (user_id),
    held_until timestamptz,
    -- sold in the ticketing system by someone else (box office, another channel)
    sold_elsewhere boolean not null default false,
    updated_at timestamptz not null default now(),
    primary key (fixture_id, seat_id),
    constraint seat_inventory_hold_check check (
        (state = 'held') = (held_until is not null)
        and (state <> 'held' or holder_id is not null)
        and (state in ('held', 'sold') or holder_id is null)
    )
);
create index seat_inventory_block_idx on seat_inventory (fixture_id, block_id, state);
create index seat_inventory_holder_idx on seat_inventory (fixture_id, holder_id)
    where holder_id is not null;
create index seat_inventory_expiry_idx on seat_inventory (held_until) where state = 'held';
