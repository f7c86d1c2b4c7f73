-- What a hold may say of each seat before checkout: the reduction asked for, and the named
-- holder. One seat per named holder per fixture (the ticketing system's rule, enforced here
-- before any title is asked for).
alter table seat_inventory
    add column reduction_id integer references reduction (id),
    -- upper-case LAST|FIRST|yyyy-mm-dd
    add column holder_key text,
    add constraint seat_inventory_line_check check (
        (holder_key is null and reduction_id is null) or state in ('held', 'sold')
    );
create unique index seat_inventory_one_seat_per_holder on seat_inventory (fixture_id, holder_key)
    where holder_key is not null;
