//! Games written as data files (docs/game-files.md): a TOML file read into
//! the same [`GameDef`] a built-in game is, after checks that place every
//! mistake at its line and column.
//!
//! A loaded definition lives as long as the program, as a built-in game's
//! static data does; each of its parts is kept once however often it is
//! loaded (`keep`).

pub mod catalog;
mod format;
pub mod keep;
mod probe;
mod read;
mod rules;

pub use rules::{
    small, FileGame, FileRules, LargeFileRules, PoolFileRules, SmallFileRules, TinyFileRules,
};

use std::fmt;
use std::ops::Range;

use chess3d_core::def::GameDef;

/// A mistake in a game file, where it is and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// 1-based line and column (in characters) of the mistake.
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl FileError {
    /// An error at byte `offset` of `text` (its start if `None`).
    fn at(text: &str, offset: Option<usize>, message: impl Into<String>) -> FileError {
        let mut offset = offset.unwrap_or(0).min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        FileError {
            line,
            column: before[line_start..].chars().count() + 1,
            message: message.into(),
        }
    }

    /// An error at the start of `span`.
    fn spanned(text: &str, span: Range<usize>, message: impl Into<String>) -> FileError {
        FileError::at(text, Some(span.start), message)
    }

    /// The error with the file's name before it, as compilers print
    /// theirs: `games/x.toml:3:7: message`.
    pub fn in_file(&self, path: &str) -> String {
        format!("{path}:{}:{}: {}", self.line, self.column, self.message)
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for FileError {}

/// Reads a game file: the game's definition, or the first mistake found.
/// Never panics, whatever the text.
pub fn load(text: &str) -> Result<&'static GameDef, FileError> {
    let (def, start_span) = definition(text)?;
    probe::start_position(def).map_err(|message| FileError::spanned(text, start_span, message))?;
    Ok(def)
}

/// Everything [`load`] checks but the start position, which takes the
/// game's tables to read (built, and kept, once per set of rules): for
/// the fuzzer, whose millions of inputs would each keep their own.
pub fn check_rules(text: &str) -> Result<(), FileError> {
    definition(text).map(|_| ())
}

/// The definition, every part but the start position checked, and where
/// the start position is in the text.
fn definition(text: &str) -> Result<(&'static GameDef, Range<usize>), FileError> {
    let file: format::GameFile = toml::from_str(text).map_err(|e| {
        // toml's messages name the key or value at fault; its position is
        // ours to give, so its own "TOML parse error at" line goes.
        FileError::at(text, e.span().map(|s| s.start), e.message().trim())
    })?;
    let start_span = file.start.span();
    Ok((read::definition(text, file)?, start_span))
}

/// The definition of a game file compiled into the program: its tests
/// load it, so a mistake in it is a failed test, not a panic in play.
pub fn embedded(text: &'static str) -> &'static GameDef {
    load(text).unwrap_or_else(|e| panic!("an embedded game file: {e}"))
}
