//! `chess3d train`: trains a game's evaluation network on labelled
//! positions (`chess3d_engine::eval::network::train`, docs/engine.md) and
//! writes it as a network file.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::Variant;
use chess3d_engine::eval::network::factors::Factors;
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
    /// Labelled positions of other games than `--data`'s, not trained
    /// on: their error is shown after each epoch, and the network of the
    /// epoch with the least is the one written (the held-out positions,
    /// one in twenty of `--data`, are neighbours of trained ones in the
    /// same games, so their error flatters).
    #[arg(long = "validate", value_name = "FILE", num_args = 1..)]
    pub validate: Vec<PathBuf>,
    /// The share of the game's result in each label (the rest is the
    /// centipawns' expected score).
    #[arg(long, default_value_t = 0.3)]
    pub share: f32,
    /// Train a network that adds to the game's terms (its weights file's
    /// evaluation, scaled to fit the labels) what they miss, rather than
    /// one that evaluates alone.
    #[arg(long)]
    pub add_to_terms: bool,
    /// Train with shared inputs beside each (piece, cell) input: the
    /// piece's kind anywhere, and on its cell's level, rank and file;
    /// folded into the cells' weights at the end, so the network is the
    /// same shape (what a network learns from few games then holds
    /// across cells rather than for single cells).
    #[arg(long)]
    pub factorise: bool,
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
    /// Weight decay of the first layer: each step every weight shrinks by
    /// `rate · decay` of itself.
    #[arg(long, default_value_t = 0.0)]
    pub decay: f32,
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
        if !(args.decay >= 0.0 && args.rate * args.decay < 1.0) {
            bail!(
                "--decay {}: must be 0 or more, and less than 1 / --rate",
                args.decay
            );
        }
        let id = game.id();
        let layout = Inputs::of(game.tables());
        let factors = args
            .factorise
            .then(|| Arc::new(Factors::of(game.tables(), &layout)));
        let fresh = || {
            factors
                .clone()
                .map_or_else(Samples::default, Samples::factorised)
        };
        let mut samples = fresh();
        let began = Instant::now();
        let base = args.add_to_terms.then(|| R::eval_tables(game));
        let read = |paths: &[PathBuf], samples: &mut Samples| -> Result<()> {
            for path in paths {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                read_scored(game, &text, args.share, &layout, base, samples)
                    .map_err(|e| anyhow!("{}: {e}", path.display()))?;
            }
            Ok(())
        };
        read(&args.data, &mut samples)?;
        let mut validation = fresh();
        read(&args.validate, &mut validation)?;
        let validation = (!args.validate.is_empty()).then_some(&validation);
        if validation.is_some_and(|v| v.is_empty()) {
            bail!("--validate: the files hold no positions");
        }
        errln!(
            "{id}: {} positions{} read in {:.0} s; {} inputs{}, hidden layer {}",
            samples.len(),
            validation.map_or(String::new(), |v| format!(" and {} to validate", v.len())),
            began.elapsed().as_secs_f64(),
            layout.len(),
            factors.as_ref().map_or(String::new(), |f| format!(
                " and {} shared ones in training",
                f.len() - f.game_inputs()
            )),
            args.hidden
        );
        let cfg = train::Config {
            hidden: args.hidden as usize,
            epochs: args.epochs,
            batch: args.batch as usize,
            rate: args.rate,
            seed: args.seed,
            threads: args.threads as usize,
            decay: args.decay,
        };
        let base = if args.add_to_terms {
            let f = samples.base_factor();
            errln!(
                "  the terms alone, times {f:.2}: error {:.5}{}",
                train::error_of_terms(&samples, f),
                validation.map_or(String::new(), |v| format!(
                    ", on the validation positions {:.5}",
                    train::error_of_terms(v, f)
                ))
            );
            f
        } else {
            0.0
        };
        let began = Instant::now();
        let (net, _, kept) = train::train(&layout, &samples, validation, &cfg, base, |e| {
            errln!(
                "  epoch {}/{}: error {:.5}, held out {:.5}{}, {:.0} s",
                e.epoch,
                cfg.epochs,
                e.error,
                e.held_out,
                e.validation
                    .map_or(String::new(), |v| format!(", validation {v:.5}")),
                began.elapsed().as_secs_f64()
            );
        })
        .map_err(|e| anyhow!(e))?;
        if let Some(v) = kept.validation {
            errln!(
                "  kept epoch {}, the least validation error ({v:.5})",
                kept.epoch
            );
        }
        let out = args
            .out
            .unwrap_or_else(|| PathBuf::from(format!("{id}.net")));
        std::fs::write(&out, net.to_bytes())
            .with_context(|| format!("cannot write {}", out.display()))?;
        errln!("network written to {}", out.display());
        Ok(())
    }
}
