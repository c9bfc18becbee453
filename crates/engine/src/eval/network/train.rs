//! Training a [`Network`] on labelled positions, in `f32`.
//!
//! Each position's label is the side to move's expected score: the
//! game's result blended with a stronger engine's view of the position
//! (`label = share · result + (1 − share) · 1 / (1 + 10^(−cp/400))`,
//! `scripts/label-stockfish`'s `.scores` files). The loss is the mean
//! squared error between the network's logistic and the label; Adam's
//! rule on mini-batches, the gradient summed over the batch by several
//! threads, every weight clipped to ±[`WEIGHT_CLIP`] after each step so
//! that the quantised network cannot overflow. One position in twenty is
//! held out; as its neighbours in the same games are trained on, its
//! error flatters. Positions of other games (`validation`) measure what
//! the network learnt that holds beyond its games, and choose the epoch
//! kept; matches decide.

use std::sync::Arc;

use chess3d_core::{Position, Rules, Side, Variant};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::factors::Factors;
use super::{Inputs, Network, CP_PER_UNIT, MAX_HIDDEN, WEIGHT_CLIP};
use crate::eval::{evaluate_terms, EvalTables, Evaluate};

/// Positions ready for training: their inputs, side to move and label.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// All positions' inputs: for each, its White-view inputs and then
    /// as many Black-view ones.
    inputs: Vec<u16>,
    /// Where each position's inputs start in `inputs` (one more entry
    /// than positions).
    starts: Vec<u32>,
    /// The side to move is White.
    white_to_move: Vec<bool>,
    /// The side to move's expected score, 0 to 1.
    label: Vec<f32>,
    /// The terms' evaluation of the position, side to move's centipawns
    /// (0 when the network is to evaluate alone).
    base: Vec<f32>,
    /// The shared inputs each position's inputs switch on too, if
    /// training with them ([`Factors`]).
    factors: Option<Arc<Factors>>,
}

impl Samples {
    /// No positions yet; each added will switch on the shared inputs of
    /// `factors` too.
    pub fn factorised(factors: Arc<Factors>) -> Samples {
        Samples {
            factors: Some(factors),
            ..Samples::default()
        }
    }

    /// How many inputs training sees: the game's, and the shared ones if
    /// any.
    fn inputs_seen(&self, layout: &Inputs) -> usize {
        self.factors.as_ref().map_or(layout.len(), |f| f.len())
    }

    pub fn len(&self) -> usize {
        self.label.len()
    }

    pub fn is_empty(&self) -> bool {
        self.label.is_empty()
    }

    /// Adds a position whose expected score for White is `white_label`;
    /// `base`: the terms' evaluation of it (side to move's centipawns), or
    /// 0.
    pub fn push<R: Rules>(
        &mut self,
        layout: &Inputs,
        pos: &Position<R>,
        white_label: f32,
        base: f32,
    ) {
        let mut active = [Vec::new(), Vec::new()];
        layout.active(pos, &mut active);
        if let Some(f) = &self.factors {
            active.iter_mut().for_each(|v| f.extend(v));
        }
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.inputs.extend(&active[0]);
        self.inputs.extend(&active[1]);
        self.starts.push(self.inputs.len() as u32);
        let white = pos.side_to_move() == Side::White;
        self.white_to_move.push(white);
        self.label.push(if white {
            white_label
        } else {
            1.0 - white_label
        });
        self.base.push(base);
    }

    /// `factor` times position `i`'s terms' evaluation, in the output's
    /// units.
    fn base_units(&self, i: usize, factor: f32) -> f32 {
        factor * self.base[i] / CP_PER_UNIT as f32
    }

