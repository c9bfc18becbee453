//! A position of a game defined by data: pieces on cells, side to move,
//! castling and en-passant state, counters, hash, and the undo history.
//!
//! The same code runs every game with fixed geometry; the game is the
//! [`Rules`] type parameter, which supplies the compiled tables and the cell
//! set width. Everything is monomorphised: no dynamic dispatch.

mod castling;
mod guard;
mod make;
mod movegen;
mod notation;
mod reach;
mod shuffle;
mod text;
mod variant;

use std::marker::PhantomData;

use crate::bits::BitSet;
use crate::def::{GameDef, OptionDef};
use crate::error::{OptionError, PositionError};
use crate::geometry::NO_CELL;
use crate::tables::Tables;
use crate::{Cell, Kind, Move, MoveKind, MoveList, Piece, Side};

pub use guard::{Exposure, Guard};
pub use reach::Reach;
pub use shuffle::MAX_SHUFFLED;
pub use variant::Variant;

/// Most cells of any board (Polyhedron has 300).
pub const MAX_CELLS: usize = 320;
/// Most piece kinds of any game (Polyhedron has 14).
pub const MAX_KINDS: usize = 16;

/// How a kind of game plays on the core: its cell-set width, extra state,
/// and hooks for the rules its data cannot say. Every hook has a default
/// that does nothing, so a game of pure data (chess) implements two items,
/// `Bits` and `State = ()`, and [`BuiltIn`] for its tables.
/// Everything is monomorphised: a hook a game does not use costs nothing.
///
/// Which game is played is not the type's but the tables' (a
/// [`Variant`]): a built-in game's type has one, and the rules type of
/// games read from files at run time has one per file.
pub trait Rules: 'static + Sized + Send + Sync {
    /// A cell set wide enough for the game's cells.
    type Bits: BitSet;
    /// State beyond the common fields (attack-board pins, elevator shafts,
    /// captured-piece pools): restored on unmake by snapshot, so keep it
    /// small. `()` for games without any.
    type State: GameState;

    /// The compiled game with the game options `game_options` (bit i is
    /// `GameDef::options[i]`), where `current` is the game's tables now,
    /// for games whose options change the tables (a wider promotion set,
    /// say). The tables must differ only in what the options change: same
    /// cells, kinds and hash keys. Games whose options change no tables
    /// keep `current`.
    fn tables_for(
        current: &'static Tables<Self::Bits>,
        game_options: u8,
    ) -> &'static Tables<Self::Bits> {
        let _ = game_options;
        current
    }

    /// Whether legal moves may be found with the straight-line check and
    /// pin logic. Games whose pieces attack in other ways (through shafts,
    /// along attack-board paths, by pushing) set it to false: every
    /// pseudo-legal move is then tested by making it.
    const LINE_ATTACKS: bool = true;
    /// Whether the game's pieces may move indirectly: hop (`Reach::Hop`,
    /// `Reach::Grasshop`) or leap lamely (`Component::lame`), moves that
    /// depend on a cell off their line (a hurdle, a block); or be confined
    /// to a zone (`PieceDef::confined`); or whether its royal pieces may
    /// not face each other (`GameDef::facing_lines`): the rules of games
    /// read from files. Without it the move generator and the
    /// attack test have no code for them at all (a built-in game pays
    /// nothing), and a game whose data has them is refused.
    const INDIRECT: bool = false;
    /// Whether [`Rules::special_moves`] can produce moves.
    const SPECIAL_MOVES: bool = false;
    /// The pawn an en-passant move `m` of a game's own en-passant rule
    /// captures, for games that keep their en passant in their state (the
    /// position's en-passant field is then always empty).
    fn en_passant_victim(_pos: &Position<Self>, m: Move) -> Cell {
        unreachable!("{m:?}: en passant without a double step")
    }

    /// The cells that exist now (dynamic geometry). Absent cells cannot be
    /// entered and end slides. All cells by default.
    #[inline]
    fn present(_pos: &Position<Self>) -> Self::Bits {
        Self::Bits::FULL
    }

    /// Whether pieces of `kind` move by [`Rules::special_targets`] (besides
    /// their data, if any).
    #[inline]
    fn has_special_targets(_kind: Kind) -> bool {
        false
    }

    /// The cells a piece of `kind` of the side to move, on `from`, moves or
    /// captures to by a rule the data cannot describe (slides under a
    /// game's own path rule, a pawn's step of its own): plain moves, the
    /// piece going from `from` to the cell and taking what stands there.
    /// The generator keeps those not held by the mover's side and treats
    /// them as the data's moves (promotion included).
    fn special_targets(_pos: &Position<Self>, _kind: Kind, _from: Cell) -> Self::Bits {
        Self::Bits::EMPTY
    }

    /// Appends pseudo-legal moves the data cannot describe (pushes, board
    /// and elevator moves).
    fn special_moves(_pos: &Position<Self>, _out: &mut MoveList) {}

    /// Plays a move of [`Rules::special_moves`] through `edit`, which logs
    /// every change for unmake. Returns whether the move resets the 100-ply
    /// counter (a capture through `edit` always does).
    fn make_special(_edit: &mut Edit<'_, Self>, m: Move) -> bool {
        unreachable!("{m:?}: a special move in a game without any")
    }

    /// Called at the end of every move's board changes, with the piece the
    /// move captured (empty if none; special moves see their own captures):
    /// for state that ordinary moves change (attack-board ownership passing
    /// on a capture, pawns that have moved). In a game with `LINE_ATTACKS`
    /// false it must not change what attacks what: plain moves are found
    /// legal without making them ([`Rules::exposure`]).
    fn after_make(_edit: &mut Edit<'_, Self>, _m: Move, _captured: Piece) {}

    /// Whether [`Rules::after_turn`] does anything (it costs a call per move
    /// otherwise).
    const AFTER_TURN: bool = false;

    /// Called at the very end of every move, with the opponent to move: for
    /// state that depends on the opponent's legal replies (a game's own en
    /// passant, kept only when a legal capture exists). [`Edit::is_legal`]
    /// tests a reply.
    fn after_turn(_edit: &mut Edit<'_, Self>, _m: Move) {}

    /// Whether the material left cannot win for either side (a draw by
    /// insufficient material, besides the bare Kings of RULINGS.md §0).
    fn insufficient_material(_pos: &Position<Self>) -> bool {
        false
    }

    /// Whether `by` attacks `cell` in a way the data does not describe (a
    /// push that would drop the piece there, say), when the occupied cells
    /// are `occupied` and `by`'s pieces on `removed` are gone: the
    /// position's own, or as a move of the other side's royal piece to
    /// `cell` would leave them (no other piece moved). Only for games with
    /// `LINE_ATTACKS` false: the straight-line shortcut cannot see it.
    fn special_attack(
        _pos: &Position<Self>,
        _cell: Cell,
        _by: Side,
        _occupied: Self::Bits,
        _removed: Self::Bits,
    ) -> bool {
        false
    }

    /// For games with `LINE_ATTACKS` false: the cells where a move may
    /// change whether `by` attacks `royal` (the royal piece of the other
    /// side, which is to move and not in check), by its special attacks
    /// (the data's slides are added by the core): `vacate`, every cell
    /// whose emptying may open such an attack; `fill`, every cell whose
    /// filling may make one. A plain move (kind `Normal` or `DoubleStep`:
    /// one piece from `from` to `to`, taking what stands there; the game's
    /// special moves of these kinds must be such) of a piece other than
    /// the royal one, from outside `vacate` to outside `fill`, is then
    /// legal without a test, provided that what [`Rules::after_make`]
    /// changes never changes an attack. Any superset is right; `None`
    /// (the default) tests every move by making it.
    fn exposure(_pos: &Position<Self>, _royal: Cell, _by: Side) -> Option<Exposure<Self::Bits>> {
        None
    }

    /// For games with [`Rules::exposure`]: whether a piece of `kind` of
    /// either side, standing on `from`, may attack `royal` by the game's
    /// own rule ([`Rules::special_attack`]) whatever stands between: a
    /// superset; true (the default) where the game cannot say.
    fn may_attack_from(_pos: &Position<Self>, _kind: Kind, _from: Cell, _royal: Cell) -> bool {
        true
    }

    /// For games with [`Rules::exposure`]: whether the special move `m` (a
    /// push, a board move) certainly leaves the royal piece of the side to
    /// move, on `royal` and not in check, unattacked, given the cells of
    /// the position's `exposure`. False (the default) tests it by making
    /// it.
    fn special_is_safe(
        _pos: &Position<Self>,
        _m: Move,
        _royal: Cell,
        _exposure: &Exposure<Self::Bits>,
    ) -> bool {
        false
    }

    /// Whether a special move (a push, a board move) captures something.
    /// By default: whether its destination holds a piece.
    fn special_is_capture(pos: &Position<Self>, m: Move) -> bool {
        !pos.piece_at(m.to).is_empty()
    }

    /// Why the position cannot be played with its options now, if it
    /// cannot (a layout only an option's moves make, the option turned
    /// off): [`Position::set_options`] refuses the change.
    fn options_refused(_pos: &Position<Self>) -> Option<String> {
        None
    }

    /// Whether `text` has the shape of one of the game's special moves
    /// written its own way (an attack-board move), so that a parser reports
    /// it as illegal rather than unreadable when it is not a legal move.
    fn reads_as_special_move(_text: &str) -> bool {
        false
    }

    /// Why a special move written its own way (an attack-board move) is
    /// not legal here, when the game can tell: a board the side does not
    /// own, one that carries what it may not, a pin already taken.
    fn why_special_move_not(_pos: &Position<Self>, _text: &str) -> Option<String> {
        None
    }

    /// A special move in a player's words, for the interfaces' menus ("the
    /// attack board to pin b3(4), inverted"). `None`: they describe it from
    /// what it changes on the board.
    fn special_move_words(_pos: &Position<Self>, _m: Move) -> Option<String> {
        None
    }

    /// The canonical text of a special move.
    fn special_move_text(pos: &Position<Self>, m: Move) -> String {
        let geo = &pos.tables().geo;
        let sep = if m.kind == MoveKind::Push { '>' } else { '-' };
        format!("{}{sep}{}", geo.name(m.from), geo.name(m.to))
    }

    /// Hash of the game's own state, computed from scratch. Special moves
    /// keep it up to date incrementally with [`Edit::xor_hash`].
    fn state_hash(_pos: &Position<Self>) -> u64 {
        0
    }

    /// Position-string fields of the game's own state, after the common
    /// ones (and the pools).
    fn write_state(_pos: &Position<Self>) -> Vec<String> {
        Vec::new()
    }

    /// Reads the fields written by [`Rules::write_state`].
    fn read_state(_pos: &mut Position<Self>, fields: &[&str]) -> Result<(), PositionError> {
        match fields.first() {
            None => Ok(()),
            Some(extra) => Err(PositionError::new(
                "after the last field",
                format!("unexpected '{extra}': this game's position string has no more fields"),
            )),
        }
    }
}

/// A game's own state. Captured-piece pools live here so that a game that
/// has them gets them restored, hashed and written with the rest.
pub trait GameState:
    Copy + Eq + std::hash::Hash + std::fmt::Debug + Default + Send + Sync + 'static
{
    /// Whether the state can hold hands (a game with drops): false lets
    /// the games without compile the drops' code away.
    const HANDS: bool = false;
    fn pools(&self) -> Option<&Pools> {
        None
    }
    fn pools_mut(&mut self) -> Option<&mut Pools> {
        None
    }
    /// The cells of promoted pieces, in games with drops (a promoted
    /// piece captured enters the hand as the kind that promoted).
    fn promoted(&self) -> Option<&Promoted> {
        None
    }
    fn promoted_mut(&mut self) -> Option<&mut Promoted> {
        None
    }
    /// The open gates, in games with gating (Seirawan chess).
    fn gates(&self) -> Option<&Gates> {
        None
    }
    fn gates_mut(&mut self) -> Option<&mut Gates> {
        None
    }
}

impl GameState for () {}

/// The cells of promoted pieces (of either side), as a bit per cell.
pub type Promoted = crate::bits::Bits<5>;

/// The open gates of a game with gating, as a bit per cell: cells whose
/// piece has not moved, where a piece of its owner's hand may be gated
/// when it leaves.
pub type Gates = crate::bits::Bits<5>;

/// Pieces held off the board: each side's pool (the captured pieces it may
/// promote to) or hand (the pieces it may drop), with the cells of promoted
/// pieces, which a capture returns to the hand demoted, and the open
/// gates of a game with gating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Held {
    pub pools: Pools,
    pub promoted: Promoted,
    pub gates: Gates,
}

