//! The 43-square Ziggurat against a second, independent implementation
//! written from RULINGS.md §2 and seed 001 alone
//! (common/ziggurat43_reference.rs): the same perft from the start,
//! and along random games the same legal moves (as canonical text) and the
//! same placement after every move, to the end of each game.

use crate::common;
use crate::common::ziggurat43_reference as reference;

use chess3d_core::{perft, MoveKind, MoveList, Outcome, WinReason};
use chess3d_games::ziggurat43::Ziggurat43;
use common::{Compared, Reference};
use reference::RefPos;

/// Perft from the start, to depth 5 (a finished game is a leaf; the
/// benchmark measures depth 5 too). Depth 1 is counted by hand in
/// ziggurat43_rules.rs (10); depth 2 is 10² because no first move of one
/// side changes the other's moves (Red's first moves reach files d–f,
/// Gold's h–j, and no piece of either side can reach the other's squares);
/// depths 3 to 5 are the reference implementation's counts, computed here
/// as well.
const START_PERFT: [u64; 5] = [10, 100, 1_170, 13_697, 177_397];

#[test]
fn perft_from_the_start_matches_the_reference() {
    let mut pos = Ziggurat43::start();
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(perft::perft(&mut pos, depth), expected, "depth {depth}");
    }
    let reference = RefPos::from_text(&pos.to_text());
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
    }
}

/// What happened along the games, to show the comparison reached every
/// rule.
#[derive(Default, Debug)]
struct Seen {
    shots: usize,
    kings_captured: usize,
    kings_shot: usize,
    temples: usize,
    no_legal_move: usize,
}

/// Plays a random game with the real generator, comparing every position
/// with the reference (placement included), and records how it ended.
fn compare_game(start: &str, seed: u64, plies: usize, seen: &mut Seen, compared: &mut Compared) {
    let pos = Ziggurat43::from_text(start).unwrap();
    let mut last = pos.clone();
    let mut shot = false;
    common::compare_with_reference(
        pos,
        RefPos::from_text(start),
        (seed, plies, 0.3),
        common::placement,
        |p, m| {
            shot = m.kind == MoveKind::Shot;
            seen.shots += shot as usize;
            last = p.clone();
            last.make(m);
        },
        compared,
    );
    match last.outcome() {
        Some(Outcome::Win {
            reason: WinReason::RoyalCaptured,
            ..
        }) => {
            seen.kings_captured += 1;
            seen.kings_shot += shot as usize;
        }
        Some(Outcome::Win {
            reason: WinReason::TempleReached,
            ..
        }) => seen.temples += 1,
        Some(Outcome::Draw(chess3d_core::DrawReason::NoLegalMove)) => seen.no_legal_move += 1,
        _ => {}
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let start = Ziggurat43::start().to_text();
    let (mut seen, mut compared) = (Seen::default(), Compared::default());
    for seed in 0..300 {
        compare_game(&start, seed, 300, &mut seen, &mut compared);
    }
    // Few pieces, so that Priest-Kings are exposed to shots and a side can
    // run out of moves: Archers against the Kings; Spearmen that will
    // stick in the corners.
    let thin = [
        "3/7/9/1A4a4/K11k r - - 0 1",
        "3/2S1s2/9/11/S1K7k1s r - - 0 1",
        "3/k6/2A3a2/11/6K6 g - - 0 1",
        // Gold's King and two Spearmen are stuck in the a1 corner; its
        // third Spearman gets stuck on d4 or c3.
        "3/7/2s6/s9S/ks8S1K r - - 0 1",
    ];
    for seed in 0..300u64 {
        let from = thin[seed as usize % thin.len()];
        compare_game(from, 1000 + seed, 200, &mut seen, &mut compared);
    }
    println!("{seen:?} {compared:?}");
    assert!(compared.positions > 20_000);
    assert!(seen.shots > 0 && seen.kings_shot > 0);
    assert!(seen.kings_captured > seen.kings_shot && seen.temples > 0);
    assert!(seen.no_legal_move > 0 && compared.ends > 0);
}

/// A finished game has no legal move in either implementation, and the
/// last move's text is what the reference prints for it.
#[test]
fn both_implementations_stop_at_the_end_of_the_game() {
    // Red's King steps onto the temple.
    let mut pos = Ziggurat43::from_text("3/2K1k2/9/11/13 r - - 0 1").unwrap();
    let mut reference = RefPos::from_text(&pos.to_text());
    pos.play("f4-g5").unwrap();
    assert!(reference.play("f4-g5"));
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    assert!(list.is_empty() && reference.legal_moves().is_empty());
    assert!(reference.game_over());
}
