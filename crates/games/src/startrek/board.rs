//! Star Trek's board (RULINGS.md §3): three fixed main boards, twelve
//! pins, and the 24 (pin, orientation) slots an attack board can occupy;
//! the columns and path levels the movement rules walk, and the path rule.
//!
//! Coordinates: x is the file (a = 0 … f = 5), y the rank (0–9), z the
//! level (1–7). Every square that can ever exist is a cell: the 48 main
//! squares and the four squares of each slot, 144 cells with distinct
//! coordinates. Which slot squares exist depends on where the attack
//! boards are (`present`).

use arrayvec::ArrayVec;
use chess3d_core::def::Block;
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::{BitSet, Bits, Cell, Geometry, V3};

/// Cell sets of the game: 144 cells.
pub type Set = Bits<3>;

pub const FILES: &[u8] = b"abcdef";

/// Number of columns: files a–f by ranks 0–9.
pub const COLUMNS: usize = 60;

/// The eight directions seen from above (the four along ranks and files
/// first), by which the line tables are indexed.
pub use chess3d_core::geometry::PLANAR_DIRECTIONS as DIRECTIONS;

/// A column (a file and a rank seen from above) as an index.
pub fn column(x: i32, y: i32) -> Option<usize> {
    ((0..6).contains(&x) && (0..10).contains(&y)).then(|| (y * 6 + x) as usize)
}

/// The main boards: (level, first rank); each covers files b–e and four
/// ranks.
pub const MAIN_BOARDS: [(i32, i32); 3] = [(2, 1), (4, 3), (6, 5)];

/// A pin, named by the main-board corner square it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pin {
    pub name: &'static str,
    /// File of the corner (b = 1 or e = 4).
    pub x: i32,
    /// Rank of the corner.
    pub y: i32,
    /// Level of the main board, which is the anchor level of the squares
    /// of a board on this pin.
    pub level: i32,
}

impl Pin {
    const fn new(name: &'static str, x: i32, y: i32, level: i32) -> Pin {
        Pin { name, x, y, level }
    }

    /// The four columns a board on this pin covers, lower rank first and
    /// then the lower file, as White sees them: the corner column and the
    /// three outward from it (away from the main board).
    pub const fn columns(self) -> [(i32, i32); 4] {
        let x0 = if self.x == 1 { 0 } else { 4 };
        let mut low_corner = false;
        let mut i = 0;
        while i < MAIN_BOARDS.len() {
            let (level, first) = MAIN_BOARDS[i];
            low_corner |= level == self.level && first == self.y;
            i += 1;
        }
        let y0 = if low_corner { self.y - 1 } else { self.y };
        [(x0, y0), (x0 + 1, y0), (x0, y0 + 1), (x0 + 1, y0 + 1)]
    }
}

/// The twelve pins, in RULINGS.md §3's order.
pub const PINS: [Pin; 12] = [
    Pin::new("b1(2)", 1, 1, 2),
    Pin::new("e1(2)", 4, 1, 2),
    Pin::new("b4(2)", 1, 4, 2),
    Pin::new("e4(2)", 4, 4, 2),
    Pin::new("b3(4)", 1, 3, 4),
    Pin::new("e3(4)", 4, 3, 4),
    Pin::new("b6(4)", 1, 6, 4),
    Pin::new("e6(4)", 4, 6, 4),
    Pin::new("b5(6)", 1, 5, 6),
    Pin::new("e5(6)", 4, 5, 6),
    Pin::new("b8(6)", 1, 8, 6),
    Pin::new("e8(6)", 4, 8, 6),
];

