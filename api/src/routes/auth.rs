//! Sign-in: e-mail code, e-mail link, password (fans at `/`, staff at `/admin/login`,
//! corporate users at `/corporate/login`), password reset, Google (see `google`), logout.
//!
//! Every method refuses a banned e-mail and creates nothing for it. Sign-in rotates the
//! session: any session the browser had is deleted and a new one issued.

use crate::{
    auth::{self, ClientIp, CurrentUser, SESSION_COOKIE},
    error::{ApiError, ApiResult},
    extract::Json,
    routes::me::MeView,
    state::AppState,
};
use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use axum_extra::extract::CookieJar;
use domain::{
    accounts::{
        self, Consents, Role, User,
        codes::CodeRefusal,
        password,
        second_factor::{self, Enrolment},
        tokens::Purpose,
    },
    email::Email,
    language::Language,
    moderation,
    notifications::{MailTemplate, NewEmail},
    rate_limit,
};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::{net::IpAddr, time::Duration};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_csrf))
        .routes(routes!(request_code))
        .routes(routes!(verify_code))
        .routes(routes!(request_link))
        .routes(routes!(verify_link))
        .routes(routes!(sign_in_with_password))
        .routes(routes!(verify_second_factor))
        .routes(routes!(reauthenticate))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(logout))
}

/// The CSRF token, for the apps to repeat in `X-CSRF-Token`.
#[derive(Serialize, ToSchema)]
struct CsrfToken {
    csrf_token: String,
}

/// A sign-in: a session, or (staff) the second factor to give next.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum PasswordSignInAnswer {
    SignedIn(Box<SignedIn>),
    SecondFactorNeeded(SecondFactorNeeded),
}

const WINDOW: Duration = Duration::from_secs(600);
/// Per e-mail and client together: what one client may try on one account.
const PER_PAIR: i32 = 5;
/// Per client, all accounts together.
const PER_CLIENT: i32 = 30;
/// Per account, all clients together: high enough that an attacker needs many addresses to
/// reach it, low enough to stop a spread-out guessing of one account or flooding its inbox.
const PER_EMAIL: i32 = 20;

#[derive(Serialize, ToSchema)]
pub struct MessageView {
    pub message: &'static str,
}

#[derive(Serialize, ToSchema)]
pub struct SignedIn {
    pub message: &'static str,
    pub user: MeView,
    /// Right after a staff member's enrolment only: the recovery codes, shown once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_codes: Option<Vec<String>>,
}

/// `GET /api/auth/csrf`: the CSRF token (and its cookie), for the apps to send back.
#[utoipa::path(get, path = "/auth/csrf", tag = "auth", responses((status = 200, body = CsrfToken, description = "Sets the `lario_csrf` cookie too")))]
async fn get_csrf(State(state): State<AppState>, jar: CookieJar) -> Response {
    let token = jar
        .get(auth::CSRF_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|t| t.len() >= 32)
        .unwrap_or_else(domain::secrets::random_token);
    let jar = jar.add(auth::csrf_cookie(
        token.clone(),
        state.config.auth.secure_cookies,
    ));
    (jar, axum::Json(CsrfToken { csrf_token: token })).into_response()
}

fn parse_email(raw: &str) -> ApiResult<Email> {
    Email::parse(raw).map_err(|_| {
        ApiError::validation([("email".to_owned(), "invalid_email".to_owned())].into())
    })
}

fn banned() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "email_banned",
        "This e-mail address cannot be used to sign in",
    )
}

/// The buckets an attempt of `what` on `email` from `ip` counts in, with their limits.
fn buckets(what: &str, email: &Email, ip: Option<IpAddr>) -> Vec<(String, i32)> {
    let mut b = vec![(format!("{what}:email:{email}"), PER_EMAIL)];
    if let Some(ip) = ip {
        b.push((format!("{what}:pair:{email}:{ip}"), PER_PAIR));
        b.push((format!("{what}:ip:{ip}"), PER_CLIENT));
    }
    b
}

