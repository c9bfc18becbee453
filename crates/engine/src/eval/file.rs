//! Games read from files (Raumschach among them): every value derived from
//! mobility on the game's empty board (docs/engine.md), with the weights
//! first set for Raumschach, whose nearest neighbour among the built-in
//! games is Polyhedron: a cube of levels, 26 directions, pawns that climb.
//! A file game has its definition and nothing else, so these defaults;
//! only a game bundled with the program has a fitted weights file, and
//! only for its own definition (Raumschach: `weights/raumschach.toml`).

use chess3d_core::def::GameDef;
use chess3d_core::position::GameState;
use chess3d_core::Variant;
use chess3d_games::file::{keep, FileRules};
use chess3d_games::raumschach;

use super::{tables_of, Defaults, EvalTables, Evaluate};

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
    // Not read: one rules type plays many file games, so `weights_file`
    // chooses by the game.
    const WEIGHTS_FILE: &'static str = "";

    fn weights_file(game: Variant<Self>) -> &'static str {
        bundled_weights(game.tables().def)
    }

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
    // Found before `keep::once` takes its lock, which it holds while it
    // builds: finding the bundled game may load it, which keeps its parts.
    let weights = bundled_weights(game.tables().def);
    // The defaults, or a bundled game's weights file (read by a test):
    // nothing a file's mistake can spoil (the loader checked the
    // definition these tables are built from).
    keep::once(key, || {
        tables_of(game, weights, None).expect("the default and bundled weights fit their games")
    })
}

/// The weights fitted for a game bundled with the program, by `chess3d
/// tune` as the built-in games' are (docs/engine.md): for its definition
/// alone, which a file describing the same game also gives (definitions
/// are kept once by their content, `file::keep`). Any other file game,
/// Raumschach's file with a rule changed among them, has none: the
/// defaults.
fn bundled_weights(def: &GameDef) -> &'static str {
    if std::ptr::eq(def, raumschach::game().tables().def) {
        include_str!("../../weights/raumschach.toml")
    } else {
        ""
    }
}