/// The pins a board may move to from each pin (RULINGS.md §3: b1(2)↔b3(4);
/// b3(4)↔b4(2), b5(6); b4(2)↔b5(6), b6(4); b5(6)↔b6(4); b6(4)↔b8(6); the
/// same on file e), by index into [`PINS`].
pub const PIN_NEIGHBOURS: [&[usize]; 12] = [
    &[4],        // b1(2): b3(4)
    &[5],        // e1(2): e3(4)
    &[4, 8, 6],  // b4(2): b3(4), b5(6), b6(4)
    &[5, 9, 7],  // e4(2): e3(4), e5(6), e6(4)
    &[0, 2, 8],  // b3(4): b1(2), b4(2), b5(6)
    &[1, 3, 9],  // e3(4): e1(2), e4(2), e5(6)
    &[2, 8, 10], // b6(4): b4(2), b5(6), b8(6)
    &[3, 9, 11], // e6(4): e4(2), e5(6), e8(6)
    &[4, 2, 6],  // b5(6): b3(4), b4(2), b6(4)
    &[5, 3, 7],  // e5(6): e3(4), e4(2), e6(4)
    &[6],        // b8(6): b6(4)
    &[7],        // e8(6): e6(4)
];

/// A place for an attack board: a pin and an orientation. Slot `2p` is pin
/// p upright (one level above the main board), `2p + 1` inverted (one
/// below).
pub const SLOTS: usize = 24;

pub fn slot(pin: usize, inverted: bool) -> usize {
    2 * pin + inverted as usize
}

pub const fn slot_pin(slot: usize) -> usize {
    slot / 2
}

pub const fn slot_inverted(slot: usize) -> bool {
    slot % 2 == 1
}

/// The level of a slot's squares.
pub const fn slot_level(slot: usize) -> i32 {
    let pin = PINS[slot_pin(slot)];
    if slot_inverted(slot) {
        pin.level - 1
    } else {
        pin.level + 1
    }
}

/// A slot's name in notation: the pin, with `i` when inverted (`b3(4)i`).
pub fn slot_name(slot: usize) -> String {
    let pin = PINS[slot_pin(slot)].name;
    if slot_inverted(slot) {
        format!("{pin}i")
    } else {
        pin.to_string()
    }
}

/// The slot named `text` (`b3(4)` or `b3(4)i`).
pub fn parse_slot(text: &str) -> Option<usize> {
    let (pin, inverted) = match text.strip_suffix('i') {
        Some(pin) => (pin, true),
        None => (text, false),
    };
    PINS.iter()
        .position(|p| p.name == pin)
        .map(|p| slot(p, inverted))
}

/// Coordinates of a slot's squares, in [`Pin::columns`] order.
pub fn slot_coords(slot: usize) -> [V3; 4] {
    let z = slot_level(slot);
    PINS[slot_pin(slot)].columns().map(|(x, y)| [x, y, z])
}

/// Coordinates of the 48 main-board squares: the first three blocks.
pub fn main_coords() -> Vec<V3> {
    BLOCKS[..3].iter().flat_map(Block::cells).collect()
}

/// Every cell of the game as the core's blocks: the main boards (files
/// b–e, four ranks each), then every slot's 2×2 squares.
pub const BLOCKS: [Block; 3 + SLOTS] = {
    let mut blocks = [Block::new((0, 0), (0, 0), (0, 0)); 3 + SLOTS];
    let mut i = 0;
    while i < 3 {
        let (z, first) = MAIN_BOARDS[i];
        blocks[i] = Block::new((1, 4), (first, first + 3), (z, z));
        i += 1;
    }
    let mut slot = 0;
    while slot < SLOTS {
        let z = slot_level(slot);
        let (x, y) = PINS[slot_pin(slot)].columns()[0];
        blocks[3 + slot] = Block::new((x, x + 1), (y, y + 1), (z, z));
        slot += 1;
    }
    blocks
};

/// Every cell of the game: the main squares, then every slot's squares.
pub fn all_coords() -> Vec<V3> {
    BLOCKS.iter().flat_map(Block::cells).collect()
}

/// A square's name: file, rank and level, `c1(2)`.
pub const NAMING: Naming = Naming {
    cell: "{file}{rank}({level})",
    files: Labels::Letters("abcdef"),
    ranks: Labels::Numbers(0),
    levels: Labels::Numbers(0),
    spacing: 1,
    level_shift: 0,
};

