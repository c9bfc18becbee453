//! Invariants every game must keep, as functions tests of any game call on
//! the positions they visit. Each returns a description of the first
//! violation found.

use std::collections::BTreeSet;

use crate::game::Game;
use crate::game::GameVariant;
use crate::{Move, MoveKind, MoveList};

/// Checks one position:
/// - the incremental hash equals a fresh one;
/// - the position string reads back to an equal position;
/// - the legal moves are exactly the pseudo-legal moves that pass the
///   legality test, and `count_legal` counts them;
/// - every legal move has a distinct text, and an even sample of about 16
///   of them read back to their moves (reading every one is quadratic);
/// - making and unmaking a legal move restores position and hash, and the
///   hash after the move equals a fresh one: every move of a position with
///   at most 48 legal moves; otherwise every capture and every special move
///   (castling, en passant, promotion, push, board move) and an even sample
///   of about 48 of the rest. (The walks of the property tests also make and
///   unmake the move they play in every position.)
pub fn check_position<G: Game>(pos: &mut G) -> Result<(), String> {
    check_position_counting(pos).map(|_| ())
}

/// [`check_position`], returning the number of legal moves (so that a
/// caller needs no second count).
pub fn check_position_counting<G: Game>(pos: &mut G) -> Result<usize, String> {
    if pos.hash() != pos.fresh_hash() {
        return Err("incremental hash differs from a fresh one".into());
    }
    let text = pos.to_text();
    // Options are not part of the text: the reader is given them.
    let read_back = pos.variant().position_with(&text, pos.options());
    match read_back {
        Ok(back) if back == *pos => {}
        Ok(back) => {
            return Err(format!(
                "'{text}' reads back as a different position '{}'",
                back.to_text()
            ))
        }
        Err(e) => return Err(format!("'{text}' does not read back: {e}")),
    }

    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let legal_set: BTreeSet<Move> = legal.iter().copied().collect();
    if legal_set.len() != legal.len() {
        return Err("the legal move list has duplicates".into());
    }
    if pos.count_legal() != legal.len() as u64 {
        return Err(format!(
            "count_legal {} but {} legal moves",
            pos.count_legal(),
            legal.len()
        ));
    }
    let mut pseudo = MoveList::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let mut filtered: BTreeSet<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| pos.is_legal_by_make(m))
        .collect();
    // A compulsory capture leaves only the captures, where there is one.
    if pos.must_capture() && filtered.iter().any(|&m| pos.is_capture(m)) {
        filtered.retain(|&m| pos.is_capture(m));
    }
    if filtered != legal_set {
        let p = &*pos;
        let show = |s: &BTreeSet<Move>, other: &BTreeSet<Move>| -> Vec<String> {
            s.difference(other).map(|&m| p.move_text(m)).collect()
        };
        return Err(format!(
            "legal moves differ from filtered pseudo-legal ones: only legal {:?}, only filtered {:?}",
            show(&legal_set, &filtered),
            show(&filtered, &legal_set)
        ));
    }

    let texts: BTreeSet<String> = legal.iter().map(|&m| pos.move_text(m)).collect();
    if texts.len() != legal.len() {
        return Err("two legal moves print the same text".into());
    }
    // Reading every move is quadratic; a sample shows the parser agrees.
    for &m in legal.iter().step_by(legal.len() / 16 + 1) {
        let t = pos.move_text(m);
        match pos.parse_move(&t) {
            Ok(back) if back == m => {}
            other => return Err(format!("move text '{t}' reads back as {other:?}")),
        }
    }

    let before = pos.clone();
    // Quiet moves are sampled in big positions: this loop was most of the
    // time of the property tests, and quiet moves of one piece kind share
    // their code; every move that does something more is still checked.
    let stride = legal.len() / 48 + 1;
    let checked = legal.iter().enumerate().filter(|&(i, &m)| {
        i % stride == 0
            || m.kind != MoveKind::Normal
            || m.promotion.is_some()
            || before.is_capture(m)
    });
    for (_, &m) in checked {
        pos.make(m);
        let fresh = pos.fresh_hash() == pos.hash();
        pos.unmake();
        if !fresh {
            return Err(format!(
                "after {} the incremental hash differs from a fresh one",
                pos.move_text(m)
            ));
        }
        if *pos != before || pos.hash() != before.hash() {
            return Err(format!(
                "make/unmake of {} does not restore the position",
                pos.move_text(m)
            ));
        }
    }
    Ok(legal.len())
}
