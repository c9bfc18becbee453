//! A second, independent implementation of Elevator, written from
//! RULINGS.md §4's wording and sharing no code with the core: a mailbox of
//! (file, rank, level), the empty slots as a 4×4 table of level sets (the
//! Wonkavator option's layouts too: "Option `wonkavator`"), pushes simulated cell
//! by cell on a copy of the board, and legality by playing the move on a
//! copy and looking for any enemy move that takes the King (a push that
//! drops it included). Slow and simple on purpose.

use std::collections::BTreeMap;

use crate::common::{rank_text, Reference};

/// (file 0–7, rank 0–7, level 1–4).
pub type Sq = (i32, i32, i32);

/// The pieces by cell: a map from (file, rank, level) to letter, read in
/// the order of its keys. Kept in an array, not a `BTreeMap`: copying and
/// dropping the tree at every legality test was over half the time of
/// this reference's perft.
#[derive(Clone)]
struct Mailbox([Option<char>; 8 * 8 * 5]);

impl Mailbox {
    fn new() -> Mailbox {
        Mailbox([None; 8 * 8 * 5])
    }

    /// The slot of `(x, y, z)`, ordered as the keys are: file, rank,
    /// level. None off the board.
    fn slot((x, y, z): Sq) -> Option<usize> {
        ((0..8).contains(&x) && (0..8).contains(&y) && (0..5).contains(&z))
            .then(|| (x * 40 + y * 5 + z) as usize)
    }

    fn get(&self, s: &Sq) -> Option<&char> {
        Self::slot(*s).and_then(|i| self.0[i].as_ref())
    }

    fn contains_key(&self, s: &Sq) -> bool {
        self.get(s).is_some()
    }

    fn insert(&mut self, s: Sq, c: char) -> Option<char> {
        let i = Self::slot(s).expect("a cell of the board");
        self.0[i].replace(c)
    }

    fn remove(&mut self, s: &Sq) -> Option<char> {
        Self::slot(*s).and_then(|i| self.0[i].take())
    }

    /// The pieces with their cells, in the order of the cells.
    fn iter(&self) -> impl Iterator<Item = (Sq, char)> + '_ {
        self.0.iter().enumerate().filter_map(|(i, c)| {
            let i = i as i32;
            c.map(|c| ((i / 40, i / 5 % 8, i % 5), c))
        })
    }
}

const FILES: &[u8] = b"abcdefgh";

pub fn name((x, y, z): Sq) -> String {
    format!("{z}{}{}", FILES[x as usize] as char, y + 1)
}

fn parse_square(s: &str) -> Option<Sq> {
    let b = s.as_bytes();
    if b.len() != 3 {
        return None;
    }
    Some((
        (b[1] - b'a') as i32,
        (b[2] - b'1') as i32,
        (b[0] - b'0') as i32,
    ))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Step,
    EnPassant,
    /// An Ox push of 1 or 2 cells.
    Push,
    /// An elevator move from the pole of `from` and its level to the
    /// empty slot (elevator file, elevator rank, level).
    Elevator(i32, i32, i32),
}

#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    kind: Kind,
    from: Sq,
    to: Sq,
    promo: Option<char>,
}

#[derive(Clone)]
pub struct RefPos {
    pieces: Mailbox,
    /// The empty slots per pole, [elevator file][elevator rank]: bit
    /// `level` set where the slot at that level is a shaft.
    shafts: [[u8; 4]; 4],
    /// "elevators can also move sideways on the same level".
    wonkavator: bool,
    /// Captured pieces by letter (upper case White's).
    pools: BTreeMap<char, u32>,
    pub white: bool,
    /// After a double step: the skipped cell and the pawn.
    ep: Option<(Sq, Sq)>,
}

fn white(c: char) -> bool {
    c.is_ascii_uppercase()
}

impl RefPos {
    pub fn from_text(text: &str) -> RefPos {
        Self::from_text_with(text, false)
    }

