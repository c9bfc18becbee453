//! Evaluation: one scheme for every game, linear in weights that are
//! fitted to game results (`tune`), with each game's weights in a file
//! (`crates/engine/weights/<game>.toml`) and its hand-set starting
//! values and its own goals in its module here.
//!
//! A position is scored from tables built once per game from the rules'
//! data ([`EvalTables`]); every term has a middle-game and an end-game
//! weight, blended by the material left (the phase). The terms
//! ([`features::Term`]):
//! - per piece, from its kind and cell: material, centrality (its
//!   empty-board mobility there against its kind's average), how far
//!   forward and how high it stands, a pawn-like piece's progress to its
//!   zone;
//! - per piece, from the enemy King: closeness, and attacking its zone;
//! - per piece, from the board as it is: its safe mobility and the cells
//!   of the enemy King's zone it reaches;
//! - pawn structure along each kind's own forward step: passed (and its
//!   progress), doubled, isolated, defended;
//! - per kind: two or more of it (the Bishop pair), and a piece on an
//!   open or half-open file (no own pawn-like piece ahead on its file);
//! - King safety: own and enemy pieces next to the King;
//! - the game's own goals: the temple (a term of the Priest-King's
//!   table), elevators and attack boards ([`Evaluate::goal_count`]);
//! - having the move;
//! - mop-up, not fitted: with a winning lead the lone King is driven to
//!   the edge, so that won endings get mated.

mod chess;
mod elevator;
mod file;
mod polyhedron;
mod startrek;
mod ziggurat;
mod ziggurat43;

pub mod features;
pub mod incremental;
pub mod network;
mod tables;
mod weights;

use chess3d_core::{BitSet, Kind, Position, Side, Tables, Variant};
use incremental::PieceSums;
pub use network::Network;

pub use tables::EvalTables;
use tables::NEAR_SHIFT;

/// A game's hand-set weights in centipawns: the defaults of the terms its
/// weights file leaves out, and where fitting starts.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
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
    /// elevators, attack boards in [`Evaluate::goal_count`]).
    pub goal: i32,
    /// Driving a lone King to the edge when a side is far ahead.
    pub mop_up: i32,
    /// For having the move.
    pub tempo: i32,
}

/// The search features added after the 3-D games' matches against the
/// engine before issue 23 (docs/engine.md): on only in the games where a
/// match has shown them to help (chess, Ziggurat, Polyhedron).
pub const NOT_YET_MEASURED: &str = "singular,tt_eval,razor";

/// A game the engine plays: its rules plus its evaluation.
pub trait Evaluate: chess3d_core::Rules {
    /// The game's hand-set weights.
    const DEFAULTS: Defaults;
    /// The game's weights file (fitted by `chess3d tune`).
    const WEIGHTS_FILE: &'static str;
    /// The weights file of `game`: [`Evaluate::WEIGHTS_FILE`], except in
    /// file games, whose rules type plays many games and whose bundled
    /// ones have weights of their own (`eval/file.rs`).
    fn weights_file(game: Variant<Self>) -> &'static str {
        let _ = game;
        Self::WEIGHTS_FILE
    }
    /// The game's network (`chess3d train`), empty when it has none: with
    /// one, the network evaluates positions and the weights file's
    /// material values still order moves and set the pruning margins.
    const NETWORK: &'static [u8] = &[];
    /// Whether the game counts a goal of its own ([`Evaluate::goal_count`]).
    const HAS_GOAL: bool = false;
    /// Whether null-move pruning may be used. Off where passing the move
    /// is not a sound guess of a position's worth (a game's own en-passant
    /// state lives in the position and would survive the pass).
    const NULL_MOVE: bool = true;
    /// The search features this game's search leaves out, by their
    /// `CHESS3D_SEARCH_OFF` names (`search::Off`): those a match showed
    /// costing more than they find here, and those not yet measured in
    /// the game ([`NOT_YET_MEASURED`], the default).
    const SEARCH_OFF: &'static str = NOT_YET_MEASURED;
    /// The evaluation tables of `game`, built once from the weights file.
    fn eval_tables(game: Variant<Self>) -> &'static EvalTables<Self::Bits>;
    /// The game's own goal: White's count less Black's.
    fn goal_count(pos: &Position<Self>) -> i32 {
        let _ = pos;
        0
    }
}

