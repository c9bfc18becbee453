//! Games on disk: one SQLite row per game, rewritten after every change, so
//! that a restarted server resumes every game. The row holds the game
//! record (the same text a player downloads) and the seats.

use std::path::Path;
use std::sync::Mutex;

use anyhow::{Context, Result};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

/// Who sits in a seat, and the secrets that let a browser play it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatRow {
    /// `human` or `engine`.
    pub player: String,
    /// The engine's skill (0-20) and time per move in milliseconds.
    pub skill: u8,
    pub movetime: u64,
    /// The token that plays this seat (none for an engine, or a remote
    /// seat nobody has joined yet).
    pub token: Option<String>,
    /// The invitation that claims the seat, until it is used.
    pub invite: Option<String>,
}

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
    /// The number of changes the game has had.
    pub version: u64,
}

pub struct Store {
    db: Mutex<Connection>,
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let db = Connection::open(path)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        // WAL with synchronous=NORMAL: a commit is in the log before the
        // call returns, so a killed server loses nothing; only a power cut
        // can lose the last moves.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.busy_timeout(std::time::Duration::from_secs(5))?;
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
        .with_context(|| format!("cannot use the database {}", path.display()))?;
        Ok(Store { db: Mutex::new(db) })
    }

    pub fn save(&self, row: &GameRow) -> Result<()> {
        let seats = serde_json::to_string(&row.seats)?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let db = self.db.lock().unwrap_or_else(|e| e.into_inner());
        db.execute(
            "INSERT INTO games (id, game, mode, record, seats, draw_offer, version, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT(id) DO UPDATE SET record = ?4, seats = ?5, draw_offer = ?6,
                 version = ?7, updated = ?8",
            params![
                row.id,
                row.game,
                row.mode,
                row.record,
                seats,
                row.draw_offer,
                row.version as i64,
                now
            ],
        )?;
        Ok(())
    }

    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        let db = self.db.lock().unwrap_or_else(|e| e.into_inner());
        let row = db
            .query_row(
                "SELECT id, game, mode, record, seats, draw_offer, version FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, Option<u8>>(5)?,
                        r.get::<_, i64>(6)?,
                    ))
                },
            )
            .optional()?;
        let Some((id, game, mode, record, seats, draw_offer, version)) = row else {
            return Ok(None);
        };
        let seats: [SeatRow; 2] = serde_json::from_str(&seats)
            .with_context(|| format!("game {id}: its seats cannot be read"))?;
        Ok(Some(GameRow {
            id,
            game,
            mode,
            record,
            seats,
            draw_offer,
            version: version as u64,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_game_reads_back_and_a_second_save_replaces_it() {
        let dir = std::env::temp_dir().join(format!("chess3d-store-{}", std::process::id()));
        let path = dir.join("games.db");
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&path).unwrap();
        let seat = SeatRow {
            player: "human".into(),
            skill: 20,
            movetime: 1000,
            token: Some("t".into()),
            invite: None,
        };
        let mut row = GameRow {
            id: "g1".into(),
            game: "chess".into(),
            mode: "local".into(),
            record: "[Game \"chess\"]\n\n*\n".into(),
            seats: [seat.clone(), seat],
            draw_offer: None,
            version: 0,
        };
        store.save(&row).unwrap();
        row.record = "[Game \"chess\"]\n\n1. e2e4 *\n".into();
        row.draw_offer = Some(1);
        row.version = 7;
        store.save(&row).unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        assert_eq!(store.load("g1").unwrap(), Some(row));
        assert_eq!(store.load("nope").unwrap(), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
