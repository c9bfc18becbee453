//! `chess3d play --plain` through the real binary: one scripted game per
//! game played to its finish (checkmate, the temple, resignation), the
//! engine answering and mating, the moves file written after every move,
//! and games saved, resumed and refused when damaged.
//!
//! The finishing lines start from positions of the engine's forced-win
//! suite (crates/engine/tests/engine/mates.rs), where exhaustive search proves a
//! win in 2; the result each test expects is the one that proof gives.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `chess3d play ARGS --plain` with `input` on stdin; its stdout.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .arg("play")
        .args(args)
        .arg("--plain")
        // Default moves files go to a test directory, not the user's.
        .env("XDG_DATA_HOME", data_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{args:?}: {stderr}\n{stdout}");
    assert!(!stdout.contains("panicked") && !stderr.contains("panicked"));
    stdout
}

/// The lines starting with `word`.
fn lines<'a>(out: &'a str, word: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(word)).collect()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess3d-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn data_dir() -> PathBuf {
    temp("data")
}

const HUMANS: [&str; 5] = ["--white", "human", "--black", "human", "--no-moves-file"];

/// `--load PATH` by two humans, with or without a moves file.
fn load_as_humans(path: &str, no_moves_file: bool) -> Vec<&str> {
    let mut args = vec!["--load", path];
    args.extend(&HUMANS[..4]);
    if no_moves_file {
        args.push(HUMANS[4]);
    }
    args
}

/// A human-against-human game from `fen` with `moves` typed, which must
/// end with `result`.
fn finish(game: &str, fen: &str, moves: &[&str], result: &str) {
    let mut args = vec![game, "--fen", fen];
    args.extend(HUMANS);
    let out = play(&args, &(moves.join("\n") + "\n"));
    assert_eq!(lines(&out, "Move").len(), moves.len(), "{out}");
    assert_eq!(lines(&out, "Result"), vec![result], "{out}");
    assert!(lines(&out, "Error").is_empty(), "{out}");
}

#[test]
fn chess_fools_mate_from_the_start_in_short_notation() {
    let mut args = vec!["chess"];
    args.extend(HUMANS);
    let out = play(&args, "f3\ne5\ng4\nQh4#\n");
    assert_eq!(
        lines(&out, "Move"),
        ["Move 1. f3", "Move 1... e5", "Move 2. g4", "Move 2... Qh4#"]
    );
    assert_eq!(
        lines(&out, "Result"),
        ["Result 0-1 (checkmate, Black wins)"]
    );
}

#[test]
fn chess_mate_in_two() {
    finish(
        "chess",
        "N1b4Q/p3k2p/3R1pp1/q1P3B1/3n4/1PN5/P1P1PPPP/4KB1R w K - 0 20",
        &["h8f6", "e7e8", "f6e7"],
        "Result 1-0 (checkmate, White wins)",
    );
}

#[test]
fn ziggurat_mate_in_two() {
    finish(
        "ziggurat",
        "8/8/2L1N3/3W1B1k/8/4P3/PPPPNPPP/R1BQKR2|7/7/7/1G1L3/3L3/GGGG1GG/1A3A1|6/6/6/3GL1/GG1G1G/1A2A1|5/5/5/1F1F1/5|4/4/4/4|3/3/2C|2/2|C w Q - 29 68",
        &["0e2-0g3", "0h5-0h4", "0d1-0g4"],
        "Result 1-0 (checkmate, White wins)",
    );
}

#[test]
fn ziggurat43_temple_in_two() {
    finish(
        "ziggurat43",
        "S2/SS3s1/2KA1s1s1/1CC1S1c3c/1C1AS3a1hck r - - 1 18",
        &["e3-f4", "h3-g3", "f4-g5"],
        "Result 1-0 (temple reached, Red wins)",
    );
}

#[test]
fn startrek_mate_in_two() {
    finish(
        "startrek",
        "4/4/4/4|3P/P3/1PP1/1BBN|4/4/4/4/4/4/PPPP/R1KR|4/4/4/4|4/4/4/4/4/4/4/4|1b2/3p/Q3/p2k|3r/2pp/4/4 w KQ - 1 14 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -",
        &["d2(2)-d3(2)", "b5(6)-b4(2)", "e1(2)-d3(4)"],
        "Result 1-0 (checkmate, White wins)",
    );
}

