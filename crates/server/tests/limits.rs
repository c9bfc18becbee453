//! The server as a careless or hostile client meets it (issue 20): limits
//! per client, hostile sizes refused at once while other requests stay
//! fast, security headers, the Host and Origin checks, timeouts of idle
//! and silent clients, the engine queue, unloading and expiry, and tokens
//! kept as digests in a private file.

mod support;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chess3d_server::hub::{Action, Mode, NewGame};
use chess3d_server::loadtest::{http, http_text};
use chess3d_server::{Config, Hub, Page, Store};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::create;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

fn temp_dir(name: &str) -> PathBuf {
    support::temp_dir("limits", name)
}

async fn server_with(name: &str, config: Config) -> SocketAddr {
    support::serve_sqlite(temp_dir(name).join("games.db"), config).await
}

/// One raw HTTP/1.1 exchange: the whole answer (head and body) as text.
async fn raw(addr: SocketAddr, request: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    String::from_utf8_lossy(&answer).into_owned()
}

fn get_request(path: &str, host: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
}

/// Times GETs of `paths` every 10 ms until told to stop; the slowest, in
/// milliseconds, and how many were not 200.
fn probe(
    addr: SocketAddr,
    paths: Vec<String>,
) -> (Arc<AtomicBool>, tokio::task::JoinHandle<(f64, usize)>) {
    let stop = Arc::new(AtomicBool::new(false));
    let task = {
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            let (mut worst, mut failed) = (0.0f64, 0);
            while !stop.load(Ordering::Relaxed) {
                for path in &paths {
                    let start = Instant::now();
                    let (status, _) = http_text(addr, "GET", path, "").await.unwrap();
                    worst = worst.max(start.elapsed().as_secs_f64() * 1000.0);
                    failed += usize::from(status != 200);
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            (worst, failed)
        })
    };
    (stop, task)
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_carries_the_security_headers_and_the_api_is_never_cached() {
    let addr = server_with("headers", Config::default()).await;
    for path in ["/", "/api/v1/variants", "/api/v1/games/nope"] {
        let answer = raw(addr, &get_request(path, &addr.to_string())).await;
        let head = answer
            .split("\r\n\r\n")
            .next()
            .unwrap()
            .to_ascii_lowercase();
        for header in [
            "content-security-policy: default-src 'self'",
            "frame-ancestors 'none'",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: no-referrer",
        ] {
            assert!(head.contains(header), "{path}: no {header} in\n{head}");
        }
        assert_eq!(
            head.contains("cache-control: no-store"),
            path.starts_with("/api/"),
            "{path}: {head}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_loopback_server_answers_only_to_local_names() {
    let addr = server_with("host", Config::default()).await;
    let answer = raw(addr, &get_request("/api/v1/variants", "evil.example")).await;
    assert!(answer.starts_with("HTTP/1.1 421"), "{answer}");
    assert!(answer.contains("answers only to localhost"), "{answer}");
    for host in [format!("localhost:{}", addr.port()), addr.to_string()] {
        let answer = raw(addr, &get_request("/api/v1/variants", &host)).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{host}: {answer}");
    }
}

/// A game created with `X-Forwarded-For: forwarded`: its status.
async fn create_as(addr: SocketAddr, forwarded: &str) -> u16 {
    let body = json!({ "game": "chess" }).to_string();
    let answer = raw(
        addr,
        &format!(
            "POST /api/v1/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             X-Forwarded-For: {forwarded}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    answer.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Behind a trusted proxy, each client the proxy names has its own limits
/// (and so does the proxy's own address, for a request it names nobody
/// in); from anyone else, `X-Forwarded-For` changes nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_trusted_proxy_names_the_client_that_limits_count() {
    let limited = Config {
        creates_per_minute: 1,
        ..Config::default()
    };
    let proxied = server_with(
        "proxy",
        Config {
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            ..limited.clone()
        },
    )
    .await;
    assert_eq!(create_as(proxied, "203.0.113.1").await, 201);
    assert_eq!(create_as(proxied, "198.51.100.9, 203.0.113.2").await, 201);
    assert_eq!(create_as(proxied, "203.0.113.1").await, 429);
    // What the client wrote before the proxy's entry is not believed.
    assert_eq!(create_as(proxied, "203.0.113.9, 203.0.113.2").await, 429);
    assert_eq!(create_as(proxied, "unknown").await, 201);
    assert_eq!(create_as(proxied, "unknown").await, 429);

    let direct = server_with("no-proxy", limited).await;
    assert_eq!(create_as(direct, "203.0.113.1").await, 201);
    assert_eq!(create_as(direct, "203.0.113.2").await, 429);
}

#[tokio::test(flavor = "multi_thread")]
async fn creations_and_actions_are_limited_per_client_with_a_sentence() {
    let config = Config {
        creates_per_minute: 3,
        actions_per_second: 2,
        ..Config::default()
    };
    let addr = server_with("rate", config).await;
    let mut last = Value::Null;
    for _ in 0..3 {
        last = create(addr, json!({ "game": "chess" })).await;
    }
    let (status, refused) = http(
        addr,
        "POST",
        "/api/v1/games",
        Some(&json!({ "game": "chess" })),
    )
    .await
    .unwrap();
    assert_eq!(status, 429, "{refused}");
    let why = refused["error"].as_str().unwrap();
    assert!(
        why.contains("too many new games") && why.contains("try again in"),
        "{why}"
    );
    // Actions: a burst of three seconds' worth (6), then 429.
    let id = last["id"].as_str().unwrap();
    let token = last["token"].as_str().unwrap();
    let path = format!("/api/v1/games/{id}/actions");
    let mut statuses = Vec::new();
    for _ in 0..8 {
        let body = json!({ "token": token, "action": "move", "move": "e9e10" });
        statuses.push(http(addr, "POST", &path, Some(&body)).await.unwrap().0);
    }
    assert_eq!(statuses[..6], [422; 6], "{statuses:?}");
    assert_eq!(statuses[6..], [429; 2], "{statuses:?}");
}

/// 2 MB of move text over HTTP and over the WebSocket, and a 2 MB record,
/// are refused at once, while GETs of the same game and of the variants
/// all answer within 100 ms. Long texts under the body limit are refused
/// by the move reader's own cap, and records with too many tags too.
#[tokio::test(flavor = "multi_thread")]
async fn hostile_sizes_are_refused_at_once_while_gets_stay_fast() {
    let addr = server_with("sizes", Config::default()).await;
    let created = create(addr, json!({ "game": "polyhedron" })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let (stop, probing) = probe(
        addr,
        vec![
            format!("/api/v1/games/{id}"),
            "/api/v1/variants".to_string(),
        ],
    );
    let huge = "a1".repeat(1024 * 1024);
    let actions = format!("/api/v1/games/{id}/actions");

    let start = Instant::now();
    let body = json!({ "token": token, "action": "move", "move": huge });
    let (status, _) = http(addr, "POST", &actions, Some(&body)).await.unwrap();
    assert_eq!(status, 413, "a 2 MB body");
    let body = json!({ "game": "chess", "record": huge });
    let (status, _) = http(addr, "POST", "/api/v1/games", Some(&body))
        .await
        .unwrap();
    assert_eq!(status, 413, "a 2 MB record");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );

    // Under the body limit: the move reader's cap, and the record's.
    let long = "Bc2-".repeat(10_000);
    let body = json!({ "token": token, "action": "move", "move": long });
    let (status, refused) = http(addr, "POST", &actions, Some(&body)).await.unwrap();
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("at most 64 characters"),
        "{refused}"
    );
    let tags: String = (0..40).map(|i| format!("[Tag{i} \"x\"]\n")).collect();
    let body = json!({ "game": "chess", "record": format!("{tags}\n*\n") });
    let (status, refused) = http(addr, "POST", "/api/v1/games", Some(&body))
        .await
        .unwrap();
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("at most 32"),
        "{refused}"
    );
    // A record is text: a NUL in a tag (which PostgreSQL could not store)
    // is refused, with its line.
    let body = json!({ "game": "chess", "record": "[Event \"a\"]\n[Site \"b\u{0}c\"]\n\n*\n" });
    let (status, refused) = http(addr, "POST", "/api/v1/games", Some(&body))
        .await
        .unwrap();
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("U+0000) on line 2"),
        "{refused}"
    );

    // The WebSocket: a 2 MB message closes the connection.
    let url = format!("ws://{addr}/api/v1/games/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"type\":\"state\""));
    let message = json!({ "token": token, "action": "move", "move": huge }).to_string();
    let _ = ws.send(Message::Text(message.into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(2), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true), "the server closes a socket sent 2 MB");

    stop.store(true, Ordering::Relaxed);
    let (worst, failed) = probing.await.unwrap();
    assert_eq!(failed, 0);
    assert!(worst < 100.0, "the slowest GET took {worst:.1} ms");
    // Nothing was played.
    let (_, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None)
        .await
        .unwrap();
    assert_eq!(state["ply"], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn websockets_are_bounded_per_client_checked_for_origin_and_silent_ones_closed() {
    let config = Config {
        sockets_per_client: 2,
        ping_every: Duration::from_millis(200),
        ..Config::default()
    };
    let addr = server_with("sockets", config).await;
    let id = create(addr, json!({ "game": "chess" })).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let url = format!("ws://{addr}/api/v1/games/{id}/ws");
    // Another site's page may not open one.
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
            url.as_str(),
        )
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await.unwrap_err();
    assert!(refused.to_string().contains("403"), "{refused}");

    let (mut one, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (silent, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let third = tokio_tungstenite::connect_async(&url).await.unwrap_err();
    assert!(third.to_string().contains("429"), "{third}");
    // `silent` never reads, so never answers a ping: closed after two
    // missed pings, which frees its place. `one` reads (and so answers
    // pings) and stays open.
    let reader = tokio::spawn(async move {
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(1500) {
            if let Ok(Some(Err(e))) =
                tokio::time::timeout(Duration::from_millis(100), one.next()).await
            {
                panic!("the reading socket was closed: {e}");
            }
        }
        one
    });
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let (_again, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    drop(silent);
    let _one = reader.await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn idle_and_trickling_connections_are_closed() {
    let config = Config {
        header_timeout: Duration::from_millis(500),
        ..Config::default()
    };
    let addr = server_with("idle", config).await;
    // Connected, silent: closed.
    let mut silent = tokio::net::TcpStream::connect(addr).await.unwrap();
    let start = Instant::now();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), silent.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "a silent connection stays open");
    assert!(
        start.elapsed() >= Duration::from_millis(400),
        "{:?}",
        start.elapsed()
    );
    // Headers trickled a byte every 100 ms: closed before they end.
    let mut trickle = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = get_request("/api/v1/variants", "localhost");
    let start = Instant::now();
    let mut cut = false;
    for b in request.as_bytes() {
        if trickle.write_all(&[*b]).await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut answer = Vec::new();
    let _ = trickle.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(cut || !answer.contains(" 200 "), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(10));
    // A kept-alive connection left idle after an answer: closed too.
    let mut kept = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = "GET /api/v1/variants HTTP/1.1\r\nHost: localhost\r\n\r\n";
    kept.write_all(request.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), kept.read_to_end(&mut all)).await;
    assert!(read.is_ok(), "an idle kept-alive connection stays open");
    assert!(String::from_utf8_lossy(&all).starts_with("HTTP/1.1 200"));
}

/// One engine thread: the first engine game searches, the next wait with
/// 0 and 1 ahead, and the page is told.
#[tokio::test(flavor = "multi_thread")]
async fn engine_turns_wait_in_order_of_arrival() {
    let config = Config {
        engine_threads: 1,
        creates_per_minute: 100,
        ..Config::default()
    };
    let addr = server_with("queue", config).await;
    let engine_first = json!({ "game": "chess", "mode": "computer", "side": 1, "movetime": 3000 });
    let first = create(addr, engine_first.clone()).await;
    let second = create(addr, engine_first.clone()).await;
    let third = create(addr, engine_first).await;
    assert_eq!(first["state"]["queued"], Value::Null, "{}", first["state"]);
    assert_eq!(second["state"]["queued"], 0, "{}", second["state"]);
    assert_eq!(third["state"]["queued"], 1, "{}", third["state"]);
    // A GET answers at once meanwhile, with the same place.
    let id = third["id"].as_str().unwrap();
    let start = Instant::now();
    let (status, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None)
        .await
        .unwrap();
    assert_eq!((status, &state["queued"]), (200, &json!(1)));
    assert!(start.elapsed() < Duration::from_millis(200));
    // The first game resigns: its search stops, the second's starts and
    // the third moves up, which a GET shows without a new state.
    let token = first["token"].as_str().unwrap();
    let path = format!("/api/v1/games/{}/actions", first["id"].as_str().unwrap());
    let body = json!({ "token": token, "action": "resign" });
    assert_eq!(http(addr, "POST", &path, Some(&body)).await.unwrap().0, 200);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (_, state) = http(addr, "GET", &format!("/api/v1/games/{id}"), None)
            .await
            .unwrap();
        if state["queued"] == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "still {}", state["queued"]);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn hub_in(name: &str, config: Config) -> (Arc<Hub>, PathBuf) {
    let db = temp_dir(name).join("games.db");
    (Hub::with_config(Store::open(&db).unwrap(), config), db)
}

#[tokio::test(flavor = "multi_thread")]
async fn idle_games_are_unloaded_and_abandoned_ones_expire() {
    let config = Config {
        unload_after: Duration::ZERO,
        ..Config::default()
    };
    let (hub, db) = hub_in("sweep", config);
    let new = || NewGame {
        game: Some("chess".into()),
        ..NewGame::default()
    };
    let old = hub.create(new()).unwrap();
    let recent = hub.create(new()).unwrap();
    assert_eq!(hub.games_in_memory(), 2);
    // Nobody watches: both unloaded; the database keeps them.
    assert_eq!(hub.sweep().unwrap(), (2, 0));
    assert_eq!(hub.games_in_memory(), 0);
    let state = hub.get(&recent.id).unwrap().current_state();
    assert_eq!(state["id"], recent.id.as_str());
    // One game last changed 31 days ago: deleted; the other stays.
    let long_ago = chess3d_server::live::now_secs() - 31 * 24 * 3600;
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE games SET updated = ?1 WHERE id = ?2",
            rusqlite::params![long_ago as i64, old.id],
        )
        .unwrap();
    let (_, expired) = hub.sweep().unwrap();
    assert_eq!(expired, 1);
    let gone = hub.get(&old.id).err().expect("the old game is gone");
    assert_eq!(gone.kind, chess3d_server::error::Kind::NotFound);
    assert!(hub.get(&recent.id).is_ok());
}

#[tokio::test(flavor = "multi_thread")]
async fn tokens_are_kept_as_digests_in_a_file_only_its_owner_reads() {
    let (hub, db) = hub_in("digests", Config::default());
    let created = hub
        .create(NewGame {
            game: Some("chess".into()),
            mode: Some(Mode::Remote),
            ..NewGame::default()
        })
        .unwrap();
    let invite = created.invite.clone().unwrap();
    let joined = hub.join(&created.id, &invite, None).unwrap();
    let dump: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT seats FROM games", [], |r| r.get(0))
        .unwrap();
    for secret in [&created.token, &invite, &joined.token] {
        assert!(
            !dump.contains(secret.as_str()),
            "a secret in the database: {dump}"
        );
    }
    assert!(dump.contains(&chess3d_server::seats::digest(&created.token)));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&db).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }
    // The tokens play; a digest given as a token does not.
    hub.act(&created.id, Some(&created.token), Action::Resign)
        .unwrap();
    let digest = chess3d_server::seats::digest(&joined.token);
    let err = hub
        .act(&created.id, Some(&digest), Action::Undo)
        .unwrap_err();
    assert_eq!(err.kind, chess3d_server::error::Kind::Forbidden);
}

/// A database written before tokens were hashed (schema 1, plain tokens
/// in the seats) is migrated at start: the old token still plays.
#[tokio::test(flavor = "multi_thread")]
async fn an_old_database_with_plain_tokens_is_migrated() {
    let db = temp_dir("migrate").join("games.db");
    {
        let old = rusqlite::Connection::open(&db).unwrap();
        old.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, mode TEXT NOT NULL,
                record TEXT NOT NULL, seats TEXT NOT NULL, draw_offer INTEGER,
                version INTEGER NOT NULL DEFAULT 0, updated INTEGER NOT NULL);",
        )
        .unwrap();
        let seat = json!({ "player": "human", "skill": 20, "movetime": 1000, "token": "0123abcd", "invite": null });
        old.execute(
            "INSERT INTO games VALUES ('g1', 'chess', 'local', ?1, ?2, NULL, 0, ?3)",
            rusqlite::params![
                "[Game \"chess\"]\n\n*\n",
                json!([seat, seat]).to_string(),
                chess3d_server::live::now_secs() as i64
            ],
        )
        .unwrap();
    }
    let hub = Hub::new(Store::open(&db).unwrap());
    let played = Action::Move {
        r#move: "e2e4".into(),
        ply: None,
    };
    let state = hub.act("g1", Some("0123abcd"), played).unwrap();
    assert_eq!(state["ply"], 1);
    let seats: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT seats FROM games", [], |r| r.get(0))
        .unwrap();
    assert!(!seats.contains("0123abcd"), "{seats}");
}

