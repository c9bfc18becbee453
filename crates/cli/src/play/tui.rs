//! The full-screen interface: the board level by level with a cursor,
//! the move list, a status line and a line for typing moves and commands.
//! The engine thinks on its own thread; its depth, score and best line
//! show while it does.

use std::time::Duration;

use anyhow::Result;
use chess3d_core::{BitSet, Cell, Game, Move, MoveList, Position};
use chess3d_engine::Evaluate;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Direction, Layout as Split, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};

use super::board::{self, BoardView, Marks, Step};
use super::command::{help_text, Typed};
use super::plain::{self, move_number, number_of, Engines};
use super::session::{Seat, Session};
use super::thinker::{Message, Thinking, Thought};
use chess3d_play::clock::clock_face;

pub fn run<R: Evaluate>(session: Session<R>, notice: Option<String>) -> Result<()> {
    let mut app = App::new(session);
    app.session.begin();
    if let Some(n) = notice {
        app.message = n;
    }
    // ratatui restores the terminal on a panic; mouse reporting is ours to
    // turn off.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        previous(info);
    }));
    let mut terminal = ratatui::init();
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = app.run(&mut terminal);
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    if let Some(path) = &app.session.moves_file {
        println!("Game kept in {}", path.display());
    }
    result
}

/// The interface's state.
pub struct App<R: Evaluate> {
    pub session: Session<R>,
    engines: Engines<R>,
    thinking: Option<Thinking<R>>,
    thought: Option<Thought>,
    pub marks: Marks,
    /// Moves of the selected piece to the square chosen, when several.
    choices: Vec<Move>,
    pub input: String,
    pub message: String,
    /// A window over the board (help, the legal moves) with its title;
    /// any key closes it.
    overlay: Option<(String, String)>,
    /// Where the board was last drawn (for mouse clicks).
    pub board_area: Rect,
    quit: bool,
    /// A past position shown instead of the live one: the moves played to
    /// reach it, and the position. Nothing is played there.
    pub review: Option<(usize, Position<R>)>,
}

impl<R: Evaluate> App<R> {
    pub fn new(session: Session<R>) -> Self {
        let engines = Engines::for_seats(&session.seats);
        let cursor = first_piece(&session.pos);
        let mut app = App {
            session,
            engines,
            thinking: None,
            thought: None,
            marks: Marks {
                cursor: Some(cursor),
                ..Marks::default()
            },
            choices: Vec::new(),
            input: String::new(),
            message: "F1 or 'help' for keys and commands".to_string(),
            overlay: None,
            board_area: Rect::default(),
            quit: false,
            review: None,
        };
        app.marks.flipped =
            app.session.seats[0] != Seat::Human && app.session.seats[1] == Seat::Human;
        app.after_change();
        app
    }

    fn run(&mut self, terminal: &mut DefaultTerminal) -> Result<()> {
        while !self.quit {
            self.tick()?;
            terminal.draw(|f| self.draw(f))?;
            if event::poll(Duration::from_millis(50))? {
                match event::read()? {
                    Event::Key(k) if k.kind != KeyEventKind::Release => self.key(k),
                    Event::Mouse(m) => self.mouse(m),
                    _ => {}
                }
            }
        }
        self.stop_thinking();
        Ok(())
    }

