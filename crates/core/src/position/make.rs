//! Making and unmaking moves, with the hash updated incrementally.

use super::{EnPassant, Position, Rules, Undo};
use crate::bits::BitSet;
use crate::{Move, MoveKind, Piece, Side};

impl<R: Rules> Position<R> {
    /// Plays a move produced by this position's generator. The position
    /// keeps what [`Position::unmake`] needs to take it back.
    pub fn make(&mut self, m: Move) {
        let t = self.t;
        let us = self.side;
        let mut undo = Undo {
            mv: m,
            moved: self.board[m.from as usize],
            captured: Piece::EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
        };
        let previous_ep = self.ep;
        self.set_ep(None);
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                if !self.board[m.to as usize].is_empty() {
                    undo.captured = self.take(m.to);
                }
                let piece = self.take(m.from);
                let placed = match m.promotion {
                    Some(k) => Piece::new(us, k),
                    None => piece,
                };
                self.put(m.to, placed);
                if m.kind == MoveKind::DoubleStep {
                    self.open_en_passant(m);
                }
            }
            MoveKind::EnPassant => {
                let victim = previous_ep.expect("en passant needs a double step").victim;
                undo.captured = self.take(victim);
                let piece = self.take(m.from);
                self.put(m.to, piece);
            }
            MoveKind::Castle => {
                let c = &t.castles[m.extra as usize];
                let king = self.take(c.king_from);
                let rook = self.take(c.rook_from);
                self.put(c.king_to, king);
                self.put(c.rook_to, rook);
            }
            MoveKind::Shot | MoveKind::Push | MoveKind::Board => {
                unreachable!("{:?} moves are not generated for {}", m.kind, t.def.id)
            }
        }
        let lost = t.castle_clear[m.from as usize] | t.castle_clear[m.to as usize];
        self.set_castling(self.castling & !lost);
        let resets = t.kinds[undo.moved.kind() as usize].def.resets_clock;
        self.halfmove = if resets || !undo.captured.is_empty() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = us.other();
        self.hash ^= t.keys.side;
        self.history.push(undo);
    }

    /// After a double step, records the en-passant state if an enemy piece
    /// could capture on the skipped cell; otherwise there is nothing to
    /// record (and positions that differ only there are the same position).
    fn open_en_passant(&mut self, m: Move) {
        let t = self.t;
        let us = self.side;
        let piece = self.board[m.to as usize];
        let (mid, _) = t.kinds[piece.kind() as usize].double_step[us.index()][m.from as usize];
        let them = us.other();
        let theirs = self.by_side[them.index()];
        let capturable = t.ep_capturers[them.index()].iter().any(|&(k, from_set)| {
            t.leap(from_set, mid)
                .intersects(self.by_kind[k as usize] & theirs)
        });
        if capturable {
            self.set_ep(Some(EnPassant {
                target: mid,
                victim: m.to,
            }));
        }
    }

    /// Takes back the last move made. Returns it, or `None` when there is
    /// nothing to take back.
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.history.pop()?;
        let t = self.t;
        let m = u.mv;
        self.side = self.side.other();
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                self.take(m.to);
                self.put(m.from, u.moved);
                if !u.captured.is_empty() {
                    self.put(m.to, u.captured);
                }
            }
            MoveKind::EnPassant => {
                self.take(m.to);
                self.put(m.from, u.moved);
                let victim = u.ep.expect("en passant had a victim").victim;
                self.put(victim, u.captured);
            }
            MoveKind::Castle => {
                let c = &t.castles[m.extra as usize];
                let king = self.take(c.king_to);
                let rook = self.take(c.rook_to);
                self.put(c.king_from, king);
                self.put(c.rook_from, rook);
            }
            MoveKind::Shot | MoveKind::Push | MoveKind::Board => {
                unreachable!("{:?} moves are not generated for {}", m.kind, t.def.id)
            }
        }
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.hash = u.hash;
        Some(m)
    }

    /// The legality test, by definition: play the move and see whether the
    /// mover's royal piece is attacked. The generator's legal moves must be
    /// exactly the pseudo-legal moves that pass it.
    pub fn is_legal_by_make(&mut self, m: Move) -> bool {
        let us = self.side;
        self.make(m);
        let ok = !self.t.def.has_check || !self.royal_attacked(us);
        self.unmake();
        ok
    }
}
