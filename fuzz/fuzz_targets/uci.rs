//! The UCI protocol: any lines of input must be answered without a panic
//! or a hang, every search ending with `bestmove`. Searches are capped at
//! a few thousand nodes (`infinite` and `ponder` dropped, `nodes 2000`
//! added) so that the fuzzer drives the protocol, not the engine.
#![no_main]

use std::sync::{Arc, Mutex};

use chess3d_play::uci::Uci;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let said: Arc<Mutex<Vec<String>>> = Arc::default();
    let out = {
        let said = Arc::clone(&said);
        Arc::new(move |line: &str| said.lock().unwrap().push(line.to_string()))
    };
    let config = chess3d_engine::Config {
        hash_mb: 1,
        ..chess3d_engine::Config::default()
    };
    let mut uci = Uci::with_config(out, config);
    let mut searches = 0;
    for line in text.lines().take(64) {
        let mut tokens = line.split_whitespace();
        let line = if tokens.next() == Some("go") {
            searches += 1;
            let args: Vec<&str> = tokens
                .filter(|t| !matches!(*t, "infinite" | "ponder"))
                .collect();
            format!("go {} nodes 2000", args.join(" "))
        } else {
            line.to_string()
        };
        if !uci.handle(&line) {
            break;
        }
    }
    uci.handle("stop");
    uci.handle("quit");
    let said = said.lock().unwrap();
    let bestmoves = said.iter().filter(|l| l.starts_with("bestmove")).count();
    assert!(
        bestmoves <= searches,
        "{bestmoves} bestmoves for {searches} searches"
    );
});
