//! Elevator's special moves (RULINGS.md §4): the flying slides with their
//! one level change at the first shaft, the Ox's pushes, and elevator
//! moves; and the attacks of the flying pieces and of pushes that would
//! drop a King.

use arrayvec::ArrayVec;
use chess3d_core::{
    BitSet, Cell, Edit, Exposure, Kind, Move, MoveKind, MoveList, Piece, Position, Side,
};

use super::lines::{
    ascending, cell, flight, level_cell, level_word, lines, on_level, until, xyz, DIRECTIONS,
    ORTHOGONAL,
};
use super::{
    elevator_cells, pole_name, pole_of, ElevatorRules, Set, BISHOP, OX, POLES, QUEEN, ROOK,
};

type Pos = Position<ElevatorRules>;

/// The directions (indices into [`DIRECTIONS`]) a flying piece of `kind`
/// moves in.
fn flyer_dirs(kind: Kind) -> std::ops::Range<usize> {
    match kind {
        ROOK => 0..ORTHOGONAL,
        BISHOP => ORTHOGONAL..8,
        _ => 0..8,
    }
}

/// `theirs`' flying pieces by the lines they fly: along ranks and files
/// (Queens and Rooks) and along diagonals (Queens and Bishops), each with
/// those directions.
fn flyers_by_line(pos: &Pos, theirs: Set) -> [(Set, std::ops::Range<usize>); 2] {
    let queens = pos.kind_cells(QUEEN) & theirs;
    [ROOK, BISHOP].map(|kind| ((pos.kind_cells(kind) & theirs) | queens, flyer_dirs(kind)))
}

/// The result of an Ox push: where the Ox ends, the pieces that move
/// (from, to), and the cells whose pieces fall (captured).
pub struct Push {
    pub ox_to: Cell,
    pub moves: ArrayVec<(Cell, Cell), 8>,
    pub falls: ArrayVec<Cell, 2>,
}

