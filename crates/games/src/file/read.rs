//! A game file's parts turned into a [`GameDef`], each checked against what
//! the core needs (every check here stands in for a panic or a silent
//! mistake further on), with the first mistake placed in the file.

use std::collections::BTreeSet;
use std::ops::Range;

use chess3d_core::def::{
    About, Area, BecomesDef, Block, BoardDef, CastleDef, Choices, Component, Drawing, GameDef,
    Mode, Notation, PawnDef, PieceDef, PromotionDef, Reach, RepetitionRule, StalemateRule, Zone,
};
use chess3d_core::geometry::{expand, Labels, Naming};
use chess3d_core::position::MAX_KINDS;
use chess3d_core::tables::{zone_cells, MAX_SLIDE_DIRS};
use chess3d_core::{BitSet, Bits, Geometry, Side, Sym, V3};
use toml::Spanned;

use super::format::{
    AreaFile, ChoicesFile, GameFile, LabelsFile, ModeName, NotationName, PieceFile, Repetition,
    SideName, StalemateName, SymName,
};
use super::{keep, FileError};

/// Most cells a game may have (the core's position holds 320).
const MOST_CELLS: usize = chess3d_core::position::MAX_CELLS;

/// Coordinates run from 0 to this: the board's grid stays small.
const MOST_COORDINATE: i32 = 63;

/// Most movement components a piece may have (the richest built-in piece,
/// Polyhedron's Gargoyle, has 6).
const MOST_MOVES: usize = 64;

/// The first number of a numbered axis runs from 0 to this.
const MOST_FIRST_NUMBER: i32 = 1000;

/// The file's text, for placing mistakes.
struct Reader<'t> {
    text: &'t str,
}

type Checked<T> = Result<T, FileError>;

