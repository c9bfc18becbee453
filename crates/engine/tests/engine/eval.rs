//! The evaluation's terms and weights: the fast evaluation against its
//! trace (the counts the tuner fits), pawn structure counted by hand, the
//! weights files, and the fit itself on data whose answer is known.

use chess3d_core::{BitSet, Position, Side, Variant};
use chess3d_engine::eval::features::{king_danger, Term, DANGER_UNITS};
use chess3d_engine::eval::incremental::{self, PieceSums};
use chess3d_engine::eval::{
    evaluate_kept, evaluate_terms, tables_from_file, trace, weights_file, EvalTables, Trace,
};
use chess3d_engine::tune::{self, Sample};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use chess3d_games::chess::ChessRules;
use chess3d_games::AVAILABLE;

use crate::walk;

fn weights_f64<B>(et: &EvalTables<B>) -> Vec<[f64; 2]> {
    et.weights
        .iter()
        .map(|&[a, b]| [a as f64, b as f64])
        .collect()
}

/// The pieces' own terms kept from ply to ply, as the search keeps them,
/// give the evaluation summed afresh: in every game, along random games
/// (which move boards, elevators and Oxen), each found from the position
/// a ply before or from one further back (a sibling's, as the search
/// leaves them), passing over sums that hold nothing, and summed afresh
/// when the bound on changes allows no update.
#[test]
fn kept_piece_sums_give_the_fresh_evaluation() {
    struct Check;
    impl EngineVisitor for Check {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let et = R::eval_tables(game);
            let positions = walk(game, 300, 17);
            let mut kept: Vec<_> = positions.iter().map(|_| PieceSums::new(et)).collect();
            let empty = PieceSums::new(et);
            for (i, pos) in positions.iter().enumerate() {
                let (before, after) = kept.split_at_mut(i);
                let back = if i % 3 == 0 {
                    i.saturating_sub(5)
                } else {
                    i.saturating_sub(1)
                };
                let most_changes = if i % 4 == 1 { 0 } else { u32::MAX };
                let sources = [&empty].into_iter().chain(before.get(back));
                incremental::update(et, sources, pos, &mut after[0], most_changes);
                assert_eq!(
                    evaluate_kept(pos, et, None, Some(&after[0])),
                    evaluate_terms(pos, et, None),
                    "{}",
                    pos.to_text()
                );
            }
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Check).unwrap();
    }
}

/// The terms' evaluation (the search's, in a game without a network) and
/// the trace the tuner fits are the same function of the weights: in
/// every game, along random games, they differ only by the rounding of
/// each piece's table entry (half a centipawn a piece and phase) and of
/// the blend.
#[test]
fn the_evaluation_is_its_trace_times_the_weights() {
    struct Check;
    impl EngineVisitor for Check {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let et = R::eval_tables(game);
            let w = weights_f64(et);
            for pos in walk(game, 300, 11) {
                let e = evaluate_terms(&pos, et, None);
                if e.abs() >= chess3d_engine::eval::MAX_EVAL {
                    continue;
                }
                let white = if pos.side_to_move() == Side::White {
                    e
                } else {
                    -e
                };
                let t = trace(&pos, et);
                let pieces = pos.occupied().count() as f64;
                let diff = (white as f64 - t.score(&w)).abs();
                assert!(
                    diff <= pieces + 2.0,
                    "{}: {} evaluates {white}, its trace {:.1}",
                    game.tables().def.id,
                    pos.to_text(),
                    t.score(&w)
                );
            }
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Check).unwrap();
    }
}

fn count(t: &Trace, et: &EvalTables<ChessBits>, term: Term) -> f32 {
    t.counts
        .iter()
        .filter(|&&(f, _)| et.features[f as usize].term == term)
        .map(|&(_, n)| n)
        .sum()
}

type ChessBits = <ChessRules as chess3d_core::Rules>::Bits;

