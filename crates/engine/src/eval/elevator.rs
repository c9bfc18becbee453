//! Elevator: the seed's piece values (Zillions' values scaled to the Pawn,
//! "Piece Values", seed 003). The goal is control of the elevators: a
//! piece standing on an elevator can ride it to another level.

use std::sync::OnceLock;

use chess3d_core::{BitSet, Position, Side};
use chess3d_games::elevator::{elevator_cells, ElevatorRules, Set, POLES};

use super::{eval_tables, Defaults, Evaluate};

/// Per pole and level (1–4): the cells of its elevator there.
fn platforms() -> &'static [[Set; 4]; POLES] {
    static P: OnceLock<[[Set; 4]; POLES]> = OnceLock::new();
    P.get_or_init(|| {
        std::array::from_fn(|pole| {
            std::array::from_fn(|l| {
                let mut s = Set::EMPTY;
                for c in elevator_cells(pole, l as i32 + 1) {
                    s.insert(c);
                }
                s
            })
        })
    })
}

impl Evaluate for ElevatorRules {
    const DEFAULTS: Defaults = Defaults {
        values: &[
            ('P', 100),
            ('I', 270),
            ('C', 280),
            ('N', 310),
            ('O', 320),
            ('B', 350),
            ('R', 410),
            ('Q', 710),
        ],
        mobility: 3,
        advancement: 80,
        king_edge: 6,
        king_shelter: 10,
        king_pressure: 15,
        goal: 12,
        mop_up: 10,
        tempo: 10,
    };
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/elevator.toml");
    // A network added to the terms, trained with shared inputs
    // (docs/engine.md, "The networks of the 3-D games"): +115 Elo against
    // the engine before it.
    const NETWORK: &'static [u8] = include_bytes!("../../weights/elevator.net");
    const HAS_GOAL: bool = true;
    eval_tables!(ElevatorRules);

    /// Pieces on the elevators.
    fn goal_count(pos: &Position<Self>) -> i32 {
        let state = pos.state();
        let on = platforms()
            .iter()
            .enumerate()
            .fold(Set::EMPTY, |s, (pole, p)| {
                s | p[state.shaft(pole) as usize - 1]
            });
        let count = |side| (on & pos.side_cells(side)).count() as i32;
        count(Side::White) - count(Side::Black)
    }
}