/// A weights file of `weights` for the game of `et`, with `header` as its
/// opening comment.
pub fn weights_file<B>(et: &EvalTables<B>, weights: &[[i32; 2]], header: &str) -> String {
    weights::write(header, &et.features, &et.letters, &et.cell_names, weights)
}

/// Tables built from another weights file than the game's own (a fit to
/// try in a match), without a network: they live as long as the program.
pub fn tables_from_file<R: Evaluate>(
    game: Variant<R>,
    text: &str,
) -> Result<&'static EvalTables<R::Bits>, String> {
    let tables = EvalTables::build(game, &R::DEFAULTS, R::HAS_GOAL, text)?;
    Ok(Box::leak(Box::new(tables)))
}

/// The game's own weights with the network of `bytes` (a network file,
/// [`Network::to_bytes`]) evaluating: they live as long as the program.
pub fn tables_with_network<R: Evaluate>(
    game: Variant<R>,
    bytes: &[u8],
) -> Result<&'static EvalTables<R::Bits>, String> {
    Ok(Box::leak(Box::new(own_tables(game, Some(bytes))?)))
}

/// The tables of the game's own weights file, with the network of
/// `network`'s bytes if there is one (empty bytes are a file's error,
/// not "no network").
pub fn own_tables<R: Evaluate>(
    game: Variant<R>,
    network: Option<&[u8]>,
) -> Result<EvalTables<R::Bits>, String> {
    tables_of(game, R::weights_file(game), network)
}

/// The tables of `weights` (a weights file's text) with the network of
/// `network`'s bytes if there is one.
fn tables_of<R: Evaluate>(
    game: Variant<R>,
    weights: &str,
    network: Option<&[u8]>,
) -> Result<EvalTables<R::Bits>, String> {
    let mut tables = EvalTables::build(game, &R::DEFAULTS, R::HAS_GOAL, weights)?;
    if let Some(bytes) = network {
        tables.network = Some(Network::from_bytes(game.tables(), bytes)?);
    }
    Ok(tables)
}

