//! Making and unmaking moves, with the hash updated incrementally.
//!
//! `make` records every board change in the position's change log and
//! snapshots the rest (castling, en passant, clocks, hash, game state) in an
//! undo record; `unmake` replays the log backwards and restores the
//! snapshot. So any move a game can make, however many pieces it moves,
//! is taken back by the same code.

use super::movegen::Counter;
use super::{Edit, EnPassant, GameState, Position, Rules, Undo};
use crate::geometry::NO_CELL;
use crate::{BitSet, Cell, Move, MoveKind, MoveList, Piece, Side};

impl<R: Rules> Position<R> {
    /// Plays a move produced by this position's generator. The position
    /// keeps what [`Position::unmake`] needs to take it back.
    pub fn make(&mut self, m: Move) {
        let t = self.t;
        let us = self.side;
        self.history.push(Undo {
            mv: m,
            log_len: self.log.len() as u32,
            state: self.state,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            checks: self.checks,
        });
        let previous_ep = self.ep;
        self.set_ep(None);
        let mut captured = Piece::EMPTY;
        let resets_clock = match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                if !self.board[m.to as usize].is_empty() {
                    captured = self.capture(m.to);
                }
                let piece = self.take(m.from);
                let placed = match m.promotion {
                    Some(k) => {
                        let new = Piece::new(us, k);
                        let compulsory = t.becomes[piece.kind() as usize].is_some_and(|b| b.0 == k);
                        if t.promotion_pool && !compulsory {
                            self.pool_change(new, -1);
                        }
                        new
                    }
                    None => piece,
                };
                self.put(m.to, placed);
                if self.drops() {
                    self.follow_promoted(m);
                }
                !captured.is_empty() || t.kinds[piece.kind() as usize].def.resets_clock
            }
            MoveKind::EnPassant => {
                let victim = match previous_ep {
                    Some(ep) => ep.victim,
                    None => R::en_passant_victim(self, m),
                };
                captured = self.capture(victim);
                let piece = self.take(m.from);
                let placed = match m.promotion {
                    Some(k) => {
                        let new = Piece::new(us, k);
                        if t.promotion_pool {
                            self.pool_change(new, -1);
                        }
                        new
                    }
                    None => piece,
                };
                self.put(m.to, placed);
                if self.drops() {
                    self.follow_promoted(m);
                }
                true
            }
            MoveKind::Shot => {
                captured = self.capture(m.to);
                true
            }
            MoveKind::Castle => {
                let c = &t.castling.rules[m.extra as usize];
                let king = self.take(c.king_from);
                let rook = self.take(c.rook_from);
                self.put(c.king_to, king);
                self.put(c.rook_to, rook);
                if self.drops() {
                    // A promoted Rook (from a position string) stays one.
                    self.carry_promoted([(c.king_from, c.king_to), (c.rook_from, c.rook_to)]);
                }
                false
            }
            MoveKind::Drop => {
                let piece = Piece::new(us, m.extra);
                self.pool_change(piece, -1);
                self.put(m.to, piece);
                // A drop cannot be taken back: it resets the counter, as
                // in Fairy-Stockfish.
                true
            }
            MoveKind::Push | MoveKind::Board => {
                let mut edit = Edit {
                    pos: self,
                    captured: false,
                };
                let resets = R::make_special(&mut edit, m) || edit.captured;
                // A special move may have shifted a King or a Rook from home.
                let broken = self.broken_castling_rights();
                self.set_castling(self.castling & !broken);
                resets
            }
        };
        if self.gating() {
            self.gate_after(m, us);
        }
        let mut edit = Edit {
            pos: self,
            captured: false,
        };
        R::after_make(&mut edit, m, captured);
        let mut lost = t.castling.clear[m.from as usize] | t.castling.clear[m.to as usize];
        if self.castling & t.castling.any_file != 0 {
            lost |= self.any_file_rights_lost(m);
        }
        self.set_castling(self.castling & !lost);
        self.halfmove = if resets_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = us.other();
        self.hash ^= t.keys.side;
        if m.kind == MoveKind::DoubleStep {
            self.open_en_passant(m);
        }
        if R::AFTER_TURN {
            let mut edit = Edit {
                pos: self,
                captured: false,
            };
            R::after_turn(&mut edit, m);
        }
        if t.def.checks_to_win.is_some() && self.may_give_check(m) && self.in_check() {
            self.count_check(us);
        }
    }

    /// One check more given by `side`, in a game that counts them.
    fn count_check(&mut self, side: Side) {
        let left = &mut self.checks[side.index()];
        let keys = &self.t.keys;
        self.hash ^= keys.checks(side, *left);
        *left = left.saturating_sub(1);
        self.hash ^= keys.checks(side, *left);
    }

    /// Removes a captured piece; it enters its owner's pool, or in a game
    /// with drops the capturer's hand, demoted if it had promoted.
    pub(super) fn capture(&mut self, cell: Cell) -> Piece {
        let piece = self.take(cell);
        if self.drops() {
            let promoted = self.state.promoted_mut().is_some_and(|p| {
                let was = p.contains(cell);
                p.remove(cell);
                was
            });
            // A marked piece (crazyhouse's) and a promoted form (shogi's)
            // go back to the kind they promoted from.
            let kind = if promoted {
                self.t.demoted
            } else {
                self.t.hand_kind[piece.kind() as usize]
            };
            self.pool_change(Piece::new(piece.side().other(), kind), 1);
        } else if !self.gating() {
            // Into its owner's captured pool. (Gating's hands hold only
            // what they started with, or with drops what is captured.)
            self.pool_change(piece, 1);
        }
        piece
    }

    /// In a game with gating, after the board changes of `m`, made by
    /// `us`: the piece it gates goes from the hand to its cell, and the
    /// gates of the cells a piece left or was taken on close; so do all of
    /// `us`'s when its hand is empty for good.
    fn gate_after(&mut self, m: Move, us: Side) {
        let t = self.t;
        if let Some((kind, cell)) = t.gate_of(m) {
            let piece = Piece::new(us, kind);
            self.pool_change(piece, -1);
            self.put(cell, piece);
        }
        // A shooter stays where it is.
        if m.kind != MoveKind::Shot {
            self.set_gate(m.from, false);
        }
        self.set_gate(m.to, false);
        if m.kind == MoveKind::Castle {
            // The King's start is `m.from`; the partner left its own.
            self.set_gate(t.castling.rules[m.extra as usize].rook_from, false);
        }
        self.close_gates_of_empty_hand(us);
    }

    /// In a game with drops, after the plain move `m`: the promoted mark
    /// goes with its piece from `m.from` to `m.to`, and a promotion sets
    /// it.
    fn follow_promoted(&mut self, m: Move) {
        self.carry_promoted([(m.from, m.to)]);
        // A promoted form is its own kind: nothing to mark.
        let marked = m
            .promotion
            .is_some_and(|k| self.t.kinds[k as usize].def.promoted_from.is_none());
        if let (Some(p), true) = (self.state.promoted_mut(), marked) {
            p.insert(m.to);
        }
    }

    /// The promoted marks of pieces moved from and to the cells of each
    /// pair, all at once (a castling's King may land where its Rook was).
    fn carry_promoted<const N: usize>(&mut self, moved: [(Cell, Cell); N]) {
        let Some(p) = self.state.promoted_mut() else {
            return;
        };
        let marked = moved.map(|(from, _)| p.contains(from));
        for (from, _) in moved {
            p.remove(from);
        }
        for ((_, to), _) in moved.into_iter().zip(marked).filter(|(_, m)| *m) {
            p.insert(to);
        }
    }

    /// Castling rights whose King or Rook is no longer on its home cell.
    fn broken_castling_rights(&self) -> u8 {
        self.castle_rules_in_play()
            .filter(|(_, c)| !self.holds_castlers(c))
            .fold(0, |bits, (slot, _)| bits | 1 << slot)
    }

    /// The rights from any file that move `m` takes away: those whose King
    /// or partner it moves or captures (the fixed rules' are
    /// `Castles::clear`, by cell).
    fn any_file_rights_lost(&self, m: Move) -> u8 {
        let any_file = self.castling & self.t.castling.any_file;
        self.castle_rules_in_play()
            .filter(|&(slot, c)| {
                any_file >> slot & 1 != 0
                    && [c.king_from, c.rook_from]
                        .iter()
                        .any(|&home| home == m.from || home == m.to)
            })
            .fold(0, |bits, (slot, _)| bits | 1 << slot)
    }

    /// After a double step (with the opponent to move): records the
    /// en-passant state if a legal capture on the skipped cell exists.
    /// Otherwise there is nothing to record, and the position is the same
    /// as one reached without the double step (FIDE's rule for repetition).
    fn open_en_passant(&mut self, m: Move) {
        let t = self.t;
        let mover = self.side.other();
        let piece = self.board[m.to as usize];
        let steps = &t.kinds[piece.kind() as usize].double_step[mover.index()];
        // A game may produce double steps the data does not describe (its
        // own en passant then lives in its state).
        if let Some((mid, _)) = steps
            .from(m.from)
            .find(|&(_, to)| to == m.to)
            .filter(|_| steps.takeable_from(m.from))
        {
            self.offer_en_passant(EnPassant {
                target: mid,
                victim: m.to,
            });
        }
    }

    /// Sets the en-passant state if the side to move has a legal capture.
    pub(crate) fn offer_en_passant(&mut self, ep: EnPassant) {
        if !self.ep_capturable(self.side, ep.target) {
            return;
        }
        self.set_ep(Some(ep));
        let legal = if R::LINE_ATTACKS {
            let mut captures = Counter(0);
            self.generate_en_passant::<_, true>(ep, &mut captures);
            captures.0 > 0
        } else {
            let mut captures = MoveList::new();
            self.generate_en_passant::<_, false>(ep, &mut captures);
            captures.iter().any(|&m| self.is_legal_by_make(m))
        };
        if !legal {
            self.set_ep(None);
        }
    }

    /// Takes back the last move made. Returns it, or `None` when there is
    /// nothing to take back.
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.history.pop()?;
        while self.log.len() > u.log_len as usize {
            let (cell, before) = self.log.pop().expect("log entries of the move");
            if !self.board[cell as usize].is_empty() {
                self.lift(cell);
            }
            if !before.is_empty() {
                self.place(cell, before);
            }
        }
        self.side = self.side.other();
        self.state = u.state;
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.hash = u.hash;
        self.checks = u.checks;
        Some(u.mv)
    }

    /// Passes the turn without moving (a search's null move): the side
    /// flips, en passant lapses, the 100-ply counter goes on. Taken back by
    /// [`Position::unmake`] like any move. Not a move of any game: the
    /// engine uses it only to measure a position's threats.
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: Move::new(NO_CELL, NO_CELL, MoveKind::Normal),
            log_len: self.log.len() as u32,
            state: self.state,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            checks: self.checks,
        });
        self.set_ep(None);
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.other();
        self.hash ^= self.t.keys.side;
    }

    /// After [`Position::make`]: whether the move just made left its mover's
    /// royal piece attacked, i.e. was illegal. With a pseudo-legal move this
    /// is the legality test of [`Position::is_legal_by_make`] without the
    /// unmake, for a search that plays the move anyway.
    #[inline]
    pub fn mover_in_check(&self) -> bool {
        self.t.def.has_check && self.royal_attacked(self.side.other())
    }

    /// Whether the pseudo-legal move `m`, not yet made, may leave its
    /// mover's royal piece attacked, so that the search must make it and
    /// ask [`Position::mover_in_check`]; `in_check`: whether the side to
    /// move is in check now. [`Position::guard`] for one move: a caller
    /// asking for many moves of a position takes the guard once.
    #[inline]
    pub fn may_expose_royal(&self, m: Move, in_check: bool) -> bool {
        self.may_expose(&self.guard(in_check), m)
    }

    /// After [`Position::make`] of `m`: whether it may give check, so that
    /// [`Position::in_check`] must be asked. False only where it certainly
    /// does not: in a game whose attacks are the data's slides, leaps and
    /// hops (`LINE_ATTACKS`, no special moves), a plain move or capture (or
    /// double step) whose piece, as it now is (promoted, say), cannot
    /// attack the enemy royal piece from its end cell on the empty board,
    /// whose start is on none of the lines along which the mover's
    /// sliders and hoppers could attack it nor on a block of its lame
    /// leapers' (so nothing was uncovered), and
    /// whose end is on none of its hoppers' lines (no new hurdle).
    #[inline]
    pub fn may_give_check(&self, m: Move) -> bool {
        if !self.t.def.has_check {
            return false;
        }
        if !R::LINE_ATTACKS || R::SPECIAL_MOVES {
            return true;
        }
        // A drop is a plain move that leaves no cell: it can only attack.
        // A gated piece may attack too.
        if !matches!(
            m.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop
        ) || self.several_royals()
            || (self.gating() && self.t.gate_of(m).is_some())
        {
            return true;
        }
        let mover = self.side.other();
        match self.royal_cell(self.side) {
            Some(royal) => {
                let kind = self.board[m.to as usize].kind();
                self.t.attack_from(mover, kind, royal).contains(m.to)
                    || self.t.royal_lines(mover, royal).contains(m.from)
                    || (self.indirect() && self.t.hop_lines(mover, royal).contains(m.to))
            }
            None => true,
        }
    }

    /// The legality test, by definition: play the move and see whether the
    /// mover's royal piece is attacked, or whether it is a drop that
    /// checkmates where its kind may not (shogi's Pawn). The generator's legal moves must be
    /// exactly the pseudo-legal moves that pass it.
    pub fn is_legal_by_make(&mut self, m: Move) -> bool {
        self.make(m);
        let ok = !self.made_illegal(m);
        self.unmake();
        ok
    }

    /// Whether the pseudo-legal move `m` leaves its mover's royal piece
    /// unattacked (the legality test but for a drop's mate).
    pub(crate) fn leaves_royal_safe(&mut self, m: Move) -> bool {
        self.make(m);
        let safe = !self.mover_in_check();
        self.unmake();
        safe
    }

    /// After [`Position::make`] of the pseudo-legal move `m`: whether it
    /// was illegal: its mover's royal piece is attacked
    /// ([`Position::mover_in_check`]), or it is a drop that checkmates
    /// where the kind may not (shogi's Pawn). A search that plays
    /// pseudo-legal moves asks this of those [`Position::may_expose`]
    /// does not clear.
    pub fn made_illegal(&mut self, m: Move) -> bool {
        if let Some((_, cell)) = self.t.gate_of(m).filter(|_| self.gating()) {
            // A gated piece does not shield its own King: the move is legal
            // or not as without it (Seirawan chess's rule, as in
            // Fairy-Stockfish).
            let without = self.occupied() ^ R::Bits::single(cell);
            return self.t.def.has_check && self.royal_attacked_in(self.side.other(), without);
        }
        self.mover_in_check() || (self.t.drop_mate_barred && self.illegal_drop_mate(m))
    }
}
