//! The players of `chess3d match`: the engine with a configuration, a
//! random mover, a greedy capture-first player, or another program
//! speaking UCI.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::{Move, MoveKind, MoveList, Position, Variant};
use chess3d_engine::eval::victim_value;
use chess3d_engine::{Config, Engine, Evaluate, Limits};
use chess3d_play::setup::load_weights;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

pub use chess3d_play::spec::Spec;

/// A player of one game type.
pub trait Player<R: Evaluate> {
    fn new_game(&mut self) -> Result<()>;
    /// The move to play in `pos`, which was reached from `start` by
    /// `moves` (canonical texts); in a timed game, by `clock`.
    fn choose(
        &mut self,
        pos: &Position<R>,
        start: &str,
        moves: &[String],
        clock: Option<&Clocks>,
    ) -> Result<Move>;
}

/// The clocks a move is chosen by: each side's time left, and the
/// increment.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    pub left: [Duration; 2],
    pub increment: Duration,
}

/// Builds a player; `movetime` is the time per move of engines whose spec
/// sets no limit; `options` the game options in `NAME=on|off` form;
/// `uci_options` the options a `uci:` player is given (name, value).
pub fn build<R: Evaluate>(
    game: Variant<R>,
    spec: &Spec,
    movetime: u64,
    seed: u64,
    options: &[(String, bool)],
    uci_options: &[(String, String)],
) -> Result<Box<dyn Player<R> + Send>> {
    Ok(match spec {
        Spec::Engine {
            config,
            depth,
            nodes,
            movetime: own,
            weights,
        } => {
            let limits = Limits {
                depth: *depth,
                nodes: *nodes,
                movetime: match (own, depth, nodes) {
                    (Some(t), _, _) => Some(Duration::from_millis(*t)),
                    (None, None, None) => Some(Duration::from_millis(movetime)),
                    _ => None,
                },
                ..Limits::default()
            };
            let config = Config { seed, ..*config };
            let engine = match weights {
                None => Engine::new(config),
                Some(path) => Engine::with_eval(config, load_weights(game, path)?),
            };
            Box::new(EnginePlayer { engine, limits })
        }
        Spec::Random => Box::new(RandomPlayer(StdRng::seed_from_u64(seed))),
        Spec::Greedy => Box::new(GreedyPlayer(StdRng::seed_from_u64(seed))),
        Spec::Uci(command) => Box::new(UciPlayer::start(
            game.id(),
            command,
            movetime,
            options,
            uci_options,
        )?),
    })
}

struct EnginePlayer<R: Evaluate> {
    engine: Engine<R>,
    limits: Limits,
}

impl<R: Evaluate> Player<R> for EnginePlayer<R> {
    fn new_game(&mut self) -> Result<()> {
        self.engine.clear();
        Ok(())
    }
    fn choose(
        &mut self,
        pos: &Position<R>,
        _: &str,
        _: &[String],
        clock: Option<&Clocks>,
    ) -> Result<Move> {
        // With a clock, the clock's time instead of a time per move.
        let limits = match clock {
            Some(c) => Limits {
                movetime: None,
                time: c.left.map(Some),
                inc: [c.increment; 2],
                ..self.limits.clone()
            },
            None => self.limits.clone(),
        };
        let report = self
            .engine
            .search(pos, &limits, &AtomicBool::new(false), |_| {});
        report
            .best
            .ok_or_else(|| anyhow!("the engine found no move"))
    }
}

fn legal<R: Evaluate>(pos: &Position<R>) -> MoveList {
    let mut moves = MoveList::new();
    pos.clone().legal_moves(&mut moves);
    moves
}

struct RandomPlayer(StdRng);

impl<R: Evaluate> Player<R> for RandomPlayer {
    fn new_game(&mut self) -> Result<()> {
        Ok(())
    }
    fn choose(
        &mut self,
        pos: &Position<R>,
        _: &str,
        _: &[String],
        _: Option<&Clocks>,
    ) -> Result<Move> {
        let moves = legal(pos);
        if moves.is_empty() {
            bail!("no legal move");
        }
        Ok(moves[self.0.random_range(0..moves.len())])
    }
}

/// One ply deep: a move that wins at once, else the capture of the most
/// valuable piece, else any move (at random among equals).
struct GreedyPlayer(StdRng);

impl<R: Evaluate> Player<R> for GreedyPlayer {
    fn new_game(&mut self) -> Result<()> {
        Ok(())
    }
    fn choose(
        &mut self,
        pos: &Position<R>,
        _: &str,
        _: &[String],
        _: Option<&Clocks>,
    ) -> Result<Move> {
        let moves = legal(pos);
        if moves.is_empty() {
            bail!("no legal move");
        }
        let et = R::eval_tables(pos.variant());
        let us = pos.side_to_move();
        let mut probe = pos.clone();
        let gain = |m: Move, probe: &mut Position<R>| -> i32 {
            probe.make(m);
            let wins = matches!(
                probe.outcome(),
                Some(chess3d_core::Outcome::Win { winner, .. }) if winner == us
            );
            probe.unmake();
            if wins {
                return 1_000_000;
            }
            if !pos.is_capture(m) {
                return 0;
            }
            match m.kind {
                MoveKind::Normal | MoveKind::Shot if !pos.piece_at(m.to).is_empty() => {
                    victim_value(et, pos.tables(), pos.piece_at(m.to).kind())
                }
                _ => chess3d_engine::eval::PAWN_VALUE,
            }
        };
        let gains: Vec<i32> = moves.iter().map(|&m| gain(m, &mut probe)).collect();
        let best = *gains.iter().max().expect("moves");
        let choices: Vec<Move> = moves
            .iter()
            .zip(&gains)
            .filter(|(_, &g)| g == best)
            .map(|(&m, _)| m)
            .collect();
        Ok(choices[self.0.random_range(0..choices.len())])
    }
}

