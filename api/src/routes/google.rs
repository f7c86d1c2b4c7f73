//! Google sign-in through OpenID Connect (authorization code with PKCE and a nonce). In
//! development and tests the provider is the simulator's (`sim::oidc`); in production it is
//! Google, by configuration. The ID token's signature, issuer, audience, expiry and nonce are
//! checked by the openidconnect crate. A banned e-mail is refused and nothing is created
//! (spec: "refused silently ... emailIsBanned set": the app is sent back with
//! `?signin_error=email_banned`).

use crate::{
    auth::ClientIp,
    error::{ApiError, ApiResult},
    extract::Query,
    routes::auth::{SessionStrength, start_session},
    state::AppState,
};
use axum::{
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
};
use axum_extra::extract::{
    CookieJar,
    cookie::{Cookie, SameSite},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use domain::{accounts, email::Email, language::Language, moderation};
use openidconnect::{
    AuthenticationFlow, AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce,
    PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
    core::{CoreClient, CoreProviderMetadata, CoreResponseType},
};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

const FLOW_COOKIE: &str = "lario_oidc";
const FLOW_PATH: &str = "/api/auth/google";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_google_sign_in))
        .routes(routes!(finish_google_sign_in))
}

/// What the browser keeps (HttpOnly, 10 minutes) between the redirect out and back.
#[derive(Serialize, Deserialize)]
struct Flow {
    state: String,
    nonce: String,
    verifier: String,
    return_to: String,
    /// The app's language, for a new account.
    #[serde(default)]
    language: Option<Language>,
}

fn unavailable(e: impl std::fmt::Display) -> ApiError {
    tracing::warn!(error = %e, "Google sign-in unavailable");
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "google_unavailable",
        "Google sign-in is not available right now",
    )
}

/// reqwest 0.13 behind openidconnect's HTTP client interface; no redirects are followed.
async fn http_call(
    client: reqwest::Client,
    request: openidconnect::HttpRequest,
) -> Result<openidconnect::HttpResponse, reqwest::Error> {
    let request = reqwest::Request::try_from(request)?;
    let response = client.execute(request).await?;
    let mut builder = openidconnect::http::Response::builder().status(response.status());
    for (name, value) in response.headers() {
        builder = builder.header(name, value);
    }
    let body = response.bytes().await?.to_vec();
    Ok(builder
        .body(body)
        .expect("status and headers came from a response"))
}

async fn metadata(state: &AppState) -> ApiResult<CoreProviderMetadata> {
    let google = &state.config.auth.google;
    state
        .oidc_metadata
        .get_or_try_init(|| async {
            let issuer = IssuerUrl::new(google.issuer_url.clone()).map_err(unavailable)?;
            let http = state.http.clone();
            CoreProviderMetadata::discover_async(issuer, &|r| http_call(http.clone(), r))
                .await
                .map_err(unavailable)
        })
        .await
        .cloned()
}

fn redirect_url(state: &AppState) -> ApiResult<RedirectUrl> {
    RedirectUrl::new(format!(
        "{}{FLOW_PATH}/callback",
        state.config.public_base_url.trim_end_matches('/')
    ))
    .map_err(unavailable)
}

