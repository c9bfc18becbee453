//! One game in memory: its table, seats and version behind a lock taken
//! only on blocking threads, and its events, whose latest state requests
//! read without the lock.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chess3d_core::Side;
use chess3d_play::session::Seat;
use chess3d_play::thinker::Thought;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::engine_pool::Owner;
use crate::error::GameError;
use crate::events::Events;
use crate::seats::SeatRow;
use crate::store::GameRow;
use crate::table::{self, Abort, Table};

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Two people at one screen: one token plays both sides.
    Local,
    /// A person against the engine.
    Computer,
    /// Two people on two screens, each with their own seat's token.
    Remote,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Local => "local",
            Mode::Computer => "computer",
            Mode::Remote => "remote",
        }
    }
    pub fn parse(text: &str) -> Option<Mode> {
        [Mode::Local, Mode::Computer, Mode::Remote]
            .into_iter()
            .find(|m| m.as_str() == text)
    }
}

/// A game in memory.
pub struct Live {
    pub id: String,
    pub game: String,
    pub mode: Mode,
    inner: Mutex<Inner>,
    pub events: Events,
    /// A timed game going counts toward the limit of the client that made
    /// it, or that first acted on it once it was loaded
    /// ([`crate::Config::timed_games_per_client`]), until it ends or leaves
    /// memory.
    pub timed: Mutex<Option<crate::limits::Held<std::net::IpAddr>>>,
    /// A change's write whose outcome the database did not confirm: this
    /// copy may be behind the stored game, and is read again before its
    /// next use.
    pub unsure: std::sync::atomic::AtomicBool,
    /// Sockets watching the game with no seat, on this server.
    spectators: std::sync::atomic::AtomicUsize,
    /// Spectators on the other servers, as the lobby last read them.
    spectators_elsewhere: std::sync::atomic::AtomicUsize,
    /// Engine turns ahead of this game's in the queue; -1 when it is not
    /// waiting.
    queued: AtomicI64,
    /// The `queued` written into the latest state: the place changes
    /// without a new state (that would need the game's lock).
    announced_queue: AtomicI64,
    /// When the game was last asked for (seconds since the Unix epoch).
    used: AtomicU64,
    /// The side whose clock runs in the latest state (-1: none), and when
    /// that state was made: a state read later shows the time since
    /// taken off that side's clock.
    clock_running: AtomicI64,
    state_made: Mutex<std::time::Instant>,
    /// The engine's analysis of the game (issue 57), kept in memory only.
    pub analysis: Mutex<Option<crate::analysis::GameAnalysis>>,
}

pub struct Inner {
    pub table: Box<dyn Table>,
    pub seats: [SeatRow; 2],
    /// Counts changes: an engine's answer is for the version it started at.
    pub version: u64,
    pub thinking: Option<Thought>,
    /// The engine's queued or running search, to stop on a change.
    pub job: Option<Abort>,
    /// The engine's queued or running answer to a draw offer, likewise.
    pub draw_job: Option<Abort>,
    /// The last thing the players should read (a declined draw).
    pub note: Option<String>,
    /// The engine's last finished iteration, kept after it moves: the side
    /// it played and what it thought.
    pub evaluation: Option<(Side, Thought)>,
    /// A rematch offered by this side, after the game.
    pub rematch_offer: Option<Side>,
    /// The rematch's game, once agreed.
    pub rematch: Option<String>,
    /// The timer that ends the game when the running clock reaches zero.
    pub clock_timer: Option<tokio::task::AbortHandle>,
    /// Whose engine turn the next one is (the client whose change starts
    /// it): the engine pool serves clients in turn.
    pub owner: Owner,
    /// Hints allowed, a takeback asked for, the hints given.
    pub extra: crate::store::Extra,
    /// The place in the engine pool reserved for the engine turn the
    /// change under way may start (taken by it, else given back once the
    /// change is done).
    pub reserved: Option<crate::engine_pool::Place>,
}

impl Inner {
    /// A game just made or loaded: nothing thought, offered or noted.
    pub fn new(
        table: Box<dyn Table>,
        seats: [SeatRow; 2],
        version: u64,
        note: Option<String>,
    ) -> Inner {
        Inner {
            table,
            seats,
            version,
            thinking: None,
            job: None,
            draw_job: None,
            note,
            evaluation: None,
            rematch_offer: None,
            rematch: None,
            clock_timer: None,
            owner: None,
            reserved: None,
            extra: Default::default(),
        }
    }
}