/// Counts a request (a code or link e-mailed, a reset asked for) against the e-mail and the
/// client, per pair, per client and per e-mail; refuses past any limit. An attacker on one
/// address meets the pair's limit long before the e-mail's: the owner, elsewhere, still gets
/// their code.
async fn check_rate(
    conn: &mut PgConnection,
    what: &str,
    email: &Email,
    ip: Option<IpAddr>,
) -> ApiResult<()> {
    let mut within = true;
    for (bucket, max) in buckets(what, email, ip) {
        within &= rate_limit::hit(conn, &bucket, WINDOW, max).await?;
    }
    if within {
        Ok(())
    } else {
        Err(ApiError::rate_limited())
    }
}

/// Refuses a guess (a password) once the failures counted by [`count_failure`] reached a
/// limit; right guesses are not counted, so the owner is never shut out by their own sign-ins
/// and a stranger's wrong guesses lock only the stranger's address out of that account.
async fn check_failures(
    conn: &mut PgConnection,
    what: &str,
    email: &Email,
    ip: Option<IpAddr>,
) -> ApiResult<()> {
    for (bucket, max) in buckets(what, email, ip) {
        if rate_limit::count(conn, &bucket, WINDOW).await? >= max {
            return Err(ApiError::rate_limited());
        }
    }
    Ok(())
}

async fn count_failure(
    conn: &mut PgConnection,
    what: &str,
    email: &Email,
    ip: Option<IpAddr>,
) -> ApiResult<()> {
    for (bucket, max) in buckets(what, email, ip) {
        rate_limit::hit(conn, &bucket, WINDOW, max).await?;
    }
    Ok(())
}

/// Refuses a guess of a code (e-mailed, or the authenticator's) once this address's wrong
/// guesses of `what` reached [`PER_CLIENT`]: one address guessing codes of many accounts.
async fn check_client_failures(
    conn: &mut PgConnection,
    what: &str,
    ip: Option<IpAddr>,
) -> ApiResult<()> {
    if let Some(ip) = ip
        && rate_limit::count(conn, &format!("{what}:ip:{ip}"), WINDOW).await? >= PER_CLIENT
    {
        return Err(ApiError::rate_limited());
    }
    Ok(())
}

async fn count_client_failure(
    conn: &mut PgConnection,
    what: &str,
    ip: Option<IpAddr>,
) -> ApiResult<()> {
    if let Some(ip) = ip {
        rate_limit::hit(conn, &format!("{what}:ip:{ip}"), WINDOW, PER_CLIENT).await?;
    }
    Ok(())
}

/// An e-mailed sign-in (a code or a link) asked for: the e-mail, the app's language, and the
/// consents ticked at sign-up.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct EmailedSignIn {
    email: String,
    #[serde(default)]
    language: Option<Language>,
    #[serde(default)]
    consent: Option<Consents>,
}

/// The steps every e-mailed sign-in starts with, in `tx`: the e-mail parsed, a banned one
/// refused (nothing created), the attempt counted against `what`'s limits, and what a sign-up
/// form said remembered for a new address (the account is made once the code or link is
/// used: asking tells nobody whether an account exists). Returns the e-mail and the language
/// of the e-mail to send.
///
/// A refused request rolls its own hit back with the transaction, which leaves the counter at
/// the limit: the next request is refused as well until the window ends.
async fn begin_emailed_sign_in(
    tx: &mut PgConnection,
    what: &str,
    req: &EmailedSignIn,
    ip: Option<IpAddr>,
) -> ApiResult<(Email, Language)> {
    let email = parse_email(&req.email)?;
    if moderation::is_email_banned(tx, &email).await? {
        return Err(banned());
    }
    check_rate(tx, what, &email, ip).await?;
    let language = match accounts::find_by_email(tx, &email).await? {
        Some(user) => req
            .language
            .unwrap_or(Language::from_code_or_default(&user.language)),
        None => {
            accounts::remember_signup(
                tx,
                &email,
                req.language,
                ip,
                req.consent.unwrap_or_default(),
            )
            .await?;
            req.language.unwrap_or_default()
        }
    };
    Ok((email, language))
}

async fn is_staff_email(conn: &mut PgConnection, email: &Email) -> ApiResult<bool> {
    Ok(accounts::find_by_email(conn, email)
        .await?
        .is_some_and(|u| u.role().is_staff()))
}

#[derive(Serialize, ToSchema)]
struct CodeSent {
    message: &'static str,
}

