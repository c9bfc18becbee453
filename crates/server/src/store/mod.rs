//! Where the games are kept: one row per game, rewritten after every
//! change, so that a restarted server resumes every game. The row holds
//! the game record (the same text a player downloads) and the seats.
//!
//! Two databases hold them, behind one [`Store`]: an SQLite file, the
//! embedded default for one server ([`sqlite`]), and PostgreSQL, which
//! several servers share ([`postgres`]). Both pass the same tests
//! (`tests/store.rs`).
//!
//! A row is replaced only from the version it was read at (a version check
//! in the write itself): of two servers changing a game at once, one
//! stores its change and the other learns that its copy is stale
//! ([`Saved::Stale`]), reloads and tries again.

pub mod lobby;
mod postgres;
pub mod sql;
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
    /// The last thing the players should read (a declined draw).
    pub note: Option<String>,
    /// The side (0 or 1) that offered a rematch, after the game.
    pub rematch_offer: Option<u8>,
    /// The rematch's game id, once agreed.
    pub rematch: Option<String>,
    /// When `clock`'s times were taken, in milliseconds since the Unix
    /// epoch.
    pub clock_at: Option<u64>,
    /// The game's terms and open requests beyond the columns above.
    pub extra: Extra,
}

/// What a game holds besides its record, seats, offers and clocks (issue
/// 57), kept as JSON in one column so that the next such thing needs no
/// new one.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Extra {
    /// A game between people that its creator made "casual, hints
    /// allowed": the only one where the engine helps while it is played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints_allowed: bool,
    /// The side (0 or 1) whose request to take back is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_offer: Option<u8>,
    /// The hints given in a casual game, shown to both players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints_given: Vec<GivenHint>,
    /// A game started from the lobby (issue 58).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lobby: Option<LobbyTerms>,
    /// Why a lobby game was aborted (no first move in time): it takes no
    /// more moves, and has no result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aborted: Option<String>,
}

/// A lobby game's terms: whether it is rated, and each side's player
/// name (none: anonymous) and rating when it began.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LobbyTerms {
    pub rated: bool,
    pub players: [Option<String>; 2],
    pub ratings: [Option<f64>; 2],
}

impl Eq for LobbyTerms {}

/// A hint given in a casual game: for the move at `ply` (counted from 0),
/// to `side`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GivenHint {
    pub ply: usize,
    pub side: u8,
    /// The move suggested, as the game shows it.
    pub label: String,
    /// The engine's score and line, in words.
    pub summary: Option<String>,
}

/// What became of a save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    Stored,
    /// Not stored: the stored game is not at the version the change was
    /// made from (another server changed it), or a new game's id is taken.
    Stale,
}

/// The database cannot be reached now (down, restarting, too slow): the
/// request may succeed in a moment. Carried inside the store's errors, so
/// that the server answers 503 rather than 500.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unavailable(pub String);

/// Whether `e` says the database cannot be reached now.
pub fn is_unavailable(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| cause.is::<Unavailable>())
}

/// A write whose outcome is unknown: it reached the database (PostgreSQL:
/// its commit was sent) but no answer came back. The stored row says
/// whether it was stored ([`Store::load_settled`]).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Uncertain(pub String);

/// Whether `e` says a write may or may not have been stored.
pub fn is_uncertain(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| cause.is::<Uncertain>())
}

/// Faults a test makes the SQLite store show, as a database's network
/// can: each applies to the next save (and read) only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The write is stored, and its answer lost.
    AnswerLost,
    /// The write is not stored, and no answer comes (as a write lost on
    /// its way, or rolled back when its connection dropped).
    WriteLost,
    /// The write is stored, its answer lost, and the next two settled
    /// reads fail too (the database out of reach a while).
    AnswerLostAndUnreadable,
}

/// A change another server stored, as its notification says (the game is
/// re-read from the database, not taken from the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Game `id` is now at `version`.
    Game { id: String, version: u64 },
    /// The lobby changed (a challenge posted, accepted, withdrawn; a
    /// lobby game ended).
    Lobby,
    /// The notifications were cut off for a while (the database restarted,
    /// say): any game may have changed.
    Resume,
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
    note: Option<String>,
    rematch_offer: Option<u8>,
    rematch: Option<String>,
    clock_at: Option<i64>,
    extra: Option<String>,
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
        let extra: Extra = self
            .extra
            .map(|e| serde_json::from_str(&e))
            .transpose()
            .with_context(|| format!("game {id}: its terms and requests cannot be read"))?
            .unwrap_or_default();
        Ok(GameRow {
            id,
            game: self.game,
            mode: self.mode,
            record: self.record,
            seats,
            draw_offer: self.draw_offer,
            clock,
            version: self.version as u64,
            note: self.note,
            rematch_offer: self.rematch_offer,
            rematch: self.rematch,
            clock_at: self.clock_at.and_then(|ms| u64::try_from(ms).ok()),
            extra,
        })
    }
}

