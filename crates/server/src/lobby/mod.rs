//! Where players meet (issue 58): players and their keys ([`players`]),
//! open challenges and their acceptance ([`challenges`]), Glicko-2
//! ratings ([`ratings`]), and the lists the lobby shows, pushed to every
//! lobby socket as they change: the open challenges and the games being
//! played.
//!
//! The database is the truth, shared by every server on it: each server
//! keeps a copy of the lists ([`Snapshot`]), made again whenever the hub
//! says the lobby may have changed (a lobby game changed here; anything
//! changed on another server, `NOTIFY`), a few times a second at most,
//! and every [`LOOK_EVERY`] besides. The same look withdraws the
//! challenges whose creators left, aborts games not begun, and takes the
//! end of finished games (their ratings changed once, whichever server
//! looks first).

mod challenges;
mod players;
pub mod ratings;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::broadcast;

pub use challenges::{Credentials, NewChallenge};

use crate::hub::Hub;
use crate::live::{lock, now_ms, now_secs};
use crate::store::lobby::{self as rows, ChallengeRow, Playing};
use crate::store::Store;

/// The lists are made again at least this often, told or not.
const LOOK_EVERY: Duration = Duration::from_secs(2);
/// Changes told within this long are taken in one look.
const GATHER: Duration = Duration::from_millis(150);
/// How often the creators still here are noted in the database.
const SEEN_EVERY: Duration = Duration::from_secs(10);
/// A server's count of spectators is forgotten this long after it last
/// wrote it (it stopped).
const SPECTATORS_KEPT: Duration = Duration::from_secs(10);

/// What the lobby shows, as the last look found it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// The open challenges, newest first.
    pub challenges: Vec<Value>,
    /// The games being played, newest first.
    pub games: Vec<Value>,
    /// Accepted challenges: their game's id.
    pub accepted: HashMap<String, String>,
}

impl Snapshot {
    /// The message a lobby socket is sent.
    pub fn message(&self) -> String {
        json!({ "type": "lobby", "challenges": self.challenges, "games": self.games }).to_string()
    }
}

/// A lobby game's record as last read: its version, plies and result.
type Parsed = HashMap<String, (i64, usize, String)>;

pub struct Lobby {
    hub: Arc<Hub>,
    snapshot: Mutex<Arc<Snapshot>>,
    feed: broadcast::Sender<Arc<Snapshot>>,
    /// Open lobby sockets of each challenge's creator, on this server.
    present: Mutex<HashMap<String, usize>>,
    parsed: Mutex<Parsed>,
    /// When the creators here were last noted (ms since 1970).
    seen_at: Mutex<i64>,
}

