//! `/api/admin/...`: the staff's API, in react-admin's simple-REST shape.
//!
//! Every route here is added with utoipa-axum's `routes!`, which documents it: the whole
//! router sits behind `require_staff`, and the authorization test walks the documented
//! table, so a route added later is checked without editing the test.

mod bans;
mod blacklist;
mod card_applications;
mod checkout;
mod corporate;
mod emails;
mod exports;
mod jobs;
mod mass;
mod onsale;
mod preemption;
mod reconciliation;
mod refunds;
mod resale;
mod season_orders;
mod seasons;
mod service;
mod settings;
mod system;
mod transfers;
mod users;
mod waiting_rooms;

use crate::{auth, state::AppState};
use axum::{http::Method, middleware};
use utoipa_axum::router::OpenApiRouter;

fn routes() -> OpenApiRouter<AppState> {
    let r = OpenApiRouter::new();
    let r = system::routes(r);
    let r = emails::routes(r);
    let r = onsale::routes(r);
    let r = checkout::routes(r);
    let r = mass::routes(r);
    let r = jobs::routes(r);
    let r = exports::routes(r);
    let r = reconciliation::routes(r);
    let r = seasons::routes(r);
    let r = preemption::routes(r);
    let r = season_orders::routes(r);
    let r = service::routes(r);
    let r = corporate::routes(r);
    let r = waiting_rooms::routes(r);
    let r = transfers::routes(r);
    let r = refunds::routes(r);
    let r = resale::routes(r);
    let r = bans::routes(r);
    let r = blacklist::routes(r);
    let r = card_applications::routes(r);
    let r = settings::routes(r);
    users::routes(r)
}

/// Every admin route, staff only.
pub fn router() -> OpenApiRouter<AppState> {
    routes().route_layer(middleware::from_fn(auth::require_staff))
}

/// (method, path) of every admin route, paths relative to `/api/admin`, read from the
/// OpenAPI document the routes were added with.
pub fn table() -> Vec<(Method, String)> {
    let mut table = vec![];
    for (path, item) in routes().into_openapi().paths.paths {
        for (method, op) in [
            (Method::GET, &item.get),
            (Method::POST, &item.post),
            (Method::PUT, &item.put),
            (Method::DELETE, &item.delete),
        ] {
            if op.is_some() {
                table.push((method, path.clone()));
            }
        }
    }
    table
}
