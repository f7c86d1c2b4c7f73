//! Newtype ids (issue 16, item 4): each table's id is its own type, so passing a fixture's id
//! where a seat's is expected is a compile error rather than a query that finds nothing.
//!
//! They are transparent everywhere they cross a boundary: JSON (serde), SQL (sqlx) and the
//! OpenAPI document (utoipa) see the inner integer or uuid, so no wire shape changes.
//!
//! The right id compiles:
//!
//! ```
//! use domain::ids::{FixtureId, SeatId};
//! fn seat_of(seat: SeatId) -> i64 {
//!     seat.0
//! }
//! assert_eq!(seat_of(SeatId(7)), 7);
//! assert_eq!(FixtureId::from(3).to_string(), "3");
//! ```
//!
//! Swapping two ids does not:
//!
//! ```compile_fail
//! use domain::ids::{FixtureId, SeatId};
//! fn seat_of(seat: SeatId) -> i64 {
//!     seat.0
//! }
//! seat_of(FixtureId(7));
//! ```
//!
//! Nor does an account's uuid where an order's is expected:
//!
//! ```compile_fail
//! use domain::ids::OrderId;
//! fn order(id: OrderId) -> uuid::Uuid {
//!     id.0
//! }
//! order(uuid::Uuid::nil());
//! ```

use uuid::Uuid;

/// Declares a transparent newtype id over `$inner`.
macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            Hash,
            PartialOrd,
            Ord,
            serde::Serialize,
            serde::Deserialize,
            sqlx::Type,
            utoipa::ToSchema,
        )]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(pub $inner);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl From<$inner> for $name {
            fn from(id: $inner) -> Self {
                Self(id)
            }
        }

        impl From<$name> for $inner {
            fn from(id: $name) -> Self {
                id.0
            }
        }
    };
}

id!(
    /// A fixture's id (`fixture.id`).
    FixtureId(i64)
);
id!(
    /// A seat's id (`venue_seat.id`).
    SeatId(i64)
);
id!(
    /// A venue block's id (`venue_block.id`).
    BlockId(i32)
);
id!(
    /// A reduction's id (`reduction.id`).
    ReductionId(i32)
);
id!(
    /// An order's id (`ticket_order.order_id`).
    OrderId(Uuid)
);
id!(
    /// An order line's id (`order_line.id`).
    LineId(i64)
);
id!(
    /// A season ticket's id (`season_ticket.id`, from 10000: below the fixtures' range).
    SeasonTicketId(i64)
);
id!(
    /// A season order (the spec's season_tickets_seats_reserved): never a single-match order's.
    SeasonOrderId(Uuid)
);
id!(
    /// A change of holder of a title (`title_transfer.transfer_id`).
    TransferId(Uuid)
);
id!(
    /// A season seat offered for resale for one match (`season_resale.resale_id`).
    ResaleId(Uuid)
);
id!(
    /// A fan's purchase of a resale offer (`resale_purchase.purchase_id`).
    ResalePurchaseId(Uuid)
);

#[cfg(test)]
mod tests {
    use super::*;
    use utoipa::PartialSchema;

    /// The schema without its description (an id's doc comment documents it).
    fn schema<T: PartialSchema>() -> serde_json::Value {
        let mut s = serde_json::to_value(T::schema()).unwrap();
        s.as_object_mut().unwrap().remove("description");
        s
    }

    #[test]
    fn ids_are_documented_as_their_inner_type() {
        assert_eq!(schema::<FixtureId>(), schema::<i64>());
        assert_eq!(schema::<SeatId>(), schema::<i64>());
        assert_eq!(schema::<LineId>(), schema::<i64>());
        assert_eq!(schema::<BlockId>(), schema::<i32>());
        assert_eq!(schema::<ReductionId>(), schema::<i32>());
        assert_eq!(
            schema::<OrderId>(),
            serde_json::json!({"type": "string", "format": "uuid"})
        );
    }

    #[test]
    fn ids_are_json_numbers_and_strings() {
        assert_eq!(serde_json::to_string(&FixtureId(12)).unwrap(), "12");
        assert_eq!(serde_json::from_str::<SeatId>("5").unwrap(), SeatId(5));
        let u = Uuid::nil();
        assert_eq!(
            serde_json::to_value(OrderId(u)).unwrap(),
            serde_json::to_value(u).unwrap()
        );
    }
}
