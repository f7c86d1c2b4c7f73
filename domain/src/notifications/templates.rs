//! Italian and English e-mail templates (minijinja), embedded in the binary.
//!
//! Each template has, per language, a subject line, a plain-text body and an HTML body
//! that extends the shared layout. Adding a template means adding its three files per
//! language and a variant here; the tests render every one in both languages.

use crate::language::Language;
use minijinja::Environment;
use serde::Serialize;
use std::sync::LazyLock;

/// Every e-mail the product sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailTemplate {
    /// The one-time sign-in code (spec: send-otp).
    SignInCode,
    /// A message staff send to check that mail is delivered.
    MailCheck,
    /// A single-use sign-in link to `/authorise/{token}`.
    SignInLink,
    /// A single-use link to choose a new password.
    PasswordReset,
    /// The tickets of a paid order, as PDFs (spec: send-ticket-purchase-email).
    TicketPurchase,
    /// Issuing an order's tickets gave up: to the buyer, and to staff with `for_staff`
    /// (spec: send-failure-issue-fixture-tickets-email).
    IssueFailure,
    /// An order's payment went back to the card.
    OrderRefunded,
    /// A paid order waits for the ticketing system, which is down: the tickets are on their
    /// way (once per order).
    TicketsDelayed,
    /// A mass-issued ticket, as a PDF, to the line's e-mail
    /// (spec: send-finalized-fixture-ticket-email).
    MassTicketFinalized,
    /// To the staff member who ran a mass issue: the lines that could not be issued
    /// (spec: send-unfinalized-fixture-ticket-purchase-email; with `season`,
    /// send-unfinalized-season-ticket-purchase-email).
    MassUnfinalizedReport,
    /// A corporate request received, approved or declined, to its author
    /// (spec: send-corporate-request-email).
    CorporateRequest,
    /// The season tickets of a paid season order, as PDFs: a season title, or a collection's
    /// match tickets (spec: send-season-ticket-purchase-email,
    /// send-season-ticket-collection-purchase-email).
    SeasonPurchase,
    /// A mass-issued season seat, its title (or a collection's match titles) as PDFs, to the
    /// line's e-mail (spec: send-finalized-season-ticket-email).
    MassSeasonFinalized,
    /// A season holder's renewal code, with the seat it keeps (spec: send-renewal-code).
    RenewalCode,
    /// A ticket passed on: its new title, as a PDF, to the new holder
    /// (spec: send-transfer-fixture-ticket-email).
    TicketTransfer,
    /// A season seat passed on for one match: its match title, as a PDF, to the new holder
    /// (spec: send-transfer-season-ticket-email).
    SeasonTicketTransfer,
    /// A copy of a ticket sent by its owner, the holder unchanged (spec: share-ticket-via-email).
    TicketShare,
    /// A fan's refund request for a cancelled or postponed match: received, approved or
    /// declined, to the fan.
    RefundRequest,
    /// A season seat resold for one match: to the seller, with what they get back.
    ResaleSold,
    /// The club's supporter card issued, its PDFs attached, to the fan who applied
    /// (spec: send-supporter-card-issue-email).
    SupporterCardIssued,
}

impl MailTemplate {
    pub const ALL: [MailTemplate; 20] = [
        MailTemplate::SignInCode,
        MailTemplate::MailCheck,
        MailTemplate::SignInLink,
        MailTemplate::PasswordReset,
        MailTemplate::TicketPurchase,
        MailTemplate::IssueFailure,
        MailTemplate::OrderRefunded,
        MailTemplate::TicketsDelayed,
        MailTemplate::MassTicketFinalized,
        MailTemplate::MassUnfinalizedReport,
        MailTemplate::CorporateRequest,
        MailTemplate::SeasonPurchase,
        MailTemplate::MassSeasonFinalized,
        MailTemplate::RenewalCode,
        MailTemplate::TicketTransfer,
        MailTemplate::SeasonTicketTransfer,
        MailTemplate::TicketShare,
        MailTemplate::RefundRequest,
        MailTemplate::ResaleSold,
        MailTemplate::SupporterCardIssued,
    ];

