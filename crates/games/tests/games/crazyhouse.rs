//! Crazyhouse (games/crazyhouse.toml): captured pieces change sides into
//! the capturer's hand and are dropped on empty squares (docs/game-files.md:
//! `drops`). Against Fairy-Stockfish's published perft (its tests/perft.sh)
//! and positions counted by hand.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Side, Variant, WinReason};
use chess3d_games::file::PoolFileRules;

use crate::common::{moves, pool_file};

const CRAZYHOUSE_FILE: &str = include_str!("../../../../games/crazyhouse.toml");

fn crazyhouse() -> Variant<PoolFileRules> {
    pool_file(CRAZYHOUSE_FILE)
}

fn at(fen: &str) -> chess3d_core::Position<PoolFileRules> {
    crazyhouse()
        .position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Fairy-Stockfish's perft suite: `crazyhouse startpos 4 197281`, and its
/// positions with full hands. No capture is possible before White's second
/// move, so depths 1 to 3 are chess's 20, 400 and 8,902; depth 5,
/// 4,888,832, as Fairy-Stockfish counts it (its Python module, pyffish).
#[test]
fn crazyhouse_has_the_published_perft() {
    let mut start = crazyhouse().start();
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281), (5, 4_888_832)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    for (fen, depth, nodes) in [
        ("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2, 75_353),
        ("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88_634),
        // The hand as lichess writes it: a ninth rank.
        ("2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", 3, 88_634),
        (
            "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
            3,
            58_057,
        ),
    ] {
        assert_eq!(perft(&mut at(fen), depth), nodes, "{fen}");
    }
}

/// Drops by hand: a lone Knight in hand goes to any of the 62 empty
/// squares, and the King has its 5 steps: 67 moves. A Pawn never to the
/// first or last rank: 48 squares of ranks 2 to 7, and the 5 steps: 53.
/// (Fairy-Stockfish lists the same.)
#[test]
fn a_piece_is_dropped_on_any_empty_square_a_pawn_not_on_the_end_ranks() {
    let knight = moves(&at("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"));
    assert_eq!(knight.len(), 67);
    assert!(knight.iter().any(|m| m == "N@a1") && knight.iter().any(|m| m == "N@h8"));
    let pawn = moves(&at("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"));
    assert_eq!(pawn.len(), 53);
    assert!(!pawn
        .iter()
        .any(|m| m.contains('@') && (m.ends_with('1') || m.ends_with('8'))));
    // The other side's hand is not White's to drop from.
    assert_eq!(moves(&at("4k3/8/8/8/8/8/8/4K3[n] w - - 0 1")).len(), 5);
}

/// In check from the Rook a1 along the first rank, a drop may block it:
/// on b1, c1 or d1, with the King's three steps off the rank (d1 and f1
/// stay on the Rook's line). A Pawn cannot block there (the first rank),
/// and no drop parries a double check (Rook a1 and Knight d3).
#[test]
fn a_drop_may_block_a_check_but_never_a_double_one() {
    assert_eq!(
        moves(&at("4k3/8/8/8/8/8/8/r3K3[B] w - - 0 1")),
        ["B@b1", "B@c1", "B@d1", "e1d2", "e1e2", "e1f2"]
    );
    assert_eq!(
        moves(&at("4k3/8/8/8/8/8/8/r3K3[P] w - - 0 1")),
        ["e1d2", "e1e2", "e1f2"]
    );
    assert_eq!(
        moves(&at("4k3/8/8/8/8/3n4/8/r3K3[Q] w - - 0 1")),
        ["e1d2", "e1e2"]
    );
}

/// A Knight dropped on f7 mates the smothered King h8 (its neighbours are
/// its own Rook and Pawns, and nothing reaches f7): written `N@f7#` as
/// Fairy-Stockfish and lichess write it, read back, and the game over.
#[test]
fn a_drop_mates() {
    let mut p = at("6rk/6pp/8/8/8/8/8/K7[N] w - - 5 1");
    let m = p.read_move("N@f7").unwrap();
    assert_eq!(p.move_label(m), "N@f7#");
    p.make(m);
    assert_eq!(
        p.to_text(),
        "6rk/5Npp/8/8/8/8/8/K7[] b - - 0 1",
        "a drop resets the counter"
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Checkmate
        })
    );
}

