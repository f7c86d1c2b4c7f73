-- A fan's tickets sent again (the spec's send-all-tickets): a job e-mails each issued order of
-- theirs for a match ahead, and each issued season order, once per request, whatever its
-- retries: each order sent is recorded in the transaction that enqueues its e-mail.
create table tickets_resend (
    round uuid not null,
    order_id uuid not null,
    sent_at timestamptz not null default now(),
    primary key (round, order_id)
);
