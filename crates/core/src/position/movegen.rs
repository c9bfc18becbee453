//! Move generation from the compiled movement tables.
//!
//! One generator serves both pseudo-legal and legal generation (the `LEGAL`
//! const parameter) and both listing and bulk counting (the [`Sink`]). Legal
//! generation avoids make/unmake: it finds the checkers and the pinned pieces
//! by walking the slide directions out from the King once, then masks each
//! piece's targets; only King moves, castling and en passant are tested one by
//! one, against the occupancy they would leave.
//!
//! That shortcut holds for attacks along straight lines and by leaps. A game
//! whose pieces attack otherwise (`Rules::LINE_ATTACKS` false), and every
//! special move of a game with check, are tested by making them instead.

use arrayvec::ArrayVec;

use crate::tables::MAX_SLIDE_DIRS;

use super::{EnPassant, Guard, Position, Rules, MAX_KINDS};
use crate::bits::BitSet;
use crate::def::Mode;
use crate::geometry::NO_CELL;
use crate::tables::KindMoves;
use crate::{Cell, Kind, Move, MoveKind, MoveList, Side, NO_KIND};

/// Where generated moves go.
pub(crate) trait Sink<B> {
    /// One move from `from` to each cell of `targets`.
    fn targets(&mut self, from: Cell, targets: B, kind: MoveKind);
    /// One move per cell of `targets` and per promotion choice.
    fn promotions(&mut self, from: Cell, targets: B, choices: &[Kind]);
    fn one(&mut self, m: Move);
    /// One drop of a piece of `kind` on each cell of `targets`.
    fn drops(&mut self, kind: Kind, targets: B);
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
    #[inline]
    fn drops(&mut self, kind: Kind, targets: B) {
        for to in targets.iter() {
            self.push(Move::drop(kind, to));
        }
    }
}

/// Lists only moves to `mask` (and promotions, en passant, shots): a
/// search's quiescence asks for captures, or captures and some checks.
struct MaskSink<'a, B> {
    out: &'a mut MoveList,
    mask: B,
}

impl<B: BitSet> Sink<B> for MaskSink<'_, B> {
    #[inline]
    fn targets(&mut self, from: Cell, targets: B, kind: MoveKind) {
        self.out.targets(from, targets & self.mask, kind);
    }
    #[inline]
    fn promotions(&mut self, from: Cell, targets: B, choices: &[Kind]) {
        self.out.promotions(from, targets, choices);
    }
    #[inline]
    fn one(&mut self, m: Move) {
        let capture = match m.kind {
            MoveKind::EnPassant | MoveKind::Shot => true,
            MoveKind::Normal | MoveKind::DoubleStep => self.mask.contains(m.to),
            _ => false,
        };
        if capture || m.promotion.is_some() {
            self.out.push(m);
        }
    }
    /// A drop captures nothing: only drops to the mask's empty cells (the
    /// quiet cells asked for).
    #[inline]
    fn drops(&mut self, kind: Kind, targets: B) {
        self.out.drops(kind, targets & self.mask);
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
    #[inline]
    fn drops(&mut self, _kind: Kind, targets: B) {
        self.0 += targets.count() as u64;
    }
}

/// Counts the moves a guard clears and lists the others, to be tested
/// (bulk counting in perft for games without `LINE_ATTACKS`).
struct Guarded<'a, B> {
    guard: &'a Guard<B>,
    out: &'a mut MoveList,
    cleared: u64,
}

impl<B: BitSet> Guarded<'_, B> {
    /// The cells of `targets` whose plain move from `from` must be tested.
    #[inline]
    fn risky(&self, from: Cell, targets: B) -> B {
        if self.guard.needs_test_from(from) {
            targets
        } else {
            targets & self.guard.exposure.fill
        }
    }

    /// Counts the moves to `targets` the guard clears, `per_target` each,
    /// and lists the others with `list`.
    #[inline(always)]
    fn split(
        &mut self,
        from: Cell,
        targets: B,
        per_target: u64,
        list: impl FnOnce(&mut MoveList, B),
    ) {
        let risky = self.risky(from, targets);
        if risky.is_empty() {
            self.cleared += targets.count() as u64 * per_target;
        } else {
            self.cleared += (targets & !risky).count() as u64 * per_target;
            list(self.out, risky);
        }
    }
}

// Always inlined, as `split`: called from the move loop, per piece; LLVM's
// own choice left them out of line as the loop grew (Elevator's perft, 4%).
impl<B: BitSet> Sink<B> for Guarded<'_, B> {
    #[inline(always)]
    fn targets(&mut self, from: Cell, targets: B, kind: MoveKind) {
        if kind == MoveKind::Normal {
            self.split(from, targets, 1, |out, risky| {
                out.targets(from, risky, kind)
            });
        } else {
            self.out.targets(from, targets, kind);
        }
    }
    #[inline]
    fn promotions(&mut self, from: Cell, targets: B, choices: &[Kind]) {
        self.split(from, targets, choices.len() as u64, |out, risky| {
            out.promotions(from, risky, choices)
        });
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        let plain = matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep);
        if plain && self.risky(m.from, B::single(m.to)).is_empty() {
            self.cleared += 1;
        } else {
            self.out.push(m);
        }
    }
    #[inline]
    fn drops(&mut self, kind: Kind, targets: B) {
        let risky = self.guard.risky_fills(targets);
        self.cleared += (targets & !risky).count() as u64;
        self.out.drops(kind, risky);
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
    pins: ArrayVec<(Cell, B), MAX_SLIDE_DIRS>,
}

