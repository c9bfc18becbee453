//! Forced-mate suites, every game: wins in 1 to 3 moves (for the
//! 43-square Ziggurat: King captures and temple arrivals), each proved by
//! exhaustive search (`chess3d_engine::prove`, every move and every reply
//! under the game's full end rules, no pruning), then found by the engine
//! within a 2-second budget, which must report the mate's distance and
//! play a move that keeps the win forced.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chess3d_core::{BuiltIn, Position};
use chess3d_engine::prove::{forced_win, wins_after};
use chess3d_engine::{Config, Engine, Evaluate, Limits, Score};
use chess3d_games::chess::ChessRules;
use chess3d_games::elevator::ElevatorRules;
use chess3d_games::polyhedron::PolyhedronRules;
use chess3d_games::startrek::StarTrekRules;
use chess3d_games::ziggurat::ZigguratRules;
use chess3d_games::ziggurat43::Ziggurat43Rules;

fn suite<R: Evaluate + BuiltIn>(positions: &[(u32, &str)]) {
    assert!(positions.len() >= 5);
    for n in 1..=3 {
        assert!(
            positions.iter().any(|p| p.0 == n),
            "a win in {n} in the suite"
        );
    }
    for &(n, text) in positions {
        let mut pos = Position::<R>::from_text(text).unwrap();
        let us = pos.side_to_move();
        let clock = std::time::Instant::now();
        assert!(forced_win(&mut pos, n), "a forced win in {n}: {text}");
        assert!(
            n == 1 || !forced_win(&mut pos, n - 1),
            "none in {}: {text}",
            n - 1
        );
        eprintln!("proved in {:?}: win in {n}, {text}", clock.elapsed());

        // Found: the first iteration that reports this mate.
        let mut engine = Engine::<R>::new(Config::default());
        let limits = Limits::movetime(Duration::from_secs(2));
        let clock = std::time::Instant::now();
        let mut found = None;
        let report = engine.search(&pos, &limits, &AtomicBool::new(false), |info| {
            if found.is_none() && info.score == Score::Mate(n as i32) {
                found = Some((clock.elapsed(), info.depth));
            }
        });
        eprintln!("found at {found:?} (time, depth)");
        assert_eq!(report.score, Score::Mate(n as i32), "{text}");
        pos.make(report.best.expect("a move"));
        assert!(
            wins_after(&mut pos, us, n - 1),
            "the engine's move keeps the win: {text}"
        );
    }
}

/// chess: positions from the engine's wins over a random mover
/// (`examples/find_mates.rs`), each proved below.
const CHESS: &[(u32, &str)] = &[
    (
        1,
        "N1b1k3/p6p/3R1Qp1/q1P3B1/3n4/1PN5/P1P1PPPP/4KB1R w K - 1 21",
    ),
    (1, "q3k2r/2ppppbp/bp6/8/3P4/1n2K3/5rPP/7n b k - 0 20"),
    (
        2,
        "N1b4Q/p3k2p/3R1pp1/q1P3B1/3n4/1PN5/P1P1PPPP/4KB1R w K - 0 20",
    ),
    (2, "q3k2r/2ppppbp/bp6/8/8/1n1PK3/5NPP/5r1n b k - 1 19"),
    (
        3,
        "N1b4Q/p3kp1p/3R2p1/q1P5/3n1B2/1PN5/P1P1PPPP/4KB1R w K - 1 19",
    ),
    (3, "q3k2r/2ppppbp/bp6/8/8/1n1PK2N/6PP/1r3B1n b k - 1 18"),
];

#[test]
fn chess_forced_wins() {
    suite::<ChessRules>(CHESS);
}

