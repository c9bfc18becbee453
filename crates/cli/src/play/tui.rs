//! The full-screen interface: the board level by level with a cursor,
//! the move list, a status line and a line for typing moves and commands.
//! The engine thinks on its own thread; its depth, score and best line
//! show while it does.

use std::time::{Duration, Instant};

use anyhow::Result;
use chess3d_core::{BitSet, Cell, Move, MoveKind, MoveList, Position, Side};
use chess3d_engine::{Engine, Evaluate};
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::EnterAlternateScreen;
use ratatui::layout::{Constraint, Direction, Layout as Split, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::{Frame, Terminal};

use super::board::{self, BoardView, Colours, Marks, Palette, Step};
use super::command::{help_text, Typed};
use super::line::{self, Edit, InputLine};
use super::plain::{self, hint_seat, move_number, number_of, Engines};
use super::session::{Seat, Session};
use super::sgr16::Sgr16;
use super::thinker::{Message, Thinking, Thought};
use chess3d_play::clock::clock_face;

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
    // On a panic the terminal is given back as it was: raw mode, the
    // alternate screen, mouse reporting and bracketed paste (a paste comes
    // as one event) turned off.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(
            std::io::stdout(),
            DisableMouseCapture,
            DisableBracketedPaste
        );
        ratatui::restore();
        previous(info);
    }));
    let sixteen = app.palette.colours == Colours::Ansi16;
    let mut terminal = enter_terminal(sixteen)?;
    let _ = execute!(std::io::stdout(), EnableMouseCapture, EnableBracketedPaste);
    let result = app.run(&mut terminal);
    let _ = execute!(
        std::io::stdout(),
        DisableMouseCapture,
        DisableBracketedPaste
    );
    ratatui::restore();
    match &app.session.moves_file {
        Some(path) if !app.session.moves_file_behind => {
            outln!("Game kept in {}", path.display())
        }
        Some(path) => outln!(
            "The moves file {} could not be written: the game is not kept",
            path.display()
        ),
        None => {}
    }
    result
}

