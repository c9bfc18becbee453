//! Games kept in step with other servers sharing the database: each
//! server holds its own copy of a game in memory, and the database's row
//! is the truth. A server follows the others' changes (the store's
//! notifications), re-reading a changed game from the database; a change
//! made on a copy that fell behind is refused by the database's version
//! check, and done again on the stored game; an engine turn another
//! server holds is looked at again until it is done or that server is
//! gone.

use std::sync::{Arc, Weak};
use std::time::Duration;

use super::Hub;
use crate::error::GameError;
use crate::live::{Inner, Live};
use crate::store::{Change, GameRow};
use chess3d_core::record::Record;

/// How often an engine turn another server holds is looked at again:
/// with the lease's three seconds, a turn of a server that died is taken
/// over within about four.
const LOOK_AGAIN: Duration = Duration::from_secs(1);

/// Times a refused change is done again on a newer stored game: another
/// server's change can get in first only so often in a row.
const TRIES: usize = 3;

impl Hub {
    /// Runs `change` on game `id` under its lock; the game and the result.
    /// With a database other servers share, a refusal may come from this
    /// server's copy being behind (a move for a ply another server has
    /// played, a token another server has just given, or a change the
    /// database refused as stale): the stored game is read, and when it is
    /// newer `change` runs again on it. Nothing is changed once `caller`'s
    /// deadline has passed (408).
    pub(super) fn on_game<T>(
        self: &Arc<Hub>,
        id: &str,
        caller: super::Caller,
        mut change: impl FnMut(&Arc<Live>, &mut Inner) -> Result<T, GameError>,
    ) -> Result<(Arc<Live>, T), GameError> {
        let live = self.get(id)?;
        let mut inner = live.lock();
        // The lock may have been long in coming (a busy game, a slow
        // database): a request past its deadline changes nothing.
        caller.in_time()?;
        let mut tries = 0;
        loop {
            let seen = inner.version;
            match change(&live, &mut inner) {
                Err(e) if e.kind.is_callers() && tries < TRIES && self.store.is_shared() => {
                    tries += 1;
                    // A stale change has brought the copy up to date
                    // itself. A database that cannot be read now leaves
                    // the refusal as it was.
                    let newer =
                        inner.version > seen || self.refresh(&live, &mut inner).unwrap_or(false);
                    if !newer {
                        return Err(e);
                    }
                }
                done => {
                    drop(inner);
                    return done.map(|t| (live, t));
                }
            }
        }
    }

    /// Brings this server's copy of a game up to the stored one if that is
    /// newer (another server changed it): the engine's work on the old
    /// copy stopped, the new state announced. Whether it was newer.
    pub(super) fn refresh(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
    ) -> Result<bool, GameError> {
        let id = &live.id;
        // After a write of this server's whose answer was lost, read
        // settled: that write, if still under way, is waited for rather
        // than read past. Otherwise a plain read (no row lock).
        let read = if live.unsure.load(std::sync::atomic::Ordering::Relaxed) {
            self.store.load_settled(id)
        } else {
            self.store.load(id)
        };
        let Some(row) =
            read.map_err(|e| super::store_error(e, &format!("cannot read game {id}")))?
        else {
            return Ok(false);
        };
        if row.version <= inner.version {
            return Ok(false);
        }
        inner.stop_engine();
        if let Some(timer) = inner.clock_timer.take() {
            timer.abort();
        }
        let before = inner.snapshot();
        if played_on(inner, &row) {
            inner.seats = row.seats;
            inner.version = row.version;
            inner.note = row.note;
            inner.rematch_offer = row.rematch_offer.map(|s| crate::live::side_of(s as usize));
            inner.rematch = row.rematch;
            inner.extra = row.extra;
        } else {
            match self.restored(row) {
                Ok(fresh) => *inner = fresh,
                Err(e) => {
                    // The stored game cannot be restored: this copy goes
                    // back to what it was, and out of memory, to be read
                    // anew (and refused then, if still broken).
                    inner.restore(&live.game, before, self.hash_mb());
                    self.games.remove(id);
                    return Err(e);
                }
            }
        }
        // The engine's evaluation and thinking were this server's: the
        // other server's are not stored.
        inner.thinking = None;
        inner.evaluation = None;
        self.resume(live, inner);
        live.announce(inner);
        Ok(true)
    }

