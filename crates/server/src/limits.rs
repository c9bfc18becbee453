//! Limits per client address: game creations per minute, actions and
//! reads per second (token buckets), hints asked for at once, open
//! connections, and open WebSockets per client and per game (watchers and
//! players counted apart). A refusal is a 429 with a sentence that says when
//! to try again. An IPv6 client is its /64 network (one host holds a
//! whole /64, and would otherwise have a bucket per address).

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::config::Config;
use crate::error::GameError;
use crate::live::lock;

pub struct Limits {
    creates: DefaultKeyedRateLimiter<IpAddr>,
    actions: DefaultKeyedRateLimiter<IpAddr>,
    reads: DefaultKeyedRateLimiter<IpAddr>,
    sockets: Counts<IpAddr>,
    /// By game and the side the socket's holder plays in it (none: a
    /// watcher).
    game_sockets: Counts<(String, Option<usize>)>,
    hints: Counts<IpAddr>,
    analyses: Counts<IpAddr>,
    sockets_per_client: usize,
    sockets_per_game: usize,
    seat_sockets_per_game: usize,
    hints_per_client: usize,
    analyses_per_client: usize,
}

/// Things held at once, by key.
pub type Counts<K> = Arc<Mutex<HashMap<K, usize>>>;

/// One thing held (a WebSocket, a hint asked for), counted under its key
/// until dropped.
pub struct Held<K: std::hash::Hash + Eq> {
    counts: Counts<K>,
    key: K,
}

impl<K: std::hash::Hash + Eq + Clone> Held<K> {
    /// Counts one more under `key`, unless `most` are held already: then
    /// how many are.
    pub fn take(counts: &Counts<K>, key: K, most: usize) -> Result<Held<K>, usize> {
        let mut map = lock(counts);
        let held = map.get(&key).copied().unwrap_or(0);
        if held >= most {
            return Err(held);
        }
        *map.entry(key.clone()).or_default() += 1;
        Ok(Held {
            counts: Arc::clone(counts),
            key,
        })
    }
}

impl<K: std::hash::Hash + Eq> Drop for Held<K> {
    fn drop(&mut self) {
        let mut map = lock(&self.counts);
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// The address limits count by: IPv4 as it is, IPv6 by its /64 network.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(std::net::Ipv6Addr::from(bits))
            }
        },
        v4 => v4,
    }
}

/// Open connections per client address, and in all.
pub struct Connections {
    all: Arc<tokio::sync::Semaphore>,
    per_client: Mutex<HashMap<IpAddr, usize>>,
    max_per_client: usize,
}

/// One open connection, counted until the last of its holders (the
/// connection's task, a WebSocket it became) lets it go.
#[derive(Clone)]
pub struct ConnectionSlot {
    _slot: Arc<Slot>,
}

struct Slot {
    _permit: tokio::sync::OwnedSemaphorePermit,
    connections: Arc<Connections>,
    /// None for a trusted proxy's connection.
    client: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(client) = self.client else {
            return;
        };
        let mut counts = lock(&self.connections.per_client);
        if let Some(n) = counts.get_mut(&client) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&client);
            }
        }
    }
}

impl Connections {
    pub fn new(config: &Config) -> Arc<Connections> {
        Arc::new(Connections {
            all: Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1))),
            per_client: Mutex::default(),
            max_per_client: config.connections_per_client.max(1),
        })
    }

    /// Waits until fewer than the most connections are open.
    pub async fn permit(&self) -> tokio::sync::OwnedSemaphorePermit {
        Arc::clone(&self.all)
            .acquire_owned()
            .await
            .unwrap_or_else(|_| unreachable!("the semaphore is never closed"))
    }

    /// A slot for a connection from `client`, or None when it has as many
    /// open as it may; a trusted proxy's connection (`client` none) counts
    /// toward the most of all clients only.
    pub fn admit(
        self: &Arc<Self>,
        permit: tokio::sync::OwnedSemaphorePermit,
        client: Option<IpAddr>,
    ) -> Option<ConnectionSlot> {
        let client = client.map(client_key);
        if let Some(client) = client {
            let mut counts = lock(&self.per_client);
            let open = counts.entry(client).or_default();
            if *open >= self.max_per_client {
                return None;
            }
            *open += 1;
        }
        Some(ConnectionSlot {
            _slot: Arc::new(Slot {
                _permit: permit,
                connections: Arc::clone(self),
                client,
            }),
        })
    }
}

