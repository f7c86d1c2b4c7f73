-- A fan asks for a refund of their tickets for a cancelled or postponed match
-- (/rimborso-biglietti-tickets-refund); staff approve it (a refund of the order's tickets
-- follows) or decline it, and the fan is told by e-mail either way.
alter table fixture add column postponed boolean not null default false;

create table refund_request (
    request_id uuid primary key,
    order_id uuid not null references ticket_order (order_id),
    user_id uuid not null references app_user (user_id),
    reason text not null default '' check (length(reason) <= 1000),
    state text not null default 'pending' check (state in ('pending', 'approved', 'declined')),
    decided_by uuid references app_user (user_id),
    decided_at timestamptz,
    staff_note text check (length(staff_note) <= 1000),
    refund_id uuid references order_refund (refund_id),
    created_at timestamptz not null default now(),
    constraint refund_request_decided_check check ((state = 'pending') = (decided_at is null)),
    constraint refund_request_approved_check check ((state = 'approved') = (refund_id is not null))
);
-- One request waiting per order: asking twice, or twice at once, keeps one.
create unique index refund_request_one_pending on refund_request (order_id) where state = 'pending';
create index refund_request_user_idx on refund_request (user_id, created_at desc);
create index refund_request_state_idx on refund_request (state, created_at);
