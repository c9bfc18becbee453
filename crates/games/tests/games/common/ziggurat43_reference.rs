//! A second, independent implementation of the 43-square Ziggurat, written
//! from RULINGS.md §2 and seed 001 alone and sharing no code with the core:
//! a mailbox of file letters and rank numbers, each piece's moves written
//! out as the rulings word them, and the end of the game tested by looking
//! for the Priest-Kings. Slow and simple on purpose; the tests compare the
//! real generator with it.

use crate::common::{rank_text, Reference};

/// File index (a = 0 … m = 12) and rank (1–5).
pub type Sq = (i32, i32);

/// "Rank 1: a–m (13), rank 2: b–l (11), rank 3: c–k (9), rank 4: d–j (7),
/// rank 5: f–h (3)."
const RANK_FILES: [(char, char); 5] = [('a', 'm'), ('b', 'l'), ('c', 'k'), ('d', 'j'), ('f', 'h')];

pub fn exists((file, rank): Sq) -> bool {
    (1..=5).contains(&rank) && {
        let (first, last) = RANK_FILES[rank as usize - 1];
        (first as i32 - 'a' as i32..=last as i32 - 'a' as i32).contains(&file)
    }
}

pub fn name((file, rank): Sq) -> String {
    format!("{}{rank}", (b'a' + file as u8) as char)
}

/// Piece letters as in position strings: upper case Red, lower case Gold.
#[derive(Clone)]
pub struct RefPos {
    /// Indexed [rank - 1][file]; squares that do not exist stay empty.
    board: [[Option<char>; 13]; 5],
    pub red_to_move: bool,
}

#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    from: Sq,
    to: Sq,
    capture: bool,
    shot: bool,
}

impl RefPos {
    /// Reads the placement and side of a position string.
    pub fn from_text(text: &str) -> RefPos {
        let mut fields = text.split_whitespace();
        let placement = fields.next().expect("placement");
        let mut board = [[None; 13]; 5];
        for (row, rank) in placement.split('/').zip((1..=5).rev()) {
            let mut file = RANK_FILES[rank as usize - 1].0 as i32 - 'a' as i32;
            let mut digits = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                if !digits.is_empty() {
                    file += digits.parse::<i32>().unwrap();
                    digits.clear();
                }
                board[rank as usize - 1][file as usize] = Some(ch);
                file += 1;
            }
        }
        RefPos {
            board,
            red_to_move: fields.next() == Some("r"),
        }
    }

    pub fn at(&self, (file, rank): Sq) -> Option<char> {
        self.board[rank as usize - 1][file as usize]
    }

    fn set(&mut self, (file, rank): Sq, piece: Option<char>) {
        self.board[rank as usize - 1][file as usize] = piece;
    }

    fn is_red(piece: char) -> bool {
        piece.is_ascii_uppercase()
    }

    fn own(&self, sq: Sq) -> bool {
        self.at(sq)
            .is_some_and(|p| Self::is_red(p) == self.red_to_move)
    }

    fn enemy(&self, sq: Sq) -> bool {
        self.at(sq)
            .is_some_and(|p| Self::is_red(p) != self.red_to_move)
    }

    fn king_square(&self, red: bool) -> Option<Sq> {
        let king = if red { 'K' } else { 'k' };
        (1..=5)
            .flat_map(|rank| (0..13).map(move |file| (file, rank)))
            .find(|&sq| exists(sq) && self.at(sq) == Some(king))
    }

    /// "The game ends at once when a Priest-King is captured … or when a
    /// Priest-King stands on g5."
    pub fn game_over(&self) -> bool {
        [true, false]
            .iter()
            .any(|&red| match self.king_square(red) {
                None => true,
                Some(sq) => sq == (6, 5),
            })
    }
}

impl Reference for RefPos {
    type Move = RefMove;

    fn pseudo_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        if self.game_over() {
            return out;
        }
        // "Sideways toward the enemy's side (Red: toward m, Gold: toward a)".
        let toward_enemy = if self.red_to_move { 1 } else { -1 };
        for rank in 1..=5 {
            for file in 0..13 {
                let from = (file, rank);
                if !exists(from) || !self.own(from) {
                    continue;
                }
                let piece = self.at(from).unwrap().to_ascii_uppercase();
                let mut go = |(df, dr): (i32, i32)| {
                    let to = (file + df, rank + dr);
                    if exists(to) && !self.own(to) {
                        out.push(RefMove {
                            from,
                            to,
                            capture: self.enemy(to),
                            shot: false,
                        });
                    }
                };
                match piece {
                    // "One step in 8 directions."
                    'K' => {
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                if (df, dr) != (0, 0) {
                                    go((df, dr));
                                }
                            }
                        }
                    }
                    // "Knight leap; only the destination must exist."
                    'H' => {
                        for (a, b) in [(1, 2), (2, 1)] {
                            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                                go((a * sa, b * sb));
                            }
                        }
                    }
                    // "One or two squares straight along a row or column,
                    // jumping the middle square."
                    'C' => {
                        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            go((df, dr));
                            go((2 * df, 2 * dr));
                        }
                    }
                    // "Up (rank+1), sideways toward the enemy's side, or the
                    // diagonal combining both. Moves and captures alike."
                    'S' => {
                        go((0, 1));
                        go((toward_enemy, 0));
                        go((toward_enemy, 1));
                    }
                    'A' => {
                        // "Steps one square orthogonally to an EMPTY square".
                        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let to = (file + df, rank + dr);
                            if exists(to) && self.at(to).is_none() {
                                out.push(RefMove {
                                    from,
                                    to,
                                    capture: false,
                                    shot: false,
                                });
                            }
                        }
                        // "Shoots the first piece along one of the four
                        // diagonals at any range if that piece is an enemy."
                        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            let mut to = (file + df, rank + dr);
                            while exists(to) && self.at(to).is_none() {
                                to = (to.0 + df, to.1 + dr);
                            }
                            if exists(to) && self.enemy(to) {
                                out.push(RefMove {
                                    from,
                                    to,
                                    capture: true,
                                    shot: true,
                                });
                            }
                        }
                    }
                    other => panic!("not a piece of the game: {other}"),
                }
            }
        }
        out
    }

    /// "No check. Moving into attack is legal."
    fn mover_in_check(&self) -> bool {
        false
    }

    fn apply(&mut self, m: RefMove) {
        if m.shot {
            self.set(m.to, None);
        } else {
            let piece = self.at(m.from);
            self.set(m.from, None);
            self.set(m.to, piece);
        }
        self.red_to_move = !self.red_to_move;
    }

    /// "Moves `c1-d3`, captures `c1xd3`, an Archer's shot … `d2@f4`."
    fn text(&self, m: RefMove) -> String {
        let sep = if m.shot {
            '@'
        } else if m.capture {
            'x'
        } else {
            '-'
        };
        format!("{}{sep}{}", name(m.from), name(m.to))
    }

    fn in_check(&self) -> bool {
        false
    }

    fn state(&self) -> String {
        let ranks: Vec<String> = (1..=5)
            .rev()
            .map(|rank| {
                rank_text(
                    (0..13)
                        .filter(|&file| exists((file, rank)))
                        .map(|file| self.at((file, rank))),
                )
            })
            .collect();
        ranks.join("/")
    }
}
