//! `chess3d tune`: fits a game's evaluation weights to the results of
//! self-play games (Texel's method, see `chess3d_engine::tune` and
//! docs/engine.md), and writes them as a weights file.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::Variant;
use chess3d_engine::eval::features::Term;
use chess3d_engine::eval::tables_from_file;
use chess3d_engine::tune::{self, SelfPlay};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use clap::Args;

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Game id (see `chess3d variants`).
    pub game: String,
    /// Self-play games to make positions from.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub games: u32,
    /// Nodes the engine searches per move in those games.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(100..))]
    pub nodes: u64,
    /// Random plies from the start before each game (varied openings).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// Plies after which a game is scored a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Passes of the fit over the positions.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub epochs: u64,
    /// How strongly each weight is held to its start: the error a weight
    /// may cost per squared centipawn it moves (times k², so that games
    /// whose evaluations mean more or less per centipawn are alike).
    #[arg(long, default_value_t = 1e-7)]
    pub regularise: f64,
    /// Threads playing the games.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The labelled positions: read from this file when it exists (no
    /// games are played), else made and written to it.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Weights the fit starts from and is held to (--regularise)
    /// [default: the game's hand-set defaults]. The games are played with
    /// the engine's own weights.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Terms kept at their starting weights, not fitted (comma-separated
    /// names as in weights files, e.g. `square` to leave the per-cell
    /// tables out of a fit on few positions).
    #[arg(long, value_name = "TERMS", value_delimiter = ',')]
    pub hold: Vec<String>,
    /// Where the fitted weights go [default: weights-GAME.toml]; the
    /// engine's own are crates/engine/weights/GAME.toml.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: TuneArgs) -> Result<()> {
    let game = args.game.clone();
    with_engine_game(&game, Tune(args))?
}

struct Tune(TuneArgs);

