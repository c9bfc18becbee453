//! One game being played: the position, the moves, who plays each side,
//! how it ended, and its record, written to the moves file after every
//! change. The terminal interface and the line mode both drive this.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::record::{self, game_tags, result_token, Damage, Record};
use chess3d_core::{Move, Position, Side, Variant};
use chess3d_engine::{Config, Evaluate, Limits};

use crate::clock::{Clock, TimeControl};
use crate::spec::Spec;

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Engine(EngineSeat),
}

/// An engine's settings and its name in records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSeat {
    pub config: Config,
    pub limits: Limits,
    pub label: String,
}

pub const SEAT_HELP: &str =
    "human, engine (full strength), engine:SKILL (0-20), or engine:KEY=VALUE,... with keys skill, depth, movetime, nodes, threads, hash";

impl Seat {
    /// Reads `human`, `engine`, `engine:SKILL` or `engine:KEY=VALUE,...`;
    /// `movetime` is the time per move of an engine that sets no limit.
    pub fn parse(text: &str, movetime: u64) -> Result<Seat> {
        if text == "human" {
            return Ok(Seat::Human);
        }
        let spec_text = match text.strip_prefix("engine:") {
            Some(skill) if !skill.is_empty() && skill.bytes().all(|b| b.is_ascii_digit()) => {
                format!("engine:skill={skill}")
            }
            _ => text.to_string(),
        };
        let spec = Spec::parse(&spec_text).map_err(|e| {
            if text.starts_with("engine") {
                e
            } else {
                anyhow!(
                    "unknown player '{}' (expected {SEAT_HELP})",
                    text.escape_debug()
                )
            }
        })?;
        match spec {
            Spec::Engine {
                weights: Some(_), ..
            } => bail!("engine:weights=FILE is for `chess3d match`, not for a seat"),
            Spec::Engine {
                config,
                depth,
                nodes,
                movetime: own,
                weights: None,
            } => {
                let limits = Limits {
                    depth,
                    nodes,
                    movetime: match (own, depth, nodes) {
                        (Some(t), _, _) => Some(Duration::from_millis(t)),
                        (None, None, None) => Some(Duration::from_millis(movetime)),
                        _ => None,
                    },
                    ..Limits::default()
                };
                let label = match config.skill {
                    20 => ENGINE_LABEL.to_string(),
                    s => format!("{ENGINE_LABEL}, skill {s}"),
                };
                Ok(Seat::Engine(EngineSeat {
                    config,
                    limits,
                    label,
                }))
            }
            _ => bail!(
                "unknown player '{}' (expected {SEAT_HELP})",
                text.escape_debug()
            ),
        }
    }

    /// The seat a record's player tag names: `human`, or the engine at
    /// the skill the label gives; `None` for anything else.
    pub fn from_label(label: &str, movetime: u64) -> Option<Seat> {
        if label == "human" {
            return Some(Seat::Human);
        }
        let rest = label.strip_prefix(ENGINE_LABEL)?;
        let skill = match rest.strip_prefix(", skill ") {
            Some(n) => n.parse::<u8>().ok()?,
            None if rest.is_empty() => 20,
            None => return None,
        };
        Seat::parse(&format!("engine:{skill}"), movetime).ok()
    }

    pub fn label(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Engine(e) => &e.label,
        }
    }
}

/// How records name the engine.
const ENGINE_LABEL: &str = "chess3d engine";

/// An end that is not on the board: a resignation or an agreed draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    pub result: &'static str,
    pub why: String,
}

pub struct Session<R: Evaluate> {
    pub start: Position<R>,
    pub pos: Position<R>,
    /// Canonical texts of the moves played from `start`.
    pub moves: Vec<String>,
    /// The same moves as players read them (SAN for chess, with `+` and
    /// `#`; see `Position::move_label`).
    pub labels: Vec<String>,
    redo: Vec<String>,
    pub seats: [Seat; 2],
    pub stopped: Option<Stopped>,
    /// A draw offered by this side, waiting for the other's answer.
    pub draw_offer: Option<Side>,
    /// Where the record is written after every change (None: nowhere).
    pub moves_file: Option<PathBuf>,
    /// A failure to write the moves file, for the player to see; the game
    /// goes on.
    warning: Option<String>,
    /// Whether the last write of the moves file failed (the file on disk
    /// is behind the game).
    pub moves_file_behind: bool,
    date: String,
    /// Tags of a loaded record that this program does not write itself
    /// (Site, Round, ...), kept when it is saved again.
    extra_tags: Vec<(String, String)>,
    /// The players' names, when they gave them (else the seat's label).
    pub names: [Option<String>; 2],
    /// The clocks of a timed game.
    pub clock: Option<Clock>,
    /// The moves files of the games this one replaced (a new game, one
    /// loaded), each holding its game: named when the player leaves.
    pub kept: Vec<PathBuf>,
    /// Two people who allowed the engine's help (hints, analysis) while
    /// they play (`chess3d play --hints`).
    pub hints_allowed: bool,
}

