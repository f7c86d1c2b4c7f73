//! A ticket as a phone wallet pass: Apple Wallet's .pkpass (its manifest hashes every file,
//! and its signature over the manifest verifies, with OpenSSL, against the authority that
//! issued the pass certificate) and Google Wallet's save link (its JWT verifies with the
//! service account's public key). In development the keys are generated per process.

use crate::common::{OnSale, eventually, on_sale};
use crate::transfers::{friend, issued_ticket, settled};
use serde_json::Value;
use sha1::{Digest, Sha1};
use sqlx::PgPool;
use std::collections::BTreeMap;
use std::io::Read;

/// The files of a .pkpass (a zip archive).
fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut files = BTreeMap::new();
    for i in 0..archive.len() {
        let mut f = archive.by_index(i).unwrap();
        let mut content = vec![];
        f.read_to_end(&mut content).unwrap();
        files.insert(f.name().to_owned(), content);
    }
    files
}

/// Whether OpenSSL verifies `signature` (DER CMS, detached) over `content`, chained to `ca`.
fn openssl_verifies(signature: &[u8], content: &[u8], ca: &str) -> bool {
    let dir = std::env::temp_dir().join(format!("pkpass-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("signature"), signature).unwrap();
    std::fs::write(dir.join("manifest.json"), content).unwrap();
    std::fs::write(dir.join("ca.pem"), ca).unwrap();
    let out = std::process::Command::new("openssl")
        .current_dir(&dir)
        .args([
            "smime",
            "-verify",
            "-binary",
            "-inform",
            "DER",
            "-in",
            "signature",
            "-content",
            "manifest.json",
            "-CAfile",
            "ca.pem",
            "-purpose",
            "any",
            "-out",
            "/dev/null",
        ])
        .output()
        .expect("openssl is installed (.ci/run installs it)");
    std::fs::remove_dir_all(&dir).unwrap();
    out.status.success()
}

#[sqlx::test(migrations = false)]
async fn a_ticket_is_a_signed_apple_pass_and_a_google_save_link_that_verify(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("pass@example.it").await;
    let (_, other) = s.app.fan_with_session("altro@example.it").await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-5-1", ("Luca", "Neri")).await;
    let ticket = fan.get_json("/api/wallet").await["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == line)
        .unwrap()
        .clone();

    let r = fan
        .get(&format!("/api/wallet/{line}/pass/apple?lang=en"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/vnd.apple.pkpass");
    let files = unzip(&r.bytes().await.unwrap());
    // pass.json: an event ticket of this title, its barcode and holder.
    let pass: Value = serde_json::from_slice(&files["pass.json"]).unwrap();
    assert_eq!(pass["formatVersion"], 1);
    assert_eq!(pass["serialNumber"], seal.as_str());
    assert_eq!(pass["passTypeIdentifier"], "pass.test.lario.tickets");
    assert_eq!(pass["barcodes"][0]["message"], ticket["barcode"]);
    assert_eq!(pass["barcodes"][0]["format"], "PKBarcodeFormatQR");
    let event = &pass["eventTicket"];
    assert_eq!(
        event["primaryFields"][0]["value"],
        ticket["fixture"]["title"]
    );
    let aux = event["auxiliaryFields"].to_string();
    assert!(aux.contains("Luca Neri") && aux.contains("Row"), "{aux}");
    assert_ne!(pass["voided"], true);
    // The manifest names every other file with its SHA-1.
    let manifest: BTreeMap<String, String> =
        serde_json::from_slice(&files["manifest.json"]).unwrap();
    let hashed: Vec<&String> = files
        .keys()
        .filter(|n| *n != "manifest.json" && *n != "signature")
        .collect();
    assert_eq!(manifest.keys().collect::<Vec<_>>(), hashed);
    assert!(manifest.contains_key("icon.png") && manifest.contains_key("pass.json"));
    for (name, hash) in &manifest {
        let digest: String = Sha1::digest(&files[name])
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(&digest, hash, "{name}");
    }
    // The signature is over the manifest, by the certificate the authority issued.
    let ca = s.app.state.passes.development_authority_pem().unwrap();
    assert!(openssl_verifies(
        &files["signature"],
        &files["manifest.json"],
        ca
    ));
    let mut tampered = files["manifest.json"].clone();
    tampered[5] ^= 1;
    assert!(!openssl_verifies(&files["signature"], &tampered, ca));

    // Google Wallet: a save link whose JWT the service account's key verifies.
    let google = fan
        .get_json(&format!("/api/wallet/{line}/pass/google"))
        .await;
    let url = google["save_url"].as_str().unwrap();
    let jwt = url
        .strip_prefix("https://pay.google.com/gp/v/save/")
        .unwrap();
    let key = jsonwebtoken::DecodingKey::from_rsa_pem(
        s.app
            .state
            .passes
            .development_google_public_pem()
            .unwrap()
            .as_bytes(),
    )
    .unwrap();
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    validation.set_audience(&["google"]);
    validation.set_issuer(&[s.app.state.passes.google_service_account()]);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    let claims = jsonwebtoken::decode::<Value>(jwt, &key, &validation)
        .unwrap()
        .claims;
    assert_eq!(claims["typ"], "savetowallet");
    let object = &claims["payload"]["eventTicketObjects"][0];
    assert_eq!(
        (object["state"].as_str(), object["ticketNumber"].as_str()),
        (Some("ACTIVE"), Some(seal.as_str()))
    );
    assert_eq!(object["barcode"]["value"], ticket["barcode"]);
    assert_eq!(object["ticketHolderName"], "Luca Neri");
    // A JWT changed on the way does not verify.
    let (head, rest) = jwt.split_once('.').unwrap();
    let forged = format!("{head}.{}", rest.replacen('e', "f", 1));
    assert!(jsonwebtoken::decode::<Value>(&forged, &key, &validation).is_err());

    // Only the title's owner gets its passes.
    for path in [
        format!("/api/wallet/{line}/pass/apple"),
        format!("/api/wallet/{line}/pass/google"),
    ] {
        let r = other.get(&path).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
    }
    let r = reqwest::Client::new()
        .get(format!("{}/api/wallet/{line}/pass/apple", s.app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);

    // The ticket's e-mail links to both passes, without a session: signed, for this title.
    let no_session = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let link = mailed_pass_link(&s, "ticket_purchase", "pass@example.it").await;
    let r = no_session
        .get(format!("{}{link}/apple", s.app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let files = unzip(&r.bytes().await.unwrap());
    let pass: Value = serde_json::from_slice(&files["pass.json"]).unwrap();
    assert_eq!(pass["serialNumber"], seal.as_str());
    let r = no_session
        .get(format!("{}{link}/google", s.app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    assert!(
        r.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("https://pay.google.com/gp/v/save/")
    );
    // A token changed on the way opens nothing.
    let (base, token) = link.rsplit_once('/').unwrap();
    let first = if token.starts_with('c') { "d" } else { "c" };
    let forged = format!("{base}/{first}{}", &token[1..]);
    let r = no_session
        .get(format!("{}{forged}/apple", s.app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    // Passed on to a friend: the old e-mail's link no longer gives the pass (the line now
    // carries the friend's new title); the friend's e-mail links to theirs.
    let (status, started) = fan
        .post_json(
            &format!("/api/titles/{seal}/transfer"),
            &friend("Lia", "lia@example.it"),
        )
        .await;
    assert_eq!(status, 202, "{started}");
    let done = settled(&fan, started["id"].as_str().unwrap()).await;
    assert_eq!(done["state"], "done", "{done}");
    let r = no_session
        .get(format!("{}{link}/apple", s.app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404, "the old holder's link");
    let theirs = mailed_pass_link(&s, "ticket_transfer", "lia@example.it").await;
    let r = no_session
        .get(format!("{}{theirs}/apple", s.app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let files = unzip(&r.bytes().await.unwrap());
    let pass: Value = serde_json::from_slice(&files["pass.json"]).unwrap();
    let new_seal: String =
        sqlx::query_scalar("select seal from order_line where order_line_id = $1")
            .bind(line)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_ne!(new_seal, seal);
    assert_eq!(pass["serialNumber"], new_seal.as_str());
}

/// The path of the Apple/Google pass link (without its last segment) in the latest e-mail of
/// `template` to `to`, both bodies linking to it.
pub(crate) async fn mailed_pass_link(s: &OnSale, template: &str, to: &str) -> String {
    let mut bodies: Option<(String, String)> = None;
    eventually("the ticket e-mail", 60, async || {
        bodies = sqlx::query_as(
            "select body_text, body_html from outbound_email where template = $1 and to_address = $2
              order by created_at desc limit 1",
        )
        .bind(template)
        .bind(to)
        .fetch_optional(&s.app.pool)
        .await
        .unwrap();
        bodies.is_some()
    })
    .await;
    let (text, html) = bodies.unwrap();
    let start = text
        .find("/api/pass-links/")
        .expect("a pass link in the e-mail");
    let end = start + text[start..].find("/apple").unwrap();
    let link = text[start..end].to_owned();
    // The HTML body escapes the slashes in its attributes (a browser reads them back).
    let html = html.replace("&#x2f;", "/");
    assert!(html.contains(&format!("{link}/apple")) && html.contains(&format!("{link}/google")));
    link
}

/// A pass as Apple Wallet keeps it: its web service, token and serial.
struct OnPhone {
    web_service: String,
    token: String,
    serial: String,
    pass_type: String,
}

impl OnPhone {
    fn of(pass: &Value) -> OnPhone {
        OnPhone {
            web_service: pass["webServiceURL"].as_str().unwrap().to_owned(),
            token: pass["authenticationToken"].as_str().unwrap().to_owned(),
            serial: pass["serialNumber"].as_str().unwrap().to_owned(),
            pass_type: pass["passTypeIdentifier"].as_str().unwrap().to_owned(),
        }
    }

    fn registration(&self, device: &str) -> String {
        format!(
            "{}/v1/devices/{device}/registrations/{}/{}",
            self.web_service, self.pass_type, self.serial
        )
    }

    /// Apple Wallet registering the pass on `device` with `push_token`: the status.
    async fn register(&self, device: &str, push_token: &str, token: &str) -> u16 {
        reqwest::Client::new()
            .post(self.registration(device))
            .header("authorization", format!("ApplePass {token}"))
            .json(&serde_json::json!({"pushToken": push_token}))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }

    /// "Which of my passes changed since `tag`": the status and the answer.
    async fn updated(&self, device: &str, tag: Option<&str>) -> (u16, Value) {
        let mut url = format!(
            "{}/v1/devices/{device}/registrations/{}",
            self.web_service, self.pass_type
        );
        if let Some(tag) = tag {
            url = format!("{url}?passesUpdatedSince={tag}");
        }
        let r = reqwest::get(url).await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// The pass fetched again: the status, its Last-Modified and its pass.json.
    async fn fetch(&self, since: Option<&str>) -> (u16, Option<String>, Option<Value>) {
        let mut req = reqwest::Client::new()
            .get(format!(
                "{}/v1/passes/{}/{}",
                self.web_service, self.pass_type, self.serial
            ))
            .header("authorization", format!("ApplePass {}", self.token));
        if let Some(since) = since {
            req = req.header("if-modified-since", since);
        }
        let r = req.send().await.unwrap();
        let status = r.status().as_u16();
        let modified = r
            .headers()
            .get("last-modified")
            .map(|v| v.to_str().unwrap().to_owned());
        let pass = (status == 200)
            .then_some(r.bytes().await.unwrap())
            .map(|b| serde_json::from_slice::<Value>(&unzip(&b)["pass.json"]).unwrap());
        (status, modified, pass)
    }
}

/// The pushes APNs received for `push_token`.
async fn pushes_to(s: &OnSale, push_token: &str) -> Vec<Value> {
    let all: Value = reqwest::get(format!("{}/_sim/wallets/pushes", s.sim.http_url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    all["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["token"] == push_token)
        .cloned()
        .collect()
}

/// The Google Wallet object of the title `seal` (its state), once saved.
async fn google_state(s: &OnSale, seal: &str) -> Option<String> {
    let id = s.app.state.passes.google_object_id(seal);
    let r = reqwest::get(format!("{}/_sim/wallets/objects/{id}", s.sim.http_url()))
        .await
        .unwrap();
    if r.status() != 200 {
        return None;
    }
    let object: Value = r.json().await.unwrap();
    object["state"].as_str().map(str::to_owned)
}

/// The fan's ticket downloaded to Apple Wallet and saved to Google Wallet (on the simulated
/// phone), registered on `device` with `push_token`.
async fn on_both_phones(
    s: &OnSale,
    fan: &crate::common::Client,
    line: i64,
    device: &str,
    push_token: &str,
) -> OnPhone {
    let bytes = fan
        .get(&format!("/api/wallet/{line}/pass/apple"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let pass: Value = serde_json::from_slice(&unzip(&bytes)["pass.json"]).unwrap();
    let phone = OnPhone::of(&pass);
    assert_eq!(
        phone
            .register(device, push_token, &phone.token.clone())
            .await,
        201
    );
    let google = fan
        .get_json(&format!("/api/wallet/{line}/pass/google"))
        .await;
    let jwt = google["save_url"]
        .as_str()
        .unwrap()
        .strip_prefix("https://pay.google.com/gp/v/save/")
        .unwrap()
        .to_owned();
    let r = reqwest::get(format!("{}/google-wallet/save/{jwt}", s.sim.http_url()))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        google_state(s, &phone.serial).await.as_deref(),
        Some("ACTIVE")
    );
    phone
}

#[sqlx::test(migrations = false)]
async fn a_pass_on_a_phone_is_voided_when_its_title_is_passed_on(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("telefono@example.it").await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-7-1", ("Luca", "Neri")).await;
    let phone = on_both_phones(&s, &fan, line, "iphone-1", "push-1").await;
    assert_eq!(phone.serial, seal);
    assert_eq!(phone.web_service, format!("{}/api/passkit", s.app.base));
    assert!(phone.token.len() >= 16);

    // Apple's calls: only with the pass's own token.
    assert_eq!(
        phone.register("iphone-1", "push-1", &phone.token).await,
        200,
        "again"
    );
    assert_eq!(
        phone.register("iphone-2", "push-2", "not-the-token").await,
        401
    );
    let other = OnPhone {
        serial: "ANOTHERSEAL1".into(),
        ..OnPhone::of(&serde_json::json!({
            "webServiceURL": phone.web_service, "authenticationToken": phone.token,
            "serialNumber": "x", "passTypeIdentifier": phone.pass_type}))
    };
    assert_eq!(
        other.register("iphone-1", "push-1", &phone.token).await,
        401,
        "another pass"
    );
    let (status, listed) = phone.updated("iphone-1", None).await;
    assert_eq!(status, 200);
    assert_eq!(listed["serialNumbers"], serde_json::json!([seal]));
    let tag = listed["lastUpdated"].as_str().unwrap().to_owned();
    assert_eq!(
        phone.updated("iphone-1", Some(&tag)).await.0,
        204,
        "nothing new"
    );
    let (status, modified, pass) = phone.fetch(None).await;
    assert_eq!(status, 200);
    assert_ne!(pass.unwrap()["voided"], true);
    let modified = modified.expect("Last-Modified");
    assert_eq!(phone.fetch(Some(&modified)).await.0, 304);

    // Passed on: the phone is woken, finds the pass changed, and fetches it void; Google's
    // object goes inactive.
    let (status, started) = fan
        .post_json(
            &format!("/api/titles/{seal}/transfer"),
            &friend("Lia", "lia.telefono@example.it"),
        )
        .await;
    assert_eq!(status, 202, "{started}");
    let done = settled(&fan, started["id"].as_str().unwrap()).await;
    assert_eq!(done["state"], "done", "{done}");
    eventually("the push to the phone", 60, async || {
        !pushes_to(&s, "push-1").await.is_empty()
    })
    .await;
    let push = &pushes_to(&s, "push-1").await[0];
    assert_eq!(push["topic"], phone.pass_type.as_str());
    let (status, listed) = phone.updated("iphone-1", Some(&tag)).await;
    assert_eq!(status, 200);
    assert_eq!(listed["serialNumbers"], serde_json::json!([seal]));
    let (status, _, pass) = phone.fetch(Some(&modified)).await;
    assert_eq!(status, 200, "modified since");
    let pass = pass.unwrap();
    assert_eq!(pass["voided"], true);
    assert_eq!(pass["serialNumber"], seal.as_str());
    eventually("Google's object voided", 30, async || {
        google_state(&s, &seal).await.as_deref() == Some("INACTIVE")
    })
    .await;
    assert_eq!(
        pushes_to(&s, "push-1").await.len(),
        1,
        "one change, one push"
    );

    // The pass removed from the phone: it is no longer listed.
    let r = reqwest::Client::new()
        .delete(phone.registration("iphone-1"))
        .header("authorization", format!("ApplePass {}", phone.token))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(phone.updated("iphone-1", None).await.0, 204);
}

#[sqlx::test(migrations = false)]
async fn a_refunded_tickets_pass_is_voided_once_the_wallet_services_are_back(pool: PgPool) {
    let s = on_sale(pool, &[]).await;
    let _worker = s.start_worker();
    let (_, fan) = s.app.fan_with_session("rimborso.telefono@example.it").await;
    let (line, seal) = issued_ticket(&s, &fan, "TC-TC1-7-2", ("Giulia", "Bianchi")).await;
    let phone = on_both_phones(&s, &fan, line, "iphone-9", "push-9").await;
    // A second device whose token APNs has since forgotten.
    assert_eq!(
        phone.register("ipad-9", "push-gone", &phone.token).await,
        201
    );
    let http = reqwest::Client::new();
    let sim = s.sim.http_url();
    http.post(format!("{sim}/_sim/wallets/unregistered"))
        .json(&serde_json::json!({"token": "push-gone"}))
        .send()
        .await
        .unwrap();
    // Apple's and Google's services are down while staff refund the ticket.
    http.post(format!("{sim}/_sim/wallets/down"))
        .json(&serde_json::json!({"down": true}))
        .send()
        .await
        .unwrap();
    let order: uuid::Uuid =
        sqlx::query_scalar("select order_id from order_line where order_line_id = $1")
            .bind(line)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    let staff = s.app.staff().await;
    let (status, body) = staff
        .post_json(
            &format!("/api/admin/orders/{order}/refunds"),
            &serde_json::json!({"reason": "Partita rinviata"}),
        )
        .await;
    assert_eq!(status, 202, "{body}");
    eventually("the pass's update tried and failing", 60, async || {
        sqlx::query_scalar::<_, i64>(
            "select count(*) from apalis.jobs where job_type = 'passes::update' and attempts >= 1",
        )
        .fetch_one(&s.app.pool)
        .await
        .unwrap()
            > 0
    })
    .await;
    assert!(pushes_to(&s, "push-9").await.is_empty());
    assert_eq!(google_state(&s, &seal).await.as_deref(), Some("ACTIVE"));

    http.post(format!("{sim}/_sim/wallets/down"))
        .json(&serde_json::json!({"down": false}))
        .send()
        .await
        .unwrap();
    eventually("the push once APNs is back", 60, async || {
        !pushes_to(&s, "push-9").await.is_empty()
    })
    .await;
    eventually("Google's object voided", 30, async || {
        google_state(&s, &seal).await.as_deref() == Some("INACTIVE")
    })
    .await;
    let (status, _, pass) = phone.fetch(None).await;
    assert_eq!(status, 200);
    assert_eq!(pass.unwrap()["voided"], true);
    // The forgotten device's registration is gone; the other stays.
    let devices: Vec<String> = sqlx::query_scalar(
        "select device_id from wallet_pass_device where serial = $1 order by device_id",
    )
    .bind(&seal)
    .fetch_all(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(devices, vec!["iphone-9".to_owned()]);
}
