//! A [`GameDef`] compiled into per-cell lookup tables.
//!
//! Built once per game (the games keep them in a `OnceLock`). Slides become
//! one ray set per (direction, cell); leaps one target set per (vector set,
//! cell); attacks are the same tables read backwards: slide directions
//! grouped by the kinds that attack along them (each walked once), leaps by
//! vector set.

use std::collections::BTreeMap;

use crate::bits::BitSet;
pub use crate::castles::{CastleInfo, Castles};
use crate::def::{Area, Choices, DoubleStep, GameDef, Mode, PieceDef, Reach, Zone};
use crate::geometry::{expand, expand_pair, Geometry, NO_CELL, V3};
use crate::zobrist::Keys;
use crate::{Cell, Kind, Move, MoveKind, Side, NO_KIND};

/// Most distinct slide directions a game may have (a 3-D Queen has 26).
pub const MAX_SLIDE_DIRS: usize = 32;

/// A slide direction.
#[derive(Clone, Copy, Debug)]
pub struct Dir {
    pub v: V3,
    /// Whether cell numbers increase along the direction (the nearest piece
    /// on a ray is then the lowest cell of the blockers).
    pub ascending: bool,
}

/// The moves of one kind for one side, split by mode.
#[derive(Clone, Debug, Default)]
pub struct KindMoves {
    pub both_dirs: Vec<u8>,
    pub both_leaps: Option<u16>,
    pub move_dirs: Vec<u8>,
    pub move_leaps: Option<u16>,
    pub capture_dirs: Vec<u8>,
    pub capture_leaps: Option<u16>,
    /// Shots: captures without moving.
    pub shot_dirs: Vec<u8>,
    pub shot_leaps: Option<u16>,
    /// Hops over a hurdle, each in its mode (never a shot).
    pub hops: Vec<Hop>,
    /// Lame leaps (their index in the tables' lame leaps), each in its
    /// mode (never a shot).
    pub lame: Vec<(u16, Mode)>,
}

/// A hop along a slide direction: [`Reach::Hop`], or with `next`
/// [`Reach::Grasshop`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    pub dir: u8,
    pub next: bool,
    pub mode: Mode,
}

impl KindMoves {
    /// Whether the data gives the kind no move at all (its moves are a
    /// game's own rule).
    pub fn is_empty(&self) -> bool {
        let dirs = [
            &self.both_dirs,
            &self.move_dirs,
            &self.capture_dirs,
            &self.shot_dirs,
        ];
        let leaps = [
            self.both_leaps,
            self.move_leaps,
            self.capture_leaps,
            self.shot_leaps,
        ];
        dirs.iter().all(|d| d.is_empty())
            && leaps.iter().all(|l| l.is_none())
            && self.hops.is_empty()
            && self.lame.is_empty()
    }
}

/// A piece kind with its compiled movement.
#[derive(Clone, Debug)]
pub struct KindInfo {
    pub def: &'static PieceDef,
    /// Movement per side.
    pub moves: [KindMoves; 2],
    /// Per side: the kind's double steps from each cell.
    pub double_step: [DoubleSteps; 2],
}

/// A kind's double steps from each cell. Most kinds with any have one per
/// cell (chess), kept apart from any others (Berolina's second diagonal) so
/// that the move loop reads one entry where it can.
#[derive(Clone, Debug, Default)]
pub struct DoubleSteps {
    /// Per cell: its first double step as the skipped and the target cell,
    /// `(NO_CELL, NO_CELL)` where it has none; empty when the kind has none.
    first: Vec<(Cell, Cell)>,
    /// Per cell: its further double steps, `more_per_cell` each, padded
    /// with `(NO_CELL, NO_CELL)`.
    more: Vec<(Cell, Cell)>,
    more_per_cell: usize,
    /// Per start cell: whether its double steps can be taken en passant.
    takeable: Vec<bool>,
}

impl DoubleSteps {
    /// The kind's double steps, `steps[cell]` those from each cell, and
    /// whether those from each cell can be taken en passant.
    fn new(steps: Vec<Vec<(Cell, Cell)>>, takeable: Vec<bool>) -> Self {
        let more_per_cell = steps.iter().map(|s| s.len().saturating_sub(1)).max();
        let more_per_cell = more_per_cell.unwrap_or(0);
        let none = (NO_CELL, NO_CELL);
        let mut first = Vec::with_capacity(steps.len());
        let mut more = Vec::with_capacity(steps.len() * more_per_cell);
        for cell in &steps {
            first.push(cell.first().copied().unwrap_or(none));
            let others = cell.get(1..).unwrap_or(&[]);
            more.extend(others);
            more.extend(std::iter::repeat_n(none, more_per_cell - others.len()));
        }
        if steps.iter().all(Vec::is_empty) {
            first.clear();
        }
        Self {
            first,
            more,
            more_per_cell,
            takeable,
        }
    }

    /// The first double step from `from`, if it has any.
    #[inline]
    pub fn first(&self, from: Cell) -> Option<(Cell, Cell)> {
        self.first
            .get(from as usize)
            .copied()
            .filter(|&(mid, _)| mid != NO_CELL)
    }

    /// Whether some cell has more than one double step.
    pub fn several(&self) -> bool {
        self.more_per_cell > 0
    }

    /// The double steps from `from` after [`Self::first`], some of them
    /// `(NO_CELL, NO_CELL)` padding after the others.
    #[inline]
    fn more(&self, from: Cell) -> &[(Cell, Cell)] {
        if self.more_per_cell == 0 {
            return &[];
        }
        let start = from as usize * self.more_per_cell;
        self.more
            .get(start..start + self.more_per_cell)
            .unwrap_or(&[])
    }

    /// Every double step from `from`.
    pub fn from(&self, from: Cell) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        let more = self.more(from).iter().copied();
        self.first(from)
            .into_iter()
            .chain(more.take_while(|&(mid, _)| mid != NO_CELL))
    }

    /// Whether the double steps from `from` can be taken en passant.
    #[inline]
    pub fn takeable_from(&self, from: Cell) -> bool {
        self.takeable.get(from as usize).copied().unwrap_or(false)
    }
}

