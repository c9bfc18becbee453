//! The games in an SQLite file: the embedded default, for one server.

use std::path::Path;
use std::sync::Mutex;

use anyhow::{anyhow, Context, Result};
use rusqlite::{params, Connection, OptionalExtension};

use super::{GameRow, Saved, Stored};

/// Creates the file, readable and writable by its owner only, if it does
/// not exist (SQLite gives its journal files the same permissions).
fn create_private(path: &Path) -> Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            // A file from before: made private too, when it is ours to change.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                if let Ok(meta) = std::fs::metadata(path) {
                    if meta.permissions().mode() & 0o077 != 0 {
                        let _ = std::fs::set_permissions(
                            path,
                            std::fs::Permissions::from_mode(meta.permissions().mode() & 0o700),
                        );
                    }
                }
            }
            Ok(())
        }
        Err(e) => Err(anyhow!(
            "cannot create the database {}: {e}",
            path.display()
        )),
    }
}

/// Locks `<path>.lock` for as long as the returned file is open; fails if
/// another process holds it.
fn lock_beside(path: &Path) -> Result<std::fs::File> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = std::path::PathBuf::from(name);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options
        .open(&lock_path)
        .map_err(|e| anyhow!("cannot open the lock file {}: {e}", lock_path.display()))?;
    file.try_lock().map_err(|_| {
        anyhow!(
            "the database {} is in use by another chess3d serve (it holds {})",
            path.display(),
            lock_path.display()
        )
    })?;
    Ok(file)
}

pub struct SqliteStore {
    db: Mutex<Connection>,
    /// `<db>.lock`, locked while the store is open: a second server on the
    /// same file would overwrite this one's games (WAL lets both write).
    _lock: std::fs::File,
    /// The fault the next save shows (tests only, see [`super::Fault`]).
    fault: Mutex<Option<super::Fault>>,
    /// The next settled reads fail, so many of them.
    unreadable: std::sync::atomic::AtomicUsize,
}

/// Marks a database as chess3d's (`PRAGMA application_id`, "c3d").
const APPLICATION_ID: i32 = super::MARK;

/// The schema's steps, applied in order at start; `PRAGMA user_version`
/// counts those done. Never edit a step: add one.
const MIGRATIONS: &[fn(&Connection) -> rusqlite::Result<()>] = &[
    // 1: one row per game.
    |db| {
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                id TEXT PRIMARY KEY,
                game TEXT NOT NULL,
                mode TEXT NOT NULL,
                record TEXT NOT NULL,
                seats TEXT NOT NULL,
                draw_offer INTEGER,
                version INTEGER NOT NULL DEFAULT 0,
                updated INTEGER NOT NULL
            );",
        )
    },
    // 2: seats keep the digests of their token and invitation, not the
    // secrets themselves.
    hash_seat_secrets,
    // 3: games found by the time of their last change, to expire them.
    |db| db.execute_batch("CREATE INDEX IF NOT EXISTS games_updated ON games (updated);"),
    // 4: the clocks of timed games as they stood when stored (JSON
    // `[white_ms, black_ms]`), so that a restart resumes them there.
    |db| db.execute_batch("ALTER TABLE games ADD COLUMN clock TEXT;"),
    // 5: what the players read last, and the rematch offered or agreed: a
    // game reloaded (after a restart) shows them as they were; and when
    // the clocks' times were taken (milliseconds since 1970), as
    // PostgreSQL keeps it.
    |db| {
        db.execute_batch(
            "ALTER TABLE games ADD COLUMN note TEXT;
             ALTER TABLE games ADD COLUMN rematch_offer INTEGER;
             ALTER TABLE games ADD COLUMN rematch TEXT;
             ALTER TABLE games ADD COLUMN clock_at INTEGER;",
        )
    },
    // 6: the game's terms and open requests beyond the columns (JSON:
    // hints allowed, a takeback asked for, the hints given).
    |db| db.execute_batch("ALTER TABLE games ADD COLUMN extra TEXT;"),
    // 7: the lobby: players, ratings, challenges, results (issue 58).
    |db| db.execute_batch(super::lobby::SCHEMA),
    // 8: each lobby game's spectators on each server.
    |db| db.execute_batch(super::lobby::SPECTATORS_SCHEMA),
];

