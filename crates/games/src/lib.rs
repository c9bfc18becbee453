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

/// Every game always there, in the order of RULINGS.md's sections: the
/// built-in ones, then those compiled in as files (Raumschach). `chess3d
/// variants` lists them so, then the games folder's.
pub const AVAILABLE: &[&str] = &[
    "ziggurat",
    "ziggurat43",
    "startrek",
    "elevator",
    "polyhedron",
    "chess",
    "raumschach",
];

/// The id of every game there is: [`AVAILABLE`], then the games folder's
/// (docs/game-files.md).
pub fn game_ids() -> Vec<&'static str> {
    let mut ids = AVAILABLE.to_vec();
    ids.extend(
        file::catalog::folder()
            .games
            .iter()
            .map(|f| f.game.def().id),
    );
    ids
}

/// Code to run for whichever game an id names: the one place where the
/// command line turns a game id into a type. Everything below is generic
/// over `G: Game` and monomorphised; `game` says which game of the type
/// it is (a type of games read from files plays many).
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, game: G::Variant) -> Self::Output;
}

/// A name that names no game of chess3d, or a game file that cannot be
/// used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnknownGame {
    /// No game has this id.
    Id(String),
    /// A file named, or found by its id, that cannot be used: why.
    File(String),
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // Escaped: the id is user input, the message one line.
            UnknownGame::Id(id) => {
                write!(
                    f,
                    "unknown game '{}' (available: {}; `chess3d variants` lists them, and a game file is named by its path)",
                    id.escape_debug(),
                    game_ids().join(", ")
                )
            }
            UnknownGame::File(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for UnknownGame {}

/// A game a name names: a built-in game's id, or a game file's id or path.
/// The engine's registry turns it into a type as [`with_game`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    Ziggurat,
    Ziggurat43,
    StarTrek,
    Elevator,
    Polyhedron,
    Chess,
    File(file::FileGame),
}

impl Named {
    /// The game's id.
    pub fn id(self) -> &'static str {
        match self {
            Named::Ziggurat => "ziggurat",
            Named::Ziggurat43 => "ziggurat43",
            Named::StarTrek => "startrek",
            Named::Elevator => "elevator",
            Named::Polyhedron => "polyhedron",
            Named::Chess => "chess",
            Named::File(game) => game.def().id,
        }
    }
}

/// The game `name` names (see [`Named`]).
pub fn named(name: &str) -> Result<Named, UnknownGame> {
    Ok(match name {
        "ziggurat" => Named::Ziggurat,
        "ziggurat43" => Named::Ziggurat43,
        "startrek" => Named::StarTrek,
        "elevator" => Named::Elevator,
        "polyhedron" => Named::Polyhedron,
        "chess" => Named::Chess,
        "raumschach" => Named::File(file::FileGame::Small(raumschach::game())),
        _ => match file::catalog::find(name) {
            Ok(Some(game)) => Named::File(game),
            Ok(None) => return Err(UnknownGame::Id(name.to_string())),
            Err(why) => return Err(UnknownGame::File(why)),
        },
    })
}

/// Runs `visitor` with the game `name` names: a game's id, or a game
/// file's path.
pub fn with_game<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    use file::FileGame;
    use ziggurat::Ziggurat;
    Ok(match named(name)? {
        Named::Ziggurat => visitor.visit::<Ziggurat>(Ziggurat::variant_of_type()),
        Named::Ziggurat43 => {
            visitor.visit::<ziggurat43::Ziggurat43>(ziggurat43::Ziggurat43::variant_of_type())
        }
        Named::StarTrek => {
            visitor.visit::<startrek::StarTrek>(startrek::StarTrek::variant_of_type())
        }
        Named::Elevator => {
            visitor.visit::<elevator::Elevator>(elevator::Elevator::variant_of_type())
        }
        Named::Polyhedron => {
            visitor.visit::<polyhedron::Polyhedron>(polyhedron::Polyhedron::variant_of_type())
        }
        Named::Chess => visitor.visit::<chess::Chess>(chess::Chess::variant_of_type()),
        Named::File(FileGame::Tiny(v)) => visitor.visit::<chess3d_core::Position<_>>(v),
        Named::File(FileGame::Small(v)) => visitor.visit::<chess3d_core::Position<_>>(v),
        Named::File(FileGame::Large(v)) => visitor.visit::<chess3d_core::Position<_>>(v),
        Named::File(FileGame::Pool(v)) => visitor.visit::<chess3d_core::Position<_>>(v),
    })
}
