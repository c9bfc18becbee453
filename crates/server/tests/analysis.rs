//! The engine's analysis through the API (issue 57): a finished game's
//! moves judged as they come, the analysis board's positions and lines,
//! fair play between people, one analysis at a time per client, and a
//! stop.

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::{error, get, moved, post};

async fn server(name: &str) -> SocketAddr {
    support::serve_lifted("analysis", name).await
}

/// A game of `body` with `moves` played by its creator: id and token.
async fn played(addr: SocketAddr, body: Value, moves: &[&str]) -> (String, String) {
    let created = support::create(addr, body).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    for m in moves {
        moved(addr, &id, &token, m).await;
    }
    (id, token)
}

/// The analysis of game `id` once it is no longer running (at most 60 s).
async fn finished(addr: SocketAddr, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, a) = get(addr, &format!("/api/v1/games/{id}/analysis")).await;
        assert_eq!(status, 200, "{a}");
        if a["state"] != "running" {
            return a;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{a}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The fool's mate at one screen, over: 2. g4 lets Qh4 mate at once, a
/// blunder refuted by the mate; the mate itself has no evaluation after
/// it (the game is over). Asked again, the same analysis answers.
#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_is_analysed_move_by_move() {
    let addr = server("fools").await;
    let (id, _) = played(
        addr,
        json!({ "game": "chess" }),
        &["f3", "e5", "g4", "Qh4#"],
    )
    .await;
    let path = format!("/api/v1/games/{id}/analysis");
    let (status, a) = get(addr, &path).await;
    assert_eq!((status, a["state"].clone()), (200, json!("none")));
    let (status, a) = post(addr, &path, json!({})).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        (a["state"].clone(), a["total"].clone()),
        (json!("running"), json!(4))
    );
    let a = finished(addr, &id).await;
    assert_eq!(a["state"], "done", "{a}");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    let g4 = &moves[2];
    assert_eq!(
        (g4["ply"].clone(), g4["label"].clone()),
        (json!(3), json!("g4"))
    );
    assert_eq!(
        (g4["mark"].clone(), g4["judgement"].clone()),
        (json!("??"), json!("blunder"))
    );
    assert_eq!(g4["refutation"][0], "Qh4#");
    assert_eq!(g4["eval"]["mate"], json!(-1), "Black mates in one: {g4}");
    assert!(
        g4["text"].as_str().unwrap().starts_with("2. g4?? #-1"),
        "{g4}"
    );
    assert_eq!(moves[3]["eval"], Value::Null);
    assert_eq!(moves[3]["mark"], Value::Null);
    let white = a["summary"][0].as_str().unwrap();
    assert!(
        white.starts_with("White: ") && white.contains(", 1 blunder,"),
        "{a}"
    );
    // Asked again: the analysis made, no new one.
    let (status, again) = post(addr, &path, json!({})).await;
    assert_eq!((status, again["state"].clone()), (200, json!("done")));
    // Of the first two moves only: another analysis.
    let (status, part) = post(addr, &path, json!({ "upto": 2 })).await;
    assert_eq!((status, part["total"].clone()), (200, json!(2)), "{part}");
    // Running, it is not replaced by another's request for other moves.
    let (status, same) = post(addr, &path, json!({})).await;
    assert_eq!((status, same["total"].clone()), (200, json!(2)), "{same}");
    let (status, v) = post(addr, &path, json!({ "upto": 9 })).await;
    assert_eq!(status, 400, "{v}");
}

