//! Seats taken: a remote game's open seat claimed with its invitation,
//! and a seat opened again with its token (a resume link).

use super::*;

#[derive(Clone, Debug, Serialize)]
pub struct Joined {
    pub token: String,
    pub sides: Vec<usize>,
    pub state: Value,
}

impl Hub {
    /// Claims a remote game's open seat with its invitation.
    pub fn join(
        self: &Arc<Hub>,
        id: &str,
        invite: &str,
        name: Option<&str>,
    ) -> Result<Joined, GameError> {
        self.join_as(id, invite, name, Caller::default())
    }

    /// Joins for `caller` (see [`Hub::join`]).
    pub fn join_as(
        self: &Arc<Hub>,
        id: &str,
        invite: &str,
        name: Option<&str>,
        caller: Caller,
    ) -> Result<Joined, GameError> {
        let name = check_name(name)?;
        let (live, (token, i)) = self.on_game(id, caller, |live, inner| {
            let Some(i) = (0..2).find(|&i| inner.seats[i].invite_hash.is_some()) else {
                return Err(GameError::conflict("this game has no open seat to join"));
            };
            if !inner.seats[i].invited_by(invite) {
                return Err(GameError::forbidden("this invitation is not the game's"));
            }
            let token = new_secret();
            let before = inner.snapshot();
            inner.seats[i].invite_hash = None;
            inner.seats[i].token_hash = Some(digest(&token));
            if name.is_some() {
                inner.table.set_name(side_of(i), name.clone());
            }
            let note = inner.note.clone();
            self.changed(live, inner, note, before)?;
            Ok((token, i))
        })?;
        Ok(Joined {
            token,
            sides: vec![i],
            state: live.current_state(),
        })
    }

    /// The seat `token` holds (a resume link opened on another device).
    pub fn seat(self: &Arc<Hub>, id: &str, token: &str) -> Result<Joined, GameError> {
        let (live, sides) = self.on_game(id, Caller::default(), |live, inner| {
            live.sides_of(inner, Some(token))
        })?;
        Ok(Joined {
            token: token.to_string(),
            sides,
            state: live.current_state(),
        })
    }
}
