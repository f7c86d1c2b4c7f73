//! Extractors that reject bad input in the API's error shape instead of axum's plain text:
//! malformed JSON 400, wrong types 422 (naming the field), missing content type 415,
//! oversized body 413, bad query or path 400.

use crate::error::ApiError;
use axum::{
    extract::{
        FromRequest, FromRequestParts, Request,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::{StatusCode, request::Parts},
};
use serde::de::DeserializeOwned;

/// A JSON body, parsed into `T`.
pub struct Json<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Json(v)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
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
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the body as JSON with Content-Type: application/json",
        ),
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
