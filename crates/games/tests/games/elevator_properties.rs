//! Property tests of Elevator: the core invariants along 1,000 seeded
//! random games (elevator moves and pushes chosen half of the time when
//! legal), the colour-mirror symmetry of perft, and parsers that never
//! panic.

use crate::common;

use chess3d_core::{perft, MAX_MOVES};
use chess3d_games::elevator::Elevator;

fn seeded_games(part: u64) {
    // 1,000 games (250 per part): Elevator's legality is tested by making
    // every move, so its positions are the slowest to check, and CI has a
    // time limit.
    let (_, most_moves) = common::seeded_games_n(part, 250, 150, 0.3, |_| Elevator::start());
    assert!(
        most_moves < MAX_MOVES as u64 / 4,
        "{most_moves} legal moves"
    );
}

seeded_game_tests!(seeded_games);

/// The position with colours exchanged and (level, file, rank) mirrored to
/// (5 − level, file, 9 − rank): levels and ranks reversed, pools and pieces
/// swapped in case, shafts of elevator rank r at level s moved to rank
/// 5 − r at level 5 − s, the en-passant cell mirrored.
fn mirror(text: &str) -> String {
    let mut f: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let levels: Vec<String> = f[0]
        .split('|')
        .rev()
        .map(|level| {
            level
                .split('/')
                .rev()
                .map(common::swap_case)
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    f[0] = levels.join("|");
    f[1] = if f[1] == "w" { "b" } else { "w" }.to_string();
    if f[3] != "-" {
        let b = f[3].as_bytes();
        f[3] = format!(
            "{}{}{}",
            (b'5' - b[0] + b'0') as char,
            b[1] as char,
            (b'9' - b[2] + b'0') as char
        );
    }
    if f[6] != "-" {
        let mut pools: Vec<char> = common::swap_case(&f[6]).chars().collect();
        // White's letters first, in the game's piece order, as printed.
        let order = "KQRBINCOPkqrbincop";
        pools.sort_by_key(|c| order.find(*c));
        f[6] = pools.into_iter().collect();
    }
    let shafts: Vec<String> = f[7]
        .split('/')
        .rev()
        .map(|g| {
            g.chars()
                .map(|c| char::from(b'5' - c as u8 + b'0'))
                .collect()
        })
        .collect();
    f[7] = shafts.join("/");
    f.join(" ")
}

#[test]
fn the_start_is_its_own_mirror_image() {
    let start = Elevator::start().to_text();
    assert_eq!(mirror(&start).replacen(" b ", " w ", 1), start);
}

#[test]
fn mirrored_positions_have_the_same_perft() {
    for seed in 0..12u64 {
        let mut pos = Elevator::start();
        common::random_game_biased(&mut pos, 3000 + seed, 6 + 8 * seed as usize, 0.3, |_, _| {});
        let text = pos.to_text();
        let mut mirrored = Elevator::from_text(&mirror(&text))
            .unwrap_or_else(|e| panic!("{}: {e}", mirror(&text)));
        assert_eq!(mirror(&mirrored.to_text()), text);
        let mut original = Elevator::from_text(&text).unwrap();
        assert_eq!(
            perft::perft(&mut original, 3),
            perft::perft(&mut mirrored, 3),
            "{text}"
        );
    }
}

parser_property_tests!(
    Elevator,
    "kqrbicnopKQRBICNOP0123456789/| wb-abcdefgh",
    "[0-5][a-i][0-9][-x>][0-5][a-i][0-9](=[A-Z])?|E[0-5][a-e][0-5][UD]|E[0-5][a-e][0-5]-[a-e][0-5]|\\PC{0,12}"
);
