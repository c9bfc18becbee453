//! The players' actions on a game: a move, undo, resignation, draw
//! offers and answers, takebacks, play on from a past position, rematch.

use super::*;

/// A player's action on a game.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum Action {
    /// A move as typed or as the legal list gives it; `ply`, when given,
    /// must be the number of moves played so far (a move sent twice is
    /// refused the second time).
    Move {
        r#move: String,
        ply: Option<usize>,
    },
    Undo,
    Resign,
    /// Offer a draw, or accept the other side's offer.
    Draw,
    /// Decline the other side's offer: `offer` says which, `draw` or
    /// `takeback`; without it, a takeback request open to this seat, else
    /// the draw offer.
    Decline {
        #[serde(default)]
        offer: Option<Offer>,
    },
    /// In a remote game: ask to take back your last move (with the reply
    /// to it when it is your turn again), or accept the other side's
    /// request.
    Takeback,
    /// After the game: offer a new one with colours swapped, or accept
    /// the other side's offer.
    Rematch,
    /// Takes back every move after the first `ply` (play on from a
    /// position under review); not in remote games.
    Back {
        ply: usize,
    },
}

/// What a decline answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Offer {
    Draw,
    Takeback,
}

impl Hub {
    /// Does `action` for the player holding `token`; the new state.
    pub fn act(
        self: &Arc<Hub>,
        id: &str,
        token: Option<&str>,
        action: Action,
    ) -> Result<Value, GameError> {
        self.act_as(id, token, action, Caller::default())
    }

    /// Does `action` for `caller` (see [`Hub::act`]).
    pub fn act_as(
        self: &Arc<Hub>,
        id: &str,
        token: Option<&str>,
        action: Action,
        caller: Caller,
    ) -> Result<Value, GameError> {
        let (live, ()) = self.on_game(id, caller, |live, inner| {
            let done = self.act_on(live, inner, token, action.clone(), caller);
            // A place reserved for an engine turn the action did not start
            // is given back.
            inner.reserved = None;
            done
        })?;
        Ok(live.current_state())
    }

    pub(super) fn act_on(
        self: &Arc<Hub>,
        live: &Arc<Live>,
        inner: &mut Inner,
        token: Option<&str>,
        action: Action,
        caller: Caller,
    ) -> Result<(), GameError> {
        let sides = live.sides_of(inner, token)?;
        // An action that may start an engine turn (a move, a take-back or
        // a rematch handing it the turn, a draw offer it answers) takes a
        // place in the client's share of the engine first.
        let engine_plays = inner.seats.iter().any(SeatRow::is_engine);
        if engine_plays
            && !matches!(
                action,
                Action::Resign | Action::Decline { .. } | Action::Takeback
            )
        {
            inner.reserved = Some(self.reserve_engine(caller.client)?);
        }
        // A timed game loaded from the database whose clock has not started
        // counts toward the limit of the client whose action starts it.
        let waiting_clock = inner.table.clock().is_some_and(|c| c.running.is_none());
        if waiting_clock && inner.table.result().is_none() {
            let mut timed = lock(&live.timed);
            if timed.is_none() {
                *timed = self.count_timed(caller.client)?;
            }
        }
        inner.owner = caller.client;
        // A flag that fell since the last change ends the game first.
        self.flag_fall(live, inner);
        let to_move = inner.table.side_to_move();
        // The side a player acts for: the side to move if theirs, else
        // their only side.
        let side = if sides.contains(&to_move.index()) {
            to_move
        } else {
            side_of(sides[0])
        };
        let actor = Actor { live, sides, side };
        let before = inner.snapshot();
        let done = match action {
            Action::Move { r#move, ply } => play(&actor, inner, &r#move, ply)?,
            Action::Undo => undo(&actor, inner)?,
            Action::Resign => resign(&actor, inner)?,
            Action::Draw => draw(&actor, inner)?,
            Action::Decline { offer } => decline(&actor, inner, offer)?,
            Action::Takeback => Done::said(takeback::ask_or_accept(
                live,
                inner,
                &actor.sides,
                actor.side,
            )?),
            Action::Back { ply } => back(&actor, inner, ply)?,
            Action::Rematch => self.rematch(&actor, inner)?,
        };
        self.changed(live, inner, done.note, before)?;
        if let Some(side) = done.engine_answers {
            // Queued after the change, which would otherwise drop it.
            self.engine_answers_draw(live, inner, side);
        }
        Ok(())
    }

    /// After the game: offers a rematch, or agrees to the other side's
    /// (at once when the other seat is the engine's or this player's own).
    fn rematch(self: &Arc<Hub>, actor: &Actor, inner: &mut Inner) -> Result<Done, GameError> {
        if inner.table.result().is_none() {
            return Err(GameError::conflict(
                "a rematch is offered once the game is over",
            ));
        }
        if let Some(next) = &inner.rematch {
            return Err(GameError::conflict(format!("the rematch is game {next}")));
        }
        let (side, other) = (actor.side, actor.side.other());
        let agreed = inner.rematch_offer == Some(other)
            || inner.seats[other.index()].is_engine()
            || actor.sides.contains(&other.index());
        if agreed {
            let next = self.open_rematch(actor.live, inner)?;
            inner.rematch = Some(next);
            inner.rematch_offer = None;
            return Ok(Done::said(
                "rematch agreed: a new game with colours swapped".to_string(),
            ));
        }
        if inner.rematch_offer == Some(side) {
            return Err(GameError::conflict(format!(
                "{} has offered a rematch already",
                actor.name(side)
            )));
        }
        inner.rematch_offer = Some(side);
        Ok(Done::said(format!("{} offers a rematch", actor.name(side))))
    }
}

/// Who acts on which game: the sides the seat's token plays, and the side
/// it acts for (the side to move if its, else its only side).
struct Actor<'a> {
    live: &'a Arc<Live>,
    sides: Vec<usize>,
    side: Side,
}

