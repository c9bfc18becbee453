//! The games in PostgreSQL, shared by several servers: a pool of
//! connections (deadpool over tokio-postgres), the schema brought up to
//! date at start by versioned steps, every change announced to the other
//! servers (`NOTIFY` on [`CHANNEL`]) and every engine turn leased to one
//! server at a time ([`TURN_LEASE`]).
//!
//! The hub calls the store from blocking threads, engine threads and the
//! clocks' timers alike, so the store keeps a small runtime of its own and
//! waits for each query there: a caller never needs to be inside (or
//! outside) any other runtime. The runtime also follows the other
//! servers' changes on a connection of its own, made again when it is
//! lost, and renews this server's leases every second.

use std::future::Future;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use deadpool_postgres::{
    Manager, ManagerConfig, Object, Pool, PoolError, RecyclingMethod, Runtime,
};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, NoTls};

use super::{redact, Change, GameRow, Saved, Stored, Unavailable};

/// How long a query waits for a connection (or for one to be made) before
/// it fails: a database that is down is reported, not waited on forever.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections kept open at most.
const POOL_SIZE: usize = 16;

/// Taken (`pg_advisory_xact_lock`) while the schema is brought up to date,
/// so that servers starting together migrate one after the other.
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
    // 2: what the players read last, the rematch, and when the clocks'
    // times were taken (milliseconds since 1970), as the SQLite file's
    // fifth step; and the engine's turns, each leased to the one server
    // that searches it, until a time that server keeps moving on.
    "ALTER TABLE games ADD COLUMN note TEXT,
        ADD COLUMN rematch_offer SMALLINT,
        ADD COLUMN rematch TEXT,
        ADD COLUMN clock_at BIGINT;
    CREATE TABLE engine_turns (
        id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version BIGINT NOT NULL,
        server TEXT NOT NULL,
        until TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX engine_turns_server ON engine_turns (server);",
    // 3: the game's terms and open requests beyond the columns (JSON:
    // hints allowed, a takeback asked for, the hints given), as the
    // SQLite file's sixth step.
    "ALTER TABLE games ADD COLUMN extra JSONB;",
    // 4: the lobby: players, ratings, challenges, results (issue 58), as
    // the SQLite file's seventh step.
    super::lobby::SCHEMA,
    // 5: each lobby game's spectators on each server, as the SQLite
    // file's eighth step.
    super::lobby::SPECTATORS_SCHEMA,
];

/// Where every stored change is announced, as `ID VERSION SERVER`.
const CHANNEL: &str = "chess3d_games";

/// How long an engine turn stays a server's without being renewed: about
/// the time another server waits before it takes over the turn of a
/// server that died. Renewed every [`RENEW_EVERY`].
pub const TURN_LEASE: Duration = Duration::from_secs(3);
const RENEW_EVERY: Duration = Duration::from_secs(1);

/// How often a lost notification connection is tried again, and how
/// often (and how long at most) it is asked whether it still answers.
const RECONNECT_EVERY: Duration = Duration::from_secs(1);
const PING_EVERY: Duration = Duration::from_secs(5);