fn hash_seat_secrets(db: &Connection) -> rusqlite::Result<()> {
    let rows: Vec<(String, String)> = db
        .prepare("SELECT id, seats FROM games")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, seats) in rows {
        let Ok(mut seats) = serde_json::from_str::<serde_json::Value>(&seats) else {
            continue;
        };
        for seat in seats.as_array_mut().into_iter().flatten() {
            let Some(seat) = seat.as_object_mut() else {
                continue;
            };
            for (old, new) in [("token", "token_hash"), ("invite", "invite_hash")] {
                let secret = seat.remove(old).unwrap_or(serde_json::Value::Null);
                let hashed = secret.as_str().map(crate::seats::digest);
                seat.insert(new.into(), serde_json::json!(hashed));
            }
        }
        db.execute(
            "UPDATE games SET seats = ?1 WHERE id = ?2",
            params![seats.to_string(), id],
        )?;
    }
    Ok(())
}

/// A sentence for a database that cannot be used, from SQLite's error.
fn why(path: &Path, e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode::*;
    let path = path.display();
    match e.sqlite_error_code() {
        Some(DatabaseBusy | DatabaseLocked) => format!(
            "the database {path} is locked by another process (another chess3d serve on the same file?)"
        ),
        Some(ReadOnly) => format!(
            "the database {path} is read-only: chess3d stores every move there, give a file it may write"
        ),
        Some(NotADatabase) => format!("{path} is not a chess3d database (not an SQLite file)"),
        Some(CannotOpen) => format!("cannot open the database {path} (does its folder exist, may chess3d write there?)"),
        Some(PermissionDenied) => format!("chess3d may not use the database {path}: permission denied"),
        _ => format!("cannot use the database {path}: {e}"),
    }
}

