//! Starts drawn from a shuffle of one row of the start (Chess960's 960
//! starts): the arrangements a game's [`Shuffle`] allows, in a fixed order,
//! and the position of each.

use super::{Position, Rules, Variant};
use crate::bits::BitSet;
use crate::def::Shuffle;
use crate::error::PositionError;
use crate::{Cell, Kind, Piece, Side};

/// Most pieces a shuffled row may hold: 8! orders at most to look at when
/// a game starts (Chess960's row has 8).
pub const MAX_SHUFFLED: usize = 8;

impl<R: Rules> Variant<R> {
    /// The arrangements of the start's shuffled row (see
    /// [`Position::arrangements`]); none in a game without a shuffle.
    pub fn arrangements(self) -> Vec<Vec<Kind>> {
        self.start().arrangements()
    }

    /// The start with its shuffled row in arrangement `kinds` (see
    /// [`Position::shuffled`]).
    pub fn shuffled_start(self, kinds: &[Kind]) -> Result<Position<R>, PositionError> {
        self.start().shuffled(kinds)
    }
}

impl<R: Rules> Position<R> {
    /// The arrangements of this start's shuffled row that the game's
    /// shuffle allows, each its kinds from the row's first file on, in the
    /// order of the kinds' numbers; none in a game without a shuffle, or
    /// with more than [`MAX_SHUFFLED`] pieces on the row. Chess960 has 960.
    pub fn arrangements(&self) -> Vec<Vec<Kind>> {
        let Some(shuffle) = self.t.def.shuffle else {
            return Vec::new();
        };
        let cells = shuffled_cells(self, shuffle.rank);
        if cells.len() > MAX_SHUFFLED {
            return Vec::new();
        }
        let mut kinds: Vec<Kind> = cells.iter().map(|&c| self.piece_at(c).kind()).collect();
        kinds.sort_unstable();
        let mut out = Vec::new();
        loop {
            if allows(self, shuffle, &cells, &kinds) {
                out.push(kinds.clone());
            }
            if !next_permutation(&mut kinds) {
                return out;
            }
        }
    }

    /// This start with the shuffled row in arrangement `kinds` (one of
    /// [`Position::arrangements`]), Black's row mirroring White's, and
    /// every castling right whose King and Rook stand ready (for a
    /// castling from any file, with the outermost Rook on its side).
    pub fn shuffled(&self, kinds: &[Kind]) -> Result<Position<R>, PositionError> {
        let Some(shuffle) = self.t.def.shuffle else {
            return Ok(self.clone());
        };
        let mut pos = self.clone();
        let cells = shuffled_cells(self, shuffle.rank);
        if kinds.len() != cells.len() {
            return Err(PositionError::new(
                "shuffle",
                format!("{} pieces for a row of {}", kinds.len(), cells.len()),
            ));
        }
        for (&cell, &kind) in cells.iter().zip(kinds) {
            for (side, cell) in [(Side::White, cell), (Side::Black, self.mirrored(cell))] {
                if pos.piece_at(cell).is_empty() {
                    return Err(PositionError::new(
                        "shuffle",
                        format!("no piece on {} to mirror White's", self.t.geo.name(cell)),
                    ));
                }
                pos.lift(cell);
                pos.place(cell, Piece::new(side, kind));
            }
        }
        pos.set_castling(0);
        let castling = &self.t.castling;
        let mut rights = 0;
        for slot in 0..castling.slots {
            let symbol = castling.rules[castling.usual[slot] as usize].symbol;
            if let Ok((slot, rule)) = pos.castling_right(symbol) {
                rights |= 1 << slot;
                pos.castle_rules[slot] = rule;
            }
        }
        pos.set_castling(rights);
        // Read back: a shuffled start is a position its string makes.
        self.variant().position_with(&pos.to_text(), self.options)
    }

    /// Start `number` of the shuffle's starts, counted modulo their number
    /// (so that any number, a random one, names one): a new game's start.
    /// This start itself in a game without a shuffle.
    pub fn shuffled_start_number(&self, number: usize) -> Position<R> {
        let all = self.arrangements();
        if all.is_empty() {
            return self.clone();
        }
        // The loader tried every arrangement (`shuffle_problem`).
        self.shuffled(&all[number % all.len()])
            .unwrap_or_else(|_| self.clone())
    }