impl GameState for Held {
    const HANDS: bool = true;
    fn pools(&self) -> Option<&Pools> {
        Some(&self.pools)
    }
    fn pools_mut(&mut self) -> Option<&mut Pools> {
        Some(&mut self.pools)
    }
    fn promoted(&self) -> Option<&Promoted> {
        Some(&self.promoted)
    }
    fn promoted_mut(&mut self) -> Option<&mut Promoted> {
        Some(&mut self.promoted)
    }
    fn gates(&self) -> Option<&Gates> {
        Some(&self.gates)
    }
    fn gates_mut(&mut self) -> Option<&mut Gates> {
        Some(&mut self.gates)
    }
}

/// Each side's captured pieces, by kind: what it may promote to in games
/// that promote "to one of the player's own captured pieces".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pools([[u8; MAX_KINDS]; 2]);

impl Pools {
    /// How many pieces of `kind` of `side` have been captured.
    #[inline]
    pub fn count(&self, side: Side, kind: Kind) -> u8 {
        self.0[side.index()][kind as usize]
    }

    pub fn set(&mut self, side: Side, kind: Kind, count: u8) {
        self.0[side.index()][kind as usize] = count;
    }

    /// How many pieces `side` holds, of every kind.
    pub fn total(&self, side: Side) -> u32 {
        self.0[side.index()].iter().map(|&n| u32::from(n)).sum()
    }
}

