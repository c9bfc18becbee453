//! Castling rights: the rule in play of each slot, the castling field of
//! position strings (symbols, and X-FEN's file letters for castling from
//! any file) and the rights' hash key.

use super::{Position, Rules};
use crate::bits::BitSet;
use crate::error::PositionError;
use crate::tables::CastleInfo;
use crate::{Cell, Piece, Side};

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
        let mut gate_letters = Vec::new();
        if text != "-" {
            for ch in text.chars() {
                if self.gating() {
                    if let Some(cell) = self.gate_named(ch)? {
                        if gate_letters.contains(&ch) {
                            return Err(PositionError::new(
                                "castling",
                                format!("'{ch}' is given twice"),
                            ));
                        }
                        gate_letters.push(ch);
                        self.open_gate(ch, cell)?;
                        continue;
                    }
                }
                let (slot, rule) = self.castling_right(ch)?;
                if rights >> slot & 1 != 0 {
                    return Err(PositionError::new(
                        "castling",
                        format!("'{ch}' is given twice"),
                    ));
                }
                rights |= 1 << slot;
                self.castle_rules[slot] = rule;
                if self.gating() {
                    // A right is the gates of its King and partner too.
                    let c = &self.t.castling.rules[rule as usize];
                    self.set_gate(c.king_from, true);
                    self.set_gate(c.rook_from, true);
                }
            }
        }
        self.castling = rights;
        if self.gating() {
            self.rights_from_gates();
            for side in Side::BOTH {
                self.close_gates_of_empty_hand(side);
            }
        }
        Ok(())
    }

    /// In a game with gating, as Fairy-Stockfish reads its castling field:
    /// a side given no castling right but gates on its King and on a
    /// partner (`EH`, say) castles with each such partner, as long as its
    /// hand holds a piece (or captures may fill it). Its own position
    /// strings never say so (they write `K`), but others may.
    fn rights_from_gates(&mut self) {
        let castling = &self.t.castling;
        for side in Side::BOTH {
            let side_rights = castling.of_side[side.index()];
            let hand = self.in_hand(side) > 0 || self.drops();
            if self.castling & side_rights != 0 || !hand {
                continue;
            }
            let gates = self.gates(side);
            for slot in 0..castling.slots {
                let c = &castling.rules[castling.usual[slot] as usize];
                if side_rights >> slot & 1 != 0
                    && gates.contains(c.king_from)
                    && gates.contains(c.rook_from)
                    && self.holds_castlers(c)
                {
                    self.castling |= 1 << slot;
                    self.castle_rules[slot] = castling.usual[slot];
                }
            }
        }
    }

    /// In a game with gating, the cell of the gate a castling field's
    /// letter names, if it names one: a file letter (upper case for
    /// White) that is no castling symbol, on the side's castling line.
    fn gate_named(&self, ch: char) -> Result<Option<Cell>, PositionError> {
        let castling = &self.t.castling;
        let symbol =
            (0..castling.slots).any(|s| castling.rules[castling.usual[s] as usize].symbol == ch);
        if symbol || !ch.is_ascii_alphabetic() {
            return Ok(None);
        }
        let side = side_of_letter(ch);
        let file = ch.to_ascii_lowercase().to_string();
        let geo = &self.t.geo;
        let line = &castling.gate_lines[side.index()];
        match line.iter().find(|&&c| geo.file_label(c) == file) {
            Some(&cell) => Ok(Some(cell)),
            None => Err(PositionError::new(
                "castling",
                format!(
                    "'{ch}' is neither a castling right nor the file of a gate of {} (its \
                     castling line's files are {})",
                    self.t.def.side_names[side.index()],
                    line.iter().map(|&c| geo.file_label(c)).collect::<String>()
                ),
            )),
        }
    }

    /// Opens the gate on `cell`, named by `ch`: it needs a piece of the
    /// letter's side there.
    fn open_gate(&mut self, ch: char, cell: Cell) -> Result<(), PositionError> {
        let side = side_of_letter(ch);
        let name = self.t.geo.name(cell);
        let piece = self.piece_at(cell);
        if piece.is_empty() || piece.side() != side {
            return Err(PositionError::new(
                "castling",
                format!(
                    "'{ch}': a gate on {name} needs a piece of {} there, one that has not moved",
                    self.t.def.side_names[side.index()]
                ),
            ));
        }
        self.set_gate(cell, true);
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
        let side = side_of_letter(ch);
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
            .filter(move |(_, c)| c.slot as usize == slot && c.gate.is_none())
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
        if self.gating() {
            return self.write_castling_and_gates();
        }
        let text: String = self.rights_text(None);
        if text.is_empty() {
            "-".to_string()
        } else {
            text
        }
    }

    /// The symbols (or file letters) of the castling rights held, of
    /// `side` alone if given.
    fn rights_text(&self, side: Option<Side>) -> String {
        self.castle_rules_in_play()
            .filter(|&(slot, c)| self.castling >> slot & 1 != 0 && side.is_none_or(|s| c.side == s))
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
            .collect()
    }

    /// The castling field of a game with gating, as Fairy-Stockfish writes
    /// it (`KQBCDFGkqbcdfg`): each side's rights, then the files of its
    /// open gates that no right implies (its King's, its partners'),
    /// White's first; no gates for a side with an empty hand.
    fn write_castling_and_gates(&self) -> String {
        let geo = &self.t.geo;
        let mut text = String::new();
        for side in Side::BOTH {
            text += &self.rights_text(Some(side));
            let implied: Vec<Cell> = self
                .castle_rules_in_play()
                .filter(|&(slot, c)| self.castling >> slot & 1 != 0 && c.side == side)
                .flat_map(|(_, c)| [c.king_from, c.rook_from])
                .collect();
            let gates = self.gates(side);
            for &cell in &self.t.castling.gate_lines[side.index()] {
                if gates.contains(cell) && !implied.contains(&cell) {
                    let file = geo.file_label(cell).chars().next().unwrap_or('?');
                    text.push(match side {
                        Side::White => file.to_ascii_uppercase(),
                        Side::Black => file,
                    });
                }
            }
        }
        if text.is_empty() {
            "-".to_string()
        } else {
            text
        }
    }
}

/// The side a castling field's letter is of: upper case White's, lower
/// case Black's.
fn side_of_letter(ch: char) -> Side {
    if ch.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    }
}
