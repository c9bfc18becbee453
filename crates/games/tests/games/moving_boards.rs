//! Star Trek and Elevator along random games whose attack boards and
//! elevators move as often as they may: a board or elevator move is
//! chosen with probability 0.8 whenever there is one, so that the games
//! pass through many configurations of the moving geometry. At every
//! position:
//! - the legal moves are the reference's (common/*_reference.rs, written
//!   from RULINGS.md with no shortcut), and exactly the pseudo-legal moves
//!   that pass the legality test by making them (the generator clears most
//!   of them with its guard instead);
//! - `count_legal` counts them;
//! - no move the check guard clears (`may_give_check_with`) gives check;
//! - the geometry the generator keeps up to date (the cells that exist;
//!   Star Trek's columns compiled per configuration of the boards) equals
//!   the same computed afresh from the boards or the shafts.

use std::collections::HashSet;

use crate::common::{self, Reference};

use chess3d_core::{BitSet, Move, MoveKind, MoveList, Position, Rules};
use chess3d_games::elevator::{pole_of, Elevator, ElevatorRules};
use chess3d_games::startrek::board::{self, ColumnState, COLUMNS, SLOTS};
use chess3d_games::startrek::{the_board, StarTrek, StarTrekRules};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The legal moves by the definition: the pseudo-legal moves after which
/// the mover's King is not attacked.
fn legal_by_definition<R: Rules>(pos: &mut Position<R>) -> Vec<String> {
    let mut pseudo = MoveList::new();
    pos.pseudo_legal_moves(&mut pseudo);
    pseudo.retain(|m| pos.is_legal_by_make(*m));
    let mut out: Vec<String> = pseudo.iter().map(|&m| pos.move_text(m)).collect();
    out.sort();
    out
}

/// Plays a random game preferring board moves, checking every position
/// against the reference and the definition, and `geometry` (the cached
/// geometry against a fresh computation). Returns the board moves played
/// and the configurations (`config` of each position) met.
fn play<R: Rules, F: Reference>(
    mut pos: Position<R>,
    mut reference: F,
    (seed, plies): (u64, usize),
    config: impl Fn(&Position<R>) -> u64,
    geometry: impl Fn(&Position<R>),
    configs: &mut HashSet<u64>,
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board_moves = 0;
    for _ in 0..plies {
        geometry(&pos);
        configs.insert(config(&pos));
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut ours: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
        ours.sort();
        let at = pos.to_text();
        assert_eq!(ours, reference.legal_texts(), "{at}: against the reference");
        assert_eq!(
            ours,
            legal_by_definition(&mut pos),
            "{at}: against the definition"
        );
        assert_eq!(pos.count_legal(), list.len() as u64, "{at}: count_legal");
        if list.is_empty() {
            break;
        }
        // No move the check guard clears gives check.
        common::checks_cleared(&mut pos, &list);
        let boards: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| m.kind == MoveKind::Board)
            .collect();
        let m = if !boards.is_empty() && rng.random_bool(0.8) {
            boards[rng.random_range(0..boards.len())]
        } else {
            list[rng.random_range(0..list.len())]
        };
        board_moves += usize::from(m.kind == MoveKind::Board);
        let text = pos.move_text(m);
        pos.make(m);
        assert!(
            reference.play(&text),
            "{at}: the reference cannot play {text}"
        );
    }
    board_moves
}

/// Star Trek's geometry afresh: the squares that exist are the main
/// squares and those of the slots holding a board; each column's state
/// (its squares, and per ceiling the squares of its path) computed from
/// them by the path rule's wording, against the table compiled for the
/// column's boards.
fn startrek_geometry(pos: &StarTrek) {
    let b = the_board();
    let state = pos.state();
    let mut present = b.main;
    for slot in (0..SLOTS).filter(|&s| state.has_board(s)) {
        present |= b.slot_sets[slot];
    }
    assert_eq!(state.present, present, "{}: present squares", pos.to_text());
    for col in 0..COLUMNS {
        let squares = b.column_sets[col] & present;
        let path = std::array::from_fn(|ceiling| {
            // The existing squares at the highest path level not above
            // the ceiling.
            (0..=ceiling)
                .rev()
                .map(|p| b.path_sets[col][p] & present)
                .find(|squares| !squares.is_empty())
                .unwrap_or(board::Set::EMPTY)
        });
        assert_eq!(
            *b.column_state(col, state.boards),
            ColumnState { squares, path },
            "{}: column {col}",
            pos.to_text()
        );
    }
}

