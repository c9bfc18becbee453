//! One search for every game: iterative deepening, principal-variation
//! alpha-beta with a transposition table, null-move pruning and late-move
//! reductions, check extension, quiescence over captures (shots and pushes
//! included), mate scores, and each game's end rules.
//!
//! Moves are generated pseudo-legally, made, and dropped if they leave the
//! mover's King attacked: the definition of legality in the core, and the
//! cheapest test for games whose legal generator makes every move anyway.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use arrayvec::ArrayVec;
use chess3d_core::def::{RepetitionRule, StalemateRule};
use chess3d_core::{BitSet, Move, MoveKind, MoveList, Outcome, Position, Side};

use crate::eval::incremental::{self, PieceSums};
use crate::eval::network::Accumulator;
use crate::eval::{evaluate_kept, victim_value, with_network, EvalTables, Evaluate, PawnCache};
use crate::tt::{Bound, Entry, Table};

mod movepick;

use movepick::{MovePicker, Scores, Stage};

/// Score of a win now (a mate, a King captured, the temple reached); a win
/// in n plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
pub const INF: i32 = 32_000;
pub const MAX_PLY: usize = 100;
/// What a draw costs the side that searches, in centipawns.
const CONTEMPT: i32 = 20;
/// Quiescence plies in which a check is answered by every evasion.
const QUIESCENCE_EVASION_PLIES: u32 = 2;
/// Quiescence stops here whatever is left to capture.
const QUIESCENCE_MAX_PLIES: u32 = 16;
/// What a capture may gain beyond its victim's value (positional terms).
const DELTA_MARGIN: i32 = 200;
/// The least depth at which a hash move is tested for a singular extension.
const SINGULAR_DEPTH: i32 = 7;
/// Razoring's margin per ply of depth.
const RAZOR_MARGIN: i32 = 250;
/// Scores beyond this are wins or losses in a known number of plies.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// History scores stay within ±this (each update pulls towards 0 by its
/// own size relative to it), below the killers' ordering scores.
const HISTORY_MAX: i32 = 1 << 14;
/// Entries of a searcher's cache of static evaluations (a power of two).
const EVAL_CACHE: usize = 1 << 16;
/// How many plies back a network's accumulator, or the terms' kept
/// sums, are looked for, nearest first, before the pieces are summed
/// afresh (a quiet move changes two of the boards' bits: four plies of
/// them are within the eight changes a network's update takes).
const LOOK_BACK: usize = 4;
/// The most changed pieces from which the terms' kept sums are updated
/// rather than summed afresh (each change costs as much as a piece).
const KEPT_MOST_CHANGES: u32 = 16;
/// Rows and columns of the late-move-reduction table (depths and move
/// numbers beyond use the last).
const LMR_DEPTHS: usize = 64;
const LMR_MOVES: usize = 64;

/// Late-move reductions: the logarithm of the depth times that of the
/// move's number, so that reductions grow slowly with both.
fn reduction_table() -> Box<[[u8; LMR_MOVES]; LMR_DEPTHS]> {
    let mut t = Box::new([[0u8; LMR_MOVES]; LMR_DEPTHS]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
        }
    }
    t
}

/// Search features that can be switched off, or set back to an older
/// formula, to measure what each one is worth in a match or a benchmark:
/// `CHESS3D_SEARCH_OFF` holds their names, comma-separated, or `all`
/// (docs/engine.md).
#[derive(Clone, Copy, Debug, Default)]
pub struct Off {
    pub aspiration: bool,
    /// No late-move reductions.
    lmr: bool,
    /// Late-move reductions by the older steps (1, 2 or 3 plies) rather
    /// than the logarithmic table.
    lmr_stepped: bool,
    futility: bool,
    move_count: bool,
    /// No history: quiet moves after the killers in generation order.
    history: bool,
    /// The older history: a sum of depth² per cut-off, without the
    /// penalty of the moves tried before it or the pull back to 0.
    history_unbounded: bool,
    counter: bool,
    iir: bool,
    /// No null-move pruning.
    null: bool,
    /// Null-move reduction by the older formula, 2 + depth/4, not by
    /// how far the evaluation is above beta.
    null_fixed: bool,
    /// No reverse futility pruning.
    rfp: bool,
    /// Reverse futility by the older margin: to depth 3, 120 cp a ply,
    /// whether improving or not.
    rfp_fixed: bool,
    losing_captures: bool,
    see: bool,
    singular: bool,
    tt_eval: bool,
    razor: bool,
    quiet_checks: bool,
}

impl Off {
    /// The features a game leaves out (`Evaluate::SEARCH_OFF`), unless
    /// `CHESS3D_SEARCH_OFF` is set: then the ones it names (none when it
    /// is empty; unknown names are ignored: the variable is a measuring
    /// aid, not a setting). Read once per process: every search of the
    /// process sees the same.
    pub fn for_game(game_off: &str) -> Off {
        static ENV: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
        let env = ENV.get_or_init(|| std::env::var("CHESS3D_SEARCH_OFF").ok());
        Off::parse(env.as_deref().unwrap_or(game_off))
    }

