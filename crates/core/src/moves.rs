//! Moves: small copyable values that `make` interprets against the position.

use smallvec::SmallVec;

use crate::{Cell, Kind};

/// What a move does beyond lifting a piece from `from` and setting it on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// The piece on `from` goes to `to`, capturing whatever stands there.
    Normal,
    /// A pawn's double step; it may give the opponent an en-passant capture.
    DoubleStep,
    /// En passant: the captured pawn is the position's en-passant victim.
    EnPassant,
    /// Castling: `from` and `to` are the King's, `extra` the castling rule.
    Castle,
    /// A capture without moving (an Archer's shot): the piece on `to` is
    /// removed and the mover stays on `from`.
    Shot,
    /// A push (an Ox): the mover goes from `from` to `to`, shifting the chain
    /// of pieces ahead of it; pieces shifted off the board are captured.
    Push,
    /// A move of board geometry (an attack board or an elevator) with the
    /// pieces on it. `from` and `to` must be cells (the game picks which, say
    /// a corner of the board before and after); `extra` is the game's.
    Board,
    /// A piece from the mover's hand put on the empty cell `to` (crazyhouse):
    /// `from` is `to` too, `extra` the kind dropped.
    Drop,
}

/// A move. Captured pieces and previous state are not part of the move: they
/// are read from the position by `make` and kept in its undo history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub kind: MoveKind,
    /// The kind the moving piece becomes, if it promotes.
    pub promotion: Option<Kind>,
    /// Game-specific detail: the castling rule for [`MoveKind::Castle`],
    /// the kind dropped for [`MoveKind::Drop`]; in a game with gating, the
    /// kind gated plus one (0: none) for a plain move, a double step or
    /// en passant ([`Move::gating`], read by `Tables::gate_of`).
    pub extra: u8,
}

impl Move {
    #[inline]
    pub fn new(from: Cell, to: Cell, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
            extra: 0,
        }
    }

    /// A drop of a piece of `kind` from the hand on `to`.
    #[inline]
    pub fn drop(kind: Kind, to: Cell) -> Move {
        Move {
            extra: kind,
            ..Move::new(to, to, MoveKind::Drop)
        }
    }
}

impl Move {
    /// The plain move, double step or en passant `self`, gating a piece of
    /// `kind` from the hand on the cell it leaves (Seirawan chess).
    #[inline]
    pub fn gating(self, kind: Kind) -> Move {
        Move {
            extra: kind + 1,
            ..self
        }
    }
}

/// The longest move text read: every game's moves, typed forms and marks
/// included, are far shorter (the longest canonical texts, Star Trek's
/// attack-board moves and Polyhedron's promotions, are under 20), and a
/// cap keeps a hostile text from costing more than a glance.
pub const MAX_MOVE_TEXT: usize = 64;

/// Moves a list holds without allocating: more than any real position of
/// any game has (the largest counts come from Polyhedron and the 204-square
/// Ziggurat; chess needs at most 218).
pub const MAX_MOVES: usize = 2048;

/// A list of moves held inline up to [`MAX_MOVES`], so that generation does
/// not allocate; a position with more (Polyhedron's pool promotions
/// multiply moves) spills to the heap instead of failing.
pub type MoveList = SmallVec<[Move; MAX_MOVES]>;
