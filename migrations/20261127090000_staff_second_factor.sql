-- Staff and admin accounts sign in with a password and a TOTP second factor (issue 25): the
-- e-mailed code or link alone gave anyone who could read an e-mail the admin's powers.

-- The authenticator app's shared secret (RFC 6238, SHA-1, 6 digits, 30 s). Unconfirmed until the
-- first right code; `last_used_step` refuses a code used once already (a replay).
create table staff_totp (
    user_id uuid primary key references app_user on delete cascade,
    secret text not null check (secret ~ '^[A-Z2-7]{32}$'),
    confirmed_at timestamptz,
    last_used_step bigint not null default 0,
    created_at timestamptz not null default now()
);

-- Ten single-use codes given at enrolment, for a lost phone; stored as keyed hashes.
create table recovery_code (
    user_id uuid not null references app_user on delete cascade,
    code_hash bytea not null,
    used_at timestamptz,
    primary key (user_id, code_hash)
);

-- Between the right password and the second factor: a short-lived token, five tries.
create table sign_in_challenge (
    token_hash bytea primary key,
    user_id uuid not null references app_user on delete cascade,
    expires_at timestamptz not null,
    failed_attempts smallint not null default 0,
    used_at timestamptz
);
create index sign_in_challenge_expiry_idx on sign_in_challenge (expires_at);

-- Whether the session passed a second factor (staff routes need it: a fan promoted to staff
-- keeps a session without one), and when its owner last proved who they are (role changes
-- need it recent).
alter table user_session
    add column second_factor boolean not null default false,
    add column reauthenticated_at timestamptz;

-- Staff sessions made before the second factor existed end now.
delete from user_session s
 using app_user u
 where u.user_id = s.user_id and u.acc_level in (1, 2);
