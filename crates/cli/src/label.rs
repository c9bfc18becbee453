//! `chess3d label`: the teacher's scores of self-play positions (issue 59,
//! `chess3d_engine::teacher`): each position of a `chess3d tune
//! --positions` file searched to a fixed depth, written as the `RESULT CP
//! POSITION` lines `chess3d train --data` reads. For the games Stockfish
//! does not play (`scripts/label-stockfish` labels chess).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::Variant;
use chess3d_engine::{teacher, tune, with_engine_game, EngineVisitor, Evaluate};
use clap::Args;

#[derive(Args, Debug)]
pub struct LabelArgs {
    /// Game id (see `chess3d variants`).
    pub game: String,
    /// The positions: a `chess3d tune --positions` file (`RESULT POSITION`
    /// lines).
    #[arg(long, value_name = "FILE")]
    pub positions: PathBuf,
    /// Where the scored positions go (`RESULT CP POSITION` lines).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The teacher's depth: deeper than the games were played.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Threads, each searching positions of its own.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
}

pub fn run(args: LabelArgs) -> Result<()> {
    let game = args.game.clone();
    with_engine_game(&game, Label(args))?
}

struct Label(LabelArgs);

impl EngineVisitor for Label {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let args = self.0;
        let text = std::fs::read_to_string(&args.positions)
            .with_context(|| format!("cannot read {}", args.positions.display()))?;
        let positions =
            tune::from_lines(&text).map_err(|e| anyhow!("{}: {e}", args.positions.display()))?;
        if positions.is_empty() {
            bail!("{}: no positions", args.positions.display());
        }
        crate::tune::out_folder_exists(&args.out)?;
        let parsed = teacher::read(game, &positions)
            .map_err(|e| anyhow!("{}: {e}", args.positions.display()))?;
        let total = positions.len();
        errln!(
            "label {}: {total} positions, searched to depth {} on {} threads",
            game.id(),
            args.depth,
            args.threads
        );
        let began = Instant::now();
        let last = std::sync::Mutex::new(Instant::now());
        let taught = teacher::teach(
            &positions,
            &parsed,
            args.depth,
            args.threads as usize,
            &AtomicBool::new(false),
            |done| {
                let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                if last.elapsed().as_secs() >= 10 || done == total {
                    *last = Instant::now();
                    let secs = began.elapsed().as_secs_f64();
                    let left = secs / done as f64 * (total - done) as f64;
                    errln!("  {done}/{total} positions, {secs:.0} s, about {left:.0} s left");
                }
            },
        );
        std::fs::write(&args.out, teacher::to_lines(&taught))
            .with_context(|| format!("cannot write {}", args.out.display()))?;
        let secs = began.elapsed().as_secs_f64();
        errln!(
            "{} positions scored in {secs:.0} s ({:.0} an hour), written to {}",
            taught.len(),
            taught.len() as f64 / secs.max(1e-9) * 3600.0,
            args.out.display()
        );
        Ok(())
    }
}
