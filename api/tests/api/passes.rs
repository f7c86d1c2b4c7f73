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
