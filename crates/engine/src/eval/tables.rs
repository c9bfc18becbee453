//! The tables an evaluation reads, built once per game (and per weights
//! file) from the rules' data: per side, kind and cell the coefficients of
//! the piece-square terms and their weighted sums; the King's zone and who
//! attacks it; each pawn-like kind's files.

use chess3d_core::def::Extinction;
use chess3d_core::position::MAX_KINDS;
use chess3d_core::{BitSet, Cell, Kind, Rules, Side, Tables, Variant, V3};

use super::features::{
    game_features, index_of, king_danger, square_index, Feature, KindRole, Term, DANGER_ATTACKERS,
    DANGER_UNITS,
};
use super::{derived_value, Defaults, PAWN_VALUE};

/// Where [`EvalTables::near`] keeps the tropism count.
pub(super) const NEAR_SHIFT: u32 = 16;

/// Largest distance [`Term::Tropism`] counts.
pub const TROPISM_RANGE: i32 = 7;

/// The terms a pawn-like kind adds, by feature index.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct PawnTerms {
    pub passed: Option<usize>,
    pub passed_progress: Option<usize>,
    pub doubled: Option<usize>,
    pub isolated: Option<usize>,
    pub defended: Option<usize>,
}

/// What the evaluation reads for every piece of a kind.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct KindInfo {
    /// Material (middle game).
    pub value: i32,
    /// Its share of the game phase.
    pub phase: i32,
    /// The packed weights of [`Term::Tropism`] and [`Term::Attack`].
    pub tropism: i64,
    pub attack: i64,
    /// The packed weights of [`Term::Mobility`] and [`Term::KingAttack`].
    pub mobility: i64,
    pub king_attack: i64,
    /// Whether the kind has either of those terms (its reach is then
    /// computed).
    pub live: bool,
}

/// How a kind reaches cells on the board as it is, for
/// [`Term::Mobility`] and [`Term::KingAttack`]: its slide directions and
/// leap tables (a pawn-like kind's captures only: its moves attack
/// nothing).
#[derive(Clone, Debug, Default)]
pub(super) struct LiveMoves {
    pub dirs: Vec<u8>,
    pub leaps: Vec<u16>,
}

/// Per side and cell, what a pawn-like piece's structure terms look at.
#[derive(Clone, Copy, Debug)]
pub(super) struct PawnSets<B> {
    /// Where an enemy pawn-like piece stops it being passed: ahead on its
    /// file and on the files next to it.
    pub front_span: B,
    /// Ahead on its own file.
    pub file_ahead: B,
    /// The files next to its own, whole.
    pub adjacent_files: B,
    /// Where one of its kind would defend it.
    pub defenders: B,
}

