//! Star Trek's own state: where the attack boards are and who owns them,
//! which pawns have never moved, and its en passant; their hash keys and
//! their position-string fields.

use chess3d_core::{BitSet, Cell, Piece, Position, PositionError, Side};

use super::board::{parse_slot, slot_name, Set, SLOTS};
use super::{the_board, StarTrekRules, PAWN};

/// The game's own state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    /// Bit per slot: the slot holds an attack board.
    pub boards: u32,
    /// Bit per slot: the board there is Black's (a subset of `boards`).
    pub black: u32,
    /// Pawns that have never moved (being carried by a board counts as a
    /// move): they may double-step.
    pub unmoved: Set,
    /// The pawn that has just double-stepped, when an enemy pawn stands
    /// where it could take it en passant.
    pub ep: Option<Cell>,
    /// The cells that exist now: the main squares and the squares of every
    /// board (kept with `boards`).
    pub present: Set,
}

impl chess3d_core::GameState for State {}

impl State {
    /// The owner of the board on `slot`.
    pub fn owner(&self, slot: usize) -> Side {
        if self.black >> slot & 1 == 1 {
            Side::Black
        } else {
            Side::White
        }
    }

    pub fn has_board(&self, slot: usize) -> bool {
        self.boards >> slot & 1 == 1
    }

    /// The hash of the state from scratch; moves keep it in step with the
    /// same keys.
    pub fn hash(&self) -> u64 {
        let mut h = 0;
        for s in 0..SLOTS {
            if self.has_board(s) {
                h ^= board_key(s, self.owner(s));
            }
        }
        for c in self.unmoved.iter() {
            h ^= unmoved_key(c);
        }
        if let Some(c) = self.ep {
            h ^= ep_key(c);
        }
        h
    }
}

/// SplitMix64, for keys fixed at compile time.
const fn mix(i: u64) -> u64 {
    let mut z = i
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0x5851_f42d_4c95_7f2d);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A board on `slot` owned by `owner`.
pub fn board_key(slot: usize, owner: Side) -> u64 {
    mix(0x5354_0000 + (2 * slot + owner.index()) as u64)
}

/// A pawn on `cell` that has never moved.
pub fn unmoved_key(cell: Cell) -> u64 {
    mix(0x5355_0000 + cell as u64)
}

/// The pawn on `cell` may be taken en passant.
pub fn ep_key(cell: Cell) -> u64 {
    mix(0x5356_0000 + cell as u64)
}

/// Where each side's pawns start (RULINGS.md §3): only a pawn here can
/// still be unmoved.
pub const PAWN_STARTS: [[&str; 8]; 2] = [
    [
        "a1(3)", "b1(3)", "e1(3)", "f1(3)", "b2(2)", "c2(2)", "d2(2)", "e2(2)",
    ],
    [
        "a8(7)", "b8(7)", "e8(7)", "f8(7)", "b7(6)", "c7(6)", "d7(6)", "e7(6)",
    ],
];

type Pos = Position<StarTrekRules>;

/// Pawns of `side` on their own start squares.
fn pawns_at_home(pos: &Pos, side: Side) -> Set {
    let geo = &pos.tables().geo;
    let mut set = Set::EMPTY;
    for name in PAWN_STARTS[side.index()] {
        let c = geo.parse_cell(name).expect("a start square");
        if pos.piece_at(c) == Piece::new(side, PAWN) {
            set.insert(c);
        }
    }
    set
}

/// The fields after the common six: the boards (`b1(2):w,…`, by slot), the
/// pawns on their start squares that have moved (`-` if none), and the pawn
/// that may be taken en passant (`-` if none).
pub fn write(pos: &Pos) -> Vec<String> {
    let s = pos.state();
    let geo = &pos.tables().geo;
    let boards: Vec<String> = (0..SLOTS)
        .filter(|&slot| s.has_board(slot))
        .map(|slot| {
            let owner = if s.owner(slot) == Side::White {
                'w'
            } else {
                'b'
            };
            format!("{}:{owner}", slot_name(slot))
        })
        .collect();
    let home = pawns_at_home(pos, Side::White) | pawns_at_home(pos, Side::Black);
    let moved: Vec<&str> = (home & !s.unmoved).iter().map(|c| geo.name(c)).collect();
    vec![
        boards.join(","),
        if moved.is_empty() {
            "-".to_string()
        } else {
            moved.join(",")
        },
        s.ep.map_or("-".to_string(), |c| geo.name(c).to_string()),
    ]
}

