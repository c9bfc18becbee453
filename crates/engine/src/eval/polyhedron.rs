//! Polyhedron Chess: every value derived from mobility on the empty
//! five-level board (docs/engine.md).

use chess3d_games::polyhedron::PolyhedronRules;

use super::{eval_tables, Defaults, Evaluate};

impl Evaluate for PolyhedronRules {
    const DEFAULTS: Defaults = Defaults {
        values: &[],
        mobility: 3,
        advancement: 80,
        king_edge: 6,
        king_shelter: 10,
        king_pressure: 15,
        goal: 0,
        mop_up: 10,
        tempo: 10,
    };
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/polyhedron.toml");
    eval_tables!(PolyhedronRules);
}
