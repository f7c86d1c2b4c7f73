//! Demo data for development (`api seed`, run by `make run`): idempotent, so a second run
//! adds nothing.

use chrono::DurationRound;
use domain::{
    accounts::second_factor,
    email::Email,
    language::Language,
    notifications::{MailTemplate, NewEmail},
};
use serde::Deserialize;
use sqlx::PgPool;
use std::path::Path;

#[derive(Deserialize)]
struct Demo {
    #[serde(default)]
    mail_checks: Vec<MailCheck>,
    #[serde(default)]
    users: Vec<DemoUser>,
}

#[derive(Deserialize)]
struct DemoUser {
    email: Email,
    password: String,
    acc_level: i16,
    first_name: String,
    last_name: String,
    display_name: String,
    language: Language,
    /// Staff only: the authenticator's secret (base32), known in development so that the
    /// demo and the journeys can compute codes. Production staff enrol at their first sign-in.
    #[serde(default)]
    totp_secret: Option<String>,
}

#[derive(Deserialize)]
struct MailCheck {
    to: Email,
    language: Language,
}

/// Loads `dir/demo.json`.
pub async fn load(pool: &PgPool, dir: &Path) -> anyhow::Result<()> {
    let path = dir.join("demo.json");
    let demo: Demo = serde_json::from_slice(&std::fs::read(&path)?)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let mut tx = pool.begin().await?;
    let mut users = 0;
    for u in demo.users {
        if let Some(existing) = domain::accounts::find_by_email(&mut tx, &u.email).await? {
            if let Some(secret) = &u.totp_secret {
                second_factor::set_confirmed_secret(&mut tx, existing.user_id, secret).await?;
            }
            continue;
        }
        let (user, _) = domain::accounts::create_or_get(
            &mut tx,
            &u.email,
            Some(u.language),
            None,
            Default::default(),
        )
        .await?;
        domain::accounts::set_password_hash(
            &mut tx,
            user.user_id,
            &domain::accounts::password::hash(&u.password),
        )
        .await?;
        domain::accounts::set_acc_level(&mut tx, user.user_id, u.acc_level).await?;
        if let Some(secret) = &u.totp_secret {
            second_factor::set_confirmed_secret(&mut tx, user.user_id, secret).await?;
        }
        let update = domain::accounts::ProfileUpdate {
            display_name: Some(u.display_name),
            first_name: Some(u.first_name),
            last_name: Some(u.last_name),
            ..Default::default()
        };
        domain::accounts::update_profile(&mut tx, user.user_id, &update)
            .await?
            .map_err(|e| anyhow::anyhow!("demo user {}: {e:?}", u.email))?;
        users += 1;
    }
    let mut sent = 0;
    for check in demo.mail_checks {
        if domain::notifications::outbound::exists_for(&mut tx, MailTemplate::MailCheck, &check.to)
            .await?
        {
            continue;
        }
        workflows::mail::send_email(
            &mut tx,
            &NewEmail {
                to: check.to,
                language: check.language,
                template: MailTemplate::MailCheck,
                context: serde_json::json!({ "requested_by": "make run (demo data)" }),
                attachments: vec![],
            },
        )
        .await?;
        sent += 1;
    }
    tx.commit().await?;
    tracing::info!(users, mail_checks = sent, "demo data loaded");
    Ok(())
}

/// How many of the next fixtures the demo puts on sale.
const DEMO_ON_SALE: usize = 4;

/// The demo stadium and season from the ticketing system (the simulator must be running):
/// the venue, prices and fixtures, and the next few fixtures on sale with their seats.
pub async fn load_catalogue(pool: &PgPool, config: &domain::config::Config) -> anyhow::Result<()> {
    let client = integrations::ticketing::TicketingClient::new(
        &config.ticketing.base_url,
        &config.ticketing.user,
        config.ticketing.password.clone(),
        config.ticketing.timeout,
    )?;
    // The places the fans' identity names (a job copies them again every day).
    workflows::identity::copy_reference(pool, &client).await?;
    let mut tx = pool.begin().await?;
    let (venue, (imported, updated)) =
        workflows::onsale::import_catalogue(&mut tx, &client).await?;
    let (upcoming, _) = domain::fixtures::search(
        &mut tx,
        &domain::fixtures::FixtureQuery {
            upcoming: Some(true),
            limit: DEMO_ON_SALE as i64 + 1,
            ..Default::default()
        },
    )
    .await?;
    // The one after them opens to fans in a week (they see the date), unless staff said when.
    let (upcoming, announced) = match upcoming.split_at_checked(DEMO_ON_SALE) {
        Some((on_sale, [next, ..])) => (on_sale.to_vec(), Some(next.clone())),
        _ => (upcoming, None),
    };
    if let Some(next) = announced.filter(|f| f.sale_opens_at.is_none()) {
        let in_a_week = (chrono::Utc::now() + chrono::Duration::days(7))
            .duration_trunc(chrono::Duration::hours(1))?;
        if in_a_week < next.starts_at {
            domain::fixtures::set_sale_opens_at(&mut tx, next.id, Some(in_a_week)).await?;
        }
    }
    tx.commit().await?;
    for f in &upcoming {
        {
            let mut conn = pool.acquire().await?;
            domain::fixtures::set_status(&mut conn, f.id, domain::fixtures::ON_SALE)
                .await?
                .map_err(|e| anyhow::anyhow!("fixture {}: {e:?}", f.id))?;
        }
        workflows::onsale::load_inventory(pool, &client, f.id)
            .await
            .map_err(|e| anyhow::anyhow!("fixture {}: {e}", f.id))?;
    }
    // The club's season ticket on sale too, its matches' seats copied (a job does it for staff).
    let shown = domain::seasons::list(&mut *pool.acquire().await?, false, None).await?;
    let mut seasons_on_sale = 0;
    for season in shown
        .iter()
        .filter(|t| t.status == domain::seasons::SCHEDULED)
    {
        let to_load = domain::seasons::set_status(
            &mut *pool.acquire().await?,
            season.id,
            domain::seasons::ON_SALE,
        )
        .await?
        .map_err(|e| anyhow::anyhow!("season ticket {}: {e:?}", season.id))?;
        // Holders may pass on up to five matches (staff change it on the season transfer
        // limit page).
        domain::seasons::set_transfer_limit(&mut *pool.acquire().await?, season.id, 5).await?;
        // The club keeps 2 euros from each match seat resold.
        domain::seasons::set_resale_fee(
            &mut *pool.acquire().await?,
            season.id,
            domain::money::Cents(200),
        )
        .await?;
        for fixture in to_load {
            workflows::onsale::load_inventory(pool, &client, fixture)
                .await
                .map_err(|e| anyhow::anyhow!("fixture {fixture}: {e}"))?;
        }
        seasons_on_sale += 1;
    }
    tracing::info!(
        ?venue,
        imported,
        updated,
        on_sale = upcoming.len(),
        seasons_on_sale,
        "demo stadium and season loaded"
    );
    Ok(())
}
