//! Games brought into memory: from the registry, or read from the
//! database and resumed (the engine and the clocks started again).

use super::*;

impl Hub {
    /// The game `id`, from memory or from the database. Reads the database:
    /// call it on a blocking thread.
    pub fn get(self: &Arc<Hub>, id: &str) -> Result<Arc<Live>, GameError> {
        if let Some(live) = self.games.get(id) {
            if live.unsure.load(Ordering::Relaxed) {
                // A write the database did not confirm: this copy follows
                // the stored game, if it can be read now (and unless
                // another request is at it: readers do not queue behind a
                // database that does not answer).
                if let Some(mut inner) = live.try_lock() {
                    if live.unsure.load(Ordering::Relaxed)
                        && self.refresh(&live, &mut inner).is_ok()
                    {
                        live.unsure.store(false, Ordering::Relaxed);
                    }
                }
            }
            return Ok(live);
        }
        let unknown = || GameError::not_found(format!("no game '{}'", id.escape_debug()));
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(unknown());
        }
        let row = self
            .store
            .load(id)
            .map_err(|e| store_error(e, &format!("cannot read game {id}")))?
            .ok_or_else(unknown)?;
        let mode = Mode::parse(&row.mode).unwrap_or(Mode::Local);
        let (id, game) = (row.id.clone(), row.game.clone());
        let live = Live::new(id, game, mode, self.restored(row)?, None);
        let loaded = self.games.insert(Arc::clone(&live));
        if !Arc::ptr_eq(&loaded, &live) {
            // Another request loaded it meanwhile.
            return Ok(loaded);
        }
        let mut inner = live.lock();
        // Another server's change announced while the game was being read
        // found it not yet in memory: read it again, now that the next
        // announcement will find it.
        if !(self.store.is_shared() && matches!(self.refresh(&live, &mut inner), Ok(true))) {
            self.resume(&live, &mut inner);
        }
        drop(inner);
        Ok(live)
    }

    /// A stored game as it stood, its clocks running again from now: the
    /// time it spent out of memory (a restart) is charged to no one.
    pub(super) fn restored(&self, row: crate::store::GameRow) -> Result<Inner, GameError> {
        let id = &row.id;
        let (mut table, damage) = table::table_from_record(
            &row.game,
            &row.record,
            play_seats(&row.seats, self.hash_mb()),
        )
        .map_err(|e| GameError::internal(format!("game {id} cannot be restored: {e:#}")))?;
        if let Some(damage) = damage {
            // Never cut a stored game short (and then store it cut).
            return Err(GameError::internal(format!(
                "game {id} cannot be restored whole: {damage}"
            )));
        }
        if let Some(side) = row.draw_offer {
            // An open offer is not in the record; restore it.
            let _ = table.offer_draw(side_of(side as usize));
        }
        if let Some(times) = row.clock {
            table.set_clock_times(times);
        }
        table.resume_clock();
        // With a database other servers share, the game may have been
        // going on there: the side to move is charged the time since its
        // clock was stored, as on the server that stored it.
        let running = table.clock().and_then(|c| c.running);
        if let (true, Some(mut times), Some(at), Some(side)) =
            (self.store.is_shared(), row.clock, row.clock_at, running)
        {
            let since = crate::live::now_ms().saturating_sub(at);
            times[side] = times[side].saturating_sub(since);
            table.set_clock_times(times);
            table.resume_clock();
        }
        let mut inner = Inner::new(table, row.seats, row.version, row.note);
        inner.rematch_offer = row.rematch_offer.map(|s| side_of(s as usize));
        inner.rematch = row.rematch;
        inner.extra = row.extra;
        Ok(inner)
    }

    /// A game just loaded: the engine started if it is to move or to
    /// answer a draw offer, the clock watched.
    pub(super) fn resume(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) {
        self.kick(live, inner);
        self.watch_clock(live, inner);
        if let Some(side) = inner.table.draw_offer() {
            if inner.seats[side.other().index()].is_engine() {
                self.engine_answers_draw(live, inner, side.other());
            }
        }
    }
}
