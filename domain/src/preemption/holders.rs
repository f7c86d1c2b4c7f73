//! Last season's holders (the spec's seasons/{label}/holders) imported from a sheet, and the
//! code table that maps each renewal code to a seat. A sheet is read whole, checked row by row
//! (each rejected row kept with its reason) and written in batches of 500 by a job, each batch
//! a transaction that also moves the import's progress.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgConnection;
use std::collections::{BTreeMap, HashMap, HashSet};
use uuid::Uuid;

/// Rows written per transaction (the spec: batch writes in groups of 500).
pub const BATCH: usize = 500;

/// The sheet's columns, as the spec names the holder's fields; matched without case, accents'
/// or spaces' differences. `Codice Rinnovo` (the renewal code, P1-...) and `Email` (where the
/// code is sent) are optional.
pub const COLUMNS: [&str; 14] = [
    "Nome",
    "Cognome",
    "Data Nascita",
    "Provincia Nascita",
    "Localita Nascita",
    "Sesso",
    "Sigillo Fiscale",
    "Promozioni1",
    "Promozioni2",
    "Nome Acquirente",
    "Cognome Acquirente",
    "Data Nascita Acquirente",
    "Codice Rinnovo",
    "Email",
];

/// One holder as a sheet row gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HolderRow {
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub birth_province: String,
    pub birth_place: String,
    pub sex: String,
    pub fiscal_seal: String,
    pub used_for: Vec<i64>,
    pub kind: String,
    pub buyer_first_name: String,
    pub buyer_last_name: String,
    pub buyer_birth_date: Option<NaiveDate>,
    pub renewal_code: Option<String>,
    /// Where the renewal code is sent (the holder's e-mail), lower case.
    pub email: Option<String>,
}

/// Why a row was not written. Stable codes: the report and the app translate them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RowRejection {
    MissingName,
    BadBirthDate,
    BadSex,
    BadSeal,
    DuplicateSeal,
    BadPromotions,
    BadBuyerBirthDate,
    BadRenewalCode,
    /// A holder born abroad (province EE) needs the country as the birth place.
    MissingCountry,
    BadEmail,
}

impl RowRejection {
    pub fn code(self) -> &'static str {
        match self {
            RowRejection::MissingName => "missing_name",
            RowRejection::BadBirthDate => "bad_birth_date",
            RowRejection::BadSex => "bad_sex",
            RowRejection::BadSeal => "bad_seal",
            RowRejection::DuplicateSeal => "duplicate_seal",
            RowRejection::BadPromotions => "bad_promotions",
            RowRejection::BadBuyerBirthDate => "bad_buyer_birth_date",
            RowRejection::BadRenewalCode => "bad_renewal_code",
            RowRejection::MissingCountry => "missing_country",
            RowRejection::BadEmail => "bad_email",
        }
    }
}

fn header_key(h: &str) -> String {
    crate::inventory::person_key(h).replace(' ', "")
}

/// A date as sheets write it: dd/mm/yyyy (the spec shows it so), yyyy-mm-dd, or a date with
/// a time of midnight.
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    let s = s.split_whitespace().next().unwrap_or("");
    NaiveDate::parse_from_str(s, "%d/%m/%Y")
        .or_else(|_| NaiveDate::parse_from_str(s, "%Y-%m-%d"))
        .or_else(|_| NaiveDate::parse_from_str(s, "%d-%m-%Y"))
        .ok()
        .filter(|d| {
            use chrono::Datelike;
            (1900..=2100).contains(&d.year())
        })
}

/// Checks the rows of a sheet (its first row the header). Each good row with its row number,
/// and each rejected row's number and reason. A fiscal seal seen in an earlier row rejects the
/// later one (`DuplicateSeal`): the import never picks one silently.
#[allow(clippy::type_complexity)]
pub fn parse_sheet(
    rows: &[(u32, Vec<String>)],
) -> Result<(Vec<(u32, HolderRow)>, Vec<(u32, RowRejection, String)>), Vec<&'static str>> {
    let Some((_, header)) = rows.first() else {
        return Err(COLUMNS[..12].to_vec());
    };
    let at: HashMap<String, usize> = header
        .iter()
        .enumerate()
        .map(|(i, h)| (header_key(h), i))
        .collect();
    let missing: Vec<&'static str> = COLUMNS[..9]
        .iter()
        .copied()
        .filter(|c| !at.contains_key(&header_key(c)))
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let mut good = vec![];
    let mut bad = vec![];
    let mut seen: HashSet<String> = HashSet::new();
    for (n, cells) in &rows[1..] {
        let cell = |name: &str| -> String {
            at.get(&header_key(name))
                .and_then(|i| cells.get(*i))
                .map(|s| s.trim().to_owned())
                .unwrap_or_default()
        };
        let seal = cell("Sigillo Fiscale");
        match parse_row(&cell) {
            Ok(row) => {
                if seen.insert(row.fiscal_seal.to_uppercase()) {
                    good.push((*n, row));
                } else {
                    bad.push((*n, RowRejection::DuplicateSeal, seal));
                }
            }
            Err(r) => bad.push((*n, r, seal)),
        }
    }
    Ok((good, bad))
}

