//! The start position of a loaded definition, read by the core's own
//! position reader: the one judge of whether a setup fits the board.
//!
//! It reads with the rules type that will play the game, under tables
//! built for the check.

use chess3d_core::def::{About, Choices, GameDef};
use chess3d_core::position::GameState;

use super::rules::{variant, FileGame, Shape};

/// Reads the start position of `def` with the rules type that will play it.
fn read_start<const W: usize, S: GameState>(def: &'static GameDef) -> Result<(), String> {
    // The tables are those of the rules alone, kept like the definition's
    // parts, once per set of rules: they depend on neither the start
    // position nor the texts for players, which fuzzed inputs vary.
    let rules = super::keep::value(GameDef {
        name: "",
        move_hint: "",
        start: "",
        about: About {
            setup: "",
            goal: "",
            special: &[],
            kinds: &[],
        },
        ..*def
    });
    let start = variant::<W, S>(rules)
        .position(def.start)
        .map_err(|e| format!("the start position: {}: {}", e.field, e.message))?;
    if let Some(why) = start.shuffle_problem() {
        return Err(format!("the start position: [shuffle]: {why}"));
    }
    // A game won before its first move (a King standing on its goal).
    match start.immediate_result() {
        Some(end) => Err(format!(
            "the start position: the game is already over ({})",
            end.describe(def.side_names)
        )),
        None => Ok(()),
    }
}

/// Whether the start position of `def` (whose other parts are checked)
/// reads, and what is wrong with it if not.
pub fn start_position(def: &'static GameDef) -> Result<(), String> {
    // The shape is the full definition's; the tables, the rules'.
    match FileGame::of_shape(def) {
        Shape::Tiny => read_start::<1, ()>(def),
        Shape::Small => read_start::<2, ()>(def),
        Shape::Large => read_start::<5, ()>(def),
        Shape::Pool => read_start::<5, chess3d_core::Held>(def),
    }
}

/// Whether the game keeps pieces off the board (captured pools, hands):
/// its state is then [`Held`](chess3d_core::Held), in its position
/// strings too.
pub fn uses_pools(def: &GameDef) -> bool {
    def.drops
        || def.gating
        || def
            .promotion
            .is_some_and(|p| matches!(p.choices, Choices::CapturedPool))
}
