-- When a fixture's sale opens to fans (Europe/Rome shown, stored in UTC). A fixture on sale
-- (status 1) whose opening is still ahead shows fans the date and refuses their holds until
-- then; null: open as soon as it is on sale. Staff sales (box office, mass issue) do not wait.
alter table fixture add column sale_opens_at timestamptz;
