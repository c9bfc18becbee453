//! The board in the terminal: every level as a grid, with the board's
//! columns lined up across levels so that the pyramid's half-offsets,
//! Polyhedron's centring, Star Trek's attack boards over their pins and
//! Elevator's shafts show which squares stand over which. Levels are drawn
//! highest first, in columns that fill top to bottom. The same layout
//! answers mouse clicks, and the cursor moves over it.

use chess3d_core::{BitSet, Cell, Position, Rules, Side};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

/// Square colours, highlights and pieces.
pub const LIGHT: Color = Color::Rgb(240, 217, 181);
pub const DARK: Color = Color::Rgb(181, 136, 99);
pub const DESTINATION: Color = Color::Rgb(120, 190, 90);
pub const CAPTURE: Color = Color::Rgb(225, 100, 80);
pub const SELECTED: Color = Color::Rgb(90, 150, 230);
pub const LAST_MOVE: Color = Color::Rgb(215, 215, 110);
const WHITE_PIECE: Color = Color::Rgb(255, 255, 255);
const BLACK_PIECE: Color = Color::Rgb(0, 0, 0);

/// Width of a square on screen.
const SQUARE: u16 = 3;

/// What to draw over the position.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub cursor: Option<Cell>,
    pub selected: Option<Cell>,
    /// Legal destinations of the selected piece, and whether each captures.
    pub destinations: Vec<(Cell, bool)>,
    pub last_move: Option<(Cell, Cell)>,
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
}

impl Layout {
    /// The square at a screen position.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
        self.panels
            .iter()
            .flat_map(|p| &p.squares)
            .find(|s| s.y == y && (s.x..s.x + SQUARE).contains(&x))
            .map(|s| s.cell)
    }
}

/// A level to draw: its z, title, and rows (label, present cells) from the
/// far side.
struct LevelRows {
    z: i32,
    title: String,
    rows: Vec<(String, Vec<Cell>)>,
}

/// The levels of a position with their present cells.
fn levels<R: Rules>(pos: &Position<R>, flipped: bool) -> Vec<LevelRows> {
    let t = pos.tables();
    let present = R::present(pos);
    let mut out = Vec::new();
    for level in t.geo.levels() {
        let mut rows: Vec<(String, Vec<Cell>)> = level
            .rows
            .iter()
            .map(|r| {
                let cells: Vec<Cell> = r
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| present.contains(c))
                    .collect();
                (r.label.clone(), cells)
            })
            .filter(|(_, cells)| !cells.is_empty())
            .collect();
        if rows.is_empty() {
            continue;
        }
        if flipped {
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
    // Highest level first.
    out.sort_by_key(|l| std::cmp::Reverse(l.z));
    out
}

/// Lays the levels out in `area`, keeping the cursor's level in view.
pub fn layout<R: Rules>(pos: &Position<R>, marks: &Marks, area: Rect) -> Layout {
    let t = pos.tables();
    let geo = &t.geo;
    let mut xs: Vec<i32> = geo.cells().map(|c| geo.coord(c)[0]).collect();
    xs.sort_unstable();
    xs.dedup();
    if marks.flipped {
        xs.reverse();
    }
    let column = |c: Cell| xs.iter().position(|&x| x == geo.coord(c)[0]).unwrap_or(0) as u16;
    let levels = levels(pos, marks.flipped);
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
    let cursor_level = marks.cursor.map(|c| geo.coord(c)[2]);
    let first_with_cursor = |start: usize| {
        let placed = place(&levels, start, width, area);
        cursor_level.is_none_or(|z| placed.iter().any(|&(i, _)| levels[i].z == z))
    };
    let start = (0..levels.len())
        .find(|&s| first_with_cursor(s))
        .unwrap_or(0);
    let placed = place(&levels, start, width, area);
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
                let from_bottom = rows.len() - 1 - r;
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
                let file = (t.def.naming.file)(*z, geo.coord(cell)[0]);
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
    }
}

