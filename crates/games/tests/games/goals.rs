//! Goals other than checkmate (docs/game-files.md): a royal piece that
//! reaches its side's goal region wins at once (`royal_goal`), and so does
//! a side that gives its last check (`checks_to_win`), and a side left with
//! no piece loses (`extinction`). King of the Hill
//! (games/kingofthehill.toml), three-check chess (games/3check.toml) and
//! Horde (games/horde.toml) against Fairy-Stockfish's published perft and
//! positions counted by hand.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Position, Side, Variant, WinReason};
use chess3d_games::file::{load, TinyFileRules};

use crate::common::{moves, tiny_file};

const KOTH_FILE: &str = include_str!("../../../../games/kingofthehill.toml");

fn king_of_the_hill() -> Variant<TinyFileRules> {
    tiny_file(KOTH_FILE)
}

/// From the start no King can reach the centre within six plies (White's
/// needs a Pawn's move to free a square beside it, then three moves of its
/// own, e2, e3 and d4: the seventh ply at the soonest), so the counts are
/// chess's published ones; and Fairy-Stockfish's suite (tests/perft.sh) has a
/// King of the Hill position whose depth 3 is 19,003.
#[test]
fn king_of_the_hill_has_the_published_perft() {
    let mut start = king_of_the_hill().start();
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281), (5, 4_865_609)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    let mut pos = king_of_the_hill()
        .position("rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12")
        .unwrap();
    assert_eq!(perft(&mut pos, 3), 19_003);
}

/// White's King e3 against Black's King a1, by hand: eight King moves,
/// two of them (d4, e4) onto the hill, which end the game, so that only
/// the other six have replies, three each (b1, a2, b2): 8, then 18 (in
/// chess it would be 24). Fairy-Stockfish agrees (`go perft 2`: 18).
#[test]
fn a_king_on_the_hill_ends_the_game_at_once() {
    let mut pos = king_of_the_hill()
        .position("8/8/8/8/8/4K3/8/k7 w - - 0 1")
        .unwrap();
    assert_eq!(perft(&mut pos, 1), 8);
    assert_eq!(perft(&mut pos, 2), 18);
    // King against King is no draw here: either may still reach the hill
    // (a review's finding), and a lone King can win on time.
    assert_eq!(pos.outcome(), None);
    assert!(pos.can_still_win(Side::White));
    let hill = pos.parse_move("e3d4").unwrap();
    pos.make(hill);
    assert!(moves(&pos).is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::GoalReached
        })
    );
}

/// The hill is reached only by a legal move: the Knight d4 (on the hill)
/// covers e2 and f3; White's King takes it on d4 and wins, or steps to e4.
/// Six moves, as Fairy-Stockfish counts.
#[test]
fn the_hill_is_reached_only_by_a_legal_move() {
    let pos = king_of_the_hill()
        .position("4k3/8/8/8/3n4/4K3/8/8 w - - 0 1")
        .unwrap();
    assert_eq!(
        moves(&pos),
        ["e3d2", "e3d3", "e3d4", "e3e4", "e3f2", "e3f4"]
    );
}

/// A position whose side to move already stands on the hill cannot
/// happen (the game ended on its own move): refused, saying why.
#[test]
fn a_position_with_the_mover_on_the_hill_is_refused() {
    let err = king_of_the_hill()
        .position("4k3/8/8/3K4/8/8/8/8 w - - 0 1")
        .unwrap_err();
    assert!(err.to_string().contains("stands on its goal"), "{err}");
    assert!(king_of_the_hill()
        .position("4k3/8/8/3K4/8/8/8/8 b - - 0 1")
        .is_ok());
}

/// A start position whose game is already won (Black's King on the hill)
/// is refused when the file loads.
#[test]
fn a_start_already_won_is_refused() {
    let text = KOTH_FILE.replace(
        "start = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
        "start = \"8/8/8/3k4/8/8/8/4K3 w - - 0 1\"",
    );
    assert_ne!(text, KOTH_FILE);
    let e = load(&text).unwrap_err();
    assert!(e.message.contains("already over"), "{e}");
}

