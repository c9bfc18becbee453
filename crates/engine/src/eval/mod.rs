//! Evaluation: one scheme for every game, with each game's weights in one
//! place (its own module here) and its own goals as a hook.
//!
//! A position is scored from tables built once per game from the rules'
//! data ([`EvalTables`]):
//! - **material**: a game's published values where it has them (chess,
//!   Elevator's seed), else derived from each kind's average mobility on
//!   the empty board: `140 + 35 × mobility` centipawns, pawn-like kinds
//!   100 (see docs/engine.md for the derivation and the figures);
//! - **mobility**: a piece's empty-board mobility on its cell against its
//!   kind's average (a centre square is worth more than a corner);
//! - **advancement** of pawn-like kinds: quadratic in the progress towards
//!   the promotion (or change-of-kind) zone, counted in the kind's own
//!   moves;
//! - **King safety**: the King near the edge, own pieces next to it, enemy
//!   pieces not;
//! - **mop-up**: with a winning material lead, the lone King driven to the
//!   edge and the Kings brought together, so that won endings get mated;
//! - **the game's own goals** ([`Evaluate::goals`]): the temple (as a term
//!   of the Priest-King's table), elevators, attack boards.

mod chess;
mod elevator;
mod polyhedron;
mod startrek;
mod ziggurat;
mod ziggurat43;

use chess3d_core::position::MAX_KINDS;
use chess3d_core::{BitSet, Cell, Kind, Position, Rules, Side, Tables};

/// The weights of one game's evaluation, in centipawns.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Fixed values by piece letter; kinds not listed get the mobility
    /// formula (pawn-like kinds 100, the royal kind none).
    pub values: &'static [(char, i32)],
    /// Per target cell of empty-board mobility above the kind's average.
    pub mobility: i32,
    /// A pawn-like piece one move from its zone (less further away,
    /// quadratically).
    pub advancement: i32,
    /// Per King step the King's cell lacks against the board's best cell:
    /// the King keeps to the edge, away from the fight, until mop-up.
    pub king_edge: i32,
    /// Per own piece next to the King.
    pub king_shelter: i32,
    /// Per enemy piece next to the King.
    pub king_pressure: i32,
    /// The game's own goal (the temple in the Priest-King's table;
    /// elevators, attack boards in [`Evaluate::goals`]).
    pub goal: i32,
    /// Driving a lone King to the edge when a side is far ahead.
    pub mop_up: i32,
    /// For having the move.
    pub tempo: i32,
}

/// A game the engine plays: its rules plus its evaluation.
pub trait Evaluate: Rules {
    /// The game's weights.
    const WEIGHTS: Weights;
    /// Whether null-move pruning may be used. Off where passing the move
    /// is not a sound guess of a position's worth (a game's own en-passant
    /// state lives in the position and would survive the pass).
    const NULL_MOVE: bool = true;
    /// The evaluation tables, built once from [`Evaluate::WEIGHTS`].
    fn eval_tables() -> &'static EvalTables<Self::Bits>;
    /// The game's own goals, from White's point of view.
    fn goals(pos: &Position<Self>) -> i32 {
        let _ = pos;
        0
    }
}

/// Implements [`Evaluate::eval_tables`]: the tables built once, on first
/// use, from the game's rules and weights.
macro_rules! eval_tables {
    ($rules:ty) => {
        fn eval_tables() -> &'static $crate::eval::EvalTables<<$rules as chess3d_core::Rules>::Bits>
        {
            static TABLES: std::sync::OnceLock<
                $crate::eval::EvalTables<<$rules as chess3d_core::Rules>::Bits>,
            > = std::sync::OnceLock::new();
            TABLES.get_or_init(|| {
                $crate::eval::EvalTables::build(
                    <$rules as chess3d_core::Rules>::tables(),
                    <$rules as $crate::eval::Evaluate>::WEIGHTS,
                )
            })
        }
    };
}
use eval_tables;

