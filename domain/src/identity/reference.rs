//! The ticketing system's reference data (planet-nazioni, planet-province, planet-comuni),
//! copied into Postgres by `workflows::reference` and read from here.

use serde::Serialize;
use sqlx::PgConnection;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Nation {
    /// ISO 3166 code (`IT`).
    pub code: String,
    pub name_it: String,
    pub name_en: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Province {
    /// The two letters (`CO`).
    pub code: String,
    pub name: String,
    pub region: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Municipality {
    pub istat_code: String,
    pub name: String,
    pub province: String,
    /// The code fiscal codes name it by (`C933`).
    pub cadastral_code: String,
}

pub async fn nations(conn: &mut PgConnection) -> Result<Vec<Nation>, sqlx::Error> {
    sqlx::query_as!(
        Nation,
        "select code, name_it, name_en from ref_nation order by name_it"
    )
    .fetch_all(conn)
    .await
}

pub async fn provinces(conn: &mut PgConnection) -> Result<Vec<Province>, sqlx::Error> {
    sqlx::query_as!(
        Province,
        "select code, name, region from ref_province order by name"
    )
    .fetch_all(conn)
    .await
}

/// The municipalities of a province, by name.
pub async fn municipalities(
    conn: &mut PgConnection,
    province: &str,
) -> Result<Vec<Municipality>, sqlx::Error> {
    sqlx::query_as!(
        Municipality,
        "select istat_code, name, province, cadastral_code from ref_municipality
          where province = $1 order by name",
        province
    )
    .fetch_all(conn)
    .await
}

pub async fn municipality(
    conn: &mut PgConnection,
    istat_code: &str,
) -> Result<Option<Municipality>, sqlx::Error> {
    sqlx::query_as!(
        Municipality,
        "select istat_code, name, province, cadastral_code from ref_municipality
          where istat_code = $1",
        istat_code
    )
    .fetch_optional(conn)
    .await
}

pub async fn nation_exists(conn: &mut PgConnection, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from ref_nation where code = $1) as "e!""#,
        code
    )
    .fetch_one(conn)
    .await
}

pub async fn province_exists(conn: &mut PgConnection, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from ref_province where code = $1) as "e!""#,
        code
    )
    .fetch_one(conn)
    .await
}

/// Writes the nations and provinces as the ticketing system gives them (new ones added, known
/// ones updated; none removed: a fan's saved birthplace keeps its name).
pub async fn upsert_nations_and_provinces(
    conn: &mut PgConnection,
    nations: &[Nation],
    provinces: &[Province],
) -> Result<(), sqlx::Error> {
    let codes: Vec<_> = nations.iter().map(|n| n.code.clone()).collect();
    let it: Vec<_> = nations.iter().map(|n| n.name_it.clone()).collect();
    let en: Vec<_> = nations.iter().map(|n| n.name_en.clone()).collect();
    sqlx::query!(
        "insert into ref_nation (code, name_it, name_en)
         select * from unnest($1::text[], $2::text[], $3::text[])
         on conflict (code) do update set name_it = excluded.name_it, name_en = excluded.name_en",
        &codes,
        &it,
        &en
    )
    .execute(&mut *conn)
    .await?;
    let codes: Vec<_> = provinces.iter().map(|p| p.code.clone()).collect();
    let names: Vec<_> = provinces.iter().map(|p| p.name.clone()).collect();
    let regions: Vec<_> = provinces.iter().map(|p| p.region.clone()).collect();
    sqlx::query!(
        "insert into ref_province (code, name, region)
         select * from unnest($1::text[], $2::text[], $3::text[])
         on conflict (code) do update set name = excluded.name, region = excluded.region",
        &codes,
        &names,
        &regions
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes one province's municipalities (as [`upsert_nations_and_provinces`]).
pub async fn upsert_municipalities(
    conn: &mut PgConnection,
    municipalities: &[Municipality],
) -> Result<(), sqlx::Error> {
    let istat: Vec<_> = municipalities
        .iter()
        .map(|m| m.istat_code.clone())
        .collect();
    let names: Vec<_> = municipalities.iter().map(|m| m.name.clone()).collect();
    let provinces: Vec<_> = municipalities.iter().map(|m| m.province.clone()).collect();
    let cadastral: Vec<_> = municipalities
        .iter()
        .map(|m| m.cadastral_code.clone())
        .collect();
    sqlx::query!(
        "insert into ref_municipality (istat_code, name, province, cadastral_code)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])
         on conflict (istat_code) do update
            set name = excluded.name, province = excluded.province,
                cadastral_code = excluded.cadastral_code",
        &istat,
        &names,
        &provinces,
        &cadastral
    )
    .execute(conn)
    .await?;
    Ok(())
}
