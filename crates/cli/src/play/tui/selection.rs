//! The selected piece and its destinations, and playing a move: what the
//! board shows changes here, after every move and every selection.

use chess3d_core::{Cell, Move, MoveKind, MoveList};
use chess3d_engine::Evaluate;

use super::super::board::{self};
use super::super::plain::{self, move_number};
use super::super::session::Seat;
use super::{first_piece, help::REVIEW_HELP, App};
use chess3d_core::BitSet;
use chess3d_play::words;

impl<R: Evaluate> App<R> {
    /// Clears the selection and marks the last move and a check, after the
    /// position changed; the cursor follows a board or an elevator that
    /// moved from under it.
    pub(super) fn after_change(&mut self) {
        self.marks.hint = None;
        // A hint and a question were about the position before.
        if let Some(h) = self.hinting.take() {
            self.engines.hint = h.cancel();
            self.hint_thought = None;
        }
        if self.pending.take().is_some() {
            self.message = "the game changed: the question is withdrawn".to_string();
        }
        self.anchor = None;
        // A position under review is the game's at that move, as the game
        // now is (an undo or another game may have changed or ended it).
        if let Some((ply, _)) = self.review.take() {
            if ply < self.session.moves.len() {
                self.review = self.session.position_at(ply).map(|p| (ply, p));
            }
        }
        let pos = &self.session.pos;
        let last = pos.moves_played().last();
        self.marks.last_move = last.map(|m| (m.from, m.to));
        self.marks.check = pos
            .in_check()
            .then(|| pos.royal_cell(pos.side_to_move()))
            .flatten();
        if let Some(c) = self.marks.cursor {
            if !R::present(pos).contains(c) {
                let geo = &pos.tables().geo;
                // Carried along with the board: the same place on it.
                let carried = last.filter(|m| m.kind == MoveKind::Board).and_then(|m| {
                    let (a, b, p) = (geo.coord(m.from), geo.coord(m.to), geo.coord(c));
                    geo.cell_at([p[0] + b[0] - a[0], p[1] + b[1] - a[1], p[2] + b[2] - a[2]])
                        .filter(|&n| R::present(pos).contains(n))
                });
                self.marks.cursor = carried
                    .or_else(|| board::nearest_present(pos, c))
                    .or(Some(first_piece(pos)));
            }
        }
        self.marks.may_arrive = self.may_arrive();
        self.clear_selection();
    }

    /// Clears the selection; a cursor left on a square that does not exist
    /// goes to the nearest one that does.
    pub(super) fn clear_selection(&mut self) {
        self.marks.selected = None;
        self.marks.destinations.clear();
        self.marks.ghosts.clear();
        self.targets.clear();
        self.choices.clear();
        let pos = &self.session.pos;
        if let Some(c) = self.marks.cursor {
            if !R::present(pos).contains(c) {
                self.marks.cursor = board::nearest_present(pos, c).or(Some(first_piece(pos)));
                self.anchor = None;
            }
        }
    }

    pub(super) fn human_to_move(&self) -> bool {
        *self.session.seat_to_move() == Seat::Human && !self.session.is_over()
    }

