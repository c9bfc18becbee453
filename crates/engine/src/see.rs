//! Static exchange evaluation: what a move wins or loses on its target
//! cell when both sides then capture there, each with its least valuable
//! piece and free to stop, pieces behind the capturers joining in
//! (`Position::attackers_to`). Pins and checks are not seen, nor the
//! attacks a game makes in code (Elevator's flights and elevators, Star
//! Trek's attack boards), nor the kinds that do not give check: it counts
//! only the attackers in the pieces' data.

use chess3d_core::{BitSet, Cell, Move, MoveKind, Position};

use crate::eval::{victim_value, EvalTables};
use crate::Evaluate;

/// Enough for any exchange: each step removes a piece from the board.
const MAX_STEPS: usize = 64;

/// The material `m` wins (its victim's value, 0 for a quiet move) less
/// what the exchange on its target cell then costs, in the evaluation's
/// values (a royal piece 20,000, and never captured into an attack).
/// `None` for the moves whose exchange is not a plain one: not a
/// `Normal` move, or a promotion.
pub fn see<R: Evaluate>(pos: &Position<R>, et: &EvalTables<R::Bits>, m: Move) -> Option<i32> {
    if m.kind != MoveKind::Normal || m.promotion.is_some() {
        return None;
    }
    let t = pos.tables();
    let value = |cell: Cell| victim_value(et, t, pos.piece_at(cell).kind());
    let mover = pos.piece_at(m.from);
    if mover.is_empty() {
        return None;
    }
    let target = pos.piece_at(m.to);
    let mut gain = [0i32; MAX_STEPS];
    gain[0] = if target.is_empty() { 0 } else { value(m.to) };
    // What the next capture on the cell takes: the piece that moved there.
    let mut standing = value(m.from);
    let mut occupied = pos.occupied();
    occupied.remove(m.from);
    let mut side = mover.side().other();
    let mut attackers = pos.attackers_to(m.to, occupied);
    let mut steps = 0;
    while steps + 1 < MAX_STEPS {
        let mine = attackers & pos.side_cells(side);
        let Some(from) = mine.iter().min_by_key(|&c| value(c)) else {
            break;
        };
        occupied.remove(from);
        // Who attacks the cell once `from` has left it: the next step's
        // capturers, and for a royal piece whether it may capture at all
        // (only where nothing takes it back).
        let next = pos.attackers_to(m.to, occupied);
        if pos.piece_at(from).kind() == t.royal && next.intersects(pos.side_cells(side.other())) {
            break;
        }
        steps += 1;
        gain[steps] = standing - gain[steps - 1];
        standing = value(from);
        attackers = next;
        side = side.other();
    }
    // Each side, from the last capture back, stops where going on loses.
    while steps > 0 {
        gain[steps - 1] = -(-gain[steps - 1]).max(gain[steps]);
        steps -= 1;
    }
    Some(gain[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess3d_games::chess::{Chess, ChessRules};

    /// The exchange of the move `text` (canonical, e.g. `d1d5`) in the
    /// chess position `fen`, and the values of the kinds by letter.
    fn exchange(fen: &str, text: &str) -> (Option<i32>, impl Fn(char) -> i32) {
        let mut pos = Chess::from_text(fen).unwrap();
        let m = pos.parse_move(text).unwrap();
        let et = ChessRules::eval_tables(Position::variant_of_type());
        let t = pos.tables();
        let value = move |letter| et.value[t.kind_by_letter(letter).unwrap() as usize];
        (see(&pos, et, m), value)
    }

    #[test]
    fn a_free_piece_is_won_whole() {
        let (got, v) = exchange("k7/8/8/3n4/8/8/8/3Q3K w - - 0 1", "d1d5");
        assert_eq!(got, Some(v('N')));
    }

    #[test]
    fn a_queen_taking_a_defended_knight_is_lost_for_it() {
        // The pawn on c6 takes back on d5: a Knight for a Queen.
        let (got, v) = exchange("k7/8/2p5/3n4/8/8/8/3Q3K w - - 0 1", "d1d5");
        assert_eq!(got, Some(v('N') - v('Q')));
    }

    #[test]
    fn the_rook_behind_decides_the_exchange() {
        // Rd2xd5, Rd8xd5, Rd1xd5: a pawn up, as the second Rook, behind
        // the first, joins once the first has gone.
        let (got, v) = exchange("3r3k/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(got, Some(v('P')));
        // Without it, Black's Rook takes back for good: a pawn for a Rook.
        let (got, v) = exchange("3r3k/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
        assert_eq!(got, Some(v('P') - v('R')));
    }

    #[test]
    fn a_side_stops_taking_where_going_on_loses() {
        // Rd2xd5: Black's Queen could take the Rook, but the Rook on d1
        // would take the Queen, so Black stops and White is a pawn up
        // (going on to the end would count P - R + Q).
        let (got, v) = exchange("3q3k/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(got, Some(v('P')));
    }

    #[test]
    fn each_side_takes_with_its_least_valuable_piece() {
        // Rd1xd5 (N): Black takes back with the c6 pawn, not the Queen
        // (R); Bb3xd5 (P) would lose the Bishop to Qd8xd5, so White
        // stops after the pawn's recapture: N - R. (Had Black's Queen
        // taken first, the Bishop would take it and White win N.)
        let (got, v) = exchange("k2q4/8/2p5/3n4/8/1B6/8/3R3K w - - 0 1", "d1d5");
        assert_eq!(got, Some(v('N') - v('R')));
    }

    #[test]
    fn a_king_takes_back_only_where_nothing_takes_it() {
        // The King on e6 takes the Rook back ...
        let (got, v) = exchange("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5");
        assert_eq!(got, Some(v('P') - v('R')));
        // ... unless the Bishop on b3 also attacks d5.
        let (got, v) = exchange("8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "d1d5");
        assert_eq!(got, Some(v('P')));
    }

    #[test]
    fn a_quiet_move_onto_an_attacked_cell_loses_its_piece() {
        // Nb1-c3, where the pawn on d4 takes it; a quiet move gains 0.
        let (got, v) = exchange("k7/8/8/8/3p4/8/8/1N5K w - - 0 1", "b1c3");
        assert_eq!(got, Some(-v('N')));
        let (got, _) = exchange("k7/8/8/8/8/8/8/1N5K w - - 0 1", "b1c3");
        assert_eq!(got, Some(0));
    }

    #[test]
    fn special_moves_are_not_judged() {
        // Castling and a promotion.
        let (got, _) = exchange("k7/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
        assert_eq!(got, None);
        let (got, _) = exchange("k7/4P3/8/8/8/8/8/7K w - - 0 1", "e7e8q");
        assert_eq!(got, None);
    }
}
