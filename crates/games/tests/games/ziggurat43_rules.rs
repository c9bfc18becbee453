//! The 43-square Ziggurat rule by rule (RULINGS.md §2, seed 001): the
//! seed's setup, move counts of every piece type from several squares
//! derived by hand, the Archer's shot, the Spearman at the edges, the end of
//! the game (Priest-King captured, temple reached, no legal move) and
//! position-string checks.
//!
//! The board, rank by rank: 1 a–m (13 squares), 2 b–l (11), 3 c–k (9),
//! 4 d–j (7), 5 f–h (3). File letters are indices a = 0 … m = 12 in the
//! derivations below; a square exists when its file lies in its rank's
//! range.

use crate::common;

use common::{moves, moves_from};

use chess3d_core::{DrawReason, MoveError, Outcome, Side, WinReason};
use chess3d_games::ziggurat43::Ziggurat43;

/// Each rank's first and last file.
const RANKS: [(u8, u8); 5] = [
    (b'a', b'm'),
    (b'b', b'l'),
    (b'c', b'k'),
    (b'd', b'j'),
    (b'f', b'h'),
];

/// The position string with exactly these pieces (upper case Red, lower
/// case Gold) and `side` to move.
fn setup_text(pieces: &[(&str, char)], side: &str) -> String {
    let ranks: Vec<String> = (1..=5u8)
        .rev()
        .map(|rank| {
            let (first, last) = RANKS[rank as usize - 1];
            common::rank_text((first..=last).map(|file| {
                let name = format!("{}{rank}", file as char);
                pieces
                    .iter()
                    .find(|(c, _)| *c == name)
                    .map(|&(_, letter)| letter)
            }))
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

fn setup(pieces: &[(&str, char)], side: &str) -> Ziggurat43 {
    let text = setup_text(pieces, side);
    Ziggurat43::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Where a lone `piece` on `from` can go, with the Priest-Kings out of its
/// reach: Red's on a1 and Gold's on m1, except that the one whose corner
/// the piece stands next to moves to g1 (and a counted King has only the
/// enemy King, in the opposite corner).
fn destinations(piece: char, from: &str) -> Vec<String> {
    let kings: &[(&str, char)] = match (piece, from) {
        ('K', _) => &[("m1", 'k')],
        ('k', _) => &[("a1", 'K')],
        (_, "a1" | "b1" | "b2" | "c1") => &[("g1", 'K'), ("m1", 'k')],
        (_, "m1" | "l1" | "l2" | "k1") => &[("a1", 'K'), ("g1", 'k')],
        _ => &[("a1", 'K'), ("m1", 'k')],
    };
    let mut pieces = kings.to_vec();
    pieces.push((from, piece));
    let side = if piece.is_ascii_uppercase() { "r" } else { "g" };
    let p = setup(&pieces, side);
    let mut v: Vec<String> = moves_from(&p, from)
        .iter()
        .map(|m| m[from.len() + 1..].to_string())
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_start_is_the_seeds_setup() {
    // Seed 001, "Setup": "Red: Priest-King a1; Horse c1; two Archers d1,
    // d2; three Chariots b1, b2, c2; five Spearmen c3, d3, e1, e2, e3. Gold:
    // Priest-King m1; Horse k1; two Archers j1, j2; three Chariots l1, l2,
    // k2; five Spearmen i1, i2, i3, j3, k3."
    let seed = [
        ("a1", 'K'),
        ("c1", 'H'),
        ("d1", 'A'),
        ("d2", 'A'),
        ("b1", 'C'),
        ("b2", 'C'),
        ("c2", 'C'),
        ("c3", 'S'),
        ("d3", 'S'),
        ("e1", 'S'),
        ("e2", 'S'),
        ("e3", 'S'),
        ("m1", 'k'),
        ("k1", 'h'),
        ("j1", 'a'),
        ("j2", 'a'),
        ("l1", 'c'),
        ("l2", 'c'),
        ("k2", 'c'),
        ("i1", 's'),
        ("i2", 's'),
        ("i3", 's'),
        ("j3", 's'),
        ("k3", 's'),
    ];
    assert_eq!(Ziggurat43::start(), setup(&seed, "r"));
    // "Red moves first."
    assert_eq!(Ziggurat43::start().side_to_move(), Side::White);
    assert_eq!(Ziggurat43::variant_of_type().side_names(), ["Red", "Gold"]);
}

#[test]
fn red_has_ten_first_moves() {
    // By hand, piece by piece (a square "does not exist" when its file is
    // outside its rank's range):
    // - Priest-King a1: b1, b2 own; a2 does not exist: 0.
    // - Horse c1: d3, e2 own; b3, a2 do not exist; the rest are below
    //   rank 1: 0.
    // - Archer d1: c1, e1, d2 own (no step); diagonals start at own e2 and
    //   c2: 0. Archer d2: c2, e2, d1, d3 own; diagonals at own e3, c3, e1,
    //   c1: 0.
    // - Chariots b1 (a1, c1, b2 own; d1 own; b3 missing), b2 (c2, b1 own;
    //   d2 own; a2, b3 missing), c2 (b2, d2, c1, c3, e2 own; a2, c4
    //   missing): 0.
    // - Spearmen (up, toward m, up-right): c3 -> d4 (c4 missing, d3 own): 1;
    //   d3 -> d4, e4 (e3 own): 2; e1 -> f1, f2 (e2 own): 2; e2 -> f2, f3:
    //   2; e3 -> e4, f3, f4: 3.
    // Total 10; Gold's are the mirror image.
    assert_eq!(
        moves(&Ziggurat43::start()),
        sorted(&[
            "c3-d4", "d3-d4", "d3-e4", "e1-f1", "e1-f2", "e2-f2", "e2-f3", "e3-e4", "e3-f3",
            "e3-f4"
        ])
    );
    let mut gold = Ziggurat43::start();
    gold.play("e3-f4").unwrap();
    assert_eq!(
        moves(&gold),
        sorted(&[
            "k3-j4", "j3-j4", "j3-i4", "i1-h1", "i1-h2", "i2-h2", "i2-h3", "i3-i4", "i3-h3",
            "i3-h4"
        ])
    );
}

#[test]
fn priest_king_steps_in_eight_directions() {
    // g3: all eight neighbours exist (f2 g2 h2, f3 h3, f4 g4 h4).
    assert_eq!(
        destinations('K', "g3"),
        sorted(&["f2", "g2", "h2", "f3", "h3", "f4", "g4", "h4"])
    );
    // a1: b1, b2; a2 does not exist (rank 2 starts at b).
    assert_eq!(destinations('K', "a1"), sorted(&["b1", "b2"]));
    // d4: c3, d3, e3 below, e4 beside; c4, d5, e5 do not exist.
    assert_eq!(destinations('K', "d4"), sorted(&["c3", "d3", "e3", "e4"]));
    // f5: g5 (the temple) beside, e4 f4 g4 below; e5 does not exist.
    assert_eq!(destinations('K', "f5"), sorted(&["e4", "f4", "g4", "g5"]));
    // Gold's King moves the same way: m1 to l1, l2.
    assert_eq!(destinations('k', "m1"), sorted(&["l1", "l2"]));
}

#[test]
fn horse_leaps_like_a_knight_to_any_existing_square() {
    // g3 (6,3): (±1,±2) f1 h1 f5 h5, (±2,±1) e2 i2 e4 i4: all exist.
    assert_eq!(
        destinations('H', "g3"),
        sorted(&["f1", "h1", "f5", "h5", "e2", "i2", "e4", "i4"])
    );
    // a1 (0,1): (1,3) b3 and (2,2) c2; b3 does not exist.
    assert_eq!(destinations('H', "a1"), sorted(&["c2"]));
    // d4 (3,4): (2,2) c2, (4,2) e2, (5,3) f3, (5,5) f5; (1,3) b3, (1,5),
    // (2,6), (4,6) do not exist.
    assert_eq!(destinations('H', "d4"), sorted(&["c2", "e2", "f3", "f5"]));
    // f5 (5,5): e3, g3, d4, h4; everything above rank 5 is off the board.
    assert_eq!(destinations('h', "f5"), sorted(&["e3", "g3", "d4", "h4"]));
    // Only the destination matters: a Horse on g3 with Red pieces on all
    // eight squares around it still has its eight leaps (at the start,
    // Red's c1 Horse has no move only because its two targets d3 and e2
    // hold Red Spearmen).
    let mut pieces = vec![("a1", 'K'), ("m1", 'k'), ("g3", 'H')];
    for around in ["f2", "g2", "h2", "f3", "h3", "f4", "g4", "h4"] {
        pieces.push((around, 'C'));
    }
    let p = setup(&pieces, "r");
    assert_eq!(
        moves_from(&p, "g3"),
        sorted(&["g3-f1", "g3-h1", "g3-f5", "g3-h5", "g3-e2", "g3-i2", "g3-e4", "g3-i4"])
    );
}

#[test]
fn chariot_moves_one_or_two_squares_jumping_the_middle() {
    // g3: f3 h3 g2 g4, and two away e3 i3 g1 g5.
    assert_eq!(
        destinations('C', "g3"),
        sorted(&["f3", "h3", "g2", "g4", "e3", "i3", "g1", "g5"])
    );
    // a1: b1, c1; a2, a3 do not exist.
    assert_eq!(destinations('C', "a1"), sorted(&["b1", "c1"]));
    // d4: e4 f4 along rank 4, d3 d2 down; c4, b4, d5, d6 do not exist.
    assert_eq!(destinations('C', "d4"), sorted(&["e4", "f4", "d3", "d2"]));
    // f5: g5 h5, f4 f3.
    assert_eq!(destinations('c', "f5"), sorted(&["g5", "h5", "f4", "f3"]));
    // The middle square is jumped: with a Red Spearman on f3 and a Gold one
    // on e3, the Chariot on g3 takes e3 over f3 (7 moves: f3 is its own).
    let p = setup(
        &[
            ("a1", 'K'),
            ("m1", 'k'),
            ("g3", 'C'),
            ("f3", 'S'),
            ("e3", 's'),
        ],
        "r",
    );
    let chariot = moves_from(&p, "g3");
    assert_eq!(chariot.len(), 7);
    assert!(chariot.contains(&"g3xe3".to_string()));
}

#[test]
fn archer_steps_only_to_empty_squares() {
    // g3: f3 h3 g2 g4 (no diagonal steps).
    assert_eq!(destinations('A', "g3"), sorted(&["f3", "h3", "g2", "g4"]));
    // f5: g5, f4; e5, f6 do not exist.
    assert_eq!(destinations('a', "f5"), sorted(&["g5", "f4"]));
    // a1: b1 only.
    assert_eq!(destinations('A', "a1"), sorted(&["b1"]));
    // Enemy pieces orthogonally next to it are neither entered nor taken.
    let p = setup(
        &[
            ("a1", 'K'),
            ("m1", 'k'),
            ("g3", 'A'),
            ("g4", 's'),
            ("f3", 's'),
            ("h3", 'S'),
        ],
        "r",
    );
    assert_eq!(moves_from(&p, "g3"), ["g3-g2"]);
}

#[test]
fn archer_shoots_the_first_piece_on_a_diagonal_at_any_range() {
    // d1's up-right diagonal: e2, f3, g4, h5. A Gold Chariot on h5, four
    // squares away, is shot; the Archer stays on d1.
    let kings = [("a1", 'K'), ("m1", 'k')];
    let mut p = setup(&[kings[0], kings[1], ("d1", 'A'), ("h5", 'c')], "r");
    assert!(moves_from(&p, "d1").contains(&"d1@h5".to_string()));
    p.play("d1@h5").unwrap();
    assert_eq!(
        p,
        setup(&[kings[0], kings[1], ("d1", 'A')], "g"),
        "the target is gone and the Archer has not moved"
    );
    assert_eq!(p.halfmove_clock(), 0, "a shot is a capture");

    // A Red piece first on the diagonal blocks it, also for the enemy
    // behind it.
    let p = setup(
        &[kings[0], kings[1], ("d1", 'A'), ("f3", 'S'), ("h5", 'c')],
        "r",
    );
    assert!(!moves_from(&p, "d1").iter().any(|m| m.contains('@')));
    // An enemy first on the diagonal is the only one that can be shot.
    let p = setup(
        &[kings[0], kings[1], ("d1", 'A'), ("f3", 's'), ("h5", 'c')],
        "r",
    );
    assert_eq!(
        moves_from(&p, "d1")
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect::<Vec<_>>(),
        ["d1@f3"]
    );
    // All four diagonals from g3 (up-left f4 e5-missing, up-right h4 i5-
    // missing, down-left f2 e1, down-right h2 i1): an enemy at the end of
    // each is shot, next to it or at range.
    let p = setup(
        &[
            ("a1", 'K'),
            ("m1", 'k'),
            ("g3", 'A'),
            ("f4", 'h'),
            ("h4", 's'),
            ("e1", 'c'),
            ("i1", 'a'),
        ],
        "r",
    );
    let shots: Vec<String> = moves_from(&p, "g3")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(shots, sorted(&["g3@f4", "g3@h4", "g3@e1", "g3@i1"]));
}

#[test]
fn spearmen_move_up_and_toward_the_enemy_never_down() {
    // Red: up (rank + 1), right (toward m), up-right. Gold: up, left,
    // up-left.
    let cases: [(char, &str, &[&str]); 15] = [
        // a1: a2 does not exist; b1, b2.
        ('S', "a1", &["b1", "b2"]),
        // m1: m2, n1, n2 do not exist: stuck.
        ('S', "m1", &[]),
        // l2, the right end of rank 2: l3, m2, m3 do not exist: stuck.
        ('S', "l2", &[]),
        // b2: b3 missing; c2, c3.
        ('S', "b2", &["c2", "c3"]),
        // d4: d5 missing; e4; e5 missing.
        ('S', "d4", &["e4"]),
        // e4: e5 missing; f4, f5.
        ('S', "e4", &["f4", "f5"]),
        // Rank 5: f5 -> g5 only; h5 is stuck at the top right.
        ('S', "f5", &["g5"]),
        ('S', "h5", &[]),
        // Gold mirrors: m1 -> l1, l2; a1 stuck; b2 stuck (a2, b3, a3
        // missing).
        ('s', "m1", &["l1", "l2"]),
        ('s', "a1", &[]),
        ('s', "b2", &[]),
        // j4: j5 and i5 missing; i4. h4: h5, g4, g5.
        ('s', "j4", &["i4"]),
        ('s', "h4", &["h5", "g4", "g5"]),
        // Rank 5: h5 -> g5; f5 stuck at the top left.
        ('s', "h5", &["g5"]),
        ('s', "f5", &[]),
    ];
    for (piece, from, expected) in cases {
        assert_eq!(
            destinations(piece, from),
            sorted(expected),
            "{piece} {from}"
        );
    }

    // Moves and captures alike, forward only: a Red Spearman on g3 with
    // Gold pieces all around takes g4, h3 and h4 but not those below or
    // behind it.
    let p = setup(
        &[
            ("a1", 'K'),
            ("m1", 'k'),
            ("g3", 'S'),
            ("f2", 'c'),
            ("g2", 'c'),
            ("h2", 'c'),
            ("f3", 'c'),
            ("h3", 'c'),
            ("f4", 'c'),
            ("g4", 'c'),
            ("h4", 'c'),
        ],
        "r",
    );
    assert_eq!(moves_from(&p, "g3"), sorted(&["g3xg4", "g3xh3", "g3xh4"]));
    // Gold's, mirrored: g4, f3 and f4.
    let p = setup(
        &[
            ("a1", 'K'),
            ("m1", 'k'),
            ("g3", 's'),
            ("f2", 'C'),
            ("g2", 'C'),
            ("h2", 'C'),
            ("f3", 'C'),
            ("h3", 'C'),
            ("f4", 'C'),
            ("g4", 'C'),
            ("h4", 'C'),
        ],
        "g",
    );
    assert_eq!(moves_from(&p, "g3"), sorted(&["g3xg4", "g3xf3", "g3xf4"]));
    // A Spearman on the temple wins nothing; only a Priest-King does.
    let mut p = setup(&[("a1", 'K'), ("m1", 'k'), ("f5", 'S')], "r");
    p.play("f5-g5").unwrap();
    assert_eq!(p.outcome(), None);
    // Its move resets the 100-ply counter (RULINGS.md §0); a Chariot's
    // quiet move does not.
    let mut p = Ziggurat43::from_text("3/7/9/11/K1C2S6k r - - 7 1").unwrap();
    p.play("c1-c2").unwrap();
    assert_eq!(p.halfmove_clock(), 8);
    p.play("m1-l1").unwrap();
    p.play("f1-g1").unwrap();
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn capturing_a_priest_king_by_displacement_ends_the_game() {
    // A Red Horse on i3 takes the Gold Priest-King on k2.
    let mut p = setup(&[("a1", 'K'), ("k2", 'k'), ("i3", 'H')], "r");
    p.play("i3xk2").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::RoyalCaptured
        })
    );
    assert!(moves(&p).is_empty(), "a finished game has no moves");
    assert!(matches!(
        p.parse_move("a1-b1"),
        Err(MoveError::GameOver { .. })
    ));
    // And by Gold: a Spearman takes the Red Priest-King (up-left).
    let mut p = setup(&[("e3", 'K'), ("m1", 'k'), ("f2", 's')], "g");
    p.play("f2xe3").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::RoyalCaptured
        })
    );
}

