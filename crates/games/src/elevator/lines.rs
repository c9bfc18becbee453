//! Elevator's board as cell sets, built once: each cell's rays along its
//! level, the columns, levels, ranks and files, and the flight of a flying
//! piece computed from them (RULINGS.md §4).
//!
//! Cells are numbered by level, then rank, then file (the core's
//! `Geometry` sorts them so): cell = 64 (z − 1) + 8 y + x. So a level is
//! one word of a cell set (bit 8 y + x of word z − 1), and what happens
//! on one level (a flight's stretch, a push) is worked out on that word.
//! Moving along a direction with a positive rank step, or along a rank to
//! higher files, meets higher bits: the nearest cell of a ray is its
//! lowest or its highest.

use std::sync::OnceLock;

use chess3d_core::{BitSet, BuiltIn, Cell};

use super::{ElevatorRules, Set};

/// The eight directions (along ranks and files first, each next to its
/// opposite), by which the line tables are indexed.
pub use chess3d_core::geometry::PLANAR_DIRECTIONS as DIRECTIONS;

/// The first four of [`DIRECTIONS`], along ranks and files.
pub const ORTHOGONAL: usize = 4;

/// The cell at (x, y, z), if it is on the board.
#[inline]
pub fn cell(x: i32, y: i32, z: i32) -> Option<Cell> {
    ((0..8).contains(&x) && (0..8).contains(&y) && (1..=4).contains(&z))
        .then(|| (64 * (z - 1) + 8 * y + x) as Cell)
}

/// The cell of bit `bit` (8 y + x) of level `z`'s word.
#[inline]
pub fn level_cell(bit: u32, z: i32) -> Cell {
    (64 * (z - 1)) as Cell + bit as Cell
}

/// The coordinates of a cell.
#[inline]
pub fn xyz(c: Cell) -> [i32; 3] {
    let c = c as i32;
    [c % 8, c / 8 % 8, c / 64 + 1]
}

/// Whether walking along direction `d` meets ever higher cell numbers.
#[inline]
pub fn ascending(d: usize) -> bool {
    let (dx, dy) = DIRECTIONS[d];
    dy > 0 || (dy == 0 && dx > 0)
}

/// Level `z`'s cells of `set`, as a word (bit 8 y + x).
#[inline]
pub fn level_word(set: Set, z: i32) -> u64 {
    set.0[(z - 1) as usize]
}

/// The cells of the word `w` of level `z`, as a set.
#[inline]
pub fn on_level(w: u64, z: i32) -> Set {
    let mut set = Set::EMPTY;
    set.0[(z - 1) as usize] = w;
    set
}

/// The board's cell sets.
pub struct Lines {
    /// Per square of a level (8 y + x) and direction: the squares beyond
    /// it that way, to the edge, as a level word.
    pub level_ray: [[u64; 8]; 64],
    /// Per column (x + 8y): its cells on every level.
    pub column: [Set; 64],
    /// Per column and direction: every cell of the columns beyond it that
    /// way, to the edge, on every level.
    pub ray: [[Set; 8]; 64],
    /// Per level 0–5 (0 and 5 empty, so that a level's neighbours can be
    /// named without a test).
    pub level: [Set; 6],
    /// Per level and rank, per level and file: its eight cells.
    pub rank: [[Set; 8]; 6],
    pub file: [[Set; 8]; 6],
    /// Per pole: its cells on every level (four columns).
    pub pole: [Set; 16],
}

impl Lines {
    /// The cells of level `z` and the levels next to it: where a flying
    /// piece can be that reaches level `z` (a flight changes level once,
    /// by one).
    #[inline]
    pub fn near(&self, z: i32) -> Set {
        let z = z as usize;
        self.level[z - 1] | self.level[z] | self.level[z + 1]
    }
}

/// The sets, built on first use. The cell numbering is checked against
/// the game's geometry then.
pub fn lines() -> &'static Lines {
    static LINES: OnceLock<Lines> = OnceLock::new();
    LINES.get_or_init(build)
}

fn build() -> Lines {
    let geo = &ElevatorRules::tables().geo;
    assert_eq!(geo.len(), 256, "Elevator has 256 cells");
    let mut l = Lines {
        level_ray: [[0; 8]; 64],
        column: [Set::EMPTY; 64],
        ray: [[Set::EMPTY; 8]; 64],
        level: [Set::EMPTY; 6],
        rank: [[Set::EMPTY; 8]; 6],
        file: [[Set::EMPTY; 8]; 6],
        pole: [Set::EMPTY; 16],
    };
    for c in geo.cells() {
        let [x, y, z] = geo.coord(c);
        assert_eq!(
            cell(x, y, z),
            Some(c),
            "cells numbered by level, rank, file"
        );
        l.column[(x + 8 * y) as usize].insert(c);
        l.level[z as usize].insert(c);
        l.rank[z as usize][y as usize].insert(c);
        l.file[z as usize][x as usize].insert(c);
        l.pole[super::pole_of(x, y)].insert(c);
        for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
            let (mut x1, mut y1) = (x + dx, y + dy);
            while cell(x1, y1, z).is_some() {
                l.level_ray[(x + 8 * y) as usize][d] |= 1 << (x1 + 8 * y1);
                x1 += dx;
                y1 += dy;
            }
        }
    }
    for col in 0..64 {
        for d in 0..8 {
            let mut ray = l.level_ray[col][d];
            while ray != 0 {
                l.ray[col][d] |= l.column[ray.trailing_zeros() as usize];
                ray &= ray - 1;
            }
        }
    }
    l
}

/// The squares of `ray` (a level word along `d`) before its first square
/// in `stops`, and that square (8 y + x), if any.
#[inline]
pub fn until(l: &Lines, d: usize, ray: u64, stops: u64) -> (u64, Option<u32>) {
    let hit = ray & stops;
    if hit == 0 {
        return (ray, None);
    }
    let stop = if ascending(d) {
        hit.trailing_zeros()
    } else {
        63 - hit.leading_zeros()
    };
    (
        ray & !l.level_ray[stop as usize][d] & !(1 << stop),
        Some(stop),
    )
}

/// The cells a flying piece on `from` reaches along direction `d` (empty,
/// or holding the piece that ends it), with the cells that exist,
/// `present`, and the occupied ones: on its own level it stops at a piece;
/// at the first shaft cell of its level it must change level there, going
/// on from the cell directly above or below (either that exists) in the
/// same direction; on the new level a piece or a shaft ends it.
#[inline]
pub fn flight(from: Cell, d: usize, present: Set, occupied: Set) -> Set {
    let l = lines();
    let [x, y, z] = xyz(from);
    let stops = |z| level_word(occupied, z) | !level_word(present, z);
    let (reach, stop) = until(l, d, l.level_ray[(x + 8 * y) as usize][d], stops(z));
    let mut out = on_level(reach, z);
    let Some(stop) = stop else {
        return out;
    };
    let bit = 1u64 << stop;
    if level_word(present, z) & bit != 0 {
        return out | on_level(bit, z);
    }
    // A shaft: the flight goes on above or below it.
    for z2 in [z + 1, z - 1] {
        if !(1..=4).contains(&z2) || level_word(present, z2) & bit == 0 {
            continue;
        }
        let mut reach = bit;
        if level_word(occupied, z2) & bit == 0 {
            let (on, end) = until(l, d, l.level_ray[stop as usize][d], stops(z2));
            reach |= on;
            if let Some(end) = end {
                reach |= level_word(present, z2) & 1 << end;
            }
        }
        out |= on_level(reach, z2);
    }
    out
}
