//! Clocks on the server: a flag that falls is a change like any other,
//! watched by a timer; and the limit on the timed games one client keeps
//! going, since a running clock keeps its game in memory.

use std::net::IpAddr;
use std::sync::Arc;

use super::{report, Hub};
use crate::engine_pool::Owner;
use crate::error::GameError;
use crate::limits::Held;
use crate::live::{Inner, Live};

impl Hub {
    /// One more timed game going for `client` (none for the server's
    /// own work), counted while the returned guard lives; 429 when it has
    /// as many as it may ([`crate::Config::timed_games_per_client`]).
    pub(super) fn count_timed(&self, client: Owner) -> Result<Option<Held<IpAddr>>, GameError> {
        let Some(client) = client else {
            return Ok(None);
        };
        Held::take(&self.timed, client, self.config.timed_games_per_client)
            .map(Some)
            .map_err(|going| {
                GameError::too_many(format!(
                    "this address has {going} timed games going, the most allowed: \
                         finish one (or resign it) first"
                ))
            })
    }

    /// Ends the game if the side to move's time has run out, as a change
    /// (stored and announced). Whether it did.
    pub(super) fn flag_fall(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) -> bool {
        let before = inner.snapshot();
        if !inner.table.check_flag() {
            return false;
        }
        let note = inner.table.result().map(|(_, why)| why);
        if let Err(e) = self.changed(live, inner, note, before) {
            report(&live.id, &e);
        }
        true
    }

    /// When a clock runs, wakes when it would run out: the game ends then
    /// unless it changed meanwhile (each change sets its own wake-up).
    pub(super) fn watch_clock(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) {
        if let Some(old) = inner.clock_timer.take() {
            old.abort();
        }
        let Some(clock) = inner.table.clock() else {
            return;
        };
        if inner.extra.aborted.is_some() {
            return;
        }
        let Some(side) = clock.running else {
            return;
        };
        let Some(runtime) = &self.runtime else {
            return;
        };
        // At zero already: a flag fall that could not be stored is tried
        // again a second later, not in a tight loop.
        let left = match clock.remaining[side] {
            0 => std::time::Duration::from_secs(1),
            ms => std::time::Duration::from_millis(ms + 5),
        };
        // Weak: a server that stopped, or a game unloaded, is left alone.
        let (hub, live, version) = (Arc::downgrade(self), Arc::downgrade(live), inner.version);
        let timer = runtime.spawn(async move {
            tokio::time::sleep(left).await;
            let _ = tokio::task::spawn_blocking(move || {
                let (Some(hub), Some(live)) = (hub.upgrade(), live.upgrade()) else {
                    return;
                };
                let mut inner = live.lock();
                if inner.version == version {
                    hub.flag_fall(&live, &mut inner);
                }
            })
            .await;
        });
        inner.clock_timer = Some(timer.abort_handle());
    }
}