impl GameState for Pools {
    fn pools(&self) -> Option<&Pools> {
        Some(self)
    }
    fn pools_mut(&mut self) -> Option<&mut Pools> {
        Some(self)
    }
}

/// Options a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// RULINGS.md §0: 100 plies without capture or pawn move draw.
    pub hundred_ply_rule: bool,
    /// The game's own options: bit i is `GameDef::options[i]`.
    pub game: u8,
}

/// The option every game has (RULINGS.md §0), named as on the command
/// line.
pub const HUNDRED_PLY_OPTION: OptionDef = OptionDef {
    name: "hundred-ply",
    help: "100 plies without a capture or a pawn-type move draw (RULINGS.md §0)",
    default: true,
};

impl Options {
    /// Whether option `i` of a game's option list is on: the list
    /// `Variant::option_defs` gives, the common `hundred-ply` first, then
    /// the game's own in `GameDef::options` order.
    pub fn is_on(&self, i: usize) -> bool {
        match i {
            0 => self.hundred_ply_rule,
            _ => self.game >> (i - 1) & 1 == 1,
        }
    }

    /// The defaults of a game.
    pub fn defaults(def: &GameDef) -> Options {
        Options {
            hundred_ply_rule: def.hundred_ply_rule,
            game: def
                .options
                .iter()
                .enumerate()
                .filter(|(_, o)| o.default)
                .fold(0, |bits, (i, _)| bits | 1 << i),
        }
    }
}

