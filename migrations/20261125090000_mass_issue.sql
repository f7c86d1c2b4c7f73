-- Mass issuing. Replaces the spec's report_mass_issuing_task (one row per task) and
-- report_fixture_tickets (one row per line, its isFinalized / isUnfinalized flags become
-- `state`). Each line that passes the checks becomes a one-seat staff order, issued by the
-- same steps as any order (so a seat or a holder can never be issued twice); the line records
-- what became of it.

create table mass_issue_task (
    task_id uuid primary key,
    fixture_id bigint not null references fixture (id),
    created_by uuid not null references app_user (user_id),
    source text not null check (source in ('sheet', 'manual')),
    file_name text,
    -- the tickets' e-mails and PDFs
    language text not null default 'it' check (language in ('it', 'en')),
    -- every staff retry starts a round; the unfinalised report is e-mailed once per round
    round integer not null default 0,
    reported_round integer not null default -1,
    created_at timestamptz not null default now(),
    finished_at timestamptz
);
create index mass_issue_task_created_idx on mass_issue_task (created_at desc);

create table mass_issue_line (
    line_id bigint generated always as identity primary key,
    task_id uuid not null references mass_issue_task (task_id) on delete cascade,
    -- the sheet's row (header = 1), or the typed line's position
    row_number integer not null check (row_number > 0),
    -- the line as read and normalised (label, holder, e-mail, reduction): what a retry sells
    input jsonb not null,
    label text not null,
    seat_id bigint references venue_seat (id),
    holder_name text not null,
    email text not null,
    reduction text not null,
    price_cents integer check (price_cents >= 0),
    state text not null default 'queued'
        check (state in ('queued', 'issuing', 'finalized', 'unfinalized')),
    -- why it is unfinalised: one of the preview's codes, or the ticketing system's refusal
    reason text,
    -- the line's order once sold (a retry after a refund sells a new one)
    order_id uuid unique references ticket_order (order_id),
    updated_at timestamptz not null default now(),
    unique (task_id, row_number),
    constraint mass_issue_line_reason_check check ((state = 'unfinalized') = (reason is not null)),
    constraint mass_issue_line_order_check check (state not in ('issuing', 'finalized') or order_id is not null)
);
create index mass_issue_line_task_idx on mass_issue_line (task_id, state);

-- An order sold by a mass task is issued on the mass queue, with the holder as the buyer.
alter table ticket_order add column mass_task_id uuid references mass_issue_task (task_id);
