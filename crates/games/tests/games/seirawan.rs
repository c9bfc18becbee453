//! Seirawan chess (games/seirawan.toml) and S-House (games/shouse.toml):
//! gating (docs/game-files.md: `gating`), a piece of the hand placed on
//! the square a first-rank piece leaves. Against Fairy-Stockfish's
//! published perft (its tests/perft.sh) and its Python module, pyffish,
//! an independent implementation, on positions made for each rule.

use chess3d_core::perft::perft;
use chess3d_core::{DrawReason, MoveError, Outcome, Position, Variant};
use chess3d_games::file::PoolFileRules;

use crate::common::{moves, pool_file};

const SEIRAWAN_FILE: &str = include_str!("../../../../games/seirawan.toml");
const SHOUSE_FILE: &str = include_str!("../../../../games/shouse.toml");

fn seirawan() -> Variant<PoolFileRules> {
    pool_file(SEIRAWAN_FILE)
}

fn at(fen: &str) -> Position<PoolFileRules> {
    seirawan()
        .position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The start, with Black's f- and g-file pieces gone so that castling is
/// open: White's gates K and Q imply (e1, a1, h1) and b1, c1, d1.
const CASTLING: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[HEhe] w KQBCDkqbcdfg - 0 1";

/// Fairy-Stockfish's perft suite: `seirawan startpos 4 782599` and from
/// its middlegame position (a Hawk gated on g1, Black's Elephant on b8,
/// Black's gate c8 open, White's hand empty) `4 890467`; depths 1 to 3
/// from the start as pyffish counts them. And S-House's `shouse startpos
/// 3 546694`, depths 1 and 2 by pyffish: with drops, the 64 drops of a
/// Hawk or an Elephant on the empty squares join chess's 20 moves and the
/// Knights' 8 gated ones (92).
#[test]
fn seirawan_and_shouse_have_the_published_perft() {
    let mut start = seirawan().start();
    for (depth, nodes) in [(1, 28), (2, 784), (3, 24_830), (4, 782_599)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    let mut middle = at("reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7");
    assert_eq!(perft(&mut middle, 4), 890_467);
    let mut shouse = pool_file(SHOUSE_FILE).start();
    for (depth, nodes) in [(1, 92), (2, 7_944), (3, 546_694)] {
        assert_eq!(perft(&mut shouse, depth), nodes, "S-House depth {depth}");
    }
}

/// A Knight's first move gates a Hawk or an Elephant, or nothing: 28
/// moves at the start, pyffish's list; and the move written with the kind
/// (`b1c3h`), in SAN after a `/` (`Nc3/H`, as Fairy-Stockfish's SAN).
/// After it b1 is no gate (the Hawk there has not moved, but it was
/// gated), and the castling field says so as Fairy-Stockfish does.
#[test]
fn a_first_move_from_the_first_rank_may_gate() {
    let mut p = seirawan().start();
    assert_eq!(
        moves(&p),
        [
            "a2a3", "a2a4", "b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h", "b2b3", "b2b4",
            "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g1f3", "g1f3e",
            "g1f3h", "g1h3", "g1h3e", "g1h3h", "g2g3", "g2g4", "h2h3", "h2h4"
        ]
    );
    let gated = p.read_move("b1c3h").unwrap();
    assert_eq!(p.move_label(gated), "Nc3/H");
    assert_eq!(p.read_move("Nc3/H").unwrap(), gated);
    let plain = p.read_move("Nc3").unwrap();
    assert_ne!(plain, gated);
    assert_eq!(p.move_text(plain), "b1c3");
    p.play("b1c3h").unwrap();
    assert_eq!(
        p.to_text(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Ehe] b KQCDFGkqbcdfg - 1 1"
    );
    assert!(
        !moves(&p).iter().any(|m| m.starts_with("b1")),
        "{:?}",
        moves(&p)
    );
}

/// Castling gates on the King's square or the Rook's, not on a square a
/// castler ends on: pyffish's 36 moves, `e1g1h` gating on e1 and `h1e1h`
/// on h1 (from the Rook to the King, as Fairy-Stockfish writes it), in
/// SAN `O-O/He1` and `O-O/Hh1`; `O-O` alone is the castling without a
/// gate. After castling, White's rights are gone and its Rook a1 and the
/// pieces b1 to d1 keep their gates (`ABCD`), as Fairy-Stockfish writes.
#[test]
fn castling_gates_on_the_kings_square_or_the_rooks() {
    let mut p = at(CASTLING);
    assert_eq!(
        moves(&p),
        [
            "a2a3", "a2a4", "b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h", "b2b3", "b2b4",
            "c2c3", "c2c4", "d2d3", "d2d4", "e1f1", "e1f1e", "e1f1h", "e1g1", "e1g1e", "e1g1h",
            "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4", "h1e1e", "h1e1h", "h1f1", "h1f1e",
            "h1f1h", "h1g1", "h1g1e", "h1g1h", "h2h3", "h2h4"
        ]
    );
    for (typed, text, label) in [
        ("O-O/Hh1", "h1e1h", "O-O/Hh1"),
        ("O-O/Ee1", "e1g1e", "O-O/Ee1"),
        ("O-O", "e1g1", "O-O"),
    ] {
        let m = p.read_move(typed).unwrap();
        assert_eq!(p.move_text(m), text);
        assert_eq!(p.move_label(m), label);
    }
    for (played, after) in [
        ("h1e1h", "RNBQ1RKH[Ehe] b ABCDkqbcdfg"),
        ("e1g1", "RNBQ1RK1[HEhe] b ABCDkqbcdfg"),
        ("e1g1e", "RNBQERK1[Hhe] b ABCDkqbcdfg"),
    ] {
        let mut q = at(CASTLING);
        q.play(played).unwrap();
        assert!(q.to_text().contains(after), "{played}: {}", q.to_text());
    }
}

/// The gated piece does not shield its own King (Seirawan chess's rule,
/// and Fairy-Stockfish's): the Queen d1, pinned by the Rook a1, may gate
/// only along the pin (d1c1h ...), never stepping off it (d1d2h would
/// leave the Hawk on d1 between, still illegal); the King e1 in check
/// from a1 may not step to f1 along the check even gating on e1. Both
/// lists are pyffish's.
#[test]
fn a_gated_piece_does_not_shield_its_king() {
    assert_eq!(
        moves(&at("4k3/8/8/8/8/8/8/r2QK3[H] w D - 0 1")),
        ["d1a1", "d1a1h", "d1b1", "d1b1h", "d1c1", "d1c1h", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        moves(&at("4k3/8/8/8/8/8/8/r3K3[H] w E - 0 1")),
        ["e1d2", "e1d2h", "e1e2", "e1e2h", "e1f2", "e1f2h"]
    );
}

/// Gates close when their piece leaves without gating, when it is taken,
/// and all of a side's when its hand is empty; the castling fields are
/// pyffish's along each line (its hands' order aside).
#[test]
fn gates_close_as_fairy_stockfish_closes_them() {
    for (line, castling, hand) in [
        // Black's Elephant gated on g8, then White's Knight leaves b1's
        // Hawk and c3 for b5: g8 is no gate.
        ("b1c3h g8f6e c3b5", "KQCDFGkqbcdf", "[Eh]"),
        // The Knight b5 takes on c7 and the Queen d8 takes it back: Black's
        // b8 Knight left, its Queen left d8 without gating.
        ("b1c3h b8c6 c3b5 c6b4 b5c7 d8c7", "KQCDFGkqcfg", "[Ehe]"),
        // White's hand empties with its second gating: its gates close.
        ("b1c3h a7a6 g1f3e", "KQkqbcdfg", "[he]"),
    ] {
        let mut p = seirawan().start();
        for m in line.split(' ') {
            p.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        let text = p.to_text();
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields[2], castling, "{line}: {text}");
        assert!(fields[0].ends_with(hand), "{line}: {text}");
        assert_eq!(p.hash(), p.fresh_hash(), "{line}");
    }
}

/// The castling field's gate letters are checked: a gate needs a piece of
/// its side on that file's first-rank square, a letter is given once, and
/// one that is no file of the line is neither gate nor right. A drop is
/// refused with what gating is.
#[test]
fn gates_and_drops_are_explained() {
    for (fen, wanted) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[HEhe] w KQFkq - 0 1",
            "'F': a gate on f1 needs a piece of White there",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBBkq - 0 1",
            "'B' is given twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQXkq - 0 1",
            "'X' is neither a castling right nor the file of a gate of White",
        ),
    ] {
        let e = seirawan().position(fen).unwrap_err();
        assert!(e.to_string().contains(wanted), "{fen}: {e}");
    }
    let reason = |p: &mut Position<PoolFileRules>, typed: &str| match p.read_move(typed) {
        Err(MoveError::IllegalBecause { reason, .. }) => reason,
        other => panic!("{typed}: {other:?}"),
    };
    let mut p = seirawan().start();
    assert!(reason(&mut p, "H@e4").contains("a piece in hand is gated"));
    // The Hawk gone from White's hand, and g1 no gate (no `G`).
    let mut p = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[Ehe] w KQBCDkqbcdfg - 0 1");
    for typed in ["O-O/He1", "Nc3/H", "b1c3/h"] {
        assert_eq!(
            reason(&mut p, typed),
            "White has no Hawk in hand to gate",
            "{typed}"
        );
    }
    let mut q = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDkqbcdfg - 0 1");
    assert!(reason(&mut q, "Nf3/E").starts_with("g1 is no gate"));
    assert!(reason(&mut q, "Nf3/X").contains("'X' is no piece of this game"));
    // The gate after any form of the move: castling with zeros, a
    // coordinate move with `/`, a Knight named with its file.
    for (typed, text) in [
        ("0-0/Ee1", "e1g1e"),
        ("b1c3/e", "b1c3e"),
        ("Nbc3/E", "b1c3e"),
    ] {
        let m = p
            .read_move(typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(p.move_text(m), text);
    }
}

/// Bare Kings draw when the pieces in hand can no longer enter: a Hawk in
/// hand with no gate left is no material, but with the King's gate open
/// (it has not moved) it can still be gated, and the game goes on.
#[test]
fn bare_kings_draw_once_no_gate_is_left() {
    assert_eq!(
        at("4k3/8/8/8/8/8/8/4K3[H] w - - 0 1").outcome(),
        Some(Outcome::Draw(DrawReason::BareKings))
    );
    assert_eq!(at("4k3/8/8/8/8/8/8/4K3[H] w E - 0 1").outcome(), None);
}

/// The loader refuses gating where its gates could not be named: a side
/// without a castling rule (their line names them), castling from any
/// file (a file letter would name a gate and a partner), a castling
/// symbol that is a file's letter too; promotion to a
/// captured piece (the hand and the pool would be one); and a hopper, for
/// which a gated piece, shielding nothing, could not be a hurdle either.
#[test]
fn the_loader_refuses_gating_out_of_place() {
    let without_black_castling = {
        let at = SEIRAWAN_FILE
            .find("[[castling]]\nside = \"black\"")
            .unwrap();
        let end = SEIRAWAN_FILE.find("[about]").unwrap();
        format!("{}{}", &SEIRAWAN_FILE[..at], &SEIRAWAN_FILE[end..])
            .replace("KQBCDFGkqbcdfg", "KQBCDFG")
    };
    let cases = [
        (without_black_castling, "and Black has no castling rule"),
        (
            SEIRAWAN_FILE.replacen(
                "safe = [\"e1\", \"f1\", \"g1\"]\n",
                "from_any_file = true\n",
                1,
            ),
            "gating and castling from any file do not go together",
        ),
        (
            SEIRAWAN_FILE.replace(
                "choices = [\"H\", \"E\", \"Q\", \"R\", \"B\", \"N\"]",
                "choices = \"captured-pool\"",
            ),
            "gating and promotion to a captured piece do not go together",
        ),
        (
            SEIRAWAN_FILE.replacen(
                "    { slide = [1, 1, 0], sym = \"signs\" },\n    { leap = [1, 2, 0]",
                "    { hop = [1, 1, 0], sym = \"signs\" },\n    { leap = [1, 2, 0]",
                1,
            ),
            "gating and a piece that hops ('H') do not go together",
        ),
        (
            SEIRAWAN_FILE.replacen("symbol = \"k\"", "symbol = \"b\"", 1),
            "'b' would name two cells of Black's castling line, or a gate and a castling right",
        ),
    ];
    for (text, wanted) in cases {
        assert_ne!(text, SEIRAWAN_FILE);
        let e = chess3d_games::file::load(&text).unwrap_err();
        assert!(e.message.contains(wanted), "{wanted}: {e}");
        assert_eq!(text.lines().nth(e.line - 1), Some("gating = true"), "{e}");
    }
}

/// The core's invariants and the search's shortcuts along random games:
/// gated moves' legality by making them (the gate set aside) equal to
/// the generator's, hashes incremental and fresh alike.
#[test]
fn invariants_hold_along_random_games() {
    crate::common::shortcuts_agree_along_random_games(seirawan().start(), 120);
    crate::common::shortcuts_agree_along_random_games(pool_file(SHOUSE_FILE).start(), 100);
}
