//! Why the server did not do what it was asked, in the game's terms: a
//! [`Kind`] and a sentence for the player. The hub, the store and the
//! limits speak only this; `api/refusals.rs` alone turns it into an HTTP
//! status (`{"error": "..."}`), so a game rule never names a status code.

/// What kind of refusal (or failure) an error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The request cannot be read or names something that does not exist.
    Bad,
    NotFound,
    /// Valid, but not now (not your turn, game over, name taken).
    Conflict,
    /// No seat or key where one is needed.
    Unauthorized,
    /// The caller may not do this (a seat that is not theirs, fair play).
    Forbidden,
    /// A limit on the caller: slow down.
    TooMany,
    /// The server cannot take it now (engines all busy, database down).
    Busy,
    TooLarge,
    /// The request waited too long to begin: nothing was changed.
    NotInTime,
    /// A change was begun and its fate is not known: reload to see.
    Unsure,
    /// Readable, but not playable here (an illegal move).
    Illegal,
    /// The server failed; the game is unchanged.
    Internal,
}

impl Kind {
    /// A refusal of the request as it stood (HTTP's 4xx), not a failure
    /// of the server: a game copy that is stale may refuse wrongly, and
    /// is brought up to date before the request is tried again.
    pub fn is_callers(self) -> bool {
        !matches!(self, Kind::Busy | Kind::Unsure | Kind::Internal)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    pub kind: Kind,
    pub message: String,
}

macro_rules! constructors {
    ($($name:ident => $kind:ident),* $(,)?) => {
        impl GameError {
            pub fn new(kind: Kind, message: impl Into<String>) -> Self {
                GameError { kind, message: message.into() }
            }
            $(
                #[doc = concat!("A [`Kind::", stringify!($kind), "`] error.")]
                pub fn $name(message: impl Into<String>) -> Self {
                    Self::new(Kind::$kind, message)
                }
            )*
        }
    };
}

constructors! {
    bad => Bad,
    not_found => NotFound,
    conflict => Conflict,
    unauthorized => Unauthorized,
    forbidden => Forbidden,
    too_many => TooMany,
    busy => Busy,
    too_large => TooLarge,
    not_in_time => NotInTime,
    unsure => Unsure,
    illegal => Illegal,
    internal => Internal,
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl std::error::Error for GameError {}
