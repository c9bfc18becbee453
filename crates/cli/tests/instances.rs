//! Several `chess3d serve` processes on one PostgreSQL database (issue
//! 24), as behind one address: a move made through one reaches watchers
//! of the other within a second; a seat's token plays on both; of the
//! same ply sent to both at once one move is taken; each engine turn is
//! searched by one server and taken over within seconds when that server
//! is killed; a killed server loses no acknowledged move; and the
//! database restarting loses none either, the requests meanwhile answered
//! 503 with a sentence. Run under scripts/with-postgres (scripts/test).

mod common;
#[path = "../../server/tests/support/mod.rs"]
mod support;

use std::net::SocketAddr;
use std::process::Child;
use std::time::{Duration, Instant};

use chess3d_server::loadtest::{http, Watcher};
use serde_json::{json, Value};

/// A `chess3d serve` process, killed (SIGKILL) when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &str) -> Server {
        let (child, addr) = common::serve(db.as_ref(), &["--engine-threads", "1"]);
        Server { child, addr }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An action on game `id` through the server at `addr`: its status and
/// answer.
async fn act(addr: SocketAddr, id: &str, body: Value) -> (u16, Value) {
    http(
        addr,
        "POST",
        &format!("/api/v1/games/{id}/actions"),
        Some(&body),
    )
    .await
    .unwrap()
}

async fn moved(addr: SocketAddr, id: &str, token: &str, text: &str, ply: usize) {
    let body = json!({ "token": token, "action": "move", "move": text, "ply": ply });
    let (status, answer) = act(addr, id, body).await;
    assert_eq!(status, 200, "{text} at ply {ply} on {addr}: {answer}");
}

/// The first state `watcher` shows at `ply`, waiting `wait` at most.
async fn shows_ply(watcher: &mut Watcher, ply: usize, wait: Duration) -> Option<Value> {
    let until = Instant::now() + wait;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let state = watcher.next_state(left).await.unwrap()?;
        if state["ply"] == ply {
            return Some(state);
        }
    }
}

/// The engine's thinking events `watcher` gets within `wait`.
async fn thinking(watcher: &mut Watcher, wait: Duration) -> usize {
    let until = Instant::now() + wait;
    let mut events = 0;
    while let Some(event) = watcher
        .next(until.saturating_duration_since(Instant::now()))
        .await
        .unwrap()
    {
        events += usize::from(event["type"] == "thinking");
    }
    events
}

/// Whether `watcher` gets a thinking event within `wait`.
async fn thinking_seen(watcher: &mut Watcher, wait: Duration) -> bool {
    let until = Instant::now() + wait;
    while let Some(event) = watcher
        .next(until.saturating_duration_since(Instant::now()))
        .await
        .unwrap()
    {
        if event["type"] == "thinking" {
            return true;
        }
    }
    false
}