/// Tables a game's evaluation reads.
#[derive(Debug)]
pub struct EvalTables<B> {
    /// The terms, and their weights `[middle game, end game]`.
    pub features: Vec<Feature>,
    pub weights: Vec<[i32; 2]>,
    /// Letters of the kinds and names of the cells (for weights files).
    pub letters: Vec<char>,
    pub cell_names: Vec<String>,
    /// Material per kind (middle game; the royal kind 0): move ordering,
    /// pruning margins and mop-up.
    pub value: [i32; MAX_KINDS],
    /// Average empty-board mobility per kind (White's), for the docs.
    pub mobility: [f64; MAX_KINDS],
    /// Driving the lone King to the edge (not fitted).
    pub mop_up: i32,
    /// The network that evaluates instead of the terms, if any
    /// (`Evaluate::NETWORK`, or a network file given to the engine).
    pub network: Option<super::Network>,
    pub(super) kinds: usize,
    pub(super) cells: usize,
    /// Per side, kind and cell: the piece-square terms' coefficients
    /// (feature, coefficient), and their weighted sums.
    pub(super) coefficients: Vec<Vec<(u16, f32)>>,
    pub(super) pst: Vec<i64>,
    /// Per side, kind and cell: progress squared (pawn-like kinds).
    pub(super) progress: Vec<f32>,
    /// Per side, kind and cell: a passed piece's weights (packed).
    pub(super) passed: Vec<i64>,
    /// The weights packed (see `Scored`).
    pub(super) packed: Vec<i64>,
    /// Per side and cell: the King's neighbourhood.
    pub(super) king_zone: [Vec<B>; 2],
    /// Per cell: how far from the centre (fewer King steps possible).
    pub(super) edge: Vec<i32>,
    /// Per side, kind and King cell: where a piece attacks the King on the
    /// empty board (the search looks at quiet moves to these for checks).
    check_from: Vec<B>,
    /// Per side of the attacker, enemy King cell and cell: the kinds whose
    /// piece there attacks the King's cell or its zone on the empty board
    /// (bit per kind), and [`Term::Tropism`]'s count (`<< NEAR_SHIFT`).
    /// One row per King cell, read along it for every piece.
    pub(super) near: [Vec<u32>; 2],
    /// Per kind: feature indices of its runtime terms.
    pub(super) tropism_of: [Option<usize>; MAX_KINDS],
    pub(super) attack_of: [Option<usize>; MAX_KINDS],
    pub(super) mobility_of: [Option<usize>; MAX_KINDS],
    pub(super) king_attack_of: [Option<usize>; MAX_KINDS],
    /// Per side and kind: how it reaches cells (see [`LiveMoves`]).
    pub(super) live_moves: Vec<LiveMoves>,
    /// Per side: the pawn-like kinds and the leap tables of their
    /// captures, whose targets a piece's safe mobility leaves out.
    pub(super) pawn_captures: [Vec<(Kind, u16)>; 2],
    /// The pawn-like kinds with files, and their terms.
    pub(super) pawn_terms: Vec<(Kind, PawnTerms)>,
    /// Per side, kind and cell (pawn-like kinds with files).
    pub(super) pawn_sets: Vec<PawnSets<B>>,
    /// Kinds that count as pawns for passed pieces.
    pub(super) pawn_kinds: Vec<Kind>,
    /// Per kind: feature indices of [`Term::Pair`], [`Term::Open`] and
    /// [`Term::HalfOpen`].
    pub(super) pair_of: [Option<usize>; MAX_KINDS],
    pub(super) open_of: [Option<usize>; MAX_KINDS],
    pub(super) half_open_of: [Option<usize>; MAX_KINDS],
    /// The pawn-like kind whose forward step defines a piece's file for
    /// [`Term::Open`] (the first with files).
    pub(super) file_kind: Option<Kind>,
    /// Whether any [`Term::Pair`] weight is not 0.
    pub(super) uses_pair: bool,
    /// Whether any [`Term::Open`] or [`Term::HalfOpen`] weight is not 0.
    pub(super) uses_open: bool,
    pub(super) shelter: Option<usize>,
    pub(super) pressure: Option<usize>,
    /// [`Term::KingDanger`]'s feature, and its packed weight times its
    /// count by summed zone cells (0 to [`DANGER_UNITS`]; two or more
    /// attackers).
    pub(super) danger: Option<usize>,
    pub(super) danger_packed: Vec<i64>,
    pub(super) goal: Option<usize>,
    pub(super) tempo: Option<usize>,
    /// Whether any [`Term::Tropism`] or [`Term::Attack`] weight is not 0
    /// (else the evaluation skips them).
    pub(super) uses_near: bool,
    /// Whether any pawn-structure weight is not 0.
    pub(super) uses_pawn_structure: bool,
    /// Whether any [`Term::Mobility`], [`Term::KingAttack`] or
    /// [`Term::KingDanger`] weight is not 0.
    pub(super) uses_mobility: bool,
    /// Per kind: what every piece of it reads.
    pub(super) kind_info: [KindInfo; MAX_KINDS],
    pub(super) phase_total: i32,
}

