//! `chess3d serve`: the web server and page; `chess3d loadtest`: many games
//! at once against a server over WebSocket.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1 serves this computer only;
    /// 0.0.0.0 lets others on the network join remote games.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// The SQLite database of the games (created if missing). Default:
    /// $XDG_DATA_HOME/chess3d/games.db (or ~/.local/share/chess3d/games.db).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// The built web page (its dist folder). Default: web/dist of this
    /// checkout, which scripts/run builds.
    #[arg(long, value_name = "DIR")]
    pub web: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct LoadTestArgs {
    /// Games played at once, each by its own WebSocket client.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub games: u32,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub seconds: u64,
    /// The game played.
    #[arg(long, default_value = "chess")]
    pub game: String,
    /// A running server's address (host:port); default: a server started
    /// here on a free loopback port with a database in a temporary folder.
    #[arg(long, value_name = "HOST:PORT")]
    pub server: Option<SocketAddr>,
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

fn default_db() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_default();
    data.join("chess3d").join("games.db")
}

pub fn serve(args: ServeArgs) -> Result<()> {
    let db = args.db.unwrap_or_else(default_db);
    let web = args.web.unwrap_or_else(chess3d_server::default_web_dir);
    if !web.join("index.html").is_file() {
        eprintln!(
            "warning: no web page in {} (scripts/run builds it); serving the API only",
            web.display()
        );
    }
    let addr = SocketAddr::new(args.host, args.port);
    runtime()?.block_on(chess3d_server::serve(addr, db.clone(), Some(web), |at| {
        println!(
            "chess3d serving http://{at}/ (games stored in {})",
            db.display()
        );
        println!("Ctrl-C stops it; every game resumes at the next start.");
    }))
}

pub fn load_test(args: LoadTestArgs) -> Result<()> {
    if !chess3d_games::AVAILABLE.contains(&args.game.as_str()) {
        bail!(
            "unknown game '{}' (games: {})",
            args.game,
            chess3d_games::AVAILABLE.join(", ")
        );
    }
    let rt = runtime()?;
    rt.block_on(async {
        let addr = match args.server {
            Some(addr) => addr,
            None => {
                let dir =
                    std::env::temp_dir().join(format!("chess3d-loadtest-{}", std::process::id()));
                let db = dir.join("games.db");
                let _ = std::fs::remove_file(&db);
                let (tx, rx) = tokio::sync::oneshot::channel();
                let any = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0);
                tokio::spawn(chess3d_server::serve(any, db, None, move |at| {
                    let _ = tx.send(at);
                }));
                rx.await.context("the server did not start")?
            }
        };
        println!(
            "load test: {} games of {} at once for {} s against {addr}",
            args.games, args.game, args.seconds
        );
        let report = chess3d_server::loadtest::run(
            addr,
            &args.game,
            args.games as usize,
            Duration::from_secs(args.seconds),
        )
        .await?;
        println!("{}", report.summary());
        if report.lost + report.duplicated > 0 {
            bail!("moves were lost or duplicated");
        }
        Ok(())
    })
}
