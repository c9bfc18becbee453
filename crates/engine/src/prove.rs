//! Exhaustive proof of forced wins: every move of the attacker, every
//! reply of the defender, the game's full end rules (`Position::outcome`;
//! at the attacker's last move only those that check or win at once can
//! end the game, so only they are followed).
//! Independent of the search (no pruning, no evaluation, no table), it is
//! the reference the engine's mate-finding is tested against.

use chess3d_core::def::StalemateRule;
use chess3d_core::{MoveList, Outcome, Position, Rules, Side};

/// Whether the side to move can force a win (mate, a King captured, the
/// temple, a repetition the loser makes) within `moves` of its moves.
pub fn forced_win<R: Rules>(pos: &mut Position<R>, moves: u32) -> bool {
    winning_move(pos, moves).is_some()
}

/// A move that forces a win within `moves` moves, if there is one.
pub fn winning_move<R: Rules>(pos: &mut Position<R>, moves: u32) -> Option<chess3d_core::Move> {
    if moves == 0 || pos.outcome().is_some() {
        return None;
    }
    let us = pos.side_to_move();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if moves > 1 {
        // Checks first, then captures: only the order changes, so a win is
        // usually found sooner; every move is still tried before "no".
        let mut keyed: Vec<(u8, chess3d_core::Move)> = list
            .iter()
            .map(|&m| {
                let capture = pos.is_capture(m);
                pos.make(m);
                let check = pos.in_check() || pos.immediate_result().is_some();
                pos.unmake();
                (u8::from(!check) * 2 + u8::from(!capture), m)
            })
            .collect();
        keyed.sort_by_key(|k| k.0);
        list = keyed.into_iter().map(|k| k.1).collect();
    }
    list.into_iter().find(|&m| {
        pos.make(m);
        // With the last move only a mate, a King captured or the temple
        // can win, and a mate gives check: other moves need no look at
        // the replies (an exact rule, not a heuristic). Where a side
        // without a move loses, any move may leave the defender none.
        let can_win = moves > 1
            || pos.in_check()
            || pos.immediate_result().is_some()
            || pos.tables().def.stalemate == StalemateRule::Loss;
        let wins = can_win && wins_after(pos, us, moves - 1);
        pos.unmake();
        wins
    })
}

/// With the defender to move: whether `attacker` wins now or whatever the
/// defender plays, within `moves` more moves of the attacker.
pub fn wins_after<R: Rules>(pos: &mut Position<R>, attacker: Side, moves: u32) -> bool {
    match pos.outcome() {
        Some(Outcome::Win { winner, .. }) => return winner == attacker,
        Some(Outcome::Draw(_)) => return false,
        None => {}
    }
    if moves == 0 {
        return false;
    }
    let mut replies = MoveList::new();
    pos.legal_moves(&mut replies);
    replies.into_iter().all(|r| {
        pos.make(r);
        // A reply can end the game itself (a repetition its player
        // makes loses in Elevator).
        let wins = match pos.outcome() {
            Some(Outcome::Win { winner, .. }) => winner == attacker,
            Some(Outcome::Draw(_)) => false,
            None => forced_win(pos, moves),
        };
        pos.unmake();
        wins
    })
}
