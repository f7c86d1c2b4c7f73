-- Accounts (replaces the spec's `users` collection), sessions, sign-in codes and links,
-- password resets, e-mail bans (`banned_emails`), the audit log and rate-limit counters.

create table app_user (
    user_id uuid primary key,
    email text not null unique check (email = lower(email) and position('@' in email) > 1),
    -- identity
    name text not null default '',
    display_name text not null default '',
    first_name text not null default '',
    last_name text not null default '',
    about_me text not null default '',
    full_name text not null default '',
    fiscal_code text not null default '',
    address text not null default '',
    date_of_birth date,
    gender text not null default '',
    phone text not null default '',
    gravatar text not null default '',
    avatar text not null default '',
    photo text not null default '',
    -- account
    status smallint not null default 1,
    link_verified boolean not null default false,
    id_verified boolean not null default false,
    phone_verified boolean not null default false,
    is_verified boolean not null default false,
    id_type text not null default '',
    acc_level smallint not null default 100 check (acc_level in (1, 2, 51, 55, 100)),
    acc_type smallint not null default 1,
    acc_status smallint not null default 0,
    terms_accepted boolean not null default false,
    language text not null default 'en' check (language in ('it', 'en')),
    created_at timestamptz not null default now(),
    last_login_at timestamptz,
    credits integer not null default 500,
    balance bigint not null default 0,
    token_balance bigint not null default 0,
    user_tier smallint not null default 1,
    welcome boolean not null default false,
    version text not null default '1.1.4',
    is_logged_in boolean not null default false,
    registration_ip inet,
    is_first_time_login boolean not null default true,
    is_email_connected boolean not null default false,
    is_phone_connected boolean not null default false,
    is_default_password boolean not null default false,
    member_since timestamptz not null default now(),
    password_hash text,
    -- birth and residence (named holder data for the ticketing system)
    province_of_birth text not null default '',
    municipality_of_birth text not null default '',
    country_of_birth text not null default '',
    document_type text not null default '',
    document_number text not null default '',
    residence_country text not null default '',
    residence_province text not null default '',
    residence_municipality text not null default '',
    -- ticketing-system links
    planet_persona_id bigint,
    planet_is_sponsor boolean not null default false,
    planet_sponsor_persona_id bigint,
    planet_sponsor_name text not null default '',
    on_behalf_sponsor_id text not null default '',
    on_behalf_sponsor_name text not null default '',
    on_behalf_sponsor_email text not null default '',
    -- seats and carts
    temp_seats_id text not null default '',
    temp_seats_created_at timestamptz,
    shopping_cart_foundation_id text not null default '',
    shopping_cart_sent_id text not null default '',
    -- supporter cards
    has_viva_card boolean not null default false,
    -- roles
    is_agent boolean not null default false,
    is_corporate boolean not null default false,
    -- loyalty (the balance is the ledger's; this is the spec's 24 h cache of it)
    mola_points numeric(14, 2) not null default 0,
    mola_points_updated_at timestamptz,
    -- consent
    marketing_consent boolean not null default false,
    profiling_consent boolean not null default false,
    third_party_consent boolean not null default false,
    consent_13_years boolean not null default false,
    -- wallet
    wallet_provider text not null default '',
    network_chain_id text not null default '0x1'
);
create index app_user_acc_level_idx on app_user (acc_level);
create index app_user_name_idx on app_user (lower(last_name), lower(first_name));

-- A session: the cookie holds a random token; only its SHA-256 is stored.
create table user_session (
    token_hash bytea primary key,
    user_id uuid not null references app_user on delete cascade,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    ip inet,
    user_agent text not null default ''
);
create index user_session_user_idx on user_session (user_id);

-- One-time sign-in codes (spec: send-otp): 6 digits, HMAC-SHA-256 stored, 120 s, 5 tries.
create table sign_in_code (
    sign_in_code_id uuid primary key,
    email text not null,
    code_hash bytea not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    failed_attempts smallint not null default 0 check (failed_attempts between 0 and 5),
    consumed_at timestamptz
);
create index sign_in_code_email_idx on sign_in_code (email, created_at desc);

-- Single-use tokens sent by e-mail: sign-in links and password resets.
create table email_token (
    token_hash bytea primary key,
    purpose text not null check (purpose in ('sign_in_link', 'password_reset')),
    email text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    consumed_at timestamptz
);

-- banned_emails of the spec. Status 0 lifted, 1 active, 3 expired or scheduled.
create table banned_email (
    banned_email_id uuid primary key,
    ban_email text not null check (ban_email = lower(ban_email)),
    status smallint not null check (status in (0, 1, 3)),
    ban_start_date timestamptz,
    ban_end_date timestamptz,
    created_at timestamptz not null default now()
);
create index banned_email_email_idx on banned_email (ban_email) where status = 1;

-- Who did what to which record (staff actions, role changes ...).
create table audit_entry (
    audit_entry_id uuid primary key,
    actor_user_id uuid references app_user on delete set null,
    action text not null,
    subject_type text not null,
    subject_id text not null,
    details jsonb not null default '{}',
    created_at timestamptz not null default now()
);
create index audit_entry_subject_idx on audit_entry (subject_type, subject_id, created_at desc);

-- Fixed-window counters for rate limits (shared by every api process).
create table rate_limit_window (
    bucket text not null,
    window_start timestamptz not null,
    hits integer not null,
    primary key (bucket, window_start)
);