/// Slide directions along which the same kinds attack (each direction is in
/// exactly one group, so it is walked once).
#[derive(Clone, Debug)]
pub struct SlideAttack {
    pub kinds: Vec<Kind>,
    /// Directions to walk from the attacked cell to find such a slider.
    pub walk_dirs: Vec<u8>,
}

/// Hop directions along which the same kinds attack, all hops or all
/// grasshops (`next`).
#[derive(Clone, Debug)]
pub struct HopAttack {
    pub kinds: Vec<Kind>,
    pub next: bool,
    /// Directions to walk from the attacked cell to the hurdle, then on
    /// to such a hopper.
    pub walk_dirs: Vec<u8>,
}

/// Lame leaps with which the same kinds attack.
#[derive(Clone, Debug)]
pub struct LameAttack {
    pub kinds: Vec<Kind>,
    /// Their index in the tables' lame leaps.
    pub leaps: Vec<u16>,
}

/// Kinds that attack with the same leaps.
#[derive(Clone, Debug)]
pub struct LeapAttack {
    pub kinds: Vec<Kind>,
    /// Leap table giving, for a cell, the cells from which they attack it.
    pub from_set: u16,
}

/// Everything the position and the move generator look up.
#[derive(Debug)]
pub struct Tables<B> {
    pub def: &'static GameDef,
    pub geo: Geometry,
    pub dirs: Vec<Dir>,
    rays: Vec<B>,
    leaps: Vec<B>,
    pub kinds: Vec<KindInfo>,
    /// The royal kind (the King); [`NO_KIND`] in a game without one
    /// (antichess, whose King is a piece like the others: only a game
    /// without check may lack it).
    pub royal: Kind,
    /// Per attacking side: slide and leap attackers of royal pieces.
    pub slide_attacks: [Vec<SlideAttack>; 2],
    pub leap_attacks: [Vec<LeapAttack>; 2],
    pub hop_attacks: [Vec<HopAttack>; 2],
    pub lame_attacks: [Vec<LameAttack>; 2],
    /// Whether any piece hops or leaps lamely, or is confined, or the
    /// royal pieces may not face each other. Attacks then depend on more
    /// than a line and its end: a piece arriving on a hopper's line can
    /// make an attack (a Cannon's new hurdle), one arriving on a lame
    /// leaper's block can stop one, a confined piece attacks only its
    /// zone, the royal pieces attack each other along the facing lines;
    /// the straight-line check and pin logic sees none of it. The move
    /// generator has a copy with them, so that the games without them do
    /// not pay for a test a piece.
    pub indirect: bool,
    /// Whether a kind has more than one double step from a cell, or one
    /// into its promotion zone (Berolina, Torpedo), or a move from the
    /// promotion zone may promote (shogi): the move generator's copy for
    /// the rarer rules then makes those moves.
    pub double_steps_rare: bool,
    /// Per lame leap and cell (at `leap * cells + cell`): its target and
    /// its block from the cell; and the cell it comes from to land on the
    /// cell, with that leap's block. `NO_CELL` where off the board.
    lame_forward: Vec<(Cell, Cell)>,
    lame_backward: Vec<(Cell, Cell)>,
    /// Per attacking side and cell: every cell on the empty board's lines
    /// from the cell along which a slider or a hopper of that side could
    /// attack it (the union of [`SlideAttack::walk_dirs`]' and
    /// [`HopAttack::walk_dirs`]' rays), and the blocks of its lame
    /// leapers' leaps onto it. A piece off these cells of its own royal
    /// piece cannot uncover an attack on it.
    royal_lines: [Vec<B>; 2],
    /// The same for hoppers alone: a piece arriving off these lines cannot
    /// make an attack on the royal piece by becoming a hurdle.
    hop_lines: [Vec<B>; 2],
    /// Per attacking side, kind and cell (at `kind * cells + cell`): where
    /// a piece of the kind attacks the cell from on the empty board (or,
    /// a hopper, could with a hurdle between), by
    /// [`Tables::slide_attacks`] and [`Tables::leap_attacks`] (empty for
    /// kinds that do not give check).
    attack_from: [Vec<B>; 2],
    /// Per capturing side: kinds that may capture en passant, with the leap
    /// table of the cells from which they capture a cell.
    pub ep_capturers: [Vec<(Kind, u16)>; 2],
    /// Whether en passant is written and hashed with the cell the double
    /// step landed on as well as the one it skipped: where two double
    /// steps of a side skip the same cell (Berolina's diagonal ones), the
    /// skipped cell alone may not say which was made.
    pub ep_names_landing: bool,
    pub promotion_zone: [B; 2],
    /// Fixed promotion choices (empty when they come from the pool).
    pub promotion_choices: [Vec<Kind>; 2],
    /// Whether promotion choices come from the captured-piece pool, and
    /// which kinds may be taken from it (in a game with drops: which may be
    /// held in a hand, every kind but the royal one).
    pub promotion_pool: bool,
    pub pool_kinds: Vec<Kind>,
    /// In a game with drops, the kind a captured promoted piece enters the
    /// hand as: the kind that promotes (one kind only, the loader checks).
    pub demoted: Kind,
    /// Per side: the cells of the promotion zone where a piece must
    /// promote (`PromotionDef::optional` names the others).
    pub promotion_compulsory: [B; 2],
    /// Per kind and side: the cells where a move of the kind that may
    /// promote must: the compulsory ones, and those the kind may not
    /// stand on (shogi's Pawn on the last rank, where it could not move).
    pub stay_barred: Vec<[B; 2]>,
    /// Whether a move from the promotion zone may promote wherever it
    /// ends (`PromotionDef::from_zone`).
    pub promote_from_zone: bool,
    /// Per kind: its own promoted form (`PieceDef::promoted_from`, its
    /// only choice), or `NO_KIND`.
    pub promoted_form: Vec<Kind>,
    /// Per kind: the kind a captured piece of it enters a hand as (its
    /// own, or the kind it is the promoted form of).
    pub hand_kind: Vec<Kind>,
    /// Per cell, in a game where a kind may not be dropped on a file
    /// holding one of its side's already (`PieceDef::drop_no_doubled`):
    /// the cells of its file on its level. Empty otherwise.
    pub file_cells: Vec<B>,
    /// Whether a kind promotes to a promoted form of its own, so that a
    /// move's `+` is its promotion, not a check (shogi).
    pub plus_promotes: bool,
    /// Whether a kind's drop may not checkmate (`PieceDef::drop_mates`),
    /// so that checking drops of it are tested by making them.
    pub drop_mate_barred: bool,
    /// Per kind: how many a side may have on the board before it is no
    /// longer a promotion choice (`PromotionDef::limits`); 0, no limit.
    pub promotion_limit: Vec<u8>,
    /// Per kind: the kind it becomes on arrival in a zone, with each side's
    /// zone (Ziggurat's Guard on level 0).
    pub becomes: Vec<Option<(Kind, [B; 2])>>,
    /// Per kind and side: the cells it may never stand on
    /// (`PieceDef::forbidden`, and those outside `PieceDef::confined`).
    pub forbidden: Vec<[B; 2]>,
    /// Per kind and side: the cells of the board where it may stand, those
    /// a piece of the kind may be dropped on when empty.
    pub drop_cells: Vec<[B; 2]>,
    /// Per kind and side: the cells its moves may end on
    /// (`PieceDef::confined`; every cell when it has no confinement).
    pub confined: Vec<[B; 2]>,
    /// Per side and cell: the kinds (a bit each) whose confinement keeps
    /// them off the cell, which so cannot attack it; all zero when no
    /// kind is confined.
    confined_away: [Vec<u16>; 2],
    /// Walk directions of `GameDef::facing_lines`, both ways.
    pub facing: Vec<u8>,
    /// The cell a royal piece wins on, if the game has one.
    pub temple: Option<Cell>,
    /// Per side: the cells its royal piece wins on (the temple and the
    /// side's cells of `GameDef::royal_goal`), and whether there are any.
    pub goal: [B; 2],
    pub has_goal: bool,
    /// Whether a move can end the game at once
    /// ([`crate::Position::immediate_result`]): in a game without check,
    /// with a goal, counting checks, or ended by extinction.
    pub ends_by_move: bool,
    pub castling: Castles<B>,
    pub keys: Keys,
}

