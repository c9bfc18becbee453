//! `Position::attackers_to`, the pieces an exchange on a cell can bring
//! in (the engine's static exchange evaluation reads it): a hand-counted
//! chess case, and along random games of every game its agreement with
//! `attacked_now`, the attack test the rules use.

use chess3d_core::{BitSet, BuiltIn, MoveList, Position, Rules, Side};
use chess3d_games::chess::{Chess, ChessRules};
use chess3d_games::elevator::ElevatorRules;
use chess3d_games::polyhedron::PolyhedronRules;
use chess3d_games::startrek::StarTrekRules;
use chess3d_games::ziggurat::ZigguratRules;
use chess3d_games::ziggurat43::Ziggurat43Rules;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn names(pos: &Chess, cells: impl BitSet) -> Vec<String> {
    let mut v: Vec<String> = cells
        .iter()
        .map(|c| pos.tables().geo.name(c).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn a_rook_behind_a_rook_joins_once_the_front_one_has_gone() {
    // The black pawn on d5: White's Rook d2 attacks it, the Rook on d1 is
    // behind it; Black's Rook d8 defends it down the open d-file; the
    // Kings on e1 and h8 are not next to d5.
    let pos = Chess::from_text("3r3k/8/8/3p4/8/8/3R4/3RK3 w - - 0 1").unwrap();
    let t = pos.tables();
    let cell = |n: &str| t.geo.parse_cell(n).unwrap();
    let mut occupied = pos.occupied();
    assert_eq!(
        names(&pos, pos.attackers_to(cell("d5"), occupied)),
        ["d2", "d8"]
    );
    occupied.remove(cell("d2"));
    assert_eq!(
        names(&pos, pos.attackers_to(cell("d5"), occupied)),
        ["d1", "d8"]
    );
    // The pawn itself attacks c4 and e4 (Black's pawn captures down).
    assert_eq!(
        names(&pos, pos.attackers_to(cell("e4"), pos.occupied())),
        ["d5"]
    );
}

/// Along a random game: a side has a piece among `attackers_to` a cell
/// exactly when `attacked_now` says it attacks the cell, in the games
/// whose attacks are all in the pieces' data; in Elevator and Star Trek,
/// whose flights, elevators and attack boards attack in code, the data's
/// attackers are some of them (so an attacker found is an attack).
fn agrees<R: BuiltIn>(seed: u64, plies: usize, all_in_data: bool) {
    agrees_from(Position::<R>::start(), seed, plies, all_in_data);
}

/// The same from `pos`.
pub fn agrees_from<R: Rules>(mut pos: Position<R>, seed: u64, plies: usize, all_in_data: bool) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut list = MoveList::new();
    for _ in 0..plies {
        let occupied = pos.occupied();
        for cell in pos.tables().geo.cells() {
            let found = pos.attackers_to(cell, occupied);
            assert!(
                (found & !occupied).is_empty(),
                "an attacker on an empty cell"
            );
            for by in Side::BOTH {
                // The facing royal pieces (xiangqi's flying General) are
                // no capture: an attack of the rules only.
                let t = pos.tables();
                let royal = pos.kind_cells(t.royal) & pos.side_cells(by);
                let faces = t.facing.iter().any(|&d| {
                    t.nearest(d, t.ray(d, cell) & occupied)
                        .is_some_and(|c| royal.contains(c))
                });
                let data = (found & pos.side_cells(by)).count() > 0 || faces;
                let rules = pos.attacked_now(cell, by);
                if all_in_data {
                    assert_eq!(data, rules, "{}: cell {cell}, {by:?}", pos.to_text());
                } else {
                    assert!(!data || rules, "{}: cell {cell}, {by:?}", pos.to_text());
                }
            }
        }
        list.clear();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list[rng.random_range(0..list.len())];
        pos.make(m);
    }
}

#[test]
fn attackers_agree_with_the_attack_test_along_random_games() {
    for seed in 0..4 {
        agrees::<ChessRules>(seed, 120, true);
        agrees::<Ziggurat43Rules>(seed, 80, true);
        agrees::<ZigguratRules>(seed, 60, true);
        agrees::<PolyhedronRules>(seed, 60, true);
        agrees::<ElevatorRules>(seed, 60, false);
        agrees::<StarTrekRules>(seed, 60, false);
    }
}
