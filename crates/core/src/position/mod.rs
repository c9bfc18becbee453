//! A position of a game defined by data: pieces on cells, side to move,
//! castling and en-passant state, counters, hash, and the undo history.
//!
//! The same code runs every game with fixed geometry; the game is the
//! [`Rules`] type parameter, which supplies the compiled tables and the cell
//! set width. Everything is monomorphised: no dynamic dispatch.

mod make;
mod movegen;
mod text;

use std::marker::PhantomData;

use crate::bits::BitSet;
use crate::geometry::NO_CELL;
use crate::tables::Tables;
use crate::{Cell, Kind, Move, Piece, Side};

/// Most cells of any board (Polyhedron has 300).
pub const MAX_CELLS: usize = 320;
/// Most piece kinds of any game (Polyhedron has 14).
pub const MAX_KINDS: usize = 16;

/// A game whose geometry is fixed: its tables and cell-set width.
pub trait Rules: 'static + Sized + Send + Sync {
    /// A cell set wide enough for the game's cells.
    type Bits: BitSet;
    /// The compiled game (built once, on first use).
    fn tables() -> &'static Tables<Self::Bits>;
}

/// Options a game may be played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// RULINGS.md §0: 100 plies without capture or pawn move draw.
    pub hundred_ply_rule: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hundred_ply_rule: true,
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

/// What `unmake` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: Piece,
    captured: Piece,
    castling: u8,
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
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
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    history: Vec<Undo>,
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
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            history: self.history.clone(),
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
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hash == other.hash
            && self.options == other.options
    }
}

impl<R: Rules> Eq for Position<R> {}

impl<R: Rules> Position<R> {
    /// An empty board, White to move.
    pub fn empty() -> Self {
        let t = R::tables();
        assert!(t.len() <= MAX_CELLS && t.kinds.len() <= MAX_KINDS);
        Position {
            t,
            board: [Piece::EMPTY; MAX_CELLS],
            by_side: [R::Bits::EMPTY; 2],
            by_kind: [R::Bits::EMPTY; MAX_KINDS],
            royal: [NO_CELL; 2],
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            history: Vec::with_capacity(256),
            options: Options::default(),
            _rules: PhantomData,
        }
    }

    /// The start position of the game.
    pub fn start() -> Self {
        Self::from_text(R::tables().def.start).expect("the start position parses")
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

    #[inline]
    pub fn options(&self) -> Options {
        self.options
    }

    pub fn set_options(&mut self, options: Options) {
        self.options = options;
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
        h ^= k.castling(self.castling);
        if let Some(ep) = self.ep {
            h ^= k.ep(ep.target);
        }
        h
    }

    /// Puts `piece` on the empty cell `cell`.
    #[inline]
    fn put(&mut self, cell: Cell, piece: Piece) {
        debug_assert!(self.board[cell as usize].is_empty());
        self.board[cell as usize] = piece;
        self.by_side[piece.side().index()].insert(cell);
        self.by_kind[piece.kind() as usize].insert(cell);
        self.hash ^= self.t.keys.piece(piece.code(), cell);
        if piece.kind() == self.t.royal {
            self.royal[piece.side().index()] = cell;
        }
    }

    /// Removes and returns the piece on the occupied cell `cell`.
    #[inline]
    fn take(&mut self, cell: Cell) -> Piece {
        let piece = self.board[cell as usize];
        debug_assert!(!piece.is_empty());
        self.board[cell as usize] = Piece::EMPTY;
        self.by_side[piece.side().index()].remove(cell);
        self.by_kind[piece.kind() as usize].remove(cell);
        self.hash ^= self.t.keys.piece(piece.code(), cell);
        if piece.kind() == self.t.royal {
            self.royal[piece.side().index()] = NO_CELL;
        }
        piece
    }

    /// Sets the en-passant state, keeping the hash in step.
    #[inline]
    fn set_ep(&mut self, ep: Option<EnPassant>) {
        if let Some(old) = self.ep {
            self.hash ^= self.t.keys.ep(old.target);
        }
        if let Some(new) = ep {
            self.hash ^= self.t.keys.ep(new.target);
        }
        self.ep = ep;
    }

    /// Sets the castling rights, keeping the hash in step.
    #[inline]
    fn set_castling(&mut self, rights: u8) {
        if rights != self.castling {
            let k = &self.t.keys;
            self.hash ^= k.castling(self.castling) ^ k.castling(rights);
            self.castling = rights;
        }
    }

    /// How often the current position has occurred (1 when it is new):
    /// same placement, side, castling and en-passant state, within the
    /// plies since the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let n = self.history.len();
        let reach = (self.halfmove as usize).min(n);
        // history[i].hash is the hash of the position i plies into history;
        // positions with the same side to move are 2, 4, ... plies back.
        (2..=reach)
            .step_by(2)
            .filter(|&back| self.history[n - back].hash == self.hash)
            .count()
            + 1
    }
}
