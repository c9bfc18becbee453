//! Where a piece could go on an empty board: the "how it moves" of the
//! interfaces' help, computed by the move generator itself so that it can
//! never disagree with the rules.

use super::{Position, Rules};
use crate::bits::BitSet;
use crate::{Cell, Move, MoveKind, MoveList, Piece};

/// The cells a lone piece reaches from its cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Cells it may move to (empty ones), in cell order.
    pub moves: Vec<Cell>,
    /// Cells where it would capture an enemy piece standing there (a shot
    /// included), in cell order.
    pub captures: Vec<Cell>,
}

impl<R: Rules> Position<R> {
    /// Where `piece` could go from `cell` if it stood alone on this board:
    /// the board as it is now (attack boards and elevators where they
    /// stand), every other piece removed, no castling nor en passant, the
    /// piece's side to move. Moves of the board under it are not the
    /// piece's and are left out. `None` when the cell does not exist now or
    /// the piece may never stand there (a Pawn on its first rank).
    pub fn reach(&self, cell: Cell, piece: Piece) -> Option<Reach> {
        let t = self.t;
        if piece.is_empty() || cell as usize >= t.len() {
            return None;
        }
        let mut pos = self.clone();
        pos.history.clear();
        pos.log.clear();
        for c in pos.occupied().iter() {
            pos.lift(c);
        }
        pos.set_ep(None);
        pos.set_castling(0);
        pos.side = piece.side();
        let present = R::present(&pos);
        let forbidden = t.forbidden[piece.kind() as usize][piece.side().index()];
        if !present.contains(cell) || forbidden.contains(cell) {
            return None;
        }
        pos.place(cell, piece);
        // The piece's own moves: not its board's, and neither castling nor
        // en passant (a game that keeps its own en passant in its state,
        // Star Trek, would still offer it).
        let its = |m: &&Move| {
            m.from == cell
                && !matches!(
                    m.kind,
                    MoveKind::Board | MoveKind::Castle | MoveKind::EnPassant
                )
        };
        let mut list = MoveList::new();
        pos.every_pseudo_legal_move(&mut list);
        let mut moves: Vec<Cell> = list.iter().filter(its).map(|m| m.to).collect();
        moves.sort_unstable();
        moves.dedup();
        // A capture needs a victim: stand an enemy piece (of a kind that is
        // not royal, so that no game ends) on each cell in turn.
        let victim_kind = (0..t.def.pieces.len())
            .find(|&k| !t.def.pieces[k].royal)
            .unwrap_or(0) as crate::Kind;
        let victim = Piece::new(piece.side().other(), victim_kind);
        let mut captures = Vec::new();
        for target in present.iter().filter(|&c| c != cell) {
            pos.place(target, victim);
            list.clear();
            pos.every_pseudo_legal_move(&mut list);
            if list
                .iter()
                .filter(its)
                .any(|&m| m.to == target && pos.is_capture(m))
            {
                captures.push(target);
            }
            pos.lift(target);
        }
        Some(Reach { moves, captures })
    }
}
