-- Outbound e-mails. Replaces the spec's send-*-email calls: every e-mail is rendered when
-- it is enqueued (in the transaction of the write that causes it) and delivered by the
-- durable mail job, which records what happened.
create table outbound_email (
    outbound_email_id uuid primary key,
    template text not null,
    language text not null check (language in ('it', 'en')),
    to_address text not null check (to_address = lower(to_address) and position('@' in to_address) > 1),
    subject text not null,
    body_text text not null,
    body_html text not null,
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts integer not null default 0 check (attempts >= 0),
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    constraint outbound_email_sent_at_iff_sent check ((status = 'sent') = (sent_at is not null))
);

create index outbound_email_created_at_idx on outbound_email (created_at desc);
create index outbound_email_unsent_idx on outbound_email (status) where status <> 'sent';

create table outbound_email_attachment (
    outbound_email_id uuid not null references outbound_email on delete cascade,
    position smallint not null check (position >= 0),
    filename text not null check (length(filename) between 1 and 200),
    content_type text not null,
    content bytea not null,
    primary key (outbound_email_id, position)
);