/// The count of `term` for the kind lettered `letter` in a trace.
fn count_for_kind(t: &Trace, et: &EvalTables<ChessBits>, term: Term, letter: char) -> f32 {
    t.counts
        .iter()
        .filter(|&&(f, _)| {
            let feature = et.features[f as usize];
            feature.term == term && feature.kind.map(|k| et.letters[k as usize]) == Some(letter)
        })
        .map(|&(_, n)| n)
        .sum()
}

/// Pawn structure, counted by hand on a chess position: White's pawns a2,
/// a3 and c4, Black's d5.
/// - Passed (no enemy pawn ahead on its file or the next ones): a2 and a3
///   (nothing on the a- and b-files ahead); c4 is not (d5 is ahead on the
///   d-file); d5 is not (c4 is ahead of it for Black). White 2, Black 0.
/// - Doubled (one of its own ahead on its file): a2 (a3 ahead). 1 - 0.
/// - Isolated (none of its own on the next files): a2, a3 (b-file empty),
///   c4 (b- and d-files) for White; d5 (c- and e-files) for Black. 3 - 1.
/// - Defended (an own pawn captures onto it): none. 0 - 0.
#[test]
fn pawn_structure_by_hand() {
    let et = ChessRules::eval_tables(Position::variant_of_type());
    let pos = Position::<ChessRules>::from_text("4k3/8/8/3p4/2P5/P7/P7/4K3 w - - 0 1").unwrap();
    let t = trace(&pos, et);
    assert_eq!(count(&t, et, Term::Passed), 2.0);
    assert_eq!(count(&t, et, Term::Doubled), 1.0);
    assert_eq!(count(&t, et, Term::Isolated), 2.0);
    assert_eq!(count(&t, et, Term::Defended), 0.0);
    // d3 defends e4 (a White pawn captures forward diagonally); e4 and d3
    // are each other's neighbours, so neither is isolated; Black has no
    // pawn, so both are passed.
    let pos = Position::<ChessRules>::from_text("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1").unwrap();
    let t = trace(&pos, et);
    assert_eq!(count(&t, et, Term::Defended), 1.0);
    assert_eq!(count(&t, et, Term::Isolated), 0.0);
    assert_eq!(count(&t, et, Term::Passed), 2.0);
    // A chess pawn's progress, squared: from its second rank it is six
    // single steps from promotion, so on rank r it has made (r - 2) of 6.
    let t = <ChessRules as chess3d_core::BuiltIn>::tables();
    let pawn = t.kind_by_letter('P').unwrap();
    let on = |cell: &str| {
        let c = t.geo.parse_cell(cell).unwrap();
        et.coefficient(Side::White, pawn, c, Term::Progress)
    };
    for (cell, made) in [("e2", 0.0), ("e3", 1.0), ("b5", 3.0), ("h7", 5.0)] {
        let want = (made / 6.0f32).powi(2);
        assert!((on(cell) - want).abs() < 1e-6, "{cell}: {}", on(cell));
    }
}

/// Mobility and attacks on the King's zone, counted by hand on chess
/// positions.
/// - Rook a1, King e1 (White); King e8 (Black). The Rook reaches a2..a8
///   (7) and b1, c1, d1 (3; e1 is its own King): safe mobility 10. The
///   Black King's zone is e8 and d8, f8, d7, e7, f7: the Rook reaches
///   none of it. Kings have neither term.
/// - A Black pawn on b3 captures on a2 and c2: a2 is then unsafe, 9. The
///   pawn's own capture cells (a2, c2) are not in White's King zone (d1,
///   f1, d2, e2, f2, e1): king_attack 0 for it.
/// - A White Queen on e5 instead of the pawn: along the e-file e6, e7 and
///   e8 (the King, an enemy piece: it is reached), with d6/c7/b8 and
///   f6/g7/h8 on the diagonals: its zone cells e7, e8 and, through d6/f6,
///   none more: king_attack 2 (Black to move, in check).
#[test]
fn mobility_by_hand() {
    let et = ChessRules::eval_tables(Position::variant_of_type());
    let count_of = |text: &str, term: Term, letter: char| {
        let pos = Position::<ChessRules>::from_text(text).unwrap();
        count_for_kind(&trace(&pos, et), et, term, letter)
    };
    let rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(count_of(rook, Term::Mobility, 'R'), 10.0);
    assert_eq!(count_of(rook, Term::KingAttack, 'R'), 0.0);
    let pawn = "4k3/8/8/8/8/1p6/8/R3K3 w - - 0 1";
    assert_eq!(count_of(pawn, Term::Mobility, 'R'), 9.0);
    assert_eq!(count_of(pawn, Term::KingAttack, 'P'), 0.0);
    let queen = "4k3/8/8/4Q3/8/8/8/R3K3 b - - 0 1";
    assert_eq!(count_of(queen, Term::KingAttack, 'Q'), 2.0);
    // The Queen blocks nothing of the Rook's: still 10.
    assert_eq!(count_of(queen, Term::Mobility, 'R'), 10.0);
}

