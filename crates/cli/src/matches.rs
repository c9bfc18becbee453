//! `chess3d match`: games between two players, colours alternating, from
//! the start and from varied openings; live progress, the Elo difference
//! with its error bar, an SPRT verdict; the games written as records.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use chess3d_core::record::{self, result_token, Record};
use chess3d_core::{Move, MoveList, Outcome, Position, Side, Variant};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use clap::Args;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::commands::emit;
use crate::players::{build, Clocks, Spec};
use crate::stats::{fmt_elo, sprt_bounds, verdict, Tally, Verdict};
use chess3d_play::clock::{Clock, TimeControl};

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Game id (see `chess3d variants`).
    pub game: String,
    /// The first player (its score is reported): engine[:KEY=VALUE,...]
    /// with keys depth, movetime, nodes, skill, threads, hash; random;
    /// greedy (captures the most valuable piece it can); or uci:COMMAND.
    #[arg(long, default_value = "engine")]
    pub a: String,
    /// The second player, as --a.
    #[arg(long, default_value = "random")]
    pub b: String,
    /// A UCI option for a `uci:` first player, sent as `setoption name
    /// NAME value VALUE` before the first game (repeatable), e.g.
    /// --a-option "Skill Level=5".
    #[arg(long = "a-option", value_name = "NAME=VALUE")]
    pub a_options: Vec<String>,
    /// A UCI option for a `uci:` second player, as --a-option, e.g.
    /// --b-option UCI_LimitStrength=true --b-option UCI_Elo=2000.
    #[arg(long = "b-option", value_name = "NAME=VALUE")]
    pub b_options: Vec<String>,
    /// Number of games; each opening is played twice, colours swapped.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Milliseconds per move for engines given no depth, nodes or movetime.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: u64,
    /// Random plies from the start that make each opening after the first
    /// pair (which starts from the start).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub opening_plies: u32,
    /// Seed of the openings and of the random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Sequential probability ratio test of H0: Elo = ELO0 against H1:
    /// Elo = ELO1; the match stops when it decides.
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<String>,
    /// SPRT false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// SPRT false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Plies after which a game is scored a draw.
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// The file the games are written to [default: match-GAME.pgn].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A game option, as for the other commands (NAME, NAME=on, NAME=off).
    #[arg(long = "option", short = 'o', value_name = "NAME[=on|off]")]
    pub options: Vec<String>,
    /// Play with clocks instead of a time per move: minutes + seconds a
    /// move (1+0, 5+3). The first move is not timed; a player whose time
    /// runs out loses (a draw when the other could not win). Engines get
    /// `wtime`/`btime`; the summary says each player's longest move and
    /// flag falls.
    #[arg(long, value_name = "MIN+SEC", value_parser = parse_clock)]
    pub clock: Option<TimeControl>,
}

fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text)?.ok_or_else(|| "no clock: leave --clock out".to_string())
}

pub fn run(args: MatchArgs) -> Result<()> {
    let game = args.game.clone();
    with_engine_game(&game, Match(args))?
}

struct Match(MatchArgs);

/// One finished game.
struct Played {
    index: u32,
    /// The first player's half points: 2 a win, 1 a draw, 0 a loss.
    a_points: u8,
    a_side: Side,
    why: String,
    /// How the game ended, without the side names ("checkmate", "on
    /// time"), for the summary.
    how: String,
    record: Record,
    /// Per player (a, b): moves chosen, the longest time one took, and
    /// flag falls.
    timing: [Timing; 2],
}

/// How a player used its time.
#[derive(Clone, Copy, Debug, Default)]
struct Timing {
    moves: u32,
    longest: Duration,
    flags: u32,
}

