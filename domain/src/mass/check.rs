//! Every line checked before anything is issued: the seat, the reduction and its price, the holder, one seat per person, the task's own duplicates.

use super::*;
use crate::money::Cents;

/// What is wrong with a line: a column (or `holder`) and a stable code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LineError {
    pub field: String,
    pub code: String,
}

impl LineError {
    pub fn new(field: &str, code: &str) -> Self {
        LineError {
            field: field.to_owned(),
            code: code.to_owned(),
        }
    }
}

/// A line after every check this database can make (the ticketing system's verdict on the
/// holder is added by the caller).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CheckedLine {
    pub row: i32,
    pub line: SheetLine,
    #[schema(value_type = Option<i64>)]
    pub seat_id: Option<SeatId>,
    pub sector_name: Option<String>,
    pub price_cents: Option<Cents>,
    #[serde(skip)]
    pub reduction_id: Option<ReductionId>,
    #[serde(skip)]
    pub holder: Option<HolderDetails>,
    pub valid: bool,
    pub errors: Vec<LineError>,
}

impl CheckedLine {
    /// Adds an error; the line is no longer valid.
    pub fn refuse(&mut self, field: &str, code: &str) {
        self.errors.push(LineError::new(field, code));
        self.valid = false;
    }

    /// Adds a warning: said, but the line stays valid.
    pub fn warn(&mut self, field: &str, code: &str) {
        self.errors.push(LineError::new(field, code));
    }

    /// Why the line is refused: its first error's code (`None` when valid).
    pub fn reason(&self) -> Option<&str> {
        if self.valid {
            return None;
        }
        self.errors.first().map(|e| e.code.as_str())
    }
}

