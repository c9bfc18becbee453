//! Star Trek 3-D Chess, Federation Revised Standard (seed 002, RULINGS.md
//! §3): three fixed main boards and four attack boards that move between
//! twelve pins, upright or inverted.
//!
//! Every move is a chess move seen from above that may end on any level of
//! the target column. Kings, Knights and the pawns' single steps and
//! captures are data (a 2-D vector with every level difference). The
//! sliders, whose paths follow the path rule, the pawns' double steps and
//! the rook-pawn moves are special targets, plain moves the core generates
//! with the data's; en passant and the attack-board moves are special
//! moves (`moves.rs`). The geometry, compiled per configuration of the
//! boards, and the path rule are `board.rs`; the state (boards, owners,
//! unmoved pawns, en passant) is `state.rs`. Legality: `exposure` and
//! `special_is_safe` say which moves need no test (docs/ARCHITECTURE.md).

pub mod board;
mod moves;
mod state;

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Area, BoardDef, CastleDef, Choices, Component, Drawing, GameDef, Mode, Notation,
    OptionDef, PieceDef, PromotionDef, RepetitionRule, StalemateRule, Zone,
};
use chess3d_core::{
    BuiltIn, Cell, Edit, Exposure, Kind, Move, MoveKind, MoveList, Piece, Position, PositionError,
    Rules, Side, Sym, Tables,
};

use board::{Board, Set};
pub use state::{State, PAWN_STARTS};

/// The rules of Star Trek 3-D Chess.
pub struct StarTrekRules;

/// A Star Trek position.
pub type StarTrek = Position<StarTrekRules>;

/// The kinds, in [`PIECES`] order.
pub const KING: Kind = 0;
pub const QUEEN: Kind = 1;
pub const ROOK: Kind = 2;
pub const BISHOP: Kind = 3;
pub const KNIGHT: Kind = 4;
pub const PAWN: Kind = 5;

/// Bit of the rook-pawn option in `Options::game`.
pub const ROOK_PAWN: u8 = 1;

impl Rules for StarTrekRules {
    /// 144 cells.
    type Bits = Set;
    type State = State;
    /// Slides follow the path rule, so legality is tested by making moves.
    const LINE_ATTACKS: bool = false;
    const SPECIAL_MOVES: bool = true;

    fn present(pos: &Position<Self>) -> Set {
        pos.state().present
    }

    /// The sliders, whose moves follow the path rule, and the pawns'
    /// double steps and rook-pawn moves.
    #[inline]
    fn has_special_targets(kind: Kind) -> bool {
        matches!(kind, QUEEN | ROOK | BISHOP | PAWN)
    }

    fn special_targets(pos: &Position<Self>, kind: Kind, from: Cell) -> Set {
        match kind {
            PAWN => moves::pawn_targets(pos, from),
            _ => moves::slider_targets(pos, kind, from),
        }
    }

    fn special_moves(pos: &Position<Self>, out: &mut MoveList) {
        moves::generate(pos, out)
    }

    fn make_special(edit: &mut Edit<'_, Self>, m: Move) -> bool {
        moves::make_board_move(edit, m)
    }

    fn after_make(edit: &mut Edit<'_, Self>, m: Move, captured: Piece) {
        moves::after_make(edit, m, captured)
    }

    const AFTER_TURN: bool = true;

