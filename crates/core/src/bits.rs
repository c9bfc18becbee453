//! Sets of cells as fixed-size bit sets.
//!
//! Every game picks the smallest word count that holds its cells (chess and
//! the 43-square Ziggurat need one 64-bit word, Polyhedron's 300 cells five),
//! so set operations compile to a handful of word operations and the chess
//! benchmark runs on the very code the 3-D games use.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::Cell;

/// A set of cells: bit `i` is cell `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// What the position and the move generator need of a cell set; implemented
/// by every [`Bits`] so that a game chooses its width with one type.
pub trait BitSet:
    Copy
    + Eq
    + Send
    + Sync
    + fmt::Debug
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of cells the set can hold.
    const CAPACITY: usize;
    const EMPTY: Self;
    const FULL: Self;

    fn single(cell: Cell) -> Self;
    /// `seed` mixed with the set's words: a key for caches of what a set
    /// decides (the engine's pawn-structure cache).
    fn mix(self, seed: u64) -> u64;
    fn contains(self, cell: Cell) -> bool;
    fn insert(&mut self, cell: Cell);
    fn remove(&mut self, cell: Cell);
    fn toggle(&mut self, cell: Cell);
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// The lowest cell in the set.
    fn first(self) -> Option<Cell>;
    /// The highest cell in the set.
    fn last(self) -> Option<Cell>;
    /// Removes and returns the lowest cell.
    fn pop_first(&mut self) -> Option<Cell>;

    #[inline]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }

    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterates the cells of a set in increasing order.
pub struct BitIter<B>(B);

impl<B: BitSet> Iterator for BitIter<B> {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        self.0.pop_first()
    }
}

impl<const W: usize> BitSet for Bits<W> {
    const CAPACITY: usize = 64 * W;
    const EMPTY: Self = Bits([0; W]);
    const FULL: Self = Bits([u64::MAX; W]);

    #[inline]
    fn single(cell: Cell) -> Self {
        let mut b = Self::EMPTY;
        b.insert(cell);
        b
    }
    #[inline]
    fn mix(self, seed: u64) -> u64 {
        self.0.iter().fold(seed, |h, &w| {
            let h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^ (h >> 29)
        })
    }
    #[inline]
    fn contains(self, cell: Cell) -> bool {
        let c = cell as usize;
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, cell: Cell) {
        let c = cell as usize;
        self.0[c >> 6] |= 1 << (c & 63);
    }
    #[inline]
    fn remove(&mut self, cell: Cell) {
        let c = cell as usize;
        self.0[c >> 6] &= !(1 << (c & 63));
    }
    #[inline]
    fn toggle(&mut self, cell: Cell) {
        let c = cell as usize;
        self.0[c >> 6] ^= 1 << (c & 63);
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn first(self) -> Option<Cell> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some((i * 64) as Cell + w.trailing_zeros() as Cell);
            }
        }
        None
    }
    #[inline]
    fn last(self) -> Option<Cell> {
        for i in (0..W).rev() {
            let w = self.0[i];
            if w != 0 {
                return Some((i * 64) as Cell + 63 - w.leading_zeros() as Cell);
            }
        }
        None
    }
    #[inline]
    fn pop_first(&mut self) -> Option<Cell> {
        for i in 0..W {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some((i * 64) as Cell + w.trailing_zeros() as Cell);
            }
        }
        None
    }
}

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! word_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $tr for Bits<W> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let mut out = self;
                for i in 0..W {
                    out.0[i] = self.0[i] $op rhs.0[i];
                }
                out
            }
        }
        impl<const W: usize> $atr for Bits<W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for i in 0..W {
                    self.0[i] = self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        let mut out = self;
        for w in &mut out.0 {
            *w = !*w;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    type B3 = Bits<3>;

    proptest! {
        #[test]
        fn set_matches_a_vec_of_bools(cells in proptest::collection::vec(0u16..192, 0..40)) {
            let mut set = B3::EMPTY;
            let mut model = [false; 192];
            for &c in &cells {
                set.toggle(c);
                model[c as usize] = !model[c as usize];
            }
            let expected: Vec<Cell> = (0..192).filter(|&c| model[c as usize]).collect();
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), expected.clone());
            prop_assert_eq!(set.count() as usize, expected.len());
            prop_assert_eq!(set.first(), expected.first().copied());
            prop_assert_eq!(set.last(), expected.last().copied());
            for c in 0..192 {
                prop_assert_eq!(set.contains(c), model[c as usize]);
            }
        }
    }

    #[test]
    fn word_boundaries() {
        let mut s = B3::EMPTY;
        s.insert(63);
        s.insert(64);
        s.insert(191);
        assert_eq!(s.first(), Some(63));
        assert_eq!(s.last(), Some(191));
        s.remove(63);
        assert_eq!(s.first(), Some(64));
        assert_eq!((!B3::EMPTY).count(), 192);
    }
}
