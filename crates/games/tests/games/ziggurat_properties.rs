//! Property tests of Ziggurat Three Dimensional Chess: level 0 alone is
//! orthodox chess, the core invariants along 2,000 seeded random games,
//! colour-mirror symmetry of perft, and parsers that never panic.

use crate::common;

use chess3d_core::{perft, Game, MoveList, MAX_MOVES};
use chess3d_games::chess::Chess;
use chess3d_games::ziggurat::Ziggurat;

/// Levels 1 to 7, empty.
const EMPTY_ABOVE: &str = "7/7/7/7/7/7/7|6/6/6/6/6/6|5/5/5/5/5|4/4/4/4|3/3/3|2/2|1";

/// A chess position (FEN) on level 0 of an otherwise empty pyramid.
fn on_level_0(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        format!("0{}", f[3])
    };
    format!(
        "{}|{EMPTY_ABOVE} {} {} {ep} {} {}",
        f[0], f[1], f[2], f[4], f[5]
    )
}

/// A move as chess's UCI text: the level digit dropped from both squares
/// (castling is the King's move, as in UCI).
fn as_uci(p: &Ziggurat, m: chess3d_core::Move) -> String {
    let geo = &p.tables().geo;
    format!("{}{}", &geo.name(m.from)[1..], &geo.name(m.to)[1..])
}

fn sorted_moves<G: Game>(
    p: &mut G,
    text: impl Fn(&G, chess3d_core::Move) -> String,
) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| text(p, m)).collect();
    v.sort();
    v
}

/// Whether a side has a pawn on its seventh rank (a promotion within two
/// plies, where the two games' promotion sets differ).
fn pawn_on_seventh(fen: &str) -> bool {
    let ranks: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    ranks[1].contains('P') || ranks[6].contains('p')
}

#[test]
fn level_0_alone_is_orthodox_chess() {
    // RULINGS.md §1: level 0 is standard chess, which chess3d's chess
    // reproduces exactly (perft and cozy-chess in chess_perft.rs and
    // chess_vs_cozy.rs). Positions from random chess games.
    let mut compared = 0;
    let mut seed = 0;
    while compared < 1000 {
        let mut game = Chess::from_text(common::PERFT_FENS[seed as usize % 6]).unwrap();
        let mut fens = Vec::new();
        common::random_game(&mut game, seed, 80, |p, _| fens.push(p.to_text()));
        seed += 1;
        for fen in fens.iter().step_by(3) {
            if pawn_on_seventh(fen) {
                continue;
            }
            let mut chess = Chess::from_text(fen).unwrap();
            let text = on_level_0(fen);
            let mut zig = Ziggurat::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                sorted_moves(&mut zig, as_uci),
                sorted_moves(&mut chess, |p, m| p.move_text(m)),
                "{fen}"
            );
            assert_eq!(zig.in_check(), chess.in_check(), "{fen}");
            assert_eq!(
                perft::perft(&mut zig, 2),
                perft::perft(&mut chess, 2),
                "{fen}"
            );
            // The en-passant field survives the translation both ways.
            assert_eq!(zig.to_text(), text, "{fen}");
            compared += 1;
        }
    }
}

/// 2,000 seeded games of up to 250 plies, capture-biased, a quarter with
/// the wide promotion set, in four parts that run in parallel.
fn seeded_games(part: u64) {
    let (_, most_moves) = common::seeded_games(part, 250, 0.4, |seed| {
        let mut start = Ziggurat::start();
        start.set_option("wide-promotion", seed % 4 == 3).unwrap();
        start
    });
    assert!(
        most_moves < MAX_MOVES as u64 / 4,
        "{most_moves} legal moves"
    );
}

seeded_game_tests!(seeded_games);

/// The position with colours exchanged and ranks mirrored on every level
/// (rank r of level k becomes 9 − k − r), the other side to move.
fn mirror(text: &str) -> String {
    common::mirror_fields(text, |cell| {
        // En passant is on level 0 only.
        let rank: i32 = cell[2..].parse().unwrap();
        format!("{}{}", &cell[..2], 9 - rank)
    })
    .join(" ")
}

#[test]
fn the_start_is_its_own_mirror_image() {
    let start = Ziggurat::start().to_text();
    assert_eq!(mirror(&start).replace(" b ", " w "), start);
}

#[test]
fn mirrored_positions_have_the_same_perft() {
    for seed in 0..8u64 {
        let mut pos = Ziggurat::start();
        let plies = 10 + 20 * seed as usize;
        common::random_game_biased(&mut pos, 1000 + seed, plies, 0.4, |_, _| {});
        let text = pos.to_text();
        let mut mirrored = Ziggurat::from_text(&mirror(&text))
            .unwrap_or_else(|e| panic!("{}: {e}", mirror(&text)));
        assert_eq!(mirror(&mirrored.to_text()), text);
        let mut original = Ziggurat::from_text(&text).unwrap();
        assert_eq!(
            perft::perft(&mut original, 3),
            perft::perft(&mut mirrored, 3),
            "{text}"
        );
    }
}

parser_property_tests!(
    Ziggurat,
    "kqrbnpwaclfgKQRBNPWACLFG0123456789/| wb-acdefgh",
    "[0-8][a-i][0-9]{1,2}[-x@>][0-8][a-i][0-9]{1,2}(=[A-Z])?|O-O(-O)?|\\PC{0,14}"
);
