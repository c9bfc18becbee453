//! Millennium 3D Chess (games/millennium.toml): the two published games
//! played through move by move in their own notation, and against a
//! second, independent implementation (common/millennium_reference.rs):
//! perft, and along random games and the published ones the same legal
//! moves, check status, placement and castling rights. No perft of the
//! game is published.

use chess3d_core::perft::perft;
use chess3d_core::{Game, MoveKind, MoveList, Outcome, Side, Variant, WinReason};
use chess3d_games::file::{FileGame, LargeFileRules};

use crate::common::millennium_reference::{Millennium, RefPos};
use crate::common::{self, file_game, stacked, Reference};

const MILLENNIUM_FILE: &str = include_str!("../../../../games/millennium.toml");

fn millennium() -> Variant<LargeFileRules> {
    match file_game(MILLENNIUM_FILE) {
        FileGame::Large(v) => v,
        _ => panic!("192 cells: the large rules type"),
    }
}

/// George Davis v. William D'Agostino, correspondence 2006, as Wikipedia's
/// "Millennium 3D chess" prints it: Black mates on move 28.
const DAVIS_DAGOSTINO: &str = "N2g3 B2b7 B3e3 N3c6 N2b3 B2g7 N2a5 Q1b6 N3c5 Qx1b2 \
    Nx3b7 Q3b4 N3c5 Q3e1+ Q2e1 Q3c3+ K2f1 Qx1a1 Q2c1 B2a6+ 2e2 Qx1a2 N2c7 R2h7 \
    N1e7+ K2e8 N1c6 R1c8 Nx3c7 Rx1c2 Q2c7 Q2b1+ K1g1 N3e5 Q1d7+ K2f8 B2f4 Q2d1 \
    Bx3e5 Q3e1+ K2g1 Qx3e5 Q2e7+ K1g7 Qx3d7 B2d4+ 2e3 R2c1+ K1g1 Q3g3+ 2g2 R2f1+ \
    Nx2f1 B3e3+ 2f2 Qx2f2#";

/// William D'Agostino v. Trimm, 2001, the first 35 moves as D'Agostino's
/// page of the game prints them (White won later).
const DAGOSTINO_TRIMM: &str = "B2b2 Q2e7 R2a1 R2b8 N2d1 R2h7 Q2e2 Q2f7 B2a3 Q2c7 \
    B3h3 B2b7 R2c1 Q2d7 B2g4 Q1c7 B1f5 B1c8 B2e4 R2c7 1c3 3a5 Rx2c7 Qx2c7 R3h3 3b5 \
    Rx3h7 3b4 B3b2 Q2e7 R3h8 Q2g7 R3h4 3g5 R3c4 R2c8 N1f3 N2b6 N1g5 Q2f7 3a4 Q2b3 \
    Q3e2 B3a6 Q3c2 Bx3c4 Qx2b3 Bx2b3 2a5 N1b8 2a6 N3a8 B2b7 R3b8 B3d4 N3b6 Bx3b6 \
    cx3b6 2a7 R3d8 3e4 B3c2 2f3 3d5 ex3d5 3e6 dx3e6 fx3e6 N1e6 B3b3";

/// Plays a published game: each move must be the one legal move that
/// chess3d prints exactly as the score does (check marks included), and
/// before each the legal moves must be the reference's.
fn play_published(score: &str) -> impl Game {
    let mut pos = millennium().start();
    let mut reference = RefPos::from_text(&pos.to_text());
    for (ply, text) in score.split_whitespace().enumerate() {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut ours: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
        ours.sort();
        assert_eq!(ours, reference.legal_texts(), "ply {ply} ({text})");
        let fits: Vec<_> = list
            .iter()
            .copied()
            .filter(|&m| pos.move_label(m) == text)
            .collect();
        assert_eq!(fits.len(), 1, "ply {ply}: {text} fits {fits:?}");
        assert_eq!(
            pos.read_move(text),
            Ok(fits[0]),
            "ply {ply}: {text} read back"
        );
        assert!(reference.play(&pos.move_text(fits[0])));
        pos.make(fits[0]);
        assert_eq!(
            pos.in_check(),
            text.ends_with(['+', '#']),
            "ply {ply}: {text}"
        );
        assert_eq!(
            pos.to_text().split(' ').next().unwrap(),
            reference.placement(),
            "ply {ply}"
        );
    }
    pos
}

