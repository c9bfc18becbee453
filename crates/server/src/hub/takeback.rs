//! Takeback requests in remote games (issue 57), answered as draw offers
//! are: a player asks to take back their last move (with the reply to it,
//! when it is their turn again), the opponent accepts or declines, and the
//! clocks go back to where they stood before the moves taken back. A move
//! played meanwhile withdraws the request. (At one screen and against the
//! computer, Undo takes moves back at once.)

use chess3d_core::Side;

use super::checks::still_on;
use crate::error::GameError;
use crate::live::{side_of, Inner, Live, Mode};

/// The moves a takeback asked by `asker` takes back: the asker's last
/// move, and the reply to it when the asker is to move again.
fn plies_for(asker: Side, inner: &Inner) -> usize {
    if inner.table.side_to_move() == asker {
        2
    } else {
        1
    }
}

/// `n` moves in words: "the last move", "the last 2 moves".
fn moves_text(n: usize) -> String {
    if n == 1 {
        "the last move".to_string()
    } else {
        format!("the last {n} moves")
    }
}

/// The side's name in `live`'s game.
fn side_name(live: &Live, side: Side) -> &'static str {
    crate::table::game_names(&live.game).map_or("?", |(_, sides)| sides[side.index()])
}

/// Asks for a takeback as `acting`, or accepts the opponent's request
/// when one is open to this seat; what to tell the players.
pub(super) fn ask_or_accept(
    live: &Live,
    inner: &mut Inner,
    sides: &[usize],
    acting: Side,
) -> Result<String, GameError> {
    if live.mode != Mode::Remote {
        return Err(GameError::conflict(
            "a takeback is asked for in a remote game; here Undo takes moves back",
        ));
    }
    still_on(inner)?;
    let open = inner.extra.takeback_offer.map(|s| side_of(s as usize));
    match open {
        Some(asker) if sides.contains(&asker.other().index()) => {
            let n = plies_for(asker, inner).min(inner.table.ply());
            let ply = inner.table.ply() - n;
            inner
                .table
                .back_to(ply)
                .map_err(|e| GameError::conflict(e.to_string()))?;
            inner.extra.takeback_offer = None;
            Ok(format!(
                "{} accepts: {} taken back, {} to move",
                side_name(live, asker.other()),
                moves_text(n),
                side_name(live, inner.table.side_to_move())
            ))
        }
        Some(asker) => Err(GameError::conflict(format!(
            "{} has asked for a takeback already: wait for the answer",
            side_name(live, asker)
        ))),
        None => {
            let n = plies_for(acting, inner);
            if inner.table.ply() < n {
                return Err(GameError::conflict(format!(
                    "{} has no move of theirs to take back yet",
                    side_name(live, acting)
                )));
            }
            inner.extra.takeback_offer = Some(acting.index() as u8);
            Ok(format!(
                "{} asks to take back {}",
                side_name(live, acting),
                moves_text(n)
            ))
        }
    }
}

/// Declines the opponent's takeback request open to this seat, if there is
/// one: what to tell the players.
pub(super) fn decline(live: &Live, inner: &mut Inner, sides: &[usize]) -> Option<String> {
    let asker = side_of(inner.extra.takeback_offer? as usize);
    if !sides.contains(&asker.other().index()) {
        return None;
    }
    inner.extra.takeback_offer = None;
    Some(format!(
        "{} declines the takeback",
        side_name(live, asker.other())
    ))
}
