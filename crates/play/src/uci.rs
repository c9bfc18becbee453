//! `chess3d uci`: the Universal Chess Interface on standard input and
//! output, for every game (`setoption name UCI_Variant value <game>`).
//!
//! Bad input is answered with `info string error: ...` and otherwise
//! ignored; the engine never exits on bad input, and a search always ends
//! with `bestmove` (`bestmove (none)` when the game is over).

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Result;
use chess3d_core::{Game, GameVariant, Position, Variant};
use chess3d_engine::engine::{MAX_HASH_MB, MAX_SKILL, MAX_THREADS};
use chess3d_engine::{
    info_line, with_engine_file, with_engine_game, Config, Engine, EngineVisitor, Evaluate, Limits,
};
use chess3d_games::file::{embedded, FileGame};
use chess3d_games::game_ids;

use crate::setup::{build_position, load_weights};

/// The game `UCI_Chess960` plays for chess: the Chess960 file, compiled
/// in so that the option works without a games folder.
const CHESS960: &str = include_str!("../../../games/chess960.toml");

/// One game's engine and position, behind a trait object so that the
/// variant can change at run time.
trait Session: Send {
    fn id(&self) -> &'static str;
    /// Sets the position; on error the old one stays.
    fn position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<()>;
    /// Starts a search on another thread; it prints `info` and `bestmove`.
    fn go(&mut self, limits: Limits, abort: Arc<AtomicBool>, out: Output) -> JoinHandle<()>;
    fn new_game(&mut self);
    fn configure(&mut self, config: Config);
    /// Sets a game option (applies from the next `position`).
    fn game_option(&mut self, name: &str, on: bool) -> Result<()>;
    /// Evaluates with the weights file at `path` (the game's own weights
    /// when `None`); a file that cannot be used changes nothing.
    fn weights(&mut self, path: Option<&str>) -> Result<()>;
    fn diagram(&self) -> String;
    fn side_to_move(&self) -> chess3d_core::Side;
    /// The game as Fairy-Stockfish announces a variant, for the GUIs that
    /// read it to draw the board: `variant <id> files F ranks R pocket P
    /// template T startpos <position>` (P: the kinds a hand may hold,
    /// 0 without drops; T: shogi for a game of promoted forms, fairy
    /// otherwise); only for a rectangular board
    /// of one level with UCI notation (what such a GUI can draw).
    fn announcement(&self) -> Option<String>;
}

struct GameSession<R: Evaluate> {
    game: Variant<R>,
    engine: Arc<Mutex<Engine<R>>>,
    pos: Position<R>,
    options: Vec<String>,
}

impl<R: Evaluate> Session for GameSession<R> {
    fn id(&self) -> &'static str {
        self.game.id()
    }

    fn position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<()> {
        self.pos = build_position(self.game, &self.options, fen, moves, "")?;
        Ok(())
    }

    fn go(&mut self, limits: Limits, abort: Arc<AtomicBool>, say: Output) -> JoinHandle<()> {
        let engine = Arc::clone(&self.engine);
        let pos = self.pos.clone();
        std::thread::spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(end) = pos.clone().outcome() {
                say(&format!(
                    "info string the game is over: {}",
                    end.describe(pos.variant().side_names())
                ));
            }
            let report = engine.search(&pos, &limits, &abort, |info| say(&info_line(&pos, info)));
            match report.best {
                Some(m) => say(&format!("bestmove {}", pos.move_text(m))),
                None => say("bestmove (none)"),
            }
        })
    }

    fn new_game(&mut self) {
        self.engine
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    fn configure(&mut self, config: Config) {
        self.engine
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .configure(config);
    }

    fn game_option(&mut self, name: &str, on: bool) -> Result<()> {
        let mut probe = self.game.start();
        probe.set_option(name, on)?;
        self.options.retain(|o| o.split('=').next() != Some(name));
        self.options
            .push(format!("{name}={}", if on { "on" } else { "off" }));
        Ok(())
    }

    fn weights(&mut self, path: Option<&str>) -> Result<()> {
        let eval = match path {
            None => R::eval_tables(self.game),
            Some(path) => load_weights(self.game, path)?,
        };
        self.engine
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .set_eval(eval);
        Ok(())
    }

    fn diagram(&self) -> String {
        self.pos.diagram()
    }

    fn side_to_move(&self) -> chess3d_core::Side {
        self.pos.side_to_move()
    }

    fn announcement(&self) -> Option<String> {
        let def = self.game.tables().def;
        let cells = def.board.cells();
        let span = |axis: usize| {
            let values = cells.iter().map(|c| c[axis]);
            values.clone().max().unwrap_or(0) - values.min().unwrap_or(0) + 1
        };
        let (files, ranks) = (span(0), span(1));
        let flat = span(2) == 1 && cells.len() == (files * ranks) as usize;
        // The pocket and template are Fairy-Stockfish's: where pieces are
        // dropped, every kind of the game, but in a game of promoted
        // forms (its shogi template) the kinds a hand holds; none
        // elsewhere.
        let shogi = def
            .promotion
            .is_some_and(|p| matches!(p.choices, chess3d_core::def::Choices::Promoted));
        let pocket = match (def.drops, shogi) {
            (false, _) => 0,
            (true, false) => def.pieces.len(),
            (true, true) => def
                .pieces
                .iter()
                .filter(|p| !p.royal && p.promoted_from.is_none())
                .count(),
        };
        // Seirawan chess has its own template, and no pocket (its pieces
        // are gated, not dropped); S-House, gating and drops, crazyhouse's:
        // as Fairy-Stockfish announces them.
        let template = match (shogi, def.gating, def.drops) {
            (true, _, _) => "shogi",
            (false, true, false) => "seirawan",
            (false, true, true) => "crazyhouse",
            (false, false, _) => "fairy",
        };
        (flat && def.notation == chess3d_core::def::Notation::Uci).then(|| {
            format!(
                "variant {} files {files} ranks {ranks} pocket {pocket} template {template} startpos {}",
                def.id,
                self.game.start().to_text()
            )
        })
    }
}

