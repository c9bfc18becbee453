//! The command-line contract other tools depend on, run against the built
//! binary: output formats, and one-line errors with a non-zero exit.

mod common;

use common::chess3d;
use std::process::{Command, Output};

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Runs a command that must succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let o = chess3d(args);
    assert!(o.status.success(), "{args:?} failed: {}", stderr(&o));
    stdout(&o)
}

/// Runs a command that must fail with one line on stderr, and returns it.
fn fails(args: &[&str]) -> String {
    let o = chess3d(args);
    assert!(!o.status.success(), "{args:?} should fail");
    let err = stderr(&o);
    assert_eq!(
        err.lines().count(),
        1,
        "{args:?}: one line on stderr, got {err:?}"
    );
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(
        stdout(&o).is_empty(),
        "{args:?} printed to stdout on failure"
    );
    err
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn variants_lists_the_working_games() {
    assert_eq!(
        ok(&["variants"]),
        "ziggurat\nziggurat43\nstartrek\nelevator\npolyhedron\nchess\nraumschach\n"
    );
}

#[test]
fn polyhedron_works_from_the_command_line() {
    // 136 opening moves and 136² replies: counted by hand in
    // crates/games/tests/games/polyhedron_rules.rs.
    assert_eq!(ok(&["moves", "polyhedron"]).lines().count(), 136);
    assert_eq!(ok(&["perft", "polyhedron", "2"]).trim(), "18496");
    let shown = ok(&["show", "polyhedron", "--moves", "Bc2-Dd4 Bc9-Dd7"]);
    for level in ["Level A", "Level B", "Level C", "Level D", "Level E"] {
        assert!(shown.contains(level), "{shown}");
    }
    assert!(shown.contains("White to move"), "{shown}");
    let e = fails(&["show", "polyhedron", "--moves", "Cc3-Cc6"]);
    assert!(e.contains("illegal move 'Cc3-Cc6'"), "{e}");
    // Squares named without their level fit a pawn step on every level.
    let e = fails(&["show", "polyhedron", "--moves", "c3c4"]);
    assert!(
        e.contains("'c3c4' could be Ac3-Ac4 or Bc3-Bc4 or Cc3-Cc4 or Dc3-Dc4 or Ec3-Ec4"),
        "{e}"
    );
    let e = fails(&["show", "polyhedron", "--moves", "c3c9"]);
    assert!(e.contains("cannot read move 'c3c9'"), "{e}");
}

#[test]
fn ziggurat_works_from_the_command_line() {
    // 60 opening moves and 60² replies: counted by hand in
    // crates/games/tests/games/ziggurat_rules.rs and ziggurat_vs_reference.rs.
    assert_eq!(ok(&["moves", "ziggurat"]).lines().count(), 60);
    assert_eq!(ok(&["perft", "ziggurat", "2"]).trim(), "3600");
    let shown = ok(&["show", "ziggurat", "--moves", "0e2-0e4 0d7-0d5 0e4x0d5"]);
    for level in 0..8 {
        assert!(shown.contains(&format!("Level {level}")), "{shown}");
    }
    assert!(shown.contains("Black to move"), "{shown}");
    // A Pawn about to promote: Queen, Knight or Wizard, or nine pieces
    // with the option.
    let fen =
        "K7/6P1/8/8/8/8/8/k7|7/7/7/7/7/7/7|6/6/6/6/6/6|5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w - - 0 1";
    let promotions = |extra: &[&str]| {
        let mut args = vec!["moves", "ziggurat", "--fen", fen];
        args.extend_from_slice(extra);
        ok(&args).lines().filter(|m| m.contains('=')).count()
    };
    assert_eq!(promotions(&[]), 3);
    assert_eq!(promotions(&["--option", "wide-promotion"]), 9);
    assert_eq!(promotions(&["-o", "wide-promotion=off"]), 3);
    let e = fails(&["moves", "ziggurat", "-o", "wide"]);
    assert!(
        e.contains("'wide' is not an option") && e.contains("wide-promotion"),
        "{e}"
    );
    let e = fails(&["moves", "ziggurat", "-o", "wide-promotion=yes"]);
    assert!(e.contains("'yes' is not 'on' or 'off'"), "{e}");
    // The 100-ply draw can be turned off: the position then has moves.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
    assert_eq!(ok(&["moves", "chess", "--fen", fen]), "");
    assert!(!ok(&["moves", "chess", "--fen", fen, "-o", "hundred-ply=off"]).is_empty());
}

#[test]
fn ziggurat43_works_from_the_command_line() {
    // 10 opening moves and 10² replies: counted by hand in
    // crates/games/tests/games/ziggurat43_rules.rs and ziggurat43_vs_reference.rs.
    assert_eq!(ok(&["moves", "ziggurat43"]).lines().count(), 10);
    assert_eq!(ok(&["perft", "ziggurat43", "2"]).trim(), "100");
    let shown = ok(&["show", "ziggurat43", "--moves", "e3-f4 i3-h4"]);
    assert!(shown.contains("Red to move"), "{shown}");
    assert!(shown.contains("a b c d e f g h i j k l m"), "{shown}");
    // RULINGS.md §2's shot ends the game: the Archer on d2 shoots the Gold
    // Priest-King on f4; no move follows.
    let fen = "3/2k4/9/2A8/K12 r - - 0 1";
    let shown = ok(&["show", "ziggurat43", "--fen", fen, "--moves", "d2@f4"]);
    assert!(
        shown.contains("State: Priest-King captured, Red wins"),
        "{shown}"
    );
    assert_eq!(
        ok(&["moves", "ziggurat43", "--fen", fen, "--moves", "d2@f4"]),
        ""
    );
    let e = fails(&["show", "ziggurat43", "--fen", fen, "--moves", "d2@f4 a1-b1"]);
    assert!(e.contains("move 2 ('a1-b1'): the game is over"), "{e}");
}

#[test]
fn startrek_works_from_the_command_line() {
    // 21 opening moves and 21² replies: counted by hand in
    // crates/games/tests/games/startrek_rules.rs and startrek_vs_reference.rs.
    assert_eq!(ok(&["moves", "startrek"]).lines().count(), 21);
    assert_eq!(ok(&["perft", "startrek", "2"]).trim(), "441");
    let shown = ok(&["show", "startrek", "--moves", "e2(2)-e4(4) b7(6)-b5(4)"]);
    assert!(
        shown.contains("Level 7") && shown.contains("White to move"),
        "{shown}"
    );
    // Attack-board moves are written with L; one that cannot be made is
    // illegal, not unreadable.
    let e = fails(&["show", "startrek", "--moves", "Lb1(2)-b3(4)"]);
    assert!(e.contains("illegal move 'Lb1(2)-b3(4)'"), "{e}");
    // The rook-pawn option: a White pawn alone on a1(3) with an empty b1
    // column has three inward moves with it, none without it.
    let fen = "4/4/4/4|4/1K2/4/4|4/4/4/4/4/4/P3/4|4/4/4/4|4/4/4/4/4/4/4/4|4/4/4/4|3k/4/4/4 \
               w - - 0 1 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -";
    let pawn = |extra: &[&str]| {
        let mut args = vec!["moves", "startrek", "--fen", fen];
        args.extend_from_slice(extra);
        ok(&args).lines().filter(|m| m.starts_with("a1(3)")).count()
    };
    assert_eq!(pawn(&[]), 3);
    assert_eq!(pawn(&["-o", "rook-pawn=off"]), 0);
}

#[test]
fn elevator_works_from_the_command_line() {
    // 73 opening moves and 73² replies: counted by hand in
    // crates/games/tests/games/elevator_rules.rs and elevator_vs_reference.rs.
    assert_eq!(ok(&["moves", "elevator"]).lines().count(), 73);
    assert_eq!(ok(&["perft", "elevator", "2"]).trim(), "5329");
    // The seed's examples: the Ox's push from 2a1, Black's E3c4U.
    let shown = ok(&["show", "elevator", "--moves", "2a1>2a3 E3c4U"]);
    assert!(shown.contains("White to move"), "{shown}");
    assert!(shown.ends_with("4434/2323/3232/1111\n"), "{shown}");
    let e = fails(&["show", "elevator", "--moves", "E2a1U"]);
    assert!(e.contains("illegal move 'E2a1U'"), "{e}");
}

#[test]
fn perft_prints_the_count_last() {
    assert_eq!(ok(&["perft", "chess", "3"]).lines().last(), Some("8902"));
    assert_eq!(ok(&["perft", "chess", "0"]).trim(), "1");
    assert_eq!(
        ok(&["perft", "chess", "2", "--fen", KIWIPETE]).trim(),
        "2039"
    );
    // After 1. e4 e5 White has, by hand: 7 free pawns x 2 steps = 14,
    // knights a3 c3 e2 f3 h3 = 5, bishop e2 d3 c4 b5 a6 = 5, queen e2 f3 g4
    // h5 = 4, King e2 = 1: 29 moves.
    assert_eq!(
        ok(&["perft", "chess", "1", "--moves", "e2e4 e7e5"]).trim(),
        "29"
    );
    assert_eq!(
        ok(&["moves", "chess", "--moves", "e2e4 e7e5"])
            .lines()
            .count(),
        29
    );
}

#[test]
fn perft_divide_lists_root_moves_then_the_total() {
    let out = ok(&["perft", "chess", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[20], "400");
    // Every first move of chess allows Black its 20 replies.
    for line in &lines[..20] {
        let (mv, n) = line.split_once(' ').unwrap();
        assert_eq!(mv.len(), 4, "{line}");
        assert_eq!(n, "20", "{line}");
    }
    let mut sorted = lines[..20].to_vec();
    sorted.sort();
    assert_eq!(sorted, lines[..20]);
}

#[test]
fn moves_are_sorted_canonical_and_alone_on_stdout() {
    let out = ok(&["moves", "chess"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines.first(), Some(&"a2a3"));
    assert_eq!(lines.last(), Some(&"h2h4"));
    let promo = ok(&["moves", "chess", "--fen", "8/P6k/8/8/8/8/8/K7 w - - 0 1"]);
    assert!(promo.lines().any(|l| l == "a7a8q"));
    // A finished game has no moves.
    assert_eq!(
        ok(&["moves", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4"]),
        ""
    );
}

#[test]
fn show_prints_diagram_turn_state_and_position() {
    let out = ok(&["show", "chess"]);
    assert!(out.contains("8 | r n b q k b n r"), "{out}");
    assert!(out.contains("1 | R N B Q K B N R"), "{out}");
    assert!(out.contains("White to move"));
    assert!(out.contains("State: in play"));
    assert!(out.contains("Position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    let mate = ok(&["show", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert!(mate.contains("State: checkmate, Black wins"), "{mate}");
    let check = ok(&["show", "chess", "--moves", "e2e4 f7f6 d1h5"]);
    assert!(check.contains("State: check"), "{check}");
    let draw = ok(&[
        "show",
        "chess",
        "--moves",
        "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
    ]);
    assert!(
        draw.contains("State: draw by threefold repetition"),
        "{draw}"
    );
}

#[test]
fn bad_input_fails_with_one_clear_line() {
    assert!(fails(&["perft", "nosuchgame", "1"]).contains("unknown game 'nosuchgame'"));
    assert!(fails(&["perft", "chess", "x"]).contains("invalid value 'x'"));
    assert!(fails(&["perft", "chess", "-1"]).contains("error"));
    assert!(fails(&["perft", "chess", "1000"]).contains("1000 is not in 0..=30"));
    assert!(fails(&["perft", "chess"]).contains("not provided: <DEPTH>"));
    assert!(fails(&["frobnicate"]).contains("unrecognized subcommand"));
    assert!(fails(&["moves", "chess", "--fen", "rnbqkbnr/ppp/8 w"]).contains("bad position string"));
    let e = fails(&["moves", "chess", "--moves", "e2e4 e7e6 e4e6"]);
    assert!(
        e.contains("move 3 ('e4e6')") && e.contains("illegal move"),
        "{e}"
    );
    let e = fails(&["show", "chess", "--moves", "e2-e9"]);
    assert!(e.contains("cannot read move 'e2-e9'"), "{e}");
    // Moves are read as players type them: SAN too (RULINGS.md §6).
    let shown = ok(&["show", "chess", "--moves", "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O"]);
    assert!(shown.contains("Black to move"), "{shown}");
    let e = fails(&["show", "chess", "--moves", "e4 e5 Nc3 Nc6 Ne2"]);
    assert!(e.contains("'Ne2' could be Nce2 or Nge2"), "{e}");
    // --moves takes a value; it must not swallow the next flag.
    let e = fails(&["perft", "chess", "2", "--moves", "--divide"]);
    assert!(e.contains("--moves"), "{e}");
    // A game id is echoed on one line whatever it holds.
    assert!(fails(&["moves", "a\nb"]).contains("unknown game"));
    // Moves after the end of the game are refused: here the third
    // occurrence of the start position has drawn it.
    let e = fails(&[
        "show",
        "chess",
        "--moves",
        "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4",
    ]);
    assert!(
        e.contains("move 9 ('e2e4'): the game is over (draw by threefold repetition)"),
        "{e}"
    );
    assert!(fails(&["bench", "perft", "--runs", "0"]).contains("0"));
}

#[test]
fn bench_compares_with_cozy_chess() {
    let out = ok(&["bench", "perft", "--quick", "--runs", "1"]);
    assert!(
        out.lines()
            .any(|l| l.starts_with("chess3d runs at ") && l.contains("x cozy-chess")),
        "{out}"
    );
    // Both programs counted the same nodes (the command fails otherwise).
    assert!(out.contains("start          5      4865609"), "{out}");
    // The 3-D games follow, one ply less with --quick (Polyhedron's
    // perft(3) is checked against a second implementation in the tests).
    assert!(out.contains("polyhedron     3      2606756"), "{out}");
    assert!(out.contains("ziggurat       3       235198"), "{out}");
    assert!(out.contains("ziggurat43     4        13697"), "{out}");
    assert!(out.contains("startrek       4       234176"), "{out}");
    assert!(out.contains("elevator       3       409890"), "{out}");
    // Raumschach's perft(3) is checked against a second implementation in
    // the games' tests.
    assert!(out.contains("raumschach     3       237316"), "{out}");
    // Chess read from its game file counted the built-in chess's nodes.
    assert!(
        out.lines().any(
            |l| l.starts_with("chess from its file runs at ") && l.contains("x built-in chess")
        ),
        "{out}"
    );
}

#[test]
fn bench_measures_the_games_asked_for_at_the_depth_asked_for() {
    let out = ok(&[
        "bench", "--game", "startrek", "--game", "chess", "--depth", "2",
    ]);
    let rows: Vec<_> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{out}");
    assert!(rows[0].starts_with("startrek        2 "), "{out}");
    assert!(rows[1].starts_with("chess           2 "), "{out}");
    assert!(rows[2].starts_with("total nodes "), "{out}");
    let e = fails(&["bench", "--game", "shogi"]);
    assert!(
        e.contains("no built-in game 'shogi' to measure") && e.contains("raumschach"),
        "{e}"
    );
}

#[test]
fn help_is_available() {
    let out = ok(&["--help"]);
    for cmd in ["variants", "perft", "moves", "show", "bench"] {
        assert!(out.contains(cmd), "help mentions {cmd}");
    }
    assert!(ok(&["perft", "--help"]).contains("--divide"));
}

/// `match` plays its games, alternating colours, writes them as records
/// and reports the tally.
#[test]
fn match_writes_records_and_reports() {
    let dir = std::env::temp_dir().join(format!("chess3d-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let out = ok(&[
        "match",
        "ziggurat43",
        "--a",
        "engine:depth=2",
        "--b",
        "random",
        "--games",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.contains("games 2 wins"), "{out}");
    assert!(out.contains("Elo difference"), "{out}");
    let records = std::fs::read_to_string(&file).unwrap();
    assert_eq!(records.matches("[Game \"ziggurat43\"]").count(), 2);
    assert!(records.contains("[White \"engine:depth=2\"]\n[Black \"random\"]"));
    assert!(records.contains("[White \"random\"]\n[Black \"engine:depth=2\"]"));
    // Every game has a result, also after its moves.
    for r in records.split("[Event ").skip(1) {
        let tag = r.lines().find(|l| l.starts_with("[Result ")).unwrap();
        let result = tag.trim_start_matches("[Result \"").trim_end_matches("\"]");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{tag}");
        assert!(r.trim_end().ends_with(result), "{r}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    for (args, says) in [
        (
            &["match", "chess", "--a", "human"][..],
            "unknown player 'human'",
        ),
        (
            &["match", "chess", "--b", "engine:depth=x"][..],
            "'x' is not a number",
        ),
        (&["match", "chess", "--sprt", "5,0"][..], "ELO0 < ELO1"),
        (&["match", "shogi"][..], "unknown game 'shogi'"),
    ] {
        assert!(fails(args).contains(says), "{args:?}");
    }
}

/// `match` read by a reader that stops early (`| head -n 2`): with its
/// standard output closed before the report, it still ends without an
/// error and the games are written (it used to panic on the broken pipe,
/// which ended `scripts/skill-ladder` with nothing printed).
#[test]
fn match_report_to_a_closed_pipe_is_no_error() {
    use std::process::Stdio;
    let dir = std::env::temp_dir().join(format!("chess3d-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args([
            "match", "chess", "--a", "random", "--b", "random", "--games", "2",
        ])
        .arg("--out")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The read end closed before anything is written.
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{:?}: {}", o.status, stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    let records = std::fs::read_to_string(&file).unwrap();
    assert_eq!(records.matches("[Game \"chess\"]").count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `match` sets UCI options on a `uci:` player (here chess3d itself, so
/// that a refused value shows the option reached it), writes each game's
/// ending in its record and sums the endings up; an engine player can
/// evaluate with a weights file.
#[test]
fn match_sets_uci_options_and_reports_endings() {
    let dir = std::env::temp_dir().join(format!("chess3d-match-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let uci = format!("uci:{} uci", env!("CARGO_BIN_EXE_chess3d"));
    let weights = dir.join("w.toml");
    std::fs::write(&weights, "tempo = [30, 0]\n").unwrap();
    let a = format!("engine:depth=2,weights={}", weights.display());
    let out = ok(&[
        "match",
        "ziggurat43",
        "--a",
        &a,
        "--b",
        &uci,
        "--b-option",
        "Skill Level=0",
        "--movetime",
        "20",
        "--games",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.contains("games 2 wins"), "{out}");
    assert!(out.contains("first player's "), "{out}");
    let records = std::fs::read_to_string(&file).unwrap();
    assert_eq!(records.matches("[Termination \"").count(), 2, "{records}");
    for (args, says) in [
        (
            vec!["--b", &uci, "--b-option", "Skill Level=99"],
            "the UCI engine says: error",
        ),
        (
            vec!["--b", &uci, "--b-option", "Skill Level"],
            "expected NAME=VALUE",
        ),
        (
            vec!["--b-option", "Hash=1"],
            "sets an option of a uci: player",
        ),
        (
            vec!["--a", "engine:weights=/no/such/file"],
            "cannot read weights file",
        ),
    ] {
        let mut all = vec![
            "match",
            "ziggurat43",
            "--games",
            "2",
            "--out",
            file.to_str().unwrap(),
        ];
        all.extend(args.iter().copied());
        let e = fails(&all);
        assert!(e.contains(says), "{all:?}: {e}");
    }
    std::fs::write(&weights, "[value]\nZ = [1, 1]\n").unwrap();
    let e = fails(&[
        "match",
        "ziggurat43",
        "--a",
        &a,
        "--games",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(e.contains("value.Z: this game has no such term"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tune` refuses what it cannot use, before playing any game.
#[test]
fn tune_reports_bad_input() {
    let dir = std::env::temp_dir().join(format!("chess3d-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let positions = dir.join("p.txt");
    std::fs::write(&positions, "1 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n").unwrap();
    let p = positions.to_str().unwrap();
    let out = dir.join("w.toml");
    let o = out.to_str().unwrap();
    // After saying how many positions it read.
    let short = chess3d(&["tune", "chess", "--positions", p, "--out", o]);
    assert!(!short.status.success());
    assert!(stderr(&short).contains("error: 1 positions are too few to fit"));
    assert!(!out.exists());
    std::fs::write(&positions, "3 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n").unwrap();
    assert!(fails(&["tune", "chess", "--positions", p, "--out", o]).contains("line 1: result '3'"));
    assert!(fails(&["tune", "chess", "--out", "/no/such/dir/w.toml"]).contains("no folder"));
    assert!(fails(&["tune", "shogi"]).contains("unknown game 'shogi'"));
    assert!(
        fails(&["tune", "chess", "--hold", "square,speed", "--out", o])
            .contains("--hold speed: no such term (terms: value, ")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `analyze` shows each iteration and ends with the best line.
#[test]
fn analyze_prints_iterations_and_the_best_line() {
    let out = ok(&["analyze", "chess", "--moves", "e2e4", "--depth", "3"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("info depth 1 "));
    assert!(
        lines[3].starts_with("best ") && lines[3].contains(" line "),
        "{out}"
    );
    assert!(fails(&["analyze", "chess", "--depth", "0"]).contains("depth"));
}

/// `analyze --multipv 3`: three lines an iteration, numbered, and the
/// report's two other lines after the best, three different first moves.
#[test]
fn analyze_prints_the_best_lines_with_multipv() {
    let out = ok(&["analyze", "chess", "--depth", "4", "--multipv", "3"]);
    let infos: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth 4 "))
        .collect();
    assert_eq!(infos.len(), 3, "{out}");
    for (k, info) in infos.iter().enumerate() {
        assert!(info.contains(&format!(" multipv {} ", k + 1)), "{info}");
    }
    let first = |l: &str| {
        l.split(" pv ")
            .nth(1)
            .and_then(|p| p.split(' ').next())
            .map(str::to_string)
    };
    let moves: Vec<_> = infos.iter().map(|l| first(l)).collect();
    assert!(
        moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2],
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("line 2 score ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("line 3 score ")), "{out}");
    // Out of range: refused by the argument parser.
    let err = fails(&["analyze", "chess", "--depth", "2", "--multipv", "0"]);
    assert!(err.contains("multipv"), "{err}");
}

/// `chess3d label` (issue 59): the teacher's scores of tune's positions,
/// for White, in the lines `chess3d train` reads; a finished position is
/// left out; a file that is not positions is refused in one line.
/// A stopped `chess3d label` goes on with `--resume` where its note says
/// it got: the lines after the note (a write cut short) go, the positions
/// after it are scored, and the file is the one a whole run writes.
#[test]
fn a_stopped_label_run_resumes_where_it_got() {
    let dir = std::env::temp_dir().join(format!("chess3d-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let positions = dir.join("p.positions");
    // Three positions far apart (no search of one meets another's).
    std::fs::write(
        &positions,
        "1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         0.5 r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n\
         0 8/5k2/8/8/8/2K5/6R1/8 w - - 0 60\n",
    )
    .unwrap();
    let label = |out: &std::path::Path, resume: bool| {
        let mut args = vec!["label", "chess", "--positions", positions.to_str().unwrap()];
        args.extend([
            "--out",
            out.to_str().unwrap(),
            "--depth",
            "2",
            "--threads",
            "1",
        ]);
        if resume {
            args.push("--resume");
        }
        let o = chess3d(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stderr(&o)
    };
    let whole = dir.join("whole.scores");
    label(&whole, false);
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let first_line = whole_text.lines().next().unwrap();
    assert_eq!(whole_text.lines().count(), 3, "{whole_text}");
    // A run stopped after its first position, in the middle of writing
    // the next line.
    let stopped = dir.join("stopped.scores");
    std::fs::write(&stopped, format!("{first_line}\n0.5 12 r1bq")).unwrap();
    let note = dir.join("stopped.scores.done");
    std::fs::write(&note, format!("1 {}\n", first_line.len() + 1)).unwrap();
    let said = label(&stopped, true);
    assert!(
        said.contains("resuming after 1 positions") && said.contains("2 positions scored"),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&stopped).unwrap(), whole_text);
    assert!(!note.exists(), "a finished run removes its note");
    // A note that does not fit the file is refused.
    let resume_refused = |note_text: &str| {
        std::fs::write(&note, note_text).unwrap();
        fails(&[
            "label",
            "chess",
            "--positions",
            positions.to_str().unwrap(),
            "--out",
            stopped.to_str().unwrap(),
            "--resume",
        ])
    };
    let err = resume_refused("7 0\n");
    assert!(err.contains("at most the 3 of the file"), "{err}");
    let err = resume_refused("1 100000\n");
    assert!(
        err.contains("shorter than the 100000 its note says"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn label_scores_positions_for_white_as_train_reads_them() {
    let dir = std::env::temp_dir().join(format!("chess3d-label-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (positions, out) = (dir.join("p.positions"), dir.join("p.scores"));
    // White a Queen up with Black to move; then a position where White
    // is mated (the fool's mate: no move, left out).
    let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    std::fs::write(&positions, format!("1 {queen_up}\n0 {mated}\n")).unwrap();
    let (p, o) = (positions.to_str().unwrap(), out.to_str().unwrap());
    // Labels at depth 2 with `extra` arguments: what it said, and the lines.
    let label = |extra: &[&str]| {
        let mut args = vec![
            "label",
            "chess",
            "--positions",
            p,
            "--out",
            o,
            "--depth",
            "2",
        ];
        args.extend(extra);
        let said = stderr(&chess3d(&args));
        (said, std::fs::read_to_string(&out).unwrap())
    };
    let (said, lines) = label(&[]);
    assert!(said.contains("1 positions scored"), "{said}");
    let fields: Vec<&str> = lines.trim_end().splitn(3, ' ').collect();
    assert_eq!((fields[0], fields[2]), ("1", queen_up), "{lines}");
    let cp: i32 = fields[1].parse().unwrap();
    assert!(cp > 500, "a Queen up is several pawns for White: {lines}");
    // A teacher with weights of its own: a Queen worth nothing leaves
    // White's extra Queen only its few centipawns of place and reach.
    let no_queen = dir.join("no-queen.toml");
    std::fs::write(&no_queen, "[value]\nQ = [0, 0]\n").unwrap();
    let weights = no_queen.to_str().unwrap();
    let (said, lines) = label(&["--weights", weights]);
    assert!(
        said.contains(&format!("evaluating with {weights}")),
        "{said}"
    );
    let cp: i32 = lines.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(cp.abs() < 200, "a worthless Queen: {lines}");
    let missing = fails(&[
        "label",
        "chess",
        "--positions",
        p,
        "--out",
        o,
        "--weights",
        "nowhere.net",
    ]);
    assert!(
        missing.contains("nowhere.net") && missing.trim().lines().count() == 1,
        "{missing}"
    );
    // A finished run leaves no note of how far it got: nothing to resume.
    let done = dir.join("p.scores.done");
    assert!(!done.exists());
    let nothing = fails(&["label", "chess", "--positions", p, "--out", o, "--resume"]);
    assert!(nothing.contains("nothing to resume"), "{nothing}");
    std::fs::write(&positions, "1 not a position\n").unwrap();
    let refused = fails(&["label", "chess", "--positions", p, "--out", o]);
    assert!(
        refused.contains("not a position") && refused.trim().lines().count() == 1,
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_keeps_the_epoch_its_validation_positions_like_best() {
    let dir = std::env::temp_dir().join(format!("chess3d-validate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (data, validate, empty, net) = (
        dir.join("d.scores"),
        dir.join("v.scores"),
        dir.join("e.scores"),
        dir.join("n.net"),
    );
    // A Queen up for White, with either side to move, scored so.
    let fens = [
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    ];
    let lines: String = (0..30)
        .map(|i| format!("1 {} {}\n", 800 + i, fens[i % 2]))
        .collect();
    std::fs::write(&data, &lines).unwrap();
    std::fs::write(&validate, &lines[..lines.len() / 2]).unwrap();
    std::fs::write(&empty, "").unwrap();
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (d, v, e, n) = (path(&data), path(&validate), path(&empty), path(&net));
    // Three epochs of a hidden layer of 4, validated, written to `out`.
    let train = |out: &str, more: &[&str]| {
        let args = ["train", "chess", "--data", &d, "--validate", &v];
        let args = [
            &args[..],
            more,
            &["--epochs", "3", "--hidden", "4", "--out", out],
        ]
        .concat();
        stderr(&chess3d(&args))
    };
    let said = train(&n, &[]);
    assert!(
        said.contains("30 positions and 15 to validate")
            && said.contains("validation 0.")
            && said.contains("kept epoch"),
        "{said}"
    );
    assert!(net.exists());
    // With shared inputs (chess's 216, counted by hand in the engine's
    // tests), folded away at the end: a network file of the same size.
    let shared = dir.join("s.net");
    let s = path(&shared);
    let said = train(&s, &["--factorise"]);
    assert!(said.contains("768 inputs and 216 shared ones"), "{said}");
    let size = |p: &std::path::Path| std::fs::metadata(p).unwrap().len();
    assert_eq!(size(&shared), size(&net));
    let nothing = fails(&[
        "train",
        "chess",
        "--data",
        &d,
        "--validate",
        &e,
        "--out",
        &n,
    ]);
    assert!(nothing.contains("hold no positions"), "{nothing}");
    let negative = fails(&["train", "chess", "--data", &d, "--decay=-1", "--out", &n]);
    assert!(negative.contains("--decay"), "{negative}");
    let _ = std::fs::remove_dir_all(&dir);
}
