//! Errors of the parsers: every message says what is wrong and where.

use thiserror::Error;

/// A position string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position string: {field}: {message}")]
pub struct PositionError {
    /// The field (or part of it) at fault, e.g. `placement, rank 3`.
    pub field: String,
    pub message: String,
}

impl PositionError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        PositionError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// At most this many characters of a text typed or read are quoted back
/// in a message.
pub const QUOTED_CHARS: usize = 40;

/// A text typed or read, as a message quotes it back: control characters
/// escaped (`\u{1b}`), cut after [`QUOTED_CHARS`] characters with "…" and
/// the length said. A 50 MB word makes a short message.
pub fn quoted(text: &str) -> String {
    let count = text.chars().count();
    let mut out: String = text
        .chars()
        .take(QUOTED_CHARS)
        .flat_map(char::escape_debug)
        .collect();
    if count > QUOTED_CHARS {
        out.push_str(&format!("… ({count} characters)"));
    }
    out
}

/// A move text that is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("cannot read move '{}': expected {expected}", quoted(.text))]
    Unreadable {
        text: String,
        expected: &'static str,
    },
    /// Longer than any move of any game can be written (see
    /// [`crate::MAX_MOVE_TEXT`]); refused before it is read.
    #[error("a move is at most {max} characters; this text has {len}")]
    TooLong { len: usize, max: usize },
    #[error("illegal move '{}' in this position", quoted(.text))]
    Illegal { text: String },
    /// Illegal, and why: the King in check, a pinned piece, no such piece.
    #[error("illegal move '{}': {reason}", quoted(.text))]
    IllegalBecause { text: String, reason: String },
    /// A short form that fits several legal moves (listed as players read
    /// them); the program never guesses.
    #[error("'{}' could be {}", quoted(.text), options.join(" or "))]
    Ambiguous { text: String, options: Vec<String> },
    /// The game ended with the last move (a royal piece captured, the
    /// temple reached); `result` describes how.
    #[error("no move '{}': the game is over ({result})", quoted(.text))]
    GameOver { text: String, result: String },
}

/// An option that cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct OptionError(pub String);