impl Inner {
    /// Stops the engine's queued or running work on this game (a search,
    /// an answer to a draw offer): the game changed under it.
    pub fn stop_engine(&mut self) {
        for abort in [self.job.take(), self.draw_job.take()]
            .into_iter()
            .flatten()
        {
            abort.store(true, Ordering::Relaxed);
        }
    }
}

/// A game as it was before a change, to go back to when the change cannot
/// be stored.
pub struct Snapshot {
    record: String,
    seats: [SeatRow; 2],
    draw_offer: Option<Side>,
    clock: Option<[u64; 2]>,
    version: u64,
    note: Option<String>,
    rematch_offer: Option<Side>,
    rematch: Option<String>,
    extra: crate::store::Extra,
}

impl Inner {
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            record: self.table.record(),
            seats: self.seats.clone(),
            draw_offer: self.table.draw_offer(),
            clock: self.table.clock().map(|c| c.remaining),
            version: self.version,
            note: self.note.clone(),
            rematch_offer: self.rematch_offer,
            rematch: self.rematch.clone(),
            extra: self.extra.clone(),
        }
    }

    /// Goes back to `before` (the table rebuilt from its record).
    pub fn restore(&mut self, game: &str, before: Snapshot, hash_mb: usize) {
        if let Ok((mut table, _)) =
            table::table_from_record(game, &before.record, play_seats(&before.seats, hash_mb))
        {
            if let Some(side) = before.draw_offer {
                let _ = table.offer_draw(side);
            }
            if let Some(times) = before.clock {
                table.set_clock_times(times);
                table.resume_clock();
            }
            self.table = table;
        }
        self.seats = before.seats;
        self.version = before.version;
        self.note = before.note;
        self.rematch_offer = before.rematch_offer;
        self.rematch = before.rematch;
        self.extra = before.extra;
    }
}

pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