/// A double step's vectors for White: each of its steps turned by its
/// `sym`, each vector once.
fn double_step_vectors(d: &DoubleStep) -> Vec<V3> {
    let mut vectors: Vec<V3> = Vec::new();
    for v in d.steps.iter().flat_map(|&s| expand(s, d.sym)) {
        if !vectors.contains(&v) {
            vectors.push(v);
        }
    }
    vectors
}

impl<B: BitSet> Tables<B> {
    /// Compiles a game definition. Panics on inconsistent data (an unknown
    /// letter, a board too big for `B`): definitions are static and tested.
    pub fn build(def: &'static GameDef) -> Tables<B> {
        let geo = Geometry::new(def.board.cells(), &def.naming);
        let n = geo.len();
        assert!(n <= B::CAPACITY, "{}: {n} cells do not fit the set", def.id);
        let mut b = Builder {
            geo: &geo,
            dirs: Vec::new(),
            rays: Vec::new(),
            leap_sets: BTreeMap::new(),
            leaps: Vec::new(),
            lame_leaps: Vec::new(),
            lame_forward: Vec::new(),
            lame_backward: Vec::new(),
        };
        let mirror = |side: Side, v: V3| match side {
            Side::White => v,
            Side::Black => [
                v[0] * def.black_mirror[0],
                v[1] * def.black_mirror[1],
                v[2] * def.black_mirror[2],
            ],
        };

        let mut kinds = Vec::new();
        // Capture-capable vectors per (side, kind).
        let mut capture_vectors: Vec<[CaptureVectors; 2]> = Vec::new();
        for pd in def.pieces {
            // The double step: its vector and each side's start cells.
            let double_step_of = pd.pawn.and_then(|p| p.double_step).map(|d| {
                (
                    double_step_vectors(&d),
                    zone_cells::<B>(&geo, def.black_mirror, d.from),
                    d.en_passant_from
                        .map_or([B::FULL; 2], |z| zone_cells(&geo, def.black_mirror, z)),
                )
            });
            let mut moves: [KindMoves; 2] = Default::default();
            let mut caps: [CaptureVectors; 2] = Default::default();
            let mut double_step: [DoubleSteps; 2] = Default::default();
            for side in Side::BOTH {
                let mut by_mode: BTreeMap<(u8, bool), Vec<Origin>> = BTreeMap::new();
                for comp in pd.moves {
                    let mode = match comp.mode {
                        Mode::Both => 0,
                        Mode::MoveOnly => 1,
                        Mode::CaptureOnly => 2,
                        Mode::Shoot => 3,
                    };
                    if let Some(block) = comp.lame {
                        for (v, u) in expand_pair(comp.base, block, comp.sym) {
                            let leap = b.lame(mirror(side, v), mirror(side, u));
                            let km = &mut moves[side.index()];
                            if !km.lame.contains(&(leap, comp.mode)) {
                                km.lame.push((leap, comp.mode));
                            }
                            let c = &mut caps[side.index()].lame;
                            if comp.mode != Mode::MoveOnly && !c.contains(&leap) {
                                c.push(leap);
                            }
                        }
                        continue;
                    }
                    // A leap's start cells, when the data limits them.
                    let starts: Option<Vec<Cell>> = comp.from.map(|zone| {
                        zone_cells::<B>(&geo, def.black_mirror, zone)[side.index()]
                            .iter()
                            .collect()
                    });
                    for v in expand(comp.base, comp.sym) {
                        let v = mirror(side, v);
                        if comp.reach.hops() {
                            let next = comp.reach == Reach::Grasshop;
                            let hop = Hop {
                                dir: b.dir(v),
                                next,
                                mode: comp.mode,
                            };
                            let km = &mut moves[side.index()];
                            if !km.hops.contains(&hop) {
                                km.hops.push(hop);
                            }
                            let c = &mut caps[side.index()].hops;
                            if comp.mode != Mode::MoveOnly && !c.contains(&(v, next)) {
                                c.push((v, next));
                            }
                            continue;
                        }
                        let slide = comp.reach == Reach::Slide;
                        let origin = (v, starts.clone());
                        let list = by_mode.entry((mode, slide)).or_default();
                        if !list.contains(&origin) {
                            list.push(origin.clone());
                        }
                        if comp.mode != Mode::MoveOnly {
                            let c = &mut caps[side.index()];
                            if slide {
                                if !c.slides.contains(&v) {
                                    c.slides.push(v);
                                }
                            } else if !c.leaps.contains(&origin) {
                                c.leaps.push(origin);
                            }
                        }
                    }
                }
                let km = &mut moves[side.index()];
                for ((mode, slide), vs) in by_mode {
                    if slide {
                        let ds: Vec<u8> = vs.iter().map(|&(v, _)| b.dir(v)).collect();
                        match mode {
                            0 => km.both_dirs = ds,
                            1 => km.move_dirs = ds,
                            2 => km.capture_dirs = ds,
                            _ => km.shot_dirs = ds,
                        }
                    } else {
                        let l = Some(b.leap_set(&vs, false));
                        match mode {
                            0 => km.both_leaps = l,
                            1 => km.move_leaps = l,
                            2 => km.capture_leaps = l,
                            _ => km.shot_leaps = l,
                        }
                    }
                }
                if let Some((steps, starts, takeable)) = &double_step_of {
                    let from = starts[side.index()];
                    let table = geo
                        .cells()
                        .map(|c| {
                            let targets = steps.iter().filter_map(|&v| {
                                let v = mirror(side, v);
                                let mid = geo.offset(c, v)?;
                                Some((mid, geo.offset(mid, v)?))
                            });
                            let starts_here = from.contains(c);
                            targets.filter(|_| starts_here).collect()
                        })
                        .collect();
                    double_step[side.index()] = DoubleSteps::new(
                        table,
                        geo.cells()
                            .map(|c| takeable[side.index()].contains(c))
                            .collect(),
                    );
                }
            }
            kinds.push(KindInfo {
                def: pd,
                moves,
                double_step,
            });
            capture_vectors.push(caps);
        }

        let royal_kinds: Vec<usize> = (0..def.pieces.len())
            .filter(|&k| def.pieces[k].royal)
            .collect();
        assert!(
            royal_kinds.len() == 1 || (royal_kinds.is_empty() && !def.has_check),
            "{}: one royal kind (none only without check)",
            def.id
        );
        let royal = royal_kinds.first().map_or(NO_KIND, |&k| k as Kind);

        let mut slide_attacks: [Vec<SlideAttack>; 2] = Default::default();
        let mut leap_attacks: [Vec<LeapAttack>; 2] = Default::default();
        let mut hop_attacks: [Vec<HopAttack>; 2] = Default::default();
        let mut lame_attacks: [Vec<LameAttack>; 2] = Default::default();
        let mut ep_capturers: [Vec<(Kind, u16)>; 2] = Default::default();
        for side in Side::BOTH {
            // Walk direction -> kinds that attack along it; directions with
            // the same kinds are then grouped, so each is walked once.
            let mut by_dir: BTreeMap<u8, Vec<Kind>> = BTreeMap::new();
            let mut leap_groups: BTreeMap<u16, Vec<Kind>> = BTreeMap::new();
            let mut hop_dirs: BTreeMap<(u8, bool), Vec<Kind>> = BTreeMap::new();
            let mut lame_leaps: BTreeMap<u16, Vec<Kind>> = BTreeMap::new();
            for (k, pd) in def.pieces.iter().enumerate() {
                let CaptureVectors {
                    slides,
                    leaps,
                    hops,
                    lame,
                } = &capture_vectors[k][side.index()];
                if pd.pawn.is_some_and(|p| p.en_passant) && !leaps.is_empty() {
                    ep_capturers[side.index()].push((k as Kind, b.leap_set(leaps, true)));
                }
                if !pd.gives_check {
                    continue;
                }
                for v in slides {
                    let walk = b.dir([-v[0], -v[1], -v[2]]);
                    by_dir.entry(walk).or_default().push(k as Kind);
                }
                for &(v, next) in hops {
                    let walk = b.dir([-v[0], -v[1], -v[2]]);
                    hop_dirs.entry((walk, next)).or_default().push(k as Kind);
                }
                for &leap in lame {
                    lame_leaps.entry(leap).or_default().push(k as Kind);
                }
                if !leaps.is_empty() {
                    let set = b.leap_set(leaps, true);
                    leap_groups.entry(set).or_default().push(k as Kind);
                }
            }
            let mut slide_groups: BTreeMap<Vec<Kind>, Vec<u8>> = BTreeMap::new();
            for (dir, kinds) in by_dir {
                slide_groups.entry(kinds).or_default().push(dir);
            }
            slide_attacks[side.index()] = slide_groups
                .into_iter()
                .map(|(kinds, walk_dirs)| SlideAttack { kinds, walk_dirs })
                .collect();
            leap_attacks[side.index()] = leap_groups
                .into_iter()
                .map(|(from_set, kinds)| LeapAttack { kinds, from_set })
                .collect();
            let mut hop_groups: BTreeMap<(Vec<Kind>, bool), Vec<u8>> = BTreeMap::new();
            for ((dir, next), kinds) in hop_dirs {
                hop_groups.entry((kinds, next)).or_default().push(dir);
            }
            let mut lame_groups: BTreeMap<Vec<Kind>, Vec<u16>> = BTreeMap::new();
            for (leap, kinds) in lame_leaps {
                lame_groups.entry(kinds).or_default().push(leap);
            }
            lame_attacks[side.index()] = lame_groups
                .into_iter()
                .map(|(kinds, leaps)| LameAttack { kinds, leaps })
                .collect();
            hop_attacks[side.index()] = hop_groups
                .into_iter()
                .map(|((kinds, next), walk_dirs)| HopAttack {
                    kinds,
                    next,
                    walk_dirs,
                })
                .collect();
        }

        let facing: Vec<u8> = def
            .facing_lines
            .iter()
            .flat_map(|&v| [v, [-v[0], -v[1], -v[2]]])
            .map(|v| b.dir(v))
            .collect();

        let kind_of = |letter: char| -> Kind {
            def.pieces
                .iter()
                .position(|p| p.letter == letter)
                .unwrap_or_else(|| panic!("{}: no piece '{letter}'", def.id)) as Kind
        };
        let cell_of = |name: &str| -> Cell {
            geo.parse_cell(name)
                .unwrap_or_else(|| panic!("{}: no cell '{name}'", def.id))
        };
        let zone_of = |zone: Zone| -> [B; 2] { zone_cells(&geo, def.black_mirror, zone) };
        // Whether two double steps of a side that can be taken en passant
        // (of one kind or two) skip the same cell and land on different
        // ones.
        let ep_names_landing = Side::BOTH.iter().any(|side| {
            let mut landing: BTreeMap<Cell, Cell> = BTreeMap::new();
            kinds.iter().any(|k: &KindInfo| {
                let steps = &k.double_step[side.index()];
                (0..n as Cell).filter(|&c| steps.takeable_from(c)).any(|c| {
                    steps
                        .from(c)
                        .any(|(mid, to)| *landing.entry(mid).or_insert(to) != to)
                })
            })
        });
        let mut promotion_zone = [B::EMPTY; 2];
        let mut promotion_compulsory = [B::EMPTY; 2];
        let mut promotion_limit = vec![0; def.pieces.len()];
        let mut promotion_choices: [Vec<Kind>; 2] = Default::default();
        let mut promotion_pool = false;
        // A promoted form is held in hand as the kind it promoted from.
        let pool_kinds: Vec<Kind> = (0..def.pieces.len())
            .filter(|&k| {
                let pd = &def.pieces[k];
                (def.drops || def.gating || !pd.promotes) && !pd.royal && pd.promoted_from.is_none()
            })
            .map(|k| k as Kind)
            .collect();
        let promoted_form: Vec<Kind> = def
            .pieces
            .iter()
            .map(|pd| {
                def.pieces
                    .iter()
                    .position(|q| q.promoted_from == Some(pd.letter))
                    .map_or(NO_KIND, |k| k as Kind)
            })
            .collect();
        let plus_promotes = promoted_form.iter().any(|&f| f != NO_KIND);
        let hand_kind: Vec<Kind> = (0..def.pieces.len())
            .map(|k| def.pieces[k].promoted_from.map_or(k as Kind, kind_of))
            .collect();
        let demoted = (0..def.pieces.len())
            .find(|&k| def.pieces[k].promotes)
            .map_or(NO_KIND, |k| k as Kind);
        if let Some(p) = &def.promotion {
            promotion_zone = zone_of(p.zone);
            let optional = p.optional.map_or([B::EMPTY; 2], zone_of);
            promotion_compulsory = [0, 1].map(|s| promotion_zone[s] & !optional[s]);
            for &(letter, limit) in p.limits {
                promotion_limit[kind_of(letter) as usize] = limit;
            }
            match p.choices {
                Choices::Fixed(_) | Choices::Sides(_) => {
                    promotion_choices = Side::BOTH.map(|side| {
                        let letters = p.choices.letters(side).unwrap_or_default();
                        letters.iter().map(|&l| kind_of(l)).collect()
                    })
                }
                Choices::CapturedPool => promotion_pool = true,
                Choices::Promoted => {}
            }
        }
        let becomes: Vec<Option<(Kind, [B; 2])>> = def
            .pieces
            .iter()
            .map(|pd| pd.becomes.map(|b| (kind_of(b.letter), zone_of(b.zone))))
            .collect();
        let confined: Vec<[B; 2]> = def
            .pieces
            .iter()
            .map(|pd| pd.confined.map_or([B::FULL; 2], zone_of))
            .collect();
        // A confined kind cannot stand outside its zone either.
        let board = geo.cells().fold(B::EMPTY, |mut all, c| {
            all.insert(c);
            all
        });
        let forbidden: Vec<[B; 2]> = def
            .pieces
            .iter()
            .zip(&confined)
            .map(|(pd, inside)| {
                let own = pd.forbidden.map_or([B::EMPTY; 2], zone_of);
                [0, 1].map(|s| own[s] | (board & !inside[s]))
            })
            .collect();
        let stay_barred = forbidden
            .iter()
            .map(|never: &[B; 2]| [0, 1].map(|s| promotion_compulsory[s] | never[s]))
            .collect();
        let file_cells = if def.drops && def.pieces.iter().any(|pd| pd.drop_no_doubled) {
            (0..n as Cell)
                .map(|c| {
                    let [x, _, z] = geo.coord(c);
                    geo.cells()
                        .filter(|&d| {
                            let [dx, _, dz] = geo.coord(d);
                            dx == x && dz == z
                        })
                        .fold(B::EMPTY, |mut cells, d| {
                            cells.insert(d);
                            cells
                        })
                })
                .collect()
        } else {
            Vec::new()
        };
        let drop_mate_barred = def.drops && def.pieces.iter().any(|pd| !pd.drop_mates);
        let drop_cells = forbidden
            .iter()
            .map(|never: &[B; 2]| [0, 1].map(|s| board & !never[s]))
            .collect();
        let confined_away = Side::BOTH.map(|side| {
            (0..n)
                .map(|cell| {
                    (0..confined.len())
                        .filter(|&k| !confined[k][side.index()].contains(cell as Cell))
                        .fold(0u16, |bits, k| bits | 1 << k)
                })
                .collect()
        });
        // A kind one becomes on arrival cannot also be a promotion choice:
        // the two moves would be the same move.
        for (kind, _) in becomes.iter().flatten() {
            assert!(
                !(promotion_choices.iter().any(|c| c.contains(kind))
                    || promotion_pool && pool_kinds.contains(kind)),
                "{}: a kind one becomes is also a promotion choice",
                def.id
            );
        }
        let castling = Castles::build(def, &geo, kind_of, cell_of);
        assert!(def.options.len() <= 8, "at most 8 game options");
        let temple = def.temple.map(cell_of);
        let mut goal = def.royal_goal.map_or([B::EMPTY; 2], zone_of);
        if let Some(temple) = temple {
            goal = goal.map(|cells| cells | B::single(temple));
        }
        let has_goal = goal.iter().any(|g| !g.is_empty());
        let keys = Keys::new(def.id, n, 2 + 2 * def.pieces.len());
        // The cells of a group's lines (walk directions) out from `cell`.
        let lines = |walk_dirs: &[u8], cell: usize| {
            walk_dirs
                .iter()
                .fold(B::EMPTY, |acc, &d| acc | b.rays[d as usize * n + cell])
        };
        let hop_lines: [Vec<B>; 2] = Side::BOTH.map(|by| {
            (0..n)
                .map(|cell| {
                    let groups = &hop_attacks[by.index()];
                    groups
                        .iter()
                        .fold(B::EMPTY, |acc, g| acc | lines(&g.walk_dirs, cell))
                })
                .collect()
        });
        // Per lame attack group and cell: the cells it attacks the cell
        // from, and their blocks.
        let lame_cells = |group: &LameAttack, cell: usize| {
            let mut from = B::EMPTY;
            let mut blocks = B::EMPTY;
            for &leap in &group.leaps {
                let (source, block) = b.lame_backward[leap as usize * n + cell];
                if source != NO_CELL {
                    from.insert(source);
                    blocks.insert(block);
                }
            }
            (from, blocks)
        };
        let royal_lines = Side::BOTH.map(|by| {
            (0..n)
                .map(|cell| {
                    let groups = &slide_attacks[by.index()];
                    let lines = groups.iter().fold(
                        hop_lines[by.index()][cell] | lines(&facing, cell),
                        |acc, g| acc | lines(&g.walk_dirs, cell),
                    );
                    // A block leaving can open a lame leaper's attack.
                    lame_attacks[by.index()]
                        .iter()
                        .fold(lines, |acc, g| acc | lame_cells(g, cell).1)
                })
                .collect()
        });
        let nk = def.pieces.len();
        let attack_from = Side::BOTH.map(|by| {
            let mut from = vec![B::EMPTY; nk * n];
            let line_groups = slide_attacks[by.index()]
                .iter()
                .map(|g| (&g.kinds, &g.walk_dirs))
                .chain(
                    hop_attacks[by.index()]
                        .iter()
                        .map(|g| (&g.kinds, &g.walk_dirs)),
                );
            let royal = [royal];
            let facing_group = (!facing.is_empty()).then_some((&royal[..], &facing));
            let line_groups = line_groups
                .map(|(kinds, dirs)| (&kinds[..], dirs))
                .chain(facing_group);
            for (kinds, walk_dirs) in line_groups {
                for cell in 0..n {
                    let cells = lines(walk_dirs, cell);
                    for &k in kinds {
                        from[k as usize * n + cell] |= cells;
                    }
                }
            }
            for group in &leap_attacks[by.index()] {
                for cell in 0..n {
                    let cells = b.leaps[group.from_set as usize * n + cell];
                    for &k in &group.kinds {
                        from[k as usize * n + cell] |= cells;
                    }
                }
            }
            for group in &lame_attacks[by.index()] {
                for cell in 0..n {
                    let cells = lame_cells(group, cell).0;
                    for &k in &group.kinds {
                        from[k as usize * n + cell] |= cells;
                    }
                }
            }
            from
        });
        let Builder {
            dirs,
            rays,
            leaps,
            lame_forward,
            lame_backward,
            ..
        } = b;
        let indirect = kinds.iter().any(|k: &KindInfo| {
            k.moves
                .iter()
                .any(|m| !m.hops.is_empty() || !m.lame.is_empty())
        }) || def.pieces.iter().any(|pd| pd.confined.is_some())
            || !facing.is_empty()
            // Several royal pieces: the straight-line check and pin logic
            // knows one King; every move is tested instead.
            || def.several_royals;
        let double_steps_rare = kinds.iter().any(|k: &KindInfo| {
            Side::BOTH.iter().any(|&side| {
                let steps = &k.double_step[side.index()];
                let zone = promotion_zone[side.index()];
                steps.several()
                    || (k.def.promotes
                        && (0..n as Cell).any(|c| steps.from(c).any(|(_, to)| zone.contains(to))))
            })
        }) || def.promotion.is_some_and(|p| p.from_zone);
        Tables {
            def,
            geo,
            dirs,
            rays,
            leaps,
            kinds,
            royal,
            indirect,
            double_steps_rare,
            lame_forward,
            lame_backward,
            slide_attacks,
            leap_attacks,
            hop_attacks,
            lame_attacks,
            royal_lines,
            hop_lines,
            attack_from,
            ep_names_landing,
            ep_capturers,
            promotion_zone,
            promotion_choices,
            promotion_pool,
            pool_kinds,
            demoted,
            promotion_compulsory,
            stay_barred,
            promote_from_zone: def.promotion.is_some_and(|p| p.from_zone),
            promoted_form,
            hand_kind,
            file_cells,
            plus_promotes,
            drop_mate_barred,
            promotion_limit,
            becomes,
            forbidden,
            drop_cells,
            confined,
            confined_away,
            facing,
            temple,
            has_goal,
            ends_by_move: !def.has_check
                || has_goal
                || def.checks_to_win.is_some()
                || def.extinction.is_some(),
            goal,
            castling,
            keys,
        }
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.geo.len()
    }

