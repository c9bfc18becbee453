//! `chess3d bench`: the search on fixed positions of every game to a fixed
//! depth, one thread, a fresh table each: the total node count is a
//! signature of the search (it changes when the search does), and the
//! nodes/second per game is its speed.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use chess3d_core::{MoveList, Position, Variant};
use chess3d_engine::{with_engine_game, Config, Engine, EngineVisitor, Evaluate, Limits};
use chess3d_games::AVAILABLE;

/// Depth per game: a few tenths of a second each on one core, so that
/// the time measures the search's speed more than the tree's shape at one
/// depth (Star Trek at depth 8, about 50 ms, was 1.6 times slower with its
/// network and as fast at depth 12).
const DEPTHS: &[(&str, u32)] = &[
    ("ziggurat", 7),
    ("ziggurat43", 16),
    ("startrek", 11),
    ("elevator", 6),
    ("polyhedron", 6),
    ("chess", 11),
    ("raumschach", 6),
];

/// Plies of a fixed pseudo-random line from the start: each game is
/// measured at the start and after these.
const LINES: [usize; 2] = [8, 16];

/// The positions of a game: the start, and the start after a fixed
/// line (move i of the legal moves, with i from a fixed sequence).
fn positions<R: Evaluate>(game: Variant<R>) -> Vec<Position<R>> {
    let mut out = vec![game.start()];
    for plies in LINES {
        let mut pos = game.start();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // In a fixed order, so that the positions do not change with
            // the order the generator lists moves in.
            moves.sort_by_key(|m| (m.from, m.to, m.kind as u8, m.promotion, m.extra));
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            pos.make(moves[(x % moves.len() as u64) as usize]);
        }
        out.push(pos);
    }
    out
}

struct GameBench(u32);

impl EngineVisitor for GameBench {
    type Output = (u64, Duration);
    fn visit<R: Evaluate>(self, game: Variant<R>) -> (u64, Duration) {
        let mut nodes = 0;
        let mut time = Duration::ZERO;
        // The evaluation's tables are built once per program, at their
        // first use: built here, outside the time, they are not charged to
        // the first position's search (up to about 60 ms a game under
        // `perf`, against 0.2 to 1.4 s of search).
        R::eval_tables(game);
        for pos in positions(game) {
            let mut engine = Engine::<R>::new(Config {
                hash_mb: 16,
                ..Config::default()
            });
            let start = Instant::now();
            let report = engine.search(
                &pos,
                &Limits::depth(self.0),
                &AtomicBool::new(false),
                |_| {},
            );
            time += start.elapsed();
            nodes += report.nodes;
        }
        (nodes, time)
    }
}

/// Measures `games` (every built-in game when empty), each to `depth` or
/// its own depth.
pub fn run(games: &[String], depth: Option<u32>) -> Result<()> {
    if let Some(unknown) = games.iter().find(|g| !AVAILABLE.contains(&g.as_str())) {
        bail!(
            "no built-in game '{unknown}' to measure: the bench's games are {}",
            AVAILABLE.join(", ")
        );
    }
    let mut total = 0;
    outln!("game        depth        nodes    time ms    nodes/s");
    let measured = AVAILABLE
        .iter()
        .filter(|id| games.is_empty() || games.iter().any(|g| g == *id));
    for &id in measured {
        let depth =
            depth.unwrap_or_else(|| DEPTHS.iter().find(|(g, _)| *g == id).map_or(4, |d| d.1));
        let (nodes, time) = with_engine_game(id, GameBench(depth))?;
        total += nodes;
        outln!(
            "{id:<10} {depth:>6} {nodes:>12} {:>10} {:>10.0}",
            time.as_millis(),
            nodes as f64 / time.as_secs_f64().max(1e-9)
        );
    }
    outln!("total nodes {total}");
    Ok(())
}