impl<B: BitSet> EvalTables<B> {
    /// The tables of `game` with `defaults` overridden by the weights
    /// file `text` (empty: the defaults).
    pub fn build<R: Rules<Bits = B>>(
        game: Variant<R>,
        defaults: &Defaults,
        has_goal: bool,
        text: &str,
    ) -> Result<EvalTables<B>, String> {
        let t: &'static Tables<B> = game.tables();
        let n = t.len();
        let nk = t.kinds.len();
        let idx = |side: Side, k: usize, cell: usize| (side.index() * nk + k) * n + cell;
        // Empty-board reach of every kind from every cell.
        let reach: Vec<B> = (0..2 * nk * n)
            .map(|i| {
                let side = if i / (nk * n) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                targets(t, ((i / n) % nk) as Kind, side, (i % n) as Cell, Reach::All)
            })
            .collect();
        // A game without a royal kind (antichess) has no King to keep safe.
        let royal = t.royal_kind();
        let steps = |cell: usize| {
            royal.map_or(0, |k| {
                targets(t, k, Side::White, cell as Cell, Reach::Moves).count() as i32
            })
        };
        let king_steps: Vec<i32> = (0..n).map(steps).collect();

        let mut roles = Vec::new();
        let mut progress_of: Vec<[Option<Vec<f64>>; 2]> = Vec::new();
        let mut forward_step: Vec<Option<V3>> = Vec::new();
        for (k, info) in t.kinds.iter().enumerate() {
            let def = info.def;
            let pawn_like = def.pawn.is_some() || def.promotes || def.resets_clock;
            let progress = Side::BOTH.map(|s| progress(t, k as Kind, s));
            let step = if pawn_like {
                def.moves
                    .iter()
                    .find(|c| c.mode == chess3d_core::def::Mode::MoveOnly)
                    .map(|c| c.base)
            } else {
                None
            };
            roles.push(KindRole {
                royal: def.royal,
                pawn_like,
                has_files: step.is_some(),
                has_progress: progress[0].is_some(),
            });
            progress_of.push(progress);
            forward_step.push(step);
        }
        // Piece-square tables in White's view: the cells a kind may stand
        // on; Black's piece on a cell counts the mirrored one.
        let square_cells: Vec<Vec<Cell>> = (0..nk)
            .map(|k| {
                (0..n as Cell)
                    .filter(|&c| allowed(t, k as Kind, Side::White, c))
                    .collect()
            })
            .collect();
        let features = game_features(t, &roles, has_goal, &square_cells);
        let square_index = square_index(&features, nk, n);
        let cell_names: Vec<String> = (0..n as Cell).map(|c| t.geo.name(c).to_string()).collect();
        let letters: Vec<char> = t.kinds.iter().map(|k| k.def.letter).collect();
        let find = |term, kind: Option<usize>| {
            index_of(&features, &letters, term, kind.map(|k| letters[k]))
        };

        // Averages and defaults.
        let mut mobility = [0.0; MAX_KINDS];
        let mut weights = vec![[0; 2]; features.len()];
        let set = |weights: &mut Vec<[i32; 2]>, term, kind, w: i32| {
            if let Some(i) = find(term, kind) {
                weights[i] = [w, w];
            }
        };
        for (k, info) in t.kinds.iter().enumerate() {
            let def = info.def;
            let allowed: Vec<usize> = (0..n)
                .filter(|&c| allowed(t, k as Kind, Side::White, c as Cell))
                .collect();
            let avg = allowed
                .iter()
                .map(|&c| reach[idx(Side::White, k, c)].count() as f64)
                .sum::<f64>()
                / allowed.len().max(1) as f64;
            mobility[k] = avg;
            let value = match defaults.values.iter().find(|(l, _)| *l == def.letter) {
                Some(&(_, v)) => v,
                None if def.royal => 0,
                None if roles[k].pawn_like => PAWN_VALUE,
                None if avg > 0.0 => derived_value(avg),
                // A kind of data alone that reaches no cell (a game file's
                // may: its moves leave the board, or it may stand nowhere)
                // only stands and blocks.
                None if !R::SPECIAL_MOVES && !R::has_special_targets(k as Kind) => PAWN_VALUE,
                None => {
                    return Err(format!(
                        "{}: '{}' moves by special moves only; give its value",
                        t.def.id, def.letter
                    ))
                }
            };
            // Where losing every piece wins (antichess), each piece counts
            // against its side.
            let value = if t.def.extinction == Some(Extinction::Win) {
                -value
            } else {
                value
            };
            set(&mut weights, Term::Value, Some(k), value);
            if def.royal {
                set(&mut weights, Term::Centre, Some(k), -defaults.king_edge);
            } else if !roles[k].pawn_like {
                set(&mut weights, Term::Centre, Some(k), defaults.mobility);
            }
            set(&mut weights, Term::Progress, Some(k), defaults.advancement);
        }
        set(&mut weights, Term::Shelter, None, defaults.king_shelter);
        set(&mut weights, Term::Pressure, None, -defaults.king_pressure);
        set(&mut weights, Term::Temple, None, defaults.goal);
        set(&mut weights, Term::Goal, None, defaults.goal);
        set(&mut weights, Term::Tempo, None, defaults.tempo);
        super::weights::read(text, &features, &letters, &cell_names, &mut weights)?;

        // Piece-square coefficients.
        let (lo, hi) = bounds(t);
        let ([_, ylo, zlo], [_, yhi, zhi]) = (lo, hi);
        // The cell whose view from White is `cell`'s from `side`.
        let white_view = |side: Side, cell: Cell| white_view(t, (lo, hi), side, cell);
        // The royal piece's distance to its goal: the temple, a region.
        let goal_distance = |side: Side| {
            t.has_goal
                .then(|| distance_to(t, t.royal, side, t.goal[side.index()]))
        };
        let temple = goal_distance(Side::White);
        let temple_black = goal_distance(Side::Black);
        // Height counts from a side's own home: where both Kings start on
        // one level (a pyramid, Elevator, Polyhedron) the lowest level is
        // 0 for both; where they start apart (Star Trek's main boards), the
        // side starting higher counts from the top.
        let start = game.start();
        let king_z = Side::BOTH.map(|s| start.royal_cell(s).map(|c| t.geo.coord(c)[2]));
        let from_top = Side::BOTH.map(|s| match (king_z[s.index()], king_z[s.other().index()]) {
            (Some(own), Some(other)) => own > other,
            _ => false,
        });
        let mut coefficients = vec![Vec::new(); 2 * nk * n];
        let mut progress = vec![0.0f32; 2 * nk * n];
        for side in Side::BOTH {
            for (k, info) in t.kinds.iter().enumerate() {
                let def = info.def;
                for cell in 0..n {
                    let v = t.geo.coord(cell as Cell);
                    let mut c: Vec<(u16, f32)> = Vec::new();
                    let mut push = |term, x: f64| {
                        if let Some(i) = find(term, Some(k)) {
                            c.push((i as u16, x as f32));
                        }
                    };
                    push(Term::Value, 1.0);
                    let centre = if def.royal {
                        king_steps[cell] as f64 - average(&king_steps)
                    } else {
                        reach[idx(side, k, cell)].count() as f64 - mobility[k]
                    };
                    push(Term::Centre, centre);
                    let y = if side == Side::White || t.def.black_mirror[1] > 0 {
                        v[1] - ylo
                    } else {
                        yhi - v[1]
                    };
                    push(Term::Forward, y as f64 / (yhi - ylo).max(1) as f64);
                    let height = if from_top[side.index()] {
                        zhi - v[2]
                    } else {
                        v[2] - zlo
                    };
                    push(Term::Level, height as f64 / (zhi - zlo).max(1) as f64);
                    if let Some(p) = &progress_of[k][side.index()] {
                        push(Term::Progress, p[cell]);
                        progress[idx(side, k, cell)] = p[cell] as f32;
                    }
                    if def.royal {
                        let d = if side == Side::White {
                            &temple
                        } else {
                            &temple_black
                        };
                        if let (Some(d), Some(i)) = (d, find(Term::Temple, None)) {
                            c.push((i as u16, closeness(d, cell as Cell) as f32));
                        }
                    }
                    if let Some(i) = white_view(side, cell as Cell)
                        .and_then(|w| square_index[k * n + w as usize])
                    {
                        c.push((i as u16, 1.0));
                    }
                    c.retain(|&(_, x)| x != 0.0);
                    coefficients[idx(side, k, cell)] = c;
                }
            }
        }
        let pst: Vec<i64> = coefficients
            .iter()
            .map(|c| super::pack(weigh(c, &weights)))
            .collect();

        // The King's zone, and who attacks it.
        let king_zone = Side::BOTH.map(|side| {
            (0..n)
                .map(|c| royal.map_or(B::EMPTY, |k| targets(t, k, side, c as Cell, Reach::Moves)))
                .collect::<Vec<B>>()
        });
        let mut check_from = vec![B::EMPTY; 2 * nk * n];
        let mut near = [vec![0u32; n * n], vec![0u32; n * n]];
        for side in Side::BOTH {
            let enemy_zone = &king_zone[side.other().index()];
            debug_assert!(nk <= NEAR_SHIFT as usize);
            for (k, info) in t.kinds.iter().enumerate() {
                if info.def.royal {
                    continue;
                }
                for from in 0..n {
                    let r = reach[idx(side, k, from)];
                    if info.def.gives_check {
                        for king in r.iter() {
                            check_from[idx(side, k, king as usize)].insert(from as Cell);
                        }
                    }
                    for king in 0..n {
                        let zone = enemy_zone[king] | B::single(king as Cell);
                        if !(r & zone).is_empty() {
                            near[side.index()][king * n + from] |= 1 << k;
                        }
                    }
                }
            }
            for king in 0..n {
                for cell in 0..n {
                    let (a, b) = (t.geo.coord(king as Cell), t.geo.coord(cell as Cell));
                    let d = (0..3).map(|i| (a[i] - b[i]).abs()).max().unwrap_or(0);
                    let count = (TROPISM_RANGE - d).max(0) as u32;
                    near[side.index()][king * n + cell] |= count << NEAR_SHIFT;
                }
            }
        }
        let most = king_steps.iter().copied().max().unwrap_or(0);
        let edge: Vec<i32> = king_steps.iter().map(|s| most - s).collect();
        // Pawn structure.
        let pawn_kinds: Vec<Kind> = (0..nk)
            .filter(|&k| roles[k].pawn_like)
            .map(|k| k as Kind)
            .collect();
        let mut pawn_terms = Vec::new();
        let mut pawn_sets = vec![
            PawnSets {
                front_span: B::EMPTY,
                file_ahead: B::EMPTY,
                adjacent_files: B::EMPTY,
                defenders: B::EMPTY,
            };
            2 * nk * n
        ];
        let mut passed = vec![0; 2 * nk * n];
        for (k, step) in forward_step.iter().enumerate() {
            let Some(step) = *step else {
                continue;
            };
            let terms = PawnTerms {
                passed: find(Term::Passed, Some(k)),
                passed_progress: find(Term::PassedProgress, Some(k)),
                doubled: find(Term::Doubled, Some(k)),
                isolated: find(Term::Isolated, Some(k)),
                defended: find(Term::Defended, Some(k)),
            };
            pawn_terms.push((k as Kind, terms));
            for side in Side::BOTH {
                let v: V3 = if side == Side::White {
                    step
                } else {
                    std::array::from_fn(|i| step[i] * t.def.black_mirror[i])
                };
                let sides = side_steps(v);
                let captures: Vec<B> = (0..n)
                    .map(|from| targets(t, k as Kind, side, from as Cell, Reach::Captures))
                    .collect();
                for cell in 0..n {
                    let c = t.geo.coord(cell as Cell);
                    let line = |from: V3, ahead_only: bool| {
                        let mut s = B::EMPTY;
                        let span = 2 * (yhi - ylo + zhi - zlo + 16);
                        let lo = if ahead_only { 1 } else { -span };
                        for j in lo..=span {
                            let at = std::array::from_fn(|i| from[i] + j * v[i]);
                            if let Some(x) = t.geo.cell_at(at) {
                                s.insert(x);
                            }
                        }
                        s
                    };
                    let file_ahead = line(c, true);
                    let mut front_span = file_ahead;
                    let mut adjacent_files = B::EMPTY;
                    for u in &sides {
                        let from = std::array::from_fn(|i| c[i] + u[i]);
                        front_span |= line(from, true);
                        adjacent_files |= line(from, false);
                    }
                    let mut defenders = B::EMPTY;
                    for (from, c) in captures.iter().enumerate() {
                        if c.contains(cell as Cell) {
                            defenders.insert(from as Cell);
                        }
                    }
                    let i = idx(side, k, cell);
                    pawn_sets[i] = PawnSets {
                        front_span,
                        file_ahead,
                        adjacent_files,
                        defenders,
                    };
                    let w = |f: Option<usize>| f.map_or([0; 2], |f| weights[f]);
                    let (p, pp) = (w(terms.passed), w(terms.passed_progress));
                    let x = progress[i];
                    passed[i] =
                        super::pack([0, 1].map(|j| p[j] + (pp[j] as f32 * x).round() as i32));
                }
            }
        }

        // Phase: the material of pieces other than Kings and pawn-like
        // ones, against the start's.
        let mut value = [0; MAX_KINDS];
        let mut phase_weight = [0; MAX_KINDS];
        for k in 0..nk {
            if let Some(i) = find(Term::Value, Some(k)) {
                // What a capture gains, for ordering moves: the size of a
                // piece's value, whichever side it counts for.
                value[k] = weights[i][0].abs();
            }
            if !roles[k].royal && !roles[k].pawn_like {
                phase_weight[k] = value[k].max(0);
            }
        }
        let phase_total = Side::BOTH
            .iter()
            .flat_map(|&s| start.side_cells(s).iter())
            .map(|c| phase_weight[start.piece_at(c).kind() as usize])
            .sum::<i32>()
            .max(1);
        let per_kind =
            |term| std::array::from_fn(|k| if k < nk { find(term, Some(k)) } else { None });
        let per_kind_weight = |term, k| {
            if k < nk {
                find(term, Some(k)).map_or(0, |f| super::pack(weights[f]))
            } else {
                0
            }
        };
        let kind_info = std::array::from_fn(|k| KindInfo {
            value: value[k],
            phase: phase_weight[k],
            tropism: per_kind_weight(Term::Tropism, k),
            attack: per_kind_weight(Term::Attack, k),
            mobility: per_kind_weight(Term::Mobility, k),
            king_attack: per_kind_weight(Term::KingAttack, k),
            live: k < nk
                && (find(Term::Mobility, Some(k)).is_some()
                    || find(Term::KingAttack, Some(k)).is_some()),
        });
        let used = |terms: &[Term]| {
            features
                .iter()
                .zip(&weights)
                .any(|(f, w)| terms.contains(&f.term) && *w != [0, 0])
        };
        let uses_pair = used(&[Term::Pair]);
        let uses_open = used(&[Term::Open, Term::HalfOpen]);
        let file_kind = pawn_terms.first().map(|(k, _)| *k);
        let uses_near = used(&[Term::Tropism, Term::Attack]);
        let uses_mobility = used(&[Term::Mobility, Term::KingAttack, Term::KingDanger]);
        let danger = find(Term::KingDanger, None);
        let danger_packed = (0..=DANGER_UNITS)
            .map(|units| {
                let [mg, eg] = danger.map_or([0, 0], |f| weights[f]);
                let n = king_danger(units, DANGER_ATTACKERS);
                super::pack([mg, eg].map(|w| (w as f32 * n).round() as i32))
            })
            .collect();
        let mut live_moves = Vec::with_capacity(2 * nk);
        let mut pawn_captures: [Vec<(Kind, u16)>; 2] = Default::default();
        for side in Side::BOTH {
            for (k, info) in t.kinds.iter().enumerate() {
                // A pawn-like piece's moves attack nothing.
                let reach = if roles[k].pawn_like {
                    Reach::Captures
                } else {
                    Reach::All
                };
                live_moves.push(movement(t, k as Kind, side, reach));
                if let (true, Some(l)) =
                    (roles[k].pawn_like, info.moves[side.index()].capture_leaps)
                {
                    pawn_captures[side.index()].push((k as Kind, l));
                }
            }
        }
        let uses_pawn_structure = used(&[
            Term::Passed,
            Term::PassedProgress,
            Term::Doubled,
            Term::Isolated,
            Term::Defended,
        ]);
        Ok(EvalTables {
            uses_near,
            uses_mobility,
            live_moves,
            pawn_captures,
            mobility_of: per_kind(Term::Mobility),
            king_attack_of: per_kind(Term::KingAttack),
            uses_pawn_structure,
            packed: weights.iter().map(|&w| super::pack(w)).collect(),
            weights,
            letters: letters.clone(),
            cell_names,
            value,
            mobility,
            mop_up: defaults.mop_up,
            network: None,
            kinds: nk,
            cells: n,
            coefficients,
            pst,
            progress,
            passed,
            king_zone,
            edge,
            check_from,
            near,
            tropism_of: per_kind(Term::Tropism),
            attack_of: per_kind(Term::Attack),
            pawn_terms,
            pawn_sets,
            pawn_kinds,
            pair_of: per_kind(Term::Pair),
            open_of: per_kind(Term::Open),
            half_open_of: per_kind(Term::HalfOpen),
            file_kind,
            uses_pair,
            uses_open,
            shelter: find(Term::Shelter, None),
            pressure: find(Term::Pressure, None),
            danger,
            danger_packed,
            goal: find(Term::Goal, None),
            tempo: find(Term::Tempo, None),
            kind_info,
            phase_total,
            features,
        })
    }

