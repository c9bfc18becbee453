//! Pawn families from files: Grand chess's promotion (games/grand.toml:
//! optional on some cells of the zone, compulsory on the others, choices
//! limited by what stands on the board), Chigorin chess's choices per side
//! (games/chigorin.toml), Berolina chess's double steps in two directions
//! (games/berolina.toml) and Torpedo chess's from every rank, promoting on
//! the last (games/torpedo.toml), against Fairy-Stockfish's published
//! perft and positions counted by hand.

use chess3d_core::perft::perft;
use chess3d_core::Variant;
use chess3d_games::file::{SmallFileRules, TinyFileRules};

use crate::common::{self, moves_from, small_file, tiny_file};

const GRAND_FILE: &str = include_str!("../../../../games/grand.toml");
const BEROLINA_FILE: &str = include_str!("../../../../games/berolina.toml");
const CHIGORIN_FILE: &str = include_str!("../../../../games/chigorin.toml");
const TORPEDO_FILE: &str = include_str!("../../../../games/torpedo.toml");

fn grand() -> Variant<SmallFileRules> {
    small_file(GRAND_FILE)
}

fn berolina() -> Variant<TinyFileRules> {
    tiny_file(BEROLINA_FILE)
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `grand startpos 3
/// 259514`, and a position with en passant open on e7 to depth 2 (5,768).
/// Depth 1 by hand: ten Pawns with a step and a double step each (20);
/// the Rooks a2 and eight squares along the first rank each (18); the
/// Knights three each (a4, c4, d1 from b2; 6); the Queen d1, c1, e1 (3);
/// the Bishops two each (4); the King d1, e1, f1 (3); the Marshal f1 and
/// the leaps d1, h1, e4, g4 (5); the Cardinal f1, h1 and the leaps e1,
/// i1, f4, h4 (6): 65.
#[test]
fn grand_has_the_published_perft() {
    let mut start = grand().start();
    for (depth, nodes) in [(1, 65), (3, 259_514)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    let mut pos = grand()
        .position("r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3")
        .unwrap();
    assert_eq!(perft(&mut pos, 2), 5_768);
}

/// Grand's promotion, by hand. A lone King and Pawn: the Pawn on e8 may
/// stay a Pawn on e9 or become any of the six kinds (7 moves); on e9 it
/// must promote on e10 (6). With a Queen on the board the Queen is no
/// choice. With every kind at its limit (one Queen, Marshal and Cardinal,
/// two Rooks, Bishops and Knights) the Pawn on e8 may only step, and the
/// one on e9 may not move at all; with one Rook lost, it may only become a
/// Rook. (Fairy-Stockfish, whose limits these are, counts the same.)
#[test]
fn grand_promotes_by_rank_and_by_what_was_lost() {
    let cases: [(&str, &str, &[&str]); 6] = [
        (
            "k9/10/4P5/10/10/10/10/10/10/4K5 w - - 0 1",
            "e8",
            &["e8e9", "e8e9a", "e8e9b", "e8e9c", "e8e9n", "e8e9q", "e8e9r"],
        ),
        (
            "k9/4P5/10/10/10/10/10/10/10/4K5 w - - 0 1",
            "e9",
            &["e9e10a", "e9e10b", "e9e10c", "e9e10n", "e9e10q", "e9e10r"],
        ),
        (
            "k9/4P5/10/10/10/10/10/10/1Q8/4K5 w - - 0 1",
            "e9",
            &["e9e10a", "e9e10b", "e9e10c", "e9e10n", "e9e10r"],
        ),
        (
            "k9/10/4P5/10/10/10/10/10/1QCARRBBNN/4K5 w - - 0 1",
            "e8",
            &["e8e9"],
        ),
        (
            "k9/4P5/10/10/10/10/10/10/1QCARRBBNN/4K5 w - - 0 1",
            "e9",
            &[],
        ),
        (
            "k9/4P5/10/10/10/10/10/10/1QCARBBNN1/4K5 w - - 0 1",
            "e9",
            &["e9e10r"],
        ),
    ];
    for (text, from, expected) in cases {
        let pos = grand().position(text).unwrap();
        let mut got = moves_from(&pos, from);
        got.sort();
        assert_eq!(got, expected, "{text}");
    }
}

/// A Pawn may not stand unpromoted on its last rank, nor behind its start.
#[test]
fn grand_refuses_a_pawn_where_none_can_stand() {
    for text in [
        "4P4k/10/10/10/10/10/10/10/10/4K5 w - - 0 1",
        "k9/10/10/10/10/10/10/10/4P5/4K5 w - - 0 1",
    ] {
        assert!(grand().position(text).is_err(), "{text}");
    }
}

/// Fairy-Stockfish's perft suite (tests/perft.sh) for berolina, its
/// position strings as they are there: after 1. d2f4 e7c5, with en passant
/// written `c5d6` (the landing cell first: to Fairy-Stockfish the field is
/// a set of cells), to depth 3 (46,643); a King and Pawn ending with
/// promotions by capture only straight ahead, to depth 3 (1,983); and with
/// en passant open on d6 against the double step e7c5 (`d6c5`), to depth 2
/// (1,047). And the start to depth 3 by pyffish's move lists (28,328; see
/// scripts/fairy-diff). Depth 1 by hand: each Pawn steps diagonally either
/// way, the a- and h-Pawns one way (14); the double steps go the same
/// ways where there is room, one for the a-, b-, g- and h-Pawns and two
/// for the others (12); each Knight two (4): 30.
#[test]
fn berolina_has_the_published_perft() {
    let mut start = berolina().start();
    for (depth, nodes) in [(1, 30), (3, 28_328)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    for (text, depth, nodes) in [
        (
            "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2",
            3,
            46_643,
        ),
        ("k7/6P1/8/8/8/2K2p2/4p3/8 w - - 0 1", 3, 1_983),
        (
            "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1",
            2,
            1_047,
        ),
    ] {
        let mut pos = berolina().position(text).unwrap();
        assert_eq!(perft(&mut pos, depth), nodes, "{text}");
    }
}

/// Two double steps can skip the same square: Black's e7c5 and c7e5 both
/// skip d6. A position string must then say which was made
/// (`d6c5`: skipped, then landed); `d6` alone is refused with the two
/// readings named. Each reading takes its own Pawn: after d5xd6 en passant
/// the c5 Pawn is gone in one, the e5 Pawn in the other. The written form
/// reads back to the same position and hash.
#[test]
fn berolina_en_passant_names_the_pawn_that_moved() {
    let ambiguous = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6 0 1";
    let e = berolina().position(ambiguous).unwrap_err().to_string();
    assert!(e.contains("over d6 to e5, over d6 to c5"), "{e}");
    for (landed, survivor) in [("c5", "e5"), ("e5", "c5")] {
        let text = ambiguous.replace(" d6 ", &format!(" d6{landed} "));
        // Either order reads, as Fairy-Stockfish's set does; the skipped
        // cell is written first.
        let swapped = ambiguous.replace(" d6 ", &format!(" {landed}d6 "));
        let mut pos = berolina().position(&swapped).unwrap();
        assert_eq!(pos.to_text(), text);
        let again = berolina().position(&pos.to_text()).unwrap();
        assert_eq!(again.hash(), pos.hash());
        let m = pos.parse_move("d5d6").unwrap();
        assert_eq!(m.kind, chess3d_core::MoveKind::EnPassant, "{text}");
        pos.make(m);
        let at = |name: &str| pos.piece_at(pos.tables().geo.parse_cell(name).unwrap());
        assert!(at(landed).is_empty(), "{text}: {landed} taken");
        assert!(!at(survivor).is_empty(), "{text}: {survivor} stays");
    }
}

/// The core's invariants along random games of both files (make and
/// unmake, hashes, legal moves, one text each).
#[test]
fn grand_and_berolina_keep_the_invariants_along_random_games() {
    for seed in 0..6 {
        common::walk(grand().start(), seed, 150, 0.3).unwrap();
        common::walk(berolina().start(), seed, 150, 0.3).unwrap();
    }
}

/// The en-passant field names the landing cell only where two double steps
/// of a side skip the same cell: in Berolina's file, and in no built-in
/// game nor other file, whose strings stay as they were (the skipped cell
/// alone, as FEN writes it).
#[test]
fn only_shared_skipped_cells_make_en_passant_name_the_landing_cell() {
    use chess3d_games::{chess, elevator, polyhedron, startrek, ziggurat, ziggurat43};
    assert!(berolina().start().tables().ep_names_landing);
    let built_in = [
        chess::Chess::start().tables().ep_names_landing,
        elevator::Elevator::start().tables().ep_names_landing,
        polyhedron::Polyhedron::start().tables().ep_names_landing,
        startrek::StarTrek::start().tables().ep_names_landing,
        ziggurat::Ziggurat::start().tables().ep_names_landing,
        ziggurat43::Ziggurat43::start().tables().ep_names_landing,
        grand().start().tables().ep_names_landing,
        common::tiny_file(include_str!("../../../../games/horde.toml"))
            .start()
            .tables()
            .ep_names_landing,
    ];
    assert_eq!(built_in, [false; 8]);
}

/// The loader's refusals for the new keys, each at its key: a limit on a
/// letter that is no choice, a limit of 0, an `optional` zone outside the
/// promotion zone, and a side's choice that is the royal kind.
#[test]
fn promotion_mistakes_are_placed() {
    let cases = [
        (
            GRAND_FILE,
            "limits = { Q = 1,",
            "limits = { K = 1,",
            "'K' has a limit but is not a promotion choice",
        ),
        (
            GRAND_FILE,
            "N = 2 }",
            "N = 0 }",
            "a limit is a count from 1 to 255",
        ),
        (
            GRAND_FILE,
            "optional = [{ ranks = [7, 8] }]",
            "optional = [{ ranks = [6, 8] }]",
            "must lie in the promotion zone",
        ),
        (
            CHIGORIN_FILE,
            "black = [\"Q\", \"R\", \"B\"]",
            "black = [\"Q\", \"K\", \"B\"]",
            "'K' cannot be promoted to",
        ),
    ];
    for (file, old, new, says) in cases {
        assert_eq!(file.matches(old).count(), 1, "{old}");
        let text = file.replacen(old, new, 1);
        let e = chess3d_games::file::load(&text).expect_err(says);
        assert!(e.message.contains(says), "{e}");
        // Placed on the line of the changed key.
        let line = text[..text.find(new).unwrap()].matches('\n').count() + 1;
        assert_eq!(e.line, line, "{e}");
    }
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `chigorin startpos 3
/// 11408`, and a Pawn each about to promote, Black to move, depth 2: 117.
/// By hand for that position: Black's a2 Pawn has three promotions (a1=Q,
/// R, B: its own army's), and its King b7 all eight of its moves (White's
/// h7 Pawn attacks only g8, White's King d3 none of them): 11 at depth 1.
/// With White to move, the h7 Pawn promotes only to a Chancellor, Rook or
/// Knight, never a Queen.
#[test]
fn chigorin_promotes_each_side_to_its_own_kinds() {
    let game = tiny_file(CHIGORIN_FILE);
    let mut start = game.start();
    assert_eq!(perft(&mut start, 3), 11_408);
    let mut pos = game.position("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1").unwrap();
    assert_eq!(perft(&mut pos, 1), 11);
    assert_eq!(perft(&mut pos, 2), 117);
    assert_eq!(moves_from(&pos, "a2"), ["a2a1b", "a2a1q", "a2a1r"]);
    let white = game.position("8/1k5P/8/8/8/3K4/p7/8 w - - 0 1").unwrap();
    assert_eq!(moves_from(&white, "h7"), ["h7h8c", "h7h8n", "h7h8r"]);
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `torpedo startpos 4
/// 209719` and a position to depth 4 (232,819). A double step from the
/// 6th rank lands on the 8th and promotes, as a step would: the Pawn a6
/// (the Kings on a1 and h1) has its step to a7 and four double-step
/// promotions a8=Q, R, B, N, and no unpromoted a8.
#[test]
fn torpedo_double_steps_from_every_rank_and_promotes_with_them() {
    let game = tiny_file(TORPEDO_FILE);
    let mut start = game.start();
    assert_eq!(perft(&mut start, 4), 209_719);
    let mut pos = game
        .position("rnbqkbnr/1ppppppp/8/6P1/p7/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1")
        .unwrap();
    assert_eq!(perft(&mut pos, 4), 232_819);
    let pos = game.position("8/8/P7/8/8/8/8/K6k w - - 0 1").unwrap();
    let mut from_a6 = moves_from(&pos, "a6");
    from_a6.sort();
    assert_eq!(from_a6, ["a6a7", "a6a8b", "a6a8n", "a6a8q", "a6a8r"]);
}
