//! A second, independent implementation of Millennium 3D Chess
//! (games/millennium.toml), written from the rules its header cites and
//! sharing no code with the core: its pieces' moves, spelled out as lists
//! of vectors, on the mailbox of common/stacked.rs.

use crate::common::stacked::{
    add, knight_leaps, pawn_move, steps, Castling, RefMove, Sq, Stack, StackedPos, StackedRules,
};

pub type RefPos = StackedPos<Millennium>;

#[derive(Clone)]
pub struct Millennium;

/// `1e1` for level 1, file e, rank 1.
fn name((x, y, z): Sq) -> String {
    format!("{}{}{}", z + 1, (b'a' + x as u8) as char, y + 1)
}

fn cell(text: &str) -> Sq {
    let b = text.as_bytes();
    (
        (b[1] - b'a') as i32,
        (b[2] - b'1') as i32,
        (b[0] - b'1') as i32,
    )
}

impl StackedRules for Millennium {
    const SIZE: (i32, i32, i32) = (8, 8, 3);

    /// As in chess, on each side's home level: White's on rank 1 of
    /// level 1, Black's on rank 8 of level 3.
    const CASTLINGS: [Castling; 4] = [
        // O-O: King e to g, Rook h to f.
        Castling {
            king: ((4, 0, 0), (6, 0, 0)),
            rook: ((7, 0, 0), (5, 0, 0)),
            empty: &[(5, 0, 0), (6, 0, 0)],
            safe: &[(4, 0, 0), (5, 0, 0), (6, 0, 0)],
        },
        // O-O-O: King e to c, Rook a to d.
        Castling {
            king: ((4, 0, 0), (2, 0, 0)),
            rook: ((0, 0, 0), (3, 0, 0)),
            empty: &[(1, 0, 0), (2, 0, 0), (3, 0, 0)],
            safe: &[(4, 0, 0), (3, 0, 0), (2, 0, 0)],
        },
        Castling {
            king: ((4, 7, 2), (6, 7, 2)),
            rook: ((7, 7, 2), (5, 7, 2)),
            empty: &[(5, 7, 2), (6, 7, 2)],
            safe: &[(4, 7, 2), (5, 7, 2), (6, 7, 2)],
        },
        Castling {
            king: ((4, 7, 2), (2, 7, 2)),
            rook: ((0, 7, 2), (3, 7, 2)),
            empty: &[(1, 7, 2), (2, 7, 2), (3, 7, 2)],
            safe: &[(4, 7, 2), (3, 7, 2), (2, 7, 2)],
        },
    ];

    fn piece_moves(b: &Stack, white: bool, ep: Option<(Sq, Sq)>) -> Vec<RefMove> {
        let own = |c: char| c.is_ascii_uppercase() == white;
        let mut out = Vec::new();
        for from in b.cells() {
            let Some(piece) = b.at(from).filter(|&c| own(c)) else {
                continue;
            };
            let all: Vec<Sq> = (1..=3).flat_map(steps).collect();
            let (vectors, slides): (Vec<Sq>, bool) = match piece.to_ascii_uppercase() {
                'K' => (all, false),
                'Q' => (all, true),
                // Along a file or rank, straight up or down, or a file or
                // rank square for each level.
                'R' => (
                    steps(1)
                        .into_iter()
                        .chain(steps(2).into_iter().filter(|v| v.2 != 0))
                        .collect(),
                    true,
                ),
                // A diagonal of its level, or diagonally for each level.
                'B' => (
                    steps(2)
                        .into_iter()
                        .filter(|v| v.2 == 0)
                        .chain(steps(3))
                        .collect(),
                    true,
                ),
                'N' => (knight_leaps(), false),
                'P' => {
                    pawn_moves(b, from, white, ep, &mut out);
                    continue;
                }
                other => panic!("unknown piece {other}"),
            };
            for to in b.targets(from, white, &vectors, slides, (true, true)) {
                out.push(RefMove::plain(from, to));
            }
        }
        out
    }

    /// UCI coordinates, as the file's notation writes them: a castling as
    /// the King's from and to.
    fn text(_: &Stack, m: RefMove) -> String {
        match m {
            RefMove::Castle(i) => {
                let (from, to) = Self::CASTLINGS[i].king;
                format!("{}{}", name(from), name(to))
            }
            RefMove::Plain {
                from,
                to,
                promotion,
                ..
            } => {
                let mut s = format!("{}{}", name(from), name(to));
                if let Some(p) = promotion {
                    s.push(p.to_ascii_lowercase());
                }
                s
            }
        }
    }

    /// The cell passed and the Pawn's cell (`2e21e4`... `2e23e2`).
    fn read_ep(field: &str, _: bool) -> (Sq, Sq) {
        (cell(&field[0..3]), cell(&field[3..6]))
    }
}

fn pawn_moves(b: &Stack, from: Sq, white: bool, ep: Option<(Sq, Sq)>, out: &mut Vec<RefMove>) {
    // Forward along the ranks, and up toward the far level.
    let (fwd, up) = if white { (1, 1) } else { (-1, -1) };
    // It promotes on the last rank of the far level only.
    let (last_rank, far_level) = if white { (7, 2) } else { (0, 0) };
    let mut push = |to: Sq, passed| {
        let promotes = to.1 == last_rank && to.2 == far_level;
        out.extend(pawn_move(white, from, to, promotes, passed));
    };
    // A Rook's single step, never capturing: forward, up, down, forward
    // and up, forward and down.
    let moves = [
        (0, fwd, 0),
        (0, 0, 1),
        (0, 0, -1),
        (0, fwd, 1),
        (0, fwd, -1),
    ];
    for to in b.targets(from, white, &moves, false, (true, false)) {
        push(to, None);
    }
    // From the start square (rank 2 of its own level), two of the forward,
    // the up or the forward-and-up step.
    let start = if white { (1, 0) } else { (6, 2) };
    if (from.1, from.2) == start {
        for v in [(0, fwd, 0), (0, 0, up), (0, fwd, up)] {
            let mid = add(from, v);
            let to = add(mid, v);
            if b.on(to) && b.at(mid).is_none() && b.at(to).is_none() {
                push(to, Some(mid));
            }
        }
    }
    // A Bishop's single step forward, capturing only; en passant on the
    // square a double step just passed.
    let captures = [
        (1, fwd, 0),
        (-1, fwd, 0),
        (1, fwd, 1),
        (-1, fwd, 1),
        (1, fwd, -1),
        (-1, fwd, -1),
    ];
    for to in b.targets(from, white, &captures, false, (false, true)) {
        push(to, None);
    }
    if let Some((passed, _)) = ep {
        if captures.iter().any(|&v| add(from, v) == passed) {
            out.push(RefMove::en_passant(from, passed));
        }
    }
}
