//! Which game a rules type plays: a handle to its compiled tables.
//!
//! A built-in game's type has one game, whose tables are a static. The
//! rules type of games read from files at run time has one per file, so
//! what a game is (its id, names, start, options) comes from a value, not
//! from the type: code that makes positions from nothing takes a
//! [`Variant`], and a position tells its own ([`Position::variant`]).

use std::marker::PhantomData;

use super::{Options, Position, Rules, HUNDRED_PLY_OPTION};
use crate::def::OptionDef;
use crate::error::PositionError;
use crate::tables::Tables;

/// A game: the compiled tables of one definition, played by rules `R`.
/// Cheap to copy; lives as long as the program.
pub struct Variant<R: Rules> {
    t: &'static Tables<R::Bits>,
    _rules: PhantomData<fn() -> R>,
}

impl<R: Rules> Clone for Variant<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Rules> Copy for Variant<R> {}

impl<R: Rules> std::fmt::Debug for Variant<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.id())
    }
}

/// Two handles are equal when they share a definition: the catalog of
/// game files tells so whether two files of one id are one game. (Ziggurat
/// with its wide promotion has a definition of its own, so its handle then
/// differs from the default one's.)
impl<R: Rules> PartialEq for Variant<R> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.t.def, other.t.def)
    }
}

impl<R: Rules> Eq for Variant<R> {}

impl<R: Rules> Variant<R> {
    /// The game whose compiled tables are `t`. Panics if its pieces hop
    /// or leap lamely and the rules have no such moves
    /// ([`Rules::INDIRECT`]).
    pub fn new(t: &'static Tables<R::Bits>) -> Self {
        assert!(
            R::INDIRECT || !t.indirect,
            "{}: its pieces hop, leap lamely or are confined, or its royal pieces may not face each other; its rules type needs Rules::INDIRECT",
            t.def.id
        );
        Variant::of_checked(t)
    }

    /// The game of tables a variant already checked: a position's, which
    /// its variant made ([`Position::variant`] runs in the engine's
    /// evaluation, so it does not test them again).
    #[inline]
    pub(crate) fn of_checked(t: &'static Tables<R::Bits>) -> Self {
        Variant {
            t,
            _rules: PhantomData,
        }
    }

    /// The compiled game.
    pub fn tables(self) -> &'static Tables<R::Bits> {
        self.t
    }

    /// Identifier on the command line.
    pub fn id(self) -> &'static str {
        self.t.def.id
    }

    /// Full name of the game.
    pub fn name(self) -> &'static str {
        self.t.def.name
    }

    /// Names of the two sides.
    pub fn side_names(self) -> [&'static str; 2] {
        self.t.def.side_names
    }

    /// The start position.
    pub fn start(self) -> Position<R> {
        self.position(self.t.def.start)
            .expect("the start position parses")
    }

    /// Reads a position string (docs/position-strings.md). The last four
    /// fields may be left out: no castling, no en passant, 0, 1.
    pub fn position(self, text: &str) -> Result<Position<R>, PositionError> {
        self.position_with(text, Options::defaults(self.t.def))
    }

    /// Reads a position string for a game played with `options`: the
    /// checks (a King left in check, say) use the rules the options make.
    pub fn position_with(self, text: &str, options: Options) -> Result<Position<R>, PositionError> {
        Position::read_text(self.t, text, options)
    }

    /// Every option of this game: the common ones, then the game's own.
    pub fn option_defs(self) -> Vec<OptionDef> {
        let mut all = vec![OptionDef {
            default: self.t.def.hundred_ply_rule,
            ..HUNDRED_PLY_OPTION
        }];
        all.extend_from_slice(self.t.def.options);
        all
    }
}