/// ziggurat: positions from the engine's wins over a random mover
/// (`examples/find_mates.rs`), each proved below.
const ZIGGURAT: &[(u32, &str)] = &[
    (1, "8/8/2L1N2k/3W1B2/8/4P1N1/PPPP1PPP/R1BQKR2|7/7/7/1G1L3/3L3/GGGG1GG/1A3A1|6/6/6/3GL1/GG1G1G/1A2A1|5/5/5/1F1F1/5|4/4/4/4|3/3/2C|2/2|C w Q - 31 69"),
    (1, "r1bqkb2/pp1pppp1/2p1pn2/2n1w3/3w4/1ra5/K7/8|1a3a1/1gg1ggg/3l3/3fl2/7/7/7|4a1/g1g1gg/2g3/2lg2/6/6|5/1f3/5/5/5|4/4/4/4|3/3/3|2/c1|c b - - 1 96"),
    (2, "8/8/2L1N3/3W1B1k/8/4P3/PPPPNPPP/R1BQKR2|7/7/7/1G1L3/3L3/GGGG1GG/1A3A1|6/6/6/3GL1/GG1G1G/1A2A1|5/5/5/1F1F1/5|4/4/4/4|3/3/2C|2/2|C w Q - 29 68"),
    (2, "r1bqkb2/ppppppp1/4pn2/2n1w3/3w4/1ra5/8/K7|1a3a1/1gg1ggg/3l3/3fl2/7/7/7|4a1/g1g1gg/2g3/2lg2/6/6|5/1f3/5/5/5|4/4/4/4|3/3/3|2/c1|c b - - 69 95"),
    (3, "8/8/2L4k/3W1B2/3N4/4P3/PPPPNPPP/R1BQKR2|7/7/7/1G1L3/3L3/GGGG1GG/1A3A1|6/6/6/3GL1/GG1G1G/1A2A1|5/5/5/1F1F1/5|4/4/4/4|3/3/2C|2/2|C w Q - 27 67"),
    (3, "r1bqkb2/ppppppp1/4pn2/4w3/3w4/1ran4/K7/8|1a3a1/1gg1ggg/3l3/3fl2/7/7/7|4a1/g1g1gg/2g3/2lg2/6/6|5/1f3/5/5/5|4/4/4/4|3/3/3|2/c1|c b - - 67 94"),
];

#[test]
fn ziggurat_forced_wins() {
    suite::<ZigguratRules>(ZIGGURAT);
}

/// ziggurat43: positions from the engine's wins over a random mover
/// (`examples/find_mates.rs`), each proved below.
const ZIGGURAT43: &[(u32, &str)] = &[
    (1, "1ss/SS4s/1A1S4s/KC1S3h2c/1CHAS5Cck r - - 1 12"),
    (1, "2s/S4ss/CS5as/K1ch5ck/8sa1c1 g - - 1 22"),
    (2, "S2/SS3s1/2KA1s1s1/1CC1S1c3c/1C1AS3a1hck r - - 1 18"),
    (2, "1s1/1C2k1s/5h1s1/7a1cc/1K6ac3 g - - 0 29"),
    (3, "1s1/S1ss2s/1Sc2ska1/1C8c/K8ac2 g - - 0 28"),
    (3, "2s/S4ss/HA5kc/1C1S2h1a1c/KCA1C3sac2 g - - 1 17"),
];

#[test]
fn ziggurat43_forced_wins() {
    suite::<Ziggurat43Rules>(ZIGGURAT43);
}