    /// Whether the board has no cells (never, for a built game).
    pub fn is_empty(&self) -> bool {
        self.geo.is_empty()
    }

    /// The cells from `cell` along direction `dir`, up to the board's edge.
    #[inline]
    pub fn ray(&self, dir: u8, cell: Cell) -> B {
        self.rays[dir as usize * self.len() + cell as usize]
    }

    /// The cells on the lines along which `by`'s sliders could attack
    /// `cell` on the empty board (see the field).
    #[inline]
    pub fn royal_lines(&self, by: Side, cell: Cell) -> B {
        self.royal_lines[by.index()][cell as usize]
    }

    /// A lame leap from `from`: its target and its block (`NO_CELL` if
    /// off the board).
    #[inline]
    pub fn lame_step(&self, leap: u16, from: Cell) -> (Cell, Cell) {
        self.lame_forward[leap as usize * self.len() + from as usize]
    }

    /// The cell a lame leap lands on `to` from, and that leap's block
    /// (`NO_CELL` if off the board).
    #[inline]
    pub fn lame_source(&self, leap: u16, to: Cell) -> (Cell, Cell) {
        self.lame_backward[leap as usize * self.len() + to as usize]
    }

    /// The cells on the lines along which `by`'s hoppers could attack
    /// `cell` (see the field).
    #[inline]
    pub fn hop_lines(&self, by: Side, cell: Cell) -> B {
        self.hop_lines[by.index()][cell as usize]
    }

