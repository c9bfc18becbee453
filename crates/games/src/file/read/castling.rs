//! The `[[castling]]` tables: fixed rules, and rules from any start file
//! (Chess960); and Chess960's shuffled starts, `[shuffle]`.

use chess3d_core::castles::{any_file_rule_count, MAX_CASTLE_RULES};
use chess3d_core::def::Shuffle;
use chess3d_core::Cell;

use super::super::format::CastleFile;

use super::*;

impl Reader<'_> {
    pub(super) fn castling(
        &self,
        file: &GameFile,
        geo: &Geometry,
        pieces: &[PieceDef],
    ) -> Checked<Vec<CastleDef>> {
        let mut rules: Vec<CastleDef> = Vec::new();
        let mut compiled = 0;
        for c in &file.castling {
            let span = c.span();
            let c = c.get_ref();
            if !c.symbol.is_ascii_alphabetic() || rules.iter().any(|r| r.symbol == c.symbol) {
                return Err(self.error(
                    span,
                    format!(
                        "castling symbol '{}': one letter per rule, each once",
                        c.symbol
                    ),
                ));
            }
            if rules.len() == 8 {
                return Err(self.error(span, "at most 8 castling rules"));
            }
            let partner = c.piece.unwrap_or('R');
            if !pieces.iter().any(|k| k.letter == partner && !k.royal) {
                return Err(self.error(
                    span,
                    format!(
                        "castling moves the kind with the letter {partner}, which this game lacks (or is royal)"
                    ),
                ));
            }
            let cells = [&c.king[0], &c.king[1], &c.rook[0], &c.rook[1]].map(|n| n.get_ref());
            if cells[0] == cells[2] || cells[1] == cells[3] {
                return Err(self.error(
                    span,
                    "the King and the Rook start, and end, on different cells",
                ));
            }
            if c.text.trim().is_empty()
                || rules
                    .iter()
                    .any(|r| r.text == c.text && r.side == c_side(c.side))
            {
                return Err(self.error(
                    span,
                    format!(
                        "castling text '{}': each of a side's castlings has its own",
                        c.text
                    ),
                ));
            }
            let names = |list: &[Spanned<String>]| -> Checked<&'static [&'static str]> {
                let names: Vec<_> = list
                    .iter()
                    .map(|n| self.cell_name(geo, n))
                    .collect::<Checked<_>>()?;
                Ok(keep::slice(names))
            };
            let mut rule = CastleDef::new(
                c_side(c.side),
                c.symbol,
                keep::text(c.text.clone()),
                [
                    self.cell_name(geo, &c.king[0])?,
                    self.cell_name(geo, &c.king[1])?,
                    self.cell_name(geo, &c.rook[0])?,
                    self.cell_name(geo, &c.rook[1])?,
                ],
                names(&c.empty)?,
                names(&c.safe)?,
            )
            .with_piece(partner);
            compiled += if c.from_any_file {
                rule = rule.from_any_file();
                self.any_file_rules(geo, span.clone(), c, &rule)?
            } else {
                1
            };
            if compiled > MAX_CASTLE_RULES {
                return Err(self.error(
                    span,
                    format!(
                        "castling from any file makes {compiled} rules here, more than {MAX_CASTLE_RULES}: fewer files"
                    ),
                ));
            }
            rules.push(rule);
        }
        self.any_file_rules_apart(file, geo, &rules)?;
        Ok(rules)
    }

    /// Castlings from any file that position strings or UCI could not tell
    /// apart: a file of their rank not named by one lower-case letter (a
    /// Rook's file names it in position strings), a castling symbol that is
    /// also such a letter (in the side's case), or two such castlings of
    /// one side towards the same side of the King (their King-takes-Rook
    /// texts would be one).
    fn any_file_rules_apart(
        &self,
        file: &GameFile,
        geo: &Geometry,
        rules: &[CastleDef],
    ) -> Checked<()> {
        let cell = |name: &str| geo.parse_cell(name).unwrap_or(0);
        let toward = |r: &CastleDef| {
            let (k, r) = (geo.coord(cell(r.king_from)), geo.coord(cell(r.rook_from)));
            (r[0] - k[0]).signum()
        };
        for (i, r) in rules.iter().enumerate().filter(|(_, r)| r.any_file) {
            let span = file.castling[i].span();
            let rank = geo.coord(cell(r.king_from));
            for other in geo.cells() {
                let c = geo.coord(other);
                if (c[1], c[2]) != (rank[1], rank[2]) {
                    continue;
                }
                let label = geo.file_label(other);
                let mut letters = label.chars();
                let letter = match (letters.next(), letters.next()) {
                    (Some(l), None) if l.is_ascii_lowercase() => l,
                    _ => {
                        return Err(self.error(
                            span,
                            format!(
                                "a castling from any file needs files named by one lower-case letter (position strings name the Rook by it, upper case for White), not '{label}'"
                            ),
                        ))
                    }
                };
                let letter = match r.side {
                    Side::White => letter.to_ascii_uppercase(),
                    Side::Black => letter,
                };
                if let Some(clash) = rules.iter().find(|o| o.symbol == letter) {
                    return Err(self.error(
                        span,
                        format!(
                            "castling symbol '{}' is also the letter of a file of this castling's rank, which position strings use for a Rook from any file",
                            clash.symbol
                        ),
                    ));
                }
            }
            if rules[..i]
                .iter()
                .any(|o| o.any_file && o.side == r.side && toward(o) == toward(r))
            {
                return Err(self.error(
                    span,
                    "two castlings from any file of one side toward the same side of the King: UCI would write both as the King taking the same Rook",
                ));
            }
        }
        Ok(())
    }

    /// The number of rules a castling from any file compiles to, after
    /// checking it: its cells on one rank, and no `empty` nor `safe`
    /// (derived from each start).
    fn any_file_rules(
        &self,
        geo: &Geometry,
        span: Range<usize>,
        c: &CastleFile,
        rule: &CastleDef,
    ) -> Checked<usize> {
        if !c.empty.is_empty() || !c.safe.is_empty() {
            return Err(self.error(
                span,
                "a castling from any file has no 'empty' nor 'safe': they follow from each start",
            ));
        }
        let cell = |name: &str| geo.parse_cell(name).unwrap_or(0);
        let cells = [rule.king_from, rule.king_to, rule.rook_from, rule.rook_to].map(cell);
        let on_a_rank = |a: Cell, b: Cell| {
            let (a, b) = (geo.coord(a), geo.coord(b));
            a[1] == b[1] && a[2] == b[2]
        };
        let count = any_file_rule_count(geo, cells).filter(|_| on_a_rank(cells[0], cells[2]));
        let Some(count) = count else {
            return Err(self.error(
                span,
                "a castling from any file has the King's and the Rook's cells on one rank",
            ));
        };
        Ok(count)
    }

    /// The shuffle of the start's row: its letters those of kinds other
    /// than the royal one, its row one of the board's.
    /// Whether the start's row can be shuffled is for the start's reader
    /// (`probe.rs`).
    pub(super) fn shuffle(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        extent: V3,
    ) -> Checked<Option<Shuffle>> {
        let Some(s) = &file.shuffle else {
            return Ok(None);
        };
        let span = s.span();
        let s = s.get_ref();
        let rank = match i32::try_from(s.rank) {
            Ok(rank) if (0..=extent[1]).contains(&rank) => rank,
            _ => {
                return Err(self.error(
                    span,
                    format!(
                        "the shuffled rank is a rank of the board, from 0 to {}",
                        extent[1]
                    ),
                ))
            }
        };
        let kind = |letter: char| -> Checked<char> {
            match pieces.iter().find(|k| k.letter == letter) {
                Some(k) if !k.royal => Ok(letter),
                _ => Err(self.error(
                    span.clone(),
                    format!("shuffle: '{letter}' is not the letter of a kind of this game (nor the royal one)"),
                )),
            }
        };
        let colours: Vec<char> = s
            .opposite_colours
            .iter()
            .map(|&l| kind(l))
            .collect::<Checked<_>>()?;
        let between = s.royal_between.map(kind).transpose()?;
        Ok(Some(Shuffle {
            rank,
            opposite_colours: keep::slice(colours),
            royal_between: between,
        }))
    }
}
