//! The game-file loader (docs/game-files.md): whatever the text, it loads
//! or says what is wrong, at a line and column inside the text, never
//! panicking.
//!
//! Reading a start position takes the game's tables, which the loader
//! builds and keeps once per set of rules: kept for every input, they
//! would outgrow libFuzzer's memory limit within minutes. So one input in
//! sixteen (by its first byte) is loaded whole, start position included,
//! and every other one has everything else checked (`check_rules`); the
//! position reader itself is the `position_string` target's.
#![no_main]

use chess3d_games::file::{check_rules, load};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let whole = data.first().is_some_and(|b| b % 16 == 0);
    let read = if whole {
        load(text).map(|def| assert!(!def.board.cells().is_empty()))
    } else {
        check_rules(text)
    };
    match read {
        Ok(()) => {}
        Err(e) => {
            let lines = text.split('\n').count();
            assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}: {e}", e.line);
            assert!(e.column >= 1, "{e}");
            assert!(!e.message.is_empty());
        }
    }
});
