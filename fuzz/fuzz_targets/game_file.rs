//! The game-file loader (docs/game-files.md): whatever the text, it loads
//! or says what is wrong, at a line and column inside the text, never
//! panicking. A file that loads gives a game whose start position has
//! moves or a result, read back from its own position string.
#![no_main]

use chess3d_games::file::load;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match load(text) {
        Ok(def) => assert!(!def.board.cells().is_empty()),
        Err(e) => {
            let lines = text.split('\n').count();
            assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}: {e}", e.line);
            assert!(e.column >= 1, "{e}");
            assert!(!e.message.is_empty());
        }
    }
});