/// Implements [`Evaluate::eval_tables`]: the tables built once, on first
/// use, from the game's rules and weights.
macro_rules! eval_tables {
    ($rules:ty) => {
        fn eval_tables(
            game: chess3d_core::Variant<$rules>,
        ) -> &'static $crate::eval::EvalTables<<$rules as chess3d_core::Rules>::Bits> {
            static TABLES: std::sync::OnceLock<
                $crate::eval::EvalTables<<$rules as chess3d_core::Rules>::Bits>,
            > = std::sync::OnceLock::new();
            TABLES.get_or_init(|| {
                type E = $rules;
                let net = <E as $crate::eval::Evaluate>::NETWORK;
                // A game without a network has empty bytes.
                $crate::eval::own_tables::<E>(game, (!net.is_empty()).then_some(net))
                    // The files are compiled in and read by a test.
                    .unwrap_or_else(|e| {
                        panic!("the weights or network of {}: {e}", stringify!($rules))
                    })
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

/// Where the terms of a position go: summed with their weights (the
/// evaluation) or kept as counts (a trace, for fitting).
trait Sink<B> {
    /// Whether every term is wanted, also those whose weights are all 0
    /// (a trace counts them; the evaluation skips them).
    const EVERY_TERM: bool;
    /// The piece-square terms of the piece at per-piece index `i`.
    fn piece(&mut self, et: &EvalTables<B>, sign: i32, i: usize);
    /// A passed piece at per-piece index `i`.
    fn passed(&mut self, et: &EvalTables<B>, sign: i32, i: usize);
    /// `n` times feature `f`.
    fn add(&mut self, et: &EvalTables<B>, f: usize, n: i32);
    /// The terms of a piece of kind `k` from the enemy King (`near`: its
    /// entry in [`EvalTables::near`]).
    fn near(&mut self, et: &EvalTables<B>, sign: i32, k: usize, near: u32);
    /// The terms of a piece of kind `k` from its reach on the board:
    /// `safe` cells it may go to, `zone` cells of the enemy King's zone.
    fn mobility(&mut self, et: &EvalTables<B>, sign: i32, k: usize, safe: u32, zone: u32);
    /// [`features::Term::KingDanger`]: `attackers` pieces reach `units`
    /// cells of the enemy King's zone together.
    fn danger(&mut self, et: &EvalTables<B>, sign: i32, units: u32, attackers: u32);
    /// The pawn-structure terms.
    fn pawn_structure<R: Evaluate<Bits = B>>(
        &mut self,
        pos: &Position<R>,
        et: &EvalTables<B>,
        pawns: [B; 2],
    ) {
        pawn_structure(pos, et, self, pawns);
    }
}

/// Weighted sums, middle and end game packed in one number (`mg << 32`
/// plus `eg`): one addition per term. With a cache of pawn structures.
struct Scored<'c> {
    sum: i64,
    cache: Option<&'c mut PawnCache>,
}

impl Scored<'_> {
    /// The middle-game and end-game sums.
    fn unpack(&self) -> (i64, i64) {
        let eg = self.sum as i32 as i64;
        ((self.sum - eg) >> 32, eg)
    }
}

/// `[mg, eg]` packed as [`Scored`] adds it.
pub(crate) fn pack([mg, eg]: [i32; 2]) -> i64 {
    ((mg as i64) << 32) + eg as i64
}

/// Pawn structures already scored (packed), by a key of the pawn-like
/// pieces' cells: they change on few moves, so most evaluations find
/// theirs here.
pub struct PawnCache(Vec<(u64, i64)>);

impl PawnCache {
    const SIZE: usize = 1 << 13;

    pub fn new() -> Self {
        PawnCache(vec![(0, 0); Self::SIZE])
    }
}

impl Default for PawnCache {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: BitSet> Sink<B> for Scored<'_> {
    const EVERY_TERM: bool = false;
    #[inline]
    fn piece(&mut self, et: &EvalTables<B>, sign: i32, i: usize) {
        self.sum += sign as i64 * et.pst[i];
    }
    #[inline]
    fn passed(&mut self, et: &EvalTables<B>, sign: i32, i: usize) {
        self.sum += sign as i64 * et.passed[i];
    }
    #[inline]
    fn add(&mut self, et: &EvalTables<B>, f: usize, n: i32) {
        self.sum += n as i64 * et.packed[f];
    }
    #[inline]
    fn near(&mut self, et: &EvalTables<B>, sign: i32, k: usize, near: u32) {
        let info = &et.kind_info[k];
        let attack = (near >> k & 1) as i64 * info.attack;
        let tropism = (near >> NEAR_SHIFT) as i64 * info.tropism;
        self.sum += sign as i64 * (attack + tropism);
    }
    #[inline]
    fn mobility(&mut self, et: &EvalTables<B>, sign: i32, k: usize, safe: u32, zone: u32) {
        let info = &et.kind_info[k];
        self.sum += sign as i64 * (safe as i64 * info.mobility + zone as i64 * info.king_attack);
    }
    #[inline]
    fn danger(&mut self, et: &EvalTables<B>, sign: i32, units: u32, attackers: u32) {
        if attackers >= features::DANGER_ATTACKERS {
            let units = units.min(features::DANGER_UNITS) as usize;
            self.sum += sign as i64 * et.danger_packed[units];
        }
    }
    fn pawn_structure<R: Evaluate<Bits = B>>(
        &mut self,
        pos: &Position<R>,
        et: &EvalTables<B>,
        pawns: [B; 2],
    ) {
        let Some(cache) = self.cache.as_deref_mut() else {
            pawn_structure(pos, et, self, pawns);
            return;
        };
        // Kinds matter (doubled and defended count one kind), so each
        // pawn-like kind's cells go into the key; the table's address too,
        // as one cache may see two weights files.
        let mut key = (et as *const EvalTables<B> as u64) | 1;
        for (k, _) in &et.pawn_terms {
            let cells = pos.kind_cells(*k);
            key = (cells & pos.side_cells(Side::White)).mix(key);
            key = (cells & pos.side_cells(Side::Black)).mix(key);
        }
        let slot = &mut cache.0[key as usize & (PawnCache::SIZE - 1)];
        if slot.0 != key {
            let mut fresh = Scored {
                sum: 0,
                cache: None,
            };
            pawn_structure(pos, et, &mut fresh, pawns);
            *slot = (key, fresh.sum);
        }
        self.sum += slot.1;
    }
}

/// A position's terms as counts (White's less Black's), for fitting.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The middle game's share, 0 to 1.
    pub phase: f32,
    /// Non-zero counts by feature.
    pub counts: Vec<(u16, f32)>,
    /// What the unfitted terms add (mop-up), White's view.
    pub offset: f32,
}

impl Trace {
    /// The evaluation these counts give with `weights`, White's view,
    /// before rounding.
    pub fn score(&self, weights: &[[f64; 2]]) -> f64 {
        let p = self.phase as f64;
        self.offset as f64
            + self
                .counts
                .iter()
                .map(|&(f, n)| {
                    let [mg, eg] = weights[f as usize];
                    n as f64 * (mg * p + eg * (1.0 - p))
                })
                .sum::<f64>()
    }
}

struct Counts(Vec<f32>);

impl<B> Sink<B> for Counts {
    const EVERY_TERM: bool = true;
    fn piece(&mut self, et: &EvalTables<B>, sign: i32, i: usize) {
        for &(f, x) in &et.coefficients[i] {
            self.0[f as usize] += sign as f32 * x;
        }
    }
    fn passed(&mut self, et: &EvalTables<B>, sign: i32, i: usize) {
        let kind = (i / et.cells % et.kinds) as Kind;
        let Some((_, terms)) = et.pawn_terms.iter().find(|(k, _)| *k == kind) else {
            return;
        };
        if let Some(f) = terms.passed {
            self.0[f] += sign as f32;
        }
        if let Some(f) = terms.passed_progress {
            self.0[f] += sign as f32 * et.progress[i];
        }
    }
    fn add(&mut self, _: &EvalTables<B>, f: usize, n: i32) {
        self.0[f] += n as f32;
    }
    fn near(&mut self, et: &EvalTables<B>, sign: i32, k: usize, near: u32) {
        if let Some(f) = et.tropism_of[k] {
            self.0[f] += (sign * (near >> NEAR_SHIFT) as i32) as f32;
        }
        if let Some(f) = et.attack_of[k] {
            if near >> k & 1 != 0 {
                self.0[f] += sign as f32;
            }
        }
    }
    fn mobility(&mut self, et: &EvalTables<B>, sign: i32, k: usize, safe: u32, zone: u32) {
        if let Some(f) = et.mobility_of[k] {
            self.0[f] += (sign * safe as i32) as f32;
        }
        if let Some(f) = et.king_attack_of[k] {
            self.0[f] += (sign * zone as i32) as f32;
        }
    }
    fn danger(&mut self, et: &EvalTables<B>, sign: i32, units: u32, attackers: u32) {
        if let Some(f) = et.danger {
            self.0[f] += sign as f32 * features::king_danger(units, attackers);
        }
    }
}

/// The pawn-structure terms of `pos` (`pawns`: each side's pawn-like
/// pieces) into `sink`.
fn pawn_structure<R: Evaluate, S: Sink<R::Bits> + ?Sized>(
    pos: &Position<R>,
    et: &EvalTables<R::Bits>,
    sink: &mut S,
    pawns: [R::Bits; 2],
) {
    for side in Side::BOTH {
        let sign = if side == Side::White { 1 } else { -1 };
        let own = pos.side_cells(side);
        let enemy_pawns = pawns[side.other().index()];
        for (k, terms) in &et.pawn_terms {
            let same = pos.kind_cells(*k) & own;
            for cell in same.iter() {
                let i = et.at(side, *k, cell);
                let sets = &et.pawn_sets[i];
                if (sets.front_span & enemy_pawns).is_empty() {
                    sink.passed(et, sign, i);
                }
                if let Some(f) = terms.doubled {
                    if !(sets.file_ahead & same).is_empty() {
                        sink.add(et, f, sign);
                    }
                }
                if let Some(f) = terms.isolated {
                    if (sets.adjacent_files & same).is_empty() {
                        sink.add(et, f, sign);
                    }
                }
                if let Some(f) = terms.defended {
                    if !(sets.defenders & same).is_empty() {
                        sink.add(et, f, sign);
                    }
                }
            }
        }
    }
}

/// Every term of `pos` into `sink`; returns the phase (material of the
/// pieces that count) and each side's material. Without `OWN_PARTS`,
/// the pieces' own parts (piece-square terms, material, phase) are left
/// out, as kept elsewhere ([`PieceSums`]), and the phase and material
/// returned are 0. Kept out of line: one copy per game and sink rather
/// than one in every caller of the search (inlined, the engine crate's
/// release build took over ten minutes).
#[inline(never)]
fn walk<R: Evaluate, S: Sink<R::Bits>, const OWN_PARTS: bool>(
    pos: &Position<R>,
    et: &EvalTables<R::Bits>,
    sink: &mut S,
) -> (i32, [i32; 2]) {
    let kings = Side::BOTH.map(|s| pos.royal_cell(s));
    let mut pawns = [R::Bits::EMPTY; 2];
    for &k in &et.pawn_kinds {
        let cells = pos.kind_cells(k);
        for side in Side::BOTH {
            pawns[side.index()] |= cells & pos.side_cells(side);
        }
    }
    let mut phase = 0;
    let mut material = [0; 2];
    // What the terms of each piece's reach on the board read.
    let live = S::EVERY_TERM || et.uses_mobility;
    let t = pos.tables();
    // The dynamic games compute their present cells: only when needed.
    let present = if live { R::present(pos) } else { R::Bits::FULL };
    let blocked = pos.occupied() | !present;
    let pawn_attacks = if live {
        Side::BOTH.map(|s| et.pawn_attacks(t, s, |k| pos.kind_cells(k) & pos.side_cells(s)))
    } else {
        [R::Bits::EMPTY; 2]
    };
    // The kind whose steps make files, when open files are scored.
    let files = et.file_kind.filter(|_| S::EVERY_TERM || et.uses_open);
    for side in Side::BOTH {
        let sign = if side == Side::White { 1 } else { -1 };
        let own = pos.side_cells(side);
        let safe_area = present & !own & !pawn_attacks[side.other().index()];
        let enemy_zone = match kings[side.other().index()] {
            Some(king) if live => {
                et.king_zone[side.other().index()][king as usize] | R::Bits::single(king)
            }
            _ => R::Bits::EMPTY,
        };
        // The row of the enemy King's cell in the `near` table.
        let enemy_king = if S::EVERY_TERM || et.uses_near {
            kings[side.other().index()]
        } else {
            None
        };
        let near = enemy_king.map(|king| {
            let start = king as usize * et.cells;
            &et.near[side.index()][start..start + et.cells]
        });
        // The attack on the enemy King: zone cells reached, by how many.
        let (mut units, mut attackers) = (0, 0);
        // Each piece is visited for its own parts, unless they are kept,
        // and for the terms that read the board or the enemy King.
        let visit = OWN_PARTS || S::EVERY_TERM || et.visits_pieces();
        let visited = if visit { own } else { R::Bits::EMPTY };
        for cell in visited.iter() {
            let kind = pos.piece_at(cell).kind();
            let k = kind as usize;
            let info = &et.kind_info[k];
            if OWN_PARTS {
                sink.piece(et, sign, et.at(side, kind, cell));
                material[side.index()] += info.value;
                phase += info.phase;
            }
            if let Some(row) = near {
                sink.near(et, sign, k, row[cell as usize]);
            }
            if live && info.live {
                let reach = et.live_reach(t, side, kind, cell, blocked);
                let safe = (reach & safe_area).count();
                let zone = (reach & enemy_zone).count();
                sink.mobility(et, sign, k, safe, zone);
                units += zone;
                attackers += (zone > 0) as u32;
            }
            if let (Some(pk), Some(open), Some(half)) = (files, et.open_of[k], et.half_open_of[k]) {
                let ahead = et.pawn_sets[et.at(side, pk, cell)].file_ahead;
                if !ahead.intersects(pawns[side.index()]) {
                    let f = if ahead.intersects(pawns[side.other().index()]) {
                        half
                    } else {
                        open
                    };
                    sink.add(et, f, sign);
                }
            }
        }
        if live {
            sink.danger(et, sign, units, attackers);
        }
        if S::EVERY_TERM || et.uses_pair {
            for (k, f) in et.pair_of.iter().enumerate().take(et.kinds) {
                if let Some(f) = *f {
                    if (pos.kind_cells(k as Kind) & own).count() >= 2 {
                        sink.add(et, f, sign);
                    }
                }
            }
        }
        if let Some(k) = kings[side.index()] {
            let zone = et.king_zone[side.index()][k as usize];
            if let Some(f) = et.shelter {
                sink.add(et, f, sign * (zone & own).count() as i32);
            }
            if let Some(f) = et.pressure {
                let enemy = pos.side_cells(side.other());
                sink.add(et, f, sign * (zone & enemy).count() as i32);
            }
        }
    }
    if !et.pawn_terms.is_empty() && (S::EVERY_TERM || et.uses_pawn_structure) {
        sink.pawn_structure(pos, et, pawns);
    }
    if let Some(f) = et.goal {
        sink.add(et, f, R::goal_count(pos));
    }
    if let Some(f) = et.tempo {
        let n = if pos.side_to_move() == Side::White {
            1
        } else {
            -1
        };
        sink.add(et, f, n);
    }
    (phase.min(et.phase_total), material)
}

/// The static evaluation from the side to move's point of view.
#[inline]
pub fn evaluate<R: Evaluate>(pos: &Position<R>) -> i32 {
    evaluate_with(pos, R::eval_tables(pos.variant()))
}

/// [`evaluate`] with the given tables.
#[inline]
pub fn evaluate_with<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>) -> i32 {
    evaluate_cached(pos, et, None)
}

