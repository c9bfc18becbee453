//! The terms of the evaluation: what each one counts, and the list of
//! them a game has (one per kind for the per-piece terms). Each term has
//! two weights, middle game and end game; the evaluation is linear in
//! them, which is what lets `tune` fit them to game results.

use chess3d_core::{Cell, Kind, Tables};

/// What a term counts (White's count less Black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Term {
    /// A piece of the kind: its material value.
    Value,
    /// The piece's empty-board mobility on its cell less its kind's
    /// average (for the King: its steps, so a negative weight keeps it at
    /// the edge).
    Centre,
    /// How far forward the piece stands, 0 on its side's first rank to 1
    /// on the last.
    Forward,
    /// How high it stands, 0 on the lowest level to 1 on the highest
    /// (games of more than one level); counted from the top for a side
    /// whose King starts above the other's (Star Trek's Black).
    Level,
    /// A pawn-like piece's progress to its promotion (or change-of-kind)
    /// zone in its own moves, squared: 1 on arrival.
    Progress,
    /// The piece is within 7 steps of the enemy King: 7 less the distance
    /// (in the largest coordinate difference).
    Tropism,
    /// The piece attacks (on the empty board) the enemy King's cell or a
    /// cell next to it.
    Attack,
    /// The cells the piece reaches on the board as it is (its moves and
    /// captures, blocked by pieces), less those of its own pieces and those
    /// an enemy pawn-like piece captures on: its safe mobility.
    Mobility,
    /// The cells of the enemy King's zone (its cell and the cells next to
    /// it) the piece reaches on the board as it is.
    KingAttack,
    /// The attack on the enemy King as a whole: with two or more pieces
    /// reaching its zone, the square of the zone cells they reach
    /// together ([`Term::KingAttack`]'s counts summed), at most
    /// [`DANGER_UNITS`], over 16. Not per kind: the attackers' sum is what
    /// grows faster than its parts (a lone attacker is parried, three
    /// are not).
    KingDanger,
    /// A pawn-like piece with no enemy pawn-like piece ahead of it on its
    /// file or the files next to it.
    Passed,
    /// A passed piece's progress (as [`Term::Progress`]).
    PassedProgress,
    /// A pawn-like piece with another of its kind ahead on its file.
    Doubled,
    /// A pawn-like piece with none of its kind on the files next to it.
    Isolated,
    /// A pawn-like piece that another of its kind defends.
    Defended,
    /// Two or more pieces of the kind (as a pair of Bishops, which
    /// covers cells of both colours).
    Pair,
    /// A piece with no pawn-like piece of either side ahead of it on its
    /// file (along its side's pawn-like forward step): an open file.
    Open,
    /// A piece with enemy pawn-like pieces ahead of it on its file but
    /// none of its own: a half-open file.
    HalfOpen,
    /// An own piece next to the King.
    Shelter,
    /// An enemy piece next to the King.
    Pressure,
    /// The Priest-King's closeness to the temple (the 43-square
    /// Ziggurat), or a royal piece's to its goal (a game file's
    /// `royal_goal`), squared: 1 on it.
    Temple,
    /// The game's own goal, counted by the game (attack boards owned,
    /// pieces on an elevator).
    Goal,
    /// Having the move.
    Tempo,
    /// A piece of the kind on one cell (seen from its own side: Black's
    /// cells mirrored as its moves are): a piece-square table, one weight
    /// per kind and cell, for games with positions enough to fit it.
    Square,
}

impl Term {
    pub const ALL: [Term; 24] = [
        Term::Value,
        Term::Centre,
        Term::Forward,
        Term::Level,
        Term::Progress,
        Term::Tropism,
        Term::Attack,
        Term::Mobility,
        Term::KingAttack,
        Term::KingDanger,
        Term::Passed,
        Term::PassedProgress,
        Term::Doubled,
        Term::Isolated,
        Term::Defended,
        Term::Pair,
        Term::Open,
        Term::HalfOpen,
        Term::Shelter,
        Term::Pressure,
        Term::Temple,
        Term::Goal,
        Term::Tempo,
        Term::Square,
    ];

    /// The term's name in weights files.
    pub fn name(self) -> &'static str {
        match self {
            Term::Value => "value",
            Term::Centre => "centre",
            Term::Forward => "forward",
            Term::Level => "level",
            Term::Progress => "progress",
            Term::Tropism => "tropism",
            Term::Attack => "attack",
            Term::Mobility => "mobility",
            Term::KingAttack => "king_attack",
            Term::KingDanger => "king_danger",
            Term::Passed => "passed",
            Term::PassedProgress => "passed_progress",
            Term::Doubled => "doubled",
            Term::Isolated => "isolated",
            Term::Defended => "defended",
            Term::Pair => "pair",
            Term::Open => "open",
            Term::HalfOpen => "half_open",
            Term::Shelter => "shelter",
            Term::Pressure => "pressure",
            Term::Temple => "temple",
            Term::Goal => "goal",
            Term::Tempo => "tempo",
            Term::Square => "square",
        }
    }

    /// The term named `name` in weights files.
    pub fn from_name(name: &str) -> Option<Term> {
        Term::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Every term's name, for error messages.
    pub fn names() -> String {
        Term::ALL.map(Term::name).join(", ")
    }

    /// Whether the term has a weight per piece kind.
    pub fn per_kind(self) -> bool {
        !matches!(
            self,
            Term::KingDanger
                | Term::Shelter
                | Term::Pressure
                | Term::Temple
                | Term::Goal
                | Term::Tempo
        )
    }
}

