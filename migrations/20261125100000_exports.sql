-- Excel exports built by a job and kept for download (the spec's export-to-excel,
-- fixture-export-to-excel, customer-consent-export-to-excel, download-excel-locked-sector,
-- which answered with the file at once).
create table export_file (
    export_id uuid primary key,
    kind text not null check (kind in ('tickets', 'fixture', 'customer_consent', 'locked_seats')),
    fixture_id bigint references fixture (id),
    requested_by uuid not null references app_user (user_id),
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    rows_total bigint check (rows_total >= 0),
    rows_done bigint not null default 0 check (rows_done >= 0),
    file_name text not null,
    content bytea,
    error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    expires_at timestamptz not null,
    constraint export_file_done_check check ((state = 'done') = (content is not null))
);
create index export_file_created_idx on export_file (created_at desc);
create index export_file_expires_idx on export_file (expires_at);
