//! The OpenAPI 3.1 document, generated from the code (utoipa).
//!
//! Every handler carries `#[utoipa::path]` under its doc comment (as crates.io does) and is
//! added with utoipa-axum's `routes!`, which registers the route and its entry together: a
//! route cannot be served without being documented (`tests/api/openapi.rs` also checks that
//! no route module adds a plain axum route). The answers every operation of a kind can give
//! (a malformed body, a missing CSRF token, no session, the database down) are added here
//! once, by [`CommonAnswers`], instead of on each handler; a handler lists its own refusals,
//! each response's description naming the stable `code`s it can carry.
//!
//! Served at `/api/openapi.json`, browsable at `/api/docs` (Swagger UI, vendored: no CDN).
//! `api openapi` prints it; the apps' types are generated from that output.

use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::{
    Modify, OpenApi, ToSchema,
    openapi::{
        self, HttpMethod, RefOr,
        path::{Operation, ParameterIn},
        response::{Response, ResponseBuilder},
        security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme},
    },
};

/// The error body of every refusal: `code` is stable (the apps translate it), `message` is
/// for people, `errors` holds a message per invalid field or details (the seats lost, a
/// limit).
#[derive(Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// Stable, snake_case: what was refused.
    pub code: String,
    /// For people, in English; the apps show their own translation of `code`.
    pub message: String,
    /// Per field: a message code, or details under a name.
    pub errors: BTreeMap<String, serde_json::Value>,
}

/// A short confirmation.
#[derive(Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lario",
        description = "The club's ticketing and supporter platform: fans' routes under `/api`, \
                       staff's under `/api/admin` (react-admin's simple-REST dialect: `sort`, \
                       `range` and `filter` in, `Content-Range` out). Every refusal is an \
                       `Error` whose `code` is stable.",
        license(name = "UNLICENSED")
    ),
    components(schemas(ErrorBody, Message)),
    tags(
        (name = "system", description = "Health and version"),
        (name = "auth", description = "Sign-in, second factor, sign-out"),
        (name = "account", description = "The signed-in fan's account, supporter cards, requests"),
        (name = "reference", description = "Nations, provinces and municipalities, as the ticketing system lists them"),
        (name = "fixtures", description = "Matches on sale, seat maps and holds"),
        (name = "orders", description = "Checkout, payment, wallet, notifications"),
        (name = "transfers", description = "Tickets passed on to a new holder, and shared copies"),
        (name = "resale", description = "Season seats resold for one match at face value"),
        (name = "passes", description = "Tickets as Apple Wallet and Google Wallet passes"),
        (name = "admin", description = "Staff: react-admin's simple-REST resources"),
    )
)]
pub struct ApiDoc;

/// The session cookie and the CSRF header, as security schemes.
pub const SESSION: &str = "session";
pub const CSRF: &str = "csrf";
/// Apple Wallet's calls to our pass web service: `Authorization: ApplePass {token}`.
pub const APPLE_PASS: &str = "apple_pass";

/// Adds the security schemes, then the answers every operation of a kind can give.
pub struct CommonAnswers;

impl Modify for CommonAnswers {
    fn modify(&self, doc: &mut openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::auth::SESSION_COOKIE,
                "Set by a sign-in; HttpOnly",
            ))),
        );
        components.add_security_scheme(
            CSRF,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-CSRF-Token",
                "Repeats the `lario_csrf` cookie (GET /api/auth/csrf) on every write",
            ))),
        );
        components.add_security_scheme(
            APPLE_PASS,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "`ApplePass {token}`: the pass's `authenticationToken`",
            ))),
        );
        for (path, item) in doc.paths.paths.iter_mut() {
            let staff = path.starts_with("/api/admin/");
            for (method, op) in operations(item) {
                add_common(path, method, op, staff);
            }
        }
    }
}

fn operations(item: &mut openapi::PathItem) -> impl Iterator<Item = (HttpMethod, &mut Operation)> {
    [
        (HttpMethod::Get, item.get.as_mut()),
        (HttpMethod::Post, item.post.as_mut()),
        (HttpMethod::Put, item.put.as_mut()),
        (HttpMethod::Delete, item.delete.as_mut()),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.map(|op| (m, op)))
}

fn error(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            openapi::ContentBuilder::new()
                .schema(Some(openapi::Ref::from_schema_name("Error")))
                .build(),
        )
        .into()
}

