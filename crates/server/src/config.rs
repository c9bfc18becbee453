//! What a server allows: engine work, limits per client, sizes and times.
//! Every default is documented in docs/api.md ("Limits") and each has a
//! flag of `chess3d serve`.

use std::time::Duration;

/// The server's limits. [`Config::default`] is what `chess3d serve` uses
/// without flags.
#[derive(Clone, Debug)]
pub struct Config {
    /// Engine searches at once; more engine turns wait in a queue, served
    /// by client in turn.
    pub engine_threads: usize,
    /// Engine turns (hints included) one client address may have waiting
    /// or running; a move, a new game or a draw offer that would start
    /// another is refused (429).
    pub engine_turns_per_client: usize,
    /// Hints (and the analysis board's lines) one client address may have
    /// asked for and not yet had.
    pub hints_per_client: usize,
    /// Game analyses one client address may have running.
    pub analyses_per_client: usize,
    /// Game analyses running on the server at once (each holds its
    /// engine's table between its turns).
    pub analyses_at_once: usize,
    /// Timed games one client address may have created (in memory) and
    /// not finished: a running clock keeps its game in memory.
    pub timed_games_per_client: usize,
    /// Hash-table memory of all engine searches together, in MB: each of
    /// the `engine_threads` searches gets its share.
    pub engine_hash_mb: usize,
    /// Games a client address may create per minute (all at once, then one
    /// every 60/n seconds).
    pub creates_per_minute: u32,
    /// Actions (moves, undo, draw offers...) a client address may send per
    /// second, with a burst of three seconds' worth.
    pub actions_per_second: u32,
    /// API reads (GET) a client address may send per second, with a burst
    /// of three seconds' worth.
    pub reads_per_second: u32,
    /// Open WebSockets per client address.
    pub sockets_per_client: usize,
    /// Open WebSockets per game of watchers (no seat's token), and of the
    /// players holding its seats: watchers cannot take the players'.
    pub sockets_per_game: usize,
    pub seat_sockets_per_game: usize,
    /// Open HTTP connections (WebSockets included) of all clients
    /// together; more wait to be accepted.
    pub max_connections: usize,
    /// Open connections of one client address; more are closed at once.
    pub connections_per_client: usize,
    /// A game nobody watches and no engine plays is unloaded from memory
    /// after this long (it stays in the database).
    pub unload_after: Duration,
    /// A game unchanged this long is deleted from the database, finished or
    /// not. At least a day.
    pub expire_after: Duration,
    /// How long a client may take to send a request's headers, and how long
    /// an idle keep-alive connection stays open.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive.
    pub body_timeout: Duration,
    /// A request's deadline: a change not begun by then is not made (408).
    /// A change begun is answered whatever the database takes (within its
    /// own timeouts).
    pub request_timeout: Duration,
    /// A WebSocket is pinged this often, and closed after twice this long
    /// without a word from the client (a pong counts).
    pub ping_every: Duration,
    /// Whether the server checks the `Host` header (set when it listens on
    /// loopback only: a DNS-rebinding page must not reach it).
    pub loopback_only: bool,
    /// Reverse proxies in front of the server: a request through one
    /// counts, for every limit per client, as from the address the proxy
    /// adds last to `X-Forwarded-For`; its connections count toward no
    /// client's. Anyone else's `X-Forwarded-For` is ignored.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Open challenges one client address may have in the lobby; another
    /// is refused (429).
    pub challenges_per_client: usize,
    /// An open challenge whose creator has had no lobby socket open for
    /// this long is withdrawn (the creator left).
    pub challenge_left_after: Duration,
    /// A lobby game in which a side has not made its first move this long
    /// after the game (or the other side's first move) is aborted: no
    /// result, no rating.
    pub abort_after: Duration,
    /// The leaderboard lists players whose rating deviation is under this.
    pub leaderboard_deviation: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            engine_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            engine_turns_per_client: 4,
            hints_per_client: 1,
            analyses_per_client: 1,
            analyses_at_once: 16,
            timed_games_per_client: 8,
            engine_hash_mb: 64,
            creates_per_minute: 30,
            actions_per_second: 20,
            reads_per_second: 50,
            sockets_per_client: 8,
            sockets_per_game: 64,
            seat_sockets_per_game: 8,
            max_connections: 512,
            connections_per_client: 32,
            unload_after: Duration::from_secs(10 * 60),
            expire_after: Duration::from_secs(DAY * 30),
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            ping_every: Duration::from_secs(20),
            loopback_only: true,
            trusted_proxies: Vec::new(),
            challenges_per_client: 3,
            challenge_left_after: Duration::from_secs(60),
            abort_after: Duration::from_secs(60),
            leaderboard_deviation: 150.0,
        }
    }
}

/// Seconds in a day.
pub const DAY: u64 = 24 * 60 * 60;

/// The largest request body: a game record of thousands of moves fits.
pub const MAX_BODY: usize = 256 * 1024;
/// The largest WebSocket message or frame: an action is a few hundred bytes.
pub const MAX_WS_MESSAGE: usize = 4 * 1024;
/// The largest game record read (as a body's `record`), and its most tags.
pub const MAX_RECORD: usize = 200 * 1024;
pub const MAX_RECORD_TAGS: usize = 32;

impl Config {
    /// Each engine search's share of the hash memory, in MB (at least 1).
    pub fn hash_per_search_mb(&self) -> usize {
        (self.engine_hash_mb / self.engine_threads.max(1)).max(1)
    }
}