    /// The stable name stored with each e-mail and used for the template files.
    pub fn name(self) -> &'static str {
        match self {
            MailTemplate::SignInCode => "sign_in_code",
            MailTemplate::MailCheck => "mail_check",
            MailTemplate::SignInLink => "sign_in_link",
            MailTemplate::PasswordReset => "password_reset",
            MailTemplate::TicketPurchase => "ticket_purchase",
            MailTemplate::IssueFailure => "issue_failure",
            MailTemplate::OrderRefunded => "order_refunded",
            MailTemplate::TicketsDelayed => "tickets_delayed",
            MailTemplate::MassTicketFinalized => "mass_ticket_finalized",
            MailTemplate::MassUnfinalizedReport => "mass_unfinalized_report",
            MailTemplate::CorporateRequest => "corporate_request",
            MailTemplate::SeasonPurchase => "season_purchase",
            MailTemplate::MassSeasonFinalized => "mass_season_finalized",
            MailTemplate::RenewalCode => "renewal_code",
            MailTemplate::TicketTransfer => "ticket_transfer",
            MailTemplate::SeasonTicketTransfer => "season_ticket_transfer",
            MailTemplate::TicketShare => "ticket_share",
            MailTemplate::RefundRequest => "refund_request",
            MailTemplate::ResaleSold => "resale_sold",
            MailTemplate::SupporterCardIssued => "supporter_card_issued",
        }
    }
}

/// Subject and bodies, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedMail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// A template failed to render (a bug: missing variable or broken template).
#[derive(Debug, thiserror::Error)]
#[error("template {template}.{language}: {source}")]
pub struct TemplateError {
    template: &'static str,
    language: &'static str,
    #[source]
    source: minijinja::Error,
}

macro_rules! mail_files {
    ($($name:literal),* $(,)?) => {
        &[$(
            (concat!($name, "/it.subject.txt"), include_str!(concat!("../../templates/mail/", $name, "/it.subject.txt"))),
            (concat!($name, "/it.txt"), include_str!(concat!("../../templates/mail/", $name, "/it.txt"))),
            (concat!($name, "/it.html"), include_str!(concat!("../../templates/mail/", $name, "/it.html"))),
            (concat!($name, "/en.subject.txt"), include_str!(concat!("../../templates/mail/", $name, "/en.subject.txt"))),
            (concat!($name, "/en.txt"), include_str!(concat!("../../templates/mail/", $name, "/en.txt"))),
            (concat!($name, "/en.html"), include_str!(concat!("../../templates/mail/", $name, "/en.html"))),
        )*]
    };
}

static FILES: &[(&str, &str)] = mail_files![
    "sign_in_code",
    "mail_check",
    "sign_in_link",
    "password_reset",
    "ticket_purchase",
    "issue_failure",
    "order_refunded",
    "tickets_delayed",
    "mass_ticket_finalized",
    "mass_unfinalized_report",
    "corporate_request",
    "season_purchase",
    "mass_season_finalized",
    "renewal_code",
    "ticket_transfer",
    "season_ticket_transfer",
    "ticket_share",
    "refund_request",
    "resale_sold",
    "supporter_card_issued",
];

static ENV: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    env.add_template(
        "layout.html",
        include_str!("../../templates/mail/layout.html"),
    )
    .expect("mail layout parses");
    for (name, source) in FILES {
        env.add_template(name, source)
            .expect("mail template parses");
    }
    env
});

