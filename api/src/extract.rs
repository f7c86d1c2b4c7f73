//! Extractors that reject bad input in the API's error shape instead of axum's plain text:
//! malformed JSON 400, wrong types 422 (naming the field), missing content type 415,
//! oversized body 413, bad query or path 400.

use crate::error::ApiError;
use axum::{
    body::Bytes,
    extract::{
        FromRequest, FromRequestParts, Request,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::{HeaderMap, StatusCode, header, request::Parts},
};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A JSON body, parsed into `T`. Text with a NUL character anywhere is refused (422
/// `invalid_text`, naming the field): PostgreSQL cannot store it, and no person types it.
pub struct Json<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(unsupported_media_type());
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| json_rejection(JsonRejection::BytesRejection(e)))?;
        if may_hold_nul(&bytes)
            && let Ok(value) = serde_json::from_slice::<Value>(&bytes)
            && let Some(field) = nul_path(&value)
        {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_text",
                "Text may not contain NUL characters",
            )
            .with_field(field, "invalid_text"));
        }
        // Every body of ours is an object; serde would also fill a struct from an array of its
        // fields in order (`[null, null]` passed as a block's change), which no client means.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_body",
                "The request body must be a JSON object",
            )
            .with_field("body", "object_expected"));
        }
        axum::Json::<T>::from_bytes(&bytes)
            .map(|axum::Json(v)| Json(v))
            .map_err(json_rejection)
    }
}

/// `application/json` or a `+json` type, as axum's own extractor accepts.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(mime) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
    else {
        return false;
    };
    let mime = mime.trim().to_ascii_lowercase();
    mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
}

/// Whether a JSON text may hold a NUL: a raw zero byte, or a `\u0000` escape.
fn may_hold_nul(bytes: &[u8]) -> bool {
    bytes.contains(&0)
        || bytes
            .windows(6)
            .any(|w| w[0] == b'\\' && w[1] == b'u' && &w[2..] == b"0000")
}

/// The path (`lines.0.holder.first_name`) of the first text, key or value, holding a NUL.
pub fn nul_path(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if s.contains('\0') => Some(String::new()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| nul_path(v).map(|rest| join_path(&i.to_string(), &rest))),
        Value::Object(map) => map.iter().find_map(|(k, v)| {
            if k.contains('\0') {
                Some("body".to_owned())
            } else {
                nul_path(v).map(|rest| join_path(k, &rest))
            }
        }),
        _ => None,
    }
}

fn join_path(head: &str, rest: &str) -> String {
    if rest.is_empty() {
        head.to_owned()
    } else {
        format!("{head}.{rest}")
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonSyntaxError(e) => ApiError::bad_request(
            "malformed_json",
            format!(
                "The request body is not valid JSON: {}",
                inner_reason(&e.body_text())
            ),
        ),
        JsonRejection::JsonDataError(e) => {
            let reason = inner_reason(&e.body_text());
            // serde_path_to_error gives "field.path: what is wrong at line .. column .."
            let (field, detail) = match reason.split_once(": ") {
                Some((path, detail)) if !path.contains(' ') => (path.to_owned(), detail.to_owned()),
                _ => ("body".to_owned(), reason.clone()),
            };
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_body",
                format!("The request body does not have the expected fields and types: {reason}"),
            )
            .with_field(field, detail)
        }
        JsonRejection::MissingJsonContentType(_) => unsupported_media_type(),
        JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "The request body is too large",
            )
        }
        other => ApiError::bad_request(
            "unreadable_body",
            format!("The request body could not be read: {}", other.body_text()),
        ),
    }
}

fn unsupported_media_type() -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
        "Send the body as JSON with Content-Type: application/json",
    )
}

/// axum prefixes its reasons with "Failed to ...: "; keep what follows.
fn inner_reason(text: &str) -> String {
    match text.split_once(": ") {
        Some((prefix, rest)) if prefix.starts_with("Failed to") => rest.to_owned(),
        _ => text.to_owned(),
    }
}

/// Query-string parameters, parsed into `T`.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let raw = parts.uri.query().unwrap_or("");
        if percent_encoding::percent_decode_str(raw).any(|b| b == 0) {
            return Err(ApiError::bad_request(
                "invalid_text",
                "The query string may not contain NUL characters",
            ));
        }
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(v)| Query(v))
            .map_err(|e: QueryRejection| {
                ApiError::bad_request(
                    "invalid_query",
                    format!(
                        "The query string is not valid: {}",
                        inner_reason(&e.body_text())
                    ),
                )
            })
    }
}

/// Path parameters, parsed into `T`; a parameter of the wrong form is a 404 (no such thing).
pub struct Path<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(v)| Path(v))
            .map_err(|e: PathRejection| match e {
                PathRejection::FailedToDeserializePathParams(_) => {
                    ApiError::not_found("No such resource")
                }
                other => {
                    tracing::error!(error = %other.body_text(), "path extraction misconfigured");
                    ApiError::internal()
                }
            })
    }
}
