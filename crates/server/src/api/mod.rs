//! The HTTP and WebSocket API, version 1 (docs/api.md), and the web page's
//! files. Handlers never take a game's lock themselves: the hub's work runs
//! on blocking threads, and a game's state is read from its latest event.

mod analysis;
mod lobby;
mod refusals;

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::config::{MAX_BODY, MAX_WS_MESSAGE};
use crate::error::GameError;
use crate::hub::{Action, Caller, Hub, NewGame};
use crate::limits::Limits;
use crate::live::Live;
use crate::page::Page;
use crate::table;

/// What every handler shares.
#[derive(Clone)]
pub struct App {
    hub: Arc<Hub>,
    limits: Arc<Limits>,
    lobby: Arc<crate::lobby::Lobby>,
}

/// Marks a request that came through a trusted reverse proxy
/// ([`crate::Config::trusted_proxies`]).
#[derive(Clone, Copy)]
pub struct ThroughProxy;

/// Who sent a request: the client's address, which limits count by (a
/// request without one, the router called directly as fuzzing does,
/// counts as loopback; through a trusted proxy, the address the proxy
/// gives), and its connection's slot (see
/// [`crate::limits::Connections`]), which a WebSocket holds while open so
/// that it counts as a connection.
struct Client {
    ip: IpAddr,
    slot: Option<crate::limits::ConnectionSlot>,
    /// When the request's deadline passes ([`Arrived`] plus the request
    /// timeout).
    deadline: Option<Instant>,
}

impl Client {
    /// The hub's view of the request: who, and by when.
    fn caller(&self) -> Caller {
        Caller::new(self.ip, self.deadline)
    }
}

/// When a request arrived (its headers read): its deadline counts from
/// then.
#[derive(Clone, Copy)]
struct Arrived(Instant);

/// Its deadline's allowance: how long the request may take to be done.
#[derive(Clone, Copy)]
struct Allowed(Duration);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), |c| c.0.ip());
        let ip = match parts.extensions.get::<ThroughProxy>() {
            Some(_) => forwarded_client(&parts.headers).unwrap_or(peer),
            None => peer,
        };
        let deadline = match (
            parts.extensions.get::<Arrived>(),
            parts.extensions.get::<Allowed>(),
        ) {
            (Some(Arrived(at)), Some(Allowed(allowed))) => Some(*at + *allowed),
            _ => None,
        };
        Ok(Client {
            ip,
            slot: parts.extensions.get().cloned(),
            deadline,
        })
    }
}

