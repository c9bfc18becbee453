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
    /// The database of the games: an SQLite file (created if missing,
    /// readable by its owner only), as a path or sqlite://PATH; or
    /// PostgreSQL, as postgres://USER[:PASSWORD]@HOST:PORT/DATABASE.
    /// Default:
    /// $XDG_DATA_HOME/chess3d/games.db (or ~/.local/share/chess3d/games.db).
    #[arg(long, value_name = "FILE|URL")]
    pub db: Option<String>,
    /// Serve the web page from this folder (a built page's dist folder)
    /// instead of the page built into chess3d.
    #[arg(long, value_name = "DIR")]
    pub web: Option<PathBuf>,
    /// Engine searches at once, for all games together; other engine turns
    /// wait their turn. Default: the number of cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub engine_threads: Option<u32>,
    /// Hash-table memory of all engine searches together, in MB.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub engine_hash: u32,
    /// New games a client address may create per minute.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games_per_minute: u32,
    /// Actions (moves, draw offers...) a client address may send per
    /// second, with bursts of three seconds' worth.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub actions_per_second: u32,
    /// API reads (GET) a client address may send per second, with bursts
    /// of three seconds' worth.
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub reads_per_second: u32,
    /// Engine turns (hints included) a client address may have waiting or
    /// running at once.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub engine_turns_per_client: u32,
    /// Hints (and analysis-board lines) a client address may have asked
    /// for and not yet had.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub hints_per_client: u32,
    /// Game analyses a client address may have running.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub analyses_per_client: u32,
    /// Game analyses running on the server at once (each holds a 16 MB
    /// engine table between its turns).
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub analyses_at_once: u32,
    /// Timed games a client address may have created and not finished.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub timed_games_per_client: u32,
    /// Open WebSockets per client address.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub sockets_per_client: u32,
    /// Open HTTP connections (WebSockets included) of all clients together.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_connections: u32,
    /// Open connections of one client address (raise it behind a proxy).
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub connections_per_client: u32,
    /// The address of a reverse proxy in front of this server (repeat it
    /// for several): a request through it counts, for the limits per
    /// client, as from the address it adds last to X-Forwarded-For, and
    /// its connections count toward no client's (docs/deployment.md).
    #[arg(long, value_name = "ADDR")]
    pub trust_proxy: Vec<IpAddr>,
    /// Open challenges a client address may have in the lobby.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub challenges_per_client: u32,
    /// Seconds after which a lobby game whose side to move has not made
    /// its first move is aborted (no result, no rating).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u32).range(5..=86_400))]
    pub abort_after: u32,
    /// Delete games unchanged for this many days, finished or not.
    #[arg(long, value_name = "DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub expire_days: u32,
}

