//! One game being played: the position, the moves, who plays each side,
//! how it ended, and its record, written to the moves file after every
//! change. The terminal interface and the line mode both drive this.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::record::{self, game_tags, result_token, Damage, Record};
use chess3d_core::{Game, Move, Position, Side};
use chess3d_engine::{Config, Evaluate, Limits};

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
                config,
                depth,
                nodes,
                movetime: own,
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
    date: String,
    /// Tags of a loaded record that this program does not write itself
    /// (Site, Round, ...), kept when it is saved again.
    extra_tags: Vec<(String, String)>,
}

impl<R: Evaluate> Session<R> {
    pub fn new(start: Position<R>, seats: [Seat; 2], moves_file: Option<PathBuf>) -> Self {
        Session {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            redo: Vec::new(),
            seats,
            stopped: None,
            draw_offer: None,
            moves_file,
            warning: None,
            date: today(),
            extra_tags: Vec::new(),
        }
    }

    pub fn side_name(side: Side) -> &'static str {
        Position::<R>::side_names()[side.index()]
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
        end.map(|o| (result_token(end), o.describe(Position::<R>::side_names())))
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// Plays a move typed by a player (see `input::read_move`); returns
    /// its canonical text.
    pub fn play_text(&mut self, text: &str) -> Result<String> {
        if let Some((_, why)) = self.result() {
            bail!("the game is over ({why}); 'undo' or 'new' to play on");
        }
        let m = crate::input::read_move(&mut self.pos, text).map_err(|e| anyhow!(e))?;
        Ok(self.play_move(m))
    }

    /// Plays a legal move; returns its canonical text.
    pub fn play_move(&mut self, m: Move) -> String {
        let text = self.pos.move_text(m);
        self.pos.make(m);
        self.moves.push(text.clone());
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
            self.redo.push(text);
            n += 1;
            if *self.seat_to_move() == Seat::Human || self.no_humans() {
                break;
            }
        }
        if n == 0 {
            bail!("no move to take back");
        }
        self.draw_offer = None;
        self.write_moves_file();
        Ok(format!("took back {n} move(s)"))
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
            self.pos.make(m);
            self.moves.push(text);
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
        let why = format!("{} resigns", Self::side_name(side));
        self.stopped = Some(Stopped {
            result: if side == Side::White { "0-1" } else { "1-0" },
            why: why.clone(),
        });
        self.redo.clear();
        self.draw_offer = None;
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
                Self::side_name(side),
                Self::side_name(side.other())
            ),
            None => bail!("no draw has been offered"),
        }
    }

    /// The same game again from its start (the position and options it
    /// began with), same players, a new moves file.
    pub fn new_game(&mut self, moves_file: Option<PathBuf>) -> Result<()> {
        *self = Session::new(self.start.clone(), self.seats.clone(), moves_file);
        self.write_moves_file();
        Ok(())
    }

    /// The game as a record.
    pub fn record(&self) -> Record {
        let mut tags = vec![("Event".to_string(), "chess3d play".to_string())];
        let game = game_tags(&self.start);
        tags.push(game[0].clone());
        tags.push(("Date".to_string(), self.date.clone()));
        tags.push(("White".to_string(), self.seats[0].label().to_string()));
        tags.push(("Black".to_string(), self.seats[1].label().to_string()));
        let (result, why) = self.result().unwrap_or(("*", String::new()));
        tags.push(("Result".to_string(), result.to_string()));
        tags.extend(game.into_iter().skip(1));
        if !why.is_empty() {
            tags.push(("Termination".to_string(), why));
        }
        tags.extend(self.extra_tags.iter().cloned());
        Record {
            tags,
            first_mover: Some(self.start.side_to_move()),
            moves: self.moves.clone(),
            result: result.to_string(),
        }
    }

    /// Writes the record to `path`, all or nothing: a new file is written
    /// and then renamed over the old one.
    pub fn save(&self, path: &Path) -> Result<()> {
        write_atomically(path, &self.record().to_text())
            .with_context(|| format!("cannot save to {}", path.display()))
    }

    /// Writes the moves file; a failure becomes a warning (the game goes
    /// on, and the next write tries again).
    fn write_moves_file(&mut self) {
        if let Some(path) = &self.moves_file {
            if let Err(e) = write_atomically(path, &self.record().to_text()) {
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
        self.write_moves_file()
    }

    /// A session from a record's text: every move up to the first damage,
    /// which is returned with it. The date, and a resignation or agreed
    /// draw, come from the record.
    pub fn from_record(
        text: &str,
        seats: [Seat; 2],
        moves_file: Option<PathBuf>,
    ) -> Result<(Self, Option<Damage>)> {
        let (rec, damage) = Record::parse(text);
        let replayed = record::replay::<Position<R>>(&rec, damage).map_err(|e| anyhow!(e))?;
        let mut session = Session::new(replayed.start, seats, moves_file);
        for &m in &replayed.moves {
            session.moves.push(session.pos.move_text(m));
            session.pos.make(m);
        }
        if let Some(date) = rec.tag("Date") {
            session.date = date.to_string();
        }
        const OWN: [&str; 9] = [
            "Event",
            "Game",
            "Date",
            "White",
            "Black",
            "Result",
            "FEN",
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
        Ok((session, replayed.damage))
    }
}

/// Today's date as PGN writes it: `2026.11.21`.
fn today() -> String {
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

/// A short description of a record's damage for the player.
pub fn damage_text(d: &Damage, loaded: usize) -> String {
    format!("the record is damaged at {d}; the {loaded} moves before it were loaded")
}

/// Makes a `Game`-generic check that a record belongs to a game: its
/// `Game` tag, or `None` when it has none.
pub fn record_game(text: &str) -> Option<String> {
    Record::parse(text).0.tag("Game").map(str::to_string)
}
