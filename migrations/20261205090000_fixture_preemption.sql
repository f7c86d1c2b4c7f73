-- A match's pre-emption (issue 18): during a fixture's fidelity-card, pre-emption-code or
-- named-group phase a fan first shows their right ("use my right": a fidelity card number or
-- a fiscal seal from the fixture's custom list, or the fiscal seal of a season holder), then
-- holds one seat in a sector the right opens and checks it out. The order carries the right
-- (the spec's ticket_preemption_code and preemptionFidelityCard) and is issued through the
-- pre-emption call; one live order per right and match, as the database says.

-- The right a fan showed for a match's current phase; replaced when they show another.
create table preemption_claim (
    fixture_id bigint not null references fixture (id) on delete cascade,
    user_id uuid not null references app_user (user_id) on delete cascade,
    phase_id bigint not null references sale_phase (id) on delete cascade,
    -- the card number or seal, upper case
    right_value text not null check (right_value ~ '^[A-Z0-9-]{3,40}$'),
    -- 'card': a fidelity card; 'seal': a fiscal seal of the custom list; 'holder': a season
    -- holder found by the seal (Promozioni1 written when the title is issued)
    source text not null check (source in ('card', 'seal', 'holder')),
    holder_id bigint references season_holder (id) on delete cascade,
    -- the sectors it opens in this phase, comma-separated; empty: every sector of the phase
    sectors text not null default '' check (length(sectors) <= 200),
    created_at timestamptz not null default now(),
    primary key (fixture_id, user_id),
    constraint preemption_claim_holder_check check ((source = 'holder') = (holder_id is not null))
);

alter table ticket_order
    add column preemption_right text,
    -- the spec's preemptionFidelityCard: the right is a fidelity card (else a fiscal seal)
    add column preemption_card boolean not null default false,
    add column preemption_holder_id bigint references season_holder (id),
    add constraint ticket_order_right_check check (
        (preemption_right is not null) or (not preemption_card and preemption_holder_id is null));

-- A right buys one seat of a match once: one live order per right and fixture.
create unique index ticket_order_one_right on ticket_order (fixture_id, preemption_right)
    where preemption_right is not null and state in ('pending', 'paid', 'issuing', 'issued');