/// Against the computer the analysis is open while the game goes on; once
/// its moves are taken back (Undo), it is the game's no longer.
#[tokio::test(flavor = "multi_thread")]
async fn an_analysis_goes_with_the_moves_taken_back() {
    let addr = server("undo").await;
    let body = json!({ "game": "chess", "mode": "computer", "side": 0, "movetime": 50 });
    let (id, token) = played(addr, body, &["e4"]).await;
    let start = Instant::now();
    while get(addr, &format!("/api/v1/games/{id}")).await.1["ply"] != 2 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the engine did not answer"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let path = format!("/api/v1/games/{id}/analysis");
    let (status, v) = post(addr, &path, json!({})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(finished(addr, &id).await["state"], "done");
    let (status, v) = support::act(addr, &id, json!({ "token": token, "action": "undo" })).await;
    assert_eq!((status, v["ply"].clone()), (200, json!(0)), "{v}");
    let (_, a) = get(addr, &path).await;
    assert_eq!(a["state"], "none", "{a}");
}

/// The analysis board: any moves from any position of the game, with the
/// legal moves (after 1. e4 e5 White has 29, counted by hand: the pawns
/// 7 x 2, the Knights 5, the Bishop 5, the Queen 4, the King 1) and the
/// engine's three lines; an illegal move says why.
#[tokio::test(flavor = "multi_thread")]
async fn the_analysis_board_plays_any_moves_with_the_engines_lines() {
    let addr = server("board").await;
    let (id, _) = played(
        addr,
        json!({ "game": "chess", "mode": "computer", "side": 0 }),
        &[],
    )
    .await;
    let path = format!("/api/v1/games/{id}/explore");
    let (status, v) = post(addr, &path, json!({ "ply": 0, "moves": ["e4", "e7e5"] })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["labels"], json!(["e4", "e5"]));
    assert_eq!(v["moves"], json!(["e2e4", "e7e5"]));
    assert_eq!(v["view"]["legal"].as_array().unwrap().len(), 29);
    assert_eq!(v["view"]["to_move"], 0);
    let (status, v) = post(addr, &path, json!({ "ply": 0, "moves": ["e4", "e4"] })).await;
    assert_eq!(status, 422, "{v}");
    assert!(error(&v).starts_with("move 2 'e4'"), "{v}");
    let (status, v) = post(addr, &path, json!({ "ply": 5 })).await;
    assert_eq!(status, 422, "{v}");
    let (status, lines) = post(
        addr,
        &format!("{path}/lines"),
        json!({ "ply": 0, "moves": ["e4"] }),
    )
    .await;
    assert_eq!(status, 200, "{lines}");
    let lines = lines["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    let firsts: Vec<&str> = lines
        .iter()
        .map(|l| l["line"][0].as_str().unwrap())
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
}

/// Between people, while they play: no analysis and no lines (403), but
/// the analysis board's positions (no engine) are open.
#[tokio::test(flavor = "multi_thread")]
async fn no_analysis_of_a_game_between_people_while_it_is_played() {
    let addr = server("fair").await;
    let (id, _) = played(addr, json!({ "game": "chess" }), &["e4"]).await;
    let (status, v) = post(addr, &format!("/api/v1/games/{id}/analysis"), json!({})).await;
    assert_eq!(status, 403, "{v}");
    assert!(
        error(&v).starts_with("no engine help in a game between people"),
        "{v}"
    );
    let (status, _) = post(
        addr,
        &format!("/api/v1/games/{id}/explore/lines"),
        json!({}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, v) = post(
        addr,
        &format!("/api/v1/games/{id}/explore"),
        json!({ "moves": ["e5"] }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ply"], 1);
}

/// One analysis at a time per client: a second game's waits (429) until
/// the first is stopped; a stopped analysis says so.
#[tokio::test(flavor = "multi_thread")]
async fn one_analysis_at_a_time_per_client_and_a_stop() {
    let addr = server("one").await;
    // Twenty pawn moves, no position repeated.
    let long: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|f| [format!("{f}3"), format!("{f}6")])
        .chain(["a4", "a5", "b4", "b5"].map(String::from))
        .collect();
    let long: Vec<&str> = long.iter().map(String::as_str).collect();
    let (a, ta) = played(addr, json!({ "game": "chess" }), &long).await;
    let (b, tb) = played(addr, json!({ "game": "chess" }), &["e4"]).await;
    // Over: open to the engine.
    for (id, token) in [(&a, &ta), (&b, &tb)] {
        let body = json!({ "token": token, "action": "resign" });
        let (status, v) = support::act(addr, id, body).await;
        assert_eq!(status, 200, "{v}");
    }
    let (status, v) = post(addr, &format!("/api/v1/games/{a}/analysis"), json!({})).await;
    assert_eq!((status, v["total"].clone()), (200, json!(20)), "{v}");
    let (status, v) = post(addr, &format!("/api/v1/games/{b}/analysis"), json!({})).await;
    assert_eq!(status, 429, "{v}");
    let (status, v) = support::http_delete(addr, &format!("/api/v1/games/{a}/analysis")).await;
    assert_eq!((status, v["state"].clone()), (200, json!("stopped")), "{v}");
    let stopped = finished(addr, &a).await;
    assert_eq!(stopped["state"], "stopped");
    assert!(stopped["done"].as_u64().unwrap() < 20, "{stopped}");
    // Stopped, the count is given back at once: the other game's starts.
    let (status, v) = post(addr, &format!("/api/v1/games/{b}/analysis"), json!({})).await;
    assert_eq!(status, 200, "{v}");
}
