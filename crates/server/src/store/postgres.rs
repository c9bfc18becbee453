//! The games in PostgreSQL: a pool of connections (deadpool over
//! tokio-postgres), the schema brought up to date at start by versioned
//! steps, and one server per database until several keep their games in
//! step (issue 24; [`SERVER_LOCK`]).
//!
//! The hub calls the store from blocking threads, engine threads and the
//! clocks' timers alike, so the store keeps a small runtime of its own and
//! waits for each query there: a caller never needs to be inside (or
//! outside) any other runtime.

use std::future::Future;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use deadpool_postgres::{
    Manager, ManagerConfig, Object, Pool, PoolError, RecyclingMethod, Runtime,
};
use tokio_postgres::NoTls;

use super::{redact, GameRow, Stored};

/// How long a query waits for a connection (or for one to be made) before
/// it fails: a database that is down is reported, not waited on forever.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections kept open at most.
const POOL_SIZE: usize = 16;

/// Taken (`pg_advisory_xact_lock`) while the schema is brought up to date,
/// so that servers starting together migrate one after the other:
/// with [`SERVER_LOCK`] only one of them gets that far today, but the
/// steps must stay safe once several share a database.
const MIGRATION_LOCK: i64 = super::MARK as i64;

/// The schema's steps, applied in order at start in one transaction;
/// `chess3d_schema.version` counts those done. Never edit a step: add one.
const MIGRATIONS: &[&str] = &[
    // 1: one row per game, as the SQLite file's after its fourth step: the
    // seats (with their secrets' digests) and the clocks as JSON, the
    // number of changes, the time of the last one (seconds since 1970).
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        mode TEXT NOT NULL,
        record TEXT NOT NULL,
        seats JSONB NOT NULL,
        draw_offer SMALLINT,
        version BIGINT NOT NULL DEFAULT 0,
        updated BIGINT NOT NULL,
        clock JSONB
    );
    CREATE INDEX games_updated ON games (updated);",
];

/// How long a query may take, from waiting for a connection to its
/// answer: a database that stops answering fails the change (which is
/// undone and reported) rather than holding the game.
const QUERY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the start (connecting, the lock, the schema's steps) may take.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// Held (`pg_try_advisory_lock`) by the one server using a database, as
/// the SQLite file's `.lock` is: until several servers keep their games in
/// step (issue 24), a second one would overwrite the first one's games.
const SERVER_LOCK: i64 = ((super::MARK as i64) << 16) | 1;

pub struct PgStore {
    pool: Pool,
    /// The connection that holds [`SERVER_LOCK`]; given back (and the lock
    /// released) when the store is dropped.
    holder: Option<tokio_postgres::Client>,
    /// The store's own runtime (see the module's comment); shut down
    /// without waiting when the store is dropped, wherever that happens.
    runtime: Option<tokio::runtime::Runtime>,
}

impl PgStore {
    /// Connects to the database at `url`, takes it for this server, and
    /// brings its schema up to date. Fails with one sentence when the URL
    /// is not one, the server cannot be reached, another chess3d server
    /// uses the database, or it is not (or no longer) chess3d's.
    pub fn connect(url: &str) -> Result<PgStore> {
        let shown = redact(url);
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| {
            let why = anyhow::Error::new(e);
            anyhow!("--db {shown} is not a PostgreSQL URL: {why:#}")
        })?;
        config.connect_timeout(CONNECT_TIMEOUT);
        if config.get_application_name().is_none() {
            config.application_name("chess3d");
        }
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(CONNECT_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| anyhow!("cannot make a connection pool for {shown}: {e}"))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("chess3d-postgres")
            .enable_all()
            .build()
            .map_err(|e| anyhow!("cannot start the database's runtime: {e}"))?;
        let mut store = PgStore {
            pool,
            holder: None,
            runtime: Some(runtime),
        };
        let unusable = |e: anyhow::Error| anyhow!("cannot use the database {shown}: {e:#}");
        let holder = store.wait(START_TIMEOUT, hold(config)).map_err(unusable)?;
        store.holder = Some(holder);
        let pool = store.pool.clone();
        store
            .wait(START_TIMEOUT, async move { migrate(&pool).await })
            .map_err(unusable)?;
        Ok(store)
    }

    /// Runs `job` on the store's runtime and waits for its result, for
    /// `limit` at most.
    fn wait<T: Send + 'static>(
        &self,
        limit: Duration,
        job: impl Future<Output = Result<T>> + Send + 'static,
    ) -> Result<T> {
        let runtime = self
            .runtime
            .as_ref()
            .expect("the runtime lives as long as the store");
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let done = match tokio::time::timeout(limit, job).await {
                Ok(done) => done.map_err(one_sentence),
                Err(_) => Err(anyhow!(
                    "the database did not answer within {} s",
                    limit.as_secs()
                )),
            };
            let _ = tx.send(done);
        });
        rx.recv()
            .map_err(|_| anyhow!("the database's runtime stopped"))?
    }

    /// Runs `work`, given the pool, for [`QUERY_TIMEOUT`] at most.
    fn run<T, F>(&self, work: impl FnOnce(Pool) -> F) -> Result<T>
    where
        T: Send + 'static,
        F: Future<Output = Result<T>> + Send + 'static,
    {
        self.wait(QUERY_TIMEOUT, work(self.pool.clone()))
    }

    pub fn save(&self, row: &GameRow) -> Result<()> {
        let (seats, clock) = super::encode(row)?;
        let row = row.clone();
        self.run(move |pool| async move {
            let db = connection(&pool).await?;
            let statement = db
                .prepare_cached(
                    "INSERT INTO games (id, game, mode, record, seats, draw_offer, version, updated, clock)
                     VALUES ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $9::text::jsonb)
                     ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record,
                         seats = EXCLUDED.seats, draw_offer = EXCLUDED.draw_offer,
                         version = EXCLUDED.version, updated = EXCLUDED.updated,
                         clock = EXCLUDED.clock",
                )
                .await?;
            db.execute(
                &statement,
                &[
                    &row.id,
                    &row.game,
                    &row.mode,
                    &row.record,
                    &seats,
                    &row.draw_offer.map(i16::from),
                    &(row.version as i64),
                    &super::now_secs(),
                    &clock,
                ],
            )
            .await?;
            Ok(())
        })
    }

    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        let id = id.to_string();
        let stored = self.run(move |pool| async move {
            let db = connection(&pool).await?;
            let statement = db
                .prepare_cached(
                    "SELECT id, game, mode, record, seats::text, draw_offer, version, clock::text
                     FROM games WHERE id = $1",
                )
                .await?;
            let Some(r) = db.query_opt(&statement, &[&id]).await? else {
                return Ok(None);
            };
            let draw_offer: Option<i16> = r.try_get(5)?;
            Ok(Some(Stored {
                id: r.try_get(0)?,
                game: r.try_get(1)?,
                mode: r.try_get(2)?,
                record: r.try_get(3)?,
                seats: r.try_get(4)?,
                draw_offer: draw_offer
                    .map(|side| u8::try_from(side).map_err(|_| anyhow!("draw offer {side}")))
                    .transpose()?,
                version: r.try_get(6)?,
                clock: r.try_get(7)?,
            }))
        })?;
        stored.map(Stored::decode).transpose()
    }

    pub fn delete_unchanged_since(&self, cutoff: i64) -> Result<Vec<String>> {
        self.run(move |pool| async move {
            let db = connection(&pool).await?;
            let rows = db
                .query(
                    "DELETE FROM games WHERE updated < $1 RETURNING id",
                    &[&cutoff],
                )
                .await?;
            rows.iter()
                .map(|r| Ok(r.try_get::<_, String>(0)?))
                .collect()
        })
    }
}

