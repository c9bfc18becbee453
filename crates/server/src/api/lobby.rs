//! The lobby's endpoints (issue 58; docs/api.md, "Lobby"): players,
//! challenges, the games being played, ratings, and the lobby's socket.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use super::{blocking, body, parse, same_origin, send, Alive, App, Client};
use crate::error::GameError;
use crate::lobby::{Attending, Credentials, Lobby, NewChallenge, Snapshot};

/// The most challenges one lobby socket may say are its own, and the most
/// it may ask about (each a look in the database).
const MOST_OWN: usize = 16;
const MOST_ASKED: usize = 64;

/// `POST /players` `{"name"}`: 201 `{"name", "key"}`.
pub async fn register(
    State(App { lobby, limits, .. }): State<App>,
    client: Client,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Response, GameError> {
    limits.create(client.ip)?;
    let req = body(req)?;
    let name = req.get("name").and_then(Value::as_str).map(str::to_string);
    let (name, key) = blocking(move || lobby.register(name.as_deref())).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "name": name, "key": key })),
    )
        .into_response())
}

pub async fn player(
    State(App { lobby, .. }): State<App>,
    Path(name): Path<String>,
) -> Result<Json<Value>, GameError> {
    Ok(Json(blocking(move || lobby.profile(&name)).await?))
}

pub async fn leaderboard(
    State(App { lobby, .. }): State<App>,
    Path(game): Path<String>,
) -> Result<Json<Value>, GameError> {
    Ok(Json(blocking(move || lobby.leaderboard(&game)).await?))
}

/// `POST /challenges`: 201 `{"id", "token"}`.
pub async fn post(
    State(App { lobby, limits, .. }): State<App>,
    client: Client,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Response, GameError> {
    limits.act(client.ip)?;
    let req: NewChallenge = parse(body(req)?)?;
    let ip = client.ip;
    let (id, token) = blocking(move || lobby.post(req, ip)).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "token": token })),
    )
        .into_response())
}

pub async fn list(State(App { lobby, .. }): State<App>) -> Json<Value> {
    Json(json!({ "challenges": lobby.snapshot().challenges }))
}

pub async fn live(State(App { lobby, .. }): State<App>) -> Json<Value> {
    Json(json!({ "games": lobby.snapshot().games }))
}

/// The body's credentials (an empty body: none).
fn credentials(req: Result<Json<Value>, JsonRejection>) -> Result<Credentials, GameError> {
    match req {
        Err(JsonRejection::MissingJsonContentType(_)) => Ok(Credentials::default()),
        req => parse(body(req)?),
    }
}

