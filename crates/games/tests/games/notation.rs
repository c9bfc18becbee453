//! Moves as players read and type them (`Position::read_move`,
//! `Position::move_label`): chess in standard algebraic notation, the 3-D
//! games' short forms with their ambiguous cases, and the reasons given for
//! illegal moves.

use crate::common;

use chess3d_core::{BuiltIn, BuiltInGame, GameVariant, MoveList, Position};
use chess3d_games::chess::ChessRules;
use chess3d_games::elevator::ElevatorRules;
use chess3d_games::polyhedron::PolyhedronRules;
use chess3d_games::startrek::StarTrekRules;
use chess3d_games::ziggurat::ZigguratRules;

/// Plays `moves` (canonical) from the start, then reads `text`: the
/// canonical text of the move it stands for, or the error's message.
fn read<R: BuiltIn>(moves: &[&str], text: &str) -> Result<String, String> {
    read_at::<R>(&Position::<R>::start().to_text(), moves, text)
}

fn read_at<R: BuiltIn>(fen: &str, moves: &[&str], text: &str) -> Result<String, String> {
    let mut pos = Position::<R>::from_text(fen).unwrap();
    for m in moves {
        pos.play(m).unwrap();
    }
    pos.read_move(text)
        .map(|m| pos.move_text(m))
        .map_err(|e| e.to_string())
}

