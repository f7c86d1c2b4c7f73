-- Each table's generated ids live in a range of their own, so that an id of one kind given
-- where another is expected (a fixture id as a seat id) finds nothing instead of a wrong
-- row: in tests the sequences all started at 1 and such a mix-up passed. A sequence restarts
-- at its range's start, or after its highest id when that is already higher.
do $$
declare
    r record;
    next_id bigint;
begin
    for r in
        select * from (values
            ('fixture',         'id',               100000::bigint,          999999::bigint),
            ('venue_seat',      'id',               1000000,                 99999999),
            ('order_line',      'order_line_id',    100000000,               9999999999),
            ('mass_issue_line', 'line_id',          10000000000,             99999999999),
            ('ticket_mismatch', 'mismatch_id',      100000000000,            999999999999),
            ('service_call',    'call_id',          1000000000000,           9999999999999)
        ) as t(tbl, col, low, high)
    loop
        execute format('select greatest(%s, coalesce(max(%I), 0) + 1) from %I', r.low, r.col, r.tbl)
            into next_id;
        execute format('alter sequence %s minvalue %s maxvalue %s start with %s restart with %s',
                       pg_get_serial_sequence(r.tbl, r.col), r.low, r.high, next_id, next_id);
    end loop;
end $$;
