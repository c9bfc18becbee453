//! What the tests against PostgreSQL share (the server crate's and the
//! command line's, which includes this file by its path): the throwaway
//! server scripts/with-postgres started, a fresh database on it for each
//! test, and a server of a test's own that it may stop and start.
#![allow(dead_code)] // each test crate uses its part

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The throwaway PostgreSQL server's address, without a database.
pub fn postgres_server() -> String {
    std::env::var("CHESS3D_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "CHESS3D_TEST_POSTGRES is not set: run the tests under scripts/with-postgres \
             (scripts/test does), which starts a throwaway PostgreSQL server"
        )
    })
}

/// Runs `sql` on `database` of the server at `server`.
pub fn admin(server: &str, database: &str, sql: &str) {
    let url = format!("{server}/{database}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot reach the test server at {url}: {e}"));
        tokio::spawn(connection);
        client
            .batch_execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    });
}

/// A name no other test of any test program uses: `name`, the process and
/// a counter.
pub fn unique(name: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{name}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// A new, empty database on the server at `server`: its URL.
pub fn new_database(server: &str, name: &str) -> String {
    let database = format!("chess3d_{}", unique(name)).to_lowercase();
    admin(server, "postgres", &format!("CREATE DATABASE {database}"));
    format!("{server}/{database}")
}

/// A runtime of two threads: for hubs (their clocks' timers, the changes
/// they follow) and for clients.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Creates a game on the server at `addr`: the answer, 201 asserted.
pub async fn create(addr: std::net::SocketAddr, body: serde_json::Value) -> serde_json::Value {
    let (status, created) =
        chess3d_server::loadtest::http(addr, "POST", "/api/v1/games", Some(&body))
            .await
            .unwrap();
    assert_eq!(status, 201, "{created}");
    created
}

/// A loopback port nothing listens on (taken from the system and closed
/// again).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A PostgreSQL server of the test's own (scripts/with-postgres, kept
/// running until the value is dropped), which the test may stop and
/// start: the shared server must not stop under the other tests.
pub struct Cluster {
    child: Child,
    /// Its address, without a database.
    pub url: String,
    /// Its `stop` and `start` command (CHESS3D_TEST_POSTGRES_CTL).
    ctl: String,
}

impl Cluster {
    pub fn start() -> Cluster {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/with-postgres");
        // The command beside the server tells where it is, then waits for
        // its input to close (the test's end).
        let mut child = Command::new(script)
            .args([
                "sh",
                "-c",
                "echo \"at $CHESS3D_TEST_POSTGRES $CHESS3D_TEST_POSTGRES_CTL\"; exec cat >/dev/null",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {script}: {e}"));
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let found = lines.map_while(Result::ok).find_map(|line| {
            let mut words = line.split(' ');
            match (words.next(), words.next(), words.next()) {
                (Some("at"), Some(url), Some(ctl)) => Some((url.to_string(), ctl.to_string())),
                _ => None,
            }
        });
        let (url, ctl) = found.expect("scripts/with-postgres did not start a server");
        Cluster { child, url, ctl }
    }

    /// `stop` (fast: the connections are closed, what was committed is
    /// kept) or `start` the server.
    pub fn ctl(&self, what: &str) {
        let status = Command::new(&self.ctl)
            .arg(what)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{} {what}: {status}", self.ctl);
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Its input closed, the command ends, and the script removes the
        // server.
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// A server on a free loopback port storing its games in the SQLite file
/// `db`, run by the test's runtime: its address once it listens.
pub async fn serve_sqlite(
    db: std::path::PathBuf,
    config: chess3d_server::Config,
) -> std::net::SocketAddr {
    serve_db(chess3d_server::Database::File(db), config).await
}

/// A server (as `chess3d serve` runs it) on a free loopback port, on the
/// database `db`, run by the test's runtime: its address once it listens.
pub async fn serve_db(
    db: chess3d_server::Database,
    config: chess3d_server::Config,
) -> std::net::SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let any: std::net::SocketAddr = "127.0.0.1:0".parse().unwrap();
    tokio::spawn(chess3d_server::serve(
        any,
        db,
        chess3d_server::Page::BuiltIn,
        config,
        move |at| {
            let _ = tx.send(at);
        },
    ));
    rx.await.unwrap()
}

/// An empty folder of the test `name` of the test program `program`, in
/// the system's temporary folder.
pub fn temp_dir(program: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chess3d-{program}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The API's answer to a POST of `body` to `path`: status and JSON.
pub async fn post(
    addr: std::net::SocketAddr,
    path: &str,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    chess3d_server::loadtest::http(addr, "POST", path, Some(&body))
        .await
        .unwrap()
}

/// The API's answer to a GET of `path`: status and JSON.
pub async fn get(addr: std::net::SocketAddr, path: &str) -> (u16, serde_json::Value) {
    chess3d_server::loadtest::http(addr, "GET", path, None)
        .await
        .unwrap()
}

/// An action on game `id` (`body` holds its token and action).
pub async fn act(
    addr: std::net::SocketAddr,
    id: &str,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    post(addr, &format!("/api/v1/games/{id}/actions"), body).await
}

/// Plays `text` for `token`, which must be accepted; the new state.
pub async fn moved(
    addr: std::net::SocketAddr,
    id: &str,
    token: &str,
    text: &str,
) -> serde_json::Value {
    let (status, v) = act(
        addr,
        id,
        serde_json::json!({ "token": token, "action": "move", "move": text }),
    )
    .await;
    assert_eq!(status, 200, "{text}: {v}");
    v
}

/// An error answer's sentence.
pub fn error(v: &serde_json::Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

/// The API's answer to a DELETE of `path`: status and JSON.
pub async fn http_delete(addr: std::net::SocketAddr, path: &str) -> (u16, serde_json::Value) {
    chess3d_server::loadtest::http(addr, "DELETE", path, None)
        .await
        .unwrap()
}

/// A server of the test `name` of the test program `program` on a fresh
/// SQLite file, its limits on new games, actions and reads lifted (the
/// tests play faster than a person, all from one address).
pub async fn serve_lifted(program: &str, name: &str) -> std::net::SocketAddr {
    let config = chess3d_server::Config {
        creates_per_minute: 100_000,
        actions_per_second: 100_000,
        reads_per_second: 100_000,
        ..chess3d_server::Config::default()
    };
    serve_sqlite(temp_dir(program, name).join("games.db"), config).await
}
