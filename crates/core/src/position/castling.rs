//! Castling rights: the rule in play of each slot, the castling field of
//! position strings (symbols, and X-FEN's file letters for castling from
//! any file) and the rights' hash key.

use super::{Position, Rules};
use crate::error::PositionError;
use crate::tables::CastleInfo;
use crate::{Piece, Side};

impl<R: Rules> Position<R> {
    /// The hash key of a set of castling rights: with the rules in play
    /// where they may differ from game to game (castling from any file).
    #[inline]
    pub(super) fn castling_key(&self, rights: u8) -> u64 {
        let t = self.t;
        let k = &t.keys;
        if rights & t.castling.any_file == 0 {
            return k.castling(rights);
        }
        (0..t.castling.slots)
            .filter(|&slot| rights >> slot & 1 != 0)
            .fold(0, |h, slot| {
                h ^ k.castle_rule(slot, self.castle_rules[slot])
            })
    }

    /// The rule in play of castling slot `slot` (a bit of the rights).
    #[inline]
    pub fn castle_rule(&self, slot: usize) -> &'static CastleInfo<R::Bits> {
        &self.t.castling.rules[self.castle_rules[slot] as usize]
    }

    /// The rules in play, with their slots.
    pub(crate) fn castle_rules_in_play(
        &self,
    ) -> impl Iterator<Item = (usize, &'static CastleInfo<R::Bits>)> + '_ {
        (0..self.t.castling.slots).map(|slot| (slot, self.castle_rule(slot)))
    }

    /// Reads the castling field: each right by its symbol (`K`: for a rule
    /// from any file, with the outermost partner on its side of the King)
    /// or, for a rule from any file, by its partner's file letter (`G`,
    /// `b`: X-FEN and Shredder-FEN).
    pub(super) fn read_castling(&mut self, text: &str) -> Result<(), PositionError> {
        let mut rights = 0u8;
        if text != "-" {
            for ch in text.chars() {
                let (slot, rule) = self.castling_right(ch)?;
                if rights >> slot & 1 != 0 {
                    return Err(PositionError::new(
                        "castling",
                        format!("'{ch}' is given twice"),
                    ));
                }
                rights |= 1 << slot;
                self.castle_rules[slot] = rule;
            }
        }
        self.castling = rights;
        Ok(())
    }

    /// The slot and rule of the castling right written `ch`.
    pub(super) fn castling_right(&self, ch: char) -> Result<(usize, u8), PositionError> {
        let t = self.t;
        let castling = &t.castling;
        let error = |message: String| Err(PositionError::new("castling", message));
        if let Some(slot) =
            (0..castling.slots).find(|&s| castling.rules[castling.usual[s] as usize].symbol == ch)
        {
            let usual = &castling.rules[castling.usual[slot] as usize];
            if castling.any_file >> slot & 1 == 0 {
                if self.holds_castlers(usual) {
                    return Ok((slot, castling.usual[slot]));
                }
                return error(format!(
                    "'{ch}' needs the King on {} and the Rook on {}",
                    t.geo.name(usual.king_from),
                    t.geo.name(usual.rook_from)
                ));
            }
            return match self.outermost(slot) {
                Some((rule, _)) => Ok((slot, rule)),
                None => error(format!(
                    "'{ch}' needs the King on its line with a {} on its side",
                    t.kinds[usual.rook_kind as usize].def.name
                )),
            };
        }
        // A file letter: the partner on that file of the side's line.
        let side = if ch.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let file = ch.to_ascii_lowercase().to_string();
        let found = (0..castling.slots)
            .filter(|&slot| castling.any_file >> slot & 1 != 0)
            .flat_map(|slot| {
                self.any_file_rules(slot)
                    .map(move |(rule, c)| (slot, rule, c))
            })
            .find(|&(_, _, c)| {
                c.side == side && t.geo.file_label(c.rook_from) == file && self.holds_castlers(c)
            });
        match found {
            Some((slot, rule, _)) => Ok((slot, rule)),
            None if castling.any_file == 0 => error(format!("'{ch}' is not a castling right of this game")),
            None => error(format!(
                "'{ch}' is not a castling right of this game, nor the file of a piece {} may castle with",
                t.def.side_names[side.index()]
            )),
        }
    }

    /// The rules (with their indices) of an any-file slot.
    fn any_file_rules(
        &self,
        slot: usize,
    ) -> impl Iterator<Item = (u8, &'static CastleInfo<R::Bits>)> + '_ {
        let rules = &self.t.castling.rules;
        rules
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.slot as usize == slot)
            .map(|(i, c)| (i as u8, c))
    }

    /// Whether the King and the partner of a castling rule stand on its
    /// start cells.
    pub(super) fn holds_castlers(&self, c: &CastleInfo<R::Bits>) -> bool {
        self.piece_at(c.king_from) == Piece::new(c.side, self.t.royal)
            && self.piece_at(c.rook_from) == Piece::new(c.side, c.rook_kind)
    }

    /// The rule of an any-file slot with the outermost partner: of those
    /// whose King and partner stand on their cells, the one whose partner
    /// is furthest from the King along their line.
    fn outermost(&self, slot: usize) -> Option<(u8, &'static CastleInfo<R::Bits>)> {
        let geo = &self.t.geo;
        let distance = |c: &CastleInfo<R::Bits>| {
            let (a, b) = (geo.coord(c.king_from), geo.coord(c.rook_from));
            (0..3).map(|i| (a[i] - b[i]).abs()).sum::<i32>()
        };
        self.any_file_rules(slot)
            .filter(|&(_, c)| self.holds_castlers(c))
            .max_by_key(|&(_, c)| distance(c))
    }

    /// The castling field: each right by its symbol, but a right from any
    /// file whose partner is not the outermost on its side of the King
    /// by the partner's file letter (X-FEN).
    pub(super) fn write_castling(&self) -> String {
        let text: String = self
            .castle_rules_in_play()
            .filter(|&(slot, _)| self.castling >> slot & 1 != 0)
            .map(|(slot, c)| {
                let outermost = !c.any_file
                    || self.outermost(slot).map(|(rule, _)| rule) == Some(self.castle_rules[slot]);
                match self.t.geo.file_label(c.rook_from).chars().next() {
                    Some(file) if !outermost => match c.side {
                        Side::White => file.to_ascii_uppercase(),
                        Side::Black => file,
                    },
                    _ => c.symbol,
                }
            })
            .collect();
        if text.is_empty() {
            "-".to_string()
        } else {
            text
        }
    }
}
