//! The lobby's tables (issue 58): players and the digests of their keys,
//! ratings per player and game, open and accepted challenges, and the
//! results of lobby games. One SQL text serves both databases
//! ([`super::sql`]); every function here is a step of a transaction the
//! caller opens with [`super::Store::lobby`].

use anyhow::Result;

use super::sql::{Sql, V};

/// The tables, created by SQLite's seventh step and PostgreSQL's fourth.
pub const SCHEMA: &str = "
    CREATE TABLE players (
        name TEXT PRIMARY KEY,
        folded TEXT NOT NULL UNIQUE,
        key_hash TEXT NOT NULL UNIQUE,
        created BIGINT NOT NULL
    );
    CREATE TABLE ratings (
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (name, game)
    );
    CREATE INDEX ratings_game ON ratings (game, rating);
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        clock TEXT,
        side TEXT NOT NULL,
        rated BIGINT NOT NULL,
        name TEXT,
        rating DOUBLE PRECISION,
        min_rating BIGINT,
        max_rating BIGINT,
        client TEXT NOT NULL,
        token TEXT NOT NULL,
        created BIGINT NOT NULL,
        seen BIGINT NOT NULL,
        game_id TEXT UNIQUE,
        white TEXT,
        black TEXT,
        white_rating DOUBLE PRECISION,
        black_rating DOUBLE PRECISION,
        accepted BIGINT
    );
    CREATE TABLE results (
        game_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        white TEXT,
        black TEXT,
        result TEXT NOT NULL,
        rated BIGINT NOT NULL,
        white_rating DOUBLE PRECISION,
        white_change DOUBLE PRECISION,
        black_rating DOUBLE PRECISION,
        black_change DOUBLE PRECISION,
        ended BIGINT NOT NULL
    );
    CREATE INDEX results_white ON results (white, ended);
    CREATE INDEX results_black ON results (black, ended);
";

/// Who watches each lobby game on each server, which every server writes
/// for its own spectators and reads summed (SQLite's eighth step,
/// PostgreSQL's fifth).
pub const SPECTATORS_SCHEMA: &str = "
    CREATE TABLE spectators (
        game_id TEXT NOT NULL,
        server TEXT NOT NULL,
        count BIGINT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, server)
    );
";

/// Notes this server's spectators of each game (`here`, by game id) at
/// `now` (ms), forgets counts older than `stale` (a server gone), and
/// reads every game's spectators on all servers.
pub fn spectators(
    db: &mut dyn Sql,
    here: &[(String, i64)],
    now: i64,
    stale: i64,
) -> Result<std::collections::HashMap<String, i64>> {
    let server = db.server().to_string();
    let before = db.rows(
        "SELECT game_id, count FROM spectators WHERE server = ?1 ORDER BY game_id",
        &[server.as_str().into()],
    )?;
    db.exec(
        "DELETE FROM spectators WHERE server = ?1 OR at < ?2",
        &[server.as_str().into(), stale.into()],
    )?;
    let mut now_here: Vec<(String, i64)> = here.iter().filter(|(_, n)| *n > 0).cloned().collect();
    now_here.sort();
    let was: Vec<(String, i64)> = before
        .iter()
        .filter_map(|r| Some((r[0].text()?, r[1].int()?)))
        .collect();
    if was != now_here {
        // The other servers count them at once, not at their next look.
        db.announce_lobby()?;
    }
    for (game, count) in here.iter().filter(|(_, n)| *n > 0) {
        db.exec(
            "INSERT INTO spectators (game_id, server, count, at) VALUES (?1, ?2, ?3, ?4)",
            &[
                game.as_str().into(),
                server.as_str().into(),
                (*count).into(),
                now.into(),
            ],
        )?;
    }
    let rows = db.rows(
        "SELECT game_id, CAST(sum(count) AS BIGINT) FROM spectators GROUP BY game_id",
        &[],
    )?;
    Ok(rows
        .iter()
        .filter_map(|r| Some((r[0].text()?, r[1].int()?)))
        .collect())
}

/// A challenge: open until `game_id` is set (accepted), then the game's
/// entry in the list of games being played until its result is taken.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    pub id: String,
    pub game: String,
    /// A time control (`5+3`), or none.
    pub clock: Option<String>,
    /// `white`, `black` or `random`: the creator's.
    pub side: String,
    pub rated: bool,
    /// The creator's player name (none: anonymous).
    pub name: Option<String>,
    /// The creator's rating in this game when posted.
    pub rating: Option<f64>,
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
    /// The client (address) that posted it, for its limit.
    pub client: String,
    /// The creator's seat token in the game, once accepted.
    pub token: String,
    /// Milliseconds since 1970: posted, last seen with a socket, accepted.
    pub created: i64,
    pub seen: i64,
    pub game_id: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub white_rating: Option<f64>,
    pub black_rating: Option<f64>,
    pub accepted: Option<i64>,
}

