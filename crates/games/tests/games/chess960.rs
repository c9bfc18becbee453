//! Chess960 (`games/chess960.toml`): castling from any start file. Against
//! the published Chess960 perft figures, and cozy-chess (an independent
//! move generator with its own Chess960 mode) along seeded random games
//! from starts chosen by their Scharnagl numbers.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use chess3d_core::perft::perft;
use chess3d_core::{Game, MoveKind, MoveList, Variant};
use chess3d_games::file::TinyFileRules;
use cozy_chess::Board;

use crate::common::{self, tiny_file};

/// The game, loaded once: loading checks each of the 960 starts.
fn chess960() -> Variant<TinyFileRules> {
    static GAME: OnceLock<Variant<TinyFileRules>> = OnceLock::new();
    *GAME.get_or_init(|| tiny_file(include_str!("../../../../games/chess960.toml")))
}

/// Positions of the chessprogramming wiki's "Chess960 Perft Results"
/// (https://www.chessprogramming.org/Chess960_Perft_Results), with their
/// published counts to depth 4, in Shredder-FEN (each right by its Rook's
/// file). cozy-chess's perft, counted in the test below, agrees.
const PUBLISHED: [(&str, [u64; 4]); 4] = [
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        [21, 528, 12_189, 326_672],
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        [21, 807, 18_002, 667_366],
    ),
    (
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        [20, 479, 10_471, 273_318],
    ),
    (
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
        [22, 593, 13_440, 382_958],
    ),
];

fn cozy_perft(board: &Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut next = board.clone();
            next.play_unchecked(mv);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}

#[test]
fn published_chess960_perft() {
    for (fen, counts) in PUBLISHED {
        let mut pos = chess960().position(fen).unwrap();
        let board = Board::from_fen(fen, true).unwrap();
        for (depth, &nodes) in (1..).zip(&counts) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
            assert_eq!(
                cozy_perft(&board, depth as u8),
                nodes,
                "cozy-chess: {fen} depth {depth}"
            );
        }
    }
}

/// The usual start is chess's, and each castling from it is chess's: the
/// rule from e1 and h1 derives the same cells to keep empty (f1, g1) and
/// safe (e1, f1) as chess's own.
#[test]
fn the_usual_start_plays_as_chess() {
    let mut start = chess960().start();
    assert_eq!(perft(&mut start, 4), 197_281, "chess's published perft 4");
    let mut pos = chess960()
        .position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let castles: Vec<String> = moves_of(&mut pos, MoveKind::Castle);
    // UCI_Chess960's form: the King takes its own Rook.
    assert_eq!(castles, ["e1a1", "e1h1"]);
    // An attacked f1 forbids O-O alone; an attacked b1 forbids nothing.
    let mut pos = chess960()
        .position("r3k2r/8/8/8/8/8/1r3r2/R3K2R w KQkq - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), ["e1a1"]);
    // A Knight on b1 blocks O-O-O only.
    let mut pos = chess960()
        .position("r3k2r/8/8/8/8/8/8/Rn2K2R w KQkq - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), ["e1h1"]);
}

fn moves_of(pos: &mut impl Game, kind: MoveKind) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.kind == kind)
        .map(|&m| pos.move_text(m))
        .collect();
    out.sort();
    out
}

