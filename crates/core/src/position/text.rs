//! Position strings, move text and diagrams.
//!
//! Position string: `<placement> <side> <castling> <en passant> <halfmove>
//! <fullmove>`, FEN's fields, then the captured-piece pools in games that
//! have them, then the game's own fields. The placement lists the levels
//! lowest first, separated by `|`; each level its rows from the highest rank
//! down, separated by `/`; each row its cells from the lowest file, a letter
//! per piece (upper case White) and a number per run of empty cells. A
//! one-level 8×8 game is therefore exactly FEN. See
//! docs/position-strings.md.

use super::{EnPassant, GameState, Options, Position, Rules};
use crate::bits::BitSet;
use crate::def::Notation;
use crate::error::{MoveError, PositionError};
use crate::{Cell, Kind, Move, MoveKind, MoveList, Piece, Side, MAX_MOVE_TEXT, NO_KIND};

impl<R: Rules> Position<R> {
    /// Reads a position string of the game of `t` (see the module
    /// documentation) for a game played with `options`: the checks (a
    /// King left in check, say) use the rules the options make.
    pub(crate) fn read_text(
        t: &'static crate::Tables<R::Bits>,
        text: &str,
        options: Options,
    ) -> Result<Self, PositionError> {
        let mut pos = Self::empty_of(t);
        pos.set_options(options)
            .map_err(|e| PositionError::new("options", e.0))?;
        let t = pos.t;
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        // Fairy-Stockfish's start strings of its shogi games leave out the
        // castling and en-passant fields (`…[-] w 0 1`): two counters after
        // the side to move stand for `- - 0 1`, in a game without castling.
        let counter = |f: &&str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
        if fields.len() == 4 && fields[2..].iter().all(counter) && t.castling.rules.is_empty() {
            fields.splice(2..2, ["-", "-"]);
        }
        // A game that counts checks has each side's checks still to give
        // after en passant, as Fairy-Stockfish and lichess write them
        // (`3+3`); left out, none has been given.
        if let Some(limit) = t.def.checks_to_win {
            if fields.get(4).is_some_and(|f| f.contains('+')) {
                pos.checks = read_checks(fields.remove(4), limit)?;
            }
        }
        match fields.len() {
            0 => {
                return Err(PositionError::new(
                    "placement",
                    "the position string is empty",
                ))
            }
            1 => {
                let letters = t.def.side_letters;
                return Err(PositionError::new(
                    "side to move",
                    format!(
                        "missing (expected '{}' or '{}' after the placement)",
                        letters[0], letters[1]
                    ),
                ));
            }
            _ => {}
        }
        let (placement, hand) = match pos.has_hands() {
            true => split_hand(fields[0], t.geo.levels())?,
            false => (fields[0], None),
        };
        pos.read_placement(placement)?;
        if let Some(hand) = hand {
            pos.read_held(hand, "hand")?;
        }

        let letters = t.def.side_letters;
        pos.side = match fields[1] {
            s if s == letters[0].to_string() => Side::White,
            s if s == letters[1].to_string() => Side::Black,
            s => {
                return Err(PositionError::new(
                    "side to move",
                    format!("'{s}' is not '{}' or '{}'", letters[0], letters[1]),
                ))
            }
        };
        pos.read_castling(fields.get(2).copied().unwrap_or("-"))?;
        pos.halfmove = read_counter(fields.get(4).copied(), "halfmove clock", 0)?;
        pos.fullmove = read_counter(fields.get(5).copied(), "fullmove number", 1)?;
        if pos.fullmove == 0 {
            return Err(PositionError::new("fullmove number", "must be at least 1"));
        }
        let mut rest = fields.get(6..).unwrap_or(&[]);
        if GameState::pools(&pos.state).is_some() && !pos.has_hands() {
            if let Some((&pools, more)) = rest.split_first() {
                pos.read_held(pools, "pools")?;
                rest = more;
            }
        }
        R::read_state(&mut pos, rest)?;
        if let Some(c) = (pos.occupied() & !R::present(&pos)).first() {
            return Err(PositionError::new(
                "placement",
                format!(
                    "a piece stands on {}, a cell that does not exist now",
                    t.geo.name(c)
                ),
            ));
        }
        pos.hash = pos.fresh_hash();

        if t.def.has_check && pos.royal_attacked(pos.side.other()) {
            return Err(PositionError::new(
                "placement",
                format!(
                    "{} is to move but {}'s {} is already in check",
                    t.def.side_names[pos.side.index()],
                    t.def.side_names[pos.side.other().index()],
                    t.royal_name()
                ),
            ));
        }
        pos.check_game_end()?;
        pos.read_en_passant(fields.get(3).copied().unwrap_or("-"))?;
        Ok(pos)
    }

