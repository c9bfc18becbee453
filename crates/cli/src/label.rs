//! `chess3d label`: the teacher's scores of self-play positions (issue 59,
//! `chess3d_engine::teacher`): each position of a `chess3d tune
//! --positions` file searched to a fixed depth, written as the `RESULT CP
//! POSITION` lines `chess3d train --data` reads. For the games Stockfish
//! does not play (`scripts/label-stockfish` labels chess).

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::Variant;
use chess3d_engine::{teacher, tune, with_engine_game, EngineVisitor, Evaluate};
use chess3d_play::setup::load_weights;
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
    /// Nodes after which a position's search stops, its score then that
    /// of the last depth it completed (the summary counts them): a few
    /// positions take minutes at a depth most take milliseconds at.
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: u64,
    /// Threads, each searching positions of its own.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Go on with a run that was stopped: the scores already in `--out`
    /// are kept and the positions after them are searched (the output is
    /// written every few thousand positions, with a note of how far it
    /// got in `OUT.done`).
    #[arg(long)]
    pub resume: bool,
    /// The teacher evaluates with this network (`.net`) or weights file
    /// (`.toml`) instead of the game's own: a network of one generation
    /// teaching the next.
    #[arg(long, value_name = "FILE")]
    pub weights: Option<String>,
}

/// Positions scored between two writes of the output: a stopped run loses
/// at most these.
const BATCH: usize = 2000;

/// Where a run notes how far it got: `POSITIONS BYTES`, the positions
/// scored and the output's length after their lines.
fn done_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".done");
    PathBuf::from(name)
}

/// Where a stopped run of `out` got to, `(positions, bytes)`.
fn read_done(out: &Path, total: usize) -> Result<(usize, u64)> {
    let path = done_path(out);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "nothing to resume: {} is missing (a finished run removes it)",
            path.display()
        )
    })?;
    let mut fields = text.split_whitespace().map(str::parse::<u64>);
    match (fields.next(), fields.next(), fields.next()) {
        (Some(Ok(positions)), Some(Ok(bytes)), None) if positions as usize <= total => {
            Ok((positions as usize, bytes))
        }
        _ => bail!(
            "{}: expected the positions scored (at most the {total} of the file) and the output's length, got '{}'",
            path.display(),
            text.trim()
        ),
    }
}

/// Notes that `positions` are scored and the output is `bytes` long
/// (written aside and renamed, so that the note is never cut).
fn write_done(out: &Path, positions: usize, bytes: u64) -> Result<()> {
    let path = done_path(out);
    let mut aside = path.clone().into_os_string();
    aside.push(".new");
    std::fs::write(&aside, format!("{positions} {bytes}\n"))
        .and_then(|()| std::fs::rename(&aside, &path))
        .with_context(|| format!("cannot write {}", path.display()))
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
        let eval = match &args.weights {
            Some(path) => Some(load_weights(game, path)?),
            None => None,
        };
        let how = teacher::Teaching {
            depth: args.depth,
            max_nodes: Some(args.max_nodes),
            threads: args.threads as usize,
            eval,
        };
        let parsed = teacher::read(game, &positions)
            .map_err(|e| anyhow!("{}: {e}", args.positions.display()))?;
        let total = positions.len();
        let cannot_write = || format!("cannot write {}", args.out.display());
        let (first, mut file) = if args.resume {
            let (first, bytes) = read_done(&args.out, total)?;
            let file = OpenOptions::new()
                .write(true)
                .open(&args.out)
                .with_context(|| format!("cannot open {} to resume", args.out.display()))?;
            let length = file.metadata().with_context(cannot_write)?.len();
            if bytes > length {
                bail!(
                    "{} is {length} bytes long, shorter than the {bytes} its note says were written: not the output of that run",
                    args.out.display()
                );
            }
            // Lines written after the note (a run stopped mid-write) go.
            file.set_len(bytes).with_context(cannot_write)?;
            (first, file)
        } else {
            let file = File::create(&args.out).with_context(cannot_write)?;
            write_done(&args.out, 0, 0)?;
            (0, file)
        };
        errln!(
            "label {}: {total} positions, searched to depth {} on {} thread{}{}",
            game.id(),
            args.depth,
            args.threads,
            if args.threads == 1 { "" } else { "s" },
            match &args.weights {
                Some(path) => format!(", evaluating with {path}"),
                None => String::new(),
            }
        );
        if args.resume {
            errln!("  resuming after {first} positions");
        }
        file.seek(SeekFrom::End(0)).with_context(cannot_write)?;
        let began = Instant::now();
        let last = std::sync::Mutex::new(Instant::now());
        let (mut scored, mut capped) = (0, 0);
        for start in (first..total).step_by(BATCH) {
            let end = (start + BATCH).min(total);
            let taught = teacher::teach(
                &positions[start..end],
                &parsed[start..end],
                &how,
                &AtomicBool::new(false),
                |in_batch| {
                    let done = start + in_batch;
                    let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                    if last.elapsed().as_secs() >= 10 || done == total {
                        *last = Instant::now();
                        let secs = began.elapsed().as_secs_f64();
                        let left = secs / (done - first) as f64 * (total - done) as f64;
                        errln!("  {done}/{total} positions, {secs:.0} s, about {left:.0} s left");
                    }
                },
            );
            file.write_all(teacher::to_lines(&taught).as_bytes())
                .and_then(|()| file.sync_data())
                .with_context(cannot_write)?;
            let bytes = file.stream_position().with_context(cannot_write)?;
            write_done(&args.out, end, bytes)?;
            scored += taught.len();
            capped += taught.iter().filter(|t| t.capped).count();
        }
        // Finished: nothing left to resume.
        std::fs::remove_file(done_path(&args.out))
            .with_context(|| format!("cannot remove {}", done_path(&args.out).display()))?;
        let secs = began.elapsed().as_secs_f64();
        errln!(
            "{scored} positions scored in {secs:.0} s ({:.0} an hour), written to {}",
            scored as f64 / secs.max(1e-9) * 3600.0,
            args.out.display()
        );
        if capped > 0 {
            errln!(
                "  {capped} of them met --max-nodes {} before depth {}: scored at the depth they completed",
                args.max_nodes,
                args.depth
            );
        }
        Ok(())
    }
}