const CHALLENGE_COLUMNS: &str = "id, game, clock, side, rated, name, rating, min_rating,
    max_rating, client, token, created, seen, game_id, white, black, white_rating,
    black_rating, accepted";

impl ChallengeRow {
    fn values(&self) -> Vec<V> {
        vec![
            self.id.as_str().into(),
            self.game.as_str().into(),
            self.clock.clone().into(),
            self.side.as_str().into(),
            self.rated.into(),
            self.name.clone().into(),
            self.rating.into(),
            self.min_rating.into(),
            self.max_rating.into(),
            self.client.as_str().into(),
            self.token.as_str().into(),
            self.created.into(),
            self.seen.into(),
            self.game_id.clone().into(),
            self.white.clone().into(),
            self.black.clone().into(),
            self.white_rating.into(),
            self.black_rating.into(),
            self.accepted.into(),
        ]
    }

    fn from_values(v: &[V]) -> ChallengeRow {
        ChallengeRow {
            id: v[0].text().unwrap_or_default(),
            game: v[1].text().unwrap_or_default(),
            clock: v[2].text(),
            side: v[3].text().unwrap_or_default(),
            rated: v[4].int() == Some(1),
            name: v[5].text(),
            rating: v[6].real(),
            min_rating: v[7].int(),
            max_rating: v[8].int(),
            client: v[9].text().unwrap_or_default(),
            token: v[10].text().unwrap_or_default(),
            created: v[11].int().unwrap_or(0),
            seen: v[12].int().unwrap_or(0),
            game_id: v[13].text(),
            white: v[14].text(),
            black: v[15].text(),
            white_rating: v[16].real(),
            black_rating: v[17].real(),
            accepted: v[18].int(),
        }
    }
}

/// A player's Glicko-2 rating in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games counted.
    pub games: i64,
}

/// A lobby game's end, as players' pages list it.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub game_id: String,
    pub game: String,
    pub white: Option<String>,
    pub black: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `aborted`.
    pub result: String,
    pub rated: bool,
    /// Each side's rating before the game, and its change (rated games).
    pub white_rating: Option<f64>,
    pub white_change: Option<f64>,
    pub black_rating: Option<f64>,
    pub black_change: Option<f64>,
    /// Seconds since 1970.
    pub ended: i64,
}

/// Adds a player; false when the name (in any case) or the key is taken.
pub fn add_player(db: &mut dyn Sql, name: &str, key_hash: &str, now: i64) -> Result<bool> {
    let added = db.exec(
        "INSERT INTO players (name, folded, key_hash, created) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING",
        &[name.into(), fold(name).into(), key_hash.into(), now.into()],
    )?;
    Ok(added == 1)
}

/// How names are compared: "Alice" and "alice" are one player.
pub fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// The player whose key has the digest `key_hash`.
pub fn player_of_key(db: &mut dyn Sql, key_hash: &str) -> Result<Option<String>> {
    let rows = db.rows(
        "SELECT name FROM players WHERE key_hash = ?1",
        &[key_hash.into()],
    )?;
    Ok(rows.first().and_then(|r| r[0].text()))
}

/// A player's name as registered, found in any case.
pub fn player_named(db: &mut dyn Sql, name: &str) -> Result<Option<String>> {
    let rows = db.rows(
        "SELECT name FROM players WHERE folded = ?1",
        &[fold(name).into()],
    )?;
    Ok(rows.first().and_then(|r| r[0].text()))
}

fn rating_of(v: &[V]) -> RatingRow {
    RatingRow {
        rating: v[0].real().unwrap_or(0.0),
        deviation: v[1].real().unwrap_or(0.0),
        volatility: v[2].real().unwrap_or(0.0),
        games: v[3].int().unwrap_or(0),
    }
}

/// Locks a player's row until the transaction ends (a write that changes
/// nothing: both databases lock the row it touches).
pub fn lock_player(db: &mut dyn Sql, name: &str) -> Result<()> {
    db.exec(
        "UPDATE players SET created = created WHERE name = ?1",
        &[name.into()],
    )?;
    Ok(())
}

/// A player's rating in `game`, if they have played it rated.
pub fn rating(db: &mut dyn Sql, name: &str, game: &str) -> Result<Option<RatingRow>> {
    let rows = db.rows(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE name = ?1 AND game = ?2",
        &[name.into(), game.into()],
    )?;
    Ok(rows.first().map(|r| rating_of(r)))
}