    /// Follows the changes other servers store, for as long as the hub
    /// lives: each game in memory that changed is re-read, on a blocking
    /// thread of its own (games are re-read side by side). Needs a runtime
    /// (the hub made inside one); nothing to follow with a database no
    /// other server uses.
    pub fn follow_changes(self: &Arc<Hub>) {
        let (Some(runtime), Some(mut changes)) = (&self.runtime, self.store.take_changes()) else {
            return;
        };
        let hub = Arc::downgrade(self);
        runtime.spawn(async move {
            while let Some(change) = changes.recv().await {
                let Some(strong) = hub.upgrade() else {
                    return;
                };
                // Only the games in memory here are read again: most
                // changes are of games this server does not hold.
                // The lobby's own change, or a lobby game's: the lobby
                // looks again (at most a few times a second).
                let lobby = match &change {
                    Change::Game { id, .. } => strong.is_lobby_game(id),
                    Change::Lobby | Change::Resume => true,
                };
                if lobby {
                    strong.lobby_signal.notify_one();
                }
                let games = match change {
                    Change::Lobby => continue,
                    Change::Game { id, version } => strong
                        .games
                        .peek(&id)
                        .map(|live| (live, version))
                        .into_iter()
                        .collect(),
                    Change::Resume => strong
                        .games
                        .all()
                        .into_iter()
                        .map(|live| (live, u64::MAX))
                        .collect::<Vec<_>>(),
                };
                drop(strong);
                if games.is_empty() {
                    continue;
                }
                let hub = Weak::clone(&hub);
                tokio::task::spawn_blocking(move || {
                    let Some(hub) = hub.upgrade() else {
                        return;
                    };
                    for (live, version) in games {
                        let mut inner = live.lock();
                        if inner.version < version {
                            hub.catch_up_with(&live, &mut inner);
                        }
                    }
                });
            }
        });
    }

    /// Brings a game up to the stored one; while the database cannot be
    /// read, tries again a second later (no other announcement may come to
    /// do it).
    fn catch_up_with(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) {
        match self.refresh(live, inner) {
            Err(e) if e.kind == crate::error::Kind::Busy => {
                self.look_again(live, |hub, live, inner| hub.catch_up_with(live, inner));
            }
            Err(e) => eprintln!("game {}: {e}", live.id),
            Ok(_) => {}
        }
    }

    /// Runs `then` under the game's lock after [`LOOK_AGAIN`], unless the
    /// server or the game is gone by then.
    pub(super) fn look_again(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        then: impl FnOnce(&Arc<Hub>, &Arc<Live>, &mut Inner) + Send + 'static,
    ) {
        let Some(runtime) = &self.runtime else {
            return;
        };
        let (hub, live) = (Arc::downgrade(self), Arc::downgrade(live));
        runtime.spawn(async move {
            tokio::time::sleep(LOOK_AGAIN).await;
            let _ = tokio::task::spawn_blocking(move || {
                let (Some(hub), Some(live)) = (hub.upgrade(), live.upgrade()) else {
                    return;
                };
                let mut inner = live.lock();
                then(&hub, &live, &mut inner);
            })
            .await;
        });
    }
}

/// Brings this server's copy of a game to the stored `row` by playing the
/// moves stored since, when that is all that changed (a move made on
/// another server, the usual change in an untimed game): much cheaper than
/// replaying the whole record. Whether the copy's record is then the
/// stored one; when not (a take-back, a resignation, the clocks' times),
/// the copy may be left part-way, to be replaced whole.
fn played_on(inner: &mut Inner, row: &GameRow) -> bool {
    let (stored, damage) = Record::parse(&row.record);
    let ply = inner.table.ply();
    if damage.is_some() || stored.moves.len() <= ply || row.clock.is_some() {
        return false;
    }
    // The moves before are this copy's.
    let (own, _) = Record::parse(&inner.table.record());
    if own.moves[..] != stored.moves[..ply] {
        return false;
    }
    for text in &stored.moves[ply..] {
        if inner.table.play(text).is_err() {
            return false;
        }
    }
    let offer = row.draw_offer.map(|s| crate::live::side_of(s as usize));
    inner.table.draw_offer() == offer && inner.table.record() == row.record
}
