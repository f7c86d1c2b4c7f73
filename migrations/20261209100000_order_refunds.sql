-- Staff refund an issued order's tickets, all or some: each refund names its lines (a line is
-- refunded once: the conditional update that gives it a refund id), pays back their price
-- through the provider under the refund's id as idempotency key, and cancels their titles.
create table order_refund (
    refund_id uuid primary key,
    order_id uuid not null references ticket_order (order_id),
    amount_cents bigint not null check (amount_cents >= 0),
    reason text not null check (length(reason) between 1 and 500),
    -- the staff member who asked (null: the system, a match's bulk refund names its staff)
    requested_by uuid references app_user (user_id),
    state text not null default 'requested' check (state in ('requested', 'done')),
    provider_refund_id text,
    created_at timestamptz not null default now(),
    done_at timestamptz,
    constraint order_refund_done_check check ((state = 'done') = (done_at is not null))
);
create index order_refund_order_idx on order_refund (order_id, created_at);

alter table order_line add column refund_id uuid references order_refund (refund_id);
create index order_line_refund_idx on order_line (refund_id) where refund_id is not null;
