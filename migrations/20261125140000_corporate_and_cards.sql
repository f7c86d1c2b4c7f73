-- Corporate requests (replaces the spec's `corporate_requests`): a signed-in user asks, for a
-- company, for a corporate account. Status 0 = received, 1 = approved (both "open or active"
-- in the spec), 2 = declined. An open or active request is unique per company name, company
-- e-mail and user e-mail (the spec's duplicate rule), which the partial unique indexes enforce
-- against two submissions racing.
create table corporate_request (
    request_id uuid primary key,
    company_name text not null check (length(btrim(company_name)) between 2 and 120),
    vat_number text not null check (vat_number ~ '^[0-9]{11}$'),
    company_email text not null check (company_email = lower(company_email) and position('@' in company_email) > 1),
    corporate_user_email text not null
        check (corporate_user_email = lower(corporate_user_email) and position('@' in corporate_user_email) > 1),
    requested_by uuid not null references app_user (user_id),
    contact_name text not null check (length(btrim(contact_name)) between 2 and 120),
    phone text not null check (phone ~ '^\+?[0-9 ]{6,20}$'),
    message text not null default '' check (length(message) <= 2000),
    language text not null check (language in ('it', 'en')),
    status smallint not null default 0 check (status in (0, 1, 2)),
    created_at timestamptz not null default now(),
    decided_by uuid references app_user (user_id),
    decided_at timestamptz,
    constraint corporate_request_decision_check check ((status = 0) = (decided_at is null))
);
create unique index corporate_request_open_company_name on corporate_request (lower(btrim(company_name)))
    where status in (0, 1);
create unique index corporate_request_open_company_email on corporate_request (company_email)
    where status in (0, 1);
create unique index corporate_request_open_user_email on corporate_request (corporate_user_email)
    where status in (0, 1);
create index corporate_request_created_idx on corporate_request (created_at desc);
create index corporate_request_requested_by_idx on corporate_request (requested_by, created_at desc);

-- Supporter cards (the spec's users.supporter_card and supporter_card_numbers): the cards an
-- account holds, each checked with the ticketing system when added. A card number belongs to
-- one account at most.
create table supporter_card (
    card_id uuid primary key,
    user_id uuid not null references app_user (user_id) on delete cascade,
    card_number text not null check (card_number ~ '^[A-Z0-9]{6,20}$'),
    holder_first_name text not null,
    holder_last_name text not null,
    holder_birth_date date not null,
    card_state text not null,
    expires_on date,
    created_at timestamptz not null default now(),
    constraint supporter_card_number_key unique (card_number)
);
create index supporter_card_user_idx on supporter_card (user_id, created_at);

alter table export_file drop constraint export_file_kind_check;
alter table export_file add constraint export_file_kind_check
    check (kind in ('tickets', 'fixture', 'customer_consent', 'locked_seats', 'company_requests', 'fidelity_cards'));