/// A captured piece enters the capturer's hand; a promoted one (`~`) as a
/// Pawn; a promotion marks its piece. Fairy-Stockfish writes the same
/// strings after the same moves.
#[test]
fn captures_fill_the_hand_and_promoted_pieces_return_as_pawns() {
    let mut queen = at("4k3/8/8/8/8/8/5q2/4K3[] w - - 3 9");
    queen.play("e1f2").unwrap();
    assert_eq!(queen.to_text(), "4k3/8/8/8/8/8/5K2/8[Q] b - - 0 9");
    let mut promoted = at("4k3/8/8/8/8/8/5q~2/4K3[] w - - 0 1");
    promoted.play("e1f2").unwrap();
    assert_eq!(promoted.to_text(), "4k3/8/8/8/8/8/5K2/8[P] b - - 0 1");
    let mut promoting = at("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1");
    promoting.play("a7a8q").unwrap();
    assert_eq!(promoting.to_text(), "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    // Moved, it stays promoted; taken back, all is as it was.
    let before = at("4k3/8/8/8/8/8/1Q~6/4K3[] w - - 0 1");
    let mut p = before.clone();
    p.play("b2b5").unwrap();
    assert_eq!(p.to_text(), "4k3/8/8/1Q~6/8/8/8/4K3[] b - - 1 1");
    p.unmake();
    assert_eq!(p.to_text(), before.to_text());
}

/// Kings alone on the board are no draw while a hand holds a piece; and
/// on a flag fall, material never runs out while a piece is held or can
/// be taken (lichess: "there is always sufficient mating material in
/// crazyhouse"): a lone King may take what is dropped and drop it.
#[test]
fn pieces_in_hand_are_not_bare_kings() {
    let held = at("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1");
    assert_eq!(held.clone().outcome(), None);
    assert!(held.can_still_win(Side::Black) && held.can_still_win(Side::White));
    let on_board = at("4k3/8/8/8/8/8/p7/4K3[] w - - 0 1");
    assert!(on_board.can_still_win(Side::White));
    let bare = at("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(!bare.can_still_win(Side::White) && !bare.can_still_win(Side::Black));
}

/// Mistakes in the hand and in `~` are placed and explained.
#[test]
fn hands_and_promoted_marks_are_checked() {
    for (fen, wanted) in [
        (
            "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1",
            "'K' is not a piece one can hold in hand",
        ),
        ("4k3/8/8/8/8/8/8/4K3[Q w - - 0 1", "between '[' and ']'"),
        ("4k3/8/8/8/8/8/8/4K3[Q]] w - - 0 1", "between '[' and ']'"),
        (
            "4k3/8/8/8/8/8/P~7/4K3[] w - - 0 1",
            "a Pawn is not a piece one promotes to",
        ),
        (
            "4k3/8/8/8/8/8/8/4K~3[] w - - 0 1",
            "a King is not a piece one promotes to",
        ),
    ] {
        let e = crazyhouse().position(fen).unwrap_err().to_string();
        assert!(e.contains(wanted), "{fen}: {e}");
    }
    // The diagram says what each side holds.
    let diagram = at("4k3/8/8/8/8/8/8/4K3[NPPp] w - - 0 1").diagram();
    assert!(
        diagram.contains("In hand: White Knight, Pawn ×2; Black Pawn\n"),
        "{diagram}"
    );
    // Lichess's hand, a rank more (`/` alone for empty hands), reads as
    // the brackets.
    for (lichess, brackets) in [
        (
            "4k3/8/8/8/8/8/8/4K3/Qp w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3/ w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        ),
    ] {
        assert_eq!(at(lichess).to_text(), brackets);
    }
    // A FEN of the board alone has empty hands.
    assert_eq!(
        at("4k3/8/8/8/8/8/8/4K3 w - - 0 1").to_text(),
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
    );
    let chess = crate::common::tiny_file(include_str!("../../../../games/chess.toml"));
    let e = chess
        .position("4k3/8/8/8/8/8/1Q~6/4K3 w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("only in a game with drops"), "{e}");
}

/// Along seeded random games long enough for hands to fill (captures
/// early and often, drops all along): the core's invariants in every
/// position (`common::walk`: make and unmake restore the position and its
/// hash, the hash kept equals one computed afresh, the legal moves are the
/// pseudo-legal ones that pass the legality test, each move's text reads
/// back to it, the position string reads back to the position).
#[test]
fn invariants_hold_along_random_games() {
    for seed in 0..6 {
        if let Err(e) = crate::common::walk(crazyhouse().start(), seed, 160, 0.6) {
            panic!("seed {seed}: {e}");
        }
    }
}

/// A game record with drops and hands (the FEN tag's hand, `N@d5` among
/// the moves) is written and read back to the same moves.
#[test]
fn records_with_drops_read_back() {
    use chess3d_core::record::{game_tags, record_moves, replay, Record};
    use chess3d_core::Position;
    let start = at("r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R[NPp] w KQkq - 0 1");
    let mut pos = start.clone();
    let moves: Vec<_> = ["N@d5", "P@h3", "g2h3", "a7a6", "P@e6"]
        .iter()
        .map(|t| pos.play(t).unwrap())
        .collect();
    let record = Record {
        tags: game_tags(&start),
        first_mover: Some(start.side_to_move()),
        moves: record_moves(&start, &moves),
        result: "*".into(),
        ..Default::default()
    };
    let text = record.to_text();
    assert!(text.contains("[NPp]") && text.contains("N@d5"), "{text}");
    let (parsed, damage) = Record::parse(&text);
    let replayed = replay::<Position<PoolFileRules>>(crazyhouse(), &parsed, damage).unwrap();
    assert_eq!(replayed.damage, None, "{text}");
    assert_eq!(replayed.moves, moves);
}

/// A drop typed as players type it: the letter in either case, a check
/// mark; and one that cannot be played says why.
#[test]
fn typed_drops_are_read_or_explained() {
    let mut p = at("4k3/8/8/8/8/8/8/r3K3[Bq] w - - 0 1");
    for (typed, drop) in [("b@c1", "B@c1"), ("B@d1+", "B@d1")] {
        let m = p.read_move(typed).unwrap();
        assert_eq!(p.move_text(m), drop);
    }
    for (typed, why) in [
        ("N@c1", "White has no Knight in hand"),
        ("B@a1", "a1 is not empty"),
        (
            "B@b5",
            "White's King is in check, and this move does not end the check",
        ),
    ] {
        let e = p.read_move(typed).unwrap_err().to_string();
        assert!(e.contains(why), "{typed}: {e}");
    }
    let mut pawn = at("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let e = pawn.read_move("P@a8").unwrap_err().to_string();
    assert!(e.contains("a Pawn may never stand on a8"), "{e}");
    let mut chess = crate::common::tiny_file(include_str!("../../../../games/chess.toml")).start();
    let e = chess.read_move("N@e4").unwrap_err().to_string();
    assert!(e.contains("this game has no drops"), "{e}");
}

/// What drops cannot go with is refused at the `drops` key: a second
/// kind that promotes (which would a promoted piece return as?), and
/// promotion to a captured pool (the captured pieces go to a hand).
#[test]
fn the_loader_refuses_what_drops_cannot_go_with() {
    let line = CRAZYHOUSE_FILE
        .lines()
        .position(|l| l == "drops = true")
        .unwrap()
        + 1;
    let second_promoting = CRAZYHOUSE_FILE
        .replacen("name = \"Rook\"\n", "name = \"Rook\"\npromotes = true\n", 1)
        .replacen(
            "choices = [\"Q\", \"R\", \"B\", \"N\"]",
            "choices = [\"Q\", \"B\", \"N\"]",
            1,
        );
    let pool = CRAZYHOUSE_FILE.replacen(
        "choices = [\"Q\", \"R\", \"B\", \"N\"]",
        "choices = \"captured-pool\"",
        1,
    );
    for (text, wanted) in [
        (
            second_promoting,
            "only one kind may promote; this game has R, P",
        ),
        (
            pool,
            "drops and promotion to a captured piece do not go together",
        ),
    ] {
        assert_ne!(text, CRAZYHOUSE_FILE);
        let e = chess3d_games::file::load(&text).unwrap_err();
        assert!(e.message.contains(wanted), "{e}");
        assert_eq!(e.line, line, "{e}");
    }
}

/// A promoted Rook (a position string's `R~`) that castles stays
/// promoted: taken, it returns to the hand as a Pawn.
#[test]
fn a_promoted_rook_castles_promoted() {
    let mut p = at("4k3/8/8/8/8/8/8/4K2R~[] w K - 0 1");
    p.play("e1g1").unwrap();
    assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/5R~K1[] b - - 1 1");
}

/// The moves a search's quiescence asks for (`pseudo_legal_moves_to`) are
/// the pseudo-legal moves that capture or promote, and the plain moves and
/// drops to the quiet cells asked for (where a drop may give check): along
/// a random game, with the empty squares of ranks 3 to 6 as quiet cells.
#[test]
fn quiescence_moves_include_drops_to_quiet_cells() {
    use chess3d_core::{BitSet, MoveKind, MoveList, Rules};
    let mut pos = crazyhouse().start();
    let mut drops_seen = 0;
    crate::common::random_game_biased(&mut pos, 3, 160, 0.6, |p, _| {
        let geo = &p.tables().geo;
        let mut quiet = <PoolFileRules as Rules>::Bits::EMPTY;
        for c in geo.cells() {
            if (2..=5).contains(&geo.coord(c)[1]) && p.piece_at(c).is_empty() {
                quiet.insert(c);
            }
        }
        let mut got = MoveList::new();
        p.pseudo_legal_moves_to(&mut got, quiet);
        let mut all = MoveList::new();
        p.pseudo_legal_moves(&mut all);
        let plain = |m: &chess3d_core::Move| {
            matches!(
                m.kind,
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop
            )
        };
        let mut wanted: Vec<_> = all
            .iter()
            .copied()
            .filter(|m| {
                m.promotion.is_some() || p.is_capture(*m) || (quiet.contains(m.to) && plain(m))
            })
            .collect();
        let mut got: Vec<_> = got.to_vec();
        wanted.sort();
        got.sort();
        assert_eq!(got, wanted, "{}", p.to_text());
        drops_seen += got.iter().filter(|m| m.kind == MoveKind::Drop).count();
    });
    assert!(drops_seen > 0, "the game had drops to ask for");
}
