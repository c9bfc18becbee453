//! A change stored before it is announced: undone when it cannot be
//! stored, settled when the database's answer was lost; every game's
//! clocks stored at shutdown.

use super::*;

impl Hub {
    /// Stores the game: a new one (`previous` none), or a change made from
    /// version `previous`.
    pub(super) fn save(
        &self,
        live: &Live,
        inner: &Inner,
        previous: Option<u64>,
    ) -> Result<Saved, GameError> {
        self.store
            .save(&live.row(inner), previous)
            .map_err(|e| store_error(e, &format!("cannot store game {}", live.id)))
    }

    /// After any change: stop a stale engine search, store, announce, and
    /// start the engine if it is to move. A change that cannot be stored is
    /// undone (the game goes back to `before`) and reported; one whose
    /// write the database did not confirm is kept when the stored game
    /// shows it, and reported as unknown (504) when the stored game cannot
    /// be read either: never stored and answered as failed.
    pub(super) fn changed(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        note: Option<String>,
        before: Snapshot,
    ) -> Result<(), GameError> {
        inner.stop_engine();
        let previous = inner.version;
        inner.version += 1;
        inner.thinking = None;
        inner.note = note;
        if inner.table.result().is_some() {
            // A finished game answers no takeback request.
            inner.extra.takeback_offer = None;
        }
        // Hints of positions taken back (undo, a takeback) are no longer
        // the game's.
        let ply = inner.table.ply();
        inner.extra.hints_given.retain(|h| h.ply <= ply);
        let row = live.row(inner);
        let stored = match self.store.save(&row, Some(previous)) {
            Ok(Saved::Stored) => Ok(()),
            Ok(Saved::Stale) => Err(GameError::conflict(
                "the game changed on another server meanwhile",
            )),
            Err(e) if crate::store::is_uncertain(&e) => self.settle(live, &row, previous, e),
            Err(e) => Err(store_error(e, &format!("cannot store game {}", live.id))),
        };
        if stored.is_err() {
            inner.restore(&live.game, before, self.hash_mb());
            // The stored game may be newer: another server's change came
            // first, or a write of this server's that the database did not
            // confirm was stored. This copy follows it (which starts the
            // engine and the clock, and announces).
            let behind = self.store.is_shared() || live.unsure.load(Ordering::Relaxed);
            if behind && matches!(self.refresh(live, inner), Ok(true)) {
                live.unsure.store(false, Ordering::Relaxed);
                return stored;
            }
        }
        if inner.table.result().is_some() {
            // A finished game counts toward no client's timed games.
            lock(&live.timed).take();
        }
        self.kick(live, inner);
        self.watch_clock(live, inner);
        live.announce(inner);
        if inner.extra.lobby.is_some() {
            self.lobby_signal.notify_one();
        }
        stored
    }

    /// A change's write (`row`, made from version `previous`) whose answer
    /// was lost: the stored game, read once any write of it has ended,
    /// says whether it was stored (Ok) or not (503). When it cannot be
    /// read, the outcome is unknown (504): the copy in memory is read
    /// again before its next use.
    pub(super) fn settle(
        &self,
        live: &Live,
        row: &GameRow,
        previous: u64,
        lost: anyhow::Error,
    ) -> Result<(), GameError> {
        let id = &live.id;
        match self.store.load_settled(id) {
            Ok(Some(stored))
                if stored.version == row.version
                    && stored.record == row.record
                    && stored.seats == row.seats =>
            {
                Ok(())
            }
            Ok(Some(stored)) if stored.version == previous => Err(GameError::busy(format!(
                "cannot store game {id}: the database did not answer in time ({lost:#}), \
                     and the change was not stored; try again in a moment"
            ))),
            Ok(Some(_)) | Err(_) => {
                // Newer than the change (another server's after it, or
                // instead of it), or not to be read: which is unknown.
                // Never a 4xx either, which would have the change done
                // again on the stored game.
                live.unsure.store(true, Ordering::Relaxed);
                Err(GameError::unsure(UNSURE))
            }
            Ok(None) => Err(GameError::not_found(format!(
                "game {id} is no longer stored"
            ))),
        }
    }

    /// Stores every game in memory with its clocks as they stand (at
    /// shutdown), so that a restart resumes them there.
    pub fn store_all(&self) {
        for live in self.games.all() {
            let inner = live.lock();
            // In place of the same version: a game another server has
            // changed since keeps that server's clocks.
            if inner.table.clock().is_some() {
                if let Err(e) = self.save(&live, &inner, Some(inner.version)) {
                    eprintln!("{e}");
                }
            }
        }
    }
}

/// A store's error as the API reports it: 503 when the database cannot be
/// reached now (the request may succeed in a moment), else 500.
pub(crate) fn store_error(e: anyhow::Error, what: &str) -> GameError {
    if crate::store::is_unavailable(&e) {
        GameError::busy(format!(
            "{what}: the games' database cannot be reached now ({e:#}); try again in a moment"
        ))
    } else {
        GameError::internal(format!("{what}: {e:#}"))
    }
}

/// A change the engine or a clock made that could not be stored: said in
/// the server's log, unless another server's change came first (a race
/// the game lost, not a fault).
pub(super) fn report(id: &str, e: &GameError) {
    if e.kind != crate::error::Kind::Conflict {
        eprintln!("game {id}: {e}");
    }
}