/// The board compiled against the game's cell numbering.
#[derive(Debug)]
pub struct Board {
    /// The main squares.
    pub main: Set,
    /// Per slot: its cells in [`Pin::columns`] order, and as a set.
    pub slot_cells: [[Cell; 4]; SLOTS],
    pub slot_sets: [Set; SLOTS],
    /// Per cell: its column, and its path level (its own level for a main
    /// square, the anchor level of its pin for a slot square) as an index
    /// 0, 1, 2 for levels 2, 4, 6.
    pub column_of: Vec<u8>,
    pub path_index: Vec<u8>,
    /// Per column: every cell that can exist there, and those cells by
    /// path-level index.
    pub column_sets: [Set; COLUMNS],
    pub path_sets: [[Set; 3]; COLUMNS],
    /// Per column and direction of [`DIRECTIONS`]: every cell that can
    /// exist in the columns beyond it that way, to the edge.
    pub ray_sets: [[Set; 8]; COLUMNS],
    /// Per slot: every cell that can exist in its four columns.
    pub slot_columns: [Set; SLOTS],
    /// Per column and direction: the columns beyond it that way, nearest
    /// first, to the edge.
    pub ray_columns: [[ArrayVec<u8, 9>; 8]; COLUMNS],
    /// Per column and path-level index p: its cells of path level p or
    /// lower.
    pub low_paths: [[Set; 3]; COLUMNS],
    /// Per column: the pins whose boards cover it (at most two; a board
    /// on a pin covers the same columns upright or inverted), each as its
    /// upright slot, the shift of the pin's two slot bits in a board mask
    /// ([`NO_PIN`] for none).
    pub column_pins: [[u8; 2]; COLUMNS],
    /// Per column: its state for each combination of boards on those
    /// pins' four slots (bits 0 and 1: the first pin's, 2 and 3: the
    /// second's), the geometry compiled per configuration of the boards,
    /// column by column.
    pub column_states: [[ColumnState; 16]; COLUMNS],
}

/// The shift of no pin: bits of a board mask that are always 0 (there are
/// 24 slots).
pub const NO_PIN: u8 = 30;
const _: () = assert!(SLOTS <= NO_PIN as usize);

/// What a column is with some boards present.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColumnState {
    /// Its squares that exist.
    pub squares: Set,
    /// Per ceiling (path-level index): the squares of its path for a move
    /// of that ceiling (those at the highest path level not above it
    /// where any exists), empty if none: then it never blocks.
    pub path: [Set; 3],
}

impl ColumnState {
    /// Whether a move of this ceiling passes the column (RULINGS.md §3's
    /// path rule): it has no path square for it, or one of them is free.
    #[inline]
    pub fn lets_pass(&self, ceiling: usize, free: Set) -> bool {
        let path = self.path[ceiling];
        path.is_empty() || path.intersects(free)
    }
}

/// Index of a path level (2, 4, 6).
fn path_level_index(level: i32) -> u8 {
    ((level - 2) / 2) as u8
}

