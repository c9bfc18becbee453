//! A game being played, whatever shows it: the position and its moves, who
//! plays each side, undo and redo, resignations and draw offers, the game
//! record, moves as players type them and read them in words, and the
//! engine's thinking. The
//! terminal interface (`chess3d play`) and the web server both drive it;
//! [`uci`] is the engine protocol over the same games.

pub mod analysis;
pub mod annotate;
pub mod clock;
pub mod record_file;
pub mod session;
pub mod setup;
pub mod spec;
pub mod thinker;
pub mod uci;
pub mod words;
