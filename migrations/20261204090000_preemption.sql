-- Pre-emption and renewal (issue 18): the phases of a season's or a match's sale, last
-- season's holders (the spec's seasons/{label}/holders) imported from a sheet, the code table
-- that maps each renewal code to a seat, the custom lists of rights (the spec's
-- preemption_codes), seats kept for their holder during the renewal phase, and the right a
-- season order used.

-- A phase of a sale: who may buy between `starts_at` and `ends_at`, in which sectors.
-- Ids in ranges of their own (see 20261128090000_disjoint_id_ranges.sql): phases 1000-9999,
-- holders from 10^14, pre-emption codes from 10^15.
create table sale_phase (
    id bigint generated always as identity (minvalue 1000 maxvalue 9999 start with 1000) primary key,
    season_ticket_id bigint references season_ticket (id) on delete cascade,
    fixture_id bigint references fixture (id) on delete cascade,
    kind text not null check (kind in (
        'renewal', 'change_of_seat', 'fidelity_card', 'preemption_code', 'group', 'free_sale')),
    -- a named group's name (Como Cup buyers); free text for the others
    name text not null default '' check (length(name) <= 80),
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    -- the sectors it opens, comma-separated (the spec's sector_code); empty: every sector
    sectors text not null default '' check (length(sectors) <= 200),
    -- 'staff' (set at /admin/phases) or 'ticketing' (mirrored from the system's window)
    source text not null default 'staff' check (source in ('staff', 'ticketing')),
    -- a renewal phase's kept seats were released (one step, by a job)
    released_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint sale_phase_target_check check ((season_ticket_id is null) <> (fixture_id is null)),
    constraint sale_phase_dates_check check (starts_at < ends_at)
);
create index sale_phase_season_idx on sale_phase (season_ticket_id, starts_at) where season_ticket_id is not null;
create index sale_phase_fixture_idx on sale_phase (fixture_id, starts_at) where fixture_id is not null;
-- one phase mirrored from the ticketing system's window per season or match
create unique index sale_phase_mirrored_season on sale_phase (season_ticket_id) where source = 'ticketing';
create unique index sale_phase_mirrored_fixture on sale_phase (fixture_id) where source = 'ticketing';

-- Last season's holders, under the label of the season they renew into (2025-2026).
create table season_holder (
    id bigint generated always as identity
        (minvalue 100000000000000 maxvalue 999999999999999 start with 100000000000000) primary key,
    label text not null,
    first_name text not null,
    last_name text not null,
    birth_date date not null,
    birth_province text not null default '',
    birth_place text not null default '',
    sex text not null default '',
    fiscal_seal text not null check (fiscal_seal ~ '^[A-Za-z0-9]{4,40}$'),
    -- Promozioni1: the fixtures whose pre-emption the holder has used
    used_for bigint[] not null default '{}',
    -- Promozioni2: SEASON for a record that counts in its buyer's quota
    kind text not null default '',
    buyer_first_name text not null default '',
    buyer_last_name text not null default '',
    buyer_birth_date date,
    -- the renewal code (P1-...) sent to the holder, mapped to a seat by renewal_seat_code
    renewal_code text,
    import_id uuid,
    updated_at timestamptz not null default now(),
    unique (label, fiscal_seal)
);
create index season_holder_code_idx on season_holder (label, renewal_code) where renewal_code is not null;
create index season_holder_name_idx on season_holder (label, lower(last_name), lower(first_name));

-- A sheet of holders being imported: the rows are written in batches of 500 by a job; each
-- rejected row is kept with its reason, for staff to download.
create table holders_import (
    import_id uuid primary key,
    label text not null,
    file_name text not null,
    created_by uuid not null references app_user (user_id),
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    sheet bytea,
    total integer not null default 0,
    written integer not null default 0,
    error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz
);
create index holders_import_created_idx on holders_import (created_at desc);

create table holders_import_rejection (
    import_id uuid not null references holders_import (import_id) on delete cascade,
    row_number integer not null,
    reason text not null,
    fiscal_seal text not null default '',
    primary key (import_id, row_number)
);

-- The code table: each renewal code (P1-..., P2-...) and its seat, written area-block-row-number.
-- A code listed twice with two seats is refused at import (reported, never picked).
create table renewal_seat_code (
    code text primary key check (code ~ '^P[12]-[A-Za-z0-9]+$'),
    seat_id bigint not null references venue_seat (id),
    seat_label text not null,
    updated_at timestamptz not null default now()
);

-- The custom list of rights of a fixture or season ticket (the spec's preemption_codes): a
-- fidelity card number or a fiscal seal, and the sectors it opens.
create table preemption_code (
    id bigint generated always as identity
        (minvalue 1000000000000000 maxvalue 9999999999999999 start with 1000000000000000) primary key,
    season_ticket_id bigint references season_ticket (id) on delete cascade,
    fixture_id bigint references fixture (id) on delete cascade,
    fidelity_card_number_or_fiscal_seal text not null
        check (fidelity_card_number_or_fiscal_seal ~ '^[A-Za-z0-9-]{3,40}$'),
    sector_code text not null check (length(sector_code) between 1 and 200),
    created_at timestamptz not null default now(),
    constraint preemption_code_target_check check ((season_ticket_id is null) <> (fixture_id is null))
);
create unique index preemption_code_season_right on preemption_code (season_ticket_id, upper(fidelity_card_number_or_fiscal_seal))
    where season_ticket_id is not null;
create unique index preemption_code_fixture_right on preemption_code (fixture_id, upper(fidelity_card_number_or_fiscal_seal))
    where fixture_id is not null;

-- A seat kept for its holder during a renewal phase: locked in every covered match, with the
-- holder and the phase; the holder's renewal sells it, the phase's end frees it.
alter table seat_inventory
    add column kept_for_holder bigint references season_holder (id),
    add column kept_for_phase bigint references sale_phase (id) on delete set null,
    add constraint seat_inventory_kept_check
        check ((kept_for_holder is null) or (state = 'locked' and kept_for_phase is not null));
create index seat_inventory_kept_idx on seat_inventory (kept_for_phase) where kept_for_phase is not null;
create index seat_inventory_kept_holder_idx on seat_inventory (kept_for_holder) where kept_for_holder is not null;

-- The right a season order used: a renewal by the previous season's fiscal seal, the holder's
-- record. One live order per right and season ticket: the database says so.
alter table season_order
    add column preemption_seal text,
    add column renewal_holder_id bigint references season_holder (id),
    add constraint season_order_renewal_check check ((preemption_seal is null) = (renewal_holder_id is null));
create unique index season_order_one_renewal on season_order (season_ticket_id, renewal_holder_id)
    where renewal_holder_id is not null and state in ('pending', 'paid', 'issuing', 'issued');