impl<R: Evaluate> Session<R> {
    pub fn new(start: Position<R>, seats: [Seat; 2], moves_file: Option<PathBuf>) -> Self {
        Session {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            labels: Vec::new(),
            redo: Vec::new(),
            seats,
            stopped: None,
            draw_offer: None,
            moves_file,
            warning: None,
            moves_file_behind: false,
            date: today(),
            extra_tags: Vec::new(),
            names: [None, None],
            clock: None,
            kept: Vec::new(),
            hints_allowed: false,
        }
    }

    /// Whether the engine may help now (a hint, an analysis): not in a game
    /// between two people while it is played, unless they allowed it
    /// (issue 57's fair play; the server's rule too).
    pub fn engine_help(&self) -> Result<()> {
        let people = self.seats.iter().all(|s| *s == Seat::Human);
        if people && !self.hints_allowed && self.result().is_none() {
            bail!("no engine help in a game between two people while it is played: hints and analysis open once it is over (chess3d play --hints allows them)");
        }
        Ok(())
    }

    /// Every moves file that holds a game of this session: those of the
    /// games it replaced, then its own when it is up to date.
    pub fn files_kept(&self) -> Vec<PathBuf> {
        let mut files = self.kept.clone();
        add_once(&mut files, self.written_file());
        files
    }

    /// Makes `next` the game played, keeping the list of files kept with
    /// this game's added when it holds a move of it.
    pub fn replace_with(&mut self, mut next: Session<R>) {
        next.kept = std::mem::take(&mut self.kept);
        next.hints_allowed = self.hints_allowed;
        if !self.moves.is_empty() {
            add_once(&mut next.kept, self.written_file());
        }
        *self = next;
    }

    /// The moves file, when it is up to date.
    fn written_file(&self) -> Option<PathBuf> {
        self.moves_file.clone().filter(|_| !self.moves_file_behind)
    }

    /// The game played.
    pub fn game(&self) -> Variant<R> {
        self.pos.variant()
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        self.pos.variant().side_names()[side.index()]
    }

    /// The seat of the side to move.
    pub fn seat_to_move(&self) -> &Seat {
        &self.seats[self.pos.side_to_move().index()]
    }

