//! The computer's side of a game: an engine searching the position, in the
//! foreground (line mode) or on its own thread (terminal interface, which
//! shows each iteration while it thinks and can stop it).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use chess3d_core::{Move, Position};
use chess3d_engine::{line_labels, Engine, Evaluate, Info, Limits, Score};

/// One finished iteration, as the player sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    /// The best line as players read it (SAN for chess).
    pub pv: Vec<String>,
    /// The side whose view the score is from (the side to move), by name.
    pub side: &'static str,
}

impl Thought {
    pub fn from_info<R: Evaluate>(pos: &Position<R>, info: &Info) -> Thought {
        Thought {
            depth: info.depth,
            score: info.score,
            nodes: info.nodes,
            pv: line_labels(pos, &info.pv),
            side: side_name(pos),
        }
    }

    /// `depth 9, score +0.35 for Black, line e5 Nf3` (the score from the
    /// side to move's view, named, in pawns, or `mate in 3` / `mated in 2`).
    pub fn summary(&self) -> String {
        let score = match self.score {
            Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
            Score::Mate(m) if m > 0 => format!("mate in {m}"),
            Score::Mate(m) => format!("mated in {}", -m),
        };
        format!(
            "depth {}, score {score} for {}, line {}",
            self.depth,
            self.side,
            self.pv.join(" ")
        )
    }
}

/// The name of the side to move (White, Gold, ...).
fn side_name<R: Evaluate>(pos: &Position<R>) -> &'static str {
    pos.tables().def.side_names[pos.side_to_move().index()]
}

/// Searches in the foreground; the best move and the last iteration.
pub fn think_now<R: Evaluate>(
    engine: &mut Engine<R>,
    pos: &Position<R>,
    limits: &Limits,
) -> (Option<Move>, Option<Thought>) {
    let abort = AtomicBool::new(false);
    let report = engine.search(pos, limits, &abort, |_| {});
    let thought = report.best.map(|_| Thought {
        depth: report.depth,
        score: report.score,
        nodes: report.nodes,
        pv: line_labels(pos, &report.pv),
        side: side_name(pos),
    });
    (report.best, thought)
}

/// What a background search sends.
pub enum Message<R: Evaluate> {
    Iteration(Thought),
    /// The search is over: the engine back, and its move.
    Done(Box<Engine<R>>, Option<Move>),
    /// The search thread ended without an answer (a panic).
    Died,
}

/// A search on its own thread.
pub struct Thinking<R: Evaluate> {
    abort: Arc<AtomicBool>,
    messages: Receiver<Message<R>>,
    thread: Option<JoinHandle<()>>,
    /// The number of moves played when it started: its answer is for that
    /// position only.
    pub at_ply: usize,
    /// The side it plays (its engine goes back to that seat).
    pub side: chess3d_core::Side,
}

impl<R: Evaluate> Thinking<R> {
    pub fn start(
        mut engine: Box<Engine<R>>,
        pos: Position<R>,
        limits: Limits,
        at_ply: usize,
    ) -> Self {
        let abort = Arc::new(AtomicBool::new(false));
        let (tx, messages) = mpsc::channel();
        let stop = Arc::clone(&abort);
        let side = pos.side_to_move();
        let thread = std::thread::spawn(move || {
            let info_tx = tx.clone();
            let report = engine.search(&pos, &limits, &stop, |info| {
                let _ = info_tx.send(Message::Iteration(Thought::from_info(&pos, info)));
            });
            let _ = tx.send(Message::Done(engine, report.best));
        });
        Thinking {
            abort,
            messages,
            thread: Some(thread),
            at_ply,
            side,
        }
    }

    /// The next message, if one has come.
    pub fn poll(&mut self) -> Option<Message<R>> {
        match self.messages.try_recv() {
            Ok(m) => Some(m),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Message::Died),
        }
    }

    /// Stops the search and waits for it; the engine comes back.
    pub fn cancel(mut self) -> Option<Box<Engine<R>>> {
        self.abort.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        while let Ok(m) = self.messages.try_recv() {
            if let Message::Done(engine, _) = m {
                return Some(engine);
            }
        }
        None
    }
}

/// Whether the engine playing `side` takes a draw: when a short search
/// finds `side` worse by half a pawn or more.
pub fn draw_answer<R: Evaluate>(
    engine: &mut Engine<R>,
    pos: &Position<R>,
    side: chess3d_core::Side,
) -> bool {
    let (_, thought) = think_now(engine, pos, &Limits::movetime(Duration::from_millis(300)));
    let Some(t) = thought else { return false };
    // The score is the side to move's.
    let for_side = |s: i32| if pos.side_to_move() == side { s } else { -s };
    match t.score {
        Score::Cp(c) => for_side(c) <= -50,
        Score::Mate(m) => for_side(m) < 0,
    }
}
