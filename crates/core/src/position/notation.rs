//! Moves as players read and type them.
//!
//! Shown: chess (the games written in UCI coordinates) in standard algebraic
//! notation (`e4`, `Nbd2`, `exd6`, `e8=Q`, `O-O`), every other game in its
//! canonical notation (RULINGS.md §0); both with `+` for check and `#` for
//! checkmate in games with check.
//!
//! Typed: besides the canonical text ([`Position::parse_move`]),
//! - check and comment marks at the end: `+`, `#`, `!`, `?`;
//! - castling as `O-O`, `0-0`, `O-O-O`, `0-0-0`;
//! - any case, and the separators `-`, `x`, `:` and `=` left out or
//!   swapped: `0e4-0d5` for the capture `0e4x0d5`, `e7e8=Q` for `e7e8q`;
//! - a leading piece letter: `Pb2(2)-b4(2)` (Star Trek), `Ng1f3`;
//! - a piece letter and the destination alone: `O2a3` (Elevator's leap),
//!   `Nf3`, or the destination alone for a pawn: `e4`, with part of the
//!   origin (a file, a rank) when several pieces could go: `Nbd2`, `exd5`;
//!   Elevator's push `O2a3/Pa4` names the pushed piece after a `/`;
//! - a destination without its level (`Nd3` in Star Trek, `Nc3` in
//!   Ziggurat) when the full names fit no move.
//!
//! A form that fits several legal moves is refused with them listed, never
//! guessed; one that fits none says why when it can (the King in check, a
//! pinned piece, no such piece).

use super::{Position, Rules};
use crate::bits::BitSet;
use crate::def::Notation;
use crate::error::MoveError;
use crate::tables::CastleInfo;
use crate::{Move, MoveKind, MoveList, MAX_MOVE_TEXT};

/// What a move typed in a game shown in SAN looks like.
const SAN_HINT: &str = "SAN such as e4, Nf3, exd5, O-O or e8=Q, or coordinates such as e2e4";

impl<R: Rules> Position<R> {
    /// Whether the game's moves are shown in standard algebraic notation
    /// (chess) rather than in their canonical text.
    pub fn shows_san(&self) -> bool {
        // Shogi's games (`+` a promotion) show their coordinates, as
        // Fairy-Stockfish writes them.
        self.t.def.notation == Notation::Uci && !self.t.plus_promotes
    }

    /// A legal move as players read it: SAN for chess, the canonical text
    /// otherwise, with `+` or `#` when it gives check or mate.
    pub fn move_label(&mut self, m: Move) -> String {
        let mut label = self.move_label_plain(m);
        label.push_str(self.check_mark(m));
        label
    }

    /// [`Position::move_label`] without the check mark.
    pub fn move_label_plain(&mut self, m: Move) -> String {
        if self.shows_san() {
            self.san(m)
        } else {
            self.move_text(m)
        }
    }

