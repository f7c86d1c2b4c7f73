-- The waiting room of a big on-sale (issue 19; the spec's fixtures_queue and season_queue).
-- Fans join before the opening (the pre-queue) or after it; at the opening the pre-queue is
-- shuffled into places 1..n, later arrivals follow in the order they came. Places up to
-- `admitted` are admitted, at the rate staff set and never more shopping at once than they
-- allow; an admission lasts `admission_seconds`.
create table waiting_room (
    -- Ids of their own range (see 20261128090000_disjoint_id_ranges.sql): a room per big
    -- on-sale.
    id bigint generated always as identity (minvalue 1 maxvalue 999 start with 1) primary key,
    fixture_id bigint unique references fixture (id) on delete cascade,
    season_ticket_id bigint unique references season_ticket (id) on delete cascade,
    prequeue_opens_at timestamptz not null,
    opens_at timestamptz not null,
    admit_per_minute integer not null check (admit_per_minute between 1 and 1000000),
    max_shopping integer not null check (max_shopping between 1 and 1000000),
    admission_seconds integer not null check (admission_seconds between 60 and 7200),
    paused boolean not null default false,
    closed_at timestamptz,
    -- The last place admitted (the spec's nr_one_in_queue is the next one).
    admitted bigint not null default 0,
    -- The last place handed out.
    placed bigint not null default 0,
    -- When the pre-queue was shuffled into places.
    shuffled_at timestamptz,
    -- Admissions are earned from this instant on, at `admit_per_minute`; an idle or full room
    -- does not bank them.
    admit_clock timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (num_nonnulls(fixture_id, season_ticket_id) = 1),
    check (prequeue_opens_at <= opens_at),
    check (admitted <= placed)
);

create table waiting_room_entry (
    room_id bigint not null references waiting_room (id) on delete cascade,
    user_id uuid not null references app_user (user_id) on delete cascade,
    joined_at timestamptz not null default now(),
    -- Drawn at joining, from the server's random source: the pre-queue's shuffled order.
    draw bigint not null,
    -- The place in line (the pre-queue has none until the opening).
    position bigint,
    -- The turn came (the spec's status 1 and modified).
    admitted_at timestamptz,
    -- The fan is done (paid, or left): no longer counted as shopping.
    left_at timestamptz,
    primary key (room_id, user_id),
    unique (room_id, position)
);

-- The entries still to be placed, in the order they are placed.
create index waiting_room_entry_unplaced on waiting_room_entry (room_id, joined_at, draw)
    where position is null;
-- Who is shopping now.
create index waiting_room_entry_shopping on waiting_room_entry (room_id, admitted_at)
    where admitted_at is not null and left_at is null;
