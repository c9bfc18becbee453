//! Polyhedron Chess (seed 004, RULINGS.md §5): five centred levels of
//! 6×6, 8×8, 10×10, 8×8 and 6×6 cells, fourteen piece types, pawns that
//! capture across levels and promote to the player's own captured pieces.
//!
//! Everything is data but the table builder's entry point: the core's
//! captured-piece pools give the promotion rule, and `promotes_on_capture`
//! the Unicorn's optional promotion after a capture.

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Area, Block, BoardDef, Choices, Component, DoubleStep, Drawing, GameDef, Mode, Notation,
    PawnDef, PieceDef, PromotionDef, RepetitionRule, StalemateRule, Zone,
};
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::{Bits, BuiltIn, Pools, Position, Rules, Sym, Tables};

/// The rules of Polyhedron Chess.
pub struct PolyhedronRules;

/// A Polyhedron Chess position.
pub type Polyhedron = Position<PolyhedronRules>;

impl Rules for PolyhedronRules {
    /// 300 cells.
    type Bits = Bits<5>;
    /// Each side's captured pieces: what its pawns and Unicorns promote to.
    type State = Pools;
}

impl BuiltIn for PolyhedronRules {
    fn tables() -> &'static Tables<Bits<5>> {
        static TABLES: OnceLock<Tables<Bits<5>>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::build(&POLYHEDRON))
    }
}

/// The farthest rank of the pawn's level for `side`, where it promotes
/// (White: C 10, B/D 9, A/E 8; Black: C 1, B/D 2, A/E 3).
const LAST_RANK: Zone = &[Area::LAST_RANK_OF_LEVEL];

/// All pawns start on global rank 3 (White) or 8 (Black), on every level.
const PAWN_START: Zone = &[Area::ranks(2, 2)];

const ORTHOGONAL: Component = Component::slide([1, 0, 0], Sym::Perms);
const DIAGONAL: Component = Component::slide([1, 1, 0], Sym::Perms);
const TRIAGONAL: Component = Component::slide([1, 1, 1], Sym::Perms);
const KNIGHT: Component = Component::leap([0, 1, 2], Sym::Perms);
const HIPPOGRIFF: Component = Component::leap([1, 1, 2], Sym::Perms);
const WYVERN: Component = Component::leap([1, 2, 2], Sym::Perms);
/// One step in each of the 26 directions.
const STEPS: [Component; 3] = [
    Component::leap([1, 0, 0], Sym::Perms),
    Component::leap([1, 1, 0], Sym::Perms),
    Component::leap([1, 1, 1], Sym::Perms),
];

/// The fourteen piece types, strongest first.
pub static PIECES: [PieceDef; 14] = [
    PieceDef {
        royal: true,
        ..PieceDef::new('K', "King", &STEPS)
    },
    PieceDef::new('Q', "Queen", &[ORTHOGONAL, DIAGONAL, TRIAGONAL]),
    PieceDef::new('D', "Dragon", &[ORTHOGONAL, TRIAGONAL]),
    PieceDef::new('F', "Favourite", &[ORTHOGONAL, DIAGONAL]),
    PieceDef::new('A', "Archbishop", &[DIAGONAL, TRIAGONAL]),
    PieceDef::new('R', "Rook", &[ORTHOGONAL]),
    PieceDef::new('B', "Bishop", &[DIAGONAL]),
    PieceDef {
        promotes_on_capture: true,
        ..PieceDef::new('U', "Unicorn", &[TRIAGONAL])
    },
    PieceDef::new('S', "Space Knight", &[KNIGHT, HIPPOGRIFF, WYVERN]),
    PieceDef::new('W', "Wyvern", &[WYVERN]),
    PieceDef::new('H', "Hippogriff", &[HIPPOGRIFF]),
    PieceDef::new('N', "Knight", &[KNIGHT]),
    // One step, or a leap of exactly two along any of the 26 directions
    // (jumping the cell between).
    PieceDef::new(
        'G',
        "Gargoyle",
        &[
            STEPS[0],
            STEPS[1],
            STEPS[2],
            Component::leap([2, 0, 0], Sym::Perms),
            Component::leap([2, 2, 0], Sym::Perms),
            Component::leap([2, 2, 2], Sym::Perms),
        ],
    ),
    PieceDef {
        resets_clock: true,
        promotes: true,
        pawn: Some(PawnDef {
            double_step: Some(DoubleStep::along(&[[0, 1, 0]], PAWN_START)),
            en_passant: true,
        }),
        // A pawn on its level's last rank would have promoted.
        forbidden: Some(LAST_RANK),
        ..PieceDef::new(
            'P',
            "Pawn",
            &[
                Component::leap([0, 1, 0], Sym::Exact).only(Mode::MoveOnly),
                // Forward diagonal on the level, forward diagonal across
                // levels, and forward triagonal.
                Component::leap([1, 1, 0], Sym::SignsXZ).only(Mode::CaptureOnly),
                Component::leap([0, 1, 1], Sym::SignsXZ).only(Mode::CaptureOnly),
                Component::leap([1, 1, 1], Sym::SignsXZ).only(Mode::CaptureOnly),
            ],
        )
    },
];