impl EngineVisitor for Match {
    type Output = Result<()>;
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Result<()> {
        let args = self.0;
        let specs = [Spec::parse(&args.a)?, Spec::parse(&args.b)?];
        let uci_options = [
            uci_options("--a-option", &specs[0], &args.a_options)?,
            uci_options("--b-option", &specs[1], &args.b_options)?,
        ];
        let sprt = match &args.sprt {
            None => None,
            Some(text) => {
                let parsed = text.split_once(',').and_then(|(a, b)| {
                    Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?))
                });
                match parsed {
                    Some((e0, e1)) if e0 < e1 => Some((e0, e1)),
                    _ => bail!(
                        "--sprt {}: expected ELO0,ELO1 with ELO0 < ELO1",
                        text.escape_debug()
                    ),
                }
            }
        };
        for (name, v) in [("--alpha", args.alpha), ("--beta", args.beta)] {
            if !(v > 0.0 && v < 0.5) {
                bail!("{name} {v}: must be between 0 and 0.5");
            }
        }
        let base: Position<R> =
            chess3d_play::setup::build_position(game, &args.options, None, &[], "")?;
        let options: Vec<(String, bool)> = game
            .option_defs()
            .iter()
            .zip(0..)
            .map(|(d, i)| (d.name.to_string(), base.options().is_on(i)))
            .collect();
        // Every player is started before the first game, so that one that
        // cannot be (a UCI engine refusing an option, a bad weights file)
        // is the only thing said.
        let mut all_players = Vec::new();
        for worker in 0..args.concurrency.min(args.games) {
            let seed = args.seed.wrapping_mul(1000).wrapping_add(worker as u64);
            all_players.push([
                build(
                    game,
                    &specs[0],
                    args.movetime,
                    seed,
                    &options,
                    &uci_options[0],
                )?,
                build(
                    game,
                    &specs[1],
                    args.movetime,
                    seed + 500,
                    &options,
                    &uci_options[1],
                )?,
            ]);
        }
        let pairs = args.games.div_ceil(2);
        let openings = openings(&base, pairs, args.opening_plies, args.seed);
        let out_path = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("match-{}.pgn", game.id())));
        let mut out = File::create(&out_path)
            .with_context(|| format!("cannot create {}", out_path.display()))?;

        errln!(
            "match {}: {} against {}, {} games, openings of {} random plies (seed {})",
            game.id(),
            args.a,
            args.b,
            args.games,
            args.opening_plies,
            args.seed
        );
        let next = AtomicU32::new(0);
        let done = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel::<Result<Played>>();
        let mut tally = Tally::default();
        let mut timing = [Timing::default(); 2];
        let mut decided = Verdict::Continue;
        let mut endings = Endings::default();
        std::thread::scope(|scope| -> Result<()> {
            for mut players in all_players {
                let tx = tx.clone();
                let (next, done, openings, args) = (&next, &done, &openings, &args);
                scope.spawn(move || {
                    while !done.load(Relaxed) {
                        let index = next.fetch_add(1, Relaxed);
                        if index >= args.games {
                            break;
                        }
                        let played = play(
                            game,
                            &mut players,
                            &openings[(index / 2) as usize],
                            index,
                            args,
                        );
                        if tx.send(played).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for played in rx {
                let played = match played {
                    Ok(p) => p,
                    Err(e) => {
                        done.store(true, Relaxed);
                        return Err(e);
                    }
                };
                for (total, game) in timing.iter_mut().zip(played.timing) {
                    total.moves += game.moves;
                    total.longest = total.longest.max(game.longest);
                    total.flags += game.flags;
                }
                endings.count(played.a_points, &played.how);
                match played.a_points {
                    2 => tally.wins += 1,
                    0 => tally.losses += 1,
                    _ => tally.draws += 1,
                }
                out.write_all(played.record.to_text().as_bytes())
                    .with_context(|| format!("cannot write {}", out_path.display()))?;
                let (e, lo, hi) = tally.elo_interval();
                errln!(
                    "game {:>3}/{} a as {}: {} ({}); a +{} ={} -{}, Elo {} [{}, {}]",
                    played.index + 1,
                    args.games,
                    game.side_names()[played.a_side.index()],
                    played.record.result,
                    played.why,
                    tally.wins,
                    tally.draws,
                    tally.losses,
                    fmt_elo(e),
                    fmt_elo(lo),
                    fmt_elo(hi)
                );
                if let (Some((e0, e1)), Verdict::Continue) = (sprt, decided) {
                    decided = verdict(tally.llr(e0, e1), args.alpha, args.beta);
                    if decided != Verdict::Continue {
                        done.store(true, Relaxed);
                    }
                }
            }
            Ok(())
        })?;
        let (e, lo, hi) = tally.elo_interval();
        let mut report = vec![format!(
            "{} vs {}: games {} wins {} draws {} losses {} score {:.1}%",
            args.a,
            args.b,
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        )];
        report.push(format!(
            "Elo difference {} (95% interval {} to {})",
            fmt_elo(e),
            fmt_elo(lo),
            fmt_elo(hi)
        ));
        report.push(endings.summary());
        if let Some(control) = args.clock {
            for (name, t) in [&args.a, &args.b].into_iter().zip(timing) {
                report.push(format!(
                    "clock {control}: {name} played {} moves, the longest in {} ms, {} flag fall(s)",
                    t.moves,
                    t.longest.as_millis(),
                    t.flags
                ));
            }
        }
        if let Some((e0, e1)) = sprt {
            let (lower, upper) = sprt_bounds(args.alpha, args.beta);
            let llr = tally.llr(e0, e1);
            // The decision stands once made (games still being played
            // when it came are counted, not re-tested).
            let what = match decided {
                Verdict::H1 => "H1 accepted",
                Verdict::H0 => "H0 accepted",
                Verdict::Continue => "no decision yet",
            };
            report.push(format!(
                "SPRT elo0 {e0} elo1 {e1}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}): {what}"
            ));
        }
        report.push(format!("games written to {}", out_path.display()));
        // The games are written whatever happens to the report: a reader
        // that stops early (`| head -n 2`) is no error.
        emit(report);
        Ok(())
    }
}

/// The options given for a player: only a `uci:` player takes them.
fn uci_options(flag: &str, spec: &Spec, given: &[String]) -> Result<Vec<(String, String)>> {
    if !given.is_empty() && !matches!(spec, Spec::Uci(_)) {
        bail!("{flag} sets an option of a uci: player; an engine player takes engine:KEY=VALUE");
    }
    given
        .iter()
        .map(|text| match text.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => bail!("{flag} {}: expected NAME=VALUE", text.escape_debug()),
        })
        .collect()
}

/// How the first player's games ended, by result and reason.
#[derive(Default)]
struct Endings(std::collections::BTreeMap<(std::cmp::Reverse<u8>, String), u32>);

impl Endings {
    fn count(&mut self, a_points: u8, how: &str) {
        *self
            .0
            .entry((std::cmp::Reverse(a_points), how.to_string()))
            .or_default() += 1;
    }

    /// "a's wins: checkmate 3; draws: stalemate 1; losses: on time 1".
    fn summary(&self) -> String {
        let part = |points: u8, name: &str| {
            let items: Vec<String> = self
                .0
                .iter()
                .filter(|((p, _), _)| p.0 == points)
                .map(|((_, how), n)| format!("{how} {n}"))
                .collect();
            (!items.is_empty()).then(|| format!("{name}: {}", items.join(", ")))
        };
        let parts: Vec<String> = [(2, "wins"), (1, "draws"), (0, "losses")]
            .into_iter()
            .filter_map(|(p, name)| part(p, name))
            .collect();
        format!("first player's {}", parts.join("; "))
    }
}

/// The openings: the start, then `plies` random legal plies from it
/// (games not over), as move lists.
fn openings<R: Evaluate>(
    base: &Position<R>,
    pairs: u32,
    plies: u32,
    seed: u64,
) -> Vec<Vec<String>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = vec![Vec::new()];
    let mut tries = 0;
    while (out.len() as u32) < pairs {
        tries += 1;
        let mut pos = base.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            line.push(pos.move_text(m));
            pos.make(m);
        }
        // Distinct openings that leave a game to play, as far as there are.
        if pos.outcome().is_none() && (tries > 1000 || !out.contains(&line)) {
            out.push(line);
        }
    }
    out
}

