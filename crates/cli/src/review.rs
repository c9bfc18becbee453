//! `chess3d analyze <game> --record FILE`: every position of a game
//! searched, its moves judged and written back as annotated PGN
//! (docs/engine.md, "Analysing a game"), progress on stderr.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::record::{self, Record};
use chess3d_core::{Position, Side, Variant};
use chess3d_engine::review::review_game;
use chess3d_engine::{Config, Engine, EngineVisitor, Evaluate, Limits};
use chess3d_play::annotate::{annotated, move_line, summary_lines};

/// How long each position is searched when neither `--depth` nor
/// `--movetime` is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

pub struct Review {
    pub depth: Option<u32>,
    pub movetime: Option<u64>,
    pub threads: usize,
    pub hash: usize,
    pub record: PathBuf,
    pub out: Option<PathBuf>,
    pub max_record_kb: u64,
}

impl EngineVisitor for Review {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let text = chess3d_play::record_file::read_record(&self.record, self.max_record_kb)?;
        let (rec, damage) = Record::parse(&text);
        let replayed = record::replay::<Position<R>>(game, &rec, damage)
            .map_err(|e| anyhow!("{}: {e}", self.record.display()))?;
        if let Some(damage) = &replayed.damage {
            bail!("{}: {damage}", self.record.display());
        }
        let (limits, per_position) = match (self.depth, self.movetime) {
            (Some(d), _) => (Limits::depth(d), format!("depth {d}")),
            (None, ms) => {
                let ms = ms.unwrap_or(DEFAULT_MOVETIME_MS);
                (
                    Limits::movetime(Duration::from_millis(ms)),
                    format!("{ms} ms"),
                )
            }
        };
        let mut engine = Engine::<R>::new(Config {
            threads: self.threads,
            hash_mb: self.hash,
            ..Config::default()
        });
        let moves = &replayed.moves;
        eprintln!(
            "analysing {} position{} of {}, {per_position} each",
            moves.len() + 1,
            if moves.is_empty() { "" } else { "s" },
            self.record.display()
        );
        let first = usize::from(replayed.start.side_to_move() == Side::Black);
        let mut pos = replayed.start.clone();
        let reviews = review_game(
            &mut engine,
            &replayed.start,
            moves,
            &limits,
            &AtomicBool::new(false),
            |i, review| {
                eprintln!(
                    "{}/{} {}",
                    i + 1,
                    moves.len(),
                    move_line(&pos, first + i, review)
                );
                pos.make(review.played);
            },
        );
        let annotator = format!("chess3d analyze, {per_position} a position");
        let out = annotated(&rec, &replayed.start, moves, &reviews, &annotator).to_text();
        for line in summary_lines(game.side_names(), &reviews) {
            eprintln!("{line}");
        }
        match &self.out {
            Some(path) => {
                std::fs::write(path, out)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                eprintln!("written to {}", path.display());
            }
            None => outln!("{}", out.trim_end()),
        }
        Ok(())
    }
}
