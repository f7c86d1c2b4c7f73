-- The fan's identity (issue 21): the reference data the ticketing system names places with
-- (planet-nazioni, planet-province, planet-comuni), copied here by a job so that the identity
-- form and its checks never wait on the ticketing system; and where the fan's registration as
-- a person there stands (utenza-addpersona -> planet_persona_id).

create table ref_nation (
    code text primary key check (code ~ '^[A-Z]{2}$'),
    name_it text not null,
    name_en text not null
);

create table ref_province (
    code text primary key check (code ~ '^[A-Z]{2}$'),
    name text not null,
    region text not null
);

create table ref_municipality (
    istat_code text primary key,
    name text not null,
    province text not null,
    cadastral_code text not null check (cadastral_code ~ '^[A-Z][0-9]{3}$')
);
create index ref_municipality_province_idx on ref_municipality (province, name);

alter table app_user
    -- Bumped at every save of the identity; the registration job records the version it sent.
    add column identity_version integer not null default 0,
    add column identity_updated_at timestamptz,
    add column persona_registered_version integer not null default 0;

-- An account its owner deleted: the row stays (issued titles and orders point at it, and the
-- fiscal rules keep those), emptied of the person's data (domain::accounts::deletion).
alter table app_user add column deleted_at timestamptz;