/// The seats, the clocks and the extras of `row` as the databases keep
/// them (JSON; no extras when they are all at their defaults).
fn encode(row: &GameRow) -> Result<(String, Option<String>, Option<String>)> {
    let seats = serde_json::to_string(&row.seats)?;
    let clock = row.clock.map(|c| serde_json::to_string(&c)).transpose()?;
    let extra = (row.extra != Extra::default())
        .then(|| serde_json::to_string(&row.extra))
        .transpose()?;
    Ok((seats, clock, extra))
}

/// Marks what is chess3d's in a database ("c3d"): the SQLite file's
/// `application_id`, PostgreSQL's advisory locks.
const MARK: i32 = 0x0063_3364;

/// Seconds since the Unix epoch: a row's time of last change.
fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The database `--db` names.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file.
    File(PathBuf),
    /// A PostgreSQL connection URL (`postgres://USER@HOST:PORT/DATABASE`).
    Postgres(String),
}

/// Shown without the password: a `Database` in a panic or a log is read by
/// others too.
impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::File(path) => write!(f, "File({path:?})"),
            Database::Postgres(_) => write!(f, "Postgres({})", self.describe()),
        }
    }
}

impl Database {
    /// What `--db` says: a file path, `sqlite://PATH`, or a PostgreSQL
    /// URL (`postgres://` or `postgresql://`). Any other scheme is refused
    /// in one line rather than taken for a folder's name, and so is
    /// PostgreSQL's `key=value` form, which would make a file of that name.
    pub fn parse(db: &str) -> Result<Database> {
        match db.split_once("://") {
            None if looks_like_key_values(db) => bail!(
                "--db: give a PostgreSQL database as a URL, \
                 postgres://USER[:PASSWORD]@HOST:PORT/DATABASE, not as key=value pairs"
            ),
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

/// Whether `db` starts as PostgreSQL's `key=value` connection strings do
/// (`host=db user=chess ...`).
fn looks_like_key_values(db: &str) -> bool {
    let Some((key, _)) = db.trim_start().split_once('=') else {
        return false;
    };
    !key.is_empty()
        && key
            .trim_end()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A database URL as it may be shown: no password. A URL the PostgreSQL
/// driver reads is rebuilt from what it read (user, hosts, ports,
/// database), so that no password, wherever it was written, comes back;
/// anything else has all that could be one hidden: the part up to its
/// last `@`, and its query.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    if matches!(scheme, "postgres" | "postgresql") {
        if let Ok(config) = url.parse::<tokio_postgres::Config>() {
            return postgres_url(scheme, &config);
        }
    }
    let (user, rest) = match rest.rfind('@') {
        Some(at) => ("…", &rest[at..]),
        None => ("", rest),
    };
    match rest.split_once('?') {
        Some((before, _)) => format!("{scheme}://{user}{before}?…"),
        None => format!("{scheme}://{user}{rest}"),
    }
}

/// `scheme://user@host:port,host:port/database` of what the driver read.
fn postgres_url(scheme: &str, config: &tokio_postgres::Config) -> String {
    let user = config
        .get_user()
        .map(|u| format!("{u}@"))
        .unwrap_or_default();
    let ports = config.get_ports();
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let name = match host {
                tokio_postgres::config::Host::Tcp(name) => name.clone(),
                #[cfg(unix)]
                tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
            };
            // One port for every host, or one each.
            match ports.get(i).or(ports.first().filter(|_| ports.len() == 1)) {
                Some(port) => format!("{name}:{port}"),
                None => name,
            }
        })
        .collect();
    let database = config.get_dbname().unwrap_or("");
    format!("{scheme}://{user}{}/{database}", hosts.join(","))
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

    /// Stores `row`: a new game when `previous` is `None`, else in place
    /// of the game's row if that is still at version `previous` (the
    /// version the change was made from).
    pub fn save(&self, row: &GameRow, previous: Option<u64>) -> Result<Saved> {
        let previous = previous.map(|v| v as i64);
        match self {
            Store::Sqlite(s) => s.save(row, previous),
            Store::Postgres(s) => s.save(row, previous),
        }
    }

