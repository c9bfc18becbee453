//! Move text: the parsers must never panic. The canonical parser accepts
//! only legal moves written exactly as the program prints them; the reader
//! of typed moves (SAN, short forms) only legal moves, whose label reads
//! back to the same move. The first byte picks one of a few positions of
//! each game, rich in special moves.
#![no_main]

use chess3d_core::{Game, GameVariant};
use chess3d_games::{with_game, GameVisitor};
use libfuzzer_sys::fuzz_target;

const POSITIONS: [(&str, &str); 19] = [
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("chess", "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
    (
        "polyhedron",
        "pppppp/6/6/6/6/PPPPPP|gwhuuhwg/pppppppp/8/8/8/8/PPPPPPPP/GWHUUHWG|dsafqkfasd/rnbuuuubnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBUUUUBNR/DSAFQKFASD|gwhuuhwg/pppppppp/8/8/8/8/PPPPPPPP/GWHUUHWG|pppppp/6/6/6/6/PPPPPP w - - 0 1 -",
    ),
    // Pawns one step from each level's last rank, a pool to promote from,
    // a Unicorn that can capture.
    (
        "polyhedron",
        "6/1P4/6/6/6/6|8/1P6/8/8/8/8/8/8|9k/2P7/10/10/10/10/10/2U7/10/9K|8/1P6/8/8/8/2r5/8/8|6/1P4/6/6/6/6 w - - 0 1 QNUr",
    ),
    // En passant from another level: Black's Cd5 and Ae5 may take on Bd4.
    (
        "polyhedron",
        "6/6/6/2p3/6/6|8/8/8/8/2P5/8/8/8|8k1/10/10/10/10/3p6/10/10/10/1K8|8/8/8/8/8/8/8/8|6/6/6/6/6/6 b - Bd4 0 1 -",
    ),
    (
        "ziggurat",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|falwlaf/ggggggg/7/7/7/GGGGGGG/FALWLAF|laccal/gggggg/6/6/GGGGGG/LACCAL|5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w KQkq - 0 1",
    ),
    // A Guard taking down onto rank 8 (promoting), a Pawn promoting,
    // castling both ways.
    (
        "ziggurat",
        "r2nk2r/6P1/8/8/8/8/8/R3K2R|2G4/7/7/7/7/7/7|6/6/6/6/6/6|5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w KQkq - 0 1",
    ),
    // En passant on level 0.
    ("ziggurat", "4k3/8/8/3pP3/8/8/8/4K3|7/7/7/7/7/7/7|6/6/6/6/6/6|5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w - 0d6 0 2"),
    ("ziggurat43", "3/7/SSS3sss/CCAS3sacc/KCHAS3sahck r - - 0 1"),
    // A shot (e1@h4), captures, a Spearman onto the temple.
    ("ziggurat43", "1s1/1CaSs2/2S2sa2/2A3h4/K3A1c5k r - - 0 1"),
    // The game is over: Red's King stands on the temple.
    ("ziggurat43", "1K1/7/9/11/12k g - - 0 1"),
    (
        "startrek",
        "4/4/4/4|4/4/PPPP/NBBN|4/4/4/4/4/4/PPPP/RQKR|4/4/4/4|4/4/4/4/4/4/4/4|nbbn/pppp/4/4|rqkr/pppp/4/4 w KQkq - 0 1 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -",
    ),
    // A board carrying a pawn onto rank 9 (promotions), board moves.
    (
        "startrek",
        "4/4/4/4|4/1K2/4/4|4/4/4/4/4/4/4/4|4/4/4/4|4/4/P3/4/4/4/4/4|4/4/4/3k|4/4/4/4 w - - 0 1 b6(4):w,e1(2):w,e4(2):b,e8(6):b - -",
    ),
    // En passant onto either square of column c3.
    (
        "startrek",
        "4/4/4/4|1P2/4/4/3K|4/4/4/4/4/4/4/4|4/4/2p1/4|4/4/4/4/4/4/4/4|4/1k2/4/4|4/4/4/4 b - - 0 1 b1(2):w,e1(2):w,b8(6):b,e8(6):b - c4(2)",
    ),
    (
        "elevator",
        "rcboobcr/pppppppp/8/8/8/8/8/8|rnciicnr/pppppppp/8/8/8/8/PPPPPPPP/ONBQKBNO|onbqkbno/pppppppp/8/8/8/8/PPPPPPPP/RNCIICNR|8/8/8/8/8/8/PPPPPPPP/RCBOOBCR w - - 0 1 - 4444/2323/3232/1111",
    ),
    // Double steps and en passant on levels 3 and 4.
    (
        "elevator",
        "8/8/8/8/8/8/8/8|8/8/8/8/4p3/8/8/7K|k7/8/8/8/3p4/8/2P3P1/8|8/8/8/8/1p1p1p1p/8/P1P1P1P1/8 w - - 0 1 - 4444/2323/3232/1111",
    ),
    // Flying pieces among shafts, Oxen, a pool to promote from.
    (
        "elevator",
        "7k/q7/8/8/8/8/8/8|8/8/8/2r5/8/8/1O6/Q7|8/6o1/5b2/8/8/2R5/8/8|8/8/8/8/3B4/8/8/7K w - - 0 1 NR 4444/2323/3232/4211",
    ),
];

struct ParseMove<'a> {
    position: &'a str,
    text: &'a str,
}

impl GameVisitor for ParseMove<'_> {
    type Output = ();
    fn visit<G: Game>(self, game: G::Variant) {
        let mut pos = game.position(self.position).expect("the fuzz positions parse");
        if let Ok(m) = pos.parse_move(self.text) {
            assert_eq!(pos.move_text(m), self.text);
        }
        if let Ok(m) = pos.read_move(self.text) {
            let mut legal = chess3d_core::MoveList::new();
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&m));
            let label = pos.move_label(m);
            assert_eq!(pos.read_move(&label), Ok(m), "{label}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (game, position) = POSITIONS[first as usize % POSITIONS.len()];
    with_game(game, ParseMove { position, text }).expect("a game of chess3d");
});
