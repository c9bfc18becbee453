//! Chess perft against the published results of the chessprogramming wiki
//! ("Perft Results": the initial position and positions 2 to 6). Each row
//! lists every depth so a failure shows the shallowest wrong one.

use chess3d_core::perft::perft;
use chess3d_games::chess::Chess;

fn check(fen: &str, expected: &[u64]) {
    let mut pos = Chess::from_text(fen).expect("published FEN parses");
    let before = pos.clone();
    for (i, &nodes) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
    }
    assert_eq!(pos, before, "perft leaves the position as it found it");
}

#[test]
fn initial_position_to_depth_6() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    );
}

#[test]
fn kiwipete_to_depth_5() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    );
}

#[test]
fn position_3_to_depth_5() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624],
    );
}

#[test]
fn position_4_to_depth_5() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292],
    );
}

#[test]
fn position_4_mirrored_to_depth_5() {
    // The wiki's colour-flipped twin of position 4 has the same counts.
    check(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292],
    );
}

#[test]
fn position_5_to_depth_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    );
}

#[test]
fn position_6_to_depth_5() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    );
}
