//! The interface every game offers to perft, the engine, the command line
//! and the interfaces. Generic code takes `G: Game` and is monomorphised per
//! game: no dynamic dispatch in search or perft.

use crate::def::OptionDef;
use crate::error::{MoveError, OptionError, PositionError};
use crate::outcome::Outcome;
use crate::position::{Options, Position, Rules};
use crate::{Move, MoveList, Side};

pub trait Game: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    /// Identifier on the command line.
    fn id() -> &'static str;
    /// Full name of the game.
    fn name() -> &'static str;
    /// Names of the two sides (White/Black, Red/Gold).
    fn side_names() -> [&'static str; 2];

    fn start() -> Self;
    /// Reads a position string; rejects bad input saying what and where.
    fn from_text(text: &str) -> Result<Self, PositionError>;
    /// Reads a position string of a game played with `options` (which the
    /// string does not hold).
    fn from_text_with(text: &str, options: Options) -> Result<Self, PositionError>;
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

    /// The options the game can be played with (the common ones first).
    fn option_defs() -> Vec<OptionDef>;
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

impl<R: Rules> Game for Position<R> {
    fn id() -> &'static str {
        R::tables().def.id
    }
    fn name() -> &'static str {
        R::tables().def.name
    }
    fn side_names() -> [&'static str; 2] {
        R::tables().def.side_names
    }
    fn start() -> Self {
        Position::start()
    }
    fn from_text(text: &str) -> Result<Self, PositionError> {
        Position::from_text(text)
    }
    fn from_text_with(text: &str, options: Options) -> Result<Self, PositionError> {
        Position::from_text_with(text, options)
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
    fn option_defs() -> Vec<OptionDef> {
        Position::<R>::option_defs()
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
