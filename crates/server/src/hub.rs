//! Every game the server holds: creating and loading them, seats and their
//! tokens, the actions players take, the engine's turns, and the events
//! every watcher of a game receives. Each change is stored before it is
//! announced.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chess3d_core::Side;
use chess3d_play::session::Seat;
use chess3d_play::thinker::Thought;
use rand::RngExt;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::broadcast;

use crate::error::ApiError;
use crate::store::{GameRow, SeatRow, Store};
use crate::table::{self, Abort, Table, ENGINE_HASH_MB};

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
    fn as_str(self) -> &'static str {
        match self {
            Mode::Local => "local",
            Mode::Computer => "computer",
            Mode::Remote => "remote",
        }
    }
    fn parse(text: &str) -> Option<Mode> {
        [Mode::Local, Mode::Computer, Mode::Remote]
            .into_iter()
            .find(|m| m.as_str() == text)
    }
}

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
    /// Decline the other side's offer.
    Decline,
}

pub const DEFAULT_MOVETIME: u64 = 1000;
const MOVETIME_RANGE: std::ops::RangeInclusive<u64> = 50..=60_000;

/// The server's games.
pub struct Hub {
    store: Store,
    games: Mutex<HashMap<String, Arc<Live>>>,
}

/// A game in memory.
pub struct Live {
    pub id: String,
    game: String,
    mode: Mode,
    inner: Mutex<Inner>,
    events: broadcast::Sender<Arc<str>>,
}

struct Inner {
    table: Box<dyn Table>,
    seats: [SeatRow; 2],
    /// Counts changes: an engine's answer is for the version it started at.
    version: u64,
    thinking: Option<Thought>,
    /// The running engine search or draw answer, to stop on a change.
    job: Option<Abort>,
    /// The last thing the players should read (a declined draw).
    note: Option<String>,
}

/// A game as it was before a change, to go back to when the change cannot
/// be stored.
struct Snapshot {
    record: String,
    seats: [SeatRow; 2],
    draw_offer: Option<Side>,
    version: u64,
}

