//! Property tests of the 43-square Ziggurat: the core invariants along
//! 2,000 seeded random games, the mirror symmetry (Red and Gold exchanged,
//! files mirrored) of perft, and parsers that never panic.

use crate::common;

use chess3d_core::perft;
use chess3d_games::ziggurat43::Ziggurat43;

/// 2,000 seeded games of up to 300 plies (most end sooner, by a captured
/// Priest-King or the temple), capture-biased, in four parts that run in
/// parallel.
fn seeded_games(part: u64) {
    let (plies, _) = common::seeded_games(part, 300, 0.3, |_| Ziggurat43::start());
    // Games end early, but not at once: on average more than 20 plies.
    assert!(plies > 500 * 20, "{plies} plies");
}

seeded_game_tests!(seeded_games);

/// A rank of a position string as one entry per square.
fn expand(rank: &str) -> Vec<Option<char>> {
    let mut cells = Vec::new();
    let mut run = 0;
    for ch in rank.chars() {
        match ch.to_digit(10) {
            Some(d) => run = run * 10 + d as usize,
            None => {
                cells.extend(std::iter::repeat_n(None, run));
                run = 0;
                cells.push(Some(ch));
            }
        }
    }
    cells.extend(std::iter::repeat_n(None, run));
    cells
}

/// The position with Red and Gold exchanged and the files mirrored (a ↔ m;
/// the board is symmetric about the g-file), the other side to move. The
/// clocks are kept.
fn mirror(text: &str) -> String {
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .map(|rank| {
            common::rank_text(expand(rank).into_iter().rev().map(|cell| {
                cell.map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
            }))
        })
        .collect();
    fields[0] = ranks.join("/");
    fields[1] = if fields[1] == "r" { "g" } else { "r" }.to_string();
    fields.join(" ")
}

#[test]
fn the_start_is_its_own_mirror_image() {
    let start = Ziggurat43::start().to_text();
    assert_eq!(mirror(&start).replacen(" g ", " r ", 1), start);
}

#[test]
fn mirrored_positions_have_the_same_perft() {
    for seed in 0..40u64 {
        let mut pos = Ziggurat43::start();
        let plies = 4 + seed as usize;
        common::random_game_biased(&mut pos, 2000 + seed, plies, 0.3, |_, _| {});
        let text = pos.to_text();
        let mut mirrored = Ziggurat43::from_text(&mirror(&text))
            .unwrap_or_else(|e| panic!("{}: {e}", mirror(&text)));
        assert_eq!(mirror(&mirrored.to_text()), text);
        let mut original = Ziggurat43::from_text(&text).unwrap();
        for depth in 1..=4 {
            assert_eq!(
                perft::perft(&mut original, depth),
                perft::perft(&mut mirrored, depth),
                "{text}, depth {depth}"
            );
        }
        // The moves themselves correspond square for square.
        let mirror_square = |s: &str| -> String {
            let file = s.as_bytes()[0];
            format!("{}{}", (b'a' + b'm' - file) as char, &s[1..])
        };
        let mirror_move = |m: &str| -> String {
            format!(
                "{}{}{}",
                mirror_square(&m[..2]),
                &m[2..3],
                mirror_square(&m[3..])
            )
        };
        let mut expected: Vec<String> = common::moves(&original)
            .iter()
            .map(|m| mirror_move(m))
            .collect();
        expected.sort();
        assert_eq!(common::moves(&mirrored), expected, "{text}");
    }
}

parser_property_tests!(
    Ziggurat43,
    "khcasKHCAS0123456789/ rg-abfgm",
    "[a-n][0-6][-x@][a-n][0-6]|\\PC{0,8}"
);
