//! The engine: iterative deepening on several threads sharing one
//! transposition table (lazy SMP), time management, skill levels.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use chess3d_core::{Move, Position};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::eval::{EvalTables, Evaluate};
use crate::limits::Limits;
use crate::search::{Searcher, Shared, Stops, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::Table;

/// The engine's settings (the UCI options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub threads: usize,
    pub hash_mb: usize,
    /// 0 (weakest) to 20 (full strength).
    pub skill: u8,
    /// Seed of the weaker skill levels' choices.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            threads: 1,
            hash_mb: 64,
            skill: 20,
            seed: 0,
        }
    }
}

pub const MAX_THREADS: usize = 64;
pub const MAX_HASH_MB: usize = 65_536;
pub const MAX_SKILL: u8 = 20;
/// Stack of a search thread: each ply keeps its move list on the stack.
const STACK: usize = 64 << 20;

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate (or a King captured, the temple reached) in this many moves;
    /// negative when the side to move is the one mated.
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s + 1) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    /// As in UCI: `cp 35`, `mate 3`, `mate -2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// Progress after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    /// Which line, from 1 (the best), of a MultiPV search.
    pub multipv: u32,
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl Info {
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// `None` only when the game is over.
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// The best lines of the last complete iteration, best first, each
    /// with its score (one unless MultiPV asked for more).
    pub lines: Vec<(Score, Vec<Move>)>,
}

impl Report {
    /// Before any iteration: `best` (the first root move) unsearched.
    fn unsearched(best: Option<Move>) -> Report {
        Report {
            best,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }
}

pub struct Engine<R: Evaluate> {
    tt: Table,
    config: Config,
    searches: u64,
    /// The evaluation's tables, when not the game's own (which come from
    /// the position searched: a rules type may play many games).
    eval: Option<&'static EvalTables<R::Bits>>,
    _rules: PhantomData<R>,
}

impl<R: Evaluate> Engine<R> {
    pub fn new(config: Config) -> Self {
        let config = Config {
            threads: config.threads.clamp(1, MAX_THREADS),
            hash_mb: config.hash_mb.clamp(1, MAX_HASH_MB),
            skill: config.skill.min(MAX_SKILL),
            seed: config.seed,
        };
        Engine {
            tt: Table::new(config.hash_mb),
            config,
            searches: 0,
            eval: None,
            _rules: PhantomData,
        }
    }

    /// An engine that evaluates with `eval` instead of the game's own
    /// weights (a fit to try in a match).
    pub fn with_eval(config: Config, eval: &'static EvalTables<R::Bits>) -> Self {
        Engine {
            eval: Some(eval),
            ..Engine::new(config)
        }
    }

    pub fn config(&self) -> Config {
        self.config
    }

    /// Changes the settings; a new hash size empties the table.
    pub fn configure(&mut self, config: Config) {
        let old = self.config.hash_mb;
        self.config = Config {
            threads: config.threads.clamp(1, MAX_THREADS),
            hash_mb: config.hash_mb.clamp(1, MAX_HASH_MB),
            skill: config.skill.min(MAX_SKILL),
            seed: config.seed,
        };
        if self.config.hash_mb != old {
            // The old table goes first: both at once may not fit.
            self.tt = Table::new(1);
            self.tt = Table::new(self.config.hash_mb);
        }
    }

