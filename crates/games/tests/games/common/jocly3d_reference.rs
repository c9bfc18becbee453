//! A second, independent implementation of Jocly's 3D Chess
//! (games/jocly-3d.toml), written from Jocly's model
//! (src/games/chessbase/3dchess-model.js and multiplan-geo-model.js: the
//! pieces' vectors, the castling table, the promotions) and the rulings
//! in the file's header, sharing no code with the core: its pieces' moves
//! on the mailbox of common/stacked.rs.

use crate::common::stacked::{
    add, knight_leaps, pawn_move, steps, Castling, RefMove, Sq, Stack, StackedPos, StackedRules,
};

pub type RefPos = StackedPos<Jocly3d>;

#[derive(Clone)]
pub struct Jocly3d;

/// `Bc1` for level B, file c, rank 1.
fn name((x, y, z): Sq) -> String {
    format!(
        "{}{}{}",
        (b'A' + z as u8) as char,
        (b'a' + x as u8) as char,
        y + 1
    )
}

/// The castling's text: Jocly's O-O swaps King and Rook.
const CASTLING_TEXTS: [&str; 4] = ["O-O", "O-O-O", "O-O", "O-O-O"];

impl StackedRules for Jocly3d {
    const SIZE: (i32, i32, i32) = (6, 8, 3);

    const CASTLINGS: [Castling; 4] = [
        // Jocly's "50/49": {k:[49], r:[50]}: King c1 and Rook b1 swap.
        Castling {
            king: ((2, 0, 1), (1, 0, 1)),
            rook: ((1, 0, 1), (2, 0, 1)),
            empty: &[],
            safe: &[(2, 0, 1), (1, 0, 1)],
        },
        // "50/52": {k:[51], r:[51,50]}: King to d1, Rook e1 over d1 to c1.
        Castling {
            king: ((2, 0, 1), (3, 0, 1)),
            rook: ((4, 0, 1), (2, 0, 1)),
            empty: &[(3, 0, 1)],
            safe: &[(2, 0, 1), (3, 0, 1)],
        },
        Castling {
            king: ((2, 7, 1), (1, 7, 1)),
            rook: ((1, 7, 1), (2, 7, 1)),
            empty: &[],
            safe: &[(2, 7, 1), (1, 7, 1)],
        },
        Castling {
            king: ((2, 7, 1), (3, 7, 1)),
            rook: ((4, 7, 1), (2, 7, 1)),
            empty: &[(3, 7, 1)],
            safe: &[(2, 7, 1), (3, 7, 1)],
        },
    ];

    fn piece_moves(b: &Stack, white: bool, ep: Option<(Sq, Sq)>) -> Vec<RefMove> {
        let mut out = Vec::new();
        let own = |c: char| c.is_ascii_uppercase() == white;
        let fwd = if white { 1 } else { -1 };
        let last = if white { 7 } else { 0 };
        for from in b.cells() {
            let Some(piece) = b.at(from).filter(|&c| own(c)) else {
                continue;
            };
            // (vectors, slides, may move, may capture)
            let mut rules: Vec<(Vec<Sq>, bool, bool, bool)> = Vec::new();
            match piece.to_ascii_uppercase() {
                'K' => {
                    // Its own board: the 8 neighbours.
                    let level: Vec<Sq> = steps(1)
                        .into_iter()
                        .chain(steps(2))
                        .filter(|v| v.2 == 0)
                        .collect();
                    rules.push((level, false, true, true));
                    // Another board, to capture only: straight up or down,
                    // or one along a file or rank at once; not (±1,±1,±1).
                    let across: Vec<Sq> = steps(1)
                        .into_iter()
                        .chain(steps(2))
                        .filter(|v| v.2 != 0)
                        .collect();
                    rules.push((across, false, false, true));
                }
                'Q' => {
                    let all = steps(1).into_iter().chain(steps(2)).chain(steps(3));
                    rules.push((all.collect(), true, true, true));
                }
                'R' => rules.push((steps(1), true, true, true)),
                'B' => rules.push((steps(2), true, true, true)),
                'N' => rules.push((knight_leaps(), false, true, true)),
                'P' => {
                    // A Pawn on its last rank promotes, to each of the four.
                    let mut push = |to: Sq, passed| {
                        out.extend(pawn_move(white, from, to, to.1 == last, passed));
                    };
                    // Forward on its own board; two from its start cells.
                    let one = add(from, (0, fwd, 0));
                    if b.on(one) && b.at(one).is_none() {
                        push(one, None);
                        let start_rank = if white { from.1 } else { 7 - from.1 };
                        let start = match start_rank {
                            0 => from.0 == 0 || from.0 == 5,
                            1 => (1..=4).contains(&from.0),
                            _ => false,
                        };
                        let two = add(one, (0, fwd, 0));
                        if start && b.on(two) && b.at(two).is_none() {
                            push(two, Some(one));
                        }
                    }
                    let mut en_passant = None;
                    for v in [(1, fwd, 0), (-1, fwd, 0), (0, fwd, 1), (0, fwd, -1)] {
                        let to = add(from, v);
                        if !b.on(to) {
                            continue;
                        }
                        match b.at(to) {
                            Some(c) if !own(c) => push(to, None),
                            None if ep.is_some_and(|(skipped, _)| skipped == to) => {
                                en_passant = Some(to)
                            }
                            _ => {}
                        }
                    }
                    if let Some(to) = en_passant {
                        out.push(RefMove::en_passant(from, to));
                    }
                }
                other => panic!("unknown piece {other}"),
            }
            for (vectors, slides, moves, captures) in rules {
                for to in b.targets(from, white, &vectors, slides, (moves, captures)) {
                    out.push(RefMove::plain(from, to));
                }
            }
        }
        out
    }

    /// The seeds' notation: `Bb2-Bb4`, `Ac2xBd3`, `Cb7-Cb8=Q`, `O-O`.
    fn text(b: &Stack, m: RefMove) -> String {
        match m {
            RefMove::Castle(i) => CASTLING_TEXTS[i].to_string(),
            RefMove::Plain {
                from,
                to,
                promotion,
                en_passant,
                ..
            } => {
                let capture = en_passant || b.at(to).is_some();
                let mut s = format!(
                    "{}{}{}",
                    name(from),
                    if capture { 'x' } else { '-' },
                    name(to)
                );
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(p.to_ascii_uppercase());
                }
                s
            }
        }
    }

    /// The cell skipped (`Bc3`); the Pawn that skipped it is the side's
    /// not to move, a rank beyond.
    fn read_ep(cell: &str, white_to_move: bool) -> (Sq, Sq) {
        let b = cell.as_bytes();
        let skipped = (
            (b[1] - b'a') as i32,
            cell[2..].parse::<i32>().unwrap() - 1,
            (b[0] - b'A') as i32,
        );
        let back = if white_to_move { -1 } else { 1 };
        (skipped, add(skipped, (0, back, 0)))
    }
}