impl Board {
    pub fn build(geo: &Geometry) -> Board {
        let cell = |c: V3| geo.cell_at(c).expect("a cell of the game");
        let mut main = Set::EMPTY;
        for c in main_coords() {
            main.insert(cell(c));
        }
        let slot_cells: [[Cell; 4]; SLOTS] = std::array::from_fn(|s| slot_coords(s).map(cell));
        let slot_sets = slot_cells.map(|cells| {
            let mut set = Set::EMPTY;
            for c in cells {
                set.insert(c);
            }
            set
        });
        let mut path_index = vec![0; geo.len()];
        let mut column_of = vec![0; geo.len()];
        let mut column_sets = [Set::EMPTY; COLUMNS];
        let mut path_sets = [[Set::EMPTY; 3]; COLUMNS];
        for c in geo.cells() {
            let [x, y, z] = geo.coord(c);
            let level = if main.contains(c) {
                z
            } else {
                let s = (0..SLOTS)
                    .find(|&s| slot_sets[s].contains(c))
                    .expect("a slot square");
                PINS[slot_pin(s)].level
            };
            let col = column(x, y).expect("a column of the board");
            let p = path_level_index(level);
            path_index[c as usize] = p;
            column_of[c as usize] = col as u8;
            column_sets[col].insert(c);
            path_sets[col][p as usize].insert(c);
        }
        let ray_columns: [[ArrayVec<u8, 9>; 8]; COLUMNS] = std::array::from_fn(|col| {
            let (x0, y0) = ((col % 6) as i32, (col / 6) as i32);
            DIRECTIONS.map(|(dx, dy)| {
                let mut cols = ArrayVec::new();
                let (mut x, mut y) = (x0 + dx, y0 + dy);
                while let Some(c) = column(x, y) {
                    cols.push(c as u8);
                    x += dx;
                    y += dy;
                }
                cols
            })
        });
        let ray_sets = std::array::from_fn(|col| {
            std::array::from_fn(|d| {
                ray_columns[col][d]
                    .iter()
                    .fold(Set::EMPTY, |set, &c| set | column_sets[c as usize])
            })
        });
        let low_paths = path_sets.map(|paths| {
            [
                paths[0],
                paths[0] | paths[1],
                paths[0] | paths[1] | paths[2],
            ]
        });
        let column_pins: [[u8; 2]; COLUMNS] = std::array::from_fn(|col| {
            let mut pins = [NO_PIN; 2];
            let covering: Vec<usize> = (0..SLOTS)
                .filter(|&s| slot_sets[s].intersects(column_sets[col]))
                .collect();
            assert!(covering.len() <= 4, "at most two pins cover a column");
            for (i, pair) in covering.chunks(2).enumerate() {
                let pin = slot_pin(pair[0]);
                assert!(
                    pair == [slot(pin, false), slot(pin, true)],
                    "a pin's upright and inverted boards cover the same columns"
                );
                pins[i] = pair[0] as u8;
            }
            pins
        });
        let mut column_states = [[ColumnState::default(); 16]; COLUMNS];
        for col in 0..COLUMNS {
            for (local, state) in column_states[col].iter_mut().enumerate() {
                let mut present = main;
                for (i, &first) in column_pins[col].iter().enumerate() {
                    for inverted in 0..2 {
                        if first != NO_PIN && local >> (2 * i + inverted) & 1 == 1 {
                            present |= slot_sets[first as usize + inverted];
                        }
                    }
                }
                state.squares = column_sets[col] & present;
                for ceiling in 0..3 {
                    state.path[ceiling] = (0..=ceiling)
                        .rev()
                        .map(|p| path_sets[col][p] & present)
                        .find(|path| !path.is_empty())
                        .unwrap_or(Set::EMPTY);
                }
            }
        }
        let slot_columns = std::array::from_fn(|s| {
            slot_cells[s].iter().fold(Set::EMPTY, |set, &c| {
                set | column_sets[column_of[c as usize] as usize]
            })
        });
        Board {
            main,
            slot_cells,
            slot_sets,
            column_of,
            path_index,
            column_sets,
            path_sets,
            ray_sets,
            slot_columns,
            ray_columns,
            low_paths,
            column_pins,
            column_states,
        }
    }

    /// The cells of the columns strictly between column `from` and column
    /// `to`, which lies beyond it in direction `d` (an index into
    /// [`DIRECTIONS`]).
    #[inline]
    pub fn between(&self, from: usize, d: usize, to: usize) -> Set {
        self.ray_sets[from][d] & !self.ray_sets[to][d] & !self.column_sets[to]
    }

    /// The squares a slider on `from` reaches along direction `d` (an
    /// index into [`DIRECTIONS`]), column by column, empty or not: a
    /// square is reachable when no column strictly between blocks at the
    /// ceiling of that move (the higher path level of its start and its
    /// end). The walk ends at a column with no square at any level, at the
    /// edge, or when every ceiling it can use is blocked.
    #[inline]
    pub fn reach(&self, from: Cell, d: usize, boards: u32, free: Set) -> Set {
        let start = self.path_index[from as usize] as usize;
        // A bit per ceiling that the columns passed so far leave open
        // (those below the start's are never used).
        let mut open = 0b111u8 >> start << start;
        let mut reach = Set::EMPTY;
        for &col in &self.ray_columns[self.column_of[from as usize] as usize][d] {
            let col = col as usize;
            let state = self.column_state(col, boards);
            if state.squares.is_empty() {
                break;
            }
            let mut still_open = 0;
            let mut ceilings = open;
            while ceilings != 0 {
                let ceiling = ceilings.trailing_zeros() as usize;
                ceilings &= ceilings - 1;
                // The squares whose move from the start has this ceiling.
                let class = if ceiling == start {
                    self.low_paths[col][start]
                } else {
                    self.path_sets[col][ceiling]
                };
                reach |= state.squares & class;
                still_open |= (state.lets_pass(ceiling, free) as u8) << ceiling;
            }
            open = still_open;
            if open == 0 {
                break;
            }
        }
        reach
    }

