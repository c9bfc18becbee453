//! `chess3d bench perft`: chess3d against cozy-chess on fixed work, in the
//! same process, with the same compiler settings; then game files against
//! Fairy-Stockfish when it is installed (`fairy_bench`).

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use chess3d_core::{perft, BuiltInGame, Game, GameVariant};
use chess3d_games::chess::Chess;
use chess3d_games::file::{load, FileGame, TinyFileRules};
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

/// The 3-D games measured from their start positions: the row's name,
/// the game, the options set on, the depth.
const GAMES_3D: &[(&str, &str, &[&str], u32)] = &[
    ("ziggurat", "ziggurat", &[], 4),
    ("ziggurat43", "ziggurat43", &[], 5),
    ("startrek", "startrek", &[], 5),
    ("elevator", "elevator", &[], 4),
    // Elevator's Wonkavator variant, held within 25% of plain Elevator.
    ("wonkavator", "elevator", &["wonkavator"], 4),
    ("polyhedron", "polyhedron", &[], 4),
    ("raumschach", "raumschach", &[], 4),
];

/// Chess's game file (games/chess.toml): the same game as the built-in
/// chess, timed against it in the same run.
const CHESS_FILE: &str = include_str!("../../../games/chess.toml");

/// Times perft from a game's start position, with these options on.
struct StartPerft {
    options: &'static [&'static str],
    depth: u32,
    runs: u32,
}

impl GameVisitor for StartPerft {
    type Output = Result<(u64, Duration)>;
    fn visit<G: Game>(self, game: G::Variant) -> Self::Output {
        let mut pos = game.start();
        for option in self.options {
            pos.set_option(option, true)?;
        }
        Ok(best_of(self.runs, || perft::perft(&mut pos, self.depth)))
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

/// One side of a comparison: a timed perft of a position string at a depth.
type Timed<'a> = &'a dyn Fn(&str, u32) -> Result<(u64, Duration)>;

/// Times `first` and `second` on every case, each in turn, printing a row
/// a case and the totals; both must count the same nodes. Returns the
/// totals' rates, `first`'s then `second`'s, in nodes per second.
fn compare(
    quick: bool,
    title: &str,
    names: [&str; 2],
    [first, second]: [Timed; 2],
) -> Result<[f64; 2]> {
    outln!(
        "{title:<10} {:>5} {:>12} {:>16} {:>16} {:>7}",
        "depth",
        "nodes",
        format!("{} Mn/s", names[0]),
        format!("{} Mn/s", names[1]),
        "ratio"
    );
    let (mut nodes, mut times) = (0u64, [Duration::ZERO; 2]);
    let row = |name: &str, depth: String, n: u64, [a, b]: [Duration; 2]| {
        outln!(
            "{name:<10} {depth:>5} {n:>12} {:>16.1} {:>16.1} {:>7.3}",
            rate(n, a) / 1e6,
            rate(n, b) / 1e6,
            rate(n, a) / rate(n, b)
        );
    };
    for &(name, fen, depth) in CASES {
        let depth = if quick { depth - 1 } else { depth };
        let (n, t) = first(fen, depth)?;
        let (n_second, t_second) = second(fen, depth)?;
        if n != n_second {
            bail!(
                "{name} depth {depth}: {} counts {n} nodes, {} {n_second}",
                names[0],
                names[1]
            );
        }
        row(name, depth.to_string(), n, [t, t_second]);
        nodes += n;
        times = [times[0] + t, times[1] + t_second];
    }
    row("all", String::new(), nodes, times);
    Ok(times.map(|t| rate(nodes, t)))
}

/// A timed perft of chess3d's game `G`.
fn timed<G: BuiltInGame>(runs: u32) -> impl Fn(&str, u32) -> Result<(u64, Duration)> {
    timed_in::<G>(G::variant_of_type(), runs)
}

/// A timed perft of chess3d's game `game`.
fn timed_in<G: Game>(game: G::Variant, runs: u32) -> impl Fn(&str, u32) -> Result<(u64, Duration)> {
    move |fen, depth| {
        let mut pos = game.position(fen)?;
        Ok(best_of(runs, || perft::perft(&mut pos, depth)))
    }
}

/// The fastest of `runs` timings of `f`, and its result.
pub(crate) fn best_of(runs: u32, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = std::hint::black_box(f());
        best = best.min(start.elapsed());
    }
    (nodes, best)
}

pub(crate) fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9)
}

pub fn perft(quick: bool, runs: u32) -> Result<()> {
    let cozy = |fen: &str, depth| -> Result<(u64, Duration)> {
        let board: Board = fen
            .parse()
            .map_err(|e| anyhow::anyhow!("{e:?}"))
            .context("cozy-chess FEN")?;
        Ok(best_of(runs, || cozy_perft(&board, depth)))
    };
    let chess = timed::<Chess>(runs);
    let [chess_rate, cozy_rate] = compare(
        quick,
        "position",
        ["chess3d", "cozy-chess"],
        [&chess, &cozy],
    )?;
    let ratio = chess_rate / cozy_rate;
    outln!("chess3d runs at {ratio:.3} x cozy-chess (acceptance: at least 0.10)");

    // Chess read from its game file, as a player's file is, against the
    // built-in chess.
    outln!();
    let FileGame::Tiny(game) = FileGame::of(load(CHESS_FILE).map_err(|e| anyhow::anyhow!("{e}"))?)
    else {
        bail!("chess's file is a game of up to 64 cells");
    };
    let from_file = timed_in::<chess3d_core::Position<TinyFileRules>>(game, runs);
    let [file_rate, built_in_rate] = compare(
        quick,
        "from file",
        ["file", "built-in"],
        [&from_file, &chess],
    )?;
    outln!(
        "chess from its file runs at {:.3} x built-in chess (acceptance: at least 0.95)",
        file_rate / built_in_rate
    );

    outln!();
    outln!(
        "{:<10} {:>5} {:>12} {:>16} {:>16}",
        "game",
        "depth",
        "nodes",
        "chess3d Mn/s",
        "x chess3d chess"
    );
    let mut rates = std::collections::HashMap::new();
    for &(name, game, options, depth) in GAMES_3D {
        let depth = if quick { depth - 1 } else { depth };
        let visitor = StartPerft {
            options,
            depth,
            runs,
        };
        let (nodes, time) = with_game(game, visitor)??;
        outln!(
            "{name:<10} {depth:>5} {nodes:>12} {:>16.1} {:>16.3}",
            rate(nodes, time) / 1e6,
            rate(nodes, time) / chess_rate
        );
        rates.insert(name, rate(nodes, time));
    }
    outln!(
        "Elevator's wonkavator runs at {:.3} x plain Elevator (acceptance: at least 0.75)",
        rates["wonkavator"] / rates["elevator"]
    );

    outln!();
    crate::fairy_bench::compare(quick, runs)
}