    /// The result token and why, if the game is over.
    pub fn result(&self) -> Option<(&'static str, String)> {
        if let Some(s) = &self.stopped {
            return Some((s.result, s.why.clone()));
        }
        let end = self.pos.clone().outcome();
        end.map(|o| {
            (
                result_token(end),
                o.describe(self.pos.variant().side_names()),
            )
        })
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// Plays a move typed by a player (see `Position::read_move`); returns
    /// its canonical text.
    pub fn play_text(&mut self, text: &str) -> Result<String> {
        self.check_flag();
        if let Some((_, why)) = self.result() {
            bail!("the game is over ({why}); 'undo' or 'new' to play on");
        }
        let m = self.pos.read_move(text)?;
        Ok(self.play_move(m))
    }

    /// Plays a legal move; returns its canonical text.
    pub fn play_move(&mut self, m: Move) -> String {
        let text = self.pos.move_text(m);
        let mover = self.pos.side_to_move();
        self.labels.push(self.pos.move_label(m));
        self.pos.make(m);
        self.moves.push(text.clone());
        if let Some(clock) = &mut self.clock {
            let now = Instant::now();
            clock.moved(mover, now);
            if self.pos.clone().outcome().is_some() {
                clock.stop(now);
            }
        }
        self.redo.clear();
        if self.draw_offer == Some(self.pos.side_to_move()) {
            // A move instead of an answer declines the offer.
            self.draw_offer = None;
        }
        self.write_moves_file();
        text
    }

    /// Takes back a resignation or an agreed draw; else moves until a human
    /// is to move again (one move in a game between humans, the engine's
    /// reply and yours against the engine). Says what it took back.
    pub fn undo(&mut self) -> Result<String> {
        if let Some(stopped) = self.stopped.take() {
            let side = self.pos.side_to_move();
            if let Some(clock) = &mut self.clock {
                let now = Instant::now();
                if clock.remaining(side, now) == 0 {
                    // A flag fall taken back: the clocks as after the last
                    // move, so that it does not fall again at once.
                    clock.take_back(0);
                }
                clock.resume(side, now);
            }
            self.write_moves_file();
            return Ok(format!("took back: {}", stopped.why));
        }
        let mut n = 0;
        loop {
            if self.moves.is_empty() {
                break;
            }
            self.pos.unmake();
            let text = self.moves.pop().expect("a move to take back");
            self.labels.pop();
            self.redo.push(text);
            n += 1;
            if *self.seat_to_move() == Seat::Human || self.no_humans() {
                break;
            }
        }
        if n == 0 {
            bail!("no move to take back");
        }
        self.clock_taken_back(n);
        self.draw_offer = None;
        self.write_moves_file();
        Ok(format!("took back {n} move(s)"))
    }

    /// The position after the first `ply` moves (for review), `None` past
    /// the last one: the live position with the later moves unmade.
    pub fn position_at(&self, ply: usize) -> Option<Position<R>> {
        let later = self.moves.len().checked_sub(ply)?;
        let mut pos = self.pos.clone();
        for _ in 0..later {
            pos.unmake()?;
        }
        Some(pos)
    }

    /// Takes back every move after the first `ply` (to play on from a
    /// position under review; `redo` plays them again). A finished game
    /// is open again.
    pub fn back_to(&mut self, ply: usize) -> Result<String> {
        if ply >= self.moves.len() {
            bail!("that is the live position: nothing to take back");
        }
        let n = self.moves.len() - ply;
        while self.moves.len() > ply {
            self.pos.unmake();
            self.labels.pop();
            self.redo
                .push(self.moves.pop().expect("a move to take back"));
        }
        self.stopped = None;
        self.draw_offer = None;
        self.clock_taken_back(n);
        self.write_moves_file();
        Ok(format!(
            "took back {n} move(s): play on from here ('redo' plays them again)"
        ))
    }

    /// Plays again what `undo` took back, up to the next human turn.
    pub fn redo(&mut self) -> Result<String> {
        if let Some((_, why)) = self.result() {
            bail!("the game is over ({why})");
        }
        let mut n = 0;
        while let Some(text) = self.redo.pop() {
            let m = self
                .pos
                .parse_move(&text)
                .map_err(|e| anyhow!("cannot redo '{text}': {e}"))?;
            self.labels.push(self.pos.move_label(m));
            let mover = self.pos.side_to_move();
            self.pos.make(m);
            self.moves.push(text);
            if let Some(clock) = &mut self.clock {
                clock.moved(mover, Instant::now());
            }
            n += 1;
            if *self.seat_to_move() == Seat::Human || self.no_humans() {
                break;
            }
        }
        if n == 0 {
            bail!("no move to redo");
        }
        self.write_moves_file();
        Ok(format!("played again {n} move(s)"))
    }

    fn no_humans(&self) -> bool {
        !self.seats.contains(&Seat::Human)
    }

    /// The side a human resigns or offers a draw for: the side to move, or
    /// the only human's side.
    pub fn human_side(&self) -> Option<Side> {
        let to_move = self.pos.side_to_move();
        if self.seats[to_move.index()] == Seat::Human {
            return Some(to_move);
        }
        Side::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == Seat::Human)
    }

    /// The human's side resigns (see [`Session::human_side`]).
    pub fn resign(&mut self) -> Result<String> {
        let side = self.human_side().unwrap_or(self.pos.side_to_move());
        self.resign_as(side)
    }