    /// Whether the evaluation reads any piece for more than its own parts
    /// (piece-square terms, material, phase): for its reach, its distance
    /// to the enemy King or its file. Else those parts, kept from ply to
    /// ply ([`super::incremental`]), spare it a visit of every piece.
    pub fn visits_pieces(&self) -> bool {
        self.uses_near || self.uses_mobility || (self.file_kind.is_some() && self.uses_open)
    }

    /// Cells from which `side`'s piece of `kind` attacks `king` on the
    /// empty board.
    #[inline]
    pub fn check_from(&self, side: Side, kind: Kind, king: Cell) -> B {
        self.check_from[self.at(side, kind, king)]
    }

    /// The cells `side`'s piece of `kind` on `cell` reaches when the
    /// cells `blocked` stop slides (see [`LiveMoves`]).
    #[inline]
    pub(super) fn live_reach(
        &self,
        t: &Tables<B>,
        side: Side,
        kind: Kind,
        cell: Cell,
        blocked: B,
    ) -> B {
        let m = &self.live_moves[side.index() * self.kinds + kind as usize];
        let mut reach = B::EMPTY;
        for &d in &m.dirs {
            reach |= t.slide(d, cell, blocked);
        }
        for &l in &m.leaps {
            reach |= t.leap(l, cell);
        }
        reach
    }