    /// Where `by`'s piece of `kind` attacks `cell` from on the empty board,
    /// or could with a hurdle between (a hopper's lines); nothing for a
    /// kind that does not give check.
    #[inline]
    pub fn attack_from(&self, by: Side, kind: Kind, cell: Cell) -> B {
        self.attack_from[by.index()][kind as usize * self.len() + cell as usize]
    }

    /// The kinds (a bit each) of `by` that cannot attack `cell` because
    /// their confinement keeps them off it.
    #[inline]
    pub fn confined_away(&self, by: Side, cell: Cell) -> u16 {
        self.confined_away[by.index()][cell as usize]
    }

    /// Whether `side`'s piece of `kind` on `from` moves to `to` on the
    /// empty board by its own moves (leaps and slides, not captures).
    pub fn moves_to_on_empty(&self, side: Side, kind: Kind, from: Cell, to: Cell) -> bool {
        if !self.confined[kind as usize][side.index()].contains(to) {
            return false;
        }
        let m = &self.kinds[kind as usize].moves[side.index()];
        let leaps = [m.both_leaps, m.move_leaps].into_iter().flatten();
        let dirs = m.both_dirs.iter().chain(&m.move_dirs);
        // On the empty board a lame leap is open, and a hop has no hurdle.
        let mut lame = m.lame.iter().filter(|l| l.1 != Mode::CaptureOnly);
        leaps
            .into_iter()
            .any(|set| self.leap(set, from).contains(to))
            || dirs.into_iter().any(|&d| self.ray(d, from).contains(to))
            || lame.any(|&(leap, _)| self.lame_step(leap, from).0 == to)
    }

