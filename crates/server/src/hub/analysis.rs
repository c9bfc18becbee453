//! A game's analysis and the analysis board's lines on the engine pool
//! (issue 57). The analysis judges one position per engine turn, each
//! turn queued as the client's like any other (so that other clients'
//! games go on between them), one analysis at a time per client and a
//! bounded number on the server; its moves are kept with the game in
//! memory as they come, read by `GET .../analysis`, and one analysis of a
//! game serves every watcher. Both are engine help: refused (403) in a
//! game between people while it is played, unless it is casual.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

use super::fair_play::engine_help;
use super::{Caller, Hub};
use crate::analysis::{GameAnalysis, Holds, Reviewer, ANALYSIS_MOVETIME, LINES_MOVETIME};
use crate::engine_pool::{Owner, Place};
use crate::error::GameError;
use crate::limits::Held;
use crate::live::{lock, Live};

/// The most hash memory an analysis's engine takes, in MB: it holds it
/// between its turns.
const ANALYSIS_HASH_MB: usize = 16;

/// What one analysis holds while it runs: its reviewer between turns, and
/// the counts that limit analyses (released when the last turn ends).
struct Run {
    reviewer: Mutex<Box<dyn Reviewer>>,
    abort: Arc<AtomicBool>,
    ahead: Arc<AtomicI64>,
    owner: Owner,
    holds: Arc<Holds>,
}

impl Drop for Run {
    fn drop(&mut self) {
        self.holds.release();
    }
}