    /// A position of the game with the Wonkavator option on or off.
    pub fn from_text_with(text: &str, wonkavator: bool) -> RefPos {
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut pieces = Mailbox::new();
        for (level, z) in f[0].split('|').zip(1..) {
            for (row, y) in level.split('/').zip((0..8).rev()) {
                let mut x = 0;
                for ch in row.chars() {
                    match ch.to_digit(10) {
                        Some(d) => x += d as i32,
                        None => {
                            pieces.insert((x, y, z), ch);
                            x += 1;
                        }
                    }
                }
            }
        }
        let mut pools = BTreeMap::new();
        if f[6] != "-" {
            for ch in f[6].chars() {
                *pools.entry(ch).or_insert(0) += 1;
            }
        }
        // "per pole one digit when it has exactly one shaft, `-` when it
        // has none, the levels ascending in parentheses when it has two or
        // more".
        let mut shafts = [[0; 4]; 4];
        for (group, r) in f[7].split('/').zip((0..4).rev()) {
            let mut file = 0;
            let mut in_parentheses = false;
            for ch in group.chars() {
                match ch {
                    '(' => in_parentheses = true,
                    ')' => {
                        in_parentheses = false;
                        file += 1;
                    }
                    '-' => file += 1,
                    d => {
                        shafts[file][r] |= 1 << d.to_digit(10).unwrap();
                        if !in_parentheses {
                            file += 1;
                        }
                    }
                }
            }
        }
        let white_to_move = f[1] == "w";
        let ep = (f[3] != "-").then(|| {
            let skipped = parse_square(f[3]).unwrap();
            // The pawn went on one rank further, for the side that moved.
            let dir = if white_to_move { -1 } else { 1 };
            (skipped, (skipped.0, skipped.1 + dir, skipped.2))
        });
        RefPos {
            pieces,
            shafts,
            wonkavator,
            pools,
            white: white_to_move,
            ep,
        }
    }

    /// "A cell exists only where an elevator is": not in its pole's shaft.
    fn exists(&self, (x, y, z): Sq) -> bool {
        (0..8).contains(&x)
            && (0..8).contains(&y)
            && (1..=4).contains(&z)
            && self.shafts[(x / 2) as usize][(y / 2) as usize] & 1 << z == 0
    }

    fn on_board((x, y, z): Sq) -> bool {
        (0..8).contains(&x) && (0..8).contains(&y) && (1..=4).contains(&z)
    }

    fn own(&self, s: Sq) -> bool {
        self.pieces.get(&s).is_some_and(|&c| white(c) == self.white)
    }

    fn enemy(&self, s: Sq) -> bool {
        self.pieces.get(&s).is_some_and(|&c| white(c) != self.white)
    }

    fn empty(&self, s: Sq) -> bool {
        !self.pieces.contains_key(&s)
    }

    fn add(s: Sq, dx: i32, dy: i32) -> Sq {
        (s.0 + dx, s.1 + dy, s.2)
    }

    fn forward(&self) -> i32 {
        if self.white {
            1
        } else {
            -1
        }
    }

    /// The pawn's own rank number 1–8 as its side counts.
    fn own_rank(&self, y: i32) -> i32 {
        if self.white {
            y + 1
        } else {
            8 - y
        }
    }

    /// The result of an Ox push of `steps` cells: the new board and the
    /// pieces that fell, or `None` if it is not possible.
    fn pushed(&self, ox: Sq, (dx, dy): (i32, i32), steps: i32) -> Option<(Mailbox, Vec<char>)> {
        // "The first pushed piece must be adjacent at the start."
        if self.empty(Self::add(ox, dx, dy)) || !self.exists(Self::add(ox, dx, dy)) {
            return None;
        }
        let mut board = self.pieces.clone();
        let mut fell = Vec::new();
        let mut at = ox;
        for _ in 0..steps {
            // The contiguous chain of pieces directly ahead.
            let mut chain = Vec::new();
            let mut c = Self::add(at, dx, dy);
            while self.exists(c) && board.contains_key(&c) {
                if board.get(&c).is_some_and(|p| p.eq_ignore_ascii_case(&'O')) {
                    return None; // "An Ox of either colour can never be pushed."
                }
                chain.push(c);
                c = Self::add(c, dx, dy);
            }
            // Shift it one cell forward, the far end first; a piece shifted
            // off the board or onto a shaft cell is captured.
            for &s in chain.iter().rev() {
                let p = board.remove(&s).unwrap();
                let next = Self::add(s, dx, dy);
                if self.exists(next) {
                    board.insert(next, p);
                } else {
                    fell.push(p);
                }
            }
            // "The Ox itself must end on an existing cell."
            let next = Self::add(at, dx, dy);
            if !self.exists(next) {
                return None;
            }
            let o = board.remove(&at).unwrap();
            board.insert(next, o);
            at = next;
        }
        Some((board, fell))
    }