/// The push of the Ox on `ox` by `steps` (1 or 2) cells along direction
/// `d` (along a rank or file, on its level), with the cells that exist,
/// the occupied ones and the Oxen (of both sides): each step shifts the
/// contiguous chain of pieces ahead of the Ox one cell forward, a piece
/// shifted off the board or onto a shaft cell falling. `None` if the push
/// is not possible: no piece next to the Ox at the start, an Ox in a
/// chain, or the Ox itself not ending on an existing cell.
pub fn push(
    ox: Cell,
    d: usize,
    steps: usize,
    present: Set,
    occupied: Set,
    oxen: Set,
) -> Option<Push> {
    let [x0, y0, z] = xyz(ox);
    let (dx, dy) = DIRECTIONS[d];
    // Most Oxen have nothing to push: no line to build.
    let next = cell(x0 + dx, y0 + dy, z)?;
    if !(present & occupied).contains(next) {
        return None;
    }
    // The line ahead of the Ox on its level: each cell, whether it exists,
    // and the piece on it (tracked through the steps by original cell).
    let mut line: ArrayVec<(Option<Cell>, Option<Cell>), 8> = ArrayVec::new();
    for k in 1..8 {
        match cell(x0 + k * dx, y0 + k * dy, z) {
            Some(c) => {
                let exists = present.contains(c);
                let origin = (exists && occupied.contains(c)).then_some(c);
                line.push((exists.then_some(c), origin));
            }
            None => break,
        }
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
        while let Some(&(_, Some(origin))) = line.get(end) {
            if oxen.contains(origin) {
                return None;
            }
            end += 1;
        }
        // Shift the chain first..end one cell forward, the far end first.
        if end > first {
            let last = end - 1;
            let falls_off = line.get(end).is_none_or(|&(exists, _)| exists.is_none());
            if falls_off {
                falls.push(line[last].1.expect("a chain's piece"));
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

/// What [`push`] finds without following each piece: where the Ox ends,
/// every cell the push may change (the Ox's start, the chains it moves and
/// the cells they move into), and the cells whose pieces fall.
pub struct PushSpan {
    pub ox_to: Cell,
    pub span: Set,
    pub falls: Set,
}

/// The [`PushSpan`] of the push [`push`] describes, if it is possible:
/// worked out on the Ox's level as one word.
pub fn push_span(
    ox: Cell,
    d: usize,
    steps: usize,
    present: Set,
    occupied: Set,
    oxen: Set,
) -> Option<PushSpan> {
    let l = lines();
    let [x0, y0, z] = xyz(ox);
    let (dx, dy) = DIRECTIONS[d];
    // The Ox's level, as words.
    let present = level_word(present, z);
    let pieces = present & level_word(occupied, z);
    let oxen = level_word(oxen, z);
    let bit = |c: Cell| 1u64 << (c % 64);
    // The piece of a chain farthest along `d`.
    let last = |chain: u64| {
        if ascending(d) {
            1 << (63 - chain.leading_zeros())
        } else {
            chain & chain.wrapping_neg()
        }
    };
    let next = cell(x0 + dx, y0 + dy, z).filter(|&c| pieces & bit(c) != 0)?;
    // The chain: the pieces from `next` to the first square that is
    // empty, a shaft or off the board (`end`: none at the edge).
    let (chain, end) = until(l, d, l.level_ray[(ox % 64) as usize][d], !pieces);
    if chain & oxen != 0 {
        return None;
    }
    let mut span = bit(ox) | chain;
    // Where the chain's last piece goes: a square that exists, or none
    // (then it falls).
    let end = end.filter(|&e| present & 1 << e != 0);
    let mut falls = if end.is_none() { last(chain) } else { 0 };
    let ox_to = if steps == 1 {
        span |= end.map_or(0, |e| 1 << e);
        next
    } else {
        // The Ox's second step lands two cells on, which must exist.
        let second = cell(x0 + 2 * dx, y0 + 2 * dy, z).filter(|&c| present & bit(c) != 0)?;
        match end {
            // The chain's last piece filled `end`: the chain now runs on
            // through the pieces beyond it, whose last may fall.
            Some(e) => {
                let (more, end) = until(l, d, l.level_ray[e as usize][d], !pieces);
                if more & oxen != 0 {
                    return None;
                }
                span |= 1 << e | more;
                match end.filter(|&e| present & 1 << e != 0) {
                    Some(e) => span |= 1 << e,
                    None => falls |= last(if more != 0 { more } else { chain }),
                }
            }
            // The last piece fell: the one before it falls next.
            None => falls |= last(chain & !falls),
        }
        second
    };
    Some(PushSpan {
        ox_to,
        span: on_level(span, z),
        falls: on_level(falls, z),
    })
}

/// The cells a flying piece of `kind` on `from` reaches, empty or not.
pub fn flyer_targets(pos: &Pos, kind: Kind, from: Cell) -> Set {
    let present = pos.state().present;
    let occupied = pos.occupied();
    flyer_dirs(kind).fold(Set::EMPTY, |reach, d| {
        reach | flight(from, d, present, occupied)
    })
}

/// Appends the special moves of the side to move (pseudo-legal) but the
/// flights ([`flyer_targets`]): pushes and elevator moves.
pub fn generate(pos: &Pos, out: &mut MoveList) {
    let us = pos.side_to_move();
    let own = pos.side_cells(us);
    let (present, occupied, oxen) = (pos.state().present, pos.occupied(), pos.kind_cells(OX));
    for ox in (pos.kind_cells(OX) & own).iter() {
        for d in 0..ORTHOGONAL {
            // A push that cannot make its first step cannot make two.
            for steps in 1..=2 {
                let Some(p) = push_span(ox, d, steps, present, occupied, oxen) else {
                    break;
                };
                let drops = if p.falls.is_empty() { 0 } else { DROPS };
                out.push(Move {
                    extra: d as u8 | drops,
                    ..Move::new(ox, p.ox_to, MoveKind::Push)
                });
            }
        }
    }
    elevator_moves(pos, out);
}

/// A pole's squares within a level's word (bit 8 y + x).
#[inline]
fn pole_squares(pole: usize) -> u64 {
    let (x, y) = (2 * (pole % 4), 2 * (pole / 4));
    0b11_0000_0011 << (x + 8 * y)
}

/// The poles next to `pole` along an elevator rank or file.
fn neighbours(pole: usize) -> impl Iterator<Item = usize> {
    let (f, r) = (pole % 4, pole / 4);
    [(f < 3, 1), (f > 0, -1), (r < 3, 4), (r > 0, -4)]
        .into_iter()
        .filter(|&(there, _)| there)
        .map(move |(_, step)| pole.wrapping_add_signed(step))
}

/// The elevator moves of the side to move: every elevator it controls
/// ("at least one piece on it AND strictly more pieces on it than the
/// opponent") up or down into an empty slot of its pole, and with the
/// Wonkavator option sideways into the empty slot of a neighbouring
/// pole at its level.
fn elevator_moves(pos: &Pos, out: &mut MoveList) {
    let us = pos.side_to_move();
    let state = pos.state();
    let sideways = super::wonkavator(pos);
    let (own, theirs) = (pos.side_cells(us), pos.side_cells(us.other()));
    // Pole by pole, the lower elevator first: plain Elevator's order.
    for pole in 0..POLES {
        let squares = pole_squares(pole);
        for level in 1..=4 {
            let mine = (level_word(own, level) & squares).count_ones();
            if mine == 0
                || mine <= (level_word(theirs, level) & squares).count_ones()
                || state.is_shaft(pole, level)
            {
                continue;
            }
            let from = elevator_cells(pole, level)[0];
            for to in [level - 1, level + 1] {
                if (1..=4).contains(&to) && state.is_shaft(pole, to) {
                    out.push(Move::new(
                        from,
                        elevator_cells(pole, to)[0],
                        MoveKind::Board,
                    ));
                }
            }
            if sideways {
                for next in neighbours(pole).filter(|&p| state.is_shaft(p, level)) {
                    out.push(Move::new(
                        from,
                        elevator_cells(next, level)[0],
                        MoveKind::Board,
                    ));
                }
            }
        }
    }
}

/// Which way an elevator moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Up,
    Down,
    /// To the next elevator file (a towards d).
    East,
    West,
    /// To the next elevator rank (1 towards 4).
    North,
    South,
}

impl Way {
    fn name(self) -> &'static str {
        match self {
            Way::Up => "up",
            Way::Down => "down",
            Way::East => "east",
            Way::West => "west",
            Way::North => "north",
            Way::South => "south",
        }
    }
}

/// An elevator move as slots: (pole, level) it leaves and enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElevatorMove {
    pub from: (usize, i32),
    pub to: (usize, i32),
}

impl ElevatorMove {
    /// The slots of a generated elevator move (from and to are the first
    /// cells of the elevator's squares there).
    pub fn of(m: Move) -> ElevatorMove {
        let slot = |c: Cell| {
            let [x, y, z] = xyz(c);
            (pole_of(x, y), z)
        };
        ElevatorMove {
            from: slot(m.from),
            to: slot(m.to),
        }
    }

    /// Whether it moves to another pole.
    pub fn is_sideways(self) -> bool {
        self.from.0 != self.to.0
    }

    pub fn way(self) -> Way {
        let ((p, l), (q, m)) = (self.from, self.to);
        match () {
            _ if m > l => Way::Up,
            _ if m < l => Way::Down,
            _ if q == p + 1 => Way::East,
            _ if q + 1 == p => Way::West,
            _ if q > p => Way::North,
            _ => Way::South,
        }
    }

    /// In a player's words: "the elevator up to level 4, with its
    /// pieces", "the elevator east to pole d4, with its pieces".
    pub fn words(self) -> String {
        let way = self.way();
        let to = match way {
            Way::Up | Way::Down => format!("level {}", self.to.1),
            _ => format!("pole {}", pole_name(self.to.0)),
        };
        format!("the elevator {} to {to}, with its pieces", way.name())
    }

    /// `E3c4U`, `E2c1D`, sideways `E3a1-a2`.
    pub fn text(self) -> String {
        let ((pole, level), (to, _)) = (self.from, self.to);
        match self.way() {
            Way::Up => format!("E{level}{}U", pole_name(pole)),
            Way::Down => format!("E{level}{}D", pole_name(pole)),
            _ => format!("E{level}{}-{}", pole_name(pole), pole_name(to)),
        }
    }
}

/// How many cells the Ox of a push move goes.
fn push_steps(m: Move) -> usize {
    let (a, b) = (xyz(m.from), xyz(m.to));
    (b[0] - a[0]).abs().max((b[1] - a[1]).abs()) as usize
}

/// The push a generated push move makes.
fn push_of(pos: &Pos, m: Move) -> Push {
    let (present, occupied) = (pos.state().present, pos.occupied());
    let (d, steps) = (push_direction(m), push_steps(m));
    push(m.from, d, steps, present, occupied, pos.kind_cells(OX)).expect("a generated push")
}

/// A push move's `extra`: its direction (an index into [`DIRECTIONS`]),
/// with this bit when it drops a piece (known when the move is generated,
/// and asked for every push a search orders).
const DROPS: u8 = 1 << 4;

/// The direction of a push move.
fn push_direction(m: Move) -> usize {
    (m.extra & !DROPS) as usize
}

/// Whether a push move drops a piece.
pub fn push_captures(m: Move) -> bool {
    m.extra & DROPS != 0
}

/// Plays an Ox push (`extra` holds the direction): fallen pieces are captured
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

/// Plays an elevator move: the elevator leaves its slot (`m.from`'s pole
/// and level) for the empty one of `m.to`, with its pieces, each keeping
/// its place on it; the slot it left becomes a shaft.
pub fn make_elevator_move(edit: &mut Edit<'_, ElevatorRules>, m: Move) -> bool {
    let ElevatorMove { from, to } = ElevatorMove::of(m);
    let (old, new) = (elevator_cells(from.0, from.1), elevator_cells(to.0, to.1));
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
    state.set_shaft(from.0, from.1, true);
    state.set_shaft(to.0, to.1, false);
    for (&o, &n) in old.iter().zip(&new) {
        state.present.remove(o);
        state.present.insert(n);
    }
    edit.xor_hash(super::shaft_key(to.0, to.1) ^ super::shaft_key(from.0, from.1));
    false
}

/// The cells where a move may change whether `by` attacks `royal`
/// (RULINGS.md §4): emptying a cell of the columns between it and a flying
/// piece on a line through it seen from above, on its level or a
/// neighbouring one (a flight changes level once, by one); and emptying or
/// filling a cell of the rank or file of its level where an enemy Ox
/// stands, whose push it may then reach. Filling a flight's cell only
/// stops it, and the other attacks are leaps.
pub fn exposure(pos: &Pos, royal: Cell, by: Side) -> Exposure<Set> {
    let l = lines();
    let [x, y, z] = xyz(royal);
    let theirs = pos.side_cells(by);
    let near = l.near(z);
    let col = (x + 8 * y) as usize;
    let mut vacate = Set::EMPTY;
    for (flyers, dirs) in flyers_by_line(pos, theirs) {
        for d in dirs {
            let ray = l.ray[col][d];
            for f in (flyers & near & ray).iter() {
                let [fx, fy, _] = xyz(f);
                let far = (fx + 8 * fy) as usize;
                vacate |= ray & !l.ray[far][d] & !l.column[far];
            }
        }
    }
    let mut fill = Set::EMPTY;
    for ox in (pos.kind_cells(OX) & theirs & l.level[z as usize]).iter() {
        let [ox_x, ox_y, _] = xyz(ox);
        if ox_y == y {
            fill |= l.rank[z as usize][y as usize];
        }
        if ox_x == x {
            fill |= l.file[z as usize][x as usize];
        }
    }
    Exposure {
        vacate: vacate | fill,
        fill,
    }
}

/// Whether a piece of `kind` on `from` may attack `royal` by the moves the
/// data cannot describe: a flying piece on one of its lines through the
/// King's column, within a level of it; an Ox on the King's rank or file
/// of its level (a push).
pub fn may_attack_from(kind: Kind, from: Cell, royal: Cell) -> bool {
    let l = lines();
    let [x, y, z] = xyz(royal);
    let [fx, fy, fz] = xyz(from);
    match kind {
        QUEEN | ROOK | BISHOP => {
            let col = (x + 8 * y) as usize;
            l.near(z).contains(from) && flyer_dirs(kind).any(|d| l.ray[col][d].contains(from))
        }
        OX => fz == z && (fx == x || fy == y),
        _ => false,
    }
}

/// Whether a push or an elevator move leaves the mover's King, on `royal`
/// and not in check, unattacked, where its `exposure` shows it must.
/// - A push changes only cells of the Ox's line on its level (its span):
///   safe when none is one of the exposure's, the King is not pushed, and
///   no enemy piece is pushed (it could land where it attacks).
/// - An elevator move changes only its poles' columns (its own, and the
///   neighbour's it moves sideways to): which cells exist and what stands
///   there. Safe when none of them is one of the exposure's or the King's
///   column (a shaft there can turn a flight onto the King), and the
///   elevator carries no enemy piece (it could arrive where it attacks).
pub fn special_is_safe(pos: &Pos, m: Move, royal: Cell, exposure: &Exposure<Set>) -> bool {
    let l = lines();
    let guarded = exposure.vacate | exposure.fill;
    let enemy = pos.side_cells(pos.side_to_move().other());
    match m.kind {
        MoveKind::Push => {
            let (present, occupied) = (pos.state().present, pos.occupied());
            let (d, steps) = (push_direction(m), push_steps(m));
            let Some(p) = push_span(m.from, d, steps, present, occupied, pos.kind_cells(OX)) else {
                return false;
            };
            !p.span.intersects(guarded | enemy) && !p.span.contains(royal)
        }
        MoveKind::Board => {
            let ElevatorMove { from, to } = ElevatorMove::of(m);
            let [kx, ky, _] = xyz(royal);
            let riders = elevator_cells(from.0, from.1)
                .iter()
                .any(|&c| enemy.contains(c));
            let changed = l.pole[from.0] | l.pole[to.0];
            !riders
                && !changed.intersects(guarded)
                && !changed.intersects(l.column[(kx + 8 * ky) as usize])
        }
        _ => false,
    }
}

/// Attacks the data cannot see, when the occupied cells are `occupied`
/// and `by`'s pieces on `removed` are gone: flying slides (which need not
/// be symmetric), and pushes by `by`'s Oxen that would drop the piece on
/// `cell` into a shaft or off the board.
pub fn special_attack(pos: &Pos, cell: Cell, by: Side, occupied: Set, removed: Set) -> bool {
    let theirs = pos.side_cells(by) & !removed;
    let present = pos.state().present;
    let l = lines();
    let [x, y, z] = xyz(cell);
    let col = (x + 8 * y) as usize;
    // A flight keeps to one line across the board and changes level at
    // most once, by one: only a flyer on a line through the cell's
    // column, within a level of it, can reach it, flying back along that
    // line. Each level is one word, and a line's squares are the same on
    // every level.
    for (flyers, dirs) in flyers_by_line(pos, theirs) {
        for level in (z - 1).max(1)..=(z + 1).min(4) {
            let word = level_word(flyers, level);
            if word == 0 {
                continue;
            }
            for d in dirs.clone() {
                let mut on_line = word & l.level_ray[col][d];
                while on_line != 0 {
                    let f = level_cell(on_line.trailing_zeros(), level);
                    if flight(f, opposite(d), present, occupied).contains(cell) {
                        return true;
                    }
                    on_line &= on_line - 1;
                }
            }
        }
    }
    let oxen = pos.kind_cells(OX) & !removed;
    for ox in (oxen & theirs & l.level[z as usize]).iter() {
        // An Ox on the cell's rank or file pushes towards it.
        for d in (0..ORTHOGONAL).filter(|&d| l.ray[col][opposite(d)].contains(ox)) {
            for steps in 1..=2 {
                if push_span(ox, d, steps, present, occupied, oxen)
                    .is_some_and(|p| p.falls.contains(cell))
                {
                    return true;
                }
            }
        }
    }
    false
}

/// The direction opposite to `d` (indices into [`DIRECTIONS`], which lists
/// each direction next to its opposite).
fn opposite(d: usize) -> usize {
    d ^ 1
}

/// Pushes as `2a1>2a3`; elevator moves as `E<level><elevator file><rank>`
/// and `U` or `D` (`E3c4U`), or sideways with the pole they go to
/// (`E3a1-a2`).
pub fn special_text(pos: &Pos, m: Move) -> String {
    let geo = &pos.tables().geo;
    match m.kind {
        MoveKind::Board => ElevatorMove::of(m).text(),
        _ => format!("{}>{}", geo.name(m.from), geo.name(m.to)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Random boards: each cell absent (a shaft, in place of a real pole's
    /// one level), empty, or holding a piece, some of them Oxen.
    fn random_sets(rng: &mut StdRng) -> (Set, Set, Set) {
        let (mut present, mut occupied, mut oxen) = (Set::EMPTY, Set::EMPTY, Set::EMPTY);
        for c in 0..256 {
            match rng.random_range(0..10) {
                0 => {}
                1..=4 => present.insert(c),
                r => {
                    present.insert(c);
                    occupied.insert(c);
                    if r == 9 {
                        oxen.insert(c);
                    }
                }
            }
        }
        (present, occupied, oxen)
    }

    /// `push_span`, the shortcut the generator, the legality shortcut and
    /// the attack test use, against `push`, which follows every piece step
    /// by step: the same pushes are possible, the Ox ends on the same
    /// cell, the same pieces fall, and the span holds every cell the push
    /// changes.
    #[test]
    fn push_span_agrees_with_push() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut pushes = [0; 3];
        for _ in 0..300 {
            let (present, occupied, oxen) = random_sets(&mut rng);
            for ox in (oxen & present).iter() {
                for d in 0..ORTHOGONAL {
                    for steps in 1..=2 {
                        let full = push(ox, d, steps, present, occupied, oxen);
                        let short = push_span(ox, d, steps, present, occupied, oxen);
                        assert_eq!(full.is_some(), short.is_some(), "{ox} {d} {steps}");
                        let (Some(p), Some(PushSpan { ox_to, span, falls })) = (full, short) else {
                            continue;
                        };
                        pushes[steps] += 1;
                        pushes[0] += p.falls.len();
                        assert_eq!(p.ox_to, ox_to);
                        let mut fell = Set::EMPTY;
                        for &c in &p.falls {
                            fell.insert(c);
                        }
                        assert_eq!(falls, fell, "{ox} {d} {steps}");
                        assert!(span.contains(ox) && span.contains(ox_to));
                        for &(from, to) in &p.moves {
                            assert!(span.contains(from) && span.contains(to));
                        }
                        for &c in &p.falls {
                            assert!(span.contains(c));
                        }
                    }
                }
            }
        }
        // Both kinds of push, and falls, were met.
        assert!(pushes.iter().all(|&n| n > 100), "{pushes:?}");
    }
}
