//! The engine's work on the server's games: its turns and its answers to
//! draw offers, queued on the [`EnginePool`](crate::engine_pool) as the
//! client's whose change started them, and the hints players ask for,
//! waited for without holding a thread.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;

use chess3d_core::Side;
use chess3d_play::session::Seat;
use chess3d_play::thinker::Thought;
use serde_json::Value;

use super::checks::still_on;
use super::{report, Caller, Hub};
use crate::engine_pool::{Owner, Place};
use crate::error::GameError;
use crate::live::{Inner, Live};
use crate::table::Abort;

/// A hint's search.
const HINT_TIME: std::time::Duration = std::time::Duration::from_millis(500);
/// How long a hint waits for a free engine.
const HINT_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

impl Hub {
    /// The engine's suggestion for the player holding `token`, whose turn
    /// it is: a short search on the engine pool, queued like any other
    /// engine turn of `caller`'s. The request waits for it without holding
    /// a thread (at most [`HINT_WAIT`]: 503 then, saying how many turns are
    /// ahead of it).
    pub async fn hint(
        self: &Arc<Hub>,
        id: &str,
        token: Option<&str>,
        caller: Caller,
    ) -> Result<Value, GameError> {
        let (hub, id, token) = (Arc::clone(self), id.to_string(), token.map(str::to_string));
        let (live, (job, version, reserved, (ply, side))) =
            tokio::task::spawn_blocking(move || {
                hub.on_game(&id, caller, |live, inner| {
                    let sides = live.sides_of(inner, token.as_deref())?;
                    hub.flag_fall(live, inner);
                    still_on(inner)?;
                    super::fair_play::engine_help(live, inner)?;
                    let to_move = inner.table.side_to_move();
                    if !sides.contains(&to_move.index()) {
                        return Err(GameError::conflict(
                            "a hint is for the player to move, on their turn",
                        ));
                    }
                    let place = hub.reserve_engine(caller.client)?;
                    let config = chess3d_engine::Config {
                        hash_mb: hub.hash_mb(),
                        ..chess3d_engine::Config::default()
                    };
                    let limits = chess3d_engine::Limits::movetime(HINT_TIME);
                    let asked = (inner.table.ply(), to_move.index() as u8);
                    Ok((
                        inner.table.search(config, limits),
                        inner.version,
                        place,
                        asked,
                    ))
                })
            })
            .await
            .map_err(|e| GameError::internal(format!("the hint failed: {e}")))??;
        let (best, thought) = self
            .engine_answer(caller.client, reserved, "the hint", move |stop| {
                let mut last = None;
                let best = job(stop, &mut |t| last = Some(t));
                (best, last)
            })
            .await?;
        let best = best.ok_or_else(|| GameError::conflict("the engine has no move to suggest"))?;
        // The move as the game shows it, from the legal moves of the state
        // it was searched in (the last iteration's line may lead with
        // another move).
        let state = live.current_state();
        let label = (state["version"] == version)
            .then(|| state["view"]["legal"].as_array())
            .flatten()
            .and_then(|legal| legal.iter().find(|m| m["text"] == best.as_str()))
            .and_then(|m| m["label"].as_str())
            .unwrap_or(&best)
            .to_string();
        let summary = thought.map(|t| t.summary());
        // In a casual game between people the other player is shown it.
        let hub = Arc::clone(self);
        let given = crate::store::GivenHint {
            ply,
            side,
            label: label.clone(),
            summary: summary.clone(),
        };
        let told = Arc::clone(&live);
        let version = tokio::task::spawn_blocking(move || hub.tell_hint(&told, given))
            .await
            .map_err(|e| GameError::internal(format!("the hint failed: {e}")))??;
        Ok(serde_json::json!({
            "version": version,
            "ply": ply,
            "move": best,
            "label": label,
            "summary": summary,
        }))
    }