    /// The cells `side`'s pawn-like pieces capture on, `pieces(kind)`
    /// being the side's pieces of a kind.
    #[inline]
    pub(super) fn pawn_attacks(&self, t: &Tables<B>, side: Side, pieces: impl Fn(Kind) -> B) -> B {
        let mut attacked = B::EMPTY;
        for &(k, leaps) in &self.pawn_captures[side.index()] {
            for cell in pieces(k).iter() {
                attacked |= t.leap(leaps, cell);
            }
        }
        attacked
    }

    /// Index of a side, kind and cell in the per-piece tables.
    #[inline]
    pub(super) fn at(&self, side: Side, kind: Kind, cell: Cell) -> usize {
        (side.index() * self.kinds + kind as usize) * self.cells + cell as usize
    }

    /// The weights file of these weights.
    pub fn to_file(&self, header: &str) -> String {
        super::weights::write(
            header,
            &self.features,
            &self.letters,
            &self.cell_names,
            &self.weights,
        )
    }

    /// The weights `[middle game, end game]` of a term (for a kind's
    /// letter), if the game has it.
    pub fn weight(&self, term: Term, letter: Option<char>) -> Option<[i32; 2]> {
        index_of(&self.features, &self.letters, term, letter).map(|i| self.weights[i])
    }

