-- The club's blacklist (issue 21; the spec's blacklist-list, blacklist-insert, blacklist-remove):
-- people the club will not sell to, kept in the ticketing system, which then refuses to issue
-- them a title. Staff add and remove entries here; a job sends each change there
-- (workflows::blacklist), once, whatever it repeats.

create table blacklist_entry (
    blacklist_entry_id uuid primary key,
    first_name text not null check (length(trim(first_name)) between 1 and 60),
    last_name text not null check (length(trim(last_name)) between 1 and 60),
    birth_date date not null,
    fiscal_code text not null default '',
    reason text not null check (length(trim(reason)) between 1 and 500),
    created_at timestamptz not null default now(),
    created_by uuid references app_user (user_id) on delete set null,
    removed_at timestamptz,
    removed_by uuid references app_user (user_id) on delete set null,
    -- the change staff made last, and the one the ticketing system has
    version integer not null default 1,
    sent_version integer not null default 0,
    mirror text not null default 'pending' check (mirror in ('pending', 'done', 'failed'))
);
-- One entry in force per person (by fiscal code when given, else by name and birth date).
create unique index blacklist_entry_person_idx on blacklist_entry
    (upper(first_name), upper(last_name), birth_date) where removed_at is null;
create unique index blacklist_entry_fiscal_code_idx on blacklist_entry (fiscal_code)
    where removed_at is null and fiscal_code <> '';
create index blacklist_entry_created_idx on blacklist_entry (created_at desc);
