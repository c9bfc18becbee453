//! A game id to its type, with the engine's bound: the interfaces that
//! play (UCI, analysis, matches, benchmarks) go through here.

use chess3d_core::{Position, Variant};
use chess3d_games::file::FileGame;
use chess3d_games::{built_in_games, named, Named, UnknownGame};

use crate::eval::Evaluate;

/// Code to run for whichever game a name names; `game` says which game of
/// the rules type it is (the type of games read from files plays many).
pub trait EngineVisitor {
    type Output;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output;
}

/// Runs a visitor with the built-in game of an id (the list of
/// `built_in_games!`).
macro_rules! visit_built_in {
    ($id:expr, $visitor:expr; $($name:literal => $rules:ty,)*) => {
        match $id {
            $($name => $visitor.visit(Position::<$rules>::variant_of_type()),)*
            other => unreachable!("'{other}' is not a built-in game"),
        }
    };
}

/// Runs `visitor` with the rules of the game `name` names: a game's id
/// (every game of `chess3d_games::AVAILABLE` is here: a test checks it, and
/// those of the games folder), or a game file's path.
pub fn with_engine_game<V: EngineVisitor>(
    name: &str,
    visitor: V,
) -> Result<V::Output, UnknownGame> {
    Ok(match named(name)? {
        Named::BuiltIn(id) => built_in_games!(visit_built_in!(id, visitor)),
        Named::File(file) => with_engine_file(file, visitor),
    })
}

/// Runs `visitor` with a game read from a file, with its engine.
pub fn with_engine_file<V: EngineVisitor>(file: FileGame, visitor: V) -> V::Output {
    match file {
        FileGame::Tiny(v) => visitor.visit(v),
        FileGame::Small(v) => visitor.visit(v),
        FileGame::Large(v) => visitor.visit(v),
        FileGame::Pool(v) => visitor.visit(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl EngineVisitor for Id {
        type Output = &'static str;
        fn visit<R: Evaluate>(self, game: Variant<R>) -> &'static str {
            game.id()
        }
    }

    #[test]
    fn every_available_game_has_an_engine() {
        for &id in chess3d_games::AVAILABLE {
            assert_eq!(with_engine_game(id, Id), Ok(id));
        }
        assert!(with_engine_game("shogi", Id).is_err());
    }
}
