//! A game as data: its cells, pieces, movement vectors, pawn rules,
//! promotion, castling, start position and notation.
//!
//! Everything here is plain `static` data; [`crate::Tables`] compiles it
//! into per-cell lookup tables once per game.

use crate::geometry::{Naming, Sym, V3};
use crate::Side;

/// Whether a movement component may move to an empty cell, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Both,
    /// Only to an empty cell (a pawn's step).
    MoveOnly,
    /// Only onto an enemy piece (a pawn's diagonal capture).
    CaptureOnly,
    /// Captures an enemy piece without moving (an Archer's shot): the
    /// target is removed and the mover stays.
    Shoot,
}

/// Leap (only the destination matters), slide (every cell on the way must
/// be empty; the first occupied one ends the slide), or one of the two
/// hops along a slide's line, which need a piece to jump: the first piece
/// on the line, of either side, is the hurdle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Leap,
    Slide,
    /// Over the hurdle, then on as a slide: to any empty cell beyond it,
    /// or onto the first piece beyond it (the Cannon of xiangqi and Shako,
    /// Betza's `p`).
    Hop,
    /// To the cell just beyond the hurdle, wherever the hurdle stands on
    /// the line (the Grasshopper, Betza's `g`).
    Grasshop,
}

impl Reach {
    /// Whether the component jumps a hurdle.
    pub const fn hops(self) -> bool {
        matches!(self, Reach::Hop | Reach::Grasshop)
    }
}

/// One way a piece moves: a base vector expanded by a symmetry, as a leap or
/// a slide, in a mode. Vectors are written for White; Black's are mirrored by
/// [`GameDef::black_mirror`], which is what makes "forward" relative.
#[derive(Clone, Copy, Debug)]
pub struct Component {
    pub reach: Reach,
    pub base: V3,
    pub sym: Sym,
    pub mode: Mode,
    /// A leap's block, lame leaps only: the cell, relative to the start
    /// and turned with the leap, that must be empty for it (xiangqi's
    /// Horse, `[1, 2, 0]` blocked at `[0, 1, 0]`). Where turns give the
    /// same leap with two blocks, either way clear will do.
    pub lame: Option<V3>,
    /// Plain leaps only: the cells (each side's read from its own end)
    /// the leap may start from; `None`, everywhere (xiangqi's Soldier
    /// steps sideways only once over the river).
    pub from: Option<Zone>,
}

impl Component {
    pub const fn leap(base: V3, sym: Sym) -> Component {
        Component {
            reach: Reach::Leap,
            base,
            sym,
            mode: Mode::Both,
            lame: None,
            from: None,
        }
    }

    pub const fn slide(base: V3, sym: Sym) -> Component {
        Component {
            reach: Reach::Slide,
            base,
            sym,
            mode: Mode::Both,
            lame: None,
            from: None,
        }
    }

    pub const fn only(self, mode: Mode) -> Component {
        Component { mode, ..self }
    }
}

/// Cells named by rule, as data: the cells matching any of its areas.
/// Each side reads the rule from its own end of the board: Black's
/// coordinates are first mirrored across the board's middle along the axes
/// `GameDef::black_mirror` turns, so that one zone names each side's own
/// last rank (chess: White's rank 8 and Black's rank 1).
pub type Zone = &'static [Area];

/// Cells within bounds on each axis (in the side's own view, see
/// [`Zone`]), inclusive; `None` bounds nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub x: Option<(i32, i32)>,
    pub y: Option<(i32, i32)>,
    pub z: Option<(i32, i32)>,
    /// Only the cells of the furthest rank (largest `y`, own view) of
    /// their level: Polyhedron's levels end at different ranks.
    pub last_rank_of_level: bool,
}

impl Area {
    /// Every cell.
    pub const ALL: Area = Area {
        x: None,
        y: None,
        z: None,
        last_rank_of_level: false,
    };

    /// The ranks `low..=high` (own view).
    pub const fn ranks(low: i32, high: i32) -> Area {
        Area {
            y: Some((low, high)),
            ..Area::ALL
        }
    }

    /// The levels `low..=high`.
    pub const fn levels(low: i32, high: i32) -> Area {
        Area {
            z: Some((low, high)),
            ..Area::ALL
        }
    }

    /// This area on the levels `low..=high` only.
    pub const fn on_levels(self, low: i32, high: i32) -> Area {
        Area {
            z: Some((low, high)),
            ..self
        }
    }

