//! Property tests of Star Trek: the core invariants along 2,000 seeded
//! random games (board moves, castling, en passant and promotions chosen
//! half of the time when legal, so that attack boards move often), a
//! quarter of them without the rook-pawn rule; parsers that never panic.
//! (The "highest path" rule is not symmetric between the sides, so there
//! is no colour-mirror test.)

use crate::common;

use chess3d_core::MAX_MOVES;
use chess3d_games::startrek::StarTrek;

fn seeded_games(part: u64) {
    let (_, most_moves) = common::seeded_games(part, 150, 0.3, |seed| {
        let mut start = StarTrek::start();
        start.set_option("rook-pawn", seed % 4 != 3).unwrap();
        start
    });
    assert!(
        most_moves < MAX_MOVES as u64 / 4,
        "{most_moves} legal moves"
    );
}

seeded_game_tests!(seeded_games);

parser_property_tests!(
    StarTrek,
    "kqrbnpKQRBNP0123456789/| wb-()abcdefi:,L",
    "L?[a-g][0-9]\\([0-8]\\)i?[-x][a-g][0-9]\\([0-8]\\)i?(=[A-Z])?|O-O(-O)?|\\PC{0,14}"
);
