//! Games read from files at run time (docs/game-files.md, issue 26): a
//! games folder (`--games-dir`, or `CHESS3D_GAMES_DIR`) and a file named by
//! its path, in every command that takes a game.
//!
//! The folder holds Raumschach's file under another id ("cube"): a game
//! nothing in the program knows, whose figures are Raumschach's own, proven
//! in crates/games/tests/games/raumschach_rules.rs against an independent
//! implementation (perft 1 = 61, perft 2 = 3,615).

mod common;

use std::io::Write;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::json;

const RAUMSCHACH: &str = include_str!("../../../games/raumschach.toml");

/// Raumschach's file under the id `id`, outside any folder: its path.
fn raumschach_as(id: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chess3d-files-{}-{id}.toml", std::process::id()));
    let text = RAUMSCHACH.replacen("id = \"raumschach\"", &format!("id = \"{id}\""), 1);
    std::fs::write(&path, text).unwrap();
    path
}

/// A folder of game files: "cube" (Raumschach under another id, and
/// another name), one with a mistake, and one that takes a built-in id.
fn games_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess3d-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cube = RAUMSCHACH
        .replacen("id = \"raumschach\"", "id = \"cube\"", 1)
        .replacen("name = \"Raumschach\"", "name = \"Cube\"", 1);
    assert_ne!(cube, RAUMSCHACH, "the file's id and name were changed");
    std::fs::write(dir.join("cube.toml"), cube).unwrap();
    // Line 2, column 1: a key no game file has.
    std::fs::write(dir.join("broken.toml"), "id = \"broken\"\ncolour = 1\n").unwrap();
    std::fs::write(
        dir.join("chess-again.toml"),
        include_str!("../../../games/chess.toml").replacen(
            "id = \"chess-file\"",
            "id = \"chess\"",
            1,
        ),
    )
    .unwrap();
    // Not a game file: left alone.
    std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
    dir
}

fn chess3d(dir: &Path, args: &[&str]) -> Output {
    typed(dir, args, "")
}

/// Runs the binary with the games folder `dir`, `input` typed on its
/// standard input.
fn typed(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(args)
        .arg("--games-dir")
        .arg(dir)
        .env_remove("CHESS3D_GAMES_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that reads nothing may be gone before its input is written.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let o = chess3d(dir, args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?} failed: {err}");
    String::from_utf8(o.stdout).unwrap()
}

/// A command that must fail: its one line on stderr.
fn fails(dir: &Path, args: &[&str]) -> String {
    let o = chess3d(dir, args);
    assert!(!o.status.success(), "{args:?} should fail");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// The loader's word on the broken file's unknown key: it names every key
/// a game file may have at its top.
const UNKNOWN_COLOUR: &str = "unknown field `colour`, expected one of `id`, `name`, `sides`, \
    `side_letters`, `board`, `naming`, `black_mirror`, `piece`, `promotion`, `castling`, `check`, \
    `bare_kings_draw`, `hundred_ply_rule`, `temple`, `royal_goal`, `shuffle`, `royals_may_not_face`, `stalemate`, \
    `checks_to_win`, `extinction`, `must_capture`, `several_royals`, `drops`, `gating`, `repetition`, `notation`, `move_hint`, `start`, `about`, `drawing`";

#[test]
fn variants_lists_the_folders_games_after_the_built_in_ones() {
    let dir = games_dir("variants");
    let o = chess3d(&dir, &["variants"]);
    assert!(o.status.success());
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "ziggurat\nziggurat43\nstartrek\nelevator\npolyhedron\nchess\nraumschach\ncube\n"
    );
    // The files left out, each with where and why.
    let err = String::from_utf8(o.stderr).unwrap();
    let broken = dir.join("broken.toml");
    let again = dir.join("chess-again.toml");
    assert_eq!(
        err,
        format!(
            "warning: {}:2:1: {UNKNOWN_COLOUR}\n\
             warning: {}: the id 'chess' is a built-in game's: this file is left out\n",
            broken.display(),
            again.display()
        )
    );
    let long = ok(&dir, &["variants", "--verbose"]);
    let cube = long.lines().find(|l| l.starts_with("cube ")).unwrap();
    assert!(
        cube.contains("Cube") && cube.ends_with(&dir.join("cube.toml").display().to_string()),
        "{long}"
    );
    assert!(
        long.contains("built in, from games/raumschach.toml"),
        "{long}"
    );
    assert!(
        long.ends_with(&format!(
            "games folder: {} (1 games, 2 files left out)\n",
            dir.display()
        )),
        "{long}"
    );
    // A folder that is not there: the built-in games, and no complaint
    // but in the long listing.
    let none = dir.join("none");
    let o = chess3d(&none, &["variants"]);
    assert_eq!(String::from_utf8(o.stdout).unwrap().lines().count(), 7);
    assert!(o.stderr.is_empty());
    assert!(ok(&none, &["variants", "-v"]).contains("games folder: none read"));
}