/// Places levels `start..` in columns filled top to bottom; returns each
/// placed level's index and rectangle.
fn place(levels: &[LevelRows], start: usize, width: u16, area: Rect) -> Vec<(usize, Rect)> {
    let mut out = Vec::new();
    let (mut x, mut y) = (area.x, area.y);
    for (i, level) in levels.iter().enumerate().skip(start) {
        // Title, rows, file letters, and a blank line after.
        let height = level.rows.len() as u16 + 2;
        if y + height > area.bottom() && y > area.y {
            x += width + 2;
            y = area.y;
        }
        if x + width > area.right() || y + height > area.bottom() {
            break;
        }
        out.push((i, Rect::new(x, y, width, height)));
        y += height + 1;
    }
    out
}

/// The board as a widget.
pub struct BoardView<'a, R: Rules> {
    pub pos: &'a Position<R>,
    pub marks: &'a Marks,
}

impl<R: Rules> Widget for BoardView<'_, R> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lay = layout(self.pos, self.marks, area);
        let t = self.pos.tables();
        let label = Style::default().fg(Color::Gray);
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
                let piece = self.pos.piece_at(sq.cell);
                let text = if piece.is_empty() {
                    "   ".to_string()
                } else {
                    let l = t.kinds[piece.kind() as usize].def.letter;
                    let l = if piece.side() == Side::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    };
                    format!(" {l} ")
                };
                let mut style = Style::default()
                    .bg(if sq.light { LIGHT } else { DARK })
                    .add_modifier(Modifier::BOLD);
                if !piece.is_empty() {
                    style = style.fg(if piece.side() == Side::White {
                        WHITE_PIECE
                    } else {
                        BLACK_PIECE
                    });
                }
                let m = self.marks;
                if m.last_move
                    .is_some_and(|(a, b)| a == sq.cell || b == sq.cell)
                {
                    style = style.bg(LAST_MOVE);
                }
                if m.selected == Some(sq.cell) {
                    style = style.bg(SELECTED);
                }
                if let Some(&(_, capture)) = m.destinations.iter().find(|d| d.0 == sq.cell) {
                    style = style.bg(if capture { CAPTURE } else { DESTINATION });
                }
                if m.cursor == Some(sq.cell) {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                // An empty destination gets a dot, so that it shows without
                // colour too.
                let text = if piece.is_empty() && m.destinations.iter().any(|d| d.0 == sq.cell) {
                    " · ".to_string()
                } else {
                    text
                };
                buf.set_string(sq.x, sq.y, text, style);
            }
        }
        if lay.panels.is_empty() {
            buf.set_string(
                area.x,
                area.y,
                "the window is too small for a level of this board: make it larger",
                Style::default().fg(Color::Red),
            );
        } else if lay.hidden > 0 {
            let note = format!("{} more level(s): PgUp/PgDn", lay.hidden);
            let y = area.bottom().saturating_sub(1);
            buf.set_string(area.x, y, note, label);
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

/// The square the cursor goes to from `from`: the nearest present square
/// that way (on screen, so flipped boards turn the arrows round).
pub fn step<R: Rules>(pos: &Position<R>, from: Cell, step: Step, flipped: bool) -> Cell {
    let geo = &pos.tables().geo;
    let present = R::present(pos);
    let [x, y, z] = geo.coord(from);
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
    let here = [x, y, z];
    geo.cells()
        .filter(|&c| present.contains(c))
        .filter(|&c| {
            let p = geo.coord(c);
            // Left and right stay on the row, up and down on the level.
            let same_row = axis != 0 || p[1] == y;
            (p[axis] - here[axis]) * dir > 0 && (axis == 2 || p[2] == z) && same_row
        })
        .min_by_key(|&c| {
            let p = geo.coord(c);
            let along = (p[axis] - here[axis]).abs();
            let off: i32 = (0..3)
                .filter(|&i| i != axis)
                .map(|i| (p[i] - here[i]).abs())
                .sum();
            (along, off)
        })
        .unwrap_or(from)
}