impl Lobby {
    /// The lobby of `hub`'s server, looking at the database from now on
    /// (when made inside a runtime).
    pub fn start(hub: Arc<Hub>) -> Arc<Lobby> {
        let lobby = Arc::new(Lobby {
            hub,
            snapshot: Default::default(),
            feed: broadcast::channel(64).0,
            present: Default::default(),
            parsed: Default::default(),
            seen_at: Mutex::new(0),
        });
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let weak = Arc::downgrade(&lobby);
            let signal = lobby.hub.lobby_signal();
            runtime.spawn(async move {
                loop {
                    let _ = tokio::time::timeout(LOOK_EVERY, signal.notified()).await;
                    tokio::time::sleep(GATHER).await;
                    let Some(lobby) = weak.upgrade() else {
                        return;
                    };
                    let looked = tokio::task::spawn_blocking(move || lobby.look()).await;
                    if let Ok(Err(e)) = looked {
                        eprintln!("the lobby: {e:#}");
                    }
                }
            });
        }
        lobby
    }

    fn store(&self) -> &Store {
        self.hub.store()
    }

    /// Runs `work` in one lobby transaction for a request: a failure is
    /// refused as the game's are (503 when the database cannot be
    /// reached), `what` saying what could not be done.
    fn db<T: Send + 'static>(
        &self,
        what: &str,
        work: impl FnOnce(&mut dyn crate::store::sql::Sql) -> anyhow::Result<T> + Send + 'static,
    ) -> Result<T, crate::error::GameError> {
        self.store()
            .lobby(work)
            .map_err(|e| crate::hub::store_error(e, what))
    }

    /// Tells the lobby to look again soon.
    pub fn poke(&self) {
        self.hub.lobby_signal().notify_one();
    }

    /// The lists as last seen.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        Arc::clone(&lock(&self.snapshot))
    }

    /// Each new snapshot, as it is made.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Snapshot>> {
        self.feed.subscribe()
    }

    /// Counts a creator's socket on challenge `id` while the guard lives.
    pub fn attend(self: &Arc<Lobby>, id: &str) -> Attending {
        *lock(&self.present).entry(id.to_string()).or_default() += 1;
        Attending {
            lobby: Arc::clone(self),
            id: id.to_string(),
        }
    }

    /// Looks at the database: withdraws challenges whose creators left,
    /// takes the end of finished games, aborts games not begun, and makes
    /// the lists again (sent on when they changed). Blocking.
    pub fn look(&self) -> anyhow::Result<()> {
        let now = now_ms() as i64;
        let config = self.hub.config();
        let cutoff = now - config.challenge_left_after.as_millis() as i64;
        let here: Vec<String> = {
            let mut seen_at = lock(&self.seen_at);
            // Often enough that a creator here is never taken for gone.
            let every = SEEN_EVERY.min(config.challenge_left_after / 3);
            if now - *seen_at >= every.as_millis() as i64 {
                *seen_at = now;
                lock(&self.present).keys().cloned().collect()
            } else {
                Vec::new()
            }
        };
        let known: HashMap<String, i64> = lock(&self.parsed)
            .iter()
            .map(|(id, (version, _, _))| (id.clone(), *version))
            .collect();
        let (open, playing) = self.store().lobby(move |db| {
            rows::seen(db, &here, now)?;
            rows::sweep(db, cutoff)?;
            Ok((rows::challenges(db)?, rows::playing(db, &known)?))
        })?;
        let mut games = Vec::new();
        let mut accepted = HashMap::new();
        let abort_after = config.abort_after.as_secs() as i64;
        for game in &playing {
            let (plies, result) = self.read_record(game);
            let id = game.challenge.game_id.clone().unwrap_or_default();
            if result != "*" {
                self.take_end(&game.challenge, &result, plies)?;
                continue;
            }
            if plies < 2 && now / 1000 - game.updated > abort_after {
                self.abort(game, plies)?;
                continue;
            }
            if out_of_time(game, plies, now) {
                // Nobody holds it (its players left, its server stopped):
                // loaded here, its clock's flag falls, and the next look
                // takes its end.
                let _ = self.hub.get(&id);
            }
            accepted.insert(game.challenge.id.clone(), id.clone());
            games.push(live_entry(game, plies));
        }
        self.count_spectators(&mut games, now)?;
        let ids: std::collections::HashSet<String> = playing
            .iter()
            .filter_map(|p| p.challenge.game_id.clone())
            .collect();
        lock(&self.parsed).retain(|id, _| ids.contains(id));
        self.hub.set_lobby_games(ids);
        let challenges = open
            .iter()
            .filter(|c| c.game_id.is_none())
            .map(challenge_entry)
            .collect();
        let snapshot = Snapshot {
            challenges,
            games,
            accepted,
        };
        let mut last = lock(&self.snapshot);
        if **last != snapshot {
            *last = Arc::new(snapshot);
            let _ = self.feed.send(Arc::clone(&last));
        }
        Ok(())
    }

    /// Notes this server's spectators of the games being played, reads
    /// everyone's, and puts the sums in the list and before the players.
    fn count_spectators(&self, games: &mut [Value], now: i64) -> anyhow::Result<()> {
        if games.is_empty() {
            return Ok(());
        }
        let id = |g: &Value| g["id"].as_str().unwrap_or_default().to_string();
        let here: Vec<(String, i64)> = games
            .iter()
            .map(|g| (id(g), self.hub.spectators(&id(g)) as i64))
            .collect();
        let stale = now - SPECTATORS_KEPT.as_millis() as i64;
        let mine: HashMap<String, i64> = here.iter().cloned().collect();
        let all = self
            .store()
            .lobby(move |db| rows::spectators(db, &here, now, stale))?;
        for game in games.iter_mut() {
            let (id, local) = (id(game), mine.get(&id(game)).copied().unwrap_or(0));
            let total = all.get(&id).copied().unwrap_or(0).max(local);
            self.hub
                .spectators_elsewhere(&id, (total - local).max(0) as usize);
            game["spectators"] = json!(total);
        }
        Ok(())
    }

    /// A lobby game's plies and result (`*` while it is played), the
    /// record read again only when the game has changed.
    fn read_record(&self, game: &Playing) -> (usize, String) {
        let id = game.challenge.game_id.clone().unwrap_or_default();
        if let Some((version, plies, result)) = lock(&self.parsed).get(&id) {
            if *version == game.version {
                return (*plies, result.clone());
            }
        }
        let (record, _) = chess3d_core::record::Record::parse(&game.record);
        let read = (record.moves.len(), record.result.clone());
        lock(&self.parsed).insert(id, (game.version, read.0, read.1.clone()));
        read
    }

    /// Takes a finished lobby game's end (once: see [`ratings::finish`]).
    fn take_end(&self, challenge: &ChallengeRow, result: &str, plies: usize) -> anyhow::Result<()> {
        let (challenge, result) = (challenge.clone(), result.to_string());
        let now = now_secs() as i64;
        self.store()
            .lobby(move |db| ratings::finish(db, &challenge, &result, plies, now))?;
        Ok(())
    }

    /// Aborts a lobby game whose side to move has not begun in time: the
    /// game says so and takes no more moves; no result, no rating. Taken
    /// as ended only once the game is aborted (a game that moved meanwhile,
    /// or a store that failed, is looked at again next time).
    fn abort(&self, game: &Playing, plies: usize) -> anyhow::Result<()> {
        let challenge = &game.challenge;
        let id = challenge.game_id.clone().unwrap_or_default();
        let side = if plies.is_multiple_of(2) {
            "White"
        } else {
            "Black"
        };
        let why = format!(
            "aborted: {side} did not move within {} s",
            self.hub.config().abort_after.as_secs()
        );
        match self.hub.abort(&id, game.version as u64, &why) {
            Ok(()) => {}
            // Gone from the database: nothing to abort, only to list no more.
            Err(e) if e.kind == crate::error::Kind::NotFound => {}
            Err(e) if e.kind == crate::error::Kind::Conflict => return Ok(()),
            Err(e) => {
                eprintln!("game {id}: cannot abort it: {e}");
                return Ok(());
            }
        }
        self.take_end(challenge, "aborted", plies)
    }
}

