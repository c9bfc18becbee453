//! Elevator: the seed's piece values (Zillions' values scaled to the Pawn,
//! "Piece Values", seed 003).

use chess3d_games::elevator::ElevatorRules;

use super::{eval_tables, Defaults, Evaluate};

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
    // The goal term counts nothing (the trait's default `goal_count`, 0):
    // it was written to count the pieces on the elevators but counted
    // those in the shafts, where none can stand, so it was always 0, and
    // the defaults and the network were chosen and trained so. Its slot
    // stays in the network's inputs until a term that counts wins a
    // match.
    const HAS_GOAL: bool = true;
    eval_tables!(ElevatorRules);
}
