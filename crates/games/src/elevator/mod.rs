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
    About, Area, Block, BoardDef, Choices, Component, DoubleStep, Drawing, GameDef, Mode, Notation,
    OptionDef, PawnDef, PieceDef, PromotionDef, RepetitionRule, StalemateRule, Zone,
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

/// The game's own state: the layout of the elevators (which slots of the
/// poles are empty, their shafts), the cells that exist (kept with the
/// layout) and the captured-piece pools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    /// One bit per slot, bit 4 × pole + level − 1 (pole = elevator file +
    /// 4 × elevator rank, from 0): set where the slot is empty, a shaft.
    /// Plain Elevator has one per pole; with the Wonkavator option a pole
    /// may have none or several, 16 in all.
    pub shafts: u64,
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

/// Number of shafts, in every layout (RULINGS.md §4).
pub const SHAFTS: u32 = 16;

/// Bit of the Wonkavator option in `Options::game`.
pub const WONKAVATOR: u8 = 1;

/// Whether the position is played with the Wonkavator option: elevators
/// also move sideways.
#[inline]
pub fn wonkavator(pos: &Elevator) -> bool {
    pos.options().game & WONKAVATOR != 0
}

/// The bit of a slot in [`State::shafts`].
#[inline]
fn slot_bit(pole: usize, level: i32) -> u64 {
    1 << (4 * pole as i32 + level - 1)
}

impl State {
    /// Whether a pole's slot at `level` (1–4) is empty, a shaft.
    #[inline]
    pub fn is_shaft(&self, pole: usize, level: i32) -> bool {
        self.shafts & slot_bit(pole, level) != 0
    }

    /// A pole's shaft levels as bits (bit `level − 1`).
    #[inline]
    pub fn shaft_levels(&self, pole: usize) -> u8 {
        (self.shafts >> (4 * pole) & 15) as u8
    }

    /// Whether every pole has exactly one shaft, as plain Elevator's do.
    pub fn one_shaft_each(&self) -> bool {
        (0..POLES).all(|p| self.shaft_levels(p).count_ones() == 1)
    }

    /// The pole's slot at `level` becomes a shaft, or an elevator.
    #[inline]
    fn set_shaft(&mut self, pole: usize, level: i32, shaft: bool) {
        if shaft {
            self.shafts |= slot_bit(pole, level);
        } else {
            self.shafts &= !slot_bit(pole, level);
        }
    }

    /// The layout as a position-string field: elevator ranks 4 down to 1,
    /// each its files a–d, a pole written as its shaft level when it has
    /// one (`4444/2323/3232/1111`), `-` when it has none, its levels in
    /// parentheses when it has several (`(13)`).
    fn text(&self) -> String {
        (0..4)
            .rev()
            .map(|r| {
                (0..4)
                    .map(|f| pole_text(self.shaft_levels(f + 4 * r)))
                    .collect()
            })
            .collect::<Vec<String>>()
            .join("/")
    }
}

/// A pole's part of the shafts field, from its shaft levels' bits.
fn pole_text(levels: u8) -> String {
    let digits: String = (1..=4)
        .filter(|l| levels & 1 << (l - 1) != 0)
        .map(|l: u8| char::from(b'0' + l))
        .collect();
    match digits.len() {
        0 => "-".to_string(),
        1 => digits,
        _ => format!("({digits})"),
    }
}

/// Reads one elevator rank of the shafts field (`2323`, `-232`,
/// `(13)111`): each pole's shaft levels as bits, or what is wrong.
fn read_pole_group(group: &str) -> Result<[u8; 4], String> {
    let mut poles = Vec::new();
    let mut chars = group.chars();
    while let Some(ch) = chars.next() {
        let levels = match ch {
            '-' => 0,
            '(' => {
                let mut levels = 0u8;
                let mut last = 0;
                loop {
                    match chars.next() {
                        Some(')') => break,
                        Some(d @ '1'..='4') => {
                            let l = d as u8 - b'0';
                            if l <= last {
                                return Err(format!(
                                    "'{group}': the levels in parentheses must rise, each once"
                                ));
                            }
                            last = l;
                            levels |= 1 << (l - 1);
                        }
                        _ => {
                            return Err(format!(
                                "'{group}': parentheses hold shaft levels 1–4 and close with ')'"
                            ))
                        }
                    }
                }
                if levels.count_ones() < 2 {
                    return Err(format!(
                        "'{group}': parentheses are for two or more shafts in a pole; one is \
                         written as its digit"
                    ));
                }
                levels
            }
            d @ '1'..='4' => 1 << (d as u8 - b'1'),
            other => {
                return Err(format!(
                    "'{group}': '{other}' is not a shaft level 1–4, '-' or '('"
                ))
            }
        };
        poles.push(levels);
    }
    poles
        .try_into()
        .map_err(|p: Vec<u8>| format!("'{group}' names {} poles, not 4", p.len()))
}

