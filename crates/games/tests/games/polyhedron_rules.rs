//! Polyhedron Chess rules case by case (seed 004, RULINGS.md §5): every
//! piece type's moves on an otherwise empty board, pawns, en passant across
//! levels, promotion from the pool, the Unicorn's promotion, game ends.
//! Expected figures are derived by hand in the comments.
//!
//! Coordinates in comments are global (x file a=0…j=9, y rank 1=0…10=9,
//! z level A=0…E=4). Level bounds for x and y: A and E 2–7, B and D 1–8,
//! C 0–9; a cell exists when its x and y lie within its level's bounds.

use crate::common;

use common::{moves, moves_from};

use chess3d_core::{DrawReason, Outcome, Side, WinReason};
use chess3d_games::polyhedron::Polyhedron;

/// Global coordinates of a cell name such as `Cf1`.
fn coord(name: &str) -> [i32; 3] {
    let b = name.as_bytes();
    [
        (b[1] - b'a') as i32,
        name[2..].parse::<i32>().unwrap() - 1,
        (b[0] - b'A') as i32,
    ]
}

fn inset(z: i32) -> i32 {
    (z - 2).abs()
}

/// A position with `pieces` (cell, letter) and nothing else: placement
/// written out level by level, then side, en passant and pools.
fn setup(pieces: &[(&str, char)], side: &str, ep: &str, pools: &str) -> Polyhedron {
    let levels: Vec<String> = (0..5)
        .map(|z| {
            let range = inset(z)..=9 - inset(z);
            let ranks: Vec<String> = range
                .clone()
                .rev()
                .map(|y| {
                    common::rank_text(range.clone().map(|x| {
                        let at = pieces.iter().find(|(c, _)| coord(c) == [x, y, z]);
                        at.map(|&(_, letter)| letter)
                    }))
                })
                .collect();
            ranks.join("/")
        })
        .collect();
    let text = format!("{} {side} - {ep} 0 1 {pools}", levels.join("|"));
    Polyhedron::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether `b` is out of reach of every piece on `a`: not within two
/// cells (no leap), and not on a line (the non-zero differences of a line
/// all have the same size).
fn out_of_reach(a: &str, b: &str) -> bool {
    let (a, b) = (coord(a), coord(b));
    let d: Vec<i32> = (0..3).map(|i| (a[i] - b[i]).abs()).collect();
    let nonzero: Vec<i32> = d.iter().copied().filter(|&x| x > 0).collect();
    d.iter().max() > Some(&2) && nonzero.iter().any(|&x| x != nonzero[0])
}

/// Moves of a White `letter` on `cell` of an otherwise empty board; the
/// Kings stand out of its reach.
fn count_alone(letter: char, cell: &str) -> usize {
    const KING_CELLS: [(&str, &str); 2] = [("Ah3", "Ec8"), ("Eh4", "Ec8")];
    let (white_king, black_king) = KING_CELLS
        .into_iter()
        .find(|(w, b)| out_of_reach(cell, w) && out_of_reach(cell, b))
        .expect("a pair of King cells out of reach");
    let mut pieces = vec![(cell, letter), (black_king, 'k')];
    if letter != 'K' {
        pieces.push((white_king, 'K'));
    }
    moves_from(&setup(&pieces, "w", "-", "-"), cell).len()
}

// Ray lengths along each direction, by hand, for the four cells below.
//
// Ce5 (4,4,2), near the centre of C:
//   orthogonal: +x 5 (f–j), -x 4, +y 5, -y 4, +z 2 (De5, Ee5), -z 2 = 22.
//   diagonal: on C (+,+) 5, (+,-) 4, (-,+) 4, (-,-) 4 = 17; in x–z each of
//     4 reaches levels B/D (x±1 in 1–8) and A/E (x±2 in 2–7) = 8; y–z the
//     same = 8; total 33.
//   triagonal: each of 8 reaches B/D (x, y ±1) and A/E (x, y ±2) = 16.
//   Leaps: every target of a leap of at most 2 exists (C 0–9; B/D hold
//   x, y 2–6; A/E hold 2–6 too), so K 26, G 52, N/H/W 24 each, S 72.
//
// Ac3 (2,2,0), a corner of A (only +x, +y and up lead anywhere):
//   orthogonal: +x 5, +y 5, +z 4 (Bc3, Cc3, Dc3, Ec3) = 14.
//   diagonal: on A (+,+) 5; x–z (+x,+z) Bd3 Ce3 Df3 Eg3 = 4, (-x,+z) Bb3 Ca3
//     = 2; y–z the same 4 + 2; total 17.
//   triagonal upward: (+,+) Bd4 Ce5 Df6 Eg7 = 4, (+,-) Bd2 Ce1 = 2, (-,+)
//     2, (-,-) Bb2 Ca1 = 2; total 10.
//   Leaps (target level A needs dx, dy >= 0; B needs >= -1; C anything):
//     K: A 3 + B 9 = 12. G: 12 + doubles A 3 + C 9 = 24.
//     N: A (1,2),(2,1); B (0,2),(2,0); C 4 = 8. H: B (±1,2),(2,±1) 4; C 4
//     = 8. W: B (2,2) 1; C 8 = 9. S = 8 + 8 + 9 = 25.
//
// Bb5 (1,4,1), on B's edge file b:
//   orthogonal: +x 7, +y 4, -y 3, +z 2 (Cb5, Db5; Eb5 does not exist) = 16.
//   diagonal: on B (+,+) min(7,4) 4, (+,-) min(7,3) 3 = 7; x–z (+x,+z)
//     Cc5 Dd5 Ee5 = 3, (+x,-z) Ac5 = 1, (-x,+z) Ca5 = 1 = 5; y–z (±y,+z)
//     Cb Db = 2 each = 4; total 16.
//   triagonal: (+x,+y,+z) Cc6 Dd7 Ee8 3, (+x,-y,+z) Cc4 Dd3 2 (Ee2 does
//     not exist), (+x,±y,-z) Ac6 Ac4 1 each, (-x,±y,+z) Ca6 Ca4 1 each = 9.
//   Leaps (B needs dx >= 0; C dx >= -1; A dx >= 1; D dx >= 0):
//     K: B 5 + C 9 + A 3 = 17. G: 17 + doubles B 5 + D 6 = 28.
//     N: B (1,±2),(2,±1) 4; C (0,±2),(2,0) 3; A (2,0) 1; D (0,±1),(1,0) 3
//     = 11. H: C 6, A 4, D (1,±1) 2 = 12. W: C (2,±2) 2, A 2, D 4 = 8.
//     S = 11 + 12 + 8 = 31.
//
// Dc4 (2,3,3), on D under E's edge (E starts at file c and rank 3):
//   orthogonal: +x 6, -x 1, +y 5, -y 2, +z 1 (Ec4), -z 3 (C, B, A) = 18.
//   diagonal: on D (+,+) 5, (+,-) 2, (-,+) 1, (-,-) 1 = 9; x–z (+x,+z) Ed4
//     1, (+x,-z) Cd4 Be4 Af4 3, (-x,-z) Cb4 1 = 5; y–z (+y,+z) Ec5 1,
//     (-y,+z) Ec3 1, (+y,-z) Cc5 Bc6 Ac7 3, (-y,-z) Cc3 Bc2 2 = 7; total 21.
//   triagonal: up (+x,±y) Ed5 Ed3 1 each; down (+,+) Cd5 Be6 Af7 3, (+,-)
//     Cd3 Be2 2, (-,±) Cb5 Cb3 1 each = 9.
//   Leaps (D needs dx >= -1; E dx >= 0 and dy >= -1; C anything; B dx >= -1):
//     K: D 8 + E 6 + C 9 = 23. G: 23 + doubles D 5 + B 6 = 34.
//     N: D 6, E 2, C 4, B 4 = 16. H: E (1,2),(2,±1) 3, C 8, B 4 = 15.
//     W: E (2,2) 1, C 4, B 6 = 11. S = 16 + 15 + 11 = 42.
const EMPTY_BOARD_COUNTS: [(&str, [(char, usize); 13]); 4] = [
    (
        "Ce5",
        [
            ('R', 22),
            ('B', 33),
            ('U', 16),
            ('D', 38),
            ('A', 49),
            ('F', 55),
            ('Q', 71),
            ('K', 26),
            ('G', 52),
            ('N', 24),
            ('H', 24),
            ('W', 24),
            ('S', 72),
        ],
    ),
    (
        "Ac3",
        [
            ('R', 14),
            ('B', 17),
            ('U', 10),
            ('D', 24),
            ('A', 27),
            ('F', 31),
            ('Q', 41),
            ('K', 12),
            ('G', 24),
            ('N', 8),
            ('H', 8),
            ('W', 9),
            ('S', 25),
        ],
    ),
    (
        "Bb5",
        [
            ('R', 16),
            ('B', 16),
            ('U', 9),
            ('D', 25),
            ('A', 25),
            ('F', 32),
            ('Q', 41),
            ('K', 17),
            ('G', 28),
            ('N', 11),
            ('H', 12),
            ('W', 8),
            ('S', 31),
        ],
    ),
    (
        "Dc4",
        [
            ('R', 18),
            ('B', 21),
            ('U', 9),
            ('D', 27),
            ('A', 30),
            ('F', 39),
            ('Q', 48),
            ('K', 23),
            ('G', 34),
            ('N', 16),
            ('H', 15),
            ('W', 11),
            ('S', 42),
        ],
    ),
];

#[test]
fn every_piece_type_moves_as_derived_by_hand_on_an_empty_board() {
    for (cell, counts) in EMPTY_BOARD_COUNTS {
        for (letter, expected) in counts {
            assert_eq!(count_alone(letter, cell), expected, "{letter} on {cell}");
        }
    }
    // The compound pieces are exactly the unions of their parts.
    for (cell, counts) in EMPTY_BOARD_COUNTS {
        let n = |l: char| counts.iter().find(|c| c.0 == l).unwrap().1;
        assert_eq!(n('D'), n('R') + n('U'), "{cell}");
        assert_eq!(n('A'), n('B') + n('U'), "{cell}");
        assert_eq!(n('F'), n('R') + n('B'), "{cell}");
        assert_eq!(n('Q'), n('R') + n('B') + n('U'), "{cell}");
        assert_eq!(n('S'), n('N') + n('H') + n('W'), "{cell}");
    }
}

#[test]
fn the_opening_moves_are_counted_by_hand() {
    // White's 136 first moves: 38 pawns with a single and a double step
    // each (A 6, B 8, C 10, D 8, E 6) = 76; Knights Cb2, Ci2 2 on C (a4/c4,
    // h4/j4) + Bb4/Db4 (Bi4/Di4) = 8; each Wyvern 5 (e.g. Bc2: Ca4 Ce4 Ae4
    // Db4 Dd4) = 20; each Hippogriff 4 (Bd2: Cc4 Ce4 Ac4 Ae4) = 16; each
    // Gargoyle 4 (Bb2: Bb4 Bd4 Db4 Dd4) = 16. Everything else is hemmed in.
    let mut p = Polyhedron::start();
    // 74 pieces a side (C 30, B and D 16 each, A and E 6 each), Kings on
    // Cf1 and Cf10.
    let placement = p.to_text();
    let placement = placement.split(' ').next().unwrap();
    assert_eq!(
        placement.chars().filter(char::is_ascii_uppercase).count(),
        74
    );
    assert_eq!(
        placement.chars().filter(char::is_ascii_lowercase).count(),
        74
    );
    let cell = |name: &str| p.tables().geo.parse_cell(name).unwrap();
    assert_eq!(p.royal_cell(Side::White), Some(cell("Cf1")));
    assert_eq!(p.royal_cell(Side::Black), Some(cell("Cf10")));
    let all = moves(&p);
    assert_eq!(all.len(), 136);
    assert_eq!(
        moves_from(&p, "Bc2"),
        ["Bc2-Ae4", "Bc2-Ca4", "Bc2-Ce4", "Bc2-Db4", "Bc2-Dd4"]
    );
    assert_eq!(
        moves_from(&p, "Bd2"),
        ["Bd2-Ac4", "Bd2-Ae4", "Bd2-Cc4", "Bd2-Ce4"]
    );
    assert_eq!(
        moves_from(&p, "Bb2"),
        ["Bb2-Bb4", "Bb2-Bd4", "Bb2-Db4", "Bb2-Dd4"]
    );
    assert_eq!(
        moves_from(&p, "Cb2"),
        ["Cb2-Bb4", "Cb2-Ca4", "Cb2-Cc4", "Cb2-Db4"]
    );
    assert_eq!(moves_from(&p, "Ac3"), ["Ac3-Ac4", "Ac3-Ac5"]);
    assert!(moves_from(&p, "Cf1").is_empty());
    // Black's position is White's mirrored: the same count.
    p.play("Cc3-Cc4").unwrap();
    assert_eq!(moves(&p).len(), 136);
}

#[test]
fn pawns_step_double_step_and_capture_forward_across_levels() {
    // Alone: one step and, from rank 3, a double step.
    let p = setup(&[("Cc3", 'P'), ("Ah3", 'K'), ("Ec8", 'k')], "w", "-", "-");
    assert_eq!(moves_from(&p, "Cc3"), ["Cc3-Cc4", "Cc3-Cc5"]);
    let p = setup(&[("Cc4", 'P'), ("Ah3", 'K'), ("Ec8", 'k')], "w", "-", "-");
    assert_eq!(
        moves_from(&p, "Cc4"),
        ["Cc4-Cc5"],
        "no double step off rank 3"
    );
    let p = setup(
        &[("Cc3", 'P'), ("Cc5", 'n'), ("Ah3", 'K'), ("Ec8", 'k')],
        "w",
        "-",
        "-",
    );
    assert_eq!(moves_from(&p, "Cc3"), ["Cc3-Cc4"], "double step blocked");
    let p = setup(
        &[("Cc3", 'P'), ("Cc4", 'n'), ("Ah3", 'K'), ("Ec8", 'k')],
        "w",
        "-",
        "-",
    );
    assert!(moves_from(&p, "Cc3").is_empty(), "blocked pawn");

    // Ce5 (4,4,2) with enemies on all 8 forward cells (dx, +1, dz) and
    // behind and beside it: 8 captures and the step to Ce6.
    let mut pieces = vec![("Ce5", 'P'), ("Ah3", 'K'), ("Ec8", 'k')];
    for c in [
        "Cd6", "Cf6", "Be6", "De6", "Bd6", "Bf6", "Dd6", "Df6", "Cd5", "Be4", "De5",
    ] {
        pieces.push((c, 'n'));
    }
    let p = setup(&pieces, "w", "-", "-");
    assert_eq!(
        moves_from(&p, "Ce5"),
        [
            "Ce5-Ce6", "Ce5xBd6", "Ce5xBe6", "Ce5xBf6", "Ce5xCd6", "Ce5xCf6", "Ce5xDd6", "Ce5xDe6",
            "Ce5xDf6"
        ]
    );

    // A Black pawn on Ac8 (2,7,0), a corner of A, moves down the ranks:
    // Ac7, Ac6, and captures Ad7 (3,6,0), Bb7 (1,6,1), Bc7, Bd7 — its other
    // forward cells (x = 1 on A, level -1) do not exist.
    let mut pieces = vec![("Ac8", 'p'), ("Ah3", 'K'), ("Ec5", 'k')];
    for c in ["Ad7", "Bb7", "Bc7", "Bd7"] {
        pieces.push((c, 'N'));
    }
    let p = setup(&pieces, "b", "-", "-");
    assert_eq!(
        moves_from(&p, "Ac8"),
        ["Ac8-Ac6", "Ac8-Ac7", "Ac8xAd7", "Ac8xBb7", "Ac8xBc7", "Ac8xBd7"]
    );
}

#[test]
fn en_passant_is_taken_from_another_level_onto_the_skipped_cell() {
    // White's Bd3-Bd5 skips Bd4 (3,3,1). Black pawns capture (dx, -1, dz):
    // Cd5 (3,4,2) reaches Bd4 with (0,-1,-1), Ae5 (4,4,0) with (-1,-1,+1).
    let pieces = [
        ("Bd3", 'P'),
        ("Cd5", 'p'),
        ("Ae5", 'p'),
        ("Cb1", 'K'),
        ("Ci10", 'k'),
    ];
    let mut p = setup(&pieces, "w", "-", "-");
    p.play("Bd3-Bd5").unwrap();
    assert!(p.to_text().contains(" b - Bd4 0 1 "), "{}", p.to_text());
    let black = moves(&p);
    for m in ["Cd5xBd4", "Ae5xBd4"] {
        assert!(black.contains(&m.to_string()), "{m} in {black:?}");
    }
    p.play("Ae5xBd4").unwrap();
    assert_eq!(
        p.to_text(),
        setup(
            &[("Bd4", 'p'), ("Cd5", 'p'), ("Cb1", 'K'), ("Ci10", 'k')],
            "w",
            "-",
            "-"
        )
        .to_text()
        .replace(" 0 1 ", " 0 2 "),
        "the capturer lands on Bd4, the pawn on Bd5 is gone, no pool changes"
    );

    // One move later the right is gone.
    let mut p = setup(&pieces, "w", "-", "-");
    for m in ["Bd3-Bd5", "Ci10-Ch10", "Cb1-Ca1"] {
        p.play(m).unwrap();
    }
    assert!(!moves(&p).iter().any(|m| m.ends_with("xBd4")));
}

/// White pawns one step from the last rank of each level: A and E rank 8,
/// B and D rank 9, C rank 10.
const NEAR_LAST_RANK: [(&str, &str); 5] = [
    ("Ac7", "Ac8"),
    ("Bc8", "Bc9"),
    ("Cc9", "Cc10"),
    ("Dc8", "Dc9"),
    ("Ec7", "Ec8"),
];

#[test]
fn pawns_promote_on_each_levels_last_rank_to_a_piece_of_the_pool() {
    let mut pieces = vec![("Cj1", 'K'), ("Cj6", 'k')];
    pieces.extend(NEAR_LAST_RANK.iter().map(|&(c, _)| (c, 'P')));
    // White's pool holds a captured Queen and Knight; Black's a Rook,
    // which White cannot use.
    let p = setup(&pieces, "w", "-", "QNr");
    for (from, to) in NEAR_LAST_RANK {
        assert_eq!(
            moves_from(&p, from),
            [format!("{from}-{to}=N"), format!("{from}-{to}=Q")],
            "a pawn must promote, to a piece of its own pool"
        );
    }
    let mut p = p;
    p.play("Cc9-Cc10=Q").unwrap();
    assert!(p.to_text().ends_with(" Nr"), "the Queen left the pool");
    assert!(moves_from(&p, "Ac7").iter().all(|m| m.ends_with("=N")));

    // Black promotes on C rank 1, B/D rank 2, A/E rank 3.
    let p = setup(
        &[
            ("Cc2", 'p'),
            ("Bc3", 'p'),
            ("Ac4", 'p'),
            ("Cj10", 'K'),
            ("Cj5", 'k'),
        ],
        "b",
        "-",
        "b",
    );
    assert_eq!(moves_from(&p, "Cc2"), ["Cc2-Cc1=B"]);
    assert_eq!(moves_from(&p, "Bc3"), ["Bc3-Bc2=B"]);
    assert_eq!(moves_from(&p, "Ac4"), ["Ac4-Ac3=B"]);
}

#[test]
fn a_pawn_changing_level_promotes_only_on_the_last_rank_of_its_new_level() {
    // Bc8 (2,7,1) captures Cd9 (3,8,2) with (+1,+1,+1) and Cc9 with
    // (0,+1,+1): rank 9 is not C's last rank, so no promotion, and none is
    // needed with the pool empty; its step to Bc9 (B's last rank) is barred.
    // Cc8 (2,7,2) may take Cd9 (3,8,2) on its own level, but not Bd9
    // (3,8,1) along (+1,+1,-1): B's last rank, barred with the pool empty.
    let p = setup(
        &[
            ("Bc8", 'P'),
            ("Cd9", 'n'),
            ("Cc8", 'P'),
            ("Bd9", 'n'),
            ("Cc9", 'n'),
            ("Ah3", 'K'),
            ("Ec5", 'k'),
        ],
        "w",
        "-",
        "-",
    );
    assert_eq!(moves_from(&p, "Bc8"), ["Bc8xCc9", "Bc8xCd9"]);
    assert_eq!(moves_from(&p, "Cc8"), ["Cc8xCd9"]);
}

#[test]
fn with_an_empty_pool_a_pawn_cannot_reach_the_last_rank_but_still_gives_check() {
    let mut pieces = vec![("Cj1", 'K'), ("Cj5", 'k')];
    pieces.extend(NEAR_LAST_RANK.iter().map(|&(c, _)| (c, 'P')));
    // White's pool is empty (Black's is not: it does not help White).
    let p = setup(&pieces, "w", "-", "qr");
    for (from, _) in NEAR_LAST_RANK {
        assert!(moves_from(&p, from).is_empty(), "{from} is barred");
    }

    // The pawn on Cc9 (2,8,2) attacks Cb10 and Cd10 along (-1,+1,0) and
    // (+1,+1,0) all the same: a Black King on Cd10 is in check.
    let mut pieces = vec![("Cj1", 'K'), ("Cd10", 'k')];
    pieces.extend(NEAR_LAST_RANK.iter().map(|&(c, _)| (c, 'P')));
    let mut black = setup(&pieces, "b", "-", "qr");
    assert!(black.in_check());
    // Nor may the King step onto a cell a barred pawn attacks: Cb10 (Cc9's
    // other capture cell) and Cd9 (3,8,2), which Bc8 (2,7,1) attacks along
    // (+1,+1,+1). Ce10, Ce9 and De9 are free.
    let king = moves_from(&black, "Cd10");
    assert!(!king.contains(&"Cd10-Cb10".to_string()), "{king:?}");
    assert!(!king.contains(&"Cd10-Cd9".to_string()), "{king:?}");
    for free in ["Cd10-Ce10", "Cd10-Ce9", "Cd10-De9"] {
        assert!(king.contains(&free.to_string()), "{free} in {king:?}");
    }
    assert!(black.outcome().is_none());
}

#[test]
fn a_unicorn_may_promote_after_a_capture() {
    // Unicorn Cc3 (2,2,2) captures the Rook on Dd4 (3,3,3) along (1,1,1).
    let pieces = [("Cc3", 'U'), ("Dd4", 'r'), ("Ah8", 'K'), ("Eg3", 'k')];
    let p = setup(&pieces, "w", "-", "QRU");
    let captures: Vec<String> = moves_from(&p, "Cc3")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    // Without suffix: no promotion; Q and R from the pool; never a Unicorn.
    assert_eq!(captures, ["Cc3xDd4", "Cc3xDd4=Q", "Cc3xDd4=R"]);
    assert!(
        moves_from(&p, "Cc3")
            .iter()
            .all(|m| m.contains('x') || !m.contains('=')),
        "no promotion without a capture"
    );
    let mut after = p.clone();
    after.play("Cc3xDd4=Q").unwrap();
    // The Queen stands on Dd4; the Unicorn is gone and enters no pool; the
    // captured Rook enters Black's pool.
    let expected = setup(&[("Dd4", 'Q'), ("Ah8", 'K'), ("Eg3", 'k')], "b", "-", "RUr");
    assert_eq!(after.to_text(), expected.to_text());

    // A promoted piece captured later enters its owner's pool as what it
    // became: Black's Rook on Dd7 takes the Queen.
    let mut p = setup(
        &[
            ("Cc3", 'U'),
            ("Dd4", 'r'),
            ("Dd7", 'r'),
            ("Ah8", 'K'),
            ("Eg3", 'k'),
        ],
        "w",
        "-",
        "Q",
    );
    p.play("Cc3xDd4=Q").unwrap();
    p.play("Dd7xDd4").unwrap();
    assert!(p.to_text().ends_with(" 0 2 Qr"), "{}", p.to_text());

    // With an empty pool, or only Unicorns in it, nothing to promote to.
    for pool in ["-", "UU"] {
        let p = setup(&pieces, "w", "-", pool);
        assert!(!moves_from(&p, "Cc3").iter().any(|m| m.contains('=')));
    }
}

#[test]
fn checkmate_wins() {
    // Black King in A's corner Ah8 (7,7,0): its 12 neighbours are Ag8, Ag7,
    // Ah7 on A and the 9 cells Bg7–Bi9 of B. The Queen on Bh8 (7,7,1),
    // directly above, checks along (0,0,-1) and covers all 12: the B cells
    // by one-step lines on B, Ag8 (-1,0,-1), Ag7 (-1,-1,-1), Ah7 (0,-1,-1).
    // The Rook on Dh8 defends her along (0,0,-1) through the empty Ch8.
    let mut p = setup(
        &[("Ah8", 'k'), ("Bh8", 'Q'), ("Dh8", 'R'), ("Cb1", 'K')],
        "b",
        "-",
        "-",
    );
    assert!(p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Checkmate
        })
    );
    // Without the Rook the King takes the Queen.
    let mut p = setup(&[("Ah8", 'k'), ("Bh8", 'Q'), ("Cb1", 'K')], "b", "-", "-");
    assert_eq!(moves(&p), ["Ah8xBh8"]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn stalemate_draws() {
    // Black King on Ah8 (7,7,0), not attacked: the Queen on Ag6 (6,5,0) is
    // a (1,2,0) away. Its 12 neighbours: the Queen covers Ag7, Ag8 (+y),
    // Ah7 (+1,+1,0), Bg7 (0,+1,+1), Bh7 (+1,+1,+1); the Rooks on Bb7, Bb8,
    // Bb9 cover B's ranks 7, 8, 9 along +x, files g to i included.
    let mut p = setup(
        &[
            ("Ah8", 'k'),
            ("Ag6", 'Q'),
            ("Bb7", 'R'),
            ("Bb8", 'R'),
            ("Bb9", 'R'),
            ("Cb1", 'K'),
        ],
        "b",
        "-",
        "-",
    );
    assert!(!p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn bare_kings_draw() {
    let mut p = setup(&[("Cb1", 'K'), ("Ci10", 'k')], "w", "-", "QRr");
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::BareKings)));
}

