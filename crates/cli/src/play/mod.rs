//! `chess3d play`: a game between humans and engines in the terminal, as a
//! full-screen interface (ratatui) or as plain lines (`--plain`).
//!
//! - [`session`]: the game, its players, its record and moves file;
//! - [`command`]: the commands both front ends read;
//! - [`line`]: the full-screen interface's input line and its editing;
//! - [`thinker`]: the engine's search, foreground or on a thread;
//! - [`plain`]: the line mode;
//! - [`board`]: the board drawn level by level, and the cursor's moves;
//! - [`palette`]: its colours for each kind of terminal;
//! - [`sgr16`]: the 16 colours written as a 16-colour terminal reads them;
//! - [`tui`]: the full-screen interface.

pub mod board;
pub mod command;
#[cfg(test)]
mod input_tests;
pub mod line;
pub mod palette;
pub mod plain;
pub mod sgr16;
#[cfg(test)]
mod sight_tests;
#[cfg(test)]
mod snapshot_tests;
pub mod tui;

pub use chess3d_play::{session, thinker};

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use chess3d_core::{Position, Variant};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use clap::Args;

use chess3d_play::clock::TimeControl;
use session::{damage_text, default_moves_file, Seat, Session};

pub const PLAY_HELP: &str = "\
Play a game in the terminal: human against human on one computer, against
the computer with either colour, or computer against computer.

  chess3d play chess                      you (White) against the engine
  chess3d play ziggurat --white engine:5 --black human
  chess3d play elevator --white human --black human
  chess3d play --load ~/.local/share/chess3d/games/polyhedron-20261121-101500.pgn

THE BOARD: every level is drawn as a grid, the lowest at the bottom left;
columns line up across levels, so the pyramid's half-offsets, Polyhedron's
centring, Star Trek's attack boards over their pins and Elevator's shafts
(gaps) show which squares stand over which. Marks read without colour:
[P] cursor, <P> selected, * (or ·) empty destination, ×p× capture, + a
square a moving board or elevator would bring, 'P' last move, !K! check,
{P} hint, . empty square (no colour). Colours follow the terminal:
NO_COLOR, COLORTERM=truecolor, TERM=*256color, else 16 colours.

