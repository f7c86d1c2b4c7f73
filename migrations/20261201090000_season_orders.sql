-- Season orders (issue 17): a fan's season hold becomes an order, its holders are named, it is
-- paid and its titles issued, as a single-match order's. The spec's season_tickets_seats_reserved
-- is one row per order here (season_order) and one per season seat (season_order_line), with
-- the spec's isCollection and IssueQueueStatus on the line; a collection's match titles are in
-- season_match_title.

create table season_order (
    order_id uuid primary key,
    season_ticket_id bigint not null references season_ticket (id),
    user_id uuid not null references app_user (user_id),
    buyer_email text not null,
    -- the spec's payment_status: 0 pending, 1 paid, -1 another state (cancelled, refunded)
    payment_status smallint not null default 0 check (payment_status in (-1, 0, 1)),
    state text not null default 'pending' check (state in (
        'pending', 'paid', 'issuing', 'issued', 'failed', 'refunding', 'refunded', 'cancelled')),
    total_cents bigint not null default 0 check (total_cents >= 0),
    payment_intent_id text unique,
    client_secret text,
    payment_method text not null default 'card' check (payment_method in (
        'card', 'free', 'cash', 'pos', 'bank_transfer', 'complimentary')),
    language text not null default 'it' check (language in ('it', 'en')),
    hold_expires_at timestamptz,
    paid_at timestamptz,
    issued_at timestamptz,
    failed_at timestamptz,
    issue_error text,
    issue_attempts integer not null default 0,
    -- the buyer was told once that the titles wait for the ticketing system
    delay_notified_at timestamptz,
    -- the titles were e-mailed (once)
    tickets_sent_at timestamptz,
    refund_id text,
    refund_reason text,
    refunded_at timestamptz,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    constraint season_order_paid_check check (payment_status <> 1 or paid_at is not null)
);
create index season_order_user_idx on season_order (user_id, created_at desc);
create index season_order_season_idx on season_order (season_ticket_id, created_at desc);
create index season_order_failed_idx on season_order (failed_at desc) where failed_at is not null;

create table season_order_line (
    -- a range of its own (see 20261128090000_disjoint_id_ranges.sql), after the service calls'
    line_id bigint generated always as identity
        (minvalue 10000000000000 maxvalue 99999999999999 start with 10000000000000) primary key,
    order_id uuid not null references season_order (order_id) on delete cascade,
    season_ticket_id bigint not null references season_ticket (id),
    seat_id bigint not null references venue_seat (id),
    block_id integer not null references venue_block (id),
    reduction_id integer not null references reduction (id),
    price_cents bigint not null check (price_cents >= 0),
    -- the spec's isCollection: one title per covered match instead of one season title
    is_collection boolean not null default false,
    -- the spec's IssueQueueStatus: a collection is PENDING until every match title exists
    issue_queue_status text not null default 'COMPLETE'
        check (issue_queue_status in ('PENDING', 'COMPLETE')),
    holder_first_name text,
    holder_last_name text,
    holder_birth_date date,
    holder_birth_place text,
    holder_document_type text check (holder_document_type in ('id_card', 'passport', 'driving_licence')),
    holder_document_number text,
    holder_sex text check (holder_sex in ('M', 'F')),
    -- upper-case LAST|FIRST|yyyy-mm-dd
    holder_key text,
    live boolean not null default true,
    -- our id of the issue (one per line; a collection's match titles share it)
    transaction_id text not null unique,
    issue_requested_at timestamptz,
    issue_unanswered boolean not null default false,
    -- the season title (not for a collection)
    title_id bigint unique,
    seal text unique,
    barcode text,
    progressive bigint,
    title_state text check (title_state in ('valid', 'used', 'cancelled')),
    issued_at timestamptz,
    unique (order_id, seat_id),
    constraint season_order_line_title_check check ((title_id is null) = (seal is null)),
    constraint season_order_line_collection_check check (not is_collection or title_id is null),
    constraint season_order_line_holder_check check (
        holder_key is null or (holder_first_name is not null and holder_last_name is not null
                               and holder_birth_date is not null))
);
-- A season seat is in at most one live order; a person holds at most one seat of a season
-- ticket (the spec: one season ticket per holder per season type).
create unique index season_order_line_live_seat on season_order_line (season_ticket_id, seat_id) where live;
create unique index season_order_line_live_holder on season_order_line (season_ticket_id, holder_key)
    where live and holder_key is not null;
create index season_order_line_order_idx on season_order_line (order_id);
create index season_order_line_pending_idx on season_order_line (line_id)
    where issue_queue_status = 'PENDING';
create index season_order_line_issued_idx on season_order_line (issued_at desc) where issued_at is not null;

-- A collection's titles, one per covered match: the primary key makes a match's title twice
-- impossible.
create table season_match_title (
    line_id bigint not null references season_order_line (line_id) on delete cascade,
    fixture_id bigint not null references fixture (id),
    title_id bigint not null unique,
    seal text not null unique,
    barcode text not null,
    progressive bigint not null,
    title_state text not null default 'valid' check (title_state in ('valid', 'used', 'cancelled')),
    issued_at timestamptz not null default now(),
    primary key (line_id, fixture_id)
);
