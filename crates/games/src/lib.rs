//! chess3d-games: every game of chess3d, one module each, and the registry
//! that maps a game id to its type.

pub mod chess;
pub mod elevator;
pub mod file;
pub mod polyhedron;
pub mod raumschach;
pub mod startrek;
pub mod ziggurat;
pub mod ziggurat43;

use chess3d_core::Game;

/// The core, for [`file_rules!`]'s expansion in other crates.
#[doc(hidden)]
pub use chess3d_core as __core;

/// Every game, in the order of RULINGS.md's sections; `chess3d variants`
/// lists them so.
pub const AVAILABLE: &[&str] = &[
    "ziggurat",
    "ziggurat43",
    "startrek",
    "elevator",
    "polyhedron",
    "chess",
    "raumschach",
];

/// Code to run for whichever game an id names: the one place where the
/// command line turns a game id into a type. Everything below is generic
/// over `G: Game` and monomorphised.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// An id that names no game of chess3d.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Escaped: the id is user input, the message one line.
        write!(
            f,
            "unknown game '{}' (available: {})",
            self.0.escape_debug(),
            AVAILABLE.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

/// Runs `visitor` with the game named `id`.
pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    match id {
        "ziggurat" => Ok(visitor.visit::<ziggurat::Ziggurat>()),
        "ziggurat43" => Ok(visitor.visit::<ziggurat43::Ziggurat43>()),
        "startrek" => Ok(visitor.visit::<startrek::StarTrek>()),
        "elevator" => Ok(visitor.visit::<elevator::Elevator>()),
        "polyhedron" => Ok(visitor.visit::<polyhedron::Polyhedron>()),
        "chess" => Ok(visitor.visit::<chess::Chess>()),
        "raumschach" => Ok(visitor.visit::<raumschach::Raumschach>()),
        _ => Err(UnknownGame(id.to_string())),
    }
}
