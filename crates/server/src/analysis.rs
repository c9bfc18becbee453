//! The engine's analysis on the server, for any game (issue 57): a game's
//! moves judged one position at a time ([`Reviewer`], so that each step is
//! one short engine turn in the pool, taken in turn with other clients'),
//! and the analysis board's positions: any moves from any position of a
//! game, with the engine's best lines (MultiPV).
//!
//! Scores are sent for the first side (White), as the page's graph and
//! lichess show them: `cp` in hundredths of a pawn, or `mate` in moves
//! (negative: the first side is mated).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, Result};
use chess3d_core::{Move, Position, Side};
use chess3d_engine::review::{expected_score, for_first_side, judge, verdict, MoveReview, Verdict};
use chess3d_engine::{line_labels, Config, Engine, Evaluate, Limits, Score};
use chess3d_play::annotate::{move_line, summary_lines};
use chess3d_play::session::Session;
use serde_json::{json, Value};

use crate::scene::{self, View};

/// How long the analysis searches each position of a game.
pub const ANALYSIS_MOVETIME: std::time::Duration = std::time::Duration::from_millis(250);
/// How long the analysis board's engine searches a position.
pub const LINES_MOVETIME: std::time::Duration = std::time::Duration::from_millis(1000);
/// The analysis board's lines (MultiPV).
pub const LINES: u32 = 3;

/// A score for the first side as JSON: `{"cp": 37, "mate": null}`, with
/// the expected score (`win`, 0 to 1) the graph draws.
pub fn score_json(score: Score) -> Value {
    let (cp, mate) = match score {
        Score::Cp(c) => (Some(c), None),
        Score::Mate(m) => (None, Some(m)),
    };
    json!({ "cp": cp, "mate": mate, "win": expected_score(score) })
}

/// A game's moves judged one position at a time.
pub trait Reviewer: Send {
    /// The moves to judge.
    fn total(&self) -> usize;
    /// Judges the next move (searching the positions it needs); `None`
    /// when every move is judged, or when `abort` stopped the search.
    fn step(&mut self, abort: &AtomicBool) -> Option<Value>;
    /// Each side's summary, once every move is judged.
    fn summary(&self) -> Vec<String>;
}

struct GameReviewer<R: Evaluate> {
    engine: Engine<R>,
    start: Position<R>,
    pos: Position<R>,
    moves: Vec<Move>,
    limits: Limits,
    before: Option<Verdict>,
    reviews: Vec<MoveReview>,
}

/// A reviewer of the moves from `start`, each position searched with
/// `limits` by one engine of `config`.
pub fn reviewer<R: Evaluate>(
    start: &Position<R>,
    moves: Vec<Move>,
    config: Config,
    limits: Limits,
) -> Box<dyn Reviewer> {
    Box::new(GameReviewer {
        engine: Engine::new(config),
        start: start.clone(),
        pos: start.clone(),
        moves,
        limits,
        before: None,
        reviews: Vec::new(),
    })
}

impl<R: Evaluate> Reviewer for GameReviewer<R> {
    fn total(&self) -> usize {
        self.moves.len()
    }

    fn step(&mut self, abort: &AtomicBool) -> Option<Value> {
        let done = self.reviews.len();
        let &played = self.moves.get(done)?;
        let before = match self.before.take() {
            Some(v) => v,
            None => verdict(&mut self.engine, &self.pos, &self.limits, abort),
        };
        let position_before = self.pos.clone();
        let mover = self.pos.side_to_move();
        self.pos.make(played);
        let after = verdict(&mut self.engine, &self.pos, &self.limits, abort);
        if abort.load(std::sync::atomic::Ordering::Relaxed) {
            // Searches cut short judge nothing; the position goes back.
            self.pos = position_before;
            self.before = Some(before);
            return None;
        }
        let review = judge(mover, played, before, &after, self.pos.side_to_move());
        self.before = Some(after);
        let first = usize::from(self.start.side_to_move() == Side::Black);
        let value = move_json(&position_before, first + done, done + 1, &review);
        self.reviews.push(review);
        Some(value)
    }

    fn summary(&self) -> Vec<String> {
        summary_lines(self.start.variant().side_names(), &self.reviews).to_vec()
    }
}

/// One judged move for the page: `ply` the position after it (1: after the
/// first move), its evaluation then for the first side, its mark, the
/// best line before it, the refutation after it and the line in words.
fn move_json<R: Evaluate>(
    before: &Position<R>,
    number_ply: usize,
    ply: usize,
    review: &MoveReview,
) -> Value {
    let mut after = before.clone();
    after.make(review.played);
    let best_before = for_first_side(review.before.score, review.mover);
    json!({
        "ply": ply,
        "label": before.clone().move_label(review.played),
        "eval": review.eval_after.map(score_json),
        "before": score_json(best_before),
        "mark": review.mark.map(|m| m.suffix()),
        "judgement": review.mark.map(|m| m.name()),
        "loss": review.loss,
        "best": line_labels(before, &review.before.line),
        "refutation": line_labels(&after, &review.refutation),
        "text": move_line(before, number_ply, review),
    })
}

