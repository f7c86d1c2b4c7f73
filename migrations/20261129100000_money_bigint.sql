-- One money type (issue 16): every amount in cents is a bigint, as an order's total already
-- was, so the api reads each into the same Cents (i64) and never converts by hand.
alter table default_price alter column price_cents type bigint;
alter table order_line alter column price_cents type bigint;
alter table mass_issue_line alter column price_cents type bigint;
