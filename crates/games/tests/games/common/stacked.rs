//! What the references of the chess games on stacked boards share
//! (common/jocly3d_reference.rs, common/millennium_reference.rs): a
//! mailbox of levels of files × ranks, read from and written as the
//! placement of a position string; pieces walking vectors over it;
//! castling from a table, en passant and the castling rights; legality
//! by playing the move on a copy and looking for an attack on the King.
//! Each game gives its pieces' moves and its notation
//! ([`StackedRules`]). Slow and simple on purpose, and sharing no code
//! with the core.

use std::marker::PhantomData;

use chess3d_core::{MoveKind, Variant};
use chess3d_games::file::LargeFileRules;

use crate::common::{compare_with_reference, rank_text, vectors_of_shape, Compared, Reference};

/// File (a = 0 …), rank (1 = 0 …), level (the bottom one = 0).
pub type Sq = (i32, i32, i32);

pub fn add((x, y, z): Sq, (dx, dy, dz): Sq) -> Sq {
    (x + dx, y + dy, z + dz)
}

/// Every vector of one step in 3-D along which `changed` coordinates
/// move: 1, the 6 orthogonal; 2, the 12 two-coordinate diagonal; 3, the
/// 8 three-coordinate diagonal.
pub fn steps(changed: usize) -> Vec<Sq> {
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                let n = [dx, dy, dz].iter().filter(|&&d| d != 0).count();
                if n == changed {
                    out.push((dx, dy, dz));
                }
            }
        }
    }
    out
}

/// The Knight's 24 leaps: 2 along one axis, 1 along another.
pub fn knight_leaps() -> Vec<Sq> {
    vectors_of_shape([0, 1, 2])
        .into_iter()
        .map(|[x, y, z]| (x, y, z))
        .collect()
}