    /// `+`, `#` or nothing: what the move does to the opponent's King in a
    /// game with check. A check that ends the game by another rule (the
    /// third check of three-check chess, a King reaching the hill) is `+`:
    /// the game then has no moves, mate or not.
    fn check_mark(&mut self, m: Move) -> &'static str {
        // Where `+` is a promotion (shogi), checks are not marked, as in
        // shogi's notation.
        if !self.t.def.has_check || self.t.plus_promotes {
            return "";
        }
        self.make(m);
        let mark = if !self.in_check() {
            ""
        } else if self.immediate_result().is_none() && self.count_legal() == 0 {
            "#"
        } else {
            "+"
        };
        self.unmake();
        mark
    }

    /// Standard algebraic notation without the check mark.
    fn san(&mut self, m: Move) -> String {
        let t = self.t;
        let geo = &t.geo;
        match m.kind {
            MoveKind::Castle => {
                let text = t.castling.rules[m.extra as usize].text;
                return format!("{text}{}", self.gate_suffix(m));
            }
            MoveKind::Drop => return self.move_text(m),
            _ => {}
        }
        let piece = self.piece_at(m.from);
        let def = &t.kinds[piece.kind() as usize].def;
        let capture = self.is_capture(m);
        let mut s = String::new();
        if def.pawn.is_some() {
            if capture {
                s.push_str(geo.file_label(m.from));
            }
        } else {
            s.push(def.letter);
            // Disambiguation: other pieces of the kind reaching the same
            // cell; the file if it tells them apart, else the rank, else
            // the whole cell (file and rank, and the level on a board of
            // several: Millennium 3D chess's R1a12a1 and R3a12a1).
            let mut legal = MoveList::new();
            self.legal_moves(&mut legal);
            let rivals: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && o.kind != MoveKind::Castle
                        && self.piece_at(o.from) == piece
                })
                .collect();
            if !rivals.is_empty() {
                let file = geo.file_label(m.from);
                let rank = geo.rank_label(m.from);
                if rivals.iter().all(|o| geo.file_label(o.from) != file) {
                    s.push_str(file);
                } else if rivals.iter().all(|o| geo.rank_label(o.from) != rank) {
                    s.push_str(rank);
                } else {
                    s.push_str(geo.name(m.from));
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(geo.name(m.to));
        if let Some(k) = m.promotion {
            s.push('=');
            s.push(t.kinds[k as usize].def.letter);
        }
        s + &self.gate_suffix(m)
    }

    /// The legal move `text` stands for as a player types it (see the
    /// module documentation), or why there is none.
    pub fn read_move(&mut self, text: &str) -> Result<Move, MoveError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(MoveError::TooLong {
                len: text.len(),
                max: MAX_MOVE_TEXT,
            });
        }
        let text = text.trim();
        let canonical_error = match self.parse_move(text) {
            Ok(m) => return Ok(m),
            Err(e @ MoveError::GameOver { .. }) => return Err(e),
            Err(e) => e,
        };
        // The canonical text with check or comment marks (`1e7>1e5+`);
        // where `+` is a promotion (shogi), it stays.
        let marks: &[char] = if self.t.plus_promotes {
            &['#', '!', '?']
        } else {
            &['+', '#', '!', '?']
        };
        let unmarked = text.trim_end_matches(marks);
        if unmarked.len() < text.len() {
            if let Ok(m) = self.parse_move(unmarked) {
                return Ok(m);
            }
        }
        if let Some(drop) = self.typed_drop(unmarked) {
            return drop.map_err(|reason| MoveError::IllegalBecause {
                text: text.to_string(),
                reason,
            });
        }
        let typed = Typed::new(text, marks, self.gating());
        // A finished game (a King taken) was refused by `parse_move`; one
        // drawn by a rule still has its moves, as in `parse_move`.
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let found = self.fitting(&typed, &legal);
        match found.as_slice() {
            [m] => return Ok(*m),
            [] => {}
            several => {
                let mut options: Vec<String> =
                    several.iter().map(|&m| self.move_label_plain(m)).collect();
                options.sort();
                return Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    options,
                });
            }
        }
        // Two squares named in full say most (a level letter that is also a
        // piece's, as in Raumschach's `Bb2-Bb4`, is a square's here).
        let reason = self
            .why_not_gated(&typed, &legal)
            .or_else(|| self.why_not_between(&typed.body))
            .or_else(|| self.why_not(&typed))
            .or_else(|| R::why_special_move_not(self, &typed.body))
            .or_else(|| self.why_not_to(&typed));
        match (reason, canonical_error) {
            (Some(reason), _) => Err(MoveError::IllegalBecause {
                text: text.to_string(),
                reason,
            }),
            // Read as players type it: SAN, not only the coordinates.
            (None, MoveError::Unreadable { text, .. }) if self.shows_san() => {
                Err(MoveError::Unreadable {
                    text,
                    expected: SAN_HINT,
                })
            }
            (None, e) => Err(e),
        }
    }

    /// The move `m` without the piece it gates.
    fn ungated(&self, m: Move) -> Move {
        match m.kind {
            MoveKind::Castle => Move {
                extra: self.t.castling.rules[m.extra as usize].ungated,
                ..m
            },
            _ if self.t.gate_of(m).is_some() => Move { extra: 0, ..m },
            _ => m,
        }
    }

    /// Why a typed move with a gate (`Nc3/H`) is no legal move, when the
    /// move without it is: the kind unknown or not in hand, the square
    /// left no gate, or one a castler ends on.
    fn why_not_gated(&mut self, typed: &Typed, legal: &MoveList) -> Option<String> {
        let gate = typed.gate.as_ref()?;
        let plain = Typed {
            gate: None,
            ..typed.clone()
        };
        let ungated: MoveList = legal
            .iter()
            .copied()
            .filter(|&m| self.t.gate_of(m).is_none())
            .collect();
        let &base = self.fitting(&plain, &ungated).first()?;
        let t = self.t;
        let side = t.def.side_names[self.side.index()];
        let letter = gate.chars().next()?.to_ascii_uppercase();
        let Some(kind) = t.kind_by_letter(letter) else {
            return Some(format!("'{letter}' is no piece of this game"));
        };
        let name = t.kinds[kind as usize].def.name;
        if self.hands().is_none_or(|h| h.count(self.side, kind) == 0) {
            return Some(format!("{side} has no {name} in hand to gate"));
        }
        let cells = match base.kind {
            MoveKind::Castle => {
                let c = &t.castling.rules[base.extra as usize];
                let named = |cell| *gate.get(1..).unwrap_or("") == gate_form(t.geo.name(cell));
                match [c.king_from, c.rook_from].into_iter().find(|&c| named(c)) {
                    Some(cell) if cell == c.king_to || cell == c.rook_to => {
                        return Some(format!(
                            "a castler ends on {}: the {name} goes on the King's square or the \
                             partner's that stays empty",
                            t.geo.name(cell)
                        ))
                    }
                    Some(cell) => vec![cell],
                    None => vec![c.king_from, c.rook_from],
                }
            }
            _ => vec![base.from],
        };
        let gates = self.gates(self.side);
        if let Some(&cell) = cells.iter().find(|&&c| !gates.contains(c)) {
            return Some(format!(
                "{} is no gate: a piece in hand goes only on the square a piece of the first \
                 rank leaves on its first move, and only then",
                t.geo.name(cell)
            ));
        }
        None
    }

    /// A drop as typed, its letter in either case (`N@f3`, `n@f3`): the
    /// legal drop, or why there is none (no drops in this game, no such
    /// piece in hand, a square taken or forbidden to the kind, the King's
    /// safety). `None` when the text is no drop: one piece letter, `@`
    /// and a square.
    fn typed_drop(&mut self, text: &str) -> Option<Result<Move, String>> {
        let (letter, square) = text.split_once('@')?;
        let mut chars = letter.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return None;
        };
        let t = self.t;
        let kind = t.kind_by_letter(letter.to_ascii_uppercase())?;
        let to = t
            .geo
            .parse_cell(square)
            .or_else(|| t.geo.parse_cell(&square.to_ascii_lowercase()))?;
        let name = t.kinds[kind as usize].def.name;
        let side = self.side.index();
        let square = t.geo.name(to);
        let Some(hands) = self.hands().filter(|_| self.drops()) else {
            return Some(Err(match self.gating() {
                true => format!(
                    "this game has no drops: a piece in hand is gated, placed on the square a \
                     piece leaves on its first move, written after that move ({})",
                    self.t.def.move_hint
                ),
                false => "this game has no drops: no piece is ever held in hand".to_string(),
            }));
        };
        if hands.count(self.side, kind) == 0 {
            return Some(Err(format!(
                "{} has no {name} in hand",
                t.def.side_names[side]
            )));
        }
        if !self.piece_at(to).is_empty() {
            return Some(Err(format!(
                "{square} is not empty: a drop goes to an empty square"
            )));
        }
        if !t.drop_cells[kind as usize][side].contains(to) {
            return Some(Err(format!(
                "a {name} may never stand on {square}, so it is not dropped there"
            )));
        }
        let def = t.kinds[kind as usize].def;
        if def.drop_no_doubled {
            let own = self.by_kind[kind as usize] & self.by_side[side];
            if own.iter().any(|c| t.file_cells[c as usize].contains(to)) {
                return Some(Err(format!(
                    "{} has a {name} on that file already: a {name} is never dropped on a \
                     file holding one of its side's (shogi's nifu)",
                    t.def.side_names[side]
                )));
            }
        }
        let m = Move::drop(kind, to);
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        Some(match legal.contains(&m) {
            true => Ok(m),
            false if self.drop_mates_barred(m) && self.leaves_royal_safe(m) => Err(format!(
                "a {name} dropped may not give checkmate (shogi's uchifuzume)"
            )),
            false => Err(self.why_illegal(m)),
        })
    }

    /// The side to move's castling from any file that a typed `body`
    /// names as UCI_Chess960 writes it: the King's cell, then its own
    /// Rook's (with `-` or `x` between, or nothing), and nothing else.
    fn chess960_castling_typed(&self, body: &str) -> Option<&'static CastleInfo<R::Bits>> {
        let geo = &self.t.geo;
        let wanted = squeeze(body);
        self.castle_rules_in_play().map(|(_, c)| c).find(|&c| {
            c.any_file
                && c.side == self.side
                && self.holds_castlers(c)
                && wanted
                    == squeeze(&format!(
                        "{}{}",
                        geo.name(c.king_from),
                        geo.name(c.rook_from)
                    ))
        })
    }

    /// Why there is no legal move between the two squares a typed text
    /// names (`e1xh4`, `e2e5`): no piece there, the other side's piece, the
    /// move written otherwise (an Archer's shot with `@`), or a move the
    /// piece cannot make.
    fn why_not_between(&mut self, body: &str) -> Option<String> {
        if self.chess960_castling_typed(body).is_some() {
            return None; // Explained as castling by `why_not`.
        }
        let (from, to) = self.squares_named(body)?;
        let t = self.t;
        let geo = &t.geo;
        let side_name = t.def.side_names[self.side.index()];
        let piece = self.piece_at(from);
        if piece.is_empty() {
            return Some(format!("there is no piece on {}", geo.name(from)));
        }
        let def = &t.kinds[piece.kind() as usize].def;
        if piece.side() != self.side {
            return Some(format!(
                "the {} on {} is {}'s, and {side_name} is to move",
                def.name,
                geo.name(from),
                t.def.side_names[piece.side().index()]
            ));
        }
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let written: Vec<String> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .map(|&m| self.move_label_plain(m))
            .collect();
        if !written.is_empty() {
            return Some(format!(
                "the {}'s move from {} to {} is written {}",
                def.name,
                geo.name(from),
                geo.name(to),
                written.join(" or ")
            ));
        }
        let mut pseudo = MoveList::new();
        self.pseudo_legal_moves(&mut pseudo);
        if let Some(&m) = pseudo.iter().find(|m| m.from == from && m.to == to) {
            return Some(self.why_illegal(m));
        }
        Some(format!(
            "the {} on {} cannot go to {}",
            def.name,
            geo.name(from),
            geo.name(to)
        ))
    }

    /// A text naming only a destination (`e5`: a pawn's move, as in
    /// chess) that no pawn of the side can reach: the legal moves of other
    /// pieces there, which are written with their letter, or none.
    fn why_not_to(&mut self, typed: &Typed) -> Option<String> {
        if typed.letter.is_some() {
            return None;
        }
        let geo = &self.t.geo;
        // The square as typed: a name without its level stands for several.
        let fits = |c: crate::Cell| {
            squeeze(geo.name(c)) == typed.wanted || squeeze(geo.flat_name(c)) == typed.wanted
        };
        if !(0..geo.len() as crate::Cell).any(fits) {
            return None;
        }
        let side_name = self.t.def.side_names[self.side.index()];
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let mut there: Vec<String> = legal
            .iter()
            .filter(|m| fits(m.to))
            .map(|&m| self.move_label_plain(m))
            .collect();
        there.sort();
        there.dedup();
        Some(if there.is_empty() {
            format!("no {side_name} piece can go to {}", typed.body)
        } else {
            format!(
                "a square alone is a pawn's move, and no {side_name} pawn can go to {}; \
                 the pieces that can are written {}",
                typed.body,
                there.join(", ")
            )
        })
    }

    /// The two squares a text names, from and to, with a separator
    /// (`-`, `x`, `:`, `@`, `>`) or none, and a promotion after them.
    fn squares_named(&self, body: &str) -> Option<(crate::Cell, crate::Cell)> {
        let geo = &self.t.geo;
        self.after_a_cell(body).find_map(|(from, rest)| {
            let rest = rest.trim_start_matches(['-', 'x', ':', '@', '>']);
            let rest = rest.split_once('=').map_or(rest, |(to, _)| to);
            let to = geo.parse_cell(rest).or_else(|| {
                // A promotion letter after the square (`e7e8q`).
                let cut = rest.char_indices().last()?.0;
                geo.parse_cell(&rest[..cut])
            })?;
            Some((from, to))
        })
    }

    /// The moves of `list` that `typed` fits: those whose full names fit,
    /// or else those whose destination fits without its level.
    fn fitting(&mut self, typed: &Typed, list: &MoveList) -> Vec<Move> {
        for flat in [false, true] {
            let found: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| self.fits(typed, m, flat))
                .collect();
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// Whether a typed text stands for the move `m`; with `flat`, cells may
    /// be named without their level.
    fn fits(&mut self, typed: &Typed, m: Move, flat: bool) -> bool {
        if typed.pushed != (m.kind == MoveKind::Push) {
            return false;
        }
        let t = self.t;
        // A move that gates names its gate, after a `/` (`Nc3/H`, `O-O/He1`,
        // any form of the move before it) or as UCI writes it (`b1c3h`):
        // `Nc3` is the move without it.
        match (&typed.gate, t.gate_of(m)) {
            (None, None) => {}
            (None, Some(_)) => return !flat && squeeze(&self.move_text(m)) == typed.wanted,
            (Some(_), None) => return false,
            (Some(gate), Some((kind, cell))) => {
                let letter = t.kinds[kind as usize].def.letter.to_ascii_lowercase();
                let named = *gate == letter.to_string()
                    || *gate == format!("{letter}{}", gate_form(t.geo.name(cell)));
                let plain = Typed {
                    gate: None,
                    ..typed.clone()
                };
                return named && self.fits(&plain, self.ungated(m), flat);
            }
        }
        if typed.castle.is_some() && !t.castling.rules.is_empty() {
            return m.kind == MoveKind::Castle
                && typed.castle == Some(t.castling.rules[m.extra as usize].text);
        }
        let geo = &t.geo;
        let full = squeeze(&self.move_text(m));
        if !flat && (full == typed.wanted || (self.shows_san() && self.san(m) == typed.body)) {
            return true;
        }
        let name = |c| {
            if flat {
                geo.flat_name(c)
            } else {
                geo.name(c)
            }
        };
        let to = squeeze(name(m.to));
        let from = squeeze(name(m.from));
        let promo = m
            .promotion
            .map(|k| {
                t.kinds[k as usize]
                    .def
                    .letter
                    .to_ascii_lowercase()
                    .to_string()
            })
            .unwrap_or_default();
        // Destination and promotion, after part of the origin (a file, a
        // rank, or nothing) as chess players disambiguate.
        let short = |s: &str| {
            s.strip_suffix(&format!("{to}{promo}"))
                .is_some_and(|part| from.contains(part))
        };
        // Board and elevator moves may start from an empty square: no mover.
        let piece = self.piece_at(m.from);
        let mover = (!piece.is_empty()).then(|| &t.kinds[piece.kind() as usize].def);
        let by_letter = typed.letter.is_some() && typed.letter == mover.map(|d| d.letter);
        // A capital letter names a piece, unless it begins a square's name
        // (Polyhedron's levels): `Bb3` is no pawn move in chess.
        let starts_square =
            |l: char| geo.name(m.from).starts_with(l) || geo.name(m.to).starts_with(l);
        let pawn_form = typed.letter.is_none_or(starts_square);
        // Pawns go by their destination alone (Star Trek's keep their rules
        // in the game's code: a kind that promotes is taken for one).
        let is_pawn = mover.is_some_and(|d| d.pawn.is_some() || d.promotes);
        (by_letter && ((!flat && full == typed.after_letter) || short(&typed.after_letter)))
            || (pawn_form && is_pawn && short(&typed.wanted))
    }

    /// Why a pseudo-legal move is not legal: a capture is compulsory, or
    /// the side's royal piece would be (or stays) in check.
    fn why_illegal(&mut self, m: Move) -> String {
        if self.t.def.must_capture && !self.is_capture(m) {
            let mut legal = MoveList::new();
            self.legal_moves(&mut legal);
            if legal.iter().any(|&c| self.is_capture(c)) {
                let captures: Vec<String> =
                    legal.iter().map(|&c| self.move_label_plain(c)).collect();
                return format!(
                    "{} must capture: {}",
                    self.t.def.side_names[self.side.index()],
                    captures.join(" or ")
                );
            }
        }
        self.leaves_royal_in_check(m)
    }

    /// Why a pseudo-legal move that a capture does not displace is not
    /// legal: the side's royal piece would be (or stays) in check.
    fn leaves_royal_in_check(&mut self, m: Move) -> String {
        let t = self.t;
        let side_name = t.def.side_names[self.side.index()];
        let royal = t.royal_name();
        let piece = self.piece_at(m.from);
        let def = (!piece.is_empty()).then(|| &t.kinds[piece.kind() as usize].def);
        let to = t.geo.name(m.to);
        match def {
            Some(d) if d.royal => {
                if m.kind == MoveKind::Castle && self.in_check() {
                    format!("{side_name} may not castle out of check")
                } else if m.kind == MoveKind::Castle {
                    format!("the {} would cross or land on an attacked square", d.name)
                } else {
                    format!("the {} would be in check on {to}", d.name)
                }
            }
            _ if self.in_check() => {
                format!("{side_name}'s {royal} is in check, and this move does not end the check")
            }
            Some(d) => format!(
                "the {} on {} is pinned: moving it would put {side_name}'s {royal} in check",
                d.name,
                t.geo.name(m.from),
            ),
            None => format!("it would put {side_name}'s {royal} in check"),
        }
    }

    /// Why no legal move fits a typed text that pseudo-legal moves fit, or
    /// that names a piece the side does not have or that cannot go there.
    fn why_not(&mut self, typed: &Typed) -> Option<String> {
        let t = self.t;
        let side = self.side;
        let side_name = t.def.side_names[side.index()];
        let royal = t.royal_name();
        // UCI_Chess960's castling, the King taking its own Rook, is
        // explained as castling.
        let king_takes_rook = || self.chess960_castling_typed(&typed.body).map(|c| c.text);
        if let Some(text) = typed.castle.or_else(king_takes_rook) {
            let rule = self
                .castle_rules_in_play()
                .find(|(_, c)| c.side == side && c.text == text);
            if let Some((i, c)) = rule {
                return Some(if self.castling & (1 << i) == 0 {
                    format!("{side_name} has lost the right to castle {text}")
                } else if self.in_check() {
                    format!("{side_name} may not castle out of check")
                } else if !(self.occupied() & c.empty).is_empty()
                    || [c.king_to, c.rook_to].iter().any(|&cell| {
                        cell != c.king_from
                            && cell != c.rook_from
                            && !self.piece_at(cell).is_empty()
                    })
                {
                    "pieces stand between the King and the Rook".to_string()
                } else {
                    format!("the {royal} would cross or land on an attacked square")
                });
            }
        }
        let mut pseudo = MoveList::new();
        self.pseudo_legal_moves(&mut pseudo);
        let found = self.fitting(typed, &pseudo);
        if let Some(&m) = found.first() {
            return Some(self.why_illegal(m));
        }
        // A piece letter that names no piece of the side, or none that can
        // reach the square.
        let letter = typed.letter?;
        let kind = t.kind_by_letter(letter)?;
        let def = &t.kinds[kind as usize].def;
        let count = (self.side_cells(side) & self.kind_cells(kind)).count();
        Some(match count {
            0 => format!("{side_name} has no {}", def.name),
            1 => format!("{side_name}'s {} cannot make that move", def.name),
            _ => format!("no {side_name} {} can make that move", def.name),
        })
    }
}

