//! The game file as serde reads it (docs/game-files.md names every key).
//! Unknown keys are errors; values the checks in `super::read` need to
//! place in the file keep their span.

use serde::Deserialize;
use toml::Spanned;

/// A whole game file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub id: Spanned<String>,
    pub name: String,
    /// The sides' names, White's first.
    #[serde(default = "side_names")]
    pub sides: [String; 2],
    /// The sides' letters in position strings.
    #[serde(default = "side_letters")]
    pub side_letters: Spanned<[char; 2]>,
    pub board: BoardFile,
    pub naming: NamingFile,
    /// Sign multipliers turning White's vectors into Black's.
    pub black_mirror: Spanned<[i32; 3]>,
    #[serde(rename = "piece")]
    pub pieces: Spanned<Vec<PieceFile>>,
    pub promotion: Option<PromotionFile>,
    #[serde(default)]
    pub castling: Vec<Spanned<CastleFile>>,
    /// Whether there is check (or royal pieces are captured).
    #[serde(default = "yes")]
    pub check: bool,
    #[serde(default = "yes")]
    pub bare_kings_draw: bool,
    /// Whether the 100-ply rule is on by default.
    #[serde(default = "yes")]
    pub hundred_ply_rule: bool,
    pub temple: Option<Spanned<String>>,
    /// Cells a side's royal piece wins on, as White reads them.
    pub royal_goal: Option<Spanned<Vec<Spanned<AreaFile>>>>,
    /// Starts drawn by shuffling a row of the start (Chess960).
    pub shuffle: Option<Spanned<ShuffleFile>>,
    /// Directions of the lines along which the royal pieces may not face
    /// each other (xiangqi's flying General).
    pub royals_may_not_face: Option<Spanned<Vec<[i32; 3]>>>,
    /// What having no legal move, not in check, does to the side to move.
    #[serde(default)]
    pub stalemate: StalemateName,
    /// The number of checks that wins (three-check chess).
    pub checks_to_win: Option<Spanned<i64>>,
    /// What a side left with no piece does (Horde: loses).
    pub extinction: Option<Spanned<ExtinctionName>>,
    /// Whether a side that can capture must (antichess).
    #[serde(default)]
    pub must_capture: bool,
    /// Whether a side may have several royal pieces (Spartan chess).
    pub several_royals: Option<Spanned<bool>>,
    /// Whether captured pieces go to the capturer's hand, to be dropped
    /// (crazyhouse).
    pub drops: Option<Spanned<bool>>,
    /// Whether pieces held in hand are gated on the cells pieces of the
    /// castling line leave (Seirawan chess).
    pub gating: Option<Spanned<bool>>,
    pub repetition: Option<Spanned<RepetitionFile>>,
    pub notation: NotationName,
    pub move_hint: String,
    pub start: Spanned<String>,
    pub about: AboutFile,
    pub drawing: Option<Spanned<DrawingFile>>,
}

fn yes() -> bool {
    true
}

fn one() -> i32 {
    1
}

fn side_names() -> [String; 2] {
    ["White".into(), "Black".into()]
}

fn side_letters() -> Spanned<[char; 2]> {
    Spanned::new(0..0, ['w', 'b'])
}

/// The board: the cells of its blocks, less the absent ones.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    pub blocks: Spanned<Vec<Spanned<BlockFile>>>,
    #[serde(default)]
    pub absent: Vec<Spanned<[i32; 3]>>,
}

/// Files, ranks and levels as inclusive `[first, last]` coordinates.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockFile {
    pub files: [i32; 2],
    pub ranks: [i32; 2],
    pub levels: [i32; 2],
    #[serde(default = "one")]
    pub step: i32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamingFile {
    pub cell: Spanned<String>,
    pub files: Spanned<LabelsFile>,
    pub ranks: Spanned<LabelsFile>,
    /// Left out on a board of one level.
    pub levels: Option<Spanned<LabelsFile>>,
    /// 1 by default.
    pub spacing: Option<Spanned<i32>>,
    /// 0 by default.
    pub level_shift: Option<Spanned<i32>>,
}

impl NamingFile {
    /// The spacing, 1 if left out.
    pub fn spacing(&self) -> i32 {
        self.spacing.as_ref().map_or(1, |s| *s.get_ref())
    }

    /// The level shift, 0 if left out.
    pub fn level_shift(&self) -> i32 {
        self.level_shift.as_ref().map_or(0, |s| *s.get_ref())
    }
}

#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "a string of letters such as \"abcdefgh\", or the number of the first such as 1"
)]
pub enum LabelsFile {
    Letters(String),
    Numbers(i32),
}

/// A piece kind.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceFile {
    pub letter: Spanned<char>,
    pub name: String,
    /// How it moves, in a sentence, for the page's legend.
    pub about: String,
    pub moves: Spanned<Vec<Spanned<MoveFile>>>,
    #[serde(default)]
    pub royal: bool,
    #[serde(default = "yes")]
    pub gives_check: bool,
    #[serde(default)]
    pub resets_clock: bool,
    pub pawn: Option<PawnFile>,
    pub forbidden: Option<Vec<Spanned<AreaFile>>>,
    /// The only cells its moves may end on.
    pub confined: Option<Spanned<Vec<Spanned<AreaFile>>>>,
    pub becomes: Option<BecomesFile>,
    #[serde(default)]
    pub promotes: bool,
    #[serde(default)]
    pub promotes_on_capture: bool,
    /// The kind this one is the promoted form of (shogi's Tokin: "P").
    pub promoted_from: Option<Spanned<char>>,
    /// With drops: never dropped on a file holding one of its side's.
    pub drop_no_doubled: Option<Spanned<bool>>,
    /// With drops: whether its drop may checkmate.
    pub drop_mates: Option<Spanned<bool>>,
}

