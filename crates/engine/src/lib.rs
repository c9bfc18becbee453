//! chess3d-engine: the computer opponent.
//!
//! - [`search`]: one alpha-beta search generic over the games.
//! - [`eval`]: the evaluation scheme, with each game's weights in its own
//!   module.
//! - [`see`]: static exchange evaluation, for move ordering and pruning.
//! - [`tt`]: the transposition table shared by the search threads.
//! - [`limits`]: depth, nodes, time and clock limits.
//! - [`engine`]: threads (lazy SMP), iterative deepening, skill levels.
//! - [`registry`]: a game id to its type, for the interfaces.
//! - [`review`]: a whole game searched and its moves judged.
//! - [`tune`]: fitting the evaluation's weights to self-play results.

pub mod engine;
pub mod eval;
pub mod limits;
pub mod prove;
pub mod registry;
pub mod review;
pub mod search;
pub mod see;
pub mod teacher;
pub mod tt;
pub mod tune;

pub use engine::{info_line, line_labels, line_text, Config, Engine, Info, Report, Score};
pub use eval::{evaluate, Evaluate};
pub use limits::Limits;
pub use registry::{with_engine_file, with_engine_game, EngineVisitor};
