//! A game analysed for the player (`analyse` in `chess3d play`): every
//! position searched briefly and each move judged ([`chess3d_engine::review`]),
//! said a line a move ([`crate::annotate::move_line`]), in the foreground
//! (line mode) or on its own thread (the terminal interface, which goes on
//! drawing and can stop it).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{anyhow, Result};
use chess3d_core::{Move, Position, Side};
use chess3d_engine::review::review_game;
use chess3d_engine::{Config, Engine, Evaluate, Limits};

use crate::annotate::{move_line, summary_lines};
use crate::session::Session;

/// How long each position is searched: a 40-move game (81 positions) in
/// about 16 seconds. `chess3d analyze --record` takes longer for more.
pub const ANALYSE_MOVETIME: Duration = Duration::from_millis(200);

/// The first `upto` moves of `session`'s game, from its start.
pub fn played<R: Evaluate>(session: &Session<R>, upto: usize) -> Result<Vec<Move>> {
    let mut pos = session.start.clone();
    session.moves[..upto.min(session.moves.len())]
        .iter()
        .map(|text| {
            let m = pos
                .parse_move(text)
                .map_err(|e| anyhow!("cannot replay '{text}': {e}"))?;
            pos.make(m);
            Ok(m)
        })
        .collect()
}

/// The game's moves analysed, each said in a line as it is judged (`said`),
/// then each side's summary; stops early when `abort` is set.
fn analyse<R: Evaluate>(
    start: &Position<R>,
    moves: &[Move],
    abort: &AtomicBool,
    mut said: impl FnMut(String),
) {
    let mut engine = Engine::<R>::new(Config::default());
    let first = usize::from(start.side_to_move() == Side::Black);
    let mut pos = start.clone();
    let reviews = review_game(
        &mut engine,
        start,
        moves,
        &Limits::movetime(ANALYSE_MOVETIME),
        abort,
        |i, review| {
            said(move_line(&pos, first + i, review));
            pos.make(review.played);
        },
    );
    if reviews.len() == moves.len() {
        for line in summary_lines(start.variant().side_names(), &reviews) {
            said(line);
        }
    }
}

/// Analyses in the foreground: the lines.
pub fn analyse_now<R: Evaluate>(start: &Position<R>, moves: &[Move]) -> Vec<String> {
    let mut lines = Vec::new();
    analyse(start, moves, &AtomicBool::new(false), |l| lines.push(l));
    lines
}

/// An analysis on its own thread.
pub struct Analysing {
    abort: Arc<AtomicBool>,
    lines_in: Receiver<String>,
    thread: Option<JoinHandle<()>>,
    /// The moves analysed.
    pub total: usize,
    /// The lines so far: a move each, then the summaries.
    pub lines: Vec<String>,
}

impl Analysing {
    pub fn start<R: Evaluate>(start: Position<R>, moves: Vec<Move>) -> Self {
        let abort = Arc::new(AtomicBool::new(false));
        let (tx, lines_in) = mpsc::channel();
        let stop = Arc::clone(&abort);
        let total = moves.len();
        let thread = std::thread::spawn(move || {
            analyse(&start, &moves, &stop, |line| {
                let _ = tx.send(line);
            });
        });
        Analysing {
            abort,
            lines_in,
            thread: Some(thread),
            total,
            lines: Vec::new(),
        }
    }

    /// Takes the lines that have come; whether the analysis is over.
    pub fn poll(&mut self) -> bool {
        loop {
            match self.lines_in.try_recv() {
                Ok(line) => self.lines.push(line),
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => return true,
            }
        }
    }

    /// Stops the analysis and waits for its thread.
    pub fn cancel(mut self) {
        self.abort.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