/// The four boards of the start.
const START_BOARDS: &str = "b1(2):w,e1(2):w,b8(6):b,e8(6):b";

/// Reads the fields written by [`write`]. Left out, they are the start's
/// boards, no pawn moved, and no en passant.
pub fn read(pos: &mut Pos, fields: &[&str]) -> Result<(), PositionError> {
    if let Some(extra) = fields.get(3) {
        return Err(PositionError::new(
            "after the last field",
            format!(
                "unexpected '{extra}': Star Trek's position string ends with the en-passant pawn"
            ),
        ));
    }
    read_boards(pos, fields.first().copied().unwrap_or(START_BOARDS))?;
    read_moved(pos, fields.get(1).copied().unwrap_or("-"))?;
    read_ep(pos, fields.get(2).copied().unwrap_or("-"))
}

fn read_boards(pos: &mut Pos, text: &str) -> Result<(), PositionError> {
    let err = |m: String| PositionError::new("attack boards", m);
    let (mut boards, mut black) = (0u32, 0u32);
    for item in text.split(',') {
        let (slot, owner) = item.split_once(':').ok_or_else(|| {
            err(format!(
                "'{item}' is not pin:owner, such as b1(2):w or b3(4)i:b"
            ))
        })?;
        let slot = parse_slot(slot).ok_or_else(|| {
            err(format!(
                "'{slot}' is not a pin (b1(2), e1(2), b4(2), … e8(6), with i if inverted)"
            ))
        })?;
        let owner = match owner {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(err(format!("'{owner}' is not an owner ('w' or 'b')"))),
        };
        if boards >> slot & 1 == 1 {
            return Err(err(format!("two boards on {}", slot_name(slot))));
        }
        boards |= 1 << slot;
        if owner == Side::Black {
            black |= 1 << slot;
        }
    }
    if boards.count_ones() != 4 {
        return Err(err(format!(
            "{} boards given, the game has 4",
            boards.count_ones()
        )));
    }
    let b = the_board();
    let mut present = b.main;
    for slot in 0..SLOTS {
        if boards >> slot & 1 == 1 {
            present |= b.slot_sets[slot];
        }
    }
    let state = pos.state_mut();
    state.boards = boards;
    state.black = black;
    state.present = present;
    Ok(())
}

fn read_moved(pos: &mut Pos, text: &str) -> Result<(), PositionError> {
    let home = pawns_at_home(pos, Side::White) | pawns_at_home(pos, Side::Black);
    let mut unmoved = home;
    if text != "-" {
        let geo = &pos.tables().geo;
        for name in text.split(',') {
            let c = geo
                .parse_cell(name)
                .filter(|&c| home.contains(c))
                .ok_or_else(|| {
                    PositionError::new(
                        "moved pawns",
                        format!("'{name}' is not a pawn on its own side's start square"),
                    )
                })?;
            if !unmoved.contains(c) {
                return Err(PositionError::new(
                    "moved pawns",
                    format!("{name} is listed twice"),
                ));
            }
            unmoved.remove(c);
        }
    }
    pos.state_mut().unmoved = unmoved;
    Ok(())
}

fn read_ep(pos: &mut Pos, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let err = |m: String| PositionError::new("en passant", m);
    let geo = &pos.tables().geo;
    let mover = pos.side_to_move().other();
    let c = geo
        .parse_cell(text)
        .ok_or_else(|| err(format!("'{text}' is not a square (or '-')")))?;
    let [x, y, _] = geo.coord(c);
    // The pawn double-stepped from one of its side's start squares in its
    // file, two ranks back, which it left empty, over a column that exists.
    let back = if mover == Side::White { -1 } else { 1 };
    let origin_left = PAWN_STARTS[mover.index()].iter().any(|name| {
        let start = geo.parse_cell(name).expect("a start square");
        let [sx, sy, _] = geo.coord(start);
        sx == x && sy == y + 2 * back && pos.piece_at(start).is_empty()
    });
    let skipped_exists = super::board::column(x, y + back)
        .is_some_and(|col| !(the_board().column_sets[col] & pos.state().present).is_empty());
    if pos.piece_at(c) != Piece::new(mover, PAWN) || !origin_left || !skipped_exists {
        return Err(err(format!(
            "{text} does not hold a {} pawn that can just have made a double step",
            pos.tables().def.side_names[mover.index()]
        )));
    }
    // Kept only if a legal capture exists: otherwise the position is the
    // same as without it.
    super::moves::offer_en_passant(pos, c);
    Ok(())
}
