//! The load test's lobby traffic (`chess3d loadtest --lobby N`, issue 58):
//! N pairs of players, each pair on two servers (or one), meeting over
//! and over: one posts a rated challenge on its server, the other sees it
//! on its own and accepts it there, the creator is seated, both move once
//! and the creator resigns. It measures how long a challenge takes to be
//! seen on the other server and the creator to learn its seat, and checks
//! that nothing is lost (a challenge never seen, a seat never given) or
//! duplicated (a challenge still listed once accepted), and that every
//! player's rating counted each of their games exactly once.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};

use super::http;

/// What the lobby traffic measured.
#[derive(Clone, Debug, Default)]
pub struct LobbyReport {
    pub pairs: usize,
    /// Games played through the lobby to their end.
    pub games: usize,
    /// From posting a challenge to seeing it on the other server, ms, sorted.
    pub seen: Vec<f64>,
    /// From accepting to the creator's seat, ms, sorted.
    pub seated: Vec<f64>,
    /// Challenges never seen, or seats never given.
    pub lost: usize,
    /// Challenges still listed after they were accepted.
    pub duplicated: usize,
    /// Players whose rating counted a number of games other than theirs.
    pub miscounted: usize,
    pub players: usize,
}

fn median_and_worst(list: &[f64]) -> (f64, f64) {
    (
        list.get(list.len() / 2).copied().unwrap_or(0.0),
        list.last().copied().unwrap_or(0.0),
    )
}

impl LobbyReport {
    pub fn summary(&self) -> String {
        let (seen, seen_worst) = median_and_worst(&self.seen);
        let (seated, seated_worst) = median_and_worst(&self.seated);
        format!(
            "lobby: {} pairs, {} games: a challenge seen on the other server in median {seen:.1} ms, \
             worst {seen_worst:.1} ms; the creator seated in median {seated:.1} ms, worst \
             {seated_worst:.1} ms; {} of {} players' ratings counted their games exactly once; \
             lost {}, duplicated {}",
            self.pairs,
            self.games,
            self.players - self.miscounted,
            self.players,
            self.lost,
            self.duplicated
        )
    }

    pub fn is_clean(&self) -> bool {
        self.lost + self.duplicated + self.miscounted == 0
    }
}

/// Runs `pairs` pairs of players through the lobby of `servers` until
/// `deadline`, playing `game`.
pub async fn lobby_traffic(
    servers: &[SocketAddr],
    game: &str,
    pairs: usize,
    deadline: Instant,
) -> Result<LobbyReport> {
    if servers.is_empty() {
        bail!("no server to meet on");
    }
    // Names of this run's own: a database may hold an earlier run's.
    let run = &crate::seats::new_secret()[..6];
    let tasks: Vec<_> = (0..pairs)
        .map(|i| {
            let (a, b) = (servers[i % servers.len()], servers[(i + 1) % servers.len()]);
            let (game, names) = (
                game.to_string(),
                [format!("lt{run}-{i}a"), format!("lt{run}-{i}b")],
            );
            tokio::spawn(async move { pair(a, b, &game, names, deadline).await })
        })
        .collect();
    let mut report = LobbyReport {
        pairs,
        ..LobbyReport::default()
    };
    for t in tasks {
        let r = t.await.context("a lobby pair failed")??;
        report.games += r.games;
        report.seen.extend(r.seen);
        report.seated.extend(r.seated);
        report.lost += r.lost;
        report.duplicated += r.duplicated;
        report.miscounted += r.miscounted;
        report.players += r.players;
    }
    report.seen.sort_by(f64::total_cmp);
    report.seated.sort_by(f64::total_cmp);
    Ok(report)
}