#[test]
fn davis_v_dagostino_2006_is_played_through_to_blacks_mate() {
    let mut pos = play_published(DAVIS_DAGOSTINO);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn dagostino_v_trimm_2001_is_played_through() {
    let mut pos = play_published(DAGOSTINO_TRIMM);
    assert_eq!(pos.outcome(), None);
    // 35 moves each: White to play its 36th.
    assert!(pos.to_text().ends_with(" w - - 2 36"), "{}", pos.to_text());
}

/// The start's legal moves, counted by hand. Each of White's 8 Pawns: a
/// step forward, up, or forward and up, and two of each (6). Each Knight
/// (b1): a3, c3 on level 1; 2d1, 2b3; 3a1, 3c1, 3b2 (7). Each Bishop
/// (c1): 2b2, 3a3, 2d2, 3e3 (4). Each Rook (a1): 2a1, 3a1 up; 2b1, 3c1
/// and 2a2, 3a3 one square for each level (6). The Queen, d1: two squares
/// in each of the six upward directions that stay on the board (12). The
/// King, e1: the six squares above it and its neighbours on the ranks 1
/// and 2 (6). 48 + 14 + 8 + 12 + 12 + 6 = 100, Black the same; deeper,
/// the reference.
#[test]
fn perft_from_the_start_matches_a_hand_count_and_the_reference() {
    let mut pos = millennium().start();
    let reference = RefPos::from_text(&pos.to_text());
    assert_eq!(perft(&mut pos, 1), 100);
    assert_eq!(perft(&mut pos, 2), reference.perft(2));
}

#[test]
fn random_games_agree_with_the_reference() {
    let game = millennium();
    // The start; the back ranks alone, so that castling comes early; and
    // Pawns near promotion and near each other for en passant.
    let starts = [
        game.start().to_text(),
        "8/8/8/8/8/8/PPPPPPPP/R3K2R|8/8/8/8/8/8/8/8|r3k2r/pppppppp/8/8/8/8/8/8 w KQkq - 0 1"
            .to_string(),
        "8/8/8/8/8/8/3P4/4K3|8/P7/8/3p4/8/5p2/8/8|4k3/6p1/8/2P5/8/8/7p/8 w - - 0 1".to_string(),
    ];
    stacked::random_games_agree::<Millennium>(&game, &starts, (24, 120), 1500);
}

/// A double step straight up passes the square above the start: White's
/// Pawn 1e2 to 3e2 passes 2e2, where Black's Pawn 3d3 takes it en passant,
/// one square diagonally forward and down, and the Pawn on 3e2 goes.
#[test]
fn a_double_step_up_is_taken_en_passant_on_the_square_passed() {
    let game = millennium();
    let mut pos = game
        .position("8/8/8/8/8/8/4P3/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/3p4/8/8 w - - 0 1")
        .unwrap();
    let up = pos.read_move("3e2").unwrap();
    assert_eq!(up.kind, MoveKind::DoubleStep);
    pos.make(up);
    let take = pos.parse_move("3d32e2").unwrap();
    assert_eq!(take.kind, MoveKind::EnPassant);
    assert_eq!(pos.move_label(take), "dx2e2");
    pos.make(take);
    assert!(pos
        .to_text()
        .starts_with("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/4p3/8|7k/8/8/8/8/8/8/8 "));
}

/// A Pawn promotes on rank 8 of level 3 only: White's Pawn on 2a7 steps
/// to 2a8 and to 1a8 as a Pawn, up to 3a7 and down to 1a7, and forward
/// and up to 3a8 as each of the four: 8 moves.
#[test]
fn a_pawn_promotes_only_on_the_far_level() {
    let pos = millennium()
        .position("8/8/8/8/8/8/8/7K|8/P7/8/8/8/8/8/8|8/8/8/8/8/8/8/7k w - - 0 1")
        .unwrap();
    // Names are three characters: the prefix is the from cell.
    let mut moves: Vec<String> = common::moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("2a7"))
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        ["2a71a7", "2a71a8", "2a72a8", "2a73a7", "2a73a8b", "2a73a8n", "2a73a8q", "2a73a8r"]
    );
}

