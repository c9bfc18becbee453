//! `chess3d analyze`: search one position, showing progress and the best
//! line.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Result;
use chess3d_core::{Position, Variant};
use chess3d_engine::{info_line, line_text, Config, Engine, EngineVisitor, Evaluate, Limits};

use crate::commands::setup;
use crate::PositionArgs;

pub struct Analyze {
    pub position: PositionArgs,
    pub depth: Option<u32>,
    pub movetime: Option<u64>,
    pub threads: usize,
    pub hash: usize,
    /// Lines searched and printed.
    pub multipv: u32,
}

impl EngineVisitor for Analyze {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let pos: Position<R> = setup(game, &self.position)?;
        if let Some(end) = pos.clone().outcome() {
            outln!("the game is over: {}", end.describe(game.side_names()));
            return Ok(());
        }
        let limits = match (self.depth, self.movetime) {
            (Some(d), _) => Limits::depth(d),
            (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
            (None, None) => Limits::movetime(Duration::from_secs(5)),
        };
        let limits = Limits {
            multipv: self.multipv,
            ..limits
        };
        let mut engine = Engine::<R>::new(Config {
            threads: self.threads,
            hash_mb: self.hash,
            ..Config::default()
        });
        let report = engine.search(&pos, &limits, &AtomicBool::new(false), |info| {
            outln!("{}", info_line(&pos, info));
        });
        if let Some(best) = report.best {
            outln!(
                "best {} score {} depth {} nodes {} time {} line {}",
                pos.move_text(best),
                report.score,
                report.depth,
                report.nodes,
                report.time.as_millis(),
                line_text(&pos, &report.pv).join(" ")
            );
            // The other lines of a MultiPV search, second best on.
            for (k, (score, pv)) in report.lines.iter().enumerate().skip(1) {
                outln!(
                    "line {} score {score} {}",
                    k + 1,
                    line_text(&pos, pv).join(" ")
                );
            }
        }
        Ok(())
    }
}
