//! The API's one error type and its JSON body:
//! `{ "code": "...", "message": "...", "errors": { "field": "..." } }`.
//!
//! `code` is stable (front-ends translate it); `message` is for people; `errors` holds one
//! message per invalid field (react-admin shows them on the form). Internal errors are
//! logged here, once, and never leak SQL or stack traces.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use std::collections::BTreeMap;

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Per field: a message, or details (the seats lost, a limit).
    pub errors: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize)]
struct Body<'a> {
    code: &'a str,
    message: &'a str,
    errors: &'a BTreeMap<String, serde_json::Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            errors: BTreeMap::new(),
        }
    }

    /// Adds a message for one field.
    pub fn with_field(mut self, field: impl Into<String>, message: impl Into<String>) -> Self {
        self.errors
            .insert(field.into(), serde_json::Value::String(message.into()));
        self
    }

    /// Adds details under a name (the seats lost, a limit).
    pub fn with_detail(mut self, name: impl Into<String>, value: serde_json::Value) -> Self {
        self.errors.insert(name.into(), value);
        self
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// Input that parsed but breaks a rule; `errors` says which fields.
    pub fn validation(errors: BTreeMap<String, String>) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "validation_failed",
            message: "Some fields are not valid".into(),
            errors: errors
                .into_iter()
                .map(|(k, v)| (k, serde_json::Value::String(v)))
                .collect(),
        }
    }

    /// A dependency (the database) cannot answer now; trying later may work.
    pub fn unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "service_unavailable",
            "The service is temporarily unavailable, please try again shortly",
        )
    }

    /// The ticketing system did not answer (or answered an error worth retrying).
    pub fn ticketing_unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "ticketing_unavailable",
            "The ticketing system does not answer now: try again shortly",
        )
    }

    /// Too many attempts in a window (sign-in, card checks).
    pub fn rate_limited() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "Too many attempts: wait a few minutes and try again",
        )
    }

    /// A bug (a panic, an unexpected database error): logged by the caller, nothing leaked.
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "Something went wrong on our side",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            code: self.code,
            message: &self.message,
            errors: &self.errors,
        };
        (self.status, Json(body)).into_response()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        match &e {
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => {
                tracing::error!(error = %e, "database unavailable");
                ApiError::unavailable()
            }
            _ => {
                tracing::error!(error = %e, "database error");
                ApiError::internal()
            }
        }
    }
}

impl From<domain::notifications::EnqueueError> for ApiError {
    fn from(e: domain::notifications::EnqueueError) -> Self {
        match e {
            domain::notifications::EnqueueError::Database(db) => ApiError::from(db),
            domain::notifications::EnqueueError::Template(t) => {
                tracing::error!(error = %t, "mail template failed");
                ApiError::internal()
            }
        }
    }
}

/// Results of handlers.
pub type ApiResult<T> = Result<T, ApiError>;
