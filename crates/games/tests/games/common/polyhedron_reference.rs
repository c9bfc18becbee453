//! A second, independent implementation of Polyhedron Chess, written from
//! RULINGS.md §5 alone and sharing no code with the core: a plain mailbox of
//! 10×10×5 bytes, movement vectors classified by their sorted absolute
//! coordinates, legality by copying the board and looking for attacks
//! outward from the King. Slow and simple on purpose; the tests compare
//! the real generator's moves, move text and positions with it.

use crate::common::{rank_text, vectors_of_shape, Reference};

/// x (file), y (rank), z (level) — global coordinates of RULINGS.md §5.
pub type C = [i32; 3];

/// Piece letters as in position strings; 0 is an empty cell.
type Sq = u8;

#[derive(Clone)]
pub struct RefPos {
    /// Indexed [z][y][x]; cells outside a level stay 0 and are never used.
    board: [[[Sq; 10]; 10]; 5],
    pub white: bool,
    /// After a double step: (skipped cell, the pawn that double-stepped).
    ep: Option<(C, C)>,
    /// Captured pieces per side (0 White, 1 Black) by letter index A–Z.
    pools: [[u32; 26]; 2],
}

/// A move in the reference's own terms.
#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    from: C,
    to: C,
    promo: Option<u8>,
    en_passant: bool,
    double: bool,
    capture: bool,
}

fn lo(z: i32) -> i32 {
    (z - 2).abs()
}

pub fn exists(c: C) -> bool {
    (0..5).contains(&c[2])
        && (lo(c[2])..=9 - lo(c[2])).contains(&c[0])
        && (lo(c[2])..=9 - lo(c[2])).contains(&c[1])
}

pub fn name(c: C) -> String {
    format!(
        "{}{}{}",
        (b'A' + c[2] as u8) as char,
        (b'a' + c[0] as u8) as char,
        c[1] + 1
    )
}

fn add(a: C, b: C) -> C {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Every vector with coordinates in -2..=2 whose sorted absolute values are
/// `shape` (e.g. [0, 1, 2] for the Knight's 24 leaps). Found once per shape:
/// finding them afresh at every attack test was four fifths of the time of
/// this reference's perft.
fn vectors(shape: [i32; 3]) -> &'static [C] {
    static ALL: std::sync::OnceLock<Vec<Vec<C>>> = std::sync::OnceLock::new();
    let all = ALL.get_or_init(|| {
        (0..27)
            .map(|i| vectors_of_shape([i / 9, i / 3 % 3, i % 3]))
            .collect()
    });
    &all[(shape[0] * 9 + shape[1] * 3 + shape[2]) as usize]
}

const ORTH: [i32; 3] = [0, 0, 1];
const DIAG: [i32; 3] = [0, 1, 1];
const TRIAG: [i32; 3] = [1, 1, 1];

/// Slide direction classes of a slider (by upper-case letter).
fn slide_shapes(p: u8) -> &'static [[i32; 3]] {
    match p {
        b'R' => &[ORTH],
        b'B' => &[DIAG],
        b'U' => &[TRIAG],
        b'D' => &[ORTH, TRIAG],
        b'A' => &[DIAG, TRIAG],
        b'F' => &[ORTH, DIAG],
        b'Q' => &[ORTH, DIAG, TRIAG],
        _ => &[],
    }
}

/// Leap classes of a leaper.
fn leap_shapes(p: u8) -> &'static [[i32; 3]] {
    match p {
        b'K' => &[ORTH, DIAG, TRIAG],
        b'G' => &[ORTH, DIAG, TRIAG, [0, 0, 2], [0, 2, 2], [2, 2, 2]],
        b'N' => &[[0, 1, 2]],
        b'H' => &[[1, 1, 2]],
        b'W' => &[[1, 2, 2]],
        b'S' => &[[0, 1, 2], [1, 1, 2], [1, 2, 2]],
        _ => &[],
    }
}

/// The 8 capture vectors of a pawn moving along `forward` (+1 or -1).
fn pawn_captures(forward: i32) -> Vec<C> {
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dz in -1..=1 {
            if (dx, dz) != (0, 0) {
                out.push([dx, forward, dz]);
            }
        }
    }
    out
}

fn is_white(p: Sq) -> bool {
    p.is_ascii_uppercase()
}

