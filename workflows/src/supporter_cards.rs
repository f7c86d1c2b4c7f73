//! The club's supporter card, from application to card (domain::cards::applications): the
//! registration in the ticketing system (tesseratifoso-registra) after the fan applies, the
//! issue (tesseratifoso-emetti, where the police check answers) after staff approve, with
//! the photo sent first (tesseratifoso-post-immagine-tessera-tifoso) and the e-mail with the
//! card's PDFs after (send-supporter-card-issue-email), and the revocation
//! (delete-tesseratifoso).
//!
//! Each is a job keyed by the application, and each reads the application's state first: a
//! repeat (a worker killed half-way, an answer lost) finds the work done or finds out from the
//! ticketing system what it did, instead of doing it twice.

use crate::runtime::{Job, JobContext, JobError, ticketing_error};
use domain::{
    cards::applications::{self, ApplicationState, ForTicketing},
    language::Language,
    notifications::{Attachment, MailTemplate},
};
use integrations::{
    documents::{self, SupporterCard},
    ticketing::{CardInfo, Person, TicketingError},
};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

/// The ticketing system's card states.
const REGISTERED: &str = "registered";
const ISSUED: &str = "issued";
const REVOKED: &str = "revoked";
const EXPIRED: &str = "expired";

fn refusal_code(e: &TicketingError) -> &str {
    match e {
        TicketingError::Refused { code, .. } => code,
        _ => "",
    }
}

fn person(a: &ForTicketing) -> Person {
    Person {
        first_name: a.first_name.clone(),
        last_name: a.last_name.clone(),
        birth_date: a.birth_date,
        sex: a.sex.clone(),
        fiscal_code: a.fiscal_code.clone(),
    }
}

async fn load(ctx: &JobContext, id: Uuid) -> Result<ForTicketing, JobError> {
    let mut conn = ctx.pool.acquire().await?;
    applications::for_ticketing(&mut conn, id)
        .await?
        .ok_or_else(|| JobError::Permanent(anyhow::anyhow!("no supporter card application {id}")))
}

/// The application with its card's number when it is in `state` (the job's work is waiting);
/// `None` when a repeat finds it done.
async fn waiting(
    ctx: &JobContext,
    id: Uuid,
    state: ApplicationState,
) -> Result<Option<(ForTicketing, String)>, JobError> {
    let app = load(ctx, id).await?;
    if app.state != state {
        return Ok(None);
    }
    let number = app.card_number.clone().ok_or_else(|| {
        JobError::Permanent(anyhow::anyhow!(
            "application {id} is {state:?} without a card"
        ))
    })?;
    Ok(Some((app, number)))
}

/// Queues the registration of a new application (in its transaction).
pub async fn queue_registration(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    crate::enqueue(conn, &RegisterCard { application_id: id }).await?;
    Ok(())
}

/// Queues the issue of an approved application (in the approval's transaction).
pub async fn queue_issue(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    crate::enqueue(conn, &IssueCard { application_id: id }).await?;
    Ok(())
}

/// Queues the revocation of a card (in the request's transaction).
pub async fn queue_revocation(conn: &mut PgConnection, id: Uuid) -> Result<(), sqlx::Error> {
    crate::enqueue(conn, &RevokeCard { application_id: id }).await?;
    Ok(())
}

/// Registers an application's card in the ticketing system.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RegisterCard {
    pub application_id: Uuid,
}

