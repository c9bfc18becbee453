//! Games read from files (Raumschach among them): every value derived from
//! mobility on the game's empty board (docs/engine.md), with the weights
//! first set for Raumschach, whose nearest neighbour among the built-in
//! games is Polyhedron: a cube of levels, 26 directions, pawns that climb.
//! There is no weights file: a file game has its definition and nothing
//! else.

use chess3d_core::position::GameState;
use chess3d_core::Variant;
use chess3d_games::file::{keep, FileRules};

use super::{own_tables, Defaults, EvalTables, Evaluate};

impl<const W: usize, S: GameState> Evaluate for FileRules<W, S> {
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
    const WEIGHTS_FILE: &'static str = "";

    fn eval_tables(game: Variant<Self>) -> &'static EvalTables<Self::Bits> {
        kept(game)
    }
}

/// Each game's tables, built once: a rules type of file games plays many,
/// so they are kept by the game's definition (itself kept once however
/// often its file is read) and by the type, as the games' own tables are.
fn kept<const W: usize, S: GameState>(
    game: Variant<FileRules<W, S>>,
) -> &'static EvalTables<chess3d_core::Bits<W>> {
    let key = format!(
        "eval {} {:p}",
        std::any::type_name::<FileRules<W, S>>(),
        game.tables().def
    );
    // The defaults and no weights file: nothing a file's mistake can spoil
    // (the loader checked the definition these tables are built from).
    keep::once(key, || {
        own_tables(game, None).expect("the default weights fit every game")
    })
}