    /// `side` resigns.
    pub fn resign_as(&mut self, side: Side) -> Result<String> {
        if let Some((_, why)) = self.result() {
            bail!("the game is already over ({why})");
        }
        let why = format!("{} resigns", self.side_name(side));
        self.stopped = Some(Stopped {
            result: if side == Side::White { "0-1" } else { "1-0" },
            why: why.clone(),
        });
        self.redo.clear();
        self.draw_offer = None;
        self.stop_clock();
        self.write_moves_file();
        Ok(why)
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) -> Result<()> {
        if let Some((_, why)) = self.result() {
            bail!("the game is already over ({why})");
        }
        self.stopped = Some(Stopped {
            result: "1/2-1/2",
            why: "draw agreed".to_string(),
        });
        self.redo.clear();
        self.draw_offer = None;
        self.stop_clock();
        self.write_moves_file();
        Ok(())
    }

    /// The side to move accepts the other side's draw offer.
    pub fn accept_draw(&mut self) -> Result<()> {
        self.accept_draw_as(self.pos.side_to_move())
    }

    /// `side` accepts the other side's draw offer.
    pub fn accept_draw_as(&mut self, side: Side) -> Result<()> {
        match self.draw_offer {
            _ if self.is_over() => bail!("the game is over"),
            Some(by) if by != side => self.agree_draw(),
            Some(_) => bail!(
                "{} offered the draw: {} answers it",
                self.side_name(side),
                self.side_name(side.other())
            ),
            None => bail!("no draw has been offered"),
        }
    }

    /// The same game again from its start (the position and options it
    /// began with), same players, a new moves file.
    pub fn new_game(&mut self, moves_file: Option<PathBuf>) -> Result<()> {
        let control = self.clock.as_ref().map(|c| c.control);
        let names = self.names.clone();
        self.replace_with(Session::new(
            self.start.clone(),
            self.seats.clone(),
            moves_file,
        ));
        self.set_clock(control);
        self.names = names;
        self.write_moves_file();
        Ok(())
    }

    /// Plays with clocks of this control from now on.
    /// The moves already played (a loaded game) count as played in no
    /// time, each with its increment.
    pub fn set_clock(&mut self, control: Option<TimeControl>) {
        let untimed = vec![None; self.moves.len()];
        self.clock = control.map(|c| Clock::restored(c, self.start.side_to_move(), &untimed));
    }