impl Actor<'_> {
    /// A side's name in this game (White, Gold, ...).
    fn name(&self, side: Side) -> &'static str {
        table::game_names(&self.live.game).map_or("?", |n| n.1[side.index()])
    }

    fn plays(&self, side: Side) -> bool {
        self.sides.contains(&side.index())
    }
}

/// What an action did: what the players are told, and the engine's side
/// when it is to answer a draw offer.
#[derive(Default)]
struct Done {
    note: Option<String>,
    engine_answers: Option<Side>,
}

impl Done {
    fn said(note: String) -> Done {
        Done {
            note: Some(note),
            ..Done::default()
        }
    }
}

/// The table's refusal of an action, as a 409 with its reason.
fn refused(e: anyhow::Error) -> GameError {
    GameError::conflict(e.to_string())
}

/// In a remote game moves are taken back only by a takeback request.
fn not_remote(actor: &Actor) -> Result<(), GameError> {
    if actor.live.mode == Mode::Remote {
        return Err(GameError::conflict(
            "moves are not taken back at will in a remote game: ask the other player (Ask to take back)",
        ));
    }
    Ok(())
}

/// A move for the side to move, which the seat must play; `ply`, when
/// given, the moves played so far (a move sent twice is refused).
fn play(
    actor: &Actor,
    inner: &mut Inner,
    text: &str,
    ply: Option<usize>,
) -> Result<Done, GameError> {
    still_on(inner)?;
    let to_move = inner.table.side_to_move();
    if !actor.plays(to_move) {
        return Err(GameError::conflict(format!(
            "it is {}'s turn, and this seat plays {}",
            actor.name(to_move),
            actor.name(actor.side)
        )));
    }
    if let Some(ply) = ply.filter(|&p| p != inner.table.ply()) {
        return Err(GameError::conflict(format!(
            "the move is for ply {ply} but {} moves have been played",
            inner.table.ply()
        )));
    }
    inner
        .table
        .play(text)
        .map_err(|e| GameError::illegal(e.to_string()))?;
    // A move withdraws a takeback request (or answers it no).
    inner.extra.takeback_offer = None;
    Ok(Done::default())
}

/// Takes back moves until a human is to move (not in remote games).
fn undo(actor: &Actor, inner: &mut Inner) -> Result<Done, GameError> {
    not_remote(actor)?;
    still_on(inner)?;
    inner.table.undo().map_err(refused)?;
    Ok(Done::default())
}

fn resign(actor: &Actor, inner: &mut Inner) -> Result<Done, GameError> {
    still_on(inner)?;
    inner.table.resign(actor.side).map_err(refused)?;
    Ok(Done::default())
}

/// Offers a draw, or accepts the other side's offer: a player holding both
/// seats offers for the side to move and accepts for the other. The
/// engine answers an offer made to it.
fn draw(actor: &Actor, inner: &mut Inner) -> Result<Done, GameError> {
    still_on(inner)?;
    let by = match inner.table.draw_offer() {
        Some(offer) if actor.plays(offer.other()) => offer.other(),
        _ => actor.side,
    };
    if inner.table.offer_draw(by).map_err(refused)? {
        return Ok(Done::default());
    }
    let other = by.other();
    Ok(Done {
        note: Some(format!("{} offers a draw", actor.name(by))),
        engine_answers: inner.seats[other.index()].is_engine().then_some(other),
    })
}

/// Declines the offer named, or without one a takeback request open to
/// this seat, else the draw offer.
fn decline(actor: &Actor, inner: &mut Inner, offer: Option<Offer>) -> Result<Done, GameError> {
    still_on(inner)?;
    if offer != Some(Offer::Draw) {
        if let Some(said) = takeback::decline(actor.live, inner, &actor.sides) {
            return Ok(Done::said(said));
        }
        if offer == Some(Offer::Takeback) {
            return Err(GameError::conflict(
                "no takeback request for this seat to decline",
            ));
        }
    }
    let by = inner.table.draw_offer().map_or(actor.side, Side::other);
    if !actor.plays(by) {
        return Err(GameError::conflict(
            "no draw offer for this seat to decline",
        ));
    }
    inner.table.decline_draw(by).map_err(refused)?;
    Ok(Done::said(format!("{} declines the draw", actor.name(by))))
}

/// Takes back every move after the first `ply` (play on from a position
/// under review; not in remote games).
fn back(actor: &Actor, inner: &mut Inner, ply: usize) -> Result<Done, GameError> {
    not_remote(actor)?;
    still_on(inner)?;
    Ok(Done::said(inner.table.back_to(ply).map_err(refused)?))
}

impl Hub {
    /// Aborts lobby game `id` at `version` (the version in which its
    /// side to move had not begun in time, `why`): it takes no more moves,
    /// its clock stops. Done already: Ok. 409 when it has ended or changed
    /// since that version.
    pub fn abort(self: &Arc<Hub>, id: &str, version: u64, why: &str) -> Result<(), GameError> {
        self.on_game(id, Caller::default(), |live, inner| {
            if inner.extra.aborted.is_some() {
                return Ok(());
            }
            still_on(inner)?;
            if inner.version != version {
                return Err(GameError::conflict("the game changed since"));
            }
            let before = inner.snapshot();
            if let Some(old) = inner.clock_timer.take() {
                old.abort();
            }
            inner.extra.aborted = Some(why.to_string());
            self.changed(live, inner, Some(why.to_string()), before)
        })
        .map(|_| ())
    }
}
