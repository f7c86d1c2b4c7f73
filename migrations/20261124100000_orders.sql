-- Orders for single matches and their titles.
-- Replaces the spec's fixtures_seats_reserved (one row per order here, its selected_seats,
-- ticket_holder_info, ticket_price, ticket_gate and ticket_issued one row per seat in
-- order_line) and notifications.

create table ticket_order (
    order_id uuid primary key,
    fixture_id bigint not null references fixture (id),
    user_id uuid not null references app_user (user_id),
    buyer_email text not null,
    -- the spec's payment_status: 0 pending, 1 paid, -1 another state (cancelled, refunded)
    payment_status smallint not null default 0 check (payment_status in (-1, 0, 1)),
    -- where the order is: a separate machine from the payment's (pretix's habit)
    state text not null default 'pending' check (state in (
        'pending', 'paid', 'issuing', 'issued', 'failed', 'refunding', 'refunded', 'cancelled')),
    total_cents bigint not null check (total_cents >= 0),
    -- the spec's paymentIntentId and clientSecret
    payment_intent_id text unique,
    client_secret text,
    -- card (online), free, or what staff took at the box office
    payment_method text not null default 'card' check (payment_method in (
        'card', 'free', 'cash', 'pos', 'bank_transfer', 'complimentary')),
    is_order_by_admin boolean not null default false,
    created_by uuid references app_user (user_id),
    -- the ticket e-mail's and PDFs' language
    language text not null default 'it' check (language in ('it', 'en')),
    hold_expires_at timestamptz,
    paid_at timestamptz,
    issued_at timestamptz,
    -- issuing gave up: listed in the failed issues until retried or refunded
    failed_at timestamptz,
    issue_error text,
    issue_attempts integer not null default 0,
    refund_id text,
    refund_reason text,
    refunded_at timestamptz,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    -- paid means a payment (or staff's word) exists
    constraint ticket_order_paid_check check (
        payment_status <> 1 or paid_at is not null)
);
create index ticket_order_user_idx on ticket_order (user_id, created_at desc);
create index ticket_order_fixture_idx on ticket_order (fixture_id, created_at desc);
create index ticket_order_failed_idx on ticket_order (failed_at desc) where failed_at is not null;

create table order_line (
    order_line_id bigint generated always as identity primary key,
    order_id uuid not null references ticket_order (order_id) on delete cascade,
    fixture_id bigint not null references fixture (id),
    seat_id bigint not null references venue_seat (id),
    block_id integer not null references venue_block (id),
    reduction_id integer not null references reduction (id),
    price_cents integer not null check (price_cents >= 0),
    -- the holder, as the ticketing system needs them for a named ticket
    holder_first_name text,
    holder_last_name text,
    holder_birth_date date,
    holder_birth_place text,
    holder_document_type text check (holder_document_type in ('id_card', 'passport', 'driving_licence')),
    holder_document_number text,
    -- upper-case LAST|FIRST|yyyy-mm-dd, as the hold's lines
    holder_key text,
    -- the ticketing system's answer to "may this person receive a title" (null: not asked)
    eligible boolean,
    ineligible_reason text,
    -- the line may still hold or own its seat (false once cancelled, refunded or lost)
    live boolean not null default true,
    -- our id of the issue in the ticketing system (one per line): how we find it again
    transaction_id text not null unique,
    -- an issue was asked for: before asking again, look it up by transaction id
    issue_requested_at timestamptz,
    -- ... and no answer came (a time-out, a worker killed): the call may still land, so wait
    -- for it to time out before looking
    issue_unanswered boolean not null default false,
    title_id bigint unique,
    seal text unique,
    barcode text,
    progressive bigint,
    title_state text check (title_state in ('valid', 'used', 'cancelled')),
    issued_at timestamptz,
    unique (order_id, seat_id),
    constraint order_line_title_check check ((title_id is null) = (seal is null)),
    constraint order_line_holder_check check (
        holder_key is null or (holder_first_name is not null and holder_last_name is not null
                               and holder_birth_date is not null))
);
-- A seat of an event is in at most one live order; a person holds at most one seat of it.
create unique index order_line_live_seat on order_line (fixture_id, seat_id) where live;
create unique index order_line_live_holder on order_line (fixture_id, holder_key)
    where live and holder_key is not null;
create index order_line_order_idx on order_line (order_id);
create index order_line_issued_idx on order_line (issued_at desc) where title_id is not null;

-- The fan's notifications (the spec's notifications: uid, created).
create table notification (
    notification_id uuid primary key,
    user_id uuid not null references app_user (user_id) on delete cascade,
    kind text not null check (kind in ('tickets_issued', 'order_refunded', 'issue_failed')),
    params jsonb not null default '{}',
    order_id uuid references ticket_order (order_id),
    created_at timestamptz not null default now(),
    read_at timestamptz,
    -- one notification of a kind per order: a job run twice tells the fan once
    unique (order_id, kind)
);
create index notification_user_idx on notification (user_id, created_at desc);
