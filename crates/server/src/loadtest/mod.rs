//! The load test (`chess3d loadtest`): many games at once, each played by
//! its own WebSocket client choosing random legal moves, for a fixed time.
//! Each client checks that every move it sent comes back exactly once, in
//! order, and at the end compares its moves with the server's record of the
//! game. Latency is from sending a move to receiving the state showing it.
//!
//! Against several servers sharing one database, each game is played by
//! two players on two servers, as two people behind one address would be:
//! White's moves go to one server and Black's to the next, each sent once
//! the state showing the last move has reached that player's own server.
//! The time a move takes to reach the other server is measured too, and
//! every server's record of the game must be the moves sent.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

mod flood;
mod lobby;
pub use flood::{flood, hint_flood, FloodReport, HintFloodReport};
pub use lobby::{lobby_traffic, LobbyReport};

/// What a load test measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub clients: usize,
    pub games: usize,
    pub seconds: f64,
    pub moves: usize,
    /// Moves whose state never came back, or came back changed.
    pub lost: usize,
    /// Moves shown twice, or moves the server has that nobody sent.
    pub duplicated: usize,
    /// Latencies in milliseconds, sorted.
    pub latencies: Vec<f64>,
    /// Servers played against.
    pub servers: usize,
    /// With several servers: from sending a move to one server to the
    /// state showing it on the other, in milliseconds, sorted.
    pub across: Vec<f64>,
}

impl Report {
    pub fn percentile(&self, p: f64) -> f64 {
        if self.latencies.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies.len() as f64 * p).ceil() as usize).clamp(1, self.latencies.len());
        self.latencies[i - 1]
    }

    pub fn summary(&self) -> String {
        let across = if self.servers > 1 {
            let median = self
                .across
                .get(self.across.len() / 2)
                .copied()
                .unwrap_or(0.0);
            let worst = self.across.last().copied().unwrap_or(0.0);
            format!("; to the other server: median {median:.2} ms, worst {worst:.2} ms")
        } else {
            String::new()
        };
        format!(
            "{} server{}, {} clients, {} games, {:.1} s: {} moves, {:.0} moves/s, latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms{across}; lost {}, duplicated {}",
            self.servers,
            if self.servers == 1 { "" } else { "s" },
            self.clients,
            self.games,
            self.seconds,
            self.moves,
            self.moves as f64 / self.seconds.max(1e-9),
            self.percentile(0.5),
            self.percentile(0.99),
            self.latencies.last().copied().unwrap_or(0.0),
            self.lost,
            self.duplicated
        )
    }
}

/// One HTTP/1.1 request on loopback with a JSON body; the status and the
/// body as JSON (null if it is not JSON).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value)> {
    http_from(addr, None, method, path, body).await
}

/// [`http`] as a trusted proxy sends it for the client `forwarded` (its
/// `X-Forwarded-For`), when given.
pub async fn http_from(
    addr: SocketAddr,
    forwarded: Option<&str>,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value)> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let (status, text) = request(addr, forwarded, method, path, &body).await?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

/// One HTTP/1.1 request with any body; the status and the body's text.
pub async fn http_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String)> {
    request(addr, None, method, path, body).await
}

