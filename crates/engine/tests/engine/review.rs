//! A whole game reviewed: each move judged by its loss in expected score
//! (docs/engine.md, "Analysing a game").

use std::sync::atomic::AtomicBool;

use chess3d_core::{Position, Side};
use chess3d_engine::review::{expected_score, judge, review_game, summarise, Mark, Verdict};
use chess3d_engine::{Config, Engine, Limits, Score};
use chess3d_games::chess::ChessRules;

/// The curve's figures, worked by hand: `1 / (1 + e^(-0.00368208 × cp))`
/// is 1/2 at 0; at 100 it is 1 / (1 + e^-0.368208) = 1 / 1.69196 =
/// 0.59103; the two sides' expected scores sum to 1; a mate is certain.
#[test]
fn expected_scores_follow_the_curve() {
    assert_eq!(expected_score(Score::Cp(0)), 0.5);
    assert!((expected_score(Score::Cp(100)) - 0.59103).abs() < 1e-5);
    for cp in [1, 37, 250, 999, 5000] {
        let sum = expected_score(Score::Cp(cp)) + expected_score(Score::Cp(-cp));
        assert!((sum - 1.0).abs() < 1e-12, "{cp}");
    }
    assert_eq!(expected_score(Score::Mate(3)), 1.0);
    assert_eq!(expected_score(Score::Mate(-1)), 0.0);
}

/// The thresholds of docs/engine.md, at and just under each.
#[test]
fn marks_start_at_five_ten_and_fifteen_points() {
    assert_eq!(Mark::of_loss(0.0), None);
    assert_eq!(Mark::of_loss(0.0499), None);
    assert_eq!(Mark::of_loss(0.05), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of_loss(0.0999), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of_loss(0.10), Some(Mark::Mistake));
    assert_eq!(Mark::of_loss(0.1499), Some(Mark::Mistake));
    assert_eq!(Mark::of_loss(0.15), Some(Mark::Blunder));
    assert_eq!(Mark::of_loss(1.0), Some(Mark::Blunder));
}

fn verdict(score: Score, line: &[chess3d_core::Move]) -> Verdict {
    Verdict {
        score,
        line: line.to_vec(),
        depth: 5,
        ended: false,
    }
}

/// A Black move judged from White's score after it: +3.00 for White is
/// -3.00 for Black, who stood at 0.00: a loss of 1/2 - e(-300) = 0.5 -
/// 0.2489 = 0.2511, a blunder; the same scores on the engine's own move
/// lose nothing (search noise, not the move).
#[test]
fn a_move_loses_what_its_mover_loses_unless_it_is_the_best() {
    let mut pos = Position::<ChessRules>::start();
    let e4 = pos.read_move("e4").unwrap();
    pos.make(e4);
    let e5 = pos.read_move("e5").unwrap();
    let d5 = pos.read_move("d5").unwrap();
    let before = verdict(Score::Cp(0), &[d5]);
    let after = verdict(Score::Cp(300), &[]);
    let r = judge(Side::Black, e5, before.clone(), &after, Side::White);
    assert!((r.loss - 0.2511).abs() < 1e-3, "{}", r.loss);
    assert_eq!(r.cp_loss, 300);
    assert_eq!(r.mark, Some(Mark::Blunder));
    assert_eq!(r.eval_after, Some(Score::Cp(300)));
    let r = judge(Side::Black, d5, before, &after, Side::White);
    assert_eq!((r.loss, r.cp_loss, r.mark), (0.0, 0, None));
}

/// The fool's mate, 1. f3 e5 2. g4 Qh4#: 2. g4 allows mate in one, a
/// blunder whose refutation is Qh4#; the mate itself is Black's best and
/// has no evaluation after it (the game is over).
#[test]
fn the_fools_mate_is_white_blundering_into_mate() {
    let mut pos = Position::<ChessRules>::start();
    let start = pos.clone();
    let mut moves = Vec::new();
    for text in ["f3", "e5", "g4", "Qh4#"] {
        let m = pos.read_move(text).unwrap();
        pos.make(m);
        moves.push(m);
    }
    let mut engine = Engine::<ChessRules>::new(Config::default());
    let mut seen = Vec::new();
    let reviews = review_game(
        &mut engine,
        &start,
        &moves,
        &Limits::depth(4),
        &AtomicBool::new(false),
        |i, _| seen.push(i),
    );
    assert_eq!(seen, [0, 1, 2, 3]);
    let g4 = &reviews[2];
    assert_eq!(g4.mark, Some(Mark::Blunder));
    assert_eq!(g4.eval_after, Some(Score::Mate(-1)), "Black mates in one");
    assert_eq!(g4.refutation.first(), Some(&moves[3]));
    let mate = &reviews[3];
    assert_eq!((mate.mark, mate.eval_after, mate.loss), (None, None, 0.0));
    let [white, black] = summarise(&reviews);
    assert_eq!((white.moves, white.blunders), (2, 1));
    assert_eq!((black.moves, black.blunders, black.mistakes), (2, 0, 0));
}