KEYS (full-screen mode):
  arrows             move the cursor along files and ranks
  PgUp / PgDn        move the cursor a level up / down (also [ and ])
  Enter or Space     select the piece under the cursor (its legal
                     destinations are highlighted), or move it there
  mouse click        the same, on the square clicked; wheel: level up/down
  Tab                the cursor to the selected piece's next destination
                     (else the last move, a check); the levels drawn
                     follow the cursor, and the status line names marks
                     on levels out of sight (4 more on levels C, D: Tab)
  1-9                choose among several moves to one square (promotions,
                     an Ox's push or leap, board moves), said in words
  (attack boards and elevators: Enter on any of their squares, then on a
  + square where it would go)
  Esc                clear the selection and the typed text (while
                     reviewing: back to the live game)
  Home / End         review the game from its start / back to the live game
  Shift+← / Shift+→  a move back / forward (also , and .; plain arrows
                     while reviewing); 'continue' plays on from there
  F1 help  F2 undo  F3 redo  F4 hint  F5 flip  F6 legend  Ctrl-C quit
  typing             moves (e4, Nf3, O-O, e2e4, 0e2-0e4, Nd3, O2a3) and the
                     commands below, then Enter; while text is typed,
                     ← → Home End move in it, Backspace/Delete, Ctrl-A/E
                     start/end, Ctrl-U/K delete before/after, Ctrl-W a
                     word; a paste is text (at most 256 characters)

COMMANDS (typed in both modes):
  undo, redo, continue, hint, analyse, flip, save [FILE], load FILE, new,
  resign, draw (offer), accept (a draw offer), board, moves (list legal
  moves), legend, help, quit (in the full-screen mode resign, new and load
  over a game in progress ask first, and so does quitting a game that is
  not recorded; Ctrl-C quits from anywhere, Ctrl-C again answering yes)

ENGINE HELP: 'hint' suggests a move; 'analyse' evaluates every move played
(up to the position under review), marking inaccuracies ?!, mistakes ?
and blunders ?? with the better move. Against the computer both are open;
between two people only once the game is over, unless --hints was given.

CLOCKS: --clock 5+3 gives each side 5 minutes and adds 3 seconds a move;
both clocks show beside the board. The first move is not timed. A side
whose time runs out loses, or draws if the other side has nothing but its
King. The engine plays by its clock.

GAME RECORDS: games are saved as PGN: the Seven Tag Roster (Event, Site,
Date, Round, White, Black, Result), then [Game \"...\"], [FEN \"...\"] (when
not from the start), [Options \"hundred-ply=off\"], [TimeControl \"300+3\"],
then the moves: chess in standard algebraic notation (any chess program
reads it), the 3-D games in their canonical notation, with each move's
clock as {[%clk 0:04:58]} in timed games. While
you play, the record is rewritten to the moves file after every move
(default: $XDG_DATA_HOME/chess3d/games or ~/.local/share/chess3d/games), so a
crash or a closed terminal loses nothing: resume with --load. A damaged
record is loaded up to the bad move, which is named with its number, text
and what is wrong.

--plain prints the board as text and reads one move or command per line on
standard input, for screen readers and scripts (it is also used when the
input or output is not a terminal, and for TERM=dumb). The board is printed when a human is to move;
every other line starts with a word saying what it is: Move, Result,
Error, Hint, Legal, Saved, Loaded, Undone, Redone, Draw, Recording, ...
(flip works only in the full-screen mode).";

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game id (see `chess3d variants`); optional with --load.
    pub game: Option<String>,
    /// Who plays White (the side that moves first: Red in ziggurat43):
    /// human, engine, engine:SKILL (0-20), or engine:KEY=VALUE,... (keys
    /// skill, depth, movetime, nodes, threads, hash). Default: human, or
    /// with --load the record's White player.
    #[arg(long, value_name = "PLAYER")]
    pub white: Option<String>,
    /// Who plays Black (Gold in ziggurat43); same choices as --white.
    /// Default: engine, or with --load the record's Black player.
    #[arg(long, value_name = "PLAYER")]
    pub black: Option<String>,
    /// Resume a saved game record or moves file.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// The largest record file read, by --load and the load command, in
    /// KB (a larger one is refused at once).
    #[arg(long, value_name = "KB", default_value_t = chess3d_play::record_file::DEFAULT_MAX_KB, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_record_kb: u64,
    /// Line mode: the board as text, one move or command per line.
    #[arg(long)]
    pub plain: bool,
    /// The engine's time per move, in milliseconds, unless its player
    /// setting gives a limit.
    #[arg(long, default_value_t = 2000, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: u64,
    /// Write the game's record here after every move (default: a new file
    /// in the data directory, named after the game, date and time).
    #[arg(long, value_name = "FILE", conflicts_with = "no_moves_file")]
    pub moves_file: Option<PathBuf>,
    /// Do not write a moves file.
    #[arg(long)]
    pub no_moves_file: bool,
    /// Start from this position string instead of the game's start (a game
    /// of shuffled starts, Chess960, starts from one drawn at random).
    #[arg(
        long,
        visible_alias = "position",
        value_name = "POSITION",
        conflicts_with = "load"
    )]
    pub fen: Option<String>,
    /// Set a game option, `NAME`, `NAME=on` or `NAME=off`; repeatable:
    /// `hundred-ply` (every game, on by default), `wide-promotion`
    /// (ziggurat, off), `rook-pawn` (startrek, on), `wonkavator`
    /// (elevator, off). Kept in the record.
    #[arg(
        long = "option",
        short = 'o',
        value_name = "NAME[=on|off]",
        conflicts_with = "load"
    )]
    pub options: Vec<String>,
    /// Play with clocks: minutes for each side + seconds added per move,
    /// such as 5+3, 15+10 or 30+0 (none by default). The first move is
    /// not timed; a flag fall loses, or draws when the other side has
    /// nothing to win with. An engine then plays by its clock. A loaded
    /// game keeps its own time control.
    #[arg(long, value_name = "MIN+SEC", value_parser = parse_clock, conflicts_with = "load")]
    pub clock: Option<TimeControl>,
    /// Two people at this terminal allow the engine's help while they
    /// play: hints and analysis (without it both wait for the end of the
    /// game; against the computer they are always open).
    #[arg(long)]
    pub hints: bool,
}

fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text)?.ok_or_else(|| "no clock: leave --clock out".to_string())
}

/// `--max-record-kb`, for `--load` and the load command alike.
static MAX_RECORD_KB: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(chess3d_play::record_file::DEFAULT_MAX_KB);

/// A record file, read up to `--max-record-kb`.
pub(crate) fn read_record_file(path: &std::path::Path) -> Result<String> {
    chess3d_play::record_file::read_record(
        path,
        MAX_RECORD_KB.load(std::sync::atomic::Ordering::Relaxed),
    )
}

pub fn run(args: PlayArgs) -> Result<()> {
    MAX_RECORD_KB.store(args.max_record_kb, std::sync::atomic::Ordering::Relaxed);
    let record_text = match &args.load {
        Some(path) => Some(read_record_file(path)?),
        None => None,
    };
    let from_record = record_text.as_deref().and_then(session::record_game);
    // A game named by its file's path has its id in the record.
    let named = match &args.game {
        Some(g) => Some((
            g,
            chess3d_games::named(g).map_err(|e| anyhow::anyhow!("{e}"))?,
        )),
        None => None,
    };
    let game = match (named, from_record) {
        (Some((g, n)), Some(r)) if n.id() != r => bail!(
            "{} is a game of '{r}', not '{g}'",
            args.load.as_ref().expect("a record").display()
        ),
        (Some((g, _)), _) => g.clone(),
        // A record names its game by id, never by a path to read.
        (None, Some(r)) if chess3d_games::file::catalog::is_path(&r) => bail!(
            "{}: '{}' in its Game tag is not a game id",
            args.load.as_ref().expect("a record").display(),
            r.escape_debug()
        ),
        (None, Some(r)) => r,
        (None, None) if args.load.is_some() => bail!(
            "{} has no [Game \"...\"] tag: name the game (chess3d play GAME --load FILE)",
            args.load.as_ref().expect("a record").display()
        ),
        (None, None) => bail!(
            "which game? chess3d play GAME, GAME one of: {} (`chess3d variants` describes them), or a game file's path",
            chess3d_games::game_ids().join(", ")
        ),
    };
    with_engine_game(&game, Play { args, record_text })?
}