/// A goal outside the board is placed at its line and column.
#[test]
fn a_goal_off_the_board_is_placed() {
    let text = KOTH_FILE.replace(
        "royal_goal = [{ files = [3, 4], ranks = [3, 4] }]",
        "royal_goal = [{ files = [3, 4], ranks = [8, 9] }]",
    );
    let e = load(&text).unwrap_err();
    let line = KOTH_FILE[..KOTH_FILE.find("royal_goal = ").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert_eq!((e.line, e.column), (line, 14), "{e}");
    assert!(e.message.contains("royal goal has no cell"), "{e}");
}

const THREE_CHECK_FILE: &str = include_str!("../../../../games/3check.toml");

fn three_check() -> Variant<TinyFileRules> {
    tiny_file(THREE_CHECK_FILE)
}

/// From the start no side can give three checks within six plies (White's
/// come on plies 3 and 5 at the soonest, the third on 7), so the counts
/// are chess's published ones; and Fairy-Stockfish's suite
/// (tests/perft.sh) has `3check "fen 7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1
/// w - - 1+3 1 39" 3 12407`: White has one check still to give.
#[test]
fn three_check_has_the_published_perft() {
    let mut start = three_check().start();
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281), (5, 4_865_609)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    let mut pos = three_check()
        .position("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39")
        .unwrap();
    assert_eq!(perft(&mut pos, 3), 12_407);
}

/// White (Rook a1, King e1) has one check still to give against Black's
/// lone King e8. By hand: 15 moves as in chess (the Rook's 7 up its file
/// and 3 along the rank, the King's 5), of which one checks, Ra8+; that
/// check wins at once, so its 3 replies in chess (Kd7, Ke7, Kf7) are not
/// there: chess's 68 (Fairy-Stockfish's chess perft 2) less 3, 65.
#[test]
fn the_last_check_wins_at_once() {
    let mut pos = three_check()
        .position("4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1")
        .unwrap();
    assert_eq!(pos.checks_left(Side::White), Some(1));
    assert_eq!(perft(&mut pos, 1), 15);
    assert_eq!(perft(&mut pos, 2), 68 - 3);
    let check = pos.parse_move("a1a8").unwrap();
    // The check that wins is no mate: `+` (a review's finding).
    assert_eq!(pos.move_label(check), "Ra8+");
    pos.make(check);
    assert_eq!(pos.checks_left(Side::White), Some(0));
    assert!(moves(&pos).is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::ChecksGiven
        })
    );
    assert!(pos.to_text().contains(" - 0+3 "), "{}", pos.to_text());
    pos.unmake();
    assert_eq!(pos.checks_left(Side::White), Some(1));
    assert_eq!(pos.hash(), pos.fresh_hash());
}

/// A check counts, whatever else the move does: 1. e4 e5 2. Qh5 Nc6
/// 3. Qxf7+ takes a Pawn and checks, White's first. The count is part of
/// the position string (after en passant, as Fairy-Stockfish and lichess
/// write it) and of the hash: two positions that differ only in it are
/// not the same position.
#[test]
fn checks_are_counted_in_the_string_and_the_hash() {
    let mut pos: Position<TinyFileRules> = three_check().start();
    for m in ["e2e4", "e7e5", "d1h5", "b8c6"] {
        let m = pos.parse_move(m).unwrap();
        pos.make(m);
    }
    assert_eq!(pos.checks_left(Side::White), Some(3));
    let m = pos.parse_move("h5f7").unwrap();
    pos.make(m);
    assert_eq!(pos.checks_left(Side::White), Some(2));
    let text = pos.to_text();
    assert_eq!(
        text,
        "r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 0 3"
    );
    let again = three_check().position(&text).unwrap();
    assert_eq!(again.to_text(), text);
    assert_eq!(again.hash(), pos.hash());
    // One check fewer given is another position (Black in check with
    // White's count unchanged cannot be told from the board).
    let other = three_check()
        .position(&text.replacen(" 2+3 ", " 3+3 ", 1))
        .unwrap();
    assert_ne!(other.hash(), pos.hash());
}

/// Position strings are checked: counts from 0 to 3, `W+B`; a side to
/// move that has given its last check (the game ended on its own move);
/// a side that has given its last check with the other's King not in
/// check (its last move gave it). Left out, the counts are 3+3.
#[test]
fn check_counts_in_position_strings_are_checked() {
    for bad in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 1+x 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0+3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0+3 0 1",
    ] {
        assert!(three_check().position(bad).is_err(), "{bad}");
    }
    assert!(three_check()
        .position("R3k3/8/8/8/8/8/8/4K3 b - - 0+3 0 1")
        .is_ok());
    let plain = three_check()
        .position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
        .unwrap();
    assert_eq!(plain.checks_left(Side::Black), Some(3));
}