    /// A game that ended with the last move can only have ended one way,
    /// by a move of the side not to move: its opponent's royal piece
    /// captured (which reset the 100-ply counter), or its own royal piece
    /// on the temple. That holds when every move is the data's (a piece
    /// moves itself or captures an enemy); a game's special moves (pushes)
    /// may move or drop any piece, so games with them are not checked. (A
    /// game whose `after_make` moved pieces would need the same exemption;
    /// none does.)
    fn check_game_end(&self) -> Result<(), PositionError> {
        if R::SPECIAL_MOVES {
            return Ok(());
        }
        let t = self.t;
        let names = t.def.side_names;
        let royal = t.royal_name();
        let mover = self.side.other();
        // Where a side may lack its royal piece, its absence says nothing;
        // a side with no piece at all lost them to the other's moves.
        let extinct = Side::BOTH.map(|s| self.by_side[s.index()].is_empty());
        if t.def.extinction.is_some() && extinct[mover.index()] {
            return Err(PositionError::new(
                "placement",
                format!(
                    "{} has no piece left, but only {}'s move can have taken its last and {} is \
                     to move",
                    names[mover.index()],
                    names[self.side.index()],
                    names[self.side.index()],
                ),
            ));
        }
        if t.def.extinction.is_some() && extinct[self.side.index()] && self.halfmove != 0 {
            return Err(PositionError::new(
                "placement",
                format!(
                    "{} has no piece left, so the last move captured its last, but the halfmove \
                     clock is {} rather than 0",
                    names[self.side.index()],
                    self.halfmove
                ),
            ));
        }
        let missing = Side::BOTH.map(|s| {
            self.royal_cell(s).is_none() && t.royal_kind().is_some() && t.def.extinction.is_none()
        });
        let on_goal = Side::BOTH.map(|s| {
            self.royal_cell(s)
                .is_some_and(|c| t.goal[s.index()].contains(c))
        });
        let goal = if t.temple.is_some() {
            "the temple"
        } else {
            "its goal"
        };
        let error = |message: String| Err(PositionError::new("placement", message));
        if missing[mover.index()] {
            return error(format!(
                "{}'s {royal} is missing, but only {}'s move can have taken it and {} is to move",
                names[mover.index()],
                names[self.side.index()],
                names[self.side.index()],
            ));
        }
        if on_goal[self.side.index()] {
            return error(format!(
                "{}'s {royal} stands on {goal}, which ended the game on {}'s own move, \
                 but {} is to move",
                names[self.side.index()],
                names[self.side.index()],
                names[self.side.index()],
            ));
        }
        if self.checks_left(self.side) == Some(0) {
            return error(format!(
                "{} has given the checks that win, which ended the game on its own move, but \
                 {} is to move",
                names[self.side.index()],
                names[self.side.index()],
            ));
        }
        if self.checks_left(mover) == Some(0) && !self.royal_attacked(self.side) {
            return error(format!(
                "{} has given the checks that win, so its last move gave check, but {}'s {royal} \
                 is not in check",
                names[mover.index()],
                names[self.side.index()],
            ));
        }
        if missing[self.side.index()] && self.halfmove != 0 {
            return error(format!(
                "{}'s {royal} is missing, so the last move captured it, but the halfmove clock \
                 is {} rather than 0",
                names[self.side.index()],
                self.halfmove
            ));
        }
        if missing[self.side.index()] && on_goal[mover.index()] {
            return error(format!(
                "{}'s {royal} is missing and {}'s stands on {goal}: the game cannot have \
                 ended both ways at once",
                names[self.side.index()],
                names[mover.index()],
            ));
        }
        Ok(())
    }

