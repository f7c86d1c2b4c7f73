-- The service log (spec: /admin/reports/service-log): every call to an outside system, with
-- its time, duration and outcome. Written in batches by each api and worker process; kept
-- for 30 days.
create table service_call (
    call_id bigint generated always as identity primary key,
    service text not null check (service in ('ticketing', 'payments', 'mail')),
    operation text not null,
    started_at timestamptz not null,
    duration_ms integer not null check (duration_ms >= 0),
    outcome text not null check (outcome in ('ok', 'error')),
    status integer,
    error text
);
create index service_call_started_idx on service_call (started_at desc);
create index service_call_service_idx on service_call (service, started_at desc);
