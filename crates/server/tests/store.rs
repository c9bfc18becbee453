//! The store's tests, each run on both databases: an SQLite file, and a
//! fresh database on the throwaway PostgreSQL server that
//! scripts/with-postgres starts (scripts/test runs every test under it;
//! CHESS3D_TEST_POSTGRES is its address); then what only PostgreSQL does,
//! for several servers sharing it: the notifications and the engine
//! turns' leases.

mod support;

use std::path::PathBuf;

use chess3d_server::hub::{Action, Mode, NewGame};
use chess3d_server::store::{Change, GameRow, Saved, SeatRow};
use chess3d_server::{Database, Hub, Store};
use serde_json::json;

/// A database for one test: `Sqlite` a new file, `Postgres` a new database.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Sqlite,
    Postgres,
}

/// Runs each named test on both databases.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        $(mod $name {
            #[test]
            fn sqlite() {
                super::$name(super::Kind::Sqlite);
            }
            #[test]
            fn postgres() {
                super::$name(super::Kind::Postgres);
            }
        })*
    };
}

on_both!(
    a_saved_game_reads_back_and_a_second_save_replaces_it,
    text_of_every_kind_reads_back_unchanged,
    only_games_unchanged_since_the_cutoff_are_deleted,
    a_database_from_a_newer_chess3d_is_refused,
    games_survive_a_restart_of_the_server,
    a_change_from_a_version_not_stored_is_refused,
    of_changes_made_at_once_from_one_version_one_is_stored,
);

/// A new, empty database of `kind` for the test `name`.
fn fresh(kind: Kind, name: &str) -> Database {
    match kind {
        Kind::Sqlite => {
            let dir: PathBuf =
                std::env::temp_dir().join(format!("chess3d-store-{}", support::unique(name)));
            let _ = std::fs::remove_dir_all(&dir);
            Database::File(dir.join("games.db"))
        }
        Kind::Postgres => {
            Database::Postgres(support::new_database(&support::postgres_server(), name))
        }
    }
}

/// Runs `sql` on the database of `db` itself, as a person with its
/// administration tools would.
fn tamper(db: &Database, sqlite: &str, postgres: &str) {
    match db {
        Database::File(path) => rusqlite::Connection::open(path)
            .unwrap()
            .execute_batch(sqlite)
            .unwrap(),
        Database::Postgres(url) => support::admin(
            &support::postgres_server(),
            url.rsplit('/').next().unwrap(),
            postgres,
        ),
    }
}

fn seat(player: &str, token: Option<&str>) -> SeatRow {
    SeatRow {
        player: player.into(),
        skill: 20,
        movetime: 1000,
        token_hash: token.map(String::from),
        invite_hash: None,
    }
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        game: "chess".into(),
        mode: "local".into(),
        record: "[Game \"chess\"]\n\n*\n".into(),
        seats: [seat("human", Some("t")), seat("human", Some("t"))],
        draw_offer: None,
        clock: None,
        version: 0,
        note: None,
        rematch_offer: None,
        rematch: None,
        clock_at: None,
        extra: Default::default(),
    }
}

fn a_saved_game_reads_back_and_a_second_save_replaces_it(kind: Kind) {
    let db = fresh(kind, "replace");
    let store = Store::connect(&db).unwrap();
    let mut game = row("g1");
    assert_eq!(store.save(&game, None).unwrap(), Saved::Stored);
    assert_eq!(store.load("g1").unwrap(), Some(game.clone()));
    game.record = "[Game \"chess\"]\n\n1. e4 *\n".into();
    game.draw_offer = Some(1);
    game.clock = Some([59_500, 60_000]);
    game.clock_at = Some(1_795_000_000_123);
    game.seats[1] = seat("engine", None);
    game.version = 7;
    game.note = Some("Black offers a draw".into());
    game.rematch_offer = Some(0);
    game.rematch = Some("next".into());
    game.extra = chess3d_server::store::Extra {
        hints_allowed: true,
        takeback_offer: Some(1),
        hints_given: vec![chess3d_server::store::GivenHint {
            ply: 0,
            side: 0,
            label: "e4".into(),
            summary: Some("+0.37 depth 9".into()),
        }],
        lobby: Some(chess3d_server::store::LobbyTerms {
            rated: true,
            players: [Some("alice".into()), None],
            ratings: [Some(1662.25), None],
        }),
        aborted: Some("aborted: White did not move within 60 s".into()),
    };
    assert_eq!(store.save(&game, Some(0)).unwrap(), Saved::Stored);
    // A second store on the same database (the server restarted) reads
    // the second save: the schema is not made twice.
    drop(store);
    let store = Store::connect(&db).unwrap();
    assert_eq!(store.load("g1").unwrap(), Some(game));
    assert_eq!(store.load("nope").unwrap(), None);
    assert_eq!(store.load("").unwrap(), None);
}