impl ServeArgs {
    fn config(&self) -> chess3d_server::Config {
        let defaults = chess3d_server::Config::default();
        chess3d_server::Config {
            engine_threads: self
                .engine_threads
                .map_or(defaults.engine_threads, |n| n as usize),
            engine_hash_mb: self.engine_hash as usize,
            creates_per_minute: self.games_per_minute,
            actions_per_second: self.actions_per_second,
            reads_per_second: self.reads_per_second,
            engine_turns_per_client: self.engine_turns_per_client as usize,
            hints_per_client: self.hints_per_client as usize,
            analyses_per_client: self.analyses_per_client as usize,
            analyses_at_once: self.analyses_at_once as usize,
            timed_games_per_client: self.timed_games_per_client as usize,
            sockets_per_client: self.sockets_per_client as usize,
            max_connections: self.max_connections as usize,
            connections_per_client: self.connections_per_client as usize,
            expire_after: Duration::from_secs(u64::from(self.expire_days) * 24 * 60 * 60),
            trusted_proxies: self.trust_proxy.clone(),
            challenges_per_client: self.challenges_per_client as usize,
            abort_after: Duration::from_secs(u64::from(self.abort_after)),
            ..defaults
        }
    }
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
    /// A running server's address (host:port); repeat it for several
    /// servers sharing one database: each game is then played by two
    /// players on two of them. Default: servers started here (see
    /// --instances) on free loopback ports.
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["flood", "hint_flood"])]
    pub server: Vec<SocketAddr>,
    /// Servers started here, all on the database --db.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=16), conflicts_with_all = ["server", "flood", "hint_flood"])]
    pub instances: u32,
    /// The database of the servers started here: an SQLite file (one
    /// server), or a PostgreSQL URL (any number). Default: an SQLite file
    /// in a temporary folder, removed at the end.
    #[arg(long, value_name = "FILE|URL", conflicts_with_all = ["server", "flood", "hint_flood"])]
    pub db: Option<String>,
    /// Lobby traffic beside the games: N pairs of players meeting over and
    /// over (a rated challenge posted on one server, seen and accepted on
    /// the next, both moving once, the creator resigning), each rating
    /// checked to have counted every game once. 0: none.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000), conflicts_with_all = ["flood", "hint_flood"])]
    pub lobby: u32,
    /// Instead: request N games against the engine as fast as one client
    /// can, timing a cheap GET meanwhile, against a `chess3d serve` started
    /// as its own process with default limits (its memory and threads are
    /// measured too).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub flood: Option<u32>,
    /// The engine's time per move in the flood's games, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 60_000, requires = "flood")]
    pub movetime: u64,
    /// Instead: N hints asked for at once by each of --clients clients on
    /// games of their own, while another client plays and is timed,
    /// against a `chess3d serve` started as its own process with default
    /// limits (its memory and threads measured too).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000), conflicts_with = "flood")]
    pub hint_flood: Option<u32>,
    /// The clients of --hint-flood.
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=250), requires = "hint_flood")]
    pub clients: u32,
    /// The chess3d binary whose server a flood runs (default: this one),
    /// to compare with another build.
    #[arg(long, value_name = "FILE")]
    pub server_binary: Option<PathBuf>,
    /// An argument for a flood's `chess3d serve` (repeat it for more),
    /// e.g. `--serve-arg=--games-per-minute=1000`.
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub serve_arg: Vec<String>,
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Requests' blocking work (database writes, moves) is short: a few
        // threads serve many requests. Engine searches have their own.
        .max_blocking_threads(24)
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
    let db = match &args.db {
        Some(db) => chess3d_server::Database::parse(db)?,
        None => chess3d_server::Database::File(default_db()),
    };
    let page = chess3d_server::Page::new(args.web.as_deref())?;
    if !page.is_built() {
        errln!("warning: {}", page.describe());
    }
    // The games folder, read now rather than at the first request: its
    // files that cannot be played are said once, at the start.
    for problem in chess3d_games::file::catalog::folder().problems {
        errln!("warning: {problem}");
    }
    let config = args.config();
    let addr = SocketAddr::new(args.host, args.port);
    let about = page.describe();
    runtime()?.block_on(chess3d_server::serve(
        addr,
        db.clone(),
        page,
        config,
        |at| {
            // Written, not printed: a closed standard output (a launcher
            // that read the address and went away) must not stop the server.
            use std::io::Write;
            let mut out = std::io::stdout();
            let _ = writeln!(
                out,
                "chess3d serving http://{at}/ with {about} (games stored in {})\n\
                 Ctrl-C stops it; every game resumes at the next start.",
                db.describe()
            );
            let _ = out.flush();
        },
    ))
}

