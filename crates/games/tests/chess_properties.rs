//! Property tests of chess on the core: the invariants of
//! `chess3d_core::testing` along random games, make/unmake back to the
//! start, and parsers that never panic on arbitrary input.

mod common;

use chess3d_core::testing::check_position;
use chess3d_games::chess::Chess;
use proptest::prelude::*;

/// Plays a random game, checking every position, then takes every move back
/// and compares with the positions seen on the way out.
fn walk(start: usize, seed: u64, plies: usize) -> Result<(), String> {
    let mut pos = Chess::from_text(common::PERFT_FENS[start]).unwrap();
    let mut seen = Vec::new();
    let mut failure = None;
    common::random_game(&mut pos, seed, plies, |p, _| {
        if failure.is_none() {
            if let Err(e) = check_position(p) {
                failure = Some(format!("{}: {e}", p.to_text()));
            }
        }
        seen.push(p.clone());
    });
    if let Some(f) = failure {
        return Err(f);
    }
    seen.pop();
    while let Some(expected) = seen.pop() {
        pos.unmake().ok_or("history shorter than the game")?;
        if pos != expected || pos.hash() != expected.hash() {
            return Err(format!(
                "unmake gives {} instead of {}",
                pos.to_text(),
                expected.to_text()
            ));
        }
    }
    if pos.unmake().is_some() {
        return Err("history longer than the game".into());
    }
    Ok(())
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
    (
        0..6usize,
        proptest::collection::vec((any::<u8>(), any::<usize>(), 0..3u8), 1..6),
    )
        .prop_map(|(i, edits)| {
            let mut chars: Vec<char> = common::PERFT_FENS[i].chars().collect();
            let alphabet: Vec<char> = "rnbqkpRNBQKP12345678/ wb-acdefgh9".chars().collect();
            for (c, at, op) in edits {
                let ch = alphabet[c as usize % alphabet.len()];
                let at = at % (chars.len() + 1);
                match op {
                    0 if at < chars.len() => chars[at] = ch,
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, ch),
                }
            }
            chars.into_iter().collect()
        })
}

/// Whatever the parser accepts must be a sound position: it prints back to a
/// string that reads as the same position, and its invariants hold.
fn parse_never_panics(text: &str) -> Result<(), TestCaseError> {
    if let Ok(mut pos) = Chess::from_text(text) {
        let printed = pos.to_text();
        let again = Chess::from_text(&printed)
            .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(check_position(&mut pos), Ok(()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_parser_never_panics_on_any_string(text in any::<String>()) {
        parse_never_panics(&text)?;
    }

    #[test]
    fn position_parser_never_panics_on_fen_like_strings(text in fen_like()) {
        parse_never_panics(&text)?;
    }

    #[test]
    fn position_parser_never_panics_on_mutated_fens(text in mutated_fen()) {
        parse_never_panics(&text)?;
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
