//! Raumschach (RULINGS.md §7): the first game written as a game file
//! (`games/raumschach.toml`, docs/game-files.md), compiled into the program
//! so that it is always there. Nothing here but the file's rules type.

use chess3d_core::{Bits, Position};

use crate::file_rules;

file_rules!(
    /// The rules of Raumschach: 125 cells, two words.
    pub RaumschachRules: Bits<2>, () = include_str!("../../../games/raumschach.toml")
);

/// A Raumschach position.
pub type Raumschach = Position<RaumschachRules>;
