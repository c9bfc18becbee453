//! The analysis endpoints (issue 57; docs/api.md, "Analysis"): a game's
//! analysis started, read and stopped, and the analysis board's positions
//! and lines.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::Json;
use serde_json::Value;

use super::{blocking, body, App, Client};
use crate::error::GameError;

/// The most moves an analysis board's line may hold beyond the game's
/// position, and the longest move text read.
const MAX_EXPLORED: usize = 400;
const MAX_MOVE_TEXT: usize = 64;

/// `ply` and `moves` of an analysis board request: the game's position
/// after `ply` moves (the end by default), then these moves.
fn position(req: &Value) -> Result<(Option<usize>, Vec<String>), GameError> {
    let ply = match req.get("ply") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| GameError::bad("\"ply\" is a number of moves, 0 or more"))?,
        ),
    };
    let moves = match req.get("moves") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|m| match m.as_str() {
                Some(t) if t.len() <= MAX_MOVE_TEXT => Ok(t.to_string()),
                Some(_) => Err(GameError::bad(format!(
                    "a move is at most {MAX_MOVE_TEXT} characters"
                ))),
                None => Err(GameError::bad("\"moves\" holds move texts")),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(GameError::bad("\"moves\" is a list of move texts")),
    };
    if moves.len() > MAX_EXPLORED {
        return Err(GameError::bad(format!(
            "at most {MAX_EXPLORED} moves on the analysis board"
        )));
    }
    Ok((ply, moves))
}

/// `POST .../analysis` `{"upto": N}`: starts the analysis of the game's
/// first N moves (all by default), or answers the one made or under way.
pub(super) async fn start(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let req = body(req)?;
    let upto = match req.get("upto") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| GameError::bad("\"upto\" is a number of moves"))?,
        ),
    };
    let asked = limits.analysis(client.ip);
    let caller = client.caller();
    Ok(Json(
        blocking(move || hub.analyse(&id, upto, asked, caller)).await?,
    ))
}

/// `GET .../analysis`: the analysis so far.
pub(super) async fn read(
    State(App { hub, .. }): State<App>,
    Path(id): Path<String>,
) -> Result<Json<Value>, GameError> {
    Ok(Json(blocking(move || hub.analysis(&id)).await?))
}

/// `DELETE .../analysis`: stops it (only its starter's address).
pub(super) async fn stop(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let caller = client.caller();
    Ok(Json(
        blocking(move || hub.stop_analysis(&id, caller)).await?,
    ))
}

/// `POST .../explore` `{"ply": N, "moves": [...]}`: the analysis board's
/// position, its legal moves and the moves read.
pub(super) async fn explore(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let (ply, moves) = position(&body(req)?)?;
    Ok(Json(blocking(move || hub.explore(&id, ply, &moves)).await?))
}

/// `POST .../explore/lines`: the engine's three best lines there, queued
/// like a hint (one at a time per client, with the hints).
pub(super) async fn lines(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let _asked = limits.lines(client.ip)?;
    let (ply, moves) = position(&body(req)?)?;
    Ok(Json(
        hub.explore_lines(&id, ply, moves, client.caller()).await?,
    ))
}