struct Play {
    args: PlayArgs,
    record_text: Option<String>,
}

impl EngineVisitor for Play {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let args = self.args;
        // A resumed game keeps its players unless told otherwise.
        let recorded = |tag: &str| {
            let text = self.record_text.as_deref()?;
            let label = chess3d_core::record::Record::parse(text)
                .0
                .tag(tag)?
                .to_string();
            Seat::from_label(&label, args.movetime)
        };
        let seat = |given: &Option<String>, tag: &str, default: &str| -> Result<Seat> {
            match given {
                Some(text) => Seat::parse(text, args.movetime)
                    .with_context(|| format!("--{}", tag.to_lowercase())),
                None => Ok(recorded(tag).unwrap_or(Seat::parse(default, args.movetime)?)),
            }
        };
        let seats = [
            seat(&args.white, "White", "human")?,
            seat(&args.black, "Black", "engine")?,
        ];
        let moves_file = match (&args.moves_file, args.no_moves_file) {
            (_, true) => None,
            (Some(path), false) => Some(path.clone()),
            (None, false) => Some(default_moves_file(game.id())),
        };
        let mut notice = None;
        let mut recording = None;
        let mut session = match &self.record_text {
            Some(text) => {
                let load = args.load.as_ref().expect("a record");
                let (mut session, damage) =
                    Session::<R>::from_record(game, text, seats, moves_file.clone())
                        .with_context(|| format!("cannot load {}", load.display()))?;
                if damage.is_some() && session.moves_file.as_deref() == Some(load.as_path()) {
                    bail!(
                        "{} is damaged; resuming it would overwrite it with the moves before the damage: give another --moves-file",
                        load.display()
                    );
                }
                notice = damage.map(|d| damage_text(&d, session.moves.len()));
                // Resumed in the file loaded unless told otherwise or
                // rewriting it would lose something; said either way.
                if args.moves_file.is_none() && !args.no_moves_file {
                    let (file, say) = session.resume_file(load, text);
                    session.moves_file = Some(file);
                    recording = Some(say);
                }
                session
            }
            None => {
                let mut start: Position<R> = chess3d_play::setup::build_position(
                    game,
                    &args.options,
                    args.fen.as_deref(),
                    &[],
                    "",
                )?;
                // A game of shuffled starts (Chess960) begins from one
                // drawn at random.
                if args.fen.is_none() {
                    start = start.shuffled_start_number(rand::random::<u32>() as usize);
                }
                let mut session = Session::new(start, seats, moves_file);
                session.set_clock(args.clock);
                session
            }
        };
        session.hints_allowed = args.hints;
        // A dumb terminal moves no cursor and shows no colour: lines only.
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        let plain = args.plain
            || dumb
            || !std::io::stdin().is_terminal()
            || !std::io::stdout().is_terminal();
        if plain {
            if let Some(n) = &notice {
                outln!("Error {n}");
            }
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            let result = plain::run(session, &mut stdin.lock(), &mut stdout.lock());
            // A reader gone (`| head`): the game ends there, quietly.
            match result {
                Err(e)
                    if e.chain().any(|c| {
                        c.downcast_ref::<std::io::Error>()
                            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
                    }) =>
                {
                    Ok(())
                }
                other => other,
            }
        } else {
            let said = [notice, recording]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>();
            let loaded = self.record_text.is_some();
            tui::run(session, (!said.is_empty()).then(|| said.join("; ")), loaded)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats() {
        assert_eq!(Seat::parse("human", 100).unwrap(), Seat::Human);
        let Seat::Engine(e) = Seat::parse("engine:5", 100).unwrap() else {
            panic!("an engine")
        };
        assert_eq!(e.config.skill, 5);
        assert!(e.limits.movetime.is_some());
        let Seat::Engine(e) = Seat::parse("engine:depth=3", 100).unwrap() else {
            panic!("an engine")
        };
        assert_eq!((e.limits.depth, e.limits.movetime), (Some(3), None));
        assert_eq!(Seat::from_label("human", 100), Some(Seat::Human));
        let Some(Seat::Engine(e)) = Seat::from_label("chess3d engine, skill 7", 100) else {
            panic!("an engine")
        };
        assert_eq!(e.config.skill, 7);
        assert_eq!(Seat::from_label("random", 100), None);
        let err = format!("{:#}", Seat::parse("engine:21", 100).unwrap_err());
        assert!(err.contains("at most 20"), "{err}");
        let err = Seat::parse("computer", 100).unwrap_err().to_string();
        assert!(err.contains(session::SEAT_HELP), "{err}");
        assert!(Seat::parse("engine:21", 100).is_err());
    }
}
