//! Chess: the values of Michniewski's simplified evaluation function
//! (chessprogramming wiki), the published standard for simple engines.

use chess3d_games::chess::ChessRules;

use super::{eval_tables, Defaults, Evaluate};

impl Evaluate for ChessRules {
    const DEFAULTS: Defaults = Defaults {
        values: &[('P', 100), ('N', 320), ('B', 330), ('R', 500), ('Q', 900)],
        mobility: 4,
        advancement: 80,
        king_edge: 8,
        king_shelter: 12,
        king_pressure: 15,
        goal: 0,
        mop_up: 10,
        tempo: 10,
    };
    const WEIGHTS_FILE: &'static str = include_str!("../../weights/chess.toml");
    // The network evaluates alone (docs/engine.md, "The network"): the
    // weights file's material values still order moves and set margins.
    const NETWORK: &'static [u8] = include_bytes!("../../weights/chess.net");
    // Quiescence's quiet checks: without them, 50 ms a move, 400 games
    // against the same program with them (docs/engine.md): chess's checks
    // are few and its mates at the horizon rare; the time goes to depth
    // instead. Every other feature is on (each measured in chess).
    const SEARCH_OFF: &'static str = "quiet_checks";
    eval_tables!(ChessRules);
}
