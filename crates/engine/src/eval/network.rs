//! A small neural network that evaluates a position: one hidden layer
//! seen from each side, the same for every game.
//!
//! Inputs: one per (whose piece from the viewer's side, kind, cell in the
//! viewer's view), on when such a piece stands there; Black's view
//! mirrors the board as Black's moves are mirrored, so that both sides
//! share the weights. Each side's hidden layer (`hidden` numbers) is the
//! sum of its inputs' weight rows plus a bias, clipped to 0..1; the
//! output is a weighted sum of the side to move's layer and then the
//! other's, in units of a logistic: `cp = output · 400 / ln 10`, so that
//! `1 / (1 + e^-output)` is the side to move's expected score as
//! `1 / (1 + 10^(-cp/400))` is.
//!
//! The weights are stored quantised (`FILE_MAGIC` format below): the
//! first layer's weights and biases times [`QA`] in 16 bits, the output
//! weights times [`QB`], the output bias times `QA · QB`; the evaluation
//! sums in integers. Training (in `f32`) is in `network/train.rs`.

pub mod factors;
pub mod train;

use chess3d_core::{BitSet, Cell, Kind, Position, Rules, Side, Tables};

use super::incremental::{self, Boards, Summed};
use super::tables::{bounds, white_view};

/// The first layer's scale: 1.0 is `QA` (the clip's top).
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// The largest hidden layer a file may have (the evaluation's buffers
/// are on the stack).
pub const MAX_HIDDEN: usize = 512;
/// Centipawns per unit of the output (`400 / ln 10`).
pub const CP_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;
/// The weights' bound in training, so that every quantised weight fits
/// its integer and no sum overflows.
pub const WEIGHT_CLIP: f32 = 1.98;
/// A network file's first bytes.
pub const FILE_MAGIC: &[u8; 8] = b"C3DNET2\n";

/// A network for one game, quantised.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    inputs: Inputs,
    hidden: usize,
    /// Per input, its row of `hidden` weights.
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// The side to move's `hidden` weights, then the other side's.
    w2: Vec<i16>,
    b2: i32,
    /// The terms' evaluation's weight in the total, in thousandths: 0
    /// when the network evaluates alone, else the network adds what the
    /// terms miss (trained on what they leave of each label).
    base: u32,
}

/// The inputs' layout, shared by the evaluation and training.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    pub kinds: usize,
    pub cells: usize,
    /// Per viewer: a cell as the viewer sees it.
    pub view: [Vec<u16>; 2],
}

impl Inputs {
    /// The layout of the inputs of the game of `t`.
    pub fn of<B: BitSet>(t: &Tables<B>) -> Inputs {
        let bounds = bounds(t);
        Inputs {
            kinds: t.kinds.len(),
            cells: t.len(),
            // A cell whose mirror is absent keeps its own: no other cell
            // mirrors onto it (mirroring is its own inverse), so no two
            // cells share an input.
            view: Side::BOTH.map(|s| {
                (0..t.len() as Cell)
                    .map(|c| white_view(t, bounds, s, c).unwrap_or(c))
                    .collect()
            }),
        }
    }

    /// How many inputs there are.
    pub fn len(&self) -> usize {
        2 * self.kinds * self.cells
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The input of a piece of `side` and `kind` on `cell`, seen by
    /// `viewer`.
    #[inline]
    pub fn index(&self, viewer: Side, side: Side, kind: Kind, cell: Cell) -> usize {
        let theirs = usize::from(side != viewer);
        (theirs * self.kinds + kind as usize) * self.cells
            + self.view[viewer.index()][cell as usize] as usize
    }

    /// The inputs that are on in `pos`, seen by each side (White's, then
    /// Black's), into `out` (cleared first).
    pub fn active<R: Rules>(&self, pos: &Position<R>, out: &mut [Vec<u16>; 2]) {
        for v in out.iter_mut() {
            v.clear();
        }
        for side in Side::BOTH {
            for cell in pos.side_cells(side).iter() {
                let kind = pos.piece_at(cell).kind();
                for viewer in Side::BOTH {
                    out[viewer.index()].push(self.index(viewer, side, kind, cell) as u16);
                }
            }
        }
    }
}

impl Network {
    /// The hidden layer's size.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The factor of the terms' evaluation that the network's output is
    /// added to, if it is added to them.
    pub fn base(&self) -> Option<f64> {
        (self.base > 0).then(|| self.base as f64 / 1000.0)
    }

