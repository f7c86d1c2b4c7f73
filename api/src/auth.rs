//! Who is asking: sessions (cookie -> user), CSRF protection, the client's address, and the
//! role checks.
//!
//! - The session cookie (`lario_session`) is HttpOnly, SameSite=Lax, Secure in production; it
//!   holds a random token whose SHA-256 is the session's key in Postgres. A new one is issued
//!   at every sign-in (rotation) and deleted at logout.
//! - CSRF: double-submit. `GET /api/auth/csrf` sets `lario_csrf` (readable by the app), and
//!   every state-changing `/api` request must repeat it in `X-CSRF-Token`. A cross-site page
//!   can make the browser send cookies, but cannot read one to put it in a header.

use crate::{error::ApiError, state::AppState};
use axum::{
    extract::{ConnectInfo, FromRequestParts, Request, State},
    http::{HeaderMap, Method, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use domain::accounts::{self, Role, User};
use std::net::{IpAddr, SocketAddr};

pub const SESSION_COOKIE: &str = "lario_session";
pub const CSRF_COOKIE: &str = "lario_csrf";
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The signed-in user of this request, if any (put in the request by [`resolve_session`]).
#[derive(Clone)]
pub struct Session {
    pub user: User,
    pub token: String,
    /// Signed in with a second factor: the staff routes need it.
    pub second_factor: bool,
    /// The user proved who they are within the last minutes: role changes need it.
    pub recently_authenticated: bool,
}

/// A session cookie whose owner's e-mail came under a ban (put in the request by
/// [`resolve_session`]): the routes that need a user answer `email_banned` rather than
/// `unauthenticated`, and the response removes the cookie.
#[derive(Clone, Copy)]
pub struct EndedByBan;

/// Resolves the session cookie into the user, once per request.
pub async fn resolve_session(
    State(state): State<AppState>,
    jar: CookieJar,
    mut req: Request,
    next: Next,
) -> Response {
    let Some(token) = jar.get(SESSION_COOKIE).map(|c| c.value().to_owned()) else {
        return next.run(req).await;
    };
    match lookup(&state, &token).await {
        Ok(Some(Lookup::Live(user, resolved))) => {
            req.extensions_mut().insert(Session {
                user: *user,
                token,
                second_factor: resolved.second_factor,
                recently_authenticated: resolved.recently_authenticated,
            });
            next.run(req).await
        }
        Ok(Some(Lookup::Banned)) => {
            req.extensions_mut().insert(EndedByBan);
            let response = next.run(req).await;
            let removal = expired_session_cookie(state.config.auth.secure_cookies);
            (CookieJar::new().add(removal), response).into_response()
        }
        Ok(None) => next.run(req).await,
        Err(e) => ApiError::from(e).into_response(),
    }
}

enum Lookup {
    Live(Box<User>, accounts::sessions::Resolved),
    Banned,
}

async fn lookup(state: &AppState, token: &str) -> Result<Option<Lookup>, sqlx::Error> {
    let mut conn = state.pool.acquire().await?;
    match accounts::sessions::resolve(&mut conn, token).await? {
        None => Ok(None),
        Some(accounts::sessions::Found::Banned) => Ok(Some(Lookup::Banned)),
        Some(accounts::sessions::Found::Live(resolved)) => {
            Ok(accounts::find_by_id(&mut conn, resolved.user_id)
                .await?
                .map(|user| Lookup::Live(Box::new(user), resolved)))
        }
    }
}

/// Refuses state-changing requests whose `X-CSRF-Token` does not repeat the CSRF cookie.
pub async fn require_csrf(jar: CookieJar, req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let cookie = jar.get(CSRF_COOKIE).map(|c| c.value().to_owned());
    let header = req
        .headers()
        .get(CSRF_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    match (cookie, header) {
        (Some(c), Some(h))
            if c.len() >= 32 && domain::secrets::constant_time_eq(c.as_bytes(), h.as_bytes()) =>
        {
            next.run(req).await
        }
        _ => ApiError::new(
            axum::http::StatusCode::FORBIDDEN,
            "csrf_failed",
            "Missing or wrong CSRF token: reload the page and try again",
        )
        .into_response(),
    }
}

/// The CSRF cookie (readable by the app's script, sent only to our site).
pub fn csrf_cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build((CSRF_COOKIE, token))
        .path("/")
        .same_site(SameSite::Strict)
        .secure(secure)
        .http_only(false)
        .build()
}

/// The session cookie.
pub fn session_cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .path("/")
        .same_site(SameSite::Lax)
        .secure(secure)
        .http_only(true)
        .max_age(time_of(accounts::sessions::IDLE_LIFETIME))
        .build()
}

/// Removes the session cookie.
pub fn expired_session_cookie(secure: bool) -> Cookie<'static> {
    let mut c = session_cookie(String::new(), secure);
    c.make_removal();
    c
}

