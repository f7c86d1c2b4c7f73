//! The api process: the JSON API under `/api`, the fan app at `/`, the admin app at
//! `/admin`, and the job board on its own port.

pub mod auth;
pub mod board;
pub mod error;
pub mod extract;
pub mod live;
pub mod openapi;
pub mod refusals;
pub mod rest;
pub mod routes;
pub mod seed;
pub mod settings;
pub mod state;
pub mod waiting_room;
pub mod wrong_tries;

use crate::{error::ApiError, state::AppState};
use axum::{
    Router,
    extract::DefaultBodyLimit,
    http::{HeaderName, HeaderValue, Request},
    response::{IntoResponse, Response},
};
use domain::config::Config;
use std::{any::Any, future::Future, path::Path, sync::Arc};
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    services::{ServeDir, ServeFile},
    set_header::SetResponseHeaderLayer,
    trace::TraceLayer,
};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

/// The whole HTTP application.
pub fn app(state: AppState) -> Router {
    let config = state.config.clone();
    let (api, doc) = api_router();
    let api = api
        .fallback(|| async { ApiError::not_found("No such route") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                axum::http::StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "This route does not accept that method",
            )
        })
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            settings::maintenance_guard,
        ))
        .layer(axum::middleware::from_fn(auth::require_csrf))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            auth::resolve_session,
        ))
        .with_state(state.clone());
    // The payment provider's webhook is signed, and Apple Wallet's calls carry their pass's
    // token: not CSRF-protected, outside that layer.
    let (webhook, _) = routes::outside_csrf_router().split_for_parts();
    let webhook = webhook.with_state(state);
    let router = Router::new()
        .merge(webhook)
        .merge(
            Router::from(SwaggerUi::new("/api/docs").url("/api/openapi.json", doc))
                .layer(CompressionLayer::new()),
        )
        // JSON answers gzip-compressed for the clients that ask (a block's seats: 45 kB to 5 kB);
        // the default predicate leaves the live feed's event stream and tiny answers alone.
        .nest("/api", api.layer(CompressionLayer::new()))
        .nest("/admin", spa(&config.admin_ui_dir))
        .fallback_service(spa(&config.fan_ui_dir));
    with_layers(router, &config)
}

/// The `/api` routes (without the webhook, relative to `/api`) and the whole document (with
/// it, paths in full).
fn api_router() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, routes_doc) = routes::router().split_for_parts();
    let mut doc = openapi::ApiDoc::openapi();
    doc.merge(routes_doc);
    doc.paths.paths = std::mem::take(&mut doc.paths.paths)
        .into_iter()
        .map(|(path, item)| (format!("/api{path}"), item))
        .collect();
    let (_, webhook) = routes::outside_csrf_router().split_for_parts();
    doc.merge(webhook);
    openapi::CommonAnswers.modify(&mut doc);
    (api, doc)
}

/// The OpenAPI document (`api openapi` prints it).
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api_router().1
}

/// The layers every request goes through: body limit, panic catcher, request tracing.
/// Public so tests can put extra routes (a panicking one) behind the same stack.
pub fn with_layers(router: Router, config: &Config) -> Router {
    let headers = Arc::new(security_headers(config));
    router
        .layer(axum::middleware::map_response(json_payload_too_large))
        .layer(DefaultBodyLimit::max(config.max_body_bytes))
        .layer(axum::middleware::map_response(
            move |mut response: Response| {
                let headers = headers.clone();
                async move {
                    for (name, value) in headers.iter() {
                        response.headers_mut().insert(name.clone(), value.clone());
                    }
                    response
                }
            },
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                tracing::info_span!("http", method = %req.method(), path = %loggable_path(req.uri().path()))
            }),
        )
}

/// A request's path as logged: a signed e-mail link's token (`/api/pass-links/{token}/...`,
/// which opens a title's pass) does not land in the logs.
fn loggable_path(path: &str) -> std::borrow::Cow<'_, str> {
    const SECRET_SEGMENT: &str = "/api/pass-links/";
    match path.strip_prefix(SECRET_SEGMENT) {
        Some(rest) => {
            let tail = rest.find('/').map(|i| &rest[i..]).unwrap_or("");
            format!("{SECRET_SEGMENT}{{token}}{tail}").into()
        }
        None => path.into(),
    }
}