/// A typed move, taken apart once.
#[derive(Clone)]
struct Typed {
    /// `O-O` or `O-O-O` when the text is castling (`0-0` too).
    castle: Option<&'static str>,
    /// The text without check and comment marks or a pushed piece.
    body: String,
    /// Whether a pushed piece is named after a `/`.
    pushed: bool,
    /// In a game with gating, the gate named after a `/` ([`gate_form`]): the
    /// kind's letter (`h` of `Nc3/H`), for castling with its cell (`he1`
    /// of `O-O/He1`, or the letter alone where one cell fits).
    gate: Option<String>,
    /// The body squeezed (see [`squeeze`]).
    wanted: String,
    /// A leading capital letter: a piece, or a level in some games.
    letter: Option<char>,
    /// The body after that letter, squeezed.
    after_letter: String,
}

impl Typed {
    /// `marks`: the check and comment marks that may end the text.
    /// `gating`: whether the game has gating, where a `/` names the gate
    /// (elsewhere a pushed piece).
    fn new(text: &str, marks: &[char], gating: bool) -> Typed {
        let stripped = text.trim_end_matches(marks);
        let (body, after) = match stripped.split_once('/') {
            Some((body, after)) if !after.is_empty() => (body, Some(after)),
            _ => (stripped, None),
        };
        let (pushed, gate) = match gating {
            true => (false, after.map(gate_form)),
            false => (after.is_some(), None),
        };
        let castle = match body.replace('0', "O").to_ascii_uppercase().as_str() {
            "O-O" | "OO" => Some("O-O"),
            "O-O-O" | "OOO" => Some("O-O-O"),
            _ => None,
        };
        let letter = body.chars().next().filter(char::is_ascii_uppercase);
        Typed {
            castle,
            body: body.to_string(),
            pushed,
            gate,
            wanted: squeeze(body),
            letter,
            // The text after a leading piece letter (an ASCII letter: one
            // byte).
            after_letter: squeeze(body.get(1..).unwrap_or("")),
        }
    }
}

/// A typed gate (`H`, `He1`) or a cell's name as compared with one: lower
/// case, without separators (but `x`, which may be a piece's letter).
fn gate_form(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | ':' | '='))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Lower case without the separators players leave out or swap.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '='))
        .flat_map(char::to_lowercase)
        .collect()
}
