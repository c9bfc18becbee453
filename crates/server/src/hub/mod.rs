//! The players' actions on games: creating, loading and joining them,
//! moves and the other actions, and the engine's turns. Each change is
//! stored before it is announced. A request's path: [`crate::api`] reads
//! it, [`Hub`] finds the game ([`crate::registry`], the [`crate::store`]),
//! checks the seat ([`crate::seats`]), changes the table, stores it and
//! announces it ([`crate::events`]); an engine turn goes through the
//! [`crate::engine_pool`]. With a database other servers share, the hub
//! keeps its games in step with theirs ([`in_step`]).

mod analysis;
mod checks;
mod clock;
mod engine;
mod fair_play;
mod takeback;

pub use analysis::GameAnalysis;
pub use fair_play::engine_help_open;
mod in_step;

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
use crate::error::ApiError;
pub use crate::live::Mode;
use crate::live::{lock, play_seats, side_of, Inner, Live, Snapshot};
use crate::registry::Registry;
use crate::seats::{digest, new_secret, SeatRow};
use crate::store::{GameRow, Saved, Store};
use crate::table;

/// `POST /api/v1/games`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A game id; optional when `record` names its game.
    pub game: Option<String>,
    pub mode: Option<Mode>,
    /// The creator's side (0 or 1): the human's against the computer, the
    /// inviter's in a remote game. Default 0.
    pub side: Option<usize>,
    /// The engine's skill, 0-20 (default 20).
    pub skill: Option<u8>,
    /// The engine's time per move in milliseconds (default 1000).
    pub movetime: Option<u64>,
    /// A game record to continue.
    pub record: Option<String>,
    /// A time control, minutes + seconds a move (`5+3`); none by default.
    pub clock: Option<String>,
    /// The creator's name, shown to the other player and in the record.
    pub name: Option<String>,
    /// A game between people made "casual, hints allowed": the engine's
    /// hints are open to both players while it is played, and each is
    /// shown to both (issue 57). Default false.
    pub hints: Option<bool>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Created {
    pub id: String,
    /// The creator's token: it plays `sides`.
    pub token: String,
    pub sides: Vec<usize>,
    /// A remote game's invitation for the other seat.
    pub invite: Option<String>,
    /// What was wrong with a loaded record (the moves before were kept).
    pub note: Option<String>,
    pub state: Value,
}

#[derive(Clone, Debug, Serialize)]
pub struct Joined {
    pub token: String,
    pub sides: Vec<usize>,
    pub state: Value,
}

/// A player's action on a game.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum Action {
    /// A move as typed or as the legal list gives it; `ply`, when given,
    /// must be the number of moves played so far (a move sent twice is
    /// refused the second time).
    Move {
        r#move: String,
        ply: Option<usize>,
    },
    Undo,
    Resign,
    /// Offer a draw, or accept the other side's offer.
    Draw,
    /// Decline the other side's offer: `offer` says which, `draw` or
    /// `takeback`; without it, a takeback request open to this seat, else
    /// the draw offer.
    Decline {
        #[serde(default)]
        offer: Option<Offer>,
    },
    /// In a remote game: ask to take back your last move (with the reply
    /// to it when it is your turn again), or accept the other side's
    /// request.
    Takeback,
    /// After the game: offer a new one with colours swapped, or accept
    /// the other side's offer.
    Rematch,
    /// Takes back every move after the first `ply` (play on from a
    /// position under review); not in remote games.
    Back {
        ply: usize,
    },
}