/// A pole's name: its elevator file a–d and rank 1–4 (`c4`).
pub fn pole_name(pole: usize) -> String {
    format!("{}{}", char::from(b'a' + (pole % 4) as u8), pole / 4 + 1)
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
        if state.is_shaft(pole_of(x, y), z) {
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

    /// An elevator move: "the elevator up to level 4", "the elevator
    /// east to pole d4". Pushes are described by what they change.
    fn special_move_words(_pos: &Position<Self>, m: Move) -> Option<String> {
        (m.kind == MoveKind::Board).then(|| moves::ElevatorMove::of(m).words())
    }

    /// A push captures when a piece falls; an elevator move never does.
    fn special_is_capture(_pos: &Position<Self>, m: Move) -> bool {
        m.kind == MoveKind::Push && moves::push_captures(m)
    }

    /// `E<level><elevator file a–d><elevator rank 1–4><U|D>`, or sideways
    /// `E<level><pole>-<pole>` (`E3a1-a2`).
    fn reads_as_special_move(text: &str) -> bool {
        let b = text.as_bytes();
        let pole = |p: &[u8]| (b'a'..=b'd').contains(&p[0]) && (b'1'..=b'4').contains(&p[1]);
        let head = b.len() >= 4 && b[0] == b'E' && (b'1'..=b'4').contains(&b[1]) && pole(&b[2..4]);
        head && match b.len() {
            5 => b[4] == b'U' || b[4] == b'D',
            7 => b[4] == b'-' && pole(&b[5..7]),
            _ => false,
        }
    }

    /// Each shaft's key: the layout is part of the position.
    fn state_hash(pos: &Position<Self>) -> u64 {
        let state = pos.state();
        (0..POLES)
            .flat_map(|p| (1..=4).map(move |l| (p, l)))
            .filter(|&(p, l)| state.is_shaft(p, l))
            .fold(0, |h, (p, l)| h ^ shaft_key(p, l))
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
        let error = |why: String| PositionError::new("shafts", why);
        let groups: Vec<&str> = text.split('/').collect();
        if groups.len() != 4 {
            return Err(error(format!(
                "'{text}' is not four groups of shaft levels, elevator ranks 4 to 1 separated \
                 by '/', such as {START_SHAFTS}"
            )));
        }
        let mut state = *pos.state();
        state.shafts = 0;
        for (r, group) in (0..4).rev().zip(groups) {
            for (f, levels) in read_pole_group(group)
                .map_err(error)?
                .into_iter()
                .enumerate()
            {
                state.shafts |= u64::from(levels) << (4 * (f + 4 * r));
            }
        }
        if state.shafts.count_ones() != SHAFTS {
            return Err(error(format!(
                "'{text}' has {} shafts: there are always {SHAFTS}",
                state.shafts.count_ones()
            )));
        }
        if !state.one_shaft_each() && !wonkavator(pos) {
            return Err(error(format!(
                "'{text}' has a pole without exactly one shaft, which only the wonkavator \
                 option allows (-o wonkavator=on)"
            )));
        }
        state.present = present_cells(&state);
        *pos.state_mut() = state;
        Ok(())
    }

    /// Plain Elevator cannot go on from a layout only sideways moves make,
    /// nor in a game where they were played (taking moves back would lead
    /// to such a layout).
    fn options_refused(pos: &Position<Self>) -> Option<String> {
        if wonkavator(pos) {
            return None;
        }
        let state = pos.state();
        let sideways_played = pos
            .moves_played()
            .any(|m| m.kind == MoveKind::Board && moves::ElevatorMove::of(m).is_sideways());
        if state.shafts != 0 && !state.one_shaft_each() {
            Some(
                "a pole has no shaft or several: the elevators have moved sideways, which only \
                 the wonkavator option allows"
                    .to_string(),
            )
        } else if sideways_played {
            Some(
                "elevators moved sideways in this game, which only the wonkavator option \
                 allows (taking those moves back needs it)"
                    .to_string(),
            )
        } else {
            None
        }
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
            double_step: Some(DoubleStep::along(&[[0, 1, 0]], DOUBLE_STEP_RANKS)),
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

/// The seed's own variant (RULINGS.md §4, "Option `wonkavator`").
const OPTIONS: [OptionDef; 1] = [OptionDef {
    name: "wonkavator",
    help: "the seed's Wonkavator variant: an elevator may also move sideways, one pole along a \
           rank or file on its level, into an empty slot (off by default)",
    default: false,
}];

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
        "With the wonkavator option (the seed's own variant, off by default) an elevator you \
         control may also move sideways: one pole along a rank or file, on its level, into \
         an empty slot, with its pieces. A pole may then hold from none to four elevators; \
         a flying piece still changes level once, at the first shaft.",
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
        optional: Some(PROMOTION_ZONE),
        limits: &[],
        from_zone: false,
    }),
    castling: &[],
    options: &OPTIONS,
    has_check: true,
    bare_kings_draw: true,
    hundred_ply_rule: true,
    temple: None,
    royal_goal: None,
    shuffle: None,
    facing_lines: &[],
    stalemate: StalemateRule::Draw,
    checks_to_win: None,
    extinction: None,
    must_capture: false,
    several_royals: false,
    drops: false,
    gating: false,
    repetition: RepetitionRule::LossForMover,
    side_names: ["White", "Black"],
    side_letters: ['w', 'b'],
    notation: Notation::Seed,
    move_hint: "level, file and rank of both cells, such as 2a2-2a4, 2b3x2c4, 2c6-2c7=N, an Ox \
                push such as 2a1>2a3, or an elevator move such as E3c4U (with the wonkavator \
                option also sideways, such as E3a1-a2)",
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
