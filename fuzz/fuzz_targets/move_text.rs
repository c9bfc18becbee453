//! Move text: the parser must never panic, and must accept only legal moves
//! written exactly as the program prints them. The first byte picks one of
//! a few positions rich in special moves.
#![no_main]

use chess3d_games::chess::Chess;
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut pos = Chess::from_text(POSITIONS[first as usize % POSITIONS.len()]).unwrap();
    if let Ok(m) = pos.parse_move(text) {
        assert_eq!(pos.move_text(m), text);
    }
});
