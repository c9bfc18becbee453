//! A scripted UCI conversation with the real binary through a pipe: game
//! selection, positions with moves, `go depth`, `go infinite` then `stop`,
//! and bad commands, which must be answered and survived.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use chess3d_core::{Game, GameVariant};
use chess3d_games::{with_game, GameVisitor, AVAILABLE};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// Long enough for a loaded 2-core machine; only reached on failure.
const PATIENCE: Duration = Duration::from_secs(60);

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess3d"))
            .arg("uci")
            // The built-in games only, whatever the machine's folder holds.
            .env("CHESS3D_GAMES_DIR", "/nonexistent/chess3d-games")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("chess3d uci starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:#?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The best move of a search started with `go`, with the lines before.
    fn bestmove(&mut self) -> (String, Vec<String>) {
        let lines = self.until("bestmove");
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        (best, lines)
    }

    /// `isready` answered: the engine is alive and has handled what came
    /// before; returns the lines it printed meanwhile.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok")
    }
}

/// Whether `mv` is legal in `game` after `moves` from the start.
fn legal_after(game: &str, moves: &[&str], mv: &str) -> bool {
    struct Check<'a>(&'a [&'a str], &'a str);
    impl GameVisitor for Check<'_> {
        type Output = bool;
        fn visit<G: Game>(self, game: G::Variant) -> bool {
            let mut pos = game.start();
            for m in self.0 {
                pos.play(m).unwrap();
            }
            pos.parse_move(self.1).is_ok()
        }
    }
    with_game(game, Check(moves, mv)).unwrap()
}

#[test]
fn a_scripted_conversation() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    let variant = hello
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("the variant option");
    for game in AVAILABLE {
        assert!(variant.contains(&format!(" var {game}")), "{variant}");
    }
    for option in [
        "Hash type spin",
        "Threads type spin",
        "Skill Level type spin default 20 min 0 max 20",
        "MultiPV type spin default 1 min 1 max 500",
    ] {
        assert!(
            hello.iter().any(|l| l.contains(option)),
            "{option}: {hello:#?}"
        );
    }
    assert!(hello.iter().any(|l| l.starts_with("id name chess3d")));
    e.sync();

    // Chess, a position with moves, a fixed depth.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 4");
    let (best, lines) = e.bestmove();
    assert!(legal_after("chess", &["e2e4", "e7e5"], &best), "{best}");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "one info line per depth: {lines:#?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(words[2], (i + 1).to_string(), "{info}");
        for key in [
            "seldepth", "score", "nodes", "nps", "time", "hashfull", "pv",
        ] {
            assert!(words.contains(&key), "{key} in {info}");
        }
        let pv = &words[words.iter().position(|&w| w == "pv").unwrap() + 1..];
        assert!(
            !pv.is_empty() && legal_after("chess", &["e2e4", "e7e5"], pv[0]),
            "{info}"
        );
    }

    // Every game: select it, play a first move, search.
    for game in AVAILABLE {
        e.send(&format!("setoption name UCI_Variant value {game}"));
        e.send("position startpos");
        e.send("go depth 2");
        let (first, _) = e.bestmove();
        assert!(legal_after(game, &[], &first), "{game}: {first}");
        e.send(&format!("position startpos moves {first}"));
        e.send("go depth 2");
        let (reply, _) = e.bestmove();
        assert!(
            legal_after(game, &[&first], &reply),
            "{game}: {first} {reply}"
        );
    }

    // A position string, and a mate in one found as such: Qxf7#.
    e.send("setoption name UCI_Variant value chess");
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    e.send("go depth 3");
    let (best, lines) = e.bestmove();
    assert_eq!(best, "h5f7");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:#?}"
    );

    // go infinite runs until stop.
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let meanwhile = e.sync();
    assert!(
        !meanwhile.iter().any(|l| l.starts_with("bestmove")),
        "no answer before stop: {meanwhile:#?}"
    );
    e.send("stop");
    let (best, _) = e.bestmove();
    assert!(legal_after("chess", &[], &best), "{best}");

    // Bad input: an error line each, and the engine goes on.
    for (bad, says) in [
        ("bogus", "unknown command 'bogus'"),
        ("position startpos moves e2e4 e2e4", "move 2 ('e2e4')"),
        ("position fen not a position", "position:"),
        ("position", "expected 'position startpos|fen"),
        (
            "setoption name UCI_Variant value shogi",
            "unknown game 'shogi'",
        ),
        (
            "setoption name Hash value 0",
            "Hash: value must be a number from 1",
        ),
        (
            "setoption name Threads value many",
            "Threads: value must be a number",
        ),
        (
            "setoption name wide-promotion value maybe",
            "not true/false",
        ),
        ("setoption name no-such-option value true", "no-such-option"),
        ("setoption", "expected 'setoption name"),
    ] {
        e.send(bad);
        let lines = e.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error") && l.contains(says)),
            "{bad}: {lines:#?}"
        );
    }
    // The last good position is kept after a bad one.
    e.send("position startpos moves g1f3");
    e.send("position startpos moves g1f3 nonsense");
    e.send("go depth 1");
    let (best, lines) = e.bestmove();
    assert!(lines.iter().any(|l| l.contains("move 2 ('nonsense')")));
    assert!(legal_after("chess", &["g1f3"], &best), "{best}");
    // A bad limit is reported; the search still answers.
    e.send("go depth x movetime 100");
    let (best, lines) = e.bestmove();
    assert!(lines.iter().any(|l| l.contains("'depth' needs a number")));
    assert!(legal_after("chess", &["g1f3"], &best), "{best}");
    // A finished game: no move to give.
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 2");
    let (best, lines) = e.bestmove();
    assert_eq!(best, "(none)");
    assert!(lines.iter().any(|l| l.contains("the game is over")));

    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