/// Adds `status` unless the handler documented it (its own codes come first).
fn answer(op: &mut Operation, status: &str, description: &str) {
    let responses = &mut op.responses.responses;
    match responses.get_mut(status) {
        None => {
            responses.insert(status.to_owned(), error(description));
        }
        Some(RefOr::T(r))
            if !r.description.contains(description)
                && serde_json::to_string(&r.content).is_ok_and(|c| c.contains("schemas/Error")) =>
        {
            r.description = format!("{}; {description}", r.description);
        }
        Some(_) => {}
    }
}

/// A doc comment's first line names its route (`` `GET /api/x`: what it does``): the document
/// names it already, so the summary keeps what it does.
fn tidy_summary(op: &mut Operation) {
    if let Some(summary) = op.summary.as_mut()
        && summary.starts_with('`')
        && let Some((_, rest)) = summary.split_once("`: ")
    {
        let mut chars = rest.chars();
        *summary = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
    }
}

fn add_common(path: &str, method: HttpMethod, op: &mut Operation, staff: bool) {
    tidy_summary(op);
    if staff && let Some(id) = op.operation_id.as_mut() {
        // Handlers of the two sides share names (`get_order`): ids are unique in a document.
        *id = format!("admin_{id}");
    }
    let signed_in = staff
        || op
            .security
            .iter()
            .flatten()
            .any(|r| serde_json::to_value(r).is_ok_and(|v| v.get(SESSION).is_some()));
    let writes = !matches!(method, HttpMethod::Get);
    let has_path_params = path.contains('{');
    let has_query = op
        .parameters
        .iter()
        .flatten()
        .any(|p| matches!(p, RefOr::T(p) if matches!(p.parameter_in, ParameterIn::Query)));
    if staff {
        op.security = Some(vec![session_requirement(writes)]);
    } else if signed_in && writes {
        op.security = Some(vec![session_requirement(true)]);
    } else if writes && op.security.is_none() {
        op.security = Some(vec![SecurityRequirement::new(CSRF, Vec::<String>::new())]);
    }
    if has_query {
        answer(
            op,
            "400",
            "`invalid_query`, `invalid_text`: a query parameter that does not parse",
        );
    }
    if has_path_params {
        answer(
            op,
            "404",
            "`not_found`: a path parameter of the wrong form, or no such thing",
        );
    }
    if let Some(RefOr::T(body)) = op.request_body.as_ref() {
        let json = body.content.contains_key("application/json");
        if json {
            answer(
                op,
                "400",
                "`malformed_json`, `unreadable_body`: the body is not JSON",
            );
            answer(
                op,
                "422",
                "`invalid_body`, `invalid_text`, `validation_failed`: a field of the wrong \
                 type, NUL in text, or breaking a rule (`errors` names the fields)",
            );
            answer(
                op,
                "415",
                "`unsupported_media_type`: not `application/json`",
            );
        }
        answer(op, "413", "`payload_too_large`");
    }
    if writes {
        answer(
            op,
            "403",
            "`csrf_failed`: the CSRF header does not repeat the cookie",
        );
    }
    if signed_in {
        answer(
            op,
            "401",
            "`unauthenticated`: no session, or it expired; `second_factor_required`",
        );
    }
    if staff {
        answer(
            op,
            "403",
            "`forbidden`: not staff, or the session did not pass the second factor",
        );
    }
    answer(
        op,
        "503",
        if writes && !staff {
            "`service_unavailable`: the database does not answer now; `maintenance`: the ticket \
             office is in maintenance (fans' writes wait until it ends)"
        } else {
            "`service_unavailable`: the database does not answer now"
        },
    );
    // OpenAPI requires a description on every response.
    for (status, response) in op.responses.responses.iter_mut() {
        if let RefOr::T(r) = response
            && r.description.is_empty()
        {
            r.description = match status.as_str() {
                "200" => "OK",
                "201" => "Created",
                "204" => "Done",
                _ => "See the error's code",
            }
            .to_owned();
        }
    }
}

fn session_requirement(writes: bool) -> SecurityRequirement {
    let req = SecurityRequirement::new(SESSION, Vec::<String>::new());
    if writes {
        req.add(CSRF, Vec::<String>::new())
    } else {
        req
    }
}

/// `security(...)` of a handler that needs a signed-in user.
pub fn signed_in() -> Vec<SecurityRequirement> {
    vec![SecurityRequirement::new(SESSION, Vec::<String>::new())]
}