impl RefPos {
    pub fn start() -> RefPos {
        let mut p = RefPos {
            board: [[[0; 10]; 10]; 5],
            white: true,
            ep: None,
            pools: [[0; 26]; 2],
        };
        // RULINGS.md §5 "Setup", White; Black mirrors ranks (y -> 9 - y).
        let mut put = |x: i32, y: i32, z: i32, l: u8| {
            p.board[z as usize][y as usize][x as usize] = l;
            p.board[z as usize][(9 - y) as usize][x as usize] = l.to_ascii_lowercase();
        };
        for (x, &l) in b"DSAFQKFASD".iter().enumerate() {
            put(x as i32, 0, 2, l);
        }
        for (x, &l) in b"RNBUUUUBNR".iter().enumerate() {
            put(x as i32, 1, 2, l);
        }
        for z in 0..5 {
            for x in lo(z)..=9 - lo(z) {
                put(x, 2, z, b'P');
            }
        }
        for z in [1, 3] {
            for (i, &l) in b"GWHUUHWG".iter().enumerate() {
                put(1 + i as i32, 1, z, l);
            }
        }
        p
    }

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

    fn all_cells() -> impl Iterator<Item = C> {
        (0..5).flat_map(|z| {
            (lo(z)..=9 - lo(z)).flat_map(move |y| (lo(z)..=9 - lo(z)).map(move |x| [x, y, z]))
        })
    }

    /// The farthest rank of the level, for the side to move.
    fn last_rank(&self, c: C) -> bool {
        c[1] == if self.white { 9 - lo(c[2]) } else { lo(c[2]) }
    }

    fn pool_choices(&self) -> Vec<u8> {
        let side = if self.white { 0 } else { 1 };
        (0..26u8)
            .filter(|&i| self.pools[side][i as usize] > 0)
            .map(|i| b'A' + i)
            .collect()
    }