async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value)> {
    // A busy moment (a limit, the database) is waited out, not counted.
    loop {
        let (status, v) = http(addr, method, path, body).await?;
        if status != 429 && status != 503 {
            return Ok((status, v));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn register(addr: SocketAddr, name: &str) -> Result<String> {
    let (status, v) = call(
        addr,
        "POST",
        "/api/v1/players",
        Some(&json!({ "name": name })),
    )
    .await?;
    if status != 201 {
        bail!("registering {name}: {status} {v}");
    }
    Ok(v["key"].as_str().context("no key")?.to_string())
}

/// Polls until `done` gives a value, for `within`: none when it did not.
async fn poll<T, F, Fut>(within: Duration, mut done: F) -> Result<Option<T>>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<Option<T>>>,
{
    let started = Instant::now();
    loop {
        if let Some(v) = done().await? {
            return Ok(Some(v));
        }
        if started.elapsed() > within {
            return Ok(None);
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn listed(v: &Value, id: &str) -> bool {
    v["challenges"]
        .as_array()
        .is_some_and(|l| l.iter().any(|c| c["id"] == id))
}

/// Plays the first legal move of game `id` on `addr` once it has `ply`
/// moves, for `token`.
async fn first_move(addr: SocketAddr, id: &str, ply: u64, token: &str) -> Result<()> {
    let state = poll(Duration::from_secs(10), || async {
        let (_, s) = call(addr, "GET", &format!("/api/v1/games/{id}"), None).await?;
        Ok((s["ply"].as_u64() == Some(ply)).then_some(s))
    })
    .await?
    .with_context(|| format!("game {id} never reached move {ply} on {addr}"))?;
    let text = state["view"]["legal"][0]["text"]
        .as_str()
        .context("no legal move")?
        .to_string();
    let body = json!({ "token": token, "action": "move", "move": text });
    let (status, v) = call(
        addr,
        "POST",
        &format!("/api/v1/games/{id}/actions"),
        Some(&body),
    )
    .await?;
    if status != 200 {
        bail!("game {id}: a move refused: {status} {v}");
    }
    Ok(())
}

async fn pair(
    a: SocketAddr,
    b: SocketAddr,
    game: &str,
    names: [String; 2],
    deadline: Instant,
) -> Result<LobbyReport> {
    let mut report = LobbyReport {
        players: 2,
        ..LobbyReport::default()
    };
    let keys = [register(a, &names[0]).await?, register(b, &names[1]).await?];
    while Instant::now() < deadline {
        let post = json!({ "game": game, "rated": true, "side": "white", "key": keys[0] });
        let posted_at = Instant::now();
        let (status, posted) = call(a, "POST", "/api/v1/challenges", Some(&post)).await?;
        if status != 201 {
            bail!("posting a challenge: {status} {posted}");
        }
        let id = posted["id"]
            .as_str()
            .context("no challenge id")?
            .to_string();
        let seen = poll(Duration::from_secs(5), || async {
            let (_, v) = call(b, "GET", "/api/v1/challenges", None).await?;
            Ok(listed(&v, &id).then_some(()))
        })
        .await?;
        if seen.is_none() {
            report.lost += 1;
            let body = json!({ "key": keys[0] });
            call(
                a,
                "DELETE",
                &format!("/api/v1/challenges/{id}"),
                Some(&body),
            )
            .await?;
            continue;
        }
        report.seen.push(posted_at.elapsed().as_secs_f64() * 1000.0);
        let accepted_at = Instant::now();
        let body = json!({ "key": keys[1] });
        let (status, accepted) = call(
            b,
            "POST",
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&body),
        )
        .await?;
        if status != 200 {
            bail!("accepting {id}: {status} {accepted}");
        }
        let game_id = accepted["game"].as_str().context("no game")?.to_string();
        let token_b = accepted["token"].as_str().context("no token")?.to_string();
        let seat = poll(Duration::from_secs(5), || async {
            let body = json!({ "key": keys[0] });
            let (status, v) = call(
                a,
                "POST",
                &format!("/api/v1/challenges/{id}/seat"),
                Some(&body),
            )
            .await?;
            Ok((status == 200).then_some(v))
        })
        .await?;
        let Some(seat) = seat else {
            report.lost += 1;
            continue;
        };
        report
            .seated
            .push(accepted_at.elapsed().as_secs_f64() * 1000.0);
        if seat["game"] != game_id.as_str() {
            report.duplicated += 1;
        }
        let token_a = seat["token"].as_str().context("no token")?.to_string();
        first_move(a, &game_id, 0, &token_a).await?;
        first_move(b, &game_id, 1, &token_b).await?;
        poll(Duration::from_secs(10), || async {
            let (_, s) = call(a, "GET", &format!("/api/v1/games/{game_id}"), None).await?;
            Ok((s["ply"].as_u64() == Some(2)).then_some(()))
        })
        .await?;
        let body = json!({ "token": token_a, "action": "resign" });
        let (status, v) = call(
            a,
            "POST",
            &format!("/api/v1/games/{game_id}/actions"),
            Some(&body),
        )
        .await?;
        if status != 200 {
            bail!("resigning {game_id}: {status} {v}");
        }
        report.games += 1;
        // Accepted: listed nowhere any more.
        for server in [a, b] {
            let gone = poll(Duration::from_secs(2), || async {
                let (_, v) = call(server, "GET", "/api/v1/challenges", None).await?;
                Ok((!listed(&v, &id)).then_some(()))
            })
            .await?;
            if gone.is_none() {
                report.duplicated += 1;
            }
        }
    }
    // Each player's rating counts each of their games once.
    for (name, server) in names.iter().zip([a, b]) {
        let games = report.games as u64;
        let counted = poll(Duration::from_secs(10), || async {
            let (_, v) = call(server, "GET", &format!("/api/v1/players/{name}"), None).await?;
            let n = v["ratings"][game]["games"].as_u64().unwrap_or(0);
            Ok((n == games).then_some(()))
        })
        .await?;
        if counted.is_none() {
            report.miscounted += 1;
        }
    }
    Ok(report)
}
