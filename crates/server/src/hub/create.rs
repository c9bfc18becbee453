//! New games: created from a request (a record, a clock, the engine's
//! settings checked), and a finished game's rematch.

use super::*;

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
    /// The game's options for a new game, by name (`{"wonkavator": true}`;
    /// see `/api/v1/variants`); the defaults otherwise. A record carries
    /// its own.
    pub options: Option<std::collections::BTreeMap<String, bool>>,
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

pub const DEFAULT_MOVETIME: u64 = 1000;
pub(super) const MOVETIME_RANGE: std::ops::RangeInclusive<u64> = 50..=60_000;

impl Hub {
    pub fn create(self: &Arc<Hub>, req: NewGame) -> Result<Created, GameError> {
        self.create_as(req, Caller::default())
    }

    /// Creates a game for `caller` (see [`Hub::create`]).
    pub fn create_as(self: &Arc<Hub>, req: NewGame, caller: Caller) -> Result<Created, GameError> {
        if let Some(record) = &req.record {
            check_record(record)?;
        }
        let record_game = req
            .record
            .as_deref()
            .and_then(chess3d_play::session::record_game);
        let game = match (req.game, record_game) {
            (Some(g), Some(r)) if g != r => {
                return Err(GameError::bad(format!(
                    "the record is a game of '{}', not '{}'",
                    r.escape_debug(),
                    g.escape_debug()
                )))
            }
            (Some(g), _) | (None, Some(g)) => g,
            (None, None) => {
                return Err(GameError::bad(
                    "which game? give \"game\" (see /api/v1/variants)",
                ))
            }
        };
        if !table::is_game(&game) {
            return Err(GameError::bad(format!(
                "unknown game '{}' (games: {})",
                game.escape_debug(),
                table::game_ids().join(", ")
            )));
        }
        let mode = req.mode.unwrap_or(Mode::Local);
        let side = req.side.unwrap_or(0);
        if side > 1 {
            return Err(GameError::bad("side is 0 (the first to move) or 1"));
        }
        let skill = req.skill.unwrap_or(20);
        if skill > 20 {
            return Err(GameError::bad("skill is 0 to 20"));
        }
        let movetime = req.movetime.unwrap_or(DEFAULT_MOVETIME);
        if !MOVETIME_RANGE.contains(&movetime) {
            return Err(GameError::bad(format!(
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
            Some(text) => TimeControl::parse(text).map_err(GameError::bad)?,
            None => None,
        };
        let name = check_name(req.name.as_deref())?;
        let hash = self.hash_mb();
        let options: Vec<(String, bool)> = req.options.unwrap_or_default().into_iter().collect();
        if req.record.is_some() && !options.is_empty() {
            return Err(GameError::bad(
                "a record carries its own options (its Options tag): give options only for a new \
                 game",
            ));
        }
        let (mut table, note) = match &req.record {
            Some(text) => table::table_from_record(&game, text, play_seats(&seats, hash))
                .map_err(|e| GameError::bad(format!("cannot load the record: {e:#}")))?,
            None => (
                table::new_table_with(&game, play_seats(&seats, hash), &options)
                    .map_err(|e| GameError::bad(e.to_string()))?,
                None,
            ),
        };
        // A record's names are names like any other.
        for (side, tag) in ["White", "Black"].into_iter().enumerate() {
            let names = table.names();
            check_name(Some(&names[side]))
                .map_err(|e| GameError::bad(format!("the record's {tag} tag: {}", e.message)))?;
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

    /// A game between two people who met in the lobby (issue 58): both
    /// seats taken, by the holders of `tokens` (White's, Black's), their
    /// names and the challenge's clock set. Its id.
    pub fn open_lobby_game(
        self: &Arc<Hub>,
        game: &str,
        clock: Option<&str>,
        tokens: [&str; 2],
        terms: crate::store::LobbyTerms,
    ) -> Result<String, GameError> {
        if !table::is_game(game) {
            return Err(GameError::bad(format!(
                "unknown game '{}'",
                game.escape_debug()
            )));
        }
        let control = match clock {
            Some(text) => TimeControl::parse(text).map_err(GameError::bad)?,
            None => None,
        };
        let seats: [SeatRow; 2] = std::array::from_fn(|i| SeatRow {
            player: "human".into(),
            skill: 20,
            movetime: DEFAULT_MOVETIME,
            token_hash: Some(digest(tokens[i])),
            invite_hash: None,
        });
        let mut table = table::new_table(game, play_seats(&seats, self.hash_mb()))
            .map_err(|e| GameError::bad(e.to_string()))?;
        table.set_clock(control);
        for (side, name) in terms.players.iter().enumerate() {
            if name.is_some() {
                table.set_name(side_of(side), name.clone());
            }
        }
        let mut inner = Inner::new(table, seats, 0, None);
        inner.extra.lobby = Some(terms);
        let live = self.open_new(game.to_string(), Mode::Remote, inner, None)?;
        Ok(live.id.clone())
    }

    /// A new game under a fresh id: stored, in memory, the engine started
    /// if it is to move, the clock watched.
    pub(super) fn open_new(
        self: &Arc<Hub>,
        game: String,
        mode: Mode,
        inner: Inner,
        timed: Option<crate::limits::Held<IpAddr>>,
    ) -> Result<Arc<Live>, GameError> {
        // 96 random bits (24 hex digits; games made before issue 54 have
        // 12, and still open): an id is not guessed, and one taken already
        // is refused by the database rather than overwritten.
        let id = new_secret()[..24].to_string();
        let live = Live::new(id, game, mode, inner, timed);
        let mut inner = live.lock();
        if self.save(&live, &inner, None)? == Saved::Stale {
            return Err(GameError::internal(format!(
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

    /// The rematch of a finished game: same game, start, options and time
    /// control, colours swapped (each token plays the other side), the
    /// engine's settings kept. Its id.
    pub(super) fn open_rematch(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
    ) -> Result<String, GameError> {
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
}