/// `POST /api/auth/code`: sends a six-digit code (valid 120 s). The answer is the same whether
/// the address has an account or not; a new address gets its account when the code is used
/// (isFirstTimeLogin true until then, as the spec's sign-up).
#[utoipa::path(post, path = "/auth/code", tag = "auth", request_body = EmailedSignIn, responses(
    (status = 200, body = CodeSent, description = "The same answer whether the address has an account or not"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`invalid_email`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn request_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(req): Json<EmailedSignIn>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let (email, language) = begin_emailed_sign_in(&mut tx, "code", &req, ip).await?;
    // A staff account cannot sign in with a code: none is sent (the answer is the same).
    if !is_staff_email(&mut tx, &email).await? {
        let code = accounts::codes::issue(
            &mut tx,
            state.config.auth.secret.expose_secret().as_bytes(),
            &email,
        )
        .await?;
        send(
            &mut tx,
            &email,
            language,
            MailTemplate::SignInCode,
            serde_json::json!({ "code": code, "valid_minutes": 2 }),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(axum::Json(CodeSent {
        message: "OTP sent. Please check your email.",
    })
    .into_response())
}

async fn send(
    conn: &mut PgConnection,
    to: &Email,
    language: Language,
    template: MailTemplate,
    context: serde_json::Value,
) -> ApiResult<()> {
    workflows::mail::send_email(
        conn,
        &NewEmail {
            to: to.clone(),
            language,
            template,
            context,
            attachments: vec![],
        },
    )
    .await?;
    Ok(())
}

/// Issues a single-use token for `email` and e-mails its link: `/authorise/{token}` to sign
/// in, `/reset-password/{token}` to choose a password.
async fn email_token_link(
    state: &AppState,
    conn: &mut PgConnection,
    purpose: Purpose,
    email: &Email,
    language: Language,
) -> ApiResult<()> {
    let token = accounts::tokens::issue(conn, purpose, email).await?;
    let (page, template) = match purpose {
        Purpose::SignInLink => ("authorise", MailTemplate::SignInLink),
        Purpose::PasswordReset => ("reset-password", MailTemplate::PasswordReset),
    };
    let base = state.config.public_base_url.trim_end_matches('/');
    let context = serde_json::json!({
        "link": format!("{base}/{page}/{token}"),
        "valid_minutes": purpose.validity().num_minutes(),
    });
    send(conn, email, language, template, context).await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CodeVerification {
    email: String,
    code: String,
}

/// `POST /api/auth/code/verify`: signs in with the code.
#[utoipa::path(post, path = "/auth/code/verify", tag = "auth", request_body = CodeVerification, responses(
    (status = 200, body = SignedIn, description = "Signed in: sets the session cookie"),
    (status = 401, body = crate::openapi::ErrorBody, description = "`code_invalid`, `code_expired`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`, `staff_password_required`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`invalid_email`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`code_locked`, `rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn verify_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(req): Json<CodeVerification>,
) -> ApiResult<Response> {
    let email = parse_email(&req.email)?;
    let mut tx = state.pool.begin().await?;
    if moderation::is_email_banned(&mut tx, &email).await? {
        return Err(banned());
    }
    // Wrong codes are counted per client: one address guessing codes of many accounts meets
    // its limit. (Per account, each code allows five tries and codes are limited when asked.)
    check_client_failures(&mut tx, "verify", ip).await?;
    let secret = state.config.auth.secret.expose_secret().as_bytes().to_vec();
    let outcome = accounts::codes::verify(&mut tx, &secret, &email, &req.code).await?;
    let refusal = outcome.err();
    if let Some(r) = refusal {
        count_client_failure(&mut tx, "verify", ip).await?;
        // The failed try is counted even though the sign-in is refused.
        tx.commit().await?;
        let (status, code, message) = match r {
            CodeRefusal::Unknown => (
                StatusCode::UNAUTHORIZED,
                "code_invalid",
                "This code is not valid: ask for a new one".to_owned(),
            ),
            CodeRefusal::Expired => (
                StatusCode::UNAUTHORIZED,
                "code_expired",
                "This code has expired: ask for a new one".to_owned(),
            ),
            CodeRefusal::Wrong { remaining } => (
                StatusCode::UNAUTHORIZED,
                "code_invalid",
                format!("Wrong code: {remaining} attempts left"),
            ),
            CodeRefusal::Locked => (
                StatusCode::TOO_MANY_REQUESTS,
                "code_locked",
                "Too many wrong attempts: ask for a new code".to_owned(),
            ),
        };
        return Err(ApiError::new(status, code, message).with_field("code", code));
    }
    let (user, _) = accounts::create_from_signup(&mut tx, &email).await?;
    refuse_staff_without_password(&user)?;
    let response = start_session(
        &state,
        &mut tx,
        jar,
        &headers,
        ip,
        user,
        SessionStrength::SingleFactor,
        "Signed in with a one-time code",
    )
    .await?;
    tx.commit().await?;
    Ok(response)
}

/// How a sign-in proved who the user is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionStrength {
    /// An e-mailed code or link, a password, Google: enough for fans and companies.
    SingleFactor,
    /// A password and the second factor: what staff routes need. Right after an enrolment,
    /// with the recovery codes to show once.
    SecondFactor { recovery_codes: Option<Vec<String>> },
}

/// Signs `user` in: rotates the session and records the sign-in, in `tx`.
#[allow(clippy::too_many_arguments)]
pub async fn start_session(
    state: &AppState,
    tx: &mut PgConnection,
    jar: CookieJar,
    headers: &HeaderMap,
    ip: Option<IpAddr>,
    user: User,
    strength: SessionStrength,
    message: &'static str,
) -> ApiResult<Response> {
    if let Some(old) = jar.get(SESSION_COOKIE) {
        accounts::sessions::delete(tx, old.value()).await?;
    }
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (token, recovery_codes) = match strength {
        SessionStrength::SingleFactor => (
            accounts::sessions::create(tx, user.user_id, ip, agent).await?,
            None,
        ),
        SessionStrength::SecondFactor { recovery_codes } => (
            accounts::sessions::create_with_second_factor(tx, user.user_id, ip, agent).await?,
            recovery_codes,
        ),
    };
    accounts::record_sign_in(tx, user.user_id).await?;
    let user = accounts::find_by_id(tx, user.user_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let jar = jar.add(auth::session_cookie(
        token,
        state.config.auth.secure_cookies,
    ));
    Ok((
        jar,
        axum::Json(SignedIn {
            message,
            user: MeView::from(user),
            recovery_codes,
        }),
    )
        .into_response())
}

/// `POST /api/auth/link`: e-mails a single-use sign-in link to `/authorise/{token}`.
#[utoipa::path(post, path = "/auth/link", tag = "auth", request_body = EmailedSignIn, responses(
    (status = 200, body = MessageView, description = "The same answer whether the address has an account or not"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`invalid_email`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn request_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(req): Json<EmailedSignIn>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let (email, language) = begin_emailed_sign_in(&mut tx, "link", &req, ip).await?;
    if !is_staff_email(&mut tx, &email).await? {
        email_token_link(&state, &mut tx, Purpose::SignInLink, &email, language).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(MessageView {
        message: "Email sent successfully!",
    })
    .into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LinkVerification {
    token: String,
}

fn link_invalid() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "link_invalid",
        "This link is not valid any more: ask for a new one",
    )
}

/// `POST /api/auth/link/verify`: signs in with the token of an e-mailed link (once).
#[utoipa::path(post, path = "/auth/link/verify", tag = "auth", request_body = LinkVerification, responses(
    (status = 200, body = SignedIn, description = "Signed in: sets the session cookie"),
    (status = 401, body = crate::openapi::ErrorBody, description = "`link_invalid`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`, `staff_password_required`"),
))]
#[tracing::instrument(skip_all)]
async fn verify_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(req): Json<LinkVerification>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    let email = accounts::tokens::consume(&mut tx, Purpose::SignInLink, &req.token)
        .await?
        .ok_or_else(link_invalid)?;
    if moderation::is_email_banned(&mut tx, &email).await? {
        return Err(banned());
    }
    let (user, _) = accounts::create_from_signup(&mut tx, &email).await?;
    refuse_staff_without_password(&user)?;
    let response = start_session(
        &state,
        &mut tx,
        jar,
        &headers,
        ip,
        user,
        SessionStrength::SingleFactor,
        "Email sent successfully!",
    )
    .await?;
    tx.commit().await?;
    Ok(response)
}