fn parse_row(cell: &dyn Fn(&str) -> String) -> Result<HolderRow, RowRejection> {
    let (first, last) = (cell("Nome"), cell("Cognome"));
    if first.is_empty() || last.is_empty() || first.len() > 100 || last.len() > 100 {
        return Err(RowRejection::MissingName);
    }
    let birth = parse_date(&cell("Data Nascita")).ok_or(RowRejection::BadBirthDate)?;
    let sex = cell("Sesso").to_uppercase();
    if !(sex.is_empty() || sex == "M" || sex == "F") {
        return Err(RowRejection::BadSex);
    }
    let seal = cell("Sigillo Fiscale");
    if !(4..=40).contains(&seal.len()) || !seal.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(RowRejection::BadSeal);
    }
    let province = cell("Provincia Nascita").to_uppercase();
    let place = cell("Localita Nascita");
    if province == super::FOREIGN_PROVINCE && place.is_empty() {
        return Err(RowRejection::MissingCountry);
    }
    let used_for = cell("Promozioni1")
        .split([',', ';', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<i64>().map_err(|_| RowRejection::BadPromotions))
        .collect::<Result<Vec<_>, _>>()?;
    let buyer_birth = cell("Data Nascita Acquirente");
    let buyer_birth_date = if buyer_birth.is_empty() {
        None
    } else {
        Some(parse_date(&buyer_birth).ok_or(RowRejection::BadBuyerBirthDate)?)
    };
    let code = cell("Codice Rinnovo").to_uppercase();
    let renewal_code = if code.is_empty() {
        None
    } else if is_renewal_code(&code) {
        Some(code)
    } else {
        return Err(RowRejection::BadRenewalCode);
    };
    let email = cell("Email").to_lowercase();
    let email = if email.is_empty() {
        None
    } else if crate::email::Email::parse(&email).is_ok() && email.len() <= 254 {
        Some(email)
    } else {
        return Err(RowRejection::BadEmail);
    };
    Ok(HolderRow {
        first_name: first,
        last_name: last,
        birth_date: birth,
        birth_province: province,
        birth_place: place,
        sex,
        fiscal_seal: seal.to_uppercase(),
        used_for,
        kind: cell("Promozioni2").to_uppercase(),
        buyer_first_name: cell("Nome Acquirente"),
        buyer_last_name: cell("Cognome Acquirente"),
        buyer_birth_date,
        renewal_code,
        email,
    })
}

/// A renewal code of the code table: P1- or P2- and letters or digits.
pub fn is_renewal_code(code: &str) -> bool {
    let rest = code
        .strip_prefix("P1-")
        .or_else(|| code.strip_prefix("P2-"));
    rest.is_some_and(|r| {
        !r.is_empty() && r.len() <= 30 && r.chars().all(|c| c.is_ascii_alphanumeric())
    })
}

