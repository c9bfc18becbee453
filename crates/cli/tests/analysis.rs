//! `chess3d analyze --record`: a whole game analysed and written back as
//! PGN (docs/engine.md, "Analysing a game").

mod common;

use common::chess3d;
use std::path::PathBuf;

use chess3d_core::record::{replay, Record};
use chess3d_games::polyhedron::Polyhedron;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess3d-analysis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Analyses the record `text` of `game` at `depth`: the annotated PGN
/// (stdout) and the progress (stderr).
fn analyse(game: &str, text: &str, depth: &str) -> (String, String) {
    let path = scratch(&format!("{game}.pgn"));
    std::fs::write(&path, text).unwrap();
    let o = chess3d(&[
        "analyze",
        game,
        "--record",
        path.to_str().unwrap(),
        "--depth",
        depth,
    ]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(o.status.success(), "{err}");
    (String::from_utf8(o.stdout).unwrap(), err)
}

/// The expected score lichess's curve gives `pawns` (docs/engine.md),
/// written here apart from the engine's.
fn expected(eval: &str) -> f64 {
    match eval.strip_prefix('#') {
        Some(m) if m.starts_with('-') => 0.0,
        Some(_) => 1.0,
        None => 1.0 / (1.0 + (-0.368_208 * eval.parse::<f64>().unwrap()).exp()),
    }
}

/// Black hangs the Queen: 3... Qg5 walks into the f3 Knight
/// (4. Nxg5, nothing recaptures on g5). A Queen is nine pawns: whatever
/// the score before, after it Black is lost, a loss of expected score far
/// over the blunder's 15 points in 100.
#[test]
fn a_hung_queen_is_a_blunder_with_its_refutation_and_the_better_move() {
    let (pgn, progress) = analyse(
        "chess",
        "[Event \"hung\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5 1-0\n",
        "6",
    );
    assert!(
        pgn.contains("[Annotator \"chess3d analyze, depth 6 a position\"]"),
        "{pgn}"
    );
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    // The blunder, its refutation named, and a variation from Black's
    // third move that is not the Queen's.
    assert!(flat.contains("3... Qg5?? {[%eval"), "{flat}");
    let blunder = &flat[flat.find("Qg5??").unwrap()..];
    assert!(blunder.contains("Blunder, refuted by Nxg5"), "{blunder}");
    let variation = &blunder[blunder.find("(3...").expect("a variation") + 6..];
    assert!(!variation.starts_with("Qg5"), "{variation}");
    // No other move of the game is marked.
    let marked: Vec<&str> = flat
        .split(' ')
        .filter(|t| t.ends_with('?') || t.ends_with("?!"))
        .collect();
    assert_eq!(marked, ["Qg5??"], "{flat}");
    // Each side's summary, before the moves, and on stderr.
    assert!(
        flat.contains("Black: 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{flat}"
    );
    assert!(progress.contains("6/7 3... Qg5??"), "{progress}");
    assert!(
        progress.contains("Black: 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{progress}"
    );
    // Every move has its evaluation.
    assert_eq!(flat.matches("[%eval ").count(), 7, "{flat}");
}

/// The loss in expected score a mark's text shows: `(B → A) Name`, the
/// scores for the first side, the mover's loss whichever side moved (the
/// mark's own, rounded to the hundredth of a pawn written).
fn marks_shown(pgn: &str) -> Vec<(f64, String)> {
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.split("] (")
        .skip(1)
        .filter_map(|part| {
            let (evals, rest) = part.split_once(") ")?;
            let (before, after) = evals.split_once(" → ")?;
            let name = rest.split([',', '.']).next()?.to_string();
            Some(((expected(before) - expected(after)).abs(), name))
        })
        .collect()
}

/// A Polyhedron game (seed 004) of random moves, analysed: the record read
/// back gives the same moves and result; every move has an `%eval` but a
/// winning last one; every mark agrees with the evaluations written beside
/// it, the expected score recomputed here from the text (docs/engine.md's
/// thresholds: 0.05, 0.10, 0.15).
#[test]
fn a_polyhedron_game_is_analysed_and_reads_back() {
    let games = scratch("polyhedron-games.pgn");
    let o = chess3d(&[
        "match",
        "polyhedron",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "1",
        "--seed",
        "4",
        "--opening-plies",
        "0",
        "--max-plies",
        "30",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&games).unwrap();
    let (pgn, _) = analyse("polyhedron", &text, "2");
    let (original, _) = Record::parse(&text);
    let (annotated, damage) = Record::parse(&pgn);
    assert_eq!(damage, None, "{pgn}");
    let unmarked: Vec<&str> = annotated
        .moves
        .iter()
        .map(|m| m.trim_end_matches(['?', '!']))
        .collect();
    assert_eq!(unmarked, original.moves);
    assert_eq!(annotated.result, original.result);
    let replayed = replay::<Polyhedron>(Polyhedron::variant_of_type(), &annotated, None).unwrap();
    assert_eq!(replayed.moves.len(), original.moves.len());
    assert!(
        pgn.matches("[%eval ").count() + 1 >= original.moves.len(),
        "{pgn}"
    );
    // Random moves: some of them marked, each as its loss says.
    let marks = marks_shown(&pgn);
    assert!(!marks.is_empty(), "{pgn}");
    for (loss, name) in marks {
        let (least, below) = match name.as_str() {
            "Inaccuracy" => (0.05, 0.10),
            "Mistake" => (0.10, 0.15),
            "Blunder" => (0.15, 1.01),
            _ => panic!("an unknown mark {name}"),
        };
        // The written scores are rounded to a hundredth of a pawn.
        assert!(
            loss > least - 0.005 && loss < below + 0.005,
            "{name} for a loss of {loss}"
        );
    }
}