pub fn load_test(args: LoadTestArgs) -> Result<()> {
    let ids = chess3d_games::game_ids();
    if !ids.contains(&args.game.as_str()) {
        bail!("unknown game '{}' (games: {})", args.game, ids.join(", "));
    }
    let server = crate::flood::Server {
        binary: args.server_binary.clone(),
        serve_args: args.serve_arg.clone(),
    };
    if let Some(games) = args.flood {
        return crate::flood::engine_games(&server, &args.game, games, args.movetime);
    }
    if let Some(hints) = args.hint_flood {
        return crate::flood::hints(&server, args.clients as usize, hints);
    }
    let instances = args.instances as usize;
    let (db, scratch) = match &args.db {
        Some(db) => (chess3d_server::Database::parse(db)?, None),
        None => {
            let dir = std::env::temp_dir().join(format!("chess3d-loadtest-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            (
                chess3d_server::Database::File(dir.join("games.db")),
                Some(dir),
            )
        }
    };
    if instances > 1 && matches!(db, chess3d_server::Database::File(_)) {
        bail!(
            "--instances {instances}: several servers share a PostgreSQL database \
             (--db postgres://USER@HOST:PORT/DATABASE); an SQLite file is one server's"
        );
    }
    let rt = runtime()?;
    let played = rt.block_on(async {
        let servers = if args.server.is_empty() {
            let mut servers = Vec::new();
            for _ in 0..instances {
                servers.push(start_server(db.clone()).await?);
            }
            servers
        } else {
            args.server.clone()
        };
        let against: Vec<String> = servers.iter().map(ToString::to_string).collect();
        outln!(
            "load test: {} games of {} at once for {} s against {}{}",
            args.games,
            args.game,
            args.seconds,
            against.join(" and "),
            if args.server.is_empty() {
                format!(" (games stored in {})", db.describe())
            } else {
                String::new()
            }
        );
        if args.lobby > 0 {
            outln!(
                "lobby traffic: {} pairs of players meeting, each a rated game of {} at a time",
                args.lobby,
                args.game
            );
        }
        let deadline = std::time::Instant::now() + Duration::from_secs(args.seconds);
        let lobby = async {
            match args.lobby {
                0 => Ok(None),
                pairs => chess3d_server::loadtest::lobby_traffic(
                    &servers,
                    &args.game,
                    pairs as usize,
                    deadline,
                )
                .await
                .map(Some),
            }
        };
        let games = chess3d_server::loadtest::run(
            &servers,
            &args.game,
            args.games as usize,
            Duration::from_secs(args.seconds),
        );
        let (games, lobby) = tokio::join!(games, lobby);
        anyhow::Ok((games?, lobby?))
    });
    // The servers' runtime is stopped before their folder goes.
    drop(rt);
    if let Some(dir) = scratch {
        let _ = std::fs::remove_dir_all(dir);
    }
    let (report, lobby) = played?;
    outln!("{}", report.summary());
    if let Some(lobby) = &lobby {
        outln!("{}", lobby.summary());
    }
    if report.lost + report.duplicated > 0 {
        bail!("moves were lost or duplicated");
    }
    if lobby.is_some_and(|l| !l.is_clean()) {
        bail!("the lobby lost or duplicated challenges, or a rating miscounted its games");
    }
    Ok(())
}

/// A server of the load test's own on a free loopback port: one client
/// address plays every game, so the limits per client are lifted. Its
/// address.
async fn start_server(db: chess3d_server::Database) -> Result<SocketAddr> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let any = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0);
    let config = chess3d_server::Config {
        creates_per_minute: 1_000_000,
        actions_per_second: 1_000_000,
        reads_per_second: 1_000_000,
        sockets_per_client: 100_000,
        max_connections: 100_000,
        connections_per_client: 100_000,
        challenges_per_client: 100_000,
        ..chess3d_server::Config::default()
    };
    let server = tokio::spawn(chess3d_server::serve(
        any,
        db,
        chess3d_server::Page::BuiltIn,
        config,
        move |at| {
            let _ = tx.send(at);
        },
    ));
    match rx.await {
        Ok(at) => Ok(at),
        // It stopped before listening: why.
        Err(_) => match server.await {
            Ok(Err(e)) => Err(e),
            _ => bail!("the server did not start"),
        },
    }
}
