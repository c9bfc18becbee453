//! Prints each game's piece values (fitted, middle and end game) beside
//! the hand-set ones and the empty-board mobility these were derived from
//! (the tables in docs/engine.md).
//!
//! `cargo run --release -p chess3d-engine --example values`

use chess3d_core::Variant;
use chess3d_engine::eval::features::Term;
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use chess3d_games::AVAILABLE;

struct Values;

impl EngineVisitor for Values {
    type Output = ();
    fn visit<R: Evaluate>(self, game: Variant<R>) {
        let t = game.tables();
        let et = R::eval_tables(game);
        println!("\n{} ({})\n", t.def.name, t.def.id);
        println!("| piece | mobility | hand-set | from | fitted (middle, end) |");
        println!("|---|---:|---:|---|---:|");
        for (k, info) in t.kinds.iter().enumerate() {
            let def = info.def;
            let given = R::DEFAULTS.values.iter().find(|(l, _)| *l == def.letter);
            let from = if def.royal {
                "royal"
            } else if given.is_some() {
                "given"
            } else if def.pawn.is_some() || def.promotes || def.resets_clock {
                "pawn-like"
            } else {
                "mobility"
            };
            let hand = match given {
                Some(&(_, v)) => v,
                None if def.royal => 0,
                None if from == "pawn-like" => chess3d_engine::eval::PAWN_VALUE,
                None => chess3d_engine::eval::derived_value(et.mobility[k]),
            };
            let fitted = et
                .weight(Term::Value, Some(def.letter))
                .map_or("".to_string(), |[mg, eg]| format!("{mg}, {eg}"));
            println!(
                "| {} {} | {:.2} | {hand} | {from} | {fitted} |",
                def.letter, def.name, et.mobility[k]
            );
        }
    }
}

fn main() {
    for id in AVAILABLE {
        with_engine_game(id, Values).unwrap();
    }
}
