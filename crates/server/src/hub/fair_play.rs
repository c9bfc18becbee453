//! Fair play (issue 57): in a game between people the engine helps nobody
//! while the game is on (no hint, no evaluation, no analysis of the live
//! position), unless its creator made it "casual, hints allowed"; then
//! the engine is open to both, and every hint is shown to both players.
//! Against the computer, and once a game is over, everything is open.

use std::sync::Arc;

use super::Hub;
use crate::error::GameError;
use crate::live::{Inner, Live, Mode};
use crate::store::GivenHint;

/// Whether the engine may help a player of this game now: the sentence
/// why not, as the API answers it (403), when it may not.
pub fn engine_help(live: &Live, inner: &Inner) -> Result<(), GameError> {
    if !live.engine_help_open(inner) {
        return Err(GameError::forbidden("no engine help in a game between people while it is played (hints, evaluations and analysis open once it is over, or in a game created as casual with hints allowed)",
        ));
    }
    Ok(())
}

impl Hub {
    /// A hint given in a casual game between people, shown to both: kept
    /// with the game and said in its note. One for a position the game has
    /// left (a move played meanwhile) is not given at all (409): no hint is
    /// given that the other player is not shown. The game's version after
    /// it.
    pub(super) fn tell_hint(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        hint: GivenHint,
    ) -> Result<u64, GameError> {
        let mut inner = live.lock();
        if live.mode == Mode::Computer {
            return Ok(inner.version);
        }
        if inner.table.ply() != hint.ply || inner.table.result().is_some() {
            return Err(GameError::conflict(
                "the game moved on while the engine thought: ask for the hint again",
            ));
        }
        let before = inner.snapshot();
        let side = crate::table::game_names(&live.game)
            .map_or("?", |(_, sides)| sides[usize::from(hint.side)]);
        let note = format!("{side} asked for a hint: {}", hint.label);
        inner.extra.hints_given.push(hint);
        self.changed(live, &mut inner, Some(note), before)?;
        Ok(inner.version)
    }
}
