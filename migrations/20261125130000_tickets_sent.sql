-- The ticket e-mail of an order (PDFs attached) is rendered by its own job once the order is
-- issued; this marks it done, so a job run twice sends it once.
alter table ticket_order add column tickets_sent_at timestamptz;
