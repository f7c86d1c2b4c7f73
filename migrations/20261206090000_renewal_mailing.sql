-- Renewal codes sent to last season's holders (issue 18, the spec's send-renewal-code): the
-- holders sheet may carry each holder's e-mail; staff send every holder of a season their
-- code, one e-mail each, by a job that moves a mailing's progress. A holder is sent their code
-- once (code_sent_at), whatever the job's retries; staff may send again on purpose.

alter table season_holder
    add column email text check (email is null or (length(email) between 3 and 254 and email like '%_@_%')),
    add column code_sent_at timestamptz;
create index season_holder_email_idx on season_holder (lower(email)) where email is not null;

create table renewal_mailing (
    mailing_id uuid primary key,
    season_ticket_id bigint not null references season_ticket (id) on delete cascade,
    label text not null,
    created_by uuid not null references app_user (user_id),
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    -- holders with a code and an e-mail, not yet sent theirs, when the mailing was made
    total integer not null default 0,
    sent integer not null default 0,
    -- holders of the label left out: no e-mail or no code
    skipped integer not null default 0,
    error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz
);
create index renewal_mailing_created_idx on renewal_mailing (created_at desc);