/// Checks every line against the fixture (or the season ticket) as it stands: fields, seat
/// known and free (for a season: in a block sold for seasons and free in every covered
/// match), each seat and holder once in the sheet, the holder without a seat for the fixture
/// (without a seat of the season ticket), the reduction known, priced for the seat's sector
/// and fitting the holder on the match day (the first match's), the e-mail not banned. Reads
/// only; changes nothing.
pub async fn check_lines(
    conn: &mut PgConnection,
    target: Target,
    match_day: NaiveDate,
    lines: &[(i32, SheetLine)],
) -> Result<Vec<CheckedLine>, sqlx::Error> {
    let today = Utc::now().date_naive();
    let labels: Vec<String> = lines.iter().map(|(_, l)| l.label.clone()).collect();
    let rows = match target {
        Target::Fixture(fixture_id) => {
            sqlx::query_as!(
                SeatRow,
                r#"select s.id, s.label, b.sector_code, sec.name as sector_name,
                          (i.state = 'free' or (i.state = 'held' and i.held_until <= now())) as "free!"
                     from venue_seat s
                     join venue_block b on b.id = s.block_id
                     join venue_sector sec on sec.code = b.sector_code
                     join seat_inventory i on i.fixture_id = $1 and i.seat_id = s.id
                    where s.label = any($2) and not b.no_map"#,
                fixture_id.0,
                &labels
            )
            .fetch_all(&mut *conn)
            .await?
        }
        // A season seat: in a block sold for seasons, free in every covered match.
        Target::Season { id, .. } => {
            sqlx::query_as!(
                SeatRow,
                r#"select s.id, s.label, b.sector_code, sec.name as sector_name,
                          coalesce(bool_and(i.state = 'free' or (i.state = 'held' and i.held_until <= now())),
                                   false) as "free!"
                     from venue_seat s
                     join venue_block b on b.id = s.block_id
                     join venue_sector sec on sec.code = b.sector_code
                     left join seat_inventory i on i.seat_id = s.id and i.fixture_id in
                          (select fixture_id from season_ticket_fixture where season_ticket_id = $1)
                    where s.label = any($2) and not b.no_map and b.season_sellable
                    group by s.id, s.label, b.sector_code, sec.name"#,
                id.0,
                &labels
            )
            .fetch_all(&mut *conn)
            .await?
        }
    };
    let seats: HashMap<String, SeatRow> = rows.into_iter().map(|r| (r.label.clone(), r)).collect();
    let reductions: HashMap<String, (i32, String)> =
        sqlx::query!("select id, code, rule from reduction")
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|r| (r.code, (r.id, r.rule)))
            .collect();
    let prices: HashMap<(String, i32), Cents> = match target {
        Target::Fixture(_) => {
            sqlx::query!("select sector_code, reduction_id, price_cents from default_price")
                .fetch_all(&mut *conn)
                .await?
                .into_iter()
                .map(|r| ((r.sector_code, r.reduction_id), Cents(r.price_cents)))
                .collect()
        }
        // The season's prices with the reductions sold online (as a season order's naming).
        Target::Season { id, .. } => sqlx::query!(
            "select p.sector_code, p.reduction_id, p.price_cents
               from season_price p join reduction r on r.id = p.reduction_id
              where p.season_ticket_id = $1 and r.visibility >= 1",
            id.0
        )
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|r| ((r.sector_code, r.reduction_id), Cents(r.price_cents)))
        .collect(),
    };

    let mut checked: Vec<CheckedLine> = lines
        .iter()
        .map(|(row, line)| {
            let mut c = CheckedLine {
                row: *row,
                line: line.clone(),
                seat_id: None,
                sector_name: None,
                price_cents: None,
                reduction_id: None,
                holder: None,
                valid: true,
                errors: vec![],
            };
            match line.parse(today) {
                Ok((holder, _)) => c.holder = Some(holder),
                Err(errors) => {
                    c.errors = errors;
                    c.valid = false;
                }
            }
            c
        })
        .collect();

    let mut seat_rows: HashMap<&str, usize> = HashMap::new();
    let mut holder_rows: HashMap<String, usize> = HashMap::new();
    for c in checked.iter_mut() {
        let seat = seats.get(&c.line.label);
        if !c.line.label.is_empty() {
            match seat {
                None => c.refuse("label", "unknown_seat"),
                Some(s) => {
                    c.seat_id = Some(SeatId(s.id));
                    c.sector_name = Some(s.sector_name.clone());
                    if !s.free {
                        c.refuse("label", "seat_taken");
                    }
                }
            }
        }
        match reductions.get(&c.line.reduction) {
            None => c.refuse("reduction", "unknown_reduction"),
            Some((id, rule)) => {
                c.reduction_id = Some(ReductionId(*id));
                if let Some(s) = seat {
                    match prices.get(&(s.sector_code.clone(), *id)) {
                        Some(p) => c.price_cents = Some(*p),
                        None => c.refuse("reduction", "reduction_not_sold"),
                    }
                }
                if let Some(h) = &c.holder
                    && !h.qualifies(crate::orders::HolderRule::parse(rule), match_day)
                {
                    c.refuse("reduction", "reduction_not_eligible");
                }
            }
        }
    }
    // Each seat and each person once in the sheet: the later rows are the duplicates.
    for (i, c) in checked.iter_mut().enumerate() {
        if let Some(seat) = seats.get(&c.line.label) {
            if let std::collections::hash_map::Entry::Vacant(e) =
                seat_rows.entry(seat.label.as_str())
            {
                e.insert(i);
            } else {
                c.refuse("label", "duplicate_seat");
            }
        }
        if let Some(h) = &c.holder {
            let key = h.key();
            if let std::collections::hash_map::Entry::Vacant(e) = holder_rows.entry(key) {
                e.insert(i);
            } else {
                c.refuse("holder", "duplicate_holder");
            }
        }
    }
    let keys: Vec<String> = holder_rows.keys().cloned().collect();
    let seated: HashSet<String> = match target {
        Target::Fixture(fixture_id) => {
            sqlx::query_scalar!(
                r#"select holder_key as "k!" from seat_inventory
                where fixture_id = $1 and holder_key = any($2)
                  and (state = 'sold' or (state = 'held' and held_until > now()))
               union
               select holder_key as "k!" from order_line
                where fixture_id = $1 and live and holder_key = any($2)"#,
                fixture_id.0,
                &keys
            )
            .fetch_all(&mut *conn)
            .await?
        }
        // One seat of a season ticket per person.
        Target::Season { id, .. } => {
            sqlx::query_scalar!(
                r#"select holder_key as "k!" from season_order_line
                where season_ticket_id = $1 and live and holder_key = any($2)"#,
                id.0,
                &keys
            )
            .fetch_all(&mut *conn)
            .await?
        }
    }
    .into_iter()
    .collect();
    let emails: Vec<String> = checked
        .iter()
        .map(|c| c.line.email.clone())
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let banned: HashSet<String> = sqlx::query_scalar!(
        r#"select ban_email as "e!" from banned_email
            where ban_email = any($1) and status = 1
              and (ban_start_date is null or ban_start_date <= now())
              and (ban_end_date is null or ban_end_date > now())"#,
        &emails
    )
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    for c in checked.iter_mut() {
        if let Some(h) = &c.holder
            && seated.contains(&h.key())
        {
            c.refuse("holder", "holder_has_seat");
        }
        if banned.contains(&c.line.email) {
            c.refuse("email", "email_banned");
        }
    }
    Ok(checked)
}
