//! Typed commands (and the keys that stand for them): those that lose
//! something ask first.

use chess3d_engine::Evaluate;

use super::super::command::Typed;
use super::super::plain::{self};
use super::{App, Overlay};

impl<R: Evaluate> App<R> {
    /// A typed command or move; resigning, a new game and leaving an
    /// unsaved game ask first.
    pub fn command(&mut self, typed: Typed) {
        if let Some(question) = self.question(&typed) {
            self.message = format!("{question} y: yes, any other key: no");
            self.pending = Some(typed);
            return;
        }
        self.run_command(typed);
    }

    /// What to ask before this command, if anything.
    pub(super) fn question(&self, typed: &Typed) -> Option<String> {
        let s = &self.session;
        let playing = !s.moves.is_empty() && !s.is_over();
        let lost = if self.unsaved() {
            match s.moves_file {
                None => " This game has no moves file and is not saved: it will be lost.",
                Some(_) => {
                    " This game's moves file could not be written and the game is not \
                            saved: it will be lost."
                }
            }
            .to_string()
        } else {
            match &s.moves_file {
                Some(path) if playing => {
                    format!(" This game stays in {}.", path.display())
                }
                _ => String::new(),
            }
        };
        match typed {
            Typed::Resign if !s.is_over() => Some("Resign the game?".to_string()),
            Typed::New if playing || self.unsaved() => Some(format!("Start a new game?{lost}")),
            // A game in progress is replaced only when the player says so.
            Typed::Load(path) if playing || self.unsaved() => {
                Some(format!("Load {path} in place of this game?{lost}"))
            }
            Typed::Quit if self.unsaved() => Some(format!("Quit?{lost}")),
            _ => None,
        }
    }

    /// Whether the game would be lost on leaving it: no moves file, and
    /// moves not saved with `save`.
    pub(super) fn unsaved(&self) -> bool {
        let s = &self.session;
        (s.moves_file.is_none() || s.moves_file_behind)
            && !s.moves.is_empty()
            && self.saved.as_deref() != Some(s.record().to_text().as_str())
    }

    pub(super) fn run_command(&mut self, typed: Typed) {
        match typed {
            Typed::Quit => self.quit = true,
            Typed::Help => self.open(" help ", self.help_screen()),
            Typed::Legend => self.open(" legend ", self.legend()),
            Typed::Hint => self.start_hint(),
            Typed::Analyse => self.start_analysis(),
            Typed::Moves => {
                let legal = plain::legal_texts(&self.session);
                let text = if legal.is_empty() {
                    "no legal moves".to_string()
                } else {
                    format!("{} legal moves:\n\n{}", legal.len(), legal.join("  "))
                };
                self.open(" legal moves ", text);
            }
            Typed::Flip => {
                self.marks.flipped = !self.marks.flipped;
                self.message = "board turned round".to_string();
            }
            Typed::Board => self.message = "the board is on the screen".to_string(),
            Typed::Continue => {
                match self.review.take() {
                    None => self.message =
                        "'continue' plays on from a position under review (Home, Shift+←): none is"
                            .to_string(),
                    Some((ply, _)) => {
                        self.stop_thinking();
                        self.thought = None;
                        self.message = match self.session.back_to(ply) {
                            Ok(m) => m,
                            Err(e) => format!("{e:#}"),
                        };
                        self.after_change();
                    }
                }
            }
            Typed::Move(_) if !self.human_to_move() && !self.session.is_over() => {
                self.message = "wait for the engine's move".to_string();
            }
            typed => {
                // The engine stops thinking while a command changes the game.
                self.stop_thinking();
                if !matches!(typed, Typed::Move(_) | Typed::Save(_)) {
                    self.thought = None;
                }
                // After a save or a load the game is in a file.
                let saving = matches!(typed, Typed::Save(_) | Typed::Load(_));
                let handled = plain::handle(&mut self.session, &mut self.engines, typed);
                if saving && handled.is_ok() {
                    self.saved = Some(self.session.record().to_text());
                }
                self.message = match handled {
                    Ok((_, said)) => said
                        .iter()
                        .flat_map(|s| s.lines())
                        .collect::<Vec<_>>()
                        .join("; "),
                    Err(e) => format!("{e:#}"),
                };
                if let Some(w) = self.session.take_warning() {
                    self.message = w;
                }
                self.after_change();
            }
        }
    }

    /// Opens a window over the board.
    pub(super) fn open(&mut self, title: &str, text: String) {
        self.overlay = Some(Overlay {
            title: title.to_string(),
            text,
            scroll: 0,
        });
    }
}