    /// The last rank of each level (own view).
    pub const LAST_RANK_OF_LEVEL: Area = Area {
        last_rank_of_level: true,
        ..Area::ALL
    };

    /// Whether the cell at `own` (own view) is in the area; `last_rank`:
    /// the largest own-view rank on its level.
    pub fn contains(&self, own: V3, last_rank: i32) -> bool {
        let within =
            |b: Option<(i32, i32)>, v: i32| b.is_none_or(|(lo, hi)| (lo..=hi).contains(&v));
        within(self.x, own[0])
            && within(self.y, own[1])
            && within(self.z, own[2])
            && (!self.last_rank_of_level || own[1] == last_rank)
    }
}

/// A board's cells as data: the cells of its blocks, less the absent ones.
#[derive(Clone, Copy, Debug)]
pub struct BoardDef {
    pub blocks: &'static [Block],
    pub absent: &'static [V3],
}

impl BoardDef {
    /// A board of one block.
    pub const fn block(block: &'static [Block]) -> BoardDef {
        BoardDef {
            blocks: block,
            absent: &[],
        }
    }

    /// Every cell, block by block, each once.
    pub fn cells(&self) -> Vec<V3> {
        let mut seen: std::collections::HashSet<V3> = self.absent.iter().copied().collect();
        self.blocks
            .iter()
            .flat_map(Block::cells)
            .filter(|&c| seen.insert(c))
            .collect()
    }
}

/// The cells of a box: files `x`, ranks `y` and levels `z`, each range
/// inclusive, every `step`-th coordinate along files and ranks (2 on a
/// board in doubled coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub x: (i32, i32),
    pub y: (i32, i32),
    pub z: (i32, i32),
    pub step: i32,
}

impl Block {
    /// Files `x`, ranks `y`, levels `z`, every cell.
    pub const fn new(x: (i32, i32), y: (i32, i32), z: (i32, i32)) -> Block {
        Block { x, y, z, step: 1 }
    }

    /// This block with only every `step`-th file and rank.
    pub const fn every(self, step: i32) -> Block {
        Block { step, ..self }
    }

    /// How many cells the block holds.
    pub fn len(&self) -> usize {
        let step = self.step.max(1) as usize;
        let count = |(lo, hi): (i32, i32), step: usize| {
            usize::try_from(i64::from(hi) - i64::from(lo) + 1).map_or(0, |n| n.div_ceil(step))
        };
        count(self.x, step) * count(self.y, step) * count(self.z, 1)
    }

    /// Whether the block holds no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The block's cells, level by level, rank by rank.
    pub fn cells(&self) -> impl Iterator<Item = V3> + '_ {
        let step = self.step.max(1) as usize;
        (self.z.0..=self.z.1).flat_map(move |z| {
            (self.y.0..=self.y.1)
                .step_by(step)
                .flat_map(move |y| (self.x.0..=self.x.1).step_by(step).map(move |x| [x, y, z]))
        })
    }
}

/// Where the page draws a game's cells, in squares: the cell at (x, y, z)
/// stands at x · unit across, y · unit deep, and (z − base_level) ·
/// level_height + y · rank_rise up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawing {
    /// Squares per coordinate step (½ in doubled coordinates).
    pub unit: f32,
    /// Height between levels, in squares.
    pub level_height: f32,
    /// Height each rank rises over the one before (a stepped board).
    pub rank_rise: f32,
    /// The level drawn at height 0.
    pub base_level: i32,
    /// The default camera: its height above the board, in degrees, and
    /// where it looks from around the board for each side (0: behind
    /// White's first rank, 180: behind Black's).
    pub elevation: f32,
    pub azimuth: [f32; 2],
}

impl Drawing {
    /// Levels two squares apart, the lowest at 0, a square per coordinate.
    pub const LEVELS: Drawing = Drawing {
        unit: 1.0,
        level_height: 2.0,
        rank_rise: 0.0,
        base_level: 0,
        elevation: 42.0,
        azimuth: [0.0, 180.0],
    };

    /// The centre of the cell at `c`: across, up, deep.
    pub fn place(&self, [x, y, z]: V3) -> [f32; 3] {
        [
            x as f32 * self.unit,
            (z - self.base_level) as f32 * self.level_height + y as f32 * self.rank_rise,
            y as f32 * self.unit,
        ]
    }
}

