//! chess3d-core: the rules machinery every chess3d game runs on.
//!
//! - [`geometry`]: boards as cells with integer 3-D coordinates, any shape.
//! - [`def`]: a game as data (pieces as movement vectors, pawn rules,
//!   promotion, castling, start position, notation).
//! - [`tables`]: a definition compiled into per-cell lookup tables
//!   ([`castles`]: its castling rules, Chess960's included).
//! - [`position`]: positions, legal move generation, make/unmake with
//!   incremental Zobrist hashing, position strings, move text.
//! - [`outcome`]: checkmate, stalemate, repetition, 100 plies, bare Kings.
//! - [`game`]: the [`Game`] trait that perft, the engine and the front ends
//!   are generic over.
//! - [`perft`]: move-tree counting.
//!
//! See docs/ARCHITECTURE.md for how a move flows through these parts.

pub mod bits;
pub mod castles;
pub mod def;
pub mod error;
pub mod game;
pub mod geometry;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod record;
pub mod tables;
pub mod testing;
pub mod zobrist;

/// A cell: a dense index into a game's geometry.
pub type Cell = u16;

pub use bits::{BitSet, Bits};
pub use error::{MoveError, OptionError, PositionError};
pub use game::{BuiltInGame, Game, GameVariant};
pub use geometry::{Geometry, Sym, NO_CELL, V3};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES, MAX_MOVE_TEXT};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Kind, Piece, Side, NO_KIND};
pub use position::{
    BuiltIn, Edit, EnPassant, Exposure, GameState, Guard, Held, Options, Pools, Position, Promoted,
    Reach, Rules, Variant,
};
pub use tables::Tables;