/// [`evaluate_with`], keeping pawn structures in `cache`.
#[inline]
pub fn evaluate_cached<R: Evaluate>(
    pos: &Position<R>,
    et: &EvalTables<R::Bits>,
    cache: Option<&mut PawnCache>,
) -> i32 {
    match &et.network {
        Some(net) => with_network(net, pos, et, cache, net.evaluate(pos)),
        None => evaluate_terms(pos, et, cache),
    }
}

/// The evaluation by a network whose output for `pos` is `output`: the
/// output alone, or added to its factor of the terms' evaluation.
#[inline]
pub fn with_network<R: Evaluate>(
    net: &Network,
    pos: &Position<R>,
    et: &EvalTables<R::Bits>,
    cache: Option<&mut PawnCache>,
    output: i32,
) -> i32 {
    let base = net.base().map_or(0, |f| {
        (f * evaluate_terms(pos, et, cache) as f64).round() as i32
    });
    (base + output).clamp(-MAX_EVAL, MAX_EVAL)
}

/// The evaluation by the terms (no network), from the side to move's
/// point of view.
#[inline]
pub fn evaluate_terms<R: Evaluate>(
    pos: &Position<R>,
    et: &EvalTables<R::Bits>,
    cache: Option<&mut PawnCache>,
) -> i32 {
    evaluate_kept(pos, et, cache, None)
}