/// The label of the move given canonically.
fn label<R: BuiltIn>(fen: &str, moves: &[&str], canonical: &str) -> String {
    let mut pos = Position::<R>::from_text(fen).unwrap();
    for m in moves {
        pos.play(m).unwrap();
    }
    let m = pos.parse_move(canonical).unwrap();
    pos.move_label(m)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn chess_san_is_shown() {
    // Standard algebraic notation (RULINGS.md §6), the published forms.
    assert_eq!(label::<ChessRules>(START, &[], "e2e4"), "e4");
    assert_eq!(label::<ChessRules>(START, &[], "g1f3"), "Nf3");
    // Scholar's mate: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#.
    let scholar = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"];
    assert_eq!(label::<ChessRules>(START, &scholar, "h5f7"), "Qxf7#");
    // A check that is not mate: 1. e4 f5 2. Qh5+.
    assert_eq!(
        label::<ChessRules>(START, &["e2e4", "f7f5"], "d1h5"),
        "Qh5+"
    );
    // En passant is written as the pawn's capture: 1. e4 a6 2. e5 d5 3. exd6.
    let ep = ["e2e4", "a7a6", "e4e5", "d7d5"];
    assert_eq!(label::<ChessRules>(START, &ep, "e5d6"), "exd6");
    // Castling both ways, and promotion with a capture and check.
    let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(label::<ChessRules>(fen, &[], "e1g1"), "O-O");
    assert_eq!(label::<ChessRules>(fen, &[], "e1c1"), "O-O-O");
    assert_eq!(label::<ChessRules>(fen, &[], "b7a8q"), "bxa8=Q+");
    assert_eq!(label::<ChessRules>(fen, &[], "b7b8n"), "b8=N");
    // Disambiguation by file, by rank, and by both (three Queens).
    let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(label::<ChessRules>(knights, &[], "b1d2"), "Nbd2");
    let rooks = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(label::<ChessRules>(rooks, &[], "a1a4"), "R1a4");
    // Queens on a4, h4 and h1 all reach e4 (along rank 4 and the long
    // diagonal): the one on h4 shares its rank with a4 and its file with
    // h1, so it is named by both.
    let queens = "2k5/8/8/8/Q6Q/8/8/1K5Q w - - 0 1";
    assert_eq!(label::<ChessRules>(queens, &[], "h4e4"), "Qh4e4");
    assert_eq!(label::<ChessRules>(queens, &[], "a4e4"), "Qae4");
    assert_eq!(label::<ChessRules>(queens, &[], "h1e4"), "Q1e4");
}

#[test]
fn chess_san_is_read() {
    assert_eq!(read::<ChessRules>(&[], "e4").unwrap(), "e2e4");
    assert_eq!(read::<ChessRules>(&[], "Nf3").unwrap(), "g1f3");
    assert_eq!(read::<ChessRules>(&[], "Nf3!?").unwrap(), "g1f3");
    assert_eq!(read::<ChessRules>(&[], "Ng1-f3+").unwrap(), "g1f3");
    assert_eq!(read::<ChessRules>(&[], "E2-E4").unwrap(), "e2e4");
    // A capital letter is a piece: no Bishop reaches b3, no pawn move.
    assert!(read::<ChessRules>(&[], "Bb3").is_err());
    let ex = ["e2e4", "d7d5"];
    assert_eq!(read::<ChessRules>(&ex, "exd5").unwrap(), "e4d5");
    assert_eq!(read::<ChessRules>(&ex, "e4xd5").unwrap(), "e4d5");
    assert_eq!(read::<ChessRules>(&ex, "e4d5").unwrap(), "e4d5");
    let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for castle in ["O-O", "0-0", "O-O+", "o-o"] {
        assert_eq!(
            read_at::<ChessRules>(fen, &[], castle).unwrap(),
            "e1g1",
            "{castle}"
        );
    }
    for castle in ["O-O-O", "0-0-0"] {
        assert_eq!(
            read_at::<ChessRules>(fen, &[], castle).unwrap(),
            "e1c1",
            "{castle}"
        );
    }
    assert_eq!(read_at::<ChessRules>(fen, &[], "bxa8=Q+").unwrap(), "b7a8q");
    assert_eq!(read_at::<ChessRules>(fen, &[], "b8=N").unwrap(), "b7b8n");
    assert_eq!(read_at::<ChessRules>(fen, &[], "b8N").unwrap(), "b7b8n");
}

#[test]
fn chess_ambiguity_lists_the_moves() {
    // Two Knights, on c3 and g1, both reach e2 once e2 is empty.
    let moves = ["b1c3", "b8c6", "e2e4", "e7e5"];
    assert_eq!(
        read::<ChessRules>(&moves, "Ne2").unwrap_err(),
        "'Ne2' could be Nce2 or Nge2"
    );
    assert_eq!(read::<ChessRules>(&moves, "Nce2").unwrap(), "c3e2");
    assert_eq!(read::<ChessRules>(&moves, "Nge2").unwrap(), "g1e2");
}

#[test]
fn chess_illegal_moves_say_why() {
    // The King cannot leave e1 at the start: its own pieces stand around.
    assert_eq!(
        read::<ChessRules>(&[], "Ke2").unwrap_err(),
        "illegal move 'Ke2': White's King cannot make that move"
    );
    assert_eq!(
        read::<ChessRules>(&[], "Qh5").unwrap_err(),
        "illegal move 'Qh5': White's Queen cannot make that move"
    );
    // No such piece.
    let bare = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
    assert_eq!(
        read_at::<ChessRules>(bare, &[], "Nf3").unwrap_err(),
        "illegal move 'Nf3': White has no Knight"
    );
    // A King stepping into check: the Rook on d8 holds the d-file.
    let rook = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        read_at::<ChessRules>(rook, &[], "Kd1").unwrap_err(),
        "illegal move 'Kd1': the King would be in check on d1"
    );
    // A pinned Knight: the Rook on e8 pins it to the King on e1.
    let pin = "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(
        read_at::<ChessRules>(pin, &[], "Nf4").unwrap_err(),
        "illegal move 'Nf4': the Knight on e2 is pinned: moving it would put White's King in check"
    );
    // In check, a move that does not answer it.
    let check = "4r2k/8/8/8/8/8/3N4/4K3 w - - 0 1";
    assert_eq!(
        read_at::<ChessRules>(check, &[], "Nb3").unwrap_err(),
        "illegal move 'Nb3': White's King is in check, and this move does not end the check"
    );
    // Castling out of check, and through an attacked square.
    let castle = "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(
        read_at::<ChessRules>(castle, &[], "O-O").unwrap_err(),
        "illegal move 'O-O': White may not castle out of check"
    );
    let through = "5rk1/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(
        read_at::<ChessRules>(through, &[], "O-O").unwrap_err(),
        "illegal move 'O-O': the King would cross or land on an attacked square"
    );
    assert_eq!(
        read::<ChessRules>(&[], "O-O").unwrap_err(),
        "illegal move 'O-O': pieces stand between the King and the Rook"
    );
    let moved = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    assert_eq!(
        read_at::<ChessRules>(moved, &[], "0-0").unwrap_err(),
        "illegal move '0-0': White has lost the right to castle O-O"
    );
}

