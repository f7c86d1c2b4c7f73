//! Google sign-in against the simulator's OpenID provider: real redirects, a real code
//! exchange with PKCE, a real ES256 signature checked by the openidconnect crate.

use crate::common::serve;
use reqwest::{StatusCode, header::LOCATION};
use serde_json::Value;
use sim::{Sim, SimOptions};
use sqlx::PgPool;

/// Follows the flow by hand, as a browser would, choosing `email` on the provider's page.
async fn sign_in_with_google(app_base: &str, email: &str) -> (reqwest::Client, String) {
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let r = browser
        .get(format!(
            "{app_base}/api/auth/google/start?return_to=/wallet/&language=it"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let authorize = r.headers()[LOCATION].to_str().unwrap().to_owned();
    let page = browser
        .get(&authorize)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Choose an account") && page.contains("google.tifoso@example.com"));
    // The chooser's form: the hidden fields are the authorize parameters.
    let query: Vec<(String, String)> = url_query(&authorize);
    let mut form: Vec<(String, String)> = query
        .into_iter()
        .filter(|(k, _)| {
            [
                "client_id",
                "redirect_uri",
                "state",
                "nonce",
                "code_challenge",
            ]
            .contains(&k.as_str())
        })
        .collect();
    form.push(("email".into(), email.into()));
    let sim_base = authorize.split("/oidc/").next().unwrap().to_owned();
    let r = browser
        .post(format!("{sim_base}/oidc/authorize/choose"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let callback = r.headers()[LOCATION].to_str().unwrap().to_owned();
    assert!(callback.starts_with(app_base), "{callback}");
    let r = browser.get(&callback).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let landing = r.headers()[LOCATION].to_str().unwrap().to_owned();
    (browser, landing)
}

fn url_query(url: &str) -> Vec<(String, String)> {
    let q = url.split_once('?').map(|(_, q)| q).unwrap_or("");
    q.split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn decode(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 3 <= b.len() {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(if b[i] == b'+' { b' ' } else { b[i] });
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[sqlx::test(migrations = false)]
async fn a_fan_signs_in_with_google_and_lands_where_they_were_going(pool: PgPool) {
    let sim = Sim::start(SimOptions::random_ports()).await.unwrap();
    let issuer = format!("{}/oidc", sim.http_url());
    let app = serve(pool, &[("GOOGLE_ISSUER_URL", issuer.as_str())], None).await;
    let (browser, landing) = sign_in_with_google(&app.base, "Google.Tifoso@example.com").await;
    assert_eq!(landing, "/wallet/");
    let me: Value = browser
        .get(app.url("/api/me"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["email"], "google.tifoso@example.com");
    assert_eq!(me["first_name"], "Giulia");
    assert_eq!(me["is_first_time_login"], false);
    assert_eq!(me["display_name"], "", "the app asks for it");
    assert_eq!(
        me["language"], "it",
        "a new account takes the app's language"
    );
}

#[sqlx::test(migrations = false)]
async fn a_banned_email_is_refused_at_google_sign_in_and_nothing_is_created(pool: PgPool) {
    let sim = Sim::start(SimOptions::random_ports()).await.unwrap();
    let issuer = format!("{}/oidc", sim.http_url());
    let app = serve(pool, &[("GOOGLE_ISSUER_URL", issuer.as_str())], None).await;
    let mut conn = app.pool.acquire().await.unwrap();
    domain::moderation::ban_email(
        &mut conn,
        &domain::email::Email::parse("google.bannato@example.com").unwrap(),
    )
    .await
    .unwrap();
    let (browser, landing) = sign_in_with_google(&app.base, "google.bannato@example.com").await;
    assert_eq!(landing, "/?signin_error=email_banned");
    assert_eq!(
        browser
            .get(app.url("/api/me"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::UNAUTHORIZED
    );
    let users: i64 = sqlx::query_scalar("select count(*) from app_user")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(users, 0);
}

#[sqlx::test(migrations = false)]
async fn a_callback_with_a_forged_state_signs_nobody_in(pool: PgPool) {
    let sim = Sim::start(SimOptions::random_ports()).await.unwrap();
    let issuer = format!("{}/oidc", sim.http_url());
    let app = serve(pool, &[("GOOGLE_ISSUER_URL", issuer.as_str())], None).await;
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    browser
        .get(app.url("/api/auth/google/start"))
        .send()
        .await
        .unwrap();
    let r = browser
        .get(app.url("/api/auth/google/callback?code=made-up&state=forged"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()[LOCATION], "/?signin_error=google_failed");
    assert_eq!(
        browser
            .get(app.url("/api/me"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = false)]
async fn google_sign_in_answers_503_when_the_provider_is_down(pool: PgPool) {
    let app = serve(
        pool,
        &[("GOOGLE_ISSUER_URL", "http://127.0.0.1:9/oidc")],
        None,
    )
    .await;
    let r = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(app.url("/api/auth/google/start"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        r.json::<Value>().await.unwrap()["code"],
        "google_unavailable"
    );
}