/// A player's ratings, by game.
pub fn ratings(db: &mut dyn Sql, name: &str) -> Result<Vec<(String, RatingRow)>> {
    let rows = db.rows(
        "SELECT rating, deviation, volatility, games, game FROM ratings WHERE name = ?1
         ORDER BY game",
        &[name.into()],
    )?;
    Ok(rows
        .iter()
        .map(|r| (r[4].text().unwrap_or_default(), rating_of(r)))
        .collect())
}

/// Stores a player's rating in `game`.
pub fn set_rating(db: &mut dyn Sql, name: &str, game: &str, r: RatingRow) -> Result<()> {
    db.exec(
        "INSERT INTO ratings (name, game, rating, deviation, volatility, games)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (name, game) DO UPDATE SET rating = ?3, deviation = ?4,
             volatility = ?5, games = ?6",
        &[
            name.into(),
            game.into(),
            r.rating.into(),
            r.deviation.into(),
            r.volatility.into(),
            r.games.into(),
        ],
    )?;
    Ok(())
}

/// The best ratings in `game` whose deviation is under `max_deviation`,
/// at most `limit`.
pub fn leaderboard(
    db: &mut dyn Sql,
    game: &str,
    max_deviation: f64,
    limit: i64,
) -> Result<Vec<(String, RatingRow)>> {
    let rows = db.rows(
        "SELECT rating, deviation, volatility, games, name FROM ratings
         WHERE game = ?1 AND deviation < ?2 ORDER BY rating DESC, name LIMIT ?3",
        &[game.into(), max_deviation.into(), limit.into()],
    )?;
    Ok(rows
        .iter()
        .map(|r| (r[4].text().unwrap_or_default(), rating_of(r)))
        .collect())
}

/// Posts a challenge, unless its client has `most` open already: whether
/// it was posted.
pub fn add_challenge(db: &mut dyn Sql, c: &ChallengeRow, most: i64) -> Result<bool> {
    let open = db.rows(
        "SELECT count(*) FROM challenges WHERE client = ?1 AND game_id IS NULL",
        &[c.client.as_str().into()],
    )?;
    if open.first().and_then(|r| r[0].int()).unwrap_or(0) >= most {
        return Ok(false);
    }
    let sql = format!(
        "INSERT INTO challenges ({CHALLENGE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,
             ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)"
    );
    db.exec(&sql, &c.values())?;
    db.announce_lobby()?;
    Ok(true)
}

/// Every challenge, open and accepted, newest first.
pub fn challenges(db: &mut dyn Sql) -> Result<Vec<ChallengeRow>> {
    let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges ORDER BY created DESC, id");
    Ok(db
        .rows(&sql, &[])?
        .iter()
        .map(|r| ChallengeRow::from_values(r))
        .collect())
}

pub fn challenge(db: &mut dyn Sql, id: &str) -> Result<Option<ChallengeRow>> {
    let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1");
    Ok(db
        .rows(&sql, &[id.into()])?
        .first()
        .map(|r| ChallengeRow::from_values(r)))
}

/// The challenge of lobby game `game_id`.
pub fn challenge_of_game(db: &mut dyn Sql, game_id: &str) -> Result<Option<ChallengeRow>> {
    let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE game_id = ?1");
    Ok(db
        .rows(&sql, &[game_id.into()])?
        .first()
        .map(|r| ChallengeRow::from_values(r)))
}

/// Marks an open challenge accepted, as `accepted` says (its game id,
/// players, ratings and time): false when it is no longer open (accepted
/// elsewhere, cancelled).
pub fn accept(db: &mut dyn Sql, accepted: &ChallengeRow) -> Result<bool> {
    let done = db.exec(
        "UPDATE challenges SET game_id = ?2, white = ?3, black = ?4, white_rating = ?5,
             black_rating = ?6, accepted = ?7
         WHERE id = ?1 AND game_id IS NULL",
        &[
            accepted.id.as_str().into(),
            accepted.game_id.clone().into(),
            accepted.white.clone().into(),
            accepted.black.clone().into(),
            accepted.white_rating.into(),
            accepted.black_rating.into(),
            accepted.accepted.into(),
        ],
    )? == 1;
    if done {
        db.announce_lobby()?;
    }
    Ok(done)
}

/// Withdraws an open challenge: whether it was open.
pub fn cancel(db: &mut dyn Sql, id: &str) -> Result<bool> {
    let done = db.exec(
        "DELETE FROM challenges WHERE id = ?1 AND game_id IS NULL",
        &[id.into()],
    )? == 1;
    if done {
        db.announce_lobby()?;
    }
    Ok(done)
}