    /// Ends the game if the side to move's time has run out: a loss, or a
    /// draw when the other side could not win anyway (nothing but its
    /// King, or a position the game's own rule calls dead). Whether it
    /// ended now.
    pub fn check_flag(&mut self) -> bool {
        let now = Instant::now();
        let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(now)) else {
            return false;
        };
        if self.is_over() {
            self.stop_clock();
            return false;
        }
        let name = self.side_name(side);
        let other = side.other();
        self.stopped = Some(if self.pos.can_still_win(other) {
            Stopped {
                result: if side == Side::White { "0-1" } else { "1-0" },
                why: format!("{name} lost on time"),
            }
        } else {
            Stopped {
                result: "1/2-1/2",
                why: format!(
                    "{name}'s time ran out, but {} cannot win: a draw",
                    self.side_name(other)
                ),
            }
        });
        self.redo.clear();
        self.draw_offer = None;
        self.stop_clock();
        self.write_moves_file();
        true
    }

    /// Each side's time left now, when the game has a clock.
    pub fn clock_times(&self) -> Option<[u64; 2]> {
        let clock = self.clock.as_ref()?;
        let now = Instant::now();
        Some(Side::BOTH.map(|s| clock.remaining(s, now)))
    }

    /// What an engine seat may spend on this move: its own limits, or with
    /// a clock, the clock's time and increment (its depth or node limit
    /// kept, its fixed time per move dropped: the clock rules).
    pub fn engine_limits(&self, limits: &Limits) -> Limits {
        let (Some(clock), Some(times)) = (&self.clock, self.clock_times()) else {
            return limits.clone();
        };
        let inc = Duration::from_millis(clock.control.increment_ms);
        Limits {
            movetime: None,
            time: times.map(|ms| Some(Duration::from_millis(ms))),
            inc: [inc, inc],
            ..limits.clone()
        }
    }

    fn stop_clock(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.stop(Instant::now());
        }
    }

    /// The clocks after `n` moves were taken back: as they stood after the
    /// last move left, running for the side to move.
    fn clock_taken_back(&mut self, n: usize) {
        if let Some(clock) = &mut self.clock {
            clock.take_back(n);
            clock.resume(self.pos.side_to_move(), Instant::now());
        }
    }

    /// The game as a record: the Seven Tag Roster, then the game, its
    /// start and options, why it ended; moves in SAN for chess.
    pub fn record(&self) -> Record {
        let (result, why) = self.result().unwrap_or(("*", String::new()));
        let extra = |name: &str, default: &str| {
            self.extra_tags
                .iter()
                .find(|(n, _)| n == name)
                .map_or(default.to_string(), |(_, v)| v.clone())
        };
        let mut tags = record::roster(
            &extra("Event", "chess3d play"),
            &extra("Site", "?"),
            &self.date,
            &extra("Round", "-"),
            &self.player_name(Side::White),
            &self.player_name(Side::Black),
            result,
        );
        tags.extend(game_tags(&self.start));
        if !why.is_empty() {
            tags.push(("Termination".to_string(), why));
        }
        if let Some(clock) = &self.clock {
            tags.push(("TimeControl".to_string(), clock.control.pgn()));
        }
        tags.extend(
            self.extra_tags
                .iter()
                .filter(|(n, _)| !["Event", "Site", "Round"].contains(&n.as_str()))
                .cloned(),
        );
        let moves = if self.pos.shows_san() {
            self.labels.clone()
        } else {
            self.moves.clone()
        };
        Record {
            tags,
            first_mover: Some(self.start.side_to_move()),
            moves,
            clocks: self
                .clock
                .as_ref()
                .map(|c| c.history.iter().map(|&ms| Some(ms)).collect())
                .unwrap_or_default(),
            result: result.to_string(),
            ..Default::default()
        }
    }

    /// The name written for a side: the player's own name when given, else
    /// what plays it.
    pub fn player_name(&self, side: Side) -> String {
        self.names[side.index()]
            .clone()
            .unwrap_or_else(|| self.seats[side.index()].label().to_string())
    }

    /// Writes the record to `path`, all or nothing: a new file is written
    /// and then renamed over the old one.
    pub fn save(&self, path: &Path) -> Result<()> {
        // A folder is made only for the moves files; a typed path's folder
        // must exist (a typo would hide the game in a new folder).
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !dir.is_dir() {
                bail!(
                    "cannot save to {}: there is no folder {}",
                    path.display(),
                    dir.display()
                );
            }
        }
        write_atomically(path, &self.record().to_text())
            .with_context(|| format!("cannot save to {}", path.display()))
    }

    /// Writes the moves file; a failure becomes a warning (the game goes
    /// on, and the next write tries again).
    fn write_moves_file(&mut self) {
        if let Some(path) = &self.moves_file {
            let written = write_atomically(path, &self.record().to_text());
            self.moves_file_behind = written.is_err();
            if let Err(e) = written {
                self.warning = Some(format!(
                    "cannot write the moves file {}: {e}",
                    path.display()
                ));
            }
        }
    }

    /// A moves-file failure since the last call.
    pub fn take_warning(&mut self) -> Option<String> {
        self.warning.take()
    }

    /// Starts writing the moves file (at the start of play).
    pub fn begin(&mut self) {
        self.resume_clock();
        self.write_moves_file()
    }

    /// A session from a record's text: every move up to the first damage,
    /// which is returned with it. The date, and a resignation or agreed
    /// draw, come from the record.
    pub fn from_record(
        game: Variant<R>,
        text: &str,
        seats: [Seat; 2],
        moves_file: Option<PathBuf>,
    ) -> Result<(Self, Option<Damage>)> {
        let (rec, damage) = Record::parse(text);
        let replayed = record::replay::<Position<R>>(game, &rec, damage).map_err(|e| anyhow!(e))?;
        let mut session = Session::new(replayed.start, seats, moves_file);
        for &m in &replayed.moves {
            session.moves.push(session.pos.move_text(m));
            session.labels.push(session.pos.move_label(m));
            session.pos.make(m);
        }
        if let Some(date) = rec.tag("Date") {
            session.date = date.to_string();
        }
        // Names the players gave: a tag that is no seat's label ("human",
        // an engine's).
        for (side, tag) in Side::BOTH.into_iter().zip(["White", "Black"]) {
            session.names[side.index()] = rec
                .tag(tag)
                .filter(|&name| {
                    !name.is_empty() && name != "?" && Seat::from_label(name, 1000).is_none()
                })
                .map(str::to_string);
        }
        const OWN: [&str; 10] = [
            "TimeControl",
            "Game",
            "Date",
            "White",
            "Black",
            "Result",
            "FEN",
            "SetUp",
            "Options",
            "Termination",
        ];
        session.extra_tags = rec
            .tags
            .iter()
            .filter(|(name, _)| !OWN.contains(&name.as_str()))
            .cloned()
            .collect();
        // A result the board does not show: a resignation or an agreement.
        if let Some(result) = replayed.result.as_deref() {
            if result != "*" && session.pos.clone().outcome().is_none() {
                let why = rec.tag("Termination").unwrap_or(match result {
                    "1/2-1/2" => "draw agreed",
                    "1-0" => "Black resigns",
                    _ => "White resigns",
                });
                session.stopped = Some(Stopped {
                    result: match result {
                        "1-0" => "1-0",
                        "0-1" => "0-1",
                        _ => "1/2-1/2",
                    },
                    why: why.to_string(),
                });
            }
        }
        // The clocks as the record left them (`%clk` after each move), not
        // running until play goes on (see [`Session::resume_clock`]).
        // A TimeControl this program does not play (PGN's moves-per-period
        // forms, `40/7200:3600`) is kept as a tag, without a clock.
        let control = rec.tag("TimeControl").map(TimeControl::from_pgn);
        if let Some(Ok(Some(control))) = control {
            let mut times = rec.clocks.clone();
            times.resize(session.moves.len(), None);
            session.clock = Some(Clock::restored(
                control,
                session.start.side_to_move(),
                &times,
            ));
        } else if let Some(Err(_)) = control {
            let tag = (
                "TimeControl".to_string(),
                rec.tag("TimeControl").unwrap_or_default().to_string(),
            );
            session.extra_tags.push(tag);
        }
        Ok((session, replayed.damage))
    }

    /// Where a game loaded from `loaded` goes on being recorded: that file
    /// itself when the game is unfinished and rewriting the file loses
    /// nothing (it holds exactly the record chess3d writes for the game, as
    /// a moves file does), else a new moves file (a finished game's file is
    /// kept as the archive it is); with a sentence for the player saying
    /// which, and why.
    pub fn resume_file(&self, loaded: &Path, text: &str) -> (PathBuf, String) {
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        if self.result().is_none() && words(text) == words(&self.record().to_text()) {
            let say = format!("recording to {} (the file loaded)", loaded.display());
            return (loaded.to_path_buf(), say);
        }
        let new = default_moves_file(self.pos.variant().id());
        let say = format!(
            "recording to {}: {} is kept as it was (a finished game, or more than chess3d writes)",
            new.display(),
            loaded.display()
        );
        (new, say)
    }

    /// Starts the side to move's clock (after loading a game): the time
    /// the game was stored is charged to no one.
    pub fn resume_clock(&mut self) {
        let side = self.pos.side_to_move();
        if let (Some(clock), false) = (&mut self.clock, self.stopped.is_some()) {
            clock.resume(side, Instant::now());
        }
    }
}