    /// The cells of leap table `set` from `cell`.
    #[inline]
    pub fn leap(&self, set: u16, cell: Cell) -> B {
        self.leaps[set as usize * self.len() + cell as usize]
    }

    /// The cells a slide along `dir` from `cell` reaches on `occupied`: the
    /// empty cells up to and including the first occupied one.
    #[inline]
    pub fn slide(&self, dir: u8, cell: Cell, occupied: B) -> B {
        let ray = self.ray(dir, cell);
        match self.nearest(dir, ray & occupied) {
            Some(blocker) => ray ^ self.ray(dir, blocker),
            None => ray,
        }
    }

    /// The first cell of `cells` (a subset of a ray along `dir`) met when
    /// walking along `dir`.
    #[inline]
    pub fn nearest(&self, dir: u8, cells: B) -> Option<Cell> {
        if self.dirs[dir as usize].ascending {
            cells.first()
        } else {
            cells.last()
        }
    }

    /// The royal kind, if the game has one.
    #[inline]
    pub fn royal_kind(&self) -> Option<Kind> {
        (self.royal != NO_KIND).then_some(self.royal)
    }

    /// The royal kind's name, for messages ("King" where there is none).
    pub fn royal_name(&self) -> &'static str {
        self.royal_kind()
            .map_or("King", |k| self.kinds[k as usize].def.name)
    }

    /// In a game with gating, the piece move `m` gates: its kind and the
    /// cell it is placed on (the cell a plain move leaves; a castler's
    /// start cell, by the castling's rule).
    #[inline]
    pub fn gate_of(&self, m: Move) -> Option<(Kind, Cell)> {
        if !self.def.gating {
            return None;
        }
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant => {
                m.extra.checked_sub(1).map(|kind| (kind, m.from))
            }
            MoveKind::Castle => self.castling.rules[m.extra as usize].gate,
            _ => None,
        }
    }

    /// The kind with this letter (upper case), if the game has one.
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.kinds
            .iter()
            .position(|k| k.def.letter == letter)
            .map(|k| k as Kind)
    }
}