const HORDE_FILE: &str = include_str!("../../../../games/horde.toml");

fn horde() -> Variant<TinyFileRules> {
    tiny_file(HORDE_FILE)
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `horde startpos 4
/// 23310` and its four positions to depth 4. Depth 1 by hand: the Pawns
/// b5, c5, f5 and g5 step to the sixth rank, and a4, d4, e4 and h4 to the
/// fifth (the others are blocked, and no double step has room): 8.
#[test]
fn horde_has_the_published_perft() {
    let mut start = horde().start();
    for (depth, nodes) in [(1, 8), (4, 23_310)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    for (text, nodes) in [
        (
            "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
            56_539,
        ),
        (
            "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1",
            33_781,
        ),
        ("4k3/7r/8/P7/2p1n2P/3p2P1/1P3P2/PPP1PPP1 w - - 0 1", 128_809),
        (
            "rnbqkbnr/6p1/2p1Pp1P/P1PPPP2/Pp4PP/1p2PPPP/1P2PPPP/PP1nPPPP b kq a3 0 18",
            197_287,
        ),
    ] {
        let mut pos = horde().position(text).unwrap();
        assert_eq!(perft(&mut pos, 4), nodes, "{text}");
    }
}

/// White, without a King, is never in check and loses when its last piece
/// is taken: the Queen c3 takes the Pawn d2 and the game is over, Black
/// winning, with no reply (Fairy-Stockfish also counts 29 moves, then 59).
/// A position string with White to move and no White piece is that
/// finished game; one with Black to move and none is refused (only Black's
/// move can have taken the last).
#[test]
fn horde_is_lost_with_the_last_piece() {
    let mut pos = horde().position("4k3/8/8/8/8/2q5/3P4/8 b - - 0 1").unwrap();
    assert_eq!(perft(&mut pos, 1), 29);
    assert_eq!(perft(&mut pos, 2), 59);
    let take = pos.parse_move("c3d2").unwrap();
    pos.make(take);
    assert!(!pos.in_check());
    assert!(moves(&pos).is_empty());
    let won = Some(Outcome::Win {
        winner: Side::Black,
        reason: WinReason::Extinction,
    });
    assert_eq!(pos.outcome(), won);
    let ended = "4k3/8/8/8/8/8/3q4/8 w - - 0 2";
    assert_eq!(pos.to_text(), ended);
    assert_eq!(horde().position(ended).unwrap().outcome(), won);
    let e = horde()
        .position("4k3/8/8/8/8/8/3q4/8 b - - 0 2")
        .unwrap_err();
    assert!(e.to_string().contains("White has no piece left"), "{e}");
    // While it has a piece, no result: the King e8 alone cannot be
    // stalemated by a Pawn far away.
    pos.unmake();
    assert_eq!(pos.outcome(), None);
}

/// A double step from White's first rank skips its second and cannot be
/// taken en passant; one from the second can (Fairy-Stockfish's
/// `enPassantRegion`). After a1a3 the Pawn b3 has only its step (b3a2
/// would be the capture); after a2a4 the Pawn b4 takes on a3. The string
/// naming a2 as the en-passant cell is refused.
#[test]
fn horde_double_steps_from_the_first_rank_cannot_be_taken() {
    let mut first = horde().position("4k3/8/8/8/8/1p6/8/P7 w - - 0 1").unwrap();
    let m = first.parse_move("a1a3").unwrap();
    first.make(m);
    assert!(!moves(&first).contains(&"b3a2".to_string()));
    let e = horde()
        .position("4k3/8/8/8/8/Pp6/8/8 b - a2 0 1")
        .unwrap_err();
    assert!(e.to_string().contains("can be taken en passant"), "{e}");
    let mut second = horde().position("4k3/8/8/8/1p6/8/P7/8 w - - 0 1").unwrap();
    let m = second.parse_move("a2a4").unwrap();
    second.make(m);
    assert!(moves(&second).contains(&"b4a3".to_string()));
}
