//! The board in the terminal: every level as a grid, with the board's
//! columns lined up across levels so that the pyramid's half-offsets,
//! Polyhedron's centring, Star Trek's attack boards over their pins and
//! Elevator's shafts show which squares stand over which. Levels are drawn
//! lowest at the bottom of the left column and upward from there, as the
//! boards stand. The same layout answers mouse clicks, and the cursor moves
//! over it.
//!
//! Every mark has a glyph as well as a colour, so that the board reads
//! without colour (`NO_COLOR`, a monochrome terminal, a screen reader's
//! text): `[ ]` the cursor, `< >` the selected piece, `*` (`·` in colour)
//! an empty destination, `× ×` a capture, `+` a square that a board or an
//! elevator would bring, `' '` the last move, `! !` a King in check,
//! `{ }` the hint; `.` an empty square without colour, nothing where no
//! square is.

use chess3d_core::{BitSet, Cell, Position, Rules, Side};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

pub use super::palette::{Colours, Palette};
use ratatui::widgets::Widget;

/// Width of a square on screen.
const SQUARE: u16 = 3;

/// What to draw over the position.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub cursor: Option<Cell>,
    pub selected: Option<Cell>,
    /// Legal destinations of the selected piece, and whether each captures.
    pub destinations: Vec<(Cell, bool)>,
    /// Destinations on squares that do not exist yet: where an attack board
    /// or an elevator would go. They are drawn, and the cursor reaches them.
    pub ghosts: Vec<Cell>,
    /// Every square a board or elevator could bring this turn: their rows
    /// are laid out whether a piece is selected or not, so that selecting
    /// one never moves the levels about.
    pub may_arrive: Vec<Cell>,
    pub last_move: Option<(Cell, Cell)>,
    /// The square of a King in check.
    pub check: Option<Cell>,
    /// The hinted move.
    pub hint: Option<(Cell, Cell)>,
    /// Seen from the second player's side: ranks and files reversed.
    pub flipped: bool,
}

/// A square's place on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    pub cell: Cell,
    pub x: u16,
    pub y: u16,
    /// Light or dark.
    pub light: bool,
}

/// One level's panel.
#[derive(Clone, Debug)]
pub struct Panel {
    pub title: String,
    pub area: Rect,
    /// Row labels with their screen row.
    pub ranks: Vec<(u16, String)>,
    /// File labels with their screen column.
    pub files: Vec<(u16, String)>,
    pub squares: Vec<Square>,
}

/// Where every level and square goes in an area.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    pub panels: Vec<Panel>,
    /// Levels left out for lack of room (the cursor's level is always in).
    pub hidden: usize,
    /// The size the largest level needs, title and file letters included.
    pub level_size: (u16, u16),
}

impl Layout {
    /// Whether `cell` is drawn.
    pub fn shows(&self, cell: Cell) -> bool {
        self.panels
            .iter()
            .flat_map(|p| &p.squares)
            .any(|s| s.cell == cell)
    }

    /// The square at a screen position.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
        self.panels
            .iter()
            .flat_map(|p| &p.squares)
            .find(|s| s.y == y && (s.x..s.x + SQUARE).contains(&x))
            .map(|s| s.cell)
    }
}

/// A level to draw: its z, title, and rows (label, cells) from the far
/// side.
struct LevelRows {
    z: i32,
    title: String,
    rows: Vec<(String, Vec<Cell>)>,
}

impl LevelRows {
    /// Title, rows and file letters.
    fn height(&self) -> u16 {
        self.rows.len() as u16 + 2
    }
}