    /// Why this start cannot be shuffled by the game's shuffle: its row too
    /// long, Black's row not White's mirrored, no arrangement allowed, or
    /// one that is no position of the game (a King left in check). `None`
    /// when it can, or the game has no shuffle.
    pub fn shuffle_problem(&self) -> Option<String> {
        let shuffle = self.t.def.shuffle?;
        let geo = &self.t.geo;
        let cells = shuffled_cells(self, shuffle.rank);
        if cells.len() > MAX_SHUFFLED {
            return Some(format!(
                "White has {} pieces on the shuffled row; at most {MAX_SHUFFLED}",
                cells.len()
            ));
        }
        for &cell in &cells {
            let black = self.piece_at(self.mirrored(cell));
            if black != Piece::new(Side::Black, self.piece_at(cell).kind()) {
                return Some(format!(
                    "Black's piece on {} does not mirror White's on {}",
                    geo.name(self.mirrored(cell)),
                    geo.name(cell)
                ));
            }
        }
        let all = self.arrangements();
        if all.is_empty() {
            return Some("no arrangement of the row keeps the shuffle's rules".into());
        }
        all.iter()
            .find_map(|kinds| self.shuffled(kinds).err())
            .map(|e| format!("a shuffled start is refused: {}: {}", e.field, e.message))
    }

    /// The cell Black's piece stands on for White's on `cell`: the cell
    /// turned by the game's `black_mirror` through the board's centre.
    fn mirrored(&self, cell: Cell) -> Cell {
        let geo = &self.t.geo;
        let turned = geo.mirrored(geo.coord(cell), self.t.def.black_mirror);
        geo.cell_at(turned).unwrap_or(cell)
    }
}

/// White's pieces' cells on row `rank` of `start`, by file.
fn shuffled_cells<R: Rules>(start: &Position<R>, rank: i32) -> Vec<Cell> {
    let geo = &start.t.geo;
    let mut cells: Vec<Cell> = start.by_side[Side::White.index()]
        .iter()
        .filter(|&c| geo.coord(c)[1] == rank)
        .collect();
    cells.sort_by_key(|&c| geo.coord(c));
    cells
}

/// Whether `kinds` on `cells` keeps the shuffle's rules.
fn allows<R: Rules>(start: &Position<R>, shuffle: Shuffle, cells: &[Cell], kinds: &[Kind]) -> bool {
    let t = start.t;
    let colour = |c: Cell| t.geo.coord(c).iter().sum::<i32>().rem_euclid(2);
    let of = |kind: Kind| (0..kinds.len()).filter(move |&i| kinds[i] == kind);
    let both_colours = shuffle.opposite_colours.iter().all(|&letter| {
        let Some(kind) = t.kind_by_letter(letter) else {
            return true;
        };
        let colours: Vec<i32> = of(kind).map(|i| colour(cells[i])).collect();
        colours.len() < 2 || (colours.contains(&0) && colours.contains(&1))
    });
    let between = shuffle.royal_between.is_none_or(|letter| {
        let (Some(kind), Some(royal)) = (t.kind_by_letter(letter), of(t.royal).next()) else {
            return true;
        };
        of(kind).any(|i| i < royal) && of(kind).any(|i| i > royal)
    });
    both_colours && between
}

/// The next greater order of `items` (each order of a multiset once);
/// false, leaving them sorted, after the last.
fn next_permutation(items: &mut [Kind]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        items.sort_unstable();
        return false;
    };
    let pivot = i - 1;
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[pivot])
        .unwrap_or(i);
    items.swap(pivot, j);
    items[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::next_permutation;

    /// A multiset's orders, each once: 4!/(2!·2!) = 6 for [0, 0, 1, 1].
    #[test]
    fn next_permutation_visits_each_order_once() {
        let mut items = [0, 0, 1, 1];
        let mut seen = vec![items.to_vec()];
        while next_permutation(&mut items) {
            seen.push(items.to_vec());
        }
        assert_eq!(
            seen,
            [
                [0, 0, 1, 1],
                [0, 1, 0, 1],
                [0, 1, 1, 0],
                [1, 0, 0, 1],
                [1, 0, 1, 0],
                [1, 1, 0, 0]
            ]
        );
        assert_eq!(items, [0, 0, 1, 1]);
    }
}