/// Only paths of our own site (no `//host`, no scheme).
/// Where to go back after signing in: a path of this site, else `/`. Only printable ASCII
/// (no tab, CR or LF, which browsers drop or split on: `/\t/evil.example` is `//evil.example`
/// to them), no backslash, and the path must stay on this site when resolved as a browser
/// would; what is returned is the path as re-serialised by the URL parser.
pub fn local_path(p: Option<&str>) -> String {
    const BASE: &str = "http://lario.invalid/";
    let Some(p) = p else {
        return "/".to_owned();
    };
    let printable = p.bytes().all(|b| b.is_ascii_graphic()) && !p.contains('\\');
    if !printable || !p.starts_with('/') || p.starts_with("//") {
        return "/".to_owned();
    }
    let base = url::Url::parse(BASE).expect("a valid base");
    match base.join(p) {
        // Re-serialised, `/..//evil.example` is `//evil.example`: off-site again, refused.
        Ok(u) if u.origin() == base.origin() && !u.path().starts_with("//") => {
            u[url::Position::BeforePath..].to_owned()
        }
        _ => "/".to_owned(),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StartParams {
    /// A path of this site to come back to (anything else goes to `/`).
    return_to: Option<String>,
    language: Option<Language>,
}

/// `GET /api/auth/google/start?return_to=/path&language=it`: off to the provider.
#[utoipa::path(get, path = "/auth/google/start", tag = "auth", params(StartParams), responses(
    (status = 303, description = "Off to the provider; sets the flow cookie"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`google_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn start_google_sign_in(
    State(state): State<AppState>,
    jar: CookieJar,
    Query(p): Query<StartParams>,
) -> ApiResult<Response> {
    let google = &state.config.auth.google;
    let client = CoreClient::from_provider_metadata(
        metadata(&state).await?,
        ClientId::new(google.client_id.clone()),
        Some(ClientSecret::new(
            google.client_secret.expose_secret().to_owned(),
        )),
    )
    .set_redirect_uri(redirect_url(&state)?);
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, csrf, nonce) = client
        .authorize_url(
            AuthenticationFlow::<CoreResponseType>::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let flow = Flow {
        state: csrf.secret().clone(),
        nonce: nonce.secret().clone(),
        verifier: verifier.secret().clone(),
        return_to: local_path(p.return_to.as_deref()),
        language: p.language,
    };
    let value =
        URL_SAFE_NO_PAD.encode(serde_json::to_vec(&flow).map_err(|_| ApiError::internal())?);
    let cookie = Cookie::build((FLOW_COOKIE, value))
        .path(FLOW_PATH)
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.config.auth.secure_cookies)
        .max_age(time::Duration::minutes(10))
        .build();
    Ok((jar.add(cookie), Redirect::to(url.as_str())).into_response())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CallbackParams {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

fn back_with_error(jar: CookieJar, code: &str) -> Response {
    (jar, Redirect::to(&format!("/?signin_error={code}"))).into_response()
}

/// `GET /api/auth/google/callback`: checks the answer, signs in, back to `return_to`.
#[utoipa::path(get, path = "/auth/google/callback", tag = "auth", params(CallbackParams), responses(
    (status = 303, description = "Signed in and back to `return_to`, or back to `/?signin_error=` with `google_failed`, `google_email_unverified`, `email_banned`, `staff_password_required`"),
    (status = 503, body = crate::openapi::ErrorBody, description = "`google_unavailable`"),
))]
#[tracing::instrument(skip_all)]
async fn finish_google_sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Query(p): Query<CallbackParams>,
) -> ApiResult<Response> {
    let flow: Option<Flow> = jar
        .get(FLOW_COOKIE)
        .and_then(|c| URL_SAFE_NO_PAD.decode(c.value()).ok())
        .and_then(|b| serde_json::from_slice(&b).ok());
    let mut removal = Cookie::from(FLOW_COOKIE);
    removal.set_path(FLOW_PATH);
    let jar = jar.remove(removal);
    let (Some(flow), Some(code), Some(returned_state)) = (flow, p.code, p.state) else {
        tracing::info!(error = ?p.error, "Google sign-in abandoned or malformed");
        return Ok(back_with_error(jar, "google_failed"));
    };
    if !domain::secrets::constant_time_eq(flow.state.as_bytes(), returned_state.as_bytes()) {
        return Ok(back_with_error(jar, "google_failed"));
    }
    let google = &state.config.auth.google;
    let client = CoreClient::from_provider_metadata(
        metadata(&state).await?,
        ClientId::new(google.client_id.clone()),
        Some(ClientSecret::new(
            google.client_secret.expose_secret().to_owned(),
        )),
    )
    .set_redirect_uri(redirect_url(&state)?);
    let http = state.http.clone();
    let tokens = client
        .exchange_code(AuthorizationCode::new(code))
        .map_err(unavailable)?
        .set_pkce_verifier(PkceCodeVerifier::new(flow.verifier))
        .request_async(&|r| http_call(http.clone(), r))
        .await;
    let tokens = match tokens {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(error = %e, "Google code exchange refused");
            return Ok(back_with_error(jar, "google_failed"));
        }
    };
    let Some(id_token) = tokens.id_token() else {
        return Ok(back_with_error(jar, "google_failed"));
    };
    let claims = match id_token.claims(&client.id_token_verifier(), &Nonce::new(flow.nonce)) {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "Google ID token refused");
            return Ok(back_with_error(jar, "google_failed"));
        }
    };
    let email = match (claims.email(), claims.email_verified()) {
        (Some(e), Some(true)) => Email::parse(e.as_str()).ok(),
        _ => None,
    };
    let Some(email) = email else {
        return Ok(back_with_error(jar, "google_email_unverified"));
    };
    let mut tx = state.pool.begin().await?;
    if moderation::is_email_banned(&mut tx, &email).await? {
        tracing::info!("banned e-mail refused at Google sign-in");
        return Ok(back_with_error(jar, "email_banned"));
    }
    let (user, created) =
        accounts::create_or_get(&mut tx, &email, flow.language, ip, Default::default()).await?;
    if user.role().is_staff() {
        // Staff sign in with their password and second factor only.
        return Ok(back_with_error(jar, "staff_password_required"));
    }
    if created {
        // Names only: the display name is asked for by the app's dialog.
        let given = claims
            .given_name()
            .and_then(|n| n.get(None))
            .map(|n| n.as_str().to_owned());
        let family = claims
            .family_name()
            .and_then(|n| n.get(None))
            .map(|n| n.as_str().to_owned());
        accounts::set_names(&mut tx, user.user_id, given.as_deref(), family.as_deref()).await?;
    }
    let signed_in = start_session(
        &state,
        &mut tx,
        jar,
        &headers,
        ip,
        user,
        SessionStrength::SingleFactor,
        "Login using google success!",
    )
    .await?;
    tx.commit().await?;
    // Keep the cookies start_session set (the session, the flow cookie's removal), but
    // answer with a redirect.
    let (parts, _) = signed_in.into_parts();
    let mut response = Redirect::to(&flow.return_to).into_response();
    for cookie in parts.headers.get_all(axum::http::header::SET_COOKIE) {
        response
            .headers_mut()
            .append(axum::http::header::SET_COOKIE, cookie.clone());
    }
    Ok(response)
}
