//! `chess3d bench perft`'s last table: game files against Fairy-Stockfish,
//! the program variant players use most, on the same games' perft in the
//! same run, when it is installed (Debian's `fairy-stockfish`). Its time
//! is from `go perft` to its node count, so its start-up is not counted.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use chess3d_core::{perft, Game, GameVariant, Position};
use chess3d_games::file::{load, FileGame, LargeFileRules, PoolFileRules};
use chess3d_games::file::{SmallFileRules, TinyFileRules};

use crate::bench::{best_of, rate};

/// The files measured: the row's name, Fairy-Stockfish's name for the
/// game, the file, the depth from its start.
const FILES: &[(&str, &str, &str, u32)] = &[
    (
        "3check",
        "3check",
        include_str!("../../../games/3check.toml"),
        5,
    ),
    (
        "antichess",
        "antichess",
        include_str!("../../../games/antichess.toml"),
        5,
    ),
    (
        "capablanca",
        "capablanca",
        include_str!("../../../games/capablanca.toml"),
        5,
    ),
    (
        "chess",
        "chess",
        include_str!("../../../games/chess.toml"),
        6,
    ),
    (
        "crazyhouse",
        "crazyhouse",
        include_str!("../../../games/crazyhouse.toml"),
        5,
    ),
    (
        "grand",
        "grand",
        include_str!("../../../games/grand.toml"),
        3,
    ),
    (
        "horde",
        "horde",
        include_str!("../../../games/horde.toml"),
        5,
    ),
    (
        "losalamos",
        "losalamos",
        include_str!("../../../games/losalamos.toml"),
        6,
    ),
    (
        "minishogi",
        "minishogi",
        include_str!("../../../games/minishogi.toml"),
        6,
    ),
    (
        "seirawan",
        "seirawan",
        include_str!("../../../games/seirawan.toml"),
        5,
    ),
    (
        "shako",
        "shako",
        include_str!("../../../games/shako.toml"),
        4,
    ),
    (
        "shouse",
        "shouse",
        include_str!("../../../games/shouse.toml"),
        4,
    ),
    (
        "xiangqi",
        "xiangqi",
        include_str!("../../../games/xiangqi.toml"),
        4,
    ),
];

/// Fairy-Stockfish, on the PATH or where Debian puts it.
fn fairy_stockfish() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("fairy-stockfish"))
        .find(|path| path.is_file())
}

/// One Fairy-Stockfish process over UCI.
struct Fairy {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fairy {
    fn start(path: &PathBuf) -> Result<Fairy> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {}", path.display()))?;
        let input = child.stdin.take().context("its input")?;
        let output = BufReader::new(child.stdout.take().context("its output")?);
        Ok(Fairy {
            child,
            input,
            output,
        })
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}").context("writing to fairy-stockfish")
    }

    /// Reads lines up to one starting with `prefix`, which it returns.
    fn until(&mut self, prefix: &str) -> Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                bail!("fairy-stockfish stopped before '{prefix}'");
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// Perft of `variant` from `fen`: its count and time.
    fn perft(&mut self, variant: &str, fen: &str, depth: u32) -> Result<(u64, Duration)> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        self.send(&format!("position fen {fen}"))?;
        self.send("isready")?;
        self.until("readyok")?;
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let line = self.until("Nodes searched")?;
        let time = start.elapsed();
        let nodes = line
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .with_context(|| format!("fairy-stockfish said '{line}'"))?;
        Ok((nodes, time))
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// Perft of a game file from its start, by the rules type that plays it.
fn file_perft(text: &str, depth: u32, runs: u32) -> Result<(u64, Duration, String)> {
    fn timed<G: Game>(game: G::Variant, depth: u32, runs: u32) -> (u64, Duration, String) {
        let mut pos = game.start();
        let (nodes, time) = best_of(runs, || perft::perft(&mut pos, depth));
        (nodes, time, game.start().to_text())
    }
    let def = load(text).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(match FileGame::of(def) {
        FileGame::Tiny(v) => timed::<Position<TinyFileRules>>(v, depth, runs),
        FileGame::Small(v) => timed::<Position<SmallFileRules>>(v, depth, runs),
        FileGame::Large(v) => timed::<Position<LargeFileRules>>(v, depth, runs),
        FileGame::Pool(v) => timed::<Position<PoolFileRules>>(v, depth, runs),
    })
}

/// The table, or a line saying why there is none.
pub fn compare(quick: bool, runs: u32) -> Result<()> {
    let Some(path) = fairy_stockfish() else {
        outln!(
            "Fairy-Stockfish not found: no comparison with it (apt-get install fairy-stockfish)"
        );
        return Ok(());
    };
    let mut fairy = Fairy::start(&path)?;
    fairy.send("uci")?;
    fairy.until("uciok")?;
    outln!(
        "{:<10} {:>5} {:>12} {:>16} {:>16} {:>7}",
        "file",
        "depth",
        "nodes",
        "chess3d Mn/s",
        "Fairy-SF Mn/s",
        "ratio"
    );
    let mut slowest: Option<(&str, f64)> = None;
    for &(name, variant, text, depth) in FILES {
        let depth = if quick { depth - 1 } else { depth };
        let (nodes, ours, fen) = file_perft(text, depth, runs)?;
        let mut theirs = Duration::MAX;
        for _ in 0..runs {
            let (their_nodes, time) = fairy.perft(variant, &fen, depth)?;
            if their_nodes != nodes {
                bail!("{name} depth {depth}: chess3d counts {nodes} nodes, Fairy-Stockfish {their_nodes}");
            }
            theirs = theirs.min(time);
        }
        let ratio = rate(nodes, ours) / rate(nodes, theirs);
        outln!(
            "{name:<10} {depth:>5} {nodes:>12} {:>16.1} {:>16.1} {ratio:>7.3}",
            rate(nodes, ours) / 1e6,
            rate(nodes, theirs) / 1e6,
        );
        if slowest.is_none_or(|(_, r)| ratio < r) {
            slowest = Some((name, ratio));
        }
    }
    if let Some((name, ratio)) = slowest {
        outln!(
            "the slowest file against {}, {name}, runs at {ratio:.3} x it (acceptance: at least 1)",
            path.display()
        );
    }
    Ok(())
}
