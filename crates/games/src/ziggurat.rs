//! Ziggurat Three Dimensional Chess (seed 000, RULINGS.md §1): an
//! eight-level pyramid of 204 squares, each level offset by half a square
//! from the one below; orthodox chess on level 0 and six piece types that
//! move between levels but never give check.
//!
//! Cells use RULINGS.md's doubled coordinates: file index i, rank index j
//! on level k is (2i + k, 2j + k, k). Every movement is then a fixed
//! vector, so the whole game is data; the only code is the dead-position
//! rule and the table switch of the wide-promotion option.

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Area, BecomesDef, Block, BoardDef, CastleDef, Choices, Component, DoubleStep, Drawing,
    GameDef, Mode, Notation, OptionDef, PawnDef, PieceDef, PromotionDef, RepetitionRule,
    StalemateRule, Zone,
};
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::{BitSet, Bits, BuiltIn, Position, Rules, Side, Sym, Tables};

/// The rules of Ziggurat Three Dimensional Chess.
pub struct ZigguratRules;

/// A Ziggurat position.
pub type Ziggurat = Position<ZigguratRules>;

impl Rules for ZigguratRules {
    /// 204 cells.
    type Bits = Bits<4>;
    type State = ();

    fn tables_for(
        _current: &'static Tables<Bits<4>>,
        game_options: u8,
    ) -> &'static Tables<Bits<4>> {
        if game_options & WIDE_PROMOTION == 0 {
            return <Self as BuiltIn>::tables();
        }
        static WIDE: OnceLock<Tables<Bits<4>>> = OnceLock::new();
        WIDE.get_or_init(|| Tables::build(&ZIGGURAT_WIDE))
    }

    /// A dead position: no piece on the board can ever give check (only
    /// the orthodox types do, and a Guard can become a Pawn), so neither
    /// side can win.
    fn insufficient_material(pos: &Position<Self>) -> bool {
        let t = pos.tables();
        t.kinds.iter().enumerate().all(|(k, info)| {
            let can_check = (info.def.gives_check && !info.def.royal) || info.def.becomes.is_some();
            !can_check || pos.kind_cells(k as u8).is_empty()
        })
    }
}

impl BuiltIn for ZigguratRules {
    fn tables() -> &'static Tables<Bits<4>> {
        static TABLES: OnceLock<Tables<Bits<4>>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::build(&ZIGGURAT))
    }
}

/// Bit of the wide-promotion option in `Options::game`.
const WIDE_PROMOTION: u8 = 1;

/// Level 0's last rank for `side` (rank 8 for White, 1 for Black; doubled
/// coordinates, 14 from its own end).
const PROMOTION_RANK: Zone = &[Area::ranks(14, 14).on_levels(0, 0)];

/// A pawn's start: level-0 rank 2 (White) or 7 (Black).
const PAWN_START: Zone = &[Area::ranks(2, 2).on_levels(0, 0)];

const ABOVE_LEVEL_0: Zone = &[Area::levels(1, i32::MAX)];

const ON_LEVEL_0: Zone = &[Area::levels(0, 0)];

/// A pawn stays on level 0 and never stands on its first or last rank.
const PAWN_FORBIDDEN: Zone = &[
    Area::levels(1, i32::MAX),
    Area::ranks(0, 0),
    Area::ranks(14, 14),
];

// The directions of RULINGS.md §1 in doubled coordinates.
/// Rank and file on a level.
const RANK_FILE: Component = Component::slide([2, 0, 0], Sym::PermsXY);
/// Diagonals of a level.
const LEVEL_DIAGONAL: Component = Component::slide([2, 2, 0], Sym::Signs);
/// Rank, file and column (two levels at a time).
const RANK_FILE_COLUMN: Component = Component::slide([2, 0, 0], Sym::Perms);
/// Diagonals in every plane: of a level, and rank or file with column.
const ANY_DIAGONAL: Component = Component::slide([2, 2, 0], Sym::Perms);
/// The eight transverses (one level at a time).
const TRANSVERSE: Component = Component::slide([1, 1, 1], Sym::Perms);

/// Level 0's six types give check; the other six never do.
const fn no_check(piece: PieceDef) -> PieceDef {
    PieceDef {
        gives_check: false,
        ..piece
    }
}

/// The orthodox types, confined to level 0.
const fn level_0(piece: PieceDef) -> PieceDef {
    PieceDef {
        forbidden: Some(ABOVE_LEVEL_0),
        ..piece
    }
}

