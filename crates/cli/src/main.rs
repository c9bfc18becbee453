//! The `chess3d` command line. Other tools depend on its output: see the
//! contract in README.md. Errors are one line on stderr and a non-zero exit.

#[macro_use]
mod output;
mod analyze;
mod bench;
mod commands;
mod fairy_bench;
mod flood;
mod label;
mod matches;
mod play;
mod players;
mod review;
mod search_bench;
mod stats;
mod train;
mod tune;
mod web;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "chess3d",
    version,
    about = "Three-dimensional chess games: rules, perft and analysis"
)]
#[command(arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The folder of game files (docs/game-files.md) whose games every
    /// command plays by id [default: $XDG_DATA_HOME/chess3d/variants, or
    /// ~/.local/share/chess3d/variants].
    #[arg(long, global = true, value_name = "DIR", env = "CHESS3D_GAMES_DIR")]
    games_dir: Option<std::path::PathBuf>,
}

/// A position: the game's start, or a position string, then moves.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Game id (see `chess3d variants`), or the path of a game file
    /// (docs/game-files.md).
    pub game: String,
    /// Start from this position string instead of the game's start (for
    /// chess, a FEN).
    #[arg(long, visible_alias = "position", value_name = "POSITION")]
    pub fen: Option<String>,
    /// Moves to play first, in canonical notation, separated by spaces.
    #[arg(long, value_name = "\"M1 M2 ...\"")]
    pub moves: Option<String>,
    /// Set a game option, `NAME` or `NAME=on` to turn it on, `NAME=off` to
    /// turn it off; repeatable. Every game has `hundred-ply` (on by
    /// default); Ziggurat has `wide-promotion` (off), Star Trek
    /// `rook-pawn` (on), Elevator `wonkavator` (off: elevators also move
    /// sideways). An unknown name is an error that lists the game's
    /// options.
    #[arg(long = "option", short = 'o', value_name = "NAME[=on|off]")]
    pub options: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the ids of the games that work, one per line: the built-in
    /// ones, then those of the games folder (--games-dir). Files of the
    /// folder that cannot be played are named on stderr, with why.
    Variants {
        /// Also each game's name and where it comes from, and the folder.
        #[arg(long, short)]
        verbose: bool,
    },
    /// Count the leaf nodes of the legal move tree (the last line printed is
    /// the count).
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Depth in plies (at most 30).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=30))]
        depth: u32,
        /// Also print `<move> <count>` for each root move.
        #[arg(long)]
        divide: bool,
    },
    /// Print every legal move in canonical notation, sorted, one per line.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Print a diagram of every level, the side to move, the state and the
    /// position string.
    Show {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Search benchmark: fixed positions of every game at a fixed depth on
    /// one thread; prints nodes/second per game and the total node count
    /// (a signature of the search). `bench perft` compares move
    /// generation with cozy-chess, and with Fairy-Stockfish if installed.
    #[command(args_conflicts_with_subcommands = true)]
    Bench {
        #[command(subcommand)]
        command: Option<BenchCommand>,
        /// Only this game (repeatable; default every built-in game).
        #[arg(long = "game", value_name = "GAME")]
        games: Vec<String>,
        /// Search every measured game to this depth instead of its own
        /// (a deeper look at one game's speed; the default depths make
        /// the total node count the search's signature).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=99))]
        depth: Option<u32>,
    },
    /// Speak UCI on standard input and output (`setoption name UCI_Variant
    /// value <game>` selects the game; chess by default).
    Uci,
    /// Search a position, printing each iteration and the best line.
    Analyze {
        #[command(flatten)]
        position: PositionArgs,
        /// Search to this depth (plies).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=99), conflicts_with = "movetime")]
        depth: Option<u32>,
        /// Search this long, in milliseconds (default 5000).
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
        hash: u32,
        /// The best N moves, each with its score and line (UCI's MultiPV);
        /// each iteration prints a line per move, best first.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=500), conflicts_with = "record")]
        multipv: u32,
        /// Analyse a whole game: every position of this record (PGN), each
        /// move with its evaluation, marked ?! ? ?? by its loss, the better
        /// move as a variation and each side's summary, written as PGN
        /// (--movetime then defaults to 1000 a position).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves", "options"])]
        record: Option<std::path::PathBuf>,
        /// Write the analysed record to this file instead of stdout.
        #[arg(long, value_name = "FILE", requires = "record")]
        out: Option<std::path::PathBuf>,
        /// Read a record file up to this size.
        #[arg(long, value_name = "KB", default_value_t = chess3d_play::record_file::DEFAULT_MAX_KB, requires = "record")]
        max_record_kb: u64,
    },
    /// Play a game in the terminal against the computer or a person
    /// (full-screen, or --plain lines); save, load and resume game records.
    #[command(long_about = play::PLAY_HELP)]
    Play(play::PlayArgs),
    /// Play games between two players and report the result with its Elo
    /// difference (and an SPRT verdict with --sprt).
    Match(matches::MatchArgs),
    /// Fit a game's evaluation weights to the results of self-play games
    /// (Texel's method) and write them as a weights file.
    Tune(tune::TuneArgs),
    /// Score self-play positions (`tune --positions`) by a deeper search of
    /// this engine, for `train --data`: the teacher of the games Stockfish
    /// does not play.
    Label(label::LabelArgs),
    /// Train a game's evaluation network on positions labelled with game
    /// results and a stronger engine's scores, and write it as a network
    /// file.
    Train(train::TrainArgs),
    /// Serve the web page and its API: every game in the browser, against
    /// the computer, two people at one screen, or remote with an invitation.
    Serve(web::ServeArgs),
    /// Play many games at once against a server over WebSocket, with random
    /// legal moves; report moves/second and latency, and check that no move
    /// is lost or duplicated.
    Loadtest(web::LoadTestArgs),
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Bulk-counting perft of chess3d and cozy-chess on the same chess
    /// positions, in the same run: nodes/second of each and their ratio;
    /// then chess3d's nodes/second on each 3-D game's start position; then,
    /// when Fairy-Stockfish is installed (Debian's `fairy-stockfish`),
    /// thirteen game files (antichess, Capablanca, chess, crazyhouse,
    /// Grand, Horde, Los Alamos, minishogi, Seirawan, Shako, S-House,
    /// three-check, xiangqi) against it on the same perft.
    Perft {
        /// One ply less everywhere (a quick look, not a benchmark).
        #[arg(long)]
        quick: bool,
        /// Runs per measurement; the fastest counts.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    ExitCode::SUCCESS
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    ExitCode::from(2)
                }
                _ => {
                    // clap's message is several lines: its first paragraph,
                    // joined, is the error; usage and tips follow.
                    let text = e.to_string();
                    let first: Vec<&str> = text
                        .lines()
                        .take_while(|l| !l.trim().is_empty())
                        .map(str::trim)
                        .collect();
                    errln!("{} (see 'chess3d --help')", first.join(" "));
                    ExitCode::from(2)
                }
            };
        }
    };
    if let Some(dir) = cli.games_dir {
        chess3d_games::file::catalog::set_games_dir(dir);
    }
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
