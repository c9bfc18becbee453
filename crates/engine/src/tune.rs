//! Fitting the evaluation's weights to game results (Texel's method).
//!
//! 1. [`self_play`]: games of the engine against itself at a small node
//!    budget from random openings; every quiet position of them (not in
//!    check, the best move not a capture, no forced win found) is kept
//!    with the game's result for White (1, ½ or 0).
//! 2. [`fit`]: the scale `k` of a logistic `1 / (1 + 10^(-k·e/400))` of
//!    the evaluation `e` is chosen to fit the results with the starting
//!    weights; then every weight (middle and end game) moves by Adam's
//!    rule down the gradient of the mean squared error between that
//!    logistic and the results, on nine positions in ten; the tenth is
//!    held out to show that the fit generalises.
//!
//! The evaluation is linear in its weights ([`crate::eval::trace`] gives
//! each position's counts), so the gradient is exact and cheap.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::Mutex;

use chess3d_core::{MoveList, Outcome, Side, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::eval::{trace, EvalTables, Evaluate, Trace};
use crate::{Config, Engine, Limits, Score};

/// How the positions are made.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub games: u32,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies from the start before the engine plays.
    pub random_plies: u32,
    /// Plies after which a game is scored a draw.
    pub max_plies: u32,
    pub seed: u64,
    pub threads: usize,
}

/// A position (its text) and the result of its game for White.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    pub text: String,
    pub result: f32,
}

/// A side whose engine sees itself this far behind for this many of its
/// moves in a row resigns.
const RESIGN_CP: i32 = 1500;
const RESIGN_MOVES: u32 = 4;

/// Plays `cfg.games` games and returns their quiet positions with the
/// results; `progress(games done, positions)` after each game.
pub fn self_play<R: Evaluate>(
    variant: Variant<R>,
    cfg: &SelfPlay,
    eval: &'static EvalTables<R::Bits>,
    stop: &AtomicBool,
    progress: impl Fn(u32, usize) + Sync,
) -> Vec<Labelled> {
    let next = AtomicU32::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for worker in 0..cfg.threads.max(1) {
            let (next, out, progress) = (&next, &out, &progress);
            scope.spawn(move || {
                let mut engine = Engine::<R>::with_eval(
                    Config {
                        threads: 1,
                        hash_mb: 16,
                        seed: cfg.seed ^ worker as u64,
                        ..Config::default()
                    },
                    eval,
                );
                loop {
                    let game = next.fetch_add(1, Relaxed);
                    if game >= cfg.games || stop.load(Relaxed) {
                        break;
                    }
                    let positions = play_one(variant, &mut engine, cfg, game);
                    let mut all = out.lock().unwrap_or_else(|e| e.into_inner());
                    all.extend(positions);
                    let n = all.len();
                    drop(all);
                    progress(game + 1, n);
                }
            });
        }
    });
    let mut all = out.into_inner().unwrap_or_else(|e| e.into_inner());
    // Threads finish games in any order: sort for a reproducible file.
    all.sort_by(|a, b| a.text.cmp(&b.text));
    all
}

/// One game: its quiet positions, labelled.
fn play_one<R: Evaluate>(
    variant: Variant<R>,
    engine: &mut Engine<R>,
    cfg: &SelfPlay,
    game: u32,
) -> Vec<Labelled> {
    let mut rng = StdRng::seed_from_u64(cfg.seed.wrapping_mul(1_000_003).wrapping_add(game as u64));
    let mut pos = variant.start();
    let mut moves = MoveList::new();
    for _ in 0..cfg.random_plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.random_range(0..moves.len())]);
    }
    engine.clear();
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    let mut quiet: Vec<String> = Vec::new();
    let mut behind = [0u32; 2];
    let mut plies = 0;
    let white_score = loop {
        if let Some(o) = pos.outcome() {
            break match o {
                Outcome::Win { winner, .. } => win(winner),
                Outcome::Draw(_) => 0.5,
            };
        }
        if plies >= cfg.max_plies {
            break 0.5;
        }
        let report = engine.search(&pos, &limits, &AtomicBool::new(false), |_| {});
        let Some(best) = report.best else {
            break 0.5;
        };
        let mover = pos.side_to_move();
        match report.score {
            Score::Cp(cp) => {
                if !pos.in_check() && !pos.is_capture(best) {
                    quiet.push(pos.to_text());
                }
                if cp <= -RESIGN_CP {
                    behind[mover.index()] += 1;
                    if behind[mover.index()] >= RESIGN_MOVES {
                        break win(mover.other());
                    }
                } else {
                    behind[mover.index()] = 0;
                }
            }
            Score::Mate(_) => {}
        }
        pos.make(best);
        plies += 1;
    };
    quiet
        .into_iter()
        .map(|text| Labelled {
            text,
            result: white_score,
        })
        .collect()
}