impl Reader<'_> {
    fn error(&self, span: Range<usize>, message: impl Into<String>) -> FileError {
        FileError::spanned(self.text, span, message)
    }

    fn range(&self, span: &Range<usize>, what: &str, [lo, hi]: [i32; 2]) -> Checked<(i32, i32)> {
        if lo > hi {
            return Err(self.error(
                span.clone(),
                format!("{what} [{lo}, {hi}]: the first must not be above the last"),
            ));
        }
        Ok((lo, hi))
    }

    fn area(&self, area: &Spanned<AreaFile>) -> Checked<Area> {
        let span = area.span();
        let a = area.get_ref();
        let bound = |what, b: Option<[i32; 2]>| b.map(|b| self.range(&span, what, b)).transpose();
        Ok(Area {
            x: bound("files", a.files)?,
            y: bound("ranks", a.ranks)?,
            z: bound("levels", a.levels)?,
            last_rank_of_level: a.last_rank_of_level,
        })
    }

    fn zone(&self, areas: &[Spanned<AreaFile>]) -> Checked<&'static [Area]> {
        let areas: Vec<Area> = areas.iter().map(|a| self.area(a)).collect::<Checked<_>>()?;
        Ok(keep::slice(areas))
    }

    /// The board, and its cells (each once, block by block, as
    /// [`BoardDef::cells`] lists them).
    fn board(&self, file: &GameFile) -> Checked<(BoardDef, Vec<V3>)> {
        let blocks = &file.board.blocks;
        if blocks.get_ref().is_empty() {
            return Err(self.error(blocks.span(), "a board needs at least one block of cells"));
        }
        let mut out = Vec::new();
        for block in blocks.get_ref() {
            let span = block.span();
            let b = block.get_ref();
            let x = self.range(&span, "files", b.files)?;
            let y = self.range(&span, "ranks", b.ranks)?;
            let z = self.range(&span, "levels", b.levels)?;
            for (lo, hi) in [x, y, z] {
                if lo < 0 || hi > MOST_COORDINATE {
                    return Err(self.error(
                        span,
                        format!("coordinates run from 0 to {MOST_COORDINATE}, not {lo} to {hi}"),
                    ));
                }
            }
            if b.step < 1 {
                return Err(self.error(span, format!("step {} must be 1 or more", b.step)));
            }
            out.push(Block::new(x, y, z).every(b.step));
        }
        // Bounded before the cells are listed: a block may hold 64³.
        let held: usize = out.iter().map(Block::len).sum();
        if held > 4 * MOST_CELLS {
            return Err(self.error(
                blocks.span(),
                format!("the blocks hold {held} cells: at most {MOST_CELLS} are possible"),
            ));
        }
        let board = BoardDef {
            blocks: keep::slice(out),
            absent: &[],
        };
        let cells = board.cells();
        let mut absent = Vec::new();
        for a in &file.board.absent {
            if !cells.contains(a.get_ref()) {
                return Err(self.error(
                    a.span(),
                    format!("absent cell {:?} is not in any block", a.get_ref()),
                ));
            }
            absent.push(*a.get_ref());
        }
        let cells: Vec<V3> = cells.into_iter().filter(|c| !absent.contains(c)).collect();
        let board = BoardDef {
            absent: keep::slice(absent),
            ..board
        };
        let n = cells.len();
        if n == 0 || n > MOST_CELLS {
            return Err(self.error(
                blocks.span(),
                format!("the board has {n} cells: from 1 to {MOST_CELLS} are possible"),
            ));
        }
        Ok((board, cells))
    }

    fn labels(&self, labels: &Spanned<LabelsFile>) -> Checked<Labels> {
        match labels.get_ref() {
            LabelsFile::Numbers(first) if (0..=MOST_FIRST_NUMBER).contains(first) => {
                Ok(Labels::Numbers(*first))
            }
            LabelsFile::Numbers(first) => Err(self.error(
                labels.span(),
                format!("numbers start from 0 to {MOST_FIRST_NUMBER}, not {first}"),
            )),
            LabelsFile::Letters(letters) => {
                if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphanumeric()) {
                    Err(self.error(labels.span(), "labels are letters or digits, at least one"))
                } else {
                    Ok(Labels::Letters(keep::text(letters.clone())))
                }
            }
        }
    }

    /// The naming, checked on every cell: each axis has a label for every
    /// index the board uses, and no two cells share a name.
    fn naming(&self, file: &GameFile, cells: &[V3]) -> Checked<Naming> {
        let n = &file.naming;
        let template = n.cell.get_ref();
        if !template.contains("{file}") || !template.contains("{rank}") {
            return Err(self.error(
                n.cell.span(),
                "a cell's name needs {file} and {rank} (and {level} on a board of levels)",
            ));
        }
        if let Some(s) = n
            .spacing
            .as_ref()
            .filter(|s| !(1..=MOST_COORDINATE).contains(s.get_ref()))
        {
            return Err(self.error(
                s.span(),
                format!("spacing runs from 1 to {MOST_COORDINATE}"),
            ));
        }
        if let Some(s) = n
            .level_shift
            .as_ref()
            .filter(|s| s.get_ref().unsigned_abs() > MOST_COORDINATE.unsigned_abs())
        {
            return Err(self.error(
                s.span(),
                format!("level_shift runs from -{MOST_COORDINATE} to {MOST_COORDINATE}"),
            ));
        }
        // Between the labels, only characters that no notation reads:
        // letters and digits (but x, a capture) and ( ) [ ] : . _
        let literal = template
            .replace("{level}", "")
            .replace("{file}", "")
            .replace("{rank}", "");
        if let Some(c) = literal
            .chars()
            .find(|&c| !(c.is_ascii_alphanumeric() && c != 'x' || "()[]:._".contains(c)))
        {
            return Err(self.error(
                n.cell.span(),
                format!(
                    "'{}' in a cell's name: besides the labels, only letters, digits (not x) and ( ) [ ] : . _",
                    c.escape_debug()
                ),
            ));
        }
        let naming = Naming {
            cell: keep::text(template.clone()),
            files: self.labels(&n.files)?,
            ranks: self.labels(&n.ranks)?,
            levels: n
                .levels
                .as_ref()
                .map_or(Ok(Labels::Blank), |l| self.labels(l))?,
            spacing: n.spacing(),
            level_shift: n.level_shift(),
        };
        let mut names = BTreeSet::new();
        for &c in cells {
            for (labels, span, index, axis) in [
                (
                    naming.files,
                    n.files.span(),
                    naming.index(c[2], c[0]),
                    "file",
                ),
                (
                    naming.ranks,
                    n.ranks.span(),
                    naming.index(c[2], c[1]),
                    "rank",
                ),
            ] {
                if !labels.covers(index) {
                    return Err(self.error(
                        span,
                        format!("no label for {axis} index {index} (the cell at {c:?})"),
                    ));
                }
            }
            if let Some(levels) = &n.levels {
                if !naming.levels.covers(c[2]) {
                    return Err(self.error(
                        levels.span(),
                        format!("no label for level {} (the cell at {c:?})", c[2]),
                    ));
                }
            }
            let name = naming.cell(c);
            if !names.insert(name.clone()) {
                return Err(self.error(
                    n.cell.span(),
                    format!("two cells are named '{name}': the name needs more of the cell"),
                ));
            }
        }
        Ok(naming)
    }

    /// The zone of `areas`, refused where it has no cell on the board for
    /// a side (`what` names it in the message).
    fn has_cells_for_both(
        &self,
        file: &GameFile,
        geo: &Geometry,
        mirror: V3,
        areas: &Spanned<Vec<Spanned<AreaFile>>>,
        what: &str,
    ) -> Checked<Zone> {
        let zone = self.zone(areas.get_ref())?;
        let cells = zone_cells::<Bits<5>>(geo, mirror, zone);
        if let Some(side) = Side::BOTH.into_iter().find(|s| cells[s.index()].is_empty()) {
            return Err(self.error(
                areas.span(),
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
    fn facing_lines(&self, file: &GameFile, extent: V3) -> Checked<&'static [V3]> {
        let Some(lines) = &file.royals_may_not_face else {
            return Ok(&[]);
        };
        let mut out = Vec::new();
        for &v in lines.get_ref() {
            out.push(self.vector(lines.span(), v, extent)?);
        }
        Ok(keep::slice(out))
    }

    fn vector(&self, span: Range<usize>, v: V3, extent: V3) -> Checked<V3> {
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

    fn piece(&self, p: &PieceFile, extent: V3) -> Checked<PieceDef> {
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
                    Some(d) => Some((
                        self.vector(d.step.span(), *d.step.get_ref(), extent)?,
                        self.zone(&d.from)?,
                    )),
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
        })
    }

    /// Every piece, and the rules between them: distinct letters, one
    /// royal kind, kinds that exist where one is named.
    fn pieces(&self, file: &GameFile, extent: V3, mirror: V3) -> Checked<Vec<PieceDef>> {
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
        let royal = pieces.iter().filter(|p| p.royal).count();
        if royal != 1 {
            return Err(self.error(
                file.pieces.span(),
                format!("{royal} royal kinds: a game has exactly one (royal = true)"),
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

    fn promotion(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        geo: &Geometry,
        mirror: V3,
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
        self.double_steps_stop_short(file, pieces, geo, mirror, zone)?;
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
            ChoicesFile::Named(name) => {
                return Err(self.error(
                    p.choices.span(),
                    format!("'{name}': expected a list of letters or \"captured-pool\""),
                ))
            }
            ChoicesFile::Letters(letters) => {
                for (i, &l) in letters.iter().enumerate() {
                    if letters[..i].contains(&l) {
                        return Err(
                            self.error(p.choices.span(), format!("'{l}' is a choice twice"))
                        );
                    }
                    let ok = pieces
                        .iter()
                        .any(|k| k.letter == l && !k.royal && !k.promotes && k.becomes.is_none())
                        && !pieces
                            .iter()
                            .any(|k| k.becomes.is_some_and(|b| b.letter == l));
                    if !ok {
                        return Err(self.error(
                            p.choices.span(),
                            format!(
                                "'{l}' cannot be promoted to: a choice is a kind of the game, \
                                 neither royal nor promoting, nor one a piece becomes"
                            ),
                        ));
                    }
                }
                Choices::Fixed(keep::slice(letters.clone()))
            }
        };
        Ok(Some(PromotionDef {
            zone,
            choices,
            optional: p.optional,
        }))
    }

    /// A promoting kind's double step must not land in the promotion zone:
    /// it neither promotes nor changes kind on its way, so the pawn would
    /// stand unpromoted where no position string may put it. Refused at
    /// the double step's `step`.
    fn double_steps_stop_short(
        &self,
        file: &GameFile,
        pieces: &[PieceDef],
        geo: &Geometry,
        mirror: V3,
        zone: &[Area],
    ) -> Checked<()> {
        let promotion = zone_cells::<Bits<5>>(geo, mirror, zone);
        for (def, piece) in pieces.iter().zip(file.pieces.get_ref()) {
            let (
                Some(PawnDef {
                    double_step: Some((step, from)),
                    ..
                }),
                Some(double),
            ) = (
                def.pawn.filter(|_| def.promotes),
                piece.pawn.as_ref().and_then(|p| p.double_step.as_ref()),
            )
            else {
                continue;
            };
            let starts = zone_cells::<Bits<5>>(geo, mirror, from);
            for side in Side::BOTH {
                let v: V3 = match side {
                    Side::White => step,
                    Side::Black => std::array::from_fn(|i| step[i] * mirror[i]),
                };
                for c in starts[side.index()].iter() {
                    let [x, y, z] = geo.coord(c);
                    // Two steps of `step`.
                    let Some(to) = geo.cell_at([x + 2 * v[0], y + 2 * v[1], z + 2 * v[2]]) else {
                        continue;
                    };
                    if promotion[side.index()].contains(to) {
                        return Err(self.error(
                            double.step.span(),
                            format!(
                                "'{}''s double step from {} lands on {}, in the promotion zone, \
                                 where it would not promote: start it further back, or leave \
                                 those ranks out of its `from`",
                                def.letter,
                                geo.name(c),
                                geo.name(to)
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The drawing, by default a square per file and rank (per two in
    /// doubled coordinates), levels two squares apart from the lowest.
    fn drawing(&self, file: &GameFile, cells: &[V3]) -> Checked<Drawing> {
        let d = file.drawing.as_ref();
        let get = d.map(|d| d.get_ref());
        let drawing = Drawing {
            unit: get
                .and_then(|d| d.unit)
                .unwrap_or(1.0 / file.naming.spacing().max(1) as f32),
            level_height: get.and_then(|d| d.level_height).unwrap_or(2.0),
            rank_rise: get.and_then(|d| d.rank_rise).unwrap_or(0.0),
            base_level: get
                .and_then(|d| d.base_level)
                .unwrap_or_else(|| cells.iter().map(|c| c[2]).min().unwrap_or(0)),
            elevation: get
                .and_then(|d| d.elevation)
                .unwrap_or(Drawing::LEVELS.elevation),
            azimuth: get
                .and_then(|d| d.azimuth)
                .unwrap_or(Drawing::LEVELS.azimuth),
        };
        let sizes = [drawing.unit, drawing.level_height, drawing.rank_rise];
        if let Some(d) = d {
            if !sizes.iter().all(|s| (0.0..=100.0).contains(s))
                || drawing.unit == 0.0
                || !(0..=MOST_COORDINATE).contains(&drawing.base_level)
                || !(10.0..=90.0).contains(&drawing.elevation)
                || !drawing.azimuth.iter().all(|a| (-360.0..=360.0).contains(a))
            {
                return Err(self.error(
                    d.span(),
                    format!(
                        "unit, level_height and rank_rise are squares from 0 to 100 (unit above \
                         0), base_level a level from 0 to {MOST_COORDINATE}, elevation degrees \
                         from 10 to 90, azimuth two angles from -360 to 360"
                    ),
                ));
            }
        }
        Ok(drawing)
    }

    fn cell_name(&self, geo: &Geometry, name: &Spanned<String>) -> Checked<&'static str> {
        if geo.parse_cell(name.get_ref()).is_none() {
            return Err(self.error(
                name.span(),
                format!("'{}' names no cell of the board", name.get_ref()),
            ));
        }
        Ok(keep::text(name.get_ref().clone()))
    }

    fn castling(
        &self,
        file: &GameFile,
        geo: &Geometry,
        pieces: &[PieceDef],
    ) -> Checked<Vec<CastleDef>> {
        let rook_kind = pieces.iter().any(|k| k.letter == 'R' && !k.royal);
        let mut rules: Vec<CastleDef> = Vec::new();
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
            if !rook_kind {
                return Err(self.error(
                    span,
                    "castling moves the kind with the letter R, which this game lacks (or is royal)",
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
            rules.push(CastleDef::new(
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
            ));
        }
        Ok(rules)
    }
}

fn c_side(side: SideName) -> Side {
    match side {
        SideName::White => Side::White,
        SideName::Black => Side::Black,
    }
}

fn sym(s: SymName) -> Sym {
    match s {
        SymName::Exact => Sym::Exact,
        SymName::SignsX => Sym::SignsX,
        SymName::SignsXz => Sym::SignsXZ,
        SymName::Signs => Sym::Signs,
        SymName::PermsXy => Sym::PermsXY,
        SymName::Perms => Sym::Perms,
    }
}

fn mode(m: ModeName) -> Mode {
    match m {
        ModeName::Both => Mode::Both,
        ModeName::MoveOnly => Mode::MoveOnly,
        ModeName::CaptureOnly => Mode::CaptureOnly,
        ModeName::Shoot => Mode::Shoot,
    }
}

/// The definition a game file gives, every part but the start position
/// checked (see `super::probe`).
pub fn definition(text: &str, file: GameFile) -> Checked<&'static GameDef> {
    let r = Reader { text };
    let id = file.id.get_ref();
    let id_ok = (1..=32).contains(&id.len())
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(r.error(
            file.id.span(),
            format!(
                "id '{}': 1 to 32 lower-case letters, digits or '-', from a letter",
                id.escape_debug()
            ),
        ));
    }
    let mirror = *file.black_mirror.get_ref();
    if mirror.iter().any(|m| m.abs() != 1) {
        return Err(r.error(
            file.black_mirror.span(),
            "black_mirror is three signs, each 1 or -1, such as [1, -1, 1]",
        ));
    }
    let letters = *file.side_letters.get_ref();
    if letters[0] == letters[1] || !letters.iter().all(|l| l.is_ascii_lowercase()) {
        return Err(r.error(
            file.side_letters.span(),
            "side_letters are two different lower-case letters",
        ));
    }
    let (board, cells) = r.board(&file)?;
    let naming = r.naming(&file, &cells)?;
    let geo = Geometry::new(cells.iter().copied(), &naming);
    let extent: V3 = std::array::from_fn(|axis| {
        let values = cells.iter().map(|c| c[axis]);
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    });
    let pieces = r.pieces(&file, extent, mirror)?;
    let promotion = r.promotion(&file, &pieces, &geo, mirror)?;
    let castling = r.castling(&file, &geo, &pieces)?;
    let temple = file
        .temple
        .as_ref()
        .map(|t| r.cell_name(&geo, t))
        .transpose()?;
    for p in file.pieces.get_ref() {
        if let Some(areas) = &p.confined {
            r.has_cells_for_both(&file, &geo, mirror, areas, "confinement")?;
        }
    }
    let royal_goal = match &file.royal_goal {
        None => None,
        Some(areas) => Some(r.has_cells_for_both(&file, &geo, mirror, areas, "royal goal")?),
    };
    let kinds: Vec<(char, &'static str)> = file
        .pieces
        .get_ref()
        .iter()
        .map(|p| (*p.letter.get_ref(), keep::text(p.about.clone())))
        .collect();
    let special: Vec<&'static str> = file.about.special.iter().cloned().map(keep::text).collect();
    let def = GameDef {
        id: keep::text(id.clone()),
        name: keep::text(file.name.clone()),
        board,
        naming,
        black_mirror: mirror,
        pieces: keep::slice(pieces),
        promotion,
        castling: keep::slice(castling),
        options: &[],
        has_check: file.check,
        bare_kings_draw: file.bare_kings_draw,
        temple,
        royal_goal,
        facing_lines: r.facing_lines(&file, extent)?,
        stalemate: match file.stalemate {
            StalemateName::Draw => StalemateRule::Draw,
            StalemateName::Loss => StalemateRule::Loss,
            StalemateName::Win => StalemateRule::Win,
        },
        repetition: match file.repetition {
            Repetition::Draw => RepetitionRule::Draw,
            Repetition::LossForMover => RepetitionRule::LossForMover,
        },
        side_names: file.sides.clone().map(keep::text),
        side_letters: letters,
        notation: match file.notation {
            NotationName::Uci => Notation::Uci,
            NotationName::Seed => Notation::Seed,
        },
        move_hint: keep::text(file.move_hint.clone()),
        start: keep::text(file.start.get_ref().clone()),
        about: About {
            setup: keep::text(file.about.setup.clone()),
            goal: keep::text(file.about.goal.clone()),
            special: keep::slice(special),
            kinds: keep::slice(kinds),
        },
        drawing: r.drawing(&file, &cells)?,
    };
    Ok(keep::value(def))
}