fn at_least_one(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN)
}

fn too_many(what: &str, wait: std::time::Duration) -> GameError {
    GameError::too_many(format!(
        "too many {what} from this address; try again in {} s",
        wait.as_secs() + 1
    ))
}

impl Limits {
    pub fn new(config: &Config) -> Arc<Limits> {
        let per_minute = at_least_one(config.creates_per_minute);
        let per_second = at_least_one(config.actions_per_second);
        let burst = at_least_one(config.actions_per_second.saturating_mul(3));
        let reads = at_least_one(config.reads_per_second);
        let read_burst = at_least_one(config.reads_per_second.saturating_mul(3));
        Arc::new(Limits {
            creates: RateLimiter::keyed(Quota::per_minute(per_minute)),
            actions: RateLimiter::keyed(Quota::per_second(per_second).allow_burst(burst)),
            reads: RateLimiter::keyed(Quota::per_second(reads).allow_burst(read_burst)),
            sockets: Counts::default(),
            game_sockets: Counts::default(),
            hints: Counts::default(),
            analyses: Counts::default(),
            sockets_per_client: config.sockets_per_client,
            sockets_per_game: config.sockets_per_game,
            seat_sockets_per_game: config.seat_sockets_per_game,
            hints_per_client: config.hints_per_client.max(1),
            analyses_per_client: config.analyses_per_client.max(1),
        })
    }

    /// A game creation by `client`, if its bucket allows.
    pub fn create(&self, client: IpAddr) -> Result<(), GameError> {
        self.creates
            .check_key(&client_key(client))
            .map_err(|n| too_many("new games", n.wait_time_from(DefaultClock::default().now())))
    }

    /// An action by `client`, if its bucket allows.
    pub fn act(&self, client: IpAddr) -> Result<(), GameError> {
        self.actions
            .check_key(&client_key(client))
            .map_err(|n| too_many("actions", n.wait_time_from(DefaultClock::default().now())))
    }

    /// An API read by `client`, if its bucket allows.
    pub fn read(&self, client: IpAddr) -> Result<(), GameError> {
        self.reads
            .check_key(&client_key(client))
            .map_err(|n| too_many("reads", n.wait_time_from(DefaultClock::default().now())))
    }

    /// A hint asked for by `client`: counted while the returned guard
    /// lives (until it is answered).
    pub fn hint(&self, client: IpAddr) -> Result<Held<IpAddr>, GameError> {
        Held::take(&self.hints, client_key(client), self.hints_per_client).map_err(|held| {
            GameError::too_many(format!(
                "this address has {held} hint{} on the way already; wait for {}",
                if held == 1 { "" } else { "s" },
                if held == 1 { "it" } else { "one" }
            ))
        })
    }

    /// The analysis board's lines asked for by `client`: counted with its
    /// hints (one quick search at a time), said in their own words.
    pub fn lines(&self, client: IpAddr) -> Result<Held<IpAddr>, GameError> {
        Held::take(&self.hints, client_key(client), self.hints_per_client).map_err(|_| {
            GameError::too_many(
                "this address has a hint or the engine's lines on the way already; wait for them",
            )
        })
    }

    /// A game analysis started by `client`: counted while the returned
    /// guard lives (until the analysis ends or is stopped).
    pub fn analysis(&self, client: IpAddr) -> Result<Held<IpAddr>, GameError> {
        Held::take(&self.analyses, client_key(client), self.analyses_per_client).map_err(|_| {
            GameError::too_many(
                "this address has an analysis running already: wait for it to end, or stop it",
            )
        })
    }

