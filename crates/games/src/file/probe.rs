//! The start position of a loaded definition, read by the core's own
//! position reader: the one judge of whether a setup fits the board.
//!
//! The reader is generic over a rules type whose tables are static, so the
//! check runs under [`Probe`], whose tables are the definition being
//! checked, set on this thread for the check's duration only.

use std::any::Any;
use std::cell::Cell;
use std::marker::PhantomData;

use chess3d_core::def::{About, Choices, GameDef};
use chess3d_core::position::GameState;
use chess3d_core::{Bits, Pools, Position, Rules, Tables};

use super::keep;

thread_local! {
    /// The tables under check on this thread.
    static CHECKING: Cell<Option<&'static (dyn Any + Send + Sync)>> = const { Cell::new(None) };
}

/// Rules whose tables are those under check on this thread, with the
/// game's state: `Pools` where pieces promote from the captured pool.
struct Probe<const W: usize, S>(PhantomData<S>);

impl<const W: usize, S: GameState> Rules for Probe<W, S> {
    type Bits = Bits<W>;
    type State = S;
    fn tables() -> &'static Tables<Bits<W>> {
        CHECKING
            .get()
            .and_then(|t| t.downcast_ref())
            .expect("a probe's tables are set while it reads")
    }
}

/// Reads the start position of `def` with tables `W` words wide.
fn read_start<const W: usize, S: GameState>(def: &'static GameDef) -> Result<(), String> {
    // Kept like the definition's parts, once per set of rules: the tables
    // depend on neither the start position nor the texts for players.
    let rules = GameDef {
        name: "",
        move_hint: "",
        start: "",
        about: About {
            setup: "",
            goal: "",
            special: &[],
            kinds: &[],
        },
        ..*def
    };
    let key = format!("probe {} {rules:?}", std::any::type_name::<Probe<W, S>>());
    let tables: &'static Tables<Bits<W>> = keep::once(key, || Tables::build(def));
    CHECKING.set(Some(tables));
    let read = Position::<Probe<W, S>>::from_text(def.start);
    CHECKING.set(None);
    read.map(|_| ())
        .map_err(|e| format!("the start position: {}: {}", e.field, e.message))
}

/// Whether the start position of `def` (whose other parts are checked)
/// reads, and what is wrong with it if not.
pub fn start_position(def: &'static GameDef) -> Result<(), String> {
    if uses_pools(def) {
        with_width::<Pools>(def)
    } else {
        with_width::<()>(def)
    }
}

fn with_width<S: GameState>(def: &'static GameDef) -> Result<(), String> {
    match def.board.cells().len() {
        0..=64 => read_start::<1, S>(def),
        65..=128 => read_start::<2, S>(def),
        129..=192 => read_start::<3, S>(def),
        193..=256 => read_start::<4, S>(def),
        _ => read_start::<5, S>(def),
    }
}

/// Whether the game keeps each side's captured pieces: its state is then
/// [`Pools`], in its position strings too.
pub fn uses_pools(def: &GameDef) -> bool {
    def.promotion
        .is_some_and(|p| matches!(p.choices, Choices::CapturedPool))
}