/// Renders `template` in `language` with `context`.
pub fn render(
    template: MailTemplate,
    language: Language,
    context: &impl Serialize,
) -> Result<RenderedMail, TemplateError> {
    let err = |source| TemplateError {
        template: template.name(),
        language: language.code(),
        source,
    };
    let get = |part: &str| {
        ENV.get_template(&format!("{}/{}.{part}", template.name(), language.code()))
            .and_then(|t| t.render(context))
            .map_err(err)
    };
    Ok(RenderedMail {
        subject: get("subject.txt")?.trim().to_owned(),
        text: get("txt")?,
        html: get("html")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample_context(t: MailTemplate) -> serde_json::Value {
        match t {
            MailTemplate::SignInCode => json!({"code": "123456", "valid_minutes": 2}),
            MailTemplate::MailCheck => json!({"requested_by": "staff@example.it"}),
            MailTemplate::SignInLink | MailTemplate::PasswordReset => {
                json!({"link": "https://tickets.example/authorise/abc", "valid_minutes": 15})
            }
            MailTemplate::TicketPurchase => json!({
                "fixture": "Como - Lazio", "starts_at": "06/12/2026 20:45", "order_id": "o-1",
                "total": "€ 120,00", "wallet_url": "https://tickets.example/wallet/", "attached": true,
                "tickets": [{"sector": "Tribuna Centrale", "row": "1", "seat": 7, "gate": "Varco 1",
                             "holder": "Luca Neri", "price": "€ 60,00", "seal": "A1B2C3D4E5F6G7H8",
                             "pass": {"apple_url": "https://tickets.example/api/pass-links/tok/apple",
                                      "google_url": "https://tickets.example/api/pass-links/tok/google"}}],
            }),
            MailTemplate::IssueFailure => json!({
                "fixture": "Como - Lazio", "order_id": "o-1", "for_staff": true,
                "buyer_email": "fan@example.it", "attempts": 8, "error": "POSTO_NON_DISPONIBILE",
                "admin_url": "https://tickets.example/admin/tickets/issuefailed",
            }),
            MailTemplate::OrderRefunded => json!({
                "fixture": "Como - Lazio", "order_id": "o-1", "total": "€ 120,00", "reason": "seat_lost",
                "refusal": "",
            }),
            MailTemplate::SeasonPurchase | MailTemplate::MassSeasonFinalized => json!({
                "season": "Abbonamento Serie A 2025-2026", "matches": 19, "first_match": "23/08/2025",
                "order_id": "o-1", "total": "€ 900,00", "wallet_url": "https://tickets.example/wallet/",
                "seats": [{"sector": "Tribuna Centrale", "row": "1", "seat": 7, "gate": "Varco 1",
                           "holder": "Luca Neri", "price": "€ 450,00", "seal": "A1B2C3D4E5F6G7H8",
                           "collection": false, "titles": 1,
                           "pass": {"apple_url": "https://tickets.example/api/pass-links/tok/apple",
                                    "google_url": "https://tickets.example/api/pass-links/tok/google"}},
                          {"sector": "Tribuna Centrale", "row": "1", "seat": 8, "gate": "Varco 1",
                           "holder": "Anna Neri", "price": "€ 450,00", "seal": "",
                           "collection": true, "titles": 19}],
                "box_office": true, "payment": "cash",
            }),
            MailTemplate::TicketsDelayed => json!({
                "fixture": "Como - Lazio", "order_id": "o-1", "count": 2,
                "order_url": "https://tickets.example/checkout/thankyou/o-1",
            }),
            MailTemplate::MassTicketFinalized => json!({
                "fixture": "Como - Lazio", "starts_at": "06/12/2026 20:45",
                "wallet_url": "https://tickets.example/wallet/",
                "ticket": {"sector": "Tribuna Centrale", "row": "1", "seat": 7, "gate": "Varco 1",
                           "holder": "Luca Neri", "price": "€ 0,00", "seal": "A1B2C3D4E5F6G7H8",
                           "pass": {"apple_url": "https://tickets.example/api/pass-links/tok/apple",
                                    "google_url": "https://tickets.example/api/pass-links/tok/google"}},
            }),
            MailTemplate::MassUnfinalizedReport => json!({
                "fixture": "Como - Lazio", "file_name": "sponsor.xlsx", "finalized": 47, "season": false,
                "unfinalized": 3, "more": 0, "task_url": "https://tickets.example/admin/mass-issues/t-1/show",
                "lines": [{"row": 4, "label": "TC-TC1-1-1", "holder": "Luca Neri", "reason": "PERSONA_BANNATA"}],
            }),
            MailTemplate::RenewalCode => json!({
                "first_name": "Mario", "last_name": "Rossi", "season": "Abbonamento Serie A 2025-2026",
                "code": "P1-4711", "seat": "TC-TC3-9-1",
                "renew_url": "https://tickets.example/selectedseasonticket/10000",
            }),
            MailTemplate::CorporateRequest => json!({
                "company": "Lario Serramenti srl", "vat_number": "02743350130", "state": "received",
            }),
            MailTemplate::RefundRequest => json!({
                "fixture": "Como - Lazio", "order_id": "o-1", "state": "declined",
                "note": "Biglietti già usati",
            }),
            MailTemplate::ResaleSold => json!({
                "fixture": "Como - Lazio", "seat": "TC-TC3-9-1", "code": "8F3A21C0",
                "price": "€ 45,00", "fee": "€ 2,00", "payout": "€ 43,00", "manual": false,
            }),
            MailTemplate::SupporterCardIssued => json!({
                "holder": "Giulia Rossi", "number": "TF0000000012", "valid_until": "28/11/2031",
                "cards_url": "https://tickets.example/myaccount/blunelcuore",
                "site_url": "https://tickets.example/",
            }),
            MailTemplate::TicketTransfer
            | MailTemplate::TicketShare
            | MailTemplate::SeasonTicketTransfer => json!({
                "season": "Abbonamento Serie A 2026-2027", "fixture": "Como - Lazio", "starts_at": "06/12/2026 20:45", "sector": "Tribuna Centrale",
                "row": "1", "seat": 7, "gate": "Varco 1", "holder": "Luca Neri", "seal": "A1B2C3D4E5F6G7H8",
                "wallet_url": "https://tickets.example/wallet/", "site_url": "https://tickets.example/",
                "sender": "Mario Rossi",
                "pass": {"apple_url": "https://tickets.example/api/pass-links/tok/apple",
                         "google_url": "https://tickets.example/api/pass-links/tok/google"},
            }),
        }
    }

    #[test]
    fn no_secret_is_in_a_subject_line() {
        // Subjects are what staff read in the e-mail log and what lock screens show.
        for language in [Language::It, Language::En] {
            let code = render(
                MailTemplate::SignInCode,
                language,
                &sample_context(MailTemplate::SignInCode),
            )
            .unwrap();
            assert!(!code.subject.contains("123456"), "{}", code.subject);
            let renewal = render(
                MailTemplate::RenewalCode,
                language,
                &sample_context(MailTemplate::RenewalCode),
            )
            .unwrap();
            assert!(!renewal.subject.contains("P1-4711"), "{}", renewal.subject);
            assert!(renewal.text.contains("P1-4711"));
            assert!(code.text.contains("123456"));
            for t in [MailTemplate::SignInLink, MailTemplate::PasswordReset] {
                let link = render(t, language, &sample_context(t)).unwrap();
                assert!(!link.subject.contains("abc"), "{}", link.subject);
                assert!(link.text.contains("/authorise/abc"));
            }
        }
    }

    #[test]
    fn a_refund_after_a_refusal_says_why_in_the_fans_language() {
        for (language, words) in [
            (Language::It, "tessera del tifoso"),
            (Language::En, "supporter card"),
        ] {
            let mail = render(
                MailTemplate::OrderRefunded,
                language,
                &json!({"fixture": "Como - Lazio", "order_id": "o-1", "total": "€ 120,00",
                        "reason": "refused:TESSERA_RICHIESTA", "refusal": "card_required"}),
            )
            .unwrap();
            assert!(mail.text.contains(words), "{}", mail.text);
            assert!(mail.html.contains(words), "{}", mail.html);
        }
    }

    #[test]
    fn ticket_emails_link_to_the_phone_wallets_in_both_bodies() {
        for t in [
            MailTemplate::TicketPurchase,
            MailTemplate::TicketTransfer,
            MailTemplate::SeasonTicketTransfer,
            MailTemplate::SeasonPurchase,
        ] {
            for lang in Language::ALL {
                let m = render(t, lang, &sample_context(t)).unwrap();
                // HTML escapes the slashes of its attributes; a mail reader reads them back.
                let html = m.html.replace("&#x2f;", "/");
                for body in [&m.text, &html] {
                    assert!(
                        body.contains("/api/pass-links/tok/apple"),
                        "{t:?} {lang:?}: {body}"
                    );
                    assert!(
                        body.contains("/api/pass-links/tok/google"),
                        "{t:?} {lang:?}: {body}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_template_renders_in_both_languages() {
        for t in MailTemplate::ALL {
            for lang in Language::ALL {
                let m = render(t, lang, &sample_context(t)).unwrap();
                assert!(
                    !m.subject.is_empty() && !m.subject.contains('\n'),
                    "{t:?} {lang:?}"
                );
                assert!(m.html.contains("<html"), "{t:?} {lang:?} uses the layout");
                assert!(!m.text.trim().is_empty());
            }
        }
    }

    #[test]
    fn the_sign_in_code_is_in_the_subject_and_both_bodies() {
        let it = render(
            MailTemplate::SignInCode,
            Language::It,
            &sample_context(MailTemplate::SignInCode),
        )
        .unwrap();
        assert!(it.subject.contains("codice"), "{}", it.subject);
        assert!(it.text.contains("123456") && it.html.contains("123456"));
        let en = render(
            MailTemplate::SignInCode,
            Language::En,
            &sample_context(MailTemplate::SignInCode),
        )
        .unwrap();
        assert!(en.subject.contains("code"), "{}", en.subject);
    }

    #[test]
    fn a_missing_variable_is_an_error_not_an_empty_string() {
        assert!(render(MailTemplate::SignInCode, Language::It, &json!({})).is_err());
    }

    #[test]
    fn html_bodies_escape_what_they_are_given() {
        let m = render(
            MailTemplate::MailCheck,
            Language::En,
            &json!({"requested_by": "<b>x</b>"}),
        )
        .unwrap();
        assert!(!m.html.contains("<b>x"), "no live tag");
        assert!(m.html.contains("&lt;b&gt;x&lt;"), "{}", m.html);
    }
}