fn text_of_every_kind_reads_back_unchanged(kind: Kind) {
    let store = Store::connect(&fresh(kind, "text")).unwrap();
    let mut game = row("g'2\"; DROP TABLE games; --");
    game.record =
        "[White \"O'Brien \\\"Ó\\\" 象棋 ♞\"]\n\n{ a\ttab, a \\ and a NUL-free 💡 }\n*\n".into();
    game.seats[0].token_hash = Some("'; SELECT 1; --".into());
    game.seats[1].invite_hash = Some("\\x00".into());
    game.clock = Some([u64::from(u32::MAX) * 4, 0]);
    game.draw_offer = Some(0);
    game.version = u64::from(u32::MAX) + 1;
    game.note = Some("it's \"O'Brien\" 💡 -- ; \\".into());
    game.rematch = Some("'; --".into());
    store.save(&game, None).unwrap();
    assert_eq!(store.load(&game.id).unwrap(), Some(game.clone()));
    // The games table is still there, with the one game.
    store.save(&row("g3"), None).unwrap();
    assert!(store.load("g3").unwrap().is_some());
}

fn only_games_unchanged_since_the_cutoff_are_deleted(kind: Kind) {
    let store = Store::connect(&fresh(kind, "expire")).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    store.save(&row("a"), None).unwrap();
    store.save(&row("b"), None).unwrap();
    // Both were changed just now: a cutoff a minute ago deletes neither.
    assert!(store.delete_unchanged_since(now - 60).unwrap().is_empty());
    assert!(store.load("a").unwrap().is_some());
    let mut deleted = store.delete_unchanged_since(now + 60).unwrap();
    deleted.sort();
    assert_eq!(deleted, ["a", "b"]);
    assert_eq!(store.load("a").unwrap(), None);
    // The farthest cutoff there is deletes too (it is no negative number
    // to the database).
    store.save(&row("c"), None).unwrap();
    assert_eq!(store.delete_unchanged_since(u64::MAX).unwrap(), ["c"]);
}

fn a_database_from_a_newer_chess3d_is_refused(kind: Kind) {
    let db = fresh(kind, "newer");
    let store = Store::connect(&db).unwrap();
    store.save(&row("kept"), None).unwrap();
    drop(store);
    tamper(
        &db,
        "PRAGMA user_version = 99",
        "UPDATE chess3d_schema SET version = 99",
    );
    let err = format!("{:#}", Store::connect(&db).err().unwrap());
    assert!(
        err.contains("newer chess3d") && err.contains("99") && !err.contains('\n'),
        "{err}"
    );
    // Put back, the database is used again with its game.
    tamper(
        &db,
        "PRAGMA user_version = 8",
        "UPDATE chess3d_schema SET version = 5",
    );
    assert!(Store::connect(&db).unwrap().load("kept").unwrap().is_some());
}

