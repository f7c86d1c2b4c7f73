//! The card payment provider's client (async-stripe): Stripe in production, the payments
//! simulator in development and tests; only the base URL and keys differ.
//!
//! Every write carries an idempotency key derived from the order and the step, so a retried
//! call (a time-out, a worker killed half-way) never charges or refunds twice.

use secrecy::{ExposeSecret, SecretString};
use std::{collections::HashMap, time::Duration};
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError, StripeRequest};
use stripe_core::{
    PaymentIntent,
    payment_intent::{CreatePaymentIntent, ListPaymentIntent, RetrievePaymentIntent},
    refund::{CreateRefund, ListRefund},
};
use stripe_types::{RangeBoundsTs, RangeQueryTs};

/// A payment as the provider lists it, for the payment report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedPayment {
    pub id: String,
    pub amount_cents: i64,
    pub status: String,
    /// Unix seconds.
    pub created: i64,
}

/// A refund as the provider lists it, for the payment report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedRefund {
    pub id: String,
    pub payment_intent: Option<String>,
    pub amount_cents: i64,
    pub status: String,
    /// Unix seconds.
    pub created: i64,
}

/// Pages a list is read in (Stripe's largest).
const PAGE: i64 = 100;

fn created_between(from: i64, to: i64) -> RangeQueryTs {
    RangeQueryTs::Bounds(RangeBoundsTs {
        gte: Some(from),
        lt: Some(to),
        ..Default::default()
    })
}

/// A PaymentIntent as we use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intent {
    pub id: String,
    pub client_secret: Option<String>,
    pub amount_cents: i64,
    /// `succeeded`, `requires_payment_method`, `requires_action`, `processing`, `canceled` ...
    pub status: String,
    /// Our order id, from the metadata.
    pub order_id: Option<String>,
}

impl From<&PaymentIntent> for Intent {
    fn from(pi: &PaymentIntent) -> Self {
        Intent {
            id: pi.id.to_string(),
            client_secret: pi.client_secret.clone(),
            amount_cents: pi.amount,
            status: pi.status.as_str().to_owned(),
            order_id: pi.metadata.get("order_id").cloned(),
        }
    }
}

impl Intent {
    pub fn succeeded(&self) -> bool {
        self.status == "succeeded"
    }
}

/// What the provider told our webhook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookEvent {
    PaymentSucceeded(Intent),
    PaymentFailed(Intent),
    /// Anything else (acknowledged, ignored): the event's type.
    Other(String),
}

/// What went wrong talking to the provider.
#[derive(Debug, thiserror::Error)]
pub enum PaymentsError {
    /// The provider said no (4xx): trying again will not help.
    #[error("refused ({status}): {code}: {message}")]
    Refused {
        status: u16,
        code: String,
        message: String,
    },
    /// Down, time-out, 5xx, 429: worth trying again (with the same idempotency key).
    #[error("payments unavailable: {0}")]
    Unavailable(String),
}

impl PaymentsError {
    pub fn is_retryable(&self) -> bool {
        matches!(self, PaymentsError::Unavailable(_))
    }
}

impl From<StripeError> for PaymentsError {
    fn from(e: StripeError) -> Self {
        match e {
            StripeError::Stripe(api, status) if (400..500).contains(&status) && status != 429 => {
                PaymentsError::Refused {
                    status,
                    code: api
                        .code
                        .as_ref()
                        .map(|c| c.as_str().to_owned())
                        .unwrap_or_default(),
                    message: api.message.clone().unwrap_or_default(),
                }
            }
            other => PaymentsError::Unavailable(other.to_string()),
        }
    }
}

/// A webhook whose signature or body is not the provider's.
#[derive(Debug, thiserror::Error)]
#[error("invalid webhook: {0}")]
pub struct InvalidWebhook(String);

/// The client; cheap to share (`Arc`).
pub struct PaymentsClient {
    stripe: Client,
    webhook_secret: SecretString,
}

fn key(k: &str) -> Result<RequestStrategy, PaymentsError> {
    IdempotencyKey::new(k)
        .map(RequestStrategy::Idempotent)
        .map_err(|e| PaymentsError::Refused {
            status: 0,
            code: "bad_idempotency_key".into(),
            message: e.to_string(),
        })
}

impl PaymentsClient {
    /// `api_url`: `https://api.stripe.com/` or the simulator's base (ending in `/`).
    pub fn new(
        api_url: &str,
        secret_key: &SecretString,
        webhook_secret: SecretString,
        timeout: Duration,
    ) -> anyhow::Result<Self> {
        let base = if api_url.ends_with('/') {
            api_url.to_owned()
        } else {
            format!("{api_url}/")
        };
        let stripe = ClientBuilder::new(secret_key.expose_secret())
            .url(base)
            .timeout(timeout)
            .build()?;
        Ok(PaymentsClient {
            stripe,
            webhook_secret,
        })
    }

    /// Creates the PaymentIntent of an order (spec: create-payment-intent): the amount is the
    /// server's, the order id in the metadata. `idempotency_key` makes a repeat return the
    /// same intent.
    #[tracing::instrument(skip_all, fields(order_id = %order_id))]
    pub async fn create_intent(
        &self,
        order_id: &str,
        amount_cents: i64,
        description: &str,
        idempotency_key: &str,
    ) -> Result<Intent, PaymentsError> {
        let metadata = HashMap::from([("order_id".to_owned(), order_id.to_owned())]);
        let timer = crate::observe::start("payments");
        let pi = CreatePaymentIntent::new(amount_cents, stripe_types::Currency::EUR)
            .metadata(metadata)
            .description(description)
            .customize()
            .request_strategy(key(idempotency_key)?)
            .send(&self.stripe)
            .await;
        observed(timer, "POST /v1/payment_intents", pi).map(|pi| Intent::from(&pi))
    }

