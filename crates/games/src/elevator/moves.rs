//! Elevator's special moves (RULINGS.md §4): the flying slides with their
//! one level change at the first shaft, the Ox's pushes, and elevator
//! moves; and the attacks of the flying pieces and of pushes that would
//! drop a King.

use arrayvec::ArrayVec;
use chess3d_core::geometry::planar_step;
use chess3d_core::{BitSet, Cell, Edit, Move, MoveKind, MoveList, Piece, Position, Side};

use super::{elevator_cells, pole_of, ElevatorRules, Set, BISHOP, OX, POLES, QUEEN, ROOK};

type Pos = Position<ElevatorRules>;

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn flyer_dirs(kind: chess3d_core::Kind) -> &'static [(i32, i32)] {
    match kind {
        ROOK => &ORTHOGONAL,
        BISHOP => &DIAGONAL,
        _ => &[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ],
    }
}

fn cell_at(pos: &Pos, x: i32, y: i32, z: i32) -> Option<Cell> {
    if !(0..8).contains(&x) || !(0..8).contains(&y) || !(1..=4).contains(&z) {
        return None;
    }
    pos.tables().geo.cell_at([x, y, z])
}

/// A flying slide from `from` along (dx, dy), calling `visit` with every
/// cell it reaches (empty, or the occupied cell that ends it). On its own
/// level it stops at a piece; at the first shaft cell of its level it must
/// change level there, continuing from the cell directly above or below
/// (either that exists) in the same direction; on the new level a piece or
/// a shaft ends it.
pub fn fly(
    pos: &Pos,
    from: Cell,
    (dx, dy): (i32, i32),
    occupied: Set,
    mut visit: impl FnMut(Cell),
) {
    let present = pos.state().present;
    let [x0, y0, z0] = pos.tables().geo.coord(from);
    let (mut x, mut y) = (x0, y0);
    loop {
        x += dx;
        y += dy;
        let Some(c) = cell_at(pos, x, y, z0) else {
            return;
        };
        if present.contains(c) {
            visit(c);
            if occupied.contains(c) {
                return;
            }
            continue;
        }
        // A shaft on the starting level: one level change, up or down.
        for z in [z0 + 1, z0 - 1] {
            let (mut x2, mut y2) = (x, y);
            let mut here = cell_at(pos, x2, y2, z);
            while let Some(c2) = here.filter(|&c2| present.contains(c2)) {
                visit(c2);
                if occupied.contains(c2) {
                    break;
                }
                x2 += dx;
                y2 += dy;
                here = cell_at(pos, x2, y2, z);
            }
        }
        return;
    }
}

/// The result of an Ox push: where the Ox ends, the pieces that move
/// (from, to), and the cells whose pieces fall (captured).
pub struct Push {
    pub ox_to: Cell,
    pub moves: ArrayVec<(Cell, Cell), 8>,
    pub falls: ArrayVec<Cell, 2>,
}

