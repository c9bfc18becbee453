//! A server that stays fair to every player (issue 54): a flood of hints
//! or engine games from some clients leaves another's requests fast and
//! its engine turn near; a request past its deadline changes nothing; a
//! write whose answer is lost is never answered as failed when it was
//! stored; names and requests that could fool a reader or a proxy are
//! refused; watchers cannot take the players' sockets.
//!
//! The clients are told apart as a trusted reverse proxy names them
//! (`X-Forwarded-For`), all from loopback.

mod support;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chess3d_server::hub::{Action, Caller, Created, NewGame};
use chess3d_server::loadtest::{http, http_from};
use chess3d_server::store::Fault;
use chess3d_server::{Config, Hub, Store};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn temp_dir(name: &str) -> PathBuf {
    support::temp_dir("fair", name)
}

/// A server behind a "proxy" on loopback, so that each test names its
/// clients; one engine slot, as on a small machine; buckets lifted, so
/// that the limits tested are the ones that refuse.
async fn server(name: &str, config: Config) -> SocketAddr {
    let config = Config {
        engine_threads: 1,
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        creates_per_minute: 100_000,
        actions_per_second: 100_000,
        reads_per_second: 100_000,
        ..config
    };
    support::serve_sqlite(temp_dir(name).join("games.db"), config).await
}

async fn post_as(addr: SocketAddr, client: &str, path: &str, body: Value) -> (u16, Value) {
    http_from(addr, Some(client), "POST", path, Some(&body))
        .await
        .unwrap()
}

async fn get_as(addr: SocketAddr, client: &str, path: &str) -> (u16, Value) {
    http_from(addr, Some(client), "GET", path, None)
        .await
        .unwrap()
}

/// A game created by `client`: (id, token, state).
async fn create_as(addr: SocketAddr, client: &str, body: Value) -> (String, String, Value) {
    let (status, created) = post_as(addr, client, "/api/v1/games", body).await;
    assert_eq!(status, 201, "{created}");
    let text = |k: &str| created[k].as_str().unwrap().to_string();
    (text("id"), text("token"), created["state"].clone())
}

/// A bystander plays its own local game meanwhile: a GET of the game and
/// an action (e4, then taking it back: a game that never ends) every 20 ms
/// until told to stop. The slowest of each, in ms, and any answer that was
/// not 200.
fn bystander(
    addr: SocketAddr,
    id: String,
    token: String,
) -> (
    Arc<AtomicBool>,
    tokio::task::JoinHandle<(f64, f64, Vec<u16>)>,
) {
    let stop = Arc::new(AtomicBool::new(false));
    let task = {
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            let (mut worst_get, mut worst_move, mut odd) = (0.0f64, 0.0f64, Vec::new());
            let who = "198.51.100.7";
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                let start = Instant::now();
                let (status, _) = get_as(addr, who, &format!("/api/v1/games/{id}")).await;
                worst_get = worst_get.max(start.elapsed().as_secs_f64() * 1000.0);
                if status != 200 {
                    odd.push(status);
                }
                let body = if n % 2 == 0 {
                    json!({ "token": token, "action": "move", "move": "e2e4", "ply": 0 })
                } else {
                    json!({ "token": token, "action": "undo" })
                };
                let start = Instant::now();
                let (status, _) =
                    post_as(addr, who, &format!("/api/v1/games/{id}/actions"), body).await;
                worst_move = worst_move.max(start.elapsed().as_secs_f64() * 1000.0);
                if status == 200 {
                    n += 1;
                } else {
                    odd.push(status);
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            (worst_get, worst_move, odd)
        })
    };
    (stop, task)
}

