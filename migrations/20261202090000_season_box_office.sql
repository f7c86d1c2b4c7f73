-- Season tickets sold by staff at the box office (the spec's send-admin-season-ticket-purchase-email):
-- who sold it; the payment method (cash, pos, bank transfer, complimentary) is already there.
alter table season_order add column sold_by uuid references app_user (user_id);
create index season_order_sold_by_idx on season_order (created_at desc) where sold_by is not null;

-- The season exports: every season title and collection match title issued, and the backlog
-- (collections still PENDING).
alter table export_file drop constraint export_file_kind_check;
alter table export_file add constraint export_file_kind_check
    check (kind in ('tickets', 'fixture', 'customer_consent', 'locked_seats', 'company_requests',
                    'fidelity_cards', 'season_tickets', 'season_backlog'));
