//! What watchers of a game receive: every event as a JSON text on a
//! bounded broadcast channel (a watcher that falls behind gets the latest
//! state instead of the events it missed), and the latest state kept apart
//! so that a request reads it without touching the game.

use std::sync::Arc;

use tokio::sync::{broadcast, watch};

/// Events a watcher may fall behind by before it is sent the whole state.
const BACKLOG: usize = 64;

pub struct Events {
    stream: broadcast::Sender<Arc<str>>,
    latest: watch::Sender<Arc<str>>,
}

impl Events {
    /// Events starting from the state `state` (a JSON text).
    pub fn new(state: String) -> Events {
        Events {
            stream: broadcast::channel(BACKLOG).0,
            latest: watch::channel(Arc::from(state)).0,
        }
    }

    /// A new state: kept as the latest and sent to every watcher.
    pub fn state(&self, state: String) {
        let state: Arc<str> = Arc::from(state);
        self.latest.send_replace(Arc::clone(&state));
        let _ = self.stream.send(state);
    }

    /// Any other event (the engine's thinking, its place in the queue).
    pub fn send(&self, event: String) {
        let _ = self.stream.send(Arc::from(event));
    }

    /// The latest state's JSON text.
    pub fn latest(&self) -> Arc<str> {
        Arc::clone(&self.latest.borrow())
    }

    /// Replaces the latest state `old` by `new` (the same state, a detail
    /// brought up to date), unless a newer state came meanwhile.
    pub fn refresh(&self, old: &Arc<str>, new: Arc<str>) {
        self.latest.send_if_modified(|latest| {
            let same = Arc::ptr_eq(latest, old);
            if same {
                *latest = new;
            }
            same
        });
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.stream.subscribe()
    }

    /// How many watchers listen.
    pub fn watchers(&self) -> usize {
        self.stream.receiver_count()
    }
}
