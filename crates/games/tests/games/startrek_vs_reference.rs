//! Star Trek against a second, deliberately naive implementation written
//! from RULINGS.md §3's wording (common/startrek_reference.rs): the
//! same perft from the start, and along random games (board moves
//! preferred) the same legal moves as canonical text, the same check
//! status and the same placement and boards after every move. Every slide
//! and double step compared is a check of the fast path rule against the
//! rule as worded.

use crate::common;
use crate::common::startrek_reference as reference;

use chess3d_core::{perft, MoveKind};
use chess3d_games::startrek::StarTrek;
use common::{Compared, Reference};
use reference::RefPos;

/// Perft from the start. Depth 1 is counted by hand in startrek_rules.rs
/// (21); depth 2 is 21² because no first move of one side changes the
/// other's moves (the armies are four ranks apart and no first move
/// reaches a column the other side's pieces pass); depths 3 and 4 are the
/// reference implementation's counts, computed here as well.
const START_PERFT: [u64; 4] = [21, 441, 10_172, 234_176];

#[test]
fn perft_from_the_start_matches_the_reference() {
    let mut pos = StarTrek::start();
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(perft::perft(&mut pos, depth), expected, "depth {depth}");
    }
    let reference = RefPos::from_text(&pos.to_text(), true);
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
    }
}

#[derive(Default, Debug)]
struct Seen {
    board_moves: usize,
    carried_pawns: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    owner_changes: usize,
    rook_pawn_moves: usize,
}

/// The placement and the boards of a position's string.
fn placement_and_boards(p: &StarTrek) -> String {
    let text = p.to_text();
    let f: Vec<&str> = text.split_whitespace().collect();
    format!("{} {}", f[0], f[6])
}

fn compare_game(
    start: &str,
    rook_pawn: bool,
    seed: u64,
    plies: usize,
    seen: &mut Seen,
    compared: &mut Compared,
) {
    let mut pos = StarTrek::from_text(start).unwrap();
    pos.set_option("rook-pawn", rook_pawn).unwrap();
    common::compare_with_reference(
        pos,
        RefPos::from_text(start, rook_pawn),
        (seed, plies, 0.3),
        placement_and_boards,
        |p, m| {
            let placement =
                |q: &StarTrek| q.to_text().split_whitespace().next().unwrap().to_string();
            let owners = |q: &StarTrek| q.to_text().split_whitespace().nth(6).unwrap().to_string();
            let mut after = p.clone();
            after.make(m);
            match m.kind {
                MoveKind::Board => {
                    seen.board_moves += 1;
                    // A board that carries a pawn changes the placement.
                    seen.carried_pawns += (placement(&after) != placement(p)) as usize;
                }
                MoveKind::Castle => seen.castles += 1,
                MoveKind::EnPassant => seen.en_passant += 1,
                _ => {}
            }
            seen.promotions += m.promotion.is_some() as usize;
            // A pawn moving sideways or back: the rook-pawn rule.
            let geo = &p.tables().geo;
            let (a, z) = (geo.coord(m.from), geo.coord(m.to));
            let forward = if p.side_to_move() == chess3d_core::Side::White {
                1
            } else {
                -1
            };
            if m.kind == MoveKind::Normal
                && p.piece_at(m.from).kind() == chess3d_games::startrek::PAWN
                && a[0] != z[0]
                && z[1] - a[1] != forward
            {
                seen.rook_pawn_moves += 1;
            }
            if m.kind != MoveKind::Board && owners(&after) != owners(p) {
                seen.owner_changes += 1;
            }
        },
        compared,
    );
}

#[test]
fn random_games_agree_with_the_reference() {
    let start = StarTrek::start().to_text();
    let (mut seen, mut compared) = (Seen::default(), Compared::default());
    for seed in 0..40 {
        compare_game(&start, seed % 4 != 3, seed, 200, &mut seen, &mut compared);
    }
    // Built positions where the rarer rules are near: a board carrying a
    // pawn toward rank 9; an en-passant capture onto either square of
    // column c3; boards on b4(2) and b5(6)i, and on e3(4)i and e6(4), with
    // rook pawns, pawns near promotion and a few pieces.
    let built = [
        "4/4/4/4|4/1K2/4/4|4/4/4/4/4/4/4/4|4/4/4/4|4/4/P3/4/4/4/4/4|4/4/4/3k|4/4/4/4 w - - 0 1 \
         b6(4):w,e1(2):w,e4(2):b,e8(6):b - -",
        "4/4/4/4|1P2/4/4/3K|4/4/4/4/4/4/4/4|4/4/2p1/4|4/4/4/4/4/4/4/4|4/1k2/4/4|4/4/4/4 b - - 0 1 \
         b1(2):w,e1(2):w,b8(6):b,e8(6):b - c4(2)",
        "4/4/4/4|4/4/PP2/2K1|4/4/4/P3/3p/4/4/4|4/4/4/4|4/4/4/4/1P2/4/4/4|4/p3/4/1k2|4/4/4/4 w - - 0 1 \
         b4(2):w,b5(6)i:b,e3(4)i:w,e6(4):b - -",
        "4/4/4/4|4/4/4/3K|4/P3/4/4/4/4/4/4|2r1/4/4/4|4/4/4/4/4/4/p3/4|4/4/4/1k2|4/4/4/4 b - - 0 1 \
         b3(4):b,e1(2):w,b6(4)i:w,e8(6):b - -",
    ];
    for seed in 0..80u64 {
        let from = built[seed as usize % built.len()];
        compare_game(
            from,
            seed % 3 != 2,
            500 + seed,
            120,
            &mut seen,
            &mut compared,
        );
    }
    println!("{seen:?} {compared:?}");
    assert!(compared.positions >= 5_000);
    assert!(seen.board_moves > 0 && seen.carried_pawns > 0 && seen.castles > 0);
    assert!(seen.en_passant > 0 && seen.promotions > 0);
    assert!(seen.owner_changes > 0 && seen.rook_pawn_moves > 0);
    assert!(compared.checks > 0 && compared.ends > 0);
}
