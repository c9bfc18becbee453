//! Ziggurat Three Dimensional Chess: every value derived from mobility on
//! the empty pyramid (docs/engine.md), except the orthodox pieces of level
//! 0, which keep chess's values (level 0 is orthodox chess).

use chess3d_games::ziggurat::ZigguratRules;

use super::{eval_tables, Defaults, Evaluate};

impl Evaluate for ZigguratRules {
    const DEFAULTS: Defaults = Defaults {
        values: &[('P', 100), ('N', 320), ('B', 330), ('R', 500), ('Q', 900)],
        mobility: 3,
        advancement: 80,
        king_edge: 8,
        king_shelter: 12,
        king_pressure: 15,
        goal: 0,
        mop_up: 10,
        tempo: 10,
    };
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/ziggurat.toml");
    // A network added to the terms, the second generation: trained on
    // positions labelled by a search with the first (docs/engine.md, "The
    // networks of the 3-D games"): +100 Elo against the engine before it.
    const NETWORK: &'static [u8] = include_bytes!("../../weights/ziggurat.net");
    // Every search feature on: singular extensions, razoring and the
    // table's bound for pruning, off in the games not yet measured, took
    // the engine with this network from +87 to +156 against the engine
    // before it (docs/engine.md, "The networks of the 3-D games").
    const SEARCH_OFF: &'static str = "";
    eval_tables!(ZigguratRules);
}
