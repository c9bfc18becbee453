//! Property tests of chess on the core: the invariants of
//! `chess3d_core::testing` along random games, make/unmake back to the
//! start, and parsers that never panic on arbitrary input.

use crate::common;

use chess3d_games::chess::Chess;
use proptest::prelude::*;

/// Plays a random game, checking every position, then takes every move
/// back (see `common::walk`).
fn walk(start: usize, seed: u64, plies: usize) -> Result<(), String> {
    let pos = Chess::from_text(common::PERFT_FENS[start]).unwrap();
    common::walk(pos, seed, plies, 0.0).map(|_| ())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn invariants_hold_along_random_games(start in 0..6usize, seed in any::<u64>(), plies in 1..160usize) {
        prop_assert_eq!(walk(start, seed, plies), Ok(()));
    }
}

/// A fixed, reproducible batch on top of proptest's random one.
#[test]
fn invariants_hold_along_500_seeded_games() {
    for seed in 0..500 {
        let start = seed as usize % 6;
        if let Err(e) = walk(start, seed, 120) {
            panic!("seed {seed}: {e}");
        }
    }
}

/// Strings built from FEN's own alphabet reach deep into the parser.
fn fen_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[rnbqkpRNBQKPx0-9/ wb\\-a-h]{0,90}").unwrap()
}

/// A valid FEN with a few characters replaced, removed or inserted.
fn mutated_fen() -> impl Strategy<Value = String> {
    (0..6usize).prop_flat_map(|i| {
        common::mutated(
            common::PERFT_FENS[i].to_string(),
            "rnbqkpRNBQKP12345678/ wb-acdefgh9",
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_parser_never_panics_on_any_string(text in any::<String>()) {
        common::parse_never_panics::<Chess>(&text)?;
    }

    #[test]
    fn position_parser_never_panics_on_fen_like_strings(text in fen_like()) {
        common::parse_never_panics::<Chess>(&text)?;
    }

    #[test]
    fn position_parser_never_panics_on_mutated_fens(text in mutated_fen()) {
        common::parse_never_panics::<Chess>(&text)?;
    }

    #[test]
    fn move_parser_never_panics(start in 0..6usize, text in "([a-i][0-9]){0,3}[qrbnkpQ=x-]{0,2}|\\PC{0,12}") {
        let mut pos = Chess::from_text(common::PERFT_FENS[start]).unwrap();
        if let Ok(m) = pos.parse_move(&text) {
            // Only a legal move in its canonical text is accepted.
            prop_assert_eq!(pos.move_text(m), text);
        }
    }
}