/// The analysis board's position: `session`'s game after its first `ply`
/// moves, then `moves` typed as players type them; with the moves'
/// canonical texts and labels.
pub fn explore<R: Evaluate>(
    session: &Session<R>,
    ply: usize,
    moves: &[String],
) -> Result<(Position<R>, Vec<String>, Vec<String>)> {
    let mut pos = session.position_at(ply).ok_or_else(|| {
        anyhow!(
            "the game has {} moves: no position after move {ply}",
            session.moves.len()
        )
    })?;
    let (mut texts, mut labels) = (Vec::new(), Vec::new());
    for (i, text) in moves.iter().enumerate() {
        if pos.clone().outcome().is_some() {
            return Err(anyhow!(
                "move {} '{}': the game is over there",
                i + 1,
                text.escape_debug()
            ));
        }
        let m = pos
            .read_move(text)
            .map_err(|e| anyhow!("move {} '{}': {e}", i + 1, text.escape_debug()))?;
        texts.push(pos.move_text(m));
        labels.push(pos.clone().move_label(m));
        pos.make(m);
    }
    Ok((pos, texts, labels))
}

/// The board of an analysis position, with its legal moves and its end
/// if it ends the game.
pub fn explore_view<R: Evaluate>(pos: &Position<R>) -> View {
    let result = pos.clone().outcome().map(|o| {
        (
            chess3d_core::record::result_token(Some(o)),
            o.describe(pos.variant().side_names()),
        )
    });
    scene::view(pos, result)
}

/// The engine's best lines in `pos`, for the first side, searched with
/// `limits` (MultiPV [`LINES`]).
pub fn lines<R: Evaluate>(
    pos: &Position<R>,
    config: Config,
    limits: Limits,
    abort: &AtomicBool,
) -> Value {
    let limits = Limits {
        multipv: LINES,
        ..limits
    };
    let mut engine = Engine::<R>::new(config);
    let report = engine.search(pos, &limits, abort, |_| {});
    let side = pos.side_to_move();
    let lines: Vec<Value> = report
        .lines
        .iter()
        .map(|(score, pv)| {
            let mut line = score_json(for_first_side(*score, side));
            line["line"] = json!(line_labels(pos, pv));
            line
        })
        .collect();
    json!({ "depth": report.depth, "lines": lines })
}

/// A game's analysis, kept with the game in memory ([`crate::live::Live`])
/// and run by the hub (hub/analysis.rs), one engine turn a move.
#[derive(Clone)]
pub struct GameAnalysis {
    /// The moves analysed (the game's first ones, canonical).
    pub of: Vec<String>,
    /// Each move judged so far (as [`Reviewer::step`] gives it), in order.
    pub moves: Vec<Value>,
    pub total: usize,
    /// `running`, `done` or `stopped`.
    pub state: &'static str,
    /// Each side's summary, once done.
    pub summary: Vec<String>,
    /// Engine turns of other clients ahead of its next step while it
    /// waits for an engine, -1 otherwise: written by the engine pool while
    /// it holds its queue's lock, so an atomic (no lock taken there).
    pub ahead: Arc<AtomicI64>,
    /// The client that started it (only it stops it).
    pub owner: Option<std::net::IpAddr>,
    pub abort: Arc<AtomicBool>,
    /// The counts it holds while it runs, given back at its end or stop.
    pub holds: Arc<Holds>,
}

impl GameAnalysis {
    pub fn json(&self) -> Value {
        json!({
            "state": self.state,
            "upto": self.of.len(),
            "total": self.total,
            "done": self.moves.len(),
            "moves": self.moves,
            "summary": self.summary,
            "ahead": u64::try_from(self.ahead.load(Ordering::Relaxed)).ok(),
        })
    }

    /// Stops it where it stands: its counts given back at once.
    pub fn stop(&mut self) {
        if self.state == "running" {
            self.abort.store(true, Ordering::Relaxed);
            self.state = "stopped";
        }
        self.holds.release();
    }
}

/// What an analysis holds while it runs (its client's count and the
/// server's), given back by [`Holds::release`] or when dropped.
pub struct Holds(Mutex<Option<Box<dyn Send>>>);

impl Holds {
    pub fn new(held: impl Send + 'static) -> Holds {
        Holds(Mutex::new(Some(Box::new(held))))
    }

    pub fn release(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take();
    }
}
