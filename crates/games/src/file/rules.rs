//! The rules types of games read at run time: pure data, no hooks, one type
//! per cell-set width and state, each playing any number of games (one
//! [`Variant`] per definition).
//!
//! Every type is a whole instantiation of the engine, the terminal and the
//! server, so there are four: boards of up to 64 cells in one word (chess
//! read from its file runs as fast as the built-in chess: in two words it
//! ran at 0.81 of it), of up to 128 in two, larger ones in five (the most
//! cells any game may have), and those with captured pools, in five.

use std::marker::PhantomData;

use chess3d_core::def::GameDef;
use chess3d_core::position::GameState;
use chess3d_core::{Bits, Held, Rules, Tables, Variant};

use super::keep;
use super::probe::uses_pools;

/// The rules of a game read from a file, `W` words of cells wide, with
/// state `S` (`Held` where pieces promote from the captured pool or are
/// dropped from a hand).
pub struct FileRules<const W: usize, S>(PhantomData<fn() -> S>);

impl<const W: usize, S: GameState> Rules for FileRules<W, S> {
    type Bits = Bits<W>;
    type State = S;
    const INDIRECT: bool = true;
}

/// Games of up to 64 cells (chess's, Los Alamos chess's 36).
pub type TinyFileRules = FileRules<1, ()>;
/// Games of up to 128 cells (Raumschach's 125).
pub type SmallFileRules = FileRules<2, ()>;
/// Games of up to 320 cells.
pub type LargeFileRules = FileRules<5, ()>;
/// Games of up to 320 cells whose pieces promote from the captured pool or
/// are dropped from a hand.
pub type PoolFileRules = FileRules<5, Held>;

/// Cells a [`TinyFileRules`] and a [`SmallFileRules`] game may have.
const TINY_CELLS: usize = 64;
const SMALL_CELLS: usize = 128;

/// A game read from a file, with the rules type that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileGame {
    Tiny(Variant<TinyFileRules>),
    Small(Variant<SmallFileRules>),
    Large(Variant<LargeFileRules>),
    Pool(Variant<PoolFileRules>),
}

/// Which of the rules types plays a definition.
pub(super) enum Shape {
    Tiny,
    Small,
    Large,
    Pool,
}

impl FileGame {
    /// The game of a loaded definition; its tables are built once.
    pub fn of(def: &'static GameDef) -> FileGame {
        match FileGame::of_shape(def) {
            Shape::Tiny => FileGame::Tiny(variant(def)),
            Shape::Small => FileGame::Small(variant(def)),
            Shape::Large => FileGame::Large(variant(def)),
            Shape::Pool => FileGame::Pool(variant(def)),
        }
    }

    pub(super) fn of_shape(def: &GameDef) -> Shape {
        let cells = def.board.cells().len();
        if uses_pools(def) {
            Shape::Pool
        } else if cells <= TINY_CELLS {
            Shape::Tiny
        } else if cells <= SMALL_CELLS {
            Shape::Small
        } else {
            Shape::Large
        }
    }

    /// The game's definition.
    pub fn def(self) -> &'static GameDef {
        match self {
            FileGame::Tiny(v) => v.tables().def,
            FileGame::Small(v) => v.tables().def,
            FileGame::Large(v) => v.tables().def,
            FileGame::Pool(v) => v.tables().def,
        }
    }
}

/// The game of `def`, which must have from 65 to 128 cells and no pools,
/// as a small file game.
pub fn small(def: &'static GameDef) -> Variant<SmallFileRules> {
    debug_assert!(matches!(FileGame::of_shape(def), Shape::Small));
    variant(def)
}

/// The game of `def` under rules `R`, its tables kept once per definition
/// (a definition is kept once however often it is loaded: `keep`).
pub(super) fn variant<const W: usize, S: GameState>(
    def: &'static GameDef,
) -> Variant<FileRules<W, S>> {
    let key = format!(
        "tables {} {:p}",
        std::any::type_name::<FileRules<W, S>>(),
        def
    );
    Variant::new(keep::once(key, || Tables::<Bits<W>>::build(def)))
}