#[test]
fn shooting_a_priest_king_ends_the_game() {
    // RULINGS.md §2's example move: the Archer on d2 shoots f4 (over e3).
    let mut p = setup(&[("a1", 'K'), ("f4", 'k'), ("d2", 'A')], "r");
    assert!(moves(&p).contains(&"d2@f4".to_string()));
    p.play("d2@f4").unwrap();
    assert_eq!(p, setup(&[("a1", 'K'), ("d2", 'A')], "g"));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::RoyalCaptured
        })
    );
    assert!(moves(&p).is_empty());
    assert_eq!(chess3d_core::perft::perft(&mut p, 2), 0);
}

#[test]
fn a_priest_king_on_the_temple_wins() {
    // Red's King steps from f4 to g5.
    let mut p = setup(&[("f4", 'K'), ("m1", 'k')], "r");
    p.play("f4-g5").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::TempleReached
        })
    );
    assert!(moves(&p).is_empty());
    // Gold's King takes a Red Chariot standing on the temple, and wins.
    let mut p = setup(&[("a1", 'K'), ("h4", 'k'), ("g5", 'C')], "g");
    p.play("h4xg5").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::TempleReached
        })
    );
    // Perft: from f4, Red's King has f4's neighbours e3 f3 g3, e4 g4, f5
    // g5 (e5 does not exist) = 7 moves, and Gold's King on m1 has two
    // answers to each but the temple move: 6 × 2 = 12 at depth 2.
    let mut p = setup(&[("f4", 'K'), ("m1", 'k')], "r");
    assert_eq!(chess3d_core::perft::perft(&mut p, 1), 7);
    assert_eq!(chess3d_core::perft::perft(&mut p, 2), 12);
}

