//! The full-screen interface: the board level by level with a cursor,
//! the move list, a status line and a line for typing moves and commands.
//! The engine thinks on its own thread; its depth, score and best line
//! show while it does.

use std::time::{Duration, Instant};

use anyhow::Result;
use chess3d_core::{BitSet, Cell, Move, Position};
use chess3d_engine::Evaluate;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::EnterAlternateScreen;
use ratatui::layout::Rect;
use ratatui::Terminal;

use super::board::{Colours, Marks, Palette};
use super::command::Typed;
use super::line::InputLine;
use super::plain::Engines;
use super::session::{Seat, Session};
use super::sgr16::Sgr16;
use super::thinker::{Thinking, Thought};

mod commands;
mod engine;
mod help;
mod input;
mod selection;
mod view;

/// Plays `session` full screen; `notice` is the first message, `loaded`
/// whether the game came from a file (so that leaving it loses nothing).
pub fn run<R: Evaluate>(session: Session<R>, notice: Option<String>, loaded: bool) -> Result<()> {
    let mut app = App::new(session);
    if loaded {
        app = app.loaded_from_file();
    }
    app.session.begin();
    if let Some(n) = notice {
        app.message = n;
    }
    if let Some(w) = app.session.take_warning() {
        app.message = w;
    }
    // On a panic the terminal is given back as it was.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave_terminal();
        previous(info);
    }));
    let sixteen = app.palette.colours == Colours::Ansi16;
    let mut terminal = enter_terminal(sixteen)?;
    let result = app.run(&mut terminal);
    leave_terminal();
    // Every game of the session that is in a file, the ones it replaced
    // too (a new game, one loaded).
    for path in app.session.files_kept() {
        outln!("Game kept in {}", path.display());
    }
    if let (Some(path), true) = (&app.session.moves_file, app.session.moves_file_behind) {
        outln!(
            "The moves file {} could not be written: the game is not kept",
            path.display()
        );
    }
    result
}

/// The terminal in raw mode on its alternate screen, with mouse reporting
/// and bracketed paste (a paste comes as one event), drawn through
/// [`Sgr16`] (the 16 colours' own codes when only 16 are known).
fn enter_terminal(sixteen: bool) -> Result<Terminal<CrosstermBackend<Sgr16<std::io::Stdout>>>> {
    ratatui::crossterm::terminal::enable_raw_mode()?;
    execute!(std::io::stdout(), EnterAlternateScreen)?;
    let _ = execute!(std::io::stdout(), EnableMouseCapture, EnableBracketedPaste);
    let backend = CrosstermBackend::new(Sgr16::new(std::io::stdout(), sixteen));
    Ok(Terminal::new(backend)?)
}

/// The terminal as it was before [`enter_terminal`].
fn leave_terminal() {
    let _ = execute!(
        std::io::stdout(),
        DisableMouseCapture,
        DisableBracketedPaste
    );
    ratatui::restore();
}

/// The interface's state.
pub struct App<R: Evaluate> {
    pub session: Session<R>,
    engines: Engines<R>,
    thinking: Option<Thinking<R>>,
    thought: Option<Thought>,
    /// The engine searching for a hint, on its own thread, and its latest
    /// iteration.
    hinting: Option<Thinking<R>>,
    hint_thought: Option<Thought>,
    /// The moves played being analysed, on their own thread.
    analysing: Option<chess3d_play::analysis::Analysing>,
    pub marks: Marks,
    /// The legal moves of the selection, each with the squares that choose
    /// it: its destination, or every square an attack board or elevator
    /// would come to.
    targets: Vec<(Move, Vec<Cell>)>,
    /// Moves of the selected piece to the square chosen, when several.
    choices: Vec<Move>,
    pub input: InputLine,
    /// Characters typed since the input line was full, left out.
    left_out: usize,
    pub message: String,
    /// A window over the board (help, legend, the legal moves).
    overlay: Option<Overlay>,
    pub palette: Palette,
    /// The square the level steps (PgUp/PgDn) started from.
    anchor: Option<Cell>,
    /// A command waiting for the player's yes (resign, new, quitting an
    /// unsaved game).
    pending: Option<Typed>,
    /// The record as last saved with `save`, for a game without a moves
    /// file: whether quitting loses anything.
    saved: Option<String>,
    /// The window's size, once known: where the board is (for the mouse
    /// and Tab), and whether the window is too small to play in.
    size: Option<Rect>,
    pub(crate) quit: bool,
    /// A past position shown instead of the live one: the moves played to
    /// reach it, and the position. Nothing is played there.
    pub review: Option<(usize, Position<R>)>,
}

