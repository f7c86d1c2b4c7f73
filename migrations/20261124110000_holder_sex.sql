-- A holder's sex, as the ticketing system records people: some reductions depend on it
-- (the women's reduction), as others depend on the age on the match day.
alter table order_line
    add column holder_sex text check (holder_sex in ('M', 'F'));
