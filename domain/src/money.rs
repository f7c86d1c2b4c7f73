//! Money: one type for every amount, in euro cents (issue 16, item 4). Prices, totals, refunds
//! and payments are all `Cents`; the database keeps them as bigint, JSON as an integer, so the
//! wire does not change and no code converts between i32 and i64 by hand. Shown to people by
//! `integrations::documents::euros` ("€ 25,50"), the one formatter of the PDFs and e-mails.

use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Sub};

/// An amount in euro cents (2550 is 25,50 €).
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(transparent)]
#[sqlx(transparent)]
#[schema(value_type = i64)]
pub struct Cents(pub i64);

impl Cents {
    pub const ZERO: Cents = Cents(0);

    /// Whether it is nothing (a free ticket, a free order).
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl Add for Cents {
    type Output = Cents;
    fn add(self, other: Cents) -> Cents {
        Cents(self.0 + other.0)
    }
}

impl AddAssign for Cents {
    fn add_assign(&mut self, other: Cents) {
        self.0 += other.0;
    }
}

impl Sub for Cents {
    type Output = Cents;
    fn sub(self, other: Cents) -> Cents {
        Cents(self.0 - other.0)
    }
}

/// A price times a quantity.
impl Mul<i64> for Cents {
    type Output = Cents;
    fn mul(self, n: i64) -> Cents {
        Cents(self.0 * n)
    }
}

impl Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        iter.fold(Cents::ZERO, Add::add)
    }
}

impl From<i64> for Cents {
    fn from(cents: i64) -> Cents {
        Cents(cents)
    }
}

impl From<Cents> for i64 {
    fn from(c: Cents) -> i64 {
        c.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_multiplies_and_sums() {
        assert_eq!(Cents(2500) * 3 + Cents(50), Cents(7550));
        assert_eq!([Cents(1), Cents(2)].into_iter().sum::<Cents>(), Cents(3));
        assert_eq!(Cents(1000) - Cents(250), Cents(750));
        assert!(Cents::ZERO.is_zero());
        assert_eq!(serde_json::to_value(Cents(2550)).unwrap(), 2550);
    }
}