/// Whether the side to move of a timed lobby game has run out of time by
/// `now` (ms), as the stored clocks say (the clock runs from the first
/// move).
fn out_of_time(game: &Playing, plies: usize, now: i64) -> bool {
    let clocks: Option<[i64; 2]> = game
        .clock
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok());
    match (clocks, game.clock_at) {
        (Some(left), Some(at)) if plies > 0 => at + left[plies % 2] < now,
        _ => false,
    }
}

/// A creator's lobby socket, counted while it lives.
pub struct Attending {
    lobby: Arc<Lobby>,
    id: String,
}

impl Drop for Attending {
    fn drop(&mut self) {
        let mut present = lock(&self.lobby.present);
        if let Some(n) = present.get_mut(&self.id) {
            *n -= 1;
            if *n == 0 {
                present.remove(&self.id);
            }
        }
    }
}

/// A rating as the lists and pages show it: whole.
fn rounded(r: Option<f64>) -> Option<f64> {
    r.map(f64::round)
}

/// An open challenge as the lobby lists it.
fn challenge_entry(c: &ChallengeRow) -> Value {
    json!({
        "id": c.id, "game": c.game, "rated": c.rated, "clock": c.clock, "side": c.side,
        "name": c.name, "rating": rounded(c.rating),
        "min_rating": c.min_rating, "max_rating": c.max_rating, "created": c.created,
    })
}

/// A game being played as the lobby lists it.
fn live_entry(game: &Playing, plies: usize) -> Value {
    let c = &game.challenge;
    let clocks: Option<[u64; 2]> = game
        .clock
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok());
    json!({
        "id": c.game_id, "game": c.game, "white": c.white, "black": c.black,
        "white_rating": rounded(c.white_rating), "black_rating": rounded(c.black_rating),
        "rated": c.rated, "ply": plies, "clock": c.clock, "clocks": clocks,
        "clock_at": game.clock_at, "started": c.accepted,
    })
}