struct NewSession(Config);

impl EngineVisitor for NewSession {
    type Output = Box<dyn Session>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Box<dyn Session> {
        Box::new(GameSession::<R> {
            game,
            engine: Arc::new(Mutex::new(Engine::new(self.0))),
            pos: game.start(),
            options: Vec::new(),
        })
    }
}

/// Where the protocol's lines go (standard output; a buffer in tests).
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// Standard output, flushed line by line.
fn stdout_output() -> Output {
    Arc::new(|line: &str| {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        // A closed pipe: the GUI is gone; nothing to tell it.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    })
}

/// A check option's value: `true` or `on`, `false` or `off`.
fn true_or_false(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" => Some(true),
        "false" | "off" => Some(false),
        _ => None,
    }
}

/// A game's id, to ask whether a name is a game with an engine.
struct GameId;

impl EngineVisitor for GameId {
    type Output = &'static str;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> &'static str {
        game.id()
    }
}

/// An `info string error` line (one line whatever the message).
fn error_line(message: &str) -> String {
    format!("info string error: {}", message.replace('\n', " "))
}

/// The game options of every game, for the `option` lines: name, default.
fn game_options() -> Vec<(&'static str, bool)> {
    let mut all: Vec<(&'static str, bool)> = Vec::new();
    for id in game_ids() {
        struct Options;
        impl chess3d_games::GameVisitor for Options {
            type Output = Vec<(&'static str, bool)>;
            fn visit<G: Game>(self, game: G::Variant) -> Self::Output {
                game.option_defs()
                    .iter()
                    .map(|o| (o.name, o.default))
                    .collect()
            }
        }
        for o in chess3d_games::with_game(id, Options).unwrap_or_default() {
            if !all.iter().any(|(n, _)| *n == o.0) {
                all.push(o);
            }
        }
    }
    all
}

/// The most lines a search reports (Stockfish allows 500; a 3-D game's
/// root has a few hundred moves at most).
const MAX_MULTIPV: u32 = 500;

pub struct Uci {
    out: Output,
    session: Box<dyn Session>,
    config: Config,
    /// The lines each search reports (the `MultiPV` option).
    multipv: u32,
    /// The running search: its thread, its stop flag, whether it is infinite.
    search: Option<(JoinHandle<()>, Arc<AtomicBool>, bool)>,
    /// The game `UCI_Variant` asked for, and `UCI_Chess960`: chess is
    /// then played as Chess960 (games/chess960.toml), as Fairy-Stockfish
    /// plays it, whichever of the two options comes first.
    variant: String,
    chess960: bool,
}

impl Uci {
    pub fn new(out: Output) -> Uci {
        Uci::with_config(out, Config::default())
    }

    /// A protocol whose engine starts with `config` (a small hash table
    /// for the fuzzer; `setoption` changes it as usual).
    pub fn with_config(out: Output, config: Config) -> Uci {
        Uci {
            out,
            session: with_engine_game("chess", NewSession(config)).expect("chess is a game"),
            config,
            multipv: 1,
            search: None,
            variant: "chess".into(),
            chess960: false,
        }
    }

    /// Plays the game `UCI_Variant` and `UCI_Chess960` ask for: the
    /// variant (a game's id or a file's path), or for chess with
    /// `UCI_Chess960` on, Chess960.
    fn select_game(&mut self) {
        let session = if self.chess960 && self.variant == "chess" {
            Ok(with_engine_file(
                FileGame::of(embedded(CHESS960)),
                NewSession(self.config),
            ))
        } else {
            with_engine_game(&self.variant, NewSession(self.config))
        };
        match session {
            Ok(s) => {
                self.session = s;
                if let Some(line) = self.session.announcement() {
                    self.say(&format!("info string {line}"));
                }
                if self.chess960 && !matches!(self.session.id(), "chess960") {
                    self.say(&format!(
                        "info string UCI_Chess960 plays chess as Chess960; {} is played as it is",
                        self.session.id()
                    ));
                }
            }
            Err(e) => self.error(&e.to_string()),
        }
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    fn error(&self, message: &str) {
        self.say(&error_line(message));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some((handle, abort, _)) = self.search.take() {
            abort.store(true, Relaxed);
            let _ = handle.join();
        }
    }

    /// Whether an infinite search is running. A search with limits is
    /// waited for: a script may send its next commands before `bestmove`.
    fn infinite_search_running(&mut self) -> bool {
        match &self.search {
            Some((h, _, true)) if !h.is_finished() => true,
            Some(_) => {
                if let Some((handle, _, _)) = self.search.take() {
                    let _ = handle.join();
                }
                false
            }
            None => false,
        }
    }

    /// Handles one line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        match command {
            "uci" => self.identify(),
            "isready" => self.say("readyok"),
            "quit" => {
                self.finish_search();
                return false;
            }
            "stop" => self.finish_search(),
            "ponderhit" => {}
            _ if self.infinite_search_running() => {
                self.error(&format!(
                    "'{}' during 'go infinite': send 'stop' first",
                    command.escape_debug()
                ));
            }
            "ucinewgame" => self.session.new_game(),
            "setoption" => self.set_option(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "d" | "show" => {
                for l in self.session.diagram().lines() {
                    self.say(&format!("info string {l}"));
                }
            }
            "debug" | "register" => {}
            _ => self.error(&format!(
                "unknown command '{}' (uci, isready, setoption, ucinewgame, position, go, stop, quit)",
                command.escape_debug()
            )),
        }
        true
    }

    fn identify(&self) {
        self.say(&format!("id name chess3d {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the chess3d developers");
        self.say(&format!(
            "option name UCI_Variant type combo default {} {}",
            self.session.id(),
            game_ids()
                .iter()
                .map(|v| format!("var {v}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        self.say(&format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            Config::default().hash_mb
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say("option name UCI_Chess960 type check default false");
        self.say("option name Clear Hash type button");
        self.say("option name Weights type string default <empty>");
        for (name, default) in game_options() {
            self.say(&format!("option name {name} type check default {default}"));
        }
        self.say("uciok");
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <name with spaces> [value <value with spaces>]
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.error("setoption: expected 'setoption name <name> [value <value>]'");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (rest.trim(), None),
        };
        let number = |min: usize, max: usize| -> Option<usize> {
            let v = value.and_then(|v| v.parse::<usize>().ok());
            if v.is_none_or(|v| v < min || v > max) {
                self.error(&format!(
                    "setoption {name}: value must be a number from {min} to {max}"
                ));
                return None;
            }
            v
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let id = value.unwrap_or("");
                // A game that cannot be played keeps the one being played.
                if let Err(e) = with_engine_game(id, GameId) {
                    return self.error(&e.to_string());
                }
                self.variant = id.to_string();
                self.select_game();
            }
            "uci_chess960" => {
                let Some(on) = value.and_then(true_or_false) else {
                    return self.error("setoption UCI_Chess960: value must be true or false");
                };
                if on != self.chess960 {
                    self.chess960 = on;
                    self.select_game();
                }
            }
            "hash" => {
                if let Some(mb) = number(1, MAX_HASH_MB) {
                    self.config.hash_mb = mb;
                    self.session.configure(self.config);
                }
            }
            "threads" => {
                if let Some(n) = number(1, MAX_THREADS) {
                    self.config.threads = n;
                    self.session.configure(self.config);
                }
            }
            "skill level" => {
                if let Some(s) = number(0, MAX_SKILL as usize) {
                    self.config.skill = s as u8;
                    self.session.configure(self.config);
                }
            }
            "multipv" => {
                if let Some(n) = number(1, MAX_MULTIPV as usize) {
                    self.multipv = n as u32;
                }
            }
            "clear hash" => self.session.new_game(),
            "weights" => {
                let path = value.filter(|v| !v.is_empty() && *v != "<empty>");
                if let Err(e) = self.session.weights(path) {
                    self.error(&format!("setoption Weights: {e:#}"));
                }
            }
            _ => {
                let Some(on) = value.and_then(true_or_false) else {
                    return self.error(&format!(
                        "setoption {}: unknown option, or value not true/false",
                        name.escape_debug()
                    ));
                };
                if let Err(e) = self.session.game_option(name, on) {
                    self.error(&format!("setoption {}: {e:#}", name.escape_debug()));
                }
            }
        }
    }

    fn position(&mut self, args: &[&str]) {
        let (spec, moves) = match args.iter().position(|&a| a == "moves") {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let fen = match spec.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", rest)) if !rest.is_empty() => Some(rest.join(" ")),
            _ => {
                return self
                    .error("position: expected 'position startpos|fen <string> [moves ...]'")
            }
        };
        if let Err(e) = self.session.position(fen.as_deref(), moves) {
            self.error(&format!("position: {e:#}"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        const KEYS: [&str; 11] = [
            "infinite",
            "ponder",
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "mate",
        ];
        let mut limits = Limits {
            multipv: self.multipv,
            ..Limits::default()
        };
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            i += 1;
            if !KEYS.contains(&key) {
                self.error(&format!(
                    "go: unknown limit '{}'; ignored",
                    key.escape_debug()
                ));
                continue;
            }
            if matches!(key, "infinite" | "ponder") {
                limits.infinite |= key == "infinite";
                continue;
            }
            // A negative time (a GUI's clock overdrawn) counts as 0.
            let value = args
                .get(i)
                .and_then(|v| v.parse::<i64>().ok())
                .map(|v| v.max(0) as u64);
            let Some(value) = value else {
                self.error(&format!("go: '{key}' needs a number; ignored"));
                // Skip the bad value too, unless it is the next limit.
                if args.get(i).is_some_and(|v| !KEYS.contains(v)) {
                    i += 1;
                }
                continue;
            };
            i += 1;
            let ms = Duration::from_millis(value);
            let small = value.min(u32::MAX as u64) as u32;
            match key {
                "depth" => limits.depth = Some(small),
                "nodes" => limits.nodes = Some(value),
                "movetime" => limits.movetime = Some(ms),
                "wtime" => limits.time[0] = Some(ms),
                "btime" => limits.time[1] = Some(ms),
                "winc" => limits.inc[0] = ms,
                "binc" => limits.inc[1] = ms,
                "movestogo" => limits.movestogo = Some(small),
                // Mate in n moves is found within 2n - 1 plies.
                _ => limits.depth = Some((2 * small).saturating_sub(1).max(1)),
            }
        }
        // A `go` without a limit for the side to move searches until
        // `stop`, like `go infinite`.
        let infinite = limits.is_unbounded(self.session.side_to_move());
        limits.infinite = infinite;
        let abort = Arc::new(AtomicBool::new(false));
        let handle = self
            .session
            .go(limits, Arc::clone(&abort), Arc::clone(&self.out));
        self.search = Some((handle, abort, infinite));
    }
}

/// Runs the protocol until `quit` or the end of input.
pub fn run() -> Result<()> {
    let mut uci = Uci::new(stdout_output());
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                uci.error("input is not UTF-8; line ignored");
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        if !uci.handle(&line) {
            return Ok(());
        }
    }
    // End of input is `quit`: a running search stops and answers.
    uci.finish_search();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A protocol handler whose lines are collected.
    fn collecting() -> (Uci, Arc<Mutex<Vec<String>>>) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let out: Output = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
        (Uci::new(out), lines)
    }

    /// Words of the protocol, numbers that are small, huge or malformed,
    /// and some noise: random lines made of them reach every branch.
    const WORDS: &[&str] = &[
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "mate",
        "infinite",
        "stop",
        "setoption",
        "name",
        "value",
        "UCI_Variant",
        "UCI_Chess960",
        "Hash",
        "Threads",
        "Skill",
        "Level",
        "Clear",
        "hundred-ply",
        "rook-pawn",
        "true",
        "false",
        "chess",
        "ziggurat43",
        "startrek",
        "elevator",
        "e2e4",
        "e7e5",
        "e2-f3",
        "b2(2)-b4(2)",
        "0",
        "1",
        "2",
        "-3",
        "99999999999999999999",
        "x",
        "show",
        "debug",
        "8/8/8/8/8/8/8/8",
        "w",
        "-",
        "é",
        "\u{0}",
    ];

    /// A flat game is announced as Fairy-Stockfish announces its variants
    /// (`info string variant shako files 10 ranks 10 pocket 0 template
    /// fairy startpos ...`, its words for Shako; a game with drops has a
    /// pocket); a 3-D game is not.
    #[test]
    fn a_flat_game_is_announced_as_fairy_stockfish_announces_it() {
        let (mut uci, out) = collecting();
        let shako = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/shako.toml");
        uci.handle(&format!("setoption name UCI_Variant value {shako}"));
        uci.handle("setoption name UCI_Variant value chess");
        uci.handle("setoption name UCI_Variant value raumschach");
        let crazyhouse = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/crazyhouse.toml");
        uci.handle(&format!("setoption name UCI_Variant value {crazyhouse}"));
        let minishogi = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/minishogi.toml");
        uci.handle(&format!("setoption name UCI_Variant value {minishogi}"));
        let seirawan = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/seirawan.toml");
        uci.handle(&format!("setoption name UCI_Variant value {seirawan}"));
        let shouse = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/shouse.toml");
        uci.handle(&format!("setoption name UCI_Variant value {shouse}"));
        let said = out.lock().unwrap();
        assert_eq!(
            *said,
            [
                "info string variant shako files 10 ranks 10 pocket 0 template fairy startpos \
                 c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
                "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos \
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                // Fairy-Stockfish's pocket of a game with drops: its six
                // kinds (`popcount(pieceTypes)`), the hands in the start.
                "info string variant crazyhouse files 8 ranks 8 pocket 6 template fairy startpos \
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
                // Its minishogi: pocket 5 (`pocketSize`, the five kinds a
                // hand holds) and template shogi.
                "info string variant minishogi files 5 ranks 5 pocket 5 template shogi startpos \
                 rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
                // Its seirawan: pocket 0 (no `pieceDrops`), template
                // seirawan; its shouse, drops too: pocket 8, template
                // crazyhouse (src/variant.cpp, src/ucioption.cpp).
                "info string variant seirawan files 8 ranks 8 pocket 0 template seirawan startpos \
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
                "info string variant shouse files 8 ranks 8 pocket 8 template crazyhouse startpos \
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
            ]
        );
    }

    /// `UCI_Chess960`, as Stockfish and Fairy-Stockfish offer it: with it
    /// on, chess is played as Chess960 (games/chess960.toml), whichever
    /// option comes first, and castling is the King taking its own Rook
    /// (`e1h1`, the UCI_Chess960 form), which chess refuses; off again,
    /// chess's `e1g1` castles.
    #[test]
    fn uci_chess960_plays_chess_as_chess960() {
        let (mut uci, out) = collecting();
        uci.handle("uci");
        uci.handle("setoption name UCI_Chess960 value true");
        uci.handle("setoption name UCI_Variant value chess");
        let castle = |uci: &mut Uci, m: &str| {
            uci.handle(&format!(
                "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves {m}"
            ));
            uci.handle("d");
        };
        castle(&mut uci, "e1h1");
        uci.handle("setoption name UCI_Chess960 value false");
        castle(&mut uci, "e1h1");
        castle(&mut uci, "e1g1");
        uci.handle("setoption name UCI_Chess960 value maybe");
        let said = out.lock().unwrap();
        assert!(said.contains(&"option name UCI_Chess960 type check default false".to_string()));
        let positions: Vec<&String> = said
            .iter()
            .filter(|l| l.starts_with("info string Position:"))
            .collect();
        assert_eq!(
            positions,
            [
                "info string Position: r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
                // Refused in chess: the position stays the new game's.
                "info string Position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "info string Position: r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
            ]
        );
        assert!(
            said.iter()
                .any(|l| l.starts_with("info string error") && l.contains("e1h1")),
            "{said:?}"
        );
        assert!(
            said.iter()
                .any(|l| l
                    == "info string error: setoption UCI_Chess960: value must be true or false")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Whatever the lines, nothing panics and the engine still answers
        /// `isready` after `stop`.
        #[test]
        fn random_command_lines_are_survived(
            lines in prop::collection::vec(
                prop_oneof![
                    prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" ")),
                    ".{0,40}",
                ],
                1..12,
            )
        ) {
            let (mut uci, out) = collecting();
            for line in &lines {
                // `quit` would end the session early; it is tested elsewhere.
                prop_assert!(uci.handle(line));
            }
            uci.handle("stop");
            uci.handle("isready");
            let said = out.lock().unwrap();
            prop_assert_eq!(said.last().map(String::as_str), Some("readyok"));
            for l in said.iter() {
                prop_assert!(!l.contains('\n'));
            }
        }
    }
}