#[test]
fn perft_moves_and_show_take_a_folder_game_by_id_and_a_file_by_path() {
    let dir = games_dir("commands");
    let path = dir.join("cube.toml");
    let path = path.to_str().unwrap();
    for game in ["cube", path] {
        assert_eq!(ok(&dir, &["perft", game, "2"]), "3615\n", "{game}");
        assert_eq!(ok(&dir, &["moves", game]).lines().count(), 61, "{game}");
        assert!(ok(&dir, &["show", game]).starts_with("Cube\n"), "{game}");
        // The game's own position strings and moves.
        assert_eq!(
            ok(&dir, &["moves", game, "--moves", "Bc1-Cc2 Dc5-Cc4"]),
            ok(&dir, &["moves", "raumschach", "--moves", "Bc1-Cc2 Dc5-Cc4"])
        );
    }
    // A file by path whether or not it is in the folder.
    let elsewhere = raumschach_as("alone");
    assert_eq!(
        ok(&dir, &["perft", elsewhere.to_str().unwrap(), "1"]),
        "61\n"
    );
    // Raumschach's own file is Raumschach.
    assert!(ok(&dir, &["show", "../../games/raumschach.toml"]).starts_with("Raumschach\n"));
}

#[test]
fn a_file_that_cannot_be_played_is_one_line_saying_where_and_why() {
    let dir = games_dir("errors");
    let broken = dir.join("broken.toml");
    let err = fails(&dir, &["perft", broken.to_str().unwrap(), "1"]);
    assert_eq!(
        err,
        format!("error: {}:2:1: {UNKNOWN_COLOUR}\n", broken.display())
    );
    let again = dir.join("chess-again.toml");
    let err = fails(&dir, &["moves", again.to_str().unwrap()]);
    assert!(err.contains("the id 'chess' is a built-in game's"), "{err}");
    let missing = dir.join("missing.toml");
    let err = fails(&dir, &["show", missing.to_str().unwrap()]);
    assert!(
        err.starts_with(&format!("error: {}: ", missing.display())),
        "{err}"
    );
    // An id nobody has: the ids there are, the folder's among them.
    let err = fails(&dir, &["perft", "broken", "1"]);
    assert!(
        err.contains("unknown game 'broken'") && err.contains("raumschach, cube;"),
        "{err}"
    );
}