fn win(side: Side) -> f32 {
    if side == Side::White {
        1.0
    } else {
        0.0
    }
}

/// A labelled position's counts.
#[derive(Clone, Debug)]
pub struct Sample {
    pub trace: Trace,
    pub result: f32,
}

/// The samples of `positions` (texts that do not read as positions of
/// the game are errors).
pub fn samples<R: Evaluate>(
    game: Variant<R>,
    positions: &[Labelled],
    eval: &EvalTables<R::Bits>,
) -> Result<Vec<Sample>, String> {
    positions
        .iter()
        .map(|p| {
            let pos = game
                .position(&p.text)
                .map_err(|e| format!("position '{}': {e}", p.text))?;
            Ok(Sample {
                trace: trace(&pos, eval),
                result: p.result,
            })
        })
        .collect()
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The logistic's scale.
    pub k: f64,
    /// Mean squared error with the starting weights, on the positions
    /// fitted and on those held out.
    pub before: [f64; 2],
    /// The same with the fitted weights (rounded).
    pub after: [f64; 2],
    pub weights: Vec<[i32; 2]>,
    /// Features seen in too few positions to fit, left as they were.
    pub kept: Vec<usize>,
}

/// Fewer positions than this with a feature and it keeps its weight.
const MIN_SHARE: f64 = 0.002;

