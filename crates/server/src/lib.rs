//! The chess3d web server (`chess3d serve`): a JSON + WebSocket API for
//! every game (docs/api.md), the games stored in SQLite after every change,
//! the engine playing on the server, and the web page's files.
//!
//! - [`table`]: one game behind a trait object, whatever game it is;
//! - [`scene`]: what the page draws of a position;
//! - [`hub`]: the games, seats and tokens, actions, engine turns, events;
//! - [`store`]: the database;
//! - [`api`]: the routes;
//! - [`loadtest`]: many games played at once over WebSocket.

pub mod api;
pub mod error;
pub mod hub;
pub mod loadtest;
pub mod scene;
pub mod store;
pub mod table;

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, Result};

pub use hub::Hub;
pub use store::Store;

/// Where the built page is in a checkout (`scripts/run` builds it).
pub fn default_web_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/dist")
}

/// Serves until Ctrl-C. `ready` gets the address once it listens.
pub async fn serve(
    addr: SocketAddr,
    db: PathBuf,
    web: Option<PathBuf>,
    ready: impl FnOnce(SocketAddr),
) -> Result<()> {
    let store = Store::open(&db)?;
    let app = api::router(Hub::new(store), web);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    ready(listener.local_addr()?);
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("the server stopped")
}