/// The client a trusted proxy names: the last address of
/// `X-Forwarded-For` (the one the proxy added; those before it are the
/// client's own word).
fn forwarded_client(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").into_iter().next_back()?;
    let last = last.to_str().ok()?.rsplit(',').next()?.trim();
    last.parse()
        .ok()
        .or_else(|| last.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// The API's routes under `/api/v1`, and the page's files at every other
/// path; every answer with the security headers, API answers never cached.
pub fn router(hub: Arc<Hub>, limits: Arc<Limits>, page: Page) -> Router {
    let config = hub.config().clone();
    let lobby = crate::lobby::Lobby::start(Arc::clone(&hub));
    let state = App { hub, limits, lobby };
    let api = Router::new()
        .route("/variants", get(variants))
        .route("/variants/{id}", get(variant))
        .route("/games", post(create))
        .route("/games/{id}", get(game))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/positions/{ply}", get(position))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/seat", post(seat))
        .route("/games/{id}/hint", post(hint))
        .route(
            "/games/{id}/analysis",
            get(analysis::read)
                .post(analysis::start)
                .delete(analysis::stop),
        )
        .route("/games/{id}/explore", post(analysis::explore))
        .route("/games/{id}/explore/lines", post(analysis::lines))
        .route("/games/{id}/actions", post(act))
        .route("/games/{id}/ws", get(ws))
        .route("/games/{id}/reach", get(reach))
        .route("/games/{id}/premoves", get(premoves))
        .route("/players", post(lobby::register))
        .route("/players/{name}", get(lobby::player))
        .route("/leaderboard/{game}", get(lobby::leaderboard))
        .route("/challenges", post(lobby::post).get(lobby::list))
        .route("/challenges/{id}", axum::routing::delete(lobby::cancel))
        .route("/challenges/{id}/accept", post(lobby::accept))
        .route("/challenges/{id}/seat", post(lobby::seat))
        .route("/live", get(lobby::live))
        .route("/lobby/ws", get(lobby::socket))
        .fallback(|| async { GameError::not_found("no such API path (see docs/api.md)") })
        .method_not_allowed_fallback(|| async {
            refusals::refuse(
                StatusCode::METHOD_NOT_ALLOWED,
                "this API path does not take that method (see docs/api.md)",
            )
        })
        .layer(middleware::from_fn_with_state(state.clone(), limit_reads))
        .with_state(state)
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ));
    let loopback_only = config.loopback_only;
    let (body_timeout, allowed) = (config.body_timeout, config.request_timeout);
    Router::new()
        .nest("/api/v1", api)
        .fallback(move |uri: axum::http::Uri| {
            let page = page.clone();
            async move { page.serve(&uri) }
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            body_in_time(body_timeout, req, next)
        }))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            within_deadline(allowed, req, next)
        }))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            check_host(loopback_only, req, next)
        }))
        .layer(middleware::from_fn(one_framing))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

/// The page loads only its own files (and the piece symbols it draws for
/// itself as `data:` images) and talks only to its own server; no inline
/// script or style, and no other site may frame it.
pub const CSP: &str =
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The host names a loopback server answers to: a page from elsewhere
/// that rebinds its own name to 127.0.0.1 sends its own name.
fn is_local_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, port)| {
            if port.bytes().all(|b| b.is_ascii_digit()) {
                name
            } else {
                host
            }
        }),
    };
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

async fn check_host(loopback_only: bool, req: Request, next: Next) -> Response {
    if loopback_only {
        let host = req
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !is_local_host(host) {
            return refusals::refuse(
                StatusCode::MISDIRECTED_REQUEST,
                format!(
                    "this server listens on loopback and answers only to localhost, not to '{}' \
                     (serve with --host to be reached by other names)",
                    host.escape_debug()
                ),
            );
        }
    }
    next.run(req).await
}

/// How long a request may go on past its deadline once it has begun a
/// change: the database's write and, when its answer is lost, the read
/// that says whether it was stored (each at most 10 s), with room to
/// spare.
const GRACE: Duration = Duration::from_secs(30);

/// Gives a request its deadline (`allowed` from now: a change not begun
/// by then is not made, see [`Caller`]), and answers for it if it is
/// still not done [`GRACE`] after that: a change it began may have been
/// stored (504, as for a write the database did not confirm), which the
/// page answers by reloading the game.
async fn within_deadline(allowed: Duration, mut req: Request, next: Next) -> Response {
    req.extensions_mut().insert(Arrived(Instant::now()));
    req.extensions_mut().insert(Allowed(allowed));
    match tokio::time::timeout(allowed + GRACE, next.run(req)).await {
        Ok(answer) => answer,
        Err(_) => GameError::unsure(
            "the server did not finish this request in time: it may have been done; \
             reload the game to see",
        )
        .into_response(),
    }
}

/// Reads a request's body whole within `limit` (a client sending it a byte
/// at a time holds a connection no longer): 408 after, saying so.
async fn body_in_time(limit: Duration, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(limit, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
                .await
        }
        Ok(Err(_)) => GameError::too_large(format!(
            "the body is larger than the {} KB a request may be, or was cut off",
            MAX_BODY / 1024
        ))
        .into_response(),
        Err(_) => GameError::not_in_time(format!(
            "the request's body did not arrive within {} s: nothing was done",
            limit.as_secs()
        ))
        .into_response(),
    }
}

