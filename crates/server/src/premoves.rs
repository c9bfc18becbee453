//! Premoves: where a piece of the side waiting for its turn may be moved
//! in advance, for the page that queues one move while the opponent
//! thinks. A premove is played when the turn comes only if it is legal
//! then, so this is generous: a piece's legal moves were it its side's
//! turn now, and every other cell its kind reaches on the board emptied of
//! other pieces (the opponent's move may open a line, or bring a piece to
//! take where one of the waiting side's stands now). Castling is offered
//! when it would be legal now.

use chess3d_core::{Move, MoveKind, MoveList, Position, Rules};
use serde::Serialize;

use crate::scene::{move_views, MoveView};

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Premoves {
    /// The piece's legal moves were it its side's turn now (the side to
    /// move passing), with their texts, for a menu where several join the
    /// same two cells (promotions).
    pub moves: Vec<MoveView>,
    /// Every other cell its kind reaches from there on this board emptied
    /// of other pieces.
    pub more: Vec<String>,
}

/// The premoves of the piece on `cell`, which must be of the side not to
/// move; an error in a player's words otherwise.
pub fn premoves<R: Rules>(pos: &Position<R>, cell: &str) -> Result<Premoves, String> {
    let geo = &pos.tables().geo;
    let at = geo
        .parse_cell(cell)
        .ok_or_else(|| format!("this game has no square '{}'", cell.escape_debug()))?;
    let piece = pos.piece_at(at);
    if piece.is_empty() {
        return Err(format!("there is no piece on {cell}"));
    }
    if piece.side() == pos.side_to_move() {
        return Err(format!(
            "the piece on {cell} is to move now: it has legal moves, not premoves"
        ));
    }
    let mut passed = pos.clone();
    passed.make_null();
    let mut list = MoveList::new();
    passed.legal_moves(&mut list);
    let own: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| m.from == at && m.kind != MoveKind::Board)
        .collect();
    let moves = move_views(&passed, &own);
    let mut more: Vec<String> = Vec::new();
    if let Some(reach) = pos.reach(at, piece) {
        for c in reach.moves.into_iter().chain(reach.captures) {
            let name = geo.name(c);
            if !own.iter().any(|m| m.to == c) && !more.iter().any(|n| n == name) {
                more.push(name.to_string());
            }
        }
    }
    Ok(Premoves { moves, more })
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use chess3d_play::session::Seat;

    use crate::table::{new_table, Table};

    const PEOPLE: [Seat; 2] = [Seat::Human, Seat::Human];

    fn chess_after(moves: &[&str]) -> Box<dyn Table> {
        let mut table = new_table("chess", PEOPLE).unwrap();
        for m in moves {
            table.play(m).unwrap();
        }
        table
    }

    /// The cells a piece may be premoved to: its moves' and the others.
    fn targets(table: &dyn Table, cell: &str) -> (BTreeSet<String>, BTreeSet<String>) {
        let p = table.premoves(cell).unwrap();
        (
            p.moves.iter().map(|m| m.to.clone()).collect(),
            p.more.into_iter().collect(),
        )
    }

    fn set(cells: &[&str]) -> BTreeSet<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn after_1_e4_whites_knight_and_rook_wait_for_their_turn() {
        let table = chess_after(&["e2e4"]);
        // The g1 Knight, were it White's turn again: e2 (empty since e4),
        // f3 and h3; on an empty board it reaches nothing more.
        assert_eq!(targets(&*table, "g1"), (set(&["e2", "f3", "h3"]), set(&[])));
        // The a1 Rook is shut in by its own pieces now; on the empty board
        // it reaches the seven cells of its file and the seven of its rank.
        let (moves, more) = targets(&*table, "a1");
        assert!(moves.is_empty());
        assert_eq!(more.len(), 14, "{more:?}");
        assert!(more.contains("a8") && more.contains("h1"));
    }

    #[test]
    fn a_recapture_can_be_premoved_onto_a_cell_the_waiting_side_holds() {
        // 1. e4 d5, White to move: Black's Queen may be premoved to d5,
        // where its own Pawn stands (White may take it: Qxd5 answers).
        let table = chess_after(&["e2e4", "d7d5"]);
        let (moves, more) = targets(&*table, "d8");
        assert!(moves.contains("d6") && !moves.contains("d5"));
        assert!(more.contains("d5"), "{more:?}");
    }

    #[test]
    fn a_promotion_premove_names_each_choice() {
        // White waits with a Pawn on a7; a8 takes four moves, one a kind.
        let record = "[Game \"chess\"]\n[FEN \"7k/P7/8/8/8/8/8/K7 b - - 0 1\"]\n\n*\n";
        let table = crate::table::table_from_record("chess", record, PEOPLE)
            .unwrap()
            .0;
        let p = table.premoves("a7").unwrap();
        let texts: BTreeSet<&str> = p.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, BTreeSet::from(["a7a8b", "a7a8n", "a7a8q", "a7a8r"]));
    }

    #[test]
    fn only_a_waiting_piece_has_premoves() {
        let table = chess_after(&["e2e4"]);
        assert_eq!(
            table.premoves("e7").unwrap_err().to_string(),
            "the piece on e7 is to move now: it has legal moves, not premoves"
        );
        assert_eq!(
            table.premoves("e3").unwrap_err().to_string(),
            "there is no piece on e3"
        );
        assert_eq!(
            table.premoves("z9").unwrap_err().to_string(),
            "this game has no square 'z9'"
        );
        let over = chess_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert!(over.result().is_some());
        assert!(over
            .premoves("a7")
            .unwrap_err()
            .to_string()
            .starts_with("the game is over"));
    }

    /// The cells on the board now.
    fn present_cells(view: &crate::scene::View) -> BTreeSet<&str> {
        view.cells
            .iter()
            .filter(|c| c.present)
            .map(|c| c.name.as_str())
            .collect()
    }

    /// A small seeded generator: the same games on every run.
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// What a premove is for: along seeded random games of every game,
    /// whatever the side to move plays, each move the waiting side then
    /// has from a cell whose piece stayed where it was goes to a cell its
    /// premoves offered before. Left out: castling (offered only when
    /// legal before), moves of boards, and positions where a board moved
    /// (its cells were not on the board to premove to).
    #[test]
    fn every_move_of_the_next_turn_was_offered_as_a_premove() {
        let mut rng = Lcg(0x5eed);
        for &game in chess3d_games::AVAILABLE {
            let mut table = new_table(game, PEOPLE).unwrap();
            let mut checked = 0;
            for _ply in 0..24 {
                let before = table.view();
                if before.legal.is_empty() {
                    break;
                }
                let waiting = 1 - before.to_move;
                let pieces: BTreeMap<String, (char, usize)> = before
                    .cells
                    .iter()
                    .filter(|c| c.present)
                    .filter_map(|c| {
                        c.piece
                            .as_ref()
                            .map(|p| (c.name.clone(), (p.letter, p.side)))
                    })
                    .collect();
                let offered: BTreeMap<String, BTreeSet<String>> = pieces
                    .iter()
                    .filter(|(_, &(_, side))| side == waiting)
                    .map(|(cell, _)| {
                        let (moves, more) = targets(&*table, cell);
                        (cell.clone(), moves.union(&more).cloned().collect())
                    })
                    .collect();
                let present = present_cells(&before);
                let reply = before.legal[rng.below(before.legal.len())].text.clone();
                table.play(&reply).unwrap();
                let after = table.view();
                if present_cells(&after) == present {
                    for m in after
                        .legal
                        .iter()
                        .filter(|m| m.board.is_none() && !m.words.starts_with("castle"))
                    {
                        let stayed = after
                            .cells
                            .iter()
                            .find(|c| c.name == m.from)
                            .and_then(|c| c.piece.as_ref())
                            .is_some_and(|p| pieces.get(&m.from) == Some(&(p.letter, p.side)));
                        if stayed {
                            assert!(
                                offered[&m.from].contains(&m.to),
                                "{game}: after {reply}, {} was not offered as a premove of {} ({:?})",
                                m.text,
                                m.from,
                                offered[&m.from]
                            );
                            checked += 1;
                        }
                    }
                }
                if after.legal.is_empty() {
                    break;
                }
            }
            assert!(checked > 50, "{game}: only {checked} moves checked");
        }
    }
}