    fn read_placement(&mut self, text: &str) -> Result<(), PositionError> {
        let t = self.t;
        let levels = t.geo.levels();
        let level_texts: Vec<&str> = text.split('|').collect();
        if level_texts.len() != levels.len() {
            return Err(PositionError::new(
                "placement",
                format!(
                    "{} levels given, the board has {}",
                    level_texts.len(),
                    levels.len()
                ),
            ));
        }
        for (level, level_text) in levels.iter().zip(level_texts) {
            let where_level = if level.name.is_empty() {
                "placement".to_string()
            } else {
                format!("placement, level {}", level.name)
            };
            let rows: Vec<&str> = level_text.split('/').collect();
            if rows.len() != level.rows.len() {
                return Err(PositionError::new(
                    where_level,
                    format!("{} ranks given, expected {}", rows.len(), level.rows.len()),
                ));
            }
            for (row, row_text) in level.rows.iter().zip(rows) {
                let at = format!("{where_level}, rank {}", row.label);
                let mut cells = row.cells.iter();
                let mut chars = row_text.chars().peekable();
                let mut placed = 0usize;
                while let Some(ch) = chars.next() {
                    if let Some(d) = ch.to_digit(10) {
                        let mut run = d as usize;
                        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                            chars.next();
                            run = run.saturating_mul(10).saturating_add(d as usize);
                        }
                        if run == 0 {
                            return Err(PositionError::new(
                                at,
                                "an empty-cell count must be at least 1",
                            ));
                        }
                        placed = placed.saturating_add(run);
                        for _ in 0..run {
                            if cells.next().is_none() {
                                break;
                            }
                        }
                    } else {
                        let piece = self
                            .piece_from_text(ch, &mut chars)
                            .map_err(|m| PositionError::new(at.clone(), m))?;
                        placed += 1;
                        if let Some(&cell) = cells.next() {
                            self.check_placeable(cell, piece)
                                .map_err(|m| PositionError::new(at.clone(), m))?;
                            // Set-up, not a move: nothing to log for unmake.
                            self.place(cell, piece);
                            if chars.next_if_eq(&'~').is_some() {
                                self.mark_promoted(cell, piece)
                                    .map_err(|m| PositionError::new(at.clone(), m))?;
                            }
                        }
                    }
                    if placed > row.cells.len() {
                        return Err(PositionError::new(
                            at,
                            format!("too many cells (the rank has {})", row.cells.len()),
                        ));
                    }
                }
                if placed < row.cells.len() {
                    return Err(PositionError::new(
                        at,
                        format!("{placed} cells given, the rank has {}", row.cells.len()),
                    ));
                }
            }
        }
        if t.royal_kind().is_none() {
            return Ok(());
        }
        // Without check a royal piece can be captured, ending the game;
        // where extinction ends it, a side may have none from the start.
        let (allowed, needs) = match (t.def.every_side_has_royal(), t.def.several_royals) {
            (true, true) => (1..=u32::MAX, "at least one"),
            (true, false) => (1..=1, "exactly one"),
            (false, _) => (0..=1, "at most one"),
        };
        for side in Side::BOTH {
            let count = self.royal_cells(side.index()).count();
            if !allowed.contains(&count) {
                return Err(PositionError::new(
                    "placement",
                    format!(
                        "{} has {count} {}s, needs {needs}",
                        t.def.side_names[side.index()],
                        t.royal_name(),
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Reads the pieces held off the board: the pools field (`-` for
    /// none) or, in a game with drops, the hand between the brackets.
    fn read_held(&mut self, text: &str, field: &str) -> Result<(), PositionError> {
        // Fairy-Stockfish's shogi starts write an empty hand `[-]`.
        if text == "-" {
            return Ok(());
        }
        for ch in text.chars() {
            let piece = self
                .piece_from_letter(ch)
                .filter(|p| self.t.pool_kinds.contains(&p.kind()))
                .ok_or_else(|| {
                    let what = match field {
                        "hand" => "a piece one can hold in hand",
                        _ => "a piece one can promote to",
                    };
                    PositionError::new(field, format!("'{ch}' is not {what}"))
                })?;
            let pools = GameState::pools_mut(&mut self.state).expect("the game has pools");
            let count = pools.count(piece.side(), piece.kind());
            if count == u8::MAX {
                return Err(PositionError::new(
                    field,
                    format!("more than {} '{ch}'", u8::MAX),
                ));
            }
            pools.set(piece.side(), piece.kind(), count + 1);
        }
        Ok(())
    }

    /// The en-passant field: the skipped cell, and the cell the double
    /// step landed on where a skipped cell may not say which (Berolina).
    fn write_en_passant(&self) -> String {
        let geo = &self.t.geo;
        match self.ep {
            None => "-".into(),
            Some(ep) if self.t.ep_names_landing => {
                format!("{}{}", geo.name(ep.target), geo.name(ep.victim))
            }
            Some(ep) => geo.name(ep.target).into(),
        }
    }

    /// The pieces of `pools`, White's first, each side's in the order of
    /// the game's kinds.
    fn write_held(&self, pools: &super::Pools) -> String {
        let mut s = String::new();
        for side in Side::BOTH {
            for kind in 0..self.t.kinds.len() as u8 {
                for _ in 0..pools.count(side, kind) {
                    s.push(self.letter(Piece::new(side, kind)));
                }
            }
        }
        s
    }

    /// Both hands as position strings write them between brackets,
    /// White's pieces (upper case) first; `None` in a game without drops.
    pub fn hand_text(&self) -> Option<String> {
        self.hands().map(|h| self.write_held(h))
    }

    /// Marks the piece just placed on `cell` as promoted (a `~` after its
    /// letter): only in a game with drops, and only a kind one promotes to.
    fn mark_promoted(&mut self, cell: Cell, piece: Piece) -> Result<(), String> {
        let t = self.t;
        let letter = self.letter(piece);
        let drops = self.drops();
        let Some(promoted) = self.state.promoted_mut().filter(|_| drops) else {
            return Err(format!(
                "'{letter}~': '~' marks a promoted piece, only in a game with drops"
            ));
        };
        if !t.promotion_choices[piece.side().index()].contains(&piece.kind()) {
            return Err(format!(
                "'{letter}~': a {} is not a piece one promotes to",
                t.kinds[piece.kind() as usize].def.name
            ));
        }
        promoted.insert(cell);
        Ok(())
    }

    /// The piece a placement writes as `ch` and what follows in `rest`:
    /// a letter, or `+` and the letter of the kind whose promoted form
    /// it is (shogi's `+P`), the form's own letter being refused.
    fn piece_from_text(
        &self,
        ch: char,
        rest: &mut std::iter::Peekable<std::str::Chars<'_>>,
    ) -> Result<Piece, String> {
        let t = self.t;
        if ch == '+' {
            let Some(base) = rest.next() else {
                return Err("'+' ends the rank: a promoted piece is '+' and a letter".into());
            };
            let piece = self
                .piece_from_letter(base)
                .ok_or_else(|| format!("'+{base}': '{base}' is not a piece of this game"))?;
            return match t.promoted_form[piece.kind() as usize] {
                NO_KIND => Err(format!(
                    "'+{base}': a {} has no promoted form in this game",
                    t.kinds[piece.kind() as usize].def.name
                )),
                form => Ok(Piece::new(piece.side(), form)),
            };
        }
        let piece = self
            .piece_from_letter(ch)
            .ok_or_else(|| format!("'{ch}' is not a piece of this game"))?;
        match t.kinds[piece.kind() as usize].def.promoted_from {
            Some(base) => Err(format!(
                "'{ch}': a {} is written '+{}'",
                t.kinds[piece.kind() as usize].def.name,
                match piece.side() {
                    Side::White => base,
                    Side::Black => base.to_ascii_lowercase(),
                }
            )),
            None => Ok(piece),
        }
    }

    /// Appends a piece as position strings write it: its letter, or a
    /// promoted form's `+` and the letter of the kind it promoted from.
    fn push_piece(&self, s: &mut String, piece: Piece) {
        let t = self.t;
        let kind = piece.kind() as usize;
        if t.kinds[kind].def.promoted_from.is_some() {
            s.push('+');
            s.push(self.letter(Piece::new(piece.side(), t.hand_kind[kind])));
        } else {
            s.push(self.letter(piece));
        }
    }

    fn piece_from_letter(&self, ch: char) -> Option<Piece> {
        let kind = self.t.kind_by_letter(ch.to_ascii_uppercase())?;
        let side = if ch.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Some(Piece::new(side, kind))
    }

    fn letter(&self, piece: Piece) -> char {
        let l = self.t.kinds[piece.kind() as usize].def.letter;
        match piece.side() {
            Side::White => l,
            Side::Black => l.to_ascii_lowercase(),
        }
    }

    fn check_placeable(&self, cell: Cell, piece: Piece) -> Result<(), String> {
        let def = self.t.kinds[piece.kind() as usize].def;
        if self.t.forbidden[piece.kind() as usize][piece.side().index()].contains(cell) {
            return Err(format!(
                "a {} {} cannot stand on {}",
                self.t.def.side_names[piece.side().index()],
                def.name,
                self.t.geo.name(cell)
            ));
        }
        Ok(())
    }

    fn read_en_passant(&mut self, text: &str) -> Result<(), PositionError> {
        if text == "-" {
            return Ok(());
        }
        let t = self.t;
        if t.ep_capturers.iter().all(Vec::is_empty) {
            return Err(PositionError::new(
                "en passant",
                format!("'{text}' given, but this game has no en passant (write '-')"),
            ));
        }
        // The readings of the field: one cell, the skipped one; or two,
        // the skipped one and the landing one in either order (a set to
        // Fairy-Stockfish, which writes them in the board's order).
        let readings: Vec<(Cell, Option<Cell>)> = match t.geo.parse_cell(text) {
            Some(target) => vec![(target, None)],
            None => self
                .after_a_cell(text)
                .filter_map(|(first, rest)| Some((first, t.geo.parse_cell(rest)?)))
                .flat_map(|(a, b)| [(a, Some(b)), (b, Some(a))])
                .collect(),
        };
        if readings.is_empty() {
            return Err(PositionError::new(
                "en passant",
                format!("'{text}' is not a cell, two cells, or '-'"),
            ));
        }
        // The double steps the side that just moved can have made across
        // a reading's skipped cell (to its landing cell, if named), from a
        // cell that exists, over one that exists.
        let mover = self.side.other();
        let present = R::present(self);
        let mut made: Vec<EnPassant> = Vec::new();
        for (k, info) in t.kinds.iter().enumerate() {
            let steps = &info.double_step[mover.index()];
            for from in (0..t.geo.len() as Cell).filter(|&c| steps.takeable_from(c)) {
                for (mid, to) in steps.from(from) {
                    let ep = EnPassant {
                        target: mid,
                        victim: to,
                    };
                    if readings
                        .iter()
                        .any(|&(target, landing)| mid == target && landing.is_none_or(|l| l == to))
                        && self.piece_at(to) == Piece::new(mover, k as u8)
                        && self.piece_at(mid).is_empty()
                        && self.piece_at(from).is_empty()
                        && present.contains(mid)
                        && present.contains(from)
                        && !made.contains(&ep)
                    {
                        made.push(ep);
                    }
                }
            }
        }
        let ep = match made[..] {
            [ep] => ep,
            [] => {
                return Err(PositionError::new(
                    "en passant",
                    format!(
                        "{text} is not the cell skipped by a double step {} just made that can be \
                         taken en passant",
                        t.def.side_names[mover.index()]
                    ),
                ))
            }
            _ => {
                let name = |c: Cell| t.geo.name(c);
                return Err(PositionError::new(
                    "en passant",
                    format!(
                        "{text} may be any of the double steps {}: name the one made, as the \
                         skipped cell and then the cell it landed on ({}{})",
                        made.iter()
                            .map(|ep| format!("over {} to {}", name(ep.target), name(ep.victim)))
                            .collect::<Vec<_>>()
                            .join(", "),
                        name(made[0].target),
                        name(made[0].victim)
                    ),
                ));
            }
        };
        // Kept only if a legal capture exists: otherwise it is the same
        // position as without it, and prints and hashes the same.
        self.offer_en_passant(ep);
        Ok(())
    }

    /// Whether a piece of `side` could capture en passant onto `target`.
    pub(crate) fn ep_capturable(&self, side: Side, target: Cell) -> bool {
        let t = self.t;
        let own = self.by_side[side.index()];
        t.ep_capturers[side.index()].iter().any(|&(k, from_set)| {
            t.leap(from_set, target)
                .intersects(self.by_kind[k as usize] & own)
        })
    }

    /// The position string.
    pub fn to_text(&self) -> String {
        let t = self.t;
        let mut levels = Vec::new();
        for level in t.geo.levels() {
            let mut rows = Vec::new();
            for row in &level.rows {
                let mut s = String::new();
                let mut run = 0;
                for &c in &row.cells {
                    let p = self.piece_at(c);
                    if p.is_empty() {
                        run += 1;
                    } else {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        self.push_piece(&mut s, p);
                        if self.state.promoted().is_some_and(|p| p.contains(c)) {
                            s.push('~');
                        }
                    }
                }
                if run > 0 {
                    s += &run.to_string();
                }
                rows.push(s);
            }
            levels.push(rows.join("/"));
        }
        let castling = self.write_castling();
        let checks = match t.def.checks_to_win {
            Some(_) => format!(" {}+{}", self.checks[0], self.checks[1]),
            None => String::new(),
        };
        let mut placement = levels.join("|");
        if let Some(hand) = self.hand_text() {
            placement = format!("{placement}[{hand}]");
        }
        let mut text = format!(
            "{placement} {} {} {}{checks} {} {}",
            t.def.side_letters[self.side.index()],
            castling,
            self.write_en_passant(),
            self.halfmove,
            self.fullmove
        );
        if let Some(pools) = self.pools().filter(|_| !self.has_hands()) {
            text.push(' ');
            match self.write_held(pools) {
                held if held.is_empty() => text.push('-'),
                held => text += &held,
            }
        }
        for field in R::write_state(self) {
            text.push(' ');
            text += &field;
        }
        text
    }

    /// Whether a move captures something.
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant | MoveKind::Shot => true,
            MoveKind::Castle => false,
            MoveKind::Push | MoveKind::Board => R::special_is_capture(self, m),
            _ => !self.piece_at(m.to).is_empty(),
        }
    }

    /// The canonical text of a move of this position (RULINGS.md §0 and the
    /// game's notation).
    pub fn move_text(&self, m: Move) -> String {
        let t = self.t;
        let geo = &t.geo;
        if matches!(m.kind, MoveKind::Push | MoveKind::Board) {
            return R::special_move_text(self, m);
        }
        if m.kind == MoveKind::Drop {
            // The kind's letter, `@` and the cell, in every notation, as
            // Fairy-Stockfish and lichess write drops (`N@f3`).
            return format!(
                "{}@{}",
                t.kinds[m.extra as usize].def.letter,
                geo.name(m.to)
            );
        }
        let gate = t.gate_of(m);
        match t.def.notation {
            Notation::Uci => {
                let (from, to) = match gate {
                    // A castling gating on the partner's start goes from
                    // there to the King's, as Fairy-Stockfish writes it
                    // (`h1e1h`: `e1g1h` gates on the King's).
                    Some((_, cell)) if m.kind == MoveKind::Castle && cell != m.from => {
                        (cell, m.from)
                    }
                    _ => (m.from, self.uci_to(m)),
                };
                let mut s = format!("{}{}", geo.name(from), geo.name(to));
                if let Some(k) = m.promotion {
                    // To a promoted form, `+`, as Fairy-Stockfish writes
                    // shogi's promotions.
                    match t.kinds[k as usize].def.promoted_from {
                        Some(_) => s.push('+'),
                        None => s.push(t.kinds[k as usize].def.letter.to_ascii_lowercase()),
                    }
                }
                // The kind gated, as a promotion's (`b1c3h`).
                if let Some((k, _)) = gate {
                    s.push(t.kinds[k as usize].def.letter.to_ascii_lowercase());
                }
                s
            }
            Notation::Seed => {
                if m.kind == MoveKind::Castle {
                    let text = t.castling.rules[m.extra as usize].text;
                    return format!("{text}{}", self.gate_suffix(m));
                }
                let sep = match m.kind {
                    MoveKind::Shot => '@',
                    _ if self.is_capture(m) => 'x',
                    _ => '-',
                };
                let mut s = format!("{}{sep}{}", geo.name(m.from), geo.name(m.to));
                // A compulsory change of kind (a Guard becoming a Pawn) is
                // not a choice, so it has no suffix.
                if let Some(k) = m
                    .promotion
                    .filter(|&k| !self.is_compulsory_change(m.from, k))
                {
                    match t.kinds[k as usize].def.promoted_from {
                        Some(_) => s.push('+'),
                        None => {
                            s.push('=');
                            s.push(t.kinds[k as usize].def.letter);
                        }
                    }
                }
                s + &self.gate_suffix(m)
            }
        }
    }

    /// The gate of a move as SAN writes it, after the move: `/` and the
    /// kind's letter (`Nc3/H`), and for castling the cell (`O-O/He1`);
    /// empty for a move that gates nothing.
    pub(crate) fn gate_suffix(&self, m: Move) -> String {
        let t = self.t;
        match t.gate_of(m) {
            None => String::new(),
            Some((k, cell)) => {
                let letter = t.kinds[k as usize].def.letter;
                match m.kind {
                    MoveKind::Castle => format!("/{letter}{}", t.geo.name(cell)),
                    _ => format!("/{letter}"),
                }
            }
        }
    }

    /// The cell UCI notation names as a move's destination: its own, but
    /// for a castling whose King goes where its plain step also goes
    /// (a King moving one square), the King takes its own Rook (`d1f1`),
    /// UCI's form for such castlings, so that each move has one text; and
    /// so for every castling from any file, as UCI_Chess960 writes them
    /// (the King may even stay on its cell).
    fn uci_to(&self, m: Move) -> Cell {
        if m.kind != MoveKind::Castle {
            return m.to;
        }
        let c = &self.t.castling.rules[m.extra as usize];
        let king = self.t.royal;
        if c.any_file
            || self
                .t
                .moves_to_on_empty(c.side, king, c.king_from, c.king_to)
        {
            c.rook_from
        } else {
            m.to
        }
    }

    /// Whether the piece on `from` turning into `kind` is its compulsory
    /// change of kind on arrival (a Guard becoming a Pawn), not a choice.
    pub(crate) fn is_compulsory_change(&self, from: Cell, kind: Kind) -> bool {
        let piece = self.piece_at(from);
        !piece.is_empty() && self.t.becomes[piece.kind() as usize].is_some_and(|b| b.0 == kind)
    }

    /// Reads a move in canonical notation and checks it is legal here.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(MoveError::TooLong {
                len: text.len(),
                max: MAX_MOVE_TEXT,
            });
        }
        if let Some(result) = self.immediate_result() {
            return Err(MoveError::GameOver {
                text: text.to_string(),
                result: result.describe(self.t.def.side_names),
            });
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let geo = &self.t.geo;
        // The core's own move texts start with the from cell's name: only
        // those moves need their text formatted and compared.
        let candidate = |m: &Move| match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Shot => {
                text.starts_with(geo.name(m.from))
            }
            MoveKind::Drop => text.contains('@'),
            MoveKind::Castle | MoveKind::Push | MoveKind::Board => true,
        };
        if let Some(&m) = list
            .iter()
            .find(|&&m| candidate(&m) && self.move_text(m) == text)
        {
            return Ok(m);
        }
        // Illegal if it reads as a move of the game, or names a move the
        // pieces could make if the King's safety did not matter.
        let mut pseudo = MoveList::new();
        self.pseudo_legal_moves(&mut pseudo);
        if self.reads_as_move(text) || pseudo.iter().any(|&m| self.move_text(m) == text) {
            Err(MoveError::Illegal {
                text: text.to_string(),
            })
        } else {
            Err(MoveError::Unreadable {
                text: text.to_string(),
                expected: self.t.def.move_hint,
            })
        }
    }