    /// A PaymentIntent as the provider has it now.
    #[tracing::instrument(skip_all, fields(intent = %id))]
    pub async fn intent(&self, id: &str) -> Result<Intent, PaymentsError> {
        let timer = crate::observe::start("payments");
        let pi = RetrievePaymentIntent::new(id).send(&self.stripe).await;
        observed(timer, "GET /v1/payment_intents/{id}", pi).map(|pi| Intent::from(&pi))
    }

    /// Refunds what is left of a payment; returns the refund's id. `idempotency_key` makes a
    /// repeat return the same refund.
    #[tracing::instrument(skip_all, fields(intent = %intent_id))]
    pub async fn refund(
        &self,
        intent_id: &str,
        idempotency_key: &str,
    ) -> Result<String, PaymentsError> {
        self.refund_amount(intent_id, None, idempotency_key).await
    }

    /// Refunds `amount` cents of a payment (all that is left of it when `None`); the
    /// idempotency key makes a repeat return the first refund instead of paying back twice.
    #[tracing::instrument(skip_all, fields(intent = %intent_id))]
    pub async fn refund_amount(
        &self,
        intent_id: &str,
        amount: Option<i64>,
        idempotency_key: &str,
    ) -> Result<String, PaymentsError> {
        let timer = crate::observe::start("payments");
        let mut create = CreateRefund::new().payment_intent(intent_id);
        if let Some(amount) = amount {
            create = create.amount(amount);
        }
        let refund = create
            .customize()
            .request_strategy(key(idempotency_key)?)
            .send(&self.stripe)
            .await;
        observed(timer, "POST /v1/refunds", refund).map(|r| r.id.to_string())
    }

    /// Every payment created in `[from, to)` (Unix seconds), all pages.
    pub async fn payments_between(
        &self,
        from: i64,
        to: i64,
    ) -> Result<Vec<ListedPayment>, PaymentsError> {
        let mut all = vec![];
        let mut after: Option<String> = None;
        loop {
            let mut req = ListPaymentIntent::new()
                .created(created_between(from, to))
                .limit(PAGE);
            if let Some(a) = &after {
                req = req.starting_after(a.clone());
            }
            let timer = crate::observe::start("payments");
            let page = observed(
                timer,
                "GET /v1/payment_intents",
                req.send(&self.stripe).await,
            )?;
            all.extend(page.data.iter().map(|pi| ListedPayment {
                id: pi.id.to_string(),
                amount_cents: pi.amount,
                status: pi.status.as_str().to_owned(),
                created: pi.created,
            }));
            match (page.has_more, page.data.last()) {
                (true, Some(last)) => after = Some(last.id.to_string()),
                _ => return Ok(all),
            }
        }
    }

    /// Every refund created in `[from, to)` (Unix seconds), all pages.
    pub async fn refunds_between(
        &self,
        from: i64,
        to: i64,
    ) -> Result<Vec<ListedRefund>, PaymentsError> {
        let mut all = vec![];
        let mut after: Option<String> = None;
        loop {
            let mut req = ListRefund::new()
                .created(created_between(from, to))
                .limit(PAGE);
            if let Some(a) = &after {
                req = req.starting_after(a.clone());
            }
            let timer = crate::observe::start("payments");
            let page = observed(timer, "GET /v1/refunds", req.send(&self.stripe).await)?;
            all.extend(page.data.iter().map(|r| ListedRefund {
                id: r.id.to_string(),
                payment_intent: r.payment_intent.as_ref().map(|p| p.id().to_string()),
                amount_cents: r.amount,
                status: r.status.clone().unwrap_or_default(),
                created: r.created,
            }));
            match (page.has_more, page.data.last()) {
                (true, Some(last)) => after = Some(last.id.to_string()),
                _ => return Ok(all),
            }
        }
    }

    /// Checks a webhook's signature (Stripe's scheme) on the raw body and reads its event.
    pub fn verify_webhook(
        &self,
        payload: &str,
        signature: &str,
    ) -> Result<WebhookEvent, InvalidWebhook> {
        let event = stripe_webhook::Webhook::construct_event(
            payload,
            signature,
            self.webhook_secret.expose_secret(),
        )
        .map_err(|e| InvalidWebhook(e.to_string()))?;
        Ok(match &event.data.object {
            stripe_webhook::EventObject::PaymentIntentSucceeded(pi) => {
                WebhookEvent::PaymentSucceeded(Intent::from(&**pi))
            }
            stripe_webhook::EventObject::PaymentIntentPaymentFailed(pi) => {
                WebhookEvent::PaymentFailed(Intent::from(&**pi))
            }
            _ => WebhookEvent::Other(event.type_.as_str().to_owned()),
        })
    }
}

/// Reports a call to the service log and turns its error into ours.
fn observed<T>(
    timer: crate::observe::Timer,
    operation: &str,
    result: Result<T, stripe::StripeError>,
) -> Result<T, PaymentsError> {
    let result = result.map_err(PaymentsError::from);
    timer.finish(
        operation,
        None,
        result.as_ref().err().map(ToString::to_string),
    );
    result
}