/// King, Queen, Rook, Bishop, Knight, Pawn, then the higher levels' types.
pub static PIECES: [PieceDef; 12] = [
    level_0(PieceDef {
        royal: true,
        ..PieceDef::new(
            'K',
            "King",
            &[
                Component::leap([2, 0, 0], Sym::PermsXY),
                Component::leap([2, 2, 0], Sym::Signs),
            ],
        )
    }),
    level_0(PieceDef::new('Q', "Queen", &[RANK_FILE, LEVEL_DIAGONAL])),
    level_0(PieceDef::new('R', "Rook", &[RANK_FILE])),
    level_0(PieceDef::new('B', "Bishop", &[LEVEL_DIAGONAL])),
    level_0(PieceDef::new(
        'N',
        "Knight",
        &[Component::leap([4, 2, 0], Sym::PermsXY)],
    )),
    PieceDef {
        resets_clock: true,
        promotes: true,
        pawn: Some(PawnDef {
            double_step: Some(DoubleStep::along(&[[0, 2, 0]], PAWN_START)),
            en_passant: true,
        }),
        forbidden: Some(PAWN_FORBIDDEN),
        ..PieceDef::new(
            'P',
            "Pawn",
            &[
                Component::leap([0, 2, 0], Sym::Exact).only(Mode::MoveOnly),
                Component::leap([2, 2, 0], Sym::SignsX).only(Mode::CaptureOnly),
            ],
        )
    },
    no_check(PieceDef::new(
        'W',
        "Wizard",
        &[RANK_FILE_COLUMN, ANY_DIAGONAL, TRANSVERSE],
    )),
    no_check(PieceDef::new('A', "Ballista", &[RANK_FILE_COLUMN])),
    no_check(PieceDef::new('C', "Cardinal", &[TRANSVERSE])),
    // A 3-D knight within its level parity: (4,2,0) in every order.
    no_check(PieceDef::new(
        'L',
        "Paladin",
        &[Component::leap([4, 2, 0], Sym::Perms)],
    )),
    // Two transverse steps and one more at an angle: 32 leaps.
    no_check(PieceDef::new(
        'F',
        "Falcon",
        &[
            Component::leap([3, 1, 1], Sym::PermsXY),
            Component::leap([3, 1, 3], Sym::PermsXY),
        ],
    )),
    // Forward on its level to an empty square; captures forward-diagonally
    // on its level or transversely down and forward. On level 0 it is a
    // Pawn.
    no_check(PieceDef {
        resets_clock: true,
        forbidden: Some(ON_LEVEL_0),
        becomes: Some(BecomesDef {
            zone: ON_LEVEL_0,
            letter: 'P',
        }),
        ..PieceDef::new(
            'G',
            "Guard",
            &[
                Component::leap([0, 2, 0], Sym::Exact).only(Mode::MoveOnly),
                Component::leap([2, 2, 0], Sym::SignsX).only(Mode::CaptureOnly),
                Component::leap([1, 1, -1], Sym::SignsX).only(Mode::CaptureOnly),
            ],
        )
    }),
];

/// FIDE castling on level 0.
const CASTLING: [CastleDef; 4] = [
    CastleDef::new(
        Side::White,
        'K',
        "O-O",
        ["0e1", "0g1", "0h1", "0f1"],
        &[],
        &["0e1", "0f1", "0g1"],
    ),
    CastleDef::new(
        Side::White,
        'Q',
        "O-O-O",
        ["0e1", "0c1", "0a1", "0d1"],
        &["0b1"],
        &["0e1", "0d1", "0c1"],
    ),
    CastleDef::new(
        Side::Black,
        'k',
        "O-O",
        ["0e8", "0g8", "0h8", "0f8"],
        &[],
        &["0e8", "0f8", "0g8"],
    ),
    CastleDef::new(
        Side::Black,
        'q',
        "O-O-O",
        ["0e8", "0c8", "0a8", "0d8"],
        &["0b8"],
        &["0e8", "0d8", "0c8"],
    ),
];

/// The option of RULINGS.md §1: promotion to any of nine types.
const OPTIONS: [OptionDef; 1] = [OptionDef {
    name: "wide-promotion",
    help: "pawns promote to Wizard, Cardinal, Ballista, Falcon, Paladin, Queen, Rook, \
           Bishop or Knight (default: Queen, Knight or Wizard)",
    default: false,
}];

