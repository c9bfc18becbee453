//! What a request may hold before the hub acts on it: names, records, and
//! whether the game is still going.

use crate::config::{MAX_RECORD, MAX_RECORD_TAGS};
use crate::error::GameError;

/// A player's name: trimmed, at most 40 characters, no control
/// characters; empty is none.
pub(super) fn check_name(name: Option<&str>) -> Result<Option<String>, GameError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if name.chars().count() > 40 {
        return Err(GameError::bad("a name is at most 40 characters"));
    }
    if name.chars().any(char::is_control) {
        return Err(GameError::bad("a name cannot hold control characters"));
    }
    if let Some(c) = name.chars().find(|&c| is_invisible(c)) {
        return Err(GameError::bad(format!(
            "a name cannot hold U+{:04X}: it reorders or hides text, and could make one name pass for another",
            c as u32
        )));
    }
    Ok(Some(name.to_string()))
}

/// A player's name (issue 58): required, and held to the checks of any
/// name shown to others ([`check_name`]).
pub(crate) fn check_player_name(name: Option<&str>) -> Result<String, GameError> {
    check_name(name)?.ok_or_else(|| GameError::bad("give a name (\"name\"), 1 to 40 characters"))
}

/// Characters that change how the text around them shows without being
/// seen themselves: Unicode's format characters (bidirectional controls,
/// zero-width characters, the byte-order mark, the soft hyphen, tags...),
/// the line and paragraph separators, and the blank Hangul fillers.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{0600}'..='\u{0605}' | '\u{061C}' | '\u{06DD}' | '\u{070F}'
        | '\u{0890}'..='\u{0891}' | '\u{08E2}' | '\u{115F}'..='\u{1160}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}' | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}' | '\u{13430}'..='\u{1343F}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0001}'
        | '\u{E0020}'..='\u{E007F}')
}

/// A record to load: refused when larger or with more tags than a game's
/// record has (a record is moves, not a store for anything else).
pub(super) fn check_record(text: &str) -> Result<(), GameError> {
    if text.len() > MAX_RECORD {
        return Err(GameError::too_large(format!(
            "the record is {} KB; records of at most {} KB are read",
            text.len() / 1024,
            MAX_RECORD / 1024
        )));
    }
    // A record is text: no control characters but tabs and line ends (a
    // NUL, which PostgreSQL cannot store, above all).
    let control = text
        .char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
    if let Some((at, c)) = control {
        let line = text[..at].matches('\n').count() + 1;
        return Err(GameError::bad(format!(
            "the record holds a control character (U+{:04X}) on line {line}: a record is text",
            c as u32
        )));
    }
    let tags = text
        .lines()
        .filter(|l| l.trim_start().starts_with('['))
        .count();
    if tags > MAX_RECORD_TAGS {
        return Err(GameError::bad(format!(
            "the record has {tags} tags; at most {MAX_RECORD_TAGS} are read"
        )));
    }
    Ok(())
}

/// 409 once the game is over (the table's result) or aborted (a lobby
/// game not begun in time): it takes no move, hint, take-back nor draw
/// answer.
pub(super) fn still_on(inner: &crate::live::Inner) -> Result<(), GameError> {
    if let Some(why) = &inner.extra.aborted {
        return Err(GameError::conflict(format!("the game is over ({why})")));
    }
    match inner.table.result() {
        Some((_, why)) => Err(GameError::conflict(format!("the game is over ({why})"))),
        None => Ok(()),
    }
}
