//! Which pseudo-legal moves can be called legal without making them.
//!
//! The legality test by definition makes a move and asks whether the
//! mover's royal piece is attacked. Most moves cannot change that: a plain
//! move of another piece, by a side not in check, that neither leaves a
//! cell through which an attack on the royal piece could pass nor enters a
//! cell whose filling could make one. A [`Guard`] holds those cells for
//! one position, found once, so that the generator and the search test only
//! the few moves that touch them.
//!
//! Games whose attacks are the data's slides, leaps, hops and lame leaps
//! (`LINE_ATTACKS`) get the cells from the compiled lines (a hopper's line
//! both ways: a piece leaving it or arriving on it changes its hurdles; a
//! lame leaper's block to vacate: a piece leaving it can open an attack);
//! the others from [`Rules::exposure`], which knows their attack-board
//! paths and flights, with the same lines.

use super::{Position, Rules};
use crate::bits::BitSet;
use crate::geometry::NO_CELL;
use crate::{Cell, Move, MoveKind, Side};

/// The cells where a move may change whether the royal piece of the side
/// to move is attacked (see [`Rules::exposure`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exposure<B> {
    /// A piece leaving one of these may open an attack.
    pub vacate: B,
    /// A piece arriving on one of these may make an attack (a push that
    /// now reaches the royal piece, say).
    pub fill: B,
}

/// For one position: which of its pseudo-legal moves may leave the mover's
/// royal piece attacked, so that they must be tested.
#[derive(Clone, Copy, Debug)]
pub struct Guard<B> {
    /// Every move must be tested (in check, no royal piece, or a game that
    /// cannot say where its attacks run).
    test_all: bool,
    royal: Cell,
    pub(super) exposure: Exposure<B>,
}

impl<B: BitSet> Guard<B> {
    /// A guard that needs no test at all (games without check).
    fn none() -> Self {
        Guard {
            test_all: false,
            royal: NO_CELL,
            exposure: Exposure {
                vacate: B::EMPTY,
                fill: B::EMPTY,
            },
        }
    }

    pub(super) fn all() -> Self {
        Guard {
            test_all: true,
            ..Self::none()
        }
    }

    /// Whether every plain move from `from` must be tested, wherever it
    /// goes.
    #[inline]
    pub(super) fn needs_test_from(&self, from: Cell) -> bool {
        self.test_all || from == self.royal || self.exposure.vacate.contains(from)
    }

    /// The cells of `targets` where a drop must be tested: a piece
    /// arriving there may make an attack (a new hurdle).
    #[inline]
    pub(super) fn risky_fills(&self, targets: B) -> B {
        if self.test_all {
            targets
        } else {
            targets & self.exposure.fill
        }
    }
}

impl<R: Rules> Position<R> {
    /// Whether `m`, a pseudo-legal move of this position, may leave its
    /// mover's royal piece attacked, by the position's `guard`. False only
    /// where it certainly does not: a plain move, capture or double step of
    /// a piece other than the royal one, from outside the guard's `vacate`
    /// to outside its `fill`; a drop outside its `fill`; or a special move
    /// its game clears
    /// ([`Rules::special_is_safe`]). (Castling, en passant and shots empty
    /// or fill other cells: always tested.)
    #[inline]
    pub fn may_expose(&self, guard: &Guard<R::Bits>, m: Move) -> bool {
        let e = &guard.exposure;
        match m.kind {
            _ if guard.test_all => true,
            MoveKind::Normal | MoveKind::DoubleStep => {
                guard.needs_test_from(m.from) || e.fill.contains(m.to)
            }
            // A drop that may not checkmate is tested for it too.
            MoveKind::Drop => {
                e.fill.contains(m.to) || !self.t.kinds[m.extra as usize].def.drop_mates
            }
            MoveKind::Board | MoveKind::Push => !R::special_is_safe(self, m, guard.royal, e),
            _ => true,
        }
    }

