//! A second, deliberately naive implementation of Star Trek 3-D Chess,
//! written from RULINGS.md §3's wording and sharing no code with the core:
//! a mailbox of (file, rank, level), the boards as a list, the path rule
//! evaluated afresh for every move exactly as worded (ceiling, the highest
//! path level not above it, all path squares occupied, open air), slides
//! that never stop early except at a column with no square, and legality
//! by playing the move on a copy and looking for any enemy move onto the
//! King. Slow on purpose; the tests compare the real generator with it.

use crate::common::{rank_text, Reference};

/// (file 0–5, rank 0–9, level 1–7).
pub type Sq = (i32, i32, i32);

const FILES: &[u8] = b"abcdef";

/// "12 attack-board pins, named by the main-board corner square they
/// stand on", with the four columns a board there covers ("b1(2) → a0 b0
/// a1 b1; b4(2) → a4 b4 a5 b5; b3(4) → a2 b2 a3 b3; b6(4) → a6 b6 a7 b7;
/// b5(6) → a4 b4 a5 b5; b8(6) → a8 b8 a9 b9; the e-pins likewise with
/// files e f"): (name, level, lower rank of the two covered).
const PINS: [(&str, i32, i32); 12] = [
    ("b1(2)", 2, 0),
    ("e1(2)", 2, 0),
    ("b4(2)", 2, 4),
    ("e4(2)", 2, 4),
    ("b3(4)", 4, 2),
    ("e3(4)", 4, 2),
    ("b6(4)", 4, 6),
    ("e6(4)", 4, 6),
    ("b5(6)", 6, 4),
    ("e5(6)", 6, 4),
    ("b8(6)", 6, 8),
    ("e8(6)", 6, 8),
];

