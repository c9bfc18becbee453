//! A game file's parts turned into a [`GameDef`], each checked against what
//! the core needs (every check here stands in for a panic or a silent
//! mistake further on), with the first mistake placed in the file.

use std::collections::BTreeSet;
use std::ops::Range;

use chess3d_core::castles::line_of;
use chess3d_core::def::{
    About, Area, BecomesDef, Block, BoardDef, CastleDef, Choices, Component, DoubleStep, Drawing,
    Extinction, GameDef, Mode, Notation, PawnDef, PieceDef, PromotionDef, Reach, RepetitionRule,
    StalemateRule, Zone,
};
use chess3d_core::geometry::{expand, Labels, Naming};
use chess3d_core::position::MAX_KINDS;
use chess3d_core::tables::{zone_cells, MAX_SLIDE_DIRS};
use chess3d_core::{BitSet, Bits, Geometry, Side, Sym, V3};
use toml::Spanned;

use super::format::{
    AreaFile, ChoicesFile, DoubleStepFile, ExtinctionName, GameFile, LabelsFile, ModeName,
    NotationName, OptionalFile, PieceFile, PromotionFile, Repetition, RepetitionFile,
    SideChoicesFile, SideName, StalemateName, SymName,
};
use super::{keep, FileError};

mod board;
mod castling;
mod hands;
mod pieces;
mod rules;

/// Most cells a game may have (the core's position holds 320).
const MOST_CELLS: usize = chess3d_core::position::MAX_CELLS;

/// Coordinates run from 0 to this: the board's grid stays small.
const MOST_COORDINATE: i32 = 63;

/// Most movement components a piece may have (the richest built-in piece,
/// Polyhedron's Gargoyle, has 6).
const MOST_MOVES: usize = 64;

/// The most steps one double step may list.
const MOST_DOUBLE_STEPS: usize = 8;

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
    // Fairy-Stockfish's names start with a digit at times (3check).
    let id_ok = (1..=32).contains(&id.len())
        && id.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && id.contains(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(r.error(
            file.id.span(),
            format!(
                "id '{}': 1 to 32 lower-case letters, digits or '-', from a letter or digit, with a letter",
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
    r.needs_royal(&file, &pieces)?;
    let several_royals = r.several_royals(&file)?;
    let promotion = r.promotion(&file, &pieces, &geo, mirror, several_royals)?;
    r.shogi_keys_in_place(&file, promotion.as_ref())?;
    let drops = r.drops(&file, &pieces, promotion.as_ref())?;
    let castling = r.castling(&file, &geo, &pieces)?;
    let gating = r.gating(&file, &pieces, promotion.as_ref(), &castling, &geo)?;
    let temple = file
        .temple
        .as_ref()
        .map(|t| r.cell_name(&geo, t))
        .transpose()?;
    r.move_zones(&file, &pieces, promotion.as_ref(), &castling, &geo, mirror)?;
    let royal_goal = match &file.royal_goal {
        None => None,
        Some(areas) => Some(r.has_cells_for_both(
            &file,
            &geo,
            mirror,
            areas.span(),
            areas.get_ref(),
            "royal goal",
        )?),
    };
    let kinds: Vec<(char, &'static str)> = file
        .pieces
        .get_ref()
        .iter()
        .map(|p| (*p.letter.get_ref(), keep::text(p.about.clone())))
        .collect();
    let special: Vec<&'static str> = file.about.special.iter().cloned().map(keep::text).collect();
    let shuffle = r.shuffle(&file, &pieces, extent)?;
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
        hundred_ply_rule: file.hundred_ply_rule,
        temple,
        royal_goal,
        shuffle,
        facing_lines: r.facing_lines(&file, extent)?,
        checks_to_win: r.checks_to_win(&file)?,
        extinction: r.extinction(&file)?,
        must_capture: file.must_capture,
        several_royals,
        drops,
        gating,
        stalemate: match file.stalemate {
            StalemateName::Draw => StalemateRule::Draw,
            StalemateName::Loss => StalemateRule::Loss,
            StalemateName::Win => StalemateRule::Win,
        },
        repetition: r.repetition(&file)?,
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
