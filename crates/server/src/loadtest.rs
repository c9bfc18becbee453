//! The load test (`chess3d loadtest`): many games at once, each played by
//! its own WebSocket client choosing random legal moves, for a fixed time.
//! Each client checks that every move it sent comes back exactly once, in
//! order, and at the end compares its moves with the server's record of the
//! game. Latency is from sending a move to receiving the state showing it.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

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
        format!(
            "{} clients, {} games, {:.1} s: {} moves, {:.0} moves/s, latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; lost {}, duplicated {}",
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
    let body = body.map(Value::to_string).unwrap_or_default();
    let (status, text) = http_text(addr, method, path, &body).await?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

/// One HTTP/1.1 request with any body; the status and the body's text.
pub async fn http_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
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

/// Runs `clients` clients against the server at `addr` for `duration`,
/// each playing games of `game` one after another.
pub async fn run(
    addr: SocketAddr,
    game: &str,
    clients: usize,
    duration: Duration,
) -> Result<Report> {
    let start = Instant::now();
    let deadline = start + duration;
    let tasks: Vec<_> = (0..clients)
        .map(|i| {
            let game = game.to_string();
            tokio::spawn(async move { client(addr, &game, i as u64, deadline).await })
        })
        .collect();
    let mut report = Report {
        clients,
        ..Report::default()
    };
    for t in tasks {
        let r = t.await.context("a client failed")??;
        report.games += r.games;
        report.moves += r.moves;
        report.lost += r.lost;
        report.duplicated += r.duplicated;
        report.latencies.extend(r.latencies);
    }
    report.seconds = start.elapsed().as_secs_f64();
    report.latencies.sort_by(f64::total_cmp);
    Ok(report)
}

async fn client(addr: SocketAddr, game: &str, seed: u64, deadline: Instant) -> Result<Report> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut report = Report::default();
    while Instant::now() < deadline {
        play_one(addr, game, &mut rng, deadline, &mut report).await?;
        report.games += 1;
    }
    Ok(report)
}

/// Plays one game until it ends or the deadline passes.
async fn play_one(
    addr: SocketAddr,
    game: &str,
    rng: &mut StdRng,
    deadline: Instant,
    report: &mut Report,
) -> Result<()> {
    let (status, created) = http(
        addr,
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
    let url = format!("ws://{addr}/api/v1/games/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await?;
    use futures_util::{SinkExt, StreamExt};
    let mut sent: Vec<String> = Vec::new();
    let mut waiting: Option<Instant> = None;
    let mut timed_out = false;
    loop {
        let wait = if waiting.is_some() {
            Duration::from_secs(10)
        } else {
            deadline.saturating_duration_since(Instant::now()) + Duration::from_secs(10)
        };
        let message = match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(m)) => m?,
            Ok(None) => bail!("game {id}: the server closed the WebSocket"),
            Err(_) => {
                timed_out = true;
                break;
            }
        };
        let Message::Text(text) = message else {
            continue;
        };
        let event: Value = serde_json::from_str(text.as_str())?;
        match event["type"].as_str() {
            Some("state") => {}
            Some("error") => bail!("game {id}: {event}"),
            _ => continue,
        }
        let ply = event["ply"].as_u64().unwrap_or(0) as usize;
        let moves: Vec<String> = serde_json::from_value(event["moves"].clone()).unwrap_or_default();
        if let Some(at) = waiting {
            if ply < sent.len() {
                continue; // an older state
            }
            if ply > sent.len() || moves[..ply] != sent[..] {
                report.duplicated += 1;
            }
            report.latencies.push(at.elapsed().as_secs_f64() * 1000.0);
            report.moves += 1;
            waiting = None;
        }
        let legal = event["view"]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.is_empty() || Instant::now() >= deadline {
            break;
        }
        let pick = &legal[rng.random_range(0..legal.len())];
        let text = pick["text"]
            .as_str()
            .context("a legal move without text")?
            .to_string();
        let request = json!({ "token": token, "action": "move", "move": text, "ply": sent.len() });
        sent.push(text);
        waiting = Some(Instant::now());
        ws.send(Message::Text(request.to_string().into())).await?;
    }
    if timed_out && waiting.is_some() {
        report.lost += 1;
    }
    let _ = ws.close(None).await;
    // The server's record of the game must be exactly the moves sent.
    let (status, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None).await?;
    if status != 200 {
        bail!("game {id}: {status} {state}");
    }
    let stored: Vec<String> = serde_json::from_value(state["moves"].clone()).unwrap_or_default();
    let common = stored.iter().zip(&sent).take_while(|(a, b)| a == b).count();
    report.lost += sent.len() - common;
    report.duplicated += stored.len() - common;
    Ok(())
}

/// What a flood of engine games measured (`chess3d loadtest --flood`).
#[derive(Clone, Debug, Default)]
pub struct FloodReport {
    pub requests: usize,
    /// Answers by status: 201, 429, 503, and any other (with the first
    /// such answer's text).
    pub created: usize,
    pub limited: usize,
    pub busy: usize,
    pub other: usize,
    pub first_other: Option<String>,
    /// Seconds until every creation was answered.
    pub answered_in: f64,
    /// Latencies of the cheap GET probes in milliseconds, sorted.
    pub probes: Vec<f64>,
}

impl FloodReport {
    pub fn probe_max(&self) -> f64 {
        self.probes.last().copied().unwrap_or(0.0)
    }

    pub fn summary(&self) -> String {
        let median = self
            .probes
            .get(self.probes.len() / 2)
            .copied()
            .unwrap_or(0.0);
        format!(
            "{} engine games requested: {} created (201), {} limited (429), {} busy (503), {} other, all answered in {:.2} s; GET /api/v1/variants meanwhile: {} probes, median {:.2} ms, max {:.2} ms",
            self.requests,
            self.created,
            self.limited,
            self.busy,
            self.other,
            self.answered_in,
            self.probes.len(),
            median,
            self.probe_max()
        )
    }
}

/// Requests `games` games against the engine (the engine moving first,
/// `movetime` ms a move) one after another as fast as one client can,
/// while another client times `GET /api/v1/variants` every 20 ms, for
/// `settle` more after the last answer (the engines are searching then).
pub async fn flood(
    addr: SocketAddr,
    game: &str,
    games: usize,
    movetime: u64,
    settle: Duration,
) -> Result<FloodReport> {
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let probe = {
        let done = std::sync::Arc::clone(&done);
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let start = Instant::now();
                let (status, _) = http_text(addr, "GET", "/api/v1/variants", "").await?;
                if status != 200 {
                    bail!("GET /api/v1/variants answered {status}");
                }
                latencies.push(start.elapsed().as_secs_f64() * 1000.0);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Ok(latencies)
        })
    };
    let mut report = FloodReport {
        requests: games,
        ..FloodReport::default()
    };
    let start = Instant::now();
    let body = json!({ "game": game, "mode": "computer", "side": 1, "movetime": movetime });
    for _ in 0..games {
        let (status, answer) = http(addr, "POST", "/api/v1/games", Some(&body)).await?;
        match status {
            201 => report.created += 1,
            429 => report.limited += 1,
            503 => report.busy += 1,
            _ => {
                report.other += 1;
                report
                    .first_other
                    .get_or_insert(format!("{status} {answer}"));
            }
        }
    }
    report.answered_in = start.elapsed().as_secs_f64();
    tokio::time::sleep(settle).await;
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    report.probes = probe.await.context("the probe failed")??;
    report.probes.sort_by(f64::total_cmp);
    Ok(report)
}
