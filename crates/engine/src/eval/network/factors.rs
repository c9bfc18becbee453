//! Factorised inputs, a training aid: beside each (whose piece, kind,
//! cell) input, the same piece also switches on inputs shared by many
//! cells — its kind anywhere, its kind on that level, on that rank and
//! on that file (the cell's coordinates in the viewer's view). A weight
//! learnt for a shared input is learnt from every position with such a
//! piece anywhere on its level, rank or file, so a network trained on a
//! few thousand games of a board of hundreds of cells learns what holds
//! across cells before it learns single cells by heart.
//!
//! The shared inputs exist only in training: as each is on exactly when
//! one of its cells' inputs is, its weight row is added into those cells'
//! rows at the end ([`Factors::fold`]), and the network has the same
//! inputs and evaluates the same as one trained without them.

use chess3d_core::{BitSet, Cell, Tables};

use super::train::Weights;
use super::Inputs;
use crate::eval::tables::bounds;

/// The shared inputs of each of a game's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Factors {
    /// The game's own inputs ([`Inputs::len`]); the shared ones are
    /// numbered after them.
    real: usize,
    /// How many shared inputs there are.
    extra: usize,
    /// Per input: its kind's shared input, then one per coordinate of
    /// its cell (in the viewer's view).
    of: Vec<[u16; 4]>,
}

impl Factors {
    /// The shared inputs of the game of `t`, whose inputs are `layout`.
    pub fn of<B: BitSet>(t: &Tables<B>, layout: &Inputs) -> Factors {
        let (lo, hi) = bounds(t);
        let extent: [usize; 3] = std::array::from_fn(|a| (hi[a] - lo[a] + 1) as usize);
        let whose_kinds = 2 * layout.kinds;
        // After the kinds': per (whose, kind), one input per value of each
        // coordinate in turn.
        let per_kind: usize = extent.iter().sum();
        let real = layout.len();
        let of = (0..real)
            .map(|input| {
                let (whose_kind, cell) = (input / layout.cells, input % layout.cells);
                let coord = t.geo.coord(cell as Cell);
                let mut shared = [(real + whose_kind) as u16; 4];
                let mut offset = real + whose_kinds + whose_kind * per_kind;
                for a in 0..3 {
                    shared[1 + a] = (offset + (coord[a] - lo[a]) as usize) as u16;
                    offset += extent[a];
                }
                shared
            })
            .collect();
        Factors {
            real,
            extra: whose_kinds * (1 + per_kind),
            of,
        }
    }

    /// The game's own inputs, which the shared ones are numbered after.
    pub fn game_inputs(&self) -> usize {
        self.real
    }

    /// How many inputs training sees: the game's and the shared ones.
    pub fn len(&self) -> usize {
        self.real + self.extra
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds to `inputs` (the game's inputs that are on) the shared inputs
    /// they switch on.
    pub fn extend(&self, inputs: &mut Vec<u16>) {
        let own = inputs.len();
        for i in 0..own {
            let shared = self.of[inputs[i] as usize];
            inputs.extend(shared);
        }
    }

    /// Weights trained with the shared inputs as weights of the game's
    /// inputs alone: each shared row added into the rows of the inputs
    /// that switch it on, then dropped. The sums are clipped to `clip`,
    /// as training clips every weight.
    pub fn fold(&self, w: &mut Weights, clip: f32) {
        let h = w.b1.len();
        let (own, shared) = w.w1.split_at_mut(self.real * h);
        for (input, row) in own.chunks_exact_mut(h).enumerate() {
            for &s in &self.of[input] {
                let from = (s as usize - self.real) * h;
                for (x, y) in row.iter_mut().zip(&shared[from..from + h]) {
                    *x += y;
                }
            }
            row.iter_mut().for_each(|x| *x = x.clamp(-clip, clip));
        }
        w.w1.truncate(self.real * h);
    }
}