/// Notes that the creators of these challenges still have a socket open.
pub fn seen(db: &mut dyn Sql, ids: &[String], now: i64) -> Result<()> {
    for id in ids {
        db.exec(
            "UPDATE challenges SET seen = ?2 WHERE id = ?1",
            &[id.as_str().into(), now.into()],
        )?;
    }
    Ok(())
}

/// Deletes the open challenges not seen since `cutoff` (their creators
/// left), and accepted ones whose game was never stored: how many.
pub fn sweep(db: &mut dyn Sql, cutoff: i64) -> Result<u64> {
    let gone = db.exec(
        "DELETE FROM challenges WHERE (game_id IS NULL AND seen < ?1)
             OR (game_id IS NOT NULL AND accepted < ?1
                 AND NOT EXISTS (SELECT 1 FROM games WHERE games.id = challenges.game_id))",
        &[cutoff.into()],
    )?;
    if gone > 0 {
        db.announce_lobby()?;
    }
    Ok(gone)
}

/// What the list of games being played needs of a lobby game's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Playing {
    pub challenge: ChallengeRow,
    pub version: i64,
    /// Its record: empty when the caller knows this version's already.
    pub record: String,
    /// Seconds since 1970 of its last change.
    pub updated: i64,
    /// Each side's clock (ms) when stored, and when (ms since 1970).
    pub clock: Option<String>,
    pub clock_at: Option<i64>,
}

/// The accepted challenges whose games are stored, with their rows; a
/// game's record only when its version is not the one `known` has (the
/// caller read it already).
pub fn playing(
    db: &mut dyn Sql,
    known: &std::collections::HashMap<String, i64>,
) -> Result<Vec<Playing>> {
    let columns: String = CHALLENGE_COLUMNS
        .split(',')
        .map(|c| format!("c.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {columns}, g.version, g.updated, CAST(g.clock AS TEXT), g.clock_at
         FROM challenges c JOIN games g ON g.id = c.game_id
         ORDER BY c.accepted DESC, c.id"
    );
    let mut playing: Vec<Playing> = db
        .rows(&sql, &[])?
        .iter()
        .map(|r| Playing {
            challenge: ChallengeRow::from_values(&r[..19]),
            version: r[19].int().unwrap_or(0),
            record: String::new(),
            updated: r[20].int().unwrap_or(0),
            clock: r[21].text(),
            clock_at: r[22].int(),
        })
        .collect();
    for game in &mut playing {
        let id = game.challenge.game_id.clone().unwrap_or_default();
        if known.get(&id) != Some(&game.version) {
            let rows = db.rows("SELECT record FROM games WHERE id = ?1", &[id.into()])?;
            game.record = rows.first().and_then(|r| r[0].text()).unwrap_or_default();
        }
    }
    Ok(playing)
}

/// Ends lobby game `game_id`: its challenge is taken out of the list of
/// games being played and `result` stored, once (false: already done,
/// on this server or another). The ratings are the caller's to change in
/// the same transaction.
pub fn finish(db: &mut dyn Sql, result: &ResultRow) -> Result<bool> {
    let taken = db.exec(
        "DELETE FROM challenges WHERE game_id = ?1",
        &[result.game_id.as_str().into()],
    )? == 1;
    if !taken {
        return Ok(false);
    }
    db.exec(
        "INSERT INTO results (game_id, game, white, black, result, rated, white_rating,
             white_change, black_rating, black_change, ended)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (game_id) DO NOTHING",
        &[
            result.game_id.as_str().into(),
            result.game.as_str().into(),
            result.white.clone().into(),
            result.black.clone().into(),
            result.result.as_str().into(),
            result.rated.into(),
            result.white_rating.into(),
            result.white_change.into(),
            result.black_rating.into(),
            result.black_change.into(),
            result.ended.into(),
        ],
    )?;
    db.announce_lobby()?;
    Ok(true)
}

/// A player's latest results, newest first.
pub fn results_of(db: &mut dyn Sql, name: &str, limit: i64) -> Result<Vec<ResultRow>> {
    let rows = db.rows(
        "SELECT game_id, game, white, black, result, rated, white_rating, white_change,
             black_rating, black_change, ended
         FROM results WHERE white = ?1 OR black = ?1 ORDER BY ended DESC, game_id LIMIT ?2",
        &[name.into(), limit.into()],
    )?;
    Ok(rows
        .iter()
        .map(|r| ResultRow {
            game_id: r[0].text().unwrap_or_default(),
            game: r[1].text().unwrap_or_default(),
            white: r[2].text(),
            black: r[3].text(),
            result: r[4].text().unwrap_or_default(),
            rated: r[5].int() == Some(1),
            white_rating: r[6].real(),
            white_change: r[7].real(),
            black_rating: r[8].real(),
            black_change: r[9].real(),
            ended: r[10].int().unwrap_or(0),
        })
        .collect())
}