/// What a decline answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Offer {
    Draw,
    Takeback,
}

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
    fn in_time(&self) -> Result<(), ApiError> {
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(ApiError::new(
                axum::http::StatusCode::REQUEST_TIMEOUT,
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

pub const DEFAULT_MOVETIME: u64 = 1000;
const MOVETIME_RANGE: std::ops::RangeInclusive<u64> = 50..=60_000;

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
        })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The games' database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Games in memory.
    pub fn games_in_memory(&self) -> usize {
        self.games.len()
    }

    fn hash_mb(&self) -> usize {
        self.engines.hash_mb()
    }

    pub fn create(self: &Arc<Hub>, req: NewGame) -> Result<Created, ApiError> {
        self.create_as(req, Caller::default())
    }

    /// Creates a game for `caller` (see [`Hub::create`]).
    pub fn create_as(self: &Arc<Hub>, req: NewGame, caller: Caller) -> Result<Created, ApiError> {
        if let Some(record) = &req.record {
            check_record(record)?;
        }
        let record_game = req
            .record
            .as_deref()
            .and_then(chess3d_play::session::record_game);
        let game = match (req.game, record_game) {
            (Some(g), Some(r)) if g != r => {
                return Err(ApiError::bad(format!(
                    "the record is a game of '{}', not '{}'",
                    r.escape_debug(),
                    g.escape_debug()
                )))
            }
            (Some(g), _) | (None, Some(g)) => g,
            (None, None) => {
                return Err(ApiError::bad(
                    "which game? give \"game\" (see /api/v1/variants)",
                ))
            }
        };
        if !table::is_game(&game) {
            return Err(ApiError::bad(format!(
                "unknown game '{}' (games: {})",
                game.escape_debug(),
                table::game_ids().join(", ")
            )));
        }
        let mode = req.mode.unwrap_or(Mode::Local);
        let side = req.side.unwrap_or(0);
        if side > 1 {
            return Err(ApiError::bad("side is 0 (the first to move) or 1"));
        }
        let skill = req.skill.unwrap_or(20);
        if skill > 20 {
            return Err(ApiError::bad("skill is 0 to 20"));
        }
        let movetime = req.movetime.unwrap_or(DEFAULT_MOVETIME);
        if !MOVETIME_RANGE.contains(&movetime) {
            return Err(ApiError::bad(format!(
                "movetime is {} to {} milliseconds",
                MOVETIME_RANGE.start(),
                MOVETIME_RANGE.end()
            )));
        }
        let token = new_secret();
        let human = |token: Option<&str>, invite: Option<&str>| SeatRow {
            player: "human".into(),
            skill,
            movetime,
            token_hash: token.map(digest),
            invite_hash: invite.map(digest),
        };
        let mut invite = None;
        let seats: [SeatRow; 2] = std::array::from_fn(|i| match mode {
            Mode::Local => human(Some(&token), None),
            Mode::Computer if i == side => human(Some(&token), None),
            Mode::Computer => SeatRow {
                player: "engine".into(),
                ..human(None, None)
            },
            Mode::Remote if i == side => human(Some(&token), None),
            Mode::Remote => {
                let code = new_secret();
                let seat = human(None, Some(&code));
                invite = Some(code);
                seat
            }
        });
        let control = match req.clock.as_deref() {
            Some(text) => TimeControl::parse(text).map_err(ApiError::bad)?,
            None => None,
        };
        let name = check_name(req.name.as_deref())?;
        let hash = self.hash_mb();
        let (mut table, note) = match &req.record {
            Some(text) => table::table_from_record(&game, text, play_seats(&seats, hash))
                .map_err(|e| ApiError::bad(format!("cannot load the record: {e:#}")))?,
            None => (
                table::new_table(&game, play_seats(&seats, hash))
                    .map_err(|e| ApiError::bad(e.to_string()))?,
                None,
            ),
        };
        // A record's names are names like any other.
        for (side, tag) in ["White", "Black"].into_iter().enumerate() {
            let names = table.names();
            check_name(Some(&names[side]))
                .map_err(|e| ApiError::bad(format!("the record's {tag} tag: {}", e.message)))?;
        }
        if req.record.is_none() || control.is_some() {
            table.set_clock(control);
        }
        // A loaded record's clocks run on from its last move.
        table.resume_clock();
        if name.is_some() {
            table.set_name(side_of(side), name);
        }
        let mut inner = Inner::new(table, seats, 0, note.clone());
        inner.extra.hints_allowed = req.hints.unwrap_or(false) && mode != Mode::Computer;
        if mode == Mode::Computer {
            inner.reserved = Some(self.reserve_engine(caller.client)?);
        }
        let timed = match inner.table.clock() {
            Some(_) => self.count_timed(caller.client)?,
            None => None,
        };
        caller.in_time()?;
        inner.owner = caller.client;
        let live = self.open_new(game, mode, inner, timed)?;
        let sides = live.sides_of(&live.lock(), Some(&token))?;
        Ok(Created {
            id: live.id.clone(),
            token,
            sides,
            invite,
            note,
            state: live.current_state(),
        })
    }

    /// A new game under a fresh id: stored, in memory, the engine started
    /// if it is to move, the clock watched.
    fn open_new(
        self: &Arc<Hub>,
        game: String,
        mode: Mode,
        inner: Inner,
        timed: Option<crate::limits::Held<IpAddr>>,
    ) -> Result<Arc<Live>, ApiError> {
        // 96 random bits (24 hex digits; games made before issue 54 have
        // 12, and still open): an id is not guessed, and one taken already
        // is refused by the database rather than overwritten.
        let id = new_secret()[..24].to_string();
        let live = Live::new(id, game, mode, inner, timed);
        let mut inner = live.lock();
        if self.save(&live, &inner, None)? == Saved::Stale {
            return Err(ApiError::internal(format!(
                "the new game's id {} is taken: create it again",
                live.id
            )));
        }
        self.games.insert(Arc::clone(&live));
        self.kick(&live, &mut inner);
        // The engine's place, if the engine was not to move, is given back.
        inner.reserved = None;
        self.watch_clock(&live, &mut inner);
        live.announce(&inner);
        drop(inner);
        Ok(live)
    }

    /// The game `id`, from memory or from the database. Reads the database:
    /// call it on a blocking thread.
    pub fn get(self: &Arc<Hub>, id: &str) -> Result<Arc<Live>, ApiError> {
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
        let unknown = || ApiError::not_found(format!("no game '{}'", id.escape_debug()));
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
    fn restored(&self, row: crate::store::GameRow) -> Result<Inner, ApiError> {
        let id = &row.id;
        let (mut table, damage) = table::table_from_record(
            &row.game,
            &row.record,
            play_seats(&row.seats, self.hash_mb()),
        )
        .map_err(|e| ApiError::internal(format!("game {id} cannot be restored: {e:#}")))?;
        if let Some(damage) = damage {
            // Never cut a stored game short (and then store it cut).
            return Err(ApiError::internal(format!(
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
    fn resume(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) {
        self.kick(live, inner);
        self.watch_clock(live, inner);
        if let Some(side) = inner.table.draw_offer() {
            if inner.seats[side.other().index()].is_engine() {
                let version = inner.version;
                self.engine_answers_draw(live, inner, side.other(), version);
            }
        }
    }

    /// Where a lone piece would go on game `id`'s board (the legend's "how
    /// it moves"): its moves and its captures, as cell names.
    pub fn reach(
        self: &Arc<Hub>,
        id: &str,
        letter: char,
        side: usize,
        cell: &str,
    ) -> Result<(Vec<String>, Vec<String>), ApiError> {
        let live = self.get(id)?;
        let inner = live.lock();
        inner
            .table
            .reach(letter, side_of(side), cell)
            .map_err(|e| ApiError::bad(e.to_string()))
    }

    /// Where the piece on `cell` of game `id`, of the side waiting for its
    /// turn, may be premoved; with the version of the game it was asked of.
    pub fn premoves(
        self: &Arc<Hub>,
        id: &str,
        cell: &str,
    ) -> Result<(u64, crate::premoves::Premoves), ApiError> {
        let live = self.get(id)?;
        let inner = live.lock();
        let premoves = inner
            .table
            .premoves(cell)
            .map_err(|e| ApiError::conflict(e.to_string()))?;
        Ok((inner.version, premoves))
    }

    /// Claims a remote game's open seat with its invitation.
    pub fn join(
        self: &Arc<Hub>,
        id: &str,
        invite: &str,
        name: Option<&str>,
    ) -> Result<Joined, ApiError> {
        self.join_as(id, invite, name, Caller::default())
    }

    /// Joins for `caller` (see [`Hub::join`]).
    pub fn join_as(
        self: &Arc<Hub>,
        id: &str,
        invite: &str,
        name: Option<&str>,
        caller: Caller,
    ) -> Result<Joined, ApiError> {
        let name = check_name(name)?;
        let (live, (token, i)) = self.on_game(id, caller, |live, inner| {
            let Some(i) = (0..2).find(|&i| inner.seats[i].invite_hash.is_some()) else {
                return Err(ApiError::conflict("this game has no open seat to join"));
            };
            if !inner.seats[i].invited_by(invite) {
                return Err(ApiError::new(
                    axum::http::StatusCode::FORBIDDEN,
                    "this invitation is not the game's",
                ));
            }
            let token = new_secret();
            let before = inner.snapshot();
            inner.seats[i].invite_hash = None;
            inner.seats[i].token_hash = Some(digest(&token));
            if name.is_some() {
                inner.table.set_name(side_of(i), name.clone());
            }
            let note = inner.note.clone();
            self.changed(live, inner, note, before)?;
            Ok((token, i))
        })?;
        Ok(Joined {
            token,
            sides: vec![i],
            state: live.current_state(),
        })
    }

    /// The seat `token` holds (a resume link opened on another device).
    pub fn seat(self: &Arc<Hub>, id: &str, token: &str) -> Result<Joined, ApiError> {
        let (live, sides) = self.on_game(id, Caller::default(), |live, inner| {
            live.sides_of(inner, Some(token))
        })?;
        Ok(Joined {
            token: token.to_string(),
            sides,
            state: live.current_state(),
        })
    }

    /// Does `action` for the player holding `token`; the new state.
    pub fn act(
        self: &Arc<Hub>,
        id: &str,
        token: Option<&str>,
        action: Action,
    ) -> Result<Value, ApiError> {
        self.act_as(id, token, action, Caller::default())
    }

    /// Does `action` for `caller` (see [`Hub::act`]).
    pub fn act_as(
        self: &Arc<Hub>,
        id: &str,
        token: Option<&str>,
        action: Action,
        caller: Caller,
    ) -> Result<Value, ApiError> {
        let (live, ()) = self.on_game(id, caller, |live, inner| {
            let done = self.act_on(live, inner, token, action.clone(), caller);
            // A place reserved for an engine turn the action did not start
            // is given back.
            inner.reserved = None;
            done
        })?;
        Ok(live.current_state())
    }

    fn act_on(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        token: Option<&str>,
        action: Action,
        caller: Caller,
    ) -> Result<(), ApiError> {
        let sides = live.sides_of(inner, token)?;
        // An action that may start an engine turn (a move, a take-back or
        // a rematch handing it the turn, a draw offer it answers) takes a
        // place in the client's share of the engine first.
        let engine_plays = inner.seats.iter().any(SeatRow::is_engine);
        if engine_plays
            && !matches!(
                action,
                Action::Resign | Action::Decline { .. } | Action::Takeback
            )
        {
            inner.reserved = Some(self.reserve_engine(caller.client)?);
        }
        // A timed game loaded from the database whose clock has not started
        // counts toward the limit of the client whose action starts it.
        let waiting_clock = inner.table.clock().is_some_and(|c| c.running.is_none());
        if waiting_clock && inner.table.result().is_none() {
            let mut timed = lock(&live.timed);
            if timed.is_none() {
                *timed = self.count_timed(caller.client)?;
            }
        }
        inner.owner = caller.client;
        // A flag that fell since the last change ends the game first.
        self.flag_fall(live, inner);
        let to_move = inner.table.side_to_move();
        let name = |s: Side| table::game_names(&live.game).map_or("?", |n| n.1[s.index()]);
        // The side a player acts for: the side to move if theirs, else
        // their only side.
        let acting = if sides.contains(&to_move.index()) {
            to_move
        } else {
            side_of(sides[0])
        };
        let over = inner.table.result();
        let before = inner.snapshot();
        let mut note = None;
        // The engine's side, when it is to answer a draw offer.
        let mut engine_answers = None;
        match action {
            Action::Move { r#move, ply } => {
                still_on(&over)?;
                if !sides.contains(&to_move.index()) {
                    return Err(ApiError::conflict(format!(
                        "it is {}'s turn, and this seat plays {}",
                        name(to_move),
                        name(acting)
                    )));
                }
                if let Some(ply) = ply {
                    if ply != inner.table.ply() {
                        return Err(ApiError::conflict(format!(
                            "the move is for ply {ply} but {} moves have been played",
                            inner.table.ply()
                        )));
                    }
                }
                inner.table.play(&r#move).map_err(|e| {
                    ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
                })?;
                // A move withdraws a takeback request (or answers it no).
                inner.extra.takeback_offer = None;
            }
            Action::Undo => {
                if live.mode == Mode::Remote {
                    return Err(ApiError::conflict(
                        "moves are not taken back at will in a remote game: ask the other player (Ask to take back)",
                    ));
                }
                still_on(&over)?;
                inner
                    .table
                    .undo()
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
            }
            Action::Resign => {
                inner
                    .table
                    .resign(acting)
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
            }
            Action::Draw => {
                // A player holding both seats offers for the side to move
                // and accepts for the other.
                let by = match inner.table.draw_offer() {
                    Some(offer) if sides.contains(&offer.other().index()) => offer.other(),
                    _ => acting,
                };
                let agreed = inner
                    .table
                    .offer_draw(by)
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
                if !agreed {
                    let other = by.other();
                    if inner.seats[other.index()].is_engine() {
                        engine_answers = Some(other);
                    }
                    note = Some(format!("{} offers a draw", name(by)));
                }
            }
            Action::Decline { offer } => {
                still_on(&over)?;
                if offer != Some(Offer::Draw) {
                    if let Some(said) = takeback::decline(live, inner, &sides) {
                        self.changed(live, inner, Some(said), before)?;
                        return Ok(());
                    }
                    if offer == Some(Offer::Takeback) {
                        return Err(ApiError::conflict(
                            "no takeback request for this seat to decline",
                        ));
                    }
                }
                let by = match inner.table.draw_offer() {
                    Some(offer) => offer.other(),
                    None => acting,
                };
                if !sides.contains(&by.index()) {
                    return Err(ApiError::conflict("no draw offer for this seat to decline"));
                }
                inner
                    .table
                    .decline_draw(by)
                    .map_err(|e| ApiError::conflict(e.to_string()))?;
                note = Some(format!("{} declines the draw", name(by)));
            }
            Action::Takeback => {
                note = Some(takeback::ask_or_accept(live, inner, &sides, acting)?);
            }
            Action::Back { ply } => {
                if live.mode == Mode::Remote {
                    return Err(ApiError::conflict(
                        "moves are not taken back at will in a remote game: ask the other player (Ask to take back)",
                    ));
                }
                still_on(&over)?;
                note = Some(
                    inner
                        .table
                        .back_to(ply)
                        .map_err(|e| ApiError::conflict(e.to_string()))?,
                );
            }
            Action::Rematch => {
                if over.is_none() {
                    return Err(ApiError::conflict(
                        "a rematch is offered once the game is over",
                    ));
                }
                if let Some(next) = &inner.rematch {
                    return Err(ApiError::conflict(format!("the rematch is game {next}")));
                }
                let other = acting.other();
                // The other seat answers at once when it is the engine's or
                // this player's own.
                let agreed = inner.rematch_offer == Some(other)
                    || inner.seats[other.index()].is_engine()
                    || sides.contains(&other.index());
                if agreed {
                    let next = self.open_rematch(live, inner)?;
                    inner.rematch = Some(next);
                    inner.rematch_offer = None;
                    note = Some("rematch agreed: a new game with colours swapped".to_string());
                } else if inner.rematch_offer == Some(acting) {
                    return Err(ApiError::conflict(format!(
                        "{} has offered a rematch already",
                        name(acting)
                    )));
                } else {
                    inner.rematch_offer = Some(acting);
                    note = Some(format!("{} offers a rematch", name(acting)));
                }
            }
        }
        self.changed(live, inner, note, before)?;
        if let Some(side) = engine_answers {
            // Queued after the change, which would otherwise drop it.
            let version = inner.version;
            self.engine_answers_draw(live, inner, side, version);
        }
        Ok(())
    }

    /// Unloads idle games from memory (see [`Config::unload_after`]) and
    /// deletes games unchanged for [`Config::expire_after`] from the
    /// database; the numbers of each. Takes locks: call it on a blocking
    /// thread.
    pub fn sweep(&self) -> Result<(usize, usize), ApiError> {
        let unloaded = self.games.unload_idle(self.config.unload_after.as_secs());
        let expired = self
            .store
            .delete_unchanged_since(
                crate::live::now_secs().saturating_sub(self.config.expire_after.as_secs()),
            )
            .map_err(|e| ApiError::internal(format!("cannot expire old games: {e:#}")))?;
        for id in &expired {
            self.games.remove(id);
        }
        Ok((unloaded, expired.len()))
    }

    /// Stores the game: a new one (`previous` none), or a change made from
    /// version `previous`.
    fn save(&self, live: &Live, inner: &Inner, previous: Option<u64>) -> Result<Saved, ApiError> {
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
    fn changed(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        note: Option<String>,
        before: Snapshot,
    ) -> Result<(), ApiError> {
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
            Ok(Saved::Stale) => Err(ApiError::conflict(
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
        stored
    }

    /// A change's write (`row`, made from version `previous`) whose answer
    /// was lost: the stored game, read once any write of it has ended,
    /// says whether it was stored (Ok) or not (503). When it cannot be
    /// read, the outcome is unknown (504): the copy in memory is read
    /// again before its next use.
    fn settle(
        &self,
        live: &Live,
        row: &GameRow,
        previous: u64,
        lost: anyhow::Error,
    ) -> Result<(), ApiError> {
        let id = &live.id;
        match self.store.load_settled(id) {
            Ok(Some(stored))
                if stored.version == row.version
                    && stored.record == row.record
                    && stored.seats == row.seats =>
            {
                Ok(())
            }
            Ok(Some(stored)) if stored.version == previous => Err(ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "cannot store game {id}: the database did not answer in time ({lost:#}), \
                     and the change was not stored; try again in a moment"
                ),
            )),
            Ok(Some(_)) | Err(_) => {
                // Newer than the change (another server's after it, or
                // instead of it), or not to be read: which is unknown.
                // Never a 4xx either, which would have the change done
                // again on the stored game.
                live.unsure.store(true, Ordering::Relaxed);
                Err(ApiError::new(
                    axum::http::StatusCode::GATEWAY_TIMEOUT,
                    UNSURE,
                ))
            }
            Ok(None) => Err(ApiError::not_found(format!(
                "game {id} is no longer stored"
            ))),
        }
    }

    /// The rematch of a finished game: same game, start, options and time
    /// control, colours swapped (each token plays the other side), the
    /// engine's settings kept. Its id.
    fn open_rematch(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
    ) -> Result<String, ApiError> {
        let mut seats = inner.seats.clone();
        seats.swap(0, 1);
        for seat in &mut seats {
            seat.invite_hash = None;
        }
        let table = inner.table.rematch(play_seats(&seats, self.hash_mb()));
        let mut fresh = Inner::new(table, seats, 0, None);
        fresh.owner = inner.owner;
        fresh.extra.hints_allowed = inner.extra.hints_allowed;
        // The engine's place the rematch action reserved is the new game's.
        fresh.reserved = inner.reserved.take();
        let next = self.open_new(live.game.clone(), live.mode, fresh, None)?;
        Ok(next.id.clone())
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
fn store_error(e: anyhow::Error, what: &str) -> ApiError {
    if crate::store::is_unavailable(&e) {
        ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "{what}: the games' database cannot be reached now ({e:#}); try again in a moment"
            ),
        )
    } else {
        ApiError::internal(format!("{what}: {e:#}"))
    }
}

/// A change the engine or a clock made that could not be stored: said in
/// the server's log, unless another server's change came first (a race
/// the game lost, not a fault).
fn report(id: &str, e: &ApiError) {
    if e.status != axum::http::StatusCode::CONFLICT {
        eprintln!("game {id}: {e}");
    }
}
