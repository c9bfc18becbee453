//! What the page draws: every cell of a position with its place in 3-D,
//! its piece and its colour, the legal moves as (from, to, text), the
//! status, and the posts that hold a board up (Star Trek's pins and stand,
//! Elevator's poles). Places are in board squares: x to the right, y up,
//! z toward Black; the page needs no knowledge of any game.

use chess3d_core::{BitSet, MoveList, Position, Rules, V3};
use chess3d_games::elevator::POLES;
use chess3d_games::startrek::board::{MAIN_BOARDS, PINS};
use serde::Serialize;

/// A cell of the board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CellView {
    /// The cell's name in the game's notation (`2c1`, `b2(2)`, `Bc2`).
    pub name: String,
    /// Level, file and rank in words, for the status line.
    pub label: String,
    /// Its board coordinates (file, rank, level as the rules number them).
    pub at: V3,
    /// Its centre in 3-D, in squares: `[x, height, depth]`.
    pub place: [f32; 3],
    pub light: bool,
    /// False for a cell that is not there now (an attack board's or an
    /// elevator's square elsewhere) but is the destination of a move.
    pub present: bool,
    pub piece: Option<PieceView>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PieceView {
    /// The piece's letter in upper case.
    pub letter: char,
    /// 0 for the side that moves first, 1 for the other.
    pub side: usize,
    pub name: &'static str,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveView {
    pub from: String,
    pub to: String,
    /// The canonical text, which the page sends back to play it.
    pub text: String,
}

/// A post between two heights at (x, depth), in the same units as places.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Post {
    pub x: f32,
    pub z: f32,
    pub from: f32,
    pub to: f32,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct View {
    pub cells: Vec<CellView>,
    pub legal: Vec<MoveView>,
    pub posts: Vec<Post>,
    /// Names of the levels, lowest first, with their z.
    pub levels: Vec<(i32, String)>,
    pub to_move: usize,
    pub check: bool,
    /// The last move's from and to cells.
    pub last: Option<(String, String)>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`) and why.
    pub result: Option<(String, String)>,
    /// The position string.
    pub position: String,
}

/// The view of `pos`; `result` is the game's (it may have ended off the
/// board, by resignation or agreement).
pub fn view<R: Rules>(pos: &Position<R>, result: Option<(&'static str, String)>) -> View {
    let t = pos.tables();
    let geo = &t.geo;
    let id = t.def.id;
    let mut legal = MoveList::new();
    if result.is_none() {
        pos.clone().legal_moves(&mut legal);
    }
    let present = R::present(pos);
    let step = square_step(id);
    let mut cells = Vec::new();
    for cell in geo.cells() {
        let here = present.contains(cell);
        if !here && !legal.iter().any(|m| m.to == cell) {
            continue;
        }
        let at = geo.coord(cell);
        let piece = pos.piece_at(cell);
        cells.push(CellView {
            name: geo.name(cell).to_string(),
            label: label(&t.def.naming, geo.name(cell), at),
            at,
            place: place(id, at),
            light: ((at[0] + at[1]) / step).rem_euclid(2) == 1,
            present: here,
            piece: (!piece.is_empty()).then(|| {
                let def = &t.def.pieces[piece.kind() as usize];
                PieceView {
                    letter: def.letter,
                    side: piece.side().index(),
                    name: def.name,
                }
            }),
        });
    }
    let legal = legal
        .iter()
        .map(|&m| MoveView {
            from: geo.name(m.from).to_string(),
            to: geo.name(m.to).to_string(),
            text: pos.move_text(m),
        })
        .collect();
    let mut levels: Vec<(i32, String)> = geo
        .levels()
        .iter()
        .map(|l| {
            let z = geo.coord(l.rows[0].cells[0])[2];
            (z, (t.def.naming.level)(z))
        })
        .collect();
    levels.sort();
    levels.dedup();
    View {
        cells,
        legal,
        posts: posts(id),
        levels,
        to_move: pos.side_to_move().index(),
        check: pos.in_check(),
        last: pos
            .moves_played()
            .last()
            .map(|m| (geo.name(m.from).to_string(), geo.name(m.to).to_string())),
        result: result.map(|(r, why)| (r.to_string(), why)),
        position: pos.to_text(),
    }
}

/// `2c1 (level 2, file c, rank 1)`.
fn label(naming: &chess3d_core::geometry::Naming, name: &str, [x, y, z]: V3) -> String {
    let level = (naming.level)(z);
    let level = if level.is_empty() {
        String::new()
    } else {
        format!("level {level}, ")
    };
    format!(
        "{name} ({level}file {}, rank {})",
        (naming.file)(z, x),
        (naming.row)(z, y)
    )
}

/// Coordinate units per square: the pyramid's levels sit half a square
/// over the one below, so its coordinates count half squares.
fn square_step(game: &str) -> i32 {
    if game == "ziggurat" {
        2
    } else {
        1
    }
}

/// A cell's centre in 3-D, in squares.
fn place(game: &str, [x, y, z]: V3) -> [f32; 3] {
    let (x, y, z) = (x as f32, y as f32, z as f32);
    match game {
        // Each level one step up, half a square in from the one below.
        "ziggurat" => [x / 2.0, z * 1.1, y / 2.0],
        // The stepped board: each rank a step higher, the temple on top.
        "ziggurat43" => [x, y * 0.45, y],
        // Levels far enough apart to see the pieces between them.
        "startrek" => [x, z * 1.1, y],
        "elevator" => [x, (z - 1.0) * 2.2, y],
        "polyhedron" => [x, z * 2.0, y],
        _ => [x, 0.0, y],
    }
}

/// The posts that hold the boards: Star Trek's stand and pins, Elevator's
/// poles.
fn posts(game: &str) -> Vec<Post> {
    let height = |z: i32| place(game, [0, 0, z])[1];
    match game {
        "startrek" => {
            // A pin stands at the main board's corner, from the inverted
            // board's level to the upright one's.
            let mut posts: Vec<Post> = PINS
                .iter()
                .map(|pin| {
                    let [(x0, y0), ..] = pin.columns();
                    Post {
                        x: if x0 == 0 { 0.5 } else { 4.5 },
                        z: if y0 < pin.y {
                            pin.y as f32 - 0.5
                        } else {
                            pin.y as f32 + 0.5
                        },
                        from: height(pin.level - 1),
                        to: height(pin.level + 1),
                    }
                })
                .collect();
            // The stand: a column at the right, beside every main board.
            for &(level, first) in &MAIN_BOARDS {
                posts.push(Post {
                    x: 5.2,
                    z: first as f32 + 1.5,
                    from: 0.0,
                    to: height(level),
                });
            }
            posts
        }
        "elevator" => (0..POLES)
            .map(|p| Post {
                x: (p % 4 * 2) as f32 + 0.5,
                z: (p / 4 * 2) as f32 + 0.5,
                from: height(1) - 0.5,
                to: height(4) + 1.0,
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess3d_games::chess::ChessRules;

    #[test]
    fn chess_start_has_64_cells_and_20_moves_and_a1_is_dark() {
        let v = view(&Position::<ChessRules>::start(), None);
        assert_eq!(v.cells.len(), 64);
        assert_eq!(v.legal.len(), 20);
        let a1 = v.cells.iter().find(|c| c.name == "a1").unwrap();
        let h1 = v.cells.iter().find(|c| c.name == "h1").unwrap();
        // a1 is a dark square and h1 a light one on every chessboard.
        assert!(!a1.light && h1.light);
        assert_eq!(a1.piece.as_ref().map(|p| p.letter), Some('R'));
    }
}