async fn request(
    addr: SocketAddr,
    forwarded: Option<&str>,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let forwarded = forwarded
        .map(|f| format!("X-Forwarded-For: {f}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{forwarded}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| anyhow!("no HTTP response from {addr}"))?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow!("bad HTTP status line: {head}"))?;
    Ok((status, body.to_string()))
}

/// Runs `clients` clients against the servers at `servers` (several
/// sharing one database, or one) for `duration`, each playing games of
/// `game` one after another.
pub async fn run(
    servers: &[SocketAddr],
    game: &str,
    clients: usize,
    duration: Duration,
) -> Result<Report> {
    if servers.is_empty() {
        bail!("no server to play against");
    }
    let start = Instant::now();
    let deadline = start + duration;
    let tasks: Vec<_> = (0..clients)
        .map(|i| {
            // Client i's games start on server i, and go on on the next.
            let mut order = servers.to_vec();
            order.rotate_left(i % servers.len());
            order.truncate(2);
            let game = game.to_string();
            tokio::spawn(async move { client(&order, &game, i as u64, deadline).await })
        })
        .collect();
    let mut report = Report {
        clients,
        servers: servers.len(),
        ..Report::default()
    };
    for t in tasks {
        let r = t.await.context("a client failed")??;
        report.games += r.games;
        report.moves += r.moves;
        report.lost += r.lost;
        report.duplicated += r.duplicated;
        report.latencies.extend(r.latencies);
        report.across.extend(r.across);
    }
    report.seconds = start.elapsed().as_secs_f64();
    report.latencies.sort_by(f64::total_cmp);
    report.across.sort_by(f64::total_cmp);
    Ok(report)
}

async fn client(
    servers: &[SocketAddr],
    game: &str,
    seed: u64,
    deadline: Instant,
) -> Result<Report> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut report = Report::default();
    while Instant::now() < deadline {
        play_one(servers, game, &mut rng, deadline, &mut report).await?;
        report.games += 1;
    }
    Ok(report)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket watching one game on one server: the events it sends, and
/// the actions it takes.
pub struct Watcher {
    socket: Socket,
}

impl Watcher {
    pub async fn connect(addr: SocketAddr, id: &str) -> Result<Watcher> {
        let url = format!("ws://{addr}/api/v1/games/{id}/ws");
        let (socket, _) = tokio_tungstenite::connect_async(&url)
            .await
            .with_context(|| format!("cannot watch game {id} on {addr}"))?;
        Ok(Watcher { socket })
    }

    /// The next event (a state, the engine's thinking, an error...),
    /// waiting `wait` at most: `None` when none came.
    pub async fn next(&mut self, wait: Duration) -> Result<Option<Value>> {
        use futures_util::StreamExt;
        let until = tokio::time::Instant::now() + wait;
        loop {
            let message = match tokio::time::timeout_at(until, self.socket.next()).await {
                Err(_) => return Ok(None),
                Ok(None) => bail!("the server closed the WebSocket"),
                Ok(Some(message)) => message?,
            };
            if let Message::Text(text) = message {
                return Ok(Some(serde_json::from_str(text.as_str())?));
            }
        }
    }

    /// The next state, passing over other events, waiting `wait` at most.
    pub async fn next_state(&mut self, wait: Duration) -> Result<Option<Value>> {
        let until = Instant::now() + wait;
        while let Some(event) = self
            .next(until.saturating_duration_since(Instant::now()))
            .await?
        {
            match event["type"].as_str() {
                Some("state") => return Ok(Some(event)),
                Some("error") => bail!("{event}"),
                _ => {}
            }
        }
        Ok(None)
    }

    /// Sends an action (`{"token": ..., "action": ...}`).
    pub async fn send(&mut self, action: &Value) -> Result<()> {
        use futures_util::SinkExt;
        self.socket
            .send(Message::Text(action.to_string().into()))
            .await?;
        Ok(())
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// Plays one game until it ends or the deadline passes: created on
/// `servers[0]`, each side's moves sent to its own server (both to the
/// one server when there is one).
async fn play_one(
    servers: &[SocketAddr],
    game: &str,
    rng: &mut StdRng,
    deadline: Instant,
    report: &mut Report,
) -> Result<()> {
    let (status, created) = http(
        servers[0],
        "POST",
        "/api/v1/games",
        Some(&json!({ "game": game, "mode": "local" })),
    )
    .await?;
    if status != 201 {
        bail!("creating a game: {status} {created}");
    }
    let id = created["id"].as_str().context("no game id")?.to_string();
    let token = created["token"].as_str().context("no token")?.to_string();
    let mut players = Vec::new();
    for &addr in servers {
        players.push(Watcher::connect(addr, &id).await?);
    }
    // The moves sent, and when.
    let mut sent: Vec<(String, Instant)> = Vec::new();
    // The ply each player's server has shown.
    let mut shown = vec![None::<usize>; players.len()];
    // No more moves to send: the game is over or the time is up.
    let mut finished = false;
    loop {
        if finished && shown.iter().all(|s| *s == Some(sent.len())) {
            break;
        }
        let in_flight = shown.iter().any(|s| *s != Some(sent.len()));
        let wait = if finished || in_flight {
            Duration::from_secs(10)
        } else {
            deadline.saturating_duration_since(Instant::now()) + Duration::from_secs(10)
        };
        let Some((player, event)) = next_of(&mut players, wait).await? else {
            // A move some server never showed.
            report.lost += 1;
            break;
        };
        let ply = event["ply"].as_u64().unwrap_or(0) as usize;
        let seen = shown[player];
        if seen.is_some_and(|seen| ply <= seen) {
            continue; // an older state
        }
        let moves: Vec<String> = serde_json::from_value(event["moves"].clone()).unwrap_or_default();
        if ply > sent.len()
            || moves.len() != ply
            || sent[..ply].iter().zip(&moves).any(|((a, _), b)| a != b)
        {
            report.duplicated += 1;
        }
        // Each move this state shows for the first time on this server:
        // the time since it was sent, to its own server or the other.
        for (i, (_, at)) in sent.iter().enumerate().take(ply).skip(seen.unwrap_or(0)) {
            let elapsed = at.elapsed().as_secs_f64() * 1000.0;
            if i % players.len() == player {
                report.latencies.push(elapsed);
                report.moves += 1;
            } else {
                report.across.push(elapsed);
            }
        }
        shown[player] = Some(ply);
        // The player to move sends a move once their server shows the
        // last one.
        if finished || player != sent.len() % players.len() || ply != sent.len() {
            continue;
        }
        let legal = event["view"]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.is_empty() || Instant::now() >= deadline {
            finished = true;
            continue;
        }
        let pick = &legal[rng.random_range(0..legal.len())];
        let text = pick["text"]
            .as_str()
            .context("a legal move without text")?
            .to_string();
        let request = json!({ "token": token, "action": "move", "move": text, "ply": sent.len() });
        sent.push((text, Instant::now()));
        players[player].send(&request).await?;
    }
    for player in players {
        player.close().await;
    }
    // Every server's record of the game must be exactly the moves sent.
    for &addr in servers {
        let (status, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None).await?;
        if status != 200 {
            bail!("game {id}: {status} {state}");
        }
        let stored: Vec<String> =
            serde_json::from_value(state["moves"].clone()).unwrap_or_default();
        let common = stored
            .iter()
            .zip(&sent)
            .take_while(|(a, (b, _))| *a == b)
            .count();
        report.lost += sent.len() - common;
        report.duplicated += stored.len() - common;
    }
    Ok(())
}

/// The next state any of `players` shows, and whose: `None` when none
/// came within `wait`.
async fn next_of(players: &mut [Watcher], wait: Duration) -> Result<Option<(usize, Value)>> {
    // Each waits until the same time: the first to end has a state, or
    // says that none came in time. (Dropping the others loses nothing
    // but events that were not states.)
    let next = players.iter_mut().map(|p| Box::pin(p.next_state(wait)));
    let (state, player, _) = futures_util::future::select_all(next).await;
    Ok(state?.map(|state| (player, state)))
}