    /// The count of `term` that a piece on `cell` contributes (its
    /// piece-square terms only).
    pub fn coefficient(&self, side: Side, kind: Kind, cell: Cell, term: Term) -> f32 {
        self.coefficients[self.at(side, kind, cell)]
            .iter()
            .filter(|&&(f, _)| self.features[f as usize].term == term)
            .map(|&(_, x)| x)
            .sum()
    }

    /// A feature's name: `value.P`, `tempo`.
    pub fn feature_name(&self, i: usize) -> String {
        let f = self.features[i];
        match (f.kind, f.cell) {
            (Some(k), Some(c)) => format!(
                "{}.{}.{}",
                f.term.name(),
                self.letters[k as usize],
                self.cell_names[c as usize]
            ),
            (Some(k), None) => format!("{}.{}", f.term.name(), self.letters[k as usize]),
            _ => f.term.name().to_string(),
        }
    }
}

/// A piece-square entry's weighted sum.
fn weigh(c: &[(u16, f32)], weights: &[[i32; 2]]) -> [i32; 2] {
    [0, 1].map(|j| {
        c.iter()
            .map(|&(f, x)| weights[f as usize][j] as f32 * x)
            .sum::<f32>()
            .round() as i32
    })
}

fn average(v: &[i32]) -> f64 {
    v.iter().map(|&x| x as f64).sum::<f64>() / v.len().max(1) as f64
}