#[test]
fn a_priest_king_may_move_into_attack() {
    // No check: the Red King on g3 may step onto squares Gold attacks —
    // g4 (the Chariot on g5, one step), h4 (the Spearman on i4, sideways)
    // and f3 (the Archer on e2 shoots the first piece on e2-f3-g4-h5) —
    // so all eight steps are legal.
    let p = setup(
        &[
            ("g3", 'K'),
            ("m1", 'k'),
            ("g5", 'c'),
            ("i4", 's'),
            ("e2", 'a'),
        ],
        "r",
    );
    let king = moves_from(&p, "g3");
    assert_eq!(king.len(), 8, "{king:?}");
    for attacked in ["g3-g4", "g3-h4", "g3-f3"] {
        let mut after = p.clone();
        after.play(attacked).unwrap();
        let capture = moves(&after)
            .into_iter()
            .find(|m| m.ends_with(&attacked[3..]) && (m.contains('x') || m.contains('@')));
        assert!(capture.is_some(), "{attacked} is attacked");
    }
    // The King may even stay attacked: Red moves something else while its
    // King is attacked, and Gold takes it.
    let mut p = setup(&[("g3", 'K'), ("m1", 'k'), ("g5", 'c'), ("a1", 'S')], "r");
    p.play("a1-b1").unwrap();
    p.play("g5xg3").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::RoyalCaptured
        })
    );
    assert!(!p.in_check(), "there is no check in this game");
}