/// The en-passant state after a double step: the skipped cell, where a
/// capturing pawn lands, and the cell of the pawn it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub target: Cell,
    pub victim: Cell,
}

/// What `unmake` needs to restore: the board changes are in the change
/// log (from `log_len` on), everything else is a snapshot.
#[derive(Clone, Copy, Debug)]
struct Undo<S> {
    mv: Move,
    log_len: u32,
    state: S,
    castling: u8,
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    checks: [u8; 2],
}

/// A position of the game `R`.
pub struct Position<R: Rules> {
    t: &'static Tables<R::Bits>,
    board: [Piece; MAX_CELLS],
    by_side: [R::Bits; 2],
    by_kind: [R::Bits; MAX_KINDS],
    royal: [Cell; 2],
    side: Side,
    castling: u8,
    /// Per castling slot (bit of `castling`): the index in
    /// `Tables::castling` of its rule in play. Fixed for a whole game: it
    /// differs from the usual rule only in a game castling from any file
    /// (Chess960), where the position string chose it.
    castle_rules: [u8; 8],
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    /// Per side: the checks it has still to give to win, in a game that
    /// counts them (`GameDef::checks_to_win`; 0 in the others).
    checks: [u8; 2],
    state: R::State,
    history: Vec<Undo<R::State>>,
    /// Every board change made by the moves in `history`: the cell and the
    /// piece it held before. Unmake replays it backwards, which is what lets
    /// any move (a push of a chain, a board carrying pieces) be taken back
    /// without move-specific code.
    log: Vec<(Cell, Piece)>,
    options: Options,
    _rules: PhantomData<R>,
}

impl<R: Rules> Clone for Position<R> {
    fn clone(&self) -> Self {
        Position {
            t: self.t,
            board: self.board,
            by_side: self.by_side,
            by_kind: self.by_kind,
            royal: self.royal,
            side: self.side,
            castling: self.castling,
            castle_rules: self.castle_rules,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            checks: self.checks,
            state: self.state,
            history: self.history.clone(),
            log: self.log.clone(),
            options: self.options,
            _rules: PhantomData,
        }
    }
}

