//! Open challenges: posted by a player (or anonymously, casual only),
//! listed in every lobby, accepted by one other, which starts the game
//! at once for both; withdrawn by their creator, or when the creator has
//! left (see [`super::Lobby::look`]).

use std::net::IpAddr;

use rand::RngExt;
use serde::Deserialize;

use super::{ratings, Lobby};
use crate::error::GameError;
use crate::seats::new_secret;
use crate::store::lobby::{self as rows, ChallengeRow};
use crate::store::LobbyTerms;

/// `POST /challenges`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    pub game: Option<String>,
    /// Default false (casual).
    pub rated: Option<bool>,
    /// `white`, `black` or `random` (default): the creator's side.
    pub side: Option<String>,
    /// A time control, `5+3`; none: untimed.
    pub clock: Option<String>,
    /// The creator's player key; none: an anonymous casual challenge.
    pub key: Option<String>,
    /// The creator's name, checked against the key's when given.
    pub name: Option<String>,
    /// The ratings (in this game) an opponent must have, inclusive.
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
}

/// Who asks about a challenge: a player key, the creator's seat token,
/// and optionally the name the key must be.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub key: Option<String>,
    pub token: Option<String>,
    pub name: Option<String>,
}

/// What a challenge's ratings are checked and shown against: a player
/// without a rating in the game has the starting one.
fn rating_in(db: &mut dyn crate::store::sql::Sql, name: &str, game: &str) -> anyhow::Result<f64> {
    Ok(rows::rating(db, name, game)?
        .unwrap_or_else(ratings::starting)
        .rating)
}