impl EngineVisitor for Tune {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let args = self.0;
        let id = game.id();
        let eval = R::eval_tables(game);
        // An empty file is the hand-set defaults.
        let start_text = match &args.from {
            None => String::new(),
            Some(path) => std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?,
        };
        let start = tables_from_file(game, &start_text).map_err(|e| match &args.from {
            Some(path) => anyhow!("{}: {e}", path.display()),
            None => anyhow!(e),
        })?;
        // Checked before any game is played.
        let mut held_terms = Vec::new();
        for name in &args.hold {
            let term = Term::from_name(name.trim())
                .ok_or_else(|| anyhow!("--hold {name}: no such term (terms: {})", Term::names()))?;
            held_terms.push(term);
        }
        let held: Vec<bool> = eval
            .features
            .iter()
            .map(|f| held_terms.contains(&f.term))
            .collect();
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("weights-{id}.toml")));
        out_folder_exists(&out)?;
        let began = Instant::now();
        let existing = args.positions.as_ref().filter(|p| p.exists());
        let source = match existing {
            Some(path) => format!("the positions of {}", path.display()),
            None => format!(
                "{} self-play games at {} nodes a move, seed {}",
                args.games, args.nodes, args.seed
            ),
        };
        let positions = match existing {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let positions =
                    tune::from_lines(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
                errln!("{} positions read from {}", positions.len(), path.display());
                positions
            }
            None => {
                let cfg = SelfPlay {
                    games: args.games,
                    nodes: args.nodes,
                    random_plies: args.random_plies,
                    max_plies: args.max_plies,
                    seed: args.seed,
                    threads: args.threads as usize,
                };
                errln!(
                    "tune {id}: {} self-play games at {} nodes a move, {} random plies first",
                    cfg.games,
                    cfg.nodes,
                    cfg.random_plies
                );
                let last = std::sync::Mutex::new(Instant::now());
                let positions = tune::self_play(
                    game,
                    &cfg,
                    eval,
                    &AtomicBool::new(false),
                    |done, n| {
                        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                        if last.elapsed().as_secs() >= 10 || done == cfg.games {
                            *last = Instant::now();
                            let secs = began.elapsed().as_secs_f64();
                            let left = secs / done as f64 * (cfg.games - done) as f64;
                            errln!(
                                "  {done}/{} games, {n} positions, {secs:.0} s, about {left:.0} s left",
                                cfg.games
                            );
                        }
                    },
                );
                if let Some(path) = &args.positions {
                    std::fs::write(path, tune::to_lines(&positions))
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    errln!("positions written to {}", path.display());
                }
                positions
            }
        };
        if positions.len() < 100 {
            bail!(
                "{} positions are too few to fit {} weights: play more games",
                positions.len(),
                eval.weights.len()
            );
        }
        let samples = tune::samples(game, &positions, eval).map_err(|e| anyhow!(e))?;
        errln!(
            "fitting {} weights to {} positions ({} epochs)",
            2 * eval.weights.len(),
            samples.len(),
            args.epochs
        );
        if !(args.regularise >= 0.0 && args.regularise.is_finite()) {
            bail!("--regularise {}: must be 0 or more", args.regularise);
        }
        let fit = tune::fit(
            &samples,
            &start.weights,
            &held,
            args.epochs as usize,
            args.regularise,
            |epoch, e| {
                errln!("  epoch {epoch}: error {e:.6}");
            },
        );
        // Rarely seen piece-square cells are many: counted, not named.
        let rare_squares = fit
            .kept
            .iter()
            .filter(|&&f| eval.features[f].term == Term::Square)
            .count();
        let mut kept: Vec<String> = fit
            .kept
            .iter()
            .filter(|&&f| eval.features[f].term != Term::Square)
            .map(|&f| eval.feature_name(f))
            .collect();
        if rare_squares > 0 {
            kept.push(format!("{rare_squares} piece-square cells"));
        }
        let header = format!(
            "{name}: evaluation weights in centipawns, [middle game, end game].\n\
             Fitted by `chess3d tune {id}` to {source}:\n\
             {n} positions, from {from}, held to it by {l:e}; logistic scale k = {k:.3};\n\
             mean squared error {b0:.5} -> {a0:.5},\n\
             on the tenth held out {b1:.5} -> {a1:.5}.{kept}",
            name = game.name(),
            n = samples.len(),
            from = match &args.from {
                Some(path) => path.display().to_string(),
                None => "the hand-set defaults".to_string(),
            },
            l = args.regularise,
            k = fit.k,
            b0 = fit.before[0],
            a0 = fit.after[0],
            b1 = fit.before[1],
            a1 = fit.after[1],
            kept = if kept.is_empty() {
                String::new()
            } else {
                format!("\nSeen too rarely to fit (kept): {}.", kept.join(", "))
            }
        );
        let header = if held_terms.is_empty() {
            header
        } else {
            let names: Vec<&str> = held_terms.iter().map(|t| t.name()).collect();
            format!("{header}\nNot fitted (--hold): {}.", names.join(", "))
        };
        let text = chess3d_engine::eval::weights_file(eval, &fit.weights, &header);
        std::fs::write(&out, &text).with_context(|| format!("cannot write {}", out.display()))?;
        outln!(
            "{id}: {} positions, k {:.3}, error {:.5} -> {:.5} (held out {:.5} -> {:.5}), {:.0} s",
            samples.len(),
            fit.k,
            fit.before[0],
            fit.after[0],
            fit.before[1],
            fit.after[1],
            began.elapsed().as_secs_f64()
        );
        outln!("weights written to {}", out.display());
        Ok(())
    }
}

/// An error when `out`'s folder does not exist: said before the long work
/// whose result goes there, not after it.
pub(crate) fn out_folder_exists(out: &std::path::Path) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            bail!(
                "cannot write {}: no folder {}",
                out.display(),
                dir.display()
            );
        }
    }
    Ok(())
}