/// The game for a player (the web page's legend and summary).
const ABOUT: About = About {
    setup: "Eight levels stacked into a pyramid, from level 0, an 8×8 chessboard, up to the \
            single square of level 7; each level is one square narrower than the one below \
            and set half a square in (204 squares). Each side has 42 pieces: a chess army on \
            level 0 and Wizards, Ballistas, Cardinals, Paladins, Falcons and Guards on \
            levels 1 and 2.",
    goal: "Checkmate the enemy King. Only the six level-0 kinds (King, Queen, Rook, Bishop, \
           Knight, Pawn) give check; the higher-level kinds cannot capture the King, but \
           they may block a check or capture the checking piece. Stalemate, threefold \
           repetition, 100 plies without a capture or a Pawn or Guard move, and positions \
           where no piece can ever give check are draws.",
    special: &[
        "The six level-0 kinds never leave level 0; the other kinds move through the whole \
         pyramid.",
        "A column joins squares two levels apart: the square two levels up stands exactly \
         over it.",
        "Castling and en passant are as in chess, on level 0; pieces on level 1 never block \
         them.",
        "A Pawn reaching the last rank of level 0 becomes a Queen, a Knight or a Wizard.",
        "A Guard that captures down onto level 0 becomes a Pawn at once.",
    ],
    kinds: &[
        ('K', "One square along a rank, file or diagonal of level 0."),
        (
            'Q',
            "Any distance along a rank, file or diagonal of level 0.",
        ),
        ('R', "Any distance along a rank or file of level 0."),
        ('B', "Any distance along a diagonal of level 0."),
        ('N', "A chess Knight's leap on level 0."),
        (
            'P',
            "A chess Pawn on level 0: one square forward (two from its first rank), \
               captures one square diagonally forward, takes en passant, promotes on the \
               last rank.",
        ),
        (
            'W',
            "Any distance along every line of the pyramid: ranks, files and diagonals of a \
               level, columns, diagonals through the levels and transverses. Gives no check.",
        ),
        (
            'A',
            "Any distance along a rank, a file or a column (two levels a step), so it \
               keeps to every other level. Gives no check.",
        ),
        (
            'C',
            "Any distance along a transverse: each step goes one level up or down, to one \
               of the four squares touching its square's corners. Gives no check.",
        ),
        (
            'L',
            "A Knight's leap in any two of rank, file and column: two steps one way and one \
             the other, a column step being two levels. Gives no check.",
        ),
        (
            'F',
            "Leaps two transverse steps, then one more transverse step turned left or \
               right, up or down. Gives no check.",
        ),
        (
            'G',
            "One square forward on its level to an empty square; captures one square \
               diagonally forward on its level, or down and forward onto the level below; \
               becomes a Pawn on reaching level 0. Gives no check.",
        ),
    ],
};

/// The game with the default promotion set.
const DEF: GameDef = GameDef {
    id: "ziggurat",
    name: "Ziggurat Three Dimensional Chess",
    // Doubled coordinates: level k's squares stand at 2i + k, above the
    // corners where the four squares below meet; it has 8 - k files and
    // ranks.
    board: BoardDef::block(&[
        Block::new((0, 14), (0, 14), (0, 0)).every(2),
        Block::new((1, 13), (1, 13), (1, 1)).every(2),
        Block::new((2, 12), (2, 12), (2, 2)).every(2),
        Block::new((3, 11), (3, 11), (3, 3)).every(2),
        Block::new((4, 10), (4, 10), (4, 4)).every(2),
        Block::new((5, 9), (5, 9), (5, 5)).every(2),
        Block::new((6, 8), (6, 8), (6, 6)).every(2),
        Block::new((7, 7), (7, 7), (7, 7)).every(2),
    ]),
    naming: Naming {
        cell: "{level}{file}{rank}",
        files: Labels::Letters("abcdefgh"),
        ranks: Labels::Numbers(1),
        levels: Labels::Numbers(0),
        spacing: 2,
        level_shift: 1,
    },
    black_mirror: [1, -1, 1],
    pieces: &PIECES,
    promotion: Some(PromotionDef::new(
        PROMOTION_RANK,
        Choices::Fixed(&['Q', 'N', 'W']),
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
    move_hint: "level, file and rank of both squares, such as 0e2-0e4, 0e4x0d5, 2c1-4c1, \
                0a7-0a8=Q or O-O",
    // Levels 0 to 7, each from its highest rank down; then side, castling,
    // en passant and clocks.
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\
        |falwlaf/ggggggg/7/7/7/GGGGGGG/FALWLAF\
        |laccal/gggggg/6/6/GGGGGG/LACCAL\
        |5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w KQkq - 0 1",
    about: ABOUT,
    drawing: Drawing {
        // Each level one step up, half a square in from the one below.
        unit: 0.5,
        level_height: 1.1,
        ..Drawing::LEVELS
    },
};

/// The game definition (default options).
pub static ZIGGURAT: GameDef = DEF;

/// The game with the wide-promotion option.
static ZIGGURAT_WIDE: GameDef = GameDef {
    promotion: Some(PromotionDef::new(
        PROMOTION_RANK,
        Choices::Fixed(&['W', 'C', 'A', 'F', 'L', 'Q', 'R', 'B', 'N']),
    )),
    ..DEF
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pyramid_has_204_squares_and_each_level_sits_half_a_square_in() {
        let t = ZigguratRules::tables();
        assert_eq!(t.len(), 204); // 64+49+36+25+16+9+4+1
        let geo = &t.geo;
        // A column: each level is inset by half a square, so two levels
        // up from 0b2 is the corner square 2a1.
        let up2 = geo.offset(geo.parse_cell("0b2").unwrap(), [0, 0, 2]);
        assert_eq!(up2.map(|c| geo.name(c)), Some("2a1"));
        assert_eq!(geo.name(geo.cell_at([7, 7, 7]).unwrap()), "7a1");
    }
}