    /// Reads a move in canonical notation and plays it.
    pub fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.make(m);
        Ok(m)
    }

    /// Whether `text` has the shape of a move of this game (so that it is
    /// reported as illegal rather than unreadable).
    fn reads_as_move(&self, text: &str) -> bool {
        let t = self.t;
        let is_cell = |s: &str| t.geo.parse_cell(s).is_some();
        let own_forms = t.plus_promotes;
        let is_promotion = |s: &str, lower: bool| {
            let mut cs = s.chars();
            match (cs.next(), cs.next()) {
                (Some('+'), None) => own_forms,
                (Some(c), None) => {
                    let c = if lower { c.to_ascii_uppercase() } else { c };
                    t.kind_by_letter(c).is_some()
                }
                _ => false,
            }
        };
        match t.def.notation {
            Notation::Uci => self.after_a_cell(text).any(|(_, rest)| {
                is_cell(rest)
                    || rest
                        .char_indices()
                        .last()
                        .is_some_and(|(j, _)| is_cell(&rest[..j]) && is_promotion(&rest[j..], true))
            }),
            Notation::Seed => {
                t.castling.rules.iter().any(|c| c.text == text)
                    || R::reads_as_special_move(text)
                    || self.after_a_cell(text).any(|(_, rest)| {
                        let mut rc = rest.chars();
                        let sep = rc.next();
                        let rest = rc.as_str();
                        let to = match rest.strip_suffix('+').filter(|_| own_forms) {
                            Some(to) => to,
                            None => rest.split_once('=').map_or(rest, |(to, promo)| {
                                if is_promotion(promo, false) {
                                    to
                                } else {
                                    ""
                                }
                            }),
                        };
                        matches!(sep, Some('-' | 'x' | '@' | '>')) && is_cell(to)
                    })
            }
        }
    }

    /// Each way `text` starts with a cell's name: the cell and the rest.
    /// The name ends at a split point never further in than the longest
    /// name, so the work is linear in the text's length.
    pub(crate) fn after_a_cell<'t>(
        &self,
        text: &'t str,
    ) -> impl Iterator<Item = (Cell, &'t str)> + use<'t, R> {
        let geo = &self.t.geo;
        let last_split = text.len().min(geo.longest_name() + 1);
        (1..last_split)
            .filter(|&i| text.is_char_boundary(i))
            .filter_map(move |i| {
                let (from, rest) = text.split_at(i);
                geo.parse_cell(from).map(|c| (c, rest))
            })
    }

    /// A readable diagram of every level, whose turn it is, the state and
    /// the position string.
    pub fn diagram(&self) -> String {
        let t = self.t;
        let geo = &t.geo;
        let mut out = String::new();
        // Columns are the board's files, not the level's, so that levels
        // drawn one under the other show how they stand over each other.
        let mut xs: Vec<i32> = geo.cells().map(|c| geo.coord(c)[0]).collect();
        xs.sort_unstable();
        xs.dedup();
        let width = geo
            .levels()
            .iter()
            .flat_map(|l| l.rows.iter().map(|r| r.label.len()))
            .max()
            .unwrap_or(1);
        // Cells that do not exist now (attack-board squares without a
        // board) are left out, and so are rows and levels without any.
        let present = R::present(self);
        let exists = |row: &crate::geometry::Row| row.cells.iter().any(|&c| present.contains(c));
        for level in geo.levels() {
            if !level.rows.iter().any(exists) {
                continue;
            }
            if !level.name.is_empty() {
                out += &format!("Level {}\n", level.name);
            }
            let z = geo.coord(level.rows[0].cells[0])[2];
            for row in level.rows.iter().filter(|r| exists(r)) {
                let mut line = vec![' '; xs.len() * 2];
                for &c in row.cells.iter().filter(|&&c| present.contains(c)) {
                    let col = xs.binary_search(&geo.coord(c)[0]).unwrap_or(0);
                    let p = self.piece_at(c);
                    line[col * 2] = if p.is_empty() { '.' } else { self.letter(p) };
                }
                let line: String = line.into_iter().collect();
                out += &format!("{:>width$} | {}\n", row.label, line.trim_end());
            }
            let mut files = String::new();
            for (i, &x) in xs.iter().enumerate() {
                if level
                    .rows
                    .iter()
                    .any(|r| r.cells.iter().any(|&c| geo.coord(c)[0] == x))
                {
                    files.truncate(2 * i);
                    while files.len() < 2 * i {
                        files.push(' ');
                    }
                    files += &t.def.naming.file(z, x);
                }
            }
            out += &format!("{:>width$}   {}\n", "", files);
        }
        if self.hands().is_some() {
            // Each side's hand in words: "In hand: White Knight, Pawn; Black none".
            let held = |side: Side| {
                let kinds: Vec<String> = self
                    .held(side)
                    .map(|(k, n)| match n {
                        1 => t.kinds[k as usize].def.name.to_string(),
                        n => format!("{} ×{n}", t.kinds[k as usize].def.name),
                    })
                    .collect();
                match kinds.is_empty() {
                    true => "none".to_string(),
                    false => kinds.join(", "),
                }
            };
            out += &format!(
                "In hand: {} {}; {} {}\n",
                t.def.side_names[0],
                held(Side::White),
                t.def.side_names[1],
                held(Side::Black)
            );
        }
        out += &format!("{} to move\n", t.def.side_names[self.side.index()]);
        out += &format!("State: {}\n", self.state_text());
        out += &format!("Position: {}\n", self.to_text());
        out
    }

    fn state_text(&self) -> String {
        let names = self.t.def.side_names;
        match self.clone().outcome() {
            Some(o) => o.describe(names),
            None if self.in_check() => "check".to_string(),
            None => "in play".to_string(),
        }
    }
}