/// "Pin neighbours: b1(2)↔b3(4); b3(4)↔b4(2), b5(6); b4(2)↔b5(6), b6(4);
/// b5(6)↔b6(4); b6(4)↔b8(6) (and the same on file e)."
const NEIGHBOURS: [(&str, &str); 7] = [
    ("1(2)", "3(4)"),
    ("3(4)", "4(2)"),
    ("3(4)", "5(6)"),
    ("4(2)", "5(6)"),
    ("4(2)", "6(4)"),
    ("5(6)", "6(4)"),
    ("6(4)", "8(6)"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ab {
    pin: usize,
    inverted: bool,
    white: bool,
}

impl Ab {
    fn level(self) -> i32 {
        PINS[self.pin].1 + if self.inverted { -1 } else { 1 }
    }

    /// Its squares, lower rank first, then the lower file.
    fn squares(self) -> [Sq; 4] {
        let x0 = if PINS[self.pin].0.starts_with('b') {
            0
        } else {
            4
        };
        let y0 = PINS[self.pin].2;
        let z = self.level();
        [
            (x0, y0, z),
            (x0 + 1, y0, z),
            (x0, y0 + 1, z),
            (x0 + 1, y0 + 1, z),
        ]
    }

    fn name(self) -> String {
        format!(
            "{}{}",
            PINS[self.pin].0,
            if self.inverted { "i" } else { "" }
        )
    }
}

/// "Main boards (fixed): level 2 = files b–e × ranks 1–4; level 4 = b–e ×
/// 3–6; level 6 = b–e × 5–8."
fn on_main_board((x, y, z): Sq) -> bool {
    (1..=4).contains(&x)
        && match z {
            2 => (1..=4).contains(&y),
            4 => (3..=6).contains(&y),
            6 => (5..=8).contains(&y),
            _ => false,
        }
}

pub fn name((x, y, z): Sq) -> String {
    format!("{}{y}({z})", FILES[x as usize] as char)
}

fn parse_square(s: &str) -> Option<Sq> {
    let first = *s.as_bytes().first()?;
    let x = FILES.iter().position(|&f| f == first)? as i32;
    let (y, rest) = s[1..].split_once('(')?;
    let z = rest.strip_suffix(')')?;
    Some((x, y.parse().ok()?, z.parse().ok()?))
}

#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    kind: MoveType,
    from: Sq,
    to: Sq,
    promo: Option<char>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveType {
    Piece,
    EnPassant,
    CastleKing,
    CastleQueen,
    /// An attack board: from board index to (pin, inverted).
    Board(usize, usize, bool),
}

#[derive(Clone)]
pub struct RefPos {
    /// Pieces by square: upper case White.
    pieces: std::collections::BTreeMap<Sq, char>,
    boards: Vec<Ab>,
    pub white: bool,
    /// White O-O, White O-O-O, Black O-O, Black O-O-O.
    castling: [bool; 4],
    /// Pawns that have never moved.
    unmoved: Vec<Sq>,
    /// The pawn that has just double-stepped.
    ep: Option<Sq>,
    rook_pawn: bool,
}

impl RefPos {
    pub fn from_text(text: &str, rook_pawn: bool) -> RefPos {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut boards = Vec::new();
        for item in f[6].split(',') {
            let (slot, owner) = item.split_once(':').unwrap();
            let (pin, inverted) = match slot.strip_suffix('i') {
                Some(p) => (p, true),
                None => (slot, false),
            };
            boards.push(Ab {
                pin: PINS.iter().position(|p| p.0 == pin).unwrap(),
                inverted,
                white: owner == "w",
            });
        }
        let mut pos = RefPos {
            pieces: Default::default(),
            boards,
            white: f[1] == "w",
            castling: [
                f[2].contains('K'),
                f[2].contains('Q'),
                f[2].contains('k'),
                f[2].contains('q'),
            ],
            unmoved: Vec::new(),
            ep: None,
            rook_pawn,
        };
        for (level_text, z) in f[0].split('|').zip(1..) {
            for (row, y) in level_text.split('/').zip(Self::ranks_of_level(z)) {
                let files = Self::files_of_row(z, y);
                let mut i = 0;
                let mut digits = String::new();
                for ch in row.chars() {
                    if ch.is_ascii_digit() {
                        digits.push(ch);
                        continue;
                    }
                    if !digits.is_empty() {
                        i += digits.parse::<usize>().unwrap();
                        digits.clear();
                    }
                    pos.pieces.insert((files[i], y, z), ch);
                    i += 1;
                }
            }
        }
        // "Pawns that have never moved": on their start squares, unless
        // listed as moved.
        let starts = [
            (
                "P",
                [
                    "a1(3)", "b1(3)", "e1(3)", "f1(3)", "b2(2)", "c2(2)", "d2(2)", "e2(2)",
                ],
            ),
            (
                "p",
                [
                    "a8(7)", "b8(7)", "e8(7)", "f8(7)", "b7(6)", "c7(6)", "d7(6)", "e7(6)",
                ],
            ),
        ];
        let moved: Vec<Sq> = if f[7] == "-" {
            Vec::new()
        } else {
            f[7].split(',').map(|s| parse_square(s).unwrap()).collect()
        };
        for (letter, squares) in starts {
            for s in squares {
                let sq = parse_square(s).unwrap();
                if pos.pieces.get(&sq).map(|c| c.to_string()) == Some(letter.to_string())
                    && !moved.contains(&sq)
                {
                    pos.unmoved.push(sq);
                }
            }
        }
        pos.ep = (f[8] != "-").then(|| parse_square(f[8]).unwrap());
        pos
    }

    /// Every square that can ever exist on level `z`.
    fn potential(z: i32) -> Vec<Sq> {
        let mut v = Vec::new();
        for y in 0..10 {
            for x in 0..6 {
                let sq = (x, y, z);
                let on_some_board = (0..12).any(|pin| {
                    [false, true].iter().any(|&inverted| {
                        Ab {
                            pin,
                            inverted,
                            white: true,
                        }
                        .squares()
                        .contains(&sq)
                    })
                });
                if on_main_board(sq) || on_some_board {
                    v.push(sq);
                }
            }
        }
        v
    }

    fn ranks_of_level(z: i32) -> Vec<i32> {
        let mut ys: Vec<i32> = Self::potential(z).iter().map(|s| s.1).collect();
        ys.dedup();
        ys.reverse();
        ys
    }

    fn files_of_row(z: i32, y: i32) -> Vec<i32> {
        Self::potential(z)
            .iter()
            .filter(|s| s.1 == y)
            .map(|s| s.0)
            .collect()
    }

    fn board_of(&self, sq: Sq) -> Option<usize> {
        self.boards.iter().position(|b| b.squares().contains(&sq))
    }

    fn exists(&self, sq: Sq) -> bool {
        on_main_board(sq) || self.board_of(sq).is_some()
    }

    /// "Its own level for a main-board square, its anchor level for an AB
    /// square."
    fn path_level(&self, sq: Sq) -> i32 {
        match self.board_of(sq) {
            Some(b) => PINS[self.boards[b].pin].1,
            None => sq.2,
        }
    }

    fn column(&self, x: i32, y: i32) -> Vec<Sq> {
        (1..=7)
            .map(|z| (x, y, z))
            .filter(|&s| self.exists(s))
            .collect()
    }

    fn white_piece(c: char) -> bool {
        c.is_ascii_uppercase()
    }

    fn own(&self, sq: Sq) -> bool {
        self.pieces
            .get(&sq)
            .is_some_and(|&c| Self::white_piece(c) == self.white)
    }

    fn enemy(&self, sq: Sq) -> bool {
        self.pieces
            .get(&sq)
            .is_some_and(|&c| Self::white_piece(c) != self.white)
    }

    fn empty(&self, sq: Sq) -> bool {
        !self.pieces.contains_key(&sq)
    }

    /// The path rule as worded: "Let the ceiling be the higher path level
    /// of start and target. In each column strictly between them, the path
    /// squares are that column's squares at the highest path level not
    /// above the ceiling … The column blocks the move only if ALL its path
    /// squares are occupied. A column with no square at or below the
    /// ceiling is open air and never blocks."
    pub fn path_open(&self, from: Sq, to: Sq) -> bool {
        let ceiling = self.path_level(from).max(self.path_level(to));
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let steps = dx.abs().max(dy.abs());
        for k in 1..steps {
            let (x, y) = (from.0 + dx / steps * k, from.1 + dy / steps * k);
            let below: Vec<Sq> = self
                .column(x, y)
                .into_iter()
                .filter(|&s| self.path_level(s) <= ceiling)
                .collect();
            let Some(top) = below.iter().map(|&s| self.path_level(s)).max() else {
                continue;
            };
            let path: Vec<&Sq> = below
                .iter()
                .filter(|&&s| self.path_level(s) == top)
                .collect();
            if path.iter().all(|&&s| !self.empty(s)) {
                return false;
            }
        }
        true
    }

    fn forward(&self) -> i32 {
        if self.white {
            1
        } else {
            -1
        }
    }

    fn promotion_rank(&self, y: i32) -> bool {
        if self.white {
            y >= 8
        } else {
            y <= 1
        }
    }

    /// Moves of the pieces (not castling, not boards); with `attacks_only`
    /// just the captures a piece threatens (pawns' diagonal and rook-pawn
    /// captures onto any square, as attacks).
    fn piece_moves(&self, out: &mut Vec<RefMove>) {
        let fwd = self.forward();
        for (&from, &c) in &self.pieces {
            if Self::white_piece(c) != self.white {
                continue;
            }
            let (x, y, _) = from;
            let to_column =
                |out: &mut Vec<RefMove>, cx: i32, cy: i32, need: fn(&RefPos, Sq) -> bool| {
                    for to in self.column(cx, cy) {
                        if need(self, to) {
                            out.push(RefMove {
                                kind: MoveType::Piece,
                                from,
                                to,
                                promo: None,
                            });
                        }
                    }
                };
            let not_own = |p: &RefPos, s: Sq| !p.own(s);
            match c.to_ascii_uppercase() {
                'K' => {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            if (dx, dy) != (0, 0) {
                                to_column(out, x + dx, y + dy, not_own);
                            }
                        }
                    }
                }
                'N' => {
                    for (dx, dy) in [
                        (1, 2),
                        (2, 1),
                        (-1, 2),
                        (-2, 1),
                        (1, -2),
                        (2, -1),
                        (-1, -2),
                        (-2, -1),
                    ] {
                        to_column(out, x + dx, y + dy, not_own);
                    }
                }
                'R' | 'B' | 'Q' => {
                    let upper = c.to_ascii_uppercase();
                    let mut dirs = Vec::new();
                    if upper != 'B' {
                        dirs.extend([(1, 0), (-1, 0), (0, 1), (0, -1)]);
                    }
                    if upper != 'R' {
                        dirs.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                    }
                    for (dx, dy) in dirs {
                        // "A column with no square at any level ends the ray."
                        for k in 1.. {
                            let (cx, cy) = (x + k * dx, y + k * dy);
                            if !(0..6).contains(&cx) || !(0..10).contains(&cy) {
                                break;
                            }
                            let column = self.column(cx, cy);
                            if column.is_empty() {
                                break;
                            }
                            for to in column {
                                if !self.own(to) && self.path_open(from, to) {
                                    out.push(RefMove {
                                        kind: MoveType::Piece,
                                        from,
                                        to,
                                        promo: None,
                                    });
                                }
                            }
                        }
                    }
                }
                'P' => {
                    let mut pawn = Vec::new();
                    to_column(&mut pawn, x, y + fwd, |p, s| p.empty(s));
                    to_column(&mut pawn, x - 1, y + fwd, |p, s| p.enemy(s));
                    to_column(&mut pawn, x + 1, y + fwd, |p, s| p.enemy(s));
                    let unmoved = self.unmoved.contains(&from);
                    if unmoved {
                        for to in self.column(x, y + 2 * fwd) {
                            if self.empty(to) && self.path_open(from, to) {
                                pawn.push(RefMove {
                                    kind: MoveType::Piece,
                                    from,
                                    to,
                                    promo: None,
                                });
                            }
                        }
                    }
                    if self.rook_pawn && (x == 0 || x == 5) {
                        let i = if x == 0 { 1 } else { -1 };
                        to_column(&mut pawn, x + i, y, |p, s| p.empty(s));
                        to_column(&mut pawn, x + i, y - fwd, |p, s| p.enemy(s));
                        if unmoved {
                            for to in self.column(x + 2 * i, y) {
                                if self.empty(to) && self.path_open(from, to) {
                                    pawn.push(RefMove {
                                        kind: MoveType::Piece,
                                        from,
                                        to,
                                        promo: None,
                                    });
                                }
                            }
                        }
                    }
                    if let Some(v) = self.ep {
                        if v.1 == y && (v.0 - x).abs() == 1 {
                            for to in self.column(v.0, v.1 + fwd) {
                                if self.empty(to) {
                                    pawn.push(RefMove {
                                        kind: MoveType::EnPassant,
                                        from,
                                        to,
                                        promo: None,
                                    });
                                }
                            }
                        }
                    }
                    for m in pawn {
                        if self.promotion_rank(m.to.1) {
                            for p in ['Q', 'R', 'B', 'N'] {
                                out.push(RefMove {
                                    promo: Some(p),
                                    ..m
                                });
                            }
                        } else {
                            out.push(m);
                        }
                    }
                }
                other => panic!("not a piece: {other}"),
            }
        }
    }

    fn king(&self, white: bool) -> Option<Sq> {
        let k = if white { 'K' } else { 'k' };
        self.pieces.iter().find(|(_, &c)| c == k).map(|(&s, _)| s)
    }

    /// Whether the side `white` attacks `sq`: one of its piece moves (the
    /// other side's King imagined there) would capture on it.
    fn attacks(&self, white: bool, sq: Sq) -> bool {
        let mut probe = self.clone();
        probe.white = white;
        probe.ep = None;
        if probe.empty(sq) || probe.own(sq) {
            probe.pieces.insert(sq, if white { 'k' } else { 'K' });
        }
        let mut moves = Vec::new();
        probe.piece_moves(&mut moves);
        moves
            .iter()
            .any(|m| m.to == sq && m.kind == MoveType::Piece && probe.enemy(sq))
    }

    fn castle_moves(&self, out: &mut Vec<RefMove>) {
        let (rank, z, k, q) = if self.white {
            (0, 3, 0, 1)
        } else {
            (9, 7, 2, 3)
        };
        let king = (4, rank, z);
        if self.king(self.white) != Some(king) || self.attacks(!self.white, king) {
            return;
        }
        if self.castling[k] {
            out.push(RefMove {
                kind: MoveType::CastleKing,
                from: king,
                to: (5, rank, z),
                promo: None,
            });
        }
        if self.castling[q] && self.empty((1, rank, z)) {
            out.push(RefMove {
                kind: MoveType::CastleQueen,
                from: king,
                to: (1, rank, z),
                promo: None,
            });
        }
    }

    fn board_moves(&self, out: &mut Vec<RefMove>) {
        let pawn = if self.white { 'P' } else { 'p' };
        for (i, b) in self.boards.iter().enumerate() {
            if b.white != self.white {
                continue;
            }
            let load: Vec<(usize, char)> = b
                .squares()
                .iter()
                .enumerate()
                .filter_map(|(j, s)| self.pieces.get(s).map(|&c| (j, c)))
                .collect();
            let rider = match load.as_slice() {
                [] => None,
                [(j, c)] if *c == pawn => Some(*j),
                _ => continue,
            };
            let file = &PINS[b.pin].0[..1];
            let here = &PINS[b.pin].0[1..];
            let mut pins = vec![b.pin];
            for (a, c) in NEIGHBOURS {
                for (p, other) in [(a, c), (c, a)] {
                    if p == here {
                        let name = format!("{file}{other}");
                        pins.push(PINS.iter().position(|q| q.0 == name).unwrap());
                    }
                }
            }
            for pin in pins {
                for inverted in [false, true] {
                    if (pin, inverted) == (b.pin, b.inverted)
                        || self
                            .boards
                            .iter()
                            .any(|o| o.pin == pin && o.inverted == inverted)
                    {
                        continue;
                    }
                    let moved = Ab {
                        pin,
                        inverted,
                        ..*b
                    };
                    let m = RefMove {
                        kind: MoveType::Board(i, pin, inverted),
                        from: b.squares()[0],
                        to: moved.squares()[0],
                        promo: None,
                    };
                    match rider {
                        Some(j) if self.promotion_rank(moved.squares()[j].1) => {
                            for p in ['Q', 'R', 'B', 'N'] {
                                out.push(RefMove {
                                    promo: Some(p),
                                    ..m
                                });
                            }
                        }
                        _ => out.push(m),
                    }
                }
            }
        }
    }

    fn boards_text(&self) -> String {
        let mut v: Vec<(usize, String)> = self
            .boards
            .iter()
            .map(|b| {
                (
                    2 * b.pin + b.inverted as usize,
                    format!("{}:{}", b.name(), if b.white { 'w' } else { 'b' }),
                )
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, s)| s).collect::<Vec<_>>().join(",")
    }
}