/// A game created, moved in, resigned through the hub is the same game for
/// a new hub on the same database (the server restarted).
fn games_survive_a_restart_of_the_server(kind: Kind) {
    let db = fresh(kind, "restart");
    let runtime = support::runtime();
    let _inside = runtime.enter();
    let (id, token) = {
        let hub = Hub::new(Store::connect(&db).unwrap());
        let created = hub
            .create(NewGame {
                game: Some("polyhedron".into()),
                mode: Some(Mode::Remote),
                ..NewGame::default()
            })
            .unwrap();
        let legal = created.state["view"]["legal"][0]["text"]
            .as_str()
            .unwrap()
            .to_string();
        let moved = Action::Move {
            r#move: legal,
            ply: None,
        };
        hub.act(&created.id, Some(&created.token), moved).unwrap();
        (created.id, created.token)
    };
    let hub = Hub::new(Store::connect(&db).unwrap());
    let state = hub.get(&id).unwrap().current_state();
    assert_eq!(state["ply"], 1);
    assert_eq!(state["seats"][1]["taken"], false);
    // The token still plays White only, and an action needs it.
    let black = Action::Move {
        r#move: "Bc2-Ae4".into(),
        ply: None,
    };
    let err = hub.act(&id, Some(&token), black).unwrap_err();
    assert_eq!(err.kind, chess3d_server::error::Kind::Conflict, "{err}");
    hub.act(&id, None, Action::Resign).unwrap_err();
    hub.act(&id, Some(&token), Action::Resign).unwrap();
    drop(hub);
    let hub = Hub::new(Store::connect(&db).unwrap());
    let state = hub.get(&id).unwrap().current_state();
    assert_eq!(state["view"]["result"], json!(["0-1", "White resigns"]));
}

#[test]
fn postgres_refuses_a_database_that_is_not_chess3ds() {
    let db = fresh(Kind::Postgres, "foreign");
    tamper(&db, "", "CREATE TABLE games (name TEXT)");
    let err = format!("{:#}", Store::connect(&db).err().unwrap());
    assert!(
        err.contains("not chess3d's") && !err.contains('\n'),
        "{err}"
    );
}

