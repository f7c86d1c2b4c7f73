//! `/api/admin/...`: the staff's API, in react-admin's simple-REST shape.
//!
//! Every route here is added through [`AdminRoutes`], which records its method and path:
//! the whole router sits behind `require_staff`, and the authorization test walks the
//! recorded table, so a route added later is checked without editing the test.

mod checkout;
mod corporate;
mod emails;
mod exports;
mod jobs;
mod mass;
mod onsale;
mod reconciliation;
mod service;
mod system;
mod users;

use crate::{auth, state::AppState};
use axum::{
    Router,
    handler::Handler,
    http::Method,
    middleware,
    routing::{MethodRouter, delete, get, post, put},
};

/// The admin router and the table of its routes.
pub struct AdminRoutes {
    router: Router<AppState>,
    table: Vec<(Method, &'static str)>,
}

impl AdminRoutes {
    fn new() -> Self {
        AdminRoutes {
            router: Router::new(),
            table: vec![],
        }
    }

    fn add(mut self, method: Method, path: &'static str, route: MethodRouter<AppState>) -> Self {
        self.table.push((method, path));
        self.router = self.router.route(path, route);
        self
    }

    pub fn get<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, h: H) -> Self {
        self.add(Method::GET, path, get(h))
    }

    pub fn post<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, h: H) -> Self {
        self.add(Method::POST, path, post(h))
    }

    pub fn put<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, h: H) -> Self {
        self.add(Method::PUT, path, put(h))
    }

    pub fn delete<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, h: H) -> Self {
        self.add(Method::DELETE, path, delete(h))
    }
}

fn routes() -> AdminRoutes {
    let r = AdminRoutes::new();
    let r = system::routes(r);
    let r = emails::routes(r);
    let r = onsale::routes(r);
    let r = checkout::routes(r);
    let r = mass::routes(r);
    let r = jobs::routes(r);
    let r = exports::routes(r);
    let r = reconciliation::routes(r);
    let r = service::routes(r);
    let r = corporate::routes(r);
    users::routes(r)
}

/// Every admin route, staff only.
pub fn router() -> Router<AppState> {
    routes()
        .router
        .route_layer(middleware::from_fn(auth::require_staff))
}

/// (method, path) of every admin route, paths relative to `/api/admin`.
pub fn table() -> Vec<(Method, &'static str)> {
    routes().table
}