/// Another program speaking UCI (`chess3d uci`, say), told the variant.
struct UciPlayer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    movetime: u64,
}

impl UciPlayer {
    fn start(
        id: &str,
        command: &str,
        movetime: u64,
        options: &[(String, bool)],
        uci_options: &[(String, String)],
    ) -> Result<Self> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start '{command}'"))?;
        let stdin = child.stdin.take().context("the engine's input")?;
        let stdout = child.stdout.take().context("the engine's output")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = UciPlayer {
            child,
            stdin,
            lines,
            movetime,
        };
        p.send("uci")?;
        let offered: Vec<String> = p
            .read_until("uciok", Duration::from_secs(10))?
            .iter()
            .filter_map(|l| option_name(l))
            .collect();
        if offered.iter().any(|o| o == "UCI_Variant") {
            // A game read from a file is named by its file: the engine's
            // games folder may not hold it.
            let variant = chess3d_games::file::catalog::path_of(id)
                .map_or(id.to_string(), |p| p.display().to_string());
            p.send(&format!("setoption name UCI_Variant value {variant}"))?;
            p.send("isready")?;
            let answer = p.read_until("readyok", Duration::from_secs(10))?;
            if let Some(error) = answer.iter().find(|l| l.starts_with("info string error")) {
                bail!("'{command}' cannot play {id}: {error}");
            }
        } else if id != "chess" {
            bail!("'{command}' offers no UCI_Variant option: it can play only chess");
        }
        // The game's options, to an engine that has them (a chess engine
        // keeps its own fifty-move rule).
        for (name, on) in options {
            if offered.iter().any(|o| o == name) {
                p.send(&format!("setoption name {name} value {on}"))?;
            }
        }
        for (name, value) in uci_options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        p.send("isready")?;
        p.wait_for("readyok", Duration::from_secs(10))?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .context("the UCI engine closed its input")
    }

    /// Reads lines until one starting with `prefix`; errors on an
    /// `info string error`, on timeout, or when the engine exits.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String> {
        let mut lines = self.read_until(prefix, timeout)?;
        Ok(lines.pop().unwrap_or_default())
    }

    /// As [`UciPlayer::wait_for`], returning every line read, the one
    /// starting with `prefix` last.
    fn read_until(&mut self, prefix: &str, timeout: Duration) -> Result<Vec<String>> {
        let deadline = std::time::Instant::now() + timeout;
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = self.lines.recv_timeout(left).map_err(|e| match e {
                mpsc::RecvTimeoutError::Timeout => {
                    anyhow!("no '{prefix}' from the UCI engine within {timeout:?}")
                }
                mpsc::RecvTimeoutError::Disconnected => {
                    anyhow!("the UCI engine ended its output before '{prefix}'")
                }
            })?;
            let last = line.starts_with(prefix);
            read.push(line);
            if last {
                return Ok(read);
            }
            let line = read.last().map(String::as_str).unwrap_or_default();
            if let Some(e) = line.strip_prefix("info string error") {
                bail!("the UCI engine says: error{e}");
            }
            // Stockfish's answer to an option it does not have.
            if line.starts_with("No such option") {
                bail!("the UCI engine says: {line}");
            }
        }
    }
}

/// The name in an `option name NAME type ...` line.
fn option_name(line: &str) -> Option<String> {
    let rest = line.strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

impl<R: Evaluate> Player<R> for UciPlayer {
    fn new_game(&mut self) -> Result<()> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10))
            .map(|_| ())
    }

    fn choose(
        &mut self,
        pos: &Position<R>,
        start: &str,
        moves: &[String],
        clock: Option<&Clocks>,
    ) -> Result<Move> {
        let mut command = format!("position fen {start}");
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        self.send(&command)?;
        let patience = match clock {
            Some(c) => {
                let ms = |d: Duration| d.as_millis();
                let inc = ms(c.increment);
                self.send(&format!(
                    "go wtime {} btime {} winc {inc} binc {inc}",
                    ms(c.left[0]),
                    ms(c.left[1])
                ))?;
                c.left[pos.side_to_move().index()] + Duration::from_secs(5)
            }
            None => {
                self.send(&format!("go movetime {}", self.movetime))?;
                Duration::from_millis(self.movetime * 10 + 5_000)
            }
        };
        let line = self.wait_for("bestmove", patience)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        pos.clone()
            .parse_move(text)
            .map_err(|e| anyhow!("the UCI engine played '{text}': {e}"))
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(Spec::parse("random").unwrap(), Spec::Random);
        assert_eq!(
            Spec::parse("uci:chess3d uci").unwrap(),
            Spec::Uci("chess3d uci".into())
        );
        let Spec::Engine { config, depth, .. } = Spec::parse("engine:depth=3,skill=5").unwrap()
        else {
            panic!("an engine");
        };
        assert_eq!((config.skill, depth), (5, Some(3)));
        assert_eq!(
            option_name("option name Skill Level type spin default 20 min 0 max 20").as_deref(),
            Some("Skill Level")
        );
        assert_eq!(option_name("id name x"), None);
        for bad in [
            "engine:depth",
            "engine:depth=x",
            "engine:skill=21",
            "engine:colour=1",
            "uci:",
            "human",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad}");
        }
    }
}
