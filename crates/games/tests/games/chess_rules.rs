//! Chess rules case by case: special moves, game ends, position-string
//! validation and move reading. Expected values come from the FIDE rules.

use crate::common;

use chess3d_core::{DrawReason, MoveError, Options, Outcome, Side, WinReason};
use chess3d_games::chess::Chess;
use common::moves;

fn pos(fen: &str) -> Chess {
    Chess::from_text(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(moves: &str) -> Chess {
    let mut p = Chess::start();
    for m in moves.split_whitespace() {
        p.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    p
}

fn has(p: &Chess, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

fn error(fen: &str) -> String {
    match Chess::from_text(fen) {
        Ok(p) => panic!("{fen} was accepted as {}", p.to_text()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn start_position_has_the_twenty_opening_moves() {
    // 16 pawn moves (8 single, 8 double) and 4 knight moves.
    let expected = [
        "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
        "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
    ];
    assert_eq!(moves(&Chess::start()), expected);
}

#[test]
fn en_passant_is_legal_right_after_the_double_step_only() {
    let p = after("e2e4 a7a6 e4e5 d7d5");
    assert!(has(&p, "e5d6"), "d7-d5 passed e5's capture square d6");
    assert_eq!(
        p.to_text(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let later = after("e2e4 a7a6 e4e5 d7d5 h2h3 h7h6");
    assert!(!has(&later, "e5d6"), "the right lapses after one move");
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    // Both pawns leave rank 5 and the rook on h5 sees the King on a5.
    let p = pos("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
    assert!(!has(&p, "b5c6"));
    // With the rook gone the same capture is legal.
    let q = pos("8/8/8/KPp5/8/8/8/4k3 w - c6 0 2");
    assert!(has(&q, "b5c6"));
}

#[test]
fn en_passant_state_is_kept_only_when_a_capture_is_possible() {
    // After 1. e4 no Black pawn can take on e3: the state is dropped, so the
    // position prints and hashes like the same position without it.
    let with = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(with, without);
    assert_eq!(with.to_text(), without.to_text());
    assert_eq!(after("e2e4"), without);
}

#[test]
fn an_illegal_en_passant_capture_does_not_count_for_repetition() {
    // After d2-d4, exd3 e.p. would open the a4 Rook's line to the Black King
    // on h4: the capture is illegal, so the position equals the same one
    // without the double step (FIDE). The King shuffle brings it back twice
    // more: the ninth ply makes the third occurrence.
    let mut p = pos("8/8/8/8/R3p2k/8/3P4/4K3 w - - 0 1");
    p.play("d2d4").unwrap();
    assert_eq!(p.en_passant(), None);
    for m in [
        "h4h5", "e1e2", "h5h4", "e2e1", "h4h5", "e1e2", "h5h4", "e2e1",
    ] {
        p.play(m).unwrap();
    }
    assert_eq!(p.repetitions(), 3);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // A FEN naming that en-passant cell reads as the position without it.
    let named = pos("8/8/8/8/R2Pp2k/8/8/4K3 b - d3 0 1");
    assert_eq!(named.to_text(), "8/8/8/8/R2Pp2k/8/8/4K3 b - - 0 1");
}

#[test]
fn castling_both_ways_when_free() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(has(&p, "e1g1") && has(&p, "e1c1"));
    let mut q = p.clone();
    q.play("e1c1").unwrap();
    assert_eq!(q.to_text(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn castling_never_through_or_out_of_check() {
    // A rook on f2 attacks f1: no O-O; b1 may be attacked for O-O-O.
    let p = pos("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1") && has(&p, "e1c1"));
    let q = pos("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1");
    assert!(has(&q, "e1c1"), "only the King's own path must be safe");
    let in_check = pos("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert!(!has(&in_check, "e1g1") && !has(&in_check, "e1c1"));
}

#[test]
fn moving_or_losing_a_rook_ends_its_castling_right() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    p.play("a1a8").unwrap();
    // White's a-rook moved (Q gone) and captured Black's a-rook (q gone).
    assert_eq!(p.to_text(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

#[test]
fn promotion_offers_queen_rook_bishop_knight() {
    let mut p = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let promos: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(promos, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    assert!(matches!(
        p.parse_move("a7a8"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn fools_mate_is_checkmate() {
    let mut p = after("f2f3 e7e5 g2g4 d8h4");
    assert!(p.in_check());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn stalemate_is_a_draw() {
    // Black King h8, White Queen f7 and King g6: h8 has no move, no check.
    let mut p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn threefold_repetition_draws() {
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    let mut twice = after(shuffle);
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(twice.outcome(), None);
    let mut thrice = after(&format!("{shuffle} {shuffle}"));
    assert_eq!(thrice.repetitions(), 3);
    assert_eq!(
        thrice.outcome(),
        Some(Outcome::Draw(DrawReason::Repetition))
    );
}

#[test]
fn hundred_plies_draw_is_an_option_and_mate_comes_first() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::HundredPlies)));
    p.set_options(Options {
        hundred_ply_rule: false,
        ..p.options()
    })
    .unwrap();
    assert_eq!(p.outcome(), None);
    // Back-rank mate delivered on the 100th ply still wins.
    let mut mate = pos("R3k3/8/4K3/8/8/8/8/8 b - - 100 80");
    assert!(matches!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));
}

#[test]
fn bare_kings_draw() {
    let mut p = pos("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::BareKings)));
    assert_eq!(pos("8/8/8/4k3/8/8/8/3NK3 w - - 0 1").outcome(), None);
}

#[test]
fn transpositions_hash_alike() {
    let a = after("g1f3 g8f6 b1c3");
    let b = after("b1c3 g8f6 g1f3");
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.to_text(), b.to_text());
    assert_ne!(a.hash(), after("g1f3 g8f6 b1a3").hash());
}

#[test]
fn moves_that_cannot_be_read_or_played_are_told_apart() {
    let mut p = Chess::start();
    assert!(matches!(
        p.parse_move("e2e5"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("e1e2"),
        Err(MoveError::Illegal { .. })
    ));
    for bad in ["", "hello", "e2", "e2-e4", "E2E4", "e2e4e", "z9z9", "é2e4"] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Unreadable { .. })),
            "'{bad}' should be unreadable"
        );
    }
    let msg = p.parse_move("e2e5").unwrap_err().to_string();
    assert_eq!(msg, "illegal move 'e2e5' in this position");
    let msg = p.parse_move("hello").unwrap_err().to_string();
    assert!(msg.contains("UCI coordinates"), "{msg}");
}

#[test]
fn bad_position_strings_say_what_and_where() {
    let cases = [
        ("", "empty"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6: too many cells",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6: 7 cells given",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7 ranks given, expected 8",
        ),
        (
            "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7: 'z' is not a piece",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "White has 0 Kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
            "White has 2 Kings",
        ),
        (
            "Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
            "a White Pawn cannot stand on a8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "'x' is not 'w' or 'b'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "'K' needs the King on e1 and the Rook on h1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
            "'K' is given twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "e3 is not the cell skipped by a double step Black just made",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "'e9' is not a cell",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock: 'x' is not a whole number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove number: must be at least 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999",
            "too large",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            "unexpected 'x': this game's position string has no more fields",
        ),
        // The rook on e1 checks the Black King, yet White is to move.
        (
            "4k3/8/8/8/8/8/8/4R2K w - - 0 1",
            "White is to move but Black's King is already in check",
        ),
    ];
    for (fen, needle) in cases {
        let e = error(fen);
        assert!(e.contains(needle), "{fen}: '{e}' should mention '{needle}'");
    }
}

#[test]
fn fen_without_counters_defaults_to_0_and_1() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!(p, Chess::start());
}

#[test]
fn counters_at_their_limit_are_restored_by_unmake() {
    // The largest counters a position string may hold: make must not wrap
    // them and unmake must give them back exactly.
    let start = pos("4k3/8/8/8/8/8/8/R3K3 b - - 65535 65535");
    let mut p = start.clone();
    p.play("e8d7").unwrap();
    assert_eq!(p.fullmove_number(), 65535);
    assert_eq!(p.halfmove_clock(), 65535);
    p.unmake();
    assert_eq!(p, start);
    assert_eq!(chess3d_core::testing::check_position(&mut p), Ok(()));
}