#[test]
fn analyze_play_and_match_play_a_folder_game() {
    let dir = games_dir("play");
    let out = ok(&dir, &["analyze", "cube", "--depth", "2"]);
    let best = out.lines().last().unwrap();
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(
        ok(&dir, &["moves", "cube"]).lines().any(|l| l == mv),
        "{out}"
    );

    // Two people at one terminal, in lines: a move each, then quit.
    let out = typed(
        &dir,
        &[
            "play",
            "cube",
            "--plain",
            "--no-moves-file",
            "--black",
            "human",
        ],
        "Bc1-Cc2\nDc5-Cc4\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.starts_with("Game Cube: White (human) against Black (human)"),
        "{text}"
    );
    assert!(
        text.contains("Move 1. Bc1-Cc2\n") && text.contains("Move 1... Dc5-Cc4\n"),
        "{text}"
    );

    // A match by the file's path: its record names the game by id, and
    // reads back as a game of it.
    let pgn = dir.join("games.pgn");
    let path = dir.join("cube.toml");
    ok(
        &dir,
        &[
            "match",
            path.to_str().unwrap(),
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "2",
            "--out",
            pgn.to_str().unwrap(),
        ],
    );
    // Against chess3d as a UCI engine, which has no games folder: it is
    // told the game by its file.
    let uci = format!("uci:{} uci", env!("CARGO_BIN_EXE_chess3d"));
    let against = dir.join("against-uci.pgn");
    ok(
        &dir,
        &[
            "match",
            "cube",
            "--a",
            "random",
            "--b",
            &uci,
            "--games",
            "1",
            "--movetime",
            "20",
            "--out",
            against.to_str().unwrap(),
        ],
    );
    assert!(std::fs::read_to_string(&against)
        .unwrap()
        .contains("[Game \"cube\"]"));
    let record = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(record.matches("[Game \"cube\"]").count(), 2, "{record}");
    let first = record.split("\n\n[Event").next().unwrap();
    let saved = dir.join("first.pgn");
    std::fs::write(&saved, first).unwrap();
    // Loaded naming the game by its file's path: the record's tag is the id.
    let out = typed(
        &dir,
        &[
            "play",
            path.to_str().unwrap(),
            "--plain",
            "--no-moves-file",
            "--load",
            saved.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn uci_plays_a_folder_game_by_id_and_a_file_by_path() {
    let dir = games_dir("uci");
    let path = dir.join("cube.toml");
    let elsewhere = raumschach_as("uci-cube");
    let script = format!(
        "uci\nsetoption name UCI_Variant value cube\nposition startpos moves Bc1-Cc2\ngo depth 2\n\
         setoption name UCI_Variant value {}\nposition startpos\ngo depth 1\n\
         setoption name UCI_Variant value {}\nposition startpos\ngo depth 1\nquit\n",
        path.display(),
        elsewhere.display()
    );
    let out = typed(&dir, &["uci"], &script);
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let combo = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    assert!(combo.ends_with("var raumschach var cube"), "{combo}");
    let best: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 3, "{lines:#?}");
    // Black's answer to Bc1-Cc2, then White's first moves: each legal.
    let black = ok(&dir, &["moves", "cube", "--moves", "Bc1-Cc2"]);
    assert!(black.lines().any(|l| l == best[0]), "{}", best[0]);
    let white = ok(&dir, &["moves", "cube"]);
    assert!(white.lines().any(|l| l == best[1]) && white.lines().any(|l| l == best[2]));
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
}

/// The server lists the folder's games for the page, plays them, and never
/// reads a path a client names.
#[test]
fn serve_lists_and_plays_the_folders_games_but_never_a_clients_path() {
    let dir = games_dir("serve");
    let db = dir.join("games.db");
    let (mut server, addr) = common::serve(db.as_os_str(), &["--games-dir", dir.to_str().unwrap()]);
    let (status, list) = common::http(addr, "GET", "/api/v1/variants", None);
    assert_eq!(status, 200);
    let ids: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "ziggurat",
            "ziggurat43",
            "startrek",
            "elevator",
            "polyhedron",
            "chess",
            "raumschach",
            "cube"
        ]
    );
    let (status, about) = common::http(addr, "GET", "/api/v1/variants/cube", None);
    assert_eq!(status, 200);
    assert_eq!(about["name"], "Cube");

    let (status, created) = common::http(
        addr,
        "POST",
        "/api/v1/games",
        Some(json!({ "game": "cube", "mode": "local" })),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let (status, state) = common::http(
        addr,
        "POST",
        &format!("/api/v1/games/{id}/actions"),
        Some(json!({ "action": "move", "move": "Bc1-Cc2", "token": created["token"] })),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"], json!(["Bc1-Cc2"]), "{state}");

    // A path from a client is a name, not a file: refused, never read.
    for game in [path_of(&dir, "cube.toml"), "/etc/passwd".to_string()] {
        let (status, answer) = common::http(
            addr,
            "POST",
            "/api/v1/games",
            Some(json!({ "game": game, "mode": "local" })),
        );
        assert_eq!(status, 400, "{game}: {answer}");
        let (status, _) = common::http(
            addr,
            "GET",
            &format!("/api/v1/variants/{}", game.replace('/', "%2F")),
            None,
        );
        assert_eq!(status, 404, "{game}");
    }
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

fn path_of(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}