/// [`evaluate_terms`] with the pieces' own parts from `kept` (holding
/// `pos`, see [`incremental`]) instead of summed afresh.
#[inline]
pub fn evaluate_kept<R: Evaluate>(
    pos: &Position<R>,
    et: &EvalTables<R::Bits>,
    cache: Option<&mut PawnCache>,
    kept: Option<&PieceSums<R::Bits>>,
) -> i32 {
    let mut sums = Scored {
        sum: kept.map_or(0, |k| k.packed),
        cache,
    };
    let (phase, material) = match kept {
        Some(k) => {
            walk::<R, _, false>(pos, et, &mut sums);
            (k.phase.min(et.phase_total), k.material)
        }
        None => walk::<R, _, true>(pos, et, &mut sums),
    };
    let (mg, eg) = sums.unpack();
    let total = et.phase_total as i64;
    let tapered = (mg * phase as i64 + eg * (total - phase as i64)) / total;
    let score = tapered as i32 + mop_up(pos, et, material) + in_hand(pos, et);
    let relative = if pos.side_to_move() == Side::White {
        score
    } else {
        -score
    };
    // Armies of 300 cells can be worth more than a mate score: keep every
    // evaluation well below the scores of forced wins.
    relative.clamp(-MAX_EVAL, MAX_EVAL)
}

