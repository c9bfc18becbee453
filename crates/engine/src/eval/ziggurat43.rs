//! The 43-square Ziggurat: values derived from mobility; the goal is the
//! temple, a term of the Priest-King's table (closer is better, and the
//! opponent's Priest-King near it counts against).

use chess3d_games::ziggurat43::Ziggurat43Rules;

use super::{eval_tables, Defaults, Evaluate};

impl Evaluate for Ziggurat43Rules {
    const DEFAULTS: Defaults = Defaults {
        values: &[],
        mobility: 4,
        advancement: 40,
        king_edge: 0,
        king_shelter: 10,
        king_pressure: 25,
        goal: 250,
        // No check, no mate to drive towards: Kings are captured.
        mop_up: 0,
        tempo: 10,
    };
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/ziggurat43.toml");
    // A network added to the terms (docs/engine.md, "The networks of the
    // 3-D games"): +282 Elo against the terms alone.
    const NETWORK: &'static [u8] = include_bytes!("../../weights/ziggurat43.net");
    eval_tables!(Ziggurat43Rules);
}
