-- The tickets mismatch report (spec: /admin/reports/tickets_mismatch_report): a fixture's
-- titles here compared with the ticketing system's journal and title info, and every
-- divergence found, until staff reconcile it.
create table mismatch_report (
    report_id uuid primary key,
    fixture_id bigint not null references fixture (id),
    requested_by uuid not null references app_user (user_id),
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    titles_here integer,
    titles_there integer,
    error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz
);
create index mismatch_report_created_idx on mismatch_report (created_at desc);

create table ticket_mismatch (
    mismatch_id bigint generated always as identity primary key,
    report_id uuid not null references mismatch_report (report_id) on delete cascade,
    kind text not null check (kind in (
        'unknown_here', 'cancelled_there', 'missing_there', 'different_seat', 'different_holder')),
    title_id bigint not null,
    seal text,
    -- what each side says: {label, holder, state}
    here jsonb,
    there jsonb,
    -- the ticketing system's seat and holder, for a reconcile that takes them
    there_seat bigint,
    there_holder jsonb,
    resolved_at timestamptz,
    resolved_by uuid references app_user (user_id),
    resolution text,
    unique (report_id, title_id)
);
create index ticket_mismatch_report_idx on ticket_mismatch (report_id, mismatch_id);