/// Today's date as PGN writes it: `2026.11.21`.
pub fn today() -> String {
    let stamp = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
    stamp[..10].replace('-', ".")
}

/// The default moves file of a new game: `<data dir>/chess3d/games/<game>-
/// <date>-<time>.pgn`, the data directory being `$XDG_DATA_HOME` or
/// `~/.local/share` (the current directory if neither is set).
pub fn default_moves_file(game: &str) -> PathBuf {
    let stamp = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
    let stamp: String = stamp[..19]
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == 'T')
        .collect();
    let stamp = stamp.replace('T', "-");
    let dir = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("chess3d").join("games"))
        .unwrap_or_default();
    // Never an existing game's file: games started in the same second get
    // -2, -3, ...
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{game}-{stamp}.pgn")),
            n => dir.join(format!("{game}-{stamp}-{n}.pgn")),
        })
        .find(|p| !p.exists())
        .expect("a free name")
}

/// Writes a file whole: a temporary file beside it, then a rename, so that
/// a crash leaves the old file or the new one, never half of one.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let mut file = std::fs::File::create(&tmp)?;
    std::io::Write::write_all(&mut file, text.as_bytes())?;
    // On disk before it replaces the old file, so that a power cut leaves
    // one of the two whole.
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// `file` added to `files` unless there already: a game loaded from its
/// own moves file goes on in it, and is named once.
fn add_once(files: &mut Vec<PathBuf>, file: Option<PathBuf>) {
    if let Some(f) = file.filter(|f| !files.contains(f)) {
        files.push(f);
    }
}

