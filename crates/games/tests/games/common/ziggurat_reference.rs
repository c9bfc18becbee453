//! A second, independent implementation of Ziggurat Three Dimensional
//! Chess, written from RULINGS.md §1 and seed 000 alone and sharing no code
//! with the core: a mailbox indexed by doubled coordinates, each piece's
//! vectors built from the seed's words (the Falcon as "two squares along a
//! transverse, then one at an angle"), legality by copying the board and
//! looking outward from the King for level-0 attackers only. Slow and
//! simple on purpose; the tests compare the real generator with it.

use crate::common::{rank_text, Reference};

/// Doubled coordinates (x, y, z) of RULINGS.md §1.
pub type C = [i32; 3];

/// Piece letters as in position strings; 0 is an empty square.
type Sq = u8;

#[derive(Clone)]
pub struct RefPos {
    /// Indexed [z][y][x]; coordinates that are not squares stay 0.
    board: [[[Sq; 15]; 15]; 8],
    pub white: bool,
    /// Castling rights: White O-O, White O-O-O, Black O-O, Black O-O-O.
    castling: [bool; 4],
    /// After a double step: (skipped square, the pawn that made it).
    ep: Option<(C, C)>,
    /// Promotion choices (the default set or the wide option's).
    choices: &'static [u8],
}

pub const DEFAULT_CHOICES: &[u8] = b"QNW";
pub const WIDE_CHOICES: &[u8] = b"WCAFLQRBN";

#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    from: C,
    to: C,
    promo: Option<u8>,
    /// The promotion is a Guard's compulsory change into a Pawn.
    becomes_pawn: bool,
    en_passant: bool,
    double: bool,
    capture: bool,
    /// 0 none, 1 O-O, 2 O-O-O.
    castle: u8,
}

pub fn exists(c: C) -> bool {
    let [x, y, z] = c;
    let n = 8 - z;
    (0..8).contains(&z)
        && x >= z
        && y >= z
        && (x - z) % 2 == 0
        && (y - z) % 2 == 0
        && (x - z) / 2 < n
        && (y - z) / 2 < n
}

/// Level digit, file letter and rank number.
pub fn name(c: C) -> String {
    let [x, y, z] = c;
    format!(
        "{z}{}{}",
        (b'a' + ((x - z) / 2) as u8) as char,
        (y - z) / 2 + 1
    )
}

pub fn square(level: i32, file: char, rank: i32) -> C {
    let i = file as i32 - 'a' as i32;
    [2 * i + level, 2 * (rank - 1) + level, level]
}