/// Material value of a pawn, the unit.
pub const PAWN_VALUE: i32 = 100;
/// The derived value of a kind from its average empty-board mobility.
pub fn derived_value(mobility: f64) -> i32 {
    (140.0 + 35.0 * mobility).round() as i32
}

/// Tables a game's evaluation reads, built from its rules and weights.
#[derive(Debug)]
pub struct EvalTables<B> {
    pub weights: Weights,
    /// Material per kind (the royal kind 0).
    pub value: [i32; MAX_KINDS],
    /// Average empty-board mobility per kind (White's), for the docs.
    pub mobility: [f64; MAX_KINDS],
    /// Per side, kind and cell: material and the positional terms.
    pst: Vec<i32>,
    kinds: usize,
    cells: usize,
    /// Per side and cell: the King's neighbourhood.
    king_zone: [Vec<B>; 2],
    /// Per cell: how far from the centre (fewer King steps possible).
    edge: Vec<i32>,
    /// Per side, kind and King cell: the cells from which a piece of the
    /// kind would attack the King on the empty board (the search looks
    /// at quiet moves to these cells for checks).
    check_from: Vec<B>,
}

impl<B: BitSet> EvalTables<B> {
    pub fn build(t: &'static Tables<B>, weights: Weights) -> EvalTables<B> {
        let n = t.len();
        let nk = t.kinds.len();
        let mut value = [0; MAX_KINDS];
        let mut mobility = [0.0; MAX_KINDS];
        let mut pst = vec![0; 2 * nk * n];
        for (k, info) in t.kinds.iter().enumerate() {
            let def = info.def;
            let pawn_like = def.pawn.is_some() || def.promotes || def.resets_clock;
            let mob = |side: Side, cell: Cell| targets(t, k as Kind, side, cell, true).count();
            let allowed: Vec<Cell> = t
                .geo
                .cells()
                .filter(|&c| allowed(t, k as Kind, Side::White, c))
                .collect();
            let avg = allowed
                .iter()
                .map(|&c| mob(Side::White, c) as f64)
                .sum::<f64>()
                / allowed.len().max(1) as f64;
            mobility[k] = avg;
            value[k] = match weights.values.iter().find(|(l, _)| *l == def.letter) {
                Some(&(_, v)) => v,
                None if def.royal => 0,
                None if pawn_like => PAWN_VALUE,
                None => {
                    assert!(
                        avg > 0.0,
                        "{}: '{}' moves by special moves only; give its value",
                        t.def.id,
                        def.letter
                    );
                    derived_value(avg)
                }
            };
            for side in Side::BOTH {
                let progress = progress(t, k as Kind, side);
                let temple = if def.royal {
                    t.temple
                        .map(|c| distance_to(t, k as Kind, side, B::single(c)))
                } else {
                    None
                };
                for cell in t.geo.cells() {
                    let mut v = value[k];
                    if !def.royal && !pawn_like {
                        v += (weights.mobility as f64 * (mob(side, cell) as f64 - avg)) as i32;
                    }
                    if let Some(p) = &progress {
                        v += (weights.advancement as f64 * p[cell as usize]) as i32;
                    }
                    if let Some(d) = &temple {
                        v += (weights.goal as f64 * closeness(d, cell)) as i32;
                    }
                    pst[(side.index() * nk + k) * n + cell as usize] = v;
                }
            }
        }
        let royal = t.royal;
        let steps: Vec<i32> = t
            .geo
            .cells()
            .map(|c| targets(t, royal, Side::White, c, false).count() as i32)
            .collect();
        let most = steps.iter().copied().max().unwrap_or(0);
        let edge: Vec<i32> = steps.iter().map(|s| most - s).collect();
        for side in Side::BOTH {
            for cell in t.geo.cells() {
                pst[(side.index() * nk + royal as usize) * n + cell as usize] +=
                    weights.king_edge * edge[cell as usize];
            }
        }
        let king_zone = Side::BOTH.map(|side| {
            t.geo
                .cells()
                .map(|c| targets(t, royal, side, c, false))
                .collect()
        });
        let mut check_from = vec![B::EMPTY; 2 * nk * n];
        for side in Side::BOTH {
            for (k, info) in t.kinds.iter().enumerate() {
                if !info.def.gives_check {
                    continue;
                }
                for from in t.geo.cells() {
                    for king in targets(t, k as Kind, side, from, true).iter() {
                        check_from[(side.index() * nk + k) * n + king as usize].insert(from);
                    }
                }
            }
        }
        EvalTables {
            check_from,
            weights,
            value,
            mobility,
            pst,
            kinds: nk,
            cells: n,
            king_zone,
            edge,
        }
    }