/// A request whose body is framed by `Transfer-Encoding` is refused (411)
/// and its connection closed: with a `Content-Length` beside it (which
/// the HTTP library drops, as the standard allows), a proxy in front may
/// have read its end elsewhere and sent what follows as another client's
/// request (request smuggling). The page and every client of the API send
/// `Content-Length`.
async fn one_framing(req: Request, next: Next) -> Response {
    if req.headers().contains_key(header::TRANSFER_ENCODING) {
        let mut refused = refusals::refuse(
            StatusCode::LENGTH_REQUIRED,
            "send the body with a Content-Length: Transfer-Encoding is not taken",
        );
        refused
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return refused;
    }
    next.run(req).await
}

/// API reads (GET) count toward their client's bucket
/// ([`crate::Config::reads_per_second`]).
async fn limit_reads(
    State(App { limits, .. }): State<App>,
    client: Client,
    req: Request,
    next: Next,
) -> Response {
    if req.method() == axum::http::Method::GET {
        if let Err(e) = limits.read(client.ip) {
            return e.into_response();
        }
    }
    next.run(req).await
}

/// A JSON body, or a 400 that says what is wrong with it.
fn body(body: Result<Json<Value>, JsonRejection>) -> Result<Value, GameError> {
    body.map(|Json(v)| v).map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => GameError::too_large(format!(
            "the body is larger than the {} KB a request may be",
            MAX_BODY / 1024
        )),
        _ => GameError::bad(format!("the body is not JSON: {}", e.body_text())),
    })
}

/// Runs the hub's work (moves, SQLite writes, games' locks) off the async
/// threads, so that a slow change does not hold up every socket.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> Result<T, GameError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(GameError::internal(format!("the request failed: {e}"))))
}

fn parse<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, GameError> {
    serde_json::from_value(v).map_err(|e| GameError::bad(e.to_string()))
}

async fn variants() -> Json<Value> {
    let games: Vec<Value> = table::game_ids()
        .into_iter()
        .filter_map(|id| {
            let g = table::game_summary(id)?;
            Some(json!({
                "id": id,
                "name": g.name,
                "sides": g.sides,
                "cells": g.cells,
                "levels": g.levels,
                "options": g.options.iter().map(|o| json!({
                    "name": o.name,
                    "help": o.help,
                    "default": o.default,
                })).collect::<Vec<_>>(),
            }))
        })
        .collect();
    Json(json!({ "api": 1, "games": games }))
}

async fn variant(Path(id): Path<String>) -> Result<Json<Value>, GameError> {
    table::game_about(&id)
        .map(Json)
        .ok_or_else(|| GameError::not_found(format!("no game '{}'", id.escape_debug())))
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
    State(App { hub, .. }): State<App>,
    Path(id): Path<String>,
    query: Result<Query<ReachQuery>, QueryRejection>,
) -> Result<Json<Value>, GameError> {
    let Query(q) = query.map_err(|e| GameError::bad(e.body_text()))?;
    let mut letters = q.piece.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return Err(GameError::bad("piece is one letter"));
    };
    if q.side > 1 {
        return Err(GameError::bad("side is 0 (the first to move) or 1"));
    }
    let (moves, captures) = blocking(move || hub.reach(&id, letter, q.side, &q.cell)).await?;
    Ok(Json(json!({ "moves": moves, "captures": captures })))
}

/// `?cell=e2`: where the piece on that cell, of the side waiting for its
/// turn, may be premoved.
#[derive(serde::Deserialize)]
struct PremovesQuery {
    cell: String,
}

async fn premoves(
    State(App { hub, .. }): State<App>,
    Path(id): Path<String>,
    query: Result<Query<PremovesQuery>, QueryRejection>,
) -> Result<Json<Value>, GameError> {
    let Query(q) = query.map_err(|e| GameError::bad(e.body_text()))?;
    let (version, premoves) = blocking(move || hub.premoves(&id, &q.cell)).await?;
    Ok(Json(
        json!({ "version": version, "moves": premoves.moves, "more": premoves.more }),
    ))
}

