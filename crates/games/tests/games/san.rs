//! Standard algebraic notation against a second, independent SAN written
//! here over cozy-chess's move generator: over more than 10,000 positions of
//! seeded random games from the perft positions, every legal move's SAN
//! (with `+` and `#`) is the same text, and it reads back as that move,
//! with and without its check mark.
//!
//! And a published game, the "Opera Game" (Morphy against the Duke of
//! Brunswick and Count Isouard, Paris 1858), read from PGN as another
//! program exports it (comments, variations, NAGs, clocks, glued move
//! numbers) and written back in the same SAN.

use crate::common;

use chess3d_core::record::{record_moves, replay, Record};
use chess3d_core::{MoveList, Outcome, WinReason};
use chess3d_games::chess::Chess;
use cozy_chess::{Board, GameStatus, Move as CozyMove, Piece};

/// SAN of a legal move of `board`, from cozy-chess alone.
fn cozy_san(board: &Board, mv: CozyMove) -> String {
    let piece = board.piece_on(mv.from).expect("a piece moves");
    let us = board.side_to_move();
    let mut san = String::new();
    // cozy-chess writes castling as the King taking its own Rook.
    if piece == Piece::King && board.colored_pieces(us, Piece::Rook).has(mv.to) {
        san.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let capture = board.colors(!us).has(mv.to)
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        let to = mv.to.to_string();
        if piece == Piece::Pawn {
            if capture {
                san.push_str(&mv.from.file().to_string());
            }
        } else {
            san.push(char::from(piece).to_ascii_uppercase());
            let mut rivals = Vec::new();
            board.generate_moves(|moves| {
                for other in moves {
                    if moves.piece == piece && other.to == mv.to && other.from != mv.from {
                        rivals.push(other.from);
                    }
                }
                false
            });
            if !rivals.is_empty() {
                if rivals.iter().all(|r| r.file() != mv.from.file()) {
                    san.push_str(&mv.from.file().to_string());
                } else if rivals.iter().all(|r| r.rank() != mv.from.rank()) {
                    san.push_str(&mv.from.rank().to_string());
                } else {
                    san.push_str(&mv.from.to_string());
                }
            }
        }
        if capture {
            san.push('x');
        }
        san.push_str(&to);
        if let Some(p) = mv.promotion {
            san.push('=');
            san.push(char::from(p).to_ascii_uppercase());
        }
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        san.push(if after.status() == GameStatus::Won {
            '#'
        } else {
            '+'
        });
    }
    san
}

#[test]
fn san_matches_an_independent_san_on_10000_positions() {
    let mut positions = 0usize;
    let mut moves_checked = 0usize;
    let mut marks = [0usize; 2];
    let mut seed = 0u64;
    while positions < 10_000 {
        let fen = common::PERFT_FENS[seed as usize % common::PERFT_FENS.len()];
        let mut ours = Chess::from_text(fen).unwrap();
        let mut board: Board = fen.parse().unwrap();
        let plies = if seed % 4 == 3 { 300 } else { 80 };
        common::random_game(&mut ours, seed, plies, |pos, next| {
            positions += 1;
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for &m in &list {
                let uci = pos.move_text(m);
                let mv = cozy_chess::util::parse_uci_move(&board, &uci).unwrap();
                let theirs = cozy_san(&board, mv);
                let label = pos.move_label(m);
                assert_eq!(label, theirs, "{} {uci}", pos.to_text());
                assert_eq!(pos.read_move(&label), Ok(m), "{} {label}", pos.to_text());
                let bare = label.trim_end_matches(['+', '#']);
                assert_eq!(pos.read_move(bare), Ok(m), "{} {bare}", pos.to_text());
                marks[0] += label.ends_with('+') as usize;
                marks[1] += label.ends_with('#') as usize;
                moves_checked += 1;
            }
            if let Some(m) = next {
                let mv = cozy_chess::util::parse_uci_move(&board, &pos.move_text(m)).unwrap();
                board.play(mv);
            }
        });
        seed += 1;
    }
    println!("{positions} positions, {moves_checked} moves, {marks:?} checks and mates");
    assert!(marks[0] > 1000 && marks[1] > 10, "{marks:?}");
}

/// The Opera Game as a PGN export writes it, with what chess3d skips.
const OPERA: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1.e4 e5 2.Nf3 d6 {Philidor's Defence} 3.d4 Bg4?! $6 4.dxe5 Bxf3 5.Qxf3 dxe5
6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 (8.Qxb7 Qb4+ 9.Qxb4 Bxb4+) 8...c6 9.Bg5 b5 $2
10.Nxb5! cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6
; a line comment
15.Bxd7+ Nxd7 {[%clk 0:01:02]} 16.Qb8+ Nxb8 17.Rd8# 1-0
"#;

#[test]
fn a_pgn_from_another_program_is_read_and_written_back() {
    let (record, damage) = Record::parse(OPERA);
    assert_eq!(damage, None);
    let game = replay::<Chess>(Chess::variant_of_type(), &record, None).unwrap();
    assert_eq!(game.damage, None);
    assert_eq!(game.moves.len(), 33);
    let mut end = game.position.clone();
    assert_eq!(
        end.outcome(),
        Some(Outcome::Win {
            winner: chess3d_core::Side::White,
            reason: WinReason::Checkmate
        })
    );
    // The clock comment belongs to Black's 15th move, ply 30.
    assert_eq!(record.clocks.len(), 33);
    assert_eq!(record.clocks[29], Some(62_000));
    assert_eq!(record.clocks.iter().flatten().count(), 1);
    // Written back: the published moves, marks and all.
    let published = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    assert_eq!(record_moves(&game.start, &game.moves).join(" "), published);
}