/// The game for a player (the web page's legend and summary).
const ABOUT: About = About {
    setup: "Five square levels stacked and centred: A at the bottom and E at the top are \
            6×6, B and D 8×8, and C in the middle 10×10 (300 cells). Each side has 74 \
            pieces of fourteen kinds: back ranks on levels B, C and D with Pawns in front \
            of them, and Pawns on A and E.",
    goal: "Checkmate the enemy King. Stalemate, threefold repetition, 100 plies without a \
           capture or a Pawn move, and King against King are draws. There is no castling.",
    special: &[
        "Lines run in 26 directions: orthogonal (one coordinate changes), diagonal (two \
         change alike, on a level or across levels) and triagonal (all three change).",
        "Pawns step forward on their own level and change level only by capturing.",
        "Captured pieces go to their owner's pool. A Pawn reaching the farthest rank of its \
         level must promote to a piece from its own pool; with the pool empty it cannot \
         move there.",
        "After any capture a Unicorn may promote to a piece of its pool.",
    ],
    kinds: &[
        ('K', "One step in any of the 26 directions."),
        ('Q', "Any distance orthogonally, diagonally or triagonally."),
        ('D', "Any distance orthogonally or triagonally."),
        ('F', "Any distance orthogonally or diagonally."),
        ('A', "Any distance diagonally or triagonally."),
        ('R', "Any distance orthogonally."),
        ('B', "Any distance diagonally."),
        (
            'U',
            "Any distance triagonally; may promote after a capture.",
        ),
        ('S', "Leaps as a Knight, a Hippogriff or a Wyvern."),
        (
            'W',
            "Leaps to the far corner of a 2×3×3 block: one, two and two cells along the \
               three axes.",
        ),
        (
            'H',
            "Leaps to the far corner of a 2×2×3 block: one, one and two cells along the \
               three axes.",
        ),
        (
            'N',
            "Leaps to the far corner of a 1×2×3 block: a chess Knight's leap in any plane.",
        ),
        (
            'G',
            "One step in any of the 26 directions, or a leap of exactly two along one of \
               them, over the cell between.",
        ),
        (
            'P',
            "One cell forward on its level (two from its start rank) to an empty cell; \
               captures forward onto the next file, the next level or both; takes en \
               passant; promotes from the pool.",
        ),
    ],
};

/// The game definition.
pub static POLYHEDRON: GameDef = GameDef {
    id: "polyhedron",
    name: "Polyhedron Chess",
    // The five levels A–E from the bottom (z = 0), centred on one another:
    // A and E cover x, y 2–7, B and D 1–8, C 0–9. Global files a–j are
    // x = 0–9, ranks y + 1.
    board: BoardDef::block(&[
        Block::new((2, 7), (2, 7), (0, 0)),
        Block::new((1, 8), (1, 8), (1, 1)),
        Block::new((0, 9), (0, 9), (2, 2)),
        Block::new((1, 8), (1, 8), (3, 3)),
        Block::new((2, 7), (2, 7), (4, 4)),
    ]),
    naming: Naming {
        cell: "{level}{file}{rank}",
        files: Labels::Letters("abcdefghij"),
        ranks: Labels::Numbers(1),
        levels: Labels::Letters("ABCDE"),
        spacing: 1,
        level_shift: 0,
    },
    black_mirror: [1, -1, 1],
    pieces: &PIECES,
    promotion: Some(PromotionDef::new(LAST_RANK, Choices::CapturedPool)),
    castling: &[],
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
    notation: Notation::Seed,
    move_hint: "level, file and rank of both cells, such as Cc3-Cc5, Cd3xDe4 or Dc8-Dc9=Q",
    // Levels A to E, each from its highest rank down; then side, castling,
    // en passant, clocks and the (empty) captured-piece pools.
    start: "pppppp/6/6/6/6/PPPPPP\
        |gwhuuhwg/pppppppp/8/8/8/8/PPPPPPPP/GWHUUHWG\
        |dsafqkfasd/rnbuuuubnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBUUUUBNR/DSAFQKFASD\
        |gwhuuhwg/pppppppp/8/8/8/8/PPPPPPPP/GWHUUHWG\
        |pppppp/6/6/6/6/PPPPPP w - - 0 1 -",
    about: ABOUT,
    drawing: Drawing::LEVELS,
};