/// The terminal in raw mode on its alternate screen, drawn through
/// [`Sgr16`] (the 16 colours' own codes when only 16 are known).
fn enter_terminal(sixteen: bool) -> Result<Terminal<CrosstermBackend<Sgr16<std::io::Stdout>>>> {
    ratatui::crossterm::terminal::enable_raw_mode()?;
    execute!(std::io::stdout(), EnterAlternateScreen)?;
    let backend = CrosstermBackend::new(Sgr16::new(std::io::stdout(), sixteen));
    Ok(Terminal::new(backend)?)
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
    /// Where the board was last drawn (for mouse clicks).
    pub board_area: Rect,
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
            board_area: Rect::default(),
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

    fn run<B: Backend>(&mut self, terminal: &mut Terminal<B>) -> Result<()> {
        while !self.quit {
            self.tick()?;
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
        Ok(())
    }

    /// A key, a mouse event or a paste.
    pub(crate) fn event(&mut self, e: Event) {
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
    fn type_text(&mut self, text: &str) {
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

    /// Starts the engine when it is to move; plays its move when it has one.
    pub(crate) fn tick(&mut self) -> Result<()> {
        self.poll_hint();
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

    fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            let side = thinking.side;
            if let Some(engine) = thinking.cancel() {
                self.engines.seats[side.index()] = Some(engine);
            }
        }
    }

    /// Clears the selection and marks the last move and a check, after the
    /// position changed; the cursor follows a board or an elevator that
    /// moved from under it.
    fn after_change(&mut self) {
        self.marks.hint = None;
        // A hint and a question were about the position before.
        if let Some(h) = self.hinting.take() {
            self.engines.hint = h.cancel();
            self.hint_thought = None;
        }
        if self.pending.take().is_some() {
            self.message = "the game changed: the question is withdrawn".to_string();
        }
        self.anchor = None;
        let pos = &self.session.pos;
        let last = pos.moves_played().last();
        self.marks.last_move = last.map(|m| (m.from, m.to));
        self.marks.check = pos
            .in_check()
            .then(|| pos.royal_cell(pos.side_to_move()))
            .flatten();
        if let Some(c) = self.marks.cursor {
            if !R::present(pos).contains(c) {
                let geo = &pos.tables().geo;
                // Carried along with the board: the same place on it.
                let carried = last.filter(|m| m.kind == MoveKind::Board).and_then(|m| {
                    let (a, b, p) = (geo.coord(m.from), geo.coord(m.to), geo.coord(c));
                    geo.cell_at([p[0] + b[0] - a[0], p[1] + b[1] - a[1], p[2] + b[2] - a[2]])
                        .filter(|&n| R::present(pos).contains(n))
                });
                self.marks.cursor = carried
                    .or_else(|| board::nearest_present(pos, c))
                    .or(Some(first_piece(pos)));
            }
        }
        self.marks.may_arrive = self.may_arrive();
        self.clear_selection();
    }

    /// Clears the selection; a cursor left on a square that does not exist
    /// goes to the nearest one that does.
    fn clear_selection(&mut self) {
        self.marks.selected = None;
        self.marks.destinations.clear();
        self.marks.ghosts.clear();
        self.targets.clear();
        self.choices.clear();
        let pos = &self.session.pos;
        if let Some(c) = self.marks.cursor {
            if !R::present(pos).contains(c) {
                self.marks.cursor = board::nearest_present(pos, c).or(Some(first_piece(pos)));
                self.anchor = None;
            }
        }
    }

    fn human_to_move(&self) -> bool {
        *self.session.seat_to_move() == Seat::Human && !self.session.is_over()
    }

    /// Legal moves of the position.
    fn legal(&self) -> Vec<Move> {
        let mut pos = self.session.pos.clone();
        let mut moves = MoveList::new();
        if pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
        }
        moves.to_vec()
    }

    /// The legal moves of the piece on `cell`, and of the attack board or
    /// elevator it is on, each with the squares that choose it.
    fn targets_of(&self, cell: Cell) -> Vec<(Move, Vec<Cell>)> {
        let pos = &self.session.pos;
        let before = R::present(pos);
        let mut out = Vec::new();
        for m in self.legal() {
            if m.kind != MoveKind::Board {
                if m.from == cell {
                    out.push((m, vec![m.to]));
                }
                continue;
            }
            // A board or elevator: the squares it leaves and the squares
            // it brings.
            let (arriving, after) = board_arrival(pos, m);
            let carried = m.from == cell || (before.contains(cell) && !after.contains(cell));
            if carried {
                out.push((m, arriving));
            }
        }
        out
    }

    /// Every square a legal board or elevator move would bring.
    fn may_arrive(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .legal()
            .into_iter()
            .filter(|m| m.kind == MoveKind::Board)
            .flat_map(|m| board_arrival(&self.session.pos, m).0)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Selects the piece on `cell` (or the board or elevator under it),
    /// showing its destinations.
    pub fn select(&mut self, cell: Cell) {
        let targets = self.targets_of(cell);
        self.clear_selection();
        if targets.is_empty() {
            self.message = format!("{}: no legal move from there", self.cell_name(cell));
            return;
        }
        let pos = &self.session.pos;
        let present = R::present(pos);
        let mut dests: Vec<(Cell, bool)> = Vec::new();
        for (m, cells) in &targets {
            for &c in cells {
                if !dests.iter().any(|d| d.0 == c) {
                    dests.push((c, m.kind != MoveKind::Board && pos.is_capture(*m)));
                }
                if !present.contains(c) && !self.marks.ghosts.contains(&c) {
                    self.marks.ghosts.push(c);
                }
            }
        }
        let boards = !self.marks.ghosts.is_empty();
        self.message = format!(
            "{} selected: Enter on a marked square moves there{}; Esc clears",
            self.session.pos.tables().geo.name(cell),
            if boards {
                " (+ squares: where the board or elevator would go)"
            } else {
                ""
            }
        );
        self.marks.selected = Some(cell);
        self.marks.destinations = dests;
        self.targets = targets;
    }

    /// Enter, Space or a click on the cursor's square.
    fn activate(&mut self) {
        let Some(cell) = self.marks.cursor else {
            return;
        };
        if self.review.is_some() {
            self.message = REVIEW_HELP.to_string();
            return;
        }
        if !self.human_to_move() {
            self.message = if self.session.is_over() {
                "the game is over: 'undo', 'new', 'load' or 'quit'".to_string()
            } else {
                "the engine is thinking".to_string()
            };
            return;
        }
        if let Some(from) = self.marks.selected {
            if from == cell {
                self.clear_selection();
                self.message.clear();
                return;
            }
            let moves: Vec<Move> = self
                .targets
                .iter()
                .filter(|(_, cells)| cells.contains(&cell))
                .map(|(m, _)| *m)
                .collect();
            match moves.len() {
                0 => {}
                1 => return self.play(moves[0]),
                _ => {
                    let texts: Vec<String> = moves
                        .iter()
                        .enumerate()
                        .map(|(i, &m)| format!("{} {}", i + 1, self.choice_words(m, &moves)))
                        .collect();
                    self.message = format!(
                        "several moves go there: press 1-{} for {} (Esc: none)",
                        moves.len(),
                        texts.join(", ")
                    );
                    self.choices = moves;
                    return;
                }
            }
        }
        self.select(cell);
    }

    /// A move among several to one square, in words: `promote to Queen
    /// (e8=Q)`, `leap (O2a3)`, `push (O2a3>)`, `move the board (Lb1(2)-b3(4))`.
    fn choice_words(&self, m: Move, all: &[Move]) -> String {
        let mut pos = self.session.pos.clone();
        let label = pos.move_label(m);
        let t = pos.tables();
        let what = if let Some(k) = m.promotion {
            format!("promote to {}", t.kinds[k as usize].def.name)
        } else {
            match m.kind {
                MoveKind::Push => "push the pieces ahead".to_string(),
                MoveKind::Board => "move the board".to_string(),
                MoveKind::Shot => "shoot".to_string(),
                MoveKind::Castle => "castle".to_string(),
                _ if all.iter().any(|o| o.kind == MoveKind::Push) => "leap".to_string(),
                _ => return label,
            }
        };
        format!("{what} ({label})")
    }

    /// The engine's move, played and brought into view: when the window
    /// has no room for its level beside the cursor's, the cursor goes to
    /// it (the levels drawn follow the cursor).
    pub(crate) fn engine_played(&mut self, m: Move) {
        self.play(m);
        let lay = board::layout(&self.session.pos, &self.marks, self.board_area);
        if self.board_area.area() > 0 && !lay.shows(m.to) {
            self.marks.cursor = Some(m.to);
            self.anchor = None;
            self.message += " (the cursor went to it: it was out of sight)";
        }
    }

    fn play(&mut self, m: Move) {
        let number = move_number(&self.session);
        self.session.play_move(m);
        // As the move list shows it (SAN in chess), not the canonical text.
        let text = self.session.labels.last().cloned().unwrap_or_default();
        self.message = format!("{number} {text}");
        if let Some(w) = self.session.take_warning() {
            self.message = w;
        }
        self.after_change();
    }

    pub fn key(&mut self, k: KeyEvent) {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        if let Some(overlay) = &mut self.overlay {
            // Arrows and pages scroll; any other key closes.
            match k.code {
                KeyCode::Up => overlay.scroll = overlay.scroll.saturating_sub(1),
                KeyCode::Down => overlay.scroll = overlay.scroll.saturating_add(1),
                KeyCode::PageUp => overlay.scroll = overlay.scroll.saturating_sub(10),
                KeyCode::PageDown => overlay.scroll = overlay.scroll.saturating_add(10),
                KeyCode::Home => overlay.scroll = 0,
                KeyCode::End => overlay.scroll = u16::MAX,
                _ => self.overlay = None,
            }
            return;
        }
        if let Some(typed) = self.pending.take() {
            let yes = matches!(k.code, KeyCode::Char('y' | 'Y'))
                || (ctrl && matches!(k.code, KeyCode::Char('c' | 'q')) && typed == Typed::Quit);
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
            KeyCode::Char('c' | 'q') if ctrl => self.command(Typed::Quit),
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

    /// The position on the screen: the live one, or the one under review.
    fn shown(&self) -> &Position<R> {
        self.review.as_ref().map_or(&self.session.pos, |r| &r.1)
    }

    fn step(&mut self, step: Step) {
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
                let lay = board::layout(&self.session.pos, &self.marks, self.board_area);
                if let Some(cell) = lay.cell_at(m.column, m.row) {
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
    fn question(&self, typed: &Typed) -> Option<String> {
        let s = &self.session;
        let playing = !s.moves.is_empty() && !s.is_over();
        let lost = if self.unsaved() {
            " This game has no moves file and is not saved: it will be lost."
        } else {
            ""
        };
        match typed {
            Typed::Resign if !s.is_over() => Some("Resign the game?".to_string()),
            Typed::New if playing || !lost.is_empty() => Some(format!("Start a new game?{lost}")),
            Typed::Load(_) if !lost.is_empty() => Some(format!("Load another game?{lost}")),
            Typed::Quit if !lost.is_empty() => Some(format!("Quit?{lost}")),
            _ => None,
        }
    }

    /// Whether the game would be lost on leaving it: no moves file, and
    /// moves not saved with `save`.
    fn unsaved(&self) -> bool {
        let s = &self.session;
        (s.moves_file.is_none() || s.moves_file_behind)
            && !s.moves.is_empty()
            && self.saved.as_deref() != Some(s.record().to_text().as_str())
    }

    fn run_command(&mut self, typed: Typed) {
        match typed {
            Typed::Quit => self.quit = true,
            Typed::Help => self.open(" help ", self.help_screen()),
            Typed::Legend => self.open(" legend ", self.legend()),
            Typed::Hint => self.start_hint(),
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
                let mut out = Vec::new();
                let handled = plain::handle(&mut self.session, &mut self.engines, typed, &mut out);
                let text = String::from_utf8_lossy(&out);
                if saving && handled.is_ok() {
                    self.saved = Some(self.session.record().to_text());
                }
                self.message = match handled {
                    Ok(_) => text.lines().collect::<Vec<_>>().join("; "),
                    Err(e) => format!("{e:#}"),
                };
                if let Some(w) = self.session.take_warning() {
                    self.message = w;
                }
                self.after_change();
            }
        }
    }

    fn cell_name(&self, cell: Cell) -> String {
        let t = self.session.pos.tables();
        let [x, y, z] = t.geo.coord(cell);
        let naming = &t.def.naming;
        let level = naming.level(z);
        let level = if level.is_empty() {
            String::new()
        } else {
            format!("level {level}, ")
        };
        format!(
            "{} ({level}file {}, rank {})",
            t.geo.name(cell),
            naming.file(z, x),
            naming.row(z, y)
        )
    }

    /// Opens a window over the board.
    fn open(&mut self, title: &str, text: String) {
        self.overlay = Some(Overlay {
            title: title.to_string(),
            text,
            scroll: 0,
        });
    }

    /// Starts the engine on a hint for the side to move, on its own thread:
    /// the interface goes on, and the hint shows on the board when found.
    fn start_hint(&mut self) {
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
    fn poll_hint(&mut self) {
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

    /// The help window: keys, this game's rules in short, its notation, the
    /// commands.
    fn help_screen(&self) -> String {
        let def = self.session.game().tables().def;
        let about = &def.about;
        let mut text = format!(
            "{} ({})\n\n{}\n\nGoal: {}\n",
            def.name, def.id, about.setup, about.goal
        );
        if !about.special.is_empty() {
            text += "\nSpecial rules\n";
            for rule in about.special {
                text += &format!("  - {rule}\n");
            }
        }
        let typed = if self.session.pos.shows_san() {
            "SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q)"
        } else {
            def.move_hint
        };
        text += &format!("\nMoves are typed as {typed}; `moves` lists the legal ones.\n");
        text += &format!("\n{KEYS}\nCommands\n{}", help_text());
        text += &format!(
            "\n{}\n",
            match &self.session.moves_file {
                Some(p) => format!("This game is recorded to {} after every move.", p.display()),
                None => "This game has no moves file: 'save FILE' keeps it.".to_string(),
            }
        );
        text
    }

    /// The legend window: the marks, and every piece with how it moves.
    fn legend(&self) -> String {
        let def = self.session.game().tables().def;
        let mut text = format!(
            "Pieces: upper case {}, lower case {}\n\n",
            def.side_names[0], def.side_names[1]
        );
        for line in plain::pieces_lines(self.session.game()) {
            text += &line;
            text.push('\n');
        }
        let empty = if self.palette.colours == Colours::Mono {
            "*"
        } else {
            "·"
        };
        let marks = [
            "[ ]  the cursor".to_string(),
            "< >  the selected piece, an attack board or an elevator".to_string(),
            format!("{empty}    an empty square it can go to"),
            "× ×  a capture".to_string(),
            "+    a square an attack board or an elevator would bring".to_string(),
            "' '  the last move".to_string(),
            "! !  a King in check".to_string(),
            "{ }  the hint (F4)".to_string(),
            "     (blank) no square there".to_string(),
        ];
        text += "\nMarks on the board\n";
        for m in marks {
            text += &format!("  {m}\n");
        }
        if self.palette.colours == Colours::Mono {
            text += "  .    an empty square\n";
        }
        text
    }

    /// The smallest window that shows a level and the move list.
    fn least_size(&self, level: (u16, u16)) -> (u16, u16) {
        (level.0 + SIDE_LEAST, level.1 + 6)
    }

    pub fn draw(&mut self, f: &mut Frame) {
        let area = f.area();
        let review_marks;
        let marks = match &self.review {
            Some((_, pos)) => {
                review_marks = Marks {
                    last_move: pos.moves_played().last().map(|m| (m.from, m.to)),
                    check: None,
                    hint: None,
                    ..self.marks.clone()
                };
                &review_marks
            }
            None => &self.marks,
        };
        // The levels laid out as wide as they like and as tall as the board
        // may be (the window less its five rows of text): the size of a
        // level, and how many columns of levels the board would use.
        let main_h = area.height.saturating_sub(5);
        let wide = board::layout(self.shown(), marks, Rect::new(0, 0, 1000, main_h));
        let level = wide.level_size;
        let (need_w, need_h) = self.least_size(level);
        if area.width < need_w || area.height < need_h {
            self.board_area = Rect::default();
            let text = format!(
                "This window is {}×{}; {} needs at least {need_w}×{need_h} (a level of its board \
                 and the move list). Make the window larger; Ctrl-C quits.",
                area.width,
                area.height,
                self.session.game().name()
            );
            f.render_widget(
                Paragraph::new(text)
                    .wrap(Wrap { trim: true })
                    .style(Style::default().add_modifier(Modifier::BOLD)),
                area,
            );
            return;
        }
        let rows = Split::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Length(1),
                Constraint::Min(5),
                Constraint::Length(1),
                Constraint::Length(2),
                Constraint::Length(1),
            ])
            .split(area);
        // The board takes as many columns of levels as it needs and the
        // window allows beside the narrowest move list; the move list the
        // rest, up to 40 columns.
        let mut xs: Vec<u16> = wide.panels.iter().map(|p| p.area.x).collect();
        xs.dedup();
        let fit = (area.width - SIDE_LEAST + 2) / (level.0 + 2);
        let columns = (xs.len() as u16).clamp(1, fit.max(1));
        let board_w = (columns * (level.0 + 2)).min(area.width - SIDE_LEAST);
        let side_w = (area.width - board_w).min(40);
        let cols = Split::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Min(board_w), Constraint::Length(side_w)])
            .split(rows[1]);
        let s = &self.session;
        let players = format!(
            "{}: {} · {}: {}",
            self.session.side_name(Side::White),
            s.seats[0].label(),
            self.session.side_name(Side::Black),
            s.seats[1].label()
        );
        // The game's name and id, or the id alone when the name is long.
        let mut title = format!(
            " chess3d · {} ({}) · {players} ",
            self.session.game().name(),
            self.session.game().id()
        );
        if title.chars().count() > area.width as usize {
            title = format!(" chess3d · {} · {players} ", self.session.game().id());
        }
        f.render_widget(
            Paragraph::new(title).style(Style::default().add_modifier(Modifier::REVERSED)),
            rows[0],
        );
        self.board_area = cols[0];
        let lay = board::layout(self.shown(), marks, cols[0]);
        f.render_widget(
            BoardView {
                pos: self.shown(),
                marks,
                palette: &self.palette,
                layout: &lay,
            },
            cols[0],
        );
        f.render_widget(self.side_panel(cols[1].height.saturating_sub(2)), cols[1]);
        f.render_widget(Paragraph::new(self.status(area.width, &lay)), rows[2]);
        let engine_line = match (&self.thinking, &self.thought) {
            (Some(_), Some(t)) => format!("engine thinking: {}", t.summary()),
            (Some(_), None) => "engine thinking…".to_string(),
            (None, Some(t)) => format!("engine: {}", t.summary()),
            (None, None) => String::new(),
        };
        let message = if self.message.is_empty() {
            engine_line
        } else if engine_line.is_empty() {
            self.message.clone()
        } else {
            format!("{} · {engine_line}", self.message)
        };
        // In the terminal's own foreground (yellow read poorly on a light
        // terminal).
        f.render_widget(Paragraph::new(message).wrap(Wrap { trim: true }), rows[3]);
        f.render_widget(self.input_view(rows[4].width), rows[4]);
        if let Some(o) = &mut self.overlay {
            let area = centered(f.area(), 84, 30);
            // Scrolled no further than its last row shows at the bottom.
            let inner = (area.width.saturating_sub(2), area.height.saturating_sub(2));
            let rows = wrapped_rows(&o.text, inner.0);
            o.scroll = o.scroll.min(rows.saturating_sub(inner.1));
            f.render_widget(Clear, area);
            f.render_widget(
                Paragraph::new(o.text.as_str())
                    .wrap(Wrap { trim: false })
                    .scroll((o.scroll, 0))
                    .block(Block::default().borders(Borders::ALL).title(format!(
                        "{}(↑↓ PgUp PgDn scroll, any other key closes) ",
                        o.title
                    ))),
                area,
            );
        }
    }

    /// The input line after its prompt, scrolled to keep the cursor in
    /// sight: a bar after the text, or the character under it reversed.
    fn input_view(&self, width: u16) -> Line<'static> {
        let (shown, col) = self.input.visible(usize::from(width.saturating_sub(2)));
        let before: String = shown.chars().take(col).collect();
        let mut rest = shown.chars().skip(col);
        let mut spans = vec![Span::raw(format!("> {before}"))];
        match rest.next() {
            None => spans.push(Span::raw("▏")),
            Some(c) => {
                spans.push(Span::styled(
                    c.to_string(),
                    Style::default().add_modifier(Modifier::REVERSED),
                ));
                spans.push(Span::raw(rest.collect::<String>()));
            }
        }
        Line::from(spans)
    }

    /// Whose turn, check, the result, the last move and the cursor square.
    /// `lay`: where the board is drawn, for what it leaves out.
    pub fn status(&self, width: u16, lay: &board::Layout) -> Line<'static> {
        let s = &self.session;
        let mut parts: Vec<Span> = Vec::new();
        if let Some((ply, pos)) = &self.review {
            let side = self.session.side_name(pos.side_to_move());
            let what = match ply {
                0 => "the start".to_string(),
                n => format!("move {} {}", number_of(s, n - 1), s.labels[n - 1]),
            };
            parts.push(Span::styled(
                format!("REVIEWING {what} ({side} to move) · End/Esc: live game"),
                Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ));
            return Line::from(parts);
        }
        match s.result() {
            Some((result, why)) => parts.push(Span::styled(
                format!("Result {result} ({why})"),
                Style::default().add_modifier(Modifier::BOLD),
            )),
            None => {
                let side = self.session.side_name(s.pos.side_to_move());
                let who = if *s.seat_to_move() == Seat::Human {
                    ""
                } else {
                    " (engine)"
                };
                parts.push(Span::styled(
                    format!("{side} to move{who}"),
                    Style::default().add_modifier(Modifier::BOLD),
                ));
                if s.pos.in_check() {
                    parts.push(Span::styled(" · check", Style::default().fg(Color::Red)));
                }
                if let Some(by) = s.draw_offer {
                    parts.push(Span::raw(format!(
                        " · draw offered by {}",
                        self.session.side_name(by)
                    )));
                }
            }
        }
        // Before the rest: a long line loses its end.
        if let Some(unseen) = self.out_of_sight(lay) {
            parts.push(Span::styled(
                format!(" · {unseen}: Tab"),
                Style::default().add_modifier(Modifier::BOLD),
            ));
        } else if lay.hidden > 0 {
            parts.push(Span::raw(format!(
                " · {} more level(s): PgUp/PgDn",
                lay.hidden
            )));
        }
        if let Some(last) = s.labels.last() {
            parts.push(Span::raw(format!(" · last {last}")));
        }
        if let Some(c) = self.marks.cursor {
            // The square's name, and what it means when there is room.
            let long = format!(" · cursor {}", self.cell_name(c));
            let used: usize = parts.iter().map(|p| p.content.chars().count()).sum();
            if used + long.chars().count() <= width as usize {
                parts.push(Span::raw(long));
            } else {
                let name = self.session.pos.tables().geo.name(c).to_string();
                parts.push(Span::raw(format!(" · cursor {name}")));
            }
        }
        Line::from(parts)
    }

    /// What is marked on levels the window leaves out: the selection's
    /// destinations, else the last move and a King in check; said with
    /// their levels (`3 more on C, D`), for Tab to reach.
    fn out_of_sight(&self, lay: &board::Layout) -> Option<String> {
        let pos = &self.session.pos;
        let levels = |cells: &[Cell]| {
            let mut zs: Vec<i32> = cells
                .iter()
                .map(|&c| pos.tables().geo.coord(c)[2])
                .collect();
            zs.sort_unstable();
            zs.dedup();
            let naming = &pos.tables().def.naming;
            zs.iter()
                .map(|&z| naming.level(z).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let unseen: Vec<Cell> = self
            .jump_targets()
            .into_iter()
            .filter(|&c| !lay.shows(c))
            .collect();
        if unseen.is_empty() || self.review.is_some() {
            return None;
        }
        let what = if self.marks.selected.is_some() {
            format!("{} more on levels {}", unseen.len(), levels(&unseen))
        } else if self.marks.check.is_some_and(|c| unseen.contains(&c)) {
            format!("check on level {}", levels(&unseen))
        } else {
            format!("last move on levels {}", levels(&unseen))
        };
        Some(what)
    }

    /// The squares Tab goes to: the selection's destinations, else the
    /// last move's (to, then from) and the King in check.
    fn jump_targets(&self) -> Vec<Cell> {
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
    fn jump(&mut self) {
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
                let lay = board::layout(self.shown(), &self.marks, self.board_area);
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

    fn side_panel(&self, height: u16) -> Paragraph<'static> {
        let s = &self.session;
        let black_first = s.start.side_to_move() == chess3d_core::Side::Black;
        let reviewed = self.review.as_ref().map(|r| r.0);
        let mut lines: Vec<Vec<Span<'static>>> = Vec::new();
        // The clocks first, the running one marked (seen without colour).
        let clocks: Vec<Line<'static>> = match s.clock_times() {
            Some(times) => chess3d_core::Side::BOTH
                .iter()
                .map(|&side| {
                    let running = s.clock.as_ref().is_some_and(|c| c.is_running())
                        && s.pos.side_to_move() == side;
                    let text = format!(
                        "{} {:<6} {:>8}",
                        if running { "▶" } else { " " },
                        self.session.side_name(side),
                        clock_face(times[side.index()])
                    );
                    let style = if running {
                        Style::default().add_modifier(Modifier::BOLD)
                    } else {
                        Style::default()
                    };
                    Line::from(Span::styled(text, style))
                })
                .collect(),
            None => Vec::new(),
        };
        // The line holding the move under review, kept in sight.
        let mut reviewed_line = None;
        for (i, m) in s.labels.iter().enumerate() {
            let ply = i + usize::from(black_first);
            // The move under review in brackets (seen without colour too).
            let text = if reviewed == Some(i + 1) {
                reviewed_line = Some(
                    lines
                        .len()
                        .saturating_sub(usize::from(ply % 2 == 1 && i > 0)),
                );
                Span::styled(
                    format!("[{m}]"),
                    Style::default().add_modifier(Modifier::REVERSED),
                )
            } else {
                Span::raw(format!(" {m} "))
            };
            if ply % 2 == 0 {
                lines.push(vec![Span::raw(format!("{:>3}.", ply / 2 + 1)), text]);
            } else if let (Some(last), false) = (lines.last_mut(), i == 0) {
                last.push(text);
            } else {
                lines.push(vec![Span::raw(format!("{:>3}. ...", ply / 2 + 1)), text]);
            }
        }
        if let Some((result, _)) = s.result() {
            lines.push(vec![Span::styled(
                format!("     {result}"),
                Style::default().add_modifier(Modifier::BOLD),
            )]);
        }
        let height = (height as usize).saturating_sub(clocks.len());
        let bottom = lines.len().saturating_sub(height);
        let skip = match reviewed_line {
            Some(l) if l < bottom => l.saturating_sub(height / 2),
            _ => bottom,
        };
        let text: Vec<Line> = clocks
            .into_iter()
            .chain(lines.into_iter().skip(skip).map(Line::from))
            .collect();
        Paragraph::new(text).block(Block::default().borders(Borders::LEFT).title(" moves "))
    }
}

/// What the player reads while reviewing.
const REVIEW_HELP: &str =
    "past position: ←/→ step, Home start, End/Esc live, 'continue' plays from here";

/// The keys, for the help window.
const KEYS: &str = "Keys
  arrows: cursor along files and ranks   PgUp/PgDn or [ ]: level up/down
  Enter or Space: select a piece, an attack board or an elevator / move it
    to the cursor's square   mouse: click a square; wheel: level up/down
  1-9: choose among several moves to one square   Esc: clear
  Tab: the cursor to the next destination of the selected piece (else to
    the last move, a check): the view follows, so marks out of sight come in
  Home/End: review from the start / back to the live game
  Shift+←/→ or , .: a move back/forward
  F1 help  F2 undo  F3 redo  F4 hint  F5 flip  F6 legend  Ctrl-C quit
  Type a move (canonical or the seed's form) or a command, then Enter.
  While typing: ← → Home End in the text, Ctrl-A/E start/end, Ctrl-U/K
  delete before/after the cursor, Ctrl-W the word before it.
";

/// The rows a text takes wrapped at `width` columns, word by word as the
/// window wraps it (a word longer than the width takes rows of its own).
fn wrapped_rows(text: &str, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let mut rows = 0usize;
    for line in text.lines() {
        rows += 1;
        let mut used = 0usize;
        for word in line.split(' ') {
            let w = word.chars().count();
            if used == 0 && w <= width {
                used = w;
            } else if used > 0 && used + 1 + w <= width {
                used += 1 + w;
            } else {
                // On a row of its own, and more for a word longer than a row.
                if used > 0 {
                    rows += 1;
                }
                let extra = w.saturating_sub(1) / width;
                rows += extra;
                used = w - extra * width;
            }
        }
    }
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// The narrowest move list.
const SIDE_LEAST: u16 = 20;

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The squares a board or elevator move brings (its destination when it
/// brings none new), and the squares present after it.
fn board_arrival<R: Evaluate>(pos: &Position<R>, m: Move) -> (Vec<Cell>, R::Bits) {
    let before = R::present(pos);
    let mut moved = pos.clone();
    moved.make(m);
    let after = R::present(&moved);
    let mut arriving: Vec<Cell> = after.iter().filter(|&c| !before.contains(c)).collect();
    if arriving.is_empty() {
        arriving.push(m.to);
    }
    (arriving, after)
}

/// A square to put the cursor on first: the side to move's first piece.
fn first_piece<R: Evaluate>(pos: &Position<R>) -> Cell {
    let side = pos.side_to_move();
    pos.side_cells(side).iter().next().unwrap_or(0)
}