    /// The evaluation of `pos` in centipawns, from the side to move's
    /// point of view (summing every piece's weights afresh; the search
    /// uses [`Network::update`] instead).
    pub fn evaluate<R: Rules>(&self, pos: &Position<R>) -> i32 {
        let mut acc = self.accumulator();
        self.refresh(pos, &mut acc);
        self.output(&acc, pos.side_to_move())
    }

    /// An accumulator for this network, holding no position yet.
    pub fn accumulator<B: BitSet>(&self) -> Accumulator<B> {
        Accumulator {
            boards: Boards::new(self.inputs.kinds),
            sums: vec![0; 2 * self.hidden],
        }
    }

    /// `acc` made to hold `pos`, every piece summed afresh.
    pub fn refresh<R: Rules>(&self, pos: &Position<R>, acc: &mut Accumulator<R::Bits>) {
        incremental::update(self, [], pos, acc, 0);
    }

    /// `to` made to hold `pos` from the first of `sources` (accumulators
    /// holding other positions, usually those of the plies before) that
    /// holds a position near it: only the pieces that differ are summed.
    /// With none near, every piece is summed afresh.
    pub fn update<'a, R: Rules>(
        &self,
        sources: impl IntoIterator<Item = &'a Accumulator<R::Bits>>,
        pos: &Position<R>,
        to: &mut Accumulator<R::Bits>,
    ) where
        R::Bits: 'a,
    {
        /// More changed pieces than this: summing afresh is as quick.
        const MOST_CHANGES: u32 = 8;
        incremental::update(self, sources, pos, to, MOST_CHANGES);
    }

    /// Adds (`sign` 1) or takes away (-1) a piece's weights in both views'
    /// sums (an accumulator's).
    #[inline]
    fn add_piece(&self, sums: &mut [i32], side: Side, kind: Kind, cell: Cell, sign: i32) {
        let h = self.hidden;
        for viewer in Side::BOTH {
            let f = self.inputs.index(viewer, side, kind, cell);
            let row = &self.w1[f * h..f * h + h];
            let view = &mut sums[viewer.index() * h..(viewer.index() + 1) * h];
            for (x, &w) in view.iter_mut().zip(row) {
                *x += sign * w as i32;
            }
        }
    }

    /// The evaluation of the position `acc` holds, `to_move` to move, in
    /// centipawns from its point of view.
    pub fn output<B>(&self, acc: &Accumulator<B>, to_move: Side) -> i32 {
        let h = self.hidden;
        let (white, black) = acc.sums.split_at(h);
        let (us, them) = if to_move == Side::White {
            (white, black)
        } else {
            (black, white)
        };
        let sum = dot_clipped(us, &self.w2[..h]) + dot_clipped(them, &self.w2[h..]);
        let units = (sum + self.b2) as f64 / (QA * QB) as f64;
        (units * CP_PER_UNIT).round() as i32
    }