    /// The factor of the terms' evaluation that best predicts the labels
    /// alone (the logistic's scale, as Texel's method fits it): 0.05 to
    /// 3 in steps of 0.01.
    pub fn base_factor(&self) -> f32 {
        (5..=300)
            .map(|c| c as f32 / 100.0)
            .map(|f| (f, error_of_terms(self, f)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(1.0, |(f, _)| f)
    }

    /// Position `i`'s inputs seen by the side to move and by the other.
    fn views(&self, i: usize) -> [&[u16]; 2] {
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        let (white, black) = self.inputs[a..b].split_at((b - a) / 2);
        if self.white_to_move[i] {
            [white, black]
        } else {
            [black, white]
        }
    }
}

/// Reads labelled positions, lines of `RESULT CP POSITION`
/// (`scripts/label-stockfish`'s `.scores` files: the game's result for
/// White, 1, ½ or 0, and Stockfish's centipawns for White), blending
/// them into labels with `share` of the result; with `base`, each
/// position's evaluation by these terms is kept, for a network that adds
/// to them.
pub fn read_scored<R: Evaluate>(
    game: Variant<R>,
    text: &str,
    share: f32,
    layout: &Inputs,
    base: Option<&EvalTables<R::Bits>>,
    samples: &mut Samples,
) -> Result<(), String> {
    fits_16_bits(samples.inputs_seen(layout))?;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let mut parts = line.splitn(3, ' ');
        let (Some(result), Some(cp), Some(position)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected RESULT CP POSITION"));
        };
        let result: f32 = match result.parse() {
            Ok(r) if (0.0..=1.0).contains(&r) => r,
            _ => {
                return Err(bad(&format!(
                    "result '{result}' is not a number from 0 to 1"
                )))
            }
        };
        let cp: f32 = cp
            .parse()
            .map_err(|_| bad(&format!("'{cp}' is not a score in centipawns")))?;
        let pos = game
            .position(position.trim())
            .map_err(|e| bad(&format!("position '{}': {e}", position.trim())))?;
        let expected = 1.0 / (1.0 + 10f32.powf(-cp / 400.0));
        let terms = base.map_or(0.0, |et| evaluate_terms(&pos, et, None) as f32);
        samples.push(
            layout,
            &pos,
            share * result + (1.0 - share) * expected,
            terms,
        );
    }
    Ok(())
}

/// Samples keep inputs in 16 bits: a game of more than 65,536 inputs
/// (two sides times kinds times cells) needs wider ones.
fn fits_16_bits(inputs: usize) -> Result<(), String> {
    if inputs > 1 << 16 {
        return Err(format!("{inputs} inputs: training handles at most 65,536"));
    }
    Ok(())
}

/// How to train.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The hidden layer's size (each side's).
    pub hidden: usize,
    pub epochs: u32,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the start; a tenth of it from half the
    /// epochs, a hundredth from three quarters.
    pub rate: f32,
    pub seed: u64,
    pub threads: usize,
    /// Weight decay (decoupled from the gradient, as AdamW's): each step
    /// every first-layer weight shrinks by `rate · decay` of itself, so
    /// that the weights of inputs seen in few positions stay small.
    pub decay: f32,
}

/// The network's weights in `f32`, laid out as [`Network`]'s.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

impl Weights {
    fn zeros(inputs: usize, hidden: usize) -> Weights {
        Weights {
            w1: vec![0.0; inputs * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden],
            b2: 0.0,
        }
    }

    /// Small random weights (uniform, scaled by each layer's inputs, as
    /// is usual).
    fn random(inputs: usize, hidden: usize, rng: &mut StdRng) -> Weights {
        let a = 1.0 / (inputs as f32).sqrt();
        let b = 1.0 / (2.0 * hidden as f32).sqrt();
        let mut w = Weights::zeros(inputs, hidden);
        w.w1.iter_mut().for_each(|x| *x = rng.random_range(-a..a));
        w.b1.iter_mut().for_each(|x| *x = rng.random_range(-a..a));
        w.w2.iter_mut().for_each(|x| *x = rng.random_range(-b..b));
        w
    }

    /// Every weight, in a fixed order.
    fn params(&self) -> impl Iterator<Item = &f32> {
        self.w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(std::iter::once(&self.b2))
    }

