//! Chess: the values of Michniewski's simplified evaluation function
//! (chessprogramming wiki), the published standard for simple engines.

use chess3d_games::chess::ChessRules;

use super::{eval_tables, Evaluate, Weights};

impl Evaluate for ChessRules {
    const WEIGHTS: Weights = Weights {
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
    eval_tables!(ChessRules);
}
