//! Raumschach (RULINGS.md §7): the first game written as a game file
//! (`games/raumschach.toml`, docs/game-files.md), compiled into the program
//! so that it is always there. It is played as any game read from a file
//! is, by the rules of small file games.

use std::sync::OnceLock;

use chess3d_core::{Position, Variant};

use crate::file::{self, SmallFileRules};

/// The game file, and where it is in the repository.
pub const FILE: &str = include_str!("../../../games/raumschach.toml");
pub const PATH: &str = "games/raumschach.toml";

/// Raumschach: 125 cells, a small file game. The file is read once, at
/// the first call.
pub fn game() -> Variant<SmallFileRules> {
    static GAME: OnceLock<Variant<SmallFileRules>> = OnceLock::new();
    *GAME.get_or_init(|| file::small(file::embedded(FILE)))
}

/// A Raumschach position.
pub type Raumschach = Position<SmallFileRules>;
