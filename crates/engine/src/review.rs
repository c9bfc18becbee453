//! A whole game reviewed: every position searched, and each move judged by
//! what it lost in expected score against the engine's best move
//! (docs/engine.md, "Analysing a game").
//!
//! The expected score of a position is the chance of winning, counting a
//! draw as half, read off the engine's score by the logistic curve lichess
//! publishes for its analysis (`1 / (1 + e^(-0.00368208 × cp))`), with a
//! mate counted as a certain win or loss. A move's loss is the mover's
//! expected score before it (the best move's) less the one after it; the
//! engine's own move loses nothing by definition, so that a search's
//! noise between two positions never marks the move it recommends.

use std::sync::atomic::AtomicBool;

use chess3d_core::{Move, Outcome, Position, Side};

use crate::{Engine, Evaluate, Limits, Score};

/// How bad a move was, by its loss in expected score (out of 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The least loss of each mark, in expected score: 5, 10 and 15
    /// points in 100 (lichess's 0.1, 0.2 and 0.3 on its scale of -1 to 1).
    pub const THRESHOLDS: [(Mark, f64); 3] = [
        (Mark::Blunder, 0.15),
        (Mark::Mistake, 0.10),
        (Mark::Inaccuracy, 0.05),
    ];

    /// The mark a move losing `loss` gets, if any.
    pub fn of_loss(loss: f64) -> Option<Mark> {
        Self::THRESHOLDS
            .iter()
            .find(|(_, least)| loss >= *least)
            .map(|(mark, _)| *mark)
    }

    /// The move's suffix in a record: `?!`, `?` or `??`.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The engine's verdict on one position, for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub score: Score,
    /// The best line, its first move the best move; empty when the game
    /// is over.
    pub line: Vec<Move>,
    pub depth: u32,
    /// The game is over here: `score` is its result, not a search's.
    pub ended: bool,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    pub mover: Side,
    pub played: Move,
    /// The position before the move, for its mover: the best line there.
    pub before: Verdict,
    /// The position after the move, for the first side (White): what a
    /// record's `%eval` shows. `None` after a move that ends the game by a
    /// win (nothing is left to search, and `#0` would not say who won).
    pub eval_after: Option<Score>,
    /// The opponent's best line after the move (empty when it ended the
    /// game): what a bad move runs into.
    pub refutation: Vec<Move>,
    /// The mover's loss in expected score (0 to 1).
    pub loss: f64,
    /// The mover's loss in centipawns, each score held to ±1000 first (a
    /// mate counts 1000) as the usual average centipawn loss does.
    pub cp_loss: i32,
    pub mark: Option<Mark>,
}

/// The chance of winning, a draw counting half, that `score` gives the side
/// it is for.
pub fn expected_score(score: Score) -> f64 {
    match score {
        Score::Mate(m) if m > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => 1.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp()),
    }
}

/// `score` held to ±1000 centipawns, a mate counting 1000.
fn capped_cp(score: Score) -> i32 {
    match score {
        Score::Mate(m) if m > 0 => 1000,
        Score::Mate(_) => -1000,
        Score::Cp(cp) => cp.clamp(-1000, 1000),
    }
}

/// The same score for the other side.
pub fn negated(score: Score) -> Score {
    match score {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(m) => Score::Mate(-m),
    }
}

/// `score`, which is for `side`, for the first side (White).
pub fn for_first_side(score: Score, side: Side) -> Score {
    if side == Side::White {
        score
    } else {
        negated(score)
    }
}

/// What is known of a position without searching it: an ended game's
/// result as a score for the side to move (a win as a mate in 1, a loss as
/// mated in 1: certain either way).
fn ended(pos: &Position<impl Evaluate>) -> Option<Score> {
    Some(match pos.clone().outcome()? {
        Outcome::Draw(_) => Score::Cp(0),
        Outcome::Win { winner, .. } if winner == pos.side_to_move() => Score::Mate(1),
        Outcome::Win { .. } => Score::Mate(-1),
    })
}

/// Judges the move `played` between the verdicts on the positions before
/// and after it.
pub fn judge(
    mover: Side,
    played: Move,
    before: Verdict,
    after: &Verdict,
    after_side: Side,
) -> MoveReview {
    // The score after the move, for its mover.
    let after_for_mover = if after_side == mover {
        after.score
    } else {
        negated(after.score)
    };
    let best = before.line.first() == Some(&played);
    let (loss, cp_loss) = if best {
        (0.0, 0)
    } else {
        (
            (expected_score(before.score) - expected_score(after_for_mover)).max(0.0),
            (capped_cp(before.score) - capped_cp(after_for_mover)).max(0),
        )
    };
    let won = after.ended && after.score != Score::Cp(0);
    MoveReview {
        mover,
        played,
        eval_after: (!won).then(|| for_first_side(after.score, after_side)),
        refutation: after.line.clone(),
        loss,
        cp_loss,
        mark: Mark::of_loss(loss),
        before,
    }
}

/// Searches every position of the game from `start` through `moves` with
/// `limits` and judges each move, calling `on_move` with each move's index
/// and review as it is done (moves in order). Stops early, with the moves
/// judged so far, when `abort` is set.
pub fn review_game<R: Evaluate>(
    engine: &mut Engine<R>,
    start: &Position<R>,
    moves: &[Move],
    limits: &Limits,
    abort: &AtomicBool,
    mut on_move: impl FnMut(usize, &MoveReview),
) -> Vec<MoveReview> {
    let mut pos = start.clone();
    let mut before = verdict(engine, &pos, limits, abort);
    let mut out = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        if abort.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let mover = pos.side_to_move();
        pos.make(m);
        let after = verdict(engine, &pos, limits, abort);
        if abort.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let review = judge(mover, m, before, &after, pos.side_to_move());
        on_move(i, &review);
        out.push(review);
        before = after;
    }
    out
}

/// The engine's verdict on `pos`, or the ended game's.
pub fn verdict<R: Evaluate>(
    engine: &mut Engine<R>,
    pos: &Position<R>,
    limits: &Limits,
    abort: &AtomicBool,
) -> Verdict {
    if let Some(score) = ended(pos) {
        return Verdict {
            score,
            line: Vec::new(),
            depth: 0,
            ended: true,
        };
    }
    let report = engine.search(pos, limits, abort, |_| {});
    Verdict {
        score: report.score,
        line: report.pv,
        depth: report.depth,
        ended: false,
    }
}

/// A side's moves summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Average centipawn loss.
    pub average_cp_loss: f64,
    /// Average loss in expected score (0 to 1).
    pub average_loss: f64,
}

/// Each side's summary: `[first side, second side]`.
pub fn summarise(reviews: &[MoveReview]) -> [Summary; 2] {
    let mut out = [Summary::default(); 2];
    for side in [Side::White, Side::Black] {
        let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.mover == side).collect();
        let s = &mut out[side.index()];
        s.moves = mine.len();
        let count = |mark| mine.iter().filter(|r| r.mark == Some(mark)).count();
        s.inaccuracies = count(Mark::Inaccuracy);
        s.mistakes = count(Mark::Mistake);
        s.blunders = count(Mark::Blunder);
        if !mine.is_empty() {
            let n = mine.len() as f64;
            s.average_cp_loss = mine.iter().map(|r| f64::from(r.cp_loss)).sum::<f64>() / n;
            s.average_loss = mine.iter().map(|r| r.loss).sum::<f64>() / n;
        }
    }
    out
}
