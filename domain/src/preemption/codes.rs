//! The custom list of rights of a fixture or a season ticket (the spec's preemption_codes:
//! fidelity_card_number_or_fiscal_seal and sector_code, a comma-separated list), kept by
//! staff: listed, added one by one, imported from a sheet, removed. Every change audited.

use super::phases::PhaseTarget;
use super::rights::normalise;
use super::sector_codes;
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

/// One right of the list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PreemptionCode {
    pub id: i64,
    pub season_ticket_id: Option<i64>,
    pub fixture_id: Option<i64>,
    pub fidelity_card_number_or_fiscal_seal: String,
    pub sector_code: String,
}

/// Why a right cannot be listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CodeRefusal {
    /// Not a card number or a seal (3 to 40 letters, digits and dashes).
    BadRight,
    /// No sector, a list over 200 characters, or sectors the venue does not have.
    BadSectors,
    /// Listed already for this target.
    Duplicate,
}

/// A right and its sectors, checked and written the way the list keeps them.
async fn checked(
    conn: &mut PgConnection,
    right: &str,
    sectors: &str,
) -> Result<Result<(String, String), CodeRefusal>, sqlx::Error> {
    let Some(right) = normalise(right) else {
        return Ok(Err(CodeRefusal::BadRight));
    };
    let codes: Vec<String> = sector_codes(sectors).into_iter().collect();
    let list = codes.join(",");
    if codes.is_empty() || list.len() > 200 {
        return Ok(Err(CodeRefusal::BadSectors));
    }
    let known = sqlx::query_scalar!(
        r#"select count(*) as "n!" from venue_sector where code = any($1)"#,
        &codes
    )
    .fetch_one(conn)
    .await?;
    if known != codes.len() as i64 {
        return Ok(Err(CodeRefusal::BadSectors));
    }
    Ok(Ok((right, list)))
}

/// The list of a target, a right's start or a sector filtering it.
pub async fn list(
    conn: &mut PgConnection,
    target: PhaseTarget,
    q: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<PreemptionCode>, i64), sqlx::Error> {
    let (season, fixture) = target.ids();
    let q = q.trim().to_uppercase();
    let items = sqlx::query_as!(
        PreemptionCode,
        "select id, season_ticket_id, fixture_id, fidelity_card_number_or_fiscal_seal, sector_code
           from preemption_code
          where (season_ticket_id = $1 or fixture_id = $2)
            and ($3 = '' or upper(fidelity_card_number_or_fiscal_seal) like $3 || '%'
                 or $3 = any(string_to_array(sector_code, ',')))
          order by id limit $4 offset $5",
        season,
        fixture,
        q,
        limit,
        offset
    )
    .fetch_all(&mut *conn)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from preemption_code
            where (season_ticket_id = $1 or fixture_id = $2)
              and ($3 = '' or upper(fidelity_card_number_or_fiscal_seal) like $3 || '%'
                   or $3 = any(string_to_array(sector_code, ',')))"#,
        season,
        fixture,
        q
    )
    .fetch_one(conn)
    .await?;
    Ok((items, total))
}

/// Lists a right for a target (audited).
pub async fn add(
    conn: &mut PgConnection,
    target: PhaseTarget,
    right: &str,
    sectors: &str,
    staff: Uuid,
) -> Result<Result<PreemptionCode, CodeRefusal>, sqlx::Error> {
    let (right, list) = match checked(conn, right, sectors).await? {
        Ok(v) => v,
        Err(r) => return Ok(Err(r)),
    };
    let (season, fixture) = target.ids();
    let added = sqlx::query_as!(
        PreemptionCode,
        "insert into preemption_code (season_ticket_id, fixture_id, fidelity_card_number_or_fiscal_seal, sector_code)
         values ($1, $2, $3, $4) on conflict do nothing
         returning id, season_ticket_id, fixture_id, fidelity_card_number_or_fiscal_seal, sector_code",
        season,
        fixture,
        right,
        list
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(added) = added else {
        return Ok(Err(CodeRefusal::Duplicate));
    };
    crate::audit::record(
        conn,
        Some(staff),
        "preemption_code.add",
        "preemption_code",
        &added.id.to_string(),
        serde_json::json!({"season_ticket_id": season, "fixture_id": fixture, "sectors": list}),
    )
    .await?;
    Ok(Ok(added))
}

/// Removes a right from its list (audited). False when there is no such right.
pub async fn remove(conn: &mut PgConnection, id: i64, staff: Uuid) -> Result<bool, sqlx::Error> {
    let gone = sqlx::query_scalar!("delete from preemption_code where id = $1 returning id", id)
        .fetch_optional(&mut *conn)
        .await?;
    if gone.is_none() {
        return Ok(false);
    }
    crate::audit::record(
        conn,
        Some(staff),
        "preemption_code.remove",
        "preemption_code",
        &id.to_string(),
        serde_json::json!({}),
    )
    .await?;
    Ok(true)
}

/// A sheet's row that was not listed.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CodeImportRejection {
    pub row: u32,
    pub reason: CodeRefusal,
}

/// What an import of a list did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CodeImportReport {
    pub added: usize,
    pub rejected: Vec<CodeImportRejection>,
}

/// Lists each row (the right, its sectors) of a sheet for a target; a row already listed, or
/// whose right or sectors are not valid, is reported with its reason. Run in a transaction.
pub async fn import(
    conn: &mut PgConnection,
    target: PhaseTarget,
    rows: &[(u32, String, String)],
    staff: Uuid,
) -> Result<CodeImportReport, sqlx::Error> {
    let mut added = 0;
    let mut rejected = vec![];
    for (row, right, sectors) in rows {
        match add(conn, target, right, sectors, staff).await? {
            Ok(_) => added += 1,
            Err(reason) => rejected.push(CodeImportRejection { row: *row, reason }),
        }
    }
    Ok(CodeImportReport { added, rejected })
}