/// One remote game on two servers, White on one and Black on the other.
#[test]
fn two_servers_on_one_database_play_one_game() {
    let db = support::new_database(&support::postgres_server(), "two");
    let (mut a, b) = (Server::start(&db), Server::start(&db));
    let (a_addr, b_addr) = (a.addr, b.addr);
    support::runtime().block_on(async {
        let created = support::create(a_addr, json!({ "game": "chess", "mode": "remote" })).await;
        let id = created["id"].as_str().unwrap();
        let white = created["token"].as_str().unwrap();
        let invite = created["invite"].as_str().unwrap();
        // Joined through the other server, which reads the game from the
        // database.
        let (status, joined) = http(
            b_addr,
            "POST",
            &format!("/api/v1/games/{id}/join"),
            Some(&json!({ "invite": invite })),
        )
        .await
        .unwrap();
        assert_eq!(status, 200, "{joined}");
        let black = joined["token"].as_str().unwrap();
        let mut on_a = Watcher::connect(a_addr, id).await.unwrap();
        let mut on_b = Watcher::connect(b_addr, id).await.unwrap();

        // Each move reaches the other server's watchers within a second,
        // and each token plays through either server.
        let mut delays = Vec::new();
        let mut moves = Vec::new();
        for (ply, (text, through, token)) in [
            ("e2e4", a_addr, white),
            ("e7e5", b_addr, black),
            ("g1f3", b_addr, white),
            ("b8c6", a_addr, black),
        ]
        .into_iter()
        .enumerate()
        {
            let sent = Instant::now();
            moved(through, id, token, text, ply).await;
            moves.push(text.to_string());
            let other = if through == a_addr {
                &mut on_b
            } else {
                &mut on_a
            };
            let state = shows_ply(other, ply + 1, Duration::from_secs(1)).await;
            let state = state.unwrap_or_else(|| panic!("{text} did not reach the other server"));
            delays.push(sent.elapsed());
            assert_eq!(state["moves"], json!(moves));
        }
        eprintln!("from one server to the other's watcher: {delays:?}");

        // The same ply sent to both servers at once: one move is taken,
        // the other refused, and both servers show the one taken.
        for round in 0..6 {
            let ply = moves.len();
            // Both servers show the last round's move (checked below).
            let (_, state) = http(b_addr, "GET", &format!("/api/v1/games/{id}"), None)
                .await
                .unwrap();
            let legal = state["view"]["legal"].as_array().unwrap();
            let token = if ply % 2 == 0 { white } else { black };
            let pick = |i: usize| legal[i]["text"].as_str().unwrap().to_string();
            let (one, two) = (pick(0), pick(1));
            let body =
                |text: &str| json!({ "token": token, "action": "move", "move": text, "ply": ply });
            let (first, second) =
                tokio::join!(act(a_addr, id, body(&one)), act(b_addr, id, body(&two)));
            let statuses = (first.0, second.0);
            let taken = match statuses {
                (200, 409) => one,
                (409, 200) => two,
                _ => panic!("round {round}: {statuses:?}, {} / {}", first.1, second.1),
            };
            moves.push(taken);
            for (name, addr) in [("A", a_addr), ("B", b_addr)] {
                let deadline = Instant::now() + Duration::from_secs(1);
                loop {
                    let (_, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None)
                        .await
                        .unwrap();
                    if state["moves"] == json!(moves) {
                        break;
                    }
                    assert!(
                        Instant::now() < deadline,
                        "round {round}: {name} shows {} not {moves:?}",
                        state["moves"]
                    );
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }

        // A killed server loses no acknowledged move: the game goes on
        // through the other.
        a.kill();
        let (status, state) = http(b_addr, "GET", &format!("/api/v1/games/{id}"), None)
            .await
            .unwrap();
        assert_eq!((status, &state["moves"]), (200, &json!(moves)));
        let next = state["view"]["legal"][0]["text"].as_str().unwrap();
        let token = if moves.len() % 2 == 0 { white } else { black };
        moved(b_addr, id, token, next, moves.len()).await;
    });
}

/// A computer game watched on two servers: one of them searches the
/// engine's turn; killed mid-search, the other takes the turn over within
/// seconds and the engine plays one move.
#[test]
fn an_engine_turn_is_searched_once_and_taken_over_when_its_server_dies() {
    let db = support::new_database(&support::postgres_server(), "engine");
    let mut servers = [Server::start(&db), Server::start(&db)];
    let addrs = [servers[0].addr, servers[1].addr];
    let rt = support::runtime();
    let (id, mut watchers) = rt.block_on(async {
        let body = json!({ "game": "chess", "mode": "computer", "side": 0, "movetime": 4000 });
        let created = support::create(addrs[0], body).await;
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        let watchers = [
            Watcher::connect(addrs[0], &id).await.unwrap(),
            Watcher::connect(addrs[1], &id).await.unwrap(),
        ];
        moved(addrs[0], &id, &token, "e2e4", 0).await;
        (id, watchers)
    });
    // Two seconds of the engine's 4 s search: it thinks on one server.
    let counts = rt.block_on(async {
        let [w0, w1] = &mut watchers;
        let wait = Duration::from_secs(2);
        tokio::join!(thinking(w0, wait), thinking(w1, wait))
    });
    let searcher = match counts {
        (n, 0) if n > 0 => 0,
        (0, n) if n > 0 => 1,
        counts => panic!("thinking events on each server: {counts:?}"),
    };
    let survivor = 1 - searcher;
    servers[searcher].kill();
    let killed = Instant::now();
    let watcher = &mut watchers[survivor];
    // The survivor's watcher sees its engine think, then move.
    let taken_over = rt.block_on(async {
        let seen = thinking_seen(watcher, Duration::from_secs(8)).await;
        assert!(seen, "the turn was not taken over");
        killed.elapsed()
    });
    eprintln!("the engine's turn taken over {taken_over:?} after the kill");
    // The lease lapses 2 to 3 s after the kill, and the survivor looks
    // every second: about 4 s at most, with room for a busy machine.
    assert!(
        taken_over < Duration::from_secs(6),
        "taken over after {taken_over:?}"
    );
    let state = rt.block_on(shows_ply(watcher, 2, Duration::from_secs(8)));
    let state = state.expect("the engine did not move");
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    // One engine move, not two: a second would have shown by now.
    let again = rt.block_on(shows_ply(watcher, 3, Duration::from_millis(500)));
    assert!(again.is_none(), "{again:?}");
    let (_, stored) = rt
        .block_on(http(
            addrs[survivor],
            "GET",
            &format!("/api/v1/games/{id}"),
            None,
        ))
        .unwrap();
    assert_eq!(stored["ply"], 2);
}

/// The database stops and starts again under two servers: meanwhile a
/// move is answered 503 with a sentence, the game still shown; then the
/// servers reconnect by themselves, moves are taken again and reach the
/// other server, and no acknowledged move is lost.
#[test]
fn the_database_restarting_loses_no_acknowledged_move() {
    let cluster = support::Cluster::start();
    let db = support::new_database(&cluster.url, "restart");
    let (a, b) = (Server::start(&db), Server::start(&db));
    let (a_addr, b_addr) = (a.addr, b.addr);
    let rt = support::runtime();
    let (id, token, mut on_b) = rt.block_on(async {
        let created = support::create(a_addr, json!({ "game": "chess", "mode": "local" })).await;
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        let mut on_b = Watcher::connect(b_addr, &id).await.unwrap();
        moved(a_addr, &id, &token, "e2e4", 0).await;
        assert!(shows_ply(&mut on_b, 1, Duration::from_secs(1))
            .await
            .is_some());
        (id, token, on_b)
    });

    cluster.ctl("stop");
    rt.block_on(async {
        let body = json!({ "token": token, "action": "move", "move": "e7e5", "ply": 1 });
        let (status, answer) = act(b_addr, &id, body).await;
        let error = answer["error"].as_str().unwrap_or_default();
        assert_eq!(status, 503, "{answer}");
        assert!(
            error.contains("database cannot be reached") && error.contains("try again"),
            "{error}"
        );
        // The game as it stands is still shown.
        let (status, state) = http(a_addr, "GET", &format!("/api/v1/games/{id}"), None)
            .await
            .unwrap();
        assert_eq!((status, &state["moves"]), (200, &json!(["e2e4"])));
    });

    cluster.ctl("start");
    let back = Instant::now();
    rt.block_on(async {
        // The servers reconnect by themselves: the move is taken again.
        loop {
            let body = json!({ "token": token, "action": "move", "move": "e7e5", "ply": 1 });
            let (status, answer) = act(b_addr, &id, body).await;
            if status == 200 {
                break;
            }
            assert_eq!(status, 503, "{answer}");
            assert!(back.elapsed() < Duration::from_secs(10), "{answer}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        eprintln!("moves taken again {:?} after the start", back.elapsed());
        // The notifications come back within their reconnection's second.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let sent = Instant::now();
        moved(a_addr, &id, &token, "g1f3", 2).await;
        let state = shows_ply(&mut on_b, 3, Duration::from_secs(1)).await;
        let state = state.expect("the move did not reach the other server");
        eprintln!("then from one server to the other: {:?}", sent.elapsed());
        assert_eq!(state["moves"], json!(["e2e4", "e7e5", "g1f3"]));
        let (_, stored) = http(a_addr, "GET", &format!("/api/v1/games/{id}"), None)
            .await
            .unwrap();
        assert_eq!(stored["moves"], json!(["e2e4", "e7e5", "g1f3"]));
    });
}

/// Issue 58: the lobby across two `chess3d serve` processes. The load
/// test's lobby traffic runs against them: pairs of players, each
/// posting a rated challenge on one server that the other sees and
/// accepts on the other, both moving, the creator resigning; the command
/// fails if a challenge is lost or listed twice, or a rating counted a
/// game other than once. A challenge is seen on the other server within
/// a second.
#[test]
fn two_servers_share_the_lobby_and_count_each_rating_once() {
    let db = support::new_database(&support::postgres_server(), "lobby_two");
    let lifted = [
        "--engine-threads",
        "1",
        "--games-per-minute",
        "100000",
        "--actions-per-second",
        "100000",
        "--reads-per-second",
        "100000",
    ];
    let (a, a_addr) = common::serve(db.as_ref(), &lifted);
    let (b, b_addr) = common::serve(db.as_ref(), &lifted);
    let _servers = (
        Server {
            child: a,
            addr: a_addr,
        },
        Server {
            child: b,
            addr: b_addr,
        },
    );
    let (a, b) = (a_addr.to_string(), b_addr.to_string());
    let out = common::chess3d(&[
        "loadtest",
        "--server",
        &a,
        "--server",
        &b,
        "--games",
        "2",
        "--seconds",
        "4",
        "--lobby",
        "2",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lobby = stdout
        .lines()
        .find(|l| l.starts_with("lobby: 2 pairs"))
        .unwrap_or_else(|| panic!("no lobby figures: {stdout}"));
    assert!(
        lobby.contains(
            "4 of 4 players' ratings counted their games exactly once; lost 0, duplicated 0"
        ),
        "{lobby}"
    );
    let games: usize = lobby
        .split(", ")
        .nth(1)
        .and_then(|g| g.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{lobby}"));
    assert!(games >= 2, "each pair met at least once: {lobby}");
    let worst: f64 = lobby
        .split("worst ")
        .nth(1)
        .and_then(|w| w.split(' ').next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("{lobby}"));
    assert!(
        worst < 1000.0,
        "a challenge seen on the other server within a second: {lobby}"
    );
}