/// Where a password sign-in happens: the area decides who may enter.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "lowercase")]
enum Area {
    #[default]
    Fan,
    Admin,
    Corporate,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PasswordSignIn {
    email: String,
    password: String,
    #[serde(default)]
    area: Area,
}

fn invalid_credentials() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
        "Wrong e-mail or password",
    )
}

/// `POST /api/auth/password`: signs in with e-mail and password; `area` admin admits staff
/// only, corporate corporate users only.
#[utoipa::path(post, path = "/auth/password", tag = "auth", request_body = PasswordSignIn, responses(
    (status = 200, body = PasswordSignInAnswer, description = "Signed in (fans, companies), or the second factor to give next (staff)"),
    (status = 401, body = crate::openapi::ErrorBody, description = "`invalid_credentials`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`, `staff_use_admin`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`invalid_email`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn sign_in_with_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(req): Json<PasswordSignIn>,
) -> ApiResult<Response> {
    let email = parse_email(&req.email).map_err(|_| invalid_credentials())?;
    let mut conn = state.pool.acquire().await?;
    if moderation::is_email_banned(&mut conn, &email).await? {
        return Err(banned());
    }
    check_failures(&mut conn, "password", &email, ip).await?;
    let user = accounts::find_by_email(&mut conn, &email).await?;
    drop(conn);
    let hash = user.as_ref().and_then(|u| u.password_hash.clone());
    let password = req.password.clone();
    // argon2 is deliberately slow: keep it off the async threads.
    let ok = tokio::task::spawn_blocking(move || match hash {
        Some(h) => password::verify(&password, &h),
        None => {
            password::dummy_verify(&password);
            false
        }
    })
    .await
    .unwrap_or(false);
    let user = match (ok, user) {
        (true, Some(u)) => u,
        _ => {
            let mut conn = state.pool.acquire().await?;
            count_failure(&mut conn, "password", &email, ip).await?;
            return Err(invalid_credentials());
        }
    };
    let allowed = match req.area {
        Area::Fan => true,
        Area::Admin => user.role().is_staff(),
        Area::Corporate => user.role() == Role::Corporate || user.is_corporate,
    };
    if !allowed {
        return Err(auth::forbidden());
    }
    let mut tx = state.pool.begin().await?;
    if user.role().is_staff() {
        // Staff and admins: the password opens a challenge; the session comes with the code.
        if req.area != Area::Admin {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "staff_use_admin",
                "Staff accounts sign in at /admin/login",
            ));
        }
        let challenge = second_factor::create_challenge(&mut tx, user.user_id).await?;
        let view = match second_factor::enrolment(&mut tx, user.user_id).await? {
            Enrolment::Confirmed => SecondFactorNeeded {
                second_factor: "totp",
                challenge,
                totp: None,
            },
            Enrolment::Pending { secret } => SecondFactorNeeded {
                second_factor: "enroll",
                challenge,
                totp: Some(TotpSetup {
                    otpauth_url: second_factor::otpauth_url(&secret, user.email.as_str())
                        .ok_or_else(ApiError::internal)?,
                    secret,
                }),
            },
        };
        tx.commit().await?;
        return Ok(axum::Json(view).into_response());
    }
    let response = start_session(
        &state,
        &mut tx,
        jar,
        &headers,
        ip,
        user,
        SessionStrength::SingleFactor,
        "Login using email & password success!",
    )
    .await?;
    tx.commit().await?;
    Ok(response)
}