    /// Runs `job` on the engine pool as `client`'s, in the place reserved
    /// for it, and waits for its answer without holding a thread: at most
    /// [`HINT_WAIT`] (503 then, saying how many turns were ahead of it;
    /// `what` is named there). The job's search is stopped once its answer
    /// is taken, or once the request waiting for it is gone.
    pub(super) async fn engine_answer<T: Send + 'static>(
        &self,
        client: Owner,
        reserved: Place,
        what: &str,
        job: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Result<T, GameError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let abort = AbortOnDrop(Arc::new(AtomicBool::new(false)));
        let stop = Arc::clone(&abort.0);
        let place = Arc::new(AtomicI64::new(-1));
        let told = Arc::clone(&place);
        self.engines.submit(
            client,
            Some(reserved),
            Arc::clone(&abort.0),
            move |ahead| told.store(ahead.map_or(-1, |a| a as i64), Ordering::Relaxed),
            move || {
                let _ = tx.send(job(&stop));
            },
        );
        let Ok(Ok(answer)) = tokio::time::timeout(HINT_WAIT, rx).await else {
            let ahead = match place.load(Ordering::Relaxed) {
                n if n > 0 => format!(" ({n} engine turns were still ahead of it)"),
                _ => String::new(),
            };
            return Err(GameError::busy(format!(
                    "the engines are all busy with other games{ahead}: ask for {what} again in a moment"
                ),
            ));
        };
        Ok(answer)
    }

    /// A place in the engine pool for one more engine turn of `client`'s,
    /// taken before the change that would start it; 429 when the client
    /// has as many engine turns waiting or running as it may
    /// ([`crate::Config::engine_turns_per_client`]).
    pub(super) fn reserve_engine(&self, client: Owner) -> Result<Place, GameError> {
        self.engines
            .reserve(client, self.config.engine_turns_per_client)
            .map_err(|held| {
                GameError::too_many(format!(
                    "this address has {held} engine turns waiting or running, the most allowed: \
                         wait for the engine to answer one of them"
                ))
            })
    }

    /// Queues the engine's search if the engine is to move.
    pub(super) fn kick(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) {
        if inner.job.is_some() || inner.table.result().is_some() {
            return;
        }
        let side = inner.table.side_to_move();
        let Seat::Engine(engine) = &inner.table.seats()[side.index()] else {
            return;
        };
        let job = inner
            .table
            .search(engine.config, inner.table.engine_limits(&engine.limits));
        let turn = Turn::new(inner, |inner| &mut inner.job);
        let version = turn.version;
        let thinker = Arc::clone(live);
        let search = move |abort: &Abort| {
            let mut on_info = |t: Thought| thinker.thinking(version, t);
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(abort, &mut on_info)))
        };
        let play = |hub: &Arc<Hub>,
                    live: &Arc<Live>,
                    inner: &mut Inner,
                    best: std::thread::Result<Option<String>>| {
            // Out of time while it thought (a busy server): the flag fall
            // is the change, stored and announced.
            if hub.flag_fall(live, inner) {
                return;
            }
            let before = inner.snapshot();
            // A failed search or a refused move is shown, not retried (a
            // retry would fail the same way): undo or a restart goes on.
            let refused = match best {
                Ok(Some(text)) => inner
                    .table
                    .play(&text)
                    .err()
                    .map(|e| format!("the engine's move {text} was refused: {e}")),
                Ok(None) => Some("the engine found no move".to_string()),
                Err(_) => Some("the engine failed while searching".to_string()),
            };
            match refused {
                None => {
                    if let Err(e) = hub.changed(live, inner, None, before) {
                        report(&live.id, &e);
                    }
                }
                Some(why) => {
                    eprintln!("game {}: {why}", live.id);
                    // Another server may try the turn.
                    let _ = hub.store.release_turn(&live.id, inner.version);
                    inner.note = Some(why);
                    live.announce(inner);
                }
            }
        };
        self.engine_turn(live, turn, search, play, |hub, live, inner| {
            hub.kick(live, inner)
        });
    }

    /// The engine playing `side` answers a draw offer, if the game is still
    /// as it is now then.
    pub(super) fn engine_answers_draw(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        side: Side,
    ) {
        let job = inner.table.draw_job(side, self.hash_mb());
        let turn = Turn::new(inner, |inner| &mut inner.draw_job);
        let answer = move |hub: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner, accepts: bool| {
            let before = inner.snapshot();
            let note = if accepts {
                inner.table.accept_draw(side).ok();
                "the engine accepts the draw"
            } else {
                inner.table.decline_draw(side).ok();
                "the engine declines the draw"
            };
            if let Err(e) = hub.changed(live, inner, Some(note.to_string()), before) {
                report(&live.id, &e);
            }
        };
        self.engine_turn(
            live,
            turn,
            |_| job(),
            answer,
            move |hub, live, inner| hub.engine_answers_draw(live, inner, side),
        );
    }

    /// Queues the engine work of `turn` for `live` on the pool, as its
    /// owner's (the client whose change started it, in the place reserved
    /// for it if any): `work` runs unless the turn's flag is set first (the
    /// game changed while it waited), and `finish` applies its result under
    /// the game's lock if the game is still at the turn's version then, the
    /// turn's slot in `Inner` emptied. The turn must be this server's first
    /// ([`Store::claim_turn`]): while another server's, `again` queues it
    /// anew a moment later, if the game is still at that version and the
    /// turn still waits then.
    pub(super) fn engine_turn<T>(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        turn: Turn,
        work: impl FnOnce(&Abort) -> T + Send + 'static,
        finish: impl FnOnce(&Arc<Hub>, &Arc<Live>, &mut Inner, T) + Send + 'static,
        again: impl FnOnce(&Arc<Hub>, &Arc<Live>, &mut Inner) + Send + 'static,
    ) {
        let Turn {
            version,
            owner,
            place,
            abort,
            slot,
        } = turn;
        // A turn the database cannot be asked about now is looked at again
        // too: the engine cannot store its move either.
        if !matches!(self.store.claim_turn(&live.id, version), Ok(true)) {
            // The place is given back meanwhile.
            drop(place);
            self.look_again(live, move |hub, live, inner| {
                let waiting = slot(inner).as_ref().is_some_and(|a| Arc::ptr_eq(a, &abort));
                if inner.version != version || !waiting || abort.load(Ordering::Relaxed) {
                    return;
                }
                // The turn may be gone because the game moved on (a change
                // this server stored without hearing back): then the
                // stored game is this server's to follow.
                if let Ok(true) = hub.refresh(live, inner) {
                    return;
                }
                *slot(inner) = None;
                again(hub, live, inner);
            });
            return;
        }
        let (hub, live, queued) = (Arc::clone(self), Arc::clone(live), Arc::clone(live));
        self.engines.submit(
            owner,
            place,
            Arc::clone(&abort),
            move |ahead| queued.queued(version, ahead),
            move || {
                if abort.load(Ordering::Relaxed) {
                    return;
                }
                let result = work(&abort);
                let mut inner = live.lock();
                if inner.version != version || abort.load(Ordering::Relaxed) {
                    return;
                }
                *slot(&mut inner) = None;
                finish(&hub, &live, &mut inner, result);
            },
        );
    }
}

/// An engine turn of a game: the version it is for, the client whose
/// change started it and the place reserved for it, its stop flag, and
/// where the game keeps that flag (which a change sets).
pub(super) struct Turn {
    version: u64,
    owner: Owner,
    place: Option<Place>,
    abort: Abort,
    slot: fn(&mut Inner) -> &mut Option<Abort>,
}

impl Turn {
    /// A turn of `inner`'s game as it is now, its flag kept in `slot` (a
    /// turn kept there before is stopped).
    fn new(inner: &mut Inner, slot: fn(&mut Inner) -> &mut Option<Abort>) -> Turn {
        let abort: Abort = Arc::new(AtomicBool::new(false));
        if let Some(old) = slot(inner).replace(Arc::clone(&abort)) {
            old.store(true, Ordering::Relaxed);
        }
        Turn {
            version: inner.version,
            owner: inner.owner,
            place: inner.reserved.take(),
            abort,
            slot,
        }
    }
}

/// Sets its flag when dropped: a hint's search stops once its answer is
/// taken, or once the request waiting for it is gone.
struct AbortOnDrop(Abort);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}
