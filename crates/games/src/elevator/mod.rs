//! Elevator (Ben Good, seed 003, RULINGS.md §4): an 8×8×4 board of 16
//! poles, each carrying three 2×2 elevators and one empty level, its
//! shaft. Cells exist only on elevators. Elevators move up and down with
//! their pieces; Oxen push chains of pieces into shafts and off the board;
//! flying pieces change level once, through the first shaft they meet.
//!
//! The walking pieces, the King, the Ox's leaps and capture and the pawns
//! (double steps, en passant, optional promotion from the captured pool)
//! are data. The flying slides are special targets (plain moves the core
//! generates with the data's; `lines.rs` works them out a level at a
//! time); the Ox's pushes and the elevator moves are special moves
//! (`moves.rs`). The setup is RECONSTRUCTED (RULINGS.md §4):
//! it is the `START` string and the `START_SHAFTS` below, easy to replace.

mod lines;
mod moves;

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Area, Block, BoardDef, Choices, Component, Drawing, GameDef, Mode, Notation, PawnDef,
    PieceDef, PromotionDef, RepetitionRule, Zone,
};
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::{
    BitSet, Bits, BuiltIn, Cell, Edit, Exposure, GameState, Kind, Move, MoveKind, MoveList, Pools,
    Position, PositionError, Rules, Side, Sym, Tables,
};

/// The rules of Elevator.
pub struct ElevatorRules;

/// An Elevator position.
pub type Elevator = Position<ElevatorRules>;

/// Cell sets: 256 cells.
pub type Set = Bits<4>;

/// The kinds, in [`PIECES`] order.
pub const KING: Kind = 0;
pub const QUEEN: Kind = 1;
pub const ROOK: Kind = 2;
pub const BISHOP: Kind = 3;
pub const PRINCE: Kind = 4;
pub const KNIGHT: Kind = 5;
pub const CAMEL: Kind = 6;
pub const OX: Kind = 7;
pub const PAWN: Kind = 8;

/// The game's own state: the shaft level of every pole, the cells that
/// exist (kept with the shafts) and the captured-piece pools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    /// Two bits per pole (pole = elevator file + 4 × elevator rank, from
    /// 0): its shaft level minus one.
    pub shafts: u32,
    pub present: Set,
    pub pools: Pools,
}

impl GameState for State {
    fn pools(&self) -> Option<&Pools> {
        Some(&self.pools)
    }
    fn pools_mut(&mut self) -> Option<&mut Pools> {
        Some(&mut self.pools)
    }
}

/// Number of poles.
pub const POLES: usize = 16;

impl State {
    /// The shaft level (1–4) of a pole.
    pub fn shaft(&self, pole: usize) -> i32 {
        (self.shafts >> (2 * pole) & 3) as i32 + 1
    }

    fn set_shaft(&mut self, pole: usize, level: i32) {
        self.shafts = self.shafts & !(3 << (2 * pole)) | ((level - 1) as u32) << (2 * pole);
    }