/// A database that cannot be used is one sentence at start, never a panic.
#[test]
fn unusable_databases_are_one_clear_error() {
    let dir = temp_dir("bad");
    let open = |path: &std::path::Path| match Store::open(path) {
        Ok(_) => panic!("{} opened", path.display()),
        Err(e) => format!("{e:#}"),
    };
    let text = dir.join("notes.txt");
    std::fs::write(
        &text,
        "this is not a database, it is a long enough text file\n".repeat(20),
    )
    .unwrap();
    let err = open(&text);
    assert!(
        err.contains("not a chess3d database") && err.contains("not an SQLite file"),
        "{err}"
    );

    let foreign = dir.join("other.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE invoices (n INTEGER);")
        .unwrap();
    let err = open(&foreign);
    assert!(
        err.contains("not a chess3d database") && err.contains("invoices"),
        "{err}"
    );

    let locked = dir.join("locked.db");
    drop(Store::open(&locked).unwrap());
    let holder = rusqlite::Connection::open(&locked).unwrap();
    holder
        .execute_batch("PRAGMA journal_mode=DELETE; BEGIN EXCLUSIVE;")
        .ok();
    // In WAL mode an exclusive transaction does not stop readers: hold
    // the write lock as another server would.
    holder.execute_batch("BEGIN IMMEDIATE").ok();
    let err = open(&locked);
    assert!(err.contains("locked by another process"), "{err}");
    drop(holder);

    // A second server on a file in use: refused, not sharing its rows.
    let used = dir.join("used.db");
    let first = Store::open(&used).unwrap();
    let err = open(&used);
    assert!(err.contains("in use by another chess3d serve"), "{err}");
    drop(first);
    assert!(Store::open(&used).is_ok());
}