/// `go wtime ... btime ...`: the engine answers within the clock of the
/// side to move, whatever the other side's, in every game (a flag fall is
/// a lost game; 300 ms and 20 s are far apart on purpose).
#[test]
fn go_with_clocks_answers_within_the_movers_time() {
    let mut e = Engine::start();
    for game in AVAILABLE {
        e.send(&format!("setoption name UCI_Variant value {game}"));
        e.send("ucinewgame");
        e.send("position startpos");
        e.sync();
        // White to move with 300 ms, Black with plenty.
        let started = std::time::Instant::now();
        e.send("go wtime 300 btime 20000 winc 0 binc 0");
        let (best, _) = e.bestmove();
        let took = started.elapsed();
        assert!(legal_after(game, &[], &best), "{game}: {best}");
        assert!(took < Duration::from_millis(300), "{game}: {took:?}");
    }
}

/// `Weights` loads a weights file for the selected game: with chess's own
/// values the Queen takes the free Knight, with a Pawn worth 50 Queens
/// the free Pawn; `<empty>` goes back to the game's own. A file that
/// cannot be read or does not fit the game is an error and changes nothing.
#[test]
fn weights_come_from_a_file_and_errors_change_nothing() {
    let dir = std::env::temp_dir().join(format!("chess3d-uci-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pawns = dir.join("pawns.toml");
    std::fs::write(&pawns, "[value]\nP = [50000, 50000]\n").unwrap();
    let wrong = dir.join("wrong.toml");
    // Chess has no piece Z.
    std::fs::write(&wrong, "[value]\nZ = [1, 1]\n").unwrap();

    let mut e = Engine::start();
    // The Queen on d1 can take a Knight on h5 or a Pawn on a4, both free.
    // (Not with the Black King on a8: there Qxa4+ Kb7 Qb5+ wins both, and
    // the search finds it at depth 3.)
    let best = |e: &mut Engine| {
        e.send("position fen 7k/8/8/7n/p7/8/8/3Q3K w - - 0 1");
        e.send("go depth 3");
        e.bestmove().0
    };
    assert_eq!(best(&mut e), "d1h5");
    e.send(&format!("setoption name Weights value {}", pawns.display()));
    assert!(e.sync().iter().all(|l| !l.contains("error")));
    assert_eq!(best(&mut e), "d1a4");
    for bad in [wrong.clone(), dir.join("missing.toml")] {
        e.send(&format!("setoption name Weights value {}", bad.display()));
        let said = e.sync();
        assert!(
            said.iter()
                .any(|l| l.starts_with("info string error: setoption Weights")),
            "{bad:?}: {said:#?}"
        );
        assert_eq!(best(&mut e), "d1a4", "{bad:?} changed the weights");
    }
    e.send("setoption name Weights value <empty>");
    assert_eq!(best(&mut e), "d1h5");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `setoption name MultiPV value 3`: each depth reports lines 1 to 3, as
/// Stockfish prints them (`multipv k` after `seldepth`), with three
/// different first moves, best first; bestmove is line 1's move.
#[test]
fn multipv_reports_the_best_lines() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let (best, lines) = e.bestmove();
    let at4: Vec<Vec<&str>> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(at4.len(), 3, "{lines:#?}");
    let field =
        |w: &[&str], key: &str| w[w.iter().position(|&x| x == key).unwrap() + 1].to_string();
    for (k, w) in at4.iter().enumerate() {
        assert_eq!(w[5], "multipv", "{w:?}");
        assert_eq!(field(w, "multipv"), (k + 1).to_string());
    }
    let firsts: Vec<String> = at4.iter().map(|w| field(w, "pv")).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let cp: Vec<i32> = at4
        .iter()
        .map(|w| field(w, "cp").parse().unwrap())
        .collect();
    assert!(cp[0] >= cp[1] && cp[1] >= cp[2], "{cp:?}");
    assert_eq!(best, firsts[0]);
    // Out of range: said, and the setting kept.
    e.send("setoption name MultiPV value 0");
    e.send("isready");
    let said = e.until("readyok");
    assert!(
        said.iter()
            .any(|l| l.contains("MultiPV: value must be a number from 1 to 500")),
        "{said:#?}"
    );
}
