//! Keys, the mouse and pastes: what each does to the interface's state.

use chess3d_core::Cell;
use chess3d_engine::Evaluate;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::super::board::{self, Step};
use super::super::command::Typed;
use super::super::line::{self, Edit};
use super::{help::REVIEW_HELP, App};

impl<R: Evaluate> App<R> {
    /// A key, a mouse event or a paste.
    pub(crate) fn event(&mut self, e: Event) {
        if self.too_small() {
            // Nothing is played unseen: Ctrl-C (or Ctrl-Q) alone works, and
            // the answer to its question (shown on that screen).
            if let Event::Key(k) = e {
                if k.kind != KeyEventKind::Release && (self.pending.is_some() || is_quit_key(&k)) {
                    self.key(k);
                }
            }
            return;
        }
        match e {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.key(k),
            Event::Mouse(m) => self.mouse(m),
            Event::Paste(text) if self.overlay.is_none() && self.pending.is_none() => {
                self.type_text(&text)
            }
            _ => {}
        }
    }

    /// Text typed or pasted on the input line, said when cut at its
    /// longest.
    pub(super) fn type_text(&mut self, text: &str) {
        match self.input.insert(text) {
            0 => self.left_out = 0,
            dropped => {
                // Counted over the keys of a paste that come one by one.
                self.left_out += dropped;
                self.message = format!(
                    "the input line holds at most {} characters: {} left out",
                    line::MAX_CHARS,
                    self.left_out
                );
            }
        }
    }

    pub fn key(&mut self, k: KeyEvent) {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let quit_key = is_quit_key(&k);
        // Ctrl-C quits from anywhere: a window open is closed, another
        // question withdrawn (quitting asks its own when a game would be
        // lost, and Ctrl-C again answers yes).
        if quit_key && self.pending != Some(Typed::Quit) {
            self.overlay = None;
            self.pending = None;
            self.command(Typed::Quit);
            return;
        }
        let bottom = self.overlay_bottom();
        if let Some(overlay) = &mut self.overlay {
            // Arrows and pages scroll, no further than its last row at the
            // bottom; any other key closes.
            match k.code {
                KeyCode::Up => overlay.scroll = overlay.scroll.saturating_sub(1),
                KeyCode::Down => overlay.scroll = overlay.scroll.saturating_add(1),
                KeyCode::PageUp => overlay.scroll = overlay.scroll.saturating_sub(10),
                KeyCode::PageDown => overlay.scroll = overlay.scroll.saturating_add(10),
                KeyCode::Home => overlay.scroll = 0,
                KeyCode::End => overlay.scroll = u16::MAX,
                _ => self.overlay = None,
            }
            if let Some(o) = &mut self.overlay {
                o.scroll = o.scroll.min(bottom);
            }
            return;
        }
        if let Some(typed) = self.pending.take() {
            let yes =
                matches!(k.code, KeyCode::Char('y' | 'Y')) || (quit_key && typed == Typed::Quit);
            if yes {
                self.run_command(typed);
            } else {
                self.message = "cancelled: the game goes on".to_string();
            }
            return;
        }
        let shift = k.modifiers.contains(KeyModifiers::SHIFT);
        let reviewing = self.review.is_some();
        // Home, End and the plain arrows edit the typed text while there is
        // some.
        let typing = !self.input.is_empty() && !reviewing;
        let at = self
            .review
            .as_ref()
            .map_or(self.session.moves.len(), |r| r.0);
        match k.code {
            // Readline's keys on the typed text.
            KeyCode::Char('a') if ctrl => self.input.edit(Edit::Home),
            KeyCode::Char('e') if ctrl => self.input.edit(Edit::End),
            KeyCode::Char('u') if ctrl => self.input.edit(Edit::KillToStart),
            KeyCode::Char('k') if ctrl => self.input.edit(Edit::KillToEnd),
            KeyCode::Char('w') if ctrl => self.input.edit(Edit::KillWord),
            KeyCode::Char('h') if ctrl => self.input.edit(Edit::Backspace),
            KeyCode::Home if typing => self.input.edit(Edit::Home),
            KeyCode::End if typing => self.input.edit(Edit::End),
            KeyCode::Left if typing && !shift => self.input.edit(Edit::Left),
            KeyCode::Right if typing && !shift => self.input.edit(Edit::Right),
            KeyCode::Delete => self.input.edit(Edit::Delete),
            // Review: Home the start, End the live game; Shift+arrows (or
            // `,` and `.`) a move back and forward, plain arrows too while
            // reviewing (the cursor has nothing to do on a past position).
            KeyCode::Home => self.review_at(0),
            KeyCode::End => self.review_at(usize::MAX),
            KeyCode::Esc if self.analysing.is_some() => self.stop_analysis(),
            KeyCode::Esc if reviewing => self.review_at(usize::MAX),
            KeyCode::Left if shift || reviewing => self.review_at(at.saturating_sub(1)),
            KeyCode::Right if shift || reviewing => self.review_at(at + 1),
            KeyCode::Char(',') if self.input.is_empty() => self.review_at(at.saturating_sub(1)),
            KeyCode::Char('.') if self.input.is_empty() => self.review_at(at + 1),
            KeyCode::Tab if !reviewing => self.jump(),
            KeyCode::F(1) => self.command(Typed::Help),
            KeyCode::F(2) => self.command(Typed::Undo),
            KeyCode::F(3) => self.command(Typed::Redo),
            KeyCode::F(4) => self.command(Typed::Hint),
            KeyCode::F(5) => self.command(Typed::Flip),
            KeyCode::F(6) => self.command(Typed::Legend),
            KeyCode::Esc => {
                self.input.clear();
                self.clear_selection();
                if let Some(h) = self.hinting.take() {
                    self.engines.hint = h.cancel();
                }
                self.message.clear();
            }
            KeyCode::Left => self.step(Step::Left),
            KeyCode::Right => self.step(Step::Right),
            KeyCode::Up => self.step(Step::Up),
            KeyCode::Down => self.step(Step::Down),
            KeyCode::PageUp => self.step(Step::LevelUp),
            KeyCode::PageDown => self.step(Step::LevelDown),
            KeyCode::Char('[') if self.input.is_empty() => self.step(Step::LevelUp),
            KeyCode::Char(']') if self.input.is_empty() => self.step(Step::LevelDown),
            KeyCode::Char(d @ '1'..='9') if self.input.is_empty() && !self.choices.is_empty() => {
                let i = d as usize - '1' as usize;
                if let Some(&m) = self.choices.get(i) {
                    self.play(m);
                }
            }
            KeyCode::Char(' ') if self.input.is_empty() => self.activate(),
            KeyCode::Enter if self.input.text().trim().is_empty() => {
                self.input.clear();
                self.activate();
            }
            KeyCode::Enter => {
                let line = self.input.take();
                match Typed::parse(&line) {
                    Ok(t) => self.command(t),
                    Err(e) => self.message = e,
                }
            }
            KeyCode::Backspace => self.input.edit(Edit::Backspace),
            KeyCode::Char(c) if !ctrl => self.type_text(c.encode_utf8(&mut [0; 4])),
            _ => {}
        }
    }

