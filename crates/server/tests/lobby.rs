//! The lobby against real servers (issue 58): players, rated challenges,
//! the games being played, spectators, Glicko-2 ratings changed once;
//! on one server with an SQLite file, and on two servers sharing a
//! throwaway PostgreSQL database (scripts/with-postgres), where a
//! challenge posted on one is seen and accepted on the other.

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use chess3d_server::{Config, Database};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::{get, post};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn config() -> Config {
    Config {
        creates_per_minute: 100_000,
        actions_per_second: 100_000,
        reads_per_second: 100_000,
        // Both players of the test have one game: their deviation (290)
        // is under this, so the leaderboard lists them.
        leaderboard_deviation: 300.0,
        ..Config::default()
    }
}

/// Two servers on one database: the same one twice for an SQLite file
/// (one server per file), two for a PostgreSQL database (`postgres`, its
/// URL).
async fn servers(postgres: Option<String>, name: &str, config: Config) -> (SocketAddr, SocketAddr) {
    if let Some(url) = postgres {
        let a = support::serve_db(Database::Postgres(url.clone()), config.clone()).await;
        let b = support::serve_db(Database::Postgres(url), config).await;
        (a, b)
    } else {
        let db = support::temp_dir("lobby", name).join("games.db");
        let a = support::serve_db(Database::File(db), config).await;
        (a, a)
    }
}

async fn register(addr: SocketAddr, name: &str) -> String {
    let (status, v) = post(addr, "/api/v1/players", json!({ "name": name })).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["name"], name);
    v["key"].as_str().unwrap().to_string()
}

