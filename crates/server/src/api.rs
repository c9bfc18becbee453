//! The HTTP and WebSocket API, version 1 (docs/api.md), and the web page's
//! files.

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::ApiError;
use crate::hub::{Action, Hub, NewGame};
use crate::table;

/// The API's routes under `/api/v1`, and the page's files from `web` (its
/// built `dist` folder) at every other path.
pub fn router(hub: Arc<Hub>, web: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/variants", get(variants))
        .route("/variants/{id}", get(variant))
        .route("/games", post(create))
        .route("/games/{id}", get(game))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/actions", post(act))
        .route("/games/{id}/ws", get(ws))
        .route("/games/{id}/reach", get(reach))
        .fallback(|| async { ApiError::not_found("no such API path (see docs/api.md)") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this API path does not take that method (see docs/api.md)",
            )
        })
        .with_state(hub);
    let app = Router::new().nest("/api/v1", api);
    match web.filter(|dir| dir.join("index.html").is_file()) {
        Some(dir) => app.fallback_service(
            ServeDir::new(&dir).not_found_service(ServeFile::new(dir.join("index.html"))),
        ),
        None => app.fallback(|| async { Html(NO_PAGE) }),
    }
}

const NO_PAGE: &str = "<!doctype html><title>chess3d</title><p>The web page has not been \
built. Run <code>scripts/run</code> from the repository (it builds the page with npm), \
or give <code>chess3d serve --web DIR</code> the page's <code>dist</code> folder. The API \
is at <code>/api/v1</code>.";

/// A JSON body, or a 400 that says what is wrong with it.
fn body(body: Result<Json<Value>, JsonRejection>) -> Result<Value, ApiError> {
    body.map(|Json(v)| v)
        .map_err(|e| ApiError::bad(format!("the body is not JSON: {}", e.body_text())))
}

/// Runs the hub's work (moves, SQLite writes) off the async threads, so
/// that a slow write does not hold up every socket.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("the request failed: {e}"))))
}

fn parse<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, ApiError> {
    serde_json::from_value(v).map_err(|e| ApiError::bad(e.to_string()))
}

async fn variants() -> Json<Value> {
    let games: Vec<Value> = chess3d_games::AVAILABLE
        .iter()
        .filter_map(|&id| {
            let (name, sides) = table::game_names(id)?;
            Some(json!({ "id": id, "name": name, "sides": sides }))
        })
        .collect();
    Json(json!({ "api": 1, "games": games }))
}

async fn variant(Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    table::game_about(&id)
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no game '{}'", id.escape_debug())))
}

/// `?piece=Q&side=0&cell=0d4`: where that piece could go from that cell of
/// the game's board emptied of every other piece.
#[derive(serde::Deserialize)]
struct ReachQuery {
    piece: String,
    side: usize,
    cell: String,
}

async fn reach(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    query: Result<Query<ReachQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let mut letters = q.piece.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return Err(ApiError::bad("piece is one letter"));
    };
    if q.side > 1 {
        return Err(ApiError::bad("side is 0 (the first to move) or 1"));
    }
    let (moves, captures) = blocking(move || hub.reach(&id, letter, q.side, &q.cell)).await?;
    Ok(Json(json!({ "moves": moves, "captures": captures })))
}

async fn create(
    State(hub): State<Arc<Hub>>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Response, ApiError> {
    let req: NewGame = parse(body(req)?)?;
    let created = blocking(move || hub.create(req)).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.get(&id)?.current_state()))
}

async fn record(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let live = blocking(move || hub.get(&id)).await?;
    let name = format!("attachment; filename=\"{}-{}.pgn\"", live.game(), live.id);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, name),
        ],
        live.record(),
    )
        .into_response())
}

async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let req = body(req)?;
    let invite = req
        .get("invite")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("give the invitation as \"invite\""))?
        .to_string();
    let joined = blocking(move || hub.join(&id, &invite)).await?;
    Ok(Json(
        serde_json::to_value(joined).map_err(|e| ApiError::internal(e.to_string()))?,
    ))
}

/// Splits `{"token": ..., "action": ..., ...}` into the token and the action.
fn action(mut v: Value) -> Result<(Option<String>, Action), ApiError> {
    let token = match v.as_object_mut().and_then(|o| o.remove("token")) {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) => Some(t),
        Some(_) => return Err(ApiError::bad("\"token\" is a string")),
    };
    if let Some(o) = v.as_object_mut() {
        // A WebSocket request may carry an id to find its answer by.
        o.remove("request");
    }
    Ok((token, parse(v)?))
}

async fn act(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let (token, action) = action(body(req)?)?;
    Ok(Json(
        blocking(move || hub.act(&id, token.as_deref(), action)).await?,
    ))
}

async fn ws(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let live = blocking({
        let hub = Arc::clone(&hub);
        move || hub.get(&id)
    })
    .await?;
    Ok(upgrade.on_upgrade(move |socket| watch(socket, hub, live)))
}

/// One WebSocket: the game's state now and after every change, the
/// engine's thinking, and the player's actions (answered with an error
/// message when refused; a done action shows in the next state).
async fn watch(mut socket: WebSocket, hub: Arc<Hub>, live: Arc<crate::hub::Live>) {
    let mut events = live.subscribe();
    let state = |live: &crate::hub::Live| {
        let mut s = live.current_state();
        s["type"] = json!("state");
        s.to_string()
    };
    if socket
        .send(Message::Text(state(&live).into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let request = serde_json::from_str::<Value>(&text)
                        .ok()
                        .and_then(|v| v.get("request").cloned());
                    let done = match serde_json::from_str::<Value>(&text)
                        .map_err(|e| ApiError::bad(format!("the message is not JSON: {e}")))
                        .and_then(action)
                    {
                        Ok((token, action)) => {
                            let (hub, id) = (Arc::clone(&hub), live.id.clone());
                            blocking(move || hub.act(&id, token.as_deref(), action)).await
                        }
                        Err(e) => Err(e),
                    };
                    if let Err(e) = done {
                        let error = json!({
                            "type": "error",
                            "status": e.status.as_u16(),
                            "error": e.message,
                            "request": request,
                        });
                        if socket.send(Message::Text(error.to_string().into())).await.is_err() {
                            break;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text.to_string(),
                    // Too far behind: the whole state says it all.
                    Err(RecvError::Lagged(_)) => state(&live),
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
        }
    }
}