/// Pawn-like behaviour of a piece kind beyond its movement components.
#[derive(Clone, Copy, Debug)]
pub struct PawnDef {
    /// The double step, if the kind has one.
    pub double_step: Option<DoubleStep>,
    /// Whether a double step of this kind can be taken en passant, and this
    /// kind can take en passant (on the skipped cell, with a capture vector).
    pub en_passant: bool,
}

/// Two steps along one vector from a start cell: both the skipped and
/// the target cell must be empty, and the skipped one can be taken en
/// passant.
#[derive(Clone, Copy, Debug)]
pub struct DoubleStep {
    /// The steps, for White, each expanded by `sym` (Berolina's pawn:
    /// `[1, 1, 0]` with `SignsX`, two squares diagonally forward either
    /// way; Millennium 3D chess's: forward, up, and forward and up at
    /// once).
    pub steps: &'static [V3],
    pub sym: Sym,
    /// The cells it may start from.
    pub from: Zone,
    /// The start cells of the double steps that can be taken en passant
    /// (Horde: White's from its second rank, not its first); `None`, all.
    pub en_passant_from: Option<Zone>,
}

impl DoubleStep {
    /// Two steps of `step` only, from the cells of `from`.
    pub const fn along(step: &'static [V3; 1], from: Zone) -> DoubleStep {
        DoubleStep {
            steps: step,
            sym: Sym::Exact,
            from,
            en_passant_from: None,
        }
    }
}

/// A change of kind on arrival (Ziggurat's Guard becoming a Pawn on level
/// 0): compulsory, and the new kind's promotion applies at once when the
/// cell is also in its promotion zone.
#[derive(Clone, Copy, Debug)]
pub struct BecomesDef {
    /// The cells where the change happens.
    pub zone: Zone,
    /// Letter of the new kind.
    pub letter: char,
}

/// A piece kind.
#[derive(Clone, Copy, Debug)]
pub struct PieceDef {
    /// Letter in position strings: upper case for White, lower for Black.
    pub letter: char,
    pub name: &'static str,
    pub moves: &'static [Component],
    /// Losing it loses the game; check is about this piece. One kind per
    /// game; each side has exactly one (at most one without check, or
    /// where `GameDef::extinction` ends the game).
    pub royal: bool,
    /// Whether this kind attacks royal pieces (gives check). Ziggurat's
    /// higher-level pieces do not.
    pub gives_check: bool,
    /// Moving this kind resets the 100-ply counter (Pawn, Guard, Spearman).
    pub resets_clock: bool,
    /// Pawn rules, if the kind is a pawn.
    pub pawn: Option<PawnDef>,
    /// Cells this kind may never stand on (a chess pawn: its first and last
    /// rank; Ziggurat's orthodox pieces: every level above 0).
    pub forbidden: Option<Zone>,
    /// The only cells this kind's moves may end on, and so the only cells
    /// it attacks (xiangqi's General and Advisors in their palace, its
    /// Elephants on their side of the river); `None`, everywhere.
    pub confined: Option<Zone>,
    /// The kind this one becomes on arriving in a zone.
    pub becomes: Option<BecomesDef>,
    /// Whether the kind promotes when it reaches the promotion zone.
    pub promotes: bool,
    /// Whether, after any capture, the piece may promote to one of the
    /// game's promotion choices other than its own kind (Polyhedron's
    /// Unicorn). Optional; the piece leaves the game and enters no pool.
    pub promotes_on_capture: bool,
    /// The kind this one is the promoted form of, by letter (shogi's
    /// Tokin, a promoted Pawn), with [`Choices::Promoted`]: that kind
    /// promotes to this one alone, position strings write this one `+P`
    /// and moves promoting to it end in `+`, and captured it enters a
    /// hand as that kind.
    pub promoted_from: Option<char>,
    /// With drops: a piece of this kind may not be dropped on a file (on
    /// its level) where its side has one already (shogi's nifu).
    pub drop_no_doubled: bool,
    /// With drops: whether a drop of this kind may checkmate (shogi's
    /// Pawn may not: uchifuzume). A drop that would is illegal.
    pub drop_mates: bool,
}