/// One movement component: a vector as a leap, a slide, a hop or a
/// grasshop.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveFile {
    pub leap: Option<[i32; 3]>,
    pub slide: Option<[i32; 3]>,
    pub hop: Option<[i32; 3]>,
    pub grasshop: Option<[i32; 3]>,
    /// A leap's block: the leap is lame.
    pub lame: Option<[i32; 3]>,
    /// A plain leap's start cells (all if left out).
    pub from: Option<Vec<Spanned<AreaFile>>>,
    #[serde(default)]
    pub sym: SymName,
    #[serde(default)]
    pub mode: ModeName,
}

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SymName {
    #[default]
    Exact,
    SignsX,
    SignsXz,
    Signs,
    PermsXy,
    Perms,
}

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModeName {
    #[default]
    Both,
    MoveOnly,
    CaptureOnly,
    Shoot,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PawnFile {
    pub double_step: Option<Spanned<DoubleStepFile>>,
    #[serde(default)]
    pub en_passant: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoubleStepFile {
    /// One step, or several (`steps`: Millennium 3D chess's forward, up,
    /// and forward and up at once); exactly one of the two keys.
    pub step: Option<Spanned<[i32; 3]>>,
    pub steps: Option<Spanned<Vec<Spanned<[i32; 3]>>>>,
    /// The step's turns (Berolina: `signs-x`).
    #[serde(default)]
    pub sym: SymName,
    pub from: Vec<Spanned<AreaFile>>,
    /// The start cells of the double steps that can be taken en passant
    /// (all if left out).
    pub en_passant_from: Option<Vec<Spanned<AreaFile>>>,
}

/// Cells by rule, in the side's own view (Black's mirrored).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaFile {
    pub files: Option<[i32; 2]>,
    pub ranks: Option<[i32; 2]>,
    pub levels: Option<[i32; 2]>,
    #[serde(default)]
    pub last_rank_of_level: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BecomesFile {
    pub letter: Spanned<char>,
    pub zone: Vec<Spanned<AreaFile>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionFile {
    pub zone: Spanned<Vec<Spanned<AreaFile>>>,
    pub choices: Spanned<ChoicesFile>,
    pub optional: Option<Spanned<OptionalFile>>,
    /// Per letter, how many of the kind a side may have on the board
    /// before it is no longer a choice.
    pub limits: Option<Spanned<std::collections::BTreeMap<String, Spanned<i64>>>>,
    /// Whether a move from the zone may promote too (shogi).
    pub from_zone: Option<Spanned<bool>>,
}

/// Where promotion is optional: everywhere in the zone, nowhere, or in
/// some of its cells.
#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "true, false, or a zone such as [{ ranks = [7, 8] }]"
)]
pub enum OptionalFile {
    Everywhere(bool),
    /// Without spans of their own: serde's untagged enums lose them.
    Cells(Vec<AreaFile>),
}

#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "a list of piece letters such as [\"Q\", \"R\"], one for each side \
                 ({ white = [\"Q\"], black = [\"Q\"] }), \"captured-pool\" or \"promoted\""
)]
pub enum ChoicesFile {
    Letters(Vec<char>),
    /// Each side's own list (Chigorin chess).
    Sides(SideChoicesFile),
    Named(String),
}

/// Each side's promotion choices.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideChoicesFile {
    pub white: Vec<char>,
    pub black: Vec<char>,
}

/// `[shuffle]`: the row whose White pieces change places, and the rules
/// an arrangement keeps.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleFile {
    pub rank: i64,
    #[serde(default)]
    pub opposite_colours: Vec<char>,
    pub royal_between: Option<char>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastleFile {
    pub side: SideName,
    pub symbol: char,
    pub text: String,
    /// The King's cells, from and to.
    pub king: [Spanned<String>; 2],
    /// The Rook's cells, from and to.
    pub rook: [Spanned<String>; 2],
    #[serde(default)]
    pub empty: Vec<Spanned<String>>,
    #[serde(default)]
    pub safe: Vec<Spanned<String>>,
    /// The kind that castles with the King (`R`).
    #[serde(default)]
    pub piece: Option<char>,
    /// Whether the King and the Rook may start on any files of their rank
    /// (Chess960).
    #[serde(default)]
    pub from_any_file: bool,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SideName {
    White,
    Black,
}

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    #[default]
    Draw,
    LossForMover,
}

/// What a repetition does: a name, or shogi's counted rule.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "\"draw\", \"loss-for-mover\", or a table such as \
                 { occurrences = 4, loser = \"white\", perpetual_check_loses = true }"
)]
pub enum RepetitionFile {
    Named(Repetition),
    Counted(CountedRepetitionFile),
}

/// Shogi's repetition: the game ends at the given occurrence.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountedRepetitionFile {
    pub occurrences: i64,
    pub loser: Option<SideName>,
    #[serde(default)]
    pub perpetual_check_loses: bool,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExtinctionName {
    Loss,
    Win,
}

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StalemateName {
    #[default]
    Draw,
    Loss,
    Win,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotationName {
    Uci,
    Seed,
}

/// Where the page draws the cells; each key has a default.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawingFile {
    pub unit: Option<f32>,
    pub level_height: Option<f32>,
    pub rank_rise: Option<f32>,
    pub base_level: Option<i32>,
    pub elevation: Option<f32>,
    pub azimuth: Option<[f32; 2]>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AboutFile {
    pub setup: String,
    pub goal: String,
    #[serde(default)]
    pub special: Vec<String>,
}
