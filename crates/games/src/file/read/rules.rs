//! The rules between the pieces and the board: promotion, zones that must hold cells for both sides, confinement and the lines
//! along which the royal pieces may not face each other.

use super::*;

impl Reader<'_> {
    /// `[promotion]`; `several`: whether a side may have several royal
    /// pieces, the royal kind then being a possible choice.
    pub(super) fn promotion(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        geo: &Geometry,
        mirror: V3,
        several: bool,
    ) -> Checked<Option<PromotionDef>> {
        let Some(p) = &file.promotion else {
            if let Some(k) = pieces.iter().find(|k| k.promotes || k.promotes_on_capture) {
                return Err(self.error(
                    file.pieces.span(),
                    format!("'{}' promotes, but the game has no [promotion]", k.letter),
                ));
            }
            return Ok(None);
        };
        let zone = self.zone(p.zone.get_ref())?;
        if zone_cells::<Bits<5>>(geo, mirror, zone)[Side::White.index()].is_empty() {
            return Err(self.error(p.zone.span(), "the promotion zone has no cell on the board"));
        }
        let choices = match p.choices.get_ref() {
            ChoicesFile::Named(name) if name == "captured-pool" => {
                // The pool holds every kind neither royal nor promoting; a
                // kind one becomes may not be among them (the change of
                // kind and the promotion would be the same move).
                if let Some(b) = pieces.iter().filter_map(|k| k.becomes).find(|b| {
                    pieces
                        .iter()
                        .any(|k| k.letter == b.letter && !k.royal && !k.promotes)
                }) {
                    return Err(self.error(
                        p.choices.span(),
                        format!(
                            "'{}', which a piece becomes, would also be a choice from the \
                             captured pool: make it a promoting kind, or list the choices",
                            b.letter
                        ),
                    ));
                }
                Choices::CapturedPool
            }
            ChoicesFile::Named(name) if name == "promoted" => {
                // Each promoting kind has its one promoted form.
                if let Some(k) = pieces.iter().find(|k| {
                    k.promotes && !pieces.iter().any(|f| f.promoted_from == Some(k.letter))
                }) {
                    return Err(self.error(
                        p.choices.span(),
                        format!(
                            "\"promoted\": '{}' promotes, but no kind is its promoted form \
                             (promoted_from = \"{}\")",
                            k.letter, k.letter
                        ),
                    ));
                }
                if let Some(k) = pieces.iter().find(|k| k.promotes_on_capture) {
                    return Err(self.error(
                        p.choices.span(),
                        format!(
                            "\"promoted\": '{}' promotes on capture, which needs a list of choices",
                            k.letter
                        ),
                    ));
                }
                Choices::Promoted
            }
            ChoicesFile::Named(name) => {
                return Err(self.error(
                    p.choices.span(),
                    format!(
                        "'{name}': expected a list of letters, one for each side, \
                         \"captured-pool\" or \"promoted\""
                    ),
                ))
            }
            ChoicesFile::Letters(letters) => {
                Choices::Fixed(self.choice_letters(p.choices.span(), letters, pieces, several)?)
            }
            ChoicesFile::Sides(SideChoicesFile { white, black }) => Choices::Sides([
                self.choice_letters(p.choices.span(), white, pieces, several)?,
                self.choice_letters(p.choices.span(), black, pieces, several)?,
            ]),
        };
        let optional = match p.optional.as_ref().map(|o| (o.get_ref(), o.span())) {
            None | Some((OptionalFile::Everywhere(false), _)) => None,
            Some((OptionalFile::Everywhere(true), _)) => Some(zone),
            Some((OptionalFile::Cells(areas), span)) => {
                let areas: Vec<_> = areas
                    .iter()
                    .map(|a| Spanned::new(span.clone(), a.clone()))
                    .collect();
                let optional = self.zone(&areas)?;
                let [cells, whole] =
                    [optional, zone].map(|z| zone_cells::<Bits<5>>(geo, mirror, z));
                if [0, 1].iter().any(|&s| !(cells[s] & !whole[s]).is_empty()) {
                    return Err(self.error(
                        span,
                        "the cells where promotion is optional must lie in the promotion zone",
                    ));
                }
                Some(optional)
            }
        };
        let limits = self.promotion_limits(p, pieces, choices)?;
        Ok(Some(PromotionDef {
            zone,
            choices,
            optional,
            limits,
            from_zone: p.from_zone.as_ref().is_some_and(|f| *f.get_ref()),
        }))
    }

    /// A list of choices: each once, each a kind neither royal (unless a
    /// side may have several royal pieces: `royal_ok`), nor promoting, nor
    /// one a piece becomes.
    fn choice_letters(
        &self,
        span: Range<usize>,
        letters: &[char],
        pieces: &[PieceDef],
        royal_ok: bool,
    ) -> Checked<&'static [char]> {
        for (i, &l) in letters.iter().enumerate() {
            if letters[..i].contains(&l) {
                return Err(self.error(span, format!("'{l}' is a choice twice")));
            }
            let ok = pieces.iter().any(|k| {
                k.letter == l && (!k.royal || royal_ok) && !k.promotes && k.becomes.is_none()
            }) && !pieces
                .iter()
                .any(|k| k.becomes.is_some_and(|b| b.letter == l));
            if !ok {
                return Err(self.error(
                    span,
                    format!(
                        "'{l}' cannot be promoted to: a choice is a kind of the game, \
                         neither royal (unless several_royals) nor promoting, nor one a piece \
                         becomes"
                    ),
                ));
            }
        }
        Ok(keep::slice(letters.to_vec()))
    }

    /// `limits`: each key a promotion choice's letter, each value from 1
    /// to 255.
    fn promotion_limits(
        &self,
        p: &PromotionFile,
        pieces: &[PieceDef],
        choices: Choices,
    ) -> Checked<&'static [(char, u8)]> {
        let mut limits = Vec::new();
        let Some(file_limits) = &p.limits else {
            return Ok(&[]);
        };
        for (key, limit) in file_limits.get_ref() {
            let mut letters = key.chars();
            let letter = match (letters.next(), letters.next()) {
                (Some(l), None) => l,
                _ => {
                    return Err(self.error(
                        file_limits.span(),
                        format!("'{key}': a limit's key is one piece letter"),
                    ))
                }
            };
            if !pieces
                .iter()
                .any(|k| k.letter == letter && choices.offers(k))
            {
                return Err(self.error(
                    file_limits.span(),
                    format!("'{letter}' has a limit but is not a promotion choice"),
                ));
            }
            let Ok(count @ 1..=255) = u8::try_from(*limit.get_ref()) else {
                return Err(self.error(limit.span(), "a limit is a count from 1 to 255"));
            };
            limits.push((letter, count));
        }
        Ok(keep::slice(limits))
    }

    /// The zone of `areas`, refused where it has no cell on the board for
    /// a side (`what` names it in the message).
    pub(super) fn has_cells_for_both(
        &self,
        file: &GameFile,
        geo: &Geometry,
        mirror: V3,
        span: Range<usize>,
        areas: &[Spanned<AreaFile>],
        what: &str,
    ) -> Checked<Zone> {
        let zone = self.zone(areas)?;
        let cells = zone_cells::<Bits<5>>(geo, mirror, zone);
        if let Some(side) = Side::BOTH.into_iter().find(|s| cells[s.index()].is_empty()) {
            return Err(self.error(
                span,
                format!(
                    "the {what} has no cell on the board for {}",
                    file.sides[side.index()]
                ),
            ));
        }
        Ok(zone)
    }

    /// The directions along which the royal pieces may not face each
    /// other, each a vector of the board.
    pub(super) fn facing_lines(&self, file: &GameFile, extent: V3) -> Checked<&'static [V3]> {
        let Some(lines) = &file.royals_may_not_face else {
            return Ok(&[]);
        };
        self.needs_check(
            file,
            lines.span(),
            "royal pieces that may not face each other",
        )?;
        let mut out = Vec::new();
        for &v in lines.get_ref() {
            out.push(self.vector(lines.span(), v, extent)?);
        }
        Ok(keep::slice(out))
    }

    /// Keys about the royal piece, refused in a game without a royal kind
    /// (antichess).
    pub(super) fn needs_royal(&self, file: &GameFile, pieces: &[PieceDef]) -> Checked<()> {
        if pieces.iter().any(|p| p.royal) {
            return Ok(());
        }
        let shuffle = file.shuffle.as_ref();
        let keyed = [
            file.castling.first().map(|c| (c.span(), "castling")),
            file.temple.as_ref().map(|t| (t.span(), "a temple")),
            file.royal_goal.as_ref().map(|g| (g.span(), "a royal goal")),
            shuffle
                .filter(|s| s.get_ref().royal_between.is_some())
                .map(|s| (s.span(), "royal_between")),
        ];
        match keyed.into_iter().flatten().next() {
            Some((span, what)) => Err(self.error(
                span,
                format!("{what} needs a royal kind (royal = true), and this game has none"),
            )),
            None => Ok(()),
        }
    }

    /// A key that means something only where there is check, refused at
    /// `span` otherwise.
    fn needs_check(&self, file: &GameFile, span: Range<usize>, what: &str) -> Checked<()> {
        if file.check {
            return Ok(());
        }
        Err(self.error(
            span,
            format!("{what} need a game with check (check = true)"),
        ))
    }

    /// `several_royals`: only in a game with check.
    pub(super) fn several_royals(&self, file: &GameFile) -> Checked<bool> {
        match &file.several_royals {
            Some(key) if *key.get_ref() => {
                self.needs_check(file, key.span(), "several royal pieces")?;
                // A goal or extinction looks at one royal piece a side.
                let with = [
                    (file.extinction.is_some(), "extinction"),
                    (file.temple.is_some(), "a temple"),
                    (file.royal_goal.is_some(), "a royal goal"),
                ];
                if let Some((_, what)) = with.iter().find(|(set, _)| *set) {
                    return Err(self.error(
                        key.span(),
                        format!("several royal pieces and {what} do not go together (yet)"),
                    ));
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// What a repetition does; counted, from the 2nd to the 9th
    /// occurrence, perpetual check only in a game with check.
    pub(super) fn repetition(&self, file: &GameFile) -> Checked<RepetitionRule> {
        let Some(rule) = &file.repetition else {
            return Ok(RepetitionRule::Draw);
        };
        Ok(match *rule.get_ref() {
            RepetitionFile::Named(Repetition::Draw) => RepetitionRule::Draw,
            RepetitionFile::Named(Repetition::LossForMover) => RepetitionRule::LossForMover,
            RepetitionFile::Counted(c) => {
                let count = match u8::try_from(c.occurrences) {
                    Ok(n @ 2..=9) => n,
                    _ => {
                        return Err(self.error(
                            rule.span(),
                            format!("occurrences {}: from 2 to 9", c.occurrences),
                        ))
                    }
                };
                if c.perpetual_check_loses {
                    self.needs_check(file, rule.span(), "perpetual checks")?;
                }
                RepetitionRule::Counted {
                    count,
                    loser: c.loser.map(|s| match s {
                        SideName::White => Side::White,
                        SideName::Black => Side::Black,
                    }),
                    perpetual_check_loses: c.perpetual_check_loses,
                }
            }
        })
    }

    /// The number of checks that wins: from 1 to 99, in a game with check.
    pub(super) fn checks_to_win(&self, file: &GameFile) -> Checked<Option<u8>> {
        let Some(n) = &file.checks_to_win else {
            return Ok(None);
        };
        self.needs_check(file, n.span(), "checks that win")?;
        match u8::try_from(*n.get_ref()) {
            Ok(n @ 1..=99) => Ok(Some(n)),
            _ => Err(self.error(
                n.span(),
                format!("checks_to_win {}: from 1 to 99", n.get_ref()),
            )),
        }
    }

    /// `extinction`: with check, a side may lack its royal piece from the
    /// start (Horde); without check, only in a game without a royal kind
    /// (antichess), whose pieces can all be taken: where a royal piece can
    /// be taken, its capture ends the game first.
    pub(super) fn extinction(&self, file: &GameFile) -> Checked<Option<Extinction>> {
        let Some(e) = &file.extinction else {
            return Ok(None);
        };
        if !file.check && file.pieces.get_ref().iter().any(|p| p.royal) {
            return Err(self.error(
                e.span(),
                "without check, extinction is for a game without a royal kind (antichess): \
                 here the royal piece's capture ends the game",
            ));
        }
        Ok(Some(match e.get_ref() {
            ExtinctionName::Loss => Extinction::Loss,
            ExtinctionName::Win => Extinction::Win,
        }))
    }

    /// The zones of the pieces' moves: each confinement and each leap's
    /// `from` has cells for both sides, and no move takes a confined kind
    /// out of its zone by another rule than its own moves (which the
    /// move generator holds to the zone): arriving as a promotion or as
    /// the kind another becomes, by en passant, or by castling.
    pub(super) fn move_zones(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        promotion: Option<&PromotionDef>,
        castling: &[CastleDef],
        geo: &Geometry,
        mirror: V3,
    ) -> Checked<()> {
        for p in file.pieces.get_ref() {
            for m in p.moves.get_ref() {
                if let Some(from) = &m.get_ref().from {
                    self.has_cells_for_both(file, geo, mirror, m.span(), from, "leap's from")?;
                }
            }
        }
        for (p, def) in file.pieces.get_ref().iter().zip(pieces) {
            let Some(areas) = &p.confined else {
                continue;
            };
            let span = areas.span();
            let zone = self.has_cells_for_both(
                file,
                geo,
                mirror,
                span.clone(),
                areas.get_ref(),
                "confinement",
            )?;
            let refuse = |why: String| {
                Err(self.error(
                    span.clone(),
                    format!("'{}' is confined to a zone, so {why}", def.letter),
                ))
            };
            if def.pawn.is_some_and(|p| p.en_passant) {
                return refuse("it cannot take en passant (its capture may end outside)".into());
            }
            if let Some(other) = pieces
                .iter()
                .find(|q| q.becomes.is_some_and(|b| b.letter == def.letter))
            {
                return refuse(format!(
                    "'{}' cannot become it (anywhere in its zone)",
                    other.letter
                ));
            }
            if promotion.is_some_and(|p| p.choices.offers(def)) {
                return refuse(
                    "it cannot be a promotion choice (anywhere in the promotion zone)".into(),
                );
            }
            let cells = zone_cells::<Bits<5>>(geo, mirror, zone);
            for c in castling {
                let to = match def.royal {
                    true => c.king_to,
                    false if def.letter == c.piece => c.rook_to,
                    false => continue,
                };
                let inside = geo
                    .parse_cell(to)
                    .is_some_and(|cell| cells[c.side.index()].contains(cell));
                if !inside {
                    return refuse(format!(
                        "castling {} cannot take it to {to}, outside",
                        c.text
                    ));
                }
            }
        }
        Ok(())
    }
}
