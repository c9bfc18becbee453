//! `chess3d loadtest --flood N` and `--hint-flood N`: a `chess3d serve`
//! started as its own process (this binary or `--server-binary`, with
//! default limits, trusting loopback as a proxy so that the flood can name
//! its clients), flooded while its memory peak and threads are read from
//! /proc.

use std::io::BufRead;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};

/// The server a flood runs against: a chess3d binary (default: this one)
/// and arguments for its `serve`.
pub struct Server {
    pub binary: Option<std::path::PathBuf>,
    pub serve_args: Vec<String>,
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Runtime::new().context("cannot start the async runtime")
}

/// `--flood N`: `games` games of `game` against the engine at `movetime`
/// ms a move.
pub fn engine_games(server: &Server, game: &str, games: u32, movetime: u64) -> Result<()> {
    let (report, server) = against_server(server, |addr, binary, pid| {
        outln!(
            "flood: {games} games of {game} against the engine at {movetime} ms a move, against {binary} (pid {pid}) at {addr}"
        );
        runtime()?.block_on(chess3d_server::loadtest::flood(
            addr,
            game,
            games as usize,
            movetime,
            Duration::from_secs(3),
        ))
    })?;
    outln!("{}", report.summary());
    outln!("{server}");
    if let Some(other) = &report.first_other {
        bail!("an unexpected answer: {other}");
    }
    Ok(())
}

/// `--hint-flood N`: `per_client` hints at once from each of `clients`
/// clients.
pub fn hints(server: &Server, clients: usize, per_client: u32) -> Result<()> {
    let (report, server) = against_server(server, |addr, binary, pid| {
        outln!(
            "hint flood: {clients} clients x {per_client} hints at once, against {binary} (pid {pid}) at {addr}"
        );
        runtime()?.block_on(chess3d_server::loadtest::hint_flood(
            addr,
            clients,
            per_client as usize,
        ))
    })?;
    outln!("{}", report.summary());
    outln!("{server}");
    Ok(())
}

/// Starts the server, runs `flood` against it (given its address, binary
/// and pid) while sampling its threads, and stops it: what `flood`
/// returned, and the server's memory peak and most threads in words.
fn against_server<T>(
    args: &Server,
    flood: impl FnOnce(SocketAddr, &str, u32) -> Result<T>,
) -> Result<(T, String)> {
    let binary = match &args.binary {
        Some(b) => b.clone(),
        None => std::env::current_exe().context("cannot find this chess3d binary")?,
    };
    let dir = std::env::temp_dir().join(format!("chess3d-flood-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    let mut server = std::process::Command::new(&binary)
        .args(["serve", "--port", "0", "--trust-proxy", "127.0.0.1", "--db"])
        .arg(dir.join("games.db"))
        .args(&args.serve_args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start {}", binary.display()))?;
    let pid = server.id();
    let mut lines = std::io::BufReader::new(server.stdout.take().context("no output")?).lines();
    let addr = lines.find_map(|line| {
        let line = line.ok()?;
        let at = line.split("http://").nth(1)?;
        at.split('/').next()?.parse::<SocketAddr>().ok()
    });
    let Some(addr) = addr else {
        let _ = server.kill();
        let _ = server.wait();
        bail!("the server stopped before listening");
    };
    // Threads: sampled every 20 ms while the flood runs.
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = {
        let sampling = Arc::clone(&sampling);
        std::thread::spawn(move || {
            let mut most = 0;
            while sampling.load(Ordering::Relaxed) {
                if let Some((_, threads)) = process_use(pid) {
                    most = most.max(threads);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            most
        })
    };
    let result = flood(addr, &binary.display().to_string(), pid);
    sampling.store(false, Ordering::Relaxed);
    let threads = sampler.join().unwrap_or(0);
    let memory = process_use(pid).map_or(0.0, |u| u.0);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    Ok((
        result?,
        format!("server: peak memory {memory:.0} MB, most threads {threads}"),
    ))
}

/// A server process's resident memory peak (MB) and threads now, from
/// /proc (Linux).
fn process_use(pid: u32) -> Option<(f64, usize)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
    };
    Some((field("VmHWM:")? / 1024.0, field("Threads:")? as usize))
}
