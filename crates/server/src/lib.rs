//! The chess3d web server (`chess3d serve`): a JSON + WebSocket API for
//! every game (docs/api.md), the games stored after every change (in an
//! SQLite file, or in PostgreSQL, which several servers share), the
//! engine playing on the server, and the web page's files.
//!
//! - [`api`]: the routes, and the checks every request passes (limits,
//!   headers, host);
//! - [`hub`]: the players' actions on games, and the engine's turns; kept
//!   in step with other servers on a shared database;
//! - [`registry`]: the games in memory, loaded and unloaded;
//! - [`live`]: one game in memory;
//! - [`seats`]: seats, tokens and invitations;
//! - [`engine_pool`]: the engine searches of all games, bounded and queued;
//! - [`events`]: what watchers of a game receive;
//! - [`limits`]: limits per client address;
//! - [`store`]: the database (SQLite or PostgreSQL);
//! - [`table`]: one game behind a trait object, whatever game it is;
//! - [`scene`]: what the page draws of a position;
//! - [`page`]: the web page's files;
//! - [`config`]: every limit and its default;
//! - [`loadtest`]: many games played at once over WebSocket.

pub mod analysis;
pub mod api;
pub mod config;
pub mod engine_pool;
pub mod error;
pub mod events;
pub mod hub;
pub mod limits;
pub mod live;
pub mod loadtest;
pub mod lobby;
pub mod page;
pub mod premoves;
pub mod registry;
pub mod scene;
pub mod seats;
pub mod store;
pub mod table;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use tower::ServiceExt;

pub use config::Config;
pub use hub::Hub;
pub use page::Page;
pub use store::{Database, Store};

/// Ctrl-C, or SIGTERM (what service managers send).
async fn stop_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => return std::future::pending().await,
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Serves until Ctrl-C or SIGTERM, then stores the clocks of the games in
/// memory as they stand. `ready` gets the address once it listens.
pub async fn serve(
    addr: SocketAddr,
    db: Database,
    page: Page,
    mut config: Config,
    ready: impl FnOnce(SocketAddr),
) -> Result<()> {
    // A server on loopback answers only to local names (DNS rebinding).
    config.loopback_only = addr.ip().is_loopback();
    let store = Store::connect(&db)?;
    let hub = Hub::with_config(store, config.clone());
    // Several servers on one PostgreSQL database: each follows the
    // others' changes.
    hub.follow_changes();
    let limits = limits::Limits::new(&config);
    let app = api::router(Arc::clone(&hub), Arc::clone(&limits), page);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    ready(listener.local_addr()?);
    tokio::spawn(sweep(Arc::clone(&hub), limits));
    let connections = limits::Connections::new(&config);
    let shutdown = stop_signal();
    tokio::pin!(shutdown);
    let stop = || {
        let hub = Arc::clone(&hub);
        async move {
            let _ = tokio::task::spawn_blocking(move || hub.store_all()).await;
            Ok(())
        }
    };
    loop {
        // At most `max_connections` at once: the next waits in the
        // listener's backlog.
        let permit = tokio::select! {
            permit = connections.permit() => permit,
            _ = &mut shutdown => return stop().await,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, say: wait, do not spin.
                    eprintln!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut shutdown => return stop().await,
        };
        // A reverse proxy's connections carry many clients: each request
        // counts as its client's (`api::Client`), the connection as no one's.
        // (An IPv4 proxy reaching a dual-stack listener shows as
        // ::ffff:a.b.c.d: compared as the IPv4 address it is.)
        let proxied = config
            .trusted_proxies
            .iter()
            .any(|p| p.to_canonical() == remote.ip().to_canonical());
        // A client with its most connections open: this one is closed.
        let Some(slot) = connections.admit(permit, (!proxied).then_some(remote.ip())) else {
            continue;
        };
        let app = app.clone();
        let header_timeout = config.header_timeout;
        tokio::spawn(async move {
            // The slot goes with each request: a WebSocket keeps it.
            let held = slot.clone();
            let service = hyper::service::service_fn(move |mut req: hyper::Request<_>| {
                req.extensions_mut().insert(ConnectInfo(remote));
                if proxied {
                    req.extensions_mut().insert(api::ThroughProxy);
                }
                req.extensions_mut().insert(held.clone());
                let app = app.clone();
                async move { Ok::<_, Infallible>(app.oneshot(req).await.unwrap_or_else(|e| match e {})) }
            });
            // The headers of each request, and the wait for the next one on
            // a kept-alive connection, are bounded by `header_timeout`.
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            let _ = connection.await;
            drop(slot);
        });
    }
}

/// Unloads idle games and expires abandoned ones, at start and then
/// regularly; forgets clients' full buckets.
async fn sweep(hub: Arc<Hub>, limits: Arc<limits::Limits>) {
    let every =
        (hub.config().unload_after / 2).clamp(Duration::from_secs(1), Duration::from_secs(60));
    let mut ticks = tokio::time::interval(every);
    loop {
        ticks.tick().await;
        let swept = {
            let hub = Arc::clone(&hub);
            tokio::task::spawn_blocking(move || hub.sweep()).await
        };
        match swept {
            Ok(Ok((_, 0))) => {}
            Ok(Ok((_, expired))) => eprintln!(
                "deleted {expired} game(s) unchanged for {} days",
                hub.config().expire_after.as_secs() / config::DAY
            ),
            Ok(Err(e)) => eprintln!("{e}"),
            Err(e) => eprintln!("the sweep failed: {e}"),
        }
        limits.forget_idle();
    }
}