    fn after_turn(edit: &mut Edit<'_, Self>, m: Move) {
        moves::after_turn(edit, m)
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

    fn may_attack_from(pos: &Position<Self>, kind: Kind, from: Cell, royal: Cell) -> bool {
        moves::may_attack_from(pos, kind, from, royal)
    }

    fn special_is_safe(_pos: &Position<Self>, m: Move, _royal: Cell, e: &Exposure<Set>) -> bool {
        moves::board_move_is_safe(m, e)
    }

    fn special_move_text(pos: &Position<Self>, m: Move) -> String {
        moves::board_move_text(pos, m)
    }

    fn special_move_words(pos: &Position<Self>, m: Move) -> Option<String> {
        (m.kind == MoveKind::Board).then(|| moves::board_move_words(pos, m))
    }

    /// `L<slot>-<slot>`, with a promotion suffix or not.
    fn reads_as_special_move(text: &str) -> bool {
        let text = match text.rsplit_once('=') {
            Some((move_text, promo)) if ["Q", "R", "B", "N"].contains(&promo) => move_text,
            _ => text,
        };
        text.strip_prefix('L')
            .and_then(|t| t.split_once('-'))
            .is_some_and(|(a, b)| board::parse_slot(a).is_some() && board::parse_slot(b).is_some())
    }

    fn why_special_move_not(pos: &Position<Self>, text: &str) -> Option<String> {
        moves::why_board_move_not(pos, text)
    }

    fn state_hash(pos: &Position<Self>) -> u64 {
        pos.state().hash()
    }

    fn write_state(pos: &Position<Self>) -> Vec<String> {
        state::write(pos)
    }

    fn read_state(pos: &mut Position<Self>, fields: &[&str]) -> Result<(), PositionError> {
        state::read(pos, fields)
    }

    fn en_passant_victim(pos: &Position<Self>, _m: Move) -> Cell {
        pos.state()
            .ep
            .expect("en passant is offered only after a double step")
    }
}

impl BuiltIn for StarTrekRules {
    fn tables() -> &'static Tables<Set> {
        static TABLES: OnceLock<Tables<Set>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::build(&STARTREK))
    }
}

/// The board compiled against the game's cells.
pub fn the_board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| Board::build(&StarTrekRules::tables().geo))
}

/// `N` leaps of the 2-D vector (x, y) with every level difference 0–6
/// (the symmetry gives both signs).
const fn any_level<const N: usize>(x: i32, y: i32, sym: Sym, mode: Mode) -> [Component; N] {
    let mut out = [Component::leap([x, y, 0], sym).only(mode); N];
    let mut k = 0;
    while k < N {
        out[k] = Component::leap([x, y, k as i32], sym).only(mode);
        k += 1;
    }
    out
}

