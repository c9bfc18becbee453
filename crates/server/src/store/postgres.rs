//! The games in PostgreSQL, for several servers sharing them: a pool of
//! connections (deadpool over tokio-postgres), the schema brought up to
//! date at start by versioned steps.
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
/// so that servers starting together migrate one after the other ("c3d").
const MIGRATION_LOCK: i64 = 0x0063_3364;

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

pub struct PgStore {
    pool: Pool,
    /// The store's own runtime (see the module's comment); shut down
    /// without waiting when the store is dropped, wherever that happens.
    runtime: Option<tokio::runtime::Runtime>,
}

impl PgStore {
    /// Connects to the database at `url` and brings its schema up to date.
    /// Fails with one sentence when the URL is not one, the server cannot
    /// be reached, or the database is not (or no longer) chess3d's.
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
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("chess3d-postgres")
            .enable_all()
            .build()
            .map_err(|e| anyhow!("cannot start the database's runtime: {e}"))?;
        let manager = Manager::from_config(
            config,
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
        let store = PgStore {
            pool,
            runtime: Some(runtime),
        };
        store
            .run(|pool| async move { migrate(&pool).await })
            .map_err(|e| anyhow!("cannot use the database {shown}: {e:#}"))?;
        Ok(store)
    }

    /// Runs `work` on the store's runtime and waits for its result.
    fn run<T, F>(&self, work: impl FnOnce(Pool) -> F) -> Result<T>
    where
        T: Send + 'static,
        F: Future<Output = Result<T>> + Send + 'static,
    {
        let runtime = self
            .runtime
            .as_ref()
            .expect("the runtime lives as long as the store");
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let job = work(self.pool.clone());
        runtime.spawn(async move {
            let _ = tx.send(job.await);
        });
        rx.recv()
            .map_err(|_| anyhow!("the database's runtime stopped"))?
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

    pub fn delete_unchanged_since(&self, cutoff: u64) -> Result<Vec<String>> {
        let cutoff = i64::try_from(cutoff).unwrap_or(i64::MAX);
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
        // Dropping a runtime waits for its threads, which a caller inside
        // another runtime may not do.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
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
    let has = |table: &'static str| {
        let tx = &tx;
        async move {
            let row = tx
                .query_one("SELECT to_regclass($1) IS NOT NULL", &[&table])
                .await?;
            Ok::<bool, anyhow::Error>(row.try_get(0)?)
        }
    };
    let done: i32 = if has("chess3d_schema").await? {
        tx.query_one("SELECT version FROM chess3d_schema", &[])
            .await?
            .try_get(0)?
    } else if has("games").await? {
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
    for step in &MIGRATIONS[done as usize..] {
        tx.batch_execute(step).await?;
    }
    tx.execute("UPDATE chess3d_schema SET version = $1", &[&known])
        .await?;
    tx.commit().await?;
    Ok(())
}
