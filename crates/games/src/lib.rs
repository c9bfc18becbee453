//! chess3d-games: every game of chess3d, one module each, and the registry
//! that maps a game id to its type.

pub mod chess;
pub mod polyhedron;
pub mod startrek;
pub mod ziggurat;
pub mod ziggurat43;

use chess3d_core::Game;

/// Every game id of RULINGS.md, in the order of the rulings' sections.
pub const ALL_IDS: &[&str] = &[
    "ziggurat",
    "ziggurat43",
    "startrek",
    "elevator",
    "polyhedron",
    "chess",
];

/// The games that work now, in the order `chess3d variants` lists them.
pub const AVAILABLE: &[&str] = &["ziggurat", "ziggurat43", "startrek", "polyhedron", "chess"];

/// Code to run for whichever game an id names: the one place where the
/// command line turns a game id into a type. Everything below is generic
/// over `G: Game` and monomorphised.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// Why an id names no playable game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnknownGame {
    /// A game of RULINGS.md that is not implemented yet.
    NotYet(String),
    /// Not a game of chess3d at all.
    Unknown(String),
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let available = AVAILABLE.join(", ");
        match self {
            UnknownGame::NotYet(id) => {
                write!(
                    f,
                    "game '{id}' is not available yet (available: {available})"
                )
            }
            // Escaped: the id is user input, the message one line.
            UnknownGame::Unknown(id) => write!(
                f,
                "unknown game '{}' (available: {available})",
                id.escape_debug()
            ),
        }
    }
}

impl std::error::Error for UnknownGame {}

/// Runs `visitor` with the game named `id`.
pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    match id {
        "ziggurat" => Ok(visitor.visit::<ziggurat::Ziggurat>()),
        "ziggurat43" => Ok(visitor.visit::<ziggurat43::Ziggurat43>()),
        "startrek" => Ok(visitor.visit::<startrek::StarTrek>()),
        "polyhedron" => Ok(visitor.visit::<polyhedron::Polyhedron>()),
        "chess" => Ok(visitor.visit::<chess::Chess>()),
        _ if ALL_IDS.contains(&id) => Err(UnknownGame::NotYet(id.to_string())),
        _ => Err(UnknownGame::Unknown(id.to_string())),
    }
}