/// The unit steps sideways of forward step `v` (not along it): the files
/// next to a pawn's own.
fn side_steps(v: V3) -> Vec<V3> {
    let mut out = Vec::new();
    for x in -1..=1 {
        for y in -1..=1 {
            for z in -1..=1 {
                let u = [x, y, z];
                // Parallel to v when the cross product is zero.
                let cross = [
                    u[1] * v[2] - u[2] * v[1],
                    u[2] * v[0] - u[0] * v[2],
                    u[0] * v[1] - u[1] * v[0],
                ];
                if cross != [0, 0, 0] && (0..3).all(|i| u[i] * v[i] == 0) {
                    out.push(u);
                }
            }
        }
    }
    out
}

/// Whether a kind may stand on a cell.
fn allowed<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, cell: Cell) -> bool {
    !t.forbidden[kind as usize][side.index()].contains(cell)
}

/// Which of a kind's movements [`targets`] follows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Moves to empty cells.
    Moves,
    /// Captures (shots included).
    Captures,
    All,
}

/// The cells a kind reaches from `cell` on the empty board and may stand
/// on.
fn targets<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, cell: Cell, reach: Reach) -> B {
    let mut out = B::EMPTY;
    for c in raw_targets(t, kind, side, cell, reach).iter() {
        if allowed(t, kind, side, c) {
            out.insert(c);
        }
    }
    out
}