impl Inner {
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            record: self.table.record(),
            seats: self.seats.clone(),
            draw_offer: self.table.draw_offer(),
            version: self.version,
        }
    }

    /// Goes back to `before` (the table rebuilt from its record).
    fn restore(&mut self, game: &str, before: Snapshot) {
        if let Ok((mut table, _)) =
            table::table_from_record(game, &before.record, play_seats(&before.seats))
        {
            if let Some(side) = before.draw_offer {
                let _ = table.offer_draw(side);
            }
            self.table = table;
        }
        self.seats = before.seats;
        self.version = before.version;
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn secret() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

impl Hub {
    pub fn new(store: Store) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            games: Mutex::new(HashMap::new()),
        })
    }

    pub fn create(self: &Arc<Hub>, req: NewGame) -> Result<Created, ApiError> {
        let record_game = req
            .record
            .as_deref()
            .and_then(chess3d_play::session::record_game);
        let game = match (req.game, record_game) {
            (Some(g), Some(r)) if g != r => {
                return Err(ApiError::bad(format!(
                    "the record is a game of '{r}', not '{g}'"
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
                chess3d_games::AVAILABLE.join(", ")
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
        let token = secret();
        let human = |token: Option<String>, invite: Option<String>| SeatRow {
            player: "human".into(),
            skill,
            movetime,
            token,
            invite,
        };
        let mut invite = None;
        let seats: [SeatRow; 2] = std::array::from_fn(|i| match mode {
            Mode::Local => human(Some(token.clone()), None),
            Mode::Computer if i == side => human(Some(token.clone()), None),
            Mode::Computer => SeatRow {
                player: "engine".into(),
                ..human(None, None)
            },
            Mode::Remote if i == side => human(Some(token.clone()), None),
            Mode::Remote => {
                let code = secret();
                invite = Some(code.clone());
                human(None, Some(code))
            }
        });
        let (table, note) = match &req.record {
            Some(text) => table::table_from_record(&game, text, play_seats(&seats))
                .map_err(|e| ApiError::bad(format!("cannot load the record: {e:#}")))?,
            None => (
                table::new_table(&game, play_seats(&seats))
                    .map_err(|e| ApiError::bad(e.to_string()))?,
                None,
            ),
        };
        let id = loop {
            let id = secret()[..12].to_string();
            if self.store.load(&id).ok().flatten().is_none() {
                break id;
            }
        };
        let live = Arc::new(Live {
            id: id.clone(),
            game,
            mode,
            inner: Mutex::new(Inner {
                table,
                seats,
                version: 0,
                thinking: None,
                job: None,
                note: note.clone(),
            }),
            events: broadcast::channel(256).0,
        });
        {
            let mut inner = lock(&live.inner);
            live.save(self, &inner)?;
            self.kick(&live, &mut inner);
        }
        lock(&self.games).insert(id.clone(), Arc::clone(&live));
        let inner = lock(&live.inner);
        let sides = live.sides_of(&inner, Some(&token))?;
        let state = live.state(&inner);
        drop(inner);
        Ok(Created {
            id,
            token,
            sides,
            invite,
            note,
            state,
        })
    }

    /// The game `id`, from memory or from the database.
    pub fn get(self: &Arc<Hub>, id: &str) -> Result<Arc<Live>, ApiError> {
        if let Some(live) = lock(&self.games).get(id) {
            return Ok(Arc::clone(live));
        }
        let unknown = || ApiError::not_found(format!("no game '{}'", id.escape_debug()));
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(unknown());
        }
        let row = self
            .store
            .load(id)
            .map_err(|e| ApiError::internal(format!("cannot read game {id}: {e:#}")))?
            .ok_or_else(unknown)?;
        let (mut table, damage) =
            table::table_from_record(&row.game, &row.record, play_seats(&row.seats))
                .map_err(|e| ApiError::internal(format!("game {id} cannot be restored: {e:#}")))?;
        if let Some(damage) = damage {
            // Never cut a stored game short (and then store it cut).
            return Err(ApiError::internal(format!(
                "game {id} cannot be restored whole: {damage}"
            )));
        }
        let offer = row.draw_offer.map(|s| side_of(s as usize));
        if let Some(side) = offer {
            // An open offer is not in the record; restore it.
            let _ = table.offer_draw(side);
        }
        let mode = Mode::parse(&row.mode).unwrap_or(Mode::Local);
        let live = Arc::new(Live {
            id: row.id,
            game: row.game,
            mode,
            inner: Mutex::new(Inner {
                table,
                seats: row.seats,
                version: row.version,
                thinking: None,
                job: None,
                note: None,
            }),
            events: broadcast::channel(256).0,
        });
        let mut games = lock(&self.games);
        // Another request may have loaded it meanwhile.
        let live = Arc::clone(games.entry(id.to_string()).or_insert(live));
        drop(games);
        let mut inner = lock(&live.inner);
        self.kick(&live, &mut inner);
        if let Some(side) = offer {
            if inner.seats[side.other().index()].player == "engine" {
                let version = inner.version;
                self.engine_answers_draw(&live, &mut inner, side.other(), version);
            }
        }
        drop(inner);
        Ok(live)
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
        let inner = lock(&live.inner);
        inner
            .table
            .reach(letter, side_of(side), cell)
            .map_err(|e| ApiError::bad(e.to_string()))
    }

    /// Claims a remote game's open seat with its invitation.
    pub fn join(self: &Arc<Hub>, id: &str, invite: &str) -> Result<Joined, ApiError> {
        let live = self.get(id)?;
        let mut inner = lock(&live.inner);
        let Some(i) = (0..2).find(|&i| inner.seats[i].invite.is_some()) else {
            return Err(ApiError::conflict("this game has no open seat to join"));
        };
        if inner.seats[i].invite.as_deref() != Some(invite) {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "this invitation is not the game's",
            ));
        }
        let token = secret();
        let before = inner.snapshot();
        inner.seats[i].invite = None;
        inner.seats[i].token = Some(token.clone());
        inner.version += 1;
        if let Err(e) = live.save(self, &inner) {
            inner.restore(&live.game, before);
            return Err(e);
        }
        live.announce(&inner);
        Ok(Joined {
            token,
            sides: vec![i],
            state: live.state(&inner),
        })
    }

    /// Does `action` for the player holding `token`; the new state.
    pub fn act(
        self: &Arc<Hub>,
        id: &str,
        token: Option<&str>,
        action: Action,
    ) -> Result<Value, ApiError> {
        let live = self.get(id)?;
        let mut inner = lock(&live.inner);
        let sides = live.sides_of(&inner, token)?;
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
        match action {
            Action::Move { r#move, ply } => {
                if let Some((_, why)) = over {
                    return Err(ApiError::conflict(format!("the game is over ({why})")));
                }
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
            }
            Action::Undo => {
                if live.mode == Mode::Remote {
                    return Err(ApiError::conflict(
                        "moves cannot be taken back in a remote game",
                    ));
                }
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
                    if inner.seats[other.index()].player == "engine" {
                        let version = inner.version + 1;
                        self.engine_answers_draw(&live, &mut inner, other, version);
                    }
                    note = Some(format!("{} offers a draw", name(by)));
                }
            }
            Action::Decline => {
                if let Some((_, why)) = over {
                    return Err(ApiError::conflict(format!("the game is over ({why})")));
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
        }
        self.changed(&live, &mut inner, note, before)?;
        Ok(live.state(&inner))
    }

    /// After any change: stop a stale engine search, store, announce, and
    /// start the engine if it is to move. A change that cannot be stored is
    /// undone (the game goes back to `before`) and reported.
    fn changed(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        note: Option<String>,
        before: Snapshot,
    ) -> Result<(), ApiError> {
        if let Some(abort) = inner.job.take() {
            abort.store(true, Ordering::Relaxed);
        }
        inner.version += 1;
        inner.thinking = None;
        inner.note = note;
        let stored = live.save(self, inner);
        if stored.is_err() {
            inner.restore(&live.game, before);
        } else {
            live.announce(inner);
        }
        self.kick(live, inner);
        stored
    }

    /// Starts the engine's search if the engine is to move.
    fn kick(self: &Arc<Hub>, live: &Arc<Live>, inner: &mut Inner) {
        if inner.job.is_some() || inner.table.result().is_some() {
            return;
        }
        let side = inner.table.side_to_move();
        let Seat::Engine(engine) = &inner.table.seats()[side.index()] else {
            return;
        };
        let job = inner.table.search(engine.config, engine.limits.clone());
        let abort: Abort = Arc::new(AtomicBool::new(false));
        inner.job = Some(Arc::clone(&abort));
        let version = inner.version;
        let (hub, live) = (Arc::clone(self), Arc::clone(live));
        tokio::task::spawn_blocking(move || {
            let mut on_info = |t: Thought| live.thinking(version, t);
            let best = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                job(&abort, &mut on_info)
            }));
            let mut inner = lock(&live.inner);
            if inner.version != version || abort.load(Ordering::Relaxed) {
                return;
            }
            inner.job = None;
            let before = inner.snapshot();
            // A failed search or a refused move is shown, not retried (a
            // retry would fail the same way): undo or a restart goes on.
            let refused = match best {
                Ok(Some(text)) => inner
                    .table
                    .play(&text)
                    .err()
                    .map(|e| format!("the engine's move {text} was refused: {e}")),
                Ok(None) => Some("the engine found no move".to_string()),
                Err(_) => Some("the engine failed while searching".to_string()),
            };
            match refused {
                None => {
                    if let Err(e) = hub.changed(&live, &mut inner, None, before) {
                        eprintln!("game {}: {e}", live.id);
                    }
                }
                Some(why) => {
                    eprintln!("game {}: {why}", live.id);
                    inner.note = Some(why);
                    live.announce(&inner);
                }
            }
        });
    }

    /// The engine playing `side` answers a draw offer, if the game is still
    /// at `version` then.
    fn engine_answers_draw(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        side: Side,
        version: u64,
    ) {
        let job = inner.table.draw_job(side);
        let (hub, live) = (Arc::clone(self), Arc::clone(live));
        tokio::task::spawn_blocking(move || {
            let accepts = job();
            let mut inner = lock(&live.inner);
            if inner.version != version {
                return;
            }
            let before = inner.snapshot();
            let note = if accepts {
                inner.table.accept_draw(side).ok();
                "the engine accepts the draw"
            } else {
                inner.table.decline_draw(side).ok();
                "the engine declines the draw"
            };
            if let Err(e) = hub.changed(&live, &mut inner, Some(note.to_string()), before) {
                eprintln!("game {}: {e}", live.id);
            }
        });
    }
}