impl Job for RegisterCard {
    const QUEUE: &'static str = "supporter_cards::register";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.application_id.to_string())
    }

    /// The person's cards are looked up first: one registered (by an earlier attempt whose
    /// answer was lost, or at the box office) is this application's; one in force means the
    /// person has a card already, and the application is refused as `card_exists` (the fan
    /// adds that card by its number instead).
    #[tracing::instrument(skip_all, fields(application_id = %self.application_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let app = load(ctx, self.application_id).await?;
        if app.state != ApplicationState::Submitted {
            return Ok(());
        }
        let holder = person(&app);
        let cards = ctx
            .ticketing
            .cards_of(&holder)
            .await
            .map_err(ticketing_error)?;
        let card = if cards.iter().any(|c| c.state == ISSUED) {
            let mut conn = ctx.pool.acquire().await?;
            applications::refused(
                &mut conn,
                self.application_id,
                applications::REFUSED_CARD_EXISTS,
            )
            .await?;
            return Ok(());
        } else if let Some(card) = cards.into_iter().find(|c| c.state == REGISTERED) {
            card
        } else {
            match ctx.ticketing.register_card(&holder).await {
                Ok(card) => card,
                // Registered meanwhile (the answer lost, then a retry): the next attempt
                // finds it.
                Err(e @ TicketingError::Refused { .. })
                    if refusal_code(&e) == "TESSERA_GIA_PRESENTE" =>
                {
                    return Err(JobError::Retryable(e.into()));
                }
                Err(e) => return Err(ticketing_error(e)),
            }
        };
        let mut conn = ctx.pool.acquire().await?;
        applications::registered(&mut conn, self.application_id, &card.number).await?;
        Ok(())
    }
}

/// Issues an approved application's card: its photo sent, then the issue (the police check).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct IssueCard {
    pub application_id: Uuid,
}

impl Job for IssueCard {
    const QUEUE: &'static str = "supporter_cards::issue";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.application_id.to_string())
    }

    /// A refusal for the person (the police check: PERSONA_BANNATA) refuses the application;
    /// "not in the registered state" after a lost answer reads the card and goes on when it is
    /// issued. The e-mail is queued in the transaction that records the issue, so it goes once.
    #[tracing::instrument(skip_all, fields(application_id = %self.application_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let Some((app, number)) =
            waiting(ctx, self.application_id, ApplicationState::Issuing).await?
        else {
            return Ok(());
        };
        ctx.ticketing
            .card_photo(&number, &app.photo)
            .await
            .map_err(ticketing_error)?;
        let card: CardInfo = match ctx.ticketing.issue_card(&number).await {
            Ok(card) => card,
            Err(TicketingError::Refused { code, .. }) if code == "PERSONA_BANNATA" => {
                let mut conn = ctx.pool.acquire().await?;
                applications::refused(
                    &mut conn,
                    self.application_id,
                    applications::REFUSED_BY_POLICE,
                )
                .await?;
                return Ok(());
            }
            Err(TicketingError::Refused { code, .. }) if code == "TESSERA_NON_EMETTIBILE" => {
                let card = ctx.ticketing.card(&number).await.map_err(ticketing_error)?;
                if card.state != ISSUED {
                    return Err(JobError::Permanent(anyhow::anyhow!(
                        "card {number} is {} in the ticketing system, not issuable",
                        card.state
                    )));
                }
                card
            }
            Err(e) => return Err(ticketing_error(e)),
        };
        let mut tx = ctx.pool.begin().await?;
        let Some(issued) =
            applications::issued(&mut tx, self.application_id, card.expires_on).await?
        else {
            return Ok(());
        };
        let language = Language::from_code_or_default(&app.user_language);
        let document = SupporterCard {
            number: number.clone(),
            first_name: issued.first_name.clone(),
            last_name: issued.last_name.clone(),
            birth_date: issued.birth_date,
            birth_place: issued.birth_place.clone(),
            fiscal_code: issued.fiscal_code.clone(),
            expires_on: issued.expires_on,
            photo_jpeg: app.photo.clone(),
        };
        let lang = documents::Lang::parse(language.code());
        let holder = format!("{} {}", issued.first_name, issued.last_name);
        let base = ctx.public_base_url.trim_end_matches('/');
        crate::mail::mail_to(
            &mut tx,
            &app.user_email,
            language,
            MailTemplate::SupporterCardIssued,
            &serde_json::json!({
                "holder": holder,
                "number": number,
                "valid_until": issued.expires_on.map(|d| d.format("%d/%m/%Y").to_string()).unwrap_or_default(),
                "cards_url": format!("{base}/blunelcuore"),
                "site_url": format!("{base}/"),
            }),
            vec![
                Attachment {
                    filename: format!("tessera-{number}.pdf"),
                    content_type: "application/pdf".into(),
                    content: documents::supporter_card_pdf(&document, lang),
                },
                Attachment {
                    filename: format!("tessera-{number}-small.pdf"),
                    content_type: "application/pdf".into(),
                    content: documents::supporter_card_small_pdf(&document, lang),
                },
            ],
        )
        .await?;
        tx.commit().await?;
        tracing::info!(card_number = %number, "supporter card issued");
        Ok(())
    }
}

