-- A season ticket passed on for one match (the spec's abbonamento-cessione and
-- send-transfer-season-ticket-email): the ticketing system issues a match title on the season
-- seat to the new holder; the season title is untouched and covers the seat again from the
-- next match. The receiver's match title cannot be passed on again. It is a change of holder
-- like a match ticket's (title_transfer), of a season seat (season_line_id) for one match.

-- How many matches a season holder may pass on (the spec's /admin/tickets/season_transfer_limit),
-- per season ticket; 0 closes passing on.
alter table season_ticket
    add column transfer_limit integer not null default 0 check (transfer_limit between 0 and 100);

alter table title_transfer
    alter column order_line_id drop not null,
    add column season_line_id bigint references season_order_line (line_id),
    add constraint title_transfer_source_check check ((order_line_id is null) <> (season_line_id is null));

-- A season seat is passed on at most once per match (asked for or done): of two requests at
-- once, one is stored; and the season limit is counted over these rows under the seat's lock.
create unique index title_transfer_season_match on title_transfer (season_line_id, fixture_id)
    where season_line_id is not null and state <> 'refused';
create index title_transfer_to_user_idx on title_transfer (to_user) where to_user is not null;