#[test]
fn no_legal_move_is_a_draw() {
    // Red's King on m1 is boxed in by its own Spearmen on l1 and l2, which
    // cannot move (l1: l2 own, m1 own, m2 missing; l2: l3, m2, m3 missing).
    let mut p = setup(&[("m1", 'K'), ("l1", 'S'), ("l2", 'S'), ("a1", 'k')], "r");
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::NoLegalMove)));
    // With Gold to move instead, the game goes on.
    let mut p = setup(&[("m1", 'K'), ("l1", 'S'), ("l2", 'S'), ("a1", 'k')], "g");
    assert_eq!(p.outcome(), None);
}

#[test]
fn repetition_and_a_hundred_plies_draw() {
    // RULINGS.md §0. The Kings step out and back twice: the start position
    // occurs for the third time after eight plies.
    let mut p = setup(&[("a1", 'K'), ("m1", 'k')], "r");
    for _ in 0..2 {
        assert_eq!(p.outcome(), None);
        for m in ["a1-b1", "m1-l1", "b1-a1", "l1-m1"] {
            p.play(m).unwrap();
        }
    }
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // The 100th ply without a capture or a Spearman move draws, unless the
    // option is off.
    let text = "3/7/9/11/K1C9k r - - 99 60";
    let mut p = Ziggurat43::from_text(text).unwrap();
    p.play("c1-c2").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::HundredPlies)));
    let mut p = Ziggurat43::from_text(text).unwrap();
    p.set_option("hundred-ply", false).unwrap();
    p.play("c1-c2").unwrap();
    assert_eq!(p.outcome(), None);
}