impl Reference for RefPos {
    type Move = RefMove;

    fn pseudo_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        self.piece_moves(&mut out);
        self.castle_moves(&mut out);
        self.board_moves(&mut out);
        out
    }

    fn mover_in_check(&self) -> bool {
        match self.king(!self.white) {
            Some(k) => self.attacks(self.white, k),
            None => true,
        }
    }

    fn apply(&mut self, m: RefMove) {
        let mut captured: Option<(Sq, char)> = None;
        match m.kind {
            MoveType::Piece | MoveType::EnPassant => {
                let victim_sq = if m.kind == MoveType::EnPassant {
                    self.ep.unwrap()
                } else {
                    m.to
                };
                if let Some(c) = self.pieces.remove(&victim_sq) {
                    captured = Some((victim_sq, c));
                }
                let piece = self.pieces.remove(&m.from).unwrap();
                let placed = match m.promo {
                    Some(p) if self.white => p,
                    Some(p) => p.to_ascii_lowercase(),
                    None => piece,
                };
                self.pieces.insert(m.to, placed);
                self.unmoved
                    .retain(|&s| s != m.from && s != m.to && s != victim_sq);
                let double = piece.eq_ignore_ascii_case(&'P')
                    && m.from.0 == m.to.0
                    && (m.from.1 - m.to.1).abs() == 2;
                self.ep = double.then_some(m.to);
            }
            MoveType::CastleKing | MoveType::CastleQueen => {
                let (rank, z) = (m.from.1, m.from.2);
                let king = self.pieces.remove(&m.from).unwrap();
                let rook_from = if m.kind == MoveType::CastleKing {
                    (5, rank, z)
                } else {
                    (0, rank, z)
                };
                let rook = self.pieces.remove(&rook_from).unwrap();
                self.pieces.insert(m.to, king);
                self.pieces.insert(m.from, rook);
                self.ep = None;
            }
            MoveType::Board(i, pin, inverted) => {
                let old = self.boards[i];
                let new = Ab {
                    pin,
                    inverted,
                    ..old
                };
                for (j, s) in old.squares().iter().enumerate() {
                    if let Some(c) = self.pieces.remove(s) {
                        let placed = match m.promo {
                            Some(p) if self.white => p,
                            Some(p) => p.to_ascii_lowercase(),
                            None => c,
                        };
                        self.pieces.insert(new.squares()[j], placed);
                        self.unmoved.retain(|u| u != s);
                    }
                }
                self.boards[i] = new;
                self.ep = None;
            }
        }
        // "When a capture removes the last piece of the owner's colour from
        // an AB, the AB passes to the capturing side."
        if let Some((sq, c)) = captured {
            if let Some(b) = self.board_of(sq) {
                let owner = self.boards[b].white;
                let left = self.boards[b].squares().iter().any(|s| {
                    self.pieces
                        .get(s)
                        .is_some_and(|&p| Self::white_piece(p) == owner)
                });
                if Self::white_piece(c) == owner && !left {
                    self.boards[b].white = self.white;
                }
            }
        }
        // Castling rights go with a King or Rook leaving or being taken on
        // its home square.
        let homes = [
            [(4, 0, 3), (5, 0, 3)],
            [(4, 0, 3), (0, 0, 3)],
            [(4, 9, 7), (5, 9, 7)],
            [(4, 9, 7), (0, 9, 7)],
        ];
        for (right, squares) in self.castling.iter_mut().zip(homes) {
            if squares.contains(&m.from) || squares.contains(&m.to) {
                *right = false;
            }
        }
        self.white = !self.white;
    }

    fn text(&self, m: RefMove) -> String {
        let promo = m.promo.map(|p| format!("={p}")).unwrap_or_default();
        match m.kind {
            MoveType::CastleKing => "O-O".to_string(),
            MoveType::CastleQueen => "O-O-O".to_string(),
            MoveType::Board(i, pin, inverted) => {
                let new = Ab {
                    pin,
                    inverted,
                    ..self.boards[i]
                };
                format!("L{}-{}{promo}", self.boards[i].name(), new.name())
            }
            MoveType::Piece | MoveType::EnPassant => {
                let capture = m.kind == MoveType::EnPassant || !self.empty(m.to);
                format!(
                    "{}{}{}{promo}",
                    name(m.from),
                    if capture { 'x' } else { '-' },
                    name(m.to)
                )
            }
        }
    }

    fn in_check(&self) -> bool {
        self.king(self.white)
            .is_some_and(|k| self.attacks(!self.white, k))
    }

    /// The placement (every level, every potential square) and the boards.
    fn state(&self) -> String {
        let levels: Vec<String> = (1..=7)
            .map(|z| {
                Self::ranks_of_level(z)
                    .iter()
                    .map(|&y| {
                        rank_text(
                            Self::files_of_row(z, y)
                                .iter()
                                .map(|&x| self.pieces.get(&(x, y, z)).copied()),
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect();
        format!("{} {}", levels.join("|"), self.boards_text())
    }
}
