-- The club's settings (issue 24; the spec's configuration document): one row, loaded by the
-- processes at start, cached by the api (refreshed when the row changes: a notification on
-- 'club_settings'), changed by admins at /admin/config with an audit entry. Secrets (the
-- spec's unlockPassword among them) stay in the environment, never here.

create table club_settings (
    id smallint primary key default 1 check (id = 1),
    -- The ticketing system's ids for this club (spec: operatorId, terminaleId,
    -- terminaleIdMobile, organizzatoreId, puntovenditaId, puntovenditaIdMobile, salesPoint).
    operator_id integer not null check (operator_id > 0),
    terminal_id integer not null check (terminal_id > 0),
    terminal_id_mobile integer not null check (terminal_id_mobile > 0),
    organizer_id integer not null check (organizer_id > 0),
    point_of_sale_id integer not null check (point_of_sale_id > 0),
    point_of_sale_id_mobile integer not null check (point_of_sale_id_mobile > 0),
    box_office_sales_point integer not null check (box_office_sales_point > 0),
    -- Whether the tickets' e-mail carries the PDFs (spec: titleEmailAttachments).
    title_email_attachments boolean not null,
    -- Points per euro (spec: comoPointConversion).
    points_per_euro integer not null check (points_per_euro between 1 and 100000),
    -- Fans are sent to /maintenance and their writes refused (spec: maintenanceMode).
    maintenance_mode boolean not null,
    updated_at timestamptz not null default now(),
    updated_by uuid references app_user (user_id)
);

-- The spec's values. (Its timezoneOffsetRome 2 and timezoneOffsetRome1hour 1 are not kept:
-- times are converted with the Europe/Rome zone, daylight saving included, everywhere.)
insert into club_settings
    (operator_id, terminal_id, terminal_id_mobile, organizer_id, point_of_sale_id,
     point_of_sale_id_mobile, box_office_sales_point, title_email_attachments, points_per_euro,
     maintenance_mode)
values (30, 51, 62, 2, 2, 4, 1, true, 100, false);