/// The push of the Ox on `ox` by `steps` (1 or 2) cells along `dir`
/// (orthogonal, on its level): each step shifts the contiguous chain of
/// pieces ahead of the Ox one cell forward, a piece shifted off the board
/// or onto a shaft cell falling. `None` if the push is not possible: no
/// piece next to the Ox at the start, an Ox in a chain, or the Ox itself
/// not ending on an existing cell.
pub fn push(pos: &Pos, ox: Cell, dir: (i32, i32), steps: usize) -> Option<Push> {
    let geo = &pos.tables().geo;
    let present = pos.state().present;
    let [x0, y0, z] = geo.coord(ox);
    // The line ahead of the Ox on its level: each cell, whether it exists,
    // and the piece on it (tracked through the steps by original cell).
    let mut line: ArrayVec<(Option<Cell>, Option<Cell>), 8> = ArrayVec::new();
    for k in 1..8 {
        match cell_at(pos, x0 + k * dir.0, y0 + k * dir.1, z) {
            Some(c) => {
                let exists = present.contains(c);
                let origin = (exists && !pos.piece_at(c).is_empty()).then_some(c);
                line.push((exists.then_some(c), origin));
            }
            None => break,
        }
    }
    if line.first().is_none_or(|&(_, piece)| piece.is_none()) {
        return None;
    }
    let mut falls = ArrayVec::new();
    // The Ox's index in the line: -1 is its start.
    let mut at: isize = -1;
    for _ in 0..steps {
        let first = (at + 1) as usize;
        let Some(&(Some(_), _)) = line.get(first) else {
            return None; // the Ox would leave the board or enter a shaft
        };
        let mut end = first;
        while end < line.len() && line[end].1.is_some() {
            if pos.piece_at(line[end].1.unwrap()).kind() == OX {
                return None;
            }
            end += 1;
        }
        // Shift the chain first..end one cell forward, the far end first.
        if end > first {
            let last = end - 1;
            let falls_off = line.get(end).is_none_or(|&(exists, _)| exists.is_none());
            if falls_off {
                falls.push(line[last].1.unwrap());
            } else {
                line[end].1 = line[last].1;
            }
            for j in (first..last).rev() {
                line[j + 1].1 = line[j].1;
            }
            line[first].1 = None;
        }
        at += 1;
    }
    let ox_to = line[at as usize]
        .0
        .expect("the Ox ends on an existing cell");
    let mut moves = ArrayVec::new();
    for &(cell, piece) in &line {
        if let (Some(cell), Some(origin)) = (cell, piece) {
            if cell != origin {
                moves.push((origin, cell));
            }
        }
    }
    Some(Push {
        ox_to,
        moves,
        falls,
    })
}

/// Appends the special moves of the side to move (pseudo-legal).
pub fn generate(pos: &Pos, out: &mut MoveList) {
    let us = pos.side_to_move();
    let own = pos.side_cells(us);
    let occupied = pos.occupied();
    for kind in [QUEEN, ROOK, BISHOP] {
        for from in (pos.kind_cells(kind) & own).iter() {
            for &d in flyer_dirs(kind) {
                fly(pos, from, d, occupied, |to| {
                    if !own.contains(to) {
                        out.push(Move::new(from, to, MoveKind::Normal));
                    }
                });
            }
        }
    }
    for ox in (pos.kind_cells(OX) & own).iter() {
        for (i, &d) in ORTHOGONAL.iter().enumerate() {
            for steps in 1..=2 {
                if let Some(p) = push(pos, ox, d, steps) {
                    out.push(Move {
                        extra: i as u8,
                        ..Move::new(ox, p.ox_to, MoveKind::Push)
                    });
                }
            }
        }
    }
    for pole in 0..POLES {
        let shaft = pos.state().shaft(pole);
        for level in [shaft - 1, shaft + 1] {
            if !(1..=4).contains(&level) {
                continue;
            }
            let cells = elevator_cells(pole, level);
            let count = |side: Side| {
                cells
                    .iter()
                    .filter(|&&c| {
                        let p = pos.piece_at(c);
                        !p.is_empty() && p.side() == side
                    })
                    .count()
            };
            let (mine, theirs) = (count(us), count(us.other()));
            if mine > 0 && mine > theirs {
                out.push(Move::new(
                    cells[0],
                    elevator_cells(pole, shaft)[0],
                    MoveKind::Board,
                ));
            }
        }
    }
}

/// The push a generated push move makes.
fn push_of(pos: &Pos, m: Move) -> Push {
    let geo = &pos.tables().geo;
    let (a, b) = (geo.coord(m.from), geo.coord(m.to));
    let steps = (b[0] - a[0]).abs().max((b[1] - a[1]).abs()) as usize;
    push(pos, m.from, ORTHOGONAL[m.extra as usize], steps).expect("a generated push")
}

/// Whether a push move drops a piece.
pub fn push_captures(pos: &Pos, m: Move) -> bool {
    !push_of(pos, m).falls.is_empty()
}