/// The attack on the King as a whole, counted by hand (chess).
/// - `mobility_by_hand`'s Queen on e5 reaches two cells of Black's King
///   zone (e7, e8) and the Rook a1 none: one attacker, so no danger.
/// - A second Rook on d1 climbs the empty d-file to d7 and d8, two more
///   zone cells: two attackers, four cells together, 4² / 16 = 1. (The
///   Rook a1, now stopped at c1, still reaches none.) Black's King alone
///   reaches nothing of White's.
/// - However many cells, the count stops at `DANGER_UNITS` (24² / 16).
#[test]
fn king_danger_by_hand() {
    let et = ChessRules::eval_tables(Position::variant_of_type());
    let danger = |text: &str| {
        let pos = Position::<ChessRules>::from_text(text).unwrap();
        count(&trace(&pos, et), et, Term::KingDanger)
    };
    assert_eq!(danger("4k3/8/8/4Q3/8/8/8/R3K3 b - - 0 1"), 0.0);
    assert_eq!(danger("4k3/8/8/4Q3/8/8/8/R2RK3 b - - 0 1"), 1.0);
    assert_eq!(king_danger(4, 1), 0.0);
    assert_eq!(king_danger(30, 3), 36.0);
    assert_eq!(
        king_danger(DANGER_UNITS, 2),
        king_danger(DANGER_UNITS + 1, 2)
    );
}

/// Pairs and open files, counted by hand on a chess position: White Ra1,
/// Bc1, Ke1, Bf1, Rh1, Pa2; Black Ra8, Rd8, Ke8, Pb7, Pd7.
/// - Pair (two or more of a kind): White's Bishops 1; Rooks: White 1,
///   Black 1, so 0.
/// - Rooks' files, ahead of each along its side's pawn step: Ra1 has its
///   own a2 ahead (neither); Rh1 none at all (open); Black's Ra8 has
///   White's a2 ahead and none of its own (half-open); Rd8 its own d7
///   (neither). Open 1 - 0, half-open 0 - 1.
/// - Bishops' files (counted, not weighted by the game's own file): c and
///   f are empty, both open: 2 - 0.
///
/// And with weights for them, the evaluation (White to move) changes by
/// exactly those counts times the weights (the same in the middle and the
/// end game, so that the blend cannot round them).
#[test]
fn pairs_and_open_files_by_hand() {
    let et = ChessRules::eval_tables(Position::variant_of_type());
    let text = "r2rk3/1p1p4/8/8/8/8/P7/R1B1KB1R w - - 0 1";
    let pos = Position::<ChessRules>::from_text(text).unwrap();
    let t = trace(&pos, et);
    let count_of = |term: Term, letter: char| count_for_kind(&t, et, term, letter);
    assert_eq!(count_of(Term::Pair, 'B'), 1.0);
    assert_eq!(count_of(Term::Pair, 'R'), 0.0);
    assert_eq!(count_of(Term::Open, 'R'), 1.0);
    assert_eq!(count_of(Term::HalfOpen, 'R'), -1.0);
    assert_eq!(count_of(Term::Open, 'B'), 2.0);
    assert_eq!(count_of(Term::HalfOpen, 'B'), 0.0);
    // Pawns and Kings have none of these terms.
    assert_eq!(count_of(Term::Pair, 'P'), 0.0);
    assert!(et.weight(Term::Open, Some('K')).is_none());

    // From the hand-set defaults (an empty file), which weight none of them.
    let with =
        |extra: &str| tables_from_file(Position::<ChessRules>::variant_of_type(), extra).unwrap();
    let base = chess3d_engine::eval::evaluate_with(&pos, with(""));
    let diff = |extra: &str| chess3d_engine::eval::evaluate_with(&pos, with(extra)) - base;
    assert_eq!(diff("[pair]\nB = [40, 40]"), 40);
    assert_eq!(diff("[open]\nR = [40, 40]"), 40);
    assert_eq!(diff("[half_open]\nR = [40, 40]"), -40);
    assert_eq!(diff("[open]\nB = [40, 40]"), 80);
}

