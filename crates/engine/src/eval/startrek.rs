//! Star Trek 3-D Chess: the pieces move as in chess (along the path rule),
//! so they keep chess's values. The goal is the attack boards: each one a
//! side owns is a platform it can move and fight from.

use chess3d_core::Position;
use chess3d_games::startrek::board::SLOTS;
use chess3d_games::startrek::StarTrekRules;

use super::{eval_tables, Defaults, Evaluate};

impl Evaluate for StarTrekRules {
    const DEFAULTS: Defaults = Defaults {
        values: &[('P', 100), ('N', 320), ('B', 330), ('R', 500), ('Q', 900)],
        mobility: 4,
        advancement: 80,
        king_edge: 8,
        king_shelter: 12,
        king_pressure: 15,
        goal: 30,
        mop_up: 10,
        tempo: 10,
    };
    /// Star Trek keeps its own en passant in the game state, which a
    /// passed move would leave standing.
    const NULL_MOVE: bool = false;
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/startrek.toml");
    // A network added to the terms (docs/engine.md, "The networks of the
    // 3-D games"): +363 Elo against the engine before it.
    const NETWORK: &'static [u8] = include_bytes!("../../weights/startrek.net");
    const HAS_GOAL: bool = true;
    eval_tables!(StarTrekRules);

    /// Attack boards owned.
    fn goal_count(pos: &Position<Self>) -> i32 {
        let state = pos.state();
        (0..SLOTS)
            .filter(|&s| state.has_board(s))
            .map(|s| match state.owner(s) {
                chess3d_core::Side::White => 1,
                chess3d_core::Side::Black => -1,
            })
            .sum()
    }
}
