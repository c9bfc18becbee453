//! The rules of the pieces held in hand: drops (crazyhouse), gating
//! (Seirawan chess) and shogi's keys that only mean something with them.

use super::*;

impl Reader<'_> {
    /// `drops`: captured pieces change sides into the capturer's hand. A
    /// promoted piece captured returns to the hand as the kind that
    /// promoted, so one kind at most may promote; and promotion to a
    /// captured pool would need the captured pieces twice.
    pub(super) fn drops(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        promotion: Option<&PromotionDef>,
    ) -> Checked<bool> {
        let Some(key) = file.drops.as_ref().filter(|k| *k.get_ref()) else {
            return Ok(false);
        };
        // A piece that changes kind otherwise would have to be marked as
        // one that promoted, and returned to the hand as what it was.
        if let Some(p) = pieces
            .iter()
            .find(|p| p.becomes.is_some() || p.promotes_on_capture)
        {
            return Err(self.error(
                key.span(),
                format!(
                    "drops and a piece that changes kind by `becomes` or `promotes_on_capture` \
                     ('{}') do not go together (yet)",
                    p.letter
                ),
            ));
        }
        let promoting: Vec<char> = pieces
            .iter()
            .filter(|p| p.promotes)
            .map(|p| p.letter)
            .collect();
        let own_forms = promotion.is_some_and(|p| matches!(p.choices, Choices::Promoted));
        if promoting.len() > 1 && !own_forms {
            return Err(self.error(
                key.span(),
                format!(
                    "with drops a captured promoted piece returns to the hand as the kind that \
                     promoted, so only one kind may promote; this game has {} (each kind may \
                     promote to its own promoted form instead: choices = \"promoted\")",
                    promoting
                        .iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if promotion.is_some_and(|p| matches!(p.choices, Choices::CapturedPool)) {
            return Err(self.error(
                key.span(),
                "drops and promotion to a captured piece do not go together: a captured piece \
                 goes to the capturer's hand",
            ));
        }
        Ok(true)
    }

    /// `gating`: pieces of the hand the start gives are gated on the cells
    /// pieces of each side's castling line leave. The gates are named by
    /// file on that line, so each side needs a fixed castling rule, and
    /// each cell of the line a file letter of its own that no castling
    /// symbol takes; a hand and a captured pool would be the same pieces;
    /// and a gated piece, which shields nothing, must not be a hurdle
    /// either.
    pub(super) fn gating(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        promotion: Option<&PromotionDef>,
        castling: &[CastleDef],
        geo: &Geometry,
    ) -> Checked<bool> {
        let Some(key) = file.gating.as_ref().filter(|k| *k.get_ref()) else {
            return Ok(false);
        };
        let refuse = |message: String| Err(self.error(key.span(), message));
        for side in Side::BOTH {
            let Some(c) = castling.iter().find(|c| c.side == side) else {
                return refuse(format!(
                    "gating names its gates by file on each side's castling line (the King's \
                     and its partner's), and {} has no castling rule",
                    file.sides[side.index()]
                ));
            };
            let cell = |name: &str| geo.parse_cell(name).unwrap_or(0);
            let line = line_of(geo, cell(c.king_from), cell(c.rook_from));
            let mut letters: Vec<char> = Vec::new();
            for &on in &line {
                let label = geo.file_label(on);
                let mut chars = label.chars();
                let letter = match (chars.next(), chars.next()) {
                    (Some(l), None) if l.is_ascii_lowercase() => l,
                    _ => {
                        return refuse(format!(
                            "gating names gates by file letter in the castling field, and {} \
                             is on the file '{label}': name the files with lower-case letters \
                             ([naming] files = \"abcdefgh\"), the line {} to {} along the files",
                            geo.name(on),
                            c.king_from,
                            c.rook_from
                        ))
                    }
                };
                let written = match side {
                    Side::White => letter.to_ascii_uppercase(),
                    Side::Black => letter,
                };
                if letters.contains(&letter) || castling.iter().any(|c| c.symbol == written) {
                    return refuse(format!(
                        "gating names gates by file letter in the castling field, and '{written}' \
                         would name two cells of {}'s castling line, or a gate and a castling \
                         right",
                        file.sides[side.index()]
                    ));
                }
                letters.push(letter);
            }
        }
        if let Some(p) = pieces
            .iter()
            .find(|p| p.moves.iter().any(|m| m.reach.hops()))
        {
            return refuse(format!(
                "gating and a piece that hops ('{}') do not go together: a gated piece does not \
                 shield its King, so it could not be a hurdle either",
                p.letter
            ));
        }
        if castling.iter().any(|c| c.any_file) {
            return Err(self.error(
                key.span(),
                "gating and castling from any file do not go together (yet): a file letter in \
                 the castling field would name both a gate and a castling partner",
            ));
        }
        if promotion.is_some_and(|p| matches!(p.choices, Choices::CapturedPool)) {
            return Err(self.error(
                key.span(),
                "gating and promotion to a captured piece do not go together: the hand would \
                 hold both",
            ));
        }
        Ok(true)
    }

    /// The keys that only mean something with another: `promoted_from`
    /// with `choices = "promoted"` (and that with `from_zone`'s zone),
    /// `drop_no_doubled` and `drop_mates` with drops.
    pub(super) fn shogi_keys_in_place(
        &self,
        file: &GameFile,
        promotion: Option<&PromotionDef>,
    ) -> Checked<()> {
        let drops = file.drops.as_ref().is_some_and(|d| *d.get_ref());
        let own_forms = promotion.is_some_and(|p| matches!(p.choices, Choices::Promoted));
        let pieces = file.pieces.get_ref();
        let form = |letter: char| {
            pieces
                .iter()
                .any(|q| *q.letter.get_ref() == letter && q.promoted_from.is_some())
        };
        for p in pieces {
            if let Some(from) = p.promoted_from.as_ref().filter(|_| !own_forms) {
                return Err(self.error(
                    from.span(),
                    "promoted_from needs [promotion] choices = \"promoted\"",
                ));
            }
            if let Some(b) = p.becomes.as_ref().filter(|b| form(*b.letter.get_ref())) {
                return Err(self.error(
                    b.letter.span(),
                    "a piece becomes no promoted form (one promotes to it)",
                ));
            }
            for key in [&p.drop_no_doubled, &p.drop_mates].into_iter().flatten() {
                let why = if !drops {
                    "only in a game with drops (drops = true)"
                } else if p.royal || p.promoted_from.is_some() {
                    "only for a kind a hand holds: not the royal kind nor a promoted form"
                } else if !file.check && p.drop_mates.is_some() {
                    "drop_mates needs a game with check (check = true)"
                } else {
                    continue;
                };
                return Err(self.error(key.span(), why));
            }
        }
        if let Some(limits) = file
            .promotion
            .as_ref()
            .and_then(|p| p.limits.as_ref())
            .filter(|_| own_forms)
        {
            return Err(self.error(
                limits.span(),
                "limits need a list of choices: with choices = \"promoted\" each kind has one",
            ));
        }
        Ok(())
    }
}