/// What a piece may promote to.
#[derive(Clone, Copy, Debug)]
pub enum Choices {
    /// These kinds, by letter (chess: Q R B N).
    Fixed(&'static [char]),
    /// White's kinds and Black's, by letter (Chigorin chess: White's
    /// Chancellor, Rook, Knight; Black's Queen, Rook, Bishop).
    Sides([&'static [char]; 2]),
    /// A kind of the player's own captured pieces, which leaves the pool
    /// (Polyhedron, Elevator): never a promoting kind nor the royal one.
    /// With the pool empty there is nothing to promote to.
    CapturedPool,
    /// Each promoting kind to its own promoted form, the kind naming it
    /// in [`PieceDef::promoted_from`] (shogi: the Pawn to a Tokin, the
    /// Bishop to a Horse).
    Promoted,
}

impl Choices {
    /// The letters `side` may promote to, where they are fixed.
    pub fn letters(&self, side: Side) -> Option<&'static [char]> {
        match *self {
            Choices::Fixed(letters) => Some(letters),
            Choices::Sides(sides) => Some(sides[side.index()]),
            Choices::CapturedPool | Choices::Promoted => None,
        }
    }

    /// Whether a piece of either side may become `kind`: it is listed,
    /// or, with the captured pool, neither royal nor promoting.
    pub fn offers(&self, kind: &PieceDef) -> bool {
        match self {
            Choices::CapturedPool => !kind.royal && !kind.promotes,
            Choices::Promoted => kind.promoted_from.is_some(),
            _ => Side::BOTH
                .iter()
                .any(|&side| self.letters(side).is_some_and(|l| l.contains(&kind.letter))),
        }
    }
}

impl PieceDef {
    /// A piece that moves by `moves`, gives check, and has no other
    /// property; set the others with struct update syntax:
    /// `PieceDef { royal: true, ..PieceDef::new('K', "King", KING) }`.
    pub const fn new(letter: char, name: &'static str, moves: &'static [Component]) -> PieceDef {
        PieceDef {
            letter,
            name,
            moves,
            royal: false,
            gives_check: true,
            resets_clock: false,
            pawn: None,
            forbidden: None,
            confined: None,
            becomes: None,
            promotes: false,
            promotes_on_capture: false,
            promoted_from: None,
            drop_no_doubled: false,
            drop_mates: true,
        }
    }
}

/// Where and into what pieces promote.
#[derive(Clone, Copy, Debug)]
pub struct PromotionDef {
    /// The side's promotion zone.
    pub zone: Zone,
    pub choices: Choices,
    /// The cells of the zone where the piece may also stay as it is
    /// (Elevator: all of it; Grand chess: its 8th and 9th ranks, not the
    /// 10th); `None`, none. Where promotion is compulsory and there is no
    /// choice, the piece cannot enter at all (Polyhedron's empty pool).
    pub optional: Option<Zone>,
    /// Kinds a piece may become only while its side has fewer than this
    /// many of them on the board, by letter (Grand chess: one Queen, two
    /// Rooks); a kind not listed has no limit.
    pub limits: &'static [(char, u8)],
    /// Whether a move from a cell of the zone may promote too, wherever
    /// it ends (shogi: into, within or out of the zone).
    pub from_zone: bool,
}

impl PromotionDef {
    /// Compulsory promotion in `zone` to one of `choices`, no limits.
    pub const fn new(zone: Zone, choices: Choices) -> PromotionDef {
        PromotionDef {
            zone,
            choices,
            optional: None,
            limits: &[],
            from_zone: false,
        }
    }
}

/// What a threefold repetition does (RULINGS.md §0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// An automatic draw.
    Draw,
    /// The player whose move produced the third occurrence loses (Elevator).
    LossForMover,
    /// Shogi's sennichite, as Fairy-Stockfish plays minishogi: the game
    /// ends at the `count`-th occurrence of a position; a side that gave
    /// check with every one of its moves since the first occurrence loses
    /// (perpetual check), if `perpetual_check_loses`; otherwise `loser`
    /// loses (minishogi: Sente, the first player), or it is a draw.
    Counted {
        count: u8,
        loser: Option<Side>,
        perpetual_check_loses: bool,
    },
}

impl RepetitionRule {
    /// How many occurrences of a position end the game.
    pub const fn count(self) -> usize {
        match self {
            RepetitionRule::Counted { count, .. } => count as usize,
            _ => 3,
        }
    }
}

/// What it means to have no legal move while not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    /// A draw (chess).
    Draw,
    /// The side without a move loses (xiangqi).
    Loss,
    /// The side without a move wins (antichess).
    Win,
}