#[test]
fn position_strings_are_checked() {
    let start = Polyhedron::start().to_text();
    let error = |text: &str| match Polyhedron::from_text(text) {
        Ok(p) => panic!("{text} was accepted as {}", p.to_text()),
        Err(e) => e.to_string(),
    };
    // No Kings at all.
    let empty: Vec<String> = (0..5)
        .map(|z| {
            let w = 10 - 2 * inset(z);
            vec![w.to_string(); w as usize].join("/")
        })
        .collect();
    assert!(error(&format!("{} w - - 0 1 -", empty.join("|"))).contains("King"));
    // The pools may not hold a King, nor a letter of no piece.
    for pools in ["K", "P", "p", "Z", "x1"] {
        let e = error(&start.replace(" 0 1 -", &format!(" 0 1 {pools}")));
        assert!(e.contains("pools"), "{pools}: {e}");
    }
    // A level with the wrong number of ranks, or a rank of the wrong width.
    let e = error(&start.replacen("pppppp/6/", "pppppp/", 1));
    assert!(e.contains("level A"), "{e}");
    let e = error(&start.replacen("pppppp/6/", "pppppp/7/", 1));
    assert!(e.contains("level A, rank 7"), "{e}");
    // A pawn on its own last rank would have promoted: Ac8 for White.
    let e = error(&start.replacen("pppppp/6/", "Pppppp/6/", 1));
    assert!(e.contains("cannot stand on Ac8"), "{e}");
    // Rank 7 of A is no last rank, for either side.
    assert!(Polyhedron::from_text(&start.replacen("pppppp/6/", "pppppp/P5/", 1)).is_ok());
    // Only the cell a double step just skipped can be the en-passant cell.
    let e = error(&start.replace(" w - - ", " w - Cc4 "));
    assert!(e.contains("en passant"), "{e}");
}