    /// Evaluates with `eval` from the next search on (a weights file, or
    /// the game's own `R::eval_tables(game)`), forgetting what the table
    /// learnt with the old weights. The table is kept: a second one
    /// beside it may not fit.
    pub fn set_eval(&mut self, eval: &'static EvalTables<R::Bits>) {
        self.eval = Some(eval);
        self.clear();
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `pos` within `limits`, until `abort` is set, calling
    /// `on_info` after each completed iteration. `pos` may be finished:
    /// then there is no best move.
    pub fn search(
        &mut self,
        pos: &Position<R>,
        limits: &Limits,
        abort: &AtomicBool,
        on_info: impl FnMut(&Info) + Send,
    ) -> Report {
        let start = Instant::now();
        self.tt.new_search();
        self.searches += 1;
        let shared = Shared::default();
        let budget = limits.budget(pos.side_to_move());
        let stops = Stops {
            hard: budget.map(|b| start + b.hard),
            nodes: limits.nodes,
        };
        let skill = self.config.skill;
        let mut max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        if skill < MAX_SKILL {
            // Shallower as the level falls: 1 ply at 0, 10 at 19.
            max_depth = max_depth.min(1 + u32::from(skill) / 2);
        }
        let tt = &self.tt;
        let eval = self.eval.unwrap_or_else(|| R::eval_tables(pos.variant()));
        let threads = self.config.threads;
        let soft = budget.and_then(|b| b.soft);
        let infinite = limits.is_unbounded(pos.side_to_move());
        let seed = self.config.seed ^ self.searches;
        let multipv = limits.multipv.max(1) as usize;
        // A weak level picks among several best lines, so it searches them.
        let searched_lines = if skill < MAX_SKILL {
            multipv.max(SKILL_LINES)
        } else {
            multipv
        };
        std::thread::scope(|scope| {
            let shared = &shared;
            for id in 1..threads {
                let pos = pos.clone();
                // A helper that cannot be started is done without.
                let _ =
                    std::thread::Builder::new()
                        .stack_size(STACK)
                        .spawn_scoped(scope, move || {
                            let mut helper =
                                Searcher::new(pos, tt, shared, abort, stops, false, eval);
                            // Half the helpers start one ply deeper, so that the
                            // threads do not all search the same tree.
                            let mut depth = 1 + (id % 2) as i32;
                            while !shared.stop.load(Relaxed)
                                && !abort.load(Relaxed)
                                && depth < MAX_PLY as i32
                            {
                                helper.search_root(depth);
                                if helper.stopped {
                                    break;
                                }
                                depth += 1;
                            }
                            helper.flush_nodes();
                        });
            }
            let main_pos = pos.clone();
            let main =
                std::thread::Builder::new()
                    .stack_size(STACK)
                    .spawn_scoped(scope, move || {
                        let pos = main_pos;
                        let mut main = Searcher::new(pos, tt, shared, abort, stops, true, eval);
                        let run = Iterations {
                            shared,
                            abort,
                            tt,
                            start,
                            soft,
                            max_depth,
                        };
                        let mut report = if searched_lines > 1 {
                            multi_loop(&mut main, &run, searched_lines, multipv, on_info)
                        } else {
                            main_loop(&mut main, &run, infinite, on_info)
                        };
                        if infinite {
                            // UCI: with `go infinite` the answer waits for `stop`.
                            while !abort.load(Relaxed) {
                                std::thread::sleep(Duration::from_millis(2));
                            }
                            report.time = start.elapsed();
                            report.nodes = shared.nodes.load(Relaxed);
                        }
                        shared.stop.store(true, Relaxed);
                        if skill < MAX_SKILL {
                            report = weaken(report, skill, seed);
                            report.lines.truncate(multipv);
                        }
                        report
                    });
            let report = main.ok().and_then(|h| h.join().ok());
            // Whatever happened, the helpers stop now.
            shared.stop.store(true, Relaxed);
            report.unwrap_or_else(|| {
                // No main thread: the first legal move, unsearched.
                let mut moves = chess3d_core::MoveList::new();
                pos.clone().legal_moves(&mut moves);
                Report {
                    time: start.elapsed(),
                    ..Report::unsearched(moves.first().copied())
                }
            })
        })
    }
}

/// What the main thread's iterative deepening runs with, whichever loop.
struct Iterations<'s> {
    shared: &'s Shared,
    abort: &'s AtomicBool,
    tt: &'s Table,
    start: Instant,
    /// The time after which no iteration starts (`Budget::soft`).
    soft: Option<Duration>,
    max_depth: u32,
}

/// Iterative deepening on the main thread, reporting each iteration.
fn main_loop<R: Evaluate>(
    main: &mut Searcher<'_, R>,
    run: &Iterations<'_>,
    infinite: bool,
    mut on_info: impl FnMut(&Info),
) -> Report {
    let Iterations {
        shared,
        abort,
        tt,
        start,
        soft,
        max_depth,
    } = *run;
    let mut report = Report::unsearched(main.root_moves.first().map(|r| r.mv));
    let mut depth = 1;
    let mut previous = None;
    let mut last_score = None;
    while depth <= max_depth && !main.root_moves.is_empty() {
        if abort.load(Relaxed) {
            break;
        }
        let score = match last_score {
            Some(last) if depth >= 4 && !main.off.aspiration => {
                aspiration(main, depth as i32, last)
            }
            _ => main.search_root(depth as i32),
        };
        main.flush_nodes();
        let stopped = main.stopped;
        // A partial iteration still counts if it found a better move.
        if !stopped || main.root_moves[0].score > report_score(&report) && depth > 1 {
            let best = main.root_moves[0].mv;
            report.best = Some(best);
            // A stopped re-search of the aspiration window may not have
            // reached the best move's line again.
            report.pv = if main.pv().first() == Some(&best) {
                main.pv().to_vec()
            } else {
                vec![best]
            };
            report.score = Score::from_internal(if stopped {
                main.root_moves[0].score
            } else {
                score
            });
        }
        if stopped {
            break;
        }
        last_score = Some(score);
        report.depth = depth;
        report.time = start.elapsed();
        report.nodes = shared.nodes.load(Relaxed);
        on_info(&Info {
            multipv: 1,
            depth,
            seldepth: main.seldepth as u32,
            score: report.score,
            nodes: report.nodes,
            time: report.time,
            hashfull: tt.hashfull(),
            pv: report.pv.clone(),
        });
        if soft.is_some_and(|s| start.elapsed() >= s / 2 && depth > 1 || start.elapsed() >= s) {
            break;
        }
        // The same mate found by two iterations in a row: deeper search
        // would not change it.
        if !infinite && matches!(report.score, Score::Mate(_)) && previous == Some(report.score) {
            break;
        }
        previous = Some(report.score);
        depth += 1;
    }
    shared.stop.store(true, Relaxed);
    report.time = start.elapsed();
    report.nodes = shared.nodes.load(Relaxed);
    report.lines = vec![(report.score, report.pv.clone())];
    report
}

/// Iterative deepening of a MultiPV search: at each depth the best of the
/// root moves, then the best of the others, and so on for `multipv` lines,
/// each searched with the full window for its exact score; the first
/// `shown` are reported as they come. An iteration cut short keeps the
/// lines of the last complete one.
fn multi_loop<R: Evaluate>(
    main: &mut Searcher<'_, R>,
    run: &Iterations<'_>,
    multipv: usize,
    shown: usize,
    mut on_info: impl FnMut(&Info),
) -> Report {
    let Iterations {
        shared,
        abort,
        tt,
        start,
        soft,
        max_depth,
    } = *run;
    let mut report = Report::unsearched(main.root_moves.first().map(|r| r.mv));
    let count = multipv.min(main.root_moves.len());
    let mut depth = 1;
    while depth <= max_depth && count > 0 && !abort.load(Relaxed) {
        let mut lines = Vec::with_capacity(count);
        for k in 0..count {
            main.root_start = k;
            let score = main.search_root(depth as i32);
            if main.stopped {
                break;
            }
            let mv = main.root_moves[k].mv;
            let pv = if main.pv().first() == Some(&mv) {
                main.pv().to_vec()
            } else {
                vec![mv]
            };
            lines.push((Score::from_internal(score), pv));
        }
        main.root_start = 0;
        main.flush_nodes();
        if main.stopped {
            break;
        }
        // A later line may score above an earlier one (the search is not
        // exact between subsets): the lines best first, as reported, and
        // the root moves in their order for the next iteration.
        lines.sort_by_key(|l| std::cmp::Reverse(internal_score(l.0)));
        for (k, line) in lines.iter().enumerate() {
            if let Some(i) = main
                .root_moves
                .iter()
                .position(|r| Some(&r.mv) == line.1.first())
            {
                main.root_moves.swap(k, i);
            }
        }
        report.depth = depth;
        report.time = start.elapsed();
        report.nodes = shared.nodes.load(Relaxed);
        report.best = lines.first().and_then(|l| l.1.first().copied());
        report.score = lines[0].0;
        report.pv = lines[0].1.clone();
        for (k, (score, pv)) in lines.iter().enumerate().take(shown) {
            on_info(&Info {
                multipv: k as u32 + 1,
                depth,
                seldepth: main.seldepth as u32,
                score: *score,
                nodes: report.nodes,
                time: report.time,
                hashfull: tt.hashfull(),
                pv: pv.clone(),
            });
        }
        report.lines = lines;
        if soft.is_some_and(|s| start.elapsed() >= s / 2 && depth > 1 || start.elapsed() >= s) {
            break;
        }
        depth += 1;
    }
    shared.stop.store(true, Relaxed);
    report.time = start.elapsed();
    report.nodes = shared.nodes.load(Relaxed);
    report
}

/// A window this wide around the last iteration's score first.
const ASPIRATION: i32 = 25;

/// One iteration searched in a narrow window around the last score,
/// widened on the side that failed until the score falls inside; a
/// score near a mate is searched with the full window at once.
fn aspiration<R: Evaluate>(main: &mut Searcher<'_, R>, depth: i32, last: i32) -> i32 {
    if last.abs() >= MATE_BOUND {
        return main.search_root(depth);
    }
    let mut delta = ASPIRATION;
    let (mut alpha, mut beta) = (last - delta, last + delta);
    loop {
        let score = main.search_root_window(depth, alpha, beta);
        if main.stopped {
            return score;
        }
        if score <= alpha {
            alpha = (alpha - delta).max(-INF);
        } else if score >= beta {
            beta = (beta + delta).min(INF);
        } else {
            return score;
        }
        delta *= 2;
        if delta > 1000 {
            (alpha, beta) = (-INF, INF);
        }
    }
}

fn report_score(r: &Report) -> i32 {
    internal_score(r.score)
}

/// A score as the search counts it, for comparing.
fn internal_score(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => MATE - 2 * m + 1,
        Score::Mate(m) => -MATE - 2 * m,
    }
}

