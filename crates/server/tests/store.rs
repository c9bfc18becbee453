//! The store's tests, each run on both databases: an SQLite file, and a
//! fresh database on the throwaway PostgreSQL server that
//! scripts/with-postgres starts (scripts/test runs every test under it;
//! CHESS3D_TEST_POSTGRES is its address).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use chess3d_server::hub::{Action, Mode, NewGame};
use chess3d_server::store::{GameRow, SeatRow};
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
    one_server_uses_a_database_at_a_time,
);

/// The PostgreSQL server's address, without a database.
fn postgres_server() -> String {
    std::env::var("CHESS3D_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "CHESS3D_TEST_POSTGRES is not set: run the tests under scripts/with-postgres \
             (scripts/test does), which starts a throwaway PostgreSQL server"
        )
    })
}

/// Runs `sql` on the server's `postgres` database (to make and drop the
/// tests' databases) or on `database`.
fn admin(database: &str, sql: &str) {
    let url = format!("{}/{database}", postgres_server());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot reach the test server at {url}: {e}"));
        tokio::spawn(connection);
        client
            .batch_execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    });
}

/// A new, empty database of `kind` for the test `name`.
fn fresh(kind: Kind, name: &str) -> Database {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let unique = format!(
        "{name}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    match kind {
        Kind::Sqlite => {
            let dir: PathBuf = std::env::temp_dir().join(format!("chess3d-store-{unique}"));
            let _ = std::fs::remove_dir_all(&dir);
            Database::File(dir.join("games.db"))
        }
        Kind::Postgres => {
            let database = format!("chess3d_{unique}").to_lowercase();
            admin("postgres", &format!("CREATE DATABASE {database}"));
            Database::Postgres(format!("{}/{database}", postgres_server()))
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
        Database::Postgres(url) => admin(url.rsplit('/').next().unwrap(), postgres),
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
    }
}

fn a_saved_game_reads_back_and_a_second_save_replaces_it(kind: Kind) {
    let db = fresh(kind, "replace");
    let store = Store::connect(&db).unwrap();
    let mut game = row("g1");
    store.save(&game).unwrap();
    assert_eq!(store.load("g1").unwrap(), Some(game.clone()));
    game.record = "[Game \"chess\"]\n\n1. e4 *\n".into();
    game.draw_offer = Some(1);
    game.clock = Some([59_500, 60_000]);
    game.seats[1] = seat("engine", None);
    game.version = 7;
    store.save(&game).unwrap();
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
    store.save(&game).unwrap();
    assert_eq!(store.load(&game.id).unwrap(), Some(game.clone()));
    // The games table is still there, with the one game.
    store.save(&row("g3")).unwrap();
    assert!(store.load("g3").unwrap().is_some());
}

fn only_games_unchanged_since_the_cutoff_are_deleted(kind: Kind) {
    let store = Store::connect(&fresh(kind, "expire")).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    store.save(&row("a")).unwrap();
    store.save(&row("b")).unwrap();
    // Both were changed just now: a cutoff a minute ago deletes neither.
    assert!(store.delete_unchanged_since(now - 60).unwrap().is_empty());
    assert!(store.load("a").unwrap().is_some());
    let mut deleted = store.delete_unchanged_since(now + 60).unwrap();
    deleted.sort();
    assert_eq!(deleted, ["a", "b"]);
    assert_eq!(store.load("a").unwrap(), None);
    // The farthest cutoff there is deletes too (it is no negative number
    // to the database).
    store.save(&row("c")).unwrap();
    assert_eq!(store.delete_unchanged_since(u64::MAX).unwrap(), ["c"]);
}

fn a_database_from_a_newer_chess3d_is_refused(kind: Kind) {
    let db = fresh(kind, "newer");
    let store = Store::connect(&db).unwrap();
    store.save(&row("kept")).unwrap();
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
        "PRAGMA user_version = 4",
        "UPDATE chess3d_schema SET version = 1",
    );
    assert!(Store::connect(&db).unwrap().load("kept").unwrap().is_some());
}

/// A game created, moved in, resigned through the hub is the same game for
/// a new hub on the same database (the server restarted).
fn games_survive_a_restart_of_the_server(kind: Kind) {
    let db = fresh(kind, "restart");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
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
    assert_eq!(err.status.as_u16(), 409, "{err}");
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
    // A free port, closed again: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
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

/// One server at a time on a database (until several keep their games in
/// step): of servers started together, one starts and the others are told
/// why; once it stops, the next starts at once.
fn one_server_uses_a_database_at_a_time(kind: Kind) {
    let db = fresh(kind, "one");
    let starts: Vec<anyhow::Result<Store>> = std::thread::scope(|s| {
        let starts: Vec<_> = (0..4).map(|_| s.spawn(|| Store::connect(&db))).collect();
        starts.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let (started, refused): (Vec<_>, Vec<_>) = starts.into_iter().partition(|s| s.is_ok());
    assert_eq!((started.len(), refused.len()), (1, 3));
    for err in refused {
        let err = format!("{:#}", err.err().unwrap());
        assert!(
            err.contains("another chess3d serve") && !err.contains('\n'),
            "{err}"
        );
    }
    let first = started.into_iter().next().unwrap().unwrap();
    first.save(&row("kept")).unwrap();
    drop(first);
    let next = Store::connect(&db).unwrap();
    assert_eq!(next.load("kept").unwrap(), Some(row("kept")));
}
