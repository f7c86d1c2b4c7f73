//! react-admin's simple-REST dialect (ra-data-simple-rest) for `/api/admin/...` lists:
//! `?sort=["field","ASC"]&range=[0,24]&filter={"q":"..."}` in, an array and
//! `Content-Range: <resource> 0-24/319` out.

use crate::error::ApiError;
use axum::{
    Json,
    http::{HeaderName, HeaderValue},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Largest page a list answers.
pub const MAX_PAGE: i64 = 500;
/// The furthest a list can be paged (ten million rows): beyond it a range is refused, not
/// computed (`range=[0,9223372036854775807]` overflowed into a 500).
pub const MAX_OFFSET: i64 = 10_000_000;

/// The raw query string of a list request.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RawListParams {
    /// `["field","ASC"]` or `["field","DESC"]`.
    #[param(example = json!(r#"["id","DESC"]"#))]
    sort: Option<String>,
    /// `[first,last]`, both included; at most 500 rows a page.
    #[param(example = json!("[0,24]"))]
    range: Option<String>,
    /// A JSON object: `q` searches, other keys filter by field.
    #[param(example = json!(r#"{"q":"rossi"}"#))]
    filter: Option<String>,
}

/// A parsed list request.
#[derive(Debug, Clone)]
pub struct ListParams {
    pub sort_field: Option<String>,
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
    pub filter: Map<String, Value>,
}

impl TryFrom<RawListParams> for ListParams {
    type Error = ApiError;

    fn try_from(raw: RawListParams) -> Result<Self, ApiError> {
        let bad = |param: &'static str, code: &'static str| {
            ApiError::bad_request(
                "invalid_query",
                format!("The {param} parameter is not valid"),
            )
            .with_field(param, code)
        };
        let (sort_field, descending) = match raw.sort.as_deref() {
            None | Some("") => (None, false),
            Some(s) => {
                let (field, order): (String, String) =
                    serde_json::from_str(s).map_err(|_| bad("sort", "invalid_sort"))?;
                let desc = match order.to_ascii_uppercase().as_str() {
                    "ASC" => false,
                    "DESC" => true,
                    _ => return Err(bad("sort", "invalid_sort")),
                };
                (Some(field), desc)
            }
        };
        let (offset, limit) = match raw.range.as_deref() {
            None | Some("") => (0, 25),
            Some(r) => {
                let (start, end): (i64, i64) =
                    serde_json::from_str(r).map_err(|_| bad("range", "invalid_range"))?;
                if start < 0 || end < start || start > MAX_OFFSET || end > MAX_OFFSET + MAX_PAGE {
                    return Err(bad("range", "invalid_range"));
                }
                (start, (end - start + 1).min(MAX_PAGE))
            }
        };
        let filter = match raw.filter.as_deref() {
            None | Some("") => Map::new(),
            Some(f) => match serde_json::from_str::<Value>(f) {
                Ok(v) if crate::extract::nul_path(&v).is_some() => {
                    return Err(bad("filter", "invalid_text"));
                }
                Ok(Value::Object(m)) => m,
                _ => return Err(bad("filter", "invalid_filter")),
            },
        };
        Ok(ListParams {
            sort_field,
            descending,
            offset,
            limit,
            filter,
        })
    }
}

impl ListParams {
    /// A whole-number filter value (a number, or digits as text); empty counts as absent.
    pub fn filter_i64(&self, key: &str) -> Result<Option<i64>, ApiError> {
        match self.filter.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(v) => v
                .as_i64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                .map(Some)
                .ok_or_else(|| bad_filter(key)),
        }
    }

    /// A filter naming one value of an enum (its JSON spelling); empty counts as absent, any
    /// other value is 400 `invalid_query`.
    pub fn filter_enum<T: serde::de::DeserializeOwned>(
        &self,
        key: &str,
    ) -> Result<Option<T>, ApiError> {
        match self.filter_str(key) {
            None => Ok(None),
            Some(s) => serde_json::from_value(Value::String(s))
                .map(Some)
                .map_err(|_| bad_filter(key)),
        }
    }

    /// A text filter value, trimmed; empty counts as absent.
    pub fn filter_str(&self, key: &str) -> Option<String> {
        match self.filter.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            _ => None,
        }
    }
}

/// A list filter that is not valid: 400 `invalid_query` naming it.
pub fn bad_filter(key: &str) -> ApiError {
    ApiError::bad_request("invalid_query", format!("The {key} filter is not valid"))
        .with_field(key, "invalid_filter")
}

/// A short list read whole (the venue, the season tickets), answered one page of it in the
/// simple-REST shape.
pub fn whole<T: Serialize>(resource: &str, params: &ListParams, items: Vec<T>) -> Response {
    let total = items.len() as i64;
    let page: Vec<T> = items
        .into_iter()
        .skip(params.offset as usize)
        .take(params.limit as usize)
        .collect();
    self::page(resource, params, page, total)
}

/// A page of a list with the header react-admin reads for the total.
pub fn page<T: Serialize>(
    resource: &str,
    params: &ListParams,
    items: Vec<T>,
    total: i64,
) -> Response {
    let end = if items.is_empty() {
        params.offset
    } else {
        params.offset + items.len() as i64 - 1
    };
    let value = HeaderValue::from_str(&format!("{resource} {}-{end}/{total}", params.offset))
        .unwrap_or(HeaderValue::from_static("items */0"));
    (
        [(HeaderName::from_static("content-range"), value)],
        Json(items),
    )
        .into_response()
}

/// An Excel file to download as `file_name`.
pub fn xlsx(file_name: &str, bytes: Vec<u8>) -> Response {
    use axum::http::header;
    (
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
        ],
        bytes,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(
        sort: Option<&str>,
        range: Option<&str>,
        filter: Option<&str>,
    ) -> Result<ListParams, ApiError> {
        ListParams::try_from(RawListParams {
            sort: sort.map(Into::into),
            range: range.map(Into::into),
            filter: filter.map(Into::into),
        })
    }

    #[test]
    fn react_admin_parameters_are_understood() {
        let p = parse(
            Some(r#"["created_at","DESC"]"#),
            Some("[10,19]"),
            Some(r#"{"status":"sent"}"#),
        )
        .unwrap();
        assert_eq!(p.sort_field.as_deref(), Some("created_at"));
        assert!(p.descending);
        assert_eq!((p.offset, p.limit), (10, 10));
        assert_eq!(p.filter_str("status").as_deref(), Some("sent"));
    }

    #[test]
    fn pages_are_capped_and_bad_parameters_refused() {
        assert_eq!(
            parse(None, Some("[0,100000]"), None).unwrap().limit,
            MAX_PAGE
        );
        for (s, r, f) in [
            (Some("created_at"), None, None),
            (Some(r#"["a","SIDEWAYS"]"#), None, None),
            (None, Some("[5,1]"), None),
            (None, Some("[-1,3]"), None),
            (None, None, Some("[1]")),
        ] {
            let e = parse(s, r, f).unwrap_err();
            assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
        }
    }
}
