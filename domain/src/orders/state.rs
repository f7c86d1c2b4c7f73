//! Where an order, its payment and its titles are: enums stored as the database's text and
//! numbers (each column has a CHECK of the same values), so that a state outside them does not
//! compile on our side and is refused on the database's.

use serde::{Deserialize, Serialize};

/// An order's own machine, apart from its payment's (pretix's habit).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum OrderState {
    /// Held seats with holders being named; payable until `hold_expires_at`.
    Pending,
    /// Paid: issuing is queued.
    Paid,
    /// The ticketing system is being asked for its titles.
    Issuing,
    /// Every seat has its title.
    Issued,
    /// Issuing gave up (staff retry or refund it).
    Failed,
    /// A refund is asked for.
    Refunding,
    Refunded,
    /// Abandoned or replaced before payment.
    Cancelled,
}

impl OrderState {
    pub const ALL: [OrderState; 8] = [
        OrderState::Pending,
        OrderState::Paid,
        OrderState::Issuing,
        OrderState::Issued,
        OrderState::Failed,
        OrderState::Refunding,
        OrderState::Refunded,
        OrderState::Cancelled,
    ];

    /// The database's spelling (the CHECK's values).
    pub fn as_str(self) -> &'static str {
        match self {
            OrderState::Pending => "pending",
            OrderState::Paid => "paid",
            OrderState::Issuing => "issuing",
            OrderState::Issued => "issued",
            OrderState::Failed => "failed",
            OrderState::Refunding => "refunding",
            OrderState::Refunded => "refunded",
            OrderState::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<OrderState> {
        OrderState::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// The spec's payment_status: 0 pending, 1 paid, -1 anything else (cancelled, refunded).
/// Serialised as its number, as the spec and the old app's data have it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde_repr::Serialize_repr,
    serde_repr::Deserialize_repr,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[repr(i16)]
pub enum PaymentStatus {
    Closed = -1,
    Pending = 0,
    Paid = 1,
}

impl PaymentStatus {
    pub fn from_i16(n: i16) -> Option<PaymentStatus> {
        match n {
            -1 => Some(PaymentStatus::Closed),
            0 => Some(PaymentStatus::Pending),
            1 => Some(PaymentStatus::Paid),
            _ => None,
        }
    }
}

/// A title's state in the ticketing system, as we last knew it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum TitleState {
    Valid,
    Used,
    Cancelled,
}

/// How an order was paid: a card online, nothing (a free order), or what staff took at the
/// box office (the spec's payment_method of orders by admin).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema,
)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Card,
    Free,
    Cash,
    Pos,
    BankTransfer,
    /// Given by the club (a mass issue's complimentary tickets, a box-office gift).
    Complimentary,
}

impl PaymentMethod {
    /// What staff may take at the box office.
    pub const BOX_OFFICE: [PaymentMethod; 4] = [
        PaymentMethod::Cash,
        PaymentMethod::Pos,
        PaymentMethod::BankTransfer,
        PaymentMethod::Complimentary,
    ];

    /// The database's spelling (the CHECK's values).
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Card => "card",
            PaymentMethod::Free => "free",
            PaymentMethod::Cash => "cash",
            PaymentMethod::Pos => "pos",
            PaymentMethod::BankTransfer => "bank_transfer",
            PaymentMethod::Complimentary => "complimentary",
        }
    }

    /// A box-office method by its name; `None` for any other.
    pub fn at_box_office(name: &str) -> Option<PaymentMethod> {
        PaymentMethod::BOX_OFFICE
            .into_iter()
            .find(|m| m.as_str() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_methods_are_spelt_as_the_database_checks() {
        for m in PaymentMethod::BOX_OFFICE {
            assert_eq!(PaymentMethod::at_box_office(m.as_str()), Some(m));
            assert_eq!(serde_json::to_value(m).unwrap(), m.as_str());
        }
        assert_eq!(PaymentMethod::at_box_office("card"), None);
        assert_eq!(PaymentMethod::BankTransfer.as_str(), "bank_transfer");
    }

    #[test]
    fn states_read_back_as_written() {
        for s in OrderState::ALL {
            assert_eq!(OrderState::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        assert_eq!(OrderState::parse("shipped"), None);
        assert_eq!(serde_json::to_value(PaymentStatus::Closed).unwrap(), -1);
        assert_eq!(PaymentStatus::from_i16(1), Some(PaymentStatus::Paid));
        assert_eq!(PaymentStatus::from_i16(2), None);
    }
}
