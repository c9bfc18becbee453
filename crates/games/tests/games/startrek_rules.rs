//! Star Trek 3-D Chess rule by rule (RULINGS.md §3, seed 002): the setup
//! and White's 21 first moves counted by hand, the seed's three worked
//! examples of the path rule, every attack-board rule, castling both ways,
//! the rook-pawn option on and off, en passant, promotion, notation and
//! position strings.
//!
//! Squares are file, rank and level: `c1(2)`. Main boards: level 2 is
//! b–e × 1–4, level 4 b–e × 3–6, level 6 b–e × 5–8. A board on a pin
//! covers the pin's corner column and the three outward from it, one level
//! above the pin (upright) or below (inverted, `i`).

use crate::common;

use chess3d_core::{MoveError, Side};
use chess3d_games::startrek::StarTrek;
use common::{moves, moves_from};

/// The boards of the start.
const START_BOARDS: &str = "b1(2):w,e1(2):w,b8(6):b,e8(6):b";

/// The position string with exactly these pieces (upper case White) and
/// boards, `side` to move, `castling` rights, nothing moved.
fn setup_text(pieces: &[(&str, char)], side: &str, boards: &str, castling: &str) -> String {
    let geo = &StarTrek::start().tables().geo;
    let levels: Vec<String> = geo
        .levels()
        .iter()
        .map(|level| {
            level
                .rows
                .iter()
                .map(|row| {
                    common::rank_text(row.cells.iter().map(|&c| {
                        pieces
                            .iter()
                            .find(|(name, _)| *name == geo.name(c))
                            .map(|&(_, letter)| letter)
                    }))
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    format!("{} {side} {castling} - 0 1 {boards} - -", levels.join("|"))
}

fn setup(pieces: &[(&str, char)], side: &str, boards: &str) -> StarTrek {
    setup_castling(pieces, side, boards, "-")
}

fn setup_castling(pieces: &[(&str, char)], side: &str, boards: &str, castling: &str) -> StarTrek {
    let text = setup_text(pieces, side, boards, castling);
    StarTrek::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The destinations of the moves from `from`.
fn destinations(p: &StarTrek, from: &str) -> Vec<String> {
    let mut v: Vec<String> = moves_from(p, from)
        .iter()
        .map(|m| m[from.len() + 1..].to_string())
        .collect();
    v.sort();
    v
}

/// The letter of the piece on the square `name` ('.' if empty).
fn letter_at(p: &StarTrek, name: &str) -> char {
    let piece = p.piece_at(p.tables().geo.parse_cell(name).unwrap());
    if piece.is_empty() {
        return '.';
    }
    let letter = p.tables().kinds[piece.kind() as usize].def.letter;
    if piece.side() == Side::White {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

fn board_moves(p: &StarTrek) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with('L'))
        .collect()
}

fn boards_field(p: &StarTrek) -> String {
    p.to_text().split_whitespace().nth(6).unwrap().to_string()
}

#[test]
fn the_start_is_the_rulings_setup() {
    // RULINGS.md §3, Setup.
    let white = [
        ("a0(3)", 'R'),
        ("f0(3)", 'R'),
        ("b0(3)", 'Q'),
        ("e0(3)", 'K'),
        ("a1(3)", 'P'),
        ("b1(3)", 'P'),
        ("e1(3)", 'P'),
        ("f1(3)", 'P'),
        ("b2(2)", 'P'),
        ("c2(2)", 'P'),
        ("d2(2)", 'P'),
        ("e2(2)", 'P'),
        ("b1(2)", 'N'),
        ("e1(2)", 'N'),
        ("c1(2)", 'B'),
        ("d1(2)", 'B'),
    ];
    let black = [
        ("a9(7)", 'r'),
        ("f9(7)", 'r'),
        ("b9(7)", 'q'),
        ("e9(7)", 'k'),
        ("a8(7)", 'p'),
        ("b8(7)", 'p'),
        ("e8(7)", 'p'),
        ("f8(7)", 'p'),
        ("b7(6)", 'p'),
        ("c7(6)", 'p'),
        ("d7(6)", 'p'),
        ("e7(6)", 'p'),
        ("b8(6)", 'n'),
        ("e8(6)", 'n'),
        ("c8(6)", 'b'),
        ("d8(6)", 'b'),
    ];
    let all: Vec<(&str, char)> = white.iter().chain(&black).copied().collect();
    assert_eq!(
        StarTrek::start(),
        setup_castling(&all, "w", START_BOARDS, "KQkq")
    );
    assert_eq!(StarTrek::start().side_to_move(), Side::White);
}

#[test]
fn white_has_21_first_moves() {
    // By hand, with the boards at b1(2), e1(2) (White, level 3) and b8(6),
    // e8(6) (Black, level 7):
    // - Pawns b2(2)–e2(2): one step to either square of the column ahead
    //   (b3(2), b3(4)), or two to either square two ahead (b4(2), b4(4)),
    //   the skipped column b3 being empty: 4 each, 16.
    // - Pawns a1(3), b1(3), e1(3), f1(3): a2 and f2 do not exist (no board
    //   on b3(4) or e3(4)); b2(2), e2(2) hold White pawns, which also block
    //   the double steps of b1(3) and e1(3) (each is its column's only path
    //   square). The rook-pawn
    //   moves inward land on b1/e1 (Knight and pawn), c1/d1 (Bishops), and
    //   b0(3)/e0(3) hold no enemy. 0.
    // - Knights b1(2), e1(2): c3 (c3(2), c3(4)) and d3; a3/f3 do not exist,
    //   d2/c2 hold pawns, d0/c0 do not exist: 2 each, 4.
    // - King e0(3): O-O swaps it with the Rook on f0(3); O-O-O needs b0(3)
    //   empty (the Queen). Its steps all meet White pieces or no square.
    //   1.
    // - Queen, Rooks and Bishops are shut in by their own pieces; the
    //   boards carry more than one pawn. 0.
    assert_eq!(
        moves(&StarTrek::start()),
        sorted(&[
            "b2(2)-b3(2)",
            "b2(2)-b3(4)",
            "b2(2)-b4(2)",
            "b2(2)-b4(4)",
            "c2(2)-c3(2)",
            "c2(2)-c3(4)",
            "c2(2)-c4(2)",
            "c2(2)-c4(4)",
            "d2(2)-d3(2)",
            "d2(2)-d3(4)",
            "d2(2)-d4(2)",
            "d2(2)-d4(4)",
            "e2(2)-e3(2)",
            "e2(2)-e3(4)",
            "e2(2)-e4(2)",
            "e2(2)-e4(4)",
            "b1(2)-c3(2)",
            "b1(2)-c3(4)",
            "e1(2)-d3(2)",
            "e1(2)-d3(4)",
            "O-O",
        ])
    );
}

/// Kings out of the way of the seed's examples: White on f0(3) (the e1(2)
/// board) and Black on a9(7) (the b8(6) board).
const KINGS: [(&str, char); 2] = [("f0(3)", 'K'), ("a9(7)", 'k')];

#[test]
fn seed_rook_on_c1_2_on_the_empty_board() {
    // Seed 002 §II.3: "It could move to any of c2(2), c3(2), c4(2); c3(4),
    // c4(4), c5(4), c6(4); c5(6), c6(6), c7(6), c8(6)": up the c-file,
    // exactly these (c9 has no square, so the file ends at c8(6)).
    let p = setup(&[KINGS[0], KINGS[1], ("c1(2)", 'R')], "w", START_BOARDS);
    let up_the_file: Vec<String> = destinations(&p, "c1(2)")
        .into_iter()
        .filter(|to| to.starts_with('c'))
        .collect();
    assert_eq!(
        up_the_file,
        sorted(&[
            "c2(2)", "c3(2)", "c4(2)", "c3(4)", "c4(4)", "c5(4)", "c6(4)", "c5(6)", "c6(6)",
            "c7(6)", "c8(6)"
        ])
    );
    // Along rank 1 it is an ordinary Rook too: b1(2), d1(2), e1(2) and the
    // board squares b1(3), a1(3), e1(3), f1(3) (the seed lists only the
    // file).
    let along_the_rank: Vec<String> = destinations(&p, "c1(2)")
        .into_iter()
        .filter(|to| !to.starts_with('c'))
        .collect();
    assert_eq!(
        along_the_rank,
        sorted(&["b1(2)", "b1(3)", "a1(3)", "d1(2)", "e1(2)", "e1(3)", "f1(3)"])
    );
}

#[test]
fn seed_rook_on_e4_2_checks_e0_3_until_both_e1_squares_are_blocked() {
    // Seed 002 §II.4: a lone White King on e0(3), a Black Rook on e4(2):
    // check through e1(2) or e1(3); a pawn on e1(2) does not block; both
    // must be.
    let base = [("e0(3)", 'K'), ("a9(7)", 'k'), ("e4(2)", 'r')];
    let with = |extra: &[(&str, char)]| {
        let mut pieces = base.to_vec();
        pieces.extend_from_slice(extra);
        setup(&pieces, "w", START_BOARDS)
    };
    assert!(with(&[]).in_check());
    assert!(with(&[("e1(2)", 'P')]).in_check());
    assert!(with(&[("e1(3)", 'P')]).in_check());
    assert!(!with(&[("e1(2)", 'P'), ("e1(3)", 'P')]).in_check());
}

#[test]
fn seed_rook_on_b0_3_reaches_b3_4() {
    // Seed 002 §II.4: "a white Rook at b0(3) … can attack a black Bishop at
    // b3(4), even though it zig-zags down to b1(2) and then goes back up".
    let base = [
        ("e0(3)", 'K'),
        ("e9(7)", 'k'),
        ("b0(3)", 'R'),
        ("b3(4)", 'b'),
    ];
    let with = |extra: &[(&str, char)]| {
        let mut pieces = base.to_vec();
        pieces.extend_from_slice(extra);
        setup(&pieces, "w", START_BOARDS)
    };
    let takes = |p: &StarTrek| moves(p).contains(&"b0(3)xb3(4)".to_string());
    assert!(takes(&with(&[])));
    assert!(takes(&with(&[("b1(2)", 'N')])));
    assert!(takes(&with(&[("b1(3)", 'P')])));
    assert!(!takes(&with(&[("b1(2)", 'N'), ("b1(3)", 'P')])));
    assert!(!takes(&with(&[("b2(2)", 'P')])));
}

/// RULINGS.md §3's neighbour list, written out for the b-file pins.
const B_NEIGHBOURS: [(&str, &[&str]); 6] = [
    ("b1(2)", &["b3(4)"]),
    ("b3(4)", &["b1(2)", "b4(2)", "b5(6)"]),
    ("b4(2)", &["b3(4)", "b5(6)", "b6(4)"]),
    ("b5(6)", &["b3(4)", "b4(2)", "b6(4)"]),
    ("b6(4)", &["b4(2)", "b5(6)", "b8(6)"]),
    ("b8(6)", &["b6(4)"]),
];

#[test]
fn an_empty_board_inverts_or_moves_to_each_neighbouring_pin() {
    // A lone White board on each pin, upright; the other three boards on
    // the other file, which a board never reaches. Kings on main squares.
    for file in ['b', 'e'] {
        let other = if file == 'b' { 'e' } else { 'b' };
        for (pin, neighbours) in B_NEIGHBOURS {
            let pin = pin.replacen('b', &file.to_string(), 1);
            let boards = format!("{pin}:w,{other}1(2):w,{other}4(2):b,{other}8(6):b");
            let p = setup(&[("c3(2)", 'K'), ("c6(6)", 'k')], "w", &boards);
            let mut expected = vec![format!("L{pin}-{pin}i")];
            for n in neighbours {
                let n = n.replacen('b', &file.to_string(), 1);
                expected.push(format!("L{pin}-{n}"));
                expected.push(format!("L{pin}-{n}i"));
            }
            expected.sort();
            let ours: Vec<String> = board_moves(&p)
                .into_iter()
                .filter(|m| m.starts_with(&format!("L{pin}-")))
                .collect();
            assert_eq!(ours, expected, "{pin}");
        }
    }
    // An inverted board inverts back and moves on: from b3(4)i.
    let p = setup(
        &[("c3(2)", 'K'), ("c6(6)", 'k')],
        "w",
        "b3(4)i:w,e1(2):w,e4(2):b,e8(6):b",
    );
    assert_eq!(
        board_moves(&p)
            .into_iter()
            .filter(|m| m.starts_with("Lb3(4)i"))
            .collect::<Vec<_>>(),
        sorted(&[
            "Lb3(4)i-b3(4)",
            "Lb3(4)i-b1(2)",
            "Lb3(4)i-b1(2)i",
            "Lb3(4)i-b4(2)",
            "Lb3(4)i-b4(2)i",
            "Lb3(4)i-b5(6)",
            "Lb3(4)i-b5(6)i"
        ])
    );
    // Only free slots: with Black's board on b3(4), White's on b1(2) may
    // still take b3(4)i, but not b3(4).
    let p = setup(
        &[("c3(2)", 'K'), ("c6(6)", 'k')],
        "w",
        "b1(2):w,b3(4):b,e4(2):b,e8(6):w",
    );
    assert_eq!(
        board_moves(&p)
            .into_iter()
            .filter(|m| m.starts_with("Lb1(2)"))
            .collect::<Vec<_>>(),
        sorted(&["Lb1(2)-b1(2)i", "Lb1(2)-b3(4)i"])
    );
}

#[test]
fn a_board_moves_with_one_own_pawn_and_nothing_else() {
    // White's board on b4(2): a4 b4 a5 b5 on level 3.
    let boards = "b4(2):w,e1(2):w,e4(2):b,e8(6):b";
    let kings = [("c3(2)", 'K'), ("d8(6)", 'k')];
    let can_move = |load: &[(&str, char)]| {
        let mut pieces = kings.to_vec();
        pieces.extend_from_slice(load);
        let p = setup(&pieces, "w", boards);
        board_moves(&p).iter().any(|m| m.starts_with("Lb4(2)"))
    };
    assert!(can_move(&[]));
    assert!(can_move(&[("a4(3)", 'P')]));
    assert!(!can_move(&[("a4(3)", 'P'), ("b5(3)", 'P')]));
    assert!(!can_move(&[("a4(3)", 'N')]));
    assert!(!can_move(&[("a4(3)", 'p')]));
    // Only the owner moves it: Black's turn, White's board stays.
    let p = setup(&[kings[0], kings[1]], "b", boards);
    assert!(!board_moves(&p).iter().any(|m| m.starts_with("Lb4(2)")));
}

#[test]
fn the_carried_pawn_rides_at_its_place_and_counts_as_moved() {
    // A White pawn on a1(3), unmoved, on the b1(2) board: at first it may
    // step two files inward (the rook-pawn rule) to c1(2).
    let boards = "b1(2):w,e1(2):w,e4(2):b,e8(6):b";
    let mut p = setup(
        &[("c3(2)", 'K'), ("c6(6)", 'k'), ("a1(3)", 'P')],
        "w",
        boards,
    );
    assert!(moves(&p).contains(&"a1(3)-c1(2)".to_string()));
    // The board moves to b3(4): the pawn, on the upper rank and file a of
    // the 2×2, rides to a3(5).
    p.play("Lb1(2)-b3(4)").unwrap();
    assert_eq!(letter_at(&p, "a3(5)"), 'P');
    p.play("c6(6)-c7(6)").unwrap();
    // Back to b1(2): the pawn is on a1(3) again, but it has moved.
    p.play("Lb3(4)-b1(2)").unwrap();
    p.play("c7(6)-c6(6)").unwrap();
    assert!(!moves(&p).contains(&"a1(3)-c1(2)".to_string()));
    assert!(p.to_text().contains(" a1(3) -"), "{}", p.to_text());
}

#[test]
fn a_pawn_carried_onto_rank_8_or_9_promotes() {
    // White's board on b6(4) (a6 b6 a7 b7, level 5) with a pawn on a7(5);
    // the move to b8(6) (a8 b8 a9 b9) puts it on a9(7) or, inverted, a9(5):
    // a promotion rank, so four choices each. To b4(2) and b5(6) it does
    // not promote.
    let p = setup(
        &[("c3(2)", 'K'), ("c6(6)", 'k'), ("a7(5)", 'P')],
        "w",
        "b6(4):w,e1(2):w,e4(2):b,e8(6):b",
    );
    let promoting: Vec<String> = board_moves(&p)
        .into_iter()
        .filter(|m| m.contains('='))
        .collect();
    assert_eq!(
        promoting,
        sorted(&[
            "Lb6(4)-b8(6)=B",
            "Lb6(4)-b8(6)=N",
            "Lb6(4)-b8(6)=Q",
            "Lb6(4)-b8(6)=R",
            "Lb6(4)-b8(6)i=B",
            "Lb6(4)-b8(6)i=N",
            "Lb6(4)-b8(6)i=Q",
            "Lb6(4)-b8(6)i=R",
        ])
    );
    let mut after = p.clone();
    after.play("Lb6(4)-b8(6)=Q").unwrap();
    assert_eq!(letter_at(&after, "a9(7)"), 'Q');
}

#[test]
fn a_board_move_that_exposes_the_own_king_is_illegal() {
    // The White King on b2(2), a Black Rook on b4(4): the ceiling is 4, and
    // column b3's path squares at level 4 are b3(4) alone, held by a White
    // Knight, so no check. A board on b3(4) (either way up) adds an empty
    // square anchored at 4 to that column: the Rook would check, so those
    // two moves of the empty b1(2) board are illegal; inverting is not.
    let p = setup(
        &[
            ("b2(2)", 'K'),
            ("b3(4)", 'N'),
            ("b4(4)", 'r'),
            ("e6(6)", 'k'),
        ],
        "w",
        "b1(2):w,e1(2):w,e4(2):b,e8(6):b",
    );
    assert!(!p.in_check());
    let ours: Vec<String> = board_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("Lb1(2)"))
        .collect();
    assert_eq!(ours, ["Lb1(2)-b1(2)i"]);
}

#[test]
fn capturing_the_owners_last_piece_on_a_board_takes_the_board() {
    // White's board b1(2) holds only a White pawn on a1(3); a Black Knight
    // on c2(2) takes it: the board is Black's.
    let mut p = setup(
        &[
            ("e4(4)", 'K'),
            ("c6(6)", 'k'),
            ("a1(3)", 'P'),
            ("c2(2)", 'n'),
        ],
        "b",
        "b1(2):w,e1(2):w,e4(2):b,e8(6):b",
    );
    p.play("c2(2)xa1(3)").unwrap();
    assert_eq!(boards_field(&p), "b1(2):b,e1(2):w,e4(2):b,e8(6):b");
    // While the owner keeps a piece on it, the board stays: two White
    // pawns, one taken.
    let mut p = setup(
        &[
            ("e4(4)", 'K'),
            ("c6(6)", 'k'),
            ("a1(3)", 'P'),
            ("b1(3)", 'P'),
            ("c2(2)", 'n'),
        ],
        "b",
        "b1(2):w,e1(2):w,e4(2):b,e8(6):b",
    );
    p.play("c2(2)xa1(3)").unwrap();
    assert_eq!(boards_field(&p), "b1(2):w,e1(2):w,e4(2):b,e8(6):b");
    // Enemy pieces on it change nothing until the owner's last piece is
    // taken: a Black Knight standing on White's e1(2) board next to the
    // White King, which steps off without capturing: the board, empty of
    // White pieces, stays White's.
    let mut p = setup(
        &[("e1(3)", 'K'), ("f0(3)", 'n'), ("c6(6)", 'k')],
        "w",
        "b1(2):w,e1(2):w,e4(2):b,e8(6):b",
    );
    p.play("e1(3)-d2(2)").unwrap();
    assert_eq!(boards_field(&p), "b1(2):w,e1(2):w,e4(2):b,e8(6):b");
}

#[test]
fn castling_king_side_swaps_and_queen_side_teleports() {
    let pieces = [
        ("e0(3)", 'K'),
        ("a0(3)", 'R'),
        ("f0(3)", 'R'),
        ("e9(7)", 'k'),
        ("a9(7)", 'r'),
        ("f9(7)", 'r'),
    ];
    let p = setup_castling(&pieces, "w", START_BOARDS, "KQkq");
    let castles: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with('O'))
        .collect();
    assert_eq!(castles, ["O-O", "O-O-O"]);
    let mut k = p.clone();
    k.play("O-O").unwrap();
    let cell = letter_at;
    assert_eq!((cell(&k, "f0(3)"), cell(&k, "e0(3)")), ('K', 'R'));
    let mut q = p.clone();
    q.play("O-O-O").unwrap();
    assert_eq!(
        (cell(&q, "b0(3)"), cell(&q, "e0(3)"), cell(&q, "a0(3)")),
        ('K', 'R', '.')
    );
    // Black likewise, on rank 9. (After White's O-O-O the Rook on e0(3)
    // would check e9(7) up the open e-file, so from the same position with
    // Black to move.)
    let mut black = setup_castling(&pieces, "b", START_BOARDS, "KQkq");
    black.play("O-O-O").unwrap();
    assert_eq!((cell(&black, "b9(7)"), cell(&black, "e9(7)")), ('k', 'r'));
    // The Queen on b0(3) bars the long castling.
    let mut with_queen = pieces.to_vec();
    with_queen.push(("b0(3)", 'Q'));
    let p = setup_castling(&with_queen, "w", START_BOARDS, "KQkq");
    assert!(!moves(&p).contains(&"O-O-O".to_string()));
    // Not out of check: a Black Rook on e4(2) checks the King.
    let mut checked = pieces.to_vec();
    checked.push(("e4(2)", 'r'));
    let p = setup_castling(&checked, "w", START_BOARDS, "KQkq");
    assert!(p.in_check());
    assert!(!moves(&p).iter().any(|m| m.starts_with('O')));
    // Not into check: a Black Rook on b4(2) watches b0(3) (ceiling 2, the
    // b-column squares b1(2)/b1(3), b2(2), b3(2) empty), so only O-O.
    let mut watched = pieces.to_vec();
    watched.push(("b4(2)", 'r'));
    let p = setup_castling(&watched, "w", START_BOARDS, "KQkq");
    let castles: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with('O'))
        .collect();
    assert_eq!(castles, ["O-O"]);
}

#[test]
fn the_rook_pawn_option() {
    // A White pawn on a1(3), unmoved, an empty b1 column and c1(2), a
    // Black Knight on b0(3). With the rule: one file inward to b1(2) or
    // b1(3), two to c1(2) (column b1 not blocked), and the capture one
    // file inward, one rank back, on b0(3). Without it: none (a2 does not
    // exist).
    let pieces = [
        ("e3(2)", 'K'),
        ("c6(6)", 'k'),
        ("a1(3)", 'P'),
        ("b0(3)", 'n'),
    ];
    let text = setup_text(&pieces, "w", START_BOARDS, "-");
    let mut on = StarTrek::from_text(&text).unwrap();
    assert_eq!(
        moves_from(&on, "a1(3)"),
        sorted(&["a1(3)-b1(2)", "a1(3)-b1(3)", "a1(3)-c1(2)", "a1(3)xb0(3)"])
    );
    on.set_option("rook-pawn", false).unwrap();
    assert!(moves_from(&on, "a1(3)").is_empty());
    // With both b1 squares full, the two-file step is blocked.
    let mut blocked = pieces.to_vec();
    blocked.extend([("b1(2)", 'N'), ("b1(3)", 'N')]);
    let p = setup(&blocked, "w", START_BOARDS);
    assert_eq!(moves_from(&p, "a1(3)"), ["a1(3)xb0(3)"]);
    // The backward capture gives check: a White pawn on a1(3) attacks
    // b0(3), so a Black King there is in check, but not without the rule.
    let p = setup(
        &[("e3(2)", 'K'), ("b0(3)", 'k'), ("a1(3)", 'P')],
        "b",
        START_BOARDS,
    );
    assert!(p.in_check());
    let mut off = p.clone();
    off.set_option("rook-pawn", false).unwrap();
    assert!(!off.in_check());
    // With White to move, that position is only valid without the rule:
    // Black's King would stand in check. It is read under the options it
    // is played with, and the rule cannot be turned on in it.
    let text = setup_text(
        &[("e3(2)", 'K'), ("b0(3)", 'k'), ("a1(3)", 'P')],
        "w",
        START_BOARDS,
        "-",
    );
    assert!(StarTrek::from_text(&text).is_err());
    let mut off = StarTrek::from_text_with(&text, off.options()).unwrap();
    assert!(off.set_option("rook-pawn", true).is_err());
}

#[test]
fn en_passant_lands_on_any_empty_square_of_the_skipped_column() {
    // White's c2(2) steps two to c4(2); a Black pawn on d4(4) (same rank,
    // next file, another level) takes it landing on c3(2) or c3(4).
    let mut p = setup(
        &[
            ("e1(2)", 'K'),
            ("c6(6)", 'k'),
            ("c2(2)", 'P'),
            ("d4(4)", 'p'),
        ],
        "w",
        START_BOARDS,
    );
    p.play("c2(2)-c4(2)").unwrap();
    assert!(p.to_text().ends_with(" c4(2)"), "{}", p.to_text());
    let ep: Vec<String> = moves_from(&p, "d4(4)")
        .into_iter()
        .filter(|m| m.contains("xc3"))
        .collect();
    assert_eq!(ep, ["d4(4)xc3(2)", "d4(4)xc3(4)"]);
    p.play("d4(4)xc3(4)").unwrap();
    let c4 = p.tables().geo.parse_cell("c4(2)").unwrap();
    assert!(p.piece_at(c4).is_empty(), "the pawn that stepped is gone");
    // Not offered when the capture would be illegal: with a White Rook on
    // d1(2) and the Black King on d5(4), the d4(4) pawn is pinned (column
    // d4's path square at level 4 is its own).
    let mut pinned = setup(
        &[
            ("f1(3)", 'K'),
            ("d1(2)", 'R'),
            ("c2(2)", 'P'),
            ("d4(4)", 'p'),
            ("d5(4)", 'k'),
        ],
        "w",
        START_BOARDS,
    );
    pinned.play("c2(2)-c4(2)").unwrap();
    assert!(pinned.to_text().ends_with(" - -"), "{}", pinned.to_text());
    assert!(!moves(&pinned).iter().any(|m| m.contains("xc3")));
    // Only right after the double step.
    let mut late = setup(
        &[
            ("e1(2)", 'K'),
            ("c6(6)", 'k'),
            ("c2(2)", 'P'),
            ("d4(4)", 'p'),
            ("b7(6)", 'p'),
        ],
        "w",
        START_BOARDS,
    );
    late.play("c2(2)-c4(2)").unwrap();
    late.play("b7(6)-b6(6)").unwrap();
    late.play("e1(2)-e2(2)").unwrap();
    assert!(!moves_from(&late, "d4(4)").iter().any(|m| m.contains("xc3")));
}

#[test]
fn seed_a_pawn_moved_onto_a_start_square_has_no_double_step() {
    // Seed 002 §II.9: "a pawn that started at (say) b1(3) and moved to
    // b2(2) cannot then move directly to b4(2), since it has already taken
    // its first move."
    let mut p = setup(
        &[("e3(2)", 'K'), ("c6(6)", 'k'), ("b1(3)", 'P')],
        "w",
        START_BOARDS,
    );
    // Unmoved, it could double-step over the empty b2 column.
    assert!(moves_from(&p, "b1(3)").contains(&"b1(3)-b3(4)".to_string()));
    p.play("b1(3)-b2(2)").unwrap();
    p.play("c6(6)-c7(6)").unwrap();
    assert_eq!(
        moves_from(&p, "b2(2)"),
        sorted(&["b2(2)-b3(2)", "b2(2)-b3(4)"])
    );
    // b2(2) is one of White's start squares, so the string says this pawn
    // has moved.
    let text = p.to_text();
    assert!(text.ends_with(" b2(2) -"), "{text}");
    assert_eq!(StarTrek::from_text(&text).unwrap(), p);
}

#[test]
fn pawns_promote_on_ranks_8_and_9() {
    // White's pawn on c7(6) steps to c8(6), the only square of column c8:
    // four choices. Black's on c2(2) to c1(2).
    let p = setup(
        &[("e3(2)", 'K'), ("e6(6)", 'k'), ("c7(6)", 'P')],
        "w",
        START_BOARDS,
    );
    assert_eq!(
        moves_from(&p, "c7(6)"),
        sorted(&[
            "c7(6)-c8(6)=Q",
            "c7(6)-c8(6)=R",
            "c7(6)-c8(6)=B",
            "c7(6)-c8(6)=N"
        ])
    );
    let p = setup(
        &[("e3(4)", 'K'), ("e6(6)", 'k'), ("c2(2)", 'p')],
        "b",
        START_BOARDS,
    );
    assert_eq!(moves_from(&p, "c2(2)").len(), 4);
}

#[test]
fn moves_are_read_in_canonical_notation() {
    let mut p = StarTrek::start();
    assert!(p.parse_move("b2(2)-b4(4)").is_ok());
    assert!(matches!(
        p.parse_move("b2(2)-b5(4)"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("Lb1(2)-b3(4)"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("b2-b4"),
        Err(MoveError::Unreadable { .. })
    ));
}

#[test]
fn position_strings_are_checked() {
    let kings = [("e3(2)", 'K'), ("c6(6)", 'k')];
    let base = setup_text(&kings, "w", START_BOARDS, "-");
    let with = |boards: &str, moved: &str, ep: &str| {
        base.replace(
            &format!("{START_BOARDS} - -"),
            &format!("{boards} {moved} {ep}"),
        )
    };
    let bad = [
        (with("b1(2):w,e1(2):w,b8(6):b", "-", "-"), "3 boards"),
        (
            with("b1(2):w,b1(2):w,b8(6):b,e8(6):b", "-", "-"),
            "two boards",
        ),
        (with("b1(2):x,e1(2):w,b8(6):b,e8(6):b", "-", "-"), "owner"),
        (
            with("c1(2):w,e1(2):w,b8(6):b,e8(6):b", "-", "-"),
            "not a pin",
        ),
        (with(START_BOARDS, "a1(3)", "-"), "start square"),
        (with(START_BOARDS, "-", "c4(2)"), "double step"),
        (
            format!("{} extra", with(START_BOARDS, "-", "-")),
            "unexpected",
        ),
    ];
    for (text, expected) in bad {
        match StarTrek::from_text(&text) {
            Ok(_) => panic!("{text} was accepted"),
            Err(e) => assert!(e.to_string().contains(expected), "{text}: {e}"),
        }
    }
    // A piece on a board square without a board.
    let text = setup_text(
        &[kings[0], kings[1], ("a2(3)", 'N')],
        "w",
        START_BOARDS,
        "-",
    );
    let e = StarTrek::from_text(&text).unwrap_err();
    assert!(e.to_string().contains("does not exist now"), "{e}");
    // The start reads back as itself, and left-out fields are the start's.
    let start = StarTrek::start().to_text();
    assert_eq!(StarTrek::from_text(&start).unwrap().to_text(), start);
    let short: Vec<&str> = start.split_whitespace().take(6).collect();
    assert_eq!(
        StarTrek::from_text(&short.join(" ")).unwrap(),
        StarTrek::start()
    );
}