/// Castling on the home level, as in chess; a square is attacked from
/// any level: a Black Rook on 2f2 attacks 1f1 (one square along the rank
/// for the level it descends), so O-O is refused and O-O-O stays.
#[test]
fn castling_is_refused_across_an_attacked_square_of_another_level() {
    let game = millennium();
    let open = "8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w KQ - 0 1";
    let pos = game.position(open).unwrap();
    let labels = |text: &str| {
        let mut pos = game.position(text).unwrap();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        list.iter().map(|&m| pos.move_label(m)).collect::<Vec<_>>()
    };
    assert!(common::moves(&pos).contains(&"1e11g1".to_string()));
    let all = labels(open);
    assert!(all.contains(&"O-O".to_string()) && all.contains(&"O-O-O".to_string()));
    let attacked = labels("8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/5r2/8|4k3/8/8/8/8/8/8/8 w KQ - 0 1");
    assert!(!attacked.contains(&"O-O".to_string()) && attacked.contains(&"O-O-O".to_string()));
}

/// The double step's `steps` checked at load, each mistake at its line
/// and column: an empty list, `step` and `steps` both, a step of no
/// length, one longer than the board.
#[test]
fn a_double_steps_mistakes_are_refused_where_they_are() {
    let steps = "steps = [[0, 1, 0], [0, 0, 1], [0, 1, 1]]";
    for (new, at, says) in [
        ("steps = []", "[]", "0 steps: a double step has from 1 to 8"),
        (
            "step = [0, 1, 0], steps = [[0, 0, 1]]",
            "{ step",
            "give `step` (one vector) or `steps` (a list), not both",
        ),
        (
            "steps = [[0, 1, 0], [0, 0, 0]]",
            "[0, 0, 0]",
            "must not be [0, 0, 0]",
        ),
        (
            "steps = [[0, 9, 0]]",
            "[0, 9, 0]",
            "[0, 9, 0] is too large: the board spans 7 along the ranks",
        ),
    ] {
        let text = MILLENNIUM_FILE.replacen(steps, new, 1);
        let offset = text.find(at).unwrap();
        let line = text[..offset].matches('\n').count() + 1;
        let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
        let e = chess3d_games::file::load(&text).expect_err(says);
        assert_eq!((e.line, e.column), (line, column), "{e}");
        assert!(e.message.contains(says), "{e}");
    }
}

/// Two Rooks on the same file and rank of levels 1 and 3 both reach 2a1
/// (straight up and straight down): their SAN names the whole cell they
/// come from, the level included, so that the two print differently and
/// each reads back to its own move. (The file or the rank, as in chess,
/// would not tell them apart.)
#[test]
fn san_tells_apart_pieces_that_differ_only_by_level() {
    let mut pos = millennium()
        .position("8/8/8/8/8/8/8/R6K|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/R7 w - - 0 1")
        .unwrap();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let to_2a1: Vec<_> = list
        .iter()
        .copied()
        .filter(|&m| pos.move_text(m).ends_with("2a1"))
        .collect();
    assert_eq!(to_2a1.len(), 2);
    let labels: Vec<String> = to_2a1.iter().map(|&m| pos.move_label(m)).collect();
    assert_eq!(labels, ["R1a12a1", "R3a12a1"]);
    for (&m, label) in to_2a1.iter().zip(&labels) {
        assert_eq!(pos.read_move(label), Ok(m), "{label}");
    }
}
