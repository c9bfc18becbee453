//! Xiangqi from its file (games/xiangqi.toml): the families it brings to
//! the format (docs/game-files.md) — pieces confined to a zone
//! (`confined`: the palace, the river), a leap allowed only from a zone
//! (`from`: the Soldier's sideways step over the river), the flying
//! General (`royals_may_not_face`) and stalemate as a loss (`stalemate`)
//! — against Fairy-Stockfish's published perft and positions counted by
//! hand, and the shortcuts of legal move generation against their
//! definitions along random games.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Side, Variant, WinReason};
use chess3d_games::file::{load, SmallFileRules};

use crate::common::{self, moves, moves_from, small_file};

const XIANGQI_FILE: &str = include_str!("../../../../games/xiangqi.toml");

fn xiangqi() -> Variant<SmallFileRules> {
    small_file(XIANGQI_FILE)
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `xiangqi startpos 4
/// 3290240`, and two middle-game positions to depth 4 (4,485,547 and
/// 92,741; the second has a Red Soldier on Black's first rank, which
/// steps only sideways). Depth 1 from the start by hand: each Chariot 2
/// (up its file to its Soldier), each Horse 2 (the third leap's block
/// holds the Elephant), each Elephant 2, each Advisor 1 (the palace's
/// centre), the General 1 (e2), each Cannon 12 (six along the third
/// rank, four up to Black's Cannon and the hop over it onto the Horse,
/// one down; the Horse below is a hurdle with nothing beyond), and five
/// Soldier steps: 4 + 4 + 4 + 2 + 1 + 24 + 5 = 44.
#[test]
fn xiangqi_has_the_published_perft() {
    let mut start = xiangqi().start();
    for (depth, nodes) in [(1, 44), (4, 3_290_240)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    for (text, nodes) in [
        (
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            4_485_547,
        ),
        ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 92_741),
    ] {
        let mut pos = xiangqi().position(text).unwrap();
        assert_eq!(perft(&mut pos, 4), nodes, "{text}");
    }
}

/// Confinement, by hand. The General e1 may go to d1 only: e2 holds its
/// Advisor, and on f1 it would face Black's General f10 across an empty
/// file. The Advisor e2, the palace's centre, reaches its four corners.
/// The Elephant e5 stands on the river bank: c7 and g7 are across the
/// river, c3 and g3 are open. (Fairy-Stockfish counts the same 7.)
#[test]
fn palace_and_river_confine_their_pieces() {
    let pos = xiangqi()
        .position("5k3/9/9/9/9/4B4/9/9/4A4/4K4 w - - 0 1")
        .unwrap();
    assert_eq!(moves_from(&pos, "e1"), ["e1d1"]);
    assert_eq!(moves_from(&pos, "e2"), ["e2d1", "e2d3", "e2f1", "e2f3"]);
    assert_eq!(moves_from(&pos, "e5"), ["e5c3", "e5g3"]);
    // A confined piece cannot stand outside its zone.
    for outside in ["5k3/9/9/9/9/9/9/9/9/3K4A w", "5k3/9/9/9/4B4/9/9/9/9/4K4 w"] {
        assert!(xiangqi().position(outside).is_err(), "{outside}");
    }
}

/// The Soldier, by hand: on e5, its own side of the river, it steps only
/// forward (e6); on c6, over the river, also sideways (c7, b6, d6). The
/// General's d1 would face Black's General d10. Black's Soldiers read the
/// river from their own end: on g5 one is over it (g4, f5, h5), on g6
/// not (g5).
#[test]
fn a_soldier_steps_sideways_only_over_the_river() {
    let pos = xiangqi()
        .position("3k5/9/9/9/2P6/4P4/9/9/9/4K4 w - - 0 1")
        .unwrap();
    assert_eq!(
        moves(&pos),
        ["c6b6", "c6c7", "c6d6", "e1e2", "e1f1", "e5e6"]
    );
    let pos = xiangqi()
        .position("3k5/9/9/9/6p2/6p2/9/9/9/4K4 b - - 0 1")
        .unwrap();
    assert_eq!(moves_from(&pos, "g5"), ["g5f5", "g5g4", "g5h5"]);
    assert_eq!(moves_from(&pos, "g6"), Vec::<String>::new());
}

/// The flying General: Red's Horse e5 stands between the two Generals on
/// the e-file, so none of its moves is legal; the General keeps its three
/// (e2 still behind the Horse). With nothing between them, a position is
/// refused: the side that moved left its General facing.
#[test]
fn the_generals_may_not_face_each_other() {
    let pos = xiangqi()
        .position("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1")
        .unwrap();
    assert_eq!(moves(&pos), ["e1d1", "e1e2", "e1f1"]);
    assert!(xiangqi()
        .position("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
        .is_err());
}

/// Stalemate loses: Black's General d10 may not go to d9 (the Chariot's
/// rank) nor to e10 (facing Red's General): no move, no check, and Red
/// has won. The same stalemate in chess's rules would be a draw.
#[test]
fn a_side_without_a_move_loses() {
    let mut pos = xiangqi()
        .position("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1")
        .unwrap();
    assert!(!pos.in_check());
    assert!(!pos.has_legal_move());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Stalemate
        })
    );
    let drawn = XIANGQI_FILE.replacen("stalemate = \"loss\"", "stalemate = \"draw\"", 1);
    assert_ne!(drawn, XIANGQI_FILE);
    let mut pos = small_file(&drawn)
        .position("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1")
        .unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw(chess3d_core::DrawReason::Stalemate))
    );
    // So a lone General can still win (by a stalemate): its side's flag
    // falling loses, where in the drawn rules it would draw.
    let bare = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert!(xiangqi().position(bare).unwrap().can_still_win(Side::White));
    assert!(!small_file(&drawn)
        .position(bare)
        .unwrap()
        .can_still_win(Side::White));
}

/// Along random games from the start: the core's invariants, the guard
/// and the check guard against making the moves, and the exchange
/// attackers against the attack test (which confinement and the facing
/// Generals change).
#[test]
fn the_shortcuts_agree_with_their_definitions_along_random_xiangqi_games() {
    common::shortcuts_agree_along_random_games(xiangqi().start(), 150);
}

/// The new keys are checked where they are written: `from` on anything
/// but a plain leap, a confinement with no cell for a side, a facing line
/// of no length.
#[test]
fn the_new_keys_are_checked_at_load() {
    let refused = |old: &str, new: &str, says: &str| {
        assert_eq!(XIANGQI_FILE.matches(old).count(), 1, "{old}");
        let text = XIANGQI_FILE.replacen(old, new, 1);
        let e = load(&text).expect_err(says);
        let at = XIANGQI_FILE.find(old).unwrap();
        let line = XIANGQI_FILE[..at].matches('\n').count() + 1;
        assert_eq!(e.line, line, "{e}");
        assert!(e.message.contains(says), "{e}");
    };
    refused(
        "{ slide = [1, 0, 0], sym = \"perms-xy\" }]",
        "{ slide = [1, 0, 0], sym = \"perms-xy\", from = [{ ranks = [0, 4] }] }]",
        "only a plain leap can be limited to start cells",
    );
    refused(
        "confined = [{ ranks = [0, 4] }]",
        "confined = [{ ranks = [10, 12] }]",
        "the confinement has no cell on the board for Red",
    );
    refused(
        "royals_may_not_face = [[0, 1, 0]]",
        "royals_may_not_face = [[0, 0, 0]]",
        "must not be [0, 0, 0]",
    );
}