/// `POST /challenges/{id}/accept`: `{"game", "token"}`.
pub async fn accept(
    State(App { lobby, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.create(client.ip)?;
    let who = credentials(req)?;
    let (game, token) = blocking(move || lobby.accept(&id, &who)).await?;
    Ok(Json(json!({ "game": game, "token": token })))
}

/// `POST /challenges/{id}/seat`: the creator's `{"game", "token"}`.
pub async fn seat(
    State(App { lobby, .. }): State<App>,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    let who = credentials(req)?;
    let (game, token) = blocking(move || lobby.seat(&id, &who)).await?;
    Ok(Json(json!({ "game": game, "token": token })))
}

pub async fn cancel(
    State(App { lobby, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<StatusCode, GameError> {
    limits.act(client.ip)?;
    let who = credentials(req)?;
    blocking(move || lobby.cancel(&id, &who)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /lobby/ws`: the lobby's lists now and at every change
/// (`{"type": "lobby", "challenges", "games"}`); a creator says which
/// challenges are its own (`{"type": "mine", "challenges": [{"id",
/// "token"}]}`), which keeps them open while the socket is, and is told
/// at once when one is accepted (`{"type": "accepted", "challenge",
/// "game", "token"}`).
pub async fn socket(
    State(App { lobby, limits, hub }): State<App>,
    client: Client,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, GameError> {
    if !same_origin(&headers) {
        return Err(GameError::forbidden(
            "WebSockets are for this server's own page (the Origin is another site's)",
        ));
    }
    let guard = limits.lobby_socket(client.ip)?;
    let ping = hub.config().ping_every;
    let slot = client.slot;
    Ok(upgrade
        .protocols(["chess3d"])
        .max_message_size(crate::config::MAX_WS_MESSAGE)
        .on_upgrade(move |socket| async move {
            follow(socket, lobby, ping).await;
            drop((guard, slot));
        }))
}

/// A creator's own challenge on this socket.
struct Own {
    id: String,
    token: String,
    _here: Attending,
    told: bool,
}

async fn follow(mut socket: WebSocket, lobby: Arc<Lobby>, ping: Duration) {
    let mut feed = lobby.subscribe();
    if !send(&mut socket, lobby.snapshot().message()).await {
        return;
    }
    let mut own: Vec<Own> = Vec::new();
    let mut asked = 0;
    let mut alive = Alive::new(ping).await;
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    alive.heard();
                    let said = serde_json::from_str::<Value>(&text).unwrap_or(Value::Null);
                    let error = match said.get("type").and_then(Value::as_str) {
                        Some("mine") => claim(&lobby, &said, &mut own, &mut asked).await.err(),
                        _ => Some("a lobby socket takes {\"type\": \"mine\", \"challenges\": [{\"id\", \"token\"}]}".to_string()),
                    };
                    if let Some(error) = error {
                        let text = json!({ "type": "error", "error": error }).to_string();
                        if !send(&mut socket, text).await {
                            break;
                        }
                    }
                    // A challenge accepted before the socket said so.
                    if !tell_accepted(&mut socket, &lobby.snapshot(), &mut own).await {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => alive.heard(),
            },
            snapshot = feed.recv() => {
                let snapshot = match snapshot {
                    Ok(s) => s,
                    Err(RecvError::Lagged(_)) => lobby.snapshot(),
                    Err(RecvError::Closed) => break,
                };
                if !send(&mut socket, snapshot.message()).await
                    || !tell_accepted(&mut socket, &snapshot, &mut own).await
                {
                    break;
                }
            }
            _ = alive.pings.tick() => {
                if !alive.ping(&mut socket).await {
                    break;
                }
            }
        }
    }
}

/// Takes the challenges a socket says are its own (each checked against
/// its token).
async fn claim(
    lobby: &Arc<Lobby>,
    said: &Value,
    own: &mut Vec<Own>,
    asked: &mut usize,
) -> Result<(), String> {
    let list = said
        .get("challenges")
        .and_then(Value::as_array)
        .ok_or("\"challenges\" is a list of {\"id\", \"token\"}")?;
    for item in list {
        let (Some(id), Some(token)) = (
            item.get("id").and_then(Value::as_str),
            item.get("token").and_then(Value::as_str),
        ) else {
            return Err("each challenge is {\"id\", \"token\"}".into());
        };
        if own.iter().any(|o| o.id == id) {
            continue;
        }
        if own.len() >= MOST_OWN || *asked >= MOST_ASKED {
            return Err(format!("{MOST_OWN} challenges per socket at most"));
        }
        *asked += 1;
        let (check, asked, secret) = (Arc::clone(lobby), id.to_string(), token.to_string());
        let owns = tokio::task::spawn_blocking(move || check.owns(&asked, &secret))
            .await
            .unwrap_or(false);
        if !owns {
            return Err(format!(
                "challenge '{}' is not open, or not yours",
                id.escape_debug()
            ));
        }
        own.push(Own {
            id: id.to_string(),
            token: token.to_string(),
            _here: lobby.attend(id),
            told: false,
        });
    }
    Ok(())
}

/// Tells the socket of its challenges that have been accepted.
async fn tell_accepted(socket: &mut WebSocket, snapshot: &Snapshot, own: &mut [Own]) -> bool {
    for o in own.iter_mut().filter(|o| !o.told) {
        if let Some(game) = snapshot.accepted.get(&o.id) {
            o.told = true;
            let text = json!({
                "type": "accepted", "challenge": o.id, "game": game, "token": o.token,
            })
            .to_string();
            if !send(socket, text).await {
                return false;
            }
        }
    }
    true
}