async fn create(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Response, GameError> {
    limits.create(client.ip)?;
    let req: NewGame = parse(body(req)?)?;
    let caller = client.caller();
    let created = blocking(move || hub.create_as(req, caller)).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn game(
    State(App { hub, .. }): State<App>,
    Path(id): Path<String>,
) -> Result<Response, GameError> {
    let live = blocking(move || hub.get(&id)).await?;
    let state = live.latest().to_string();
    Ok(([(header::CONTENT_TYPE, "application/json")], state).into_response())
}

/// The board after the first `ply` moves (0: the start), for review.
async fn position(
    State(App { hub, .. }): State<App>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Json<Value>, GameError> {
    let number = ply.parse::<usize>().ok();
    let (view, plies) =
        blocking(move || Ok(hub.get(&id)?.view_at(number.unwrap_or(usize::MAX)))).await?;
    match view {
        Some(view) => Ok(Json(json!({ "ply": number, "plies": plies, "view": view }))),
        None => Err(GameError::not_found(format!(
            "'{}' is not a move of this game: it has {plies} moves, so 0 to {plies}",
            ply.escape_debug()
        ))),
    }
}

async fn record(
    State(App { hub, .. }): State<App>,
    Path(id): Path<String>,
) -> Result<Response, GameError> {
    let (live, record) = blocking(move || {
        let live = hub.get(&id)?;
        let record = live.record();
        Ok((live, record))
    })
    .await?;
    let name = format!("attachment; filename=\"{}-{}.pgn\"", live.game, live.id);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, name),
        ],
        record,
    )
        .into_response())
}

async fn join(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let req = body(req)?;
    let invite = field(&req, "invite", "the invitation")?;
    let name = optional(&req, "name");
    let caller = client.caller();
    seat_json(blocking(move || hub.join_as(&id, &invite, name.as_deref(), caller)).await?)
}

/// The seat a token holds: `{"token": ...}` (a resume link).
async fn seat(
    State(App { hub, limits, .. }): State<App>,
    Client { ip: who, .. }: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(who)?;
    let token = field(&body(req)?, "token", "the seat's token")?;
    seat_json(blocking(move || hub.seat(&id, &token)).await?)
}

/// A string a request may give: `"name": "..."`.
fn optional(req: &Value, name: &str) -> Option<String> {
    req.get(name).and_then(Value::as_str).map(str::to_string)
}

/// A string a request must give.
fn field(req: &Value, name: &str, what: &str) -> Result<String, GameError> {
    optional(req, name).ok_or_else(|| GameError::bad(format!("give {what} as \"{name}\"")))
}

/// A seat taken or shown: its token, sides and the game's state.
fn seat_json(seat: crate::hub::Joined) -> Result<Json<Value>, GameError> {
    serde_json::to_value(seat)
        .map(Json)
        .map_err(|e| GameError::internal(e.to_string()))
}

/// The engine's suggestion for the player to move: `{"token": ...}`.
/// Waits for the engine without holding a thread; one hint at a time per
/// client ([`crate::Config::hints_per_client`]).
async fn hint(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let _asked = limits.hint(client.ip)?;
    let req = body(req)?;
    let token = optional(&req, "token");
    Ok(Json(
        hub.hint(&id, token.as_deref(), client.caller()).await?,
    ))
}

/// Splits `{"token": ..., "action": ..., ...}` into the token and the action.
fn action(mut v: Value) -> Result<(Option<String>, Action), GameError> {
    let token = match v.as_object_mut().and_then(|o| o.remove("token")) {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) => Some(t),
        Some(_) => return Err(GameError::bad("\"token\" is a string")),
    };
    if let Some(o) = v.as_object_mut() {
        // A WebSocket request may carry an id to find its answer by.
        o.remove("request");
    }
    Ok((token, parse(v)?))
}

