//! Finds forced wins in 1 to 3 moves for the mate suites
//! (`tests/mates.rs`): the engine plays random movers; the positions 1, 3
//! and 5 plies before each win it scores are proved exhaustively.
//!
//! `cargo run --release -p chess3d-engine --example find_mates -- <game> [games]`

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chess3d_core::{MoveList, Outcome, Variant};
use chess3d_engine::prove::forced_win;
use chess3d_engine::{with_engine_game, Config, Engine, EngineVisitor, Evaluate, Limits};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

struct Find(u64);

impl EngineVisitor for Find {
    type Output = ();
    fn visit<R: Evaluate>(self, game: Variant<R>) {
        let mut engine = Engine::<R>::new(Config::default());
        for seed in 0..self.0 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = game.start();
            let engine_side = if seed % 2 == 0 {
                chess3d_core::Side::White
            } else {
                chess3d_core::Side::Black
            };
            let mut texts = Vec::new();
            while pos.outcome().is_none() && pos.plies_played() < 400 {
                let m = if pos.side_to_move() == engine_side {
                    let limits = Limits::movetime(Duration::from_millis(50));
                    engine
                        .search(&pos, &limits, &AtomicBool::new(false), |_| {})
                        .best
                        .unwrap()
                } else {
                    let mut moves = MoveList::new();
                    pos.legal_moves(&mut moves);
                    moves[rng.random_range(0..moves.len())]
                };
                texts.push(pos.to_text());
                pos.make(m);
            }
            let won =
                matches!(pos.outcome(), Some(Outcome::Win { winner, .. }) if winner == engine_side);
            if !won {
                continue;
            }
            for n in 1..=3u32 {
                let back = (2 * n - 1) as usize;
                if texts.len() < back {
                    break;
                }
                let text = &texts[texts.len() - back];
                let mut p = game.position(text).unwrap();
                if forced_win(&mut p, n) && (n == 1 || !forced_win(&mut p, n - 1)) {
                    println!("({n}, \"{text}\"),");
                }
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(2).map_or(6, |g| g.parse().unwrap());
    with_engine_game(&args[1], Find(games)).unwrap();
}