#[test]
fn moves_read_exactly_as_printed() {
    let mut p = Polyhedron::start();
    assert!(p.parse_move("Cc3-Cc5").is_ok());
    for (text, why) in [
        ("Cc3-Cc6", "illegal"),
        ("Cc3xCc5", "illegal"),
        ("cc3-cc5", "expected"),
        ("Cc3Cc5", "expected"),
        ("Fc3-Fc5", "expected"),
        ("Cc3-Cc5=Q", "illegal"),
    ] {
        let e = p.parse_move(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn threefold_repetition_and_the_hundred_ply_rule_draw() {
    // Both Wyverns leave and come back twice: the start position occurs a
    // third time after eight plies (RULINGS.md §0).
    let mut p = Polyhedron::start();
    for _ in 0..2 {
        for m in ["Bc2-Dd4", "Bc9-Dd7", "Dd4-Bc2", "Dd7-Bc9"] {
            assert_eq!(p.outcome(), None);
            p.play(m).unwrap();
        }
    }
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));

    // A halfmove clock of 100 draws; a pawn move had reset it.
    let text = Polyhedron::start().to_text().replace(" 0 1 -", " 100 60 -");
    let mut p = Polyhedron::from_text(&text).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::HundredPlies)));
    let text = Polyhedron::start().to_text().replace(" 0 1 -", " 99 60 -");
    let mut p = Polyhedron::from_text(&text).unwrap();
    p.play("Cc3-Cc4").unwrap();
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.outcome(), None);
}

/// A hostile move text costs a glance: over `MAX_MOVE_TEXT` it is refused
/// unread, and under it the reader tries no more split points than the
/// longest cell name is long (issue 20: 200k characters once took 3 s).
#[test]
fn long_move_texts_are_refused_unread() {
    use chess3d_core::{MoveError, MAX_MOVE_TEXT};
    let mut pos = Polyhedron::start();
    let long = "Bc2-".repeat(1_000_000);
    assert_eq!(
        pos.parse_move(&long),
        Err(MoveError::TooLong {
            len: long.len(),
            max: MAX_MOVE_TEXT
        })
    );
    // At the cap: read, and found not to be a move.
    let at_cap = "Bc2-Ae4".repeat(MAX_MOVE_TEXT)[..MAX_MOVE_TEXT].to_string();
    assert!(matches!(
        pos.parse_move(&at_cap),
        Err(MoveError::Unreadable { .. })
    ));
}
