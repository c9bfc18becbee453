//! Prints each game's piece values with the empty-board mobility they come
//! from (the table in docs/engine.md).
//!
//! `cargo run --release -p chess3d-engine --example values`

use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use chess3d_games::AVAILABLE;

struct Values;

impl EngineVisitor for Values {
    type Output = ();
    fn visit<R: Evaluate>(self) {
        let t = R::tables();
        let et = R::eval_tables();
        println!("\n{} ({})\n", t.def.name, t.def.id);
        println!("| piece | mobility | value | from |");
        println!("|---|---:|---:|---|");
        for (k, info) in t.kinds.iter().enumerate() {
            let def = info.def;
            let given = R::WEIGHTS.values.iter().any(|(l, _)| *l == def.letter);
            let from = if def.royal {
                "royal"
            } else if given {
                "given"
            } else if def.pawn.is_some() || def.promotes || def.resets_clock {
                "pawn-like"
            } else {
                "mobility"
            };
            println!(
                "| {} {} | {:.2} | {} | {} |",
                def.letter, def.name, et.mobility[k], et.value[k], from
            );
        }
    }
}

fn main() {
    for id in AVAILABLE {
        with_engine_game(id, Values).unwrap();
    }
}
