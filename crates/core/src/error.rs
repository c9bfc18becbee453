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

/// A move text that is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("cannot read move '{text}': expected {expected}")]
    Unreadable {
        text: String,
        expected: &'static str,
    },
    /// Longer than any move of any game can be written (see
    /// [`crate::MAX_MOVE_TEXT`]); refused before it is read.
    #[error("a move is at most {max} characters; this text has {len}")]
    TooLong { len: usize, max: usize },
    #[error("illegal move '{text}' in this position")]
    Illegal { text: String },
    /// Illegal, and why: the King in check, a pinned piece, no such piece.
    #[error("illegal move '{text}': {reason}")]
    IllegalBecause { text: String, reason: String },
    /// A short form that fits several legal moves (listed as players read
    /// them); the program never guesses.
    #[error("'{text}' could be {}", options.join(" or "))]
    Ambiguous { text: String, options: Vec<String> },
    /// The game ended with the last move (a royal piece captured, the
    /// temple reached); `result` describes how.
    #[error("no move '{text}': the game is over ({result})")]
    GameOver { text: String, result: String },
}

/// An option that cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct OptionError(pub String);
