//! Position strings: the parser must never panic, and whatever it accepts
//! must print back to a string that reads as the same position and keep
//! every core invariant. The first byte picks the game: a built-in one,
//! crazyhouse's file, whose position strings hold hands and promoted marks,
//! minishogi's, whose promoted pieces are written `+P`, or Seirawan
//! chess's, whose castling field names gates.
#![no_main]

use chess3d_core::testing::check_position;
use chess3d_core::{Game, GameVariant, Position};
use chess3d_games::file::{embedded, FileGame, PoolFileRules};
use chess3d_games::{with_game, GameVisitor, AVAILABLE};
use libfuzzer_sys::fuzz_target;

/// The files after the built-in games, with hands.
const DROP_FILES: [&str; 3] = [
    include_str!("../../games/crazyhouse.toml"),
    include_str!("../../games/minishogi.toml"),
    include_str!("../../games/seirawan.toml"),
];

struct ParsePosition<'a>(&'a str);

impl GameVisitor for ParsePosition<'_> {
    type Output = ();
    fn visit<G: Game>(self, game: G::Variant) {
        if let Ok(mut pos) = game.position(self.0) {
            let printed = pos.to_text();
            let again = game.position(&printed).expect("printed position reads back");
            assert!(again == pos, "{printed} reads back differently");
            if let Err(e) = check_position(&mut pos) {
                panic!("{printed}: {e}");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pick = first as usize % (AVAILABLE.len() + DROP_FILES.len());
    match AVAILABLE.get(pick) {
        Some(game) => with_game(game, ParsePosition(text)).expect("a game of chess3d"),
        None => match FileGame::of(embedded(DROP_FILES[pick - AVAILABLE.len()])) {
            FileGame::Pool(game) => ParsePosition(text).visit::<Position<PoolFileRules>>(game),
            other => panic!("a game with drops is played with hands: {other:?}"),
        },
    }
});
