//! Each game's help for players (`GameDef::about`): the web page's legend
//! lists every kind with its sentence, so each kind needs exactly one and
//! no sentence may name a kind the game does not have.

use chess3d_core::def::GameDef;
use chess3d_games::{chess, elevator, polyhedron, startrek, ziggurat, ziggurat43};

fn games() -> [&'static GameDef; 6] {
    [
        &ziggurat::ZIGGURAT,
        &ziggurat43::ZIGGURAT43,
        &startrek::STARTREK,
        &elevator::ELEVATOR,
        &polyhedron::POLYHEDRON,
        &chess::CHESS,
    ]
}

#[test]
fn every_kind_of_every_game_has_exactly_one_sentence() {
    for def in games() {
        let about = &def.about;
        let mut letters: Vec<char> = about.kinds.iter().map(|k| k.0).collect();
        letters.sort_unstable();
        let mut kinds: Vec<char> = def.pieces.iter().map(|p| p.letter).collect();
        kinds.sort_unstable();
        assert_eq!(letters, kinds, "{}: the kinds described", def.id);
        for (letter, sentence) in about.kinds {
            assert!(
                sentence.ends_with('.') && sentence.len() > 10,
                "{} {letter}: '{sentence}' is not a sentence",
                def.id
            );
        }
    }
}

#[test]
fn every_game_has_a_setup_a_goal_and_its_special_rules() {
    for def in games() {
        let about = &def.about;
        for text in [about.setup, about.goal].iter().chain(about.special) {
            assert!(
                text.ends_with('.') && !text.contains("  "),
                "{}: '{text}'",
                def.id
            );
        }
        // Chess has castling, en passant and promotion; every 3-D game has
        // at least one rule beyond its pieces' moves.
        assert!(!about.special.is_empty(), "{}", def.id);
    }
}