fn read_counter(
    text: Option<&str>,
    field: &'static str,
    default: u16,
) -> Result<u16, PositionError> {
    match text {
        None => Ok(default),
        Some(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().map_err(|_| {
                PositionError::new(field, format!("'{s}' is too large (at most {})", u16::MAX))
            })
        }
        Some(s) => Err(PositionError::new(
            field,
            format!("'{s}' is not a whole number"),
        )),
    }
}

/// Each side's checks still to give, `W+B`, each from 0 to `limit`.
fn read_checks(text: &str, limit: u8) -> Result<[u8; 2], PositionError> {
    let bad = || {
        PositionError::new(
            "checks",
            format!("'{text}' is not each side's checks still to give, two numbers from 0 to {limit} such as {limit}+{limit}"),
        )
    };
    let (white, black) = text.split_once('+').ok_or_else(bad)?;
    let count = |s: &str| {
        s.parse::<u8>()
            .ok()
            .filter(|&n| n <= limit && s.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(bad)
    };
    Ok([count(white)?, count(black)?])
}

/// The placement field of a game with drops split into the placement and
/// the hand between brackets after it (`…/RNBQKBNR[Qp]`), or on a board of
/// one level as a rank more, as lichess writes it (`…/RNBQKBNR/Qp`, `…/`
/// for empty hands); none given, an empty hand (a FEN of the board alone).
fn split_hand<'a>(
    field: &'a str,
    levels: &[crate::geometry::Level],
) -> Result<(&'a str, Option<&'a str>), PositionError> {
    let Some((placement, rest)) = field.split_once('[') else {
        let extra_rank = levels.len() == 1 && field.split('/').count() == levels[0].rows.len() + 1;
        return Ok(match field.rsplit_once('/') {
            Some((placement, hand))
                if extra_rank && !hand.contains(|c: char| c.is_ascii_digit()) =>
            {
                (placement, Some(hand))
            }
            _ => (field, None),
        });
    };
    match rest.strip_suffix(']') {
        Some(hand) if !hand.contains(['[', ']']) => Ok((placement, Some(hand))),
        _ => Err(PositionError::new(
            "hand",
            format!(
                "'[{rest}': the hand is the pieces between '[' and ']', at the placement's end"
            ),
        )),
    }
}
