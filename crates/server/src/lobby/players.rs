//! Players: a name and a secret key, no password nor e-mail. The key is
//! 128 random bits, given once and stored only as its digest (as seat
//! tokens are, `seats.rs`); a request names its player by its key.

use serde_json::{json, Value};

use super::{rounded, Lobby};
use crate::error::GameError;
use crate::seats::{digest, new_secret};
use crate::store::lobby;

/// Recent results a player's page lists.
const RECENT: i64 = 20;
/// Players a leaderboard lists.
const LEADERS: i64 = 50;

impl Lobby {
    /// `POST /players`: registers `name`; the name as kept and its key.
    pub fn register(&self, name: Option<&str>) -> Result<(String, String), GameError> {
        let name = crate::hub::check_player_name(name)?;
        let key = new_secret();
        let hash = digest(&key);
        let now = crate::live::now_secs() as i64;
        let stored = name.clone();
        let added = self.db("cannot register the player", move |db| {
            lobby::add_player(db, &stored, &hash, now)
        })?;
        if !added {
            return Err(GameError::conflict(format!(
                "the name '{name}' is taken: choose another"
            )));
        }
        Ok((name, key))
    }

    /// The player whose key is `key`; when the request names a player too
    /// (`name`), it must be that one.
    pub fn player_of(&self, key: &str, name: Option<&str>) -> Result<String, GameError> {
        let hash = digest(key);
        let player = self
            .db("cannot read the players", move |db| {
                lobby::player_of_key(db, &hash)
            })?
            .ok_or_else(|| GameError::unauthorized("no player has this key"))?;
        match name {
            Some(name) if lobby::fold(name) != lobby::fold(&player) => Err(GameError::forbidden(
                format!("this key is not {}'s", name.escape_debug()),
            )),
            _ => Ok(player),
        }
    }

    /// `GET /players/{name}`: ratings per game, recent results.
    pub fn profile(&self, name: &str) -> Result<Value, GameError> {
        let asked = name.to_string();
        let found = self.db("cannot read the player", move |db| {
            let Some(name) = lobby::player_named(db, &asked)? else {
                return Ok(None);
            };
            let ratings = lobby::ratings(db, &name)?;
            let results = lobby::results_of(db, &name, RECENT)?;
            Ok(Some((name, ratings, results)))
        })?;
        let Some((name, ratings, results)) = found else {
            return Err(GameError::not_found(format!(
                "no player is called '{}'",
                name.escape_debug()
            )));
        };
        let ratings: serde_json::Map<String, Value> = ratings
            .into_iter()
            .map(|(game, r)| {
                let shown = json!({
                    "rating": r.rating.round(),
                    "deviation": r.deviation.round(),
                    "games": r.games,
                });
                (game, shown)
            })
            .collect();
        let results: Vec<Value> = results
            .into_iter()
            .map(|r| {
                json!({
                    "id": r.game_id, "game": r.game, "white": r.white, "black": r.black,
                    "result": r.result, "rated": r.rated,
                    "white_rating": rounded(r.white_rating), "white_change": rounded(r.white_change),
                    "black_rating": rounded(r.black_rating), "black_change": rounded(r.black_change),
                    "ended": r.ended,
                })
            })
            .collect();
        Ok(json!({ "name": name, "ratings": ratings, "results": results }))
    }

    /// `GET /leaderboard/{game}`: the best-rated players whose deviation is
    /// under the server's threshold.
    pub fn leaderboard(&self, game: &str) -> Result<Value, GameError> {
        if !crate::table::is_game(game) {
            return Err(GameError::not_found(format!(
                "unknown game '{}'",
                game.escape_debug()
            )));
        }
        let (asked, most) = (game.to_string(), self.hub.config().leaderboard_deviation);
        let rows = self.db("cannot read the leaderboard", move |db| {
            lobby::leaderboard(db, &asked, most, LEADERS)
        })?;
        let players: Vec<Value> = rows
            .into_iter()
            .map(|(name, r)| {
                json!({ "name": name, "rating": r.rating.round(),
                        "deviation": r.deviation.round(), "games": r.games })
            })
            .collect();
        Ok(json!({ "game": game, "max_deviation": most, "players": players }))
    }
}