    /// Every weight, mutably, in [`Weights::params`]'s order.
    fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.w1
            .iter_mut()
            .chain(self.b1.iter_mut())
            .chain(self.w2.iter_mut())
            .chain(std::iter::once(&mut self.b2))
    }

    fn add(&mut self, other: &Weights) {
        for (x, y) in self.params_mut().zip(other.params()) {
            *x += y;
        }
    }

    fn clear(&mut self) {
        self.params_mut().for_each(|x| *x = 0.0);
    }

    /// The output for the side to move's inputs and the other's (`hid`:
    /// the two hidden layers, before the clip).
    pub fn forward(&self, views: [&[u16]; 2], hid: &mut [[f32; MAX_HIDDEN]; 2]) -> f32 {
        let h = self.b1.len();
        let mut out = self.b2;
        for (v, inputs) in views.iter().enumerate() {
            let layer = &mut hid[v][..h];
            layer.copy_from_slice(&self.b1);
            for &f in *inputs {
                let row = &self.w1[f as usize * h..(f as usize + 1) * h];
                for (x, w) in layer.iter_mut().zip(row) {
                    *x += w;
                }
            }
            let w2 = &self.w2[v * h..(v + 1) * h];
            out += layer
                .iter()
                .zip(w2)
                .map(|(x, w)| x.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        }
        out
    }

    /// Adds to `grad` the gradient of the squared error of one position
    /// (its output `out` and hidden layers `hid` from [`Weights::forward`]);
    /// returns the squared error.
    fn backward(
        &self,
        views: [&[u16]; 2],
        hid: &[[f32; MAX_HIDDEN]; 2],
        out: f32,
        label: f32,
        grad: &mut Weights,
    ) -> f32 {
        let h = self.b1.len();
        let p = logistic(out);
        let d_out = 2.0 * (p - label) * p * (1.0 - p);
        grad.b2 += d_out;
        let mut d_hid = [0f32; MAX_HIDDEN];
        for (v, inputs) in views.iter().enumerate() {
            let layer = &hid[v][..h];
            let w2 = &self.w2[v * h..(v + 1) * h];
            let g2 = &mut grad.w2[v * h..(v + 1) * h];
            for j in 0..h {
                let x = layer[j];
                g2[j] += d_out * x.clamp(0.0, 1.0);
                d_hid[j] = if x > 0.0 && x < 1.0 {
                    d_out * w2[j]
                } else {
                    0.0
                };
            }
            for (g, d) in grad.b1.iter_mut().zip(&d_hid[..h]) {
                *g += d;
            }
            for &f in *inputs {
                let row = &mut grad.w1[f as usize * h..(f as usize + 1) * h];
                for (g, d) in row.iter_mut().zip(&d_hid[..h]) {
                    *g += d;
                }
            }
        }
        (p - label) * (p - label)
    }
}

/// Adam's running moments.
struct Adam {
    m: Weights,
    v: Weights,
    t: i32,
}

impl Adam {
    fn step(&mut self, w: &mut Weights, grad: &Weights, rate: f32, scale: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let moments = self.m.params_mut().zip(self.v.params_mut());
        let first_layer = w.w1.len();
        let params = w.params_mut().zip(moments).zip(grad.params());
        for (n, ((x, (m, v)), &g)) in params.enumerate() {
            if n < first_layer {
                *x -= rate * decay * *x;
            }
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *x -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *x = x.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        }
    }
}

/// After each epoch: the mean squared errors on the trained positions,
/// on the held-out ones, and on the validation positions if any.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: u32,
    pub error: f64,
    pub held_out: f64,
    pub validation: Option<f64>,
}

/// Whether position `i` is held out of training.
fn held_out(i: usize) -> bool {
    i.is_multiple_of(20)
}

/// The mean squared error of `w` on the positions `which`, its output
/// added to `base` times the terms' evaluation.
pub fn error(w: &Weights, base: f32, data: &Samples, which: impl Iterator<Item = usize>) -> f64 {
    let mut hid = [[0f32; MAX_HIDDEN]; 2];
    let (mut sum, mut n) = (0.0f64, 0usize);
    for i in which {
        let out = w.forward(data.views(i), &mut hid) + data.base_units(i, base);
        sum += squared_error(out, data.label[i]);
        n += 1;
    }
    sum / n.max(1) as f64
}

/// The expected score an output means: its logistic.
fn logistic(out: f32) -> f32 {
    1.0 / (1.0 + (-out).exp())
}

/// The squared error of an output against a label.
fn squared_error(out: f32, label: f32) -> f64 {
    ((logistic(out) - label) as f64).powi(2)
}

/// The mean squared error of `factor` times the terms' evaluation alone,
/// on every position.
pub fn error_of_terms(data: &Samples, factor: f32) -> f64 {
    (0..data.len())
        .map(|i| squared_error(data.base_units(i, factor), data.label[i]))
        .sum::<f64>()
        / data.len().max(1) as f64
}

