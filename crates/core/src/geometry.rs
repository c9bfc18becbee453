//! Boards as sets of cells with integer 3-D coordinates.
//!
//! A game lists its cells (any shape: boxes, pyramids, boards with holes);
//! the geometry numbers them densely in (z, y, x) order. That order is what
//! makes slides fast: along any direction vector the cell numbers strictly
//! increase or strictly decrease, so the nearest piece on a ray is the lowest
//! or the highest member of (ray ∩ occupied).

use std::collections::HashMap;

use crate::Cell;

/// Integer coordinates of a cell, or a movement vector.
pub type V3 = [i32; 3];

/// How a base vector is expanded into a symmetric set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sym {
    /// The vector exactly as given.
    Exact,
    /// Both signs of x (left and right), y and z as given: a pawn's captures.
    SignsX,
    /// Both signs of x and of z, y as given: captures forward on any level.
    SignsXZ,
    /// Every combination of signs of the non-zero coordinates.
    Signs,
    /// Every permutation of x and y (z kept), with every sign.
    PermsXY,
    /// Every permutation of x, y and z, with every sign.
    Perms,
}

/// Expands `base` by the symmetry `sym`, without duplicates, in a fixed order.
pub fn expand(base: V3, sym: Sym) -> Vec<V3> {
    let mut out: Vec<V3> = Vec::new();
    for (v, _) in expand_pair(base, base, sym) {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// `base` and `other` turned by each of the symmetry's turns, the same
/// turn for both, each pair once: a lame leap and the cell that blocks it.
pub fn expand_pair(base: V3, other: V3, sym: Sym) -> Vec<(V3, V3)> {
    // Each permutation of the axes, as the source axis of each coordinate.
    let orders: &[[usize; 3]] = match sym {
        Sym::Exact | Sym::SignsX | Sym::SignsXZ | Sym::Signs => &[[0, 1, 2]],
        Sym::PermsXY => &[[0, 1, 2], [1, 0, 2]],
        Sym::Perms => &[
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ],
    };
    let signs: &[V3] = match sym {
        Sym::Exact => &[[1, 1, 1]],
        Sym::SignsX => &[[1, 1, 1], [-1, 1, 1]],
        Sym::SignsXZ => &[[1, 1, 1], [-1, 1, 1], [1, 1, -1], [-1, 1, -1]],
        _ => &SIGNS,
    };
    let mut out = Vec::new();
    for order in orders {
        for s in signs {
            let turn = |v: V3| -> V3 { std::array::from_fn(|i| v[order[i]] * s[i]) };
            let pair = (turn(base), turn(other));
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
    }
    out
}

const SIGNS: [V3; 8] = [
    [1, 1, 1],
    [1, 1, -1],
    [1, -1, 1],
    [1, -1, -1],
    [-1, 1, 1],
    [-1, 1, -1],
    [-1, -1, 1],
    [-1, -1, -1],
];

/// The eight directions across the board seen from above, in (x, y):
/// along ranks and files first, then the diagonals; each next to its
/// opposite (index `d ^ 1`). The games whose slides change level on the
/// way (Star Trek, Elevator) index their line tables by it.
pub const PLANAR_DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The unit step across the board, in (x, y), that leads from column
/// `from` to column `to` in a straight or diagonal line, if one does:
/// games whose slides change level on the way (Star Trek, Elevator) keep
/// to such a line, so a slider off every line through a cell cannot reach
/// it whatever stands between.
pub fn planar_step(from: [i32; 2], to: [i32; 2]) -> Option<(i32, i32)> {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let in_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    ((dx, dy) != (0, 0) && in_line).then(|| (dx.signum(), dy.signum()))
}

/// One row of a level as text shows it.
#[derive(Clone, Debug)]
pub struct Row {
    /// Label printed beside the row (a rank number).
    pub label: String,
    /// The row's cells from left to right.
    pub cells: Vec<Cell>,
}

/// One level as text shows it: rows from the far side (highest y) down.
#[derive(Clone, Debug)]
pub struct Level {
    /// Name of the level ("" when the game has a single level).
    pub name: String,
    pub rows: Vec<Row>,
}

/// The cells of a board, their coordinates and names, and the text layout.
#[derive(Clone, Debug)]
pub struct Geometry {
    coords: Vec<V3>,
    names: Vec<String>,
    /// Each cell's file and rank labels joined, without its level (`d3` for
    /// Star Trek's `d3(4)`): how players name a square when the level is
    /// clear or left for the program to find.
    flat_names: Vec<String>,
    /// Each cell's file label (`e` for `e4`), for chess notation's
    /// disambiguation.
    files: Vec<String>,
    /// Each cell's rank label (`4` for `e4`).
    ranks: Vec<String>,
    /// The longest name's length in bytes: a cell name within a longer
    /// text is never longer, which keeps reading move texts linear.
    longest_name: usize,
    by_name: HashMap<String, Cell>,
    min: V3,
    dims: V3,
    grid: Vec<Cell>,
    levels: Vec<Level>,
}

/// How a geometry names its cells, levels, files and ranks, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Naming {
    /// A cell's name: the text with `{level}`, `{file}` and `{rank}`
    /// replaced by the cell's labels (`"{file}{rank}"` for chess's `e4`,
    /// `"{file}{rank}({level})"` for Star Trek's `c1(2)`).
    pub cell: &'static str,
    pub files: Labels,
    pub ranks: Labels,
    pub levels: Labels,
    /// Doubled coordinates (Ziggurat): on level `z`, the file or rank with
    /// index `i` stands at `z * level_shift + i * spacing`. 1 and 0 for
    /// a board whose coordinates are its indices.
    pub spacing: i32,
    pub level_shift: i32,
}

/// The labels of one axis, by index from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// One letter per index (`"abcdefgh"`).
    Letters(&'static str),
    /// The index plus this number (ranks `Numbers(1)`: 1, 2, 3, …).
    Numbers(i32),
    /// No label: a single-level board's level.
    Blank,
}

impl Labels {
    /// The label of index `i`; `?` past the end of the letters (a game
    /// file's check refuses boards whose letters run out).
    pub fn label(self, i: i32) -> String {
        match self {
            Labels::Letters(letters) => usize::try_from(i)
                .ok()
                .and_then(|i| letters.chars().nth(i))
                .unwrap_or('?')
                .to_string(),
            Labels::Numbers(first) => (i + first).to_string(),
            Labels::Blank => String::new(),
        }
    }

    /// Whether index `i` has a label of its own.
    pub fn covers(self, i: i32) -> bool {
        match self {
            Labels::Letters(letters) => i >= 0 && (i as usize) < letters.chars().count(),
            Labels::Numbers(_) | Labels::Blank => true,
        }
    }
}

impl Naming {
    /// The index of a file or rank coordinate on level `z`.
    pub fn index(&self, z: i32, v: i32) -> i32 {
        (v - z * self.level_shift).div_euclid(self.spacing.max(1))
    }

    /// Name of the cell at a coordinate.
    pub fn cell(&self, c: V3) -> String {
        self.cell
            .replace("{level}", &self.level(c[2]))
            .replace("{file}", &self.file(c[2], c[0]))
            .replace("{rank}", &self.row(c[2], c[1]))
    }

    /// Name of the level at a z coordinate ("" for a single-level board).
    pub fn level(&self, z: i32) -> String {
        self.levels.label(z)
    }

    /// Label of the row at (z, y) (its rank).
    pub fn row(&self, z: i32, y: i32) -> String {
        self.ranks.label(self.index(z, y))
    }

    /// Label of the column at (z, x) (its file).
    pub fn file(&self, z: i32, x: i32) -> String {
        self.files.label(self.index(z, x))
    }
}

impl Geometry {
    /// Builds a geometry from the coordinates of its cells (any order, no
    /// duplicates). Panics on a duplicate coordinate or more than
    /// `Cell::MAX - 1` cells: geometries are static data checked by tests.
    pub fn new(cells: impl IntoIterator<Item = V3>, naming: &Naming) -> Geometry {
        let mut coords: Vec<V3> = cells.into_iter().collect();
        coords.sort_by_key(|c| (c[2], c[1], c[0]));
        let n = coords.len();
        assert!(n > 0 && n < Cell::MAX as usize, "bad cell count {n}");
        let mut min = coords[0];
        let mut max = coords[0];
        for c in &coords {
            for i in 0..3 {
                min[i] = min[i].min(c[i]);
                max[i] = max[i].max(c[i]);
            }
        }
        let dims = [
            max[0] - min[0] + 1,
            max[1] - min[1] + 1,
            max[2] - min[2] + 1,
        ];
        let mut grid = vec![NO_CELL; (dims[0] * dims[1] * dims[2]) as usize];
        let names: Vec<String> = coords.iter().map(|&c| naming.cell(c)).collect();
        let files: Vec<String> = coords.iter().map(|c| naming.file(c[2], c[0])).collect();
        let ranks: Vec<String> = coords.iter().map(|c| naming.row(c[2], c[1])).collect();
        let flat_names = files
            .iter()
            .zip(&ranks)
            .map(|(f, r)| format!("{f}{r}"))
            .collect();
        let mut by_name = HashMap::new();
        for (i, c) in coords.iter().enumerate() {
            let slot = &mut grid[Self::grid_index(min, dims, *c).expect("inside")];
            assert_eq!(*slot, NO_CELL, "duplicate cell {c:?}");
            *slot = i as Cell;
            let dup = by_name.insert(names[i].clone(), i as Cell);
            assert!(dup.is_none(), "duplicate cell name {}", names[i]);
        }
        let mut levels = Vec::new();
        let mut zs: Vec<i32> = coords.iter().map(|c| c[2]).collect();
        zs.dedup();
        for z in zs {
            let mut ys: Vec<i32> = coords.iter().filter(|c| c[2] == z).map(|c| c[1]).collect();
            ys.sort_unstable();
            ys.dedup();
            let rows = ys
                .iter()
                .rev()
                .map(|&y| Row {
                    label: naming.row(z, y),
                    cells: (0..n as Cell)
                        .filter(|&i| coords[i as usize][2] == z && coords[i as usize][1] == y)
                        .collect(),
                })
                .collect();
            levels.push(Level {
                name: naming.level(z),
                rows,
            });
        }
        let longest_name = names.iter().map(String::len).max().unwrap_or(0);
        Geometry {
            coords,
            names,
            flat_names,
            files,
            ranks,
            longest_name,
            by_name,
            min,
            dims,
            grid,
            levels,
        }
    }

    fn grid_index(min: V3, dims: V3, c: V3) -> Option<usize> {
        let r = [c[0] - min[0], c[1] - min[1], c[2] - min[2]];
        if (0..3).all(|i| r[i] >= 0 && r[i] < dims[i]) {
            Some((r[0] + dims[0] * (r[1] + dims[1] * r[2])) as usize)
        } else {
            None
        }
    }

    /// The length in bytes of the longest cell name.
    pub fn longest_name(&self) -> usize {
        self.longest_name
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no cells (never true for a built geometry).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Coordinates of a cell.
    pub fn coord(&self, cell: Cell) -> V3 {
        self.coords[cell as usize]
    }

    /// `c` turned through the board's centre along each axis whose sign in
    /// `mirror` is negative: where Black's counterpart of White's `c`
    /// stands (`GameDef::black_mirror`).
    pub fn mirrored(&self, c: V3, mirror: V3) -> V3 {
        std::array::from_fn(|i| {
            if mirror[i] < 0 {
                2 * self.min[i] + self.dims[i] - 1 - c[i]
            } else {
                c[i]
            }
        })
    }

    /// The cell at a coordinate, if the board has one there.
    pub fn cell_at(&self, c: V3) -> Option<Cell> {
        let i = Self::grid_index(self.min, self.dims, c)?;
        let cell = self.grid[i];
        (cell != NO_CELL).then_some(cell)
    }

    /// The cell reached from `cell` by the vector `v`, if it exists.
    pub fn offset(&self, cell: Cell, v: V3) -> Option<Cell> {
        let c = self.coord(cell);
        self.cell_at([c[0] + v[0], c[1] + v[1], c[2] + v[2]])
    }

    /// The canonical name of a cell.
    pub fn name(&self, cell: Cell) -> &str {
        &self.names[cell as usize]
    }

    /// The cell's file and rank without its level (`d3` for `d3(4)`; the
    /// name itself on a one-level board).
    pub fn flat_name(&self, cell: Cell) -> &str {
        &self.flat_names[cell as usize]
    }

    /// The cell's file label (`e` for `e4`).
    pub fn file_label(&self, cell: Cell) -> &str {
        &self.files[cell as usize]
    }

    /// The cell's rank label (`4` for `e4`).
    pub fn rank_label(&self, cell: Cell) -> &str {
        &self.ranks[cell as usize]
    }

    /// The cell with this exact canonical name.
    pub fn parse_cell(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name).copied()
    }

    /// Levels in the order text shows them (lowest z first), each with its
    /// rows from the highest y down.
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// All cells in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        0..self.coords.len() as Cell
    }
}

/// "No cell": the value used where a cell index is absent.
pub const NO_CELL: Cell = Cell::MAX;

/// Names that spell out coordinates (`z:x:y`), for the crate's tests'
/// boards.
#[cfg(test)]
pub(crate) const COORDINATE_NAMING: Naming = Naming {
    cell: "{level}:{file}:{rank}",
    files: Labels::Numbers(0),
    ranks: Labels::Numbers(0),
    levels: Labels::Numbers(0),
    spacing: 1,
    level_shift: 0,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_counts() {
        // A chess knight: 2 orders of (1,2) times 4 sign pairs.
        assert_eq!(expand([1, 2, 0], Sym::PermsXY).len(), 8);
        // A 3-D knight (0,1,2): 6 orders times 4 sign pairs.
        assert_eq!(expand([0, 1, 2], Sym::Perms).len(), 24);
        // Triagonals (1,1,1): one order, 8 sign triples.
        assert_eq!(expand([1, 1, 1], Sym::Perms).len(), 8);
        // Orthogonals (1,0,0): 3 axes times 2 signs.
        assert_eq!(expand([1, 0, 0], Sym::Perms).len(), 6);
        assert_eq!(expand([1, 1, 0], Sym::Signs).len(), 4);
        assert_eq!(expand([1, 1, 0], Sym::Exact), vec![[1, 1, 0]]);
        assert_eq!(expand([1, 1, 0], Sym::SignsX), vec![[1, 1, 0], [-1, 1, 0]]);
        // Polyhedron's pawn captures: (±1,1,0), (0,1,±1), (±1,1,±1) = 8.
        let mut caps = expand([1, 1, 0], Sym::SignsXZ);
        caps.extend(expand([0, 1, 1], Sym::SignsXZ));
        caps.extend(expand([1, 1, 1], Sym::SignsXZ));
        assert_eq!(caps.len(), 8);
    }

    #[test]
    fn planar_steps_lead_along_lines_only() {
        assert_eq!(planar_step([2, 3], [2, 7]), Some((0, 1)));
        assert_eq!(planar_step([2, 3], [0, 3]), Some((-1, 0)));
        assert_eq!(planar_step([2, 3], [5, 0]), Some((1, -1)));
        assert_eq!(planar_step([2, 3], [0, 1]), Some((-1, -1)));
        // A Knight's offset, an uneven diagonal and the same column: none.
        assert_eq!(planar_step([2, 3], [3, 5]), None);
        assert_eq!(planar_step([2, 3], [5, 1]), None);
        assert_eq!(planar_step([2, 3], [2, 3]), None);
    }

    fn pyramid() -> Geometry {
        // A 3-level pyramid of 3x3, 2x2, 1x1 cells in doubled coordinates.
        let cells = (0..3).flat_map(|k| {
            (0..3 - k).flat_map(move |j| (0..3 - k).map(move |i| [2 * i + k, 2 * j + k, k]))
        });
        Geometry::new(cells, &COORDINATE_NAMING)
    }

    #[test]
    fn dense_numbering_is_monotonic_along_every_vector() {
        let g = pyramid();
        assert_eq!(g.len(), 9 + 4 + 1);
        for v in expand([1, 1, 1], Sym::Perms)
            .into_iter()
            .chain(expand([2, 0, 0], Sym::Perms))
        {
            for c in g.cells() {
                let mut cur = c;
                while let Some(next) = g.offset(cur, v) {
                    let up = next > cur;
                    assert_eq!(up, g.offset(c, v).unwrap() > c);
                    cur = next;
                }
            }
        }
        assert_eq!(g.cell_at([2, 2, 2]), Some(13));
        assert_eq!(g.parse_cell("2:2:2"), Some(13));
        assert_eq!(g.cell_at([1, 1, 0]), None);
        assert_eq!(g.levels().len(), 3);
        assert_eq!(g.levels()[0].rows[0].cells, vec![6, 7, 8]);
    }
}