/// Plays game `index`: the first player is White in even games.
fn play<R: Evaluate>(
    game: Variant<R>,
    players: &mut [Box<dyn crate::players::Player<R> + Send>; 2],
    opening: &[String],
    index: u32,
    args: &MatchArgs,
) -> Result<Played> {
    let a_side = if index.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    let mut pos: Position<R> =
        chess3d_play::setup::build_position(game, &args.options, None, &[], "")?;
    let start_pos = pos.clone();
    let start = pos.to_text();
    let mut moves: Vec<String> = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    for text in opening {
        let m = pos.parse_move(text)?;
        moves.push(text.clone());
        played.push(m);
        pos.make(m);
    }
    for p in players.iter_mut() {
        p.new_game()?;
    }
    let names = game.side_names();
    let mut clock = args.clock.map(|c| Clock::new(c, pos.side_to_move()));
    let mut timing = [Timing::default(); 2];
    let (points_white, why, how) = loop {
        if let Some(o) = pos.outcome() {
            let points = match o {
                Outcome::Win {
                    winner: Side::White,
                    ..
                } => 2,
                Outcome::Win { .. } => 0,
                Outcome::Draw(_) => 1,
            };
            break (points, o.describe(names), o.reason().to_string());
        }
        if moves.len() as u32 >= args.max_plies {
            break (
                1,
                format!("{} plies played, scored a draw", args.max_plies),
                "ply limit".to_string(),
            );
        }
        let mover = pos.side_to_move();
        let player = if mover == a_side { 0 } else { 1 };
        let began = Instant::now();
        let clocks = clock.as_ref().map(|c| Clocks {
            left: Side::BOTH.map(|s| Duration::from_millis(c.remaining(s, began))),
            increment: Duration::from_millis(c.control.increment_ms),
        });
        let chosen = players[player].choose(&pos, &start, &moves, clocks.as_ref());
        let done = Instant::now();
        timing[player].moves += 1;
        timing[player].longest = timing[player].longest.max(done - began);
        if let Some(c) = &mut clock {
            if c.flagged(done) == Some(mover) {
                timing[player].flags += 1;
                let other = mover.other();
                let points = match (pos.can_still_win(other), other) {
                    (false, _) => 1,
                    (true, Side::White) => 2,
                    (true, Side::Black) => 0,
                };
                break (
                    points,
                    format!("{} lost on time", names[mover.index()]),
                    "on time".to_string(),
                );
            }
            c.moved(mover, done);
        }
        match chosen {
            Ok(m) => {
                moves.push(pos.move_text(m));
                played.push(m);
                pos.make(m);
            }
            Err(e) => {
                let points = if mover == Side::White { 0 } else { 2 };
                break (
                    points,
                    format!("{} forfeits: {e:#}", names[mover.index()]),
                    "forfeit".to_string(),
                );
            }
        }
    };
    let a_points = if a_side == Side::White {
        points_white
    } else {
        2 - points_white
    };
    let result = match points_white {
        2 => "1-0",
        0 => "0-1",
        _ => "1/2-1/2",
    };
    debug_assert!(pos
        .clone()
        .outcome()
        .is_none_or(|o| result_token(Some(o)) == result));
    let (white, black) = if a_side == Side::White {
        (&args.a, &args.b)
    } else {
        (&args.b, &args.a)
    };
    let date = chess3d_play::session::today();
    let round = (index + 1).to_string();
    let mut tags = record::roster("chess3d match", "?", &date, &round, white, black, result);
    tags.push(("Game".to_string(), game.id().to_string()));
    if !args.options.is_empty() {
        tags.push(("Options".to_string(), args.options.join(" ")));
    }
    tags.push(("Termination".to_string(), why.clone()));
    if let Some(c) = &clock {
        tags.push(("TimeControl".to_string(), c.control.pgn()));
    }
    Ok(Played {
        index,
        a_points,
        a_side,
        why,
        how,
        record: Record {
            tags,
            first_mover: Some(Side::White),
            moves: record::record_moves(&start_pos, &played),
            // The opening's moves were not timed.
            clocks: clock
                .map(|c| {
                    let opening = std::iter::repeat_n(None, opening.len());
                    opening.chain(c.history.into_iter().map(Some)).collect()
                })
                .unwrap_or_default(),
            result: result.to_string(),
            ..Default::default()
        },
        timing,
    })
}
