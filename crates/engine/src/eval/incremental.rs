//! Sums over a position's pieces kept from ply to ply: each is found from
//! another position's (usually the ply before) by the pieces that differ,
//! instead of by every piece afresh. The network's hidden sums and the
//! terms' piece-square sums, material and phase are kept this way.

use chess3d_core::{BitSet, Cell, Kind, Position, Rules, Side};

use super::EvalTables;

/// Each side's pieces by kind (`side · kinds + kind`) of the position a
/// sum holds, or none yet.
#[derive(Clone, Debug)]
pub struct Boards<B> {
    sets: Vec<B>,
    /// Whether the sets (and the sums beside them) hold a position.
    ready: bool,
}

impl<B: BitSet> Boards<B> {
    /// Boards for `kinds` kinds, holding no position.
    pub fn new(kinds: usize) -> Self {
        Boards {
            sets: vec![B::EMPTY; 2 * kinds],
            ready: false,
        }
    }
}

/// The side and kind of board `i` of `kinds` kinds a side.
#[inline]
fn board_pieces(i: usize, kinds: usize) -> (Side, Kind) {
    if i < kinds {
        (Side::White, i as Kind)
    } else {
        (Side::Black, (i - kinds) as Kind)
    }
}

/// A sum over pieces, each piece adding its own part, with the boards of
/// the position it holds. `Context` holds the parts (weights).
pub trait Summed<B> {
    type Context: ?Sized;
    fn boards(&self) -> &Boards<B>;
    fn boards_mut(&mut self) -> &mut Boards<B>;
    /// The sum of no pieces.
    fn clear(&mut self, cx: &Self::Context);
    /// Another sum's value (not its boards).
    fn copy_sum(&mut self, from: &Self);
    /// Adds (`sign` 1) or takes away (-1) a piece's part.
    fn add(&mut self, cx: &Self::Context, side: Side, kind: Kind, cell: Cell, sign: i32);
}

/// `to` made to hold `pos` from the first of `sources` (sums holding other
/// positions, usually those of the plies before) that differs from it in
/// at most `most_changes` pieces: only those pieces are added or taken
/// away. With none so near, every piece is summed afresh.
pub fn update<'a, R: Rules, S: Summed<R::Bits> + 'a>(
    cx: &S::Context,
    sources: impl IntoIterator<Item = &'a S>,
    pos: &Position<R>,
    to: &mut S,
    most_changes: u32,
) {
    let n = to.boards().sets.len();
    let kinds = n / 2;
    for i in 0..n {
        let (side, kind) = board_pieces(i, kinds);
        to.boards_mut().sets[i] = pos.kind_cells(kind) & pos.side_cells(side);
    }
    let changes = |from: &S| -> u32 {
        from.boards()
            .sets
            .iter()
            .zip(&to.boards().sets)
            .map(|(&old, &now)| (old ^ now).count())
            .sum()
    };
    let near = sources
        .into_iter()
        .find(|from| from.boards().ready && changes(from) <= most_changes);
    match near {
        Some(from) => {
            to.copy_sum(from);
            for i in 0..n {
                let (old, now) = (from.boards().sets[i], to.boards().sets[i]);
                if old == now {
                    continue;
                }
                let (side, kind) = board_pieces(i, kinds);
                for cell in (old & !now).iter() {
                    to.add(cx, side, kind, cell, -1);
                }
                for cell in (now & !old).iter() {
                    to.add(cx, side, kind, cell, 1);
                }
            }
        }
        None => {
            to.clear(cx);
            for i in 0..n {
                let (side, kind) = board_pieces(i, kinds);
                for cell in to.boards().sets[i].iter() {
                    to.add(cx, side, kind, cell, 1);
                }
            }
        }
    }
    to.boards_mut().ready = true;
}

/// The terms' parts that each piece adds alone: its piece-square terms
/// (packed, as `Scored` sums them), material and phase.
#[derive(Clone, Debug)]
pub struct PieceSums<B> {
    boards: Boards<B>,
    pub(super) packed: i64,
    pub(super) material: [i32; 2],
    pub(super) phase: i32,
}

impl<B: BitSet> PieceSums<B> {
    /// Sums for `et`'s game, holding no position.
    pub fn new(et: &EvalTables<B>) -> Self {
        PieceSums {
            boards: Boards::new(et.kinds),
            packed: 0,
            material: [0; 2],
            phase: 0,
        }
    }
}

impl<B: BitSet> Summed<B> for PieceSums<B> {
    type Context = EvalTables<B>;
    fn boards(&self) -> &Boards<B> {
        &self.boards
    }
    fn boards_mut(&mut self) -> &mut Boards<B> {
        &mut self.boards
    }
    fn clear(&mut self, _: &EvalTables<B>) {
        self.packed = 0;
        self.material = [0; 2];
        self.phase = 0;
    }
    fn copy_sum(&mut self, from: &Self) {
        self.packed = from.packed;
        self.material = from.material;
        self.phase = from.phase;
    }
    #[inline]
    fn add(&mut self, et: &EvalTables<B>, side: Side, kind: Kind, cell: Cell, sign: i32) {
        // White's terms count up, Black's down, as in `walk`.
        let white = if side == Side::White { sign } else { -sign };
        self.packed += white as i64 * et.pst[et.at(side, kind, cell)];
        let info = &et.kind_info[kind as usize];
        self.material[side.index()] += sign * info.value;
        self.phase += sign * info.phase;
    }
}