/// A connection from the pool, or why there is none in one sentence (the
/// pool's own error repeats its cause).
async fn connection(pool: &Pool) -> Result<Object> {
    pool.get().await.map_err(|e| match e {
        PoolError::Backend(e) => anyhow::Error::new(e),
        PoolError::Timeout(_) => anyhow!(
            "no connection to the database within {} s",
            CONNECT_TIMEOUT.as_secs()
        ),
        e => anyhow!("{e}"),
    })
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // The lock given back before the connection goes: the next server
        // may start at once.
        if let Some(holder) = self.holder.take() {
            let _ = self.wait(QUERY_TIMEOUT, async move {
                holder
                    .execute("SELECT pg_advisory_unlock($1)", &[&SERVER_LOCK])
                    .await?;
                Ok(())
            });
        }
        // Dropping a runtime waits for its threads, which a caller inside
        // another runtime may not do.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A connection of its own holding [`SERVER_LOCK`], or why not.
async fn hold(config: tokio_postgres::Config) -> Result<tokio_postgres::Client> {
    let (client, connection) = config.connect(NoTls).await?;
    tokio::spawn(connection);
    let taken: bool = client
        .query_one("SELECT pg_try_advisory_lock($1)", &[&SERVER_LOCK])
        .await?
        .try_get(0)?;
    if !taken {
        bail!(
            "another chess3d serve is using it (several servers on one database \
             are not supported yet: each would overwrite the others' games)"
        );
    }
    Ok(client)
}

/// The database's own error as one line: its message alone (its detail
/// and hint come on lines of their own), or the error as it is.
fn one_sentence(e: anyhow::Error) -> anyhow::Error {
    match e
        .downcast_ref::<tokio_postgres::Error>()
        .and_then(|e| e.as_db_error())
    {
        Some(db) => anyhow!("{}", db.message()),
        None => e,
    }
}

/// Brings the schema up to date, in one transaction under
/// [`MIGRATION_LOCK`]. Refuses a database whose `games` table is not
/// chess3d's, and one a newer chess3d has migrated further.
async fn migrate(pool: &Pool) -> Result<()> {
    let mut db = connection(pool).await?;
    let tx = db.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    // Which of the two tables are there (names as literals: to_regclass
    // takes a cstring before PostgreSQL 14).
    let there = tx
        .query_one(
            "SELECT to_regclass('chess3d_schema') IS NOT NULL, to_regclass('games') IS NOT NULL",
            &[],
        )
        .await?;
    let (has_schema, has_games): (bool, bool) = (there.try_get(0)?, there.try_get(1)?);
    let done: i32 = if has_schema {
        tx.query_one("SELECT version FROM chess3d_schema", &[])
            .await?
            .try_get(0)?
    } else if has_games {
        bail!("it has a games table that is not chess3d's (give another database with --db)");
    } else {
        tx.batch_execute(
            "CREATE TABLE chess3d_schema (version INTEGER NOT NULL);
             INSERT INTO chess3d_schema VALUES (0);",
        )
        .await?;
        0
    };
    let known = MIGRATIONS.len() as i32;
    if done > known {
        bail!("it was made by a newer chess3d (schema {done}; this one knows {known})");
    }
    if done < 0 {
        bail!("its schema version is {done}, which no chess3d writes");
    }
    for step in &MIGRATIONS[done as usize..] {
        tx.batch_execute(step).await?;
    }
    tx.execute("UPDATE chess3d_schema SET version = $1", &[&known])
        .await?;
    tx.commit().await?;
    Ok(())
}
