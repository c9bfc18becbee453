//! The engine's turn and the hint, each searched on its own thread while
//! the interface goes on.

use chess3d_core::Move;
use chess3d_engine::{Engine, Evaluate};

use super::super::board::{self};
use super::super::plain::hint_seat;
use super::super::session::Seat;
use super::super::thinker::{Message, Thinking};
use super::App;
use anyhow::Result;
use chess3d_play::analysis::Analysing;

impl<R: Evaluate> App<R> {
    /// Starts the engine when it is to move; plays its move when it has one.
    pub(crate) fn tick(&mut self) -> Result<()> {
        self.poll_hint();
        self.poll_analysis();
        if self.session.check_flag() {
            self.stop_thinking();
            if let Some((result, why)) = self.session.result() {
                self.message = format!("{result}: {why}");
            }
            return Ok(());
        }
        if let Some(thinking) = &mut self.thinking {
            while let Some(message) = thinking.poll() {
                match message {
                    Message::Iteration(t) => self.thought = Some(t),
                    Message::Done(engine, best) => {
                        let at_ply = thinking.at_ply;
                        self.engines.seats[thinking.side.index()] = Some(engine);
                        self.thinking = None;
                        if let (Some(m), true) = (best, at_ply == self.session.moves.len()) {
                            self.engine_played(m);
                        }
                        return Ok(());
                    }
                    Message::Died => {
                        // A panic in the search: a fresh engine, and say so.
                        let side = thinking.side;
                        if let Seat::Engine(seat) = &self.session.seats[side.index()] {
                            let engine = chess3d_engine::Engine::new(seat.config);
                            self.engines.seats[side.index()] = Some(Box::new(engine));
                        }
                        self.thinking = None;
                        self.message =
                            "the engine stopped unexpectedly; it starts again".to_string();
                        return Ok(());
                    }
                }
            }
            return Ok(());
        }
        if self.session.is_over() {
            return Ok(());
        }
        if let Seat::Engine(seat) = self.session.seat_to_move().clone() {
            let side = self.session.pos.side_to_move();
            if let Some(engine) = self.engines.seats[side.index()].take() {
                self.thought = None;
                self.thinking = Some(Thinking::start(
                    engine,
                    self.session.pos.clone(),
                    self.session.engine_limits(&seat.limits),
                    self.session.moves.len(),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            let side = thinking.side;
            if let Some(engine) = thinking.cancel() {
                self.engines.seats[side.index()] = Some(engine);
            }
        }
    }

    /// Starts the engine on a hint for the side to move, on its own thread:
    /// the interface goes on, and the hint shows on the board when found.
    pub(super) fn start_hint(&mut self) {
        if let Some((_, why)) = self.session.result() {
            self.message = format!("no hint: the game is over ({why})");
            return;
        }
        if self.review.is_some() {
            self.message = "no hint on a past position: End goes back to the game".to_string();
            return;
        }
        if !self.human_to_move() {
            self.message = "the hint is for your move: the engine is to move".to_string();
            return;
        }
        if let Err(e) = self.session.engine_help() {
            self.message = e.to_string();
            return;
        }
        if self.hinting.is_some() {
            self.message = "the engine is already thinking about a hint".to_string();
            return;
        }
        let seat = hint_seat();
        let engine = self
            .engines
            .hint
            .take()
            .unwrap_or_else(|| Box::new(Engine::new(seat.config)));
        self.hinting = Some(Thinking::start(
            engine,
            self.session.pos.clone(),
            seat.limits.clone(),
            self.session.moves.len(),
        ));
        self.message = "hint: the engine is thinking (a second; Esc stops it)…".to_string();
    }

    /// The hint, when its search is over: shown on the board and said.
    pub(super) fn poll_hint(&mut self) {
        let Some(hinting) = &mut self.hinting else {
            return;
        };
        let mut last = None;
        while let Some(message) = hinting.poll() {
            match message {
                Message::Iteration(t) => last = Some(t),
                Message::Done(engine, best) => {
                    let at_ply = hinting.at_ply;
                    self.engines.hint = Some(engine);
                    self.hinting = None;
                    // Only for the position it was asked about.
                    if let (Some(m), true) = (best, at_ply == self.session.moves.len()) {
                        let label = self.session.pos.clone().move_label(m);
                        let why = last.or_else(|| self.hint_thought.take());
                        self.message = match why {
                            Some(t) => format!("hint: {label} ({})", t.summary()),
                            None => format!("hint: {label}"),
                        };
                        self.marks.hint = Some((m.from, m.to));
                    }
                    self.hint_thought = None;
                    return;
                }
                Message::Died => {
                    self.hinting = None;
                    self.message = "the hint's search stopped unexpectedly".to_string();
                    return;
                }
            }
        }
        if last.is_some() {
            self.hint_thought = last;
        }
    }

    /// Starts analysing the moves played, up to the position under review,
    /// on its own thread: the lines are shown in a window when it is done.
    pub(super) fn start_analysis(&mut self) {
        if let Err(e) = self.session.engine_help() {
            self.message = e.to_string();
            return;
        }
        if self.analysing.is_some() {
            self.message = "the analysis is already under way (Esc stops it)".to_string();
            return;
        }
        let upto = self
            .review
            .as_ref()
            .map_or(self.session.moves.len(), |r| r.0);
        match chess3d_play::analysis::played(&self.session, upto) {
            Ok(moves) if moves.is_empty() => self.message = "no move to analyse yet".to_string(),
            Ok(moves) => {
                self.analysing = Some(Analysing::start(self.session.start.clone(), moves));
                self.poll_analysis();
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    /// The analysis's progress said; its lines in a window once done.
    pub(super) fn poll_analysis(&mut self) {
        let Some(analysing) = &mut self.analysing else {
            return;
        };
        let over = analysing.poll();
        let judged = analysing.lines.len().min(analysing.total);
        if !over {
            self.message = format!(
                "analysing: move {} of {} (Esc stops)…",
                (judged + 1).min(analysing.total),
                analysing.total
            );
            return;
        }
        let lines = std::mem::take(&mut analysing.lines);
        self.analysing = None;
        self.message = "analysis done: ↑↓ PgUp PgDn scroll, Esc closes".to_string();
        self.open(" analysis ", lines.join("\n"));
    }

    /// Stops the analysis under way.
    pub(super) fn stop_analysis(&mut self) {
        if let Some(a) = self.analysing.take() {
            a.cancel();
            self.message = "analysis stopped".to_string();
        }
    }

    /// The engine's move, played and brought into view: when the window
    /// has no room for its level beside the cursor's, the cursor goes to
    /// it (the levels drawn follow the cursor).
    pub(crate) fn engine_played(&mut self, m: Move) {
        self.play(m);
        let lay = board::layout(&self.session.pos, &self.marks, self.board_area());
        if self.board_area().area() > 0 && !lay.shows(m.to) {
            self.marks.cursor = Some(m.to);
            self.anchor = None;
            self.message += " (the cursor went to it: it was out of sight)";
        }
    }
}