impl<R: Rules> std::fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_text())
    }
}

/// Equal when everything but the history is equal.
impl<R: Rules> PartialEq for Position<R> {
    fn eq(&self, other: &Self) -> bool {
        self.board[..self.t.len()] == other.board[..other.t.len()]
            && self.side == other.side
            && self.castling == other.castling
            && (0..8).all(|slot| {
                self.castling >> slot & 1 == 0
                    || self.castle_rules[slot] == other.castle_rules[slot]
            })
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hash == other.hash
            && self.checks == other.checks
            && self.state == other.state
            && self.options == other.options
    }
}

impl<R: Rules> Eq for Position<R> {}

/// A rules type with exactly one game, known when the program is built
/// (every game but those read from files at run time): its tables are a
/// static, so its positions can be made from the type alone.
pub trait BuiltIn: Rules {
    /// The compiled game (built once, on first use), with its default
    /// options.
    fn tables() -> &'static Tables<Self::Bits>;
}

impl<R: BuiltIn> Position<R> {
    /// The game of this type.
    pub fn variant_of_type() -> Variant<R> {
        Variant::new(R::tables())
    }

    /// The start position of the game.
    pub fn start() -> Self {
        Self::variant_of_type().start()
    }

    /// Reads a position string (see [`Variant::from_text`]).
    pub fn from_text(text: &str) -> Result<Self, PositionError> {
        Self::variant_of_type().position(text)
    }

    /// Reads a position string of a game played with `options`.
    pub fn from_text_with(text: &str, options: Options) -> Result<Self, PositionError> {
        Self::variant_of_type().position_with(text, options)
    }

    /// An empty board, White to move.
    pub fn empty() -> Self {
        Self::empty_of(Self::variant_of_type().tables())
    }

    /// Every option of this game: the common ones, then the game's own.
    pub fn option_defs() -> Vec<OptionDef> {
        Self::variant_of_type().option_defs()
    }
}

impl<R: Rules> Position<R> {
    /// An empty board of the game of `t`, White to move.
    pub(crate) fn empty_of(t: &'static Tables<R::Bits>) -> Self {
        assert!(t.len() <= MAX_CELLS && t.kinds.len() <= MAX_KINDS);
        Position {
            t,
            board: [Piece::EMPTY; MAX_CELLS],
            by_side: [R::Bits::EMPTY; 2],
            by_kind: [R::Bits::EMPTY; MAX_KINDS],
            royal: [NO_CELL; 2],
            side: Side::White,
            castling: 0,
            castle_rules: t.castling.usual,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            checks: [t.def.checks_to_win.unwrap_or(0); 2],
            state: R::State::default(),
            history: Vec::with_capacity(256),
            log: Vec::with_capacity(1024),
            options: Options::defaults(t.def),
            _rules: PhantomData,
        }
    }

    /// The game of this position.
    #[inline]
    pub fn variant(&self) -> Variant<R> {
        Variant::of_checked(self.t)
    }