async fn act(
    State(App { hub, limits, .. }): State<App>,
    client: Client,
    Path(id): Path<String>,
    req: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, GameError> {
    limits.act(client.ip)?;
    let (token, action) = action(body(req)?)?;
    let caller = client.caller();
    Ok(Json(
        blocking(move || hub.act_as(&id, token.as_deref(), action, caller)).await?,
    ))
}

/// Whether a WebSocket's `Origin` (a browser always sends one) is this
/// server's own page: its host must be the `Host` the request was sent to.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true; // not a browser: nothing to forge
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    // The page is served over http, or https behind a proxy: any other
    // scheme is not this server's page.
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .filter(|(scheme, _)| {
            scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
        })
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// The seat token a page offers with its WebSocket, as the subprotocol
/// `seat.<token>` beside `chess3d` (a header, where the URL would put it
/// in proxies' logs): the socket then counts among its seat's player's,
/// not among the watchers'.
fn offered_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix("seat."))
        .map(str::to_string)
}

async fn ws(
    State(App { hub, limits, .. }): State<App>,
    Client { ip: who, slot, .. }: Client,
    headers: HeaderMap,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, GameError> {
    if !same_origin(&headers) {
        return Err(GameError::forbidden(
            "WebSockets are for this server's own page (the Origin is another site's)",
        ));
    }
    let token = offered_token(&headers);
    let (live, seat) = blocking({
        let hub = Arc::clone(&hub);
        move || {
            let live = hub.get(&id)?;
            // A token that holds no seat watches, as no token does.
            let seat = token.and_then(|t| {
                let sides = live.sides_of(&live.lock(), Some(&t)).ok()?;
                sides.first().copied()
            });
            Ok((live, seat))
        }
    })
    .await?;
    let guard = limits.socket(who, &live.id, seat)?;
    let spectating = seat.is_none().then(|| live.spectate());
    // A spectator more: the lobby counts it (and tells the other servers).
    let lobby_signal = hub.lobby_signal();
    if spectating.is_some() {
        lobby_signal.notify_one();
    }
    let ping = hub.config().ping_every;
    Ok(upgrade
        .protocols(["chess3d"])
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .on_upgrade(move |socket| async move {
            watch(socket, hub, limits, who, live, ping).await;
            if spectating.is_some() {
                drop(spectating);
                lobby_signal.notify_one();
            }
            drop((guard, slot));
        }))
}

/// How long one message to a client may take to send: a client that
/// stops reading is dropped rather than buffered for.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// A WebSocket kept alive: pinged every `every`, given up after twice that
/// without a word from the client (a pong counts).
struct Alive {
    pings: tokio::time::Interval,
    heard: tokio::time::Instant,
    every: Duration,
}

impl Alive {
    async fn new(every: Duration) -> Alive {
        let mut pings = tokio::time::interval(every);
        pings.tick().await;
        Alive {
            pings,
            heard: tokio::time::Instant::now(),
            every,
        }
    }

    /// The client said something.
    fn heard(&mut self) {
        self.heard = tokio::time::Instant::now();
    }

    /// At a ping's time: false when the client has been silent too long,
    /// or the ping cannot be sent.
    async fn ping(&self, socket: &mut WebSocket) -> bool {
        if self.heard.elapsed() > self.every * 2 {
            return false;
        }
        let sent =
            tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Ping(Vec::new().into()))).await;
        matches!(sent, Ok(Ok(())))
    }
}

async fn send(socket: &mut WebSocket, text: String) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