/// Plays an Ox push (`extra` is the direction): fallen pieces are captured
/// into their owner's pool, the chain shifts, the Ox moves.
pub fn make_push(edit: &mut Edit<'_, ElevatorRules>, m: Move) -> bool {
    let p = push_of(edit.position(), m);
    for &c in &p.falls {
        edit.capture(c);
    }
    let mut lifted: ArrayVec<(Piece, Cell), 8> = ArrayVec::new();
    for &(from, to) in &p.moves {
        lifted.push((edit.take(from), to));
    }
    let ox = edit.take(m.from);
    for (piece, to) in lifted {
        edit.put(to, piece);
    }
    edit.put(p.ox_to, ox);
    false
}

/// Plays an elevator move: the elevator on `m.from`'s level moves into the
/// shaft (`m.to`'s level) with its pieces; its old level becomes the shaft.
pub fn make_elevator_move(edit: &mut Edit<'_, ElevatorRules>, m: Move) -> bool {
    let geo = &edit.position().tables().geo;
    let [x, y, from_level] = geo.coord(m.from);
    let to_level = geo.coord(m.to)[2];
    let pole = pole_of(x, y);
    let (old, new) = (
        elevator_cells(pole, from_level),
        elevator_cells(pole, to_level),
    );
    let mut riders: ArrayVec<(usize, Piece), 4> = ArrayVec::new();
    for (i, &c) in old.iter().enumerate() {
        if !edit.position().piece_at(c).is_empty() {
            riders.push((i, edit.take(c)));
        }
    }
    for (i, piece) in riders {
        edit.put(new[i], piece);
    }
    let state = edit.state_mut();
    state.set_shaft(pole, from_level);
    for (&o, &n) in old.iter().zip(&new) {
        state.present.remove(o);
        state.present.insert(n);
    }
    edit.xor_hash(super::shaft_key(pole, to_level) ^ super::shaft_key(pole, from_level));
    false
}

/// Attacks the data cannot see: flying slides (which need not be
/// symmetric), and pushes by `by`'s Oxen that would drop the piece on
/// `cell` into a shaft or off the board.
pub fn special_attack(pos: &Pos, cell: Cell, by: Side) -> bool {
    let theirs = pos.side_cells(by);
    let occupied = pos.occupied();
    let geo = &pos.tables().geo;
    let [x, y, z] = geo.coord(cell);
    for kind in [QUEEN, ROOK, BISHOP] {
        for from in (pos.kind_cells(kind) & theirs).iter() {
            // A flight keeps to one line across the board and changes level
            // at most once, by one: only that line's flight can reach `cell`.
            let [fx, fy, fz] = geo.coord(from);
            let Some(d) = planar_step([fx, fy], [x, y]) else {
                continue;
            };
            if (fz - z).abs() > 1 || !flyer_dirs(kind).contains(&d) {
                continue;
            }
            let mut hit = false;
            fly(pos, from, d, occupied, |to| hit |= to == cell);
            if hit {
                return true;
            }
        }
    }
    for ox in (pos.kind_cells(OX) & theirs).iter() {
        let [ox_x, ox_y, ox_z] = geo.coord(ox);
        if ox_z != z || (ox_x != x && ox_y != y) {
            continue;
        }
        for &d in &ORTHOGONAL {
            let ahead =
                (x - ox_x) * d.0 + (y - ox_y) * d.1 > 0 && (x - ox_x) * d.1 == (y - ox_y) * d.0;
            if !ahead {
                continue;
            }
            for steps in 1..=2 {
                if push(pos, ox, d, steps).is_some_and(|p| p.falls.contains(&cell)) {
                    return true;
                }
            }
        }
    }
    false
}

/// Pushes as `2a1>2a3`; elevator moves as `E<level><elevator file><rank>`
/// and `U` or `D`: `E3c4U`.
pub fn special_text(pos: &Pos, m: Move) -> String {
    let geo = &pos.tables().geo;
    match m.kind {
        MoveKind::Board => {
            let [x, y, from] = geo.coord(m.from);
            let to = geo.coord(m.to)[2];
            format!(
                "E{from}{}{}{}",
                char::from(b'a' + (x / 2) as u8),
                y / 2 + 1,
                if to > from { 'U' } else { 'D' }
            )
        }
        _ => format!("{}>{}", geo.name(m.from), geo.name(m.to)),
    }
}