/// Each side's cells of `zone` on `geo`, Black's read from its own end:
/// mirrored across the board's middle along the axes `black_mirror` turns.
pub fn zone_cells<B: BitSet>(geo: &Geometry, black_mirror: V3, zone: &[Area]) -> [B; 2] {
    let cells_at: Vec<Cell> = geo.cells().collect();
    let coords: Vec<V3> = cells_at.iter().map(|&c| geo.coord(c)).collect();
    let own = |side: Side, c: V3| -> V3 {
        match side {
            Side::White => c,
            Side::Black => geo.mirrored(c, black_mirror),
        }
    };
    let mut cells = [B::EMPTY; 2];
    for side in Side::BOTH {
        let seen: Vec<V3> = coords.iter().map(|&c| own(side, c)).collect();
        // Per level: its furthest rank, as this side sees it.
        let mut last_rank: BTreeMap<i32, i32> = BTreeMap::new();
        for v in &seen {
            let last = last_rank.entry(v[2]).or_insert(v[1]);
            *last = (*last).max(v[1]);
        }
        for (i, &v) in seen.iter().enumerate() {
            if zone.iter().any(|area| area.contains(v, last_rank[&v[2]])) {
                cells[side.index()].insert(cells_at[i]);
            }
        }
    }
    cells
}

/// A leap vector with the cells it may start from (`None`: all).
type Origin = (V3, Option<Vec<Cell>>);

/// One kind's capture-capable vectors for one side.
#[derive(Default)]
struct CaptureVectors {
    slides: Vec<V3>,
    leaps: Vec<Origin>,
    /// With whether the hop is a grasshop.
    hops: Vec<(V3, bool)>,
    /// Lame leaps, by index.
    lame: Vec<u16>,
}

/// Accumulates directions and leap tables while compiling.
struct Builder<'g, B> {
    geo: &'g Geometry,
    dirs: Vec<Dir>,
    rays: Vec<B>,
    /// (sorted vectors with their start cells, reversed) → leap table
    /// index.
    leap_sets: BTreeMap<(Vec<Origin>, bool), u16>,
    leaps: Vec<B>,
    /// Lame leaps (vector, block) by index, and their cells (see
    /// [`Tables::lame_step`], [`Tables::lame_source`]).
    lame_leaps: Vec<(V3, V3)>,
    lame_forward: Vec<(Cell, Cell)>,
    lame_backward: Vec<(Cell, Cell)>,
}