/// How long a query may take, from waiting for a connection to its
/// answer: a database that stops answering fails the change (which is
/// undone and reported) rather than holding the game.
const QUERY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the start (connecting, the schema's steps) may take.
const START_TIMEOUT: Duration = Duration::from_secs(60);

pub struct PgStore {
    pool: Pool,
    /// This server's name in its notifications and leases: new at every
    /// start.
    server: String,
    /// The other servers' changes, until the hub takes them.
    changes: Mutex<Option<UnboundedReceiver<Change>>>,
    /// The store's own runtime (see the module's comment); shut down
    /// without waiting when the store is dropped, wherever that happens.
    runtime: Option<tokio::runtime::Runtime>,
}

impl PgStore {
    /// Connects to the database at `url`, brings its schema up to date,
    /// and starts following the other servers' changes. Fails with one
    /// sentence when the URL is not one, the server cannot be reached, or
    /// the database is not (or no longer) chess3d's.
    pub fn connect(url: &str) -> Result<PgStore> {
        let shown = redact(url);
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| {
            let why = anyhow::Error::new(e);
            anyhow!("--db {shown} is not a PostgreSQL URL: {why:#}")
        })?;
        config.connect_timeout(CONNECT_TIMEOUT);
        // A connection whose server vanished without a word (a network
        // cut) is found out within about a minute, not hours.
        config.keepalives_idle(Duration::from_secs(30));
        if config.get_application_name().is_none() {
            config.application_name("chess3d");
        }
        // A change's transaction whose server went away mid-change (killed,
        // cut off) must not hold its game's row for long.
        if config.get_options().is_none() {
            config.options("-c idle_in_transaction_session_timeout=15000");
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
        let (tx, rx) = unbounded_channel();
        let store = PgStore {
            pool,
            server: crate::seats::new_secret()[..12].to_string(),
            changes: Mutex::new(Some(rx)),
            runtime: Some(runtime),
        };
        let pool = store.pool.clone();
        store
            .wait(START_TIMEOUT, async move { migrate(&pool).await })
            .map_err(|e| anyhow!("cannot use the database {shown}: {e:#}"))?;
        // Following from before the first change this server makes: none
        // stored after the start is missed.
        let (ready, listening) = tokio::sync::oneshot::channel();
        store
            .runtime()
            .spawn(follow(config, store.server.clone(), tx, ready));
        store
            .runtime()
            .spawn(renew(store.pool.clone(), store.server.clone()));
        store
            .wait(START_TIMEOUT, async move {
                listening
                    .await
                    .map_err(|_| anyhow!("the notifications stopped"))?
            })
            .map_err(|e| anyhow!("cannot follow the changes in {shown}: {e:#}"))?;
        Ok(store)
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .expect("the runtime lives as long as the store")
    }

    /// Runs `job` on the store's runtime and waits for its result, for
    /// `limit` at most.
    fn wait<T: Send + 'static>(
        &self,
        limit: Duration,
        job: impl Future<Output = Result<T>> + Send + 'static,
    ) -> Result<T> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.runtime().spawn(async move {
            let done = match tokio::time::timeout(limit, job).await {
                Ok(done) => done.map_err(one_sentence),
                Err(_) => Err(anyhow::Error::new(Unavailable(format!(
                    "the database did not answer within {} s",
                    limit.as_secs()
                )))),
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

    /// See [`super::Store::save`]. A change is one transaction: until its
    /// commit is sent, a failure (a timeout, a lost connection) leaves it
    /// rolled back; after, the outcome is unknown until the row is read
    /// settled ([`super::Uncertain`]).
    pub fn save(&self, row: &GameRow, previous: Option<i64>) -> Result<Saved> {
        let (seats, clock, extra) = super::encode(row)?;
        let row = row.clone();
        // What the other servers are told: the game, its version, and who
        // changed it (a server passes over its own changes).
        let notice = format!("{} {} {}", row.id, row.version, self.server);
        let committing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sent = std::sync::Arc::clone(&committing);
        let saved = self.run(move |pool| async move {
            let mut db = connection(&pool).await?;
            let (version, now) = (row.version as i64, super::now_secs());
            let draw_offer = row.draw_offer.map(i16::from);
            let rematch_offer = row.rematch_offer.map(i16::from);
            let clock_at = row.clock_at.map(|ms| ms as i64);
            let values: [&(dyn ToSql + Sync); 14] = [
                &row.id,
                &row.game,
                &row.mode,
                &row.record,
                &seats,
                &draw_offer,
                &version,
                &now,
                &clock,
                &row.note,
                &rematch_offer,
                &row.rematch,
                &clock_at,
                &extra,
            ];
            let stored = match previous {
                // A new game: a lost answer leaves at most a game nobody
                // holds a token of, which expires.
                None => {
                    let statement = db.prepare_cached(INSERT).await?;
                    db.execute(&statement, &values).await? == 1
                }
                Some(previous) => {
                    let tx = db.transaction().await?;
                    let statement = tx.prepare_cached(UPDATE).await?;
                    let mut values = values.to_vec();
                    values.push(&previous);
                    values.push(&notice);
                    let stored = tx.query(&statement, &values).await?.len() == 1;
                    sent.store(true, std::sync::atomic::Ordering::SeqCst);
                    tx.commit().await?;
                    stored
                }
            };
            Ok(if stored { Saved::Stored } else { Saved::Stale })
        });
        saved.map_err(|e| {
            if committing.load(std::sync::atomic::Ordering::SeqCst) {
                anyhow::Error::new(super::Uncertain(format!(
                    "the change was sent but its commit was not confirmed: {e:#}"
                )))
            } else {
                e
            }
        })
    }

    /// Runs `work` in one transaction, on a blocking thread of the
    /// store's runtime (its statements wait there), for [`QUERY_TIMEOUT`]
    /// at most (each statement too: `statement_timeout`).
    pub fn in_transaction<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut dyn super::sql::Sql) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let (pool, server) = (self.pool.clone(), self.server.clone());
        let runtime = self.runtime().handle().clone();
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let committing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sent = std::sync::Arc::clone(&committing);
        let started = std::time::Instant::now();
        self.runtime().spawn_blocking(move || {
            let done = (|| {
                let mut db = runtime.block_on(connection(&pool))?;
                let transaction = runtime.block_on(db.transaction())?;
                runtime.block_on(transaction.batch_execute(&format!(
                    "SET LOCAL statement_timeout = {}",
                    QUERY_TIMEOUT.as_millis()
                )))?;
                let mut sql = super::sql::Pg {
                    runtime: runtime.clone(),
                    tx: transaction,
                    server: &server,
                };
                let value = work(&mut sql)?;
                // Past its time the caller has been told it failed: it is
                // rolled back (dropped), not committed behind its back.
                if started.elapsed() > QUERY_TIMEOUT {
                    bail!(Unavailable(
                        "the database was too slow: nothing was changed".into()
                    ));
                }
                sent.store(true, std::sync::atomic::Ordering::SeqCst);
                runtime.block_on(sql.tx.commit())?;
                Ok(value)
            })()
            .map_err(one_sentence);
            let _ = tx.send(done);
        });
        rx.recv_timeout(QUERY_TIMEOUT + Duration::from_secs(5))
            .map_err(|_| {
                let late = format!(
                    "the database did not answer within {} s",
                    QUERY_TIMEOUT.as_secs()
                );
                if committing.load(std::sync::atomic::Ordering::SeqCst) {
                    anyhow::Error::new(super::Uncertain(late))
                } else {
                    anyhow::Error::new(Unavailable(late))
                }
            })?
    }

    /// See [`super::Store::claim_turn`].
    pub fn claim_turn(&self, id: &str, version: i64) -> Result<bool> {
        let (id, server) = (id.to_string(), self.server.clone());
        self.run(move |pool| async move {
            let db = connection(&pool).await?;
            let statement = db.prepare_cached(CLAIM).await?;
            let lease = TURN_LEASE.as_secs_f64();
            Ok(db
                .execute(&statement, &[&id, &version, &server, &lease])
                .await?
                == 1)
        })
    }

    /// See [`super::Store::release_turn`].
    pub fn release_turn(&self, id: &str, version: i64) -> Result<()> {
        let (id, server) = (id.to_string(), self.server.clone());
        self.run(move |pool| async move {
            let db = connection(&pool).await?;
            db.execute(
                "DELETE FROM engine_turns WHERE id = $1 AND version = $2 AND server = $3",
                &[&id, &version, &server],
            )
            .await?;
            Ok(())
        })
    }

    /// See [`super::Store::take_changes`].
    pub fn take_changes(&self) -> Option<UnboundedReceiver<Change>> {
        self.changes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    pub fn load(&self, id: &str) -> Result<Option<GameRow>> {
        self.read(id, SELECT)
    }

    /// See [`super::Store::load_settled`]: the share lock waits for a
    /// transaction holding the row (a commit under way) to end.
    pub fn load_settled(&self, id: &str) -> Result<Option<GameRow>> {
        self.read(id, SELECT_SETTLED)
    }

    fn read(&self, id: &str, select: &'static str) -> Result<Option<GameRow>> {
        let id = id.to_string();
        let stored = self.run(move |pool| async move {
            let db = connection(&pool).await?;
            let statement = db.prepare_cached(select).await?;
            let Some(r) = db.query_opt(&statement, &[&id]).await? else {
                return Ok(None);
            };
            let side = |column: usize| -> Result<Option<u8>> {
                let side: Option<i16> = r.try_get(column)?;
                side.map(|s| u8::try_from(s).map_err(|_| anyhow!("side {s} in column {column}")))
                    .transpose()
            };
            Ok(Some(Stored {
                id: r.try_get(0)?,
                game: r.try_get(1)?,
                mode: r.try_get(2)?,
                record: r.try_get(3)?,
                seats: r.try_get(4)?,
                draw_offer: side(5)?,
                version: r.try_get(6)?,
                clock: r.try_get(7)?,
                note: r.try_get(8)?,
                rematch_offer: side(9)?,
                rematch: r.try_get(10)?,
                clock_at: r.try_get(11)?,
                extra: r.try_get(12)?,
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

impl Drop for PgStore {
    fn drop(&mut self) {
        // Dropping a runtime waits for its threads, which a caller inside
        // another runtime may not do.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A game's row.
const SELECT: &str = "SELECT id, game, mode, record, seats::text, draw_offer, version,
        clock::text, note, rematch_offer, rematch, clock_at, extra::text
    FROM games WHERE id = $1";
const SELECT_SETTLED: &str = "SELECT id, game, mode, record, seats::text, draw_offer, version,
        clock::text, note, rematch_offer, rematch, clock_at, extra::text
    FROM games WHERE id = $1 FOR SHARE";

/// Stores a new game, unless its id is taken.
const INSERT: &str = "INSERT INTO games (id, game, mode, record, seats, draw_offer, version,
        updated, clock, note, rematch_offer, rematch, clock_at, extra)
    VALUES ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $9::text::jsonb, $10, $11, $12, $13,
        $14::text::jsonb)
    ON CONFLICT (id) DO NOTHING";

/// Replaces a game's row if it is still at version $15 (one row back
/// then). A new version ends the engine turn leased for the old one, and
/// is announced ($16).
const UPDATE: &str = "WITH saved AS (
        UPDATE games SET record = $4, seats = $5::text::jsonb, draw_offer = $6,
            version = $7, updated = $8, clock = $9::text::jsonb, note = $10,
            rematch_offer = $11, rematch = $12, clock_at = $13, extra = $14::text::jsonb
        WHERE id = $1 AND game = $2 AND mode = $3 AND version = $15
        RETURNING id),
    ended AS (
        DELETE FROM engine_turns WHERE id IN (SELECT id FROM saved) AND version < $7)
    SELECT id, CASE WHEN $7 <> $15 THEN pg_notify('chess3d_games', $16)::text END FROM saved";

/// Leases game $1's engine turn at version $2 to server $3 for $4
/// seconds, if the game is at that version and the turn is nobody's, a
/// past version's, this server's already, or its lease has lapsed (its
/// server died). One row changed when the turn is this server's. (A
/// claim for a version whose game has just moved on may pass the EXISTS
/// test on the statement's snapshot: `<`, not `<>`, keeps it from taking
/// a newer version's lease.)
const CLAIM: &str = "INSERT INTO engine_turns (id, version, server, until)
    SELECT $1, $2, $3, now() + make_interval(secs => $4)
    WHERE EXISTS (SELECT 1 FROM games WHERE id = $1 AND version = $2)
    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, server = EXCLUDED.server,
        until = EXCLUDED.until
    WHERE engine_turns.version < EXCLUDED.version OR engine_turns.server = EXCLUDED.server
        OR engine_turns.until < now()";

/// Keeps server $1's leases for $2 more seconds.
const RENEW: &str =
    "UPDATE engine_turns SET until = now() + make_interval(secs => $2) WHERE server = $1";

/// A connection from the pool, or why there is none in one sentence (the
/// pool's own error repeats its cause).
async fn connection(pool: &Pool) -> Result<Object> {
    pool.get().await.map_err(|e| match e {
        PoolError::Backend(e) => anyhow::Error::new(e),
        PoolError::Timeout(_) => anyhow::Error::new(Unavailable(format!(
            "no connection to the database within {} s",
            CONNECT_TIMEOUT.as_secs()
        ))),
        e => anyhow!("{e}"),
    })
}

/// Renews this server's leases every [`RENEW_EVERY`], for as long as the
/// store's runtime runs; a renewal that fails is tried at the next tick
/// (the lease lasts three).
async fn renew(pool: Pool, server: String) {
    let mut ticks = tokio::time::interval(RENEW_EVERY);
    loop {
        ticks.tick().await;
        let renewed = async {
            let db = connection(&pool).await?;
            let statement = db.prepare_cached(RENEW).await?;
            let lease = TURN_LEASE.as_secs_f64();
            db.execute(&statement, &[&server, &lease]).await?;
            anyhow::Ok(())
        };
        let _ = tokio::time::timeout(TURN_LEASE, renewed).await;
    }
}

/// Follows the other servers' changes for as long as the hub takes them:
/// a connection of its own listening on [`CHANNEL`], made again when it
/// is lost (after which any game may have changed: [`Change::Resume`]).
/// `ready` is told once the first connection listens, or why it cannot.
async fn follow(
    config: tokio_postgres::Config,
    server: String,
    changes: UnboundedSender<Change>,
    ready: tokio::sync::oneshot::Sender<Result<()>>,
) {
    let mut ready = Some(ready);
    let mut lost = false;
    while !changes.is_closed() {
        let listened = listen(&config, &server, &changes, lost, &mut ready).await;
        if let (Err(e), Some(ready)) = (&listened, ready.take()) {
            let _ = ready.send(Err(anyhow!("{e:#}")));
            return;
        }
        if let Err(e) = listened {
            if !lost {
                eprintln!(
                    "the database's notifications stopped: {:#}; trying again every {} s",
                    one_sentence(e),
                    RECONNECT_EVERY.as_secs()
                );
            }
            lost = true;
        }
        tokio::time::sleep(RECONNECT_EVERY).await;
    }
}

/// One notification connection, until it is lost (an error) or nobody
/// takes the changes; `resumed` after an earlier one was lost. Tells
/// `ready`, if still waiting, once it listens.
async fn listen(
    config: &tokio_postgres::Config,
    server: &str,
    changes: &UnboundedSender<Change>,
    resumed: bool,
    ready: &mut Option<tokio::sync::oneshot::Sender<Result<()>>>,
) -> Result<()> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let (tx, mut notices) = unbounded_channel();
    // The connection's messages: the notifications passed on, the rest
    // dropped; ends with the connection.
    tokio::spawn(async move {
        while let Some(Ok(message)) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            if let AsyncMessage::Notification(n) = message {
                if tx.send(n.payload().to_string()).is_err() {
                    return;
                }
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    if let Some(ready) = ready.take() {
        let _ = ready.send(Ok(()));
    }
    if resumed {
        eprintln!("the database's notifications are back");
        if changes.send(Change::Resume).is_err() {
            return Ok(());
        }
    }
    // A connection whose server vanished without a word (a network cut)
    // sends nothing: asked every few seconds, it is found out.
    let mut pings = tokio::time::interval(PING_EVERY);
    loop {
        tokio::select! {
            notice = notices.recv() => {
                let Some(notice) = notice else {
                    bail!("the connection was lost");
                };
                let Some(change) = change_of(&notice, server) else {
                    continue;
                };
                if changes.send(change).is_err() {
                    return Ok(());
                }
            }
            _ = pings.tick() => {
                tokio::time::timeout(PING_EVERY, client.simple_query(""))
                    .await
                    .map_err(|_| anyhow!("no answer within {} s", PING_EVERY.as_secs()))??;
            }
        }
    }
}

/// The change a notice (`ID VERSION SERVER`, or `lobby SERVER`) tells
/// of, unless `server` made it or the notice is not one of chess3d's.
fn change_of(notice: &str, server: &str) -> Option<Change> {
    if let Some(by) = notice.strip_prefix("lobby ") {
        return (by != server && !by.contains(' ')).then_some(Change::Lobby);
    }
    let mut words = notice.split(' ');
    let (id, version, by) = (words.next()?, words.next()?.parse().ok()?, words.next()?);
    (by != server && words.next().is_none()).then(|| Change::Game {
        id: id.to_string(),
        version,
    })
}

/// The database's error as one line (its message alone: its detail and
/// hint come on lines of their own), marked [`Unavailable`] when it says
/// the database cannot be reached now: no connection, the connection
/// lost, or the server shutting down, starting or full.
fn one_sentence(e: anyhow::Error) -> anyhow::Error {
    if super::is_unavailable(&e) {
        return e;
    }
    let Some(pg) = e.downcast_ref::<tokio_postgres::Error>() else {
        return e;
    };
    let (message, unavailable) = match pg.as_db_error() {
        Some(db) => {
            let code = db.code().code();
            // Class 08: connection exceptions; 57P01-57P03: the server
            // shutting down or starting; 53300: too many connections;
            // 25006: read-only (a standby, during a failover).
            let unavailable = code.starts_with("08")
                || matches!(code, "57P01" | "57P02" | "57P03" | "53300" | "25006");
            (db.message().to_string(), unavailable)
        }
        None => {
            let io = std::error::Error::source(pg).is_some_and(|s| s.is::<std::io::Error>());
            (format!("{e:#}"), pg.is_closed() || io)
        }
    };
    if unavailable {
        anyhow::Error::new(Unavailable(message))
    } else {
        anyhow!("{message}")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_names_a_game_and_a_version_changed_by_another_server() {
        let game = |id: &str, version| {
            Some(Change::Game {
                id: id.into(),
                version,
            })
        };
        assert_eq!(change_of("abc 7 other", "me"), game("abc", 7));
        assert_eq!(change_of("abc 7 me", "me"), None);
        assert_eq!(change_of("lobby other", "me"), Some(Change::Lobby));
        assert_eq!(change_of("lobby me", "me"), None);
        for not_ours in [
            "lobby",
            "lobby a b",
            "",
            "abc",
            "abc x other",
            "abc 7",
            "abc 7 other more",
            "abc -1 x",
        ] {
            assert_eq!(change_of(not_ours, "me"), None, "{not_ours:?}");
        }
    }
}
