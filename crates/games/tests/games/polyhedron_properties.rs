//! Property tests of Polyhedron Chess: the core invariants along 1,000
//! seeded random games, make/unmake back to the start, colour-mirror
//! symmetry of perft, and parsers that never panic.

use crate::common;

use chess3d_core::{perft, MAX_MOVES};
use chess3d_games::polyhedron::Polyhedron;

/// Start positions for the random games: the start, and the start with
/// every kind in both pools (promotions have all their choices at once).
fn starts() -> [String; 2] {
    let start = Polyhedron::start().to_text();
    let full = start.replace(" 0 1 -", " 0 1 QDFARBUSWHNGqdfarbuswhng");
    [start, full]
}

/// 1,000 seeded games of up to 300 plies (the longest games of any game's
/// tests, and CI has a time limit), in four parts that run in parallel.
fn seeded_games(part: u64) {
    let starts = starts();
    let (_, most_moves) = common::seeded_games_n(part, 250, 300, 0.3, |seed| {
        Polyhedron::from_text(&starts[seed as usize % 2]).unwrap()
    });
    // Real positions stay far below a move list's capacity (see
    // docs/rules/polyhedron.md, "Move-list capacity").
    assert!(
        most_moves < MAX_MOVES as u64 / 2,
        "{most_moves} legal moves"
    );
}

seeded_game_tests!(seeded_games);

/// The position with colours exchanged and ranks mirrored (rank r becomes
/// 11 - r on every level), the other side to move.
fn mirror(text: &str) -> String {
    let mut f = common::mirror_fields(text, |cell| {
        let rank: i32 = cell[2..].parse().unwrap();
        format!("{}{}", &cell[..2], 11 - rank)
    });
    // White's pool is written first.
    let pools = common::swap_case(&f[6]);
    let (white, black): (String, String) = pools.chars().partition(|c| c.is_ascii_uppercase());
    f[6] = if pools == "-" { pools } else { white + &black };
    f.join(" ")
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

parser_property_tests!(
    Polyhedron,
    "kqdfarbuswhngpKQDFARBUSWHNGP0123456789/| wb-ABCDEacij",
    "[A-F][a-k][0-9]{1,2}[-x@>][A-F][a-k][0-9]{1,2}(=[A-Z])?|\\PC{0,14}"
);