/// The password was right; the second factor is asked next (`POST /api/auth/second-factor`).
#[derive(Serialize, ToSchema)]
struct SecondFactorNeeded {
    /// `totp`: the authenticator's code; `enroll`: scan `totp` first, then its code.
    second_factor: &'static str,
    challenge: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    totp: Option<TotpSetup>,
}

#[derive(Serialize, ToSchema)]
struct TotpSetup {
    secret: String,
    otpauth_url: String,
}

/// Refuses an e-mailed sign-in (code, link) of a staff account: reading an e-mail is not
/// enough to become staff.
fn refuse_staff_without_password(user: &User) -> ApiResult<()> {
    if user.role().is_staff() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "staff_password_required",
            "Staff accounts sign in at /admin/login with their password and authenticator app",
        ));
    }
    Ok(())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SecondFactorAnswer {
    challenge: String,
    code: String,
}

fn second_factor_invalid() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "second_factor_invalid",
        "Wrong code: type the code your authenticator app shows now, or a recovery code",
    )
    .with_field("code", "second_factor_invalid")
}

/// `POST /api/auth/second-factor` `{challenge, code}`: the authenticator's code (or a
/// recovery code) after the password; signs the staff member in. Right after an enrolment the
/// answer carries the ten recovery codes, once.
#[utoipa::path(post, path = "/auth/second-factor", tag = "auth", request_body = SecondFactorAnswer, responses(
    (status = 200, body = SignedIn, description = "Signed in; right after an enrolment, with the recovery codes"),
    (status = 401, body = crate::openapi::ErrorBody, description = "`second_factor_invalid`, `challenge_expired`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn verify_second_factor(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(req): Json<SecondFactorAnswer>,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    // Wrong codes are counted per address (each challenge also allows five).
    check_client_failures(&mut tx, "2fa", ip).await?;
    let key = state.config.auth.secret.expose_secret().as_bytes().to_vec();
    let outcome = second_factor::verify_challenge(&mut tx, &key, &req.challenge, &req.code).await?;
    let passed = match outcome {
        Ok(passed) => passed,
        Err(refusal) => {
            count_client_failure(&mut tx, "2fa", ip).await?;
            // The failed try is counted even though the sign-in is refused.
            tx.commit().await?;
            return Err(match refusal {
                second_factor::Refusal::Invalid => second_factor_invalid(),
                second_factor::Refusal::ChallengeExpired => ApiError::new(
                    StatusCode::UNAUTHORIZED,
                    "challenge_expired",
                    "Sign in again: enter your password",
                ),
            });
        }
    };
    let user = accounts::find_by_id(&mut tx, passed.user_id)
        .await?
        .filter(|u| u.role().is_staff())
        .ok_or_else(auth::forbidden)?;
    if moderation::is_email_banned(&mut tx, &Email::parse(&user.email).map_err(|_| banned())?)
        .await?
    {
        return Err(banned());
    }
    let response = start_session(
        &state,
        &mut tx,
        jar,
        &headers,
        ip,
        user,
        SessionStrength::SecondFactor {
            recovery_codes: passed.recovery_codes,
        },
        "Signed in with password and authenticator",
    )
    .await?;
    tx.commit().await?;
    Ok(response)
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Reauthentication {
    password: String,
    code: String,
}

/// `POST /api/auth/reauth` `{password, code}`: a signed-in staff member proves again who they
/// are before a sensitive change (a role); valid for ten minutes on this session.
#[utoipa::path(post, path = "/auth/reauth", tag = "auth", request_body = Reauthentication,
    security(("session" = [], "csrf" = [])), responses(
    (status = 204, description = "Confirmed for ten minutes on this session"),
    (status = 401, body = crate::openapi::ErrorBody, description = "`invalid_credentials`, `second_factor_invalid`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`forbidden`: not staff"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn reauthenticate(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    Json(req): Json<Reauthentication>,
) -> ApiResult<Response> {
    if !session.user.role().is_staff() || !session.second_factor {
        return Err(auth::forbidden());
    }
    let mut conn = state.pool.acquire().await?;
    let bucket = format!("reauth:user:{}", session.user.user_id);
    if !rate_limit::hit(&mut conn, &bucket, WINDOW, PER_PAIR).await? {
        return Err(ApiError::rate_limited());
    }
    drop(conn);
    let hash = session.user.password_hash.clone();
    let password = req.password.clone();
    let ok =
        tokio::task::spawn_blocking(move || hash.is_some_and(|h| password::verify(&password, &h)))
            .await
            .unwrap_or(false);
    if !ok {
        return Err(invalid_credentials());
    }
    let key = state.config.auth.secret.expose_secret().as_bytes().to_vec();
    let mut tx = state.pool.begin().await?;
    if second_factor::check_code(&mut tx, &key, session.user.user_id, &req.code)
        .await?
        .is_none()
    {
        return Err(second_factor_invalid());
    }
    accounts::sessions::mark_reauthenticated(&mut tx, &session.token).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ForgotPassword {
    email: String,
    #[serde(default)]
    language: Option<Language>,
}

/// `POST /api/auth/password/forgot`: e-mails a reset link when the account exists; answers
/// the same either way, so it does not tell who has an account.
#[utoipa::path(post, path = "/auth/password/forgot", tag = "auth", request_body = ForgotPassword, responses(
    (status = 200, body = MessageView, description = "The same answer whether the address has an account or not"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (`invalid_email`)"),
    (status = 429, body = crate::openapi::ErrorBody, description = "`rate_limited`"),
))]
#[tracing::instrument(skip_all)]
async fn forgot_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(req): Json<ForgotPassword>,
) -> ApiResult<Response> {
    let email = parse_email(&req.email)?;
    let mut tx = state.pool.begin().await?;
    check_rate(&mut tx, "reset", &email, ip).await?;
    if !moderation::is_email_banned(&mut tx, &email).await?
        && let Some(user) = accounts::find_by_email(&mut tx, &email).await?
    {
        let language = req
            .language
            .unwrap_or(Language::from_code_or_default(&user.language));
        email_token_link(&state, &mut tx, Purpose::PasswordReset, &email, language).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(MessageView {
        message: "Email sent successfully!",
    })
    .into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ResetPassword {
    token: String,
    password: String,
}

/// `POST /api/auth/password/reset`: sets a new password with an e-mailed token, and signs in.
#[utoipa::path(post, path = "/auth/password/reset", tag = "auth", request_body = ResetPassword, responses(
    (status = 200, body = SignedIn, description = "The password is set; signed in"),
    (status = 401, body = crate::openapi::ErrorBody, description = "`link_invalid`"),
    (status = 403, body = crate::openapi::ErrorBody, description = "`email_banned`"),
    (status = 422, body = crate::openapi::ErrorBody, description = "`validation_failed` (the password's rules)"),
))]
#[tracing::instrument(skip_all)]
async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(req): Json<ResetPassword>,
) -> ApiResult<Response> {
    if let Err(code) = password::validate(&req.password) {
        return Err(ApiError::validation(
            [("password".to_owned(), code.to_owned())].into(),
        ));
    }
    let hash = tokio::task::spawn_blocking({
        let p = req.password.clone();
        move || password::hash(&p)
    })
    .await
    .map_err(|_| ApiError::internal())?;
    let mut tx = state.pool.begin().await?;
    let email = accounts::tokens::consume(&mut tx, Purpose::PasswordReset, &req.token)
        .await?
        .ok_or_else(link_invalid)?;
    if moderation::is_email_banned(&mut tx, &email).await? {
        return Err(banned());
    }
    let user = accounts::find_by_email(&mut tx, &email)
        .await?
        .ok_or_else(link_invalid)?;
    accounts::set_password_hash(&mut tx, user.user_id, &hash).await?;
    accounts::sessions::delete_all_of(&mut tx, user.user_id).await?;
    let response = start_session(
        &state,
        &mut tx,
        jar,
        &headers,
        ip,
        user,
        SessionStrength::SingleFactor,
        "Login using email & password success!",
    )
    .await?;
    tx.commit().await?;
    Ok(response)
}

/// `POST /api/auth/logout`: ends the session on the server and removes the cookie.
#[utoipa::path(post, path = "/auth/logout", tag = "auth", security(("session" = [], "csrf" = [])), responses(
    (status = 204, description = "Signed out; the cookie removed"),
))]
#[tracing::instrument(skip_all)]
async fn logout(
    State(state): State<AppState>,
    CurrentUser(session): CurrentUser,
    jar: CookieJar,
) -> ApiResult<Response> {
    let mut tx = state.pool.begin().await?;
    accounts::sessions::delete(&mut tx, &session.token).await?;
    accounts::record_logout(&mut tx, session.user.user_id).await?;
    tx.commit().await?;
    let jar = jar.add(auth::expired_session_cookie(
        state.config.auth.secure_cookies,
    ));
    Ok((jar, StatusCode::NO_CONTENT).into_response())
}
