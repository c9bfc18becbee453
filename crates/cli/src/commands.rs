//! The commands, generic over the game.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use chess3d_core::perft::perft;
use chess3d_core::{Game, MoveList};
use chess3d_games::{with_game, GameVisitor, AVAILABLE};

use crate::{bench, BenchCommand, Command, PositionArgs};

pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Variants => emit(AVAILABLE.iter().map(|s| s.to_string())),
        Command::Perft {
            position,
            depth,
            divide,
        } => {
            let game = position.game.clone();
            with_game(
                &game,
                Perft {
                    position,
                    depth,
                    divide,
                },
            )?
        }
        Command::Moves { position } => {
            let game = position.game.clone();
            with_game(&game, Moves(position))?
        }
        Command::Show { position } => {
            let game = position.game.clone();
            with_game(&game, Show(position))?
        }
        Command::Bench {
            command: Some(BenchCommand::Perft { quick, runs }),
        } => bench::perft(quick, runs),
        Command::Bench { command: None } => crate::search_bench::run(),
        Command::Uci => chess3d_play::uci::run(),
        Command::Analyze {
            position,
            depth,
            movetime,
            threads,
            hash,
        } => {
            let game = position.game.clone();
            chess3d_engine::with_engine_game(
                &game,
                crate::analyze::Analyze {
                    position,
                    depth,
                    movetime,
                    threads: threads as usize,
                    hash: hash as usize,
                },
            )?
        }
        Command::Match(args) => crate::matches::run(args),
        Command::Tune(args) => crate::tune::run(args),
        Command::Train(args) => crate::train::run(args),
        Command::Play(args) => crate::play::run(args),
        Command::Serve(args) => crate::web::serve(args),
        Command::Loadtest(args) => crate::web::load_test(args),
    }
}

/// Writes lines to stdout; a closed pipe (`| head`) is not an error.
pub(crate) fn emit(lines: impl IntoIterator<Item = String>) -> Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.context("cannot write to standard output"),
    }
}

/// The position the arguments describe: start or `--fen`, then `--moves`.
/// A move after the end of the game (mate, or an automatic draw of
/// RULINGS.md §0) is an error.
pub(crate) fn setup<G: Game>(args: &PositionArgs) -> Result<G> {
    let moves: Vec<&str> = args
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .collect();
    chess3d_play::setup::build_position(&args.options, args.fen.as_deref(), &moves, "--moves, ")
}

struct Perft {
    position: PositionArgs,
    depth: u32,
    divide: bool,
}

impl GameVisitor for Perft {
    type Output = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let mut pos: G = setup(&self.position)?;
        let start = Instant::now();
        let progress = io::stderr().is_terminal() && self.depth >= 5;
        let total = if self.divide || progress {
            // Root moves one at a time, in sorted order, so that lines (and
            // progress on a terminal) appear as each finishes.
            let mut moves = MoveList::new();
            if self.depth > 0 {
                pos.legal_moves(&mut moves);
            }
            let mut roots: Vec<(String, _)> =
                moves.iter().map(|&m| (pos.move_text(m), m)).collect();
            roots.sort();
            let mut total = 0;
            for (i, (text, m)) in roots.iter().enumerate() {
                if progress {
                    eprint!("\rperft: root move {}/{} ", i + 1, roots.len());
                }
                pos.make(*m);
                let n = perft(&mut pos, self.depth - 1);
                pos.unmake();
                total += n;
                if self.divide {
                    emit([format!("{text} {n}")])?;
                }
            }
            if progress {
                eprint!("\r{:40}\r", "");
            }
            if self.depth == 0 {
                1
            } else {
                total
            }
        } else {
            perft(&mut pos, self.depth)
        };
        if io::stderr().is_terminal() {
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "perft {} depth {}: {total} nodes in {secs:.3} s ({:.1} M nodes/s)",
                G::id(),
                self.depth,
                total as f64 / secs.max(1e-9) / 1e6
            );
        }
        emit([total.to_string()])
    }
}

struct Moves(PositionArgs);

impl GameVisitor for Moves {
    type Output = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let mut pos: G = setup(&self.0)?;
        let mut moves = MoveList::new();
        // A finished game (mate, or an automatic draw) has no moves.
        if pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
        }
        let mut texts: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
        texts.sort();
        emit(texts)
    }
}

struct Show(PositionArgs);

impl GameVisitor for Show {
    type Output = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let pos: G = setup(&self.0)?;
        emit([G::name().to_string(), pos.diagram().trim_end().to_string()])
    }
}