impl SqliteStore {
    /// Opens (or creates, readable by its owner only) the database at
    /// `path`, and brings its schema up to date. Fails with one sentence
    /// when the file is locked, read-only, or not a chess3d database.
    pub fn open(path: &Path) -> Result<SqliteStore> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder {}", dir.display()))?;
        }
        create_private(path)?;
        let lock = lock_beside(path)?;
        let db = Connection::open(path).map_err(|e| anyhow!(why(path, &e)))?;
        Self::prepare(&db, path).map_err(|e| anyhow!(why(path, &e)))??;
        Ok(SqliteStore {
            db: Mutex::new(db),
            _lock: lock,
            fault: Mutex::new(None),
            unreadable: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Checks the file is chess3d's and migrates it; the outer error is
    /// SQLite's, the inner one a sentence of ours.
    fn prepare(db: &Connection, path: &Path) -> rusqlite::Result<Result<()>> {
        // A short wait at start: a locked file is reported, not waited on.
        db.busy_timeout(std::time::Duration::from_secs(2))?;
        let app: i32 = db.query_row("PRAGMA application_id", [], |r| r.get(0))?;
        let tables: Vec<String> = db
            .prepare(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            )?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let foreign = tables.iter().any(|t| t != "games");
        if (app != 0 && app != APPLICATION_ID) || (app == 0 && foreign) {
            return Ok(Err(anyhow!(
                "{} is not a chess3d database (it has the tables {}); give another file with --db",
                path.display(),
                tables.join(", ")
            )));
        }
        if db.is_readonly(rusqlite::MAIN_DB)? {
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
                None,
            ));
        }
        // Deleted content is overwritten with zeros, not left in free pages.
        db.pragma_update(None, "secure_delete", "ON")?;
        // WAL with synchronous=NORMAL: a commit is in the log before the
        // call returns, so a killed server loses nothing; only a power cut
        // can lose the last moves.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.execute_batch("BEGIN IMMEDIATE")?;
        let done: usize = db.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if done > MIGRATIONS.len() {
            db.execute_batch("ROLLBACK")?;
            return Ok(Err(anyhow!(
                "the database {} was made by a newer chess3d (schema {done}; this one knows {})",
                path.display(),
                MIGRATIONS.len()
            )));
        }
        let migrated = MIGRATIONS[done..].iter().try_for_each(|step| step(db));
        if let Err(e) = migrated {
            db.execute_batch("ROLLBACK")?;
            return Err(e);
        }
        db.pragma_update(None, "user_version", MIGRATIONS.len())?;
        db.pragma_update(None, "application_id", APPLICATION_ID)?;
        db.execute_batch("COMMIT")?;
        if done < MIGRATIONS.len() {
            // Replaced rows (plain tokens, before migration 2) must not
            // linger in the log: into the file, whose freed pages
            // secure_delete zeroed.
            db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        }
        db.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Ok(()))
    }

    pub fn inject(&self, fault: super::Fault) {
        *self.fault.lock().unwrap_or_else(|e| e.into_inner()) = Some(fault);
    }

    pub fn save(&self, row: &GameRow, previous: Option<i64>) -> Result<Saved> {
        use super::Fault;
        let fault = self.fault.lock().unwrap_or_else(|e| e.into_inner()).take();
        let lost = || anyhow::Error::new(super::Uncertain("the write's answer was lost".into()));
        match fault {
            None => self.write(row, previous),
            Some(Fault::WriteLost) => Err(lost()),
            Some(Fault::AnswerLost) => self.write(row, previous).and_then(|_| Err(lost())),
            Some(Fault::AnswerLostAndUnreadable) => {
                // The read that settles the write, and the next.
                self.unreadable
                    .store(2, std::sync::atomic::Ordering::Relaxed);
                self.write(row, previous).and_then(|_| Err(lost()))
            }
        }
    }

    /// A file's write is whole or not at all once it returns: no write is
    /// under way to wait for.
    pub fn load_settled(&self, id: &str) -> Result<Option<GameRow>> {
        let failing = self.unreadable.fetch_update(
            std::sync::atomic::Ordering::Relaxed,
            std::sync::atomic::Ordering::Relaxed,
            |n| n.checked_sub(1),
        );
        if failing.is_ok() {
            return Err(anyhow::Error::new(super::Unavailable(
                "the database cannot be read now (a test's fault)".into(),
            )));
        }
        self.load(id)
    }

    fn write(&self, row: &GameRow, previous: Option<i64>) -> Result<Saved> {
        let (seats, clock, extra) = super::encode(row)?;
        let db = self.db.lock().unwrap_or_else(|e| e.into_inner());
        let (version, now) = (row.version as i64, super::now_secs());
        let clock_at = row.clock_at.map(|ms| ms as i64);
        let values: [&dyn rusqlite::ToSql; 14] = [
            &row.id,
            &row.game,
            &row.mode,
            &row.record,
            &seats,
            &row.draw_offer,
            &version,
            &now,
            &clock,
            &row.note,
            &row.rematch_offer,
            &row.rematch,
            &clock_at,
            &extra,
        ];
        let changed = match previous {
            None => db.execute(
                "INSERT INTO games (id, game, mode, record, seats, draw_offer, version, updated,
                     clock, note, rematch_offer, rematch, clock_at, extra)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                 ON CONFLICT(id) DO NOTHING",
                &values[..],
            )?,
            Some(previous) => {
                let mut values = values.to_vec();
                values.push(&previous);
                db.execute(
                    "UPDATE games SET record = ?4, seats = ?5, draw_offer = ?6, version = ?7,
                         updated = ?8, clock = ?9, note = ?10, rematch_offer = ?11, rematch = ?12,
                         clock_at = ?13, extra = ?14
                     WHERE id = ?1 AND game = ?2 AND mode = ?3 AND version = ?15",
                    &values[..],
                )?
            }
        };
        Ok(if changed == 1 {
            Saved::Stored
        } else {
            Saved::Stale
        })
    }

    /// Deletes every game whose last change was before `cutoff` (seconds
    /// since the Unix epoch); their ids.
    pub fn delete_unchanged_since(&self, cutoff: i64) -> Result<Vec<String>> {
        let db = self.db.lock().unwrap_or_else(|e| e.into_inner());
        let ids: Vec<String> = db
            .prepare("DELETE FROM games WHERE updated < ?1 RETURNING id")?
            .query_map(params![cutoff], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(ids)
    }

    /// Runs `work` in one transaction (begun as a writer, so that two
    /// of them never deadlock on upgrading their locks).
    pub fn in_transaction<T>(
        &self,
        work: impl FnOnce(&mut dyn super::sql::Sql) -> Result<T>,
    ) -> Result<T> {
        let mut db = self.db.lock().unwrap_or_else(|e| e.into_inner());
        let tx = db.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let value = work(&mut super::sql::Lite(&tx))?;
        tx.commit()?;
        Ok(value)
    }

    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        let db = self.db.lock().unwrap_or_else(|e| e.into_inner());
        let row = db
            .query_row(
                "SELECT id, game, mode, record, seats, draw_offer, version, clock, note,
                     rematch_offer, rematch, clock_at, extra
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(Stored {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        mode: r.get(2)?,
                        record: r.get(3)?,
                        seats: r.get(4)?,
                        draw_offer: r.get(5)?,
                        version: r.get(6)?,
                        clock: r.get(7)?,
                        note: r.get(8)?,
                        rematch_offer: r.get(9)?,
                        rematch: r.get(10)?,
                        clock_at: r.get(11)?,
                        extra: r.get(12)?,
                    })
                },
            )
            .optional()?;
        row.map(Stored::decode).transpose()
    }
}
