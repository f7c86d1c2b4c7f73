-- Issue 25, finding 8: asking for a sign-in code or link no longer creates the account (nor
-- tells whether one exists); what the sign-up form said (language, consents, address) waits
-- here until the code or link is used, when the account is made from it.
create table pending_signup (
    email text primary key check (email = lower(email)),
    language text not null,
    marketing_consent boolean not null default false,
    profiling_consent boolean not null default false,
    third_party_consent boolean not null default false,
    registration_ip inet,
    created_at timestamptz not null default now()
);