/// The castling field of rights K, Q, k and q (`-` for none).
fn castling_field(rights: [bool; 4]) -> String {
    let s: String = ['K', 'Q', 'k', 'q']
        .iter()
        .zip(rights)
        .filter(|(_, on)| *on)
        .map(|(c, _)| *c)
        .collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

/// The cells of `levels` boards of `files` × `ranks`; upper case White's
/// pieces, lower case Black's.
#[derive(Clone)]
pub struct Stack {
    files: i32,
    ranks: i32,
    levels: i32,
    cells: Vec<Option<char>>,
}

impl Stack {
    /// Reads a placement: the levels from the bottom one, separated by
    /// `|`, each from its last rank down, digits counting empty cells.
    pub fn read(placement: &str, files: i32, ranks: i32, levels: i32) -> Stack {
        let mut stack = Stack {
            files,
            ranks,
            levels,
            cells: vec![None; (files * ranks * levels) as usize],
        };
        for (z, level) in placement.split('|').enumerate() {
            for (row, y) in level.split('/').zip((0..ranks).rev()) {
                let mut x = 0;
                let mut run = 0;
                for ch in row.chars() {
                    match ch.to_digit(10) {
                        Some(n) => run = run * 10 + n as i32,
                        None => {
                            x += run;
                            run = 0;
                            stack.set((x, y, z as i32), Some(ch));
                            x += 1;
                        }
                    }
                }
            }
        }
        stack
    }

    pub fn on(&self, (x, y, z): Sq) -> bool {
        (0..self.files).contains(&x)
            && (0..self.ranks).contains(&y)
            && (0..self.levels).contains(&z)
    }

    fn index(&self, (x, y, z): Sq) -> usize {
        ((z * self.ranks + y) * self.files + x) as usize
    }

    pub fn at(&self, s: Sq) -> Option<char> {
        self.cells[self.index(s)]
    }

    pub fn set(&mut self, s: Sq, piece: Option<char>) {
        let i = self.index(s);
        self.cells[i] = piece;
    }

    pub fn cells(&self) -> Vec<Sq> {
        let (files, ranks) = (self.files, self.ranks);
        (0..self.levels)
            .flat_map(|z| (0..ranks).flat_map(move |y| (0..files).map(move |x| (x, y, z))))
            .collect()
    }

    /// The cell of `piece`, if it is on the board.
    pub fn find(&self, piece: char) -> Option<Sq> {
        self.cells()
            .into_iter()
            .find(|&s| self.at(s) == Some(piece))
    }

    /// The placement as [`Stack::read`] reads it.
    pub fn placement(&self) -> String {
        let levels: Vec<String> = (0..self.levels)
            .map(|z| {
                (0..self.ranks)
                    .rev()
                    .map(|y| rank_text((0..self.files).map(|x| self.at((x, y, z)))))
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect();
        levels.join("|")
    }

    /// The cells a piece of `white`'s on `from` reaches along each of
    /// `vectors`, one step or (`slides`) until blocked: the empty ones if
    /// it `moves` there, the enemy-held one if it `captures`.
    pub fn targets(
        &self,
        from: Sq,
        white: bool,
        vectors: &[Sq],
        slides: bool,
        (moves, captures): (bool, bool),
    ) -> Vec<Sq> {
        let mut out = Vec::new();
        for &v in vectors {
            let mut to = add(from, v);
            while self.on(to) {
                match self.at(to) {
                    None => {
                        if moves {
                            out.push(to);
                        }
                    }
                    Some(c) => {
                        if captures && c.is_ascii_uppercase() != white {
                            out.push(to);
                        }
                        break;
                    }
                }
                if !slides {
                    break;
                }
                to = add(to, v);
            }
        }
        out
    }
}

/// A castling: the King's and the Rook's from and to cells, the cells
/// that must be empty, and those the King may not stand on attacked.
pub struct Castling {
    pub king: (Sq, Sq),
    pub rook: (Sq, Sq),
    pub empty: &'static [Sq],
    pub safe: &'static [Sq],
}

#[derive(Clone, Copy, Debug)]
pub enum RefMove {
    Plain {
        from: Sq,
        to: Sq,
        promotion: Option<char>,
        /// Taking the Pawn that just passed `to`.
        en_passant: bool,
        /// The cell a double step passes.
        passed: Option<Sq>,
    },
    /// The castling of that index in [`StackedRules::CASTLINGS`].
    Castle(usize),
}

impl RefMove {
    pub fn plain(from: Sq, to: Sq) -> RefMove {
        RefMove::Plain {
            from,
            to,
            promotion: None,
            en_passant: false,
            passed: None,
        }
    }

    /// A Pawn's capture en passant onto `to`, the cell a double step passed.
    pub fn en_passant(from: Sq, to: Sq) -> RefMove {
        RefMove::Plain {
            from,
            to,
            promotion: None,
            en_passant: true,
            passed: None,
        }
    }
}

/// What a game on stacked boards gives of its own.
pub trait StackedRules: Clone {
    /// Files, ranks and levels.
    const SIZE: (i32, i32, i32);
    /// The castlings of the castling field's letters K, Q, k and q.
    const CASTLINGS: [Castling; 4];
    /// The moves of `white`'s pieces by their rules, castling aside; en
    /// passant where `ep` holds the cell a double step passed and the
    /// Pawn that made it.
    fn piece_moves(board: &Stack, white: bool, ep: Option<(Sq, Sq)>) -> Vec<RefMove>;
    /// A move's text in the game's notation.
    fn text(board: &Stack, m: RefMove) -> String;
    /// Reads the en-passant field (not `-`) of a position string.
    fn read_ep(field: &str, white_to_move: bool) -> (Sq, Sq);
}

/// A Pawn's move to `to`: one for each of Queen, Rook, Bishop and
/// Knight where it promotes, else the plain move.
pub fn pawn_move(
    white: bool,
    from: Sq,
    to: Sq,
    promotes: bool,
    passed: Option<Sq>,
) -> Vec<RefMove> {
    let choices: Vec<Option<char>> = if promotes {
        let case = |p: char| if white { p } else { p.to_ascii_lowercase() };
        ['Q', 'R', 'B', 'N'].map(|p| Some(case(p))).to_vec()
    } else {
        vec![None]
    };
    choices
        .into_iter()
        .map(|promotion| RefMove::Plain {
            from,
            to,
            promotion,
            en_passant: false,
            passed,
        })
        .collect()
}

#[derive(Clone)]
pub struct StackedPos<G> {
    pub board: Stack,
    pub white_to_move: bool,
    rights: [bool; 4],
    /// The cell a double step passed, and the Pawn that made it.
    ep: Option<(Sq, Sq)>,
    game: PhantomData<G>,
}

impl<G: StackedRules> StackedPos<G> {
    /// Reads a position string: the placement, the side, the castling
    /// letters, the en-passant field.
    pub fn from_text(text: &str) -> Self {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (files, ranks, levels) = G::SIZE;
        let white_to_move = fields[1] == "w";
        StackedPos {
            board: Stack::read(fields[0], files, ranks, levels),
            white_to_move,
            rights: ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c)),
            ep: (fields[3] != "-").then(|| G::read_ep(fields[3], white_to_move)),
            game: PhantomData,
        }
    }

    pub fn placement(&self) -> String {
        self.board.placement()
    }

    /// Whether `white`'s pieces attack `cell` (a piece of the other side
    /// standing there could be taken).
    fn attacks(&self, white: bool, cell: Sq) -> bool {
        let mut probe = self.board.clone();
        if probe.at(cell).is_none() {
            probe.set(cell, Some(if white { 'x' } else { 'X' }));
        }
        G::piece_moves(&probe, white, None)
            .iter()
            .any(|m| matches!(*m, RefMove::Plain { to, .. } if to == cell))
    }

    fn king_attacked(&self, white: bool) -> bool {
        self.board
            .find(if white { 'K' } else { 'k' })
            .is_some_and(|k| self.attacks(!white, k))
    }
}

impl<G: StackedRules> Reference for StackedPos<G> {
    type Move = RefMove;

    fn pseudo_moves(&self) -> Vec<RefMove> {
        let white = self.white_to_move;
        let mut out = G::piece_moves(&self.board, white, self.ep);
        let (first, k, r) = if white { (0, 'K', 'R') } else { (2, 'k', 'r') };
        for (i, c) in G::CASTLINGS.iter().enumerate().skip(first).take(2) {
            if self.rights[i]
                && self.board.at(c.king.0) == Some(k)
                && self.board.at(c.rook.0) == Some(r)
                && c.empty.iter().all(|&e| self.board.at(e).is_none())
                && c.safe.iter().all(|&s| !self.attacks(!white, s))
            {
                out.push(RefMove::Castle(i));
            }
        }
        out
    }

    fn mover_in_check(&self) -> bool {
        self.king_attacked(!self.white_to_move)
    }

    fn apply(&mut self, m: RefMove) {
        let mut touched = Vec::new();
        let ep = self.ep.take();
        match m {
            RefMove::Plain {
                from,
                to,
                promotion,
                en_passant,
                passed,
            } => {
                let piece = self.board.at(from);
                if en_passant {
                    let (_, pawn) = ep.expect("en passant without a double step");
                    self.board.set(pawn, None);
                }
                self.board.set(from, None);
                self.board.set(to, promotion.or(piece));
                self.ep = passed.map(|p| (p, to));
                touched.extend([from, to]);
            }
            RefMove::Castle(i) => {
                let c = &G::CASTLINGS[i];
                let (k, r) = (self.board.at(c.king.0), self.board.at(c.rook.0));
                self.board.set(c.king.0, None);
                self.board.set(c.rook.0, None);
                self.board.set(c.king.1, k);
                self.board.set(c.rook.1, r);
                touched.extend([c.king.0, c.rook.0]);
            }
        }
        // A right goes when its King or Rook leaves its cell or is taken.
        for (i, c) in G::CASTLINGS.iter().enumerate() {
            if touched.contains(&c.king.0) || touched.contains(&c.rook.0) {
                self.rights[i] = false;
            }
        }
        self.white_to_move = !self.white_to_move;
    }

    fn text(&self, m: RefMove) -> String {
        G::text(&self.board, m)
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.white_to_move)
    }

    fn state(&self) -> String {
        format!("{} {}", self.placement(), castling_field(self.rights))
    }
}

