//! A game id to its type, with the engine's bound: the interfaces that
//! play (UCI, analysis, matches, benchmarks) go through here.

use chess3d_games::{
    chess::ChessRules, elevator::ElevatorRules, polyhedron::PolyhedronRules,
    raumschach::RaumschachRules, startrek::StarTrekRules, ziggurat::ZigguratRules,
    ziggurat43::Ziggurat43Rules, UnknownGame,
};

use crate::eval::Evaluate;

/// Code to run for whichever game an id names.
pub trait EngineVisitor {
    type Output;
    fn visit<R: Evaluate>(self) -> Self::Output;
}

/// Runs `visitor` with the rules of the game named `id`. Every game of
/// `chess3d_games::AVAILABLE` is here (a test checks it).
pub fn with_engine_game<V: EngineVisitor>(id: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    match id {
        "ziggurat" => Ok(visitor.visit::<ZigguratRules>()),
        "ziggurat43" => Ok(visitor.visit::<Ziggurat43Rules>()),
        "startrek" => Ok(visitor.visit::<StarTrekRules>()),
        "elevator" => Ok(visitor.visit::<ElevatorRules>()),
        "polyhedron" => Ok(visitor.visit::<PolyhedronRules>()),
        "chess" => Ok(visitor.visit::<ChessRules>()),
        "raumschach" => Ok(visitor.visit::<RaumschachRules>()),
        _ => Err(UnknownGame(id.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl EngineVisitor for Id {
        type Output = &'static str;
        fn visit<R: Evaluate>(self) -> &'static str {
            R::tables().def.id
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