    /// `all` is the search before the features were added (issue 23):
    /// every feature added then off, and the older formulas of late-move
    /// reductions, null move, reverse futility and history, which that
    /// search had; the switches that take those four out entirely, and
    /// quiescence's quiet checks (which it had), are not part of it.
    pub fn parse(text: &str) -> Off {
        let named = |n: &str| text.split(',').any(|w| w.trim() == n);
        let has = |n: &str| named(n) || named("all");
        Off {
            aspiration: has("aspiration"),
            lmr: named("lmr"),
            lmr_stepped: has("lmr_stepped"),
            futility: has("futility"),
            move_count: has("move_count"),
            history: named("history"),
            history_unbounded: has("history_unbounded"),
            counter: has("counter"),
            iir: has("iir"),
            null: named("null"),
            null_fixed: has("null_fixed"),
            rfp: named("rfp"),
            rfp_fixed: has("rfp_fixed"),
            losing_captures: has("losing_captures"),
            see: has("see"),
            singular: has("singular"),
            tt_eval: has("tt_eval"),
            razor: has("razor"),
            quiet_checks: named("quiet_checks"),
        }
    }
}

/// What the threads of one search share.
#[derive(Default)]
pub struct Shared {
    pub stop: AtomicBool,
    /// Nodes of every thread (each adds its count from time to time).
    pub nodes: AtomicU64,
    /// Deepest ply reached by the main thread.
    pub seldepth: AtomicU64,
}

/// The limits a searcher checks while it runs.
#[derive(Clone, Copy, Debug)]
pub struct Stops {
    pub hard: Option<Instant>,
    pub nodes: Option<u64>,
}

/// A move at the root with its latest score (exact for the best move, and
/// for every move when all are searched with the full window).
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
}

type Line = ArrayVec<Move, MAX_PLY>;

/// One thread's search state.
pub struct Searcher<'a, R: Evaluate> {
    pub pos: Position<R>,
    /// The evaluation's tables (the game's own, or a weights file's).
    et: &'static EvalTables<R::Bits>,
    /// Pawn structures scored in this search.
    pawns: PawnCache,
    /// Static evaluations by position key: each iteration of the deepening
    /// visits again most positions of the one before.
    evals_seen: Vec<(u64, i32)>,
    /// With a network: its hidden sums at each ply of the current path
    /// (or of an earlier one), each found from the ply before's by the
    /// pieces that differ.
    accumulators: Vec<Accumulator<R::Bits>>,
    /// Without one: the pieces' own terms at each ply, kept the same way
    /// (none when the evaluation visits every piece anyway: then keeping
    /// them costs more than it spares).
    kept: Vec<PieceSums<R::Bits>>,
    tt: &'a Table,
    shared: &'a Shared,
    /// Set from outside to stop the search (UCI's `stop`).
    abort: &'a AtomicBool,
    stops: Stops,
    /// Whether this thread reports and enforces the time limit.
    main: bool,
    pub nodes: u64,
    flushed: u64,
    pub stopped: bool,
    pub seldepth: usize,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// Per side, from and to cell: how often a quiet move cut off, less
    /// how often it was tried before another quiet move cut off.
    history: Vec<i32>,
    /// Per side and the opponent's last move (from and to cell): the quiet
    /// reply that last cut off.
    counters: Vec<Option<Move>>,
    /// The move that led to each ply's position (`None` for a pass).
    path: [Option<Move>; MAX_PLY + 2],
    /// The static evaluation at each ply of the current path (`-INF` in
    /// check), to tell whether the side to move is improving.
    evals: [i32; MAX_PLY + 2],
    /// Whether the side to move is in check at each ply of the current
    /// path: the move's maker tests it (it needs it anyway, to tell a
    /// checking move), so the node need not test again. Set for ply 1 on
    /// (the root is never a node of [`Searcher::negamax`]).
    checks: [bool; MAX_PLY + 2],
    /// Late-move reductions by depth and move number.
    reductions: Box<[[u8; LMR_MOVES]; LMR_DEPTHS]>,
    /// Search features switched off (development toggles).
    pub off: Off,
    cells: usize,
    pv: Vec<Line>,
    pub root_moves: Vec<RootMove>,
    /// The first root move searched: the lines already found of a MultiPV
    /// search stand before it.
    pub root_start: usize,
    /// Null moves on the current path.
    nulls: u32,
    /// Per ply, the move a singular-extension search leaves out.
    excluded: [Option<Move>; MAX_PLY + 2],
    /// The depth of the root search under way.
    root_depth: i32,
    /// The side to move at the root (draws are scored against it).
    root_side: chess3d_core::Side,
}

/// The score, from the side to move's point of view, of a position the
/// last move ended.
fn outcome_score(o: Outcome, us: chess3d_core::Side, ply: usize) -> i32 {
    match o {
        Outcome::Win { winner, .. } if winner == us => MATE - ply as i32,
        Outcome::Win { .. } => -MATE + ply as i32,
        Outcome::Draw(_) => 0,
    }
}