/// Three clients each send 60 hints at once on their own games. Each gets
/// one hint searched and 59 refusals at once (429: one at a time), and no
/// request waits on a thread for the engine: a bystander's GETs and moves
/// all answer within 200 ms meanwhile. (Before issue 54 each hint held a
/// blocking thread for up to 20 s: 3 x 60 of them answered the bystander's
/// GETs and moves 408 after 30 s.)
#[test]
fn a_hint_flood_leaves_other_players_fast() {
    // The blocking threads of `chess3d serve`.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(24)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let addr = server("hints", Config::default()).await;
        let (id, token, _) = create_as(addr, "198.51.100.7", json!({ "game": "chess" })).await;
        let (stop, watching) = bystander(addr, id, token);
        let mut floods = Vec::new();
        for n in 1..=3 {
            let client = format!("203.0.113.{n}");
            let (id, token, _) = create_as(addr, &client, json!({ "game": "chess" })).await;
            for _ in 0..60 {
                let (client, path) = (client.clone(), format!("/api/v1/games/{id}/hint"));
                let body = json!({ "token": token });
                floods.push(tokio::spawn(async move {
                    let start = Instant::now();
                    let (status, answer) = post_as(addr, &client, &path, body).await;
                    (client, status, answer, start.elapsed())
                }));
            }
        }
        let mut answers = Vec::new();
        for flood in floods {
            answers.push(flood.await.unwrap());
        }
        stop.store(true, Ordering::Relaxed);
        let (worst_get, worst_move, odd) = watching.await.unwrap();
        for n in 1..=3 {
            let client = format!("203.0.113.{n}");
            let mine: Vec<_> = answers.iter().filter(|a| a.0 == client).collect();
            let hinted = mine.iter().filter(|a| a.1 == 200).count();
            let refused: Vec<_> = mine.iter().filter(|a| a.1 == 429).collect();
            assert_eq!(
                (hinted, refused.len()),
                (1, 59),
                "{client}: {:?}",
                mine.iter().map(|a| a.1).collect::<Vec<_>>()
            );
            assert!(mine.iter().any(|a| a.1 == 200 && a.2["move"].is_string()));
            let why = refused[0].2["error"].as_str().unwrap();
            assert!(why.contains("hint on the way already"), "{why}");
            // Refused at once, not after a wait for the engine.
            let slowest = refused.iter().map(|a| a.3).max().unwrap();
            assert!(
                slowest < Duration::from_millis(500),
                "a refusal took {slowest:?}"
            );
        }
        assert!(odd.is_empty(), "the bystander was answered {odd:?}");
        assert!(
            worst_get < 200.0,
            "the bystander's slowest GET took {worst_get:.1} ms"
        );
        assert!(
            worst_move < 200.0,
            "the bystander's slowest move took {worst_move:.1} ms"
        );
    });
}