#[test]
fn chess_errors_are_in_the_players_notation() {
    // A pawn's first move goes one or two squares: nothing reaches e5.
    assert_eq!(
        read::<ChessRules>(&[], "e5").unwrap_err(),
        "illegal move 'e5': no White piece can go to e5"
    );
    // SAN is read, so the error says so, not only the coordinates.
    assert_eq!(
        read::<ChessRules>(&[], "e9").unwrap_err(),
        "cannot read move 'e9': expected SAN such as e4, Nf3, exd5, O-O or e8=Q, \
         or coordinates such as e2e4"
    );
    // Coordinates: nothing on h3, Black's pawn on White's turn, a pawn
    // three squares up.
    assert_eq!(
        read::<ChessRules>(&[], "h3h4").unwrap_err(),
        "illegal move 'h3h4': there is no piece on h3"
    );
    assert_eq!(
        read::<ChessRules>(&[], "e7e5").unwrap_err(),
        "illegal move 'e7e5': the Pawn on e7 is Black's, and White is to move"
    );
    assert_eq!(
        read::<ChessRules>(&[], "e2e5").unwrap_err(),
        "illegal move 'e2e5': the Pawn on e2 cannot go to e5"
    );
    // A square alone is a pawn's move: after 1. e4 e5 no pawn can go to e2,
    // but the Bishop, King, Knight and Queen can, each with its letter.
    assert_eq!(
        read::<ChessRules>(&["e2e4", "e7e5"], "e2").unwrap_err(),
        "illegal move 'e2': a square alone is a pawn's move, and no White pawn can go to e2; \
         the pieces that can are written Be2, Ke2, Ne2, Qe2"
    );
}

/// A level letter that is also a piece's (Raumschach's level B, its
/// Bishop's B) names a square when two squares are named: a Pawn steps one
/// square (RULINGS.md §7: no double step).
#[test]
fn level_letters_are_squares_in_the_reasons() {
    let mut pos = chess3d_games::raumschach::game().start();
    assert_eq!(
        pos.read_move("Bb2-Bb4").unwrap_err().to_string(),
        "illegal move 'Bb2-Bb4': the Pawn on Bb2 cannot go to Bb4"
    );
}

/// The 43-square Ziggurat's Archer shoots with `@` (seed 001): a shot
/// typed as a capture says how it is written.
#[test]
fn an_archers_shot_typed_as_a_capture_says_how_it_is_written() {
    use chess3d_games::ziggurat43::Ziggurat43Rules;
    // A game in which Red's Archer on d2 can shoot Gold's piece on e3.
    let moves = [
        "e3-f4", "i1-h1", "e1-f1", "h1-g1", "f4-g5", "i2-h3", "e2-f3", "j2-i2", "f3-f4", "j1-j2",
        "f4-f5", "j3-j4", "d3-e3", "j4-i4", "f1-f2", "k3-j3", "g5-h5", "g1xf2", "d1-e1", "f2-f3",
        "c1-d3", "f3xe3",
    ];
    assert_eq!(read::<Ziggurat43Rules>(&moves, "d2@e3").unwrap(), "d2@e3");
    for typed in ["d2xe3", "d2-e3"] {
        assert_eq!(
            read::<Ziggurat43Rules>(&moves, typed).unwrap_err(),
            format!("illegal move '{typed}': the Archer's move from d2 to e3 is written d2@e3")
        );
    }
}

/// Attack boards (RULINGS.md §3): a side moves only its own, empty or
/// carrying one of its pawns, to a free neighbouring pin.
#[test]
fn star_trek_board_moves_say_why_not() {
    // At the start White's board on b1(2) carries its Rook, Queen and two
    // Pawns; the one on b8(6) is Black's; none stands on b3(4).
    assert_eq!(
        read::<StarTrekRules>(&[], "Lb1(2)-b3(4)").unwrap_err(),
        "illegal move 'Lb1(2)-b3(4)': the attack board on b1(2) moves only empty or carrying \
         one White Pawn"
    );
    assert_eq!(
        read::<StarTrekRules>(&[], "Lb8(6)-b6(4)").unwrap_err(),
        "illegal move 'Lb8(6)-b6(4)': the attack board on b8(6) is Black's: White moves only its own"
    );
    assert_eq!(
        read::<StarTrekRules>(&[], "Lb3(4)-b1(2)").unwrap_err(),
        "illegal move 'Lb3(4)-b1(2)': there is no attack board on b3(4)"
    );
}

#[test]
fn star_trek_short_forms() {
    // RULINGS.md §3 Notation: "a leading piece letter such as
    // `Pb2(2)-b4(2)` may be accepted as input".
    assert_eq!(
        read::<StarTrekRules>(&[], "Pb2(2)-b4(2)").unwrap(),
        "b2(2)-b4(2)"
    );
    // The Knights start on b1(2) and e1(2) (RULINGS.md §3 setup); each
    // leaps to c3/d3 on level 2 and on level 4 above it: a square named
    // without its level fits both.
    assert_eq!(
        read::<StarTrekRules>(&[], "Nd3").unwrap_err(),
        "'Nd3' could be e1(2)-d3(2) or e1(2)-d3(4)"
    );
    assert_eq!(read::<StarTrekRules>(&[], "Nd3(4)").unwrap(), "e1(2)-d3(4)");
    assert_eq!(
        read::<StarTrekRules>(&[], "Ne1-d3(2)").unwrap(),
        "e1(2)-d3(2)"
    );
    // A pawn's destination alone, with its level.
    assert_eq!(read::<StarTrekRules>(&[], "b3(2)").unwrap(), "b2(2)-b3(2)");
}