    /// Starts the engine when it is to move; plays its move when it has one.
    fn tick(&mut self) -> Result<()> {
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
                            self.play(m);
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

    /// Clears the selection and marks the last move, after the position
    /// changed.
    fn after_change(&mut self) {
        self.marks.selected = None;
        self.marks.destinations.clear();
        self.choices.clear();
        self.marks.last_move = self
            .session
            .pos
            .moves_played()
            .last()
            .map(|m| (m.from, m.to));
        if let Some(c) = self.marks.cursor {
            // A moved attack board or elevator can take the cursor's square.
            if !R::present(&self.session.pos).contains(c) {
                self.marks.cursor = Some(first_piece(&self.session.pos));
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

    /// Selects the piece on `cell`, showing its destinations.
    pub fn select(&mut self, cell: Cell) {
        let legal = self.legal();
        let pos = &self.session.pos;
        let mut dests: Vec<(Cell, bool)> = Vec::new();
        for m in legal.iter().filter(|m| m.from == cell) {
            if !dests.iter().any(|d| d.0 == m.to) {
                dests.push((m.to, pos.is_capture(*m)));
            }
        }
        if dests.is_empty() {
            self.message = format!("{}: no legal move from there", self.cell_name(cell));
            return;
        }
        self.marks.selected = Some(cell);
        self.marks.destinations = dests;
        self.choices.clear();
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
                self.after_change();
                return;
            }
            let moves: Vec<Move> = self
                .legal()
                .into_iter()
                .filter(|m| m.from == from && m.to == cell)
                .collect();
            match moves.len() {
                0 => {}
                1 => return self.play(moves[0]),
                _ => {
                    let texts: Vec<String> = moves
                        .iter()
                        .enumerate()
                        .map(|(i, &m)| format!("{} {}", i + 1, self.session.pos.move_text(m)))
                        .collect();
                    self.message = format!("choose with a digit: {}", texts.join(", "));
                    self.choices = moves;
                    return;
                }
            }
        }
        self.select(cell);
    }

    fn play(&mut self, m: Move) {
        let number = move_number(&self.session);
        let text = self.session.play_move(m);
        self.message = format!("{number} {text}");
        if let Some(w) = self.session.take_warning() {
            self.message = w;
        }
        self.after_change();
    }

    pub fn key(&mut self, k: KeyEvent) {
        if self.overlay.is_some() {
            self.overlay = None;
            return;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let shift = k.modifiers.contains(KeyModifiers::SHIFT);
        let reviewing = self.review.is_some();
        let at = self
            .review
            .as_ref()
            .map_or(self.session.moves.len(), |r| r.0);
        match k.code {
            KeyCode::Char('c' | 'q') if ctrl => self.quit = true,
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
            KeyCode::F(1) => self.command(Typed::Help),
            KeyCode::F(2) => self.command(Typed::Undo),
            KeyCode::F(3) => self.command(Typed::Redo),
            KeyCode::F(4) => self.command(Typed::Hint),
            KeyCode::F(5) => self.command(Typed::Flip),
            KeyCode::Esc => {
                self.input.clear();
                self.after_change();
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
            KeyCode::Enter if self.input.trim().is_empty() => {
                self.input.clear();
                self.activate();
            }
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                match Typed::parse(&line) {
                    Ok(t) => self.command(t),
                    Err(e) => self.message = e,
                }
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char(c) if !ctrl => self.input.push(c),
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
        self.marks.selected = None;
        self.marks.destinations.clear();
        self.choices.clear();
        self.message = REVIEW_HELP.to_string();
        self.review = Some((ply, pos));
    }

    /// The position on the screen: the live one, or the one under review.
    fn shown(&self) -> &Position<R> {
        self.review.as_ref().map_or(&self.session.pos, |r| &r.1)
    }

    fn step(&mut self, step: Step) {
        if let Some(c) = self.marks.cursor {
            self.marks.cursor = Some(board::step(&self.session.pos, c, step, self.marks.flipped));
        }
    }

    fn mouse(&mut self, m: MouseEvent) {
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let lay = board::layout(&self.session.pos, &self.marks, self.board_area);
                if let Some(cell) = lay.cell_at(m.column, m.row) {
                    self.marks.cursor = Some(cell);
                    self.activate();
                }
            }
            MouseEventKind::ScrollUp => self.step(Step::LevelUp),
            MouseEventKind::ScrollDown => self.step(Step::LevelDown),
            _ => {}
        }
    }

    /// A typed command or move.
    pub fn command(&mut self, typed: Typed) {
        match typed {
            Typed::Quit => self.quit = true,
            Typed::Help => self.overlay = Some((" help ".to_string(), help_screen())),
            Typed::Moves => {
                let legal = plain::legal_texts(&self.session);
                let text = if legal.is_empty() {
                    "no legal moves".to_string()
                } else {
                    format!("{} legal moves:\n\n{}", legal.len(), legal.join("  "))
                };
                self.overlay = Some((" legal moves ".to_string(), text));
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
                let mut out = Vec::new();
                let handled = plain::handle(&mut self.session, &mut self.engines, typed, &mut out);
                let text = String::from_utf8_lossy(&out);
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
        let level = (naming.level)(z);
        let level = if level.is_empty() {
            String::new()
        } else {
            format!("level {level}, ")
        };
        format!(
            "{} ({level}file {}, rank {})",
            t.geo.name(cell),
            (naming.file)(z, x),
            (naming.row)(z, y)
        )
    }

    pub fn draw(&mut self, f: &mut Frame) {
        let rows = Split::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Length(1),
                Constraint::Min(5),
                Constraint::Length(1),
                Constraint::Length(1),
                Constraint::Length(1),
            ])
            .split(f.area());
        let cols = Split::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Min(20), Constraint::Length(32)])
            .split(rows[1]);
        let s = &self.session;
        let title = format!(
            " chess3d · {} · {}: {} · {}: {} ",
            Position::<R>::name(),
            Session::<R>::side_name(chess3d_core::Side::White),
            s.seats[0].label(),
            Session::<R>::side_name(chess3d_core::Side::Black),
            s.seats[1].label()
        );
        f.render_widget(
            Paragraph::new(title).style(Style::default().add_modifier(Modifier::REVERSED)),
            rows[0],
        );
        self.board_area = cols[0];
        let review_marks;
        let marks = match &self.review {
            Some((_, pos)) => {
                review_marks = Marks {
                    last_move: pos.moves_played().last().map(|m| (m.from, m.to)),
                    ..self.marks.clone()
                };
                &review_marks
            }
            None => &self.marks,
        };
        f.render_widget(
            BoardView {
                pos: self.shown(),
                marks,
            },
            cols[0],
        );
        f.render_widget(self.side_panel(cols[1].height.saturating_sub(2)), cols[1]);
        f.render_widget(Paragraph::new(self.status()), rows[2]);
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
        f.render_widget(
            Paragraph::new(message).style(Style::default().fg(Color::Yellow)),
            rows[3],
        );
        f.render_widget(Paragraph::new(format!("> {}▏", self.input)), rows[4]);
        if let Some((title, text)) = &self.overlay {
            let area = centered(f.area(), 84, 30);
            f.render_widget(Clear, area);
            f.render_widget(
                Paragraph::new(text.as_str())
                    .wrap(Wrap { trim: false })
                    .block(
                        Block::default()
                            .borders(Borders::ALL)
                            .title(format!("{title}(any key closes) ")),
                    ),
                area,
            );
        }
    }

    /// Whose turn, check, the result, the last move and the cursor square.
    pub fn status(&self) -> Line<'static> {
        let s = &self.session;
        let mut parts: Vec<Span> = Vec::new();
        if let Some((ply, pos)) = &self.review {
            let side = Session::<R>::side_name(pos.side_to_move());
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
                let side = Session::<R>::side_name(s.pos.side_to_move());
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
                        Session::<R>::side_name(by)
                    )));
                }
            }
        }
        if let Some(last) = s.labels.last() {
            parts.push(Span::raw(format!(" · last {last}")));
        }
        if let Some(c) = self.marks.cursor {
            parts.push(Span::raw(format!(" · cursor {}", self.cell_name(c))));
        }
        Line::from(parts)
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
                        Session::<R>::side_name(side),
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

/// The help window's text.
fn help_screen() -> String {
    format!(
        "Keys\n  arrows: cursor along files and ranks   PgUp/PgDn or [ ]: level up/down\n  Home/End: review from the start / back to the live game   Shift+←/→ or , .: a move back/forward\n  Enter or Space: select a piece / move it to the cursor   mouse: click a square\n  1-9: choose among several moves to one square   Esc: clear\n  F1 help  F2 undo  F3 redo  F4 hint  F5 flip  Ctrl-C quit\n  Type a move (canonical or the seed's form) or a command, then Enter.\n\nCommands\n{}",
        help_text()
    )
}

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

/// A square to put the cursor on first: the side to move's first piece.
fn first_piece<R: Evaluate>(pos: &Position<R>) -> Cell {
    let side = pos.side_to_move();
    pos.side_cells(side).iter().next().unwrap_or(0)
}