/// Two lists of components as one.
const fn join<const A: usize, const B: usize, const N: usize>(
    a: [Component; A],
    b: [Component; B],
) -> [Component; N] {
    let mut out = [a[0]; N];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

/// One step to any of the eight neighbouring columns, any level.
const KING_MOVES: [Component; 14] = join(
    any_level::<7>(1, 0, Sym::PermsXY, Mode::Both),
    any_level::<7>(1, 1, Sym::Signs, Mode::Both),
);
const KNIGHT_MOVES: [Component; 7] = any_level(1, 2, Sym::PermsXY, Mode::Both);
/// A step one rank forward, same file, to an empty square of any level
/// (both signs of the level change); a capture one rank forward and one
/// file sideways, any level. Black's are mirrored (`black_mirror`).
const PAWN_MOVES: [Component; 14] = join(
    any_level::<7>(0, 1, Sym::SignsXZ, Mode::MoveOnly),
    any_level::<7>(1, 1, Sym::SignsXZ, Mode::CaptureOnly),
);

/// The promotion ranks, 8 and 9 from each side's own end (White 8 and 9,
/// Black 1 and 0), where a pawn never stands.
const PROMOTION_ZONE: Zone = &[Area::ranks(8, 9)];

/// King, Queen, Rook, Bishop, Knight, Pawn (the order of the constants
/// above). The sliders' moves are special targets.
pub static PIECES: [PieceDef; 6] = [
    PieceDef {
        royal: true,
        ..PieceDef::new('K', "King", &KING_MOVES)
    },
    PieceDef::new('Q', "Queen", &[]),
    PieceDef::new('R', "Rook", &[]),
    PieceDef::new('B', "Bishop", &[]),
    PieceDef::new('N', "Knight", &KNIGHT_MOVES),
    PieceDef {
        resets_clock: true,
        promotes: true,
        forbidden: Some(PROMOTION_ZONE),
        ..PieceDef::new('P', "Pawn", &PAWN_MOVES)
    },
];

/// Castling (RULINGS.md §3): King side, King and Rook swap squares; Queen
/// side, with the Queen's square empty, the King goes there and the Rook
/// to the King's square. The King must not be in check before or after:
/// only its start is a cell that must be safe (nothing between is
/// passed), and the move is tested like any other.
const CASTLING: [CastleDef; 4] = [
    CastleDef::new(
        Side::White,
        'K',
        "O-O",
        ["e0(3)", "f0(3)", "f0(3)", "e0(3)"],
        &[],
        &["e0(3)"],
    ),
    CastleDef::new(
        Side::White,
        'Q',
        "O-O-O",
        ["e0(3)", "b0(3)", "a0(3)", "e0(3)"],
        &[],
        &["e0(3)"],
    ),
    CastleDef::new(
        Side::Black,
        'k',
        "O-O",
        ["e9(7)", "f9(7)", "f9(7)", "e9(7)"],
        &[],
        &["e9(7)"],
    ),
    CastleDef::new(
        Side::Black,
        'q',
        "O-O-O",
        ["e9(7)", "b9(7)", "a9(7)", "e9(7)"],
        &[],
        &["e9(7)"],
    ),
];

const OPTIONS: [OptionDef; 1] = [OptionDef {
    name: "rook-pawn",
    help: "pawns on files a and f may also step one file inward (two on their first move) and \
           capture one file inward and one rank back (on by default)",
    default: true,
}];

/// The game for a player (the web page's legend and summary).
const ABOUT: About = About {
    setup: "Three fixed 4×4 main boards at levels 2, 4 and 6, each two ranks further on than \
            the one below, and four movable 2×2 attack boards on pins at their corners. \
            Each side has the chess army; the Kings, Queens, Rooks and four Pawns start on \
            the attack boards.",
    goal: "Checkmate the enemy King. Stalemate, threefold repetition, 100 plies without a \
           capture or a Pawn move, and King against King are draws.",
    special: &[
        "Every move is a chess move seen from above; it may end on any level of the target \
         column. Rooks, Bishops and Queens are blocked only where every square of a column \
         on their path is occupied.",
        "Instead of moving a piece, move an attack board you own that is empty or carries \
         only one piece, one of your Pawns: turn it over in place or move it to a \
         neighbouring pin.",
        "A board passes to the other side when a capture removes its owner's last piece on \
         it.",
        "Castling: on the King's side King and Rook swap; on the Queen's side the King goes \
         to the Queen's square and the Rook to the King's.",
        "Pawns promote on the last two ranks, to a Queen, Rook, Bishop or Knight.",
        "With the rook-pawn option (on by default) a Pawn on file a or f may also step one \
         file inward and capture one file inward and one rank back.",
    ],
    kinds: &[
        (
            'K',
            "One square in any direction seen from above, to any level.",
        ),
        (
            'Q',
            "Any distance along a rank, file or diagonal seen from above, to any level.",
        ),
        (
            'R',
            "Any distance along a rank or file seen from above, to any level.",
        ),
        (
            'B',
            "Any distance along a diagonal seen from above, to any level.",
        ),
        (
            'N',
            "A Knight's leap seen from above, to any level, never blocked.",
        ),
        (
            'P',
            "One rank forward (two if it has not moved) to an empty square, or captures one \
               rank forward and one file sideways, on any level; takes en passant.",
        ),
    ],
};

/// The game definition.
pub static STARTREK: GameDef = GameDef {
    id: "startrek",
    name: "Star Trek 3-D Chess (Federation Revised Standard)",
    board: BoardDef::block(&board::BLOCKS),
    naming: board::NAMING,
    black_mirror: [1, -1, 1],
    pieces: &PIECES,
    promotion: Some(PromotionDef::new(
        PROMOTION_ZONE,
        Choices::Fixed(&['Q', 'R', 'B', 'N']),
    )),
    castling: &CASTLING,
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
    repetition: RepetitionRule::Draw,
    side_names: ["White", "Black"],
    side_letters: ['w', 'b'],
    notation: Notation::Seed,
    move_hint: "file, rank and level of both squares, such as b2(2)-b4(2), c4(4)xc5(6), \
                e7(6)-e8(6)=Q, O-O, or an attack-board move such as Lb1(2)-b3(4) or \
                Lb3(4)-b3(4)i",
    // Levels 1 to 7, each from its highest rank down, every cell that can
    // exist on it (a level's attack-board squares count whether a board is
    // there or not); then side, castling, en passant (always '-': the
    // game's own is the last field), clocks, the boards, the moved pawns
    // and the pawn that may be taken en passant.
    start: "4/4/4/4|4/4/PPPP/NBBN|4/4/4/4/4/4/PPPP/RQKR|4/4/4/4|4/4/4/4/4/4/4/4\
        |nbbn/pppp/4/4|rqkr/pppp/4/4 w KQkq - 0 1 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -",
    about: ABOUT,
    drawing: Drawing {
        // The attack boards are also drawn out from the main boards (the
        // page's scene).
        level_height: 1.1,
        ..Drawing::LEVELS
    },
};