/// Chess960's corner cases, each worked out by hand:
/// - a King that stays on g1 while its Rook comes from h1 to f1;
/// - a castling Rook that shields the King's destination from an enemy
///   Rook on the rank (the King may not land on an attacked square, and
///   the castling Rook leaves);
/// - a Rook inside the King's path, blocked by another piece or not.
#[test]
fn castling_corner_cases() {
    // King g1, Rook h1: O-O leaves the King where it is (g1h1).
    let mut pos = chess960()
        .position("6k1/8/8/8/8/8/8/6KR w K - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), ["g1h1"]);
    pos.play("g1h1").unwrap();
    assert!(
        pos.to_text().starts_with("6k1/8/8/8/8/8/8/5RK1 b - -"),
        "{}",
        pos.to_text()
    );
    // King f1, its Rook g1, a black Rook h1: O-O would take the King to
    // g1, next to the black Rook, which the castling Rook shields now.
    let mut pos = chess960()
        .position("4k3/8/8/8/8/8/8/5KRr w G - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), Vec::<String>::new());
    // King d1 with its O-O-O Rook on b1 and a black Rook on a1: after
    // O-O-O the King stands on c1 and the Rook on d1, and a1 attacks c1
    // along the emptied rank (b1 shields c1 now).
    let mut pos = chess960()
        .position("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), Vec::<String>::new());
    // The same without the black Rook: allowed (d1b1).
    let mut pos = chess960()
        .position("4k3/8/8/8/8/8/8/1R1K4 w Q - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), ["d1b1"]);
    // King b1 with its O-O Rook on c1: the King crosses c1..g1, the Rook
    // lands on f1; a Knight on e1 blocks it.
    let mut pos = chess960()
        .position("4k3/8/8/8/8/8/8/1KR1N3 w K - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), Vec::<String>::new());
    let mut pos = chess960()
        .position("4k3/8/8/8/8/8/8/1KR5 w K - 0 1")
        .unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), ["b1c1"]);
    pos.play("b1c1").unwrap();
    assert!(
        pos.to_text().starts_with("4k3/8/8/8/8/8/8/5RK1 b"),
        "{}",
        pos.to_text()
    );
}

/// A blocked castling typed as UCI_Chess960 writes it (the King taking its
/// own Rook) is explained as castling, as `O-O` is.
#[test]
fn blocked_castling_is_explained() {
    let mut pos = chess960()
        .position("4k3/8/8/8/8/8/8/1KR1N3 w K - 0 1")
        .unwrap();
    for text in ["b1c1", "O-O"] {
        let e = pos.read_move(text).unwrap_err().to_string();
        assert!(
            e.contains("pieces stand between the King and the Rook"),
            "{text}: {e}"
        );
    }
}

/// Rights written with the Rook's file: an inner Rook is named by its
/// file (X-FEN), the outermost by `K`/`Q`, and each reads back to the
/// same castling.
#[test]
fn rights_by_file_letter() {
    // Rooks on f1 and h1, King e1: `F` castles with f1, `K` with h1.
    let inner = chess960()
        .position("4k3/8/8/8/8/8/8/4KR1R w F - 0 1")
        .unwrap();
    assert_eq!(inner.to_text().split(' ').nth(2), Some("F"));
    let mut inner = inner;
    assert_eq!(moves_of(&mut inner, MoveKind::Castle), ["e1f1"]);
    let mut outer = chess960()
        .position("4k3/8/8/8/8/8/8/4KR1R w H - 0 1")
        .unwrap();
    assert_eq!(outer.to_text().split(' ').nth(2), Some("K"));
    // h1's castling is blocked by the Rook on f1 (its destination).
    assert_eq!(moves_of(&mut outer, MoveKind::Castle), Vec::<String>::new());
    assert_ne!(inner, outer);
    // Mistakes are refused with a reason.
    for (text, why) in [
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "needs the King"),
        ("4k3/8/8/8/8/8/8/4K2R w C - 0 1", "not a castling right"),
        ("4k3/8/8/8/8/8/8/4K2R w KH - 0 1", "given twice"),
    ] {
        let err = chess960().position(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
}

/// Legal moves, castling rights and check against cozy-chess in its
/// Chess960 mode along seeded random games from 240 of the 960 starts.
#[test]
fn legal_moves_match_cozy_chess_chess960() {
    let mut positions = 0usize;
    let mut castlings = 0usize;
    for number in (0..960).step_by(4) {
        let start = Board::chess960_startpos(number);
        let fen = format!("{start:#}");
        let mut ours = chess960().position(&fen).unwrap();
        let mut board = start.clone();
        common::random_game(&mut ours, number as u64, 120, |pos, next| {
            positions += 1;
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let mine: BTreeSet<String> = list.iter().map(|&m| pos.move_text(m)).collect();
            let mut theirs = BTreeSet::new();
            board.generate_moves(|moves| {
                theirs.extend(moves.into_iter().map(|mv| mv.to_string()));
                false
            });
            assert_eq!(mine, theirs, "start {number}, {}", pos.to_text());
            assert_eq!(pos.in_check(), !board.checkers().is_empty());
            // cozy-chess writes Shredder-FEN: read back, it is our position.
            let shredder = format!("{board:#}");
            let read = chess960().position(&shredder).unwrap();
            assert_eq!(&read, &*pos, "start {number}: {shredder}");
            if let Some(m) = next {
                castlings += (m.kind == MoveKind::Castle) as usize;
                let text = pos.move_text(m);
                board.play(text.parse().unwrap());
            }
        });
    }
    println!("{positions} positions, {castlings} castlings");
    assert!(castlings > 50, "castlings played: {castlings}");
}

/// The file with its first castling's `from_any_file = true` line
/// followed by `extra` lines, which must be refused at the castling
/// table's header line, saying `says`.
fn castling_refused(extra: &str, says: &str) {
    let text = include_str!("../../../../games/chess960.toml");
    let key = "from_any_file = true\n";
    let at = text.find(key).unwrap() + key.len();
    let changed = format!("{}{extra}\n{}", &text[..at], &text[at..]);
    let e = chess3d_games::file::load(&changed).expect_err(says);
    let table = text.find("[[castling]]").unwrap();
    let line = text[..table].matches('\n').count() + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains(says), "{e}");
}

#[test]
fn castling_from_any_file_mistakes_are_placed() {
    castling_refused("empty = [\"f1\"]", "no 'empty' nor 'safe'");
    castling_refused("safe = [\"e1\"]", "no 'empty' nor 'safe'");
    castling_refused("piece = \"Z\"", "letter Z, which this game lacks");
    castling_refused("piece = \"K\"", "(or is royal)");
    // A King's end off the line of its start and the Rook's.
    let text = include_str!("../../../../games/chess960.toml").replacen(
        "king = [\"e1\", \"g1\"]",
        "king = [\"e1\", \"g2\"]",
        1,
    );
    let e = chess3d_games::file::load(&text).expect_err("off the rank");
    assert!(e.message.contains("on one rank"), "{e}");
    // A symbol that is also a file letter of its rank: White's `H`.
    let text = include_str!("../../../../games/chess960.toml").replacen(
        "symbol = \"K\"",
        "symbol = \"H\"",
        1,
    );
    let e = chess3d_games::file::load(&text).expect_err("symbol H");
    assert!(e.message.contains("also the letter of a file"), "{e}");
    // A second castling of White's toward the King's side from any file:
    // both would be written e1h1.
    let text = include_str!("../../../../games/chess960.toml");
    let first = text.find("[[castling]]").unwrap();
    let end = text[first..].find("\n\n").unwrap() + first + 2;
    let twin = text[first..end]
        .replacen("symbol = \"K\"", "symbol = \"M\"", 1)
        .replacen("text = \"O-O\"", "text = \"O-O-short\"", 1)
        .replacen("king = [\"e1\", \"g1\"]", "king = [\"e1\", \"f1\"]", 1)
        .replacen("rook = [\"h1\", \"f1\"]", "rook = [\"h1\", \"e1\"]", 1);
    let doubled = format!("{}{twin}{}", &text[..end], &text[end..]);
    let e = chess3d_games::file::load(&doubled).expect_err("two toward h");
    assert!(e.message.contains("toward the same side"), "{e}");
}

/// The shuffle makes exactly Chess960's 960 starts (FIDE's Guidelines II:
/// 960 arrangements), each with all four castling rights: the same set as
/// cozy-chess's starts by Scharnagl number.
#[test]
fn the_shuffle_makes_the_960_starts() {
    let game = chess960();
    let arrangements = game.arrangements();
    assert_eq!(arrangements.len(), 960);
    let ours: BTreeSet<String> = arrangements
        .iter()
        .map(|kinds| game.shuffled_start(kinds).unwrap().to_text())
        .collect();
    let theirs: BTreeSet<String> = (0..960)
        .map(|n| format!("{}", Board::chess960_startpos(n)))
        .collect();
    assert_eq!(ours.len(), 960);
    assert_eq!(ours, theirs);
}

/// The file with its `[shuffle]` table's `royal_between` line replaced by
/// `lines`: refused, saying `says`.
fn shuffle_refused(lines: &str, says: &str) {
    let text = include_str!("../../../../games/chess960.toml");
    let changed = text.replacen("royal_between = \"R\"", lines, 1);
    assert_ne!(changed, text);
    let e = chess3d_games::file::load(&changed).expect_err(says);
    assert!(e.message.contains(says), "{lines}: {e}");
}

#[test]
fn shuffle_mistakes_are_refused() {
    shuffle_refused("royal_between = \"Z\"", "'Z' is not the letter of a kind");
    shuffle_refused("royal_between = \"K\"", "(nor the royal one)");
    shuffle_refused("royal_between = \"R\"\nrank = 9", "duplicate key");
    let text = include_str!("../../../../games/chess960.toml");
    let off_board = text.replacen("rank = 0", "rank = 8", 1);
    let e = chess3d_games::file::load(&off_board).expect_err("rank 8");
    assert!(e.message.contains("from 0 to 7"), "{e}");
    // Black's rank no longer White's mirrored: Black's King and Queen
    // swapped.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let asymmetric = text.replacen(
        start,
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        1,
    );
    let e = chess3d_games::file::load(&asymmetric).expect_err("asymmetric");
    assert!(e.message.contains("does not mirror White's"), "{e}");
    // The King between two Queens, of which there is one: no arrangement.
    let none = text.replacen("royal_between = \"R\"", "royal_between = \"Q\"", 1);
    let e = chess3d_games::file::load(&none).expect_err("no arrangement");
    assert!(e.message.contains("no arrangement"), "{e}");
}

/// `piece`: the kind that castles with the King. With White's O-O given
/// to the Bishop, King e1 and Bishop h1 castle to g1 and f1 (by hand: the
/// cells between, f1 and g1, are empty and unattacked).
#[test]
fn another_kind_may_castle() {
    let text = include_str!("../../../../games/chess960.toml").replacen(
        "from_any_file = true",
        "from_any_file = true\npiece = \"B\"",
        1,
    );
    let game = tiny_file(&text);
    let mut pos = game.position("4k3/8/8/8/8/8/8/4K2B w K - 0 1").unwrap();
    assert_eq!(moves_of(&mut pos, MoveKind::Castle), ["e1h1"]);
    pos.play("e1h1").unwrap();
    assert!(
        pos.to_text().starts_with("4k3/8/8/8/8/8/8/5BK1 b"),
        "{}",
        pos.to_text()
    );
    // A Rook there gives no right.
    assert!(game.position("4k3/8/8/8/8/8/8/4K2R w K - 0 1").is_err());
}