/// A single-page app: files from `dir`, and its index.html for any other path, so that
/// client-side routes load. Compressed for the browsers that ask (a phone on a stadium's
/// crowded network); the build's `assets/` carry a hash in their names, so they are cached for
/// a year and a missing one is a 404, not the index page.
fn spa(dir: &Path) -> Router {
    let assets = tower::ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            axum::http::header::CACHE_CONTROL,
            axum::http::HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .service(ServeDir::new(dir.join("assets")));
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html"))))
        .layer(CompressionLayer::new())
}

/// A body over the limit, refused by axum's own byte reader (the handlers that take raw bytes:
/// the payment webhook, checkout's confirm) in plain text: in the API's error shape instead.
async fn json_payload_too_large(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if response.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        return ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "The request body is too large",
        )
        .into_response();
    }
    response
}

/// The headers every answer carries: a Content-Security-Policy without inline script (the
/// payment provider's origin allowed where its card form needs it), no framing, no MIME
/// sniffing, a same-origin referrer, and HSTS in production.
fn security_headers(config: &Config) -> Vec<(HeaderName, HeaderValue)> {
    let payments = origin_of(&config.payments.api_url);
    // Stripe.js (production) as Stripe documents its policy: its script, frames and images.
    let (script, frame, img) = if config.payments.simulated {
        (String::new(), payments.clone(), String::new())
    } else {
        (
            " https://js.stripe.com https://*.js.stripe.com".to_owned(),
            "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com".to_owned(),
            " https://*.stripe.com".to_owned(),
        )
    };
    let csp = format!(
        "default-src 'self'; script-src 'self'{script}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{img}; font-src 'self' data:; connect-src 'self' {payments}; \
         frame-src {frame}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; \
         object-src 'none'"
    );
    let mut headers = vec![
        (
            HeaderName::from_static("content-security-policy"),
            HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static("default-src 'self'")),
        ),
        (
            HeaderName::from_static("x-content-type-options"),
            HeaderValue::from_static("nosniff"),
        ),
        (
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static("DENY"),
        ),
        (
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
    ];
    if config.auth.secure_cookies {
        headers.push((
            HeaderName::from_static("strict-transport-security"),
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        ));
    }
    headers
}

/// `scheme://host[:port]` of a URL, for the policy; `'none'` when it does not parse.
fn origin_of(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(u) => u.origin().ascii_serialization(),
        Err(_) => "'none'".to_owned(),
    }
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".into());
    tracing::error!(panic = %detail, "handler panicked");
    ApiError::internal().into_response()
}

/// Connects, then serves the api and the job board until `shutdown` resolves.
pub async fn serve(
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let pool = domain::db::connect(config.database_url(), config.database_max_connections).await?;
    let config = Arc::new(config);
    // The pass certificate and keys, checked before serving (a bad one names itself here).
    crate::state::passes(&config).map_err(|e| anyhow::anyhow!("wallet passes: {e}"))?;
    let state = AppState::new(pool.clone(), config.clone());
    let api_listener = tokio::net::TcpListener::bind(config.api_addr).await?;
    let board_listener = tokio::net::TcpListener::bind(config.board_addr).await?;
    tracing::info!(api = %config.api_addr, board = %config.board_addr, "api listening");

    let (tx, rx) = tokio::sync::watch::channel(false);
    let wait = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|stop| *stop).await;
    };
    let api = axum::serve(
        api_listener,
        app(state.clone()).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(wait(rx.clone()));
    let login = format!(
        "{}/admin/login",
        config.public_base_url.trim_end_matches('/')
    );
    let silent = config.jobs.silent_after();
    let board = axum::serve(board_listener, board::router(&pool, login, silent))
        .with_graceful_shutdown(wait(rx));
    tokio::spawn(async move {
        shutdown.await;
        state.shutdown();
        let _ = tx.send(true);
    });
    let (a, b) = tokio::join!(api, board);
    a?;
    b?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_pass_links_token_is_not_logged() {
        assert_eq!(
            super::loggable_path("/api/pass-links/eyJzZWNyZXQ.c2ln/apple"),
            "/api/pass-links/{token}/apple"
        );
        assert_eq!(
            super::loggable_path("/api/pass-links/eyJzZWNyZXQ"),
            "/api/pass-links/{token}"
        );
        assert_eq!(super::loggable_path("/api/wallet/7"), "/api/wallet/7");
    }
}