#[test]
fn elevator_mate_in_two_for_black() {
    finish(
        "elevator",
        "rc3bcr/ppp2ppp/8/8/8/5PO1/6P1/2oq2N1|rnciicnr/pppppppp/8/8/1P1K4/3p4/b7/O7|1nb1k1n1/1ppp1ppp/o4o2/p7/3p4/8/PPPPPPPP/RNI1ICNR|8/8/8/8/P1P5/1P5P/3P1PP1/RCB1bB1R b - - 0 28 QBBNCCOOo 4444/2313/3132/1212",
        &["2e8-2e5", "2d4-2c3", "1d1-1d2"],
        "Result 0-1 (checkmate, Black wins)",
    );
}

#[test]
fn polyhedron_mate_in_two() {
    finish(
        "polyhedron",
        "ppp1p1/6/3p1p/6/6/PPPPPP|gwh1uhwg/ppppp1pp/5p2/3G4/8/2G5/PPPPPPPP/1W1UUHW1|dsafq1fa1d/rnbuukubnr/2ppp1p1p1/pp8/4Sp1p1p/10/2N1H2N2/PPPPPPPPPP/R1BUUUUB1R/D1AFQKFASD|gwhuuh1g/1pp1pppp/p4u2/8/8/2G2G2/PPPPPPPP/1WHUUHW1|pppppp/3w2/6/6/6/PPPPPP w - - 0 16 us",
        &["Be6-Bg8", "Cf9-Cf10", "Ce6xDg8"],
        "Result 1-0 (checkmate, White wins)",
    );
}

#[test]
fn the_engine_finds_the_mate_in_one() {
    // crates/engine/tests/engine/mates.rs: White mates in 1 here.
    let out = play(
        &[
            "chess",
            "--fen",
            "N1b1k3/p6p/3R1Qp1/q1P3B1/3n4/1PN5/P1P1PPPP/4KB1R w K - 1 21",
            "--white",
            "engine:depth=3",
            "--black",
            "human",
            "--no-moves-file",
        ],
        "",
    );
    assert_eq!(lines(&out, "Move").len(), 1, "{out}");
    assert_eq!(
        lines(&out, "Result"),
        ["Result 1-0 (checkmate, White wins)"]
    );
}

#[test]
fn every_game_against_the_engine_to_a_resignation_with_its_moves_file() {
    for game in [
        "ziggurat",
        "ziggurat43",
        "startrek",
        "elevator",
        "polyhedron",
        "chess",
    ] {
        let file = temp(&format!("{game}-resign.pgn"));
        let moves_file = file.to_str().unwrap();
        let first = first_move(game);
        let out = play(
            &[
                game,
                "--black",
                "engine:depth=2",
                "--moves-file",
                moves_file,
            ],
            &format!("{first}\nresign\n"),
        );
        // Your move, the engine's answer, then the resignation.
        assert_eq!(lines(&out, "Move").len(), 2, "{game}: {out}");
        assert!(lines(&out, "Move")[1].contains("(engine: depth"), "{out}");
        let side = if game == "ziggurat43" { "Red" } else { "White" };
        assert_eq!(
            lines(&out, "Result"),
            [format!("Result 0-1 ({side} resigns)")]
        );
        let record = std::fs::read_to_string(&file).unwrap();
        assert!(record.contains(&format!("[Game \"{game}\"]")), "{record}");
        assert!(
            record.contains("[Result \"0-1\"]") && record.contains("resigns"),
            "{record}"
        );
        assert!(record.trim_end().ends_with("0-1"), "{record}");
        // Resumed from the moves file: the same two moves, over.
        let out = play(&["--load", moves_file, "--no-moves-file"], "");
        assert!(
            out.contains(&format!("Result 0-1 ({side} resigns)")),
            "{out}"
        );
    }
}