impl<R: Rules> Position<R> {
    /// Appends every legal move. Takes `&mut self` because games without
    /// straight-line attacks test moves by making them; the position is
    /// unchanged afterwards.
    ///
    /// A game ended by its last move (a royal piece captured, the temple
    /// reached) has no moves, legal or pseudo-legal.
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        let start = out.len();
        self.legal_by_movement(out);
        if self.t.def.must_capture {
            self.keep_compulsory_captures(out, start);
        }
    }

    /// Where a capture is compulsory (antichess) and one of `out[start..]`
    /// captures, drops the others.
    fn keep_compulsory_captures(&self, out: &mut MoveList, start: usize) {
        if out[start..].iter().any(|&m| self.is_capture(m)) {
            retain_from(out, start, |m| self.is_capture(m));
        }
    }

    /// The legal moves by the pieces' movement and the royal piece's
    /// safety, before a compulsory capture narrows them.
    fn legal_by_movement(&mut self, out: &mut MoveList) {
        if self.finished_by_last_move() {
            return;
        }
        let start = out.len();
        if self.lines_suffice() || !self.t.def.has_check {
            self.generate::<_, true>(out, None);
            if R::SPECIAL_MOVES {
                let specials = out.len();
                R::special_moves(self, out);
                if self.t.def.has_check {
                    self.keep_legal(out, specials, &Guard::all());
                }
            }
        } else {
            self.guarded_moves(out, false);
        }
        if self.t.drop_mate_barred {
            retain_from(out, start, |m| !self.drop_mates_barred(m));
        }
        // A gated piece does not shield its King: a move's gated forms are
        // legal exactly when the move is.
        self.add_gated(out, start);
    }

    /// Whether the side to move may gate (Seirawan chess): a game with
    /// gating, a piece in hand and one of its pieces on an open gate.
    #[inline]
    fn may_gate(&self) -> bool {
        self.gating() && self.in_hand(self.side) > 0 && !self.gates(self.side).is_empty()
    }

    /// In a game with gating: appends the gated forms of the moves of
    /// `out[start..]` that leave an open gate of the side to move, one per
    /// kind in its hand that may stand on the cell left (for castling, on
    /// the King's start or the partner's, if neither castler ends there).
    pub(super) fn add_gated(&self, out: &mut MoveList, start: usize) {
        if !self.gating() {
            return;
        }
        let t = self.t;
        let us = self.side;
        let gates = self.gates(us);
        let Some(hand) = self.hands().filter(|_| !gates.is_empty()) else {
            return;
        };
        let kinds = t
            .pool_kinds
            .iter()
            .copied()
            .filter(|&k| hand.count(us, k) > 0);
        let end = out.len();
        for i in start..end {
            let m = out[i];
            match m.kind {
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
                    if gates.contains(m.from) =>
                {
                    for k in kinds.clone() {
                        if t.drop_cells[k as usize][us.index()].contains(m.from) {
                            out.push(m.gating(k));
                        }
                    }
                }
                MoveKind::Castle => {
                    let c = &t.castling.rules[m.extra as usize];
                    for (place, cell) in [c.king_from, c.rook_from].into_iter().enumerate() {
                        if !gates.contains(cell) || cell == c.king_to || cell == c.rook_to {
                            continue;
                        }
                        for k in kinds.clone() {
                            let form = c.gated[k as usize][place];
                            if t.drop_cells[k as usize][us.index()].contains(cell) {
                                out.push(Move { extra: form, ..m });
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether `m`, a pseudo-legal move, is a drop of a kind that may not
    /// checkmate (shogi's Pawn) that would: made, the opponent is in
    /// check with no legal move.
    pub(super) fn drop_mates_barred(&mut self, m: Move) -> bool {
        if m.kind != MoveKind::Drop || self.t.kinds[m.extra as usize].def.drop_mates {
            return false;
        }
        let gives_check = self
            .royal_cell(self.side.other())
            .is_none_or(|royal| self.t.attack_from(self.side, m.extra, royal).contains(m.to));
        if !gives_check {
            return false;
        }
        self.make(m);
        let mates = self.illegal_drop_mate(m);
        self.unmake();
        mates
    }

    /// After [`Position::make`] of `m`: whether it is a drop of a kind
    /// that may not checkmate (shogi's Pawn) that did.
    pub(crate) fn illegal_drop_mate(&mut self, m: Move) -> bool {
        m.kind == MoveKind::Drop
            && !self.t.kinds[m.extra as usize].def.drop_mates
            && self.in_check()
            && !self.has_legal_move()
    }

    /// For games whose attacks the lines cannot show: appends the legal
    /// moves the position's guard cannot clear (they are tested) and
    /// returns how many it clears, which are appended too unless `bulk`
    /// (they are then only counted).
    fn guarded_moves(&mut self, out: &mut MoveList, bulk: bool) -> u64 {
        let start = out.len();
        let in_check = self.in_check();
        let guard = self.guard(in_check);
        let mut cleared = 0;
        if bulk {
            let mut sink = Guarded {
                guard: &guard,
                out,
                cleared: 0,
            };
            self.generate::<_, false>(&mut sink, Some(in_check));
            cleared = sink.cleared;
        } else {
            self.generate::<_, false>(out, Some(in_check));
        }
        if R::SPECIAL_MOVES {
            R::special_moves(self, out);
        }
        self.keep_legal(out, start, &guard);
        cleared
    }

    /// Drops the moves of `out[start..]` that the guard cannot clear and
    /// that fail the legality test.
    fn keep_legal(&mut self, out: &mut MoveList, start: usize, guard: &Guard<R::Bits>) {
        // The shortcuts below look at one royal piece.
        let royal = match self.several_royals() {
            true => NO_CELL,
            false => self.royal[self.side.index()],
        };
        let one_royal = royal != NO_CELL;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let legal = !self.may_expose(guard, m)
                || match m.kind {
                    MoveKind::Normal if !self.lines_suffice() && m.from == royal => {
                        self.royal_step_is_safe(m)
                    }
                    MoveKind::Castle if !self.lines_suffice() && one_royal => {
                        self.castle_is_safe(m)
                    }
                    _ => self.is_legal_by_make(m),
                };
            if legal {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// The legality test of a plain move of the royal piece, without making
    /// it: whether its end cell is unattacked once the piece has left its
    /// start and taken what stood there. (Such a move changes nothing else
    /// that attacks depend on: a game's `after_make` may not.)
    fn royal_step_is_safe(&self, m: Move) -> bool {
        let them = self.side.other();
        let to = R::Bits::single(m.to);
        let occupied = (self.occupied() ^ R::Bits::single(m.from)) | to;
        let removed = to & self.by_side[them.index()];
        !self.attacked(m.to, them, occupied, removed)
            && !R::special_attack(self, m.to, them, occupied, removed)
    }

    /// The same test for castling: the King's end cell unattacked once
    /// King and Rook stand on their new cells.
    fn castle_is_safe(&self, m: Move) -> bool {
        let c = &self.t.castling.rules[m.extra as usize];
        let them = self.side.other();
        let movers = R::Bits::single(c.king_from) | R::Bits::single(c.rook_from);
        let after =
            (self.occupied() ^ movers) | R::Bits::single(c.king_to) | R::Bits::single(c.rook_to);
        !self.attacked(c.king_to, them, after, R::Bits::EMPTY)
            && !R::special_attack(self, c.king_to, them, after, R::Bits::EMPTY)
    }

    /// Appends every pseudo-legal move: moves by the pieces' rules, castling
    /// included, without testing whether the mover's King is left attacked.
    pub fn pseudo_legal_moves(&self, out: &mut MoveList) {
        if self.finished_by_last_move() {
            return;
        }
        self.every_pseudo_legal_move(out);
    }

    /// The pseudo-legal moves by the pieces' rules alone, even in a position
    /// that the game would call finished (a board without royal pieces:
    /// [`Position::reach`]).
    pub(super) fn every_pseudo_legal_move(&self, out: &mut MoveList) {
        let start = out.len();
        self.generate::<_, false>(out, None);
        if R::SPECIAL_MOVES {
            R::special_moves(self, out);
        }
        self.add_gated(out, start);
    }

    /// Appends the pseudo-legal captures and promotions (the moves a
    /// search's quiescence looks at): the same moves as
    /// [`Position::pseudo_legal_moves`] that capture or promote.
    pub fn pseudo_legal_captures(&self, out: &mut MoveList) {
        self.pseudo_legal_moves_to(out, R::Bits::EMPTY);
    }

    /// Appends the pseudo-legal captures and promotions, and the
    /// pseudo-legal moves of the data's movement (not special moves, not
    /// castling) and drops to the cells of `quiet`.
    pub fn pseudo_legal_moves_to(&self, out: &mut MoveList, quiet: R::Bits) {
        if self.finished_by_last_move() {
            return;
        }
        let mask = self.by_side[self.side.other().index()] | quiet;
        let start = out.len();
        self.generate::<_, false>(&mut MaskSink { out, mask }, None);
        self.add_gated(out, start);
        if R::SPECIAL_MOVES {
            let start = out.len();
            R::special_moves(self, out);
            retain_from(out, start, |m| m.promotion.is_some() || self.is_capture(m));
        }
    }

    /// The number of legal moves (counted without listing where possible).
    pub fn count_legal(&mut self) -> u64 {
        if self.finished_by_last_move() {
            return 0;
        }
        let lines = self.lines_suffice();
        // A drop that may not mate is tested by the list's filter only;
        // gated forms are listed.
        if self.t.def.must_capture || self.holds_barred_mater() || self.may_gate() {
            let mut list = MoveList::new();
            self.legal_moves(&mut list);
            list.len() as u64
        } else if !R::SPECIAL_MOVES && (lines || !self.t.def.has_check) {
            let mut c = Counter(0);
            self.generate::<_, true>(&mut c, None);
            c.0
        } else if !lines && self.t.def.has_check {
            let mut list = MoveList::new();
            let cleared = self.guarded_moves(&mut list, true);
            cleared + list.len() as u64
        } else {
            let mut list = MoveList::new();
            self.legal_moves(&mut list);
            list.len() as u64
        }
    }

    /// Whether the side to move holds a piece whose drop may not
    /// checkmate: its checking drops must then be tried.
    fn holds_barred_mater(&self) -> bool {
        self.t.drop_mate_barred
            && self.hands().is_some_and(|hand| {
                self.t.pool_kinds.iter().any(|&k| {
                    !self.t.kinds[k as usize].def.drop_mates && hand.count(self.side, k) > 0
                })
            })
    }

    /// Whether the straight-line check and pin logic finds the legal moves:
    /// the game's attacks are the data's slides and leaps
    /// (`Rules::LINE_ATTACKS`) and no piece hops or leaps lamely (a piece
    /// arriving on a Cannon's line can make a check, one arriving on a
    /// Horse's block can parry one: such games test the moves their guard
    /// cannot clear).
    #[inline]
    pub(crate) fn lines_suffice(&self) -> bool {
        R::LINE_ATTACKS && !self.indirect()
    }

    /// Whether a side may have several royal pieces (Spartan chess): only
    /// in a game whose tables say `indirect`, so that the games built in
    /// never ask.
    #[inline]
    pub(crate) fn several_royals(&self) -> bool {
        self.indirect() && self.t.def.several_royals
    }

    /// Whether a piece of this game hops or leaps lamely
    /// ([`Rules::INDIRECT`] and the tables' `indirect`).
    #[inline]
    pub(crate) fn indirect(&self) -> bool {
        R::INDIRECT && self.t.indirect
    }

    /// Whether the last move ended the game at once. Only games without
    /// check, with a goal (a temple), counting checks or ended by
    /// extinction can end so; for the others this is a test of constant
    /// data.
    #[inline]
    fn finished_by_last_move(&self) -> bool {
        self.t.ends_by_move && self.immediate_result().is_some()
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&mut self) -> bool {
        self.count_legal() > 0
    }

    /// Whether the side to move's royal piece is attacked.
    pub fn in_check(&self) -> bool {
        self.t.def.has_check && self.royal_attacked(self.side)
    }

    /// Whether `side`'s royal piece is attacked by the other side.
    /// A side without its royal piece counts as attacked in a game with
    /// check: the piece can only have been lost by the move just made (a
    /// push, say), and that move is illegal; except where a side may have
    /// none (`GameDef::extinction`: Horde's White), and is never in check.
    pub(crate) fn royal_attacked(&self, side: Side) -> bool {
        self.royal_attacked_in(side, self.occupied())
    }

    /// [`Self::royal_attacked`] with the occupied cells `occupied` (the
    /// position's, or those with a gated piece left out).
    #[inline]
    pub(crate) fn royal_attacked_in(&self, side: Side, occupied: R::Bits) -> bool {
        let attacked = |k| {
            self.attacked(k, side.other(), occupied, R::Bits::EMPTY)
                || R::special_attack(self, k, side.other(), occupied, R::Bits::EMPTY)
        };
        if self.several_royals() {
            // Check is every royal piece of the side attacked.
            let royals = self.royal_cells(side.index());
            return !royals.is_empty() && royals.iter().all(attacked);
        }
        match self.royal_cell(side) {
            Some(k) => attacked(k),
            None => self.t.def.every_side_has_royal(),
        }
    }

    /// Whether `by` attacks `cell` in the position as it is, special
    /// attacks and facing royal pieces included (see [`Self::attacked`]).
    pub fn attacked_now(&self, cell: Cell, by: Side) -> bool {
        let occupied = self.occupied();
        self.attacked(cell, by, occupied, R::Bits::EMPTY)
            || R::special_attack(self, cell, by, occupied, R::Bits::EMPTY)
    }

    /// Whether `by` attacks `cell` by the data's movement (in the sense of
    /// giving check) when the occupied cells are `occupied` and the pieces on
    /// `removed` are gone. Absent cells block. The question is whether a
    /// royal piece would be attacked there: `by`'s royal piece facing the
    /// cell along a facing line (xiangqi's flying General) counts, which
    /// [`Self::attackers_to`], a list of captures, leaves out.
    pub(crate) fn attacked(
        &self,
        cell: Cell,
        by: Side,
        occupied: R::Bits,
        removed: R::Bits,
    ) -> bool {
        let t = self.t;
        let pieces = occupied;
        let occupied = occupied | !R::present(self);
        let mut theirs = self.by_side[by.index()] & !removed;
        if self.indirect() {
            if self.royals_face(cell, theirs, occupied) {
                return true;
            }
            theirs = self.unconfined(cell, by, theirs);
        }
        let slid = self.any_attack_line(cell, by, theirs, |d, ray, sliders| {
            t.nearest(d, ray & occupied)
                .is_some_and(|b| sliders.contains(b))
        });
        if slid {
            return true;
        }
        if self.indirect()
            && (self.any_hop_attack(cell, by, theirs, pieces, occupied, |_| true)
                || self.any_lame_attack(cell, by, theirs, occupied, |_| true))
        {
            return true;
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

    /// The pieces of both sides that attack `cell` by the data's movement
    /// (as [`Self::attacked`]: kinds that give check, no special attacks)
    /// when only the pieces on `occupied` stand: what an exchange on
    /// `cell` can bring in, a slider behind another joining once the one
    /// in front has left `occupied`.
    pub fn attackers_to(&self, cell: Cell, occupied: R::Bits) -> R::Bits {
        let t = self.t;
        let blockers = occupied | !R::present(self);
        let mut found = R::Bits::EMPTY;
        for by in Side::BOTH {
            let mut theirs = self.by_side[by.index()] & occupied;
            if self.indirect() {
                theirs = self.unconfined(cell, by, theirs);
            }
            self.any_attack_line(cell, by, theirs, |d, ray, sliders| {
                if let Some(b) = t.nearest(d, ray & blockers) {
                    if sliders.contains(b) {
                        found.insert(b);
                    }
                }
                false
            });
            for group in &t.leap_attacks[by.index()] {
                found |= t.leap(group.from_set, cell) & self.union(&group.kinds) & theirs;
            }
            if self.indirect() {
                self.any_hop_attack(cell, by, theirs, occupied, blockers, |hopper| {
                    found.insert(hopper);
                    false
                });
                self.any_lame_attack(cell, by, theirs, blockers, |leaper| {
                    found.insert(leaper);
                    false
                });
            }
        }
        found
    }

    /// The pieces of `theirs` (of side `by`) whose kind's confinement lets
    /// them onto `cell`: only they can attack it.
    #[inline]
    fn unconfined(&self, cell: Cell, by: Side, theirs: R::Bits) -> R::Bits {
        let mut away = self.t.confined_away(by, cell);
        let mut kept = theirs;
        while away != 0 {
            kept &= !self.by_kind[away.trailing_zeros() as usize];
            away &= away - 1;
        }
        kept
    }

    /// Whether the royal piece among `theirs` faces `cell` along one
    /// of the game's facing lines with nothing between (`blockers`: the
    /// pieces and the absent cells): xiangqi's flying General.
    #[inline]
    fn royals_face(&self, cell: Cell, theirs: R::Bits, blockers: R::Bits) -> bool {
        let t = self.t;
        if t.facing.is_empty() {
            return false;
        }
        let royal = self.by_kind[t.royal as usize] & theirs;
        t.facing.iter().any(|&d| {
            t.nearest(d, t.ray(d, cell) & blockers)
                .is_some_and(|c| royal.contains(c))
        })
    }

    /// Calls `f(leaper)` for each lame leaper of `by` (among `theirs`) that
    /// attacks `cell` with its block (a cell of `blockers`, which holds the
    /// pieces and the absent cells) empty, until `f` returns true;
    /// returns whether it did.
    #[inline(never)]
    fn any_lame_attack(
        &self,
        cell: Cell,
        by: Side,
        theirs: R::Bits,
        blockers: R::Bits,
        mut f: impl FnMut(Cell) -> bool,
    ) -> bool {
        let t = self.t;
        for group in &t.lame_attacks[by.index()] {
            let leapers = self.union(&group.kinds) & theirs;
            if leapers.is_empty() {
                continue;
            }
            for &leap in &group.leaps {
                let (from, block) = t.lame_source(leap, cell);
                if from != NO_CELL && leapers.contains(from) && !blockers.contains(block) && f(from)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Calls `f(hopper)` for each hopper of `by` (among `theirs`) that
    /// attacks `cell` over a hurdle, until `f` returns true; returns
    /// whether it did. `pieces`: the cells holding pieces (hurdles);
    /// `blockers`: those and the absent cells, which end a line but are
    /// no hurdle. Not inlined: only games with hoppers call it.
    #[inline(never)]
    fn any_hop_attack(
        &self,
        cell: Cell,
        by: Side,
        theirs: R::Bits,
        pieces: R::Bits,
        blockers: R::Bits,
        mut f: impl FnMut(Cell) -> bool,
    ) -> bool {
        let t = self.t;
        for group in &t.hop_attacks[by.index()] {
            let hoppers = self.union(&group.kinds) & theirs;
            if hoppers.is_empty() {
                continue;
            }
            for &d in &group.walk_dirs {
                let ray = t.ray(d, cell);
                if !ray.intersects(hoppers) {
                    continue;
                }
                // A grasshop lands just beyond its hurdle: the hurdle is
                // the cell next to `cell`.
                let hurdle = if group.next {
                    t.nearest(d, ray)
                } else {
                    t.nearest(d, ray & blockers)
                };
                let Some(hurdle) = hurdle.filter(|&h| pieces.contains(h)) else {
                    continue;
                };
                if let Some(attacker) = t.nearest(d, t.ray(d, hurdle) & blockers) {
                    if hoppers.contains(attacker) && f(attacker) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Calls `f(direction, ray, sliders)` for each direction from `cell`
    /// along which a checking slider of `by` (among `theirs`) stands, until
    /// `f` returns true; returns whether it did.
    #[inline]
    fn any_attack_line(
        &self,
        cell: Cell,
        by: Side,
        theirs: R::Bits,
        mut f: impl FnMut(u8, R::Bits, R::Bits) -> bool,
    ) -> bool {
        let t = self.t;
        for group in &t.slide_attacks[by.index()] {
            let sliders = self.union(&group.kinds) & theirs;
            if sliders.is_empty() {
                continue;
            }
            for &d in &group.walk_dirs {
                let ray = t.ray(d, cell);
                if ray.intersects(sliders) && f(d, ray, sliders) {
                    return true;
                }
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
        let occupied = own | theirs | !R::present(self);
        let mut s = KingSafety {
            checkers: R::Bits::EMPTY,
            evasion: R::Bits::EMPTY,
            pinned: R::Bits::EMPTY,
            pins: ArrayVec::new(),
        };
        self.any_attack_line(king, them, theirs, |d, ray, sliders| {
            let Some(first) = t.nearest(d, ray & occupied) else {
                return false;
            };
            if sliders.contains(first) {
                s.checkers.insert(first);
                s.evasion |= ray ^ t.ray(d, first);
            } else if own.contains(first) {
                let beyond = t.ray(d, first);
                if let Some(second) = t.nearest(d, beyond & occupied) {
                    if sliders.contains(second) {
                        s.pinned.insert(first);
                        s.pins.push((first, ray ^ t.ray(d, second)));
                    }
                }
            }
            false
        });
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

    /// Cells one piece can move to or capture on by its movement (no
    /// King-safety filtering), and the cells it can shoot at. `blockers`
    /// are the occupied and the absent cells. Always inlined into the
    /// generator's loop over pieces: as a call of its own (which the
    /// compiler chose), chess's perft ran 1.16 times as long, Polyhedron's
    /// and Ziggurat's 1.38 (`chess3d perft`, before and after, one run).
    #[inline(always)]
    fn targets(
        &self,
        km: &KindMoves,
        from: Cell,
        own: R::Bits,
        theirs: R::Bits,
        blockers: R::Bits,
    ) -> (R::Bits, R::Bits) {
        let t = self.t;
        let reach = |dirs: &[u8], leaps: Option<u16>| {
            let mut r = R::Bits::EMPTY;
            for &d in dirs {
                r |= t.slide(d, from, blockers);
            }
            if let Some(l) = leaps {
                r |= t.leap(l, from);
            }
            r
        };
        let mut targets = reach(&km.both_dirs, km.both_leaps) & !own;
        if !km.move_dirs.is_empty() || km.move_leaps.is_some() {
            targets |= reach(&km.move_dirs, km.move_leaps) & !blockers;
        }
        if !km.capture_dirs.is_empty() || km.capture_leaps.is_some() {
            targets |= reach(&km.capture_dirs, km.capture_leaps) & theirs;
        }
        let mut shots = R::Bits::EMPTY;
        if !km.shot_dirs.is_empty() || km.shot_leaps.is_some() {
            shots = reach(&km.shot_dirs, km.shot_leaps) & theirs;
        }
        // Only enemy cells and empty cells that exist.
        (targets & (theirs | !blockers), shots)
    }

    /// The cells a piece's hops and lame leaps reach.
    #[inline]
    fn indirect_targets(
        &self,
        km: &KindMoves,
        from: Cell,
        own: R::Bits,
        theirs: R::Bits,
        blockers: R::Bits,
    ) -> R::Bits {
        let t = self.t;
        let mut targets = R::Bits::EMPTY;
        for hop in &km.hops {
            let ray = t.ray(hop.dir, from);
            let Some(hurdle) = t.nearest(hop.dir, ray & blockers) else {
                continue;
            };
            // An absent cell ends the line; it is no hurdle.
            if !(own | theirs).contains(hurdle) {
                continue;
            }
            let landing = if hop.next {
                t.nearest(hop.dir, t.ray(hop.dir, hurdle))
                    .map_or(R::Bits::EMPTY, R::Bits::single)
            } else {
                t.slide(hop.dir, hurdle, blockers)
            };
            targets |= landing & reachable(hop.mode, theirs, blockers);
        }
        for &(leap, mode) in &km.lame {
            let (to, block) = t.lame_step(leap, from);
            if to != NO_CELL && !blockers.contains(block) {
                targets |= R::Bits::single(to) & reachable(mode, theirs, blockers);
            }
        }
        targets
    }

    /// The kinds a piece of `kind` of the side to move may promote to
    /// now: its own promoted form (shogi), or the game's choices.
    fn choices_for(&self, kind: Kind) -> ArrayVec<Kind, MAX_KINDS> {
        match self.t.promoted_form[kind as usize] {
            NO_KIND => self.promotion_choices(),
            form => [form].into_iter().collect(),
        }
    }

    /// The kinds a piece of the side to move may promote to now.
    fn promotion_choices(&self) -> ArrayVec<Kind, MAX_KINDS> {
        let t = self.t;
        let mut choices: ArrayVec<Kind, MAX_KINDS> = match self.pools() {
            Some(pools) if t.promotion_pool => t
                .pool_kinds
                .iter()
                .copied()
                .filter(|&k| pools.count(self.side, k) > 0)
                .collect(),
            _ => t.promotion_choices[self.side.index()]
                .iter()
                .copied()
                .collect(),
        };
        let own = self.by_side[self.side.index()];
        choices.retain(|k| match t.promotion_limit[*k as usize] {
            0 => true,
            limit => (self.by_kind[*k as usize] & own).count() < u32::from(limit),
        });
        choices
    }

    /// The moves of the data and castling: legal ones (`LEGAL`, for games
    /// with `LINE_ATTACKS`) or pseudo-legal ones. `in_check`, when the
    /// caller knows it, saves castling's test of the King's cell.
    fn generate<S: Sink<R::Bits>, const LEGAL: bool>(&self, sink: &mut S, in_check: Option<bool>) {
        if self.indirect() || self.t.double_steps_rare {
            self.generate_with::<S, LEGAL, true>(sink, in_check)
        } else {
            self.generate_with::<S, LEGAL, false>(sink, in_check)
        }
    }

    /// [`Self::generate`], with the rarer rules if `RARE`: the pieces' hops,
    /// lame leaps and confinement (`self.indirect()`), several double steps
    /// from a cell, double steps that promote and promotion from the zone
    /// (`double_steps_rare`). A
    /// test of them in the loop over pieces cost chess's perft 2 to 3%
    /// where no piece has them, and more in the code's layout.
    fn generate_with<S: Sink<R::Bits>, const LEGAL: bool, const RARE: bool>(
        &self,
        sink: &mut S,
        in_check: Option<bool>,
    ) {
        let t = self.t;
        let us = self.side;
        let them = us.other();
        let own = self.by_side[us.index()];
        let theirs = self.by_side[them.index()];
        let occupied = own | theirs;
        let blockers = occupied | !R::present(self);
        let king = self.royal[us.index()];
        let from_zone = RARE && t.promote_from_zone;
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
            let special = R::has_special_targets(k as Kind);
            // Sliders under a game's own rule may have no data at all.
            let data = !special || !km.is_empty();
            // The kind's rules, read once: the loop below runs per piece.
            let def = info.def;
            let becomes = &t.becomes[k];
            let double_steps = &info.double_step[us.index()];
            for from in pieces.iter() {
                let (mut targets, mut shots) = if data {
                    self.targets(km, from, own, theirs, blockers)
                } else {
                    (R::Bits::EMPTY, R::Bits::EMPTY)
                };
                if RARE && self.indirect() {
                    targets |= self.indirect_targets(km, from, own, theirs, blockers);
                    // A confined piece attacks only its zone, shots too.
                    targets &= t.confined[k][us.index()];
                    shots &= t.confined[k][us.index()];
                }
                if special {
                    targets |= R::special_targets(self, k as Kind, from) & !own;
                }
                if !def.gives_check {
                    targets &= !enemy_royal;
                    shots &= !enemy_royal;
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
                    // A shot empties its target's cell while the shooter
                    // stays: that may open a line to the King, so each shot
                    // is tested against the occupancy it leaves.
                    let mut safe_shots = R::Bits::EMPTY;
                    for target in shots.iter() {
                        let gone = R::Bits::single(target);
                        if !self.attacked(king, them, occupied ^ gone, gone) {
                            safe_shots.insert(target);
                        }
                    }
                    shots = safe_shots;
                }
                if def.promotes {
                    let zone = t.promotion_zone[us.index()];
                    let mut promoting = targets & zone;
                    // Shogi's pieces promote leaving the zone too.
                    if from_zone && zone.contains(from) {
                        promoting = targets;
                    }
                    if !promoting.is_empty() {
                        sink.promotions(from, promoting, &self.choices_for(k as Kind));
                        targets &= !(promoting & t.stay_barred[k][us.index()]);
                    }
                }
                if let Some((new_kind, zone)) = becomes {
                    let arriving = targets & zone[us.index()];
                    if !arriving.is_empty() {
                        targets &= !arriving;
                        // The new kind's promotion applies on arrival.
                        let promoting = if t.kinds[*new_kind as usize].def.promotes {
                            arriving & t.promotion_zone[us.index()]
                        } else {
                            R::Bits::EMPTY
                        };
                        if !promoting.is_empty() {
                            sink.promotions(from, promoting, &self.choices_for(*new_kind));
                        }
                        let unpromoted =
                            arriving & !(promoting & t.promotion_compulsory[us.index()]);
                        sink.promotions(from, unpromoted, &[*new_kind]);
                    }
                }
                if def.promotes_on_capture {
                    let captures = targets & theirs;
                    if !captures.is_empty() {
                        let mut choices = self.promotion_choices();
                        choices.retain(|c| *c != k as Kind);
                        sink.promotions(from, captures, &choices);
                    }
                }
                sink.targets(from, targets, MoveKind::Normal);
                if !shots.is_empty() {
                    sink.targets(from, shots, MoveKind::Shot);
                }

                let Some(first) = double_steps.first(from) else {
                    continue;
                };
                let legal = |(mid, to): (Cell, Cell)| {
                    !blockers.contains(mid)
                        && !blockers.contains(to)
                        && (!RARE || t.confined[k][us.index()].contains(to))
                        && (!checks
                            || (safety.evasion.contains(to)
                                && (!safety.pinned.contains(from)
                                    || pin_line(&safety.pins, from).contains(to))))
                };
                if !RARE {
                    // One double step from the cell, short of the zone.
                    if legal(first) {
                        sink.one(Move::new(from, first.1, MoveKind::DoubleStep));
                    }
                    continue;
                }
                for (mid, to) in double_steps.from(from) {
                    if !legal((mid, to)) {
                        continue;
                    }
                    // A double step into the promotion zone promotes as any
                    // other move there (Torpedo chess).
                    if def.promotes && t.promotion_zone[us.index()].contains(to) {
                        sink.promotions(from, R::Bits::single(to), &self.choices_for(k as Kind));
                        if t.promotion_compulsory[us.index()].contains(to) {
                            continue;
                        }
                    }
                    sink.one(Move::new(from, to, MoveKind::DoubleStep));
                }
            }
        }

        if double_check {
            return;
        }
        if let Some(ep) = self.ep {
            self.generate_en_passant::<S, LEGAL>(ep, sink);
        }
        if self.drops() {
            let allowed = if checks {
                safety.evasion
            } else {
                R::Bits::FULL
            };
            self.generate_drops(sink, !blockers & allowed);
        }
        let in_check = if checks {
            Some(!safety.checkers.is_empty())
        } else {
            in_check
        };
        self.generate_castling::<S, LEGAL>(in_check, blockers, sink);
    }

    /// Drops from the hand of the side to move on the cells of `empty`
    /// (empty cells of the board: in check, only those that parry it),
    /// each kind where it may stand.
    fn generate_drops<S: Sink<R::Bits>>(&self, sink: &mut S, empty: R::Bits) {
        let Some(hand) = self.hands() else {
            return;
        };
        let t = self.t;
        let us = self.side;
        for &k in &t.pool_kinds {
            if hand.count(us, k) > 0 {
                let mut cells = empty & t.drop_cells[k as usize][us.index()];
                if t.kinds[k as usize].def.drop_no_doubled {
                    // Not on a file that holds one of the side's already.
                    let own = self.by_kind[k as usize] & self.by_side[us.index()];
                    for c in own.iter() {
                        cells &= !t.file_cells[c as usize];
                    }
                }
                sink.drops(k, cells);
            }
        }
    }

    pub(crate) fn generate_en_passant<S: Sink<R::Bits>, const LEGAL: bool>(
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
                    let occupied =
                        (self.occupied() ^ R::Bits::single(from) ^ R::Bits::single(ep.victim))
                            | R::Bits::single(ep.target);
                    let gone = R::Bits::single(ep.victim);
                    let exposed = |king| self.attacked(king, us.other(), occupied, gone);
                    let illegal = if self.several_royals() {
                        // Illegal only if it leaves every royal piece attacked.
                        let royals = self.royal_cells(us.index());
                        !royals.is_empty() && royals.iter().all(exposed)
                    } else {
                        self.royal_cell(us).is_some_and(exposed)
                    };
                    if illegal {
                        continue;
                    }
                }
                // The skipped cell can be in the capturer's promotion zone
                // (Elevator: a double step from rank 1 is taken on rank 2).
                if t.kinds[kind as usize].def.promotes
                    && t.promotion_zone[us.index()].contains(ep.target)
                {
                    for &k in &self.choices_for(kind) {
                        sink.one(Move {
                            promotion: Some(k),
                            ..m
                        });
                    }
                    if t.promotion_compulsory[us.index()].contains(ep.target) {
                        continue;
                    }
                }
                sink.one(m);
            }
        }
    }

    /// Castling moves; `in_check`: whether the side to move is in check,
    /// if known (the King's start, a cell that must be safe, is then not
    /// tested again).
    fn generate_castling<S: Sink<R::Bits>, const LEGAL: bool>(
        &self,
        in_check: Option<bool>,
        blockers: R::Bits,
        sink: &mut S,
    ) {
        let t = self.t;
        let us = self.side;
        let mut rights = self.castling & t.castling.of_side[us.index()];
        if rights == 0 || in_check == Some(true) {
            return;
        }
        let occupied = self.occupied();
        while rights != 0 {
            let slot = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let rule = self.castle_rules[slot];
            let c = &t.castling.rules[rule as usize];
            // The rights imply King and Rook on their squares (the position
            // string parser and `make` keep them so).
            let movers = R::Bits::single(c.king_from) | R::Bits::single(c.rook_from);
            let mut must_be_empty = c.empty;
            must_be_empty.insert(c.king_to);
            must_be_empty.insert(c.rook_to);
            if (must_be_empty & !movers).intersects(blockers) {
                continue;
            }
            let known_safe = |cell: Cell| cell == c.king_from && in_check == Some(false);
            if c.safe
                .iter()
                .any(|&cell| !known_safe(cell) && self.attacked_now(cell, us.other()))
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
                extra: rule,
                ..Move::new(c.king_from, c.king_to, MoveKind::Castle)
            });
        }
    }
}

/// Keeps the moves of `out[start..]` that `keep` accepts (the earlier
/// ones untouched; the order of the kept ones may change).
fn retain_from(out: &mut MoveList, start: usize, mut keep: impl FnMut(Move) -> bool) {
    let mut i = start;
    while i < out.len() {
        if keep(out[i]) {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
}

/// The cells a move of `mode` may end on: never an absent cell, nor (a
/// move-only one) a piece.
#[inline]
fn reachable<B: BitSet>(mode: Mode, theirs: B, blockers: B) -> B {
    match mode {
        Mode::MoveOnly => !blockers,
        Mode::CaptureOnly => theirs,
        _ => theirs | !blockers,
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
