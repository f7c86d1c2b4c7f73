-- Season tickets (issue 17; the spec's season_tickets): a season type of the ticketing system
-- (planet_ref.season_ticket_id), the fixtures it covers, and its prices per sector and
-- reduction. Fans see those on sale (status 1) of sub-category 4 or 5 created by the club.
create table season_ticket (
    id bigint generated always as identity (minvalue 10000 maxvalue 99999 start with 10000)
        primary key,
    -- the ticketing system's season type (tipoAbbonamentoId)
    planet_season_type_id integer not null unique,
    name text not null,
    -- the season it belongs to, as the spec labels it: 2025-2026
    label text not null,
    -- 0 scheduled, 1 on sale, 2 off sale (as a fixture's)
    status smallint not null default 0 check (status in (0, 1, 2)),
    -- the spec's sub_category: 4 or 5 are shown to fans
    sub_category smallint not null default 4,
    -- the spec's created_by: the club's own are COMO
    created_by text not null default 'COMO',
    per_buyer_limit integer not null default 4 check (per_buyer_limit > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- The fixtures a season ticket covers: a season seat is that seat in each of them.
create table season_ticket_fixture (
    season_ticket_id bigint not null references season_ticket (id) on delete cascade,
    fixture_id bigint not null references fixture (id),
    primary key (season_ticket_id, fixture_id)
);
create index season_ticket_fixture_fixture_idx on season_ticket_fixture (fixture_id);

-- Season prices per sector and reduction, in cents (abbonamento-codiciriduzione).
create table season_price (
    season_ticket_id bigint not null references season_ticket (id) on delete cascade,
    sector_code text not null references venue_sector (code),
    reduction_id integer not null references reduction (id),
    price_cents bigint not null check (price_cents between 0 and 100000000),
    primary key (season_ticket_id, sector_code, reduction_id)
);

-- A seat held or sold for a season is held or sold in every covered fixture's inventory, each
-- row marked with the season ticket: one row per (fixture, seat) as before, so the primary key
-- makes a seat sold twice impossible, season against season and season against single match.
-- Single-match holds never take a row marked for a season, even the same buyer's.
alter table seat_inventory
    add column season_ticket_id bigint references season_ticket (id),
    add constraint seat_inventory_season_check
        check (season_ticket_id is null or state in ('held', 'sold'));
create index seat_inventory_season_idx on seat_inventory (season_ticket_id, holder_id)
    where season_ticket_id is not null;