/// A legal first move of each game, from `chess3d moves`.
fn first_move(game: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(["moves", game])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn the_moves_file_is_written_after_every_move_and_resumes_the_game() {
    let file = temp("fools.pgn");
    let path = file.to_str().unwrap();
    let mut args = vec!["chess", "--moves-file", path];
    args.extend(&HUMANS[..4]);
    // Two moves, then the input ends (a closed terminal).
    play(&args, "f2f3\ne7e5\n");
    let record = std::fs::read_to_string(&file).unwrap();
    // Chess records are in SAN (RULINGS.md §6), with the Seven Tag Roster.
    assert!(record.contains("1. f3 e5 *"), "{record}");
    assert!(
        record.starts_with("[Event \"chess3d play\"]\n[Site \"?\"]\n[Date "),
        "{record}"
    );
    assert!(record.contains("[Result \"*\"]"), "{record}");
    // Resumed: White to move, and the game goes on to its mate.
    let out = play(&load_as_humans(path, true), "g2g4\nd8h4\n");
    // Typed in UCI coordinates, shown in SAN with the mate mark.
    assert_eq!(lines(&out, "Move"), ["Move 2. g4", "Move 2... Qh4#"]);
    assert_eq!(
        lines(&out, "Result"),
        ["Result 0-1 (checkmate, Black wins)"]
    );
}

#[test]
fn a_damaged_record_loads_up_to_the_bad_move_and_names_it() {
    let file = temp("damaged.pgn");
    std::fs::write(
        &file,
        "[Game \"chess\"]\n[Result \"*\"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8g6 4. e1g1 *\n",
    )
    .unwrap();
    let out = play(
        &[
            "--load",
            file.to_str().unwrap(),
            "--black",
            "human",
            "--no-moves-file",
        ],
        "board\n",
    );
    assert!(
        // A Knight leaps in an L: g8 to g6 is two squares straight.
        out.contains("Error the record is damaged at move 3... 'g8g6': illegal move 'g8g6': the Knight on g8 cannot go to g6; the 5 moves before it were loaded"),
        "{out}"
    );
    // Black to move after 3. f1c4.
    assert!(out.contains("Black to move"), "{out}");
}

/// Two people without --hints: neither hint nor analysis while they play
/// (issue 57); once the game is over `analyse` judges every move. The
/// scholar's mate: 3... Nf6 lets 4. Qxf7 mate at once, a blunder however
/// the position stood, refuted by the mate itself.
#[test]
fn between_people_the_engine_helps_once_the_game_is_over() {
    let mut args = vec!["chess"];
    args.extend(HUMANS);
    let out = play(
        &args,
        "e4\ne5\nhint\nanalyse\nQh5\nNc6\nBc4\nNf6\nQxf7#\nanalyse\n",
    );
    let refused = "Error no engine help in a game between two people while it is played: hints and analysis open once it is over (chess3d play --hints allows them)";
    assert_eq!(lines(&out, "Error"), [refused, refused], "{out}");
    let analysis = lines(&out, "Analysis");
    assert_eq!(
        analysis.len(),
        7 + 2,
        "a line a move, then each side's: {out}"
    );
    assert!(
        analysis[5].starts_with("Analysis 3... Nf6?? #1 ")
            && analysis[5].contains("Blunder, refuted by Qxf7#"),
        "{out}"
    );
    assert_eq!(analysis[6], "Analysis 4. Qxf7# (game over)");
    assert!(
        analysis[8].starts_with("Analysis Black: 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{out}"
    );
    // With --hints, a hint at once.
    let mut args = vec!["chess", "--hints"];
    args.extend(HUMANS);
    let out = play(&args, "hint\n");
    assert!(lines(&out, "Hint")[0].contains("depth"), "{out}");
}

#[test]
fn save_undo_redo_hint_and_bad_input() {
    let file = temp("saved.pgn");
    let mut args = vec!["ziggurat43", "--hints"];
    args.extend(HUMANS);
    let out = play(
        &args,
        &format!(
            "e3-e4\nhello\nundo\nredo\nmoves\nhint\nsave {}\ndraw\ni3-h4\naccept\n",
            file.display()
        ),
    );
    let errors = lines(&out, "Error");
    assert_eq!(errors.len(), 1, "{out}");
    assert!(errors[0].contains("cannot read move 'hello'"), "{out}");
    assert_eq!(lines(&out, "Undone"), ["Undone: took back 1 move(s)"]);
    assert_eq!(lines(&out, "Redone"), ["Redone: played again 1 move(s)"]);
    assert!(lines(&out, "Hint")[0].contains("depth"), "{out}");
    assert!(lines(&out, "Legal")[0].split(' ').count() > 2, "{out}");
    assert_eq!(lines(&out, "Result"), ["Result 1/2-1/2 (draw agreed)"]);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("1. e3-e4 *"), "{saved}");
}

#[test]
fn draws_resignations_and_new_games_keep_the_record_true() {
    let mut args = vec!["chess"];
    args.extend(HUMANS);
    // Black offers a draw, then mates: the offer cannot be taken after
    // the mate, nor by the side that made it.
    let out = play(&args, "f2f3\ne7e5\ng2g4\ndraw\naccept\nd8h4\naccept\n");
    let errors = lines(&out, "Error");
    assert_eq!(errors.len(), 2, "{out}");
    assert!(
        errors[0].contains("Black offered the draw: White answers it"),
        "{out}"
    );
    assert!(errors[1].contains("the game is over"), "{out}");
    assert_eq!(
        lines(&out, "Result"),
        ["Result 0-1 (checkmate, Black wins)"]
    );
    // A resignation after an undo: redo cannot bring the mate back under
    // it; undo takes back the resignation alone.
    let out = play(
        &args,
        "f2f3\ne7e5\ng2g4\nd8h4\nundo\nresign\nredo\nundo\nredo\n",
    );
    assert!(
        lines(&out, "Error")[0].contains("the game is over (Black resigns)"),
        "{out}"
    );
    assert_eq!(lines(&out, "Undone")[1], "Undone: took back: Black resigns");
    // The resignation cleared what undo had taken back.
    assert!(lines(&out, "Error")[1].contains("no move to redo"), "{out}");
    assert_eq!(
        lines(&out, "Result"),
        [
            "Result 0-1 (checkmate, Black wins)",
            "Result 1-0 (Black resigns)"
        ]
    );
}

#[test]
fn a_new_game_gets_its_own_moves_file() {
    let dir = data_dir().join("chess3d").join("games");
    let before = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
    let out = play(
        &["elevator", "--white", "human", "--black", "human"],
        "2a2-2a3\nnew\n",
    );
    let files: Vec<&str> = lines(&out, "Recording to");
    assert_eq!(files.len(), 2, "{out}");
    assert_ne!(files[0], files[1]);
    let first = std::fs::read_to_string(files[0].trim_start_matches("Recording to ")).unwrap();
    assert!(first.contains("1. 2a2-2a3 *"), "{first}");
    let after = std::fs::read_dir(&dir).unwrap().count();
    assert!(after >= before + 2);
}

#[test]
fn a_timed_game_records_its_clock_and_the_engine_plays_by_it() {
    let file = temp("timed.pgn");
    let path = file.to_str().unwrap();
    // You (White) against the engine at 1+0: the engine answers within
    // its clock; the record carries the time control and each move's time.
    let out = play(
        &[
            "chess",
            "--black",
            "engine",
            "--clock",
            "1+0",
            "--moves-file",
            path,
        ],
        "e4\n",
    );
    assert_eq!(lines(&out, "Move").len(), 2, "{out}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("[TimeControl \"60+0\"]"), "{record}");
    // White's first move is not timed: a full minute.
    assert!(record.contains("1. e4 {[%clk 0:01:00]} "), "{record}");
    let black = record
        .split("{[%clk ")
        .nth(2)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("{record}"));
    // The engine spent some of its minute, and at most a tenth of it on
    // this one move (its budget is about a thirtieth).
    let ms = chess3d_core::record::parse_clock(black).unwrap();
    assert!((54_000..60_000).contains(&ms), "{black}");
    // Resumed, the game keeps its clock.
    let out = play(&load_as_humans(path, true), "Nf3\n");
    assert_eq!(lines(&out, "Move"), ["Move 2. Nf3"], "{out}");
    // A bad time control is refused with what to write.
    let output = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(["play", "chess", "--clock", "five", "--plain"])
        .output()
        .unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        !output.status.success() && err.contains("such as 5+3"),
        "{err}"
    );
}