/// What a side left with no piece at all does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extinction {
    /// It loses (Horde).
    Loss,
    /// It wins (antichess).
    Win,
}

/// Starts drawn by shuffling White's pieces on one row of the start, each
/// of Black's mirroring White's (Chess960: the first rank, the Bishops on
/// both colours, the King between the Rooks).
#[derive(Clone, Copy, Debug)]
pub struct Shuffle {
    /// The row (rank, from 0) whose White pieces change places; every
    /// other cell keeps its piece.
    pub rank: i32,
    /// Kinds whose pieces must stand on cells of both colours.
    pub opposite_colours: &'static [char],
    /// A kind two of whose pieces the royal piece must stand between.
    pub royal_between: Option<char>,
}

/// One castling move. Cells are named in the game's notation.
#[derive(Clone, Copy, Debug)]
pub struct CastleDef {
    pub side: Side,
    /// Letter of the right in position strings (`K`, `Q`, `k`, `q`).
    pub symbol: char,
    /// Seed notation of the move (`O-O`).
    pub text: &'static str,
    pub king_from: &'static str,
    pub king_to: &'static str,
    pub rook_from: &'static str,
    pub rook_to: &'static str,
    /// Cells that must be empty (besides the King and the Rook themselves).
    pub empty: &'static [&'static str],
    /// Cells the enemy must not attack (the King's start and every cell it
    /// passes); the King's arrival is the ordinary legality test.
    pub safe: &'static [&'static str],
    /// Letter of the kind that castles with the King (`R`).
    pub piece: char,
    /// Whether the King and the piece may start on any cells of their
    /// line, as in Chess960: the piece on the same side of the King as
    /// `rook_from` is of `king_from`. The position string says which
    /// (docs/position-strings.md); `empty` and `safe` are then derived
    /// from each start, and the cells given here are the usual start's.
    pub any_file: bool,
}

impl CastleDef {
    /// A castling rule from its cells: King from and to, Rook from and to.
    pub const fn new(
        side: Side,
        symbol: char,
        text: &'static str,
        [king_from, king_to, rook_from, rook_to]: [&'static str; 4],
        empty: &'static [&'static str],
        safe: &'static [&'static str],
    ) -> CastleDef {
        CastleDef {
            side,
            symbol,
            text,
            king_from,
            king_to,
            rook_from,
            rook_to,
            empty,
            safe,
            piece: 'R',
            any_file: false,
        }
    }

    /// The same rule with another kind castling with the King.
    pub const fn with_piece(self, piece: char) -> CastleDef {
        CastleDef { piece, ..self }
    }

    /// The same rule from any start files (Chess960).
    pub const fn from_any_file(self) -> CastleDef {
        CastleDef {
            any_file: true,
            ..self
        }
    }
}

/// How the program prints and reads moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// UCI coordinates: `e2e4`, `e7e8q`, castling as the King's move.
    Uci,
    /// The seeds' style: `from-to`, `fromxto`, `=X`, `O-O`.
    Seed,
}

/// A rule a game may be played with or without (RULINGS.md calls them
/// game options). Its index in [`GameDef::options`] is its bit in
/// `Options::game`.
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// Name on the command line (`wide-promotion`).
    pub name: &'static str,
    pub help: &'static str,
    pub default: bool,
}

/// What a player reads about a game in the interfaces' help (the web
/// page's legend and rules summary), written from the game's rules doc
/// (docs/rules/<id>.md) in a player's words.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The board and the armies, in a sentence or two.
    pub setup: &'static str,
    /// How the game is won, and drawn.
    pub goal: &'static str,
    /// The rules beyond the pieces' moves, a sentence each.
    pub special: &'static [&'static str],
    /// How each kind moves, in a sentence, by its letter; every kind of
    /// [`GameDef::pieces`] once (a test of each game checks it).
    pub kinds: &'static [(char, &'static str)],
}

impl About {
    /// The sentence about the kind with this letter.
    pub fn kind(&self, letter: char) -> Option<&'static str> {
        self.kinds.iter().find(|k| k.0 == letter).map(|k| k.1)
    }
}

