//! `chess3d train`: trains a game's evaluation network on labelled
//! positions (`chess3d_engine::eval::network::train`, docs/engine.md) and
//! writes it as a network file.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::Variant;
use chess3d_engine::eval::network::train::{self, read_scored, Samples};
use chess3d_engine::eval::network::{Inputs, MAX_HIDDEN};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use clap::Args;

#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Game id (see `chess3d variants`).
    pub game: String,
    /// Labelled positions: files of `RESULT CP POSITION` lines (the
    /// game's result for White, 1, 0.5 or 0, and a stronger engine's
    /// centipawns for White), as `scripts/label-stockfish` keeps them in
    /// its `.scores` files.
    #[arg(long = "data", value_name = "FILE", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// The share of the game's result in each label (the rest is the
    /// centipawns' expected score).
    #[arg(long, default_value_t = 0.3)]
    pub share: f32,
    /// Train a network that adds to the game's terms (its weights file's
    /// evaluation, scaled to fit the labels) what they miss, rather than
    /// one that evaluates alone.
    #[arg(long)]
    pub add_to_terms: bool,
    /// Each side's hidden layer.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=MAX_HIDDEN as i64))]
    pub hidden: u32,
    /// Passes over the positions.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub epochs: u32,
    /// Positions per step.
    #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u32).range(1..))]
    pub batch: u32,
    /// Adam's step size (a tenth of it from half the epochs, a hundredth
    /// from three quarters).
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Seed of the starting weights and the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads computing the gradient.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Where the network goes [default: GAME.net]; a game plays with its
    /// own network when its `Evaluate::NETWORK` includes one.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: TrainArgs) -> Result<()> {
    let game = args.game.clone();
    with_engine_game(&game, Train(args))?
}

struct Train(TrainArgs);

impl EngineVisitor for Train {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let args = self.0;
        if !(0.0..=1.0).contains(&args.share) {
            bail!("--share {}: must be from 0 to 1", args.share);
        }
        if !(args.rate > 0.0 && args.rate.is_finite()) {
            bail!("--rate {}: must be a positive number", args.rate);
        }
        let id = game.id();
        let layout = Inputs::of(game.tables());
        let mut samples = Samples::default();
        let began = Instant::now();
        let base = args.add_to_terms.then(|| R::eval_tables(game));
        for path in &args.data {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            read_scored(game, &text, args.share, &layout, base, &mut samples)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        }
        errln!(
            "{id}: {} positions read in {:.0} s; {} inputs, hidden layer {}",
            samples.len(),
            began.elapsed().as_secs_f64(),
            layout.len(),
            args.hidden
        );
        let cfg = train::Config {
            hidden: args.hidden as usize,
            epochs: args.epochs,
            batch: args.batch as usize,
            rate: args.rate,
            seed: args.seed,
            threads: args.threads as usize,
        };
        let base = if args.add_to_terms {
            let f = samples.base_factor();
            errln!(
                "  the terms alone, times {f:.2}: error {:.5}",
                train::error_of_terms(&samples, f)
            );
            f
        } else {
            0.0
        };
        let began = Instant::now();
        let (net, _) = train::train(&layout, &samples, &cfg, base, |e| {
            errln!(
                "  epoch {}/{}: error {:.5}, held out {:.5}, {:.0} s",
                e.epoch,
                cfg.epochs,
                e.error,
                e.held_out,
                began.elapsed().as_secs_f64()
            );
        })
        .map_err(|e| anyhow!(e))?;
        let out = args
            .out
            .unwrap_or_else(|| PathBuf::from(format!("{id}.net")));
        std::fs::write(&out, net.to_bytes())
            .with_context(|| format!("cannot write {}", out.display()))?;
        errln!("network written to {}", out.display());
        Ok(())
    }
}
