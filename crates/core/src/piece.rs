//! Sides, piece kinds and pieces.

/// The two players. Games with other colour names (Red/Gold) map their first
/// player to `White`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A piece kind: an index into the game's piece table.
pub type Kind = u8;

/// No kind: the royal kind of a game without one. No piece has it (a
/// piece's kind fits in seven bits).
pub const NO_KIND: Kind = Kind::MAX;

/// A piece (side and kind) or nothing, in one byte: 0 is empty, otherwise
/// `2 + 2 * kind + side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub fn new(side: Side, kind: Kind) -> Piece {
        Piece(2 + 2 * kind + side as u8)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The side of a non-empty piece.
    #[inline]
    pub fn side(self) -> Side {
        if self.0 & 1 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The kind of a non-empty piece.
    #[inline]
    pub fn kind(self) -> Kind {
        (self.0 >> 1) - 1
    }

    /// A dense index for tables (0 is the empty square).
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for kind in 0..20 {
            for side in Side::BOTH {
                let p = Piece::new(side, kind);
                assert!(!p.is_empty());
                assert_eq!((p.side(), p.kind()), (side, kind));
            }
        }
        assert!(Piece::EMPTY.is_empty());
        assert_eq!(Side::White.other(), Side::Black);
    }
}