    /// A WebSocket for `client` on `game` (`seat`: the side its holder
    /// plays, none for a watcher): held open while the returned guard
    /// lives. Each side's player has sockets of their own, which neither
    /// the watchers nor the other player can take.
    pub fn socket(
        &self,
        client: IpAddr,
        game: &str,
        seat: Option<usize>,
    ) -> Result<SocketGuard, GameError> {
        let mine = Held::take(&self.sockets, client_key(client), self.sockets_per_client).map_err(
            |held| {
                GameError::too_many(format!(
                    "this address has {held} WebSockets open, the most allowed; close one first"
                ))
            },
        )?;
        let most = match seat {
            Some(_) => self.seat_sockets_per_game,
            None => self.sockets_per_game,
        };
        let game =
            Held::take(&self.game_sockets, (game.to_string(), seat), most).map_err(|held| {
                let who = match seat {
                    Some(_) => "connections of this seat's player",
                    None => "watchers",
                };
                GameError::busy(format!(
                    "game {game} has {held} {who}, the most allowed; try later"
                ))
            })?;
        Ok(SocketGuard {
            _client: mine,
            _game: game,
        })
    }

    /// Forgets buckets that are full again (they would be as new).
    pub fn forget_idle(&self) {
        for bucket in [&self.creates, &self.actions, &self.reads] {
            bucket.retain_recent();
            bucket.shrink_to_fit();
        }
    }
}

/// One open WebSocket, counted for its client and its game until dropped.
/// A lobby socket's place among its client's sockets.
pub struct LobbySocketGuard {
    _client: Held<IpAddr>,
}

impl Limits {
    /// A lobby socket for `client`, if its share of sockets allows.
    pub fn lobby_socket(&self, client: IpAddr) -> Result<LobbySocketGuard, GameError> {
        let mine = Held::take(&self.sockets, client_key(client), self.sockets_per_client).map_err(
            |held| {
                GameError::too_many(format!(
                    "this address has {held} WebSockets open, the most allowed; close one first"
                ))
            },
        )?;
        Ok(LobbySocketGuard { _client: mine })
    }
}

pub struct SocketGuard {
    _client: Held<IpAddr>,
    _game: Held<(String, Option<usize>)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_client_is_its_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(client_key(mapped), "10.0.0.1".parse::<IpAddr>().unwrap());
        // A new address of the same /64 shares the bucket.
        let limits = Limits::new(&Config {
            creates_per_minute: 1,
            ..Config::default()
        });
        limits.create(a).unwrap();
        assert!(limits.create(b).is_err());
    }

    #[test]
    fn buckets_refuse_past_their_burst_and_sockets_are_counted_until_closed() {
        let config = Config {
            creates_per_minute: 3,
            actions_per_second: 2,
            sockets_per_client: 2,
            sockets_per_game: 3,
            ..Config::default()
        };
        let limits = Limits::new(&config);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            limits.create(a).unwrap();
        }
        let refused = limits.create(a).unwrap_err();
        assert_eq!(refused.kind, crate::error::Kind::TooMany);
        assert!(
            refused.message.contains("try again in"),
            "{}",
            refused.message
        );
        limits.create(b).unwrap();
        // Actions: a burst of three seconds' worth (6), then refused.
        for _ in 0..6 {
            limits.act(a).unwrap();
        }
        assert!(limits.act(a).is_err());
        let one = limits.socket(a, "g", None).unwrap();
        let two = limits.socket(a, "g", None).unwrap();
        assert!(limits.socket(a, "h", None).is_err(), "two per client");
        let three = limits.socket(b, "g", None).unwrap();
        assert!(
            limits.socket(b, "g", None).is_err(),
            "three watchers per game"
        );
        // Each seat's player's sockets are counted apart: watchers cannot
        // take them, nor can the other player (issue 54).
        let (c, d): (IpAddr, IpAddr) = ("10.0.0.3".parse().unwrap(), "10.0.0.4".parse().unwrap());
        let white = limits.socket(c, "g", Some(0)).unwrap();
        let black = limits.socket(d, "g", Some(1)).unwrap();
        drop(one);
        let _again = limits.socket(a, "h", None).unwrap();
        drop((two, three, white, black));
        assert!(lock(&limits.game_sockets)
            .keys()
            .all(|(game, _)| game != "g"));
        // Hints: one at a time per client.
        let asked = limits.hint(a).unwrap();
        assert_eq!(
            limits.hint(a).err().map(|e| e.kind),
            Some(crate::error::Kind::TooMany)
        );
        limits.hint(b).unwrap();
        drop(asked);
        limits.hint(a).unwrap();
    }
}
