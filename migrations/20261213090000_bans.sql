-- Bans of e-mails and of titles, run by staff (the spec's banned_emails and banned_titles,
-- /admin/ban/{type?}). Status 0 lifted, 1 active, 3 expired or scheduled: what the sweep writes
-- back for the lists. Whether a ban bars anything is read from its dates (status not 0, start
-- passed, end not passed), so a ban is never in force outside them, whatever the sweep's timing.

alter table banned_email
    add column reason text not null default '' check (length(reason) <= 500),
    add column created_by uuid references app_user (user_id) on delete set null,
    add column updated_at timestamptz not null default now(),
    add column lifted_at timestamptz;
update banned_email set ban_start_date = created_at where ban_start_date is null;
alter table banned_email
    alter column ban_start_date set not null,
    alter column ban_start_date set default now(),
    add constraint banned_email_dates_check check (ban_end_date is null or ban_end_date > ban_start_date);
drop index banned_email_email_idx;
create index banned_email_email_idx on banned_email (ban_email) where status <> 0;
create index banned_email_created_idx on banned_email (created_at desc);

create table banned_title (
    banned_title_id uuid primary key,
    ban_seal text not null check (ban_seal ~ '^[A-Za-z0-9]{4,40}$'),
    status smallint not null check (status in (0, 1, 3)),
    ban_start_date timestamptz not null default now(),
    ban_end_date timestamptz,
    reason text not null check (length(reason) between 1 and 500),
    created_by uuid references app_user (user_id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    lifted_at timestamptz,
    -- the title's holder (the ticketing system bans a person) and its match or season
    holder_first_name text not null,
    holder_last_name text not null,
    holder_birth_date date not null,
    event text not null,
    -- the ticketing system's ban: each change bumps `mirror_version`; the job that sends it
    -- records `mirrored_version`; `mirror_failed` when it gave up
    planet_ban_id bigint,
    mirror_version integer not null default 1,
    mirrored_version integer not null default 0,
    mirror_failed boolean not null default false,
    constraint banned_title_dates_check check (ban_end_date is null or ban_end_date > ban_start_date)
);
create index banned_title_seal_idx on banned_title (ban_seal) where status <> 0;
create index banned_title_created_idx on banned_title (created_at desc);
