//! Standard chess (RULINGS.md §6): the validation and benchmark game.
//!
//! Nothing here is code but the table builder's entry point: chess is pure
//! data on the same core as the 3-D games, so its perft speed measures theirs.

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Area, Block, BoardDef, CastleDef, Choices, Component, DoubleStep, Drawing, GameDef,
    Mode, Notation, PawnDef, PieceDef, PromotionDef, RepetitionRule, StalemateRule, Zone,
};
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::{Bits, BuiltIn, Position, Rules, Side, Sym, Tables};

/// The rules of standard chess.
pub struct ChessRules;

/// A chess position.
pub type Chess = Position<ChessRules>;

impl Rules for ChessRules {
    type Bits = Bits<1>;
    type State = ();
}

impl BuiltIn for ChessRules {
    fn tables() -> &'static Tables<Bits<1>> {
        static TABLES: OnceLock<Tables<Bits<1>>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::build(&CHESS))
    }
}

const ROOK_LINES: Component = Component::slide([1, 0, 0], Sym::PermsXY);
const BISHOP_LINES: Component = Component::slide([1, 1, 0], Sym::Signs);

/// A pawn's start: each side's second rank (index 1 from its own end).
const PAWN_START: Zone = &[Area::ranks(1, 1)];

/// Both first ranks, where a pawn never stands.
const BACK_RANKS: Zone = &[Area::ranks(0, 0), Area::ranks(7, 7)];

/// Each side's last rank.
const LAST_RANK: Zone = &[Area::ranks(7, 7)];

/// The six orthodox pieces. Ziggurat's level 0 uses the same movements.
pub static PIECES: [PieceDef; 6] = [
    PieceDef {
        royal: true,
        ..PieceDef::new(
            'K',
            "King",
            &[
                Component::leap([1, 0, 0], Sym::PermsXY),
                Component::leap([1, 1, 0], Sym::Signs),
            ],
        )
    },
    PieceDef::new('Q', "Queen", &[ROOK_LINES, BISHOP_LINES]),
    PieceDef::new('R', "Rook", &[ROOK_LINES]),
    PieceDef::new('B', "Bishop", &[BISHOP_LINES]),
    PieceDef::new('N', "Knight", &[Component::leap([1, 2, 0], Sym::PermsXY)]),
    PieceDef {
        resets_clock: true,
        promotes: true,
        pawn: Some(PawnDef {
            double_step: Some(DoubleStep::along(&[[0, 1, 0]], PAWN_START)),
            en_passant: true,
        }),
        forbidden: Some(BACK_RANKS),
        ..PieceDef::new(
            'P',
            "Pawn",
            &[
                Component::leap([0, 1, 0], Sym::Exact).only(Mode::MoveOnly),
                Component::leap([1, 1, 0], Sym::SignsX).only(Mode::CaptureOnly),
            ],
        )
    },
];

/// The game for a player (the web page's legend and summary).
const ABOUT: About = About {
    setup: "The 8×8 board with sixteen pieces a side: King, Queen, two Rooks, two Bishops, \
            two Knights and eight Pawns.",
    goal: "Checkmate the enemy King. Stalemate, threefold repetition, 100 plies without a \
           capture or a Pawn move, and King against King are draws.",
    special: &[
        "Castling: the King moves two squares toward an unmoved Rook, which jumps over it, \
         when the squares between are empty and the King is not in check and does not \
         cross an attacked square.",
        "En passant: a Pawn that has just made a double step may be taken by an enemy Pawn \
         beside it as if it had moved one square.",
        "Promotion: a Pawn reaching the last rank becomes a Queen, Rook, Bishop or Knight.",
    ],
    kinds: &[
        ('K', "One square in any direction."),
        ('Q', "Any distance along a rank, file or diagonal."),
        ('R', "Any distance along a rank or file."),
        ('B', "Any distance along a diagonal."),
        (
            'N',
            "Leaps two squares one way and one square sideways, over anything between.",
        ),
        (
            'P',
            "One square forward (two from its first rank) to an empty square; captures one \
               square diagonally forward.",
        ),
    ],
};

/// The game definition.
pub static CHESS: GameDef = GameDef {
    id: "chess",
    name: "Chess",
    board: BoardDef::block(&[Block::new((0, 7), (0, 7), (0, 0))]),
    naming: Naming {
        cell: "{file}{rank}",
        files: Labels::Letters("abcdefgh"),
        ranks: Labels::Numbers(1),
        levels: Labels::Blank,
        spacing: 1,
        level_shift: 0,
    },
    black_mirror: [1, -1, 1],
    pieces: &PIECES,
    promotion: Some(PromotionDef::new(
        LAST_RANK,
        Choices::Fixed(&['Q', 'R', 'B', 'N']),
    )),
    castling: &[
        CastleDef::new(
            Side::White,
            'K',
            "O-O",
            ["e1", "g1", "h1", "f1"],
            &[],
            &["e1", "f1", "g1"],
        ),
        CastleDef::new(
            Side::White,
            'Q',
            "O-O-O",
            ["e1", "c1", "a1", "d1"],
            &["b1"],
            &["e1", "d1", "c1"],
        ),
        CastleDef::new(
            Side::Black,
            'k',
            "O-O",
            ["e8", "g8", "h8", "f8"],
            &[],
            &["e8", "f8", "g8"],
        ),
        CastleDef::new(
            Side::Black,
            'q',
            "O-O-O",
            ["e8", "c8", "a8", "d8"],
            &["b8"],
            &["e8", "d8", "c8"],
        ),
    ],
    options: &[],
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
    notation: Notation::Uci,
    move_hint: "UCI coordinates such as e2e4 or e7e8q",
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    about: ABOUT,
    drawing: Drawing {
        elevation: 55.0,
        ..Drawing::LEVELS
    },
};
