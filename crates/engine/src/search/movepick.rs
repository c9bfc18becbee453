//! Move ordering: the staged move picker of the main search's nodes, and
//! the ordering scores of the root and of quiescence.
//!
//! A node's moves are generated at once (pseudo-legally); the picker then
//! hands them out in stages, doing each stage's work only when the stage
//! is reached, since most nodes that cut off do so in the first stages:
//! 1. the hash move (nothing else scored yet);
//! 2. captures and promotions, best victim and least attacker first; a
//!    capture found likely to lose material (below) is put aside;
//! 3. the two killers and the counter-move, when they are quiet moves of
//!    this position;
//! 4. the other quiet moves, by history;
//! 5. the captures put aside, in the order they were found.
//!
//! A capture likely loses material when a piece worth more than its victim
//! takes on a cell the opponent attacks and the static exchange there
//! (`see.rs`) loses more than `SEE_TOLERANCE`: the exchange is worked out
//! only for the captures the node reaches.

use chess3d_core::{Move, MoveKind, MoveList, MAX_MOVES};

use super::{Searcher, HISTORY_MAX};
use crate::eval::{victim_value, Evaluate};
use crate::see::see;

/// A capture whose static exchange loses at most this much is not a
/// losing one: a Bishop for a Knight is a fair trade, though chess's
/// Bishop is worth 28 cp more.
pub(super) const SEE_TOLERANCE: i32 = 50;

/// Move-ordering scores, one per move of a [`MoveList`] (inline as far).
pub(super) type Scores = smallvec::SmallVec<[i32; MAX_MOVES]>;

/// Where a move handed out by the [`MovePicker`] came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Stage {
    Hash,
    /// Gathering the captures and reading the refutations: after the hash
    /// move's search (no move comes from it).
    StartCaptures,
    Captures,
    Refutations,
    Quiets,
    BadCaptures,
    Done,
}

/// Hands out a node's moves best-first, stage by stage (the module's
/// comment). The list is kept in one array:
/// `[captures put aside | handed out | captures and promotions left |
/// refutations handed out | quiet moves left]`; a capture put aside
/// takes the place of a move already handed out, so there is always room.
/// The lists are the node's (on its stack: a list holds up to `MAX_MOVES`).
pub(super) struct MovePicker<'n> {
    moves: &'n mut MoveList,
    scores: &'n mut Scores,
    stage: Stage,
    hash: Option<Move>,
    /// The node's ply, whose killers and counter-move are read once the
    /// hash move has been searched.
    ply: usize,
    /// The killers, then the counter-move: tried in that order.
    refutations: [Option<Move>; 3],
    tried_refutations: usize,
    /// The next move to look at.
    next: usize,
    /// The end of the captures and promotions (then of the refutations
    /// handed out: the quiet moves left start here).
    noisy_end: usize,
    /// The end of the captures put aside, which start at 0.
    bad_end: usize,
    /// Handing out the captures put aside: the next one.
    bad_next: usize,
}

