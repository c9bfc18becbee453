//! The board's cells, their names and how the page draws them.

use super::*;

impl Reader<'_> {
    /// The board, and its cells (each once, block by block, as
    /// [`BoardDef::cells`] lists them).
    pub(super) fn board(&self, file: &GameFile) -> Checked<(BoardDef, Vec<V3>)> {
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

    pub(super) fn labels(&self, labels: &Spanned<LabelsFile>) -> Checked<Labels> {
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
    pub(super) fn naming(&self, file: &GameFile, cells: &[V3]) -> Checked<Naming> {
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

    /// The drawing, by default a square per file and rank (per two in
    /// doubled coordinates), levels two squares apart from the lowest.
    pub(super) fn drawing(&self, file: &GameFile, cells: &[V3]) -> Checked<Drawing> {
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

    pub(super) fn cell_name(
        &self,
        geo: &Geometry,
        name: &Spanned<String>,
    ) -> Checked<&'static str> {
        if geo.parse_cell(name.get_ref()).is_none() {
            return Err(self.error(
                name.span(),
                format!("'{}' names no cell of the board", name.get_ref()),
            ));
        }
        Ok(keep::text(name.get_ref().clone()))
    }
}
