-- Season lines in mass issuing (issue 17): a mass task issues either tickets for a fixture or
-- season seats of a season ticket (as season titles, or as collections of match titles when
-- `collection`). Each season line becomes a one-seat complimentary season order, issued by the
-- season's issuing job, so a seat or a holder is never issued twice. The spec's
-- report_fixture_tickets.isUnfinalizedSeason is a line of a season task in state
-- 'unfinalized' (isFinalized / isUnfinalized are the state, as for fixture lines).

alter table mass_issue_task
    alter column fixture_id drop not null,
    add column season_ticket_id bigint references season_ticket (id),
    add column collection boolean not null default false,
    add constraint mass_issue_task_target_check
        check ((fixture_id is null) <> (season_ticket_id is null)),
    add constraint mass_issue_task_collection_check
        check (not collection or season_ticket_id is not null);

-- A season line's order (a retry after a refund sells a new one).
alter table mass_issue_line
    add column season_order_id uuid unique references season_order (order_id),
    drop constraint mass_issue_line_order_check,
    add constraint mass_issue_line_order_check
        check (state not in ('issuing', 'finalized') or order_id is not null or season_order_id is not null),
    add constraint mass_issue_line_one_order_check
        check (order_id is null or season_order_id is null);

-- A season order sold by a mass task: its issuing finalises the line, its failure unfinalises
-- it (reported to staff, not listed with fans' failed season issues).
alter table season_order add column mass_task_id uuid references mass_issue_task (task_id);