    /// A network from its parts, quantising float weights (training's);
    /// `base`: the terms' factor, 0 for none.
    pub(crate) fn quantise(
        inputs: &Inputs,
        hidden: usize,
        w: &train::Weights,
        base: f64,
    ) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round() as i16;
        Network {
            inputs: inputs.clone(),
            hidden,
            w1: w.w1.iter().map(|&x| q(x, QA)).collect(),
            b1: w.b1.iter().map(|&x| q(x, QA)).collect(),
            w2: w.w2.iter().map(|&x| q(x, QB)).collect(),
            b2: (w.b2 * (QA * QB) as f32).round() as i32,
            base: (base * 1000.0).round() as u32,
        }
    }

    /// The network as a file: [`FILE_MAGIC`], then little-endian kinds,
    /// cells, hidden size and the terms' factor in thousandths (u32), the
    /// output bias (i32), and the weights (i16): first layer by input,
    /// its biases, output layer.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = FILE_MAGIC.to_vec();
        for n in [
            self.inputs.kinds,
            self.inputs.cells,
            self.hidden,
            self.base as usize,
        ] {
            out.extend((n as u32).to_le_bytes());
        }
        out.extend(self.b2.to_le_bytes());
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// Reads [`Network::to_bytes`]'s format for game `R`; the error says
    /// what does not fit.
    pub fn from_bytes<B: BitSet>(t: &Tables<B>, bytes: &[u8]) -> Result<Network, String> {
        let inputs = Inputs::of(t);
        let rest = bytes
            .strip_prefix(FILE_MAGIC.as_slice())
            .ok_or("not a chess3d network file (its first bytes are not C3DNET2)")?;
        const HEADER: usize = 20;
        if rest.len() < HEADER {
            return Err("the file ends inside its header".into());
        }
        let word = |i: usize| u32::from_le_bytes(rest[4 * i..4 * i + 4].try_into().unwrap());
        let (kinds, cells, hidden) = (word(0) as usize, word(1) as usize, word(2) as usize);
        let base = word(3);
        let b2 = word(4) as i32;
        if (kinds, cells) != (inputs.kinds, inputs.cells) {
            return Err(format!(
                "the network is for a game of {kinds} kinds on {cells} cells; this game has {} kinds on {} cells",
                inputs.kinds, inputs.cells
            ));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "hidden layer of {hidden}: expected 1 to {MAX_HIDDEN}"
            ));
        }
        let n1 = inputs.len() * hidden;
        let expected = HEADER + 2 * (n1 + 3 * hidden);
        if rest.len() != expected {
            return Err(format!(
                "{} bytes after the magic; a network of this size has {expected}",
                rest.len()
            ));
        }
        if base > 100_000 {
            return Err(format!(
                "the terms' factor {base}/1000 is not a plausible scale"
            ));
        }
        let weights: Vec<i16> = rest[HEADER..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let net = Network {
            inputs,
            hidden,
            w1: weights[..n1].to_vec(),
            b1: weights[n1..n1 + hidden].to_vec(),
            w2: weights[n1 + hidden..].to_vec(),
            b2,
            base,
        };
        net.check_bounds()?;
        Ok(net)
    }

    /// Refuses weights outside training's clip: with them no sum of the
    /// evaluation can overflow.
    fn check_bounds(&self) -> Result<(), String> {
        let max1 = (WEIGHT_CLIP * QA as f32).ceil() as u16;
        let max2 = (WEIGHT_CLIP * QB as f32).ceil() as u16;
        let max_bias = (WEIGHT_CLIP * (QA * QB) as f32).ceil() as u32;
        if self
            .w1
            .iter()
            .chain(&self.b1)
            .any(|w| w.unsigned_abs() > max1)
            || self.w2.iter().any(|w| w.unsigned_abs() > max2)
            || self.b2.unsigned_abs() > max_bias
        {
            return Err(format!(
                "a weight is outside the bounds training keeps ({max1} in the first layer, {max2} in the output, {max_bias} for its bias)"
            ));
        }
        Ok(())
    }
}

/// A network's hidden sums for one position, both views, and the pieces
/// they were summed from (so that the next position's are found from
/// the pieces that differ).
#[derive(Clone, Debug)]
pub struct Accumulator<B> {
    boards: Boards<B>,
    /// White's view's `hidden` sums, then Black's.
    sums: Vec<i32>,
}

impl<B: BitSet> Summed<B> for Accumulator<B> {
    type Context = Network;
    fn boards(&self) -> &Boards<B> {
        &self.boards
    }
    fn boards_mut(&mut self) -> &mut Boards<B> {
        &mut self.boards
    }
    fn clear(&mut self, net: &Network) {
        for sums in self.sums.chunks_exact_mut(net.hidden) {
            for (x, &b) in sums.iter_mut().zip(&net.b1) {
                *x = b as i32;
            }
        }
    }
    fn copy_sum(&mut self, from: &Self) {
        self.sums.copy_from_slice(&from.sums);
    }
    #[inline]
    fn add(&mut self, net: &Network, side: Side, kind: Kind, cell: Cell, sign: i32) {
        net.add_piece(&mut self.sums, side, kind, cell, sign);
    }
}

/// `Σ clip(a, 0, QA) · w`.
#[inline]
fn dot_clipped(a: &[i32], w: &[i16]) -> i32 {
    a.iter()
        .zip(w)
        .map(|(&x, &w)| x.clamp(0, QA) * w as i32)
        .sum()
}
