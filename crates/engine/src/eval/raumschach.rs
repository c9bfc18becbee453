//! Raumschach: every value derived from mobility on the empty 5×5×5 cube
//! (docs/engine.md), as Polyhedron's, its nearest neighbour among the
//! games: a cube of levels, 26 directions, pawns that climb.

use chess3d_games::raumschach::RaumschachRules;

use super::{eval_tables, Defaults, Evaluate};

impl Evaluate for RaumschachRules {
    const DEFAULTS: Defaults = Defaults {
        values: &[],
        mobility: 3,
        advancement: 60,
        king_edge: 6,
        king_shelter: 10,
        king_pressure: 15,
        goal: 0,
        mop_up: 10,
        tempo: 10,
    };
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/raumschach.toml");
    eval_tables!(RaumschachRules);
}
