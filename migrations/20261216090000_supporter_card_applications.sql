-- The club's supporter cards (issue 21; spec: /blunelcuore, tesseratifoso-registra,
-- tesseratifoso-emetti, delete-tesseratifoso, /admin/fidelity_card): a fan applies for a card
-- for themself or a family member, with the holder's identity and photo; a job registers it
-- in the ticketing system, staff issue it (the police check answers there) or reject it, and
-- may revoke it later. An issued card is also one of the applicant's supporter_card rows.

create table supporter_card_application (
    application_id uuid primary key,
    -- The fan who applied (and holds the card in their account).
    user_id uuid not null references app_user (user_id),
    -- Whose card it is, for the applicant.
    relationship text not null
        check (relationship in ('self', 'child', 'partner', 'parent', 'sibling', 'other')),
    -- The holder's identity, checked as the fan's own is (domain::identity).
    first_name text not null,
    last_name text not null,
    fiscal_code text not null check (fiscal_code ~ '^[A-Z0-9]{16}$'),
    birth_date date not null,
    sex text not null check (sex in ('M', 'F')),
    birth_country text not null,
    birth_province text not null,
    birth_municipality text not null,
    residence_country text not null,
    residence_province text not null,
    residence_municipality text not null,
    address text not null,
    document_type text not null,
    document_number text not null,
    -- The card's photo: a JPEG the server cropped and resized to the card's format.
    photo bytea not null check (octet_length(photo) between 1 and 1048576),
    consent_at timestamptz not null,
    -- submitted: waiting for the registration job; registered: waiting for staff;
    -- issuing: staff said issue, the job is on it; issued; refused: the police check said no
    -- (or the person already holds a card); rejected: staff said no; revoking / revoked.
    state text not null default 'submitted'
        check (state in ('submitted', 'registered', 'issuing', 'issued', 'refused', 'rejected',
                         'revoking', 'revoked', 'expired')),
    card_number text unique,
    expires_on date,
    -- Why it was refused or rejected: a stable code, and staff's words when they rejected it.
    refusal_code text,
    refusal_note text,
    decided_by uuid references app_user (user_id),
    decided_at timestamptz,
    issued_at timestamptz,
    revoked_at timestamptz,
    checked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((state in ('submitted', 'refused', 'rejected')) or card_number is not null)
);

-- One application in progress or card in force per person: a second one for the same fiscal
-- code waits until the first is refused, rejected or revoked.
create unique index supporter_card_application_person_idx
    on supporter_card_application (fiscal_code)
    where state in ('submitted', 'registered', 'issuing', 'issued', 'revoking');
create index supporter_card_application_user_idx
    on supporter_card_application (user_id, created_at desc);
create index supporter_card_application_created_idx
    on supporter_card_application (created_at desc, application_id);