/// Piece-square weights: a file giving a Knight on f3 30 cp (White's
/// view) scores White's Knight there, and Black's on f6 (its mirror) the
/// same for Black; any other cell 0. Counted by hand against the game's
/// weights with no square table: two Kings and one Knight, so the only
/// difference is the square's 30 (middle game and end game alike).
#[test]
fn piece_square_weights_by_hand() {
    let plain = tables_from_file(Position::<ChessRules>::variant_of_type(), "").unwrap();
    let table = tables_from_file(
        Position::<ChessRules>::variant_of_type(),
        "[square.N]\nf3 = [30, 30]",
    )
    .unwrap();
    let diff = |text: &str| {
        let pos = Position::<ChessRules>::from_text(text).unwrap();
        chess3d_engine::eval::evaluate_with(&pos, table)
            - chess3d_engine::eval::evaluate_with(&pos, plain)
    };
    // Side to move White: White's view.
    assert_eq!(diff("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1"), 30);
    assert_eq!(diff("4k3/8/8/8/8/6N1/8/4K3 w - - 0 1"), 0);
    // Black's Knight on f6 is on Black's f3.
    assert_eq!(diff("4k3/8/5n2/8/8/8/8/4K3 w - - 0 1"), -30);
    assert_eq!(diff("4k3/8/5n2/8/8/8/8/4K3 b - - 0 1"), 30);
    assert_eq!(diff("4k3/8/8/8/8/6n1/8/4K3 b - - 0 1"), 0);
    // Written back: only the cell that is not 0.
    let text = weights_file(table, &table.weights, "x");
    assert!(text.contains("[square.N]\nf3 = [30, 30]\n"), "{text}");
    assert_eq!(text.matches("[square.").count(), 1, "{text}");
    for (text, says) in [
        (
            "[square.N]\nz9 = [1, 2]",
            "square.N.z9: this game has no cell 'z9'",
        ),
        (
            "[square.X]\ne4 = [1, 2]",
            "square.X: this game has no kind 'X'",
        ),
        ("[square]\nN = [1, 2]", "square.N: write it as a table"),
        (
            "[square.N]\ne4 = [1]",
            "square.N.e4: expected [MIDDLE_GAME, END_GAME]",
        ),
    ] {
        let e = tables_from_file(Position::<ChessRules>::variant_of_type(), text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}

/// A weights file written and read back gives the same weights; mistakes
/// are reported with the key.
#[test]
fn weights_files_round_trip_and_report_mistakes() {
    struct RoundTrip;
    impl EngineVisitor for RoundTrip {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let et = R::eval_tables(game);
            // Shifted, so that the file is not the defaults.
            let shifted: Vec<[i32; 2]> = et.weights.iter().map(|&[a, b]| [a + 1, b - 2]).collect();
            let text = weights_file(et, &shifted, "a test\nof two lines");
            assert!(text.starts_with("# a test\n# of two lines\n"));
            let back = tables_from_file(game, &text).unwrap();
            assert_eq!(back.weights, shifted, "{}", game.tables().def.id);
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, RoundTrip).unwrap();
    }
    for (text, says) in [
        ("speed = [1, 2]", "unknown term 'speed'"),
        (
            "[value]\nX = [1, 2]",
            "value.X: this game has no such term for 'X'",
        ),
        ("[value]\nPP = [1, 2]", "a kind is one letter"),
        ("value = [1, 2]", "has a weight per kind"),
        ("tempo = [1]", "tempo: expected [MIDDLE_GAME, END_GAME]"),
        ("tempo = [1, 2.5]", "tempo: expected"),
        ("tempo = 3", "tempo: expected"),
        ("temple = [1, 1]", "temple: this game has no such term"),
        ("tempo = [1, 2", "TOML parse error"),
    ] {
        let e = tables_from_file(Position::<ChessRules>::variant_of_type(), text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}

/// The fit finds weights it was not given: results made from known
/// weights (as probabilities, by the same logistic) are fitted from other
/// weights, and the known ones come back, up to the logistic's scale,
/// which the fit chooses from its starting weights (so the weights are
/// compared times the scale).
#[test]
fn the_fit_recovers_known_weights() {
    let et = ChessRules::eval_tables(Position::variant_of_type());
    let truth: Vec<[f64; 2]> = weights_f64(et);
    let k_true = 1.0;
    let samples: Vec<Sample> = walk(Position::<ChessRules>::variant_of_type(), 6000, 5)
        .iter()
        .map(|pos| {
            let trace = trace(pos, et);
            let e = trace.score(&truth);
            Sample {
                result: (1.0 / (1.0 + 10f64.powf(-k_true * e / 400.0))) as f32,
                trace,
            }
        })
        .collect();
    // Start 15% off on every material value, 20 cp off on the tempo.
    let start: Vec<[i32; 2]> = et
        .features
        .iter()
        .zip(&et.weights)
        .map(|(f, &[a, b])| match f.term {
            Term::Value => [a * 85 / 100, b * 115 / 100],
            Term::Tempo => [a + 20, b + 20],
            _ => [a, b],
        })
        .collect();
    // The per-cell tables are held: with them free, a kind's value and its
    // 64 cells' weights say the same thing (a piece is on one cell), and
    // the fit would share the value out among them.
    let held: Vec<bool> = et.features.iter().map(|f| f.term == Term::Square).collect();
    // 1,600 passes: with chess's weights of now, 800 left the Queen's
    // end-game value 8% short of its truth (few of the walk's positions
    // are end games with Queens); with 1,600 every value is within 2%.
    let fit = tune::fit(&samples, &start, &held, 1600, 0.0, |_, _| {});
    assert!(fit.after[0] < fit.before[0] / 4.0, "{fit:?}");
    for (i, f) in et.features.iter().enumerate() {
        if f.term != Term::Value || fit.kept.contains(&i) {
            continue;
        }
        for (j, &want) in truth[i].iter().enumerate() {
            let got = fit.weights[i][j] as f64 * fit.k / k_true;
            assert!(
                (got - want).abs() <= 0.05 * want.abs() + 10.0,
                "{}: {got:.0} for {want}",
                et.feature_name(i)
            );
        }
    }
}

/// Labelled positions as lines, and back; bad lines named.
#[test]
fn positions_files_round_trip() {
    let positions = vec![
        tune::Labelled {
            text: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            result: 0.5,
        },
        tune::Labelled {
            text: Position::<ChessRules>::start().to_text(),
            result: 1.0,
        },
    ];
    assert_eq!(
        tune::from_lines(&tune::to_lines(&positions)).unwrap(),
        positions
    );
    assert!(tune::from_lines("2 x")
        .unwrap_err()
        .contains("line 1: result '2'"));
    assert!(tune::from_lines("-0.1 x")
        .unwrap_err()
        .contains("line 1: result '-0.1'"));
    assert!(tune::from_lines("NaN x").is_err());
    // A blended label (scripts/label-stockfish) reads as it is.
    assert_eq!(tune::from_lines("0.7321 x").unwrap()[0].result, 0.7321);
    assert!(tune::from_lines("\n1").unwrap_err().contains("line 2"));
    assert!(tune::from_lines("1 \r")
        .unwrap_err()
        .contains("line 1: no position"));
}
