//! A game's castling rules compiled into the rules a position may castle
//! by.
//!
//! Each [`CastleDef`] is a *slot*: one bit of a position's castling rights
//! (`K`, `Q`, `k`, `q`). A fixed rule is one [`CastleInfo`]. A rule from any
//! start file (Chess960) is one `CastleInfo` for each pair of start cells
//! the King and its partner may have on their line; a position names the
//! one in play for each slot ([`crate::Position`]'s castling string), and
//! that choice lasts the whole game.
//!
//! In a game with gating (Seirawan chess), each fixed rule also has a form
//! per kind and cell a piece of the hand may be gated on (the King's start
//! or the partner's): a castling move names its whole rule, gate included,
//! in its one byte.

use crate::bits::BitSet;
use crate::def::GameDef;
use crate::geometry::{Geometry, V3};
use crate::{Cell, Kind, Side};

/// Most castling rules a game may compile to: a castling move names its
/// rule in one byte (`Move::extra`).
pub const MAX_CASTLE_RULES: usize = 255;

/// A castling move with its cells resolved.
#[derive(Clone, Debug)]
pub struct CastleInfo<B> {
    /// The right (bit of the castling rights) this rule is one form of.
    pub slot: u8,
    pub side: Side,
    pub symbol: char,
    pub text: &'static str,
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
    /// The kind that castles with the King (the Rook).
    pub rook_kind: Kind,
    /// Cells that must be empty, excluding the King and the Rook.
    pub empty: B,
    pub safe: Vec<Cell>,
    /// Whether the slot's rule is from any start file: UCI then writes the
    /// move as the King taking its partner, as UCI_Chess960 does.
    pub any_file: bool,
    /// The piece gated on one of the castlers' start cells, in a form of
    /// the rule with gating: its kind and the cell.
    pub gate: Option<(Kind, Cell)>,
    /// For a rule without a gate, in a game with gating: per kind, the
    /// rule indices of its forms gating that kind on the King's start and
    /// on the partner's ([`NO_RULE`] where the kind is never gated).
    pub gated: Vec<[u8; 2]>,
    /// The index of the rule without the gate (its own, for such a rule).
    pub ungated: u8,
}

/// No rule: a kind never gated ([`CastleInfo::gated`]).
pub const NO_RULE: u8 = u8::MAX;

/// Every castling rule of a game.
#[derive(Clone, Debug)]
pub struct Castles<B> {
    pub rules: Vec<CastleInfo<B>>,
    /// Number of slots (rights bits): the game's `CastleDef`s.
    pub slots: usize,
    /// Per slot: the rule in play in the game's usual start (its
    /// `CastleDef`'s own cells).
    pub usual: [u8; 8],
    /// The slots whose rules are from any start file (a bit each).
    pub any_file: u8,
    /// Per side: its slots (a bit each).
    pub of_side: [u8; 2],
    /// Per cell: the rights of fixed rules lost when a move starts or ends
    /// there (any-file rules are looked up in the position's own rules).
    pub clear: Vec<u8>,
    /// Per side, in a game with gating: the cells of its castling line
    /// (the King's and its first partner's), where gates are named by
    /// file in position strings. Empty otherwise.
    pub gate_lines: [Vec<Cell>; 2],
}

impl<B: BitSet> Castles<B> {
    /// Compiles `def`'s castling. `kind_of` and `cell_of` resolve letters
    /// and cell names (and panic on unknown ones: definitions are tested).
    pub fn build(
        def: &GameDef,
        geo: &Geometry,
        kind_of: impl Fn(char) -> Kind,
        cell_of: impl Fn(&str) -> Cell,
    ) -> Castles<B> {
        assert!(def.castling.len() <= 8, "at most 8 castling rules");
        let mut rules = Vec::new();
        let mut usual = [0u8; 8];
        let mut any_file = 0u8;
        let mut of_side = [0u8; 2];
        let mut clear = vec![0u8; geo.len()];
        for (slot, c) in def.castling.iter().enumerate() {
            let cells = [c.king_from, c.king_to, c.rook_from, c.rook_to].map(&cell_of);
            of_side[c.side.index()] |= 1 << slot;
            let rule = |king_from: Cell, rook_from: Cell, empty: B, safe: Vec<Cell>| CastleInfo {
                slot: slot as u8,
                side: c.side,
                symbol: c.symbol,
                text: c.text,
                king_from,
                king_to: cells[1],
                rook_from,
                rook_to: cells[3],
                rook_kind: kind_of(c.piece),
                empty,
                safe,
                any_file: c.any_file,
                gate: None,
                gated: Vec::new(),
                ungated: 0,
            };
            if c.any_file {
                any_file |= 1 << slot;
                let line = line_of(geo, cells[0], cells[2]);
                for (king, rook) in start_pairs(&line) {
                    if (king, rook) == (cells[0], cells[2]) {
                        usual[slot] = rules.len() as u8;
                    }
                    let (empty, safe) = derived_cells::<B>(&line, [king, cells[1], rook, cells[3]]);
                    rules.push(rule(king, rook, empty, safe));
                }
            } else {
                usual[slot] = rules.len() as u8;
                let empty = c.empty.iter().fold(B::EMPTY, |mut s, &name| {
                    s.insert(cell_of(name));
                    s
                });
                clear[cells[0] as usize] |= 1 << slot;
                clear[cells[2] as usize] |= 1 << slot;
                rules.push(rule(
                    cells[0],
                    cells[2],
                    empty,
                    c.safe.iter().map(|&name| cell_of(name)).collect(),
                ));
            }
        }
        for (i, rule) in rules.iter_mut().enumerate() {
            rule.ungated = i as u8;
        }
        let mut gate_lines: [Vec<Cell>; 2] = Default::default();
        if def.gating {
            for side in Side::BOTH {
                if let Some(c) = rules.iter().find(|c| c.side == side) {
                    gate_lines[side.index()] = line_of(geo, c.king_from, c.rook_from);
                }
            }
            add_gated_forms(def, &mut rules, &kind_of);
        }
        assert!(
            rules.len() <= MAX_CASTLE_RULES,
            "{}: castling from any file makes {} rules, more than {MAX_CASTLE_RULES}",
            def.id,
            rules.len()
        );
        Castles {
            rules,
            slots: def.castling.len(),
            usual,
            any_file,
            of_side,
            clear,
            gate_lines,
        }
    }
}