/// One engine slot. A client starts four engine games at 2 s a move (the
/// most it may: a fifth is refused, 429); another client's engine game
/// then waits only for the search running, not for the first client's
/// other three: its place is 0 and its first move comes within one search
/// (in order of arrival, it would be 3rd and wait 6 s and more).
#[tokio::test(flavor = "multi_thread")]
async fn one_clients_engine_games_delay_anothers_by_one_search_at_most() {
    let addr = server("engine-share", Config::default()).await;
    let slow = json!({ "game": "chess", "mode": "computer", "side": 1, "movetime": 2000 });
    let flooder = "203.0.113.1";
    for _ in 0..4 {
        create_as(addr, flooder, slow.clone()).await;
    }
    let (status, refused) = post_as(addr, flooder, "/api/v1/games", slow).await;
    assert_eq!(status, 429, "{refused}");
    let why = refused["error"].as_str().unwrap();
    assert!(why.contains("4 engine turns waiting or running"), "{why}");
    let start = Instant::now();
    let quick = json!({ "game": "chess", "mode": "computer", "side": 1, "movetime": 200 });
    let (id, _, state) = create_as(addr, "198.51.100.7", quick).await;
    assert_eq!(state["queued"], 0, "next after the running search: {state}");
    loop {
        let (_, state) = get_as(addr, "198.51.100.7", &format!("/api/v1/games/{id}")).await;
        if state["ply"] == 1 {
            break;
        }
        // The search running (2 s at most) and its own (0.2 s), with room.
        assert!(
            start.elapsed() < Duration::from_millis(3500),
            "still waiting: {state}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A hub of its own on an SQLite file, and a local game of chess made
/// on it.
fn chess_game(name: &str) -> (Arc<Hub>, Created) {
    let db = temp_dir(name).join("games.db");
    let hub = Hub::new(Store::open(&db).unwrap());
    let game = NewGame {
        game: Some("chess".into()),
        ..NewGame::default()
    };
    let created = hub.create(game).unwrap();
    (hub, created)
}

fn mv(text: &str) -> Action {
    Action::Move {
        r#move: text.into(),
        ply: None,
    }
}

/// A move whose request's deadline has passed before the change is made
/// is refused (408) and not stored: the request answered 408 left nothing
/// behind. Over HTTP too, with a deadline of nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_move_past_its_deadline_is_refused_and_not_stored() {
    let (hub, created) = chess_game("deadline");
    let late = Caller {
        client: None,
        deadline: Some(Instant::now()),
    };
    let err = hub
        .act_as(&created.id, Some(&created.token), mv("e4"), late)
        .unwrap_err();
    assert_eq!(err.status.as_u16(), 408, "{err}");
    assert!(err.message.contains("nothing was changed"), "{err}");
    let stored = hub.store().load(&created.id).unwrap().unwrap();
    assert_eq!(stored.version, 0);
    assert!(!stored.record.contains("e4"), "{}", stored.record);
    // In time: done.
    let soon = Caller {
        client: None,
        deadline: Some(Instant::now() + Duration::from_secs(60)),
    };
    hub.act_as(&created.id, Some(&created.token), mv("e4"), soon)
        .unwrap();
    assert_eq!(hub.store().load(&created.id).unwrap().unwrap().version, 1);

    let addr = server(
        "deadline-http",
        Config {
            request_timeout: Duration::ZERO,
            ..Config::default()
        },
    )
    .await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/v1/games",
        Some(&json!({ "game": "chess" })),
    )
    .await
    .unwrap();
    assert_eq!(status, 408, "{created}");
}

/// Writes whose answer is lost, as a database's network can lose it
/// (faults injected in the store): a move stored is answered as done; a
/// move not stored is answered 503 and undone; when the stored game
/// cannot be read either, the answer says the move may have been stored
/// (504), and the game, read again at its next use, shows what was.
#[tokio::test(flavor = "multi_thread")]
async fn a_write_whose_answer_is_lost_is_answered_by_what_was_stored() {
    let (hub, created) = chess_game("lost");
    let (id, token) = (created.id.as_str(), Some(created.token.as_str()));

    hub.store().inject(Fault::AnswerLost);
    let state = hub.act(id, token, mv("e4")).unwrap();
    assert_eq!(state["ply"], 1, "stored, and answered so: {state}");
    assert_eq!(hub.store().load(id).unwrap().unwrap().version, 1);

    hub.store().inject(Fault::WriteLost);
    let err = hub.act(id, token, mv("e5")).unwrap_err();
    assert_eq!(err.status.as_u16(), 503, "{err}");
    assert!(err.message.contains("was not stored"), "{err}");
    assert_eq!(hub.get(id).unwrap().current_state()["ply"], 1, "undone");
    assert_eq!(hub.store().load(id).unwrap().unwrap().version, 1);

    hub.store().inject(Fault::AnswerLostAndUnreadable);
    let err = hub.act(id, token, mv("e5")).unwrap_err();
    assert_eq!(err.status.as_u16(), 504, "{err}");
    assert!(err.message.contains("may have been stored"), "{err}");
    // It was: the next use of the game reads it back.
    let stored = hub.store().load(id).unwrap().unwrap();
    assert_eq!(stored.version, 2);
    let state = hub.get(id).unwrap().current_state();
    assert_eq!(
        (state["ply"].clone(), state["version"].clone()),
        (json!(2), json!(2)),
        "{state}"
    );
    // And play goes on from it.
    hub.act(id, token, mv("Nf3")).unwrap();
    assert_eq!(hub.store().load(id).unwrap().unwrap().version, 3);
}

/// Names a reader could be fooled by are refused, in a record's tags as
/// in the name field: 150,000 characters (once accepted and sent in every
/// state), and the characters that reorder or hide text.
#[tokio::test(flavor = "multi_thread")]
async fn names_that_could_fool_a_reader_are_refused_wherever_they_come_from() {
    let addr = server("names", Config::default()).await;
    let who = "198.51.100.7";
    let long = "x".repeat(150_000);
    let record = format!("[Event \"?\"]\n[White \"{long}\"]\n[Black \"B\"]\n\n1. e4 *\n");
    let (status, answer) = post_as(
        addr,
        who,
        "/api/v1/games",
        json!({ "game": "chess", "record": record }),
    )
    .await;
    assert_eq!(status, 400, "{}", &answer.to_string()[..200]);
    let why = answer["error"].as_str().unwrap();
    assert!(
        why.contains("White tag") && why.contains("at most 40"),
        "{why}"
    );
    for bad in [
        "Ann\u{202E}nmo",
        "A\u{200B}nn",
        "\u{FEFF}Ann",
        "Ann\u{2028}Bob",
    ] {
        let record = format!("[White \"A\"]\n[Black \"{bad}\"]\n\n1. e4 *\n");
        let (status, answer) = post_as(
            addr,
            who,
            "/api/v1/games",
            json!({ "game": "chess", "record": record }),
        )
        .await;
        assert_eq!(status, 400, "{bad:?}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("Black tag"),
            "{answer}"
        );
        let (status, answer) = post_as(
            addr,
            who,
            "/api/v1/games",
            json!({ "game": "chess", "name": bad }),
        )
        .await;
        assert_eq!(status, 400, "{bad:?}: {answer}");
    }
    // A plain record with plain names still loads.
    let record = "[White \"Ann\"]\n[Black \"Émile\"]\n\n1. e4 *\n";
    let (status, answer) = post_as(
        addr,
        who,
        "/api/v1/games",
        json!({ "game": "chess", "record": record }),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
}

/// A game's watchers fill their sockets; a player of the game still gets
/// one (its seat's token in the URL): the players' room is their own.
#[tokio::test(flavor = "multi_thread")]
async fn watchers_cannot_take_a_players_socket() {
    let addr = server(
        "seats",
        Config {
            sockets_per_game: 2,
            ..Config::default()
        },
    )
    .await;
    let (id, token, _) = create_as(
        addr,
        "198.51.100.7",
        json!({ "game": "chess", "mode": "remote" }),
    )
    .await;
    let url = format!("ws://{addr}/api/v1/games/{id}/ws");
    let (_one, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (_two, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let third = tokio_tungstenite::connect_async(&url).await.unwrap_err();
    assert!(third.to_string().contains("503"), "{third}");
    // A token that holds no seat is a watcher's.
    let wrong = tokio_tungstenite::connect_async(format!("{url}?token=0123"))
        .await
        .unwrap_err();
    assert!(wrong.to_string().contains("503"), "{wrong}");
    let (_player, _) = tokio_tungstenite::connect_async(format!("{url}?token={token}"))
        .await
        .unwrap();
}

/// One raw request: the answer's status.
async fn raw_status(addr: SocketAddr, request: &str) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    answer
        .split_whitespace()
        .nth(1)
        .unwrap_or("0")
        .parse()
        .unwrap()
}

/// Requests a proxy could read otherwise (a body framed by
/// `Transfer-Encoding`, with or without `Content-Length`) are refused, and
/// their connection closed; reads are limited
/// per client; new ids have 96 random bits, and a game of an older,
/// shorter id still opens.
#[tokio::test(flavor = "multi_thread")]
async fn framing_reads_and_ids() {
    let config = Config {
        reads_per_second: 2,
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..Config::default()
    };
    let addr = support::serve_sqlite(temp_dir("framing").join("games.db"), config).await;
    let body = r#"{"game":"chess"}"#;
    let both = format!(
        "POST /api/v1/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{body}\r\n0\r\n\r\n",
        body.len(),
        body.len()
    );
    assert_eq!(raw_status(addr, &both).await, 411);
    // raw_status reads to the end: the connection was closed after it.
    let chunked = format!(
        "POST /api/v1/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{body}\r\n0\r\n\r\n",
        body.len()
    );
    assert_eq!(raw_status(addr, &chunked).await, 411);
    // Reads: a burst of three seconds' worth (6), then 429; another
    // client's are its own.
    let mut statuses = Vec::new();
    for _ in 0..7 {
        statuses.push(get_as(addr, "203.0.113.1", "/api/v1/variants").await.0);
    }
    assert_eq!(statuses, [200, 200, 200, 200, 200, 200, 429]);
    assert_eq!(get_as(addr, "203.0.113.2", "/api/v1/variants").await.0, 200);

    let (hub, created) = chess_game("ids");
    assert_eq!(created.id.len(), 24, "{}", created.id);
    assert!(created.id.bytes().all(|b| b.is_ascii_hexdigit()));
    let mut old = hub.store().load(&created.id).unwrap().unwrap();
    old.id = "0123456789ab".into();
    hub.store().save(&old, None).unwrap();
    hub.act("0123456789ab", Some(&created.token), mv("e4"))
        .unwrap();
}
