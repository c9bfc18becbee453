//! `chess3d bench perft`: chess3d against cozy-chess on fixed work, in the
//! same process, with the same compiler settings.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use chess3d_core::{perft, Game};
use chess3d_games::chess::Chess;
use chess3d_games::{with_game, GameVisitor};
use cozy_chess::Board;

/// The positions and depths measured (chessprogramming wiki perft results).
const CASES: &[(&str, &str, u32)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

/// The 3-D games measured from their start positions, with the depth.
const GAMES_3D: &[(&str, u32)] = &[
    ("ziggurat", 4),
    ("ziggurat43", 5),
    ("startrek", 5),
    ("elevator", 4),
    ("polyhedron", 4),
    ("raumschach", 4),
];

chess3d_games::file_rules!(
    /// Chess read from its game file (games/chess.toml): measured against
    /// the built-in chess, the same game, in the same run.
    ChessFileRules: chess3d_core::Bits<1>, () = include_str!("../../../games/chess.toml")
);

/// Times perft from a game's start position.
struct StartPerft {
    depth: u32,
    runs: u32,
}

impl GameVisitor for StartPerft {
    type Output = (u64, Duration);
    fn visit<G: Game>(self) -> (u64, Duration) {
        let mut pos = G::start();
        best_of(self.runs, || perft::perft(&mut pos, self.depth))
    }
}

/// Bulk-counting perft with cozy-chess, the way its own documentation
/// counts: copy-make, and at depth 1 the size of each piece's move set.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// Chess from its game file against the built-in chess, position by
/// position, each timed in turn.
fn file_chess(quick: bool, runs: u32) -> Result<()> {
    println!();
    println!(
        "{:<10} {:>5} {:>12} {:>16} {:>16} {:>7}",
        "from file", "depth", "nodes", "built-in Mn/s", "file Mn/s", "ratio"
    );
    let (mut built_in, mut from_file, mut nodes) = (Duration::ZERO, Duration::ZERO, 0);
    for &(name, fen, depth) in CASES {
        let depth = if quick { depth - 1 } else { depth };
        let mut pos = Chess::from_text(fen)?;
        let mut file_pos = chess3d_core::Position::<ChessFileRules>::from_text(fen)?;
        let (n, t) = best_of(runs, || perft::perft(&mut pos, depth));
        let (n_file, t_file) = best_of(runs, || perft::perft(&mut file_pos, depth));
        if n != n_file {
            bail!("{name} depth {depth}: built-in chess counts {n} nodes, its file {n_file}");
        }
        println!(
            "{name:<10} {depth:>5} {n:>12} {:>16.1} {:>16.1} {:>7.3}",
            rate(n, t) / 1e6,
            rate(n, t_file) / 1e6,
            rate(n, t_file) / rate(n, t)
        );
        (built_in, from_file, nodes) = (built_in + t, from_file + t_file, nodes + n);
    }
    let ratio = rate(nodes, from_file) / rate(nodes, built_in);
    println!(
        "{:<10} {:>5} {nodes:>12} {:>16.1} {:>16.1} {ratio:>7.3}",
        "all",
        "",
        rate(nodes, built_in) / 1e6,
        rate(nodes, from_file) / 1e6,
    );
    println!("chess from its file runs at {ratio:.3} x built-in chess (acceptance: at least 0.95)");
    Ok(())
}

/// The fastest of `runs` timings of `f`, and its result.
fn best_of(runs: u32, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = std::hint::black_box(f());
        best = best.min(start.elapsed());
    }
    (nodes, best)
}

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9)
}

pub fn perft(quick: bool, runs: u32) -> Result<()> {
    println!(
        "{:<10} {:>5} {:>12} {:>16} {:>16} {:>7}",
        "position", "depth", "nodes", "chess3d Mn/s", "cozy-chess Mn/s", "ratio"
    );
    let (mut ours_nodes, mut ours_time) = (0u64, Duration::ZERO);
    let (mut ref_nodes, mut ref_time) = (0u64, Duration::ZERO);
    for &(name, fen, depth) in CASES {
        let depth = if quick { depth - 1 } else { depth };
        let mut pos = Chess::from_text(fen)?;
        let board: Board = fen
            .parse()
            .map_err(|e| anyhow::anyhow!("{e:?}"))
            .context("cozy-chess FEN")?;
        let (n_ours, t_ours) = best_of(runs, || perft::perft(&mut pos, depth));
        let (n_ref, t_ref) = best_of(runs, || cozy_perft(&board, depth));
        if n_ours != n_ref {
            bail!("{name} depth {depth}: chess3d counts {n_ours} nodes, cozy-chess {n_ref}");
        }
        println!(
            "{name:<10} {depth:>5} {n_ours:>12} {:>16.1} {:>16.1} {:>7.3}",
            rate(n_ours, t_ours) / 1e6,
            rate(n_ref, t_ref) / 1e6,
            rate(n_ours, t_ours) / rate(n_ref, t_ref)
        );
        ours_nodes += n_ours;
        ours_time += t_ours;
        ref_nodes += n_ref;
        ref_time += t_ref;
    }
    let ratio = rate(ours_nodes, ours_time) / rate(ref_nodes, ref_time);
    println!(
        "{:<10} {:>5} {:>12} {:>16.1} {:>16.1} {:>7.3}",
        "all",
        "",
        ours_nodes,
        rate(ours_nodes, ours_time) / 1e6,
        rate(ref_nodes, ref_time) / 1e6,
        ratio
    );
    println!("chess3d runs at {ratio:.3} x cozy-chess (acceptance: at least 0.10)");

    let chess_rate = rate(ours_nodes, ours_time);
    file_chess(quick, runs)?;
    println!();
    println!(
        "{:<10} {:>5} {:>12} {:>16} {:>16}",
        "game", "depth", "nodes", "chess3d Mn/s", "x chess3d chess"
    );
    for &(game, depth) in GAMES_3D {
        let depth = if quick { depth - 1 } else { depth };
        let (nodes, time) = with_game(game, StartPerft { depth, runs })?;
        println!(
            "{game:<10} {depth:>5} {nodes:>12} {:>16.1} {:>16.3}",
            rate(nodes, time) / 1e6,
            rate(nodes, time) / chess_rate
        );
    }
    Ok(())
}