/// A whole game as data.
#[derive(Clone, Copy, Debug)]
pub struct GameDef {
    /// Identifier on the command line (`chess`, `ziggurat`, …).
    pub id: &'static str,
    pub name: &'static str,
    pub board: BoardDef,
    pub naming: Naming,
    /// Sign multipliers turning White's vectors into Black's.
    pub black_mirror: V3,
    pub pieces: &'static [PieceDef],
    pub promotion: Option<PromotionDef>,
    pub castling: &'static [CastleDef],
    /// The game's own options (at most 8). A game whose options change its
    /// tables supplies them through `Rules::tables_for`.
    pub options: &'static [OptionDef],
    /// Whether the game has check (every game but the 43-square Ziggurat).
    pub has_check: bool,
    /// Whether King against King is a draw (RULINGS.md §0; not in the
    /// 43-square Ziggurat, where a lone Priest-King can still win).
    pub bare_kings_draw: bool,
    /// Whether the 100-ply rule (RULINGS.md §0, the option every game
    /// has) is on by default: not in shogi's games, which have none.
    pub hundred_ply_rule: bool,
    /// A cell whose occupation by a side's royal piece wins at once (the
    /// 43-square Ziggurat's temple).
    pub temple: Option<&'static str>,
    /// Cells whose occupation by a side's royal piece wins at once, each
    /// side's read from its own end (King of the Hill's four centre
    /// squares); with the temple, the side's goal.
    pub royal_goal: Option<Zone>,
    /// Starts drawn by shuffling a row of the start (Chess960's 960).
    pub shuffle: Option<Shuffle>,
    /// Directions of the lines along which the two royal pieces may never
    /// face each other with only empty cells between (xiangqi's flying
    /// General, `[0, 1, 0]`: its file, both ways): a move that leaves them
    /// so is illegal, as if each attacked the other along them.
    pub facing_lines: &'static [V3],
    /// Whether a side to move without a legal move, not in check, draws,
    /// loses or wins.
    pub stalemate: StalemateRule,
    /// The number of checks that wins: the side that gives them wins at
    /// once (three-check chess: 3). Position strings then hold each
    /// side's checks still to give.
    pub checks_to_win: Option<u8>,
    /// What it means to be left with no piece at all, in a game where a
    /// side may then lack its royal piece: Horde's White, which has none
    /// and loses when its last Pawn is taken. `None`: each side has its
    /// royal piece (in a game with check).
    pub extinction: Option<Extinction>,
    /// Whether a side that can capture must (antichess): where a legal
    /// move captures, only captures are legal. En passant is a capture;
    /// a promotion without one is not.
    pub must_capture: bool,
    /// Whether a side may have several pieces of the royal kind (Spartan
    /// chess's two Kings): it is in check only when every one of them is
    /// attacked, a move may not leave them all attacked, and one may be
    /// captured while its side keeps another. In a game with check.
    pub several_royals: bool,
    /// Whether captured pieces change sides into the capturer's hand, from
    /// which its owner may drop one on an empty cell instead of moving
    /// (crazyhouse): any cell where the kind may stand (not its
    /// `forbidden` cells), and a promoted piece returns to the hand as the
    /// kind that promoted. The royal kind is never captured into a hand.
    pub drops: bool,
    /// Whether a piece held in hand may be gated (Seirawan chess): placed
    /// on the cell a piece of the side's castling line leaves on its first
    /// move (the King's or the partner's when castling), instead of never
    /// at all. The cells still open are the gates, written in the castling
    /// field by file (`KQBCDFGkqbcdfg`). A side's gates close when its hand
    /// is empty, unless captures refill it (`drops`).
    pub gating: bool,
    pub repetition: RepetitionRule,
    /// Names of the sides and their letters in position strings.
    pub side_names: [&'static str; 2],
    pub side_letters: [char; 2],
    pub notation: Notation,
    /// What a move looks like, for error messages ("UCI coordinates such as
    /// e2e4 or e7e8q").
    pub move_hint: &'static str,
    /// The start position as a position string.
    pub start: &'static str,
    /// The game for a player: setup, goal, special rules, each kind's moves.
    pub about: About,
    /// Where the page draws the cells.
    pub drawing: Drawing,
}

impl GameDef {
    /// Whether each side always has its royal piece: with check, unless
    /// extinction ends the game (where a side may have none, and is then
    /// never in check).
    pub const fn every_side_has_royal(&self) -> bool {
        self.has_check && self.extinction.is_none()
    }

    /// Whether the hands' pieces are only gated, never dropped (Seirawan
    /// chess): a hand then holds what it started with and never refills,
    /// and a piece in it enters only while its side has a gate left.
    pub const fn gating_alone(&self) -> bool {
        self.gating && !self.drops
    }
}
