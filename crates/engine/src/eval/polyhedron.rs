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
    // A network added to the terms, trained on positions of 44,000
    // self-play games labelled at depth 4 (docs/engine.md, "The networks
    // of the 3-D games").
    const NETWORK: &'static [u8] = include_bytes!("../../weights/polyhedron.net");
    // Every search feature on: singular extensions, razoring and the
    // table's bound for pruning; with them and this network the engine
    // met its target against the engine before issue 59 (docs/engine.md).
    const SEARCH_OFF: &'static str = "";
    eval_tables!(PolyhedronRules);
}