    /// The compiled game.
    #[inline]
    pub fn tables(&self) -> &'static Tables<R::Bits> {
        self.t
    }

    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Piece {
        self.board[cell as usize]
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Bit set of castling rights, one bit per rule of the game's list.
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    #[inline]
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// The checks `side` has still to give to win, in a game that counts
    /// them (`GameDef::checks_to_win`).
    #[inline]
    pub fn checks_left(&self, side: Side) -> Option<u8> {
        self.t.def.checks_to_win.map(|_| self.checks[side.index()])
    }

    /// Plies since the last capture or pawn-type move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The game's own state.
    #[inline]
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// Mutable access for position setup (tests, position-string readers).
    /// Moves change the state through [`Edit`] instead.
    pub fn state_mut(&mut self) -> &mut R::State {
        &mut self.state
    }

    /// Each side's captured pieces, in games with pools.
    #[inline]
    pub fn pools(&self) -> Option<&Pools> {
        self.state.pools()
    }

    /// Each side's hand, in a game with drops or gating.
    #[inline]
    pub fn hands(&self) -> Option<&Pools> {
        self.state.pools().filter(|_| self.has_hands())
    }

    /// Whether this is a game with drops (crazyhouse).
    #[inline]
    pub(crate) fn drops(&self) -> bool {
        R::State::HANDS && self.t.def.drops
    }

    /// Whether this is a game with gating (Seirawan chess).
    #[inline]
    pub(crate) fn gating(&self) -> bool {
        R::State::HANDS && self.t.def.gating
    }

    /// Whether the sides hold pieces in hand: a game with drops or gating.
    #[inline]
    pub(crate) fn has_hands(&self) -> bool {
        R::State::HANDS && (self.t.def.drops || self.t.def.gating)
    }

    /// The open gates of `side`: the cells of its pieces that have not
    /// moved, where it may gate a piece of its hand as they leave (empty
    /// in a game without gating).
    pub fn gates(&self, side: Side) -> R::Bits {
        let Some(gates) = self.state.gates().filter(|_| self.gating()) else {
            return R::Bits::EMPTY;
        };
        gates
            .iter()
            .filter(|&c| self.board[c as usize].side() == side)
            .fold(R::Bits::EMPTY, |mut cells, c| {
                cells.insert(c);
                cells
            })
    }

    /// Opens or closes the gate on `cell`, keeping the hash in step.
    fn set_gate(&mut self, cell: Cell, open: bool) {
        let Some(gates) = self.state.gates_mut() else {
            return;
        };
        if gates.contains(cell) != open {
            if open {
                gates.insert(cell);
            } else {
                gates.remove(cell);
            }
            self.hash ^= self.t.keys.gate(cell);
        }
    }

    /// Closes all of `side`'s gates if its hand is empty and cannot refill
    /// (gating alone), as Fairy-Stockfish does: they would gate nothing.
    fn close_gates_of_empty_hand(&mut self, side: Side) {
        if self.t.def.gating_alone() && self.in_hand(side) == 0 {
            for cell in self.gates(side).iter() {
                self.set_gate(cell, false);
            }
        }
    }

    /// The kinds `side` holds in hand, each with how many, in the game's
    /// order of kinds (none in a game without drops).
    pub fn held(&self, side: Side) -> impl Iterator<Item = (Kind, u8)> + '_ {
        let hands = self.hands();
        self.t
            .pool_kinds
            .iter()
            .filter_map(move |&k| hands.map(|h| (k, h.count(side, k))))
            .filter(|&(_, n)| n > 0)
    }

    /// How many pieces `side` has in hand (none in a game without drops).
    pub fn in_hand(&self, side: Side) -> u32 {
        self.hands().map_or(0, |h| h.total(side))
    }

    #[inline]
    pub fn options(&self) -> Options {
        self.options
    }

    /// Plays on with other options. Refused, changing nothing, when the
    /// position would put a King in check with the other side to move.
    pub fn set_options(&mut self, options: Options) -> Result<(), OptionError> {
        let known = self.t.def.options.len();
        if u32::from(options.game) >> known != 0 {
            return Err(OptionError(format!(
                "{} has {known} game options, not option bits {:#b}",
                self.t.def.name, options.game
            )));
        }
        let old = (self.options, self.t);
        self.options = options;
        self.t = R::tables_for(self.t, options.game);
        debug_assert!(
            self.t.len() == old.1.len() && self.t.kinds.len() == old.1.kinds.len(),
            "tables_for changed the cells or kinds"
        );
        if let Some(why) = R::options_refused(self) {
            (self.options, self.t) = old;
            return Err(OptionError(why));
        }
        let checked = self.t.def.has_check
            && self.royal_cell(self.side.other()).is_some()
            && self.royal_attacked(self.side.other());
        if checked {
            (self.options, self.t) = old;
            return Err(OptionError(format!(
                "with these options {}'s King would be in check with {} to move",
                self.t.def.side_names[self.side.other().index()],
                self.t.def.side_names[self.side.index()]
            )));
        }
        Ok(())
    }

    /// Sets the option called `name` (see [`Position::option_defs`]).
    pub fn set_option(&mut self, name: &str, on: bool) -> Result<(), OptionError> {
        let mut options = self.options;
        if name == HUNDRED_PLY_OPTION.name {
            options.hundred_ply_rule = on;
        } else if let Some(i) = self.t.def.options.iter().position(|o| o.name == name) {
            options.game = if on {
                options.game | 1 << i
            } else {
                options.game & !(1 << i)
            };
        } else {
            let names: Vec<&str> = self
                .variant()
                .option_defs()
                .iter()
                .map(|o| o.name)
                .collect();
            return Err(OptionError(format!(
                "'{}' is not an option of {} (options: {})",
                name.escape_debug(),
                self.t.def.name,
                names.join(", ")
            )));
        }
        self.set_options(options)
    }

    /// The cell of a side's royal piece, if it has one on the board.
    #[inline]
    pub fn royal_cell(&self, side: Side) -> Option<Cell> {
        let c = self.royal[side.index()];
        (c != NO_CELL).then_some(c)
    }

    /// Cells holding pieces of `side`.
    #[inline]
    pub fn side_cells(&self, side: Side) -> R::Bits {
        self.by_side[side.index()]
    }

    /// Cells holding pieces of `kind`, both sides.
    #[inline]
    pub fn kind_cells(&self, kind: Kind) -> R::Bits {
        self.by_kind[kind as usize]
    }

    #[inline]
    pub fn occupied(&self) -> R::Bits {
        self.by_side[0] | self.by_side[1]
    }

    /// Moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Number of moves that [`Position::unmake`] can take back.
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn fresh_hash(&self) -> u64 {
        let k = &self.t.keys;
        let mut h = 0;
        for c in self.occupied().iter() {
            h ^= k.piece(self.board[c as usize].code(), c);
        }
        if self.side == Side::Black {
            h ^= k.side;
        }
        h ^= self.castling_key(self.castling);
        if let Some(ep) = self.ep {
            h ^= self.ep_key(ep);
        }
        if self.t.def.checks_to_win.is_some() {
            for side in Side::BOTH {
                h ^= k.checks(side, self.checks[side.index()]);
            }
        }
        if let Some(gates) = self.state.gates().filter(|_| self.gating()) {
            for c in gates.iter() {
                h ^= k.gate(c);
            }
        }
        if let Some(pools) = self.pools() {
            for side in Side::BOTH {
                for kind in 0..self.t.kinds.len() as Kind {
                    h ^= k.pool(Piece::new(side, kind).code(), pools.count(side, kind));
                }
            }
        }
        h ^ R::state_hash(self)
    }

    /// Puts `piece` on the empty cell `cell`, logging the change.
    #[inline]
    fn put(&mut self, cell: Cell, piece: Piece) {
        self.log.push((cell, Piece::EMPTY));
        self.place(cell, piece);
    }

    /// Removes and returns the piece on the occupied cell `cell`, logging
    /// the change.
    #[inline]
    fn take(&mut self, cell: Cell) -> Piece {
        let piece = self.lift(cell);
        self.log.push((cell, piece));
        piece
    }

    /// Puts `piece` on the empty cell `cell`, without logging.
    #[inline]
    fn place(&mut self, cell: Cell, piece: Piece) {
        debug_assert!(self.board[cell as usize].is_empty());
        self.board[cell as usize] = piece;
        self.by_side[piece.side().index()].insert(cell);
        self.by_kind[piece.kind() as usize].insert(cell);
        self.hash ^= self.t.keys.piece(piece.code(), cell);
        if piece.kind() == self.t.royal {
            let side = piece.side().index();
            self.royal[side] = if self.several_royals() {
                self.first_royal(side)
            } else {
                cell
            };
        }
    }

    /// The cells of a side's royal pieces (none in a game without a royal
    /// kind).
    pub(crate) fn royal_cells(&self, side: usize) -> R::Bits {
        match self.t.royal_kind() {
            Some(k) => self.by_kind[k as usize] & self.by_side[side],
            None => R::Bits::EMPTY,
        }
    }

    /// The lowest cell of a side's royal pieces (`NO_CELL` if none): the
    /// one `royal` names where there may be several, whatever the order
    /// the pieces came in.
    fn first_royal(&self, side: usize) -> Cell {
        self.royal_cells(side).iter().next().unwrap_or(NO_CELL)
    }

    /// Removes and returns the piece on the occupied cell `cell`, without
    /// logging.
    #[inline]
    fn lift(&mut self, cell: Cell) -> Piece {
        let piece = self.board[cell as usize];
        debug_assert!(!piece.is_empty());
        self.board[cell as usize] = Piece::EMPTY;
        self.by_side[piece.side().index()].remove(cell);
        self.by_kind[piece.kind() as usize].remove(cell);
        self.hash ^= self.t.keys.piece(piece.code(), cell);
        if piece.kind() == self.t.royal {
            let side = piece.side().index();
            // Where a side may have several, another may remain.
            self.royal[side] = if self.several_royals() {
                self.first_royal(side)
            } else {
                NO_CELL
            };
        }
        piece
    }

    /// Sets the en-passant state, keeping the hash in step.
    #[inline]
    fn set_ep(&mut self, ep: Option<EnPassant>) {
        if let Some(old) = self.ep {
            self.hash ^= self.ep_key(old);
        }
        if let Some(new) = ep {
            self.hash ^= self.ep_key(new);
        }
        self.ep = ep;
    }

    /// The en-passant state's hash key: its skipped cell's, and where the
    /// landing cell is part of the state (`Tables::ep_names_landing`), a
    /// second key from that cell's.
    #[inline]
    fn ep_key(&self, ep: EnPassant) -> u64 {
        let k = &self.t.keys;
        if self.t.ep_names_landing {
            k.ep(ep.target) ^ k.ep(ep.victim).rotate_left(32)
        } else {
            k.ep(ep.target)
        }
    }

    /// Sets the castling rights, keeping the hash in step.
    #[inline]
    fn set_castling(&mut self, rights: u8) {
        if rights != self.castling {
            self.hash ^= self.castling_key(self.castling) ^ self.castling_key(rights);
            self.castling = rights;
        }
    }

    /// Adds (`delta` 1) or removes (`delta` -1) a piece of `piece`'s kind
    /// in its side's pool, keeping the hash in step. Games without pools
    /// ignore it, and only kinds one may promote to enter a pool: never the
    /// royal piece (its capture ends the game) nor a promoting kind (a
    /// pawn).
    fn pool_change(&mut self, piece: Piece, delta: i8) {
        let keys = &self.t.keys;
        if !self.t.pool_kinds.contains(&piece.kind()) {
            return;
        }
        if let Some(pools) = self.state.pools_mut() {
            let (side, kind) = (piece.side(), piece.kind());
            let old = pools.count(side, kind);
            let new = old.saturating_add_signed(delta);
            pools.set(side, kind, new);
            self.hash ^= keys.pool(piece.code(), old) ^ keys.pool(piece.code(), new);
        }
    }

    /// How many plies back the current position last occurred, if it
    /// did.
    pub fn plies_since_repetition(&self) -> Option<usize> {
        self.earlier_occurrences().next()
    }

    /// How many plies back each earlier occurrence of the current
    /// position is, the latest first: same placement, side, castling,
    /// en-passant and game state (the hash). The whole history is
    /// searched, not only the plies since the last pawn move: in some
    /// games pawn moves are reversible.
    pub(crate) fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.history.len();
        // history[i].hash is the hash of the position i plies into history;
        // positions with the same side to move are 2, 4, ... plies back.
        (2..=n)
            .step_by(2)
            .filter(move |&back| self.history[n - back].hash == self.hash)
    }

    /// How often the current position has occurred in this game (1 when it
    /// is new).
    pub fn repetitions(&self) -> usize {
        self.earlier_occurrences().count() + 1
    }
}

