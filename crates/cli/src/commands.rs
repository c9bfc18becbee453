//! The commands, generic over the game.

use std::io::{self, IsTerminal};
use std::time::Instant;

use anyhow::Result;
use chess3d_core::perft::perft;
use chess3d_core::{Game, GameVariant, MoveList};
use chess3d_games::file::catalog;
use chess3d_games::{with_game, GameVisitor, AVAILABLE};

use crate::{bench, BenchCommand, Command, PositionArgs};

pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Variants { verbose } => variants(verbose),
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
            ..
        } => bench::perft(quick, runs),
        Command::Bench {
            command: None,
            games,
            depth,
        } => crate::search_bench::run(&games, depth),
        Command::Uci => chess3d_play::uci::run(),
        Command::Analyze {
            position,
            depth,
            movetime,
            threads,
            hash,
            multipv: _,
            record: Some(record),
            out,
            max_record_kb,
        } => {
            let game = position.game.clone();
            chess3d_engine::with_engine_game(
                &game,
                crate::review::Review {
                    depth,
                    movetime,
                    threads: threads as usize,
                    hash: hash as usize,
                    record,
                    out,
                    max_record_kb,
                },
            )?
        }
        Command::Analyze {
            position,
            depth,
            movetime,
            threads,
            hash,
            multipv,
            ..
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
                    multipv,
                },
            )?
        }
        Command::Match(args) => crate::matches::run(args),
        Command::Tune(args) => crate::tune::run(args),
        Command::Train(args) => crate::train::run(args),
        Command::Label(args) => crate::label::run(args),
        Command::Play(args) => crate::play::run(args),
        Command::Serve(args) => crate::web::serve(args),
        Command::Loadtest(args) => crate::web::load_test(args),
    }
}

/// Writes lines to stdout (through `outln!`: a closed pipe, `| head`,
/// ends the program quietly).
pub(crate) fn emit(lines: impl IntoIterator<Item = String>) {
    for line in lines {
        outln!("{line}");
    }
}

/// The position the arguments describe: start or `--fen`, then `--moves`.
/// A move after the end of the game (mate, or an automatic draw of
/// RULINGS.md §0) is an error.
pub(crate) fn setup<G: Game>(game: G::Variant, args: &PositionArgs) -> Result<G> {
    let moves: Vec<&str> = args
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .collect();
    chess3d_play::setup::build_position(
        game,
        &args.options,
        args.fen.as_deref(),
        &moves,
        "--moves, ",
    )
}

struct Perft {
    position: PositionArgs,
    depth: u32,
    divide: bool,
}

impl GameVisitor for Perft {
    type Output = Result<()>;
    fn visit<G: Game>(self, game: G::Variant) -> Result<()> {
        let mut pos: G = setup(game, &self.position)?;
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
                    err!("\rperft: root move {}/{} ", i + 1, roots.len());
                }
                pos.make(*m);
                let n = perft(&mut pos, self.depth - 1);
                pos.unmake();
                total += n;
                if self.divide {
                    emit([format!("{text} {n}")]);
                }
            }
            if progress {
                err!("\r{:40}\r", "");
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
            errln!(
                "perft {} depth {}: {total} nodes in {secs:.3} s ({:.1} M nodes/s)",
                game.id(),
                self.depth,
                total as f64 / secs.max(1e-9) / 1e6
            );
        }
        emit([total.to_string()]);
        Ok(())
    }
}

struct Moves(PositionArgs);

impl GameVisitor for Moves {
    type Output = Result<()>;
    fn visit<G: Game>(self, game: G::Variant) -> Result<()> {
        let mut pos: G = setup(game, &self.0)?;
        let mut moves = MoveList::new();
        // A finished game (mate, or an automatic draw) has no moves.
        if pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
        }
        let mut texts: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
        texts.sort();
        emit(texts);
        Ok(())
    }
}

struct Show(PositionArgs);

impl GameVisitor for Show {
    type Output = Result<()>;
    fn visit<G: Game>(self, game: G::Variant) -> Result<()> {
        let pos: G = setup(game, &self.0)?;
        emit([
            game.name().to_string(),
            pos.diagram().trim_end().to_string(),
        ]);
        Ok(())
    }
}

/// `chess3d variants`: every game's id, the games folder's after the
/// built-in ones; the folder's files that cannot be played on stderr.
fn variants(verbose: bool) -> Result<()> {
    let folder = catalog::folder();
    for problem in &folder.problems {
        errln!("warning: {problem}");
    }
    if !verbose {
        let ids = AVAILABLE
            .iter()
            .copied()
            .chain(folder.games.iter().map(|f| f.game.def().id));
        emit(ids.map(str::to_string));
        return Ok(());
    }
    // id, name, where from
    let mut rows: Vec<[String; 3]> = Vec::new();
    for &id in AVAILABLE {
        let name = with_game(id, Name).map_err(|e| anyhow::anyhow!("{e}"))?;
        let from = match catalog::embedded().iter().find(|f| f.game.def().id == id) {
            Some(f) => format!("built in, from {}", f.path.display()),
            None => "built in".to_string(),
        };
        rows.push([id.to_string(), name.to_string(), from]);
    }
    for f in &folder.games {
        let def = f.game.def();
        rows.push([
            def.id.to_string(),
            def.name.to_string(),
            f.path.display().to_string(),
        ]);
    }
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (id_width, name_width) = (width(0), width(1));
    let mut lines: Vec<String> = rows
        .iter()
        .map(|[id, name, from]| format!("{id:<id_width$}  {name:<name_width$}  {from}"))
        .collect();
    lines.push(match &folder.unreadable {
        Some(why) => format!("games folder: none read ({why})"),
        None => format!(
            "games folder: {} ({} games, {} files left out)",
            folder.dir.display(),
            folder.games.len(),
            folder.problems.len()
        ),
    });
    emit(lines);
    Ok(())
}

/// A game's full name.
struct Name;

impl GameVisitor for Name {
    type Output = &'static str;
    fn visit<G: Game>(self, game: G::Variant) -> &'static str {
        game.name()
    }
}