#[test]
fn a_page_folder_serves_neither_dotfiles_nor_links_out_of_it() {
    let dir = temp_dir("web");
    std::fs::write(dir.join("index.html"), "<p>page</p>").unwrap();
    std::fs::write(dir.join("app.js"), "// app").unwrap();
    std::fs::write(dir.join(".env"), "SECRET=1").unwrap();
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    std::fs::write(dir.join(".git/config"), "[core]").unwrap();
    let outside = temp_dir("web-outside").join("secret.txt");
    std::fs::write(&outside, "secret").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&outside, dir.join("linked.txt")).unwrap();
        std::os::unix::fs::symlink(dir.join(".env"), dir.join("env.txt")).unwrap();
    }
    let page = Page::new(Some(&dir)).unwrap();
    let body = |path: &str| {
        let answer = page.serve(&path.parse().unwrap());
        answer.status().as_u16()
    };
    assert_eq!(body("/"), 200);
    assert_eq!(body("/app.js"), 200);
    assert_eq!(
        body("/game/abc"),
        200,
        "the page's own routes get index.html"
    );
    for refused in [
        "/.env",
        "/.git/config",
        "/linked.txt",
        "/env.txt",
        "/../secret.txt",
        "/x/../.env",
        "/missing.js",
    ] {
        assert_eq!(body(refused), 404, "{refused}");
    }
    let err = Page::new(Some(&dir.join("nope"))).unwrap_err().to_string();
    assert!(err.contains("cannot use the page folder"), "{err}");
}
