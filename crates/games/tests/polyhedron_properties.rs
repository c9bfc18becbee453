//! Property tests of Polyhedron Chess: the core invariants along 2,000
//! seeded random games, make/unmake back to the start, colour-mirror
//! symmetry of perft, and parsers that never panic.

mod common;

use chess3d_core::testing::check_position;
use chess3d_core::{perft, MAX_MOVES};
use chess3d_games::polyhedron::Polyhedron;
use proptest::prelude::*;

/// Plays a random game to its end or `plies`, checking every position,
/// then takes every move back and compares with the positions on the way.
/// Returns the plies played and the most legal moves met in a position.
fn walk(start: &str, seed: u64, plies: usize) -> Result<(usize, u64), String> {
    let mut pos = Polyhedron::from_text(start).unwrap();
    let mut seen = Vec::new();
    let mut failure = None;
    let mut most_moves = 0;
    common::random_game_biased(&mut pos, seed, plies, 0.3, |p, _| {
        most_moves = most_moves.max(p.count_legal());
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
    let played = seen.len() - 1;
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
    Ok((played, most_moves))
}

/// Start positions for the random games: the start, and the start with
/// every kind in both pools (promotions have all their choices at once).
fn starts() -> [String; 2] {
    let start = Polyhedron::start().to_text();
    let full = start.replace(" 0 1 -", " 0 1 QDFARBUSWHNGqdfarbuswhng");
    [start, full]
}

/// 2,000 seeded games of up to 300 plies, in four parts that run in
/// parallel.
fn seeded_games(part: u64) {
    let starts = starts();
    let (mut plies, mut most_moves) = (0, 0);
    for seed in (part * 500)..(part + 1) * 500 {
        match walk(&starts[seed as usize % 2], seed, 300) {
            Ok((n, most)) => {
                plies += n;
                most_moves = most_moves.max(most);
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    println!("part {part}: {plies} plies checked, at most {most_moves} legal moves");
    // Real positions stay far below a move list's capacity (see
    // docs/rules/polyhedron.md, "Move-list capacity").
    assert!(
        most_moves < MAX_MOVES as u64 / 2,
        "{most_moves} legal moves"
    );
}

#[test]
fn invariants_hold_along_seeded_games_0() {
    seeded_games(0);
}

#[test]
fn invariants_hold_along_seeded_games_1() {
    seeded_games(1);
}

#[test]
fn invariants_hold_along_seeded_games_2() {
    seeded_games(2);
}

#[test]
fn invariants_hold_along_seeded_games_3() {
    seeded_games(3);
}

/// The position with colours exchanged and ranks mirrored (rank r becomes
/// 11 - r on every level), the other side to move.
fn mirror(text: &str) -> String {
    let f: Vec<&str> = text.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let placement: Vec<String> = f[0]
        .split('|')
        .map(|level| {
            let ranks: Vec<String> = level.split('/').rev().map(swap).collect();
            ranks.join("/")
        })
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let ep = match f[3] {
        "-" => "-".to_string(),
        cell => {
            let rank: i32 = cell[2..].parse().unwrap();
            format!("{}{}", &cell[..2], 11 - rank)
        }
    };
    // White's pool is written first.
    let pools = swap(f[6]);
    let (white, black): (String, String) = pools.chars().partition(|c| c.is_ascii_uppercase());
    let pools = if pools == "-" { pools } else { white + &black };
    format!(
        "{} {side} - {ep} {} {} {pools}",
        placement.join("|"),
        f[4],
        f[5],
    )
}

#[test]
fn the_start_is_its_own_mirror_image() {
    let start = Polyhedron::start().to_text();
    assert_eq!(mirror(&start).replace(" b ", " w "), start);
}

#[test]
fn mirrored_positions_have_the_same_perft() {
    let starts = starts();
    let mut compared = 0;
    for seed in 0..6u64 {
        let mut pos = Polyhedron::from_text(&starts[seed as usize % 2]).unwrap();
        let plies = 20 + 15 * seed as usize;
        common::random_game_biased(&mut pos, 1000 + seed, plies, 0.3, |_, _| {});
        let text = pos.to_text();
        let mut mirrored = Polyhedron::from_text(&mirror(&text))
            .unwrap_or_else(|e| panic!("{}: {e}", mirror(&text)));
        assert_eq!(mirror(&mirrored.to_text()), text);
        let mut original = Polyhedron::from_text(&text).unwrap();
        assert_eq!(
            perft::perft(&mut original, 3),
            perft::perft(&mut mirrored, 3),
            "{text}"
        );
        compared += 1;
    }
    assert_eq!(compared, 6);
}

/// Whatever the parser accepts must print back to the same position and
/// keep the invariants.
fn parse_never_panics(text: &str) -> Result<(), TestCaseError> {
    if let Ok(mut pos) = Polyhedron::from_text(text) {
        let printed = pos.to_text();
        let again = Polyhedron::from_text(&printed)
            .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(check_position(&mut pos), Ok(()));
    }
    Ok(())
}

/// The start with a few characters replaced, removed or inserted.
fn mutated_start() -> impl Strategy<Value = String> {
    proptest::collection::vec((any::<u8>(), any::<usize>(), 0..3u8), 1..6).prop_map(|edits| {
        let mut chars: Vec<char> = Polyhedron::start().to_text().chars().collect();
        let alphabet: Vec<char> = "kqdfarbuswhngpKQDFARBUSWHNGP0123456789/| wb-ABCDEacij"
            .chars()
            .collect();
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn position_parser_never_panics_on_any_string(text in any::<String>()) {
        parse_never_panics(&text)?;
    }

    #[test]
    fn position_parser_never_panics_on_mutated_starts(text in mutated_start()) {
        parse_never_panics(&text)?;
    }

    #[test]
    fn move_parser_never_panics(text in "[A-F][a-k][0-9]{1,2}[-x@>][A-F][a-k][0-9]{1,2}(=[A-Z])?|\\PC{0,14}") {
        let mut pos = Polyhedron::start();
        if let Ok(m) = pos.parse_move(&text) {
            // Only a legal move in its canonical text is accepted.
            prop_assert_eq!(pos.move_text(m), text);
        }
    }
}