/// Scores of wins are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a, R: Evaluate> Searcher<'a, R> {
    pub fn new(
        pos: Position<R>,
        tt: &'a Table,
        shared: &'a Shared,
        abort: &'a AtomicBool,
        stops: Stops,
        main: bool,
        et: &'static EvalTables<R::Bits>,
    ) -> Self {
        let cells = pos.tables().len();
        let mut s = Searcher {
            pos,
            et,
            pawns: PawnCache::new(),
            evals_seen: vec![(0, 0); EVAL_CACHE],
            accumulators: match &et.network {
                Some(net) => (0..MAX_PLY + 2).map(|_| net.accumulator()).collect(),
                None => Vec::new(),
            },
            kept: if et.network.is_none() && !et.visits_pieces() {
                (0..MAX_PLY + 2).map(|_| PieceSums::new(et)).collect()
            } else {
                Vec::new()
            },
            tt,
            shared,
            abort,
            stops,
            main,
            nodes: 0,
            flushed: 0,
            stopped: false,
            seldepth: 0,
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * cells * cells],
            counters: vec![None; 2 * cells * cells],
            path: [None; MAX_PLY + 2],
            evals: [-INF; MAX_PLY + 2],
            checks: [false; MAX_PLY + 2],
            reductions: reduction_table(),
            off: Off::for_game(R::SEARCH_OFF),
            cells,
            pv: vec![Line::new(); MAX_PLY + 1],
            root_moves: Vec::new(),
            root_start: 0,
            nulls: 0,
            excluded: [None; MAX_PLY + 2],
            root_depth: 0,
            root_side: Side::White,
        };
        s.root_side = s.pos.side_to_move();
        let mut moves = MoveList::new();
        s.pos.legal_moves(&mut moves);
        s.root_moves = moves
            .iter()
            .map(|&mv| RootMove { mv, score: -INF })
            .collect();
        s.order_root();
        s
    }

    /// The static evaluation of the current position, from the cache when
    /// it was scored before.
    #[inline]
    fn static_eval(&mut self, ply: usize) -> i32 {
        let key = self.pos.hash();
        let slot = key as usize & (EVAL_CACHE - 1);
        let (seen, score) = self.evals_seen[slot];
        // Key 0 is an empty slot's: never trusted.
        if seen == key && key != 0 {
            return score;
        }
        let score = match &self.et.network {
            Some(net) => {
                let (before, from_here) = self.accumulators.split_at_mut(ply);
                // The parent's, else an earlier ply's: a ply whose
                // evaluation came from the cache, or was in check, left
                // its accumulator behind (holding a sibling's position).
                let sources = before.iter().rev().take(LOOK_BACK);
                net.update(sources, &self.pos, &mut from_here[0]);
                let acc = &from_here[0];
                let output = net.output(acc, self.pos.side_to_move());
                with_network(net, &self.pos, self.et, Some(&mut self.pawns), output)
            }
            None if self.kept.is_empty() => {
                evaluate_kept(&self.pos, self.et, Some(&mut self.pawns), None)
            }
            None => {
                let (before, from_here) = self.kept.split_at_mut(ply);
                let sources = before.iter().rev().take(LOOK_BACK);
                let kept = &mut from_here[0];
                incremental::update(self.et, sources, &self.pos, kept, KEPT_MOST_CHANGES);
                evaluate_kept(&self.pos, self.et, Some(&mut self.pawns), Some(kept))
            }
        };
        self.evals_seen[slot] = (key, score);
        score
    }

    /// Starts loading the current position's table slot and cached
    /// evaluation, which the node will read after the legality tests.
    #[inline]
    fn prefetch(&self) {
        self.tt.prefetch(self.pos.hash());
        self.prefetch_eval();
    }

    /// [`Searcher::prefetch`] for quiescence, which reads no table.
    #[inline]
    fn prefetch_eval(&self) {
        let slot = self.pos.hash() as usize & (EVAL_CACHE - 1);
        crate::tt::prefetch(&self.evals_seen[slot]);
    }

    /// The principal variation of the last completed root search.
    pub fn pv(&self) -> &[Move] {
        &self.pv[0]
    }

    /// Orders the root moves once, before the first iteration, as inner
    /// nodes are ordered.
    fn order_root(&mut self) {
        let mut keyed: Vec<(i32, RootMove)> = self
            .root_moves
            .iter()
            .map(|r| (self.order_score(r.mv, 0), *r))
            .collect();
        keyed.sort_by_key(|(k, _)| -k);
        self.root_moves = keyed.into_iter().map(|(_, r)| r).collect();
    }

    /// Adds this thread's nodes to the shared count.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.stops.nodes {
            let total = self.shared.nodes.load(Relaxed) + self.nodes - self.flushed;
            if total >= limit {
                self.stopped = true;
                self.shared.stop.store(true, Relaxed);
                return true;
            }
        }
        // Every 256 nodes: a few milliseconds on the slowest boards.
        if self.nodes & 255 == 0 {
            self.flush_nodes();
            if self.shared.stop.load(Relaxed) || self.abort.load(Relaxed) {
                self.stopped = true;
            } else if self.main && self.stops.hard.is_some_and(|t| Instant::now() >= t) {
                self.stopped = true;
                self.shared.stop.store(true, Relaxed);
            }
        }
        self.stopped
    }

    /// One root search to `depth` plies with the full window. Returns the
    /// best score; the best move is moved to the front of `root_moves`.
    pub fn search_root(&mut self, depth: i32) -> i32 {
        self.search_root_window(depth, -INF, INF)
    }

    /// One root search to `depth` plies within (`alpha`, `beta`). A score
    /// at or below `alpha` is an upper bound (the root moves keep their
    /// order); at or above `beta`, a lower bound (the move that reached it
    /// goes to the front).
    pub fn search_root_window(&mut self, depth: i32, alpha: i32, beta: i32) -> i32 {
        let mut alpha = alpha;
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_index = None;
        self.root_depth = depth;
        self.pv[0].clear();
        let first = self.root_start;
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.pos.make(m);
            self.nodes += 1;
            self.path[1] = Some(m);
            self.checks[1] = self.pos.in_check();
            let score = if i == first {
                -self.negamax(depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && !self.stopped {
                    -self.negamax(depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.stopped {
                break;
            }
            self.root_moves[i].score = score;
            if score > best {
                best = score;
                if score > original_alpha {
                    best_index = Some(i);
                    self.set_pv(0, m);
                }
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        if let Some(i) = best_index {
            // The best first (of those searched), the others in their
            // previous order.
            let r = self.root_moves.remove(i);
            self.root_moves.insert(first, r);
        }
        best
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        for &c in tail[0].iter().take(MAX_PLY - 1) {
            line.push(c);
        }
    }

    /// A game-ending rule met by the position reached (not the root): a
    /// repetition, the 100-ply rule, bare Kings.
    fn rule_end(&mut self, ply: usize) -> Option<i32> {
        let draw = self.draw_score();
        let pos = &mut self.pos;
        // Mate on the 100th ply still wins (RULINGS.md §0), and so does a
        // stalemate where it is no draw.
        let no_move_draws = !pos.in_check() && pos.tables().def.stalemate == StalemateRule::Draw;
        if pos.options().hundred_ply_rule
            && pos.halfmove_clock() >= 100
            && (no_move_draws || pos.has_legal_move())
        {
            return Some(draw);
        }
        let def = pos.tables().def;
        // Two pieces, both royal (Horde's lone King and Pawn are not).
        if def.bare_kings_draw
            && pos.occupied().count() == 2
            && Side::BOTH.iter().all(|&s| pos.royal_cell(s).is_some())
        {
            return Some(draw);
        }
        // Below a null move the history holds a pass, and a position can
        // seem to repeat through it: no repetitions there.
        if self.nulls == 0 && pos.plies_played() >= 4 {
            let reps = pos.repetitions();
            if reps >= 2 {
                // Repeating counts as a draw, as usual in a search; where a
                // third occurrence loses for the player who made it
                // (Elevator), the side now to move wins. Where the rules
                // score a repetition as a loss for a side (minishogi's
                // Sente), so does a repetition of a position after the
                // root (as in Fairy-Stockfish: it can be repeated to the
                // count), or the count reached; one whose last move gave check is
                // taken for a perpetual check, lost by the checker (the
                // side now to move wins).
                let us = pos.side_to_move();
                let win = MATE - ply as i32;
                let within = pos.plies_since_repetition().is_some_and(|back| back < ply);
                let counted = within || reps >= def.repetition.count();
                return Some(match def.repetition {
                    RepetitionRule::LossForMover if reps >= 3 => win,
                    RepetitionRule::Counted {
                        perpetual_check_loses: true,
                        ..
                    } if counted && pos.in_check() => win,
                    RepetitionRule::Counted {
                        loser: Some(loser), ..
                    } if counted => {
                        if loser == us {
                            -win
                        } else {
                            win
                        }
                    }
                    _ => draw,
                });
            }
        }
        None
    }

    /// A draw seen from the side to move: slightly bad for the side that
    /// started the search, slightly good for its opponent (contempt), so
    /// that the engine does not repeat moves in a position it thinks level
    /// or better.
    #[inline]
    fn draw_score(&self) -> i32 {
        if self.pos.side_to_move() == self.root_side {
            -CONTEMPT
        } else {
            CONTEMPT
        }
    }

    /// Whether quiescence may skip a capture: it cannot bring the score
    /// near alpha (delta pruning), or it puts a piece worth more than its
    /// victim on a cell the opponent attacks (a likely losing exchange; a
    /// shot exposes nothing). `ordered`: the move's ordering score, which
    /// tells a capture already found likely losing.
    #[inline]
    fn futile_capture(&self, m: Move, stand: i32, alpha: i32, ordered: i32) -> bool {
        let victim = self.captured_value(m);
        if stand + victim + DELTA_MARGIN < alpha {
            return true;
        }
        if m.kind == MoveKind::Shot {
            return false;
        }
        let attacker = self.pos.piece_at(m.from);
        if attacker.is_empty() {
            return false;
        }
        let royal = attacker.kind() == self.pos.tables().royal;
        let attacker = victim_value(self.et, self.pos.tables(), attacker.kind());
        if victim >= attacker {
            return false;
        }
        // Ordering tested the cell and put a losing capture below 0
        // (quiescence orders without a hash move, which would score above
        // it untested), unless that test is off or the attacker is royal
        // (ordering compares the victim with the royal kind's material
        // value, this test with its victim value, 20,000).
        if ordered < 0 {
            return true;
        }
        (self.off.losing_captures || royal)
            && self.pos.attacked_now(m.to, self.pos.side_to_move().other())
    }

    fn has_pieces_beyond_pawns(&self) -> bool {
        let pos = &self.pos;
        let us = pos.side_to_move();
        let t = pos.tables();
        pos.side_cells(us).iter().any(|c| {
            let def = t.kinds[pos.piece_at(c).kind() as usize].def;
            !def.royal && def.pawn.is_none() && !def.promotes && !def.resets_clock
        })
    }

    /// What every node of the search and of quiescence does first: its
    /// line cleared, the stop tested, the deepest ply noted. A score ends
    /// the node: a stopped search (0, not used), or the game the last move
    /// ended.
    #[inline]
    fn enter(&mut self, ply: usize) -> Option<i32> {
        self.pv[ply].clear();
        if self.check_stop() {
            return Some(0);
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let us = self.pos.side_to_move();
        self.pos
            .immediate_result()
            .map(|o| outcome_score(o, us, ply))
    }

    /// The score of the position at `ply` (searched to `depth` within
    /// (`alpha`, `beta`)). The caller has made the move that leads here
    /// and set `checks[ply]`: every caller is in this file.
    fn negamax(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        if let Some(s) = self.enter(ply) {
            return s;
        }
        if let Some(s) = self.rule_end(ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.static_eval(ply);
        }
        let in_check = self.checks[ply];
        debug_assert_eq!(in_check, self.pos.in_check());
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        let key = self.pos.hash();
        // In a singular-extension search of this node: every move but one.
        let excluded = self.excluded[ply];
        let mut hash_move = None;
        // The table's entry, its score made relative to this node.
        let mut hash_entry = None;
        if let Some(mut e) = self.tt.probe(key).filter(|_| excluded.is_none()) {
            e.score = from_tt(e.score, ply);
            hash_move = e.mv;
            hash_entry = Some(e);
            if !pv_node && e.depth >= depth {
                let s = e.score;
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let static_eval = if in_check {
            -INF
        } else {
            self.static_eval(ply)
        };
        self.evals[ply] = static_eval;
        // Better than two plies ago (the same side to move): prune less.
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        // For pruning, the table's bound where it tells more than the
        // static evaluation: a stored lower bound above it, an upper
        // bound below it (searched, so more reliable).
        let static_eval = match hash_entry {
            Some(e) if !in_check && !self.off.tt_eval => {
                let s = e.score;
                let tells = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > static_eval,
                    Bound::Upper => s < static_eval,
                };
                if tells && s.abs() < MATE_BOUND {
                    s
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        // Where captures are compulsory (antichess) every move may be forced
        // and zugzwang is the game: the evaluation alone judges nothing.
        let forced = self.pos.tables().def.must_capture;
        // The cuts that judge the whole node from its evaluation: not in a
        // principal-variation node, in check, or a singular search.
        let may_cut = !pv_node && !in_check && excluded.is_none() && !forced;
        // Reverse futility: far above beta at low depth. Not against a
        // mate score: a good-looking position can still be mated.
        let rfp_depth = if self.off.rfp_fixed { 3 } else { 5 };
        let rfp_margin = if self.off.rfp_fixed {
            120 * depth
        } else {
            100 * depth - 50 * i32::from(improving)
        };
        if may_cut
            && !self.off.rfp
            && depth <= rfp_depth
            && beta.abs() < MATE_BOUND
            && static_eval - rfp_margin >= beta
        {
            return static_eval;
        }
        // Razoring: far below alpha near the horizon, and captures do not
        // bring it back: a fail low.
        if may_cut
            && !self.off.razor
            && depth <= 3
            && alpha.abs() < MATE_BOUND
            && static_eval + RAZOR_MARGIN * depth < alpha
        {
            let s = self.quiesce(alpha, alpha + 1, ply, 0);
            if self.stopped {
                return 0;
            }
            if s <= alpha {
                return s;
            }
        }
        if R::NULL_MOVE
            && !self.off.null
            && allow_null
            && may_cut
            && depth >= 3
            && static_eval >= beta
            // Passing cannot show that a mate is avoided: the reduced
            // search behind it would not see the mate.
            && beta.abs() < MATE_BOUND
            && self.has_pieces_beyond_pawns()
        {
            let reduction = if self.off.null_fixed {
                2 + depth / 4
            } else {
                3 + depth / 4 + ((static_eval - beta) / 200).min(2)
            };
            self.pos.make_null();
            self.path[ply + 1] = None;
            self.evals[ply + 1] = -INF;
            self.checks[ply + 1] = self.pos.in_check();
            self.nodes += 1;
            self.nulls += 1;
            let s = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
            self.nulls -= 1;
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return if s > MATE_BOUND { beta } else { s };
            }
        }
        // No move from an earlier search: this node was not worth one
        // then, and an exact one costs a full search; one ply less.
        if !self.off.iir && hash_move.is_none() && excluded.is_none() && depth >= 4 {
            depth -= 1;
        }
        // Singular extension: when the hash move's stored score is a lower
        // bound deep enough and every other move, searched to half the
        // depth, stays clearly below it, the hash move is the only good
        // one here: it is searched a ply deeper. If instead another move
        // also reaches beta, two moves refute the node: it fails high.
        let mut singular = false;
        if let (Some(e), Some(h)) = (hash_entry, hash_move) {
            if !self.off.singular
                && depth >= SINGULAR_DEPTH
                && (ply as i32) < 2 * self.root_depth
                && e.bound != Bound::Upper
                && e.depth >= depth - 3
                && e.score.abs() < MATE_BOUND
            {
                let singular_beta = e.score - 2 * depth;
                self.excluded[ply] = Some(h);
                let s = self.negamax(
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                );
                self.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if s < singular_beta {
                    singular = true;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        let mut moves = MoveList::new();
        if self.pos.tables().def.must_capture {
            // Only the captures, where there are any (antichess).
            self.pos.legal_moves(&mut moves);
        } else {
            self.pos.pseudo_legal_moves(&mut moves);
        }
        let mut scores = Scores::new();
        let mut picker = MovePicker::new(&mut moves, &mut scores, hash_move, ply);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let prune_quiets = !pv_node && !in_check && !forced;
        let futility_margin = 100 + 100 * depth;
        let futile = prune_quiets
            && !self.off.futility
            && depth <= 4
            && static_eval + futility_margin <= alpha;
        let move_count_limit = (3 + depth * depth) * if improving { 2 } else { 1 };
        let mut quiet_seen = 0;
        let guard = self.pos.guard(in_check);
        let check_guard = self.pos.check_guard();
        while let Some((m, stage)) = picker.next(self) {
            if Some(m) == excluded {
                continue;
            }
            let quiet = !self.pos.is_capture(m) && m.promotion.is_none();
            // Late quiet moves at low depth (ordering put them last), and
            // quiet moves that cannot lift the score to alpha, are skipped
            // unless they give check (a quiet mate is one; checks by
            // elevators, attack boards and flights included, so the test
            // is made on the board). Not before a legal move is found, nor
            // while every move so far is mated: a skipped move could be
            // the only defence.
            let mut prunable = false;
            if quiet && legal > 0 && prune_quiets && best > -MATE_BOUND {
                quiet_seen += 1;
                let late = !self.off.move_count && depth <= 4 && quiet_seen > move_count_limit;
                prunable = late || futile;
            }
            let may_expose = self.pos.may_expose(&guard, m);
            self.pos.make(m);
            self.prefetch();
            if may_expose && self.pos.made_illegal(m) {
                self.pos.unmake();
                continue;
            }
            let gives_check = self.pos.may_give_check_with(&check_guard, m) && self.pos.in_check();
            if prunable && !gives_check {
                self.pos.unmake();
                continue;
            }
            self.nodes += 1;
            legal += 1;
            self.path[ply + 1] = Some(m);
            self.checks[ply + 1] = gives_check;
            let extension = i32::from(singular && Some(m) == hash_move);
            let score = if legal == 1 {
                -self.negamax(depth - 1 + extension, -beta, -alpha, ply + 1, true)
            } else {
                let reduce = !self.off.lmr
                    && depth >= 3
                    && legal > 1 + usize::from(pv_node)
                    && quiet
                    && !in_check;
                let r = if !reduce {
                    0
                } else if self.off.lmr_stepped {
                    if legal > 3 && !gives_check {
                        (1 + i32::from(legal > 8) + i32::from(depth >= 6)).min(depth - 2)
                    } else {
                        0
                    }
                } else {
                    let mut r = i32::from(
                        self.reductions[(depth as usize).min(LMR_DEPTHS - 1)]
                            [legal.min(LMR_MOVES - 1)],
                    );
                    r -= i32::from(pv_node) + i32::from(gives_check);
                    r += i32::from(!improving);
                    if stage == Stage::Refutations {
                        // A killer or the counter-move.
                        r -= 1;
                    }
                    r.clamp(0, depth - 2)
                };
                let mut s = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(m, ply, depth, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
        }
        if legal == 0 {
            // No legal move: mate, stalemate, or (without check) a draw;
            // in a singular search, the left-out move was the only one.
            return if excluded.is_some() {
                alpha
            } else {
                match self.pos.no_move_outcome(in_check) {
                    Outcome::Draw(_) => self.draw_score(),
                    o => outcome_score(o, self.pos.side_to_move(), ply),
                }
            };
        }
        if excluded.is_some() {
            // Not this position's value: every move was not searched.
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                mv: best_move,
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
        best
    }

    /// A quiet move cut off: it becomes a killer and the counter-move of
    /// the opponent's last move, its history rises, and the quiet moves
    /// tried before it lose history.
    fn reward_quiet(&mut self, m: Move, ply: usize, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(c) = self.counter_index(ply) {
            self.counters[c] = Some(m);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let h = self.history_index(m);
        if self.off.history {
            return;
        }
        if self.off.history_unbounded {
            self.history[h] = (self.history[h] + depth * depth).min(1 << 20);
            return;
        }
        Self::nudge(&mut self.history[h], bonus);
        for &q in tried {
            let h = self.history_index(q);
            Self::nudge(&mut self.history[h], -bonus);
        }
    }

    /// Captures (and promotions) until the position is quiet; every evasion
    /// when in check in its first plies (`qply` counts them). Deeper, a
    /// check is not answered move by move: on boards where a King has
    /// dozens of evasions that would multiply the tree without end.
    /// Captures that cannot bring the score near alpha even if nothing is
    /// lost in return are skipped (delta pruning).
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if let Some(s) = self.enter(ply) {
            return s;
        }
        if ply >= MAX_PLY || qply >= QUIESCENCE_MAX_PLIES {
            return self.static_eval(ply);
        }
        if self.pos.tables().def.must_capture {
            return self.quiesce_forced(alpha, beta, ply, qply);
        }
        // At the first ply the search's node has tested it.
        let in_check = if qply == 0 {
            self.checks[ply]
        } else {
            qply < QUIESCENCE_EVASION_PLIES && self.pos.in_check()
        };
        debug_assert!(qply != 0 || in_check == self.pos.in_check());
        let mut best = -INF;
        let mut stand = -INF;
        if !in_check {
            stand = self.static_eval(ply);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = MoveList::new();
        let us = self.pos.side_to_move();
        let king = self.pos.royal_cell(us.other());
        let checks = qply == 0
            && !self.off.quiet_checks
            && self.pos.tables().def.has_check
            && king.is_some();
        if in_check {
            self.pos.pseudo_legal_moves(&mut moves);
        } else if let (true, Some(king)) = (checks, king) {
            // Quiet moves only to cells from which some piece of ours
            // could attack the King.
            let et = self.et;
            let ours = self.pos.side_cells(us);
            let mut quiet = R::Bits::EMPTY;
            let hand = self.pos.hands();
            for k in 0..self.pos.tables().kinds.len() as chess3d_core::Kind {
                let held = hand.is_some_and(|h| h.count(us, k) > 0);
                if held || self.pos.kind_cells(k).intersects(ours) {
                    quiet |= et.check_from(us, k, king);
                }
            }
            self.pos
                .pseudo_legal_moves_to(&mut moves, quiet & !self.pos.occupied());
        } else {
            self.pos.pseudo_legal_captures(&mut moves);
        }
        if !in_check && checks {
            // Captures and promotions; in the first ply also quiet moves
            // that give check directly, so that a mate by a quiet check at
            // the horizon is seen (in the games that want them:
            // `Evaluate::SEARCH_OFF`). Only moves to a cell from which
            // the piece could attack the King are tried.
            let et = self.et;
            let pos = &mut self.pos;
            moves.retain(|m| {
                if m.promotion.is_some() || pos.is_capture(*m) {
                    return true;
                }
                let kind = match m.kind {
                    MoveKind::Normal | MoveKind::DoubleStep => pos.piece_at(m.from).kind(),
                    // A drop that checks: the kind dropped.
                    MoveKind::Drop => m.extra,
                    _ => return false,
                };
                if !et.check_from(us, kind, king.unwrap_or(0)).contains(m.to) {
                    return false;
                }
                pos.make(*m);
                let check = pos.in_check() && !pos.mover_in_check();
                pos.unmake();
                check
            });
        }
        let mut scores = Scores::new();
        scores.extend(moves.iter().map(|&m| self.order_score(m, ply)));
        // Past the evasion plies `in_check` was not tested: the legality
        // shortcut must then assume a check.
        let maybe_in_check = in_check || qply >= QUIESCENCE_EVASION_PLIES;
        let guard = self.pos.guard(maybe_in_check);
        let mut legal = 0;
        // The value of the first promotion without capture tried: the most
        // valuable choice, promotions being ordered by it.
        let mut promoted = None;
        for i in 0..moves.len() {
            let end = moves.len();
            let m = movepick::pick(&mut moves, &mut scores, i, end);
            if !in_check
                && m.promotion.is_none()
                && self.pos.is_capture(m)
                && self.futile_capture(m, stand, alpha, scores[i])
            {
                continue;
            }
            if !in_check && m.promotion.is_some() && !self.pos.is_capture(m) {
                // A promotion without capture only to the most valuable
                // kind (promotions are ordered by it), and only in the
                // first plies: in
                // a game whose promotion zone is wide, each side promotes
                // every move, and trying them all, as deep as captures,
                // made one ply of search take minutes.
                let value = m.promotion.map_or(0, |k| self.et.value[k as usize]);
                if qply >= QUIESCENCE_EVASION_PLIES || promoted.is_some_and(|top| value < top) {
                    continue;
                }
                promoted = Some(value);
            }
            let may_expose = self.pos.may_expose(&guard, m);
            self.pos.make(m);
            self.prefetch_eval();
            if may_expose && self.pos.made_illegal(m) {
                self.pos.unmake();
                continue;
            }
            self.nodes += 1;
            legal += 1;
            let score = -self.quiesce(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if self.raise(ply, m, score, (&mut best, &mut alpha), beta) {
                break;
            }
        }
        if in_check && legal == 0 {
            return -MATE + ply as i32;
        }
        best
    }

    /// Quiescence where captures are compulsory (antichess): a side that
    /// can capture must, so it may not stand pat; a side that cannot is
    /// quiet, worth its static value (unless it must answer a check); one
    /// with no move at all has the game's result.
    fn quiesce_forced(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return match self.pos.no_move_outcome(self.pos.in_check()) {
                Outcome::Draw(_) => self.draw_score(),
                o => outcome_score(o, self.pos.side_to_move(), ply),
            };
        }
        // Quiet unless a capture is forced, or (where there is check) the
        // side must answer a check, in quiescence's first plies.
        let evading = qply < QUIESCENCE_EVASION_PLIES && self.pos.in_check();
        if !evading && !moves.iter().any(|&m| self.pos.is_capture(m)) {
            return self.static_eval(ply);
        }
        let mut scores = Scores::new();
        scores.extend(moves.iter().map(|&m| self.order_score(m, ply)));
        let mut best = -INF;
        for i in 0..moves.len() {
            let end = moves.len();
            let m = movepick::pick(&mut moves, &mut scores, i, end);
            self.pos.make(m);
            self.prefetch_eval();
            self.nodes += 1;
            let score = -self.quiesce(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if self.raise(ply, m, score, (&mut best, &mut alpha), beta) {
                break;
            }
        }
        best
    }

    /// A quiescence move's `score`: raises `best`, and `alpha` with the
    /// line through `m` where it beats it; true when it reaches `beta`
    /// (a cut).
    #[inline(always)]
    fn raise(
        &mut self,
        ply: usize,
        m: Move,
        score: i32,
        (best, alpha): (&mut i32, &mut i32),
        beta: i32,
    ) -> bool {
        if score <= *best {
            return false;
        }
        *best = score;
        if score <= *alpha {
            return false;
        }
        *alpha = score;
        self.set_pv(ply, m);
        score >= beta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values worked out by hand from 0.5 + ln(d)·ln(m)/2.25, truncated.
    #[test]
    fn reductions_grow_slowly_with_depth_and_move_number() {
        let t = reduction_table();
        // ln 1 = 0: nothing at depth 1 or for the first move.
        assert_eq!(t[1][40], 0);
        assert_eq!(t[12][1], 0);
        // ln 3 · ln 3 / 2.25 = 1.0986² / 2.25 = 0.536: 1.036 → 1.
        assert_eq!(t[3][3], 1);
        // ln 10 · ln 30 / 2.25 = 2.3026 · 3.4012 / 2.25 = 3.481: 3.981 → 3.
        assert_eq!(t[10][30], 3);
        // ln 2 · ln 2 / 2.25 = 0.214: 0.714 → 0.
        assert_eq!(t[2][2], 0);
        for d in 1..LMR_DEPTHS {
            for m in 1..LMR_MOVES {
                assert!(t[d][m] >= t[d - 1][m] && t[d][m] >= t[d][m - 1]);
            }
        }
    }

    #[test]
    fn search_features_are_switched_off_by_name() {
        let off = Off::parse("lmr, null");
        assert!(off.lmr && off.null);
        assert!(!off.lmr_stepped && !off.null_fixed && !off.rfp && !off.rfp_fixed);
        assert!(!off.aspiration && !off.futility && !off.move_count && !off.history);
        let all = Off::parse("all");
        assert!(all.aspiration && all.lmr_stepped && all.futility && all.move_count);
        assert!(all.history_unbounded && all.null_fixed && all.rfp_fixed);
        assert!(all.counter && all.iir && all.losing_captures);
        assert!(all.see && all.singular && all.tt_eval && all.razor);
        // The search before the features had these, in their older forms.
        assert!(!all.lmr && !all.null && !all.rfp && !all.history && !all.quiet_checks);
        let none = Off::parse("");
        assert!(!none.lmr && !none.losing_captures && !none.aspiration);
        assert!(!none.singular && !none.tt_eval && !none.razor);
    }

    /// A switch that says a feature is off takes it out: with null-move
    /// pruning, reverse futility and late-move reductions off a search
    /// visits more nodes to the same depth than with them on (each cuts
    /// nodes in the middle game: that is what they are for).
    #[test]
    fn switching_a_feature_off_takes_it_out() {
        use chess3d_games::chess::ChessRules;
        let game = Position::<ChessRules>::variant_of_type();
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let nodes = |off: &str| {
            let pos = game.position(fen).unwrap();
            let tt = Table::new(16);
            let shared = Shared::default();
            let abort = AtomicBool::new(false);
            let stops = Stops {
                hard: None,
                nodes: None,
            };
            let et = ChessRules::eval_tables(game);
            let mut s = Searcher::new(pos, &tt, &shared, &abort, stops, true, et);
            s.off = Off::parse(off);
            s.search_root(7);
            s.nodes
        };
        let on = nodes("");
        for feature in ["null", "rfp", "lmr"] {
            let off = nodes(feature);
            assert!(off > on, "{feature} off: {off} nodes, on: {on}");
        }
    }

    #[test]
    fn each_game_leaves_out_its_own_features() {
        use crate::Evaluate;
        let chess = Off::parse(<chess3d_games::chess::ChessRules as Evaluate>::SEARCH_OFF);
        assert!(chess.quiet_checks);
        assert!(!chess.singular && !chess.razor && !chess.tt_eval && !chess.lmr);
        let elevator = Off::parse(<chess3d_games::elevator::ElevatorRules as Evaluate>::SEARCH_OFF);
        assert!(elevator.singular && elevator.razor && elevator.tt_eval);
        assert!(!elevator.quiet_checks && !elevator.lmr && !elevator.null && !elevator.see);
        // The games whose matches showed every feature helping.
        use chess3d_games::{polyhedron::PolyhedronRules, ziggurat::ZigguratRules};
        for (game, list) in [
            ("ziggurat", <ZigguratRules as Evaluate>::SEARCH_OFF),
            ("polyhedron", <PolyhedronRules as Evaluate>::SEARCH_OFF),
        ] {
            let off = Off::parse(list);
            assert!(!off.singular && !off.razor && !off.tt_eval, "{game}");
            assert!(!off.quiet_checks && !off.lmr, "{game}");
        }
    }

    /// History stays within its bounds however often a move is rewarded
    /// or punished: each step is at most the distance left to the bound
    /// (the step from h is ceil((MAX - |h|) · bonus / MAX) when bonus ≤
    /// MAX), so it reaches the bound and stays there.
    #[test]
    fn history_gravity_bounds_the_scores() {
        type S<'a> = Searcher<'a, chess3d_games::chess::ChessRules>;
        let mut h = 0;
        for _ in 0..10_000 {
            S::nudge(&mut h, HISTORY_MAX / 4);
        }
        assert_eq!(h, HISTORY_MAX);
        for _ in 0..10_000 {
            S::nudge(&mut h, -HISTORY_MAX / 4);
        }
        assert_eq!(h, -HISTORY_MAX);
    }
}