    /// The shafts as a position-string field: elevator ranks 4 down to 1,
    /// each its files a–d as shaft levels (`4444/2323/3232/1111`).
    fn text(&self) -> String {
        (0..4)
            .rev()
            .map(|r| {
                (0..4)
                    .map(|f| char::from(b'0' + self.shaft(f + 4 * r) as u8))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// The pole of the cell at (x, y).
pub fn pole_of(x: i32, y: i32) -> usize {
    (x / 2 + 4 * (y / 2)) as usize
}

/// The four cells of a pole's elevator at `level`.
pub fn elevator_cells(pole: usize, level: i32) -> [Cell; 4] {
    let (x, y) = (2 * (pole % 4) as i32, 2 * (pole / 4) as i32);
    [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]
        .map(|[x, y]| lines::cell(x, y, level).expect("a cell of the board"))
}

/// A key for a pole's shaft at a level.
fn shaft_key(pole: usize, level: i32) -> u64 {
    let mut z = (0x454c_0000 + 4 * pole as u64 + level as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The cells that exist with these shafts.
fn present_cells(state: &State) -> Set {
    let mut set = Set::FULL;
    let t = ElevatorRules::tables();
    for c in t.geo.cells() {
        let [x, y, z] = t.geo.coord(c);
        if state.shaft(pole_of(x, y)) == z {
            set.remove(c);
        }
    }
    // Only the 256 cells of the board.
    let mut all = Set::EMPTY;
    for c in t.geo.cells() {
        all.insert(c);
    }
    set & all
}

impl Rules for ElevatorRules {
    type Bits = Set;
    type State = State;
    /// Flying slides and pushes attack in ways lines cannot show.
    const LINE_ATTACKS: bool = false;
    const SPECIAL_MOVES: bool = true;

    fn present(pos: &Position<Self>) -> Set {
        pos.state().present
    }

    /// The flying pieces: their flights change level at shafts.
    #[inline]
    fn has_special_targets(kind: Kind) -> bool {
        matches!(kind, QUEEN | ROOK | BISHOP)
    }

    fn special_targets(pos: &Position<Self>, kind: Kind, from: Cell) -> Set {
        moves::flyer_targets(pos, kind, from)
    }

    fn special_moves(pos: &Position<Self>, out: &mut MoveList) {
        moves::generate(pos, out)
    }

    fn make_special(edit: &mut Edit<'_, Self>, m: Move) -> bool {
        match m.kind {
            MoveKind::Board => moves::make_elevator_move(edit, m),
            _ => moves::make_push(edit, m),
        }
    }

    fn special_attack(
        pos: &Position<Self>,
        cell: Cell,
        by: Side,
        occupied: Set,
        removed: Set,
    ) -> bool {
        moves::special_attack(pos, cell, by, occupied, removed)
    }

    fn exposure(pos: &Position<Self>, royal: Cell, by: Side) -> Option<Exposure<Set>> {
        Some(moves::exposure(pos, royal, by))
    }

    fn may_attack_from(_pos: &Position<Self>, kind: Kind, from: Cell, royal: Cell) -> bool {
        moves::may_attack_from(kind, from, royal)
    }

    fn special_is_safe(pos: &Position<Self>, m: Move, royal: Cell, e: &Exposure<Set>) -> bool {
        moves::special_is_safe(pos, m, royal, e)
    }

    fn special_move_text(pos: &Position<Self>, m: Move) -> String {
        moves::special_text(pos, m)
    }

    /// An elevator move: "the elevator up to level 4". Pushes are described
    /// by what they change.
    fn special_move_words(pos: &Position<Self>, m: Move) -> Option<String> {
        (m.kind == MoveKind::Board).then(|| {
            let geo = &pos.tables().geo;
            let (from, to) = (geo.coord(m.from)[2], geo.coord(m.to)[2]);
            let way = if to > from { "up" } else { "down" };
            format!("the elevator {way} to level {to}, with its pieces")
        })
    }

    /// A push captures when a piece falls; an elevator move never does.
    fn special_is_capture(_pos: &Position<Self>, m: Move) -> bool {
        m.kind == MoveKind::Push && moves::push_captures(m)
    }

    /// `E<level><elevator file a–d><elevator rank 1–4><U|D>`.
    fn reads_as_special_move(text: &str) -> bool {
        let b = text.as_bytes();
        b.len() == 5
            && b[0] == b'E'
            && (b'1'..=b'4').contains(&b[1])
            && (b'a'..=b'd').contains(&b[2])
            && (b'1'..=b'4').contains(&b[3])
            && (b[4] == b'U' || b[4] == b'D')
    }

    fn state_hash(pos: &Position<Self>) -> u64 {
        (0..POLES).fold(0, |h, p| h ^ shaft_key(p, pos.state().shaft(p)))
    }

    fn write_state(pos: &Position<Self>) -> Vec<String> {
        vec![pos.state().text()]
    }

    fn read_state(pos: &mut Position<Self>, fields: &[&str]) -> Result<(), PositionError> {
        if let Some(extra) = fields.get(1) {
            return Err(PositionError::new(
                "after the last field",
                format!("unexpected '{extra}': Elevator's position string ends with the shafts"),
            ));
        }
        let text = fields.first().copied().unwrap_or(START_SHAFTS);
        let err = || {
            PositionError::new(
                "shafts",
                format!(
                    "'{text}' is not four groups of four shaft levels 1–4, elevator ranks 4 \
                     to 1, such as {START_SHAFTS}"
                ),
            )
        };
        let groups: Vec<&str> = text.split('/').collect();
        if groups.len() != 4 {
            return Err(err());
        }
        let mut state = *pos.state();
        for (r, group) in (0..4).rev().zip(groups) {
            let levels: Vec<char> = group.chars().collect();
            if levels.len() != 4 {
                return Err(err());
            }
            for (f, ch) in levels.into_iter().enumerate() {
                let level = ch
                    .to_digit(10)
                    .filter(|l| (1..=4).contains(l))
                    .ok_or_else(err)?;
                state.set_shaft(f + 4 * r, level as i32);
            }
        }
        state.present = present_cells(&state);
        *pos.state_mut() = state;
        Ok(())
    }

    /// No side can force mate: besides the Kings, at most one Bishop a
    /// side and nothing else (a lone Bishop cannot mate, as in chess, and
    /// with no Ox left it is bound to its colour). Bare Kings are the
    /// core's rule. Other small forces (a Prince moves like a King, the
    /// walking pieces add a step) are not proven unable to mate, so they
    /// play on.
    fn insufficient_material(pos: &Position<Self>) -> bool {
        let only_bishops = pos.occupied() == pos.kind_cells(KING) | pos.kind_cells(BISHOP);
        only_bishops && Side::BOTH.iter().all(|&s| pos.side_cells(s).count() <= 2)
    }
}

impl BuiltIn for ElevatorRules {
    fn tables() -> &'static Tables<Set> {
        static TABLES: OnceLock<Tables<Set>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::build(&ELEVATOR))
    }
}

const ORTHOGONAL_STEP: Component = Component::leap([1, 0, 0], Sym::PermsXY);
const DIAGONAL_STEP: Component = Component::leap([1, 1, 0], Sym::Signs);

/// Pawns start on ranks 1 and 2 (Black 8 and 7): a double step is allowed
/// from there, moved or not.
const DOUBLE_STEP_RANKS: Zone = &[Area::ranks(0, 1)];

/// Ranks 7 and 8 (Black 2 and 1).
const PROMOTION_ZONE: Zone = &[Area::ranks(6, 7)];

/// King, Queen, Rook, Bishop, Prince, Knight, Camel, Ox, Pawn. Every move
/// stays on its level; the flying pieces' slides are special targets.
pub static PIECES: [PieceDef; 9] = [
    PieceDef {
        royal: true,
        ..PieceDef::new('K', "King", &[ORTHOGONAL_STEP, DIAGONAL_STEP])
    },
    PieceDef::new('Q', "Flying Queen", &[]),
    PieceDef::new('R', "Flying Rook", &[]),
    PieceDef::new('B', "Flying Bishop", &[]),
    // One step any way, or a non-capturing leap of exactly three.
    PieceDef::new(
        'I',
        "Vaulting Prince",
        &[
            ORTHOGONAL_STEP,
            DIAGONAL_STEP,
            Component::leap([3, 0, 0], Sym::PermsXY).only(Mode::MoveOnly),
            Component::leap([3, 3, 0], Sym::Signs).only(Mode::MoveOnly),
        ],
    ),
    PieceDef::new(
        'N',
        "Walking Knight",
        &[Component::leap([1, 2, 0], Sym::PermsXY), ORTHOGONAL_STEP],
    ),
    PieceDef::new(
        'C',
        "Walking Camel",
        &[Component::leap([1, 3, 0], Sym::PermsXY), ORTHOGONAL_STEP],
    ),
    // Leaps like a Knight or exactly two cells any way, to an empty cell;
    // captures only one step diagonally. Its pushes are special moves.
    PieceDef::new(
        'O',
        "Ox",
        &[
            Component::leap([1, 2, 0], Sym::PermsXY).only(Mode::MoveOnly),
            Component::leap([2, 0, 0], Sym::PermsXY).only(Mode::MoveOnly),
            Component::leap([2, 2, 0], Sym::Signs).only(Mode::MoveOnly),
            DIAGONAL_STEP.only(Mode::CaptureOnly),
        ],
    ),
    PieceDef {
        resets_clock: true,
        promotes: true,
        pawn: Some(PawnDef {
            double_step: Some(([0, 1, 0], DOUBLE_STEP_RANKS)),
            en_passant: true,
        }),
        ..PieceDef::new(
            'P',
            "Pawn",
            &[
                Component::leap([0, 1, 0], Sym::Exact).only(Mode::MoveOnly),
                Component::leap([1, 0, 0], Sym::SignsX).only(Mode::MoveOnly),
                Component::leap([1, 1, 0], Sym::SignsX).only(Mode::CaptureOnly),
            ],
        )
    },
];

/// The shafts of the RECONSTRUCTED setup (RULINGS.md §4), elevator ranks 4
/// down to 1, files a–d.
pub const START_SHAFTS: &str = "4444/2323/3232/1111";

/// The game for a player (the web page's legend and summary).
const ABOUT: About = About {
    setup: "An 8×8 board on four levels made of elevators: each 2×2 block of squares rides \
            a pole that holds three elevators and one empty level, its shaft. Each side has \
            48 pieces on levels 2 to 4 (White) or 1 to 3 (Black). The rules' own setup \
            diagram is lost: this one is rebuilt from what their text fixes (the White King \
            on 2e1, an Ox on 2a1 behind a Pawn, Black's opening elevator move E3c4U).",
    goal: "Checkmate the enemy King. The player whose move repeats a position for the third \
           time loses. Stalemate, 100 plies without a capture or a Pawn move, and Kings with \
           at most one Bishop each are draws.",
    special: &[
        "Instead of moving a piece, move an elevator you control (more pieces on it than \
         your opponent) one level up or down into its pole's shaft, with every piece on it.",
        "Pieces stay on their level unless an elevator carries them, except the flying \
         Queen, Rook and Bishop.",
        "An Ox pushes: moving one or two squares along a rank or file, it shifts the chain \
         of pieces ahead; a piece pushed off the board or into a shaft is captured.",
        "Promotion is optional: a Pawn ending its move on its 7th or 8th rank may become one \
         of its player's captured pieces.",
    ],
    kinds: &[
        (
            'K',
            "One square in any of the eight directions on its level.",
        ),
        (
            'Q',
            "Any distance along a rank, file or diagonal; on reaching a shaft it must \
               change level there, once, and go on in the same direction.",
        ),
        (
            'R',
            "Any distance along a rank or file, changing level once at the first shaft.",
        ),
        (
            'B',
            "Any distance along a diagonal, changing level once at the first shaft.",
        ),
        (
            'I',
            "One square in any direction, or a leap of exactly three squares along a \
               rank, file or diagonal to an empty square.",
        ),
        (
            'N',
            "A Knight's leap or one square along a rank or file, over pieces and shafts.",
        ),
        (
            'C',
            "A Camel's leap (three squares one way, one the other) or one square along a \
               rank or file.",
        ),
        (
            'O',
            "Leaps like a Knight or two squares in any direction to an empty square; \
               captures one square diagonally; pushes along a rank or file.",
        ),
        (
            'P',
            "One square forward or sideways to an empty square (two forward from its \
               first two ranks); captures one square diagonally forward; takes en passant.",
        ),
    ],
};

/// The game definition.
pub static ELEVATOR: GameDef = GameDef {
    id: "elevator",
    name: "Elevator",
    // Every cell of the 8×8×4 board, levels 1–4; which exist depends on
    // the shafts.
    board: BoardDef::block(&[Block::new((0, 7), (0, 7), (1, 4))]),
    naming: Naming {
        cell: "{level}{file}{rank}",
        files: Labels::Letters("abcdefgh"),
        ranks: Labels::Numbers(1),
        levels: Labels::Numbers(0),
        spacing: 1,
        level_shift: 0,
    },
    black_mirror: [1, -1, 1],
    pieces: &PIECES,
    promotion: Some(PromotionDef {
        zone: PROMOTION_ZONE,
        choices: Choices::CapturedPool,
        optional: true,
    }),
    castling: &[],
    options: &[],
    has_check: true,
    bare_kings_draw: true,
    temple: None,
    repetition: RepetitionRule::LossForMover,
    side_names: ["White", "Black"],
    side_letters: ['w', 'b'],
    notation: Notation::Seed,
    move_hint: "level, file and rank of both cells, such as 2a2-2a4, 2b3x2c4, 2c6-2c7=N, an Ox \
                push such as 2a1>2a3, or an elevator move such as E3c4U",
    // RECONSTRUCTED (RULINGS.md §4). Levels 1 to 4, each from rank 8 down
    // (shaft cells are listed, empty); side, castling, en passant, clocks,
    // the pools, and the shafts.
    start: "rcboobcr/pppppppp/8/8/8/8/8/8\
        |rnciicnr/pppppppp/8/8/8/8/PPPPPPPP/ONBQKBNO\
        |onbqkbno/pppppppp/8/8/8/8/PPPPPPPP/RNCIICNR\
        |8/8/8/8/8/8/PPPPPPPP/RCBOOBCR w - - 0 1 - 4444/2323/3232/1111",
    about: ABOUT,
    drawing: Drawing {
        level_height: 2.2,
        base_level: 1,
        ..Drawing::LEVELS
    },
};
