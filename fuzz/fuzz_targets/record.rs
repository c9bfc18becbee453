//! Game records: reading any text must never panic; what reads whole must
//! write back to a record that reads to the same moves. The first byte
//! picks the game the record is replayed on (a record of another game is
//! refused, not misread).
#![no_main]

use chess3d_core::record::{replay, Record};
use chess3d_core::Game;
use chess3d_games::{with_game, GameVisitor, AVAILABLE};
use libfuzzer_sys::fuzz_target;

struct Replay<'a>(&'a str);

impl GameVisitor for Replay<'_> {
    type Output = ();
    fn visit<G: Game>(self, game: G::Variant) {
        let (record, damage) = Record::parse(self.0);
        let whole = damage.is_none();
        let _ = damage.as_ref().map(|d| d.to_string());
        let Ok(replayed) = replay::<G>(game, &record, damage) else {
            return;
        };
        if let Some(d) = &replayed.damage {
            let _ = d.to_string();
            return;
        }
        assert!(whole);
        // Written again and read again: the same moves.
        let mut moves = Vec::new();
        let mut pos = replayed.start.clone();
        for &m in &replayed.moves {
            moves.push(pos.move_text(m));
            pos.make(m);
        }
        let again = Record {
            moves,
            ..record.clone()
        };
        let (reread, damage) = Record::parse(&again.to_text());
        assert_eq!(damage, None);
        let replayed_again = replay::<G>(game, &reread, None).expect("the same tags");
        assert_eq!(replayed_again.moves, replayed.moves);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game = AVAILABLE[pick as usize % AVAILABLE.len()];
    with_game(game, Replay(text)).expect("an available game");
});