/// The most zone cells [`Term::KingDanger`] counts (more count as many).
pub const DANGER_UNITS: u32 = 24;
/// The fewest pieces reaching the King's zone that [`Term::KingDanger`]
/// counts.
pub const DANGER_ATTACKERS: u32 = 2;

/// [`Term::KingDanger`]'s count for the attackers' summed reach into the
/// enemy King's zone (`units`) by `attackers` pieces.
pub fn king_danger(units: u32, attackers: u32) -> f32 {
    if attackers < DANGER_ATTACKERS {
        return 0.0;
    }
    let u = units.min(DANGER_UNITS) as f32;
    u * u / 16.0
}

/// One weighted term: a term, for one kind if it is per kind (and one
/// cell, White's view, for [`Term::Square`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    pub term: Term,
    pub kind: Option<Kind>,
    pub cell: Option<Cell>,
}

/// The index of `term` (for the kind lettered `letter`, if per kind) in
/// `features`, whose kinds' letters are `letters` ([`Term::Square`]'s
/// features, one per cell, are not found here).
pub fn index_of(
    features: &[Feature],
    letters: &[char],
    term: Term,
    letter: Option<char>,
) -> Option<usize> {
    features.iter().position(|f| {
        f.term == term && f.cell.is_none() && f.kind.map(|k| letters[k as usize]) == letter
    })
}

/// The index of each kind's [`Term::Square`] feature on each cell (at
/// `kind * cells + cell`), `None` where the kind may not stand.
pub fn square_index(features: &[Feature], kinds: usize, cells: usize) -> Vec<Option<usize>> {
    let mut index = vec![None; kinds * cells];
    for (i, f) in features.iter().enumerate() {
        if let (Term::Square, Some(k), Some(c)) = (f.term, f.kind, f.cell) {
            index[k as usize * cells + c as usize] = Some(i);
        }
    }
    index
}

/// What a game's kinds are, for choosing its terms.
#[derive(Clone, Copy, Debug)]
pub struct KindRole {
    pub royal: bool,
    pub pawn_like: bool,
    /// A pawn-like kind with a forward step (so files and passed pieces
    /// mean something).
    pub has_files: bool,
    pub has_progress: bool,
}

/// The terms of a game, in the order of the weights vector
/// (`square_cells`: per kind, the cells of its [`Term::Square`] features).
pub fn game_features<B>(
    t: &Tables<B>,
    roles: &[KindRole],
    has_goal: bool,
    square_cells: &[Vec<Cell>],
) -> Vec<Feature> {
    let levels = {
        let mut zs: Vec<i32> = t.geo.cells().map(|c| t.geo.coord(c)[2]).collect();
        zs.sort_unstable();
        zs.dedup();
        zs.len() > 1
    };
    // Files, for open and half-open ones: some pawn-like kind has them.
    let files = roles.iter().any(|r| r.has_files);
    let mut out = Vec::new();
    for term in Term::ALL {
        if !term.per_kind() {
            let wanted = match term {
                Term::Temple => t.has_goal,
                Term::Goal => has_goal,
                _ => true,
            };
            if wanted {
                out.push(Feature {
                    term,
                    kind: None,
                    cell: None,
                });
            }
            continue;
        }
        if term == Term::Square {
            for (k, cells) in square_cells.iter().enumerate() {
                for &cell in cells {
                    out.push(Feature {
                        term,
                        kind: Some(k as Kind),
                        cell: Some(cell),
                    });
                }
            }
            continue;
        }
        for (k, role) in roles.iter().enumerate() {
            let wanted = match term {
                Term::Value | Term::Tropism | Term::Attack | Term::KingAttack => !role.royal,
                Term::Mobility => !role.royal && !role.pawn_like,
                Term::Centre | Term::Forward => true,
                Term::Level => levels,
                Term::Progress => role.has_progress,
                Term::Passed | Term::Doubled | Term::Isolated | Term::Defended => role.has_files,
                Term::PassedProgress => role.has_files && role.has_progress,
                Term::Pair => !role.royal && !role.pawn_like,
                Term::Open | Term::HalfOpen => files && !role.royal && !role.pawn_like,
                _ => false,
            };
            if wanted {
                out.push(Feature {
                    term,
                    kind: Some(k as Kind),
                    cell: None,
                });
            }
        }
    }
    out
}
