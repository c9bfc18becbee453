//! Zobrist keys: one random 64-bit key per (piece, cell), side to move,
//! castling right and en-passant cell. A position's hash is the XOR of the
//! keys of everything in it, so a move updates it with a few XORs.

/// The keys of one game.
#[derive(Debug)]
pub struct Keys {
    cells: usize,
    pieces: Vec<u64>,
    pub side: u64,
    pub castle: [u64; 8],
    ep: Vec<u64>,
    pool: Vec<u64>,
    checks: [u64; 2],
}

impl Keys {
    /// Keys for a game of `cells` cells and `codes` piece codes, drawn from a
    /// generator seeded by the game's id: the same on every run and machine,
    /// so hashes can be stored and compared.
    pub fn new(game_id: &str, cells: usize, codes: usize) -> Keys {
        // FNV-1a of the id seeds SplitMix64.
        let mut state = game_id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
        });
        let mut next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let pieces = (0..cells * codes).map(|_| next()).collect();
        let side = next();
        let castle = std::array::from_fn(|_| next());
        let ep = (0..cells).map(|_| next()).collect();
        let pool = (0..codes).map(|_| next()).collect();
        let checks = [next(), next()];
        Keys {
            cells,
            pieces,
            side,
            castle,
            ep,
            pool,
            checks,
        }
    }

    /// Key of the piece with code `code` on `cell`.
    #[inline]
    pub fn piece(&self, code: usize, cell: crate::Cell) -> u64 {
        self.pieces[code * self.cells + cell as usize]
    }

    /// Key of an en-passant capture onto `cell`.
    #[inline]
    pub fn ep(&self, cell: crate::Cell) -> u64 {
        self.ep[cell as usize]
    }

    /// Key of an open gate on `cell` (Seirawan chess): a function of the
    /// cell's en-passant key, as [`Keys::pool`]'s of the count, so that no
    /// key is added to the drawn sequence (stored hashes stay valid).
    #[inline]
    pub fn gate(&self, cell: crate::Cell) -> u64 {
        mix(self.ep[cell as usize], 1)
    }

    /// Key of `count` pieces of code `code` in a captured-piece pool (0 for
    /// none). Any function of the count keeps updates incremental: a change
    /// XORs out the old count's key and in the new one's.
    #[inline]
    pub fn pool(&self, code: usize, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        mix(self.pool[code], count)
    }

    /// Key of `side` having `left` checks still to give (a game that counts
    /// checks), a function of the count as [`Keys::pool`]'s.
    #[inline]
    pub fn checks(&self, side: crate::Side, left: u8) -> u64 {
        mix(self.checks[side.index()], left)
    }

    /// Key of castling slot `slot` with the rule of index `rule` in play
    /// (castling from any file), a function of the rule as
    /// [`Keys::pool`]'s of the count.
    #[inline]
    pub fn castle_rule(&self, slot: usize, rule: u8) -> u64 {
        mix(self.castle[slot], rule)
    }

    /// Key of a set of castling rights (one bit per rule).
    #[inline]
    pub fn castling(&self, rights: u8) -> u64 {
        (0..8)
            .filter(|i| rights >> i & 1 != 0)
            .fold(0, |h, i| h ^ self.castle[i])
    }
}

/// A key for `count` of something whose own key is `key`: SplitMix64's
/// finaliser of the two.
#[inline]
fn mix(key: u64, count: u8) -> u64 {
    let mut z = key ^ (count as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_game_specific() {
        let a = Keys::new("chess", 64, 14);
        let b = Keys::new("ziggurat", 64, 14);
        let mut all: Vec<u64> = a.pieces.clone();
        all.extend(&a.ep);
        all.extend(&a.castle);
        all.push(a.side);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "no two keys of a game collide");
        assert_ne!(a.side, b.side);
    }
}
