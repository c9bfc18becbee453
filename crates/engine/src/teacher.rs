//! The teacher (issue 59): a deeper search's score of each self-play
//! position, the label a game's network learns besides the game's result.
//! Chess has Stockfish for this (`scripts/label-stockfish`); the 3-D games
//! have no engine but this one, searched deeper than the games were
//! played. The lines it writes are those `chess3d train` reads:
//! `RESULT CP POSITION`, the result and the centipawns for White.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use chess3d_core::{Position, Side, Variant};

use crate::eval::{EvalTables, Evaluate};
use crate::tune::Labelled;
use crate::{Config, Engine, Limits, Score};

/// A mate's score in the labels, as `scripts/label-stockfish` writes one.
pub const MATE_CP: i32 = 3000;

/// A position, its game's result for White, and the teacher's centipawns
/// for White.
#[derive(Clone, Debug, PartialEq)]
pub struct Taught {
    pub result: f32,
    pub cp: i32,
    pub text: String,
    /// The search met the node limit before the depth asked: the score
    /// is that of the last depth it completed.
    pub capped: bool,
}

/// The positions of `variant` that `positions` hold: a text that does not
/// read as one is an error.
pub fn read<R: Evaluate>(
    variant: Variant<R>,
    positions: &[Labelled],
) -> Result<Vec<Position<R>>, String> {
    positions
        .iter()
        .map(|p| {
            variant
                .position(&p.text)
                .map_err(|e| format!("position '{}': {e}", p.text))
        })
        .collect()
}

/// How the teacher searches.
#[derive(Clone, Copy, Debug)]
pub struct Teaching<B: 'static> {
    /// The depth of each search.
    pub depth: u32,
    /// A search that reaches these nodes first stops there with the score
    /// of the last depth it completed (a few positions of the 3-D games
    /// take minutes at a depth the rest take milliseconds at).
    pub max_nodes: Option<u64>,
    /// Threads, each with an engine of its own.
    pub threads: usize,
    /// The evaluation to search with instead of the game's own: a network
    /// of the generation before, to teach the next one.
    pub eval: Option<&'static EvalTables<B>>,
}

/// Scores `positions` ([`read`] into `parsed`) by searches as `how`
/// says; `progress(done)` after each. Positions without a move
/// (finished) are left out. In the positions' order.
pub fn teach<R: Evaluate>(
    positions: &[Labelled],
    parsed: &[Position<R>],
    how: &Teaching<R::Bits>,
    stop: &AtomicBool,
    progress: impl Fn(usize) + Sync,
) -> Vec<Taught> {
    let Teaching {
        depth,
        max_nodes,
        threads,
        eval,
    } = *how;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<Taught>>> = Mutex::new(vec![None; positions.len()]);
    let limits = Limits {
        depth: Some(depth),
        nodes: max_nodes,
        ..Limits::default()
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let (next, done, out, progress, parsed, limits) =
                (&next, &done, &out, &progress, &parsed, &limits);
            scope.spawn(move || {
                let config = Config {
                    threads: 1,
                    hash_mb: 16,
                    ..Config::default()
                };
                let mut engine = match eval {
                    Some(eval) => Engine::<R>::with_eval(config, eval),
                    None => Engine::<R>::new(config),
                };
                loop {
                    let i = next.fetch_add(1, Relaxed);
                    if i >= parsed.len() || stop.load(Relaxed) {
                        break;
                    }
                    let pos = &parsed[i];
                    let report = engine.search(pos, limits, &AtomicBool::new(false), |_| {});
                    // Stopped by the node limit before depth 1: no score.
                    let searched = report.best.filter(|_| report.depth > 0);
                    let taught = searched.map(|_| {
                        let mover = match report.score {
                            Score::Cp(cp) => cp.clamp(-MATE_CP, MATE_CP),
                            Score::Mate(m) if m > 0 => MATE_CP,
                            Score::Mate(_) => -MATE_CP,
                        };
                        let white = if pos.side_to_move() == Side::White {
                            mover
                        } else {
                            -mover
                        };
                        Taught {
                            result: positions[i].result,
                            cp: white,
                            text: positions[i].text.clone(),
                            capped: max_nodes.is_some_and(|n| report.nodes >= n),
                        }
                    });
                    out.lock().unwrap_or_else(|e| e.into_inner())[i] = taught;
                    progress(done.fetch_add(1, Relaxed) + 1);
                }
            });
        }
    });
    out.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// The lines `chess3d train --data` reads.
pub fn to_lines(taught: &[Taught]) -> String {
    taught
        .iter()
        .map(|t| format!("{} {} {}\n", t.result, t.cp, t.text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess3d_games::chess::ChessRules;

    fn chess() -> Variant<ChessRules> {
        chess3d_core::Position::<ChessRules>::variant_of_type()
    }

    fn labelled(fen: &str) -> Labelled {
        Labelled {
            text: fen.to_string(),
            result: 0.5,
        }
    }

    #[test]
    fn the_teacher_scores_for_white_whoever_is_to_move() {
        // White has a Queen more (the start without Black's Queen): good
        // for White with either side to move, by several pawns.
        let positions = [
            labelled("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            labelled("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            // Black mates at once (the fool's mate, 2... Qh4#): White is lost.
            labelled("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"),
            // Mated already: no move, left out.
            labelled("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
        ];
        let parsed = read(chess(), &positions).unwrap();
        let how = Teaching {
            depth: 3,
            max_nodes: None,
            threads: 2,
            eval: None,
        };
        let taught = teach(&positions, &parsed, &how, &AtomicBool::new(false), |_| {});
        assert_eq!(taught.len(), 3, "{taught:?}");
        assert!(taught.iter().all(|t| !t.capped), "{taught:?}");
        assert!(taught[0].cp > 500 && taught[1].cp > 500, "{taught:?}");
        assert_eq!(taught[2].cp, -MATE_CP);
        assert_eq!(
            to_lines(&taught[2..]),
            format!("0.5 -3000 {}\n", positions[2].text)
        );
        assert!(read(chess(), &[labelled("not a position")]).is_err());
    }

    /// A node limit stops a search short of the depth asked: from the
    /// start position depth 1 takes some tens of nodes (20 moves and their
    /// quiescence), depth 6 far more than 2,000 (20 × 20 replies already
    /// at depth 2), and the label is still written, from a depth
    /// completed, and says it was cut.
    #[test]
    fn the_node_limit_stops_a_search_short_of_its_depth() {
        let positions = [labelled(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )];
        let parsed = read(chess(), &positions).unwrap();
        let how = Teaching {
            depth: 6,
            max_nodes: Some(2000),
            threads: 1,
            eval: None,
        };
        let taught = teach(&positions, &parsed, &how, &AtomicBool::new(false), |_| {});
        assert_eq!(taught.len(), 1);
        assert!(taught[0].capped, "{taught:?}");
        assert!(taught[0].cp.abs() < 200, "{taught:?}");
    }
}
