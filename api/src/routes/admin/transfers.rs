//! `/api/admin/transfers`: staff see every change of holder (who passed which ticket on to
//! whom, and how it ended), to answer fans at the ticket office.

use crate::{
    error::ApiResult,
    extract::Query,
    rest::{self, ListParams, RawListParams},
    state::AppState,
};
use axum::{extract::State, response::Response};
use domain::ids::FixtureId;
use domain::transfers::{self, StaffFilter, StaffTransferView, TransferState};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn routes(r: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    r.routes(routes!(list_transfers))
}

/// `GET /api/admin/transfers`: changes of holder, newest first; `filter` by `fixture_id`,
/// `state` (`requested`, `done`, `refused`) and `q` (a seal, an e-mail or a name, in part).
#[utoipa::path(get, path = "/transfers", tag = "admin", params(crate::rest::RawListParams), responses(
    (status = 200, body = Vec<StaffTransferView>, headers(("Content-Range" = String, description = "`<resource> first-last/total`"))),
    (status = 400, body = crate::openapi::ErrorBody, description = "`invalid_query`"),
))]
async fn list_transfers(
    State(state): State<AppState>,
    Query(raw): Query<RawListParams>,
) -> ApiResult<Response> {
    let params = ListParams::try_from(raw)?;
    let filter = StaffFilter {
        fixture: params.filter_i64("fixture_id")?.map(FixtureId),
        state: params.filter_enum::<TransferState>("state")?,
        search: params.filter_str("q"),
        ..Default::default()
    };
    let mut conn = state.pool.acquire().await?;
    let (items, total) =
        transfers::list_for_staff(&mut conn, &filter, params.offset, params.limit).await?;
    Ok(rest::page("transfers", &params, items, total))
}