/// A short description of a record's damage for the player.
pub fn damage_text(d: &Damage, loaded: usize) -> String {
    let before = match loaded {
        0 => "no move before it was loaded".to_string(),
        1 => "the move before it was loaded".to_string(),
        n => format!("the {n} moves before it were loaded"),
    };
    format!("the record is damaged at {d}; {before}")
}

/// Makes a `Game`-generic check that a record belongs to a game: its
/// `Game` tag, or `None` when it has none.
pub fn record_game(text: &str) -> Option<String> {
    Record::parse(text).0.tag("Game").map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess3d_games::chess::ChessRules;

    fn timed(control: &str) -> Session<ChessRules> {
        let mut s = Session::new(Position::start(), [Seat::Human, Seat::Human], None);
        s.set_clock(TimeControl::parse(control).unwrap());
        s
    }

    /// The files named on leaving: each game's once, and only a file that
    /// holds a move of the game it was for.
    #[test]
    fn the_files_kept_name_each_game_once() {
        let dir = std::env::temp_dir().join(format!("chess3d-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.pgn"), dir.join("b.pgn"));
        let game = |file: &PathBuf| {
            Session::<ChessRules>::new(
                Position::start(),
                [Seat::Human, Seat::Human],
                Some(file.clone()),
            )
        };
        let mut s = game(&a);
        // Replaced before any move: a.pgn holds no game.
        s.replace_with(game(&b));
        assert_eq!(s.files_kept(), std::slice::from_ref(&b));
        s.play_text("e4").unwrap();
        // Loaded from its own file, it goes on there: named once.
        s.replace_with(game(&b));
        assert_eq!(s.files_kept(), std::slice::from_ref(&b));
        s.play_text("d4").unwrap();
        s.replace_with(game(&a));
        assert_eq!(s.files_kept(), [b, a]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_flag_fall_loses_and_can_be_taken_back() {
        let mut s = timed("1+0");
        s.play_text("e4").unwrap();
        // Black's clock runs; its time set to nothing left.
        let clock = s.clock.as_mut().unwrap();
        clock.set_times([60_000, 0]);
        clock.resume(Side::Black, Instant::now());
        assert!(s.check_flag());
        assert_eq!(s.result(), Some(("1-0", "Black lost on time".to_string())));
        assert!(s.play_text("e5").is_err());
        // Taken back like a resignation: Black's time as after its last
        // move (here the full minute: it has not moved), running again.
        s.undo().unwrap();
        assert_eq!(s.result(), None);
        assert!(!s.check_flag());
        assert!(s.clock_times().unwrap()[1] > 59_000);
        s.play_text("e5").unwrap();
    }

    #[test]
    fn new_keeps_the_clock_and_names_and_a_loaded_game_keeps_its_times() {
        let mut s = timed("5+3");
        s.names[0] = Some("Ann".into());
        s.play_text("e4").unwrap();
        s.play_text("e5").unwrap();
        let record = s.record().to_text();
        assert!(record.contains("[TimeControl \"300+3\"]"), "{record}");
        assert!(record.contains("[White \"Ann\"]"), "{record}");
        let (loaded, damage) = Session::<ChessRules>::from_record(
            Position::variant_of_type(),
            &record,
            [Seat::Human, Seat::Human],
            None,
        )
        .unwrap();
        assert_eq!(damage, None);
        assert_eq!(loaded.names[0].as_deref(), Some("Ann"));
        let clock = loaded.clock.as_ref().unwrap();
        assert_eq!(clock.control, TimeControl::parse("5+3").unwrap().unwrap());
        assert_eq!(clock.history.len(), 2);
        s.new_game(None).unwrap();
        assert!(s.clock.is_some() && s.moves.is_empty());
        assert_eq!(s.names[0].as_deref(), Some("Ann"));
        // A time control this program does not play is kept as a tag.
        let odd = record.replace("300+3", "40/7200:3600");
        let (loaded, _) = Session::<ChessRules>::from_record(
            Position::variant_of_type(),
            &odd,
            [Seat::Human, Seat::Human],
            None,
        )
        .unwrap();
        assert!(loaded.clock.is_none());
        assert!(loaded.record().to_text().contains("40/7200:3600"));
    }
}