pub fn side_of(i: usize) -> Side {
    if i == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// The play crate's seats for stored seats; an engine searches with
/// `hash_mb` MB of hash table.
pub fn play_seats(seats: &[SeatRow; 2], hash_mb: usize) -> [Seat; 2] {
    std::array::from_fn(|i| {
        let s = &seats[i];
        if s.is_engine() {
            Seat::parse(
                &format!(
                    "engine:skill={},movetime={},hash={hash_mb}",
                    s.skill, s.movetime
                ),
                s.movetime,
            )
            .unwrap_or(Seat::Human)
        } else {
            Seat::Human
        }
    })
}

impl Live {
    pub fn new(
        id: String,
        game: String,
        mode: Mode,
        inner: Inner,
        timed: Option<crate::limits::Held<std::net::IpAddr>>,
    ) -> Arc<Live> {
        let live = Live {
            id,
            game,
            mode,
            timed: Mutex::new(timed),
            unsure: std::sync::atomic::AtomicBool::new(false),
            spectators: Default::default(),
            spectators_elsewhere: Default::default(),
            events: Events::new(String::new()),
            inner: Mutex::new(inner),
            queued: AtomicI64::new(-1),
            announced_queue: AtomicI64::new(-1),
            used: AtomicU64::new(now_secs()),
            clock_running: AtomicI64::new(-1),
            state_made: Mutex::new(std::time::Instant::now()),
            analysis: Mutex::new(None),
        };
        let state = live.state_text(&live.lock());
        live.events.state(state);
        Arc::new(live)
    }

    /// Whether the engine may help a player now (fair play, issue 57):
    /// against the computer, once the game is over, or in a game between
    /// people made casual; hub/fair_play.rs says why not.
    pub fn engine_help_open(&self, inner: &Inner) -> bool {
        self.mode == Mode::Computer || inner.extra.hints_allowed || inner.table.result().is_some()
    }

    /// Spectators watching on this server.
    pub fn spectators(&self) -> usize {
        self.spectators.load(Ordering::Relaxed)
    }

    /// Spectators on the other servers (a lobby game's, which the lobby
    /// reads): everyone watching is told when it changes.
    pub fn spectators_elsewhere(&self, count: usize) {
        if self.spectators_elsewhere.swap(count, Ordering::Relaxed) != count {
            self.events.send(self.spectators_message());
        }
    }

    /// The message that tells the players how many watch, here and on
    /// the other servers.
    pub fn spectators_message(&self) -> String {
        let count = self.spectators() + self.spectators_elsewhere.load(Ordering::Relaxed);
        json!({ "type": "spectators", "count": count }).to_string()
    }

    /// Counts a spectator while the guard lives; everyone watching is told.
    pub fn spectate(self: &Arc<Live>) -> Spectating {
        self.spectators.fetch_add(1, Ordering::Relaxed);
        self.events.send(self.spectators_message());
        Spectating(Arc::clone(self))
    }

    /// The game's lock: take it on blocking threads only.
    pub fn lock(&self) -> MutexGuard<'_, Inner> {
        lock(&self.inner)
    }

    /// The lock if nobody holds it.
    pub fn try_lock(&self) -> Option<MutexGuard<'_, Inner>> {
        self.inner.try_lock().ok()
    }

    pub fn touch(&self) {
        self.used.store(now_secs(), Ordering::Relaxed);
    }

    /// Seconds since the game was last asked for.
    pub fn idle_secs(&self) -> u64 {
        now_secs().saturating_sub(self.used.load(Ordering::Relaxed))
    }

    /// The latest state every watcher sees, as JSON text (no tokens in it),
    /// read without the game's lock.
    pub fn latest(&self) -> Arc<str> {
        let latest = self.queue_now();
        let side = self.clock_running.load(Ordering::Relaxed);
        if side < 0 {
            return latest;
        }
        // A running clock: the time since the state was made comes off it
        // (not kept: it changes every instant).
        let Ok(mut state) = serde_json::from_str::<Value>(&latest) else {
            return latest;
        };
        let elapsed = lock(&self.state_made).elapsed().as_millis() as u64;
        let left = &mut state["clock"]["remaining"][side as usize];
        if let Some(ms) = left.as_u64() {
            *left = json!(ms.saturating_sub(elapsed));
        }
        Arc::from(state.to_string())
    }

    /// The latest state with the engine's place in the queue now.
    fn queue_now(&self) -> Arc<str> {
        let latest = self.events.latest();
        let queued = self.queued.load(Ordering::Relaxed);
        if queued == self.announced_queue.load(Ordering::Relaxed) {
            return latest;
        }
        // The engine's place in the queue moved since: the state with the
        // place now, kept as the latest (so rewritten once per move of the
        // queue, not per request).
        let Ok(mut state) = serde_json::from_str::<Value>(&latest) else {
            return latest;
        };
        state["queued"] = if queued >= 0 && state["queued"].is_number() {
            json!(queued)
        } else {
            Value::Null
        };
        let fresh: Arc<str> = Arc::from(state.to_string());
        self.announced_queue.store(queued, Ordering::Relaxed);
        self.events.refresh(&latest, Arc::clone(&fresh));
        fresh
    }

    /// The latest state as JSON.
    pub fn current_state(&self) -> Value {
        serde_json::from_str(&self.latest()).unwrap_or(Value::Null)
    }

    pub fn record(&self) -> String {
        self.lock().table.record()
    }

    /// The board after the first `ply` moves, with how many there are now.
    pub fn view_at(&self, ply: usize) -> (Option<crate::scene::View>, usize) {
        let inner = self.lock();
        (inner.table.view_at(ply), inner.table.ply())
    }

    /// The sides `token` plays.
    pub fn sides_of(&self, inner: &Inner, token: Option<&str>) -> Result<Vec<usize>, GameError> {
        let token = token
            .filter(|t| !t.is_empty())
            .ok_or_else(|| GameError::unauthorized("a seat token is needed (\"token\")"))?;
        let sides: Vec<usize> = (0..2)
            .filter(|&i| inner.seats[i].played_by(token))
            .collect();
        if sides.is_empty() {
            return Err(GameError::forbidden(format!(
                "this token holds no seat of game {}",
                self.id
            )));
        }
        Ok(sides)
    }

    pub fn row(&self, inner: &Inner) -> GameRow {
        GameRow {
            id: self.id.clone(),
            game: self.game.clone(),
            mode: self.mode.as_str().to_string(),
            record: inner.table.record(),
            seats: inner.seats.clone(),
            draw_offer: inner.table.draw_offer().map(|s| s.index() as u8),
            clock: inner.table.clock().map(|c| c.remaining),
            version: inner.version,
            note: inner.note.clone(),
            rematch_offer: inner.rematch_offer.map(|s| s.index() as u8),
            rematch: inner.rematch.clone(),
            clock_at: inner.table.clock().map(|_| now_ms()),
            extra: inner.extra.clone(),
        }
    }

    /// Sends the new state to every watcher.
    pub fn announce(&self, inner: &Inner) {
        self.events.state(self.state_text(inner));
    }

    /// The engine's search at `version` finished an iteration.
    pub fn thinking(&self, version: u64, t: Thought) {
        let mut inner = self.lock();
        if inner.version != version {
            return;
        }
        let event = json!({
            "type": "thinking",
            "version": version,
            "thinking": thinking_json(&t),
        });
        inner.evaluation = Some((inner.table.side_to_move(), t.clone()));
        inner.thinking = Some(t);
        self.events.send(event.to_string());
    }

    /// The engine's turn has `ahead` turns of other games before it in the
    /// queue (`None`: it is searching).
    pub fn queued(&self, version: u64, ahead: Option<usize>) {
        let value = ahead.map_or(-1, |n| n as i64);
        if self.queued.swap(value, Ordering::Relaxed) != value {
            let event = json!({ "type": "queue", "version": version, "ahead": ahead });
            self.events.send(event.to_string());
        }
    }

    fn state_text(&self, inner: &Inner) -> String {
        let mut state = self.state(inner);
        state["type"] = json!("state");
        state.to_string()
    }

    fn state(&self, inner: &Inner) -> Value {
        let (name, sides) = table::game_names(&self.game).unwrap_or(("?", ["?", "?"]));
        let seats: Vec<Value> = (0..2)
            .map(|i| {
                let s = &inner.seats[i];
                json!({
                    "player": s.player,
                    "label": inner.table.seats()[i].label(),
                    "taken": s.is_engine() || s.token_hash.is_some(),
                })
            })
            .collect();
        if inner.job.is_none() && inner.draw_job.is_none() {
            // No engine turn: a place left by a dropped one is stale.
            self.queued.store(-1, Ordering::Relaxed);
        }
        let queued = self.queued.load(Ordering::Relaxed);
        self.announced_queue.store(queued, Ordering::Relaxed);
        let mut clock = inner.table.clock();
        let mut view = inner.table.view();
        if inner.extra.aborted.is_some() {
            // An aborted game: no clock runs, no move is offered.
            if let Some(c) = clock.as_mut() {
                c.running = None;
            }
            view.legal.clear();
        }
        let running = clock.as_ref().and_then(|c| c.running);
        self.clock_running
            .store(running.map_or(-1, |s| s as i64), Ordering::Relaxed);
        *lock(&self.state_made) = std::time::Instant::now();
        json!({
            "api": 1,
            "id": self.id,
            "game": self.game,
            "name": name,
            "sides": sides,
            "mode": self.mode,
            "version": inner.version,
            "seats": seats,
            "ply": inner.table.ply(),
            "moves": inner.table.moves(),
            "labels": inner.table.labels(),
            "names": inner.table.names(),
            "options": inner.table.options(),
            "clock": clock,
            "evaluation": inner.evaluation.as_ref().map(|(side, t)| evaluation_json(*side, t)),
            "rematch_offer": inner.rematch_offer.map(|s| s.index()),
            "rematch": inner.rematch,
            "draw_offer": inner.table.draw_offer().map(|s| s.index()),
            "takeback_offer": inner.extra.takeback_offer,
            "hints_allowed": inner.extra.hints_allowed,
            "engine_help": self.engine_help_open(inner),
            "hints_given": inner.extra.hints_given,
            "lobby": inner.extra.lobby,
            "aborted": inner.extra.aborted,
            "note": inner.note,
            "thinking": inner.thinking.as_ref().map(thinking_json),
            "queued": (queued >= 0).then_some(queued),
            "view": view,
        })
    }
}

/// The engine's last evaluation: the side it played, its score from that
/// side (`cp` in hundredths of a pawn, or `mate` in moves, negative when
/// mated), its depth and line.
fn evaluation_json(side: Side, t: &Thought) -> Value {
    let (cp, mate) = match t.score {
        chess3d_engine::Score::Cp(c) => (Some(c), None),
        chess3d_engine::Score::Mate(m) => (None, Some(m)),
    };
    json!({
        "side": side.index(),
        "cp": cp,
        "mate": mate,
        "depth": t.depth,
        "summary": t.summary(),
        "line": t.pv,
    })
}

fn thinking_json(t: &Thought) -> Value {
    json!({ "depth": t.depth, "summary": t.summary(), "line": t.pv })
}

/// A spectator, counted while it lives ([`Live::spectate`]).
pub struct Spectating(Arc<Live>);

impl Drop for Spectating {
    fn drop(&mut self) {
        self.0.spectators.fetch_sub(1, Ordering::Relaxed);
        self.0.events.send(self.0.spectators_message());
    }
}
