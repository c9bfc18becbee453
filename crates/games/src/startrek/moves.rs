//! The moves the data cannot describe (RULINGS.md §3): slides under the
//! path rule, pawn double steps and the rook-pawn moves (as target sets),
//! en passant onto any empty square of the skipped column, and
//! attack-board moves; what every move changes in the state (ownership,
//! unmoved pawns, en passant); the attacks of the sliders and of the rook
//! pawns' backward capture; and the cells a move must avoid to need no
//! legality test (`exposure`, `board_move_is_safe`, `may_attack_from`).

use chess3d_core::{
    BitSet, Cell, Edit, Exposure, Kind, Move, MoveKind, MoveList, Piece, Position, Side,
};

use super::board::{
    column, slot, slot_inverted, slot_name, slot_pin, Set, PINS, PIN_NEIGHBOURS, SLOTS,
};
use super::state::{board_key, ep_key, unmoved_key};
use super::{the_board, StarTrekRules, BISHOP, KNIGHT, PAWN, QUEEN, ROOK, ROOK_PAWN};

type Pos = Position<StarTrekRules>;

/// The promotion choices, as for a pawn that moves itself.
const PROMOTIONS: [Kind; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Rank step forward for `side`.
fn forward(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

/// The directions (indices into [`DIRECTIONS`](super::board::DIRECTIONS))
/// a slider of `kind` moves in.
fn slider_dirs(kind: Kind) -> std::ops::Range<usize> {
    match kind {
        ROOK => 0..4,
        BISHOP => 4..8,
        _ => 0..8,
    }
}

/// The squares a slider (Queen, Rook or Bishop) of `kind` on `from`
/// reaches under the path rule, empty or not.
pub fn slider_targets(pos: &Pos, kind: Kind, from: Cell) -> Set {
    let b = the_board();
    let state = pos.state();
    let free = state.present & !pos.occupied();
    slider_dirs(kind).fold(Set::EMPTY, |reach, d| {
        reach | b.reach(from, d, state.boards, free)
    })
}

fn rook_pawn_rule(pos: &Pos) -> bool {
    pos.options().game & ROOK_PAWN != 0
}

/// The existing squares of the column at (x, y), if it is on the board.
fn column_squares(pos: &Pos, x: i32, y: i32) -> Set {
    column(x, y).map_or(Set::EMPTY, |col| {
        the_board().column_sets[col] & pos.state().present
    })
}

/// The squares a pawn of the side to move on `from` reaches by the moves
/// the data cannot describe (RULINGS.md §3): its double step under the
/// path rule while unmoved, and with the rook-pawn rule, from file a or f,
/// its step one file inward (two while unmoved) and its capture one file
/// inward and one rank back. All are plain moves.
pub fn pawn_targets(pos: &Pos, from: Cell) -> Set {
    let us = pos.side_to_move();
    let theirs = pos.side_cells(us.other());
    let free = pos.state().present & !pos.occupied();
    let unmoved = pos.state().unmoved.contains(from);
    let [x, y, _] = pos.tables().geo.coord(from);
    let fwd = forward(us);
    let mut targets = Set::EMPTY;
    if unmoved {
        targets |= path_step(pos, from, (x, y + fwd), (x, y + 2 * fwd), free);
    }
    if rook_pawn_rule(pos) && (x == 0 || x == 5) {
        let inward = if x == 0 { 1 } else { -1 };
        targets |= column_squares(pos, x + inward, y) & free;
        if unmoved {
            targets |= path_step(pos, from, (x + inward, y), (x + 2 * inward, y), free);
        }
        targets |= column_squares(pos, x + inward, y - fwd) & theirs;
    }
    targets
}

/// Appends the special moves of the side to move (pseudo-legal) but the
/// sliders' and the pawns' ([`slider_targets`], [`pawn_targets`]): en
/// passant and attack-board moves.
pub fn generate(pos: &Pos, out: &mut MoveList) {
    if let Some(victim) = pos.state().ep {
        en_passant_moves(pos, victim, out);
    }
    board_moves(pos, out);
}

/// The en-passant captures of the pawn on `victim` by the side to move: a
/// pawn on its rank and a neighbouring file (any level) lands on any empty
/// square of the column it skipped.
fn en_passant_moves(pos: &Pos, victim: Cell, out: &mut MoveList) {
    let geo = &pos.tables().geo;
    let us = pos.side_to_move();
    let [vx, vy, _] = geo.coord(victim);
    let landing = column_squares(pos, vx, vy + forward(us)) & !pos.occupied();
    for from in (pos.kind_cells(PAWN) & pos.side_cells(us)).iter() {
        let [x, y, _] = geo.coord(from);
        if y == vy && (x - vx).abs() == 1 {
            for to in landing.iter() {
                out.push(Move::new(from, to, MoveKind::EnPassant));
            }
        }
    }
}

/// Whether the side to move can take the pawn on `victim` en passant with
/// a legal move, the state offering it.
fn en_passant_is_legal(pos: &mut Pos, victim: Cell) -> bool {
    let mut captures = MoveList::new();
    en_passant_moves(pos, victim, &mut captures);
    captures.iter().any(|&m| pos.is_legal_by_make(m))
}

/// The squares of a two-square pawn step over the column `mid` to any
/// empty square of the column `target`, where the path rule lets it pass.
fn path_step(pos: &Pos, from: Cell, mid: (i32, i32), target: (i32, i32), free: Set) -> Set {
    let b = the_board();
    let (Some(mid), Some(target)) = (column(mid.0, mid.1), column(target.0, target.1)) else {
        return Set::EMPTY;
    };
    let boards = pos.state().boards;
    let skipped = b.column_state(mid, boards);
    let mut targets = Set::EMPTY;
    for to in (b.column_state(target, boards).squares & free).iter() {
        let ceiling = b.path_index[from as usize].max(b.path_index[to as usize]);
        if skipped.lets_pass(ceiling as usize, free) {
            targets.insert(to);
        }
    }
    targets
}

/// The slot whose first cell is `cell` (how board moves name slots).
fn slot_of_first(cell: Cell) -> usize {
    let b = the_board();
    (0..SLOTS)
        .find(|&s| b.slot_cells[s][0] == cell)
        .expect("a board move names slots by their first cell")
}

/// What stands on the board on `slot`: `None` if it cannot move (an enemy
/// piece, a piece that is not a pawn, or two pieces), else the index of
/// its one pawn, if any.
fn movable_load(pos: &Pos, slot: usize, us: Side) -> Option<Option<usize>> {
    let cells = the_board().slot_cells[slot];
    let mut load = None;
    for (i, &c) in cells.iter().enumerate() {
        let p = pos.piece_at(c);
        if p.is_empty() {
            continue;
        }
        if p != Piece::new(us, PAWN) || load.is_some() {
            return None;
        }
        load = Some(i);
    }
    Some(load)
}

/// Attack-board moves: a board the mover owns, empty or carrying one of
/// its pawns, inverts in place or moves to a neighbouring pin in either
/// orientation, onto a free slot.
fn board_moves(pos: &Pos, out: &mut MoveList) {
    let b = the_board();
    let state = pos.state();
    let us = pos.side_to_move();
    for s in (0..SLOTS).filter(|&s| state.has_board(s) && state.owner(s) == us) {
        let Some(load) = movable_load(pos, s, us) else {
            continue;
        };
        let pin = slot_pin(s);
        let targets = std::iter::once(s ^ 1).chain(
            PIN_NEIGHBOURS[pin]
                .iter()
                .flat_map(|&q| [slot(q, false), slot(q, true)]),
        );
        for target in targets.filter(|&t| !state.has_board(t)) {
            let m = Move::new(b.slot_cells[s][0], b.slot_cells[target][0], MoveKind::Board);
            let zone = pos.tables().promotion_zone[us.index()];
            let promotes = load.is_some_and(|i| zone.contains(b.slot_cells[target][i]));
            if promotes {
                for k in PROMOTIONS {
                    out.push(Move {
                        promotion: Some(k),
                        ..m
                    });
                }
            } else {
                out.push(m);
            }
        }
    }
}

/// Why the attack-board move `text` (`L<slot>-<slot>`) is not legal, by
/// the rules `board_moves` follows; `None` when it is not one, or when
/// these rules allow it (the King's safety then decides).
pub fn why_board_move_not(pos: &Pos, text: &str) -> Option<String> {
    let text = text.split_once('=').map_or(text, |(t, _)| t);
    let (from, to) = text.strip_prefix('L')?.split_once('-')?;
    let (from_name, to_name) = (from, to);
    let (from, to) = (
        super::board::parse_slot(from)?,
        super::board::parse_slot(to)?,
    );
    let state = pos.state();
    let us = pos.side_to_move();
    let side_name = |side: Side| pos.tables().def.side_names[side.index()];
    if !state.has_board(from) {
        return Some(format!("there is no attack board on {from_name}"));
    }
    if state.owner(from) != us {
        return Some(format!(
            "the attack board on {from_name} is {}'s: {} moves only its own",
            side_name(state.owner(from)),
            side_name(us)
        ));
    }
    if movable_load(pos, from, us).is_none() {
        return Some(format!(
            "the attack board on {from_name} moves only empty or carrying one {} Pawn",
            side_name(us)
        ));
    }
    if to == from {
        return Some(format!("the attack board is on {from_name} already"));
    }
    if state.has_board(to) {
        let pin = to_name.trim_end_matches('i');
        return Some(format!("the pin {pin} already holds an attack board"));
    }
    let neighbour = to == from ^ 1 || PIN_NEIGHBOURS[slot_pin(from)].contains(&slot_pin(to));
    (!neighbour).then(|| {
        format!(
            "an attack board moves to a neighbouring pin, and {to_name} is not next to {from_name}"
        )
    })
}

/// Plays an attack-board move: the board changes slot, its pawn (if any)
/// rides at the same place of the 2×2, counts as moved and promotes on a
/// promotion rank. Resets the 100-ply counter when it carries a pawn.
pub fn make_board_move(edit: &mut Edit<'_, StarTrekRules>, m: Move) -> bool {
    let b = the_board();
    let (from, to) = (slot_of_first(m.from), slot_of_first(m.to));
    let state = *edit.position().state();
    let owner = state.owner(from);
    let rider = b.slot_cells[from]
        .iter()
        .position(|&c| !edit.position().piece_at(c).is_empty());
    let piece = rider.map(|i| (i, edit.take(b.slot_cells[from][i])));
    {
        let s = edit.state_mut();
        s.boards ^= 1 << from | 1 << to;
        if owner == Side::Black {
            s.black ^= 1 << from | 1 << to;
        }
        s.present = s.present & !b.slot_sets[from] | b.slot_sets[to];
    }
    edit.xor_hash(board_key(from, owner) ^ board_key(to, owner));
    if let Some((i, pawn)) = piece {
        let old = b.slot_cells[from][i];
        if state.unmoved.contains(old) {
            edit.state_mut().unmoved.remove(old);
            edit.xor_hash(unmoved_key(old));
        }
        let placed = m.promotion.map_or(pawn, |k| Piece::new(pawn.side(), k));
        edit.put(b.slot_cells[to][i], placed);
    }
    piece.is_some()
}

/// After every move: a capture that takes the last piece of a board's
/// owner from it gives the board to the capturer; the pawns on the cells
/// the move touched are no longer unmoved; an en passant offered by the
/// previous move lapses.
pub fn after_make(edit: &mut Edit<'_, StarTrekRules>, m: Move, captured: Piece) {
    let b = the_board();
    let state = *edit.position().state();
    if !captured.is_empty() {
        let at = match m.kind {
            MoveKind::EnPassant => state.ep.expect("en passant needs a victim"),
            _ => m.to,
        };
        let holder = (0..SLOTS).find(|&s| state.has_board(s) && b.slot_sets[s].contains(at));
        if let Some(s) = holder {
            let owner = state.owner(s);
            let pos = edit.position();
            let left = b.slot_cells[s].iter().any(|&c| {
                let p = pos.piece_at(c);
                !p.is_empty() && p.side() == owner
            });
            if captured.side() == owner && !left {
                edit.state_mut().black ^= 1 << s;
                edit.xor_hash(board_key(s, owner) ^ board_key(s, owner.other()));
            }
        }
    }
    if m.kind != MoveKind::Board {
        let mut touched = Set::single(m.from) | Set::single(m.to);
        if m.kind == MoveKind::EnPassant {
            touched.insert(state.ep.expect("en passant needs a victim"));
        }
        for c in (touched & state.unmoved).iter() {
            edit.state_mut().unmoved.remove(c);
            edit.xor_hash(unmoved_key(c));
        }
    }
    if let Some(old) = state.ep {
        edit.state_mut().ep = None;
        edit.xor_hash(ep_key(old));
    }
}

/// After a double step, with the opponent to move: en passant is offered
/// when a legal capture exists; otherwise the position is the same as one
/// reached without the double step (as FIDE's rule for repetition).
pub fn after_turn(edit: &mut Edit<'_, StarTrekRules>, m: Move) {
    let pos = edit.position();
    let mover = pos.side_to_move().other();
    if m.kind != MoveKind::Normal || pos.piece_at(m.to) != Piece::new(mover, PAWN) {
        return;
    }
    let geo = &pos.tables().geo;
    let (a, z) = (geo.coord(m.from), geo.coord(m.to));
    if a[0] != z[0] || (a[1] - z[1]).abs() != 2 {
        return;
    }
    edit.state_mut().ep = Some(m.to);
    let mut captures = MoveList::new();
    en_passant_moves(edit.position(), m.to, &mut captures);
    if captures.iter().any(|&c| edit.is_legal(c)) {
        edit.xor_hash(ep_key(m.to));
    } else {
        edit.state_mut().ep = None;
    }
}

/// Offers en passant on the pawn on `victim` (a position being read) when
/// the side to move has a legal capture.
pub fn offer_en_passant(pos: &mut Pos, victim: Cell) {
    pos.state_mut().ep = Some(victim);
    if !en_passant_is_legal(pos, victim) {
        pos.state_mut().ep = None;
    }
}

/// The cells whose emptying may open an attack on `royal` by `by`'s
/// sliders (RULINGS.md §3): the columns between it and each slider on a
/// line through it seen from above (any levels). Filling a square only
/// closes paths, and every other attack is a leap: nothing else.
pub fn exposure(pos: &Pos, royal: Cell, by: Side) -> Exposure<Set> {
    let b = the_board();
    let theirs = pos.side_cells(by);
    let queens = pos.kind_cells(QUEEN) & theirs;
    let along = (pos.kind_cells(ROOK) & theirs) | queens;
    let diagonal = (pos.kind_cells(BISHOP) & theirs) | queens;
    let col = b.column_of[royal as usize] as usize;
    let mut vacate = Set::EMPTY;
    for (d, &ray) in b.ray_sets[col].iter().enumerate() {
        let sliders = ray & if d < 4 { along } else { diagonal };
        for s in sliders.iter() {
            vacate |= b.between(col, d, b.column_of[s as usize] as usize);
        }
    }
    Exposure {
        vacate,
        fill: Set::EMPTY,
    }
}

/// Whether a piece of `kind` on `from` may attack `royal` by the moves the
/// data cannot describe: a slider on one of its lines through the King's
/// column, a pawn on file a or f with the rook-pawn rule (its backward
/// capture).
pub fn may_attack_from(pos: &Pos, kind: Kind, from: Cell, royal: Cell) -> bool {
    let b = the_board();
    match kind {
        QUEEN | ROOK | BISHOP => {
            let col = b.column_of[royal as usize] as usize;
            slider_dirs(kind).any(|d| b.ray_sets[col][d].contains(from))
        }
        PAWN => {
            let x = pos.tables().geo.coord(from)[0];
            rook_pawn_rule(pos) && (x == 0 || x == 5)
        }
        _ => false,
    }
}

/// Whether a board move leaves the mover's King unattacked, where the
/// King's `exposure` shows it must: the board carries at most one of the
/// mover's pawns, so it changes only which squares of its two slots'
/// columns exist and what stands there. Outside the columns between the
/// King and a slider on its lines, that opens no path.
pub fn board_move_is_safe(m: Move, exposure: &Exposure<Set>) -> bool {
    let b = the_board();
    let columns = b.slot_columns[slot_of_first(m.from)] | b.slot_columns[slot_of_first(m.to)];
    !columns.intersects(exposure.vacate)
}

/// Attacks the data cannot see, when the occupied cells are `occupied` and
/// `by`'s pieces on `removed` are gone: the sliders' walks under the path
/// rule, and the rook pawns' backward capture (with the rule on).
pub fn special_attack(pos: &Pos, cell: Cell, by: Side, occupied: Set, removed: Set) -> bool {
    let b = the_board();
    let theirs = pos.side_cells(by) & !removed;
    let queens = pos.kind_cells(QUEEN) & theirs;
    let along = (pos.kind_cells(ROOK) & theirs) | queens;
    let diagonal = (pos.kind_cells(BISHOP) & theirs) | queens;
    let state = pos.state();
    let free = state.present & !occupied;
    // Only the lines with a slider on them are walked, from the cell: a
    // walk keeps to its line across the board, whatever levels it passes,
    // and the path rule is the same both ways.
    let col = b.column_of[cell as usize] as usize;
    for (d, &ray) in b.ray_sets[col].iter().enumerate() {
        let sliders = ray & if d < 4 { along } else { diagonal };
        if !sliders.is_empty() && b.reach(cell, d, state.boards, free).intersects(sliders) {
            return true;
        }
    }
    let [x0, y0, _] = pos.tables().geo.coord(cell);
    if rook_pawn_rule(pos) {
        let pawns = pos.kind_cells(PAWN) & theirs;
        // A pawn on file a (f) takes one file inward and one rank back.
        for (file, inward) in [(0, 1), (5, -1)] {
            if x0 == file + inward
                && (column_squares(pos, file, y0 + forward(by)) & pawns).count() > 0
            {
                return true;
            }
        }
    }
    false
}

/// An attack-board move as text: `Lb1(2)-b3(4)`, `Lb3(4)-b3(4)i`, with
/// `=Q` when the carried pawn promotes.
pub fn board_move_text(pos: &Pos, m: Move) -> String {
    let mut s = format!(
        "L{}-{}",
        slot_name(slot_of_first(m.from)),
        slot_name(slot_of_first(m.to))
    );
    if let Some(k) = m.promotion {
        s.push('=');
        s.push(pos.tables().kinds[k as usize].def.letter);
    }
    s
}

/// A board move in words: "the attack board to pin b3(4), inverted", "the
/// attack board turned over", with the carried pawn's promotion.
pub fn board_move_words(pos: &Pos, m: Move) -> String {
    let (from, to) = (slot_of_first(m.from), slot_of_first(m.to));
    let orientation = |s: usize| {
        if slot_inverted(s) {
            "inverted"
        } else {
            "upright"
        }
    };
    let mut s = if slot_pin(from) == slot_pin(to) {
        format!("the attack board turned over ({})", orientation(to))
    } else {
        format!(
            "the attack board to pin {}, {}",
            PINS[slot_pin(to)].name,
            orientation(to)
        )
    };
    if let Some(k) = m.promotion {
        s += &format!(
            ", its Pawn promoting to {}",
            pos.tables().kinds[k as usize].def.name
        );
    }
    s
}