/// One WebSocket: the game's state now and after every change, the
/// engine's thinking, and the player's actions (answered with an error
/// message when refused; a done action shows in the next state). Pinged
/// every `ping`; closed after two pings without a word from the client.
async fn watch(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    limits: Arc<Limits>,
    who: IpAddr,
    live: Arc<Live>,
    ping: Duration,
) {
    let mut events = live.events.subscribe();
    if !send(&mut socket, live.latest().to_string()).await
        || !send(&mut socket, live.spectators_message()).await
    {
        return;
    }
    let mut alive = Alive::new(ping).await;
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    alive.heard();
                    let request = serde_json::from_str::<Value>(&text)
                        .ok()
                        .and_then(|v| v.get("request").cloned());
                    let done = match limits.act(who).and_then(|()| {
                        serde_json::from_str::<Value>(&text)
                            .map_err(|e| GameError::bad(format!("the message is not JSON: {e}")))
                    })
                    .and_then(action)
                    {
                        Ok((token, action)) => {
                            let (hub, id) = (Arc::clone(&hub), live.id.clone());
                            // No deadline: a WebSocket's action is answered
                            // however long it waits.
                            let caller = Caller::new(who, None);
                            blocking(move || hub.act_as(&id, token.as_deref(), action, caller)).await
                        }
                        Err(e) => Err(e),
                    };
                    if let Err(e) = done {
                        let error = json!({
                            "type": "error",
                            "status": refusals::status(e.kind).as_u16(),
                            "error": e.message,
                            "request": request,
                        });
                        if !send(&mut socket, error.to_string()).await {
                            break;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => alive.heard(),
            },
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text.to_string(),
                    // Too far behind: the whole state says it all.
                    Err(RecvError::Lagged(_)) => live.latest().to_string(),
                    Err(RecvError::Closed) => break,
                };
                if !send(&mut socket, text).await {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_are_local_and_others_are_not() {
        for host in [
            "localhost",
            "localhost:8080",
            "127.0.0.1:9",
            "[::1]:8080",
            "app.localhost",
            "LOCALHOST",
        ] {
            assert!(is_local_host(host), "{host}");
        }
        for host in [
            "",
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "10.0.0.1:80",
            "localhost.evil:80",
        ] {
            assert!(!is_local_host(host), "{host}");
        }
    }

    #[test]
    fn a_proxy_names_its_client_last_in_x_forwarded_for() {
        let client = |values: &[&str]| {
            let mut h = HeaderMap::new();
            for v in values {
                h.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
            }
            forwarded_client(&h)
        };
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert_eq!(client(&["203.0.113.7"]), ip("203.0.113.7"));
        // What the client wrote itself comes first; the proxy adds last.
        assert_eq!(client(&["10.9.9.9, 203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(client(&["10.9.9.9", "203.0.113.7 "]), ip("203.0.113.7"));
        assert_eq!(client(&["2001:db8::1"]), ip("2001:db8::1"));
        assert_eq!(client(&["203.0.113.7:4711"]), ip("203.0.113.7"));
        assert_eq!(client(&["[2001:db8::1]:4711"]), ip("2001:db8::1"));
        // Nothing usable: the proxy's own address counts.
        for none in [
            &[][..],
            &["unknown"],
            &["203.0.113.7, "],
            &["10.0.0.1, bogus"],
        ] {
            assert_eq!(client(none), None, "{none:?}");
        }
    }

    #[test]
    fn a_websocket_from_another_site_is_refused() {
        let headers = |origin: Option<&str>| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, HeaderValue::from_static("localhost:8080"));
            if let Some(o) = origin {
                h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
            }
            h
        };
        assert!(same_origin(&headers(None)));
        assert!(same_origin(&headers(Some("http://localhost:8080"))));
        assert!(!same_origin(&headers(Some("http://evil.example"))));
        assert!(!same_origin(&headers(Some("http://localhost:9999"))));
        assert!(!same_origin(&headers(Some("null"))));
        // Issue 54: the scheme is the page's, http or https.
        assert!(same_origin(&headers(Some("https://localhost:8080"))));
        assert!(!same_origin(&headers(Some("evil://localhost:8080"))));
    }
}