    /// Cells from which `side`'s piece of `kind` attacks `king` on the
    /// empty board.
    #[inline]
    pub fn check_from(&self, side: Side, kind: Kind, king: Cell) -> B {
        self.check_from[(side.index() * self.kinds + kind as usize) * self.cells + king as usize]
    }

    #[inline]
    pub fn pst(&self, side: Side, kind: Kind, cell: Cell) -> i32 {
        self.pst[(side.index() * self.kinds + kind as usize) * self.cells + cell as usize]
    }
}

/// Whether a kind may stand on a cell.
fn allowed<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, cell: Cell) -> bool {
    t.kinds[kind as usize]
        .def
        .forbidden
        .is_none_or(|f| !f(side, t.geo.coord(cell)))
}

/// The cells a kind reaches from `cell` on the empty board: every mode, or
/// (`captures` false) only the moves to empty cells.
fn targets<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, cell: Cell, captures: bool) -> B {
    let km = &t.kinds[kind as usize].moves[side.index()];
    let mut dirs: Vec<u8> = km.both_dirs.iter().chain(&km.move_dirs).copied().collect();
    let mut leaps = vec![km.both_leaps, km.move_leaps];
    if captures {
        dirs.extend(km.capture_dirs.iter().chain(&km.shot_dirs));
        leaps.extend([km.capture_leaps, km.shot_leaps]);
    }
    let mut set = B::EMPTY;
    for d in dirs {
        set |= t.ray(d, cell);
    }
    for l in leaps.into_iter().flatten() {
        set |= t.leap(l, cell);
    }
    let mut out = B::EMPTY;
    for c in set.iter() {
        if allowed(t, kind, side, c) {
            out.insert(c);
        }
    }
    out
}

/// Per cell: the number of the kind's moves to reach `goal` on the empty
/// board (`u32::MAX` if it cannot).
fn distance_to<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, goal: B) -> Vec<u32> {
    let n = t.len();
    let mut reverse: Vec<Vec<Cell>> = vec![Vec::new(); n];
    for c in t.geo.cells() {
        for to in targets(t, kind, side, c, false).iter() {
            reverse[to as usize].push(c);
        }
    }
    let mut dist = vec![u32::MAX; n];
    let mut queue: std::collections::VecDeque<Cell> = goal.iter().collect();
    for c in goal.iter() {
        dist[c as usize] = 0;
    }
    while let Some(c) = queue.pop_front() {
        for &from in &reverse[c as usize] {
            if dist[from as usize] == u32::MAX {
                dist[from as usize] = dist[c as usize] + 1;
                queue.push_back(from);
            }
        }
    }
    dist
}

/// 1 at the goal, falling quadratically to 0 at the farthest cell that can
/// reach it; 0 where it cannot be reached.
fn closeness(dist: &[u32], cell: Cell) -> f64 {
    let far = dist.iter().filter(|&&d| d != u32::MAX).max().copied();
    match (dist[cell as usize], far) {
        (d, Some(far)) if d != u32::MAX && far > 0 => {
            let p = (far - d) as f64 / far as f64;
            p * p
        }
        _ => 0.0,
    }
}

