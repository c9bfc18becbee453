//! Where the games are kept: one row per game, rewritten after every
//! change, so that a restarted server resumes every game. The row holds
//! the game record (the same text a player downloads) and the seats.
//!
//! Two databases hold them, behind one [`Store`]: an SQLite file, the
//! embedded default for one server ([`sqlite`]), and PostgreSQL, for
//! several servers sharing their games ([`postgres`]). Both pass the same
//! tests (`tests/store.rs`).

mod postgres;
mod sqlite;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

pub use crate::seats::SeatRow;
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// A stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    /// `local`, `computer` or `remote`.
    pub mode: String,
    pub record: String,
    pub seats: [SeatRow; 2],
    /// The side (0 or 1) whose draw offer is open.
    pub draw_offer: Option<u8>,
    /// Each side's clock time when the game was stored (ms), in a timed
    /// game: the record's `%clk` has whole moves only.
    pub clock: Option<[u64; 2]>,
    /// The number of changes the game has had.
    pub version: u64,
}

/// A row as both databases hold it: the seats and the clocks as JSON
/// text.
struct Stored {
    id: String,
    game: String,
    mode: String,
    record: String,
    seats: String,
    draw_offer: Option<u8>,
    version: i64,
    clock: Option<String>,
}

impl Stored {
    fn decode(self) -> Result<GameRow> {
        let id = self.id;
        let seats: [SeatRow; 2] = serde_json::from_str(&self.seats)
            .with_context(|| format!("game {id}: its seats cannot be read"))?;
        let clock: Option<[u64; 2]> = self
            .clock
            .map(|c| serde_json::from_str(&c))
            .transpose()
            .with_context(|| format!("game {id}: its clocks cannot be read"))?;
        Ok(GameRow {
            id,
            game: self.game,
            mode: self.mode,
            record: self.record,
            seats,
            draw_offer: self.draw_offer,
            clock,
            version: self.version as u64,
        })
    }
}

/// The seats and the clocks of `row` as the databases keep them (JSON).
fn encode(row: &GameRow) -> Result<(String, Option<String>)> {
    let seats = serde_json::to_string(&row.seats)?;
    let clock = row.clock.map(|c| serde_json::to_string(&c)).transpose()?;
    Ok((seats, clock))
}

/// Seconds since the Unix epoch: a row's time of last change.
fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The database `--db` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file.
    File(PathBuf),
    /// A PostgreSQL connection URL (`postgres://USER@HOST:PORT/DATABASE`).
    Postgres(String),
}

impl Database {
    /// What `--db` says: a file path, `sqlite://PATH`, or a PostgreSQL
    /// URL (`postgres://` or `postgresql://`). Any other scheme is refused
    /// in one line rather than taken for a folder's name.
    pub fn parse(db: &str) -> Result<Database> {
        match db.split_once("://") {
            None => Ok(Database::File(PathBuf::from(db))),
            Some(("sqlite", path)) if !path.is_empty() => Ok(Database::File(PathBuf::from(path))),
            Some(("postgres" | "postgresql", rest)) if !rest.is_empty() => {
                Ok(Database::Postgres(db.to_string()))
            }
            Some((scheme, _)) => bail!(
                "--db {}: chess3d stores games in an SQLite file (a path, or sqlite://PATH) \
                 or in PostgreSQL (postgres://USER@HOST:PORT/DATABASE), not in '{scheme}://'",
                redact(db)
            ),
        }
    }

    /// The database in words, its password left out.
    pub fn describe(&self) -> String {
        match self {
            Database::File(path) => path.display().to_string(),
            Database::Postgres(url) => redact(url),
        }
    }
}

/// `url` with the password of its `user:password@` part, if any, shown as
/// `***`: start-up lines and errors are read by others.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_string();
    };
    match rest[..at].split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
        None => url.to_string(),
    }
}

/// The games' database.
pub enum Store {
    Sqlite(SqliteStore),
    Postgres(PgStore),
}

impl Store {
    /// Opens (or creates, readable by its owner only) the SQLite file at
    /// `path`, and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store> {
        SqliteStore::open(path).map(Store::Sqlite)
    }

    /// Opens the database `db` names, and brings its schema up to date.
    /// Fails with one sentence when it cannot be used.
    pub fn connect(db: &Database) -> Result<Store> {
        match db {
            Database::File(path) => Store::open(path),
            Database::Postgres(url) => PgStore::connect(url).map(Store::Postgres),
        }
    }

    /// Stores `row`, replacing the game's row if it has one.
    pub fn save(&self, row: &GameRow) -> Result<()> {
        match self {
            Store::Sqlite(s) => s.save(row),
            Store::Postgres(s) => s.save(row),
        }
    }

    /// The game `id`, if it is stored.
    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        match self {
            Store::Sqlite(s) => s.load(id),
            Store::Postgres(s) => s.load(id),
        }
    }

    /// Deletes every game whose last change was before `cutoff` (seconds
    /// since the Unix epoch); their ids.
    pub fn delete_unchanged_since(&self, cutoff: u64) -> Result<Vec<String>> {
        match self {
            Store::Sqlite(s) => s.delete_unchanged_since(cutoff),
            Store::Postgres(s) => s.delete_unchanged_since(cutoff),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn db_names_a_file_or_a_postgres_url() {
        let file = |p: &str| Database::File(PathBuf::from(p));
        assert_eq!(Database::parse("games.db").unwrap(), file("games.db"));
        assert_eq!(
            Database::parse("sqlite:///tmp/x.db").unwrap(),
            file("/tmp/x.db")
        );
        let url = "postgres://chess@127.0.0.1:5433/games";
        assert_eq!(
            Database::parse(url).unwrap(),
            Database::Postgres(url.into())
        );
        let err = Database::parse("mysql://root:secret@host/db")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'mysql://'") && !err.contains("secret"),
            "{err}"
        );
        assert!(Database::parse("postgres://").is_err());
    }

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            redact("postgres://chess:s3cret@db.example:5432/games?sslmode=disable"),
            "postgres://chess:***@db.example:5432/games?sslmode=disable"
        );
        assert_eq!(
            redact("postgres://chess@db/games"),
            "postgres://chess@db/games"
        );
        // An @ after the host (in the query) is not a password's end.
        assert_eq!(
            redact("postgres://db/games?user=a@b"),
            "postgres://db/games?user=a@b"
        );
        assert_eq!(redact("games.db"), "games.db");
        let described = Database::Postgres("postgresql://u:p@h/d".into()).describe();
        assert_eq!(described, "postgresql://u:***@h/d");
    }
}