/// How many best lines a skill level below 20 searches and picks among (as
/// Stockfish's skill levels do): exact scores for a few moves cost a few
/// searches, where exact scores for every move cost many times more in the
/// games of many moves, and left Polyhedron's levels 5 and 10 the same depth.
const SKILL_LINES: usize = 4;

/// The largest random bonus a skill level below 20 gives each of its
/// lines: 300 cp at level 0, falling with the square of the level's
/// distance below 20 (168 cp at 5, 75 at 10, 18 at 15), so that the
/// middle levels play their depth's best move more often than the low
/// ones: with a bonus falling evenly (225 cp at 5, 150 at 10, as until
/// issue 59) levels 5 and 10 both played nearly any of their four lines.
fn skill_noise(skill: u8) -> i32 {
    let below = i32::from(MAX_SKILL.saturating_sub(skill));
    3 * below * below / 4
}

/// Skill levels below 20: a random bonus of up to [`skill_noise`] on the
/// score of each of the best lines (each begins with its move:
/// `multi_loop` makes no empty line), then the best.
fn weaken(mut report: Report, skill: u8, seed: u64) -> Report {
    let noise = skill_noise(skill);
    let mut rng = StdRng::seed_from_u64(seed);
    let pick = report
        .lines
        .iter()
        .map(|line| (internal_score(line.0) + rng.random_range(0..=noise), line))
        .max_by_key(|(s, _)| *s)
        .map(|(_, line)| line.clone());
    if let Some((score, pv)) = pick {
        if report.best != pv.first().copied() {
            report.best = pv.first().copied();
            report.pv = pv;
            report.score = score;
        }
    }
    report
}

/// The canonical text of a line of moves from `pos` (a principal
/// variation), stopping at the first move that is not legal there.
pub fn line_text<R: Evaluate>(pos: &Position<R>, line: &[Move]) -> Vec<String> {
    line_with(pos, line, |p, m| p.move_text(m))
}

/// The legal beginning of a line as players read it (SAN for chess, with
/// check marks).
pub fn line_labels<R: Evaluate>(pos: &Position<R>, line: &[Move]) -> Vec<String> {
    line_with(pos, line, |p, m| p.move_label(m))
}

fn line_with<R: Evaluate>(
    pos: &Position<R>,
    line: &[Move],
    mut text: impl FnMut(&mut Position<R>, Move) -> String,
) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &m in line {
        let mut legal = chess3d_core::MoveList::new();
        pos.legal_moves(&mut legal);
        if !legal.contains(&m) {
            break;
        }
        out.push(text(&mut pos, m));
        pos.make(m);
    }
    out
}

/// The UCI `info` line of an iteration.
pub fn info_line<R: Evaluate>(pos: &Position<R>, info: &Info) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        info.hashfull,
        line_text(pos, &info.pv).join(" ")
    )
}