/// What a special move may do to a position (see [`Rules::make_special`]):
/// every change is logged so that unmake can take it back, and the hash is
/// kept in step.
pub struct Edit<'a, R: Rules> {
    pos: &'a mut Position<R>,
    captured: bool,
}

impl<R: Rules> Edit<'_, R> {
    /// The position as it is now, mid-move.
    pub fn position(&self) -> &Position<R> {
        self.pos
    }

    /// Lifts the piece on an occupied cell (to put it elsewhere).
    pub fn take(&mut self, cell: Cell) -> Piece {
        self.pos.take(cell)
    }

    /// Puts a piece on an empty cell.
    pub fn put(&mut self, cell: Cell, piece: Piece) {
        self.pos.put(cell, piece)
    }

    /// Removes the piece on an occupied cell as captured: it enters its
    /// owner's pool in games with pools.
    pub fn capture(&mut self, cell: Cell) -> Piece {
        self.captured = true;
        self.pos.capture(cell)
    }

    /// The game's own state, for changes (keep the hash in step with
    /// [`Edit::xor_hash`]).
    pub fn state_mut(&mut self) -> &mut R::State {
        &mut self.pos.state
    }

    pub fn xor_hash(&mut self, key: u64) {
        self.pos.hash ^= key;
    }

    /// Whether a move of the side to move is legal (made and taken back).
    pub fn is_legal(&mut self, m: Move) -> bool {
        self.pos.is_legal_by_make(m)
    }
}
