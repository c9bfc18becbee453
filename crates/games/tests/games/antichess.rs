//! Antichess (games/antichess.toml): no royal piece and no check, captures
//! compulsory, and a side wins by losing every piece or by having no
//! legal move (docs/game-files.md: `must_capture`, `extinction = "win"`,
//! `stalemate = "win"`). Against Fairy-Stockfish's published perft and
//! positions worked out by hand.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Side, Variant, WinReason};
use chess3d_games::file::{load, TinyFileRules};

use crate::common::{moves, tiny_file};

const ANTICHESS_FILE: &str = include_str!("../../../../games/antichess.toml");

fn antichess() -> Variant<TinyFileRules> {
    tiny_file(ANTICHESS_FILE)
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `antichess startpos 4
/// 153299` and, in its later versions, `5 2732672`; python-chess's
/// giveaway perft has the same figures and 8,067 at depth 3. No capture is
/// possible in the first two plies, so depths 1 and 2 are chess's 20 and
/// 400.
#[test]
fn antichess_has_the_published_perft() {
    let mut start = antichess().start();
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8_067), (4, 153_299), (5, 2_732_672)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
}

/// Fairy-Stockfish's suite's pawn endings (its `giveaway`, antichess with
/// castling, which they lack): `8/2p5/8/8/8/8/P7/8 w` to depth 12 is
/// 2,557. `8/1p6/8/8/8/8/P7/8 w` to depth 4 is 3, by hand: after a4 b5
/// White must take (axb5) and, with no piece left, Black has won: that
/// line ends at ply 3. The others: a4 b6 a5 bxa5; a3 b5 a4 bxa4; a3 b6
/// a4 b5. Ply 3 has those three and axb5: 4.
#[test]
fn pawn_endings_end_with_the_last_piece() {
    let mut two = antichess()
        .position("8/1p6/8/8/8/8/P7/8 w - - 0 1")
        .unwrap();
    assert_eq!(perft(&mut two, 3), 4);
    assert_eq!(perft(&mut two, 4), 3);
    let mut apart = antichess()
        .position("8/2p5/8/8/8/8/P7/8 w - - 0 1")
        .unwrap();
    assert_eq!(perft(&mut apart, 12), 2_557);
}

/// The Pawn e4 can take d5, so it must: its step to e5 and every King
/// move are illegal. With two captures, either may be chosen; en passant
/// is a capture too. A non-capture typed is refused, naming the captures as a player reads them.
#[test]
fn captures_are_compulsory() {
    let mut one = antichess()
        .position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
        .unwrap();
    assert_eq!(moves(&one), ["e4d5"]);
    let e = one.read_move("e4e5").unwrap_err().to_string();
    assert!(e.contains("White must capture: exd5"), "{e}");
    let two = antichess()
        .position("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1")
        .unwrap();
    assert_eq!(moves(&two), ["e4d5", "e4f5"]);
    let en_passant = antichess()
        .position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
        .unwrap();
    assert_eq!(moves(&en_passant), ["e5d6"]);
    // Without a capture, every move: the King's five and the Pawn's step.
    let none = antichess()
        .position("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1")
        .unwrap();
    assert_eq!(
        moves(&none),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "the Pawns block each other"
    );
}

/// The King is a piece like the others: never in check, free to step
/// onto an attacked square (b1, on the Rook's rank), and captured like
/// any piece. Taking Black's last piece, its King, makes Black the
/// winner.
#[test]
fn the_king_is_no_royal_piece() {
    let pos = antichess().position("8/8/8/8/8/8/8/K6r w - - 0 1").unwrap();
    assert!(!pos.in_check());
    assert_eq!(moves(&pos), ["a1a2", "a1b1", "a1b2"]);
    let mut take = antichess()
        .position("8/8/8/8/8/8/1k6/K7 w - - 0 1")
        .unwrap();
    assert_eq!(moves(&take), ["a1b2"]);
    let m = take.parse_move("a1b2").unwrap();
    take.make(m);
    assert!(moves(&take).is_empty());
    assert_eq!(
        take.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Extinction
        })
    );
}