impl Lobby {
    /// Posts a challenge for `client`: its id and the creator's seat
    /// token in the game to come (keep it: it plays the game, and it
    /// cancels the challenge).
    pub fn post(&self, req: NewChallenge, client: IpAddr) -> Result<(String, String), GameError> {
        let game = req
            .game
            .ok_or_else(|| GameError::bad("which game? give \"game\" (see /api/v1/variants)"))?;
        if !crate::table::is_game(&game) {
            return Err(GameError::bad(format!(
                "unknown game '{}' (games: {})",
                game.escape_debug(),
                crate::table::game_ids().join(", ")
            )));
        }
        let side = req.side.unwrap_or_else(|| "random".into());
        if !matches!(side.as_str(), "white" | "black" | "random") {
            return Err(GameError::bad("side is \"white\", \"black\" or \"random\""));
        }
        let clock = match req.clock.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => chess3d_play::clock::TimeControl::parse(text)
                .map_err(GameError::bad)?
                .map(|_| text.to_string()),
        };
        let rated = req.rated.unwrap_or(false);
        let name = match req.key.as_deref() {
            Some(key) => Some(self.player_of(key, req.name.as_deref())?),
            None if rated => {
                return Err(GameError::unauthorized(
                    "a rated challenge is a player's: register a name (POST /api/v1/players) \
                     and send its key",
                ))
            }
            None => None,
        };
        if let (Some(low), Some(high)) = (req.min_rating, req.max_rating) {
            if low > high {
                return Err(GameError::bad("min_rating is above max_rating"));
            }
        }
        let now = crate::live::now_ms() as i64;
        let (id, token) = (new_secret()[..16].to_string(), new_secret());
        let mut row = ChallengeRow {
            id: id.clone(),
            game,
            clock,
            side,
            rated,
            name,
            rating: None,
            min_rating: req.min_rating,
            max_rating: req.max_rating,
            client: crate::limits::client_key(client).to_string(),
            token: token.clone(),
            created: now,
            seen: now,
            game_id: None,
            white: None,
            black: None,
            white_rating: None,
            black_rating: None,
            accepted: None,
        };
        let most = self.hub.config().challenges_per_client as i64;
        let posted = self.db("cannot post the challenge", move |db| {
            if let Some(name) = &row.name {
                row.rating = Some(rating_in(db, name, &row.game)?);
            }
            rows::add_challenge(db, &row, most)
        })?;
        if !posted {
            return Err(GameError::too_many(format!(
                "{most} open challenges from one address at most: cancel one first"
            )));
        }
        self.poke();
        Ok((id, token))
    }

    /// The challenge `id`, or 404.
    fn challenge(&self, id: &str) -> Result<ChallengeRow, GameError> {
        let asked = id.to_string();
        self.db("cannot read the challenge", move |db| {
            rows::challenge(db, &asked)
        })?
        .ok_or_else(|| {
            GameError::not_found(format!(
                "no open challenge '{}' (accepted and over, cancelled, or its creator left)",
                id.escape_debug()
            ))
        })
    }

    /// Accepts challenge `id` as `who` (a player key, or nobody for an
    /// anonymous player of a casual challenge): the game starts. Its id
    /// and the acceptor's seat token.
    pub fn accept(&self, id: &str, who: &Credentials) -> Result<(String, String), GameError> {
        let c = self.challenge(id)?;
        if c.game_id.is_some() {
            return Err(GameError::conflict(
                "this challenge has been accepted already",
            ));
        }
        let acceptor = match who.key.as_deref() {
            Some(key) => Some(self.player_of(key, who.name.as_deref())?),
            None if c.rated => {
                return Err(GameError::unauthorized(
                    "a rated challenge is accepted by a player: register a name \
                     (POST /api/v1/players) and send its key",
                ))
            }
            None => None,
        };
        if let (Some(a), Some(b)) = (&acceptor, &c.name) {
            if rows::fold(a) == rows::fold(b) {
                return Err(GameError::conflict("this is your own challenge"));
            }
        }
        let (game, named) = (c.game.clone(), acceptor.clone());
        let acceptor_rating = self.db("cannot read the ratings", move |db| match &named {
            Some(name) => Ok(Some(rating_in(db, name, &game)?)),
            None => Ok(None),
        })?;
        let shown = acceptor_rating.unwrap_or(ratings::starting().rating);
        if c.min_rating.is_some_and(|low| shown < low as f64)
            || c.max_rating.is_some_and(|high| shown > high as f64)
        {
            return Err(GameError::forbidden(format!(
                "this challenge is for ratings {} to {}; yours in this game is {}",
                c.min_rating.map_or("any".into(), |r| r.to_string()),
                c.max_rating.map_or("any".into(), |r| r.to_string()),
                shown.round()
            )));
        }
        let creator_white = match c.side.as_str() {
            "white" => true,
            "black" => false,
            _ => rand::rng().random::<bool>(),
        };
        let token = new_secret();
        let (tokens, players, ratings) = if creator_white {
            (
                [c.token.as_str(), token.as_str()],
                [c.name.clone(), acceptor.clone()],
                [c.rating, acceptor_rating],
            )
        } else {
            (
                [token.as_str(), c.token.as_str()],
                [acceptor.clone(), c.name.clone()],
                [acceptor_rating, c.rating],
            )
        };
        let terms = LobbyTerms {
            rated: c.rated,
            players: players.clone(),
            ratings,
        };
        // The game first: once the challenge says accepted, its game is
        // there for the creator to open. A game whose challenge another
        // acceptor took meanwhile is nobody's, and expires.
        let game_id = self
            .hub
            .open_lobby_game(&c.game, c.clock.as_deref(), tokens, terms)?;
        let accepted = ChallengeRow {
            game_id: Some(game_id.clone()),
            white: players[0].clone(),
            black: players[1].clone(),
            white_rating: ratings[0],
            black_rating: ratings[1],
            accepted: Some(crate::live::now_ms() as i64),
            ..c
        };
        let taken = self.db("cannot accept the challenge", move |db| {
            rows::accept(db, &accepted)
        })?;
        if !taken {
            return Err(GameError::conflict(
                "someone else accepted this challenge (or it was cancelled) just now",
            ));
        }
        self.poke();
        Ok((game_id, token))
    }

    /// Whether `who` is challenge `c`'s creator: its player's key, or the
    /// seat token its post gave.
    fn is_creator(&self, c: &ChallengeRow, who: &Credentials) -> Result<(), GameError> {
        if who.token.as_deref().is_some_and(|t| holds_token(c, t)) {
            return Ok(());
        }
        if let (Some(key), Some(name)) = (&who.key, &c.name) {
            let player = self.player_of(key, who.name.as_deref())?;
            if rows::fold(&player) == rows::fold(name) {
                return Ok(());
            }
        }
        if who.key.is_none() && who.token.is_none() {
            return Err(GameError::unauthorized(
                "say who you are: the creator's \"key\" or the challenge's \"token\"",
            ));
        }
        Err(GameError::forbidden("this challenge is someone else's"))
    }

    /// The creator's seat in the game of accepted challenge `id`.
    pub fn seat(&self, id: &str, who: &Credentials) -> Result<(String, String), GameError> {
        let c = self.challenge(id)?;
        self.is_creator(&c, who)?;
        match c.game_id {
            Some(game) => Ok((game, c.token)),
            None => Err(GameError::conflict(
                "nobody has accepted this challenge yet",
            )),
        }
    }

    /// Withdraws challenge `id`.
    pub fn cancel(&self, id: &str, who: &Credentials) -> Result<(), GameError> {
        let c = self.challenge(id)?;
        self.is_creator(&c, who)?;
        let asked = id.to_string();
        let cancelled = self.db("cannot cancel the challenge", move |db| {
            rows::cancel(db, &asked)
        })?;
        if !cancelled {
            return Err(GameError::conflict(
                "this challenge has been accepted already",
            ));
        }
        self.poke();
        Ok(())
    }

    /// Whether `token` is challenge `id`'s (a creator's socket saying
    /// which challenges are its own).
    pub fn owns(&self, id: &str, token: &str) -> bool {
        self.challenge(id).is_ok_and(|c| holds_token(&c, token))
    }
}

/// Whether `token` is challenge `c`'s creator's seat token (compared in
/// time that does not depend on where they differ).
fn holds_token(c: &ChallengeRow, token: &str) -> bool {
    crate::seats::matches(&crate::seats::digest(&c.token), token)
}
