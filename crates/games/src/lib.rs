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

/// Every built-in game, once: its id and its rules type, in the order of
/// RULINGS.md's sections. The one place a built-in game is registered:
/// [`AVAILABLE`], [`named`], [`with_game`] and the engine's registry all
/// expand this list. Called with a macro and its first arguments,
/// `built_in_games!(then!(a, b))`, it expands to `then! { a, b; "id" =>
/// Rules, ... }`.
#[macro_export]
macro_rules! built_in_games {
    ($then:ident ! ( $($args:tt)* )) => {
        $then! { $($args)* ;
            "ziggurat" => $crate::ziggurat::ZigguratRules,
            "ziggurat43" => $crate::ziggurat43::Ziggurat43Rules,
            "startrek" => $crate::startrek::StarTrekRules,
            "elevator" => $crate::elevator::ElevatorRules,
            "polyhedron" => $crate::polyhedron::PolyhedronRules,
            "chess" => $crate::chess::ChessRules,
        }
    };
}

/// The ids of the built-in games and of the games compiled in as files.
macro_rules! available {
    (; $($id:literal => $rules:ty,)*) => {
        /// Every game always there, in the order of RULINGS.md's sections:
        /// the built-in ones, then those compiled in as files
        /// (Raumschach). `chess3d variants` lists them so, then the games
        /// folder's.
        pub const AVAILABLE: &[&str] = &[$($id,)* "raumschach"];
        /// The built-in games' ids.
        const BUILT_IN: &[&str] = &[$($id,)*];
    };
}
built_in_games!(available!());

/// Runs a visitor with the built-in game of an id of [`BUILT_IN`].
macro_rules! visit_built_in {
    ($id:expr, $visitor:expr; $($name:literal => $rules:ty,)*) => {
        match $id {
            $($name => $visitor.visit::<chess3d_core::Position<$rules>>(
                chess3d_core::Position::<$rules>::variant_of_type(),
            ),)*
            other => unreachable!("'{other}' is not a built-in game"),
        }
    };
}

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
    /// A game of [`built_in_games!`], by its id.
    BuiltIn(&'static str),
    File(file::FileGame),
}

impl Named {
    /// The game's id.
    pub fn id(self) -> &'static str {
        match self {
            Named::BuiltIn(id) => id,
            Named::File(game) => game.def().id,
        }
    }
}

/// The game `name` names (see [`Named`]).
pub fn named(name: &str) -> Result<Named, UnknownGame> {
    if let Some(&id) = BUILT_IN.iter().find(|&&id| id == name) {
        return Ok(Named::BuiltIn(id));
    }
    Ok(match name {
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
    use chess3d_core::Position;
    use file::FileGame;
    Ok(match named(name)? {
        Named::BuiltIn(id) => built_in_games!(visit_built_in!(id, visitor)),
        Named::File(FileGame::Tiny(v)) => visitor.visit::<Position<_>>(v),
        Named::File(FileGame::Small(v)) => visitor.visit::<Position<_>>(v),
        Named::File(FileGame::Large(v)) => visitor.visit::<Position<_>>(v),
        Named::File(FileGame::Pool(v)) => visitor.visit::<Position<_>>(v),
    })
}