/// Per cell, a pawn-like kind's progress (0 to 1, squared): towards its
/// promotion or change-of-kind zone in its own moves, or, for a kind that
/// only advances (a Spearman), along its forward axis.
fn progress<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side) -> Option<Vec<f64>> {
    let info = &t.kinds[kind as usize];
    let def = info.def;
    let zone = if let Some((_, zones)) = t.becomes[kind as usize] {
        zones[side.index()]
    } else if def.promotes {
        t.promotion_zone[side.index()]
    } else if def.pawn.is_some() || def.resets_clock {
        // Forward is +y for White and for Black unless Black is mirrored.
        let sign = if side == Side::Black {
            t.def.black_mirror[1]
        } else {
            1
        };
        let ys = t.geo.cells().map(|c| t.geo.coord(c)[1] * sign);
        let (lo, hi) = ys.fold((i32::MAX, i32::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
        return Some(
            t.geo
                .cells()
                .map(|c| {
                    let p = (t.geo.coord(c)[1] * sign - lo) as f64 / (hi - lo).max(1) as f64;
                    p * p
                })
                .collect(),
        );
    } else {
        return None;
    };
    if zone.is_empty() {
        return None;
    }
    let dist = distance_to(t, kind, side, zone);
    Some(t.geo.cells().map(|c| closeness(&dist, c)).collect())
}

/// The static evaluation from the side to move's point of view.
#[inline]
pub fn evaluate<R: Evaluate>(pos: &Position<R>) -> i32 {
    let et = R::eval_tables();
    let w = &et.weights;
    let mut score = 0;
    let mut material = [0; 2];
    for side in Side::BOTH {
        let sign = if side == Side::White { 1 } else { -1 };
        for cell in pos.side_cells(side).iter() {
            let kind = pos.piece_at(cell).kind();
            score += sign * et.pst(side, kind, cell);
            material[side.index()] += et.value[kind as usize];
        }
    }
    for side in Side::BOTH {
        let sign = if side == Side::White { 1 } else { -1 };
        if let Some(k) = pos.royal_cell(side) {
            let zone = et.king_zone[side.index()][k as usize];
            let own = (zone & pos.side_cells(side)).count() as i32;
            let enemy = (zone & pos.side_cells(side.other())).count() as i32;
            score += sign * (own * w.king_shelter - enemy * w.king_pressure);
        }
    }
    score += mop_up(pos, et, material);
    score += R::goals(pos);
    let relative = if pos.side_to_move() == Side::White {
        score
    } else {
        -score
    };
    // Armies of 300 cells can be worth more than a mate score: keep every
    // evaluation well below the scores of forced wins.
    (relative + w.tempo).clamp(-MAX_EVAL, MAX_EVAL)
}

/// The largest evaluation (mate scores are above 29,000).
pub const MAX_EVAL: i32 = 20_000;

/// With a lead of at least a Rook's worth against few pieces: the losing
/// King towards the edge, the winning King towards it (White's view).
fn mop_up<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>, material: [i32; 2]) -> i32 {
    let lead = material[0] - material[1];
    if lead.abs() < 450 || et.weights.mop_up == 0 {
        return 0;
    }
    let (winner, loser) = if lead > 0 {
        (Side::White, Side::Black)
    } else {
        (Side::Black, Side::White)
    };
    if material[loser.index()] > 2 * PAWN_VALUE + 350 {
        return 0;
    }
    let (Some(wk), Some(lk)) = (pos.royal_cell(winner), pos.royal_cell(loser)) else {
        return 0;
    };
    let geo = &pos.tables().geo;
    let (a, b) = (geo.coord(wk), geo.coord(lk));
    let distance = (0..3).map(|i| (a[i] - b[i]).abs()).max().unwrap_or(0);
    let bonus = et.weights.mop_up * (2 * et.edge[lk as usize] - distance.min(8));
    if winner == Side::White {
        bonus
    } else {
        -bonus
    }
}

/// The value of what a move captures, for move ordering (a royal piece is
/// worth more than everything).
#[inline]
pub fn victim_value<B: BitSet>(et: &EvalTables<B>, t: &Tables<B>, kind: Kind) -> i32 {
    if kind == t.royal {
        20_000
    } else {
        et.value[kind as usize]
    }
}