impl<'n> MovePicker<'n> {
    /// The picker of `moves` (`scores` is its room for their scores) at
    /// `ply`: `hash` first (if it is one of them), then the stages.
    pub(super) fn new(
        moves: &'n mut MoveList,
        scores: &'n mut Scores,
        hash: Option<Move>,
        ply: usize,
    ) -> MovePicker<'n> {
        let hash = hash
            .and_then(|h| moves.iter().position(|&m| m == h))
            .map(|j| {
                moves.swap(0, j);
                moves[0]
            });
        MovePicker {
            next: usize::from(hash.is_some()),
            moves,
            scores,
            stage: Stage::Hash,
            hash,
            ply,
            refutations: [None; 3],
            tried_refutations: 0,
            noisy_end: 0,
            bad_end: 0,
            bad_next: 0,
        }
    }

    /// The next move and the stage it comes from; `None` when every move
    /// has been handed out.
    pub(super) fn next<R: Evaluate>(&mut self, s: &Searcher<'_, R>) -> Option<(Move, Stage)> {
        loop {
            match self.stage {
                Stage::Hash => {
                    self.stage = Stage::StartCaptures;
                    if let Some(h) = self.hash {
                        return Some((h, Stage::Hash));
                    }
                }
                Stage::StartCaptures => {
                    self.stage = Stage::Captures;
                    self.refutations = s.refutations(self.ply);
                    self.start_captures(s);
                }
                Stage::Captures => {
                    if self.next < self.noisy_end {
                        let i = self.next;
                        let m = pick(self.moves, self.scores, i, self.noisy_end);
                        self.next += 1;
                        if s.pos.is_capture(m) && !s.off.losing_captures && s.likely_loses(m) {
                            // Its place is one already handed out (or its own).
                            self.moves[self.bad_end] = m;
                            self.bad_end += 1;
                            continue;
                        }
                        return Some((m, Stage::Captures));
                    }
                    self.stage = Stage::Refutations;
                }
                Stage::Refutations => {
                    if let Some(m) = self.next_refutation() {
                        return Some((m, Stage::Refutations));
                    }
                    self.stage = Stage::Quiets;
                    self.next = self.noisy_end;
                    self.scores.clear();
                    self.scores.resize(self.noisy_end, 0);
                    let rest = &self.moves[self.noisy_end..];
                    self.scores
                        .extend(rest.iter().map(|&m| s.history[s.history_index(m)]));
                }
                Stage::Quiets => {
                    if self.next < self.moves.len() {
                        let i = self.next;
                        self.next += 1;
                        let len = self.moves.len();
                        return Some((pick(self.moves, self.scores, i, len), Stage::Quiets));
                    }
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    if self.bad_next < self.bad_end {
                        self.bad_next += 1;
                        return Some((self.moves[self.bad_next - 1], Stage::BadCaptures));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Gathers the captures and promotions after the hash move and scores
    /// them: captures by victim, then the least attacker; promotions
    /// without capture after them, by the piece promoted to.
    fn start_captures<R: Evaluate>(&mut self, s: &Searcher<'_, R>) {
        // Stable: the quiet moves keep the generator's order, which
        // breaks ties among equal histories.
        let mut end = self.next;
        for j in self.next..self.moves.len() {
            let m = self.moves[j];
            if m.promotion.is_some() || s.pos.is_capture(m) {
                self.moves[end..=j].rotate_right(1);
                end += 1;
            }
        }
        self.noisy_end = end;
        self.scores.clear();
        self.scores.resize(self.next, 0);
        let noisy = &self.moves[self.next..end];
        self.scores.extend(noisy.iter().map(|&m| {
            if s.pos.is_capture(m) {
                (1 << 20) + s.mvv_lva(m)
            } else {
                m.promotion.map_or(0, |k| s.et.value[k as usize])
            }
        }));
    }

    /// The next killer or counter-move that is a quiet move of this node
    /// other than the hash move, moved out of the quiet moves left.
    fn next_refutation(&mut self) -> Option<Move> {
        while self.tried_refutations < self.refutations.len() {
            let r = self.refutations[self.tried_refutations];
            self.tried_refutations += 1;
            let Some(r) = r.filter(|&r| Some(r) != self.hash) else {
                continue;
            };
            let earlier = &self.refutations[..self.tried_refutations - 1];
            if earlier.contains(&Some(r)) {
                continue;
            }
            let quiets = self.noisy_end..self.moves.len();
            if let Some(j) = self.moves[quiets].iter().position(|&m| m == r) {
                self.moves[self.noisy_end..=self.noisy_end + j].rotate_right(1);
                self.noisy_end += 1;
                return Some(r);
            }
        }
        None
    }
}

/// Takes the best-scored move of `i..end` to index `i`.
#[inline]
pub(super) fn pick(moves: &mut MoveList, scores: &mut Scores, i: usize, end: usize) -> Move {
    // The first of the highest scores, over a slice: indexing the small
    // vectors one by one re-checks where their items are at every step (a
    // tenth of the search). In a long list (a 3-D game's hundred moves)
    // the maximum is found in one pass the compiler vectorises, then its
    // place: twice as fast there as one pass keeping both, which branches
    // on every score; in a short one (chess) the single pass is faster.
    let rest = &scores[i..end];
    let best = if rest.len() > 32 {
        let top = rest.iter().copied().max().unwrap_or(0);
        i + rest.iter().position(|&s| s == top).unwrap_or(0)
    } else {
        let mut best = i;
        let mut top = rest[0];
        for (j, &s) in rest.iter().enumerate().skip(1) {
            if s > top {
                top = s;
                best = i + j;
            }
        }
        best
    };
    moves.swap(i, best);
    scores.swap(i, best);
    moves[i]
}

impl<R: Evaluate> Searcher<'_, R> {
    /// The value of what a capture takes (a pawn's for the captures whose
    /// victim is not on the target cell: en passant, pushes).
    #[inline]
    pub(super) fn captured_value(&self, m: Move) -> i32 {
        let p = self.pos.piece_at(m.to);
        match m.kind {
            MoveKind::Normal | MoveKind::Shot if !p.is_empty() => {
                victim_value(self.et, self.pos.tables(), p.kind())
            }
            _ => crate::eval::PAWN_VALUE,
        }
    }

    /// The material value of the piece making `m` (0 for a move without
    /// one on its starting cell).
    #[inline]
    fn attacker_value(&self, m: Move) -> i32 {
        let attacker = self.pos.piece_at(m.from);
        if attacker.is_empty() {
            0
        } else {
            self.et.value[attacker.kind() as usize]
        }
    }

    /// A capture's order among captures: the most valuable victim, then
    /// the least valuable attacker.
    #[inline]
    fn mvv_lva(&self, m: Move) -> i32 {
        self.captured_value(m) * 16 - self.attacker_value(m) / 16
    }

    /// Whether a capture likely loses material: a piece worth more than
    /// its victim takes on a cell the opponent attacks, and the static
    /// exchange there does not say otherwise.
    #[inline]
    fn likely_loses(&self, m: Move) -> bool {
        self.captured_value(m) < self.attacker_value(m)
            && m.kind != MoveKind::Shot
            && self.pos.attacked_now(m.to, self.pos.side_to_move().other())
            && !self.exchange_holds(m)
    }

    /// A move's ordering score where all are scored at once (the root's
    /// moves, quiescence's captures): captures by victim and attacker,
    /// likely losing ones below every other move; promotions; killers;
    /// quiet moves by history.
    #[inline]
    pub(super) fn order_score(&self, m: Move, ply: usize) -> i32 {
        if self.pos.is_capture(m) {
            let mvv_lva = self.mvv_lva(m);
            if !self.off.losing_captures && self.likely_loses(m) {
                return -(1 << 24) + mvv_lva;
            }
            return (1 << 28) + mvv_lva;
        }
        if let Some(k) = m.promotion {
            return (1 << 27) + self.et.value[k as usize];
        }
        if self.killers[ply][0] == Some(m) {
            return 1 << 26;
        }
        if self.killers[ply][1] == Some(m) {
            return (1 << 26) - 1;
        }
        self.history[self.history_index(m)]
    }

    /// Whether the static exchange on `m`'s cell loses at most
    /// `SEE_TOLERANCE`; false when it is switched off or cannot tell (a
    /// move of a game's own kind, a promotion). It counts only the
    /// attackers in the pieces' data that give check, so in Elevator and
    /// Star Trek (whose flights, elevators and attack boards defend in
    /// code) and in Ziggurat (whose six kinds above level 0 give no check)
    /// it can call a losing exchange even: such a capture is then searched
    /// like any other, as every capture is when `losing_captures` is off.
    #[inline]
    fn exchange_holds(&self, m: Move) -> bool {
        !self.off.see && see(&self.pos, self.et, m).is_some_and(|v| v >= -SEE_TOLERANCE)
    }

    #[inline]
    pub(super) fn history_index(&self, m: Move) -> usize {
        let side = self.pos.side_to_move().index();
        (side * self.cells + (m.from as usize).min(self.cells - 1)) * self.cells
            + (m.to as usize).min(self.cells - 1)
    }

    /// The index of the counter-move of the opponent's last move at `ply`
    /// (none after a pass).
    #[inline]
    pub(super) fn counter_index(&self, ply: usize) -> Option<usize> {
        let prev = self.path[ply]?;
        let side = self.pos.side_to_move().index();
        let c = self.cells;
        Some((side * c + (prev.from as usize).min(c - 1)) * c + (prev.to as usize).min(c - 1))
    }

    /// The killers and counter-move of the node at `ply`, for its picker.
    #[inline]
    pub(super) fn refutations(&self, ply: usize) -> [Option<Move>; 3] {
        let counter = self
            .counter_index(ply)
            .filter(|_| !self.off.counter)
            .and_then(|i| self.counters[i]);
        let [k0, k1] = self.killers[ply];
        [k0, k1, counter]
    }

    /// Updates a history score towards `bonus` (positive or negative),
    /// pulling it back the nearer it is to the limit.
    #[inline]
    pub(super) fn nudge(h: &mut i32, bonus: i32) {
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use chess3d_core::{Position, Variant};

    use super::*;
    use crate::search::{Shared, Stops};
    use crate::tt::Table;
    use crate::{with_engine_game, EngineVisitor};

    /// A number from the seed, stepping it (a linear congruential step).
    fn next(x: &mut u64) -> usize {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*x >> 33) as usize
    }

    /// In every game, along a random game: the picker hands out each
    /// generated move once, in the stages' order, each stage holding what
    /// its definition says (the module's comment) in its order, with
    /// random history scores, a random hash move, killers from the
    /// position's moves and a counter-move from the position before
    /// (often not a move here). Captures put aside come up in the run.
    #[test]
    fn the_picker_hands_out_every_move_once_stage_by_stage() {
        struct Check;
        impl EngineVisitor for Check {
            /// Captures put aside.
            type Output = usize;
            fn visit<R: Evaluate>(self, game: Variant<R>) -> usize {
                let mut put_aside = 0;
                let (tt, shared, abort) =
                    (Table::new(1), Shared::default(), AtomicBool::new(false));
                let stops = Stops {
                    hard: None,
                    nodes: None,
                };
                let mut x = 7;
                let mut pos: Position<R> = game.start();
                let mut stranger = None;
                for _ in 0..120 {
                    let mut legal = MoveList::new();
                    pos.legal_moves(&mut legal);
                    if legal.is_empty() || pos.outcome().is_some() {
                        pos = game.start();
                        continue;
                    }
                    let et = R::eval_tables(game);
                    let mut s = Searcher::new(pos.clone(), &tt, &shared, &abort, stops, true, et);
                    // Every feature on, whatever CHESS3D_SEARCH_OFF says.
                    s.off = crate::search::Off::parse("");
                    for h in s.history.iter_mut() {
                        *h = (next(&mut x) % 2001) as i32 - 1000;
                    }
                    let mut moves = MoveList::new();
                    pos.pseudo_legal_moves(&mut moves);
                    let n = moves.len();
                    let hash = (!next(&mut x).is_multiple_of(4)).then(|| moves[next(&mut x) % n]);
                    let ply = 1;
                    s.killers[ply] = [0; 2].map(|_| Some(moves[next(&mut x) % n]));
                    s.path[ply] = Some(moves[next(&mut x) % n]);
                    let c = s.counter_index(ply).unwrap();
                    s.counters[c] = stranger;
                    let refutations = [s.killers[ply][0], s.killers[ply][1], stranger];
                    let quiet = |m: Move| !pos.is_capture(m) && m.promotion.is_none();
                    let mut scores = Scores::new();
                    let mut generated = moves.clone();
                    let mut picker = MovePicker::new(&mut moves, &mut scores, hash, ply);
                    let mut out = Vec::new();
                    while let Some(p) = picker.next(&s) {
                        out.push(p);
                    }
                    let id = game.tables().def.id;
                    let mut handed: Vec<Move> = out.iter().map(|&(m, _)| m).collect();
                    let key = |m: &Move| format!("{m:?}");
                    handed.sort_by_key(key);
                    generated.sort_by_key(key);
                    assert_eq!(handed, generated.to_vec(), "{id}: not each move once");
                    assert!(
                        out.windows(2).all(|w| w[0].1 <= w[1].1),
                        "{id}: stages out of order"
                    );
                    assert_eq!(out[0].1 == Stage::Hash, hash.is_some(), "{id}");
                    for w in out.windows(2).filter(|w| w[0].1 == w[1].1) {
                        let ((a, stage), (b, _)) = (w[0], w[1]);
                        match stage {
                            Stage::Captures => {
                                assert!(s.order_score(a, 0) >= s.order_score(b, 0), "{id}")
                            }
                            Stage::Quiets => assert!(
                                s.history[s.history_index(a)] >= s.history[s.history_index(b)],
                                "{id}"
                            ),
                            Stage::BadCaptures => assert!(s.mvv_lva(a) >= s.mvv_lva(b), "{id}"),
                            _ => {}
                        }
                    }
                    for &(m, stage) in &out {
                        let good = || !s.pos.is_capture(m) || !s.likely_loses(m);
                        match stage {
                            Stage::Hash => assert_eq!(Some(m), hash),
                            Stage::Captures => assert!(!quiet(m) && good(), "{id}: {m:?}"),
                            Stage::Refutations => {
                                assert!(
                                    quiet(m) && refutations.contains(&Some(m)) && Some(m) != hash
                                )
                            }
                            Stage::Quiets => {
                                assert!(quiet(m) && !refutations.contains(&Some(m)), "{id}")
                            }
                            Stage::BadCaptures => {
                                assert!(s.pos.is_capture(m) && !good(), "{id}: {m:?}")
                            }
                            Stage::StartCaptures | Stage::Done => unreachable!(),
                        }
                    }
                    // Every quiet refutation of the position is handed out
                    // as one, in their order (killers, then the counter);
                    // one that is not a quiet move here never is.
                    let mut expected: Vec<Move> = Vec::new();
                    for r in refutations.iter().flatten() {
                        let here = generated.contains(r) && quiet(*r) && Some(*r) != hash;
                        if here && !expected.contains(r) {
                            expected.push(*r);
                        }
                    }
                    let handed: Vec<Move> = out
                        .iter()
                        .filter(|p| p.1 == Stage::Refutations)
                        .map(|p| p.0)
                        .collect();
                    assert_eq!(handed, expected, "{id}");
                    put_aside += out.iter().filter(|p| p.1 == Stage::BadCaptures).count();
                    stranger = Some(generated[next(&mut x) % n]);
                    pos.make(legal[next(&mut x) % legal.len()]);
                }
                put_aside
            }
        }
        let mut put_aside = 0;
        for id in chess3d_games::AVAILABLE {
            put_aside += with_engine_game(id, Check).unwrap();
        }
        assert!(
            put_aside > 0,
            "no capture was put aside: that stage went untested"
        );
    }
}
