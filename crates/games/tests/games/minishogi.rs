//! Minishogi (games/minishogi.toml): drops with shogi's rules, each piece
//! promoting to its own promoted form (docs/game-files.md:
//! `promoted_from`, `choices = "promoted"`, `from_zone`,
//! `drop_no_doubled`, `drop_mates`). Against Fairy-Stockfish's published
//! perft (its tests/perft.sh) and its Python module, pyffish, an
//! independent implementation, on positions made for each rule.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Side, Variant, WinReason};
use chess3d_games::file::PoolFileRules;

use crate::common::{moves, pool_file};

const MINISHOGI_FILE: &str = include_str!("../../../../games/minishogi.toml");

fn minishogi() -> Variant<PoolFileRules> {
    pool_file(MINISHOGI_FILE)
}

fn at(fen: &str) -> chess3d_core::Position<PoolFileRules> {
    minishogi()
        .position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Fairy-Stockfish's perft suite: `minishogi startpos 5 533203`; depths 1
/// to 4 as pyffish counts them, depth 6 as Debian's fairy-stockfish 11.1
/// counts it (`go perft 6`). And from the start with every non-royal
/// kind in both hands, perft 3 as pyffish counts it (298,355): drops of
/// every kind, nifu against the Pawns on a2 and e4, and no Pawn drop on
/// the far rank.
#[test]
fn minishogi_has_the_published_perft() {
    let mut start = minishogi().start();
    for (depth, nodes) in [
        (1, 14),
        (2, 181),
        (3, 2_512),
        (4, 35_401),
        (5, 533_203),
        (6, 8_276_188),
    ] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
    let mut full = at("rbsgk/4p/5/P4/KGSBR[BRSGPbrsgp] w - - 0 1");
    assert_eq!(perft(&mut full, 1), 77);
    assert_eq!(perft(&mut full, 3), 298_355);
}

/// A piece moving into, within or out of the far rank may promote, and
/// need not: the Silver c4 has c4c5 and c4c5+, and from c5 it promotes
/// stepping back (c5b4+). The Pawn a4 reaching a5 must (it could never
/// move again there): a4a5+ alone. Fairy-Stockfish lists the same moves.
#[test]
fn promotion_is_optional_into_within_and_out_of_the_far_rank() {
    assert_eq!(
        moves(&at("k4/2S2/5/P4/4K[] w - - 0 1")),
        [
            "a2a3", "c4b3", "c4b5", "c4b5+", "c4c5", "c4c5+", "c4d3", "c4d5", "c4d5+", "e1d1",
            "e1d2", "e1e2"
        ]
    );
    assert_eq!(
        moves(&at("k1S2/5/5/5/4K[] w - - 0 1")),
        ["c5b4", "c5b4+", "c5d4", "c5d4+", "e1d1", "e1d2", "e1e2"]
    );
    let pawn = moves(&at("4k/P4/5/5/K4[] w - - 0 1"));
    assert!(pawn.contains(&"a4a5+".to_string()), "{pawn:?}");
    assert!(!pawn.contains(&"a4a5".to_string()), "{pawn:?}");
    // Promoted, the Silver moves as a Gold and is written +S.
    let mut p = at("k4/2S2/5/5/4K[] w - - 0 1");
    p.play("c4c5+").unwrap();
    assert_eq!(p.to_text(), "k1+S2/5/5/5/4K[] b - - 1 1");
}

/// Nifu: with a Pawn in hand and its own Pawn on a2, Sente drops on no
/// cell of the a-file, nor on the far rank: 15 cells of the b- to
/// e-files (b1–b4, c1, c2, c4, d1–d4, e1–e4; c3 holds Gote's Pawn), with
/// the King's two steps and the Pawn's one: 18 moves, as pyffish lists
/// them. Gote's Pawn on c3 is not Sente's: the c-file is open to it.
#[test]
fn no_pawn_is_dropped_on_a_file_holding_one_of_its_sides() {
    let list = moves(&at("4k/5/2p2/P4/K4[Pp] w - - 0 1"));
    assert_eq!(list.len(), 18, "{list:?}");
    assert!(!list
        .iter()
        .any(|m| m.starts_with("P@a") || m.ends_with('5')));
    assert!(list.contains(&"P@c2".to_string()));
    let mut p = at("4k/5/2p2/P4/K4[Pp] w - - 0 1");
    let e = p.read_move("P@a3").unwrap_err().to_string();
    assert!(e.contains("nifu"), "{e}");
    // A Tokin is no Pawn: its file is open.
    assert!(moves(&at("4k/5/5/+P4/K4[P] w - - 0 1")).contains(&"P@a3".to_string()));
}

/// Uchifuzume: Gote's Pawn dropped on e2 would checkmate Sente's King e1
/// (d1 and d2 are the Rook's, which also guards e2), so it may not be
/// dropped there; its other drops and a Pawn drop that checks without
/// mating are legal. Fairy-Stockfish lists P@e2 and scores the mate a win
/// for Sente, the shogi rule's foul: chess3d refuses the move and says
/// why (pyffish lists these 40 moves and P@e2).
#[test]
fn a_pawn_dropped_may_not_checkmate() {
    let fen = "r3S/2k1g/b1g2/1p1r1/1+b2K[Sp] b - - 1 26";
    let list = moves(&at(fen));
    assert_eq!(list.len(), 40, "{list:?}");
    assert!(!list.contains(&"P@e2".to_string()));
    let e = at(fen).read_move("P@e2").unwrap_err().to_string();
    assert!(e.contains("may not give checkmate"), "{e}");
    // Without the Rook d2 the King escapes to d2: the drop checks and is
    // legal.
    assert!(moves(&at("r3S/2k1g/b1g2/1p3/1+b2K[Sp] b - - 1 26")).contains(&"P@e2".to_string()));
    // A Pawn moved, not dropped, may mate: Gote's e3 to e2 here (the
    // King cannot take it, the Rook d2 guards e2).
    let mut moved = at("r3S/2k1g/b1g1p/1p1r1/1+b2K[S] b - - 1 26");
    moved.play("e3e2").unwrap();
    assert_eq!(
        moved.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
}

/// A captured promoted piece goes to the hand unpromoted: the Tokin as a
/// Pawn, the Horse as a Bishop. Fairy-Stockfish writes the same strings.
#[test]
fn captured_promoted_pieces_go_to_the_hand_unpromoted() {
    let mut tokin = at("k4/5/5/+p4/K4[] w - - 0 1");
    tokin.play("a1a2").unwrap();
    assert_eq!(tokin.to_text(), "k4/5/5/K4/5[P] b - - 0 1");
    let mut horse = at("k4/5/5/1+b3/K4[] w - - 0 1");
    horse.play("a1b2").unwrap();
    assert_eq!(horse.to_text(), "k4/5/5/1K3/5[B] b - - 0 1");
}

/// Mistakes in promoted pieces are placed and explained: a promoted form
/// is written with `+`, and a kind without one cannot be promoted.
#[test]
fn promoted_pieces_are_checked_in_position_strings() {
    for (fen, wanted) in [
        ("k4/5/5/T4/K4[] w - - 0 1", "a Tokin is written '+P'"),
        ("k4/5/5/h4/K4[] w - - 0 1", "a Horse is written '+b'"),
        ("k4/5/5/+G4/K4[] w - - 0 1", "a Gold has no promoted form"),
        ("k4/5/5/4+/K4[] w - - 0 1", "'+' ends the rank"),
        (
            "k4/5/5/+X4/K4[] w - - 0 1",
            "'X' is not a piece of this game",
        ),
        ("k3P/5/5/5/K4[] w - - 0 1", "cannot stand on e5"),
    ] {
        let e = minishogi().position(fen).unwrap_err().to_string();
        assert!(e.contains(wanted), "{fen}: {e}");
    }
    // Fairy-Stockfish's start writes the empty hand `[-]`, and leaves out
    // the castling and en-passant fields (`start_fen("minishogi")` in
    // pyffish: `rbsgk/4p/5/P4/KGSBR[-] w 0 1`); counters after the side
    // to move are read so only in a game without castling.
    for fen in [
        "rbsgk/4p/5/P4/KGSBR[-] w - - 0 1",
        "rbsgk/4p/5/P4/KGSBR[-] w 0 1",
    ] {
        assert_eq!(at(fen).to_text(), minishogi().start().to_text(), "{fen}");
    }
    let e = crate::common::pool_file(include_str!("../../../../games/crazyhouse.toml"))
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w 0 1")
        .unwrap_err();
    assert!(e.to_string().contains("castling"), "{e}");
}

/// A side without a legal move loses, in check or not.
#[test]
fn a_side_without_a_move_loses() {
    // Gote's King a5, not in check, has a4, b4 and b5, all guarded by
    // Sente's Silvers b3 and c4: a loss, not a draw.
    let mut p = at("k4/2S2/1S3/5/4K[] b - - 0 1");
    assert_eq!(moves(&p), Vec::<String>::new());
    assert!(!p.in_check());
    assert!(matches!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));
}

/// Along seeded random games with captures, drops and promotions: the
/// core's invariants (make/unmake, the hash, legal moves as the
/// pseudo-legal moves passing the legality test, uchifuzume included,
/// texts read back), and the search's shortcuts against their
/// definitions.
#[test]
fn invariants_hold_along_random_games() {
    crate::common::shortcuts_agree_along_random_games(minishogi().start(), 160);
}

/// What the shogi keys cannot go without, or with, is refused at the
/// key's line: each case a change of one line or two of the file.
#[test]
fn the_loader_refuses_shogi_keys_out_of_place() {
    let edit = |from: &str, to: &str| {
        let text = MINISHOGI_FILE.replacen(from, to, 1);
        assert_ne!(text, MINISHOGI_FILE, "{from}");
        text
    };
    // Each case: the file, the line the error names (its `n`-th line
    // equal to `at`) and what the message says.
    let cases = [
        (
            edit("choices = \"promoted\"", "choices = [\"G\"]"),
            ("promoted_from = \"P\"", 0),
            "promoted_from needs [promotion] choices = \"promoted\"",
        ),
        (
            edit("drops = true\n", ""),
            ("drop_no_doubled = true", 0),
            "only in a game with drops",
        ),
        (
            edit("promoted_from = \"S\"", "promoted_from = \"G\""),
            ("promoted_from = \"G\"", 0),
            "which does not promote",
        ),
        (
            edit("promoted_from = \"S\"", "promoted_from = \"P\""),
            ("promoted_from = \"P\"", 1),
            "'P' has two promoted forms",
        ),
        (
            edit("name = \"Gold\"\n", "name = \"Gold\"\npromotes = true\n"),
            ("choices = \"promoted\"", 0),
            "'G' promotes, but no kind is its promoted form",
        ),
        (
            edit(
                "from_zone = true\n",
                "from_zone = true\nlimits = { T = 1 }\n",
            ),
            ("limits = { T = 1 }", 0),
            "limits need a list of choices",
        ),
        (
            edit("royal = true\n", "royal = true\ndrop_mates = false\n"),
            ("drop_mates = false", 0),
            "not the royal kind nor a promoted form",
        ),
        (
            edit(
                "promoted_from = \"S\"\n",
                "promoted_from = \"S\"\ndrop_no_doubled = true\n",
            ),
            ("drop_no_doubled = true", 1),
            "not the royal kind nor a promoted form",
        ),
        (
            edit(
                "name = \"Gold\"\n",
                "name = \"Gold\"\nbecomes = { letter = \"T\", zone = [{ ranks = [4, 4] }] }\n",
            ),
            (
                "becomes = { letter = \"T\", zone = [{ ranks = [4, 4] }] }",
                0,
            ),
            "a piece becomes no promoted form",
        ),
    ];
    for (text, (at, n), wanted) in cases {
        let e = chess3d_games::file::load(&text).unwrap_err();
        assert!(e.message.contains(wanted), "{wanted}: {e}");
        let line = text
            .lines()
            .enumerate()
            .filter(|(_, l)| *l == at)
            .nth(n)
            .unwrap()
            .0
            + 1;
        assert_eq!(e.line, line, "{e}");
    }
}

/// The fourth occurrence of a position ends the game: Gote's Rook
/// checking Sente's King on every move (a5, b5, a5 ...) loses for Gote,
/// perpetual check; the same shuffle without checks loses for Sente, as
/// Fairy-Stockfish scores minishogi's repetitions. The third occurrence
/// is not yet the end.
#[test]
fn the_fourth_occurrence_loses_for_the_perpetual_checker_else_for_sente() {
    let play = |fen: &str, cycle: [&str; 4]| {
        let mut p = at(fen);
        for round in 0..3 {
            for m in cycle {
                assert_eq!(p.clone().outcome(), None, "round {round}, before {m}");
                p.play(m).unwrap();
            }
        }
        p.outcome()
    };
    let checking = ["b5a5", "a1b1", "a5b5", "b1a1"];
    assert_eq!(
        play("1r2k/5/5/5/K4[] b - - 0 1", checking),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::PerpetualCheck
        })
    );
    let quiet = ["b5c5", "a1a2", "c5b5", "a2a1"];
    assert_eq!(
        play("1r2k/5/5/5/K4[] b - - 0 1", quiet),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::RepetitionRule
        })
    );
}

