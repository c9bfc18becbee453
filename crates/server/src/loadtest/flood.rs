//! Floods (`chess3d loadtest --flood`, `--hint-flood`): many requests for
//! engine work at once, from one client or several, while a bystander
//! (another client) plays on and is timed: what a server that stays fair
//! to every player must withstand (issue 54).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde_json::json;

use super::{http, http_from, http_text};

/// The client that floods, and the bystander, as a trusted proxy on
/// loopback names them (`chess3d serve --trust-proxy 127.0.0.1`).
pub const FLOODER: &str = "203.0.113.1";
pub const BYSTANDER: &str = "198.51.100.7";

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
    /// The bystander's engine game, made after the flood: engine turns
    /// ahead of it then, and the seconds until the engine's first move in
    /// it (none within the wait).
    pub bystander_queued: Option<u64>,
    pub bystander_first_move: Option<f64>,
    pub bystander_waited: f64,
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
        let first = match self.bystander_first_move {
            Some(s) => format!("its first engine move after {s:.1} s"),
            None => format!("no engine move within {:.0} s", self.bystander_waited),
        };
        let queued = self
            .bystander_queued
            .map_or("searching at once".to_string(), |n| format!("queued={n}"));
        format!(
            "{} engine games requested: {} created (201), {} limited (429), {} busy (503), {} other, all answered in {:.2} s; GET /api/v1/variants meanwhile: {} probes, median {:.2} ms, max {:.2} ms\n\
             another client's engine game then: {queued}, {first}",
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
/// `movetime` ms a move) one after another as fast as one client
/// ([`FLOODER`]) can, while another client times `GET /api/v1/variants`
/// every 20 ms, for `settle` more after the last answer (the engines are
/// searching then). Then a bystander ([`BYSTANDER`]) starts a game against
/// the engine at 100 ms a move, and waits for its first move for `movetime`
/// and 10 s more at most.
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
        let (status, answer) =
            http_from(addr, Some(FLOODER), "POST", "/api/v1/games", Some(&body)).await?;
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

    let quick = json!({ "game": game, "mode": "computer", "side": 1, "movetime": 100 });
    let (status, created) =
        http_from(addr, Some(BYSTANDER), "POST", "/api/v1/games", Some(&quick)).await?;
    if status != 201 {
        bail!("the bystander's game was refused: {status} {created}");
    }
    report.bystander_queued = created["state"]["queued"].as_u64();
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let start = Instant::now();
    let wait = Duration::from_millis(movetime) + Duration::from_secs(10);
    while start.elapsed() < wait {
        let (_, state) = http_from(
            addr,
            Some(BYSTANDER),
            "GET",
            &format!("/api/v1/games/{id}"),
            None,
        )
        .await?;
        if state["ply"].as_u64().unwrap_or(0) >= 1 {
            report.bystander_first_move = Some(start.elapsed().as_secs_f64());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    report.bystander_waited = start.elapsed().as_secs_f64();
    Ok(report)
}

/// What a flood of hints measured (`chess3d loadtest --hint-flood`).
#[derive(Clone, Debug, Default)]
pub struct HintFloodReport {
    pub clients: usize,
    pub per_client: usize,
    /// The hints' answers, by status.
    pub hints: BTreeMap<u16, usize>,
    /// Seconds until every hint was answered.
    pub answered_in: f64,
    /// The bystander's GETs of its game and its actions, in ms, sorted.
    pub gets: Vec<f64>,
    pub actions: Vec<f64>,
    /// The bystander's answers other than 200, by status.
    pub refused: BTreeMap<u16, usize>,
    /// Changes the bystander's game holds beyond the actions answered 200:
    /// actions answered as failed that were done anyway.
    pub done_anyway: u64,
}

impl HintFloodReport {
    pub fn summary(&self) -> String {
        let spread = |v: &[f64]| {
            let median = v.get(v.len() / 2).copied().unwrap_or(0.0);
            let worst = v.last().copied().unwrap_or(0.0);
            format!(
                "{} of them, median {median:.1} ms, worst {worst:.1} ms",
                v.len()
            )
        };
        let counts = |m: &BTreeMap<u16, usize>| {
            if m.is_empty() {
                return "none".to_string();
            }
            m.iter()
                .map(|(status, n)| format!("{n} x {status}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "{} clients x {} hints at once: answered {} in {:.1} s\n\
             a bystander meanwhile: GETs of its game {}; moves {}; answers other than 200: {}; \
             actions answered as failed but done: {}",
            self.clients,
            self.per_client,
            counts(&self.hints),
            self.answered_in,
            spread(&self.gets),
            spread(&self.actions),
            counts(&self.refused),
            self.done_anyway
        )
    }
}

/// A game of chess between two people at one screen, made by `client`,
/// casual with hints allowed when `hints`: its id and token.
async fn local_game(addr: SocketAddr, client: &str, hints: bool) -> Result<(String, String)> {
    let body = json!({ "game": "chess", "hints": hints });
    let (status, created) =
        http_from(addr, Some(client), "POST", "/api/v1/games", Some(&body)).await?;
    if status != 201 {
        bail!("a game for {client} was refused: {status} {created}");
    }
    let text = |k: &str| created[k].as_str().unwrap_or_default().to_string();
    Ok((text("id"), text("token")))
}

/// `clients` clients (203.0.113.1, .2, ...) each ask for `per_client`
/// hints at once on a game of their own, while a bystander plays its own
/// game (e4, taken back, e4...), a GET of it and an action every 100 ms
/// until a second after the last hint is answered; then the bystander's
/// game is read to count the actions answered as failed but done.
pub async fn hint_flood(
    addr: SocketAddr,
    clients: usize,
    per_client: usize,
) -> Result<HintFloodReport> {
    let (id, token) = local_game(addr, BYSTANDER, false).await?;
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let bystander = {
        let done = std::sync::Arc::clone(&done);
        let path = format!("/api/v1/games/{id}");
        tokio::spawn(async move {
            let (mut gets, mut actions, mut refused, mut ok) =
                (Vec::new(), Vec::new(), BTreeMap::new(), 0u64);
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let start = Instant::now();
                let (status, state) = http_from(addr, Some(BYSTANDER), "GET", &path, None).await?;
                gets.push(start.elapsed().as_secs_f64() * 1000.0);
                if status != 200 {
                    *refused.entry(status).or_insert(0) += 1;
                }
                // The next action from the game as it is now.
                let action = match state["ply"].as_u64() {
                    Some(0) => {
                        json!({ "token": token, "action": "move", "move": "e2e4", "ply": 0 })
                    }
                    _ => json!({ "token": token, "action": "undo" }),
                };
                let start = Instant::now();
                let (status, _) = http_from(
                    addr,
                    Some(BYSTANDER),
                    "POST",
                    &format!("{path}/actions"),
                    Some(&action),
                )
                .await?;
                actions.push(start.elapsed().as_secs_f64() * 1000.0);
                if status == 200 {
                    ok += 1;
                } else {
                    *refused.entry(status).or_insert(0) += 1;
                }
                // Ten actions a second: a fast player, well within the
                // actions allowed.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            anyhow::Ok((gets, actions, refused, ok))
        })
    };
    let mut asks = Vec::new();
    for n in 1..=clients {
        let client = format!("203.0.113.{n}");
        let (id, token) = local_game(addr, &client, true).await?;
        for _ in 0..per_client {
            let (client, path, body) = (
                client.clone(),
                format!("/api/v1/games/{id}/hint"),
                json!({ "token": token }),
            );
            asks.push(tokio::spawn(async move {
                http_from(addr, Some(&client), "POST", &path, Some(&body)).await
            }));
        }
    }
    let start = Instant::now();
    let mut report = HintFloodReport {
        clients,
        per_client,
        ..HintFloodReport::default()
    };
    for ask in asks {
        let (status, _) = ask.await.context("a hint request failed")??;
        *report.hints.entry(status).or_insert(0) += 1;
    }
    report.answered_in = start.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(1)).await;
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut gets, mut actions, refused, ok) =
        bystander.await.context("the bystander failed")??;
    gets.sort_by(f64::total_cmp);
    actions.sort_by(f64::total_cmp);
    (report.gets, report.actions, report.refused) = (gets, actions, refused);
    let (_, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None).await?;
    report.done_anyway = state["version"].as_u64().unwrap_or(0).saturating_sub(ok);
    Ok(report)
}