#[test]
fn bare_priest_kings_play_on() {
    // RULINGS.md §0: not a draw here, a King can still reach the temple.
    let mut p = setup(&[("a1", 'K'), ("m1", 'k')], "r");
    assert_eq!(p.outcome(), None);
}

#[test]
fn moves_are_read_in_canonical_notation_only() {
    let mut p = setup(&[("a1", 'K'), ("f4", 'k'), ("d2", 'A')], "r");
    assert!(matches!(
        p.parse_move("d2xf4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("d2-f4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("a2-a3"),
        Err(MoveError::Unreadable { .. })
    ));
    assert!(matches!(
        p.parse_move("Ad2@f4"),
        Err(MoveError::Unreadable { .. })
    ));
    assert!(p.parse_move("d2@f4").is_ok());
}

#[test]
fn position_strings_are_checked() {
    let bad = [
        // Ranks of the wrong length.
        ("3/7/9/11/K13 r", "too many cells"),
        ("3/7/9/11/K10k r", "rank 1"),
        ("4/7/9/11/K11k r", "rank 5"),
        // Not a piece of this game.
        ("3/7/9/11/K5Q5k r", "'Q'"),
        // Sides are r and g.
        ("3/7/9/11/K11k w", "side"),
        // Two Kings for Red.
        ("3/7/9/11/K5K5k r", "at most one"),
        // Only Gold's move can have taken Red's King, so Red must move.
        ("3/7/9/11/12k g", "missing"),
        // A King on the temple won on its own side's move.
        ("1K1/7/9/11/12k r", "temple"),
        // Both ways at once.
        ("1K1/7/9/11/13 g", "both"),
        // The capture of Red's King reset the 100-ply counter.
        ("3/7/9/11/12k r - - 5 9", "halfmove clock"),
        // No castling or en passant in this game.
        ("3/7/9/11/K11k r K", "castling"),
        ("3/7/9/11/K11k r - g3", "no en passant"),
    ];
    for (text, expected) in bad {
        match Ziggurat43::from_text(text) {
            Ok(_) => panic!("{text} was accepted"),
            Err(e) => assert!(e.to_string().contains(expected), "{text}: {e}"),
        }
    }
    // A finished game is a position too: Red's King gone, Red to move (Gold
    // just took it); Red's King on the temple, Gold to move.
    for text in ["3/7/9/11/12k r", "1K1/7/9/11/12k g"] {
        let mut p = Ziggurat43::from_text(text).unwrap();
        assert!(p.outcome().is_some(), "{text}");
        assert_eq!(p.to_text(), format!("{text} - - 0 1"));
    }
}