    /// The game `id` once any write of it still under way has ended
    /// (PostgreSQL: read under a share lock of its row, which waits for
    /// the transaction that holds it): after an [`Uncertain`] write, what
    /// the database holds for good.
    pub fn load_settled(&self, id: &str) -> Result<Option<GameRow>> {
        match self {
            Store::Sqlite(s) => s.load_settled(id),
            Store::Postgres(s) => s.load_settled(id),
        }
    }

    /// Makes the next save show `fault` (an SQLite store only; for the
    /// tests of what the server answers then).
    pub fn inject(&self, fault: Fault) {
        if let Store::Sqlite(s) = self {
            s.inject(fault);
        }
    }

    /// Takes the engine's turn in game `id` at `version` for this server:
    /// whether it is this server's to search. One server at a time holds a
    /// turn, for as long as it runs (PostgreSQL: a lease renewed every
    /// second, which another server may take once it lapses). An SQLite
    /// file has one server: every turn is its own.
    pub fn claim_turn(&self, id: &str, version: u64) -> Result<bool> {
        match self {
            Store::Sqlite(_) => Ok(true),
            Store::Postgres(s) => s.claim_turn(id, version as i64),
        }
    }

    /// Gives back this server's engine turn in game `id` at `version`, when
    /// it ends without a change (the engine found no move): another server
    /// may try it.
    pub fn release_turn(&self, id: &str, version: u64) -> Result<()> {
        match self {
            Store::Sqlite(_) => Ok(()),
            Store::Postgres(s) => s.release_turn(id, version as i64),
        }
    }

    /// The changes other servers store, once (the first call takes them):
    /// none for an SQLite file, which one server uses.
    pub fn take_changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Change>> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(s) => s.take_changes(),
        }
    }

    /// Runs `work` (the lobby's steps, [`lobby`]) in one transaction.
    pub fn lobby<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut dyn sql::Sql) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        match self {
            Store::Sqlite(s) => s.in_transaction(work),
            Store::Postgres(s) => s.in_transaction(work),
        }
    }

    /// Whether other servers may change the games too.
    pub fn is_shared(&self) -> bool {
        matches!(self, Store::Postgres(_))
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
        // Both keep the time as a signed 64-bit number: the farthest
        // cutoff is its largest, not a negative one.
        let cutoff = i64::try_from(cutoff).unwrap_or(i64::MAX);
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
        // Wherever it is written: before the host, with the characters
        // that end a host elsewhere, in the query.
        for (url, shown) in [
            (
                "postgres://chess:S3CRET@db.example:5432/games?sslmode=disable",
                "postgres://chess@db.example:5432/games",
            ),
            (
                "postgres://chess:S3/CRET@db/games",
                "postgres://chess@db:5432/games",
            ),
            (
                "postgres://chess:S3?CRET@db/games",
                "postgres://chess@db:5432/games",
            ),
            (
                "postgres://chess:S3CRET@db1:5433,db2:5434/games",
                "postgres://chess@db1:5433,db2:5434/games",
            ),
            (
                "postgresql://db/games?password=S3CRET&user=chess",
                "postgresql://chess@db:5432/games",
            ),
            // A URL without a port is shown with the one the driver uses.
            (
                "postgres://chess@db/games",
                "postgres://chess@db:5432/games",
            ),
        ] {
            assert_eq!(redact(url), shown, "{url}");
            let db = Database::parse(url).unwrap();
            assert_eq!(db.describe(), shown);
            assert!(!format!("{db:?}").contains("S3"), "{db:?}");
        }
        // What the driver cannot read: everything up to the last @ and the
        // query hidden.
        assert_eq!(
            redact("postgres://u:S3CRET@h:99999/d?x=1"),
            "postgres://…@h:99999/d?…"
        );
        assert_eq!(
            redact("postgres://u:S3?CRET@h:99999/d"),
            "postgres://…@h:99999/d"
        );
        assert_eq!(
            redact("postgres://h:99999/d?password=S3CRET"),
            "postgres://h:99999/d?…"
        );
        assert_eq!(redact("mysql://root:S3CRET@host/db"), "mysql://…@host/db");
        assert_eq!(redact("games.db"), "games.db");
    }

    #[test]
    fn key_value_strings_are_not_taken_for_a_file() {
        let err = Database::parse("host=db user=chess password=s3cret")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("postgres://") && !err.contains("s3cret") && !err.contains("  "),
            "{err}"
        );
        assert!(Database::parse(" dbname = games").is_err());
        // A path with an = in it is still a path.
        let file = Database::parse("saves/a=b.db").unwrap();
        assert_eq!(file, Database::File(PathBuf::from("saves/a=b.db")));
    }
}