/// Polls `path` on `addr` until `done` holds of the answer, for `within`.
async fn until(
    addr: SocketAddr,
    path: &str,
    within: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let started = Instant::now();
    loop {
        let (status, v) = get(addr, path).await;
        if status == 200 && done(&v) {
            return v;
        }
        assert!(
            started.elapsed() < within,
            "{path} on {addr}: not so within {within:?}: {v}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn socket(addr: SocketAddr, path: &str) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .unwrap()
        .0
}

/// The next message of `ws` that `wanted` holds of, within `within`.
async fn next(ws: &mut Socket, within: Duration, wanted: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let left = within.saturating_sub(started.elapsed());
        let m = tokio::time::timeout(left, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no such message within {within:?}"))
            .unwrap()
            .unwrap();
        if let Message::Text(text) = m {
            let v: Value = serde_json::from_str(&text).unwrap();
            if wanted(&v) {
                return v;
            }
        }
    }
}

fn lists(v: &Value, id: &str) -> bool {
    v["challenges"]
        .as_array()
        .is_some_and(|l| l.iter().any(|c| c["id"] == id))
}

async fn play(addr: SocketAddr, game: &str, token: &str, text: &str) {
    let (status, v) = post(
        addr,
        &format!("/api/v1/games/{game}/actions"),
        json!({ "token": token, "action": "move", "move": text }),
    )
    .await;
    assert_eq!(status, 200, "{text}: {v}");
}

async fn meet_and_play(postgres: Option<String>) {
    let name = if postgres.is_some() {
        "meet_pg"
    } else {
        "meet_sqlite"
    };
    let (a, b) = servers(postgres, name, config()).await;
    let alice = register(a, "alice").await;
    let bob = register(b, "bob").await;
    // Names are one player's in any case, on every server.
    let (status, v) = post(b, "/api/v1/players", json!({ "name": "ALICE" })).await;
    assert_eq!(status, 409, "{v}");
    let (status, _) = post(a, "/api/v1/players", json!({ "name": "ev\u{202E}il" })).await;
    assert_eq!(status, 400);

    // Bob watches the lobby on B; Alice posts a rated challenge on A.
    let mut bobs_lobby = socket(b, "/api/v1/lobby/ws").await;
    next(&mut bobs_lobby, Duration::from_secs(2), |v| {
        v["type"] == "lobby"
    })
    .await;
    let posted_at = Instant::now();
    let (status, posted) = post(
        a,
        "/api/v1/challenges",
        json!({ "game": "chess", "rated": true, "side": "white", "clock": "5+3", "key": alice }),
    )
    .await;
    assert_eq!(status, 201, "{posted}");
    let (id, alice_token) = (
        posted["id"].as_str().unwrap().to_string(),
        posted["token"].as_str().unwrap().to_string(),
    );
    // Pushed to B's lobby within a second (NOTIFY between the servers).
    let seen = next(&mut bobs_lobby, Duration::from_secs(1), |v| lists(v, &id)).await;
    assert!(posted_at.elapsed() < Duration::from_secs(1));
    let listed = seen["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(listed["name"], "alice");
    assert_eq!(listed["rating"], 1500.0);
    assert_eq!(
        (listed["rated"].clone(), listed["clock"].clone()),
        (json!(true), json!("5+3"))
    );
    let listed = until(b, "/api/v1/challenges", Duration::from_secs(1), |v| {
        lists(v, &id)
    })
    .await;
    assert!(
        listed["challenges"][0].get("token").is_none(),
        "no secret in the list"
    );

    // Alice's page follows her challenge on A.
    let mut alices_lobby = socket(a, "/api/v1/lobby/ws").await;
    alices_lobby
        .send(Message::text(
            json!({ "type": "mine", "challenges": [{ "id": id, "token": alice_token }] })
                .to_string(),
        ))
        .await
        .unwrap();

    // A key is its player's only; a rated game is between players; nobody
    // accepts their own challenge; the seat waits for an acceptor.
    let accept = format!("/api/v1/challenges/{id}/accept");
    let (status, v) = post(b, &accept, json!({ "key": alice, "name": "bob" })).await;
    assert_eq!(status, 403, "{v}");
    let (status, v) = post(b, &accept, json!({})).await;
    assert_eq!(status, 401, "{v}");
    let (status, v) = post(a, &accept, json!({ "key": alice })).await;
    assert_eq!(status, 409, "{v}");
    let seat = format!("/api/v1/challenges/{id}/seat");
    let (status, v) = post(a, &seat, json!({ "key": alice })).await;
    assert_eq!(status, 409, "{v}");
    let (status, v) = post(a, &seat, json!({ "key": bob })).await;
    assert_eq!(status, 403, "{v}");

    // Bob accepts on B: the game starts for both.
    let (status, accepted) = post(b, &accept, json!({ "key": bob, "name": "bob" })).await;
    assert_eq!(status, 200, "{accepted}");
    let game = accepted["game"].as_str().unwrap().to_string();
    let bob_token = accepted["token"].as_str().unwrap().to_string();
    let told = next(&mut alices_lobby, Duration::from_secs(1), |v| {
        v["type"] == "accepted"
    })
    .await;
    assert_eq!(told["game"], game.as_str());
    assert_eq!(told["token"], alice_token.as_str());
    let (status, v) = post(a, &seat, json!({ "key": alice })).await;
    assert_eq!((status, v["game"].clone()), (200, json!(game)), "{v}");
    let (status, v) = post(b, &accept, json!({ "key": bob })).await;
    assert_eq!(status, 409, "accepted once: {v}");
    // Gone from every lobby, listed among the games being played.
    for server in [a, b] {
        until(server, "/api/v1/challenges", Duration::from_secs(1), |v| {
            !lists(v, &id)
        })
        .await;
        let live = until(server, "/api/v1/live", Duration::from_secs(1), |v| {
            v["games"]
                .as_array()
                .is_some_and(|g| g.iter().any(|g| g["id"] == game.as_str()))
        })
        .await;
        let entry = &live["games"][0];
        assert_eq!(
            (entry["white"].clone(), entry["black"].clone()),
            (json!("alice"), json!("bob"))
        );
        assert_eq!(entry["ply"], 0);
    }

    // A spectator on A, with no seat, sees every move and the clocks; the
    // players are told how many watch.
    let mut alices_game = socket(a, &format!("/api/v1/games/{game}/ws")).await;
    let _ = alices_game; // a watcher too, until the seat's token is sent
    let mut spectator = socket(a, &format!("/api/v1/games/{game}/ws")).await;
    let start = next(&mut spectator, Duration::from_secs(2), |v| {
        v.get("moves").is_some()
    })
    .await;
    assert_eq!(start["names"], json!(["alice", "bob"]));
    assert_eq!(start["lobby"]["rated"], true);
    assert_eq!(start["clock"]["remaining"], json!([300_000, 300_000]));
    next(&mut alices_game, Duration::from_secs(2), |v| {
        v["type"] == "spectators" && v["count"] == 2
    })
    .await;
    // One more on B: counted on every server, told to the players on A
    // (from the other server: at the lobby's next look, within 2 s).
    let _on_b = socket(b, &format!("/api/v1/games/{game}/ws")).await;
    next(&mut alices_game, Duration::from_secs(5), |v| {
        v["type"] == "spectators" && v["count"] == 3
    })
    .await;
    for server in [a, b] {
        until(server, "/api/v1/live", Duration::from_secs(3), |v| {
            v["games"][0]["spectators"] == 3
        })
        .await;
    }
    let fools_mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
    for (i, text) in fools_mate.iter().enumerate() {
        let (server, token) = if i % 2 == 0 {
            (a, &alice_token)
        } else {
            (b, &bob_token)
        };
        play(server, &game, token, text).await;
        let state = next(&mut spectator, Duration::from_secs(2), |v| {
            v["ply"] == i + 1
        })
        .await;
        assert_eq!(state["moves"][i], *text);
        assert!(state["clock"]["remaining"].is_array(), "{state}");
    }
    drop(alices_game);

    // Both ratings change once, as Glicko-2 computes them from the start
    // (1500, 350, 0.06): the winner 1662, the loser 1338, both 290 (the
    // skillratings crate's documented example; worked by hand in
    // lobby/ratings.rs's test).
    for server in [a, b] {
        let bob_seen = until(server, "/api/v1/players/bob", Duration::from_secs(5), |v| {
            v["ratings"]["chess"]["games"] == 1
        })
        .await;
        assert_eq!(bob_seen["ratings"]["chess"]["rating"], 1662.0);
        assert_eq!(bob_seen["ratings"]["chess"]["deviation"], 290.0);
        let alice_seen = until(
            server,
            "/api/v1/players/Alice",
            Duration::from_secs(1),
            |v| v["ratings"]["chess"]["games"] == 1,
        )
        .await;
        assert_eq!(alice_seen["name"], "alice");
        assert_eq!(alice_seen["ratings"]["chess"]["rating"], 1338.0);
        let results = alice_seen["results"].as_array().unwrap();
        assert_eq!(results.len(), 1, "{results:?}");
        assert_eq!(results[0]["result"], "0-1");
        assert_eq!(results[0]["white_change"], -162.0);
        until(server, "/api/v1/live", Duration::from_secs(1), |v| {
            v["games"].as_array().is_some_and(|g| g.is_empty())
        })
        .await;
    }
    // Looked at again by both servers for a while: still counted once.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, v) = get(b, "/api/v1/players/bob").await;
    assert_eq!(v["ratings"]["chess"]["games"], 1, "{v}");
    assert_eq!(v["results"].as_array().unwrap().len(), 1);
    let (_, board) = get(a, "/api/v1/leaderboard/chess").await;
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bob", "alice"]);
    // The finished game stays at its link.
    let (status, v) = get(b, &format!("/api/v1/games/{game}")).await;
    assert_eq!(status, 200);
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);

    // A challenge cancelled disappears for everyone; only its creator
    // may cancel it.
    let (_, again) = post(
        a,
        "/api/v1/challenges",
        json!({ "game": "chess", "key": alice }),
    )
    .await;
    let again = again["id"].as_str().unwrap().to_string();
    next(&mut bobs_lobby, Duration::from_secs(1), |v| {
        lists(v, &again)
    })
    .await;
    let path = format!("/api/v1/challenges/{again}");
    let delete = |key: &str| {
        let body = json!({ "key": key });
        let path = path.clone();
        async move {
            chess3d_server::loadtest::http(b, "DELETE", &path, Some(&body))
                .await
                .unwrap()
        }
    };
    assert_eq!(delete(&bob).await.0, 403);
    assert_eq!(delete(&alice).await.0, 204);
    next(&mut bobs_lobby, Duration::from_secs(1), |v| {
        v["type"] == "lobby" && !lists(v, &again)
    })
    .await;
    until(a, "/api/v1/challenges", Duration::from_secs(1), |v| {
        !lists(v, &again)
    })
    .await;

    // Three open challenges per address; the fourth is refused (429).
    for _ in 0..3 {
        let (status, v) = post(a, "/api/v1/challenges", json!({ "game": "chess" })).await;
        assert_eq!(status, 201, "{v}");
    }
    let (status, v) = post(b, "/api/v1/challenges", json!({ "game": "chess" })).await;
    assert_eq!(status, 429, "{v}");
}

#[test]
fn players_meet_in_the_lobby_and_their_ratings_change_once_sqlite() {
    support::runtime().block_on(meet_and_play(None));
}

#[test]
fn players_meet_in_the_lobby_and_their_ratings_change_once_postgres() {
    let url = support::new_database(&support::postgres_server(), "lobby_meet");
    support::runtime().block_on(meet_and_play(Some(url)));
}

/// A game nobody begins is aborted: no result, no rating, no more moves;
/// a challenge whose creator left is withdrawn.
#[test]
fn a_game_not_begun_is_aborted_and_a_left_challenge_withdrawn() {
    support::runtime().block_on(async {
        let config = Config {
            abort_after: Duration::from_secs(1),
            challenge_left_after: Duration::from_secs(1),
            ..config()
        };
        let (a, _) = servers(None, "abort", config).await;
        let carol = register(a, "carol").await;
        let dave = register(a, "dave").await;
        let (_, posted) = post(
            a,
            "/api/v1/challenges",
            json!({ "game": "chess", "rated": true, "side": "black", "key": carol }),
        )
        .await;
        let id = posted["id"].as_str().unwrap().to_string();
        let token = posted["token"].as_str().unwrap().to_string();
        // Its creator's socket keeps it open past the second.
        let mut lobby = socket(a, "/api/v1/lobby/ws").await;
        lobby
            .send(Message::text(
                json!({ "type": "mine", "challenges": [{ "id": id, "token": token }] }).to_string(),
            ))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_secs(3)).await;
        let (_, v) = get(a, "/api/v1/challenges").await;
        assert!(lists(&v, &id), "{v}");
        let (status, accepted) = post(
            a,
            &format!("/api/v1/challenges/{id}/accept"),
            json!({ "key": dave }),
        )
        .await;
        assert_eq!(status, 200, "{accepted}");
        let game = accepted["game"].as_str().unwrap().to_string();
        let dave_token = accepted["token"].as_str().unwrap().to_string();
        let state = until(
            a,
            &format!("/api/v1/games/{game}"),
            Duration::from_secs(5),
            |v| v["aborted"].is_string(),
        )
        .await;
        assert!(
            state["aborted"]
                .as_str()
                .unwrap()
                .contains("White did not move"),
            "{state}"
        );
        assert_eq!(state["view"]["legal"], json!([]), "no move is offered");
        let (status, v) = post(
            a,
            &format!("/api/v1/games/{game}/actions"),
            json!({ "token": dave_token, "action": "move", "move": "e2e4" }),
        )
        .await;
        assert_eq!(status, 409, "{v}");
        let profile = until(a, "/api/v1/players/dave", Duration::from_secs(2), |v| {
            v["results"].as_array().is_some_and(|r| r.len() == 1)
        })
        .await;
        assert_eq!(profile["results"][0]["result"], "aborted");
        assert_eq!(
            profile["ratings"],
            json!({}),
            "no rating from an aborted game"
        );

        // Posted, and no socket of its creator: withdrawn after a second.
        let (_, posted) = post(a, "/api/v1/challenges", json!({ "game": "chess" })).await;
        let left = posted["id"].as_str().unwrap().to_string();
        until(a, "/api/v1/challenges", Duration::from_secs(5), |v| {
            !lists(v, &left)
        })
        .await;
    });
}

/// Two games of one player ending at once, taken by two servers at once:
/// each counts (the second waits for the first's rating, rather than
/// reading the same one and overwriting its change). Checked against
/// Glicko-2 applied twice in turn.
#[test]
fn two_games_of_one_player_ending_at_once_both_count() {
    use chess3d_server::lobby::ratings;
    use chess3d_server::store::lobby as rows;
    use chess3d_server::Store;

    let url = support::new_database(&support::postgres_server(), "lobby_race");
    let db = Database::Postgres(url);
    let stores = [Store::connect(&db).unwrap(), Store::connect(&db).unwrap()];
    let challenge = |i: usize, opponent: &str| rows::ChallengeRow {
        id: format!("c{i}"),
        game: "chess".into(),
        clock: None,
        side: "white".into(),
        rated: true,
        name: Some("alice".into()),
        rating: None,
        min_rating: None,
        max_rating: None,
        client: "127.0.0.1".into(),
        token: format!("t{i}"),
        created: 0,
        seen: 0,
        game_id: Some(format!("g{i}")),
        white: Some("alice".into()),
        black: Some(opponent.into()),
        white_rating: None,
        black_rating: None,
        accepted: Some(0),
    };
    let games = [challenge(1, "bob"), challenge(2, "carol")];
    let setup = games.clone();
    stores[0]
        .lobby(move |db| {
            for (name, key) in [("alice", "ka"), ("bob", "kb"), ("carol", "kc")] {
                assert!(rows::add_player(db, name, key, 0)?);
            }
            for c in &setup {
                assert!(rows::add_challenge(db, c, 10)?);
            }
            Ok(())
        })
        .unwrap();
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|s| {
        for (store, c) in stores.iter().zip(games.clone()) {
            let barrier = &barrier;
            s.spawn(move || {
                barrier.wait();
                let taken = store
                    .lobby(move |db| ratings::finish(db, &c, "1-0", 10, 1))
                    .unwrap();
                assert!(taken.is_some());
            });
        }
    });
    let alice = stores[1]
        .lobby(|db| rows::rating(db, "alice", "chess"))
        .unwrap()
        .unwrap();
    assert_eq!(alice.games, 2, "{alice:?}");
    // Two wins in turn against new players, whichever came first (the
    // opponents start alike).
    let (once, _) = ratings::rate(ratings::starting(), ratings::starting(), 1.0);
    let (twice, _) = ratings::rate(once, ratings::starting(), 1.0);
    assert!(
        (alice.rating - twice.rating).abs() < 1e-6,
        "{alice:?} {twice:?}"
    );
    // Taken again: nothing changes.
    let again = games[0].clone();
    let taken = stores[0]
        .lobby(move |db| ratings::finish(db, &again, "1-0", 10, 1))
        .unwrap();
    assert!(taken.is_none());
}