/// Revokes a card in the ticketing system, then here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RevokeCard {
    pub application_id: Uuid,
}

impl Job for RevokeCard {
    const QUEUE: &'static str = "supporter_cards::revoke";
    const MAX_ATTEMPTS: u32 = 10;

    fn idempotency_key(&self) -> Option<String> {
        Some(self.application_id.to_string())
    }

    /// Revoking a revoked card changes nothing there, so a repeat simply revokes again.
    #[tracing::instrument(skip_all, fields(application_id = %self.application_id))]
    async fn run(&self, ctx: &JobContext, _attempt: u32) -> Result<(), JobError> {
        let Some((_, number)) =
            waiting(ctx, self.application_id, ApplicationState::Revoking).await?
        else {
            return Ok(());
        };
        ctx.ticketing
            .revoke_card(&number)
            .await
            .map_err(ticketing_error)?;
        let mut conn = ctx.pool.acquire().await?;
        applications::ended(&mut conn, self.application_id, ApplicationState::Revoked).await?;
        Ok(())
    }
}

/// What a re-check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recheck {
    /// The card is as we have it.
    Unchanged,
    /// Revoked or expired there: now here too.
    Ended(ApplicationState),
}

/// Compares an issued card with the ticketing system (staff's "re-check"): a card revoked or
/// expired there is revoked or expired here. One call, answered at once.
pub async fn recheck(
    pool: &sqlx::PgPool,
    ticketing: &integrations::ticketing::TicketingClient,
    id: Uuid,
) -> Result<Option<Recheck>, RecheckError> {
    let mut conn = pool.acquire().await?;
    let Some(app) = applications::for_ticketing(&mut conn, id).await? else {
        return Ok(None);
    };
    drop(conn);
    let Some(number) = app.card_number else {
        return Err(RecheckError::NoCard);
    };
    let card = ticketing.card(&number).await?;
    let mut conn = pool.acquire().await?;
    applications::checked(&mut conn, id).await?;
    let to = match card.state.as_str() {
        REVOKED => ApplicationState::Revoked,
        EXPIRED => ApplicationState::Expired,
        _ => return Ok(Some(Recheck::Unchanged)),
    };
    Ok(Some(if applications::ended(&mut conn, id, to).await? {
        Recheck::Ended(to)
    } else {
        Recheck::Unchanged
    }))
}

#[derive(Debug, thiserror::Error)]
pub enum RecheckError {
    /// Not registered yet: nothing to compare.
    #[error("the application has no card yet")]
    NoCard,
    #[error(transparent)]
    Ticketing(#[from] TicketingError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The card's PDF, full or small, for its applicant or staff.
pub fn card_pdf(
    app: &applications::Application,
    photo: Vec<u8>,
    small: bool,
    language: Language,
) -> Option<Vec<u8>> {
    let document = SupporterCard {
        number: app.card_number.clone()?,
        first_name: app.first_name.clone(),
        last_name: app.last_name.clone(),
        birth_date: app.birth_date,
        birth_place: app.birth_place.clone(),
        fiscal_code: app.fiscal_code.clone(),
        expires_on: app.expires_on,
        photo_jpeg: photo,
    };
    let lang = documents::Lang::parse(language.code());
    Some(if small {
        documents::supporter_card_small_pdf(&document, lang)
    } else {
        documents::supporter_card_pdf(&document, lang)
    })
}