/// The cells a kind's movements reach from `cell` on the empty board,
/// those it may not stand on included (a pawn's last rank, where it
/// promotes).
fn raw_targets<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, cell: Cell, reach: Reach) -> B {
    let m = movement(t, kind, side, reach);
    let mut set = B::EMPTY;
    for &d in &m.dirs {
        set |= t.ray(d, cell);
    }
    for &l in &m.leaps {
        set |= t.leap(l, cell);
    }
    set
}

/// The slide directions and leap tables of a kind's movements of `reach`.
fn movement<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, reach: Reach) -> LiveMoves {
    let km = &t.kinds[kind as usize].moves[side.index()];
    let mut dirs: Vec<u8> = km.both_dirs.clone();
    let mut leaps: Vec<u16> = km.both_leaps.into_iter().collect();
    if reach != Reach::Captures {
        dirs.extend(&km.move_dirs);
        leaps.extend(km.move_leaps);
    }
    if reach != Reach::Moves {
        dirs.extend(km.capture_dirs.iter().chain(&km.shot_dirs));
        leaps.extend(km.capture_leaps.into_iter().chain(km.shot_leaps));
    }
    dirs.sort_unstable();
    dirs.dedup();
    leaps.sort_unstable();
    leaps.dedup();
    LiveMoves { dirs, leaps }
}

/// Per cell: the number of the kind's moves to reach `goal` on the empty
/// board (`u32::MAX` if it cannot).
fn distance_to<B: BitSet>(t: &Tables<B>, kind: Kind, side: Side, goal: B) -> Vec<u32> {
    let n = t.len();
    let mut reverse: Vec<Vec<Cell>> = vec![Vec::new(); n];
    // A pawn may not stand on its last rank: it arrives there and
    // promotes, so the goal counts as reached.
    for c in t.geo.cells().filter(|&c| allowed(t, kind, side, c)) {
        for to in raw_targets(t, kind, side, c, Reach::Moves).iter() {
            if allowed(t, kind, side, to) || goal.contains(to) {
                reverse[to as usize].push(c);
            }
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

/// The lowest and highest coordinates of the board's cells.
pub(super) fn bounds<B>(t: &Tables<B>) -> ([i32; 3], [i32; 3]) {
    t.geo
        .cells()
        .fold(([i32::MAX; 3], [i32::MIN; 3]), |(lo, hi), c| {
            let v = t.geo.coord(c);
            (
                std::array::from_fn(|i| lo[i].min(v[i])),
                std::array::from_fn(|i| hi[i].max(v[i])),
            )
        })
}

/// The cell whose view from White is `cell`'s from `side` (the board's
/// `bounds`): itself for White; for Black, mirrored along the axes the
/// game mirrors Black's moves on, if that cell exists.
pub(super) fn white_view<B>(
    t: &Tables<B>,
    (lo, hi): ([i32; 3], [i32; 3]),
    side: Side,
    cell: Cell,
) -> Option<Cell> {
    if side == Side::White {
        return Some(cell);
    }
    let v = t.geo.coord(cell);
    t.geo.cell_at(std::array::from_fn(|i| {
        if t.def.black_mirror[i] < 0 {
            lo[i] + hi[i] - v[i]
        } else {
            v[i]
        }
    }))
}