/// Trains a network of `cfg.hidden` on `data`, its output added to
/// `base` times the terms' evaluation (0: alone); `progress` after each
/// epoch. With `validation` (positions of other games than `data`'s,
/// which the held-out ones are not), the weights of the epoch with the
/// least error on it are kept, and that epoch is returned too; without,
/// the last epoch's.
pub fn train(
    layout: &Inputs,
    data: &Samples,
    validation: Option<&Samples>,
    cfg: &Config,
    base: f32,
    mut progress: impl FnMut(&Epoch),
) -> Result<(Network, Weights, Epoch), String> {
    if cfg.hidden == 0 || cfg.hidden > MAX_HIDDEN {
        return Err(format!(
            "hidden layer of {}: expected 1 to {MAX_HIDDEN}",
            cfg.hidden
        ));
    }
    let n_in = data.inputs_seen(layout);
    fits_16_bits(n_in)?;
    if data
        .factors
        .as_ref()
        .is_some_and(|f| f.game_inputs() != layout.len())
    {
        return Err("the shared inputs are another game's".into());
    }
    if validation.is_some_and(|v| v.factors != data.factors) {
        return Err("the validation positions' inputs are not the training's".into());
    }
    if data.len() < 20 {
        return Err(format!("{} positions: too few to train on", data.len()));
    }
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let h = cfg.hidden;
    let mut w = Weights::random(layout.len(), h, &mut rng);
    // The shared inputs start at 0: the network starts as one without.
    w.w1.resize(n_in * h, 0.0);
    let mut adam = Adam {
        m: Weights::zeros(n_in, h),
        v: Weights::zeros(n_in, h),
        t: 0,
    };
    let mut order: Vec<usize> = (0..data.len()).filter(|&i| !held_out(i)).collect();
    let threads = cfg.threads.max(1);
    let mut grads: Vec<Weights> = (0..threads).map(|_| Weights::zeros(n_in, h)).collect();
    // The epoch kept and, with validation, its weights.
    let mut best: Option<(Epoch, Option<Weights>)> = None;
    for epoch in 1..=cfg.epochs {
        let rate = cfg.rate
            * if epoch > cfg.epochs * 3 / 4 {
                0.01
            } else if epoch > cfg.epochs / 2 {
                0.1
            } else {
                1.0
            };
        order.shuffle(&mut rng);
        let mut sum = 0.0f64;
        for batch in order.chunks(cfg.batch.max(1)) {
            let w_ref = &w;
            let part = batch.len().div_ceil(threads);
            let errors: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(part))
                    .map(|(g, chunk)| {
                        s.spawn(move || {
                            g.clear();
                            let mut hid = [[0f32; MAX_HIDDEN]; 2];
                            let mut e = 0.0f64;
                            for &i in chunk {
                                let views = data.views(i);
                                let out = w_ref.forward(views, &mut hid) + data.base_units(i, base);
                                e += w_ref.backward(views, &hid, out, data.label[i], g) as f64;
                            }
                            e
                        })
                    })
                    .collect();
                handles.into_iter().map(|t| t.join().unwrap()).collect()
            });
            sum += errors.iter().sum::<f64>();
            let used = batch.len().div_ceil(part);
            let (first, rest) = grads.split_at_mut(1);
            for g in &rest[..used - 1] {
                first[0].add(g);
            }
            adam.step(&mut w, &first[0], rate, 1.0 / batch.len() as f32, cfg.decay);
        }
        let this = Epoch {
            epoch,
            error: sum / order.len() as f64,
            held_out: error(&w, base, data, (0..data.len()).filter(|&i| held_out(i))),
            validation: validation.map(|v| error(&w, base, v, 0..v.len())),
        };
        progress(&this);
        let better = match (&best, this.validation) {
            (Some((kept, _)), Some(now)) => now < kept.validation.unwrap_or(f64::INFINITY),
            _ => true,
        };
        if better {
            best = Some((this, validation.is_some().then(|| w.clone())));
        }
    }
    let (kept, weights) = best.ok_or("no epochs to train")?;
    let mut w = weights.unwrap_or(w);
    if let Some(f) = &data.factors {
        f.fold(&mut w, WEIGHT_CLIP);
    }
    Ok((Network::quantise(layout, h, &w, base as f64), w, kept))
}
