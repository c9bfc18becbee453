//! `chess3d serve` as a process (issue 20): every acknowledged move, seat
//! and draw offer survives SIGKILL; unusable databases and unknown `--db`
//! URLs are one line at start; a flood of engine games is answered with
//! bounded memory and threads while a cheap GET stays fast.

mod common;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use serde_json::{json, Value};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess3d-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `chess3d serve` on a free port with `db`; the process and its
/// address.
fn start(db: &Path) -> (Child, SocketAddr) {
    common::serve(db.as_os_str(), &[])
}

fn act(addr: SocketAddr, id: &str, body: Value) -> Value {
    let (status, state) = common::http(
        addr,
        "POST",
        &format!("/api/v1/games/{id}/actions"),
        Some(body),
    );
    assert_eq!(status, 200, "{state}");
    state
}

/// The server is killed with SIGKILL right after its answer to a draw
/// offer: after a restart every acknowledged move, both seats and the
/// offer are there, and both tokens still play.
#[test]
fn every_acknowledged_change_survives_a_kill() {
    let db = temp_dir("kill").join("games.db");
    let (mut server, addr) = start(&db);
    let (status, created) = common::http(
        addr,
        "POST",
        "/api/v1/games",
        Some(json!({ "game": "chess", "mode": "remote" })),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let white = created["token"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap();
    let (status, joined) = common::http(
        addr,
        "POST",
        &format!("/api/v1/games/{id}/join"),
        Some(json!({ "invite": invite })),
    );
    assert_eq!(status, 200, "{joined}");
    let black = joined["token"].as_str().unwrap().to_string();
    act(
        addr,
        &id,
        json!({ "token": white, "action": "move", "move": "e2e4" }),
    );
    act(
        addr,
        &id,
        json!({ "token": black, "action": "move", "move": "e7e5" }),
    );
    let offered = act(addr, &id, json!({ "token": white, "action": "draw" }));
    assert_eq!(offered["draw_offer"], 0);
    server.kill().unwrap(); // SIGKILL
    server.wait().unwrap();

    let (mut server, addr) = start(&db);
    let (status, state) = common::http(addr, "GET", &format!("/api/v1/games/{id}"), None);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"], json!(["e2e4", "e7e5"]));
    assert_eq!(state["draw_offer"], 0);
    assert_eq!(state["seats"][0]["taken"], true);
    assert_eq!(state["seats"][1]["taken"], true);
    // Black's token answers the offer; White's plays on.
    let declined = act(addr, &id, json!({ "token": black, "action": "decline" }));
    assert_eq!(declined["draw_offer"], Value::Null);
    let moved = act(
        addr,
        &id,
        json!({ "token": white, "action": "move", "move": "g1f3" }),
    );
    assert_eq!(moved["ply"], 3);
    server.kill().unwrap();
    server.wait().unwrap();
}

/// Runs `chess3d serve` expecting it to fail at start: its one line.
fn fails_at_start(args: &[&str], as_nobody: bool) -> String {
    let bin = env!("CARGO_BIN_EXE_chess3d");
    let mut command = if as_nobody {
        // Root writes any file: the read-only case runs as nobody.
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        c
    } else {
        Command::new(bin)
    };
    let out = command
        .args(["serve", "--port", "0"])
        .args(args)
        .output()
        .unwrap();
    assert!(!out.status.success(), "{args:?} started");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn unusable_databases_and_unknown_urls_are_one_line_at_start() {
    let err = fails_at_start(&["--db", "mysql://user@host/db"], false);
    assert!(err.contains("'mysql://'"), "{err}");
    assert!(
        !Path::new("mysql:").exists(),
        "no folder named after the URL"
    );
    // A PostgreSQL server that is not there (nothing listens on a port
    // just closed), its password never shown.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("postgres://chess:secret@127.0.0.1:{port}/games");
    let err = fails_at_start(&["--db", &url], false);
    assert!(
        err.contains("cannot use the database") && !err.contains("secret"),
        "{err}"
    );

    let dir = temp_dir("bad");
    let text = dir.join("notes.txt");
    std::fs::write(
        &text,
        "not a database, only a long enough text file\n".repeat(30),
    )
    .unwrap();
    let err = fails_at_start(&["--db", text.to_str().unwrap()], false);
    assert!(err.contains("not a chess3d database"), "{err}");

    // A chess3d database the server may only read.
    let read_only = dir.join("read-only.db");
    let (mut server, _) = start(&read_only);
    server.kill().unwrap();
    server.wait().unwrap();
    use std::os::unix::fs::PermissionsExt;
    let root = is_root();
    if root {
        // The server runs as nobody: its files are nobody's.
        for entry in std::fs::read_dir(&dir).unwrap() {
            std::os::unix::fs::chown(entry.unwrap().path(), Some(65534), Some(65534)).unwrap();
        }
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = fails_at_start(&["--db", read_only.to_str().unwrap()], root);
    assert!(err.contains("is read-only"), "{err}");
}

/// Whether this test runs as root (the owner of /proc/self is uid 0).
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

/// The measurement, in CI: 120 games against the engine at 5 s a
/// move, requested as fast as one client can, while a cheap GET is timed.
/// Before the limits: all 120 accepted, 1,403 MB, 244 threads, GET up to
/// 154 ms (the closing note of issue 20). Then another client's engine
/// game is next in the queue, and moves within the 5 s search running and
/// its own (issue 54: in order of arrival it waited behind all of the
/// first client's games).
#[test]
fn a_flood_of_engine_games_is_answered_within_bounds() {
    let out = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(["loadtest", "--flood", "120", "--movetime", "5000"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let number = |after: &str, before: &str| -> f64 {
        let rest = text
            .split(after)
            .nth(1)
            .unwrap_or_else(|| panic!("no '{after}' in {text}"));
        rest.split(before).next().unwrap().trim().parse().unwrap()
    };
    let answered = number("requested: ", " created")
        + number("(201), ", " limited")
        + number("(429), ", " busy");
    assert_eq!(answered, 120.0, "{text}");
    assert!(number("max ", " ms") < 200.0, "{text}");
    assert!(number("peak memory ", " MB") < 1536.0, "{text}");
    assert!(number("most threads ", "\n") < 64.0, "{text}");
    assert!(
        text.contains("another client's engine game then: queued=0")
            || text.contains("another client's engine game then: searching at once"),
        "{text}"
    );
    assert!(number("its first engine move after ", " s") < 7.0, "{text}");
}
