//! The piece kinds and their movement components.

use super::*;

impl Reader<'_> {
    pub(super) fn vector(&self, span: Range<usize>, v: V3, extent: V3) -> Checked<V3> {
        if v == [0, 0, 0] {
            return Err(self.error(span, "a move's vector must not be [0, 0, 0]"));
        }
        for axis in 0..3 {
            if v[axis].unsigned_abs() > extent[axis].unsigned_abs() {
                return Err(self.error(
                    span,
                    format!(
                        "{v:?} is too large: the board spans {} along the {}",
                        extent[axis],
                        ["files", "ranks", "levels"][axis]
                    ),
                ));
            }
        }
        Ok(v)
    }

    /// A double step's `step`, or its list of `steps`: exactly one given,
    /// the list from 1 to 8 vectors.
    fn double_steps(&self, d: &Spanned<DoubleStepFile>, extent: V3) -> Checked<&'static [V3]> {
        let given: Vec<&Spanned<[i32; 3]>> = match (&d.get_ref().step, &d.get_ref().steps) {
            (Some(one), None) => vec![one],
            (None, Some(list)) if (1..=MOST_DOUBLE_STEPS).contains(&list.get_ref().len()) => {
                list.get_ref().iter().collect()
            }
            (None, Some(list)) => {
                return Err(self.error(
                    list.span(),
                    format!(
                        "{} steps: a double step has from 1 to {MOST_DOUBLE_STEPS}",
                        list.get_ref().len()
                    ),
                ))
            }
            _ => {
                return Err(self.error(
                    d.span(),
                    "a double step needs its step: give `step` (one vector) or `steps` (a list), not both",
                ))
            }
        };
        let vectors = given
            .into_iter()
            .map(|v| self.vector(v.span(), *v.get_ref(), extent))
            .collect::<Checked<Vec<V3>>>()?;
        Ok(keep::slice(vectors))
    }

    pub(super) fn piece(&self, p: &PieceFile, extent: V3) -> Checked<PieceDef> {
        let letter = *p.letter.get_ref();
        if !letter.is_ascii_uppercase() {
            return Err(self.error(
                p.letter.span(),
                format!("'{letter}': a piece's letter is an upper-case letter A-Z (White's)"),
            ));
        }
        let count = p.moves.get_ref().len();
        if count == 0 || count > MOST_MOVES {
            return Err(self.error(
                p.moves.span(),
                format!("{count} moves: a piece has from 1 to {MOST_MOVES}"),
            ));
        }
        let mut moves = Vec::new();
        for m in p.moves.get_ref() {
            let span = m.span();
            let m = m.get_ref();
            let given = [
                (Reach::Leap, m.leap),
                (Reach::Slide, m.slide),
                (Reach::Hop, m.hop),
                (Reach::Grasshop, m.grasshop),
            ];
            let mut given = given.into_iter().filter_map(|(r, v)| v.map(|v| (r, v)));
            let (reach, base) = match (given.next(), given.next()) {
                (Some(one), None) => one,
                _ => {
                    return Err(self.error(
                        span,
                        "a move is a leap, a slide, a hop or a grasshop: give one of them",
                    ))
                }
            };
            if reach.hops() && matches!(m.mode, ModeName::Shoot) {
                return Err(self.error(
                    span,
                    "a hop cannot shoot: its mode is \"both\", \"move-only\" or \"capture-only\"",
                ));
            }
            let base = self.vector(span.clone(), base, extent)?;
            let lame = match m.lame {
                None => None,
                Some(_) if reach != Reach::Leap => {
                    return Err(self.error(span, "only a leap can be lame (blocked at a cell)"))
                }
                Some(_) if matches!(m.mode, ModeName::Shoot) => {
                    return Err(self.error(
                        span,
                        "a lame leap cannot shoot: its mode is \"both\", \"move-only\" or \"capture-only\"",
                    ))
                }
                Some(block) if block == base => {
                    return Err(self.error(
                        span,
                        "a lame leap's block is a cell on its way, not its target",
                    ))
                }
                Some(block) => Some(self.vector(span.clone(), block, extent)?),
            };
            let from = match &m.from {
                None => None,
                Some(_) if reach != Reach::Leap || lame.is_some() => {
                    return Err(self.error(
                        span,
                        "only a plain leap can be limited to start cells (from)",
                    ))
                }
                Some(areas) => Some(self.zone(areas)?),
            };
            moves.push(Component {
                reach,
                base,
                sym: sym(m.sym),
                mode: mode(m.mode),
                lame,
                from,
            });
        }
        let pawn = match &p.pawn {
            None => None,
            Some(pawn) => Some(PawnDef {
                double_step: match &pawn.double_step {
                    None => None,
                    Some(d) => Some(DoubleStep {
                        steps: self.double_steps(d, extent)?,
                        sym: sym(d.get_ref().sym),
                        from: self.zone(&d.get_ref().from)?,
                        en_passant_from: d
                            .get_ref()
                            .en_passant_from
                            .as_deref()
                            .map(|z| self.zone(z))
                            .transpose()?,
                    }),
                },
                en_passant: pawn.en_passant,
            }),
        };
        Ok(PieceDef {
            letter,
            name: keep::text(p.name.clone()),
            moves: keep::slice(moves),
            royal: p.royal,
            gives_check: p.gives_check,
            resets_clock: p.resets_clock,
            pawn,
            forbidden: p.forbidden.as_deref().map(|z| self.zone(z)).transpose()?,
            confined: p
                .confined
                .as_ref()
                .map(|z| self.zone(z.get_ref()))
                .transpose()?,
            becomes: match &p.becomes {
                None => None,
                Some(b) => Some(BecomesDef {
                    zone: self.zone(&b.zone)?,
                    letter: *b.letter.get_ref(),
                }),
            },
            promotes: p.promotes,
            promotes_on_capture: p.promotes_on_capture,
            promoted_from: p.promoted_from.as_ref().map(|l| *l.get_ref()),
            drop_no_doubled: p.drop_no_doubled.as_ref().is_some_and(|d| *d.get_ref()),
            drop_mates: p.drop_mates.as_ref().is_none_or(|d| *d.get_ref()),
        })
    }

    /// Every piece, and the rules between them: distinct letters, one
    /// royal kind, kinds that exist where one is named.
    pub(super) fn pieces(&self, file: &GameFile, extent: V3, mirror: V3) -> Checked<Vec<PieceDef>> {
        let list = file.pieces.get_ref();
        if list.is_empty() || list.len() > MAX_KINDS {
            return Err(self.error(
                file.pieces.span(),
                format!(
                    "{} kinds of piece: from 1 to {MAX_KINDS} are possible",
                    list.len()
                ),
            ));
        }
        let mut pieces = Vec::new();
        for p in list {
            let def = self.piece(p, extent)?;
            if pieces.iter().any(|q: &PieceDef| q.letter == def.letter) {
                return Err(self.error(
                    p.letter.span(),
                    format!("the letter '{}' is used by two kinds", def.letter),
                ));
            }
            pieces.push(def);
        }
        for p in list {
            if let Some(b) = &p.becomes {
                let to = *b.letter.get_ref();
                if to == *p.letter.get_ref() || !pieces.iter().any(|q| q.letter == to) {
                    return Err(self.error(
                        b.letter.span(),
                        format!("'{to}' names no other kind of this game"),
                    ));
                }
                if p.promotes {
                    return Err(self.error(
                b.letter.span(),
                "a kind that becomes another does not also promote (the kind it becomes may)",
            ));
                }
                if p.royal || pieces.iter().any(|q| q.letter == to && q.royal) {
                    return Err(self.error(
                        b.letter.span(),
                        "the royal kind neither becomes another nor is become: each side has one royal piece",
                    ));
                }
            }
        }
        for (i, p) in list.iter().enumerate() {
            let Some(from) = &p.promoted_from else {
                continue;
            };
            let base = *from.get_ref();
            let form = &pieces[i];
            let why = match pieces.iter().position(|q| q.letter == base) {
                _ if base == form.letter => Some("names the kind itself".to_string()),
                None => Some("names no kind of this game".to_string()),
                Some(b) if !pieces[b].promotes => Some(format!(
                    "names '{base}', which does not promote (promotes = true)"
                )),
                Some(b) if pieces[b].royal || form.royal => {
                    Some("the royal kind neither promotes nor is promoted to".to_string())
                }
                Some(_) if form.promotes || form.becomes.is_some() => Some(
                    "a promoted form neither promotes again nor becomes another kind".to_string(),
                ),
                Some(_) if pieces[..i].iter().any(|q| q.promoted_from == Some(base)) => {
                    Some(format!("'{base}' has two promoted forms; it has one"))
                }
                Some(_) => None,
            };
            if let Some(why) = why {
                return Err(self.error(from.span(), format!("promoted_from '{base}': {why}")));
            }
        }
        let royal = pieces.iter().filter(|p| p.royal).count();
        if royal > 1 || (royal == 0 && file.check) {
            return Err(self.error(
                file.pieces.span(),
                format!(
                    "{royal} royal kinds: a game has one (royal = true), or none in a game \
                     without check (check = false: antichess)"
                ),
            ));
        }
        // Each slide or hop direction, either side's, has a ray table and
        // may pin a piece: the core bounds how many there are.
        let mut dirs = BTreeSet::new();
        for c in pieces.iter().flat_map(|p| p.moves) {
            if c.reach != Reach::Leap {
                // Each side's vector and its reverse (the tables walk back
                // from a King along a checker's line).
                for v in expand(c.base, c.sym) {
                    let black = [v[0] * mirror[0], v[1] * mirror[1], v[2] * mirror[2]];
                    for w in [v, black] {
                        dirs.insert(w);
                        dirs.insert([-w[0], -w[1], -w[2]]);
                    }
                }
            }
        }
        let facing = file.royals_may_not_face.as_ref().map(|l| l.get_ref());
        for v in facing.into_iter().flatten() {
            dirs.insert(*v);
            dirs.insert([-v[0], -v[1], -v[2]]);
        }
        if dirs.len() > MAX_SLIDE_DIRS {
            return Err(self.error(
                file.pieces.span(),
                format!(
                    "the pieces slide and hop (and the royal pieces face) in {} directions in all; at most {MAX_SLIDE_DIRS} are possible",
                    dirs.len()
                ),
            ));
        }
        Ok(pieces)
    }
}
