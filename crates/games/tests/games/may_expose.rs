//! The search's shortcuts past two attack tests: `may_expose_royal`
//! (before the make-and-test legality check) and `may_give_check` (before
//! asking whether a move made gives check). A move the first calls safe
//! must be legal by the definition (`is_legal_by_make`), and a move the
//! second clears must not give check, in every game along random games;
//! and on hand-made chess positions they must clear only what they may.

use crate::common;

use chess3d_core::{BuiltIn, Move, MoveKind, MoveList, Position, Rules};
use chess3d_games::chess::{Chess, ChessRules};
use chess3d_games::elevator::ElevatorRules;
use chess3d_games::polyhedron::PolyhedronRules;
use chess3d_games::startrek::StarTrekRules;
use chess3d_games::ziggurat::ZigguratRules;
use chess3d_games::ziggurat43::Ziggurat43Rules;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Along a random game, every pseudo-legal move `may_expose_royal` calls
/// safe is legal, and no legal move `may_give_check_with` (the position's
/// check guard; `may_give_check` in line games) clears gives check.
/// Returns how many moves they cleared (so that a caller can see the
/// shortcuts are used at all).
fn safe_moves_are_legal<R: BuiltIn>(seed: u64, plies: usize) -> usize {
    safe_moves_are_legal_from(Position::<R>::start(), seed, plies)
}

/// The same from `pos`.
pub fn safe_moves_are_legal_from<R: Rules>(mut pos: Position<R>, seed: u64, plies: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut list = MoveList::new();
    let mut safe = 0;
    for _ in 0..plies {
        list.clear();
        pos.pseudo_legal_moves(&mut list);
        let in_check = pos.in_check();
        for &m in list.iter() {
            if !pos.may_expose_royal(m, in_check) {
                safe += 1;
                assert!(
                    pos.is_legal_by_make(m),
                    "{}: {m:?} called safe but illegal",
                    pos.to_text()
                );
            }
        }
        list.clear();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        safe += common::checks_cleared(&mut pos, &list);
        let m = list[rng.random_range(0..list.len())];
        pos.make(m);
    }
    safe
}

#[test]
fn moves_called_safe_are_legal_along_random_games() {
    for seed in 0..6 {
        assert!(safe_moves_are_legal::<ChessRules>(seed, 150) > 0);
        assert!(safe_moves_are_legal::<Ziggurat43Rules>(seed, 80) > 0);
        assert!(safe_moves_are_legal::<ZigguratRules>(seed, 60) > 0);
        assert!(safe_moves_are_legal::<PolyhedronRules>(seed, 60) > 0);
        // Their attacks through shafts and along attack-board paths are
        // code, not lines: their own exposure (`Rules::exposure`) and
        // `special_is_safe` clear moves.
        assert!(safe_moves_are_legal::<ElevatorRules>(seed, 40) > 0);
        // With the Wonkavator option, elevators also move sideways.
        let mut wonkavator = Position::<ElevatorRules>::start();
        wonkavator.set_option("wonkavator", true).unwrap();
        assert!(safe_moves_are_legal_from(wonkavator, seed, 40) > 0);
        assert!(safe_moves_are_legal::<StarTrekRules>(seed, 40) > 0);
    }
}

/// Hand-made chess positions (White to move):
/// - the Knight e2 stands between its King e1 and Black's Rook e7: on the
///   King's file, so each of its moves is tested (each is illegal);
/// - the pawn a2 stands on no line from e1 that a Black slider could use
///   (neither the a-file nor the second rank passes e1): safe;
/// - the King's own moves, and every move while in check, are tested;
/// - en passant, which empties the victim's cell too, is always tested
///   (here c5xb6 would empty b5 and c5 and open the fifth rank from
///   Black's Rook a5 to White's King h5).
#[test]
fn pins_king_moves_and_checks_are_tested() {
    let t = <ChessRules as BuiltIn>::tables();
    // Pinned moves do not parse (they are illegal): built by hand.
    let mv = |from: &str, to: &str, kind| {
        let cell = |name: &str| t.geo.parse_cell(name).unwrap();
        Move::new(cell(from), cell(to), kind)
    };
    let mut pos = Chess::from_text("4k3/4r3/8/8/8/8/P3N3/4K3 w - - 0 1").unwrap();
    assert!(!pos.in_check());
    for to in ["c1", "c3", "d4", "f4", "g3", "g1"] {
        let m = mv("e2", to, MoveKind::Normal);
        assert!(pos.may_expose_royal(m, false), "Ne2-{to}");
        assert!(!pos.is_legal_by_make(m), "Ne2-{to}");
    }
    let a3 = pos.parse_move("a2a3").unwrap();
    assert!(!pos.may_expose_royal(a3, false));
    assert!(pos.may_expose_royal(a3, true));
    let kd1 = pos.parse_move("e1d1").unwrap();
    assert!(pos.may_expose_royal(kd1, false));
    // (The position keeps no en-passant square that no legal capture
    // uses, so the move is not made here.)
    let ep = Chess::from_text("4k3/8/8/rpP4K/8/8/8/8 w - b6 0 2").unwrap();
    assert!(ep.may_expose_royal(mv("c5", "b6", MoveKind::EnPassant), false));
}

/// Checks by hand (chess, after White's move; Black's King e8):
/// - Bd1-h5 checks along the diagonal: its end cell attacks e8;
/// - the Knight e4 leaving the e-file uncovers the Rook e1: its start is
///   on the Rook's line to e8, so it is tested, and checks;
/// - a3 neither attacks e8 nor starts on a line to it: cleared;
/// - b7-b8=Q promotes to a Queen that checks along the eighth rank: the
///   kind on the end cell is the Queen's, so it is tested.
#[test]
fn direct_discovered_and_promotion_checks_are_tested() {
    let mut pos = Chess::from_text("4k3/1P6/8/8/4N3/8/P7/3BR1K1 w - - 0 1").unwrap();
    let mut made = |text: &str| {
        let m = pos.parse_move(text).unwrap();
        pos.make(m);
        let (may, check) = (pos.may_give_check(m), pos.in_check());
        pos.unmake();
        (may, check)
    };
    assert_eq!(made("d1h5"), (true, true));
    assert_eq!(made("e4c3"), (true, true));
    assert_eq!(made("a2a3"), (false, false));
    assert_eq!(made("b7b8q"), (true, true));
}
