//! Ziggurat (Glenn Overby, seed 001, RULINGS.md §2): a stepped board of 43
//! squares with the temple g5 on top, Red against Gold. There is no check:
//! a captured Priest-King loses, a Priest-King on the temple wins, and a
//! side without a legal move draws.
//!
//! Everything is data. The Archer's shot is the core's `Mode::Shoot`; the
//! end of the game is the core's rule for games without check and its
//! temple cell.

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Block, BoardDef, Component, Drawing, GameDef, Mode, Notation, PieceDef, RepetitionRule,
    StalemateRule,
};
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::{Bits, BuiltIn, Position, Rules, Sym, Tables};

/// The rules of the 43-square Ziggurat.
pub struct Ziggurat43Rules;

/// A 43-square Ziggurat position.
pub type Ziggurat43 = Position<Ziggurat43Rules>;

impl Rules for Ziggurat43Rules {
    /// 43 cells.
    type Bits = Bits<1>;
    type State = ();
}

impl BuiltIn for Ziggurat43Rules {
    fn tables() -> &'static Tables<Bits<1>> {
        static TABLES: OnceLock<Tables<Bits<1>>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::build(&ZIGGURAT43))
    }
}

/// One step along a rank or a file.
const ORTHOGONAL_STEP: Component = Component::leap([1, 0, 0], Sym::PermsXY);

/// Five piece types. Vectors are Red's; Gold's are mirrored left to right
/// (`black_mirror`), which turns the Spearman toward the a-file.
pub static PIECES: [PieceDef; 5] = [
    PieceDef {
        royal: true,
        ..PieceDef::new(
            'K',
            "Priest-King",
            &[ORTHOGONAL_STEP, Component::leap([1, 1, 0], Sym::Signs)],
        )
    },
    PieceDef::new('H', "Horse", &[Component::leap([1, 2, 0], Sym::PermsXY)]),
    // One or two squares straight, jumping the middle one.
    PieceDef::new(
        'C',
        "Chariot",
        &[ORTHOGONAL_STEP, Component::leap([2, 0, 0], Sym::PermsXY)],
    ),
    // Steps only to an empty square; shoots the first piece on a diagonal
    // if it is an enemy, staying where it is.
    PieceDef::new(
        'A',
        "Archer",
        &[
            ORTHOGONAL_STEP.only(Mode::MoveOnly),
            Component::slide([1, 1, 0], Sym::Signs).only(Mode::Shoot),
        ],
    ),
    // Up, sideways toward the enemy, or both; moves and captures alike,
    // never down. Its moves reset the 100-ply counter (RULINGS.md §0).
    PieceDef {
        resets_clock: true,
        ..PieceDef::new(
            'S',
            "Spearman",
            &[
                Component::leap([0, 1, 0], Sym::Exact),
                Component::leap([1, 0, 0], Sym::Exact),
                Component::leap([1, 1, 0], Sym::Exact),
            ],
        )
    },
];

/// The game for a player (the web page's legend and summary).
const ABOUT: About = About {
    setup: "One stepped board of 43 squares, five ranks rising to the temple square g5 on \
            top. Red holds the left corner and moves first, Gold the right; each side has a \
            Priest-King, a Horse, three Chariots, two Archers and five Spearmen.",
    goal: "Capture the enemy Priest-King, or bring your own Priest-King onto the temple \
           (g5). There is no check: a Priest-King may stand attacked. A side with no legal \
           move draws; so do threefold repetition and 100 plies without a capture or a \
           Spearman move.",
    special: &[
        "An Archer captures by shooting: the first piece along a diagonal, at any range, \
         is removed if it is an enemy, and the Archer stays where it is.",
        "Spearmen never move down and do not promote.",
    ],
    kinds: &[
        (
            'K',
            "One square in any of the eight directions; wins on reaching the temple.",
        ),
        ('H', "A Knight's leap, over anything between."),
        (
            'C',
            "One or two squares along a rank or file, jumping the square between.",
        ),
        (
            'A',
            "One square along a rank or file to an empty square; or, instead of moving, \
               shoots the first piece along a diagonal if it is an enemy.",
        ),
        (
            'S',
            "One square up (rank + 1), sideways toward the enemy, or diagonally combining \
               both; moves and captures alike, never down.",
        ),
    ],
};

/// The game definition.
pub static ZIGGURAT43: GameDef = GameDef {
    id: "ziggurat43",
    name: "Ziggurat",
    // Files a–m are x = 0–12, ranks y + 1; the files of each rank: a–m,
    // b–l, c–k, d–j, then f–h.
    board: BoardDef::block(&[
        Block::new((0, 12), (0, 0), (0, 0)),
        Block::new((1, 11), (1, 1), (0, 0)),
        Block::new((2, 10), (2, 2), (0, 0)),
        Block::new((3, 9), (3, 3), (0, 0)),
        Block::new((5, 7), (4, 4), (0, 0)),
    ]),
    naming: Naming {
        cell: "{file}{rank}",
        files: Labels::Letters("abcdefghijklm"),
        ranks: Labels::Numbers(1),
        levels: Labels::Blank,
        spacing: 1,
        level_shift: 0,
    },
    black_mirror: [-1, 1, 1],
    pieces: &PIECES,
    promotion: None,
    castling: &[],
    options: &[],
    has_check: false,
    // A lone Priest-King can still climb to the temple.
    bare_kings_draw: false,
    hundred_ply_rule: true,
    temple: Some("g5"),
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
    side_names: ["Red", "Gold"],
    side_letters: ['r', 'g'],
    notation: Notation::Seed,
    move_hint: "file and rank of both squares, such as e3-f4, c1xd3, or d2@f4 for an \
                Archer's shot",
    // Ranks 5 down to 1 (f–h, d–j, c–k, b–l, a–m): Red upper case on the
    // left, Gold lower case on the right; then side, castling, en passant
    // and clocks.
    start: "3/7/SSS3sss/CCAS3sacc/KCHAS3sahck r - - 0 1",
    about: ABOUT,
    drawing: Drawing {
        // Each rank a step higher, the temple on top. Seen from its low
        // edge by both sides (from behind, its steps would hide the board),
        // turned toward each player's corner.
        rank_rise: 0.45,
        elevation: 38.0,
        azimuth: [-20.0, 20.0],
        ..Drawing::LEVELS
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_43_squares_in_ranks_of_13_11_9_7_and_3() {
        let t = Ziggurat43Rules::tables();
        assert_eq!(t.len(), 43);
        let lengths: Vec<usize> = t.geo.levels()[0]
            .rows
            .iter()
            .map(|r| r.cells.len())
            .collect();
        assert_eq!(lengths, [3, 7, 9, 11, 13]);
        let names = |row: usize| -> Vec<&str> {
            t.geo.levels()[0].rows[row]
                .cells
                .iter()
                .map(|&c| t.geo.name(c))
                .collect()
        };
        assert_eq!(names(0), ["f5", "g5", "h5"]);
        assert_eq!(names(1).first(), Some(&"d4"));
        assert_eq!(names(1).last(), Some(&"j4"));
        assert_eq!(names(4).last(), Some(&"m1"));
        assert_eq!(t.temple, t.geo.parse_cell("g5"));
    }
}