fn add(a: C, b: C) -> C {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn all_vectors(range: std::ops::RangeInclusive<i32>) -> Vec<C> {
    let mut out = Vec::new();
    for a in range.clone() {
        for b in range.clone() {
            for c in range.clone() {
                if [a, b, c] != [0, 0, 0] {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}

/// The eight transverses, one level at a time.
fn transverses() -> Vec<C> {
    all_vectors(-1..=1)
        .into_iter()
        .filter(|v| v.iter().all(|&c| c != 0))
        .collect()
}

/// Rank, file and column: one coordinate of ±2.
fn orthogonals() -> Vec<C> {
    all_vectors(-2..=2)
        .into_iter()
        .filter(|v| v.iter().all(|&c| c % 2 == 0) && v.iter().filter(|&&c| c != 0).count() == 1)
        .collect()
}

/// Diagonals in any plane: two coordinates of ±2, one of 0.
fn diagonals() -> Vec<C> {
    all_vectors(-2..=2)
        .into_iter()
        .filter(|v| v.iter().all(|&c| c % 2 == 0) && v.iter().filter(|&&c| c != 0).count() == 2)
        .collect()
}

fn on_level(vs: Vec<C>) -> Vec<C> {
    vs.into_iter().filter(|v| v[2] == 0).collect()
}

/// The Falcon, from the seed: two squares along a transverse T, then one
/// along one of the four other transverses at an angle to it — those that
/// turn left or right (flip the sign of exactly one of x and y), going up
/// or down.
pub fn falcon_vectors() -> Vec<C> {
    let mut out = Vec::new();
    for t in transverses() {
        for u in transverses() {
            let flips_x = u[0] != t[0];
            let flips_y = u[1] != t[1];
            if flips_x != flips_y {
                out.push([2 * t[0] + u[0], 2 * t[1] + u[1], 2 * t[2] + u[2]]);
            }
        }
    }
    out
}

/// The Paladin: a knight's (2, 1) in whole squares along any two of rank,
/// file and column, i.e. (4, 2, 0) in doubled coordinates in any order.
fn paladin_vectors() -> Vec<C> {
    all_vectors(-4..=4)
        .into_iter()
        .filter(|v| {
            let mut a = v.map(i32::abs);
            a.sort();
            a == [0, 2, 4]
        })
        .collect()
}

fn slides(kind: u8) -> Vec<C> {
    match kind {
        b'Q' => on_level([orthogonals(), diagonals()].concat()),
        b'R' => on_level(orthogonals()),
        b'B' => on_level(diagonals()),
        b'W' => [orthogonals(), diagonals(), transverses()].concat(),
        b'A' => orthogonals(),
        b'C' => transverses(),
        _ => Vec::new(),
    }
}

fn leaps(kind: u8) -> Vec<C> {
    match kind {
        b'K' => on_level([orthogonals(), diagonals()].concat()),
        b'N' => on_level(paladin_vectors()),
        b'L' => paladin_vectors(),
        b'F' => falcon_vectors(),
        _ => Vec::new(),
    }
}

fn is_white(p: Sq) -> bool {
    p.is_ascii_uppercase()
}

/// The six orthodox types: the only ones that give check or may take a King.
fn level_0_type(kind: u8) -> bool {
    b"KQRBNP".contains(&kind)
}

impl RefPos {
    fn at(&self, c: C) -> Sq {
        self.board[c[2] as usize][c[1] as usize][c[0] as usize]
    }

    fn set(&mut self, c: C, p: Sq) {
        self.board[c[2] as usize][c[1] as usize][c[0] as usize] = p;
    }

    fn own(&self, p: Sq) -> bool {
        p != 0 && is_white(p) == self.white
    }

    fn enemy(&self, p: Sq) -> bool {
        p != 0 && is_white(p) != self.white
    }

    fn all_squares() -> impl Iterator<Item = C> {
        (0..8)
            .flat_map(|z| (0..15).flat_map(move |y| (0..15).map(move |x| [x, y, z])))
            .filter(|&c| exists(c))
    }

    fn forward(&self) -> i32 {
        if self.white {
            2
        } else {
            -2
        }
    }

    fn last_rank(&self, c: C) -> bool {
        c[2] == 0 && c[1] == if self.white { 14 } else { 0 }
    }

    fn pseudo_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        let mv = |from, to, capture| RefMove {
            from,
            to,
            promo: None,
            becomes_pawn: false,
            en_passant: false,
            double: false,
            capture,
            castle: 0,
        };
        let f = self.forward();
        for from in Self::all_squares() {
            let p = self.at(from);
            if !self.own(p) {
                continue;
            }
            let kind = p.to_ascii_uppercase();
            // A non-orthodox piece cannot take the King: its square blocks.
            let takeable =
                |q: Sq| self.enemy(q) && (level_0_type(kind) || !q.eq_ignore_ascii_case(&b'K'));
            let mut dests: Vec<(C, bool)> = Vec::new();
            for v in slides(kind) {
                let mut c = add(from, v);
                while exists(c) {
                    let q = self.at(c);
                    if q == 0 {
                        dests.push((c, false));
                    } else {
                        if takeable(q) {
                            dests.push((c, true));
                        }
                        break;
                    }
                    c = add(c, v);
                }
            }
            for v in leaps(kind) {
                let c = add(from, v);
                if exists(c) && (self.at(c) == 0 || takeable(self.at(c))) {
                    dests.push((c, self.at(c) != 0));
                }
            }
            if kind == b'P' || kind == b'G' {
                let one = add(from, [0, f, 0]);
                if exists(one) && self.at(one) == 0 {
                    dests.push((one, false));
                    let two = add(one, [0, f, 0]);
                    let start = if self.white { 2 } else { 12 };
                    if kind == b'P' && from[1] == start && self.at(two) == 0 {
                        out.push(RefMove {
                            double: true,
                            ..mv(from, two, false)
                        });
                    }
                }
                let mut captures = vec![[2, f, 0], [-2, f, 0]];
                if kind == b'G' {
                    captures.extend([[1, f / 2, -1], [-1, f / 2, -1]]);
                }
                for v in captures {
                    let c = add(from, v);
                    if exists(c) && takeable(self.at(c)) {
                        dests.push((c, true));
                    }
                    if let Some((target, _)) = self.ep.filter(|_| kind == b'P') {
                        if c == target {
                            out.push(RefMove {
                                en_passant: true,
                                ..mv(from, c, true)
                            });
                        }
                    }
                }
                for (to, capture) in dests.drain(..) {
                    if self.last_rank(to) {
                        for &l in self.choices {
                            out.push(RefMove {
                                promo: Some(l),
                                ..mv(from, to, capture)
                            });
                        }
                    } else if kind == b'G' && to[2] == 0 {
                        out.push(RefMove {
                            promo: Some(b'P'),
                            becomes_pawn: true,
                            ..mv(from, to, capture)
                        });
                    } else {
                        out.push(mv(from, to, capture));
                    }
                }
                continue;
            }
            for (to, capture) in dests {
                out.push(mv(from, to, capture));
            }
        }
        // Castling: rights, empty squares between on level 0, and no
        // square the King starts on or crosses attacked.
        let rank = if self.white { 1 } else { 8 };
        let sq = |file| square(0, file, rank);
        for (i, files, crossed) in [(0usize, "fg", "ef"), (1, "bcd", "ed")] {
            let right = if self.white { i } else { i + 2 };
            if !self.castling[right] {
                continue;
            }
            let empty = files.chars().all(|file| self.at(sq(file)) == 0);
            let safe = crossed
                .chars()
                .all(|file| !self.attacked(sq(file), !self.white));
            if empty && safe {
                let to = if i == 0 { sq('g') } else { sq('c') };
                out.push(RefMove {
                    castle: i as u8 + 1,
                    ..mv(sq('e'), to, false)
                });
            }
        }
        out
    }

    /// Whether a level-0 type of the colour `by_white` attacks the level-0
    /// square `c`, looking outward from it.
    fn attacked(&self, c: C, by_white: bool) -> bool {
        let theirs = |q: Sq, kinds: &[u8]| {
            q != 0 && is_white(q) == by_white && kinds.contains(&q.to_ascii_uppercase())
        };
        for v in on_level([orthogonals(), diagonals()].concat()) {
            let straight = v[0] == 0 || v[1] == 0;
            let sliders: &[u8] = if straight { b"QR" } else { b"QB" };
            let mut cur = add(c, v);
            while exists(cur) {
                let q = self.at(cur);
                if q != 0 {
                    if theirs(q, sliders) {
                        return true;
                    }
                    break;
                }
                cur = add(cur, v);
            }
            let next = add(c, v);
            if exists(next) && theirs(self.at(next), b"K") {
                return true;
            }
        }
        for v in leaps(b'N') {
            let from = add(c, v);
            if exists(from) && theirs(self.at(from), b"N") {
                return true;
            }
        }
        // A pawn moving along f attacks c from c - (±2, f, 0).
        let f = if by_white { 2 } else { -2 };
        for dx in [-2, 2] {
            let from = [c[0] - dx, c[1] - f, c[2]];
            if exists(from) && theirs(self.at(from), b"P") {
                return true;
            }
        }
        false
    }

    fn king(&self, white: bool) -> C {
        let k = if white { b'K' } else { b'k' };
        Self::all_squares()
            .find(|&c| self.at(c) == k)
            .expect("a King")
    }

    fn apply(&mut self, m: RefMove) {
        let rank = if self.white { 1 } else { 8 };
        if m.castle > 0 {
            let (rook_from, rook_to) = if m.castle == 1 {
                ('h', 'f')
            } else {
                ('a', 'd')
            };
            let rook = self.at(square(0, rook_from, rank));
            self.set(square(0, rook_from, rank), 0);
            self.set(square(0, rook_to, rank), rook);
        }
        if m.en_passant {
            let (_, victim) = self.ep.expect("en passant");
            self.set(victim, 0);
        }
        let mut piece = self.at(m.from);
        self.set(m.from, 0);
        if let Some(l) = m.promo {
            piece = if self.white {
                l
            } else {
                l.to_ascii_lowercase()
            };
        }
        self.set(m.to, piece);
        self.ep = if m.double {
            Some(([m.from[0], (m.from[1] + m.to[1]) / 2, 0], m.to))
        } else {
            None
        };
        // A right is lost when its King or Rook moves or is captured.
        for (right, (k, r)) in [
            (square(0, 'e', 1), square(0, 'h', 1)),
            (square(0, 'e', 1), square(0, 'a', 1)),
            (square(0, 'e', 8), square(0, 'h', 8)),
            (square(0, 'e', 8), square(0, 'a', 8)),
        ]
        .into_iter()
        .enumerate()
        {
            if [k, r].contains(&m.from) || [k, r].contains(&m.to) {
                self.castling[right] = false;
            }
        }
        self.white = !self.white;
    }

    /// The placement field of a position string: levels 0–7, ranks from
    /// the highest, files from a.
    pub fn placement(&self) -> String {
        let levels: Vec<String> = (0..8)
            .map(|z| {
                let n = 8 - z;
                let ranks: Vec<String> = (1..=n)
                    .rev()
                    .map(|rank| {
                        rank_text((0..n).map(|file| {
                            let p = self.at(square(z, (b'a' + file as u8) as char, rank));
                            (p != 0).then_some(p as char)
                        }))
                    })
                    .collect();
                ranks.join("/")
            })
            .collect();
        levels.join("|")
    }

    /// Reads the placement, side, castling and en-passant fields of a
    /// position string.
    pub fn from_text(text: &str, choices: &'static [u8]) -> RefPos {
        let f: Vec<&str> = text.split_whitespace().collect();
        let castling = f.get(2).copied().unwrap_or("-");
        let mut p = RefPos {
            board: [[[0; 15]; 15]; 8],
            white: f[1] == "w",
            castling: [
                castling.contains('K'),
                castling.contains('Q'),
                castling.contains('k'),
                castling.contains('q'),
            ],
            ep: None,
            choices,
        };
        for (z, level) in f[0].split('|').enumerate() {
            let z = z as i32;
            for (i, rank) in level.split('/').enumerate() {
                let rank_number = 8 - z - i as i32;
                let mut file = 0;
                let mut digits = 0;
                for ch in rank.bytes() {
                    if ch.is_ascii_digit() {
                        digits = digits * 10 + (ch - b'0') as i32;
                    } else {
                        file += digits;
                        digits = 0;
                        p.set(square(z, (b'a' + file as u8) as char, rank_number), ch);
                        file += 1;
                    }
                }
            }
        }
        if let Some(ep) = f.get(3).filter(|s| **s != "-") {
            let b = ep.as_bytes();
            let target = square(0, b[1] as char, (b[2] - b'0') as i32);
            let victim = [
                target[0],
                if p.white {
                    target[1] - 2
                } else {
                    target[1] + 2
                },
                0,
            ];
            p.ep = Some((target, victim));
        }
        p
    }
}

impl Reference for RefPos {
    type Move = RefMove;

    fn pseudo_moves(&self) -> Vec<RefMove> {
        RefPos::pseudo_moves(self)
    }

    fn mover_in_check(&self) -> bool {
        self.attacked(self.king(!self.white), self.white)
    }

    fn apply(&mut self, m: RefMove) {
        RefPos::apply(self, m)
    }

    fn text(&self, m: RefMove) -> String {
        match m.castle {
            1 => return "O-O".to_string(),
            2 => return "O-O-O".to_string(),
            _ => {}
        }
        let mut s = format!(
            "{}{}{}",
            name(m.from),
            if m.capture { 'x' } else { '-' },
            name(m.to)
        );
        if let Some(l) = m.promo.filter(|_| !m.becomes_pawn) {
            s.push('=');
            s.push(l as char);
        }
        s
    }

    fn in_check(&self) -> bool {
        self.attacked(self.king(self.white), !self.white)
    }

    fn state(&self) -> String {
        self.placement()
    }
}
