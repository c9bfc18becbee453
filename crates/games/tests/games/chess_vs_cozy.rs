//! Differential test: chess3d's chess against cozy-chess, an independent
//! move generator. Over seeded random games from the six perft positions,
//! every position must have the same legal moves and the same state.

use crate::common;

use std::collections::BTreeSet;

use chess3d_core::{MoveKind, MoveList, Outcome, WinReason};
use chess3d_games::chess::Chess;
use cozy_chess::{Board, GameStatus};

/// Compares one position; returns a description of the first difference.
fn compare(ours: &mut Chess, board: &Board) -> Result<(), String> {
    let mut list = MoveList::new();
    ours.legal_moves(&mut list);
    let our_moves: BTreeSet<String> = list.iter().map(|&m| ours.move_text(m)).collect();
    let mut their_moves = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            their_moves.insert(cozy_chess::util::display_uci_move(board, mv).to_string());
        }
        false
    });
    if our_moves != their_moves {
        return Err(format!(
            "moves differ: only chess3d {:?}, only cozy-chess {:?}",
            our_moves.difference(&their_moves).collect::<Vec<_>>(),
            their_moves.difference(&our_moves).collect::<Vec<_>>()
        ));
    }
    if ours.count_legal() != our_moves.len() as u64 {
        return Err("count_legal disagrees with the move list".into());
    }
    let check = !board.checkers().is_empty();
    if ours.in_check() != check {
        return Err(format!(
            "check: chess3d {}, cozy-chess {check}",
            ours.in_check()
        ));
    }
    let no_moves = their_moves.is_empty();
    let mate = no_moves && board.status() == GameStatus::Won;
    let stalemate = no_moves && board.status() == GameStatus::Drawn;
    let our_mate = matches!(
        ours.outcome(),
        Some(Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        })
    );
    let our_stalemate = matches!(
        ours.outcome(),
        Some(Outcome::Draw(chess3d_core::DrawReason::Stalemate))
    );
    if (our_mate, our_stalemate) != (mate, stalemate) {
        return Err(format!(
            "state: chess3d mate {our_mate} stalemate {our_stalemate}, cozy-chess mate {mate} stalemate {stalemate}"
        ));
    }
    // Placement, side and castling rights must print alike too.
    let our_fen = ours.to_text();
    let their_fen = board.to_string();
    let head = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
    if head(&our_fen) != head(&their_fen) {
        return Err(format!("FEN differs: {our_fen} vs {their_fen}"));
    }
    Ok(())
}

#[test]
fn legal_moves_and_state_match_cozy_chess_on_20000_positions() {
    let mut positions = 0usize;
    let mut mates = 0;
    let mut stalemates = 0;
    // Special moves played: castling, en passant, promotion.
    let mut special = [0usize; 3];
    let mut seed = 0u64;
    while positions < 20_000 {
        let fen = common::PERFT_FENS[seed as usize % common::PERFT_FENS.len()];
        let mut ours = Chess::from_text(fen).unwrap();
        let mut board: Board = fen.parse().unwrap();
        // Mostly short games (openings: castling, en passant); every fourth
        // long enough to reach bare endgames and stalemates.
        let plies = if seed % 4 == 3 { 400 } else { 100 };
        common::random_game(&mut ours, seed, plies, |pos, next| {
            positions += 1;
            if let Err(e) = compare(pos, &board) {
                panic!("seed {seed}, position {}: {e}", pos.to_text());
            }
            match pos.outcome() {
                Some(Outcome::Win { .. }) => mates += 1,
                Some(Outcome::Draw(chess3d_core::DrawReason::Stalemate)) => stalemates += 1,
                _ => {}
            }
            if let Some(m) = next {
                special[0] += (m.kind == MoveKind::Castle) as usize;
                special[1] += (m.kind == MoveKind::EnPassant) as usize;
                special[2] += m.promotion.is_some() as usize;
                let text = pos.move_text(m);
                let mv = cozy_chess::util::parse_uci_move(&board, &text).unwrap();
                board.play(mv);
            }
        });
        seed += 1;
    }
    // The comparison must have met the game ends it claims to compare.
    println!("{positions} positions, {seed} games, {mates} mates, {stalemates} stalemates, castling/ep/promotion played {special:?}");
    assert!(
        mates > 10 && stalemates > 0,
        "mates {mates}, stalemates {stalemates}"
    );
    assert!(
        special.iter().all(|&n| n > 20),
        "special moves played: {special:?}"
    );
}
