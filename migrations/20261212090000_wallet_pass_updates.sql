-- Passes already on phones follow their title: a title passed on, refunded or cancelled
-- voids the pass in Apple Wallet (its web service, woken by a push) and in Google Wallet (the
-- object updated through its REST API).

-- A pass handed out (a .pkpass downloaded or a Google save link made), by serial number: the
-- fiscal seal it was made for. `title` names the title (a match ticket's line, a season seat
-- and match, a match received from a season holder: `domain::pass_links::PassTitle`'s key);
-- `shown` is what the pass shows since `updated_at` (Apple's Last-Modified and the tag of
-- "passes updated since"). `changed_at` is set by the triggers below when the title may
-- show something else; a sweep then queues the job that brings the pass up to date and
-- wakes the phones (`updated_for` = the change it handled).
create table wallet_pass (
    serial text primary key,
    title text not null,
    language text not null default 'it' check (language in ('it', 'en')),
    shown jsonb not null,
    -- a Google Wallet save link was made: the object may exist in Google Wallet
    google boolean not null default false,
    updated_at timestamptz not null default now(),
    -- the update whose pushes went out (the phones were told of `updated_at` when equal)
    notified_at timestamptz,
    changed_at timestamptz,
    updated_for timestamptz,
    created_at timestamptz not null default now()
);
create index wallet_pass_changed on wallet_pass (changed_at)
    where changed_at is not null and (updated_for is null or updated_for < changed_at);

-- Apple devices registered for a pass's updates (Apple's "register a pass for update
-- notifications"): the push token wakes the device, which then asks which passes changed.
create table wallet_pass_device (
    device_id text not null check (length(device_id) between 1 and 200),
    serial text not null references wallet_pass (serial) on delete cascade,
    push_token text not null check (length(push_token) between 1 and 200),
    created_at timestamptz not null default now(),
    primary key (device_id, serial)
);
create index wallet_pass_device_serial on wallet_pass_device (serial);

-- Marks the passes of `seals` changed (a no-op for a seal no pass was made for).
create function wallet_pass_mark_changed(seals text[]) returns void
language sql as $$
    update wallet_pass set changed_at = clock_timestamp()
     where serial = any(seals)
$$;

-- A match ticket's line or a season title: a change of holder puts a new seal on a line (the
-- old seal's pass is void); a refund or a cancellation changes its title's state.
create function title_pass_changed() returns trigger
language plpgsql as $$
begin
    perform wallet_pass_mark_changed(array[old.seal, new.seal]);
    return null;
end $$;
create trigger order_line_pass_changed
    after update of seal, title_state, live on order_line
    for each row
    when (old.seal is not null and (old.seal is distinct from new.seal
          or old.title_state is distinct from new.title_state or old.live is distinct from new.live))
    execute function title_pass_changed();
create trigger season_line_pass_changed
    after update of seal, title_state, live on season_order_line
    for each row
    when (old.seal is not null and (old.seal is distinct from new.seal
          or old.title_state is distinct from new.title_state or old.live is distinct from new.live))
    execute function title_pass_changed();

-- A collection's match title, and its season title: the season pass shows the next valid
-- match, and is void when every one is cancelled.
create function season_match_pass_changed() returns trigger
language plpgsql as $$
begin
    perform wallet_pass_mark_changed(array[old.seal, (select l.seal from season_order_line l
                                                       where l.line_id = old.line_id)]);
    return null;
end $$;
create trigger season_match_pass_changed
    after update of title_state on season_match_title
    for each row
    when (old.title_state is distinct from new.title_state)
    execute function season_match_pass_changed();
