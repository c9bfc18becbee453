//! MultiPV: the best N lines of one search, distinct, best first, and the
//! single-line search unchanged by it.

use std::sync::atomic::AtomicBool;

use chess3d_core::{MoveList, Position};
use chess3d_engine::{with_engine_game, Config, Engine, EngineVisitor, Evaluate, Limits, Score};
use chess3d_games::chess::ChessRules;
use chess3d_games::AVAILABLE;

fn lines_of<R: Evaluate>(pos: &Position<R>, depth: u32, multipv: u32) -> chess3d_engine::Report {
    let limits = Limits {
        multipv,
        ..Limits::depth(depth)
    };
    Engine::<R>::new(Config::default()).search(pos, &limits, &AtomicBool::new(false), |_| {})
}

/// A score compared as a player would: a mate beats any centipawns.
fn rank(s: Score) -> i64 {
    match s {
        Score::Cp(c) => i64::from(c),
        Score::Mate(m) if m > 0 => 1_000_000 - i64::from(m),
        Score::Mate(m) => -1_000_000 - i64::from(m),
    }
}

/// Three lines at depth 4 in every game: three different legal first
/// moves, each line legal move by move, scores best first, the best line
/// the report's own.
struct ThreeLines;

impl EngineVisitor for ThreeLines {
    type Output = ();
    fn visit<R: Evaluate>(self, game: chess3d_core::Variant<R>) {
        let pos = game.start();
        let report = lines_of(&pos, 4, 3);
        let id = game.id();
        assert_eq!(report.lines.len(), 3, "{id}");
        let firsts: Vec<_> = report.lines.iter().map(|l| l.1[0]).collect();
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "{id}: {firsts:?}"
        );
        for (score, pv) in &report.lines {
            let mut p = pos.clone();
            for &m in pv {
                let mut legal = MoveList::new();
                p.legal_moves(&mut legal);
                assert!(legal.contains(&m), "{id}: {pv:?} at {score}");
                p.make(m);
            }
        }
        let ranks: Vec<i64> = report.lines.iter().map(|l| rank(l.0)).collect();
        assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "{id}: {ranks:?}");
        assert_eq!(report.best, Some(firsts[0]), "{id}");
        assert_eq!(report.score, report.lines[0].0, "{id}");
    }
}

#[test]
fn multipv_gives_distinct_lines_best_first_in_every_game() {
    for game in AVAILABLE {
        with_engine_game(game, ThreeLines).unwrap();
    }
}

/// MultiPV 1 is the single-line search: the same move, score, line and
/// node count as without the option (one thread, a fresh table each).
#[test]
fn multipv_one_is_the_single_line_search() {
    let pos = Position::<ChessRules>::start();
    let plain = Engine::<ChessRules>::new(Config::default()).search(
        &pos,
        &Limits::depth(6),
        &AtomicBool::new(false),
        |_| {},
    );
    let one = lines_of(&pos, 6, 1);
    assert_eq!(
        (plain.best, plain.score, &plain.pv, plain.nodes),
        (one.best, one.score, &one.pv, one.nodes)
    );
    assert_eq!(one.lines, vec![(one.score, one.pv.clone())]);
}

/// A Queen left to be taken: the capture is the first line, clearly above
/// the second (a Queen is worth far more than any other move gains).
#[test]
fn a_hanging_queen_is_the_first_line_by_far() {
    // Black's Queen on d5 is attacked by the e4 pawn and defended by
    // nothing.
    let pos = Position::<ChessRules>::from_text(
        "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    )
    .unwrap();
    let report = lines_of(&pos, 4, 2);
    let text = |m| pos.move_text(m);
    assert_eq!(text(report.lines[0].1[0]), "e4d5");
    let gap = rank(report.lines[0].0) - rank(report.lines[1].0);
    assert!(gap > 500, "{:?}", report.lines);
}

/// A weak level, as Stockfish's, plays one of the four best lines of a
/// search to its depth and reports only the lines asked for: level 4 (its
/// depth capped at 1 + 4/2 = 3) against the four lines of a full-strength
/// search to depth 3 (one thread and a fresh table each, so the same
/// search), with several seeds, from every game's start.
struct WeakAmongFour;

impl EngineVisitor for WeakAmongFour {
    type Output = ();
    fn visit<R: Evaluate>(self, game: chess3d_core::Variant<R>) {
        let pos = game.start();
        let id = game.id();
        let four: Vec<_> = lines_of(&pos, 3, 4).lines.iter().map(|l| l.1[0]).collect();
        assert_eq!(four.len(), 4, "{id}");
        for seed in 0..4 {
            let config = Config {
                skill: 4,
                seed,
                ..Config::default()
            };
            let report = Engine::<R>::new(config).search(
                &pos,
                &Limits::depth(20),
                &AtomicBool::new(false),
                |_| {},
            );
            assert_eq!(report.depth, 3, "{id}");
            assert_eq!(report.lines.len(), 1, "{id}");
            let played = report.best.expect("a move");
            assert!(
                four.contains(&played),
                "{id}, seed {seed}: {played:?} not in {four:?}"
            );
            assert_eq!(report.pv.first(), Some(&played), "{id}");
        }
    }
}

#[test]
fn weak_levels_play_one_of_the_four_best_lines_in_every_game() {
    for game in AVAILABLE {
        with_engine_game(game, WeakAmongFour).unwrap();
    }
}
