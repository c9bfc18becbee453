//! The games in memory, by id. A game is loaded from the database when
//! first asked for and unloaded once nobody watches it, no engine works on
//! it and it has been idle a while; the database keeps it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::live::{lock, Live};

#[derive(Default)]
pub struct Registry {
    games: Mutex<HashMap<String, Arc<Live>>>,
}

impl Registry {
    pub fn get(&self, id: &str) -> Option<Arc<Live>> {
        let live = lock(&self.games).get(id).cloned();
        if let Some(live) = &live {
            live.touch();
        }
        live
    }

    /// The game `id` if it is in memory, without counting as a use (a
    /// notification from another server, say).
    pub fn peek(&self, id: &str) -> Option<Arc<Live>> {
        lock(&self.games).get(id).cloned()
    }

    /// Adds `live`, unless another request loaded the same game meanwhile:
    /// the game in memory either way.
    pub fn insert(&self, live: Arc<Live>) -> Arc<Live> {
        let mut games = lock(&self.games);
        Arc::clone(games.entry(live.id.clone()).or_insert(live))
    }

    /// Every game in memory.
    pub fn all(&self) -> Vec<Arc<Live>> {
        lock(&self.games).values().cloned().collect()
    }

    pub fn remove(&self, id: &str) {
        lock(&self.games).remove(id);
    }

    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Unloads every game idle for `idle_secs` or more that nobody watches
    /// and no engine works on; how many were unloaded. Takes game locks:
    /// run it on a blocking thread.
    pub fn unload_idle(&self, idle_secs: u64) -> usize {
        let candidates: Vec<Arc<Live>> = lock(&self.games)
            .values()
            .filter(|l| l.idle_secs() >= idle_secs && l.events.watchers() == 0)
            .cloned()
            .collect();
        let mut unloaded = 0;
        for live in candidates {
            // A game busy right now is not idle.
            let Some(inner) = live.try_lock() else {
                continue;
            };
            // Nor one whose clock runs: its flag must fall on time.
            let clock_runs = inner.table.clock().is_some_and(|c| c.running.is_some());
            if inner.job.is_some() || inner.draw_job.is_some() || clock_runs {
                continue;
            }
            let mut games = lock(&self.games);
            // Still the same game, still unwatched (a WebSocket subscribes
            // while holding the registry's game, so this check is final).
            if games.get(&live.id).is_some_and(|l| Arc::ptr_eq(l, &live))
                && live.events.watchers() == 0
                && Arc::strong_count(&live) <= 2
            {
                games.remove(&live.id);
                unloaded += 1;
            }
            drop(inner);
        }
        unloaded
    }
}