fn time_of(d: chrono::Duration) -> time::Duration {
    time::Duration::seconds(d.num_seconds())
}

/// Any signed-in user; 401 otherwise.
pub struct CurrentUser(pub Session);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, ApiError> {
        parts
            .extensions
            .get::<Session>()
            .cloned()
            .map(CurrentUser)
            .ok_or_else(|| signed_out(parts.extensions.get::<EndedByBan>().is_some()))
    }
}

/// A signed-in admin (acc_level 1) whose session passed the second factor; 401 or 403 otherwise.
pub struct AdminUser(pub Session);

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let CurrentUser(s) = CurrentUser::from_request_parts(parts, state).await?;
        if s.user.role() != Role::Admin {
            Err(forbidden())
        } else if !s.second_factor {
            Err(second_factor_required())
        } else {
            Ok(AdminUser(s))
        }
    }
}

/// Guards every `/api/admin` route: staff (acc_level 1 or 2) signed in with their second
/// factor only. A session made before the account became staff (a promoted fan's) does not
/// pass: its owner signs in again at `/admin/login`.
pub async fn require_staff(req: Request, next: Next) -> Response {
    match req.extensions().get::<Session>() {
        None => signed_out(req.extensions().get::<EndedByBan>().is_some()).into_response(),
        Some(s) if !s.user.role().is_staff() => forbidden().into_response(),
        Some(s) if !s.second_factor => second_factor_required().into_response(),
        Some(_) => next.run(req).await,
    }
}

pub fn second_factor_required() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::UNAUTHORIZED,
        "second_factor_required",
        "Staff sign in at /admin/login with their password and authenticator app",
    )
}

/// Why a request that needs a user has none: its session was just ended by a ban on its
/// e-mail (said as such, without the reason), or there is none.
fn signed_out(ended_by_ban: bool) -> ApiError {
    if ended_by_ban {
        ApiError::new(
            axum::http::StatusCode::FORBIDDEN,
            "email_banned",
            "This e-mail address cannot be used to sign in",
        )
    } else {
        unauthenticated()
    }
}

pub fn unauthenticated() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::UNAUTHORIZED,
        "unauthenticated",
        "Sign in to continue",
    )
}

pub fn forbidden() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::FORBIDDEN,
        "forbidden",
        "You are not allowed to do this",
    )
}

/// The client's address: the peer, or, behind a trusted proxy, the right-most address of
/// `X-Forwarded-For` that is not itself a trusted proxy.
pub struct ClientIp(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(ClientIp(client_ip(
            peer,
            &parts.headers,
            &state.config.auth.trusted_proxies,
        )))
    }
}

fn client_ip(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpAddr]) -> Option<IpAddr> {
    let peer = peer?;
    if !trusted.contains(&peer) {
        return Some(peer);
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    Some(
        forwarded
            .into_iter()
            .rev()
            .find(|ip| !trusted.contains(ip))
            .unwrap_or(peer),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_addresses_are_believed_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", "6.6.6.6, 203.0.113.7".parse().unwrap());
        assert_eq!(
            client_ip(Some(proxy), &h, &[proxy]),
            Some("203.0.113.7".parse().unwrap())
        );
        let stranger: IpAddr = "198.51.100.2".parse().unwrap();
        assert_eq!(client_ip(Some(stranger), &h, &[proxy]), Some(stranger));
        assert_eq!(
            client_ip(Some(proxy), &HeaderMap::new(), &[proxy]),
            Some(proxy)
        );
    }
}