#[test]
fn ziggurat_short_forms() {
    // Level 0 is orthodox chess (seed 000): its Knights and Pawns are
    // named as in chess, the level left out.
    assert_eq!(read::<ZigguratRules>(&[], "Nc3").unwrap(), "0b1-0c3");
    assert_eq!(read::<ZigguratRules>(&[], "e4").unwrap(), "0e2-0e4");
    assert_eq!(read::<ZigguratRules>(&[], "Nc3+").unwrap(), "0b1-0c3");
}

#[test]
fn elevator_short_forms() {
    // RULINGS.md §4: plain `O2a3` is the leap; a push names the pushed
    // piece after a slash. The Ox on 2a1 leaps to 2a3 at the start.
    assert_eq!(read::<ElevatorRules>(&[], "O2a3").unwrap(), "2a1-2a3");
    // The push of the same Ox to 2a3 drives the Pawn from 2a2 to 2a4.
    assert_eq!(read::<ElevatorRules>(&[], "O2a3/Pa4").unwrap(), "2a1>2a3");
    // Pawns on levels 2 and 4 both step to a3 of their level.
    assert_eq!(
        read::<ElevatorRules>(&[], "a3").unwrap_err(),
        "'a3' could be 2a2-2a3 or 4a2-4a3"
    );
    // After the leap, the elevator move from the emptied 2a1 is legal:
    // short forms must cope with a move without a mover.
    let err = read::<ElevatorRules>(&["2a1-2a3", "3a7-3a6"], "zz").unwrap_err();
    assert!(err.contains("cannot read"), "{err}");
    assert_eq!(
        read::<ElevatorRules>(&["2a1-2a3", "3a7-3a6"], "2b3").unwrap(),
        "2b2-2b3"
    );
}

#[test]
fn polyhedron_levels_are_not_pieces() {
    // Polyhedron names levels A-E: `Cc3` is a square, not a piece C.
    let err = read::<PolyhedronRules>(&[], "Cc3").unwrap_err();
    assert!(!err.contains("could be"), "{err}");
}

#[test]
fn labels_of_the_3d_games_are_canonical_with_marks() {
    // Star Trek: the canonical text, no check at the start.
    let st = Position::<StarTrekRules>::start().to_text();
    assert_eq!(
        label::<StarTrekRules>(&st, &[], "b2(2)-b4(2)"),
        "b2(2)-b4(2)"
    );
}

proptest::proptest! {
    /// Any typed text: a legal move or an error, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,12}") {
        let mut pos = Position::<ElevatorRules>::start();
        if let Ok(m) = pos.read_move(&text) {
            let mut legal = chess3d_core::MoveList::new();
            pos.legal_moves(&mut legal);
            proptest::prop_assert!(legal.contains(&m));
        }
    }
}

/// Along seeded random games of every game, every legal move's label (SAN
/// for chess, canonical with check marks for the others) reads back as
/// that move, with and without its mark.
fn labels_read_back<G: BuiltInGame>(games: u64, plies: usize) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut pos = G::variant_of_type().start();
        common::random_game(&mut pos, seed, plies, |pos, _| {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for &m in &list {
                let label = pos.move_label(m);
                assert_eq!(pos.read_move(&label), Ok(m), "{} {label}", pos.to_text());
                let bare = label.trim_end_matches(['+', '#']);
                assert_eq!(pos.read_move(bare), Ok(m), "{} {bare}", pos.to_text());
                checked += 1;
            }
        });
    }
    checked
}

#[test]
fn every_label_reads_back_in_every_game() {
    use chess3d_games::{chess, elevator, polyhedron, startrek, ziggurat, ziggurat43};
    let counts = [
        labels_read_back::<chess::Chess>(10, 100),
        labels_read_back::<ziggurat::Ziggurat>(4, 60),
        labels_read_back::<ziggurat43::Ziggurat43>(10, 100),
        labels_read_back::<startrek::StarTrek>(4, 60),
        labels_read_back::<elevator::Elevator>(3, 40),
        labels_read_back::<polyhedron::Polyhedron>(3, 40),
    ];
    assert!(counts.iter().all(|&n| n > 1000), "{counts:?}");
}