/// Elevator's geometry afresh: a cell exists unless its pole's shaft is
/// on its level.
fn elevator_geometry(pos: &Elevator) {
    let geo = &pos.tables().geo;
    for c in geo.cells() {
        let [x, y, z] = geo.coord(c);
        let exists = !pos.state().is_shaft(pole_of(x, y), z);
        assert_eq!(
            pos.state().present.contains(c),
            exists,
            "{}: {}",
            pos.to_text(),
            geo.name(c)
        );
    }
}

#[test]
fn startrek_boards_moving_often() {
    use common::startrek_reference::RefPos;
    // Sparse positions, where boards are empty or carry one pawn and can
    // move; and the start, where they move once cleared.
    let starts = [
        StarTrek::start().to_text(),
        "4/4/4/4|4/1K2/4/4|4/4/4/4/4/4/4/4|4/4/4/4|4/4/P3/4/4/4/4/4|4/4/4/3k|4/4/4/4 w - - 0 1 \
         b6(4):w,e1(2):w,e4(2):b,e8(6):b - -"
            .to_string(),
        "4/4/4/4|4/4/PP2/2K1|4/4/4/P3/3p/4/4/4|4/4/4/4|4/4/4/4/1P2/4/4/4|4/p3/4/1k2|4/4/4/4 w - - \
         0 1 b4(2):w,b5(6)i:b,e3(4)i:w,e6(4):b - -"
            .to_string(),
        "4/4/4/4|4/4/4/3K|4/P3/4/4/4/4/4/4|2r1/4/4/4|4/4/4/4/4/4/p3/4|4/4/4/1k2|4/4/4/4 b - - 0 1 \
         b3(4):b,e1(2):w,b6(4)i:w,e8(6):b - -"
            .to_string(),
    ];
    let (mut board_moves, mut configs) = (0, HashSet::new());
    for seed in 0..24u64 {
        let start = &starts[seed as usize % starts.len()];
        board_moves += play(
            StarTrek::from_text(start).unwrap(),
            RefPos::from_text(start, true),
            (seed, 120),
            |p| u64::from(p.state().boards),
            startrek_geometry,
            &mut configs,
        );
    }
    println!(
        "Star Trek: {board_moves} board moves, {} configurations",
        configs.len()
    );
    assert!(board_moves > 300 && configs.len() > 200);
}

#[test]
fn elevator_elevators_moving_often() {
    use common::elevator_reference::RefPos;
    let start = Elevator::start().to_text();
    let (mut elevator_moves, mut configs) = (0, HashSet::new());
    for seed in 0..8u64 {
        elevator_moves += play(
            Elevator::from_text(&start).unwrap(),
            RefPos::from_text(&start),
            (seed, 100),
            |p| p.state().shafts,
            elevator_geometry,
            &mut configs,
        );
    }
    println!(
        "Elevator: {elevator_moves} elevator moves, {} configurations",
        configs.len()
    );
    assert!(elevator_moves > 300 && configs.len() > 300);
}

/// The shortcuts are used: most moves of these games are cleared of
/// exposing their King without making them, and most of giving check
/// (otherwise the speed would not be there, and the tests above would
/// check nothing of them).
#[test]
fn the_guard_clears_most_moves() {
    fn cleared<G: Rules>(mut pos: Position<G>, plies: usize) -> [usize; 4] {
        let mut rng = StdRng::seed_from_u64(1);
        let (mut moves, mut cleared, mut legal, mut no_check_test) = (0, 0, 0, 0);
        for _ in 0..plies {
            let mut list = MoveList::new();
            pos.pseudo_legal_moves(&mut list);
            let guard = pos.guard(pos.in_check());
            moves += list.len();
            cleared += list.iter().filter(|&&m| !pos.may_expose(&guard, m)).count();
            list.clear();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            no_check_test += common::checks_cleared(&mut pos, &list);
            legal += list.len();
            pos.make(list[rng.random_range(0..list.len())]);
        }
        [moves, cleared, legal, no_check_test]
    }
    for (game, [moves, cleared, legal, no_check_test]) in [
        ("startrek", cleared(Position::<StarTrekRules>::start(), 60)),
        ("elevator", cleared(Position::<ElevatorRules>::start(), 60)),
    ] {
        assert!(
            cleared * 4 > moves * 3,
            "{game}: {cleared} of {moves} cleared"
        );
        // And most moves need no test of whether they give check.
        assert!(
            no_check_test * 2 > legal,
            "{game}: {no_check_test} of {legal} cleared of giving check"
        );
    }
}
