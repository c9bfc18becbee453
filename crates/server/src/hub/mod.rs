//! The players' actions on games: creating, loading and joining them,
//! moves and the other actions, and the engine's turns. Each change is
//! stored before it is announced. A request's path: [`crate::api`] reads
//! it, [`Hub`] finds the game ([`crate::registry`], the [`crate::store`]),
//! checks the seat ([`crate::seats`]), changes the table, stores it and
//! announces it ([`crate::events`]); an engine turn goes through the
//! [`crate::engine_pool`]. With a database other servers share, the hub
//! keeps its games in step with theirs ([`in_step`]).

mod actions;
mod analysis;
mod checks;
mod clock;
mod create;
mod engine;
mod fair_play;
mod loading;
mod saving;
mod seating;
mod takeback;

pub use actions::{Action, Offer};
pub use create::{Created, NewGame, DEFAULT_MOVETIME};
use saving::report;
pub(crate) use saving::store_error;
pub use seating::Joined;
mod in_step;

pub(crate) use checks::check_player_name;
use checks::{check_name, check_record, still_on};

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use chess3d_core::Side;
use chess3d_play::clock::TimeControl;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::config::Config;
use crate::engine_pool::{EnginePool, Owner};
use crate::error::GameError;
pub use crate::live::Mode;
use crate::live::{lock, play_seats, side_of, Inner, Live, Snapshot};
use crate::registry::Registry;
use crate::seats::{digest, new_secret, SeatRow};
use crate::store::{GameRow, Saved, Store};
use crate::table;

/// Who asks, and by when: the client (its address as the limits count
/// it), whose share of the engine a turn it starts takes, and the
/// request's deadline, past which no change is begun.
#[derive(Clone, Copy, Debug, Default)]
pub struct Caller {
    pub client: Owner,
    pub deadline: Option<Instant>,
}

impl Caller {
    pub fn new(client: IpAddr, deadline: Option<Instant>) -> Caller {
        Caller {
            client: Some(crate::limits::client_key(client)),
            deadline,
        }
    }

    /// 408 once the deadline has passed: checked before a change is made,
    /// never after, so that a request answered 408 changed nothing.
    fn in_time(&self) -> Result<(), GameError> {
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(GameError::not_in_time(
                "the server was too busy to get to this request in time: nothing was changed; \
                 send it again",
            )),
            _ => Ok(()),
        }
    }
}

/// 504: a change's write that the database did not confirm, and that
/// could not be read back either.
pub const UNSURE: &str = "the database did not confirm the change and cannot be read now: \
    it may have been stored; reload the game to see";

/// The server's games.
pub struct Hub {
    store: Store,
    games: Registry,
    engines: Arc<EnginePool>,
    /// Timed games going, by client (see [`Live::timed`]).
    timed: crate::limits::Counts<IpAddr>,
    config: Config,
    /// The runtime the clocks' timers run on (the hub is made inside it;
    /// engine threads, outside it, arm timers through it).
    runtime: Option<tokio::runtime::Handle>,
    /// Game analyses running (see [`Config::analyses_at_once`]).
    analyses: Arc<std::sync::atomic::AtomicUsize>,
    /// Told when the lobby may have changed: a lobby game changed here,
    /// or anything changed on another server ([`crate::lobby`] looks).
    lobby_signal: Arc<tokio::sync::Notify>,
    /// The lobby games being played, as the lobby last saw them: another
    /// server's change of one of these (not of any game) tells the lobby.
    lobby_games: std::sync::RwLock<std::collections::HashSet<String>>,
}

impl Hub {
    /// A hub with the default limits ([`Config::default`]).
    pub fn new(store: Store) -> Arc<Hub> {
        Hub::with_config(store, Config::default())
    }

    pub fn with_config(store: Store, config: Config) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            games: Registry::default(),
            engines: EnginePool::new(config.engine_threads, config.hash_per_search_mb()),
            timed: Default::default(),
            config,
            runtime: tokio::runtime::Handle::try_current().ok(),
            analyses: Default::default(),
            lobby_signal: Default::default(),
            lobby_games: Default::default(),
        })
    }

    /// The lobby games being played now (see [`Hub::lobby_signal`]).
    pub fn set_lobby_games(&self, ids: std::collections::HashSet<String>) {
        *self.lobby_games.write().unwrap_or_else(|e| e.into_inner()) = ids;
    }

    fn is_lobby_game(&self, id: &str) -> bool {
        self.lobby_games
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .contains(id)
    }

    /// What tells the lobby to look again (see [`Hub::lobby_signal`]).
    pub fn lobby_signal(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.lobby_signal)
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The games' database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Spectators of game `id` on this server (none when not in memory).
    pub fn spectators(&self, id: &str) -> usize {
        self.games.peek(id).map_or(0, |live| live.spectators())
    }

    /// Tells game `id`'s watchers here of `count` spectators on the other
    /// servers (a game not in memory here has none to tell).
    pub fn spectators_elsewhere(&self, id: &str, count: usize) {
        if let Some(live) = self.games.peek(id) {
            live.spectators_elsewhere(count);
        }
    }

    /// Games in memory.
    pub fn games_in_memory(&self) -> usize {
        self.games.len()
    }

    fn hash_mb(&self) -> usize {
        self.engines.hash_mb()
    }

    /// Where a lone piece would go on game `id`'s board (the legend's "how
    /// it moves"): its moves and its captures, as cell names.
    pub fn reach(
        self: &Arc<Hub>,
        id: &str,
        letter: char,
        side: usize,
        cell: &str,
    ) -> Result<(Vec<String>, Vec<String>), GameError> {
        let live = self.get(id)?;
        let inner = live.lock();
        inner
            .table
            .reach(letter, side_of(side), cell)
            .map_err(|e| GameError::bad(e.to_string()))
    }

    /// Where the piece on `cell` of game `id`, of the side waiting for its
    /// turn, may be premoved; with the version of the game it was asked of.
    pub fn premoves(
        self: &Arc<Hub>,
        id: &str,
        cell: &str,
    ) -> Result<(u64, crate::premoves::Premoves), GameError> {
        let live = self.get(id)?;
        let inner = live.lock();
        let premoves = inner
            .table
            .premoves(cell)
            .map_err(|e| GameError::conflict(e.to_string()))?;
        Ok((inner.version, premoves))
    }

    /// Unloads idle games from memory (see [`Config::unload_after`]) and
    /// deletes games unchanged for [`Config::expire_after`] from the
    /// database; the numbers of each. Takes locks: call it on a blocking
    /// thread.
    pub fn sweep(&self) -> Result<(usize, usize), GameError> {
        let unloaded = self.games.unload_idle(self.config.unload_after.as_secs());
        let expired = self
            .store
            .delete_unchanged_since(
                crate::live::now_secs().saturating_sub(self.config.expire_after.as_secs()),
            )
            .map_err(|e| GameError::internal(format!("cannot expire old games: {e:#}")))?;
        for id in &expired {
            self.games.remove(id);
        }
        Ok((unloaded, expired.len()))
    }
}