/// What random games met, to show that a comparison reached the rare
/// rules.
#[derive(Default, Debug)]
pub struct Seen {
    pub castlings: usize,
    pub en_passant: usize,
    pub promotions: usize,
    pub across_levels: usize,
}

/// `games` seeded random games of `plies` each, from each of `starts` in
/// turn, the reference's legal moves, check status, placement and
/// castling rights compared with the game's at every position. Asserts
/// that at least `positions` were compared, among them checks, and that
/// the games met castling, en passant, promotions and moves across
/// levels.
pub fn random_games_agree<G: StackedRules>(
    game: &Variant<LargeFileRules>,
    starts: &[String],
    (games, plies): (u64, usize),
    positions: usize,
) {
    let (mut seen, mut compared) = (Seen::default(), Compared::default());
    for seed in 0..games {
        let text = &starts[seed as usize % starts.len()];
        compare_with_reference(
            game.position(text).unwrap(),
            StackedPos::<G>::from_text(text),
            (seed, plies, 0.3),
            |p| {
                let text = p.to_text();
                let f: Vec<&str> = text.split(' ').collect();
                format!("{} {}", f[0], f[2])
            },
            |p, m| {
                let t = p.tables();
                seen.castlings += (m.kind == MoveKind::Castle) as usize;
                seen.en_passant += (m.kind == MoveKind::EnPassant) as usize;
                seen.promotions += m.promotion.is_some() as usize;
                seen.across_levels += (t.geo.coord(m.from)[2] != t.geo.coord(m.to)[2]) as usize;
            },
            &mut compared,
        );
    }
    println!("{seen:?} {compared:?}");
    assert!(compared.positions > positions, "{compared:?}");
    assert!(compared.checks > 0, "{compared:?}");
    assert!(
        seen.castlings > 0 && seen.en_passant > 0 && seen.promotions > 0 && seen.across_levels > 0,
        "{seen:?}"
    );
}