/// The terms of `pos` as counts, for fitting.
pub fn trace<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>) -> Trace {
    let mut counts = Counts(vec![0.0; et.features.len()]);
    let (phase, material) = walk::<R, _, true>(pos, et, &mut counts);
    Trace {
        phase: phase as f32 / et.phase_total as f32,
        counts: counts
            .0
            .iter()
            .enumerate()
            .filter(|(_, &n)| n != 0.0)
            .map(|(f, &n)| (f as u16, n))
            .collect(),
        offset: (mop_up(pos, et, material) + in_hand(pos, et)) as f32,
    }
}

/// The pieces in hand in a game with drops, at their value on the board
/// (White's view): a piece held may be dropped where it is needed. In a
/// game with gating alone, only as many as the side has gates left, the
/// most valuable first: a piece that can no longer be gated is worth
/// nothing, so the search gates rather than closes its last gates.
#[inline]
fn in_hand<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>) -> i32 {
    let Some(hands) = pos.hands() else {
        return 0;
    };
    let t = pos.tables();
    if t.def.gating_alone() {
        return gateable(pos, et, Side::White) - gateable(pos, et, Side::Black);
    }
    t.pool_kinds
        .iter()
        .map(|&k| {
            let held =
                i32::from(hands.count(Side::White, k)) - i32::from(hands.count(Side::Black, k));
            held * et.value[k as usize]
        })
        .sum()
}

