//! Where a [`GameError`] becomes HTTP: its status, and the body
//! `{"error": "..."}` every refusal of the API has.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::error::{GameError, Kind};

/// The HTTP status of each kind of refusal.
pub fn status(kind: Kind) -> StatusCode {
    match kind {
        Kind::Bad => StatusCode::BAD_REQUEST,
        Kind::NotFound => StatusCode::NOT_FOUND,
        Kind::Conflict => StatusCode::CONFLICT,
        Kind::Unauthorized => StatusCode::UNAUTHORIZED,
        Kind::Forbidden => StatusCode::FORBIDDEN,
        Kind::TooMany => StatusCode::TOO_MANY_REQUESTS,
        Kind::Busy => StatusCode::SERVICE_UNAVAILABLE,
        Kind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        Kind::NotInTime => StatusCode::REQUEST_TIMEOUT,
        Kind::Unsure => StatusCode::GATEWAY_TIMEOUT,
        Kind::Illegal => StatusCode::UNPROCESSABLE_ENTITY,
        Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A refusal that only HTTP has (a method, a host, a framing), in the
/// same shape as the game's.
pub fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": message.into() }))).into_response()
}

impl IntoResponse for GameError {
    fn into_response(self) -> Response {
        refuse(status(self.kind), self.message)
    }
}