#[test]
fn a_loaded_game_goes_on_in_its_own_file_unless_that_would_lose_something() {
    // A moves file, resumed: the game goes on in it, and says so.
    let file = temp("resumed.pgn");
    let path = file.to_str().unwrap();
    let mut args = vec!["chess", "--moves-file", path];
    args.extend(&HUMANS[..4]);
    play(&args, "e4\ne5\n");
    let out = play(&load_as_humans(path, false), "Nf3\n");
    assert_eq!(
        lines(&out, "Recording to"),
        [format!("Recording to {path}")]
    );
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("1. e4 e5 2. Nf3 *"), "{record}");
    // A record with a comment chess3d does not keep: left as it was, and
    // the game goes on in a new moves file, named.
    let annotated = temp("annotated.pgn");
    let text = "[Game \"chess\"]\n[Result \"*\"]\n\n1. e4 {the best move} e5 *\n";
    std::fs::write(&annotated, text).unwrap();
    let out = play(
        &[
            "--load",
            annotated.to_str().unwrap(),
            "--white",
            "human",
            "--black",
            "human",
        ],
        "Nf3\n",
    );
    assert_eq!(std::fs::read_to_string(&annotated).unwrap(), text);
    let to = lines(&out, "Recording to");
    assert_eq!(to.len(), 1, "{out}");
    assert_ne!(to[0], format!("Recording to {}", annotated.display()));
    let new = std::fs::read_to_string(to[0].trim_start_matches("Recording to ")).unwrap();
    assert!(new.contains("1. e4 e5 2. Nf3 *"), "{new}");
}

#[test]
fn without_a_game_the_games_are_listed() {
    let out = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .arg("play")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    for id in chess3d_games::AVAILABLE {
        assert!(err.contains(id), "{err}");
    }
}