/// One of the server's analyses at once, counted while it lives.
struct Counted(Arc<AtomicUsize>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Hub {
    /// Starts analysing game `id`'s first `upto` moves (all by default)
    /// for `caller`, or answers the analysis of those moves already made
    /// or under way. `asked` is the client's analysis count, held until it
    /// ends (or why the client may not start another: said only when a new
    /// analysis is needed).
    pub fn analyse(
        self: &Arc<Hub>,
        id: &str,
        upto: Option<usize>,
        asked: Result<Held<IpAddr>, GameError>,
        caller: Caller,
    ) -> Result<Value, GameError> {
        let mut asked = Some(asked);
        let (live, started) = self.on_game(id, caller, |live, inner| {
            engine_help(live, inner)?;
            let played = inner.table.ply();
            let upto = upto.unwrap_or(played);
            if upto > played {
                return Err(GameError::bad(format!(
                    "upto is at most the {played} moves played"
                )));
            }
            if upto == 0 {
                return Err(GameError::conflict("no move to analyse yet"));
            }
            let of = inner.table.moves()[..upto].to_vec();
            {
                // The same moves' analysis, or any running (whoever asked:
                // one is never replaced by another's), answers.
                let slot = lock(&live.analysis);
                if let Some(a) = slot
                    .as_ref()
                    .filter(|a| a.state == "running" || (a.of == of && a.state == "done"))
                {
                    return Ok((a.json(), None));
                }
            }
            if let Some(Err(e)) = &asked {
                return Err(e.clone());
            }
            // The counts and the engine's place are taken with no
            // analysis's lock held: the engine pool calls into analyses
            // while it holds its own.
            let counted = self.count_analysis()?;
            let place = self.reserve_engine(caller.client)?;
            let config = chess3d_engine::Config {
                hash_mb: self.hash_mb().min(ANALYSIS_HASH_MB),
                ..chess3d_engine::Config::default()
            };
            let limits = chess3d_engine::Limits::movetime(ANALYSIS_MOVETIME);
            let reviewer = inner
                .table
                .reviewer(upto, config, limits)
                .map_err(|e| GameError::internal(format!("cannot analyse the game: {e:#}")))?;
            let held = asked.take().and_then(Result::ok);
            let holds = Arc::new(Holds::new((held, counted)));
            let (abort, ahead) = (
                Arc::new(AtomicBool::new(false)),
                Arc::new(AtomicI64::new(-1)),
            );
            let analysis = GameAnalysis {
                of,
                moves: Vec::new(),
                total: reviewer.total(),
                state: "running",
                summary: Vec::new(),
                ahead: Arc::clone(&ahead),
                owner: caller.client,
                abort: Arc::clone(&abort),
                holds: Arc::clone(&holds),
            };
            let answer = analysis.json();
            *lock(&live.analysis) = Some(analysis);
            let run = Run {
                reviewer: Mutex::new(reviewer),
                abort,
                ahead,
                owner: caller.client,
                holds,
            };
            Ok((answer, Some((run, place))))
        })?;
        let (answer, start) = started;
        if let Some((run, place)) = start {
            self.analysis_turn(live, Arc::new(run), Some(place));
        }
        Ok(answer)
    }

    /// One more of the server's analyses, if it may run another
    /// ([`crate::Config::analyses_at_once`]); 503 otherwise.
    fn count_analysis(&self) -> Result<Counted, GameError> {
        let most = self.config.analyses_at_once.max(1);
        let now = self.analyses.fetch_add(1, Ordering::Relaxed);
        let counted = Counted(Arc::clone(&self.analyses));
        if now >= most {
            return Err(GameError::busy(format!(
                "the server is analysing {most} games already: ask again in a minute"
            )));
        }
        Ok(counted)
    }

    /// Queues the analysis's next engine turn: one move judged, kept with
    /// the game, then the next turn queued, until every move is judged or
    /// the analysis is stopped.
    fn analysis_turn(self: &Arc<Hub>, live: Arc<Live>, run: Arc<Run>, place: Option<Place>) {
        let hub = Arc::clone(self);
        let (owner, told) = (run.owner, Arc::clone(&run.ahead));
        self.engines.submit(
            owner,
            place,
            Arc::clone(&run.abort),
            move |ahead| told.store(ahead.map_or(-1, |a| a as i64), Ordering::Relaxed),
            move || {
                let judged = lock(&run.reviewer).step(&run.abort);
                let mut slot = lock(&live.analysis);
                let Some(a) = slot.as_mut().filter(|a| Arc::ptr_eq(&a.abort, &run.abort)) else {
                    return;
                };
                match judged {
                    Some(m) => {
                        a.moves.push(m);
                        if a.moves.len() == a.total {
                            a.state = "done";
                            a.summary = lock(&run.reviewer).summary();
                        } else {
                            drop(slot);
                            hub.analysis_turn(live, run, None);
                        }
                    }
                    None if a.moves.len() == a.total => a.state = "done",
                    None => a.state = "stopped",
                }
            },
        );
    }

    /// The analysis of game `id`: its moves so far, or `{"state": "none"}`
    /// (also once moves it analysed were taken back: it is dropped then).
    pub fn analysis(self: &Arc<Hub>, id: &str) -> Result<Value, GameError> {
        let live = self.get(id)?;
        let moves = live.lock().table.moves().to_vec();
        let mut slot = lock(&live.analysis);
        if slot.as_ref().is_some_and(|a| !moves.starts_with(&a.of)) {
            if let Some(mut stale) = slot.take() {
                stale.stop();
            }
        }
        Ok(slot
            .as_ref()
            .map_or_else(|| json!({ "state": "none" }), GameAnalysis::json))
    }

    /// Stops game `id`'s analysis, if `caller` started it.
    pub fn stop_analysis(self: &Arc<Hub>, id: &str, caller: Caller) -> Result<Value, GameError> {
        let live = self.get(id)?;
        let mut slot = lock(&live.analysis);
        let Some(a) = slot.as_mut() else {
            return Err(GameError::conflict("no analysis of this game to stop"));
        };
        if a.owner != caller.client {
            return Err(GameError::forbidden(
                "only the address that started the analysis may stop it",
            ));
        }
        a.stop();
        Ok(a.json())
    }

    /// The analysis board after game `id`'s first `ply` moves and then
    /// `moves`: the board with its legal moves, the moves' texts and
    /// labels. No engine: open in every game.
    pub fn explore(
        self: &Arc<Hub>,
        id: &str,
        ply: Option<usize>,
        moves: &[String],
    ) -> Result<Value, GameError> {
        let live = self.get(id)?;
        let inner = live.lock();
        let ply = ply.unwrap_or(inner.table.ply());
        let (view, texts, labels) = inner
            .table
            .explore(ply, moves)
            .map_err(|e| GameError::illegal(format!("{e:#}")))?;
        Ok(json!({ "ply": ply, "moves": texts, "labels": labels, "view": view }))
    }

    /// The engine's best lines on the analysis board (MultiPV 3, a second),
    /// queued on the engine pool like a hint and waited for without a
    /// thread.
    pub async fn explore_lines(
        self: &Arc<Hub>,
        id: &str,
        ply: Option<usize>,
        moves: Vec<String>,
        caller: Caller,
    ) -> Result<Value, GameError> {
        let hub = Arc::clone(self);
        let id = id.to_string();
        let (_, (job, place)) = tokio::task::spawn_blocking(move || {
            hub.on_game(&id, caller, |live, inner| {
                engine_help(live, inner)?;
                let ply = ply.unwrap_or(inner.table.ply());
                let config = chess3d_engine::Config {
                    hash_mb: hub.hash_mb(),
                    ..chess3d_engine::Config::default()
                };
                let limits = chess3d_engine::Limits::movetime(LINES_MOVETIME);
                let job = inner
                    .table
                    .lines_job(ply, &moves, config, limits)
                    .map_err(|e| GameError::illegal(format!("{e:#}")))?;
                Ok((job, hub.reserve_engine(caller.client)?))
            })
        })
        .await
        .map_err(|e| GameError::internal(format!("the lines failed: {e}")))??;
        self.engine_answer(caller.client, place, "the engine's lines", job)
            .await
    }
}