    /// Shows the position after `ply` moves; the live game from the last
    /// one on.
    pub fn review_at(&mut self, ply: usize) {
        let live = self.session.moves.len();
        if ply >= live {
            if self.review.take().is_some() {
                self.message = "back to the live game".to_string();
            }
            return;
        }
        let Some(pos) = self.session.position_at(ply) else {
            return;
        };
        self.clear_selection();
        self.message = REVIEW_HELP.to_string();
        self.review = Some((ply, pos));
    }

    pub(super) fn step(&mut self, step: Step) {
        let Some(c) = self.marks.cursor else { return };
        let level = matches!(step, Step::LevelUp | Step::LevelDown);
        // Level steps aim at the square they started from; others start
        // afresh.
        let anchor = if level {
            *self.anchor.get_or_insert(c)
        } else {
            self.anchor = None;
            c
        };
        self.marks.cursor = Some(board::step(
            &self.session.pos,
            c,
            step,
            self.marks.flipped,
            &self.marks.ghosts,
            Some(anchor),
        ));
    }

    pub(crate) fn mouse(&mut self, m: MouseEvent) {
        // A window open or a question asked: the wheel scrolls the window,
        // a click closes it or answers no.
        if self.overlay.is_some() || self.pending.is_some() {
            let code = match m.kind {
                MouseEventKind::ScrollUp => KeyCode::Up,
                MouseEventKind::ScrollDown => KeyCode::Down,
                MouseEventKind::Down(_) => KeyCode::Esc,
                _ => return,
            };
            if self.overlay.is_some() || matches!(m.kind, MouseEventKind::Down(_)) {
                self.key(KeyEvent::new(code, KeyModifiers::NONE));
            }
            return;
        }
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                if let Some(cell) = self.board_on_screen().cell_at(m.column, m.row) {
                    self.marks.cursor = Some(cell);
                    self.anchor = None;
                    self.activate();
                }
            }
            MouseEventKind::ScrollUp => self.step(Step::LevelUp),
            MouseEventKind::ScrollDown => self.step(Step::LevelDown),
            _ => {}
        }
    }

    /// The squares Tab goes to: the selection's destinations, else the
    /// last move's (to, then from) and the King in check.
    pub(super) fn jump_targets(&self) -> Vec<Cell> {
        if self.marks.selected.is_some() {
            return self.marks.destinations.iter().map(|d| d.0).collect();
        }
        let mut cells: Vec<Cell> = Vec::new();
        if let Some((from, to)) = self.marks.last_move {
            cells.extend([to, from]);
        }
        cells.extend(self.marks.check);
        cells.dedup();
        cells
    }

    /// Tab: the cursor to the next square of [`Self::jump_targets`] after
    /// it, or from elsewhere to the first one out of sight; the view
    /// follows the cursor.
    pub(super) fn jump(&mut self) {
        let targets = self.jump_targets();
        if targets.is_empty() {
            self.message = "Tab goes to a selected piece's destinations, the last move or a \
                            check: none to go to"
                .to_string();
            return;
        }
        let on = self
            .marks
            .cursor
            .and_then(|c| targets.iter().position(|&t| t == c));
        let next = match on {
            Some(i) => targets[(i + 1) % targets.len()],
            None => {
                let lay = self.board_on_screen();
                targets
                    .iter()
                    .copied()
                    .find(|&c| !lay.shows(c))
                    .unwrap_or(targets[0])
            }
        };
        self.marks.cursor = Some(next);
        self.anchor = None;
    }
}

/// Ctrl-C or Ctrl-Q: quit.
fn is_quit_key(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c' | 'q'))
}