fn side_of(i: usize) -> Side {
    if i == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// The play crate's seats for stored seats.
fn play_seats(seats: &[SeatRow; 2]) -> [Seat; 2] {
    std::array::from_fn(|i| {
        let s = &seats[i];
        if s.player == "engine" {
            Seat::parse(
                &format!(
                    "engine:skill={},movetime={},hash={ENGINE_HASH_MB}",
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
    /// Watchers' events: each a JSON text.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.events.subscribe()
    }

    /// The state every watcher sees (no tokens in it).
    pub fn current_state(&self) -> Value {
        self.state(&lock(&self.inner))
    }

    pub fn record(&self) -> String {
        lock(&self.inner).table.record()
    }

    pub fn game(&self) -> &str {
        &self.game
    }

    /// The sides `token` plays.
    fn sides_of(&self, inner: &Inner, token: Option<&str>) -> Result<Vec<usize>, ApiError> {
        let token = token.filter(|t| !t.is_empty()).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::UNAUTHORIZED,
                "a seat token is needed (\"token\")",
            )
        })?;
        let sides: Vec<usize> = (0..2)
            .filter(|&i| inner.seats[i].token.as_deref() == Some(token))
            .collect();
        if sides.is_empty() {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                format!("this token holds no seat of game {}", self.id),
            ));
        }
        Ok(sides)
    }

    fn save(&self, hub: &Hub, inner: &Inner) -> Result<(), ApiError> {
        let row = GameRow {
            id: self.id.clone(),
            game: self.game.clone(),
            mode: self.mode.as_str().to_string(),
            record: inner.table.record(),
            seats: inner.seats.clone(),
            draw_offer: inner.table.draw_offer().map(|s| s.index() as u8),
            version: inner.version,
        };
        hub.store
            .save(&row)
            .map_err(|e| ApiError::internal(format!("cannot store game {}: {e:#}", self.id)))
    }

    fn announce(&self, inner: &Inner) {
        let mut state = self.state(inner);
        state["type"] = json!("state");
        let _ = self.events.send(Arc::from(state.to_string()));
    }

    fn thinking(&self, version: u64, t: Thought) {
        let mut inner = lock(&self.inner);
        if inner.version != version {
            return;
        }
        let event = json!({
            "type": "thinking",
            "version": version,
            "thinking": thinking_json(&t),
        });
        inner.thinking = Some(t);
        let _ = self.events.send(Arc::from(event.to_string()));
    }

    fn state(&self, inner: &Inner) -> Value {
        let (name, sides) = table::game_names(&self.game).unwrap_or(("?", ["?", "?"]));
        let seats: Vec<Value> = (0..2)
            .map(|i| {
                let s = &inner.seats[i];
                json!({
                    "player": s.player,
                    "label": inner.table.seats()[i].label(),
                    "taken": s.player == "engine" || s.token.is_some(),
                })
            })
            .collect();
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
            "draw_offer": inner.table.draw_offer().map(|s| s.index()),
            "note": inner.note,
            "thinking": inner.thinking.as_ref().map(thinking_json),
            "view": inner.table.view(),
        })
    }
}

fn thinking_json(t: &Thought) -> Value {
    json!({ "depth": t.depth, "summary": t.summary(), "line": t.pv })
}