    /// The guard of this position; `in_check`: whether the side to move is
    /// in check now (a caller that knows it saves the test).
    pub fn guard(&self, in_check: bool) -> Guard<R::Bits> {
        if !self.t.def.has_check {
            return Guard::none();
        }
        if self.several_royals() {
            return Guard::all();
        }
        let Some(royal) = self.royal_cell(self.side) else {
            // Where a side may have no royal piece (Horde's White), it is
            // never in check: nothing to test. Elsewhere only a move just
            // made can have lost it, and that move is illegal.
            return if self.t.def.every_side_has_royal() {
                Guard::all()
            } else {
                Guard::none()
            };
        };
        if in_check {
            return Guard::all();
        }
        let enemy = self.side.other();
        if R::LINE_ATTACKS {
            // A game's special moves may do anything: tested, as before
            // they had a guard of their own.
            if R::SPECIAL_MOVES {
                return Guard::all();
            }
            return Guard {
                test_all: false,
                royal,
                exposure: Exposure {
                    vacate: self.t.royal_lines(enemy, royal),
                    fill: self.hop_fill(enemy, royal),
                },
            };
        }
        self.exposure_guard(royal, enemy)
    }

    /// The guard of `royal` against `by`'s attacks in a game without
    /// `LINE_ATTACKS`: its exposure ([`Rules::exposure`]) with the lines
    /// of the data's sliders.
    fn exposure_guard(&self, royal: Cell, by: Side) -> Guard<R::Bits> {
        match R::exposure(self, royal, by) {
            Some(e) => Guard {
                test_all: false,
                royal,
                exposure: Exposure {
                    vacate: e.vacate | self.t.royal_lines(by, royal),
                    fill: e.fill | self.hop_fill(by, royal),
                },
            },
            None => Guard::all(),
        }
    }

    /// The cells whose filling may make an attack of `by` on `royal` by
    /// the data's movement: a new hurdle on a hopper's line.
    #[inline]
    fn hop_fill(&self, by: Side, royal: Cell) -> R::Bits {
        if self.indirect() {
            self.t.hop_lines(by, royal)
        } else {
            R::Bits::EMPTY
        }
    }

    /// The guard of the enemy royal piece against the side to move's
    /// moves: the cells where one of them may open or make an attack on
    /// it (a discovered check, a push now reaching it). Taken before the
    /// moves are made, for [`Position::may_give_check_with`].
    pub fn check_guard(&self) -> Guard<R::Bits> {
        if !self.t.def.has_check {
            return Guard::none();
        }
        let Some(royal) = self.royal_cell(self.side.other()) else {
            return Guard::all();
        };
        if R::LINE_ATTACKS {
            // `may_give_check` needs no guard.
            return Guard::all();
        }
        self.exposure_guard(royal, self.side)
    }

    /// After [`Position::make`] of `m`: whether it may give check, so that
    /// [`Position::in_check`] must be asked; `guard`: the
    /// [`Position::check_guard`] of the position before the move. In games
    /// with `LINE_ATTACKS`, [`Position::may_give_check`]. In the others,
    /// false only for a plain move (or capture, or double step) from
    /// outside the guard's cells to outside its `fill` whose piece, as it
    /// now is, cannot attack the royal piece from its end cell: by the
    /// data on the empty board, and by the game's own rule
    /// ([`Rules::may_attack_from`]).
    #[inline]
    pub fn may_give_check_with(&self, guard: &Guard<R::Bits>, m: Move) -> bool {
        if R::LINE_ATTACKS {
            return self.may_give_check(m);
        }
        if guard.test_all {
            return true;
        }
        if guard.royal == NO_CELL {
            return false;
        }
        if !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep) {
            return true;
        }
        let e = &guard.exposure;
        let mover = self.side.other();
        let kind = self.board[m.to as usize].kind();
        e.vacate.contains(m.from)
            || e.fill.contains(m.from)
            || e.fill.contains(m.to)
            || self.t.attack_from(mover, kind, guard.royal).contains(m.to)
            || R::may_attack_from(self, kind, m.to, guard.royal)
    }
}