#[test]
fn postgres_that_cannot_be_reached_is_said_in_one_line() {
    let port = support::free_port();
    let url = format!("postgres://chess:secret@127.0.0.1:{port}/games");
    let started = std::time::Instant::now();
    let err = format!(
        "{:#}",
        Store::connect(&Database::Postgres(url)).err().unwrap()
    );
    assert!(
        err.contains(&format!("127.0.0.1:{port}"))
            && !err.contains("secret")
            && !err.contains('\n'),
        "{err}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// A change is stored only from the version the database holds: a new
/// game only under an id not taken, a change only from the stored version.
fn a_change_from_a_version_not_stored_is_refused(kind: Kind) {
    let store = Store::connect(&fresh(kind, "version")).unwrap();
    let mut game = row("g");
    assert_eq!(store.save(&game, None).unwrap(), Saved::Stored);
    let mut other = row("g");
    other.record = "[Game \"chess\"]\n\n1. d4 *\n".into();
    assert_eq!(store.save(&other, None).unwrap(), Saved::Stale);
    game.record = "[Game \"chess\"]\n\n1. e4 *\n".into();
    game.version = 1;
    assert_eq!(store.save(&game, Some(0)).unwrap(), Saved::Stored);
    // Another change from version 0 (a server whose copy is behind).
    other.version = 1;
    assert_eq!(store.save(&other, Some(0)).unwrap(), Saved::Stale);
    assert_eq!(store.load("g").unwrap(), Some(game.clone()));
    // A game that is not stored has no version to change from.
    assert_eq!(store.save(&row("none"), Some(0)).unwrap(), Saved::Stale);
    assert_eq!(store.load("none").unwrap(), None);
    // The same version again: the clocks stored at a stop.
    game.clock = Some([1, 2]);
    assert_eq!(store.save(&game, Some(1)).unwrap(), Saved::Stored);
    assert_eq!(store.load("g").unwrap(), Some(game));
}

/// Changes of one game made at once from the same version, by threads
/// sharing a store (SQLite's one server) or each with its own (several
/// PostgreSQL servers): exactly one is stored each time, and it is the one
/// the database holds.
fn of_changes_made_at_once_from_one_version_one_is_stored(kind: Kind) {
    let db = fresh(kind, "race");
    let stores: Vec<Store> = match kind {
        Kind::Sqlite => vec![Store::connect(&db).unwrap()],
        Kind::Postgres => (0..4).map(|_| Store::connect(&db).unwrap()).collect(),
    };
    stores[0].save(&row("g"), None).unwrap();
    for version in 0..20u64 {
        let saved: Vec<(String, Saved)> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..4)
                .map(|i| {
                    let store = &stores[i % stores.len()];
                    s.spawn(move || {
                        let mut game = row("g");
                        game.version = version + 1;
                        game.record = format!("[Game \"chess\"]\n\n{{ {version} by {i} }} *\n");
                        let saved = store.save(&game, Some(version)).unwrap();
                        (game.record, saved)
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let stored: Vec<&String> = saved
            .iter()
            .filter(|(_, s)| *s == Saved::Stored)
            .map(|(record, _)| record)
            .collect();
        assert_eq!(stored.len(), 1, "version {version}: {saved:?}");
        let held = stores[stores.len() - 1].load("g").unwrap().unwrap();
        assert_eq!((&held.record, held.version), (stored[0], version + 1));
    }
}

/// SQLite's file is one server's: a second server on it is refused with a
/// sentence, and starts once the first stops.
#[test]
fn sqlite_is_one_servers_at_a_time() {
    let db = fresh(Kind::Sqlite, "one");
    let first = Store::connect(&db).unwrap();
    let err = format!("{:#}", Store::connect(&db).err().unwrap());
    assert!(
        err.contains("another chess3d serve") && !err.contains('\n'),
        "{err}"
    );
    first.save(&row("kept"), None).unwrap();
    drop(first);
    let next = Store::connect(&db).unwrap();
    assert_eq!(next.load("kept").unwrap(), Some(row("kept")));
}

/// Servers started together on a new PostgreSQL database all start: the
/// schema is made once (its steps under a lock), and each reads what
/// another stored.
#[test]
fn postgres_servers_started_together_share_the_games() {
    let db = fresh(Kind::Postgres, "together");
    let stores: Vec<Store> = std::thread::scope(|s| {
        let starts: Vec<_> = (0..4).map(|_| s.spawn(|| Store::connect(&db))).collect();
        starts
            .into_iter()
            .map(|t| t.join().unwrap().unwrap())
            .collect()
    });
    stores[0].save(&row("kept"), None).unwrap();
    for store in &stores {
        assert_eq!(store.load("kept").unwrap(), Some(row("kept")));
    }
}

/// The next change on `changes`, waiting a second at most.
fn next_change(
    runtime: &tokio::runtime::Runtime,
    changes: &mut tokio::sync::mpsc::UnboundedReceiver<Change>,
) -> Option<Change> {
    let wait = std::time::Duration::from_secs(1);
    runtime
        .block_on(async { tokio::time::timeout(wait, changes.recv()).await })
        .ok()
        .flatten()
}

/// A change one server stores reaches the others within a second, as the
/// game and its new version; a server is not told of its own changes, nor
/// of a change the database refused.
#[test]
fn postgres_tells_the_other_servers_of_each_change() {
    let db = fresh(Kind::Postgres, "notify");
    let (a, b) = (Store::connect(&db).unwrap(), Store::connect(&db).unwrap());
    let (mut to_a, mut to_b) = (a.take_changes().unwrap(), b.take_changes().unwrap());
    assert!(a.take_changes().is_none(), "the changes are taken once");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut game = row("g");
    a.save(&game, None).unwrap();
    game.version = 1;
    let started = std::time::Instant::now();
    a.save(&game, Some(0)).unwrap();
    let change = next_change(&runtime, &mut to_b);
    assert_eq!(
        change,
        Some(Change::Game {
            id: "g".into(),
            version: 1
        })
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    game.version = 2;
    assert_eq!(b.save(&game, Some(0)).unwrap(), Saved::Stale);
    assert_eq!(b.save(&game, Some(1)).unwrap(), Saved::Stored);
    assert_eq!(
        next_change(&runtime, &mut to_a),
        Some(Change::Game {
            id: "g".into(),
            version: 2
        })
    );
    // Nothing more: not A's own change, not B's refused one.
    assert_eq!(next_change(&runtime, &mut to_a), None);
    assert_eq!(next_change(&runtime, &mut to_b), None);
}

/// An engine turn is one server's at a time: the others cannot take it
/// while that server lives, it ends with the game's next change, and once
/// its server stops (renewing nothing) another takes it within the lease.
#[test]
fn postgres_leases_each_engine_turn_to_one_server() {
    let db = fresh(Kind::Postgres, "lease");
    let (a, b) = (Store::connect(&db).unwrap(), Store::connect(&db).unwrap());
    let mut game = row("g");
    game.version = 3;
    a.save(&game, None).unwrap();
    assert!(a.claim_turn("g", 3).unwrap());
    assert!(!b.claim_turn("g", 3).unwrap());
    assert!(a.claim_turn("g", 3).unwrap(), "A's turn stays A's");
    // No turn at a version the game is not at, nor in a game not stored.
    assert!(!b.claim_turn("g", 2).unwrap());
    assert!(!b.claim_turn("g", 4).unwrap());
    assert!(!b.claim_turn("none", 0).unwrap());
    // Well past a lease: A renews it meanwhile.
    std::thread::sleep(std::time::Duration::from_secs(4));
    assert!(!b.claim_turn("g", 3).unwrap());
    // The next change (A's move) ends the turn: the next one is anybody's.
    game.version = 4;
    assert_eq!(a.save(&game, Some(3)).unwrap(), Saved::Stored);
    assert!(b.claim_turn("g", 4).unwrap());
    assert!(!a.claim_turn("g", 4).unwrap());
    // B stops: A takes the turn once B's lease lapses, not before.
    drop(b);
    let stopped = std::time::Instant::now();
    while !a.claim_turn("g", 4).unwrap() {
        assert!(
            stopped.elapsed() < std::time::Duration::from_secs(6),
            "the turn of a server that stopped was not taken over"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let waited = stopped.elapsed();
    // The lease is 3 s, renewed every second: it lapses 2 to 3 s after
    // the stop.
    assert!(
        waited > std::time::Duration::from_millis(1500),
        "taken over after {waited:?}"
    );
}

/// Two hubs on one database, as two servers: every kind of change made
/// through one shows on the other's copy within a second, whether it only
/// adds moves (played on the copy) or not (the copy read anew): moves, a
/// take-back, a draw offer and its refusal, a timed game's moves with
/// their clocks, a resignation.
#[test]
fn postgres_servers_follow_each_others_changes() {
    let db = fresh(Kind::Postgres, "follow");
    let runtime = support::runtime();
    let _inside = runtime.enter();
    let a = Hub::new(Store::connect(&db).unwrap());
    let b = Hub::new(Store::connect(&db).unwrap());
    a.follow_changes();
    b.follow_changes();
    // The state `hub` shows of game `id` once `done` holds of it.
    let shows = |hub: &std::sync::Arc<Hub>, id: &str, done: &dyn Fn(&serde_json::Value) -> bool| {
        let started = std::time::Instant::now();
        loop {
            let state = hub.get(id).unwrap().current_state();
            if done(&state) {
                return state;
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(1),
                "not shown within a second: {}",
                state["moves"]
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    };
    let play = |hub: &std::sync::Arc<Hub>, id: &str, token: &str, action: Action| {
        hub.act(id, Some(token), action).unwrap()
    };
    let moved = |text: &str| Action::Move {
        r#move: text.into(),
        ply: None,
    };
    for clock in [None, Some("5+3".to_string())] {
        let created = a
            .create(NewGame {
                game: Some("chess".into()),
                clock: clock.clone(),
                ..NewGame::default()
            })
            .unwrap();
        let (id, token) = (created.id.as_str(), created.token.as_str());
        b.get(id).unwrap();
        play(&a, id, token, moved("e2e4"));
        play(&a, id, token, moved("e7e5"));
        shows(&b, id, &|s| s["moves"] == json!(["e2e4", "e7e5"]));
        play(&b, id, token, moved("g1f3"));
        let on_a = shows(&a, id, &|s| s["ply"] == 3);
        assert_eq!(on_a["moves"], json!(["e2e4", "e7e5", "g1f3"]));
        if clock.is_some() {
            // The clocks as the server that played stored them.
            assert_eq!(on_a["clock"]["control"], "5+3");
            assert_eq!(on_a["clock"]["running"], 1);
            // A third server reads the game a second later: Black's clock
            // has run there too, as on the servers that had the game.
            std::thread::sleep(std::time::Duration::from_secs(1));
            let c = Hub::new(Store::connect(&db).unwrap());
            let black = |hub: &std::sync::Arc<Hub>| {
                hub.get(id).unwrap().current_state()["clock"]["remaining"][1]
                    .as_i64()
                    .unwrap()
            };
            let (on_c, on_a) = (black(&c), black(&a));
            assert!((on_c - on_a).abs() < 300, "C {on_c} ms, A {on_a} ms");
            assert!(on_c < 5 * 60_000 + 3_000 - 900, "{on_c} ms");
        }
        play(&a, id, token, Action::Undo);
        shows(&b, id, &|s| s["ply"] == 2);
        play(&b, id, token, Action::Draw);
        shows(&a, id, &|s| s["draw_offer"] == 0);
        play(&a, id, token, Action::Draw);
        let drawn = shows(&b, id, &|s| !s["view"]["result"].is_null());
        assert_eq!(drawn["view"]["result"][0], "1/2-1/2");
        assert_eq!(drawn["moves"], json!(["e2e4", "e7e5"]));
    }
    // A resignation after moves, seen by the other server as it is.
    let created = b
        .create(NewGame {
            game: Some("chess".into()),
            ..NewGame::default()
        })
        .unwrap();
    let (id, token) = (created.id.as_str(), created.token.as_str());
    a.get(id).unwrap();
    play(&b, id, token, moved("d2d4"));
    play(&b, id, token, Action::Resign);
    let resigned = shows(&a, id, &|s| !s["view"]["result"].is_null());
    assert_eq!(resigned["moves"], json!(["d2d4"]));
    assert_eq!(resigned["view"]["result"][0], "1-0");
}

/// After a write whose answer was lost, the hub reads the game "settled"
/// (issue 54): on PostgreSQL a read that waits for a transaction holding
/// the row to end, where a plain read sees the row as it was before. A
/// transaction of another connection changes the row and commits half a
/// second later: the plain read answers the old version at once, the
/// settled read the new one, after the commit.
#[test]
fn postgres_reads_a_game_settled_once_a_commit_under_way_ends() {
    let db = fresh(Kind::Postgres, "settled");
    let store = Store::connect(&db).unwrap();
    let mut game = row("g");
    store.save(&game, None).unwrap();
    game.version = 1;
    store.save(&game, Some(0)).unwrap();
    let Database::Postgres(url) = &db else {
        unreachable!()
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let client = runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        client
            .batch_execute("BEGIN; UPDATE games SET version = 2 WHERE id = 'g'")
            .await
            .unwrap();
        client
    });
    let store = std::sync::Arc::new(store);
    let reader = {
        let store = std::sync::Arc::clone(&store);
        std::thread::spawn(move || {
            let plain = store.load("g").unwrap().unwrap().version;
            let start = std::time::Instant::now();
            let settled = store.load_settled("g").unwrap().unwrap().version;
            (plain, settled, start.elapsed())
        })
    };
    // The commit, half a second on, is driven by this runtime.
    runtime.block_on(async {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        client.batch_execute("COMMIT").await.unwrap();
    });
    let (plain, settled, waited) = reader.join().unwrap();
    assert_eq!((plain, settled), (1, 2));
    assert!(
        waited >= std::time::Duration::from_millis(300),
        "{waited:?}"
    );
}