/// Position strings: any number of Kings, none included; a side without
/// a piece is the winner of a finished game when it is to move (only the
/// other side's move took its last piece), and refused when not.
#[test]
fn positions_need_no_king() {
    for text in [
        "KK6/8/8/8/8/8/8/7k w - - 0 1",
        "8/8/8/8/8/8/P7/7q b - - 0 1",
    ] {
        assert_eq!(antichess().position(text).unwrap().to_text(), text);
    }
    let mut won = antichess().position("8/8/8/8/8/8/1k6/8 w - - 0 1").unwrap();
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Extinction
        })
    );
    let e = antichess()
        .position("8/8/8/8/8/8/1k6/8 b - - 0 1")
        .unwrap_err();
    assert!(e.to_string().contains("White has no piece left"), "{e}");
    // The move that took the last piece was a capture: the clock is 0.
    let e = antichess()
        .position("8/8/8/8/8/8/1k6/8 w - - 37 1")
        .unwrap_err();
    assert!(e.to_string().contains("the halfmove clock is 37"), "{e}");
}

/// A side to move without a legal move wins: the Pawns a4 and a5 block
/// each other and there is nothing else.
#[test]
fn no_legal_move_wins() {
    let mut pos = antichess().position("8/8/8/p7/P7/8/8/8 w - - 0 1").unwrap();
    assert!(moves(&pos).is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Stalemate
        })
    );
}

/// A Pawn may become a King (the five choices, as Fairy-Stockfish's
/// `e7e8k`), and a side may then have two.
#[test]
fn a_pawn_may_become_a_king() {
    let mut pos = antichess().position("8/P7/8/8/8/8/8/7k w - - 0 1").unwrap();
    assert_eq!(moves(&pos), ["a7a8b", "a7a8k", "a7a8n", "a7a8q", "a7a8r"]);
    let m = pos.parse_move("a7a8k").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "K7/8/8/8/8/8/8/7k b - - 0 1");
}

/// The loader: a game with check needs its royal kind, and castling, a
/// temple or a royal goal need one too; each refused at its place.
#[test]
fn a_game_without_a_royal_kind_is_checked() {
    let with_check = ANTICHESS_FILE.replace("check = false", "check = true");
    let e = load(&with_check).unwrap_err().to_string();
    assert!(e.contains("0 royal kinds"), "{e}");
    let castling = format!(
        "{ANTICHESS_FILE}\n[[castling]]\nside = \"white\"\nsymbol = \"K\"\ntext = \"O-O\"\n\
         king = [\"e1\", \"g1\"]\nrook = [\"h1\", \"f1\"]\n"
    );
    let e = load(&castling).unwrap_err().to_string();
    assert!(
        e.contains("castling needs a royal kind (royal = true), and this game has none"),
        "{e}"
    );
    let goal = ANTICHESS_FILE.replace(
        "must_capture = true",
        "must_capture = true\nroyal_goal = [{ files = [3, 4], ranks = [3, 4] }]",
    );
    let e = load(&goal).unwrap_err().to_string();
    assert!(e.contains("a royal goal needs a royal kind"), "{e}");
    let temple = ANTICHESS_FILE.replace(
        "must_capture = true",
        "must_capture = true\ntemple = \"e4\"",
    );
    let e = load(&temple).unwrap_err().to_string();
    assert!(e.contains("a temple needs a royal kind"), "{e}");
    // Without check, a royal King would end the game when taken: the
    // last piece could never be, so extinction is refused.
    let royal = ANTICHESS_FILE
        .replacen("name = \"King\"", "name = \"King\"\nroyal = true", 1)
        .replace("\"N\", \"K\"]", "\"N\"]");
    let e = load(&royal).unwrap_err().to_string();
    assert!(
        e.contains("without check, extinction is for a game without a royal kind"),
        "{e}"
    );
}
