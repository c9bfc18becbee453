//! A game id to its type, with the engine's bound: the interfaces that
//! play (UCI, analysis, matches, benchmarks) go through here.

use chess3d_core::{Position, Variant};
use chess3d_games::chess::ChessRules;
use chess3d_games::elevator::ElevatorRules;
use chess3d_games::file::FileGame;
use chess3d_games::polyhedron::PolyhedronRules;
use chess3d_games::startrek::StarTrekRules;
use chess3d_games::ziggurat::ZigguratRules;
use chess3d_games::ziggurat43::Ziggurat43Rules;
use chess3d_games::{named, Named, UnknownGame};

use crate::eval::Evaluate;

/// Code to run for whichever game a name names; `game` says which game of
/// the rules type it is (the type of games read from files plays many).
pub trait EngineVisitor {
    type Output;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output;
}

/// Runs `visitor` with the rules of the game `name` names: a game's id
/// (every game of `chess3d_games::AVAILABLE` is here: a test checks it, and
/// those of the games folder), or a game file's path.
pub fn with_engine_game<V: EngineVisitor>(
    name: &str,
    visitor: V,
) -> Result<V::Output, UnknownGame> {
    Ok(match named(name)? {
        Named::Ziggurat => visitor.visit(Position::<ZigguratRules>::variant_of_type()),
        Named::Ziggurat43 => visitor.visit(Position::<Ziggurat43Rules>::variant_of_type()),
        Named::StarTrek => visitor.visit(Position::<StarTrekRules>::variant_of_type()),
        Named::Elevator => visitor.visit(Position::<ElevatorRules>::variant_of_type()),
        Named::Polyhedron => visitor.visit(Position::<PolyhedronRules>::variant_of_type()),
        Named::Chess => visitor.visit(Position::<ChessRules>::variant_of_type()),
        Named::File(FileGame::Tiny(v)) => visitor.visit(v),
        Named::File(FileGame::Small(v)) => visitor.visit(v),
        Named::File(FileGame::Large(v)) => visitor.visit(v),
        Named::File(FileGame::Pool(v)) => visitor.visit(v),
    })
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