    /// The column `col` with the boards on the slots of `boards` (a bit
    /// per slot).
    #[inline]
    pub fn column_state(&self, col: usize, boards: u32) -> &ColumnState {
        let [p, q] = self.column_pins[col];
        let local = (boards >> p & 3) | (boards >> q & 3) << 2;
        &self.column_states[col][local as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_have_distinct_squares_and_cover_the_rulings_columns() {
        let all = all_coords();
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 144);
        assert_eq!(all.len(), 48 + 24 * 4);
        // RULINGS.md §3: b1(2) → a0 b0 a1 b1; b4(2) → a4 b4 a5 b5; b3(4) →
        // a2 b2 a3 b3; b6(4) → a6 b6 a7 b7; b5(6) → a4 b4 a5 b5; b8(6) → a8
        // b8 a9 b9; the e-pins with files e and f.
        let covered = |pin: &str| -> Vec<String> {
            let p = PINS.iter().find(|p| p.name == pin).unwrap();
            p.columns()
                .iter()
                .map(|&(x, y)| format!("{}{y}", FILES[x as usize] as char))
                .collect()
        };
        assert_eq!(covered("b1(2)"), ["a0", "b0", "a1", "b1"]);
        assert_eq!(covered("b4(2)"), ["a4", "b4", "a5", "b5"]);
        assert_eq!(covered("b3(4)"), ["a2", "b2", "a3", "b3"]);
        assert_eq!(covered("b6(4)"), ["a6", "b6", "a7", "b7"]);
        assert_eq!(covered("b5(6)"), ["a4", "b4", "a5", "b5"]);
        assert_eq!(covered("b8(6)"), ["a8", "b8", "a9", "b9"]);
        assert_eq!(covered("e1(2)"), ["e0", "f0", "e1", "f1"]);
        assert_eq!(covered("e8(6)"), ["e8", "f8", "e9", "f9"]);
        // Upright one level above the pin's board, inverted one below.
        assert_eq!(slot_level(slot(0, false)), 3);
        assert_eq!(slot_level(slot(0, true)), 1);
        assert_eq!(slot_level(slot(10, false)), 7);
        assert_eq!(slot_name(slot(4, true)), "b3(4)i");
        assert_eq!(parse_slot("b3(4)i"), Some(slot(4, true)));
        assert_eq!(parse_slot("b3(4)"), Some(slot(4, false)));
        assert_eq!(parse_slot("c3(4)"), None);
    }

    fn geometry() -> Geometry {
        Geometry::new(all_coords(), &NAMING)
    }

    /// The slots of the start: b1(2), e1(2), b8(6), e8(6), all upright.
    const START_BOARDS: u32 = 1 << 0 | 1 << 2 | 1 << 20 | 1 << 22;

    /// The main squares and the squares of the start's boards.
    fn start_present(board: &Board) -> Set {
        (0..SLOTS)
            .filter(|&s| START_BOARDS >> s & 1 == 1)
            .fold(board.main, |set, s| set | board.slot_sets[s])
    }

    fn reach(
        geo: &Geometry,
        board: &Board,
        from: &str,
        dirs: &[(i32, i32)],
        occupied: &[&str],
    ) -> Vec<String> {
        let mut occ = Set::EMPTY;
        for name in occupied {
            occ.insert(geo.parse_cell(name).unwrap());
        }
        let from = geo.parse_cell(from).unwrap();
        let mut out = Vec::new();
        for &d in dirs {
            let d = DIRECTIONS.iter().position(|&e| e == d).unwrap();
            let free = start_present(board) & !occ;
            let reached = board.reach(from, d, START_BOARDS, free);
            out.extend(reached.iter().map(|to| geo.name(to).to_string()));
        }
        out.sort();
        out
    }

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn seed_rook_on_c1_2_reaches_the_eleven_squares_up_its_file() {
        // Seed 002 §II.3: on the empty board a Rook on c1(2) "could move to
        // any of c2(2), c3(2), c4(2); c3(4), c4(4), c5(4), c6(4); c5(6),
        // c6(6), c7(6), c8(6)". Column c9 has no square, so the ray ends.
        let geo = geometry();
        let board = Board::build(&geo);
        assert_eq!(
            reach(&geo, &board, "c1(2)", &[(0, 1)], &[]),
            sorted(&[
                "c2(2)", "c3(2)", "c4(2)", "c3(4)", "c4(4)", "c5(4)", "c6(4)", "c5(6)", "c6(6)",
                "c7(6)", "c8(6)"
            ])
        );
        // Down the file, c0 has no square: nothing.
        assert!(reach(&geo, &board, "c1(2)", &[(0, -1)], &[]).is_empty());
        // A piece on c3(2) blocks c4(2) (ceiling 2) but not c4(4): that
        // path runs c2(2), c3(4).
        let blocked = reach(&geo, &board, "c1(2)", &[(0, 1)], &["c3(2)"]);
        assert!(!blocked.contains(&"c4(2)".to_string()));
        assert!(blocked.contains(&"c4(4)".to_string()));
        assert!(blocked.contains(&"c3(2)".to_string()), "the blocker itself");
    }

    #[test]
    fn seed_rook_on_e4_2_attacks_e0_3_until_both_e1_squares_are_blocked() {
        // Seed 002 §II.4: a Black Rook on e4(2) checks the White King on
        // e0(3) through e1(2) or e1(3); a pawn on e1(2) alone does not
        // block.
        let geo = geometry();
        let board = Board::build(&geo);
        let king = "e0(3)".to_string();
        let reaches = |occupied: &[&str]| {
            let mut occ = vec!["e0(3)"];
            occ.extend_from_slice(occupied);
            reach(&geo, &board, "e4(2)", &[(0, -1)], &occ).contains(&king)
        };
        assert!(reaches(&[]));
        assert!(reaches(&["e1(2)"]));
        assert!(reaches(&["e1(3)"]));
        assert!(!reaches(&["e1(2)", "e1(3)"]));
        // Pieces on the higher boards do not matter: the ceiling is 2.
        assert!(reaches(&["e3(4)"]));
        assert!(!reaches(&["e3(2)"]));
    }

    #[test]
    fn seed_rook_on_b0_3_reaches_b3_4() {
        // Seed 002 §II.4: "a white Rook at b0(3) … can attack a black
        // Bishop at b3(4)", the path taking b1(2) or b1(3), then b2(2).
        let geo = geometry();
        let board = Board::build(&geo);
        let target = "b3(4)".to_string();
        let reaches = |occupied: &[&str]| {
            let mut occ = vec!["b3(4)"];
            occ.extend_from_slice(occupied);
            reach(&geo, &board, "b0(3)", &[(0, 1)], &occ).contains(&target)
        };
        assert!(reaches(&[]));
        assert!(reaches(&["b1(2)"]));
        assert!(reaches(&["b1(3)"]));
        assert!(!reaches(&["b1(2)", "b1(3)"]));
        assert!(!reaches(&["b2(2)"]));
    }

    #[test]
    fn pin_neighbours_are_symmetric_and_stay_on_their_file() {
        for (p, list) in PIN_NEIGHBOURS.iter().enumerate() {
            for &q in *list {
                assert!(
                    PIN_NEIGHBOURS[q].contains(&p),
                    "{} {}",
                    PINS[p].name,
                    PINS[q].name
                );
                assert_eq!(PINS[p].x, PINS[q].x);
                // "1 or 2 squares away".
                assert!((1..=2).contains(&(PINS[p].y - PINS[q].y).abs()));
            }
        }
    }
}
