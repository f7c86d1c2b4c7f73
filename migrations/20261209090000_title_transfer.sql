-- Change of holder (cessione) of a match title: the owner names a new holder, a job has the
-- ticketing system cancel the title and issue a new one on the same seat, and the line then
-- carries the new title and belongs to the new holder.

-- The rules staff set per match: transfers closed, or closed this many hours before kick-off
-- (null: open until kick-off).
alter table fixture
    add column transfers_open boolean not null default true,
    add column transfer_closes_hours integer check (transfer_closes_hours between 0 and 720);

-- A line whose title changed holder belongs to the new holder's account (`holder_user_id`,
-- null when they have none), no longer to the order's buyer.
alter table order_line
    add column passed_on boolean not null default false,
    add column holder_user_id uuid references app_user (user_id),
    add column holder_email text,
    add constraint order_line_passed_on_check check (passed_on or holder_user_id is null);
create index order_line_holder_user_idx on order_line (holder_user_id) where holder_user_id is not null;

create table title_transfer (
    transfer_id uuid primary key,
    order_line_id bigint not null references order_line (order_line_id),
    fixture_id bigint not null references fixture (id),
    -- who passed it on, and the title they passed on
    from_user uuid not null references app_user (user_id),
    from_title_id bigint not null,
    from_seal text not null,
    from_holder_name text not null,
    -- the new holder, as the ticketing system needs them
    to_first_name text not null,
    to_last_name text not null,
    to_birth_date date not null,
    to_birth_place text not null,
    to_document_type text not null check (to_document_type in ('id_card', 'passport', 'driving_licence')),
    to_document_number text not null,
    to_sex text check (to_sex in ('M', 'F')),
    to_holder_key text not null,
    -- where the new title's PDF goes, and the account it lands in (when one has that e-mail)
    to_email text not null,
    to_user uuid references app_user (user_id),
    language text not null default 'it' check (language in ('it', 'en')),
    state text not null default 'requested' check (state in ('requested', 'done', 'refused')),
    -- our id of the change in the ticketing system: how the new title is found again
    transaction_id text not null unique,
    -- the change was asked for (before asking again, look it up by transaction id) ...
    call_requested_at timestamptz,
    -- ... and no answer came: the call may still land, so wait for it to time out first
    call_unanswered boolean not null default false,
    refusal_code text,
    refusal_message text,
    -- the new title
    title_id bigint unique,
    seal text unique,
    barcode text,
    progressive bigint,
    created_at timestamptz not null default now(),
    done_at timestamptz,
    constraint title_transfer_done_check check ((state = 'done') = (title_id is not null and seal is not null and done_at is not null)),
    constraint title_transfer_refused_check check ((state = 'refused') = (refusal_code is not null))
);
-- One change of holder at a time per title: two requests at once, one wins here.
create unique index title_transfer_one_open on title_transfer (order_line_id) where state = 'requested';
create index title_transfer_from_idx on title_transfer (from_user, created_at desc);
create index title_transfer_line_idx on title_transfer (order_line_id);
