//! Lame leapers (docs/game-files.md, `lame`): a leap that a piece on its
//! block stops, xiangqi's Horse and Elephant. A chess whose Knights are
//! Horses and which has an Elephant, counted by hand: the moves a block
//! stops, a check that the block's own side cannot see past, a check
//! parried by moving onto the block; and the shortcuts of legal move
//! generation against their definitions along random games.

use chess3d_core::Variant;
use chess3d_games::file::TinyFileRules;

use crate::common::{self, moves, moves_from, tiny_file};

/// Chess with Horses for Knights (`H`: a Knight's leap, stopped by a piece
/// on the square next to it along the longer side) and an Elephant (`E`:
/// two squares diagonally, stopped by a piece on the square between).
fn horse_chess() -> Variant<TinyFileRules> {
    let chess = include_str!("../../../../games/chess.toml");
    let knight = "letter = \"N\"\nname = \"Knight\"\n\
        about = \"Leaps two squares one way and one square sideways, over anything between.\"\n\
        moves = [{ leap = [1, 2, 0], sym = \"perms-xy\" }]";
    assert!(chess.contains(knight));
    let horse = "letter = \"H\"\nname = \"Horse\"\n\
        about = \"A Knight's leap, unless a piece stands next to it along the longer side.\"\n\
        moves = [{ leap = [1, 2, 0], sym = \"perms-xy\", lame = [0, 1, 0] }]\n\n\
        [[piece]]\nletter = \"E\"\nname = \"Elephant\"\n\
        about = \"Two squares diagonally, unless a piece stands between.\"\n\
        moves = [{ leap = [2, 2, 0], sym = \"signs\", lame = [1, 1, 0] }]";
    let text = chess
        .replace(knight, horse)
        .replace("id = \"chess-file\"", "id = \"horse-chess\"")
        .replace(
            "choices = [\"Q\", \"R\", \"B\", \"N\"]",
            "choices = [\"Q\", \"R\", \"B\", \"H\"]",
        )
        .replace("RNBQKBNR", "RHBQKBHR")
        .replace("rnbqkbnr", "rhbqkbhr");
    tiny_file(&text)
}

/// The Horse d4, by hand: up, its block d5 holds Black's Pawn (no e6,
/// c6); right, its block e4 holds White's Pawn (no f5, f3); down and
/// left its blocks d3 and c4 are empty: c2, e2, b3 and b5. A block of
/// either side stops it; the target's own square is what a leap needs.
#[test]
fn a_horse_is_stopped_by_a_piece_on_its_block() {
    let pos = horse_chess()
        .position("7k/8/8/3p4/3HP3/8/8/K7 w - - 0 1")
        .unwrap();
    let from_d4: Vec<String> = moves_from(&pos, "d4");
    assert_eq!(from_d4, ["d4b3", "d4b5", "d4c2", "d4e2"]);
    // The Elephant c1: a3 is stopped by the Pawn b2, e3 is open.
    let pos = horse_chess()
        .position("7k/8/8/8/8/8/1P6/K1E5 w - - 0 1")
        .unwrap();
    let from_c1: Vec<String> = moves_from(&pos, "c1");
    assert_eq!(from_c1, ["c1e3"]);
}

/// The Horse e4 checks the King f6 over its open block e5; a piece on f5,
/// next to the King, does not stop it (the block is the Horse's), a piece
/// on e5 does.
#[test]
fn a_horses_check_is_stopped_only_at_its_block() {
    let game = horse_chess();
    let check = |text: &str| game.position(text).unwrap().in_check();
    assert!(check("8/8/5k2/8/4H3/8/8/K7 b - - 0 1"));
    assert!(check("8/8/5k2/5p2/4H3/8/8/K7 b - - 0 1"));
    assert!(!check("8/8/5k2/4p3/4H3/8/8/K7 b - - 0 1"));
}

/// In check from the Horse e4, Black parries by moving its Rook onto the
/// block e5 (which no Knight's check allows), besides the King's moves;
/// the Rook's other moves leave the check: refused.
#[test]
fn a_horses_check_is_parried_on_its_block() {
    let pos = horse_chess()
        .position("8/8/5k2/r7/4H3/8/8/7K b - - 0 1")
        .unwrap();
    let legal = moves(&pos);
    assert!(legal.contains(&"a5e5".to_string()), "{legal:?}");
    assert!(!legal.contains(&"a5a6".to_string()), "{legal:?}");
    assert!(legal.iter().all(|m| m == "a5e5" || m.starts_with("f6")));
}

/// Along random games from the start: the core's invariants, the guard
/// and the check guard against making the moves, and the exchange
/// attackers against the attack test.
#[test]
fn the_shortcuts_agree_with_their_definitions_along_random_horse_games() {
    common::shortcuts_agree_along_random_games(horse_chess().start(), 120);
}

/// A piece on the block of an enemy Horse that would check its King is
/// pinned there: White's Rook e5 stands on the block of Black's Horse e4,
/// aimed at the King f6; each of its moves but the capture of the Horse
/// leaves e5 and is refused. And White's Rook leaving the block of its
/// own Horse's check uncovers it: the search's check test must see it.
#[test]
fn a_block_is_pinned_and_leaving_it_uncovers_a_check() {
    let pos = horse_chess()
        .position("8/8/5K2/4R3/4h3/8/8/k7 w - - 0 1")
        .unwrap();
    let from_e5: Vec<String> = moves_from(&pos, "e5");
    assert_eq!(from_e5, ["e5e4"]);
    let mut pos = horse_chess()
        .position("8/8/5k2/4R3/4H3/8/8/K7 w - - 0 1")
        .unwrap();
    let m = pos.parse_move("e5a5").unwrap();
    pos.make(m);
    assert!(pos.in_check());
    assert!(pos.may_give_check(m));
}

/// A King that also leaps two squares along its rank, lamely (blocked on
/// the square between): its leap e1-g1 and its castling short would both
/// be `e1g1`, so the castling is written as the King taking its Rook,
/// `e1h1` (a review's finding: the check for a shared text looked at plain
/// leaps only). Each text reads back to its own move.
#[test]
fn a_lame_kings_leap_keeps_castling_apart() {
    let chess = include_str!("../../../../games/chess.toml");
    let king_moves = "    { leap = [1, 1, 0], sym = \"signs\" },\n]";
    assert!(chess.contains(king_moves));
    let text = chess.replacen(
        king_moves,
        "    { leap = [1, 1, 0], sym = \"signs\" },\n    { leap = [2, 0, 0], sym = \"signs-x\", lame = [1, 0, 0] },\n]",
        1,
    );
    let mut pos = tiny_file(&text)
        .position("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        .unwrap();
    assert_eq!(
        moves_from(&pos, "e1"),
        ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "e1h1"]
    );
    let leap = pos.parse_move("e1g1").unwrap();
    assert_eq!(leap.kind, chess3d_core::MoveKind::Normal);
    let castle = pos.parse_move("e1h1").unwrap();
    assert_eq!(castle.kind, chess3d_core::MoveKind::Castle);
}
