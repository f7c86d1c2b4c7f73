-- A circuit breaker per outside system, shared by every worker process: while the ticketing
-- system is down, issuing jobs wait for it without spending their attempts, and one probe at a
-- time asks whether it is back.
create table service_breaker (
    service text primary key check (service in ('ticketing')),
    -- consecutive failed calls (reset by a success)
    failures integer not null default 0 check (failures >= 0),
    -- set while open: since when the system is taken as down
    opened_at timestamptz,
    -- while open: no call before this time; the caller that passes it first probes
    retry_at timestamptz,
    last_error text,
    updated_at timestamptz not null default now(),
    constraint service_breaker_open_has_retry check ((opened_at is null) = (retry_at is null))
);
insert into service_breaker (service) values ('ticketing');

-- When the fan was told that the tickets of a paid order are delayed (once per order).
alter table ticket_order add column delay_notified_at timestamptz;
