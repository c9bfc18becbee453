//! The interface every game offers to perft, the engine, the command line
//! and the interfaces. Generic code takes `G: Game` and is monomorphised per
//! game: no dynamic dispatch in search or perft.

use crate::def::OptionDef;
use crate::error::{MoveError, OptionError, PositionError};
use crate::outcome::Outcome;
use crate::position::{Options, Position, Rules, Variant};
use crate::{Move, MoveList, Side};

/// Which game of a [`Game`] type is played: its identity, and the way to
/// make positions of it from nothing. A built-in game's type has one; the
/// type of games read from files, one per file.
pub trait GameVariant: Copy + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    type Game: Game<Variant = Self>;
    /// Identifier on the command line.
    fn id(self) -> &'static str;
    /// Full name of the game.
    fn name(self) -> &'static str;
    /// Names of the two sides (White/Black, Red/Gold).
    fn side_names(self) -> [&'static str; 2];
    fn start(self) -> Self::Game;
    /// Reads a position string; rejects bad input saying what and where.
    fn position(self, text: &str) -> Result<Self::Game, PositionError>;
    /// Reads a position string of a game played with `options` (which the
    /// string does not hold).
    fn position_with(self, text: &str, options: Options) -> Result<Self::Game, PositionError>;
    /// The options the game can be played with (the common ones first).
    fn option_defs(self) -> Vec<OptionDef>;
}

pub trait Game: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    /// Which game this is.
    type Variant: GameVariant<Game = Self>;
    fn variant(&self) -> Self::Variant;

    fn to_text(&self) -> String;
    /// A readable text diagram with side to move, state and position string.
    fn diagram(&self) -> String;

    fn side_to_move(&self) -> Side;
    /// Appends the legal moves. `&mut` because some games test moves by
    /// making them; the position is unchanged afterwards.
    fn legal_moves(&mut self, out: &mut MoveList);
    fn pseudo_legal_moves(&self, out: &mut MoveList);
    /// Number of legal moves, without listing them where the game can.
    fn count_legal(&mut self) -> u64;
    /// The definition of legality: whether a pseudo-legal move, once made,
    /// leaves the mover's King unattacked.
    fn is_legal_by_make(&mut self, m: Move) -> bool;

    fn make(&mut self, m: Move);
    /// Takes back the last move; `None` if there is none.
    fn unmake(&mut self) -> Option<Move>;

    /// The incrementally kept Zobrist hash.
    fn hash(&self) -> u64;
    /// The hash computed from scratch.
    fn fresh_hash(&self) -> u64;
    fn in_check(&self) -> bool;
    /// Whether a move of this position captures something.
    fn is_capture(&self, m: Move) -> bool;
    /// Whether a side that can capture must (antichess).
    fn must_capture(&self) -> bool;
    /// A result reached by the last move itself (a King captured, the temple
    /// reached): such a position has no legal moves, so it is a leaf even
    /// in perft.
    fn immediate_result(&self) -> Option<Outcome>;
    /// The result if the game is over by any rule of RULINGS.md §0.
    fn outcome(&mut self) -> Option<Outcome>;

    /// The canonical text of a legal move of this position.
    fn move_text(&self, m: Move) -> String;
    /// Reads a move in canonical notation; it must be legal here.
    fn parse_move(&mut self, text: &str) -> Result<Move, MoveError>;
    /// Reads a move as players type it (SAN, short forms; see
    /// `position::notation`); it must be legal here.
    fn read_move(&mut self, text: &str) -> Result<Move, MoveError>;
    /// A legal move as players read it: SAN for chess, the canonical text
    /// otherwise, with `+` or `#`.
    fn move_label(&mut self, m: Move) -> String;
    /// Whether moves are shown and recorded in standard algebraic notation
    /// (chess) rather than in canonical text.
    fn shows_san(&self) -> bool;

    /// The options this position is played with. Position strings do not
    /// carry them: a position read from text has the game's defaults.
    fn options(&self) -> Options;
    /// Plays on with other options; refused, changing nothing, when the
    /// position would then be impossible.
    fn set_options(&mut self, options: Options) -> Result<(), OptionError>;
    /// Sets an option by name; refused with a reason, changing nothing.
    fn set_option(&mut self, name: &str, on: bool) -> Result<(), OptionError>;

    /// Reads a move in canonical notation and plays it.
    fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.make(m);
        Ok(m)
    }
}

impl<R: Rules> GameVariant for Variant<R> {
    type Game = Position<R>;
    fn id(self) -> &'static str {
        Variant::id(self)
    }
    fn name(self) -> &'static str {
        Variant::name(self)
    }
    fn side_names(self) -> [&'static str; 2] {
        Variant::side_names(self)
    }
    fn start(self) -> Position<R> {
        Variant::start(self)
    }
    fn position(self, text: &str) -> Result<Position<R>, PositionError> {
        Variant::position(self, text)
    }
    fn position_with(self, text: &str, options: Options) -> Result<Position<R>, PositionError> {
        Variant::position_with(self, text, options)
    }
    fn option_defs(self) -> Vec<OptionDef> {
        Variant::option_defs(self)
    }
}

impl<R: Rules> Game for Position<R> {
    type Variant = Variant<R>;
    fn variant(&self) -> Variant<R> {
        Position::variant(self)
    }
    fn to_text(&self) -> String {
        Position::to_text(self)
    }
    fn diagram(&self) -> String {
        Position::diagram(self)
    }
    #[inline]
    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }
    #[inline]
    fn legal_moves(&mut self, out: &mut MoveList) {
        Position::legal_moves(self, out)
    }
    fn pseudo_legal_moves(&self, out: &mut MoveList) {
        Position::pseudo_legal_moves(self, out)
    }
    #[inline]
    fn count_legal(&mut self) -> u64 {
        Position::count_legal(self)
    }
    fn is_legal_by_make(&mut self, m: Move) -> bool {
        Position::is_legal_by_make(self, m)
    }
    #[inline]
    fn make(&mut self, m: Move) {
        Position::make(self, m)
    }
    #[inline]
    fn unmake(&mut self) -> Option<Move> {
        Position::unmake(self)
    }
    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }
    fn fresh_hash(&self) -> u64 {
        Position::fresh_hash(self)
    }
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn must_capture(&self) -> bool {
        self.tables().def.must_capture
    }
    #[inline]
    fn is_capture(&self, m: Move) -> bool {
        Position::is_capture(self, m)
    }
    #[inline]
    fn immediate_result(&self) -> Option<Outcome> {
        Position::immediate_result(self)
    }
    fn outcome(&mut self) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn move_text(&self, m: Move) -> String {
        Position::move_text(self, m)
    }
    fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }
    fn read_move(&mut self, text: &str) -> Result<Move, MoveError> {
        Position::read_move(self, text)
    }
    fn move_label(&mut self, m: Move) -> String {
        Position::move_label(self, m)
    }
    fn shows_san(&self) -> bool {
        Position::shows_san(self)
    }
    fn options(&self) -> Options {
        Position::options(self)
    }
    fn set_options(&mut self, options: Options) -> Result<(), OptionError> {
        Position::set_options(self, options)
    }
    fn set_option(&mut self, name: &str, on: bool) -> Result<(), OptionError> {
        Position::set_option(self, name, on)
    }
}

/// A game type with one game, known when the program is built (every
/// game's but those read from files): its variant comes from the type.
pub trait BuiltInGame: Game {
    fn variant_of_type() -> Self::Variant;
}

impl<R: crate::position::BuiltIn> BuiltInGame for Position<R> {
    fn variant_of_type() -> Variant<R> {
        Position::<R>::variant_of_type()
    }
}