/// The levels with the cells drawn (present, or ghosts), lowest first;
/// the rows kept are those with a square or the cursor, and with
/// `reserve` those where a board may bring one, with a blank row between
/// ranks that are not neighbours (Star Trek's attack boards over the far
/// and near ends of a main board).
fn levels<R: Rules>(pos: &Position<R>, marks: &Marks, reserve: bool) -> Vec<LevelRows> {
    let t = pos.tables();
    let present = R::present(pos);
    let shown = |c: Cell| present.contains(c) || marks.ghosts.contains(&c);
    // A row is laid out for a square there, the cursor, or (`reserve`) a
    // square a board may bring; a selection's ghost squares add rows only
    // with the cursor on one of them, and then the whole board's.
    let on_ghost = marks.cursor.is_some_and(|c| marks.ghosts.contains(&c));
    let keeps = |c: Cell| {
        present.contains(c)
            || marks.cursor == Some(c)
            || (on_ghost && marks.ghosts.contains(&c))
            || (reserve && marks.may_arrive.contains(&c))
    };
    let mut out = Vec::new();
    for level in t.geo.levels() {
        let kept: Vec<(i32, String, Vec<Cell>)> = level
            .rows
            .iter()
            .filter(|r| r.cells.iter().any(|&c| keeps(c)))
            .map(|r| {
                let cells: Vec<Cell> = r.cells.iter().copied().filter(|&c| shown(c)).collect();
                (t.geo.coord(r.cells[0])[1], r.label.clone(), cells)
            })
            .collect();
        if kept.is_empty() {
            continue;
        }
        // Neighbouring ranks are a step apart: 1, or 2 on the pyramid's
        // half-offset levels.
        let ys: Vec<i32> = level
            .rows
            .iter()
            .map(|r| t.geo.coord(r.cells[0])[1])
            .collect();
        let step = ys
            .windows(2)
            .map(|w| w[0].abs_diff(w[1]))
            .filter(|&d| d > 0)
            .min()
            .unwrap_or(1);
        let mut rows: Vec<(String, Vec<Cell>)> = Vec::new();
        for (k, (y, label, cells)) in kept.iter().enumerate() {
            if k > 0 && kept[k - 1].0.abs_diff(*y) > step {
                rows.push((String::new(), Vec::new()));
            }
            rows.push((label.clone(), cells.clone()));
        }
        if marks.flipped {
            rows.reverse();
        }
        let z = t.geo.coord(level.rows[0].cells[0])[2];
        let title = if level.name.is_empty() {
            String::new()
        } else {
            format!("Level {}", level.name)
        };
        out.push(LevelRows { z, title, rows });
    }
    out.sort_by_key(|l| l.z);
    out
}

/// Lays the levels out in `area`, keeping the cursor's level in view.
pub fn layout<R: Rules>(pos: &Position<R>, marks: &Marks, area: Rect) -> Layout {
    // Rows a board may bring this turn are laid out ahead, so that
    // selecting its piece moves nothing, unless that costs a level: then a
    // selection's squares in them are out of sight (the status line says
    // so) until the cursor goes there.
    let reserved = layout_of(pos, marks, area, levels(pos, marks, true));
    let unreserved = layout_of(pos, marks, area, levels(pos, marks, false));
    if unreserved.panels.len() > reserved.panels.len() {
        unreserved
    } else {
        reserved
    }
}

/// Lays `levels` out in `area`.
fn layout_of<R: Rules>(
    pos: &Position<R>,
    marks: &Marks,
    area: Rect,
    levels: Vec<LevelRows>,
) -> Layout {
    let t = pos.tables();
    let geo = &t.geo;
    let mut xs: Vec<i32> = geo.cells().map(|c| geo.coord(c)[0]).collect();
    xs.sort_unstable();
    xs.dedup();
    if marks.flipped {
        xs.reverse();
    }
    let column = |c: Cell| xs.iter().position(|&x| x == geo.coord(c)[0]).unwrap_or(0) as u16;
    // Screen columns per board column: squares SQUARE wide, and neighbours
    // in a row never overlap (the pyramid's rows skip every other column).
    let gap = levels
        .iter()
        .flat_map(|l| l.rows.iter())
        .flat_map(|(_, cells)| {
            cells
                .windows(2)
                .map(|w| column(w[0]).abs_diff(column(w[1])))
        })
        .filter(|&g| g > 0)
        .min()
        .unwrap_or(1);
    let step = SQUARE.div_ceil(gap);
    let label_w = levels
        .iter()
        .flat_map(|l| l.rows.iter().map(|(label, _)| label.len()))
        .max()
        .unwrap_or(1) as u16;
    let width = label_w + 1 + (xs.len() as u16 - 1) * step + SQUARE;
    let level_size = (
        width,
        levels.iter().map(LevelRows::height).max().unwrap_or(0),
    );
    let cursor_level = marks.cursor.map(|c| geo.coord(c)[2]);
    let shows_cursor = |placed: &[(usize, Rect)]| {
        cursor_level.is_none_or(|z| placed.iter().any(|&(i, _)| levels[i].z == z))
    };
    // The runs of levels that show the cursor's; of them the one that shows
    // most of the last move and a King in check (the engine's move seen
    // where it was played), the lowest on a tie. A selection's
    // destinations do not count: selecting a piece never moves the levels.
    let mut news: Vec<i32> = Vec::new();
    if let Some((from, to)) = marks.last_move {
        news.extend([geo.coord(to)[2], geo.coord(from)[2]]);
    }
    news.extend(marks.check.map(|c| geo.coord(c)[2]));
    let seen = |placed: &[(usize, Rect)]| {
        news.iter()
            .filter(|&&z| placed.iter().any(|&(i, _)| levels[i].z == z))
            .count()
    };
    let mut placed: Vec<(usize, Rect)> = Vec::new();
    let mut best = None;
    for start in 0..levels.len() {
        let p = place(&levels, start, width, area);
        if shows_cursor(&p) && best.is_none_or(|b| seen(&p) > b) {
            best = Some(seen(&p));
            placed = p;
        }
    }
    let mut panels = Vec::new();
    for &(i, rect) in &placed {
        let LevelRows { z, title, rows } = &levels[i];
        let mut ranks = Vec::new();
        let mut squares = Vec::new();
        let mut files: Vec<(u16, String)> = Vec::new();
        for (r, (label, cells)) in rows.iter().enumerate() {
            let y = rect.y + 1 + r as u16;
            ranks.push((y, label.clone()));
            for (k, &cell) in cells.iter().enumerate() {
                let x = rect.x + label_w + 1 + column(cell) * step;
                // Counted without the blank rows between boards.
                let from_bottom = rows[r + 1..].iter().filter(|(l, _)| !l.is_empty()).count();
                let in_row = if marks.flipped {
                    cells.len() - 1 - k
                } else {
                    k
                };
                squares.push(Square {
                    cell,
                    x,
                    y,
                    light: (from_bottom + in_row + usize::from(marks.flipped)) % 2 == 1,
                });
                let file = t.def.naming.file(*z, geo.coord(cell)[0]);
                if !files.iter().any(|(fx, _)| *fx == x + 1) {
                    files.push((x + 1, file));
                }
            }
        }
        files.sort();
        panels.push(Panel {
            title: title.clone(),
            area: rect,
            ranks,
            files,
            squares,
        });
    }
    Layout {
        hidden: levels.len() - placed.len(),
        panels,
        level_size,
    }
}

