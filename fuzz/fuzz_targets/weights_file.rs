//! The engine's two tuning files: weights files (TOML, per game) and
//! labelled positions files (`RESULT POSITION` lines). Neither reader may
//! panic; a weights file that reads must write back to one that reads as
//! the same weights, and accepted positions must print back to the same
//! lines. The first byte picks the game.
#![no_main]

use chess3d_core::Variant;
use chess3d_engine::eval::{weights_file, EvalTables};
use chess3d_engine::{tune, with_engine_game, EngineVisitor, Evaluate};
use chess3d_games::AVAILABLE;
use libfuzzer_sys::fuzz_target;

struct ReadWeights<'a>(&'a str);

impl EngineVisitor for ReadWeights<'_> {
    type Output = ();
    fn visit<R: Evaluate>(self, game: Variant<R>) {
        // Built and dropped (tables_from_file would keep every one).
        let Ok(tables) = EvalTables::build(game, &R::DEFAULTS, R::HAS_GOAL, self.0) else {
            return;
        };
        let text = weights_file(&tables, &tables.weights, "written back");
        let again = EvalTables::build(game, &R::DEFAULTS, R::HAS_GOAL, &text)
            .unwrap_or_else(|e| panic!("written back, the file does not read: {e}\n{text}"));
        assert_eq!(again.weights, tables.weights, "{text}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(positions) = tune::from_lines(text) {
        let printed = tune::to_lines(&positions);
        assert_eq!(
            tune::from_lines(&printed).as_ref(),
            Ok(&positions),
            "{printed}"
        );
    }
    let game = AVAILABLE[first as usize % AVAILABLE.len()];
    with_engine_game(game, ReadWeights(text)).expect("a game of chess3d");
});