/// A scrollable window over the board.
struct Overlay {
    title: String,
    text: String,
    scroll: u16,
}

impl<R: Evaluate> App<R> {
    /// The interface for the terminal's colours (`NO_COLOR`, `COLORTERM`,
    /// `TERM`).
    pub fn new(session: Session<R>) -> Self {
        Self::with_colours(session, Colours::from_env())
    }

    /// A game loaded from a file: what it holds is not lost on leaving.
    pub fn loaded_from_file(mut self) -> Self {
        self.saved = Some(self.session.record().to_text());
        self
    }

    pub fn with_colours(session: Session<R>, colours: Colours) -> Self {
        let engines = Engines::for_seats(&session.seats);
        let cursor = first_piece(&session.pos);
        let message = match &session.moves_file {
            Some(path) => format!("recording to {} · F1 help, F6 legend", path.display()),
            None => {
                "not recording (no moves file): 'save FILE' keeps the game · F1 help, F6 legend"
                    .to_string()
            }
        };
        let palette = Palette::new(colours, session.game().side_names());
        let mut app = App {
            session,
            engines,
            thinking: None,
            thought: None,
            hinting: None,
            hint_thought: None,
            analysing: None,
            marks: Marks {
                cursor: Some(cursor),
                ..Marks::default()
            },
            targets: Vec::new(),
            choices: Vec::new(),
            input: InputLine::default(),
            left_out: 0,
            message,
            overlay: None,
            size: None,
            quit: false,
            review: None,
            palette,
            anchor: None,
            pending: None,
            saved: None,
        };
        app.marks.flipped =
            app.session.seats[0] != Seat::Human && app.session.seats[1] == Seat::Human;
        app.after_change();
        app
    }

    /// The window's size, as the terminal (or a test) says.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = Some(Rect::new(0, 0, width, height));
    }

    /// Whether the window is too small to show a level and the move list:
    /// nothing is played then, as nothing would be seen.
    fn too_small(&self) -> bool {
        self.size.is_some_and(|size| self.screen(size).is_err())
    }

    fn run<B: Backend>(&mut self, terminal: &mut Terminal<B>) -> Result<()> {
        while !self.quit {
            self.tick()?;
            let size = terminal.size()?;
            self.resize(size.width, size.height);
            terminal.draw(|f| self.draw(f))?;
            // Every event waiting is handled before the next drawing (for up
            // to a tenth of a second): a paste of thousands of keys takes a
            // frame or two, not thousands, and a Ctrl-C behind it is
            // answered at once. The next events are polled for a
            // millisecond, not zero: crossterm's poll(2) reader returns at
            // once on zero without reading.
            if event::poll(Duration::from_millis(50))? {
                let drawn = Instant::now();
                loop {
                    self.event(event::read()?);
                    if self.quit
                        || drawn.elapsed() > Duration::from_millis(100)
                        || !event::poll(Duration::from_millis(1))?
                    {
                        break;
                    }
                }
            }
        }
        self.stop_thinking();
        self.stop_analysis();
        Ok(())
    }
}

/// A square to put the cursor on first: the side to move's first piece.
fn first_piece<R: Evaluate>(pos: &Position<R>) -> Cell {
    let side = pos.side_to_move();
    pos.side_cells(side).iter().next().unwrap_or(0)
}
