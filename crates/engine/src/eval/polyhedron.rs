//! Polyhedron Chess: every value derived from mobility on the empty
//! five-level board (docs/engine.md).

use chess3d_games::polyhedron::PolyhedronRules;

use super::{eval_tables, Evaluate, Weights};

impl Evaluate for PolyhedronRules {
    const WEIGHTS: Weights = Weights {
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
    eval_tables!(PolyhedronRules);
}