    /// Legal moves of the position.
    pub(super) fn legal(&self) -> Vec<Move> {
        let mut pos = self.session.pos.clone();
        let mut moves = MoveList::new();
        if pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
        }
        moves.to_vec()
    }

    /// The legal moves of the piece on `cell`, and of the attack board or
    /// elevator it is on, each with the squares that choose it.
    pub(super) fn targets_of(&self, cell: Cell) -> Vec<(Move, Vec<Cell>)> {
        let pos = &self.session.pos;
        let _before = R::present(pos);
        let mut out = Vec::new();
        for m in self.legal() {
            // A drop has no piece on its cell to select: it is typed.
            if m.kind == MoveKind::Drop {
                continue;
            }
            if m.kind != MoveKind::Board {
                if m.from == cell {
                    out.push((m, vec![m.to]));
                }
                continue;
            }
            // A board or elevator: the squares it leaves and the squares
            // it brings.
            let (leaves, mut arriving) = words::board_cells(pos, m);
            if arriving.is_empty() {
                arriving.push(m.to);
            }
            if m.from == cell || leaves.contains(&cell) {
                out.push((m, arriving));
            }
        }
        out
    }

    /// Every square a legal board or elevator move would bring.
    pub(super) fn may_arrive(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .legal()
            .into_iter()
            .filter(|m| m.kind == MoveKind::Board)
            .flat_map(|m| words::board_cells(&self.session.pos, m).1)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Selects the piece on `cell` (or the board or elevator under it),
    /// showing its destinations.
    pub fn select(&mut self, cell: Cell) {
        let targets = self.targets_of(cell);
        self.clear_selection();
        if targets.is_empty() {
            let pos = &self.session.pos;
            // Where captures are compulsory, say why a piece is stuck.
            let forced = pos.tables().def.must_capture
                && self.legal().into_iter().any(|m| pos.is_capture(m));
            // An empty square a piece in hand may be dropped on: the
            // drops' texts, to type.
            let drops: Vec<String> = self
                .legal()
                .into_iter()
                .filter(|m| m.kind == MoveKind::Drop && m.to == cell)
                .map(|m| pos.move_text(m))
                .collect();
            let why = if forced {
                "captures are compulsory, and it has no legal capture".to_string()
            } else if !drops.is_empty() {
                format!("type a drop from the hand to play it: {}", drops.join(", "))
            } else {
                "no legal move from there".to_string()
            };
            self.message = format!("{}: {why}", words::cell_words(pos, cell));
            return;
        }
        let pos = &self.session.pos;
        let present = R::present(pos);
        let mut dests: Vec<(Cell, bool)> = Vec::new();
        for (m, cells) in &targets {
            for &c in cells {
                if !dests.iter().any(|d| d.0 == c) {
                    dests.push((c, m.kind != MoveKind::Board && pos.is_capture(*m)));
                }
                if !present.contains(c) && !self.marks.ghosts.contains(&c) {
                    self.marks.ghosts.push(c);
                }
            }
        }
        let boards = !self.marks.ghosts.is_empty();
        self.message = format!(
            "{} selected: Enter on a marked square moves there{}; Esc clears",
            self.session.pos.tables().geo.name(cell),
            if boards {
                " (+ squares: where the board or elevator would go)"
            } else {
                ""
            }
        );
        self.marks.selected = Some(cell);
        self.marks.destinations = dests;
        self.targets = targets;
    }

    /// Enter, Space or a click on the cursor's square.
    pub(super) fn activate(&mut self) {
        let Some(cell) = self.marks.cursor else {
            return;
        };
        if self.review.is_some() {
            self.message = REVIEW_HELP.to_string();
            return;
        }
        if !self.human_to_move() {
            self.message = if self.session.is_over() {
                "the game is over: 'undo', 'new', 'load' or 'quit'".to_string()
            } else {
                "the engine is thinking".to_string()
            };
            return;
        }
        if let Some(from) = self.marks.selected {
            if from == cell {
                self.clear_selection();
                self.message.clear();
                return;
            }
            let moves: Vec<Move> = self
                .targets
                .iter()
                .filter(|(_, cells)| cells.contains(&cell))
                .map(|(m, _)| *m)
                .collect();
            match moves.len() {
                0 => {}
                1 => return self.play(moves[0]),
                _ => {
                    let texts: Vec<String> = moves
                        .iter()
                        .enumerate()
                        .map(|(i, &m)| {
                            format!(
                                "{} {}",
                                i + 1,
                                words::choice_words(&self.session.pos, m, &moves)
                            )
                        })
                        .collect();
                    self.message = format!(
                        "several moves go there: press 1-{} for {} (Esc: none)",
                        moves.len(),
                        texts.join(", ")
                    );
                    self.choices = moves;
                    return;
                }
            }
        }
        self.select(cell);
    }

    pub(super) fn play(&mut self, m: Move) {
        let number = move_number(&self.session);
        self.session.play_move(m);
        // As the move list shows it (SAN in chess), not the canonical text.
        self.message = format!("{number} {}", plain::last_label(&self.session));
        if let Some(w) = self.session.take_warning() {
            self.message = w;
        }
        self.after_change();
    }
}