/// startrek: positions from the engine's wins over a random mover
/// (`examples/find_mates.rs`), each proved below.
const STARTREK: &[(u32, &str)] = &[
    (1, "4/4/4/4|3P/P3/1PP1/1BBN|4/4/4/4/4/4/PPPP/R1KR|4/1Q2/4/4|4/4/4/4/4/4/4/4|1b2/3p/3k/p3|3r/2pp/4/4 w KQ - 3 15 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -"),
    (1, "4/4/4/4|4/B1n1/1K2/3q|4/4/4/4/4/4/PPP1/4|p3/4/1p2/4|4/4/4/4/4/4/4/4|1bb1/2p1/4/4|r1rk/pppp/4/4 b - - 1 21 b1(2):w,e1(2):w,b8(6):b,e8(6):b e1(3) -"),
    (2, "4/4/4/4|3P/P3/1PP1/1BBN|4/4/4/4/4/4/PPPP/R1KR|4/4/4/4|4/4/4/4/4/4/4/4|1b2/3p/Q3/p2k|3r/2pp/4/4 w KQ - 1 14 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -"),
    (2, "4/4/4/4|4/B1n1/2Kp/4|4/4/4/4/4/4/PPP1/4|p3/4/1p2/4|4/4/4/4/4/4/4/4|1bb1/2p1/4/4|r1rk/pppp/4/4 b - - 3 20 b1(2):w,e1(2):w,b8(6):b,e8(6):b e1(3) -"),
    (3, "4/4/4/4|4/P3/1PPP/1BBN|4/4/4/4/4/4/PPPP/R1KR|4/4/4/4|4/4/4/4/4/4/4/4|1b2/3p/Q3/p1k1|3r/2pp/4/4 w KQ - 1 13 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -"),
    (3, "4/4/4/4|4/B3/3p/3K|4/4/4/4/4/4/PPP1/4|p3/3n/1p2/4|4/4/4/4/4/4/4/4|1bb1/2p1/4/4|r1rk/pppp/4/4 b - - 1 19 b1(2):w,e1(2):w,b8(6):b,e8(6):b e1(3) -"),
];

#[test]
fn startrek_forced_wins() {
    suite::<StarTrekRules>(STARTREK);
}

/// elevator: positions from the engine's wins over a random mover
/// (`examples/find_mates.rs`), each proved below.
const ELEVATOR: &[(u32, &str)] = &[
    (1, "o3obcr/pppppppp/8/8/8/8/8/8|rnc1icnr/ppi1pppp/2pp4/8/8/8/PPPPPPPP/ONBQKBNO|on1N2no/2pp2pp/8/8/8/8/PPPPPPPP/R1CIICNR|4kb2/4pp2/3P4/3O4/4P3/4O3/PPP2PPP/RCB2BCR w - - 1 9 qrbbc 4434/2323/3232/1111"),
    (1, "rcb2bcr/ppp2ppp/4o3/4p3/8/8/4Po2/5P2|rn1iicnr/pp1ppppp/8/8/1p1P4/1P6/3c2PK/7B|onbqkbno/pppppppp/8/8/4P3/8/PPP1PPPP/RNCIICNR|8/8/8/8/7P/8/PPPP1PP1/RCBOOBCR b - - 1 16 QBNNOO 4444/2323/3342/1121"),
    (1, "rcb2bcr/1ppppppp/4o3/8/p6o/8/8/8|PO1cicnr/1ppppppp/8/3i4/8/5O2/1PPPPPPP/1NBQKBN1|o1bp2no/pppP2pp/3O4/8/8/8/PPPPPPPP/RNCIICNR|4kb2/4pp2/8/8/4P3/4O3/PPP2PPP/RCB2BCR w - - 1 11 qrnn 4434/3423/3232/1111"),
    (2, "rcb2bcr/ppp2ppp/4o3/4p3/8/8/4Po2/5P2|rn1iicnr/pp1ppppp/8/8/1p1P4/cP6/3N2P1/6KB|onbqkbno/pppppppp/8/8/4P3/8/PPP1PPPP/RNCIICNR|8/8/8/8/7P/8/PPPP1PP1/RCBOOBCR b - - 2 15 QBNOO 4444/2323/3342/1121"),
    (2, "rc3bcr/ppp2ppp/8/8/8/5PO1/6P1/2oq2N1|rnciicnr/pppppppp/8/8/1P1K4/3p4/b7/O7|1nb1k1n1/1ppp1ppp/o4o2/p7/3p4/8/PPPPPPPP/RNI1ICNR|8/8/8/8/P1P5/1P5P/3P1PP1/RCB1bB1R b - - 0 28 QBBNCCOOo 4444/2313/3132/1212"),
    (3, "rc3bcr/ppp2ppp/8/8/3o4/3p1PO1/6P1/2oq2N1|rnciicnr/pppppppp/8/8/1P6/4K3/b7/O7|1nb1k1n1/1ppp1ppp/o4o2/p7/3p4/8/PPPPPPPP/RNI1ICNR|8/8/8/8/P1P5/1P5P/3P1PP1/RCB1bB1R b - - 1 27 QBBNCCOO 4444/2313/3232/1212"),
];

