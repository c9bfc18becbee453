//! The API of docs/api.md through a real server on loopback: every
//! endpoint, bad input, missing and wrong tokens, moves for the wrong side,
//! illegal moves that change nothing, the engine answering, the WebSocket,
//! and games surviving a restart (a new hub on the same database).

mod support;

use support::{act, error, get, moved, post};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use chess3d_server::hub::{Action, NewGame};
use chess3d_server::loadtest::http_text;
use chess3d_server::{Config, Hub, Store};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess3d-api-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("games.db")
}

/// Limits lifted: these tests play faster than a person, from one address.
fn lifted() -> Config {
    Config {
        creates_per_minute: 100_000,
        actions_per_second: 100_000,
        reads_per_second: 100_000,
        connections_per_client: 100_000,
        ..Config::default()
    }
}

async fn server(name: &str) -> SocketAddr {
    server_with(name, lifted()).await
}

async fn server_with(name: &str, config: Config) -> SocketAddr {
    support::serve_sqlite(temp_db(name), config).await
}

async fn create(addr: SocketAddr, body: Value) -> (String, String, Value) {
    let (status, created) = post(addr, "/api/v1/games", body).await;
    assert_eq!(status, 201, "{created}");
    (
        created["id"].as_str().unwrap().to_string(),
        created["token"].as_str().unwrap().to_string(),
        created,
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn variants_lists_every_game() {
    let addr = server("variants").await;
    let (status, v) = get(addr, "/api/v1/variants").await;
    assert_eq!(status, 200);
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, chess3d_games::AVAILABLE);
    // The size of each board at the start, from the seeds and RULINGS.md:
    // the pyramid's 8 levels of 64 down to 1 squares (204); the stepped
    // 43; Star Trek's three main boards of 16 and four attack boards of 4
    // on five heights; Elevator's 256 cells less a shaft (4 cells) on each
    // of 16 poles; Polyhedron's 36 + 64 + 100 + 64 + 36; Raumschach's 5³.
    let size: Vec<(&str, u64, u64)> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_str().unwrap(),
                g["cells"].as_u64().unwrap(),
                g["levels"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        size,
        [
            ("ziggurat", 204, 8),
            ("ziggurat43", 43, 1),
            ("startrek", 64, 5),
            ("elevator", 192, 4),
            ("polyhedron", 300, 5),
            ("chess", 64, 1),
            ("raumschach", 125, 5),
        ]
    );
    let (status, v) = get(addr, "/api/v1/nothing").await;
    assert_eq!(status, 404);
    assert!(error(&v).contains("no such API path"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_describes_its_rules_and_every_kind() {
    let addr = server("about").await;
    let (status, v) = get(addr, "/api/v1/variants/ziggurat43").await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["sides"], json!(["Red", "Gold"]));
    // Seed 001's five kinds, each with a sentence; the Priest-King royal.
    let kinds = v["kinds"].as_array().unwrap();
    let names: Vec<&str> = kinds.iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["Priest-King", "Horse", "Chariot", "Archer", "Spearman"]
    );
    assert!(kinds
        .iter()
        .all(|k| k["moves"].as_str().unwrap().ends_with('.')));
    assert_eq!(kinds[0]["royal"], json!(true));
    assert!(v["goal"].as_str().unwrap().contains("temple"));
    let (status, v) = get(addr, "/api/v1/variants/nothing").await;
    assert_eq!((status, error(&v)), (404, "no game 'nothing'"));
}

#[tokio::test(flavor = "multi_thread")]
async fn reach_shows_where_a_lone_piece_goes_on_the_games_board() {
    let addr = server("reach").await;
    let (id, _, _) = create(addr, json!({"game": "chess"})).await;
    // A Knight on a1 alone: b3 and c2, capturing on both.
    let (status, v) = get(
        addr,
        &format!("/api/v1/games/{id}/reach?piece=N&side=0&cell=a1"),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, json!({"moves": ["c2", "b3"], "captures": ["c2", "b3"]}));
    for (query, status, message) in [
        ("piece=P&side=0&cell=e1", 400, "a Pawn cannot stand on e1"),
        ("piece=X&side=0&cell=a1", 400, "this game has no piece 'X'"),
        (
            "piece=N&side=0&cell=z9",
            400,
            "this game has no square 'z9'",
        ),
        ("piece=NN&side=0&cell=a1", 400, "piece is one letter"),
        (
            "piece=N&side=2&cell=a1",
            400,
            "side is 0 (the first to move) or 1",
        ),
    ] {
        let (got, v) = get(addr, &format!("/api/v1/games/{id}/reach?{query}")).await;
        assert_eq!((got, error(&v)), (status, message), "{query}");
    }
    // Elevator's 2d4 is a shaft cell at the start (its pole's shaft is
    // level 2): no square there now.
    let (id, _, _) = create(addr, json!({"game": "elevator"})).await;
    let (status, v) = get(
        addr,
        &format!("/api/v1/games/{id}/reach?piece=K&side=0&cell=2d4"),
    )
    .await;
    assert_eq!(
        (status, error(&v)),
        (
            400,
            "2d4 is not on the board now (no board or elevator stands there)"
        )
    );
    let (status, v) = get(addr, "/api/v1/games/nothing/reach?piece=N&side=0&cell=a1").await;
    assert_eq!((status, error(&v)), (404, "no game 'nothing'"));
    let (status, _) = get(addr, &format!("/api/v1/games/{id}/reach?piece=N")).await;
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn creating_games_checks_its_input() {
    let addr = server("create").await;
    for game in chess3d_games::AVAILABLE {
        let (_, _, created) = create(addr, json!({ "game": game })).await;
        let state = &created["state"];
        assert_eq!(state["game"], *game);
        assert_eq!(state["ply"], 0);
        assert!(!state["view"]["legal"].as_array().unwrap().is_empty());
    }
    let bad = [
        (json!({ "game": "shogi" }), "unknown game 'shogi'"),
        (json!({}), "which game?"),
        (json!({ "game": "chess", "skill": 21 }), "skill is 0 to 20"),
        (
            json!({ "game": "chess", "movetime": 10 }),
            "movetime is 50 to 60000",
        ),
        (json!({ "game": "chess", "side": 2 }), "side is 0"),
        (
            json!({ "game": "chess", "mode": "online" }),
            "unknown variant `online`",
        ),
        (
            json!({ "game": "chess", "colour": 1 }),
            "unknown field `colour`",
        ),
        (
            json!({ "game": "chess", "record": "[Game \"elevator\"]\n\n*" }),
            "a game of 'elevator'",
        ),
        (
            json!({ "game": "chess", "record": "[FEN \"nonsense\"]\n\n*" }),
            "cannot load the record",
        ),
    ];
    for (body, expected) in bad {
        let (status, v) = post(addr, "/api/v1/games", body.clone()).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert!(error(&v).contains(expected), "{body}: {v}");
    }
    let (status, text) = http_text(addr, "POST", "/api/v1/games", "{not json")
        .await
        .unwrap();
    assert_eq!(status, 400);
    assert!(text.contains("the body is not JSON"), "{text}");
}

/// Elevator's Wonkavator (RULINGS.md §4, "Option `wonkavator`") set when
/// a game is created: listed with the game, named in the state, its 77
/// first moves (73 without it), a sideways move played and in words, and
/// kept in the record; an unknown option, or options with a record,
/// refused.
#[tokio::test(flavor = "multi_thread")]
async fn a_new_game_takes_the_games_own_options() {
    let addr = server("options").await;
    let (_, v) = get(addr, "/api/v1/variants").await;
    let options = |id: &str| {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()["options"]
            .clone()
    };
    assert_eq!(options("chess"), json!([]));
    assert_eq!(options("elevator")[0]["name"], "wonkavator");
    assert_eq!(options("elevator")[0]["default"], false);
    let (_, _, plain) = create(addr, json!({ "game": "elevator" })).await;
    assert_eq!(plain["state"]["options"], "");
    assert_eq!(
        plain["state"]["view"]["legal"].as_array().unwrap().len(),
        73
    );
    let (id, token, created) = create(
        addr,
        json!({ "game": "elevator", "options": { "wonkavator": true } }),
    )
    .await;
    let state = &created["state"];
    assert_eq!(state["options"], "wonkavator=on");
    let legal = state["view"]["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 77);
    let north = legal.iter().find(|m| m["text"] == "E3a1-a2").unwrap();
    assert_eq!(
        north["words"],
        "the elevator north to pole a2, with its pieces"
    );
    assert_eq!(north["board"]["lands"], json!(["3a3", "3b3", "3a4", "3b4"]));
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": "E3a1-a2" }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert!(v["view"]["position"]
        .as_str()
        .unwrap()
        .ends_with(" 4444/2323/-232/(13)111"));
    let (_, record) = http_text(addr, "GET", &format!("/api/v1/games/{id}/record"), "")
        .await
        .unwrap();
    assert!(
        record.contains("[Options \"wonkavator=on\"]") && record.contains("1. E3a1-a2"),
        "{record}"
    );
    let bad = [
        (
            json!({ "game": "elevator", "options": { "wonky": true } }),
            "'wonky' is not an option of Elevator",
        ),
        (
            json!({ "game": "elevator", "record": record, "options": { "wonkavator": true } }),
            "a record carries its own options",
        ),
    ];
    for (body, expected) in bad {
        let (status, v) = post(addr, "/api/v1/games", body.clone()).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert!(error(&v).contains(expected), "{body}: {v}");
    }
    // The record alone continues the game with its option.
    let (_, _, loaded) = create(addr, json!({ "record": record })).await;
    assert_eq!(loaded["state"]["options"], "wonkavator=on");
    assert_eq!(loaded["state"]["moves"], json!(["E3a1-a2"]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_record_loads_up_to_its_damage() {
    let addr = server("record").await;
    let record = "[Game \"chess\"]\n\n1. e2e4 e7e5 2. g1f3 g8g6 *\n";
    let (id, _, created) = create(addr, json!({ "record": record, "mode": "local" })).await;
    assert_eq!(created["state"]["moves"], json!(["e2e4", "e7e5", "g1f3"]));
    let note = created["note"].as_str().unwrap();
    assert!(note.contains("g8g6") && note.contains("3 moves"), "{note}");
    let (status, text) = http_text(addr, "GET", &format!("/api/v1/games/{id}/record"), "")
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert!(
        text.contains("[Game \"chess\"]") && text.contains("1. e4 e5 2. Nf3 *"),
        "{text}"
    );
    let (status, v) = get(addr, "/api/v1/games/nosuchgame").await;
    assert_eq!(status, 404, "{v}");
    let (status, _) = get(addr, "/api/v1/games/..%2Fetc").await;
    assert_eq!(status, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn moves_need_the_right_token_and_side_and_illegal_ones_change_nothing() {
    let addr = server("moves").await;
    let (id, white, created) = create(
        addr,
        json!({ "game": "chess", "mode": "remote", "side": 0 }),
    )
    .await;
    let invite = created["invite"].as_str().unwrap().to_string();
    let join = format!("/api/v1/games/{id}/join");
    // Joining: a wrong invitation, then the right one, then again.
    let (status, v) = post(addr, &join, json!({})).await;
    assert_eq!(status, 400, "{v}");
    let (status, v) = post(addr, &join, json!({ "invite": "0".repeat(32) })).await;
    assert_eq!(status, 403, "{v}");
    let (status, joined) = post(addr, &join, json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["sides"], json!([1]));
    let black = joined["token"].as_str().unwrap().to_string();
    let (status, v) = post(addr, &join, json!({ "invite": invite })).await;
    assert_eq!(status, 409, "{v}");

    let mv = |token: Option<&str>, m: &str| json!({ "token": token, "action": "move", "move": m });
    let (status, v) = act(addr, &id, mv(None, "e2e4")).await;
    assert_eq!(
        (status, error(&v).contains("seat token is needed")),
        (401, true),
        "{v}"
    );
    let (status, v) = act(addr, &id, mv(Some("forged"), "e2e4")).await;
    assert_eq!(
        (status, error(&v).contains("holds no seat")),
        (403, true),
        "{v}"
    );
    // Black's token cannot move for White, even White's pieces.
    let (status, v) = act(addr, &id, mv(Some(&black), "e2e4")).await;
    assert_eq!(
        (status, error(&v).contains("White's turn")),
        (409, true),
        "{v}"
    );
    // An illegal move: refused, and the game is as it was.
    let (_, before) = get(addr, &format!("/api/v1/games/{id}")).await;
    let (status, v) = act(addr, &id, mv(Some(&white), "e2e5")).await;
    assert_eq!(status, 422, "{v}");
    let (status, v) = act(addr, &id, mv(Some(&white), "")).await;
    assert_eq!(status, 422, "{v}");
    let (_, after) = get(addr, &format!("/api/v1/games/{id}")).await;
    assert_eq!(before, after);
    // Typed short forms are taken, as in the terminal.
    let (status, v) = act(addr, &id, mv(Some(&white), "e4")).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"], json!(["e2e4"]));
    // A move sent twice for the same ply is refused the second time.
    let once = json!({ "token": black, "action": "move", "move": "e7e5", "ply": 1 });
    assert_eq!(act(addr, &id, once.clone()).await.0, 200);
    let (status, v) = act(addr, &id, once).await;
    assert_eq!(status, 409, "{v}");
    let stale = json!({ "token": white, "action": "move", "move": "g1f3", "ply": 0 });
    let (status, v) = act(addr, &id, stale).await;
    assert_eq!(
        (status, error(&v).contains("for ply 0")),
        (409, true),
        "{v}"
    );
    // No undo in a remote game; unknown actions and fields are refused.
    let (status, v) = act(addr, &id, json!({ "token": white, "action": "undo" })).await;
    assert_eq!(status, 409, "{v}");
    let (status, v) = act(addr, &id, json!({ "token": white, "action": "castle" })).await;
    assert_eq!(status, 400, "{v}");
    let (status, v) = act(addr, &id, json!({ "token": 5, "action": "resign" })).await;
    assert_eq!(status, 400, "{v}");
    // A draw: White offers, White cannot accept it, Black does.
    let (status, v) = act(addr, &id, json!({ "token": white, "action": "draw" })).await;
    assert_eq!((status, v["draw_offer"].clone()), (200, json!(0)), "{v}");
    let (status, v) = act(addr, &id, json!({ "token": white, "action": "draw" })).await;
    assert_eq!(status, 409, "{v}");
    let (status, v) = act(addr, &id, json!({ "token": black, "action": "decline" })).await;
    assert_eq!((status, v["draw_offer"].clone()), (200, Value::Null), "{v}");
    act(addr, &id, json!({ "token": black, "action": "draw" })).await;
    let (status, v) = act(addr, &id, json!({ "token": white, "action": "draw" })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["view"]["result"], json!(["1/2-1/2", "draw agreed"]));
    let (status, v) = act(addr, &id, mv(Some(&white), "g1f3")).await;
    assert_eq!((status, error(&v).contains("over")), (409, true), "{v}");
    let (status, v) = act(addr, &id, json!({ "token": black, "action": "resign" })).await;
    assert_eq!(status, 409, "{v}");
}

#[tokio::test(flavor = "multi_thread")]
async fn local_games_undo_and_resign() {
    let addr = server("local").await;
    let (id, token, _) = create(addr, json!({ "game": "ziggurat43", "mode": "local" })).await;
    let (status, v) = act(addr, &id, json!({ "token": token, "action": "undo" })).await;
    assert_eq!(status, 409, "{v}");
    let legal = |v: &Value| v["view"]["legal"][0]["text"].as_str().unwrap().to_string();
    let (_, state) = get(addr, &format!("/api/v1/games/{id}")).await;
    let first = legal(&state);
    let (_, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": first }),
    )
    .await;
    let second = legal(&v);
    let (_, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": second }),
    )
    .await;
    assert_eq!(v["ply"], 2);
    // One token holds both seats: undo takes back one move.
    let (_, v) = act(addr, &id, json!({ "token": token, "action": "undo" })).await;
    assert_eq!(v["moves"], json!([first]));
    let (_, v) = act(addr, &id, json!({ "token": token, "action": "resign" })).await;
    // Gold is to move, so Gold resigns and Red wins.
    assert_eq!(v["view"]["result"], json!(["1-0", "Gold resigns"]));
    assert!(v["view"]["legal"].as_array().unwrap().is_empty());
    // A finished game stays finished: neither undo nor play-on revives it.
    for action in [
        json!({ "action": "undo" }),
        json!({ "action": "back", "ply": 0 }),
    ] {
        let mut body = action.clone();
        body["token"] = json!(token);
        let (status, v) = act(addr, &id, body).await;
        assert_eq!(
            (status, error(&v)),
            (409, "the game is over (Gold resigns)"),
            "{action}"
        );
    }
    let (_, state) = get(addr, &format!("/api/v1/games/{id}")).await;
    assert_eq!(
        (state["ply"].clone(), state["view"]["result"].clone()),
        (json!(1), json!(["1-0", "Gold resigns"]))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_engine_answers_and_the_human_cannot_move_for_it() {
    let addr = server("engine").await;
    let (id, token, created) = create(
        addr,
        json!({ "game": "startrek", "mode": "computer", "side": 1, "skill": 3, "movetime": 100 }),
    )
    .await;
    assert_eq!(created["sides"], json!([1]));
    // The engine plays White and moves first; the human may not.
    let mut state = Value::Null;
    for _ in 0..100 {
        state = get(addr, &format!("/api/v1/games/{id}")).await.1;
        if state["ply"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(state["ply"], 1, "the engine did not move: {state}");
    assert_eq!(state["seats"][0]["label"], "chess3d engine, skill 3");
    let reply = state["view"]["legal"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": reply }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    // While the engine thinks, its side is not the human's to move.
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": reply }),
    )
    .await;
    assert!(status == 409 || status == 422, "{status} {v}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_websocket_sends_states_and_takes_actions() {
    let addr = server("ws").await;
    let (id, token, _) = create(addr, json!({ "game": "elevator", "mode": "local" })).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/v1/games/{id}/ws"))
        .await
        .unwrap();
    async fn next(
        ws: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
    ) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                // How many watch (issue 58) comes and goes on its own.
                if v["type"] != "spectators" {
                    return v;
                }
            }
        }
    }
    let first = next(&mut ws).await;
    assert_eq!(
        (first["type"].as_str(), first["ply"].as_u64()),
        (Some("state"), Some(0))
    );
    let legal = first["view"]["legal"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    let send = |v: Value| Message::Text(v.to_string().into());
    ws.send(Message::Text("nonsense".into())).await.unwrap();
    let e = next(&mut ws).await;
    assert_eq!(
        (e["type"].as_str(), e["status"].as_u64()),
        (Some("error"), Some(400)),
        "{e}"
    );
    ws.send(send(
        json!({ "token": "x", "action": "move", "move": legal, "request": 7 }),
    ))
    .await
    .unwrap();
    let e = next(&mut ws).await;
    assert_eq!(
        (e["status"].as_u64(), e["request"].as_u64()),
        (Some(403), Some(7)),
        "{e}"
    );
    ws.send(send(
        json!({ "token": token, "action": "move", "move": legal, "ply": 0 }),
    ))
    .await
    .unwrap();
    let s = next(&mut ws).await;
    assert_eq!(
        (s["type"].as_str(), s["moves"][0].as_str()),
        (Some("state"), Some(legal.as_str())),
        "{s}"
    );
    // The refused and the done actions are also what the HTTP API shows.
    assert_eq!(get(addr, &format!("/api/v1/games/{id}")).await.1["ply"], 1);
}

/// The load test in small (`chess3d loadtest` runs 200 games for a minute):
/// every move sent comes back once, and the server's games hold exactly
/// the moves sent.
#[tokio::test(flavor = "multi_thread")]
async fn a_short_load_test_loses_and_duplicates_nothing() {
    let addr = server("load").await;
    let report = chess3d_server::loadtest::run(&[addr], "chess", 8, Duration::from_secs(2))
        .await
        .unwrap();
    assert!(report.moves > 50, "{}", report.summary());
    assert_eq!(
        (report.lost, report.duplicated),
        (0, 0),
        "{}",
        report.summary()
    );
    assert_eq!(report.latencies.len(), report.moves);
}

/// A change that cannot be stored is undone and reported (docs/api.md:
/// "500: the server failed; the game is unchanged").
#[tokio::test(flavor = "multi_thread")]
async fn a_change_that_cannot_be_stored_is_undone() {
    let db = temp_db("nostore");
    let hub = Hub::new(Store::open(&db).unwrap());
    let created = hub
        .create(NewGame {
            game: Some("chess".into()),
            ..NewGame::default()
        })
        .unwrap();
    // Break the database under the server.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("DROP TABLE games")
        .unwrap();
    let play = |m: &str| Action::Move {
        r#move: m.into(),
        ply: None,
    };
    let err = hub
        .act(&created.id, Some(&created.token), play("e2e4"))
        .unwrap_err();
    assert_eq!(err.kind, chess3d_server::error::Kind::Internal, "{err}");
    let state = hub.get(&created.id).unwrap().current_state();
    assert_eq!(state["ply"], 0);
    assert_eq!(state["version"], created.state["version"]);
    let err = hub
        .act(&created.id, Some(&created.token), Action::Resign)
        .unwrap_err();
    assert_eq!(err.kind, chess3d_server::error::Kind::Internal, "{err}");
    let state = hub.get(&created.id).unwrap().current_state();
    assert_eq!(state["view"]["result"], Value::Null);
}

/// Waits until `ready` holds for the game's state (the engine moving, a
/// flag falling), at most `secs` seconds.
async fn wait_for(addr: SocketAddr, id: &str, secs: u64, ready: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let (_, state) = get(addr, &format!("/api/v1/games/{id}")).await;
        if ready(&state) || std::time::Instant::now() > deadline {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn moves_are_shown_in_san_and_past_positions_are_served_for_review() {
    let addr = server("review").await;
    let (id, token, _) = create(addr, json!({ "game": "chess", "mode": "local" })).await;
    for m in ["e4", "e7e5", "Nf3"] {
        moved(addr, &id, &token, m).await;
    }
    let (_, state) = get(addr, &format!("/api/v1/games/{id}")).await;
    assert_eq!(state["moves"], json!(["e2e4", "e7e5", "g1f3"]));
    assert_eq!(state["labels"], json!(["e4", "e5", "Nf3"]));
    // After move 1: White's pawn on e4, Black to move, no legal moves
    // offered (nothing is played on a past position).
    let (status, past) = get(addr, &format!("/api/v1/games/{id}/positions/1")).await;
    assert_eq!(status, 200, "{past}");
    assert_eq!(past["plies"], 3);
    assert_eq!(past["view"]["last"], json!(["e2", "e4"]));
    assert_eq!(past["view"]["to_move"], 1);
    assert_eq!(past["view"]["legal"], json!([]));
    let (_, start) = get(addr, &format!("/api/v1/games/{id}/positions/0")).await;
    assert_eq!(start["view"]["last"], Value::Null);
    // Play on from move 1: the two moves after it taken back.
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "back", "ply": 1 }),
    )
    .await;
    assert_eq!((status, v["labels"].clone()), (200, json!(["e4"])), "{v}");
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "back", "ply": 1 }),
    )
    .await;
    assert_eq!(status, 409, "{v}");
    for m in ["e5", "Nf3"] {
        moved(addr, &id, &token, m).await;
    }
    for bad in ["4", "x", "-1"] {
        let (status, v) = get(addr, &format!("/api/v1/games/{id}/positions/{bad}")).await;
        assert_eq!(status, 404, "{bad}: {v}");
        assert!(error(&v).contains("0 to 3"), "{v}");
    }
    // A short form that fits two moves lists them (Star Trek's Knight on
    // e1(2) reaches d3 on levels 2 and 4).
    let (id, token, _) = create(addr, json!({ "game": "startrek", "mode": "local" })).await;
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": "Nd3" }),
    )
    .await;
    assert_eq!(status, 422, "{v}");
    assert_eq!(error(&v), "'Nd3' could be e1(2)-d3(2) or e1(2)-d3(4)");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flag_fall_loses_or_draws_and_ends_the_game() {
    let addr = server("flag").await;
    // 0.02 minutes: 1.2 s each. White's first move is not timed; then
    // Black's clock runs out, and White, with all its pieces, wins.
    let (id, token, created) = create(
        addr,
        json!({ "game": "chess", "mode": "local", "clock": "0.02+0" }),
    )
    .await;
    assert_eq!(created["state"]["clock"]["control"], "0.02+0");
    assert_eq!(created["state"]["clock"]["running"], Value::Null);
    let v = moved(addr, &id, &token, "e4").await;
    assert_eq!(v["clock"]["running"], 1);
    // White's untimed move left it 1.2 s; Black's clock runs from then
    // (a state read shows the time run since it was made).
    let left = &v["clock"]["remaining"];
    assert_eq!(left[0], 1200, "{left}");
    assert!((1100..=1200).contains(&left[1].as_u64().unwrap()), "{left}");
    // The server's own timer ends the game, with no request meanwhile.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let state = wait_for(addr, &id, 5, |s| !s["view"]["result"].is_null()).await;
    assert_eq!(
        state["view"]["result"],
        json!(["1-0", "Black lost on time"])
    );
    assert_eq!(state["clock"]["running"], Value::Null);
    let (status, v) = act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": "e5" }),
    )
    .await;
    assert_eq!(status, 409, "{v}");
    let (_, record) = http_text(addr, "GET", &format!("/api/v1/games/{id}/record"), "")
        .await
        .unwrap();
    assert!(record.contains("[TimeControl \"1.2+0\"]"), "{record}");
    assert!(
        record.contains("[Termination \"Black lost on time\"]"),
        "{record}"
    );
    assert!(record.contains("1. e4 {[%clk 0:00:01.2]} 1-0"), "{record}");
    // White has a bare King: Black's flag cannot lose Black the game.
    let record = "[Game \"chess\"]\n[SetUp \"1\"]\n[FEN \"3qk3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let (id, token, _) = create(
        addr,
        json!({ "record": record, "mode": "local", "clock": "0.02+0" }),
    )
    .await;
    moved(addr, &id, &token, "Kf2").await;
    let state = wait_for(addr, &id, 5, |s| !s["view"]["result"].is_null()).await;
    assert_eq!(
        state["view"]["result"],
        json!([
            "1/2-1/2",
            "Black's time ran out, but White cannot win: a draw"
        ])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn clocks_resume_where_they_stood_after_a_restart() {
    let db = temp_db("clock-restart");
    let id = {
        let hub = Hub::new(Store::open(&db).unwrap());
        let created = hub
            .create(NewGame {
                game: Some("chess".into()),
                mode: Some(chess3d_server::hub::Mode::Local),
                clock: Some("1+0".into()),
                ..NewGame::default()
            })
            .unwrap();
        let mv = |text: &str| Action::Move {
            r#move: text.into(),
            ply: None,
        };
        hub.act(&created.id, Some(&created.token), mv("e4"))
            .unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        hub.act(&created.id, Some(&created.token), mv("e5"))
            .unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        // The server stops (Ctrl-C, SIGTERM): the clocks are stored.
        hub.store_all();
        created.id
    };
    // Down for a second: charged to no one.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let hub = Hub::new(Store::open(&db).unwrap());
    let state = hub.get(&id).unwrap().current_state();
    let left = |side: usize| state["clock"]["remaining"][side].as_u64().unwrap();
    // White: 60 s less the 0.5 s it had used; Black: less its 0.3 s.
    assert!((59_350..=59_550).contains(&left(0)), "{}", state["clock"]);
    assert!((59_600..=59_750).contains(&left(1)), "{}", state["clock"]);
    assert_eq!(state["clock"]["running"], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn names_rematch_resume_links_and_hints() {
    let addr = server("rematch").await;
    let (id, ann, created) = create(
        addr,
        json!({ "game": "chess", "mode": "remote", "name": "Ann", "clock": "5+3", "hints": true }),
    )
    .await;
    let invite = created["invite"].as_str().unwrap();
    let (status, joined) = post(
        addr,
        &format!("/api/v1/games/{id}/join"),
        json!({ "invite": invite, "name": "Bob" }),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let bob = joined["token"].as_str().unwrap().to_string();
    assert_eq!(joined["state"]["names"], json!(["Ann", "Bob"]));
    // A name is checked.
    let (status, v) = post(
        addr,
        "/api/v1/games",
        json!({ "game": "chess", "name": "x".repeat(41) }),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    let (status, v) = post(
        addr,
        "/api/v1/games",
        json!({ "game": "chess", "name": "a\u{7}b" }),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    // The resume link's token opens Ann's seat elsewhere; a wrong one not.
    let (status, seat) = post(
        addr,
        &format!("/api/v1/games/{id}/seat"),
        json!({ "token": ann }),
    )
    .await;
    assert_eq!((status, seat["sides"].clone()), (200, json!([0])), "{seat}");
    let (status, _) = post(
        addr,
        &format!("/api/v1/games/{id}/seat"),
        json!({ "token": "nope" }),
    )
    .await;
    assert!(status == 401 || status == 403, "{status}");
    // A hint for the side to move, a legal move (the game is casual,
    // hints allowed: tests/fair_play.rs); none for the other side.
    let (status, hint) = post(
        addr,
        &format!("/api/v1/games/{id}/hint"),
        json!({ "token": ann }),
    )
    .await;
    assert_eq!(status, 200, "{hint}");
    let legal: Vec<&str> = joined["state"]["view"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(legal.contains(&hint["move"].as_str().unwrap()), "{hint}");
    let (status, v) = post(
        addr,
        &format!("/api/v1/games/{id}/hint"),
        json!({ "token": bob }),
    )
    .await;
    assert_eq!(status, 409, "{v}");
    // No rematch before the end.
    let (status, v) = act(addr, &id, json!({ "token": ann, "action": "rematch" })).await;
    assert_eq!(status, 409, "{v}");
    let (status, _) = act(addr, &id, json!({ "token": bob, "action": "resign" })).await;
    assert_eq!(status, 200);
    let (_, record) = http_text(addr, "GET", &format!("/api/v1/games/{id}/record"), "")
        .await
        .unwrap();
    assert!(
        record.contains("[White \"Ann\"]\n[Black \"Bob\"]"),
        "{record}"
    );
    let (status, v) = act(addr, &id, json!({ "token": ann, "action": "rematch" })).await;
    assert_eq!((status, v["rematch_offer"].clone()), (200, json!(0)), "{v}");
    let (status, v) = act(addr, &id, json!({ "token": ann, "action": "rematch" })).await;
    assert_eq!(status, 409, "{v}");
    let (status, v) = act(addr, &id, json!({ "token": bob, "action": "rematch" })).await;
    assert_eq!(status, 200, "{v}");
    let next = v["rematch"].as_str().unwrap().to_string();
    // The new game: colours swapped, each token keeps its player.
    let (_, state) = get(addr, &format!("/api/v1/games/{next}")).await;
    assert_eq!(state["names"], json!(["Bob", "Ann"]));
    assert_eq!(state["clock"]["control"], "5+3");
    assert_eq!(state["ply"], 0);
    let (status, v) = act(
        addr,
        &next,
        json!({ "token": ann, "action": "move", "move": "e4" }),
    )
    .await;
    assert_eq!(status, 409, "Ann plays Black now: {v}");
    moved(addr, &next, &bob, "e4").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_engines_evaluation_stays_after_it_moves() {
    let addr = server("evaluation").await;
    // The human plays Black: the engine, White, moves first.
    let (id, _, _) = create(
        addr,
        json!({ "game": "chess", "mode": "computer", "side": 1, "movetime": 200 }),
    )
    .await;
    let state = wait_for(addr, &id, 20, |s| s["ply"] == 1).await;
    assert_eq!(state["ply"], 1);
    let e = &state["evaluation"];
    assert_eq!(e["side"], 0, "{e}");
    assert!(e["depth"].as_u64().unwrap() >= 1, "{e}");
    assert!(e["cp"].is_i64() || e["mate"].is_i64(), "{e}");
    assert_eq!(state["thinking"], Value::Null);
}

#[tokio::test(flavor = "multi_thread")]
async fn against_the_engine_the_players_flag_falls_on_the_servers_timer() {
    let addr = server("engine-flag").await;
    // 1.2 s each; the engine (Black) answers within its time, then the
    // human's clock runs out with no request from anyone.
    let (id, token, _) = create(
        addr,
        json!({ "game": "chess", "mode": "computer", "side": 0, "clock": "0.02+0" }),
    )
    .await;
    moved(addr, &id, &token, "e4").await;
    let state = wait_for(addr, &id, 10, |s| !s["view"]["result"].is_null()).await;
    assert_eq!(
        state["ply"], 2,
        "the engine moved in time: {}",
        state["moves"]
    );
    assert_eq!(
        state["view"]["result"],
        json!(["0-1", "White lost on time"])
    );
    // A state read later shows the time run since it was made: the
    // running clock of a fresh game counts down between two reads.
    let (id, token, _) = create(
        addr,
        json!({ "game": "chess", "mode": "local", "clock": "1+0" }),
    )
    .await;
    act(
        addr,
        &id,
        json!({ "token": token, "action": "move", "move": "e4" }),
    )
    .await;
    let (_, first) = get(addr, &format!("/api/v1/games/{id}")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, second) = get(addr, &format!("/api/v1/games/{id}")).await;
    let black = |s: &Value| s["clock"]["remaining"][1].as_u64().unwrap();
    assert!(
        black(&first) - black(&second) >= 250,
        "{} then {}",
        first["clock"],
        second["clock"]
    );
}