/// Writes a batch of holders under `label` (a holder already there, by fiscal seal, is
/// updated: the spec's merge), and moves the import's progress by the batch's size. Run in a
/// transaction.
pub async fn write_batch(
    conn: &mut PgConnection,
    import_id: Uuid,
    label: &str,
    rows: &[HolderRow],
) -> Result<(), sqlx::Error> {
    let col = |f: fn(&HolderRow) -> String| rows.iter().map(f).collect::<Vec<String>>();
    let used: Vec<String> = rows
        .iter()
        .map(|r| {
            r.used_for
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    sqlx::query!(
        r#"insert into season_holder (label, first_name, last_name, birth_date, birth_province,
               birth_place, sex, fiscal_seal, used_for, kind, buyer_first_name, buyer_last_name,
               buyer_birth_date, renewal_code, import_id, email)
           select $1, u.first, u.last, u.birth, u.province, u.place, u.sex, u.seal,
                  coalesce(string_to_array(nullif(u.used, ''), ',')::bigint[], '{}'), u.kind,
                  u.bfirst, u.blast, u.bbirth, u.code, $15, u.email
             from unnest($2::text[], $3::text[], $4::date[], $5::text[], $6::text[], $7::text[],
                         $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::date[],
                         $14::text[], $16::text[])
               as u(first, last, birth, province, place, sex, seal, used, kind, bfirst, blast, bbirth, code, email)
           on conflict (label, fiscal_seal) do update set
               first_name = excluded.first_name, last_name = excluded.last_name,
               birth_date = excluded.birth_date, birth_province = excluded.birth_province,
               birth_place = excluded.birth_place, sex = excluded.sex,
               used_for = (select coalesce(array_agg(distinct x order by x), '{}')
                             from unnest(season_holder.used_for || excluded.used_for) as x),
               kind = excluded.kind, buyer_first_name = excluded.buyer_first_name,
               buyer_last_name = excluded.buyer_last_name, buyer_birth_date = excluded.buyer_birth_date,
               renewal_code = excluded.renewal_code, import_id = excluded.import_id,
               email = coalesce(excluded.email, season_holder.email), updated_at = now()"#,
        label,
        &col(|r| r.first_name.clone()),
        &col(|r| r.last_name.clone()),
        &rows.iter().map(|r| r.birth_date).collect::<Vec<_>>(),
        &col(|r| r.birth_province.clone()),
        &col(|r| r.birth_place.clone()),
        &col(|r| r.sex.clone()),
        &col(|r| r.fiscal_seal.clone()),
        &used,
        &col(|r| r.kind.clone()),
        &col(|r| r.buyer_first_name.clone()),
        &col(|r| r.buyer_last_name.clone()),
        &rows.iter().map(|r| r.buyer_birth_date).collect::<Vec<_>>() as &[Option<NaiveDate>],
        &rows.iter().map(|r| r.renewal_code.clone()).collect::<Vec<_>>() as &[Option<String>],
        import_id,
        &rows.iter().map(|r| r.email.clone()).collect::<Vec<_>>() as &[Option<String>]
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "update holders_import set written = written + $2 where import_id = $1",
        import_id,
        rows.len() as i32
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// An import of holders as staff see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HoldersImport {
    pub id: Uuid,
    pub label: String,
    pub file_name: String,
    pub state: String,
    /// Rows in the sheet (its header aside).
    pub total: i32,
    /// Rows written so far.
    pub written: i32,
    pub rejected: i64,
    pub error: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub finished_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Queues a sheet of holders for `label`.
pub async fn create_import(
    conn: &mut PgConnection,
    label: &str,
    file_name: &str,
    sheet: &[u8],
    actor: Uuid,
) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into holders_import (import_id, label, file_name, created_by, sheet) values ($1, $2, $3, $4, $5)",
        id,
        label,
        file_name,
        actor,
        sheet
    )
    .execute(&mut *conn)
    .await?;
    crate::audit::record(
        conn,
        Some(actor),
        "holders.import",
        "holders_import",
        &id.to_string(),
        serde_json::json!({"label": label, "file_name": file_name, "bytes": sheet.len()}),
    )
    .await?;
    Ok(id)
}

pub async fn get_import(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<HoldersImport>, sqlx::Error> {
    sqlx::query_as!(
        HoldersImport,
        r#"select import_id as id, label, file_name, state, total, written,
                  (select count(*) from holders_import_rejection r where r.import_id = i.import_id) as "rejected!",
                  error, created_at, finished_at
             from holders_import i where import_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn list_imports(
    conn: &mut PgConnection,
    limit: i64,
    offset: i64,
) -> Result<(Vec<HoldersImport>, i64), sqlx::Error> {
    let rows = sqlx::query_as!(
        HoldersImport,
        r#"select import_id as id, label, file_name, state, total, written,
                  (select count(*) from holders_import_rejection r where r.import_id = i.import_id) as "rejected!",
                  error, created_at, finished_at
             from holders_import i order by created_at desc limit $1 offset $2"#,
        limit,
        offset
    )
    .fetch_all(&mut *conn)
    .await?;
    let total = sqlx::query_scalar!(r#"select count(*) as "n!" from holders_import"#)
        .fetch_one(conn)
        .await?;
    Ok((rows, total))
}

/// The sheet of an import that is still to be written (its bytes), and its label.
pub async fn start_import(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<Option<(String, Vec<u8>)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"update holders_import set state = 'running', written = 0, total = 0, error = null
            where import_id = $1 and state in ('queued', 'running', 'failed')
        returning label, sheet as "sheet!""#,
        id
    )
    .fetch_optional(&mut *conn)
    .await?;
    if row.is_some() {
        sqlx::query!(
            "delete from holders_import_rejection where import_id = $1",
            id
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(row.map(|r| (r.label, r.sheet)))
}

/// Records the sheet's size and its rejected rows (before the batches).
pub async fn record_rejections(
    conn: &mut PgConnection,
    id: Uuid,
    total: usize,
    rejected: &[(u32, RowRejection, String)],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update holders_import set total = $2 where import_id = $1",
        id,
        total as i32
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "insert into holders_import_rejection (import_id, row_number, reason, fiscal_seal)
         select $1, u.n, u.reason, u.seal from unnest($2::int[], $3::text[], $4::text[]) as u(n, reason, seal)
         on conflict do nothing",
        id,
        &rejected.iter().map(|r| r.0 as i32).collect::<Vec<_>>(),
        &rejected.iter().map(|r| r.1.code().to_owned()).collect::<Vec<_>>(),
        &rejected.iter().map(|r| r.2.clone()).collect::<Vec<_>>()
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends an import: done, or failed with the reason (a sheet that cannot be read).
pub async fn finish_import(
    conn: &mut PgConnection,
    id: Uuid,
    error: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update holders_import set state = case when $2::text is null then 'done' else 'failed' end,
                error = $2, finished_at = now(), sheet = case when $2::text is null then null else sheet end
          where import_id = $1",
        id,
        error
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A rejected row of an import.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Rejection {
    pub row_number: i32,
    pub reason: String,
    pub fiscal_seal: String,
}

pub async fn rejections(conn: &mut PgConnection, id: Uuid) -> Result<Vec<Rejection>, sqlx::Error> {
    sqlx::query_as!(
        Rejection,
        "select row_number, reason, fiscal_seal from holders_import_rejection where import_id = $1 order by row_number",
        id
    )
    .fetch_all(conn)
    .await
}

/// A holder as staff search them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HolderView {
    pub id: i64,
    pub label: String,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: NaiveDate,
    pub birth_province: String,
    pub birth_place: String,
    pub sex: String,
    pub fiscal_seal: String,
    pub used_for: Vec<i64>,
    pub kind: String,
    pub renewal_code: Option<String>,
    /// The seat the renewal code maps to.
    pub seat_label: Option<String>,
}

/// The holders of `label` matching `q` (a fiscal seal, a renewal code, or a last name's
/// start), newest label first, `limit` at a time.
pub async fn search(
    conn: &mut PgConnection,
    label: Option<&str>,
    q: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<HolderView>, i64), sqlx::Error> {
    let q = q.trim();
    let rows = sqlx::query_as!(
        HolderView,
        r#"select h.id, h.label, h.first_name, h.last_name, h.birth_date, h.birth_province, h.birth_place,
                  h.sex, h.fiscal_seal, h.used_for, h.kind, h.renewal_code, c.seat_label as "seat_label?"
             from season_holder h left join renewal_seat_code c on c.code = h.renewal_code
            where ($1::text is null or h.label = $1)
              and ($2 = '' or upper(h.fiscal_seal) = upper($2) or upper(h.renewal_code) = upper($2)
                   or lower(h.last_name) like lower($2) || '%')
            order by h.label desc, lower(h.last_name), lower(h.first_name), h.id
            limit $3 offset $4"#,
        label,
        q,
        limit,
        offset
    )
    .fetch_all(&mut *conn)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from season_holder h
            where ($1::text is null or h.label = $1)
              and ($2 = '' or upper(h.fiscal_seal) = upper($2) or upper(h.renewal_code) = upper($2)
                   or lower(h.last_name) like lower($2) || '%')"#,
        label,
        q
    )
    .fetch_one(conn)
    .await?;
    Ok((rows, total))
}

/// What importing a code table did: codes written, codes listed twice with different seats
/// (refused, none of their seats picked), rows whose seat the venue does not have.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct CodeTableReport {
    pub written: usize,
    pub duplicates: Vec<DuplicateCode>,
    pub rejected: Vec<CodeRowRejection>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DuplicateCode {
    pub code: String,
    pub seats: Vec<String>,
    pub rows: Vec<u32>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CodeRowRejection {
    pub row_number: u32,
    pub code: String,
    pub seat: String,
    /// `bad_code` or `unknown_seat`.
    pub reason: String,
}

/// A code table split: (row, code, seat) to write, codes with two seats, bad rows.
pub type GroupedCodes = (
    Vec<(u32, String, String)>,
    Vec<DuplicateCode>,
    Vec<CodeRowRejection>,
);

/// Splits a code table (code, seat) into the codes to write and the codes listed with two
/// different seats. The same code twice with the same seat is one code.
pub fn group_codes(rows: &[(u32, String, String)]) -> GroupedCodes {
    let mut by_code: BTreeMap<String, Vec<(u32, String)>> = BTreeMap::new();
    let mut rejected = vec![];
    for (n, code, seat) in rows {
        let code = code.trim().to_uppercase();
        let seat = seat.trim().to_uppercase();
        if !is_renewal_code(&code) || seat.is_empty() {
            rejected.push(CodeRowRejection {
                row_number: *n,
                code,
                seat,
                reason: "bad_code".into(),
            });
            continue;
        }
        by_code.entry(code).or_default().push((*n, seat));
    }
    let mut good = vec![];
    let mut duplicates = vec![];
    for (code, entries) in by_code {
        let seats: Vec<String> = entries
            .iter()
            .map(|e| e.1.clone())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if seats.len() > 1 {
            duplicates.push(DuplicateCode {
                code,
                seats,
                rows: entries.iter().map(|e| e.0).collect(),
            });
        } else {
            good.push((entries[0].0, code, seats[0].clone()));
        }
    }
    (good, duplicates, rejected)
}

/// Writes a code table's codes (a code already there is moved to its new seat); a code listed
/// with two seats is reported and not written, and an existing entry for it is removed, so
/// that no renewal keeps a seat the table no longer vouches for.
pub async fn import_codes(
    conn: &mut PgConnection,
    rows: &[(u32, String, String)],
    actor: Uuid,
) -> Result<CodeTableReport, sqlx::Error> {
    let (good, duplicates, mut rejected) = group_codes(rows);
    let mut written = 0;
    for chunk in good.chunks(BATCH) {
        let codes: Vec<String> = chunk.iter().map(|g| g.1.clone()).collect();
        let seats: Vec<String> = chunk.iter().map(|g| g.2.clone()).collect();
        let done = sqlx::query_scalar!(
            r#"insert into renewal_seat_code (code, seat_id, seat_label)
               select u.code, s.id, s.label from unnest($1::text[], $2::text[]) as u(code, seat)
                 join venue_seat s on upper(s.label) = u.seat
               on conflict (code) do update set seat_id = excluded.seat_id,
                  seat_label = excluded.seat_label, updated_at = now()
               returning code"#,
            &codes,
            &seats
        )
        .fetch_all(&mut *conn)
        .await?;
        written += done.len();
        let done: HashSet<String> = done.into_iter().collect();
        rejected.extend(
            chunk
                .iter()
                .filter(|g| !done.contains(&g.1))
                .map(|g| CodeRowRejection {
                    row_number: g.0,
                    code: g.1.clone(),
                    seat: g.2.clone(),
                    reason: "unknown_seat".into(),
                }),
        );
    }
    let dup_codes: Vec<String> = duplicates.iter().map(|d| d.code.clone()).collect();
    sqlx::query!(
        "delete from renewal_seat_code where code = any($1)",
        &dup_codes
    )
    .execute(&mut *conn)
    .await?;
    rejected.sort_by_key(|r| r.row_number);
    crate::audit::record(
        conn,
        Some(actor),
        "renewal_codes.import",
        "renewal_seat_code",
        "",
        serde_json::json!({"written": written, "duplicates": dup_codes, "rejected": rejected.len()}),
    )
    .await?;
    Ok(CodeTableReport {
        written,
        duplicates,
        rejected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(rows: &[&[&str]]) -> Vec<(u32, Vec<String>)> {
        rows.iter()
            .enumerate()
            .map(|(i, r)| (i as u32 + 1, r.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    const HEADER: &[&str] = &[
        "Nome",
        "Cognome",
        "Data Nascita",
        "Provincia Nascita",
        "Località Nascita",
        "Sesso",
        "Sigillo Fiscale",
        "Promozioni1",
        "Promozioni2",
        "Codice Rinnovo",
    ];

    #[test]
    fn a_sheet_is_read_by_its_headers_and_each_bad_row_is_rejected_with_its_reason() {
        let rows = sheet(&[
            HEADER,
            &[
                "Mario",
                "Rossi",
                "01/04/1990",
                "CO",
                "Como",
                "M",
                "AB12CD34",
                "1004, 1005",
                "SEASON",
                "P1-100",
            ],
            &[
                "",
                "Bianchi",
                "01/04/1990",
                "CO",
                "Como",
                "M",
                "AB12CD35",
                "",
                "",
                "",
            ],
            &[
                "Anna",
                "Verdi",
                "31/02/1990",
                "CO",
                "Como",
                "F",
                "AB12CD36",
                "",
                "",
                "",
            ],
            &[
                "Anna",
                "Verdi",
                "1990-02-03",
                "EE",
                "",
                "F",
                "AB12CD37",
                "",
                "",
                "",
            ],
            &[
                "Anna",
                "Neri",
                "1990-02-03",
                "EE",
                "Svizzera",
                "X",
                "AB12CD38",
                "",
                "",
                "",
            ],
            &[
                "Luca",
                "Blu",
                "1990-02-03",
                "MI",
                "Milano",
                "M",
                "ab12cd34",
                "",
                "",
                "",
            ],
            &[
                "Luca",
                "Blu",
                "1990-02-03",
                "MI",
                "Milano",
                "M",
                "AB-1",
                "",
                "",
                "",
            ],
            &[
                "Luca",
                "Blu",
                "1990-02-03",
                "MI",
                "Milano",
                "M",
                "AB12CD39",
                "x",
                "",
                "",
            ],
            &[
                "Luca",
                "Blu",
                "1990-02-03",
                "MI",
                "Milano",
                "M",
                "AB12CD40",
                "",
                "",
                "Q1-1",
            ],
        ]);
        let (good, bad) = parse_sheet(&rows).unwrap();
        assert_eq!(good.len(), 1);
        assert_eq!(good[0].1.used_for, vec![1004, 1005]);
        assert_eq!(good[0].1.renewal_code.as_deref(), Some("P1-100"));
        assert_eq!(
            good[0].1.birth_date,
            NaiveDate::from_ymd_opt(1990, 4, 1).unwrap()
        );
        let reasons: Vec<(u32, RowRejection)> = bad.iter().map(|b| (b.0, b.1)).collect();
        assert_eq!(
            reasons,
            vec![
                (3, RowRejection::MissingName),
                (4, RowRejection::BadBirthDate),
                (5, RowRejection::MissingCountry),
                (6, RowRejection::BadSex),
                (7, RowRejection::DuplicateSeal),
                (8, RowRejection::BadSeal),
                (9, RowRejection::BadPromotions),
                (10, RowRejection::BadRenewalCode),
            ]
        );
    }

    #[test]
    fn a_sheet_without_the_holders_columns_names_the_missing_ones() {
        let rows = sheet(&[&["Nome", "Cognome"], &["Mario", "Rossi"]]);
        let missing = parse_sheet(&rows).unwrap_err();
        assert!(missing.contains(&"Data Nascita") && missing.contains(&"Sigillo Fiscale"));
        assert!(!missing.contains(&"Nome"));
    }

    #[test]
    fn a_code_listed_with_two_seats_is_reported_and_not_picked() {
        let rows = vec![
            (2, "P1-1".into(), "CC-CC1-1-1".into()),
            (3, "p1-2".into(), "CC-CC1-1-2".into()),
            (4, "P1-2".into(), "CC-CC1-1-3".into()),
            (5, "P1-3".into(), "CC-CC1-1-4".into()),
            (6, "P1-3".into(), "cc-cc1-1-4".into()),
            (7, "X-9".into(), "CC-CC1-1-5".into()),
        ];
        let (good, dups, bad) = group_codes(&rows);
        assert_eq!(
            good.iter().map(|g| g.1.as_str()).collect::<Vec<_>>(),
            vec!["P1-1", "P1-3"]
        );
        assert_eq!(dups.len(), 1);
        assert_eq!(dups[0].code, "P1-2");
        assert_eq!(dups[0].seats, vec!["CC-CC1-1-2", "CC-CC1-1-3"]);
        assert_eq!(dups[0].rows, vec![3, 4]);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].reason, "bad_code");
    }

    #[test]
    fn renewal_codes_are_p1_or_p2() {
        assert!(is_renewal_code("P1-123"));
        assert!(is_renewal_code("P2-AB9"));
        assert!(!is_renewal_code("P3-1"));
        assert!(!is_renewal_code("P1-"));
        assert!(!is_renewal_code("P1-1 2"));
    }
}