#[test]
fn elevator_forced_wins() {
    suite::<ElevatorRules>(ELEVATOR);
}

/// polyhedron: positions from the engine's wins over a random mover
/// (`examples/find_mates.rs`), each proved below.
const POLYHEDRON: &[(u32, &str)] = &[
    (1, "ppp1p1/6/3p1p/6/6/PPPPPP|gwh1uhwg/pppppGpp/5p2/8/8/2G5/PPPPPPPP/1W1UUHW1|dsafqkfa1d/rnbuu1ubnr/2ppp1p1p1/pp8/4Sp1p1p/10/2N1H2N2/PPPPPPPPPP/R1BUUUUB1R/D1AFQKFASD|gwhuuh1g/1pp1pppp/p4u2/8/8/2G2G2/PPPPPPPP/1WHUUHW1|pppppp/3w2/6/6/6/PPPPPP w - - 2 17 us"),
    (1, "pppppp/6/6/P4P/6/1PPP2|3u2w1/ppp1pppp/2g2n2/8/8/4U3/PPP1PPP1/8|d1afqkfa1d/2buuuub1r/1pppsppppp/6sh2/10/3P1P4/4P4P/2h1U1PPg1/6U2R/4r2D1K|1whuuhw1/pppppppp/2g5/3p4/5n2/2P2P2/P3P1PP/6w1|pppppp/6/6/4P1/1PP3/P2P1P b - - 1 68 QDFFAARBBUUUUSSWWWWHHHHNNGGGGg"),
    (2, "ppp1p1/6/3p1p/6/6/PPPPPP|gwh1uhwg/ppppp1pp/5p2/3G4/8/2G5/PPPPPPPP/1W1UUHW1|dsafq1fa1d/rnbuukubnr/2ppp1p1p1/pp8/4Sp1p1p/10/2N1H2N2/PPPPPPPPPP/R1BUUUUB1R/D1AFQKFASD|gwhuuh1g/1pp1pppp/p4u2/8/8/2G2G2/PPPPPPPP/1WHUUHW1|pppppp/3w2/6/6/6/PPPPPP w - - 0 16 us"),
    (2, "pppppp/6/6/P4P/6/1PPP2|3u2w1/ppp1pppp/2g2n2/8/8/4U3/PPP1PPP1/8|d1afqkfa1d/2buuuub1r/1pppsppppp/6sh2/10/3P1P4/4P4P/2h1U1PPg1/6U2R/r3H4K|1whuuhw1/pppppppp/2g5/3p4/5n2/2P2P2/P3P1PP/6wD|pppppp/6/6/4P1/1PP3/P2P1P b - - 1 67 QDFFAARBBUUUUSSWWWWHHHNNGGGGg"),
    (3, "pppppp/6/3g1P/PP4/6/2PPP1|1w1uuhw1/pppppppp/8/8/1P2s3/P6P/2P1PP2/8|d1afqkfasd/r1buuuub1r/ppp1pppppp/4hg1n2/10/4PP4/P8P/8P1/7g2/8D1|1whuuhw1/pppp1ppp/8/8/P4P2/3P2P1/1P2Pn2/6W1|pppppp/6/P5/6/1P2K1/3P2 b - - 3 70 QDFFAARRBBUUUUUUUSSWWWHHHHNNGGGGg"),
    (3, "pppppp/6/6/P4P/6/1PPPP1|1w1uuhw1/pppppppp/8/8/2g2g2/P6P/1PPPPPP1/8|d1afqkfasd/r1buuuub1r/ppp1pppppp/4hs1n2/3P6/10/P9/1U2PgP1PP/n2U2U1R1/7AD1|1whuuhw1/pppp1ppp/5g2/2W5/P4P2/3P2P1/1P1PP1K1/4U1W1|pppppp/6/P5/6/6/1P1P1U b - - 1 51 QDFFARBBUUUSSWWHHHHNNGGGG"),
];

#[test]
fn polyhedron_forced_wins() {
    suite::<PolyhedronRules>(POLYHEDRON);
}
