//! Move generation from the compiled movement tables.
//!
//! One generator serves both pseudo-legal and legal generation (the `LEGAL`
//! const parameter) and both listing and bulk counting (the [`Sink`]). Legal
//! generation avoids make/unmake: it finds the checkers and the pinned pieces
//! by walking the slide directions out from the King once, then masks each
//! piece's targets; only King moves, castling and en passant are tested one by
//! one, against the occupancy they would leave.

use arrayvec::ArrayVec;

use super::{EnPassant, Position, Rules};
use crate::bits::BitSet;
use crate::geometry::NO_CELL;
use crate::tables::KindMoves;
use crate::{Cell, Kind, Move, MoveKind, MoveList, Side};

/// Where generated moves go.
pub(crate) trait Sink<B> {
    /// One move from `from` to each cell of `targets`.
    fn targets(&mut self, from: Cell, targets: B, kind: MoveKind);
    /// One move per cell of `targets` and per promotion choice.
    fn promotions(&mut self, from: Cell, targets: B, choices: &[Kind]);
    fn one(&mut self, m: Move);
}

impl<B: BitSet> Sink<B> for MoveList {
    #[inline]
    fn targets(&mut self, from: Cell, targets: B, kind: MoveKind) {
        for to in targets.iter() {
            self.push(Move::new(from, to, kind));
        }
    }
    #[inline]
    fn promotions(&mut self, from: Cell, targets: B, choices: &[Kind]) {
        for to in targets.iter() {
            for &k in choices {
                self.push(Move {
                    promotion: Some(k),
                    ..Move::new(from, to, MoveKind::Normal)
                });
            }
        }
    }
    #[inline]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without listing them (bulk counting in perft).
pub(crate) struct Counter(pub u64);

impl<B: BitSet> Sink<B> for Counter {
    #[inline]
    fn targets(&mut self, _from: Cell, targets: B, _kind: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn promotions(&mut self, _from: Cell, targets: B, choices: &[Kind]) {
        self.0 += targets.count() as u64 * choices.len() as u64;
    }
    #[inline]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Checks and pins against the King of the side to move.
struct KingSafety<B> {
    checkers: B,
    /// Cells a non-King move must land on: everywhere when not in check;
    /// the checker and the cells between it and the King in single check.
    evasion: B,
    pinned: B,
    /// Each pinned piece with the cells it may still move to.
    pins: ArrayVec<(Cell, B), 32>,
}

impl<R: Rules> Position<R> {
    /// Appends every legal move.
    pub fn legal_moves(&self, out: &mut MoveList) {
        self.generate::<_, true>(out);
    }

    /// Appends every pseudo-legal move: moves by the pieces' rules, castling
    /// included, without testing whether the mover's King is left attacked.
    pub fn pseudo_legal_moves(&self, out: &mut MoveList) {
        self.generate::<_, false>(out);
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate::<_, true>(&mut c);
        c.0
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal() > 0
    }

    /// Whether the side to move's royal piece is attacked.
    pub fn in_check(&self) -> bool {
        self.t.def.has_check && self.royal_attacked(self.side)
    }

    /// Whether `side`'s royal piece is attacked by the other side.
    pub(crate) fn royal_attacked(&self, side: Side) -> bool {
        match self.royal_cell(side) {
            Some(k) => self.attacked(k, side.other(), self.occupied(), R::Bits::EMPTY),
            None => false,
        }
    }

    /// Whether `by` attacks `cell` (in the sense of giving check) when the
    /// occupied cells are `occupied` and the pieces on `removed` are gone.
    pub(crate) fn attacked(
        &self,
        cell: Cell,
        by: Side,
        occupied: R::Bits,
        removed: R::Bits,
    ) -> bool {
        let t = self.t;
        let theirs = self.by_side[by.index()] & !removed;
        for group in &t.slide_attacks[by.index()] {
            let attackers = self.union(&group.kinds) & theirs;
            if attackers.is_empty() {
                continue;
            }
            for &d in &group.walk_dirs {
                let ray = t.ray(d, cell);
                if !ray.intersects(attackers) {
                    continue;
                }
                if let Some(b) = t.nearest(d, ray & occupied) {
                    if attackers.contains(b) {
                        return true;
                    }
                }
            }
        }
        for group in &t.leap_attacks[by.index()] {
            if t.leap(group.from_set, cell)
                .intersects(self.union(&group.kinds) & theirs)
            {
                return true;
            }
        }
        false
    }

    #[inline]
    fn union(&self, kinds: &[Kind]) -> R::Bits {
        kinds
            .iter()
            .fold(R::Bits::EMPTY, |s, &k| s | self.by_kind[k as usize])
    }

    fn king_safety(&self, king: Cell) -> KingSafety<R::Bits> {
        let t = self.t;
        let them = self.side.other();
        let own = self.by_side[self.side.index()];
        let theirs = self.by_side[them.index()];
        let occupied = own | theirs;
        let mut s = KingSafety {
            checkers: R::Bits::EMPTY,
            evasion: R::Bits::EMPTY,
            pinned: R::Bits::EMPTY,
            pins: ArrayVec::new(),
        };
        for group in &t.slide_attacks[them.index()] {
            let attackers = self.union(&group.kinds) & theirs;
            if attackers.is_empty() {
                continue;
            }
            for &d in &group.walk_dirs {
                let ray = t.ray(d, king);
                if !ray.intersects(attackers) {
                    continue;
                }
                let Some(first) = t.nearest(d, ray & occupied) else {
                    continue;
                };
                if attackers.contains(first) {
                    s.checkers.insert(first);
                    s.evasion |= ray ^ t.ray(d, first);
                } else if own.contains(first) {
                    let beyond = t.ray(d, first);
                    if let Some(second) = t.nearest(d, beyond & occupied) {
                        if attackers.contains(second) {
                            s.pinned.insert(first);
                            s.pins.push((first, ray ^ t.ray(d, second)));
                        }
                    }
                }
            }
        }
        for group in &t.leap_attacks[them.index()] {
            let c = t.leap(group.from_set, king) & self.union(&group.kinds) & theirs;
            s.checkers |= c;
            s.evasion |= c;
        }
        if s.checkers.is_empty() {
            s.evasion = R::Bits::FULL;
        }
        s
    }

    /// Targets of one piece by its movement (no King-safety filtering).
    #[inline]
    fn targets(&self, km: &KindMoves, from: Cell, own: R::Bits, theirs: R::Bits) -> R::Bits {
        let t = self.t;
        let occupied = own | theirs;
        let mut reach = R::Bits::EMPTY;
        for &d in &km.both_dirs {
            reach |= t.slide(d, from, occupied);
        }
        if let Some(l) = km.both_leaps {
            reach |= t.leap(l, from);
        }
        let mut targets = reach & !own;
        if !km.move_dirs.is_empty() || km.move_leaps.is_some() {
            let mut quiet = R::Bits::EMPTY;
            for &d in &km.move_dirs {
                quiet |= t.slide(d, from, occupied);
            }
            if let Some(l) = km.move_leaps {
                quiet |= t.leap(l, from);
            }
            targets |= quiet & !occupied;
        }
        if !km.capture_dirs.is_empty() || km.capture_leaps.is_some() {
            let mut hits = R::Bits::EMPTY;
            for &d in &km.capture_dirs {
                hits |= t.slide(d, from, occupied);
            }
            if let Some(l) = km.capture_leaps {
                hits |= t.leap(l, from);
            }
            targets |= hits & theirs;
        }
        targets
    }

    fn generate<S: Sink<R::Bits>, const LEGAL: bool>(&self, sink: &mut S) {
        let t = self.t;
        let us = self.side;
        let them = us.other();
        let own = self.by_side[us.index()];
        let theirs = self.by_side[them.index()];
        let occupied = own | theirs;
        let king = self.royal[us.index()];
        let checks = LEGAL && t.def.has_check && king != NO_CELL;
        let safety = if checks {
            self.king_safety(king)
        } else {
            KingSafety {
                checkers: R::Bits::EMPTY,
                evasion: R::Bits::FULL,
                pinned: R::Bits::EMPTY,
                pins: ArrayVec::new(),
            }
        };
        let double_check = safety.checkers.count() > 1;
        // Pieces that do not attack royals may not capture them either.
        let enemy_royal = match self.royal[them.index()] {
            NO_CELL => R::Bits::EMPTY,
            c => R::Bits::single(c),
        };

        for (k, info) in t.kinds.iter().enumerate() {
            let pieces = self.by_kind[k] & own;
            if pieces.is_empty() {
                continue;
            }
            let km = &info.moves[us.index()];
            let royal = k as Kind == t.royal;
            if double_check && !royal {
                continue;
            }
            for from in pieces.iter() {
                let mut targets = self.targets(km, from, own, theirs);
                if !info.def.gives_check {
                    targets &= !enemy_royal;
                }
                if checks {
                    if royal {
                        let without_king = occupied ^ R::Bits::single(from);
                        let mut safe = R::Bits::EMPTY;
                        for to in targets.iter() {
                            if !self.attacked(to, them, without_king, R::Bits::EMPTY) {
                                safe.insert(to);
                            }
                        }
                        targets = safe;
                    } else {
                        targets &= safety.evasion;
                        if safety.pinned.contains(from) {
                            targets &= pin_line(&safety.pins, from);
                        }
                    }
                }
                if info.def.promotes {
                    let promoting = targets & t.promotion_zone[us.index()];
                    if !promoting.is_empty() {
                        sink.promotions(from, promoting, &t.promotion_choices);
                        targets &= !promoting;
                    }
                }
                sink.targets(from, targets, MoveKind::Normal);

                if let Some(&(mid, to)) = info.double_step[us.index()].get(from as usize) {
                    if mid != NO_CELL
                        && !occupied.contains(mid)
                        && !occupied.contains(to)
                        && (!checks
                            || (safety.evasion.contains(to)
                                && (!safety.pinned.contains(from)
                                    || pin_line(&safety.pins, from).contains(to))))
                    {
                        sink.one(Move::new(from, to, MoveKind::DoubleStep));
                    }
                }
            }
        }

        if double_check {
            return;
        }
        if let Some(ep) = self.ep {
            self.generate_en_passant::<S, LEGAL>(ep, sink);
        }
        self.generate_castling::<S, LEGAL>(safety.checkers.is_empty(), sink);
    }

    fn generate_en_passant<S: Sink<R::Bits>, const LEGAL: bool>(
        &self,
        ep: EnPassant,
        sink: &mut S,
    ) {
        let t = self.t;
        let us = self.side;
        let own = self.by_side[us.index()];
        for &(kind, from_set) in &t.ep_capturers[us.index()] {
            for from in (t.leap(from_set, ep.target) & self.by_kind[kind as usize] & own).iter() {
                let m = Move::new(from, ep.target, MoveKind::EnPassant);
                if LEGAL && t.def.has_check {
                    // Test the occupancy the capture leaves: two cells empty
                    // (the pawn's and its victim's), one filled.
                    if let Some(king) = self.royal_cell(us) {
                        let occupied =
                            (self.occupied() ^ R::Bits::single(from) ^ R::Bits::single(ep.victim))
                                | R::Bits::single(ep.target);
                        if self.attacked(king, us.other(), occupied, R::Bits::single(ep.victim)) {
                            continue;
                        }
                    }
                }
                sink.one(m);
            }
        }
    }

    fn generate_castling<S: Sink<R::Bits>, const LEGAL: bool>(
        &self,
        not_in_check: bool,
        sink: &mut S,
    ) {
        let t = self.t;
        let us = self.side;
        if self.castling == 0 || !not_in_check {
            return;
        }
        let occupied = self.occupied();
        for (i, c) in t.castles.iter().enumerate() {
            if c.side != us || self.castling >> i & 1 == 0 {
                continue;
            }
            // The rights imply King and Rook on their squares (the position
            // string parser and `make` keep them so).
            let movers = R::Bits::single(c.king_from) | R::Bits::single(c.rook_from);
            let mut must_be_empty = c.empty;
            must_be_empty.insert(c.king_to);
            must_be_empty.insert(c.rook_to);
            if (must_be_empty & !movers).intersects(occupied) {
                continue;
            }
            if c.safe
                .iter()
                .any(|&cell| self.attacked(cell, us.other(), occupied, R::Bits::EMPTY))
            {
                continue;
            }
            if LEGAL {
                let after =
                    (occupied ^ movers) | R::Bits::single(c.king_to) | R::Bits::single(c.rook_to);
                if self.attacked(c.king_to, us.other(), after, R::Bits::EMPTY) {
                    continue;
                }
            }
            sink.one(Move {
                extra: i as u8,
                ..Move::new(c.king_from, c.king_to, MoveKind::Castle)
            });
        }
    }
}

/// The cells a pinned piece on `cell` may move to.
#[inline]
fn pin_line<B: BitSet>(pins: &[(Cell, B)], cell: Cell) -> B {
    pins.iter()
        .find(|(c, _)| *c == cell)
        .map(|&(_, line)| line)
        .unwrap_or(B::EMPTY)
}