    fn push_moves(&self, from: Sq, out: &mut Vec<RefMove>) {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            for steps in 1..=2 {
                if self.pushed(from, (dx, dy), steps).is_some() {
                    out.push(RefMove {
                        kind: Kind::Push,
                        from,
                        to: (from.0 + steps * dx, from.1 + steps * dy, from.2),
                        promo: None,
                    });
                }
            }
        }
    }

    /// Flying slides: "When the slide reaches a shaft cell on the level
    /// where the move began, the piece must change level there: it
    /// continues from the cell directly above or below the shaft cell …
    /// Only one level change per move; a second shaft ends the slide."
    fn fly(&self, from: Sq, dirs: &[(i32, i32)], out: &mut Vec<Sq>) {
        for &(dx, dy) in dirs {
            let mut c = Self::add(from, dx, dy);
            while Self::on_board(c) {
                if self.exists(c) {
                    out.push(c);
                    if !self.empty(c) {
                        break;
                    }
                    c = Self::add(c, dx, dy);
                    continue;
                }
                for dz in [1, -1] {
                    let mut d = (c.0, c.1, c.2 + dz);
                    while Self::on_board(d) && self.exists(d) {
                        out.push(d);
                        if !self.empty(d) {
                            break;
                        }
                        d = Self::add(d, dx, dy);
                    }
                }
                break;
            }
        }
    }

    /// The cells a piece moves or captures to by leaps and steps: `both`
    /// vectors either way, `quiet` ones only to empty cells, `taking` ones
    /// only onto enemies.
    fn leaps(&self, from: Sq, vectors: &[(i32, i32)], rule: u8, out: &mut Vec<Sq>) {
        for &(dx, dy) in vectors {
            let to = Self::add(from, dx, dy);
            if !self.exists(to) || self.own(to) {
                continue;
            }
            let ok = match rule {
                0 => true,
                1 => self.empty(to),
                _ => self.enemy(to),
            };
            if ok {
                out.push(to);
            }
        }
    }

    fn all_signs(v: &[(i32, i32)]) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for &(a, b) in v {
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if !out.contains(&(x * sx, y * sy)) {
                        out.push((x * sx, y * sy));
                    }
                }
            }
        }
        out
    }

    fn piece_moves(&self, out: &mut Vec<RefMove>) {
        let orth = Self::all_signs(&[(1, 0)]);
        let diag = Self::all_signs(&[(1, 1)]);
        let king: Vec<(i32, i32)> = orth.iter().chain(&diag).copied().collect();
        for (from, c) in self.pieces.iter() {
            if white(c) != self.white {
                continue;
            }
            let mut targets = Vec::new();
            match c.to_ascii_uppercase() {
                'K' => self.leaps(from, &king, 0, &mut targets),
                'N' => {
                    self.leaps(from, &Self::all_signs(&[(1, 2)]), 0, &mut targets);
                    self.leaps(from, &orth, 0, &mut targets);
                }
                'C' => {
                    self.leaps(from, &Self::all_signs(&[(1, 3)]), 0, &mut targets);
                    self.leaps(from, &orth, 0, &mut targets);
                }
                'I' => {
                    self.leaps(from, &king, 0, &mut targets);
                    self.leaps(from, &Self::all_signs(&[(3, 0), (3, 3)]), 1, &mut targets);
                }
                'O' => {
                    self.leaps(
                        from,
                        &Self::all_signs(&[(1, 2), (2, 0), (2, 2)]),
                        1,
                        &mut targets,
                    );
                    self.leaps(from, &diag, 2, &mut targets);
                    self.push_moves(from, out);
                }
                'R' => self.fly(from, &orth, &mut targets),
                'B' => self.fly(from, &diag, &mut targets),
                'Q' => self.fly(from, &king, &mut targets),
                'P' => {
                    let f = self.forward();
                    self.leaps(from, &[(0, f), (1, 0), (-1, 0)], 1, &mut targets);
                    self.leaps(from, &[(1, f), (-1, f)], 2, &mut targets);
                    // "Double step straight forward from its 1st or 2nd
                    // rank, whether or not it has moved, if both cells exist
                    // and are empty."
                    let (mid, two) = (Self::add(from, 0, f), Self::add(from, 0, 2 * f));
                    if self.own_rank(from.1) <= 2
                        && self.exists(mid)
                        && self.exists(two)
                        && self.empty(mid)
                        && self.empty(two)
                    {
                        targets.push(two);
                    }
                    if let Some((skipped, victim)) = self.ep {
                        if victim.2 == from.2
                            && victim.1 == from.1
                            && (victim.0 - from.0).abs() == 1
                        {
                            let m = RefMove {
                                kind: Kind::EnPassant,
                                from,
                                to: skipped,
                                promo: None,
                            };
                            out.push(m);
                            // Landing on the 7th rank: the promotion rule
                            // applies to this move too.
                            if self.own_rank(skipped.1) >= 7 {
                                for (&p, &n) in &self.pools {
                                    if n > 0 && white(p) == self.white && !"PpKk".contains(p) {
                                        out.push(RefMove {
                                            promo: Some(p.to_ascii_uppercase()),
                                            ..m
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                other => panic!("not a piece: {other}"),
            }
            for to in targets.into_iter().filter(|&to| !self.own(to)) {
                let m = RefMove {
                    kind: Kind::Step,
                    from,
                    to,
                    promo: None,
                };
                out.push(m);
                // "Promotion is optional, after the pawn's own move ending
                // on its 7th or 8th rank, to one of the player's own
                // captured pieces … never Pawn or King."
                if c.eq_ignore_ascii_case(&'P') && self.own_rank(to.1) >= 7 {
                    for (&p, &n) in &self.pools {
                        if n > 0 && white(p) == self.white && !"PpKk".contains(p) {
                            out.push(RefMove {
                                promo: Some(p.to_ascii_uppercase()),
                                ..m
                            });
                        }
                    }
                }
            }
        }
    }

    /// "A player controls an elevator when they have at least one piece on
    /// it AND strictly more pieces on it than the opponent." It moves "one
    /// level up or down into an EMPTY slot of its own pole", or with the
    /// option "one pole orthogonally (elevator file ±1 or rank ±1) on the
    /// same level, into the neighbouring pole's slot at that level, which
    /// must be empty".
    fn elevator_moves(&self, out: &mut Vec<RefMove>) {
        for ef in 0..4 {
            for er in 0..4 {
                for level in 1..=4 {
                    if self.shafts[ef as usize][er as usize] & 1 << level != 0 {
                        continue; // no elevator here
                    }
                    let cells = [(0, 0), (1, 0), (0, 1), (1, 1)]
                        .map(|(i, j)| (2 * ef + i, 2 * er + j, level));
                    let mine = cells.iter().filter(|&&s| self.own(s)).count();
                    let theirs = cells.iter().filter(|&&s| self.enemy(s)).count();
                    if mine == 0 || mine <= theirs {
                        continue;
                    }
                    let mut slots = vec![(ef, er, level - 1), (ef, er, level + 1)];
                    if self.wonkavator {
                        slots.extend(
                            [(-1, 0), (1, 0), (0, -1), (0, 1)]
                                .map(|(df, dr)| (ef + df, er + dr, level)),
                        );
                    }
                    for (f, r, z) in slots {
                        let empty_slot = (0..4).contains(&f)
                            && (0..4).contains(&r)
                            && (1..=4).contains(&z)
                            && self.shafts[f as usize][r as usize] & 1 << z != 0;
                        if empty_slot {
                            out.push(RefMove {
                                kind: Kind::Elevator(f, r, z),
                                from: cells[0],
                                to: (2 * f, 2 * r, z),
                                promo: None,
                            });
                        }
                    }
                }
            }
        }
    }

    fn king(&self, white_king: bool) -> Option<Sq> {
        let k = if white_king { 'K' } else { 'k' };
        self.pieces.iter().find(|&(_, c)| c == k).map(|(s, _)| s)
    }

    /// Whether the side `by_white` could take the King of the other side
    /// with some move of its pieces (a push dropping it included).
    fn takes_king(&self, by_white: bool) -> bool {
        let Some(k) = self.king(!by_white) else {
            return true;
        };
        let mut probe = self.clone();
        probe.white = by_white;
        probe.ep = None;
        let mut moves = Vec::new();
        probe.piece_moves(&mut moves);
        moves.iter().any(|m| match m.kind {
            Kind::Push => {
                let dir = ((m.to.0 - m.from.0).signum(), (m.to.1 - m.from.1).signum());
                let steps = (m.to.0 - m.from.0).abs().max((m.to.1 - m.from.1).abs());
                probe
                    .pushed(m.from, dir, steps)
                    .is_some_and(|(_, fell)| fell.contains(&if by_white { 'k' } else { 'K' }))
            }
            _ => m.to == k,
        })
    }
}

impl Reference for RefPos {
    type Move = RefMove;

    fn pseudo_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        self.piece_moves(&mut out);
        self.elevator_moves(&mut out);
        out
    }

    fn mover_in_check(&self) -> bool {
        self.takes_king(self.white)
    }

    fn apply(&mut self, m: RefMove) {
        let mut captured = Vec::new();
        let mut ep = None;
        match m.kind {
            Kind::Step | Kind::EnPassant => {
                if m.kind == Kind::EnPassant {
                    captured.push(self.pieces.remove(&self.ep.unwrap().1).unwrap());
                }
                if let Some(c) = self.pieces.remove(&m.to) {
                    captured.push(c);
                }
                let p = self.pieces.remove(&m.from).unwrap();
                let placed = match m.promo {
                    Some(k) => {
                        let k = if self.white {
                            k
                        } else {
                            k.to_ascii_lowercase()
                        };
                        *self.pools.get_mut(&k).unwrap() -= 1;
                        k
                    }
                    None => p,
                };
                self.pieces.insert(m.to, placed);
                if p.eq_ignore_ascii_case(&'P') && (m.to.1 - m.from.1).abs() == 2 {
                    ep = Some(((m.from.0, (m.from.1 + m.to.1) / 2, m.from.2), m.to));
                }
            }
            Kind::Push => {
                let dir = ((m.to.0 - m.from.0).signum(), (m.to.1 - m.from.1).signum());
                let steps = (m.to.0 - m.from.0).abs().max((m.to.1 - m.from.1).abs());
                let (board, fell) = self.pushed(m.from, dir, steps).unwrap();
                self.pieces = board;
                captured = fell;
            }
            // "All pieces on it ride …; the slot left becomes a shaft".
            Kind::Elevator(f, r, z) => {
                let (x, y, old) = m.from;
                let mut riders = Vec::new();
                for (i, j) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    if let Some(p) = self.pieces.remove(&(x + i, y + j, old)) {
                        riders.push(((2 * f + i, 2 * r + j, z), p));
                    }
                }
                for (s, p) in riders {
                    self.pieces.insert(s, p);
                }
                self.shafts[(x / 2) as usize][(y / 2) as usize] |= 1 << old;
                self.shafts[f as usize][r as usize] &= !(1 << z);
            }
        }
        // "Every captured piece … enters its owner's pool" (only pieces one
        // can promote to are kept: never a Pawn or a King).
        for c in captured {
            if !"PpKk".contains(c) {
                *self.pools.entry(c).or_insert(0) += 1;
            }
        }
        self.ep = ep;
        self.white = !self.white;
    }

    fn text(&self, m: RefMove) -> String {
        match m.kind {
            Kind::Elevator(f, r, z) => {
                let pole = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
                let (x, y, level) = m.from;
                let from = format!("E{level}{}", pole(x / 2, y / 2));
                match z.cmp(&level) {
                    std::cmp::Ordering::Greater => format!("{from}U"),
                    std::cmp::Ordering::Less => format!("{from}D"),
                    std::cmp::Ordering::Equal => format!("{from}-{}", pole(f, r)),
                }
            }
            Kind::Push => format!("{}>{}", name(m.from), name(m.to)),
            _ => {
                let capture = m.kind == Kind::EnPassant || !self.empty(m.to);
                let promo = m.promo.map(|p| format!("={p}")).unwrap_or_default();
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
        self.takes_king(!self.white)
    }

    /// The placement, the pools (by letter) and the shafts.
    fn state(&self) -> String {
        let levels: Vec<String> = (1..=4)
            .map(|z| {
                (0..8)
                    .rev()
                    .map(|y| rank_text((0..8).map(|x| self.pieces.get(&(x, y, z)).copied())))
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect();
        let pools: String = self
            .pools
            .iter()
            .flat_map(|(&c, &n)| std::iter::repeat_n(c, n as usize))
            .collect();
        let pole = |levels: u8| {
            let digits: String = (1..=4)
                .filter(|z| levels & 1 << z != 0)
                .map(|z| z.to_string())
                .collect();
            match digits.len() {
                0 => "-".to_string(),
                1 => digits,
                _ => format!("({digits})"),
            }
        };
        let shafts: Vec<String> = (0..4)
            .rev()
            .map(|r| (0..4).map(|f| pole(self.shafts[f][r])).collect())
            .collect();
        format!("{} {} {}", levels.join("|"), pools, shafts.join("/"))
    }
}