/// Places levels `start..` (lowest first) in columns from the left, each
/// filled from the bottom up, as the levels stand; returns each placed
/// level's index and rectangle. Levels above the last that fits are left
/// out.
fn place(levels: &[LevelRows], start: usize, width: u16, area: Rect) -> Vec<(usize, Rect)> {
    // Columns of (level index, height), bottom first.
    let mut columns: Vec<Vec<(usize, u16)>> = vec![Vec::new()];
    let mut used = 0;
    for (i, level) in levels.iter().enumerate().skip(start) {
        // Levels stack with no blank line: each one's title separates it.
        let h = level.height();
        let need = used + h;
        if need <= area.height {
            columns.last_mut().expect("a column").push((i, h));
            used = need;
            continue;
        }
        let x_next = area.x + columns.len() as u16 * (width + 2);
        if h > area.height || x_next + width > area.right() {
            break;
        }
        columns.push(vec![(i, h)]);
        used = h;
    }
    // The tallest column starts at the top of the area; every column
    // stands on the same bottom line.
    let tallest = columns
        .iter()
        .map(|c| c.iter().map(|&(_, h)| h).sum::<u16>())
        .max()
        .unwrap_or(0);
    let floor = area.y + tallest.min(area.height);
    let mut out = Vec::new();
    for (k, column) in columns.iter().enumerate() {
        let x = area.x + k as u16 * (width + 2);
        if x + width > area.right() {
            break;
        }
        let mut bottom = floor;
        for &(i, h) in column {
            out.push((i, Rect::new(x, bottom - h, width, h)));
            bottom = bottom.saturating_sub(h);
        }
    }
    out.sort_by_key(|&(i, _)| i);
    out
}

/// The board as a widget, drawn as `layout` places it (the caller's
/// layout of the same position, marks and area).
pub struct BoardView<'a, R: Rules> {
    pub pos: &'a Position<R>,
    pub marks: &'a Marks,
    pub palette: &'a Palette,
    pub layout: &'a Layout,
}

/// What a square shows: its three characters and its style.
fn square_face<R: Rules>(
    pos: &Position<R>,
    sq: &Square,
    marks: &Marks,
    palette: &Palette,
) -> (String, Style) {
    let t = pos.tables();
    let cell = sq.cell;
    let piece = pos.piece_at(cell);
    let destination = marks.destinations.iter().find(|d| d.0 == cell);
    let ghost = marks.ghosts.contains(&cell);
    let centre = if !piece.is_empty() {
        let l = t.kinds[piece.kind() as usize].def.letter;
        if piece.side() == Side::White {
            l
        } else {
            l.to_ascii_lowercase()
        }
    } else if ghost {
        '+'
    } else if destination.is_some() {
        if palette.mono() {
            '*'
        } else {
            '·'
        }
    } else if palette.mono() {
        '.'
    } else {
        ' '
    };
    let on = |pair: Option<(Cell, Cell)>| pair.is_some_and(|(a, b)| a == cell || b == cell);
    // The strongest mark takes the sides of the square.
    let sides = if marks.cursor == Some(cell) {
        ('[', ']')
    } else if marks.selected == Some(cell) {
        ('<', '>')
    } else if destination.is_some_and(|d| d.1) {
        ('×', '×')
    } else if destination.is_some() && !piece.is_empty() {
        // A push onto a piece: a destination that captures nothing.
        if palette.mono() {
            ('*', '*')
        } else {
            ('·', '·')
        }
    } else if marks.check == Some(cell) {
        ('!', '!')
    } else if on(marks.hint) {
        ('{', '}')
    } else if on(marks.last_move) {
        ('\'', '\'')
    } else {
        (' ', ' ')
    };
    let mut bg = if ghost {
        palette.ghost
    } else if sq.light {
        palette.light
    } else {
        palette.dark
    };
    if on(marks.last_move) {
        bg = palette.last_move;
    }
    if on(marks.hint) {
        bg = palette.hint;
    }
    if marks.check == Some(cell) {
        bg = palette.check;
    }
    if marks.selected == Some(cell) {
        bg = palette.selected;
    }
    if let Some(&(_, capture)) = destination {
        bg = if capture {
            palette.capture
        } else if ghost {
            palette.ghost
        } else {
            palette.destination
        };
    }
    let mut style = Style::default().bg(bg).add_modifier(Modifier::BOLD);
    if !piece.is_empty() {
        style = style.fg(palette.pieces[piece.side().index()]);
    } else if palette.colours != Colours::Mono {
        style = style.fg(Color::Black);
    }
    if marks.cursor == Some(cell) {
        style = style.add_modifier(Modifier::REVERSED);
    }
    (format!("{}{centre}{}", sides.0, sides.1), style)
}