/// `+` is a promotion here, so moves show their coordinates, not SAN,
/// and no check mark: the Silver d3 to c4 checks the King b5 and is
/// shown `d3c4`; typed, `c4c5+` is the promotion and `c4c5` the move
/// without it, and `d3c4+`, a promotion no Silver may make there, is
/// refused rather than read as a check.
#[test]
fn a_plus_is_a_promotion_not_a_check() {
    let mut p = at("1k3/5/3S1/5/4K[] w - - 0 1");
    let m = p.read_move("d3c4").unwrap();
    assert_eq!(p.move_label(m), "d3c4");
    assert!(p.read_move("d3c4+").is_err());
    let mut p = at("k4/2S2/5/5/4K[] w - - 0 1");
    for typed in ["c4c5+", "c4c5"] {
        let m = p.read_move(typed).unwrap();
        assert_eq!(p.move_label(m), typed);
    }
}

/// The tests the search relies on for uchifuzume: the Pawn drop that
/// would mate is never cleared by `may_expose`, and once made,
/// `made_illegal` calls it illegal; a Pawn drop that checks without
/// mating is not. And where every move is tested through the guard (a
/// King confined to the whole board makes the game's attacks indirect),
/// counting the moves finds the same 40 as listing them.
#[test]
fn the_search_and_the_counts_see_uchifuzume() {
    use chess3d_core::{Move, MoveKind};
    let mut p = at("r3S/2k1g/b1g2/1p1r1/1+b2K[Sp] b - - 1 26");
    let cell = |p: &chess3d_core::Position<PoolFileRules>, name: &str| {
        p.tables().geo.parse_cell(name).unwrap()
    };
    let pawn = p.tables().kind_by_letter('P').unwrap();
    let mate = Move::drop(pawn, cell(&p, "e2"));
    assert_eq!(mate.kind, MoveKind::Drop);
    assert!(p.may_expose_royal(mate, false));
    p.make(mate);
    assert!(p.made_illegal(mate));
    p.unmake();
    let mut open = at("r3S/2k1g/b1g2/1p3/1+b2K[Sp] b - - 1 26");
    let check = Move::drop(pawn, cell(&open, "e2"));
    open.make(check);
    assert!(!open.made_illegal(check));
    let confined = MINISHOGI_FILE.replacen(
        "royal = true\n",
        "royal = true\nconfined = [{ files = [0, 4], ranks = [0, 4] }]\n",
        1,
    );
    let mut q = pool_file(&confined)
        .position("r3S/2k1g/b1g2/1p1r1/1+b2K[Sp] b - - 1 26")
        .unwrap();
    assert_eq!(q.count_legal(), 40);
    assert_eq!(moves(&q).len(), 40);
}

/// No 100-ply rule by default, as in Fairy-Stockfish's shogi games
/// (`hundred_ply_rule = false`): 120 plies without a capture, a Pawn move
/// or a drop end nothing, unless the option is turned on.
#[test]
fn there_is_no_hundred_ply_rule_unless_asked() {
    use chess3d_core::{DrawReason, Options};
    let fen = "1r2k/5/5/5/K4[] b - - 120 70";
    assert_eq!(at(fen).outcome(), None);
    let defs = minishogi().option_defs();
    assert!(defs[0].name == "hundred-ply" && !defs[0].default);
    let on = Options {
        hundred_ply_rule: true,
        ..Options::defaults(minishogi().tables().def)
    };
    let mut p = minishogi().position_with(fen, on).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::HundredPlies)));
}