/// Fits weights to `samples` from `start`, for `epochs` passes, the
/// features marked in `hold` kept at their start; `progress(epoch,
/// error)` now and then.
pub fn fit(
    samples: &[Sample],
    start: &[[i32; 2]],
    hold: &[bool],
    epochs: usize,
    regularise: f64,
    progress: impl Fn(usize, f64),
) -> Fit {
    // Every tenth sample is held out.
    let (train, held): (Vec<&Sample>, Vec<&Sample>) = {
        let mut t = Vec::new();
        let mut h = Vec::new();
        for (i, s) in samples.iter().enumerate() {
            if i % 10 == 9 {
                h.push(s);
            } else {
                t.push(s);
            }
        }
        (t, h)
    };
    let as_f64 = |w: &[[i32; 2]]| {
        w.iter()
            .map(|&[a, b]| [a as f64, b as f64])
            .collect::<Vec<_>>()
    };
    let w0 = as_f64(start);
    let k = best_k(&train, &w0);
    let before = [error(&train, &w0, k), error(&held, &w0, k)];

    let n = start.len();
    let mut seen = vec![0usize; n];
    for s in &train {
        for &(f, _) in &s.trace.counts {
            seen[f as usize] += 1;
        }
    }
    let is_rare: Vec<bool> = seen
        .iter()
        .map(|&s| (s as f64) < MIN_SHARE * train.len() as f64)
        .collect();
    let rare: Vec<usize> = (0..n).filter(|&f| is_rare[f]).collect();
    let frozen: Vec<bool> = (0..n)
        .map(|f| is_rare[f] || hold.get(f).copied().unwrap_or(false))
        .collect();

    let mut w = w0.clone();
    let (mut m, mut v) = (vec![[0.0; 2]; n], vec![[0.0; 2]; n]);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    for epoch in 1..=epochs {
        let mut grad = gradient(&train, &w, k);
        // The pull back to the start: a weight moves only as far as the
        // results ask for more strongly than `regularise` per squared
        // centipawn, in units of k (so games of any scale are alike).
        for f in 0..n {
            for j in 0..2 {
                grad[f][j] += 2.0 * regularise * k * k * (w[f][j] - w0[f][j]);
            }
        }
        // The step falls tenfold over the run, from 2 cp at k = 0.5: a
        // smaller k (evaluations that say less about the result) needs
        // proportionally larger weights, so larger steps.
        let rate = 2.0 * (0.5 / k).clamp(0.25, 100.0) * (0.1f64).powf(epoch as f64 / epochs as f64);
        for f in 0..n {
            if frozen[f] {
                continue;
            }
            for j in 0..2 {
                let g = grad[f][j];
                m[f][j] = beta1 * m[f][j] + (1.0 - beta1) * g;
                v[f][j] = beta2 * v[f][j] + (1.0 - beta2) * g * g;
                let mh = m[f][j] / (1.0 - beta1.powi(epoch as i32));
                let vh = v[f][j] / (1.0 - beta2.powi(epoch as i32));
                w[f][j] -= rate * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % 50 == 0 || epoch == epochs {
            progress(epoch, error(&train, &w, k));
        }
    }
    // Only k times the weights is fitted: the weights are scaled so that
    // the evaluations keep the size they had (centipawns that the
    // search's margins were set for), and k the other way.
    let size = |w: &[[f64; 2]]| train.iter().map(|s| s.trace.score(w).abs()).sum::<f64>();
    let scale = size(&w0) / size(&w).max(1e-9);
    let weights: Vec<[i32; 2]> = w
        .iter()
        .zip(&w0)
        .enumerate()
        .map(|(f, (&[a, b], &start))| {
            if frozen[f] {
                [start[0] as i32, start[1] as i32]
            } else {
                [(a * scale).round() as i32, (b * scale).round() as i32]
            }
        })
        .collect();
    let k = k / scale;
    let rounded = as_f64(&weights);
    Fit {
        k,
        before,
        after: [error(&train, &rounded, k), error(&held, &rounded, k)],
        weights,
        kept: rare,
    }
}

fn sigmoid(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Mean squared error of the logistic of the evaluations.
pub fn error(samples: &[&Sample], w: &[[f64; 2]], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.result as f64 - sigmoid(s.trace.score(w), k);
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The gradient of [`error`] by each weight.
fn gradient(samples: &[&Sample], w: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
    let mut g = vec![[0.0; 2]; w.len()];
    let c = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let p = sigmoid(s.trace.score(w), k);
        // d/de (r - p)^2 = -2 (r - p) p (1 - p) c
        let d = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * c;
        let phase = s.trace.phase as f64;
        for &(f, x) in &s.trace.counts {
            let gf = &mut g[f as usize];
            gf[0] += d * x as f64 * phase;
            gf[1] += d * x as f64 * (1.0 - phase);
        }
    }
    let n = samples.len().max(1) as f64;
    for gf in &mut g {
        gf[0] /= n;
        gf[1] /= n;
    }
    g
}

/// The scale that best fits the results with weights `w` (golden-section
/// search; the error is unimodal in it).
fn best_k(samples: &[&Sample], w: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = (0.002f64, 4.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Positions as lines of a file: `RESULT POSITION`, the result White's
/// (1, 0.5 or 0; or a blended label from 0 to 1).
pub fn to_lines(positions: &[Labelled]) -> String {
    positions
        .iter()
        .map(|p| format!("{} {}\n", p.result, p.text))
        .collect()
}

/// Reads [`to_lines`]'s format.
pub fn from_lines(text: &str) -> Result<Vec<Labelled>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let (result, pos) = line
                .split_once(' ')
                .ok_or_else(|| format!("line {}: expected RESULT POSITION", i + 1))?;
            // Games give 1, 0.5 or 0; a label blended with a stronger
            // engine's expected score (scripts/label-stockfish) lies
            // between.
            let result: f32 = match result.parse::<f32>() {
                Ok(r) if (0.0..=1.0).contains(&r) => r,
                _ => {
                    return Err(format!(
                        "line {}: result '{result}' is not a number from 0 to 1 (1, 0.5 or 0 for a game's)",
                        i + 1
                    ))
                }
            };
            let text = pos.trim();
            if text.is_empty() {
                return Err(format!("line {}: no position after the result", i + 1));
            }
            Ok(Labelled {
                text: text.to_string(),
                result,
            })
        })
        .collect()
}