impl<R: Rules> Widget for BoardView<'_, R> {
    fn render(self, _: Rect, buf: &mut Buffer) {
        let lay = self.layout;
        // Labels in the terminal's own foreground: readable on a light
        // terminal and a dark one alike.
        let label = Style::default();
        for panel in &lay.panels {
            buf.set_string(
                panel.area.x,
                panel.area.y,
                &panel.title,
                Style::default().add_modifier(Modifier::BOLD),
            );
            for (y, rank) in &panel.ranks {
                buf.set_string(panel.area.x, *y, rank, label);
            }
            let files_y = panel.area.y + panel.area.height - 1;
            for (x, file) in &panel.files {
                buf.set_string(*x, files_y, file, label);
            }
            for sq in &panel.squares {
                let (text, style) = square_face(self.pos, sq, self.marks, self.palette);
                buf.set_string(sq.x, sq.y, text, style);
            }
        }
    }
}

/// Directions the cursor moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Left,
    Right,
    Up,
    Down,
    LevelUp,
    LevelDown,
}

/// The square the cursor goes to from `from`: the nearest square that way
/// (on screen, so flipped boards turn the arrows round), among the present
/// ones and the `ghosts`. A level step goes to the nearest level that way
/// and the square there nearest to `anchor` seen from above (the square
/// the level steps started from, so that going up and down again comes
/// back to it), else to `from`.
pub fn step<R: Rules>(
    pos: &Position<R>,
    from: Cell,
    step: Step,
    flipped: bool,
    ghosts: &[Cell],
    anchor: Option<Cell>,
) -> Cell {
    let geo = &pos.tables().geo;
    let present = R::present(pos);
    let here = geo.coord(from);
    let sign = if flipped { -1 } else { 1 };
    // (axis the move is along, direction): candidates must lie that way,
    // and the nearest by that axis, then by distance, wins.
    let (axis, dir) = match step {
        Step::Left => (0, -sign),
        Step::Right => (0, sign),
        Step::Up => (1, sign),
        Step::Down => (1, -sign),
        Step::LevelUp => (2, 1),
        Step::LevelDown => (2, -1),
    };
    let aim = if axis == 2 {
        geo.coord(anchor.unwrap_or(from))
    } else {
        here
    };
    geo.cells()
        .filter(|&c| present.contains(c) || ghosts.contains(&c))
        .filter(|&c| {
            let p = geo.coord(c);
            // Left and right stay on the row, up and down on the level.
            let same_row = axis != 0 || p[1] == here[1];
            (p[axis] - here[axis]) * dir > 0 && (axis == 2 || p[2] == here[2]) && same_row
        })
        .min_by_key(|&c| {
            let p = geo.coord(c);
            let along = (p[axis] - here[axis]).abs();
            let off: i32 = (0..3)
                .filter(|&i| i != axis)
                .map(|i| (p[i] - aim[i]).pow(2))
                .sum();
            (along, off)
        })
        .unwrap_or(from)
}

/// The present square nearest to `cell` (itself if present): where the
/// cursor goes when its square disappears.
pub fn nearest_present<R: Rules>(pos: &Position<R>, cell: Cell) -> Option<Cell> {
    let geo = &pos.tables().geo;
    let present = R::present(pos);
    let p = geo.coord(cell);
    geo.cells()
        .filter(|&c| present.contains(c))
        .min_by_key(|&c| {
            let q = geo.coord(c);
            (0..3).map(|i| (q[i] - p[i]).pow(2)).sum::<i32>()
        })
}