impl<B: BitSet> Builder<'_, B> {
    /// The index of direction `v`, adding it (and its rays) if new.
    fn dir(&mut self, v: V3) -> u8 {
        if let Some(i) = self.dirs.iter().position(|d| d.v == v) {
            return i as u8;
        }
        // Cells are numbered in (z, y, x) order, so the sign of the first
        // non-zero of (z, y, x) tells whether numbers grow along `v`.
        let ascending = [v[2], v[1], v[0]].into_iter().find(|&c| c != 0) > Some(0);
        for cell in self.geo.cells() {
            let mut ray = B::EMPTY;
            let mut cur = cell;
            while let Some(next) = self.geo.offset(cur, v) {
                assert_eq!(next > cur, ascending, "cell numbering not monotonic");
                ray.insert(next);
                cur = next;
            }
            self.rays.push(ray);
        }
        self.dirs.push(Dir { v, ascending });
        // Each direction pins at most one piece: this bounds the pin list
        // of move generation, checked once here rather than in play.
        assert!(
            self.dirs.len() <= MAX_SLIDE_DIRS,
            "more than {MAX_SLIDE_DIRS} slide directions"
        );
        (self.dirs.len() - 1) as u8
    }

    /// The index of lame leap `v` blocked at `block`, adding it (and its
    /// cells both ways) if new.
    fn lame(&mut self, v: V3, block: V3) -> u16 {
        if let Some(i) = self.lame_leaps.iter().position(|&l| l == (v, block)) {
            return i as u16;
        }
        let back = [-v[0], -v[1], -v[2]];
        for cell in self.geo.cells() {
            let blocked_from = |from: Cell| self.geo.offset(from, block).map(|b| (from, b));
            let forward = self.geo.offset(cell, v).zip(self.geo.offset(cell, block));
            self.lame_forward
                .push(forward.unwrap_or((NO_CELL, NO_CELL)));
            let backward = self.geo.offset(cell, back).and_then(blocked_from);
            self.lame_backward
                .push(backward.unwrap_or((NO_CELL, NO_CELL)));
        }
        self.lame_leaps.push((v, block));
        (self.lame_leaps.len() - 1) as u16
    }

    /// The index of the leap table of `vectors` (targets from a cell, or with
    /// `reversed` the cells from which a leap lands on it), each leap only
    /// from its start cells, adding it if new.
    fn leap_set(&mut self, vectors: &[Origin], reversed: bool) -> u16 {
        let mut key: Vec<Origin> = vectors.to_vec();
        key.sort_unstable();
        key.dedup();
        if let Some(&i) = self.leap_sets.get(&(key.clone(), reversed)) {
            return i;
        }
        let n = self.geo.len();
        let index = self.leaps.len() / n;
        let mut table = vec![B::EMPTY; n];
        for cell in self.geo.cells() {
            for (v, starts) in &key {
                if starts.as_ref().is_some_and(|s| !s.contains(&cell)) {
                    continue;
                }
                if let Some(t) = self.geo.offset(cell, *v) {
                    if reversed {
                        table[t as usize].insert(cell);
                    } else {
                        table[cell as usize].insert(t);
                    }
                }
            }
        }
        self.leaps.extend(table);
        self.leap_sets.insert((key, reversed), index as u16);
        index as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::def::Area;
    use crate::geometry::COORDINATE_NAMING;
    use crate::Bits;

    /// A stepped board: level 0 has ranks 0–4, level 1 ranks 1–3, each of
    /// files 0–1 (a small Polyhedron).
    fn stepped() -> Geometry {
        let mut cells = Vec::new();
        for x in 0..2 {
            cells.extend((0..5).map(|y| [x, y, 0]));
            cells.extend((1..4).map(|y| [x, y, 1]));
        }
        Geometry::new(cells, &COORDINATE_NAMING)
    }

    /// The cells of `zone` for `side`, as sorted coordinates.
    fn coords(geo: &Geometry, mirror: V3, zone: Zone, side: Side) -> Vec<V3> {
        let cells = zone_cells::<Bits<1>>(geo, mirror, zone)[side.index()];
        let mut out: Vec<V3> = cells.iter().map(|c| geo.coord(c)).collect();
        out.sort();
        out
    }

    /// Zones name each side's cells from its own end, worked out by hand:
    /// rank 4 is White's last rank and Black's first; a mirrored file
    /// axis turns file 0 into Black's file 1; each level's last rank is
    /// its own (level 1 ends at rank 3, Black's at rank 1); areas unite.
    #[test]
    fn zones_are_read_from_each_sides_end() {
        let geo = stepped();
        let ranks = [1, -1, 1];
        const LAST: Zone = &[Area::ranks(4, 4)];
        assert_eq!(
            coords(&geo, ranks, LAST, Side::White),
            [[0, 4, 0], [1, 4, 0]]
        );
        assert_eq!(
            coords(&geo, ranks, LAST, Side::Black),
            [[0, 0, 0], [1, 0, 0]]
        );
        const FILE_0: Zone = &[Area {
            x: Some((0, 0)),
            ..Area::ranks(2, 2).on_levels(1, 1)
        }];
        assert_eq!(coords(&geo, [-1, 1, 1], FILE_0, Side::White), [[0, 2, 1]]);
        assert_eq!(coords(&geo, [-1, 1, 1], FILE_0, Side::Black), [[1, 2, 1]]);
        const ENDS: Zone = &[Area::LAST_RANK_OF_LEVEL];
        assert_eq!(
            coords(&geo, ranks, ENDS, Side::White),
            [[0, 3, 1], [0, 4, 0], [1, 3, 1], [1, 4, 0]]
        );
        assert_eq!(
            coords(&geo, ranks, ENDS, Side::Black),
            [[0, 0, 0], [0, 1, 1], [1, 0, 0], [1, 1, 1]]
        );
        const BOTH: Zone = &[Area::levels(1, 1), Area::ranks(0, 0)];
        assert_eq!(coords(&geo, ranks, BOTH, Side::White).len(), 6 + 2);
        assert!(coords(&geo, ranks, &[], Side::White).is_empty());
    }
}