    fn pseudo_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        let mv = |from, to, capture| RefMove {
            from,
            to,
            promo: None,
            en_passant: false,
            double: false,
            capture,
        };
        for from in Self::all_cells() {
            let p = self.at(from);
            if !self.own(p) {
                continue;
            }
            let kind = p.to_ascii_uppercase();
            let mut dests: Vec<(C, bool)> = Vec::new();
            for &shape in slide_shapes(kind) {
                for &v in vectors(shape) {
                    let mut c = add(from, v);
                    while exists(c) {
                        let q = self.at(c);
                        if q == 0 {
                            dests.push((c, false));
                        } else {
                            if self.enemy(q) {
                                dests.push((c, true));
                            }
                            break;
                        }
                        c = add(c, v);
                    }
                }
            }
            for &shape in leap_shapes(kind) {
                for &v in vectors(shape) {
                    let c = add(from, v);
                    if exists(c) && !self.own(self.at(c)) {
                        dests.push((c, self.at(c) != 0));
                    }
                }
            }
            if kind == b'P' {
                let f = if self.white { 1 } else { -1 };
                let one = add(from, [0, f, 0]);
                if exists(one) && self.at(one) == 0 {
                    dests.push((one, false));
                    let two = add(one, [0, f, 0]);
                    let start = if self.white { 2 } else { 7 };
                    if from[1] == start && exists(two) && self.at(two) == 0 {
                        out.push(RefMove {
                            double: true,
                            ..mv(from, two, false)
                        });
                    }
                }
                for v in pawn_captures(f) {
                    let c = add(from, v);
                    if exists(c) && self.enemy(self.at(c)) {
                        dests.push((c, true));
                    }
                    if let Some((target, _)) = self.ep {
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
                        // Must promote, to a piece of the own pool; with
                        // the pool empty the pawn cannot go there.
                        for l in self.pool_choices() {
                            out.push(RefMove {
                                promo: Some(l),
                                ..mv(from, to, capture)
                            });
                        }
                    } else {
                        out.push(mv(from, to, capture));
                    }
                }
                continue;
            }
            for (to, capture) in dests {
                out.push(mv(from, to, capture));
                if kind == b'U' && capture {
                    for l in self.pool_choices() {
                        if l != b'U' {
                            out.push(RefMove {
                                promo: Some(l),
                                ..mv(from, to, capture)
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the piece of colour `white` on `c`'s side… i.e. whether any
    /// piece of the colour `by_white` attacks cell `c`.
    fn attacked(&self, c: C, by_white: bool) -> bool {
        let theirs = |q: Sq| q != 0 && is_white(q) == by_white;
        for shape in [ORTH, DIAG, TRIAG] {
            for &v in vectors(shape) {
                let mut cur = add(c, v);
                while exists(cur) {
                    let q = self.at(cur);
                    if q != 0 {
                        if theirs(q) && slide_shapes(q.to_ascii_uppercase()).contains(&shape) {
                            return true;
                        }
                        break;
                    }
                    cur = add(cur, v);
                }
            }
        }
        for kind in [b'K', b'G', b'N', b'H', b'W', b'S'] {
            for &shape in leap_shapes(kind) {
                for &v in vectors(shape) {
                    let from = add(c, v);
                    if exists(from) {
                        let q = self.at(from);
                        if theirs(q) && q.to_ascii_uppercase() == kind {
                            return true;
                        }
                    }
                }
            }
        }
        // A pawn of the attacker moves along f; it attacks c from c - v.
        let f = if by_white { 1 } else { -1 };
        for v in pawn_captures(f) {
            let from = [c[0] - v[0], c[1] - v[1], c[2] - v[2]];
            if exists(from) {
                let q = self.at(from);
                if theirs(q) && q.eq_ignore_ascii_case(&b'P') {
                    return true;
                }
            }
        }
        false
    }

    fn king(&self, white: bool) -> C {
        let k = if white { b'K' } else { b'k' };
        Self::all_cells()
            .find(|&c| self.at(c) == k)
            .expect("a King")
    }

    fn apply(&mut self, m: RefMove) {
        let side = if self.white { 0 } else { 1 };
        let mut captured = self.at(m.to);
        if m.en_passant {
            let (_, victim) = self.ep.expect("en passant");
            captured = self.at(victim);
            self.set(victim, 0);
        }
        // A captured non-pawn enters its owner's pool (the opponent's).
        if captured != 0 && !captured.eq_ignore_ascii_case(&b'P') {
            self.pools[1 - side][(captured.to_ascii_uppercase() - b'A') as usize] += 1;
        }
        let mut piece = self.at(m.from);
        self.set(m.from, 0);
        if let Some(l) = m.promo {
            self.pools[side][(l - b'A') as usize] -= 1;
            piece = if self.white {
                l
            } else {
                l.to_ascii_lowercase()
            };
        }
        self.set(m.to, piece);
        self.ep = if m.double {
            Some(([m.from[0], (m.from[1] + m.to[1]) / 2, m.from[2]], m.to))
        } else {
            None
        };
        self.white = !self.white;
    }

    /// The placement (levels A–E, ranks high to low, files a–j) and the
    /// pools field of a position string.
    pub fn placement_and_pools(&self) -> (String, String) {
        let levels: Vec<String> = (0..5)
            .map(|z| {
                let ranks: Vec<String> = (lo(z)..=9 - lo(z))
                    .rev()
                    .map(|y| {
                        rank_text((lo(z)..=9 - lo(z)).map(|x| {
                            let p = self.at([x, y, z]);
                            (p != 0).then_some(p as char)
                        }))
                    })
                    .collect();
                ranks.join("/")
            })
            .collect();
        let mut pools = String::new();
        for (side, counts) in self.pools.iter().enumerate() {
            for (i, &n) in counts.iter().enumerate() {
                for _ in 0..n {
                    let l = b'A' + i as u8;
                    pools.push(if side == 0 { l } else { l.to_ascii_lowercase() } as char);
                }
            }
        }
        (levels.join("|"), pools)
    }

    /// Reads the placement, side and pools of a position string (the
    /// en-passant field must be '-').
    pub fn from_text(text: &str) -> RefPos {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut p = RefPos {
            board: [[[0; 10]; 10]; 5],
            white: f[1] == "w",
            ep: None,
            pools: [[0; 26]; 2],
        };
        assert_eq!(f.get(3).copied().unwrap_or("-"), "-");
        for (z, level) in f[0].split('|').enumerate() {
            let z = z as i32;
            for (i, rank) in level.split('/').enumerate() {
                let y = 9 - lo(z) - i as i32;
                let mut x = lo(z);
                let mut digits = 0;
                for ch in rank.bytes() {
                    if ch.is_ascii_digit() {
                        digits = digits * 10 + (ch - b'0') as i32;
                    } else {
                        x += digits;
                        digits = 0;
                        p.set([x, y, z], ch);
                        x += 1;
                    }
                }
            }
        }
        if let Some(pools) = f.get(6).filter(|s| **s != "-") {
            for ch in pools.bytes() {
                let side = if ch.is_ascii_uppercase() { 0 } else { 1 };
                p.pools[side][(ch.to_ascii_uppercase() - b'A') as usize] += 1;
            }
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
        let mut s = format!(
            "{}{}{}",
            name(m.from),
            if m.capture { 'x' } else { '-' },
            name(m.to)
        );
        if let Some(l) = m.promo {
            s.push('=');
            s.push(l as char);
        }
        s
    }

    fn in_check(&self) -> bool {
        self.attacked(self.king(self.white), !self.white)
    }

    /// The placement and the pools, sorted.
    fn state(&self) -> String {
        let (placement, pools) = self.placement_and_pools();
        format!("{placement} {}", sorted_pools(&pools))
    }
}

/// A pools field with its letters sorted (the order is not part of the
/// comparison).
pub fn sorted_pools(pools: &str) -> String {
    let mut chars: Vec<char> = pools.chars().filter(|&c| c != '-').collect();
    chars.sort();
    chars.into_iter().collect()
}
