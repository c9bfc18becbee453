//! Position strings: the parser must never panic, and whatever it accepts
//! must print back to a string that reads as the same position and keep
//! every core invariant.
#![no_main]

use chess3d_core::testing::check_position;
use chess3d_games::chess::Chess;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mut pos) = Chess::from_text(text) {
        let printed = pos.to_text();
        let again = Chess::from_text(&printed).expect("printed position reads back");
        assert_eq!(again, pos);
        if let Err(e) = check_position(&mut pos) {
            panic!("{printed}: {e}");
        }
    }
});