/// In a game with gating: adds each fixed rule's forms with a gate, one
/// per kind a hand may hold (not the royal kind nor a promoted form) and
/// per start cell (the King's, the partner's), and records them in the
/// rule's `gated`. At most 8 rules of at most 15 kinds: 248 forms.
fn add_gated_forms<B: BitSet>(
    def: &GameDef,
    rules: &mut Vec<CastleInfo<B>>,
    kind_of: &impl Fn(char) -> Kind,
) {
    let gateable: Vec<Kind> = def
        .pieces
        .iter()
        .filter(|p| !p.royal && p.promoted_from.is_none())
        .map(|p| kind_of(p.letter))
        .collect();
    for base in 0..rules.len() {
        let mut gated = vec![[NO_RULE; 2]; def.pieces.len()];
        for &kind in &gateable {
            let cells = [rules[base].king_from, rules[base].rook_from];
            for (place, cell) in cells.into_iter().enumerate() {
                gated[kind as usize][place] = rules.len() as u8;
                let form = CastleInfo {
                    gate: Some((kind, cell)),
                    ungated: base as u8,
                    ..rules[base].clone()
                };
                rules.push(form);
            }
        }
        rules[base].gated = gated;
    }
}

/// The number of rules a castling from any file compiles to: one per pair
/// of start cells ([`Castles::build`]), or `None` when its four cells are
/// not on one line of the board. The loader refuses such a rule, and a
/// game past [`MAX_CASTLE_RULES`], with it.
pub fn any_file_rule_count(geo: &Geometry, cells: [Cell; 4]) -> Option<usize> {
    let line = line_of(geo, cells[0], cells[2]);
    cells
        .iter()
        .all(|c| line.contains(c))
        .then(|| line.len() * (line.len() - 1) / 2)
}

/// The pairs of start cells (King, partner) of an any-file rule: both on
/// the line through its usual cells, the partner on the same side of the
/// King as usual.
fn start_pairs(line: &[Cell]) -> Vec<(Cell, Cell)> {
    line.iter()
        .enumerate()
        .flat_map(|(i, &king)| line[i + 1..].iter().map(move |&rook| (king, rook)))
        .collect()
}

/// The cells of the board's line through `king` and `rook` (which differ
/// along one axis), in order from the King's side to the partner's: a
/// castling's line, where a game with gating names its gates by file.
pub fn line_of(geo: &Geometry, king: Cell, rook: Cell) -> Vec<Cell> {
    let (k, r) = (geo.coord(king), geo.coord(rook));
    let step: V3 = [0, 1, 2].map(|i| (r[i] - k[i]).signum());
    let back = step.map(|d| -d);
    let mut first = king;
    while let Some(c) = geo.offset(first, back) {
        first = c;
    }
    let mut line = vec![first];
    let mut last = first;
    while let Some(c) = geo.offset(last, step) {
        line.push(c);
        last = c;
    }
    line
}

/// An any-file rule's cells that must be empty (every cell the King and
/// its partner cross or land on, but their own) and safe (the King's start
/// and every cell it crosses; its arrival is the ordinary legality test).
fn derived_cells<B: BitSet>(
    line: &[Cell],
    [king_from, king_to, rook_from, rook_to]: [Cell; 4],
) -> (B, Vec<Cell>) {
    let at = |cell: Cell| line.iter().position(|&c| c == cell).unwrap_or(0);
    let ends = [king_from, king_to, rook_from, rook_to].map(at);
    // FIDE's rule: every cell from the King's start to its end, and from
    // the Rook's start to its end.
    let mut empty = B::EMPTY;
    for (from, to) in [(ends[0], ends[1]), (ends[2], ends[3])] {
        for &cell in &line[from.min(to)..=from.max(to)] {
            if cell != king_from && cell != rook_from {
                empty.insert(cell);
            }
        }
    }
    let (from, to) = (ends[0], ends[1]);
    let safe = if from <= to {
        line[from..to.max(from + 1)].to_vec()
    } else {
        line[to + 1..=from].iter().rev().copied().collect()
    };
    (empty, safe)
}
