-- Saved people (issue 21): the fan's family and friends with their identity, checked as the
-- fan's own is, offered when naming a ticket's holder (checkout, transfer) and when applying
-- for a supporter card. And one account per person: a fiscal code is the identity of one
-- account at most.

create table saved_person (
    person_id uuid primary key,
    user_id uuid not null references app_user (user_id),
    relationship text not null check (relationship in ('child', 'partner', 'parent', 'sibling', 'other')),
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
    phone text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    -- A person once per account: saving them again is an edit, not a second entry.
    unique (user_id, fiscal_code)
);
create index saved_person_user_idx on saved_person (user_id, last_name, first_name);

-- Two accounts cannot both be one person: the fiscal code of a live account's identity is
-- its own (a deleted account's is erased, so the person may sign up again).
create unique index app_user_fiscal_code_idx on app_user (fiscal_code)
    where fiscal_code <> '' and deleted_at is null;