/// The value of the pieces `side` may still gate: of those in its hand,
/// as many as it has open gates, the most valuable first.
fn gateable<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>, side: Side) -> i32 {
    let Some(hands) = pos.hands() else {
        return 0;
    };
    let kinds = &pos.tables().pool_kinds;
    let mut left = [0u8; chess3d_core::position::MAX_KINDS];
    for &k in kinds {
        left[k as usize] = hands.count(side, k);
    }
    let mut total = 0;
    for _ in 0..pos.gates(side).count() {
        let best = kinds
            .iter()
            .copied()
            .filter(|&k| left[k as usize] > 0)
            .max_by_key(|&k| et.value[k as usize]);
        let Some(k) = best else {
            break;
        };
        left[k as usize] -= 1;
        total += et.value[k as usize];
    }
    total
}

/// The largest evaluation (mate scores are above 29,000).
pub const MAX_EVAL: i32 = 20_000;

/// With a lead of at least a Rook's worth against few pieces: the losing
/// King towards the edge, the winning King towards it (White's view).
fn mop_up<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>, material: [i32; 2]) -> i32 {
    let lead = material[0] - material[1];
    if lead.abs() < 450 || et.mop_up == 0 {
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
    let bonus = et.mop_up * (2 * et.edge[lk as usize] - distance.min(8));
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
